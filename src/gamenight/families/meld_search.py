"""How the meld solvers search: runs per suit from the lanes, sets on top, wild cards shared out.

A hand's melds split along two lines. Runs stay inside one suit, so each suit's cards are
answered on their own by its lane (:mod:`.meld_lanes`): the least value left out of runs when
exactly j wild cards join them. Sets cut across the suits at one rank, and a hand has few ranks
with enough cards for one, so the search tries every way of taking sets out of those ranks (which
cards, how many wild cards) and asks the lanes about the rest, sharing the wild cards left
between the suits (a min-plus sum over the suits). Wild cards no meld takes are dead; the melds
take the most valuable ones, so the dead ones are always the cheapest. A set holding a single
natural card is tried only where no run could hold the same cards.

This answers every hand: several decks, coloured suits, any wild-card limits. One deck's hands
go faster through :mod:`.meld_tables`, which builds on it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gamenight.core.cards import Card
from gamenight.families.meld_lanes import (
    COLOUR_SUITS,
    FAMILY_SUITS,
    INF,
    LAYER,
    MAX_RUN,
    STANDARD_SUITS,
    SUIT_MASK,
    WILD,
    Lane,
    add,
    all_wild_split,
    count,
    positions,
    remove,
    set_cap,
    wilds_ok,
    window,
)

if TYPE_CHECKING:
    from gamenight.families.melds import MeldRules

_LANES: dict[tuple[object, ...], Lane] = {}
"""Lanes are shared by every rules object that reads runs the same way: their tables fill once."""


# ---------------------------------------------------------------------------
# The search for one MeldRules

_Option = tuple[tuple[int, ...], int]
"""Sets taken at one rank: (cards taken from each suit of the family, wild cards joining them)."""
_Path = tuple[tuple[int, int], "_Path"] | None
"""The set choices made, as a linked list of (candidate rank, option)."""


class Plan:
    """A solution in face codes: meld layouts (``WILD`` for a wild card), dead natural faces, how
    many wild cards are dead, and which of the hand's cards played as naturals and as wilds."""

    __slots__ = ("dead", "dead_wilds", "melds", "naturals", "value", "wilds")

    def __init__(self, value: int, melds: list[list[int]], dead: list[int], dead_wilds: int,
                 naturals: Sequence[Card], wilds: Sequence[Card]) -> None:
        self.value, self.melds, self.dead, self.dead_wilds = value, melds, dead, dead_wilds
        self.naturals, self.wilds = naturals, wilds


class Search:
    """The general search for one MeldRules: lanes per suit, set options per rank."""

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self.value_by_rank: dict[int, list[int]] = {}
        self.lanes: list[Lane | None] = [None] * 16
        for s in (*STANDARD_SUITS, *COLOUR_SUITS):
            ranks = range(2, 15) if s < 4 else range(1, 14)
            vals = [0] * 16
            for r in ranks:
                vals[r] = rules.value(Card(s * 16 + r))
            self.value_by_rank[s] = vals
            span = window(s, rules)
            key = (tuple(vals), s < 4, span, rules.runs, rules.min_len, rules.min_naturals_per_meld,
                   rules.max_wilds_per_meld, rules.wilds_at_most_naturals)
            if key not in _LANES:
                _LANES[key] = Lane(rules, vals, s < 4, span)
            self.lanes[s] = _LANES[key]
        self.unmeldable = frozenset(int(f) for f in rules.unmeldable)
        self._options: dict[tuple[object, ...], list[_Option]] = {}
        self._partitions: dict[tuple[object, ...], list[tuple[int, int]] | None] = {}
        self._suit_partitions: dict[tuple[object, ...], list[_Option] | None] = {}
        # Per family, the ranks where a set needs two natural cards or more (a run of the same
        # cards does as well as a set holding one).
        self._single_dominated = [sum(1 << r for r in range(16) if self._single_natural_sets(fam, r))
                                  for fam in range(len(FAMILY_SUITS))]

    def lane(self, suit: int) -> Lane:
        lane = self.lanes[suit]
        assert lane is not None
        return lane

    def solve(self, hand: Sequence[Card], arrange: bool) -> tuple[int, Plan | None]:
        """Least deadwood of any hand, and with ``arrange`` the plan reaching it.

        Where a wild card may stand as itself, each choice of which wild cards do so is tried.
        """
        rules = self.rules
        wild_faces = rules.wild_faces
        natural = [c for c in hand if c not in wild_faces]
        wild = [c for c in hand if c in wild_faces]
        if not rules.wilds_may_be_natural:
            return self._solve(natural, wild, arrange)
        able = [i for i, c in enumerate(wild) if self.lanes[c >> 4] is not None and int(c) not in self.unmeldable]
        best: tuple[int, Plan | None] | None = None
        for k in range(len(able) + 1):
            for chosen in itertools.combinations(able, k):
                as_natural = natural + [wild[i] for i in chosen]
                as_wild = [c for i, c in enumerate(wild) if i not in chosen]
                got = self._solve(as_natural, as_wild, arrange)
                if best is None or got[0] < best[0]:
                    best = got
        assert best is not None
        return best

    def leftover_costs(self, wild_values: Sequence[int]) -> list[int]:
        """What ``k`` wild cards left out of the melds with natural cards cost: the ``k`` cheapest,
        less those that make melds of wild cards alone."""
        cheap = sorted(wild_values)
        return [sum(cheap[:k - sum(all_wild_split(k, self.rules))]) for k in range(len(cheap) + 1)]

    def _solve(self, naturals: Sequence[Card], wilds: Sequence[Card], arrange: bool) -> tuple[int, Plan | None]:
        rules = self.rules
        W = len(wilds)
        leftover = self.leftover_costs([rules.value(c) for c in wilds])
        keys = [0] * 16
        fixed = 0
        dead: list[int] = []
        for c in naturals:
            f = int(c)
            s = f >> 4
            if s >= 16 or self.lanes[s] is None or f in self.unmeldable:
                fixed += rules.value(c)
                dead.append(f)
            else:
                keys[s] = add(keys[s], f & 15)
        cands = self._candidates(keys, W) if rules.sets else []
        if rules.runs:
            value, path = self._search(keys, cands, leftover, W, arrange)
        else:
            value, path = self._sets_only(keys, cands, leftover, W)
        if not arrange:
            return fixed + value, None
        plan = self._plan(keys, cands, path, leftover, W, naturals, wilds)
        plan.dead.extend(dead)
        plan.value += fixed
        assert plan.value == fixed + value
        return plan.value, plan

    def _candidates(self, keys: list[int], W: int) -> list[tuple[int, tuple[int, ...], list[_Option]]]:
        """The ranks where sets could be made: (rank, the family's suits, the options). Only
        ranks with enough natural cards are looked at: counted for all ranks at once, a bit per
        rank, over every layer of every suit."""
        out = []
        need = max(1, self.rules.min_len - W, self.rules.min_naturals_per_meld)
        for fam, suits in enumerate(FAMILY_SUITS):
            at_least = [-1] + [0] * need  # at_least[k]: ranks with k cards or more so far
            for s in suits:
                key = keys[s]
                while key:
                    layer = key & SUIT_MASK
                    key >>= LAYER
                    for k in range(need, 0, -1):
                        at_least[k] |= at_least[k - 1] & layer
            ranks = at_least[need]
            if need == 1 and self._single_dominated[fam] and W < MAX_RUN:
                ranks = at_least[1] & ~self._single_dominated[fam]
                rest = [-1, 0, 0]
                for s in suits:
                    key = keys[s]
                    while key:
                        layer = key & SUIT_MASK
                        key >>= LAYER
                        rest[2] |= rest[1] & layer
                        rest[1] |= layer
                ranks |= rest[2]
            while ranks:
                low = ranks & -ranks
                ranks ^= low
                r = low.bit_length() - 1
                opts = self.set_options(fam, r, tuple(count(keys[s], r) for s in suits), W)
                if opts:
                    out.append((r, suits, opts))
        return out

    def set_options(self, fam: int, rank: int, counts: tuple[int, ...], W: int) -> list[_Option]:
        """Every way of making sets at one rank from ``counts`` cards per suit and at most ``W``
        wild cards, fewest wild cards first."""
        single = self._single_natural_sets(fam, rank)
        key = (single, counts, W)
        hit = self._options.get(key)
        if hit is not None:
            return hit
        out: list[_Option] = []
        for taken in itertools.product(*(range(c + 1) for c in counts)) if self.rules.sets else ():
            if not any(taken):
                continue
            for j in range(W + 1):
                if self.set_partition(taken, j, single) is not None:
                    out.append((taken, j))
        out.sort(key=lambda o: o[1])
        self._options[key] = out
        return out

    def _single_natural_sets(self, fam: int, rank: int) -> int:
        """A set holding one natural card is tried only when it is longer than this (0: always):
        a run of the same cards does as well when runs are allowed and the rank has a place in one."""
        suit = FAMILY_SUITS[fam][0]
        if not self.rules.runs or not positions(suit, rank, self.rules):
            return 0
        lane = self.lane(suit)
        return min(MAX_RUN, lane.hi - lane.lo + 1)

    def set_partition(self, taken: tuple[int, ...], j: int, single: int) -> list[_Option] | None:
        """Split ``taken`` natural cards (per suit) and ``j`` wild cards into valid sets, or None."""
        rules = self.rules
        if not rules.set_suits_distinct:
            sizes = self._partition_total(sum(taken), j, single)
            if sizes is None:
                return None
            pool = [i for i, t in enumerate(taken) for _ in range(t)]
            out: list[_Option] = []
            for n, w in sizes:
                share = [0] * len(taken)
                for i in pool[:n]:
                    share[i] += 1
                pool = pool[n:]
                out.append((tuple(share), w))
            return out
        key = (taken, j, single)
        if key in self._suit_partitions:
            return self._suit_partitions[key]
        result: list[_Option] | None = None
        if not any(taken):
            result = [] if j == 0 else None
        else:
            first = next(i for i, t in enumerate(taken) if t)
            others = [i for i, t in enumerate(taken) if t and i != first]
            cap = set_cap(rules, len(taken))
            for k in range(len(others), -1, -1):
                for extra in itertools.combinations(others, k):
                    part = tuple(1 if i == first or i in extra else 0 for i in range(len(taken)))
                    n = k + 1
                    for w in range(j + 1):
                        if not self._set_ok(n, w, cap, single):
                            continue
                        rest = self.set_partition(tuple(t - p for t, p in zip(taken, part)), j - w, single)
                        if rest is not None:
                            result = [(part, w), *rest]
                            break
                    if result is not None:
                        break
                if result is not None:
                    break
        self._suit_partitions[key] = result
        return result

    def _set_ok(self, n: int, w: int, cap: int, single: int) -> bool:
        size = n + w
        return (self.rules.min_len <= size <= cap and wilds_ok(n, w, self.rules)
                and (n > 1 or size > single))

    def _partition_total(self, n: int, j: int, single: int) -> list[tuple[int, int]] | None:
        """Split ``n`` natural cards of one rank and ``j`` wild cards into valid sets (suits not
        mattering): the (naturals, wilds) of each set, or None."""
        key = (n, j, single)
        if key in self._partitions:
            return self._partitions[key]
        result: list[tuple[int, int]] | None = None
        if n == 0:
            result = [] if j == 0 else None
        else:
            cap = set_cap(self.rules, INF)
            for n1 in range(min(n, cap), 0, -1):
                for w in range(j + 1):
                    if self._set_ok(n1, w, cap, single):
                        rest = self._partition_total(n - n1, j - w, single)
                        if rest is not None:
                            result = [(n1, w), *rest]
                            break
                if result is not None:
                    break
        self._partitions[key] = result
        return result

    def _search(self, keys: list[int], cands: list[tuple[int, tuple[int, ...], list[_Option]]],
                leftover: list[int], W: int, arrange: bool) -> tuple[int, _Path]:
        """Try every choice of sets at the candidate ranks; the lanes answer the rest (each suit's
        costs looked up again only when a set takes cards from it)."""
        lanes = self.lanes
        suits = [s for s in range(16) if keys[s]]
        costs: list[list[int]] = [[] for _ in range(16)]
        for s in suits:
            costs[s] = self.lane(s).costs(keys[s], W)
        n = len(cands)

        def leaf(w: int) -> int:
            cs = [costs[s] for s in suits]
            base = sum([c[0] for c in cs])
            if not w or not cs:
                return base + leftover[w]
            ones = sorted([c[1] - c[0] for c in cs])
            if w == 1:
                return base + min(leftover[1], ones[0])
            if w == 2:
                best = min(leftover[2], ones[0] + leftover[1], min([c[2] - c[0] for c in cs]))
                return base + (min(best, ones[0] + ones[1]) if len(ones) > 1 else best)
            g = [0] + [INF] * w
            for c in cs:
                g = [min([g[a] + c[u - a] for a in range(u + 1)]) for u in range(w + 1)]
            return min([g[u] + leftover[w - u] for u in range(w + 1)])

        def rec(i: int, w: int) -> tuple[int, _Path]:
            if i == n:
                return leaf(w), None
            r, group, opts = cands[i]
            best, path = rec(i + 1, w)
            saved = [(keys[s], costs[s]) for s in group]
            for o, (taken, j) in enumerate(opts):
                if j > w:
                    break
                for s, t in zip(group, taken):
                    if t:
                        k = keys[s]
                        for _ in range(t):
                            k = remove(k, r)
                        keys[s] = k
                        costs[s] = lanes[s].costs(k, W)  # type: ignore[union-attr]
                v, p = rec(i + 1, w - j)
                for s, (k, c) in zip(group, saved):
                    keys[s], costs[s] = k, c
                if v < best:
                    best, path = v, ((i, o), p)
            return best, path

        return rec(0, W)

    def _sets_only(self, keys: list[int], cands: list[tuple[int, tuple[int, ...], list[_Option]]],
                   leftover: list[int], W: int) -> tuple[int, _Path]:
        """Without runs the ranks are independent but for the wild cards they share: a knapsack
        over the ranks of the natural value each option saves."""
        total = sum(self.lane(s).costs(keys[s], 0)[0] for s in range(16) if keys[s])
        gain = [0] + [-INF] * W
        picks: list[list[int]] = []  # per candidate, per wilds used so far: the option taken (-1: none)
        for r, group, opts in cands:
            saves = [sum(t * self.value_by_rank[s][r] for s, t in zip(group, taken)) for taken, _ in opts]
            grown = list(gain)
            pick = [-1] * (W + 1)
            for o, (_, j) in enumerate(opts):
                for u in range(j, W + 1):
                    v = gain[u - j] + saves[o]
                    if v > grown[u]:
                        grown[u], pick[u] = v, o
            gain = grown
            picks.append(pick)
        u = min(range(W + 1), key=lambda x: leftover[W - x] - gain[x])
        value = total - gain[u] + leftover[W - u]
        path: _Path = None
        for i in range(len(cands) - 1, -1, -1):
            o = picks[i][u]
            if o >= 0:
                path = ((i, o), path)
                u -= cands[i][2][o][1]
        return value, path

    def _plan(self, keys: list[int], cands: list[tuple[int, tuple[int, ...], list[_Option]]], path: _Path,
              leftover: list[int], W: int, naturals: Sequence[Card], wilds: Sequence[Card]) -> Plan:
        """Replay the chosen sets, share the wild cards left between the suits' runs as the
        search did, and read each suit's runs back from its lane."""
        keys = list(keys)
        melds: list[list[int]] = []
        w = W
        while path is not None:
            (i, o), path = path
            r, group, opts = cands[i]
            taken, j = opts[o]
            single = self._single_natural_sets(0 if group[0] < 4 else 1, r)
            partition = self.set_partition(taken, j, single)
            assert partition is not None
            for part, pw in partition:
                melds.append([s * 16 + r for s, t in zip(group, part) for _ in range(t)] + [WILD] * pw)
            for s, t in zip(group, taken):
                for _ in range(t):
                    keys[s] = remove(keys[s], r)
            w -= j
        suits = [s for s in range(16) if keys[s]]
        lanes = [self.lane(s) for s in suits]
        tables = [lane.costs(keys[s], w) for s, lane in zip(suits, lanes)]
        g = [[0] + [INF] * w]
        for c in tables:
            prev = g[-1]
            g.append([min([prev[a] + c[u - a] for a in range(u + 1)]) for u in range(w + 1)])
        u = min(range(w + 1), key=lambda x: g[-1][x] + leftover[w - x])
        left = w - u
        value = g[-1][u] + leftover[left]
        dead: list[int] = []
        for idx in range(len(suits) - 1, -1, -1):
            c = tables[idx]
            a = next(a for a in range(u + 1) if g[idx][a] + c[u - a] == g[idx + 1][u])
            runs, d = lanes[idx].arrange(suits[idx], keys[suits[idx]], u - a)
            melds.extend(runs)
            dead.extend(d)
            u = a
        split = all_wild_split(left, self.rules)
        melds.extend([WILD] * size for size in split)
        return Plan(value, melds, dead, left - sum(split), naturals, wilds)
