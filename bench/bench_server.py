"""Server load benchmark: many simulated clients over loopback WebSockets.

Starts ``gamenight.server.app.run`` (uvicorn, SQLite in a temporary file) in a subprocess
and, for 10, 100 and 250 concurrent tables, plays Hearts at every table with three
scripted humans (each holding a WebSocket, thinking ``--think`` seconds before a random
legal move) and one bot. Prints actions per second (all seats) and the latency from a
human's action to the moment the last connected seat of that table has its update
(p50, p99). Only 127.0.0.1 is used; every loop is bounded in time.

    python bench/bench_server.py [--tables 10,100,250] [--seconds 15] [--think 0.5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

HUMANS = (0, 1, 2)
BOT = 3


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TableStats:
    def __init__(self) -> None:
        self.sent: dict[int, float] = {}
        self.arrivals: dict[int, list[float]] = {}
        self.actor: dict[int, int] = {}
        self.latencies: list[float] = []
        self.plies = 0
        self.measured = 0

    measure_from = 0.0

    def arrived(self, ply: int, actor: int | None, now: float) -> None:
        got = self.arrivals.setdefault(ply, [])
        got.append(now)
        if actor is not None:
            self.actor[ply] = actor
        if len(got) == len(HUMANS):
            if now >= self.measure_from:
                self.plies += 1
            who = self.actor.get(ply)
            if who in self.sent:
                sent = self.sent.pop(who)
                if sent >= self.measure_from:
                    self.latencies.append(max(got) - sent)
                    self.measured += 1
            del self.arrivals[ply]


async def human(url: str, token: str, seat: int, stats: TableStats, stop: float, think: float,
                rng: random.Random) -> None:
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        pending: asyncio.Task[None] | None = None
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            now = time.perf_counter()
            m = json.loads(raw)
            if m["type"] != "state" or m["view"] is None:
                continue
            actor = int(m["log"][-1].split(":")[0]) if m["log"] else None
            if m["ply"] > 0:
                stats.arrived(m["ply"], actor, now)
            if m["legal"] and (pending is None or pending.done()) and not m["over"]:
                action = rng.choice(m["legal"])

                async def go(action: str = action) -> None:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    if time.monotonic() < stop:
                        stats.sent[seat] = time.perf_counter()
                        await ws.send(json.dumps({"type": "act", "action": action}))

                pending = asyncio.create_task(go())
        if pending is not None:
            pending.cancel()


async def level(base: str, n_tables: int, seconds: float, think: float, warmup: float) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        made = []
        for _ in range(n_tables):
            r = await http.post("/api/tables", json={"game": "hearts", "bots": [BOT]})
            made.append(r.json())
        for t in made:
            await http.post(f"/api/tables/{t['table']['id']}/start", headers={"X-Host-Token": t["host_token"]})
    ws_base = base.replace("http", "ws")
    stop = time.monotonic() + warmup + seconds
    stats = [TableStats() for _ in made]
    for st in stats:
        st.measure_from = time.perf_counter() + warmup
    rng = random.Random(1)
    tasks = []
    for t, st in zip(made, stats):
        url = f"{ws_base}/ws/tables/{t['table']['id']}"
        for seat in HUMANS:
            token = t["links"]["seats"][seat]["link"].split("#token=")[1]
            tasks.append(human(url, token, seat, st, stop, think, random.Random(rng.random())))
    start = time.monotonic()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - start
    lat = sorted(x for s in stats for x in s.latencies)
    plies = sum(s.plies for s in stats)
    elapsed -= warmup  # only the measured window
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [float("nan")] * 99
    return {"tables": n_tables, "actions_per_s": plies / elapsed, "samples": len(lat),
            "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="10,100,250")
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--think", type=float, default=0.5, help="seconds a scripted human thinks (and a bot waits)")
    ap.add_argument("--warmup", type=float, default=3.0,
                    help="seconds after every table starts at once (all passing together) not measured")
    args = ap.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        env = dict(os.environ, GAMENIGHT_BOT_DELAY=str(args.think), GAMENIGHT_GRACE_PERIOD="3600",
                   GAMENIGHT_RATE_PER_SECOND="100", GAMENIGHT_RATE_BURST="200", GAMENIGHT_CREATE_RATE="100/second",
                   GAMENIGHT_SOCKET_RATE="100/second", GAMENIGHT_SOCKETS_PER_ADDRESS="100000")
        code = f"from gamenight.server.app import run; run('127.0.0.1', {port}, 'sqlite:///{db}')"
        proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                try:
                    httpx.get(f"{base}/api/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            print(f"{'tables':>6} {'actions/s':>10} {'samples':>8} {'p50 ms':>8} {'p99 ms':>8}")
            for n in (int(x) for x in args.tables.split(",")):
                r = asyncio.run(level(base, n, args.seconds, args.think, args.warmup))
                print(f"{r['tables']:>6} {r['actions_per_s']:>10.1f} {r['samples']:>8} {r['p50_ms']:>8.1f} "
                      f"{r['p99_ms']:>8.1f}", flush=True)
        finally:
            proc.kill()
            proc.wait(10)


if __name__ == "__main__":
    main()
