"""A 10,000 bot: keep scoring dice sensibly (all of them for hot dice, otherwise the best
points while keeping dice free), stop at a risk threshold set by the dice left and the
turn total, respect the score needed to get on the board, take over favourable counts."""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Bot, View, heuristic_for
from gamenight.engine.actions import Action
from gamenight.families.dice import bust_chance, mean_best
from gamenight.games.ten_thousand import score_table

STOP_AT = {1: 250, 2: 250, 3: 350, 4: 1000, 5: 3000}
"""Stop once the turn total reaches this, by dice left to roll."""
FREE_DICE = {0: 0, 1: 30, 2: 60, 3: 110, 4: 180, 5: 350}
"""What keeping a die free to roll again is roughly worth."""
FRESH_TURN = 350.0
"""Roughly what a fresh turn is worth."""


def should_stop(total: int, dice: int, view: View) -> bool:
    seat = int(view["turn"])
    scores: list[int] = view["scores"]
    target = int(view["target"])
    if scores[seat] + total >= target:
        return True
    threshold = STOP_AT[dice]
    leader = max(s for i, s in enumerate(scores) if i != seat)
    if leader >= target - 1500 and scores[seat] + total < leader:
        threshold *= 2  # somebody is about to win: push harder
    return total >= threshold


class TenThousandBot:
    name = "ten_thousand-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        verbs = {a.verb for a in legal}
        phase = view["phase"]
        opts: dict[str, Any] = view["options"]
        table = score_table(opts["straight"], opts.get("ones_sets", "thousand"))
        if phase == "offer":
            offer = view["offer"]
            count, dice = int(offer["count"]), int(offer["dice"])
            fail = (4 / 6) ** dice if opts["save_with_one_or_five"] else bust_chance(dice, table)
            seat = int(view["turn"])
            gain = mean_best(dice, table) / max(1e-9, 1 - bust_chance(dice, table))
            worth = (1 - fail) * (count + gain)
            entry = int(view["entry"])
            if not view["on_board"][seat] and entry and not opts["take_over_counts_for_entry"]:
                worth *= 0.5
            return Action("take-over") if worth > FRESH_TURN else Action("decline")
        if phase == "keep":
            total = int(view["turn_total"])
            rolled = len(view["dice"])
            best: tuple[float, Action] | None = None
            for a in legal:
                if a.verb != "keep":
                    continue
                points = next(k["points"] for k in view["keeps"] if tuple(k["dice"]) == a.args)
                left = rolled - len(a.args)
                after = total + points
                if left == 0:
                    score = after + FREE_DICE[5] + 1000.0  # hot dice: always take them
                elif should_stop(after, left, view) and self._may_stop(view, after):
                    score = float(after)
                else:
                    score = after + FREE_DICE[left]
                if best is None or score > best[0]:
                    best = (score, a)
            assert best is not None
            return best[1]
        if phase == "decide" and "bank" in verbs \
                and should_stop(int(view["turn_total"]), int(view["dice_left"]), view):
            return Action("bank")
        return Action("roll") if "roll" in verbs else legal[0]

    @staticmethod
    def _may_stop(view: View, total: int) -> bool:
        seat = int(view["turn"])
        return bool(view["on_board"][seat]) or total >= int(view["entry"])


@heuristic_for("ten_thousand")
def ten_thousand_bot() -> Bot:
    return TenThousandBot()
