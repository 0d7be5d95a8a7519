"""10 Dime Rummy's options, cards, rule clauses and spec (rulebook 000)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from gamenight.core.cards import JOKER, Card, cards, standard_deck
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy
from gamenight.families.melds import MeldRules
from gamenight.families.rummy_contracts import Contract

END = "end"
RESHUFFLE = "reshuffle"


@dataclass(frozen=True)
class TenDimeOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    decks: int = option(3, "Decks shuffled together: {value}.", minimum=3, maximum=4)
    empty_stock: str = option(END, "When the stock runs out: {value}.", choices=(END, RESHUFFLE))


# --- cards ------------------------------------------------------------------------------------------
WILD: frozenset[int] = frozenset(int(c) for c in [JOKER, *cards("2C 2D 2H 2S")])
MELD_RULES = MeldRules(runs=False, max_set_size=None, wild_faces=WILD, wilds_at_most_naturals=True)
VALUES = rummy.point_table({"JK": 50, "2": 25, "A": 20, "K-10": 10, "9-3": 5})
HAND_SIZE = 12
DIMES = 10
DIME = 10
"""A dime in cents (money facts count cents)."""
STOCK_CARDS_BOUGHT = 2
CONTRACTS = tuple(Contract.parse(t) for t in ("1 set of 3", "2 sets of 3", "1 set of 4", "2 sets of 4",
                                              "1 set of 5", "2 sets of 5", "1 set of 6", "2 sets of 6"))
"""The required meld of each of the eight rounds."""
ROUNDS = len(CONTRACTS)


@functools.cache
def deck(decks: int) -> tuple[Card, ...]:
    """The cards of ``decks`` decks (built once: every deal shuffles a copy of the list)."""
    return tuple(standard_deck(copies=decks, jokers=2))


def is_wild(c: int) -> bool:
    return int(c) in WILD



# --- clauses ----------------------------------------------------------------------------------------
C = "Players and cards"
O = "Object of the game"  # noqa: E741 - the section's initial
R = "Required meld for each hand"
P = "Basic game play"
D = "Details"
S = "Scoring"

PLAYERS = Clause("ten_dime_rummy.players", "Any number of people can play (the app seats 2 to 8).", C)
DECK = Clause("ten_dime_rummy.deck", "{decks} decks of cards shuffled together, including their jokers (the book "
              "plays with 3 or 4).", C, option="decks")
DEAL = Clause("ten_dime_rummy.deal", "12 cards are dealt to each player and one card is turned up by the stock pile "
              "to start the discard pile. The first dealer is chosen at random; the deal passes to the left each "
              "round, and the player to the dealer's left plays first.", C)
OBJECT = Clause("ten_dime_rummy.object", "Highest score at the end of the 8th round wins the pot.", O)
REQUIRED = Clause("ten_dime_rummy.required", "Required meld for each hand: 1st 1 set of 3; 2nd 2 sets of 3; 3rd 1 set "
                  "of 4; 4th 2 sets of 4; 5th 1 set of 5; 6th 2 sets of 5; 7th 1 set of 6; 8th 2 sets of 6.", R)
REQUIRED_FIRST = Clause("ten_dime_rummy.required.first", "Your first meld of a round is the round's required meld "
                        "('meld' and its sets, joined by 'and'); until it is down you lay no other card on the "
                        "table.", R)
WILD_CARDS = Clause("ten_dime_rummy.wild", "Jokers and 2s are wild.", P)
DIMES_EACH = Clause("ten_dime_rummy.dimes", "Each player begins the game with ten dimes.", P)
TURN = Clause("ten_dime_rummy.turn", "Draw one card from the stock pile at the beginning of each turn ('draw stock') "
              "and discard at the end of it.", P)
BUY = Clause("ten_dime_rummy.buy", "If you want the top card from the discard pile you must buy it: you throw a dime "
             "in the pot ('buy' and the card) and get the discard and two more cards from the stock pile. If you "
             "want another card throw another dime in the pot and take the next discard and two more cards from the "
             "pile. You can continue buying cards until you are satisfied or out of dimes.", P)
BUY_ANY_TIME = Clause("ten_dime_rummy.buy.any-time", "Buying is not part of a turn: any player with a dime may buy "
                      "the top discard while the round is played, on their turn or not, and the first to buy gets "
                      "it. A player who does not want the card lets it go ('pass' and the card) until another card "
                      "shows on top; whoever just discarded it is not asked about it.", P)
EMPTY_STOCK = Clause("ten_dime_rummy.stock.end", "When a player must draw and the stock is empty, the round ends and "
                     "is scored as it stands (the book is silent).", P, option="empty_stock",
                     when=lambda o: o.empty_stock == END)
RESHUFFLE_STOCK = Clause("ten_dime_rummy.stock.reshuffle", "When a player must draw and the stock is empty, the "
                         "discard pile but its top card is shuffled to make a new stock; if there is nothing to "
                         "shuffle, the round ends and is scored as it stands.", P, option="empty_stock",
                         when=lambda o: o.empty_stock == RESHUFFLE)
GO_OUT = Clause("ten_dime_rummy.out", "You may go out with or without a discard: by playing your last card on the "
                "table, or by discarding it. The round ends when a player goes out.", D)
OUT_AFTER_ALL = Clause("ten_dime_rummy.out.all-played", "When you play down your meld you may go out the same turn "
                       "if everybody has had at least one play this round.", D)
MORE_SETS = Clause("ten_dime_rummy.more-sets", "Once you have satisfied the initial meld, additional sets can be set "
                   "down with a minimum of 3 to each set.", D)
PLAY_ON = Clause("ten_dime_rummy.play-on", "You can play on other players' cards immediately after you meld ('lay' "
                 "and the cards 'on' a meld's number). You play in front of yourself so that you can include these "
                 "points in your count.", D)
NO_STEALING = Clause("ten_dime_rummy.no-steal", "You cannot steal wild cards from melded cards.", D)
CARD_VALUES = Clause("ten_dime_rummy.values", "Jokers 50 points; 2s 25 points; aces 20 points; K-10 10 points; 9-3 5 "
                     "points.", S)
COUNT = Clause("ten_dime_rummy.count", "To score, count all points played out in front of you less any cards still "
               "in your hand.", S)
POT = Clause("ten_dime_rummy.pot", "After the 8th round the highest total score takes the pot; players who tie for it "
             "share it.", S)

TEXT_ONLY = (PLAYERS, DECK, OBJECT, WILD_CARDS, DIMES_EACH, CARD_VALUES)
"""Clauses the deal, the views and the card counts follow without citing them."""

RULES = Rules([
    PLAYERS, DECK, DEAL, OBJECT,
    REQUIRED, REQUIRED_FIRST,
    WILD_CARDS, rummy.SETS_ONLY, DIMES_EACH, TURN, rummy.FROM_HAND, BUY, BUY_ANY_TIME, EMPTY_STOCK, RESHUFFLE_STOCK,
    GO_OUT, OUT_AFTER_ALL, MORE_SETS, PLAY_ON, NO_STEALING, rummy.TAME_AT_LEAST_WILD,
    CARD_VALUES, COUNT, POT,
])

SPEC = GameSpec(
    id="ten_dime_rummy", title="10 Dime Rummy", family="rummy", players=tuple(range(2, 9)), default_players=4,
    options=TenDimeOptions, rules=RULES, source="000",
    summary="Eight rounds of required melds, sets only, jokers and 2s wild. The discard is bought for a dime "
            "with two stock cards, by anyone at any time; the best score after eight rounds takes the pot.",
    presets={"standard": {}, "four_decks": {"decks": 4}},
    sections=(C, O, R, P, rummy.FROM_HAND.section, D, rummy.SETS_ONLY.section, S),
)
