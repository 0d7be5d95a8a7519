"""Legality written once: each phase's rules are one restriction cascade.

A cascade is a sequence of ``Step``s in rulebook order. Each step keeps the moves
(cards, bids, tiles...) its rule still allows, names the clause it enforces, and
says why the others are refused. ``legal_actions`` takes what the last step keeps;
``check`` finds the first step that drops the move and refuses with that step's
clause and reason. The same function feeds both, so the list of legal moves and
the refusal of an illegal one can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from gamenight.engine.actions import Action, listed
from gamenight.engine.clauses import Clause, IllegalAction

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Step(Generic[T]):
    """One rule of a cascade: the moves it keeps, its clause, and the reason a dropped
    move is refused (``{move}`` is filled with the refused move)."""

    allowed: Sequence[T]
    clause: Clause | None = None
    reason: str | Callable[[T], str] = ""

    def why(self, move: T) -> str:
        r = self.reason
        text = r(move) if callable(r) else r
        return text.replace("{move}", str(move))


Cascade = Iterable[Step[T]]


def narrow(cascade: Cascade[T]) -> Sequence[T]:
    """What the whole cascade allows: the last step's moves."""
    allowed: Sequence[T] = ()
    for step in cascade:
        allowed = step.allowed
    return allowed


def allows(allowed: Sequence[T], move: T) -> bool:
    """Whether ``move`` is among ``allowed``, argument kinds included: a card is an int, so
    ``discard 7`` must not pass for ``discard 7C`` (nor ``keep 7C`` for ``keep 7``)."""
    if move not in allowed:
        return False
    if isinstance(move, Action) and isinstance(allowed, (list, tuple)):
        return listed(move, list(allowed))
    return True


def first_refusal(cascade: Cascade[T], move: T) -> Step[T] | None:
    """The first step that does not keep ``move`` (None: every step keeps it)."""
    for step in cascade:
        if not allows(step.allowed, move):
            return step
    return None


def refuse(cascade: Cascade[T], move: T, options: Any, fallback: Clause) -> None:
    """Raise ``IllegalAction`` for the first step that drops ``move``; pass if none does."""
    step = first_refusal(cascade, move)
    if step is not None:
        raise IllegalAction(step.clause or fallback, step.why(move), options)


def keep(allowed: Sequence[T], narrowed: Sequence[T], clause: Clause, reason: str | Callable[[T], str],
         ) -> Iterator[Step[T]]:
    """A step only when the rule really narrows (an empty narrowing keeps everything,
    as in "follow suit if you can")."""
    if narrowed and len(narrowed) < len(allowed):
        yield Step(narrowed, clause, reason)
