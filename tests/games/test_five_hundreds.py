"""Five Hundreds: scripted hands for every clause of rulebook 000's text -- the deal, aces high or
low, the top of the line and digging deep, melds and lay-offs counted for whoever laid them,
"Rummy" called out of turn, going out on an unplayable discard, the count, the stock running out
and the race to 500. Each hand is dealt by ``gamenight.testing`` and played through the game's
own moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.engine.match import Match
from gamenight.engine.view import FactKind, View, ZoneKind
from gamenight.games.five_hundreds.rules import DECK_CARDS
from gamenight.testing import next_deal, refusal, scenario

GAME = "five_hundreds"

# Seat 1 plays first (seat 0 deals): it melds 2-3-4 of clubs, seat 2 sevens, seat 0 nothing yet.
SEAT1 = "2C 3C 4C 9D 9H KS QD"
SEAT2 = "5C 6C 7D 7S 7H JD 10S"
SEAT0 = "AS AH AD 8C 4H 5S 6D"
OUT = {0: "KS QS 8C 4H 5S 6D 2D", 1: "2C 3C 4C 5C 9H 9D 9S", 2: "AS AH 7D 7S 7H JD 10S"}
"""Seat 1 can meld all its cards but one."""


def spare(*named: str) -> list[str]:
    """The cards of the deck that no text names, in deck order."""
    used = [c for text in named for c in text.split()]
    assert len(set(used)) == len(used), "a card is named twice"
    return [str(c) for c in DECK_CARDS if str(c) not in used]


def table(hands: dict[int, str], up: str = "KH", draws: str = "", preset: str | None = None,
          moves: Sequence[tuple[int, str]] = (), scores: Sequence[float] | None = None, **options: Any) -> Match:
    """A first hand dealt so (seat 0 deals), the stock drawn in the order ``draws`` lists, then
    played on by ``moves``."""
    stock = [*spare(*hands.values(), up, draws), *reversed(draws.split())]  # the stock's top is its last card
    return scenario(GAME, players=len(hands), preset=preset, options=options or None, seed=5, dealer=0,
                    hands=hands, zones={"stock": " ".join(stock), "discard": up}, moves=moves, scores=scores)


def seen(match: Match, seat: int | None = None) -> View:
    view = match.view(seat)
    assert isinstance(view, View)
    return view


def line(match: Match) -> tuple[str, ...]:
    return seen(match).pieces("discard")


def melds(match: Match) -> list[tuple[str, ...]]:
    return [z.pieces for z in seen(match).zones if z.kind is ZoneKind.MELD]


def laid_by(match: Match, seat: int) -> list[str]:
    """The cards ``seat`` has laid on the table, on anyone's melds."""
    return [p for z in seen(match).zones if z.kind is ZoneKind.MELD and z.by for p, s in zip(z.pieces, z.by)
            if s == seat]


def legal(match: Match, seat: int) -> set[str]:
    return {str(a) for a in match.legal_actions(seat)}


def refused(match: Match, seat: int, action: str, clause: str, why: str = "") -> None:
    err = refusal(match, seat, action)
    assert err.clause_id == clause, str(err)
    assert why in err.detail, err.detail


def texts(match: Match, viewer: int | None = None) -> list[str]:
    return [e.text.format(*(f"seat {s}" for s in e.seats)) for e in match.events(viewer)]


# --- the deal and the turn ----------------------------------------------------------------------------
def test_seven_cards_each_one_up_and_the_player_left_of_the_dealer_leads() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2})
    v = seen(m)
    assert [sum(z.hidden for z in v.zones if z.kind is ZoneKind.HAND and z.owner == s) for s in range(3)] == [7] * 3
    assert line(m) == ("KH",) and v.zone("stock") is not None and v.zone("stock").hidden == 52 - 22
    assert m.to_act() == (1,) and v.phase == "draw"
    assert {"draw stock", "take discard"} <= legal(m, 1)


def test_a_turn_is_draw_meld_discard() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="JS")
    refused(m, 1, "meld 2C 3C 4C", "five_hundreds.turn", "begin your turn by drawing")
    refused(m, 1, "discard KS", "five_hundreds.turn")
    m.apply(1, "draw stock")
    refused(m, 1, "take discard", "five_hundreds.turn", "drawn this turn already")
    m.apply(1, "meld 2C 3C 4C")
    m.apply(1, "discard KS")
    assert m.to_act() == (2,) and line(m) == ("KH", "KS") and melds(m) == [("2C", "3C", "4C")]


def test_the_stock_card_is_private_and_the_line_is_public() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="JS")
    m.apply(1, "draw stock")
    assert texts(m, 1)[-1] == "seat 1 draws JS" and texts(m, 2)[-1] == "seat 1 draws from the stock"
    assert "JS" not in seen(m, 2).hand and "JS" not in str(seen(m, 2))
    m.apply(1, "discard JS")
    m.apply(2, "take discard")
    taken = [z for z in seen(m).zones if z.name == "taken" and z.owner == 2]
    assert taken[0].pieces == ("JS",), "a card taken from the line is known to everyone"


@pytest.mark.parametrize(("aces", "meld", "ok"), [
    ("high-or-low", "AS 2S 3S", True), ("high-or-low", "QS KS AS", True), ("high-or-low", "KS AS 2S", False),
    ("low", "QS KS AS", False), ("low", "AS 2S 3S", True), ("high", "AS 2S 3S", False), ("high", "QS KS AS", True),
])
def test_aces_are_high_or_low_but_a_run_never_turns_the_corner(aces: str, meld: str, ok: bool) -> None:
    m = table({0: "AD 8C 4H 5S 6D 2D 9C", 1: "AS 2S 3S QS KS 9H 9D", 2: SEAT2}, draws="JH", aces=aces)
    m.apply(1, "draw stock")
    if ok:
        m.apply(1, f"meld {meld}")
        assert tuple(meld.split()) in melds(m)
    else:
        refused(m, 1, f"meld {meld}", "five_hundreds.meld", "neither a set")


def test_melds_are_sets_of_three_or_four_and_runs_of_three_or_more() -> None:
    m = table(OUT, draws="KD")
    m.apply(1, "draw stock")
    refused(m, 1, "meld 2C 3C", "five_hundreds.meld", "at least 3 cards")
    m.apply(1, "meld 2C 3C 4C 5C and 9H 9D 9S")
    assert melds(m) == [("2C", "3C", "4C", "5C"), ("9H", "9D", "9S")]


# --- the top of the line and digging deep -----------------------------------------------------------------
DIG = {0: "AS AH AD 8C 4H 5S 6D", 1: "8S 10S 2C 5D 7H JC KD", 2: "9S QC QD 3C 3D 2H 2D"}
"""Seat 1 holds 8S and 10S; seat 2 throws 9S into the line, seat 0 covers it with 4D."""


def dug_to_nine() -> Match:
    return table(DIG, up="3H", draws="QH 6H 4D", moves=[(1, "draw stock"), (1, "discard QH"), (2, "draw stock"),
                                                        (2, "discard 9S"), (0, "draw stock"), (0, "discard 4D")])


def test_digging_deep_takes_the_card_and_every_card_above_it() -> None:
    m = dug_to_nine()
    assert line(m) == ("3H", "QH", "9S", "4D")
    assert "dig 9S 8S 10S" in legal(m, 1)
    m.apply(1, "dig 9S 8S 10S")
    assert line(m) == ("3H", "QH") and melds(m) == [("9S", "8S", "10S")]
    assert "4D" in seen(m, 1).hand and [z.pieces for z in seen(m).zones if z.name == "taken" and z.owner == 1] \
        == [("4D",)]
    assert texts(m)[-1] == "seat 1 digs 2 deep to 9S, playing 9S 8S 10S, and takes 4D"
    assert seen(m).phase == "play"


def test_the_card_dug_to_must_be_played_at_once_with_a_card_from_hand() -> None:
    m = dug_to_nine()
    refused(m, 1, "dig 9S", "five_hundreds.line.dig", "name the cards from your hand")
    refused(m, 1, "dig QH 8S 10S", "five_hundreds.meld", "neither a set")
    refused(m, 1, "dig 5S 8S 10S", "rummy.pile.dig", "5S is not in the discard pile")
    refused(m, 1, "dig 9S 8S 9D", "rummy.pile.dig", "you do not hold 9D")


def test_cards_above_may_help_but_one_must_come_from_hand() -> None:
    hands = {0: "AS AH AD 8C 4H 5S 6D", 1: "10H 2C 5D 7S 8S JC 3D", 2: "QC QD 3C 9C 2H JH 4S"}
    moves = [(1, "draw stock"), (1, "discard 2S"), (2, "draw stock"), (2, "discard JH"), (0, "draw stock"),
             (0, "discard KH")]
    m = table(hands, up="QH", draws="2S 6C KH", moves=moves)
    assert line(m) == ("QH", "2S", "JH", "KH")
    refused(m, 1, "dig QH JH KH", "five_hundreds.line.dig", "at least one card from your hand")
    m.apply(1, "dig QH JH KH 10H")
    assert melds(m) == [("QH", "JH", "KH", "10H")] and line(m) == () and "2S" in seen(m, 1).hand


def test_the_top_card_taken_need_not_be_played_unless_the_house_says_so() -> None:
    m = dug_to_nine()
    m.apply(1, "take discard")
    assert "4D" in seen(m, 1).hand
    m.apply(1, "discard 4D")
    played = table(DIG, up="3H", draws="QH 6H 4D", preset="top_card_played",
                   moves=[(1, "draw stock"), (1, "discard QH"), (2, "draw stock"), (2, "discard 9S")])
    refused(played, 0, "take discard", "five_hundreds.line.top-played", "dig to 9S")
    assert "take discard" not in legal(played, 0)


# --- melds, lay-offs and Rummy --------------------------------------------------------------------------------
def clubs_then_sevens(discard: str = "3D") -> Match:
    """Seat 1 melds 2-3-4 of clubs; seat 2 melds three sevens and discards ``discard``."""
    return table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="JS 3D 2D",
                 moves=[(1, "draw stock"), (1, "meld 2C 3C 4C"), (1, "discard KS"), (2, "draw stock"),
                        (2, "meld 7D 7S 7H"), (2, f"discard {discard}")])


def test_lay_offs_come_after_your_own_meld_and_count_for_whoever_laid_them() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="JS 3D",
              moves=[(1, "draw stock"), (1, "meld 2C 3C 4C"), (1, "discard KS"), (2, "draw stock")])
    refused(m, 2, "lay 5C on 1", "five_hundreds.lay-off", "meld a set or run of your own")
    refused(m, 2, "meld 7D 7S 7H and 6C on 1", "five_hundreds.lay-off", "6C cannot go on 2C 3C 4C")
    m.apply(2, "meld 7D 7S 7H and 5C on 1")
    assert melds(m)[0] == ("2C", "3C", "4C", "5C") and laid_by(m, 2) == ["5C", "7D", "7S", "7H"]
    m.apply(2, "lay 6C on 1")
    refused(m, 2, "lay JD on 7", "five_hundreds.lay-off", "there is no meld 7")
    assert laid_by(m, 1) == ["2C", "3C", "4C"] and "6C" in laid_by(m, 2)
    facts = seen(m).facts  # on the seats, in short words: no players table
    assert FactKind.TABLE not in {f.kind for f in facts}
    assert seen(m).fact("on_table") == [0, 15, 25] and seen(m).fact("melded") == [False, True, True]


def test_rummy_is_called_out_of_turn_on_a_playable_discard() -> None:
    m = clubs_then_sevens(discard="5C")
    assert m.to_act() == (0, 1), "seat 1 has melded and may call Rummy while seat 0 is to draw"
    assert seen(m).fact("rummy_card") == ["5C"] and seen(m).fact("rummy_callers") == [1]
    assert legal(m, 1) == {"rummy 5C on 1", "pass"}
    refused(m, 1, "rummy 5C on 2", "five_hundreds.lay-off", "5C cannot go on 7D 7S 7H")
    refused(m, 1, "rummy 6D on 1", "five_hundreds.rummy", "call it with the card")
    m.apply(1, "rummy 5C on 1")
    assert melds(m)[0] == ("2C", "3C", "4C", "5C") and laid_by(m, 1)[-1] == "5C" and line(m) == ("KH", "KS")
    assert m.to_act() == (0,) and seen(m).phase == "draw", "a call does not count as a turn"
    assert texts(m)[-1] == "seat 1 calls Rummy! and lays 5C on meld 1"


def test_the_chance_to_call_ends_with_a_pass_or_the_next_draw() -> None:
    m = clubs_then_sevens(discard="5C")
    m.apply(1, "pass")
    assert m.to_act() == (0,)
    refused(m, 1, "rummy 5C on 1", "engine.turn")
    m = clubs_then_sevens(discard="5C")
    m.apply(0, "draw stock")
    assert m.to_act() == (0,) and seen(m).fact("rummy_card") is None
    assert "rummy 5C on 1" not in legal(m, 0)


def test_only_a_player_who_has_melded_may_call_unless_the_house_opens_it() -> None:
    m = clubs_then_sevens(discard="5C")
    refused(m, 0, "rummy 5C on 1", "five_hundreds.rummy.melded", "no meld of your own")
    opened = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="JS 3D 2D", preset="open_rummy",
                   moves=[(1, "draw stock"), (1, "meld 2C 3C 4C"), (1, "discard KS"), (2, "draw stock"),
                          (2, "meld 7D 7S 7H"), (2, "discard 5C")])
    opened.apply(0, "rummy 5C on 1")
    assert laid_by(opened, 0) == ["5C"] and opened.to_act() == (0,)
    opened.apply(0, "draw stock")


def test_an_unplayable_discard_opens_no_call() -> None:
    m = clubs_then_sevens()
    assert m.to_act() == (0,) and not seen(m).has_fact("rummy_card")


# --- going out and the count -------------------------------------------------------------------------------


def test_you_must_keep_a_discard_and_it_must_be_unplayable() -> None:
    m = table(OUT, draws="9C")
    m.apply(1, "draw stock")
    refused(m, 1, "meld 2C 3C 4C 5C and 9H 9D 9S 9C", "rummy.out.discard", "keep a card to discard")
    m.apply(1, "meld 2C 3C 4C 5C")
    refused(m, 1, "meld 9H 9D 9S", "five_hundreds.out.keep-discarding", "9C, which could be played")
    m.apply(1, "discard 9C")
    assert m.to_act() == (2,), "a playable card may be discarded while others are kept"


def test_going_out_on_an_unplayable_discard_counts_the_hand() -> None:
    m = table(OUT, draws="KD")
    m.apply(1, "draw stock")
    m.apply(1, "meld 2C 3C 4C 5C and 9H 9D 9S")
    m.apply(1, "discard KD")
    row = m.sheet.rows[-1]
    # seat 0: K Q 10 10 and 8 4 5 6 2 at 5 = 45 in hand; seat 1: 2-3-4-5 at 5 and three 9s at 5 = 35 on the
    # table; seat 2: two aces at 25, 7 7 7 at 5, J 10 at 10 = 85 in hand.
    assert row.points == (-45, 35, -85)
    assert "seat 1: on the table 35, in hand -0 [five_hundreds.score]" in row.notes
    assert seen(m).phase == "show" and m.to_act() == (1,), "the deal passes to the left"
    assert seen(m).fact("last_hand")["rows"][2] == ["seat 2", "0", "-85", "-85"]
    m = next_deal(m, [(1, "deal")], hands={1: OUT[0], 2: OUT[1], 0: OUT[2]})
    assert m.to_act() == (2,) and seen(m).hand_no == 2


def test_aces_count_25_even_low_in_a_run() -> None:
    m = table({0: "KS QS 8C 4H 5S 6D 2D", 1: "AC 2C 3C 4C 9H 9D 9S", 2: "AS AH 7D 7S 7H JD 10S"}, draws="KD")
    m.apply(1, "draw stock")
    m.apply(1, "meld AC 2C 3C 4C and 9H 9D 9S")
    m.apply(1, "discard KD")
    assert m.sheet.rows[-1].points[1] == 25 + 3 * 5 + 3 * 5


def test_the_first_to_500_wins_and_a_tie_at_the_top_plays_on() -> None:
    won = table(OUT, draws="KD", scores=[0, 480, 0],
                moves=[(1, "draw stock"), (1, "meld 2C 3C 4C 5C and 9H 9D 9S"), (1, "discard KD")])
    assert won.over and won.result().winners == (1,) and won.sheet.totals == (-45, 515, -85)
    tied = table(OUT, draws="KD", scores=[545, 465, 0],
                 moves=[(1, "draw stock"), (1, "meld 2C 3C 4C 5C and 9H 9D 9S"), (1, "discard KD")])
    assert tied.sheet.totals[:2] == (500, 500) and not tied.over and tied.to_act() == (1,)


# --- the stock running out --------------------------------------------------------------------------------
def drain(m: Match) -> None:
    """Each player in turn draws from the stock and throws the card back, until the stock is empty."""
    while seen(m).zone("stock").hidden:
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {m.events(seat)[-1].pieces[0]}")


def test_the_hand_ends_when_the_player_to_draw_takes_from_the_empty_stock() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2})
    drain(m)
    seat = m.to_act()[0]
    assert "take discard" in legal(m, seat), "play goes on while the line is taken"
    m.apply(seat, "draw stock")
    assert m.sheet.rows[-1].points == (-95, -45, -45)
    assert "nobody went out: the stock ran out [five_hundreds.stock.play-on]" in m.sheet.rows[-1].notes


def test_the_line_turned_over_makes_a_new_stock() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, stock_out="turn-over")
    drain(m)
    seat = m.to_act()[0]
    deep = len(line(m))
    m.apply(seat, "draw stock")
    assert line(m) != () and len(line(m)) == 1 and seen(m).zone("stock").hidden == deep - 2
    assert "The discard line but its top card is turned over: a new stock of 30" in texts(m)


# --- bad input ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("action", "clause"), [
    ("take pile", "five_hundreds.turn"), ("take discard 2", "five_hundreds.turn"), ("knock", "five_hundreds.turn"),
    ("pass", "five_hundreds.turn"), ("meld", "five_hundreds.turn"), ("dig", "five_hundreds.turn"),
])
def test_malformed_or_foreign_moves_are_refused_and_change_nothing(action: str, clause: str) -> None:
    refused(table({0: SEAT0, 1: SEAT1, 2: SEAT2}), 1, action, clause)
