"""Random playouts, one whole hand per iteration: gamenight against OpenSpiel, side by side.

Ours goes through the public API only: each hand is a fresh ``gamenight.load(game, seed=i,
narrate=False)`` (so the deal is timed; pyspiel narrates nothing either, and a simulation keeps
no events because no one reads them), then ``to_act`` / ``legal_actions`` / ``apply`` with a uniformly random
legal action (full legality checking inside ``apply``) until the first score-sheet row appears.
Nothing is kept from one hand to the next.

pyspiel's nearest game is driven by a lean Python loop: a fresh ``new_initial_state()``, then a
uniformly random action from ``legal_actions()`` at every node until ``is_terminal()``, chance
nodes included (every chance node in these four games is uniform; the counting pass checks it),
with the state's methods and ``Random.choice`` bound to locals. Our loop picks its actions with
the same ``Random.choice``.

The two are timed in rounds of short blocks (CPU time, ``time.process_time``), alternating which
side goes first, and the script prints the median of the per-round ratios ours / pyspiel with
their range. Hands per second depend on how each implementation cuts a hand into actions
(pyspiel deals card by card as chance actions), so actions per second and decisions per second
(player nodes with more than one legal action) are printed too; their per-hand counts come
from an untimed counting pass, so the timed loops carry no counters.

For reference it also times OpenSpiel's own C++ loop: ``pyspiel.evaluate_bots`` with C++
uniform random bots plays a whole hand, chance nodes included, without returning to Python.
OpenSpiel's leaner ``RandomRolloutEvaluator`` has no playout method in the Python API; it is
reachable only through ``MCTSBot`` (one simulation, n rollouts), which cannot start at a chance
node, so that line times rollouts from the first decision node: the deal is not in it.

Run: ``python bench/bench_playouts.py [--rounds 10] [--block 0.3] [--games hearts,euchre]``.
Targets (issue 12): at least pyspiel's hands/s on the trick games, at least three times on Gin
Rummy; the script exits non-zero when a median ratio misses its target.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gamenight  # noqa: E402

clock = time.process_time


@dataclass(frozen=True)
class Pairing:
    game: str
    players: int
    spiel: str
    spiel_params: dict[str, Any]
    target: float
    """Minimum median ours / pyspiel ratio of hands per second."""
    differences: tuple[str, ...] = ()
    void: str = ""
    """What a hand that scores nothing for anybody means in this pairing (printed when set)."""
    options: dict[str, Any] | None = field(default=None)


PAIRINGS = [
    Pairing("hearts", 4, "hearts", {}, 1.0, (
        "ours deals 12 cards each plus a 4-card kitty (to the first trick's winner); pyspiel deals 13 "
        "each, no kitty (52 chance actions, card by card)",
        "passing: ours passes left on the first hand (3 cards); pyspiel picks the direction by a chance "
        "node (left, across, right or no pass) and passes card by card",
        "ours allows points on the first trick; pyspiel no_pts_on_first_trick=True",
    )),
    Pairing("euchre", 4, "euchre", {}, 1.0, (
        "ours has no stick-the-dealer (everybody passing twice throws the hand in) and throws in "
        "No Ace-No Face hands at once: such hands end with a score-sheet row and count as hands "
        "(see 'hands thrown in'); pyspiel stick_the_dealer=True",
        "both: no lone defender (pyspiel allow_lone_defender=False); ours makes the dealer's partner "
        "go alone if they order the dealer up, pyspiel does not",
        "pyspiel deals card by card (chance actions) and picks the dealer by chance",
    ), "hands thrown in (ours; pyspiel never throws in)"),
    Pairing("oh_hell", 4, "oh_hell", {"players": 4, "num_tricks_fixed": 10}, 1.0, (
        "the first hand of 10 tricks on both sides (pyspiel num_tricks_fixed=10, players=4)",
        "ours: dealer's bid restriction, 10 plus the bid for an exact bid; pyspiel picks the dealer "
        "and the trump card by chance, deals card by card, off_bid_penalty=False",
    )),
    Pairing("gin_rummy", 2, "gin_rummy", {}, 3.0, (
        "knock at 10 or less on both sides (pyspiel knock_card=10, oklahoma=False), aces low, the "
        "hand ends with 2 cards left in the stock (ours: cancelled; pyspiel: the wall, a draw)",
        "ours: gin bonus 20, undercut bonus 10; pyspiel gin_bonus=25, undercut_bonus=25",
        "pyspiel lays melds and layoffs as separate actions after a knock and deals card by card; "
        "ours spreads the best melds itself",
    ), "hands ending at the stock's end without a score (ours: cancelled; pyspiel: the wall)"),
]


# --- the timed loops ---------------------------------------------------------------------------------

def ours_block(p: Pairing, seed: int, seconds: float, choice: Callable[[Any], Any]) -> tuple[int, float]:
    """Hands from seed ``seed`` on until ``seconds`` of CPU time have passed: (hands, CPU seconds)."""
    load = gamenight.load
    game, players, options = p.game, p.players, p.options
    start = clock()
    end = start + seconds
    i = seed
    while True:
        match = load(game, players=players, options=options, seed=i, narrate=False)
        rows = match.sheet.rows
        to_act, legal_actions, apply = match.to_act, match.legal_actions, match.apply
        while not rows:
            seats = to_act()
            seat = seats[0] if len(seats) == 1 else choice(seats)
            apply(seat, choice(legal_actions(seat)))
        i += 1
        now = clock()
        if now >= end:
            return i - seed, now - start


def spiel_block(game: Any, seconds: float, choice: Callable[[Any], Any]) -> tuple[int, float]:
    new_state = game.new_initial_state
    start = clock()
    end = start + seconds
    hands = 0
    while True:
        state = new_state()
        is_terminal, legal_actions, apply_action = state.is_terminal, state.legal_actions, state.apply_action
        while not is_terminal():
            apply_action(choice(legal_actions()))
        hands += 1
        now = clock()
        if now >= end:
            return hands, now - start


def cpp_block(pyspiel: Any, game: Any, bots: list[Any], seed: int, seconds: float) -> tuple[int, float]:
    """Whole hands in OpenSpiel's C++ loop: ``evaluate_bots`` with C++ uniform random bots."""
    new_state = game.new_initial_state
    evaluate_bots = pyspiel.evaluate_bots
    start = clock()
    end = start + seconds
    i = seed
    while True:
        evaluate_bots(new_state(), bots, i)
        i += 1
        now = clock()
        if now >= end:
            return i - seed, now - start


def rollout_block(pyspiel: Any, game: Any, rng: random.Random, seconds: float,
                  per_step: int = 20) -> tuple[int, float]:
    """C++ ``RandomRolloutEvaluator`` rollouts from first decision nodes (the deal, done here in
    Python, is not timed): (rollouts, CPU seconds)."""
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(per_step, rng.randrange(1 << 30)),
                          2.0, 1, 1000, False, rng.randrange(1 << 30), False)
    spent = 0.0
    rollouts = 0
    while spent < seconds:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        t = clock()
        bot.step(state)
        spent += clock() - t
        rollouts += per_step
    return rollouts, spent


# --- the untimed counting pass -----------------------------------------------------------------------

@dataclass
class Counts:
    hands: int = 0
    actions: int = 0
    decisions: int = 0
    void: int = 0
    """Hands that ended scoring nothing for anybody (thrown in, cancelled, drawn)."""

    def per_hand(self) -> tuple[float, float]:
        return self.actions / self.hands, self.decisions / self.hands


def ours_counts(p: Pairing, seeds: range, choice: Callable[[Any], Any]) -> Counts:
    c = Counts()
    for i in seeds:
        match = gamenight.load(p.game, players=p.players, options=p.options, seed=i, narrate=False)
        rows = match.sheet.rows
        while not rows:
            seats = match.to_act()
            seat = seats[0] if len(seats) == 1 else choice(seats)
            legal = match.legal_actions(seat)
            c.decisions += len(legal) > 1
            c.actions += 1
            match.apply(seat, choice(legal))
        c.hands += 1
        c.void += not any(rows[0].points)
    return c


def spiel_counts(game: Any, hands: int, choice: Callable[[Any], Any]) -> Counts:
    """Same loop as :func:`spiel_block`, counting; fails if a chance node is not uniform."""
    c = Counts()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                probs = {p for _, p in outcomes}
                if [a for a, _ in outcomes] != legal or max(probs) - min(probs) > 1e-12:
                    raise SystemExit(f"{game}: a chance node is not uniform over legal_actions(); "
                                     "the lean loop would be wrong")
            elif len(legal) > 1:
                c.decisions += 1
            c.actions += 1
            state.apply_action(choice(legal))
        c.hands += 1
        c.void += not any(state.returns())
    return c


def cpp_counts(pyspiel: Any, game: Any, bots: list[Any], hands: int, seed: int) -> Counts:
    """Plays ``hands`` hands with evaluate_bots, then replays each history to count decisions."""
    c = Counts()
    for i in range(hands):
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed + i)
        replay = game.new_initial_state()
        for a in state.history():
            if not replay.is_chance_node() and len(replay.legal_actions()) > 1:
                c.decisions += 1
            replay.apply_action(a)
        c.actions += len(state.history())
        c.hands += 1
        c.void += not any(state.returns())
    return c


# --- report ------------------------------------------------------------------------------------------

def fmt(x: float) -> str:
    return f"{x:,.0f}"


def rate_line(label: str, hands: int, secs: float, counts: Counts | None, width: int) -> str:
    hps = hands / secs
    if counts is None:
        return f"  {label:<{width}} {fmt(hps):>10} {'—':>12} {'—':>12} {'—':>9} {'—':>9}"
    a, d = counts.per_hand()
    return (f"  {label:<{width}} {fmt(hps):>10} {fmt(hps * a):>12} {fmt(hps * d):>12} "
            f"{a:>9.1f} {d:>9.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds per game (default 10)")
    parser.add_argument("--block", type=float, default=0.3,
                        help="CPU seconds per side per round (default 0.3)")
    parser.add_argument("--count", type=int, default=200,
                        help="hands per side in the untimed counting pass (default 200)")
    parser.add_argument("--games", default="", help="comma-separated subset of: "
                        + ", ".join(p.game for p in PAIRINGS))
    parser.add_argument("--no-cpp", action="store_true", help="skip OpenSpiel's C++ reference loops")
    args = parser.parse_args(argv)
    chosen = [p for p in PAIRINGS if not args.games or p.game in args.games.split(",")]

    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed: timing gamenight only (pip install .[bench] to compare)")

    registered = {s.id for s in gamenight.games()}
    print(f"Python {sys.version.split()[0]}; {args.rounds} rounds of {args.block:g} CPU s per side; "
          f"per-hand counts from {args.count} untimed hands per side")
    summary: list[tuple[str, ...]] = []
    missed = 0
    for p in chosen:
        if p.game not in registered:
            print(f"\nskipping {p.game}: not registered in this gamenight yet")
            continue
        rng = random.Random(1)
        choice = rng.choice
        ours_c = ours_counts(p, range(1_000_000, 1_000_000 + args.count), choice)  # also warms up
        game: Any = None
        bots: list[Any] = []
        spiel_c = cpp_c = None
        if pyspiel is not None:
            game = pyspiel.load_game(p.spiel, p.spiel_params)
            bots = [pyspiel.make_uniform_random_bot(i, 1000 + i) for i in range(game.num_players())]
            spiel_c = spiel_counts(game, args.count, choice)
            if not args.no_cpp:
                cpp_c = cpp_counts(pyspiel, game, bots, args.count, 1_000_000)

        ours_h = ours_s = spiel_h = spiel_s = cpp_h = cpp_s = roll_n = roll_s = 0.0
        ratios: list[float] = []
        seed = 0
        for r in range(args.rounds):
            # Alternate which side goes first, so neither always runs on a warmer machine.
            if game is not None and r % 2 == 1:
                sh, ss = spiel_block(game, args.block, choice)
            oh, os_ = ours_block(p, seed, args.block, choice)
            if game is not None and r % 2 == 0:
                sh, ss = spiel_block(game, args.block, choice)
            seed += oh
            ours_h += oh
            ours_s += os_
            if game is not None:
                spiel_h += sh
                spiel_s += ss
                ratios.append((oh / os_) / (sh / ss))
                if not args.no_cpp:
                    ch, cs = cpp_block(pyspiel, game, bots, r * 1_000_000, args.block)
                    cpp_h += ch
                    cpp_s += cs
                    rn, rs = rollout_block(pyspiel, game, rng, args.block / 2)
                    roll_n += rn
                    roll_s += rs
            print(f"  {p.game}: round {r + 1}/{args.rounds}", file=sys.stderr, end="\r")
        print(" " * 40, file=sys.stderr, end="\r")

        spiel_name = p.spiel + (f"({', '.join(f'{k}={v}' for k, v in p.spiel_params.items())})"
                                if p.spiel_params else "")
        print(f"\n{p.game} ({p.players} players)  vs  pyspiel {spiel_name}")
        for d in p.differences:
            print(f"  - {d}")
        w = 44
        print(f"  {'':<{w}} {'hands/s':>10} {'actions/s':>12} {'decisions/s':>12} {'act/hand':>9} "
              f"{'dec/hand':>9}")
        print(rate_line("gamenight, public API (Python)", int(ours_h), ours_s, ours_c, w))
        if game is not None and spiel_c is not None:
            print(rate_line("pyspiel, lean Python loop", int(spiel_h), spiel_s, spiel_c, w))
            if cpp_c is not None:
                print(rate_line("pyspiel C++ evaluate_bots (reference)", int(cpp_h), cpp_s, cpp_c, w))
                print(rate_line("pyspiel C++ rollouts, deal excluded (ref.)", int(roll_n), roll_s, None, w))
            med = statistics.median(ratios)
            ok = med >= p.target
            missed += not ok
            verdict = f"{'ok' if ok else 'MISSED'} (target ≥ {p.target:g})"
            print(f"  ours/pyspiel hands/s: median {med:.2f}, range {min(ratios):.2f}–{max(ratios):.2f} "
                  f"over {len(ratios)} rounds; {verdict}")
            if p.void:
                print(f"  {p.void}: ours {ours_c.void / ours_c.hands:.1%}, "
                      f"pyspiel {spiel_c.void / spiel_c.hands:.1%} of the counted hands")
            summary.append((p.game, fmt(ours_h / ours_s), fmt(spiel_h / spiel_s),
                            f"{med:.2f} ({min(ratios):.2f}–{max(ratios):.2f})",
                            fmt(cpp_h / cpp_s) if cpp_c is not None else "—", verdict))
        else:
            summary.append((p.game, fmt(ours_h / ours_s), "—", "—", "—", "—"))

    if summary:
        header = ("game", "ours hands/s", "pyspiel hands/s", "ours/pyspiel median (range)",
                  "C++ hands/s", "target")
        widths = [max(len(r[i]) for r in [header, *summary]) for i in range(len(header))]
        print()
        print("  ".join(h.ljust(wd) for h, wd in zip(header, widths)))
        print("  ".join("-" * wd for wd in widths))
        for row in summary:
            print("  ".join(c.ljust(wd) for c, wd in zip(row, widths)))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
