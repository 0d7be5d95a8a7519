"""The heuristic Sticks bot: its decisions in dealt positions (it sees only the view and the legal
actions), and that it beats random bots over whole games."""

from __future__ import annotations

import random

from tests.games.test_sticks import BOTH_DOWN, BOTH_DOWN_DRAWS, SEAT0, table

from gamenight.bots import make_bot
from gamenight.bots.base import RandomBot
from gamenight.bots.sticks import SticksBot, stick_distance
from gamenight.core.cards import cards
from gamenight.engine.actions import Action
from gamenight.engine.match import Match
from gamenight.families.rummy_contracts import Contract
from gamenight.sim.simulate import simulate

BOT = SticksBot()


def choice(m: Match, seat: int) -> Action:
    return BOT.choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_registered_for_sticks() -> None:
    assert isinstance(make_bot("sticks"), SticksBot)


def test_how_far_a_hand_is_from_its_stick() -> None:
    assert stick_distance(cards("7H 7D 7S 9C 9D 4H"), Contract.parse("2 sets of 3")) == 1
    assert stick_distance(cards("7H 7D 2S 9C 9D JK"), Contract.parse("2 sets of 3")) == 0
    assert stick_distance(cards("4H 5H 7H 9C 9D"), Contract.parse("1 run of 4 and 1 set of 3")) == 2


def test_takes_a_discard_that_brings_the_stick_closer() -> None:
    m = table({0: SEAT0, 1: "7H 7D 3S 9C 9D 9S 4H 5H 6H KS QD AD 3C 8D 10S"}, top="7C")
    assert str(choice(m, 1)) == "take discard"
    m2 = table({0: SEAT0, 1: "7H 7D 3S 9C 9D 9S 4H 5H 6H KS QD AD 3C 8D 10S"}, top="JC")
    assert str(choice(m2, 1)) == "draw stock"


def test_lays_the_stick_down_as_soon_as_it_can() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN[:1])
    assert str(choice(m, 1)) == "meld 7D 7H 7S and 9C 9D 9S"


def test_after_the_stick_it_swaps_then_lays_off_then_throws_a_dead_card() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN)
    assert str(choice(m, 1)) == "swap AD on 4"
    m.apply(1, "swap AD on 4")
    played = []
    while (a := choice(m, 1)).verb == "lay":
        played.append(str(a))
        m.apply(1, a)
    assert "lay JC on 3" in played and any(p.startswith("lay 2C") for p in played)  # the swapped wild, played
    assert a.verb == "discard" and "2C" not in m.view(1).hand


def test_beats_random_bots() -> None:
    def chooser(game_id: str, seat: int) -> object:
        return make_bot(game_id) if seat == 0 else RandomBot()

    summary = simulate("sticks", games=3, players=2, seed=4, choose=chooser)  # type: ignore[arg-type]
    assert summary.ok and summary.win_rates[0] == 1.0
