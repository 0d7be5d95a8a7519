"""A heuristic 10 Dime Rummy bot.

It sees only its view and the legal actions. Before its required meld is down it works toward the
contract: it buys a discard (a dime, with two stock cards) when the card brings the contract closer
and it can spare the dime, keeping dimes for the rounds still to come, and it puts the contract down
as soon as it can, with as many points as the hand allows. Once down it plays out every card it can
(each card laid counts for it instead of against it), buys a wild card or a high card that it can
lay straight off, and goes out whenever it can. It discards the card that helps it least, never a
wild card while it has another choice, and rather not a card that the other players could lay off
on the table or that matches a card they bought.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import table_melds
from gamenight.bots.rummy_sets import SetHand, best_by_points, danger
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families.rummy_contracts import Contract
from gamenight.games.ten_dime_rummy.rules import DIME, MELD_RULES, ROUNDS, VALUES

WORTH_BUYING_DOWN = 20
"""Once down, a card that lays off is bought if it is worth at least this (aces, 2s and jokers)."""


class TenDimeBot:
    name = "ten-dime-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        hand = SetHand([parse_card(t) for t in view.hand], MELD_RULES, VALUES)
        down = bool(view.fact("down", [])[seat])
        buys = [a for a in legal if a.verb == "buy"]
        if buys and self._wants(view, seat, hand, down, buys[0].args[0]):
            return buys[0]
        if any(a.verb == "pass" for a in legal) and not any(a.verb in ("draw", "discard") for a in legal):
            return next(a for a in legal if a.verb == "pass")
        draw = [a for a in legal if a.verb == "draw"]
        if draw:
            return draw[0]
        melds = [a for a in legal if a.verb in ("meld", "lay")]
        if melds:
            return best_by_points(melds, VALUES)
        discards = [a for a in legal if a.verb == "discard"]
        melded = table_melds(view)
        return min(discards, key=lambda a: hand.discard_key(a.args[0], melded, danger(view, seat, a.args[0])))

    @staticmethod
    def _wants(view: View, seat: int, hand: SetHand, down: bool, top: Card) -> bool:
        dimes = view.fact("dimes", [0] * view.players)[seat] // DIME
        rounds_left = ROUNDS - int(view.fact("round", 1))
        spare = dimes > rounds_left // 2
        if not down:
            contract = Contract.parse(view.fact("contract"))
            now, then = hand.distance(contract), hand.plus(top).distance(contract)
            return then < now and (then == 0 or spare)
        return spare and hand.value(top) >= WORTH_BUYING_DOWN and hand.lays_off(top, table_melds(view))


@heuristic_for("ten_dime_rummy")
def make_ten_dime_bot() -> Bot:
    return TenDimeBot()
