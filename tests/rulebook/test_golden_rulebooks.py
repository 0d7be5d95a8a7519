"""Golden rulebooks: what the book says for each game and preset is pinned in a file, so a
change to a clause, an option sentence or the renderer shows up as a reviewed diff.

Regenerate after an intended change with:
    GAMENIGHT_UPDATE_GOLDEN=1 pytest tests/rulebook/test_golden_rulebooks.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import gamenight
from gamenight.engine.registry import resolve_options
from gamenight.rulebook import render

GOLDEN = Path(__file__).parent / "golden"
CASES = [(spec.id, preset) for spec in gamenight.games() for preset in (spec.presets or {"standard": {}})]


@pytest.mark.parametrize(("game_id", "preset"), CASES, ids=[f"{g}-{p}" for g, p in CASES])
def test_rulebook_matches_its_golden_file(game_id: str, preset: str) -> None:
    spec = gamenight.get_game(game_id).spec
    text = render(spec, resolve_options(spec, None, preset), None, "markdown")
    path = GOLDEN / f"{game_id}.{preset}.md"
    if os.environ.get("GAMENIGHT_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden rulebook {path.name}: run with GAMENIGHT_UPDATE_GOLDEN=1 and review it"
    assert text == path.read_text(encoding="utf-8"), \
        f"{game_id} ({preset}) renders differently from {path.name}; if intended, regenerate and review the diff"


def test_every_golden_file_belongs_to_a_game_and_preset() -> None:
    expected = {f"{g}.{p}.md" for g, p in CASES}
    stray = sorted(p.name for p in GOLDEN.glob("*.md") if p.name not in expected)
    assert not stray, f"golden files for no game or preset: {stray}"
