"""500 Rummy (rulebook 000): partners bid for the right to name trump (or no trump),
the high bidder takes the four-card kitty and buries four cards that are not
counters, and the counters (aces and 10s 10, 5s 5, the Q♠ 25: 125 a hand) decide
whether the bid is made. First team to bid out past 500 wins; a team at -150 loses."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import Card, card_text, cards_text, code, standard_deck
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import GameSpec, Result
from gamenight.engine.legality import Step, keep, narrow, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet, team_name
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, flag, per_seat
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
    made_score: str = option("taken", "A made bid scores: {value}.", choices=MADE_CHOICES)
    min_bid: int = option(60, "Minimum bid: {value}.", minimum=5, maximum=125)
    bid_step: int = option(5, "Bid step: {value}.", minimum=1, maximum=25)
    target: int = option(500, "Winning score: {value}.", minimum=50)
    lose_at: int = option(-150, "Losing score: {value}.", maximum=-1)
    must_bid_out: bool = option(True, "Bid out to win: {value}.")


R = "Players and cards"
B = "Bidding"
K = "The kitty"
L = "Play"
S = "Scoring"
DECK_RULE = Clause("five_hundred_rummy.deck", "1 deck of cards, without jokers.", R)
PLAYERS = Clause("five_hundred_rummy.players", "4 players play in partners (2 teams), partners sitting opposite.", R)
DEAL = Clause("five_hundred_rummy.deal", "Deal all the cards out evenly to the four players except for 4 cards, "
              "which are dealt into the kitty: 12 cards each, 4 to the kitty.", R)
GOAL = Clause("five_hundred_rummy.goal", "Each team attempts to win the bid and then to take enough tricks to get "
              "the amount of points they bid. First team to {target} wins, or the first team to {lose_at} loses.", R,
              option="target")
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
ALL_PASS = Clause("five_hundred_rummy.bid.all-pass", "If all the players pass, the dealer must take the bid, at the "
                  "minimum bid of {min_bid} (the book does not say at what number; the minimum is the usual "
                  "reading), and names a trump suit.", B, option="min_bid")
CALL = Clause("five_hundred_rummy.call", "The highest bidder calls the trump suit (a no trump bid has no trump "
              "suit).", K)
KITTY = Clause("five_hundred_rummy.kitty", "The highest bidder then picks up the four cards from the kitty and "
               "discards four cards from their hand face down, out of play.", K)
NO_COUNTERS = Clause("five_hundred_rummy.kitty.no-counters", "You may not discard any counter cards (aces, 10s, 5s, "
                     "the queen of spades).", K)
FORCED_COUNTERS = Clause("five_hundred_rummy.kitty.forced-counters", "A bidder holding fewer than four cards that "
                         "are not counters must bury counters to make up the four; buried counters count for the "
                         "bidding team (the book is silent; the bidder's cards are the bidder's).", K)
LEAD = Clause("five_hundred_rummy.lead", "The highest bidder starts the play by leading out with a card.", L)
TRUMP = Clause("five_hundred_rummy.trump", "In a suit bid, trumps beat every card of another suit; in a no trump bid "
               "the highest card of the suit led wins every trick.", L)
"""The game's own wording of the family's highest-wins and trump-wins clauses (a no trump bid has no trumps)."""
# The book's "A player must follow the suit led if possible" is the family's ``tricks.FOLLOW_SUIT``.
COUNTER_POINTS = Clause("five_hundred_rummy.score.counters", "Collect tricks; each team counts the points they "
                        "have collected at the end of each hand: aces 10 points, 10s 10 points, 5s 5 points, the "
                        "queen of spades 25 points. The total per hand is 125 points.", S)
MADE = Clause("five_hundred_rummy.score.made", "If the bidding team made the amount they bid or more, they get those "
              "points added to their score: the points they took.", S, option="made_score",
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
    CALL, KITTY, NO_COUNTERS, FORCED_COUNTERS, LEAD, tricks.FOLLOW_SUIT, TRUMP,
    COUNTER_POINTS, MADE, MADE_BID, NOTRUMP_MADE, SET, DEFENDERS, BID_OUT, REACH, LOSE,
    tricks.WINNER_LEADS, tricks.PLAY_FROM_HAND,
])
TEXT_ONLY = (DECK_RULE, PLAYERS, DEAL, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, GOAL, BID_END, LEAD, TRUMP,
             tricks.WINNER_LEADS)
"""Clauses the deal, the auction's end and the play follow without citing them."""


class Phase(StrEnum):
    BID = "bidding"
    CALL = "calling trump"
    BURY = "burying"
    """The high bidder has taken the kitty and buries four cards."""
    PLAY = "play"
    OVER = "over"


SPEC = GameSpec(
    id="five_hundred_rummy", title="500 Rummy", family="tricks", players=(4,), default_players=4,
    options=FiveHundredOptions, rules=RULES, source="000",
    summary="Partners bid for trump and the kitty, then take counters (aces, 10s, 5s, the Q♠) to make the bid. "
            "Bid out to win at 500; -150 loses.",
    presets={"standard": {}, "score_the_bid": {"made_score": "bid"}},
    teams=lambda n: TEAMS,
)


def bid_key(amount: int, notrump: bool) -> int:
    """Bids in order: 70 < 70 no trump < 75."""
    return amount * 2 + (1 if notrump else 0)


def bid_action(amount: int, notrump: bool) -> Action:
    return Action("bid", (amount, NOTRUMP) if notrump else (amount,))


def bid_text(amount: int, notrump: bool) -> str:
    return f"{amount} no trump" if notrump else str(amount)


BID_ACTIONS = {(a, nt): bid_action(a, nt) for a in range(HAND_TOTAL + 1) for nt in (False, True)}


def counters_in(pile: list[Card]) -> int:
    return tricks.count_points(pile, COUNTERS)


def team_of(seat: int) -> int:
    return seat & 1


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass
class FiveHundredState(TrickState):
    kitty: list[Card] = field(default_factory=list)
    buried: list[Card] = field(default_factory=list)
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
        state.passed = [False] * 4
        state.high = None
        state.bidder = None
        state.stuck = False
        state.trump = None
        state.suit, state.power = tricks.standard_tables(None)
        state.phase = Phase.BID
        state.bid_turn = left_of(state.dealer, 4)
        emit(state, "{0} deals 12 cards each and 4 to the kitty", state.dealer, kind="deal")

    # --- bidding ------------------------------------------------------------------------------
    def bid_cascade(self, state: FiveHundredState, amounts: range = range(HAND_TOTAL + 1)) -> Iterator[Step[Action]]:
        """Every rule on a bid, in the book's order: the one authority for the bids listed and
        for the refusal of any other. ``amounts``: the numbers considered (a refusal widens
        them to take in the number refused)."""
        o = state.options
        every = [PASS, *(BID_ACTIONS.get((a, nt)) or bid_action(a, nt) for a in amounts for nt in (False, True))]
        yield Step(every, BID_ORDER, "now each player in turn bids or passes, for example 'bid 70' or "
                   "'bid 70 notrump'")
        least = [a for a in every if a is PASS or a.args[0] >= o.min_bid]
        yield from keep(every, least, BID_MINIMUM, f"the minimum bid is {o.min_bid}")
        stepped = [a for a in least
                   if a is PASS or (a.args[0] <= HAND_TOTAL and (a.args[0] - o.min_bid) % o.bid_step == 0)]
        yield from keep(least, stepped, BID_STEPS, f"bids go up in steps of {o.bid_step} from {o.min_bid} to at "
                        f"most {HAND_TOTAL}")
        if state.high is not None:
            floor = bid_key(*state.high)
            higher = [a for a in stepped if a is PASS or bid_key(a.args[0], len(a.args) > 1) > floor]
            yield from keep(stepped, higher, BID_HIGHER, f"the high bid is {bid_text(*state.high)}: bid higher "
                            "or pass")

    def bury_cascade(self, state: FiveHundredState, seat: int) -> Iterator[Step[Action]]:
        """The rules on the cards the high bidder buries."""
        every = [Action("discard", (c,)) for c in state.hands[seat]]
        left = 4 - len(state.buried)
        yield Step(every, KITTY, lambda a: f"you do not hold {a.args[0]}" if a.verb == "discard" and a.args else
                   f"now you bury {_plural(left, 'more card')} face down, one at a time")
        plain = [a for a in every if not COUNTERS[a.args[0]]]
        yield from keep(every, plain, NO_COUNTERS, lambda a: f"{a.args[0]} is a counter and may not be buried")

    def cascade(self, state: FiveHundredState, seat: int) -> Iterator[Step[Action]]:
        phase = state.phase
        if phase == Phase.BID:
            yield from self.bid_cascade(state)
        elif phase == Phase.CALL:
            yield Step(CALLS, CALL, "the high bidder now names the trump suit, for example 'call hearts'")
        elif phase == Phase.BURY:
            yield from self.bury_cascade(state, seat)

    def other_to_act(self, state: FiveHundredState) -> tuple[int, ...]:
        if state.phase == Phase.BID:
            return (state.bid_turn,)
        if state.phase in (Phase.CALL, Phase.BURY):
            assert state.bidder is not None
            return (state.bidder,)
        return ()

    def other_legal(self, state: FiveHundredState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        return list(narrow(self.cascade(state, seat)))

    def other_refusal(self, state: FiveHundredState, seat: int, action: Action) -> None:
        o = state.options
        if state.phase == Phase.BID and action.verb == "bid":
            amount = action.args[0] if action.args else None
            if type(amount) is not int or action.args[1:] not in ((), (NOTRUMP,)):
                raise IllegalAction(BID_ORDER, "a bid is a number of points, for example 'bid 70' or "
                                    "'bid 70 notrump'", o)
            amounts = range(min(0, amount), max(HAND_TOTAL, amount) + 1)
            refuse(self.bid_cascade(state, amounts), action, o, BID_ORDER)
            return
        if state.phase == Phase.BURY and action.verb == "discard" and \
                (len(action.args) != 1 or type(action.args[0]) is not Card):
            raise IllegalAction(KITTY, "bury one card at a time, for example 'discard 2C'", o)
        refuse(self.cascade(state, seat), action, o, UNKNOWN)

    def off_turn(self, state: FiveHundredState, seat: int, action: Action) -> None:
        if state.phase == Phase.BID and action.verb in ("bid", "pass") and 0 <= seat < 4 and state.passed[seat]:
            raise IllegalAction(PASS_FINAL, "you have passed this hand", state.options)

    def other_apply(self, state: FiveHundredState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == Phase.BID:
            self._bid(state, seat, action)
        elif phase == Phase.CALL:
            state.trump = SUIT_WORDS.index(str(action.args[0]))
            state.suit, state.power = tricks.standard_tables(state.trump)
            emit(state, f"{{0}} names {SUIT_WORDS[state.trump]} trump", seat, kind="trump")
            self._take_kitty(state)
        elif phase == Phase.BURY:
            hand = state.hands[seat]
            card = hand.pop(hand.index(action.args[0]))
            state.buried.append(card)
            private(state, seat, f"{{0}} buries {card_text(card)}", "{0} buries a card face down", seat,
                    pieces=(card,), kind="bury")
            if len(state.buried) == 4:
                state.phase = Phase.PLAY
                state.leader = state.turn = seat

    def _bid(self, state: FiveHundredState, seat: int, action: Action) -> None:
        if action.verb == "pass":
            state.passed[seat] = True
            emit(state, "{0} passes", seat, kind="bid")
        else:
            amount = action.numbers[0]
            nt = NOTRUMP in action.words
            state.high = (amount, nt)
            state.bidder = seat
            emit(state, f"{{0}} bids {bid_text(amount, nt)}", seat, kind="bid")
        if state.passed.count(True) == 4:
            # Everybody passed: the dealer takes the bid at the minimum.
            state.high = (state.options.min_bid, False)
            state.bidder = state.dealer
            state.stuck = True
            emit(state, f"Everybody passed: {{0}}, the dealer, takes the bid at {state.options.min_bid}",
                 state.dealer, kind="bid")
        elif state.passed.count(True) == 3 and state.bidder is not None:
            assert state.high is not None
            emit(state, f"{{0}} wins the bid at {bid_text(*state.high)}", state.bidder, kind="bid")
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
        private(state, bidder, f"{{0}} picks up the kitty: {cards_text(kitty)}", "{0} picks up the kitty", bidder,
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
        makers, defenders = TEAMS[bt], TEAMS[1 - bt]
        notes = [f"seat {bidder} bid {bid_text(amount, nt)}"
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
                notes.append(f"bid made: {took[bt]} points taken [{MADE.id}]")
            else:
                pts[bt] = amount
                notes.append(f"bid made: {amount} points bid [{MADE_BID.id}]")
            if nt:
                pts[bt] += NOTRUMP_BONUS
                notes.append(f"no trump made: 50 extra [{NOTRUMP_MADE.id}]")
            emit(state, f"{{0}} and {{1}} made their bid of {bid_text(amount, nt)} with {took[bt]} points: "
                 f"{pts[bt]} to them", *makers, kind="summary")
        else:
            pts[bt] = -amount
            notes.append(f"set: minus {amount} [{SET.id}]")
            emit(state, f"{{0}} and {{1}} went set: {took[bt]} points of the {bid_text(amount, nt)} they bid, "
                 f"minus {amount}", *makers, kind="summary")
        pts[1 - bt] = team_tricks[1 - bt]
        notes.append(f"{name[1 - bt]} defended and took {team_tricks[1 - bt]} tricks: 1 point each [{DEFENDERS.id}]")
        emit(state, f"{{0}} and {{1}} defended and took {_plural(team_tricks[1 - bt], 'trick')}: "
             f"{_plural(pts[1 - bt], 'point')}", *defenders, kind="summary")
        totals = [t + p for t, p in zip(state.sheet.totals, pts, strict=True)]
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
            emit(state, f"{{0}} and {{1}} win the game with {totals[winner]}", *TEAMS[winner], kind="summary")
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

    # --- what players see ---------------------------------------------------------------------
    def facts(self, state: FiveHundredState, seat: int | None) -> list[Fact]:
        facts = self.trick_facts(state, seat)
        if state.high is not None and state.bidder is not None:
            facts.append(fact("bid", f"Bid {bid_text(*state.high)}", FactKind.SEAT, state.bidder))
            if state.high[1]:
                facts.append(flag("no-trump", "No trump", True))
            if state.stuck:
                facts.append(flag("stuck", "The dealer took the bid when everyone passed", True))
        if state.phase == Phase.BID:
            facts.append(fact("passed", "Passed", FactKind.SEATS, [s for s in range(4) if state.passed[s]]))
        facts.append(per_seat("counters", "Counters taken", [counters_in(pile) for pile in state.taken]))
        return facts

    def zones(self, state: FiveHundredState) -> list[Zone]:
        zones = self.trick_zones(state)
        zones.append(Zone("kitty", state.kitty, frozenset(), kind=ZoneKind.PILE, label="Kitty"))
        bidder = state.bidder
        zones.append(Zone("buried", state.buried, frozenset() if bidder is None else frozenset({bidder}),
                          owner=bidder, kind=ZoneKind.PILE, label="Buried"))
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
            if state.high is None or state.bidder is None:
                return f"Bid {state.options.min_bid} or more (a number, or a number and no trump), or pass."
            return Prompt(f"Bid more than {bid_text(*state.high)} (bid by {{0}}), or pass.", (state.bidder,))
        if phase == Phase.CALL:
            return "Name the trump suit."
        if phase == Phase.BURY:
            left = _plural(4 - len(state.buried), "more card")
            if any(not COUNTERS[c] for c in state.hands[seat]):
                return f"Bury {left} face down; not counters."
            return f"Bury {left} face down (you hold only counters)."
        return "Play a card."
