"""The heuristic Arizona Rummy bot: its decisions in scripted positions (it sees only the view and the
legal actions), and that it clearly beats random players."""

from __future__ import annotations

import random
from collections import Counter

from gamenight.bots import make_bot
from gamenight.core.cards import standard_deck
from gamenight.engine.match import Match
from gamenight.sim import simulate
from gamenight.testing import scenario

GAME = "arizona_rummy"
DECK = [str(c) for c in standard_deck(copies=3, jokers=2)]


def table(seat0: str, seat1: str, *, draws: str = "", moves=(), hand: int = 2) -> Match:
    """Two players in round ``hand`` (seat 0 first), the centre pile drawn as ``draws``."""
    left = Counter(DECK)
    left.subtract([*seat0.split(), *seat1.split(), *draws.split()])
    rest = [c for c in DECK if left[c] > 0 and not left.subtract([c])]  # type: ignore[func-returns-value]
    return scenario(GAME, players=2, dealer=(2 - hand) % 2, seed=4, hand=hand, moves=moves,
                    hands={0: seat0, 1: seat1}, zones={"stock": " ".join([*rest, *reversed(draws.split())])})


def choice(m: Match, seat: int) -> str:
    return str(make_bot(GAME).choose(m.view(seat), m.legal_actions(seat), random.Random(0)))


def test_it_picks_a_discard_that_makes_a_group_and_melds_it() -> None:
    m = table("5C 9D KS QH", "7H 7D 9S JC", draws="7S", moves=[(0, "draw stock"), (0, "discard 7S")])
    assert choice(m, 1) == "take discard 0"
    m.apply(1, "take discard 0")
    assert choice(m, 1) == "meld 7D 7H 7S"


def test_it_draws_from_the_centre_when_no_pile_helps() -> None:
    m = table("5C 9D KS QH", "7H 7D 9S JC", draws="3S", moves=[(0, "draw stock"), (0, "discard 3S")])
    assert choice(m, 1) == "draw stock"


def test_it_throws_its_costliest_loner() -> None:
    m = table("5C 5D 9S AH", "7H 7D 9S JC", draws="KS", moves=[(0, "draw stock")])
    assert choice(m, 0) == "discard AH"


def test_it_beats_random_players() -> None:
    summary = simulate(GAME, games=4, players=4, seed=3,
                       choose=lambda game, seat: make_bot(game, "heuristic" if seat % 2 == 0 else "random"))
    assert summary.ok and summary.wins[0] + summary.wins[2] == 4
