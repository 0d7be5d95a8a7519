"""A Mexican Train bot: plan the longest line of dominoes its own train can take, keep that
line for its own train, slough the rest off on the Mexican train and marked trains, get rid
of heavy dominoes first, and play a double only when it can follow it up."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamenight.bots.base import Bot, View, heuristic_for
from gamenight.core.tiles import Tile, parse_tile
from gamenight.engine.actions import Action
from gamenight.games.mexican_train import MEXICAN

SEARCH_BUDGET = 600
"""Nodes the line search may visit per decision (a hand of 15 has many lines)."""


def longest_line(hand: Sequence[Tile], start: int, budget: int = SEARCH_BUDGET) -> list[Tile]:
    """The longest run of dominoes from ``hand`` that could be laid end to end from ``start``
    (ties: the heavier run), searched depth first within ``budget`` nodes."""
    # doubles first, then heavier dominoes: the search finds good lines early
    tiles = sorted(hand, key=lambda t: (not t.is_double, -t.pips))
    by_end: dict[int, list[int]] = {}
    for i, t in enumerate(tiles):
        by_end.setdefault(t.high, []).append(i)
        if not t.is_double:
            by_end.setdefault(t.low, []).append(i)
    used = [False] * len(tiles)
    line: list[int] = []
    best: list[int] = []
    best_key = (0, 0)
    visits = 0

    def walk(end: int, pips: int) -> None:
        nonlocal best, best_key, visits
        visits += 1
        if (len(line), pips) > best_key:
            best, best_key = list(line), (len(line), pips)
        for i in by_end.get(end, ()):
            if visits >= budget:
                return
            if not used[i]:
                used[i] = True
                line.append(i)
                walk(tiles[i].other_end(end), pips + tiles[i].pips)
                line.pop()
                used[i] = False

    walk(start, 0)
    return [tiles[i] for i in best]


def open_ends(view: View) -> list[int]:
    """Each train's open end as the table shows it, the seats' trains then the Mexican train: the far
    end of its last domino as laid (``5-3, open end``), or the engine's number before it starts."""
    start = parse_tile(view.pieces("engine")[0]).high
    ends = []
    for name in [*(f"train-{s}" for s in range(view.players)), "mexican"]:
        zone = view.zone(name)
        at = zone.at if zone is not None else None
        ends.append(int(at[-1].split(",")[0].split("-")[1]) if at else start)
    return ends


class MexicanTrainBot:
    name = "mexican_train-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if a.verb == "play"]
        if not plays:
            return legal[0]
        if len(plays) == 1:
            return plays[0]
        seat = view.seat
        hand = [parse_tile(t) for t in view.hand]
        ends = open_ends(view)
        marked = set(view.fact("marked", []))
        line = longest_line(hand, ends[seat])
        return max(plays, key=lambda a: self.worth(a, hand, line, ends, marked, seat, view))

    def worth(self, action: Action, hand: list[Tile], line: list[Tile], ends: list[int], marked: set[int],
              seat: int, view: View) -> float:
        tile: Tile = action.args[0]
        target = action.args[2]
        rest = [t for t in hand if t != tile]
        if not rest:
            return 1000.0
        score = float(tile.pips)
        if tile.is_double:
            covers = any(t.has(tile.high) for t in rest)
            open_ends = {ends[seat], ends[-1], *(ends[s] for s in marked)}
            follows = any(t.high in open_ends or t.low in open_ends for t in rest)
            score += 15 if covers else 5 if follows else -10
        if target == seat:
            score += 10 if line and tile == line[0] else -5 if tile in line else 0
            new_end = tile.other_end(ends[seat])
            score += 2 * sum(1 for t in rest if t.has(new_end))
            if seat in marked:
                score += 6
        else:
            score += -8 if tile in line else 4
            if target != MEXICAN:
                score += 1
        return score


@heuristic_for("mexican_train")
def mexican_train_bot() -> Bot:
    return MexicanTrainBot()
