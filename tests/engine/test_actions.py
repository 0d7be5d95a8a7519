"""Lazily listed choices (engine.actions.Choices): the same moves, in the same order, as
listing every combination, found by arithmetic."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.core.cards import standard_deck
from gamenight.engine.actions import Action, Choices, listed, parse_action


@given(st.integers(0, 13), st.integers(0, 5))
def test_choices_list_what_combinations_list_in_the_same_order(n: int, k: int) -> None:
    pieces = standard_deck()[:n]
    choices = Choices("pass", pieces, k)
    expected = [Action("pass", combo) for combo in itertools.combinations(pieces, k)]
    assert len(choices) == len(expected)
    assert [choices[i] for i in range(len(choices))] == expected
    assert list(choices) == expected
    for i, action in enumerate(expected):
        assert choices.index(action) == i
        assert action in choices


def test_moves_not_among_the_choices_are_not_listed() -> None:
    hand = standard_deck()[:13]
    choices = Choices("pass", hand, 3)
    other = standard_deck()[20]
    assert not listed(Action("pass", (hand[0], hand[1], other)), choices)
    assert not listed(Action("pass", (hand[0], hand[1])), choices)
    assert not listed(Action("discard", (hand[0], hand[1], hand[2])), choices)
    assert not listed(Action("pass", (hand[2], hand[1], hand[0])), choices)  # listed in hand order only
    assert not listed(Action("pass", (int(hand[0]), hand[1], hand[2])), choices)  # a number is not a card
    assert listed(Action("pass", (hand[0], hand[1], hand[2])), choices)


def test_a_hearts_pass_is_offered_lazily_and_any_order_is_accepted() -> None:
    match = gamenight.load("hearts", seed=3)
    seat = match.to_act()[0]
    legal = match.legal_actions(seat)
    assert isinstance(legal, Choices) and len(legal) == 220 and legal.k == 3
    picked = random.Random(1).choice(legal)
    reversed_pass = parse_action("pass " + " ".join(str(c) for c in reversed(picked.args)))
    match.apply(seat, reversed_pass)
    assert seat not in match.to_act()
