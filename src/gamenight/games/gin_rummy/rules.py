"""Gin Rummy's options, rule clauses and spec: the book's standard game and the Metzker
tournament rules as house options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy

# --- options ---------------------------------------------------------------------------------------

STANDARD_DEAL = "ten-upcard"
METZKER_DEAL = "thirteen-twelve"
ONE_GAME = "one-game"
THREE_GAMES = "three-games"


@dataclass(frozen=True)
class GinOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    deal: str = option(STANDARD_DEAL, "Deal: {value} (ten-upcard: the book's; thirteen-twelve: the tournament's).",
                       choices=(STANDARD_DEAL, METZKER_DEAL))
    aces: str = option("low", "Aces: {value}.", choices=("low", "high-or-low"))
    knock_limit: int = option(10, "Knock limit: {value} points (the tournament rules' \"less than 10\" is 9).",
                              minimum=0, maximum=60)
    double_gin: bool = option(False, "Double Gin: {value}.")
    gin_bonus: int = option(20, "Gin bonus: {value} points.", minimum=0, maximum=500)
    undercut_scoring: str = option("difference", "Undercut scoring: {value}.", choices=("difference", "double-run"))
    undercut_bonus: int = option(10, "Undercut bonus: {value} points.", minimum=0, maximum=500)
    stock_end: int = option(2, "Cards left in the stock when play stops: {value}.", minimum=0, maximum=20)
    stock_out: str = option("cancel", "When the stock runs down: {value}.", choices=("cancel", "difference"))
    next_dealer: str = option("alternate", "Next dealer: {value}.", choices=("alternate", "winner"))
    may_discard_taken: bool = option(True, "The card just taken from the discard pile may be thrown back: {value}.")
    match_format: str = option(ONE_GAME, "Scoring format: {value}.", choices=(ONE_GAME, THREE_GAMES))
    target: int = option(100, "Game: {value} points.", minimum=1, maximum=10_000)
    game_bonus: int = option(100, "Game bonus: {value} points.", minimum=0, maximum=10_000)
    shutout_bonus: int = option(200, "Shutout bonus: {value} points.", minimum=0, maximum=10_000)
    line_bonus: int = option(20, "Line (box) bonus: {value} points a hand won.", minimum=0, maximum=1000)
    column_target: int = option(200, "Each of the three games: {value} points.", minimum=1, maximum=10_000)
    gin_value: int = option(25, "A Gin circle: {value} points.", minimum=0, maximum=1000)


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


ACES_LOW = Clause(
    "gin_rummy.deck", "One standard deck of 52 cards is used, two players. Cards in each suit rank, from low to high: "
    "Ace 2 3 4 5 6 7 8 9 10 Jack Queen King.", D, option="aces", when=lambda o: o.aces == "low")
ACES_HIGH_OR_LOW = Clause(
    "gin_rummy.deck.aces", "One standard deck of 52 cards, two players. Aces are high or low but can not be both: "
    "A-2-3 is a run and so is Q-K-A, but K-A-2 is not.", D, option="aces", when=lambda o: o.aces == "high-or-low")
CARD_VALUES = Clause(
    "gin_rummy.values", "Card values: face cards (K, Q, J) 10 points, ace 1 point, number cards their spot value (a "
    "ten counts 10).", D)
FIRST_DEALER = Clause("gin_rummy.deal.first-dealer", "The first dealer is chosen at random.", D)
DEAL_ALTERNATES = Clause(
    "gin_rummy.deal.alternate", "The turn to deal alternates between the players.",
    D, option="next_dealer", when=lambda o: o.next_dealer == "alternate")
WINNER_DEALS = Clause(
    "gin_rummy.deal.winner", "The player who scored the hand deals the next one (if nobody scored, the same dealer "
    "deals again).", D, option="next_dealer", when=lambda o: o.next_dealer == "winner")
DEAL_TEN = Clause(
    "gin_rummy.deal.ten", "Each player is dealt ten cards, one at a time. The twenty-first card is turned face up to "
    "start the discard pile and the rest of the deck is placed face down beside it to form the stock.",
    D, option="deal", when=lambda o: o.deal == STANDARD_DEAL)
DEAL_THIRTEEN = Clause(
    "gin_rummy.deal.thirteen", "The dealer deals 13 cards to the opponent and 12 to themself. No card is turned over; "
    "the rest of the deck forms the stock.", D, option="deal", when=lambda o: o.deal == METZKER_DEAL)
NEXT_DEAL = Clause("gin_rummy.deal.next", "When a hand is over, the next dealer deals the next hand ('deal').", D)
SETS_AND_RUNS = Clause(
    "gin_rummy.melds", "Arrange your cards into sets: a sequence (run) is three or more cards of the same suit in "
    "consecutive order; a group is three or four cards of the same rank. A card can belong to only one set at a time.",
    P)
NO_DISCARD_TAKEN = Clause(
    "gin_rummy.turn.discard-taken", "You may not discard the card you have just taken from the discard pile in the "
    "same turn.", P, option="may_discard_taken", when=lambda o: not o.may_discard_taken)
UPCARD_OFFER = Clause(
    "gin_rummy.first.upcard", "On the first turn the player who did not deal chooses whether to take the turned-up "
    "card ('take discard' or 'pass'). If they decline, the dealer may take it. If both refuse it, the non-dealer draws "
    "the top card of the stock. Whoever took a card completes their turn by discarding, and then it is the other "
    "player's turn.", P, option="deal", when=lambda o: o.deal == STANDARD_DEAL)
FIRST_DISCARD_ONLY = Clause(
    "gin_rummy.first.thirteen", "The dealer's opponent does not draw on the first turn: they only discard (or go out). "
    "After the first play a turn is a draw followed by a discard.",
    P, option="deal", when=lambda o: o.deal == METZKER_DEAL)
KNOCKING = Clause(
    "gin_rummy.knock", "Play ends when a player knocks (in the tournament rules: goes out with a Gin, a Double Gin or "
    "a Run). You may knock on any turn, including the first, immediately after drawing: discard one card as usual "
    "('knock' and the card) and spread your cards face up, arranged into sets and unmatched cards. This referee "
    "arranges the spread for you so that your unmatched cards count as little as possible.", K)
KNOCK_LIMIT = Clause(
    "gin_rummy.knock.limit", "To be allowed to knock, the total value of your unmatched cards after the discard must "
    "be {knock_limit} points or less.", K, option="knock_limit")
GOING_GIN = Clause(
    "gin_rummy.knock.gin", "Knocking with no unmatched cards at all is going gin ('gin' and the card): every card "
    "but the discard must be in a set.", K)
DOUBLE_GIN_DECLARED = Clause(
    "gin_rummy.knock.double-gin", "Double Gin: when all your cards match after the draw and you have no discard, lay "
    "them all down and declare Double Gin ('gin').", K, option="double_gin", when=lambda o: o.double_gin)
KNOCK_OPTIONAL = Clause(
    "gin_rummy.knock.optional", "You are never forced to knock or go gin: a player who is able to may carry on playing "
    "to try for a better score (for example a Gin or a Double Gin).", K)
LAYING_OFF = Clause(
    "gin_rummy.layoff", "The opponent of the knocker then spreads their cards face up, arranged into sets where "
    "possible, and (unless the knocker went gin) lays off unmatched cards on the knocker's sets: a fourth card on a "
    "group of three, or further consecutive cards of the same suit at either end of a sequence, one after another. "
    "This referee makes the spread and lay-off that leave the opponent's count as low as possible, as any player "
    "would.", L)
NO_LAYOFF_ON_GIN = Clause(
    "gin_rummy.layoff.gin", "If a player goes gin, the opponent is not allowed to lay off any cards.", L)
KNOCKER_NEVER_LAYS_OFF = Clause(
    "gin_rummy.layoff.knocker", "The knocker is never allowed to lay off cards on the opponent's sets.", L)
STOCK_END = Clause(
    "gin_rummy.stock.end", "The play also ends if the stock pile is reduced to {stock_end} cards and the player who "
    "drew the card that left it so discards without knocking.", E, option="stock_end")
STOCK_CANCEL = Clause(
    "gin_rummy.stock.cancel", "In this case the hand is cancelled, there is no score, and the same dealer deals again.",
    E, option="stock_out", when=lambda o: o.stock_out == "cancel")
STOCK_DIFFERENCE = Clause(
    "gin_rummy.stock.difference", "In this case each player lays down what they can and counts their left-over points; "
    "the player with the least points scores the difference. No Gins are awarded and nobody lays off.",
    E, option="stock_out", when=lambda o: o.stock_out == "difference")
COUNT = Clause(
    "gin_rummy.score.count", "At the end of a hand each player counts the total value of their unmatched cards (after "
    "laying off).", S)
KNOCKER_SCORES = Clause(
    "gin_rummy.score.knock", "If the knocker's count is lower, the knocker scores the difference between the two "
    "counts.", S)
UNDERCUT = Clause(
    "gin_rummy.score.undercut", "If the knocker did not go gin and the counts are equal, or the knocker's count is "
    "greater, the knocker has been undercut: the opponent scores the difference between the counts plus a "
    "{undercut_bonus} point bonus.", S, option="undercut_scoring", when=lambda o: o.undercut_scoring == "difference")
UNDERCUT_DOUBLE_RUN = Clause(
    "gin_rummy.score.undercut-double", "If the opponent has equal to or less points than the player who ran, the "
    "opponent is awarded double the points the runner ran with plus {undercut_bonus} (run with 6: 6 x 2 + 25 = 37 "
    "points). No Gins are awarded for a run.",
    S, option="undercut_scoring", when=lambda o: o.undercut_scoring == "double-run")
GIN_BONUS = Clause(
    "gin_rummy.score.gin", "A player who goes gin scores a bonus of {gin_bonus} points plus the opponent's count in "
    "unmatched cards, if any. A player who goes gin can never be undercut: even if the other player has no unmatched "
    "cards at all, the gin scores and the other player scores nothing.",
    S, option="gin_bonus", when=lambda o: o.gin_bonus > 0)
GIN_POINTS = Clause(
    "gin_rummy.score.gin-points", "A player who goes out with a Gin (or a Double Gin) earns the opponent's points, "
    "their count in unmatched cards; a Gin is never undercut and the opponent scores nothing.",
    S, option="gin_bonus", when=lambda o: o.gin_bonus == 0)
GINS_COUNTED = Clause(
    "gin_rummy.score.gins", "Gins are counted: a Gin earns 1 Gin and a Double Gin earns 2 Gins, besides the opponent's "
    "points.", S, option="match_format", when=_three)
GAME_TARGET = Clause(
    "gin_rummy.game.target", "The game continues with further deals until one player's cumulative score reaches "
    "{target} points or more.", G, option="match_format", when=_one)
GAME_BONUS = Clause(
    "gin_rummy.game.bonus", "That player then receives an additional bonus of {game_bonus} points.",
    G, option="match_format", when=_one)
SHUTOUT = Clause(
    "gin_rummy.game.shutout", "If the loser failed to score anything at all during the game, the winner's bonus is "
    "{shutout_bonus} points instead.", G, option="match_format", when=_one)
LINE_BONUS = Clause(
    "gin_rummy.game.line", "In addition, each player adds {line_bonus} points for each hand they won (the line or box "
    "bonus). These points cannot be counted as part of the {target} needed to win.",
    G, option="match_format", when=_one)
SETTLE = Clause(
    "gin_rummy.game.settle", "After the bonuses have been added, the player with the higher score wins; the lower pays "
    "the higher an amount proportional to the difference (a table custom: settle as your house does).",
    G, option="match_format", when=_one)
CONCURRENT_GAMES = Clause(
    "gin_rummy.columns.three", "Three games are played concurrently, each ending when a side reaches {column_target} "
    "points in that game (column).", T, option="match_format", when=_three)
COLUMNS_ROUND = Clause(
    "gin_rummy.columns.round", "After each hand the sides' points are totalled and the higher side is awarded the "
    "difference; the side with more Gins is awarded the difference in Gins. With two players each side is one player; "
    "rotating couples between tables is for multi-table tournaments and is not refereed here.",
    T, option="match_format", when=_three)
COLUMN_POINTS = Clause(
    "gin_rummy.columns.points", "The first time a side scores points they go in its first game column only; the second "
    "time in the first and second columns; from the third time on in every game still being played.",
    T, option="match_format", when=_three)
GIN_CIRCLES = Clause(
    "gin_rummy.columns.gins", "Gins are only awarded in a game where the side already had points before this hand (a "
    "circle around the points, one for each Gin). The first time a side scores, no Gins are awarded.",
    T, option="match_format", when=_three)
GAME_WON = Clause(
    "gin_rummy.columns.won", "Once a side has won a game it is awarded {column_target} points plus {gin_value} for "
    "each Gin it got in that game; the losing side is awarded {gin_value} for each of its Gins in that game and no "
    "score for points. Play continues in the other games until all three are finished.",
    T, option="match_format", when=_three)
MATCH_WINNER = Clause(
    "gin_rummy.columns.winner", "The side with the highest score after all three games are completed wins.",
    T, option="match_format", when=_three)

TEXT_ONLY = (ACES_LOW, ACES_HIGH_OR_LOW, CARD_VALUES, FIRST_DEALER, DEAL_ALTERNATES, WINNER_DEALS, DEAL_TEN,
             DEAL_THIRTEEN, SETS_AND_RUNS, KNOCKING, KNOCK_OPTIONAL, CONCURRENT_GAMES)
"""Clauses the referee follows without citing them (the deal, the card values, the meld search)."""

RULES = Rules([
    ACES_LOW, ACES_HIGH_OR_LOW, CARD_VALUES, FIRST_DEALER, DEAL_ALTERNATES, WINNER_DEALS, DEAL_TEN, DEAL_THIRTEEN,
    NEXT_DEAL, SETS_AND_RUNS, rummy.DRAW, rummy.DISCARD_ENDS_TURN, NO_DISCARD_TAKEN, UPCARD_OFFER, FIRST_DISCARD_ONLY,
    KNOCKING,
    KNOCK_LIMIT, GOING_GIN, DOUBLE_GIN_DECLARED, KNOCK_OPTIONAL, LAYING_OFF, NO_LAYOFF_ON_GIN,
    KNOCKER_NEVER_LAYS_OFF, STOCK_END, STOCK_CANCEL, STOCK_DIFFERENCE, COUNT, KNOCKER_SCORES, UNDERCUT,
    UNDERCUT_DOUBLE_RUN, GIN_BONUS, GIN_POINTS, GINS_COUNTED, GAME_TARGET, GAME_BONUS, SHUTOUT, LINE_BONUS, SETTLE,
    CONCURRENT_GAMES, COLUMNS_ROUND, COLUMN_POINTS, GIN_CIRCLES, GAME_WON, MATCH_WINNER,
])

SPEC = GameSpec(
    id="gin_rummy", title="Gin Rummy", family="rummy", players=(2,), default_players=2,
    options=GinOptions, rules=RULES, source="001, 000",
    summary="Two players draw and discard to form sets and sequences, then knock or go gin. Game to 100.",
    presets={"standard": {}, "metzker": METZKER},
    sections=(D, P, rummy.DRAW.section, K, L, E, S, G, T),
)
