"""The FastAPI app: REST for tables and host controls, a WebSocket per seat, static UI;
houses (``server.houses``) have their own routes and answer questions raised at tables.

People at a table (claimed seats, names, chat, the turn timer) are ``server.people``;
taking a move back, ``server.undo``; replays and QR codes, ``server.review``.

``create_app(database_url)`` builds the app (SQLite in the user's data directory when no
URL is given); ``run(host, port, database_url)`` serves it with uvicorn."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketDisconnect, WebSocketState

import gamenight
from gamenight import houses as H
from gamenight.engine import options as opts
from gamenight.engine.view import view_schema
from gamenight.rulebook import render
from gamenight.server.archive import ARCHIVED_TEXT, archive_idle, archived_info, keep_archiving
from gamenight.server.guard import BodyLimit, PlainName, SecurityHeaders, invalid_request, json_message, store_failed
from gamenight.server.houses import HouseProblem, HouseService
from gamenight.server.houses import router as house_router
from gamenight.server.limits import AddressLimiter, Limits
from gamenight.server.people import People
from gamenight.server.review import router as review_router
from gamenight.server.tables import Connection, Settings, Table, TableError, TableService
from gamenight.server.undo import Undos
from gamenight.store import Store, StoreError

log = logging.getLogger("gamenight.server")
STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 64 * 1024


class CreateTable(BaseModel):
    game: str = Field(max_length=64)
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    preset: str | None = Field(default=None, max_length=64)
    bots: list[int] = Field(default_factory=list, max_length=16)
    names: list[PlainName] = Field(default_factory=list, max_length=16)
    house: str | None = Field(default=None, max_length=32)
    """Play under this house's rules (its current version for the game, at every new match);
    only a member of the house may, through their own link (``X-House-Key``)."""
    listed: bool = False
    """Show the table in the lobby's list (tables are private unless their host lists them)."""


def _games() -> list[dict[str, Any]]:
    out = []
    for spec in gamenight.games():
        out.append({
            "id": spec.id, "title": spec.title, "family": spec.family,
            "players": spec.player_counts(Settings.max_seats),
            "default_players": spec.preferred_players, "summary": spec.summary,
            "presets": {k: dict(v) for k, v in spec.presets.items()},
            "options": [{"name": i.name, "label": i.label, "kind": i.kind.__name__, "default": i.default,
                         "rule": i.rule, "choices": list(i.choices) if i.choices else None,
                         "minimum": i.minimum, "maximum": i.maximum} for i in opts.describe(spec.options)],
        })
    return out


def links(table: Table) -> dict[str, Any]:
    """The host's links: a seat's link only until someone has claimed the seat (then its token
    is that person's alone, and the host sees only that it is taken)."""
    base = f"/table/{table.id}"
    seats = [{"seat": s.index, "kind": s.kind, "name": s.name, "claimed": s.claimed,
              "link": f"{base}#token={s.token}" if s.kind == "human" and not s.claimed else None}
             for s in table.seats]
    first = next((s for s in table.seats if s.kind == "human"), None)
    host = f"{base}#token={first.token}&host={table.host_token}" if first and not first.claimed \
        else f"{base}#host={table.host_token}"
    return {"host": host, "seats": seats, "spectator": base}


class TurnTimer(BaseModel):
    seconds: int = Field(ge=0, le=3600)
    """Seconds a person has for each move (0: no timer)."""


class RateLimiter:
    """A token bucket per connection."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class WsConnection(Connection):
    """A WebSocket client; messages go out in order through a bounded queue and a writer task
    (a deque and one future to wake the writer: an ``asyncio.Queue`` costs the loop more per message)."""

    def __init__(self, ws: WebSocket, seat: int | None, max_queue: int) -> None:
        super().__init__(seat)
        self.ws = ws
        self.queue: deque[str | None] = deque()
        self.max_queue = max_queue if max_queue > 0 else 1 << 62  # 0: no bound, as asyncio.Queue(0)
        self._wake: asyncio.Future[None] | None = None
        self.close_code: tuple[int, str] | None = None
        self.task = asyncio.get_running_loop().create_task(self._writer())

    def _put(self, item: str | None) -> None:
        self.queue.append(item)
        wake, self._wake = self._wake, None
        if wake is not None and not wake.done():
            wake.set_result(None)

    def deliver(self, text: str) -> None:
        if len(self.queue) >= self.max_queue:
            self.close(1013, "too slow to keep up")
        else:
            self._put(text)

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.close_code is None:
            self.close_code = (code, reason)
        self.closed = True
        if len(self.queue) < self.max_queue:
            self._put(None)
        if len(self.queue) >= self.max_queue:
            self.task.cancel()
            asyncio.get_running_loop().create_task(self._close_now())

    async def _close_now(self) -> None:
        with contextlib.suppress(Exception):
            code, reason = self.close_code or (1000, "")
            await self.ws.close(code, reason)

    async def _writer(self) -> None:
        queue, loop = self.queue, asyncio.get_running_loop()
        try:
            while True:
                if not queue:
                    self._wake = loop.create_future()
                    await self._wake
                item = queue.popleft()
                if item is None:
                    break
                await self.ws.send_text(item)
        except Exception:  # noqa: BLE001  the reader notices the disconnect
            return
        if self.close_code is not None:
            await self._close_now()

    async def stop(self) -> None:
        self.closed = True
        self.task.cancel()
        with contextlib.suppress(BaseException):
            await self.task


def create_app(database_url: str | None = None, settings: Settings | None = None,
               houses: Sequence[H.House] = (), limits: Limits | None = None, settle: bool = False) -> FastAPI:
    """The web app on ``database_url`` (SQLite in the user's data directory if None);
    ``houses`` are brought in at start-up unless the house with that id is already kept;
    ``limits`` per client address (``Limits.from_env()`` if None); ``settle``: the process is the
    server's own, tune its garbage collector once the tables are loaded (``settle_heap``)."""
    settings = settings or Settings.from_env()
    limiter = AddressLimiter(limits or Limits.from_env())
    holder: dict[str, Any] = {}

    def creating(request: Request) -> None:
        """Count a table or house made from this address; 429 once it makes them too fast."""
        address = request.client.host if request.client else "unknown"
        if not limiter.may_create(address):
            raise TableError("too many new tables and houses from your address: wait a little", 429,
                             {"Retry-After": str(limiter.retry_after(address))})

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        cluster = None
        if settings.redis:  # one of several processes (Redis is an optional install)
            from gamenight.server.cluster import AnnouncingStore, Cluster

            store: Store = await asyncio.to_thread(AnnouncingStore, database_url)
        else:
            store = await asyncio.to_thread(Store, database_url)
        service = TableService(store, settings)
        if settings.redis:  # join the others before loading any table
            cluster = holder["cluster"] = Cluster(service, settings.redis, settings.redis_prefix,
                                                  settings.lease_seconds)
            await cluster.start()
        holder["people"], holder["undos"] = People(service), Undos(service)
        house_service = HouseService(store, service)
        await house_service.preload()
        for house in houses:
            row, key = await house_service.bring_in(house)
            if key is not None:  # the host's link goes to the operator's terminal once, never to the log
                print(f"house {house.name}: imported; the host's own link: /house/{row.id}#key={key}", flush=True)
            else:
                log.info("house %s: already kept as /house/%s; the file was not imported again", house.name, row.id)
        await archive_idle(service, limiter.limits.archive_after)  # before loading: never replay idle tables
        await service.load_all()
        if settle:
            settle_heap()
        holder["service"] = service
        holder["houses"] = house_service
        app.state.service = service
        app.state.houses = house_service
        log.info("gamenight serving %d tables from %s", len(service.tables), store.safe_url)
        archiver = asyncio.get_running_loop().create_task(keep_archiving(service, limiter.limits))
        try:
            yield
        finally:
            archiver.cancel()
            await house_service.previews.close()
            if cluster is not None:
                await cluster.close()
            holder["people"].close()
            await service.close()
            store.close()

    app = FastAPI(title="gamenight", lifespan=lifespan, docs_url=None, redoc_url=None)

    def service() -> TableService:
        return holder["service"]  # type: ignore[no-any-return]

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    if settings.redis:
        from gamenight.server.cluster import LoadOnDemand

        app.add_middleware(LoadOnDemand, cluster=lambda: holder.get("cluster"))
    app.add_middleware(SecurityHeaders)

    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
    app.add_exception_handler(StoreError, store_failed)  # type: ignore[arg-type]

    @app.exception_handler(TableError)
    async def table_error(_: Request, exc: TableError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(HouseProblem)
    async def house_problem(_: Request, exc: HouseProblem) -> JSONResponse:
        return JSONResponse({"detail": str(exc), "key": exc.key}, status_code=exc.status)

    # --- pages ------------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/table/{table_id}/replay/{number}", include_in_schema=False)
    async def replay_page(table_id: str, number: int) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @app.get("/houses", include_in_schema=False)
    async def houses_page() -> FileResponse:
        return FileResponse(STATIC / "houses.html")

    @app.get("/house/{house_id}", include_in_schema=False)
    async def house_page(house_id: str) -> FileResponse:
        return FileResponse(STATIC / "house.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(house_router(lambda: holder["houses"], Depends(creating)))
    app.include_router(review_router(service, links))

    # --- REST -------------------------------------------------------------------------------------
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        cluster = holder.get("cluster")
        return {"ok": True, "tables": len(service().tables), "process": cluster.id if cluster else None}

    @app.get("/api/schema/view")
    async def view_schema_route() -> dict[str, Any]:
        """The JSON Schema of the ``view`` every state message carries."""
        return view_schema()

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return _games()

    @app.post("/api/tables", status_code=201, dependencies=[Depends(creating)])
    async def create_table(body: CreateTable, x_house_key: str | None = Header(default=None, max_length=100)
                           ) -> dict[str, Any]:
        member = None
        if body.house is not None:  # only a member, through their own link, makes a table under a house
            member = await holder["houses"].require_member(body.house, x_house_key)
        t = await service().create(body.game, body.players, body.options, body.preset, body.bots, body.names,
                                   body.house, member, body.listed)
        return {"table": t.info(), "host_token": t.host_token, "links": links(t)}

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        """The tables their hosts listed: a table is private (known by its link) unless listed."""
        return [t.info() for t in service().tables.values() if t.listed]

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        """The table's public facts (an archived table: that it was archived)."""
        table = service().tables.get(table_id)
        return table.info() if table is not None else await archived_info(service(), table_id)

    @app.get("/api/tables/{table_id}/links")
    async def get_links(table_id: str, x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        t = service().get(table_id)
        if not t.is_host(x_host_token):
            raise TableError("only the host may do that", 403)
        return links(t)

    @app.get("/api/tables/{table_id}/rules")
    async def rules(table_id: str) -> HTMLResponse:
        t = service().get(table_id)
        if t.house_id is not None:
            return HTMLResponse(holder["houses"].rulebook_html(t))
        return HTMLResponse(rulebook_html(t))

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        t = service().get(table_id)
        await service().start(t, x_host_token)
        return t.info()

    @app.post("/api/tables/{table_id}/again")
    async def again(table_id: str, x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        t = service().get(table_id)
        await service().again(t, x_host_token)
        return t.info()

    @app.put("/api/tables/{table_id}/seats/{seat}/bot")
    async def add_bot(table_id: str, seat: int, x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        t = service().get(table_id)
        await service().set_bot(t, x_host_token, seat, True)
        return {"table": t.info(), "links": links(t)}

    @app.post("/api/tables/{table_id}/seats/{seat}/link")
    async def reissue(table_id: str, seat: int, x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        """A new link for a seat whose owner lost theirs; the old link stops working at once."""
        t = service().get(table_id)
        await holder["people"].reissue(t, x_host_token, seat)
        return {"table": t.info(), "links": links(t)}

    @app.put("/api/tables/{table_id}/timer")
    async def turn_timer(table_id: str, body: TurnTimer,
                         x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        t = service().get(table_id)
        await holder["people"].set_timer(t, x_host_token, body.seconds)
        return t.info()

    @app.delete("/api/tables/{table_id}/seats/{seat}/bot")
    async def remove_bot(table_id: str, seat: int,
                         x_host_token: str | None = Header(default=None)) -> dict[str, Any]:
        t = service().get(table_id)
        await service().set_bot(t, x_host_token, seat, False)
        return {"table": t.info(), "links": links(t)}

    # --- live play ----------------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        """A socket, counted against its address's limits while it is open."""
        address = ws.client.host if ws.client else "unknown"
        refused = limiter.open_socket(address)
        if refused is not None:
            await ws.accept()
            await _refuse(ws, refused, 4429)
            return
        try:
            await play(ws, table_id)
        finally:
            limiter.close_socket(address)

    async def play(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        svc = service()
        table = svc.tables.get(table_id)
        if table is None:
            try:
                await archived_info(svc, table_id)
                await _refuse(ws, ARCHIVED_TEXT, 4410)
            except TableError as e:
                await _refuse(ws, str(e), 4404)
            return
        try:
            first = await asyncio.wait_for(ws.receive(), timeout=15)
        except (TimeoutError, WebSocketDisconnect):
            await _refuse(ws, "say hello first", 4400)
            return
        hello = _decode(first, settings.max_message_bytes)
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            await _refuse(ws, 'the first message must be {"type": "hello", "token": ...}', 4400)
            return
        token = hello.get("token")
        seat: int | None = None
        if token:
            seat = table.seat_for_token(token) if isinstance(token, str) and len(token) < 100 else None
            if seat is None:
                await _refuse(ws, "this link is not (or no longer) valid for a seat at this table", 4403)
                return
        claimed: str | None = None
        if seat is not None and hello.get("name") is not None and not table.seats[seat].claimed:
            try:  # joining through the seat's link under a name: the seat becomes this page's alone
                claimed = await holder["people"].claim(table, seat, hello.get("name"))
            except TableError as e:
                await _refuse(ws, str(e), 4403 if e.status == 409 else 4400)
                return
        conn = WsConnection(ws, seat, settings.send_queue)
        conn.hidden = hello.get("here") is False
        if claimed is not None:
            conn.send({"type": "claimed", "seat": seat, "token": claimed, "name": table.seats[seat or 0].name})
        limiter = RateLimiter(settings.rate_per_second, settings.rate_burst)
        violations = 0
        await svc.connect(table, conn)
        holder["people"].history(table, conn)
        try:
            while not conn.closed:
                try:  # the page pings every 15 s: silence this long means the connection is dead
                    async with asyncio.timeout(settings.heartbeat_timeout):  # no task per message, as wait_for makes
                        msg = await ws.receive()
                except TimeoutError:
                    conn.close(4408, "no heartbeat")
                    break
                if msg["type"] == "websocket.disconnect":
                    break
                if not limiter.allow():
                    violations += 1
                    conn.send({"type": "error", "message": "too many messages: slow down"})
                    if violations > settings.max_rate_violations:
                        conn.close(4429, "too many messages")
                    continue
                data = _decode(msg, settings.max_message_bytes)
                if isinstance(data, str):
                    conn.send({"type": "error", "message": data})
                    continue
                try:
                    await _handle(svc, holder, table, conn, data)
                except Exception:  # noqa: BLE001  one bad message never takes the server down
                    log.exception("table %s: error handling a message", table.id)
                    conn.send({"type": "error", "message": "internal error handling that message"})
        except WebSocketDisconnect:
            pass
        finally:
            await svc.disconnect(table, conn)
            await conn.stop()
            if ws.application_state != WebSocketState.DISCONNECTED and conn.close_code is not None:
                with contextlib.suppress(Exception):
                    await ws.close(*conn.close_code)

    return app


async def _refuse(ws: WebSocket, message: str, code: int) -> None:
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps({"type": "error", "message": message}))
        await ws.close(code, message[:100])


def _decode(msg: Any, limit: int) -> dict[str, Any] | str:
    """The message as a JSON object, or an error text."""
    raw = msg.get("text")
    if raw is None:
        data = msg.get("bytes")
        if data is None:
            return "empty message"
        if len(data) > limit:
            return f"message too large (at most {limit} bytes)"
        try:
            raw = data.decode("utf-8")
        except UnicodeDecodeError:
            return "messages must be UTF-8 JSON"
    if len(raw) > limit:
        return f"message too large (at most {limit} bytes)"
    return json_message(raw)


async def _handle(svc: TableService, holder: dict[str, Any], table: Table, conn: Connection,
                  data: dict[str, Any]) -> None:
    kind = data.get("type")
    houses: HouseService = holder["houses"]
    if kind == "act":
        await svc.submit(table, conn, data.get("action"), data.get("id"), data.get("at"))
    elif kind in ("ask", "answer"):
        await houses.at_table(table, conn, data)
    elif kind == "ready":
        await svc.ready(table, conn)
    elif kind == "presence":
        await svc.set_presence(table, conn, data.get("here") is not False)
    elif kind == "chat":
        holder["people"].say(table, conn, data.get("text"))
    elif kind == "undo":
        await holder["undos"].ask(table, conn)
    elif kind == "undo-answer":
        await holder["undos"].answer(table, conn, data.get("yes"))
    elif kind == "ping":
        conn.send({"type": "pong"})
    elif kind == "sync":
        async with table.lock:
            svc.resync(table, conn)
    elif kind == "hello":
        conn.send({"type": "error", "message": "already connected"})
    else:
        conn.send({"type": "error",
                   "message": f"unknown message type {str(kind)[:40]!r} "
                              "(act, ready, ask, answer, presence, chat, undo, undo-answer, ping, sync)"})


def rulebook_html(table: Table) -> str:
    """This table's rulebook, with the house rules in effect marked."""
    try:
        spec = gamenight.get_game(table.game_id).spec
    except gamenight.UnknownGame as e:
        return f"<p>{html.escape(str(e))}</p>"
    return render(spec, table.options, players=table.players, fmt="html")


def settle_heap() -> None:
    """Collect cyclic garbage rarely, and never look through what start-up made again.

    Every state message makes thousands of short-lived objects; with Python's default threshold
    (a young collection every 700 allocations) the collector also ran full passes over every
    table's match often enough to hold all the tables for a few hundred milliseconds: at 500
    tables the p99 of a move's answer went from about 80 ms to 300-500 ms (bench_server.py)."""
    gc.collect()
    gc.freeze()  # the modules, the games and the tables loaded at start-up stay
    gc.set_threshold(20_000, 10, 10)


def run(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
        houses: Sequence[H.House] = (), redis: str | None = None) -> None:
    """Serve the web app with uvicorn (``gamenight serve``); ``redis``: one of several processes
    (else ``GAMENIGHT_REDIS``, else alone)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = Settings.from_env(**({"redis": redis} if redis else {}))
    uvicorn.run(create_app(database_url, settings, houses=houses, settle=True), host=host, port=port,
                ws_max_size=64 * 1024, ws_per_message_deflate=settings.ws_deflate, log_level="info", access_log=False)
