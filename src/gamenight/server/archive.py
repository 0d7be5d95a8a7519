"""Idle tables are archived. After ``Limits.archive_after`` seconds with no move and no new
match, a table nobody is at is put away: it is no longer held in memory nor replayed at
start-up (so start-up costs the tables in use, however many were ever made), and its
address still answers, saying it was archived."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import gamenight
from gamenight.server.limits import Limits
from gamenight.server.tables import TableError, TableService
from gamenight.store import ARCHIVED

log = logging.getLogger("gamenight.server")
ARCHIVED_TEXT = "this table was archived after a long time without play: start a new table to play again"


async def archive_idle(service: TableService, after: float) -> list[str]:
    """Archive the tables idle for ``after`` seconds that nobody is at; returns their ids."""
    before = datetime.now(UTC) - timedelta(seconds=after)
    busy = [t.id for t in service.tables.values() if t.connections()]
    ids = await service._db(service.store.archive_idle, before, busy)
    for tid in ids:
        table = service.tables.get(tid)
        if table is None:
            continue
        if table.connections():  # someone sat down while it was being archived: keep it
            await service._db(service.store.set_status, tid, table.status)
            continue
        await service.forget(table)
    if ids:
        log.info("archived %d idle tables", len(ids))
    return ids


async def keep_archiving(service: TableService, limits: Limits) -> None:
    """Look for idle tables every ``archive_every`` seconds while the server runs."""
    while True:
        await asyncio.sleep(limits.archive_every)
        try:
            await archive_idle(service, limits.archive_after)
        except Exception:  # noqa: BLE001  archiving must never stop the server
            log.exception("could not archive idle tables")


async def archived_info(service: TableService, table_id: str) -> dict[str, Any]:
    """What the address of an archived table answers (404 if there never was such a table)."""
    row = await service._db(service.store.get_table, table_id)
    if row is None or row.status != ARCHIVED:
        raise TableError("no such table", 404)
    try:
        title = gamenight.get_game(row.game).spec.title
    except gamenight.UnknownGame:
        title = row.game
    return {"id": row.id, "game": row.game, "title": title, "players": row.players, "status": ARCHIVED,
            "error": ARCHIVED_TEXT, "seats": []}
