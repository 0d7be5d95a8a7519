"""A heuristic bot for the trick games: win cheaply when a trick is wanted, duck or
dump when it is not, plus each game's own bidding sense (Hearts' pass, Euchre's
order and call, Oh Hell's bid). It reads only the view and the legal actions."""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import View, heuristic_for
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.families import tricks

SUITS = "CDHS"
HEARTS, SPADES = 2, 3
QS = parse_card("QS")


def _suit_index(letter: str | None) -> int | None:
    return SUITS.index(letter) if letter else None


class TrickBot:
    """One bot for Hearts, Euchre, Oh Hell and Whist with 10s; ``game`` picks the goals."""

    name = "heuristic"

    def __init__(self, game: str) -> None:
        self.game = game

    # --- entry point -----------------------------------------------------------------------
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view.get("phase")
        if phase == "play" and legal[0].verb == "play":
            return self._play(view, legal)
        verb = legal[0].verb
        if self.game == "hearts" and verb == "pass":
            return self._hearts_pass(view, legal)
        if self.game == "euchre":
            return self._euchre_bid(view, legal)
        if self.game == "oh_hell" and verb == "bid":
            return self._oh_hell_bid(view, legal)
        return rng.choice(legal)

    # --- card play --------------------------------------------------------------------------
    def _tables(self, trump: int | None) -> tuple[list[int], list[int]]:
        if self.game == "euchre" and trump is not None:
            return tricks.bower_tables(trump)
        return tricks.standard_tables(trump)

    def _want(self, view: View, partner_winning: bool) -> bool:
        game = self.game
        if game == "hearts":
            return False
        if game == "oh_hell":
            seat = view["seat"]
            bid = view["bids"][seat] or 0
            return bool(view["tricks_won"][seat] < bid)
        if game == "whist_with_tens":
            return not view.get("low", False) and not partner_winning
        return not partner_winning

    def _play(self, view: View, legal: list[Action]) -> Action:
        trump = _suit_index(view.get("trump"))
        suit, power = self._tables(trump)
        cards: list[Card] = [a.args[0] for a in legal]
        by_card = {int(c): a for c, a in zip(cards, legal)}
        trick = [(t["seat"], parse_card(t["card"])) for t in view["trick"]]
        seat = view["seat"]

        def key(c: int, led: int) -> int:
            s = suit[c]
            if trump is not None and s == trump:
                return power[c] + 1000
            return power[c] if s == led else -1

        if not trick:
            return by_card[self._lead(view, cards, suit, power, trump)]
        led = suit[trick[0][1]]
        best_seat, best = trick[0][0], key(trick[0][1], led)
        for s, c in trick[1:]:
            k = key(c, led)
            if k > best:
                best_seat, best = s, k
        n_active = sum(1 for a in view.get("active", [True] * view["players"]) if a)
        last = len(trick) == n_active - 1
        partner = self._partner(view, seat)
        partner_winning = partner is not None and best_seat == partner
        winners = [c for c in cards if key(c, led) > best]
        losers = [c for c in cards if key(c, led) <= best]
        points = self._trick_points(view, [c for _, c in trick])

        if self.game == "hearts":
            if losers:
                # Duck as high as possible; when void, dump the queen of spades, then hearts.
                if QS in losers:
                    return by_card[QS]
                if suit[losers[0]] != led:
                    return by_card[max(losers, key=lambda c: (c >> 4 == HEARTS, power[c]))]
                return by_card[max(losers, key=lambda c: power[c])]
            if last or not points:
                safe = [c for c in winners if c != QS] or winners
                pick = max(safe, key=lambda c: power[c]) if last else min(safe, key=lambda c: power[c])
                return by_card[pick]
            return by_card[min(winners, key=lambda c: power[c])]

        want = self._want(view, partner_winning)
        if self.game == "whist_with_tens":
            tens = [c for c in cards if c & 15 == 10]
            low = view.get("low", False)
            if not low and partner_winning and (last or best >= 1000 or best % 100 >= 13):
                pad = [c for c in tens if key(c, led) <= best]
                if pad:
                    return by_card[pad[0]]
            if low:
                # What the other team takes counts for us: give them tens, duck everything.
                if losers:
                    opp_winning = not partner_winning
                    pad = [c for c in tens if c in losers]
                    if pad and opp_winning:
                        return by_card[pad[0]]
                    return by_card[max(losers, key=lambda c: (key(c, led), power[c]))]
                return by_card[max(winners, key=lambda c: power[c])] if last else by_card[
                    min(winners, key=lambda c: power[c])]
        if want:
            if winners:
                if last or self.game == "euchre" or points:
                    return by_card[min(winners, key=lambda c: key(c, led))]
                return by_card[max(winners, key=lambda c: key(c, led))]
            return by_card[self._dump(cards, power, suit, trump, keep_tens=True)]
        # Not wanting the trick.
        if self.game == "oh_hell":
            if losers:
                return by_card[max(losers, key=lambda c: (key(c, led) >= 0, power[c]))]
            return by_card[max(cards, key=lambda c: power[c])] if last else by_card[
                min(cards, key=lambda c: power[c])]
        # Partnership: partner is winning; don't overtake, throw the cheapest card.
        return by_card[self._dump(losers or cards, power, suit, trump, keep_tens=True)]

    @staticmethod
    def _dump(cards: list[Card], power: list[int], suit: list[int], trump: int | None, keep_tens: bool) -> Card:
        def cost(c: Card) -> tuple[int, int, int]:
            return (1 if trump is not None and suit[c] == trump else 0,
                    1 if keep_tens and c & 15 == 10 else 0, power[c])
        return min(cards, key=cost)

    def _partner(self, view: View, seat: int) -> int | None:
        teams = view.get("teams")
        if not teams:
            return None
        for members in teams:
            if seat in members:
                others = [s for s in members if s != seat]
                return others[0] if others else None
        return None

    def _trick_points(self, view: View, played: list[Card]) -> int:
        if self.game == "hearts":
            return sum(1 for c in played if c >> 4 == HEARTS) + (13 if QS in played else 0)
        if self.game == "whist_with_tens":
            return sum(1 for c in played if c & 15 == 10)
        return 0

    def _lead(self, view: View, cards: list[Card], suit: list[int], power: list[int], trump: int | None) -> Card:
        game = self.game
        if game == "hearts":
            safe = [c for c in cards if c >> 4 != HEARTS and c != QS] or cards
            return min(safe, key=lambda c: (c >> 4 == SPADES and (c & 15) >= 12, c & 15))
        if game == "oh_hell":
            seat = view["seat"]
            if view["tricks_won"][seat] < (view["bids"][seat] or 0):
                return max(cards, key=lambda c: power[c])
            return min(cards, key=lambda c: power[c])
        if game == "whist_with_tens" and view.get("low"):
            return min(cards, key=lambda c: (c & 15 == 10, power[c]))
        trumps = [c for c in cards if trump is not None and suit[c] == trump]
        seat = view["seat"]
        makers = game == "euchre" and view.get("maker") is not None and (view["maker"] - seat) % 2 == 0
        if trumps and (makers or game == "whist_with_tens") and len(trumps) >= 2:
            return max(trumps, key=lambda c: power[c])
        aces = [c for c in cards if (trump is None or suit[c] != trump) and c & 15 == 14]
        if aces:
            return aces[0]
        plain = [c for c in cards if trump is None or suit[c] != trump] or cards
        return min(plain, key=lambda c: (c & 15 == 10, power[c]))

    # --- Hearts: the pass -------------------------------------------------------------------
    def _hearts_pass(self, view: View, legal: list[Action]) -> Action:
        hand = [parse_card(t) for t in view["hand"]]
        k = len(legal[0].args)
        spades_low = sum(1 for c in hand if c >> 4 == SPADES and (c & 15) < 12)

        def danger(c: Card) -> float:
            rank = c & 15
            if c == QS:
                return 100 if spades_low < 3 else 40
            if c >> 4 == SPADES and rank > 12:
                return 90 + rank
            if c >> 4 == HEARTS:
                return 20 + rank * 2
            return rank * 2.5

        chosen = sorted(sorted(hand, key=danger, reverse=True)[:k])
        want = {int(c) for c in chosen}
        for a in legal:
            if {int(c) for c in a.cards} == want:
                return a
        return legal[0]

    # --- Euchre: ordering up and calling ------------------------------------------------------
    @staticmethod
    def _strength(hand: list[Card], trump: int) -> float:
        suit, power = tricks.bower_tables(trump)
        total = 0.0
        for c in hand:
            if suit[c] == trump:
                p = power[c]
                total += {tricks.RIGHT_BOWER_POWER: 3.0, tricks.LEFT_BOWER_POWER: 2.5}.get(
                    p, {14: 2.0, 13: 1.5, 12: 1.2, 10: 1.0, 9: 0.8}.get(c & 15, 0.8))
            elif c & 15 == 14:
                total += 0.7
        return total

    def _euchre_bid(self, view: View, legal: list[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if "redeal" in verbs:
            return Action("redeal")
        hand = [parse_card(t) for t in view["hand"]]
        if "discard" in verbs:
            trump = _suit_index(view["trump"])
            suit, power = tricks.bower_tables(trump) if trump is not None else tricks.standard_tables(None)
            cards: list[Card] = [a.args[0] for a in legal]
            plain = [c for c in cards if suit[c] != trump and c & 15 != 14] or \
                [c for c in cards if suit[c] != trump] or cards
            counts = {s: sum(1 for c in cards if suit[c] == s) for s in range(4)}
            worst = min(plain, key=lambda c: (counts[suit[c]], power[c]))
            return next(a for a in legal if a.args[0] == worst)
        seat = view["seat"]
        dealer = view["dealer"]
        if "order" in verbs:
            up = parse_card(view["upcard"])
            trump = up >> 4
            if seat == dealer:
                suit, power = tricks.bower_tables(trump)
                weakest = min(hand, key=lambda c: power[c] if suit[c] != trump else 200 + power[c])
                hand = [c for c in hand if c != weakest] + [up]
            strength = self._strength(hand, trump)
            if seat != dealer and (dealer - seat) % 2 == 1:
                strength -= 0.6 if (up & 15) != 11 else 1.5  # handing the dealer a trump
            elif seat != dealer:
                strength += 0.4
            alone = Action("order", ("alone",))
            if strength >= 9.5 and alone in legal:
                return alone
            if strength >= 6.0 and Action("order") in legal:
                return Action("order")
            return Action("pass")
        # Round two: call the best suit but the turned-down one.
        best: tuple[float, Action] | None = None
        for a in legal:
            if a.verb == "call" and len(a.args) == 1:
                s = tricks.SUIT_WORDS.index(str(a.args[0]))
                st = self._strength(hand, s)
                if best is None or st > best[0]:
                    best = (st, a)
        if best is not None and best[0] >= 5.5:
            if best[0] >= 9.5:
                return Action("call", (best[1].args[0], "alone"))
            return best[1]
        return Action("pass")

    # --- Oh Hell: the bid -------------------------------------------------------------------------
    def _oh_hell_bid(self, view: View, legal: list[Action]) -> Action:
        hand = [parse_card(t) for t in view["hand"]]
        trump = _suit_index(view.get("trump"))
        players = view["players"]
        n = len(hand)
        est = 0.0
        n_trumps = sum(1 for c in hand if trump is not None and c >> 4 == trump)
        for c in hand:
            r = c & 15
            if trump is not None and c >> 4 == trump:
                est += {14: 1.0, 13: 0.85, 12: 0.65, 11: 0.5}.get(r, 0.3 if n_trumps >= 3 else 0.15)
            else:
                length = sum(1 for d in hand if d >> 4 == c >> 4)
                if r == 14:
                    est += 0.85 if length <= 4 else 0.6
                elif r == 13:
                    est += 0.45 if 2 <= length <= 4 else 0.2
                elif r == 12 and players <= 4 and n >= 6:
                    est += 0.15
        if n == 1:
            c = hand[0]
            est = 1.0 if (trump is not None and c >> 4 == trump and (c & 15) >= 11) or (c & 15) == 14 else 0.0
        options = [a.numbers[0] for a in legal]
        pick = min(options, key=lambda b: (abs(b - est), b))
        return legal[options.index(pick)]


def _factory(game: str) -> Any:
    def make() -> TrickBot:
        return TrickBot(game)
    return make


heuristic_for("hearts")(_factory("hearts"))
heuristic_for("euchre")(_factory("euchre"))
heuristic_for("oh_hell")(_factory("oh_hell"))
heuristic_for("whist_with_tens")(_factory("whist_with_tens"))
