"""The Mexican Train bot: its line planning, the choices a family would expect, and that it
clearly beats random players."""

from __future__ import annotations

import random
from collections.abc import Mapping

import gamenight
from gamenight.bots import make_bot
from gamenight.bots.base import Bot
from gamenight.bots.mexican_train import MexicanTrainBot, longest_line
from gamenight.core.tiles import Tile, parse_tile
from gamenight.engine.match import Match
from gamenight.sim import simulate


def tiles(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.split()]


def table(hands: Mapping[int, str], trains: Mapping[int, str] | None = None, players: int = 2) -> Match:
    """Hand 1 (engine 12-12) with these hands and trains; the other tiles in the boneyard."""
    match = gamenight.load("mexican_train", players=players, seed=3)
    state = match.state
    state.hands = [tiles(hands.get(s, "")) for s in range(players)]
    state.trains = [[] for _ in range(players + 1)]
    state.placed_by = [[] for _ in range(players + 1)]
    state.ends = [12] * (players + 1)
    for seat, text in (trains or {}).items():
        for t in tiles(text):
            state.trains[seat].append(t)
            state.placed_by[seat].append(seat)
            state.ends[seat] = t.other_end(state.ends[seat])
    state.turn, state.turns, state.marked = 0, 1, [False] * players
    return match


def choice(match: Match, seat: int = 0) -> str:
    bot = MexicanTrainBot()
    return str(bot.choose(match.view(seat), match.legal_actions(seat), random.Random(0)))


def test_longest_line_finds_the_longest_run_from_the_open_end() -> None:
    hand = tiles("12-3 3-5 5-5 5-9 12-1 1-4 0-0")
    line = longest_line(hand, 12)
    assert [str(t) for t in line] == ["12-3", "5-3", "5-5", "9-5"]
    assert longest_line(tiles("4-4 0-0"), 12) == []


def test_the_bot_goes_out_when_it_can() -> None:
    match = table({0: "12-5", 1: "3-3 4-4"})
    assert choice(match) in {"play 12-5 on 0", "play 12-5 on mexican"}


def test_the_bot_keeps_its_line_for_its_own_train() -> None:
    # the 12-3 would fit the Mexican train, but it continues the line 10-3, 3-12 on its own train
    match = table({0: "12-3 10-3 9-9", 1: "1-1 2-2"}, trains={0: "12-10"})
    assert {str(a) for a in match.legal_actions(0)} == {"play 10-3 on 0", "play 12-3 on mexican"}
    assert choice(match) == "play 10-3 on 0"


def test_the_bot_plays_a_double_it_can_follow_up() -> None:
    match = table({0: "12-2 10-10 10-4 1-1", 1: "3-3 4-4"}, trains={0: "12-10"})
    assert choice(match) == "play 10-10 on 0"


def test_the_bot_sheds_heavy_dominoes_first() -> None:
    match = table({0: "12-11 12-1 6-6 5-5", 1: "3-3 4-4"}, trains={0: "12-7"})
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
