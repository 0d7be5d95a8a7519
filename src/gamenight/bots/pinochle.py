"""A heuristic Pinochle bot: bids what its meld plus the expected trick points (with its
partner's help) are worth, asks for and names its best trump, passes sensible cards,
throws in a hopeless hand, and plays within the crawl and over-trump rules to win
counters or feed them to its partner. It reads only the typed view and the legal actions."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.bots.tricks import high_bid
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.families import tricks
from gamenight.games.pinochle import Phase
from gamenight.games.pinochle.meld import ACE, KING, RANK_ORDER, TEN, best_meld

COUNTERS = (ACE, TEN, KING)
PARTNER_MELD = 12
"""What the bot expects its partner's meld and the three cards passed to add."""


def _hand(view: View) -> list[Card]:
    """The cards the bot holds: its hand and the meld it laid out (played from the table)."""
    laid = [t for z in view.zones if z.name == "meld" and z.owner == view.seat for t in z.pieces]
    return [parse_card(t) for t in (*view.hand, *laid)]


def _suit(view: View, name: str) -> int | None:
    word = view.fact(name)
    return tricks.SUIT_WORDS.index(word) if word else None


def _trick_estimate(hand: list[Card], trump: int) -> float:
    """Expected trick points for the team when ``trump`` is trumps and this hand leads."""
    trumps = [c for c in hand if c >> 4 == trump]
    aces = sum(1 for c in hand if c & 15 == ACE and c >> 4 != trump)
    trump_aces = sum(1 for c in trumps if c & 15 == ACE)
    voids = sum(1 for s in range(4) if s != trump and not any(c >> 4 == s for c in hand))
    est = 12 + 1.6 * len(trumps) + 1.2 * aces + 0.8 * trump_aces + 1.5 * voids
    return min(est, 46.0)


def hand_value(hand: list[Card], trump: int, passed_in: int = 3) -> float:
    """Meld plus expected trick points with ``trump`` as trumps, counting on ``passed_in``
    more trumps from the partner and the partner's meld."""
    return best_meld(hand, trump) + _trick_estimate(hand, trump) + 1.6 * passed_in + PARTNER_MELD


def _best_suit(hand: list[Card], passed_in: int) -> tuple[int, float]:
    values = [(hand_value(hand, s, passed_in), s) for s in range(4)]
    value, suit = max(values)
    return suit, value


def _find(legal: list[Action], verb: str, cards: list[Card]) -> Action | None:
    want = sorted(int(c) for c in cards)
    for a in legal:
        if a.verb == verb and sorted(int(c) for c in a.cards) == want:
            return a
    return None


class PinochleBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == Phase.BID:
            return self._bid(view, legal)
        if phase == Phase.ASK:
            suit, _ = _best_suit(_hand(view), 3)
            return next(a for a in legal if a.args and a.args[0] == tricks.SUIT_WORDS[suit])
        if phase == Phase.GIVE:
            return self._give(view, legal) or rng.choice(legal)
        if phase == Phase.RETURN:
            return self._return(view, legal) or rng.choice(legal)
        if phase == Phase.TRUMP:
            suit, _ = _best_suit(_hand(view), 0)
            return next(a for a in legal if a.args and a.args[0] == tricks.SUIT_WORDS[suit])
        if phase == Phase.PLAY:
            return self._play(view, legal)
        return rng.choice(legal)

    # --- the auction ---------------------------------------------------------------------------
    def _bid(self, view: View, legal: list[Action]) -> Action:
        bids = [a for a in legal if a.verb == "bid"]
        if not bids:
            return legal[0]
        lowest = min(bids, key=lambda a: a.numbers[0])
        if Action("pass") not in legal:
            return lowest  # the dealer is forced to bid
        hand = _hand(view)
        _, value = _best_suit(hand, 3)
        partner = (view.seat + 2) % 4
        said = view.fact("bids") or [""] * 4
        if said[partner] not in ("", "pass"):
            value += 4  # partner has shown strength
        limit = value
        if high_bid(view)[1] == partner and limit < lowest.numbers[0] + 15:
            return Action("pass")  # leave the contract with partner unless much stronger
        if lowest.numbers[0] <= limit:
            return lowest
        return Action("pass")

    # --- the exchange -------------------------------------------------------------------------
    def _give(self, view: View, legal: list[Action]) -> Action | None:
        hand = _hand(view)
        asked = _suit(view, "asked")
        order = {r: i for i, r in enumerate(RANK_ORDER)}
        of_suit = sorted((c for c in hand if c >> 4 == asked), key=lambda c: order[c & 15])
        chosen = of_suit[:3]
        if len(chosen) < 3:
            rest = [c for c in hand if c >> 4 != asked]
            rest.sort(key=lambda c: (c & 15 != ACE, order[c & 15]))
            chosen += rest[:3 - len(chosen)]
        return _find(legal, "give", chosen)

    def _return(self, view: View, legal: list[Action]) -> Action | None:
        hand = _hand(view)
        trump, _ = _best_suit(hand, 0)
        keep = list(hand)
        chosen: list[Card] = []
        for _ in range(3):
            base = best_meld(keep, trump)
            lengths = [sum(1 for c in keep if c >> 4 == s) for s in range(4)]

            def cost(c: Card, base: int = base, lengths: list[int] = lengths) -> float:
                rest = list(keep)
                rest.remove(c)
                loss = base - best_meld(rest, trump)
                rank = c & 15
                return (loss * 10 + (60 if c >> 4 == trump else 0) + (25 if rank == ACE else 0)
                        + (4 if rank == TEN else 0) + lengths[c >> 4])

            pick = min(dict.fromkeys(keep), key=cost)
            keep.remove(pick)
            chosen.append(pick)
        return _find(legal, "give", chosen)

    # --- the play -------------------------------------------------------------------------------
    def _play(self, view: View, legal: list[Action]) -> Action:
        throw = Action("throw", ("in",))
        plays = [a for a in legal if a.verb == "play"]
        trump = _suit(view, "trump")
        seat = view.seat
        hand = _hand(view)
        if throw in legal and trump is not None:
            melds = view.fact("meld") or [0] * 4
            need = high_bid(view)[0] - melds[seat] - melds[(seat + 2) % 4]
            if need > _trick_estimate(hand, trump) + 12:
                return throw
        suit, power = tricks.ranked_tables(RANK_ORDER, trump)
        cards: list[Card] = [a.args[0] for a in plays]
        by_card = {int(c): a for c, a in zip(cards, plays)}
        zone = view.zone("trick")
        trick = [(s, parse_card(t)) for s, t in zip(zone.by or (), zone.pieces)] if zone is not None else []
        if not trick:
            return by_card[self._lead(view, cards, trump, power)]
        led = suit[trick[0][1]]

        def key(c: int) -> int:
            if suit[c] == trump:
                return power[c] + 1000
            return power[c] if suit[c] == led else -1

        best_seat, best = trick[0][0], key(trick[0][1])
        for s, c in trick[1:]:
            k = key(c)
            if k > best:
                best_seat, best = s, k
        partner = (seat + 2) % 4
        last = len(trick) == 3
        winners = [c for c in cards if key(c) > best]
        if winners:
            if last or best_seat == partner:
                # Win as cheaply as possible, putting a counter in if that costs nothing.
                return by_card[min(winners, key=lambda c: (c & 15 not in COUNTERS, power[c]))]
            return by_card[max(winners, key=lambda c: power[c])]
        if best_seat == partner and (last or best >= 1000 or (best % 100) == len(RANK_ORDER)):
            return by_card[self._feed(cards, suit, power, trump)]
        return by_card[self._junk(cards, suit, power, trump)]

    @staticmethod
    def _feed(cards: list[Card], suit: list[int], power: list[int], trump: int | None) -> Card:
        """A counter for partner's trick (not a trump or an ace if avoidable)."""
        return min(cards, key=lambda c: (c & 15 not in COUNTERS, suit[c] == trump, c & 15 == ACE, -power[c]))

    @staticmethod
    def _junk(cards: list[Card], suit: list[int], power: list[int], trump: int | None) -> Card:
        """The least valuable card: no counters, no trumps if avoidable."""
        return min(cards, key=lambda c: (suit[c] == trump, c & 15 in COUNTERS, power[c]))

    @staticmethod
    def _lead(view: View, cards: list[Card], trump: int | None, power: list[int]) -> Card:
        counts = {s: sum(1 for c in cards if c >> 4 == s) for s in range(4)}
        aces = [c for c in cards if c & 15 == ACE and c >> 4 != trump]
        if aces:
            return min(aces, key=lambda c: counts[c >> 4])
        seat = view.seat
        bidder = high_bid(view)[1]
        trumps = [c for c in cards if c >> 4 == trump]
        if bidder is not None and (bidder - seat) % 2 == 0 and trumps and len(trumps) >= 3:
            top = max(trumps, key=lambda c: power[c])
            if top & 15 == ACE:
                return top
        plain = [c for c in cards if c >> 4 != trump] or cards
        return min(plain, key=lambda c: (c & 15 in COUNTERS, -counts[c >> 4], power[c]))


@heuristic_for("pinochle")
def _make() -> PinochleBot:
    return PinochleBot()
