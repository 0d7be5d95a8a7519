"""Dice: rolls drawn from the match's seeded RNG."""

from __future__ import annotations

import random


def roll(rng: random.Random, count: int, sides: int = 6) -> list[int]:
    return [rng.randint(1, sides) for _ in range(count)]
