"""The registry: games are imported on first use, and every option value is parsed in
one place whoever asks (a match, a form, a house file)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import gamenight
from gamenight.engine import options as opts
from gamenight.engine.registry import UnknownGame, preset_values
from gamenight.games import ids as game_modules

SRC = Path(gamenight.__file__).resolve().parents[1]


def run_fresh(code: str) -> None:
    """Run ``code`` in a new interpreter, where no game has been imported yet."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr


def test_importing_gamenight_loads_no_game_and_a_game_loads_on_first_use() -> None:
    run_fresh("""
        import sys
        import gamenight
        loaded = lambda: sorted(m for m in sys.modules if m.startswith("gamenight.games."))
        assert loaded() == [], loaded()
        assert "hearts" in str(gamenight.UnknownGame("snap"))  # every game is named, loaded or not
        assert gamenight.load("hearts", seed=1).to_act()
        assert "gamenight.games.hearts" in sys.modules and "gamenight.games.euchre" not in sys.modules
        assert gamenight.get_game("euchre").spec.id == "euchre"
        assert {s.id for s in gamenight.games()} >= {"hearts", "euchre", "chicago"}
    """)


def test_every_game_module_registers_the_game_named_like_it() -> None:
    assert [spec.id for spec in gamenight.games()] == list(game_modules())


def test_an_unknown_game_is_refused_without_importing_anything() -> None:
    with pytest.raises(UnknownGame) as e:
        gamenight.get_game("base")
    assert "hearts" in str(e.value)
    with pytest.raises(UnknownGame):
        gamenight.get_game("hearts.rules")


def test_option_values_are_normalised_in_declaration_order_and_presets_checked() -> None:
    spec = gamenight.get_game("hearts").spec
    names = [i.name for i in opts.describe(spec.options)]
    got = opts.normalise(spec.options, {"points-on-first-trick": "no", "target": "75"})
    assert got == {"target": 75, "points_on_first_trick": False}
    assert list(got) == sorted(got, key=names.index)
    with pytest.raises(opts.OptionError) as e:
        opts.normalise(spec.options, {"colour": "red"})
    assert e.value.key == "colour" and e.value.reason.startswith("unknown option")
    assert preset_values(spec, None) == {} and preset_values(spec, "classic") == spec.presets["classic"]
    with pytest.raises(opts.OptionError) as e:
        preset_values(spec, "nope")
    assert e.value.key == "preset" and "nope" in e.value.reason
