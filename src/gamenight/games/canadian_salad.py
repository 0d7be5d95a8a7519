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

from gamenight.core.cards import Card, code, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.events import emit
from gamenight.engine.game import GameSpec, Result, ranked
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, fact, flag, per_seat
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


R = "Players and cards"
L = "Play"
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
DECK_8 = Clause("canadian_salad.deck.8", "8 players: two complete decks: 13 cards each.", R, players=lambda n: n == 8)
DEAL = Clause("canadian_salad.deal", "All the cards are dealt, one round after another, ten rounds in all; the "
              "player to the left of the dealer leads to the first trick.", R)
GOAL = Clause("canadian_salad.goal", "Low score wins. You do not want tricks: whoever takes the tricks counts the "
              "value of the round's cards in them.", R)
NO_TRUMPS = Clause("canadian_salad.no-trumps", "NO TRUMPS at all: the highest card of the suit led wins the "
                   "trick.", L)
"""The game's own wording of the family's highest-wins clause (there are no trumps)."""
IDENTICAL_LAST = Clause("canadian_salad.identical.last", "On multiple deck games, when two identical winning cards "
                        "fall, the last one thrown wins the trick.", L, option="identical_cards",
                        when=lambda o: o.identical_cards == "last", players=lambda n: n >= 6)
IDENTICAL_FIRST = Clause("canadian_salad.identical.first", "On multiple deck games, when two identical winning "
                         "cards fall, the first one thrown wins the trick.", L, option="identical_cards",
                         when=lambda o: o.identical_cards == "first", players=lambda n: n >= 6)
# The book's "You MUST follow suit lead if possible" is the family's ``tricks.FOLLOW_SUIT``.
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
               "aces on round 7, all the hearts on round 4, every trick on round 3, and so on), they score zero and "
               "everyone else scores 100 points. This does NOT apply to single events such as the LAST TRICK and "
               "the single-deck KING OF SPADES.", S)
END = Clause("canadian_salad.end", "After the ten rounds the lowest total wins; players tied for lowest share the "
             "win.", S)

RULES = Rules([
    PLAYERS, DECK_3, DECK_4, DECK_5, DECK_6, DECK_7, DECK_8, DEAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, GOAL,
    NO_TRUMPS, tricks.FOLLOW_SUIT, IDENTICAL_LAST, IDENTICAL_FIRST, tricks.WINNER_LEADS, tricks.PLAY_FROM_HAND,
    ROUND_RED, ROUND_EVEN, ROUND_TRICKS, ROUND_HEARTS, ROUND_FACES, ROUND_SEVENS, ROUND_ACES, ROUND_QUEENS,
    ROUND_KING, ROUND_LAST, SWEEP, END,
])
TEXT_ONLY = (PLAYERS, DECK_3, DECK_4, DECK_5, DECK_6, DECK_7, DECK_8, DEAL, tricks.FIRST_DEALER,
             tricks.DEAL_PASSES_LEFT, GOAL, NO_TRUMPS, IDENTICAL_LAST, IDENTICAL_FIRST, tricks.WINNER_LEADS)
"""Clauses the deal and the play follow without citing them (the identical-card rule is the
family's ``last_identical_wins``)."""


@dataclass(frozen=True)
class Round:
    name: str
    """What is counted, e.g. 'red cards'."""
    clause: Clause
    per: int
    """Points per card (or per trick)."""
    counts: Callable[[int], bool] | None
    """Which cards score (None: the round counts tricks, not cards)."""
    last_trick_only: bool = False


ROUNDS: tuple[Round, ...] = (
    Round("red cards", ROUND_RED, 5, lambda c: c >> 4 in (DIAMONDS, HEARTS)),
    Round("even cards", ROUND_EVEN, 5, lambda c: (c & 15) in (2, 4, 6, 8, 10, 12)),
    Round("tricks", ROUND_TRICKS, 10, None),
    Round("hearts", ROUND_HEARTS, 10, lambda c: c >> 4 == HEARTS),
    Round("face cards", ROUND_FACES, 10, lambda c: (c & 15) in (11, 12, 13)),
    Round("sevens", ROUND_SEVENS, 30, lambda c: c & 15 == 7),
    Round("aces", ROUND_ACES, 30, lambda c: c & 15 == 14),
    Round("queens", ROUND_QUEENS, 30, lambda c: c & 15 == 12),
    Round("king of spades", ROUND_KING, 75, lambda c: c == KING_OF_SPADES),
    Round("last trick", ROUND_LAST, 75, None, last_trick_only=True),
)
TABLES = [tricks.point_table(r.counts) if r.counts else [0] * tricks.TABLE_SIZE for r in ROUNDS]
"""Per round, the points of each card."""


@dataclass(frozen=True)
class SaladOptions:
    identical_cards: str = option("last", "Of two identical winning cards, the one that wins: {value}.",
                                  choices=IDENTICAL_CHOICES)


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="canadian_salad", title="Canadian Salad", family="tricks", players=(3, 4, 5, 6, 7, 8), default_players=4,
    options=SaladOptions, rules=RULES, source="000",
    summary="Ten no-trump rounds, each avoiding different cards: red, even, tricks, hearts, faces, sevens, "
            "aces, queens, the king of spades, the last trick. Low score wins.",
    presets={"standard": {}, "first_identical_wins": {"identical_cards": "first"}},
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


def points_taken(state: SaladState) -> list[int]:
    """Each seat's points so far this round (the last-trick round scores only at its end)."""
    rnd = ROUNDS[state.round_no - 1]
    if rnd.counts is not None:
        table = TABLES[state.round_no - 1]
        return [rnd.per * sum(1 for c in pile if table[c]) for pile in state.taken]
    if rnd.last_trick_only:
        return [0] * state.players
    return [rnd.per * n for n in state.tricks_won]


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
        emit(state, f"{{0}} deals round {state.round_no}: {_counting(rnd)}", state.dealer, kind="deal")

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
            emit(state, f"{{0}} caught all the {rnd.name}: 0 for them, {SWEEP_PENALTY} for everyone else", sweeper,
                 kind="summary")
        else:
            emit(state, "Points this round: " + ", ".join(f"{{{s}}} {p}" for s, p in enumerate(pts)),
                 *range(state.players), kind="summary")
        last = state.round_no >= len(ROUNDS)
        if last:
            notes.append(f"ten rounds played: the lowest total wins [{END.id}]")
        state.sheet.add(f"round {state.round_no}: {rnd.name}", tuple(pts), state.ply + 1, notes)
        if last:
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    def result(self, state: SaladState) -> Result:
        return ranked(state.sheet.totals, high_wins=False)

    # --- what players see ---------------------------------------------------------------------
    def facts(self, state: SaladState, seat: int | None) -> list[Fact]:
        rnd = ROUNDS[state.round_no - 1]
        facts = [fact("round", "Round", FactKind.NUMBER, state.round_no),
                 fact("counting", "This round counts", FactKind.TEXT, _counting(rnd)),
                 per_seat("points", "Points taken this round", points_taken(state)),
                 *self.trick_facts(state, seat)]
        if state.players >= 6 and state.last_identical_wins:
            facts.append(flag("identical-last-wins", "Of two identical winning cards, the last played wins", True))
        return facts

    def prompt(self, state: SaladState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        return f"Round {state.round_no} ({ROUNDS[state.round_no - 1].name}): play a card."


def _counting(rnd: Round) -> str:
    if rnd.last_trick_only:
        return f"the last trick, {rnd.per} points"
    return f"{rnd.name}, {rnd.per} points each"
