"""Server load benchmark: Hearts at many tables, the load generator in processes of its own.

Starts ``gamenight serve`` on SQLite in a temporary folder, or ``--processes N`` servers over
one PostgreSQL database and Redis (``--database-url``, ``--redis``), or uses the servers given by
``--url`` (repeatable); tables go round-robin over the servers. It opens N Hearts tables (three scripted
humans on WebSockets, who say at once that they have read a hand's summary, and one bot each),
and plays for ``--seconds`` after a warm-up. The clients run in ``--clients`` separate processes
(multiprocessing), so they never share the server's interpreter or GIL. Printed per level:

- actions per second (every seat, bots included) in the measured window;
- the latency of an action's acknowledgement (a human's move sent with an id until its answer:
  the mover's own state message, queued in the same step as every other seat's, or the
  ``done`` message that older servers send after them): p50, p95, p99;
- errors: error or refused answers, and connections that failed;
- the server's CPU time per action (``/proc/<pid>/stat``, user + system) for the servers
  whose process is known: the ones started here, or ``--pid`` given with ``--url``.

Only 127.0.0.1 is used; every loop is bounded in time.

    python bench/bench_server.py [--tables 250,500] [--seconds 20] [--think 0.5] [--clients 1]
    python bench/bench_server.py --processes 2 --database-url postgresql+psycopg://postgres@127.0.0.1/gamenight_bench \\
        --redis redis://127.0.0.1:6379/0 --tables 1000 --clients 2
    python bench/bench_server.py --url http://127.0.0.1:8001 --url http://127.0.0.1:8002 --pid 111 --pid 222
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

HUMANS = (0, 1, 2)
BOT = 3
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (fields 14 and 15 of /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def pick(legal: list[Any], rng: random.Random) -> str:
    """A random legal move from either form of the list: move texts, or a combinatorial
    entry ``{"verb", "pieces", "k"}`` standing for every way to take k of the pieces."""
    entry = rng.choice(legal)
    if isinstance(entry, str):
        return entry
    return " ".join([entry["verb"], *rng.sample(entry["pieces"], entry["k"])])


class Seat:
    """One scripted human: what it measured in the window."""

    def __init__(self) -> None:
        self.acks: list[float] = []
        self.errors = 0
        self.plies = 0
        self.said: list[str] = []
        """The first errors, word for word."""

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.said) < 3:
            self.said.append(what[:200])


async def human(url: str, token: str, counts_plies: bool, seat: Seat, t0: float, stop: float, think: float,
                rng: random.Random) -> None:
    try:
        async with websockets.connect(url, max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            tasks: set[asyncio.Task[None]] = set()
            waiting: str | None = None  # the move sent and not answered yet: no other until it is
            read: int | None = None  # the hand's end this seat said it has read (bots wait for it)
            sent: dict[str, float] = {}
            last_ply: int | None = None
            latest: dict[str, Any] | None = None  # the last state heard
            n = 0
            while time.time() < stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.time()))
                except TimeoutError:
                    break
                now = time.time()
                m = json.loads(raw)
                kind = m.get("type")
                answered = m.get("done") if kind == "state" else m.get("id")  # a move made comes answered in its state
                if answered is not None and answered == waiting:
                    waiting = None
                if kind == "done" or (kind == "state" and answered is not None):
                    at = sent.pop(answered or "", None)
                    if at is not None and at >= t0:
                        seat.acks.append(now - at)
                if kind in ("error", "refused"):
                    if now >= t0:
                        seat.error(raw)
                    continue
                if kind == "state" and m.get("view") is not None:
                    latest = m
                    ply = m["ply"]
                    end = ((m.get("table") or {}).get("hand_end") or {}).get("ply")  # the table comes when it changed
                    if end is not None and end != read:
                        read = end
                        await ws.send(json.dumps({"type": "ready"}))
                    if counts_plies and now >= t0 and last_ply is not None and ply > last_ply:
                        seat.plies += ply - last_ply
                    last_ply = ply
                elif kind != "done":
                    continue
                # the seat moves once its last move is answered and the last state asks it to: an answer
                # that comes after the state (a done message) finds the seat still to move, as a page does
                if latest is not None and latest["legal"] and waiting is None and not latest["over"]:
                    n += 1
                    move_id, action = f"m{n}", pick(latest["legal"], rng)
                    waiting = move_id

                    async def go(move_id: str = move_id, action: str = action) -> None:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                        if time.time() < stop:
                            sent[move_id] = time.time()
                            await ws.send(json.dumps({"type": "act", "action": action, "id": move_id}))

                    tasks.add(asyncio.create_task(go()))
                    tasks = {t for t in tasks if not t.done()}
            for task in tasks:
                task.cancel()
    except (OSError, websockets.WebSocketException, TimeoutError) as e:
        seat.error(repr(e))


async def clients(jobs: list[tuple[str, str, bool]], t0: float, stop: float, think: float, seed: int
                  ) -> list[Seat]:
    seats = [Seat() for _ in jobs]
    rng = random.Random(seed)
    await asyncio.gather(*(human(url, token, counts, s, t0, stop, think, random.Random(rng.random()))
                           for (url, token, counts), s in zip(jobs, seats)))
    return seats


def client_process(jobs: list[tuple[str, str, bool]], t0: float, stop: float, think: float, seed: int,
                   out: Any) -> None:
    seats = asyncio.run(clients(jobs, t0, stop, think, seed))
    out.put(([a for s in seats for a in s.acks], sum(s.errors for s in seats), sum(s.plies for s in seats),
             [w for s in seats for w in s.said][:3]))


def open_tables(urls: list[str], n: int) -> list[tuple[str, str, bool]]:
    """Create and start n Hearts tables round-robin over the servers: one job per human seat."""
    jobs = []
    https = [httpx.Client(base_url=u, timeout=60) for u in urls]
    try:
        for i in range(n):
            http = https[i % len(https)]
            r = http.post("/api/tables", json={"game": "hearts", "bots": [BOT]})
            r.raise_for_status()
            made = r.json()
            tid = made["table"]["id"]
            http.post(f"/api/tables/{tid}/start", headers={"X-Host-Token": made["host_token"]}).raise_for_status()
            ws = f"{str(http.base_url).rstrip('/').replace('http', 'ws', 1)}/ws/tables/{tid}"
            for seat in HUMANS:
                jobs.append((ws, made["links"]["seats"][seat]["link"].split("#token=")[1], seat == HUMANS[0]))
    finally:
        for h in https:
            h.close()
    return jobs


def level(urls: list[str], pids: list[int], n: int, args: argparse.Namespace) -> dict[str, Any]:
    jobs = open_tables(urls, n)
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    t0 = time.time() + args.warmup + 2.0  # the clients take a moment to start and connect
    stop = t0 + args.seconds
    procs = [ctx.Process(target=client_process, args=(jobs[i::args.clients], t0, stop, args.think, i, out))
             for i in range(args.clients)]
    for p in procs:
        p.start()
    time.sleep(max(0.0, t0 - time.time()))
    cpu0 = sum(cpu_seconds(p) for p in pids)
    time.sleep(max(0.0, stop - time.time()))
    cpu1 = sum(cpu_seconds(p) for p in pids)
    acks: list[float] = []
    errors = plies = 0
    said: list[str] = []
    for _ in procs:
        a, e, p, w = out.get(timeout=120)
        acks += a
        errors += e
        plies += p
        said += w
    for p in procs:
        p.join(30)
    q = statistics.quantiles(acks, n=100) if len(acks) >= 2 else [float("nan")] * 99
    return {"tables": n, "actions_per_s": plies / args.seconds, "acks": len(acks), "errors": errors,
            "p50": q[49] * 1000, "p95": q[94] * 1000, "p99": q[98] * 1000,
            "cpu_ms": (cpu1 - cpu0) / plies * 1000 if pids and plies else float("nan"), "said": said[:3]}


def fresh_postgres(url: str) -> str:
    """``url``'s database emptied (created when absent), so every run starts from no tables."""
    from sqlalchemy import create_engine, make_url, text

    target = make_url(url)
    admin = create_engine(target.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        if not c.scalar(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": target.database}):
            c.execute(text(f'CREATE DATABASE "{target.database}"'))
    admin.dispose()
    eng = create_engine(target, isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(text("DROP SCHEMA public CASCADE"))
        c.execute(text("CREATE SCHEMA public"))
    eng.dispose()
    return url


def start_servers(db: str, think: float, processes: int, redis: str | None
                  ) -> list[tuple[subprocess.Popen[bytes], str]]:
    """``processes`` servers over one database (with ``redis``: one cluster), the limits per
    address lifted (every client here comes from 127.0.0.1). Started one after the other, so
    the first has made the schema before the next looks at it."""
    env = dict(os.environ, GAMENIGHT_BOT_DELAY=str(think), GAMENIGHT_GRACE_PERIOD="3600",
               GAMENIGHT_RATE_PER_SECOND="100", GAMENIGHT_RATE_BURST="200", GAMENIGHT_CREATE_RATE="100000/second",
               GAMENIGHT_SOCKET_RATE="100000/second", GAMENIGHT_SOCKETS_PER_ADDRESS="100000",
               GAMENIGHT_REDIS_PREFIX=f"bench{os.getpid()}")
    exe = shutil.which("gamenight", path=str(Path(sys.executable).parent)) or "gamenight"
    servers = []
    for _ in range(processes):
        port = free_port()
        extra = ["--redis", redis] if redis else []
        proc = subprocess.Popen([exe, "serve", "--port", str(port), "--database-url", db, *extra], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        servers.append((proc, base))
        for _ in range(600):
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        else:
            proc.kill()
        if proc.poll() is not None:
            for p, _ in servers:
                p.kill()
            raise SystemExit("a server did not start")
    return servers


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="250,500", help="comma-separated table counts, one level each")
    ap.add_argument("--url", action="append", default=[], help="a running server (repeatable); none: start one")
    ap.add_argument("--pid", action="append", type=int, default=[], help="the process id of a --url server")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured seconds per level")
    ap.add_argument("--think", type=float, default=0.5, help="seconds a scripted human thinks (and a bot waits)")
    ap.add_argument("--warmup", type=float, default=5.0,
                    help="seconds after every table starts (all passing together) not measured")
    ap.add_argument("--clients", type=int, default=1, help="load-generator processes")
    ap.add_argument("--processes", type=int, default=1,
                    help="servers to start (more than one needs --database-url of PostgreSQL and --redis)")
    ap.add_argument("--database-url", help="PostgreSQL for the servers started here (emptied first); "
                    "none: SQLite in a temporary folder")
    ap.add_argument("--redis", help="Redis URL: the servers started here form one cluster")
    args = ap.parse_args()
    if args.processes > 1 and not (args.database_url and args.redis):
        ap.error("--processes above 1 needs --database-url (PostgreSQL) and --redis")
    with tempfile.TemporaryDirectory() as tmp:
        servers: list[tuple[subprocess.Popen[bytes], str]] = []
        urls, pids = args.url, args.pid
        if not urls:
            db = fresh_postgres(args.database_url) if args.database_url else f"sqlite:///{Path(tmp) / 'bench.db'}"
            servers = start_servers(db, args.think, args.processes, args.redis)
            urls, pids = [base for _, base in servers], [proc.pid for proc, _ in servers]
        try:
            print(f"{'tables':>6} {'actions/s':>10} {'acks':>7} {'errors':>6} {'p50 ms':>8} {'p95 ms':>8} "
                  f"{'p99 ms':>8} {'server CPU ms/action':>21}")
            for n in (int(x) for x in args.tables.split(",")):
                r = level(urls, pids, n, args)
                print(f"{r['tables']:>6} {r['actions_per_s']:>10.1f} {r['acks']:>7} {r['errors']:>6} {r['p50']:>8.1f} "
                      f"{r['p95']:>8.1f} {r['p99']:>8.1f} {r['cpu_ms']:>21.2f}", flush=True)
                for what in r["said"]:
                    print(f"        error: {what}")
        finally:
            for proc, _ in servers:
                proc.kill()
                proc.wait(10)


if __name__ == "__main__":
    main()
