"""A Thirty One bot: draw and discard to maximise the hand's best suit, knock when the hand
is high for the number of players still in, show 31 at once."""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Bot, View, heuristic_for
from gamenight.core.cards import Card, parse_card, standard_deck
from gamenight.engine.actions import Action
from gamenight.games.thirty_one import hand_value

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


class ThirtyOneBot:
    name = "thirty_one-heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        verbs = {a.verb: a for a in legal}
        if "show" in verbs:
            return verbs["show"]
        opts: dict[str, Any] = view["options"]
        three = bool(opts["three_of_a_kind"])
        hand = [parse_card(t) for t in view["hand"]]
        threshold = knock_threshold(int(view["players_in"]), int(view["turns"]))
        if view["phase"] == "draw":
            value = hand_value(hand, three)
            if "knock" in verbs and opts["knock_whole_turn"] and value >= threshold:
                return verbs["knock"]
            top = parse_card(view["discard_top"]) if view["discard_top"] else None
            seen = set(hand) | {parse_card(t) for t in view["discard"]}
            unseen = [c for c in _DECK if c not in seen]
            stock_mean = sum(best_three(hand + [c], three)[0] for c in unseen) / max(1, len(unseen))
            take = Action("draw", ("discard",))
            if top is not None and take in legal and best_three(hand + [top], three)[0] >= stock_mean:
                return take
            stock = Action("draw", ("stock",))
            return stock if stock in legal else legal[0]
        value, drop = best_three(hand, three)
        if "knock" in verbs and value >= threshold and value < 31:
            return verbs["knock"]
        return Action("discard", (drop,))


@heuristic_for("thirty_one")
def thirty_one_bot() -> Bot:
    return ThirtyOneBot()
