"""Hearts (rulebook 000): a kitty to the first trick's winner, passing by rotation,
hearts broken by a heart or the queen of spades, Power, game to 100, low wins."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, cards_text, code, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action, Choices
from gamenight.engine.clauses import Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import GameSpec, Result, ranked
from gamenight.engine.legality import Step
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, fact, flag, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState

HEARTS, SPADES, CLUBS = 2, 3, 0
QUEEN_OF_SPADES = code(12, SPADES)
DECK = tuple(standard_deck())


@dataclass(frozen=True)
class HeartsOptions:
    target: int = option(100, "The game ends when a player reaches {value} points.", minimum=10)
    pass_count: int = option(3, "Cards passed: {value}.", minimum=0, maximum=6)
    points_on_first_trick: bool = option(True, "Points allowed on the first trick: {value}.")


R = "Players and cards"
P = "Passing"
L = "Play"
S = "Scoring"
DECK_RULE = Clause("hearts.deck", "One deck of cards without jokers. Aces are high down to 2s, which are low. "
                   "There is no trump suit.", R)
DEAL_FOUR = Clause("hearts.deal.four", "With four players each player gets 12 cards and 4 are dealt into the "
                   "centre (the kitty).", R, players=lambda n: n == 4)
DEAL_OTHER = Clause("hearts.deal.other", "With other numbers of players the cards are dealt out evenly with the "
                    "remainder going into the middle; there must always be at least 2 cards in the middle.", R,
                    players=lambda n: n != 4)
PASS = Clause("hearts.pass", "After looking at their hand, each player chooses {pass_count} cards and passes "
              "them face down to another player. All players pass their own cards before looking at the "
              "cards they receive.", P, option="pass_count")
PASS_ROTATION = Clause("hearts.pass.rotation", "Passing rotates by hand: left, right, across the table, then no "
                       "passing (keeper).", P, players=lambda n: n == 4)
PASS_ROTATION_MANY = Clause("hearts.pass.rotation-many", "With more than four players the across round becomes "
                            "two players to the left: left, right, two to the left, keeper.", P,
                            players=lambda n: n > 4)
PASS_ROTATION_THREE = Clause("hearts.pass.rotation-three", "With three players there is no across round: left, "
                             "right, keeper (the book lists only the four-hand rotation; with three there is no "
                             "seat across).", P, players=lambda n: n == 3)
LOWEST_CLUB = Clause("hearts.lead.lowest-club", "The player holding the 2 of clubs after the pass plays it to "
                     "start the first trick. If nobody has it, it is in the kitty and the 3 of clubs leads, and "
                     "so on.", L)
FIRST_TRICK_POINTS = Clause("hearts.first-trick.points", "No heart and not the queen of spades may be played on "
                            "the first trick unless you hold nothing else.", L, option="points_on_first_trick",
                            when=lambda o: not o.points_on_first_trick)
KITTY = Clause("hearts.kitty", "The winner of the first trick gets the cards in the middle of the table. They "
               "do not play them, but any points in them count for that player at the end of the hand.", L)
FACE_DOWN = Clause("hearts.tricks.face-down", "The winner of a trick keeps all cards won in a single stack in "
                   "front of them, face down (table custom: the app shows the last trick and everyone's points "
                   "taken).", L)
HEARTS_BROKEN = Clause("hearts.lead.hearts-broken", "Hearts may not be led until a heart or the queen of spades "
                       "has been played. The queen of spades may be led at any time.", L)
ONLY_HEARTS = Clause("hearts.lead.only-hearts", "A player who holds nothing but hearts may lead a heart even "
                     "before hearts are broken (the book is silent; there is nothing else to lead).", L)
CARD_POINTS = Clause("hearts.score.cards", "Hearts are 1 point each; the queen of spades is 13 points.", S)
POWER = Clause("hearts.score.power", "POWER: a player who wins all 13 hearts and the queen of spades scores "
               "zero and 26 points are added to every other player's score.", S)
END = Clause("hearts.end", "The game is played to {target} points: when a player reaches it at the end of a "
             "hand, the player with the lowest score wins.", S, option="target")
HIGHEST_WINS = Clause("hearts.highest-wins", "The highest card of the suit led wins a trick; a card of another "
                      "suit never wins.", "Playing the tricks")
"""Hearts rewords the family's highest-wins clause: there are no trumps."""

RULES = Rules([
    DECK_RULE, DEAL_FOUR, DEAL_OTHER, PASS, PASS_ROTATION, PASS_ROTATION_MANY, PASS_ROTATION_THREE, LOWEST_CLUB,
    FIRST_TRICK_POINTS, KITTY, FACE_DOWN, HEARTS_BROKEN, ONLY_HEARTS, CARD_POINTS, POWER, END,
    tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT,
    tricks.FOLLOW_SUIT, HIGHEST_WINS, tricks.WINNER_LEADS, tricks.PLAY_FROM_HAND,
])
TEXT_ONLY = (DECK_RULE, DEAL_FOUR, DEAL_OTHER, PASS_ROTATION, PASS_ROTATION_MANY, PASS_ROTATION_THREE, FACE_DOWN,
             ONLY_HEARTS, HIGHEST_WINS, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, tricks.WINNER_LEADS)
"""Clauses that describe the deal and the play; the code follows them but cites none."""


class Phase(StrEnum):
    PASS = "passing"
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="hearts", title="Hearts", family="tricks", players=(3, 4, 5, 6, 7), default_players=4,
    options=HeartsOptions, rules=RULES, source="000",
    summary="Avoid hearts and the queen of spades, or take them all for Power. Low score wins.",
    presets={"standard": {}, "classic": {"points_on_first_trick": False}},
    sections=(R, "Dealing", P, L, "Playing the tricks", S),
)


@dataclass
class HeartsState(TrickState):
    kitty: list[Card] = field(default_factory=list)
    passes: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    broken: bool = False
    first_trick: bool = True
    kitty_owner: int | None = None


def card_points(cards: list[Card]) -> int:
    return sum(1 for c in cards if c >> 4 == HEARTS) + (13 if QUEEN_OF_SPADES in cards else 0)


def pass_offset(hand_no: int, players: int) -> int:
    """How many seats to the left this hand's pass goes (0: keeper)."""
    if players == 3:
        return (1, -1, 0)[(hand_no - 1) % 3]
    third = 2 if players > 4 else players // 2
    return (1, -1, third, 0)[(hand_no - 1) % 4]


@register
class Hearts(TrickGame[HeartsState]):
    spec = SPEC
    one_deck = True
    indexed_play = True
    facts_alike = True

    def setup(self, players: int, options: Any, rng: random.Random) -> HeartsState:
        state = HeartsState(players=players, options=options, rng=rng,
                            sheet=ScoreSheet.per_seat(players),
                            dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state)
        return state

    def _deal(self, state: HeartsState) -> None:
        per = (52 - 2) // state.players
        state.kitty = sorted(self.start_hand(state, state.deck, per))
        state.suit, state.power = tricks.standard_tables(None)
        state.broken = False
        state.first_trick = True
        state.kitty_owner = None
        state.passes = {}
        if state.options.pass_count and pass_offset(state.hand_no, state.players):
            state.phase = Phase.PASS
        else:
            self._start_play(state)

    def _start_play(self, state: HeartsState) -> None:
        state.phase = Phase.PLAY
        state.follow_hooks = not state.options.points_on_first_trick  # the only follow restriction
        for rank in range(2, 15):
            c = code(rank, CLUBS)
            for s in range(state.players):
                if c in state.hands[s]:
                    state.leader = state.turn = s
                    return
        raise AssertionError("no club outside the kitty")

    # --- passing ------------------------------------------------------------------------------
    def other_to_act(self, state: HeartsState) -> tuple[int, ...]:
        return tuple(s for s in range(state.players) if s not in state.passes)

    def other_legal(self, state: HeartsState, seat: int) -> Sequence[Action]:
        if seat in state.passes:
            return []
        return Choices("pass", state.hands[seat], state.options.pass_count)

    def other_refusal(self, state: HeartsState, seat: int, action: Action) -> None:
        """A pass is exactly ``pass_count`` cards you hold; checked directly, not by listing
        every combination."""
        count = state.options.pass_count
        if action.verb != "pass":
            raise IllegalAction(PASS, f"now each player passes {count} cards",
                                state.options)
        chosen = action.cards
        if len(chosen) != len(action.args) or len(chosen) != count:
            raise IllegalAction(PASS, f"pass exactly {count} cards, not {len(action.args)}", state.options)
        hand = list(state.hands[seat])
        for c in chosen:
            if c not in hand:
                raise IllegalAction(PASS, f"you do not hold {c}" if c not in state.hands[seat]
                                    else f"you hold only one {c}", state.options)
            hand.remove(c)

    def other_apply(self, state: HeartsState, seat: int, action: Action) -> None:
        chosen = tuple(sorted(action.cards))
        state.passes[seat] = chosen
        for c in chosen:
            state.hands[seat].remove(c)
        off = pass_offset(state.hand_no, state.players)
        narrating = state.events is not None  # the texts are not built for a match nobody reads
        if narrating:
            to = left_of(seat, state.players, off)
            private(state, seat, "{0} passes " + cards_text(chosen) + " to {1}",
                    "{0} passes " + _number(len(chosen)) + " cards to {1}", seat, to, pieces=chosen, kind="pass")
        if len(state.passes) == state.players:
            for s, given in state.passes.items():
                receiver = left_of(s, state.players, off)
                state.hands[receiver].extend(given)
                if narrating:
                    private(state, receiver, "You received " + cards_text(given) + " from {1}", None, receiver, s,
                            pieces=given, kind="received")
            for h in state.hands:
                h.sort()
            self._start_play(state)

    # --- play restrictions ----------------------------------------------------------------------
    # Tuples rather than generators: these run before most plays of a random playout.
    def lead_steps(self, state: HeartsState, seat: int, hand: list[Card]) -> Iterable[Step[Card]]:
        if state.first_trick:
            lowest = min((c for c in hand if c >> 4 == CLUBS), default=None)
            if lowest is not None:
                return (Step([lowest], LOWEST_CLUB, f"the first trick is led with your lowest club, {lowest}"),)
        if state.broken:
            return ()
        allowed = [c for c in hand if c >> 4 != HEARTS]
        if allowed and len(allowed) < len(hand):
            return (Step(allowed, HEARTS_BROKEN, "hearts are not broken yet"),)
        return ()

    def follow_steps(self, state: HeartsState, seat: int, allowed: list[Card]) -> Iterable[Step[Card]]:
        if state.first_trick and not state.options.points_on_first_trick:
            clean = [c for c in allowed if c >> 4 != HEARTS and c != QUEEN_OF_SPADES]
            if clean and len(clean) < len(allowed):
                return (Step(clean, FIRST_TRICK_POINTS, "no points may be played on the first trick while you "
                             "hold another card you may play"),)
        return ()

    def on_trick(self, state: HeartsState, winner: int, plays: list[tuple[int, Card]]) -> None:
        if not state.broken and any(c >> 4 == HEARTS or c == QUEEN_OF_SPADES for _, c in plays):
            state.broken = True
        if state.first_trick:
            state.first_trick = False
            state.follow_hooks = False
            state.kitty_owner = winner
        if state.broken:
            state.hooks = False  # no lead or play restriction can apply for the rest of the hand

    def end_hand(self, state: HeartsState) -> None:
        owner = state.kitty_owner if state.kitty_owner is not None else 0
        won = [t + state.kitty if s == owner else t for s, t in enumerate(state.taken)]
        pts = [card_points(t) for t in won]
        notes = [f"the kitty went to seat {owner} [{KITTY.id}]",
                 f"hearts 1 point each, the queen of spades 13 [{CARD_POINTS.id}]"]
        shooter = pts.index(26) if 26 in pts else None
        if state.events is not None:
            self._tell_hand(state, owner, won, pts, shooter)
        if shooter is not None:
            pts = [0 if s == shooter else 26 for s in range(state.players)]
            notes.append(f"seat {shooter} took Power [{POWER.id}]")
        target = state.options.target
        ended = max(t + p for t, p in zip(state.sheet.totals, pts)) >= target
        if ended:
            notes.append(f"a player has {target} or more points: the lowest score wins [{END.id}]")
        state.sheet.add(f"hand {state.hand_no}", tuple(pts), state.ply + 1, notes)
        if ended:
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    @staticmethod
    def _tell_hand(state: HeartsState, owner: int, won: list[list[Card]], pts: list[int], shooter: int | None,
                   ) -> None:
        """The end-of-hand summary events: the kitty, the queen of spades, Power or the points."""
        in_kitty = card_points(state.kitty)
        worth = f" ({'1 point' if in_kitty == 1 else f'{in_kitty} points'})"
        private(state, owner, "{0} took the kitty: " + cards_text(state.kitty) + worth, "{0} took the kitty" + worth,
                owner, pieces=state.kitty, kind="summary")
        queen = next((s for s, t in enumerate(won) if QUEEN_OF_SPADES in t), None)
        if queen is not None:
            emit(state, "{0} took the queen of spades", queen, kind="summary")
        if shooter is not None:
            emit(state, "{0} takes Power: 26 points to everyone else", shooter, kind="summary")
        else:
            emit(state, "Points this hand: " + ", ".join(f"{{{s}}} {p}" for s, p in enumerate(pts)),
                 *range(state.players), kind="summary")

    def result(self, state: HeartsState) -> Result:
        return ranked(state.sheet.totals, high_wins=False)

    # --- what players see ------------------------------------------------------------------------
    def facts(self, state: HeartsState, seat: int | None) -> list[Fact]:
        facts = [per_seat("points", "Points taken", [card_points(t) for t in state.taken]),
                 *self.trick_facts(state, seat)]
        if state.broken:
            facts.append(flag("hearts-broken", "Hearts broken", True))
        if state.kitty_owner is not None:
            facts.append(fact("kitty-owner", "Kitty taken by", FactKind.SEAT, state.kitty_owner))
        if state.phase == Phase.PASS:  # whom you pass to is the prompt's, said once
            facts.append(fact("passed", "Passed", FactKind.SEATS, sorted(state.passes)))
        return facts

    def zones(self, state: HeartsState) -> list[Zone]:
        owner = state.kitty_owner
        zones = self.trick_zones(state)
        zones.append(Zone("kitty", state.kitty, frozenset() if owner is None else frozenset({owner}), owner=owner,
                          label="Kitty"))
        if state.phase == Phase.PASS:
            zones += [Zone("passing", list(cards), frozenset({s}), owner=s, label="Passing")
                      for s, cards in state.passes.items()]
        return zones

    def redact(self, state: HeartsState, seat: int, action: Action, viewer: int | None) -> str:
        if action.verb == "pass" and viewer != seat:
            return f"pass {len(action.args)} cards"
        return str(action)

    def prompt(self, state: HeartsState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.PASS:
            off = pass_offset(state.hand_no, state.players)
            return Prompt(f"Choose {_number(state.options.pass_count)} cards to pass to {{0}}.",
                          (left_of(seat, state.players, off),))
        return "Play a card."


def _number(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[n] if n <= 6 else str(n)
