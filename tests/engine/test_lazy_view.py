"""A lazy view (what simulated bots read) shows exactly what the full view shows, part by part,
and refuses to be read once the match has moved on."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight.engine.view import LazyView, StaleView, View, view_text, zone_views

GAME_IDS = [spec.id for spec in gamenight.games()]


def _positions(game_id: str, plies: int = 30) -> list[gamenight.Match]:
    """A few positions of a random match, each in a match of its own (so each stays put)."""
    out = []
    rng = random.Random(game_id)
    for stop in (0, plies // 3, plies):
        m = gamenight.load(game_id, seed=7, narrate=False)
        for _ in range(stop):
            if m.over:
                break
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal_actions(seat)))
        out.append(m)
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_part_read_alone_is_the_full_views_part(game_id: str) -> None:
    for m in _positions(game_id):
        game, state = m.game, m.state
        for seat in [*range(m.players), None]:
            zones = zone_views(game.zones_for(state, seat), seat)
            facts = tuple(game.facts(state, seat))
            full = View(game_id, seat, m.players, "", (), zones=zones, facts=facts)
            for z in zones:
                assert LazyView(game, state, seat).zone(z.name) == full.zone(z.name)
                assert LazyView(game, state, seat).named(z.name) == full.named(z.name)
            assert LazyView(game, state, seat).hand == full.hand
            for f in facts:
                assert LazyView(game, state, seat).fact(f.name) == full.fact(f.name)
            assert LazyView(game, state, seat).zone("no-such-zone") is None
            lazy = LazyView(game, state, seat)
            assert (lazy.zones, lazy.facts) == (zones, facts)
            assert lazy.view() == m.view(seat, since=10**9)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_viewers_view_made_together_is_the_one_made_alone(game_id: str) -> None:
    """A server makes every seat's view at once, each zone converted once per kind of viewer:
    each viewer still sees exactly its own view (no seat's hidden pieces in another's)."""
    for m in _positions(game_id):
        viewers = [None, *range(m.players)]
        together = m.game.views(m.state, viewers)
        for seat in viewers:
            assert together[seat] == m.game.view(m.state, seat)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_view_texts_made_together_read_as_each_view_alone(game_id: str) -> None:
    """A server encodes every viewer's view at once, each zone's text remembered from the
    positions before (one memo per table): each viewer's text still reads as its own view of
    this position (a hidden hand a count for everyone but its owner, no zone as it was)."""
    memo: dict[tuple[object, ...], str] = {}
    for m in _positions(game_id):
        viewers = [None, *range(m.players)]
        together = m.game.view_texts(m.state, viewers, memo)
        for seat in viewers:
            assert json.loads(together[seat]) == json.loads(view_text(m.game.view(m.state, seat)))


def test_a_lazy_view_is_not_read_after_the_match_moves_on() -> None:
    m = gamenight.load("hearts", seed=1, narrate=False)
    seat = m.to_act()[0]
    view = LazyView(m.game, m.state, seat)
    assert len(view.hand) == 12
    m.apply(seat, m.legal_actions(seat)[0])
    assert len(view.hand) == 12  # read already: kept
    with pytest.raises(StaleView):
        view.zone("trick")
    with pytest.raises(StaleView):
        view.fact("points")
