"""The Mexican Train bot: its line planning, the choices a family would expect, and that it
clearly beats random players."""

from __future__ import annotations

import random

from tests.games.test_mexican_train import held, race, table

from gamenight.bots import make_bot
from gamenight.bots.base import Bot
from gamenight.bots.mexican_train import MexicanTrainBot, longest_line
from gamenight.core.tiles import Tile, parse_tile
from gamenight.engine.match import Match
from gamenight.sim import simulate


def tiles(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.split()]


FIRST_ROUND = [(0, "play 12-10 on 0"), (1, "play 12-1 on 1")]
"""Seat 0 starts its train with the 12-10, seat 1 its own: nothing marked, the Mexican train open."""


def choice(match: Match, seat: int = 0) -> str:
    bot = MexicanTrainBot()
    return str(bot.choose(match.view(seat), match.legal_actions(seat), random.Random(0)))


def test_longest_line_finds_the_longest_run_from_the_open_end() -> None:
    hand = tiles("12-3 3-5 5-5 5-9 12-1 1-4 0-0")
    line = longest_line(hand, 12)
    assert [str(t) for t in line] == ["12-3", "5-3", "5-5", "9-5"]
    assert longest_line(tiles("4-4 0-0"), 12) == []


def test_the_bot_goes_out_when_it_can() -> None:
    match = race({0: "12-5"}, players=2, plays=14)  # seat 0 is down to the 12-5, and the Mexican train is open
    assert held(match, 0) == 1 and match.to_act() == (0,)
    assert choice(match) in {"play 12-5 on 0", "play 12-5 on mexican"}


def test_the_bot_keeps_its_line_for_its_own_train() -> None:
    # the 12-3 would fit the Mexican train, but it continues the line 10-3, 3-12 on its own train
    match = table({0: "12-10 12-3 10-3 9-9", 1: "12-1"}, players=2, avoid="10", moves=FIRST_ROUND)
    assert {str(a) for a in match.legal_actions(0)} == {"play 10-3 on 0", "play 12-3 on mexican"}
    assert choice(match) == "play 10-3 on 0"


def test_the_bot_plays_a_double_it_can_follow_up() -> None:
    match = table({0: "12-10 12-2 10-10 10-4 1-1", 1: "12-1"}, players=2, moves=FIRST_ROUND)
    assert choice(match) == "play 10-10 on 0"


def test_the_bot_sheds_heavy_dominoes_first() -> None:
    match = table({0: "12-7 12-11 12-0 6-6 5-5", 1: "12-1"}, players=2, avoid="7",
                  moves=[(0, "play 12-7 on 0"), (1, "play 12-1 on 1")])
    assert choice(match) == "play 12-11 on mexican"


def test_the_bot_is_registered_for_the_game() -> None:
    assert isinstance(make_bot("mexican_train"), MexicanTrainBot)


def test_the_bot_clearly_beats_random_players() -> None:
    def choose(game_id: str, seat: int) -> Bot:
        return make_bot(game_id, "heuristic" if seat == 0 else "random")

    summary = simulate("mexican_train", 24, players=3, seed=500, choose=choose)
    assert summary.ok, summary.errors
    assert summary.win_rates[0] > 0.6, summary.win_rates  # a random seat wins a third
    means = [s.mean for s in summary.spreads]
    assert means[0] < 0.7 * min(means[1:]), means
