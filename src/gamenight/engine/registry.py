"""The registry of games: every game module registers its ``Game`` at import, and a
catalog (``gamenight.games``, set by ``gamenight``) names the games that exist and
imports one the first time it is asked for."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from gamenight.engine import options as opts
from gamenight.engine.chance import Chance
from gamenight.engine.game import Game, GameSpec
from gamenight.engine.match import Match

_GAMES: dict[str, Game[Any]] = {}
_catalog_ids: Callable[[], Iterable[str]] = tuple
_catalog_load: Callable[[str], object] = lambda game_id: None

G = TypeVar("G", bound=type)


def use_catalog(ids: Callable[[], Iterable[str]], load: Callable[[str], object]) -> None:
    """Where games come from: ``ids()`` names them without importing them, ``load(id)``
    imports the module that registers one. The engine cannot import ``gamenight.games``
    itself (it is a higher layer), so ``gamenight`` hands it over."""
    global _catalog_ids, _catalog_load
    _catalog_ids, _catalog_load = ids, load


def _known() -> list[str]:
    return sorted({*_GAMES, *_catalog_ids()})


class UnknownGame(KeyError):
    def __str__(self) -> str:
        known = ", ".join(_known()) or "none"
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
    """The registered game ``game_id``, importing its module on first use."""
    if game_id not in _GAMES and game_id in _catalog_ids():
        _catalog_load(game_id)
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None


def specs() -> list[GameSpec]:
    """Every game's spec, by id (this imports every game's module)."""
    return [game(game_id).spec for game_id in _known()]


def preset_values(spec: GameSpec, preset: str | None) -> dict[str, Any]:
    """The option values a named preset sets (none for no preset); an unknown preset is
    an ``OptionError`` keyed ``preset``."""
    if not preset:
        return {}
    if preset not in spec.presets:
        known = ", ".join(spec.presets) or "none"
        raise opts.OptionError("preset", f"{spec.title} has no preset {preset!r} (presets: {known})")
    return dict(spec.presets[preset])


def resolve_options(spec: GameSpec, options: Mapping[str, Any] | None = None,
                    preset: str | None = None) -> Any:
    """Options from a preset plus overrides; errors name the bad key or preset."""
    return opts.build(spec.options, {**preset_values(spec, preset), **(options or {})})


_DEFAULTS: dict[type, Any] = {}


def default_options(spec: GameSpec) -> Any:
    """The book's options for ``spec``: built once, since every match without options starts from them
    (a simulation loads thousands). Only an immutable options class is kept; any other is built anew."""
    cls = spec.options
    chosen = _DEFAULTS.get(cls)
    if chosen is None:
        chosen = opts.build(cls)
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and params.frozen:
            _DEFAULTS[cls] = chosen
    return chosen


def load(game_id: str, players: int | None = None, options: Mapping[str, Any] | Any = None,
         seed: int | None = None, preset: str | None = None, chance: Chance | None = None,
         start: Sequence[float] | None = None, narrate: bool = True) -> Match:
    """Start a match: ``load("hearts", players=4, options={"target": 50}, seed=7)``; ``chance``
    stacks shuffles and rolls, ``start`` sets the starting totals, ``narrate=False`` keeps no events
    (see ``Match``)."""
    g = game(game_id)
    spec = g.spec
    if options is not None and isinstance(options, spec.options):
        chosen = options
    elif options is None and preset is None:
        chosen = default_options(spec)
    else:
        chosen = resolve_options(spec, options, preset)
    if seed is None:
        import secrets
        seed = secrets.randbits(63)
    return Match(g, players if players is not None else spec.preferred_players, chosen, seed, chance, start,
                 narrate=narrate)


def restore(record: Mapping[str, Any]) -> Match:
    """Rebuild a saved match from ``Match.record()``."""
    from gamenight.engine.match import MatchRecordError
    try:
        g = game(str(record["game"]))
    except (KeyError, TypeError) as e:
        raise MatchRecordError(f"unknown or missing game in record: {e}") from e
    return Match.replay(g, dict(record))
