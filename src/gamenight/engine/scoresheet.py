"""The score sheet: data every interface renders, each row traceable to the
actions that produced it (``ply`` is the number of actions in the log when the
row was written)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Number = int | float


@dataclass(frozen=True)
class ScoreRow:
    label: str
    points: tuple[Number, ...]
    totals: tuple[Number, ...]
    ply: int
    notes: tuple[str, ...] = ()
    """Why the points are what they are, citing clauses, e.g. 'gin bonus 20 [gin_rummy.score.gin]'."""


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


@dataclass
class ScoreSheet:
    columns: tuple[str, ...]
    start: tuple[Number, ...] = ()
    rows: list[ScoreRow] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.start:
            self.start = tuple(0 for _ in self.columns)

    @classmethod
    def per_seat(cls, players: int, start: Number = 0) -> ScoreSheet:
        """A column per seat ("seat 0", "seat 1", ...), each starting at ``start``."""
        return cls(tuple(f"seat {s}" for s in range(players)), (start,) * players)

    @classmethod
    def per_team(cls, teams: Sequence[Sequence[int]]) -> ScoreSheet:
        """A column per team of seats ("seats 0 & 2", "seats 1 & 3")."""
        return cls(tuple(team_name(t) for t in teams))

    @property
    def totals(self) -> tuple[Number, ...]:
        return self.rows[-1].totals if self.rows else self.start

    def add(self, label: str, points: tuple[Number, ...] | list[Number], ply: int,
            notes: tuple[str, ...] | list[str] = ()) -> ScoreRow:
        pts = tuple(points)
        if len(pts) != len(self.columns):
            raise ValueError("one entry per column")
        row = ScoreRow(label, pts, tuple(a + b for a, b in zip(self.totals, pts)), ply, tuple(notes))
        self.rows.append(row)
        return row

    def to_dict(self) -> dict[str, Any]:
        return {"columns": list(self.columns), "start": list(self.start),
                "rows": [{"label": r.label, "points": list(r.points), "totals": list(r.totals),
                          "ply": r.ply, "notes": list(r.notes)} for r in self.rows],
                "totals": list(self.totals)}
