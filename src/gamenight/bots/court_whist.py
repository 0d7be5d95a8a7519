"""A heuristic bot for Court Whist: the trick bot's card play with the score card's goals
(Revolution: lose tricks, since the other side's tricks are yours; Conspiracy: every
trick for yourself), and Coronation's trump declared in the longest, strongest suit."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.bots.tricks import TrickBot
from gamenight.core.cards import parse_card
from gamenight.engine.actions import Action

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


class CourtWhistBot(TrickBot):
    def __init__(self) -> None:
        super().__init__("court_whist")
        self._low = TrickBot("whist_with_tens")

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if a.verb == "play"]
        if legal and legal[0].verb == "declare":
            return self._declare(view, legal)
        if not plays:
            return legal[0]
        if len(plays) == 1:
            return plays[0]
        if view.get("revolution"):
            # The other side's tricks score for us: play like whist's low no-trump.
            low_view = dict(view, low=True)
            return self._low.choose(low_view, plays, rng)
        return super().choose(view, plays, rng)

    def _want(self, view: View, partner_winning: bool) -> bool:
        return not partner_winning

    @staticmethod
    def _declare(view: View, legal: list[Action]) -> Action:
        hand = [parse_card(t) for t in view["hand"]]

        def strength(suit: int) -> float:
            mine = [c & 15 for c in hand if c >> 4 == suit]
            return len(mine) + sum(max(0, r - 10) * 0.5 for r in mine)

        best = max(range(4), key=strength)
        want = Action("declare", (SUIT_WORDS[best],))
        return want if want in legal else legal[0]


@heuristic_for("court_whist")
def _make() -> CourtWhistBot:
    return CourtWhistBot()
