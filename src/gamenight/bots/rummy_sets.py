"""What the heuristic bots of the set-melding rummy games share (sets only, wild cards, every card
played out counting for the player who laid it): reading a hand of sets, how far it is from a
contract, which cards lay off on the table, which discard helps the others, and which meld puts
the most points down (on what every rummy bot reads, :mod:`rummy_melds`). No game is named here;
each game's bot passes its own rules and values."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gamenight.bots.rummy_melds import table_melds, taken_by
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.families import rummy
from gamenight.families.melds import MeldRules
from gamenight.families.rummy_contracts import Contract


class SetHand:
    """A hand read for sets: its natural cards by rank and its wild cards."""

    def __init__(self, cards: Sequence[Card], rules: MeldRules, values: Sequence[int]) -> None:
        self.cards = list(cards)
        self.rules = rules
        self.values = values
        self.wilds = [c for c in cards if int(c) in rules.wild_faces]
        self.ranks = Counter(c & 15 for c in cards if int(c) not in rules.wild_faces)

    def plus(self, card: Card) -> SetHand:
        return SetHand([*self.cards, card], self.rules, self.values)

    def value(self, card: Card) -> int:
        return self.values[card]

    def is_wild(self, card: Card) -> bool:
        return int(card) in self.rules.wild_faces

    def distance(self, contract: Contract) -> int:
        """How many cards the hand still lacks for a contract of sets: the longest requirements on the
        ranks it holds most of, wild cards filling what the tame-wild limits allow."""
        lengths = sorted((p.length for p in contract.parts), reverse=True)
        counts = sorted(self.ranks.values(), reverse=True)[:len(lengths)]
        counts += [0] * (len(lengths) - len(counts))
        missing = [max(0, n - c) for n, c in zip(lengths, counts)]
        fillable = sum(min(m, c) if self.rules.wilds_at_most_naturals else (m if c else 0)
                       for m, c in zip(missing, counts))
        return sum(missing) - min(len(self.wilds), fillable)

    def lays_off(self, card: Card, melds: Sequence[Sequence[Card]]) -> bool:
        return any(rummy.lay_problem(m, [card], self.rules) is None for m in melds)

    def discard_key(self, card: Card, melds: Sequence[Sequence[Card]], feeds: int) -> tuple[int, ...]:
        """Lower is discarded first: never a wild card while there is another, then loose cards before
        pairs, then cards that help the others least, then the costliest to keep."""
        if self.is_wild(card):
            return (1, 0, 0, 0)
        return (0, min(self.ranks[card & 15], 3), feeds, -self.value(card))


def danger(view: View, seat: int, card: Card, melded_feeds: bool = True) -> int:
    """How much discarding ``card`` would help another player: its rank melded on the table (where a
    discard that plays on a meld may be bought or picked and laid off: ``melded_feeds``), or taken
    from the pile by another player."""
    rank = card & 15
    d = 0
    if melded_feeds and any(rank in {c & 15 for c in m} for m in table_melds(view)):
        d += 2
    for other in range(view.players):
        d += other != seat and any(c & 15 == rank for c in taken_by(view, other))
    return d


def best_by_points(moves: Sequence[Action], values: Sequence[int]) -> Action:
    """The move that puts the most points on the table (ties: the most cards)."""
    return max(moves, key=lambda a: (sum(values[c] for c in a.cards), len(a.cards)))
