"""500 Rummy (rulebook 000): partners bid for the right to name trump (or no trump),
the high bidder takes the four-card kitty and buries four cards that are not
counters, and the counters (aces and 10s 10, 5s 5, the Q♠ 25: 125 a hand) decide
whether the bid is made. First team to bid out past 500 wins; a team at -150 loses."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, cards_text, code, standard_deck
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import GameSpec, Result
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet, team_name
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, bid, fact, flag, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import SUIT_WORDS, TrickGame, TrickState

DECK = tuple(standard_deck())
TEAMS = alternating_teams(4)
QUEEN_OF_SPADES = code(12, 3)
COUNTERS = tricks.point_table(lambda c: 25 if c == QUEEN_OF_SPADES else 10 if c & 15 in (10, 14)
                              else 5 if c & 15 == 5 else 0)
"""Points of each card: aces and 10s 10, 5s 5, the queen of spades 25."""
HAND_TOTAL = tricks.count_points(DECK, COUNTERS)
NOTRUMP = "notrump"
NOTRUMP_BONUS = 50
MADE_CHOICES = ("taken", "bid")
_NT_WORDS = {"nt": NOTRUMP, "no-trump": NOTRUMP, "no_trump": NOTRUMP, "notrumps": NOTRUMP, "no-trumps": NOTRUMP}
_SUIT_LETTERS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
PASS = Action("pass")
CALLS = [Action("call", (SUIT_WORDS[s],)) for s in range(4)]


@dataclass(frozen=True)
class FiveHundredOptions:
    made_score: str = option(
        "taken", "A bidding team that makes its bid adds {value} (taken: the points it took; bid: the amount "
        "it bid), plus 50 for a no trump bid.", choices=MADE_CHOICES)
    min_bid: int = option(60, "The minimum bid is {value}.", minimum=5, maximum=125)
    bid_step: int = option(5, "Bids go up in steps of {value} points.", minimum=1, maximum=25)
    target: int = option(500, "A team wins on reaching {value}.", minimum=50)
    lose_at: int = option(-150, "A team loses on falling to {value}.", maximum=-1)
    must_bid_out: bool = option(
        True, "A team must bid out to win (it wins only at the end of a hand in which it made its bid): {value}.")


R = "Players and cards"
B = "Bidding"
K = "The kitty"
L = "Playing the tricks"
S = "Scoring"
DECK_RULE = Clause("five_hundred_rummy.deck", "1 deck of cards, without jokers.", R)
PLAYERS = Clause("five_hundred_rummy.players", "4 players play in partners (2 teams), partners sitting opposite.", R)
DEAL = Clause("five_hundred_rummy.deal", "Deal all the cards out evenly to the four players except for 4 cards, "
              "which are dealt into the kitty: 12 cards each, 4 to the kitty.", R)
GOAL = Clause("five_hundred_rummy.goal", "Each team attempts to win the bid and then to take enough tricks to get "
              "the amount of points they bid. First team to {target} wins, or the first team to {lose_at} loses.",
              R, option="target")
BID_ORDER = Clause("five_hundred_rummy.bid.order", "Bidding begins with the player to the left of the dealer and "
                   "continues clockwise; each player in turn either passes or makes a bid higher than any "
                   "preceding bid. The bidding may go round several times.", B)
BID_MINIMUM = Clause("five_hundred_rummy.bid.minimum", "The minimum bid is {min_bid}.", B, option="min_bid")
BID_STEPS = Clause("five_hundred_rummy.bid.steps", "Bids go up in steps of {bid_step} points, to at most 125, all "
                   "the points in a hand (the book is silent on the steps; the counters come in fives).", B,
                   option="bid_step")
BID_HIGHER = Clause("five_hundred_rummy.bid.higher", "A bid must be higher than any preceding bid. A no trump bid "
                    "is higher than a regular bid of the same number (70 no trump beats 70 in a suit); the next "
                    "higher number beats both.", B)
PASS_FINAL = Clause("five_hundred_rummy.bid.pass-final", "Once a player passes, they may not bid again for that "
                    "hand.", B)
BID_END = Clause("five_hundred_rummy.bid.end", "Bidding continues until three players pass, leaving the bid to the "
                 "last highest bidder.", B)
ALL_PASS = Clause("five_hundred_rummy.bid.all-pass", "If all the players pass, the dealer must take the bid, at "
                  "the minimum bid of {min_bid} (the book does not say at what number; the minimum is the usual "
                  "reading), and names a trump suit.", B, option="min_bid")
CALL = Clause("five_hundred_rummy.call", "The highest bidder calls the trump suit (a no trump bid has no trump "
              "suit).", K)
KITTY = Clause("five_hundred_rummy.kitty", "The highest bidder then picks up the four cards from the kitty and "
               "discards four cards from their hand face down, out of play.", K)
NO_COUNTERS = Clause("five_hundred_rummy.kitty.no-counters", "You may not discard any counter cards (aces, 10s, "
                     "5s, the queen of spades).", K)
FORCED_COUNTERS = Clause("five_hundred_rummy.kitty.forced-counters", "A bidder holding fewer than four cards that "
                         "are not counters must bury counters to make up the four; buried counters count for the "
                         "bidding team (the book is silent; the bidder's cards are the bidder's).", K)
LEAD = Clause("five_hundred_rummy.lead", "The highest bidder starts the play by leading out with a card.", L)
COUNTER_POINTS = Clause("five_hundred_rummy.score.counters", "Collect tricks; each team counts the points they "
                        "have collected at the end of each hand: aces 10 points, 10s 10 points, 5s 5 points, the "
                        "queen of spades 25 points. The total per hand is 125 points.", S)
MADE_TAKEN = Clause("five_hundred_rummy.score.made", "If the bidding team made the amount they bid or more, they "
                    "get those points added to their score: the points they took.", S, option="made_score",
                    when=lambda o: o.made_score == "taken")
MADE_BID = Clause("five_hundred_rummy.score.made-bid", "If the bidding team made the amount they bid or more, they "
                  "get the amount they bid added to their score.", S, option="made_score",
                  when=lambda o: o.made_score == "bid")
NOTRUMP_MADE = Clause("five_hundred_rummy.score.notrump", "A no trump bid is worth an extra 50 points if you make "
                      "your bid.", S)
SET = Clause("five_hundred_rummy.score.set", "If the bidding team does not take the number of points declared by "
             "their bid (they get set), they subtract the total amount bid from their score, going in the hole "
             "(below zero) if need be.", S)
DEFENDERS = Clause("five_hundred_rummy.score.defenders", "The team that didn't win the bid gets one point for each "
                   "trick they took.", S)
BID_OUT = Clause("five_hundred_rummy.end.bid-out", "You must bid out to win at {target}: a team wins when it makes "
                 "its bid and so reaches {target} or more; points from defending never win the game.", S,
                 option="must_bid_out", when=lambda o: o.must_bid_out)
REACH = Clause("five_hundred_rummy.end.reach", "A team wins as soon as it reaches {target} at the end of a hand, "
               "however it got there (if both do, the bidding team wins).", S, option="must_bid_out",
               when=lambda o: not o.must_bid_out)
LOSE = Clause("five_hundred_rummy.end.lose", "A team that falls to {lose_at} or lower loses the game.", S,
              option="lose_at")

RULES = Rules([
    DECK_RULE, PLAYERS, DEAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, GOAL,
    BID_ORDER, BID_MINIMUM, BID_STEPS, BID_HIGHER, PASS_FINAL, BID_END, ALL_PASS,
    CALL, KITTY, NO_COUNTERS, FORCED_COUNTERS,
    LEAD, tricks.FOLLOW_SUIT, tricks.HIGHEST_WINS, tricks.TRUMP_WINS, tricks.WINNER_LEADS, tricks.PLAY_FROM_HAND,
    COUNTER_POINTS, MADE_TAKEN, MADE_BID, NOTRUMP_MADE, SET, DEFENDERS, BID_OUT, REACH, LOSE,
])
TEXT_ONLY = (DECK_RULE, PLAYERS, DEAL, GOAL, BID_END, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT,
             tricks.HIGHEST_WINS, tricks.TRUMP_WINS, tricks.WINNER_LEADS)
"""Clauses that describe the deal and the play; the code follows them but cites none."""


class Phase(StrEnum):
    BID = "bidding"
    CALL = "calling trump"
    BURY = "burying"
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="five_hundred_rummy", title="500 Rummy", family="tricks", players=(4,), default_players=4,
    options=FiveHundredOptions, rules=RULES, source="000",
    summary="Partners bid for trump and the kitty, then take counters (aces, 10s, 5s, the Q♠) to make the bid. "
            "Bid out to win at 500; -150 loses.",
    presets={"standard": {}, "score_the_bid": {"made_score": "bid"}},
    teams=lambda n: TEAMS,
    sections=(R, "Dealing", B, K, L, S),
)


def bid_key(amount: int, notrump: bool) -> int:
    """Bids in order: 70 < 70 no trump < 75."""
    return amount * 2 + (1 if notrump else 0)


def bid_action(amount: int, notrump: bool) -> Action:
    return Action("bid", (amount, NOTRUMP) if notrump else (amount,))


def bid_text(amount: int, notrump: bool) -> str:
    return f"{amount} no trump" if notrump else str(amount)


def counters_in(pile: list[Card]) -> int:
    return tricks.count_points(pile, COUNTERS)


def team_of(seat: int) -> int:
    return seat & 1


def is_pass(action: Action) -> bool:
    return action.verb == "pass" and not action.args


def is_bid(action: Action) -> bool:
    """``bid 70`` or ``bid 70 notrump``: a whole number, then perhaps the word."""
    args = action.args
    return (action.verb == "bid" and 1 <= len(args) <= 2 and type(args[0]) is int
            and (len(args) == 1 or args[1] == NOTRUMP))


def every_bid(options: FiveHundredOptions) -> list[Action]:
    """Every bid on the book's ladder, lowest first (each number, then its no trump)."""
    return [bid_action(amount, nt) for amount in range(options.min_bid, HAND_TOTAL + 1, options.bid_step)
            for nt in (False, True)]


def counter_words(card: Card) -> str:
    return f"{card_text(card)} is a counter, worth {COUNTERS[card]} points"


@dataclass
class FiveHundredState(TrickState):
    kitty: list[Card] = field(default_factory=list)
    buried: list[Card] = field(default_factory=list)
    bids: list[tuple[int, str]] = field(default_factory=list)
    """This hand's bidding, in order: (seat, 'pass' / '70' / '70 no trump')."""
    passed: list[bool] = field(default_factory=list)
    high: tuple[int, bool] | None = None
    """The highest bid so far: (amount, no trump)."""
    bidder: int | None = None
    bid_turn: int = 0
    stuck: bool = False
    """The dealer took the bid because everybody passed."""
    winner_team: int | None = None
    loser_team: int | None = None


@register
class FiveHundredRummy(TrickGame[FiveHundredState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> FiveHundredState:
        state = FiveHundredState(players=players, options=options, rng=rng,
                                 sheet=ScoreSheet.per_team(TEAMS),
                                 dealer=rng.randrange(players), deck=list(DECK))
        self._deal(state)
        return state

    def _deal(self, state: FiveHundredState) -> None:
        state.kitty = sorted(self.start_hand(state, state.deck, 12))
        state.buried = []
        state.bids = []
        state.passed = [False] * 4
        state.high = None
        state.bidder = None
        state.stuck = False
        state.trump = None
        state.suit, state.power = tricks.standard_tables(None)
        state.phase = Phase.BID
        state.bid_turn = left_of(state.dealer, 4)

    # --- the auction, the call and the kitty: who acts and the cascades ----------------------------
    def other_to_act(self, state: FiveHundredState) -> tuple[int, ...]:
        if state.phase == Phase.BID:
            return (state.bid_turn,)
        if state.phase in (Phase.CALL, Phase.BURY):
            assert state.bidder is not None
            return (state.bidder,)
        return ()

    def bid_cascade(self, state: FiveHundredState, moves: Sequence[Action]) -> Iterator[Step[Action]]:
        """The auction's rules on ``moves`` (every bid on the ladder, or the one move refused)."""
        o = state.options
        allowed = [a for a in moves if is_pass(a) or is_bid(a)]
        yield Step(allowed, BID_ORDER, "bid a number of points, in a suit or no trump, or pass")
        allowed = [a for a in allowed if is_pass(a) or a.args[0] >= o.min_bid]
        yield Step(allowed, BID_MINIMUM, f"the lowest bid is {o.min_bid}")
        allowed = [a for a in allowed if is_pass(a) or (a.args[0] <= HAND_TOTAL
                                                        and (a.args[0] - o.min_bid) % o.bid_step == 0)]

        def off_ladder(move: Action) -> str:
            amount = move.args[0]
            if amount > HAND_TOTAL:
                return f"there are only {HAND_TOTAL} points in a hand"
            return f"bids go up from {o.min_bid} in steps of {o.bid_step}, and {amount} is not one of them"

        yield Step(allowed, BID_STEPS, off_ladder)
        if state.high is not None:
            floor = bid_key(*state.high)
            allowed = [a for a in allowed if is_pass(a) or bid_key(a.args[0], len(a.args) == 2) > floor]
            yield Step(allowed, BID_HIGHER, f"the bid stands at {bid_text(*state.high)}: bid higher or pass")

    def call_cascade(self, state: FiveHundredState) -> Iterator[Step[Action]]:
        def why(move: Action) -> str:
            if any("trump" in w or w == "nt" for w in move.words):
                return "no trump is bid in the auction, not called: the bid was in a suit, so name one"
            return "name the trump suit: clubs, diamonds, hearts or spades"

        yield Step(CALLS, CALL, why)

    def bury_cascade(self, state: FiveHundredState, seat: int, moves: Sequence[Action]) -> Iterator[Step[Action]]:
        """The kitty's rules on the cards the bidder discards face down, one at a time."""
        left = 4 - len(state.buried)
        allowed = [a for a in moves if a.verb == "discard" and len(a.args) == 1 and type(a.args[0]) is Card]
        yield Step(allowed, KITTY, f"discard your cards face down one at a time ({left} to go)")
        hand = state.hands[seat]
        allowed = [a for a in allowed if a.args[0] in hand]
        yield Step(allowed, tricks.PLAY_FROM_HAND, lambda move: f"you do not hold {move.args[0]}")
        plain = sum(1 for c in hand if not COUNTERS[c])
        if plain:
            allowed = [a for a in allowed if not COUNTERS[a.args[0]]]
            yield Step(allowed, NO_COUNTERS, lambda move: f"{counter_words(move.args[0])}, and you hold "
                       f"{plain} card{'s' if plain > 1 else ''} that {'are' if plain > 1 else 'is'} not")

    def other_legal(self, state: FiveHundredState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        phase = state.phase
        if phase == Phase.BID:
            return list(narrow(self.bid_cascade(state, [PASS, *every_bid(state.options)])))
        if phase == Phase.CALL:
            return list(narrow(self.call_cascade(state)))
        if phase == Phase.BURY:
            moves = [Action("discard", (c,)) for c in state.hands[seat]]
            return list(narrow(self.bury_cascade(state, seat, moves)))
        return []

    def other_refusal(self, state: FiveHundredState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == Phase.BID:
            cascade = self.bid_cascade(state, [action])
        elif phase == Phase.CALL:
            cascade = self.call_cascade(state)
        else:
            cascade = self.bury_cascade(state, seat, [action])
        refuse(cascade, action, state.options, UNKNOWN)

    def off_turn(self, state: FiveHundredState, seat: int, action: Action) -> None:
        if state.phase == Phase.BID and state.passed[seat] and action.verb in ("bid", "pass"):
            raise IllegalAction(PASS_FINAL, "you passed, so you may not bid again this hand", state.options)
        if state.phase == Phase.PLAY and action.verb == "play" and not state.trick and not any(state.tricks_won):
            raise IllegalAction(LEAD, "the highest bidder leads to the first trick", state.options)

    # --- the auction, the call and the kitty: what happens -------------------------------------------
    def other_apply(self, state: FiveHundredState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == Phase.BID:
            self._bid(state, seat, action)
        elif phase == Phase.CALL:
            state.trump = SUIT_WORDS.index(str(action.args[0]))
            state.suit, state.power = tricks.standard_tables(state.trump)
            emit(state, f"{{0}} calls {SUIT_WORDS[state.trump]} trump", seat, kind="call")
            self._take_kitty(state)
        elif phase == Phase.BURY:
            hand = state.hands[seat]
            card = hand.pop(hand.index(action.args[0]))
            state.buried.append(card)
            done = len(state.buried) == 4
            private(state, seat, "{0} discards " + card_text(card) + " face down",
                    "{0} discards four cards face down" if done else None, seat, pieces=(card,), kind="bury")
            if done:
                state.phase = Phase.PLAY
                state.leader = state.turn = seat

    def _bid(self, state: FiveHundredState, seat: int, action: Action) -> None:
        if is_pass(action):
            state.passed[seat] = True
            state.bids.append((seat, "pass"))
            emit(state, "{0} passes", seat, kind="bid")
        else:
            amount = action.args[0]
            nt = len(action.args) == 2
            state.high = (amount, nt)
            state.bidder = seat
            state.bids.append((seat, bid_text(amount, nt)))
            emit(state, "{0} bids " + bid_text(amount, nt), seat, kind="bid")
        passes = state.passed.count(True)
        if passes == 4:
            # Everybody passed: the dealer takes the bid at the minimum.
            state.high = (state.options.min_bid, False)
            state.bidder = state.dealer
            state.stuck = True
            emit(state, f"Everyone passed: {{0}} takes the bid at {state.options.min_bid}", state.dealer, kind="bid")
        elif passes == 3 and state.bidder is not None:
            assert state.high is not None
            emit(state, "{0} wins the bid at " + bid_text(*state.high), state.bidder, kind="bid")
        else:
            nxt = left_of(seat, 4)
            while state.passed[nxt]:
                nxt = left_of(nxt, 4)
            state.bid_turn = nxt
            return
        assert state.high is not None
        if state.high[1]:
            state.trump = None
            self._take_kitty(state)
        else:
            state.phase = Phase.CALL

    def _take_kitty(self, state: FiveHundredState) -> None:
        bidder = state.bidder
        assert bidder is not None
        kitty = state.kitty
        private(state, bidder, "{0} takes the kitty: " + cards_text(kitty), "{0} takes the kitty", bidder,
                pieces=kitty, kind="kitty")
        hand = state.hands[bidder]
        hand.extend(kitty)
        hand.sort()
        state.kitty = []
        state.phase = Phase.BURY

    # --- scoring ------------------------------------------------------------------------------
    def end_hand(self, state: FiveHundredState) -> None:
        assert state.bidder is not None and state.high is not None
        o = state.options
        bidder = state.bidder
        bt = team_of(bidder)
        amount, nt = state.high
        took = [sum(counters_in(state.taken[s]) for s in members) for members in TEAMS]
        buried = counters_in(state.buried)
        took[bt] += buried
        team_tricks = tricks.team_totals(state.tricks_won, TEAMS)
        name = [team_name(t) for t in TEAMS]
        bid_words = bid_text(amount, nt)
        notes = [f"seat {bidder} bid {bid_words}"
                 + (f", taken by the dealer when all passed [{ALL_PASS.id}]" if state.stuck else "")
                 + ("" if nt else f", {SUIT_WORDS[state.trump or 0]} trump"),
                 f"{name[bt]} took {took[bt]} points in counters, {name[1 - bt]} {took[1 - bt]} "
                 f"[{COUNTER_POINTS.id}]"]
        if buried:
            notes.append(f"{buried} points of buried counters count for the bidders [{FORCED_COUNTERS.id}]")
        pts = [0, 0]
        made = took[bt] >= amount
        if made:
            if o.made_score == "taken":
                pts[bt] = took[bt]
                notes.append(f"bid made: {took[bt]} points taken [{MADE_TAKEN.id}]")
            else:
                pts[bt] = amount
                notes.append(f"bid made: {amount} points bid [{MADE_BID.id}]")
            if nt:
                pts[bt] += NOTRUMP_BONUS
                notes.append(f"no trump made: {NOTRUMP_BONUS} extra [{NOTRUMP_MADE.id}]")
        else:
            pts[bt] = -amount
            notes.append(f"set: minus {amount} [{SET.id}]")
        pts[1 - bt] = team_tricks[1 - bt]
        notes.append(f"{name[1 - bt]} defended and took {team_tricks[1 - bt]} tricks: 1 point each "
                     f"[{DEFENDERS.id}]")
        bidders, defenders = TEAMS[bt], TEAMS[1 - bt]
        of_buried = f" ({buried} of them buried)" if buried else ""
        outcome = "make it" if made else "go set"
        emit(state, f"{{0}} and {{1}} bid {bid_words} and {outcome} with {took[bt]} points in counters{of_buried}: "
             f"{pts[bt]:+d}", *bidders, kind="summary")
        emit(state, f"{{0}} and {{1}} defend with {took[1 - bt]} points in counters and {team_tricks[1 - bt]} "
             f"tricks: {pts[1 - bt]:+d}", *defenders, kind="summary")
        totals = [t + p for t, p in zip(state.sheet.totals, pts)]
        winner: int | None = None
        if o.must_bid_out:
            if made and totals[bt] >= o.target:
                winner = bt
                notes.append(f"{name[bt]} bid out at {totals[bt]} [{BID_OUT.id}]")
        else:
            reached = [t for t in range(2) if totals[t] >= o.target]
            if reached:
                winner = bt if bt in reached else reached[0]
                notes.append(f"{name[winner]} reached {o.target} [{REACH.id}]")
        loser = next((t for t in range(2) if totals[t] <= o.lose_at), None)
        if winner is None and loser is not None:
            winner = 1 - loser
            notes.append(f"{name[loser]} fell to {totals[loser]} and lose [{LOSE.id}]")
        state.sheet.add(f"hand {state.hand_no}", tuple(pts), state.ply + 1, notes)
        if winner is not None:
            emit(state, f"{{0}} and {{1}} win the game with {totals[winner]} to {totals[1 - winner]}",
                 *TEAMS[winner], kind="summary")
            state.winner_team = winner
            state.loser_team = 1 - winner
            state.over = True
            state.phase = Phase.OVER
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    def result(self, state: FiveHundredState) -> Result:
        totals = tuple(float(t) for t in state.sheet.totals)
        if state.winner_team is None:
            return super().result(state)
        w = state.winner_team
        return Result(TEAMS[w], (TEAMS[w], TEAMS[1 - w]), totals)

    # --- what players see ------------------------------------------------------------------------
    def facts(self, state: FiveHundredState, seat: int | None) -> list[Fact]:
        facts: list[Fact] = []
        phase = state.phase
        if phase == Phase.BID:
            said = [""] * 4
            for s, b in state.bids:
                said[s] = b
            facts.append(per_seat("bids", "Bids", said, FactKind.TEXT))
        if state.high is not None and state.bidder is not None:
            facts.append(bid("bid", "Bid", state.high[0], state.bidder))
            if state.high[1]:
                facts.append(flag("notrump", "No trump", True))
        if state.stuck:
            facts.append(flag("dealer-took-bid", "Everyone passed: the dealer took the bid", True))
        if phase == Phase.PLAY:
            facts += self.trick_facts(state, seat)
            facts.append(per_seat("counters", "Counters taken", [counters_in(t) for t in state.taken]))
        elif state.trump is not None:
            facts.append(fact("trump", "Trump", FactKind.SUIT, SUIT_WORDS[state.trump]))
        return facts

    def zones(self, state: FiveHundredState) -> list[Zone]:
        """The hands, the trick, the face-down kitty until the bidder takes it, and the four
        cards the bidder buried (theirs to see)."""
        zones = self.trick_zones(state)
        zones.append(Zone("kitty", state.kitty, frozenset(), label="Kitty", listed=bool(state.kitty)))
        bidder = state.bidder
        zones.append(Zone("buried", state.buried, frozenset() if bidder is None else frozenset({bidder}),
                          owner=bidder, label="Buried", listed=bool(state.buried)))
        return zones

    def redact(self, state: FiveHundredState, seat: int, action: Action, viewer: int | None) -> str:
        if action.verb == "discard" and viewer != seat:
            return "discard a card"
        return str(action)

    def parse(self, text: str) -> Action:
        tokens = text.split()
        if tokens and tokens[0].lower() == "bid":
            tokens = [_NT_WORDS.get(t.lower(), t) for t in tokens]
            if len(tokens) == 4 and tokens[2].lower() == "no" and tokens[3].lower() in ("trump", "trumps"):
                tokens = [tokens[0], tokens[1], NOTRUMP]
        elif tokens and tokens[0].lower() == "call":
            tokens = [_SUIT_LETTERS.get(t.lower(), t.lower()) for t in tokens]
        return parse_action(" ".join(tokens))

    def prompt(self, state: FiveHundredState, seat: int) -> Prompt | str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == Phase.BID:
            if state.high is not None and state.bidder is not None:
                return Prompt(f"Bid more than {bid_text(*state.high)} (bid by {{0}}), or pass.", (state.bidder,))
            if state.passed.count(True) == 3:
                return f"Everyone else passed: bid, or pass and take the bid at {state.options.min_bid}."
            return f"Bid {state.options.min_bid} or more, or pass."
        if phase == Phase.CALL:
            return "Name the trump suit."
        if phase == Phase.BURY:
            left = 4 - len(state.buried)
            return f"Discard {left} more card{'s' if left > 1 else ''} face down: no counters while you hold " \
                   "other cards."
        return "Lead a card." if not state.trick else "Play a card."
