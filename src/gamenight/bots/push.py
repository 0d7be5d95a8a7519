"""A heuristic Push bot.

It reads only its view and the legal moves. Before its contract is down it lays the contract
the moment the moves offer it, takes the top discard only when that card lays the contract down
(or is wild), and otherwise pushes it: the opponent on its left gets two more cards to count.
It throws away the card that helps its contract least, the costlier of equal ones (cards left in
hand count against the team), keeping wild cards. Once down it plays every card it can (new melds
first, then its costliest cards onto any meld, then swaps) and goes out as soon as it can; its
discards are then its costliest cards, avoiding those the next player, an opponent, could lay
on the table or has been collecting.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import cards_of, contract_of, feeds, first_table_move, partners, table_melds
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import rummy, rummy_contracts
from gamenight.families.rummy_contracts import Contract
from gamenight.games.push.cards import MELD_RULES as RULES
from gamenight.games.push.cards import VALUES, is_wild

BOTH = ("set", "run")


class PushBot:
    name = "push-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        hand = cards_of(view.hand)
        down = bool(view.fact("down")[seat])
        contract = contract_of(view, "contract")
        verbs = {a.verb for a in legal}
        if verbs & {"take", "push"}:
            return self._draw(view, legal, hand, down, contract)
        table_moves = [a for a in legal if a.verb in ("meld", "lay", "swap")]
        if not any(a.verb == "discard" for a in legal):
            return max(table_moves, key=lambda a: len(a.cards))  # the wild card won by a swap
        if table_moves:
            return first_table_move(table_moves, VALUES.__getitem__)
        kinds = BOTH if down else [r.kind for r in contract.parts]
        nxt = (seat + 1) % view.players
        danger = table_melds(view) if view.fact("down")[nxt] else []

        def key(a: Action) -> tuple[int, int, int, str]:
            card = a.cards[0]
            return partners(card, hand, kinds, is_wild), feeds(card, view, nxt, danger, RULES), -VALUES[card], str(a)
        return min((a for a in legal if a.verb == "discard"), key=key)

    @staticmethod
    def _draw(view: View, legal: list[Action], hand: list[Card], down: bool, contract: Contract) -> Action:
        pile = view.pieces("discard")
        push = next((a for a in legal if a.verb == "push"), legal[0])
        if not pile or rummy.TAKE_DISCARD not in legal:
            return push
        top = parse_card(pile[-1])
        if is_wild(top):
            return rummy.TAKE_DISCARD
        if down:
            playable = any(rummy.lay_out([m], [rummy.RUN if rummy.run_start(m, RULES) is not None else rummy.SET],
                                         [rummy.Group((top,), 1)], RULES).problem is None for m in table_melds(view))
            return rummy.TAKE_DISCARD if playable else push
        makes = bool(rummy_contracts.contract_ways([*hand, top], contract, RULES, limit=1)) and \
            not rummy_contracts.contract_ways(hand, contract, RULES, limit=1)
        return rummy.TAKE_DISCARD if makes or partners(top, [*hand, top], BOTH, is_wild) >= 6 else push


@heuristic_for("push")
def make_push_bot() -> Bot:
    return PushBot()
