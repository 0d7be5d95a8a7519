"""Five Hundreds' options, rule clauses and spec (rulebook 000: "Five Hundreds", 500 Rum)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.cards import Card, standard_deck
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy
from gamenight.families.melds import MeldRules

HIGH_OR_LOW = "high-or-low"
LOW = "low"
HIGH = "high"
PLAY_ON = "play-on"
TURN_OVER = "turn-over"


@dataclass(frozen=True)
class FiveHundredsOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    target: int = option(500, "Game: {value} points.", minimum=50, maximum=100_000)
    aces: str = option(HIGH_OR_LOW, "Aces in runs: {value}.", choices=(HIGH_OR_LOW, LOW, HIGH))
    top_card_must_play: bool = option(False, "The top card of the line must be played when taken: {value}.")
    rummy_needs_meld: bool = option(True, "Calling Rummy needs a meld of your own on the table: {value}.")
    stock_out: str = option(PLAY_ON, "When the stock runs out: {value}.", choices=(PLAY_ON, TURN_OVER))


C = "Players and cards"
O = "Object of the game"  # noqa: E741 - the section's initial
T = "The turn"
M = "Melds and lay-offs"
L = "The discard line"
R = "Rummy"
G = "Going out"
S = "Scoring"

DECK = Clause("five_hundreds.deck", "One deck of cards without jokers; 2 to 4 people can play (the game is good "
              "for 2 or 3). There are no wild cards.", C)
DEAL = Clause("five_hundreds.deal", "The first dealer is chosen at random and the deal passes to the left after "
              "each hand. Seven cards are dealt to each player and one card is turned face up in front of the "
              "stock: the first card of the discard line.", C)
NEXT_DEAL = Clause("five_hundreds.deal.next", "When a hand has been scored, the next dealer deals ('deal').", C)
TARGET = Clause("five_hundreds.target", "The first player to reach {target} points wins; if several reach it in the "
                "same hand, the higher score wins (the book is silent on a tie at the top: another hand is "
                "played).", O, option="target")
ACES_EITHER = Clause("five_hundreds.aces", "Aces can be high or low: a run can be A-2-3 or Q-K-A, but never "
                     "K-A-2.", O, option="aces", when=lambda o: o.aces == HIGH_OR_LOW)
ACES_LOW = Clause("five_hundreds.aces.low", "Aces are low only: a run can be A-2-3 but not Q-K-A.", O,
                  option="aces", when=lambda o: o.aces == LOW)
ACES_HIGH = Clause("five_hundreds.aces.high", "Aces are high only: a run can be Q-K-A but not A-2-3.", O,
                   option="aces", when=lambda o: o.aces == HIGH)
TURN = Clause("five_hundreds.turn", "The player to the left of the dealer leads, and play goes clockwise. A turn "
              "consists of drawing (from the stock or the discard line), melding, and discarding.", T)
MELDS = Clause("five_hundreds.meld", "Cards are laid as sets (three or four cards of a rank) and runs (three or "
               "more cards of a suit in sequence); you may lay any number of them in a turn ('meld' and the "
               "cards, several melds joined by 'and').", M)
LAY_OFF = Clause("five_hundreds.lay-off", "Once you have melded a set or run of your own you can add onto any "
                 "player's melds, in the same turn you meld or later ('lay' and the cards 'on' a meld's number). "
                 "The cards you add stay in front of you so they count in your score.", M)
LINE = Clause("five_hundreds.line", "Discards are laid out in a stacked line so every discarded card can be "
              "seen.", L)
TOP_FREE = Clause("five_hundreds.line.top", "Taking only the top card of the line ('take discard') is a plain draw: "
                  "the card need not be played (the book's obligation is for digging deep).", L,
                  option="top_card_must_play", when=lambda o: not o.top_card_must_play)
TOP_MUST_PLAY = Clause("five_hundreds.line.top-played", "Even the top card of the line must be played at once when "
                       "taken: take it by digging to it ('dig' and the card with the cards it is played with).", L,
                       option="top_card_must_play", when=lambda o: o.top_card_must_play)
DIG_WITH_HAND = Clause("five_hundreds.line.dig", "You MUST be able to play the card you dig to, using at least one "
                       "card from your hand: it goes into a new meld or onto a meld on the table at once (cards "
                       "taken above it may help). Name the card, then the cards it is played with: 'dig 9S 8S "
                       "10S', 'dig 9H 10H on 2'.", L)
RUMMY = Clause("five_hundreds.rummy", "If another player discards a card that can be played out on the table, the "
               "first person to call RUMMY can pick up that card and play it with their cards ('rummy' and the "
               "card 'on' a meld's number, with any cards from hand it goes with); it does not count as a turn. "
               "The chance lasts until the next player draws, or anyone calls ('pass' lets it go by).", R)
RUMMY_AFTER_MELD = Clause("five_hundreds.rummy.melded", "Only a player with a meld of their own on the table may "
                          "call Rummy, as for any card added onto a meld (the book is silent).", R,
                          option="rummy_needs_meld", when=lambda o: o.rummy_needs_meld)
KEEP_DISCARDING = Clause("five_hundreds.out.keep-discarding", "If you have only playable cards in your hand but no "
                         "discard, keep discarding playable cards each turn (someone will likely call Rummy) until "
                         "you get a card you can discard to go out: you may not play yourself down to one playable "
                         "card.", G)
STOCK_PLAY_ON = Clause("five_hundreds.stock.play-on", "When the stock is empty, play goes on as long as the player "
                       "to draw takes from the discard line; if they draw from the empty stock ('draw stock') the "
                       "hand ends with nobody out (the book is silent).", G, option="stock_out",
                       when=lambda o: o.stock_out == PLAY_ON)
STOCK_TURN_OVER = Clause("five_hundreds.stock.turn-over", "When the stock is empty, the discard line but its top "
                         "card is turned over to make a new stock; if it has no card to spare, the hand ends with "
                         "nobody out.", G, option="stock_out", when=lambda o: o.stock_out == TURN_OVER)
COUNT = Clause("five_hundreds.score", "At the end of a hand each player counts the cards they have on the table "
               "(their melds and the cards they added onto others') and counts back the cards left in their hand: "
               "aces 25, K to 10 10, 9 to 2 5.", S)

TEXT_ONLY = (DECK, DEAL, LINE, ACES_EITHER, ACES_LOW, ACES_HIGH, TOP_FREE)
"""Clauses the deal, the meld rules by aces and the view follow without citing them."""

RULES = Rules([
    DECK, DEAL, NEXT_DEAL, TARGET, ACES_EITHER, ACES_LOW, ACES_HIGH,
    TURN, rummy.FROM_HAND, MELDS, LAY_OFF, rummy.DISCARD_ENDS_TURN,
    LINE, TOP_FREE, TOP_MUST_PLAY, rummy.DIG_DEEP, DIG_WITH_HAND,
    RUMMY, RUMMY_AFTER_MELD,
    rummy.GO_OUT_WITH_DISCARD, rummy.UNPLAYABLE_DISCARD, KEEP_DISCARDING, STOCK_PLAY_ON, STOCK_TURN_OVER,
    COUNT,
])

SPEC = GameSpec(
    id="five_hundreds", title="Five Hundreds", family="rummy", players=(2, 3, 4), default_players=3,
    options=FiveHundredsOptions, rules=RULES, source="000",
    summary="Meld sets and runs, dig deep into the spread discard line, add onto anyone's melds, call Rummy on a "
            "playable discard, and go out on an unplayable one. First to 500.",
    presets={"standard": {}, "top_card_played": {"top_card_must_play": True},
             "open_rummy": {"rummy_needs_meld": False}},
    sections=(C, O, T, M, L, R, G, S),
)

DECK_CARDS: tuple[Card, ...] = tuple(standard_deck())
HAND_SIZE = 7
VALUES = rummy.point_table({"A": 25, "K-10": 10, "9-2": 5})


def value(c: Card) -> int:
    return VALUES[c]


MELD_RULES = {aces: MeldRules(ace_low=aces != HIGH, ace_high=aces != LOW, max_set_size=4, value=value)
              for aces in (HIGH_OR_LOW, LOW, HIGH)}
"""The melds the table accepts, by the aces option."""
