"""Taking a move back by agreement at a table (the engine's ``engine.undo`` says which moves may be).

A player asks to take back their own last move; every other person present at the table is
asked, and the move is taken back only when all of them agree (at once, if nobody else is
there). While a request waits, bots hold still; a move by anyone, a "no", or the time running
out ends it. Taking back is the match replayed without the move, and the move's row deleted
from the store and committed before anyone is told."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from gamenight.engine.clauses import IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.undo import take_back
from gamenight.server.people import notice
from gamenight.server.tables import OVER, PLAYING, Connection, Table, TableService


@dataclass
class Request:
    seat: int
    ply: int
    waiting: set[int]
    agreed: set[int] = field(default_factory=set)
    expiry: asyncio.TimerHandle | None = None

    def public(self) -> dict[str, Any]:
        return {"by": self.seat, "ply": self.ply, "waiting": sorted(self.waiting), "agreed": sorted(self.agreed)}


class Undos:
    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        tables.after_move.append(self._moved)
        tables.payload.append(lambda table, viewer: {"undo": table.undo.public()} if table.undo else {})

    async def ask(self, table: Table, conn: Connection) -> None:
        seat = conn.seat
        if seat is None:
            conn.send({"type": "error", "message": "spectators have no moves to take back"})
            return
        async with table.lock:
            match = table.match
            if match is None or table.status != PLAYING:
                conn.send({"type": "error", "message": "there is no game in play"})
                return
            if table.undo is not None:
                conn.send({"type": "error", "message": "a move is already being taken back: wait for the answer"})
                return
            try:
                before = take_back(match, seat)
            except IllegalAction as e:
                conn.send(self.tables.refusal(table, e, "take back"))
                return
            others = {s.index for s in table.seats if s.kind == "human" and s.index != seat and s.present}
            if not others:
                await self._take_back(table, seat, before)
                return
            request = Request(seat, len(match.log) - 1, others)
            loop = asyncio.get_running_loop()
            request.expiry = loop.call_later(self.tables.settings.undo_timeout,
                                             lambda: loop.create_task(self._lapse(table, request)))
            table.undo = request
            notice(table, "{0} asks to take back their last move.", (seat,))
            self.tables._broadcast(table)

    async def answer(self, table: Table, conn: Connection, yes: Any) -> None:
        seat = conn.seat
        async with table.lock:
            request = table.undo
            if request is None or seat is None or seat not in request.waiting:
                conn.send({"type": "error", "message": "nobody is asking you to agree to take a move back"})
                return
            if yes is not True:
                self._end(table)
                notice(table, "{0} does not agree: {1}'s move stands.", (seat, request.seat))
                self.tables._broadcast(table)
                self.tables._kick_bots(table)
                return
            request.waiting.discard(seat)
            request.agreed.add(seat)
            if request.waiting:
                self.tables._broadcast(table)
                return
            assert table.match is not None
            try:
                before = take_back(table.match, request.seat)
            except IllegalAction as e:  # cannot happen while the request holds the table still
                self._end(table)
                conn.send(self.tables.refusal(table, e, "take back"))
                return
            await self._take_back(table, request.seat, before)

    async def _take_back(self, table: Table, seat: int, before: Match) -> None:
        """Commit the move's removal, then show everyone the match without it. Caller holds the lock."""
        match = table.match
        assert match is not None and table.match_id is not None
        await self.tables._db(self.tables.store.take_back, table.match_id, len(match.log) - 1)
        if table.status == OVER:  # pragma: no cover  the last move of a match reveals its result
            await self.tables._db(self.tables.store.set_status, table.id, PLAYING)
        self._end(table)
        table.match, table.status = before, PLAYING
        for c in table.connections():
            c.events_sent = None
        self.tables._broadcast(table)
        notice(table, "{0} took back their move.", (seat,))  # after the state, which starts the pages' logs afresh
        self.tables._kick_bots(table)

    def _end(self, table: Table) -> None:
        request = table.undo
        if request is not None and request.expiry is not None:
            request.expiry.cancel()
        table.undo = None

    def _moved(self, table: Table, seat: int) -> None:
        if table.undo is not None:  # someone acted: the move can no longer be taken back
            self._end(table)

    async def _lapse(self, table: Table, request: Request) -> None:
        async with table.lock:
            if table.undo is not request:
                return
            self._end(table)
            notice(table, "Nobody answered in time: {0}'s move stands.", (request.seat,))
            self.tables._broadcast(table)
            self.tables._kick_bots(table)
