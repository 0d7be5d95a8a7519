"""Games as OpenSpiel games, checked by pyspiel's own random simulation test."""

from __future__ import annotations

import json

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed: pip install -e '.[openspiel]'")

from gamenight.adapters.openspiel import load_game  # noqa: E402
from gamenight.adapters.tokens import NUM_TOKENS, token_text  # noqa: E402

SHORT = {
    "hearts": {"target": 10},
    "oh_hell": {"max_cards": 2},
    "gin_rummy": {"target": 10},
    "ten_thousand": {"target": 500, "entry": 0},
    "five_in_a_row": {"rows_to_win": 1},
}
"""Options that keep a whole match short: the simulation test plays whole matches. Mexican Train
(thirteen hands, nothing to shorten it) is left to the PettingZoo check."""


@pytest.mark.parametrize("game_id", list(SHORT))
def test_pyspiels_random_simulation_test_passes(game_id):
    game = load_game(game_id, options=json.dumps(SHORT[game_id]))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_deal_is_uniform_draws_and_each_seat_sees_only_its_own_hand():
    game = load_game("hearts", options=json.dumps(SHORT["hearts"]))
    assert game.num_distinct_actions() == NUM_TOKENS and game.max_chance_outcomes() == 52
    state = game.new_initial_state()
    draws = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1) and len({p for _, p in outcomes}) == 1
        draws.append(len(outcomes))
        state.apply_action(outcomes[-1][0])
    assert draws == [4] + list(range(52, 1, -1))  # the first dealer, then a 52-card shuffle
    hands = [json.loads(state.information_state_string(seat))["view"] for seat in range(4)]
    for seat, view in enumerate(hands):
        for zone in view["zones"]:
            if zone.get("kind") == "hand":
                assert bool(zone.get("pieces")) == (zone.get("owner") == seat), (seat, zone)


def test_a_pass_is_entered_card_by_card_and_only_the_passer_sees_it():
    game = load_game("hearts", options=json.dumps(SHORT["hearts"]))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    seat = state.current_player()
    before = state.information_state_string((seat + 1) % 4)
    first = state.legal_actions()[0]
    state.apply_action(first)
    assert state.current_player() == seat
    assert json.loads(state.information_state_string(seat))["entering"] == ["pass", token_text(first)]
    assert state.information_state_string((seat + 1) % 4) == before
