"""The heuristic Thirty One bot beats random players clearly."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import RandomBot, make_bot


def _bot_match(seed: int, players: int, options: dict[str, Any] | None = None) -> bool:
    match = gamenight.load("thirty_one", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    smart = seed % players
    bots = [make_bot("thirty_one") if s == smart else RandomBot() for s in range(players)]
    while not match.over:
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), rng))
    return smart in match.result().winners


@pytest.mark.parametrize(("players", "options"), [(2, None), (4, None), (3, {"knock_whole_turn": True,
                                                                               "three_of_a_kind": True})])
def test_heuristic_bot_beats_random_bots(players: int, options: dict[str, Any] | None) -> None:
    games = 60
    wins = sum(_bot_match(seed, players, options) for seed in range(games))
    # a random seat would win 1/players of the games; the bot wins nearly all (measured 100%)
    assert wins >= games * 0.85
