"""The heuristic Horseshit Rummy bot: its decisions in dealt positions (it sees only the view and
the legal actions), and that it beats random bots over whole games."""

from __future__ import annotations

import random

from tests.games.test_horseshit_rummy import AROUND, AROUND_DRAWS, SEAT2, table

from gamenight.bots import make_bot
from gamenight.bots.base import RandomBot
from gamenight.bots.horseshit_rummy import HorseshitBot
from gamenight.engine.actions import Action
from gamenight.engine.match import Match
from gamenight.sim.simulate import simulate

BOT = HorseshitBot()


def choice(m: Match, seat: int) -> Action:
    return BOT.choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_registered_for_horseshit_rummy() -> None:
    assert isinstance(make_bot("horseshit_rummy"), HorseshitBot)


def test_picks_the_pile_when_the_set_pays() -> None:
    m = table(draws=AROUND_DRAWS, moves=AROUND)  # seat 1 holds 9C 9D under JS 9H 8D
    assert str(choice(m, 1)) == "dig 9H 9C 9D"


def test_draws_when_the_pick_brings_too_much_dead_weight() -> None:
    moves = ((1, "draw stock"), (1, "discard 9H"), (2, "draw stock"), (2, "discard AS"), (0, "draw stock"),
             (0, "discard AD"))
    m = table({0: "5H 5D QC QD AD", 1: "3H 9C 9D", 2: "4H AS KC KD"}, draws="9H 8C 8D", moves=moves)
    assert str(choice(m, 1)) == "draw stock"  # two aces (200 in hand) for three 9s (15 on the table)


def test_plays_its_wild_cards_out_first_and_goes_out() -> None:
    m = table({0: "5H 5D KC KD KS", 1: "3H 9C 9D", 2: SEAT2}, draws="JS 8C 7C",
              moves=((1, "draw stock"), (1, "discard JS"), (2, "draw stock"), (2, "discard 8C"),
                     (0, "draw stock")))
    assert str(choice(m, 0)) == "meld 7C 5D 5H"  # 205 points on the table rather than 200 held against it
    m.apply(0, "meld 7C 5D 5H")
    assert str(choice(m, 0)) == "meld KC KD KS"
    m.apply(0, "meld KC KD KS")
    assert m.sheet.rows[-1].points[0] == 235


def test_beats_random_bots() -> None:
    def chooser(game_id: str, seat: int) -> object:
        return make_bot(game_id) if seat == 0 else RandomBot()

    summary = simulate("horseshit_rummy", games=4, players=2, seed=3, choose=chooser)  # type: ignore[arg-type]
    assert summary.ok and summary.win_rates[0] >= 0.75
