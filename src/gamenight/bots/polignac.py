"""Polignac's bot: ranks cards K Q J A 10 9 8 7 and keeps clear of the jacks, above all
the J♠; void, it throws its jacks onto other players' tricks."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.bots.trick_avoid import avoid_play
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.families import tricks

RANK_ORDER = (13, 12, 11, 14, 10, 9, 8, 7)
_SUIT, _POWER = tricks.ranked_tables(RANK_ORDER)
JS = 11 + 16 * 3


def _danger(c: Card) -> int:
    if c == JS:
        return 2
    return 1 if c & 15 == 11 else 0


class PolignacBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if legal[0].verb != "play":
            return rng.choice(legal)
        return avoid_play(view, legal, _POWER, _danger)


heuristic_for("polignac")(PolignacBot)
