"""Events: what each action did, in words with seat references, per viewer.

``apply`` appends events to ``state.events``; a viewer sees those meant for them
(``to``), others see the ``others`` wording or nothing. ``{0}``, ``{1}``... in the
text stand for ``seats[0]``, ``seats[1]``...; interfaces resolve seats to names
("Bea takes the trick with Q♠"). An event is a plain tuple, so emitting one on
every card played costs next to nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from gamenight.engine.view import EventView


class Event(NamedTuple):
    """One thing that happened. ``to`` None: everyone sees ``text``; otherwise only
    those seats do, and the rest see ``others`` (None: nothing at all)."""

    text: str
    seats: tuple[int, ...] = ()
    pieces: tuple[Any, ...] = ()
    kind: str = ""
    to: frozenset[int] | None = None
    others: str | None = None
    ply: int = 0

    def seen_as(self, viewer: int | None) -> EventView | None:
        """This event as ``viewer`` may know it, or None if they learn nothing."""
        to = self.to
        if to is None or (viewer is not None and viewer in to):
            return EventView(self.text, self.seats, tuple(map(str, self.pieces)), self.kind, self.ply)
        if self.others is None:
            return None
        return EventView(self.others, self.seats, (), self.kind, self.ply)


def emit(state: Any, text: str, *seats: int, pieces: Sequence[Any] = (), kind: str = "",
         to: Iterable[int] | None = None, others: str | None = None) -> None:
    """Record an event on ``state`` (a ``State``), stamped with the ply it belongs to."""
    state.events.append(Event(text, seats, tuple(pieces), kind, frozenset(to) if to is not None else None,
                              others, state.ply + 1))


def private(state: Any, seat: int, text: str, others: str | None, *seats: int, pieces: Sequence[Any] = (),
            kind: str = "") -> None:
    """An event ``seat`` sees in full (its own cards) and the others see as ``others``."""
    emit(state, text, *seats, pieces=pieces, kind=kind, to=(seat,), others=others)


def events_for(events: Sequence[Event], viewer: int | None, start: int = 0) -> tuple[EventView, ...]:
    """The events from index ``start`` on, as ``viewer`` may know them."""
    out = []
    for e in events[start:]:
        seen = e.seen_as(viewer)
        if seen is not None:
            out.append(seen)
    return tuple(out)


def words(event: EventView, names: Sequence[str]) -> str:
    """An event's text with seat names filled in (``names[seat]``)."""
    text = event.text
    for i, seat in enumerate(event.seats):
        text = text.replace("{" + str(i) + "}", names[seat] if 0 <= seat < len(names) else f"seat {seat}")
    return text
