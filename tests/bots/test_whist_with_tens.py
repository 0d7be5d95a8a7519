"""Whist with 10s' bot: plays to lose in the low no-trump round."""

from __future__ import annotations

import random

from gamenight.bots import make_bot
from gamenight.testing import scenario


def decide(m, seat):
    return make_bot(m.spec.id).choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_whist_plays_to_lose_in_low_no_trump():
    # Round six (low no-trump), dealt by seat 1: seat 2 leads the 9 of clubs.
    m = scenario("whist_with_tens", dealer=0, hand=6, moves=[(2, "play 9C")],
                 hands={2: "9C 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 3: "2C 8C AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"})
    v = m.view(3)
    assert v.fact("low") and not v.has_fact("trump") and str(decide(m, 3)) == "play 8C"
