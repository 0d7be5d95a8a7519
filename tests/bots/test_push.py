"""The heuristic Push bot: its decisions in scripted positions (it sees only the view and the legal
actions), and that a team of two clearly beats a team of random players."""

from __future__ import annotations

import random
from collections import Counter

from gamenight.bots import make_bot
from gamenight.engine.match import Match
from gamenight.games.push.cards import DECK
from gamenight.sim import simulate
from gamenight.testing import scenario

GAME = "push"
CARDS = [str(c) for c in DECK]
FILL = {1: "3C 5D 7S 9H JC KD", 2: "4S 6H 8C 10D QS AC", 3: "3D 5S 8H 10C QD AS"}


def table(seat0: str, *, top: str, draws: str = "", moves=()) -> Match:
    dealt = {**FILL, 0: seat0}
    left = Counter(CARDS)
    left.subtract([c for h in dealt.values() for c in h.split()] + [top, *draws.split()])
    rest = [c for c in CARDS if left[c] > 0 and not left.subtract([c])]  # type: ignore[func-returns-value]
    return scenario(GAME, dealer=3, seed=2, moves=moves, hands=dealt,
                    zones={"stock": " ".join([*rest, *reversed(draws.split())]), "discard": top})


def choice(m: Match, seat: int = 0) -> str:
    return str(make_bot(GAME).choose(m.view(seat), m.legal_actions(seat), random.Random(0)))


def test_it_takes_the_discard_that_makes_its_contract_and_lays_it_down() -> None:
    m = table("7H 7D 7S 9C 9D 4H", top="9H")
    assert choice(m) == "take discard"
    m.apply(0, "take discard")
    assert choice(m) == "meld 7D 7H 7S and 9C 9D 9H"


def test_it_pushes_a_discard_it_cannot_use() -> None:
    assert choice(table("7H 7D 7S 9C 9D 4H", top="KC")) == "push"


def test_it_throws_the_costliest_loner() -> None:
    m = table("7H 7D 4S 9C 9D 4H", top="KC", draws="6C AS", moves=[(0, "push")])
    assert choice(m) == "discard AS"


def test_a_bot_team_beats_a_random_team() -> None:
    summary = simulate(GAME, games=4, seed=5,
                       choose=lambda game, seat: make_bot(game, "heuristic" if seat % 2 == 0 else "random"))
    assert summary.ok and summary.wins[0] + summary.wins[2] == 4  # a team win counts half to each partner
