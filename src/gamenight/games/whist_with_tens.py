"""Whist with 10s (rulebook 000): partners, six rounds (hearts, spades, diamonds,
clubs trumps, high no-trump, low no-trump), tricks past six and tens taken score."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, standard_deck
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.events import emit
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet, team_name
from gamenight.engine.view import Fact, FactKind, fact, flag, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState

DECK = tuple(standard_deck())
TEAMS = alternating_teams(4)
ROUNDS: tuple[tuple[str, int | None, bool], ...] = (
    ("hearts trump", 2, False),
    ("spades trump", 3, False),
    ("diamonds trump", 1, False),
    ("clubs trump", 0, False),
    ("high no-trump", None, False),
    ("low no-trump", None, True),
)
"""Each round: name, trump suit (None: no trump), and whether it is the low round."""
LOW_TENS_CHOICES = ("other-team", "taker")


@dataclass(frozen=True)
class WhistOptions:
    low_tens: str = option("other-team", "In low no-trump the tens count for: {value}.", choices=LOW_TENS_CHOICES)


R = "Players and cards"
L = "Play"
S = "Scoring"
DECK_RULE = Clause("whist_with_tens.deck", "One deck of cards, no jokers; four people play, partners sitting "
                   "opposite.", R)
GOAL = Clause("whist_with_tens.goal", "High score after all 6 rounds wins.", R)
DEAL = Clause("whist_with_tens.deal", "Deal all the cards; the person to the left of the dealer starts.", R)
ROUND_LIST = Clause("whist_with_tens.rounds", "The six rounds are: 1. hearts trump, 2. spades trump, 3. diamonds "
                    "trump, 4. clubs trump, 5. high no-trump, 6. low no-trump.", R)
TRICKS = Clause("whist_with_tens.tricks", "Take as many tricks as you can: a team counts its tricks after it has "
                "taken 6, one point for each trick past the sixth.", S)
TENS = Clause("whist_with_tens.tens", "You want to take the 10s home, as each counts 10 points. Taking 3 tens and 2 "
              "tricks past the sixth scores 32; 1 ten and 5 tricks past the sixth scores 15.", S)
LOW = Clause("whist_with_tens.low", "In low no-trump you do not want to take any tricks: what you take, the other "
             "team counts (the tricks past six and the tens a team takes score for the other team). Cards rank as "
             "usual, ace high.", S, option="low_tens", when=lambda o: o.low_tens == "other-team")
LOW_TAKER_TENS = Clause("whist_with_tens.low.taker-tens", "In low no-trump you do not want to take any tricks: the "
                        "tricks a team takes past six count for the other team, but tens still count for the team "
                        "that took them. Cards rank as usual, ace high.", S, option="low_tens",
                        when=lambda o: o.low_tens == "taker")
# The book's "You must follow suit if possible" is the family's ``tricks.FOLLOW_SUIT``.

RULES = Rules([
    DECK_RULE, GOAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, DEAL, ROUND_LIST, TRICKS, TENS, LOW,
    LOW_TAKER_TENS, *tricks.SHARED_CLAUSES,
])
TEXT_ONLY = (DECK_RULE, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, DEAL, tricks.HIGHEST_WINS, tricks.TRUMP_WINS,
             tricks.WINNER_LEADS)
"""Clauses the deal and the play follow without citing them."""


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="whist_with_tens", title="Whist with 10s", family="tricks", players=(4,), default_players=4,
    options=WhistOptions, rules=RULES, source="000",
    summary="Partners take tricks past six and capture the tens over six rounds; the last round is played low.",
    presets={"standard": {}, "low_tens_to_taker": {"low_tens": "taker"}},
    teams=lambda n: TEAMS,
    sections=(R, "Dealing", L, "Playing the tricks", S),
)


@dataclass
class WhistState(TrickState):
    round_no: int = 0
    low: bool = False


def team_score(tricks_taken: int, tens: int) -> int:
    """One point per trick past six plus 10 per ten."""
    return max(0, tricks_taken - 6) + 10 * tens


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def tens_in(pile: list[Card]) -> int:
    return sum(1 for c in pile if c & 15 == 10)


@register
class WhistWithTens(TrickGame[WhistState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> WhistState:
        state = WhistState(players=players, options=options, rng=rng,
                           sheet=ScoreSheet.per_team(TEAMS),
                           dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state)
        return state

    def _deal(self, state: WhistState) -> None:
        state.round_no += 1
        name, trump, low = ROUNDS[state.round_no - 1]
        self.start_hand(state, state.deck, 13)
        state.trump = trump
        state.low = low
        state.suit, state.power = tricks.standard_tables(trump)
        state.phase = Phase.PLAY
        state.leader = state.turn = left_of(state.dealer, 4)
        emit(state, f"{{0}} deals round {state.round_no}: {name}", state.dealer, kind="deal")

    def end_hand(self, state: WhistState) -> None:
        name = ROUNDS[state.round_no - 1][0]
        took = tricks.team_totals(state.tricks_won, TEAMS)
        tens = [sum(tens_in(state.taken[s]) for s in members) for members in TEAMS]
        took_words = [f"took {_plural(took[t], 'trick')} and {_plural(tens[t], 'ten')}" for t in range(2)]
        notes = [f"{team_name(TEAMS[t])} {took_words[t]}" for t in range(2)]
        notes.append(f"round {state.round_no} of 6: {name} [{ROUND_LIST.id}]")
        if not state.low:
            pts = [team_score(took[t], tens[t]) for t in range(2)]
            notes.append(f"one point per trick past six [{TRICKS.id}], 10 per ten [{TENS.id}]")
        elif state.options.low_tens == "other-team":
            pts = [team_score(took[1 - t], tens[1 - t]) for t in range(2)]
            notes.append(f"low no-trump: what a team takes, the other team counts [{LOW.id}]")
        else:
            pts = [team_score(took[1 - t], 0) + 10 * tens[t] for t in range(2)]
            notes.append(f"low no-trump: tricks count for the other team, tens for the taker [{LOW_TAKER_TENS.id}]")
        for t, (a, b) in enumerate(TEAMS):
            emit(state, f"{{0}} and {{1}} {took_words[t]}: {_plural(pts[t], 'point')}", a, b, kind="summary")
        last = state.round_no >= len(ROUNDS)
        if last:
            notes.append(f"all 6 rounds played: the high score wins [{GOAL.id}]")
        state.sheet.add(f"round {state.round_no}: {name}", tuple(pts), state.ply + 1, notes)
        if last:
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    # --- what players see ---------------------------------------------------------------------
    def facts(self, state: WhistState, seat: int | None) -> list[Fact]:
        name, trump, _ = ROUNDS[state.round_no - 1]
        of = f"{state.round_no} of {len(ROUNDS)}"
        facts = [fact("round", "Round", FactKind.TEXT, of if trump is not None else f"{of}: {name}"),  # trump: its fact
                 *self.trick_facts(state, seat),
                 per_seat("tens", "Tens", [tens_in(pile) for pile in state.taken])]
        if state.low:
            facts.append(flag("low", "Low: what your side takes counts for the other side", True))
        return facts

    def prompt(self, state: WhistState, seat: int) -> str:
        return "Play a card." if seat in self.to_act(state) else ""
