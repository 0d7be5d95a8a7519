"""Gin Rummy (rulebook 001), with the Metzker tournament rules of rulebook 000 as house options.

The standard game: ten cards each and an up-card, the first-turn offer of the up-card,
knocking with ten or less, gin, laying off, the two-card stock limit, undercuts, and a game
to 100 with game, shutout and line bonuses. The "metzker" preset switches on the tournament
rules: a 13/12 deal without an up-card, aces high or low, Gin / Double Gin / "Run with X",
the run undercut (double the run plus 25), stock-out scoring and three concurrent games to
200 with Gin circles. Every one of those is its own option, so a house can mix them.

The meld search (least deadwood, the knocker's spread, the defender's best lay-off) comes
from ``families.melds``; the play path itself only moves cards, and asks the solver only
when a hand could possibly go out.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import FACES, Card, card_text, standard_deck
from gamenight.engine.actions import Action
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.game import Game, GameSpec, Result, State, Zone, ranked
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.families import melds
from gamenight.families.melds import Arrangement, LayOff, MeldRules

# --- options ---------------------------------------------------------------------------------------

STANDARD_DEAL = "ten-upcard"
METZKER_DEAL = "thirteen-twelve"
ONE_GAME = "one-game"
THREE_GAMES = "three-games"


@dataclass(frozen=True)
class GinOptions:
    deal: str = option(
        STANDARD_DEAL, "Deal: {value} (thirteen-twelve: the dealer's opponent gets 13 cards and the dealer 12, "
        "no card is turned up, and the opponent's first turn is a discard only).",
        choices=(STANDARD_DEAL, METZKER_DEAL))
    aces: str = option("low", "Aces: {value} (high-or-low: A-2-3 and Q-K-A are both runs, but K-A-2 is not).",
                       choices=("low", "high-or-low"))
    knock_limit: int = option(10, "You may knock (go out, \"run\") when your unmatched cards total {value} or "
                              "less (the tournament rules' \"less than 10\" is 9).", minimum=0, maximum=60)
    double_gin: bool = option(False, "Double Gin (all your cards match after the draw, so you go out without "
                              "a discard) is allowed: {value}.")
    gin_bonus: int = option(20, "Going gin scores a bonus of {value} points plus the opponent's count.",
                            minimum=0, maximum=500)
    undercut_scoring: str = option(
        "difference", "An undercut scores: {value} (difference: the difference plus the undercut bonus; "
        "double-run: double the knocker's count plus the undercut bonus).", choices=("difference", "double-run"))
    undercut_bonus: int = option(10, "The undercut bonus is {value} points.", minimum=0, maximum=500)
    stock_end: int = option(2, "The hand ends when the stock is down to {value} cards and the player who drew "
                            "from it discards without going out.", minimum=0, maximum=20)
    stock_out: str = option("cancel", "When the stock runs down: {value} (cancel: no score, same dealer deals "
                            "again; difference: the lower count scores the difference, no gins).",
                            choices=("cancel", "difference"))
    next_dealer: str = option("alternate", "The next dealer: {value} (winner: whoever scored the hand deals "
                              "the next).", choices=("alternate", "winner"))
    may_discard_taken: bool = option(True, "You may discard the card you just took from the discard pile: "
                                     "{value}.")
    match_format: str = option(
        ONE_GAME, "Scoring format: {value} (three-games: three concurrent games to the column target, "
        "with Gin circles).", choices=(ONE_GAME, THREE_GAMES))
    target: int = option(100, "A game is played to {value} points.", minimum=1, maximum=10_000)
    game_bonus: int = option(100, "The winner of the game gets a bonus of {value} points.", minimum=0,
                             maximum=10_000)
    shutout_bonus: int = option(200, "If the loser scored nothing, the game bonus is {value} points.",
                                minimum=0, maximum=10_000)
    line_bonus: int = option(20, "Each hand won adds a line (box) bonus of {value} points at the end.",
                             minimum=0, maximum=1000)
    column_target: int = option(200, "In the three-games format each game goes to {value} points.",
                                minimum=1, maximum=10_000)
    gin_value: int = option(25, "In the three-games format each Gin circle is worth {value} points when a "
                            "game ends.", minimum=0, maximum=1000)


METZKER: dict[str, Any] = {
    "deal": METZKER_DEAL, "aces": "high-or-low", "knock_limit": 9, "double_gin": True, "gin_bonus": 0,
    "undercut_scoring": "double-run", "undercut_bonus": 25, "stock_end": 0, "stock_out": "difference",
    "next_dealer": "winner", "match_format": THREE_GAMES,
}

# --- clauses -----------------------------------------------------------------------------------------

D = "Cards and deal"
P = "Play"
K = "Knocking"
L = "Laying off"
E = "End of the stock"
S = "Scoring"
G = "The game"
T = "Tournament games"


def _one(o: Any) -> bool:
    return bool(o.match_format == ONE_GAME)


def _three(o: Any) -> bool:
    return bool(o.match_format == THREE_GAMES)


RULES = Rules([
    Clause("gin_rummy.deck", "One standard deck of 52 cards is used, two players. Cards in each suit rank, "
           "from low to high: Ace 2 3 4 5 6 7 8 9 10 Jack Queen King.", D, option="aces",
           when=lambda o: o.aces == "low"),
    Clause("gin_rummy.deck.aces", "One standard deck of 52 cards, two players. Aces are high or low but can not "
           "be both: A-2-3 is a run and so is Q-K-A, but K-A-2 is not.", D, option="aces",
           when=lambda o: o.aces == "high-or-low"),
    Clause("gin_rummy.values", "Card values: face cards (K, Q, J) 10 points, ace 1 point, number cards their "
           "spot value (a ten counts 10).", D),
    Clause("gin_rummy.deal.first-dealer", "The first dealer is chosen at random.", D),
    Clause("gin_rummy.deal.alternate", "The turn to deal alternates between the players.", D,
           option="next_dealer", when=lambda o: o.next_dealer == "alternate"),
    Clause("gin_rummy.deal.winner", "The player who scored the hand deals the next one (if nobody scored, the "
           "same dealer deals again).", D, option="next_dealer", when=lambda o: o.next_dealer == "winner"),
    Clause("gin_rummy.deal.ten", "Each player is dealt ten cards, one at a time. The twenty-first card is "
           "turned face up to start the discard pile and the rest of the deck is placed face down beside it "
           "to form the stock.", D, option="deal", when=lambda o: o.deal == STANDARD_DEAL),
    Clause("gin_rummy.deal.thirteen", "The dealer deals 13 cards to the opponent and 12 to themself. No card "
           "is turned over; the rest of the deck forms the stock.", D, option="deal",
           when=lambda o: o.deal == METZKER_DEAL),
    Clause("gin_rummy.deal.next", "When a hand is over, the next dealer deals the next hand ('deal').", D),
    Clause("gin_rummy.melds", "Arrange your cards into sets: a sequence (run) is three or more cards of the "
           "same suit in consecutive order; a group is three or four cards of the same rank. A card can "
           "belong to only one set at a time.", P),
    Clause("gin_rummy.turn.draw", "A normal turn begins with the draw: take the top card of the stock "
           "('draw stock') or the top card of the discard pile ('take discard'). The discard pile is face "
           "up; a card drawn from the stock is not shown to the other player.", P),
    Clause("gin_rummy.turn.discard", "To complete your turn, discard one card from your hand face up on top "
           "of the discard pile.", P),
    Clause("gin_rummy.turn.discard-taken", "You may not discard the card you have just taken from the "
           "discard pile in the same turn.", P, option="may_discard_taken",
           when=lambda o: not o.may_discard_taken),
    Clause("gin_rummy.first.upcard", "On the first turn the player who did not deal chooses whether to take "
           "the turned-up card ('take discard' or 'pass'). If they decline, the dealer may take it. If both "
           "refuse it, the non-dealer draws the top card of the stock. Whoever took a card completes their "
           "turn by discarding, and then it is the other player's turn.", P, option="deal",
           when=lambda o: o.deal == STANDARD_DEAL),
    Clause("gin_rummy.first.thirteen", "The dealer's opponent does not draw on the first turn: they only "
           "discard (or go out). After the first play a turn is a draw followed by a discard.", P,
           option="deal", when=lambda o: o.deal == METZKER_DEAL),
    Clause("gin_rummy.knock", "Play ends when a player knocks (in the tournament rules: goes out with a Gin, "
           "a Double Gin or a Run). You may knock on any turn, including the first, immediately after "
           "drawing: discard one card as usual ('knock 7H') and spread your cards face up, arranged into "
           "sets and unmatched cards. This referee arranges the spread for you so that your unmatched cards "
           "count as little as possible.", K),
    Clause("gin_rummy.knock.limit", "To be allowed to knock, the total value of your unmatched cards after "
           "the discard must be {knock_limit} points or less.", K, option="knock_limit"),
    Clause("gin_rummy.knock.gin", "Knocking with no unmatched cards at all is going gin ('gin 7H'): every "
           "card but the discard must be in a set.", K),
    Clause("gin_rummy.knock.double-gin", "Double Gin: when all your cards match after the draw and you have "
           "no discard, lay them all down and declare Double Gin ('gin').", K, option="double_gin",
           when=lambda o: o.double_gin),
    Clause("gin_rummy.knock.optional", "You are never forced to knock or go gin: a player who is able to may "
           "carry on playing to try for a better score (for example a Gin or a Double Gin).", K),
    Clause("gin_rummy.layoff", "The opponent of the knocker then spreads their cards face up, arranged into "
           "sets where possible, and (unless the knocker went gin) lays off unmatched cards on the knocker's "
           "sets: a fourth card on a group of three, or further consecutive cards of the same suit at either "
           "end of a sequence, one after another. This referee makes the spread and lay-off that leave the "
           "opponent's count as low as possible, as any player would.", L),
    Clause("gin_rummy.layoff.gin", "If a player goes gin, the opponent is not allowed to lay off any cards.", L),
    Clause("gin_rummy.layoff.knocker", "The knocker is never allowed to lay off cards on the opponent's sets.",
           L),
    Clause("gin_rummy.stock.end", "The play also ends if the stock pile is reduced to {stock_end} cards and the "
           "player who drew the card that left it so discards without knocking.", E, option="stock_end"),
    Clause("gin_rummy.stock.cancel", "In this case the hand is cancelled, there is no score, and the same "
           "dealer deals again.", E, option="stock_out", when=lambda o: o.stock_out == "cancel"),
    Clause("gin_rummy.stock.difference", "In this case each player lays down what they can and counts their "
           "left-over points; the player with the least points scores the difference. No Gins are awarded "
           "and nobody lays off.", E, option="stock_out", when=lambda o: o.stock_out == "difference"),
    Clause("gin_rummy.score.count", "At the end of a hand each player counts the total value of their "
           "unmatched cards (after laying off).", S),
    Clause("gin_rummy.score.knock", "If the knocker's count is lower, the knocker scores the difference "
           "between the two counts.", S),
    Clause("gin_rummy.score.undercut", "If the knocker did not go gin and the counts are equal, or the "
           "knocker's count is greater, the knocker has been undercut: the opponent scores the difference "
           "between the counts plus a {undercut_bonus} point bonus.", S, option="undercut_scoring",
           when=lambda o: o.undercut_scoring == "difference"),
    Clause("gin_rummy.score.undercut-double", "If the opponent has equal to or less points than the player "
           "who ran, the opponent is awarded double the points the runner ran with plus {undercut_bonus} "
           "(run with 6: 6 x 2 + 25 = 37 points). No Gins are awarded for a run.", S,
           option="undercut_scoring", when=lambda o: o.undercut_scoring == "double-run"),
    Clause("gin_rummy.score.gin", "A player who goes gin scores a bonus of {gin_bonus} points plus the "
           "opponent's count in unmatched cards, if any. A player who goes gin can never be undercut: even if "
           "the other player has no unmatched cards at all, the gin scores and the other player scores "
           "nothing.", S, option="gin_bonus", when=lambda o: o.gin_bonus > 0),
    Clause("gin_rummy.score.gin-points", "A player who goes out with a Gin (or a Double Gin) earns the opponent's "
           "points, their count in unmatched cards; a Gin is never undercut and the opponent scores nothing.", S,
           option="gin_bonus", when=lambda o: o.gin_bonus == 0),
    Clause("gin_rummy.score.gins", "Gins are counted: a Gin earns 1 Gin and a Double Gin earns 2 Gins, besides "
           "the opponent's points.", S, option="match_format", when=_three),
    Clause("gin_rummy.game.target", "The game continues with further deals until one player's cumulative "
           "score reaches {target} points or more.", G, option="match_format", when=_one),
    Clause("gin_rummy.game.bonus", "That player then receives an additional bonus of {game_bonus} points.", G,
           option="match_format", when=_one),
    Clause("gin_rummy.game.shutout", "If the loser failed to score anything at all during the game, the "
           "winner's bonus is {shutout_bonus} points instead.", G, option="match_format", when=_one),
    Clause("gin_rummy.game.line", "In addition, each player adds {line_bonus} points for each hand they won "
           "(the line or box bonus). These points cannot be counted as part of the {target} needed to win.",
           G, option="match_format", when=_one),
    Clause("gin_rummy.game.settle", "After the bonuses have been added, the player with the higher score "
           "wins; the lower pays the higher an amount proportional to the difference (a table custom: "
           "settle as your house does).", G, option="match_format", when=_one),
    Clause("gin_rummy.columns.three", "Three games are played concurrently, each ending when a side reaches "
           "{column_target} points in that game (column).", T, option="match_format", when=_three),
    Clause("gin_rummy.columns.round", "After each hand the sides' points are totalled and the higher side is "
           "awarded the difference; the side with more Gins is awarded the difference in Gins. With two "
           "players each side is one player; rotating couples between tables is for multi-table tournaments "
           "and is not refereed here.", T, option="match_format", when=_three),
    Clause("gin_rummy.columns.points", "The first time a side scores points they go in its first game column "
           "only; the second time in the first and second columns; from the third time on in every game "
           "still being played.", T, option="match_format", when=_three),
    Clause("gin_rummy.columns.gins", "Gins are only awarded in a game where the side already had points "
           "before this hand (a circle around the points, one for each Gin). The first time a side scores, "
           "no Gins are awarded.", T, option="match_format", when=_three),
    Clause("gin_rummy.columns.won", "Once a side has won a game it is awarded {column_target} points plus "
           "{gin_value} for each Gin it got in that game; the losing side is awarded {gin_value} for each of "
           "its Gins in that game and no score for points. Play continues in the other games until all three "
           "are finished.", T, option="match_format", when=_three),
    Clause("gin_rummy.columns.winner", "The side with the highest score after all three games are completed "
           "wins.", T, option="match_format", when=_three),
])

SPEC = GameSpec(
    id="gin_rummy", title="Gin Rummy", family="rummy", players=(2,), default_players=2,
    options=GinOptions, rules=RULES, source="001, 000",
    summary="Two players draw and discard to form sets and sequences, then knock or go gin. Game to 100.",
    presets={"standard": {}, "metzker": METZKER},
    sections=(D, P, K, L, E, S, G, T),
)

# --- tables ----------------------------------------------------------------------------------------

DECK: tuple[Card, ...] = tuple(standard_deck())
CARD: list[Card] = [FACES.get(i, Card(i)) for i in range(64)]
VALUE: list[int] = [0] * 64
for _c in DECK:
    VALUE[_c] = melds.gin_value(_c)

DRAW_STOCK = Action("draw", ("stock",))
TAKE_DISCARD = Action("take", ("discard",))
PASS = Action("pass", ())
DEAL = Action("deal", ())
DOUBLE_GIN = Action("gin", ())
DISCARD: list[Action] = [Action("discard", (CARD[i],)) for i in range(64)]
KNOCK: list[Action] = [Action("knock", (CARD[i],)) for i in range(64)]
GIN: list[Action] = [Action("gin", (CARD[i],)) for i in range(64)]

MELD_RULES = {"low": MeldRules(ace_low=True, ace_high=False, max_set_size=4),
              "high-or-low": MeldRules(ace_low=True, ace_high=True, max_set_size=4)}

_OUTS: dict[tuple[int, str, int], tuple[int, tuple[tuple[Card, int], ...]]] = {}

_LANE_VALUE = [0] * (1 << 16)
"""Total card value of one suit's 16-bit rank mask."""
for _m in range(1, 1 << 16):
    _low = _m & -_m
    _r = _low.bit_length() - 1
    _LANE_VALUE[_m] = _LANE_VALUE[_m ^ _low] + (1 if _r == 14 else min(_r, 10) if _r >= 2 else 0)
_ACE_BITS = sum(1 << (16 * s + 14) for s in range(4))
_LOW_ACE_BITS = sum(1 << (16 * s + 1) for s in range(4))
_NOT_ACES = ~_ACE_BITS


def dead_floor(mask: int, ace_high: bool) -> int:
    """A quick lower bound on a hand's deadwood: the value of the cards that are in no possible
    meld at all (no two same-suit neighbours to run with, no two more of their rank).

    ``mask`` has bit ``card`` set for each card held; all four suits are handled at once
    (bits 0, 1 and 15 of each suit's lane are empty, so shifts never mix suits)."""
    low = (mask & _ACE_BITS) >> 13
    x = (mask | low) if ace_high else (mask & _NOT_ACES) | low
    r = x & (x >> 1) & (x >> 2)
    cov = r | (r << 1) | (r << 2)
    cov |= (cov & _LOW_ACE_BITS) << 13
    a, b, c, d = mask & 0xFFFF, mask >> 16 & 0xFFFF, mask >> 32 & 0xFFFF, mask >> 48
    three = (a & b & (c | d)) | (c & d & (a | b))
    if three:
        cov |= three | three << 16 | three << 32 | three << 48
    un = mask & ~cov
    return _LANE_VALUE[un & 0xFFFF] + _LANE_VALUE[un >> 16 & 0xFFFF] + _LANE_VALUE[un >> 32 & 0xFFFF] \
        + _LANE_VALUE[un >> 48]


_BIT = [1 << i for i in range(64)]


def going_out(hand: list[Card], aces: str, limit: int) -> tuple[int, tuple[tuple[Card, int], ...]]:
    """(least deadwood of the whole hand, or a lower bound on it when the hand cannot go out;
    the discards leaving ``limit`` or less, with the deadwood they leave).

    Discarding X leaves at least (whole hand's deadwood - value of X), so a hand whose deadwood
    is over ``limit`` + 10 cannot go out; the quick :func:`dead_floor` rules most hands out
    before the solver is asked, and then only cards worth enough are tried."""
    mask = sum(map(_BIT.__getitem__, hand))
    floor = dead_floor(mask, aces != "low")
    if floor - limit > 10:
        return floor, ()
    key = (mask, aces, limit)
    hit = _OUTS.get(key)
    if hit is not None:
        return hit
    rules = MELD_RULES[aces]
    full = melds.min_deadwood(hand, rules)
    need = full - limit
    outs = []
    if need <= 10:
        for i, c in enumerate(hand):
            if VALUE[c] >= need:
                dw = melds.min_deadwood(hand[:i] + hand[i + 1:], rules)
                if dw <= limit:
                    outs.append((c, dw))
    result = (full, tuple(outs))
    if len(_OUTS) > 20_000:
        _OUTS.clear()
    _OUTS[key] = result
    return result


def _candidate_melds(hand: list[Card], ace_high: bool) -> list[tuple[Card, ...]]:
    """Every set and run that can be made from ``hand`` (runs: each window of three or more
    consecutive cards of a suit; an ace sits low, or high as well when the rules allow)."""
    out: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, dict[int, Card]] = {}
    for c in hand:
        by_rank.setdefault(c & 15, []).append(c)
        pos = by_suit.setdefault(c >> 4, {})
        pos[c & 15] = c
        if c & 15 == 14:
            pos[1] = c
            if not ace_high:
                del pos[14]
    for same in by_rank.values():
        if len(same) >= 3:
            out += list(itertools.combinations(same, 3))
            if len(same) == 4:
                out.append(tuple(same))
    for pos in by_suit.values():
        for start in sorted(pos):
            if start - 1 in pos:
                continue
            block = []
            r = start
            while r in pos:
                block.append(pos[r])
                r += 1
            for i in range(len(block) - 2):
                for j in range(i + 3, len(block) + 1):
                    out.append(tuple(block[i:j]))
    return out


def least_deadwood_spreads(hand: list[Card], ace_high: bool, limit: int = 64) -> list[tuple[tuple[Card, ...], ...]]:
    """The ways (up to ``limit``) of spreading ``hand`` into melds that leave the least deadwood.
    Several can tie, and they differ in what the opponent may lay off."""
    cands = _candidate_melds(hand, ace_high)
    index = {int(c): i for i, c in enumerate(hand)}
    masks = [sum(1 << index[int(c)] for c in m) for m in cands]
    worth = [sum(VALUE[c] for c in m) for m in cands]
    best_val = -1
    found: list[tuple[int, ...]] = []

    def walk(i: int, used: int, val: int, chosen: tuple[int, ...]) -> None:
        nonlocal best_val, found
        if val > best_val:
            best_val, found = val, [chosen]
        elif val == best_val and len(found) < limit:
            found.append(chosen)
        for j in range(i, len(cands)):
            if not masks[j] & used:
                walk(j + 1, used | masks[j], val + worth[j], chosen + (j,))

    walk(0, 0, 0, ())
    return [tuple(cands[j] for j in chosen) for chosen in found]


def _sort_key(c: int) -> tuple[int, int]:
    return c >> 4, (c & 15) % 14


def texts(cards: Any) -> list[str]:
    """Cards as text, sorted by suit and rank (ace first)."""
    return [card_text(c) for c in sorted(cards, key=_sort_key)]


# --- state ------------------------------------------------------------------------------------------


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
            self._discard(state, seat, CARD[action.args[0]])  # type: ignore[index]
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
            out = CARD[action.args[0]] if action.args else None  # type: ignore[index]
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
