"""Dice mechanics shared by dice games: counting faces, runs, scoring kept dice
from a table of combinations, and the bookkeeping of a push-your-luck turn.

A :class:`ScoreTable` says what scores (single faces, n-of-a-kind by face with a
multiplier per size, runs). :func:`score_keep` answers "do all of these dice count,
and for how much?" using only the dice of one roll, so sets and runs never combine
dice from different rolls. Odds for bots (:func:`bust_chance`, :func:`mean_best`)
enumerate every roll once and are cached.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = [
    "PushTurn",
    "ScoreTable",
    "best_score",
    "bust_chance",
    "face_counts",
    "is_run",
    "mean_best",
    "score_keep",
    "scoring_keeps",
]

Faces = tuple[int, ...]


def face_counts(faces: Iterable[int], sides: int = 6) -> tuple[int, ...]:
    """How many dice show each face: index ``f`` holds the count of face ``f`` (index 0 unused)."""
    counts = [0] * (sides + 1)
    for f in faces:
        counts[f] += 1
    return tuple(counts)


def is_run(faces: Iterable[int], run: Sequence[int]) -> bool:
    """Whether the dice are exactly the faces of ``run`` (in any order)."""
    return sorted(faces) == sorted(run)


@dataclass(frozen=True)
class ScoreTable:
    """What scores. ``singles``: (face, points) for a die that counts alone; ``sets``:
    (face, points) for three of a kind; ``multipliers``: (size, factor) applied to the
    three-of-a-kind value for bigger sets (size 3 must be listed); ``runs``: (faces, points);
    ``set_points``: (face, size, points) for a set whose value does not follow the multipliers."""

    singles: tuple[tuple[int, int], ...]
    sets: tuple[tuple[int, int], ...]
    multipliers: tuple[tuple[int, int], ...] = ((3, 1),)
    runs: tuple[tuple[Faces, int], ...] = ()
    sides: int = 6
    set_points: tuple[tuple[int, int, int], ...] = ()
    _single: dict[int, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    _set: dict[int, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    _fixed: dict[tuple[int, int], int] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        self._single.update(self.singles)
        self._set.update(self.sets)
        self._fixed.update(((face, size), points) for face, size, points in self.set_points)

    def single(self, face: int) -> int:
        return self._single.get(face, 0)

    def set_value(self, face: int, size: int) -> int:
        """Points for ``size`` dice of ``face`` taken as one set (0: not a set)."""
        fixed = self._fixed.get((face, size))
        if fixed is not None:
            return fixed
        base = self._set.get(face, 0)
        factor = dict(self.multipliers).get(size, 0)
        return base * factor


@lru_cache(maxsize=65536)
def _score_sorted(faces: Faces, table: ScoreTable) -> int | None:
    if not faces:
        return 0
    best: int | None = None
    for run, points in table.runs:
        if len(run) <= len(faces):
            rest = list(faces)
            try:
                for f in run:
                    rest.remove(f)
            except ValueError:
                continue
            sub = _score_sorted(tuple(rest), table)
            if sub is not None and (best is None or points + sub > best):
                best = points + sub
    counts = face_counts(faces, table.sides)
    for face in range(1, table.sides + 1):
        n = counts[face]
        for size in range(3, n + 1):
            value = table.set_value(face, size)
            if value:
                rest = list(faces)
                for _ in range(size):
                    rest.remove(face)
                sub = _score_sorted(tuple(rest), table)
                if sub is not None and (best is None or value + sub > best):
                    best = value + sub
    first = faces[0]
    single = table.single(first)
    if single:
        sub = _score_sorted(faces[1:], table)
        if sub is not None and (best is None or single + sub > best):
            best = single + sub
    return best


def score_keep(faces: Iterable[int], table: ScoreTable) -> int | None:
    """Points for keeping exactly these dice from one roll, every die counting; ``None`` if
    some die would not count. The best way of splitting them into sets, runs and singles is used."""
    return _score_sorted(tuple(sorted(faces)), table)


@lru_cache(maxsize=8192)
def _keeps(faces: Faces, table: ScoreTable) -> tuple[tuple[Faces, int], ...]:
    out: dict[Faces, int] = {}
    for size in range(1, len(faces) + 1):
        for combo in itertools.combinations(faces, size):
            if combo in out:
                continue
            points = _score_sorted(combo, table)
            if points:
                out[combo] = points
    return tuple(sorted(out.items(), key=lambda kv: (len(kv[0]), kv[0])))


def scoring_keeps(faces: Iterable[int], table: ScoreTable) -> tuple[tuple[Faces, int], ...]:
    """Every distinct set of dice from this roll that may be kept (all of them count), with points;
    ordered by size then faces. Empty: nothing scores (a bust)."""
    return _keeps(tuple(sorted(faces)), table)


def best_score(faces: Iterable[int], table: ScoreTable) -> int:
    """The most one roll can score (0: nothing counts)."""
    return max((p for _, p in scoring_keeps(faces, table)), default=0)


@lru_cache(maxsize=64)
def _odds(dice: int, table: ScoreTable) -> tuple[float, float]:
    busts = 0
    total = 0
    rolls = 0
    for roll in itertools.combinations_with_replacement(range(1, table.sides + 1), dice):
        # weight each multiset by its number of orderings
        counts = face_counts(roll, table.sides)
        ways = _factorial(dice)
        for c in counts:
            ways //= _factorial(c)
        best = best_score(roll, table)
        rolls += ways
        if best == 0:
            busts += ways
        total += ways * best
    return busts / rolls, total / rolls


def _factorial(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out


def bust_chance(dice: int, table: ScoreTable) -> float:
    """The chance that a roll of ``dice`` dice has nothing that scores."""
    return _odds(dice, table)[0]


def mean_best(dice: int, table: ScoreTable) -> float:
    """The average of the best score of a roll of ``dice`` dice (busts count as 0)."""
    return _odds(dice, table)[1]


@dataclass
class PushTurn:
    """One push-your-luck turn: roll, keep scoring dice, roll the rest or stop.

    ``total`` is what the turn has scored so far, ``left`` how many dice the next roll
    uses, ``roll`` the dice on the table waiting for a keep, ``kept`` each roll's kept dice."""

    dice: int
    total: int = 0
    left: int = 0
    roll: Faces = ()
    kept: list[Faces] = field(default_factory=list)
    hot: bool = False
    """The last keep used every die, so all of them are free to roll again."""

    def __post_init__(self) -> None:
        if not self.left:
            self.left = self.dice

    def rolled(self, faces: Sequence[int]) -> None:
        self.roll = tuple(faces)
        self.hot = False

    def keep(self, faces: Sequence[int], points: int) -> bool:
        """Set ``faces`` aside from the roll for ``points``; returns True for hot dice
        (every die now counts, and all ``dice`` may be rolled again)."""
        self.kept.append(tuple(sorted(faces)))
        self.total += points
        self.left = len(self.roll) - len(faces)
        self.roll = ()
        self.hot = self.left == 0
        if self.hot:
            self.left = self.dice
        return self.hot

    @property
    def awaiting_keep(self) -> bool:
        return bool(self.roll)
