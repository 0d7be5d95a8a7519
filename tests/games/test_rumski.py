"""Rumski: scripted rounds for every clause of rulebook 002 -- the deal, the draw (the stock, the
pile's top card or all of it), matched sets in a Community anyone may add to and rearrange once
they have introduced a set, one wild card a set, wild cards never kept from the pile or a set, the
discard that matches colour or number, the knock, RUMSKI and its points, the two-player rule in
both readings, the stock refreshed, the exhausted round and the game. Each round is dealt by
``gamenight.testing`` and played through the game's own moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gamenight.engine.match import Match
from gamenight.engine.view import FactKind, View, ZoneKind
from gamenight.games.rumski.rules import DECK_CARDS
from gamenight.testing import refusal, scenario

GAME = "rumski"

# Three players, seat 0 deals and seat 1 plays first; 5B is turned up.
SEAT1 = "5R 5Y 5G 8B 9B 10B 11P 12P 2G 3Y"
SEAT2 = "6R 7R 8R 4Y 10G 1P 2P 9G 13Y 13R"
SEAT0 = "1R 2R 3R 4P 6P 7G 8Y 3B 4B 13G"
WILDS = {1: "5R 7R W W 5Y 11P 12P 2G 3Y 13B", 2: "6R 9R 4Y 10G 1P 2P 9G 13Y 13R 13G",
         0: "1R 2R 3R 4P 6P 7G 3B 4B 1Y 8Y"}
"""Seat 1 holds two wild cards; seat 2 can meld three 13s and holds 6R."""


def table(hands: dict[int, str], up: str = "5B", draws: str = "", preset: str | None = None,
          moves: Sequence[tuple[int, str]] = (), scores: Sequence[float] | None = None, **options: Any) -> Match:
    """A first round dealt so (seat 0 deals), the stock drawn in the order ``draws`` lists, then
    played on by ``moves``."""
    named = [c for text in (*hands.values(), up, draws) for c in text.split()]
    rest = [str(c) for c in DECK_CARDS]
    for c in named:
        rest.remove(c)
    stock = [*rest, *reversed(draws.split())]  # the stock's top is its last card
    return scenario(GAME, players=len(hands), preset=preset, options=options or None, seed=7, dealer=0,
                    hands=hands, zones={"stock": " ".join(stock), "discard": up}, moves=moves, scores=scores)


def seen(match: Match, seat: int | None = None) -> View:
    view = match.view(seat)
    assert isinstance(view, View)
    return view


def sets(match: Match) -> list[tuple[str, ...]]:
    return [z.pieces for z in seen(match).zones if z.kind is ZoneKind.MELD]


def laid_by(match: Match, n: int) -> tuple[int, ...]:
    zone = [z for z in seen(match).zones if z.kind is ZoneKind.MELD][n - 1]
    assert zone.by is not None
    return zone.by


def pile(match: Match) -> tuple[str, ...]:
    return seen(match).pieces("discard")


def stock(match: Match) -> int:
    zone = seen(match).zone("stock")
    assert zone is not None
    return zone.hidden


def legal(match: Match, seat: int) -> set[str]:
    return {str(a) for a in match.legal_actions(seat)}


def refused(match: Match, seat: int, action: str, clause: str, why: str = "") -> None:
    err = refusal(match, seat, action)
    assert err.clause_id == clause, str(err)
    assert why in err.detail, err.detail


def texts(match: Match) -> list[str]:
    return [e.text.format(*(f"seat {s}" for s in e.seats)) for e in match.events(None)]


def community() -> Match:
    """Seat 1 takes the up-card and lays 5R 5Y 5G 5B and 8B 9B 10B; seat 2 adds 11B with a set of its own;
    seat 0 has drawn 9R."""
    return table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="11B 9R",
                 moves=[(1, "take discard"), (1, "meld 5R 5Y 5G 5B and 8B 9B 10B"), (1, "discard 3Y"),
                        (2, "draw stock"), (2, "meld 6R 7R 8R and 11B on 2"), (2, "discard 13Y"),
                        (0, "draw stock")])


# --- the deal and the draw ------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(2, 12), (3, 10), (6, 10)])
def test_twelve_cards_each_for_two_players_ten_for_more(players: int, each: int) -> None:
    m = scenario(GAME, players=players, seed=3)
    v = seen(m)
    held = [sum(z.hidden for z in v.zones if z.kind is ZoneKind.HAND and z.owner == s) for s in range(players)]
    assert held == [each] * players and len(pile(m)) == 1 and stock(m) == 70 - players * each - 1


def test_the_draw_is_the_stock_the_top_card_or_the_whole_pile() -> None:
    m = community()
    assert pile(m) == ("3Y", "13Y")
    m2 = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="11B 9R", moves=[
        (1, "take discard"), (1, "meld 5R 5Y 5G 5B and 8B 9B 10B"), (1, "discard 3Y"), (2, "draw stock"),
        (2, "meld 6R 7R 8R and 11B on 2"), (2, "discard 13Y")])
    assert {"draw stock", "take discard", "take pile"} <= legal(m2, 0)
    m2.apply(0, "take pile")
    assert pile(m2) == () and {"3Y", "13Y"} <= set(seen(m2, 0).hand)
    assert "seat 0 takes the whole discard pile (3Y 13Y)" in texts(m2)
    m2.apply(0, "meld 1R 2R 3R")
    m2.apply(0, "discard 13G")
    assert pile(m2) == ("13G",), "a player who took the whole pile begins a new one with any card"


# --- matched sets and the Community ----------------------------------------------------------------------
def test_sets_of_a_number_and_sequences_of_a_colour_with_one_wild_card_at_most() -> None:
    m = table(WILDS, draws="6G")
    m.apply(1, "draw stock")
    refused(m, 1, "meld 5R W W", "rumski.wild.one-a-set", "at most 1 wild card")
    refused(m, 1, "meld 11P 12P 2G", "rumski.sets", "neither a set")
    m.apply(1, "meld 5R W 7R")
    refused(m, 1, "discard W", "rummy.turn.no-wild-discard", "W is wild")
    m.apply(1, "discard 5Y")
    assert sets(m) == [("5R", "W", "7R")] and pile(m) == ("5B", "5Y")


def test_a_sequence_never_runs_on_from_13_to_1() -> None:
    m = table({0: SEAT0, 1: "12B 13B 1Y 5Y 5G 11P 12P 2G 3Y 9B", 2: SEAT2}, draws="1B 9R")
    m.apply(1, "draw stock")
    refused(m, 1, "meld 12B 13B 1B", "rumski.sets")


def test_adding_to_the_community_needs_a_set_of_your_own_first() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="11B", moves=[
        (1, "take discard"), (1, "meld 5R 5Y 5G 5B and 8B 9B 10B"), (1, "discard 3Y"), (2, "draw stock")])
    refused(m, 2, "lay 11B on 2", "rumski.introduce", "introduce a set of your own")
    m.apply(2, "meld 6R 7R 8R and 11B on 2")
    assert sets(m)[1] == ("8B", "9B", "10B", "11B") and laid_by(m, 2) == (1, 1, 1, 2)


def test_the_introduction_holds_for_the_round_unless_the_house_asks_one_each_turn() -> None:
    moves = [(1, "take discard"), (1, "meld 5R 5Y 5G 5B and 8B 9B 10B"), (1, "discard 3Y"), (2, "draw stock"),
             (2, "knock"), (0, "draw stock"), (0, "knock"), (1, "draw stock")]
    once = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="4G 9R 7B", moves=moves)
    once.apply(1, "lay 7B on 2")
    each = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="4G 9R 7B", moves=moves, preset="introduce_each_turn")
    refused(each, 1, "lay 7B on 2", "rumski.introduce.each-turn", "introduce a set of your own")


def test_rearranging_uses_every_card_and_leaves_only_legal_sets() -> None:
    m = community()
    refused(m, 0, "rearrange 1 into 5R 5Y 5G and 3B 4B 5B", "rumski.introduce")
    m.apply(0, "meld 1R 2R 3R")
    refused(m, 0, "rearrange 1 into 5R 5Y 5G", "rumski.rearrange", "5B must stay on the table")
    refused(m, 0, "rearrange 1 into 5R 5Y and 5G 5B 3B", "rumski.sets")
    refused(m, 0, "rearrange 9 into 5R 5Y 5G", "rumski.rearrange", "there is no set 9")
    assert "rearrange 1 into 5R 5Y 5G and 5B 3B 4B" in legal(m, 0)
    m.apply(0, "rearrange 1 into 5R 5Y 5G and 3B 4B 5B")
    assert sets(m) == [("5R", "5Y", "5G"), ("8B", "9B", "10B", "11B"), ("6R", "7R", "8R"), ("1R", "2R", "3R"),
                       ("3B", "4B", "5B")]
    assert laid_by(m, 5) == (0, 0, 1), "5B still counts as laid by seat 1"


# --- wild cards ----------------------------------------------------------------------------------------
def swapped() -> Match:
    return table(WILDS, draws="6G 4R", moves=[(1, "draw stock"), (1, "meld 5R W 7R"), (1, "discard 5Y"),
                                             (2, "draw stock"), (2, "meld 13Y 13R 13G")])


def test_a_wild_card_swapped_out_goes_straight_back_into_a_set() -> None:
    m = swapped()
    refused(m, 2, "swap 9R on 1", "rumski.wild.replace", "no wild card in set 1 stands for 9R")
    m.apply(2, "swap 6R on 1")
    assert sets(m)[0] == ("5R", "6R", "7R") and "W" in seen(m, 2).hand
    assert seen(m).fact("must_play") == ["W"]
    refused(m, 2, "discard 4Y", "rumski.wild.kept", "play W back into a set first")
    refused(m, 2, "knock", "rumski.wild.kept")
    refused(m, 2, "meld 9G 10G 4Y", "rumski.wild.kept")
    m.apply(2, "lay W on 2")
    assert sets(m)[1] == ("13Y", "13R", "13G", "W") and not seen(m).has_fact("must_play")
    m.apply(2, "knock")


def test_a_wild_card_turned_up_is_taken_only_to_be_played_at_once() -> None:
    stuck = table({0: SEAT0, 1: "1Y 3G 5P 7B 9R 11Y 12G 2B 4R 6Y", 2: SEAT2}, up="W")
    refused(stuck, 1, "take discard", "rumski.wild.kept", "no set to play it in")
    m = table(WILDS | {1: "5R 7R 8P 5Y 11P 12P 2G 3Y 13B 10B"}, up="W")
    m.apply(1, "take discard")
    refused(m, 1, "discard 5Y", "rumski.wild.kept")
    m.apply(1, "meld 5R W 7R")
    m.apply(1, "knock")


# --- ending a turn --------------------------------------------------------------------------------------
def test_a_discard_matches_the_top_card_in_colour_or_number() -> None:
    m = table({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="7B")
    m.apply(1, "draw stock")
    refused(m, 1, "discard 11P", "rumski.discard.match", "11P matches neither the colour (blue) nor the number (5)")
    assert {"discard 8B", "discard 5R", "knock"} <= legal(m, 1) and "discard 11P" not in legal(m, 1)
    m.apply(1, "discard 8B")
    m.apply(2, "draw stock")
    m.apply(2, "knock")
    assert m.to_act() == (0,) and pile(m) == ("5B", "8B") and "seat 2 knocks" in texts(m)


# --- RUMSKI ----------------------------------------------------------------------------------------------
OUT = {1: "1R 2R 3R 4R 5Y 5G 5B 9P 10P 11P", 2: "6R 7R 8R 4Y 10G 1P 2P 9G 13Y 13R",
       0: "1Y 2Y 3Y 4P 6P 7G 8Y 3B 4B W"}


def test_rumski_by_laying_every_card_scores_the_other_hands() -> None:
    m = table(OUT, up="12Y", draws="12P")
    m.apply(1, "draw stock")
    m.apply(1, "meld 1R 2R 3R 4R and 5Y 5G 5B and 9P 10P 11P 12P")
    row = m.sheet.rows[-1]
    # seat 2: 6 7 8 4 1 2 9 at 5, 10 13 13 at 10 = 65; seat 0: nine cards of 1-9 at 5 and a wild card at 25 = 70.
    assert row.points == (0, 135, 0)
    assert "RUMSKI! seat 1 goes out" in texts(m) and seen(m).phase == "show" and m.to_act() == (1,)
    assert seen(m).fact("last_round") == "seat 1 went out for 135"


def test_rumski_by_discarding_the_last_card() -> None:
    m = table(OUT, up="12Y", draws="10Y")
    m.apply(1, "draw stock")
    m.apply(1, "meld 1R 2R 3R 4R and 5Y 5G 5B and 9P 10P 11P")
    m.apply(1, "discard 10Y")
    assert m.sheet.rows[-1].points[1] == 135


def test_the_seats_say_who_has_introduced_a_set_in_short_flags_not_a_table() -> None:
    """A seat plate carries "Set introduced" once it is true; the scores stay on the score sheet."""
    hands = {1: "1R 2R 3R 4R 5Y 5G 5B 9P 10P 11P 12P 13P", 0: "1Y 2Y 3Y 4P 6P 7G 8Y 3B 4B 7R 8R 9R"}
    m = table(hands, up="12Y", draws="13Y", moves=[(1, "draw stock"), (1, "meld 1R 2R 3R 4R")])
    facts = seen(m).facts
    assert FactKind.TABLE not in {f.kind for f in facts}
    assert [(f.label, f.value) for f in facts if f.kind is FactKind.PER_SEAT][0] == ("Set introduced", [False, True])


def test_two_players_must_have_laid_to_the_community_in_a_prior_round() -> None:
    hands = {1: "1R 2R 3R 4R 5Y 5G 5B 9P 10P 11P 12P 13P", 0: "1Y 2Y 3Y 4P 6P 7G 8Y 3B 4B 7R 8R 9R"}
    m = table(hands, up="12Y", draws="13Y")
    m.apply(1, "draw stock")
    m.apply(1, "meld 1R 2R 3R 4R and 5Y 5G 5B and 9P 10P 11P 12P 13P")
    refused(m, 1, "discard 13Y", "rumski.out.two-players", "not laid to the Community in a prior round")
    assert seen(m).fact("not-out-yet") == [True, True]  # nobody has laid in a prior round
    turn = table(hands, up="12Y", draws="13Y 6G 5R", preset="prior_turn",
                 moves=[(1, "draw stock"), (1, "meld 1R 2R 3R 4R")])
    turn.apply(1, "meld 5Y 5G 5B and 9P 10P 11P 12P 13P")
    refused(turn, 1, "discard 13Y", "rumski.out.two-players-turn", "in an earlier turn")
    for seat, move in [(1, "knock"), (0, "draw stock"), (0, "knock"), (1, "draw stock")]:
        turn.apply(seat, move)
    turn.apply(1, "lay 5R on 1")
    turn.apply(1, "discard 13Y")
    assert turn.sheet.rows[-1].points[1] > 0


def test_the_first_to_the_target_wins() -> None:
    m = table(OUT, up="12Y", draws="12P", scores=[0, 200, 0])
    assert seen(m).fact("target") == 300, "100 points for each player"
    m.apply(1, "draw stock")
    m.apply(1, "meld 1R 2R 3R 4R and 5Y 5G 5B and 9P 10P 11P 12P")
    assert m.over and m.result().winners == (1,)


# --- the stock ---------------------------------------------------------------------------------------------
def drain(m: Match) -> None:
    """Each player in turn draws from the stock and knocks, until the stock is empty."""
    while stock(m):
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, "knock")


def test_the_pile_is_shuffled_into_a_new_stock_and_an_empty_table_ends_the_round() -> None:
    m = table({1: "1R 2R 3R 4R 5Y 5G 5B 9P 10P 11P 12P 13P", 0: "1Y 2Y 3Y 4P 6P 7G 8Y 3B 4B 7R 8R 9R"}, up="12Y")
    drain(m)
    seat = m.to_act()[0]
    assert {"draw stock", "take discard", "take pile"} <= legal(m, seat)
    m.apply(seat, "draw stock")
    assert "12Y" in seen(m, seat).hand and f"seat {seat} shuffles the discard pile into a new stock of 1" in texts(m)
    m.apply(seat, "knock")
    other = m.to_act()[0]
    assert seen(m).phase == "play", "nothing left to draw: the turn begins with the play"
    m.apply(other, "knock")
    m.apply(seat, "knock")
    assert m.sheet.rows[-1].points == (0, 0) and "no points" in m.sheet.rows[-1].notes[0]
    assert m.to_act() == (0,), "the same dealer deals again"


# --- bad input ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("action", "clause"), [
    ("take discard 2", "rumski.draw"), ("dig 5B", "rumski.draw"), ("knock", "rumski.draw"), ("meld", "rumski.draw"),
    ("take pile 5R 5Y", "rumski.draw"),
])
def test_malformed_or_foreign_moves_are_refused_and_change_nothing(action: str, clause: str) -> None:
    refused(table({0: SEAT0, 1: SEAT1, 2: SEAT2}), 1, action, clause)
