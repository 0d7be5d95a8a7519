"""Rummy melds: what counts as a set or a run, and how little deadwood a hand can leave.

Every rummy-family game needs the same three answers: is this group of cards a
meld, what is the best way to arrange a hand into melds, and which loose cards
can be laid off onto someone else's melds. The rules that differ between games
(aces high or low, sets only or runs only, wild cards and their limits, set sizes,
card values) live in :class:`MeldRules`, so each game passes its own rules instead
of re-implementing the search. How the search goes: :mod:`.meld_lanes` (the runs of
one suit), :mod:`.meld_search` (sets and wild cards over them, any hand) and
:mod:`.meld_tables` (one deck's hands from flat tables).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from gamenight.core.cards import Card
from gamenight.families.meld_lanes import (
    FAMILY_SUITS,
    MAX_RUN,
    WILD,
    all_wild_allowed,
    family,
    positions,
    set_cap,
    wilds_ok,
    window,
)
from gamenight.families.meld_search import Plan
from gamenight.families.meld_tables import Solver

__all__ = [
    "Arrangement",
    "LayOff",
    "MeldKind",
    "MeldRules",
    "best_arrangement",
    "best_discard",
    "count_cards",
    "is_meld",
    "lay_off",
    "meld_kind",
    "min_deadwood",
    "min_deadwood_after_layoff",
]

MeldKind = Literal["set", "run"]


def count_cards(card: Card) -> int:
    """Every card counts one: without a game's card values, deadwood is the number of cards
    left out of melds."""
    return 1


@dataclass(frozen=True)
class MeldRules:
    """What a game accepts as a meld and what loose cards cost.

    Kinds: ``sets`` and ``runs`` (turn one off for sets only or runs only); ``min_len``
    applies to both; ``max_set_size`` caps sets (None: unlimited, for multi-deck games);
    ``set_suits_distinct``: a set holds one card of each suit at most, wild cards standing
    for the suits missing (Push's variant, Vazhushal).
    Runs: ``ace_low`` allows A-2-3, ``ace_high`` allows Q-K-A; runs never wrap (K-A-2), and
    with both set an ace is low or high within a run, not both.
    Wild cards: ``wild_faces`` are the face codes that stand in for any card (jokers, 2s...).
    A wild card counts as wild even where it could pass as itself, unless
    ``wilds_may_be_natural`` (Vazhushal: "a wild card being used as its natural value does
    not count as a wild card"). Per-meld limits: ``min_naturals_per_meld`` (1 forbids
    all-wild melds, 0 allows them; Canasta's is 2), ``max_wilds_per_meld`` (Rumski's "one
    wild per meld" is 1), ``wilds_at_most_naturals`` (Hand and Foot, 10 Dime, Desert: at
    least as many naturals as wilds). ``all_wild_melds`` allows a meld of wild cards alone
    whatever those limits say (Hand and Foot's wild canasta).
    ``unmeldable`` faces never join a meld (Canasta's threes).
    ``value`` is what a card left out of melds costs: the game's card points, read from the
    card's face alone (the solver remembers answers by face); without it every card counts one.
    """

    ace_low: bool = True
    ace_high: bool = False
    min_len: int = 3
    max_set_size: int | None = 4
    sets: bool = True
    runs: bool = True
    wild_faces: frozenset[int] = frozenset()
    min_naturals_per_meld: int = 1
    max_wilds_per_meld: int | None = None
    wilds_at_most_naturals: bool = False
    value: Callable[[Card], int] = field(default=count_cards)
    set_suits_distinct: bool = False
    all_wild_melds: bool = False
    wilds_may_be_natural: bool = False
    unmeldable: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.min_len < 1:
            raise ValueError("min_len must be at least 1")
        if self.max_set_size is not None and self.max_set_size < 1:
            raise ValueError("max_set_size must be positive or None")
        if self.min_naturals_per_meld < 0:
            raise ValueError("min_naturals_per_meld cannot be negative")
        if self.max_wilds_per_meld is not None and self.max_wilds_per_meld < 0:
            raise ValueError("max_wilds_per_meld cannot be negative")

    @cached_property
    def _solver(self) -> Solver:
        # Built once per rules object (the tables it shares with equal rules fill once per
        # process, ~50 ms; with wild cards on one deck ~0.2 s more): the look-up must cost nothing.
        return Solver(self)


_DEFAULT_RULES = MeldRules()


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood (the hand's own card objects)."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int


@dataclass(frozen=True)
class LayOff:
    """Which loose cards went onto which of the other player's melds.

    ``placements[i]`` are the cards laid on ``melds[i]`` (empty if none).
    """

    placements: tuple[tuple[Card, ...], ...]
    remaining: tuple[Card, ...]
    laid_value: int
    remaining_value: int


# ---------------------------------------------------------------------------
# Meld validity


def _run_spans(naturals: Sequence[int], rules: MeldRules) -> list[tuple[int, int, int, int]]:
    """Each reading of natural cards of one suit as part of a run, an ace low or high:
    (first and last position the suit allows, lowest and highest position held)."""
    suit = naturals[0] >> 4
    span = window(suit, rules)
    places = [positions(suit, c & 15, rules) for c in naturals]
    if span is None or not all(places):
        return []
    return sorted({(*span, min(ps), max(ps)) for ps in itertools.product(*places)})


def _is_set(naturals: Sequence[int], n: int, rules: MeldRules) -> bool:
    if not rules.sets:
        return False
    if not naturals:
        return n <= set_cap(rules, 4)
    first = naturals[0]
    fam = family(first >> 4)
    if fam < 0 or n > set_cap(rules, len(FAMILY_SUITS[fam])):
        return False
    if any(c & 15 != first & 15 or family(c >> 4) != fam for c in naturals):
        return False
    return not rules.set_suits_distinct or len({c >> 4 for c in naturals}) == len(naturals)


def _is_run(naturals: Sequence[int], n: int, rules: MeldRules) -> bool:
    if not rules.runs or n > MAX_RUN:
        return False
    if not naturals:
        return True
    suit = naturals[0] >> 4
    if any(c >> 4 != suit for c in naturals) or len(set(naturals)) != len(naturals):
        return False
    return any(high - low + 1 <= n <= hi - lo + 1 for lo, hi, low, high in _run_spans(naturals, rules))


def _readings(cs: Sequence[Card], rules: MeldRules) -> list[tuple[list[int], int]]:
    """The ways to read the cards as (natural faces, wild count): one, unless a wild card may
    stand as itself."""
    naturals = [int(c) for c in cs if c not in rules.wild_faces]
    wild = [int(c) for c in cs if c in rules.wild_faces]
    if not rules.wilds_may_be_natural:
        return [(naturals, len(wild))]
    return [(naturals + list(chosen), len(wild) - k)
            for k in range(len(wild) + 1) for chosen in itertools.combinations(wild, k)]


def _limits_ok(naturals: int, wilds: int, rules: MeldRules) -> bool:
    if naturals:
        return wilds_ok(naturals, wilds, rules)
    return all_wild_allowed(rules) and (rules.all_wild_melds or wilds_ok(0, wilds, rules))


def meld_kind(cards: Iterable[Card], rules: MeldRules = _DEFAULT_RULES) -> MeldKind | None:
    """``"set"``, ``"run"`` or None. Cards that could be read either way (wilds) count as a set."""
    cs = list(cards)
    n = len(cs)
    if n < rules.min_len or any(int(c) in rules.unmeldable for c in cs):
        return None
    readings = [(nat, w) for nat, w in _readings(cs, rules) if _limits_ok(len(nat), w, rules)]
    if any(_is_set(nat, n, rules) for nat, _ in readings):
        return "set"
    if any(_is_run(nat, n, rules) for nat, _ in readings):
        return "run"
    return None


def is_meld(cards: Iterable[Card], rules: MeldRules = _DEFAULT_RULES) -> bool:
    """True if the cards, wild cards included, form one valid set or run."""
    return meld_kind(cards, rules) is not None


# ---------------------------------------------------------------------------
# Least deadwood

_BIT = [1 << i for i in range(256)]


def _plain_mask(hand: Sequence[Card], solver: Solver) -> int | None:
    """The hand as one 64-bit mask when the plain path can answer it (distinct standard cards,
    no wild or unmeldable ones), else None."""
    hm = sum(map(_BIT.__getitem__, hand))
    if hm & solver.slow_bits or hm.bit_count() != len(hand):
        return None
    return hm


def min_deadwood(hand: Sequence[Card], rules: MeldRules = _DEFAULT_RULES) -> int:
    """The least total value of unmatched cards over all ways of melding the hand."""
    solver = rules._solver
    hm = sum(map(_BIT.__getitem__, hand))
    if hm & solver.slow_bits or hm.bit_count() != len(hand):
        return solver.value(hand, hm)
    return _plain_deadwood(solver, hm)


def _plain_deadwood(solver: Solver, hm: int) -> int:
    """:func:`min_deadwood` of a hand on the plain path, given as its mask."""
    a, b, c, d = hm & 0xFFFF, hm >> 16 & 0xFFFF, hm >> 32 & 0xFFFF, hm >> 48
    if (a & b & (c | d)) | (c & d & (a | b)):
        return solver.plain_value(hm)
    return solver.t0[a] + solver.t1[b] + solver.t2[c] + solver.t3[d]


def deadwood_after_discards(hand: Sequence[Card], rules: MeldRules = _DEFAULT_RULES) -> list[int]:
    """:func:`min_deadwood` of the hand less each card in turn, in hand order (a bot weighing
    every discard): on the plain path the hand's mask is built once and each discard is a bit off it."""
    solver = rules._solver
    hm = sum(map(_BIT.__getitem__, hand))
    if hm & solver.slow_bits or hm.bit_count() != len(hand):
        return [min_deadwood([*hand[:i], *hand[i + 1:]], rules) for i in range(len(hand))]
    return [_plain_deadwood(solver, hm ^ _BIT[c]) for c in hand]


def best_arrangement(hand: Sequence[Card], rules: MeldRules = _DEFAULT_RULES) -> Arrangement:
    """Melds and deadwood reaching :func:`min_deadwood`; the same hand always gives the same answer."""
    solver = rules._solver
    hm = _plain_mask(hand, solver)
    if hm is None:
        plan = solver.solve(hand, True)[1]
        assert plan is not None
        return _materialise(plan, rules)
    melds, dead = solver.plain_arrange(hm)
    by_face = {int(c): c for c in hand}  # distinct faces on this path
    out = tuple(tuple(by_face[f] for f in m) for m in sorted(melds, key=sorted))
    deadwood = tuple(by_face[f] for f in sorted(dead))
    return Arrangement(out, deadwood, sum(rules.value(c) for c in deadwood))


def _materialise(plan: Plan, rules: MeldRules) -> Arrangement:
    """Swap the plan's face codes for the hand's own card objects, in a stable order."""
    pools: dict[int, list[Card]] = {}
    for c in plan.naturals:
        pools.setdefault(int(c), []).append(c)
    for pool in pools.values():
        pool.reverse()
    # Melds take the most valuable wilds; the cheapest are the ones left dead.
    wild = sorted(plan.wilds, key=lambda c: -rules.value(c))
    kept = len(wild) - plan.dead_wilds
    dead_wilds, wild = wild[kept:], wild[:kept]
    wild.reverse()

    def key(m: list[int]) -> tuple[int, ...]:
        nat = sorted(f for f in m if f != WILD)
        return (0 if nat else 1, *nat, len(m))

    out = tuple(tuple(wild.pop() if f == WILD else pools[f].pop() for f in m) for m in sorted(plan.melds, key=key))
    deadwood = [pools[f].pop() for f in sorted(plan.dead)] + dead_wilds
    return Arrangement(out, tuple(deadwood), sum(rules.value(c) for c in deadwood))


def best_discard(hand: Sequence[Card], rules: MeldRules = _DEFAULT_RULES) -> tuple[Card, int]:
    """The discard leaving the least deadwood, and that deadwood.

    Ties go to the higher-valued discard, then the higher face code, so play is repeatable.
    """
    if not hand:
        raise ValueError("cannot discard from an empty hand")
    solver = rules._solver
    hm = sum(map(_BIT.__getitem__, hand))
    if not hm & solver.slow_bits and hm.bit_count() == len(hand):
        face, dw = solver.plain_discard(hm)
        return hand[hand.index(face)], dw
    found = solver.discard(hand, hm)
    if found is not None:
        return found
    best: tuple[int, int, int] | None = None
    choice = hand[0]
    seen: set[int] = set()
    for i, card in enumerate(hand):
        if int(card) in seen:
            continue
        seen.add(int(card))
        dw = min_deadwood([c for j, c in enumerate(hand) if j != i], rules)
        key = (dw, -rules.value(card), -int(card))
        if best is None or key < best:
            best, choice = key, card
    assert best is not None
    return choice, best[0]


# ---------------------------------------------------------------------------
# Laying off


def _extensions(meld: Sequence[Card], cards: Sequence[Card], rules: MeldRules) -> list[int]:
    """Every group of ``cards`` (bitmask, 0 included) that may be laid on ``meld`` together.

    A meld of natural cards is read directly: a set takes the missing cards of its rank (as
    many as its size and suits allow), a run takes a chain down from its low end and a chain up
    from its high end. With wild cards in play each group of the cards that could fit is tried.
    """
    wild = rules.wild_faces
    if not wild.isdisjoint(map(int, meld)) or not wild.isdisjoint(map(int, cards)):
        return _tried_extensions(meld, cards, rules)
    naturals = [int(c) for c in meld]
    n = len(naturals)
    if n < rules.min_len or not wilds_ok(n, 0, rules) or not rules.unmeldable.isdisjoint(naturals):
        return [0]
    kind = "set" if _is_set(naturals, n, rules) else "run" if _is_run(naturals, n, rules) else None
    if kind == "set":
        rank, fam = naturals[0] & 15, family(naturals[0] >> 4)
        room = set_cap(rules, len(FAMILY_SUITS[fam])) - len(meld)
        fits = [i for i, c in enumerate(cards)
                if c & 15 == rank and family(c >> 4) == fam and int(c) not in rules.unmeldable]
        if rules.set_suits_distinct:
            suits = {c >> 4 for c in naturals}
            fits = [i for i in fits if cards[i] >> 4 not in suits]
        out = [0]
        for k in range(1, min(room, len(fits)) + 1):
            for group in itertools.combinations(fits, k):
                if not rules.set_suits_distinct or len({cards[i] >> 4 for i in group}) == k:
                    out.append(sum(1 << i for i in group))
        return out
    if kind != "run":
        return [0]
    suit = naturals[0] >> 4
    at: dict[int, int] = {}  # run position -> index of a card that fills it
    for i, c in enumerate(cards):
        if c >> 4 == suit and int(c) not in rules.unmeldable:
            for p in positions(suit, c & 15, rules):
                at.setdefault(p, i)
    found = {0}
    for lo, hi, low, high in _run_spans(naturals, rules):
        below = _chain(at, range(low - 1, lo - 1, -1))
        above = _chain(at, range(high + 1, hi + 1))
        room = min(MAX_RUN, hi - lo + 1) - (high - low + 1)
        for k_down in range(min(len(below), room) + 1):
            down = sum(1 << at[p] for p in below[:k_down])
            for k_up in range(min(len(above), room - k_down) + 1):
                found.add(down | sum(1 << at[p] for p in above[:k_up]))
    return sorted(found)


def _chain(at: dict[int, int], steps: range) -> list[int]:
    """The positions along ``steps`` that are all filled, up to the first gap."""
    out = []
    for p in steps:
        if p not in at:
            break
        out.append(p)
    return out


def _tried_extensions(meld: Sequence[Card], cards: Sequence[Card], rules: MeldRules) -> list[int]:
    """Every group of the cards that could fit, tried with :func:`is_meld`."""
    naturals = [c for c in meld if c not in rules.wild_faces]
    rel = [i for i, c in enumerate(cards) if c in rules.wild_faces or not naturals
           or any(n & 15 == c & 15 or n >> 4 == c >> 4 for n in naturals)]
    out = [0]
    for k in range(1, len(rel) + 1):
        for combo in itertools.combinations(rel, k):
            if is_meld(list(meld) + [cards[i] for i in combo], rules):
                out.append(sum(1 << i for i in combo))
    return out


def _layoff_options(cards: Sequence[Card], melds: Sequence[Sequence[Card]],
                    rules: MeldRules) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Every reachable set of laid-off cards (bitmask over ``cards``) with its value and the
    per-meld bitmasks that reach it."""
    values = [rules.value(c) for c in cards]
    states: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for meld in melds:
        groups = _extensions(meld, cards, rules)
        grown: dict[int, tuple[int, tuple[int, ...]]] = {}
        for used, (val, per) in states.items():
            for group in groups:
                if used & group:
                    continue
                key = used | group
                if key not in grown:
                    grown[key] = (val + sum(values[i] for i in range(len(cards)) if group >> i & 1), per + (group,))
        states = grown
    return states


def lay_off(deadwood: Sequence[Card], melds: Sequence[Sequence[Card]],
            rules: MeldRules = _DEFAULT_RULES) -> LayOff:
    """Lay loose cards onto another player's melds to take off as many points as possible.

    A card may go on a meld if the meld stays valid: a fourth card on a set, either end
    of a run, several cards in a chain (9H then 10H onto 6-7-8H). With wild cards the
    test is that meld plus laid cards is still one valid meld of either kind.
    """
    options = _layoff_options(deadwood, melds, rules)
    used, (_, per) = max(options.items(), key=lambda kv: (kv[1][0], -kv[0].bit_count(), -kv[0]))
    placements = tuple(tuple(c for i, c in enumerate(deadwood) if sub >> i & 1) for sub in per)
    placements += ((),) * (len(melds) - len(placements))
    remaining = tuple(c for i, c in enumerate(deadwood) if not used >> i & 1)
    laid = sum(rules.value(c) for p in placements for c in p)
    return LayOff(placements, remaining, laid, sum(rules.value(c) for c in remaining))


def min_deadwood_after_layoff(hand: Sequence[Card], knocker_melds: Sequence[Sequence[Card]],
                              rules: MeldRules = _DEFAULT_RULES) -> tuple[Arrangement, LayOff]:
    """The defender's arrangement and lay-off that leave the fewest points.

    The least-deadwood arrangement is not always best: breaking a meld can free cards
    that lay off. So every reachable lay-off is tried with the rest of the hand melded
    as well as possible. Ties favour laying off fewer cards.
    """
    options = _layoff_options(hand, knocker_melds, rules)
    best: tuple[int, int, int] | None = None
    best_used = 0
    for used in sorted(options):
        rest = [c for i, c in enumerate(hand) if not used >> i & 1]
        key = (min_deadwood(rest, rules), used.bit_count(), used)
        if best is None or key < best:
            best, best_used = key, used
    rest = [c for i, c in enumerate(hand) if not best_used >> i & 1]
    inner = best_arrangement(rest, rules)
    laid = [c for i, c in enumerate(hand) if best_used >> i & 1]
    deadwood = inner.deadwood + tuple(laid)
    arrangement = Arrangement(inner.melds, deadwood, sum(rules.value(c) for c in deadwood))
    per = options[best_used][1]
    placements = tuple(tuple(c for i, c in enumerate(hand) if sub >> i & 1) for sub in per)
    placements += ((),) * (len(knocker_melds) - len(placements))
    laid_value = sum(rules.value(c) for c in laid)
    layoff = LayOff(placements, inner.deadwood, laid_value, inner.deadwood_value)
    return arrangement, layoff
