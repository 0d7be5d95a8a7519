"""A 10,000 bot: keep scoring dice sensibly (all of them for hot dice, otherwise the best
points while keeping dice free), stop at a risk threshold set by the dice left and the
turn total, respect the score needed to get on the board, take over favourable counts.

It reads the scoring table in play off the keeps it is offered (the straights and the
value of four and five 1s are house options), and assumes the book's 1,000 to get on the
board and the book's save with a 1 or a 5."""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any

from gamenight.bots.base import Bot, heuristic_for
from gamenight.core.dice import parse_die
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families.dice import ScoreTable, bust_chance, mean_best, score_keep, scoring_keeps
from gamenight.games.ten_thousand import ALL_TABLES, TenThousandOptions, score_table

STOP_AT = {1: 250, 2: 250, 3: 350, 4: 1000, 5: 3000}
"""Stop once the turn total reaches this, by dice left to roll."""
FREE_DICE = {0: 0, 1: 30, 2: 60, 3: 110, 4: 180, 5: 350}
"""What keeping a die free to roll again is roughly worth."""
FRESH_TURN = 350.0
"""Roughly what a fresh turn is worth."""
BOOK = TenThousandOptions()
BOOK_TABLE = score_table(BOOK.straight, BOOK.ones_sets)
TABLES = [BOOK_TABLE, *(t for t in ALL_TABLES.values() if t != BOOK_TABLE)]


def table_in_play(faces: list[int], legal: list[Action]) -> ScoreTable:
    """The first scoring table (the book's first) that offers exactly the keeps that are legal."""
    return _table_for(tuple(faces), frozenset(a.args for a in legal if a.verb == "keep"))


@lru_cache(maxsize=8192)
def _table_for(faces: tuple[int, ...], keeps: frozenset[tuple[Any, ...]]) -> ScoreTable:
    """``table_in_play``, remembered: a simulation meets the same few hundred rolls again and again."""
    for table in TABLES:
        if {f for f, _ in scoring_keeps(list(faces), table)} == keeps:
            return table
    return BOOK_TABLE


@cache
def face_of(text: str) -> int:
    """A die's face from its text (``parse_die``, remembered)."""
    return parse_die(text).face


def should_stop(total: int, dice: int) -> bool:
    return total >= STOP_AT[dice]


def dice_to_roll(view: View) -> int:
    """The dice in the cup, or all five after hot dice."""
    cup = view.zone("cup")
    return (cup.hidden if cup is not None else 0) or 5


class TenThousandBot:
    name = "ten_thousand-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        phase = view.phase
        if phase == "offer":
            count, dice = int(view.fact("offer")), dice_to_roll(view)
            fail = (4 / 6) ** dice  # the book: the first roll needs a 1 or a 5
            gain = mean_best(dice, BOOK_TABLE) / max(1e-9, 1 - bust_chance(dice, BOOK_TABLE))
            worth = (1 - fail) * (count + gain)
            return Action("take-over") if worth > FRESH_TURN else Action("decline")
        if phase == "keep":
            faces = [face_of(t) for t in view.pieces("roll")]
            table = table_in_play(faces, legal)
            on_board = view.seat in view.fact("on_board", [view.seat])
            total = int(view.fact("turn_total", 0))
            best: tuple[float, Action] | None = None
            for a in legal:
                if a.verb != "keep":
                    continue
                points = score_keep(a.args, table) or 0
                left = len(faces) - len(a.args)
                after = total + points
                if left == 0:
                    score = after + FREE_DICE[5] + 1000.0  # hot dice: always take them
                elif should_stop(after, left) and (on_board or after >= BOOK.entry):
                    score = float(after)
                else:
                    score = after + FREE_DICE[left]
                if best is None or score > best[0]:
                    best = (score, a)
            assert best is not None
            return best[1]
        if phase == "decide" and "bank" in verbs and should_stop(int(view.fact("turn_total", 0)), dice_to_roll(view)):
            return Action("bank")
        return Action("roll") if "roll" in verbs else legal[0]


@heuristic_for("ten_thousand")
def ten_thousand_bot() -> Bot:
    return TenThousandBot()
