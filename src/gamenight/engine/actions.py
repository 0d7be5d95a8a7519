"""Actions: small typed values with a canonical text form that round-trips.

``Action("play", (QS,))`` prints as ``play QS``; ``parse_action("play 12-5 on 3")``
gives back a tile and a number. Arguments are whole numbers, pieces of any kind
(cards, tiles, dice, squares, spaces, chips, money, tokens) or lower-case words.
"""

from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from math import comb
from typing import Any, NamedTuple, overload

from gamenight.core.cards import Card, is_card_text
from gamenight.core.pieces import is_piece, try_parse_piece

Arg = Any
"""A whole number, a piece of equipment, or a word."""

_WORD = re.compile(r"^[a-z][a-z0-9_\-]*$")
_INT = re.compile(r"^-?\d+$")


class ActionSyntaxError(ValueError):
    """The text is not an action in gamenight's notation."""


class Action(NamedTuple):
    verb: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(_arg_text(a) for a in self.args)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(a for a in self.args if isinstance(a, Card))

    @property
    def pieces(self) -> tuple[Any, ...]:
        """Every argument that is a piece of equipment, in order."""
        return tuple(a for a in self.args if is_piece(a))

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(a for a in self.args if type(a) is int)

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(a for a in self.args if type(a) is str)


def _arg_text(a: Arg) -> str:
    return str(a)


def act(verb: str, *args: Arg) -> Action:
    return Action(verb, tuple(args))


def parse_action(text: str) -> Action:
    """Parse ``play QS``, ``bid 7``, ``meld 7H 7S JK``, ``draw stock``, ``place JD r3c7``."""
    if not isinstance(text, str):
        raise ActionSyntaxError("an action must be text, like 'play QS'")
    tokens = text.split()
    if not tokens:
        raise ActionSyntaxError("empty action: write a verb such as 'play QS' or 'pass'")
    if len(text) > 500 or len(tokens) > 60:
        raise ActionSyntaxError("action too long")
    verb = tokens[0].lower()
    if not _WORD.match(verb):
        raise ActionSyntaxError(f"{tokens[0]!r} is not a verb")
    args: list[Arg] = []
    for tok in tokens[1:]:
        if _INT.match(tok):
            args.append(int(tok))
            continue
        piece = try_parse_piece(tok)
        if piece is not None:
            args.append(piece)
        elif _WORD.match(tok):
            args.append(tok)
        else:
            raise ActionSyntaxError(f"{tok!r} is neither a piece (like QS, 12-5, d6:4 or r3c7), a number nor a word")
    return Action(verb, tuple(args))


class Choices(Sequence[Action]):
    """Every way to take ``k`` of ``pieces`` with one verb, listed lazily.

    A three-card pass from thirteen cards is 286 moves; building them all after every
    action costs more than the rest of the hand. This sequence has the length and order
    of ``itertools.combinations(pieces, k)`` and finds the i-th move (``random.choice``)
    or the place of a move (``index``) by arithmetic, without listing the others.
    Interfaces can read ``verb``, ``pieces`` and ``k`` to let a player build the move."""

    __slots__ = ("verb", "pieces", "k", "_len", "_made", "_made_at")

    def __init__(self, verb: str, pieces: Sequence[Any], k: int) -> None:
        self.verb = verb
        self.pieces = tuple(pieces)
        self.k = k
        self._len = comb(len(self.pieces), k)
        # The last move built and its place: a move handed back (``index``, then ``self[i]``, as
        # ``Match.apply`` checks a listed move) is found again without the arithmetic.
        self._made: Action | None = None
        self._made_at = -1

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if i == self._made_at:
            return self._made  # type: ignore[return-value]  # set with _made_at
        if not 0 <= i < self._len:
            raise IndexError("no such choice")
        at = i
        pieces, n = self.pieces, len(self.pieces)
        chosen = []
        j = 0
        for slots in range(self.k, 0, -1):
            while True:  # how many choices start with pieces[j]: skip the blocks before i's
                block = comb(n - j - 1, slots - 1)
                if i < block:
                    break
                i -= block
                j += 1
            chosen.append(pieces[j])
            j += 1
        made = self._made = Action(self.verb, tuple(chosen))
        self._made_at = at
        return made

    def __iter__(self) -> Iterator[Action]:
        verb = self.verb
        for combo in itertools.combinations(self.pieces, self.k):
            yield Action(verb, combo)

    def __contains__(self, action: object) -> bool:
        try:
            self.index(action)
        except ValueError:
            return False
        return True

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        """The place of ``action`` (its pieces in the order they are listed here)."""
        if action is self._made and start <= self._made_at < (self._len if stop is None else stop):
            return self._made_at
        if not isinstance(action, Action) or action.verb != self.verb or len(action.args) != self.k:
            raise ValueError(f"{action} is not among these choices")
        pieces, n = self.pieces, len(self.pieces)
        rank = 0
        j = 0
        for slots, piece in zip(range(self.k, 0, -1), action.args):
            try:
                at = pieces.index(piece, j)
            except ValueError:
                raise ValueError(f"{action} is not among these choices") from None
            rank += sum(comb(n - p - 1, slots - 1) for p in range(j, at))
            j = at + 1
        if not start <= rank < (self._len if stop is None else stop):
            raise ValueError(f"{action} is not among these choices")
        return rank

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Choices):
            return (self.verb, self.pieces, self.k) == (other.verb, other.pieces, other.k)
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Choices({self.verb!r}, {len(self.pieces)} pieces, k={self.k}: {self._len} moves)"


def listed(action: Action, legal: Sequence[Action]) -> bool:
    """Is ``action`` one of ``legal``, argument kinds included? (A card's int value must
    not pass for a number: ``discard 7`` is not ``discard 7C``.)"""
    try:
        i = legal.index(action)
    except ValueError:
        return False
    match = legal[i]
    return match is action or all(type(a) is type(b) for a, b in zip(action.args, match.args))


def understand(text: str, legal: Sequence[Action], parse: Callable[[str], Action] = parse_action) -> Action:
    """A move as a person types it at the terminal or in the web table's box: the move's text in
    any case (``play qs``), its arguments alone when only one listed move has them (``QS``, or
    ``2C 3C 4C`` while passing), or cards alone after the only verb listed. Anything else is parsed
    as written, and ``check`` judges it (a combinatorial list may not hold every legal move)."""
    words = text.split()
    if isinstance(legal, Choices):  # built from its pieces: never looked up among every combination
        verbs = {legal.verb}
    else:
        lowered = " ".join(words).lower()
        by_text = {str(a).lower(): a for a in legal}
        if lowered in by_text:
            return by_text[lowered]
        tail = [a for a in legal if a.args and " ".join(map(str, a.args)).lower() == lowered]
        if len(tail) == 1:
            return tail[0]
        verbs = {a.verb for a in legal}
    if words and len(verbs) == 1 and all(is_card_text(w.upper()) for w in words):
        words = [next(iter(verbs)), *words]
    if not words:
        return parse(text)
    return parse(" ".join([words[0].lower()] + [w.upper() if is_card_text(w.upper()) else w for w in words[1:]]))


def did_you_mean(text: str, legal: Sequence[Action]) -> str | None:
    """The listed move closest to a mistyped one (``plya QS`` → ``play QS``), or None. Only listed
    moves are offered, so a suggestion never names a piece the player may not see."""
    words = text.split()
    if not words or not legal:
        return None
    texts = {str(a).lower(): str(a) for a in legal}
    close = difflib.get_close_matches(" ".join(words).lower(), list(texts), n=1, cutoff=0.75)
    if close:
        return texts[close[0]]
    verbs = sorted({a.verb for a in legal})
    verb = difflib.get_close_matches(words[0].lower(), verbs, n=1, cutoff=0.6)
    if verb and verb[0] != words[0].lower():
        guess = " ".join([verb[0], *words[1:]]).lower()
        same = [k for k in texts if k.split()[0] == verb[0]]
        return texts[guess] if guess in texts else texts[difflib.get_close_matches(guess, same, n=1, cutoff=0)[0]]
    return None
