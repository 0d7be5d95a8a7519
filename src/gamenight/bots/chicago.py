"""A Chicago bot: draws to the discard with the best expected poker score (sampled), declares
its hand honestly and names its true ranks, shows before breaking a declared hand, and in the
tricks keeps its best card for the last one. It reads only the typed view and the legal actions."""

from __future__ import annotations

import itertools
import random

from gamenight.bots.base import View, heuristic_for
from gamenight.core.cards import Card, parse_card, standard_deck
from gamenight.engine.actions import Action
from gamenight.engine.view import ZoneKind
from gamenight.games.chicago import CAT_NAMES, CAT_WORDS, EVAL, POINTS, Phase, hand_type, significant

_DECK = [int(c) for c in standard_deck()]
SAMPLES = 24
SHOW = Action("show")
PASS = Action("pass")
SAME = Action("same")


def utility(value: int) -> float:
    """What a five-card hand is worth to the bot: the table's points, a little for high cards."""
    t = hand_type(value)
    return POINTS.get(t, 0) + ((value >> 16) & 15) / 50


class ChicagoBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        hand = [parse_card(t) for t in view.hand]
        if "stand" in verbs:
            return self._draw(view, hand, legal, rng)
        if view.phase == Phase.SHOWDOWN:
            return self._declare(view, hand, legal)
        return self._play(view, hand, legal)

    # --- drawing -------------------------------------------------------------------------------
    def _draw(self, view: View, hand: list[Card], legal: list[Action], rng: random.Random) -> Action:
        seen = {int(c) for c in hand}
        for z in view.zones:  # cards played face up, and hands shown to prove a declaration
            if z.name == "played" or (z.kind is ZoneKind.HAND and z.owner != view.seat):
                seen |= {int(parse_card(t)) for t in z.pieces}
        unseen = [c for c in _DECK if c not in seen]
        best: tuple[float, tuple[int, ...]] = (-1.0, ())
        for k in range(0, len(hand) + 1):
            for drop in itertools.combinations(hand, k):
                rest = [c for c in hand if c not in drop]
                if k == 0:
                    score = utility(EVAL.best_value(hand))
                else:
                    total = 0.0
                    for _ in range(SAMPLES):
                        total += utility(EVAL.best_value(rest + rng.sample(unseen, k)))
                    score = total / SAMPLES
                if score > best[0] + 1e-9:
                    best = (score, tuple(int(c) for c in drop))
        if not best[1]:
            return Action("stand")
        want = Action("discard", tuple(c for c in hand if int(c) in best[1]))
        if want in legal:
            return want
        if SHOW in legal:
            return SHOW
        return Action("stand")

    # --- showdowns -------------------------------------------------------------------------------
    def _declare(self, view: View, hand: list[Card], legal: list[Action]) -> Action:
        value = EVAL.best_value(hand)
        cat = hand_type(value)
        ranks = list(significant(value))
        if view.fact("duel") is None:
            if cat:
                declare = Action("declare", (CAT_WORDS[cat],))
                if declare in legal:
                    return declare
                if SAME in legal and view.fact("best") == CAT_NAMES[cat]:
                    return SAME
            return PASS
        said = (view.fact("declared") or [""] * view.players)[view.seat]
        depth = len(said.split(": ", 1)[1].split(", ")) if ": " in said else 0
        if depth < len(ranks):
            act = Action("rank", (ranks[depth],))
            if act in legal:
                return act
        return PASS if PASS in legal else legal[0]

    # --- the tricks -----------------------------------------------------------------------------
    def _play(self, view: View, hand: list[Card], legal: list[Action]) -> Action:
        cards: list[Card] = [a.args[0] for a in legal]
        by_card = {int(c): a for c, a in zip(cards, legal)}
        keep = max(hand, key=lambda c: c & 15)
        trick = [parse_card(t) for t in view.pieces("trick")]
        if len(hand) == 2 and trick:
            led = trick[0] >> 4
            top = max(c & 15 for c in trick if c >> 4 == led)
            winners = [c for c in cards if c != keep and c >> 4 == led and c & 15 > top]
            if winners:
                return by_card[int(winners[0])]
        if len(hand) == 1:
            return legal[0]
        others = [c for c in cards if c != keep] or cards
        return by_card[int(min(others, key=lambda c: c & 15))]


@heuristic_for("chicago")
def _make() -> ChicagoBot:
    return ChicagoBot()
