"""The 5 in a Row bot: it turns in dead cards, completes rows (with a wild jack if need be),
blocks a four, breaks a four with a one-eyed jack, keeps its jacks otherwise, and beats
random players clearly."""

from __future__ import annotations

import random

from tests.games.test_five_in_a_row import table

import gamenight
from gamenight.bots import RandomBot, make_bot
from gamenight.bots.base import Bot
from gamenight.engine.match import Match
from gamenight.games.five_in_a_row import side_of

BOT = make_bot("five_in_a_row")


def choice(match: Match) -> str:
    return str(BOT.choose(match.view(0), match.legal_actions(0), random.Random(1)))


def test_the_bot_turns_in_a_dead_card_first() -> None:
    match = table(["7D 2S JD"], {1: "r2c7 r9c7=JC"})
    assert choice(match) == "turn-in 7D"


def test_the_bot_completes_a_row_with_a_wild_jack() -> None:
    match = table(["JD 2S 9C"], {0: "r4c1 r4c2 r4c3 r4c4"})
    assert choice(match) in ("place JD r4c0", "place JD r4c5")


def test_the_bot_keeps_a_wild_jack_for_when_it_matters() -> None:
    match = table(["JD 2S 9C"], {0: "r4c1", 1: "r6c6"})
    assert not choice(match).startswith("place JD")


def test_the_bot_blocks_a_four() -> None:
    match = table(["3D 2S KS"], {1: "r2c4 r2c5 r2c6 r2c7"})  # r2c3 shows 3D; r2c8 shows 9H
    assert choice(match) == "place 3D r2c3"


def test_the_bot_breaks_a_four_it_cannot_block_with_a_one_eyed_jack() -> None:
    match = table(["JS 2S KS"], {1: "r5c2 r5c3 r5c4 r5c5", 0: "r5c1"})  # r5c6 shows KH
    assert choice(match).startswith("remove JS r5c")
    assert choice(match) in {f"remove JS r5c{c}" for c in range(2, 6)}


def play(players: int, seed: int, bot_side: int) -> bool:
    match = gamenight.load("five_in_a_row", players=players, seed=seed)
    bots: dict[int, Bot] = {s: BOT if side_of(s) == bot_side else RandomBot() for s in range(players)}
    rng = random.Random(seed)
    while not match.over:
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), rng))
    return match.result().winners == tuple(s for s in range(players) if side_of(s) == bot_side)


def test_the_bot_beats_random_players_clearly() -> None:
    two = sum(play(2, seed, seed % 2) for seed in range(24))
    four = sum(play(4, seed, seed % 2) for seed in range(12))
    assert two >= 20 and four >= 9, (two, four)
