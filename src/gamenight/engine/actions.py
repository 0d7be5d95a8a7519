"""Actions: small typed values with a canonical text form that round-trips.

``Action("play", (QS,))`` prints as ``play QS``; ``parse_action("play QS")``
gives it back. Arguments are cards, whole numbers or lower-case words.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from gamenight.core.cards import Card, card_text, is_card_text, parse_card

Arg = Card | int | str

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
    def numbers(self) -> tuple[int, ...]:
        return tuple(a for a in self.args if isinstance(a, int) and not isinstance(a, Card))

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(a for a in self.args if isinstance(a, str))


def _arg_text(a: Arg) -> str:
    if isinstance(a, Card):
        return card_text(a)
    return str(a)


def act(verb: str, *args: Arg) -> Action:
    return Action(verb, tuple(args))


def parse_action(text: str) -> Action:
    """Parse ``play QS``, ``bid 7``, ``meld 7H 7S JK``, ``draw stock``."""
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
        elif is_card_text(tok):
            args.append(parse_card(tok))
        elif _WORD.match(tok):
            args.append(tok)
        else:
            raise ActionSyntaxError(f"{tok!r} is neither a card (like QS or 10H), a number nor a word")
    return Action(verb, tuple(args))


def listed(action: Action, legal: list[Action]) -> bool:
    """Is ``action`` one of ``legal``, argument kinds included? (A card's int value must
    not pass for a number: ``discard 7`` is not ``discard 7C``.)"""
    try:
        i = legal.index(action)
    except ValueError:
        return False
    match = legal[i]
    return all(type(a) is type(b) for a, b in zip(action.args, match.args))
