"""The card play every trick bot shares: win a wanted trick cheaply, duck or dump when it
is not wanted. A game's bot (``bots/hearts.py``, ``bots/euchre.py``...) subclasses
``TrickBot`` and overrides its hooks: what it wants from a trick, how it leads and
follows, how it passes cards and how it bids. It reads only the typed view and the legal
actions."""

from __future__ import annotations

import random
from dataclasses import dataclass

from gamenight.bots.base import View, read_card
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.families import tricks

TRUMP_KEY = 1000
"""Added to a trump's power when comparing cards in a trick, so every trump beats every plain card."""


def trump_of(view: View) -> int | None:
    """The trump suit's index from the view's "trump" fact (None: no trump)."""
    word = view.fact("trump")
    return tricks.SUIT_WORDS.index(word) if word else None


def high_bid(view: View) -> tuple[int, int | None]:
    """The high bid and the seat holding it, from the view's "bid" fact ((0, None): no bid yet)."""
    said = view.fact("bid")
    return (int(said["number"]), int(said["seat"])) if said else (0, None)


def trick_plays(view: View) -> list[tuple[int, Card]]:
    """The cards on the table, each with the seat that played it."""
    zone = view.zone("trick")
    if zone is None or not zone.pieces:
        return []
    return list(zip(zone.by or (), map(read_card, zone.pieces), strict=True))


def partner_of(view: View, seat: int) -> int | None:
    for members in view.teams or ():
        if seat in members:
            others = [s for s in members if s != seat]
            return others[0] if others else None
    return None


@dataclass(slots=True)
class Trick:
    """The trick in front of the bot as it sees it, and what its legal cards would do to it."""

    plays: list[tuple[int, Card]]
    suit: list[int]
    power: list[int]
    trump: int | None
    led: int
    best_seat: int
    best: int
    """The winning card's key (see ``key``)."""
    last: bool
    """The bot plays the last card to it."""
    partner_winning: bool
    points: int
    """What the cards already in it are worth, by the game's count."""
    winners: list[Card]
    """The bot's legal cards that would win it now."""
    losers: list[Card]

    def key(self, c: int) -> int:
        """How strongly ``c`` plays to this trick: trumps above the suit led, other suits -1."""
        s = self.suit[c]
        if self.trump is not None and s == self.trump:
            return self.power[c] + TRUMP_KEY
        return self.power[c] if s == self.led else -1


class TrickBot:
    """The shared play; the default hooks suit a partnership game with no points in the cards."""

    name = "heuristic"
    win_cheaply = False
    """Win a wanted trick with the lowest winning card even when others play after."""
    trumps = True
    """Whether the game may have a trump suit (a Hearts bot need not look for one)."""

    # --- entry point -----------------------------------------------------------------------
    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if first.verb == "play":
            return self.play(view, legal)
        if first.verb == "pass" and first.cards:
            return self.pass_cards(view, legal, rng)
        return self.bid(view, legal, rng)

    # --- hooks ---------------------------------------------------------------------------------
    def wants(self, view: View, trick: Trick) -> bool:
        """Whether the bot wants to win this trick: yes, unless its partner is winning it."""
        return not trick.partner_winning

    def pass_cards(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Which cards to pass (Hearts' pass); default any."""
        return rng.choice(legal)

    def bid(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """Every move that is not a card played or passed: bids, calls, discards; default any."""
        return rng.choice(legal)

    def tables(self, view: View, trump: int | None) -> tuple[list[int], list[int]]:
        """The suit and power of every card this hand."""
        return tricks.standard_tables(trump)

    def playing(self, view: View) -> int:
        """How many seats play to each trick."""
        return int(view.players)

    def trick_points(self, view: View, played: list[Card]) -> int:
        """What the cards in a trick are worth to whoever takes it; default nothing."""
        return 0

    def lead_trumps(self, view: View) -> bool:
        """Whether to lead out the top trump when holding two or more."""
        return False

    # --- card play ------------------------------------------------------------------------------
    def play(self, view: View, legal: list[Action]) -> Action:
        trump = trump_of(view) if self.trumps else None
        suit, power = self.tables(view, trump)
        cards: list[Card] = [a.args[0] for a in legal]
        by_card = {int(c): a for c, a in zip(cards, legal, strict=True)}
        plays = trick_plays(view)
        if not plays:
            return by_card[self.lead(view, cards, suit, power, trump)]
        return by_card[self.follow(view, self.read_trick(view, plays, cards, suit, power, trump), cards)]

    def read_trick(self, view: View, plays: list[tuple[int, Card]], cards: list[Card], suit: list[int],
                   power: list[int], trump: int | None) -> Trick:
        led = suit[plays[0][1]]

        def key(c: int) -> int:
            s = suit[c]
            if trump is not None and s == trump:
                return power[c] + TRUMP_KEY
            return power[c] if s == led else -1

        best_seat, best = plays[0][0], key(plays[0][1])
        for s, c in plays[1:]:
            k = key(c)
            if k > best:
                best_seat, best = s, k
        partner = partner_of(view, view.seat)
        return Trick(plays, suit, power, trump, led, best_seat, best,
                     last=len(plays) == self.playing(view) - 1,
                     partner_winning=partner is not None and best_seat == partner,
                     points=self.trick_points(view, [c for _, c in plays]),
                     winners=[c for c in cards if key(c) > best], losers=[c for c in cards if key(c) <= best])

    def lead(self, view: View, cards: list[Card], suit: list[int], power: list[int], trump: int | None) -> Card:
        """Top trump with two or more (if ``lead_trumps``), else a side ace, else the lowest plain card."""
        trumps = [c for c in cards if trump is not None and suit[c] == trump]
        if len(trumps) >= 2 and self.lead_trumps(view):
            return max(trumps, key=lambda c: power[c])
        aces = [c for c in cards if (trump is None or suit[c] != trump) and c & 15 == 14]
        if aces:
            return aces[0]
        plain = [c for c in cards if trump is None or suit[c] != trump] or cards
        return min(plain, key=lambda c: (c & 15 == 10, power[c]))

    def follow(self, view: View, trick: Trick, cards: list[Card]) -> Card:
        """Wanted: the lowest card that wins when it is safe to (last, points in it, or
        ``win_cheaply``), else the highest; with no winner, the cheapest card. Not wanted: ``duck``."""
        if self.wants(view, trick):
            if trick.winners:
                if trick.last or self.win_cheaply or trick.points:
                    return min(trick.winners, key=trick.key)
                return max(trick.winners, key=trick.key)
            return cheapest(cards, trick)
        return self.duck(view, trick, cards)

    def duck(self, view: View, trick: Trick, cards: list[Card]) -> Card:
        """Not wanting the trick (a partner is winning it): the cheapest card that does not overtake."""
        return cheapest(trick.losers or cards, trick)


def cheapest(cards: list[Card], trick: Trick) -> Card:
    """The card it costs least to throw away: a plain card before a trump, a card before a
    ten (the tens count in some games), the lowest first."""
    suit, power, trump = trick.suit, trick.power, trick.trump

    def cost(c: Card) -> tuple[int, int, int]:
        return (1 if trump is not None and suit[c] == trump else 0, 1 if c & 15 == 10 else 0, power[c])

    return min(cards, key=cost)
