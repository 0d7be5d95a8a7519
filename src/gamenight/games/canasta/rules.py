"""Canasta's options, rule clauses and spec (rulebook 001, classic partnership Canasta)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.seats import alternating_teams
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy

TEAMS = alternating_teams(4)
PLAY_ON = "play-on"
STOCK_ENDS = "stock-ends"


@dataclass(frozen=True)
class CanastaOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    target: int = option(5000, "Game: {value} points.", minimum=100, maximum=100_000)
    after_stock: str = option(PLAY_ON, "When the stock runs out: {value}.", choices=(PLAY_ON, STOCK_ENDS))
    ask_penalty: int = option(100, "Told 'yes' but not going out costs the side {value} points.", minimum=0,
                              maximum=1000)


C = "Players and cards"
D = "The deal"
M = "Melds"
P = "The play"
F = "The discard pile"
T = "Threes"
I = "Initial meld"  # noqa: E741 - the section's initial
G = "Going out"
S = "Scoring"
E = "End of the game"

PLAYERS = Clause("canasta.players", "Four players in fixed partnerships, partners sitting opposite each other.", C)
DECK = Clause("canasta.deck", "Two 52-card standard packs plus 4 jokers are shuffled together to make a 108-card "
              "pack.", C)
WILD_CARDS = Clause("canasta.wild", "All jokers and 2s are wild cards, which can be used to substitute for other "
                    "cards in melds; cards which are not wild are natural.", C)
OBJECT = Clause("canasta.object", "The object is to score points for melds: sets of cards of equal rank played face "
                "up on the table. One member of each side keeps the side's melds in front of them.", C)
FIRST_DEALER = Clause("canasta.deal.first", "The first dealer is chosen at random; thereafter the deal rotates "
                      "clockwise after each hand.", D)
DEAL = Clause("canasta.deal.cards", "Each player is dealt 11 cards; the rest are put face down as the stock. The top "
              "card is turned face up to start the discard pile: if it is wild or a three, another is turned up on "
              "top of it, until a card which is neither wild nor a three is turned up.", D)
NEXT_DEAL = Clause("canasta.deal.next", "When a hand has been scored, the next dealer deals ('deal').", D)
MELD = Clause("canasta.meld", "A meld is three or more cards of the same rank, of which at least two must be "
              "natural. Further wild and natural cards may be added to it later.", M)
WILDS_ALONE = Clause("canasta.meld.wilds", "Jokers and 2s can only be used as substitutes: you cannot have a meld of "
                     "wild cards alone, so a wild card by itself is laid on a meld ('lay', the card, 'on' and the "
                     "meld's number).", M)
WILD_LIMIT = Clause("canasta.meld.wild-limit", "A meld may never hold more than three wild cards, so a canasta always "
                    "holds at least four naturals (the book's canasta needs four; the usual rule keeps every meld "
                    "able to become one).", M)
ONE_MELD_A_RANK = Clause("canasta.meld.one-a-rank", "A side may not have two separate melds of the same rank: cards "
                         "melded of a rank the side has already melded are merged into that meld.", M)
CANASTA = Clause("canasta.meld.canasta", "A canasta is a meld of seven or more cards, including at least four "
                 "natural cards. A natural canasta has no wild card; a meld including wild cards is mixed, and "
                 "adding a wild card to a natural canasta makes it mixed. A canasta is squared up, closed, with a "
                 "red card on top for a natural one and a black card for a mixed one.", M)
TURN = Clause("canasta.turn", "The player to the left of the dealer plays first, then the turn rotates clockwise. A "
              "play is drawing the top card of the stock or taking the whole discard pile, melding (optional), and "
              "finally discarding one card face up on the discard pile.", P)
MELD_FROM_STOCK = Clause("canasta.turn.meld", "Having drawn, a player may meld from hand: new melds, or cards added "
                         "to the side's melds ('meld' and the cards, several melds joined by 'and'; 'lay' and the "
                         "cards 'on' a meld's number).", P)
STOPPED_BY = Clause("canasta.pile.stop", "A black three or a wild card on top of the discard pile stops it.", F)
TOP_CARD = Clause("canasta.pile.top", "When taking the pile, the top card must be used at once in a meld that is valid "
                  "without other cards from the pile (they may be added to it later). Put down the cards from hand "
                  "first ('take pile' and those cards), then the top card goes onto them, and only then does the "
                  "rest of the pile come into your hand.", F)
FIRST_MELD_PILE = Clause("canasta.pile.first-meld", "If it is the side's first meld of the hand, the player must play "
                         "from hand at least two natural cards matching the top card of the pile, and the meld must "
                         "reach the side's minimum.", F)
FROZEN = Clause("canasta.pile.frozen", "The discard pile is frozen while it holds a wild card or a red three (laid "
                "crosswise so it still shows).", F)
UNFROZEN = Clause("canasta.pile.unfrozen", "Once the side has melded and the pile is not frozen, it may be taken with "
                  "two cards from hand matching its top card, at least one of them natural, or when the top card "
                  "matches one of the side's melds ('take pile' alone lays it there).", F)
FROZEN_EXAMPLE = Clause("canasta.pile.example", "For example, if the player before me discards a seven I cannot take "
                        "the frozen pile unless I hold two more sevens; if I do, I add them and the discarded seven to "
                        "our meld of sevens and take the pile.", F)
RED_THREES = Clause("canasta.threes.red", "Red threes are bonus cards. A red three drawn or dealt is put face up at "
                    "once with the side's melds and replaced from the stock. A red three in the discard pile (turned "
                    "up at the deal and covered) goes face up to the side that takes the pile, without a "
                    "replacement. Red threes do not count toward the initial meld. A red three drawn as the last "
                    "card of the stock, with nothing to replace it, ends the play (the usual rule; the book is "
                    "silent).", T)
BLACK_THREES = Clause("canasta.threes.black", "Black threes cannot be melded, except that a player who is going out "
                      "may meld three or four black threes, without wild cards, as part of that last turn.", T)
MINIMUM = Clause("canasta.initial.minimum", "A side's first meld must be worth at least: 15 points (no minimum) with "
                 "a negative score, 50 with 0 to 1495, 90 with 1500 to 2995, and 120 with 3000 or more.", I)
CARD_VALUES = Clause("canasta.initial.values", "Card values: jokers 50; aces and 2s 20; K, Q, J, 10, 9, 8 10; 7, 6, "
                     "5, 4 and black threes 5.", I)
GO_OUT = Clause("canasta.out", "Once a player's side has a canasta, the player may go out by melding all their "
                "cards, or all but one and discarding the last. Without a canasta you must play so as to keep at "
                "least one card after discarding.", G)
ASK = Clause("canasta.out.ask", "Before drawing, a player may ask their partner \"may I go out?\" ('ask'). The "
             "partner must answer yes or no ('answer yes', 'answer no'), and the answer is binding: told no, you may "
             "not go out this turn.", G)
ASK_BINDING = Clause("canasta.out.ask-yes", "Told yes, you must go out this turn; a player told yes who ends the turn "
                     "without going out costs the side {ask_penalty} points (the book only says the answer binds).",
                     G, option="ask_penalty")
STOCK_OUT = Clause("canasta.out.stock", "Play can continue with no stock as long as each player takes the discard "
                   "pile, and then a player must take it if its top card matches a meld of their side. As soon as a "
                   "player entitled to draw from the empty stock chooses to ('draw stock'), the play ends.", G,
                   option="after_stock", when=lambda o: o.after_stock == PLAY_ON)
STOCK_ENDS_HAND = Clause("canasta.out.stock-ends", "When the last card of the stock has been drawn, that turn is the "
                         "last: the hand ends after its discard.", G, option="after_stock",
                         when=lambda o: o.after_stock == STOCK_ENDS)
OUT_BONUS = Clause("canasta.score.out", "The side of the player who went out scores 100, or 200 if the player went "
                   "out concealed: the whole hand melded in one turn, including a canasta, without having melded or "
                   "added to the partner's melds before.", S)
CANASTA_BONUS = Clause("canasta.score.canastas", "Each natural canasta scores 500, each mixed canasta 300.", S)
RED_THREE_BONUS = Clause("canasta.score.red-threes", "Each red three scores 100, all four 800, if the side made at "
                         "least one meld; a side that did not meld counts them minus 100 each (minus 800 for all "
                         "four).", S)
CARD_COUNT = Clause("canasta.score.cards", "To the bonuses add the value of every card the side melded, and subtract "
                    "the value of the cards left in both partners' hands.", S)
GAME_END = Clause("canasta.end", "The game ends when a side reaches {target} points at the end of a hand; the higher "
                  "score wins (the book is silent here: {target} is the usual game).", E, option="target")

TEXT_ONLY = (PLAYERS, DECK, WILD_CARDS, OBJECT, FIRST_DEALER, DEAL, CANASTA, ONE_MELD_A_RANK, STOPPED_BY, FROZEN,
             FROZEN_EXAMPLE,
             CARD_VALUES, rummy.MELD_MINIMUM)
"""Clauses the deal, the views and the card counts follow without citing them."""

RULES = Rules([
    PLAYERS, DECK, WILD_CARDS, OBJECT, FIRST_DEALER, DEAL, NEXT_DEAL,
    MELD, WILDS_ALONE, WILD_LIMIT, ONE_MELD_A_RANK, CANASTA,
    TURN, rummy.FROM_HAND, MELD_FROM_STOCK, rummy.DISCARD_ENDS_TURN,
    rummy.TAKE_PILE, rummy.STOP_CARD, STOPPED_BY, TOP_CARD, FIRST_MELD_PILE, rummy.FROZEN_PILE, FROZEN, UNFROZEN,
    FROZEN_EXAMPLE,
    RED_THREES, BLACK_THREES,
    rummy.MELD_MINIMUM, MINIMUM, CARD_VALUES,
    GO_OUT, ASK, ASK_BINDING, STOCK_OUT, STOCK_ENDS_HAND,
    OUT_BONUS, CANASTA_BONUS, RED_THREE_BONUS, CARD_COUNT, GAME_END,
])

SPEC = GameSpec(
    id="canasta", title="Canasta", family="rummy", players=(4,), default_players=4,
    options=CanastaOptions, rules=RULES, source="001",
    summary="Two partnerships meld sets of one rank with jokers and 2s wild, freeze and take the discard pile, "
            "and build canastas of seven. Game to 5000.",
    teams=lambda n: TEAMS,
    presets={"standard": {}, "stock_ends": {"after_stock": STOCK_ENDS}},
    sections=(C, D, M, P, rummy.DISCARD_ENDS_TURN.section, F, T, I, rummy.MELD_MINIMUM.section, G, S, E),
)
