"""Events: what each action did, in words with seat references, per viewer.

``apply`` appends events to ``state.events``; a viewer sees those meant for them
(``to``), others see the ``others`` wording or nothing. ``{0}``, ``{1}``... in the
text stand for ``seats[0]``, ``seats[1]``...; interfaces resolve seats to names
("Bea takes the trick with Q♠"). An event that applies a rule (the stock reshuffled, the
game's end) carries its clause apart from the words, as a score note does, so interfaces link
to the rule and never print its id. An event is a plain tuple, so emitting one on every card
played costs next to nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from gamenight.engine.clauses import Clause
from gamenight.engine.view import EventView


class Event(NamedTuple):
    """One thing that happened. ``to`` None: everyone sees ``text``; otherwise only
    those seats do, and the rest see ``others`` (None: nothing at all). ``clause`` is the id of
    the rule it applies, if any."""

    text: str
    seats: tuple[int, ...] = ()
    pieces: tuple[Any, ...] = ()
    kind: str = ""
    to: frozenset[int] | None = None
    others: str | None = None
    ply: int = 0
    clause: str = ""

    def seen_as(self, viewer: int | None) -> EventView | None:
        """This event as ``viewer`` may know it, or None if they learn nothing."""
        to = self.to
        if to is None or (viewer is not None and viewer in to):
            return EventView(self.text, self.seats, tuple(map(str, self.pieces)), self.kind, self.ply, self.clause)
        if self.others is None:
            return None
        return EventView(self.others, self.seats, (), self.kind, self.ply, self.clause)


def emit(state: Any, text: str, *seats: int, pieces: Sequence[Any] = (), kind: str = "",
         to: Iterable[int] | None = None, others: str | None = None, clause: Clause | None = None) -> None:
    """Record an event on ``state`` (a ``State``), stamped with the ply it belongs to (a match
    played without narration keeps none); ``clause`` is the rule it applies, kept apart from the words."""
    events = state.events
    if events is None:
        return
    events.append(Event(text, seats, tuple(pieces), kind, frozenset(to) if to is not None else None,
                              others, state.ply + 1, clause.id if clause is not None else ""))


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


_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do"}
_SEAT_REF = re.compile(r"\{(\d+)\}( ?)([a-z]+)?")
_AND_VERB = re.compile(r" and ([a-z]+s) ")


def _second_person(verb: str) -> str:
    """``plays`` → ``play``, ``passes`` → ``pass``, ``has`` → ``have``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def fill(template: str, seats: Sequence[int], names: Sequence[str], you: int | None = None) -> str:
    """A template's ``{0}``, ``{1}``... replaced by the names of ``seats``; the viewer's own
    seat reads "You", with the verb after it in the second person and "their" as "your" ("You keep
    your hand")."""
    def one(m: re.Match[str]) -> str:
        i = int(m.group(1))
        seat = seats[i] if i < len(seats) else None
        verb = m.group(3) or ""
        if seat is not None and seat == you:
            start = m.start() == 0 or template[:m.start()].rstrip().endswith((".", ":", "!", "?"))
            return ("You" if start else "you") + m.group(2) + (_second_person(verb) if start else verb)
        name = names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"
        return name + m.group(2) + verb
    text = _SEAT_REF.sub(one, template)
    if you is not None and you in seats and text.startswith("You "):
        text = _AND_VERB.sub(lambda m: " and " + _second_person(m.group(1)) + " ", text, count=1)
        head, sep, rest = text.partition(";")  # "You keep their hand" → "your hand", up to the next clause
        text = head.replace(" their ", " your ", 1) + sep + rest
    return text
