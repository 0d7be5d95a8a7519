"""The heuristic 10,000 bot beats random players clearly."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import RandomBot, make_bot


def _bot_match(seed: int, players: int, options: dict[str, Any] | None = None) -> bool:
    match = gamenight.load("ten_thousand", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    smart = seed % players
    bots = [make_bot("ten_thousand") if s == smart else RandomBot() for s in range(players)]
    while not match.over:
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), rng))
    return smart in match.result().winners


@pytest.mark.parametrize(("players", "options"), [
    (2, None), (3, {"save_with_one_or_five": False, "take_over_counts_for_entry": False, "straight": "low"})])
def test_heuristic_bot_beats_random_bots(players: int, options: dict[str, Any] | None) -> None:
    games = 40
    wins = sum(_bot_match(seed, players, options) for seed in range(games))
    # random seats win 1/players of the games; the bot wins nearly all (measured 96-100%)
    assert wins >= games * 0.8
