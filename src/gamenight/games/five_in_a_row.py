"""5 in a Row (rulebook 000), the card-board game sold as "Sequence": play a card from
your hand and put a disc of your side's colour on a square of the 10×10 board that shows
the same card. Two-eyed jacks (J♦ J♣) place anywhere open, one-eyed jacks (J♠ J♥) take an
opponent's disc off; a card whose two squares are both taken is dead and may be turned
in. Five discs in a line (free corners count for everyone) make a row, which is locked;
the first side to make three rows wins. Two players, or four in two teams of partners
sitting opposite."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from gamenight.core.boards import FIVE_IN_A_ROW_BOARD, Square
from gamenight.core.cards import JACK, Card, cards, shuffled, standard_deck
from gamenight.core.chips import Token
from gamenight.core.seats import alternating_teams, left_of
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN, Clause, IllegalAction, Rules
from gamenight.engine.events import emit, private
from gamenight.engine.game import Game, GameSpec, Result, State, Teams, ranked
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.options import option
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, per_seat

BOARD = FIVE_IN_A_ROW_BOARD
SIZE = 10
SQUARES: tuple[Square, ...] = tuple(BOARD.squares())
CORNERS = frozenset(sq for sq in SQUARES if BOARD.is_free(sq))
CARD_SQUARES: tuple[Square, ...] = tuple(sq for sq in SQUARES if sq not in CORNERS)
DECK: tuple[Card, ...] = tuple(standard_deck(copies=2))
COLOURS = ("blue", "green")
"""The discs of the side of the first seat (and its partner), then of the other side."""
DISCS_PER_SIDE = len(CARD_SQUARES)
"""Enough discs for a side to cover every card square, so a side never runs out."""
TWO_EYED = frozenset(cards("JD JC"))
"""Wild: a disc on any open square."""
ONE_EYED = frozenset(cards("JS JH"))
"""A disc of the other side's taken off."""
PUBLISHED_HAND = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4}
"""Cards dealt by number of players in the published rules (DATA.md)."""


@dataclass(frozen=True)
class FiveInARowOptions:
    rows_to_win: int = option(
        3, "Rows needed to win: {value} (the book: 3; the common published rule: 2 for two sides).",
        minimum=1, maximum=5)
    cards_dealt: int = option(
        5, "Cards dealt to each player: {value} (the book: 5; 0: the published table, 7 for two players and 6 "
           "for four).", minimum=0, maximum=10)
    dead_cards_per_turn: int = option(
        1, "Dead cards a player may turn in each turn: {value} (0: as many as they hold).", minimum=0, maximum=7)
    rows_share_in_line: bool = option(
        False, "A row may share its end disc with a row running the same way, so a line of nine discs makes two "
               "rows: {value}.")


R = "Players and cards"
O = "Object of the game"  # noqa: E741
P = "Game play"
E = "End of the game"

# --- Players and cards ---
DECKS = Clause("five_in_a_row.cards.decks", "Two decks of cards are shuffled together, without jokers.", R)
PLAYERS = Clause("five_in_a_row.cards.players", "2 or 4 people can play; with four players, opposites are "
                 "partners and play as one side.", R)
BOARD_LAYOUT = Clause("five_in_a_row.cards.board", "The board shows every card but the jacks twice, 96 squares in "
                      "ten rows of ten, with a free square in each corner (the layout sold as \"Sequence\"). "
                      "There are no jacks on the board.", R)
DEAL = Clause("five_in_a_row.cards.deal", "Each player is dealt {cards_dealt} cards.", R,
              option="cards_dealt", when=lambda o: o.cards_dealt > 0)
DEAL_PUBLISHED = Clause("five_in_a_row.cards.deal-published", "Cards are dealt by the published table: 7 to "
                        "each of two players, 6 to each of four.", R, option="cards_dealt",
                        when=lambda o: o.cards_dealt == 0)
FIRST = Clause("five_in_a_row.cards.first", "The dealer is chosen at random; the player to the left of the "
               "dealer plays first and play goes clockwise.", R)
# --- Object of the game ---
GOAL = Clause("five_in_a_row.object.rows", "To get {rows_to_win} rows of five discs. They may be in any "
              "direction (across, down or diagonal) as long as they are all in a row. The first side to "
              "complete them wins.", O)
SHARE = Clause("five_in_a_row.object.share", "One disc may be part of another row if the rows cross each other; "
               "two rows of a side never share more than one disc, and rows running the same way share none.",
               O, option="rows_share_in_line", when=lambda o: not o.rows_share_in_line)
SHARE_IN_LINE = Clause("five_in_a_row.object.share-in-line", "One disc of a row may be part of another row, "
                       "whether the second row crosses it or carries on along the same line (nine discs in a "
                       "line make two rows); two rows of a side never share more than one disc.", O,
                       option="rows_share_in_line", when=lambda o: o.rows_share_in_line)
FREE_CORNERS = Clause("five_in_a_row.object.corners", "The four free corners count as a disc of every side's "
                      "colour; nobody puts a disc on them.", O)
LONG_LINE = Clause("five_in_a_row.object.long-line", "When a disc makes a line longer than five, the row marked "
                   "is the five that share fewest discs with the side's earlier rows, then the first in "
                   "reading order (the book does not say).", O)
# --- Game play ---
COLOUR = Clause("five_in_a_row.play.colour", "Players choose the colour of their discs: here the first seat's "
                "side plays blue and the other side green.", P)
PLAY = Clause("five_in_a_row.play.card", "On your turn place a card from your hand face up on the table and "
              "place a disc on an open square of the board showing the same card.", P)
DRAW = Clause("five_in_a_row.play.draw", "Then draw a card from the pile.", P)
FORGOT = Clause("five_in_a_row.play.forgot", "If you forget to draw a card you miss your next turn to play and "
                "only get to draw a card (the app draws for you, so this never comes up).", P)
ONE_EYED_JACK = Clause("five_in_a_row.play.one-eyed", "If you have a one-eyed jack (J♠ or J♥) you may take one "
                       "of the opposition's discs off the board.", P)
TWO_EYED_JACK = Clause("five_in_a_row.play.two-eyed", "If you have a two-eyed jack (J♦ or J♣) you may place "
                       "one of your discs on any unoccupied square of the board when it is your turn to play.", P)
DEAD = Clause("five_in_a_row.play.dead", "When it is your turn to play, if you have a card in your hand for "
              "which both squares are occupied, you may discard it and replace it with a card from the deck, "
              "then play as usual.", P)
DEAD_LIMIT = Clause("five_in_a_row.play.dead-limit", "Dead cards turned in each turn: at most "
                    "{dead_cards_per_turn} (the book does not say how many; the published game allows one).", P,
                    option="dead_cards_per_turn", when=lambda o: o.dead_cards_per_turn > 0)
DEAD_ANY = Clause("five_in_a_row.play.dead-any", "You may turn in every dead card you hold, one at a time, "
                  "before you play.", P, option="dead_cards_per_turn", when=lambda o: o.dead_cards_per_turn == 0)
PASS = Clause("five_in_a_row.play.pass", "A player who can neither play a card nor turn in a dead card passes "
              "(the book does not say).", P)
RESHUFFLE = Clause("five_in_a_row.play.reshuffle", "If the draw pile is finished before the end of the game the "
                   "discard pile is shuffled and becomes the draw pile; the card just played stays face up to start "
                   "the new discard pile.", P)
CALL = Clause("five_in_a_row.play.call", "When a line of five is completed say \"5 in a row\" and place a double "
              "disc on the discs so that they are easily recognised (the app marks the row).", P)
LOCKED = Clause("five_in_a_row.play.locked", "Once a row of five discs is completed no player may remove a disc "
                "from it.", P)
# --- End ---
BLOCKED = Clause("five_in_a_row.end.blocked", "If every square is covered and every player in turn has to pass, the "
                 "game is blocked and ends: the side with more rows wins, and equal rows is a draw (the book does "
                 "not say).", E)

RULES = Rules([DECKS, PLAYERS, BOARD_LAYOUT, DEAL, DEAL_PUBLISHED, FIRST,
               GOAL, SHARE, SHARE_IN_LINE, FREE_CORNERS, LONG_LINE,
               COLOUR, PLAY, DRAW, FORGOT, ONE_EYED_JACK, TWO_EYED_JACK, DEAD, DEAD_LIMIT, DEAD_ANY, PASS,
               RESHUFFLE, CALL, LOCKED,
               BLOCKED])
TEXT_ONLY = (DECKS, PLAYERS, BOARD_LAYOUT, DEAL, FIRST, LONG_LINE, COLOUR, DRAW, FORGOT, DEAD_ANY, RESHUFFLE)
"""Clauses that describe the game or what the app does for the players (dealing, drawing,
reshuffling), so nothing is ever refused under them; every other clause is cited below."""


def teams_for(players: int) -> Teams | None:
    return alternating_teams(players) if players == 4 else None


SPEC = GameSpec(
    id="five_in_a_row", title="5 in a Row", family="boards", players=(2, 4), default_players=2,
    options=FiveInARowOptions, rules=RULES, source="000",
    summary="Play a card, cover its square on the card board; jacks are wild or take a disc away. "
            "First side with three rows of five wins.",
    presets={"standard": {}, "published": {"rows_to_win": 2, "cards_dealt": 0, "rows_share_in_line": True},
             "one-row": {"rows_to_win": 1}},
    teams=teams_for, sections=(R, O, P, E),
)


class Phase(StrEnum):
    PLAY = "play"
    OVER = "over"


class Disc(NamedTuple):
    """A disc on the board: the chip, its side and the seat that placed it."""

    chip: Token
    side: int
    seat: int


class Row(NamedTuple):
    """A completed row: the side that made it and its five squares in line order."""

    side: int
    squares: tuple[Square, ...]


@dataclass
class FiveInARowState(State):
    """One game: hands, draw and discard piles, the discs on the board and the rows made."""

    phase: Phase = Phase.PLAY
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    board: dict[Square, Disc] = field(default_factory=dict)
    box: list[list[Token]] = field(default_factory=list)
    """Each side's discs not on the board, lowest number first."""
    rows: list[Row] = field(default_factory=list)
    turn: int = 0
    turned_in: int = 0
    """Dead cards the player to act has turned in this turn."""
    passes: int = 0
    """Players in a row who have passed."""


# --- the board: pure helpers -------------------------------------------------------------------------
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def _lines() -> tuple[tuple[Square, ...], ...]:
    out = []
    for dr, dc in DIRECTIONS:
        for r in range(SIZE):
            for c in range(SIZE):
                end_r, end_c = r + 4 * dr, c + 4 * dc
                if 0 <= end_r < SIZE and 0 <= end_c < SIZE:
                    out.append(tuple(Square.at(r + i * dr, c + i * dc) for i in range(5)))
    return tuple(out)


LINES = _lines()
"""Every five squares in a line on the board (across, down, both diagonals): 192."""
LINES_THROUGH: Mapping[Square, tuple[tuple[Square, ...], ...]] = {
    sq: tuple(line for line in LINES if sq in line) for sq in SQUARES}


def side_of(seat: int) -> int:
    """Seats alternate sides, so partners (0 and 2, 1 and 3) sit opposite."""
    return seat % 2


def colour_of(seat: int) -> str:
    return COLOURS[side_of(seat)]


def is_jack(card: Card) -> bool:
    return card.rank == JACK


def squares_of(card: Card) -> list[Square]:
    """The two squares showing ``card`` (none for a jack)."""
    return BOARD.squares_of(card)


def is_dead(card: Card, board: Mapping[Square, Any]) -> bool:
    """Both of the card's squares are occupied (a jack is never dead)."""
    spots = squares_of(card)
    return bool(spots) and all(sq in board for sq in spots)


def direction(line: Sequence[Square]) -> tuple[int, int]:
    return line[1].row - line[0].row, line[1].col - line[0].col


def may_share(new: Sequence[Square], old: Sequence[Square], in_line: bool) -> bool:
    """May a new row of a side lie over ``old``, an earlier row of the same side?"""
    shared = len(set(new) & set(old))
    return shared == 0 or (shared == 1 and (in_line or direction(new) != direction(old)))


def new_rows(owner: Mapping[Square, int], side: int, square: Square, rows: Sequence[Row],
             in_line: bool) -> list[tuple[Square, ...]]:
    """The rows ``side`` completes with its disc on ``square``: lines of five through it
    held by the side (free corners count for everyone) that share at most one disc with
    each earlier row of the side (and only a crossing one, unless ``in_line``). Along one
    line a disc completes one row, or two sharing it when ``in_line`` allows; of several
    choices the five sharing fewest discs with earlier rows, then the first, are marked."""
    earlier = [r.squares for r in rows if r.side == side]
    taken = {sq for r in earlier for sq in r}
    found: list[tuple[Square, ...]] = []
    for d in DIRECTIONS:
        fits = [line for line in LINES_THROUGH[square]
                if direction(line) == d and all(sq in CORNERS or owner.get(sq) == side for sq in line)
                and all(may_share(line, old, in_line) for old in earlier)]
        if not fits:
            continue
        ends = [line for line in fits if line[0] == square or line[-1] == square]
        if in_line and len(ends) == 2:
            found.extend(ends)
        else:
            found.append(min(fits, key=lambda line: (len(taken & set(line)), line)))
    return found


def locked_squares(rows: Sequence[Row]) -> set[Square]:
    return {sq for r in rows for sq in r.squares if sq not in CORNERS}


def hand_size(players: int, options: Any) -> int:
    """Cards dealt to each player: the book's number (or the house's), or the published table."""
    return PUBLISHED_HAND[players] if DEAL_PUBLISHED.in_force(options) else int(options.cards_dealt)


def square_words(square: Square) -> str:
    """A square as players say it (``r2c5`` is the engine's name): "row 3, column 6"."""
    return f"row {square.row + 1}, column {square.col + 1}"


def row_text(squares: Sequence[Square]) -> str:
    """A row of squares in words: from its first square to its last."""
    if len(squares) == 1:
        return square_words(squares[0])
    return f"the line from {square_words(squares[0])} to {square_words(squares[-1])}"


def row_notes(seat: int, side: int, squares: Sequence[Square], rows: Sequence[Row]) -> list[str]:
    """The score-sheet notes for a row ``seat`` completed for ``side`` (``rows``: earlier rows)."""
    notes = [f"seat {seat} completes {row_text(squares)} for {COLOURS[side]} [{CALL.id}]"]
    corners = [sq for sq in squares if sq in CORNERS]
    if corners:
        at = " and ".join(map(square_words, corners))
        notes.append(f"the free corner at {at} counts for {COLOURS[side]} [{FREE_CORNERS.id}]")
    for old in rows:
        shared = [sq for sq in squares if old.side == side and sq in old.squares and sq not in CORNERS]
        if shared:
            how = SHARE if direction(squares) != direction(old.squares) else SHARE_IN_LINE
            notes.append(f"it shares {square_words(shared[0])} with {row_text(old.squares)} [{how.id}]")
    return notes


def layout_table() -> dict[str, Any]:
    """The board's cards for a renderer: a column per board column, a row per board row,
    cards as symbols (``10♥``) and ``free`` for the corners."""
    rows = []
    for r, cells in enumerate(BOARD.cells):
        rows.append([f"r{r}", *("free" if c is None else c.symbol() for c in cells)])
    return {"columns": ["", *(f"c{c}" for c in range(SIZE))], "rows": rows}


LAYOUT = layout_table()
ALL_CHIPS: tuple[tuple[Token, ...], ...] = tuple(
    tuple(Token.of(colour, n) for n in range(1, DISCS_PER_SIDE + 1)) for colour in COLOURS)
PASS_ACTION = Action("pass")


def well_formed(action: Action) -> bool:
    args = action.args
    if action.verb in ("place", "remove"):
        return len(args) == 2 and isinstance(args[0], Card) and type(args[1]) is Square
    if action.verb == "turn-in":
        return len(args) == 1 and isinstance(args[0], Card)
    return action.verb == "pass" and not args


@register
class FiveInARow(Game[FiveInARowState]):
    spec = SPEC

    # --- setup -------------------------------------------------------------------------------------
    def setup(self, players: int, options: Any, rng: random.Random) -> FiveInARowState:
        dealer = rng.randrange(players)
        state = FiveInARowState(players=players, options=options, rng=rng,
                                sheet=ScoreSheet.per_team(alternating_teams(players)) if players == 4
                                else ScoreSheet.per_seat(players),
                                dealer=dealer, box=[list(chips) for chips in ALL_CHIPS],
                                turn=left_of(dealer, players))
        deck = shuffled(DECK, rng)
        size = hand_size(players, options)
        state.hands = [deck[i * size:(i + 1) * size] for i in range(players)]
        state.stock = deck[players * size:]
        emit(state, "{0} deals " + f"{size} cards to each player", dealer)
        for seat in range(players):
            private(state, seat, "{0} is dealt " + " ".join(map(str, state.hands[seat])), None, seat,
                    pieces=state.hands[seat])
        return state

    # --- turns ---------------------------------------------------------------------------------------
    def to_act(self, state: FiveInARowState) -> tuple[int, ...]:
        return () if state.over else (state.turn,)

    def phase(self, state: FiveInARowState) -> Phase:
        return state.phase

    def turn_cascade(self, state: FiveInARowState, seat: int) -> Iterator[Step[Action]]:
        """The rules of a turn, in rulebook order: each step keeps the moves its rule
        still allows and says why it drops the others."""
        hand = state.hands[seat]
        board = state.board
        side = side_of(seat)
        faces = sorted(set(hand))
        moves = [Action(verb, (card, sq)) for verb in ("place", "remove") for card in faces for sq in SQUARES]
        moves += [Action("turn-in", (card,)) for card in faces]
        moves.append(PASS_ACTION)
        yield Step(moves, PLAY, lambda m: f"you hold no {m.args[0]}")

        moves = [m for m in moves if m.verb in ("turn-in", "pass") or m.args[1] not in CORNERS]
        yield Step(moves, FREE_CORNERS, lambda m: f"{m.args[1]} is a free corner: it counts for every side and "
                                                  "takes no disc")

        moves = [m for m in moves if m.verb not in ("place", "remove")
                 or (m.verb == "remove") == (m.args[0] in ONE_EYED)]
        yield Step(moves, ONE_EYED_JACK, lambda m: f"a one-eyed jack takes a disc off the board; {m.args[0]} "
                   "places none" if m.verb == "place" else f"only a one-eyed jack (J♠ or J♥) takes a disc off "
                   f"the board, and {m.args[0]} is not one")

        moves = [m for m in moves if m.verb != "place" or m.args[0] in TWO_EYED
                 or BOARD.card_at(m.args[1]) == m.args[0]]
        yield Step(moves, PLAY, lambda m: f"{m.args[1]} shows {BOARD.card_at(m.args[1])}, not {m.args[0]}")

        moves = [m for m in moves if m.verb != "place" or m.args[0] in TWO_EYED or m.args[1] not in board]
        yield Step(moves, PLAY, lambda m: f"{m.args[1]} already has a disc on it")

        moves = [m for m in moves if m.verb != "place" or m.args[1] not in board]
        yield Step(moves, TWO_EYED_JACK, lambda m: f"{m.args[1]} already has a disc on it")

        moves = [m for m in moves if m.verb != "remove" or (m.args[1] in board and board[m.args[1]].side != side)]
        yield Step(moves, ONE_EYED_JACK, lambda m: f"there is no disc on {m.args[1]}" if m.args[1] not in board
                   else f"the disc on {m.args[1]} is your own side's")

        locked = locked_squares(state.rows)
        moves = [m for m in moves if m.verb != "remove" or m.args[1] not in locked]
        yield Step(moves, LOCKED, lambda m: f"the disc on {m.args[1]} is part of a completed row")

        def live(m: Action) -> str:
            if is_jack(m.args[0]):
                return "a jack is never dead: it has no square on the board"
            open_squares = [str(sq) for sq in squares_of(m.args[0]) if sq not in board]
            verb = "is" if len(open_squares) == 1 else "are"
            return f"{m.args[0]} is not dead: {' and '.join(open_squares)} {verb} still open"

        moves = [m for m in moves if m.verb != "turn-in" or is_dead(m.args[0], board)]
        yield Step(moves, DEAD, live)

        limit = state.options.dead_cards_per_turn
        if limit and state.turned_in >= limit:
            moves = [m for m in moves if m.verb != "turn-in"]
            yield Step(moves, DEAD_LIMIT, f"you have already turned in {state.turned_in} dead card"
                       f"{'s' if state.turned_in > 1 else ''} this turn")

        if len(moves) > 1:
            moves = [m for m in moves if m.verb != "pass"]
        yield Step(moves, PASS, "you can still play a card or turn in a dead card")

    def legal_actions(self, state: FiveInARowState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        return list(narrow(self.turn_cascade(state, seat)))

    def refusal(self, state: FiveInARowState, seat: int, action: Action) -> None:
        if not well_formed(action):
            raise IllegalAction(UNKNOWN, "that is not a move of 5 in a Row: place a card's disc on its square, "
                                "remove a disc with a one-eyed jack, turn in a dead card, or pass",
                                state.options)
        refuse(self.turn_cascade(state, seat), action, state.options, UNKNOWN)

    # --- play --------------------------------------------------------------------------------------------
    def _apply(self, state: FiveInARowState, seat: int, action: Action) -> None:
        verb = action.verb
        if verb == "pass":
            emit(state, "{0} cannot play and passes", seat)
            state.passes += 1
            if state.passes >= state.players and len(state.board) == len(CARD_SQUARES):
                self._blocked(state)
            else:
                self._next_turn(state)
            return
        card: Card = action.args[0]
        self._discard(state, seat, card)
        if verb == "turn-in":
            emit(state, "{0} turns in the dead card " + str(card), seat, pieces=(card,))
            state.turned_in += 1
            self._draw(state, seat)
            return
        state.passes = 0
        square: Square = action.args[1]
        if verb == "remove":
            disc = state.board.pop(square)
            state.box[disc.side].append(disc.chip)
            state.box[disc.side].sort()
            emit(state, "{0} plays " + f"{card} and takes " + "{1}'s " +
                 f"{COLOURS[disc.side]} disc off {square_words(square)}",
                 seat, disc.seat, pieces=(card, disc.chip, square))
        else:
            side = side_of(seat)
            chip = state.box[side].pop(0)
            state.board[square] = Disc(chip, side, seat)
            wild = " (wild)" if card in TWO_EYED else ""
            emit(state, "{0} plays " + f"{card}{wild} and puts a {COLOURS[side]} disc on {square_words(square)}", seat,
                 pieces=(card, chip, square))
            self._mark_rows(state, seat, square)
        if state.over:
            return
        self._draw(state, seat)
        self._next_turn(state)

    def _discard(self, state: FiveInARowState, seat: int, card: Card) -> None:
        hand = state.hands[seat]
        state.discard.append(hand.pop(hand.index(card)))

    def _draw(self, state: FiveInARowState, seat: int) -> None:
        if not state.stock and len(state.discard) > 1:
            state.stock = shuffled(state.discard[:-1], state.rng)
            state.discard = state.discard[-1:]
            emit(state, "The discard pile is shuffled and becomes the draw pile")
        if state.stock:
            card = state.stock.pop()
            state.hands[seat].append(card)
            private(state, seat, "{0} draws " + str(card), "{0} draws a card", seat, pieces=(card,))

    def _next_turn(self, state: FiveInARowState) -> None:
        state.turn = left_of(state.turn, state.players)
        state.turned_in = 0

    def _mark_rows(self, state: FiveInARowState, seat: int, square: Square) -> None:
        side = side_of(seat)
        owner = {sq: disc.side for sq, disc in state.board.items()}
        made = new_rows(owner, side, square, state.rows, state.options.rows_share_in_line)
        target = state.options.rows_to_win
        for squares in made:
            notes = row_notes(seat, side, squares, state.rows)
            state.rows.append(Row(side, squares))
            count = self.rows_of(state, side)
            if count >= target:
                notes.append(f"{COLOURS[side]} has {count} of the {target} rows needed and wins [{GOAL.id}]")
            points = tuple(1 if column == side else 0 for column in range(len(state.sheet.columns)))
            state.sheet.add(f"row {len(state.rows)}: {COLOURS[side]}", points, state.ply + 1, notes)
            emit(state, "5 in a row! {0} completes " + f"{row_text(squares)}: {COLOURS[side]} has {count} of "
                 f"{target}", seat, pieces=squares)
        if made and self.rows_of(state, side) >= target:
            self._finish(state)
            winners = self.side_seats(state, side)
            names = " and ".join("{" + str(i) + "}" for i in range(len(winners)))
            emit(state, f"{names} win{'s' if len(winners) == 1 else ''} with {target} "
                 f"row{'s' if target > 1 else ''}", *winners)

    def _blocked(self, state: FiveInARowState) -> None:
        counts = [self.rows_of(state, side) for side in range(2)]
        columns = len(state.sheet.columns)
        state.sheet.add("blocked", (0,) * columns, state.ply + 1,
                        [f"the board is full and every player passed, with blue {counts[0]} rows and green {counts[1]} "
                         f"[{BLOCKED.id}]"])
        self._finish(state)
        if counts[0] == counts[1]:
            emit(state, f"Nobody can play: the game ends drawn at {counts[0]} rows each")
        else:
            best = 0 if counts[0] > counts[1] else 1
            winners = self.side_seats(state, best)
            names = " and ".join("{" + str(i) + "}" for i in range(len(winners)))
            emit(state, f"Nobody can play: {names} win{'s' if len(winners) == 1 else ''} with more rows",
                 *winners)

    def _finish(self, state: FiveInARowState) -> None:
        state.over = True
        state.phase = Phase.OVER

    def result(self, state: FiveInARowState) -> Result:
        """The side with more rows first (the winner, once the game is over)."""
        return ranked([self.rows_of(state, side) for side in range(2)], high_wins=True,
                      teams=teams_for(state.players))

    @staticmethod
    def rows_of(state: FiveInARowState, side: int) -> int:
        return sum(1 for r in state.rows if r.side == side)

    @staticmethod
    def side_seats(state: FiveInARowState, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(state.players) if side_of(s) == side)

    # --- what the table sees -------------------------------------------------------------------------------
    def zones(self, state: FiveInARowState) -> list[Zone]:
        zones = [Zone("hand", hand, frozenset({s}), owner=s, kind=ZoneKind.HAND, label="Hand")
                 for s, hand in enumerate(state.hands)]
        zones.append(Zone("stock", state.stock, frozenset(), kind=ZoneKind.STOCK, label="Draw pile"))
        zones.append(Zone("discard", state.discard, kind=ZoneKind.DISCARD, label="Discard pile"))
        squares = sorted(state.board)
        discs = [state.board[sq] for sq in squares]
        zones.append(Zone("board", [d.chip for d in discs], kind=ZoneKind.BOARD, label="Board",
                          by=[d.seat for d in discs], at=[str(sq) for sq in squares]))
        teams = teams_for(state.players) is not None
        for side, chips in enumerate(state.box):
            zones.append(Zone(f"box-{COLOURS[side]}", chips, kind=ZoneKind.PILE, label=f"{COLOURS[side]} discs "
                              "in the box", team=side if teams else None, owner=None if teams else side,
                              listed=False))
        return zones

    def all_cards(self, state: FiveInARowState) -> list[Any]:
        return [*DECK, *ALL_CHIPS[0], *ALL_CHIPS[1]]

    def facts(self, state: FiveInARowState, seat: int | None) -> list[Fact]:
        seats = range(state.players)
        out = [
            fact("layout", "Board", FactKind.TABLE, LAYOUT),
            per_seat("colour", "Disc colour", [colour_of(s) for s in seats], FactKind.TEXT),
            per_seat("rows", "Rows made", [self.rows_of(state, side_of(s)) for s in seats]),
            fact("rows_needed", "Rows needed", FactKind.NUMBER, state.options.rows_to_win),
            fact("locked", "In completed rows", FactKind.PIECES,
                 [str(sq) for sq in sorted(locked_squares(state.rows))]),
        ]
        if seat is not None:
            dead = sorted({c for c in state.hands[seat] if is_dead(c, state.board)})
            if dead:
                out.append(fact("dead", "Dead cards", FactKind.PIECES, [str(c) for c in dead]))
        return out

    def prompt(self, state: FiveInARowState, seat: int) -> Prompt | str:
        if state.over or seat != state.turn:
            return ""
        legal = self.legal_actions(state, seat)
        if legal == [PASS_ACTION]:
            return "You can neither play a card nor turn in a dead card: pass."
        text = "Play a card and put a disc on a square showing it (a two-eyed jack on any open square; a " \
               "one-eyed jack takes an opponent's disc off)."
        if any(a.verb == "turn-in" for a in legal):
            text += " You may first turn in a dead card."
        return text
