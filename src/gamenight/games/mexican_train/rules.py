"""Mexican Train's options, rule clauses, spec and the pure helpers the referee and the
bot share: hand sizes, each hand's engine, where a domino may go, and the hand's score."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamenight.core.tiles import Tile
from gamenight.engine.clauses import Clause, Rules
from gamenight.engine.game import GameSpec
from gamenight.engine.options import option

TOP = 12
"""A double-12 set: hands run from the 12-12 engine down to the 0-0."""
HANDS = TOP + 1
MEXICAN = "mexican"
"""How an action names the Mexican train: ``play 12-5 on mexican`` (a seat's train is its number)."""
DOUBLES_CHOICES = ("follow-up", "cover")
MARKER_CHOICES = ("any-play", "own-train")
DOUBLE_BLANK = Tile.of(0, 0)


@dataclass(frozen=True)
class MexicanTrainOptions:
    next_engine_held_out: bool = option(
        False, "The double for each hand is held out before the shuffle and placed in the centre after the "
               "players have drawn their hands; the player who went out on the preceding hand begins the "
               "play: {value}.")
    double_blank: int = option(
        0, "A player caught with the double blank counts it as {value} points.", choices=(0, 50))
    doubles: str = option(
        "follow-up", "After a double: {value} (follow-up: the book's rule, the player plays one more domino "
                     "anywhere they may play; cover: the next domino must go on the double, and everyone "
                     "must cover an uncovered double before playing anything else).", choices=DOUBLES_CHOICES)
    marker_removed: str = option(
        "any-play", "A train's marker comes off when its owner {value} (any-play: the book's rule, plays "
                    "anywhere on the board; own-train: plays on their own train).", choices=MARKER_CHOICES)


R = "Players and dominoes"
OBJ = "Object of the game"
H = "Starting a hand"
P = "Game play"
D = "Doubles"
S = "End of a hand and scoring"

SET = Clause("mexican_train.players.set", "One double-12 set of dominoes (91 tiles), for 2 to 8 players.", R)
HAND_SIZE = Clause(
    "mexican_train.players.hand", "2 to 4 players draw 15 dominoes each, 5 to 6 players 11 each, 7 to 8 "
    "players 8 each. The dominoes left over stay face down as the boneyard.", R)
GOAL = Clause("mexican_train.object.low", "The player with the lowest total score after all rounds is the "
              "winner (players tied for lowest share the win).", OBJ)
ROUNDS = Clause(
    "mexican_train.hand.rounds", "The game begins with the double 12 in the centre and each hand thereafter "
    "uses the next lowest double, down to the double blank: 13 hands. The first dealer is chosen at random "
    "and the deal passes to the left each hand.", H)
ENGINE = Clause(
    "mexican_train.hand.engine", "After the hands are drawn, the player holding the hand's double places it "
    "in the centre. If no one has it, each player in turn, starting to the left of the dealer, draws a "
    "domino from the boneyard; if no one has drawn it after that round of drawing, a second round of "
    "drawing occurs, and so on. Every player draws in each round, so the hands stay even.", H,
    option="next_engine_held_out", when=lambda o: not o.next_engine_held_out)
HELD_OUT = Clause(
    "mexican_train.hand.held-out", "To speed up the game, the double to begin the hand is held out before the "
    "dominoes are shuffled and is placed in the centre after the players have drawn their hands.", H,
    option="next_engine_held_out", when=lambda o: o.next_engine_held_out)
FIRST = Clause(
    "mexican_train.play.first", "The player who placed the double in the centre starts the play, continuing "
    "clockwise around the table.", P, option="next_engine_held_out", when=lambda o: not o.next_engine_held_out)
FIRST_HELD_OUT = Clause(
    "mexican_train.play.first-held-out", "The player who went out on the preceding hand begins the play, "
    "continuing clockwise around the table. In the first hand, and after a hand nobody went out of, the "
    "player to the left of the dealer begins.", P, option="next_engine_held_out",
    when=lambda o: o.next_engine_held_out)
PLAY_TURN = Clause(
    "mexican_train.play.turn", "On your turn you play one domino from your hand: on your own train, on the "
    "Mexican train, or on a marked train of another player. Play then passes to the left.", P)
OWN_TRAINS = Clause(
    "mexican_train.play.own-train", "Radiating from the centre double, each player has their own train. No "
    "other player may play on another player's train until that player has been unable to play and has "
    "placed a marker on their last played domino (or on their train's spot, if they have not yet played "
    "any dominoes).", P)
MATCH = Clause(
    "mexican_train.play.match", "A domino is played end to end: one of its ends must match the open end of "
    "the train, and its other end becomes the open end (12-5 on an open 5 leaves the 12 open). A player's "
    "train begins with the number on the centre double.", P)
MEXICAN_TRAIN = Clause(
    "mexican_train.play.mexican", "The separate Mexican train may be played on by any player. It must begin "
    "with the same number as is on the centre double (with the double 12 in the centre, it begins with a "
    "12). The first player may play on their own train or start the Mexican train; if they do not, any "
    "later player may begin it when their turn arrives. Players use it to \"slough off\" the dominoes that "
    "do not fit their own train.", P)
DRAW = Clause(
    "mexican_train.play.draw", "A player draws a domino from the boneyard only when they cannot play on "
    "their own train, the Mexican train or a marked train; a player who can play must play. If the drawn "
    "domino can be played, they play it.", P)
MARKER = Clause(
    "mexican_train.play.marker", "If they cannot play the drawn domino on the board, they place a marker on "
    "the last domino of their train and the turn passes. All players may then play on that train as their "
    "turn arrives.", P)
MARKER_OFF = Clause(
    "mexican_train.play.marker-off", "If the marked player can play anywhere on the board at their next "
    "turn, the marker is then removed and no other player may play on that train.", P,
    option="marker_removed", when=lambda o: o.marker_removed == "any-play")
MARKER_OFF_OWN = Clause(
    "mexican_train.play.marker-off-own", "The marker is removed only when the marked player plays on their "
    "own train; until then others may play on it.", P, option="marker_removed",
    when=lambda o: o.marker_removed == "own-train")
EMPTY_BONEYARD = Clause(
    "mexican_train.play.empty-boneyard", "When the boneyard is empty, a player who cannot play passes and "
    "places a marker on their train. (The book does not say; this is the usual rule.)", P)
LAST_DOMINO = Clause(
    "mexican_train.play.last-domino", "Any player who is down to one domino must give notice to the other "
    "players (the app gives it for them).", P)
FOLLOW_UP = Clause(
    "mexican_train.double.follow-up", "If a player plays a double during play, they must then play another "
    "domino somewhere on the board: their train, the Mexican train, or a marked train. If able, they may "
    "play doubles in more than one spot; even though two or more doubles have been played, only one "
    "additional domino must be placed. If a player cannot follow up the double with another domino, they "
    "draw, and if the drawn domino cannot be played either, they place a marker and the turn passes.", D,
    option="doubles", when=lambda o: o.doubles == "follow-up")
COVER = Clause(
    "mexican_train.double.cover", "A double must be covered: the domino played after a double goes on that "
    "double. A player who cannot cover their own double draws, and if the drawn domino does not cover it "
    "either, places a marker and the turn passes. While a double is uncovered, every following player must "
    "cover it before playing anything else, drawing and marking their train if they cannot.", D,
    option="doubles", when=lambda o: o.doubles == "cover")
OUT_ON_DOUBLE = Clause(
    "mexican_train.double.out", "EXCEPTION: A player may go out with a double without having to play another "
    "domino.", D)
OUT = Clause(
    "mexican_train.end.out", "When one player has played all their dominoes, the hand is over and the other "
    "players add up the total of their remaining dominoes (every pip on both ends) and give that total to "
    "the scorekeeper.", S)
BLOCKED = Clause(
    "mexican_train.end.blocked", "If the boneyard is empty and no one can play, the hand is over and every "
    "player scores the total of the dominoes left in their hand. (The book does not say; this is the usual "
    "rule.)", S)
BLANK_ZERO = Clause("mexican_train.end.double-blank", "The double blank counts 0.", S, option="double_blank",
                    when=lambda o: o.double_blank == 0)
BLANK_FIFTY = Clause("mexican_train.end.double-blank-50", "The double blank counts as 50 points if you get "
                     "caught with it.", S, option="double_blank", when=lambda o: o.double_blank == 50)

RULES = Rules([SET, HAND_SIZE, GOAL, ROUNDS, ENGINE, HELD_OUT, FIRST, FIRST_HELD_OUT, PLAY_TURN, OWN_TRAINS, MATCH,
               MEXICAN_TRAIN, DRAW, MARKER, MARKER_OFF, MARKER_OFF_OWN, EMPTY_BONEYARD, LAST_DOMINO, FOLLOW_UP,
               COVER, OUT_ON_DOUBLE, OUT, BLOCKED, BLANK_ZERO, BLANK_FIFTY])
TEXT_ONLY = (SET, HAND_SIZE, ENGINE, HELD_OUT, MARKER, MARKER_OFF, MARKER_OFF_OWN, LAST_DOMINO)
"""Clauses no move can break and no score cites: the engine does these by itself (the deal, placing the
engine, marking a train, the notice of a last domino), and the events say so in words."""

SPEC = GameSpec(
    id="mexican_train", title="Mexican Train (Dominoes)", family="dominoes", players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4, options=MexicanTrainOptions, rules=RULES, source="000",
    summary="Build your own train of dominoes out from the centre double, slough off on the Mexican train, "
            "and mind the markers. Thirteen hands from the double 12 down; lowest total wins.",
    presets={"standard": {}, "held-out": {"next_engine_held_out": True}, "cover-doubles": {"doubles": "cover"},
             "double-blank-50": {"double_blank": 50}},
    sections=(R, OBJ, H, P, D, S),
)


# --- pure helpers ---------------------------------------------------------------------------------------
def tiles_each(players: int) -> int:
    """The book's hand size for the number of players."""
    return 15 if players <= 4 else 11 if players <= 6 else 8


def engine_for(hand_no: int) -> Tile:
    """The centre double of hand ``hand_no`` (1: the 12-12, 13: the 0-0)."""
    n = TOP - (hand_no - 1)
    return Tile.of(n, n)


def fits(tile: Tile, open_end: int) -> bool:
    return tile.has(open_end)


def tile_points(tile: Tile, double_blank: int) -> int:
    return double_blank if tile == DOUBLE_BLANK else tile.pips


def hand_points(hand: Sequence[Tile], double_blank: int = 0) -> int:
    """What a hand left at the end counts: every pip, the double blank as the house says (book: 0)."""
    return sum(tile_points(t, double_blank) for t in hand)


def score_hand(hands: Sequence[Sequence[Tile]], out: int | None, double_blank: int = 0,
               out_on_double: bool = False) -> tuple[list[int], list[str]]:
    """One score-sheet row: each seat's count of the dominoes left in hand, with notes citing the rules.

    ``out`` is the seat that went out (None: the hand was blocked)."""
    points: list[int] = []
    notes: list[str] = []
    if out is None:
        notes.append(f"nobody went out: the boneyard is empty and no one can play [{BLOCKED.id}]")
    blank_rule = BLANK_FIFTY if double_blank == 50 else BLANK_ZERO
    for seat, hand in enumerate(hands):
        p = hand_points(hand, double_blank)
        points.append(p)
        if seat == out:
            how = ", the last domino a double" if out_on_double else ""
            cite = OUT_ON_DOUBLE if out_on_double else OUT
            notes.append(f"seat {seat} went out{how}: 0 [{cite.id}]")
            continue
        count = f"{len(hand)} domino{'es' if len(hand) != 1 else ''}"
        notes.append(f"seat {seat}: {count}, {p} [{(OUT if out is not None else BLOCKED).id}]")
        if DOUBLE_BLANK in hand:
            notes.append(f"seat {seat} is caught with the double blank: {double_blank} [{blank_rule.id}]")
    return points, notes
