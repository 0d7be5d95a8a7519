"""A heuristic Desert Rummy bot.

It reads only its view and the legal moves. Not yet down, it lays its meld down the moment the
moves offer it, takes the top discard only when that card lays the meld down or makes a group of
three toward it, and throws away the card that helps its meld least (partners of the same rank
count when the meld asks sets, neighbours in the suit when it asks runs; wild cards are kept).
Once down it plays every card it can (new melds first, then lay-offs, swapping a natural card
for a wild card in a run when the wild card has a home), and goes out as soon as it can. Among
equal discards it avoids the cards the next player could use: cards that fit the next player's
own melds, or that match the cards they took from the pile.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import cards_of, feeds, first_table_move, partners, table_melds
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import rummy, rummy_contracts
from gamenight.families.rummy_contracts import Contract
from gamenight.games.desert_rummy import cards as dc
from gamenight.games.desert_rummy.cards import MELD_RULES, is_wild

BOTH = ("set", "run")


class DesertBot:
    name = "desert-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        hand = cards_of(view.hand)
        down = bool(view.fact("down")[seat])
        contract = dc.contract(int(view.fact("meld")[seat]))
        verbs = {a.verb for a in legal}
        if verbs & {"draw", "take"}:
            return self._draw(view, legal, hand, down, contract)
        table_moves = [a for a in legal if a.verb in ("meld", "lay", "swap")]
        if not any(a.verb == "discard" for a in legal):
            return max(table_moves, key=lambda a: len(a.cards))  # the wild card won by a swap
        if table_moves:
            return first_table_move(table_moves)
        kinds = BOTH if down else [r.kind for r in contract.parts]
        nxt = (seat + 1) % view.players
        theirs = table_melds(view, nxt)

        def key(a: Action) -> tuple[int, int, int, str]:
            card = a.cards[0]
            return partners(card, hand, kinds, is_wild), feeds(card, view, nxt, theirs, MELD_RULES), -(card & 15), \
                str(a)
        return min((a for a in legal if a.verb == "discard"), key=key)

    @staticmethod
    def _draw(view: View, legal: list[Action], hand: list[Card], down: bool, contract: Contract) -> Action:
        pile = view.pieces("discard")
        if not pile or rummy.TAKE_DISCARD not in legal:
            return legal[0]
        top = parse_card(pile[-1])
        grown = [*hand, top]
        kinds = BOTH if down else [r.kind for r in contract.parts]
        makes = not down and bool(rummy_contracts.contract_ways(grown, contract, MELD_RULES, limit=1)) and \
            not rummy_contracts.contract_ways(hand, contract, MELD_RULES, limit=1)
        wanted = makes or is_wild(top) or partners(top, grown, kinds, is_wild) >= 6
        return rummy.TAKE_DISCARD if wanted else rummy.DRAW_STOCK


@heuristic_for("desert_rummy")
def make_desert_bot() -> Bot:
    return DesertBot()
