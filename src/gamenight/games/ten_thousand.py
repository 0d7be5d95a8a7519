"""10,000 (rulebook 000): five dice, 1,000 to get on the board, hot dice, taking over
the previous player's saved count, and the book's scoring table. First to 10,000 wins."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.dice import roll as roll_dice
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import Game, GameSpec, State
from gamenight.engine.options import as_dict, option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.families.dice import PushTurn, ScoreTable, score_keep, scoring_keeps

DICE = 5
LOW_STRAIGHT = (1, 2, 3, 4, 5)
HIGH_STRAIGHT = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class TenThousandOptions:
    target: int = option(10_000, "The first player to reach {value} wins.", minimum=500)
    entry: int = option(1_000, "A player needs {value} in one turn to get on the board (0: no minimum).",
                        minimum=0)
    straight: str = option("both", "Straights that score 1,000: {value} (both: 1-2-3-4-5 and 2-3-4-5-6).",
                           choices=("both", "low", "high"))
    ones_sets: str = option(
        "thousand", "Four or five 1s: {value} (thousand: the three-1s value of 1,000 times 2 or 4, so 2,000 and "
                    "4,000; hundred: the table's \"x00\" read literally for 1s, 200 and 400, so four 1s score "
                    "best as three 1s and a single 1, 1,100, and five 1s as 1,200).",
        choices=("thousand", "hundred"))
    take_over: bool = option(True, "The next player may take over a saved count: {value}.")
    take_over_hot_dice: bool = option(
        True, "After a player stops with all five dice counting, the next player may take over with "
              "all five dice: {value}.")
    take_over_counts_for_entry: bool = option(
        True, "A taken-over count counts toward the score needed to get on the board: {value}.")
    save_with_one_or_five: bool = option(
        True, "Saving a taken-over count needs at least a single 1 or 5 in the first roll, as the book says "
              "(off: any die that counts, a set included, saves it): {value}.")
    equal_turns: bool = option(
        False, "When someone reaches the target the round is finished so everyone has the same number of "
               "turns, and the highest score wins: {value}.")


R = "Players and dice"
OBJ = "Object of the game"
P = "Game play"
T = "Taking over"
S = "Scoring"
RULES = Rules([
    Clause("ten_thousand.players.dice", "The game is played with 5 dice. Any number of people can play "
           "(2 to 8 here).", R),
    Clause("ten_thousand.players.first", "The first player is chosen at random; play then goes around the "
           "table to the left.", R),
    Clause("ten_thousand.object.target", "The first player to get {target} or higher wins.", OBJ,
           option="target", when=lambda o: not o.equal_turns),
    Clause("ten_thousand.object.equal-turns", "When a player reaches {target} or higher, the round is "
           "finished so that everyone has had the same number of turns; then the highest score wins "
           "(players tied for highest share the win).", OBJ, option="equal_turns", when=lambda o: o.equal_turns),
    Clause("ten_thousand.play.roll", "A turn starts by rolling all five dice.", P),
    Clause("ten_thousand.play.meld", "A total of {entry} is required to meld. Your score does not count "
           "until you have melded, so until then you may not stop a turn with less than {entry}.", P,
           option="entry", when=lambda o: o.entry > 0),
    Clause("ten_thousand.play.keep-one", "You must keep at least one die each time you roll in order to "
           "qualify to continue rolling.", P),
    Clause("ten_thousand.play.keep-scoring", "Only dice that count may be kept, and only from the roll just "
           "made: every die you keep must be a 1, a 5, or part of a set or straight in that roll.", P),
    Clause("ten_thousand.play.keep-once", "Set aside all the dice you keep from a roll at once, then roll "
           "the rest or stop.", P),
    Clause("ten_thousand.play.no-reroll", "You may not at any time re-roll dice that have been held.", P),
    Clause("ten_thousand.play.bust", "If a roll has no dice that count, the turn is over and scores "
           "nothing.", P),
    Clause("ten_thousand.play.hot-dice", "If during a turn all the dice count, you may roll all five of them "
           "again.", P),
    Clause("ten_thousand.play.stop", "You may stop at any time during a turn, once you have kept dice from "
           "your last roll, and score all that was rolled to that point.", P),
    Clause("ten_thousand.take-over.offer", "If the player before you stopped and saved a count, you may take "
           "over at that point: take their count and roll the balance of the dice (those they did not "
           "hold) to save it and increase it. Or decline and start your own turn with five dice.", T,
           option="take_over", when=lambda o: o.take_over),
    Clause("ten_thousand.take-over.save", "If you save it by rolling at least one scoring die, you score "
           "the saved count plus whatever you roll, and carry on as in any turn. If your first roll has "
           "nothing that counts you \"blew it\" for that turn.", T, option="save_with_one_or_five",
           when=lambda o: o.take_over and not o.save_with_one_or_five),
    Clause("ten_thousand.take-over.save-one-five", "If you save it by rolling at least a single five or a "
           "one, you score the saved count plus whatever you roll, and carry on as in any turn (a set with no "
           "1 or 5 in the roll does not save it). If you do not save it with at least a five or a one, you "
           "\"blew it\" for that turn.", T, option="save_with_one_or_five",
           when=lambda o: o.take_over and o.save_with_one_or_five),
    Clause("ten_thousand.take-over.hot-dice", "If the player before you stopped with all five dice counting, "
           "the balance is all five dice and you may take over with them.", T, option="take_over_hot_dice",
           when=lambda o: o.take_over and o.take_over_hot_dice),
    Clause("ten_thousand.take-over.no-hot-dice", "If the player before you stopped with all five dice "
           "counting there is nothing left to roll, and you may not take over.", T,
           option="take_over_hot_dice", when=lambda o: o.take_over and not o.take_over_hot_dice),
    Clause("ten_thousand.take-over.entry", "A taken-over count is part of your turn's total, so it counts "
           "toward the {entry} you need to meld.", T, option="take_over_counts_for_entry",
           when=lambda o: o.take_over and o.entry > 0 and o.take_over_counts_for_entry),
    Clause("ten_thousand.take-over.entry-own", "A taken-over count does not count toward the {entry} you "
           "need to meld: you must roll that much yourself in the turn.", T,
           option="take_over_counts_for_entry",
           when=lambda o: o.take_over and o.entry > 0 and not o.take_over_counts_for_entry),
    Clause("ten_thousand.take-over.kept", "The player who saved the count keeps it: taking over does not "
           "take it away from them.", T, option="take_over", when=lambda o: o.take_over),
    Clause("ten_thousand.score.one-roll", "Sets and runs must be made on one roll to count.", S),
    Clause("ten_thousand.score.five", "A single 5 is 50.", S),
    Clause("ten_thousand.score.one", "A single 1 is 100.", S),
    Clause("ten_thousand.score.three-ones", "Three of a kind 1s is 1,000.", S),
    Clause("ten_thousand.score.three", "Three of a kind is the face times 100 (three 2s is 200, three 4s "
           "is 400).", S),
    Clause("ten_thousand.score.four", "Four of a kind is the three-of-a-kind value times 2 (four 2s is 400, "
           "four 3s is 600; four 1s is 2,000).", S, option="ones_sets", when=lambda o: o.ones_sets == "thousand"),
    Clause("ten_thousand.score.five-kind", "Five of a kind is the three-of-a-kind value times 4 (five 2s is "
           "800, five 3s is 1,200; five 1s is 4,000).", S, option="ones_sets",
           when=lambda o: o.ones_sets == "thousand"),
    Clause("ten_thousand.score.four-face", "Four of a kind is x00 times 2 (four 2s is 400, four 3s is 600; "
           "four 1s is 200, so they count best as three 1s and a single 1: 1,100).", S, option="ones_sets",
           when=lambda o: o.ones_sets == "hundred"),
    Clause("ten_thousand.score.five-kind-face", "Five of a kind is x00 times 4 (five 2s is 800, five 3s is "
           "1,200; five 1s is 400, so they count best as three 1s and two single 1s: 1,200).", S,
           option="ones_sets", when=lambda o: o.ones_sets == "hundred"),
    Clause("ten_thousand.score.best", "When the dice you keep can be counted more than one way, they score "
           "the most they can.", S),
    Clause("ten_thousand.score.straight", "A straight (1-2-3-4-5 or 2-3-4-5-6) is 1,000.", S,
           option="straight", when=lambda o: o.straight == "both"),
    Clause("ten_thousand.score.straight-low", "A straight is 1-2-3-4-5 and is 1,000.", S,
           option="straight", when=lambda o: o.straight == "low"),
    Clause("ten_thousand.score.straight-high", "A straight is 2-3-4-5-6 and is 1,000.", S,
           option="straight", when=lambda o: o.straight == "high"),
])

SPEC = GameSpec(
    id="ten_thousand", title="10,000", family="dice", players=(2, 3, 4, 5, 6, 7, 8), default_players=4,
    options=TenThousandOptions, rules=RULES, source="000",
    summary="Push your luck with five dice: keep what scores, roll the rest, stop before you bust. "
            "First to 10,000 wins.",
    presets={"standard": {}, "equal-turns": {"equal_turns": True}, "no-take-over": {"take_over": False}},
)

_SINGLES = ((1, 100), (5, 50))
_SETS = ((1, 1000), (2, 200), (3, 300), (4, 400), (5, 500), (6, 600))
_MULTIPLIERS = ((3, 1), (4, 2), (5, 4))
_STRAIGHTS = {"both": ((LOW_STRAIGHT, 1000), (HIGH_STRAIGHT, 1000)), "low": ((LOW_STRAIGHT, 1000),),
              "high": ((HIGH_STRAIGHT, 1000),)}
_ONES = {"thousand": (), "hundred": ((1, 4, 200), (1, 5, 400))}
ALL_TABLES: dict[tuple[str, str], ScoreTable] = {
    (straight, ones): ScoreTable(_SINGLES, _SETS, _MULTIPLIERS, runs, set_points=fixed)
    for straight, runs in _STRAIGHTS.items() for ones, fixed in _ONES.items()}
"""The book's scoring table for each choice of straight and of four and five 1s."""
TABLES: dict[str, ScoreTable] = {straight: ALL_TABLES[straight, "thousand"] for straight in _STRAIGHTS}
"""The book's scoring table, one per choice of straight (four and five 1s: 2,000 and 4,000)."""


def score_table(straight: str, ones_sets: str = "thousand") -> ScoreTable:
    return ALL_TABLES[straight, ones_sets]


def table_for(options: Any) -> ScoreTable:
    return score_table(options.straight, options.ones_sets)


@dataclass
class TenThousandState(State):
    scores: list[int] = field(default_factory=list)
    on_board: list[bool] = field(default_factory=list)
    turn: int = 0
    first: int = 0
    phase: str = "roll"
    push: PushTurn = field(default_factory=lambda: PushTurn(DICE))
    taken_over: int = 0
    """The count this turn took over (0: a fresh turn)."""
    saving: bool = False
    """A take-over whose first roll has not yet saved the count."""
    offer: tuple[int, int] | None = None
    """(count, dice) the player to act may take over."""
    last_bank: tuple[int, int, bool] | None = None
    """What the previous player saved: (count, dice left, all five counted)."""
    turn_no: int = 0
    final_round: bool = False
    last_turn: dict[str, Any] = field(default_factory=dict)


@register
class TenThousand(Game[TenThousandState]):
    spec = SPEC

    def setup(self, players: int, options: Any, rng: random.Random) -> TenThousandState:
        first = rng.randrange(players)
        state = TenThousandState(players=players, options=options, rng=rng,
                                 sheet=ScoreSheet.per_seat(players),
                                 dealer=first, scores=[0] * players, on_board=[False] * players,
                                 turn=first, first=first)
        self._start_turn(state, first)
        return state

    # --- turns ------------------------------------------------------------------------------------
    def _start_turn(self, state: TenThousandState, seat: int) -> None:
        o = state.options
        state.turn = seat
        state.turn_no += 1
        state.push = PushTurn(DICE)
        state.taken_over = 0
        state.saving = False
        state.offer = None
        state.phase = "roll"
        last = state.last_bank
        if o.take_over and last is not None and (not last[2] or o.take_over_hot_dice):
            state.offer = (last[0], last[1])
            state.phase = "offer"

    def _end_turn(self, state: TenThousandState, banked: int | None) -> None:
        seat = state.turn
        push = state.push
        state.last_bank = (push.total, push.left, push.hot) if banked is not None else None
        o = state.options
        if banked is not None and state.scores[seat] >= o.target:
            if not o.equal_turns:
                self._finish(state)
                return
            state.final_round = True
        nxt = (seat + 1) % state.players
        if state.final_round and nxt == state.first:
            self._finish(state)
            return
        self._start_turn(state, nxt)

    def _finish(self, state: TenThousandState) -> None:
        state.over = True
        state.phase = "over"
        state.offer = None

    def may_bank(self, state: TenThousandState) -> bool:
        o = state.options
        if state.on_board[state.turn] or not o.entry:
            return True
        counted = state.push.total if o.take_over_counts_for_entry else state.push.total - state.taken_over
        return bool(counted >= o.entry)

    # --- the contract -------------------------------------------------------------------------------
    def to_act(self, state: TenThousandState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: TenThousandState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        phase = state.phase
        if phase == "offer":
            return [TAKE_OVER, DECLINE]
        if phase == "roll":
            return [ROLL]
        if phase == "keep":
            return [Action("keep", faces) for faces, _ in scoring_keeps(state.push.roll, table_for(state.options))]
        # decide
        return [ROLL, BANK] if self.may_bank(state) else [ROLL]

    def check(self, state: TenThousandState, seat: int, action: Action) -> None:
        if (action.verb == "keep" and state.phase == "keep" and not state.over and seat == state.turn
                and action.args and all(type(a) is int for a in action.args)):
            faces = [a for a in action.args if type(a) is int]
            if not Counter(faces) - Counter(state.push.roll) and score_keep(faces, table_for(state.options)):
                return
        super().check(state, seat, action)

    def explain(self, state: TenThousandState, seat: int, action: Action) -> Clause | None:
        verb, phase = action.verb, state.phase
        if verb in ("take-over", "decline"):
            return RULES["ten_thousand.take-over.offer"] if state.options.take_over else None
        if phase == "offer" and verb in ("roll", "bank", "keep"):
            return RULES["ten_thousand.take-over.offer"]
        if verb == "keep":
            if phase == "decide":
                return RULES["ten_thousand.play.keep-once"]
            faces = Counter(a for a in action.args if type(a) is int)
            held = Counter(f for k in state.push.kept for f in k)
            if phase == "keep" and faces - Counter(state.push.roll) and not faces - Counter(state.push.roll) - held:
                return RULES["ten_thousand.score.one-roll"]
            return RULES["ten_thousand.play.keep-scoring"]
        if verb == "roll" and phase == "keep":
            return RULES["ten_thousand.play.keep-one"]
        if verb == "bank":
            if phase == "decide" and not self.may_bank(state):
                return RULES["ten_thousand.play.meld"]
            return RULES["ten_thousand.play.stop"]
        return None

    def _apply(self, state: TenThousandState, seat: int, action: Action) -> None:
        verb = action.verb
        push = state.push
        if verb == "take-over":
            assert state.offer is not None
            count, dice = state.offer
            push.total = count
            push.left = dice
            state.taken_over = count
            state.saving = True
            state.offer = None
            state.phase = "roll"
        elif verb == "decline":
            state.offer = None
            state.phase = "roll"
        elif verb == "roll":
            self._roll(state)
        elif verb == "keep":
            faces = sorted(a for a in action.args if type(a) is int)
            points = score_keep(faces, table_for(state.options))
            assert points is not None
            push.keep(faces, points)
            state.saving = False
            state.phase = "decide"
        elif verb == "bank":
            self._bank(state)
        else:  # pragma: no cover - check() refuses everything else
            raise ValueError(verb)

    def _roll(self, state: TenThousandState) -> None:
        push = state.push
        faces = roll_dice(state.rng, push.left)
        push.rolled(faces)
        keeps = scoring_keeps(faces, table_for(state.options))
        if state.saving and state.options.save_with_one_or_five and not (1 in faces or 5 in faces):
            self._bust(state, "blew it: no 1 or 5 to save the taken-over count "
                              "[ten_thousand.take-over.save-one-five]")
        elif not keeps:
            if state.saving:
                note = "blew it: nothing counts to save the taken-over count [ten_thousand.take-over.save]"
            else:
                note = "no dice count: the turn scores nothing [ten_thousand.play.bust]"
            self._bust(state, note)
        else:
            state.phase = "keep"

    def _bust(self, state: TenThousandState, note: str) -> None:
        seat = state.turn
        push = state.push
        state.last_turn = {"seat": seat, "outcome": "blew it" if state.taken_over else "bust",
                           "roll": list(push.roll), "lost": push.total}
        points = [0] * state.players
        state.sheet.add(f"turn {state.turn_no}: seat {seat}", tuple(points), state.ply + 1,
                        [f"seat {seat} lost {push.total}: {note}"])
        self._end_turn(state, None)

    def _bank(self, state: TenThousandState) -> None:
        seat = state.turn
        push = state.push
        notes = [f"seat {seat} stopped and scored {push.total} [ten_thousand.play.stop]"]
        if state.taken_over:
            clause = "save-one-five" if state.options.save_with_one_or_five else "save"
            notes.append(f"including {state.taken_over} taken over from the previous player "
                         f"[ten_thousand.take-over.{clause}]")
        if not state.on_board[seat] and state.options.entry:
            notes.append(f"seat {seat} is on the board [ten_thousand.play.meld]")
        state.on_board[seat] = True
        state.scores[seat] += push.total
        points = [0] * state.players
        points[seat] = push.total
        if state.scores[seat] >= state.options.target:
            clause = "equal-turns" if state.options.equal_turns else "target"
            notes.append(f"seat {seat} reached {state.options.target} [ten_thousand.object.{clause}]")
        state.sheet.add(f"turn {state.turn_no}: seat {seat}", tuple(points), state.ply + 1, notes)
        state.last_turn = {"seat": seat, "outcome": "stopped", "scored": push.total,
                           "dice_left": push.left, "hot": push.hot}
        self._end_turn(state, push.total)

    # --- views -----------------------------------------------------------------------------------------
    def view(self, state: TenThousandState, seat: int | None) -> dict[str, Any]:
        push = state.push
        keeps = scoring_keeps(push.roll, table_for(state.options)) if state.phase == "keep" else ()
        return {
            "phase": state.phase,
            "to_act": list(self.to_act(state)),
            "turn": state.turn,
            "first": state.first,
            "turn_no": state.turn_no,
            "scores": list(state.scores),
            "on_board": list(state.on_board),
            "target": state.options.target,
            "entry": state.options.entry,
            "dice": list(push.roll),
            "kept": [list(k) for k in push.kept],
            "turn_total": push.total,
            "dice_left": push.left,
            "hot_dice": push.hot,
            "taken_over": state.taken_over,
            "saving": state.saving,
            "offer": {"count": state.offer[0], "dice": state.offer[1]} if state.offer else None,
            "may_stop": state.phase == "decide" and self.may_bank(state),
            "keeps": [{"dice": list(f), "points": p} for f, p in keeps],
            "final_round": state.final_round,
            "last_turn": dict(state.last_turn),
            "options": as_dict(state.options),
            "sheet": state.sheet.to_dict(),
            "over": state.over,
        }

    def prompt(self, state: TenThousandState, seat: int) -> str:
        if state.over or seat != state.turn:
            return ""
        push = state.push
        if state.phase == "offer" and state.offer:
            return f"Take over {state.offer[0]} with {state.offer[1]} dice, or decline?"
        if state.phase == "roll":
            return f"Roll {push.left} dice."
        if state.phase == "keep":
            return f"You rolled {' '.join(map(str, push.roll))}: keep the dice that count."
        if self.may_bank(state):
            return f"You have {push.total} this turn: roll {push.left} dice or stop."
        return f"You have {push.total} this turn: roll {push.left} dice (you need {state.options.entry} to meld)."


ROLL = Action("roll")
BANK = Action("bank")
TAKE_OVER = Action("take-over")
DECLINE = Action("decline")
