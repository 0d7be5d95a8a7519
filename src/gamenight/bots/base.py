"""What a bot is: it sees only its seat's view and the legal actions, never the state."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action

View = Any
"""A typed ``engine.view.View`` (games not yet converted still hand out dicts)."""


@cache
def read_card(text: str) -> Card:
    """``parse_card``, remembered: a bot reads the same few dozen card texts from its views
    thousands of times a simulation."""
    return parse_card(text)


class Bot(Protocol):
    """Optionally, ``reads_view = False`` says the bot never looks at its view (it chooses from
    the legal actions alone), so a simulator may hand it ``None`` and skip building one."""

    name: str

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline and the playout engine."""

    name = "random"
    reads_view = False

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


SEAT_BOTS = ("heuristic", "random", "mixed")


@dataclass(frozen=True)
class SeatBots:
    """Which bot sits in each seat of a simulated match: one kind for every seat, or ``mixed``
    (even seats heuristic, odd seats random). A plain value, so it crosses to worker processes."""

    kind: str = "heuristic"

    def __post_init__(self) -> None:
        if self.kind not in SEAT_BOTS:
            raise ValueError(f"unknown bots {self.kind!r} (choose {', '.join(SEAT_BOTS)})")

    def kind_at(self, seat: int) -> str:
        if self.kind == "mixed":
            return "heuristic" if seat % 2 == 0 else "random"
        return self.kind

    def __call__(self, game_id: str, seat: int) -> Bot:
        return make_bot(game_id, self.kind_at(seat))
