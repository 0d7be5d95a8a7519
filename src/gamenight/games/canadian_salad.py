"""Canadian Salad (rulebook 000): no trumps, ten rounds each scoring different cards
(red cards, even cards, tricks, hearts, face cards, sevens, aces, queens, the king of
spades, the last trick), a deck sized to the table (two decks from six players, the
last identical card played winning), and a 100-point penalty on everyone else for
catching all of a round's cards. Low score wins."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamenight.core.cards import Card, code, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec, Result, ranked
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
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
class Round:
    name: str
    """What is counted, e.g. 'red cards'."""
    clause: str
    per: int
    """Points per card (or per trick)."""
    counts: Callable[[int], bool] | None
    """Which cards score (None: the round counts tricks, not cards)."""
    last_trick_only: bool = False


ROUNDS: tuple[Round, ...] = (
    Round("red cards", "canadian_salad.round.red", 5, lambda c: c >> 4 in (DIAMONDS, HEARTS)),
    Round("even cards", "canadian_salad.round.even", 5, lambda c: (c & 15) in (2, 4, 6, 8, 10, 12)),
    Round("tricks", "canadian_salad.round.tricks", 10, None),
    Round("hearts", "canadian_salad.round.hearts", 10, lambda c: c >> 4 == HEARTS),
    Round("face cards", "canadian_salad.round.faces", 10, lambda c: (c & 15) in (11, 12, 13)),
    Round("sevens", "canadian_salad.round.sevens", 30, lambda c: c & 15 == 7),
    Round("aces", "canadian_salad.round.aces", 30, lambda c: c & 15 == 14),
    Round("queens", "canadian_salad.round.queens", 30, lambda c: c & 15 == 12),
    Round("king of spades", "canadian_salad.round.king-of-spades", 75, lambda c: c == KING_OF_SPADES),
    Round("last trick", "canadian_salad.round.last-trick", 75, None, last_trick_only=True),
)
TABLES = [tricks.point_table(r.counts) if r.counts else [0] * tricks.TABLE_SIZE for r in ROUNDS]
"""Per round, the points of each card."""


@dataclass(frozen=True)
class SaladOptions:
    identical_cards: str = option(
        "last", "When two identical winning cards fall (two decks), the {value} one played wins the trick.",
        choices=IDENTICAL_CHOICES)


R = "Players and cards"
L = "Play"
S = "Scoring"
RULES = Rules([
    Clause("canadian_salad.players", "3 to 8 people play.", R),
    Clause("canadian_salad.deck.3", "3 players: one deck, remove all the clubs: 13 cards each.", R,
           players=lambda n: n == 3),
    Clause("canadian_salad.deck.4", "4 players: one complete deck: 13 cards each.", R, players=lambda n: n == 4),
    Clause("canadian_salad.deck.5", "5 players: one deck, remove the 2 of clubs and the 2 of diamonds: 10 cards "
           "each.", R, players=lambda n: n == 5),
    Clause("canadian_salad.deck.6", "6 players: two decks, remove one set of all the clubs and one set of all "
           "the diamonds: 13 cards each.", R, players=lambda n: n == 6),
    Clause("canadian_salad.deck.7", "7 players: two decks, remove one set of all the clubs: 13 cards each.", R,
           players=lambda n: n == 7),
    Clause("canadian_salad.deck.8", "8 players: two complete decks: 13 cards each.", R, players=lambda n: n == 8),
    Clause("canadian_salad.deal", "All the cards are dealt, one round after another, ten rounds in all; the "
           "player to the left of the dealer leads to the first trick.", R),
    tricks.FIRST_DEALER,
    tricks.DEAL_PASSES_LEFT,
    Clause("canadian_salad.goal", "Low score wins. You do not want tricks: whoever takes the tricks counts the "
           "value of the round's cards in them.", R),
    Clause("canadian_salad.no-trumps", "NO TRUMPS at all: the highest card of the suit led wins the trick.", L),
    Clause("canadian_salad.follow", "You MUST follow the suit led if possible.", L),
    Clause("canadian_salad.identical.last", "On multiple deck games, when two identical winning cards fall, the "
           "last one thrown wins the trick.", L, option="identical_cards",
           when=lambda o: o.identical_cards == "last", players=lambda n: n >= 6),
    Clause("canadian_salad.identical.first", "On multiple deck games, when two identical winning cards fall, the "
           "first one thrown wins the trick.", L, option="identical_cards",
           when=lambda o: o.identical_cards == "first", players=lambda n: n >= 6),
    Clause("canadian_salad.round.red", "Round 1, red cards: 5 points each (130 in one deck).", S),
    Clause("canadian_salad.round.even", "Round 2, even cards (2, 4, 6, 8, 10, Q): 5 points each (120 in one "
           "deck).", S),
    Clause("canadian_salad.round.tricks", "Round 3, tricks: 10 points for each trick (130 with 13 tricks).", S),
    Clause("canadian_salad.round.hearts", "Round 4, hearts: 10 points each (130 in one deck).", S),
    Clause("canadian_salad.round.faces", "Round 5, face cards: 10 points each (120 in one deck).", S),
    Clause("canadian_salad.round.sevens", "Round 6, sevens: 30 points each (120 in one deck).", S),
    Clause("canadian_salad.round.aces", "Round 7, aces: 30 points each (120 in one deck).", S),
    Clause("canadian_salad.round.queens", "Round 8, queens: 30 points each (120 in one deck).", S),
    Clause("canadian_salad.round.king-of-spades", "Round 9, king of spades: 75 points each.", S),
    Clause("canadian_salad.round.last-trick", "Round 10, last trick: 75 points to whoever takes the last "
           "trick.", S),
    Clause("canadian_salad.sweep", "If someone manages to catch all the cards of interest on a round (all the "
           "aces on round 7, all the hearts on round 4, every trick on round 3, and so on), they score zero "
           "and everyone else scores 100 points. This does NOT apply to single events such as the LAST TRICK "
           "and the single-deck KING OF SPADES.", S),
    Clause("canadian_salad.end", "After the ten rounds the lowest total wins; players tied for lowest share "
           "the win.", S),
    *tricks.SHARED_CLAUSES,
])

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
        state.phase = "play"
        state.leader = state.turn = left_of(state.dealer, state.players)

    def end_hand(self, state: SaladState) -> None:
        rnd = ROUNDS[state.round_no - 1]
        pts, swept, sweeper = round_points(state.round_no, state.taken, state.tricks_won, state.leader, state.deck)
        notes = [f"round {state.round_no}: {rnd.name}, {rnd.per} points each [{rnd.clause}]"]
        if rnd.last_trick_only:
            notes.append(f"seat {state.leader} took the last trick")
        elif swept:
            notes.append(f"seat {sweeper} caught all the {rnd.name}: 0 for them, {SWEEP_PENALTY} for everyone "
                         "else [canadian_salad.sweep]")
        last = state.round_no >= len(ROUNDS)
        if last:
            notes.append("ten rounds played: the lowest total wins [canadian_salad.end]")
        state.sheet.add(f"round {state.round_no}: {rnd.name}", tuple(pts), state.ply + 1, notes)
        if last:
            state.over = True
            state.phase = "over"
            return
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    def result(self, state: SaladState) -> Result:
        return ranked(state.sheet.totals, high_wins=False)

    def view(self, state: SaladState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        rnd = ROUNDS[state.round_no - 1]
        v["round"] = state.round_no
        v["round_name"] = rnd.name
        v["points_per"] = rnd.per
        if rnd.counts is not None:
            table = TABLES[state.round_no - 1]
            v["points_taken"] = [rnd.per * sum(1 for c in pile if table[c]) for pile in state.taken]
        elif rnd.last_trick_only:
            v["points_taken"] = [0] * state.players
        else:
            v["points_taken"] = [rnd.per * n for n in state.tricks_won]
        v["scores"] = list(state.sheet.totals)
        v["decks"] = 2 if state.players >= 6 else 1
        v["last_identical_wins"] = bool(state.last_identical_wins) and v["decks"] > 1
        return v

    def zones(self, state: SaladState) -> list[Zone]:
        return self.trick_zones(state)

    def prompt(self, state: SaladState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        return f"Round {state.round_no} ({ROUNDS[state.round_no - 1].name}): play a card."
