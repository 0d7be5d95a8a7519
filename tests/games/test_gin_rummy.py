"""Gin Rummy: scripted hands for every clause of rulebook 001's standard game and the Metzker
tournament options of rulebook 000 (13/12 deal, Double Gin, the run undercut, stock-out
scoring, three concurrent games with Gin circles). Each hand is dealt by ``gamenight.testing``
and played to the situation through the game's own moves."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.legality import narrow
from gamenight.engine.match import Match
from gamenight.engine.view import View, ZoneKind, view_data
from gamenight.games.gin_rummy.deadwood import DECK, dead_floor, going_out
from gamenight.games.gin_rummy.game import GinRummy, GinState
from gamenight.testing import next_deal, scenario

GAME = "gin_rummy"
Moves = list[tuple[int, str]]

# The knocker's usual melds: 2-3-4 of clubs, 5-6-7 of hearts, three nines.
MELDED9 = "2C 3C 4C 5H 6H 7H 9S 9D 9H"
SEAT0 = "AC 3C 5C 7C 9C JC KC 2D 4D 6D"
SEAT1 = "8D 10D QD AH 3H 5H 7H 9H JH KH"


def spare(*named: str) -> list[str]:
    """The cards of the deck that no text names, in deck order."""
    used = [c for text in named for c in text.split()]
    assert len(set(used)) == len(used), "a card is named twice"
    return [str(c) for c in DECK if str(c) not in used]


def deal(hands: dict[int, str], *, upcard: str | None = None, draws: str = "") -> dict[str, Any]:
    """A deal as ``scenario`` and ``next_deal`` take it: the hands, the up-card (by default the
    first card nobody is dealt; there is none in the 13/12 deal), and the stock, drawn in the
    order ``draws`` lists, the rest of the deck under it."""
    dealt = " ".join(hands.values())
    if upcard is None:
        upcard = spare(dealt, draws)[0] if len(dealt.split()) == 20 else ""
    stock = [*spare(dealt, upcard, draws), *reversed(draws.split())]  # the stock's top is its last card
    zones = {"stock": " ".join(stock)}
    if upcard:
        zones["discard"] = upcard
    return {"hands": hands, "zones": zones}


def table(hands: dict[int, str], *, upcard: str | None = None, draws: str = "", dealer: int = 0,
          preset: str = "standard", moves: Sequence[tuple[int, str]] = (), **options: Any) -> Match:
    """A match whose first hand is ``deal``t so, ``dealer`` dealing, then played on by ``moves``."""
    return scenario(GAME, preset=preset, options=options or None, seed=3, dealer=dealer, moves=moves,
                    **deal(hands, upcard=upcard, draws=draws))


def regular(hands: dict[int, str], *, pile: str = "", stock_top: str = "") -> tuple[dict[str, Any], Moves]:
    """A deal (seat 0 deals) and the moves to seat 1's draw in a turn after the first: both players
    pass the up-card, seat 1 draws the lower card of ``pile`` from the stock and throws it back,
    then seat 0 the top one (by default two cards nobody holds). ``stock_top`` is drawn next."""
    thrown = pile.split()
    thrown = spare(*hands.values(), pile, stock_top)[:2 - len(thrown)] + thrown
    moves = [(1, "pass"), (0, "pass"), (1, "draw stock"), (1, f"discard {thrown[0]}"), (0, "draw stock"),
             (0, f"discard {thrown[1]}")]
    return deal(hands, draws=" ".join([*thrown, stock_top])), moves


def regular_turn(hands: dict[int, str], *, pile: str = "", stock_top: str = "", preset: str = "standard",
                 **options: Any) -> Match:
    """A match at seat 1's draw in a regular turn of the first hand (see ``regular``)."""
    dealt, moves = regular(hands, pile=pile, stock_top=stock_top)
    return scenario(GAME, preset=preset, options=options or None, seed=3, dealer=0, moves=moves, **dealt)


def then(m: Match, dealt: dict[str, Any], moves: Sequence[tuple[int, str]] = ()) -> Match:
    """The next hand, dealt by whoever deals it now as ``dealt`` says, then played on by ``moves``."""
    m = next_deal(m, [(m.to_act()[0], "deal")], **dealt)
    for seat, action in moves:
        m.apply(seat, action)
    return m


def new(preset: str = "standard", **options: Any) -> Match:
    return gamenight.load(GAME, seed=3, preset=preset, options=options or None)


def play(match: Match, *actions: str) -> None:
    for a in actions:
        match.apply(match.to_act()[0], a)


def drain(match: Match, left: int) -> None:
    """Whoever is to draw draws from the stock and throws that card back, until ``left`` are left."""
    while stock(match) > left:
        seat = match.to_act()[0]
        match.apply(seat, "draw stock")
        match.apply(seat, f"discard {match.events(seat)[-1].pieces[0]}")


def seen(match: Match, seat: int | None = None) -> View:
    """What ``seat`` sees now, without the events (they depend on when the viewer last looked)."""
    view = match.view(seat)
    assert isinstance(view, View)
    return dataclasses.replace(view, events=())


def refused(match: Match, action: str, clause: str, seat: int | None = None) -> IllegalAction:
    before = [seen(match, s) for s in (0, 1, None)]
    who = match.to_act()[0] if seat is None else seat
    with pytest.raises(IllegalAction) as exc:
        match.apply(who, action)
    assert exc.value.clause_id == clause, str(exc.value)
    assert [seen(match, s) for s in (0, 1, None)] == before
    return exc.value


def held(view: View, seat: int) -> int:
    """How many cards ``seat`` holds, as ``view`` shows it (seen or as backs)."""
    return sum(len(z.pieces) + z.hidden for z in view.zones if z.kind is ZoneKind.HAND and z.owner == seat)


def stock(match: Match) -> int:
    zone = seen(match).zone("stock")
    assert zone is not None
    return zone.hidden


def pile(match: Match) -> tuple[str, ...]:
    return seen(match).pieces("discard")


def phase(match: Match) -> str:
    return seen(match).phase


def counts(match: Match) -> list[int]:
    """The counts of the laid-out hands, as the table shows them."""
    return list(seen(match).fact("counts"))


def melds_of(view: View, seat: int) -> list[tuple[str, ...]]:
    """``seat``'s laid-out melds, without the cards the other player laid off on them."""
    return [tuple(p for i, p in enumerate(z.pieces) if (z.by[i] if z.by else z.owner) == seat)
            for z in view.zones if z.kind is ZoneKind.MELD and z.owner == seat]


def laid_off(view: View) -> list[str]:
    """The cards laid off on the knocker's melds."""
    return [p for z in view.zones if z.kind is ZoneKind.MELD and z.by for i, p in enumerate(z.pieces)
            if z.by[i] != z.owner]


def games(match: Match) -> list[list[str]]:
    """The three games' table: game, Gin circles of seat 0 and of seat 1, and who won it."""
    return [list(row) for row in seen(match).fact("games")["rows"]]


def texts_of(match: Match, viewer: int | None) -> list[str]:
    """Every event so far, as ``viewer`` reads it, seats as "seat N"."""
    return [e.text.format(*(f"seat {s}" for s in e.seats)) for e in match.events(viewer)]


def notes(match: Match) -> str:
    return " ".join(n for r in match.sheet.rows for n in r.notes)


def hand_row(match: Match) -> tuple[Any, ...]:
    return tuple(next(r for r in reversed(match.sheet.rows) if r.label.startswith("hand")).points)


# --- the deal and the first turn --------------------------------------------------------------------

def test_standard_deal_ten_each_and_an_upcard() -> None:
    m = new()
    v = seen(m)
    assert held(v, 0) == held(v, 1) == 10
    assert len(v.pieces("discard")) == 1 and stock(m) == 31
    assert v.dealer is not None
    nd = 1 - v.dealer
    assert m.to_act() == (nd,) and v.phase == "upcard"
    assert {str(a) for a in m.legal_actions(nd)} == {"take discard", "pass"}


def test_first_turn_both_refuse_then_non_dealer_draws_from_stock() -> None:
    m = table({0: SEAT0, 1: SEAT1}, upcard="2S", draws="3S")
    refused(m, "draw stock", "gin_rummy.first.upcard")
    play(m, "pass")
    assert m.to_act() == (0,), "the dealer may take the up-card after the non-dealer declines"
    play(m, "pass")
    assert m.to_act() == (1,)
    assert [str(a) for a in m.legal_actions(1)] == ["draw stock"]
    refused(m, "take discard", "gin_rummy.first.upcard")
    play(m, "draw stock")
    assert "3S" in seen(m, 1).hand
    play(m, "discard 3S")
    assert m.to_act() == (0,) and phase(m) == "draw"
    assert {str(a) for a in m.legal_actions(0)} == {"draw stock", "take discard"}


def test_first_turn_non_dealer_takes_upcard_and_discards() -> None:
    m = table({0: SEAT0, 1: SEAT1}, upcard="2S")
    play(m, "take discard")
    assert len(seen(m, 1).hand) == 11 and not pile(m) and phase(m) == "discard"
    play(m, "discard KH")
    assert m.to_act() == (0,) and pile(m) == ("KH",)


def test_first_turn_dealer_takes_upcard_then_non_dealer_plays_normally() -> None:
    m = table({0: SEAT0, 1: SEAT1}, upcard="2S")
    play(m, "pass", "take discard")
    assert len(seen(m, 0).hand) == 11
    play(m, "discard KC")
    assert m.to_act() == (1,) and phase(m) == "draw"
    assert {str(a) for a in m.legal_actions(1)} == {"draw stock", "take discard"}


# --- a normal turn ------------------------------------------------------------------------------

def test_turn_is_draw_then_discard() -> None:
    m = regular_turn({0: SEAT0, 1: SEAT1}, pile="2S", stock_top="3S")
    refused(m, "discard KH", "rummy.turn.draw")
    play(m, "take discard")
    refused(m, "draw stock", "rummy.turn.discard")
    refused(m, "discard KC", "rummy.turn.discard")  # not in this hand
    refused(m, "discard 7", "rummy.turn.discard")  # a number, not a card
    play(m, "discard 2S")  # the book allows throwing back the card just taken
    assert pile(m)[-1] == "2S" and m.to_act() == (0,)


def test_house_option_may_not_discard_the_card_just_taken() -> None:
    m = regular_turn({0: SEAT0, 1: SEAT1}, pile="2S", may_discard_taken=False)
    play(m, "take discard")
    assert "discard 2S" not in {str(a) for a in m.legal_actions(1)}
    refused(m, "discard 2S", "gin_rummy.turn.discard-taken")


def test_stock_card_is_private_and_pile_is_public() -> None:
    m = regular_turn({0: SEAT0, 1: SEAT1}, pile="QS 2S", stock_top="3S 4S")
    upcard = pile(m)[0]
    play(m, "take discard", "discard KH")
    v0, spectator = seen(m, 0), seen(m)
    assert v0.pieces("discard") == (upcard, "QS", "KH") and v0.zone("discard").kind is ZoneKind.DISCARD
    taken = [z for z in spectator.zones if z.name == "taken" and z.owner == 1]
    assert taken[0].pieces == ("2S",), "a card taken from the face-up pile is known to both players"
    assert spectator.hand == () and held(v0, 0) == held(v0, 1) == 10
    assert "2S" in seen(m, 1).hand, "the owner's hand is both its zones"
    assert texts_of(m, 0)[-2:] == ["seat 1 takes 2S from the discard pile", "seat 1 discards KH"]
    play(m, "draw stock")
    v0, v1 = m.view(0), m.view(1)
    assert isinstance(v0, View) and isinstance(v1, View)
    assert v0.events[-1].text == "{0} draws 3S" and v0.events[-1].pieces == ("3S",) and "3S" in v0.hand
    assert v1.events[-1].text == "{0} draws from the stock" and v1.events[-1].pieces == ()
    assert "3S" not in json.dumps(view_data(v1)) and "3S" not in json.dumps(view_data(seen(m)))
    play(m, "discard 3S", "draw stock")
    assert m.events(1)[-1].pieces == ("4S",), "3S came off the stock and 4S lay under it"


def test_log_never_names_the_stock_card() -> None:
    m = new()
    play(m, "pass", "pass", "draw stock")
    drawer = m.to_act()[0]
    drawn = m.events(drawer)[-1].pieces[0]
    assert m.events(drawer)[-1].text == "{0} draws " + drawn
    for viewer in (0, 1, None):
        assert m.log_view(viewer)[-1] == f"{drawer}: draw stock"
        assert drawn not in " ".join(m.log_view(viewer))


# --- knocking -------------------------------------------------------------------------------------

OPP_76 = "QC QD JS 8C 2D 3S 6S 7D 10C KD"  # no melds, nothing to lay off on MELDED9: counts 76


def test_knock_limit_refused_citing_the_clause() -> None:
    m = regular_turn({0: OPP_76, 1: "2C 3C 4C 5C 5H 6H 7H 8H 4D 7S"}, stock_top="KS")
    play(m, "draw stock")  # best is discarding KS, leaving 4D + 7S = 11
    legal = {str(a) for a in m.legal_actions(1)}
    assert not any(a.startswith(("knock", "gin")) for a in legal)
    err = refused(m, "knock KS", "gin_rummy.knock.limit")
    assert "10" in err.rule and err.detail == "after discarding KS your unmatched cards count 11"
    assert refused(m, "knock 7S", "gin_rummy.knock.limit").detail == "after discarding 7S your unmatched cards count 14"
    assert refused(m, "gin KS", "gin_rummy.knock.gin").detail == "after discarding KS your unmatched cards count 11"


def test_knock_at_exactly_ten_is_allowed_and_knocker_scores_the_difference() -> None:
    m = regular_turn({0: OPP_76, 1: MELDED9 + " KS"}, stock_top="10H")
    play(m, "draw stock")
    assert "knock KS" in {str(a) for a in m.legal_actions(1)}
    assert "knock 10H" in {str(a) for a in m.legal_actions(1)}
    play(m, "knock KS")
    assert phase(m) == "show" and "seat 1 knocks with 10, discarding KS" in texts_of(m, None)
    assert counts(m) == [76, 10]
    assert hand_row(m) == (0, 66)
    assert "[gin_rummy.score.knock]" in notes(m)


def test_undercut_on_equal_counts_scores_difference_plus_ten() -> None:
    m = regular_turn({0: "JC QC KC 8D 8C 8S 2S 3S 4S AH", 1: MELDED9 + " KS"}, stock_top="AD")
    play(m, "draw stock", "knock KS")
    assert counts(m) == [1, 1]
    assert hand_row(m) == (10, 0)
    assert "[gin_rummy.score.undercut]" in notes(m)


def test_undercut_after_laying_off() -> None:
    m = regular_turn({0: "JC QC KC 8D 8C 8S 2S 3S 4S 5C", 1: MELDED9 + " KS"}, stock_top="5D")
    play(m, "draw stock", "knock KS")
    assert counts(m) == [0, 5] and laid_off(seen(m)) == ["5C"]
    assert hand_row(m) == (15, 0)


def test_gin_scores_bonus_plus_count_and_opponent_may_not_lay_off() -> None:
    m = regular_turn({0: "QC QD JS 8C 2D 3S 6S 7D 10C 8H", 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock")
    legal = {str(a) for a in m.legal_actions(1)}
    assert "gin KS" in legal and "knock KS" not in legal
    play(m, "gin KS")
    assert "seat 1 goes gin, discarding KS" in texts_of(m, None) and laid_off(seen(m)) == []
    assert counts(m) == [74, 0], "8H would fit 5-6-7 of hearts but may not be laid off on a gin"
    assert hand_row(m) == (0, 94)
    assert "[gin_rummy.score.gin]" in notes(m) and "[gin_rummy.layoff.gin]" in notes(m)


def test_knock_with_no_deadwood_is_a_gin() -> None:
    m = regular_turn({0: OPP_76, 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock", "knock KS")
    assert "seat 1 goes gin, discarding KS" in texts_of(m, None) and hand_row(m) == (0, 96)


def test_gin_can_never_be_undercut() -> None:
    m = regular_turn({0: "JC QC KC 8D 8C 8S 2S 3S 4S 5S", 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock", "gin KS")
    assert counts(m) == [0, 0]
    assert hand_row(m) == (0, 20)


def test_lay_off_a_chain_and_at_both_ends() -> None:
    m = regular_turn({0: "AC 5C 6C QD JS KD 2D 3S 7D 10C", 1: MELDED9 + " KS"}, stock_top="AD")
    play(m, "draw stock", "knock KS")
    assert set(laid_off(seen(m))) == {"AC", "5C", "6C"}, \
        "AC below 2-3-4, then 5C and 6C one after another above it"
    assert counts(m) == [52, 1]
    assert hand_row(m) == (0, 51)
    assert "[gin_rummy.layoff]" in notes(m)
    laid = next(n for n in m.sheet.rows[-1].notes if "laid off" in n)
    assert [(p.text, p.clause) for p in laid.parts] == [  # each rule after its own words
        ("seat 0 laid off AC 5C 6C on seat 1's sets", "gin_rummy.layoff"),
        ("; the knocker never lays off", "gin_rummy.layoff.knocker")]
    # both spread hands and the lay-offs are public now
    spread = ["AC", "5C", "6C", "QD", "JS", "KD", "2D", "3S", "7D", "10C"]
    spectator = seen(m)
    shown = [p for z in spectator.zones if z.name in ("meld", "hand") for i, p in enumerate(z.pieces)
             if (z.by[i] if z.by else z.owner) == 0]
    assert sorted(shown) == sorted(spread)
    assert seen(m, 0).zones == spectator.zones


def test_knocker_never_lays_off() -> None:
    m = regular_turn({0: "2D 3D 4D QC QD JS 8C 3S 6S 7D", 1: MELDED9 + " KS"}, stock_top="AD")
    play(m, "draw stock", "knock KS")
    assert counts(m) == [54, 1], "the knocker's AD stays deadwood although it fits 2-3-4 of diamonds"
    assert hand_row(m) == (0, 53)


def test_knocker_spread_is_the_least_deadwood_arrangement() -> None:
    # 4H 5H 6H 7H and 7C 7D: the seven goes to the set, leaving 4-5-6 of hearts as the run
    m = regular_turn({0: OPP_76.replace("7D", "9C"), 1: "4H 5H 6H 7H 7C 7D 2C 3C 4C KS"}, stock_top="AS")
    play(m, "draw stock", "knock KS")
    assert counts(m)[1] == 1


def test_knocker_shows_the_spread_that_lets_the_opponent_lay_off_least() -> None:
    # 3C 4C 5C 4D 4H: the run 3-4-5 of clubs or the three fours, 8 deadwood either way. The
    # opponent holds 2C and 6C (for the run) and 4S (for the fours): the knocker shows the fours.
    m = regular_turn({0: "2C 6C 4S QC QH JS 8C 7D 10C KD", 1: "3C 4C 5C 4D 4H 9S 9D 9H AS AD"},
                     stock_top="KS")
    play(m, "draw stock", "knock KS")
    assert counts(m) == [73, 10] and laid_off(seen(m)) == ["4S"]
    assert ("4C", "4D", "4H") in melds_of(seen(m), 1)
    assert hand_row(m) == (0, 63)


# --- end of the stock --------------------------------------------------------------------------

def test_two_cards_left_cancels_the_hand_and_same_dealer_deals() -> None:
    # seat 1 takes the up-card and throws it back, so that it is seat 1 who draws the fourth-last card
    m = table({0: SEAT0, 1: SEAT1}, upcard="2S", moves=[(1, "take discard"), (1, "discard 2S")])
    drain(m, 4)
    assert m.to_act() == (1,)
    play(m, "draw stock")
    play(m, f"discard {m.events(1)[-1].pieces[0]}")  # stock down to 3: play goes on
    assert phase(m) == "draw" and stock(m) == 3
    play(m, "take discard", "discard KC")  # taking from the pile leaves the stock alone
    assert phase(m) == "draw"
    play(m, "draw stock")
    assert stock(m) == 2 and phase(m) == "discard", "the player who took the third-last card may still knock"
    play(m, "discard 9H")
    assert phase(m) == "show" and "the hand is cancelled" in texts_of(m, None)[-1]
    assert m.sheet.rows[-1].points == (0, 0) and "[gin_rummy.stock.cancel]" in notes(m)
    assert m.to_act() == (0,), "the same dealer deals again"
    assert [str(a) for a in m.legal_actions(0)] == ["deal"]
    refused(m, "draw stock", "gin_rummy.deal.next")
    play(m, "deal")
    v = seen(m)
    assert v.dealer == 0 and v.hand_no == 2 and m.to_act() == (1,) and v.phase == "upcard"
    assert v.fact("hands_won") == [0, 0]


def test_dealer_alternates_after_a_scored_hand() -> None:
    m = regular_turn({0: OPP_76, 1: MELDED9 + " KS"}, stock_top="AD")
    assert seen(m).dealer == 0
    play(m, "draw stock", "knock KS")
    assert m.to_act() == (1,)
    play(m, "deal")
    assert seen(m).dealer == 1 and m.to_act() == (0,) and seen(m).hand_no == 2
    assert hand_row(m) == (0, 75)
    v = seen(m)
    assert not any(z.kind is ZoneKind.MELD for z in v.zones) and not v.has_fact("counts")


# --- the game --------------------------------------------------------------------------------------

UNMATCHED = {5: "AS AH 2D 2H", 10: "AS 2D 3H 5S", 15: "AS 2D 3H 10S", 20: "10S 6D 3D 2H", 30: "10S 10H 6D 5D"}
"""Unmatched cards counting ``points`` + 1 beside 8-8-8 and J-Q-K of clubs: nothing lays off on MELDED9."""


def won(winner: int, points: int, dealer: int) -> tuple[dict[str, Any], Moves]:
    """A hand that ``winner`` wins by ``points`` at once: they take the up-card AD and knock with 1."""
    loser = "JC QC KC 8D 8C 8S " + UNMATCHED[points]
    dealt = deal({winner: MELDED9 + " KS", 1 - winner: loser}, upcard="AD")
    first = [] if winner != dealer else [(1 - dealer, "pass")]
    return dealt, [*first, (winner, "take discard"), (winner, "knock KS")]


def after(earlier: Sequence[tuple[int, int]]) -> Match:
    """The first hands won as ``earlier`` lists them (winner, points), seat 1 dealing the first;
    then seat 1 to draw in a regular turn of a hand seat 0 deals, with MELDED9 and KS against OPP_76."""
    dealt, moves = won(*earlier[0], dealer=1)
    m = scenario(GAME, seed=3, dealer=1, moves=moves, **dealt)
    for n, (winner, points) in enumerate(earlier[1:]):
        m = then(m, *won(winner, points, dealer=n % 2))  # the deal alternates
    assert seen(m).dealer == 1, "seat 0 deals the last hand"
    return then(m, *regular({0: OPP_76, 1: MELDED9 + " KS"}, stock_top="AD"))


def test_game_bonus_and_line_bonus() -> None:
    m = after([(0, 15), (1, 10), (0, 15), (1, 10), (1, 5)])  # 30 and 25; seat 0 won two hands, seat 1 three
    assert m.sheet.totals == (30, 25) and seen(m).fact("hands_won") == [2, 3]
    play(m, "draw stock", "knock KS")
    assert m.over and m.to_act() == ()
    labels = [r.label for r in m.sheet.rows]
    assert labels[-2:] == ["game bonus", "line bonus"]
    assert m.sheet.rows[-2].points == (0, 100) and "[gin_rummy.game.bonus]" in notes(m)
    assert [(p.text, p.clause) for p in m.sheet.rows[-2].notes[0].parts] == [
        ("seat 1 reached 100", "gin_rummy.game.target"), (": game bonus 100", "gin_rummy.game.bonus")]
    assert m.sheet.rows[-1].points == (40, 80) and "[gin_rummy.game.line]" in notes(m)
    assert m.sheet.totals == (70, 25 + 75 + 100 + 80)
    assert m.result().winners == (1,)


def test_shutout_doubles_the_game_bonus() -> None:
    m = after([(1, 30)])
    assert m.sheet.totals == (0, 30) and seen(m).fact("hands_won") == [0, 1]
    play(m, "draw stock", "knock KS")
    assert m.sheet.rows[-2].points == (0, 200) and "[gin_rummy.game.shutout]" in notes(m)
    assert m.sheet.rows[-1].points == (0, 40)


def test_line_bonus_does_not_count_toward_the_hundred() -> None:
    m = after([(1, 20)])
    play(m, "draw stock", "knock KS")  # 40 in line bonuses to come, which would make 135, but only 95 points so far
    assert m.sheet.totals == (0, 95) and not m.over
    assert seen(m).fact("hands_won") == [0, 2]


def test_whole_random_game_ends_with_bonuses() -> None:
    m = gamenight.load(GAME, seed=12)
    rng = random.Random(12)
    from gamenight.bots import make_bot
    bot = make_bot(GAME)
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    labels = [r.label for r in m.sheet.rows]
    assert labels[-2:] == ["game bonus", "line bonus"]
    hand_points = [r.points for r in m.sheet.rows if r.label.startswith("hand")]
    assert max(sum(p[s] for p in hand_points) for s in (0, 1)) >= 100


# --- aces ----------------------------------------------------------------------------------------

def test_aces_are_low_only_in_the_standard_game() -> None:
    hands = {0: OPP_76, 1: "2C 3C 4C 5H 6H 7H 9S 9D QS KS"}
    m = regular_turn(hands, stock_top="AS")
    play(m, "draw stock")
    assert not any(a.verb == "knock" for a in m.legal_actions(1)), "Q-K-A is not a sequence"
    m2 = regular_turn(hands, stock_top="AS", aces="high-or-low")
    play(m2, "draw stock")
    assert "knock 9D" in {str(a) for a in m2.legal_actions(1)}


def test_aces_high_or_low_never_wrap() -> None:
    m = regular_turn({0: OPP_76, 1: "KS AS 2S 5H 6H 7H 9S 9D 9H 8D"}, stock_top="JD", aces="high-or-low")
    play(m, "draw stock")
    refused(m, "knock JD", "gin_rummy.knock.limit")  # K-A-2 is no run: 10 + 1 + 2 + 8 = 21


# --- Metzker tournament rules -----------------------------------------------------------------------

def test_metzker_deal_thirteen_twelve_no_upcard() -> None:
    m = new("metzker")
    v = seen(m)
    d = v.dealer
    assert d is not None
    assert held(v, 1 - d) == 13 and held(v, d) == 12
    assert v.pieces("discard") == () and stock(m) == 27
    assert m.to_act() == (1 - d,)
    assert all(a.verb in ("discard", "knock", "gin") for a in m.legal_actions(1 - d))
    refused(m, "draw stock", "gin_rummy.first.thirteen")
    refused(m, "take discard", "gin_rummy.first.thirteen")
    play(m, f"discard {seen(m, 1 - d).hand[0]}")
    assert m.to_act() == (d,)
    assert {str(a) for a in m.legal_actions(d)} == {"draw stock", "take discard"}


METZ_MELDS = "2C 3C 4C 5H 6H 7H 9S 9D 9H"
METZ_OPP = "QC JS 8C 2D 3S 6S 7D 10C 8H 4S AH KC"  # twelve cards, no melds, nothing to lay off: 79


def metzker(hands: dict[int, str], *, dealer: int = 0, moves: Sequence[tuple[int, str]] = ()) -> Match:
    """The 13/12 deal of the Metzker rules, ``dealer`` dealing: the other seat holds 13 cards and
    discards first."""
    return table(hands, dealer=dealer, preset="metzker", moves=moves)


def test_metzker_double_gin_first_turn() -> None:
    m = metzker({0: METZ_OPP, 1: METZ_MELDS + " JD QD KD 9C"})
    assert "gin" in {str(a) for a in m.legal_actions(1)}
    play(m, "gin")
    assert "seat 1 goes Double Gin" in texts_of(m, None) and laid_off(seen(m)) == []
    assert "2 Gins [gin_rummy.score.gins]" in notes(m)
    count = counts(m)[0]
    assert count == 79
    assert hand_row(m) == (0, 0, 0, count, 0, 0), "no gin bonus: the Gins are counted instead"
    # The running count of each side's Gins is kept in the state only; no view shows it.
    assert m.state.gins == [0, 2]  # type: ignore[attr-defined]
    assert [row[1:3] for row in games(m)] == [["0", "0"]] * 3, "no Gins the first time a side scores"
    assert "[gin_rummy.columns.gins]" in notes(m)


def test_double_gin_needs_every_card_matched() -> None:
    m = metzker({0: METZ_OPP, 1: METZ_MELDS + " JD QD KD 2S"})
    assert "gin" not in {str(a) for a in m.legal_actions(1)}
    assert "gin 2S" in {str(a) for a in m.legal_actions(1)}
    refused(m, "gin", "gin_rummy.knock.double-gin")


def test_double_gin_needs_the_option() -> None:
    m = regular_turn({0: OPP_76, 1: MELDED9 + " 9C"}, stock_top="5C")
    play(m, "draw stock")
    assert "gin" not in {str(a) for a in m.legal_actions(1)}
    refused(m, "gin", "gin_rummy.knock.gin")


def test_metzker_run_with_six_undercut_is_37() -> None:
    m = metzker({0: "JC QC KC 8D 8C 8S 10H JH QH AH AD 4D", 1: METZ_MELDS + " AS 2D 3S KS"})
    play(m, "knock KS")
    assert counts(m) == [6, 6]
    assert hand_row(m)[:3] == (37, 0, 0), "run with 6: 6 x 2 + 25 = 37"
    assert "[gin_rummy.score.undercut-double]" in notes(m)
    assert m.to_act() == (0,), "the side that scored deals the next hand"


def test_metzker_run_less_than_ten() -> None:
    m = metzker({0: "JC QC KC 8D 8C 8S 10H JH QH AH AD 4D", 1: METZ_MELDS + " AS 2D 7S KS"})
    refused(m, "knock KS", "gin_rummy.knock.limit")  # 1 + 2 + 7 = 10 is not less than 10
    assert "9" in m.spec.rules["gin_rummy.knock.limit"].render(m.options)


def test_metzker_run_scores_the_difference() -> None:
    m = metzker({0: "QC QD JS 8C 2D 4S 6S 7D 10C KD 10S 4D", 1: METZ_MELDS + " AS 2S 3D KH"})
    play(m, "knock KH")
    assert counts(m) == [91, 6]
    assert "[gin_rummy.score.gins]" not in notes(m) and "[gin_rummy.columns.gins]" not in notes(m), "no Gins"
    assert hand_row(m) == (0, 0, 0, 85, 0, 0)


def test_metzker_stock_out_lower_count_scores_the_difference() -> None:
    m = metzker({0: "JC QC KC 8D 8C 8S 10H JH QH AH AD 4D", 1: "2C 5D 7C 9D 3H 6S KS 2S 7S 9S 5H QS 2H"},
                moves=[(1, "discard 2H")])
    drain(m, 1)
    assert m.to_act() == (0,)
    play(m, "draw stock")
    play(m, f"discard {m.events(0)[-1].pieces[0]}")
    assert "The stock is down to 0 cards: both players lay down their cards" in texts_of(m, None)
    assert counts(m) == [6, 75]
    assert hand_row(m) == (69, 0, 0, 0, 0, 0) and "[gin_rummy.score.gins]" not in notes(m)
    assert [row[1:3] for row in games(m)] == [["0", "0"]] * 3
    assert "[gin_rummy.stock.difference]" in notes(m)
    v = seen(m, 1)
    assert v.fact("counts") == [6, 75] and any(z.kind is ZoneKind.MELD and z.owner == 0 for z in v.zones)


def seat1_gin_hand(seat1_deals: bool) -> tuple[dict[str, Any], Moves]:
    """A hand in which seat 1 goes gin with 2-3-4 of clubs, 5-6-7 of hearts, the nines and J-Q-K of
    diamonds, discarding 5S, and seat 0 counts 79. As dealer seat 1 draws 5S after seat 0's
    discard; otherwise it holds 5S as its thirteenth card and goes gin at once."""
    gin = METZ_MELDS + " JD QD KD"
    if seat1_deals:
        return deal({0: METZ_OPP + " QS", 1: gin}, draws="5S"), [(0, "discard QS"), (1, "draw stock"), (1, "gin 5S")]
    return deal({0: METZ_OPP, 1: gin + " 5S"}), [(1, "gin 5S")]


def seat1_gins(m: Match) -> Match:
    return then(m, *seat1_gin_hand(seat1_deals=m.to_act() == (1,)))


def test_metzker_three_game_columns_and_gin_circles() -> None:
    dealt, moves = seat1_gin_hand(seat1_deals=True)
    m = scenario(GAME, preset="metzker", seed=3, dealer=1, moves=moves, **dealt)  # first time: game 1 only, no Gins
    assert m.sheet.totals[3:] == (79, 0, 0) and [row[2] for row in games(m)] == ["0", "0", "0"]
    m = seat1_gins(m)  # second time: games 1 and 2; a Gin circle in game 1 only
    assert m.sheet.totals[3:] == (158, 79, 0) and [row[2] for row in games(m)] == ["1", "0", "0"]
    assert "seat 1's scoring hand no. 2: 79 in games 1, 2" in notes(m)
    # seat 0 scores once in game 1 (a knock: 6 - 1), then goes Double Gin for nothing, which puts two
    # Gin circles in game 1, where it has points
    m = then(m, deal({0: "2C 3C 4C 5C 5H 6H 7H 8H 9S 9D 9H AS KS", 1: "JC QC KC 6S 7S 8S 10S JS QS AD 2S 3D"}),
             [(0, "knock KS")])
    assert m.sheet.totals[:3] == (5, 0, 0)
    m = then(m, deal({0: "2C 3C 4C 5C 5H 6H 7H 8H 9S 9D 9H 9C", 1: "JC QC KC 6S 7S 8S 10S JS QS AD 2D 3D KH"},
                     draws="6C"), [(1, "discard KH"), (0, "draw stock"), (0, "gin")])
    assert "seat 0 goes Double Gin" in texts_of(m, None) and hand_row(m) == (0,) * 6
    assert [row[1] for row in games(m)] == ["2", "0", "0"], "seat 0 had two Gin circles in game 1"
    m = seat1_gins(m)  # third time: every game; game 1 is won at 237
    assert [row[3] for row in games(m)] == ["seat 1", "", ""]
    game1 = next(r for r in m.sheet.rows if r.label == "game 1 won by seat 1")
    assert "[gin_rummy.columns.won]" in " ".join(game1.notes)
    totals = m.sheet.totals
    assert totals[3] == 200 + 25 * 2, "200 plus 25 for each Gin in that game"
    assert totals[0] == 25 * 2, "the loser gets 25 per Gin and nothing for points"
    assert totals[4:] == (158, 79) and [row[2] for row in games(m)] == ["2", "1", "0"], \
        "Gins only where it had points"
    assert games(m)[0] == ["1", "2", "2", "seat 1"]  # Gin circles of seats 0 and 1, winner
    assert (m.sheet.totals[1], m.sheet.totals[4]) == (0, 158)
    m = seat1_gins(m)  # game 2 won (237)
    assert [row[3] for row in games(m)] == ["seat 1", "seat 1", ""] and not m.over
    m = seat1_gins(m)  # game 3: 79 * 3 = 237
    assert m.over and [row[3] for row in games(m)] == ["seat 1"] * 3
    assert m.result().winners == (1,)
    assert m.sheet.rows[-1].label == "final" and "[gin_rummy.columns.winner]" in m.sheet.rows[-1].notes[0]


def test_metzker_sample_score_sheet() -> None:
    """The book's sample score sheet: Guys score 5, 10, 15 and Girls 10, 15, 20; the first
    score goes in game 1 only, the second in games 1 and 2, the third in all three."""
    knocker = "2C 3C 4C 5C 5H 6H 7H 8H 9S 9D 9H AS KS"  # runs with 1 after discarding KS
    melded = "JC QC KC 6S 7S 8S 10S JS QS"
    deadwood = {5: "AD 2S 3D", 10: "AD 4S 6D", 15: "2D 4S 10D", 20: "AD 10D QH"}  # the score + 1

    def hand(seat: int, score: int) -> dict[str, Any]:
        """``seat`` holds the thirteen cards (the other seat deals) and knocks at once."""
        return deal({seat: knocker, 1 - seat: melded + " " + deadwood[score]})

    guys, girls = 0, 1
    scores = [(girls, 10), (guys, 5), (girls, 15), (guys, 10), (girls, 20), (guys, 15)]
    m = scenario(GAME, preset="metzker", seed=3, dealer=guys, **hand(*scores[0]))
    for n, (seat, score) in enumerate(scores):
        if n:
            m = then(m, hand(seat, score))  # the side that scored deals the next hand
        play(m, "knock KS")
        row = hand_row(m)
        assert max(row[seat * 3:seat * 3 + 3]) == score and laid_off(seen(m)) == []
    assert m.sheet.totals[guys * 3:guys * 3 + 3] == (5 + 10 + 15, 10 + 15, 15) == (30, 25, 15)
    assert m.sheet.totals[girls * 3:girls * 3 + 3] == (10 + 15 + 20, 15 + 20, 20) == (45, 35, 20)
    assert m.sheet.totals == (30, 25, 15, 45, 35, 20)
    assert [row[3] for row in games(m)] == ["", "", ""] and not m.over


def test_each_metzker_rule_is_its_own_option() -> None:
    spec = gamenight.get_game(GAME).spec
    assert set(spec.presets["metzker"]) >= {"deal", "aces", "knock_limit", "double_gin", "undercut_scoring",
                                            "undercut_bonus", "stock_end", "stock_out", "match_format"}
    # a house mixing: standard game, but the double-run undercut
    m = regular_turn({0: "JC QC KC 8D 8C 8S 2S 3S 4S AH", 1: MELDED9 + " KS"}, stock_top="AD",
                     undercut_scoring="double-run", undercut_bonus=25)
    play(m, "draw stock", "knock KS")
    assert hand_row(m) == (27, 0)


def test_going_out_helpers_agree_with_the_solver() -> None:

    from gamenight.families.melds import is_meld, min_deadwood
    from gamenight.games.gin_rummy.deadwood import MELD_RULES, VALUE, least_deadwood_spreads
    rng = random.Random(5)
    for _ in range(300):
        deck = list(DECK)
        rng.shuffle(deck)
        hand = deck[:11]
        for aces in ("low", "high-or-low"):
            rules = MELD_RULES[aces]
            assert dead_floor(sum(1 << c for c in hand), aces != "low") <= min_deadwood(hand, rules)
            _, outs = going_out(hand, aces, 10)
            expect = {c for i, c in enumerate(hand) if min_deadwood(hand[:i] + hand[i + 1:], rules) <= 10}
            assert {c for c, _ in outs} == expect
            ten = hand[:10]
            for spread in least_deadwood_spreads(ten, aces != "low", limit=4):
                melded = [c for m in spread for c in m]
                assert len(set(melded)) == len(melded) and all(is_meld(m, rules) for m in spread)
                assert sum(VALUE[c] for c in ten if c not in melded) == min_deadwood(ten, rules)


# --- events, refusals and the laid-out hands ----------------------------------------------------------

def test_knock_summary_names_melds_lay_offs_and_the_undercut() -> None:
    m = regular_turn({0: "JC QC KC 8D 8C 8S 2S 3S 4S 5C", 1: MELDED9 + " KS"}, stock_top="5D")
    play(m, "draw stock", "knock KS")
    told = texts_of(m, None)
    assert told[-4:] == [
        "seat 1 knocks with 5, discarding KS",
        "seat 1: melds 2C 3C 4C, 9D 9H 9S, 5H 6H 7H; unmatched 5D (count 5)",
        "seat 0: melds 8C 8D 8S, JC QC KC, 2S 3S 4S; lays off 5C on 2C 3C 4C; nothing unmatched (count 0)",
        "seat 0 undercuts seat 1 and scores 5 - 0 + 10 = 15",
    ]
    assert texts_of(m, 0)[-4:] == texts_of(m, 1)[-4:] == told[-4:], "the summary is the same for everyone"


def test_laid_out_hands_are_public_meld_zones_with_the_lay_offs_on_the_knockers_melds() -> None:
    m = regular_turn({0: "JC QC KC 8D 8C 8S 2S 3S 4S 5C", 1: MELDED9 + " KS"}, stock_top="5D")
    play(m, "draw stock", "knock KS")
    v = seen(m)
    mine = [z for z in v.zones if z.kind is ZoneKind.MELD and z.owner == 1]
    assert [z.pieces for z in mine] == [("2C", "3C", "4C", "5C"), ("9D", "9H", "9S"), ("5H", "6H", "7H")]
    assert mine[0].by == (1, 1, 1, 0), "5C was laid off by seat 0"
    theirs = [z.pieces for z in v.zones if z.kind is ZoneKind.MELD and z.owner == 0]
    assert theirs == [("8C", "8D", "8S"), ("JC", "QC", "KC"), ("2S", "3S", "4S")]
    unmatched = {z.owner: z.pieces for z in v.zones if z.name == "hand"}
    assert unmatched == {0: (), 1: ("5D",)}
    assert v.fact("counts") == [0, 5] and v.phase == "show"


def test_gin_event_and_no_lay_off() -> None:
    m = regular_turn({0: "QC QD JS 8C 2D 3S 6S 7D 10C 8H", 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock", "gin KS")
    told = texts_of(m, 0)
    assert "seat 1 goes gin, discarding KS" in told
    assert told[-1] == "seat 1 scores 94 for the gin"
    assert not any("lays off" in t for t in told)


def test_upcard_and_pile_events_are_public() -> None:
    m = table({0: SEAT0, 1: SEAT1}, upcard="2S")
    start = m.event_count
    play(m, "pass", "take discard", "discard KC")
    told = [e.text.format(*(f"seat {s}" for s in e.seats)) for e in m.events(1, start)]
    assert told == ["seat 1 passes the up-card", "seat 0 takes the up-card 2S from the discard pile",
                    "seat 0 discards KC"]


def test_refusals_say_why() -> None:
    m = regular_turn({0: SEAT0, 1: SEAT1}, pile="2S", may_discard_taken=False)
    assert refused(m, "discard KH", "rummy.turn.draw").detail.startswith("begin your turn by drawing")
    play(m, "take discard")
    assert refused(m, "discard 2S", "gin_rummy.turn.discard-taken").detail == \
        "you have just taken 2S from the discard pile"
    assert refused(m, "draw stock", "rummy.turn.discard").detail == "you have your card: now discard"
    assert "names one card from your hand" in refused(m, "discard 7", "rummy.turn.discard").detail
    m = metzker({0: METZ_OPP, 1: METZ_MELDS + " JD QD KD 2S"})
    assert refused(m, "draw stock", "gin_rummy.first.thirteen").detail == \
        "the first turn is a discard only: there is no draw"
    assert refused(m, "gin", "gin_rummy.knock.double-gin").detail == \
        "not all your cards match: your unmatched cards count 2"


def test_a_number_is_not_a_card() -> None:
    m = regular_turn({0: OPP_76, 1: "7C 3C 4C 5C 5H 6H 7H 8H 4D 7S"}, stock_top="KS")
    play(m, "draw stock")
    refused(m, "discard 7", "rummy.turn.discard")  # 7 is the number under 7C, which seat 1 holds


@pytest.mark.parametrize("options", [{}, {"may_discard_taken": False}, {"aces": "high-or-low"}, "metzker"])
def test_restrictions_list_exactly_the_legal_actions(options: dict[str, Any] | str) -> None:
    """The fast ``legal_actions`` and the cascade that refusals run allow the same moves."""
    for seed in range(12):
        if isinstance(options, str):
            m = gamenight.load(GAME, seed=seed, preset=options)
        else:
            m = gamenight.load(GAME, seed=seed, options=options or None)
        game: GinRummy = m.game  # type: ignore[assignment]
        rng = random.Random(seed)
        for _ in range(150):
            if m.over:
                break
            seat = m.to_act()[0]
            legal = m.legal_actions(seat)
            st: GinState = m.state  # type: ignore[assignment]  # the cascade is asked of the state as it is
            assert {str(a) for a in narrow(game.restrictions(st, seat))} == {str(a) for a in legal}
            for a in legal:
                m.check(seat, a)
            m.apply(seat, rng.choice(legal))
