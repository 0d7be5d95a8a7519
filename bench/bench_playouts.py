"""Random playouts per second: one whole hand per iteration, through the public API.

Each iteration starts a match with ``gamenight.load(game, seed=i)`` (so the deal is
timed too) and plays uniformly random legal actions until the first score-sheet
row appears. When OpenSpiel is importable (``pip install .[bench]``), the same run
times pyspiel's nearest game, driven from a Python loop with random legal actions
and chance outcomes sampled by their probabilities, until the state is terminal
(one hand in each of these pyspiel games), and prints ours / pyspiel.

Run: ``python bench/bench_playouts.py [--seconds 3] [--games hearts,euchre]``.
Targets (the issue): at least half of pyspiel's rate on the trick games, at least
twice on Gin Rummy.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gamenight  # noqa: E402


@dataclass(frozen=True)
class Pairing:
    game: str
    players: int
    spiel: str
    spiel_params: dict[str, Any]
    target: float
    """Minimum ours / pyspiel ratio."""
    note: str = ""


PAIRINGS = [
    Pairing("hearts", 4, "hearts", {}, 0.5, "pyspiel: 13 cards each, no kitty"),
    Pairing("euchre", 4, "euchre", {}, 0.5),
    Pairing("oh_hell", 4, "oh_hell", {"players": 4, "num_tricks_fixed": 10}, 0.5, "first hand: 10 tricks"),
    Pairing("gin_rummy", 2, "gin_rummy", {}, 2.0),
]


def ours_hand(game_id: str, players: int, seed: int, rng: random.Random) -> int:
    """One hand from a fresh deal; returns the number of actions taken."""
    match = gamenight.load(game_id, players=players, seed=seed)
    rows = match.state.sheet.rows
    steps = 0
    while not rows:
        seats = match.to_act()
        seat = seats[0] if len(seats) == 1 else seats[rng.randrange(len(seats))]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def spiel_hand(game: Any, rng: random.Random) -> int:
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if len(outcomes) == 1:
                action = outcomes[0][0]
            else:
                actions, probs = zip(*outcomes)
                action = rng.choices(actions, probs)[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def measure(one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """(hands per second, actions per hand) over about ``seconds``."""
    one(0)  # warm up caches and tables
    hands = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        steps += one(hands + 1)
        hands += 1
        if hands % 8 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return hands / elapsed, steps / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--games", default="", help="comma-separated subset of: "
                        + ", ".join(p.game for p in PAIRINGS))
    args = parser.parse_args(argv)
    chosen = [p for p in PAIRINGS if not args.games or p.game in args.games.split(",")]

    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed: timing gamenight only (pip install .[bench] to compare)")

    registered = {s.id for s in gamenight.games()}
    rows: list[tuple[str, ...]] = []
    missed = 0
    for p in chosen:
        if p.game not in registered:
            print(f"skipping {p.game}: not registered in this gamenight yet")
            continue
        rng = random.Random(1)
        ours, ours_len = measure(lambda i, p=p, rng=rng: ours_hand(p.game, p.players, i, rng), args.seconds)
        spiel_txt = ratio_txt = verdict = "—"
        if pyspiel is not None:
            game = pyspiel.load_game(p.spiel, p.spiel_params)
            srng = random.Random(1)
            theirs, theirs_len = measure(lambda i, game=game, srng=srng: spiel_hand(game, srng), args.seconds)
            ratio = ours / theirs
            spiel_txt = f"{theirs:10.0f}  ({theirs_len:.0f} actions)"
            ratio_txt = f"{ratio:.2f}"
            ok = ratio >= p.target
            missed += not ok
            verdict = f"{'ok' if ok else 'MISSED'} (target ≥ {p.target:g})"
        rows.append((p.game, f"{p.players}", f"{ours:10.0f}  ({ours_len:.0f} actions)", spiel_txt, ratio_txt,
                     verdict))
        print(f"  measured {p.game}", file=sys.stderr)

    header = ("game", "players", "gamenight hands/s", "pyspiel hands/s", "ours/pyspiel", "target")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join("-" * w for w in widths)
    print()
    print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    print(line)
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))
    print(f"\n{args.seconds:g} s per measurement; Python {sys.version.split()[0]}")
    for p in chosen:
        if p.note:
            print(f"note: {p.game}: {p.note}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
