"""A heuristic Sticks bot.

It sees only its view and the legal actions. Before its stick is down it plays toward the stick: it
takes the top discard when that brings the stick closer, lays the stick down as soon as it can (with
the fewest wild cards), and discards the card the stick needs least, never a wild card while it has
another choice, and rather not a card the next player has been collecting. Once its stick is down it
races to go out: it takes a discard that plays on the table, swaps wild cards out of other players'
sets (each swap plays a card), lays off every card it can, and discards a card that plays nowhere,
rather not one the next player could lay off. With the house rule it trades in a stick its hand is
far from.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from gamenight.bots.base import Bot, heuristic_for
from gamenight.bots.rummy_melds import table_melds
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import rummy
from gamenight.families.meld_lanes import positions, window
from gamenight.families.rummy_contracts import Contract
from gamenight.games.sticks.rules import MELD_RULES, is_wild

TRADE_AT = 5
"""Trade a stick in (where the house allows it) when the hand lacks at least this many cards for it."""


def stick_distance(hand: Sequence[Card], contract: Contract) -> int:
    """How many cards the hand still lacks for the stick: each meld, longest first, made from the natural
    cards left where they are thickest (a rank for a set, a stretch of a suit for a run), then the wild
    cards filling the gaps (every meld keeps a natural card of its own)."""
    naturals = [c for c in hand if not is_wild(c)]
    wilds = len(hand) - len(naturals)
    missing = unfilled = 0
    for req in sorted(contract.parts, key=lambda p: -p.length):
        used = _best_set(naturals, req.length) if req.kind == "set" else _best_run(naturals, req.length)
        for c in used:
            naturals.remove(c)
        missing += req.length - len(used)
        unfilled += not used
    return missing - min(wilds, missing - unfilled)


def _best_set(naturals: Sequence[Card], length: int) -> list[Card]:
    if not naturals:
        return []
    rank, _ = Counter(c & 15 for c in naturals).most_common(1)[0]
    return [c for c in naturals if c & 15 == rank][:length]


def _best_run(naturals: Sequence[Card], length: int) -> list[Card]:
    best: list[Card] = []
    for suit in range(4):
        lane = window(suit, MELD_RULES)
        at: dict[int, Card] = {}
        for c in naturals:
            if c >> 4 == suit:
                for p in positions(suit, c & 15, MELD_RULES):
                    at.setdefault(p, c)
        if lane is None or not at:
            continue
        for start in range(lane[0], lane[1] - length + 2):
            used = list({id(at[p]): at[p] for p in range(start, start + length) if p in at}.values())
            if len(used) > len(best):
                best = used
    return best


def _plays(card: Card, melds: Sequence[Sequence[Card]]) -> bool:
    return any(rummy.lay_problem(m, [card], MELD_RULES) is None for m in melds)


class SticksBot:
    name = "sticks-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.seat if view.seat is not None else 0
        hand = [parse_card(t) for t in view.hand]
        down = bool(view.fact("stick", [])[seat])
        contract = Contract.parse(view.fact("my_stick"))
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        melds = table_melds(view)
        if "trade" in by_verb and stick_distance(hand, contract) >= TRADE_AT:
            return by_verb["trade"][0]
        if "draw" in by_verb:
            take = by_verb.get("take")
            pile = view.pieces("discard")
            if take and self._wants(hand, parse_card(pile[-1]), contract, down, melds):
                return take[0]
            return by_verb["draw"][0]
        for verb in ("swap", "meld"):
            if verb in by_verb:
                return by_verb[verb][0]
        if "lay" in by_verb:
            return min(by_verb["lay"], key=lambda a: is_wild(a.cards[0]))  # naturals first: wild cards fit anywhere
        return self._discard(view, seat, hand, contract, down, melds, by_verb["discard"])

    @staticmethod
    def _wants(hand: list[Card], top: Card, contract: Contract, down: bool, melds: list[list[Card]]) -> bool:
        if down:
            return _plays(top, melds)
        now = stick_distance(hand, contract)
        grown = [*hand, top]
        return min(stick_distance(grown[:i] + grown[i + 1:], contract) for i in range(len(hand))) < now

    @staticmethod
    def _discard(view: View, seat: int, hand: list[Card], contract: Contract, down: bool, melds: list[list[Card]],
                 discards: list[Action]) -> Action:
        after = (seat + 1) % view.players
        collecting = [parse_card(t) for z in view.zones if z.name == "taken" and z.owner == after for t in z.pieces]
        next_down = bool(view.fact("stick", [])[after])

        def key(a: Action) -> tuple[int, ...]:
            card = a.cards[0]
            rest = list(hand)
            rest.remove(card)
            feeds = sum(1 for k in collecting if k & 15 == card & 15 or (k >> 4 == card >> 4
                                                                          and abs((k & 15) - (card & 15)) <= 2))
            plays = _plays(card, melds)
            if down:
                return (is_wild(card), plays, feeds + 2 * (plays and next_down))
            return (is_wild(card), stick_distance(rest, contract), feeds + 2 * (plays and next_down))
        return min(discards, key=key)


@heuristic_for("sticks")
def make_sticks_bot() -> Bot:
    return SticksBot()
