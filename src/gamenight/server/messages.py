"""State messages: each part encoded once, and what did not change not sent again.

After every move each connection at a table is told the state as its viewer may know it. A
broadcast encodes the table's public part once for everyone, each viewer's part (its view, its
moves) once, and the events a connection has not heard once per viewer and starting point; the
connections that are in step (a seat open in two tabs, every spectator) get the very same text.
The table block (the game, its options, the seats and their names) and the score sheet go only to
a connection that does not have their current version (the page keeps the last ones it got): a
plain move changes neither; a seat that names itself or steps away changes the table. A
combinatorial move list (Hearts' pass: 220 ways to take 3 of 12 cards) goes as one entry
``{"verb", "pieces", "k"}`` that the page builds the move from. The connection that sent the move
gets its answer in the same message (``"done"``: the move's id), not in a message of its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from pydantic_core import to_json

from gamenight.engine.actions import Action, Choices
from gamenight.engine.view import EventView, TextMemo, view_text

if TYPE_CHECKING:
    from gamenight.server.tables import Connection, Table, TableService

RECENT_EVENTS = 30
"""How many of the latest events a client that (re)connects is told."""


def encode(value: Any) -> str:
    """Compact JSON text (pydantic's encoder: several times faster than ``json.dumps``)."""
    return to_json(value).decode()


def _fields(value: dict[str, Any]) -> str:
    """An object's encoded members without the braces, to be joined with others into one object."""
    return encode(value)[1:-1]


_ACTION_TEXTS = TextMemo(lambda key: str(key[0]), 500_000)
_EVENT_TEXTS = TextMemo(view_text, 100_000)


def action_text(a: Action) -> str:
    """``str(a)``, remembered: a seat's moves are listed again after every move at the table."""
    return _ACTION_TEXTS[(a, *map(type, a.args))]  # bid 7 and bid 7C are equal tuples: the types tell them apart


def event_text(e: EventView) -> str:
    """``view_text(e)``, remembered: an event is told to every viewer, most alike."""
    return _EVENT_TEXTS[e]


def legal_moves(acts: Sequence[Action], limit: int) -> tuple[list[Any], bool]:
    """The moves as sent, and whether the list was cut at ``limit`` (``check`` still decides).

    A ``Choices`` list goes whole as ``{"verb": "pass", "pieces": ["2C", ...], "k": 3}``: every
    way to take ``k`` of ``pieces`` (the seat's own cards) is a move, pieces in any order."""
    if isinstance(acts, Choices):
        return [{"verb": acts.verb, "pieces": [str(p) for p in acts.pieces], "k": acts.k}], False
    shown = acts[:limit]
    return [action_text(a) for a in shown], len(acts) > len(shown)


def sheet_version(table: Table) -> tuple[Any, ...] | None:
    """What tells one version of the table's score sheet from another: rows are only ever added
    (a move taken back removes the last), so the match, the row count and the last row do."""
    match = table.match
    if match is None:
        return None
    rows = match.sheet.rows
    return (table.match_id, len(rows), rows[-1] if rows else None)


class Broadcast:
    """One round of state messages at one table, each part encoded at most once."""

    def __init__(self, service: TableService, table: Table, viewers: Sequence[int | None] = (),
                 mover: tuple[Connection, str] | None = None) -> None:
        """``viewers``: every viewer this round tells (their views are made together); ``mover``:
        the connection that sent the move just made, and its id for the move."""
        self.service = service
        self.table = table
        self.viewers = viewers
        self.mover = mover
        self.answered = False
        """Whether ``mover`` was sent its answer."""
        self._views: dict[int | None, str] | None = None
        self._shared: str | None = None
        self._table: str | None = None
        self._sheet: str | None = None
        self._sheet_version = sheet_version(table)
        self._events: dict[tuple[int | None, int], str] = {}

    def shared(self) -> str:
        """The members every viewer gets alike: who acts, the ply, the result."""
        if self._shared is None:
            match = self.table.match
            out: dict[str, Any] = {"type": "state"}
            if match is None:
                out.update(to_act=[], ply=0, over=False, result=None, last=None)
            else:
                result = None
                if match.over:
                    r = match.result()
                    result = {"winners": list(r.winners), "ranking": [list(g) for g in r.ranking],
                              "scores": list(r.scores)}
                out.update(to_act=list(match.to_act()), ply=len(match.log), over=match.over, result=result,
                           last=match.log[-1].seat if match.log else None)
            self._shared = _fields(out)
        return self._shared

    def viewer(self, viewer: int | None) -> str:
        """What only ``viewer`` (a seat, or None for a spectator) gets: its view and its moves."""
        return _fields(self.moves(viewer)) + ',"view":' + self.view(viewer)

    def view(self, viewer: int | None) -> str:
        """``viewer``'s view as text (every viewer's made together, zones remembered per table)."""
        match = self.table.match
        if match is None:
            return "null"
        memo = self.table.zone_texts
        if viewer not in self.viewers:
            return match.game.view_texts(match.state, [viewer], memo)[viewer]
        if self._views is None:
            self._views = match.game.view_texts(match.state, self.viewers, memo)
        return self._views[viewer]

    def moves(self, viewer: int | None) -> dict[str, Any]:
        table, match = self.table, self.table.match
        out: dict[str, Any] = {"you": viewer}
        if match is None:
            out.update(legal=[], legal_truncated=False)
        else:
            legal: list[Any] = []
            truncated = False
            if viewer is not None and table.status == "playing" and viewer in match.to_act():  # tables.PLAYING
                acts = match.legal_actions(viewer)
                legal, truncated = legal_moves(acts, self.service.settings.max_legal)
                if not isinstance(acts, Choices):
                    words = match.move_words(viewer, acts[:self.service.settings.max_legal])
                    if words:
                        out["words"] = words
            out.update(legal=legal, legal_truncated=truncated)
        for part in self.service.payload:
            out.update(part(table, viewer))
        return out

    def table_block(self) -> str:
        """The table as anyone may know it (``Table.info``), encoded; its text is its version."""
        if self._table is None:
            self._table = encode(self.table.info())
        return self._table

    def sheet(self) -> str:
        if self._sheet is None:
            match = self.table.match
            self._sheet = encode(match.sheet.to_dict() if match is not None else None)
        return self._sheet

    def events(self, viewer: int | None, first: int) -> str:
        key = (viewer, first)
        text = self._events.get(key)
        if text is None:
            match = self.table.match
            events = match.events(viewer, first) if match is not None else ()
            text = self._events[key] = "[" + ",".join(map(event_text, events)) + "]"
        return text

    def fresh(self, viewer: int | None) -> dict[str, Any]:
        """The message a page connecting now as ``viewer`` gets, decoded (for tests and tools)."""
        match = self.table.match
        count = match.event_count if match is not None else 0
        out: dict[str, Any] = json.loads("{" + self.shared() + ',"table":' + self.table_block() + ","
                                         + self.viewer(viewer) + "}")
        out.update(events=json.loads(self.events(viewer, max(0, count - RECENT_EVENTS))),
                   events_reset=True, sheet=json.loads(self.sheet()))
        return out

    def send(self, viewer: int | None, conns: Iterable[Connection]) -> None:
        """Tell ``viewer``'s connections the state; connections in step share one text."""
        conns = list(conns)
        if not conns:
            return
        head = "{" + self.shared() + "," + self.viewer(viewer)
        match = self.table.match
        count = match.event_count if match is not None else 0
        table = self.table_block()
        texts: dict[tuple[int, bool, bool, bool], str] = {}
        mover, done = self.mover or (None, "")
        for c in conns:
            fresh = c.events_sent is None or c.events_sent > count  # a page that (re)connects, or a move taken back
            first = max(0, count - RECENT_EVENTS) if fresh or c.events_sent is None else c.events_sent
            with_sheet = fresh or c.sheet_sent != self._sheet_version
            with_table = fresh or c.table_sent != table
            key = (first, fresh, with_sheet, with_table)
            text = texts.get(key)
            if text is None:
                text = head + ',"events":' + self.events(viewer, first)
                if fresh:
                    text += ',"events_reset":true'
                if with_table:
                    text += ',"table":' + table
                if with_sheet:
                    text += ',"sheet":' + self.sheet()
                text = texts[key] = text + "}"
            if c is mover and not c.closed:
                text = text[:-1] + ',"done":' + encode(done) + "}"
                self.answered = True
            c.events_sent = count
            c.sheet_sent = self._sheet_version
            c.table_sent = table
            c.send(text)
