"""Vazhushal: scripted hands for every clause of rulebook 004's text -- the deal thrown in for twin
cards, the negative joker and its wild twins, the discard line drawn from deep into a new meld
(the book's own example), the first pure sequence and the draw that makes it, melds of one's own
that are never identical, laid off on by others or left without a pure sequence, going out on the
last discard, and the count when the stock runs out. Each hand is dealt by ``gamenight.testing``
and played through the game's own moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.core.cards import cards
from gamenight.engine.chance import Chance
from gamenight.engine.match import Match
from gamenight.engine.view import FactKind, View, ZoneKind
from gamenight.games.vazhushal.rules import deck_for, meld_points, meld_rules, must_redeal
from gamenight.testing import refusal, scenario

GAME = "vazhushal"

# Two players, seat 0 deals, seat 1 first; 7D is turned up and AS is the negative joker (AD, AH wild).
SEAT1 = "8S 4H 5H 6H 7C 7H 2C 3C QC KC 9H 10H 2D"
SEAT0 = "3S 4S 5S 6S 8D 9D JD 4C 5C 6C JC 8H JH"
BOOK_LINE = [(1, "QD"), (0, "3H"), (1, "9S"), (0, "10S"), (1, "KD"), (0, "10D")]
"""Each player in turn draws these cards and throws them out: the book's line 7D-QD-3H-9S-10S-KD-10D."""


def table(hands: dict[int, str], up: str = "7D", negative: str = "AS", draws: str = "",
          moves: Sequence[tuple[int, str]] = (), **options: Any) -> Match:
    """A hand dealt so (seat 0 deals), the stock drawn in the order ``draws`` lists, then ``moves``."""
    rest = [str(c) for c in deck_for(len(hands))]
    for c in (c for text in (*hands.values(), up, negative, draws) for c in text.split()):
        rest.remove(c)
    stock = [*rest, *reversed(draws.split())]  # the stock's top is its last card
    return scenario(GAME, players=len(hands), options=options or None, seed=9, dealer=0, hands=hands,
                    zones={"stock": " ".join(stock), "discard": up, "negative": negative}, moves=moves)


def book_line(later: str = "", **options: Any) -> Match:
    """Seat 1 to draw with the book's line laid out; ``later`` are the stock's next cards."""
    moves = [m for seat, card in BOOK_LINE for m in ((seat, "draw stock"), (seat, f"discard {card}"))]
    draws = " ".join([*(card for _, card in BOOK_LINE), *later.split()])
    return table({0: SEAT0, 1: SEAT1}, draws=draws, moves=moves, **options)


def seen(match: Match, seat: int | None = None) -> View:
    view = match.view(seat)
    assert isinstance(view, View)
    return view


def melds(match: Match, seat: int) -> list[tuple[str, ...]]:
    return [z.pieces for z in seen(match).zones if z.kind is ZoneKind.MELD and z.owner == seat]


def line(match: Match) -> tuple[str, ...]:
    return seen(match).pieces("discard")


def refused(match: Match, seat: int, action: str, clause: str, why: str = "") -> None:
    err = refusal(match, seat, action)
    assert err.clause_id == clause, str(err)
    assert why in err.detail, err.detail


def texts(match: Match) -> list[str]:
    return [e.text.format(*(f"seat {s}" for s in e.seats)) for e in match.events(None)]


def play(match: Match, seat: int, *actions: str) -> None:
    for a in actions:
        match.apply(seat, a)


# --- the deal ---------------------------------------------------------------------------------------------
def test_thirteen_cards_a_line_of_one_and_the_negative_joker() -> None:
    m = table({0: SEAT0, 1: SEAT1})
    v = seen(m)
    assert [sum(z.hidden for z in v.zones if z.kind is ZoneKind.HAND and z.owner == s) for s in (0, 1)] == [13, 13]
    assert line(m) == ("7D",) and v.pieces("negative") == ("AS",) and v.zone("stock").hidden == 54 - 26 - 2
    assert v.fact("wild") == "jokers and the red aces", "the negative joker's rank in the opposite colour is wild"
    assert m.to_act() == (1,)


@pytest.mark.parametrize(("players", "size"), [(2, 54), (3, 108), (6, 108)])
def test_one_deck_for_two_players_two_for_more(players: int, size: int) -> None:
    assert len(deck_for(players)) == size and sum(c.is_joker for c in deck_for(players)) == size // 27


def test_a_joker_as_the_negative_joker_makes_no_twin_wild() -> None:
    m = table({0: SEAT0, 1: SEAT1}, negative="JK")
    assert seen(m).fact("wild") == "jokers only"


def test_three_cards_held_twice_throw_the_hands_in() -> None:
    assert must_redeal(cards("2H 2H 5C 5C JD JD 3S"))
    assert not must_redeal(cards("2H 2H 5C 5C JK JK 3S")), "jokers are four, not copies of a card"
    twice = [str(c) for c in cards("2H 2H 5C 5C JD JD 3S 4S 5S 6S 7S 8S 9S")]
    rest = [str(c) for c in deck_for(3)]
    for c in twice:
        rest.remove(c)
    m = gamenight.load(GAME, players=3, seed=4, chance=Chance({0: tuple(twice + rest)}))
    assert any("thrown in" in t for t in texts(m))
    assert all(not must_redeal(cards(" ".join(seen(m, s).hand))) for s in range(3))


# --- the discard line ---------------------------------------------------------------------------------
def test_the_books_example_takes_the_nine_and_ten_of_spades() -> None:
    m = book_line()
    assert line(m) == ("7D", "QD", "3H", "9S", "10S", "KD", "10D")
    assert "dig 9S 8S 10S" in {str(a) for a in m.legal_actions(1)}
    m.apply(1, "dig 9S 8S 10S")
    assert melds(m, 1) == [("9S", "8S", "10S")] and line(m) == ("7D", "QD", "3H")
    assert {"KD", "10D"} <= set(seen(m, 1).hand) and seen(m).phase == "play"
    assert [z.pieces for z in seen(m).zones if z.name == "taken" and z.owner == 1] == [("KD", "10D")]
    assert "seat 1 digs 4 deep to 9S, melding 9S 8S 10S, and takes KD 10D" in texts(m)


def test_the_deepest_card_goes_into_a_new_meld_at_once() -> None:
    m = book_line(later="JS 2S")
    refused(m, 1, "dig 9S", "vazhushal.line.draw", "name the cards 9S is melded with")
    refused(m, 1, "dig 9S 8S", "vazhushal.meld.sequence", "at least 3 cards")
    refused(m, 1, "dig 4D 8S 10S", "vazhushal.line.draw", "4D is not in the discard pile")
    refused(m, 1, "take discard", "vazhushal.turn", "draw from the line by digging")
    m.apply(1, "draw stock")
    m.apply(1, "meld 4H 5H 6H")
    m.apply(1, "discard 2D")
    m.apply(0, "draw stock")
    m.apply(0, "discard 2S")
    refused(m, 1, "dig 2S 3C on 1", "vazhushal.line.draw", "must go into a new meld")


def test_without_a_pure_sequence_the_card_dug_must_make_one_or_come_beside_one() -> None:
    m = book_line()
    refused(m, 1, "dig 10S 10H 10D", "vazhushal.line.initial", "you have not made your pure sequence")
    m.apply(1, "dig 10S 10H 10D and 4H 5H 6H")
    assert melds(m, 1) == [("10S", "10H", "10D"), ("4H", "5H", "6H")] and "KD" in seen(m, 1).hand


# --- melds -------------------------------------------------------------------------------------------------
def test_the_first_meld_is_a_pure_sequence_and_a_wild_twin_at_its_own_value_is_natural() -> None:
    m = table({0: SEAT0, 1: "QD KD AD 7C 7H 7S 2C 3C 9H 10H 4H 5H JK"}, draws="8C")
    m.apply(1, "draw stock")
    refused(m, 1, "meld 7C 7H 7S", "vazhushal.meld.first-pure", "your first meld must be a pure sequence")
    refused(m, 1, "meld 4H 5H JK", "vazhushal.meld.first-pure")
    m.apply(1, "meld QD KD AD")
    m.apply(1, "meld 7C 7H 7S and 9H 10H JK")
    assert len(melds(m, 1)) == 3
    refused(m, 1, "meld 2C 3C 4H", "vazhushal.meld.sequence", "neither a set")


def test_the_seats_say_who_has_made_a_pure_sequence_in_a_flag_not_a_table() -> None:
    """A seat plate carries "Pure sequence made" once it is true; the melds themselves are on the table."""
    m = table({0: SEAT0, 1: "QD KD AD 7C 7H 7S 2C 3C 9H 10H 4H 5H JK"}, draws="8C",
              moves=[(1, "draw stock"), (1, "meld QD KD AD")])
    facts = seen(m).facts
    assert FactKind.TABLE not in {f.kind for f in facts}
    assert [(f.label, f.value) for f in facts if f.kind is FactKind.PER_SEAT] == [("Pure sequence made", [False, True])]


THREE = {0: "3S 4S 5S 6S 8D 9D JD 4C 5C 6C JC 8H JH", 2: "2S 3D 4D 5D 6D 7D 8C 9C 10C QD KS AS 2H"}
"""Seats 0 and 2 of a three-player hand (two decks): 9S is turned up and 10H is the negative joker."""


def test_no_two_melds_of_a_player_are_the_same() -> None:
    m = table({**THREE, 1: "4H 5H 6H 4H 5H 7C 8C 7S 2C 3C KC KD QS"}, up="9S", negative="10H", draws="6H")
    m.apply(1, "draw stock")
    m.apply(1, "meld 4H 5H 6H")
    refused(m, 1, "meld 4H 5H 6H", "vazhushal.meld.not-twice", "you would have 4H 5H 6H twice")


def test_a_set_holds_each_suit_once() -> None:
    m = table({**THREE, 1: "4H 5H 6H 7C 7C 7S 2C 3C KC KD QS 10S JS"}, up="9S", negative="10H", draws="QH",
              moves=[(1, "draw stock"), (1, "meld 4H 5H 6H")])
    refused(m, 1, "meld 7C 7C 7S", "vazhushal.meld.set")


def test_a_meld_of_jokers_alone_is_refused() -> None:
    m = table({**THREE, 1: "4H 5H 6H JK JK JK 7C 7S 2C 3C KC KD QS"}, up="9S", negative="10H", draws="QH",
              moves=[(1, "draw stock"), (1, "meld 4H 5H 6H")])
    refused(m, 1, "meld JK JK JK", "vazhushal.meld.natural", "natural")


def test_lay_off_on_your_own_melds_only_and_rearrange_them() -> None:
    m = book_line(later="2H 7S")
    play(m, 1, "dig 9S 8S 10S", "meld 4H 5H 6H 7H", "discard 2D")
    play(m, 0, "draw stock", "meld 4C 5C 6C")
    refused(m, 0, "lay 8H on 2", "vazhushal.meld.own", "meld 2 is not yours")
    m.apply(0, "discard 3S")
    m.apply(1, "draw stock")
    refused(m, 1, "rearrange 2 into 4H 5H JK and 6H 7H AH", "vazhushal.meld.rearrange", "do not hold JK")
    refused(m, 1, "rearrange 2 into 4H 5H 6H", "vazhushal.meld.rearrange", "7H must stay on the table")
    refused(m, 1, "rearrange 1 2 into 8S 9S 10S 4H and 5H 6H 7H", "vazhushal.meld.sequence")
    refused(m, 1, "rearrange 3 into 4C 5C 6C", "vazhushal.meld.rearrange", "meld 3 is not yours")
    m.apply(1, "rearrange 2 into 4H 5H 6H and 7C 7H 7S")
    assert melds(m, 1) == [("9S", "8S", "10S"), ("4H", "5H", "6H"), ("7C", "7H", "7S")]


# --- going out and the count ---------------------------------------------------------------------------------
def test_going_out_melds_all_but_the_last_card_and_wins() -> None:
    hands = {0: "3S 4S 5S 6S 8D 10D JD 8H JH 2S 2H 9H 10H", 1: "4H 5H 6H 7H 2D 3D 4D 5D 9C 10C JC QC KC"}
    m = table(hands, draws="8C")
    m.apply(1, "draw stock")
    refused(m, 1, "meld 4H 5H 6H 7H and 2D 3D 4D 5D and 8C 9C 10C JC QC KC", "rummy.out.discard",
            "keep a card to discard")
    m.apply(1, "meld 4H 5H 6H 7H and 2D 3D 4D 5D and 9C 10C JC QC KC")
    m.apply(1, "discard 8C")
    assert m.over and m.result().winners == (1,) and m.sheet.rows[-1].points == (0, 1)
    assert "seat 1 went out and wins the game [vazhushal.out]" in m.sheet.rows[-1].notes


def drain(m: Match) -> None:
    """Each player in turn draws from the stock and throws the card out, until the stock is empty."""
    while seen(m).zone("stock").hidden:
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        drawn = next(e.pieces[0] for e in reversed(m.events(seat)) if e.pieces)
        m.apply(seat, f"discard {drawn}")


def test_when_the_stock_runs_out_everyone_melds_then_the_melds_are_counted() -> None:
    m = table({0: SEAT0, 1: "4H 5H 6H 7C 7H 7S 2C 3C QC KC 9H JK AD"})
    drain(m)
    assert seen(m).phase == "last melds" and set(m.to_act()) == {0, 1}
    assert not any(e.kind == "summary" for e in m.events(None))  # the hand's summary waits for the last melds
    refused(m, 1, "discard 2C", "vazhushal.turn", "meld from your hand")
    m.apply(1, "meld 4H 5H 6H and 7C 7H 7S and QC KC AD")
    m.apply(0, "meld 3S 4S 5S 6S and 4C 5C 6C")
    m.apply(0, "done")
    assert m.to_act() == (1,) and seen(m).fact("done") == [True, False]  # a flag on seat 0's plate
    m.apply(1, "done")
    # seat 1: 4-5-6 = 15, three 7s = 21, Q-K-A = 30 (AD stands as itself or as a wild ace) less 2C 3C 9H
    # and a joker (0): 66 - 14. Seat 0: 3-4-5-6 = 18 and 4-5-6 = 15, less 8 9 10 10 8 10.
    assert m.sheet.rows[-1].points == (33 - 55, 66 - 14)
    assert m.over and m.result().winners == (1,)


def test_a_joker_left_in_hand_counts_what_the_house_says() -> None:
    m = table({0: SEAT0, 1: "4H 5H 6H 7C 7H 7S 2C 3C QC KC 9H JK AD"}, hand_joker=25)
    drain(m)
    play(m, 1, "meld 4H 5H 6H", "done")
    play(m, 0, "done")
    assert m.sheet.rows[-1].points[1] == 15 - (21 + 5 + 20 + 9 + 25 + 10)


@pytest.mark.parametrize(("meld", "count"), [
    ("5H JK 7H", 18), ("JK QH KH", 30), ("9C 9D JK", 27), ("AH 2H 3H", 15), ("QH KH AH", 30), ("AD 2D 3D", 15),
    ("2C 3C AD", 15),
])
def test_a_wild_card_counts_as_the_card_it_stands_for(meld: str, count: int) -> None:
    assert meld_points(cards(meld), meld_rules(int(cards("AS")[0]))) == count
