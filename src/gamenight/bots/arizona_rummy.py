"""A heuristic Arizona Rummy bot.

It reads only its view and the legal moves. It picks the top card of a discard pile when that card
is wild, goes on one of its melds or makes a group of three with its hand, and otherwise draws
from the centre. It puts down every meld and lay-off it can (the biggest melds first, then its
costliest cards), so that it goes out as soon as it can and holds little when someone else does.
It throws away the card that helps its melds least, the costliest of equal ones (cards left in
hand count against it), keeping wild cards, and avoids cards that another player could lay on
their own melds or has been picking up. In the last play it plays all it can, then says done.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import cards_of, feeds, first_table_move, fits, partners, table_melds
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families.melds import MeldRules
from gamenight.games.arizona_rummy.cards import meld_rules, values

BOTH = ("set", "run")
TAKE_PARTNERS = 6
"""A pile's top card is taken when it scores this much with the hand (a pair of its rank, or two close
neighbours in its suit): it then makes a group of three."""


def round_rank(view: View) -> int:
    """This round's rank, from the round fact: ``3 of 11: 5 cards, 5s and jokers wild``."""
    return int(str(view.fact("round")).split(": ")[1].split()[0])


class ArizonaBot:
    name = "arizona-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        rank = round_rank(view)
        rules, value = meld_rules(rank), values(rank)
        hand = cards_of(view.hand)
        mine = table_melds(view, seat)
        if any(a.verb in ("draw", "take") for a in legal):
            return self._draw(view, legal, hand, mine, rules)
        table_moves = [a for a in legal if a.verb in ("meld", "lay")]
        if table_moves:
            return first_table_move(table_moves, value.__getitem__)
        discards = [a for a in legal if a.verb == "discard"]
        if not discards:
            return next(a for a in legal if a.verb == "done")
        others = [s for s in range(view.players) if s != seat]

        def key(a: Action) -> tuple[int, int, int, str]:
            card = a.cards[0]
            danger = sum(feeds(card, view, s, table_melds(view, s), rules) for s in others)
            return partners(card, hand, BOTH, rules.wild_faces.__contains__), danger, -value[card], str(a)
        return min(discards, key=key)

    @staticmethod
    def _draw(view: View, legal: list[Action], hand: list[Card], mine: list[list[Card]], rules: MeldRules) -> Action:
        is_wild = rules.wild_faces.__contains__
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.verb != "take":
                continue
            top = parse_card(next(z.pieces[-1] for z in view.zones if z.name == "discard" and z.owner == a.args[1]))
            score = partners(top, [*hand, top], BOTH, is_wild)
            if any(fits(top, m, rules) for m in mine):
                score = max(score, TAKE_PARTNERS)
            if score >= TAKE_PARTNERS and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else next(a for a in legal if a.verb == "draw")


@heuristic_for("arizona_rummy")
def make_arizona_bot() -> Bot:
    return ArizonaBot()
