"""Every kind of piece has one notation that round-trips and works as an action argument."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamenight.core.boards import FIVE_IN_A_ROW_BOARD, Space, Square
from gamenight.core.cards import FACES
from gamenight.core.chips import COLOURS, Chips, Money, Token
from gamenight.core.dice import Die, DieKind
from gamenight.core.pieces import PieceSyntaxError, kind_of, parse_piece
from gamenight.core.tiles import Tile, double_set
from gamenight.engine.actions import ActionSyntaxError, parse_action

PIECES = st.one_of(
    st.sampled_from(sorted(FACES.values())),
    st.builds(Tile.of, st.integers(0, 18), st.integers(0, 18)),
    st.builds(Die.of, st.sampled_from(list(DieKind)), st.integers(1, 6)),
    st.builds(Square.at, st.integers(0, 31), st.integers(0, 31)),
    st.builds(Space, st.from_regex(r"[A-Za-z0-9][A-Za-z0-9.]{0,8}", fullmatch=True)),
    st.builds(Chips, st.integers(0, 10**6)),
    st.builds(Money, st.integers(0, 10**8)),
    st.builds(Token.of, st.sampled_from(COLOURS), st.integers(1, 99)),
)


@given(PIECES)
def test_every_piece_round_trips_through_its_notation(piece: object) -> None:
    back = parse_piece(str(piece))
    assert back == piece and type(back) is type(piece)


@given(st.lists(PIECES, min_size=1, max_size=5))
def test_pieces_are_action_arguments(pieces: list[object]) -> None:
    text = "move " + " ".join(map(str, pieces)) + " on 3"
    action = parse_action(text)
    assert str(action) == text
    assert [type(a) for a in action.args] == [*map(type, pieces), str, int]


def test_examples_from_the_books() -> None:
    assert parse_action("play 12-5 on 3").args == (Tile.of(5, 12), "on", 3)
    place = parse_action("place JD r3c7")
    assert kind_of(place.args[0]) == "card" and place.args[1] == Square.at(3, 7)
    assert str(Die.of(DieKind.POKER, 6)) == "pk:A" and str(parse_piece("pk:10")) == "pk:10"
    assert parse_piece("5-12") == parse_piece("12-5")  # one tile, whichever end is written first


def test_domino_sets_have_the_standard_counts() -> None:
    assert [len(double_set(n)) for n in (6, 9, 12)] == [28, 55, 91]
    assert len(set(double_set(12))) == 91


def test_five_in_a_row_board_shows_every_non_jack_card_twice() -> None:
    squares = list(FIVE_IN_A_ROW_BOARD.squares())
    assert len(squares) == 100
    free = [sq for sq in squares if FIVE_IN_A_ROW_BOARD.is_free(sq)]
    assert [str(s) for s in free] == ["r0c0", "r0c9", "r9c0", "r9c9"]
    faces = [int(FIVE_IN_A_ROW_BOARD.card_at(sq)) for sq in squares if sq not in free]  # type: ignore[arg-type]
    assert len(faces) == 96 and all(faces.count(f) == 2 for f in faces)
    assert not any(f & 15 == 11 for f in faces)  # no jacks on the board


@pytest.mark.parametrize("text", ["13-", "d6:7", "pk:8", "r3", "@", "red#0", "pink#1", "$1.2"])
def test_near_misses_are_not_pieces(text: str) -> None:
    with pytest.raises(PieceSyntaxError):
        parse_piece(text)


def test_a_junk_token_in_an_action_is_a_clear_error() -> None:
    with pytest.raises(ActionSyntaxError, match="neither a piece"):
        parse_action("play 12-5!")
