"""Sticks' options (the sticks in the pot among them), cards, rule clauses and spec (rulebook 000)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from gamenight.core.cards import JOKER, Card, cards, standard_deck
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import OptionError, option
from gamenight.families import rummy
from gamenight.families.melds import MeldRules
from gamenight.families.rummy_contracts import Contract

END = "end"
RESHUFFLE = "reshuffle"
FREE = "free"
"""A free stick: it counts as soon as it is drawn."""
DEFAULT_STICKS = ("2 sets of 3; 1 set of 3 and 1 run of 3; 2 runs of 3; 3 sets of 3; 2 sets of 4; "
                  "1 set of 4 and 1 run of 4; 2 runs of 4; 1 run of 5 and 1 set of 3; 1 run of 7; free; free")
"""The pot's sticks, one of each for every player at the table: the book lists none, a house edits them."""
HAND_SIZE = 15
STICKS_TO_WIN = 7


def parse_sticks(text: str) -> list[str]:
    """The sticks of a pot written as contracts (or 'free') separated by ';', each in its own words
    (``2 sets of 3``, ``1 run of 4 and 1 set of 3``). Raises ValueError with what is wrong."""
    out = []
    for part in text.split(";"):
        words = " ".join(part.lower().split())
        if not words:
            continue
        if words == FREE:
            out.append(FREE)
            continue
        contract = Contract.parse(words)
        cards_needed = sum(p.length for p in contract.parts)
        if cards_needed > HAND_SIZE:
            raise ValueError(f"{words!r} needs {cards_needed} cards: a stick fits in a hand of {HAND_SIZE}")
        out.append(str(contract))
    if not any(s != FREE for s in out):
        raise ValueError("the pot needs at least one stick that is not free")
    return out


@dataclass(frozen=True)
class SticksOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    sticks: str = option(DEFAULT_STICKS, "Sticks in this house's pot: {value}.")
    decks: int = option(3, "Decks shuffled together: {value}.", minimum=3, maximum=4)
    new_melds: bool = option(False, "New sets and runs after the stick: {value}.")
    trade: bool = option(False, "Trading a stick in after holding it a hand: {value}.")
    no_playable_discard: bool = option(False, "Cards that play on the table may not be discarded: {value}.")
    empty_stock: str = option(END, "When the stock runs out: {value}.", choices=(END, RESHUFFLE))

    def __post_init__(self) -> None:
        try:
            parse_sticks(self.sticks)
        except ValueError as e:
            raise OptionError("sticks", f"{e} (write contracts like '2 sets of 3; 1 run of 4 and 1 set of 3; "
                                        "free', separated by ';')") from None


# --- cards ------------------------------------------------------------------------------------------
WILD: frozenset[int] = frozenset(int(c) for c in [JOKER, *cards("2C 2D 2H 2S")])
MELD_RULES = MeldRules(ace_low=True, ace_high=True, max_set_size=None, wild_faces=WILD)
SET_RULES = MeldRules(runs=False, max_set_size=None, wild_faces=WILD)


@functools.cache
def deck(decks: int) -> tuple[Card, ...]:
    """The cards of ``decks`` decks (built once: every deal shuffles a copy of the list)."""
    return tuple(standard_deck(copies=decks, jokers=2))


def is_wild(c: int) -> bool:
    return int(c) in WILD


# --- clauses ----------------------------------------------------------------------------------------
C = "Players and cards"
O = "Object of the game"  # noqa: E741 - the section's initial
B = "Basic game play"
D = "Details"
A = "Alternate rules"

PLAYERS = Clause("sticks.players", "Any number of people can play (the app seats 2 to 8).", C)
DECK = Clause("sticks.deck", "{decks} decks of cards shuffled together, jokers included (the book plays with 3 or "
              "4).", C, option="decks")
DEAL = Clause("sticks.deal", "Each player is dealt 15 cards and one card is turned up to start the discard pile (the "
              "book is silent on it). The first dealer is chosen at random and the deal passes to the left; the "
              "player to the dealer's left plays first.", C)
OBJECT = Clause("sticks.object", "The first person to collect 7 sticks is the winner: a stick is collected when it is "
                "turned face up, and the game ends at once.", O)
WILD_CARDS = Clause("sticks.wild", "2s and Jokers are wild.", B)
SETS = Clause("sticks.set", "A set is a minimum of three cards of the same face value.", B)
RUNS = Clause("sticks.run", "A run is a minimum of three cards of the same suit in chronological sequence; an ace is "
              "low or high, never both (the book does not say).", B)
STICK = Clause("sticks.stick", "Each player draws a stick from the pot and puts it face down in front of them: it "
               "names the melds its holder must lay down, seen only by its holder. The book lists no sticks, so "
               "this app ships a default pot, which a house edits in its rule set (the 'sticks' option): {sticks}, "
               "one of each for every player at the table; when the pot runs out it is filled again.", B,
               option="sticks")
PLAY_STICK = Clause("sticks.stick.play", "Once you meet the requirements of your stick you turn the stick face up and "
                    "play the cards in front of you ('meld' and its melds joined by 'and'). No extra cards beyond the "
                    "stick requirement can be played at this time.", B)
DEAL_AGAIN = Clause("sticks.deal.again", "The player tries to get rid of remaining cards in later turns. When one "
                    "player has played all of their cards the play stops and the cards are dealt again. Everyone "
                    "with their sticks still face down continues to leave them that way for the next hand.", B)
SWAP = Clause("sticks.swap", "Once you have played your stick you may replace wild cards from other players' SETS with "
              "natural cards in your hand ('swap' and the card 'on' the meld's number). You may not take wild cards "
              "from RUNS.", D)
LAY_ON = Clause("sticks.lay", "You are allowed to lay down cards that correspond with other players' cards on the "
                "table, whether they be runs or sets, once you have played your stick ('lay' and the cards 'on' a "
                "meld's number). You may add on directly to the cards in front of the other players.", D)
NO_NEW_MELDS = Clause("sticks.no-new-melds", "Beyond your stick you lay down no new melds: your other cards go onto "
                      "the melds on the table (the book names no other way).", D, option="new_melds",
                      when=lambda o: not o.new_melds)
NEW_MELDS = Clause("sticks.new-melds", "From the turn after your stick you may also lay down new sets and runs.", D,
                   option="new_melds", when=lambda o: o.new_melds)
FREE_STICK = Clause("sticks.free", "If you draw a free stick put it face up and draw another stick.", D)
FREE_SEVENTH = Clause("sticks.free.seventh", "If a \"free\" stick is drawn and will become that person's 7th stick it "
                      "does not count and another stick must be drawn (the free stick is set aside).", D)
NEW_STICKS = Clause("sticks.new", "New sticks for appropriate players are drawn at the beginning of each round.", D)
EMPTY_STOCK = Clause("sticks.stock.end", "When a player must draw from an empty stock, the play stops and the cards "
                     "are dealt again (the book is silent).", D, option="empty_stock",
                     when=lambda o: o.empty_stock == END)
RESHUFFLE_STOCK = Clause("sticks.stock.reshuffle", "When a player must draw from an empty stock, the discard pile but "
                         "its top card is shuffled to make a new stock; with nothing to shuffle the cards are dealt "
                         "again.", D, option="empty_stock", when=lambda o: o.empty_stock == RESHUFFLE)
TRADE = Clause("sticks.trade", "A stick can be traded in after you have held it for one hand and have viewed your "
               "cards for your next hand: on your first turn of that hand, before you draw ('trade'), it goes back "
               "to the pot and you draw another.", A, option="trade", when=lambda o: o.trade)
NO_PLAYABLE_DISCARD = Clause("sticks.discard.unplayable", "Any card that corresponds with those already laid down may "
                             "not be used as a discard once your stick is played: if you could add it onto cards "
                             "already on the table you may not discard it. This includes wild cards (unless every "
                             "card you hold could be added).", A, option="no_playable_discard",
                             when=lambda o: o.no_playable_discard)

TEXT_ONLY = (PLAYERS, DECK, DEAL, WILD_CARDS, NEW_STICKS, NEW_MELDS)
"""Clauses the deal and the views follow without citing them."""

RULES = Rules([
    PLAYERS, DECK, DEAL, OBJECT,
    WILD_CARDS, SETS, RUNS, STICK, rummy.DRAW, rummy.FROM_HAND, rummy.DISCARD_ENDS_TURN, rummy.GO_OUT_WITH_DISCARD,
    PLAY_STICK, DEAL_AGAIN,
    rummy.ONE_NATURAL, SWAP, rummy.MUST_PLAY, LAY_ON, NO_NEW_MELDS, NEW_MELDS, FREE_STICK, FREE_SEVENTH, NEW_STICKS,
    EMPTY_STOCK, RESHUFFLE_STOCK,
    TRADE, NO_PLAYABLE_DISCARD,
])

SPEC = GameSpec(
    id="sticks", title="Sticks", family="rummy", players=tuple(range(2, 9)), default_players=4,
    options=SticksOptions, rules=RULES, source="000",
    summary="Each player holds a secret contract, a stick; laying its sets and runs down turns it face up. "
            "Jokers and 2s are wild; the first to collect seven sticks wins. The pot of sticks is the house's to "
            "edit.",
    presets={"standard": {}, "new_melds": {"new_melds": True}, "trade": {"trade": True},
             "no_playable_discard": {"no_playable_discard": True}},
    sections=(C, O, B, rummy.DRAW.section, D, rummy.SETS_ONLY.section, rummy.GO_OUT_WITH_DISCARD.section, A),
)
