"""The scenario builder deals what a test asks for through public calls, and the stacked
deck is part of the record, so a scenario replays like any match."""

from __future__ import annotations

import pickle

import pytest

import gamenight
from gamenight.engine.chance import Chance, StackedRandom, stack
from gamenight.testing import ScenarioError, next_deal, scenario

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
HEARTS = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H"


def test_hands_kitty_and_dealer_are_dealt_as_asked() -> None:
    m = scenario("hearts", players=4, dealer=2, hands={0: CLUBS, 1: HEARTS}, zones={"kitty": "AC 2H 2D 3D"})
    assert m.state.dealer == 2
    assert sorted(m.view(0).hand) == sorted(CLUBS.split())
    assert sorted(m.view(1).hand) == sorted(HEARTS.split())
    assert m.view(2).zone("kitty") is not None and m.view(2).zone("kitty").hidden == 4  # type: ignore[union-attr]


def test_a_scenario_replays_from_its_record() -> None:
    m = scenario("hearts", players=4, hands={3: CLUBS}, moves=[])
    again = gamenight.restore(m.record())
    assert again.view(3).hand == m.view(3).hand
    assert m.record()["chance"]["decks"]


def test_a_later_hand_and_starting_scores() -> None:
    m = scenario("oh_hell", players=4, hand=3, hands={0: "AS KS QS JS 10S 9S 8S 7S"}, scores=[5, 0, 0, 0])
    assert m.state.round_no == 3  # type: ignore[attr-defined]
    assert sorted(m.view(0).hand) == sorted(["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"])
    assert m.sheet.start == (5, 0, 0, 0)


def test_moves_are_applied_and_checked() -> None:
    m = scenario("hearts", players=4, hands={0: CLUBS}, moves=[(0, "pass 2C 3C 4C")])
    assert 0 not in m.to_act()
    with pytest.raises(gamenight.IllegalAction):
        scenario("hearts", players=4, hands={0: CLUBS}, moves=[(0, "pass AS KS QS")])


def test_impossible_situations_are_refused_clearly() -> None:
    with pytest.raises(ScenarioError, match="12 pieces, not 3"):
        scenario("hearts", players=4, hands={0: "2C 3C 4C"})
    with pytest.raises(ScenarioError, match="more often than the deck"):
        scenario("hearts", players=4, hands={0: CLUBS, 1: CLUBS})


def test_a_hand_split_over_two_zones_is_dealt_whole() -> None:
    """A rummy hand lies in two zones (the cards taken from the discard pile lie face up): ``hands``
    names the whole hand."""
    m = scenario("thirty_one", players=2, dealer=0, hands={1: "AS KS 2D"}, zones={"discard": "QS"},
                 moves=[(1, "take discard")])
    assert sorted(m.view(1).hand) == ["2D", "AS", "KS", "QS"]
    assert [z.pieces for z in m.view(0).zones if z.name == "taken" and z.owner == 1] == [("QS",)]
    with pytest.raises(ScenarioError, match="seat 1's hand is dealt 3 pieces, not 2"):
        scenario("thirty_one", players=2, hands={1: "AS KS"})


def test_next_deal_stacks_a_later_deal_reached_by_the_tests_own_moves() -> None:
    m = scenario("thirty_one", players=2, dealer=0, hands={0: "2H 3H 5C", 1: "AS KS QS"})
    m = next_deal(m, [(1, "show")], hands={0: "AH KH QH", 1: "2C 3D 4S"}, zones={"discard": "9S"})
    v = m.view(0)
    assert v.hand_no == 2 and sorted(v.hand) == ["AH", "KH", "QH"] and v.pieces("discard") == ("9S",)
    assert m.sheet.rows[0].points == (-1, 0), "the first hand was played as scripted"
    again = gamenight.restore(m.record())
    assert again.view(1).hand == m.view(1).hand and len(m.record()["chance"]["decks"]) == 2
    with pytest.raises(ScenarioError, match="must end with the one that deals"):
        next_deal(m, [(0, "draw stock")], hands={0: "AS KS QS"})


def test_stacked_rng_keeps_its_script_through_copies() -> None:
    rng = StackedRandom(3, Chance({1: ("AS", "KS")}, (6, 6)))
    deck = ["KS", "AS"]
    rng.shuffle(deck)  # shuffle 0: from the seed
    copy = pickle.loads(pickle.dumps(rng))
    d1, d2 = ["KS", "AS"], ["KS", "AS"]
    rng.shuffle(d1)
    copy.shuffle(d2)
    assert d1 == d2 == ["AS", "KS"]
    assert [rng.randint(1, 6), rng.randint(1, 6)] == [6, 6]


def test_an_unscripted_stacked_rng_is_the_seeded_rng() -> None:
    import random
    a, b = random.Random(9), StackedRandom(9)
    x, y = list(range(52)), list(range(52))
    a.shuffle(x)
    b.shuffle(y)
    assert x == y and a.randint(1, 6) == b.randint(1, 6)


def test_stack_names_exactly_the_deck() -> None:
    with pytest.raises(ValueError, match="leaves out"):
        stack(["AS", "KS"], ["AS"])
    with pytest.raises(ValueError):
        Chance.from_data({"decks": {"0": ["ZZ"]}})


def test_refusal_returns_the_refusal_and_insists_nothing_changed() -> None:
    from gamenight.testing import refusal
    m = scenario("hearts", players=4, hands={0: CLUBS}, moves=[])
    e = refusal(m, 0, "pass AS KS QS")
    assert e.clause_id and "you do not hold" in e.detail
    with pytest.raises(AssertionError, match="accepted"):
        refusal(m, 0, "pass 2C 3C 4C")
