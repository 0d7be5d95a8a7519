"""Desert Rummy's options, rule clauses and spec (rulebook 000): eleven melds each player climbs
on their own, jokers and 2s wild, tame cards at least as many as wild ones."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy


@dataclass(frozen=True)
class DesertOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    decks: int = option(0, "Decks shuffled together: {value} (0: two for up to five players, three for more).",
                        choices=(0, 2, 3, 4))
    longer_melds: bool = option(False, "The melds laid for your meld may be longer than it asks: {value}.")


C = "Players and cards"
M = "The melds"
T = "The turn"
O = "Going out"  # noqa: E741 - the section's initial
E = "Scoring and the end"

PLAYERS = Clause("desert_rummy.players", "Any number of people can play: two decks of cards including the jokers "
                 "for up to five people, three decks for six or more (the book allows 3-4).", C, option="decks",
                 when=lambda o: o.decks == 0)
PLAYERS_DECKS = Clause("desert_rummy.players.decks", "{decks} decks of cards including the jokers are shuffled "
                       "together.", C, option="decks", when=lambda o: o.decks != 0)
DEAL = Clause("desert_rummy.deal", "The first dealer is chosen at random and the deal passes to the left. Deal 11 "
              "cards to each player and turn the next card up to start the discard pile; the rest is the stock. "
              "The player to the left of the dealer plays first.", C)
WILD = Clause("desert_rummy.wild", "Jokers and twos are wild.", C)
OBJECT = Clause("desert_rummy.object", "The first player to complete the 11th meld wins.", C)
ORDER = Clause("desert_rummy.melds.order", "The melds required to move to the next one, in order: 1 two sets of 3; "
               "2 two runs of 3; 3 one run of 4 and one set of 3; 4 two sets of 4; 5 one run of 5 and one set of 3; "
               "6 three sets of 3; 7 one run of 7; 8 two runs of 4 in the same suit; 9 one run of 6 and one set of "
               "3; 10 two sets of 5; 11 one run of 9.", M)
KINDS = Clause("desert_rummy.melds.kinds", "A set is cards of one rank; a run is cards of one suit in sequence. Ace "
               "can count as high or low (A-2-3 or Q-K-A), never both at once. A run is laid down in order, each "
               "wild card in the place of the card it stands for ('meld 5H JK 7H': the joker is the 6H).", M)
TAME = Clause("desert_rummy.melds.tame", "You must have at least an equal amount of tame (natural) cards to wilds, "
              "in every meld.", M)
TURN = Clause("desert_rummy.turn", "Play consists of draw, play and discard in the centre pile: draw the top card of "
              "the stock or take the top card of the discard pile, play, then discard one card.", T)
MAKE_MELD = Clause("desert_rummy.turn.meld", "When you are able to make your meld you may set those cards down, all "
                   "in one turn ('meld' and its groups joined by 'and'). Until you have made it, no other card of "
                   "yours goes on the table that hand.", T)
NO_EXTRA = Clause("desert_rummy.turn.no-extra", "You can not lay down any extra cards in the turn that you meld: "
                  "its sets and runs hold exactly the cards asked (a set of 3 is three cards), and nothing else "
                  "goes down until your next turn.", T, option="longer_melds", when=lambda o: not o.longer_melds)
LONGER = Clause("desert_rummy.turn.longer", "You can not lay down any extra cards in the turn that you meld, but "
                "its sets and runs may be longer than asked (a set of 4 answers a set of 3).", T,
                option="longer_melds", when=lambda o: o.longer_melds)
AFTER = Clause("desert_rummy.turn.after", "In the turns after your meld you may lay down further sets and runs and "
               "add cards onto your own melds ('lay' and the cards 'on' a meld's number). The book lets a wild card "
               "won by a swap go into 'a set/run you are making', so new melds are allowed.", T)
OWN = Clause("desert_rummy.turn.own", "You can only add additional cards onto your own melds (not the other "
             "players').", T)
SWAP = Clause("desert_rummy.turn.swap", "If you have in your hand the natural card that a wild card stands for in a "
              "run on the table (a run only, not a set), you can substitute it for the wild card ('swap' and the "
              "card 'on' the run's number), and then use the wild card in a set or run you are making or on one of "
              "your melds. The wild card must be used immediately and can not be put in your hand. This can only "
              "be done after you have melded.", T)
STOCK_OUT = Clause("desert_rummy.turn.stock-out", "When the stock runs out, the discard pile but its top card is "
                   "shuffled to make a new stock (the book does not say).", T)
GO_OUT = Clause("desert_rummy.out", "Play continues until a player that has melded goes out by discarding their last "
                "card. A new hand then begins, dealt by the next player to the left. There are no points to count.",
                O)
REPLAY = Clause("desert_rummy.out.replay", "If you don't make your meld you have to replay it in the next hand. Each "
                "player could be on a different meld at any given time.", O)
SCORE = Clause("desert_rummy.score", "Score keeping only consists of tracking who has melded on each hand (a 1 on "
               "the score sheet).", E)
END = Clause("desert_rummy.end", "Play continues until the first player completes their 11th meld, who wins at "
             "once.", E)

TEXT_ONLY = (PLAYERS, PLAYERS_DECKS, DEAL, WILD, OBJECT, ORDER, AFTER)
"""Clauses the deal, the contract list and the views follow without citing them."""

RULES = Rules([
    PLAYERS, PLAYERS_DECKS, DEAL, WILD, OBJECT,
    ORDER, KINDS, TAME,
    TURN, rummy.DRAW, rummy.FROM_HAND, MAKE_MELD, NO_EXTRA, LONGER, AFTER, OWN, SWAP, STOCK_OUT,
    rummy.DISCARD_ENDS_TURN,
    GO_OUT, rummy.GO_OUT_WITH_DISCARD, REPLAY,
    SCORE, END,
])

SPEC = GameSpec(
    id="desert_rummy", title="Desert Rummy", family="rummy", players=(2, 3, 4, 5, 6, 7, 8), default_players=4,
    options=DesertOptions, rules=RULES, source="000",
    summary="Each player climbs eleven melds of sets and runs on their own, jokers and 2s wild. First to lay "
            "down the 11th meld wins.",
    presets={"standard": {}, "longer_melds": {"longer_melds": True}},
    sections=(C, M, T, O, E),
)
