"""Horseshit Rummy's options, cards, rule clauses and spec (rulebook 000)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from gamenight.core.cards import Card, code, standard_deck
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy
from gamenight.families.melds import MeldRules

END = "end"
RESHUFFLE = "reshuffle"


@dataclass(frozen=True)
class HorseshitOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    decks: int = option(3, "Decks shuffled together: {value}.", minimum=3, maximum=4)
    ace_points: int = option(100, "Aces count {value} points.", choices=(100, 50))
    wild_pick: bool = option(False, "A wild card may be picked from the pile with cards of its own rank: {value}.")
    target: int = option(1500, "Game: {value} points.", minimum=100, maximum=100_000)
    empty_stock: str = option(END, "When the stock runs out: {value}.", choices=(END, RESHUFFLE))


# --- cards ------------------------------------------------------------------------------------------
RANKS = range(3, 15)
"""3 to ace: the 2s and the jokers are taken out."""
WILD_POINTS = 100
PICK_PAIR = 2
"""Natural cards from hand it takes to pick the pile down to a card."""


@functools.cache
def deck(decks: int) -> tuple[Card, ...]:
    """The cards of ``decks`` decks (built once: every deal shuffles a copy of the list)."""
    return tuple(standard_deck(copies=decks, ranks=RANKS))


def hand_size(up: Card) -> int:
    """The face-up card says how many cards its player gets: aces 14, kings 13, queens 12, jacks 11,
    the others their number."""
    return up & 15


@functools.cache
def meld_rules(wild_rank: int, wild_pick: bool) -> MeldRules:
    """Sets only, the dealer's rank wild, at least one natural card a set (with ``wild_pick`` a set
    picked with cards of the wild rank holds them alone)."""
    wild = frozenset(code(wild_rank, s) for s in range(4))
    return MeldRules(runs=False, max_set_size=None, wild_faces=wild, all_wild_melds=wild_pick)


@functools.cache
def values(wild_rank: int, ace_points: int) -> tuple[int, ...]:
    """What each card counts this hand: wild cards 100, aces 100 (or 50), K-10 10, 9-3 5."""
    table = rummy.point_table({"A": ace_points, "K-10": 10, "9-3": 5})
    for s in range(4):
        table[code(wild_rank, s)] = WILD_POINTS
    return tuple(table)



# --- clauses ----------------------------------------------------------------------------------------
C = "Players and cards"
O = "Object of the game"  # noqa: E741 - the section's initial
B = "Basic game play"
D = "Detail game play"
S = "Scoring"

PLAYERS = Clause("horseshit_rummy.players", "Any number of people can play (the app seats 2 to 8).", C)
DECK = Clause("horseshit_rummy.deck", "{decks} decks of cards shuffled together, the 2s and jokers removed (the book "
              "plays with 3 or 4).", C, option="decks")
OBJECT = Clause("horseshit_rummy.object", "First player to {target} wins: when a hand ends with a player at {target} "
                "or more, the highest score wins.", O, option="target")
DEAL = Clause("horseshit_rummy.deal", "Dealer starts dealing to the player on their left and the first card will be "
              "turned up. This card will indicate how many cards that player will receive (e.g. if the first card "
              "is a 5 they will receive four more cards face down) that hand. Deal continues similar for each "
              "player. Aces are 14 cards, Kings are 13 cards, Queens are 12 cards, Jacks are 11 cards, etc. The rest "
              "of the cards are the stock; the deal passes to the left each hand, and the player to the dealer's "
              "left plays first.", B)
WILD_RANK = Clause("horseshit_rummy.wild", "The face up card for the Dealer is wild for everyone: every card of its "
                   "rank is wild this hand.", B)
MELD = Clause("horseshit_rummy.meld", "Meld is 3 or more of a kind.", B)
TURN = Clause("horseshit_rummy.turn", "A turn begins by drawing from the stock ('draw stock') or by picking the pile, "
              "and ends with a discard.", B)
SPREAD = Clause("horseshit_rummy.pile.spread", "When you discard you stack the discard pile staggered downward so you "
                "can see all cards in the discard pile.", B)
PICK = Clause("horseshit_rummy.pile.pick", "You can pick the pile as deep as you want to as long as you have at least "
              "two matching natural cards in your hand to the card you are picking to ('dig' and that card, then "
              "your matching cards): you take it and every card above it, and it is melded at once with your "
              "cards. You can not use wild cards to pick the pile.", B)
PLAY_ON = Clause("horseshit_rummy.play-on", "You may play on the other players' cards the round after you have "
                 "melded ('lay' and the cards 'on' a meld's number). You play in front of yourself so that you can "
                 "include these points in your count.", D)
NOT_WHEN_MELDING = Clause("horseshit_rummy.play-on.not-yet", "You can not lay down any cards on other players in "
                          "the round that you meld.", D)
GO_OUT = Clause("horseshit_rummy.out", "You do NOT have to discard to go out: playing your last card on the table "
                "goes out as well as discarding it. The hand ends when a player goes out.", D)
FIRST_ROUND = Clause("horseshit_rummy.out.first-round", "You may go out in the first round.", D)
NO_WILD_PICK = Clause("horseshit_rummy.pile.wild", "You can not pick a wild card from the discard pile unless it's in "
                      "the pile you pick up with a pair.", D, option="wild_pick", when=lambda o: not o.wild_pick)
WILD_PICK = Clause("horseshit_rummy.pile.wild-match", "If a wild card is the card you pick to, you can pick the pile "
                   "with cards matching it: two more of its own rank, not any wild card. The set they make needs no "
                   "other natural card.", D, option="wild_pick", when=lambda o: o.wild_pick)
NO_STEALING = Clause("horseshit_rummy.no-steal", "You cannot steal wild cards from melded cards.", D)
EMPTY_STOCK = Clause("horseshit_rummy.stock.end", "When a player must draw and the stock is empty, the hand ends and "
                     "is scored as it stands (the book is silent).", D, option="empty_stock",
                     when=lambda o: o.empty_stock == END)
RESHUFFLE_STOCK = Clause("horseshit_rummy.stock.reshuffle", "When a player must draw and the stock is empty, the "
                         "discard pile but its top card is shuffled to make a new stock; if there is nothing to "
                         "shuffle, the hand ends and is scored as it stands.", D, option="empty_stock",
                         when=lambda o: o.empty_stock == RESHUFFLE)
CARD_VALUES = Clause("horseshit_rummy.values", "Wilds 100 points; Ace 100 points; K-10 10 points; 9-3 5 points.", S,
                     option="ace_points", when=lambda o: o.ace_points == 100)
ACES_FIFTY = Clause("horseshit_rummy.values.aces-fifty", "Aces are 50 points instead of 100 points; wilds 100, K-10 "
                    "10 and 9-3 5.", S, option="ace_points", when=lambda o: o.ace_points != 100)
COUNT = Clause("horseshit_rummy.count", "Count all points played out in front of you less any cards still in your "
               "hand.", S)

TEXT_ONLY = (PLAYERS, DECK, WILD_RANK, SPREAD, FIRST_ROUND, CARD_VALUES, ACES_FIFTY)
"""Clauses the deal, the views and the card counts follow without citing them."""

RULES = Rules([
    PLAYERS, DECK, OBJECT,
    DEAL, WILD_RANK, rummy.SETS_ONLY, MELD, TURN, rummy.FROM_HAND, SPREAD, PICK,
    PLAY_ON, NOT_WHEN_MELDING, GO_OUT, FIRST_ROUND, NO_WILD_PICK, WILD_PICK, rummy.ONE_NATURAL, NO_STEALING,
    EMPTY_STOCK, RESHUFFLE_STOCK,
    CARD_VALUES, ACES_FIFTY, COUNT,
])

SPEC = GameSpec(
    id="horseshit_rummy", title="Horseshit Rummy", family="rummy", players=tuple(range(2, 9)), default_players=4,
    options=HorseshitOptions, rules=RULES, source="000",
    summary="Sets only. A card dealt face up sets each hand's size and the dealer's makes its rank wild; the "
            "spread discard pile is picked as deep as a natural pair allows. First to 1500.",
    presets={"standard": {}, "aces_fifty": {"ace_points": 50}, "wild_pick": {"wild_pick": True}},
    sections=(C, O, B, rummy.FROM_HAND.section, D, rummy.SETS_ONLY.section, S),
)
