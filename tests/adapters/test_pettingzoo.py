"""Games as PettingZoo AEC environments, checked by PettingZoo's own API test."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed: pip install -e '.[pettingzoo]'")

from pettingzoo.test import api_test  # noqa: E402

from gamenight.adapters.pettingzoo import decode_view, env  # noqa: E402

GAMES = ["hearts", "oh_hell", "gin_rummy", "ten_thousand", "mexican_train", "five_in_a_row"]


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoos_api_test_passes(game_id):
    api_test(env(game_id), num_cycles=200, verbose_progress=False)


def test_a_whole_match_pays_the_engines_winners():
    table = env("gin_rummy", options={"target": 10})
    table.reset(seed=5)
    rng = random.Random(5)
    paid = {}
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            paid[agent] = reward
            table.step(None)
        else:
            table.step(rng.choice(list(obs["action_mask"].nonzero()[0])))
    winners = table.match.result().winners
    assert paid == {f"seat_{s}": (1.0 if s in winners else 0.0) for s in range(2)}
    assert table.agents == []


def test_each_seat_observes_its_own_view_and_masks_only_its_turn():
    table = env("hearts", options={"target": 10})
    table.reset(seed=2)
    mover = table.agent_selection
    for agent in table.possible_agents:
        obs = table.observe(agent)
        view = json.loads(decode_view(obs["observation"]))["view"]
        assert view["seat"] == int(agent.removeprefix("seat_"))
        hands = [z for z in view["zones"] if z.get("kind") == "hand"]
        assert all(bool(z.get("pieces")) == (z.get("owner") == view["seat"]) for z in hands)
        assert obs["action_mask"].any() == (agent == mover)
