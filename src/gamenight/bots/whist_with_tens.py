"""Whist with 10s' bot: partnership play that brings the tens home, leads trumps when long
in them, and in the low no-trump round gives the other side everything, tens first."""

from __future__ import annotations

from gamenight.bots.base import View, heuristic_for
from gamenight.bots.tricks import TRUMP_KEY, Trick, TrickBot
from gamenight.core.cards import Card

TEN, KING = 10, 13


def is_ten(c: int) -> bool:
    return c & 15 == TEN


class WhistWithTensBot(TrickBot):
    def low(self, view: View) -> bool:
        """The low no-trump round: what a side takes counts for the other side."""
        return bool(view.fact("low", False))

    def trick_points(self, view: View, played: list[Card]) -> int:
        return sum(1 for c in played if is_ten(c))

    def lead_trumps(self, view: View) -> bool:
        return True

    def lead(self, view: View, cards: list[Card], suit: list[int], power: list[int], trump: int | None) -> Card:
        if self.low(view):
            return min(cards, key=lambda c: (is_ten(c), power[c]))
        return super().lead(view, cards, suit, power, trump)

    def follow(self, view: View, trick: Trick, cards: list[Card]) -> Card:
        tens = [c for c in cards if is_ten(c)]
        best = trick.best
        if not self.low(view):
            # The partner has the trick won (last to play, or with a trump, a king or an ace): give them a ten.
            if trick.partner_winning and (trick.last or best >= TRUMP_KEY or best % 100 >= KING):
                pad = [c for c in tens if trick.key(c) <= best]
                if pad:
                    return pad[0]
            return super().follow(view, trick, cards)
        # Low no-trump: what the other side takes counts for us; give them tens, duck everything.
        losers, winners, power = trick.losers, trick.winners, trick.power
        if losers:
            pad = [c for c in tens if c in losers]
            if pad and not trick.partner_winning:
                return pad[0]
            return max(losers, key=lambda c: (trick.key(c), power[c]))
        return max(winners, key=lambda c: power[c]) if trick.last else min(winners, key=lambda c: power[c])


heuristic_for("whist_with_tens")(WhistWithTensBot)
