"""Chicago's options, rule clauses and spec (rulebook 004)."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option
from gamenight.families import tricks

PROOF_CHOICES = ("best", "all")


@dataclass(frozen=True)
class ChicagoOptions:
    target: int = option(52, "Game to {value} points.", minimum=10)
    freeze_at: int = option(46, "Score that freezes a hand: {value} points.", minimum=1)
    last_trick: int = option(5, "Points for the last trick: {value}.", minimum=0)
    honest_claims: bool = option(
        False, "No bluffing in the showdowns (the referee checks each declaration): {value}.")
    proof: str = option("best", "Declarations that must be proven: {value} (best: the highest hand of each "
                        "showdown; all: every declaration).", choices=PROOF_CHOICES)


R = "Players and cards"
D = "Drawing"
V = "Showdowns"
L = "Trick play"
S = "Scoring and the end of the game"
PLAYERS = Clause("chicago.players", "Chicago is a game for two to four players: you form the best poker hand you can "
                 "over a few rounds of draw-poker play, then play the cards out as tricks, where only the last trick "
                 "matters. (It is not the Low Chicago rule sometimes added to Seven-Card Stud.)", R)
CUSTOM_ORIGIN = Clause("chicago.custom.origin", "Despite its name Chicago is Swedish, first popular in Östergötland "
                       "(background, not a rule).", R)
OBJECT = Clause("chicago.object", "The object is to be the first to score {target} points, by having the best poker "
                "hand and by capturing the last trick.", R, option="target")
DECK_RULE = Clause("chicago.deck", "A standard 52-card deck, in good condition (durable plastic cards are the book's "
                   "table custom), and something to keep score with: the app keeps the score sheet.", R)
DEAL = Clause("chicago.deal", "Shuffle and deal five cards to each player; the rest of the deck is the stock.", R)
DRAW = Clause("chicago.draw", "The player to the dealer's left goes first: they may discard any number of cards, from "
              "none to five, face down on a discard pile, and the dealer deals them as many new cards. Then the next "
              "player to the left, and so on round to the dealer.", D)
DRAW_EXPOSE = Clause("chicago.draw.expose", "If a player holding the highest hand of an earlier showdown wishes to "
                     "discard any of the cards that make that hand, they must first expose all five cards ('show') to "
                     "prove they held it. (A player whose declared hand is not there has nothing to show and may draw; "
                     "the declaration is then checked on the table after the tricks.)", D)
DRAW_SECOND = Clause("chicago.draw.second", "After the first showdown the players draw again in the same way, then a "
                     "second showdown is held; then they draw a third and last time, with no showdown after it.", D)
DRAW_RESHUFFLE = Clause("chicago.draw.reshuffle", "Whenever the stock is used up, the discard pile is shuffled at once "
                        "to form a new stock.", D)
DRAW_FROZEN = Clause("chicago.draw.frozen", "A player who starts a hand with {freeze_at} or more points may not "
                     "discard and draw: they play the hand with the cards they were dealt. Reaching it in the middle "
                     "of a hand counts only from the next hand.", D, option="freeze_at")
SHOWDOWN = Clause("chicago.showdown", "After everyone has drawn, the player to the dealer's left may declare that they "
                  "hold a poker hand of at least a pair, naming only its type, or pass. The next player to the left "
                  "may then declare a higher type, or pass, and so on round the table.", V)
SHOWDOWN_PASS = Clause("chicago.showdown.pass", "A player without a pair, or who does not wish to disclose their hand, "
                       "passes.", V)
SHOWDOWN_SAME = Clause("chicago.showdown.same", "A player who holds the same type as the best declared so far says so "
                       "('same'); the earlier player must then name the rank of the relevant cards ('rank 13' for "
                       "kings), and the other passes or names a higher rank. While they stay tied they go on naming "
                       "the next cards until one passes or the hands are shown to be equal.", V)
SHOWDOWN_VERBAL = Clause("chicago.showdown.verbal", "The showdown is conducted entirely by declarations: nobody shows "
                         "their hand.", V)
SHOWDOWN_BLUFF = Clause("chicago.showdown.bluff", "The referee does not check a declaration when it is made; it must "
                        "be proven later (see forfeit).", V, option="honest_claims", when=lambda o: not o.honest_claims)
SHOWDOWN_HONEST = Clause("chicago.showdown.honest", "Only declarations your hand can back up are accepted.",
                         V, option="honest_claims", when=lambda o: o.honest_claims)
SCORE_TABLE = Clause("chicago.score.table", "The player with the highest hand scores: royal flush 52, straight flush "
                     "8, four of a kind 7, full house 6, flush 5, straight 4, three of a kind 3, two pair 2, one pair "
                     "1.", S)
SCORE_TIE = Clause("chicago.score.tie", "If two players tie for the highest hand, nobody scores.", S)
PLAY_LEAD = Clause("chicago.play.lead", "After the third draw the player to the dealer's left leads to the first "
                   "trick; each player in turn plays a card.", L)
PLAY_TRICK = Clause("chicago.play.trick", "The highest card of the suit led wins the trick (aces high, no trumps); its "
                    "winner leads to the next one.", L)
PLAY_FACE_UP = Clause("chicago.play.face-up", "Cards played stay face up on the table in front of the player who "
                      "played them, so every hand can be seen at the end.", L)
SCORE_LAST_TRICK = Clause("chicago.score.last-trick", "The player who wins the fifth and last trick scores "
                          "{last_trick} points.", S, option="last_trick")
SCORE_FINAL_HAND = Clause("chicago.score.final-hand", "The player holding the highest poker hand at the end of the "
                          "hand scores for it by the same table (a tie scores nothing).", S)
DEAL_ROTATION = Clause("chicago.deal.rotation", "The cards are collected and the deal passes to the left for the next "
                       "hand.", S)
END = Clause("chicago.end", "Play continues until one or more players reach {target} points or more; the player with "
             "the highest score at the end of that hand wins.", S, option="target")
FORFEIT = Clause("chicago.forfeit", "A player who declared a hand that cannot be proven, because it is not there after "
                 "the tricks and they did not show it before discarding, forfeits the game: the game ends, that player "
                 "loses and the others are ranked by score.", S)
FORFEIT_BEST = Clause("chicago.forfeit.best", "Only the highest declaration of each showdown (of each tied player) "
                      "must be proven; a beaten declaration need not be (the book's proof rule speaks of the highest "
                      "hand).", S, option="proof", when=lambda o: o.proof == "best")
FORFEIT_ALL = Clause("chicago.forfeit.all", "Every declaration must be proven, beaten or not; a declarer who discards "
                     "cards of their declared hand must show it first.",
                     S, option="proof", when=lambda o: o.proof == "all")


RULES = Rules([
    PLAYERS, CUSTOM_ORIGIN, OBJECT, DECK_RULE, DEAL, tricks.FIRST_DEALER, DRAW, DRAW_EXPOSE, DRAW_SECOND,
    DRAW_RESHUFFLE, DRAW_FROZEN, SHOWDOWN, SHOWDOWN_PASS, SHOWDOWN_SAME, SHOWDOWN_VERBAL, SHOWDOWN_BLUFF,
    SHOWDOWN_HONEST, SCORE_TABLE, SCORE_TIE, PLAY_LEAD, PLAY_TRICK, PLAY_FACE_UP, SCORE_LAST_TRICK, SCORE_FINAL_HAND,
    DEAL_ROTATION, END, FORFEIT, FORFEIT_BEST, FORFEIT_ALL, tricks.FOLLOW_SUIT, tricks.PLAY_FROM_HAND,
])
TEXT_ONLY = (PLAYERS, CUSTOM_ORIGIN, OBJECT, DECK_RULE, DEAL, tricks.FIRST_DEALER, DRAW_SECOND, SHOWDOWN_PASS,
             SHOWDOWN_VERBAL, SHOWDOWN_BLUFF, PLAY_LEAD, PLAY_TRICK, PLAY_FACE_UP, DEAL_ROTATION, FORFEIT_BEST,
             FORFEIT_ALL)
"""Clauses the deal, the showdowns and the play follow without citing them."""

SPEC = GameSpec(
    id="chicago", title="Chicago", family="tricks", players=(2, 3, 4), default_players=4,
    options=ChicagoOptions, rules=RULES, source="004",
    summary="Draw poker with verbal showdowns, then five tricks where only the last one scores. First to 52.",
    presets={"standard": {}, "honest": {"honest_claims": True}, "prove_all": {"proof": "all"}},
    sections=(R, D, V, L, S),
)
