"""The heuristic Desert Rummy bot: its decisions in scripted positions (it sees only the view and the
legal actions), and that it clearly beats random players."""

from __future__ import annotations

import random
from collections import Counter

from gamenight.bots import make_bot
from gamenight.core.cards import standard_deck
from gamenight.engine.match import Match
from gamenight.sim import simulate
from gamenight.testing import scenario

GAME = "desert_rummy"
DECK = [str(c) for c in standard_deck(copies=2, jokers=2)]
SEAT1 = "3C 5D 7S 9H JC KD 4S 6H 8C 10D QS"


def table(seat0: str, *, top: str, draws: str = "", moves=(), scores=None) -> Match:
    """Two players, seat 0 first to play, dealt ``seat0``; ``top`` turned up; the stock drawn as ``draws``."""
    left = Counter(DECK)
    left.subtract([*seat0.split(), *SEAT1.split(), top, *draws.split()])
    rest = [c for c in DECK if left[c] > 0 and not left.subtract([c])]  # type: ignore[func-returns-value]
    stock = [*rest, *reversed(draws.split())]
    return scenario(GAME, players=2, dealer=1, seed=5, moves=moves, scores=scores,
                    hands={0: seat0, 1: SEAT1}, zones={"stock": " ".join(stock), "discard": top})


def choice(m: Match, seat: int = 0) -> str:
    return str(make_bot(GAME).choose(m.view(seat), m.legal_actions(seat), random.Random(0)))


def test_it_takes_the_discard_that_lays_its_meld_down_and_lays_it() -> None:
    m = table("7H 7D 7S 9C 9D 4C 6D 8S 10H QC KC", top="9H")
    assert choice(m) == "take discard"
    m.apply(0, "take discard")
    assert choice(m).startswith("meld 7")


def test_it_draws_from_the_stock_when_the_discard_does_not_help() -> None:
    assert choice(table("7H 7D 7S 9C 9D 4C 6D 8S 10H QC KC", top="3S")) == "draw stock"


def test_it_keeps_wild_cards_and_pairs_and_throws_the_loner() -> None:
    m = table("7H 7D JK 9C 9D 4C 6D 8S 10H QC KS", top="3S", draws="2H", moves=[(0, "draw stock")])
    assert choice(m) != "discard JK"
    m = table("7H 7D 5C 9C 9D 4C 4D 8S 8H QC KS", top="3S", draws="AS", moves=[(0, "draw stock")])
    assert choice(m) in ("discard AS", "discard KS", "discard QC")


def test_it_plays_out_once_down() -> None:
    m = table("7H 7D 7S 9C 9D 9H 4C 5C 6C 7C QC", top="9S", draws="KH 3D 8C", moves=[
        (0, "draw stock"), (0, "meld 7H 7D 7S and 9C 9D 9H"), (0, "discard KH"), (1, "draw stock"),
        (1, "discard 3D"), (0, "draw stock")])
    assert choice(m).startswith("meld 4C 5C 6C 7C")


def test_it_beats_random_players() -> None:
    summary = simulate(GAME, games=3, players=4, seed=3,
                       choose=lambda game, seat: make_bot(game, "heuristic" if seat % 2 == 0 else "random"))
    assert summary.ok
    assert summary.wins[0] + summary.wins[2] == 3
