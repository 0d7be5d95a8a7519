"""A heuristic bot for Court Whist: win a trick cheaply when the partnership wants it, throw
the cheapest card when the partner already has it; the score card's goals change what is
wanted (Revolution: lose tricks, since the other side's tricks are yours; Conspiracy: every
trick for yourself), and Coronation's trump is declared in the longest, strongest suit.
It reads only the typed view of its own table and the legal actions."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.families import tricks
from gamenight.games.court_whist import REVOLUTION
from gamenight.games.court_whist.rules import GAME_NAMES

ACE = 14


class CourtWhistBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if legal[0].verb == "declare":
            return self._declare(view, legal)
        plays = [a for a in legal if a.verb == "play"]
        if len(plays) <= 1:
            return plays[0] if plays else legal[0]
        return self._play(view, plays)

    @staticmethod
    def _declare(view: View, legal: list[Action]) -> Action:
        hand = [parse_card(t) for t in view.hand]

        def strength(suit: int) -> float:
            mine = [c & 15 for c in hand if c >> 4 == suit]
            return len(mine) + sum(max(0, r - 10) * 0.5 for r in mine)

        best = max(range(4), key=strength)
        want = Action("declare", (tricks.SUIT_WORDS[best],))
        return want if want in legal else legal[0]

    def _play(self, view: View, plays: list[Action]) -> Action:
        word = view.fact("trump")
        trump = tricks.SUIT_WORDS.index(word) if word else None
        suit, power = tricks.standard_tables(trump)
        cards: list[Card] = [a.args[0] for a in plays]
        by_card = {int(c): a for c, a in zip(cards, plays)}
        duck = str(view.fact("game", "")).startswith(GAME_NAMES[REVOLUTION])
        zone = view.zone("trick")
        trick = [(s, parse_card(t)) for s, t in zip(zone.by or (), zone.pieces)] if zone is not None else []

        def cheapest(pool: list[Card]) -> Card:
            return min(pool, key=lambda c: (trump is not None and suit[c] == trump, power[c]))

        if not trick:
            if duck:
                return by_card[cheapest(cards)]
            aces = [c for c in cards if c & 15 == ACE and suit[c] != trump]
            return by_card[aces[0] if aces else cheapest(cards)]
        led = suit[trick[0][1]]

        def key(c: int) -> int:
            if trump is not None and suit[c] == trump:
                return power[c] + 1000
            return power[c] if suit[c] == led else -1

        best_seat, best = max(((s, key(c)) for s, c in trick), key=lambda x: x[1])
        partners = view.fact("partner")
        partner = partners[view.seat] if partners and view.seat is not None else None
        last = len(trick) == 3
        winners = [c for c in cards if key(c) > best]
        losers = [c for c in cards if key(c) <= best]
        if duck:
            # The other side's tricks score for us: stay under the winning card as high as we can.
            if losers:
                return by_card[max(losers, key=lambda c: (key(c), power[c]))]
            return by_card[max(winners, key=key) if last else min(winners, key=key)]
        if best_seat == partner or not winners:
            return by_card[cheapest(losers or cards)]
        return by_card[min(winners, key=key) if last else max(winners, key=key)]


@heuristic_for("court_whist")
def _make() -> CourtWhistBot:
    return CourtWhistBot()
