"""Whist with 10s (rulebook 000): partners, six rounds (hearts, spades, diamonds,
clubs trumps, high no-trump, low no-trump), tricks past six and tens taken score."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gamenight.core.cards import standard_deck
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
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
    low_tens: str = option(
        "other-team", "In low no-trump the tens taken count for: {value} (other-team: like the tricks, everything "
        "a team takes counts for the other team; taker: only the tricks count for the other team, tens still "
        "score 10 for the side that took them).", choices=LOW_TENS_CHOICES)


R = "Players and cards"
L = "Play"
S = "Scoring"
RULES = Rules([
    Clause("whist_with_tens.deck", "One deck of cards, no jokers; four people play, partners sitting "
           "opposite.", R),
    Clause("whist_with_tens.goal", "High score after all 6 rounds wins.", R),
    tricks.FIRST_DEALER,
    tricks.DEAL_PASSES_LEFT,
    Clause("whist_with_tens.deal", "Deal all the cards; the person to the left of the dealer starts.", R),
    Clause("whist_with_tens.rounds", "The six rounds are: 1. hearts trump, 2. spades trump, 3. diamonds trump, "
           "4. clubs trump, 5. high no-trump, 6. low no-trump.", R),
    Clause("whist_with_tens.follow", "You must follow suit if possible.", L),
    Clause("whist_with_tens.tricks", "Take as many tricks as you can: a team counts its tricks after it has "
           "taken 6, one point for each trick past the sixth.", S),
    Clause("whist_with_tens.tens", "You want to take the 10s home, as each counts 10 points. Taking 3 tens and "
           "2 tricks past the sixth scores 32; 1 ten and 5 tricks past the sixth scores 15.", S),
    Clause("whist_with_tens.low", "In low no-trump you do not want to take any tricks: what you take, the other "
           "team counts (the tricks past six and the tens a team takes score for the other team). Cards rank "
           "as usual, ace high.", S, option="low_tens", when=lambda o: o.low_tens == "other-team"),
    Clause("whist_with_tens.low.taker-tens", "In low no-trump you do not want to take any tricks: the tricks a "
           "team takes past six count for the other team, but tens still count for the team that took them. "
           "Cards rank as usual, ace high.", S, option="low_tens", when=lambda o: o.low_tens == "taker"),
    *tricks.SHARED_CLAUSES,
])

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
        _, trump, low = ROUNDS[state.round_no - 1]
        self.start_hand(state, state.deck, 13)
        state.trump = trump
        state.low = low
        state.suit, state.power = tricks.standard_tables(trump)
        state.phase = "play"
        state.leader = state.turn = left_of(state.dealer, 4)

    def end_hand(self, state: WhistState) -> None:
        name = ROUNDS[state.round_no - 1][0]
        took = tricks.team_totals(state.tricks_won, TEAMS)
        tens = [sum(1 for s in members for c in state.taken[s] if c & 15 == 10) for members in TEAMS]
        notes = [f"seats {' & '.join(map(str, TEAMS[t]))} took {took[t]} tricks and {tens[t]} tens"
                 for t in range(2)]
        if not state.low:
            pts = [team_score(took[t], tens[t]) for t in range(2)]
            notes.append("one point per trick past six [whist_with_tens.tricks], 10 per ten [whist_with_tens.tens]")
        elif state.options.low_tens == "other-team":
            pts = [team_score(took[1 - t], tens[1 - t]) for t in range(2)]
            notes.append("low no-trump: what a team takes, the other team counts [whist_with_tens.low]")
        else:
            pts = [team_score(took[1 - t], 0) + 10 * tens[t] for t in range(2)]
            notes.append("low no-trump: tricks count for the other team, tens for the taker "
                         "[whist_with_tens.low.taker-tens]")
        state.sheet.add(f"round {state.round_no}: {name}", tuple(pts), state.ply + 1, notes)
        if state.round_no >= len(ROUNDS):
            state.over = True
            state.phase = "over"
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    def view(self, state: WhistState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        v["teams"] = [list(t) for t in TEAMS]
        v["round"] = state.round_no
        v["round_name"] = ROUNDS[state.round_no - 1][0]
        v["low"] = state.low
        v["team_tricks"] = tricks.team_totals(state.tricks_won, TEAMS)
        v["tens_taken"] = [sum(1 for s in members for c in state.taken[s] if c & 15 == 10) for members in TEAMS]
        v["scores"] = list(state.sheet.totals)
        return v

    def zones(self, state: WhistState) -> list[Zone]:
        return self.trick_zones(state)

    def prompt(self, state: WhistState, seat: int) -> str:
        return "Play a card." if seat in self.to_act(state) else ""
