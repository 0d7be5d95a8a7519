"""Canadian Salad's bot: each round it avoids that round's cards (or tricks), and in the
last-trick round it sheds its high cards early so it can duck the last trick."""

from __future__ import annotations

import random

from gamenight.bots.base import View, heuristic_for
from gamenight.bots.trick_avoid import avoid_play
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.families import tricks

_SUIT, _POWER = tricks.standard_tables(None)
KS = 13 + 16 * 3


def _danger(round_no: int) -> dict[int, int]:
    """What each card costs its taker in this round (by face)."""
    out: dict[int, int] = {}
    for c in range(tricks.TABLE_SIZE):
        s, r = c >> 4, c & 15
        if s > 3 or not 2 <= r <= 14:
            continue
        v = {1: 5 if s in (1, 2) else 0, 2: 5 if r in (2, 4, 6, 8, 10, 12) else 0, 4: 10 if s == 2 else 0,
             5: 10 if r in (11, 12, 13) else 0, 6: 30 if r == 7 else 0, 7: 30 if r == 14 else 0,
             8: 30 if r == 12 else 0, 9: 75 if c == KS else 0}.get(round_no, 0)
        if v:
            out[c] = v
    return out


_DANGER = {n: _danger(n) for n in range(1, 11)}


class SaladBot:
    name = "heuristic"

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1 or legal[0].verb != "play":
            return legal[0] if len(legal) == 1 else rng.choice(legal)
        round_no = view.hand_no  # one round a hand
        table = _DANGER[round_no]

        def danger(c: Card) -> int:
            return table.get(int(c), 0)

        unload = round_no == 10 and len(view.hand) > 3
        last_wins = view.players >= 6 and view.options.identical_cards == "last"  # two decks from six players
        return avoid_play(view, legal, _POWER, danger, last_identical_wins=last_wins, unload=unload)


heuristic_for("canadian_salad")(SaladBot)
