"""Several server processes serving the same tables (``gamenight serve --redis URL``).

The database is the one truth; Redis only says where to look and who does what:

- every write that changes a table is committed first (a move under the unique (match,
  ply) key, so two processes can never both make ply n), then announced on one Redis
  channel as "table X changed";
- a process that has the table in memory reads what it missed from the store (the moves
  from its own ply on, or the whole table after a new match, a seat change or a move
  taken back) and tells its own sockets. A move (a person's or a bot's) is judged on the
  copy here, without a read first: the store takes an action only as its match's next ply
  (``PlyTaken`` otherwise), so a copy that had not yet heard of a move made elsewhere loses
  the race, reads the store, and judges again;
- the bots of a table run in one process: the one holding the table's Redis lease (SET NX
  PX, renewed while it lives); a dead process's leases run out and another takes its bots;
- who is at which seat is shared through a Redis hash per table, so a person connected to
  one process is never replaced by a bot in another; what is said and kept in no store (a
  chat line, a seat ready for the next hand) travels on the channel as it is;
- a request for a table this process has not loaded loads it from the store first
  (``LoadOnDemand``), so a socket at any process works for any table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
from collections.abc import Callable
from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.exceptions import RedisError
from starlette.types import ASGIApp, Receive, Scope, Send

from gamenight.server.tables import OVER, PLAYING, Table, TableService
from gamenight.store import ARCHIVED, Store, StoreError

log = logging.getLogger("gamenight.server.cluster")
TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([A-Za-z0-9_-]{1,32})(?:/|$)")
MOVE, RELOAD, PRESENCE = "move", "reload", "presence"

_LEASE = """
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""
"""Take or renew a table's bot lease: 1 if this process holds it now."""
_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"


class AnnouncingStore(Store):
    """The store, telling the other processes about each write to a table once it is committed."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        super().__init__(url, migrate=migrate)
        self.announce: Callable[[str, str], None] = lambda table_id, what: None
        """Called with (table id, what changed) after each commit, from whichever thread made it."""

    def append_action(self, match_id: int, ply: int, seat: int, action: str, status: str | None = None,
                      table_id: str | None = None) -> None:
        super().append_action(match_id, ply, seat, action, status, table_id)
        if table_id is not None:
            self.announce(table_id, MOVE)

    def new_match(self, table_id: str, *args: Any, **kwargs: Any) -> Any:
        row = super().new_match(table_id, *args, **kwargs)
        self.announce(table_id, RELOAD)
        return row

    def set_seat(self, table_id: str, *args: Any, **kwargs: Any) -> Any:
        row = super().set_seat(table_id, *args, **kwargs)
        self.announce(table_id, RELOAD)
        return row

    def set_status(self, table_id: str, status: str) -> None:
        super().set_status(table_id, status)
        self.announce(table_id, RELOAD)

    def set_turn_timer(self, table_id: str, seconds: int) -> None:
        super().set_turn_timer(table_id, seconds)
        self.announce(table_id, RELOAD)

    def take_back(self, match_id: int, ply: int) -> None:
        super().take_back(match_id, ply)
        table_id = self.match_table(match_id)
        if table_id is not None:
            self.announce(table_id, RELOAD)


class Cluster:
    """This process's part in a cluster: its announcements, its leases, what it hears."""

    def __init__(self, service: TableService, url: str, prefix: str = "gamenight", lease_seconds: float = 10.0) -> None:
        if not isinstance(service.store, AnnouncingStore):
            raise TypeError("a cluster needs an AnnouncingStore")
        self.service, self.store = service, service.store
        self.id = secrets.token_hex(8)
        """This process, as the other processes and the leases know it."""
        # a bounded pool that makes callers wait: a burst of sockets must not open a connection each
        pool = BlockingConnectionPool.from_url(url, max_connections=32, timeout=30, decode_responses=True)
        self.redis: Redis = Redis(connection_pool=pool)
        self.prefix = prefix
        self.channel = f"{prefix}:tables"
        self.lease_ms = max(1000, int(lease_seconds * 1000))
        self.owned: set[str] = set()
        """The tables whose bots run here."""
        self._claiming: set[str] = set()
        self._held_elsewhere: dict[str, float] = {}
        """Tables whose lease another process held when last asked, and until when (loop time)."""
        self._sharing: dict[str, bool] = {}
        """Tables whose presence is being written to Redis, and whether it changed again since."""
        self._loading: dict[str, asyncio.Future[None]] = {}
        self._stale: set[str] = set()
        """Tables changed elsewhere while nobody here watched them: read again when someone comes."""
        self._seated_by: dict[str, set[str]] = {}
        """Per table, the other processes through which someone sits there (watched for dying)."""
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._lease = self.redis.register_script(_LEASE)
        self._release = self.redis.register_script(_RELEASE)

    # --- keys ---------------------------------------------------------------------------------
    def _lease_key(self, table_id: str) -> str:
        return f"{self.prefix}:bots:{table_id}"

    def _here_key(self, table_id: str) -> str:
        return f"{self.prefix}:here:{table_id}"

    def _alive_key(self, process: str) -> str:
        return f"{self.prefix}:alive:{process}"

    # --- life -----------------------------------------------------------------------------------
    async def start(self) -> None:
        """Join: hook into the table service, then listen (before the tables load)."""
        try:
            await self.redis.ping()
            await self.redis.set(self._alive_key(self.id), "1", px=self.lease_ms)
        except RedisError as e:
            raise StoreError(f"cannot reach Redis: {e}") from e
        loop = asyncio.get_running_loop()

        def announce(table_id: str, what: str) -> None:
            message = json.dumps({"from": self.id, "table": table_id, "what": what})
            loop.call_soon_threadsafe(self._outbox.put_nowait, message)

        self.store.announce = announce
        svc = self.service
        svc.runs_bots = self.runs_bots
        svc.follow = self.follow
        svc.relay = self._relay
        svc.presence.append(self._presence_changed)
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.channel)
        self._tasks = [loop.create_task(self._listen(pubsub)), loop.create_task(self._publish()),
                       loop.create_task(self._keep_leases())]

    async def close(self) -> None:
        """Leave cleanly: the others take this one's bots and seats at their next look, not after the lease."""
        for t in self._tasks:
            t.cancel()
            with contextlib.suppress(BaseException):
                await t
        with contextlib.suppress(RedisError):
            for tid in self.owned:
                await self._release(keys=[self._lease_key(tid)], args=[self.id])
            for tid, table in self.service.tables.items():
                if table.connections():
                    await self.redis.hdel(self._here_key(tid), self.id)
            await self.redis.delete(self._alive_key(self.id))
        await self.redis.aclose(close_connection_pool=True)

    # --- what this process says --------------------------------------------------------------------
    async def _publish(self) -> None:
        while True:
            message = await self._outbox.get()
            try:
                await self.redis.publish(self.channel, message)
            except RedisError as e:  # the others catch up at their next move on this table
                log.warning("could not announce a change: %s", e)

    def _relay(self, table: Table, what: str, data: Any) -> None:
        self._outbox.put_nowait(json.dumps({"from": self.id, "table": table.id, "what": what, "data": data}))

    def _presence_changed(self, table: Table) -> None:
        if table.id in self._sharing:  # one writer per table, so the last word is written last
            self._sharing[table.id] = True
            return
        self._sharing[table.id] = False
        asyncio.get_running_loop().create_task(self._share_presence(table))

    async def _share_presence(self, table: Table) -> None:
        """Record who is at the table's seats through this process, and tell the others."""
        key = self._here_key(table.id)
        try:
            while True:
                here = sorted(s.index for s in table.seats if any(not c.hidden for c in s.conns))
                if any(s.conns for s in table.seats):
                    await self.redis.hset(key, self.id, json.dumps(here))
                else:
                    await self.redis.hdel(key, self.id)
                await self.redis.publish(self.channel, json.dumps({"from": self.id, "table": table.id,
                                                                   "what": PRESENCE}))
                if not self._sharing[table.id]:
                    break
                self._sharing[table.id] = False
        except RedisError as e:
            log.warning("table %s: could not share who is here: %s", table.id, e)
        finally:
            del self._sharing[table.id]

    # --- what this process hears ---------------------------------------------------------------------
    async def _listen(self, pubsub: Any) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        loop.create_task(self._heard(message["data"]))
            except RedisError as e:
                log.warning("lost the Redis channel (%s); joining again", e)
                await asyncio.sleep(1.0)
                with contextlib.suppress(RedisError):
                    await pubsub.subscribe(self.channel)

    async def _heard(self, raw: str) -> None:
        try:
            message = json.loads(raw)
            table = self.service.tables.get(message["table"])
            if message["from"] == self.id or table is None:
                return
            if message["what"] == PRESENCE:
                await self._read_presence(table)
                return
            heard = self.service.relayed.get(message["what"])
            if heard is not None:  # said, and kept nowhere: only the pages here need to hear it
                heard(table, message.get("data"))
                return
            if table.id not in self.owned and not table.connections():  # nobody here to tell
                self._stale.add(table.id)
                return
            async with table.lock:
                await (self.follow(table) if message["what"] == MOVE else self.refresh(table))
        except Exception:  # noqa: BLE001  one bad message never stops the listener
            log.exception("could not follow an announced change")

    async def follow(self, table: Table) -> None:
        """Apply the moves other processes committed since this one's ply, and tell the sockets
        here (through the table service, as if they were made here). Caller holds the lock."""
        match = table.match
        if match is None or table.match_id is None or table.status not in (PLAYING, OVER):
            return
        svc = self.service
        missed = await svc._db(self.store.actions_from, table.match_id, len(match.log))
        for seat, text in missed:
            try:
                await svc._apply(table, seat, match.parse(text), commit=False)
            except Exception:  # noqa: BLE001  the store disagrees with this copy: read it all again
                log.exception("table %s: could not follow the store; reloading it", table.id)
                await self.refresh(table)
                return

    async def refresh(self, table: Table) -> None:
        """Read the whole table again (a new match, a seat changed hands, a move taken back).
        Caller holds the lock."""
        svc = self.service
        row = await svc._db(self.store.get_table, table.id)
        if row is None or row.status == ARCHIVED or row.damaged is not None:
            return
        for s, r in zip(table.seats, row.seats):
            if (r.kind, r.token) != (s.kind, s.token):  # the seat's old link stops working everywhere
                for c in list(s.conns):
                    c.send({"type": "error", "message": "this seat's link was changed by the host or its owner"})
                    c.close(4001, "seat link changed")
                s.conns.clear()
            s.kind, s.token, s.name, s.claimed = r.kind, r.token, r.name, r.claimed
            if s.kind == "bot":
                svc._cancel_takeover(s)
                s.bot_playing, s.away_since = False, None
        table.listed, table.turn_timer = row.listed, row.turn_timer
        await svc._restore(table, row)
        for s in table.seats:
            svc._seat_presence(table, s)
        svc._broadcast(table)
        svc._kick_bots(table)

    async def _read_presence(self, table: Table) -> None:
        """Who sits at the table through the other live processes; a seat newly empty everywhere
        is away (a bot takes it after the grace period), a seat taken elsewhere is back."""
        try:
            entries: dict[str, str] = await self.redis.hgetall(self._here_key(table.id))  # type: ignore[assignment]
            others = [p for p in entries if p != self.id]
            alive = await self.redis.mget([self._alive_key(p) for p in others]) if others else []
        except RedisError as e:
            log.warning("table %s: could not read who is here: %s", table.id, e)
            return
        seated: set[int] = set()
        live: set[str] = set()
        for process, up in zip(others, alive):
            if up is None:  # that process died: forget it was here
                with contextlib.suppress(RedisError):
                    await self.redis.hdel(self._here_key(table.id), process)
                continue
            with contextlib.suppress(ValueError, TypeError):
                seated.update(int(i) for i in json.loads(entries[process]))
                live.add(process)
        if live:
            self._seated_by[table.id] = live
        else:
            self._seated_by.pop(table.id, None)
        changed = [s for s in table.seats if s.elsewhere != (s.index in seated)]
        if not changed:
            return
        async with table.lock:
            for s in changed:
                s.elsewhere = s.index in seated
                self.service._seat_presence(table, s)
            self.service._broadcast(table)

    # --- bots: one process per table --------------------------------------------------------------------
    def runs_bots(self, table: Table) -> bool:
        """True if this process holds the table's lease; if nobody may, try to take it."""
        if table.id in self.owned:
            return True
        loop = asyncio.get_running_loop()
        if table.id not in self._claiming and self._held_elsewhere.get(table.id, 0.0) <= loop.time():
            self._claiming.add(table.id)
            loop.create_task(self._claim(table))
        return False

    async def _claim(self, table: Table) -> None:
        try:
            if await self._lease(keys=[self._lease_key(table.id)], args=[self.id, self.lease_ms]) == 1:
                await self._take_bots(table)
            else:  # ask again once that lease could have run out (the lease keeper asks sooner)
                self._held_elsewhere[table.id] = asyncio.get_running_loop().time() + self.lease_ms / 1000
        except RedisError as e:
            log.warning("table %s: could not take the bots' lease: %s", table.id, e)
        finally:
            self._claiming.discard(table.id)

    async def _take_bots(self, table: Table) -> None:
        """This process now makes the table's bot moves: from the table as the store has it."""
        self.owned.add(table.id)
        if table.id in self._stale:
            self._stale.discard(table.id)
            async with table.lock:
                await self.refresh(table)  # it starts the bots
        else:
            self.service._kick_bots(table)

    async def _keep_leases(self) -> None:
        """Every third of a lease: say this process lives, renew its leases, take those of the
        dead, and notice people who left through a process that died."""
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            try:
                await self.redis.set(self._alive_key(self.id), "1", px=self.lease_ms)
                playing = [t for t in list(self.service.tables.values()) if t.status == PLAYING]
                async with self.redis.pipeline(transaction=False) as pipe:
                    for t in playing:
                        await self._lease(keys=[self._lease_key(t.id)], args=[self.id, self.lease_ms], client=pipe)
                    held = await pipe.execute()
            except RedisError as e:
                log.warning("could not renew the bots' leases: %s", e)
                continue
            for t, mine in zip(playing, held):
                if mine != 1:
                    self.owned.discard(t.id)
                    self._held_elsewhere[t.id] = asyncio.get_running_loop().time() + self.lease_ms / 1000
                elif t.id not in self.owned:
                    await self._take_bots(t)
            await self._bury_the_dead()

    async def _bury_the_dead(self) -> None:
        """The seats held through a process that died are empty now: read those tables' presence."""
        processes = sorted(set().union(*self._seated_by.values()))
        if not processes:
            return
        try:
            alive = await self.redis.mget([self._alive_key(p) for p in processes])
        except RedisError as e:
            log.warning("could not see which processes live: %s", e)
            return
        dead = {p for p, up in zip(processes, alive) if up is None}
        for tid, by in list(self._seated_by.items()):
            table = self.service.tables.get(tid)
            if table is None:
                self._seated_by.pop(tid, None)
            elif by & dead:
                await self._read_presence(table)

    # --- tables made by another process -------------------------------------------------------------------
    async def ensure(self, table_id: str) -> None:
        """Load the table from the store if another process made it (or this one forgot it), or
        read it again if it changed elsewhere while nobody here watched it."""
        table = self.service.tables.get(table_id)
        if table is not None:
            if table_id in self._stale:
                self._stale.discard(table_id)
                async with table.lock:
                    await self.refresh(table)
            return
        waiting = self._loading.get(table_id)
        if waiting is not None:
            await waiting
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = done
        try:
            row = await self.service._db(self.store.get_table, table_id)
        except StoreError as e:  # the request goes on and is told there is no such table
            log.warning("table %s: could not load it: %s", table_id, e)
            row = None
        try:
            if row is not None and row.status != ARCHIVED and table_id not in self.service.tables:
                table = await self.service.load(row)
                async with table.lock:  # what was committed while it loaded
                    await self.follow(table)
                await self._read_presence(table)
        finally:
            done.set_result(None)
            del self._loading[table_id]


class LoadOnDemand:
    """ASGI middleware: a request or socket for a table this process has not loaded loads it first."""

    def __init__(self, app: ASGIApp, cluster: Callable[[], Cluster | None]) -> None:
        self.app, self.cluster = app, cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            found = TABLE_PATH.match(scope.get("path", ""))
            cluster = self.cluster()
            if found and cluster is not None:
                await cluster.ensure(found[1])
        await self.app(scope, receive, send)
