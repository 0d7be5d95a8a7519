"""Chicago's play: the deal, three draws, two verbal showdowns, the tricks and the scoring.

The showdowns are verbal: events say what each player declared, never a card. A hand is
seen by the others only when its owner shows it (before breaking a declared hand), and
the cards of the tricks stay face up in front of the player who played them."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, cards_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN, IllegalAction
from gamenight.engine.events import emit, private
from gamenight.engine.game import Result, ranked
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState
from gamenight.games.chicago.claims import (
    CAT_NAMES,
    CAT_WORDS,
    DECK,
    HAND,
    NEXT_RANKS,
    POINTS,
    RANK_WORDS,
    SIGNIFICANT,
    WORD_CATS,
    claim_text,
    claim_value,
    hand_type,
    value_of,
)
from gamenight.games.chicago.rules import (
    DRAW,
    DRAW_EXPOSE,
    DRAW_FROZEN,
    DRAW_RESHUFFLE,
    END,
    FORFEIT,
    SCORE_FINAL_HAND,
    SCORE_LAST_TRICK,
    SCORE_TABLE,
    SCORE_TIE,
    SHOWDOWN,
    SHOWDOWN_HONEST,
    SHOWDOWN_SAME,
    SPEC,
)

PASS = Action("pass")
SAME = Action("same")
SHOW = Action("show")
STAND = Action("stand")
DECLARE = {c: Action("declare", (w,)) for c, w in CAT_WORDS.items()}
RANK = {r: Action("rank", (r,)) for r in range(2, 15)}
DRAWS = 3


class Phase(StrEnum):
    DRAW = "draw"
    SHOWDOWN = "showdown"
    PLAY = "play"
    OVER = "over"


def rank_words(r: int) -> str:
    return RANK_WORDS.get(r, f"{r}s")


@dataclass
class ChicagoState(TrickState):
    stock: list[Card] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    played: list[list[Card]] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    """Points scored so far this hand (written to the sheet at its end)."""
    frozen: list[bool] = field(default_factory=list)
    draw_round: int = 0
    order: list[int] = field(default_factory=list)
    """Seats still to act in the current draw or showdown, in order."""
    shown: list[bool] = field(default_factory=list)
    showdown: int = 0
    best: list[int] = field(default_factory=list)
    best_cat: int = 0
    named: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Ranks each player has named in this showdown's duel(s)."""
    declared: dict[int, int] = field(default_factory=dict)
    """Type each player claimed in this showdown."""
    duel: tuple[int, int] | None = None
    """(challenger, depth) while two hands of the same type are compared."""
    claims: list[list[tuple[int, tuple[int, ...]]]] = field(default_factory=list)
    """Per seat, declarations still to be proven."""
    notes: list[str] = field(default_factory=list)
    forfeited: list[int] = field(default_factory=list)


@register
class Chicago(TrickGame[ChicagoState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> ChicagoState:
        state = ChicagoState(players=players, options=options, rng=rng,
                             sheet=ScoreSheet.per_seat(players),
                             dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state)
        return state

    def _deal(self, state: ChicagoState) -> None:
        n = state.players
        state.stock = self.start_hand(state, state.deck, HAND)
        state.suit, state.power = tricks.standard_tables(None)
        state.pile = []
        state.played = [[] for _ in range(n)]
        state.pending = [0] * n
        totals = state.sheet.totals
        state.frozen = [totals[s] >= state.options.freeze_at for s in range(n)]
        state.shown = [False] * n
        state.showdown = 0
        state.claims = [[] for _ in range(n)]
        state.notes = []
        state.draw_round = 0
        emit(state, "{0} deals five cards each", state.dealer, kind="deal")
        for s in range(n):
            if state.frozen[s]:
                emit(state, f"{{0}} has {state.options.freeze_at} or more points and plays this hand without "
                     "drawing", s, kind="deal")
        self._start_draw(state)

    def _seats(self, state: ChicagoState) -> list[int]:
        return tricks.bidding_order(state.dealer, state.players)

    # --- drawing -------------------------------------------------------------------------
    def _start_draw(self, state: ChicagoState) -> None:
        state.draw_round += 1
        state.order = [s for s in self._seats(state) if not state.frozen[s]]
        state.phase = Phase.DRAW
        if not state.order:
            self._after_draw(state)

    def _after_draw(self, state: ChicagoState) -> None:
        if state.draw_round < DRAWS:
            self._start_showdown(state)
        else:
            state.phase = Phase.PLAY
            state.leader = state.turn = left_of(state.dealer, state.players)

    def _proves(self, cards: list[Card], claims: list[tuple[int, tuple[int, ...]]]) -> bool:
        if not claims:
            return True
        v = value_of(cards)
        return all(v >= claim_value(c, named) for c, named in claims)

    def _held(self, state: ChicagoState, seat: int) -> list[tuple[int, tuple[int, ...]]]:
        """Open declarations the seat's hand still backs up: discarding a card that makes one of
        them needs a show first. (A declared hand that is not there has no cards to show.)"""
        if state.shown[seat] or not state.claims[seat]:
            return []
        v = value_of(state.hands[seat])
        return [cl for cl in state.claims[seat] if v >= claim_value(*cl)]

    def draw_cascade(self, state: ChicagoState, seat: int, moves: Sequence[Action]) -> Iterator[Step[Action]]:
        """The draw's rules on ``moves`` (every listed move, or the one refused)."""
        hand = state.hands[seat]
        allowed = [a for a in moves if a in (STAND, SHOW) or (a.verb == "discard" and a.args
                                                              and len(a.cards) == len(a.args))]
        yield Step(allowed, DRAW, "stand, or discard one to five cards")

        def unheld(move: Action) -> str:
            missing = next((c for c in move.cards if c not in hand), None)
            return f"you do not hold {missing}" if missing is not None else "name each card once"

        allowed = [a for a in allowed if a.verb != "discard" or (len(set(a.cards)) == len(a.cards)
                                                                 and all(c in hand for c in a.cards))]
        yield Step(allowed, DRAW, unheld)
        held = self._held(state, seat)
        if held:
            allowed = [a for a in allowed if a.verb != "discard"
                       or self._proves([c for c in hand if c not in a.cards], held)]
            yield Step(allowed, DRAW_EXPOSE, "those cards make the hand you declared: show your hand first")
        allowed = [a for a in allowed if a != SHOW or (state.claims[seat] and not state.shown[seat])]
        yield Step(allowed, DRAW_EXPOSE, "you have shown your hand, or have no declaration to prove")

    def _draw_moves(self, state: ChicagoState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        return [STAND, *(Action("discard", combo) for k in range(1, len(hand) + 1)
                         for combo in itertools.combinations(hand, k)), SHOW]

    def _draw_card(self, state: ChicagoState) -> Card:
        if not state.stock:
            self._reshuffle(state)
        return state.stock.pop()

    def _reshuffle(self, state: ChicagoState) -> None:
        state.stock = list(state.pile)
        state.pile = []
        state.rng.shuffle(state.stock)
        state.notes.append(f"the stock ran out and the discards were shuffled into a new stock [{DRAW_RESHUFFLE.id}]")
        emit(state, "The stock ran out: the discards are shuffled into a new stock", kind="draw")

    # --- showdowns -------------------------------------------------------------------------
    def _start_showdown(self, state: ChicagoState) -> None:
        state.showdown += 1
        state.phase = Phase.SHOWDOWN
        state.order = self._seats(state)
        state.best = []
        state.best_cat = 0
        state.named = {}
        state.declared = {}
        state.duel = None

    def _duel_turn(self, state: ChicagoState) -> int:
        assert state.duel is not None
        challenger, depth = state.duel
        holder = state.best[0]
        return holder if len(state.named.get(holder, ())) <= depth else challenger

    def _provable(self, state: ChicagoState, seat: int, cat: int, named: tuple[int, ...]) -> bool:
        return not state.options.honest_claims or value_of(state.hands[seat]) >= claim_value(cat, named)

    def showdown_cascade(self, state: ChicagoState, seat: int, moves: Sequence[Action]) -> Iterator[Step[Action]]:
        """The showdown's rules on ``moves``: rising declarations, 'same', and naming ranks."""
        cat = state.best_cat
        if state.duel is None:
            allowed = [a for a in moves if a.verb != "rank"]
            yield Step(allowed, SHOWDOWN_SAME, "ranks are named only when two players hold the same type")
            allowed = [a for a in allowed if a in (PASS, SAME) or (a.verb == "declare" and len(a.args) == 1
                                                                 and a.args[0] in WORD_CATS)]
            yield Step(allowed, SHOWDOWN, "declare a type of hand (two pair, say), declare the same as the best, or "
                       "pass")
            allowed = [a for a in allowed if a != SAME or state.best]
            yield Step(allowed, SHOWDOWN_SAME, "nobody has declared a hand to be the same as")
            if cat:
                allowed = [a for a in allowed if a.verb != "declare" or WORD_CATS[a.args[0]] > cat]
                yield Step(allowed, SHOWDOWN, f"{CAT_NAMES[cat]} has been declared: declare a higher type, the "
                           "same, or pass")
            if state.options.honest_claims:
                allowed = [a for a in allowed if a == PASS or self._provable(
                    state, seat, cat if a == SAME else WORD_CATS[a.args[0]], ())]
                yield Step(allowed, SHOWDOWN_HONEST, "your hand does not hold that")
            return
        challenger, depth = state.duel
        holder = state.best[0]
        mine = state.named.get(seat, ())
        leading = seat == holder and seat != challenger
        allowed = [a for a in moves if (a.verb == "rank" and len(a.args) == 1 and type(a.args[0]) is int
                                        and a.args[0] in RANK)
                   or (a == PASS and not leading)]
        yield Step(allowed, SHOWDOWN_SAME, f"name the next rank of your {CAT_NAMES[cat]}"
                   + ("" if leading else ", or pass"))
        nexts = NEXT_RANKS.get((cat, mine), ())
        allowed = [a for a in allowed if a == PASS or a.args[0] in nexts]
        yield Step(allowed, SHOWDOWN_SAME, f"no {CAT_NAMES[cat]} has that rank next")
        if not leading:
            floor = state.named[holder][depth]
            allowed = [a for a in allowed if a == PASS or a.args[0] >= floor]
            yield Step(allowed, SHOWDOWN_SAME, f"the other hand has {rank_words(floor)}: name that or higher, "
                       "or pass")
        if state.options.honest_claims:
            allowed = [a for a in allowed if a == PASS or self._provable(state, seat, cat, (*mine, a.args[0]))]
            yield Step(allowed, SHOWDOWN_HONEST, "your hand does not hold that")

    def _showdown_moves(self, state: ChicagoState) -> list[Action]:
        return [PASS, SAME, *DECLARE.values(), *RANK.values()]

    def _showdown_apply(self, state: ChicagoState, seat: int, action: Action) -> None:
        verb = action.verb
        if state.duel is None:
            state.order.pop(0)
            if verb == "pass":
                emit(state, "{0} passes", seat, kind="declare")
            elif verb == "declare":
                cat = WORD_CATS[str(action.args[0])]
                emit(state, f"{{0}} declares {CAT_NAMES[cat]}", seat, kind="declare")
                state.best, state.best_cat = [seat], cat
                state.declared[seat] = cat
            else:  # same
                emit(state, f"{{0}} has the same: {CAT_NAMES[state.best_cat]}", seat, kind="declare")
                state.declared[seat] = state.best_cat
                state.duel = (seat, 0)
                self._duel_step(state)
                return
        else:
            challenger, depth = state.duel
            holder = state.best[0]
            if verb == "pass":
                emit(state, "{0} passes", seat, kind="declare")
                state.duel = None
            else:
                r = int(action.args[0])
                state.named[seat] = (*state.named.get(seat, ()), r)
                emit(state, f"{{0}}: {claim_text(state.best_cat, state.named[seat])}", seat, kind="declare")
                if seat == challenger and seat != holder:
                    hr = state.named[holder][depth]
                    if r > hr:
                        state.best = [challenger]
                        state.duel = None
                    else:
                        state.duel = (challenger, depth + 1)
                self._duel_step(state)
                return
        if not state.order and state.duel is None:
            self._end_showdown(state)

    def _duel_step(self, state: ChicagoState) -> None:
        """Settle a duel that has run out of ranks to name (the hands are equal)."""
        if state.duel is not None:
            challenger, depth = state.duel
            if depth >= len(SIGNIFICANT[state.best_cat]):
                state.best.append(challenger)
                state.duel = None
        if not state.order and state.duel is None:
            self._end_showdown(state)

    def _end_showdown(self, state: ChicagoState) -> None:
        k = state.showdown
        cat = state.best_cat
        if len(state.best) == 1:
            w = state.best[0]
            pts = POINTS[cat]
            claim = claim_text(cat, state.named.get(w, ()))
            state.pending[w] += pts
            state.notes.append(f"showdown {k}: seat {w} declared {claim}, {pts} point{'s' if pts != 1 else ''} "
                               f"[{SCORE_TABLE.id}]")
            emit(state, f"{{0}} has the best hand, {claim}: {pts} point{'s' if pts != 1 else ''}", w, kind="summary")
        elif state.best:
            state.notes.append(f"showdown {k}: seats {', '.join(map(str, state.best))} tied with "
                               f"{CAT_NAMES[cat]}: nobody scores [{SCORE_TIE.id}]")
            emit(state, " and ".join(f"{{{i}}}" for i in range(len(state.best))) + f" tie with {CAT_NAMES[cat]}: "
                 "nobody scores", *state.best, kind="summary")
        else:
            state.notes.append(f"showdown {k}: everyone passed")
            emit(state, "Everyone passed", kind="summary")
        provers = state.best if state.options.proof == "best" else list(state.declared)
        for s in provers:
            state.claims[s].append((state.declared[s], state.named.get(s, ())))
            state.shown[s] = False
        state.duel = None
        self._start_draw(state)

    # --- the contract --------------------------------------------------------------------------
    def other_to_act(self, state: ChicagoState) -> tuple[int, ...]:
        if state.phase == Phase.DRAW:
            return (state.order[0],)
        if state.phase == Phase.SHOWDOWN:
            return (self._duel_turn(state),) if state.duel is not None else (state.order[0],)
        return ()

    def other_legal(self, state: ChicagoState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        if state.phase == Phase.DRAW:
            return list(narrow(self.draw_cascade(state, seat, self._draw_moves(state, seat))))
        return list(narrow(self.showdown_cascade(state, seat, self._showdown_moves(state))))

    def other_refusal(self, state: ChicagoState, seat: int, action: Action) -> None:
        cascade = (self.draw_cascade(state, seat, [action]) if state.phase == Phase.DRAW
                   else self.showdown_cascade(state, seat, [action]))
        refuse(cascade, action, state.options, UNKNOWN)

    def off_turn(self, state: ChicagoState, seat: int, action: Action) -> None:
        if state.phase == Phase.DRAW and not state.over and state.frozen[seat]:
            raise IllegalAction(DRAW_FROZEN, f"you started this hand with {state.options.freeze_at} or more points: "
                                "you play it with the cards you were dealt", state.options)

    def _apply(self, state: ChicagoState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == Phase.PLAY:
            super()._apply(state, seat, action)
        elif phase == Phase.SHOWDOWN:
            self._showdown_apply(state, seat, action)
        elif action == SHOW:
            self._show(state, seat)
        else:
            self._draw(state, seat, action)

    def _show(self, state: ChicagoState, seat: int) -> None:
        hand = state.hands[seat]
        state.shown[seat] = True
        proven = self._proves(hand, state.claims[seat])
        emit(state, "{0} shows " + cards_text(hand) + (": the declaration holds" if proven else
                                                        ": the declaration does not hold"),
             seat, pieces=hand, kind="show")
        if proven:
            state.notes.append(f"seat {seat} showed their hand and proved their declaration [{DRAW_EXPOSE.id}]")
            state.claims[seat] = []
        else:
            self._forfeit(state, [seat], "showed a hand that does not back up their declaration")

    def _draw(self, state: ChicagoState, seat: int, action: Action) -> None:
        hand = state.hands[seat]
        chosen = action.cards
        for c in chosen:
            hand.remove(c)
            state.pile.append(c)
        drawn = [self._draw_card(state) for _ in chosen]
        hand += drawn
        if not state.stock and state.pile:
            self._reshuffle(state)
        hand.sort()
        state.shown[seat] = False
        k = len(chosen)
        if k:
            private(state, seat, "{0} discards " + cards_text(sorted(chosen)) + " and draws " + cards_text(drawn),
                    f"{{0}} discards {k} card{'s' if k != 1 else ''} and draws {k}", seat,
                    pieces=(*chosen, *drawn), kind="draw")
        else:
            emit(state, "{0} stands pat", seat, kind="draw")
        state.order.pop(0)
        if not state.order:
            self._after_draw(state)

    def on_trick(self, state: ChicagoState, winner: int, plays: list[tuple[int, Card]]) -> None:
        for s, c in plays:
            state.played[s].append(c)

    def end_hand(self, state: ChicagoState) -> None:
        n = state.players
        last = state.leader
        if state.options.last_trick:
            state.pending[last] += state.options.last_trick
            state.notes.append(f"seat {last} won the last trick: {state.options.last_trick} points "
                               f"[{SCORE_LAST_TRICK.id}]")
            emit(state, f"{{0}} wins the last trick: {state.options.last_trick} points", last, kind="summary")
        values = [value_of(state.played[s]) for s in range(n)]
        top = max(values)
        holders = [s for s in range(n) if values[s] == top]
        cat = hand_type(top)
        if cat >= 1 and len(holders) == 1:
            w = holders[0]
            state.pending[w] += POINTS[cat]
            state.notes.append(f"seat {w} has the best hand on the table, {CAT_NAMES[cat]}: {POINTS[cat]} "
                               f"[{SCORE_FINAL_HAND.id}]")
            emit(state, f"{{0}} has the best hand on the table, {CAT_NAMES[cat]}: {POINTS[cat]} points", w,
                 kind="summary")
        elif cat >= 1:
            state.notes.append(f"seats {', '.join(map(str, holders))} tie for the best hand: nobody scores "
                               f"[{SCORE_TIE.id}]")
            emit(state, " and ".join(f"{{{i}}}" for i in range(len(holders))) + " tie for the best hand on the "
                 "table: nobody scores", *holders, kind="summary")
        cheats = [s for s in range(n) if not self._proves(state.played[s], state.claims[s])]
        if cheats:
            self._forfeit(state, cheats, "declared a hand that is not on the table")
            return
        target = state.options.target
        totals = [t + p for t, p in zip(state.sheet.totals, state.pending)]
        if max(totals) >= target:
            state.notes.append(f"a player reached {target}: the game ends and the highest score wins [{END.id}]")
        state.sheet.add(f"hand {state.hand_no}", tuple(state.pending), state.ply + 1, state.notes)
        if max(totals) >= target:
            winners = [s for s in range(n) if totals[s] == max(totals)]
            emit(state, " and ".join(f"{{{i}}}" for i in range(len(winners))) + " win"
                 + ("s" if len(winners) == 1 else "") + f" with {max(totals)} points", *winners, kind="summary")
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, n)
        self._deal(state)

    def _forfeit(self, state: ChicagoState, seats: list[int], why: str) -> None:
        for s in seats:
            state.notes.append(f"seat {s} {why} and forfeits the game [{FORFEIT.id}]")
            emit(state, "{0} " + why + " and forfeits the game", s, kind="summary")
        state.forfeited = list(seats)
        state.sheet.add(f"hand {state.hand_no}", tuple(state.pending), state.ply + 1, state.notes)
        state.over = True
        state.phase = Phase.OVER

    def result(self, state: ChicagoState) -> Result:
        totals = state.sheet.totals
        if not state.forfeited:
            return ranked(totals, high_wins=True)
        rest = [s for s in range(state.players) if s not in state.forfeited]
        if not rest:  # everyone forfeited at once: nobody wins, all share the last place
            everyone = tuple(range(state.players))
            return Result(everyone, (everyone,), tuple(float(t) for t in totals))
        sub = ranked([totals[s] for s in rest], high_wins=True)
        ranking = tuple(tuple(rest[i] for i in g) for g in sub.ranking) + (tuple(sorted(state.forfeited)),)
        return Result(ranking[0], ranking, tuple(float(t) for t in totals))

    # --- what players see -----------------------------------------------------------------------
    def facts(self, state: ChicagoState, seat: int | None) -> list[Fact]:
        n = state.players
        facts = [per_seat("points", "Points", state.pending)]
        if state.phase == Phase.DRAW:
            facts.append(fact("draw", "Draw", FactKind.TEXT, f"{state.draw_round} of {DRAWS}"))
        elif state.phase == Phase.SHOWDOWN:
            facts.append(fact("showdown", "Showdown", FactKind.TEXT, f"{state.showdown} of {DRAWS - 1}"))
            declared = [claim_text(state.declared[s], state.named.get(s, ())) if s in state.declared else ""
                        for s in range(n)]
            facts.append(per_seat("declared", "Declared", declared, FactKind.TEXT))
            if state.best:
                facts += [fact("best", "Best declared", FactKind.TEXT, CAT_NAMES[state.best_cat]),
                          fact("best-by", "Held by", FactKind.SEATS, list(state.best))]
            if state.duel is not None:
                facts.append(fact("duel", "Comparing ranks", FactKind.SEATS, [state.best[0], state.duel[0]]))
        if any(state.claims):
            facts.append(per_seat("to-prove", "Must prove", [", ".join(claim_text(c, r) for c, r in state.claims[s])
                                                              for s in range(n)], FactKind.TEXT))
        frozen = [s for s in range(n) if state.frozen[s]]
        if frozen:
            facts.append(fact("frozen", f"May not draw ({state.options.freeze_at} or more)", FactKind.SEATS, frozen))
        if state.forfeited:
            facts.append(fact("forfeited", "Forfeited", FactKind.SEATS, list(state.forfeited)))
        if seat is not None and state.hands[seat]:
            facts.append(fact("my-hand", "Your poker hand", FactKind.TEXT,
                              CAT_NAMES.get(hand_type(value_of(state.hands[seat])), "no pair")))
        return facts

    def zones(self, state: ChicagoState) -> list[Zone]:
        """Hands (shown to all once exposed), the trick, the cards of earlier tricks face up
        in front of each player, the stock and the face-down discards."""
        n = state.players
        zones = [Zone("hand", state.hands[s], None if state.shown[s] else frozenset({s}), owner=s,
                      kind=ZoneKind.HAND, label="Hand (shown)" if state.shown[s] else "Hand") for s in range(n)]
        zones.append(Zone("trick", [c for _, c in state.trick], kind=ZoneKind.TRICK, label="Trick",
                          by=[s for s, _ in state.trick]))
        zones += [Zone("played", state.played[s], owner=s, label="Played") for s in range(n)]
        zones.append(Zone("stock", state.stock, frozenset(), kind=ZoneKind.STOCK, label="Stock"))
        zones.append(Zone("discards", state.pile, frozenset(), kind=ZoneKind.DISCARD, label="Discards"))
        return zones

    def redact(self, state: ChicagoState, seat: int, action: Action, viewer: int | None) -> str:
        if action.verb == "discard" and viewer != seat:
            return f"discard {len(action.args)} card{'s' if len(action.args) != 1 else ''}"
        return str(action)

    def prompt(self, state: ChicagoState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == Phase.DRAW:
            extra = " You must show your hand before discarding cards of the hand you declared." \
                if self._held(state, seat) else ""
            return f"Discard up to five cards and draw as many, or stand.{extra}"
        if state.phase == Phase.SHOWDOWN:
            cat = CAT_NAMES.get(state.best_cat, "")
            if state.duel is not None:
                other = state.duel[0] if seat == state.best[0] else state.best[0]
                return Prompt(f"You and {{0}} both hold {cat}: name the next rank of yours"
                              + (", or pass." if seat == state.duel[0] else "."), (other,))
            if state.best:
                return "Declare a type higher than the best declared, say yours is the same, or pass."
            return "Declare the type of poker hand you hold (a pair or better), or pass."
        return "Play a card."

