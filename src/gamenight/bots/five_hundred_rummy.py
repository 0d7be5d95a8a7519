"""500 Rummy's bot: bids what its counters, trump length and aces are worth, names its
best suit, buries short-suit low cards (never counters), and in play wins tricks
holding counters, pads its partner's winning tricks with counters and otherwise
throws cheap cards."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.bots.tricks import high_bid
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.families import tricks

QS = 12 + 16 * 3
NOTRUMP = "notrump"


def counter(c: int) -> int:
    r = c & 15
    if c == QS:
        return 25
    return 10 if r in (10, 14) else 5 if r == 5 else 0


def suit_value(hand: list[Card], trump: int | None) -> float:
    """An estimate of the points a partnership takes with ``hand`` when ``trump`` is named
    (None: no trump); tuned against self-play."""
    by_suit = [[c & 15 for c in hand if c >> 4 == s] for s in range(4)]
    long_trumps = trump is not None and len(by_suit[trump]) >= 4
    est = 18.0
    for s in range(4):
        ranks = by_suit[s]
        if trump is not None and s == trump:
            n = len(ranks)
            est += 5.5 * n + sum({14: 7, 13: 5, 12: 3, 11: 1.5}.get(r, 0) for r in ranks)
            if n >= 5:
                est += 4 * (n - 4)
            continue
        if 14 in ranks:
            est += 7 if trump is not None else 11
        if 13 in ranks and len(ranks) >= 2:
            est += 3 if trump is not None else 5
        if long_trumps:
            est += {0: 5, 1: 3}.get(len(ranks), 0)
        if trump is None and not ranks:
            est -= 12
    return est


def _trump(view: View) -> int | None:
    """The trump suit named, if any (None before the call and in a no trump hand)."""
    word = view.fact("trump")
    return tricks.SUIT_WORDS.index(word) if word else None


class FiveHundredBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verb = legal[-1].verb
        hand = [parse_card(t) for t in view.hand]
        if verb == "bid":
            return self._bid(view, legal, hand)
        if verb == "call":
            best = max(range(4), key=lambda s: suit_value(hand, s))
            return Action("call", (tricks.SUIT_WORDS[best],))
        if verb == "discard":
            return self._discard(view, legal, hand)
        if verb == "play":
            return self._play(view, legal, hand)
        return rng.choice(legal)

    # --- bidding ----------------------------------------------------------------------------
    def _bid(self, view: View, legal: list[Action], hand: list[Card]) -> Action:
        # Self-play calibration: a bidder's side takes about 43 + 0.55 * estimate (kitty included).
        suit_best = 40 + 0.55 * max(suit_value(hand, s) for s in range(4))
        nt = 40 + 0.55 * suit_value(hand, None)
        bids = [a for a in legal if a.verb == "bid"]
        bidder = high_bid(view)[1]
        partner_high = bidder is not None and (bidder - view.seat) % 2 == 0
        if partner_high:
            suit_best -= 8  # don't outbid a partner without good reason
            nt -= 8
        for a in bids:  # lowest first
            amount = a.numbers[0]
            if NOTRUMP in a.words:
                if nt >= amount + 5 and nt > suit_best:
                    return a
            elif suit_best >= amount:
                return a
        return Action("pass")

    def _discard(self, view: View, legal: list[Action], hand: list[Card]) -> Action:
        trump = _trump(view)
        counts = [sum(1 for c in hand if c >> 4 == s) for s in range(4)]
        cards: list[Card] = [a.args[0] for a in legal]

        def cost(c: Card) -> tuple[int, int, int, int]:
            s = c >> 4
            return (counter(c), 1 if s == trump else 0, (c & 15) if (c & 15) >= 12 else 0, counts[s] * 20 + (c & 15))

        pick = min(cards, key=cost)
        return next(a for a in legal if a.args[0] == pick)

    # --- play -------------------------------------------------------------------------------
    def _play(self, view: View, legal: list[Action], hand: list[Card]) -> Action:
        trump = _trump(view)
        suit, power = tricks.standard_tables(trump)
        cards: list[Card] = [a.args[0] for a in legal]
        by_card = {int(c): a for c, a in zip(cards, legal)}
        played = view.zone("trick")
        trick = list(zip(played.by or (), map(parse_card, played.pieces))) if played is not None else []
        seat = view.seat
        partner = (seat + 2) % 4
        bidder = high_bid(view)[1]
        we_bid = bidder is not None and (bidder - seat) % 2 == 0

        def key(c: int, led: int) -> int:
            s = suit[c]
            if trump is not None and s == trump:
                return power[c] + 1000
            return power[c] if s == led else -1

        def cheap(pool: list[Card]) -> Card:
            return min(pool, key=lambda c: (counter(c), 1 if suit[c] == trump else 0, power[c]))

        if not trick:
            trumps = [c for c in cards if trump is not None and suit[c] == trump]
            if we_bid and len(trumps) >= 3:
                return by_card[max(trumps, key=lambda c: power[c])]
            aces = [c for c in cards if c & 15 == 14 and suit[c] != trump]
            if aces:
                return by_card[aces[0]]
            plain = [c for c in cards if suit[c] != trump] or cards
            return by_card[cheap(plain)]
        led = suit[trick[0][1]]
        best_seat, best = trick[0][0], key(trick[0][1], led)
        for s, c in trick[1:]:
            k = key(c, led)
            if k > best:
                best_seat, best = s, k
        last = len(trick) == 3
        points = sum(counter(c) for _, c in trick)
        winners = [c for c in cards if key(c, led) > best]
        losers = [c for c in cards if key(c, led) <= best]
        if best_seat == partner:
            secure = last or best >= 1000 + 12 or (best % 1000 >= 14 and led != trump)
            if secure and losers:
                pad = max(losers, key=lambda c: (counter(c), -power[c]))
                if counter(pad):
                    return by_card[pad]
            return by_card[cheap(losers or cards)]
        if winners:
            worth = points > 0 or last or any(counter(c) for c in winners)
            if worth:
                if last:
                    # Win with the cheapest winner, or a winning counter that brings itself home.
                    return by_card[max(winners, key=lambda c: (counter(c), -key(c, led)))]
                return by_card[max(winners, key=lambda c: key(c, led))]
        return by_card[cheap(losers or cards)]


heuristic_for("five_hundred_rummy")(FiveHundredBot)
