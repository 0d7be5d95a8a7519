"""Taking a move back (BGA's policy): only your own last move, before anyone else acted and
before anything hidden was shown; the match is its record replayed without that move."""

from __future__ import annotations

import pytest

from gamenight.engine.clauses import IllegalAction
from gamenight.engine.undo import NOTHING_REVEALED, OWN_LAST_MOVE, take_back
from gamenight.testing import scenario

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HANDS = {seat: " ".join(r + suit for r in RANKS) for seat, suit in enumerate("CDHS")}


def hearts(moves=()):  # type: ignore[no-untyped-def]
    """Hearts without passing, each seat dealt one suit (seat 0 the clubs, so it leads)."""
    return scenario("hearts", dealer=3, options={"pass_count": 0}, hands=HANDS, zones={"kitty": "AC AD AH AS"},
                    moves=moves)


def test_a_card_played_from_your_own_hand_may_be_taken_back() -> None:
    m = hearts([(0, "play 2C")])
    before = take_back(m, 0)
    assert len(before.log) == 0 and "2C" in before.view(0).hand
    assert before.to_act() == (0,)
    assert len(m.log) == 1  # the match asked about is left as it was
    assert take_back(hearts([(0, "play 2C"), (1, "play 2D")]), 1).log[-1].seat == 0


def test_only_your_own_last_move_and_only_before_anyone_else_acts() -> None:
    m = hearts([(0, "play 2C"), (1, "play 2D")])
    with pytest.raises(IllegalAction) as e:
        take_back(m, 0)
    assert e.value.clause is OWN_LAST_MOVE and "someone else" in e.value.detail
    with pytest.raises(IllegalAction) as e:
        take_back(m, 2)
    assert e.value.clause is OWN_LAST_MOVE and "not made a move" in e.value.detail
    with pytest.raises(IllegalAction) as e:
        take_back(hearts(), 0)
    assert "nothing has been played" in e.value.detail


def test_a_move_that_brings_out_a_new_deal_is_never_taken_back() -> None:
    tricks = [[(s, f"play {r}{'CDHS'[s]}") for s in range(4)] for r in RANKS]
    # seat 0 takes every trick with clubs led (each seat follows its own suit: nobody can follow)
    moves = [mv for t in tricks for mv in t]
    m = hearts(moves[:-1])
    m.apply(*moves[-1])  # the last card of the hand: scored, and the next hand dealt
    with pytest.raises(IllegalAction) as e:
        take_back(m, 3)
    assert e.value.clause is NOTHING_REVEALED


def test_drawing_from_the_stock_shows_you_a_card_you_had_not_seen() -> None:
    m = scenario("gin_rummy", preset="standard", seed=3, dealer=0, moves=[(1, "pass"), (0, "pass")])
    seat = m.to_act()[0]
    draw = next(a for a in m.legal_actions(seat) if str(a) == "draw stock")
    m.apply(seat, draw)
    with pytest.raises(IllegalAction) as e:
        take_back(m, seat)
    assert e.value.clause is NOTHING_REVEALED
    assert len(take_back(scenario("gin_rummy", preset="standard", seed=3, dealer=0, moves=[(1, "pass")]), 1).log) == 0
