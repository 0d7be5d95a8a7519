"""The table service: every table in play, its seats and connections, its match, its bots.

Generic for every registered game: it only uses ``Match`` (to_act, legal_actions, check,
apply, view, prompt, sheet, result) and the game's ``redact`` for the per-seat log.

Rules of the house kept here:
- one action at a time per table (``Table.lock``); an accepted action is committed to the
  store before any seat hears of it; every connected seat then receives its own view;
- a refused action changes nothing and is answered with the clause id and text;
- a human seat with no connection, or whose page is hidden, is "away"; after the grace
  period a bot plays for it, and the seat is handed back as soon as its owner is back
  (``server.people`` keeps seats, names, presence, chat and the turn timer; ``server.undo``
  takes a move back by agreement);
- people get time to see what an action ended: bots wait a moment after a completed trick,
  and after the end of a hand (an action with summary events) until everyone here is ready
  or the hand pause runs out;
- a table whose saved match cannot be restored is "broken" with the reason; others run on;
- a table played under a house asks its ``HouseHooks`` for the house's rules at every new
  match, and shows the house's block (version, questions) that the hooks keep up to date.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import functools
import json
import logging
import os
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import gamenight
from gamenight.bots import Bot, make_bot
from gamenight.engine import options as opts
from gamenight.engine.actions import Action, ActionSyntaxError, did_you_mean, understand
from gamenight.engine.clauses import UNKNOWN, IllegalAction
from gamenight.engine.game import MOST_SEATS
from gamenight.engine.match import Match, MatchRecordError
from gamenight.engine.registry import UnknownGame, resolve_options
from gamenight.engine.view import LazyView
from gamenight.server.messages import Broadcast
from gamenight.server.workers import Workers
from gamenight.store import PlyTaken, SeatRow, Store, StoreError, TableRow, new_token

log = logging.getLogger("gamenight.server")
T = TypeVar("T")
MOVES_REMEMBERED = 200
"""Move ids kept per table to recognise a move a page sends again after reconnecting."""

WAITING, PLAYING, OVER, BROKEN = "waiting", "playing", "over", "broken"


def made_since(match: Match, seat: int, text: str, seen: Any) -> bool:
    """Whether ``seat`` has made the move ``text`` (its words in any order) since ply ``seen``:
    a page's move sent again after it was made and its answer lost."""
    if not isinstance(seen, int) or isinstance(seen, bool) or not 0 <= seen < len(match.log):
        return False
    words = sorted(text.split())
    return any(e.seat == seat and sorted(str(e.action).split()) == words for e in match.log[seen:])


@dataclass
class Settings:
    """Server knobs; ``from_env`` reads ``GAMENIGHT_*`` variables (used by tests and ``serve``)."""

    bot_delay: float = 0.6
    """Seconds a bot waits before acting (0 in tests)."""
    trick_pause: float = 2.5
    """A completed trick stays on the table this many bot delays before a bot leads to the next."""
    hand_pause: float = 25.0
    """The end of a hand (its summary) stays this many bot delays before a bot goes on to the next
    hand, unless every person at the table says they are ready sooner."""
    grace_period: float = 30.0
    """Seconds a disconnected seat stays away before a bot plays for it."""
    max_message_bytes: int = 4096
    rate_per_second: float = 10.0
    rate_burst: int = 30
    max_rate_violations: int = 50
    max_seats: int = MOST_SEATS
    """Players at one table (a game whose book sets no limit, like Court Whist, stops here)."""
    max_legal: int = 3000
    """Legal actions sent per update (a combinatorial list is cut here; ``check`` still decides)."""
    send_queue: int = 512
    db_in_thread: bool = True
    db_threads: int = 16
    """Threads that wait on PostgreSQL for this process (SQLite has one writer). Each round trip
    holds a thread, so a busy process needs many in flight; the store pools 16 connections, and
    16 more in a burst."""
    heartbeat_timeout: float = 45.0
    """Seconds without a message (the page pings every 15) after which a connection is dead."""
    undo_timeout: float = 60.0
    """Seconds the others have to agree to take a move back."""
    turn_timer_min: int = 10
    """The shortest turn timer a host may set."""
    preview_games: int = 200
    """Bot matches under each rule set when a house asks what a proposal would do."""
    redis: str | None = None
    """Redis URL: several processes serve the same tables over one database (``server.cluster``)."""
    redis_prefix: str = "gamenight"
    """Names this server's Redis keys and channel (several sites may share one Redis)."""
    lease_seconds: float = 10.0
    """How long a process holds a table's bots without renewing: a dead process's tables move on after it."""
    ws_deflate: bool = True
    """Compress each WebSocket message (per-message deflate, when the browser offers it): a state
    message of about 1.2 KB goes as about 80 bytes, for some 8% more CPU per move at the server
    (``GAMENIGHT_WS_DEFLATE=0`` turns it off, for a server with many tables on a fast network)."""

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        s = cls()
        for name, conv in (("bot_delay", float), ("trick_pause", float), ("hand_pause", float),
                           ("grace_period", float), ("rate_per_second", float),
                           ("rate_burst", int), ("max_message_bytes", int), ("heartbeat_timeout", float),
                           ("preview_games", int), ("db_threads", int),
                           ("redis", str), ("redis_prefix", str), ("lease_seconds", float),
                           ("ws_deflate", _yes)):
            raw = os.environ.get(f"GAMENIGHT_{name.upper()}")
            if raw is not None:
                setattr(s, name, conv(raw))
        for k, v in overrides.items():
            setattr(s, k, v)
        return s


def _yes(raw: str) -> bool:
    return raw.strip().lower() not in ("0", "false", "no", "off", "")


class TableError(Exception):
    """A request the table cannot honour; ``status`` is the HTTP status to answer with
    (``headers``: any the answer needs, such as ``Retry-After``)."""

    def __init__(self, message: str, status: int = 400, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = headers


class HouseHooks(Protocol):
    """What the table service needs from houses (``server.houses`` provides it)."""

    async def rules(self, house_id: str, game_id: str) -> tuple[dict[str, Any], int]:
        """The house's option values for the game and the version number in force."""
        ...

    def block(self, table: Table) -> dict[str, Any] | None:
        """The public house facts shown at the table (name, version, questions)."""
        ...

    def notes(self, table: Table, clause_id: str) -> list[dict[str, Any]]:
        """The house's rulings about a clause, for a refused move."""
        ...


class Connection(abc.ABC):
    """One live client of a table (a seat or a spectator). Transports implement ``deliver``."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.events_sent: int | None = None
        """Events of the current match this client has been told (None: only recent ones)."""
        self.sheet_sent: Any = None
        """The version of the score sheet this client has (``messages.sheet_version``)."""
        self.table_sent: str | None = None
        """The table block this client has, as sent (``messages.Broadcast.table_block``)."""
        self.closed = False
        self.hidden = False
        """The page says it is hidden (another tab, a locked phone): its seat counts as away."""

    def send(self, payload: dict[str, Any] | str) -> None:
        """Queue a message (never blocks; a client too slow to keep up is dropped)."""
        if self.closed:
            return
        self.deliver(payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":")))

    @abc.abstractmethod
    def deliver(self, text: str) -> None:
        """Hand one encoded message to the transport (must not block)."""

    def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True


@dataclass
class SeatState:
    index: int
    kind: str  # "human" or "bot"
    token: str
    name: str
    claimed: bool = False
    """Someone joined through the seat's link and named themselves; the token is theirs alone."""
    conns: set[Connection] = field(default_factory=set)
    away_since: float | None = None
    bot_playing: bool = False
    takeover: asyncio.TimerHandle | None = None
    bot: Bot | None = None
    elsewhere: bool = False
    """Someone is at the seat through another server process (``server.cluster``)."""

    @property
    def bot_controlled(self) -> bool:
        return self.kind == "bot" or self.bot_playing

    @property
    def present(self) -> bool:
        """Someone is at the seat: connected, with the page in view."""
        return self.elsewhere or any(not c.hidden for c in self.conns)

    def public(self) -> dict[str, Any]:
        return {"seat": self.index, "name": self.name or f"Seat {self.index}", "kind": self.kind,
                "connected": bool(self.conns) or self.elsewhere, "away": self.kind == "human" and not self.present,
                "bot_playing": self.bot_playing, "claimed": self.claimed}


@dataclass
class Table:
    id: str
    game_id: str
    players: int
    options: dict[str, Any]
    preset: str | None
    host_token: str
    status: str
    seats: list[SeatState]
    error: str | None = None
    match: Match | None = None
    match_id: int | None = None
    match_number: int = 0
    spectators: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    _static: dict[str, Any] | None = None
    house_id: str | None = None
    house_version: int | None = None
    """The house's rules version the current match was started under."""
    house: dict[str, Any] | None = None
    """What the house shows at this table (kept by the house hooks)."""
    house_host: str | None = None
    """The member whose own link made this table under the house: the one who rules as its host."""
    listed: bool = False
    """Shown in the lobby's list of tables (only if the host asked)."""
    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    pause_until: float = 0.0
    """Bots wait until then (event-loop time): a completed trick is on the table."""
    hand_end: int | None = None
    """The ply whose action ended a hand, while its summary is on the table."""
    hand_until: float = 0.0
    """Bots wait for the people to read the hand's summary until then at the latest."""
    ready: set[int] = field(default_factory=set)
    """The seats whose players have read the hand's summary and are ready for the next."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when a player says they are ready, to end the bots' wait early."""
    turn_timer: int = 0
    """Seconds a person has for a move before a bot makes it for them (0: no timer)."""
    people: Any = None
    """What ``server.people`` keeps per table (the chat, the turn clocks)."""
    undo: Any = None
    """The request to take a move back that waits for the others (``server.undo``)."""
    zone_texts: dict[tuple[Any, ...], str] = field(default_factory=dict)
    """The zones' texts as this table's viewers were last shown them (``engine.view.zone_text``)."""
    moves_done: dict[tuple[int, str], None] = field(default_factory=dict)
    """The latest moves made, by (seat, the page's id for the move): a move sent again is not made twice."""

    @property
    def title(self) -> str:
        try:
            return gamenight.get_game(self.game_id).spec.title
        except UnknownGame:
            return self.game_id

    def seat_for_token(self, token: str) -> int | None:
        for s in self.seats:
            if s.kind == "human" and secrets.compare_digest(s.token, token):
                return s.index
        return None

    def is_host(self, token: str | None) -> bool:
        return bool(token) and secrets.compare_digest(self.host_token, token or "")

    def connections(self) -> list[Connection]:
        out = list(self.spectators)
        for s in self.seats:
            out.extend(s.conns)
        return out

    def info(self) -> dict[str, Any]:
        """What anyone with the table's address may know."""
        if self._static is None:  # the game and its options never change at a table
            self._static = {"id": self.id, "game": self.game_id, "title": self.title, "players": self.players,
                            "options": self.options, "changed": self._changed(), "preset": self.preset}
        out = {**self._static, "status": self.status, "error": self.error, "match_number": self.match_number,
               "seats": [s.public() for s in self.seats]}
        if self.hand_end is not None:
            out["hand_end"] = {"ply": self.hand_end, "ready": sorted(self.ready)}
        if self.house_id is not None:
            out["house"] = self.house
        return out

    def display_names(self) -> list[str]:
        """A unique name per seat (``Seat 2`` for a nameless one), as houses record people."""
        names = [s.name or f"Seat {s.index}" for s in self.seats]
        return [f"{n} (seat {i})" if names.count(n) > 1 else n for i, n in enumerate(names)]

    def host_seat(self) -> int | None:
        """The seat whose link carries the host token (the first person's seat)."""
        return next((s.index for s in self.seats if s.kind == "human"), None)

    def _changed(self) -> dict[str, Any]:
        try:
            spec = gamenight.get_game(self.game_id).spec
            return opts.changed(opts.build(spec.options, self.options))
        except (UnknownGame, opts.OptionError, TypeError):
            return {}


def _jsonable(v: Any) -> Any:
    return json.loads(json.dumps(v, default=str))


class TableService:
    def __init__(self, store: Store, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.tables: dict[str, Table] = {}
        self._pool: Workers | None = None
        self.houses: HouseHooks | None = None
        self.after_move: list[Callable[[Table, int], None]] = []
        """Called (under the table's lock) after each committed move, with the seat that made it."""
        self.payload: list[Callable[[Table, int | None], dict[str, Any]]] = []
        """Add their part to every state message (the undo request, the turn clocks)."""
        self.presence: list[Callable[[Table], None]] = []
        """Called after a connection came, went or was hidden or shown."""
        self.relay: Callable[[Table, str, Any], None] = lambda table, what, data: None
        """Tells the other processes of a cluster what was said at a table and kept in no store
        (a chat line, a seat ready for the next hand); ``relayed[what]`` hears it there."""
        self.relayed: dict[str, Callable[[Table, Any], None]] = {"ready": self._ready_elsewhere}
        self.runs_bots: Callable[[Table], bool] = lambda table: True
        """Whether this process makes the bots' moves at ``table`` (one process of several does)."""
        self.follow: Callable[[Table], Awaitable[None]] | None = None
        """Brings a table up to the moves other processes committed (caller holds its lock)."""

    async def _db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call off the event loop (one writer thread for SQLite, ``db_threads`` for PostgreSQL)."""
        if not self.settings.db_in_thread:
            return fn(*args, **kwargs)
        if self._pool is None:
            workers = 1 if self.store.url.startswith("sqlite") else self.settings.db_threads
            self._pool = Workers(workers, "gamenight-db")
        return await self._pool.run(functools.partial(fn, *args, **kwargs))

    # --- loading and creating ---------------------------------------------------------------
    async def load_all(self) -> None:
        """Rebuild every saved table not archived; one that cannot be restored (a damaged row,
        a lost match) is marked broken and logged, and the others load."""
        for row in await self._db(self.store.tables):
            await self.load(row)

    async def load(self, row: TableRow) -> Table:
        """Rebuild one saved table (at start-up, or when another process made it); one that
        cannot be restored is marked broken and logged."""
        table = self._table_from_row(row)
        self.tables[table.id] = table
        try:
            if row.damaged is not None:
                raise ValueError(row.damaged)
            await self._restore(table, row)
        except Exception as e:  # noqa: BLE001  a bad table must never stop the server
            table.status = BROKEN
            # a logged move may name hidden cards: the full reason goes to the operator's log only
            reason = e.public if isinstance(e, MatchRecordError) else \
                str(e) if isinstance(e, UnknownGame) else "its saved data is damaged"
            table.error = f"this table's saved game cannot be restored: {reason}"
            log.warning("table %s is broken: %s", table.id, e)
            return table
        if table.status == PLAYING:
            for s in table.seats:
                self._mark_away(table, s)
            self._kick_bots(table)
        return table

    def _table_from_row(self, row: TableRow) -> Table:
        return Table(row.id, row.game, row.players, row.options, row.preset, row.host_token, row.status,
                     [SeatState(s.seat, s.kind, s.token, s.name, s.claimed) for s in row.seats],
                     house_id=row.house_id, house_host=row.house_host, listed=row.listed,
                     turn_timer=row.turn_timer)

    async def _restore(self, table: Table, row: TableRow) -> None:
        gamenight.get_game(table.game_id)  # UnknownGame: broken
        if row.current_match is None:
            table.status = WAITING
            self.refresh_house(table)
            return
        mrow = await self._db(self.store.match, row.current_match)
        if mrow is None:
            raise MatchRecordError(f"match {row.current_match} is missing")
        match = gamenight.restore(mrow.record)
        table.house_version = mrow.house_version
        self._set_match(table, match, mrow.id, mrow.number)

    def _set_match(self, table: Table, match: Match, match_id: int, number: int) -> None:
        table.match, table.match_id, table.match_number = match, match_id, number
        table.status = OVER if match.over else PLAYING
        table.error = None
        for c in table.connections():
            c.events_sent = 0
        self.refresh_house(table)

    def refresh_house(self, table: Table) -> None:
        """Recompute what the house shows at this table (after its match or its house changed)."""
        if table.house_id is not None and self.houses is not None:
            table.house = self.houses.block(table)

    async def create(self, game: str, players: int | None = None, options: dict[str, Any] | None = None,
                     preset: str | None = None, bots: list[int] | None = None,
                     names: list[str] | None = None, house: str | None = None, house_host: str | None = None,
                     listed: bool = False) -> Table:
        """A new table. Under a house, ``house_host`` is the member whose link made it: the
        host's seat bears their name. ``listed``: shown in the lobby's list."""
        try:
            spec = gamenight.get_game(game).spec
        except UnknownGame as e:
            raise TableError(str(e), 404) from None
        n = players if players is not None else spec.preferred_players
        if n not in spec.players:
            raise TableError(f"{spec.title} is played by {spec.players_text} players, not {n}")
        if n > self.settings.max_seats:
            raise TableError(f"this server seats at most {self.settings.max_seats} players at a table")
        if house is not None:
            if options or preset:
                raise TableError("a house's table plays the house's rules: change them on the house's page")
            if self.houses is None:
                raise TableError("this server keeps no houses", 404)
            options, _ = await self.houses.rules(house, spec.id)
        try:
            chosen = resolve_options(spec, options or {}, preset)
            Match(gamenight.get_game(game), n, chosen, 0)  # options only the deal can judge are judged now
        except opts.OptionError as e:
            raise TableError(str(e)) from None
        bot_seats = set(bots or [])
        if any(not isinstance(b, int) or not 0 <= b < n for b in bot_seats):
            raise TableError(f"bot seats must be between 0 and {n - 1}")
        names = list(names or [])
        seat_specs = [("bot" if i in bot_seats else "human",
                       (names[i] if i < len(names) and names[i] else (f"Bot {i}" if i in bot_seats else ""))[:40])
                      for i in range(n)]
        host = next((i for i, (kind, _) in enumerate(seat_specs) if kind == "human"), None)
        if house_host is not None and host is not None:
            seat_specs[host] = ("human", house_host[:40])
        row = await self._db(self.store.create_table, game, n, _jsonable(opts.as_dict(chosen)), preset, seat_specs,
                             house, house_host, listed)
        table = self._table_from_row(row)
        self.refresh_house(table)
        self.tables[table.id] = table
        return table

    async def forget(self, table: Table) -> None:
        """Let go of a table (it was archived): its timers and bots stop."""
        self.tables.pop(table.id, None)
        for s in table.seats:
            self._cancel_takeover(s)
        if table.bot_task is not None:
            table.bot_task.cancel()
            with contextlib.suppress(BaseException):
                await table.bot_task

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no such table", 404)
        return table

    def _host(self, table: Table, host_token: str | None) -> None:
        if not table.is_host(host_token):
            raise TableError("only the host may do that", 403)

    # --- host controls -----------------------------------------------------------------------
    async def start(self, table: Table, host_token: str | None, seed: int | None = None) -> None:
        self._host(table, host_token)
        async with table.lock:
            if table.status == BROKEN:
                raise TableError(table.error or "this table is broken", 409)
            if table.status != WAITING:
                raise TableError("the game has already started", 409)
            await self._new_match(table, seed)

    async def again(self, table: Table, host_token: str | None, seed: int | None = None) -> None:
        self._host(table, host_token)
        async with table.lock:
            if table.status != OVER:
                raise TableError("play again is for when the game is over", 409)
            await self._new_match(table, seed)

    async def _new_match(self, table: Table, seed: int | None) -> None:
        version = None
        if table.house_id is not None:  # every match plays the house's rules in force when it starts
            if self.houses is None:
                raise TableError("this server keeps no houses", 409)
            options, version = await self.houses.rules(table.house_id, table.game_id)
            options = _jsonable(options)
            if options != table.options:
                table.options, table._static = options, None
        match = gamenight.load(table.game_id, players=table.players, options=table.options,
                               seed=seed if seed is not None else secrets.randbits(63))
        mrow = await self._db(self.store.new_match, table.id, match.spec.id, match.spec.rules_version,
                              match.players, match.seed, _jsonable(opts.as_dict(match.options)), table.house_id,
                              version)
        table.house_version = version
        self._set_match(table, match, mrow.id, mrow.number)
        for s in table.seats:
            self._mark_away(table, s)
        self._broadcast(table)
        self._kick_bots(table)

    async def set_bot(self, table: Table, host_token: str | None, seat: int, bot: bool) -> SeatState:
        """Give ``seat`` to a bot, or take it from the bot back for a person (with a fresh link)."""
        self._host(table, host_token)
        if not 0 <= seat < table.players:
            raise TableError("no such seat", 404)
        async with table.lock:
            s = table.seats[seat]
            if bot:
                row: SeatRow = await self._db(self.store.set_seat, table.id, seat, "bot", None,
                                              s.name or f"Bot {seat}")
                for c in list(s.conns):
                    c.send({"type": "error", "message": "the host gave this seat to a bot"})
                    c.close(4001, "seat given to a bot")
                s.conns.clear()
                self._cancel_takeover(s)
                s.kind, s.bot_playing, s.away_since = "bot", False, None
            else:
                name = "" if s.name == f"Bot {seat}" else s.name
                row = await self._db(self.store.set_seat, table.id, seat, "human", new_token(), name, False)
                s.kind, s.token, s.name, s.claimed = "human", row.token, row.name, False
                if table.status == PLAYING:
                    self._mark_away(table, s)
            s.name = row.name
            self._broadcast(table)
            self._kick_bots(table)
            return s

    # --- connections ---------------------------------------------------------------------------
    async def connect(self, table: Table, conn: Connection) -> None:
        async with table.lock:
            if conn.seat is None:
                table.spectators.add(conn)
            else:
                s = table.seats[conn.seat]
                s.conns.add(conn)
                self._seat_presence(table, s)
            conn.events_sent = None
            self._broadcast(table)
        self._presence_changed(table)

    async def disconnect(self, table: Table, conn: Connection) -> None:
        conn.closed = True
        if conn.seat is None:
            table.spectators.discard(conn)
            return
        s = table.seats[conn.seat]
        s.conns.discard(conn)
        self._presence_changed(table)
        if not s.present and s.kind == "human":
            self._mark_away(table, s)
            async with table.lock:
                self._broadcast(table)

    def _presence_changed(self, table: Table) -> None:
        for hook in self.presence:
            hook(table)

    async def set_presence(self, table: Table, conn: Connection, here: bool) -> None:
        """The page of ``conn`` was hidden (``here`` False: a locked phone, another tab, the
        back/forward cache) or shown again: its seat is away, or back and handed back."""
        if conn.seat is None or conn.hidden == (not here):
            return
        conn.hidden = not here
        async with table.lock:
            self._seat_presence(table, table.seats[conn.seat])
            self._broadcast(table)
        self._presence_changed(table)

    def _seat_presence(self, table: Table, s: SeatState) -> None:
        """After a connection came, went or changed visibility: away, or back at the seat."""
        if s.present:
            self._cancel_takeover(s)
            s.away_since, s.bot_playing = None, False
        else:
            self._mark_away(table, s)

    def _mark_away(self, table: Table, s: SeatState) -> None:
        if s.kind != "human" or s.present or table.status != PLAYING:
            return
        if s.away_since is None:
            s.away_since = time.monotonic()
        if s.takeover is None and not s.bot_playing:
            loop = asyncio.get_running_loop()
            s.takeover = loop.call_later(self.settings.grace_period, self._takeover, table, s)

    def _cancel_takeover(self, s: SeatState) -> None:
        if s.takeover is not None:
            s.takeover.cancel()
            s.takeover = None

    def _takeover(self, table: Table, s: SeatState) -> None:
        s.takeover = None
        if s.present or s.kind != "human":
            return

        async def go() -> None:
            async with table.lock:
                if s.present or s.kind != "human":
                    return
                s.bot_playing = True
                self._broadcast(table)
                self._kick_bots(table)

        asyncio.get_running_loop().create_task(go())

    # --- actions ---------------------------------------------------------------------------------
    async def submit(self, table: Table, conn: Connection, text: Any, move_id: Any = None,
                     seen: Any = None) -> bool:
        """A seat's action: applied and announced, or refused to that connection alone.

        ``move_id`` (the page's own name for the move) makes sending it again harmless: a page
        that lost its connection sends its unanswered moves again, and a move already made is
        only answered "done" again. This process remembers the ids it answered; ``seen``, the
        ply the page was at when the move was made, also finds a move made through another
        process, or before a restart: the seat has made that very move since. A move made now is
        answered in the state message that follows it (``"done": id``), not by a message of its own."""
        mid = move_id if isinstance(move_id, str) and 0 < len(move_id) <= 40 else None
        tag = {"id": mid} if mid else {}

        def answer(payload: dict[str, Any]) -> bool:
            done: bool = payload["type"] == "done"
            if mid or not done:  # a move without an id is acknowledged by the state that follows it
                conn.send({**payload, **tag})
            return done

        seat = conn.seat
        if seat is None:
            return answer({"type": "error", "message": "spectators cannot act"})
        if not isinstance(text, str) or not text.strip():
            return answer({"type": "error", "message": "an action must be text, like 'play QS'"})
        async with table.lock:
            if mid and (seat, mid) in table.moves_done:
                return answer({"type": "done", "action": text[:200]})
            # In a cluster the move is judged on this copy, which hears of moves made elsewhere a
            # moment late: a refusal, or a ply the store already has, reads the store and judges again.
            looks = 2 if self.follow is not None else 1
            answered = False
            for look in range(looks):
                last = look == looks - 1
                if look and self.follow is not None:
                    await self.follow(table)
                match = table.match
                if match is None or table.status not in (PLAYING, OVER):
                    return answer({"type": "error", "message": "the game has not started"
                                   if table.status == WAITING else f"the table is {table.status}"})
                if mid and made_since(match, seat, text, seen):
                    break
                if table.seats[seat].kind != "human":
                    return answer({"type": "error", "message": "this seat is played by a bot"})
                legal = match.legal_actions(seat) if seat in match.to_act() else []
                try:
                    action = understand(text, legal, match.parse)
                    answered = await self._apply(table, seat, action, mover=(conn, mid) if mid else None)
                except ActionSyntaxError as e:
                    if last:
                        return answer({"type": "error", "message": str(e), "action": text[:200],
                                       "suggestion": did_you_mean(text, legal)})
                except IllegalAction as e:
                    if last:
                        return answer({**self.refusal(table, e, text), "suggestion":
                                       did_you_mean(text, legal) if e.clause_id == UNKNOWN.id else None})
                except StoreError as e:
                    if last or not isinstance(e, PlyTaken):
                        return answer({"type": "error", "message": f"the move could not be saved; try again ({e})"})
                else:
                    break
            if mid:
                table.moves_done[(seat, mid)] = None
                while len(table.moves_done) > MOVES_REMEMBERED:
                    del table.moves_done[next(iter(table.moves_done))]
            return answered or answer({"type": "done", "action": text[:200]})

    def refusal(self, table: Table, e: IllegalAction, text: str) -> dict[str, Any]:
        """A refused move as the page shows it: the rule, why, and the house's rulings on it."""
        notes = self.houses.notes(table, e.clause_id) if self.houses and table.house_id else []
        return {"type": "refused", "action": text[:200], "clause_id": e.clause_id, "rule": e.rule,
                "detail": e.detail, "rulings": notes}

    async def _apply(self, table: Table, seat: int, action: Action, *, commit: bool = True,
                     mover: tuple[Connection, str] | None = None) -> bool:
        """Check, apply, commit (unless another process already has), then announce. Caller
        holds ``table.lock``. ``mover``: the connection that sent the move and its id for it,
        answered in its state message; True if it was."""
        match = table.match
        assert match is not None
        match.check(seat, action)
        first_event = match.event_count
        match.apply(seat, action)
        ply = len(match.log) - 1
        try:
            if commit:
                await self._db(self.store.append_action, table.match_id, ply, seat, str(action),
                               OVER if match.over else None, table.id)
        except StoreError:
            await self._reload(table)
            raise
        if match.over:
            table.status = OVER
        self._pause_after(table, seat, {e.kind for e in (match.state.events or [])[first_event:]})
        for hook in self.after_move:
            hook(table, seat)
        answered = self._broadcast(table, mover)
        self._kick_bots(table)
        return answered

    def _pause_after(self, table: Table, seat: int, kinds: set[str]) -> None:
        """Give people time to see what an action ended: a completed trick stays a moment; the end
        of a hand (its summary events) stays until everyone here is ready, or for the hand pause."""
        now = asyncio.get_running_loop().time()
        delay = self.settings.bot_delay
        if "summary" in kinds and table.status == PLAYING:
            table.hand_end = len(table.match.log) if table.match is not None else None
            table.ready = set()
            table.hand_until = now + delay * self.settings.hand_pause
        elif "trick" in kinds:
            table.pause_until = max(table.pause_until, now + delay * self.settings.trick_pause)
        elif table.hand_end is not None and not table.seats[seat].bot_controlled:
            table.ready.add(seat)  # a person who plays on has read the summary
            if self._everyone_ready(table):
                table.hand_end = None

    def _everyone_ready(self, table: Table) -> bool:
        return all(s.index in table.ready for s in table.seats
                   if (s.conns or s.elsewhere) and not s.bot_controlled)

    async def ready(self, table: Table, conn: Connection) -> None:
        """A seat's player has read the hand's summary; the next hand starts when all here have."""
        if conn.seat is None or table.hand_end is None:
            return
        async with table.lock:
            self.relay(table, "ready", conn.seat)
            self._mark_ready(table, conn.seat)

    def _ready_elsewhere(self, table: Table, seat: Any) -> None:
        """A player at another process has read the hand's summary."""
        if table.hand_end is not None and isinstance(seat, int) and 0 <= seat < len(table.seats):
            self._mark_ready(table, seat)

    def _mark_ready(self, table: Table, seat: int) -> None:
        table.ready.add(seat)
        if self._everyone_ready(table):
            table.hand_end = None
        table.wake.set()
        self._broadcast(table)

    async def _wait_for_pause(self, table: Table) -> None:
        """Hold the bots while a completed trick or a hand's end is on the table."""
        loop = asyncio.get_running_loop()
        while True:
            now = loop.time()
            if table.hand_end is not None:
                if now >= table.hand_until or self._everyone_ready(table):
                    table.hand_end = None
                    continue
                wait = table.hand_until - now
            elif now < table.pause_until:
                wait = table.pause_until - now
            else:
                return
            table.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.wake.wait(), wait)

    async def _reload(self, table: Table) -> None:
        """After a failed commit: put the match back as the store has it."""
        try:
            row = await self._db(self.store.get_table, table.id)
            if row is None:
                raise MatchRecordError("the table has disappeared from the database")
            await self._restore(table, row)
        except Exception as e:  # noqa: BLE001
            table.status, table.error = BROKEN, f"lost contact with the database: {e}"

    # --- bots ----------------------------------------------------------------------------------
    def _kick_bots(self, table: Table) -> None:
        if table.status != PLAYING or table.match is None or table.undo is not None or not self.runs_bots(table):
            return
        if not any(table.seats[s].bot_controlled for s in table.match.to_act()):
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        delay = self.settings.bot_delay
        while True:
            await asyncio.sleep(delay)
            await self._wait_for_pause(table)
            async with table.lock:
                match = table.match
                if match is None or table.status != PLAYING or table.undo is not None:
                    return
                seats = [s for s in match.to_act() if table.seats[s].bot_controlled]
                if not seats:
                    return
                if not await self.bot_move(table, seats[0]):
                    return

    async def bot_move(self, table: Table, seat: int) -> bool:
        """A bot makes one move for ``seat`` (its own seat, an away person's, or one whose
        turn timer ran out). Caller holds ``table.lock``. False: the seat has no move (or
        another process makes the bots' moves here)."""
        if not self.runs_bots(table):
            return False
        match = table.match
        if match is None or table.status != PLAYING or seat not in match.to_act():
            return True
        st = table.seats[seat]
        if st.bot is None:
            st.bot = make_bot(table.game_id)
        legal = list(match.legal_actions(seat))
        if not legal:
            log.error("table %s: seat %s is to act but has no legal action", table.id, seat)
            return False
        try:
            # read at once, each part only if the bot reads it (bots read no events), as in simulations
            choice = st.bot.choose(LazyView(match.game, match.state, seat), legal, table.rng)
        except Exception:  # noqa: BLE001  a faulty bot must not stall the table
            log.exception("table %s: bot for %s failed; playing at random", table.id, table.game_id)
            choice = table.rng.choice(legal)
        try:
            await self._apply(table, seat, choice)
        except IllegalAction:
            log.error("table %s: bot chose illegal %s; playing at random", table.id, choice)
            await self._apply(table, seat, table.rng.choice(legal))
        except PlyTaken:  # another process moved first (this copy has read the store since): choose again
            pass
        except StoreError:
            log.exception("table %s: could not save a bot move", table.id)
            await asyncio.sleep(1.0)
        return True

    # --- what each connection is told (``server.messages`` builds it) ---------------------------------
    def _broadcast(self, table: Table, mover: tuple[Connection, str] | None = None) -> bool:
        """Tell every connection the state; True if ``mover`` (a connection and the id of the move
        it sent) had the move answered in its message."""
        viewers = [s.index for s in table.seats if s.conns] + ([None] if table.spectators else [])
        out = Broadcast(self, table, viewers, mover)
        for s in table.seats:
            out.send(s.index, s.conns)
        out.send(None, table.spectators)
        return out.answered

    def state_payload(self, table: Table, viewer: int | None) -> dict[str, Any]:
        """Everything ``viewer`` (a seat, or None for a spectator) would be told on connecting now."""
        return Broadcast(self, table).fresh(viewer)

    def resync(self, table: Table, conn: Connection) -> None:
        conn.events_sent = None
        Broadcast(self, table).send(conn.seat, [conn])

    async def close(self) -> None:
        for t in self.tables.values():
            for s in t.seats:
                self._cancel_takeover(s)
            if t.bot_task is not None:
                t.bot_task.cancel()
                with contextlib.suppress(BaseException):
                    await t.bot_task
        if self._pool is not None:
            self._pool.shutdown()
