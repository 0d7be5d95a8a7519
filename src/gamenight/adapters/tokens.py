"""Moves as tokens: one fixed action space shared by every game, for research libraries.

An engine move is a verb with arguments of any length (a Canasta meld can name 30 cards), but
OpenSpiel and PettingZoo want a fixed number of distinct actions. So a move is entered one token
at a time: its verb, then each argument, then ``end`` where a shorter move is also complete.
A token's id depends only on what it names, never on the game or the state, so id 42 is ``QS``
everywhere. Tokens that are forced are entered for the player (``MoveBuilder``), so a trick game
asks once per card played, as the table does.

The id space (``NUM_TOKENS`` ids, the same for every game):

    0                       end: the move is complete as entered
    1 ..                    cards, by the card's int value (suit * 16 + rank; Rumski colours too)
    then                    tiles (high * 32 + low), dice (kind * 16 + face), grid squares
                            (row * 32 + col), tokens (colour * 128 + number)
    then                    whole numbers 0 .. MAX_NUMBER
    then                    the verbs and words of ``WORDS``, in that order

A piece, number or word outside these ranges raises ``TokenError`` naming it: amounts of chips
or money and named track spaces have no ids yet (no game passes them in a move).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.core.boards import Square
from gamenight.core.cards import Card
from gamenight.core.chips import Token
from gamenight.core.dice import Die
from gamenight.core.tiles import Tile
from gamenight.engine.actions import Action, Arg

END = 0

MAX_NUMBER = 999
"""The largest whole number a move may name (bids, counts, meld numbers)."""

WORDS: tuple[str, ...] = (
    # Append only: a word's place is its id.
    "answer", "ask", "bank", "believe", "bid", "buy", "call", "challenge", "claim", "deal", "declare",
    "decline", "dig", "discard", "done", "draw", "exchange", "fold", "gin", "give", "keep", "knock",
    "lay", "left", "look", "meld", "order", "pass", "place", "play", "push", "rank", "rearrange",
    "remove", "right", "roll", "rummy", "same", "show", "stand", "stay", "swap", "take", "take-over",
    "throw", "trump", "turn-in",
    "alone", "and", "clubs", "diamonds", "hearts", "spades", "notrump", "in", "into", "mexican", "no",
    "yes", "on", "pile", "set", "stock",
    "flush", "four_of_a_kind", "full_house", "pair", "royal_flush", "straight", "straight_flush",
    "three_of_a_kind", "two_pair",
    "9", "10", "J", "Q", "K", "A", "nothing", "two-pair", "three", "full-house", "four", "five",
)
"""Every verb and word any game's moves use. Adding a word gives it the next id."""

_BLOCKS: tuple[tuple[type, int], ...] = ((Card, 176), (Tile, 19 * 32), (Die, 32), (Square, 32 * 32), (Token, 8 * 128))
"""Piece kinds with ids, and how many int values each kind's notation spans."""

_PIECE_START: dict[type, int] = {}
_start = 1
for _kind, _size in _BLOCKS:
    _PIECE_START[_kind] = _start
    _start += _size
NUMBER_START = _start
WORD_START = NUMBER_START + MAX_NUMBER + 1
NUM_TOKENS = WORD_START + len(WORDS)
"""How many distinct action ids there are: the same for every game."""

_WORD_ID = {w: WORD_START + i for i, w in enumerate(WORDS)}
if len(_WORD_ID) != len(WORDS):
    raise ValueError("a word is listed twice in WORDS")


class TokenError(ValueError):
    """A move names something the shared action space has no id for."""


def token(arg: Arg) -> int:
    """The id of one verb, word, number or piece."""
    kind = type(arg)
    if kind is int:
        if not 0 <= arg <= MAX_NUMBER:
            raise TokenError(f"the number {arg} is outside the action space (0 to {MAX_NUMBER})")
        return NUMBER_START + int(arg)
    start = _PIECE_START.get(kind)
    if start is not None:
        return start + int(arg)
    if kind is str:
        try:
            return _WORD_ID[arg]
        except KeyError:
            raise TokenError(f"the word {arg!r} has no action id: add it to gamenight.adapters.tokens.WORDS") \
                from None
    raise TokenError(f"{arg!r} ({kind.__name__}) has no action id: the action space has no block for it")


def tokens(action: Action) -> tuple[int, ...]:
    """A move as the tokens that enter it (without ``end``)."""
    return (token(action.verb), *map(token, action.args))


def token_text(token_id: int) -> str:
    """What an id names, in the engine's notation (``play``, ``QS``, ``12-5``, ``7``, ``end``)."""
    if token_id == END:
        return "end"
    if token_id >= WORD_START:
        return WORDS[token_id - WORD_START]
    if token_id >= NUMBER_START:
        return str(token_id - NUMBER_START)
    for kind, size in _BLOCKS:
        start = _PIECE_START[kind]
        if start <= token_id < start + size:
            return str(kind(token_id - start))
    raise TokenError(f"no token has id {token_id}")


class MoveBuilder:
    """One seat's move, entered token by token among the moves the engine lists for it.

    Forced tokens are entered at once: after ``play`` when playing is all a seat may do, the card
    is the choice. A move that is the seat's only one still asks once (its first token), so every
    engine decision is an action the player takes."""

    def __init__(self, seat: int, legal: Sequence[Action]) -> None:
        if not legal:
            raise ValueError(f"seat {seat} is to act but has no listed move")
        self.seat = seat
        self.moves: dict[tuple[int, ...], Action] = {}
        for action in legal:
            self.moves.setdefault(tokens(action), action)  # physical copies of one face: one move
        self.entered: tuple[int, ...] = ()
        self.move: Action | None = None
        """The finished move, once the tokens entered name exactly one."""
        self._advance()

    def __deepcopy__(self, memo: dict[int, Any]) -> MoveBuilder:
        """Copies share the listed moves, which never change (search algorithms copy states often)."""
        copy = object.__new__(MoveBuilder)
        copy.seat, copy.moves, copy.entered, copy.move = self.seat, self.moves, self.entered, self.move
        return copy

    def choices(self) -> list[int]:
        """The tokens that may come next, ascending (``END`` where the move is complete as entered)."""
        n = len(self.entered)
        out = {t[n] if len(t) > n else END for t in self._candidates()}
        return sorted(out)

    def choose(self, token_id: int) -> Action | None:
        """Enter one token; returns the finished move, or None while more tokens are needed."""
        if self.move is not None:
            raise ValueError("the move is already complete")
        if token_id not in self.choices():
            raise ValueError(f"{token_text(token_id) if 0 <= token_id < NUM_TOKENS else token_id} "
                             f"is not a legal next token (legal: {' '.join(map(token_text, self.choices()))})")
        self._enter(token_id)
        self._advance()
        return self.move

    def _candidates(self) -> list[tuple[int, ...]]:
        entered, n = self.entered, len(self.entered)
        return [t for t in self.moves if t[:n] == entered]

    def _enter(self, token_id: int) -> None:
        if token_id == END:
            self.move = self.moves[self.entered]
        else:
            self.entered += (token_id,)

    def _advance(self) -> None:
        while self.move is None:
            candidates = self._candidates()
            if self.entered and len(candidates) == 1 and candidates[0] == self.entered:
                self.move = self.moves[self.entered]
                return
            choices = self.choices()
            if len(choices) > 1 or (not self.entered and len(candidates) == 1):
                return
            self._enter(choices[0])
