"""What a bot is: it sees only its seat's view and the legal actions, never the state."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from gamenight.engine.actions import Action

View = Any
"""A typed ``engine.view.View`` (games not yet converted still hand out dicts)."""


class Bot(Protocol):
    name: str

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline and the playout engine."""

    name = "random"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


_HEURISTIC: dict[str, Callable[[], Bot]] = {}


def heuristic_for(*game_ids: str) -> Callable[[Callable[[], Bot]], Callable[[], Bot]]:
    """Register a sensible bot factory for the named games."""

    def deco(factory: Callable[[], Bot]) -> Callable[[], Bot]:
        for gid in game_ids:
            _HEURISTIC[gid] = factory
        return factory

    return deco


def make_bot(game_id: str, kind: str = "heuristic") -> Bot:
    """A bot for ``game_id``: ``heuristic`` (falls back to random where none exists) or ``random``."""
    if kind == "random":
        return RandomBot()
    if kind != "heuristic":
        raise ValueError(f"unknown bot kind {kind!r} (heuristic or random)")
    factory = _HEURISTIC.get(game_id)
    return factory() if factory else RandomBot()


def has_heuristic(game_id: str) -> bool:
    return game_id in _HEURISTIC
