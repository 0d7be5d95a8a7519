"""Polignac (rulebook 004): a piquet deck (the black 7s out unless four play), the odd
rank order K Q J A 10 9 8 7, jacks are bad (the J♠, the Polignac, twice as bad), and
the game ends once someone has ten points; lowest score wins."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, code, piquet_deck
from gamenight.core.seats import left_of
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.events import emit
from gamenight.engine.game import GameSpec, Result, ranked
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, fact, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState

JACK, SEVEN = 11, 7
CLUBS, SPADES = 0, 3
POLIGNAC = code(JACK, SPADES)
RANK_ORDER = (13, 12, 11, 14, 10, 9, 8, 7)
"""High to low: K Q J A 10 9 8 7."""
DECK_32 = tuple(piquet_deck())
BLACK_SEVENS = (code(SEVEN, CLUBS), code(SEVEN, SPADES))
DECK_30 = tuple(c for c in DECK_32 if c not in BLACK_SEVENS)
POINTS = tricks.point_table(lambda c: 2 if c == POLIGNAC else 1 if c & 15 == JACK else 0)
SUIT, POWER = tricks.ranked_tables(RANK_ORDER)


@dataclass(frozen=True)
class PolignacOptions:
    target: int = option(10, "The game ends at the end of the hand in which at least one player has scored "
                         "{value} or more points.", minimum=1)


R = "Players and cards"
D = "Dealing"
L = "Playing the tricks"
S = "Scoring"
PLAYERS = Clause("polignac.players", "Polignac is a French trick-taking game for three to six players.", R)
GOAL = Clause("polignac.goal", "Much like Hearts, the aim is to avoid taking certain cards, in this case jacks: the "
              "object is to avoid taking tricks containing jacks, especially the J♠ (the Polignac). Capturing him "
              "is twice as bad as any other jack.", R)
DECK_RULE = Clause("polignac.deck", "Start from a standard 52-card deck and remove all of the 2s through 6s.", R)
DECK_THIRTY = Clause("polignac.deck.thirty", "With any number of players besides four, also remove the black 7s: "
                     "aces through 8s in each suit and the two red 7s, 30 cards.", R, players=lambda n: n != 4)
DECK_THIRTY_TWO = Clause("polignac.deck.thirty-two", "With four players keep all four 7s: 32 cards.", R,
                         players=lambda n: n == 4)
SCORE_KEEPING = Clause("polignac.score-keeping", "You also need something to keep score with: pencil and paper, or "
                       "at least ten tokens for each player (table custom; the app keeps the score sheet).", R)
DEAL = Clause("polignac.deal", "Shuffle and deal the entire deck out, as far as it will go; each player should have "
              "the same number of cards (3 players get 10, 4 get 8, 5 get 6, 6 get 5).", D)
DEAL_ROTATION = Clause("polignac.deal.rotation", "After each hand the deal passes to the left (the book is silent; "
                       "this is the usual custom).", D)
RANKING = Clause("polignac.ranking", "Cards rank (high) K, Q, J, A, 10, 9, 8, 7 (low): the ace ranks below the jack "
                 "and above the 10. There are no trumps.", L)
LEAD = Clause("polignac.lead", "Play starts with the player to the dealer's left, who may lead any card they wish "
              "to the first trick.", L)
WIN_TRICK = Clause("polignac.win-trick", "Whoever played the highest card of the suit led wins the trick, takes the "
                   "cards into a won-tricks pile in front of them, and leads to the next trick.", L)
"""Polignac rewords the family's winner-leads clause (and there is no trump to beat it)."""
HAND_OVER = Clause("polignac.hand-over", "When the players' hands are exhausted the hand is over.", L)
JACKS = Clause("polignac.score.jacks", "Players look through their won-trick piles for the four jacks. Capturing "
               "the Polignac, the J♠, is worth two points; each other jack is worth one point.", S)
END = Clause("polignac.end", "Game play continues until at least one player has scored {target} or more points "
             "(checked when a hand is scored); whoever has the lowest score at that point wins. Players tied for "
             "lowest share the win.", S, option="target")

RULES = Rules([
    PLAYERS, GOAL, DECK_RULE, DECK_THIRTY, DECK_THIRTY_TWO, SCORE_KEEPING, tricks.FIRST_DEALER, DEAL, DEAL_ROTATION,
    RANKING, LEAD, tricks.FOLLOW_SUIT, WIN_TRICK, tricks.PLAY_FROM_HAND, HAND_OVER, JACKS, END,
])
TEXT_ONLY = (PLAYERS, GOAL, DECK_RULE, DECK_THIRTY, DECK_THIRTY_TWO, SCORE_KEEPING, DEAL, DEAL_ROTATION, RANKING,
             LEAD, WIN_TRICK, HAND_OVER, tricks.FIRST_DEALER)
"""Clauses that describe the deck, the deal and the play; the code follows them but cites none."""


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="polignac", title="Polignac", family="tricks", players=(3, 4, 5, 6), default_players=4,
    options=PolignacOptions, rules=RULES, source="004",
    summary="Avoid taking jacks, above all the J♠ (the Polignac). Cards rank K Q J A 10 9 8 7. Low score wins.",
    presets={"standard": {}, "short": {"target": 5}},
    sections=(R, D, L, S),
)


def deck_for(players: int) -> tuple[Card, ...]:
    """32 cards for four players, 30 (no black 7s) otherwise."""
    return DECK_32 if players == 4 else DECK_30


def jack_points(pile: list[Card]) -> int:
    """Points in a won-tricks pile: 1 per jack, 2 for the J♠."""
    return tricks.count_points(pile, POINTS)


def jacks_in(pile: list[Card]) -> int:
    return sum(1 for c in pile if c & 15 == JACK)


def describe_jacks(pile: list[Card]) -> str:
    """'the Polignac and 1 other jack' (card names stay off the public score sheet)."""
    others = sum(1 for c in pile if c & 15 == JACK and c != POLIGNAC)
    parts = ["the Polignac"] if POLIGNAC in pile else []
    if others:
        parts.append(f"{others} {'other ' if parts else ''}jack{'s' if others > 1 else ''}")
    return " and ".join(parts) or "no jacks"


@dataclass
class PolignacState(TrickState):
    pass


@register
class Polignac(TrickGame[PolignacState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> PolignacState:
        state = PolignacState(players=players, options=options, rng=rng,
                              sheet=ScoreSheet.per_seat(players),
                              dealer=rng.randrange(players), deck=list(deck_for(players)))
        self._deal(state)
        return state

    def _deal(self, state: PolignacState) -> None:
        self.start_hand(state, state.deck, len(state.deck) // state.players)
        state.suit, state.power = SUIT, POWER
        state.trump = None
        state.phase = Phase.PLAY
        state.leader = state.turn = left_of(state.dealer, state.players)

    def end_hand(self, state: PolignacState) -> None:
        pts = tuple(jack_points(t) for t in state.taken)
        notes = []
        for s, pile in enumerate(state.taken):
            if pts[s]:
                notes.append(f"seat {s} took {describe_jacks(pile)}: {pts[s]} [{JACKS.id}]")
                emit(state, f"{{0}} took {describe_jacks(pile)}: {pts[s]} point{'s' if pts[s] > 1 else ''}", s,
                     kind="summary")
        target = state.options.target
        ended = max(t + p for t, p in zip(state.sheet.totals, pts)) >= target
        if ended:
            notes.append(f"a player has {target} or more points: the lowest score wins [{END.id}]")
        state.sheet.add(f"hand {state.hand_no}", pts, state.ply + 1, notes)
        if ended:
            winners = self.result(state).winners
            names = " and ".join(f"{{{i}}}" for i in range(len(winners)))
            emit(state, f"{names} {'win' if len(winners) > 1 else 'wins'} with the lowest score, "
                 f"{min(state.sheet.totals):g}", *winners, kind="summary")
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    def result(self, state: PolignacState) -> Result:
        return ranked(state.sheet.totals, high_wins=False)

    # --- what players see ------------------------------------------------------------------------
    def facts(self, state: PolignacState, seat: int | None) -> list[Fact]:
        facts = [per_seat("jacks", "Jacks", [jacks_in(t) for t in state.taken])]
        taker = next((s for s, t in enumerate(state.taken) if POLIGNAC in t), None)
        if taker is not None:
            facts.append(fact("polignac", "The Polignac taken by", FactKind.SEAT, taker))
        return facts + self.trick_facts(state, seat)

    def prompt(self, state: PolignacState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        return "Play a card." if state.trick else "Lead any card."
