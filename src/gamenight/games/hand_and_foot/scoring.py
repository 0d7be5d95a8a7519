"""Hand and Foot's score for a round, side by side: the Over (going out, red threes, canastas),
then the Under (every card the side has on the table, less the cards left in its hands and feet)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamenight.core.cards import Card
from gamenight.games.hand_and_foot import cards as hf
from gamenight.games.hand_and_foot.rules import NO_MELD, SCORES, UNDER

GOING_OUT = 100
RED_THREE = 100
CANASTA_POINTS = {hf.RED: 500, hf.BLACK: 300, hf.WILD_KIND: 2000}


@dataclass(frozen=True)
class RoundScore:
    side: int
    over: int
    under: int
    held: int
    notes: tuple[str, ...]

    @property
    def total(self) -> int:
        return self.over + self.under - self.held


def score_side(side: int, melds: Sequence[Sequence[Card]], red_threes: Sequence[Card], left: Sequence[Card],
               went_out: bool) -> RoundScore:
    """One side's points for a round."""
    notes: list[str] = []
    over = GOING_OUT if went_out else 0
    kinds = [hf.canasta_kind(m) for m in melds]
    counted = {k: kinds.count(k) for k in CANASTA_POINTS}
    over += sum(CANASTA_POINTS[k] * n for k, n in counted.items())
    threes = RED_THREE * len(red_threes)
    if threes and not melds:
        threes = -threes
        notes.append(f"side {side} did not meld: its red threes count {threes} [{NO_MELD.id}]")
    over += threes
    parts = [f"going out {GOING_OUT}"] if went_out else []
    parts += [f"{n} {hf.CANASTA_NAMES[k]} canasta{'s' if n > 1 else ''} {CANASTA_POINTS[k] * n}"
              for k, n in counted.items() if n]
    if threes:
        parts.append(f"{len(red_threes)} red threes {threes}")
    notes.insert(0, f"side {side}, the Over: {', '.join(parts) or 'nothing'} = {over} [{SCORES.id}]")
    under = hf.value(c for m in melds for c in m)
    held = hf.value(left)
    notes.append(f"side {side}, the Under: cards on the table {under}, cards in hands and feet -{held} "
                 f"[{UNDER.id}]")
    return RoundScore(side, over, under, held, tuple(notes))
