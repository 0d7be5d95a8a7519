"""The Liar's Dice bot: it looks, shakes for the hand it needs, tells the truth when the truth
is high enough, calls what it can see is false, and beats random players clearly."""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots import make_bot
from gamenight.engine.match import Match
from gamenight.engine.view import View
from gamenight.games.liars_dice.hands import parse_face
from gamenight.sim import simulate
from gamenight.testing import scenario

BOT = make_bot("liars_dice")


SETUP_ROLL = "9 9 9 9 9"
"""The box is rolled once as the match is set up, before the starter's first shake rolls it
again; these faces are never seen, so the scripted rolls begin after them."""


def table(players: int = 2, rolls: str = "", **options: Any) -> Match:
    """Seat 0 shakes first and the dice show ``rolls`` (faces 9 10 J Q K A)."""
    faces = [parse_face(f) for f in f"{SETUP_ROLL} {rolls}".split()]
    return scenario("liars_dice", players=players, options=options, dealer=0, rolls=faces)


def choice(match: Match) -> str:
    seat = match.to_act()[0]
    view = match.view(seat)
    assert isinstance(view, View)
    return str(BOT.choose(view, match.legal_actions(seat), random.Random(0)))


def test_it_claims_the_truth_when_it_can() -> None:
    m = table(rolls="K K J J 10")
    m.apply(0, "roll")
    assert choice(m) == "claim two-pair K J 10"


def test_it_calls_a_claim_it_can_see_is_false_and_believes_one_it_can_see_is_true() -> None:
    m = table(rolls="K K J J 10")
    m.apply(0, "roll")
    m.apply(0, "claim two-pair K J 10")
    m.apply(1, "believe")
    m.apply(1, "claim full-house K J")  # passed back unshaken: seat 0 still knows the dice
    assert choice(m) == "call"
    m = table(rolls="K K K J J")
    m.apply(0, "roll")
    m.apply(0, "claim two-pair K J 10")
    m.apply(1, "believe")
    m.apply(1, "claim full-house K J")
    assert choice(m) == "believe"


def test_it_calls_the_unlikely_and_believes_the_likely() -> None:
    m = table(rolls="9 10 J Q A")
    m.apply(0, "roll")
    m.apply(0, "claim five A")
    assert choice(m) == "call"
    m = table(rolls="9 10 J Q A")
    m.apply(0, "roll")
    m.apply(0, "claim nothing A Q J 10 9")
    assert choice(m) == "believe"


def test_after_believing_it_looks_and_shakes_for_the_hand_it_needs() -> None:
    m = table(rolls="K K J 10 9  Q Q Q")
    m.apply(0, "roll")
    m.apply(0, "claim pair A K Q J")
    m.apply(1, "believe")
    assert choice(m) == "look"
    m.apply(1, "look")
    assert choice(m) == "keep pk:K pk:K"  # a pair of kings cannot beat a pair of aces: build on the kings
    m.apply(1, "keep pk:K pk:K")
    assert choice(m) == "claim full-house Q K"


def test_a_forced_bluff_stays_modest() -> None:
    m = table(rolls="9 10 J Q A  9 10 J Q A")
    m.apply(0, "roll")
    m.apply(0, "claim three A K Q")
    m.apply(1, "believe")
    m.apply(1, "look")
    m.apply(1, "roll")  # the bot's own reroll comes to nothing: 9 10 J Q A again
    bluff = choice(m)
    assert bluff.startswith("claim three A") or bluff.startswith("claim straight")


def test_it_beats_random_players_clearly() -> None:
    for players, options in ((2, {"bets": 3}), (4, {"bets": 2}), (3, {"bets": 3, "kickers": False})):
        summary = simulate("liars_dice", 30, players=players, options=options, seed=7,
                           choose=lambda game, seat: make_bot(game, "heuristic" if seat == 0 else "random"))
        assert summary.ok, summary.errors
        assert summary.win_rates[0] >= 0.75, (players, options, summary.win_rates)


def test_a_table_of_bots_finishes_every_match() -> None:
    summary = simulate("liars_dice", 10, players=4, options={"bets": 2, "reroll_tray": False}, seed=3,
                       choose=lambda game, seat: make_bot(game))
    assert summary.ok, summary.errors
