"""Partnership auction Pinochle (rulebook 001): the auction, the three-card exchange,
trump and meld, trick play with crawling and over-trumping, throw-in and scoring."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from gamenight.core.cards import SUIT_NAMES, Card, card_text, pinochle_deck
from gamenight.core.seats import left_of
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import GAME_OVER, TURN, Clause, IllegalAction
from gamenight.engine.game import Result
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
from gamenight.families import tricks
from gamenight.families.tricks import SUIT_WORDS, TrickGame, TrickState
from gamenight.games.pinochle.meld import RANK_ORDER, Meld, exposed_faces, find_melds, meld_points
from gamenight.games.pinochle.rules import (
    CRAWL,
    FOLLOW,
    MUST_TRUMP,
    NO_THROW_IN,
    OVER_TRUMP,
    RULES,
    SPEC,
    TEAMS,
    THROW_IN,
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
    given: list[Card] = field(default_factory=list)
    """The cards the partner passed to the bidder (seen by those two only)."""
    returned: list[Card] = field(default_factory=list)
    """The cards the bidder passed back (seen by those two only)."""
    melds: list[list[Meld]] = field(default_factory=list)
    meld_points: list[int] = field(default_factory=list)
    exposed: list[list[Card]] = field(default_factory=list)
    """Meld cards each player showed that are still in their hand (public)."""
    winning_team: int | None = None


@register
class Pinochle(TrickGame[PinochleState]):
    spec = SPEC
    last_identical_wins = False

    def setup(self, players: int, options: Any, rng: random.Random) -> PinochleState:
        state = PinochleState(players=players, options=options, rng=rng,
                              sheet=ScoreSheet.per_team(TEAMS),
                              dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state)
        return state

    def _deal(self, state: PinochleState) -> None:
        self.start_hand(state, state.deck, 20)
        state.phase = "bid"
        state.bids = []
        state.passed = [False] * 4
        state.high = 0
        state.bidder = None
        state.forced = state.stuck = False
        state.bid_turn = left_of(state.dealer, 4)
        state.asked = None
        state.given = []
        state.returned = []
        state.melds = [[] for _ in range(4)]
        state.meld_points = [0] * 4
        state.exposed = [[] for _ in range(4)]
        state.trump = None
        state.suit, state.power = tricks.ranked_tables(RANK_ORDER, None)

    # --- the auction and the exchange ----------------------------------------------------------
    def other_to_act(self, state: PinochleState) -> tuple[int, ...]:
        phase = state.phase
        if phase == "bid":
            return (state.bid_turn,)
        if state.bidder is None:
            return ()
        if phase == "give":
            return (partner(state.bidder),)
        if phase in ("ask", "return", "trump"):
            return (state.bidder,)
        return ()

    def other_legal(self, state: PinochleState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        phase = state.phase
        if phase == "bid":
            if state.forced:
                if state.options.stuck_dealer == "exactly-25":
                    return [Action("bid", (MIN_BID,))]
                return list(bid_actions(state.high))
            return [PASS, *bid_actions(state.high)]
        if phase == "ask":
            return list(ASKS)
        if phase == "trump":
            return list(TRUMPS)
        if phase in ("give", "return"):
            return [Action("give", combo) for combo in self._give_choices(state, seat)]
        return []

    def _give_choices(self, state: PinochleState, seat: int) -> list[tuple[Card, ...]]:
        """Every different set of three cards (by face) ``seat`` may pass now."""
        hand = state.hands[seat]
        if state.phase == "give" and state.asked is not None:
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
        return list(seen.values())

    def check(self, state: PinochleState, seat: int, action: Action) -> None:
        phase = state.phase
        if state.over:
            raise IllegalAction(GAME_OVER)
        if seat not in self.to_act(state):
            raise IllegalAction(TURN, f"seat {seat} is not to act")
        if phase in ("give", "return") and action.verb == "give":
            problem = self._give_problem(state, seat, action)
            if problem:
                raise IllegalAction(problem[0], problem[1], state.options)
            return
        if phase == "bid" and action.verb == "bid" and len(action.args) == 1 and _is_number(action.args[0]) \
                and not (state.forced and state.options.stuck_dealer == "exactly-25"):
            n = int(action.args[0])
            if valid_bid(n, state.high):
                return
        super().check(state, seat, action)

    def _give_problem(self, state: PinochleState, seat: int, action: Action) -> tuple[Clause, str] | None:
        args = action.args
        clause = RULES["pinochle.pass.give"] if state.phase == "give" else RULES["pinochle.pass.back"]
        if len(args) != 3 or not all(isinstance(a, Card) for a in args):
            return clause, "pass exactly three cards"
        held = Counter(int(c) for c in state.hands[seat])
        want = Counter(int(c) for c in args)
        if any(held[f] < n for f, n in want.items()):
            return tricks.PLAY_FROM_HAND, "you can only pass cards you hold"
        if state.phase == "give":
            asked = state.asked
            have = sum(1 for c in state.hands[seat] if c >> 4 == asked)
            gave = sum(1 for c in args if isinstance(c, Card) and c >> 4 == asked)
            if gave < min(3, have):
                return clause, f"you must pass {min(3, have)} {SUIT_NAMES[asked or 0]}"
        return None

    def explain(self, state: PinochleState, seat: int, action: Action) -> Clause | None:
        phase = state.phase
        verb = action.verb
        if phase == "play":
            if verb == "throw":
                return THROW_IN if state.options.throw_in else NO_THROW_IN
            if verb != "play" or len(action.args) != 1 or not isinstance(action.args[0], Card):
                return None
            return self._play_clause(state, seat, action.args[0])
        if phase == "bid":
            if state.forced and verb == "pass":
                return RULES["pinochle.bid.dealer-stuck" if state.options.stuck_dealer == "at-least-25"
                             else "pinochle.bid.dealer-stuck-25"]
            if verb != "bid" or len(action.args) != 1 or not _is_number(action.args[0]):
                return RULES["pinochle.bid.higher"]
            n = int(action.args[0])
            if state.forced and state.options.stuck_dealer == "exactly-25":
                return RULES["pinochle.bid.dealer-stuck-25"]
            if n < MIN_BID:
                return RULES["pinochle.bid.minimum"]
            if n > BY_ONES_TO and n % BID_STEP:
                return RULES["pinochle.bid.steps"]
            return RULES["pinochle.bid.higher"]
        if phase == "ask":
            return RULES["pinochle.pass.ask"]
        if phase == "give":
            return RULES["pinochle.pass.give"]
        if phase == "return":
            return RULES["pinochle.pass.back"]
        if phase == "trump":
            return RULES["pinochle.trump"]
        return None

    def other_apply(self, state: PinochleState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == "bid":
            self._bid(state, seat, action)
        elif phase == "ask":
            state.asked = SUIT_WORDS.index(str(action.args[0]))
            state.phase = "give"
        elif phase in ("give", "return"):
            cards = [c for c in action.args if isinstance(c, Card)]
            hand = state.hands[seat]
            moved = [hand.pop(hand.index(c)) for c in cards]
            to = partner(seat)
            state.hands[to].extend(moved)
            state.hands[to].sort()
            if phase == "give":
                state.given = sorted(moved)
                state.phase = "return"
            else:
                state.returned = sorted(moved)
                state.phase = "trump"
        elif phase == "trump":
            self._call_trump(state, SUIT_WORDS.index(str(action.args[0])))

    def _bid(self, state: PinochleState, seat: int, action: Action) -> None:
        if action.verb == "pass":
            state.bids.append((seat, None))
            state.passed[seat] = True
        else:
            n = int(action.args[0])
            state.bids.append((seat, n))
            state.high = n
            state.bidder = seat
            state.forced = False
        if sum(state.passed) == 3:
            if state.bidder is None:  # the first three passed: the dealer must bid
                state.forced = state.stuck = True
                state.bid_turn = state.dealer
                return
            state.phase = "ask"
            return
        nxt = left_of(seat, 4)
        while state.passed[nxt]:
            nxt = left_of(nxt, 4)
        state.bid_turn = nxt

    def _call_trump(self, state: PinochleState, trump: int) -> None:
        assert state.bidder is not None
        state.trump = trump
        state.suit, state.power = tricks.ranked_tables(RANK_ORDER, trump)
        for s in range(4):
            melds = find_melds(state.hands[s], trump)
            state.melds[s] = melds
            state.meld_points[s] = meld_points(melds)
            held = {int(c): c for c in state.hands[s]}
            state.exposed[s] = [held[f] for f in exposed_faces(melds)]
        state.phase = "play"
        state.leader = state.turn = state.bidder

    # --- play -----------------------------------------------------------------------------------
    def can_throw_in(self, state: PinochleState, seat: int) -> bool:
        return (state.phase == "play" and seat == state.bidder and not state.trick and state.options.throw_in
                and not any(state.tricks_won))

    def legal_actions(self, state: PinochleState, seat: int) -> list[Action]:
        acts = super().legal_actions(state, seat)
        if state.phase == "play" and not state.trick and seat == state.bidder and self.can_throw_in(state, seat):
            acts.append(THROW)
        return acts

    def play_restriction(self, state: PinochleState, seat: int, allowed: list[Card]) -> tuple[list[Card],
                                                                                               Clause | None]:
        trick = state.trick
        suit = state.suit
        power = state.power
        trump = state.trump
        led = suit[trick[0][1]]
        best_trump = -1
        best_led = -1
        for _, c in trick:
            s = suit[c]
            if s == trump:
                if power[c] > best_trump:
                    best_trump = power[c]
            elif s == led and power[c] > best_led:
                best_led = power[c]
        if suit[allowed[0]] == led:  # following suit
            if led != trump and best_trump >= 0:
                return allowed, None  # already trumped: any card of the suit led
            beat = best_trump if led == trump else best_led
            higher = [c for c in allowed if power[c] > beat]
            if higher and len(higher) < len(allowed):
                return higher, CRAWL
            return allowed, None
        trumps = [c for c in allowed if suit[c] == trump]
        if not trumps:
            return allowed, None
        if best_trump >= 0:
            higher = [c for c in trumps if power[c] > best_trump]
            if higher:
                return higher, OVER_TRUMP
        return trumps, MUST_TRUMP

    def _play_clause(self, state: PinochleState, seat: int, card: Card) -> Clause | None:
        """Why ``card`` may not be played now."""
        hand = state.hands[seat]
        if card not in hand:
            return tricks.PLAY_FROM_HAND
        if not state.trick:
            return None
        suit = state.suit
        led = suit[state.trick[0][1]]
        if any(suit[c] == led for c in hand):
            return FOLLOW if suit[card] != led else CRAWL
        if suit[card] != state.trump:
            return MUST_TRUMP
        return OVER_TRUMP

    def _apply(self, state: PinochleState, seat: int, action: Action) -> None:
        if state.phase == "play":
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
                parts = ", ".join(f"{m.name} {m.points} [{m.clause}]" for m in melds)
                notes.append(f"seat {s} meld {state.meld_points[s]}: {parts}")
            else:
                notes.append(f"seat {s} meld 0")
        return notes

    def _header(self, state: PinochleState) -> str:
        asked = SUIT_NAMES[state.asked] if state.asked is not None else "?"
        trump = SUIT_NAMES[state.trump] if state.trump is not None else "?"
        clause = "pinochle.bid.dealer-stuck" + ("" if state.options.stuck_dealer == "at-least-25" else "-25")
        forced = f" (the dealer was forced to bid [{clause}])" if state.stuck else ""
        return (f"seat {state.bidder} won the bid at {state.high}{forced} [pinochle.bid.end], asked for {asked} "
                f"[pinochle.pass.ask] and named {trump} trump [pinochle.trump]")

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
        names = [f"seats {' & '.join(map(str, t))}" for t in TEAMS]
        notes = [self._header(state), *self._meld_notes(state),
                 f"{names[bt]} threw in: they score nothing for meld and lose their bid of {state.high}; "
                 f"{names[1 - bt]} add their meld {meld[1 - bt]} [pinochle.score.throw-in]"]
        self._record(state, f"hand {state.hand_no} (thrown in)", pts, notes)

    def end_hand(self, state: PinochleState) -> None:
        assert state.bidder is not None
        bt = team_of(state.bidder)
        meld = self.team_meld(state)
        took = self.trick_points(state)
        last = team_of(state.leader)
        took[last] += LAST_TRICK
        names = [f"seats {' & '.join(map(str, t))}" for t in TEAMS]
        notes = [self._header(state), *self._meld_notes(state)]
        for t in range(2):
            notes.append(f"{names[t]} meld {meld[t]} [pinochle.meld.show] and {took[t]} in tricks "
                         "[pinochle.score.count]" + (" (last trick 2 [pinochle.count.last])" if t == last else ""))
        made = meld[bt] + took[bt]
        pts = [meld[t] + took[t] for t in range(2)]
        if made >= state.high:
            notes.append(f"{names[bt]} made {made} against a bid of {state.high}: both sides score what they made "
                         "[pinochle.score.made]")
        else:
            pts[bt] = -state.high
            notes.append(f"{names[bt]} made only {made} against a bid of {state.high}: set, minus {state.high} "
                         f"[pinochle.score.set]; {names[1 - bt]} keep their {pts[1 - bt]}")
        self._record(state, f"hand {state.hand_no}", pts, notes)

    def _record(self, state: PinochleState, label: str, pts: list[int], notes: list[str]) -> None:
        assert state.bidder is not None
        state.sheet.add(label, tuple(pts), state.ply + 1, notes)
        target = state.options.target
        reached = [t for t, total in enumerate(state.sheet.totals) if total >= target]
        if reached:
            state.winning_team = team_of(state.bidder) if len(reached) == 2 else reached[0]
            state.over = True
            state.phase = "over"
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    def result(self, state: PinochleState) -> Result:
        totals = tuple(float(t) for t in state.sheet.totals)
        w = state.winning_team
        if w is None:
            w = 0 if totals[0] >= totals[1] else 1
        return Result(TEAMS[w], (TEAMS[w], TEAMS[1 - w]), totals)

    # --- views ---------------------------------------------------------------------------------
    def view(self, state: PinochleState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        v["teams"] = [list(t) for t in TEAMS]
        v["scores"] = list(state.sheet.totals)
        v["target"] = state.options.target
        v["bids"] = [{"seat": s, "bid": b if b is not None else "pass"} for s, b in state.bids]
        v["high_bid"] = state.high or None
        v["bidder"] = state.bidder if state.phase != "bid" else None
        v["high_bidder"] = state.bidder
        v["passed"] = [s for s in range(4) if state.passed[s]] if state.passed else []
        v["forced"] = state.forced
        v["asked"] = "CDHS"[state.asked] if state.asked is not None else None
        melded = state.trump is not None and state.phase in ("play", "over")
        v["melds"] = [[{"meld": m.name, "points": m.points, "cards": [card_text(f) for f in m.faces]}
                       for m in state.melds[s]] for s in range(4)] if melded else None
        v["meld_points"] = list(state.meld_points) if melded else None
        v["team_meld"] = self.team_meld(state) if melded else None
        v["shown"] = [[card_text(c) for c in state.exposed[s]] for s in range(4)] if melded else None
        v["trick_points"] = self.trick_points(state)
        v["can_throw_in"] = seat is not None and self.can_throw_in(state, seat)
        v["throw_in_allowed"] = state.options.throw_in
        if seat is not None and state.bidder is not None and seat in (state.bidder, partner(state.bidder)):
            # The cards passed to this seat that it still holds (what it passed away is in its log).
            got = Counter(int(c) for c in (state.given if seat == state.bidder else state.returned))
            held = Counter(int(c) for c in state.hands[seat])
            v["received"] = [card_text(f) for f in sorted((got & held).elements())]
        return v

    def zones(self, state: PinochleState) -> list[Zone]:
        zones: list[Zone] = []
        for s in range(4):
            shown = Counter(int(c) for c in state.exposed[s])
            public: list[Card] = []
            hidden: list[Card] = []
            for c in state.hands[s]:
                if shown[int(c)] > 0:
                    shown[int(c)] -= 1
                    public.append(c)
                else:
                    hidden.append(c)
            zones.append(Zone(f"hand {s}", hidden, frozenset({s})))
            zones.append(Zone(f"meld shown {s}", public))
        zones.append(Zone("trick", [c for _, c in state.trick]))
        zones += [Zone(f"taken {s}", state.taken[s]) for s in range(4)]
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

    def prompt(self, state: PinochleState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == "bid":
            if state.forced:
                return "Everyone else passed: you must bid at least 25 ('bid 25')."
            nxt = next_bid(state.high)
            return f"Bid {nxt} or more ('bid {nxt}'; any higher bid may be typed), or 'pass'."
        if phase == "ask":
            return "Name the suit you want from your partner ('ask hearts')."
        if phase == "give":
            asked = SUIT_NAMES[state.asked] if state.asked is not None else "?"
            return f"Pass three cards to the bidder, {asked} if you have them ('give ...')."
        if phase == "return":
            return "Pass any three cards back to your partner ('give ...')."
        if phase == "trump":
            return "Name trump ('trump spades')."
        if self.can_throw_in(state, seat):
            return "Lead to the first trick, or 'throw in' to concede your bid."
        return "Play a card."


def _is_number(a: object) -> bool:
    return isinstance(a, int) and not isinstance(a, (Card, bool))


