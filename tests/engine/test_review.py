"""A finished match looked at again, move by move, from a seat's view or face up."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.engine.review import at_ply, face_up


def test_any_moment_of_a_match_is_its_record_replayed_to_that_ply() -> None:
    m = gamenight.load("hearts", players=4, seed=5, options={"pass_count": 0})
    for _ in range(6):
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    record = m.record()
    third = at_ply(m.game, record, 3)
    assert len(third.log) == 3 and [e.action for e in third.log] == [e.action for e in m.log[:3]]
    assert at_ply(m.game, record, 6).view(0).hand == m.view(0).hand
    with pytest.raises(ValueError):
        at_ply(m.game, record, 7)


def test_face_up_shows_every_hand_to_everyone() -> None:
    m = gamenight.load("hearts", players=4, seed=5)
    spectator = m.game.view(m.state, None)
    assert all(not z.pieces for z in spectator.zones if z.kind == "hand")
    hands = [z for z in face_up(m).zones if z.kind == "hand"]
    assert len(hands) == 4 and all(len(z.pieces) == 12 and z.hidden == 0 for z in hands)
    assert sorted(p for z in hands for p in z.pieces) == sorted(p for s in range(4) for p in m.view(s).hand)
