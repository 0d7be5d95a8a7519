"""A Thirty One bot: draw and discard to maximise the hand's best suit, knock when the hand
is high for the number of players still in, show 31 at once."""

from __future__ import annotations

import random

from gamenight.bots.base import Bot, heuristic_for
from gamenight.core.cards import Card, parse_card, standard_deck
from gamenight.engine.actions import Action
from gamenight.engine.view import View
from gamenight.games.thirty_one import DRAW_STOCK, TAKE_DISCARD, hand_value

_DECK = standard_deck()


def best_three(cards: list[Card], three_kind: bool) -> tuple[float, Card]:
    """The best value keeping three of four cards, and the card to let go."""
    best: tuple[float, int, Card] | None = None
    for i, c in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        v = hand_value(rest, three_kind)
        key = (v, -_card_points(c), c)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[0], best[2]


def _card_points(c: Card) -> int:
    r = c & 15
    return 11 if r == 14 else 10 if r >= 11 else r


def knock_threshold(players_in: int, turns: int) -> float:
    base = {2: 25.0, 3: 24.0, 4: 23.0}.get(players_in, 22.0)
    if turns >= 2 * players_in:
        base += 2
    return base


def three_of_a_kind_counts(view: View, hand: list[Card]) -> bool:
    """Whether the table plays three of a kind as 30½, as far as this hand shows it."""
    return len(hand) == 3 and hand[0] & 15 == hand[1] & 15 == hand[2] & 15 and view.fact("value") == 30.5


class ThirtyOneBot:
    name = "thirty_one-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        verbs = {a.verb: a for a in legal}
        if "show" in verbs:
            return verbs["show"]
        hand = [parse_card(t) for t in view.hand]
        three = three_of_a_kind_counts(view, hand)
        pile = [parse_card(t) for t in view.pieces("discard")]
        players_in = view.players - len(view.fact("out", []))
        threshold = knock_threshold(players_in, len(pile) - 1)  # a turn drawn from the stock grows the pile
        if view.phase == "draw":
            # Knocking before the draw is the same as knocking after it (a draw never lowers the hand),
            # and it is the only knock there is when a knock is the whole turn.
            if "knock" in verbs and hand_value(hand, three) >= threshold:
                return verbs["knock"]
            top = pile[-1] if pile else None
            taken = [parse_card(t) for z in view.zones if z.name == "taken" for t in z.pieces]
            seen = set(hand) | set(pile) | set(taken)
            unseen = [c for c in _DECK if c not in seen]
            stock_mean = sum(best_three(hand + [c], three)[0] for c in unseen) / max(1, len(unseen))
            if top is not None and TAKE_DISCARD in legal and best_three(hand + [top], three)[0] >= stock_mean:
                return TAKE_DISCARD
            return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
        value, drop = best_three(hand, three)
        if "knock" in verbs and value >= threshold and value < 31:
            return verbs["knock"]
        return Action("discard", (drop,))


@heuristic_for("thirty_one")
def thirty_one_bot() -> Bot:
    return ThirtyOneBot()
