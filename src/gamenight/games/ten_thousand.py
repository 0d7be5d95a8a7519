"""10,000 (rulebook 000): five dice, 1,000 to get on the board, hot dice, taking over
the previous player's saved count, and the book's scoring table. First to 10,000 wins.

The five dice are pieces (``d6:4``) in four zones: the cup (the dice to roll next), the
roll on the table, the dice kept this turn, and the dice set aside with a count on offer
or taken over. Moves name faces (``keep 1 5``), as they always have."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.dice import Die, DieKind, roll_dice
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN, Clause, Rules
from gamenight.engine.events import emit
from gamenight.engine.game import Game, GameSpec, State
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Zone, ZoneKind, fact, flag
from gamenight.families.dice import PushTurn, ScoreTable, score_keep, scoring_keeps

DICE = 5
LOW_STRAIGHT = (1, 2, 3, 4, 5)
HIGH_STRAIGHT = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class TenThousandOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    target: int = option(10_000, "Target: {value}.", minimum=500)
    entry: int = option(1_000, "To get on the board: {value} in one turn (0: no minimum).", minimum=0)
    straight: str = option("both", "Straights: {value}.", choices=("both", "low", "high"))
    ones_sets: str = option(
        "thousand", "Four and five 1s: {value} (thousand: from three 1s' 1,000; hundred: the table's x00 read "
                    "literally).", choices=("thousand", "hundred"))
    take_over: bool = option(True, "Taking over: {value}.")
    take_over_hot_dice: bool = option(True, "Taking over after hot dice: {value}.")
    take_over_counts_for_entry: bool = option(True, "A count taken over counts toward getting on the board: {value}.")
    save_with_one_or_five: bool = option(True, "Saving a count taken over needs a 1 or a 5: {value}.")
    equal_turns: bool = option(False, "Equal turns: {value}.")


R = "Players and dice"
OBJ = "Object of the game"
P = "Game play"
T = "Taking over"
S = "Scoring"

FIVE_DICE = Clause(
    "ten_thousand.players.dice", "The game is played with 5 dice. Any number of people can play (2 to 8 here).", R)
FIRST_PLAYER = Clause(
    "ten_thousand.players.first", "The first player is chosen at random; play then goes around the table to the left.",
    R)
TARGET = Clause(
    "ten_thousand.object.target", "The first player to get {target} or higher wins.",
    OBJ, option="target", when=lambda o: not o.equal_turns)
EQUAL_TURNS = Clause(
    "ten_thousand.object.equal-turns", "When a player reaches {target} or higher, the round is finished so that "
    "everyone has had the same number of turns; then the highest score wins (players tied for highest share the win).",
    OBJ, option="equal_turns", when=lambda o: o.equal_turns)
START_ROLL = Clause("ten_thousand.play.roll", "A turn starts by rolling all five dice.", P)
MELD_ENTRY = Clause(
    "ten_thousand.play.meld", "A total of {entry} is required to meld. Your score does not count until you have "
    "melded, so until then you may not stop a turn with less than {entry}.",
    P, option="entry", when=lambda o: o.entry > 0)
KEEP_ONE = Clause(
    "ten_thousand.play.keep-one", "You must keep at least one die each time you roll in order to qualify to continue "
    "rolling.", P)
KEEP_SCORING = Clause(
    "ten_thousand.play.keep-scoring", "Only dice that count may be kept, and only from the roll just made: every die "
    "you keep must be a 1, a 5, or part of a set or straight in that roll.", P)
KEEP_ONCE = Clause(
    "ten_thousand.play.keep-once", "Set aside all the dice you keep from a roll at once, then roll the rest or stop.",
    P)
NO_REROLL = Clause("ten_thousand.play.no-reroll", "You may not at any time re-roll dice that have been held.", P)
BUST = Clause("ten_thousand.play.bust", "If a roll has no dice that count, the turn is over and scores nothing.", P)
HOT_DICE = Clause(
    "ten_thousand.play.hot-dice", "If during a turn all the dice count, you may roll all five of them again.", P)
STOP = Clause(
    "ten_thousand.play.stop", "You may stop at any time during a turn, once you have kept dice from your last roll, "
    "and score all that was rolled to that point.", P)
TAKE_OVER_OFFER = Clause(
    "ten_thousand.take-over.offer", "If the player before you stopped and saved a count, you may take over at that "
    "point: take their count and roll the balance of the dice (those they did not hold) to save it and increase it. Or "
    "decline and start your own turn with five dice.", T, option="take_over", when=lambda o: o.take_over)
SAVE_ANY = Clause(
    "ten_thousand.take-over.save", "If you save it by rolling at least one scoring die, you score the saved count plus "
    "whatever you roll, and carry on as in any turn. If your first roll has nothing that counts you \"blew it\" for "
    "that turn.", T, option="save_with_one_or_five", when=lambda o: o.take_over and not o.save_with_one_or_five)
SAVE_ONE_OR_FIVE = Clause(
    "ten_thousand.take-over.save-one-five", "If you save it by rolling at least a single five or a one, you score the "
    "saved count plus whatever you roll, and carry on as in any turn (a set with no 1 or 5 in the roll does not save "
    "it). If you do not save it with at least a five or a one, you \"blew it\" for that turn.",
    T, option="save_with_one_or_five", when=lambda o: o.take_over and o.save_with_one_or_five)
TAKE_OVER_HOT_DICE = Clause(
    "ten_thousand.take-over.hot-dice", "If the player before you stopped with all five dice counting, the balance is "
    "all five dice and you may take over with them.",
    T, option="take_over_hot_dice", when=lambda o: o.take_over and o.take_over_hot_dice)
NO_TAKE_OVER_HOT_DICE = Clause(
    "ten_thousand.take-over.no-hot-dice", "If the player before you stopped with all five dice counting there is "
    "nothing left to roll, and you may not take over.",
    T, option="take_over_hot_dice", when=lambda o: o.take_over and not o.take_over_hot_dice)
TAKEN_COUNTS_FOR_ENTRY = Clause(
    "ten_thousand.take-over.entry", "A taken-over count is part of your turn's total, so it counts toward the {entry} "
    "you need to meld.",
    T, option="take_over_counts_for_entry", when=lambda o: o.take_over and o.entry > 0 and o.take_over_counts_for_entry)
OWN_ENTRY = Clause(
    "ten_thousand.take-over.entry-own", "A taken-over count does not count toward the {entry} you need to meld: you "
    "must roll that much yourself in the turn.",
    T, option="take_over_counts_for_entry",
    when=lambda o: o.take_over and o.entry > 0 and not o.take_over_counts_for_entry)
TAKEN_OVER_KEPT = Clause(
    "ten_thousand.take-over.kept", "The player who saved the count keeps it: taking over does not take it away from "
    "them.", T, option="take_over", when=lambda o: o.take_over)
ONE_ROLL = Clause("ten_thousand.score.one-roll", "Sets and runs must be made on one roll to count.", S)
FIVE = Clause("ten_thousand.score.five", "A single 5 is 50.", S)
ONE = Clause("ten_thousand.score.one", "A single 1 is 100.", S)
THREE_ONES = Clause("ten_thousand.score.three-ones", "Three of a kind 1s is 1,000.", S)
THREE_OF_A_KIND = Clause(
    "ten_thousand.score.three", "Three of a kind is the face times 100 (three 2s is 200, three 4s is 400).", S)
FOUR_OF_A_KIND = Clause(
    "ten_thousand.score.four", "Four of a kind is the three-of-a-kind value times 2 (four 2s is 400, four 3s is 600; "
    "four 1s is 2,000).", S, option="ones_sets", when=lambda o: o.ones_sets == "thousand")
FIVE_OF_A_KIND = Clause(
    "ten_thousand.score.five-kind", "Five of a kind is the three-of-a-kind value times 4 (five 2s is 800, five 3s is "
    "1,200; five 1s is 4,000).", S, option="ones_sets", when=lambda o: o.ones_sets == "thousand")
FOUR_OF_A_KIND_FACE = Clause(
    "ten_thousand.score.four-face", "Four of a kind is x00 times 2 (four 2s is 400, four 3s is 600; four 1s is 200, so "
    "they count best as three 1s and a single 1: 1,100).",
    S, option="ones_sets", when=lambda o: o.ones_sets == "hundred")
FIVE_OF_A_KIND_FACE = Clause(
    "ten_thousand.score.five-kind-face", "Five of a kind is x00 times 4 (five 2s is 800, five 3s is 1,200; five 1s is "
    "400, so they count best as three 1s and two single 1s: 1,200).",
    S, option="ones_sets", when=lambda o: o.ones_sets == "hundred")
BEST_COUNT = Clause(
    "ten_thousand.score.best", "When the dice you keep can be counted more than one way, they score the most they can.",
    S)
STRAIGHTS = Clause(
    "ten_thousand.score.straight", "A straight (1-2-3-4-5 or 2-3-4-5-6) is 1,000.",
    S, option="straight", when=lambda o: o.straight == "both")
STRAIGHT_LOW_ONLY = Clause(
    "ten_thousand.score.straight-low", "A straight is 1-2-3-4-5 and is 1,000.",
    S, option="straight", when=lambda o: o.straight == "low")
STRAIGHT_HIGH_ONLY = Clause(
    "ten_thousand.score.straight-high", "A straight is 2-3-4-5-6 and is 1,000.",
    S, option="straight", when=lambda o: o.straight == "high")

TEXT_ONLY = (FIVE_DICE, FIRST_PLAYER, NO_REROLL, HOT_DICE, TAKE_OVER_HOT_DICE, TAKEN_COUNTS_FOR_ENTRY,
             TAKEN_OVER_KEPT, FIVE, ONE, THREE_ONES, THREE_OF_A_KIND, FOUR_OF_A_KIND, FIVE_OF_A_KIND,
             FOUR_OF_A_KIND_FACE, FIVE_OF_A_KIND_FACE, BEST_COUNT, STRAIGHTS, STRAIGHT_LOW_ONLY, STRAIGHT_HIGH_ONLY)
"""Clauses the referee follows without citing them (the scoring table is ``ALL_TABLES``)."""

RULES = Rules([
    FIVE_DICE, FIRST_PLAYER, TARGET, EQUAL_TURNS, START_ROLL, MELD_ENTRY, KEEP_ONE, KEEP_SCORING, KEEP_ONCE,
    NO_REROLL, BUST, HOT_DICE, STOP, TAKE_OVER_OFFER, SAVE_ANY, SAVE_ONE_OR_FIVE, TAKE_OVER_HOT_DICE,
    NO_TAKE_OVER_HOT_DICE, TAKEN_COUNTS_FOR_ENTRY, OWN_ENTRY, TAKEN_OVER_KEPT, ONE_ROLL, FIVE, ONE, THREE_ONES,
    THREE_OF_A_KIND, FOUR_OF_A_KIND, FIVE_OF_A_KIND, FOUR_OF_A_KIND_FACE, FIVE_OF_A_KIND_FACE, BEST_COUNT, STRAIGHTS,
    STRAIGHT_LOW_ONLY, STRAIGHT_HIGH_ONLY,
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


class Phase(StrEnum):
    OFFER = "offer"
    """The player before stopped with a count: take it over, or decline."""
    ROLL = "roll"
    KEEP = "keep"
    DECIDE = "decide"
    """Dice kept: roll the rest, or stop."""
    OVER = "over"


@dataclass
class TenThousandState(State):
    scores: list[int] = field(default_factory=list)
    on_board: list[bool] = field(default_factory=list)
    turn: int = 0
    first: int = 0
    phase: Phase = Phase.ROLL
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
    cup: list[Die] = field(default_factory=lambda: [Die.of(DieKind.SIX, 1)] * DICE)
    """The dice to roll next."""
    rolled: list[Die] = field(default_factory=list)
    """The roll on the table, waiting for the dice that count to be kept."""
    kept: list[Die] = field(default_factory=list)
    """Dice kept this turn (since the last hot dice): they are never rolled again."""
    set_aside: list[Die] = field(default_factory=list)
    """The dice held with a count on offer or taken over: the taker rolls only the rest."""


ROLL = Action("roll")
BANK = Action("bank")
TAKE_OVER = Action("take-over")
DECLINE = Action("decline")


class Moves(Sequence[Action]):
    """The moves a rule allows when they are too many to list (every "keep" of dice from a roll):
    a cascade only asks whether a move is among them, and each cascade's last step lists its moves."""

    def __init__(self, test: Callable[[Action], bool]) -> None:
        self.test = test

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Action) and self.test(move)

    def __len__(self) -> int:
        return 0

    def __getitem__(self, index: Any) -> Any:
        raise IndexError(index)


def faces_of(action: Action) -> tuple[int, ...] | None:
    """The faces a keep names, in order (None: not a keep of faces, like 'keep 1 5')."""
    args = action.args
    if action.verb != "keep" or not args or not all(type(a) is int for a in args):
        return None
    return tuple(sorted(args))


def _faces(faces: Sequence[int]) -> str:
    return " ".join(map(str, faces))


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
        state.phase = Phase.ROLL
        held = state.kept + state.set_aside
        state.cup = state.cup + state.rolled
        state.rolled, state.kept, state.set_aside = [], [], []
        last = state.last_bank
        if o.take_over and last is not None and (not last[2] or o.take_over_hot_dice):
            state.offer = (last[0], last[1])
            state.phase = Phase.OFFER
            if not last[2]:
                state.set_aside = held
                return
        state.cup += held

    def _end_turn(self, state: TenThousandState, banked: int | None) -> None:
        seat = state.turn
        push = state.push
        state.last_bank = (push.total, push.left, push.hot) if banked is not None else None
        o = state.options
        if banked is not None and state.scores[seat] >= o.target:
            if not o.equal_turns:
                self._finish(state)
                return
            if not state.final_round:
                emit(state, f"{{0}} has reached {o.target:,}: the round is finished so that everyone has had the "
                            "same number of turns", seat)
            state.final_round = True
        nxt = (seat + 1) % state.players
        if state.final_round and nxt == state.first:
            self._finish(state)
            return
        self._start_turn(state, nxt)

    def _finish(self, state: TenThousandState) -> None:
        state.over = True
        state.phase = Phase.OVER
        state.offer = None
        for w in self.result(state).winners:
            emit(state, f"{{0}} wins with {state.scores[w]:,}", w, kind="summary")

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
        return list(narrow(self.restrictions(state, seat)))

    def restrictions(self, state: TenThousandState, seat: int) -> Iterator[Step[Action]]:
        """The rules that narrow ``seat``'s moves now, in rulebook order."""
        phase = state.phase
        if phase == Phase.OFFER:
            assert state.offer is not None
            count, dice = state.offer
            yield Step([TAKE_OVER, DECLINE], TAKE_OVER_OFFER, f"the player before you stopped with {count:,}: take "
                                                              f"it over with the {dice} dice left, or decline first")
            return
        yield self._no_offer(state)
        push = state.push
        if phase == Phase.ROLL:
            yield Step(Moves(lambda a: a != BANK), STOP, "you have not rolled yet")
            yield Step([ROLL], START_ROLL, "a turn starts with a roll")
        elif phase == Phase.KEEP:
            roll = Counter(push.roll)
            held = Counter(f for k in push.kept for f in k)
            rolled = _faces(push.roll)
            yield Step(Moves(lambda a: a != BANK), STOP, "keep the dice that count from your roll before you stop")
            yield Step(Moves(lambda a: a.verb == "keep"), KEEP_ONE,
                       "keep at least one die that counts before you roll again")
            yield Step(Moves(lambda a: (f := faces_of(a)) is not None and not Counter(f) - roll - held), KEEP_SCORING,
                       f"you rolled {rolled}: keep dice from that roll")
            yield Step(Moves(lambda a: not Counter(faces_of(a)) - roll), ONE_ROLL,
                       f"sets and runs must be made on one roll, and you rolled {rolled}")
            yield Step([Action("keep", f) for f, _ in scoring_keeps(push.roll, table_for(state.options))],
                       KEEP_SCORING, lambda a: f"{_faces(a.args)} do not all count")
        else:
            yield Step(Moves(lambda a: a.verb != "keep"), KEEP_ONCE,
                       "you have kept your dice from this roll: roll the rest or stop")
            yield Step([ROLL, BANK], STOP, f"roll the {push.left} dice left or stop")
            if not self.may_bank(state):
                o = state.options
                own = state.taken_over and not o.take_over_counts_for_entry
                yield Step([ROLL], OWN_ENTRY if own else MELD_ENTRY,
                           f"you need {o.entry:,} in one turn to get on the board"
                           + (f", not counting the {state.taken_over:,} you took over" if own else "")
                           + f", and you have {push.total:,}")

    def _no_offer(self, state: TenThousandState) -> Step[Action]:
        """No count to take over (the offer, when there is one, is the turn's first choice)."""
        allowed = Moves(lambda a: a not in (TAKE_OVER, DECLINE))
        o = state.options
        if not o.take_over:
            return Step(allowed, None, "this house does not play taking over")
        last = state.last_bank
        if last is not None and last[2] and not o.take_over_hot_dice and state.phase == Phase.ROLL \
                and not state.push.kept:
            return Step(allowed, NO_TAKE_OVER_HOT_DICE, "the player before you stopped with all five dice "
                                                        "counting: there is nothing left to roll")
        return Step(allowed, TAKE_OVER_OFFER, "there is no saved count to take over now")

    def refusal(self, state: TenThousandState, seat: int, action: Action) -> None:
        faces = faces_of(action)  # the dice of a keep may be named in any order
        refuse(self.restrictions(state, seat), Action("keep", faces) if faces else action, state.options, UNKNOWN)

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
            state.phase = Phase.ROLL
            emit(state, f"{{0}} takes over {count:,} with {dice} dice to roll", seat)
        elif verb == "decline":
            assert state.offer is not None
            emit(state, f"{{0}} declines the {state.offer[0]:,} and starts with five dice", seat)
            state.offer = None
            state.cup += state.set_aside
            state.set_aside = []
            state.phase = Phase.ROLL
        elif verb == "roll":
            self._roll(state)
        elif verb == "keep":
            faces = faces_of(action)
            assert faces is not None
            self._keep(state, faces)
        elif verb == "bank":
            self._bank(state)
        else:  # refusal() lets no other verb through
            raise ValueError(verb)

    def _roll(self, state: TenThousandState) -> None:
        push = state.push
        if push.hot:  # every die counted: all five are picked up again
            state.cup += state.kept + state.set_aside
            state.kept, state.set_aside = [], []
        dice = roll_dice(state.rng, len(state.cup))
        state.cup, state.rolled = [], dice
        faces = [d.face for d in dice]
        push.rolled(faces)
        rolls = "{0} rolls " + _faces(faces)
        keeps = scoring_keeps(faces, table_for(state.options))
        if state.saving and state.options.save_with_one_or_five and not (1 in faces or 5 in faces):
            emit(state, rolls + f" — blew it: no 1 or 5 to save the {state.taken_over:,}", state.turn, pieces=dice)
            self._bust(state, f"blew it: no 1 or 5 to save the taken-over count [{SAVE_ONE_OR_FIVE.id}]")
        elif not keeps:
            if state.saving:
                emit(state, rolls + f" — blew it: nothing counts to save the {state.taken_over:,}", state.turn,
                     pieces=dice)
                self._bust(state, f"blew it: nothing counts to save the taken-over count [{SAVE_ANY.id}]")
            else:
                lost = f": {push.total:,} lost" if push.total else ""
                emit(state, rolls + " — bust" + lost, state.turn, pieces=dice)
                self._bust(state, f"no dice count: the turn scores nothing [{BUST.id}]")
        else:
            emit(state, rolls + (f" — the {state.taken_over:,} is saved" if state.saving else ""), state.turn,
                 pieces=dice)
            state.saving = False
            state.phase = Phase.KEEP

    def _keep(self, state: TenThousandState, faces: tuple[int, ...]) -> None:
        push = state.push
        points = score_keep(faces, table_for(state.options))
        assert points is not None
        rest = list(state.rolled)
        for f in faces:
            die = next(d for d in rest if d.face == f)
            rest.remove(die)
            state.kept.append(die)
        state.rolled, state.cup = [], rest
        hot = push.keep(faces, points)
        emit(state, f"{{0}} keeps {_faces(faces)} for {points:,}"
                    + (" — hot dice: all five may be rolled again" if hot else ""), state.turn,
             pieces=state.kept[len(state.kept) - len(faces):])
        state.phase = Phase.DECIDE

    def _bust(self, state: TenThousandState, note: str) -> None:
        seat = state.turn
        push = state.push
        points = [0] * state.players
        state.sheet.add(f"turn {state.turn_no}: seat {seat}", tuple(points), state.ply + 1,
                        [f"seat {seat} lost {push.total}: {note}"])
        self._end_turn(state, None)

    def _bank(self, state: TenThousandState) -> None:
        seat = state.turn
        push = state.push
        o = state.options
        notes = [f"seat {seat} stopped and scored {push.total} [{STOP.id}]"]
        if state.taken_over:
            saved = SAVE_ONE_OR_FIVE if o.save_with_one_or_five else SAVE_ANY
            notes.append(f"including {state.taken_over} taken over from the previous player [{saved.id}]")
        entered = not state.on_board[seat] and o.entry
        if entered:
            notes.append(f"seat {seat} is on the board [{MELD_ENTRY.id}]")
        state.on_board[seat] = True
        state.scores[seat] += push.total
        points = [0] * state.players
        points[seat] = push.total
        if state.scores[seat] >= o.target:
            notes.append(f"seat {seat} reached {o.target} [{(EQUAL_TURNS if o.equal_turns else TARGET).id}]")
        state.sheet.add(f"turn {state.turn_no}: seat {seat}", tuple(points), state.ply + 1, notes)
        emit(state, f"{{0}} stops and scores {push.total:,}" + (", and is on the board" if entered else "")
                    + f": {state.scores[seat]:,} in all", seat)
        self._end_turn(state, push.total)

    # --- what the players see -----------------------------------------------------------------------------
    def phase(self, state: TenThousandState) -> Phase:
        return state.phase

    def zones(self, state: TenThousandState) -> list[Zone]:
        return [Zone("cup", state.cup, frozenset(), kind=ZoneKind.DICE, label="To roll"),
                Zone("roll", state.rolled, kind=ZoneKind.DICE, label="Roll"),
                Zone("kept", state.kept, kind=ZoneKind.DICE, label="Kept"),
                Zone("set aside", state.set_aside, kind=ZoneKind.DICE, label="Set aside with the count")]

    def all_cards(self, state: TenThousandState) -> list[Die]:
        """The five dice (their faces change with every roll: they are counted where they lie)."""
        return state.cup + state.rolled + state.kept + state.set_aside

    def facts(self, state: TenThousandState, seat: int | None) -> list[Fact]:
        o = state.options
        fs: list[Fact] = []
        if state.offer is not None:
            fs.append(fact("offer", "Count to take over", FactKind.NUMBER, state.offer[0]))
        elif not state.over:
            fs.append(fact("turn_total", "This turn", FactKind.NUMBER, state.push.total))
        if state.taken_over:
            fs.append(fact("taken_over", "Taken over", FactKind.NUMBER, state.taken_over))
        if state.saving:
            fs.append(flag("saving", "The count taken over is not saved yet", True))
        if o.entry:
            on_board = [s for s, on in enumerate(state.on_board) if on]
            fs.append(fact("on_board", "On the board", FactKind.SEATS, on_board))
        if state.final_round and not state.over:
            fs.append(flag("final_round", "Last round", True))
        return fs

    def prompt(self, state: TenThousandState, seat: int) -> str:
        if state.over or seat != state.turn:
            return ""
        push = state.push
        if state.phase == Phase.OFFER and state.offer:
            count, dice = state.offer
            return f"Take over {count:,} and roll the {dice} dice left, or start afresh with five dice?"
        if state.phase == Phase.ROLL:
            return f"Roll {push.left} dice."
        if state.phase == Phase.KEEP:
            return f"You rolled {_faces(push.roll)}: keep the dice that count."
        if self.may_bank(state):
            return f"You have {push.total:,} this turn: roll {push.left} dice or stop."
        return f"You have {push.total:,} this turn: roll {push.left} dice (you need {state.options.entry:,} to " \
               "get on the board)."
