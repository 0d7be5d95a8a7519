"""Arizona Rummy's options, rule clauses and spec (rulebook 000): eleven rounds from 3s to kings,
as many cards as the rank and that rank wild, a discard pile in front of each player, and the last
play after someone goes out."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy


@dataclass(frozen=True)
class ArizonaOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    decks: int = option(3, "Decks shuffled together: {value}.", choices=(3, 4))


C = "Players and cards"
R = "The rounds"
M = "Melds"
T = "The turn"
O = "Going out"  # noqa: E741 - the section's initial
S = "Scoring"

PLAYERS = Clause("arizona_rummy.players", "Any number of people can play, with {decks} decks of cards including the "
                 "jokers (the book says 3-4).", C, option="decks")
OBJECT = Clause("arizona_rummy.object", "Low score wins, after 11 rounds played, 3s to Kings.", C)
ROUNDS = Clause("arizona_rummy.rounds", "1st round deal 3 cards and 3s are wild, continue dealing all the way up to "
                "Kings in this fashion: Kings are 13 cards, Queens are 12 cards, Jacks are 11 cards, etc. Jokers are "
                "wild in every round.", R)
DEAL = Clause("arizona_rummy.deal", "The first dealer is chosen at random and the deal passes to the left; the player "
              "to the left of the dealer plays first. The cards not dealt are the centre pile, face down; no card is "
              "turned up.", R)
KINDS = Clause("arizona_rummy.melds.kinds", "Runs and sets are permitted: a set is three or more cards of one rank, a "
               "run three or more of one suit in sequence. Aces are high or low. A run is written in order, each wild "
               "card in the place of the card it stands for; a meld of one natural card and wild cards may grow into "
               "a set or a run.", M)
NATURAL = Clause("arizona_rummy.melds.natural", "You must have at least one natural card in each grouping.", M)
OWN = Clause("arizona_rummy.melds.own", "You may only play on your own cards ('lay' and the cards 'on' one of your "
             "melds).", M)
DISCARD_IN_FRONT = Clause("arizona_rummy.turn.discard", "Discard in front of you (not in one communal pile): your "
                          "turn ends when you put one card on your own discard pile ('discard' and the card).", T)
DRAW = Clause("arizona_rummy.turn.draw", "Begin your turn by picking from the centre pile ('draw stock') or the top "
              "card of any player's pile ('take discard' and the seat).", T)
STOCK_OUT = Clause("arizona_rummy.turn.stock-out", "When the centre pile runs out, the round ends once that turn's "
                   "discard is made: nobody went out, and every player counts back the cards in their hand (the book "
                   "does not say).", T)
OUT = Clause("arizona_rummy.out", "You must have a discard to go out; you may go out in the first round.", O)
LAST_PLAY = Clause("arizona_rummy.out.last-play", "Once you go out you place your discard face down on the pile and "
                   "give each player one card face down. Each player now has an opportunity to play as many cards as "
                   "they can in front of them, and says 'done' when finished.", O)
COUNT = Clause("arizona_rummy.score.count", "You count back any cards remaining in your hand: jokers 50 points, "
               "wilds 25, aces 20, K-10 10, 9-2 5.", S)
END = Clause("arizona_rummy.score.end", "After the 11th round, the lowest total wins.", S)

TEXT_ONLY = (PLAYERS, OBJECT, ROUNDS, DEAL)
"""Clauses the deal and the schedule follow without citing them."""

RULES = Rules([
    PLAYERS, OBJECT,
    ROUNDS, DEAL,
    KINDS, NATURAL, OWN,
    DRAW, rummy.FROM_HAND, DISCARD_IN_FRONT, STOCK_OUT,
    OUT, LAST_PLAY,
    COUNT, END,
])

SPEC = GameSpec(
    id="arizona_rummy", title="Arizona Rummy", family="rummy", players=(2, 3, 4, 5, 6, 7, 8), default_players=4,
    options=ArizonaOptions, rules=RULES, source="000",
    summary="Eleven rounds from 3s to kings, as many cards as the rank and that rank wild; discard in front of you, "
            "pick from anyone's pile, play only on your own melds. Low score wins.",
    presets={"standard": {}},
    sections=(C, R, M, T, O, S),
)
