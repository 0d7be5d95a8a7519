"""Oh Hell! (rulebook 000): hands of 10 down to 1 and back up (7 with 6-7 players),
a turned-up trump, bids with the dealer's restriction, a simultaneous one-card bid,
and 10 plus the bid for an exact bid."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState

DECK = tuple(standard_deck())
BIDS = [Action("bid", (n,)) for n in range(53)]
ONE_CARD_CHOICES = ("simultaneous", "in-turn")
MADE_CHOICES = ("ten-plus-bid", "one-in-front")


@dataclass(frozen=True)
class OhHellOptions:
    max_cards: int = option(
        0, "Hands start at {value} cards (0: the book's 10 cards for 3 to 5 players, 7 for 6 or 7), go down to "
        "one card and back up.", minimum=0, maximum=17)
    one_card_bids: str = option(
        "simultaneous", "In the one-card round the bids are made {value} (in-turn: one at a time from the "
        "dealer's left, and the dealer's restriction applies).", choices=ONE_CARD_CHOICES)
    dealer_restriction: bool = option(
        True, "The dealer may not make the bids add up to the number of cards dealt: {value}.")
    made_score: str = option(
        "ten-plus-bid", "An exact bid scores {value} (ten-plus-bid: 10 plus the bid, so 10 becomes 20; "
        "one-in-front: a 1 written in front of the bid, so 10 becomes 110).", choices=MADE_CHOICES)


R = "Players and cards"
B = "Bidding"
L = "Play"
S = "Scoring"
RULES = Rules([
    Clause("oh_hell.deck", "One deck of cards, not including jokers; 3 to 7 people can play.", R),
    Clause("oh_hell.goal", "The object is to predict accurately how many tricks you will take and to get the "
           "highest score.", R),
    tricks.FIRST_DEALER,
    tricks.DEAL_PASSES_LEFT,
    Clause("oh_hell.rounds", "With 3 to 5 people play 10 cards down to 1 and back up to 10 (19 hands); with 6 or "
           "7 people play 7 down to 1 and back up to 7 (13 hands). Each hand after the first is dealt one card "
           "fewer until one card is dealt, then one more each hand until back at the first hand's number.", R),
    Clause("oh_hell.rounds.custom-start", "Hands start at {max_cards} cards instead.", R, option="max_cards",
           when=lambda o: o.max_cards > 0),
    Clause("oh_hell.trump", "After the cards are dealt, the top card of the remaining cards is turned up; its "
           "suit is trump for the hand.", R),
    Clause("oh_hell.trump.none", "If no card is left to turn up, the hand is played without a trump suit (this "
           "only happens when a house deals more cards than the book; the book's counts always leave a card).",
           R),
    Clause("oh_hell.bid", "The player to the left of the dealer states their bid, a number of tricks from 0 to "
           "the number of cards dealt; bidding continues clockwise around the table to the dealer.", B),
    Clause("oh_hell.bid.dealer", "The dealer must make the total of the bids NOT equal to the number of cards "
           "dealt (the dealer's restriction).", B, option="dealer_restriction",
           when=lambda o: o.dealer_restriction),
    Clause("oh_hell.bid.one-card", "In the round where only one card is dealt, everybody bids at the same "
           "time: all place their hands in the middle of the table, knock twice, and on the third knock stick "
           "out one finger to bid one trick or keep the hand closed to bid none. No one sees another's bid "
           "until all have bid, so the dealer's restriction cannot apply to this round.", B,
           option="one_card_bids", when=lambda o: o.one_card_bids == "simultaneous"),
    Clause("oh_hell.bid.one-card-in-turn", "The one-card round is bid in turn like the others, and the dealer's "
           "restriction applies.", B, option="one_card_bids", when=lambda o: o.one_card_bids == "in-turn"),
    Clause("oh_hell.bid.marked", "Tricks bid are marked under each player's name (the app shows them with the "
           "hand).", B),
    Clause("oh_hell.lead", "The player to the left of the dealer leads to the first trick.", L),
    Clause("oh_hell.score.exact", "A player who takes exactly the number of tricks they bid gets a 1 in front of "
           "their bid: 1 becomes 11, 0 becomes 10.", S),
    Clause("oh_hell.score.ten", "A made bid of 10 or more scores 10 plus the bid (10 becomes 20): the book only "
           "shows one-digit bids, and the 1 in front is read as adding 10.", S, option="made_score",
           when=lambda o: o.made_score == "ten-plus-bid"),
    Clause("oh_hell.score.one-in-front", "A made bid of 10 or more gets the 1 written in front of it, as the book "
           "says: 10 becomes 110.", S, option="made_score", when=lambda o: o.made_score == "one-in-front"),
    Clause("oh_hell.score.scratch", "A player who takes more or fewer tricks than their bid gets a scratch and "
           "no points for that round.", S),
    Clause("oh_hell.end", "The highest score after all the rounds have been played wins.", S),
    *tricks.SHARED_CLAUSES,
])

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


_TEN_CLAUSE = {"ten-plus-bid": "oh_hell.score.ten", "one-in-front": "oh_hell.score.one-in-front"}


def made_points(bid: int, how: str) -> int:
    return 10 + bid if how == "ten-plus-bid" else int("1" + str(bid))


@register
class OhHell(TrickGame[OhHellState]):
    spec = SPEC
    one_deck = True

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
        if rest:
            state.turnup = rest[0]
            state.stock = rest[1:]
            state.trump = rest[0] >> 4
        else:
            state.turnup = None
            state.stock = []
            state.trump = None
        state.suit, state.power = tricks.standard_tables(state.trump)
        state.bids = [None] * state.players
        state.bid_turn = left_of(state.dealer, state.players)
        state.phase = "bid-together" if self._together(state) else "bid"

    @staticmethod
    def _together(state: OhHellState) -> bool:
        return state.cards_dealt == 1 and state.options.one_card_bids == "simultaneous"

    # --- bidding ---------------------------------------------------------------------------
    def other_to_act(self, state: OhHellState) -> tuple[int, ...]:
        if state.phase == "bid":
            return (state.bid_turn,)
        if state.phase == "bid-together":
            return tuple(s for s in range(state.players) if state.bids[s] is None)
        return ()

    def forbidden_bid(self, state: OhHellState, seat: int) -> int | None:
        """The bid the dealer's restriction forbids ``seat`` now, if any."""
        if state.phase != "bid" or seat != state.dealer or not state.options.dealer_restriction:
            return None
        rest = state.cards_dealt - sum(b for b in state.bids if b is not None)
        return rest if rest >= 0 else None

    def other_legal(self, state: OhHellState, seat: int) -> list[Action]:
        if state.phase == "bid":
            if seat != state.bid_turn:
                return []
        elif state.phase != "bid-together" or state.bids[seat] is not None:
            return []
        acts = BIDS[:state.cards_dealt + 1]
        banned = self.forbidden_bid(state, seat)
        if banned is not None:
            return [a for a in acts if a[1][0] != banned]
        return acts

    def explain(self, state: OhHellState, seat: int, action: Action) -> Clause | None:
        if state.phase == "play":
            return super().explain(state, seat, action)
        if action.verb == "bid" and len(action.args) == 1 and action.args[0] == self.forbidden_bid(state, seat):
            return RULES["oh_hell.bid.dealer"]
        return RULES["oh_hell.bid"]

    def other_apply(self, state: OhHellState, seat: int, action: Action) -> None:
        state.bids[seat] = action.args[0]
        if state.phase == "bid":
            if seat != state.dealer:
                state.bid_turn = left_of(seat, state.players)
                return
        elif None in state.bids:
            return
        state.phase = "play"
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
                cite = "oh_hell.score.exact" if bid < 10 else _TEN_CLAUSE[how]
                notes.append(f"seat {s} bid {bid} and took {took}: {p} [{cite}]")
            else:
                p = 0
                notes.append(f"seat {s} bid {bid} but took {took}: scratch [oh_hell.score.scratch]")
            pts.append(p)
        trump = tricks.suit_word(state.trump) if state.trump is not None else "no"
        label = f"hand {state.round_no}: {state.cards_dealt} card{'s' if state.cards_dealt > 1 else ''}"
        state.sheet.add(label, tuple(pts), state.ply + 1, [f"{trump} trump", *notes])
        if state.round_no >= len(state.schedule):
            state.over = True
            state.phase = "over"
            return
        state.dealer = left_of(state.dealer, state.players)
        self._deal(state)

    # --- views -------------------------------------------------------------------------------
    def view(self, state: OhHellState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        hidden = state.phase == "bid-together"
        v["bids"] = [None if hidden and s != seat else b for s, b in enumerate(state.bids)]
        v["has_bid"] = [b is not None for b in state.bids]
        v["turnup"] = card_text(state.turnup) if state.turnup is not None else None
        v["round"] = state.round_no
        v["rounds"] = len(state.schedule)
        v["cards_dealt"] = state.cards_dealt
        v["scores"] = list(state.sheet.totals)
        v["forbidden_bid"] = self.forbidden_bid(state, seat) if seat is not None else None
        return v

    def zones(self, state: OhHellState) -> list[Zone]:
        zones = self.trick_zones(state)
        zones.append(Zone("stock", state.stock, frozenset()))
        if state.turnup is not None:
            zones.append(Zone("turn-up", [state.turnup]))
        return zones

    def redact(self, state: OhHellState, seat: int, action: Action, viewer: int | None) -> str:
        if state.phase == "bid-together" and action.verb == "bid" and viewer != seat:
            return "bid (made together; shown when all have bid)"
        return str(action)

    def prompt(self, state: OhHellState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == "play":
            return "Play a card."
        banned = self.forbidden_bid(state, seat)
        extra = f" (not {banned}: the dealer's restriction)" if banned is not None else ""
        return f"Bid how many tricks you will take, 0 to {state.cards_dealt}{extra}."
