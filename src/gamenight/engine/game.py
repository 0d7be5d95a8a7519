"""The game contract every game implements, the same four questions for all:
``to_act``, ``legal_actions`` (with ``check`` the one authority), ``apply`` and ``view``."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from gamenight.core.cards import Card
from gamenight.engine.actions import Action, listed, parse_action
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.scoresheet import ScoreSheet

Teams = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class GameSpec:
    """What a game is: its id, players, options and presets, and its rule clauses."""

    id: str
    title: str
    family: str
    players: tuple[int, ...]
    options: type
    rules: Rules
    source: str
    summary: str = ""
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    teams: Callable[[int], Teams | None] = lambda n: None
    rules_version: str = "1"
    default_players: int = 0
    sections: tuple[str, ...] = ()

    @property
    def preferred_players(self) -> int:
        return self.default_players or self.players[0]


@dataclass
class State:
    """What every match state holds; games subclass it with their own fields.

    States are mutable: ``apply`` changes one in place (``clone`` copies)."""

    players: int
    options: Any
    rng: random.Random
    sheet: ScoreSheet
    dealer: int = 0
    ply: int = 0
    over: bool = False

    def clone(self: S) -> S:
        return copy.deepcopy(self)


S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Zone:
    """Where cards are, and who may see them (``None``: everyone)."""

    name: str
    cards: Sequence[Card]
    visible_to: frozenset[int] | None = None


@dataclass(frozen=True)
class Result:
    """How a finished match came out: winning seats and a ranking (best first)."""

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...]


class Game(ABC, Generic[S]):
    """Base class for games. Subclasses implement ``setup``, ``to_act``,
    ``legal_actions``, ``_apply``, ``view`` and ``zones``; override ``check`` where
    legal actions are combinatorial, and ``explain`` to cite the clause a move breaks."""

    spec: ClassVar[GameSpec]

    # --- construction -------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: Any, rng: random.Random) -> S:
        ...

    # --- the four questions ------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        ...

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        ...

    def check(self, state: S, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` citing the clause if ``seat`` may not take ``action``."""
        if state.over:
            raise IllegalAction(GAME_OVER)
        if seat not in self.to_act(state):
            raise IllegalAction(TURN, f"seat {seat} is not to act")
        if not listed(action, self.legal_actions(state, seat)):
            raise IllegalAction(self.explain(state, seat, action) or UNKNOWN, f"'{action}' is not allowed",
                                state.options)

    def explain(self, state: S, seat: int, action: Action) -> Clause | None:
        """The clause an illegal action breaks (for the refusal message)."""
        return None

    def apply(self, state: S, seat: int, action: Action) -> S:
        """Check, then change ``state`` in place and return it. Illegal: raises, unchanged."""
        self.check(state, seat, action)
        self._apply(state, seat, action)
        state.ply += 1
        return state

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> None:
        ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        ...

    # --- bookkeeping ----------------------------------------------------------------
    def zones(self, state: S) -> list[Zone]:
        """Every card in play, by zone and visibility (conservation and leak tests)."""
        return []

    def all_cards(self, state: S) -> list[Card]:
        """The cards the match was dealt from; conservation: zones hold exactly these."""
        return []

    def redact(self, state: S, seat: int, action: Action, viewer: int | None) -> str:
        """How ``action`` by ``seat`` appears in ``viewer``'s log (hide secret cards)."""
        return str(action)

    def parse(self, text: str) -> Action:
        return parse_action(text)

    def result(self, state: S) -> Result:
        """Default: highest total wins (games where low wins override)."""
        return ranked(state.sheet.totals, high_wins=True, teams=self.spec.teams(state.players))

    def prompt(self, state: S, seat: int) -> str:
        """One line telling ``seat`` what is asked of them now."""
        return ""


def ranked(totals: Sequence[float], *, high_wins: bool, teams: Teams | None = None) -> Result:
    """Rank seats (or teams, whose seats share a total column) by score."""
    groups: list[tuple[int, ...]] = list(teams) if teams else [(i,) for i in range(len(totals))]
    scores = [float(t) for t in totals]
    order = sorted(range(len(groups)), key=lambda g: scores[g], reverse=high_wins)
    ranking: list[tuple[int, ...]] = []
    i = 0
    while i < len(order):
        tied = [g for g in order if scores[g] == scores[order[i]]]
        ranking.append(tuple(sorted(s for g in tied for s in groups[g])))
        i += len(tied)
    return Result(ranking[0], tuple(ranking), tuple(scores))
