"""Canadian Salad (rulebook 000): no trumps, ten rounds each scoring different cards
(red cards, even cards, tricks, hearts, face cards, sevens, aces, queens, the king of
spades, the last trick), a deck sized to the table (two decks from six players, the
last identical card played winning), and a 100-point penalty on everyone else for
catching all of a round's cards. Low score wins."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, code, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.events import emit
from gamenight.engine.game import GameSpec, Result, ranked
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, fact, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
KING_OF_SPADES = code(13, SPADES)
SWEEP_PENALTY = 100
IDENTICAL_CHOICES = ("last", "first")


def _clubs() -> list[int]:
    return [code(r, CLUBS) for r in range(2, 15)]


def _diamonds() -> list[int]:
    return [code(r, DIAMONDS) for r in range(2, 15)]


DECKS: dict[int, tuple[Card, ...]] = {
    3: tuple(tricks.remove_cards(standard_deck(), _clubs())),
    4: tuple(standard_deck()),
    5: tuple(tricks.remove_cards(standard_deck(), [code(2, CLUBS), code(2, DIAMONDS)])),
    6: tuple(tricks.remove_cards(standard_deck(copies=2), _clubs() + _diamonds())),
    7: tuple(tricks.remove_cards(standard_deck(copies=2), _clubs())),
    8: tuple(standard_deck(copies=2)),
}
"""The book's table: the deck for each number of players."""


@dataclass(frozen=True)
class SaladOptions:
    identical_cards: str = option(
        "last", "When two identical winning cards fall (two decks), the {value} one played wins the trick.",
        choices=IDENTICAL_CHOICES)


R = "Players and cards"
L = "Playing the tricks"
S = "Scoring"
PLAYERS = Clause("canadian_salad.players", "3 to 8 people play.", R)
DECK_3 = Clause("canadian_salad.deck.3", "3 players: one deck, remove all the clubs: 13 cards each.", R,
                players=lambda n: n == 3)
DECK_4 = Clause("canadian_salad.deck.4", "4 players: one complete deck: 13 cards each.", R, players=lambda n: n == 4)
DECK_5 = Clause("canadian_salad.deck.5", "5 players: one deck, remove the 2 of clubs and the 2 of diamonds: 10 "
                "cards each.", R, players=lambda n: n == 5)
DECK_6 = Clause("canadian_salad.deck.6", "6 players: two decks, remove one set of all the clubs and one set of all "
                "the diamonds: 13 cards each.", R, players=lambda n: n == 6)
DECK_7 = Clause("canadian_salad.deck.7", "7 players: two decks, remove one set of all the clubs: 13 cards each.", R,
                players=lambda n: n == 7)
DECK_8 = Clause("canadian_salad.deck.8", "8 players: two complete decks: 13 cards each.", R,
                players=lambda n: n == 8)
DEAL = Clause("canadian_salad.deal", "All the cards are dealt, one round after another, ten rounds in all; the "
              "player to the left of the dealer leads to the first trick.", R)
GOAL = Clause("canadian_salad.goal", "Low score wins. You do not want tricks: whoever takes the tricks counts the "
              "value of the round's cards in them.", R)
NO_TRUMPS = Clause("canadian_salad.no-trumps", "NO TRUMPS at all: the highest card of the suit led wins the "
                   "trick.", L)
"""Canadian Salad rewords the family's highest-wins clause: there are no trumps."""
IDENTICAL_LAST = Clause("canadian_salad.identical.last", "On multiple deck games, when two identical winning cards "
                        "fall, the last one thrown wins the trick.", L, option="identical_cards",
                        when=lambda o: o.identical_cards == "last", players=lambda n: n >= 6)
IDENTICAL_FIRST = Clause("canadian_salad.identical.first", "On multiple deck games, when two identical winning "
                         "cards fall, the first one thrown wins the trick.", L, option="identical_cards",
                         when=lambda o: o.identical_cards == "first", players=lambda n: n >= 6)
ROUND_RED = Clause("canadian_salad.round.red", "Round 1, red cards: 5 points each (130 in one deck).", S)
ROUND_EVEN = Clause("canadian_salad.round.even", "Round 2, even cards (2, 4, 6, 8, 10, Q): 5 points each (120 in "
                    "one deck).", S)
ROUND_TRICKS = Clause("canadian_salad.round.tricks", "Round 3, tricks: 10 points for each trick (130 with 13 "
                      "tricks).", S)
ROUND_HEARTS = Clause("canadian_salad.round.hearts", "Round 4, hearts: 10 points each (130 in one deck).", S)
ROUND_FACES = Clause("canadian_salad.round.faces", "Round 5, face cards: 10 points each (120 in one deck).", S)
ROUND_SEVENS = Clause("canadian_salad.round.sevens", "Round 6, sevens: 30 points each (120 in one deck).", S)
ROUND_ACES = Clause("canadian_salad.round.aces", "Round 7, aces: 30 points each (120 in one deck).", S)
ROUND_QUEENS = Clause("canadian_salad.round.queens", "Round 8, queens: 30 points each (120 in one deck).", S)
ROUND_KING = Clause("canadian_salad.round.king-of-spades", "Round 9, king of spades: 75 points each.", S)
ROUND_LAST = Clause("canadian_salad.round.last-trick", "Round 10, last trick: 75 points to whoever takes the last "
                    "trick.", S)
SWEEP = Clause("canadian_salad.sweep", "If someone manages to catch all the cards of interest on a round (all the "
               "aces on round 7, all the hearts on round 4, every trick on round 3, and so on), they score zero "
               "and everyone else scores 100 points. This does NOT apply to single events such as the LAST TRICK "
               "and the single-deck KING OF SPADES.", S)
END = Clause("canadian_salad.end", "After the ten rounds the lowest total wins; players tied for lowest share the "
             "win.", S)

RULES = Rules([
    PLAYERS, DECK_3, DECK_4, DECK_5, DECK_6, DECK_7, DECK_8, DEAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, GOAL,
    NO_TRUMPS, tricks.FOLLOW_SUIT, IDENTICAL_LAST, IDENTICAL_FIRST, tricks.WINNER_LEADS, tricks.PLAY_FROM_HAND,
    ROUND_RED, ROUND_EVEN, ROUND_TRICKS, ROUND_HEARTS, ROUND_FACES, ROUND_SEVENS, ROUND_ACES, ROUND_QUEENS,
    ROUND_KING, ROUND_LAST, SWEEP, END,
])
TEXT_ONLY = (PLAYERS, DECK_3, DECK_4, DECK_5, DECK_6, DECK_7, DECK_8, DEAL, GOAL, NO_TRUMPS, IDENTICAL_LAST,
             IDENTICAL_FIRST, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, tricks.WINNER_LEADS)
"""Clauses that describe the deck, the deal and the play (the identical-card rule is the family's
``last_identical_wins``); the code follows them but cites none."""


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Round:
    name: str
    """What is counted, e.g. 'red cards'."""
    clause: Clause
    per: int
    """Points per card (or per trick)."""
    counts: Callable[[int], bool] | None
    """Which cards score (None: the round counts tricks, not cards)."""
    scores: str
    """What the round scores, in words."""
    last_trick_only: bool = False


ROUNDS: tuple[Round, ...] = (
    Round("red cards", ROUND_RED, 5, lambda c: c >> 4 in (DIAMONDS, HEARTS), "5 points for each red card"),
    Round("even cards", ROUND_EVEN, 5, lambda c: (c & 15) in (2, 4, 6, 8, 10, 12),
          "5 points for each even card (2, 4, 6, 8, 10, Q)"),
    Round("tricks", ROUND_TRICKS, 10, None, "10 points for each trick"),
    Round("hearts", ROUND_HEARTS, 10, lambda c: c >> 4 == HEARTS, "10 points for each heart"),
    Round("face cards", ROUND_FACES, 10, lambda c: (c & 15) in (11, 12, 13), "10 points for each face card"),
    Round("sevens", ROUND_SEVENS, 30, lambda c: c & 15 == 7, "30 points for each seven"),
    Round("aces", ROUND_ACES, 30, lambda c: c & 15 == 14, "30 points for each ace"),
    Round("queens", ROUND_QUEENS, 30, lambda c: c & 15 == 12, "30 points for each queen"),
    Round("king of spades", ROUND_KING, 75, lambda c: c == KING_OF_SPADES, "75 points for each king of spades"),
    Round("last trick", ROUND_LAST, 75, None, "75 points for the last trick", last_trick_only=True),
)
TABLES = [tricks.point_table(r.counts) if r.counts else [0] * tricks.TABLE_SIZE for r in ROUNDS]
"""Per round, the points of each card."""

SPEC = GameSpec(
    id="canadian_salad", title="Canadian Salad", family="tricks", players=(3, 4, 5, 6, 7, 8), default_players=4,
    options=SaladOptions, rules=RULES, source="000",
    summary="Ten no-trump rounds, each avoiding different cards: red, even, tricks, hearts, faces, sevens, "
            "aces, queens, the king of spades, the last trick. Low score wins.",
    presets={"standard": {}, "first_identical_wins": {"identical_cards": "first"}},
    sections=(R, "Dealing", L, S),
)


@dataclass
class SaladState(TrickState):
    round_no: int = 0


def round_points(round_no: int, taken: list[list[Card]], tricks_won: list[int], last_winner: int | None,
                 deck: list[Card] | tuple[Card, ...]) -> tuple[list[int], bool, int | None]:
    """Points for each seat in round ``round_no`` (1..10): (points, swept, sweeper).

    ``taken`` are the won-trick piles, ``tricks_won`` the trick counts, ``last_winner`` the
    seat that won the last trick, ``deck`` the cards in play (to see what "all" is)."""
    rnd = ROUNDS[round_no - 1]
    players = len(taken)
    if rnd.last_trick_only:
        return [rnd.per if s == last_winner else 0 for s in range(players)], False, None
    if rnd.counts is None:
        held = list(tricks_won)
        everything = sum(tricks_won)
    else:
        table = TABLES[round_no - 1]
        held = [sum(1 for c in pile if table[c]) for pile in taken]
        everything = sum(1 for c in deck if table[c])
    pts = [rnd.per * n for n in held]
    single_event = rnd.counts is not None and everything == 1
    if everything and not single_event and everything in held:
        s = held.index(everything)
        return [0 if t == s else SWEEP_PENALTY for t in range(players)], True, s
    return pts, False, None


def points_so_far(round_no: int, taken: list[list[Card]], tricks_won: list[int]) -> list[int]:
    """What each seat has taken this round so far (before any sweep is known)."""
    rnd = ROUNDS[round_no - 1]
    if rnd.counts is None:
        return [rnd.per * n for n in tricks_won]
    table = TABLES[round_no - 1]
    return [rnd.per * sum(1 for c in pile if table[c]) for pile in taken]


@register
class CanadianSalad(TrickGame[SaladState]):
    spec = SPEC

    def setup(self, players: int, options: Any, rng: random.Random) -> SaladState:
        state = SaladState(players=players, options=options, rng=rng,
                           sheet=ScoreSheet.per_seat(players),
                           dealer=rng.randrange(players), deck=list(DECKS[players]))
        state.last_identical_wins = options.identical_cards == "last"
        self._deal(state)
        return state

    def _deal(self, state: SaladState) -> None:
        state.round_no += 1
        self.start_hand(state, state.deck, len(state.deck) // state.players)
        state.suit, state.power = tricks.standard_tables(None)
        state.trump = None
        state.phase = Phase.PLAY
        state.leader = state.turn = left_of(state.dealer, state.players)
        rnd = ROUNDS[state.round_no - 1]
        emit(state, f"Round {state.round_no} of {len(ROUNDS)}, {rnd.name}: {rnd.scores}", kind="deal")

    def on_trick(self, state: SaladState, winner: int, plays: list[tuple[int, Card]]) -> None:
        """Two decks: say so when identical winning cards fell and the rule picked one."""
        best = next(c for s, c in plays if s == winner)
        twin = next((s for s, c in plays if c == best and s != winner), None)
        if twin is not None:
            last = bool(state.last_identical_wins)
            first, then = (twin, winner) if last else (winner, twin)
            emit(state, f"Two identical {card_text(best)} fell, from {{0}} and then {{1}}: the "
                 f"{'last' if last else 'first'} one played wins", first, then, pieces=(best,), kind="trick")

    def end_hand(self, state: SaladState) -> None:
        rnd = ROUNDS[state.round_no - 1]
        pts, swept, sweeper = round_points(state.round_no, state.taken, state.tricks_won, state.leader, state.deck)
        notes = [f"round {state.round_no}: {rnd.name}, {rnd.per} points each [{rnd.clause.id}]"]
        if rnd.last_trick_only:
            notes.append(f"seat {state.leader} took the last trick")
            emit(state, f"{{0}} took the last trick: {rnd.per} points", state.leader, kind="summary")
        elif swept and sweeper is not None:
            notes.append(f"seat {sweeper} caught all the {rnd.name}: 0 for them, {SWEEP_PENALTY} for everyone "
                         f"else [{SWEEP.id}]")
            emit(state, f"{{0}} caught all the {rnd.name}: 0 for them, {SWEEP_PENALTY} for everyone else",
                 sweeper, kind="summary")
        else:
            emit(state, f"Round {state.round_no}, {rnd.name}: "
                 + ", ".join(f"{{{s}}} {p}" for s, p in enumerate(pts)), *range(state.players), kind="summary")
        last = state.round_no >= len(ROUNDS)
        if last:
            notes.append(f"ten rounds played: the lowest total wins [{END.id}]")
        state.sheet.add(f"round {state.round_no}: {rnd.name}", tuple(pts), state.ply + 1, notes)
        if last:
            winners = self.result(state).winners
            low = min(state.sheet.totals)
            names = " and ".join(f"{{{i}}}" for i in range(len(winners)))
            emit(state, f"{names} {'win' if len(winners) > 1 else 'wins'} with the lowest total, {low:g}",
                 *winners, kind="summary")
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    def result(self, state: SaladState) -> Result:
        return ranked(state.sheet.totals, high_wins=False)

    # --- what players see ------------------------------------------------------------------------
    def facts(self, state: SaladState, seat: int | None) -> list[Fact]:
        """The round and what it scores, in one line; on the seats, the points each has caught (rounds
        that count cards) beside the tricks taken."""
        rnd = ROUNDS[state.round_no - 1]
        facts = [fact("round", "Round", FactKind.TEXT, f"{state.round_no} of {len(ROUNDS)}, {rnd.scores}")]
        if rnd.counts is not None:
            facts.append(per_seat("points", "Points", points_so_far(state.round_no, state.taken, state.tricks_won)))
        facts += self.trick_facts(state, seat)
        return facts

    def prompt(self, state: SaladState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        return "Lead a card." if not state.trick else "Play a card."
