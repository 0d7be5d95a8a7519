"""Playouts counted in instructions, this tree against an earlier revision: did a change make us slower?

CPU time on a shared machine moves by tens of percent from run to run; an instruction count from
``valgrind --tool=callgrind`` is the same each time for the same code and inputs, so a few percent
show. For each game both trees play the same random hands through the public API (as
``bench_playouts.py`` does, without narration), and the count for N hands is taken as the count for
2N hands minus the count for N, so start-up, imports and the first use of a game cancel out (a
hand is played first outside valgrind, so both counts find the bytecode compiled).

Run: ``python bench/bench_instructions.py --against f8fa1ae [--hands 100] [--games hearts,euchre]``.
Needs valgrind and git; the other revision is checked out in a temporary worktree.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("hearts", "euchre", "oh_hell", "gin_rummy")

PLAYOUT = """
import inspect, random, sys
import gamenight
game, hands = sys.argv[1], int(sys.argv[2])
quiet = "narrate" in inspect.signature(gamenight.load).parameters
rng = random.Random(1)
for i in range(hands):
    m = gamenight.load(game, seed=i, narrate=False) if quiet else gamenight.load(game, seed=i)
    rows = len(m.sheet.rows)
    while not m.over and len(m.sheet.rows) == rows:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
"""


def instructions(src: Path, game: str, hands: int) -> int:
    """Instructions executed by ``hands`` random hands of ``game`` with ``src`` on the path."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", PLAYOUT,
         game, str(hands)],
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"callgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_hand(src: Path, game: str, hands: int) -> float:
    # one hand first, outside valgrind: it writes the bytecode caches, which would otherwise be
    # compiled inside the first count only and land in the difference
    subprocess.run([sys.executable, "-c", PLAYOUT, game, "1"], env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
                   check=True)
    return (instructions(src, game, 2 * hands) - instructions(src, game, hands)) / hands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", required=True, help="the git revision to compare with")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(other), args.against],
                       check=True)
        try:
            print(f"{'game':<10} {'this tree':>14} {args.against[:12]:>14}  this/that  (instructions per hand)")
            for game in games:
                ours, theirs = per_hand(ROOT / "src", game, args.hands), per_hand(other / "src", game, args.hands)
                print(f"{game:<10} {ours:>14,.0f} {theirs:>14,.0f}  {ours / theirs:9.2f}")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
