"""Vazhushal's options, rule clauses, cards and spec (rulebook 004, the last game of the file)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gamenight.core.cards import JOKER, Card, standard_deck
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy
from gamenight.families.melds import MeldRules, is_meld


@dataclass(frozen=True)
class VazhushalOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    hand_joker: int = option(0, "A joker left in hand when the stock runs out counts {value}.", minimum=0,
                             maximum=50)


C = "Players and cards"
D = "The deal"
M = "Melds"
L = "The discard line"
O = "Going out"  # noqa: E741 - the section's initial
S = "The stock runs out"

PLAYERS = Clause("vazhushal.players", "Two to six players. The object is to be the first player to form their "
                 "entire hand into melds.", C)
DECK = Clause("vazhushal.deck", "Two players use one 52-card deck with its two jokers; three or more use two decks "
              "with two jokers each (108 cards in all).", C)
DEAL = Clause("vazhushal.deal", "The dealer shuffles and deals thirteen cards to each player, places the stub in the "
              "centre as the stock, and turns its top card face up beside it: the first card of the discard line. "
              "The bottom card of the stock is turned up as well and placed partly covered by the stock: the "
              "negative joker. It stays there all hand and is never drawn.", D)
REDEAL = Clause("vazhushal.redeal", "If anyone has been dealt three or more instances of both copies of the same "
                "card (for example 2♥-2♥-5♣-5♣-J♦-J♦), the hands are thrown in and the same dealer deals new hands "
                "(the app checks every hand; jokers, of which there are four, are not copies of a card).", D)
TURN = Clause("vazhushal.turn", "The player to the dealer's left goes first. A turn follows the normal draw-meld-"
              "discard flow: draw, from the stock ('draw stock') or from the discard line; meld any cards you are "
              "able and willing to; discard one card to the discard line.", D)
SEQUENCE = Clause("vazhushal.meld.sequence", "A sequence is three or more consecutively-ranked cards of the same "
                  "suit, like 5-6-7♦. Aces can be at either end of a sequence, but not in the middle (A-2-3 or "
                  "Q-K-A, but not K-A-2).", M)
SET = Clause("vazhushal.meld.set", "The other meld is three or four cards of the same rank. Two cards of the same "
             "rank and suit are not allowed in the same meld.", M)
WILDS = Clause("vazhushal.meld.wild", "Jokers are wild for the purposes of melding, and so are the cards of the "
               "negative joker's rank but the opposite colour (if the A♠ is the negative joker, the A♦ and A♥ are "
               "wild; a joker turned up as the negative joker makes no other card wild). A wild card used as its "
               "natural value, like a wild A♦ in a Q-K-A♦ meld, does not count as a wild card.", M)
NOT_TWICE = Clause("vazhushal.meld.not-twice", "A player cannot have two melds identical in suit and sequence at any "
                   "time.", M)
NOT_ONLY_WILD = Clause("vazhushal.meld.natural", "A meld cannot consist only of jokers: it must have at least one "
                       "natural card in it.", M)
FIRST_PURE = Clause("vazhushal.meld.first-pure", "A player's first meld of the hand must be a sequence of three or "
                    "more cards with no wild cards. Once this is done, a player may meld whatever they are able to "
                    "on their turn ('meld' and the cards, several melds joined by 'and').", M)
OWN_MELDS = Clause("vazhushal.meld.own", "Melds are placed face up in front of the player they belong to. A player "
                   "may add cards to their own melds ('lay' and the cards 'on' a meld's number) but cannot lay off "
                   "cards on their opponents' melds.", M)
REARRANGE = Clause("vazhushal.meld.rearrange", "A player can rearrange their previously-melded cards as much as they "
                   "like ('rearrange' and the melds' numbers 'into' the new melds, with cards from hand if wanted). "
                   "However, there must always be a sequence of three or more cards with no wilds, all the melds "
                   "must follow the rules above, and previously-melded cards cannot return to the hand.", M)
LINE = Clause("vazhushal.line", "Discards are not kept in a pile: they are spread out in a line, with each card "
              "clearly visible.", L)
DIG = Clause("vazhushal.line.draw", "Instead of drawing from the stock, a player may take as many consecutive cards "
             "from the discard line as they wish, starting from the most recently discarded ('dig' and the deepest "
             "card taken, then the cards it is melded with). The deepest card taken must immediately be used in a "
             "new meld, not one already on the table; that meld may use other cards taken from the line. The cards "
             "above it go into the player's hand and may be melded too.", L)
DIG_EXAMPLE = Clause("vazhushal.line.example", "For example, with the line 7♦-Q♦-3♥-9♠-10♠-K♦-10♦ (oldest to "
                     "newest) a player holding the 8♠ may take the 9♠ and 10♠ to meld 8-9-10♠ ('dig 9S 8S 10S'), "
                     "and takes the K♦-10♦ into their hand.", L)
DIG_INITIAL = Clause("vazhushal.line.initial", "A player who has not made their initial pure sequence may only draw "
                     "from the line if the card drawn lets them form that sequence at once. A player who already "
                     "holds a pure sequence may meld it first and then draw from the line, so long as the card drawn "
                     "can immediately be used in a meld (name both melds with the dig: 'dig 9S 8S 10S and 4H 5H "
                     "6H'); this is the only time a player melds before drawing.", L)
GO_OUT = Clause("vazhushal.out", "When a player is able to form all of their cards into melds except for one, which "
                "they then discard, they have gone out. That player wins the game.", O)
STOCK_OUT = Clause("vazhushal.stock", "If the stock is depleted before a player can go out, play stops at the end "
                   "of the turn in which the last card was drawn from the stock. Each player may then make any "
                   "additional melds from their hand ('done' when finished).", S)
COUNT = Clause("vazhushal.count", "Aces and face cards count ten points each and all other cards their pip value. "
               "Wild cards in melds count as the card they are substituting for (where one could stand for several, "
               "the one worth most); a joker left in hand counts {hand_joker}, a wild twin its own value. Each player "
               "counts their melds less the cards left in their hand, and the highest score wins.", S,
               option="hand_joker")

TEXT_ONLY = (PLAYERS, DECK, DEAL, REDEAL, WILDS, LINE, DIG_EXAMPLE)
"""Clauses the deal, the meld rules and the view follow without citing them."""

RULES = Rules([
    PLAYERS, DECK, DEAL, REDEAL, TURN,
    SEQUENCE, SET, WILDS, NOT_TWICE, NOT_ONLY_WILD, FIRST_PURE, OWN_MELDS, REARRANGE, rummy.FROM_HAND,
    LINE, DIG, DIG_EXAMPLE, DIG_INITIAL, rummy.DISCARD_ENDS_TURN,
    GO_OUT, rummy.GO_OUT_WITH_DISCARD, STOCK_OUT, COUNT,
])

SPEC = GameSpec(
    id="vazhushal", title="Vazhushal", family="rummy", players=(2, 3, 4, 5, 6), default_players=4,
    options=VazhushalOptions, rules=RULES, source="004",
    summary="Rummy from Chennai: the discards lie in a line and a player may 'wipe' up as many as they can use; "
            "a negative joker makes its opposite-colour twins wild; the first meld is a pure sequence.",
    presets={"standard": {}},
    sections=(C, D, rummy.FROM_HAND.section, M, L, O, S),
)

HAND_SIZE = 13
JOKERS: frozenset[int] = frozenset({int(JOKER)})


def deck_for(players: int) -> tuple[Card, ...]:
    return tuple(standard_deck(copies=1, jokers=2) if players == 2 else standard_deck(copies=2, jokers=2))


def twins(negative: Card) -> frozenset[int]:
    """The faces the negative joker makes wild: its rank in the opposite colour (none for a joker)."""
    if negative.is_joker:
        return frozenset()
    suits = (1, 2) if not negative.is_red else (0, 3)
    return frozenset(s * 16 + (negative & 15) for s in suits)


@cache
def meld_rules(negative: int) -> MeldRules:
    """The melds a hand accepts under negative joker ``negative`` (built once per face: the solver's
    tables are costly)."""
    return MeldRules(ace_low=True, ace_high=True, max_set_size=4, set_suits_distinct=True,
                     wild_faces=JOKERS | twins(Card(negative)), wilds_may_be_natural=True, value=points)


PURE = MeldRules(ace_low=True, ace_high=True, sets=False)
"""A pure sequence: a run with no wild card standing in (a wild card at its own value is natural)."""


def is_pure(cards: Sequence[Card]) -> bool:
    return is_meld(cards, PURE)


def points(c: Card) -> int:
    """A card's count: aces and faces 10, others their pips (a joker, standing for nothing, 0)."""
    r = c & 15
    return 0 if c.is_joker else 10 if r >= 10 else r


def rank_points(position: int) -> int:
    """The count of the card at a run position or a set's rank (1 and 14: an ace)."""
    return 10 if position in (1, 14) or position >= 10 else position


def must_redeal(hand: Sequence[Card]) -> bool:
    """Three or more cards held twice (both copies of a two-deck card; jokers do not count)."""
    twice = Counter(int(c) for c in hand if not c.is_joker)
    return sum(1 for n in twice.values() if n >= 2) >= 3


def meld_points(cards: Sequence[Card], rules: MeldRules) -> int:
    """What a meld counts, each wild card as the card it stands for (the reading worth most: a wild twin
    may also stand as itself)."""
    n = len(cards)
    wild = [i for i, c in enumerate(cards) if int(c) in rules.wild_faces and not c.is_joker]
    fixed = [c for c in cards if int(c) not in rules.wild_faces]
    best = 0
    for k in range(len(wild) + 1):
        for chosen in itertools.combinations(wild, k):
            naturals = fixed + [cards[i] for i in chosen]
            if not naturals:
                continue
            if len({c & 15 for c in naturals}) == 1 and n <= 4:
                best = max(best, n * rank_points(naturals[0] & 15))
            if len({c >> 4 for c in naturals}) == 1:
                best = max(best, _run_points(naturals, n))
    return best


def _run_points(naturals: Sequence[Card], n: int) -> int:
    """The best count of a run of ``n`` cards through ``naturals`` (one suit), wild cards filling the rest;
    an ace is low (positions 1-13) or high (2-14), never both."""
    best = 0
    for ace, low, high in ((1, 1, 13), (14, 2, 14)):
        pos = sorted(ace if c & 15 == 14 else c & 15 for c in naturals)
        if len(set(pos)) != len(pos):
            continue
        for start in range(max(low, pos[-1] - n + 1), min(pos[0], high - n + 1) + 1):
            best = max(best, sum(rank_points(p) for p in range(start, start + n)))
    return best
