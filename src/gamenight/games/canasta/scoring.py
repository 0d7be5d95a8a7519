"""Canasta's score for a hand, side by side: a pure function from what the side has on the table
and in hand to its points, with the notes that cite the rules (tested on its own)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamenight.core.cards import Card
from gamenight.games.canasta import cards as cc
from gamenight.games.canasta.rules import CANASTA_BONUS, CARD_COUNT, OUT_BONUS, RED_THREE_BONUS

NATURAL_CANASTA = 500
MIXED_CANASTA = 300
GOING_OUT = 100
CONCEALED = 200
RED_THREE = 100
ALL_FOUR = 800


@dataclass(frozen=True)
class SideScore:
    side: int
    out: int
    canastas: int
    red_threes: int
    melded: int
    in_hand: int
    notes: tuple[str, ...]

    @property
    def bonus(self) -> int:
        return self.out + self.canastas + self.red_threes

    @property
    def total(self) -> int:
        return self.bonus + self.melded - self.in_hand

    def words(self) -> str:
        parts = []
        if self.out:
            parts.append(f"going out {self.out}")
        if self.canastas:
            parts.append(f"canastas {self.canastas}")
        if self.red_threes:
            parts.append(f"red threes {self.red_threes}")
        parts.append(f"cards melded {self.melded}")
        if self.in_hand:
            parts.append(f"cards in hand -{self.in_hand}")
        return ", ".join(parts) + f": {self.total}"


def score_side(side: int, melds: Sequence[Sequence[Card]], red_threes: Sequence[Card], in_hand: Sequence[Card],
               went_out: bool, concealed: bool = False) -> SideScore:
    """One side's points for a hand: going out, canastas, red threes, then the cards melded less the
    cards left in both partners' hands."""
    notes: list[str] = []
    out = (CONCEALED if concealed else GOING_OUT) if went_out else 0
    if out:
        notes.append(f"side {side} went out{' concealed' if concealed else ''}: {out} [{OUT_BONUS.id}]")
    kinds = [cc.canasta_kind(m) for m in melds]
    natural, mixed = kinds.count("natural"), kinds.count("mixed")
    canastas = natural * NATURAL_CANASTA + mixed * MIXED_CANASTA
    if canastas:
        notes.append(f"side {side}: {natural} natural and {mixed} mixed canastas: {canastas} [{CANASTA_BONUS.id}]")
    threes = ALL_FOUR if len(red_threes) == 4 else RED_THREE * len(red_threes)
    if threes and not melds:
        threes = -threes
    if threes:
        notes.append(f"side {side}: {len(red_threes)} red threes{'' if melds else ', no meld'}: {threes} "
                     f"[{RED_THREE_BONUS.id}]")
    melded = cc.value(c for m in melds for c in m)
    held = cc.value(in_hand)
    notes.append(f"side {side}: cards melded {melded}, cards in hand -{held} [{CARD_COUNT.id}]")
    return SideScore(side, out, canastas, threes, melded, held, tuple(notes))
