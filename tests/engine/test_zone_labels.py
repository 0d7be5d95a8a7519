"""Heap labels fit a phone (TABLE.md: phone first): a discard pile or stock is named in a word or
two ("Discard pile", "Stock"); how deep it is and how it lies are for the drawing to show (the
page adds "· 12 cards"), not a label wrapping over three or four lines."""

from __future__ import annotations

import pytest

import gamenight
from gamenight.engine.view import ZoneKind

GAME_IDS = [spec.id for spec in gamenight.games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_discard_pile_or_stock_is_named_in_a_word_or_two(game_id: str) -> None:
    match = gamenight.load(game_id, seed=1)
    for zone in match.view(0).zones:
        if zone.kind in (ZoneKind.DISCARD, ZoneKind.STOCK) and zone.label:
            assert len(zone.label.split()) <= 2 and "(" not in zone.label, zone.label
