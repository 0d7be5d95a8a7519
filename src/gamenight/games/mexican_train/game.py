"""Mexican Train's state machine: each hand's deal and engine, the turn (play, draw, mark, pass),
doubles, the end of a hand and the thirteen-hand match."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.seats import clockwise_from, left_of
from gamenight.core.tiles import Tile, double_set
from gamenight.engine.actions import Action
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.events import emit, private
from gamenight.engine.game import Game, Result, State, ranked
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Zone, ZoneKind, fact
from gamenight.games.mexican_train.rules import (
    COVER,
    DRAW,
    EMPTY_BONEYARD,
    FIRST,
    FIRST_HELD_OUT,
    FOLLOW_UP,
    GOAL,
    HANDS,
    MATCH,
    MEXICAN,
    MEXICAN_TRAIN,
    OWN_TRAINS,
    PLAY_TURN,
    ROUNDS,
    SPEC,
    TOP,
    engine_for,
    score_hand,
    tiles_each,
)

DRAW_ACTION = Action("draw")
PASS_ACTION = Action("pass")
STUCK_MOVES = (DRAW_ACTION, PASS_ACTION)


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


def play(tile: Tile, target: int | str) -> Action:
    """``play 12-5 on 3`` (the train of seat 3) or ``play 12-5 on mexican``."""
    return Action("play", (tile, "on", target))


@dataclass
class MexicanTrainState(State):
    hand_no: int = 0
    engine: Tile = field(default_factory=lambda: engine_for(1))
    hands: list[list[Tile]] = field(default_factory=list)
    boneyard: list[Tile] = field(default_factory=list)
    trains: list[list[Tile]] = field(default_factory=list)
    """One train per seat, then the Mexican train (index ``players``), each from the engine outwards."""
    placed_by: list[list[int]] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    """The open end of each train (the engine's number while it has no dominoes)."""
    marked: list[bool] = field(default_factory=list)
    turn: int = 0
    turns: int = 0
    """Turns finished this hand (0: the first player has not finished theirs)."""
    owes: bool = False
    """The player to act played a double this turn and must play again."""
    drawn: Tile | None = None
    """The domino just drawn, which can be played and so must be."""
    uncovered: int | None = None
    """Under the cover rule: the train whose last domino is a double still to be covered."""
    went_out: int | None = None
    """Who went out of the last hand finished (None: it was blocked, or none finished yet)."""

    @property
    def mexican(self) -> int:
        return self.players


def train_words(state: MexicanTrainState, train: int, seat: int) -> str:
    """A train in words, as ``seat`` would call it."""
    if train == state.mexican:
        return "the Mexican train"
    return "your train" if train == seat else f"seat {train}'s train"


def laid(train: Sequence[Tile], start: int) -> list[str]:
    """Each domino of a train as laid, engine side first (``12-5``, ``5-3``), the last marked open."""
    out = []
    near = start
    for tile in train:
        far = tile.other_end(near)
        out.append(f"{near}-{far}")
        near = far
    if out:
        out[-1] += ", open end"
    return out


@register
class MexicanTrain(Game[MexicanTrainState]):
    spec = SPEC

    # --- setup and each hand's start ------------------------------------------------------------------
    def setup(self, players: int, options: Any, rng: random.Random) -> MexicanTrainState:
        state = MexicanTrainState(players=players, options=options, rng=rng, sheet=ScoreSheet.per_seat(players),
                                  dealer=rng.randrange(players))
        self._start_hand(state)
        return state

    def _start_hand(self, state: MexicanTrainState) -> None:
        n = state.players
        state.hand_no += 1
        if state.hand_no > 1:
            state.dealer = left_of(state.dealer, n)
        engine = engine_for(state.hand_no)
        held_out = state.options.next_engine_held_out
        tiles = double_set(TOP)
        state.rng.shuffle(tiles)
        if held_out:
            tiles.remove(engine)
        each = tiles_each(n)
        state.hands = [tiles[s * each:(s + 1) * each] for s in range(n)]
        state.boneyard = tiles[n * each:]
        state.trains = [[] for _ in range(n + 1)]
        state.placed_by = [[] for _ in range(n + 1)]
        state.ends = [engine.high] * (n + 1)
        state.marked = [False] * n
        state.turns = 0
        state.owes = False
        state.drawn = None
        state.uncovered = None
        state.engine = engine
        emit(state, f"Hand {state.hand_no} of {HANDS}: the engine is the {engine}; each player draws {each} "
                    f"dominoes", kind="deal")
        if held_out:
            starter = state.went_out if state.went_out is not None else left_of(state.dealer, n)
            emit(state, f"The {engine} is placed in the centre; {{0}} begins the play", starter, pieces=(engine,))
        else:
            starter = self._find_engine(state, engine)
            state.hands[starter].remove(engine)
            emit(state, f"{{0}} places the {engine} in the centre and starts the play", starter, pieces=(engine,))
        state.turn = starter

    def _find_engine(self, state: MexicanTrainState, engine: Tile) -> int:
        """The seat holding the engine, after rounds of drawing if nobody was dealt it."""
        holder = self._holder(state, engine)
        drew = False
        while holder is None:
            emit(state, f"No one has the {engine}: each player draws a domino from the boneyard", kind="draw")
            for seat in clockwise_from(left_of(state.dealer, state.players), state.players):
                if not state.boneyard:
                    break
                tile = state.boneyard.pop()
                state.hands[seat].append(tile)
                private(state, seat, f"{{0}} draws the {tile}", "{0} draws a domino", seat, pieces=(tile,), kind="draw")
            holder = self._holder(state, engine)
            drew = True
        if drew:
            emit(state, f"{{0}} drew the {engine}", holder, pieces=(engine,))
        return holder

    @staticmethod
    def _holder(state: MexicanTrainState, engine: Tile) -> int | None:
        return next((s for s in range(state.players) if engine in state.hands[s]), None)

    # --- the four questions ------------------------------------------------------------------------
    def to_act(self, state: MexicanTrainState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def legal_actions(self, state: MexicanTrainState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        return list(narrow(self.cascade(state, seat)))

    def refusal(self, state: MexicanTrainState, seat: int, action: Action) -> None:
        if not self._well_formed(state, action):
            raise IllegalAction(PLAY_TURN, self._not_a_move(state, seat, action), state.options)
        refuse(self.cascade(state, seat), action, state.options, PLAY_TURN)

    def off_turn(self, state: MexicanTrainState, seat: int, action: Action) -> None:
        turn = state.turn
        if state.owes:
            if state.options.doubles == "cover":
                raise IllegalAction(COVER, f"seat {turn} must cover their double first", state.options)
            raise IllegalAction(FOLLOW_UP, f"seat {turn} played a double and plays again first", state.options)
        if state.turns == 0:
            clause = FIRST_HELD_OUT if state.options.next_engine_held_out else FIRST
            raise IllegalAction(clause, f"seat {turn} begins the play this hand", state.options)
        raise IllegalAction(PLAY_TURN, f"it is seat {turn}'s turn", state.options)

    # --- the turn's one restriction cascade ----------------------------------------------------------
    def open_trains(self, state: MexicanTrainState, seat: int) -> set[int]:
        """The trains ``seat`` may play on: their own, the Mexican train and every marked train."""
        return {seat, state.mexican, *(s for s in range(state.players) if state.marked[s])}

    def cascade(self, state: MexicanTrainState, seat: int) -> Iterator[Step[Action]]:
        """What ``seat`` may do now, rule by rule in the book's order."""
        hand = state.hands[seat]
        plays = [play(t, self._target(state, x)) for t in hand for x in range(state.players + 1)]
        yield Step([*plays, *STUCK_MOVES], PLAY_TURN, lambda m: self._not_a_move(state, seat, m))
        u = state.uncovered
        if u is not None:
            double = state.trains[u][-1]
            plays = [a for a in plays if self._train(state, a) == u]
            yield Step([*plays, *STUCK_MOVES], COVER,
                       f"the {double} on {train_words(state, u, seat)} must be covered first")
        else:
            allowed = self.open_trains(state, seat)
            plays = [a for a in plays if self._train(state, a) in allowed]
            yield Step([*plays, *STUCK_MOVES], OWN_TRAINS,
                       lambda m: f"{train_words(state, self._train(state, m), seat)} is not marked")
        mexican, number = state.mexican, state.engine.high
        if not state.trains[mexican]:
            plays = [a for a in plays if self._train(state, a) != mexican or a.args[0].has(number)]
            yield Step([*plays, *STUCK_MOVES], MEXICAN_TRAIN, f"the Mexican train must begin with a {number}")
        plays = [a for a in plays if a.args[0].has(state.ends[self._train(state, a)])]
        yield Step([*plays, *STUCK_MOVES], MATCH, lambda m: self._mismatch(state, seat, m))
        if plays:
            yield Step(plays, DRAW, f"you can play ({plays[0]}), so you may not draw or pass")
        elif state.boneyard:
            yield Step([DRAW_ACTION], DRAW, "you cannot play, so you draw from the boneyard")
        else:
            yield Step([PASS_ACTION], EMPTY_BONEYARD, "the boneyard is empty: you cannot play, so you pass")

    def _target(self, state: MexicanTrainState, train: int) -> int | str:
        return MEXICAN if train == state.mexican else train

    def _train(self, state: MexicanTrainState, action: Action) -> int:
        target = action.args[2]
        return state.mexican if target == MEXICAN else int(target)

    def _well_formed(self, state: MexicanTrainState, action: Action) -> bool:
        if action.verb in ("draw", "pass"):
            return not action.args
        if action.verb != "play" or len(action.args) != 3:
            return False
        tile, on, target = action.args
        return type(tile) is Tile and on == "on" and (
            target == MEXICAN or (type(target) is int and 0 <= target < state.players))

    def _not_a_move(self, state: MexicanTrainState, seat: int, action: Action) -> str:
        hand = state.hands[seat]
        sample = hand[0] if hand else "6-4"
        example = (f"write the domino and the train, like 'play {sample} on {seat}' for your own train (a seat's "
                   f"number for theirs) or 'play {sample} on mexican'")
        if action.verb in ("draw", "pass"):
            return f"'{action.verb}' takes nothing after it"
        if action.verb != "play":
            return f"'{action}' is not a move in Mexican Train: play a domino, draw or pass"
        if len(action.args) != 3 or type(action.args[0]) is not Tile or action.args[1] != "on":
            return example
        tile, _, target = action.args
        if not (target == MEXICAN or (type(target) is int and 0 <= target < state.players)):
            return f"there is no train '{target}': name a seat (0 to {state.players - 1}) or mexican"
        return f"you do not hold the {tile}"

    def _mismatch(self, state: MexicanTrainState, seat: int, action: Action) -> str:
        tile, train = action.args[0], self._train(state, action)
        where = train_words(state, train, seat)
        if not state.trains[train]:
            return f"the {tile} does not fit: {where} begins with a {state.engine.high}, the centre double's number"
        return f"the {tile} does not match the open {state.ends[train]} of {where}"

    # --- applying a move ----------------------------------------------------------------------------
    def _apply(self, state: MexicanTrainState, seat: int, action: Action) -> None:
        if action.verb == "play":
            self._play(state, seat, action.args[0], self._train(state, action))
        elif action.verb == "draw":
            self._draw(state, seat)
        else:
            emit(state, "{0} cannot play and the boneyard is empty", seat, kind="pass")
            self._mark_and_pass(state, seat)

    def _play(self, state: MexicanTrainState, seat: int, tile: Tile, train: int) -> None:
        opts = state.options
        started = bool(state.trains[train])
        state.hands[seat].remove(tile)
        state.trains[train].append(tile)
        state.placed_by[train].append(seat)
        state.ends[train] = tile.other_end(state.ends[train])
        state.drawn = None
        if train == state.mexican:
            text = "{0} plays the %s on the Mexican train" if started else "{0} starts the Mexican train with the %s"
            emit(state, text % tile, seat, pieces=(tile,), kind="play")
        elif train == seat:
            emit(state, f"{{0}} plays the {tile} on their own train", seat, pieces=(tile,), kind="play")
        else:
            emit(state, f"{{0}} plays the {tile} on {{1}}'s train", seat, train, pieces=(tile,), kind="play")
        if state.marked[seat] and (opts.marker_removed == "any-play" or train == seat):
            state.marked[seat] = False
            emit(state, "{0} removes the marker from their train", seat, kind="marker")
        if state.uncovered == train:
            state.uncovered = None
        hand = state.hands[seat]
        if not hand:
            self._end_hand(state, seat, tile.is_double)
            return
        if len(hand) == 1:
            emit(state, "{0} is down to one domino", seat, kind="notice")
        if tile.is_double:
            state.owes = True
            if opts.doubles == "cover":
                state.uncovered = train
                emit(state, f"{{0}} must cover the {tile}", seat)
            else:
                emit(state, "{0} played a double and plays another domino", seat)
            return
        self._next_turn(state)

    def _draw(self, state: MexicanTrainState, seat: int) -> None:
        tile = state.boneyard.pop()
        state.hands[seat].append(tile)
        private(state, seat, f"{{0}} draws the {tile} from the boneyard", "{0} draws from the boneyard", seat,
                pieces=(tile,), kind="draw")
        state.drawn = tile
        if any(a.verb == "play" for a in narrow(self.cascade(state, seat))):
            return
        emit(state, "{0} cannot play the domino drawn", seat)
        self._mark_and_pass(state, seat)

    def _mark_and_pass(self, state: MexicanTrainState, seat: int) -> None:
        if not state.marked[seat]:
            state.marked[seat] = True
            emit(state, "{0} places a marker on their train", seat, kind="marker")
        self._next_turn(state)

    def _next_turn(self, state: MexicanTrainState) -> None:
        state.owes = False
        state.drawn = None
        state.turns += 1
        state.turn = left_of(state.turn, state.players)
        if not state.boneyard and not self.anyone_can_play(state):
            self._end_hand(state, None, False)

    def anyone_can_play(self, state: MexicanTrainState) -> bool:
        """Could anyone ever play again without drawing? Trains of players who cannot play become
        marked as they pass, so in the end any domino matching any open end could be played."""
        ends = {state.ends[state.uncovered]} if state.uncovered is not None else set(state.ends)
        return any(t.high in ends or t.low in ends for hand in state.hands for t in hand)

    # --- the end of a hand and of the match ----------------------------------------------------------
    def _end_hand(self, state: MexicanTrainState, out: int | None, on_double: bool) -> None:
        n = state.players
        points, notes = score_hand(state.hands, out, state.options.double_blank, on_double)
        double = f"double {state.engine.high}"  # in words: the sheet outlives the deal, notation would not
        notes.insert(0, f"the {double} was the engine of hand {state.hand_no} of {HANDS} [{ROUNDS.id}]")
        if out is not None:
            emit(state, "{0} plays their last domino and goes out", out, kind="out")
        else:
            emit(state, "The hand is blocked: the boneyard is empty and no one can play", kind="out")
        for s in range(n):
            if s != out:
                left = len(state.hands[s])
                emit(state, f"{{0}} counts {points[s]} ({left} domino{'es' if left != 1 else ''} left)", s,
                     kind="score")
        last = state.hand_no == HANDS
        if last:
            totals = [t + p for t, p in zip(state.sheet.totals, points)]
            low = min(totals)
            winners = [s for s in range(n) if totals[s] == low]
            notes.append(f"lowest total {low:g} wins: {', '.join(f'seat {s}' for s in winners)} [{GOAL.id}]")
        state.sheet.add(f"hand {state.hand_no}: {double}", tuple(points), state.ply + 1, notes)
        state.went_out = out
        if not last:
            self._start_hand(state)
            return
        state.over = True
        for s in winners:
            emit(state, f"{{0}} wins with the lowest total, {low:g}", s, kind="result")

    def result(self, state: MexicanTrainState) -> Result:
        return ranked(state.sheet.totals, high_wins=False)

    # --- views ---------------------------------------------------------------------------------------
    def phase(self, state: MexicanTrainState) -> Phase:
        return Phase.OVER if state.over else Phase.PLAY

    def zones(self, state: MexicanTrainState) -> list[Zone]:
        n, start = state.players, state.engine.high
        zones = [Zone("engine", [state.engine], kind=ZoneKind.LAYOUT, label="Engine"),
                 Zone("mexican", state.trains[n], kind=ZoneKind.TRAIN, label="Mexican train",
                      by=state.placed_by[n], at=laid(state.trains[n], start))]
        zones += [Zone(f"train-{s}", state.trains[s], owner=s, kind=ZoneKind.TRAIN, label="Train",
                       by=state.placed_by[s], at=laid(state.trains[s], start)) for s in range(n)]
        zones += [Zone(f"hand-{s}", state.hands[s], frozenset({s}), owner=s, kind=ZoneKind.HAND, label="Hand")
                  for s in range(n)]
        zones.append(Zone("boneyard", state.boneyard, frozenset(), kind=ZoneKind.STOCK, label="Boneyard"))
        return zones

    def all_cards(self, state: MexicanTrainState) -> list[Tile]:
        return double_set(TOP)

    def facts(self, state: MexicanTrainState, seat: int | None) -> list[Fact]:
        n = state.players
        facts = [fact("hand", "Hand", FactKind.TEXT, f"{state.hand_no} of {HANDS}"),
                 fact("engine", "Engine", FactKind.PIECES, [str(state.engine)]),
                 fact("marked", "Marked trains", FactKind.SEATS, [s for s in range(n) if state.marked[s]])]
        if state.uncovered is not None:
            facts.append(fact("uncovered", "Uncovered double", FactKind.PIECES,
                              [str(state.trains[state.uncovered][-1])]))
        if state.owes and not state.over:
            facts.append(fact("plays_again", "Plays again after a double", FactKind.SEAT, state.turn))
        last = [s for s in range(n) if len(state.hands[s]) == 1]
        if last:
            facts.append(fact("one_domino", "Down to one domino", FactKind.SEATS, last))
        return facts

    def move_words(self, state: MexicanTrainState, seat: int, action: Action) -> str | None:
        if action.verb == "play" and len(action.args) == 3:
            return f"Play {action.args[0]} on {train_words(state, self._train(state, action), seat)}"
        if action == DRAW_ACTION:
            return "Draw from the boneyard"
        return None

    def prompt(self, state: MexicanTrainState, seat: int) -> str:
        if state.over or seat != state.turn:
            return ""
        legal = self.legal_actions(state, seat)
        if legal == [DRAW_ACTION]:
            return "You cannot play: draw from the boneyard."
        if legal == [PASS_ACTION]:
            return "You cannot play and the boneyard is empty: pass, and your train is marked."
        if state.drawn is not None:
            return f"Play the {state.drawn} you drew."
        if state.uncovered is not None:
            where = train_words(state, state.uncovered, seat)
            return f"Cover the {state.trains[state.uncovered][-1]} on {where}."
        first = "You played a double: play another domino" if state.owes else "Play a domino"
        return f"{first} on your train, the Mexican train or a marked train."
