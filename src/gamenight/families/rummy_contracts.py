"""Rummy contracts: the melds a round requires (:class:`Requirement`, :class:`Contract`, which says why
groups do not make one and what each group is), and the one search behind them: :func:`contract_ways`
(a few ways a hand lays a contract down, fewest wild cards first), :func:`meld_ways` (the sets or runs a
hand can make on their own) and :func:`lay_offs` (each card a meld on the table takes)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.core.cards import JOKER_SUIT, Card, cards_text
from gamenight.engine.actions import Action
from gamenight.families.meld_lanes import MAX_RUN, face_at, wilds_ok, window
from gamenight.families.melds import MeldRules, is_meld
from gamenight.families.rummy import RUN, SET, Meld, lay, lay_problem, meld_problem, only, wild_test


# --- contracts: the melds a round requires -----------------------------------------------------------------
@dataclass(frozen=True)
class Requirement:
    """One meld a contract asks for: a set or a run of at least ``length`` cards."""

    kind: str
    length: int

    def __str__(self) -> str:
        return f"{self.kind} of {self.length}"


@dataclass(frozen=True)
class Contract:
    """The melds a round (or a player's stick, or their place in a climb) requires, such as
    "1 run of 4 and 1 set of 3". ``same_suit``: the runs are all of one suit."""

    parts: tuple[Requirement, ...]
    same_suit: bool = False

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``"2 sets of 3"``, ``"1 run of 4 and 1 set of 3"``, ``"2 runs of 4 in same suit"``."""
        words = text.lower().replace(",", " and ").split()
        same = False
        if words[-3:] == ["in", "same", "suit"]:
            same, words = True, words[:-3]
        parts: list[Requirement] = []
        chunk: list[str] = []
        for w in [*words, "and"]:
            if w != "and":
                chunk.append(w)
                continue
            if len(chunk) != 4 or chunk[2] != "of" or not chunk[0].isdigit() or not chunk[3].isdigit() \
                    or chunk[1] not in ("set", "sets", "run", "runs"):
                raise ValueError(f"{text!r} is not a contract like '2 sets of 3' or '1 run of 4 and 1 set of 3'")
            kind = "set" if chunk[1].startswith("set") else "run"
            parts += [Requirement(kind, int(chunk[3]))] * int(chunk[0])
            chunk = []
        return cls(tuple(parts), same)

    def __str__(self) -> str:
        counted = Counter(self.parts)
        text = " and ".join(f"{n} {r.kind}{'s' if n > 1 else ''} of {r.length}" for r, n in counted.items())
        return text + (" in same suit" if self.same_suit else "")

    def problem(self, groups: Sequence[Sequence[Card]], rules: MeldRules, exact: bool = False) -> str | None:
        """Why ``groups`` do not make this contract (None: they do). Each group must be one meld
        answering one requirement, at least as long (exactly as long with ``exact``)."""
        if len(groups) != len(self.parts):
            return f"the contract is {self}: {len(self.parts)} meld{'s' if len(self.parts) > 1 else ''}, " \
                   f"not {len(groups)}"
        if self._matched(groups, rules, exact, None) is not None:
            if self.same_suit and not self._one_suit(groups, rules):
                return f"the contract is {self}: the runs must all be of one suit"
            return None
        for g in groups:
            p = meld_problem(g, rules)
            if p is not None:
                return p
        return f"the contract is {self}: {' and '.join(cards_text(g) for g in groups)} does not make it"

    def kinds(self, groups: Sequence[Sequence[Card]], rules: MeldRules, exact: bool = False,
              declared: Sequence[str | None] | None = None) -> list[str] | None:
        """The kind ("set" or "run") each group answers when ``groups`` make this contract (None: they
        do not). A group that reads both ways takes the kind its requirement asks, unless ``declared``
        names its kind (None in ``declared``: not said)."""
        if len(groups) != len(self.parts):
            return None
        found = self._matched(groups, rules, exact, declared)
        if found is None or (self.same_suit and not self._one_suit(groups, rules)):
            return None
        return found

    def _matched(self, groups: Sequence[Sequence[Card]], rules: MeldRules, exact: bool,
                 declared: Sequence[str | None] | None) -> list[str] | None:
        """The kinds of the first pairing of groups with requirements that answers every one."""
        said = list(declared) if declared is not None else [None] * len(groups)
        for order in itertools.permutations(range(len(groups))):
            if all(said[g] in (None, req.kind) and self._answers(groups[g], req, only(rules, req.kind), exact)
                   for g, req in zip(order, self.parts)):
                kinds = [""] * len(groups)
                for g, req in zip(order, self.parts):
                    kinds[g] = req.kind
                return kinds
        return None

    @staticmethod
    def _answers(group: Sequence[Card], req: Requirement, rules: MeldRules, exact: bool) -> bool:
        n = len(group)
        return (n == req.length if exact else n >= req.length) and is_meld(group, rules)

    @staticmethod
    def _one_suit(groups: Sequence[Sequence[Card]], rules: MeldRules) -> bool:
        suits = {c >> 4 for g in groups for c in g if int(c) not in rules.wild_faces}
        return len(suits) <= 1


# --- melds a hand can make: the one search behind a contract's ways and the single melds a game lists --------
WILD_PLACE = -1
"""A wild card's place in a layout: a meld written as natural faces and wild places, a run in order."""


class _Held:
    """A hand as the search reads it: its natural cards that may meld, by face, and its wild cards
    (those worth most first, so a meld spends them before the hand is counted)."""

    def __init__(self, hand: Sequence[Card], rules: MeldRules) -> None:
        is_wild = wild_test(rules)
        self.wilds = sorted((c for c in hand if is_wild(c)), key=lambda c: (-rules.value(c), int(c)))
        self.by_face: dict[int, list[Card]] = {}
        for c in hand:
            if not is_wild(c) and int(c) not in rules.unmeldable:
                self.by_face.setdefault(int(c), []).append(c)
        self.counts = Counter({f: len(cs) for f, cs in self.by_face.items()})

    def cards(self, layouts: Sequence[tuple[int, ...]]) -> list[list[Card]]:
        """The hand's own cards for ``layouts``, met one after the other."""
        pools = {f: list(cs) for f, cs in self.by_face.items()}
        spare = list(self.wilds)
        return [[spare.pop(0) if f == WILD_PLACE else pools[f].pop() for f in layout] for layout in layouts]


def contract_ways(hand: Sequence[Card], contract: Contract, rules: MeldRules, exact: bool = True,
                  limit: int = 4, budget: int = 4000) -> list[list[list[Card]]]:
    """Ways to lay ``contract`` down from ``hand``: one group of the hand's own cards per requirement,
    in the contract's order, a run written in order with each wild card at its place. Each meld is as
    long as asked; unless ``exact``, a set may also take every natural card of its rank and a run a
    longer unbroken stretch. At most ``limit`` ways, those with fewest wild cards first; the search
    gives up after ``budget`` steps (a hand that holds the contract almost always shows it within a few)."""
    held = _Held(hand, rules)
    order = sorted(range(len(contract.parts)), key=lambda i: (contract.parts[i].kind != RUN,
                                                              -contract.parts[i].length))
    found: list[list[list[Card]]] = []
    seen: set[tuple[Any, ...]] = set()
    steps = [0]

    def emit(chosen: list[tuple[int, tuple[int, ...]]]) -> None:
        key = tuple(sorted((str(contract.parts[i]), tuple(sorted(layout))) for i, layout in chosen))  # alike parts swap
        if key not in seen:
            seen.add(key)
            made = held.cards([layout for _, layout in chosen])
            groups: list[list[Card]] = [[] for _ in contract.parts]
            for (i, _), cards in zip(chosen, made):
                groups[i] = cards
            found.append(groups)

    def search(k: int, left: Counter[int], wild_left: int, suit: int | None,
               chosen: list[tuple[int, tuple[int, ...]]]) -> None:
        if k == len(order):
            emit(chosen)
            return
        i = order[k]
        req = contract.parts[i]
        for layout in _layouts(req, left, wild_left, rules, suit if contract.same_suit else None, not exact):
            steps[0] += 1
            if steps[0] > budget or len(found) >= limit:
                return
            used = Counter(f for f in layout if f != WILD_PLACE)
            if any(left[f] < n for f, n in used.items()):
                continue
            run_suit = next(f >> 4 for f in layout if f != WILD_PLACE) if req.kind == RUN else suit
            search(k + 1, left - used, wild_left - layout.count(WILD_PLACE), run_suit, [*chosen, (i, layout)])

    search(0, held.counts, len(held.wilds), None, [])
    is_wild = wild_test(rules)
    found.sort(key=lambda gs: sum(1 for g in gs for c in g if is_wild(c)))
    return found


def meld_ways(hand: Sequence[Card], rules: MeldRules, kind: str, length: int | None = None,
              exact: bool = False, per_suit: int = 4) -> list[list[Card]]:
    """The melds of one ``kind`` the hand can make on their own, ``length`` cards (the rules' least by
    default) or, unless ``exact``, longer: per rank the set with most natural cards (and the set of all
    of them), per suit the ``per_suit`` runs with fewest wild cards (and the longest unbroken ones).
    The same search as :func:`contract_ways`, for a one-meld contract, kept to one way per place."""
    need = max(length or rules.min_len, rules.min_len)
    held = _Held(hand, rules)
    out: list[list[Card]] = []
    taken: Counter[tuple[int, int]] = Counter()
    for layout in _layouts(Requirement(kind, need), held.counts, len(held.wilds), rules, None, not exact):
        first = next(f for f in layout if f != WILD_PLACE)
        place = (first & 15, len(layout)) if kind == SET else (first >> 4, -1)
        if taken[place] < (1 if kind == SET else per_suit):
            taken[place] += 1
            out += held.cards([layout])
    return out


def _layouts(req: Requirement, left: Counter[int], wilds: int, rules: MeldRules, suit: int | None,
             longer: bool) -> Iterator[tuple[int, ...]]:
    """The melds answering ``req`` from the natural faces ``left`` and ``wilds`` wild cards, most
    natural cards first (with ``longer``, the longer all-natural ones before them)."""
    if req.kind == SET:
        return _set_layouts(left, wilds, req.length, rules, longer)
    return _run_layouts(left, wilds, req.length, rules, suit, longer)


def _set_layouts(left: Counter[int], wilds: int, length: int, rules: MeldRules,
                 longer: bool) -> Iterator[tuple[int, ...]]:
    """Sets of ``length`` cards (with ``longer``, also of all the rank's natural cards)."""
    if not rules.sets or (rules.max_set_size is not None and length > rules.max_set_size):
        return
    ranks: dict[int, list[int]] = {}
    for f, n in sorted(left.items()):
        if n > 0 and f >> 4 < JOKER_SUIT:
            ranks.setdefault(f & 15, []).extend([f] * (1 if rules.set_suits_distinct else n))
    for rank in sorted(ranks, key=lambda r: (-len(ranks[r]), r)):
        pool = ranks[rank]
        if longer and len(pool) > length and (rules.max_set_size is None or len(pool) <= rules.max_set_size):
            yield tuple(pool)
        for t in range(min(len(pool), length), 0, -1):
            w = length - t
            if w > wilds or not wilds_ok(t, w, rules):
                continue
            for faces in dict.fromkeys(itertools.combinations(pool, t)):
                yield (*faces, *[WILD_PLACE] * w)


def _run_layouts(left: Counter[int], wilds: int, length: int, rules: MeldRules,
                 suit: int | None, longer: bool) -> Iterator[tuple[int, ...]]:
    """Runs of ``length`` cards, in order (in ``suit`` only, if given; with ``longer``, also the
    unbroken stretches of natural cards longer than that)."""
    if not rules.runs or length > MAX_RUN:
        return
    layouts: list[tuple[int, tuple[int, ...]]] = []
    for s in ([suit] if suit is not None else range(4)):
        w = window(s, rules)
        if w is None:
            continue
        faces = [face_at(s, p) for p in range(w[0], w[1] + 1)]
        held = [left[f] > 0 for f in faces]
        if longer:
            layouts += [(-1, tuple(faces[a:b])) for a, b in _stretches(held) if b - a > length]
        for at in range(len(faces) - length + 1):
            present = [j for j in range(length) if held[at + j]]
            need = length - len(present)
            if not present or need > wilds or not wilds_ok(len(present), need, rules):
                continue
            places = faces[at:at + length]
            for drop in range(0, wilds - need + 1):
                t = len(present) - drop
                if t < 1 or not wilds_ok(t, length - t, rules):
                    break
                for gone in itertools.combinations(present, drop):
                    layouts.append((length - t, tuple(WILD_PLACE if not held[at + j] or j in gone else f
                                                      for j, f in enumerate(places))))
    layouts.sort(key=lambda x: x[0])
    for _, layout in layouts:
        yield layout


def _stretches(held: Sequence[bool]) -> Iterator[tuple[int, int]]:
    """The unbroken stretches of True in ``held``, as [start, end) pairs."""
    start = None
    for j, h in enumerate([*held, False]):
        if h and start is None:
            start = j
        elif not h and start is not None:
            yield start, j
            start = None


def lay_offs(hand: Sequence[Card], table: Sequence[Meld], rules: MeldRules,
             may_use: Callable[[Meld], bool] = lambda m: True) -> list[Action]:
    """``lay C on N`` for every card of the hand (once per face) that meld N, one the mover may use,
    takes as it stands."""
    out = []
    faces = list(dict.fromkeys(hand))
    is_wild = wild_test(rules)
    for i, m in enumerate(table):
        if not may_use(m):
            continue
        ranks = {c & 15 for c in m.cards if not is_wild(c)}
        suits = {c >> 4 for c in m.cards if not is_wild(c)}
        near = [c for c in faces if is_wild(c) or c & 15 in ranks or c >> 4 in suits]  # the others never fit
        out += [lay([c], i + 1) for c in near if lay_problem(m.cards, [c], rules) is None]
    return out

