"""Toepen (rulebook 004): 32 cards ranked 10 9 8 7 A K Q J, four cards each, only the
last trick counts; knocking raises the stake and the others fold (paying the old stake)
or stay in; an all-court hand may be exchanged and challenged; chips go out of play;
whoever runs out of chips loses (or: the last player with chips wins).

A knock may come at any time during the play: every player still in the hand is among
the seats to act, and may knock, or wait (let the moment go by) until the next card."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, cards_text, piquet_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import TURN, UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import GameSpec, Result
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TABLE_SIZE, TrickGame, TrickState

DECK = tuple(piquet_deck())
PER_HAND = 4
END_CHOICES = ("first_out", "last_standing")

# 10 9 8 7 A K Q J, high to low; no trumps.
RANK_POWER = {10: 8, 9: 7, 8: 6, 7: 5, 14: 4, 13: 3, 12: 2, 11: 1}
SUIT_TABLE = [c >> 4 for c in range(TABLE_SIZE)]
POWER_TABLE = [RANK_POWER.get(c & 15, 0) for c in range(TABLE_SIZE)]
NUMBER_RANKS = frozenset({7, 8, 9, 10})


@dataclass(frozen=True)
class ToepenOptions:
    chips: int = option(10, "Chips each: {value}.", minimum=1, maximum=100)
    end: str = option("first_out", "The game ends: {value} (first_out: the first player out of chips loses; "
                      "last_standing: players drop out as they run out and the last one with chips wins).",
                      choices=END_CHOICES)
    bluff_exchange: bool = option(
        True, "A hand with number cards may be discarded as if it were all aces and faces, at the risk of a "
        "challenge: {value} (no: the referee allows only true all-court hands and there is nothing to challenge).")
    max_exchanges: int = option(1, "Exchanges of a hand allowed in one deal: {value}.",
                                minimum=1, maximum=7)
    jack_bluff: bool = option(True, "Three or four jacks may whistle or stand like three or four 10s: {value}.")
    no_double_knock: bool = option(
        False, "No knocking twice in a row: {value}.")


R = "Players and cards"
X = "Discards and declarations"
L = "Play of the hand"
K = "Knocking and folding"
E = "Chips and the end of the game"
PLAYERS = Clause("toepen.players", "Toepen is a quick trick-taking game for three to eight players, most often four. "
                 "Only the last trick counts: whoever wins it wins the entire hand.", R)
RAISE = Clause("toepen.raise", "A player who feels confident can raise the value of the hand in the middle of play; if "
               "everyone else drops out rather than keep playing, they win the hand that way too.", R)
CUSTOM_DRINKING = Clause("toepen.custom.drinking", "Toepen is most often played in the Netherlands as a drinking game, "
                         "so one player loses rather than one winning: the loser buys the next round (table custom).",
                         R)
OBJECT = Clause("toepen.object", "The object is to win the last trick of each hand.", R)
DECK_RULE = Clause("toepen.deck", "A 32-card pack as for Piquet: the 7s through aces of each suit (2s to 6s removed).",
                   R)
CUSTOM_CARDS = Clause("toepen.custom.cards", "Waterproof plastic cards guard against spills (table custom).", R)
CHIPS = Clause("toepen.chips", "Each player gets {chips} tokens (chips, bottle caps, whatever is on hand); ten is "
               "usual, more or fewer make a longer or shorter game.", E, option="chips")
CHIPS_SHEET = Clause("toepen.chips.sheet", "Tokens may be kept as points on a score sheet instead (the app keeps the "
                     "sheet: each row is what the hand cost each player).", E)
DEAL = Clause("toepen.deal", "Shuffle and deal four cards to each player; the stub is placed in the centre as the "
              "stock.", R)
RANK = Clause("toepen.rank", "Number cards rank above aces and faces: 10, 9, 8, 7, A, K, Q, J (high to low). There are "
              "no trumps.", R)
EXCHANGE = Clause("toepen.exchange", "Before play begins, a player whose hand consists only of aces and face cards may "
                  "discard it face down and draw a new hand of four cards from the stock. In the app each player, from "
                  "the dealer's left, says 'exchange' or 'keep'.", X)
EXCHANGE_BLUFF = Clause("toepen.exchange.bluff", "The referee does not look at a discarded hand: a hand with number "
                        "cards may be discarded too, but a challenge will catch it.",
                        X, option="bluff_exchange", when=lambda o: o.bluff_exchange)
EXCHANGE_ONLY_COURT = Clause("toepen.exchange.only-court", "Only a hand of nothing but aces and face cards may be "
                             "discarded.", X, option="bluff_exchange", when=lambda o: not o.bluff_exchange)
EXCHANGE_LIMIT = Clause("toepen.exchange.limit", "A player may exchange their hand at most {max_exchanges} time(s) in "
                        "a deal (the book does not say whether a second exchange is allowed).",
                        X, option="max_exchanges")
CHALLENGE = Clause("toepen.challenge", "Another player may challenge the discard; the discarded cards are then "
                   "exposed. In the app the others are asked in turn from the discarder's left; the first to challenge "
                   "is the challenger.", X, option="bluff_exchange", when=lambda o: o.bluff_exchange)
CHALLENGE_NO_NEED = Clause("toepen.challenge.no-need", "The referee has seen the discarded hand, so there is nothing "
                           "to challenge.", X, option="bluff_exchange", when=lambda o: not o.bluff_exchange)
CHALLENGE_RIGHT = Clause("toepen.challenge.right", "If the challenger was right and there was any number card in the "
                         "hand, the discarding player loses one token.", X)
CHALLENGE_WRONG = Clause("toepen.challenge.wrong", "If the discard was correct (no number cards), the challenging "
                         "player loses a token instead.", X)
CHALLENGE_KEEP = Clause("toepen.challenge.keep", "Either way, the discarding player keeps the new hand they drew.", X)
EXCHANGE_STOCK = Clause("toepen.exchange.stock", "When the stock is exhausted (fewer than four cards left) no further "
                        "player may discard their hand.", X)
DECLARE_TENS = Clause("toepen.declare.tens", "When the discards are settled, a player holding four 10s must stand up "
                      "for the rest of the hand, and a player holding three 10s must whistle or sing: the app "
                      "announces it for them.", X)
DECLARE_JACKS = Clause("toepen.declare.jacks", "A player holding three or four jacks may, if they wish, whistle or "
                       "stand as if they had that many 10s, to mislead the others; in the app they do so on their "
                       "first turn, before their first card.", X, option="jack_bluff", when=lambda o: o.jack_bluff)
LEAD = Clause("toepen.lead", "The player to the dealer's left leads to the first trick with any card.", L)
IN_TURN = Clause("toepen.follow", "Each player in turn, proceeding to the left, plays one card to the trick.", L)
TRICK = Clause("toepen.trick", "The highest card of the suit led wins the trick; its winner leads to the next one. The "
               "cards of earlier tricks stay on the table.", L)
LAST_TRICK = Clause("toepen.last-trick", "Play goes on until all four cards are played: the winner of the fourth and "
                    "final trick wins the hand.", L)
PAY = Clause("toepen.pay", "The other players who are still in lose the number of chips the hand is worth.", E)
VALUE = Clause("toepen.value", "The hand is worth one chip unless knocking has raised it.", K)
OUT_OF_PLAY = Clause("toepen.out-of-play", "Lost chips are put out of play, not given to the winner of the hand.", E)
DEAL_WINNER = Clause("toepen.deal.winner", "The deal for the next hand passes to the player who won it.", L)
KNOCK = Clause("toepen.knock", "A player who is happy about how the hand is going may knock at any time, on their turn "
               "or not, even after playing their last card: they propose adding one chip to the value of the hand (the "
               "first knock raises it from one to two, the next from two to three, and so on). In the app every player "
               "still in the hand may knock until the next card is played; 'wait' lets the moment go by, and the "
               "player on turn simply plays.", K)
KNOCK_WHEN = Clause("toepen.knock.when", "Knocks come during the play of the hand, from the first lead until the last "
                    "trick is taken, but not while another knock is being answered (the book's 'at any time' read as "
                    "the play of the hand).", K)
KNOCK_TWICE = Clause("toepen.knock.twice", "You may not knock twice in a row: someone else must knock in between.",
                     K, option="no_double_knock", when=lambda o: o.no_double_knock)
FOLD = Clause("toepen.fold", "A player who does not wish to play on at the raised stake may immediately fold, laying "
              "their cards face down (or calling 'fold' if their hand is empty). In the app every other player still "
              "in the hand answers at once, 'fold' or 'stay', in any order.", K)
FOLD_PAY = Clause("toepen.fold.pay", "A player who folds must immediately pay the prior value of the hand: if a knock "
                  "raises it from three to four, a folding player pays three.", K)
FOLD_OUT = Clause("toepen.fold.out", "A player who folds takes no further part in the hand; a card they had already "
                  "played to the current trick no longer counts in it (the book is silent; the app's ruling).", K)
STAY = Clause("toepen.stay", "A player who does not fold upon hearing the knock commits to playing on at the raised "
              "value.", K)
ALL_FOLD = Clause("toepen.all-fold", "If all the players but the knocker fold, the knocker wins the hand at once and "
                  "pays nothing, and deals the next hand as usual.", K)
KNOCK_COVER = Clause("toepen.knock.cover", "A player cannot knock if that would make the hand worth more than the "
                     "chips they have.", K)
STAY_UNCOVERED = Clause("toepen.stay.uncovered", "A player may stay in when another knocks even if the hand becomes "
                        "worth more than they could cover; they then pay what they have (no one goes below zero "
                        "chips).", K)
END_FIRST_OUT = Clause("toepen.end.first-out", "Play continues until a player runs out of chips (checked at the end of "
                       "each hand): that player loses the game and everyone else wins.",
                       E, option="end", when=lambda o: o.end == "first_out")
CUSTOM_ROUND = Clause("toepen.custom.round", "In the drinking game the loser buys everyone the next round (table "
                      "custom).", E)
END_LAST_STANDING = Clause("toepen.end.last-standing", "Players drop out as they run out of chips; the last player "
                           "with any chips wins the game.", E, option="end", when=lambda o: o.end == "last_standing")


RULES = Rules([
    PLAYERS, RAISE, CUSTOM_DRINKING, OBJECT, DECK_RULE, CUSTOM_CARDS, CHIPS, CHIPS_SHEET, DEAL, tricks.FIRST_DEALER,
    RANK, EXCHANGE, EXCHANGE_BLUFF, EXCHANGE_ONLY_COURT, EXCHANGE_LIMIT, CHALLENGE, CHALLENGE_NO_NEED,
    CHALLENGE_RIGHT, CHALLENGE_WRONG, CHALLENGE_KEEP, EXCHANGE_STOCK, DECLARE_TENS, DECLARE_JACKS, LEAD, IN_TURN,
    TRICK, LAST_TRICK, PAY, VALUE, OUT_OF_PLAY, DEAL_WINNER, KNOCK, KNOCK_WHEN, KNOCK_TWICE, FOLD, FOLD_PAY,
    FOLD_OUT, STAY, ALL_FOLD, KNOCK_COVER, STAY_UNCOVERED, END_FIRST_OUT, CUSTOM_ROUND, END_LAST_STANDING,
    tricks.FOLLOW_SUIT, tricks.PLAY_FROM_HAND,
])
TEXT_ONLY = (PLAYERS, RAISE, CUSTOM_DRINKING, OBJECT, DECK_RULE, CUSTOM_CARDS, CHIPS, CHIPS_SHEET, DEAL,
             tricks.FIRST_DEALER, RANK, EXCHANGE_BLUFF, EXCHANGE_LIMIT, CHALLENGE_NO_NEED, CHALLENGE_KEEP,
             EXCHANGE_STOCK, DECLARE_TENS, LEAD, IN_TURN, TRICK, VALUE, DEAL_WINNER, STAY, STAY_UNCOVERED,
             CUSTOM_ROUND)
"""Clauses the deal, the play and the chips follow without citing them."""

SPEC = GameSpec(
    id="toepen", title="Toepen", family="tricks", players=(3, 4, 5, 6, 7, 8), default_players=4,
    options=ToepenOptions, rules=RULES, source="004",
    summary="Only the last of four tricks counts. Knock to raise the stake; the others fold or stay in. "
            "Don't be the first to run out of chips.",
    presets={"standard": {}, "last_standing": {"end": "last_standing"},
             "strict_knocks": {"no_double_knock": True}},
    sections=(R, X, L, K, E),
)

KNOCK_MOVE = Action("knock")
WAIT = Action("wait")
FOLD_MOVE = Action("fold")
STAY_MOVE = Action("stay")
EXCHANGE_MOVE = Action("exchange")
KEEP = Action("keep")
CHALLENGE_MOVE = Action("challenge")
PASS = Action("pass")
WHISTLE = Action("whistle")
STAND = Action("stand")
SIGNAL_WORDS = {"stand": "stands up", "whistle": "whistles"}


class Phase(StrEnum):
    EXCHANGE = "exchange"
    CHALLENGE = "challenge"
    PLAY = "play"
    RESPOND = "answering a knock"
    OVER = "over"


def is_all_court(hand: list[Card]) -> bool:
    """Only aces and face cards (no 7, 8, 9 or 10)."""
    return all(c & 15 not in NUMBER_RANKS for c in hand)


def count_rank(hand: list[Card], rank: int) -> int:
    return sum(1 for c in hand if c & 15 == rank)


@dataclass
class Exchange:
    seat: int
    cards: list[Card]
    exposed: bool = False
    challenger: int | None = None


@dataclass
class ToepenState(TrickState):
    chips: list[int] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    """Dropped out of the game (last-standing mode)."""
    eliminated: list[list[int]] = field(default_factory=list)
    """Seats that dropped out, one group per hand."""
    stock: list[Card] = field(default_factory=list)
    exchanges: list[Exchange] = field(default_factory=list)
    exchange_count: list[int] = field(default_factory=list)
    exchange_queue: list[int] = field(default_factory=list)
    challengers: list[int] = field(default_factory=list)
    stake: int = 1
    last_knocker: int | None = None
    knocker: int | None = None
    responders: list[int] = field(default_factory=list)
    """Seats still to answer the knock."""
    waiting: list[int] = field(default_factory=list)
    """Seats that let the chance to knock go by since the last card was played."""
    signals: dict[int, str] = field(default_factory=dict)
    bluffed: list[int] = field(default_factory=list)
    first_turn_done: list[bool] = field(default_factory=list)
    folded: list[list[Card]] = field(default_factory=list)
    withdrawn: list[Card] = field(default_factory=list)
    played: list[list[Card]] = field(default_factory=list)
    """Cards each seat played to finished tricks: they stay on the table in front of the player."""
    paid: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    hand_winner: int | None = None


@register
class Toepen(TrickGame[ToepenState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> ToepenState:
        chips = options.chips
        state = ToepenState(players=players, options=options, rng=rng,
                            sheet=ScoreSheet.per_seat(players, chips),
                            dealer=rng.randrange(players), deck=list(DECK))
        state.chips = [chips] * players
        state.out = [False] * players
        self._deal(state)
        return state

    # --- dealing and the exchange ----------------------------------------------------------
    def _deal(self, state: ToepenState) -> None:
        n = state.players
        seats = [left_of(state.dealer, n, i) for i in range(1, n + 1) if not state.out[left_of(state.dealer, n, i)]]
        cards = list(state.deck)
        state.rng.shuffle(cards)
        state.hands = [[] for _ in range(n)]
        for i, s in enumerate(seats):
            state.hands[s] = sorted(cards[i * PER_HAND:(i + 1) * PER_HAND])
        state.stock = cards[len(seats) * PER_HAND:]
        state.active = [not o for o in state.out]
        state.taken = [[] for _ in range(n)]
        state.tricks_won = [0] * n
        state.trick = []
        state.last_trick = []
        state.hooks = True
        state.hand_no += 1
        state.suit, state.power = SUIT_TABLE, POWER_TABLE
        state.exchanges = []
        state.exchange_count = [0] * n
        state.exchange_queue = list(seats)
        state.challengers = []
        state.stake = 1
        state.last_knocker = None
        state.knocker = None
        state.responders = []
        state.waiting = []
        state.signals = {}
        state.bluffed = []
        state.first_turn_done = [False] * n
        state.folded = [[] for _ in range(n)]
        state.withdrawn = []
        state.played = [[] for _ in range(n)]
        state.paid = [0] * n
        state.notes = []
        state.hand_winner = None
        state.phase = Phase.EXCHANGE
        emit(state, "{0} deals four cards each", state.dealer, kind="deal")
        self._next_exchange(state)

    def _can_exchange(self, state: ToepenState, seat: int) -> bool:
        return len(state.stock) >= PER_HAND and state.exchange_count[seat] < state.options.max_exchanges

    def _next_exchange(self, state: ToepenState) -> None:
        q = state.exchange_queue
        while q and not self._can_exchange(state, q[0]):
            q.pop(0)
        if not q:
            self._start_play(state)

    def _start_play(self, state: ToepenState) -> None:
        for s in range(state.players):
            if not state.active[s]:
                continue
            tens = count_rank(state.hands[s], 10)
            if tens == 4:
                state.signals[s] = SIGNAL_WORDS["stand"]
            elif tens == 3:
                state.signals[s] = SIGNAL_WORDS["whistle"]
            if s in state.signals:
                emit(state, "{0} " + state.signals[s], s, kind="signal")
        state.phase = Phase.PLAY
        state.leader = state.turn = self.next_active(state, state.dealer)

    def _pay(self, state: ToepenState, seat: int, amount: int) -> int:
        paid = min(amount, state.chips[seat])
        state.chips[seat] -= paid
        state.paid[seat] += paid
        return paid

    # --- the cascades --------------------------------------------------------------------------
    def knock_cascade(self, state: ToepenState, seat: int) -> Iterator[Step[Action]]:
        """May ``seat`` knock now? (A knock may come at any time during the play.)"""
        allowed = [KNOCK_MOVE] if state.phase == Phase.PLAY else []
        yield Step(allowed, KNOCK_WHEN, "a knock is being answered" if state.phase == Phase.RESPOND else
                   "knocks come once the play of the hand has begun")
        allowed = allowed if state.active[seat] else []
        yield Step(allowed, FOLD_OUT, "you folded: you take no further part in this hand")
        if state.options.no_double_knock:
            allowed = allowed if state.last_knocker != seat else []
            yield Step(allowed, KNOCK_TWICE, "you knocked last: someone else must knock first")
        raised = state.stake + 1
        allowed = allowed if raised <= state.chips[seat] else []
        yield Step(allowed, KNOCK_COVER, f"the hand would be worth {raised} and you have {state.chips[seat]} "
                   f"chip{'s' if state.chips[seat] != 1 else ''}")

    def may_knock(self, state: ToepenState, seat: int) -> bool:
        return bool(narrow(self.knock_cascade(state, seat)))

    def _signal(self, state: ToepenState, seat: int) -> Action | None:
        """The whistle or stand a seat holding three or four jacks may make on its first turn."""
        if not state.options.jack_bluff or state.first_turn_done[seat] or seat in state.signals:
            return None
        jacks = count_rank(state.hands[seat], 11)
        return STAND if jacks == 4 else WHISTLE if jacks == 3 else None

    def signal_cascade(self, state: ToepenState, seat: int) -> Iterator[Step[Action]]:
        sig = self._signal(state, seat) if seat == state.turn else None
        yield Step([sig] if sig is not None else [], DECLARE_JACKS,
                   "only a player holding three jacks may whistle, or four jacks stand, before their first card")

    def turn_cascade(self, state: ToepenState, seat: int, action: Action) -> Iterator[Step[Action]]:
        """Moves of the play phase other than knocking and signals: a card on your turn, or
        letting the chance to knock go by when it is not."""
        if seat == state.turn:
            yield Step([action] if action.verb == "play" else [], TURN,
                       "it is your turn: play a card (or knock)")
        else:
            yield Step([WAIT], TURN, f"it is seat {state.turn}'s turn to play: you may knock or wait")

    def other_cascade(self, state: ToepenState, seat: int) -> Iterator[Step[Action]]:
        """The exchange, the challenge and the answer to a knock."""
        if state.phase == Phase.EXCHANGE:
            allowed = [EXCHANGE_MOVE, KEEP]
            yield Step(allowed, EXCHANGE, "before play each player in turn exchanges their hand or keeps it")
            if not state.options.bluff_exchange and not is_all_court(state.hands[seat]):
                yield Step([KEEP], EXCHANGE_ONLY_COURT, "your hand has a number card")
        elif state.phase == Phase.CHALLENGE:
            yield Step([CHALLENGE_MOVE, PASS], CHALLENGE, "challenge the discard or pass")
        else:
            yield Step([FOLD_MOVE, STAY_MOVE], FOLD, "answer the knock: fold or stay")

    # --- who acts and what they may do ----------------------------------------------------------------
    def to_act(self, state: ToepenState) -> tuple[int, ...]:
        if state.over:
            return ()
        phase = state.phase
        if phase == Phase.PLAY:
            turn = state.turn
            return (turn, *(s for s in range(state.players) if s != turn and state.active[s]
                            and s not in state.waiting and self.may_knock(state, s)))
        if phase == Phase.EXCHANGE:
            return (state.exchange_queue[0],)
        if phase == Phase.CHALLENGE:
            return (state.challengers[0],)
        return tuple(state.responders)

    def legal_actions(self, state: ToepenState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.phase != Phase.PLAY:
            return list(narrow(self.other_cascade(state, seat)))
        knock = list(narrow(self.knock_cascade(state, seat)))
        if seat != state.turn:
            return [*knock, WAIT]
        return [*super().legal_actions(state, seat), *knock, *narrow(self.signal_cascade(state, seat))]

    def refusal(self, state: ToepenState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "knock":
            cascade = self.knock_cascade(state, seat)
        elif state.phase != Phase.PLAY:
            cascade = self.other_cascade(state, seat)
        elif verb in ("whistle", "stand"):
            cascade = self.signal_cascade(state, seat)
        elif verb == "play" and seat == state.turn:
            super().refusal(state, seat, action)
            return
        else:
            cascade = self.turn_cascade(state, seat, action)
        refuse(cascade, action, state.options, UNKNOWN)

    def off_turn(self, state: ToepenState, seat: int, action: Action) -> None:
        if state.over:
            return
        if action.verb == "knock" or (state.phase == Phase.PLAY and action.verb == "wait"):
            refuse(self.knock_cascade(state, seat), KNOCK_MOVE, state.options, TURN)
            if seat in state.waiting:
                raise IllegalAction(KNOCK, "you let this chance to knock go by: knock again once the next card is "
                                    "played", state.options)

    # --- moves --------------------------------------------------------------------------------
    def _apply(self, state: ToepenState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "knock":
            self._knock(state, seat)
        elif state.phase == Phase.EXCHANGE:
            self._exchange(state, seat, action)
        elif state.phase == Phase.CHALLENGE:
            self._challenge(state, seat, action)
        elif state.phase == Phase.RESPOND:
            self._answer(state, seat, action)
        elif verb == "wait":
            state.waiting.append(seat)
        elif verb == "play":
            state.first_turn_done[seat] = True
            state.waiting = []
            super()._apply(state, seat, action)
        else:  # whistle / stand with jacks
            state.signals[seat] = SIGNAL_WORDS[verb]
            state.bluffed.append(seat)
            emit(state, "{0} " + state.signals[seat], seat, kind="signal")

    def _exchange(self, state: ToepenState, seat: int, action: Action) -> None:
        n = state.players
        if action == KEEP:
            state.exchange_queue.pop(0)
            emit(state, "{0} keeps their hand", seat, kind="exchange")
            self._next_exchange(state)
            return
        old = state.hands[seat]
        state.exchanges.append(Exchange(seat, old))
        state.exchange_count[seat] += 1
        state.hands[seat] = sorted(state.stock[:PER_HAND])
        del state.stock[:PER_HAND]
        private(state, seat, "{0} discards " + cards_text(old) + " face down and draws " +
                cards_text(state.hands[seat]), "{0} discards their hand face down and draws four new cards", seat,
                pieces=(*old, *state.hands[seat]), kind="exchange")
        if state.options.bluff_exchange:
            state.challengers = [s for s in (left_of(seat, n, i) for i in range(1, n)) if state.active[s]]
            state.phase = Phase.CHALLENGE
        else:
            state.notes.append(f"seat {seat} exchanged an all-court hand [{EXCHANGE.id}]")
            self._after_exchange(state, seat)

    def _challenge(self, state: ToepenState, seat: int, action: Action) -> None:
        ex = state.exchanges[-1]
        if action == PASS:
            state.challengers.pop(0)
            emit(state, "{0} does not challenge", seat, kind="challenge")
            if not state.challengers:
                state.notes.append(f"seat {ex.seat} exchanged their hand unchallenged [{EXCHANGE.id}]")
                self._after_exchange(state, ex.seat)
            return
        ex.exposed = True
        ex.challenger = seat
        state.challengers = []
        shown = cards_text(ex.cards)
        if is_all_court(ex.cards):
            lost = self._pay(state, seat, 1)
            state.notes.append(f"seat {seat} challenged seat {ex.seat}'s discard, which was all "
                               f"aces and faces: seat {seat} loses {lost} [{CHALLENGE_WRONG.id}]")
            emit(state, f"{{0}} challenges {{1}}'s discard: {shown}, all aces and faces, so {{0}} loses {lost}",
                 seat, ex.seat, pieces=ex.cards, kind="challenge")
        else:
            lost = self._pay(state, ex.seat, 1)
            state.notes.append(f"seat {seat} challenged seat {ex.seat}'s discard, which held a "
                               f"number card: seat {ex.seat} loses {lost} [{CHALLENGE_RIGHT.id}]")
            emit(state, f"{{0}} challenges {{1}}'s discard: {shown} holds a number card, so {{1}} loses {lost}",
                 seat, ex.seat, pieces=ex.cards, kind="challenge")
        self._after_exchange(state, ex.seat)

    def _after_exchange(self, state: ToepenState, seat: int) -> None:
        state.phase = Phase.EXCHANGE
        if not self._can_exchange(state, seat) and state.exchange_queue and state.exchange_queue[0] == seat:
            state.exchange_queue.pop(0)
        self._next_exchange(state)

    def _knock(self, state: ToepenState, seat: int) -> None:
        state.last_knocker = state.knocker = seat
        state.responders = [s for s in (left_of(seat, state.players, i) for i in range(1, state.players))
                            if state.active[s]]
        state.phase = Phase.RESPOND
        emit(state, f"{{0}} knocks: the hand would be worth {state.stake + 1}", seat, kind="knock")

    def _answer(self, state: ToepenState, seat: int, action: Action) -> None:
        state.responders.remove(seat)
        if action == FOLD_MOVE:
            lost = self._pay(state, seat, state.stake)
            state.notes.append(f"seat {seat} folded and paid {lost} (the hand was worth {state.stake}) "
                               f"[{FOLD_PAY.id}]")
            emit(state, f"{{0}} folds and pays {lost}", seat, kind="fold")
            state.active[seat] = False
            state.folded[seat] = state.hands[seat]
            state.hands[seat] = []
            for i, (s, c) in enumerate(state.trick):
                if s == seat:
                    state.withdrawn.append(c)
                    del state.trick[i]
                    break
        else:
            emit(state, "{0} stays in", seat, kind="fold")
        if state.responders:
            return
        knocker = state.knocker
        assert knocker is not None
        state.stake += 1
        state.phase = Phase.PLAY
        state.waiting = []
        if state.active.count(True) == 1:
            state.notes.append(f"everyone else folded: seat {knocker} wins the hand and pays nothing "
                               f"[{ALL_FOLD.id}]")
            emit(state, "Everyone else folded: {0} wins the hand", knocker, kind="summary")
            self._finish(state, knocker)
            return
        emit(state, f"The hand is now worth {state.stake}", kind="knock")
        self._after_folds(state)

    def _after_folds(self, state: ToepenState) -> None:
        """Play on without the players who folded: the turn passes over them, and a trick
        they were the last to play to is complete."""
        trick = state.trick
        if not state.active[state.turn]:
            if trick and len(trick) == state.active.count(True):
                self._gather(state)
                return
            state.turn = self.next_active(state, state.turn)
            if not trick:
                state.leader = state.turn

    def _gather(self, state: ToepenState) -> None:
        """Take in a trick the folds completed (the family does it after a card is played)."""
        trick = state.trick
        winner = tricks.trick_winner(trick, state.suit, state.power, state.trump)
        best = next(c for s, c in trick if s == winner)
        state.taken[winner].extend(c for _, c in trick)
        state.tricks_won[winner] += 1
        emit(state, "{0} takes the trick with " + card_text(best), winner, pieces=(best,), kind="trick")
        state.last_trick = trick
        state.trick = []
        state.leader = state.turn = winner
        self.on_trick(state, winner, trick)
        if not state.hands[winner]:
            self.end_hand(state)

    def on_trick(self, state: ToepenState, winner: int, plays: list[tuple[int, Card]]) -> None:
        for s, c in plays:
            state.played[s].append(c)

    # --- the end of a hand --------------------------------------------------------------------------
    def end_hand(self, state: ToepenState) -> None:
        winner = state.leader
        state.notes.append(f"seat {winner} won the last trick and the hand [{LAST_TRICK.id}]")
        emit(state, "{0} wins the last trick and the hand", winner, kind="summary")
        for s in range(state.players):
            if s != winner and state.active[s]:
                lost = self._pay(state, s, state.stake)
                state.notes.append(f"seat {s} stayed in and loses {lost} (the hand was worth {state.stake}) "
                                   f"[{PAY.id}]")
                emit(state, f"{{0}} loses {lost}", s, kind="summary")
        self._finish(state, winner)

    def _finish(self, state: ToepenState, winner: int) -> None:
        state.hand_winner = winner
        state.notes.append(f"lost chips go out of play [{OUT_OF_PLAY.id}]")
        n = state.players
        broke = [s for s in range(n) if not state.out[s] and state.chips[s] <= 0]
        first_out = state.options.end == "first_out"
        if broke and first_out:
            state.notes.append(f"{', '.join(f'seat {s}' for s in broke)} ran out of chips and lost the game "
                               f"[{END_FIRST_OUT.id}]")
        elif broke:
            state.notes.append(f"{', '.join(f'seat {s}' for s in broke)} ran out of chips and dropped out "
                               f"[{END_LAST_STANDING.id}]")
        state.sheet.add(f"hand {state.hand_no}", tuple(-p for p in state.paid), state.ply + 1, state.notes)
        for s in broke:
            emit(state, "{0} is out of chips" + (" and loses the game" if first_out else " and drops out"), s,
                 kind="summary")
        if first_out:
            if broke:
                state.over = True
                state.phase = Phase.OVER
                return
        else:
            if broke:
                state.eliminated.append(broke)
                for s in broke:
                    state.out[s] = True
            alive = [s for s in range(n) if not state.out[s]]
            if len(alive) <= 1:
                if alive:
                    emit(state, "{0} is the last player with chips and wins the game", alive[0], kind="summary")
                state.over = True
                state.phase = Phase.OVER
                return
        dealer = winner
        while state.out[dealer]:
            dealer = left_of(dealer, n)
        state.dealer = dealer
        self._deal(state)

    def result(self, state: ToepenState) -> Result:
        n = state.players
        chips = state.chips
        if state.options.end == "first_out":
            alive = tuple(s for s in range(n) if chips[s] > 0)
            broke = tuple(s for s in range(n) if chips[s] <= 0)
            ranking = tuple(g for g in (alive, broke) if g)
        else:
            alive = tuple(s for s in range(n) if not state.out[s])
            groups = [alive] + [tuple(sorted(g)) for g in reversed(state.eliminated)]
            ranking = tuple(g for g in groups if g)
        return Result(ranking[0], ranking, tuple(float(c) for c in chips))

    # --- what players see ------------------------------------------------------------------------------
    def facts(self, state: ToepenState, seat: int | None) -> list[Fact]:
        n = state.players
        facts = [per_seat("chips", "Chips", state.chips, FactKind.CHIPS),
                 fact("stake", "Hand worth", FactKind.NUMBER, state.stake)]
        if state.phase == Phase.RESPOND and state.knocker is not None:
            facts += [fact("knocker", "Knocked", FactKind.SEAT, state.knocker),
                      fact("raised", "Worth if you stay", FactKind.NUMBER, state.stake + 1)]
        elif state.last_knocker is not None:
            facts.append(fact("last-knocker", "Last knock", FactKind.SEAT, state.last_knocker))
        folded = [s for s in range(n) if not state.active[s] and not state.out[s]]
        if folded:
            facts.append(fact("folded", "Folded", FactKind.SEATS, folded))
        out = [s for s in range(n) if state.out[s]]
        if out:
            facts.append(fact("out", "Out of the game", FactKind.SEATS, out))
        if state.signals:
            facts.append(per_seat("signals", "Signals", [state.signals.get(s, "") for s in range(n)], FactKind.TEXT))
        return facts

    def zones(self, state: ToepenState) -> list[Zone]:
        """Hands, the trick, the cards of earlier tricks face up in front of each player, the
        stock, withdrawn cards, folded hands (their owner's) and discarded hands (shown once
        challenged)."""
        n = state.players
        zones = [Zone("hand", state.hands[s], frozenset({s}), owner=s, kind=ZoneKind.HAND, label="Hand")
                 for s in range(n) if state.active[s] or state.hands[s]]
        zones.append(Zone("trick", [c for _, c in state.trick], kind=ZoneKind.TRICK, label="Trick",
                          by=[s for s, _ in state.trick]))
        zones += [Zone("played", state.played[s], owner=s, label="Played") for s in range(n)]
        zones.append(Zone("stock", state.stock, frozenset(), kind=ZoneKind.STOCK, label="Stock"))
        zones.append(Zone("withdrawn", state.withdrawn, label="Withdrawn from the trick"))
        zones += [Zone("folded", state.folded[s], frozenset({s}), owner=s, label="Folded") for s in range(n)
                  if state.folded[s]]
        for e in state.exchanges:
            zones.append(Zone("discard", e.cards, None if e.exposed else frozenset({e.seat}), owner=e.seat,
                              kind=ZoneKind.DISCARD, label="Discarded" if e.exposed else "Discarded face down"))
        return zones

    def prompt(self, state: ToepenState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == Phase.EXCHANGE:
            return "Discard your hand of aces and faces and draw four new cards, or keep it."
        if phase == Phase.CHALLENGE:
            return Prompt("{0} exchanged their hand: challenge it (the cards are shown) or pass.",
                          (state.exchanges[-1].seat,))
        if phase == Phase.RESPOND:
            return Prompt(f"{{0}} knocked: the hand would be worth {state.stake + 1}. Fold (pay {state.stake}) or "
                          "stay in.", (state.knocker if state.knocker is not None else seat,))
        raised = state.stake + 1
        if seat != state.turn:
            return Prompt(f"{{0}} is to play. You may knock to raise the hand to {raised}, or wait.", (state.turn,))
        if KNOCK_MOVE in self.legal_actions(state, seat):
            return f"Play a card, or knock to raise the hand to {raised}."
        return "Play a card."
