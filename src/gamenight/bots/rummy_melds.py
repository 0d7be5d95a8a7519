"""What the rummy bots share: how much a card helps toward melds, whether a card fits a meld on the
table, and the order in which to put cards down. No game is named here; each bot passes its
game's wild cards and meld rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from gamenight.core.cards import Card, parse_card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import rummy, rummy_contracts
from gamenight.families.melds import MeldRules

WILD_KEEP = 100
"""A wild card is worth more than any partner count: never thrown while another card can go."""
TABLE_ORDER = {"meld": 0, "lay": 1, "swap": 2}


def cards_of(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def partners(card: Card, hand: Sequence[Card], kinds: Iterable[str], is_wild: Callable[[int], bool]) -> int:
    """How much ``card`` helps toward a meld among the other cards of ``hand`` (which holds it): same-rank
    cards count toward sets, near cards of its suit toward runs (``kinds`` says which count)."""
    if is_wild(card):
        return WILD_KEEP
    wanted = set(kinds)
    others = list(hand)
    others.remove(card)
    score = 0
    for other in others:
        if is_wild(other):
            continue
        if "set" in wanted and other & 15 == card & 15:
            score += 3
        if "run" in wanted and other >> 4 == card >> 4 and other != card:
            gap = abs((other & 15) - (card & 15))
            if gap <= 2:
                score += 3 - gap
    return score


def fits(card: Card, meld: Sequence[Card], rules: MeldRules) -> bool:
    """Whether ``card`` could be laid on a meld of ``meld`` (a set of its rank, or a run's end)."""
    kind = rummy.SET if rummy.run_start(meld, rules) is None else rummy.RUN
    return rummy.lay_out([meld], [kind], [rummy.Group((card,), 1)], rules).problem is None


def table_melds(view: View, owner: int | None = None) -> list[list[Card]]:
    """The melds on the table (of ``owner`` only, if given)."""
    return [cards_of(z.pieces) for z in view.zones if z.name == "meld" and (owner is None or z.owner == owner)]


def taken_by(view: View, seat: int) -> list[Card]:
    """The cards ``seat`` was seen to take and still holds."""
    return [c for z in view.zones if z.name == "taken" and z.owner == seat for c in cards_of(z.pieces)]


def feeds(card: Card, view: View, seat: int, melds: list[list[Card]], rules: MeldRules) -> int:
    """How useful ``card`` looks to ``seat``: it fits one of ``melds`` (those it may lay on), or matches
    what that player took."""
    danger = sum(5 for m in melds if fits(card, m, rules))
    for t in taken_by(view, seat):
        if t & 15 == card & 15 or (t >> 4 == card >> 4 and abs((t & 15) - (card & 15)) <= 2):
            danger += 1
    return danger


def first_table_move(moves: Sequence[Action], value: Callable[[Card], int] = lambda c: 0) -> Action:
    """New melds first (the biggest), then lay-offs (the costliest cards first), then swaps."""
    return min(moves, key=lambda a: (TABLE_ORDER[a.verb], -len(a.cards), -sum(map(value, a.cards)), str(a)))


def contract_of(view: View, name: str) -> rummy_contracts.Contract:
    """The contract a fact names, as ``3: 1 run of 4 and 1 set of 3``."""
    return rummy_contracts.Contract.parse(str(view.fact(name)).rsplit(": ", 1)[1])
