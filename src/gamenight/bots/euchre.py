"""Euchre's bot: orders up or calls a suit by the strength of the hand in it (bowers first),
goes alone with a near-certain march, discards from its shortest plain suit, leads trumps
when its side made them, and wins wanted tricks as cheaply as it can."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for, read_card
from gamenight.bots.tricks import TrickBot, trump_of
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.families import tricks

ORDER, ORDER_ALONE, PASS, REDEAL = Action("order"), Action("order", ("alone",)), Action("pass"), Action("redeal")
ORDER_AT, ALONE_AT, CALL_AT = 6.0, 9.5, 5.5
"""Hand strength (``strength``) needed to order up, to go alone, to call a suit in round two."""


def strength(hand: list[Card], trump: int) -> float:
    """Roughly the tricks' worth of ``hand`` with ``trump`` as trumps, times three."""
    suit, power = tricks.bower_tables(trump)
    total = 0.0
    for c in hand:
        if suit[c] == trump:
            p = power[c]
            total += {tricks.RIGHT_BOWER_POWER: 3.0, tricks.LEFT_BOWER_POWER: 2.5}.get(
                p, {14: 2.0, 13: 1.5, 12: 1.2, 10: 1.0, 9: 0.8}.get(c & 15, 0.8))
        elif c & 15 == 14:
            total += 0.7
    return total


class EuchreBot(TrickBot):
    win_cheaply = True

    def tables(self, view: View, trump: int | None) -> tuple[list[int], list[int]]:
        return tricks.bower_tables(trump) if trump is not None else tricks.standard_tables(None)

    def playing(self, view: View) -> int:
        return int(view.players) - (1 if view.has_fact("sitting-out") else 0)

    def lead_trumps(self, view: View) -> bool:
        maker = view.fact("maker")
        return maker is not None and (maker - view.seat) % 2 == 0

    def bid(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        verbs = {a.verb for a in legal}
        if "redeal" in verbs:
            return REDEAL
        hand = [read_card(t) for t in view.hand]
        if "discard" in verbs:
            return self.discard(view, legal)
        if "order" in verbs:
            return self.order(view, legal, hand)
        # Round two: call the best suit but the turned-down one.
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.verb == "call" and len(a.args) == 1:
                st = strength(hand, tricks.SUIT_WORDS.index(str(a.args[0])))
                if best is None or st > best[0]:
                    best = (st, a)
        if best is not None and best[0] >= CALL_AT:
            return Action("call", (best[1].args[0], "alone")) if best[0] >= ALONE_AT else best[1]
        return PASS

    def order(self, view: View, legal: list[Action], hand: list[Card]) -> Action:
        seat, dealer = view.seat, view.dealer
        up = read_card(view.pieces("upcard")[0])
        trump = up >> 4
        if seat == dealer:
            suit, power = tricks.bower_tables(trump)
            weakest = min(hand, key=lambda c: power[c] if suit[c] != trump else 200 + power[c])
            hand = [c for c in hand if c != weakest] + [up]
        st = strength(hand, trump)
        if seat != dealer and (dealer - seat) % 2 == 1:
            st -= 0.6 if (up & 15) != 11 else 1.5  # handing the dealer a trump
        elif seat != dealer:
            st += 0.4
        if st >= ALONE_AT and ORDER_ALONE in legal:
            return ORDER_ALONE
        if st >= ORDER_AT and ORDER in legal:
            return ORDER
        return PASS

    def discard(self, view: View, legal: list[Action]) -> Action:
        """From the shortest plain suit, not an ace; the lowest of it."""
        trump = trump_of(view)
        suit, power = self.tables(view, trump)
        cards: list[Card] = [a.args[0] for a in legal]
        plain = [c for c in cards if suit[c] != trump and c & 15 != 14] or \
            [c for c in cards if suit[c] != trump] or cards
        counts = {s: sum(1 for c in cards if suit[c] == s) for s in range(4)}
        worst = min(plain, key=lambda c: (counts[suit[c]], power[c]))
        return next(a for a in legal if a.args[0] == worst)


heuristic_for("euchre")(EuchreBot)
