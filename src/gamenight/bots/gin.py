"""A heuristic Gin Rummy bot.

It sees only its view and the legal actions. It takes the face-up card when that card joins a
meld or cuts its deadwood by a good margin, otherwise it draws from the stock; it discards to
leave the least deadwood (ties: keep the cards it took from the pile, keep away from cards the
opponent picked up from the pile, then throw the highest card); it goes gin whenever it can, and
knocks as soon as it can, except early in the hand with very little deadwood, when it plays on
for gin.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Bot, heuristic_for, read_card
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import melds
from gamenight.families.melds import MeldRules
from gamenight.games.gin_rummy.deadwood import MELD_RULES as _RULES

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


def taken_by(view: View, seat: int) -> list[Card]:
    """The cards ``seat`` took from the face-up pile and still holds (both players know them)."""
    return [read_card(t) for z in view.named("taken") if z.owner == seat for t in z.pieces]


def meld_rules(view: View) -> MeldRules:
    """The aces rule in play, from the table's options (public, like the rulebook on the table)."""
    return _RULES.get(getattr(view.options, "aces", "low"), _RULES["low"])


class GinBot:
    name = "gin-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        hand = [read_card(t) for t in view.hand]
        rules = meld_rules(view)
        seat = view.seat if view.seat is not None else 0
        verbs = {a.verb for a in legal}
        pile = view.pieces("discard")
        if "take" in verbs and pile:
            take = next(a for a in legal if a.verb == "take")
            other = next(a for a in legal if a.verb != "take")
            return take if self._wants(hand, read_card(pile[-1]), rules) else other
        if verbs & {"discard", "knock", "gin"}:
            stock = view.zone("stock")
            early = stock is not None and stock.hidden >= EARLY_STOCK
            return self._discard(hand, legal, rules, taken_by(view, seat), taken_by(view, 1 - seat), early)
        return legal[0]

    @staticmethod
    def _wants(hand: list[Card], top: Card, rules: MeldRules) -> bool:
        """Take the face-up card if it joins a meld and lowers the deadwood, or lowers it a lot."""
        now = melds.min_deadwood(hand, rules)
        grown = hand + [top]
        with_top = melds.min_deadwood(grown, rules)
        after = min(melds.deadwood_after_discards(grown, rules)[:-1])
        in_meld = with_top < now + rules.value(top)
        return after < now and (in_meld or after <= now - TAKE_MARGIN)

    @staticmethod
    def _discard(hand: list[Card], legal: list[Action], rules: MeldRules, mine_taken: list[Card],
                 opp_taken: list[Card], early: bool) -> Action:
        gins = [a for a in legal if a.verb == "gin"]
        if gins:
            return min(gins, key=lambda a: len(a.args))  # a Double Gin ('gin') first
        best: tuple[Any, ...] | None = None
        choice = legal[0]
        left = dict(zip(hand, melds.deadwood_after_discards(hand, rules)))
        for a in legal:
            if a.verb != "discard":
                continue
            card = a.args[0]
            assert isinstance(card, Card)
            dw = left[card]
            key = (dw, 1 if card in mine_taken else 0, danger(card, opp_taken), -rules.value(card), -int(card))
            if best is None or key < best:
                best, choice = key, a
        knocks = [a for a in legal if a.verb == "knock"]
        if knocks and best is not None:
            knock_dw = best[0]
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
