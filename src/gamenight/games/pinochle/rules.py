"""Pinochle's options, rule clauses and spec (rulebook 001, "Pinochle")."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.seats import alternating_teams
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import tricks
from gamenight.games.pinochle.meld import Meld

TEAMS = alternating_teams(4)
STUCK_CHOICES = ("at-least-25", "exactly-25")


@dataclass(frozen=True)
class PinochleOptions:
    target: int = option(500, "Game to {value} points.",
                         minimum=1)
    stuck_dealer: str = option(
        "at-least-25", "When the first three players pass, the dealer's forced bid is: {value} (at-least-25: any "
        "bid of 25 or more, as the book says; exactly-25: the dealer is stuck at 25).", choices=STUCK_CHOICES)
    throw_in: bool = option(True, "The bidding side may throw in their hand after calling trump: {value}.")


R = "Players and cards"
D = "Dealing"
K = "Rank and value of cards"
M = "Meld"
B = "Bidding"
X = "Exchanging, calling trump and melding"
P = "Play"
S = "Scoring"

PLAYERS = Clause("pinochle.players", "There are four players; partners sit across from each other.", R)
DECK_RULE = Clause("pinochle.deck", "The deck has 80 cards: A 10 K Q J in each of the four suits, with four identical "
                   "copies of each card (two Pinochle decks without the nines, or four regular decks without the 2s to "
                   "9s).", R)
IDEA = Clause("pinochle.idea", "Each hand starts with an auction in which players bid the number of points their team "
              "will try to win. The high bidder chooses trumps, exchanges cards with their partner and leads to the "
              "first trick; their team tries to win at least as many points as they bid. Points are scored by melding "
              "combinations of cards held in a player's hand, and by winning aces, tens and kings in tricks.", R)
GAME = Clause("pinochle.game", "The game is won by the first partnership to reach {target} points or more.",
              R, option="target")
GAME_TIE = Clause("pinochle.game.tie", "If both sides reach {target} on the same hand, the bidding side wins.", R)
DEAL = Clause("pinochle.deal", "Deal and play are clockwise. All the cards are dealt, so that everyone has 20.", D)
DEAL_CUSTOM = Clause("pinochle.deal.custom", "The dealer may choose how to deal; it is usual to deal a packet of 2 "
                     "cards to each player, then threes until all the cards are dealt (table custom; the app shuffles "
                     "and deals).", D)
RANK = Clause("pinochle.rank", "In each suit the cards rank, from highest to lowest: Ace, Ten, King, Queen, Jack.", K)
COUNT = Clause("pinochle.count", "At the end of the play each side counts the points taken in tricks: each Ace, Ten "
               "and King is worth one point.", K)
COUNT_LAST = Clause("pinochle.count.last", "The team who win the last trick get an extra 2 points, so there are 50 "
                    "points for tricks in all.", K)
MELD = Clause("pinochle.meld", "Combinations of cards in hand which are scored by showing them before the trick play "
              "are called meld. There are three types: Type I, runs and marriages (all the cards of the combination in "
              "the same suit); Type II, pinochles; Type III, arounds (a card of the same rank in each suit).", M)
MELD_SAME_CARD = Clause("pinochle.meld.same-card", "A card can only belong to one meld of each type. The same card may "
                        "count in melds of different types (a queen of spades can be part of a marriage, a pinochle "
                        "and a set of queens), but not in two melds of the same type (a king and two queens is not two "
                        "marriages).", M)
RUN = Clause("pinochle.meld.run", "Run: Ace, Ten, King, Queen, Jack of trumps: 15 points. A run in a non-trump suit "
             "has no value.", M)
DOUBLE_RUN = Clause("pinochle.meld.double-run", "Double run: 2 each of A, 10, K, Q, J of trumps: 150 points (no value "
                    "in a non-trump suit).", M)
TRIPLE_RUN = Clause("pinochle.meld.triple-run", "Triple run: 3 each of A, 10, K, Q, J of trumps: 500 points (no value "
                    "in a non-trump suit).", M)
MARRIAGE = Clause("pinochle.meld.marriage", "Marriage: King and Queen of a suit: 4 points in trumps, 2 points in a "
                  "non-trump suit.", M)
DOUBLE_MARRIAGE = Clause("pinochle.meld.double-marriage", "Double marriage: 2 Kings and 2 Queens of a suit: 30 points "
                         "in trumps, 4 points in a non-trump suit.", M)
TRIPLE_MARRIAGE = Clause("pinochle.meld.triple-marriage", "Triple marriage: 3 Kings and 3 Queens of a suit: 60 points "
                         "in trumps, 6 points in a non-trump suit.", M)
QUADRUPLE_MARRIAGE = Clause("pinochle.meld.quadruple-marriage", "Quadruple marriage: all 4 Kings and Queens of a suit: "
                            "240 points in trumps, 8 points in a non-trump suit.", M)
PINOCHLE = Clause("pinochle.meld.pinochle", "Pinochle: Jack of diamonds and Queen of spades: 4 points.", M)
DOUBLE_PINOCHLE = Clause("pinochle.meld.double-pinochle", "Double pinochle: 2 Jacks of diamonds and 2 Queens of "
                         "spades: 30 points.", M)
TRIPLE_PINOCHLE = Clause("pinochle.meld.triple-pinochle", "Triple pinochle: 3 Jacks of diamonds and 3 Queens of "
                         "spades: 90 points.", M)
QUADRUPLE_PINOCHLE = Clause("pinochle.meld.quadruple-pinochle", "Quadruple pinochle: 4 Jacks of diamonds and 4 Queens "
                            "of spades: 360 points.", M)
ACES = Clause("pinochle.meld.aces", "Aces: an Ace in each suit: 10 points.", M)
DOUBLE_ACES = Clause("pinochle.meld.double-aces", "Double aces: 2 Aces in each suit: 100 points.", M)
TRIPLE_ACES = Clause("pinochle.meld.triple-aces", "Triple aces: 3 Aces in each suit: 500 points.", M)
KINGS = Clause("pinochle.meld.kings", "Kings: a King in each suit: 8 points.", M)
DOUBLE_KINGS = Clause("pinochle.meld.double-kings", "Double kings: 2 Kings in each suit: 80 points.", M)
TRIPLE_KINGS = Clause("pinochle.meld.triple-kings", "Triple kings: 3 Kings in each suit: 400 points.", M)
QUEENS = Clause("pinochle.meld.queens", "Queens: a Queen in each suit: 6 points.", M)
DOUBLE_QUEENS = Clause("pinochle.meld.double-queens", "Double queens: 2 Queens in each suit: 60 points.", M)
TRIPLE_QUEENS = Clause("pinochle.meld.triple-queens", "Triple queens: 3 Queens in each suit: 300 points.", M)
JACKS = Clause("pinochle.meld.jacks", "Jacks: a Jack in each suit: 4 points.", M)
DOUBLE_JACKS = Clause("pinochle.meld.double-jacks", "Double jacks: 2 Jacks in each suit: 40 points.", M)
TRIPLE_JACKS = Clause("pinochle.meld.triple-jacks", "Triple jacks: 3 Jacks in each suit: 200 points.", M)
TENS = Clause("pinochle.meld.tens", "A set of tens is not worth anything in meld.", M)
BEYOND = Clause("pinochle.meld.beyond", "Combinations beyond the tables (four runs in one suit, four Aces in each "
                "suit) count as the listed melds they split into.", M)
BID_FIRST = Clause("pinochle.bid.first", "The person to the left of the dealer bids first; turn to bid proceeds "
                   "clockwise.", B)
BID_MINIMUM = Clause("pinochle.bid.minimum", "The opening bid must be at least 25, but may be higher.", B)
BID_STEPS = Clause("pinochle.bid.steps", "You may bid by ones until you reach 50; bids above 50 must be multiples of 5 "
                   "(55, 60, 65 etc.).", B)
BID_HIGHER = Clause("pinochle.bid.higher", "Each bid must be higher than the previous one, but a player who does not "
                    "wish to bid can pass.", B)
DEALER_STUCK = Clause("pinochle.bid.dealer-stuck", "If the first three players all pass, the dealer is forced to bid "
                      "at least 25.", B, option="stuck_dealer", when=lambda o: o.stuck_dealer == "at-least-25")
DEALER_STUCK_25 = Clause("pinochle.bid.dealer-stuck-25", "If the first three players all pass, the dealer is stuck "
                         "with a bid of 25.", B, option="stuck_dealer", when=lambda o: o.stuck_dealer == "exactly-25")
NO_REENTRY = Clause("pinochle.bid.no-reentry", "Once you pass you cannot re-enter the bidding on a later turn.", B)
BID_END = Clause("pinochle.bid.end", "The bidding continues for as many rounds as necessary until three players have "
                 "passed. Whoever bids highest wins the bid: they get the exchange of cards, call trump and lead.", B)
ASK = Clause("pinochle.pass.ask", "Before choosing trump, the high bidder names a suit they would like to receive from "
             "their partner.", X)
GIVE = Clause("pinochle.pass.give", "The bidder's partner must give the bidder 3 cards of that suit if they have them; "
              "with fewer than 3 cards of the suit, they pass all they have of it plus other cards of their choice to "
              "make 3.", X)
FACE_DOWN = Clause("pinochle.pass.face-down", "The three cards are passed face down: only the two partners see them. "
                   "The bidder looks at them and adds them to their hand.", X)
GIVE_BACK = Clause("pinochle.pass.back", "The bidder then passes any three cards back to their partner, also face "
                   "down.", X)
TRUMP = Clause("pinochle.trump", "The bidder now names a suit of their choice as trump. It is often the suit asked "
               "for, but it need not be (the bidder may have asked for a suit to complete a combination, such as "
               "double aces).", X)
MELD_SHOW = Clause("pinochle.meld.show", "Once trump is called each player lays their meld face up on the table (the "
                   "app lays out the most points each hand's cards allow). Partners add their meld together and it is "
                   "written down on the score sheet.", X)
MELD_ONE_HAND = Clause("pinochle.meld.one-hand", "A combination must be entirely within one player's hand to count.", X)
LEAD = Clause("pinochle.play.lead", "The bidder leads to the first trick and the others play in turn, clockwise. When "
              "leading to a trick any card may be played.", P)
TRICK = Clause("pinochle.play.trick", "A trick is one card from each player. If it contains no trumps it is won by the "
               "highest card of the suit led; if any trumps are played, the highest trump wins, whatever the other "
               "cards.", P)
IDENTICAL = Clause("pinochle.play.identical", "If there are two or more identical cards in a trick, the first of them "
                   "played beats the others.", P)
PLAY_ANY = Clause("pinochle.play.any", "A player who has no card of the suit led and no trumps may play any card.", P)
SCORE_COUNT = Clause("pinochle.score.count", "When all the cards have been played, each team counts the points in the "
                     "tricks it has won.", S)
MADE = Clause("pinochle.score.made", "If the bidding side took in meld and tricks at least as many points as they bid, "
              "both teams add the points they made (meld plus tricks) to their score.", S)
SET = Clause("pinochle.score.set", "If the bidding side's meld and trick points do not reach their bid, they are set: "
             "they score nothing for meld and tricks, and the amount of their bid is subtracted from their score. The "
             "other side keeps its meld and trick points.", S)

FOLLOW = Clause("pinochle.play.follow", "Each player after the leader must follow suit if they can.", P)
CRAWL = Clause("pinochle.play.crawl", "A player following suit must crawl: play a card higher in rank than the "
               "winning card played to the trick so far. A player who cannot crawl must still follow suit, with a "
               "card that will not win the trick.", P)
TRUMPED = Clause("pinochle.play.trumped", "If someone has already trumped, later players who can follow suit may "
                 "play any card of the suit led (no card of the led suit can beat a trump).", P)
MUST_TRUMP = Clause("pinochle.play.must-trump", "If you have no card of the suit led, you must trump.", P)
OVER_TRUMP = Clause("pinochle.play.over-trump", "If you have no card of the suit led and someone has already "
                    "trumped, you must crawl in trump: beat the highest trump played so far. If you cannot, you must "
                    "still trump, even though your trump will not win the trick.", P)
THROW_IN = Clause("pinochle.score.throw-in", "If the bidding side knows it cannot make the bid before play begins, "
                  "the bidder may call trump and throw in the hand (before leading to the first trick): the bidders "
                  "score nothing for their meld and their bid is subtracted from their score; the other side adds its "
                  "meld points. This saves the bidders from losing the trick points to their opponents.", S,
                  option="throw_in", when=lambda o: o.throw_in)
NO_THROW_IN = Clause("pinochle.score.no-throw-in", "Throwing in is not allowed: the bidding side must play the "
                     "hand out.", S, option="throw_in", when=lambda o: not o.throw_in)

RULES = Rules([
    PLAYERS, DECK_RULE, IDEA, GAME, GAME_TIE, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, DEAL, DEAL_CUSTOM, RANK,
    COUNT, COUNT_LAST, MELD, MELD_SAME_CARD, RUN, DOUBLE_RUN, TRIPLE_RUN, MARRIAGE, DOUBLE_MARRIAGE,
    TRIPLE_MARRIAGE, QUADRUPLE_MARRIAGE, PINOCHLE, DOUBLE_PINOCHLE, TRIPLE_PINOCHLE, QUADRUPLE_PINOCHLE, ACES,
    DOUBLE_ACES, TRIPLE_ACES, KINGS, DOUBLE_KINGS, TRIPLE_KINGS, QUEENS, DOUBLE_QUEENS, TRIPLE_QUEENS, JACKS,
    DOUBLE_JACKS, TRIPLE_JACKS, TENS, BEYOND, BID_FIRST, BID_MINIMUM, BID_STEPS, BID_HIGHER, DEALER_STUCK,
    DEALER_STUCK_25, NO_REENTRY, BID_END, ASK, GIVE, FACE_DOWN, GIVE_BACK, TRUMP, MELD_SHOW, MELD_ONE_HAND, LEAD,
    TRICK, IDENTICAL, tricks.WINNER_LEADS, FOLLOW, CRAWL, TRUMPED, MUST_TRUMP, OVER_TRUMP, PLAY_ANY,
    tricks.PLAY_FROM_HAND, SCORE_COUNT, MADE, SET, THROW_IN, NO_THROW_IN,
])
TEXT_ONLY = (PLAYERS, DECK_RULE, IDEA, tricks.FIRST_DEALER, tricks.DEAL_PASSES_LEFT, DEAL, DEAL_CUSTOM, RANK, COUNT,
             MELD, MELD_SAME_CARD, TENS, BEYOND, BID_FIRST, FACE_DOWN, MELD_ONE_HAND, LEAD, TRICK, IDENTICAL,
             tricks.WINNER_LEADS, TRUMPED, PLAY_ANY)
"""Clauses the deal, the meld count and the play follow without citing them."""

MELD_CLAUSES = {
    ("run", 1): RUN, ("run", 2): DOUBLE_RUN, ("run", 3): TRIPLE_RUN,
    ("marriage", 1): MARRIAGE, ("marriage", 2): DOUBLE_MARRIAGE, ("marriage", 3): TRIPLE_MARRIAGE,
    ("marriage", 4): QUADRUPLE_MARRIAGE,
    ("pinochle", 1): PINOCHLE, ("pinochle", 2): DOUBLE_PINOCHLE, ("pinochle", 3): TRIPLE_PINOCHLE,
    ("pinochle", 4): QUADRUPLE_PINOCHLE,
    ("aces", 1): ACES, ("aces", 2): DOUBLE_ACES, ("aces", 3): TRIPLE_ACES,
    ("kings", 1): KINGS, ("kings", 2): DOUBLE_KINGS, ("kings", 3): TRIPLE_KINGS,
    ("queens", 1): QUEENS, ("queens", 2): DOUBLE_QUEENS, ("queens", 3): TRIPLE_QUEENS,
    ("jacks", 1): JACKS, ("jacks", 2): DOUBLE_JACKS, ("jacks", 3): TRIPLE_JACKS,
}
"""The row of the meld tables each meld scores under, by kind and size."""


def meld_clause(meld: Meld) -> Clause:
    """The meld table's row (a clause) that ``meld`` scores under."""
    return MELD_CLAUSES[(meld.kind, meld.size)]


SPEC = GameSpec(
    id="pinochle", title="Pinochle", family="tricks", players=(4,), default_players=4,
    options=PinochleOptions, rules=RULES, source="001",
    summary="Partnership auction Pinochle with an 80-card deck: bid, pass three cards with your partner, meld, "
            "then crawl and over-trump for aces, tens and kings. First side to 500.",
    presets={"standard": {}, "no_throw_in": {"throw_in": False}, "dealer_stuck_25": {"stuck_dealer": "exactly-25"},
             "short": {"target": 250}},
    teams=lambda n: TEAMS,
    sections=(R, D, K, M, B, X, P, S),
)
