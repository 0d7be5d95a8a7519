"""95% intervals for what a comparison reports: Wilson's for rates, a bootstrap for means.

Wilson's interval stays inside 0..1 and is honest near 0 and 1 (a rule that fired in 0 of
200 matches still gets an upper bound); the percentile bootstrap assumes no shape for match
lengths or score spreads, which are skewed. The bootstrap's RNG is seeded, so a report is
the same every time it is made from the same matches."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054
RESAMPLES = 2000
_BLOCK = 200


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.value:.3g} [{self.low:.3g}, {self.high:.3g}]"


def wilson(successes: float, n: int) -> Estimate:
    """The share ``successes / n`` with Wilson's 95% score interval (a tie's part-win counts as a part)."""
    if n == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean(values: Sequence[float], seed: int = 0) -> Estimate:
    """The mean of ``values`` with a 95% percentile-bootstrap interval."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    data = np.asarray(values, dtype=float)
    m = float(data.mean())
    if n == 1 or float(data.min()) == float(data.max()):
        return Estimate(m, m, m, n)
    rng = np.random.default_rng(seed)
    means = np.concatenate([data[rng.integers(0, n, size=(_BLOCK, n))].mean(axis=1)
                            for _ in range(RESAMPLES // _BLOCK)])
    low, high = np.quantile(means, [0.025, 0.975])
    return Estimate(m, float(low), float(high), n)
