"""A Toepen bot: exchange a true all-court hand, keep the strongest card for the last
trick, knock (on its turn or not) when the last trick looks won, and fold weak hands when
the stake rises. It reads only the typed view and the legal actions."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import ZoneKind
from gamenight.games.toepen import NUMBER_RANKS, RANK_POWER

KNOCK = Action("knock")
WAIT = Action("wait")


def power(c: int) -> int:
    return RANK_POWER.get(c & 15, 0)


def _seen(view: View) -> set[int]:
    """Every card face up on the table or shown to the bot: played, in the trick, withdrawn, discarded."""
    return {int(parse_card(t)) for z in view.zones if z.name in ("played", "trick", "withdrawn", "discard")
            for t in z.pieces}


def _trick(view: View) -> list[tuple[int, Card]]:
    zone = view.zone("trick")
    return [(s, parse_card(t)) for s, t in zip(zone.by or (), zone.pieces)] if zone is not None else []


def is_top(card: Card, hand: list[Card], seen: set[int]) -> bool:
    """No unseen card of its suit ranks above it."""
    suit = card >> 4
    for r, p in RANK_POWER.items():
        face = suit * 16 + r
        if p > power(card) and face not in seen and face not in hand:
            return False
    return True


class ToepenBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        hand = [parse_card(t) for t in view.hand]
        if "exchange" in verbs:
            all_court = all(c & 15 not in NUMBER_RANKS for c in hand)
            return Action("exchange") if all_court else Action("keep")
        if "challenge" in verbs:
            # Holding many aces and faces makes an honest all-court hand elsewhere unlikely.
            court = sum(1 for c in hand if c & 15 not in NUMBER_RANKS)
            return Action("challenge") if court >= 3 else Action("pass")
        if "fold" in verbs:
            return self._respond(view, hand)
        for sig in ("whistle", "stand"):
            if Action(sig) in legal and rng.random() < 0.5:
                return Action(sig)
        if KNOCK in legal and self._should_knock(view, hand):
            return KNOCK
        if WAIT in legal:
            return WAIT
        return self._play(view, hand, legal)

    # --- the last trick's prospects --------------------------------------------------------
    def _win_chance(self, view: View, hand: list[Card]) -> float:
        seen = _seen(view)
        trick = _trick(view)
        opponents = max(1, sum(1 for z in view.zones if z.kind is ZoneKind.HAND) - 1)
        if len(hand) == 1 or (not hand and trick):
            mine = hand[0] if hand else None
            if mine is None:
                played = [c for s, c in trick if s == view.seat]
                if not played:
                    return 0.0
                mine = played[0]
                led = trick[0][1] >> 4
                best = max((c for _, c in trick if c >> 4 == led), key=power)
                return 0.55 if best == mine else 0.0
            if trick:
                led = trick[0][1] >> 4
                best = max((c for _, c in trick if c >> 4 == led), key=power)
                if mine >> 4 != led or power(mine) < power(best):
                    return 0.0
                left = opponents - len(trick)
                return 1.0 if left <= 0 or is_top(mine, hand, seen) else 0.6
            return 0.95 if is_top(mine, hand, seen) else 0.45
        if not hand:
            return 0.0
        best = max(hand, key=power)
        base = {8: 0.5, 7: 0.35, 6: 0.25, 5: 0.18}.get(power(best), 0.08)
        if is_top(best, hand, seen):
            base += 0.15
        strong = sum(1 for c in hand if power(c) >= 7)
        base += 0.05 * max(0, strong - 1)
        return min(0.9, base * 3 / (opponents + 2))

    def _should_knock(self, view: View, hand: list[Card]) -> bool:
        chance = self._win_chance(view, hand)
        if len(hand) == 1:
            return chance >= 0.9
        return chance >= 0.45 and view.fact("last-knocker") != view.seat

    def _respond(self, view: View, hand: list[Card]) -> Action:
        stake = int(view.fact("stake"))
        chance = self._win_chance(view, hand) * 0.8  # the knocker is confident
        return Action("stay") if chance > 1.0 / (stake + 1) else Action("fold")

    # --- card play -----------------------------------------------------------------------------
    def _play(self, view: View, hand: list[Card], legal: list[Action]) -> Action:
        plays = [a for a in legal if a.verb == "play"]
        cards: list[Card] = [a.args[0] for a in plays]
        by_card = {int(c): a for c, a in zip(cards, plays)}
        keep = max(hand, key=power)
        trick = [c for _, c in _trick(view)]
        if len(hand) == 2 and trick:
            # Win the third trick with the lesser card to lead the last one with the best.
            led = trick[0] >> 4
            top = max((c for c in trick if c >> 4 == led), key=power)
            winners = [c for c in cards if c != keep and c >> 4 == led and power(c) > power(top)]
            if winners:
                return by_card[int(winners[0])]
        others = [c for c in cards if c != keep] or cards
        return by_card[int(min(others, key=power))]


@heuristic_for("toepen")
def _make() -> ToepenBot:
    return ToepenBot()
