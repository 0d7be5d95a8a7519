"""A heuristic Five Hundreds bot.

It sees only its view and the legal actions. It calls "Rummy" whenever it may (a free card on the
table for it). It draws where the hand it would hold, plus the cards it would lay at once, is worth
most: the stock, the top of the line, or a dig whose card goes straight into a meld. It lays every
meld and lay-off it can (cards on the table count for it, cards in hand against it), choosing the
ones that leave the best hand, and discards the card it needs least -- never, if it can help it, a
card someone could call "Rummy" on, or one the next player picked up the like of. When the stock is
empty it ends the hand rather than circle the line, unless the line gives it a meld.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import cards_of, table_melds, taken_by
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import melds
from gamenight.families.rummy import groups_of
from gamenight.games.five_hundreds.game import fits
from gamenight.games.five_hundreds.rules import DECK_CARDS, HIGH_OR_LOW, MELD_RULES, value

RULES = MELD_RULES[HIGH_OR_LOW]
IN_HAND_MELD = 0.8
"""A meld still in hand is worth this share of its points: it counts against you if someone goes out."""
DEAD_WEIGHT = 0.5
"""A card no meld holds is held against the hand at this share of its points: it may still be laid later."""
SAMPLE = 12
"""How many unseen cards a stock draw is judged by."""
FEED_PENALTY = 2
"""How much a discard that someone could call "Rummy" on is held against it, per point of the card."""


def worth(hand: list[Card], table: list[list[Card]]) -> float:
    """A hand's worth: its melds at a share of their points, the loose cards that could be laid on the
    table at nearly theirs, less the loose cards nothing takes."""
    if not hand:
        return 0.0
    arrangement = melds.best_arrangement(hand, RULES)
    melded = sum(value(c) for m in arrangement.melds for c in m)
    loose = list(arrangement.deadwood)
    layable = sum(value(c) for c in loose if any(fits(m, [c], RULES) for m in table))
    dead = sum(map(value, loose)) - layable
    return IN_HAND_MELD * (melded + layable) - DEAD_WEIGHT * dead


def unseen(view: View) -> list[Card]:
    """The cards this seat has not seen anywhere: the stock and the other hands, as far as it knows."""
    seen = {str(p) for z in view.zones for p in z.pieces}
    return [c for c in DECK_CARDS if str(c) not in seen]


class FiveHundredsBot:
    name = "five-hundreds-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        calls = [a for a in legal if a.verb == "rummy"]
        if calls:
            return calls[0]
        if all(a.verb == "pass" for a in legal):
            return legal[0]
        hand = cards_of(view.hand)
        table = table_melds(view)
        if any(a.verb in ("draw", "take", "dig") for a in legal):
            return self._draw(view, hand, table, legal)
        plays = [a for a in legal if a.verb in ("meld", "lay")]
        if plays:
            return max(plays, key=lambda a: self._after_play(hand, table, a))
        return self._discard(view, hand, table, legal)

    # --- drawing ------------------------------------------------------------------------------------
    def _draw(self, view: View, hand: list[Card], table: list[list[Card]], legal: list[Action]) -> Action:
        line = cards_of(view.pieces("discard"))
        stock = view.zone("stock")
        if stock is not None and stock.hidden:
            pool = unseen(view)
            step = max(1, len(pool) // SAMPLE)
            sample = pool[::step] or pool
            from_stock = sum(worth([*hand, c], table) for c in sample) / len(sample) if sample else worth(hand, table)
        else:
            from_stock = worth(hand, table) + 10  # the hand ends (or the line is turned over)

        def score(a: Action) -> float:
            if a.verb == "draw":
                return from_stock
            if a.verb == "take":
                return worth([*hand, line[-1]], table)
            card = a.cards[0]
            at = max(i for i, c in enumerate(line) if c == card)
            rest = [*hand, *line[at + 1:]]
            for c in a.cards[1:]:
                rest.remove(c)
            return sum(map(value, a.cards)) + worth(rest, table)

        return max(legal, key=score)

    # --- playing ------------------------------------------------------------------------------------
    @staticmethod
    def _after_play(hand: list[Card], table: list[list[Card]], a: Action) -> float:
        laid = [c for g in groups_of(a.args) for c in g.cards]
        rest = list(hand)
        for c in laid:
            rest.remove(c)
        return sum(map(value, laid)) + worth(rest, table)

    @staticmethod
    def _discard(view: View, hand: list[Card], table: list[list[Card]], legal: list[Action]) -> Action:
        seat = view.seat if view.seat is not None else 0
        nxt = (seat + 1) % view.players
        taken = taken_by(view, nxt)

        def score(a: Action) -> float:
            card = a.cards[0]
            rest = list(hand)
            rest.remove(card)
            fed = FEED_PENALTY * value(card) if any(fits(m, [card], RULES) for m in table) else 0
            helps = sum(1 for k in taken if k & 15 == card & 15 or (k >> 4 == card >> 4 and abs(k - card) <= 2))
            return worth(rest, table) - fed - 3 * helps

        discards = [a for a in legal if a.verb == "discard"]
        return max(discards, key=score) if discards else legal[0]


@heuristic_for("five_hundreds")
def make_five_hundreds_bot() -> Bot:
    return FiveHundredsBot()
