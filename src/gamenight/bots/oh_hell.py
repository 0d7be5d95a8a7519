"""Oh Hell's bot: bids the tricks its high cards and trumps should take, then plays to make
the bid exactly: it wins tricks while short of its bid and ducks once the bid is made."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for, read_card
from gamenight.bots.tricks import Trick, TrickBot, trump_of
from gamenight.core.cards import Card
from gamenight.engine.actions import Action


def short_of_bid(view: View) -> bool:
    """Still short of this seat's bid (the "bids" and "tricks" facts, one value per seat)."""
    seat = view.seat
    bid = view.fact("bids")[seat] or 0
    return bool(view.fact("tricks")[seat] < bid)


class OhHellBot(TrickBot):
    def wants(self, view: View, trick: Trick) -> bool:
        return short_of_bid(view)

    def lead(self, view: View, cards: list[Card], suit: list[int], power: list[int], trump: int | None) -> Card:
        if short_of_bid(view):
            return max(cards, key=lambda c: power[c])
        return min(cards, key=lambda c: power[c])

    def duck(self, view: View, trick: Trick, cards: list[Card]) -> Card:
        """The bid is made: lose the trick with the highest card that loses, else throw the
        highest card last (or the lowest while others may still overtake)."""
        power = trick.power
        if trick.losers:
            return max(trick.losers, key=lambda c: (trick.key(c) >= 0, power[c]))
        return max(cards, key=lambda c: power[c]) if trick.last else min(cards, key=lambda c: power[c])

    def bid(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """The tricks the hand should take: trumps by rank and length, side aces and kings."""
        hand = [read_card(t) for t in view.hand]
        trump = trump_of(view)
        n = len(hand)
        est = 0.0
        n_trumps = sum(1 for c in hand if trump is not None and c >> 4 == trump)
        for c in hand:
            r = c & 15
            if trump is not None and c >> 4 == trump:
                est += {14: 1.0, 13: 0.85, 12: 0.65, 11: 0.5}.get(r, 0.3 if n_trumps >= 3 else 0.15)
            else:
                length = sum(1 for d in hand if d >> 4 == c >> 4)
                if r == 14:
                    est += 0.85 if length <= 4 else 0.6
                elif r == 13:
                    est += 0.45 if 2 <= length <= 4 else 0.2
                elif r == 12 and view.players <= 4 and n >= 6:
                    est += 0.15
        if n == 1:
            c = hand[0]
            est = 1.0 if (trump is not None and c >> 4 == trump and (c & 15) >= 11) or (c & 15) == 14 else 0.0
        options = [a.numbers[0] for a in legal]
        pick = min(options, key=lambda b: (abs(b - est), b))
        return legal[options.index(pick)]


heuristic_for("oh_hell")(OhHellBot)
