"""A heuristic Rumski bot.

It sees only its view and the legal actions. A hand is judged by what would be left of it once
its own sets were laid and its loose cards added to the Community's: the points of the cards
nothing takes, and a little for every card still held (the fewer, the nearer RUMSKI). It draws
from wherever the hand comes out best (the whole pile when its cards go into sets, the stock
otherwise); it lays every set and every card it can, choosing the play that leaves the best hand,
swaps a natural card for a wild card only when the wild card then makes a new set with two of its
own cards; and it discards the costliest card nothing wants (a discard must match the top card),
knocking when every card that matches is one it needs. In a two-player round where it may not go
out yet, it lays what it can and then knocks and clears the pile, so the round runs dry.
"""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import cards_of, table_melds, taken_by
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import melds
from gamenight.games.rumski.game import fits, three
from gamenight.games.rumski.rules import DECK_CARDS, MELD_RULES, is_wild, value

PER_CARD = 3
"""What each card still held costs beyond its points: every card is a step further from RUMSKI."""
SAMPLE = 12
"""How many unseen cards a stock draw is judged by."""
WILD = next(c for c in DECK_CARDS if is_wild(c))


def cost(hand: list[Card], community: list[list[Card]]) -> float:
    """What is left of a hand once its own sets are laid and its loose cards go onto the Community."""
    if not hand:
        return 0.0
    loose = list(melds.best_arrangement(hand, MELD_RULES).deadwood)
    stuck = [c for c in loose if not any(fits(m, c) for m in community)]
    return sum(map(value, stuck)) + PER_CARD * len(stuck) + len(hand) - len(loose)


class RumskiBot:
    name = "rumski-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        hand = cards_of(view.hand)
        community = table_melds(view)
        waiting = self._may_not_go_out(view)
        verbs = {a.verb for a in legal}
        if verbs & {"draw", "take"}:
            return self._draw(view, hand, community, legal, waiting)
        plays = [a for a in legal if a.verb in ("meld", "lay", "rearrange") or
                 (a.verb == "swap" and self._swap_pays(hand, a))]
        if plays:
            return min(plays, key=lambda a: cost(self._after(hand, a), community))
        knock = next((a for a in legal if a.verb == "knock"), None)
        if waiting and knock is not None:
            return knock  # a round nobody may win yet: let it run dry
        return self._end_turn(view, hand, community, legal, knock)

    @staticmethod
    def _may_not_go_out(view: View) -> bool:
        seat = view.seat if view.seat is not None else 0
        return bool(view.fact("not-out-yet", [False] * view.players)[seat])

    # --- drawing --------------------------------------------------------------------------------------
    def _draw(self, view: View, hand: list[Card], community: list[list[Card]], legal: list[Action],
              waiting: bool) -> Action:
        pile = cards_of(view.pieces("discard"))
        stock = view.zone("stock")
        stock_left = stock is not None and stock.hidden > 0
        if waiting:
            take_all = next((a for a in legal if a.verb == "take" and a.args[:1] == ("pile",)), None)
            if not stock_left and take_all is not None:
                return take_all  # nobody may win this round: empty the table so it ends
            return next((a for a in legal if a.verb == "draw"), legal[0])

        def score(a: Action) -> float:
            if a.verb == "draw":
                if not stock_left:
                    return cost(hand, community) + PER_CARD + 6
                seen = {str(p) for z in view.zones for p in z.pieces}
                pool = [c for c in DECK_CARDS if str(c) not in seen]
                sample = pool[::max(1, len(pool) // SAMPLE)] or pool
                return sum(cost([*hand, c], community) for c in sample) / max(1, len(sample))
            taken = pile if a.args[:1] == ("pile",) else pile[-1:]
            return cost([*hand, *taken], community)

        return min(legal, key=score)

    # --- playing -----------------------------------------------------------------------------------------
    @staticmethod
    def _after(hand: list[Card], a: Action) -> list[Card]:
        """The hand after a play: the cards it names leave the hand (a swap brings the wild card back)."""
        rest = list(hand)
        for c in a.cards:
            if c in rest:
                rest.remove(c)
        return [*rest, WILD] if a.verb == "swap" else rest

    @staticmethod
    def _swap_pays(hand: list[Card], a: Action) -> bool:
        """Swap only when the wild card freed then makes a new set with two cards of the hand."""
        rest = [c for c in hand if c != a.cards[0]]
        return any(three(WILD, x, y) for i, x in enumerate(rest) for y in rest[i + 1:])

    @staticmethod
    def _end_turn(view: View, hand: list[Card], community: list[list[Card]], legal: list[Action],
                  knock: Action | None) -> Action:
        """Discard the card whose going costs the hand least (and helps the next player least); knock when
        every card that matches is one the hand needs."""
        seat = view.seat if view.seat is not None else 0
        nxt = (seat + 1) % view.players
        taken = taken_by(view, nxt)

        def score(a: Action) -> float:
            card = a.cards[0]
            rest = list(hand)
            rest.remove(card)
            feeds = sum(1 for k in taken if k & 15 == card & 15 or (k >> 4 == card >> 4 and abs(k - card) <= 2))
            return cost(rest, community) + 2 * feeds

        discards = [a for a in legal if a.verb == "discard"]
        best = min(discards, key=score, default=None)
        if best is not None and (knock is None or score(best) < cost(hand, community)):
            return best
        return knock or legal[0]


@heuristic_for("rumski")
def make_rumski_bot() -> Bot:
    return RumskiBot()
