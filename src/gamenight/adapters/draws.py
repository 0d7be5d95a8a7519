"""Chance as explicit uniform draws, for libraries that make chance a player (OpenSpiel).

The engine takes its chance from the match RNG in the middle of a step (a shuffle after the last
trick, a roll). Every use goes through ``Random._randbelow`` (shuffle, choice, randrange,
randint, sample), so a ``DrawnRandom`` answers each call from a list of draws given so far and
raises ``NeedDraw`` when it runs out. The caller then offers the draw's ``n`` outcomes as a chance
node, appends the one chosen, and runs the step again from the state before it: the step replays
exactly and gets one draw further. A 52-card shuffle is 51 draws (Fisher-Yates), each uniform, so
every deal is as likely as with a shuffled deck.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NoReturn


class NeedDraw(Exception):
    """The step needs one more uniform draw among ``n`` outcomes."""

    def __init__(self, n: int) -> None:
        super().__init__(f"a draw among {n} outcomes")
        self.n = n


class DrawnRandom(random.Random):
    """An RNG whose whole numbers come from ``draws``, in order; floats are refused."""

    def __init__(self, draws: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.draws = tuple(draws)
        self.used = 0

    def _randbelow(self, n: int) -> int:
        if n <= 1:
            return 0
        if self.used == len(self.draws):
            raise NeedDraw(n)
        value = self.draws[self.used]
        if not 0 <= value < n:
            raise ValueError(f"draw {self.used} is {value}, not one of {n} outcomes: the step did not replay")
        self.used += 1
        return value

    def random(self) -> NoReturn:
        raise TypeError("the adapters model chance as whole-number draws; this game asked for a float")

    def getrandbits(self, k: int) -> NoReturn:
        raise TypeError("the adapters model chance as whole-number draws; this game asked for random bits")

    def __deepcopy__(self, memo: dict[int, Any]) -> DrawnRandom:
        copy = DrawnRandom(self.draws)
        copy.used = self.used
        return copy


class WidestDraw(random.Random):
    """A seeded RNG that remembers the most outcomes any one call drew among (sizing a chance node)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.widest = 0

    def _randbelow(self, n: int) -> int:
        self.widest = max(self.widest, n)
        return super()._randbelow(n)  # type: ignore[misc, no-any-return]
