"""Bytes the server sends and the CPU it spends per accepted action, at a four-seat Hearts table:
the size of each state message per seat, over seeded random hands played through the table
service in one process (no sockets, SQLite in memory).

    python bench/bench_messages.py [--game hearts] [--players 4] [--actions 400] [--seeds 3]

Printed: bytes per state message (median, mean, largest; and the median while passing), the
bytes sent per accepted action to each seat, and the CPU time (``time.process_time``) per
accepted action of the whole service call: check, apply, commit, and every seat's message. Run
it on two commits to compare them (issues 9, 10 and 13 ask for these figures before and after)."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from typing import Any

from gamenight.server.tables import Connection, Settings, TableService
from gamenight.store import Store


class Capture(Connection):
    """A seat that keeps what it is sent, undecoded (decoding is the client's cost, not the server's)."""

    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.texts: list[str] = []

    def deliver(self, text: str) -> None:
        self.texts.append(text)

    def states(self) -> list[tuple[int, str]]:
        """(bytes, phase) of each state message."""
        out = []
        for text in self.texts:
            msg: dict[str, Any] = json.loads(text)
            if msg.get("type") == "state":
                out.append((len(text.encode()), str((msg.get("view") or {}).get("phase", ""))))
        return out


async def run(game: str, players: int, actions: int, seed: int) -> tuple[list[Capture], int, float]:
    """Play ``actions`` random moves; the seats' captures, the moves accepted and the CPU they took."""
    store = Store("sqlite://")
    svc = TableService(store, Settings(bot_delay=0.0, grace_period=1000.0, db_in_thread=False))
    table = await svc.create(game, players)
    conns = [Capture(s) for s in range(players)]
    for c in conns:
        await svc.connect(table, c)
    await svc.start(table, table.host_token, seed=seed)
    match = table.match
    assert match is not None
    rng = random.Random(seed)
    moves = []  # chosen before timing: picking a random move is the client's work
    for c in conns:
        c.texts.clear()
    accepted = 0
    cpu = 0.0
    for _ in range(actions):
        if match.over:
            break
        seat = rng.choice(match.to_act())
        legal = match.legal_actions(seat)
        moves.append(str(legal[rng.randrange(len(legal))]))
        t = time.process_time()
        accepted += await svc.submit(table, conns[seat], moves[-1])
        cpu += time.process_time() - t
    await svc.close()
    store.close()
    return conns, accepted, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="hearts")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--actions", type=int, default=400)
    ap.add_argument("--seeds", type=int, default=3)
    args = ap.parse_args()
    sizes: list[int] = []
    passing: list[int] = []
    accepted = 0
    cpu = 0.0
    for seed in range(args.seeds):
        conns, n, spent = asyncio.run(run(args.game, args.players, args.actions, seed))
        accepted += n
        cpu += spent
        for c in conns:
            got = c.states()
            sizes += [b for b, _ in got]
            passing += [b for b, p in got if p.startswith("pass")]
    print(f"{args.game}, {args.players} seats, {args.seeds} seeds x {args.actions} random actions")
    print(f"  state messages: {len(sizes)}; bytes per message: median {statistics.median(sizes):.0f}, "
          f"mean {statistics.fmean(sizes):.0f}, max {max(sizes)}")
    if passing:
        print(f"  during passing: median {statistics.median(passing):.0f} bytes")
    print(f"  bytes sent per accepted action to each seat: {sum(sizes) / accepted / args.players:.0f}")
    print(f"  server CPU per accepted action (check, apply, commit, {args.players} messages): "
          f"{cpu / accepted * 1000:.2f} ms")


if __name__ == "__main__":
    main()
