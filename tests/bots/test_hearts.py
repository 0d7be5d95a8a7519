"""Hearts' bot: passes the dangerous cards, dumps the queen when void, ducks under the trick."""

from __future__ import annotations

import random

from gamenight.bots import make_bot
from gamenight.testing import scenario


def decide(m, seat):
    return make_bot(m.spec.id).choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_hearts_passes_the_dangerous_cards():
    m = scenario("hearts", hands={0: "2C 3C 4C 5D 6D 7D QS KS AS 2H 3H 4H", 1: "5C 6C 7C 8D 9D 10D JD 2S 3S AH KH QH"})
    a = decide(m, 0)
    assert a.verb == "pass" and {str(c) for c in a.args} == {"QS", "KS", "AS"}
    assert {str(c) for c in decide(m, 1).args} == {"AH", "KH", "QH"}


# Seat 3 takes the first trick with the ace of clubs and leads the king of diamonds to seat 0.
FIRST_TRICK = [(1, "play 2C"), (2, "play 4C"), (3, "play AC"), (0, "play 3C"), (3, "play KD")]


def test_hearts_dumps_the_queen_when_void_and_ducks_under():
    m = scenario("hearts", options={"pass_count": 0}, moves=FIRST_TRICK,
                 hands={0: "3C QS AH 9S 2S 3S 4S 5S 6S 7S 8S 10S", 1: "2C 5C 6C 7C 2D 3D 4D 5D 6D 7D 8D 9D",
                        2: "4C 8C 9C 10C JC 10D JD QD JS KS 2H 3H", 3: "AC KD AD KC QC 4H 5H 6H 7H 8H 9H 10H"})
    assert str(decide(m, 0)) == "play QS"
    m = scenario("hearts", options={"pass_count": 0}, moves=FIRST_TRICK,
                 hands={0: "3C 2D 9D QD AD 5S 2S 3S 4S 6S 7S 8S", 1: "2C 5C 6C 7C 3D 4D 5D 6D 7D 8D 10D JD",
                        2: "4C 8C 9C 10C JC 9S 10S JS KS 2H 3H QS", 3: "AC KD KC QC 4H 5H 6H 7H 8H 9H 10H AS"})
    assert str(decide(m, 0)) == "play QD"  # the highest diamond that still loses
