"""Thirty One (rulebook 000): three cards, the best single-suit total, quarters to the
pot. Draw and discard, knock when you think you are not lowest; lowest pays, a knocker
who is lowest pays double, 31 ends the hand. A player out of quarters has one round on
their face; the last player remaining wins the pot."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import FACES, Card, card_text, cards_text, standard_deck
from gamenight.core.chips import Chips
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import Game, GameSpec, Result, State
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Zone, fact, per_seat, pot_zone
from gamenight.families import rummy, rummy_piles

HAND = 3


@dataclass(frozen=True)
class ThirtyOneOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    start_quarters: int = option(4, "Quarters each: {value}.", minimum=1, maximum=50)
    ante_each_hand: bool = option(False, "Ante every hand: {value}.")
    thirty_one_all_pay: bool = option(False, "31 makes everyone pay: {value}.")
    three_of_a_kind: bool = option(False, "Three of a kind counts 30½: {value}.")
    knock_whole_turn: bool = option(False, "A knock is the whole turn: {value}.")
    empty_stock: str = option("reshuffle", "When the stock runs out: {value}.", choices=("reshuffle", "end"))


C = "Players and cards"
OBJ = "Object of the game"
P = "Game play"
S = "Paying"
X = "Table customs"

ONE_DECK = Clause(
    "thirty_one.cards.deck", "One deck of cards, not including jokers. Any number of people can play (2 to 8 here).", C)
START_QUARTERS = Clause(
    "thirty_one.cards.quarters", "Each player starts with {start_quarters} quarters.", C, option="start_quarters")
CARD_VALUES = Clause(
    "thirty_one.cards.values", "Aces count 11, kings, queens and jacks 10, and the other cards their face value.", C)
CLOSEST_TO_31 = Clause(
    "thirty_one.object.closest", "The object is to be the closest to 31 in one suit: your hand is worth the total of "
    "its cards of one suit, whichever suit is best. 31 is the most there is.", OBJ)
LAST_REMAINING = Clause("thirty_one.object.last", "Last player remaining wins the pot.", OBJ)
ANTE_ONCE = Clause(
    "thirty_one.play.ante", "Each player antes one quarter into the pot to start the game (once, not every hand).",
    P, option="ante_each_hand", when=lambda o: not o.ante_each_hand)
ANTE_EACH_HAND = Clause(
    "thirty_one.play.ante-hand", "Each player antes one quarter into the pot to start every hand; a player on their "
    "face has nothing to ante.", P, option="ante_each_hand", when=lambda o: o.ante_each_hand)
DEALER = Clause(
    "thirty_one.play.dealer", "The first dealer is chosen at random; the deal passes to the left among the players "
    "still in.", P)
THE_DEAL = Clause(
    "thirty_one.play.deal", "The dealer deals 3 cards face down to each player and turns one face up in the centre of "
    "the table to start the discard pile. The rest of the deck is the stock.", P)
FIRST_PLAYER = Clause("thirty_one.play.first", "Player to the left of the dealer starts; play goes to the left.", P)
STOCK_RESHUFFLE = Clause(
    "thirty_one.play.stock-reshuffle", "If the stock runs out, the discard pile except its top card is shuffled to "
    "make a new stock.", P, option="empty_stock", when=lambda o: o.empty_stock == "reshuffle")
STOCK_ENDS_HAND = Clause(
    "thirty_one.play.stock-end", "If the stock runs out, the hand ends after that turn and is scored as it stands.",
    P, option="empty_stock", when=lambda o: o.empty_stock == "end")
THIRTY_ONE = Clause(
    "thirty_one.play.thirty-one", "If you have 31 you set your cards down and no one gets another turn. A discard that "
    "gives you 31 shows it at once; a player dealt 31 shows it at their turn, instead of drawing.", P)
KNOCK_IN_TURN = Clause(
    "thirty_one.play.knock", "If you think you are high (or at least not lowest) you can knock any time during your "
    "turn before you discard, then finish your turn.",
    P, option="knock_whole_turn", when=lambda o: not o.knock_whole_turn)
KNOCK_WHOLE_TURN = Clause(
    "thirty_one.play.knock-turn", "If you want to knock that is your entire turn: you knock instead of drawing, and no "
    "playing is allowed.", P, option="knock_whole_turn", when=lambda o: o.knock_whole_turn)
ONE_KNOCK = Clause("thirty_one.play.one-knock", "Once somebody has knocked, nobody else may knock in that hand.", P)
AFTER_KNOCK = Clause(
    "thirty_one.play.after-knock", "After somebody knocks everybody else gets one more turn; then the hands are shown.",
    P)
LOWEST_PAYS = Clause("thirty_one.pay.lowest", "Whoever has the lowest score loses a quarter to the pot.", S)
TIES_PAY = Clause("thirty_one.pay.ties", "If several players tie for lowest they each lose a quarter.", S)
KNOCKER_PAYS_DOUBLE = Clause("thirty_one.pay.knocker", "If the person that knocked is lowest they pay double.", S)
THIRTY_ONE_ALL_PAY = Clause(
    "thirty_one.pay.thirty-one-all", "If somebody gets 31 and lays down everybody else has to pay, not just the lowest "
    "(a knocker who is lowest still pays double).", S, option="thirty_one_all_pay", when=lambda o: o.thirty_one_all_pay)
THREE_OF_A_KIND = Clause(
    "thirty_one.pay.three-of-a-kind", "Three of the same cards (three of a kind) are worth 30½.",
    S, option="three_of_a_kind", when=lambda o: o.three_of_a_kind)
ON_YOUR_FACE = Clause(
    "thirty_one.pay.face", "You have one round on your face after you are out of quarters: you play on with none, and "
    "the next time you have to pay you are out. That holds however you run out: a player who owes more than they "
    "hold (a lowest knocker with one quarter to pay double with) pays what they have and plays on on their face.", S)
ALL_OUT = Clause(
    "thirty_one.pay.all-out", "If every player still in would be put out by the same hand, nobody is put out: they pay "
    "what they have and play on.", S)
SKIP_OUT = Clause("thirty_one.pay.skip-out", "Players who are out are skipped in the deal and in the turns.", S)
DEALT_BACK = Clause(
    "thirty_one.custom.dealt-back", "Table custom: players out of the game can be accidentally dealt back into the "
    "game. (The referee never does.)", X)

RULES = Rules([
    ONE_DECK, START_QUARTERS, CARD_VALUES, CLOSEST_TO_31, LAST_REMAINING, ANTE_ONCE, ANTE_EACH_HAND, DEALER,
    THE_DEAL, FIRST_PLAYER, rummy.DRAW, rummy.DISCARD_ENDS_TURN, STOCK_RESHUFFLE, STOCK_ENDS_HAND, THIRTY_ONE,
    KNOCK_IN_TURN, KNOCK_WHOLE_TURN, ONE_KNOCK, AFTER_KNOCK, LOWEST_PAYS, TIES_PAY, KNOCKER_PAYS_DOUBLE,
    THIRTY_ONE_ALL_PAY, THREE_OF_A_KIND, ON_YOUR_FACE, ALL_OUT, SKIP_OUT, DEALT_BACK,
])
TEXT_ONLY = (ONE_DECK, START_QUARTERS, CARD_VALUES, CLOSEST_TO_31, ANTE_ONCE, DEALER, THE_DEAL, FIRST_PLAYER,
             STOCK_RESHUFFLE, KNOCK_IN_TURN, DEALT_BACK)
"""Clauses the referee follows without citing them."""

SPEC = GameSpec(
    id="thirty_one", title="Thirty One", family="draw-discard", players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4, options=ThirtyOneOptions, rules=RULES, source="000",
    # 2: a lowest knocker pays double under "31 makes everyone pay"; 3: a player who owes more than
    # they hold goes on their face rather than out (so older records may deal differently); 4: the discard
    # pile's top card is taken with 'take discard' (the rummy family's word), no longer 'draw discard'.
    rules_version="4",
    summary="Get closest to 31 in one suit; knock when you are not lowest. Lowest pays a quarter; "
            "last player with money wins the pot.",
    presets={"standard": {},
             "alternates": {"thirty_one_all_pay": True, "three_of_a_kind": True, "knock_whole_turn": True}},
)

CARD_VALUE = [0] * 64
for _c in FACES:
    if _c < 64:
        _r = _c & 15
        CARD_VALUE[_c] = 11 if _r == 14 else 10 if _r >= 11 else _r


def hand_value(hand: list[Card] | tuple[Card, ...], three_of_a_kind: bool = False) -> float:
    """The best single-suit total of a three-card hand (30.5 for three of a kind if that rule is on)."""
    totals = [0, 0, 0, 0]
    for c in hand:
        totals[c >> 4] += CARD_VALUE[c]
    best: float = max(totals)
    if three_of_a_kind and len(hand) == 3 and hand[0] & 15 == hand[1] & 15 == hand[2] & 15 and best < 30.5:
        best = 30.5
    return best


def value_text(v: float) -> str:
    return "30½" if v == 30.5 else str(int(v))


def quarters(n: int) -> str:
    return "a quarter" if n == 1 else f"{n} quarters"


class Phase(StrEnum):
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


@dataclass
class ThirtyOneState(State):
    deck: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    """Cards each player took from the discard pile and still holds: everyone saw them taken."""
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    quarters: list[int] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    out_at: list[int] = field(default_factory=list)
    """The hand in which each seat went out (0: still in)."""
    pot: int = 0
    turn: int = 0
    phase: Phase = Phase.DRAW
    knocker: int | None = None
    hand_no: int = 0


DRAW_STOCK = rummy.DRAW_STOCK
TAKE_DISCARD = rummy.TAKE_DISCARD
KNOCK = Action("knock")
SHOW = Action("show")
DISCARD: dict[int, Action] = {face: rummy.discard(card) for face, card in FACES.items()}


@register
class ThirtyOne(Game[ThirtyOneState]):
    spec = SPEC

    def setup(self, players: int, options: Any, rng: random.Random) -> ThirtyOneState:
        q = options.start_quarters - 1
        state = ThirtyOneState(players=players, options=options, rng=rng,
                               sheet=ScoreSheet.per_seat(players, q),
                               dealer=rng.randrange(players), deck=standard_deck(),
                               quarters=[q] * players, out=[False] * players, out_at=[0] * players,
                               pot=players)
        emit(state, f"Everyone antes a quarter: {quarters(players)} in the pot")
        self._deal(state)
        return state

    # --- dealing and turns -----------------------------------------------------------------------------
    def next_in(self, state: ThirtyOneState, seat: int) -> int:
        nxt = left_of(seat, state.players)
        while state.out[nxt]:
            nxt = left_of(nxt, state.players)
        return nxt

    def _deal(self, state: ThirtyOneState) -> None:
        cards = list(state.deck)
        state.rng.shuffle(cards)
        state.hands = [[] for _ in range(state.players)]
        state.known = [[] for _ in range(state.players)]
        seat = state.dealer
        for _ in range(HAND):
            for _ in range(self.players_in(state)):
                seat = self.next_in(state, seat)
                state.hands[seat].append(cards.pop())
        for h in state.hands:
            h.sort()
        state.discard = [cards.pop()]
        state.stock = cards
        state.hand_no += 1
        state.knocker = None
        state.turn = self.next_in(state, state.dealer)
        state.phase = Phase.DRAW
        emit(state, "{0} deals three cards each and turns up " + card_text(state.discard[-1]), state.dealer,
             pieces=state.discard[-1:])

    def players_in(self, state: ThirtyOneState) -> int:
        return state.players - sum(state.out)

    def value(self, state: ThirtyOneState, seat: int) -> float:
        return hand_value(state.hands[seat], state.options.three_of_a_kind)

    def _end_turn(self, state: ThirtyOneState) -> None:
        seat = state.turn
        if len(state.hands[seat]) == HAND and self.value(state, seat) == 31:
            emit(state, "{0} has 31 and lays down " + cards_text(state.hands[seat]), seat,
                 pieces=state.hands[seat])
            self._score(state, seat)
            return
        nxt = self.next_in(state, seat)
        if state.knocker is not None and nxt == state.knocker:
            self._score(state, None)
            return
        if not state.stock and state.options.empty_stock == "end":
            self._score(state, None, stock_out=True)
            return
        state.turn = nxt
        state.phase = Phase.DRAW

    # --- the contract ---------------------------------------------------------------------------------
    def to_act(self, state: ThirtyOneState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def may_knock(self, state: ThirtyOneState) -> bool:
        if state.knocker is not None:
            return False
        return state.phase == Phase.DRAW or not state.options.knock_whole_turn

    def legal_actions(self, state: ThirtyOneState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        return list(narrow(self.restrictions(state, seat)))

    def restrictions(self, state: ThirtyOneState, seat: int) -> Iterator[Step[Action]]:
        """The rules that narrow ``seat``'s moves now, in rulebook order."""
        discards = [DISCARD[c] for c in state.hands[seat]]
        if state.phase == Phase.DRAW:
            moves = [DRAW_STOCK, TAKE_DISCARD, KNOCK, SHOW]
            yield Step(moves, rummy.DRAW, "draw from the stock or the discard pile before you discard")
        else:
            yield Step([*discards, KNOCK, SHOW], rummy.DISCARD_ENDS_TURN,
                       lambda a: "you have drawn: now discard" if a.verb in ("draw", "take")
                       else "you can only discard a card you hold")
            moves = [*discards, KNOCK]
            yield Step(moves, THIRTY_ONE, "a discard that leaves you 31 shows it at once")
        if state.knocker is not None:
            moves = [a for a in moves if a != KNOCK]
            yield Step(moves, ONE_KNOCK, "somebody has knocked already this hand")
        elif state.phase == Phase.DISCARD and state.options.knock_whole_turn:
            moves = [a for a in moves if a != KNOCK]
            yield Step(moves, KNOCK_WHOLE_TURN, "knocking is your whole turn: you may not knock once you have drawn")
        if SHOW in moves and (value := self.value(state, seat)) != 31:
            yield Step([a for a in moves if a != SHOW], THIRTY_ONE, f"your hand is worth {value_text(value)}, not 31")

    def refusal(self, state: ThirtyOneState, seat: int, action: Action) -> None:
        refuse(self.restrictions(state, seat), action, state.options, UNKNOWN)

    def off_turn(self, state: ThirtyOneState, seat: int, action: Action) -> None:
        if 0 <= seat < state.players and state.out[seat]:
            raise IllegalAction(SKIP_OUT, "you are out of the game", state.options)

    def _apply(self, state: ThirtyOneState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb in ("draw", "take"):
            if verb == "draw":
                if not state.stock:
                    self._reshuffle(state)
                card = state.stock.pop()
                private(state, seat, "{0} draws " + card_text(card), "{0} draws from the stock", seat,
                        pieces=(card,))
            else:
                card = rummy_piles.take_top(state.discard)
                state.known[seat].append(card)
                emit(state, "{0} takes " + card_text(card) + " from the discard pile", seat, pieces=(card,))
            state.hands[seat].append(card)
            state.hands[seat].sort()
            state.phase = Phase.DISCARD
        elif verb == "discard":
            thrown = action.args[0]
            assert isinstance(thrown, Card)
            hand = state.hands[seat]
            state.discard.append(hand.pop(hand.index(thrown)))
            rummy.forget_known(state.known[seat], (thrown,))
            emit(state, "{0} discards " + card_text(thrown), seat, pieces=(thrown,))
            self._end_turn(state)
        elif verb == "knock":
            state.knocker = seat
            emit(state, "{0} knocks", seat)
            if state.options.knock_whole_turn:
                self._end_turn(state)
        elif verb == "show":
            emit(state, "{0} shows 31: " + cards_text(state.hands[seat]), seat, pieces=state.hands[seat])
            self._score(state, seat)
        else:  # refusal() lets no other verb through
            raise ValueError(verb)

    def _reshuffle(self, state: ThirtyOneState) -> None:
        top = state.discard.pop()
        state.stock = state.discard
        state.rng.shuffle(state.stock)
        state.discard = [top]
        emit(state, "The stock is empty: the discard pile but its top card is shuffled into a new stock")

    # --- paying --------------------------------------------------------------------------------------
    def _score(self, state: ThirtyOneState, shown: int | None, stock_out: bool = False) -> None:
        o = state.options
        live = [s for s in range(state.players) if not state.out[s]]
        values = {s: self.value(state, s) for s in live}
        notes: list[str] = []
        owe: dict[int, int] = {}
        if shown is not None:
            notes.append(f"seat {shown} showed 31 and nobody got another turn [{THIRTY_ONE.id}]")
        if stock_out:
            notes.append(f"the stock ran out [{STOCK_ENDS_HAND.id}]")
            emit(state, "The stock has run out: the hand ends", kind="summary")
        if state.knocker is not None:
            notes.append(f"seat {state.knocker} knocked [{AFTER_KNOCK.id}]")
        for s in live:
            emit(state, "{0} shows " + cards_text(state.hands[s]) + ": " + value_text(values[s]), s,
                 pieces=state.hands[s], kind="summary")
        if o.three_of_a_kind and any(v == 30.5 for v in values.values()):
            notes.append(f"three of a kind counts 30½ [{THREE_OF_A_KIND.id}]")
        low = min(values.values())
        if shown is not None and o.thirty_one_all_pay:
            for s in live:
                if values[s] != 31:
                    owe[s] = 1
            notes.append(f"everybody else pays one [{THIRTY_ONE_ALL_PAY.id}]")
            if state.knocker in owe and values[state.knocker] == low:
                owe[state.knocker] = 2
                notes.append(f"seat {state.knocker} knocked and was lowest: pays double [{KNOCKER_PAYS_DOUBLE.id}]")
        else:
            losers = [s for s in live if values[s] == low]
            for s in losers:
                owe[s] = 1
            notes.append(f"lowest with {value_text(low)}: seat{'s' if len(losers) > 1 else ''} "
                         f"{', '.join(map(str, losers))} [{LOWEST_PAYS.id}]")
            if len(losers) > 1:
                notes.append(f"tied for lowest, each pays one [{TIES_PAY.id}]")
            if state.knocker in owe:
                owe[state.knocker] = 2
                notes.append(f"seat {state.knocker} knocked and was lowest: pays double [{KNOCKER_PAYS_DOUBLE.id}]")
        # One round on your face: only a player who was already on their face goes out.
        going = [s for s in owe if state.quarters[s] == 0]
        spare_all = len(going) == len(live)
        points = [0] * state.players
        for s, k in owe.items():
            paid = min(k, state.quarters[s])
            state.quarters[s] -= paid
            state.pot += paid
            points[s] = -paid
            if s in going and not spare_all:
                state.out[s] = True
                state.out_at[s] = state.hand_no
                notes.append(f"seat {s} owed {k} on their face and is out [{ON_YOUR_FACE.id}]")
                emit(state, f"{{0}} owes {quarters(k)} on their face and is out", s, kind="summary")
            elif paid == 0:  # spared with everyone else still in
                notes.append(f"seat {s} owed {k} with nothing left and stays on their face [{ON_YOUR_FACE.id}]")
                emit(state, f"{{0}} owes {quarters(k)} with none left to pay", s, kind="summary")
            elif state.quarters[s] == 0:
                short = f" and paid the {paid} left" if paid < k else ""
                notes.append(f"seat {s} owed {k}{short} and is on their face [{ON_YOUR_FACE.id}]")
                emit(state, f"{{0}} pays {quarters(paid)}{' of the ' + str(k) + ' owed' if paid < k else ''} "
                            "and is on their face", s, kind="summary")
            else:
                emit(state, f"{{0}} pays {quarters(paid)}"
                            + (" for knocking and being lowest" if k == 2 and s == state.knocker else ""),
                     s, kind="summary")
        if spare_all and going:
            notes.append(f"everyone still in would be out: nobody goes out [{ALL_OUT.id}]")
            emit(state, "Everyone still in would be out: nobody goes out", kind="summary")
        state.sheet.add(f"hand {state.hand_no}", tuple(points), state.ply + 1, notes)
        live = [s for s in range(state.players) if not state.out[s]]
        if len(live) == 1:
            winner = live[0]
            won = [0] * state.players
            won[winner] = state.pot
            state.sheet.add("the pot", tuple(won), state.ply + 1,
                            [f"seat {winner} is the last player remaining and wins the pot of {state.pot} "
                             f"[{LAST_REMAINING.id}]"])
            emit(state, f"{{0}} is the last player remaining and wins the pot of {quarters(state.pot)}", winner,
                 kind="summary")
            state.quarters[winner] += state.pot
            state.pot = 0
            state.over = True
            state.phase = Phase.OVER
            state.knocker = None
            return
        state.dealer = self.next_in(state, state.dealer)
        if o.ante_each_hand:
            ante = [0] * state.players
            for s in live:
                if state.quarters[s] > 0:
                    state.quarters[s] -= 1
                    state.pot += 1
                    ante[s] = -1
            state.sheet.add(f"ante for hand {state.hand_no + 1}", tuple(ante), state.ply + 1,
                            [f"each player with quarters antes one [{ANTE_EACH_HAND.id}]"])
            emit(state, f"Each player with quarters antes one: {quarters(state.pot)} in the pot")
        self._deal(state)

    def result(self, state: ThirtyOneState) -> Result:
        order = sorted(range(state.players), key=lambda s: -(10**6 if not state.out[s] else state.out_at[s]))
        ranking: list[tuple[int, ...]] = []
        i = 0
        while i < len(order):
            key = state.out_at[order[i]] if state.out[order[i]] else None
            tied = [s for s in order if (state.out_at[s] if state.out[s] else None) == key]
            ranking.append(tuple(sorted(tied)))
            i += len(tied)
        return Result(ranking[0], tuple(ranking), tuple(float(q) for q in state.quarters))

    # --- what the players see ----------------------------------------------------------------------------
    def phase(self, state: ThirtyOneState) -> Phase:
        return state.phase

    def zones(self, state: ThirtyOneState) -> list[Zone]:
        """Each hand (the cards taken from the discard pile are known to all), the stock, the discard
        pile, and the pot of quarters."""
        return [*rummy.hand_zones(state.hands, state.known), rummy.stock_zone(state.stock),
                rummy.pile_zone(state.discard), pot_zone(Chips(state.pot))]

    def facts(self, state: ThirtyOneState, seat: int | None) -> list[Fact]:
        fs = [per_seat("quarters", "Quarters", state.quarters, FactKind.CHIPS)]  # the pot is a zone
        if state.knocker is not None:
            fs.append(fact("knocker", "Knocked", FactKind.SEAT, state.knocker))
        face = [s for s in range(state.players) if not state.out[s] and state.quarters[s] == 0]
        if face:
            fs.append(fact("on_face", "On their face", FactKind.SEATS, face))
        out = [s for s in range(state.players) if state.out[s]]
        if out:
            fs.append(fact("out", "Out", FactKind.SEATS, out))
        if seat is not None and not state.out[seat] and len(state.hands[seat]) == HAND:
            fs.append(fact("value", "Your hand is worth", FactKind.NUMBER, self.value(state, seat)))
        return fs

    def all_cards(self, state: ThirtyOneState) -> list[Card]:
        return state.deck

    def prompt(self, state: ThirtyOneState, seat: int) -> str:
        if state.over or seat != state.turn:
            return ""
        knock = self.may_knock(state)
        if state.phase == Phase.DRAW:
            if self.value(state, seat) == 31:
                return "You have 31: show it!"
            top = card_text(state.discard[-1])
            return f"Draw from the stock or take {top} from the discard pile{', or knock' if knock else ''}."
        return f"Discard a card{' (you may knock first)' if knock else ''}."

    def move_words(self, state: ThirtyOneState, seat: int, action: Action) -> str | None:
        if action == Action("draw", ("stock",)):
            return "Draw from the stock"
        if action == Action("draw", ("discard",)) and state.discard:
            return f"Take {state.discard[-1]}"
        return None
