"""Push's options, rule clauses and spec (rulebook 000): two partnerships, five deals with fixed
contracts, jokers and 2s wild, the push, and low score wins."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.seats import alternating_teams
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import rummy

TEAMS = alternating_teams(4)


@dataclass(frozen=True)
class PushOptions:
    """Each sentence names a setting; the clauses it switches say what the setting means."""

    one_suit_sets: bool = option(False, "Alternate Rule 1, sets of different suits only: {value}.")


C = "Players and cards"
D = "The five deals"
M = "Melds"
T = "The turn"
O = "Going out"  # noqa: E741 - the section's initial
S = "Scoring"

PLAYERS = Clause("push.players", "Four players in partnership, partners sitting opposite each other, play with two "
                 "decks of cards including the jokers.", C)
DEAL = Clause("push.deal", "The first dealer is chosen at random and the deal passes to the left; the player to the "
              "left of the dealer plays first. The cards not dealt are the stock, and its top card is turned up to "
              "start the discard pile.", C)
FIRST_UP = Clause("push.deal.first-up", "The first face-up card in the discard pile is not allowed to be a wild card: "
                  "the dealer must bury it in the stock and turn up a new card.", C)
OBJECT = Clause("push.object", "Low score wins.", C)
DEALS = Clause("push.deals", "1st deal: 6 cards dealt, 2 sets of three. 2nd deal: 7 cards, 1 set of 3 and 1 run of "
               "4. 3rd deal: 8 cards, 2 runs of 4. 4th deal: 9 cards, 3 sets of 3. 5th deal: 10 cards, 2 runs of 5.",
               D)
WILD = Clause("push.wild", "Jokers and twos are wild. Wild cards can be used for any number of cards in a set or run; "
              "every meld holds at least one natural card (the book never shows a meld of wild cards alone).", M)
KINDS = Clause("push.melds.kinds", "A set is cards of one rank, a run is cards of one suit in sequence. Ace can count "
               "as high or low but once melded, runs cannot be split up or joined together, only extended.", M)
ONE_SUIT = Clause("push.melds.one-suit", "Each set can only have one of each suit, so it holds four cards at most and "
                  "its wild cards stand for suits it lacks. This makes the game considerably harder.", M,
                  option="one_suit_sets", when=lambda o: o.one_suit_sets)
DECLARE = Clause("push.melds.declare", "If a meld includes wild cards, the player must specify whether it is meant to "
                 "be a set or a run and what the wild card represents; in the case of a set it is only necessary to "
                 "specify the rank of the set. A run is written in order, each wild card in the place of the card it "
                 "stands for ('meld 5H JK 7H': the joker is the 6H); one natural card with wild cards says 'set' or "
                 "'run' after its cards ('meld 7H JK 2C run'), unless the contract leaves no doubt. A wild card laid "
                 "alone on a run goes on top, or below when the run already ends with the ace.", M)
TURN = Clause("push.turn", "A turn consists of drawing, melding and discarding.", T)
TAKE = Clause("push.turn.take", "If you want the top card of the discard pile, take it and add it to your hand "
              "('take discard').", T)
PUSH = Clause("push.turn.push", "If you do not want the top card of the discard pile, take a face-down card off the "
              "top of the stock, put it on top of the card from the discard pile, and push these two cards to the "
              "opponent on your left ('push'). You then draw the next card from the stock and add it to your own "
              "hand.", T)
STOCK_OUT = Clause("push.turn.stock-out", "When the stock holds fewer than two cards at the start of a turn nobody can "
                   "push, and the deal ends without anyone going out: both teams count the cards left in their hands "
                   "(the book does not say).", T)
CONTRACT = Clause("push.turn.contract", "Your first meld of a deal is its contract, set down in one turn ('meld' "
                  "and its groups joined by 'and'); its sets and runs may be longer than asked. If your partner has "
                  "already melded, this does not entitle you to meld.", T)
AFTER = Clause("push.turn.after", "After melding you can, in the same or subsequent turns, put down any further melds "
               "you wish to, or add cards onto any melds that are already on the table ('lay' and the cards 'on' a "
               "meld's number).", T)
SWAP = Clause("push.turn.swap", "If you have in your hand the natural card that is represented by some wild card on "
              "the table, you can substitute the natural card from your hand for the wild card ('swap' and the card "
              "'on' the meld's number), once you have melded, as with any card you add to the table. The wild card "
              "you replace must be used immediately in a meld: your next move puts it on the table.", T)
OUT = Clause("push.out", "Play continues until one player gets rid of all their cards (goes out). It is possible to "
             "go out in the melding part of a turn, by melding all of your cards, or to meld all but one of your "
             "cards, and go out by discarding your last card.", O)
SCORE_OUT = Clause("push.score.out", "As soon as a player goes out, the hand is scored. The team of the player who "
                   "went out counts nothing for this hand (the cards belonging to the partner of the player who went "
                   "out do not count). The two opponents count the total value of cards remaining in their hands.", S)
VALUES = Clause("push.score.values", "Wild cards are 25 points, aces are 20, K Q J 10 are 10 points, 9-3 are 5 "
                "points.", S)
END = Clause("push.score.end", "After the fifth deal the team with the lower total wins.", S)

TEXT_ONLY = (PLAYERS, DEAL, OBJECT, DEALS, VALUES, AFTER)
"""Clauses the deal, the schedule, the card counts and the views follow without citing them."""

RULES = Rules([
    PLAYERS, DEAL, FIRST_UP, OBJECT,
    DEALS,
    WILD, KINDS, ONE_SUIT, DECLARE,
    TURN, TAKE, PUSH, STOCK_OUT, rummy.FROM_HAND, CONTRACT, AFTER, SWAP, rummy.DISCARD_ENDS_TURN,
    OUT,
    SCORE_OUT, VALUES, END,
])

SPEC = GameSpec(
    id="push", title="Push", family="rummy", players=(4,), default_players=4,
    options=PushOptions, rules=RULES, source="000",
    summary="Two partnerships meld five deals' contracts with jokers and 2s wild; a discard you do not want is "
            "pushed to the opponent on your left. Low score wins.",
    teams=lambda n: TEAMS,
    presets={"standard": {}, "one_suit_sets": {"one_suit_sets": True}},
    sections=(C, D, M, T, O, S),
)
