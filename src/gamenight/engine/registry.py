"""The registry of games: every game module registers its ``Game`` at import."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from gamenight.engine import options as opts
from gamenight.engine.chance import Chance
from gamenight.engine.game import Game, GameSpec
from gamenight.engine.match import Match

_GAMES: dict[str, Game[Any]] = {}

G = TypeVar("G", bound=type)


class UnknownGame(KeyError):
    def __str__(self) -> str:
        known = ", ".join(sorted(_GAMES)) or "none"
        return f"no game called {self.args[0]!r} (games: {known})"


def register(cls: G) -> G:
    """Class decorator: register one instance of a ``Game`` subclass under its spec id."""
    game = cls()
    spec: GameSpec = game.spec
    if spec.id in _GAMES:
        raise ValueError(f"game {spec.id!r} registered twice")
    for values in spec.presets.values():
        opts.build(spec.options, values)  # presets must name real options
    _GAMES[spec.id] = game
    return cls


def game(game_id: str) -> Game[Any]:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def specs() -> list[GameSpec]:
    return [g.spec for g in sorted(_GAMES.values(), key=lambda g: g.spec.id)]


def resolve_options(spec: GameSpec, options: Mapping[str, Any] | None = None,
                    preset: str | None = None) -> Any:
    """Options from a preset plus overrides; errors name the bad key or preset."""
    values: dict[str, Any] = {}
    if preset:
        if preset not in spec.presets:
            known = ", ".join(spec.presets) or "none"
            raise opts.OptionError("preset", f"{spec.title} has no preset {preset!r} (presets: {known})")
        values.update(spec.presets[preset])
    values.update(options or {})
    return opts.build(spec.options, values)


def load(game_id: str, players: int | None = None, options: Mapping[str, Any] | Any = None,
         seed: int | None = None, preset: str | None = None, chance: Chance | None = None,
         start: Sequence[float] | None = None) -> Match:
    """Start a match: ``load("hearts", players=4, options={"target": 50}, seed=7)``; ``chance``
    stacks shuffles and rolls, ``start`` sets the starting totals (see ``Match``)."""
    g = game(game_id)
    spec = g.spec
    if options is not None and isinstance(options, spec.options):
        chosen = options
    else:
        chosen = resolve_options(spec, options, preset)
    if seed is None:
        import secrets
        seed = secrets.randbits(63)
    return Match(g, players if players is not None else spec.preferred_players, chosen, seed, chance, start)


def restore(record: Mapping[str, Any]) -> Match:
    """Rebuild a saved match from ``Match.record()``."""
    from gamenight.engine.match import MatchRecordError
    try:
        g = game(str(record["game"]))
    except (KeyError, TypeError) as e:
        raise MatchRecordError(f"unknown or missing game in record: {e}") from e
    return Match.replay(g, dict(record))
