"""Desert Rummy (rulebook 000): the eleven melds climbed one hand at a time, each laid down
exactly and alone in its turn, lay-offs on your own melds only, wild cards never more than tame
ones, swaps out of runs after melding with the wild card played at once, a discard to go out,
the score sheet of who melded, and the win at the 11th meld."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.core.cards import standard_deck
from gamenight.engine.match import Match
from gamenight.engine.view import FactKind
from gamenight.families import rummy
from gamenight.games.desert_rummy.cards import CONTRACTS
from gamenight.games.desert_rummy.rules import (
    KINDS,
    LONGER,
    MAKE_MELD,
    NO_EXTRA,
    OWN,
    SWAP,
    TAME,
)
from gamenight.testing import next_deal, refusal, scenario

GAME = "desert_rummy"
DECK = [str(c) for c in standard_deck(copies=2, jokers=2)]
SEAT1 = "3C 5D 7S 9H JC KD 4S 6H 8C 10D QS"
"""A hand that makes no meld early: seat 1 draws and throws back."""


def rest(*named: str) -> list[str]:
    """The cards of two decks with their jokers that no text names (each name takes one copy)."""
    left = Counter(DECK)
    for text in named:
        for c in text.split():
            assert left[c] > 0, f"{c} is named more often than two decks hold it"
            left[c] -= 1
    return [c for c in DECK if left[c] and not left.subtract([c])]  # type: ignore[func-returns-value]


def deal(hands: dict[int, str], top: str, draws: str) -> dict[str, Any]:
    """Two hands, the card turned up and the stock, drawn in the order ``draws`` lists."""
    stock = [*rest(*hands.values(), top, draws), *reversed(draws.split())]
    return {"hands": hands, "zones": {"stock": " ".join(stock), "discard": top}}


def table(seat0: str, *, seat1: str = SEAT1, top: str = "9S", draws: str = "", moves=(), scores=None,
          **options: Any) -> Match:
    """Two players, seat 1 dealing (seat 0 plays first), seat 0 dealt ``seat0``."""
    return scenario(GAME, players=2, dealer=1, seed=5, options=options or None, moves=moves, scores=scores,
                    **deal({0: seat0, 1: seat1}, top, draws))


def melds(m: Match) -> list[tuple[int | None, str, list[str]]]:
    """Every meld on the table as everyone sees it: owner, label, cards."""
    return [(z.owner, z.label, list(z.pieces)) for z in m.view(None).zones if z.name == "meld"]


def refused(m: Match, seat: int, action: str, clause: Any, why: str) -> None:
    e = refusal(m, seat, action)
    assert e.clause_id == clause.id, e
    assert why in e.detail, e.detail


def on_meld(m: Match) -> list[str]:
    """The meld each seat is on, in words (the seats show the number; each player sees their own spelled out)."""
    return [m.view(s).fact("my-meld") for s in range(m.players)]


# --- players, cards and the deal -----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "cards"), [(2, 108), (4, 108), (5, 108), (6, 162), (8, 162)])
def test_two_decks_with_jokers_up_to_five_three_beyond(players: int, cards: int) -> None:
    m = gamenight.load(GAME, players=players, seed=1)
    assert len(m.game.all_cards(m.state)) == cards
    assert [len(m.view(s).hand) for s in range(players)] == [11] * players
    assert len(m.view(None).pieces("discard")) == 1


def test_a_house_chooses_the_decks() -> None:
    m = gamenight.load(GAME, players=4, seed=1, options={"decks": 3})
    assert len(m.game.all_cards(m.state)) == 162


def test_everyone_starts_on_the_first_meld_and_the_player_left_of_the_dealer_draws() -> None:
    m = table("7H 7D 7S 9C 9D 9H 4C 6D 8S 10H QC")
    assert on_meld(m) == ["1: 2 sets of 3", "1: 2 sets of 3"]
    assert m.to_act() == (0,) and m.legal_actions(0) == [rummy.DRAW_STOCK, rummy.TAKE_DISCARD]


def test_the_seats_show_the_meld_number_and_whether_it_is_down_in_short_words() -> None:
    """A seat plate carries 'Meld 2' and 'Laid down', not the meld spelled out on every seat."""
    m = table("7H 7D 7S 9C 9D 9H 4C 6D 8S 10H QC", draws="KH", moves=[(0, "draw stock")])
    m.apply(0, "meld 7H 7D 7S and 9C 9D 9H")
    on_seats = [(f.label, f.value) for f in m.view(1).facts if f.kind is FactKind.PER_SEAT]
    assert on_seats == [("Meld", [1, 1]), ("Laid down", [True, False])]
    assert m.view(1).fact("my-meld") == "1: 2 sets of 3"


def test_the_eleven_melds_in_the_books_order() -> None:
    assert [str(c) for c in CONTRACTS] == [
        "2 sets of 3", "2 runs of 3", "1 run of 4 and 1 set of 3", "2 sets of 4", "1 run of 5 and 1 set of 3",
        "3 sets of 3", "1 run of 7", "2 runs of 4 in same suit", "1 run of 6 and 1 set of 3", "2 sets of 5",
        "1 run of 9"]


# --- making the meld ---------------------------------------------------------------------------------------
def test_the_meld_is_laid_down_whole_and_listed() -> None:
    m = table("7H 7D 7S 9C 9D 9H 4C 6D 8S 10H QC", draws="KH", moves=[(0, "draw stock")])
    assert "meld 7D 7H 7S and 9C 9D 9H" in map(str, m.legal_actions(0))
    m.apply(0, "meld 7H 7D 7S and 9C 9D 9H")
    assert [(o, cards) for o, _, cards in melds(m)] == [(0, ["7H", "7D", "7S"]), (0, ["9C", "9D", "9H"])]
    assert m.view(None).fact("down") == [True, False]
    assert any("lays down meld 1 (2 sets of 3)" in e.text for e in m.events(None))


def test_a_meld_that_is_not_the_one_you_are_on_is_refused() -> None:
    m = table("7H 7D 7S 9C 10C JC 4C 6D 8S 10H QC", draws="KH", moves=[(0, "draw stock")])
    refused(m, 0, "meld 7H 7D 7S and 9C 10C JC", MAKE_MELD, "the contract is 2 sets of 3")
    refused(m, 0, "meld 7H 7D 7S", MAKE_MELD, "2 melds, not 1")


def test_no_extra_cards_in_the_turn_you_meld() -> None:
    m = table("7H 7D 7S 7C 9C 9D 9H 4C 6D 8S QC", draws="KH", moves=[(0, "draw stock")])
    refused(m, 0, "meld 7H 7D 7S 7C and 9C 9D 9H", NO_EXTRA, "the contract is 2 sets of 3")
    m.apply(0, "meld 7H 7D 7S and 9C 9D 9H")
    refused(m, 0, "lay 7C on 1", NO_EXTRA, "nothing more goes down until your next turn")
    refused(m, 0, "meld 4C 6D 8S", NO_EXTRA, "nothing more goes down")
    assert {a.verb for a in m.legal_actions(0)} == {"discard"}


def test_the_longer_melds_reading_lets_a_set_of_four_answer_a_set_of_three() -> None:
    m = scenario(GAME, players=2, dealer=1, seed=5, preset="longer_melds",
                 moves=[(0, "draw stock")], **deal({0: "7H 7D 7S 7C 9C 9D 9H 4C 6D 8S QC", 1: SEAT1}, "9S", "KH"))
    m.apply(0, "meld 7H 7D 7S 7C and 9C 9D 9H")
    refused(m, 0, "lay 8S on 1", LONGER, "nothing more goes down")


def test_nothing_else_goes_down_before_your_meld() -> None:
    m = table("7H 7D 8S 9C 9D 9H 4C 6D 8S 10H QC", seat1="7C 7S 7H 3C 3D 3S 5C 6C 10S JS KS",
              draws="KH 2D", moves=[(0, "draw stock"), (0, "discard KH"), (1, "draw stock"),
                                   (1, "meld 7C 7S 7H and 3C 3D 2D"), (1, "discard KS"), (0, "draw stock")])
    refused(m, 0, "lay 7H on 1", MAKE_MELD, "make your meld first: you are on meld 1, 2 sets of 3")


# --- melds: tame and wild, sets and runs ------------------------------------------------------------------
def test_tame_cards_at_least_as_many_as_wild_ones() -> None:
    m = table("7H 2C JK 9C 9D 9H 4C 6D 8S 10H QC", draws="KH", moves=[(0, "draw stock")])
    refused(m, 0, "meld 7H 2C JK and 9C 9D 9H", TAME, "7H 2C JK has 2 wild and 1 natural")
    m2 = table("7H 7D 2C 9C 9D 9H 4C 6D 8S 10H QC", draws="KH", moves=[(0, "draw stock")])
    m2.apply(0, "meld 7H 7D 2C and 9C 9D 9H")


def test_runs_read_in_order_and_aces_are_high_or_low() -> None:
    m = table("AH JK 3H QS KS AS 4C 6D 8S 10H QC", scores=[1, 0], draws="KH", moves=[(0, "draw stock")])
    m.apply(0, "meld AH JK 3H and QS KS AS")
    assert [label for _, label, _ in melds(m)] == ["1: run AH–3H", "2: run QS–AS"]
    bad = table("KH AH 3H QS KS AS 4C 6D 8S 10H QC", scores=[1, 0], draws="KH", moves=[(0, "draw stock")])
    refused(bad, 0, "meld KH AH 3H and QS KS AS", KINDS, "neither a set")


def test_a_wild_card_stands_where_it_is_written() -> None:
    m = table("5H 6H JK 9C 10C JC 4C 6D 8S 10H QC", scores=[1, 0], draws="KH", moves=[(0, "draw stock")])
    m.apply(0, "meld JK 5H 6H and 9C 10C JC")
    assert melds(m)[0][1:] == ("1: run 4H–6H", ["JK", "5H", "6H"])


# --- after the meld ----------------------------------------------------------------------------------------
DOWN = "7H 7D 7S 9C 9D 9H 4C 5C 6C 8S QC"
"""Seat 0 lays two sets down in its first turn and discards QC."""


def after_meld(draws: str, seat1: str = SEAT1, **kw: Any) -> Match:
    """Seat 0 down with 7s (meld 1) and 9s (meld 2), seat 1 has thrown back what it drew, seat 0 has
    drawn again: the second card of ``draws``."""
    first, second = draws.split()
    return table(DOWN, seat1=seat1, draws=f"KH {first} {second}", moves=[
        (0, "draw stock"), (0, "meld 7H 7D 7S and 9C 9D 9H"), (0, "discard QC"),
        (1, "draw stock"), (1, f"discard {first}"), (0, "draw stock")], **kw)


def test_later_turns_add_cards_and_new_melds() -> None:
    m = after_meld("3D 7C")
    assert {"lay 7C on 1", "meld 4C 5C 6C 7C"} <= set(map(str, m.legal_actions(0)))
    m.apply(0, "lay 7C on 1")
    m.apply(0, "meld 4C 5C 6C")
    assert melds(m)[0][2] == ["7H", "7D", "7S", "7C"] and melds(m)[2][1] == "3: run 4C–6C"


def test_only_on_your_own_melds() -> None:
    seat1 = "3C 3D 3S 5S 5D 5H 8D 10S JD KS AD"
    m = table(DOWN, seat1=seat1, draws="KH 4D 3H QD", moves=[
        (0, "draw stock"), (0, "meld 7H 7D 7S and 9C 9D 9H"), (0, "discard QC"),
        (1, "draw stock"), (1, "meld 3C 3D 3S and 5S 5D 5H"), (1, "discard 4D"), (0, "draw stock")])
    refused(m, 0, "lay 3H on 3", OWN, "meld 3 is not yours to add to")


def test_a_lay_off_keeps_the_meld_whole() -> None:
    m = after_meld("3D 8H")
    refused(m, 0, "lay 8H on 1", KINDS, "cannot go on the set 7H 7D 7S")
    refused(m, 0, "lay 8H on 3", OWN, "there is no meld 3")


def test_cards_laid_on_a_run_go_where_they_fit_a_wild_card_on_top() -> None:
    m = table("5H 6H 7H 9C 10C JC 4H 3H JK 8S QC", scores=[1, 0], draws="KH 3D 2S", moves=[
        (0, "draw stock"), (0, "meld 5H 6H 7H and 9C 10C JC"), (0, "discard KH"), (1, "draw stock"),
        (1, "discard 3D"), (0, "draw stock")])
    m.apply(0, "lay 3H 4H on 1")
    m.apply(0, "lay JK on 1")
    m.apply(0, "lay 2S on 2")
    assert melds(m)[0][1:] == ("1: run 3H–8H", ["3H", "4H", "5H", "6H", "7H", "JK"])
    assert melds(m)[1][1:] == ("2: run 9C–QC", ["9C", "10C", "JC", "2S"])


OUT = [(0, "draw stock"), (0, "meld 7H 7D 7S and 9C 9D 9H"), (0, "discard KH"), (1, "draw stock"),
       (1, "discard 3D"), (0, "draw stock"), (0, "meld 4C 5C 6C"), (0, "discard QC"), (1, "draw stock"),
       (1, "discard 3S"), (0, "draw stock"), (0, "lay 7C on 1"), (0, "lay 9S on 2")]
"""Seat 0 melds in its first turn, lays down a run in its second and is left with 7C in its third."""


def going_out(moves=()) -> Match:
    return table("7H 7D 7S 9C 9D 9H 4C 5C 6C 7C QC", draws="KH 3D 9S 3S 7C", moves=[*OUT, *moves])


def test_you_must_have_a_discard_to_go_out() -> None:
    m = going_out()
    assert m.view(0).hand == ("7C",)
    refused(m, 0, "lay 7C on 1", rummy.GO_OUT_WITH_DISCARD, "keep a card to discard")
    m.apply(0, "discard 7C")
    assert m.view(None).phase == "show"


# --- swapping a natural card for a wild card in a run ------------------------------------------------------
RUNS = "5H JK 7H 9C 10C 2D 4S KD KS 8S QC"
"""Meld 2 (two runs of 3), with wild cards standing for 6H and JC."""


def swap_table(seat0_draw: str, seat1: str = SEAT1) -> Match:
    return table(RUNS, seat1=seat1, scores=[1, 0], draws=f"QH 3D {seat0_draw}", moves=[
        (0, "draw stock"), (0, "meld 5H JK 7H and 9C 10C 2D"), (0, "discard QH"),
        (1, "draw stock"), (1, "discard 3D"), (0, "draw stock")])


def test_a_natural_card_frees_the_wild_card_standing_for_it_in_a_run() -> None:
    m = swap_table("6H")
    assert "swap 6H on 1" in map(str, m.legal_actions(0))
    m.apply(0, "swap 6H on 1")
    assert melds(m)[0][2] == ["5H", "6H", "7H"]
    refused(m, 0, "discard 8S", SWAP, "use JK at once")
    refused(m, 0, "meld KD KS 4S", SWAP, "use JK at once")
    m.apply(0, "meld KD KS JK")


def test_only_the_card_the_wild_card_stands_for() -> None:
    m = swap_table("4H")
    refused(m, 0, "swap 4H on 1", SWAP, "no wild card in meld 1 stands for 4H")


def test_wild_cards_are_never_swapped_out_of_sets() -> None:
    m = table("7H 7D 2C 9C 9D 9H 4C 6D 8S 10H QC", draws="KH 3D 7C", moves=[
        (0, "draw stock"), (0, "meld 7H 7D 2C and 9C 9D 9H"), (0, "discard KH"),
        (1, "draw stock"), (1, "discard 3D"), (0, "draw stock")])
    refused(m, 0, "swap 7C on 1", SWAP, "meld 1 is a set: wild cards are swapped out of runs only")


def test_swaps_only_after_you_have_melded() -> None:
    seat1 = "3C 3D 3S 5S 5D 5H 6H 10S JD KS AD"
    m = table(RUNS, seat1=seat1, scores=[1, 0], draws="QH 3D", moves=[
        (0, "draw stock"), (0, "meld 5H JK 7H and 9C 10C 2D"), (0, "discard QH"), (1, "draw stock")])
    refused(m, 1, "swap 6H on 1", MAKE_MELD, "make your meld first")


def test_a_swap_needs_a_use_for_the_wild_card_at_once() -> None:
    seat1 = "5H JK 7H 9S 10S JS 3C 5D 4S 8C QD"
    m = table("7H 7D 2C 2D 9C 9D 2S 2H 4C 8S QC", seat1=seat1, scores=[3, 1], draws="KH 3D 6H", moves=[
        (0, "draw stock"), (0, "meld 7H 7D 2C 2D and 9C 9D 2S 2H"), (0, "discard KH"), (1, "draw stock"),
        (1, "meld 5H JK 7H and 9S 10S JS"), (1, "discard 3D"), (0, "draw stock")])
    # both of seat 0's sets hold as many wild cards as tame ones, and 4C 8S QC make nothing with a joker
    refused(m, 0, "swap 6H on 3", SWAP, "you could not use JK at once")
    assert not any(a.verb == "swap" for a in m.legal_actions(0))


# --- the end of a hand and the climb -----------------------------------------------------------------------
def test_going_out_scores_who_melded_and_the_others_replay() -> None:
    m = going_out([(0, "discard 7C")])
    row = m.sheet.rows[-1]
    assert row.points == (1, 0) and row.totals == (1, 0)
    assert any("replays meld 1" in n for n in row.notes)
    assert on_meld(m) == ["2: 2 runs of 3", "1: 2 sets of 3"]
    assert m.to_act() == (0,)  # the deal passes to the left: seat 0 deals the next hand
    m.apply(0, "deal")
    assert m.view(None).fact("down") == [False, False] and m.to_act() == (1,)


def test_the_first_to_lay_down_the_eleventh_meld_wins_at_once() -> None:
    m = table("5D 6D 7D 8D 9D JK 2C JD QD 3S KC", scores=[10, 4], draws="4S", moves=[(0, "draw stock")])
    assert on_meld(m)[0] == "11: 1 run of 9"
    m.apply(0, "meld 5D 6D 7D 8D 9D JK 2C QD JD") if False else m.apply(0, "meld 5D 6D 7D 8D 9D 2C JD QD JK")
    assert m.over and m.result().winners == (0,)
    assert m.sheet.totals == (11, 4)


def test_a_hand_scored_and_dealt_again_keeps_each_player_on_their_own_meld() -> None:
    m = next_deal(going_out(), [(0, "discard 7C"), (0, "deal")],
                  hands={0: "5S 6S 7S 9D 10D JD 3C 3H 8H KC KH", 1: "7H 7D 7S 9C 9D 9H 4C 6D 8S 10H QC"})
    m.apply(1, "draw stock")
    m.apply(1, "meld 7H 7D 7S and 9C 9D 9H")
    m.apply(1, next(a for a in m.legal_actions(1) if a.verb == "discard"))
    m.apply(0, "draw stock")
    m.apply(0, "meld 5S 6S 7S and 9D 10D JD")
    assert m.view(None).fact("down") == [True, True]


# --- the stock -----------------------------------------------------------------------------------------------
def test_when_the_stock_runs_out_the_discards_are_shuffled_into_a_new_one() -> None:
    m = table("7H 7D 8S 9C 10D 9H 4C 5C 6C 8S QC")
    while m.view(None).zone("stock").hidden:
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        drawn = m.events(seat)[-1].pieces[0]
        m.apply(seat, f"discard {drawn}")
    pile = len(m.view(None).pieces("discard"))
    seat = m.to_act()[0]
    m.apply(seat, "draw stock")
    assert m.view(None).zone("stock").hidden == pile - 2
    assert m.view(None).pieces("discard") and len(m.view(None).pieces("discard")) == 1
    said = m.events(None)[-2]  # before the draw: the new stock, its rule linked apart from the words
    assert said.text.endswith("shuffled into a new stock") and said.clause == "desert_rummy.turn.stock-out"
