"""Scripted chance: a stacked deck and loaded dice, recorded with the match.

A match's chance comes from its seeded RNG. A ``Chance`` script overrides chosen
shuffles (by their number in the match: the first deal is shuffle 0) with a given
order, and the next rolls of a die with given faces; everything else still comes
from the seed. The script is part of the match record, so a stacked match replays
exactly like any other. Tests build scenarios this way (``gamenight.testing``),
and a table can re-deal a hand it played with real cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.pieces import parse_piece


@dataclass(frozen=True)
class Chance:
    """Shuffles to stack (shuffle number → the deck's order after it, in notation) and
    the faces the next six-sided rolls show, in order."""

    decks: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    rolls: tuple[int, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"decks": {str(k): list(v) for k, v in self.decks.items()}, "rolls": list(self.rolls)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Chance:
        decks = {int(k): tuple(str(p) for p in v) for k, v in dict(data.get("decks") or {}).items()}
        rolls = tuple(int(r) for r in data.get("rolls") or ())
        for order in decks.values():
            for text in order:
                parse_piece(text)  # a bad script is refused here, not mid-deal
        if any(not 1 <= r <= 6 for r in rolls):
            raise ValueError("a scripted roll shows 1 to 6")
        return cls(decks, rolls)


class StackedRandom(random.Random):
    """The match RNG with a ``Chance`` script laid over it."""

    def __init__(self, seed: int = 0, chance: Chance | None = None) -> None:
        super().__init__(seed)
        self.chance = chance or Chance()
        self.shuffles = 0
        self.rolled = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:
        n = self.shuffles
        self.shuffles += 1
        order = self.chance.decks.get(n)
        if order is None:
            super().shuffle(x)
            return
        x[:] = stack(list(x), order)

    def randint(self, a: int, b: int) -> int:
        if (a, b) == (1, 6) and self.rolled < len(self.chance.rolls):
            self.rolled += 1
            return self.chance.rolls[self.rolled - 1]
        return super().randint(a, b)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.chance, self.shuffles, self.rolled, self.getstate()))


_BITS = tuple(n.bit_length() for n in range(1025))


def shuffle(rng: random.Random, x: MutableSequence[Any]) -> None:
    """``rng.shuffle(x)``: the very same order from the same RNG state (a seed deals what it always
    dealt, and saved matches replay), in about half the steps for a plain ``random.Random``. It is
    CPython's Fisher-Yates with the bit draws inlined; a tested equivalence. Any other RNG (a
    stacked one) shuffles its own way."""
    if type(rng) is not random.Random or len(x) > 1024:
        rng.shuffle(x)
        return
    getrandbits, bits = rng.getrandbits, _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _rebuild(chance: Chance, shuffles: int, rolled: int, inner: Any) -> StackedRandom:
    rng = StackedRandom(0, chance)
    rng.shuffles, rng.rolled = shuffles, rolled
    rng.setstate(inner)
    return rng


def stack(deck: Sequence[Any], order: Sequence[str]) -> list[Any]:
    """The physical pieces of ``deck`` put in ``order`` (notation; a face named twice takes
    two physical copies). Raises ValueError unless ``order`` names exactly the deck."""
    pool: dict[str, list[Any]] = {}
    for piece in deck:
        pool.setdefault(str(piece), []).append(piece)
    out = []
    for text in order:
        copies = pool.get(text)
        if not copies:
            raise ValueError(f"the stacked deck names {text}, which the deck does not hold (or not that often)")
        out.append(copies.pop(0))
    left = [p for copies in pool.values() for p in copies]
    if left:
        raise ValueError(f"the stacked deck leaves out {' '.join(map(str, left[:8]))}")
    return out
