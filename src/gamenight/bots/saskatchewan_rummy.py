"""A heuristic bot for Saskatchewan Rummy: in the five paying rounds it ducks the trick and
sheds what costs money (hearts, queens, the king of clubs, high cards before the last
trick); in PayDay it plays the cards that free its own cards and holds back the ones that
would only help the others. It reads only the typed view and the legal actions."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import ZoneKind
from gamenight.games.saskatchewan_rummy import Phase, round_of

ORDER = tuple(range(2, 15))
"""Ace high: PayDay's aces go on top of the kings."""
HEARTS, CLUBS = 2, 0
QUEEN, KING = 12, 13


def rank(c: int) -> int:
    return c & 15


def penalty(round_no: int, c: int) -> int:
    """What holding on to ``c`` could cost if it lands in a trick we take."""
    if round_no == 2:
        return 5 if c >> 4 == HEARTS else 0
    if round_no == 3:
        return 10 if c & 15 == QUEEN else 0
    if round_no == 4:
        return 25 if c == CLUBS * 16 + KING else 0
    return 0


class SaskatchewanBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        plays = [a for a in legal if a.verb == "play"]
        if not plays:
            return legal[0]
        if view.phase == Phase.PAYDAY:
            return self._payday(view, plays)
        return self._trick(view, plays)

    # --- the paying rounds -----------------------------------------------------------------------
    def _trick(self, view: View, plays: list[Action]) -> Action:
        r = round_of(view.hand_no)
        cards: list[Card] = [a.args[0] for a in plays]
        by_card = {int(c): a for c, a in zip(cards, plays)}
        trick = [parse_card(t) for t in view.pieces("trick")]
        hand_size = len(view.hand)
        n_active = sum(1 for z in view.zones if z.kind is ZoneKind.HAND)
        if r == 5 and hand_size > 3:
            # Nothing costs yet: get rid of the high cards while tricks are free.
            return by_card[max(cards, key=rank)]
        if not trick:
            safe = [c for c in cards if not penalty(r, c)] or cards
            return by_card[min(safe, key=rank)]
        led = trick[0] >> 4
        best = max(rank(c) for c in trick if c >> 4 == led)
        last = len(trick) == n_active - 1
        following = cards[0] >> 4 == led
        if not following:
            # Void: dump the costliest card, else the highest.
            return by_card[max(cards, key=lambda c: (penalty(r, c), rank(c)))]
        losers = [c for c in cards if rank(c) < best]
        if losers:
            return by_card[max(losers, key=lambda c: (penalty(r, c), rank(c)))]
        safe = [c for c in cards if not penalty(r, c)] or cards
        pick = max(safe, key=rank) if last else min(safe, key=rank)
        return by_card[pick]

    # --- PayDay --------------------------------------------------------------------------------------
    def _payday(self, view: View, plays: list[Action]) -> Action:
        hand = {int(parse_card(t)) for t in view.hand}
        laid = {int(parse_card(t)) for t in view.pieces("layout")}
        started_suits = {c >> 4 for c in laid}
        gone = {int(parse_card(t)) for t in view.pieces("removed")}  # none when set aside face down

        def score(c: Card) -> float:
            s, r = c >> 4, c & 15
            started = s in started_suits
            directions: list[list[int]] = []
            if not started:
                directions = [list(range(r - 1, 1, -1)), list(range(r + 1, 15))]
            elif r < 7:
                directions = [list(range(r - 1, 1, -1))]
            else:
                directions = [list(range(r + 1, 15))]
            mine = theirs = 0
            for ranks in directions:
                for rr in ranks:
                    f = s * 16 + rr
                    if f in laid or f in gone:
                        continue
                    if f in hand:
                        mine += 1
                    else:
                        theirs += 1
            return 3.0 * mine - 0.5 * theirs + (0.5 if mine and not theirs else 0.0)

        return max(plays, key=lambda a: score(a.args[0]))


@heuristic_for("saskatchewan_rummy")
def _make() -> SaskatchewanBot:
    return SaskatchewanBot()
