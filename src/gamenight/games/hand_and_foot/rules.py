"""Hand and Foot Canasta's options, rule clauses and spec (rulebook 000)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.seats import alternating_teams
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec, Teams
from gamenight.engine.options import option
from gamenight.families import rummy


@dataclass(frozen=True)
class HandAndFootOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    sevens_canasta: bool = option(False, "A canasta of sevens is needed to go out: {value}.")


def teams(players: int) -> Teams:
    return alternating_teams(players)


C = "Players and cards"
V = "Card count values"
N = "Minimum meld"
P = "Game play"
M = "The meld"
G = "Going out"
S = "Points and going out"

PLAYERS = Clause("hand_and_foot.players", "2, 4 or 6 people play, in two teams (partners sit alternately). Use one "
                 "more deck of cards than there are people playing, jokers included.", C)
DEAL = Clause("hand_and_foot.deal", "Each player is dealt 15 cards in the hand and 13 cards in the foot, face down; "
              "one card is turned up for the discard pile, and if it is a wild card it is covered with another.", C)
WILD = Clause("hand_and_foot.wild", "Jokers and 2s are wild.", C)
OBJECT = Clause("hand_and_foot.object", "High score wins, after four rounds.", C)
VALUES = Clause("hand_and_foot.values", "Jokers 50 points, 2s 25, aces 20, K to 8 10, 4 to 7 5, black 3s 5.", V)
MINIMUM = Clause("hand_and_foot.minimum", "The first meld of the side in each round must be worth at least: round 1 "
                 "90, round 2 120, round 3 150, round 4 180.", N)
DRAW_TWO = Clause("hand_and_foot.draw", "The player picks up two cards from the stock ('draw stock') or picks the "
                  "pile, and discards one card at the end of their turn.", P)
PICK_PILE = Clause("hand_and_foot.pile", "A player can pick up the discard pile (all of it) when they hold a natural "
                   "pair of the same rank as its top card ('take pile' and the pair); the top card counts toward "
                   "the minimum for the side's first meld.", P)
PAIR_AND_TOP = Clause("hand_and_foot.pile.three", "These three cards, the pair and the top card only, must be played "
                      "onto the table at once to make or add to a canasta. If there are 5 cards in a started canasta "
                      "you need 4 matching cards: two to close it and two to start a new canasta with the picked "
                      "card (after 'take pile' and the pair, 'and' the two that close it, 'on' and its number).", P)
FREEZE = Clause("hand_and_foot.freeze", "A wild card may be discarded to freeze the discard pile, and black threes "
                "freeze it: nobody may pick the pile while such a card lies on top.", P)
RED_THREES = Clause("hand_and_foot.red-threes", "A player who finds a red three in their hand (in their turn) places "
                    "it face up on the table at once and draws another card from the stock to replace it.", P)
FOOT = Clause("hand_and_foot.foot", "When a player has used all the cards in their hand, they pick up their foot and "
              "continue laying. If the last card of the hand was a discard, they must wait until the next turn to "
              "play the foot.", P)
SETS_ONLY = Clause("hand_and_foot.meld.sets", "Melds are sets only, with at least three cards of the same rank to "
                   "start a meld, and at least as many naturals as wild cards in it. Red threes do not count toward "
                   "the meld.", M)
CANASTAS = Clause("hand_and_foot.meld.canastas", "A canasta is a meld of 7 cards, and it is then closed: a red "
                  "canasta is 7 natural cards, a black canasta 7 natural and wild cards mixed, a wild canasta 7 wild "
                  "cards (wild cards may start a meld of their own, three at least). Cards of a rank whose canasta "
                  "is closed start a new meld.", M)
BLACK_THREES = Clause("hand_and_foot.black-threes", "Black threes are never melded. In your foot with 6 or more black "
                      "threes you may use them all at once as a final discard only ('discard' and every black "
                      "three).", G)
NEED_CANASTAS = Clause("hand_and_foot.out.canastas", "The team must have completed at least one red, one black and "
                       "one wild canasta before a player can go out.", G)
SEVENS = Clause("hand_and_foot.out.sevens", "A canasta of 7s must be made before you can go out.", G,
                option="sevens_canasta", when=lambda o: o.sevens_canasta)
OUT = Clause("hand_and_foot.out", "A player goes out by using every card of their foot; no discard is necessary. "
             "Until the team may go out, a player in their foot keeps a card after discarding.", G)
STOCK_OUT = Clause("hand_and_foot.out.stock", "If the stock pile is out of cards the round is over: at once when a "
                   "draw takes its last cards, or at the end of the turn in which red threes used them up.", G)
SCORES = Clause("hand_and_foot.score.bonus", "For going out 100 points; each red three 100; each red canasta 500, "
                "each black canasta 300, each wild canasta 2000 (the Over).", S)
UNDER = Clause("hand_and_foot.score.under", "Then the card count of all the cards on the table, including those in "
               "completed canastas (the Under), less the count of the cards left in the hands and feet of the team's "
               "players. The red threes are not counted again.", S)
NO_MELD = Clause("hand_and_foot.score.no-meld", "If the team did not meld, its red threes on the table count against "
                 "it.", S)
NEXT_ROUND = Clause("hand_and_foot.round.next", "When a round has been scored, the next dealer deals ('deal').", S)

RULES = Rules([
    PLAYERS, DEAL, WILD, OBJECT, VALUES, MINIMUM,
    DRAW_TWO, rummy.FROM_HAND, rummy.DISCARD_ENDS_TURN, PICK_PILE, PAIR_AND_TOP, rummy.STOP_CARD, FREEZE, RED_THREES,
    FOOT, SETS_ONLY, CANASTAS,
    BLACK_THREES, NEED_CANASTAS, SEVENS, OUT, STOCK_OUT,
    SCORES, UNDER, NO_MELD, NEXT_ROUND,
])
TEXT_ONLY = (PLAYERS, DEAL, WILD, OBJECT, VALUES, FREEZE, RED_THREES, FOOT, CANASTAS)
"""Clauses the deal, the views and the count follow without citing them."""

SPEC = GameSpec(
    id="hand_and_foot", title="Hand and Foot Canasta", family="rummy", players=(2, 4, 6), default_players=4,
    options=HandAndFootOptions, rules=RULES, source="000",
    summary="Two teams meld sets toward red, black and wild canastas, playing a hand and then a foot, over four "
            "rounds of rising minimum melds. High score wins.",
    teams=teams,
    presets={"standard": {}, "sevens": {"sevens_canasta": True}},
    sections=(C, V, N, P, rummy.DISCARD_ENDS_TURN.section, M, G, S),
)
