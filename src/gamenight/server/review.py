"""Finished matches looked at again, move by move, from their logs; and seat links as QR codes.

A finished match may be stepped through from any seat's view, or face up: nothing is secret
once it is over. A match still in play is not shown (its hands are secret). A seat's link is
drawn as a QR code (``segno``, as SVG) for the host to show a phone at the same table."""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import segno
from fastapi import APIRouter, Header, Request
from fastapi.responses import Response

import gamenight
from gamenight.engine.match import MatchRecordError
from gamenight.engine.review import at_ply, face_up
from gamenight.engine.view import view_json
from gamenight.server.tables import Table, TableError, TableService

RECORDS_KEPT = 64


class Records:
    """Finished matches' records, read once from the store (a replay asks for every ply)."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        self.kept: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()

    async def finished(self, table: Table, number: int) -> dict[str, Any]:
        if table.match is not None and number == table.match_number:
            if not table.match.over:
                raise TableError("this game is still being played: it can be replayed once it is over", 409)
            return table.match.record()
        key = (table.id, number)
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        ids = await self.tables._db(self.tables.store.matches, table.id)
        if not 1 <= number <= len(ids) or number > table.match_number:
            raise TableError("this table has no such game", 404)
        row = await self.tables._db(self.tables.store.match, ids[number - 1])
        if row is None:
            raise TableError("this table has no such game", 404)
        self.kept[key] = row.record
        while len(self.kept) > RECORDS_KEPT:
            self.kept.popitem(last=False)
        return row.record


def moment(table: Table, record: dict[str, Any], number: int, ply: int | None, seat: int | None) -> dict[str, Any]:
    """The finished match ``number`` after ``ply`` moves, from ``seat``'s view or (None) face up."""
    game = gamenight.get_game(record["game"])
    plies = len(record["log"])
    ply = plies if ply is None else ply
    if not 0 <= ply <= plies:
        raise TableError(f"this game has moves 0 to {plies}", 404)
    if seat is not None and not 0 <= seat < table.players:
        raise TableError("no such seat", 404)
    try:
        match = at_ply(game, record, ply)
    except MatchRecordError as e:
        raise TableError(f"this game cannot be replayed: {e.public}", 409) from None
    view = face_up(match) if seat is None else game.view(match.state, seat)
    events = [view_json(e) for e in match.events(seat)][-12:]
    return {"table": table.info(), "number": number, "plies": plies, "ply": ply, "you": seat,
            "face_up": seat is None, "view": view_json(view), "sheet": match.sheet.to_dict(),
            "log": [f"{s}: {a}" for s, a in record["log"][:ply]], "events": events, "over": match.over}


def qr_svg(text: str) -> bytes:
    """``text`` as a QR code, in SVG."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False,
                                     title="seat link as a QR code")
    return out.getvalue()


def router(service: Callable[[], TableService], links: Callable[[Table], dict[str, Any]]) -> APIRouter:
    api = APIRouter()
    records: dict[str, Records] = {}

    def kept() -> Records:
        if "r" not in records or records["r"].tables is not service():
            records["r"] = Records(service())
        return records["r"]

    @api.get("/api/tables/{table_id}/games/{number}")
    async def replay(table_id: str, number: int, ply: int | None = None, seat: int | None = None) -> dict[str, Any]:
        """A finished game of this table after ``ply`` moves (all of them by default), face up
        or from ``seat``'s view."""
        table = service().get(table_id)
        record = await kept().finished(table, number)
        return moment(table, record, number, ply, seat)

    @api.get("/api/tables/{table_id}/seats/{seat}/qr")
    async def qr(request: Request, table_id: str, seat: int,
                 x_host_token: str | None = Header(default=None)) -> Response:
        """The seat's link as a QR code, for the host to show a phone; a claimed seat has none."""
        table = service().get(table_id)
        if not table.is_host(x_host_token):
            raise TableError("only the host may do that", 403)
        seats = links(table)["seats"]
        if not 0 <= seat < len(seats):
            raise TableError("no such seat", 404)
        link = seats[seat]["link"]
        if link is None:
            raise TableError("this seat has no link to hand out: it is taken, or a bot plays it", 409)
        return Response(qr_svg(str(request.base_url).rstrip("/") + link), media_type="image/svg+xml",
                        headers={"Cache-Control": "no-store"})

    return api
