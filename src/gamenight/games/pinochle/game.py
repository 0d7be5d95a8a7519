"""Partnership auction Pinochle (rulebook 001): the auction, the three-card exchange,
trump and meld, trick play with crawling and over-trumping, throw-in and scoring.

The deck holds four physical copies of each face: a legal-move list names a face once,
while a hand lists every card. The meld a player lays down stays face up in front of
them (the ``meld`` zone) until each card is played."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import Any

from gamenight.core.cards import SUIT_NAMES, Card, card_text, cards_text, pinochle_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import UNKNOWN, IllegalAction
from gamenight.engine.events import emit
from gamenight.engine.game import Result
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet, team_name
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, bid, fact, flag, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import SUIT_WORDS, TrickGame, TrickState
from gamenight.games.pinochle.meld import RANK_ORDER, Meld, exposed_faces, find_melds, meld_points
from gamenight.games.pinochle.rules import (
    ASK,
    BID_END,
    BID_HIGHER,
    BID_MINIMUM,
    BID_STEPS,
    COUNT_LAST,
    CRAWL,
    DEALER_STUCK,
    DEALER_STUCK_25,
    FOLLOW,
    GAME,
    GAME_TIE,
    GIVE,
    GIVE_BACK,
    MADE,
    MELD_SHOW,
    MUST_TRUMP,
    NO_REENTRY,
    NO_THROW_IN,
    OVER_TRUMP,
    SCORE_COUNT,
    SET,
    SPEC,
    TEAMS,
    THROW_IN,
    TRUMP,
    meld_clause,
)

DECK = tuple(pinochle_deck())
MIN_BID = 25
BY_ONES_TO = 50
BID_STEP = 5
LISTED_JUMPS = 2
"""Bids are listed as moves: the smallest raise and the next two multiples of 5 above it. Any other bid the
book allows (there is no upper limit) is accepted when typed."""
PASS = Action("pass")
THROW = Action("throw", ("in",))
ASKS = [Action("ask", (SUIT_WORDS[s],)) for s in range(4)]
TRUMPS = [Action("trump", (SUIT_WORDS[s],)) for s in range(4)]
POINTS = tricks.point_table(lambda c: 1 if c & 15 in (14, 10, 13) else 0)
"""Trick points: each ace, ten and king is worth one point."""
LAST_TRICK = 2
_SUIT_LETTERS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_BID_LISTS: dict[int, list[Action]] = {}


class Phase(StrEnum):
    BID = "bidding"
    ASK = "asking"
    GIVE = "passing"
    RETURN = "passing back"
    TRUMP = "naming trump"
    PLAY = "play"
    OVER = "over"


def valid_bid(n: int, high: int) -> bool:
    """A bid the book allows over the current high bid ``high`` (0: no bid yet)."""
    return n >= MIN_BID and n > high and (n <= BY_ONES_TO or n % BID_STEP == 0)


def next_bid(high: int) -> int:
    """The smallest bid allowed over ``high``."""
    n = max(MIN_BID, high + 1)
    while not valid_bid(n, high):
        n += 1
    return n


def bid_actions(high: int) -> list[Action]:
    """The bids listed as moves over ``high``: the smallest raise and two jumps."""
    if high not in _BID_LISTS:
        first = next_bid(high)
        jumps = [first // BID_STEP * BID_STEP + BID_STEP * k for k in range(1, LISTED_JUMPS + 1)]
        _BID_LISTS[high] = [Action("bid", (n,)) for n in (first, *jumps)]
    return _BID_LISTS[high]


def team_of(seat: int) -> int:
    return seat & 1


def partner(seat: int) -> int:
    return (seat + 2) % 4


def _is_number(a: object) -> bool:
    return isinstance(a, int) and not isinstance(a, (Card, bool))


def _is_bid(a: Action) -> bool:
    return a.verb == "bid" and len(a.args) == 1 and _is_number(a.args[0])


def _short(held: Counter[int], chosen: Sequence[Card]) -> Card | None:
    """The first card of ``chosen`` that ``held`` (faces counted) cannot cover, or None."""
    need: Counter[int] = Counter()
    for c in chosen:
        need[int(c)] += 1
        if need[int(c)] > held[int(c)]:
            return c
    return None


@dataclass
class PinochleState(TrickState):
    bids: list[tuple[int, int | None]] = field(default_factory=list)
    """This hand's auction in order: (seat, bid), None for a pass."""
    passed: list[bool] = field(default_factory=list)
    high: int = 0
    bidder: int | None = None
    bid_turn: int = 0
    forced: bool = False
    """The dealer must bid now: the first three players passed."""
    stuck: bool = False
    """This hand's bid was the dealer's forced bid."""
    asked: int | None = None
    melds: list[list[Meld]] = field(default_factory=list)
    meld_points: list[int] = field(default_factory=list)
    exposed: list[list[Card]] = field(default_factory=list)
    """Meld cards each player showed that are still in their hand (public)."""
    winning_team: int | None = None


@register
class Pinochle(TrickGame[PinochleState]):
    spec = SPEC
    last_identical_wins = False
    held_hands = True

    def setup(self, players: int, options: Any, rng: random.Random) -> PinochleState:
        state = PinochleState(players=players, options=options, rng=rng,
                              sheet=ScoreSheet.per_team(TEAMS),
                              dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state)
        return state

    def _deal(self, state: PinochleState) -> None:
        self.start_hand(state, state.deck, 20)
        state.phase = Phase.BID
        state.bids = []
        state.passed = [False] * 4
        state.high = 0
        state.bidder = None
        state.forced = state.stuck = False
        state.bid_turn = left_of(state.dealer, 4)
        state.asked = None
        state.melds = [[] for _ in range(4)]
        state.meld_points = [0] * 4
        state.exposed = [[] for _ in range(4)]
        state.trump = None
        state.suit, state.power = tricks.ranked_tables(RANK_ORDER, None)

    # --- the auction and the exchange: who acts and the cascades -------------------------------
    def other_to_act(self, state: PinochleState) -> tuple[int, ...]:
        phase = state.phase
        if phase == Phase.BID:
            return (state.bid_turn,)
        if state.bidder is None:
            return ()
        if phase == Phase.GIVE:
            return (partner(state.bidder),)
        if phase in (Phase.ASK, Phase.RETURN, Phase.TRUMP):
            return (state.bidder,)
        return ()

    def bid_cascade(self, state: PinochleState, moves: Sequence[Action]) -> Iterator[Step[Action]]:
        """The auction's rules on ``moves`` (the listed ones, or the one move refused)."""
        allowed = [a for a in moves if a == PASS or _is_bid(a)]
        yield Step(allowed, BID_HIGHER, "bid a number of points, or pass")
        if state.forced:
            stuck_25 = state.options.stuck_dealer == "exactly-25"
            clause = DEALER_STUCK_25 if stuck_25 else DEALER_STUCK
            allowed = [a for a in allowed if a != PASS]
            yield Step(allowed, clause, "the first three players passed, so the dealer must bid")
            if stuck_25:
                allowed = [a for a in allowed if a.args[0] == MIN_BID]
                yield Step(allowed, DEALER_STUCK_25, f"the dealer's forced bid is {MIN_BID}")
        allowed = [a for a in allowed if a == PASS or a.args[0] >= MIN_BID]
        yield Step(allowed, BID_MINIMUM, f"the lowest bid is {MIN_BID}")
        allowed = [a for a in allowed if a == PASS or a.args[0] <= BY_ONES_TO or a.args[0] % BID_STEP == 0]
        yield Step(allowed, BID_STEPS, lambda move: f"above {BY_ONES_TO} bids go up by {BID_STEP}s, and "
                   f"{move.args[0]} is not a multiple of {BID_STEP}")
        allowed = [a for a in allowed if a == PASS or a.args[0] > state.high]
        yield Step(allowed, BID_HIGHER, f"the bid stands at {state.high}: bid more or pass")

    def give_cascade(self, state: PinochleState, seat: int, moves: Sequence[Action]) -> Iterator[Step[Action]]:
        """The exchange's rules on three cards passed between the partners."""
        giving = state.phase == Phase.GIVE
        clause = GIVE if giving else GIVE_BACK
        allowed = [a for a in moves if a.verb == "give" and len(a.args) == 3 and len(a.cards) == 3]
        yield Step(allowed, clause, "pass exactly three cards to your partner")
        hand = state.hands[seat]
        held = Counter(int(c) for c in hand)
        allowed = [a for a in allowed if _short(held, a.cards) is None]

        def not_held(move: Action) -> str:
            card = _short(held, move.cards)
            return f"you hold only {held[int(card)]} {card}" if card is not None and held[int(card)] else \
                f"you do not hold {card}"

        yield Step(allowed, tricks.PLAY_FROM_HAND, not_held)
        if giving and state.asked is not None:
            asked = state.asked
            have = sum(1 for c in hand if c >> 4 == asked)
            need = min(3, have)
            allowed = [a for a in allowed if sum(1 for c in a.cards if c >> 4 == asked) >= need]
            yield Step(allowed, GIVE, f"{SUIT_NAMES[asked]} were asked for and you hold {have}: pass {need} of them")

    def _give_choices(self, state: PinochleState, seat: int) -> list[Action]:
        """Every different set of three cards (by face) ``seat`` might pass: the candidates the
        cascade narrows for the listed moves."""
        hand = state.hands[seat]
        if state.phase == Phase.GIVE and state.asked is not None:
            of_suit = [c for c in hand if c >> 4 == state.asked]
            if len(of_suit) >= 3:
                pools: list[tuple[Card, ...]] = list(combinations(of_suit, 3))
            else:
                rest = [c for c in hand if c >> 4 != state.asked]
                pools = [tuple(sorted((*of_suit, *extra))) for extra in combinations(rest, 3 - len(of_suit))]
        else:
            pools = list(combinations(hand, 3))
        seen: dict[tuple[int, ...], tuple[Card, ...]] = {}
        for combo in pools:
            seen.setdefault(tuple(int(c) for c in combo), combo)
        return [Action("give", combo) for combo in seen.values()]

    def choice_cascade(self, state: PinochleState) -> Iterator[Step[Action]]:
        """Asking for a suit and naming trump: a suit by name."""
        if state.phase == Phase.ASK:
            yield Step(ASKS, ASK, "name the suit you want from your partner: clubs, diamonds, hearts or spades")
        else:
            yield Step(TRUMPS, TRUMP, "name the trump suit: clubs, diamonds, hearts or spades")

    def other_legal(self, state: PinochleState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        phase = state.phase
        if phase == Phase.BID:
            return list(narrow(self.bid_cascade(state, [PASS, *bid_actions(state.high)])))
        if phase in (Phase.GIVE, Phase.RETURN):
            return list(narrow(self.give_cascade(state, seat, self._give_choices(state, seat))))
        return list(narrow(self.choice_cascade(state)))

    def other_refusal(self, state: PinochleState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == Phase.BID:
            cascade = self.bid_cascade(state, [action])
        elif phase in (Phase.GIVE, Phase.RETURN):
            cascade = self.give_cascade(state, seat, [action])
        else:
            cascade = self.choice_cascade(state)
        refuse(cascade, action, state.options, UNKNOWN)

    def off_turn(self, state: PinochleState, seat: int, action: Action) -> None:
        if state.phase == Phase.BID and not state.over and state.passed[seat]:
            raise IllegalAction(NO_REENTRY, "you passed, so you are out of the bidding", state.options)

    # --- the auction and the exchange: what happens ----------------------------------------------
    def other_apply(self, state: PinochleState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == Phase.BID:
            self._bid(state, seat, action)
        elif phase == Phase.ASK:
            state.asked = SUIT_WORDS.index(str(action.args[0]))
            state.phase = Phase.GIVE
            emit(state, f"{{0}} asks {{1}} for {SUIT_NAMES[state.asked]}", seat, partner(seat), kind="ask")
        elif phase in (Phase.GIVE, Phase.RETURN):
            hand = state.hands[seat]
            moved = sorted(hand.pop(hand.index(c)) for c in action.cards)
            to = partner(seat)
            state.hands[to].extend(moved)
            state.hands[to].sort()
            emit(state, "{0} passes " + cards_text(moved) + " to {1}", seat, to, pieces=moved, kind="pass",
                 to=(seat, to), others="{0} passes three cards face down to {1}")
            state.phase = Phase.RETURN if phase == Phase.GIVE else Phase.TRUMP
        else:
            self._call_trump(state, SUIT_WORDS.index(str(action.args[0])))

    def _bid(self, state: PinochleState, seat: int, action: Action) -> None:
        if action.verb == "pass":
            state.bids.append((seat, None))
            state.passed[seat] = True
            emit(state, "{0} passes", seat, kind="bid")
        else:
            n = int(action.args[0])
            state.bids.append((seat, n))
            state.high = n
            state.bidder = seat
            state.forced = False
            emit(state, f"{{0}} bids {n}", seat, kind="bid")
        if sum(state.passed) == 3:
            if state.bidder is None:  # the first three passed: the dealer must bid
                state.forced = state.stuck = True
                state.bid_turn = state.dealer
                emit(state, "The first three players passed: {0} must bid", state.dealer, kind="bid")
                return
            state.phase = Phase.ASK
            emit(state, f"{{0}} wins the bid at {state.high}", state.bidder, kind="bid")
            return
        nxt = left_of(seat, 4)
        while state.passed[nxt]:
            nxt = left_of(nxt, 4)
        state.bid_turn = nxt

    def _call_trump(self, state: PinochleState, trump: int) -> None:
        assert state.bidder is not None
        state.trump = trump
        state.suit, state.power = tricks.ranked_tables(RANK_ORDER, trump)
        emit(state, f"{{0}} names {SUIT_NAMES[trump]} trump", state.bidder, kind="trump")
        for s in range(4):
            melds = find_melds(state.hands[s], trump)
            state.melds[s] = melds
            state.meld_points[s] = meld_points(melds)
            held = {int(c): c for c in state.hands[s]}
            state.exposed[s] = [held[f] for f in exposed_faces(melds)]
            if melds:
                parts = ", ".join(f"{m.name} {m.points}" for m in melds)
                emit(state, f"{{0}} melds {state.meld_points[s]}: {parts}", s, pieces=state.exposed[s],
                     kind="meld")
            else:
                emit(state, "{0} has no meld", s, kind="meld")
        for a, b in TEAMS:
            emit(state, f"{{0}} and {{1}} meld {state.meld_points[a] + state.meld_points[b]} together", a, b,
                 kind="meld")
        state.phase = Phase.PLAY
        state.leader = state.turn = state.bidder

    # --- play -----------------------------------------------------------------------------------
    def play_cascade(self, state: PinochleState, seat: int) -> Iterator[Step[Card]]:
        """The family's cascade, with the book's own words on following suit (where you cannot,
        you must trump: the family's "play any card" is not Pinochle's rule)."""
        hand = state.hands[seat]
        yield Step(hand, tricks.PLAY_FROM_HAND, "you do not hold {move}")
        trick = state.trick
        if not trick:
            return
        suit = state.suit
        led = suit[trick[0][1]]
        same = [c for c in hand if suit[c] == led]
        allowed = hand
        if same and len(same) < len(hand):
            allowed = same
            yield Step(same, FOLLOW, f"{SUIT_NAMES[led]} were led and you hold "
                       f"{'one of them' if len(same) == 1 else f'{len(same)} of them'}")
        yield from self.follow_steps(state, seat, allowed)

    def follow_steps(self, state: PinochleState, seat: int, allowed: list[Card]) -> Iterator[Step[Card]]:
        trick = state.trick
        suit = state.suit
        power = state.power
        trump = state.trump
        led = suit[trick[0][1]]
        best_trump: Card | None = None
        best_led: Card | None = None
        for _, c in trick:
            s = suit[c]
            if s == trump:
                if best_trump is None or power[c] > power[best_trump]:
                    best_trump = c
            elif s == led and (best_led is None or power[c] > power[best_led]):
                best_led = c
        if suit[allowed[0]] == led:  # following suit
            if led != trump and best_trump is not None:
                return  # already trumped: any card of the suit led
            best = best_trump if led == trump else best_led
            assert best is not None
            higher = [c for c in allowed if power[c] > power[best]]
            if higher and len(higher) < len(allowed):
                yield Step(higher, CRAWL, f"you can beat {card_text(best)}, so you must")
            return
        trumps = [c for c in allowed if suit[c] == trump]
        if not trumps:
            return
        if len(trumps) < len(allowed):
            yield Step(trumps, MUST_TRUMP, f"you have no {SUIT_NAMES[led]}, so you must trump")
        if best_trump is not None:
            higher = [c for c in trumps if power[c] > power[best_trump]]
            if higher and len(higher) < len(trumps):
                yield Step(higher, OVER_TRUMP, f"you can beat the trump {card_text(best_trump)}, so you must")

    def throw_cascade(self, state: PinochleState, seat: int) -> Iterator[Step[Action]]:
        if not state.options.throw_in:
            yield Step([], NO_THROW_IN, "this table plays every hand out")
            return
        allowed = [THROW] if seat == state.bidder else []
        yield Step(allowed, THROW_IN, "only the bidder may throw in the hand")
        allowed = allowed if not state.trick and not any(state.tricks_won) else []
        yield Step(allowed, THROW_IN, "a hand can be thrown in only before the first lead")

    def legal_actions(self, state: PinochleState, seat: int) -> Sequence[Action]:
        acts = super().legal_actions(state, seat)
        if state.phase == Phase.PLAY and seat == state.turn and not state.over:
            return [*acts, *narrow(self.throw_cascade(state, seat))]
        return acts

    def refusal(self, state: PinochleState, seat: int, action: Action) -> None:
        if state.phase == Phase.PLAY and action.verb == "throw":
            refuse(self.throw_cascade(state, seat), action, state.options, UNKNOWN)
            return
        super().refusal(state, seat, action)

    def _apply(self, state: PinochleState, seat: int, action: Action) -> None:
        if state.phase == Phase.PLAY:
            if action.verb == "throw":
                self._throw_in(state)
                return
            shown = state.exposed[seat]
            if shown:
                card = action.args[0]
                if card in shown:
                    shown.remove(card)
        super()._apply(state, seat, action)

    # --- scoring --------------------------------------------------------------------------------
    def _meld_notes(self, state: PinochleState) -> list[str]:
        notes = []
        for s in range(4):
            melds = state.melds[s]
            if melds:
                parts = ", ".join(f"{m.name} {m.points} [{meld_clause(m).id}]" for m in melds)
                notes.append(f"seat {s} meld {state.meld_points[s]}: {parts}")
            else:
                notes.append(f"seat {s} meld 0")
        return notes

    def _header(self, state: PinochleState) -> str:
        asked = SUIT_NAMES[state.asked] if state.asked is not None else "?"
        trump = SUIT_NAMES[state.trump] if state.trump is not None else "?"
        clause = DEALER_STUCK if state.options.stuck_dealer == "at-least-25" else DEALER_STUCK_25
        forced = f" (the dealer was forced to bid [{clause.id}])" if state.stuck else ""
        return (f"seat {state.bidder} won the bid at {state.high} [{BID_END.id}]{forced}, asked for {asked} "
                f"[{ASK.id}] and named {trump} trump [{TRUMP.id}]")

    def team_meld(self, state: PinochleState) -> list[int]:
        return [state.meld_points[a] + state.meld_points[b] for a, b in TEAMS]

    def trick_points(self, state: PinochleState) -> list[int]:
        """Points each team has taken in tricks so far (the last trick's 2 once the hand is over)."""
        return [sum(POINTS[c] for s in members for c in state.taken[s]) for members in TEAMS]

    def _throw_in(self, state: PinochleState) -> None:
        assert state.bidder is not None
        bt = team_of(state.bidder)
        meld = self.team_meld(state)
        pts = [0, 0]
        pts[bt] = -state.high
        pts[1 - bt] = meld[1 - bt]
        names = [team_name(t) for t in TEAMS]
        notes = [self._header(state), *self._meld_notes(state),
                 f"{names[bt]} threw in: they score nothing for meld and lose their bid of {state.high}; "
                 f"{names[1 - bt]} add their meld {meld[1 - bt]} [{THROW_IN.id}]"]
        emit(state, f"{{0}} throws in the hand: {{0}} and {{1}} lose their bid of {state.high}; {{2}} and {{3}} "
             f"add their meld of {meld[1 - bt]}", *TEAMS[bt], *TEAMS[1 - bt], kind="summary")
        self._record(state, f"hand {state.hand_no} (thrown in)", pts, notes)

    def end_hand(self, state: PinochleState) -> None:
        assert state.bidder is not None
        bt = team_of(state.bidder)
        meld = self.team_meld(state)
        took = self.trick_points(state)
        last = team_of(state.leader)
        took[last] += LAST_TRICK
        emit(state, f"{{0}} takes the last trick: {LAST_TRICK} points more", state.leader, kind="summary")
        names = [team_name(t) for t in TEAMS]
        notes = [self._header(state), *self._meld_notes(state)]
        for t in range(2):
            notes.append(f"{names[t]} meld {meld[t]} [{MELD_SHOW.id}] and {took[t]} in tricks [{SCORE_COUNT.id}]"
                         + (f" (last trick 2 [{COUNT_LAST.id}])" if t == last else ""))
            emit(state, f"{{0}} and {{1}}: meld {meld[t]} and {took[t]} in tricks", *TEAMS[t], kind="summary")
        made = meld[bt] + took[bt]
        pts = [meld[t] + took[t] for t in range(2)]
        if made >= state.high:
            notes.append(f"{names[bt]} made {made} against a bid of {state.high}: both sides score what they made "
                         f"[{MADE.id}]")
            emit(state, f"{{0}} and {{1}} make {made} against their bid of {state.high}", *TEAMS[bt],
                 kind="summary")
        else:
            pts[bt] = -state.high
            notes.append(f"{names[bt]} made only {made} against a bid of {state.high}: set, minus {state.high} "
                         f"[{SET.id}]; {names[1 - bt]} keep their {pts[1 - bt]}")
            emit(state, f"{{0}} and {{1}} make only {made} against their bid of {state.high}: set, minus "
                 f"{state.high}", *TEAMS[bt], kind="summary")
        self._record(state, f"hand {state.hand_no}", pts, notes)

    def _record(self, state: PinochleState, label: str, pts: list[int], notes: list[str]) -> None:
        assert state.bidder is not None
        target = state.options.target
        totals = [a + b for a, b in zip(state.sheet.totals, pts)]
        reached = [t for t, total in enumerate(totals) if total >= target]
        if len(reached) == 2:
            notes.append(f"both sides reach {target}: the bidding side wins [{GAME_TIE.id}]")
        elif reached:
            notes.append(f"{team_name(TEAMS[reached[0]])} reach {target} [{GAME.id}]")
        state.sheet.add(label, tuple(pts), state.ply + 1, notes)
        if reached:
            state.winning_team = team_of(state.bidder) if len(reached) == 2 else reached[0]
            state.over = True
            state.phase = Phase.OVER
            emit(state, "{0} and {1} win the game", *TEAMS[state.winning_team], kind="summary")
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    def result(self, state: PinochleState) -> Result:
        totals = tuple(float(t) for t in state.sheet.totals)
        w = state.winning_team
        if w is None:
            w = 0 if totals[0] >= totals[1] else 1
        return Result(TEAMS[w], (TEAMS[w], TEAMS[1 - w]), totals)

    # --- what players see ------------------------------------------------------------------------
    def facts(self, state: PinochleState, seat: int | None) -> list[Fact]:
        facts: list[Fact] = []
        if state.phase == Phase.BID:
            said = [""] * 4
            for s, b in state.bids:
                said[s] = "pass" if b is None else str(b)
            facts.append(per_seat("bids", "Bids", said, FactKind.TEXT))
            if state.forced:
                facts.append(flag("dealer-forced", "The dealer must bid", True))
        if state.bidder is not None:
            facts.append(bid("bid", "Bid", state.high, state.bidder))
        if state.asked is not None:
            facts.append(fact("asked", "Asked for", FactKind.SUIT, SUIT_WORDS[state.asked]))
        if state.trump is not None:
            facts += [fact("trump", "Trump", FactKind.SUIT, SUIT_WORDS[state.trump]),
                      per_seat("meld", "Meld", state.meld_points),
                      per_seat("counters", "Counters",
                               [sum(POINTS[c] for c in state.taken[s]) for s in range(4)])]
        return facts

    def zones(self, state: PinochleState) -> list[Zone]:
        """Each hand (every physical card, less those laid out as meld), the meld each player
        laid face up, the trick and the last trick."""
        zones = [z for z in self.trick_zones(state) if z.kind is not ZoneKind.HAND]
        for s in range(4):
            shown = Counter(int(c) for c in state.exposed[s])
            laid: list[Card] = []
            held: list[Card] = []
            for c in state.hands[s]:
                if shown[int(c)] > 0:
                    shown[int(c)] -= 1
                    laid.append(c)
                else:
                    held.append(c)
            zones.append(self.hand_zone(state, s, held))
            if state.trump is not None:
                zones.append(Zone("meld", laid, owner=s, team=team_of(s), kind=ZoneKind.MELD, label="Meld"))
        return zones

    def redact(self, state: PinochleState, seat: int, action: Action, viewer: int | None) -> str:
        if action.verb == "give" and viewer != seat and viewer != partner(seat):
            return "give three cards"
        return str(action)

    def parse(self, text: str) -> Action:
        tokens = text.split()
        if tokens and tokens[0].lower() in ("ask", "trump"):
            tokens = [_SUIT_LETTERS.get(t.lower(), t.lower()) for t in tokens]
        return parse_action(" ".join(tokens))

    def move_words(self, state: PinochleState, seat: int, action: Action) -> str | None:
        if action == THROW:
            return "Throw in the hand"
        if action.verb in ("ask", "trump") and action.args:
            return f"{'Ask for' if action.verb == 'ask' else 'Trump:'} {action.args[0]}"
        return None

    def prompt(self, state: PinochleState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == Phase.BID:
            if state.forced:
                return f"Everyone else passed: you must bid at least {MIN_BID}."
            return f"Bid {next_bid(state.high)} or more (any higher bid the rules allow), or pass."
        if phase == Phase.ASK:
            return Prompt("Name the suit you want from your partner, {0}.", (partner(seat),))
        if phase == Phase.GIVE:
            asked = SUIT_NAMES[state.asked] if state.asked is not None else "?"
            return Prompt(f"Pass three cards to {{0}}, {asked} if you have them.", (partner(seat),))
        if phase == Phase.RETURN:
            return Prompt("Pass any three cards back to {0}.", (partner(seat),))
        if phase == Phase.TRUMP:
            return "Name trump."
        if THROW in self.legal_actions(state, seat):
            return "Lead to the first trick, or throw in the hand and concede your bid."
        return "Play a card."
