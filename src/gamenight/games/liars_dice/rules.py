"""Liar's Dice's options, rule clauses and spec: the book's words first, then what the
book leaves open, each choice said in its clause."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option

DIRECTIONS = ("either", "left")


@dataclass(frozen=True)
class LiarsDiceOptions:
    bets: int = option(1, "Bets per player: {value}.", minimum=1, maximum=20)
    kickers: bool = option(True, "Claims name every die, kickers included: {value}.")
    straight_over_full_house: bool = option(False, "A straight ranks above a full house: {value}.")
    direction: str = option(
        "either", "Which way the box goes: {value} (either: the player starting a round chooses; left: always "
                  "left).", choices=DIRECTIONS)
    reroll_tray: bool = option(True, "Dice on the tray may be rolled again by a later holder: {value}.")
    must_roll: bool = option(False, "A player who believes must shake before passing the box on: {value}.")

E = "Players and equipment"
ST = "Starting a round"
P = "Passing the box"
B = "Believing"
C = "Calling"
H = "Hands"
W = "Losing and winning"

EQUIPMENT = Clause(
    "liars_dice.equipment", "Five poker dice, with faces 9, 10, J, Q, K and A, and a box with a lid and a tray. "
    "The dice are rolled in the bottom of the box under the lid; dice set up on the tray are face up for "
    "everyone to see. Two or more can play (2 to 8 here).", E)
GOAL = Clause(
    "liars_dice.goal", "Pass the box on with a claim the next player believes, and catch the player who passes "
    "you a false claim.", E)
FIRST = Clause(
    "liars_dice.start.first", "The first player is chosen at random (the book does not say how).", ST)
START = Clause(
    "liars_dice.start.shake", "To start, all the dice are placed in the bottom portion of the box. The first "
    "player shakes the closed box; once the shaking is stopped, they open the box and examine the roll. No one "
    "may reach in or touch the dice.", ST)
DIRECTION = Clause(
    "liars_dice.start.direction", "The player in possession of the box when the round begins can pass either "
    "left or right. The box keeps going that way for the rest of the round (the book does not say; it is how "
    "the game is played).", ST, option="direction", when=lambda o: o.direction == "either",
    players=lambda n: n > 2)
DIRECTION_LEFT = Clause(
    "liars_dice.start.left", "The box is always passed to the left.", ST, option="direction",
    when=lambda o: o.direction == "left", players=lambda n: n > 2)
CLAIM = Clause(
    "liars_dice.pass.claim", "The player holding the box passes it to the next player with a claim: the poker "
    "hand they say is in the box, for example two kings, two jacks and a ten. The claim may be true or false.",
    P)
EVERY_DIE = Clause(
    "liars_dice.pass.every-die", "A claim names every die, as in the book's example, two kings, two jacks and a "
    "ten (written two-pair K J 10). A pair names its other three dice, highest first (pair A K Q J); three of a "
    "kind its other two (three Q A 9); four of a kind the fifth die (four K 9).", P, option="kickers",
    when=lambda o: o.kickers)
HAND_ONLY = Clause(
    "liars_dice.pass.hand-only", "A claim names only the hand and the faces that make it (two-pair K J, pair A, "
    "full-house K 9, nothing); the other dice are not named and do not count.", P, option="kickers",
    when=lambda o: not o.kickers)
HIGHER = Clause(
    "liars_dice.pass.higher", "Each claim must be strictly higher than the claim the box was passed with "
    "before it in the round; the first claim of a round may be any hand.", P)
DECIDE = Clause(
    "liars_dice.receive.decide", "The next player has to decide if what the passer says is true or false: "
    "believe the claim and take the box, or call.", P)
TOP = Clause(
    "liars_dice.receive.top", "A player passed the highest claim there is cannot pass the box on with anything "
    "higher, so must call (the book is silent; there is nothing left to claim).", P)
LOOK = Clause(
    "liars_dice.believe.look", "A player who believes the claim takes the box and may open it and look at the "
    "dice, once.", B)
KEEP = Clause(
    "liars_dice.believe.keep", "Then they may place the dice they want to keep up on the tray, leave the other "
    "dice down, close the lid and shake the box, as in the book's example: place the two kings up on the tray, "
    "leave the other three dice down, close the lid and shake the box. At least one die stays down to be "
    "shaken; they may also shake without keeping any. After shaking they look at the roll.", B)
ONE_SHAKE = Clause(
    "liars_dice.believe.once", "The box is shaken once a turn: after shaking, the holder passes the box on.", B)
TRAY_BACK = Clause(
    "liars_dice.believe.tray-back", "Dice kept on the tray by an earlier player may be put back down in the "
    "box before shaking, to be rolled again.", B, option="reroll_tray", when=lambda o: o.reroll_tray)
TRAY_STAYS = Clause(
    "liars_dice.believe.tray-stays", "Dice set up on the tray stay there, face up, for the rest of the round; "
    "only the dice down in the box are shaken.", B, option="reroll_tray", when=lambda o: not o.reroll_tray)
MAY_PASS = Clause(
    "liars_dice.believe.may-pass", "Shaking is not required: the holder may pass the box on as it is (the "
    "book's example shakes, but does not say it must).", B, option="must_roll", when=lambda o: not o.must_roll)
MUST_SHAKE = Clause(
    "liars_dice.believe.must-shake", "A player who believes the claim must shake the box (keeping as many dice "
    "up on the tray as they like) before passing it on.", B, option="must_roll", when=lambda o: o.must_roll)
PASS_ON = Clause(
    "liars_dice.believe.pass-on", "Then they pass the box on to the next player, the same way round, with a "
    "claim higher than the one they believed.", B)
OPEN = Clause(
    "liars_dice.call.open", "A player who believes the claim is false calls the passer and opens the box. The "
    "dice on the tray count with the dice in the box.", C)
HONEST = Clause(
    "liars_dice.call.honest", "If the dice are at least as good as the claim (the two kings, two jacks and the "
    "ten are in the box, or better), the caller loses a bet.", C)
FALSE = Clause(
    "liars_dice.call.false", "If the dice are not as good as the claim, the passer loses a bet.", C)
RESTART = Clause(
    "liars_dice.call.restart", "The player who lost the bet starts the box again, and play continues. If that "
    "was their last bet, the next player still in to their left starts.", C)
RANKING = Clause(
    "liars_dice.hands.ranking", "Hands, high to low: five of a kind, four of a kind, full house, straight, "
    "three of a kind, two pair, one pair, nothing.", H, option="straight_over_full_house",
    when=lambda o: not o.straight_over_full_house)
RANKING_STRAIGHT = Clause(
    "liars_dice.hands.straight-high", "Hands, high to low: five of a kind, four of a kind, straight, full "
    "house, three of a kind, two pair, one pair, nothing.", H, option="straight_over_full_house",
    when=lambda o: o.straight_over_full_house)
STRAIGHTS = Clause(
    "liars_dice.hands.straights", "There are two straights: A K Q J 10 beats K Q J 10 9.", H)
TIES = Clause(
    "liars_dice.hands.ties", "Hands of the same kind are compared by the faces that make them, the bigger "
    "group first (a full house by its three, then its pair; two pair by the higher pair), then by the other "
    "dice from the highest down. Aces are high, nines low.", H, option="kickers", when=lambda o: o.kickers)
TIES_HAND_ONLY = Clause(
    "liars_dice.hands.ties-hand-only", "Hands of the same kind are compared by the faces that make them, the "
    "bigger group first (a full house by its three, then its pair; two pair by the higher pair). Aces are "
    "high, nines low.", H, option="kickers", when=lambda o: not o.kickers)
BETS = Clause(
    "liars_dice.end.bets", "Each player has one bet: a player who loses a bet is out, and the box passes them "
    "by.", W, option="bets", when=lambda o: o.bets == 1)
BETS_MANY = Clause(
    "liars_dice.end.bets-many", "Each player has {bets} bets to lose. A player who has lost them all is out, and "
    "the box passes them by.", W, option="bets", when=lambda o: o.bets > 1)
END = Clause(
    "liars_dice.end.last", "Play continues until each player but one has lost their bets (the book: \"until "
    "each player loses a bet\"); the last player left wins.", W)

RULES = Rules([
    EQUIPMENT, GOAL, FIRST, START, DIRECTION, DIRECTION_LEFT, CLAIM, EVERY_DIE, HAND_ONLY, HIGHER, DECIDE, TOP,
    LOOK, KEEP, ONE_SHAKE, TRAY_BACK, TRAY_STAYS, MAY_PASS, MUST_SHAKE, PASS_ON, OPEN, HONEST, FALSE, RESTART,
    RANKING, RANKING_STRAIGHT, STRAIGHTS, TIES, TIES_HAND_ONLY, BETS, BETS_MANY, END,
])
TEXT_ONLY = (EQUIPMENT, GOAL, FIRST, DIRECTION_LEFT, MAY_PASS, PASS_ON, RANKING, RANKING_STRAIGHT, STRAIGHTS, TIES,
             TIES_HAND_ONLY)
"""Clauses that describe; the code follows them (the ranking in ``hands``) but cites none."""

SPEC = GameSpec(
    id="liars_dice", title="Liar's Dice", family="dice", players=(2, 3, 4, 5, 6, 7, 8), default_players=4,
    options=LiarsDiceOptions, rules=RULES, source="001",
    summary="Pass the box of poker dice with a claim of the hand inside; the next player believes it and must "
            "claim higher, or calls and opens the box. Lose your bets and you are out.",
    presets={"standard": {}, "three-bets": {"bets": 3}, "hand-only": {"bets": 3, "kickers": False},
             "tray-stays": {"bets": 3, "reroll_tray": False, "must_roll": True}},
    sections=(E, ST, P, B, C, H, W),
)
