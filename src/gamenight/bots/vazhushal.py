"""A heuristic Vazhushal bot.

It sees only its view and the legal actions. A hand is judged by the cards no meld would hold
(their points, and a few more for each: every loose card is a step further from going out), with
the wild cards counted in by the meld solver under the hand's negative joker. It draws from the
stock unless digging into the line leaves a better hand (the card dug to goes straight into a new
meld, the cards above it come too); it lays every meld and card it can onto its own melds, choosing
the play that leaves the best hand; it discards the card it needs least, keeping wild cards and
not throwing out what the next player has been picking up; when the stock has run out it melds
what it can and says done.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import cards_of
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import melds
from gamenight.families.melds import MeldRules
from gamenight.games.vazhushal.rules import deck_for, meld_rules, points

PER_CARD = 4
"""What each loose card costs beyond its points: every one is a step further from going out."""
SAMPLE = 10
"""How many unseen cards a stock draw is judged by."""


def cost(hand: list[Card], rules: MeldRules) -> float:
    if not hand:
        return 0.0
    loose = melds.best_arrangement(hand, rules).deadwood
    return sum(map(points, loose)) + PER_CARD * len(loose)


class VazhushalBot:
    name = "vazhushal-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        negative = view.pieces("negative")
        rules = meld_rules(int(parse_card(negative[0]))) if negative else meld_rules(int(parse_card("JK")))
        hand = cards_of(view.hand)
        verbs = {a.verb for a in legal}
        if verbs & {"draw", "dig"}:
            return self._draw(view, hand, rules, legal)
        plays = [a for a in legal if a.verb in ("meld", "lay", "rearrange")]
        if plays:
            return min(plays, key=lambda a: cost(self._after(hand, a), rules))
        if "done" in verbs:
            return next(a for a in legal if a.verb == "done")
        return self._discard(view, hand, rules, legal)

    @staticmethod
    def _after(hand: list[Card], a: Action) -> list[Card]:
        rest = list(hand)
        for c in a.cards:
            if c in rest:
                rest.remove(c)
        return rest

    @staticmethod
    def _draw(view: View, hand: list[Card], rules: MeldRules, legal: list[Action]) -> Action:
        line = cards_of(view.pieces("discard"))
        seen = {str(p) for z in view.zones for p in z.pieces}
        pool = [c for c in deck_for(view.players) if str(c) not in seen]
        sample = pool[::max(1, len(pool) // SAMPLE)] or pool

        def score(a: Action) -> float:
            if a.verb == "draw":
                return sum(cost([*hand, c], rules) for c in sample) / max(1, len(sample))
            card = a.cards[0]
            at = max(i for i, c in enumerate(line) if c == card)
            rest = [*hand, *line[at + 1:]]
            for c in a.cards[1:]:
                rest.remove(c)
            return cost(rest, rules) - PER_CARD  # a meld on the table is a step toward going out

        return min(legal, key=score)

    @staticmethod
    def _discard(view: View, hand: list[Card], rules: MeldRules, legal: list[Action]) -> Action:
        seat = view.seat if view.seat is not None else 0
        nxt = (seat + 1) % view.players
        taken = [parse_card(t) for z in view.zones if z.name == "taken" and z.owner == nxt for t in z.pieces]

        def score(a: Action) -> float:
            card = a.cards[0]
            rest = list(hand)
            rest.remove(card)
            wild = 10 if int(card) in rules.wild_faces else 0
            feeds = sum(1 for k in taken if k & 15 == card & 15 or (k >> 4 == card >> 4 and abs(k - card) <= 2))
            return cost(rest, rules) + wild + 3 * feeds

        discards = [a for a in legal if a.verb == "discard"]
        return min(discards, key=score) if discards else legal[0]


@heuristic_for("vazhushal")
def make_vazhushal_bot() -> Bot:
    return VazhushalBot()
