"""Hearts' bot: never wants a trick. It ducks as high as it can, dumps the queen of spades
and then its highest hearts when void, takes a pointless trick high when it must, leads low
and safe, and passes the cards most likely to take points."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamenight.bots.base import View, heuristic_for, read_card
from gamenight.bots.tricks import Trick, TrickBot
from gamenight.core.cards import Card
from gamenight.engine.actions import Action, Choices

HEARTS, SPADES = 2, 3
QS = read_card("QS")


class HeartsBot(TrickBot):
    trumps = False

    def wants(self, view: View, trick: Trick) -> bool:
        return False

    def trick_points(self, view: View, played: list[Card]) -> int:
        return sum(1 for c in played if c >> 4 == HEARTS) + (13 if QS in played else 0)

    def lead(self, view: View, cards: list[Card], suit: list[int], power: list[int], trump: int | None) -> Card:
        safe = [c for c in cards if c >> 4 != HEARTS and c != QS] or cards
        return min(safe, key=lambda c: (c >> 4 == SPADES and (c & 15) >= 12, c & 15))

    def follow(self, view: View, trick: Trick, cards: list[Card]) -> Card:
        power, losers, winners = trick.power, trick.losers, trick.winners
        if losers:
            # Duck as high as possible; when void, dump the queen of spades, then hearts.
            if QS in losers:
                return QS
            if trick.suit[losers[0]] != trick.led:
                return max(losers, key=lambda c: (c >> 4 == HEARTS, power[c]))
            return max(losers, key=lambda c: power[c])
        if trick.last or not trick.points:
            safe = [c for c in winners if c != QS] or winners
            return max(safe, key=lambda c: power[c]) if trick.last else min(safe, key=lambda c: power[c])
        return min(winners, key=lambda c: power[c])

    def pass_cards(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        hand = [read_card(t) for t in view.hand]
        k = len(legal[0].args)
        spades_low = sum(1 for c in hand if c >> 4 == SPADES and (c & 15) < 12)

        def danger(c: Card) -> float:
            rank = c & 15
            if c == QS:
                return 100 if spades_low < 3 else 40
            if c >> 4 == SPADES and rank > 12:
                return 90 + rank
            if c >> 4 == HEARTS:
                return 20 + rank * 2
            return rank * 2.5

        want = {int(c) for c in sorted(hand, key=danger, reverse=True)[:k]}
        if isinstance(legal, Choices):
            return Action(legal.verb, tuple(c for c in legal.pieces if int(c) in want))
        return next((a for a in legal if {int(c) for c in a.cards} == want), legal[0])


heuristic_for("hearts")(HeartsBot)
