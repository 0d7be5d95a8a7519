"""Toepen (rulebook 004): 32 cards ranked 10 9 8 7 A K Q J, four cards each, only the
last trick counts; knocking raises the stake and the others fold (paying the old stake)
or stay in; an all-court hand may be exchanged and challenged; chips go out of play;
whoever runs out of chips loses (or: the last player with chips wins)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, piquet_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, IllegalAction, Rules
from gamenight.engine.game import GameSpec, Result
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
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
    chips: int = option(10, "Each player starts with {value} chips.", minimum=1, maximum=100)
    end: str = option("first_out", "The game ends: {value} (first_out: the first player out of chips loses; "
                      "last_standing: players drop out as they run out and the last one with chips wins).",
                      choices=END_CHOICES)
    bluff_exchange: bool = option(
        True, "A hand with number cards may be discarded as if it were all aces and faces, at the risk of a "
        "challenge: {value} (no: the referee allows only true all-court hands and there is nothing to challenge).")
    max_exchanges: int = option(1, "A player may exchange their hand up to {value} times in one deal.",
                                minimum=1, maximum=7)
    jack_bluff: bool = option(True, "Three or four jacks may whistle or stand like three or four 10s: {value}.")
    no_double_knock: bool = option(
        False, "A player may not knock twice in a row (someone else must knock in between): {value}.")


R = "Players and cards"
X = "Discards and declarations"
L = "Play of the hand"
K = "Knocking and folding"
E = "Chips and the end of the game"
RULES = Rules([
    Clause("toepen.players", "Toepen is a quick trick-taking game for three to eight players, most often four. "
           "Only the last trick counts: whoever wins it wins the entire hand.", R),
    Clause("toepen.raise", "A player who feels confident can raise the value of the hand in the middle of play; "
           "if everyone else drops out rather than keep playing, they win the hand that way too.", R),
    Clause("toepen.custom.drinking", "Toepen is most often played in the Netherlands as a drinking game, so one "
           "player loses rather than one winning: the loser buys the next round (table custom).", R),
    Clause("toepen.object", "The object is to win the last trick of each hand.", R),
    Clause("toepen.deck", "A 32-card pack as for Piquet: the 7s through aces of each suit (2s to 6s removed).", R),
    Clause("toepen.custom.cards", "Waterproof plastic cards guard against spills (table custom).", R),
    Clause("toepen.chips", "Each player gets {chips} tokens (chips, bottle caps, whatever is on hand); ten is usual, "
           "more or fewer make a longer or shorter game.", E, option="chips"),
    Clause("toepen.chips.sheet", "Tokens may be kept as points on a score sheet instead (the app keeps the sheet: "
           "each row is what the hand cost each player).", E),
    Clause("toepen.deal", "Shuffle and deal four cards to each player; the stub is placed in the centre as the "
           "stock.", R),
    tricks.FIRST_DEALER,
    Clause("toepen.rank", "Number cards rank above aces and faces: 10, 9, 8, 7, A, K, Q, J (high to low). There "
           "are no trumps.", R),
    Clause("toepen.exchange", "Before play begins, a player whose hand consists only of aces and face cards may "
           "discard it face down and draw a new hand of four cards from the stock. In the app each player, from "
           "the dealer's left, says 'exchange' or 'keep'.", X),
    Clause("toepen.exchange.bluff", "The referee does not look at a discarded hand: a hand with number cards may be "
           "discarded too, but a challenge will catch it.", X, option="bluff_exchange",
           when=lambda o: o.bluff_exchange),
    Clause("toepen.exchange.only-court", "Only a hand of nothing but aces and face cards may be discarded.", X,
           option="bluff_exchange", when=lambda o: not o.bluff_exchange),
    Clause("toepen.exchange.limit", "A player may exchange their hand at most {max_exchanges} time(s) in a deal "
           "(the book does not say whether a second exchange is allowed).", X, option="max_exchanges"),
    Clause("toepen.challenge", "Another player may challenge the discard; the discarded cards are then exposed. "
           "In the app the others are asked in turn from the discarder's left; the first to challenge is the "
           "challenger.", X, option="bluff_exchange", when=lambda o: o.bluff_exchange),
    Clause("toepen.challenge.no-need", "The referee has seen the discarded hand, so there is nothing to "
           "challenge.", X, option="bluff_exchange", when=lambda o: not o.bluff_exchange),
    Clause("toepen.challenge.right", "If the challenger was right and there was any number card in the hand, the "
           "discarding player loses one token.", X),
    Clause("toepen.challenge.wrong", "If the discard was correct (no number cards), the challenging player loses "
           "a token instead.", X),
    Clause("toepen.challenge.keep", "Either way, the discarding player keeps the new hand they drew.", X),
    Clause("toepen.exchange.stock", "When the stock is exhausted (fewer than four cards left) no further player "
           "may discard their hand.", X),
    Clause("toepen.declare.tens", "When the discards are settled, a player holding four 10s must stand up for the "
           "rest of the hand, and a player holding three 10s must whistle or sing: the app announces it for "
           "them.", X),
    Clause("toepen.declare.jacks", "A player holding three or four jacks may, if they wish, whistle or stand as "
           "if they had that many 10s, to mislead the others; in the app they do so on their first turn, before "
           "their first card.", X, option="jack_bluff", when=lambda o: o.jack_bluff),
    Clause("toepen.lead", "The player to the dealer's left leads to the first trick with any card.", L),
    Clause("toepen.follow", "Each player in turn, proceeding to the left, plays one card to the trick.", L),
    Clause("toepen.trick", "The highest card of the suit led wins the trick; its winner leads to the next one. "
           "The cards of earlier tricks stay on the table.", L),
    Clause("toepen.last-trick", "Play goes on until all four cards are played: the winner of the fourth and final "
           "trick wins the hand.", L),
    Clause("toepen.pay", "The other players who are still in lose the number of chips the hand is worth.", E),
    Clause("toepen.value", "The hand is worth one chip unless knocking has raised it.", K),
    Clause("toepen.out-of-play", "Lost chips are put out of play, not given to the winner of the hand.", E),
    Clause("toepen.deal.winner", "The deal for the next hand passes to the player who won it.", L),
    Clause("toepen.knock", "A player who is happy about how the hand is going may knock: they propose adding one "
           "chip to the value of the hand (the first knock raises it from one to two, the next from two to three, "
           "and so on). The book allows a knock at any time; the app takes it on your turn, before you play a "
           "card, once per turn.", K),
    Clause("toepen.knock.twice", "You may not knock twice in a row: someone else must knock in between.", K,
           option="no_double_knock", when=lambda o: o.no_double_knock),
    Clause("toepen.fold", "A player who does not wish to play on at the raised stake may immediately fold, laying "
           "their cards face down (or calling 'fold' if their hand is empty). In the app each other player in turn, "
           "from the knocker's left, says 'fold' or 'stay'.", K),
    Clause("toepen.fold.pay", "A player who folds must immediately pay the prior value of the hand: if a knock "
           "raises it from three to four, a folding player pays three.", K),
    Clause("toepen.fold.out", "A player who folds takes no further part in the hand; a card they had already "
           "played to the current trick no longer counts in it (the book is silent; the app's ruling).", K),
    Clause("toepen.stay", "A player who does not fold upon hearing the knock commits to playing on at the raised "
           "value.", K),
    Clause("toepen.all-fold", "If all the players but the knocker fold, the knocker wins the hand at once and pays "
           "nothing, and deals the next hand as usual.", K),
    Clause("toepen.knock.cover", "A player cannot knock if that would make the hand worth more than the chips they "
           "have.", K),
    Clause("toepen.stay.uncovered", "A player may stay in when another knocks even if the hand becomes worth more "
           "than they could cover; they then pay what they have (no one goes below zero chips).", K),
    Clause("toepen.end.first-out", "Play continues until a player runs out of chips (checked at the end of each "
           "hand): that player loses the game and everyone else wins.", E, option="end",
           when=lambda o: o.end == "first_out"),
    Clause("toepen.custom.round", "In the drinking game the loser buys everyone the next round (table custom).",
           E),
    Clause("toepen.end.last-standing", "Players drop out as they run out of chips; the last player with any chips "
           "wins the game.", E, option="end", when=lambda o: o.end == "last_standing"),
    tricks.FOLLOW_SUIT,
    tricks.PLAY_FROM_HAND,
])

SPEC = GameSpec(
    id="toepen", title="Toepen", family="tricks", players=(3, 4, 5, 6, 7, 8), default_players=4,
    options=ToepenOptions, rules=RULES, source="004",
    summary="Only the last of four tricks counts. Knock to raise the stake; the others fold or stay in. "
            "Don't be the first to run out of chips.",
    presets={"standard": {}, "last_standing": {"end": "last_standing"},
             "strict_knocks": {"no_double_knock": True}},
    sections=(R, X, L, K, E),
)

KNOCK = Action("knock")
FOLD = Action("fold")
STAY = Action("stay")
EXCHANGE = Action("exchange")
KEEP = Action("keep")
CHALLENGE = Action("challenge")
PASS = Action("pass")
WHISTLE = Action("whistle")
STAND = Action("stand")


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
    knocked_this_turn: bool = False
    knocker: int | None = None
    responders: list[int] = field(default_factory=list)
    signals: dict[int, str] = field(default_factory=dict)
    bluffed: list[int] = field(default_factory=list)
    first_turn_done: list[bool] = field(default_factory=list)
    folded: list[list[Card]] = field(default_factory=list)
    withdrawn: list[Card] = field(default_factory=list)
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
        state.knocked_this_turn = False
        state.knocker = None
        state.responders = []
        state.signals = {}
        state.bluffed = []
        state.first_turn_done = [False] * n
        state.folded = [[] for _ in range(n)]
        state.withdrawn = []
        state.paid = [0] * n
        state.notes = []
        state.hand_winner = None
        state.phase = "exchange"
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
                state.signals[s] = "stands"
            elif tens == 3:
                state.signals[s] = "whistles"
        state.phase = "play"
        state.leader = state.turn = self.next_active(state, state.dealer)

    def _pay(self, state: ToepenState, seat: int, amount: int) -> int:
        paid = min(amount, state.chips[seat])
        state.chips[seat] -= paid
        state.paid[seat] += paid
        return paid

    # --- who acts ----------------------------------------------------------------------------
    def other_to_act(self, state: ToepenState) -> tuple[int, ...]:
        if state.phase == "exchange":
            return (state.exchange_queue[0],)
        if state.phase == "challenge":
            return (state.challengers[0],)
        if state.phase == "respond":
            return (state.responders[0],)
        return ()

    def _knock_clause(self, state: ToepenState, seat: int) -> Clause | None:
        """The clause that forbids ``seat`` to knock now, or None if it may."""
        if state.knocked_this_turn:
            return RULES["toepen.knock"]
        if state.options.no_double_knock and state.last_knocker == seat:
            return RULES["toepen.knock.twice"]
        if state.stake + 1 > state.chips[seat]:
            return RULES["toepen.knock.cover"]
        return None

    def _signal(self, state: ToepenState, seat: int) -> Action | None:
        if not state.options.jack_bluff or state.first_turn_done[seat] or seat in state.signals:
            return None
        jacks = count_rank(state.hands[seat], 11)
        return STAND if jacks == 4 else WHISTLE if jacks == 3 else None

    def legal_actions(self, state: ToepenState, seat: int) -> list[Action]:
        if state.over:
            return []
        if state.phase == "play":
            if seat != state.turn:
                return []
            acts = super().legal_actions(state, seat)
            if self._knock_clause(state, seat) is None:
                acts.append(KNOCK)
            sig = self._signal(state, seat)
            if sig is not None:
                acts.append(sig)
            return acts
        return self.other_legal(state, seat)

    def other_legal(self, state: ToepenState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        if state.phase == "exchange":
            if state.options.bluff_exchange or is_all_court(state.hands[seat]):
                return [EXCHANGE, KEEP]
            return [KEEP]
        if state.phase == "challenge":
            return [CHALLENGE, PASS]
        if state.phase == "respond":
            return [FOLD, STAY]
        return []

    def explain(self, state: ToepenState, seat: int, action: Action) -> Clause | None:
        phase, verb = state.phase, action.verb
        if phase == "play":
            if verb == "knock":
                return self._knock_clause(state, seat)
            if verb in ("whistle", "stand"):
                return RULES["toepen.declare.jacks"] if state.options.jack_bluff else None
            if verb == "fold":
                return RULES["toepen.fold"]
            if verb in ("exchange", "challenge"):
                return RULES["toepen.exchange"]
            return super().explain(state, seat, action)
        if phase == "exchange":
            if verb == "exchange":
                return RULES["toepen.exchange.only-court"]
            if verb == "knock":
                return RULES["toepen.knock"]
            return RULES["toepen.exchange"]
        if phase == "challenge":
            return RULES["toepen.challenge"]
        if phase == "respond":
            return RULES["toepen.fold"]
        return None

    # --- moves --------------------------------------------------------------------------------
    def _apply(self, state: ToepenState, seat: int, action: Action) -> None:
        phase, verb = state.phase, action.verb
        if phase != "play":
            self.other_apply(state, seat, action)
            return
        if verb == "play":
            state.first_turn_done[seat] = True
            state.knocked_this_turn = False
            super()._apply(state, seat, action)
            return
        if verb == "knock":
            state.knocked_this_turn = True
            state.last_knocker = state.knocker = seat
            state.responders = [s for s in (left_of(seat, state.players, i) for i in range(1, state.players))
                                if state.active[s]]
            state.phase = "respond"
            return
        # whistle / stand with jacks
        state.signals[seat] = "stands" if verb == "stand" else "whistles"
        state.bluffed.append(seat)

    def other_apply(self, state: ToepenState, seat: int, action: Action) -> None:
        phase, verb = state.phase, action.verb
        n = state.players
        if phase == "exchange":
            if verb == "keep":
                state.exchange_queue.pop(0)
                self._next_exchange(state)
                return
            old = state.hands[seat]
            state.exchanges.append(Exchange(seat, old))
            state.exchange_count[seat] += 1
            state.hands[seat] = sorted(state.stock[:PER_HAND])
            del state.stock[:PER_HAND]
            if state.options.bluff_exchange:
                state.challengers = [s for s in (left_of(seat, n, i) for i in range(1, n)) if state.active[s]]
                state.phase = "challenge"
            else:
                state.notes.append(f"seat {seat} exchanged an all-court hand [toepen.exchange]")
                self._after_exchange(state, seat)
            return
        if phase == "challenge":
            ex = state.exchanges[-1]
            if verb == "pass":
                state.challengers.pop(0)
                if not state.challengers:
                    state.notes.append(f"seat {ex.seat} exchanged their hand unchallenged [toepen.exchange]")
                    self._after_exchange(state, ex.seat)
                return
            ex.exposed = True
            ex.challenger = seat
            state.challengers = []
            if is_all_court(ex.cards):
                lost = self._pay(state, seat, 1)
                state.notes.append(f"seat {seat} challenged seat {ex.seat}'s discard, which was all "
                                   f"aces and faces: seat {seat} loses {lost} [toepen.challenge.wrong]")
            else:
                lost = self._pay(state, ex.seat, 1)
                state.notes.append(f"seat {seat} challenged seat {ex.seat}'s discard, which held a "
                                   f"number card: seat {ex.seat} loses {lost} [toepen.challenge.right]")
            self._after_exchange(state, ex.seat)
            return
        # respond to a knock
        state.responders.pop(0)
        if verb == "fold":
            lost = self._pay(state, seat, state.stake)
            state.notes.append(f"seat {seat} folded and paid {lost} (the hand was worth {state.stake}) "
                               f"[toepen.fold.pay]")
            state.active[seat] = False
            state.folded[seat] = state.hands[seat]
            state.hands[seat] = []
            for i, (s, c) in enumerate(state.trick):
                if s == seat:
                    state.withdrawn.append(c)
                    del state.trick[i]
                    break
        if state.responders:
            return
        knocker = state.knocker
        assert knocker is not None
        state.stake += 1
        state.phase = "play"
        if state.active.count(True) == 1:
            state.notes.append(f"everyone else folded: seat {knocker} wins the hand and pays nothing "
                               "[toepen.all-fold]")
            self._finish(state, knocker)

    def _after_exchange(self, state: ToepenState, seat: int) -> None:
        state.phase = "exchange"
        if not self._can_exchange(state, seat) and state.exchange_queue and state.exchange_queue[0] == seat:
            state.exchange_queue.pop(0)
        self._next_exchange(state)

    # --- the end of a hand --------------------------------------------------------------------------
    def end_hand(self, state: ToepenState) -> None:
        winner = state.leader
        state.notes.append(f"seat {winner} won the last trick and the hand [toepen.last-trick]")
        for s in range(state.players):
            if s != winner and state.active[s]:
                lost = self._pay(state, s, state.stake)
                state.notes.append(f"seat {s} stayed in and loses {lost} (the hand was worth {state.stake}) "
                                   f"[toepen.pay]")
        self._finish(state, winner)

    def _finish(self, state: ToepenState, winner: int) -> None:
        state.hand_winner = winner
        state.notes.append("lost chips go out of play [toepen.out-of-play]")
        state.sheet.add(f"hand {state.hand_no}", tuple(-p for p in state.paid), state.ply + 1, state.notes)
        state.phase = "over-hand"
        n = state.players
        broke = [s for s in range(n) if not state.out[s] and state.chips[s] <= 0]
        if state.options.end == "first_out":
            if broke:
                state.over = True
                state.phase = "over"
                return
        else:
            if broke:
                state.eliminated.append(broke)
                for s in broke:
                    state.out[s] = True
            if sum(1 for s in range(n) if not state.out[s]) <= 1:
                state.over = True
                state.phase = "over"
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

    # --- views ------------------------------------------------------------------------------------
    def view(self, state: ToepenState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        v["trump"] = None
        v["chips"] = list(state.chips)
        v["stake"] = state.stake
        v["knocker"] = state.knocker
        v["last_knocker"] = state.last_knocker
        v["pending_stake"] = state.stake + 1 if state.phase == "respond" else None
        v["responders"] = list(state.responders)
        v["folded"] = [s for s in range(state.players) if not state.active[s] and not state.out[s]]
        v["out"] = [s for s in range(state.players) if state.out[s]]
        v["stock_size"] = len(state.stock)
        v["signals"] = {str(s): sig for s, sig in sorted(state.signals.items())}
        v["exchanges"] = [{"seat": e.seat, "challenger": e.challenger,
                           "cards": [card_text(c) for c in e.cards] if e.exposed or e.seat == seat else None}
                          for e in state.exchanges]
        v["withdrawn"] = [card_text(c) for c in state.withdrawn]
        v["played"] = [card_text(c) for t in state.taken for c in t]
        v["end"] = state.options.end
        if seat is not None and state.folded[seat]:
            v["my_folded_cards"] = [card_text(c) for c in state.folded[seat]]
        return v

    def zones(self, state: ToepenState) -> list[Zone]:
        zones = self.trick_zones(state)
        zones.append(Zone("stock", state.stock, frozenset()))
        zones.append(Zone("withdrawn", state.withdrawn))
        for s in range(state.players):
            zones.append(Zone(f"folded {s}", state.folded[s], frozenset({s})))
        for i, e in enumerate(state.exchanges):
            zones.append(Zone(f"discard {i}", e.cards, None if e.exposed else frozenset({e.seat})))
        return zones

    def prompt(self, state: ToepenState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == "exchange":
            return "Discard your hand of aces and faces and draw four new cards ('exchange'), or 'keep' it."
        if phase == "challenge":
            ex = state.exchanges[-1]
            return f"Seat {ex.seat} exchanged their hand: 'challenge' it (the cards are shown) or 'pass'."
        if phase == "respond":
            return (f"Seat {state.knocker} knocked: the hand would be worth {state.stake + 1}. 'fold' (pay "
                    f"{state.stake}) or 'stay' in.")
        return f"Play a card, or 'knock' to raise the hand to {state.stake + 1}."

    def check(self, state: ToepenState, seat: int, action: Action) -> None:
        if state.phase == "exchange" and action.verb == "exchange" and not state.over \
                and seat in self.to_act(state) and not state.options.bluff_exchange \
                and not is_all_court(state.hands[seat]):
            raise IllegalAction(RULES["toepen.exchange.only-court"], "your hand has a number card", state.options)
        super().check(state, seat, action)
