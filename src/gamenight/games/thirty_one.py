"""Thirty One (rulebook 000): three cards, the best single-suit total, quarters to the
pot. Draw and discard, knock when you think you are not lowest; lowest pays, a knocker
who is lowest pays double, 31 ends the hand. Last player remaining wins the pot."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import FACES, Card, card_text, standard_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import Game, GameSpec, Result, State
from gamenight.engine.options import as_dict, option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone

HAND = 3


@dataclass(frozen=True)
class ThirtyOneOptions:
    start_quarters: int = option(4, "Each player starts with {value} quarters.", minimum=1, maximum=50)
    ante_each_hand: bool = option(
        False, "Every player still holding quarters antes one into the pot at the start of every hand, "
               "not just once at the start of the game: {value}.")
    thirty_one_all_pay: bool = option(
        False, "If somebody gets 31 and lays down everybody else has to pay, not just the lowest: {value}.")
    three_of_a_kind: bool = option(False, "Three cards of the same rank are worth 30½: {value}.")
    knock_whole_turn: bool = option(
        False, "Knocking is your entire turn (no drawing or discarding): {value}.")
    empty_stock: str = option(
        "reshuffle", "When the stock runs out: {value} (reshuffle: the discards except the top card become "
                     "the new stock; end: the hand ends and is scored as it stands).",
        choices=("reshuffle", "end"))


C = "Players and cards"
OBJ = "Object of the game"
P = "Game play"
S = "Paying"
X = "Table customs"
RULES = Rules([
    Clause("thirty_one.cards.deck", "One deck of cards, not including jokers. Any number of people can play "
           "(2 to 8 here).", C),
    Clause("thirty_one.cards.quarters", "Each player starts with {start_quarters} quarters.", C,
           option="start_quarters"),
    Clause("thirty_one.cards.values", "Aces count 11, kings, queens and jacks 10, and the other cards their "
           "face value.", C),
    Clause("thirty_one.object.closest", "The object is to be the closest to 31 in one suit: your hand is "
           "worth the total of its cards of one suit, whichever suit is best. 31 is the most there is.", OBJ),
    Clause("thirty_one.object.last", "Last player remaining wins the pot.", OBJ),
    Clause("thirty_one.play.ante", "Each player antes one quarter into the pot to start the game (once, not "
           "every hand).", P, option="ante_each_hand", when=lambda o: not o.ante_each_hand),
    Clause("thirty_one.play.ante-hand", "Each player antes one quarter into the pot to start every hand; a "
           "player on their face has nothing to ante.", P, option="ante_each_hand",
           when=lambda o: o.ante_each_hand),
    Clause("thirty_one.play.dealer", "The first dealer is chosen at random; the deal passes to the left "
           "among the players still in.", P),
    Clause("thirty_one.play.deal", "The dealer deals 3 cards face down to each player and turns one face up "
           "in the centre of the table to start the discard pile. The rest of the deck is the stock.", P),
    Clause("thirty_one.play.first", "Player to the left of the dealer starts; play goes to the left.", P),
    Clause("thirty_one.play.draw", "At your turn you draw a card from the stock pile or the discard pile, "
           "then discard one card face up on the discard pile.", P),
    Clause("thirty_one.play.stock-reshuffle", "If the stock runs out, the discard pile except its top card "
           "is shuffled to make a new stock.", P, option="empty_stock",
           when=lambda o: o.empty_stock == "reshuffle"),
    Clause("thirty_one.play.stock-end", "If the stock runs out, the hand ends after that turn and is scored "
           "as it stands.", P, option="empty_stock", when=lambda o: o.empty_stock == "end"),
    Clause("thirty_one.play.thirty-one", "If you have 31 you set your cards down and no one gets another "
           "turn. A discard that gives you 31 shows it at once; a player dealt 31 shows it at their turn, "
           "instead of drawing.", P),
    Clause("thirty_one.play.knock", "If you think you are high (or at least not lowest) you can knock any "
           "time during your turn before you discard, then finish your turn.", P, option="knock_whole_turn",
           when=lambda o: not o.knock_whole_turn),
    Clause("thirty_one.play.knock-turn", "If you want to knock that is your entire turn: you knock instead "
           "of drawing, and no playing is allowed.", P, option="knock_whole_turn",
           when=lambda o: o.knock_whole_turn),
    Clause("thirty_one.play.one-knock", "Once somebody has knocked, nobody else may knock in that hand.", P),
    Clause("thirty_one.play.after-knock", "After somebody knocks everybody else gets one more turn; then the "
           "hands are shown.", P),
    Clause("thirty_one.pay.lowest", "Whoever has the lowest score loses a quarter to the pot.", S),
    Clause("thirty_one.pay.ties", "If several players tie for lowest they each lose a quarter.", S),
    Clause("thirty_one.pay.knocker", "If the person that knocked is lowest they pay double.", S),
    Clause("thirty_one.pay.thirty-one-all", "If somebody gets 31 and lays down everybody else has to pay, "
           "not just the lowest (a knocker who is lowest still pays double).", S, option="thirty_one_all_pay",
           when=lambda o: o.thirty_one_all_pay),
    Clause("thirty_one.pay.three-of-a-kind", "Three of the same cards (three of a kind) are worth 30½.", S,
           option="three_of_a_kind", when=lambda o: o.three_of_a_kind),
    Clause("thirty_one.pay.face", "You have one round on your face after you are out of quarters: you play "
           "on with none, and the next time you have to pay you are out. A player who owes more than they "
           "hold pays what they have and is out.", S),
    Clause("thirty_one.pay.all-out", "If every player still in would be put out by the same hand, nobody "
           "is put out: they pay what they have and play on.", S),
    Clause("thirty_one.pay.skip-out", "Players who are out are skipped in the deal and in the turns.", S),
    Clause("thirty_one.custom.dealt-back", "Table custom: players out of the game can be accidentally dealt "
           "back into the game. (The referee never does.)", X),
])

SPEC = GameSpec(
    id="thirty_one", title="Thirty One", family="draw-discard", players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4, options=ThirtyOneOptions, rules=RULES, source="000",
    rules_version="2",  # 2: a lowest knocker pays double under "31 makes everyone pay"
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


@dataclass
class ThirtyOneState(State):
    deck: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    quarters: list[int] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    out_at: list[int] = field(default_factory=list)
    """The hand in which each seat went out (0: still in)."""
    pot: int = 0
    turn: int = 0
    phase: str = "draw"
    knocker: int | None = None
    drew: str = ""
    """Where the player to act drew from this turn ("stock", "discard", or "")."""
    hand_no: int = 0
    turns: int = 0
    """Turns completed in this hand."""
    last_hand: dict[str, Any] = field(default_factory=dict)


def _draw(where: str) -> Action:
    return Action("draw", (where,))


DRAW_STOCK = _draw("stock")
DRAW_DISCARD = _draw("discard")
KNOCK = Action("knock")
SHOW = Action("show")
DISCARD: dict[int, Action] = {face: Action("discard", (card,)) for face, card in FACES.items()}


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
        state.turns = 0
        state.knocker = None
        state.drew = ""
        state.turn = self.next_in(state, state.dealer)
        state.phase = "draw"

    def players_in(self, state: ThirtyOneState) -> int:
        return state.players - sum(state.out)

    def value(self, state: ThirtyOneState, seat: int) -> float:
        return hand_value(state.hands[seat], state.options.three_of_a_kind)

    def _end_turn(self, state: ThirtyOneState) -> None:
        seat = state.turn
        state.turns += 1
        state.drew = ""
        if len(state.hands[seat]) == HAND and self.value(state, seat) == 31:
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
        state.phase = "draw"

    # --- the contract ---------------------------------------------------------------------------------
    def to_act(self, state: ThirtyOneState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def may_knock(self, state: ThirtyOneState) -> bool:
        if state.knocker is not None:
            return False
        return state.phase == "draw" or not state.options.knock_whole_turn

    def legal_actions(self, state: ThirtyOneState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        if state.phase == "draw":
            acts = []
            if state.stock or len(state.discard) > 1:
                acts.append(DRAW_STOCK)
            if state.discard:
                acts.append(DRAW_DISCARD)
            if self.may_knock(state) and state.knocker is None:
                acts.append(KNOCK)
            if self.value(state, seat) == 31:
                acts.append(SHOW)
            return acts
        acts = [DISCARD[c] for c in state.hands[seat]]
        if self.may_knock(state):
            acts.append(KNOCK)
        return acts

    def explain(self, state: ThirtyOneState, seat: int, action: Action) -> Clause | None:
        verb = action.verb
        if verb == "knock":
            if state.knocker is not None:
                return RULES["thirty_one.play.one-knock"]
            return RULES["thirty_one.play.knock-turn"] if state.options.knock_whole_turn else None
        if verb == "show":
            return RULES["thirty_one.play.thirty-one"]
        if verb in ("draw", "discard"):
            return RULES["thirty_one.play.draw"]
        return None

    def _apply(self, state: ThirtyOneState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "draw":
            if action.args[0] == "stock":
                if not state.stock:
                    self._reshuffle(state)
                card = state.stock.pop()
                state.drew = "stock"
            else:
                card = state.discard.pop()
                state.drew = "discard"
            state.hands[seat].append(card)
            state.hands[seat].sort()
            state.phase = "discard"
        elif verb == "discard":
            thrown = action.args[0]
            assert isinstance(thrown, Card)
            hand = state.hands[seat]
            state.discard.append(hand.pop(hand.index(thrown)))
            self._end_turn(state)
        elif verb == "knock":
            state.knocker = seat
            if state.options.knock_whole_turn:
                self._end_turn(state)
        elif verb == "show":
            self._score(state, seat)
        else:  # pragma: no cover - check() refuses everything else
            raise ValueError(verb)

    def _reshuffle(self, state: ThirtyOneState) -> None:
        top = state.discard.pop()
        state.stock = state.discard
        state.rng.shuffle(state.stock)
        state.discard = [top]

    # --- paying --------------------------------------------------------------------------------------
    def _score(self, state: ThirtyOneState, shown: int | None, stock_out: bool = False) -> None:
        o = state.options
        live = [s for s in range(state.players) if not state.out[s]]
        values = {s: self.value(state, s) for s in live}
        notes: list[str] = []
        owe: dict[int, int] = {}
        if shown is not None:
            notes.append(f"seat {shown} showed 31 and nobody got another turn [thirty_one.play.thirty-one]")
        if stock_out:
            notes.append("the stock ran out [thirty_one.play.stock-end]")
        if state.knocker is not None:
            notes.append(f"seat {state.knocker} knocked [thirty_one.play.after-knock]")
        if o.three_of_a_kind and any(v == 30.5 for v in values.values()):
            notes.append("three of a kind counts 30½ [thirty_one.pay.three-of-a-kind]")
        if shown is not None and o.thirty_one_all_pay:
            for s in live:
                if values[s] != 31:
                    owe[s] = 1
            notes.append("everybody else pays one [thirty_one.pay.thirty-one-all]")
            low = min(values.values())
            if state.knocker in owe and values[state.knocker] == low:
                owe[state.knocker] = 2
                notes.append(f"seat {state.knocker} knocked and was lowest: pays double [thirty_one.pay.knocker]")
        else:
            low = min(values.values())
            losers = [s for s in live if values[s] == low]
            for s in losers:
                owe[s] = 1
            notes.append(f"lowest with {value_text(low)}: seat{'s' if len(losers) > 1 else ''} "
                         f"{', '.join(map(str, losers))} [thirty_one.pay.lowest]")
            if len(losers) > 1:
                notes.append("tied for lowest, each pays one [thirty_one.pay.ties]")
            if state.knocker in owe:
                owe[state.knocker] = 2
                notes.append(f"seat {state.knocker} knocked and was lowest: pays double [thirty_one.pay.knocker]")
        going = [s for s, k in owe.items() if k > state.quarters[s]]
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
                notes.append(f"seat {s} owed {k} with {paid} left and is out [thirty_one.pay.face]")
            elif state.quarters[s] == 0:
                notes.append(f"seat {s} is on their face [thirty_one.pay.face]")
        if spare_all and going:
            notes.append("everyone still in would be out: nobody goes out [thirty_one.pay.all-out]")
        state.last_hand = {"hand": state.hand_no, "values": {str(s): values[s] for s in live},
                           "paid": {str(s): -points[s] for s in owe}, "knocker": state.knocker, "shown": shown}
        state.sheet.add(f"hand {state.hand_no}", tuple(points), state.ply + 1, notes)
        live = [s for s in range(state.players) if not state.out[s]]
        if len(live) == 1:
            winner = live[0]
            won = [0] * state.players
            won[winner] = state.pot
            state.sheet.add("the pot", tuple(won), state.ply + 1,
                            [f"seat {winner} is the last player remaining and wins the pot of {state.pot} "
                             "[thirty_one.object.last]"])
            state.quarters[winner] += state.pot
            state.pot = 0
            state.over = True
            state.phase = "over"
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
                            ["each player with quarters antes one [thirty_one.play.ante-hand]"])
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

    # --- views ---------------------------------------------------------------------------------------
    def view(self, state: ThirtyOneState, seat: int | None) -> dict[str, Any]:
        value = None
        if seat is not None and not state.out[seat] and len(state.hands[seat]) == HAND:
            value = self.value(state, seat)
        return {
            "phase": state.phase,
            "to_act": list(self.to_act(state)),
            "turn": state.turn,
            "dealer": state.dealer,
            "hand_no": state.hand_no,
            "turns": state.turns,
            "hand": [card_text(c) for c in state.hands[seat]] if seat is not None else None,
            "value": value,
            "hand_sizes": [len(h) for h in state.hands],
            "discard": [card_text(c) for c in state.discard],
            "discard_top": card_text(state.discard[-1]) if state.discard else None,
            "stock_size": len(state.stock),
            "drew": state.drew,
            "knocker": state.knocker,
            "quarters": list(state.quarters),
            "on_face": [not state.out[s] and state.quarters[s] == 0 for s in range(state.players)],
            "out": list(state.out),
            "players_in": self.players_in(state),
            "pot": state.pot,
            "last_hand": dict(state.last_hand),
            "options": as_dict(state.options),
            "sheet": state.sheet.to_dict(),
            "over": state.over,
        }

    def zones(self, state: ThirtyOneState) -> list[Zone]:
        zones = [Zone(f"hand {s}", state.hands[s], frozenset({s})) for s in range(state.players)]
        zones.append(Zone("stock", state.stock, frozenset()))
        zones.append(Zone("discard", state.discard))
        return zones

    def all_cards(self, state: ThirtyOneState) -> list[Card]:
        return state.deck

    def redact(self, state: ThirtyOneState, seat: int, action: Action, viewer: int | None) -> str:
        return str(action)  # "draw stock" never names the card drawn; discards are face up

    def prompt(self, state: ThirtyOneState, seat: int) -> str:
        if state.over or seat != state.turn:
            return ""
        if state.phase == "draw":
            extra = " You have 31: show it!" if self.value(state, seat) == 31 else ""
            knock = " or knock" if self.may_knock(state) else ""
            return f"Draw from the stock or the discard pile{knock}.{extra}"
        knock = " (you may knock first)" if self.may_knock(state) else ""
        return f"Discard a card{knock}."
