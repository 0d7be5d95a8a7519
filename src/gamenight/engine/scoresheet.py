"""The score sheet: data every interface renders, each row traceable to the
actions that produced it (``ply`` is the number of actions in the log when the
row was written)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

Number = int | float

_CARRIED: ContextVar[tuple[Number, ...] | None] = ContextVar("carried_totals", default=None)


@contextmanager
def carried_totals(totals: Sequence[Number] | None) -> Iterator[None]:
    """Sheets made inside start from ``totals``: a match carried on from scores kept on paper
    (or a scenario) has them before its first deal, which may depend on them (Chicago's freeze)."""
    token = _CARRIED.set(tuple(totals) if totals is not None else None)
    try:
        yield
    finally:
        _CARRIED.reset(token)


def carrying() -> bool:
    """Are sheets made now given starting totals (inside ``carried_totals`` with some)?"""
    return _CARRIED.get() is not None


_CITED = re.compile(r"\s*\[([a-z0-9_]+(?:\.[a-z0-9_\-]+)+)\]")


class NotePart(NamedTuple):
    """Some of a note's words and the clause they apply (None: words alone)."""

    text: str
    clause: str | None

    def data(self) -> dict[str, str]:
        return {"text": self.text, "clause": self.clause} if self.clause else {"text": self.text}


class Note(str):
    """Why a row's points are what they are: words, each stretch of them citing the clause it
    applies. Games write ``f"the kitty went to seat 2 [{KITTY.id}]"``, or several stretches
    (``f"meld 38 [{MELD.id}] and 20 in tricks [{COUNT.id}]"``); the sheet keeps the words and the
    clause ids apart (``parts``), so every interface links each stretch to its rule and never
    shows an id among the words. It still reads as the text it was written as."""

    __slots__ = ()

    @property
    def parts(self) -> tuple[NotePart, ...]:
        """The words up to each cited clause, with it; words after the last clause stand alone."""
        out: list[NotePart] = []
        at = 0
        for found in _CITED.finditer(self):
            out.append(NotePart(self[at:found.start()], found.group(1)))
            at = found.end()
        if at < len(self) or not out:
            out.append(NotePart(self[at:], None))
        return tuple(out)

    @property
    def text(self) -> str:
        return _CITED.sub("", self)

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause the note cites, in order."""
        return tuple(_CITED.findall(self))

    @property
    def clause(self) -> str | None:
        """The clause of a note that cites one (the first, if it cites several)."""
        found = _CITED.search(self)
        return found.group(1) if found else None

    def data(self) -> dict[str, Any]:
        """The note as JSON data: ``{"text": ..., "clause": ...}`` (no clause: text only); a note
        with several stretches also has ``parts``, each ``{"text": ..., "clause": ...}``."""
        parts = self.parts
        if len(parts) == 1:
            return parts[0].data()
        return {"text": "".join(p.text for p in parts), "parts": [p.data() for p in parts]}


@dataclass(frozen=True)
class ScoreRow:
    label: str
    points: tuple[Number, ...]
    totals: tuple[Number, ...]
    ply: int
    notes: tuple[Note, ...] = ()
    """Why the points are what they are, citing clauses, e.g. 'gin bonus 20 [gin_rummy.score.gin]'
    (several stretches of words may each cite theirs)."""


def team_name(team: Sequence[int]) -> str:
    """How a team of seats is named on the sheet and in notes: "seats 0 & 2"."""
    return "seats " + " & ".join(map(str, team))


_SEATS_NAMED = re.compile(r"\b[Ss]eats? (\d+(?: & \d+)*)\b")


def with_names(text: str, names: Sequence[str], you: int | None = None) -> str:
    """The sheet's words for seats ("seat 1 knocked", "seats 0 & 2") with the players' names put
    in ("Bea knocked", "Ann & Cy"); the viewer's own seat reads "You" ("you" inside a sentence)."""
    def one(m: re.Match[str]) -> str:
        out: list[str] = []
        for n in m.group(1).split(" & "):
            seat = int(n)
            if seat == you:
                start = m.start() == 0 and not out
                out.append("You" if start else "you")
            else:
                out.append(names[seat] if 0 <= seat < len(names) else f"seat {seat}")
        return " & ".join(out)
    return _SEATS_NAMED.sub(one, text)


@cache
def _seat_columns(players: int) -> tuple[str, ...]:
    """The column names of a sheet per seat (made once per count: every match starts a sheet)."""
    return tuple(f"seat {s}" for s in range(players))


@dataclass
class ScoreSheet:
    columns: tuple[str, ...]
    start: tuple[Number, ...] = ()
    rows: list[ScoreRow] = field(default_factory=list)

    def __post_init__(self) -> None:
        carried = _CARRIED.get()
        if carried is not None:
            if len(carried) != len(self.columns):
                raise ValueError(f"starting scores need one total per column ({', '.join(self.columns)})")
            self.start = carried
        elif not self.start:
            self.start = tuple(0 for _ in self.columns)

    @classmethod
    def per_seat(cls, players: int, start: Number = 0) -> ScoreSheet:
        """A column per seat ("seat 0", "seat 1", ...), each starting at ``start``."""
        return cls(_seat_columns(players), (start,) * players)

    @classmethod
    def per_team(cls, teams: Sequence[Sequence[int]]) -> ScoreSheet:
        """A column per team of seats ("seats 0 & 2", "seats 1 & 3")."""
        return cls(tuple(team_name(t) for t in teams))

    @property
    def totals(self) -> tuple[Number, ...]:
        return self.rows[-1].totals if self.rows else self.start

    def add(self, label: str, points: tuple[Number, ...] | list[Number], ply: int,
            notes: Iterable[str] = ()) -> ScoreRow:
        pts = tuple(points)
        if len(pts) != len(self.columns):
            raise ValueError("one entry per column")
        row = ScoreRow(label, pts, tuple(a + b for a, b in zip(self.totals, pts)), ply, tuple(map(Note, notes)))
        self.rows.append(row)
        return row

    def to_dict(self) -> dict[str, Any]:
        return {"columns": list(self.columns), "start": list(self.start),
                "rows": [{"label": r.label, "points": list(r.points), "totals": list(r.totals),
                          "ply": r.ply, "notes": [n.data() for n in r.notes]} for r in self.rows],
                "totals": list(self.totals)}
