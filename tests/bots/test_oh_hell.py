"""Oh Hell's bot: bids legally (never the dealer's forbidden bid) and ducks once its bid is made."""

from __future__ import annotations

import random

import gamenight
from gamenight.bots import make_bot
from gamenight.engine.actions import Action
from gamenight.testing import scenario


def decide(m, seat):
    return make_bot(m.spec.id).choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_oh_hell_bids_legally_and_ducks_when_its_bid_is_made():
    m = gamenight.load("oh_hell", players=4, seed=2)
    for _ in range(3):
        s = m.to_act()[0]
        m.apply(s, "bid 3")
    dealer = m.view(None).dealer
    a = decide(m, dealer)
    assert a in m.legal_actions(dealer) and a != Action("bid", (1,))
    m.apply(dealer, a)
    # Seat with bid 0 ducks under the card led when it can (spades trump).
    m = scenario("oh_hell", players=4, dealer=0, options={"max_cards": 2}, hands={1: "10D 3C", 2: "2D KD"},
                 zones={"turn-up": "2S"},
                 moves=[(1, "bid 0"), (2, "bid 0"), (3, "bid 0"), (0, "bid 0"), (1, "play 10D")])
    assert m.view(2).fact("bids") == [0, 0, 0, 0] and m.view(2).fact("trump") == "spades"
    assert str(decide(m, 2)) == "play 2D"
