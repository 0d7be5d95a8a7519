"""Rummy piles: the stock and the discard pile, and the cards that move between them and the hands —
drawing, taking the top card or the whole pile, digging deep into a spread pile or a discard line
(how deep, and which cards come from hand or from above the card dug to), frozen and stopped piles,
bonus cards laid out and replaced, and the stock made again from the pile."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from gamenight.core.cards import Card, cards_text
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause
from gamenight.families.rummy import DIG_DEEP, Restriction


# --- the stock and the discard pile -------------------------------------------------------------------
def draw_cards(stock: list[Card], n: int = 1) -> list[Card]:
    """The top ``n`` cards of the stock (fewer if it runs out), top first."""
    taken = [stock.pop() for _ in range(min(n, len(stock)))]
    return taken


def take_top(pile: list[Card]) -> Card:
    """The top card of the pile."""
    return pile.pop()


def take_all(pile: list[Card]) -> list[Card]:
    """The whole pile, bottom first; the pile is left empty."""
    taken = list(pile)
    pile.clear()
    return taken


def take_down_to(pile: list[Card], card: Card) -> list[Card] | None:
    """Dig: ``card`` (its most recently discarded copy) and every card above it, bottom first; None
    when the pile does not hold it. The pile keeps what lies below."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == card:
            taken = pile[i:]
            del pile[i:]
            return taken
    return None


def dig_depth(pile: Sequence[Card], card: Card) -> int | None:
    """How deep ``card`` lies in a spread pile or discard line (its most recently discarded copy): 1 for
    the top card; None when the pile does not hold it."""
    for depth, c in enumerate(reversed(pile), 1):
        if c == card:
            return depth
    return None


def dig_sources(named: Sequence[Card], hand: Sequence[Card], above: Sequence[Card]
                ) -> tuple[list[Card], list[Card], list[Card]]:
    """Where the cards a dig plays (besides the card dug to) come from: ``(from hand, from the cards taken
    above the card dug to, missing)``. A card is taken from hand when the hand holds it."""
    have, spare = Counter(int(c) for c in hand), Counter(int(c) for c in above)
    own: list[Card] = []
    dug: list[Card] = []
    gone: list[Card] = []
    for c in named:
        if have[int(c)] > 0:
            have[int(c)] -= 1
            own.append(c)
        elif spare[int(c)] > 0:
            spare[int(c)] -= 1
            dug.append(c)
        else:
            gone.append(c)
    return own, dug, gone


def dig_from(hand: Sequence[Card], pile: Sequence[Card], clause: Clause = DIG_DEEP) -> Restriction:
    """A dig names a card in the pile, and plays it with cards from hand or from those discarded after it
    (which the dig takes too)."""
    def problem(a: Action) -> str | None:
        if a.verb != "dig" or not a.cards:
            return None
        card = a.cards[0]
        depth = dig_depth(pile, card)
        if depth is None:
            return f"{card} is not in the discard pile"
        gone = dig_sources(a.cards[1:], hand, pile[len(pile) - depth + 1:])[2]
        if gone:
            return f"you do not hold {cards_text(gone)}, nor is it among the cards above {card}"
        return None
    return Restriction(clause, problem)


def frozen(pile: Sequence[Card], freezes: Callable[[Card], bool]) -> bool:
    """Whether the pile is frozen: it holds a card that freezes it (the game says which), and it stays
    frozen until it is taken."""
    return any(freezes(c) for c in pile)


def stopped(pile: Sequence[Card], stops: Callable[[Card], bool]) -> bool:
    """Whether a stop card lies on top of the pile."""
    return bool(pile) and stops(pile[-1])


def lay_bonus_cards(hand: list[Card], stock: list[Card], is_bonus: Callable[[Card], bool],
                    replace: bool = True) -> list[Card]:
    """Take the bonus cards out of ``hand`` (to lie face up on the table) and, with ``replace``, draw one
    card from the stock for each, again until no bonus card is left in hand. Returns those laid out."""
    laid: list[Card] = []
    while True:
        found = [c for c in hand if is_bonus(c)]
        if not found:
            return laid
        for c in found:
            hand.remove(c)
        laid += found
        if not replace:
            return laid
        fresh = draw_cards(stock, len(found))
        if not fresh:
            return laid
        hand.extend(fresh)


def restock(stock: list[Card], pile: list[Card], shuffle: Callable[[list[Card]], None]) -> int:
    """An empty stock made again: the discard pile but its top card, shuffled (``shuffle``: the match's
    random shuffle). Returns how many cards the new stock holds (0: the pile had none to give)."""
    stock[:] = pile[:-1]
    del pile[:-1]
    if stock:
        shuffle(stock)
    return len(stock)


