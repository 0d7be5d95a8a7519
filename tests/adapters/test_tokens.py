"""The shared action space: stable ids, and moves entered token by token."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight.adapters.tokens import END, NUM_TOKENS, WORDS, MoveBuilder, TokenError, token, token_text, tokens
from gamenight.core.cards import parse_card
from gamenight.core.pieces import parse_piece
from gamenight.engine.actions import Choices, act, parse_action


def test_ids_do_not_depend_on_the_game_or_the_state():
    # Pinned: a trained policy's output layer relies on these never moving.
    assert END == 0
    assert token(parse_card("2C")) == 3
    assert token(parse_card("QS")) == 61
    assert token(7) == token(0) + 7
    assert token("play") == token(WORDS[0]) + WORDS.index("play")
    assert token(WORDS[-1]) + 1 == NUM_TOKENS


@pytest.mark.parametrize("text", ["QS", "10H", "JK", "13P", "12-5", "0-0", "d6:4", "r3c7", "red#1"])
def test_every_piece_id_names_the_piece_back(text):
    assert token_text(token(parse_piece(text))) == text


def test_numbers_and_words_name_themselves_back():
    assert [token_text(token(x)) for x in (0, 125, "take-over", "stock")] == ["0", "125", "take-over", "stock"]


@pytest.mark.parametrize("arg, says", [(1000, "outside"), (-1, "outside"), ("frobnicate", "WORDS")])
def test_what_has_no_id_is_named(arg, says):
    with pytest.raises(TokenError, match=says):
        token(arg)


def test_a_forced_verb_is_entered_for_the_player():
    builder = MoveBuilder(0, [act("play", parse_card("QS")), act("play", parse_card("2C"))])
    assert builder.entered == (token("play"),)
    assert builder.choices() == [token(parse_card("2C")), token(parse_card("QS"))]
    assert builder.choose(token(parse_card("QS"))) == parse_action("play QS")


def test_a_seats_only_move_still_asks_once():
    builder = MoveBuilder(2, [parse_action("draw stock")])
    assert builder.choices() == [token("draw")]
    assert builder.choose(token("draw")) == parse_action("draw stock")


def test_end_is_offered_where_a_move_is_complete_and_could_go_on():
    builder = MoveBuilder(0, [parse_action("meld 7H 7S 7D"), parse_action("meld 7H 7S 7D 7C")])
    assert builder.choices() == [END]  + [token(parse_card("7C"))]
    assert builder.choose(END) == parse_action("meld 7H 7S 7D")


def test_a_token_not_offered_is_refused_and_changes_nothing():
    builder = MoveBuilder(0, [parse_action("play QS"), parse_action("play 2C")])
    with pytest.raises(ValueError, match="not a legal next token.*legal: 2C QS"):
        builder.choose(token(parse_card("AH")))
    assert builder.entered == (token("play"),) and builder.move is None


def test_a_three_card_pass_is_three_choices():
    hand = [parse_card(t) for t in ["2C", "3C", "4C", "5C"]]
    builder = MoveBuilder(0, Choices("pass", hand, 3))
    for card in hand[:2]:
        assert builder.choose(token(card)) is None
    assert builder.choose(token(hand[3])) == act("pass", *hand[:2], hand[3])


@pytest.mark.parametrize("game_id", [s.id for s in gamenight.games()])
def test_every_move_of_every_game_has_ids(game_id):
    match = gamenight.load(game_id, seed=3, narrate=False)
    rng = random.Random(3)
    for _ in range(250):
        if match.over:
            break
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        for action in legal if len(legal) <= 300 else [rng.choice(legal) for _ in range(100)]:
            tokens(action)
        match.apply(seat, rng.choice(legal))
