"""A heuristic Gin Rummy bot.

It sees only its view and the legal actions. It takes the face-up card when that card joins a
meld or cuts its deadwood by a good margin, otherwise it draws from the stock; it discards to
leave the least deadwood (ties: keep away from cards the opponent picked up from the pile, then
throw the highest card); it goes gin whenever it can, and knocks as soon as it can, except early
in the hand with very little deadwood, when it plays on for gin.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Bot, heuristic_for
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.families import melds
from gamenight.families.melds import MeldRules

View = dict[str, Any]

_RULES = {"low": MeldRules(ace_low=True, ace_high=False, max_set_size=4),
          "high-or-low": MeldRules(ace_low=True, ace_high=True, max_set_size=4)}

TAKE_MARGIN = 4
"""Take a face-up card that joins no meld only if it cuts the deadwood by at least this much."""
GIN_HOLD_DEADWOOD = 3
"""Early in the hand, with this much deadwood or less, play on for gin instead of knocking."""
EARLY_STOCK = 22
"""'Early' means the stock still holds at least this many cards."""


def _rank_pos(c: int) -> int:
    r = c & 15
    return 1 if r == 14 else r


def danger(card: Card, opponent_known: list[Card]) -> int:
    """How likely a discard is to help the opponent, from the cards they took from the pile."""
    d = 0
    for k in opponent_known:
        if k & 15 == card & 15:
            d += 2
        elif k >> 4 == card >> 4 and abs(_rank_pos(k) - _rank_pos(card)) <= 2:
            d += 1
    return d


class GinBot:
    name = "gin-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        rules = _RULES.get(str(view.get("aces", "low")), _RULES["low"])
        hand = [parse_card(t) for t in view.get("hand", [])]
        seat = view.get("seat")
        opp = 1 - seat if isinstance(seat, int) else 0
        known = view.get("known") or [[], []]
        opp_known = [parse_card(t) for t in known[opp]] if len(known) > opp else []
        verbs = {a.verb for a in legal}
        if "take" in verbs and view.get("discard_top"):
            take = next(a for a in legal if a.verb == "take")
            other = next(a for a in legal if a.verb != "take")
            return take if self._wants(hand, parse_card(view["discard_top"]), rules) else other
        if verbs & {"discard", "knock", "gin"}:
            return self._discard(view, hand, legal, rules, opp_known)
        return legal[0]

    @staticmethod
    def _wants(hand: list[Card], top: Card, rules: MeldRules) -> bool:
        """Take the face-up card if it joins a meld and lowers the deadwood, or lowers it a lot."""
        now = melds.min_deadwood(hand, rules)
        grown = hand + [top]
        with_top = melds.min_deadwood(grown, rules)
        after = min(melds.min_deadwood(grown[:i] + grown[i + 1:], rules) for i in range(len(hand)))
        in_meld = with_top < now + rules.value(top)
        return after < now and (in_meld or after <= now - TAKE_MARGIN)

    @staticmethod
    def _discard(view: View, hand: list[Card], legal: list[Action], rules: MeldRules,
                 opp_known: list[Card]) -> Action:
        gins = [a for a in legal if a.verb == "gin"]
        if gins:
            return min(gins, key=lambda a: len(a.args))  # a Double Gin ('gin') first
        taken = view.get("taken")
        best: tuple[Any, ...] | None = None
        choice = legal[0]
        for a in legal:
            if a.verb != "discard":
                continue
            card = a.args[0]
            assert isinstance(card, Card)
            rest = list(hand)
            rest.remove(card)
            dw = melds.min_deadwood(rest, rules)
            key = (dw, 1 if taken is not None and str(card) == taken else 0, danger(card, opp_known),
                   -rules.value(card), -int(card))
            if best is None or key < best:
                best, choice = key, a
        knocks = [a for a in legal if a.verb == "knock"]
        if knocks and best is not None:
            knock_dw = best[0]
            early = int(view.get("stock_count", 0)) >= EARLY_STOCK
            if not (early and knock_dw <= GIN_HOLD_DEADWOOD):
                card = choice.args[0]
                for k in knocks:
                    if k.args[0] == card:
                        return k
                return knocks[0]
        return choice


@heuristic_for("gin_rummy")
def make_gin_bot() -> Bot:
    return GinBot()
