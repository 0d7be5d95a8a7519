"""The game contract every game implements, the same four questions for all:
``to_act``, ``legal_actions`` (with ``check`` the one authority), ``apply`` and ``view``."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from gamenight.engine.actions import Action, listed, parse_action
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN, IllegalAction, Rules
from gamenight.engine.events import Event
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, LazyView, Prompt, View, Zone, ZoneView, view_text, view_texts

Teams = tuple[tuple[int, ...], ...]


NO_LIMIT = 1_000_000
"""The end of an open player range: ``range(4, NO_LIMIT)`` is "4 or more" (Court Whist's tables).
A server may still seat fewer at one table; that is its operator's limit, not a rule."""

MOST_SEATS = 64
"""The most players one table seats by default: an operator's limit (the web server's
``max_seats``), and the counts a house's rule set is tried at, never a game's rule."""


@dataclass(frozen=True)
class GameSpec:
    """What a game is: its id, players, options and presets, and its rule clauses."""

    id: str
    title: str
    family: str
    players: Sequence[int]
    """The player counts the book allows, in order: a tuple, or a range ending at ``NO_LIMIT``."""
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

    @property
    def open_ended(self) -> bool:
        """Does the book set no upper limit on the players?"""
        return self.players[-1] >= NO_LIMIT - 1

    def player_counts(self, at_most: int = NO_LIMIT) -> list[int]:
        """The allowed counts up to ``at_most`` (a lobby's list, a test's cases)."""
        players = self.players
        if isinstance(players, range):
            return list(range(players.start, min(players.stop, at_most + 1), players.step))
        return [n for n in players if n <= at_most]

    @property
    def players_text(self) -> str:
        """The allowed counts in words: "3–13", "2, 4 or 6", "4 or more"."""
        if self.open_ended:
            return f"{self.players[0]} or more"
        counts = list(self.players)
        if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}–{counts[-1]}"
        if len(counts) == 1:
            return str(counts[0])
        return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


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
    events: list[Event] | None = field(default_factory=list)
    """Everything that happened, in order (``Match.view`` hands each viewer the new ones); None in
    a match played without narration (simulations, where no one reads it)."""

    def clone(self: S) -> S:
        return copy.deepcopy(self)


S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Result:
    """How a finished match came out: winning seats and a ranking (best first)."""

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...]


class Game(ABC, Generic[S]):
    """Base class for games. Subclasses implement ``setup``, ``to_act``,
    ``legal_actions``, ``_apply``, ``zones`` and ``facts``, and ``refusal`` with the
    same restriction cascade their ``legal_actions`` uses (``engine.legality``)."""

    spec: ClassVar[GameSpec]
    random_play_ends: ClassVar[bool] = True
    """Whether players choosing uniformly among the legal moves finish a match in reasonable time.
    A game whose goal random play almost never reaches (climbing eleven contracts, where a random
    hand holds two sets of five once in thousands) says False; whole-match tests then seat its
    heuristic bot in every other seat."""
    facts_alike: ClassVar[bool] = False
    """Whether ``facts`` are the same for every viewer (Hearts: points, tricks, hearts broken):
    ``views`` then lists them once for all (a server tells every seat after every move)."""

    # --- construction -------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: Any, rng: random.Random) -> S:
        ...

    # --- the four questions ------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        ...

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> Sequence[Action]:
        ...

    def check(self, state: S, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` citing the clause if ``seat`` may not take ``action``."""
        if state.over:
            raise IllegalAction(GAME_OVER)
        if seat not in self.to_act(state):
            self.off_turn(state, seat, action)
            raise IllegalAction(TURN, "it is not your turn")
        self.refusal(state, seat, action)

    def off_turn(self, state: S, seat: int, action: Action) -> None:
        """Raise a more telling refusal than "not your turn" where the rules give one
        (a pass is final; you have folded). Default: nothing to add."""

    def refusal(self, state: S, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` with the clause ``action`` breaks and the specific
        reason. Games run the same cascade as ``legal_actions``; this default only
        says the move is not one of those listed."""
        if not listed(action, self.legal_actions(state, seat)):
            raise IllegalAction(UNKNOWN, f"'{action}' is not allowed", state.options)

    def apply(self, state: S, seat: int, action: Action) -> S:
        """Check, then change ``state`` in place and return it. Illegal: raises, unchanged."""
        self.check(state, seat, action)
        self._apply(state, seat, action)
        state.ply += 1
        return state

    @abstractmethod
    def _apply(self, state: S, seat: int, action: Action) -> None:
        ...

    def view(self, state: S, seat: int | None, zones: Sequence[Zone] | None = None) -> View:
        """What ``seat`` (None: a spectator) may see: derived from the zones, so a
        hidden piece can only ever appear as a count. ``zones``: ``zones_for(state, seat)``,
        when the caller has listed them already (``views``)."""
        return LazyView(self, state, seat, zones).view()

    def views(self, state: S, seats: Iterable[int | None]) -> dict[int | None, View]:
        """Several viewers' views of one state (a server tells every seat after every move): the
        zones are listed once when every seat looks at the same ones, and each converted once for
        those who may see its pieces and once for those who may not."""
        if type(self).zones_for is not Game.zones_for:
            return {s: self.view(state, s) for s in seats}
        shared = self.zones(state)
        alike: dict[tuple[int, bool], ZoneView] = {}
        facts = tuple(self.facts(state, None)) if self.facts_alike else None
        return {s: LazyView(self, state, s, shared, alike, facts).view() for s in seats}

    def view_texts(self, state: S, seats: Iterable[int | None], memo: dict[tuple[Any, ...], str]
                   ) -> dict[int | None, str]:
        """Several viewers' views as JSON text (``view_text``'s), for a server that tells every seat
        after every move: the zones listed once (as in ``views``), each zone's text remembered in
        ``memo`` (keep one per table: ``view.zone_text``)."""
        if type(self).zones_for is not Game.zones_for:
            return {s: view_text(self.view(state, s)) for s in seats}
        facts = tuple(self.facts(state, None)) if self.facts_alike else None
        return view_texts(self, state, self.zones(state), facts, seats, memo)

    def facts(self, state: S, seat: int | None) -> list[Fact]:
        """The facts a player would ask about, as ``seat`` may know them."""
        return []

    def phase(self, state: S) -> object:
        """The phase now (an enum or a word)."""
        return "over" if state.over else getattr(state, "phase", "play")

    def dealer(self, state: S) -> int | None:
        return state.dealer

    def hand_no(self, state: S) -> int:
        return int(getattr(state, "hand_no", 0))

    def teams(self, state: S) -> Teams | None:
        """The partnerships now: the book's fixed ones by default; a game whose partners change
        (Court Whist's progression) says this game's."""
        return self.spec.teams(state.players)

    def seating(self, state: S, seat: int | None) -> tuple[int, ...] | None:
        """The seats of ``seat``'s table clockwise, when that is not seat order (Court Whist seats
        each game's partners opposite, and several tables play at once); None: seat order."""
        return None

    # --- bookkeeping ----------------------------------------------------------------
    def zones(self, state: S) -> list[Zone]:
        """Every piece in play, by zone and visibility: views are derived from these,
        and the conservation and leak tests read them."""
        return []

    def zones_for(self, state: S, seat: int | None) -> list[Zone]:
        """The zones ``seat``'s view lists: all of them, unless the game is played at several
        tables and a seat looks only at its own (``visible_to`` still hides what it may not see)."""
        return self.zones(state)

    def all_cards(self, state: S) -> list[Any]:
        """The pieces the match was dealt from; conservation: zones hold exactly these."""
        return []

    def redact(self, state: S, seat: int, action: Action, viewer: int | None) -> str:
        """How ``action`` by ``seat`` appears in ``viewer``'s log (hide secret cards)."""
        return str(action)

    def parse(self, text: str) -> Action:
        return parse_action(text)

    def result(self, state: S) -> Result:
        """Default: highest total wins (games where low wins override)."""
        return ranked(state.sheet.totals, high_wins=True, teams=self.spec.teams(state.players))

    def prompt(self, state: S, seat: int) -> Prompt | str:
        """What is asked of ``seat`` now, in words."""
        return ""

    def move_words(self, state: S, seat: int, action: Action) -> str | None:
        """``action`` as a button would say it to ``seat``, in the game's words ("Draw from the stock",
        "Knock, discarding 7C"; pieces in notation, seats as "seat 2"), or None: the interfaces then
        say the verb and its pieces ("Play Q♠", "Bid 7")."""
        return None


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
