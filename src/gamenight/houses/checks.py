"""Checking what comes in (names, policies, clauses, presets, option values) against
the game it is about; every error names the key it concerns, so a form, the CLI or a
file can point at it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gamenight.engine import options as opts
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN
from gamenight.engine.game import GameSpec
from gamenight.engine.registry import UnknownGame
from gamenight.engine.registry import game as registered_game
from gamenight.houses.model import HouseError

GENERAL_CLAUSES = {c.id: c for c in (TURN, UNKNOWN, GAME_OVER)}
"""Engine clauses every game shares; a ruling may concern one of these too."""


def game_spec(game_id: str, key: str = "game") -> GameSpec:
    try:
        return registered_game(game_id).spec
    except UnknownGame as e:
        raise HouseError(str(e), key) from None


def clean_name(name: str, key: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise HouseError("a name must be non-empty text", key)
    return " ".join(name.split())


def choice(value: str, allowed: Sequence[str], key: str) -> str:
    if value not in allowed:
        raise HouseError(f"must be one of {', '.join(allowed)}; got {value!r}", key)
    return value


def clause_ids(game_id: str) -> set[str]:
    """The clause ids a ruling about ``game_id`` may name."""
    return {c.id for c in game_spec(game_id).rules} | set(GENERAL_CLAUSES)


def checked_clause(game_id: str, clause: str | None, key: str) -> str | None:
    if clause is None or clause == "":
        return None
    if clause not in clause_ids(game_id):
        raise HouseError(f"{game_spec(game_id).title} has no clause {clause!r}", key)
    return clause


def checked_preset(spec: GameSpec, preset: str | None, key: str) -> str | None:
    if preset is None:
        return None
    if preset not in spec.presets:
        known = ", ".join(spec.presets) or "none"
        raise HouseError(f"{spec.title} has no preset {preset!r} (presets: {known})", key)
    return preset


def normalise_options(spec: GameSpec, values: Mapping[str, Any] | Iterable[tuple[str, Any]],
                      key: str) -> tuple[tuple[str, Any], ...]:
    """Option values converted to their types, in declaration order; errors name
    ``{key}.{option}``."""
    items = values.items() if isinstance(values, Mapping) else values
    infos = {i.name: i for i in opts.describe(spec.options)}
    got: dict[str, Any] = {}
    for raw_name, raw in items:
        name = str(raw_name).replace("-", "_")
        if name not in infos:
            known = ", ".join(infos) or "none"
            raise HouseError(f"{spec.title} has no option {raw_name!r} (its options: {known})", f"{key}.{raw_name}")
        try:
            got[name] = opts.coerce(infos[name], raw)
        except opts.OptionError as e:
            raise HouseError(str(e).split(": ", 1)[-1], f"{key}.{raw_name}") from None
    return tuple((n, got[n]) for n in infos if n in got)


def checked_option_name(spec: GameSpec, name: str, key: str) -> str:
    """The option ``name`` refers to (``-`` read as ``_``), for unsetting one."""
    canonical = name.replace("-", "_")
    if canonical not in {i.name for i in opts.describe(spec.options)}:
        raise HouseError(f"{spec.title} has no option {name!r}", key)
    return canonical
