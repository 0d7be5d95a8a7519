"""Gin Rummy's state machine: the deal, the draw and discard, going out, scoring and the match.

Each phase's legality is one restriction cascade (``restrictions``), which refusals run.
``legal_actions`` is the playouts' fast path over the same ``going_out`` test; a test holds
the two to listing the same moves."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, cards_text
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN
from gamenight.engine.events import emit, private
from gamenight.engine.game import Game, Result, State, ranked
from gamenight.engine.legality import Step, refuse
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Zone, ZoneKind, fact, per_seat
from gamenight.families import melds, rummy
from gamenight.families.melds import Arrangement, LayOff
from gamenight.games.gin_rummy.deadwood import (
    CARD,
    DEAL,
    DECK,
    DISCARD,
    DISCARDS,
    DOUBLE_GIN,
    DRAW_STOCK,
    DRAWS,
    GIN,
    KNOCK,
    MELD_RULES,
    PASS,
    TAKE_DISCARD,
    VALUE,
    going_out,
    in_order,
    laid_out,
    least_deadwood_spreads,
)
from gamenight.games.gin_rummy.rules import (
    COLUMN_POINTS,
    COLUMNS_ROUND,
    COUNT,
    DOUBLE_GIN_DECLARED,
    FIRST_DISCARD_ONLY,
    GAME_BONUS,
    GAME_TARGET,
    GAME_WON,
    GIN_BONUS,
    GIN_CIRCLES,
    GIN_POINTS,
    GINS_COUNTED,
    GOING_GIN,
    KNOCK_LIMIT,
    KNOCKER_NEVER_LAYS_OFF,
    KNOCKER_SCORES,
    LAYING_OFF,
    LINE_BONUS,
    MATCH_WINNER,
    METZKER_DEAL,
    NEXT_DEAL,
    NO_DISCARD_TAKEN,
    NO_LAYOFF_ON_GIN,
    SETTLE,
    SHUTOUT,
    SPEC,
    STOCK_CANCEL,
    STOCK_DIFFERENCE,
    STOCK_END,
    THREE_GAMES,
    UNDERCUT,
    UNDERCUT_DOUBLE_RUN,
    UPCARD_OFFER,
)


class Phase(StrEnum):
    UPCARD = "upcard"
    """The first turn of the standard deal: the up-card is offered to the non-dealer, then the dealer."""
    DRAW = "draw"
    DISCARD = "discard"
    SHOW = "show"
    """The hand is over and laid out; the next dealer deals."""
    OVER = "over"


_UPCARD, _DRAW, _DISCARD = Phase.UPCARD, Phase.DRAW, Phase.DISCARD
"""The phases as plain names for the play path (reading an enum member off its class costs a descriptor call)."""


class Ending(StrEnum):
    KNOCK = "knock"
    GIN = "gin"
    DOUBLE_GIN = "double-gin"
    CANCELLED = "cancelled"
    STOCK_OUT = "stock-out"


@dataclass(frozen=True)
class Spread:
    """One player's cards laid out when the hand ends: the melds, the unmatched cards left
    (after any lay-off) and what they count."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    count: int


@dataclass(frozen=True)
class LaidOff:
    """Cards the knocker's opponent laid off on the knocker's meld number ``meld``."""

    meld: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class HandOutcome:
    """How a hand ended and scored. ``spreads`` is None when the hands are not shown (a
    cancelled hand)."""

    kind: Ending
    by: int | None
    discard: Card | None
    spreads: tuple[Spread, Spread] | None
    layoffs: tuple[LaidOff, ...]
    points: tuple[int, int]
    gins: tuple[int, int]
    winner: int | None

    @property
    def counts(self) -> tuple[int, int] | None:
        return None if self.spreads is None else (self.spreads[0].count, self.spreads[1].count)


@dataclass
class GinState(State):
    hands: list[list[Card]] = field(default_factory=lambda: [[], []])
    stock: list[Card] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    phase: Phase = Phase.DRAW
    turn: int = 0
    refusals: int = 0
    stock_only: bool = False
    taken: Card | None = None
    """The card taken from the discard pile this turn."""
    known: list[list[Card]] = field(default_factory=lambda: [[], []])
    """Cards each player took from the face-up pile and still holds: both players know them."""
    hand_no: int = 1
    next_dealer: int = 0
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    gins: list[int] = field(default_factory=lambda: [0, 0])
    outcome: HandOutcome | None = None
    times_scored: list[int] = field(default_factory=lambda: [0, 0])
    col_points: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    col_gins: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    col_winner: list[int | None] = field(default_factory=lambda: [None, None, None])


def _columns(options: Any) -> tuple[str, ...]:
    if options.match_format == THREE_GAMES:
        return tuple(f"seat {s} game {g}" for s in range(2) for g in (1, 2, 3))
    return ("seat 0", "seat 1")


def _spread(arrangement: Arrangement, deadwood: tuple[Card, ...], count: int) -> Spread:
    return Spread(laid_out(arrangement.melds), in_order(deadwood), count)


def _spread_words(spread: Spread, layoffs: tuple[LaidOff, ...] = (), onto: Spread | None = None) -> str:
    """``{0}``'s spread in words: melds, lay-offs (onto the knocker's ``onto``), unmatched cards, count."""
    parts = []
    if spread.melds:
        parts.append("melds " + ", ".join(cards_text(m) for m in spread.melds))
    if layoffs and onto is not None:
        parts.append("lays off " + ", ".join(f"{cards_text(lo.cards)} on {cards_text(onto.melds[lo.meld])}"
                                            for lo in layoffs))
    parts.append(f"unmatched {cards_text(spread.deadwood)}" if spread.deadwood else "nothing unmatched")
    return "{0}: " + "; ".join(parts) + f" (count {spread.count})"


def _name_a_card(move: Action) -> str:
    if move.verb in ("discard", "knock", "gin"):
        return f"'{move.verb}' names one card from your hand: '{move.verb}' and the card"
    return "discard a card from your hand (or knock or go gin with it)"


@register
class GinRummy(Game[GinState]):
    spec = SPEC

    # --- dealing --------------------------------------------------------------------------------------
    def setup(self, players: int, options: Any, rng: random.Random) -> GinState:
        state = GinState(players=players, options=options, rng=rng, sheet=ScoreSheet(_columns(options)),
                         dealer=rng.randrange(2))
        self._deal(state)
        return state

    def _deal(self, state: GinState) -> None:
        deck = list(DECK)
        state.rng.shuffle(deck)
        dealer = state.dealer
        other = 1 - dealer
        hands: list[list[Card]] = [[], []]
        state.known = [[], []]
        state.taken = None
        state.refusals = 0
        state.stock_only = False
        state.outcome = None
        if state.options.deal == METZKER_DEAL:
            hands[other] = deck[0:24:2] + [deck[24]]
            hands[dealer] = deck[1:24:2]
            state.pile = []
            state.stock = deck[25:]
            state.phase = Phase.DISCARD
            emit(state, "{0} deals 13 cards to {1} and 12 to themself", dealer, other)
        else:
            hands[other] = deck[0:20:2]
            hands[dealer] = deck[1:20:2]
            state.pile = [deck[20]]
            state.stock = deck[21:]
            state.phase = Phase.UPCARD
            emit(state, "{0} deals ten cards each and turns up " + card_text(deck[20]), dealer, pieces=(deck[20],))
        state.hands = hands
        state.turn = other

    # --- the four questions -------------------------------------------------------------------------
    def to_act(self, state: GinState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: GinState, seat: int) -> list[Action]:
        """The moves ``restrictions`` allows, listed the fast way (the playouts' hot path)."""
        if state.over or seat != state.turn:
            return []
        phase = state.phase
        if phase is _DRAW:
            return [DRAW_STOCK] if state.stock_only else [DRAW_STOCK, TAKE_DISCARD]
        if phase is _DISCARD:
            o = state.options
            hand = state.hands[seat]
            barred = -1 if o.may_discard_taken or state.taken is None else state.taken
            acts = list(map(DISCARD.__getitem__, hand)) if barred < 0 else [DISCARD[c] for c in hand if c != barred]
            full, outs = going_out(hand, o.aces, o.knock_limit)
            for c, dw in outs:
                if c != barred:
                    acts.append(GIN[c] if dw == 0 else KNOCK[c])
            if full == 0 and o.double_gin:
                acts.append(DOUBLE_GIN)
            return acts
        if phase is _UPCARD:
            return [TAKE_DISCARD, PASS]
        return [DEAL]

    # --- legality: one cascade per phase ---------------------------------------------------------------
    def restrictions(self, state: GinState, seat: int) -> Iterator[Step[Action]]:
        """The rules that narrow ``seat``'s moves now, in rulebook order."""
        phase = state.phase
        if phase == Phase.UPCARD:
            yield Step([TAKE_DISCARD, PASS], UPCARD_OFFER, "take the up-card or pass")
        elif phase == Phase.DRAW:
            yield Step([DRAW_STOCK, TAKE_DISCARD], rummy.DRAW,
                       "begin your turn by drawing from the stock or taking the top card of the discard pile")
            if state.stock_only:
                yield Step([DRAW_STOCK], UPCARD_OFFER, "both players refused the up-card, so the first draw is "
                                                       "from the stock")
        elif phase == Phase.DISCARD:
            yield from self._discard_restrictions(state, seat)
        else:
            yield Step([DEAL], NEXT_DEAL, "the hand is over: deal the next one")

    def _discard_restrictions(self, state: GinState, seat: int) -> Iterator[Step[Action]]:
        o = state.options
        hand = state.hands[seat]
        moves = [*map(DISCARD.__getitem__, hand), *map(KNOCK.__getitem__, hand), *map(GIN.__getitem__, hand),
                 DOUBLE_GIN]
        yield Step([*moves, DRAW_STOCK, TAKE_DISCARD, PASS], rummy.DISCARD_ENDS_TURN, _name_a_card)
        if o.deal == METZKER_DEAL and not state.pile and state.taken is None:
            yield Step(moves, FIRST_DISCARD_ONLY, "the first turn is a discard only: there is no draw")
        else:
            yield Step(moves, rummy.DISCARD_ENDS_TURN, "you have your card: now discard")
        taken = state.taken
        if not o.may_discard_taken and taken is not None:
            moves = [a for a in moves if not a.args or a.args[0] != taken]
            yield Step(moves, NO_DISCARD_TAKEN, f"you have just taken {card_text(taken)} from the discard pile")
        full, outs = going_out(hand, o.aces, o.knock_limit)
        if not o.double_gin:
            moves = [a for a in moves if a != DOUBLE_GIN]
            yield Step(moves, GOING_GIN, "going gin ends with a discard: choose the card to discard")
        elif full != 0:
            moves = [a for a in moves if a != DOUBLE_GIN]
            yield Step(moves, DOUBLE_GIN_DECLARED,
                       lambda _: f"not all your cards match: your unmatched cards count {self._count(state, hand)}")
        left = dict(outs)  # the discards that leave the knock limit or less, and what they leave
        moves = [a for a in moves if a.verb != "knock" or a.args[0] in left]
        yield Step(moves, KNOCK_LIMIT, lambda a: self._after_discard(state, hand, a.args[0]))

        def named_right(a: Action) -> bool:
            """A gin leaves nothing unmatched, and a knock that leaves nothing is a gin."""
            if a.verb == "gin" and a.args:
                return left.get(a.args[0]) == 0
            return a.verb != "knock" or left[a.args[0]] > 0

        yield Step([a for a in moves if named_right(a)], GOING_GIN,
                   lambda a: self._after_discard(state, hand, a.args[0])
                   + ("" if a.verb == "gin" else ": with nothing unmatched that is going gin"))

    @staticmethod
    def _count(state: GinState, cards: list[Card]) -> int:
        return melds.min_deadwood(cards, MELD_RULES[state.options.aces])

    def _after_discard(self, state: GinState, hand: list[Card], card: Card) -> str:
        rest = list(hand)
        rest.remove(card)
        return f"after discarding {card} your unmatched cards count {self._count(state, rest)}"

    def refusal(self, state: GinState, seat: int, action: Action) -> None:
        refuse(self.restrictions(state, seat), self._as_listed(state, seat, action), state.options, UNKNOWN)

    def _as_listed(self, state: GinState, seat: int, action: Action) -> Action:
        """A knock that leaves nothing unmatched is going gin: ``knock 7H`` is listed as ``gin 7H``."""
        if action.verb == "knock" and state.phase == Phase.DISCARD and len(action.args) == 1:
            card = action.args[0]
            hand = state.hands[seat]
            if isinstance(card, Card) and card in hand:
                rest = list(hand)
                rest.remove(card)
                if self._count(state, rest) == 0:
                    return GIN[card]
        return action

    # --- playing ----------------------------------------------------------------------------------------
    def _apply(self, state: GinState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "discard":
            self._discard(state, seat, CARD[action.args[0]])
        elif verb == "draw":
            card = state.stock.pop()
            state.hands[seat].append(card)
            state.stock_only = False
            state.phase = _DISCARD
            private(state, seat, DRAWS[card], "{0} draws from the stock", seat, pieces=(card,))
        elif verb == "take":
            card = state.pile.pop()
            state.hands[seat].append(card)
            state.known[seat].append(card)
            state.taken = card
            what = "the up-card " if state.phase is _UPCARD else ""
            state.phase = _DISCARD
            emit(state, "{0} takes " + what + card_text(card) + " from the discard pile", seat, pieces=(card,))
        elif verb == "pass":
            emit(state, "{0} passes the up-card", seat)
            state.refusals += 1
            if state.refusals == 1:
                state.turn = state.dealer
            else:
                state.turn = 1 - state.dealer
                state.phase = _DRAW
                state.stock_only = True
        elif verb == "knock" or verb == "gin":
            self._go_out(state, seat, CARD[action.args[0]] if action.args else None)
        elif verb == "deal":
            self._next_hand(state)

    def _discard(self, state: GinState, seat: int, card: Card) -> None:
        state.hands[seat].remove(card)
        state.pile.append(card)
        known = state.known[seat]
        if card in known:
            known.remove(card)
        state.taken = None
        emit(state, DISCARDS[card], seat, pieces=(card,))
        if len(state.stock) <= state.options.stock_end:
            self._stock_out(state)
            return
        state.turn = 1 - seat
        state.phase = _DRAW

    # --- the end of a hand ----------------------------------------------------------------------------
    def _go_out(self, state: GinState, seat: int, card: Card | None) -> None:
        o = state.options
        rules = MELD_RULES[o.aces]
        hand = state.hands[seat]
        if card is not None:
            hand.remove(card)
            state.pile.append(card)
            if card in state.known[seat]:
                state.known[seat].remove(card)
        state.taken = None
        opp = 1 - seat
        k_arr = melds.best_arrangement(hand, rules)
        k_dw = k_arr.deadwood_value
        kind = Ending.DOUBLE_GIN if card is None else Ending.GIN if k_dw == 0 else Ending.KNOCK
        lay: LayOff | None = None
        if kind is Ending.KNOCK:
            o_arr, lay = melds.min_deadwood_after_layoff(state.hands[opp], k_arr.melds, rules)
            # Where several spreads leave the same deadwood, the knocker shows the one that
            # lets the opponent lay off least.
            for spread in least_deadwood_spreads(hand, o.aces != "low"):
                melded = {int(c) for m in spread for c in m}
                dead = tuple(c for c in hand if int(c) not in melded)
                if sum(VALUE[c] for c in dead) != k_dw:
                    break  # not a least-deadwood spread: keep the solver's
                arr, lo = melds.min_deadwood_after_layoff(state.hands[opp], spread, rules)
                if lo.remaining_value > lay.remaining_value:
                    k_arr, o_arr, lay = Arrangement(spread, dead, k_dw), arr, lo
            o_dw = lay.remaining_value
            o_dead: tuple[Card, ...] = lay.remaining
        else:
            o_arr = melds.best_arrangement(state.hands[opp], rules)
            o_dw = o_arr.deadwood_value
            o_dead = o_arr.deadwood
        points = [0, 0]
        gins = [0, 0]
        notes: list[str] = []
        result: tuple[str, tuple[int, ...]]
        name = {Ending.KNOCK: "knocked", Ending.GIN: "went gin", Ending.DOUBLE_GIN: "went Double Gin"}[kind]
        notes.append(f"seat {seat} {name} with {k_dw}; seat {opp} counted {o_dw}"
                     + (f" after laying off {lay.laid_value}" if lay is not None and lay.laid_value else "")
                     + f" [{COUNT.id}]")
        if lay is not None and lay.laid_value:
            laid = " ".join(card_text(c) for p in lay.placements for c in p)
            notes.append(f"seat {opp} laid off {laid} on seat {seat}'s sets [{LAYING_OFF.id}]; the knocker "
                         f"never lays off [{KNOCKER_NEVER_LAYS_OFF.id}]")
        if kind is not Ending.KNOCK:
            points[seat] = o.gin_bonus + o_dw
            gins[seat] = 2 if kind is Ending.DOUBLE_GIN else 1
            if o.gin_bonus:
                notes.append(f"gin: {o.gin_bonus} bonus + seat {opp}'s {o_dw}; a gin is never undercut "
                             f"[{GIN_BONUS.id}]")
            else:
                notes.append(f"gin: seat {opp}'s {o_dw} points; a gin is never undercut [{GIN_POINTS.id}]")
            if kind is Ending.DOUBLE_GIN or o.match_format == THREE_GAMES:
                notes.append(f"{gins[seat]} Gin{'s' if gins[seat] > 1 else ''} [{GINS_COUNTED.id}]")
            notes.append(f"seat {opp} may not lay off on a gin [{NO_LAYOFF_ON_GIN.id}]")
            result = (f"{{0}} scores {points[seat]} for the "
                      + ("Double Gin" if kind is Ending.DOUBLE_GIN else "gin"), (seat,))
        elif k_dw < o_dw:
            points[seat] = o_dw - k_dw
            notes.append(f"seat {seat} scores the difference {o_dw} - {k_dw} [{KNOCKER_SCORES.id}]")
            result = (f"{{0}} scores the difference, {o_dw} - {k_dw} = {points[seat]}", (seat,))
        elif o.undercut_scoring == "double-run":
            points[opp] = 2 * k_dw + o.undercut_bonus
            notes.append(f"undercut: seat {opp} gets 2 x {k_dw} + {o.undercut_bonus} = {points[opp]} "
                         f"[{UNDERCUT_DOUBLE_RUN.id}]")
            result = (f"{{1}} undercuts {{0}} and scores 2 x {k_dw} + {o.undercut_bonus} = {points[opp]}",
                      (seat, opp))
        else:
            points[opp] = k_dw - o_dw + o.undercut_bonus
            notes.append(f"undercut: seat {opp} scores {k_dw} - {o_dw} + {o.undercut_bonus} bonus "
                         f"[{UNDERCUT.id}]")
            result = (f"{{1}} undercuts {{0}} and scores {k_dw} - {o_dw} + {o.undercut_bonus} = {points[opp]}",
                      (seat, opp))
        spreads = [_spread(k_arr, k_arr.deadwood, k_dw), _spread(o_arr, o_dead, o_dw)]
        if seat == 1:
            spreads.reverse()
        layoffs = tuple(LaidOff(spreads[seat].melds.index(in_order(k_arr.melds[i])), in_order(p))
                        for i, p in enumerate(lay.placements) if p) if lay else ()
        how = {Ending.KNOCK: f"knocks with {k_dw}", Ending.GIN: "goes gin", Ending.DOUBLE_GIN: "goes Double Gin"}
        emit(state, "{0} " + how[kind] + (", discarding " + card_text(card) if card is not None else ""), seat,
             pieces=(card,) if card is not None else ())
        self._show(state, spreads[seat], seat)
        self._show(state, spreads[opp], opp, layoffs, spreads[seat])
        emit(state, result[0], *result[1], kind="summary")
        outcome = HandOutcome(kind, seat, card, (spreads[0], spreads[1]), layoffs, (points[0], points[1]),
                              (gins[0], gins[1]), None)
        self._score(state, outcome, notes)

    @staticmethod
    def _show(state: GinState, spread: Spread, seat: int, layoffs: tuple[LaidOff, ...] = (),
              onto: Spread | None = None) -> None:
        """The hand summary: ``seat``'s spread, every card of it named for everyone."""
        cards = [c for m in spread.melds for c in m] + [c for lo in layoffs for c in lo.cards] + list(spread.deadwood)
        emit(state, _spread_words(spread, layoffs, onto), seat, pieces=cards, kind="summary")

    def _stock_out(self, state: GinState) -> None:
        o = state.options
        if o.stock_out == "cancel":
            state.outcome = HandOutcome(Ending.CANCELLED, None, None, None, (), (0, 0), (0, 0), None)
            self._add_row(state, f"hand {state.hand_no} (cancelled)", [0, 0],
                          [f"the stock is down to {len(state.stock)} cards and the last player discarded without "
                           f"knocking [{STOCK_END.id}]",
                           f"the hand is cancelled: no score, the same dealer deals again [{STOCK_CANCEL.id}]"])
            emit(state, f"The stock is down to {len(state.stock)} cards: the hand is cancelled, no score, and {{0}} "
                        "deals again", state.dealer, kind="summary")
            state.next_dealer = state.dealer
            self._pause(state)
            return
        rules = MELD_RULES[o.aces]
        arrangements = [melds.best_arrangement(h, rules) for h in state.hands]
        spreads = [_spread(a, a.deadwood, a.deadwood_value) for a in arrangements]
        counts = [s.count for s in spreads]
        points = [0, 0]
        emit(state, f"The stock is down to {len(state.stock)} cards: both players lay down their cards",
             kind="summary")
        for s in (0, 1):
            self._show(state, spreads[s], s)
        if counts[0] != counts[1]:
            low = 0 if counts[0] < counts[1] else 1
            points[low] = counts[1 - low] - counts[low]
            emit(state, f"{{0}} scores the difference, {counts[1 - low]} - {counts[low]} = {points[low]}", low,
                 kind="summary")
        else:
            emit(state, "The counts are equal: nobody scores", kind="summary")
        notes = [f"the stock is down to {len(state.stock)} cards and the last player discarded without going out "
                 f"[{STOCK_END.id}]",
                 f"counts {counts[0]} and {counts[1]}: the lower count scores the difference, no Gins "
                 f"[{STOCK_DIFFERENCE.id}]"]
        outcome = HandOutcome(Ending.STOCK_OUT, None, None, (spreads[0], spreads[1]), (), (points[0], points[1]),
                              (0, 0), None)
        self._score(state, outcome, notes)

    def _score(self, state: GinState, outcome: HandOutcome, notes: list[str]) -> None:
        o = state.options
        points, gins = outcome.points, outcome.gins
        winner = 0 if points[0] > points[1] else 1 if points[1] > points[0] else None
        if winner is None and gins[0] != gins[1]:
            winner = 0 if gins[0] > gins[1] else 1
        state.outcome = dataclasses.replace(outcome, winner=winner)
        state.gins = [state.gins[0] + gins[0], state.gins[1] + gins[1]]
        if winner is None:
            state.next_dealer = 1 - state.dealer if o.next_dealer == "alternate" else state.dealer
        else:
            state.next_dealer = winner if o.next_dealer == "winner" else 1 - state.dealer
        label = f"hand {state.hand_no}"
        if o.match_format == THREE_GAMES:
            self._score_columns(state, label, list(points), list(gins), notes)
        else:
            self._score_one_game(state, label, list(points), notes)
        self._pause(state)

    def _add_row(self, state: GinState, label: str, points: list[int], notes: list[str]) -> None:
        if state.options.match_format == THREE_GAMES:
            points = [0] * 6
        state.sheet.add(label, tuple(points), state.ply + 1, notes)

    def _pause(self, state: GinState) -> None:
        if state.over:
            state.phase = Phase.OVER
            return
        state.phase = Phase.SHOW
        state.turn = state.next_dealer

    def _next_hand(self, state: GinState) -> None:
        state.dealer = state.next_dealer
        state.hand_no += 1
        self._deal(state)

    # --- one game to 100 ------------------------------------------------------------------------------
    def _score_one_game(self, state: GinState, label: str, points: list[int], notes: list[str]) -> None:
        o = state.options
        for s in (0, 1):
            if points[s] > 0:
                state.hands_won[s] += 1
                notes.append(f"seat {s} won the hand: a line bonus of {o.line_bonus} at the end, not counted "
                             f"toward {o.target} [{LINE_BONUS.id}]")
        state.sheet.add(label, tuple(points), state.ply + 1, notes)
        totals = state.sheet.totals
        if max(totals) < o.target:
            return
        w = 0 if totals[0] >= totals[1] else 1
        loser_total = totals[1 - w]
        bonus = [0, 0]
        if loser_total == 0:
            bonus[w] = o.shutout_bonus
            note = f"seat {w} reached {o.target} [{GAME_TARGET.id}]; seat {1 - w} scored nothing: shutout bonus " \
                   f"{o.shutout_bonus} [{SHUTOUT.id}]"
            emit(state, f"{{0}} reaches {o.target} and {{1}} scored nothing: a shutout bonus of {o.shutout_bonus}",
                 w, 1 - w, kind="summary")
        else:
            bonus[w] = o.game_bonus
            note = f"seat {w} reached {o.target} [{GAME_TARGET.id}]: game bonus {o.game_bonus} [{GAME_BONUS.id}]"
            emit(state, f"{{0}} reaches {o.target}: a game bonus of {o.game_bonus}", w, kind="summary")
        state.sheet.add("game bonus", tuple(bonus), state.ply + 1, [note])
        line = [o.line_bonus * state.hands_won[0], o.line_bonus * state.hands_won[1]]
        state.sheet.add("line bonus", tuple(line), state.ply + 1,
                        [f"{o.line_bonus} per hand won: seat 0 won {state.hands_won[0]}, seat 1 won "
                         f"{state.hands_won[1]} [{LINE_BONUS.id}]",
                         f"the higher total wins [{SETTLE.id}]"])
        emit(state, f"Line bonuses: {line[0]} for {{0}}, {line[1]} for {{1}}", 0, 1, kind="summary")
        state.over = True

    # --- three concurrent games ------------------------------------------------------------------------
    def _score_columns(self, state: GinState, label: str, points: list[int], gins: list[int],
                       notes: list[str]) -> None:
        o = state.options
        row = [0] * 6
        for s in (0, 1):
            if points[s] > 0:
                state.times_scored[s] += 1
                reach = min(state.times_scored[s], 3)
                cols = [g for g in range(reach) if state.col_winner[g] is None]
                for g in cols:
                    row[s * 3 + g] += points[s]
                notes.append(f"seat {s}'s scoring hand no. {state.times_scored[s]}: {points[s]} in game"
                             f"{'s' if len(cols) != 1 else ''} {', '.join(str(g + 1) for g in cols) or '(none open)'}"
                             f" [{COLUMN_POINTS.id}]")
            if gins[s]:
                had = [g for g in range(3) if state.col_points[s][g] > 0 and state.col_winner[g] is None]
                for g in had:
                    state.col_gins[s][g] += gins[s]
                if had:
                    notes.append(f"seat {s}: {gins[s]} Gin circle{'s' if gins[s] > 1 else ''} in game"
                                 f"{'s' if len(had) > 1 else ''} {', '.join(str(g + 1) for g in had)} "
                                 f"[{GIN_CIRCLES.id}]")
                else:
                    notes.append(f"seat {s} had no points on the board yet: no Gins awarded [{GIN_CIRCLES.id}]")
        notes.append(f"each side is one player; the higher side gets the difference [{COLUMNS_ROUND.id}]")
        for s in (0, 1):
            for g in range(3):
                state.col_points[s][g] += row[s * 3 + g]
        state.sheet.add(label, tuple(row), state.ply + 1, notes)
        for g in range(3):
            if state.col_winner[g] is not None:
                continue
            leaders = [s for s in (0, 1) if state.col_points[s][g] >= o.column_target]
            if not leaders:
                continue
            w = max(leaders, key=lambda s: state.col_points[s][g])
            state.col_winner[g] = w
            totals = state.sheet.totals
            final = [0] * 6
            final[w * 3 + g] = o.column_target + o.gin_value * state.col_gins[w][g]
            final[(1 - w) * 3 + g] = o.gin_value * state.col_gins[1 - w][g]
            delta = [final[i] - totals[i] if i % 3 == g else 0 for i in range(6)]
            state.sheet.add(f"game {g + 1} won by seat {w}", delta, state.ply + 1,
                            [f"seat {w} reached {o.column_target} in game {g + 1}: {o.column_target} + "
                             f"{o.gin_value} x {state.col_gins[w][g]} Gins; seat {1 - w} gets {o.gin_value} x "
                             f"{state.col_gins[1 - w][g]} Gins [{GAME_WON.id}]"])
            emit(state, f"{{0}} wins game {g + 1}: {o.column_target} + {o.gin_value} x {state.col_gins[w][g]} Gins",
                 w, kind="summary")
        if all(w is not None for w in state.col_winner):
            state.over = True
            totals = state.sheet.totals
            state.sheet.add("final", [0] * 6, state.ply + 1,
                            [f"seat 0 {sum(totals[0:3])}, seat 1 {sum(totals[3:6])} [{MATCH_WINNER.id}]"])

    def result(self, state: GinState) -> Result:
        totals = state.sheet.totals
        if state.options.match_format == THREE_GAMES:
            return ranked([sum(totals[0:3]), sum(totals[3:6])], high_wins=True)
        return ranked(totals, high_wins=True)

    # --- what the players see ----------------------------------------------------------------------------
    def phase(self, state: GinState) -> Phase:
        return state.phase

    def zones(self, state: GinState) -> list[Zone]:
        """The hands (the cards a player took from the face-up pile are known to both), the stock,
        the discard pile; once a hand is laid down, each player's melds (lay-offs on the knocker's,
        placed ``by`` the opponent) and unmatched cards, face up."""
        zs: list[Zone] = []
        out = state.outcome
        if out is not None and out.spreads is not None:
            knocker = out.by
            for s, spread in enumerate(out.spreads):
                for i, meld in enumerate(spread.melds):
                    laid = [c for lo in out.layoffs if lo.meld == i for c in lo.cards] if s == knocker else []
                    zs.append(Zone("meld", [*meld, *laid], None, owner=s, kind=ZoneKind.MELD, label="Meld",
                                   by=[s] * len(meld) + [1 - s] * len(laid) if laid else None))
                zs.append(Zone("hand", spread.deadwood, None, owner=s, kind=ZoneKind.HAND, label="Unmatched"))
        else:
            zs += rummy.hand_zones(state.hands, state.known)
        zs += [rummy.stock_zone(state.stock), rummy.pile_zone(state.pile)]
        return zs

    def facts(self, state: GinState, seat: int | None) -> list[Fact]:
        o = state.options
        out = state.outcome
        fs: list[Fact] = []
        if seat is not None and out is None and not state.over:
            arranged = melds.best_arrangement(state.hands[seat], MELD_RULES[o.aces])
            fs.append(fact("count", "Your count", FactKind.NUMBER, arranged.deadwood_value))
            fs.append(fact("melds", "Your melds", FactKind.GROUPS,
                           [[str(c) for c in m] for m in laid_out(arranged.melds)]))
        if out is not None and out.counts is not None:
            fs.append(per_seat("counts", "Count", out.counts))
        if o.match_format == THREE_GAMES:
            rows = [[str(g + 1), str(state.col_gins[0][g]), str(state.col_gins[1][g]),
                     "" if state.col_winner[g] is None else f"seat {state.col_winner[g]}"] for g in range(3)]
            fs.append(fact("games", "Games", FactKind.TABLE,
                           {"columns": ["Game", "Gin circles, seat 0", "Gin circles, seat 1", "Won by"],
                            "rows": rows}))
        else:
            fs.append(per_seat("hands_won", "Hands won", state.hands_won))
        return fs

    def all_cards(self, state: GinState) -> list[Card]:
        return list(DECK)

    def prompt(self, state: GinState, seat: int) -> str:
        if state.over or seat != state.turn:
            return ""
        phase = state.phase
        if phase == Phase.UPCARD:
            return f"Take the up-card {card_text(state.pile[-1])}, or pass."
        if phase == Phase.DRAW:
            if state.stock_only:
                return "Both players refused the up-card: draw from the stock."
            return f"Draw from the stock, or take {card_text(state.pile[-1])} from the discard pile."
        if phase == Phase.DISCARD:
            return (f"Discard a card. You may knock if your unmatched cards then count {state.options.knock_limit} "
                    "or less, or go gin if none are left.")
        return "The hand is over: deal the next one."

    def move_words(self, state: GinState, seat: int, action: Action) -> str | None:
        verb = action.verb
        if verb == "draw":
            return "Draw from the stock"
        if verb == "take":
            return f"Take {state.pile[-1]}" if state.pile else None
        if verb == "pass":
            return "Pass the up-card"
        if verb == "deal":
            return "Deal the next hand"
        if verb in ("knock", "gin"):
            return f"{verb.capitalize()}, discarding {action.args[0]}"
        return None
