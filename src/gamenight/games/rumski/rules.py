"""Rumski's options, rule clauses, cards and spec (rulebook 002: the 70-card, five-colour deck)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.cards import RUMSKI_WILD, Card, rumski_deck
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy
from gamenight.families.melds import MeldRules

PRIOR_ROUND = "prior-round"
PRIOR_TURN = "prior-turn"
ONCE_A_ROUND = "once-a-round"
EACH_TURN = "each-turn"


@dataclass(frozen=True)
class RumskiOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    target: int = option(0, "Game: the first to {value} points (0: 100 for each player).", minimum=0,
                         maximum=100_000)
    two_player_rumski: str = option(PRIOR_ROUND, "Two players lay to the Community before RUMSKI in a "
                                    "{value}.", choices=(PRIOR_ROUND, PRIOR_TURN))
    introduce: str = option(ONCE_A_ROUND, "A set of your own comes before touching the Community's: {value}.",
                            choices=(ONCE_A_ROUND, EACH_TURN))


C = "Cards and the deal"
M = "Matched sets"
T = "The turn"
L = "Laying down"
E = "End of a player's turn"
W = "Wild cards"
R = "RUMSKI"
S = "Scoring"

DECK = Clause("rumski.deck", "The deck contains 70 cards, numbered 1 through 13 in five coloured suits (red, yellow, "
              "green, blue and purple: written 7R, 13P...), plus five wild cards (W) that can be played as any "
              "number or colour.", C)
DEAL = Clause("rumski.deal", "Players take turns as dealer, rotating clockwise. The cards are dealt clockwise, "
              "starting with the player to the dealer's left: 12 each in a two-player game, 10 each with three to "
              "six players. The rest are placed face down as the stock, and its top card is turned face up to start "
              "the discard pile.", C)
NEXT_DEAL = Clause("rumski.deal.next", "When a round is over, the next dealer deals ('deal').", C)
MATCHED_SETS = Clause("rumski.sets", "Players attempt to play all the cards in their hand by forming matched sets: "
                      "groups of three or more cards of the same number, or sequences of three or more cards of the "
                      "same coloured suit (1 is only low: a sequence never runs on from 13 to 1, the book being "
                      "silent).", M)
DRAW = Clause("rumski.draw", "Beginning with the player to the left of the dealer, each turn starts with a draw: "
              "the top card of the stock ('draw stock'), or from the discard pile either only its top card ('take "
              "discard') or all its cards ('take pile').", T)
LAY_DOWN = Clause("rumski.lay-down", "After drawing, the player may lay down any matched set to the Community "
                  "('meld') or add cards to the matched sets already there ('lay' and the cards 'on' a set's "
                  "number). The sets belong to nobody, and a player may add as many playable cards as possible "
                  "during their turn.", L)
INTRODUCE = Clause("rumski.introduce", "A player must first introduce a matched set from their own hand to the "
                   "Community before they may add to, or draw from, other sets; once done, it holds for the rest of "
                   "the round.", L, option="introduce", when=lambda o: o.introduce == ONCE_A_ROUND)
INTRODUCE_EACH_TURN = Clause("rumski.introduce.each-turn", "Each turn, a player must introduce a new matched set "
                             "from their own hand before adding to, or drawing from, the Community's sets.", L,
                             option="introduce", when=lambda o: o.introduce == EACH_TURN)
REARRANGE = Clause("rumski.rearrange", "Players may rearrange existing matched sets to complete new matched sets, "
                   "provided their turn ends with only legal matched sets in the Community: 'rearrange' and the "
                   "sets' numbers, then 'into' the sets they become, with cards from hand if wanted; each "
                   "rearrangement is laid out whole, so the Community is legal after every move.", L)
STAYS = Clause("rumski.stays", "Once a card is played to the Community it must remain in the Community; it cannot "
               "return to a player's hand or the discard pile.", L)
END_TURN = Clause("rumski.end-turn", "A player signifies the end of their turn either by discarding one card face up "
                  "on the discard pile ('discard') or by knocking to the next player ('knock'): a player is not "
                  "required to discard.", E)
DISCARD_MATCH = Clause("rumski.discard.match", "A discard must match either the colour or the number of the top "
                       "card of the discard pile (anything may go on a wild card).", E)
NEW_PILE = Clause("rumski.discard.new-pile", "A player who drew the entire discard pile at the beginning of their "
                  "turn begins a new pile with any card from their hand (so may anyone discarding on an empty "
                  "pile).", E)
WILD_SETS = Clause("rumski.wild.one-a-set", "Five wild cards are in play and can be used with any matched set; "
                   "however, only one wild card may be played in any given matched set.", W)
REPLACE_WILD = Clause("rumski.wild.replace", "Once they have introduced a set, players may replace a wild card in "
                      "the Community with the card it stands for from their hand ('swap' and that card 'on' the "
                      "set's number), taking the wild card up.", W)
WILD_KEPT = Clause("rumski.wild.kept", "Wild cards may only remain in a player's hand if received from the initial "
                   "deal or drawn from the stock: a wild card taken from the discard pile, or replaced out of a "
                   "Community set, must be played back into a matched set immediately, as the next move of the "
                   "turn, and may only be taken when it can be.", W)
WILD_FIRST = Clause("rumski.wild.first", "Wild cards should only ever be found in the discard pile as its first "
                    "card, turned up at the deal.", W)
RUMSKI = Clause("rumski.out", "When a player has played their entire hand (by discarding the last card, or by "
                "laying down their remaining cards without discarding) they win the round: RUMSKI!", R)
TWO_PLAYERS = Clause("rumski.out.two-players", "In a two-player game, players must lay to the Community at least "
                     "once in a prior round before RUMSKI in a subsequent round.", R, option="two_player_rumski",
                     when=lambda o: o.two_player_rumski == PRIOR_ROUND, players=lambda n: n == 2)
TWO_PLAYERS_TURN = Clause("rumski.out.two-players-turn", "In a two-player game, players must lay to the Community "
                          "in an earlier turn of the round before going out (reading the book's 'round' as a turn "
                          "round the table).", R, option="two_player_rumski",
                          when=lambda o: o.two_player_rumski == PRIOR_TURN, players=lambda n: n == 2)
REFRESH = Clause("rumski.stock.refresh", "If the last card of the stock has been drawn and no player has gone out, the "
                 "next player in turn may either take from the discard pile, or shuffle the discard pile and place it "
                 "face down to form a new stock, drawing its top card ('draw stock'). Play then proceeds as before.",
                 R)
EXHAUSTED = Clause("rumski.stock.exhausted", "When there are no cards left in the stock or the discard pile, players "
                   "play on without drawing; once no other plays are made (every player in turn knocks without "
                   "playing a card), no points are awarded and the round ends, the same dealer dealing again.", R)
POINTS = Clause("rumski.points", "At the end of a round, each player adds up the points in their hand, awarded to "
                "the winner of the round: cards numbered 1-9 5 points, 10-13 10 points, wild cards 25.", S)
TARGET = Clause("rumski.target", "The game goes to the first player whose overall score reaches the winning value: "
                "100 points for each player, as the book recommends (five players play to 500), unless the house "
                "sets its own, as low as 100 or as high as desired.", S, option="target")

TEXT_ONLY = (DECK, DEAL, WILD_FIRST, STAYS, NEW_PILE, REFRESH)
"""Clauses the deck, the deal, the draw and the discard follow without citing them."""

RULES = Rules([
    DECK, DEAL, NEXT_DEAL, MATCHED_SETS,
    DRAW, rummy.FROM_HAND,
    LAY_DOWN, INTRODUCE, INTRODUCE_EACH_TURN, REARRANGE, STAYS,
    END_TURN, DISCARD_MATCH, NEW_PILE,
    WILD_SETS, REPLACE_WILD, WILD_KEPT, rummy.NO_WILD_DISCARD, WILD_FIRST,
    RUMSKI, TWO_PLAYERS, TWO_PLAYERS_TURN, REFRESH, EXHAUSTED,
    POINTS, TARGET,
])

SPEC = GameSpec(
    id="rumski", title="Rumski", family="rummy", players=(2, 3, 4, 5, 6), default_players=4,
    options=RumskiOptions, rules=RULES, source="002",
    summary="A quick-thinking rummy with a 70-card, five-colour deck and five wilds: lay matched sets to a "
            "Community anyone may add to and rearrange, discard on colour or number, or knock. RUMSKI!",
    presets={"standard": {}, "prior_turn": {"two_player_rumski": PRIOR_TURN},
             "introduce_each_turn": {"introduce": EACH_TURN}},
    sections=(C, M, T, L, E, W, R, S),
)

DECK_CARDS: tuple[Card, ...] = tuple(rumski_deck())
WILD: frozenset[int] = frozenset({int(RUMSKI_WILD)})
TWO_PLAYER_HAND = 12
HAND_SIZE = 10
POINTS_PER_PLAYER = 100


def is_wild(c: int) -> bool:
    return c in WILD


def value(c: Card) -> int:
    """A card's points in hand at the end of a round."""
    return 25 if c in WILD else 5 if c & 15 <= 9 else 10


MELD_RULES = MeldRules(max_set_size=None, wild_faces=WILD, max_wilds_per_meld=1, value=value)
"""Sets of one number in any colours, sequences of one colour, one wild card a set."""
