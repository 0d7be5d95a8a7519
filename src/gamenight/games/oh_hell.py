"""Oh Hell! (rulebook 000): hands of 10 down to 1 and back up (7 with 6-7 players),
a turned-up trump, bids with the dealer's restriction, a simultaneous one-card bid,
and 10 plus the bid for an exact bid."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import GameSpec
from gamenight.engine.legality import Step, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState

DECK = tuple(standard_deck())
BIDS = [Action("bid", (n,)) for n in range(53)]
ONE_CARD_CHOICES = ("simultaneous", "in-turn")
MADE_CHOICES = ("ten-plus-bid", "one-in-front")


@dataclass(frozen=True)
class OhHellOptions:
    max_cards: int = option(0, "Cards dealt in the first hand: {value} (0: the book's count).", minimum=0,
                            maximum=17)
    one_card_bids: str = option("simultaneous", "Bids in the one-card round: {value}.", choices=ONE_CARD_CHOICES)
    dealer_restriction: bool = option(True, "The dealer's restriction: {value}.")
    made_score: str = option("ten-plus-bid", "Score of an exact bid of 10 or more: {value}.", choices=MADE_CHOICES)


R = "Players and cards"
B = "Bidding"
L = "Play"
S = "Scoring"
DECK_RULE = Clause("oh_hell.deck", "One deck of cards, not including jokers; 3 to 7 people can play.", R)
GOAL = Clause("oh_hell.goal", "The object is to predict accurately how many tricks you will take and to get the "
              "highest score.", R)
ROUNDS = Clause("oh_hell.rounds", "With 3 to 5 people play 10 cards down to 1 and back up to 10 (19 hands); with 6 "
                "or 7 people play 7 down to 1 and back up to 7 (13 hands). Each hand after the first is dealt one "
                "card fewer until one card is dealt, then one more each hand until back at the first hand's "
                "number.", R)
ROUNDS_CUSTOM = Clause("oh_hell.rounds.custom-start", "Hands start at {max_cards} cards instead.", R,
                       option="max_cards", when=lambda o: o.max_cards > 0)
TRUMP = Clause("oh_hell.trump", "After the cards are dealt, the top card of the remaining cards is turned up; its "
               "suit is trump for the hand.", R)
TRUMP_NONE = Clause("oh_hell.trump.none", "If no card is left to turn up, the hand is played without a trump suit "
                    "(this only happens when a house deals more cards than the book; the book's counts always "
                    "leave a card).", R)
BID = Clause("oh_hell.bid", "The player to the left of the dealer states their bid, a number of tricks from 0 to "
             "the number of cards dealt; bidding continues clockwise around the table to the dealer.", B)
DEALER_RESTRICTION = Clause("oh_hell.bid.dealer", "The dealer must make the total of the bids NOT equal to the "
                            "number of cards dealt (the dealer's restriction).", B, option="dealer_restriction",
                            when=lambda o: o.dealer_restriction)
ONE_CARD = Clause("oh_hell.bid.one-card", "In the round where only one card is dealt, everybody bids at the same "
                  "time: all place their hands in the middle of the table, knock twice, and on the third knock "
                  "stick out one finger to bid one trick or keep the hand closed to bid none. No one sees "
                  "another's bid until all have bid, so the dealer's restriction cannot apply to this round.", B,
                  option="one_card_bids", when=lambda o: o.one_card_bids == "simultaneous")
ONE_CARD_IN_TURN = Clause("oh_hell.bid.one-card-in-turn", "The one-card round is bid in turn like the others, and "
                          "the dealer's restriction applies.", B, option="one_card_bids",
                          when=lambda o: o.one_card_bids == "in-turn")
BIDS_MARKED = Clause("oh_hell.bid.marked", "Tricks bid are marked under each player's name (the app shows them "
                     "with the hand).", B)
LEAD = Clause("oh_hell.lead", "The player to the left of the dealer leads to the first trick.", L)
SCORE_EXACT = Clause("oh_hell.score.exact", "A player who takes exactly the number of tricks they bid gets a 1 in "
                     "front of their bid: 1 becomes 11, 0 becomes 10.", S)
SCORE_TEN = Clause("oh_hell.score.ten", "A made bid of 10 or more scores 10 plus the bid (10 becomes 20): the book "
                   "only shows one-digit bids, and the 1 in front is read as adding 10.", S, option="made_score",
                   when=lambda o: o.made_score == "ten-plus-bid")
SCORE_ONE_IN_FRONT = Clause("oh_hell.score.one-in-front", "A made bid of 10 or more gets the 1 written in front of "
                            "it, as the book says: 10 becomes 110.", S, option="made_score",
                            when=lambda o: o.made_score == "one-in-front")
SCRATCH = Clause("oh_hell.score.scratch", "A player who takes more or fewer tricks than their bid gets a scratch "
                 "and no points for that round.", S)
END = Clause("oh_hell.end", "The highest score after all the rounds have been played wins.", S)

RULES = Rules([
    DECK_RULE, GOAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, ROUNDS, ROUNDS_CUSTOM, TRUMP, TRUMP_NONE,
    BID, DEALER_RESTRICTION, ONE_CARD, ONE_CARD_IN_TURN, BIDS_MARKED, LEAD,
    SCORE_EXACT, SCORE_TEN, SCORE_ONE_IN_FRONT, SCRATCH, END,
    *tricks.SHARED_CLAUSES,
])
TEXT_ONLY = (DECK_RULE, GOAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, ROUNDS, ROUNDS_CUSTOM, TRUMP, TRUMP_NONE,
             ONE_CARD_IN_TURN, BIDS_MARKED, LEAD, tricks.HIGHEST_WINS, tricks.TRUMP_WINS, tricks.WINNER_LEADS)
"""Clauses the deal, the schedule and the play follow without citing them."""


class Phase(StrEnum):
    BID = "bidding"
    BID_TOGETHER = "bidding together"
    """The one-card round's simultaneous bid."""
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="oh_hell", title="Oh Hell!", family="tricks", players=(3, 4, 5, 6, 7), default_players=4,
    options=OhHellOptions, rules=RULES, source="000",
    summary="Bid exactly the tricks you will take, from 10 cards down to 1 and back. Highest score wins.",
    presets={"standard": {}, "in_turn_one_card": {"one_card_bids": "in-turn"}},
    sections=(R, "Dealing", B, L, "Playing the tricks", S),
)


@dataclass
class OhHellState(TrickState):
    schedule: list[int] = field(default_factory=list)
    round_no: int = 0
    stock: list[Card] = field(default_factory=list)
    """Undealt cards under the turn-up, face down."""
    turnup: Card | None = None
    bids: list[int | None] = field(default_factory=list)
    bid_turn: int = 0

    @property
    def cards_dealt(self) -> int:
        return self.schedule[self.round_no - 1]


def schedule_for(players: int, max_cards: int) -> list[int]:
    top = max_cards or (10 if players <= 5 else 7)
    top = min(top, 52 // players)
    return list(range(top, 0, -1)) + list(range(2, top + 1))


MADE_CLAUSE = {"ten-plus-bid": SCORE_TEN, "one-in-front": SCORE_ONE_IN_FRONT}
"""The clause that scores a made bid of 10 or more, by the ``made_score`` option."""


def made_points(bid: int, how: str) -> int:
    return 10 + bid if how == "ten-plus-bid" else int("1" + str(bid))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@register
class OhHell(TrickGame[OhHellState]):
    spec = SPEC
    one_deck = True
    indexed_play = True

    def setup(self, players: int, options: Any, rng: random.Random) -> OhHellState:
        state = OhHellState(players=players, options=options, rng=rng,
                            sheet=ScoreSheet.per_seat(players),
                            dealer=rng.randrange(players), deck=list(DECK),
                            schedule=schedule_for(players, options.max_cards))
        self._deal(state)
        return state

    def _deal(self, state: OhHellState) -> None:
        state.round_no += 1
        rest = self.start_hand(state, state.deck, state.cards_dealt)
        dealt = _plural(state.cards_dealt, "card")
        if rest:
            state.turnup = rest[0]
            state.stock = rest[1:]
            state.trump = rest[0] >> 4
            if state.events is not None:  # the words are built only for a match that keeps them
                emit(state, f"{{0}} deals {dealt} each and turns up {card_text(rest[0])}: "
                     f"{tricks.suit_word(state.trump)} are trump", state.dealer, pieces=(rest[0],), kind="deal")
        else:
            state.turnup = None
            state.stock = []
            state.trump = None
            emit(state, f"{{0}} deals {dealt} each; no card is left to turn up: no trump", state.dealer,
                 kind="deal")
        state.suit, state.power = tricks.standard_tables(state.trump)
        state.bids = [None] * state.players
        state.bid_turn = left_of(state.dealer, state.players)
        state.phase = Phase.BID_TOGETHER if self._together(state) else Phase.BID

    @staticmethod
    def _together(state: OhHellState) -> bool:
        return state.cards_dealt == 1 and state.options.one_card_bids == "simultaneous"

    # --- bidding ---------------------------------------------------------------------------
    def other_to_act(self, state: OhHellState) -> tuple[int, ...]:
        if state.phase == Phase.BID:
            return (state.bid_turn,)
        if state.phase == Phase.BID_TOGETHER:
            return tuple(s for s in range(state.players) if state.bids[s] is None)
        return ()

    def forbidden_bid(self, state: OhHellState, seat: int) -> int | None:
        """The bid the dealer's restriction forbids ``seat`` now, if any: the one that would
        make the bids add up to the cards dealt (none in a simultaneous round, or once the
        others' bids already exceed the cards)."""
        if state.phase != Phase.BID or seat != state.dealer or not state.options.dealer_restriction:
            return None
        rest = state.cards_dealt - sum(b for b in state.bids if b is not None)
        return rest if rest >= 0 else None

    def forbidden_reason(self, state: OhHellState, banned: int) -> str:
        dealt = _plural(state.cards_dealt, "card")
        return f"the dealer may not bid {banned}: the bids would add up to the {dealt} dealt"

    def bid_cascade(self, state: OhHellState, seat: int) -> Iterator[Step[int]]:
        """Every rule on the bid ``seat`` may make now: the one authority for the bids listed
        and for the refusal of any other."""
        top = state.cards_dealt
        yield Step(range(top + 1), BID, f"a bid is a number of tricks from 0 to the {_plural(top, 'card')} dealt")
        banned = self.forbidden_bid(state, seat)
        if banned is not None:
            yield Step([b for b in range(top + 1) if b != banned], DEALER_RESTRICTION,
                       self.forbidden_reason(state, banned))

    def other_legal(self, state: OhHellState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        # ``bid_cascade``'s answer without building its steps (bids are on the benchmarked path):
        # every bid up to the cards dealt, less the one ``forbidden_bid`` names.
        bids = BIDS[:state.cards_dealt + 1]
        banned = self.forbidden_bid(state, seat)
        return bids if banned is None else [a for a in bids if a[1][0] != banned]

    def other_refusal(self, state: OhHellState, seat: int, action: Action) -> None:
        if action.verb != "bid" or len(action.args) != 1 or type(action.args[0]) is not int:
            raise IllegalAction(BID, "now each player bids a number of tricks", state.options)
        refuse(self.bid_cascade(state, seat), action.args[0], state.options, BID)

    def off_turn(self, state: OhHellState, seat: int, action: Action) -> None:
        if action.verb != "bid" or not 0 <= seat < state.players or state.bids[seat] is None:
            return
        if state.phase == Phase.BID_TOGETHER:
            raise IllegalAction(ONE_CARD, "you have made your bid; the bids are shown when everyone has bid",
                                state.options)
        if state.phase == Phase.BID:
            raise IllegalAction(BID, f"you have bid {state.bids[seat]} this hand: each player bids once",
                                state.options)

    def other_apply(self, state: OhHellState, seat: int, action: Action) -> None:
        bid = action.args[0]
        state.bids[seat] = bid
        if state.phase == Phase.BID:
            if state.events is not None:
                emit(state, f"{{0}} bids {bid}", seat, kind="bid")
            if seat != state.dealer:
                state.bid_turn = left_of(seat, state.players)
                return
        else:
            private(state, seat, f"{{0}} bids {bid}", "{0} has bid", seat, kind="bid")
            if None in state.bids:
                return
            emit(state, "Everyone has bid: " + ", ".join(f"{{{s}}} {b}" for s, b in enumerate(state.bids)),
                 *range(state.players), kind="bid")
        state.phase = Phase.PLAY
        state.leader = state.turn = left_of(state.dealer, state.players)

    # --- scoring ----------------------------------------------------------------------------
    def end_hand(self, state: OhHellState) -> None:
        how = state.options.made_score
        pts: list[int] = []
        notes: list[str] = []
        for s in range(state.players):
            bid = state.bids[s]
            assert bid is not None
            took = state.tricks_won[s]
            if took == bid:
                p = made_points(bid, how)
                cite = SCORE_EXACT if bid < 10 else MADE_CLAUSE[how]
                notes.append(f"seat {s} bid {bid} and took {took}: {p} [{cite.id}]")
                if state.events is not None:
                    emit(state, f"{{0}} bid {bid} and took {took}: {p} points", s, kind="summary")
            else:
                p = 0
                notes.append(f"seat {s} bid {bid} but took {took}: scratch [{SCRATCH.id}]")
                if state.events is not None:
                    emit(state, f"{{0}} bid {bid} but took {took}: a scratch", s, kind="summary")
            pts.append(p)
        trump = tricks.suit_word(state.trump) if state.trump is not None else "no"
        label = f"hand {state.round_no}: {_plural(state.cards_dealt, 'card')}"
        last = state.round_no >= len(state.schedule)
        if last:
            notes.append(f"all the hands are played: the highest score wins [{END.id}]")
        state.sheet.add(label, tuple(pts), state.ply + 1, [f"{trump} trump", *notes])
        if last:
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    # --- what players see -----------------------------------------------------------------
    def facts(self, state: OhHellState, seat: int | None) -> list[Fact]:
        hidden = state.phase == Phase.BID_TOGETHER
        bids = [None if hidden and s != seat else b for s, b in enumerate(state.bids)]
        facts = [*self.trick_facts(state, seat), per_seat("bids", "Bid", bids),
                 fact("cards-dealt", "Cards dealt", FactKind.NUMBER, state.cards_dealt),
                 fact("hands-left", "Hands after this one", FactKind.NUMBER, len(state.schedule) - state.round_no)]
        if state.phase == Phase.BID:
            banned = self.forbidden_bid(state, state.bid_turn)
            if banned is not None:
                facts.append(fact("forbidden-bid", "The dealer may not bid", FactKind.NUMBER, banned))
        return facts

    def zones(self, state: OhHellState) -> list[Zone]:
        zones = self.trick_zones(state)
        zones.append(Zone("stock", state.stock, frozenset(), kind=ZoneKind.STOCK, label="Stock"))
        if state.turnup is not None:
            zones.append(Zone("turn-up", [state.turnup], kind=ZoneKind.UPCARD, label="Turned up for trump"))
        return zones

    def redact(self, state: OhHellState, seat: int, action: Action, viewer: int | None) -> str:
        if state.phase == Phase.BID_TOGETHER and action.verb == "bid" and viewer != seat:
            return "bid (made together; shown when all have bid)"
        return str(action)

    def prompt(self, state: OhHellState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.PLAY:
            return "Play a card."
        # the bid the dealer may not make is a fact everyone sees, said once: the prompt only asks
        text = f"Bid how many tricks you will take, from 0 to {state.cards_dealt}"
        if state.phase == Phase.BID_TOGETHER:
            text += "; everyone bids at once"
        return text + "."
