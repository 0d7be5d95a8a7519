"""One module (or package) per game, named by the game's id. Nothing is imported here:
the engine's registry imports a game's module the first time that game is asked for,
so starting gamenight does not load every game."""

import importlib
import pkgutil
from functools import cache


@cache
def ids() -> tuple[str, ...]:
    """The ids of the games in this package (its module names), without importing them."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__)))


def load(game_id: str) -> None:
    """Import the module that registers ``game_id``."""
    importlib.import_module(f"{__name__}.{game_id}")
