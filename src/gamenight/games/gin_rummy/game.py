"""Gin Rummy's state machine: the deal, the draw and discard, going out, scoring and the match."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text
from gamenight.engine.actions import Action
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN, IllegalAction
from gamenight.engine.game import Game, Result, State, ranked
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
from gamenight.families import melds
from gamenight.families.melds import Arrangement, LayOff
from gamenight.games.gin_rummy.deadwood import (
    CARD,
    DEAL,
    DECK,
    DISCARD,
    DOUBLE_GIN,
    DRAW_STOCK,
    GIN,
    KNOCK,
    MELD_RULES,
    PASS,
    TAKE_DISCARD,
    VALUE,
    going_out,
    least_deadwood_spreads,
    texts,
)
from gamenight.games.gin_rummy.rules import (
    METZKER_DEAL,
    RULES,
    SPEC,
    THREE_GAMES,
)


@dataclass
class GinState(State):
    hands: list[list[Card]] = field(default_factory=lambda: [[], []])
    stock: list[Card] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    phase: str = "draw"
    turn: int = 0
    refusals: int = 0
    stock_only: bool = False
    taken: Card | None = None
    drawn: Card | None = None
    known: list[list[Card]] = field(default_factory=lambda: [[], []])
    hand_no: int = 1
    next_dealer: int = 0
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    gins: list[int] = field(default_factory=lambda: [0, 0])
    outcome: dict[str, Any] | None = None
    last_hand: dict[str, Any] | None = None
    times_scored: list[int] = field(default_factory=lambda: [0, 0])
    col_points: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    col_gins: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [0, 0, 0]])
    col_winner: list[int | None] = field(default_factory=lambda: [None, None, None])


def _columns(options: Any) -> tuple[str, ...]:
    if options.match_format == THREE_GAMES:
        return tuple(f"seat {s} game {g}" for s in range(2) for g in (1, 2, 3))
    return ("seat 0", "seat 1")


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
        state.taken = state.drawn = None
        state.refusals = 0
        state.stock_only = False
        state.outcome = None
        if state.options.deal == METZKER_DEAL:
            hands[other] = deck[0:24:2] + [deck[24]]
            hands[dealer] = deck[1:24:2]
            state.pile = []
            state.stock = deck[25:]
            state.phase = "discard"
        else:
            hands[other] = deck[0:20:2]
            hands[dealer] = deck[1:20:2]
            state.pile = [deck[20]]
            state.stock = deck[21:]
            state.phase = "upcard"
        state.hands = hands
        state.turn = other

    # --- the four questions -------------------------------------------------------------------------
    def to_act(self, state: GinState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: GinState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        phase = state.phase
        if phase == "draw":
            return [DRAW_STOCK] if state.stock_only else [DRAW_STOCK, TAKE_DISCARD]
        if phase == "discard":
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
        if phase == "upcard":
            return [TAKE_DISCARD, PASS]
        return [DEAL]

    def check(self, state: GinState, seat: int, action: Action) -> None:
        if state.over:
            raise IllegalAction(GAME_OVER)
        if seat != state.turn:
            raise IllegalAction(TURN, f"seat {seat} is not to act")
        o = state.options
        phase = state.phase
        verb = action.verb
        if phase == "draw":
            if action == DRAW_STOCK:
                return
            if action == TAKE_DISCARD:
                if state.stock_only:
                    raise IllegalAction(RULES["gin_rummy.first.upcard"], "both players refused the up-card, so "
                                        "the first draw is from the stock", o)
                return
            raise IllegalAction(RULES["gin_rummy.turn.draw"], "begin your turn with 'draw stock' or "
                                "'take discard'", o)
        if phase == "upcard":
            if action in (TAKE_DISCARD, PASS):
                return
            raise IllegalAction(RULES["gin_rummy.first.upcard"], "take the up-card ('take discard') or 'pass'", o)
        if phase == "show":
            if action == DEAL:
                return
            raise IllegalAction(RULES["gin_rummy.deal.next"], "the hand is over: 'deal' the next one", o)
        if phase != "discard":
            raise IllegalAction(UNKNOWN, f"'{action}' is not allowed")
        hand = state.hands[seat]
        args = action.args
        if verb == "gin" and not args:
            if not o.double_gin:
                raise IllegalAction(RULES["gin_rummy.knock.gin"], "going gin needs a discard, like 'gin 7H'", o)
            if melds.min_deadwood(hand, MELD_RULES[o.aces]) != 0:
                raise IllegalAction(RULES["gin_rummy.knock.double-gin"], "not all your cards match", o)
            return
        if verb not in ("discard", "knock", "gin"):
            if verb in ("draw", "take", "pass"):
                if o.deal == METZKER_DEAL and not state.pile and state.taken is None:
                    raise IllegalAction(RULES["gin_rummy.first.thirteen"], "the first turn is a discard only", o)
                raise IllegalAction(RULES["gin_rummy.turn.discard"], "you have your card: now discard", o)
            raise IllegalAction(UNKNOWN, f"'{action}' is not allowed")
        if len(args) != 1 or not isinstance(args[0], Card) or args[0] not in hand:
            raise IllegalAction(RULES["gin_rummy.turn.discard"], f"'{verb}' names one card from your hand", o)
        card = args[0]
        if not o.may_discard_taken and state.taken is not None and card == state.taken:
            raise IllegalAction(RULES["gin_rummy.turn.discard-taken"], f"you just took {card} from the pile", o)
        if verb == "discard":
            return
        rest = list(hand)
        rest.remove(card)
        dw = melds.min_deadwood(rest, MELD_RULES[o.aces])
        if verb == "knock" and dw > o.knock_limit:
            raise IllegalAction(RULES["gin_rummy.knock.limit"],
                                f"after discarding {card} your unmatched cards count {dw}", o)
        if verb == "gin" and dw != 0:
            raise IllegalAction(RULES["gin_rummy.knock.gin"],
                                f"after discarding {card} your unmatched cards count {dw}", o)

    def _apply(self, state: GinState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "discard":
            self._discard(state, seat, CARD[action.args[0]])
        elif verb == "draw":
            card = state.stock.pop()
            state.hands[seat].append(card)
            state.drawn = card
            state.stock_only = False
            state.phase = "discard"
        elif verb == "take":
            card = state.pile.pop()
            state.hands[seat].append(card)
            state.known[seat].append(card)
            state.taken = card
            state.phase = "discard"
        elif verb == "pass":
            state.refusals += 1
            if state.refusals == 1:
                state.turn = state.dealer
            else:
                state.turn = 1 - state.dealer
                state.phase = "draw"
                state.stock_only = True
        elif verb == "knock" or verb == "gin":
            out = CARD[action.args[0]] if action.args else None
            self._go_out(state, seat, verb, out)
        elif verb == "deal":
            self._next_hand(state)

    def _discard(self, state: GinState, seat: int, card: Card) -> None:
        state.hands[seat].remove(card)
        state.pile.append(card)
        known = state.known[seat]
        if card in known:
            known.remove(card)
        state.taken = state.drawn = None
        if len(state.stock) <= state.options.stock_end:
            self._stock_out(state)
            return
        state.turn = 1 - seat
        state.phase = "draw"

    # --- the end of a hand ----------------------------------------------------------------------------
    def _go_out(self, state: GinState, seat: int, verb: str, card: Card | None) -> None:
        o = state.options
        rules = MELD_RULES[o.aces]
        hand = state.hands[seat]
        if card is not None:
            hand.remove(card)
            state.pile.append(card)
            if card in state.known[seat]:
                state.known[seat].remove(card)
        state.taken = state.drawn = None
        opp = 1 - seat
        k_arr = melds.best_arrangement(hand, rules)
        k_dw = k_arr.deadwood_value
        kind = "double-gin" if card is None else "gin" if k_dw == 0 else "knock"
        lay: LayOff | None = None
        if kind == "knock":
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
        name = {"knock": "knocked", "gin": "went gin", "double-gin": "went Double Gin"}[kind]
        notes.append(f"seat {seat} {name} with {k_dw}; seat {opp} counted {o_dw}"
                     + (f" after laying off {lay.laid_value}" if lay is not None and lay.laid_value else "")
                     + " [gin_rummy.score.count]")
        if lay is not None and lay.laid_value:
            laid = " ".join(card_text(c) for p in lay.placements for c in p)
            notes.append(f"seat {opp} laid off {laid} on seat {seat}'s sets; the knocker never lays off "
                         "[gin_rummy.layoff] [gin_rummy.layoff.knocker]")
        if kind != "knock":
            points[seat] = o.gin_bonus + o_dw
            gins[seat] = 2 if kind == "double-gin" else 1
            if o.gin_bonus:
                notes.append(f"gin: {o.gin_bonus} bonus + seat {opp}'s {o_dw}; a gin is never undercut "
                             "[gin_rummy.score.gin]")
            else:
                notes.append(f"gin: seat {opp}'s {o_dw} points; a gin is never undercut [gin_rummy.score.gin-points]")
            if kind == "double-gin" or o.match_format == THREE_GAMES:
                notes.append(f"{gins[seat]} Gin{'s' if gins[seat] > 1 else ''} [gin_rummy.score.gins]")
            notes.append(f"seat {opp} may not lay off on a gin [gin_rummy.layoff.gin]")
        elif k_dw < o_dw:
            points[seat] = o_dw - k_dw
            notes.append(f"seat {seat} scores the difference {o_dw} - {k_dw} [gin_rummy.score.knock]")
        elif o.undercut_scoring == "double-run":
            points[opp] = 2 * k_dw + o.undercut_bonus
            notes.append(f"undercut: seat {opp} gets 2 x {k_dw} + {o.undercut_bonus} = {points[opp]} "
                         "[gin_rummy.score.undercut-double]")
        else:
            points[opp] = k_dw - o_dw + o.undercut_bonus
            notes.append(f"undercut: seat {opp} scores {k_dw} - {o_dw} + {o.undercut_bonus} bonus "
                         "[gin_rummy.score.undercut]")
        spreads = [{}, {}]  # type: list[dict[str, Any]]
        spreads[seat] = {"melds": [texts(m) for m in k_arr.melds], "deadwood": texts(k_arr.deadwood),
                         "count": k_dw}
        spreads[opp] = {"melds": [texts(m) for m in o_arr.melds], "deadwood": texts(o_dead), "count": o_dw}
        layoffs: list[dict[str, Any]] = []
        if lay is not None:
            for i, placed in enumerate(lay.placements):
                if placed:
                    layoffs.append({"meld": i, "onto": texts(k_arr.melds[i]), "cards": texts(placed)})
        outcome: dict[str, Any] = {
            "kind": kind, "by": seat, "discard": card_text(card) if card is not None else None,
            "spreads": spreads, "layoffs": layoffs, "counts": [spreads[0]["count"], spreads[1]["count"]]}
        self._score(state, outcome, points, gins, notes)

    def _stock_out(self, state: GinState) -> None:
        o = state.options
        if o.stock_out == "cancel":
            state.outcome = {"kind": "cancelled", "by": None, "spreads": None, "layoffs": [],
                             "counts": None, "points": [0, 0], "gins": [0, 0], "winner": None}
            self._add_row(state, f"hand {state.hand_no} (cancelled)", [0, 0],
                          [f"the stock is down to {len(state.stock)} cards and the last player discarded without "
                           "knocking [gin_rummy.stock.end]",
                           "the hand is cancelled: no score, the same dealer deals again [gin_rummy.stock.cancel]"])
            state.next_dealer = state.dealer
            self._pause(state)
            return
        rules = MELD_RULES[o.aces]
        counts = [melds.min_deadwood(h, rules) for h in state.hands]
        points = [0, 0]
        if counts[0] != counts[1]:
            low = 0 if counts[0] < counts[1] else 1
            points[low] = counts[1 - low] - counts[low]
        notes = [f"the stock is down to {len(state.stock)} cards and the last player discarded without going out "
                 "[gin_rummy.stock.end]",
                 f"counts {counts[0]} and {counts[1]}: the lower count scores the difference, no Gins "
                 "[gin_rummy.stock.difference]"]
        # Both hands are laid down; their arrangements are worked out when a view shows them.
        outcome: dict[str, Any] = {"kind": "stock-out", "by": None, "discard": None, "spreads": "laid down",
                                   "layoffs": [], "counts": counts}
        self._score(state, outcome, points, [0, 0], notes)

    def _score(self, state: GinState, outcome: dict[str, Any], points: list[int], gins: list[int],
               notes: list[str]) -> None:
        o = state.options
        winner = 0 if points[0] > points[1] else 1 if points[1] > points[0] else None
        if winner is None and gins[0] != gins[1]:
            winner = 0 if gins[0] > gins[1] else 1
        outcome["points"] = points
        outcome["gins"] = gins
        outcome["winner"] = winner
        state.outcome = outcome
        state.gins = [state.gins[0] + gins[0], state.gins[1] + gins[1]]
        if winner is None:
            state.next_dealer = 1 - state.dealer if o.next_dealer == "alternate" else state.dealer
        else:
            state.next_dealer = winner if o.next_dealer == "winner" else 1 - state.dealer
        label = f"hand {state.hand_no}"
        if o.match_format == THREE_GAMES:
            self._score_columns(state, label, points, gins, notes)
        else:
            self._score_one_game(state, label, points, notes)
        self._pause(state)

    def _add_row(self, state: GinState, label: str, points: list[int], notes: list[str]) -> None:
        if state.options.match_format == THREE_GAMES:
            points = [0] * 6
        state.sheet.add(label, tuple(points), state.ply + 1, notes)

    def _pause(self, state: GinState) -> None:
        if state.over:
            state.phase = "over"
            return
        state.phase = "show"
        state.turn = state.next_dealer

    def _next_hand(self, state: GinState) -> None:
        out = state.outcome
        if out is not None:
            state.last_hand = {"hand": state.hand_no, "kind": out["kind"], "by": out["by"],
                               "counts": out["counts"], "points": out["points"], "gins": out["gins"],
                               "winner": out["winner"]}
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
                             f"toward {o.target} [gin_rummy.game.line]")
        state.sheet.add(label, tuple(points), state.ply + 1, notes)
        totals = state.sheet.totals
        if max(totals) < o.target:
            return
        w = 0 if totals[0] >= totals[1] else 1
        loser_total = totals[1 - w]
        bonus = [0, 0]
        if loser_total == 0:
            bonus[w] = o.shutout_bonus
            note = f"seat {w} reached {o.target}; seat {1 - w} scored nothing: shutout bonus {o.shutout_bonus} " \
                   "[gin_rummy.game.shutout]"
        else:
            bonus[w] = o.game_bonus
            note = f"seat {w} reached {o.target}: game bonus {o.game_bonus} [gin_rummy.game.bonus]"
        state.sheet.add("game bonus", tuple(bonus), state.ply + 1, [note + " [gin_rummy.game.target]"])
        line = [o.line_bonus * state.hands_won[0], o.line_bonus * state.hands_won[1]]
        state.sheet.add("line bonus", tuple(line), state.ply + 1,
                        [f"{o.line_bonus} per hand won: seat 0 won {state.hands_won[0]}, seat 1 won "
                         f"{state.hands_won[1]} [gin_rummy.game.line]",
                         "the higher total wins [gin_rummy.game.settle]"])
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
                             " [gin_rummy.columns.points]")
            if gins[s]:
                had = [g for g in range(3) if state.col_points[s][g] > 0 and state.col_winner[g] is None]
                for g in had:
                    state.col_gins[s][g] += gins[s]
                if had:
                    notes.append(f"seat {s}: {gins[s]} Gin circle{'s' if gins[s] > 1 else ''} in game"
                                 f"{'s' if len(had) > 1 else ''} {', '.join(str(g + 1) for g in had)} "
                                 "[gin_rummy.columns.gins]")
                else:
                    notes.append(f"seat {s} had no points on the board yet: no Gins awarded "
                                 "[gin_rummy.columns.gins]")
        notes.append("each side is one player; the higher side gets the difference [gin_rummy.columns.round]")
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
                             f"{state.col_gins[1 - w][g]} Gins [gin_rummy.columns.won]"])
        if all(w is not None for w in state.col_winner):
            state.over = True
            totals = state.sheet.totals
            state.sheet.add("final", [0] * 6, state.ply + 1,
                            [f"seat 0 {sum(totals[0:3])}, seat 1 {sum(totals[3:6])} "
                             "[gin_rummy.columns.winner]"])

    def result(self, state: GinState) -> Result:
        totals = state.sheet.totals
        if state.options.match_format == THREE_GAMES:
            return ranked([sum(totals[0:3]), sum(totals[3:6])], high_wins=True)
        return ranked(totals, high_wins=True)

    # --- views ---------------------------------------------------------------------------------------
    def _shown(self, state: GinState) -> bool:
        out = state.outcome
        return out is not None and out["spreads"] is not None

    def view(self, state: GinState, seat: int | None) -> dict[str, Any]:
        o = state.options
        pile = state.pile
        v: dict[str, Any] = {
            "game": "gin_rummy", "phase": state.phase, "to_act": list(self.to_act(state)), "turn": state.turn,
            "dealer": state.dealer, "hand_no": state.hand_no, "seat": seat,
            "hand_sizes": [len(state.hands[0]), len(state.hands[1])], "stock_count": len(state.stock),
            "discard_top": card_text(pile[-1]) if pile else None,
            "discard_pile": [card_text(c) for c in pile],
            "known": [[card_text(c) for c in k] for k in state.known],
            "knock_limit": o.knock_limit, "aces": o.aces, "double_gin": o.double_gin, "stock_end": o.stock_end,
            "hands_won": list(state.hands_won),
            "gins": list(state.gins), "outcome": state.outcome, "last_hand": state.last_hand,
            "sheet": state.sheet.to_dict(), "over": state.over,
        }
        if seat is not None and seat in (0, 1):
            hand = state.hands[seat]
            v["hand"] = texts(hand)
            v["deadwood"] = melds.min_deadwood(hand, MELD_RULES[o.aces]) if hand else 0
            v["drawn"] = card_text(state.drawn) if state.drawn is not None and seat == state.turn else None
            v["taken"] = card_text(state.taken) if state.taken is not None and seat == state.turn else None
        if self._shown(state):
            v["spread_hands"] = [texts(state.hands[0]), texts(state.hands[1])]
            out = v["outcome"]
            if out is not None and out["spreads"] == "laid down":
                rules = MELD_RULES[o.aces]
                arrs = [melds.best_arrangement(h, rules) for h in state.hands]
                v["outcome"] = dict(out, spreads=[{"melds": [texts(m) for m in a.melds],
                                                   "deadwood": texts(a.deadwood), "count": a.deadwood_value}
                                                  for a in arrs])
        if o.match_format == THREE_GAMES:
            v["games"] = [{"game": g + 1, "points": [state.col_points[0][g], state.col_points[1][g]],
                           "gins": [state.col_gins[0][g], state.col_gins[1][g]], "winner": state.col_winner[g]}
                          for g in range(3)]
            v["times_scored"] = list(state.times_scored)
        return v

    def zones(self, state: GinState) -> list[Zone]:
        """Hands (their owner; the cards a player took from the face-up pile are known to both),
        the stock (nobody), the discard pile (public), spread hands after a knock (public)."""
        zs: list[Zone] = []
        if self._shown(state):
            zs += [Zone(f"spread {s}", state.hands[s], None) for s in (0, 1)]
        else:
            for s in (0, 1):
                known = state.known[s]
                zs.append(Zone(f"hand {s}", [c for c in state.hands[s] if c not in known], frozenset({s})))
                zs.append(Zone(f"hand {s} (taken from the pile)", list(known), None))
        zs.append(Zone("stock", state.stock, frozenset()))
        zs.append(Zone("discard pile", state.pile, None))
        return zs

    def all_cards(self, state: GinState) -> list[Card]:
        return list(DECK)

    def redact(self, state: GinState, seat: int, action: Action, viewer: int | None) -> str:
        """Nothing to hide: 'draw stock' never names the card drawn, every other action is public."""
        return str(action)

    def prompt(self, state: GinState, seat: int) -> str:
        if state.over or seat != state.turn:
            return ""
        phase = state.phase
        if phase == "upcard":
            return f"Take the up-card {card_text(state.pile[-1])} ('take discard') or 'pass'."
        if phase == "draw":
            if state.stock_only:
                return "Both refused the up-card: 'draw stock'."
            return f"Draw: 'draw stock' or 'take discard' ({card_text(state.pile[-1])})."
        if phase == "discard":
            c = card_text(state.hands[seat][-1])
            return f"Discard a card ('discard {c}'), or go out ('knock {c}', 'gin {c}') if your cards allow."
        if phase == "show":
            return "The hand is over: 'deal' the next one."
        return ""

