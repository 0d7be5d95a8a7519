"""Checking what comes in (names, policies, clauses, presets, option values) against
the game it is about; every error names the key it concerns, so a form, the CLI or a
file can point at it."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from gamenight.engine import options as opts
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN
from gamenight.engine.game import MOST_SEATS, GameSpec
from gamenight.engine.match import Match
from gamenight.engine.registry import UnknownGame, preset_values, resolve_options
from gamenight.engine.registry import game as registered_game
from gamenight.houses.model import HouseError

GENERAL_CLAUSES = {c.id: c for c in (TURN, UNKNOWN, GAME_OVER)}
"""Engine clauses every game shares; a ruling may concern one of these too."""
NAME_LENGTH = 80
"""Longest name of a house or a person: names are shown on every page and table."""
AUTHORS_LENGTH = 40 * NAME_LENGTH
"""Longest author of a ruling: a table's vote names everyone who agreed."""


def game_spec(game_id: str, key: str = "game") -> GameSpec:
    try:
        return registered_game(game_id).spec
    except UnknownGame as e:
        raise HouseError(str(e), key) from None


def clean_name(name: str, key: str, limit: int = NAME_LENGTH) -> str:
    """``name`` with its spaces tidied; refused if empty, longer than ``limit`` or holding a
    control character (a NUL cannot even be stored by PostgreSQL)."""
    if not isinstance(name, str) or not name.strip():
        raise HouseError("a name must be non-empty text", key)
    name = " ".join(name.split())
    check_name(name, key, limit)
    return name


def check_name(name: str, key: str, limit: int = NAME_LENGTH) -> None:
    """Refuse a name longer than ``limit`` or holding a control character."""
    if len(name) > limit:
        raise HouseError(f"a name is at most {limit} characters, got {len(name)}", key)
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise HouseError("a name cannot hold control characters", key)


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
    """The preset named (None for none, as the engine reads an empty name)."""
    try:
        preset_values(spec, preset)
    except opts.OptionError as e:
        raise HouseError(e.reason, key) from None
    return preset or None


def checked_options(spec: GameSpec, values: Mapping[str, Any], key: str) -> tuple[tuple[str, Any], ...]:
    """Option values as the engine reads them (converted, in declaration order); errors
    name ``{key}.{option}``."""
    try:
        return tuple(opts.normalise(spec.options, values).items())
    except opts.OptionError as e:
        raise HouseError(e.reason, f"{key}.{e.key}") from None


def checked_option_name(spec: GameSpec, name: str, key: str) -> str:
    """The option ``name`` refers to, for unsetting one."""
    try:
        return opts.option_name(spec.options, name)
    except opts.OptionError as e:
        raise HouseError(e.reason, key) from None


def dealable(spec: GameSpec, preset: str | None, values: Mapping[str, Any], key: str) -> None:
    """Refuse a rule set no table could deal. Some values only a deal can judge (Court
    Whist's ladies name seats): the rule set must deal at one of the game's player
    counts, as a table's options must deal at its own count when it is made."""
    try:
        chosen = resolve_options(spec, values, preset)
    except opts.OptionError as e:
        raise HouseError(e.reason, f"{key}.options.{e.key}") from None
    game = registered_game(spec.id)
    counts = sorted(spec.player_counts(MOST_SEATS), key=lambda n: n != spec.preferred_players)
    first: opts.OptionError | None = None
    for n in counts:
        try:
            Match(game, n, chosen, 0, narrate=False)
            return
        except opts.OptionError as e:
            first = first or e
    assert first is not None
    raise HouseError(first.reason, f"{key}.options.{first.key}")
