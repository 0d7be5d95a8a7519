"""Chicago's play: the deal, three draws, two verbal showdowns, the tricks and the scoring."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, IllegalAction
from gamenight.engine.game import Result, ranked
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState
from gamenight.games.chicago.claims import (
    CAT_NAMES,
    CAT_WORDS,
    DECK,
    HAND,
    NEXT_RANKS,
    POINTS,
    SIGNIFICANT,
    WORD_CATS,
    claim_text,
    claim_value,
    hand_type,
    significant,
    value_of,
)
from gamenight.games.chicago.rules import RULES, SPEC

PASS = Action("pass")
SAME = Action("same")
SHOW = Action("show")
STAND = Action("stand")
DECLARE = {c: Action("declare", (w,)) for c, w in CAT_WORDS.items()}
RANK = {r: Action("rank", (r,)) for r in range(2, 15)}


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
    draws: list[dict[str, int]] = field(default_factory=list)
    shown: list[bool] = field(default_factory=list)
    exposed: list[dict[str, Any]] = field(default_factory=list)
    showdown: int = 0
    calls: list[dict[str, Any]] = field(default_factory=list)
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
        state.draws = []
        state.shown = [False] * n
        state.exposed = []
        state.showdown = 0
        state.calls = []
        state.claims = [[] for _ in range(n)]
        state.notes = []
        state.draw_round = 0
        self._start_draw(state)

    def _seats(self, state: ChicagoState) -> list[int]:
        return tricks.bidding_order(state.dealer, state.players)

    # --- drawing -------------------------------------------------------------------------
    def _start_draw(self, state: ChicagoState) -> None:
        state.draw_round += 1
        state.draws.append({})
        state.order = [s for s in self._seats(state) if not state.frozen[s]]
        state.phase = "draw"
        if not state.order:
            self._after_draw(state)

    def _after_draw(self, state: ChicagoState) -> None:
        if state.draw_round < 3:
            self._start_showdown(state)
        else:
            state.phase = "play"
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

    def _discards(self, state: ChicagoState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        held = self._held(state, seat)
        out = [STAND]
        for k in range(1, len(hand) + 1):
            for combo in itertools.combinations(hand, k):
                if held and not self._proves([c for c in hand if c not in combo], held):
                    continue
                out.append(Action("discard", combo))
        if state.claims[seat] and not state.shown[seat]:
            out.append(SHOW)
        return out

    def _draw_card(self, state: ChicagoState) -> Card:
        if not state.stock:
            self._reshuffle(state)
        return state.stock.pop()

    def _reshuffle(self, state: ChicagoState) -> None:
        state.stock = list(state.pile)
        state.pile = []
        state.rng.shuffle(state.stock)
        state.notes.append("the stock ran out and the discards were shuffled into a new stock "
                           "[chicago.draw.reshuffle]")

    # --- showdowns -------------------------------------------------------------------------
    def _start_showdown(self, state: ChicagoState) -> None:
        state.showdown += 1
        state.phase = "showdown"
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

    def _showdown_legal(self, state: ChicagoState, seat: int) -> list[Action]:
        if state.duel is None:
            acts = [PASS]
            if state.best and self._provable(state, seat, state.best_cat, ()):
                acts.append(SAME)
            acts += [DECLARE[c] for c in CAT_WORDS if c > state.best_cat and self._provable(state, seat, c, ())]
            return acts
        challenger, depth = state.duel
        cat = state.best_cat
        holder = state.best[0]
        mine = state.named.get(seat, ())
        nexts = NEXT_RANKS.get((cat, mine), ())
        if seat == holder and seat != challenger:
            return [RANK[r] for r in nexts if self._provable(state, seat, cat, (*mine, r))]
        floor = state.named[holder][depth]
        return [PASS] + [RANK[r] for r in nexts if r >= floor and self._provable(state, seat, cat, (*mine, r))]

    def _showdown_apply(self, state: ChicagoState, seat: int, action: Action) -> None:
        verb = action.verb
        if state.duel is None:
            state.order.pop(0)
            if verb == "pass":
                state.calls.append({"seat": seat, "say": "pass"})
            elif verb == "declare":
                cat = WORD_CATS[str(action.args[0])]
                state.calls.append({"seat": seat, "say": CAT_NAMES[cat]})
                state.best, state.best_cat = [seat], cat
                state.declared[seat] = cat
            else:  # same
                state.calls.append({"seat": seat, "say": f"same ({CAT_NAMES[state.best_cat]})"})
                state.declared[seat] = state.best_cat
                state.duel = (seat, 0)
                self._duel_step(state)
                return
        else:
            challenger, depth = state.duel
            holder = state.best[0]
            if verb == "pass":
                state.calls.append({"seat": seat, "say": "pass"})
                state.duel = None
            else:
                r = int(action.args[0])
                state.named[seat] = (*state.named.get(seat, ()), r)
                state.calls.append({"seat": seat, "say": claim_text(state.best_cat, state.named[seat])})
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
            state.pending[w] += pts
            state.notes.append(f"showdown {k}: seat {w} declared {claim_text(cat, state.named.get(w, ()))}, "
                               f"{pts} point{'s' if pts != 1 else ''} [chicago.score.table]")
        elif state.best:
            state.notes.append(f"showdown {k}: seats {', '.join(map(str, state.best))} tied with "
                               f"{CAT_NAMES[cat]}: nobody scores [chicago.score.tie]")
        else:
            state.notes.append(f"showdown {k}: everyone passed")
        provers = state.best if state.options.proof == "best" else list(state.declared)
        for s in provers:
            state.claims[s].append((state.declared[s], state.named.get(s, ())))
            state.shown[s] = False
        state.duel = None
        self._start_draw(state)

    # --- the contract --------------------------------------------------------------------------
    def other_to_act(self, state: ChicagoState) -> tuple[int, ...]:
        if state.phase == "draw":
            return (state.order[0],)
        if state.phase == "showdown":
            return (self._duel_turn(state),) if state.duel is not None else (state.order[0],)
        return ()

    def other_legal(self, state: ChicagoState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        if state.phase == "draw":
            return self._discards(state, seat)
        return self._showdown_legal(state, seat)

    def check(self, state: ChicagoState, seat: int, action: Action) -> None:
        if state.phase == "draw" and action.verb == "discard" and not state.over and seat in self.to_act(state):
            hand = state.hands[seat]
            chosen = action.cards
            if len(chosen) != len(action.args) or not chosen or len(set(chosen)) != len(chosen) \
                    or any(c not in hand for c in chosen):
                raise IllegalAction(RULES["chicago.draw"], "discard one to five different cards you hold",
                                    state.options)
            held = self._held(state, seat)
            if held and not self._proves([c for c in hand if c not in chosen], held):
                raise IllegalAction(RULES["chicago.draw.expose"], "those cards make the hand you declared",
                                    state.options)
            return
        super().check(state, seat, action)

    def explain(self, state: ChicagoState, seat: int, action: Action) -> Clause | None:
        phase, verb = state.phase, action.verb
        if phase == "play":
            return super().explain(state, seat, action)
        if phase == "draw":
            if verb == "show":
                return RULES["chicago.draw.expose"]
            return RULES["chicago.draw"]
        if phase == "showdown":
            if state.options.honest_claims and verb in ("declare", "same", "rank"):
                return RULES["chicago.showdown.honest"]
            if verb in ("same", "rank"):
                return RULES["chicago.showdown.same"]
            return RULES["chicago.showdown"]
        return None

    def _apply(self, state: ChicagoState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == "play":
            super()._apply(state, seat, action)
        elif phase == "showdown":
            self._showdown_apply(state, seat, action)
        elif action.verb == "show":
            self._show(state, seat)
        else:
            self._draw(state, seat, action)

    def _show(self, state: ChicagoState, seat: int) -> None:
        hand = state.hands[seat]
        state.shown[seat] = True
        state.exposed.append({"seat": seat, "cards": [card_text(c) for c in hand]})
        if self._proves(hand, state.claims[seat]):
            state.notes.append(f"seat {seat} showed their hand and proved their declaration [chicago.draw.expose]")
            state.claims[seat] = []
        else:
            self._forfeit(state, [seat], "showed a hand that does not back up their declaration")

    def _draw(self, state: ChicagoState, seat: int, action: Action) -> None:
        hand = state.hands[seat]
        chosen = action.cards
        for c in chosen:
            hand.remove(c)
            state.pile.append(c)
        for _ in chosen:
            hand.append(self._draw_card(state))
        if not state.stock and state.pile:
            self._reshuffle(state)
        hand.sort()
        state.shown[seat] = False
        state.draws[-1][str(seat)] = len(chosen)
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
                               "[chicago.score.last-trick]")
        values = [value_of(state.played[s]) for s in range(n)]
        top = max(values)
        holders = [s for s in range(n) if values[s] == top]
        cat = hand_type(top)
        if cat >= 1 and len(holders) == 1:
            w = holders[0]
            state.pending[w] += POINTS[cat]
            state.notes.append(f"seat {w} has the best hand on the table, {CAT_NAMES[cat]}: {POINTS[cat]} "
                               "[chicago.score.final-hand]")
        elif cat >= 1:
            state.notes.append(f"seats {', '.join(map(str, holders))} tie for the best hand: nobody scores "
                               "[chicago.score.tie]")
        cheats = [s for s in range(n) if not self._proves(state.played[s], state.claims[s])]
        if cheats:
            self._forfeit(state, cheats, "declared a hand that is not on the table")
            return
        state.sheet.add(f"hand {state.hand_no}", tuple(state.pending), state.ply + 1, state.notes)
        if max(state.sheet.totals) >= state.options.target:
            state.over = True
            state.phase = "over"
            return
        state.dealer = left_of(state.dealer, n)
        self._deal(state)

    def _forfeit(self, state: ChicagoState, seats: list[int], why: str) -> None:
        for s in seats:
            state.notes.append(f"seat {s} {why} and forfeits the game [chicago.forfeit]")
        state.forfeited = list(seats)
        state.sheet.add(f"hand {state.hand_no}", tuple(state.pending), state.ply + 1, state.notes)
        state.over = True
        state.phase = "over"

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

    # --- views -----------------------------------------------------------------------------------
    def view(self, state: ChicagoState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        totals = state.sheet.totals
        v["scores"] = [totals[s] + state.pending[s] for s in range(state.players)]
        v["hand_points"] = list(state.pending)
        v["target"] = state.options.target
        v["frozen"] = [s for s in range(state.players) if state.frozen[s]]
        v["draw_round"] = state.draw_round
        v["draws"] = [dict(d) for d in state.draws]
        v["showdown"] = state.showdown
        v["calls"] = [dict(c) for c in state.calls]
        v["best"] = list(state.best) if state.phase == "showdown" else []
        v["best_claim"] = claim_text(state.best_cat, state.named.get(state.best[0], ())) \
            if state.phase == "showdown" and state.best else None
        if state.phase == "showdown" and state.duel is not None:
            v["duel"] = {"holder": state.best[0], "challenger": state.duel[0], "depth": state.duel[1],
                         "named": {str(s): list(r) for s, r in state.named.items()}}
        else:
            v["duel"] = None
        v["to_prove"] = {str(s): [claim_text(c, named) for c, named in state.claims[s]]
                         for s in range(state.players) if state.claims[s]}
        v["exposed"] = [dict(e) for e in state.exposed]
        v["played"] = [[card_text(c) for c in p] for p in state.played]
        v["stock_size"] = len(state.stock)
        v["pile_size"] = len(state.pile)
        v["forfeited"] = list(state.forfeited)
        if seat is not None and state.hands[seat]:
            hv = value_of(state.hands[seat])
            v["my_hand_type"] = CAT_NAMES.get(hand_type(hv), "no pair")
            v["my_ranks"] = list(significant(hv))
        return v

    def zones(self, state: ChicagoState) -> list[Zone]:
        zones = [Zone(f"hand {s}", state.hands[s], None if state.shown[s] else frozenset({s}))
                 for s in range(state.players)]
        zones.append(Zone("trick", [c for _, c in state.trick]))
        zones += [Zone(f"played {s}", state.played[s]) for s in range(state.players)]
        zones.append(Zone("stock", state.stock, frozenset()))
        zones.append(Zone("discards", state.pile, frozenset()))
        return zones

    def redact(self, state: ChicagoState, seat: int, action: Action, viewer: int | None) -> str:
        if action.verb == "discard" and viewer != seat:
            return f"discard {len(action.args)} card{'s' if len(action.args) != 1 else ''}"
        return str(action)

    def prompt(self, state: ChicagoState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        if state.phase == "draw":
            extra = " You must 'show' your hand before discarding cards of the hand you declared." \
                if self._held(state, seat) else ""
            return (f"Draw {state.draw_round} of 3: 'discard' up to five cards (name them after the word) or "
                    f"'stand'.{extra}")
        if state.phase == "showdown":
            if state.duel is not None:
                return (f"Name the next rank of your {CAT_NAMES[state.best_cat]} ('rank 13' for kings, 14 for "
                        "aces)" + (", or 'pass'." if seat == state.duel[0] else "."))
            if state.best:
                return (f"Best so far: {CAT_NAMES[state.best_cat]}. Declare a higher type ('declare flush'), say "
                        "'same', or 'pass'.")
            return "Declare the type of poker hand you hold ('declare pair', 'declare two_pair', ...) or 'pass'."
        return "Play a card."
