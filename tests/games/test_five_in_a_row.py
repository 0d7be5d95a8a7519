"""5 in a Row (rulebook 000): the board, rows in every direction, free corners, shared
squares, locked rows, wild and one-eyed jacks, dead cards, drawing and reshuffling, the
win by option, teams, refusals with their clause and reason, and what each seat may see."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import pytest

import gamenight
from gamenight.core.boards import FIVE_IN_A_ROW_BOARD, Square
from gamenight.core.cards import Card, parse_card
from gamenight.engine.clauses import UNKNOWN, IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.view import FactKind, View, ZoneKind
from gamenight.games import five_in_a_row as five
from gamenight.games.five_in_a_row import (
    CORNERS,
    DECK,
    LINES,
    RULES,
    TEXT_ONLY,
    Row,
    new_rows,
)
from gamenight.testing import scenario


def sq(text: str) -> Square:
    square = gamenight.parse_action(f"x {text}").args[0]
    assert isinstance(square, Square)
    return square


def squares(text: str) -> tuple[Square, ...]:
    return tuple(sq(t) for t in text.split())


# --- positions reached by play, dealt by gamenight.testing ------------------------------------------------
def card_for(square: Square) -> str:
    card = FIVE_IN_A_ROW_BOARD.card_at(square)
    assert card is not None, f"{square} is a free corner"
    return str(card)


def laid(discs: str) -> list[tuple[Square, str]]:
    """Squares with the card that puts a disc there: the card it shows, or a jack after ``=``
    (``r9c7=JD``)."""
    out = []
    for text in discs.split():
        where, _, card = text.partition("=")
        out.append((sq(where), card or card_for(sq(where))))
    return out


def turns_of(seat: int, first: int, total: int, players: int) -> int:
    """How many of ``total`` turns, from seat ``first`` round the table, are ``seat``'s."""
    return len(range((seat - first) % players, total, players))


def schedule(players: int, counts: list[int], turn: int) -> tuple[int, int]:
    """The first seat and how many discs are laid, fewest first, so that every seat lays at
    least its ``counts`` and ``turn`` is to act after the last."""
    for total in range(sum(counts), sum(counts) + players * max(counts, default=0) + players):
        first = (turn - total) % players
        if all(turns_of(s, first, total, players) >= n for s, n in enumerate(counts)):
            return first, total
    raise AssertionError("no order of play lays these discs")


def fillers(count: int, reserved: set[Square], used: Counter[str], chosen: list[Square]) -> list[tuple[Square, str]]:
    """Out-of-the-way squares for discs a test does not care about: on no line with a square
    the test uses, never more than three on a line (free corners included, and the squares
    already ``chosen``), so they make no row and threaten none, each with a card the deck still
    holds."""
    out = []
    for square in reversed(five.CARD_SQUARES):
        if len(out) == count:
            break
        card = card_for(square)
        lines = five.LINES_THROUGH[square]
        if (square in reserved or square in chosen or used[card] >= 2
                or any(s in reserved for line in lines for s in line)
                or any(sum(s in CORNERS or s in chosen for s in line) >= 3 for line in lines)):
            continue
        chosen.append(square)
        used[card] += 1
        out.append((square, card))
    assert len(out) == count, "not enough squares out of the way"
    return out


def table(hands: Sequence[str] = (), discs: Mapping[int, str] | None = None, draws: str = "", players: int = 2,
          turn: int = 0, **options: Any) -> Match:
    """A match reached by play: seats take turns, each laying the next disc of ``discs`` (its own
    first, then out-of-the-way ones where the turns need more) with the card for it, drawn in
    turn, until ``turn`` is to act holding ``hands`` (one string per seat, every hand as long
    as the longest, made up with spare cards); ``draws`` are the cards drawn after that."""
    discs = discs or {}
    wanted = {s: laid(discs.get(s, "")) for s in range(players)}
    size = options.setdefault("cards_dealt", max([len(h.split()) for h in hands] or [5]))
    first, total = schedule(players, [len(wanted[s]) for s in range(players)], turn)
    turns = [turns_of(s, first, total, players) for s in range(players)]
    named = [c for text in (*hands, draws) for c in text.split()] + [c for s in wanted.values() for _, c in s]
    used = Counter(named)
    reserved = {square for s in wanted.values() for square, _ in s}
    held = [c for text in (*hands, draws) for c in text.split() if c[0] != "J"]
    reserved |= {square for c in held for square in five.squares_of(parse_card(c))}
    chosen: list[Square] = []
    for s in range(players):
        wanted[s] = fillers(turns[s] - len(wanted[s]), reserved, used, chosen) + wanted[s]
    spare = [str(c) for c in DECK if c.rank != 11]
    for c in used.elements():
        if c in spare:
            spare.remove(c)
    final = {}
    for s in range(players):
        mine = hands[s].split() if s < len(hands) else []
        final[s], spare = mine + spare[:size - len(mine)], spare[size - len(mine):]
    dealt = {s: ([wanted[s][0][1]] + final[s][:size - 1] if wanted[s] else final[s]) for s in range(players)}
    moves, drawn = [], []
    for i in range(total):
        seat = (first + i) % players
        k = i // players
        square, card = wanted[seat][k]
        moves.append((seat, f"place {card} {square}"))
        drawn.append(wanted[seat][k + 1][1] if k + 1 < len(wanted[seat]) else final[seat][-1])
    drawn += draws.split()
    rest = [str(c) for c in DECK]
    for c in [*(c for h in dealt.values() for c in h), *drawn]:
        rest.remove(c)
    return scenario("five_in_a_row", players=players, dealer=(first - 1) % players, options=options,
                    hands={s: " ".join(h) for s, h in dealt.items()}, zones={"stock": rest + drawn[::-1]},
                    moves=moves)


def refused(match: Match, seat: int, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        match.apply(seat, action)
    return exc.value


def view(match: Match, seat: int | None = None) -> View:
    v = match.view(seat, since=0)
    assert isinstance(v, View)
    return v


def board(match: Match) -> dict[str, tuple[str, int]]:
    """The discs on the board as everyone sees them: square → (disc, seat that placed it)."""
    zone = view(match).zone("board")
    assert zone is not None and zone.at is not None and zone.by is not None
    return {at: (disc, by) for at, disc, by in zip(zone.at, zone.pieces, zone.by)}


def rows(match: Match) -> list[int]:
    """Rows made by each seat's side."""
    return list(view(match).fact("rows"))


# --- the board -----------------------------------------------------------------------------------------------
def test_the_board_shows_every_card_but_the_jacks_twice_and_four_free_corners() -> None:
    assert len(CORNERS) == 4 and set(squares("r0c0 r0c9 r9c0 r9c9")) == CORNERS
    for card in set(DECK):
        assert len(five.squares_of(card)) == (0 if card.rank == 11 else 2), card
    assert len(DECK) == 104 and not any(c.is_joker for c in DECK)
    assert len(LINES) == 192  # 60 across, 60 down, 36 on each diagonal
    assert FIVE_IN_A_ROW_BOARD.card_at(sq("r3c7")) == parse_card("8D")


def test_the_layout_fact_gives_a_renderer_the_ten_rows_of_cards() -> None:
    view = table().view(0)
    assert isinstance(view, View)
    layout = next(f for f in view.facts if f.name == "layout")
    assert layout.kind is FactKind.TABLE
    assert layout.value["columns"] == ["", *(f"c{c}" for c in range(10))]
    assert layout.value["rows"][0] == ["r0", "free", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "free"]
    assert layout.value["rows"][3][8] == "8♦"  # r3c7
    assert len(layout.value["rows"]) == 10


# --- rows --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "last"), [
    ("r2c1 r2c2 r2c3 r2c4 r2c5", "r2c3"),  # across
    ("r1c6 r2c6 r3c6 r4c6 r5c6", "r5c6"),  # down
    ("r3c3 r4c4 r5c5 r6c6 r7c7", "r3c3"),  # diagonal
    ("r2c7 r3c6 r4c5 r5c4 r6c3", "r4c5"),  # the other diagonal
])
def test_five_in_a_line_is_a_row_in_every_direction(line: str, last: str) -> None:
    owner = {s: 0 for s in squares(line)}
    assert new_rows(owner, 0, sq(last), [], False) == [tuple(sorted(squares(line)))]
    owner[sq(last)] = 1
    assert new_rows(owner, 1, sq(last), [], False) == []  # the other side's discs make no row


def test_four_discs_and_a_gap_are_not_a_row() -> None:
    owner = {s: 0 for s in squares("r2c1 r2c2 r2c4 r2c5")}
    assert new_rows(owner, 0, sq("r2c5"), [], False) == []


def test_a_free_corner_counts_for_every_side() -> None:
    for side in (0, 1):
        owner = {s: side for s in squares("r0c1 r0c2 r0c3 r0c4")}
        assert new_rows(owner, side, sq("r0c4"), [], False) == [squares("r0c0 r0c1 r0c2 r0c3 r0c4")]
    diagonal = {s: 1 for s in squares("r5c5 r6c6 r7c7 r8c8")}
    assert new_rows(diagonal, 1, sq("r5c5"), [], False) == [squares("r5c5 r6c6 r7c7 r8c8 r9c9")]


def test_a_second_row_may_share_one_square_with_a_row_it_crosses() -> None:
    across = Row(0, squares("r4c2 r4c3 r4c4 r4c5 r4c6"))
    owner = {s: 0 for s in (*across.squares, *squares("r2c4 r3c4 r5c4 r6c4"))}
    assert new_rows(owner, 0, sq("r6c4"), [across], False) == [squares("r2c4 r3c4 r4c4 r5c4 r6c4")]


def test_one_disc_making_two_crossing_rows_scores_both() -> None:
    owner = {s: 0 for s in squares("r4c2 r4c3 r4c5 r4c6 r2c4 r3c4 r5c4 r6c4 r4c4")}
    made = new_rows(owner, 0, sq("r4c4"), [], False)
    assert made == [squares("r4c2 r4c3 r4c4 r4c5 r4c6"), squares("r2c4 r3c4 r4c4 r5c4 r6c4")]


def test_rows_never_share_two_squares() -> None:
    first = Row(0, squares("r4c2 r4c3 r4c4 r4c5 r4c6"))
    owner = {s: 0 for s in (*first.squares, sq("r4c7"))}
    assert new_rows(owner, 0, sq("r4c7"), [first], False) == []  # r4c3..r4c7 shares four
    assert new_rows(owner, 0, sq("r4c7"), [first], True) == []


def test_a_row_continuing_along_the_same_line_shares_only_under_the_option() -> None:
    first = Row(0, squares("r1c0 r1c1 r1c2 r1c3 r1c4"))
    owner = {s: 0 for s in squares("r1c0 r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8")}
    assert new_rows(owner, 0, sq("r1c8"), [first], False) == []
    assert new_rows(owner, 0, sq("r1c8"), [first], True) == [squares("r1c4 r1c5 r1c6 r1c7 r1c8")]
    # the middle disc of nine in a line makes two rows at once under the option, one without it
    assert new_rows(owner, 0, sq("r1c4"), [], True) == [squares("r1c0 r1c1 r1c2 r1c3 r1c4"),
                                                         squares("r1c4 r1c5 r1c6 r1c7 r1c8")]
    assert len(new_rows(owner, 0, sq("r1c4"), [], False)) == 1


def test_a_line_of_six_is_one_row() -> None:
    owner = {s: 1 for s in squares("r7c1 r7c2 r7c3 r7c4 r7c5 r7c6")}
    assert new_rows(owner, 1, sq("r7c3"), [], True) == [squares("r7c1 r7c2 r7c3 r7c4 r7c5")]


def test_a_long_line_marks_the_five_sharing_least_with_earlier_rows() -> None:
    down = Row(0, squares("r3c1 r4c1 r5c1 r6c1 r7c1"))
    owner = {s: 0 for s in (*down.squares, *squares("r7c2 r7c3 r7c4 r7c5 r7c6"))}
    assert new_rows(owner, 0, sq("r7c3"), [down], False) == [squares("r7c2 r7c3 r7c4 r7c5 r7c6")]


# --- playing cards ------------------------------------------------------------------------------------------
def test_a_card_puts_a_disc_on_a_square_showing_it_and_a_card_is_drawn() -> None:
    match = table(["7D 9C 2S 3S 4S", "5D"], draws="KH")
    match.apply(0, "place 7D r2c7")
    assert board(match) == {"r2c7": ("blue#1", 0)}
    assert view(match, 0).hand == ("9C", "2S", "3S", "4S", "KH")
    assert view(match).pieces("discard") == ("7D",)
    assert match.to_act() == (1,)


def test_a_card_goes_only_on_a_square_showing_it() -> None:
    match = table(["7D 9C"], discs={1: "r9c7"})
    e = refused(match, 0, "place 7D r3c7")
    assert e.clause is five.PLAY and e.detail == "r3c7 shows 8D, not 7D"
    e = refused(match, 0, "place 7D r9c7")
    assert e.clause is five.PLAY and e.detail == "r9c7 already has a disc on it"
    e = refused(match, 0, "place 8D r3c7")
    assert e.clause is five.PLAY and e.detail == "you hold no 8D"
    assert [str(a) for a in match.legal_actions(0) if a.args[0] == parse_card("7D")] == ["place 7D r2c7"]


def test_the_free_corners_take_no_disc() -> None:
    match = table(["JD 2S"])
    e = refused(match, 0, "place JD r0c0")
    assert e.clause is five.FREE_CORNERS and "r0c0 is a free corner" in e.detail


def test_a_two_eyed_jack_places_a_disc_on_any_open_square() -> None:
    match = table(["JD JC"], discs={1: "r5c5"})
    legal = {str(a) for a in match.legal_actions(0)}
    assert "place JD r4c4" in legal and "place JC r4c4" in legal
    assert "place JD r5c5" not in legal and "place JD r0c0" not in legal
    assert len([a for a in legal if a.startswith("place JD")]) == 96 - 1
    e = refused(match, 0, "place JD r5c5")
    assert e.clause is five.TWO_EYED_JACK and e.detail == "r5c5 already has a disc on it"
    match.apply(0, "place JD r4c4")
    assert board(match)["r4c4"][1] == 0


def test_a_two_eyed_jack_completes_a_row() -> None:
    match = table(["JC"], discs={0: "r6c1 r6c2 r6c4 r6c5"})
    match.apply(0, "place JC r6c3")
    assert rows(match) == [1, 0]
    assert view(match).fact("locked") == ["r6c1", "r6c2", "r6c3", "r6c4", "r6c5"]


def test_a_one_eyed_jack_takes_an_opponents_disc_off() -> None:
    match = table(["JS JH", "KH 2S"], discs={0: "r1c1", 1: "r2c2 r3c3"})
    assert board(match)["r2c2"] == ("green#1", 1)
    legal = {str(a) for a in match.legal_actions(0)}
    assert legal >= {"remove JS r2c2", "remove JH r3c3"} and "remove JS r1c1" not in legal
    match.apply(0, "remove JS r2c2")
    assert "r2c2" not in board(match)
    assert view(match).pieces("discard")[-1] == "JS"
    match.apply(1, "place KH r1c6")
    assert board(match)["r1c6"] == ("green#1", 1)  # the disc taken off went back to the box, and out again


def test_one_eyed_jack_refusals() -> None:
    match = table(["JS 7D JD"], discs={0: "r1c1", 1: "r2c2"})
    e = refused(match, 0, "remove JS r1c1")
    assert e.clause is five.ONE_EYED_JACK and e.detail == "the disc on r1c1 is your own side's"
    e = refused(match, 0, "remove JS r4c4")
    assert e.clause is five.ONE_EYED_JACK and e.detail == "there is no disc on r4c4"
    e = refused(match, 0, "place JS r4c4")
    assert e.clause is five.ONE_EYED_JACK and "places none" in e.detail
    for card in ("7D", "JD"):
        e = refused(match, 0, f"remove {card} r2c2")
        assert e.clause is five.ONE_EYED_JACK and "only a one-eyed jack" in e.detail


def test_a_completed_row_cannot_be_broken_by_a_one_eyed_jack() -> None:
    match = table(["JH"], discs={1: "r8c1 r8c2 r8c3 r8c4 r8c5 r8c6"})
    assert rows(match) == [0, 1]
    e = refused(match, 0, "remove JH r8c3")
    assert e.clause is five.LOCKED and e.detail == "the disc on r8c3 is part of a completed row"
    assert [str(a) for a in match.legal_actions(0)] == ["remove JH r8c6"]


def test_a_player_who_cannot_play_passes_and_only_then() -> None:
    match = table(["JS", "2S"], discs={0: "r1c1", 1: "r8c1 r8c2 r8c3 r8c4 r8c5"})  # every green disc is locked
    assert [str(a) for a in match.legal_actions(0)] == ["pass"]
    assert "pass" in match.prompt(0)
    match.apply(0, "pass")
    assert match.to_act() == (1,) and view(match, 0).hand == ("JS",)
    e = refused(match, 1, "pass")
    assert e.clause is five.PASS


def test_moves_that_are_not_moves_cite_the_engine_rule() -> None:
    match = table(["7D"])
    for text in ("place 7D", "place r2c7 7D", "turn-in", "pass 7D", "play 7D"):
        e = refused(match, 0, text)
        assert e.clause is UNKNOWN and "is not a move of 5 in a Row" in e.detail


# --- dead cards ---------------------------------------------------------------------------------------------
SEVEN_AND_EIGHT_DEAD = "r2c7 r9c7=JD r3c7 r9c6=JC"
"""Both squares of the 7♦ and of the 8♦ taken, with one of each and two wild jacks."""


def test_a_dead_card_is_turned_in_for_a_new_one_and_the_turn_goes_on() -> None:
    match = table(["7D 9C"], discs={1: "r2c7", 0: "r9c7=JD"}, draws="KH QH")
    assert {"turn-in 7D"} == {str(a) for a in match.legal_actions(0) if a.verb == "turn-in"}
    before = view(match).pieces("discard")
    match.apply(0, "turn-in 7D")
    assert view(match, 0).hand == ("9C", "KH") and view(match).pieces("discard") == (*before, "7D")
    assert match.to_act() == (0,)
    match.apply(0, "place KH r1c6")
    assert view(match, 0).hand == ("9C", "QH") and match.to_act() == (1,)


def test_a_live_card_or_a_jack_is_not_dead() -> None:
    match = table(["7D JS 2S"], discs={1: "r2c7"})
    e = refused(match, 0, "turn-in 7D")
    assert e.clause is five.DEAD and e.detail == "7D is not dead: r9c7 is still open"
    e = refused(match, 0, "turn-in 2S")
    assert e.clause is five.DEAD and e.detail == "2S is not dead: r0c1 and r8c6 are still open"
    e = refused(match, 0, "turn-in JS")
    assert e.clause is five.DEAD and "never dead" in e.detail


def test_one_dead_card_a_turn_by_default() -> None:
    match = table(["7D 8D 2S"], discs={1: SEVEN_AND_EIGHT_DEAD})
    match.apply(0, "turn-in 7D")
    e = refused(match, 0, "turn-in 8D")
    assert e.clause is five.DEAD_LIMIT and e.detail == "you have already turned in 1 dead card this turn"


def test_any_number_of_dead_cards_under_the_option() -> None:
    match = table(["7D 8D 2S"], discs={1: SEVEN_AND_EIGHT_DEAD}, dead_cards_per_turn=0)
    match.apply(0, "turn-in 7D")
    match.apply(0, "turn-in 8D")
    assert match.to_act() == (0,) and len(view(match, 0).hand) == 3
    assert five.DEAD_ANY.in_force(match.options) and not five.DEAD_LIMIT.in_force(match.options)


def test_the_dead_cards_fact_is_for_the_holder_alone() -> None:
    match = table(["7D 2S", "8D 3S"], discs={1: SEVEN_AND_EIGHT_DEAD})
    mine, theirs = match.view(0), match.view(1)
    assert isinstance(mine, View) and isinstance(theirs, View)
    assert mine.fact("dead") == ["7D"] and theirs.fact("dead") == ["8D"]


# --- drawing -------------------------------------------------------------------------------------------------
NO_ROWS = {square: (square.row // 2 + square.col) % 2 for square in five.CARD_SQUARES}
"""Every card square, half to each side, with no five of a side in a line (free corners
included): across, a row's sides alternate; down and on the diagonals, they change every
two rows."""


def side_squares(colours: Mapping[Square, int], side: int, leave: Iterable[Square] = (),
                 wild: Mapping[str, str] | None = None) -> str:
    """The squares of ``side`` as discs for ``table``, ``wild`` ones taken with a jack."""
    wild = wild or {}
    return " ".join(f"{s}={wild[str(s)]}" if str(s) in wild else str(s)
                    for s in five.CARD_SQUARES if colours[s] == side and s not in set(leave))


def test_an_empty_draw_pile_is_made_from_the_discards_and_the_card_just_played_stays_up() -> None:
    # 94 discs laid draw the last of the 94 cards the deal left; the two squares left are
    # the cards in hand, with the eight jacks
    last, spare = sq("r5c2"), sq("r6c2")
    discs = {side: side_squares(NO_ROWS, side, leave=(last, spare)) for side in (0, 1)}
    match = table([f"{card_for(last)} JS JH JD JC", f"{card_for(spare)} JS JH JD JC"], discs=discs)
    assert view(match).zone("stock").hidden == 0 and len(view(match).pieces("discard")) == 94
    match.apply(0, f"place {card_for(last)} {last}")
    assert view(match).pieces("discard") == (card_for(last),)
    assert view(match).zone("stock").hidden == 94 - 1 and len(view(match, 0).hand) == 5
    assert "The discard pile is shuffled and becomes the draw pile" in [e.text for e in match.events(None)]


# --- winning -----------------------------------------------------------------------------------------------
def test_three_rows_win_by_the_book() -> None:
    match = table(["2D 9H"], discs={0: "r0c1 r0c2 r0c3 r0c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c3 r2c4 r2c5"})
    assert rows(match) == [2, 0]
    match.apply(0, "place 2D r2c2")
    assert match.over and match.result().winners == (0,)
    last = match.sheet.rows[-1]
    assert last.totals == (3, 0) and f"[{five.GOAL.id}]" in last.notes[-1]
    assert f"[{five.CALL.id}]" in last.notes[0]


def test_two_rows_are_not_enough_by_the_book_but_win_under_the_published_rule() -> None:
    setup: dict[str, Any] = dict(hands=["2D 9H", "5C 6C"], discs={0: "r0c1 r0c2 r0c3 r0c4 r2c1 r2c3 r2c4 r2c5"})
    book = table(**setup)
    book.apply(0, "place 2D r2c2")
    assert not book.over and rows(book) == [2, 0]
    published = table(**setup, rows_to_win=2)
    published.apply(0, "place 2D r2c2")
    assert published.over and published.result().winners == (0,)
    one = table(["5C", "2D"], discs={1: "r2c1 r2c3 r2c4 r2c5"}, turn=1, rows_to_win=1)
    one.apply(1, "place 2D r2c2")
    assert one.over and one.result().winners == (1,)


def test_partners_play_as_one_side_with_four_players() -> None:
    match = table(["JS 2H", "JH 3H", "2D 4H", "5C JS"], players=4, turn=2,
                  discs={0: "r2c1", 2: "r2c3 r2c4 r2c5", 1: "r7c7"})
    e = refused(match, 2, "place 2D r7c7")
    assert e.clause is five.PLAY
    v = view(match, 0)
    assert v.teams == ((0, 2), (1, 3))
    assert v.fact("colour") == ["blue", "green", "blue", "green"]
    match.apply(2, "place 2D r2c2")
    assert rows(match) == [1, 0, 1, 0]
    assert board(match)["r2c2"][1] == 2
    e = refused(match, 3, "remove 5C r2c2")
    assert e.clause is five.ONE_EYED_JACK
    e = refused(match, 3, "remove JS r2c1")
    assert e.clause is five.LOCKED
    five_of_clubs = next(str(s) for s in five.squares_of(parse_card("5C")) if str(s) not in board(match))
    match.apply(3, f"place 5C {five_of_clubs}")
    match.apply(0, "remove JS r7c7")  # seat 0 takes seat 1's disc
    assert "r7c7" not in board(match)
    assert match.sheet.columns == ("seats 0 & 2", "seats 1 & 3")


NO_ROWS_BUT_ONE = {**NO_ROWS, **{sq(s): 1 for s in ("r1c0", "r1c1", "r1c2", "r1c3", "r1c4")},
                   **{sq(s): 0 for s in ("r1c5", "r5c1", "r5c5")}}
"""As ``NO_ROWS``, but green has the row r1c0 to r1c4."""
WILD = {"r0c1": "JD", "r0c2": "JD", "r0c3": "JC", "r0c4": "JC"}
"""The 2♠ 3♠ 4♠ 5♠ squares of the top row covered with the wild jacks, so that one of each of
those cards is left over for the players to hold, dead."""


def test_a_full_board_where_nobody_can_play_is_blocked_and_equal_rows_draw() -> None:
    match = table(["2S", "3S"], discs={side: side_squares(NO_ROWS, side, wild=WILD) for side in (0, 1)},
                  draws="4S 5S")
    assert len(board(match)) == 96 and rows(match) == [0, 0]
    assert [str(a) for a in match.legal_actions(0)] == ["turn-in 2S"]
    match.apply(0, "turn-in 2S")
    match.apply(0, "pass")
    assert not match.over
    match.apply(1, "turn-in 3S")
    match.apply(1, "pass")
    assert match.over and match.result().winners == (0, 1)
    assert f"[{five.BLOCKED.id}]" in match.sheet.rows[-1].notes[0]


def test_a_blocked_game_goes_to_the_side_with_more_rows() -> None:
    match = table(["2S", "3S"], discs={side: side_squares(NO_ROWS_BUT_ONE, side, wild=WILD) for side in (0, 1)},
                  draws="4S 5S")
    assert len(board(match)) == 96 and rows(match) == [0, 1]
    for seat in (0, 1):
        match.apply(seat, f"turn-in {view(match, seat).hand[0]}")
        match.apply(seat, "pass")
    assert match.over and match.result().winners == (1,)


def test_passing_on_an_open_board_never_ends_the_game() -> None:
    match = table(["JS", "JH"])
    for _ in range(3):
        for seat in (0, 1):
            match.apply(seat, "pass")
    assert not match.over


# --- options --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "dealt", "size"), [(2, 5, 5), (4, 5, 5), (2, 0, 7), (4, 0, 6), (2, 6, 6)])
def test_cards_dealt(players: int, dealt: int, size: int) -> None:
    match = gamenight.load("five_in_a_row", players=players, options={"cards_dealt": dealt}, seed=3)
    v = view(match)
    assert [z.hidden for z in v.zones if z.kind is ZoneKind.HAND] == [size] * players
    assert v.zone("stock").hidden == 104 - size * players  # type: ignore[union-attr]


def test_presets() -> None:
    published = gamenight.load("five_in_a_row", preset="published", seed=1).options
    assert (published.rows_to_win, published.cards_dealt, published.rows_share_in_line) == (2, 0, True)
    assert gamenight.load("five_in_a_row", preset="one-row", seed=1).options.rows_to_win == 1


def test_only_two_or_four_play() -> None:
    for players in (3, 6):
        with pytest.raises(ValueError):
            gamenight.load("five_in_a_row", players=players, seed=1)


def test_the_same_line_share_is_played_in_a_match_under_the_option() -> None:
    nine = "r8c1 r8c2 r8c3 r8c5 r8c6 r8c7 r8c8"
    for in_line, made in ((False, 1), (True, 2)):
        match = table(["4S 9H"], discs={0: f"r8c0 {nine}"}, rows_share_in_line=in_line)
        match.apply(0, "place 4S r8c4")
        assert rows(match)[0] == made


# --- what each seat sees ------------------------------------------------------------------------------------
def test_zones_and_facts() -> None:
    match = table(["7D 9C", "5D 6D"], discs={0: "r2c2", 1: "r3c3"})
    v = view(match, 1)
    zone = v.zone("board")
    assert zone is not None and zone.kind is ZoneKind.BOARD and zone.piece == "token"
    assert zone.pieces == ("blue#1", "green#1") and zone.at == ("r2c2", "r3c3") and zone.by == (0, 1)
    hand0 = [z for z in v.zones if z.kind is ZoneKind.HAND and z.owner == 0][0]
    assert hand0.pieces == () and hand0.hidden == 2
    assert v.hand == ("5D", "6D")
    stock, discard = v.zone("stock"), v.zone("discard")
    assert stock is not None and stock.pieces == () and stock.hidden == 104 - 4 - 2
    assert discard is not None and discard.kind is ZoneKind.DISCARD
    assert discard.pieces == (card_for(sq("r2c2")), card_for(sq("r3c3")))
    assert v.fact("rows") == [0, 0] and v.fact("rows_needed") == 3 and v.fact("locked") == []
    assert all(not z.name.startswith("box") for z in v.zones)  # the box of discs is not on the table


def test_events_never_show_a_seat_another_seats_hidden_cards() -> None:
    match = gamenight.load("five_in_a_row", players=4, seed=5)
    rng = random.Random(5)
    for _ in range(60):  # the draw pile lasts, so every card named in public is on the discard pile
        views = [match.view(s) for s in range(4)]  # once each: the hand, and the events new to that seat
        assert all(isinstance(v, View) for v in views)
        hands = [Counter(v.hand) for v in cast(list[View], views)]
        discard = Counter(cast(View, views[0]).pieces("discard"))
        stock = Counter(map(str, DECK)) - discard - sum(hands, Counter())
        for viewer, view_ in enumerate(cast(list[View], views)):
            visible = set(hands[viewer]) | set(discard)
            hidden = {c for s, hand in enumerate(hands) if s != viewer for c in hand} - visible
            hidden |= set(stock) - visible
            for event in view_.events:
                named = set(re.findall(r"\b(?:10|[2-9JQKA])[CDHS]\b", event.text)) | set(event.pieces)
                assert not named & hidden, (viewer, event)
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    others = [e.text for e in match.events(1) if e.seats == (0,)]
    assert "{0} draws a card" in others and not any(re.search(r"draws \w", t) and "a card" not in t for t in others)


def test_events_say_what_happened_in_words() -> None:
    match = table(["JD 7D", "JH 6D"], discs={1: "r5c5"}, draws="2S 3S")
    match.apply(0, "place JD r4c4")
    match.apply(1, "remove JH r4c4")
    texts = [e.text for e in match.events(0)]
    assert "{0} plays JD (wild) and puts a blue disc on row 5, column 5" in texts
    assert "{0} plays JH and takes {1}'s blue disc off row 5, column 5" in texts
    assert "{0} draws 2S" in texts and "{0} draws 3S" not in texts
    assert "{0} draws a card" in [e.text for e in match.events(1)]


def test_a_seeded_random_match_ends_with_a_result() -> None:
    for players, seed in ((2, 1), (4, 2)):
        match = gamenight.load("five_in_a_row", players=players, seed=seed)
        rng = random.Random(seed)
        while not match.over:
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
        result = match.result()
        assert result.winners and sorted(s for g in result.ranking for s in g) == list(range(players))


# --- clauses ---------------------------------------------------------------------------------------------
def test_every_clause_is_cited_by_the_code_or_only_describes() -> None:
    source = Path(five.__file__).read_text()
    code = source[source.index("def teams_for"):]
    names = {name for name, value in vars(five).items() if value in list(RULES) and name.isupper()}
    assert len(names) == len(RULES)
    for name in names:
        clause = getattr(five, name)
        cited = re.search(rf"\b{name}\b", code) is not None
        assert cited != (clause in TEXT_ONLY), f"{name}: cited {cited}, text only {clause in TEXT_ONLY}"


def test_every_card_in_a_listed_move_is_the_players() -> None:
    match = gamenight.load("five_in_a_row", seed=9)
    seat = match.to_act()[0]
    hand = view(match, seat).hand
    assert all(isinstance(a.args[0], Card) and str(a.args[0]) in hand for a in match.legal_actions(seat) if a.args)
