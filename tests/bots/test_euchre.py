"""Euchre's bot: orders up a strong hand, passes a weak one, and the dealer discards a plain card."""

from __future__ import annotations

import random

from gamenight.bots import make_bot
from gamenight.engine.actions import Action
from gamenight.testing import scenario


def decide(m, seat):
    return make_bot(m.spec.id).choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def deal(hands, moves=()):
    return scenario("euchre", dealer=0, hands=hands, zones={"upcard": "QH"}, moves=moves,
                    options={"no_ace_no_face": "off"})


def test_euchre_orders_strong_and_passes_weak():
    m = deal({1: "JH JD AH KH 9C"})
    assert m.to_act() == (1,) and decide(m, 1).verb == "order"
    m = deal({1: "9C 10C 9S 10S KD"})
    assert decide(m, 1) == Action("pass")


def test_euchre_dealer_discards_a_plain_card():
    m = deal({0: "JH JD AH KH 9C"}, moves=[(1, "pass"), (2, "pass"), (3, "pass"), (0, "order")])
    a = decide(m, 0)
    assert a.verb == "discard" and str(a.args[0]) == "9C"
