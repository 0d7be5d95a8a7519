"""A 5 in a Row bot: turn in dead cards first; complete a row whenever it can (a two-eyed
jack included); block a line where the other side has four; break the other side's most
dangerous line with a one-eyed jack; otherwise put the disc where it builds the most
lines of its own and spoils the most of theirs, keeping its jacks for when they matter."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from gamenight.bots.base import Bot, View, heuristic_for
from gamenight.core.boards import Square
from gamenight.engine.actions import Action, parse_action
from gamenight.games.five_in_a_row import CORNERS, LINES_THROUGH, TWO_EYED

BUILD = (1.0, 4.0, 20.0, 150.0, 100_000.0)
"""A disc added to a line of mine holding 0..4 discs (4: the disc completes a row)."""
SPOIL = (0.0, 2.0, 10.0, 90.0, 20_000.0)
"""A disc put in a line of theirs holding 0..4 discs (4: it stops a row next turn)."""
BREAK = (0.0, 0.0, 3.0, 40.0, 15_000.0)
"""A disc of theirs taken off a line holding 0..4 of their discs, this one included."""
JACK_COST = 60.0
"""What a jack is worth kept in hand: it is spent only where it does better than this."""


def _square(text: str) -> Square:
    square = parse_action(f"at {text}").args[0]
    assert isinstance(square, Square)
    return square


class FiveInARowBot:
    name = "five_in_a_row-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        turn_in = [a for a in legal if a.verb == "turn-in"]
        if turn_in:
            return turn_in[0]
        plays = [a for a in legal if a.verb in ("place", "remove")]
        if not plays:
            return legal[0]
        colours: Sequence[str] = view.fact("colour")
        mine = colours[view.seat]
        board = view.zone("board")
        sides: dict[Square, bool] = {}
        if board is not None and board.at is not None:
            for chip, where in zip(board.pieces, board.at):
                sides[_square(where)] = chip.split("#")[0] == mine
        locked = {_square(t) for t in view.fact("locked", [])}
        scored = [(self.value(a, sides, locked), rng.random(), a) for a in plays]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def value(self, action: Action, sides: Mapping[Square, bool], locked: set[Square]) -> float:
        card, square = action.args
        if action.verb == "remove":
            return self.broken(square, sides, locked) - JACK_COST
        worth = self.placed(square, sides, locked)
        return worth - JACK_COST if card in TWO_EYED else worth

    @staticmethod
    def counts(line: Sequence[Square], sides: Mapping[Square, bool], locked: set[Square],
               ) -> tuple[int, int, int, int]:
        """My discs, their discs (free corners count for both), and how many of each are locked."""
        me = them = my_locked = their_locked = 0
        for sq in line:
            if sq in CORNERS:
                me += 1
                them += 1
            elif sq in sides:
                if sides[sq]:
                    me += 1
                    my_locked += sq in locked
                else:
                    them += 1
                    their_locked += sq in locked
        return me, them, my_locked, their_locked

    def placed(self, square: Square, sides: Mapping[Square, bool], locked: set[Square]) -> float:
        """Building my lines through ``square`` and spoiling theirs."""
        total = 0.0
        for line in LINES_THROUGH[square]:
            me, them, my_locked, their_locked = self.counts(line, sides, locked)
            corners = sum(1 for sq in line if sq in CORNERS)
            if them == corners and my_locked <= 1:
                total += BUILD[min(me, 4)]
            if me == corners and their_locked <= 1:
                total += SPOIL[min(them, 4)]
        return total

    def broken(self, square: Square, sides: Mapping[Square, bool], locked: set[Square]) -> float:
        """Taking their disc off ``square``: the lines of theirs it breaks."""
        total = 0.0
        for line in LINES_THROUGH[square]:
            me, them, _, their_locked = self.counts(line, sides, locked)
            corners = sum(1 for sq in line if sq in CORNERS)
            if me == corners and their_locked <= 1:
                total += BREAK[min(them, 4)]
        return total + 0.5 * self.placed(square, {s: v for s, v in sides.items() if s != square}, locked)


@heuristic_for("five_in_a_row")
def five_in_a_row_bot() -> Bot:
    return FiveInARowBot()
