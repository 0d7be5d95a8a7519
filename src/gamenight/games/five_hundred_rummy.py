"""500 Rummy (rulebook 000): partners bid for the right to name trump (or no trump),
the high bidder takes the four-card kitty and buries four cards that are not
counters, and the counters (aces and 10s 10, 5s 5, the Q♠ 25: 125 a hand) decide
whether the bid is made. First team to bid out past 500 wins; a team at -150 loses."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, code, standard_deck
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec, Result
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet, team_name
from gamenight.engine.view import Zone
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
L = "Play"
S = "Scoring"
RULES = Rules([
    Clause("five_hundred_rummy.deck", "1 deck of cards, without jokers.", R),
    Clause("five_hundred_rummy.players", "4 players play in partners (2 teams), partners sitting opposite.", R),
    Clause("five_hundred_rummy.deal", "Deal all the cards out evenly to the four players except for 4 cards, "
           "which are dealt into the kitty: 12 cards each, 4 to the kitty.", R),
    tricks.FIRST_DEALER,
    tricks.DEAL_PASSES_LEFT,
    Clause("five_hundred_rummy.goal", "Each team attempts to win the bid and then to take enough tricks to get "
           "the amount of points they bid. First team to {target} wins, or the first team to {lose_at} loses.", R,
           option="target"),
    Clause("five_hundred_rummy.bid.order", "Bidding begins with the player to the left of the dealer and "
           "continues clockwise; each player in turn either passes or makes a bid higher than any preceding "
           "bid. The bidding may go round several times.", B),
    Clause("five_hundred_rummy.bid.minimum", "The minimum bid is {min_bid}.", B, option="min_bid"),
    Clause("five_hundred_rummy.bid.steps", "Bids go up in steps of {bid_step} points, to at most 125, all the "
           "points in a hand (the book is silent on the steps; the counters come in fives).", B,
           option="bid_step"),
    Clause("five_hundred_rummy.bid.higher", "A bid must be higher than any preceding bid. A no trump bid is "
           "higher than a regular bid of the same number (70 no trump beats 70 in a suit); the next higher "
           "number beats both.", B),
    Clause("five_hundred_rummy.bid.pass-final", "Once a player passes, they may not bid again for that hand.",
           B),
    Clause("five_hundred_rummy.bid.end", "Bidding continues until three players pass, leaving the bid to the "
           "last highest bidder.", B),
    Clause("five_hundred_rummy.bid.all-pass", "If all the players pass, the dealer must take the bid, at the "
           "minimum bid of {min_bid} (the book does not say at what number; the minimum is the usual reading), "
           "and names a trump suit.", B, option="min_bid"),
    Clause("five_hundred_rummy.call", "The highest bidder calls the trump suit (a no trump bid has no trump "
           "suit).", K),
    Clause("five_hundred_rummy.kitty", "The highest bidder then picks up the four cards from the kitty and "
           "discards four cards from their hand face down, out of play.", K),
    Clause("five_hundred_rummy.kitty.no-counters", "You may not discard any counter cards (aces, 10s, 5s, the "
           "queen of spades).", K),
    Clause("five_hundred_rummy.kitty.forced-counters", "A bidder holding fewer than four cards that are not "
           "counters must bury counters to make up the four; buried counters count for the bidding team (the "
           "book is silent; the bidder's cards are the bidder's).", K),
    Clause("five_hundred_rummy.lead", "The highest bidder starts the play by leading out with a card.", L),
    Clause("five_hundred_rummy.follow", "A player must follow the suit led if possible.", L),
    Clause("five_hundred_rummy.trump", "In a suit bid, trumps beat every card of another suit; in a no trump bid "
           "the highest card of the suit led wins every trick.", L),
    Clause("five_hundred_rummy.score.counters", "Collect tricks; each team counts the points they have "
           "collected at the end of each hand: aces 10 points, 10s 10 points, 5s 5 points, the queen of spades "
           "25 points. The total per hand is 125 points.", S),
    Clause("five_hundred_rummy.score.made", "If the bidding team made the amount they bid or more, they get "
           "those points added to their score: the points they took.", S, option="made_score",
           when=lambda o: o.made_score == "taken"),
    Clause("five_hundred_rummy.score.made-bid", "If the bidding team made the amount they bid or more, they get "
           "the amount they bid added to their score.", S, option="made_score",
           when=lambda o: o.made_score == "bid"),
    Clause("five_hundred_rummy.score.notrump", "A no trump bid is worth an extra 50 points if you make your "
           "bid.", S),
    Clause("five_hundred_rummy.score.set", "If the bidding team does not take the number of points declared by "
           "their bid (they get set), they subtract the total amount bid from their score, going in the hole "
           "(below zero) if need be.", S),
    Clause("five_hundred_rummy.score.defenders", "The team that didn't win the bid gets one point for each trick "
           "they took.", S),
    Clause("five_hundred_rummy.end.bid-out", "You must bid out to win at {target}: a team wins when it makes its "
           "bid and so reaches {target} or more; points from defending never win the game.", S,
           option="must_bid_out", when=lambda o: o.must_bid_out),
    Clause("five_hundred_rummy.end.reach", "A team wins as soon as it reaches {target} at the end of a hand, "
           "however it got there (if both do, the bidding team wins).", S, option="must_bid_out",
           when=lambda o: not o.must_bid_out),
    Clause("five_hundred_rummy.end.lose", "A team that falls to {lose_at} or lower loses the game.", S,
           option="lose_at"),
    *tricks.SHARED_CLAUSES,
])

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


def counters_in(pile: list[Card]) -> int:
    return tricks.count_points(pile, COUNTERS)


def team_of(seat: int) -> int:
    return seat & 1


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
        state.phase = "bid"
        state.bid_turn = left_of(state.dealer, 4)

    # --- bidding ------------------------------------------------------------------------------
    def bid_choices(self, state: FiveHundredState) -> list[Action]:
        """Every bid higher than the current high bid."""
        o = state.options
        floor = bid_key(*state.high) if state.high else -1
        out = []
        for amount in range(o.min_bid, HAND_TOTAL + 1, o.bid_step):
            for nt in (False, True):
                if bid_key(amount, nt) > floor:
                    out.append(bid_action(amount, nt))
        return out

    def other_to_act(self, state: FiveHundredState) -> tuple[int, ...]:
        if state.phase == "bid":
            return (state.bid_turn,)
        if state.phase in ("call", "discard"):
            assert state.bidder is not None
            return (state.bidder,)
        return ()

    def other_legal(self, state: FiveHundredState, seat: int) -> list[Action]:
        if seat not in self.other_to_act(state):
            return []
        phase = state.phase
        if phase == "bid":
            return [PASS, *self.bid_choices(state)]
        if phase == "call":
            return list(CALLS)
        if phase == "discard":
            hand = state.hands[seat]
            plain = [c for c in hand if not COUNTERS[c]]
            return [Action("discard", (c,)) for c in (plain or hand)]
        return []

    def explain(self, state: FiveHundredState, seat: int, action: Action) -> Clause | None:
        phase = state.phase
        if phase == "play":
            return super().explain(state, seat, action)
        if phase == "bid":
            if action.verb == "bid" and action.numbers:
                amount = action.numbers[0]
                o = state.options
                if amount < o.min_bid:
                    return RULES["five_hundred_rummy.bid.minimum"]
                if amount > HAND_TOTAL or (amount - o.min_bid) % o.bid_step:
                    return RULES["five_hundred_rummy.bid.steps"]
                return RULES["five_hundred_rummy.bid.higher"]
            return RULES["five_hundred_rummy.bid.order"]
        if phase == "call":
            return RULES["five_hundred_rummy.call"]
        if phase == "discard":
            if action.verb == "discard" and len(action.args) == 1 and isinstance(action.args[0], Card):
                card = action.args[0]
                if card not in state.hands[seat]:
                    return tricks.PLAY_FROM_HAND
                if COUNTERS[card]:
                    return RULES["five_hundred_rummy.kitty.no-counters"]
            return RULES["five_hundred_rummy.kitty"]
        return None

    def other_apply(self, state: FiveHundredState, seat: int, action: Action) -> None:
        phase = state.phase
        if phase == "bid":
            self._bid(state, seat, action)
        elif phase == "call":
            state.trump = SUIT_WORDS.index(str(action.args[0]))
            state.suit, state.power = tricks.standard_tables(state.trump)
            self._take_kitty(state)
        elif phase == "discard":
            hand = state.hands[seat]
            state.buried.append(hand.pop(hand.index(action.args[0])))
            if len(state.buried) == 4:
                state.phase = "play"
                state.leader = state.turn = seat

    def _bid(self, state: FiveHundredState, seat: int, action: Action) -> None:
        if action.verb == "pass":
            state.passed[seat] = True
            state.bids.append((seat, "pass"))
        else:
            amount = action.numbers[0]
            nt = NOTRUMP in action.words
            state.high = (amount, nt)
            state.bidder = seat
            state.bids.append((seat, bid_text(amount, nt)))
        if state.passed.count(True) == 4:
            # Everybody passed: the dealer takes the bid at the minimum.
            state.high = (state.options.min_bid, False)
            state.bidder = state.dealer
            state.stuck = True
            state.bids.append((state.dealer, f"takes the bid at {state.options.min_bid}"))
        elif state.passed.count(True) == 3 and state.bidder is not None:
            pass
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
            state.phase = "call"

    def _take_kitty(self, state: FiveHundredState) -> None:
        assert state.bidder is not None
        hand = state.hands[state.bidder]
        hand.extend(state.kitty)
        hand.sort()
        state.kitty = []
        state.phase = "discard"

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
        notes = [f"seat {bidder} bid {bid_text(amount, nt)}"
                 + (", taken by the dealer when all passed [five_hundred_rummy.bid.all-pass]" if state.stuck else "")
                 + ("" if nt else f", {SUIT_WORDS[state.trump or 0]} trump"),
                 f"{name[bt]} took {took[bt]} points in counters, {name[1 - bt]} {took[1 - bt]} "
                 "[five_hundred_rummy.score.counters]"]
        if buried:
            notes.append(f"{buried} points of buried counters count for the bidders "
                         "[five_hundred_rummy.kitty.forced-counters]")
        pts = [0, 0]
        made = took[bt] >= amount
        if made:
            if o.made_score == "taken":
                pts[bt] = took[bt]
                notes.append(f"bid made: {took[bt]} points taken [five_hundred_rummy.score.made]")
            else:
                pts[bt] = amount
                notes.append(f"bid made: {amount} points bid [five_hundred_rummy.score.made-bid]")
            if nt:
                pts[bt] += NOTRUMP_BONUS
                notes.append("no trump made: 50 extra [five_hundred_rummy.score.notrump]")
        else:
            pts[bt] = -amount
            notes.append(f"set: minus {amount} [five_hundred_rummy.score.set]")
        pts[1 - bt] = team_tricks[1 - bt]
        notes.append(f"{name[1 - bt]} defended and took {team_tricks[1 - bt]} tricks: 1 point each "
                     "[five_hundred_rummy.score.defenders]")
        totals = [t + p for t, p in zip(state.sheet.totals, pts)]
        winner: int | None = None
        if o.must_bid_out:
            if made and totals[bt] >= o.target:
                winner = bt
                notes.append(f"{name[bt]} bid out at {totals[bt]} [five_hundred_rummy.end.bid-out]")
        else:
            reached = [t for t in range(2) if totals[t] >= o.target]
            if reached:
                winner = bt if bt in reached else reached[0]
                notes.append(f"{name[winner]} reached {o.target} [five_hundred_rummy.end.reach]")
        loser = next((t for t in range(2) if totals[t] <= o.lose_at), None)
        if winner is None and loser is not None:
            winner = 1 - loser
            notes.append(f"{name[loser]} fell to {totals[loser]} and lose [five_hundred_rummy.end.lose]")
        state.sheet.add(f"hand {state.hand_no}", tuple(pts), state.ply + 1, notes)
        if winner is not None:
            state.winner_team = winner
            state.loser_team = 1 - winner
            state.over = True
            state.phase = "over"
            return
        state.dealer = left_of(state.dealer, 4)
        self._deal(state)

    def result(self, state: FiveHundredState) -> Result:
        totals = tuple(float(t) for t in state.sheet.totals)
        if state.winner_team is None:
            return super().result(state)
        w = state.winner_team
        return Result(TEAMS[w], (TEAMS[w], TEAMS[1 - w]), totals)

    # --- views --------------------------------------------------------------------------------
    def view(self, state: FiveHundredState, seat: int | None) -> dict[str, Any]:
        v = self.trick_view(state, seat)
        v["teams"] = [list(t) for t in TEAMS]
        v["scores"] = list(state.sheet.totals)
        v["bids"] = [{"seat": s, "bid": b} for s, b in state.bids]
        v["passed"] = list(state.passed)
        v["high_bid"] = state.high[0] if state.high else None
        v["notrump"] = bool(state.high and state.high[1])
        v["bidder"] = state.bidder
        v["bid_turn"] = state.bid_turn if state.phase == "bid" else None
        v["kitty_size"] = len(state.kitty)
        v["buried_count"] = len(state.buried)
        if seat is not None and seat == state.bidder and state.buried:
            v["buried"] = [card_text(c) for c in state.buried]
        v["team_tricks"] = tricks.team_totals(state.tricks_won, TEAMS)
        v["team_points"] = [sum(counters_in(state.taken[s]) for s in members) for members in TEAMS]
        v["target"] = state.options.target
        v["lose_at"] = state.options.lose_at
        v["min_bid"] = state.options.min_bid
        return v

    def zones(self, state: FiveHundredState) -> list[Zone]:
        zones = self.trick_zones(state)
        zones.append(Zone("kitty", state.kitty, frozenset()))
        owner = frozenset() if state.bidder is None else frozenset({state.bidder})
        zones.append(Zone("buried", state.buried, owner))
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

    def prompt(self, state: FiveHundredState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        phase = state.phase
        if phase == "bid":
            high = f" (high bid: {bid_text(*state.high)})" if state.high else ""
            return f"Bid ('bid 70', 'bid 70 notrump') or pass{high}."
        if phase == "call":
            return "Call the trump suit ('call hearts')."
        if phase == "discard":
            return f"Discard {4 - len(state.buried)} more card(s) face down; no counters."
        return "Play a card."
