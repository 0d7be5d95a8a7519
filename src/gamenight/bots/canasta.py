"""A heuristic bot for the partnership canasta games (Canasta; Hand and Foot reuses it).

It sees only its view and the legal moves. Before the draw it takes the discard pile when the take
melds its top card and the pile is worth having (a frozen pile only when it pays: four cards or
more), and otherwise draws. It then melds: the first meld that reaches the side's minimum with the
most cards, then every meld or lay-off that places natural cards, keeping wild cards for the melds
they complete into canastas. It goes out when it can and going out wins more than waiting (the
partner holds few cards, or the stock is nearly gone), and answers "may I go out?" yes when its own
hand would cost little. It discards what the next player cannot use: a black three first, never a
wild card, not a rank the other side has melded or took from the pile, not one of a pair it holds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from gamenight.bots.base import Bot, heuristic_for
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import rummy
from gamenight.games.canasta import cards as cc

FROZEN_PILE_PAYS = 4
"""A frozen pile is worth taking with this many cards in it or more."""
PARTNER_FEW = 6
"""Go out when the partner holds this many cards or fewer (they count against the side)."""
STOCK_LOW = 12
"""...or when the stock is this low: waiting risks nothing more to gain."""
SMALL_HAND = 40
"""Answer "yes" to "may I go out?" when the cards in hand are worth this little."""


@dataclass(frozen=True)
class Table:
    """What the bot reads off its view."""

    seat: int
    side: int
    hand: list[Card]
    partner_cards: int
    stock: int
    pile: list[Card]
    frozen: bool
    mine: list[list[Card]]
    """The side's melds."""
    theirs: list[list[Card]]
    their_taken: list[Card]


def read(view: View) -> Table:
    seat = view.seat if view.seat is not None else 0
    teams = view.teams or ((0, 2), (1, 3))
    side = next(i for i, t in enumerate(teams) if seat in t)
    partners = [s for s in teams[side] if s != seat]
    held = {s: sum(len(z.pieces) + z.hidden for z in view.zones if z.name in ("hand", "taken") and z.owner == s)
            for s in range(view.players)}
    stock = view.zone("stock")
    melds = [(z.team, [parse_card(p) for p in z.pieces]) for z in view.zones if z.name == "meld"]
    taken = [parse_card(p) for z in view.zones if z.name == "taken" and z.owner is not None
             and z.owner not in teams[side] for p in z.pieces]
    return Table(seat, side, [parse_card(p) for p in view.hand], min((held[p] for p in partners), default=0),
                 stock.hidden if stock is not None else 0, [parse_card(p) for p in view.pieces("discard")],
                 bool(view.fact("frozen")), [m for t, m in melds if t == side], [m for t, m in melds if t != side],
                 taken)


class CanastaBot:
    """Plays a partnership canasta game; ``wild`` says which cards are wild, ``size`` is a canasta."""

    def __init__(self, name: str, wild: Callable[[int], bool] = cc.is_wild, size: int = cc.CANASTA_SIZE) -> None:
        self.name = name
        self.wild = wild
        self.size = size

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        table = read(view)
        if "answer" in verbs:
            return self._answer(table, legal)
        if "draw" in verbs or any(a.verb == "take" for a in legal):
            return self._draw(table, legal)
        out = self._going_out(table, legal)
        if out is not None:
            return out
        meld = self._best_meld(table, legal)
        if meld is not None:
            return meld
        discards = [a for a in legal if a.verb == "discard"]
        return self._discard(table, discards) if discards else legal[0]

    # --- decisions ------------------------------------------------------------------------------------
    def _answer(self, table: Table, legal: list[Action]) -> Action:
        worth = sum(cc.VALUES[c] for c in table.hand)
        want = "yes" if worth <= SMALL_HAND else "no"
        return next((a for a in legal if a.args == (want,)), legal[0])

    def _draw(self, table: Table, legal: list[Action]) -> Action:
        takes = [a for a in legal if a.verb == "take"]
        if takes and (not table.frozen or len(table.pile) >= FROZEN_PILE_PAYS):
            return max(takes, key=lambda a: (len(a.cards), -sum(self.wild(c) for c in a.cards)))
        if takes and len(table.pile) >= 2:
            return max(takes, key=lambda a: len(a.cards))
        draw = next((a for a in legal if a.verb == "draw"), None)
        return draw if draw is not None else legal[0]

    def _going_out(self, table: Table, legal: list[Action]) -> Action | None:
        emptying = [a for a in legal if a.verb in ("meld", "lay") and len(a.cards) == len(table.hand)]
        if len(table.hand) == 1:
            emptying += [a for a in legal if a.verb == "discard"]
        if emptying and (table.partner_cards <= PARTNER_FEW or table.stock <= STOCK_LOW):
            return emptying[0]
        return None

    def _best_meld(self, table: Table, legal: list[Action]) -> Action | None:
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.verb not in ("meld", "lay") or len(a.cards) == len(table.hand):
                continue
            score = self._worth(table, a)
            if score > 0 and (best is None or score > best[0]):
                best = (score, a)
        return best[1] if best else None

    def _worth(self, table: Table, a: Action) -> int:
        """Natural cards placed count; a wild card counts only where it brings a meld to a canasta."""
        score = 0
        for g in rummy.groups_of(a.args):
            naturals = [c for c in g.cards if not self.wild(c)]
            wilds = len(g.cards) - len(naturals)
            if g.on is not None and 0 < g.on <= len(table.mine):
                now = len(table.mine[g.on - 1])
            else:
                rank = naturals[0] & 15 if naturals else None
                now = next((len(m) for m in table.mine if len(m) < self.size and rank is not None
                            and any(c & 15 == rank and not self.wild(c) for c in m)), 0)
            completes = now < self.size <= now + len(g.cards)
            score += 2 * len(naturals) + (12 if completes else 0) - (0 if completes else 3 * wilds)
        return score

    def _discard(self, table: Table, discards: list[Action]) -> Action:
        their_ranks = {c & 15 for m in table.theirs for c in m if not self.wild(c)}
        their_ranks |= {c & 15 for c in table.their_taken}
        counts: dict[int, int] = {}
        for c in table.hand:
            counts[c & 15] = counts.get(c & 15, 0) + 1

        def cost(a: Action) -> tuple[int, int]:
            c = a.cards[0]
            if cc.is_black_three(c):
                return (-100, 0)
            if self.wild(c):
                return (100, 0)
            feeds = 40 if c & 15 in their_ranks else 0
            return (feeds + 15 * (counts[c & 15] - 1), -cc.VALUES[c])

        return min(discards, key=cost)


@heuristic_for("canasta")
def canasta_bot() -> Bot:
    return CanastaBot("canasta-heuristic")
