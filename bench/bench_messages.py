"""Bytes the server sends: the size of each state message at a four-seat Hearts table,
per seat and per accepted action, over seeded random hands (deterministic, no timing).

    python bench/bench_messages.py [--game hearts] [--players 4] [--actions 400]

Issue 9 asks for this figure before and after the typed views; run it on both commits."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
from typing import Any

from gamenight.server.tables import Connection, Settings, TableService
from gamenight.store import Store


class Capture(Connection):
    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.sizes: list[int] = []
        self.phases: list[str] = []

    def deliver(self, text: str) -> None:
        msg: dict[str, Any] = json.loads(text)
        if msg.get("type") == "state":
            self.sizes.append(len(text.encode()))
            view = msg.get("view") or {}
            self.phases.append(str(view.get("phase", "")))


async def run(game: str, players: int, actions: int, seed: int) -> list[Capture]:
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
    for c in conns:
        c.sizes.clear()
        c.phases.clear()
    for _ in range(actions):
        if match.over:
            break
        seat = rng.choice(match.to_act())
        await svc.submit(table, conns[seat], str(rng.choice(match.legal_actions(seat))))
    await svc.close()
    store.close()
    return conns


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
    for seed in range(args.seeds):
        conns = asyncio.run(run(args.game, args.players, args.actions, seed))
        for c in conns:
            sizes += c.sizes
            passing += [n for n, p in zip(c.sizes, c.phases) if p.startswith("pass")]
        accepted += len(conns[0].sizes)
    print(f"{args.game}, {args.players} seats, {args.seeds} seeds x {args.actions} random actions")
    print(f"  state messages: {len(sizes)}; bytes per message: median {statistics.median(sizes):.0f}, "
          f"mean {statistics.fmean(sizes):.0f}, max {max(sizes)}")
    if passing:
        print(f"  during passing: median {statistics.median(passing):.0f} bytes")
    print(f"  bytes sent per accepted action to each seat: {sum(sizes) / accepted / args.players:.0f}")


if __name__ == "__main__":
    main()
