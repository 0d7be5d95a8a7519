"""Liar's Dice's state machine: a round starts with a shake of the box, the box passes with
claims until someone calls, and the loser of each call loses a bet and starts the next round.

Who may see the dice in the box is the set of players who have looked since it was last
shaken (``seen_by``): the shaker, a player who took the box and opened it, and the player
who passed it on unshaken, who still knows what is in it. Everyone sees the tray, and
everyone sees the box once it is opened on a call."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from gamenight.core.dice import Die, DieKind, roll_dice
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import UNKNOWN, IllegalAction
from gamenight.engine.events import emit, private
from gamenight.engine.game import Game, Result, State
from gamenight.engine.legality import Step, first_refusal, narrow
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, per_seat, said
from gamenight.games.liars_dice.hands import (
    ClaimSyntaxError,
    Hand,
    beats,
    claims,
    hand_of,
    is_honest,
    parse_claim,
    parse_face,
)
from gamenight.games.liars_dice.rules import (
    BETS,
    BETS_MANY,
    CLAIM,
    DECIDE,
    DIRECTION,
    END,
    EVERY_DIE,
    FALSE,
    HAND_ONLY,
    HIGHER,
    HONEST,
    KEEP,
    LOOK,
    MUST_SHAKE,
    ONE_SHAKE,
    OPEN,
    RESTART,
    SPEC,
    START,
    TOP,
    TRAY_BACK,
    TRAY_STAYS,
)

DICE = 5
ROLL = Action("roll")
LOOK_IN = Action("look")
BELIEVE = Action("believe")
CALL = Action("call")
LEFT = Action("left")
RIGHT = Action("right")
SHAKES = ("roll", "take", "keep")
SHAKEN = "you have shaken the box this turn: pass it on with a claim"
LOOK_FIRST = "open the box and look before you set dice up on the tray"


class Phase(StrEnum):
    SHAKE = "starting a round"
    DIRECTION = "choosing a direction"
    CLAIM = "passing the box"
    DECIDE = "believe or call"
    OVER = "over"


@dataclass
class LiarsDiceState(State):
    phase: Phase = Phase.SHAKE
    box: list[Die] = field(default_factory=list)
    """The dice down in the box, under the lid."""
    tray: list[Die] = field(default_factory=list)
    """The dice set up on the tray, face up."""
    seen_by: set[int] = field(default_factory=set)
    """Who has looked in the box since it was last shaken."""
    opened: bool = False
    """The box lies open after a call, until the next round's shake."""
    holder: int = 0
    """Who has the box (while deciding: the player it was passed to)."""
    passer: int | None = None
    claim: Hand | None = None
    """The claim the box was last passed with (after a call: the claim that was called)."""
    step: int = 0
    """Which way the box goes this round: 1 to the left, -1 to the right, 0 not yet chosen."""
    shaken: bool = False
    """The holder has shaken the box this turn."""
    bets: list[int] = field(default_factory=list)
    out_order: list[int] = field(default_factory=list)
    round_no: int = 0


# --- pure helpers --------------------------------------------------------------------------------
def dice_text(dice: Sequence[Die]) -> str:
    return " ".join(map(str, dice))


def claim_action(hand: Hand) -> Action:
    """``claim two-pair K J 10``: the claim's words are its notation."""
    return Action("claim", tuple(str(hand).split()))


@lru_cache(maxsize=4)
def claim_actions(kickers: bool, straight_over_full_house: bool) -> dict[Action, Hand]:
    """Every claim as an action, lowest first, with the hand it names."""
    return {claim_action(h): h for h in claims(kickers, straight_over_full_house)}


def claimed(action: Action) -> Hand:
    """The hand a (well-formed) claim action names."""
    for table in (claim_actions(True, False), claim_actions(False, False)):
        hand = table.get(action)
        if hand is not None:
            return hand
    return parse_claim([str(a) for a in action.args])


def sub_multisets(dice: Sequence[Die], most: int) -> list[tuple[Die, ...]]:
    """Every choice of 1 to ``most`` of ``dice`` (equal faces are one choice), highest faces first."""
    ordered = sorted(dice, reverse=True)
    out: set[tuple[Die, ...]] = set()
    for n in range(1, min(most, len(ordered)) + 1):
        out.update(combinations(ordered, n))
    return sorted(out, key=lambda c: (len(c), [-d for d in c]))


def missing(wanted: Sequence[Die], have: Sequence[Die]) -> list[Die]:
    """The dice of ``wanted`` that ``have`` does not hold (counting repeats)."""
    return sorted((Counter(wanted) - Counter(have)).elements(), reverse=True)


class CallOutcome(NamedTuple):
    """How a call came out: the hand the dice make, whether the claim was honest, who lost."""

    hand: Hand
    honest: bool
    loser: int
    note: str


def settle_call(faces: Sequence[int], claim: Hand, caller: int, claimer: int,
                straight_over_full_house: bool = False) -> CallOutcome:
    """The book's call: the caller loses if the dice are at least as good as the claim, else the claimer."""
    hand = hand_of(faces)
    honest = is_honest(faces, claim, straight_over_full_house)
    if honest:
        note = (f"seat {claimer} claimed {claim.words()} and the dice made {hand.words()}: seat {caller} called "
                f"and loses a bet [{HONEST.id}]")
        return CallOutcome(hand, True, caller, note)
    note = (f"seat {claimer} claimed {claim.words()} but the dice made {hand.words()}: seat {claimer} loses a "
            f"bet [{FALSE.id}]")
    return CallOutcome(hand, False, claimer, note)


def _faces(dice: Sequence[Die]) -> list[int]:
    return [d.face for d in dice]


@register
class LiarsDice(Game[LiarsDiceState]):
    spec = SPEC

    def setup(self, players: int, options: Any, rng: random.Random) -> LiarsDiceState:
        starter = rng.randrange(players)
        state = LiarsDiceState(players=players, options=options, rng=rng,
                               sheet=ScoreSheet.per_seat(players, start=options.bets), dealer=starter,
                               box=roll_dice(rng, DICE, DieKind.POKER), holder=starter,
                               bets=[options.bets] * players)
        return state

    # --- seats ------------------------------------------------------------------------------------
    @staticmethod
    def active(state: LiarsDiceState) -> list[int]:
        return [s for s in range(state.players) if state.bets[s] > 0]

    @staticmethod
    def next_seat(state: LiarsDiceState, seat: int, step: int) -> int:
        """The next player still in, ``step`` (1: left, -1: right) from ``seat``."""
        s = seat
        for _ in range(state.players):
            s = (s + step) % state.players
            if state.bets[s] > 0:
                return s
        raise AssertionError("nobody left to pass to")

    def chooses_direction(self, state: LiarsDiceState) -> bool:
        return bool(state.options.direction == "either" and len(self.active(state)) > 2)

    def to_act(self, state: LiarsDiceState) -> tuple[int, ...]:
        return () if state.over else (state.holder,)

    def phase(self, state: LiarsDiceState) -> Phase:
        return state.phase

    def hand_no(self, state: LiarsDiceState) -> int:
        return state.round_no

    # --- legality: one cascade per phase -------------------------------------------------------------
    def steps(self, state: LiarsDiceState, seat: int) -> Iterator[Step[Action]]:
        """The phase's rules in the book's order; the first step lists every well-formed move."""
        phase = state.phase
        if phase is Phase.SHAKE:
            yield Step([ROLL], START, "the round starts with a shake of the box")
        elif phase is Phase.DIRECTION:
            yield Step([LEFT, RIGHT], DIRECTION, "choose which way to pass the box: left or right")
        elif phase is Phase.DECIDE:
            yield Step([BELIEVE, CALL], DECIDE, "believe the claim or call it")
            claim = state.claim
            assert claim is not None
            top = claims(state.options.kickers, state.options.straight_over_full_house)[-1]
            if not beats(top, claim, state.options.straight_over_full_house):
                yield Step([CALL], TOP, f"nothing is higher than {claim.words()}, so you cannot pass the box on: "
                                        "call")
        elif phase is Phase.CLAIM:
            yield from self.claim_steps(state, seat)

    def claim_steps(self, state: LiarsDiceState, seat: int) -> Iterator[Step[Action]]:
        o = state.options
        looked = seat in state.seen_by
        takes = [Action("take", c) for c in sub_multisets(state.tray, DICE)]
        keeps = [Action("keep", c) for c in sub_multisets(state.box, DICE)]
        every_claim = list(claim_actions(o.kickers, o.straight_over_full_house))
        moves: list[Action] = [LOOK_IN, ROLL, *takes, *keeps, *every_claim]
        yield Step(moves, CLAIM, "")
        if state.shaken:
            moves = [a for a in moves if a.verb not in SHAKES]
            yield Step(moves, ONE_SHAKE, SHAKEN)
        if looked:
            moves = [a for a in moves if a != LOOK_IN]
            yield Step(moves, LOOK, "you have already looked in the box")
        if takes and not o.reroll_tray:
            moves = [a for a in moves if a.verb != "take"]
            yield Step(moves, TRAY_STAYS, lambda a: f"{dice_text(a.args)} stay{'s' if len(a.args) == 1 else ''} "
                                                    "up on the tray")
        if not looked:
            moves = [a for a in moves if a.verb != "keep"]
            yield Step(moves, KEEP, LOOK_FIRST)
        else:
            moves = [a for a in moves if a.verb != "keep" or len(a.args) < len(state.box)]
            yield Step(moves, KEEP, "leave at least one die down in the box to shake")
        if o.must_roll and not state.shaken:
            moves = [a for a in moves if a.verb != "claim"]
            yield Step(moves, MUST_SHAKE, "shake the box before you pass it on")
        claim = state.claim
        if claim is not None:
            straight = o.straight_over_full_house
            moves = [a for a in moves if a.verb != "claim" or beats(claimed(a), claim, straight)]
            yield Step(moves, HIGHER, lambda a: f"{claimed(a).words()} is not higher than {claim.words()}: "
                                                f"name a hand above it")

    def legal_actions(self, state: LiarsDiceState, seat: int) -> list[Action]:
        if state.over or seat != state.holder:
            return []
        return list(narrow(self.steps(state, seat)))

    def refusal(self, state: LiarsDiceState, seat: int, action: Action) -> None:
        action = self.canonical(action)
        steps = list(self.steps(state, seat))
        step = first_refusal(steps, action)
        if step is None:
            return
        if step is steps[0]:
            self.malformed(state, seat, action, step)
        raise IllegalAction(step.clause or UNKNOWN, step.why(action), state.options)

    def malformed(self, state: LiarsDiceState, seat: int, action: Action, first: Step[Action]) -> None:
        """Refuse a move that is no move of this phase, saying what is wrong with it, and never
        naming a die in the box to a player who has not looked."""
        o = state.options
        verb = action.verb
        if state.phase is not Phase.CLAIM:
            raise IllegalAction(first.clause or UNKNOWN, first.why(action), o)
        if verb in SHAKES and state.shaken:
            raise IllegalAction(ONE_SHAKE, SHAKEN, o)
        if verb == "claim":
            words = [str(a) for a in action.args]
            try:
                hand = parse_claim(words)
            except ClaimSyntaxError as e:
                raise IllegalAction(EVERY_DIE if o.kickers else HAND_ONLY, str(e), o) from None
            if o.kickers:
                whole = max((h for h in claims(True, False) if h.principal() == hand), key=lambda h: h.ranks)
                raise IllegalAction(EVERY_DIE, f"{hand.words()} leaves dice unnamed: name every die, like "
                                               f"{whole.words()}", o)
            raise IllegalAction(HAND_ONLY, f"name only the hand: {hand.principal().words()}", o)
        if verb in ("take", "keep"):
            dice = action.args
            if verb == "take" and not o.reroll_tray:
                raise IllegalAction(TRAY_STAYS, "dice on the tray stay there", o)
            if not dice or not all(isinstance(d, Die) and d.kind is DieKind.POKER for d in dice):
                raise IllegalAction(KEEP if verb == "keep" else TRAY_BACK,
                                    "name the dice to keep up on the tray" if verb == "keep"
                                    else "name the dice to put back down in the box", o)
            if verb == "take":
                absent = missing(dice, state.tray)
                raise IllegalAction(TRAY_BACK, f"{dice_text(absent)} {'is' if len(absent) == 1 else 'are'} not "
                                               "up on the tray", o)
            if seat not in state.seen_by:
                raise IllegalAction(KEEP, LOOK_FIRST, o)
            absent = missing(dice, state.box)
            raise IllegalAction(KEEP, f"{dice_text(absent)} {'is' if len(absent) == 1 else 'are'} not down in "
                                      "the box", o)
        if verb in ("roll", "look"):
            doing = "shaking" if verb == "roll" else "looking in"
            raise IllegalAction(KEEP if verb == "roll" else LOOK, f"{doing} the box names no dice: to keep dice up on "
                                "the tray and shake the rest, choose the dice to keep", o)
        raise IllegalAction(CLAIM, "you hold the box: look, keep dice and shake, or pass it on with a claim", o)

    def off_turn(self, state: LiarsDiceState, seat: int, action: Action) -> None:
        if state.bets[seat] <= 0:
            raise IllegalAction(BETS if state.options.bets == 1 else BETS_MANY, "you are out: you have lost your "
                                "bets", state.options)
        if action.verb in ("believe", "call") and state.phase is Phase.DECIDE:
            raise IllegalAction(DECIDE, "only the player the box was passed to believes or calls", state.options)
        if action.verb == "roll" and state.phase is Phase.SHAKE:
            raise IllegalAction(START, "only the player starting the round shakes the box", state.options)
        if action.verb in ("claim", "look", *SHAKES):
            raise IllegalAction(CLAIM, "only the player holding the box may do that", state.options)

    # --- notation ------------------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        """Claims name faces (``claim two-pair K J 10``); dice to keep or take may be written as
        faces too (``keep K K`` is ``keep pk:K pk:K``)."""
        tokens = text.split()
        verb = tokens[0].lower() if tokens else ""
        if verb == "claim":
            return self.canonical(Action("claim", tuple(tokens[1:])))
        if verb in ("keep", "take"):
            args: list[Any] = []
            for tok in tokens[1:]:
                try:
                    args.append(Die.of(DieKind.POKER, parse_face(tok)))
                except ClaimSyntaxError:
                    args.extend(parse_action("x " + tok).args)
            return self.canonical(Action(verb, tuple(args)))
        return parse_action(text)

    @staticmethod
    def canonical(action: Action) -> Action:
        """A claim's faces in capitals, dice highest first: the form the legal moves are listed in."""
        if action.verb == "claim" and action.args:
            try:
                return claim_action(parse_claim([str(a) for a in action.args]))
            except ClaimSyntaxError:
                return Action("claim", tuple(str(a) for a in action.args))
        if action.verb in ("keep", "take") and all(isinstance(a, Die) for a in action.args):
            return Action(action.verb, tuple(sorted(action.args, reverse=True)))
        return action

    # --- play ----------------------------------------------------------------------------------------
    def _apply(self, state: LiarsDiceState, seat: int, action: Action) -> None:
        action = self.canonical(action)
        verb = action.verb
        if verb == "roll":
            if state.phase is Phase.SHAKE:
                self._start_round(state, seat)
            else:
                self._shake(state, seat, ())
        elif verb in ("left", "right"):
            state.step = 1 if verb == "left" else -1
            emit(state, "{0} will pass the box " + ("left" if verb == "left" else "right") + ", to {1}", seat,
                 self.next_seat(state, seat, state.step))
            state.phase = Phase.CLAIM
        elif verb == "look":
            state.seen_by.add(seat)
            private(state, seat, "{0} looks in the box: " + dice_text(state.box), "{0} looks in the box", seat,
                    pieces=state.box)
        elif verb == "take":
            for d in action.args:
                state.tray.remove(d)
                state.box.append(d)
            state.box.sort(reverse=True)
            emit(state, "{0} puts " + dice_text(action.args) + " back down in the box", seat, pieces=action.args)
        elif verb == "keep":
            self._shake(state, seat, action.args)
        elif verb == "claim":
            self._pass(state, seat, claimed(action))
        elif verb == "believe":
            assert state.passer is not None
            emit(state, "{0} believes {1} and takes the box", seat, state.passer)
            state.phase = Phase.CLAIM
        elif verb == "call":
            self._call(state, seat)
        else:  # refusal() lets no other verb through
            raise ValueError(verb)

    def _start_round(self, state: LiarsDiceState, seat: int) -> None:
        state.round_no += 1
        state.dealer = seat
        state.box = sorted(roll_dice(state.rng, DICE, DieKind.POKER), reverse=True)
        state.tray = []
        state.opened = False
        state.seen_by = {seat}
        state.claim = None
        state.passer = None
        state.shaken = True
        private(state, seat, "{0} shakes the box and looks at the roll: " + dice_text(state.box),
                "{0} shakes the box and looks at the roll", seat, pieces=state.box)
        if self.chooses_direction(state):
            state.step = 0
            state.phase = Phase.DIRECTION
        else:
            state.step = 1
            state.phase = Phase.CLAIM

    def _shake(self, state: LiarsDiceState, seat: int, kept: Sequence[Die]) -> None:
        for d in kept:
            state.box.remove(d)
            state.tray.append(d)
        state.tray.sort(reverse=True)
        state.box = sorted(roll_dice(state.rng, len(state.box), DieKind.POKER), reverse=True)
        state.seen_by = {seat}
        state.shaken = True
        count = len(state.box)
        shaken = f"the {'die' if count == 1 else f'{count} dice'} down in the box"
        if kept:
            emit(state, "{0} sets " + dice_text(kept) + " up on the tray and shakes " + shaken, seat, pieces=kept)
        else:
            emit(state, "{0} shakes " + shaken, seat)
        private(state, seat, "{0} looks at the roll: " + dice_text(state.box), None, seat, pieces=state.box)

    def _pass(self, state: LiarsDiceState, seat: int, claim: Hand) -> None:
        receiver = self.next_seat(state, seat, state.step)
        emit(state, "{0} passes the box to {1}, claiming " + claim.words(), seat, receiver)
        state.claim = claim
        state.passer = seat
        state.holder = receiver
        state.shaken = False
        state.phase = Phase.DECIDE

    def _call(self, state: LiarsDiceState, seat: int) -> None:
        claim, claimer = state.claim, state.passer
        assert claim is not None and claimer is not None
        dice = [*state.box, *state.tray]
        outcome = settle_call(_faces(dice), claim, seat, claimer, state.options.straight_over_full_house)
        state.opened = True
        shown = dice_text(state.box) + (f" in the box and {dice_text(state.tray)} on the tray" if state.tray else "")
        emit(state, "{0} calls {1} and opens the box: " + shown + f" make {outcome.hand.words()}", seat, claimer,
             pieces=dice)
        loser = outcome.loser
        if outcome.honest:
            emit(state, "The dice are at least as good as " + claim.words() + ": {0} loses a bet", loser)
        else:
            emit(state, "The dice are not as good as " + claim.words() + ": {0} loses a bet", loser)
        notes = [f"seat {seat} called seat {claimer} and opened the box [{OPEN.id}]",
                 outcome.note]
        state.bets[loser] -= 1
        if state.bets[loser] == 0:
            state.out_order.append(loser)
            out = BETS if state.options.bets == 1 else BETS_MANY
            notes.append(f"seat {loser} has lost their bets and is out [{out.id}]")
            emit(state, "{0} is out", loser)
        points = [0] * state.players
        points[loser] = -1
        active = self.active(state)
        if len(active) == 1:
            notes.append(f"seat {active[0]} is the last player left and wins [{END.id}]")
            state.sheet.add(f"round {state.round_no}", tuple(points), state.ply + 1, notes)
            emit(state, "{0} is the last player left and wins", active[0], kind="summary")
            state.over = True
            state.phase = Phase.OVER
            return
        starter = loser if state.bets[loser] > 0 else self.next_seat(state, loser, 1)
        notes.append(f"seat {starter} starts the next round [{RESTART.id}]")
        state.sheet.add(f"round {state.round_no}", tuple(points), state.ply + 1, notes)
        emit(state, "{0} starts the box again", starter)
        state.holder = starter
        state.phase = Phase.SHAKE
        state.step = 0
        state.shaken = False

    # --- the end ------------------------------------------------------------------------------------
    def result(self, state: LiarsDiceState) -> Result:
        """The last player left wins; the others rank by how long they lasted."""
        left = [s for s in range(state.players) if state.bets[s] > 0]
        ranking = [tuple(left), *[(s,) for s in reversed(state.out_order)]]
        return Result(tuple(left), tuple(ranking), tuple(float(b) for b in state.bets))

    # --- what players see ----------------------------------------------------------------------------
    def zones(self, state: LiarsDiceState) -> list[Zone]:
        seen = None if state.opened else frozenset(state.seen_by)
        return [
            Zone("box", list(state.box), seen, owner=state.holder, kind=ZoneKind.HAND,
                 label="The opened box" if state.opened else "In the box"),
            Zone("tray", list(state.tray), None, kind=ZoneKind.DICE, label="On the tray"),
        ]

    def all_cards(self, state: LiarsDiceState) -> list[Any]:
        return [*state.box, *state.tray]

    def sees_dice(self, state: LiarsDiceState, seat: int | None) -> bool:
        return state.opened or (seat is not None and seat in state.seen_by)

    def facts(self, state: LiarsDiceState, seat: int | None) -> list[Fact]:
        facts: list[Fact] = []
        claim = state.claim
        if claim is not None and state.passer is not None:  # a claim and its claimer, said once
            called = state.phase in (Phase.SHAKE, Phase.OVER)
            facts.append(said("claim", "Claim called" if called else "Claim to beat", claim.words(), state.passer))
        if self.sees_dice(state, seat) and len(state.box) + len(state.tray) == DICE:
            facts.append(fact("dice-hand", "The dice make", FactKind.TEXT,
                              hand_of(_faces([*state.box, *state.tray])).words()))
        if state.step and len(self.active(state)) > 2:
            facts.append(fact("direction", "The box goes", FactKind.TEXT, "left" if state.step > 0 else "right"))
        facts.append(per_seat("bets", "Bets left", state.bets))
        if state.out_order:
            facts.append(fact("out", "Out", FactKind.SEATS, list(state.out_order)))
        return facts

    def move_words(self, state: LiarsDiceState, seat: int, action: Action) -> str | None:
        if action.verb == "claim" and action.args:
            return f"Claim {claimed(action).words()}"
        return None

    def prompt(self, state: LiarsDiceState, seat: int) -> Prompt | str:
        if state.over or seat != state.holder:
            return ""
        phase = state.phase
        if phase is Phase.SHAKE:
            return "Shake the box to start the round."
        if phase is Phase.DIRECTION:
            return Prompt("Choose which way to pass the box: left to {0} or right to {1}.",
                          (self.next_seat(state, seat, 1), self.next_seat(state, seat, -1)))
        claim = state.claim
        if phase is Phase.DECIDE:
            assert claim is not None and state.passer is not None
            return Prompt("Believe the claim, or call and open the box.")
        receiver = self.next_seat(state, seat, state.step)
        if claim is None:
            return Prompt("Pass the box to {0} with a claim of the hand in it.", (receiver,))
        if state.shaken:
            return Prompt("Pass the box to {0} with a higher claim.", (receiver,))
        return Prompt("Look in the box, keep dice up on the tray and shake the rest if you like, then pass the "
                      "box to {0} with a higher claim.", (receiver,))

