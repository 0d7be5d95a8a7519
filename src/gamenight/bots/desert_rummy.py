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
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import melds, rummy
from gamenight.families.rummy import Contract
from gamenight.games.desert_rummy.cards import MELD_RULES, is_wild

WILD_KEEP = 100
"""A wild card is worth more than any partner count: never thrown while another card can go."""


def _cards(texts: tuple[str, ...] | list[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def _pos(c: int) -> int:
    return c & 15


def partners(card: Card, hand: list[Card], contract: Contract | None) -> int:
    """How much ``card`` helps toward a meld among the other cards of ``hand`` (which holds it): same-rank
    cards for sets, near cards of its suit for runs (the contract says which count; once down both do)."""
    if is_wild(card):
        return WILD_KEEP
    kinds = {r.kind for r in contract.parts} if contract is not None else {"set", "run"}
    others = list(hand)
    others.remove(card)
    score = 0
    for other in others:
        if is_wild(other):
            continue
        if "set" in kinds and other & 15 == card & 15:
            score += 3
        if "run" in kinds and other >> 4 == card >> 4 and other != card:
            gap = abs(_pos(other) - _pos(card))
            if gap <= 2:
                score += 3 - gap
    return score


def feeds(card: Card, view: View, seat: int) -> int:
    """How useful ``card`` looks to the next player: it fits one of their melds, or matches what they took."""
    nxt = (seat + 1) % view.players
    danger = 0
    for z in view.zones:
        if z.name == "meld" and z.owner == nxt:
            cs = _cards(z.pieces)
            grown = rummy.run_order([*cs, card], MELD_RULES) if rummy.run_start(cs, MELD_RULES) is not None \
                else ([*cs, card] if melds.is_meld([*cs, card], MELD_RULES) else None)
            if grown is not None and melds.is_meld(grown, MELD_RULES):
                danger += 5
        if z.name == "taken" and z.owner == nxt:
            for t in _cards(z.pieces):
                if t & 15 == card & 15 or (t >> 4 == card >> 4 and abs(_pos(t) - _pos(card)) <= 2):
                    danger += 1
    return danger


class DesertBot:
    name = "desert-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        hand = _cards(view.hand)
        down = bool(view.fact("down", [False] * view.players)[seat])
        meld_text = str(view.fact("meld", ["1: 2 sets of 3"] * view.players)[seat])
        contract = Contract.parse(meld_text.split(": ", 1)[1])
        verbs = {a.verb for a in legal}
        if verbs & {"draw", "take"}:
            return self._draw(view, legal, hand, down, contract, seat)
        table_moves = [a for a in legal if a.verb in ("meld", "lay", "swap")]
        if not any(a.verb == "discard" for a in legal):
            return max(table_moves, key=lambda a: len(a.cards))  # the wild card won by a swap
        if table_moves:
            return self._table_move(table_moves)
        return self._discard(view, legal, hand, None if down else contract, seat)

    @staticmethod
    def _draw(view: View, legal: list[Action], hand: list[Card], down: bool, contract: Contract,
              seat: int) -> Action:
        pile = view.pieces("discard")
        take = rummy.TAKE_DISCARD
        if not pile or take not in legal:
            return legal[0]
        top = parse_card(pile[-1])
        grown = [*hand, top]
        if down:
            wanted = is_wild(top) or partners(top, grown, None) >= 6
        else:
            makes = bool(rummy.contract_melds(grown, contract, MELD_RULES, limit=1)) and \
                not rummy.contract_melds(hand, contract, MELD_RULES, limit=1)
            wanted = makes or is_wild(top) or partners(top, grown, contract) >= 6
        return take if wanted else rummy.DRAW_STOCK

    @staticmethod
    def _table_move(moves: list[Action]) -> Action:
        """New melds first (the biggest), then lay-offs, then swaps."""
        order = {"meld": 0, "lay": 1, "swap": 2}
        return min(moves, key=lambda a: (order[a.verb], -len(a.cards), str(a)))

    @staticmethod
    def _discard(view: View, legal: list[Action], hand: list[Card], contract: Contract | None,
                 seat: int) -> Action:
        discards = [a for a in legal if a.verb == "discard"]

        def key(a: Action) -> tuple[int, int, int, str]:
            card = a.cards[0]
            return partners(card, hand, contract), feeds(card, view, seat), -(card & 15), str(a)
        return min(discards, key=key)


@heuristic_for("desert_rummy")
def make_desert_bot() -> Bot:
    return DesertBot()
