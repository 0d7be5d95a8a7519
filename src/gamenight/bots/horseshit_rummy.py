"""A heuristic Horseshit Rummy bot.

It sees only its view and the legal actions. Wild cards count 100 in hand and on the table alike,
so every card is worth playing out: it picks the spread pile when the set it makes and the cards it
brings are worth more than the cards it takes that will not meld, otherwise it draws; it lays down
every set it can and plays every card it may on the melds (most points first), which goes out as
soon as the hand allows; and it discards the card that helps it least, keeping its wild cards and
pairs, rather not a card of a rank another player picked from the pile.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import table_melds
from gamenight.bots.rummy_sets import SetHand, best_by_points, danger
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import rummy
from gamenight.games.horseshit_rummy.rules import meld_rules, values

PICK_MARGIN = 10
"""A pick must be worth at least this many points more than a blind draw."""


class HorseshitBot:
    name = "horseshit-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        wild_rank = _wild_rank(view)
        table = values(wild_rank, 100)
        hand = SetHand([parse_card(t) for t in view.hand], meld_rules(wild_rank, False), table)
        digs = [a for a in legal if a.verb == "dig"]
        if any(a.verb == "draw" for a in legal):
            pile = [parse_card(t) for t in view.pieces("discard")]
            best = max(digs, key=lambda a: self._pick_worth(hand, pile, a), default=None)
            if best is not None and self._pick_worth(hand, pile, best) >= PICK_MARGIN:
                return best
            return next(a for a in legal if a.verb == "draw")
        melds = [a for a in legal if a.verb in ("meld", "lay")]
        if melds:
            return best_by_points(melds, table)
        seat = view.seat if view.seat is not None else 0
        melded = table_melds(view)
        discards = [a for a in legal if a.verb == "discard"]
        return min(discards, key=lambda a: hand.discard_key(a.args[0], melded,
                                                             danger(view, seat, a.args[0], melded_feeds=False)))

    @staticmethod
    def _pick_worth(hand: SetHand, pile: list[Card], dig: Action) -> int:
        """The points a pick puts on the table, plus what the cards it brings add: a wild card or a card
        that pairs with the hand is worth having, any other counts against."""
        card = dig.args[0]
        melded = [card, *dig.args[1:]]
        at = max(i for i, c in enumerate(pile) if c == card)
        worth = sum(hand.value(c) for c in melded)
        for c in pile[at + 1:]:
            if hand.is_wild(c) or hand.ranks[c & 15] >= 1:
                worth += hand.value(c) // 2
            else:
                worth -= hand.value(c)
        return worth


def _wild_rank(view: View) -> int:
    word = str(view.fact("wild", "aces"))
    ranks = {rummy.rank_word(r): r for r in range(3, 15)}
    return ranks.get(word, 14)


@heuristic_for("horseshit_rummy")
def make_horseshit_bot() -> Bot:
    return HorseshitBot()
