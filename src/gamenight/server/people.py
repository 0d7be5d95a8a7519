"""People at a table: who sits where under what name, what they say, and how long they may
think. The table service (``server.tables``) keeps the match; this module keeps the people.

- A seat's link is an invitation until someone joins through it and names themselves: the
  seat is then claimed, and its token replaced by one only that person's page holds. The
  host, who handed the invitation out, can no longer read or play the seat; a person who
  lost their link asks the host to re-issue it, which disconnects the old one.
- A short chat: seats only, rate-limited, length-capped; the page isolates names and text.
- An optional turn timer the host switches on: a person who lets it run out has a bot make
  that one move for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from gamenight.server.tables import PLAYING, Connection, Table, TableError, TableService
from gamenight.store import new_token

NAME_MAX = 40
CHAT_MAX = 200
CHAT_KEPT = 40
"""Chat lines a page is told when it (re)connects."""
CHAT_RATE, CHAT_BURST = 0.5, 4
"""A seat may say a line every two seconds, four at once."""
TIMER_MAX = 3600


def clean_text(text: Any, limit: int) -> str:
    """Someone's text as the table shows it: no control or direction-changing characters, spaces
    collapsed, at most ``limit`` characters. Empty if nothing is left."""
    if not isinstance(text, str):
        return ""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    return " ".join(kept.split())[:limit]


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second, ``burst`` at once."""

    rate: float
    burst: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass
class Gathering:
    """What this module keeps per table."""

    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    chatty: dict[int, Bucket] = field(default_factory=dict)
    clocks: dict[int, float] = field(default_factory=dict)
    """Seat → when its turn began (time.monotonic), for seats a person plays under the turn timer."""
    alarm: asyncio.TimerHandle | None = None


def gathering(table: Table) -> Gathering:
    if table.people is None:
        table.people = Gathering()
    return table.people  # type: ignore[no-any-return]


def notice(table: Table, text: str, seats: tuple[int, ...] = ()) -> None:
    """Tell everyone at the table something that is not a move ("{0} took back their move")."""
    for c in table.connections():
        c.send({"type": "notice", "text": text, "seats": list(seats)})


class People:
    """Seats, names, chat and the turn timer, for every table of ``tables``."""

    def __init__(self, tables: TableService) -> None:
        self.tables = tables
        tables.after_move.append(self._moved)
        tables.payload.append(self._clock_payload)
        tables.relayed["chat"] = self._heard_chat

    # --- seats and names ------------------------------------------------------------------
    async def claim(self, table: Table, seat: int, name: Any) -> str:
        """``seat``'s invitation taken up by someone named ``name``: the seat is theirs, under a
        new token (returned) that only their page holds. Pages still on the invitation are closed."""
        clean = clean_text(name, NAME_MAX)
        if not clean:
            raise TableError("say who you are: a name of 1 to 40 letters")
        async with table.lock:
            s = table.seats[seat]
            if s.claimed or s.kind != "human":
                raise TableError("this seat has been taken", 409)
            row = await self.tables._db(self.tables.store.set_seat, table.id, seat, "human", new_token(), clean, True)
            s.token, s.name, s.claimed = row.token, row.name, True
            self._drop(s.conns, 4409, f"{clean} has taken this seat")
            self.tables.refresh_house(table)
            self.tables._broadcast(table)
            return row.token

    async def reissue(self, table: Table, host_token: str | None, seat: int) -> None:
        """The host hands out a new link for ``seat`` (its owner lost theirs): the old one stops
        working at once, and whoever opens the new one names themselves again."""
        self.tables._host(table, host_token)
        if not 0 <= seat < table.players:
            raise TableError("no such seat", 404)
        async with table.lock:
            s = table.seats[seat]
            if s.kind != "human":
                raise TableError("a bot plays this seat: make it a person's seat first", 409)
            row = await self.tables._db(self.tables.store.set_seat, table.id, seat, "human", new_token(), None, False)
            s.token, s.claimed = row.token, False
            self._drop(s.conns, 4410, "the host gave this seat a new link")
            self.tables._seat_presence(table, s)
            self.tables._broadcast(table)

    @staticmethod
    def _drop(conns: set[Connection], code: int, reason: str) -> None:
        for c in list(conns):
            c.send({"type": "error", "message": reason, "code": code})
            c.close(code, reason)
        conns.clear()

    # --- chat -----------------------------------------------------------------------------
    def history(self, table: Table, conn: Connection) -> None:
        """What was said lately, for a page that (re)connects."""
        lines = list(gathering(table).chat)
        if lines:
            conn.send({"type": "chat", "lines": lines})

    def say(self, table: Table, conn: Connection, text: Any) -> None:
        if conn.seat is None:
            conn.send({"type": "error", "message": "spectators watch quietly: only players chat"})
            return
        line = clean_text(text, CHAT_MAX)
        if not line:
            conn.send({"type": "error", "message": f"a chat line is text of 1 to {CHAT_MAX} characters"})
            return
        bucket = gathering(table).chatty.setdefault(conn.seat, Bucket(CHAT_RATE, CHAT_BURST))
        if not bucket.allow():
            conn.send({"type": "error", "message": "you are chatting too fast: wait a moment"})
            return
        said = {"seat": conn.seat, "text": line, "at": int(time.time())}
        self.tables.relay(table, "chat", said)
        self._tell(table, said)

    def _heard_chat(self, table: Table, said: Any) -> None:
        """A chat line said through another process of a cluster."""
        if (isinstance(said, dict) and said.keys() == {"seat", "text", "at"} and isinstance(said["seat"], int)
                and 0 <= said["seat"] < len(table.seats) and isinstance(said["at"], int)
                and clean_text(said["text"], CHAT_MAX) == said["text"] != ""):
            self._tell(table, said)

    def _tell(self, table: Table, said: dict[str, Any]) -> None:
        gathering(table).chat.append(said)
        for c in table.connections():
            c.send({"type": "chat", "lines": [said]})

    # --- the turn timer ----------------------------------------------------------------------
    async def set_timer(self, table: Table, host_token: str | None, seconds: Any) -> None:
        self.tables._host(table, host_token)
        number = isinstance(seconds, int) and not isinstance(seconds, bool)
        least = self.tables.settings.turn_timer_min
        if not number or not (seconds == 0 or least <= seconds <= TIMER_MAX):
            raise TableError(f"a turn timer is 0 (off) or {least} to {TIMER_MAX} seconds")
        async with table.lock:
            await self.tables._db(self.tables.store.set_turn_timer, table.id, seconds)
            table.turn_timer = seconds
            gathering(table).clocks.clear()
            self.tables._broadcast(table)

    def _timed_seats(self, table: Table) -> list[int]:
        """Seats to act now that a person plays (the clock does not run for bots)."""
        match = table.match
        if not table.turn_timer or match is None or table.status != PLAYING or table.undo is not None:
            return []
        return [s for s in match.to_act() if not table.seats[s].bot_controlled]

    def _moved(self, table: Table, seat: int) -> None:
        gathering(table).clocks.pop(seat, None)  # the next turn of the same seat starts afresh

    def _clock_payload(self, table: Table, viewer: int | None) -> dict[str, Any]:
        """The turn clocks in every state message (kept up to date here: every change is broadcast)."""
        g = gathering(table)
        timed = self._timed_seats(table)
        now = time.monotonic()
        for s in list(g.clocks):
            if s not in timed:
                del g.clocks[s]
        for s in timed:
            g.clocks.setdefault(s, now)
        self._set_alarm(table)
        if not table.turn_timer:
            return {}
        left = {str(s): max(0, round(table.turn_timer - (now - since), 1)) for s, since in g.clocks.items()}
        return {"timer": {"seconds": table.turn_timer, "left": left}}

    def _set_alarm(self, table: Table) -> None:
        g = gathering(table)
        if g.alarm is not None:
            g.alarm.cancel()
            g.alarm = None
        if not g.clocks:
            return
        due = min(g.clocks.values()) + table.turn_timer - time.monotonic()
        loop = asyncio.get_running_loop()
        g.alarm = loop.call_later(max(0.0, due), lambda: loop.create_task(self._time_up(table)))

    async def _time_up(self, table: Table) -> None:
        async with table.lock:
            g = gathering(table)
            g.alarm = None
            now = time.monotonic()
            late = [s for s, since in g.clocks.items() if now - since >= table.turn_timer - 0.05]
            for seat in late:
                if seat not in self._timed_seats(table):
                    continue
                g.clocks.pop(seat, None)
                notice(table, "{0} ran out of time: a bot made the move.", (seat,))
                await self.tables.bot_move(table, seat)
            self._set_alarm(table)

    def close(self) -> None:
        for table in self.tables.tables.values():
            g = table.people
            if isinstance(g, Gathering) and g.alarm is not None:
                with contextlib.suppress(Exception):
                    g.alarm.cancel()
