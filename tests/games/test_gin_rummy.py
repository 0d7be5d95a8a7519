"""Gin Rummy: scripted hands for every clause of rulebook 001's standard game and the Metzker
tournament options of rulebook 000 (13/12 deal, Double Gin, the run undercut, stock-out
scoring, three concurrent games with Gin circles)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

import gamenight
from gamenight.core.cards import cards, cards_text
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.legality import narrow
from gamenight.engine.match import Match
from gamenight.engine.view import View, ZoneKind, view_data
from gamenight.games.gin_rummy.deadwood import DECK, dead_floor, going_out
from gamenight.games.gin_rummy.game import GinRummy, GinState, Phase

# The knocker's usual melds: 2-3-4 of clubs, 5-6-7 of hearts, three nines.
MELDED9 = "2C 3C 4C 5H 6H 7H 9S 9D 9H"
MELDS_BY = 1  # the non-dealer (seat 1) acts first when seat 0 deals


def rig(match: Match, hands: dict[int, str], *, pile: str = "", stock_top: str = "", dealer: int = 0,
        turn: int | None = None, phase: str = "draw", stock_size: int | None = None) -> GinState:
    """Put known cards in the hands, the discard pile (last = top) and on top of the stock
    (``stock_top`` is drawn left to right); the rest of the deck fills the stock."""
    st: GinState = match.state  # type: ignore[assignment]
    st.hands = [cards(hands[0]), cards(hands[1])]
    st.pile = cards(pile)
    top = cards(stock_top)
    used = {int(c) for c in st.hands[0] + st.hands[1] + st.pile + top}
    assert len(used) == len(st.hands[0]) + len(st.hands[1]) + len(st.pile) + len(top), "a card is used twice"
    rest = [c for c in DECK if int(c) not in used]
    if stock_size is not None:
        st.pile = [*rest[:len(rest) - (stock_size - len(top))], *st.pile]
        rest = rest[len(rest) - (stock_size - len(top)):]
    st.stock = rest + top[::-1]
    st.dealer = dealer
    st.turn = 1 - dealer if turn is None else turn
    st.phase = Phase(phase)
    st.known = [[], []]
    st.taken = None
    st.stock_only = False
    st.refusals = 0
    match._legal = None
    return st


def new(preset: str = "standard", **options: Any) -> Match:
    return gamenight.load("gin_rummy", seed=3, preset=preset, options=options or None)


def play(match: Match, *actions: str) -> None:
    for a in actions:
        match.apply(match.to_act()[0], a)


def seen(match: Match, seat: int | None = None) -> View:
    """What ``seat`` sees now, without the events (they depend on when the viewer last looked)."""
    view = match.view(seat)
    assert isinstance(view, View)
    return dataclasses.replace(view, events=())


def refused(match: Match, action: str, clause: str, seat: int | None = None) -> IllegalAction:
    before = seen(match), [list(h) for h in match.state.hands]  # type: ignore[attr-defined]
    who = match.to_act()[0] if seat is None else seat
    with pytest.raises(IllegalAction) as exc:
        match.apply(who, action)
    assert exc.value.clause_id == clause, str(exc.value)
    assert (seen(match), [list(h) for h in match.state.hands]) == before  # type: ignore[attr-defined]
    return exc.value


def held(view: View, seat: int) -> int:
    """How many cards ``seat`` holds, as ``view`` shows it (seen or as backs)."""
    return sum(len(z.pieces) + z.hidden for z in view.zones if z.kind is ZoneKind.HAND and z.owner == seat)


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
    st = m.state
    assert [len(h) for h in st.hands] == [10, 10]  # type: ignore[attr-defined]
    assert len(st.pile) == 1 and len(st.stock) == 31  # type: ignore[attr-defined]
    nd = 1 - st.dealer
    assert m.to_act() == (nd,) and st.phase == "upcard"  # type: ignore[attr-defined]
    assert {str(a) for a in m.legal_actions(nd)} == {"take discard", "pass"}


def test_first_turn_both_refuse_then_non_dealer_draws_from_stock() -> None:
    m = new()
    st = rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S",
             stock_top="3S", phase="upcard")
    refused(m, "draw stock", "gin_rummy.first.upcard")
    play(m, "pass")
    assert m.to_act() == (0,), "the dealer may take the up-card after the non-dealer declines"
    play(m, "pass")
    assert m.to_act() == (1,)
    assert [str(a) for a in m.legal_actions(1)] == ["draw stock"]
    refused(m, "take discard", "gin_rummy.first.upcard")
    play(m, "draw stock")
    assert cards("3S")[0] in st.hands[1]
    play(m, "discard 3S")
    assert m.to_act() == (0,) and st.phase == "draw"
    assert {str(a) for a in m.legal_actions(0)} == {"draw stock", "take discard"}


def test_first_turn_non_dealer_takes_upcard_and_discards() -> None:
    m = new()
    st = rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S",
             phase="upcard")
    play(m, "take discard")
    assert len(st.hands[1]) == 11 and not st.pile and st.phase == "discard"
    play(m, "discard KH")
    assert m.to_act() == (0,) and [str(c) for c in st.pile] == ["KH"]


def test_first_turn_dealer_takes_upcard_then_non_dealer_plays_normally() -> None:
    m = new()
    st = rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S",
             phase="upcard")
    play(m, "pass", "take discard")
    assert len(st.hands[0]) == 11
    play(m, "discard KC")
    assert m.to_act() == (1,) and st.phase == "draw"
    assert {str(a) for a in m.legal_actions(1)} == {"draw stock", "take discard"}


# --- a normal turn ------------------------------------------------------------------------------

def test_turn_is_draw_then_discard() -> None:
    m = new()
    st = rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S",
             stock_top="3S")
    refused(m, "discard KH", "gin_rummy.turn.draw")
    play(m, "take discard")
    refused(m, "draw stock", "gin_rummy.turn.discard")
    refused(m, "discard KC", "gin_rummy.turn.discard")  # not in this hand
    refused(m, "discard 7", "gin_rummy.turn.discard")  # a number, not a card
    play(m, "discard 2S")  # the book allows throwing back the card just taken
    assert st.pile[-1] == cards("2S")[0] and m.to_act() == (0,)


def test_house_option_may_not_discard_the_card_just_taken() -> None:
    m = new(may_discard_taken=False)
    rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S")
    play(m, "take discard")
    assert "discard 2S" not in {str(a) for a in m.legal_actions(1)}
    refused(m, "discard 2S", "gin_rummy.turn.discard-taken")


def test_stock_card_is_private_and_pile_is_public() -> None:
    m = new()
    st = rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="QS 2S",
             stock_top="3S 4S")
    play(m, "take discard", "discard KH")
    v0, spectator = seen(m, 0), seen(m)
    assert v0.pieces("discard") == ("QS", "KH") and v0.zone("discard").kind is ZoneKind.DISCARD
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
    assert st.stock[-1] == cards("4S")[0]


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
    m = new()
    rig(m, {0: OPP_76, 1: "2C 3C 4C 5C 5H 6H 7H 8H 4D 7S"}, stock_top="KS")
    play(m, "draw stock")  # best is discarding KS, leaving 4D + 7S = 11
    legal = {str(a) for a in m.legal_actions(1)}
    assert not any(a.startswith(("knock", "gin")) for a in legal)
    err = refused(m, "knock KS", "gin_rummy.knock.limit")
    assert "10" in err.rule and err.detail == "after discarding KS your unmatched cards count 11"
    assert refused(m, "knock 7S", "gin_rummy.knock.limit").detail == "after discarding 7S your unmatched cards count 14"
    assert refused(m, "gin KS", "gin_rummy.knock.gin").detail == "after discarding KS your unmatched cards count 11"


def test_knock_at_exactly_ten_is_allowed_and_knocker_scores_the_difference() -> None:
    m = new()
    st = rig(m, {0: OPP_76, 1: MELDED9 + " KS"}, stock_top="10H")
    play(m, "draw stock")
    assert "knock KS" in {str(a) for a in m.legal_actions(1)}
    assert "knock 10H" in {str(a) for a in m.legal_actions(1)}
    play(m, "knock KS")
    assert st.phase == "show" and st.outcome.kind == "knock"
    assert st.outcome.counts == (76, 10)
    assert hand_row(m) == (0, 66)
    assert "[gin_rummy.score.knock]" in notes(m)


def test_undercut_on_equal_counts_scores_difference_plus_ten() -> None:
    m = new()
    rig(m, {0: "JC QC KC 8D 8C 8S 2S 3S 4S AH", 1: MELDED9 + " KS"}, stock_top="AD")
    play(m, "draw stock", "knock KS")
    assert m.state.outcome.counts == (1, 1)  # type: ignore[attr-defined]
    assert hand_row(m) == (10, 0)
    assert "[gin_rummy.score.undercut]" in notes(m)


def test_undercut_after_laying_off() -> None:
    m = new()
    rig(m, {0: "JC QC KC 8D 8C 8S 2S 3S 4S 5C", 1: MELDED9 + " KS"}, stock_top="5D")
    play(m, "draw stock", "knock KS")
    out = m.state.outcome  # type: ignore[attr-defined]
    assert out.counts == (0, 5) and out.layoffs[0].cards == tuple(cards("5C"))
    assert hand_row(m) == (15, 0)


def test_gin_scores_bonus_plus_count_and_opponent_may_not_lay_off() -> None:
    m = new()
    st = rig(m, {0: "QC QD JS 8C 2D 3S 6S 7D 10C 8H", 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock")
    legal = {str(a) for a in m.legal_actions(1)}
    assert "gin KS" in legal and "knock KS" not in legal
    play(m, "gin KS")
    out = st.outcome
    assert out.kind == "gin" and out.layoffs == ()
    assert out.counts == (74, 0), "8H would fit 5-6-7 of hearts but may not be laid off on a gin"
    assert hand_row(m) == (0, 94)
    assert "[gin_rummy.score.gin]" in notes(m) and "[gin_rummy.layoff.gin]" in notes(m)


def test_knock_with_no_deadwood_is_a_gin() -> None:
    m = new()
    st = rig(m, {0: OPP_76, 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock", "knock KS")
    assert st.outcome.kind == "gin" and hand_row(m) == (0, 96)


def test_gin_can_never_be_undercut() -> None:
    m = new()
    st = rig(m, {0: "JC QC KC 8D 8C 8S 2S 3S 4S 5S", 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock", "gin KS")
    assert st.outcome.counts == (0, 0)
    assert hand_row(m) == (0, 20)


def test_lay_off_a_chain_and_at_both_ends() -> None:
    m = new()
    st = rig(m, {0: "AC 5C 6C QD JS KD 2D 3S 7D 10C", 1: MELDED9 + " KS"}, stock_top="AD")
    play(m, "draw stock", "knock KS")
    out = st.outcome
    laid = {str(c) for lay in out.layoffs for c in lay.cards}
    assert laid == {"AC", "5C", "6C"}, "AC below 2-3-4, then 5C and 6C one after another above it"
    assert out.counts == (52, 1)
    assert hand_row(m) == (0, 51)
    assert "[gin_rummy.layoff]" in notes(m)
    # both spread hands and the lay-offs are public now
    spread = ["AC", "5C", "6C", "QD", "JS", "KD", "2D", "3S", "7D", "10C"]
    spectator = seen(m)
    shown = [p for z in spectator.zones if z.name in ("meld", "hand") for i, p in enumerate(z.pieces)
             if (z.by[i] if z.by else z.owner) == 0]
    assert sorted(shown) == sorted(spread)
    assert seen(m, 0).zones == spectator.zones


def test_knocker_never_lays_off() -> None:
    m = new()
    st = rig(m, {0: "2D 3D 4D QC QD JS 8C 3S 6S 7D", 1: MELDED9 + " KS"}, stock_top="AD")
    play(m, "draw stock", "knock KS")
    assert st.outcome.counts == (54, 1), "the knocker's AD stays deadwood although it fits 2-3-4 of diamonds"
    assert hand_row(m) == (0, 53)


def test_knocker_spread_is_the_least_deadwood_arrangement() -> None:
    m = new()
    # 4H 5H 6H 7H and 7C 7D: the seven goes to the set, leaving 4-5-6 of hearts as the run
    st = rig(m, {0: OPP_76.replace("7D", "9C"), 1: "4H 5H 6H 7H 7C 7D 2C 3C 4C KS"}, stock_top="AS")
    play(m, "draw stock", "knock KS")
    assert st.outcome.counts[1] == 1


def test_knocker_shows_the_spread_that_lets_the_opponent_lay_off_least() -> None:
    m = new()
    # 3C 4C 5C 4D 4H: the run 3-4-5 of clubs or the three fours, 8 deadwood either way. The
    # opponent holds 2C and 6C (for the run) and 4S (for the fours): the knocker shows the fours.
    st = rig(m, {0: "2C 6C 4S QC QH JS 8C 7D 10C KD", 1: "3C 4C 5C 4D 4H 9S 9D 9H AS AD"}, stock_top="KS")
    play(m, "draw stock", "knock KS")
    out = st.outcome
    assert out.counts == (73, 10) and [cards_text(lay.cards) for lay in out.layoffs] == ["4S"]
    assert tuple(cards("4C 4D 4H")) in out.spreads[1].melds
    assert hand_row(m) == (0, 63)


# --- end of the stock --------------------------------------------------------------------------

def test_two_cards_left_cancels_the_hand_and_same_dealer_deals() -> None:
    m = new()
    st = rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S",
             stock_top="3S", stock_size=4)
    play(m, "draw stock", "discard 3S")  # stock down to 3: play goes on
    assert st.phase == "draw" and len(st.stock) == 3
    play(m, "take discard", "discard KC")  # taking from the pile leaves the stock alone
    assert st.phase == "draw"
    play(m, "draw stock")
    assert len(st.stock) == 2 and st.phase == "discard", "the player who took the third-last card may still knock"
    play(m, "discard 9H")
    assert st.phase == "show" and st.outcome.kind == "cancelled"
    assert m.sheet.rows[-1].points == (0, 0) and "[gin_rummy.stock.cancel]" in notes(m)
    assert m.to_act() == (0,), "the same dealer deals again"
    assert [str(a) for a in m.legal_actions(0)] == ["deal"]
    refused(m, "draw stock", "gin_rummy.deal.next")
    play(m, "deal")
    assert st.dealer == 0 and st.hand_no == 2 and m.to_act() == (1,) and st.phase == "upcard"
    assert st.hands_won == [0, 0]


def test_dealer_alternates_after_a_scored_hand() -> None:
    m = new()
    st = rig(m, {0: OPP_76, 1: MELDED9 + " KS"}, stock_top="AD", dealer=0)
    play(m, "draw stock", "knock KS")
    assert m.to_act() == (1,)
    play(m, "deal")
    assert st.dealer == 1 and m.to_act() == (0,) and st.hand_no == 2
    assert hand_row(m) == (0, 75)
    v = seen(m)
    assert not any(z.kind is ZoneKind.MELD for z in v.zones) and not v.has_fact("counts")


# --- the game --------------------------------------------------------------------------------------

def test_game_bonus_and_line_bonus() -> None:
    m = new()
    st = rig(m, {0: OPP_76, 1: MELDED9 + " KS"}, stock_top="AD")
    m.sheet.add("earlier hands", [30, 25], 0)
    st.hands_won = [2, 3]
    play(m, "draw stock", "knock KS")
    assert m.over and m.to_act() == ()
    labels = [r.label for r in m.sheet.rows]
    assert labels[-2:] == ["game bonus", "line bonus"]
    assert m.sheet.rows[-2].points == (0, 100) and "[gin_rummy.game.bonus]" in notes(m)
    assert m.sheet.rows[-1].points == (40, 80) and "[gin_rummy.game.line]" in notes(m)
    assert m.sheet.totals == (70, 25 + 75 + 100 + 80)
    assert m.result().winners == (1,)


def test_shutout_doubles_the_game_bonus() -> None:
    m = new()
    st = rig(m, {0: OPP_76, 1: MELDED9 + " KS"}, stock_top="AD")
    m.sheet.add("earlier hands", [0, 30], 0)
    st.hands_won = [0, 1]
    play(m, "draw stock", "knock KS")
    assert m.sheet.rows[-2].points == (0, 200) and "[gin_rummy.game.shutout]" in notes(m)
    assert m.sheet.rows[-1].points == (0, 40)


def test_line_bonus_does_not_count_toward_the_hundred() -> None:
    m = new()
    st = rig(m, {0: OPP_76, 1: MELDED9 + " KS"}, stock_top="AD")
    m.sheet.add("earlier hands", [0, 20], 0)
    st.hands_won = [0, 10]  # 200 in line bonuses to come, but only 95 points so far
    play(m, "draw stock", "knock KS")
    assert m.sheet.totals == (0, 95) and not m.over
    assert st.hands_won == [0, 11]


def test_whole_random_game_ends_with_bonuses() -> None:
    m = gamenight.load("gin_rummy", seed=12)
    rng = random.Random(12)
    from gamenight.bots import make_bot
    bot = make_bot("gin_rummy")
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
    labels = [r.label for r in m.sheet.rows]
    assert labels[-2:] == ["game bonus", "line bonus"]
    hand_points = [r.points for r in m.sheet.rows if r.label.startswith("hand")]
    assert max(sum(p[s] for p in hand_points) for s in (0, 1)) >= 100


# --- aces ----------------------------------------------------------------------------------------

def test_aces_are_low_only_in_the_standard_game() -> None:
    m = new()
    rig(m, {0: OPP_76, 1: "2C 3C 4C 5H 6H 7H 9S 9D QS KS"}, stock_top="AS")
    play(m, "draw stock")
    assert not any(a.verb == "knock" for a in m.legal_actions(1)), "Q-K-A is not a sequence"
    m2 = new(aces="high-or-low")
    rig(m2, {0: OPP_76, 1: "2C 3C 4C 5H 6H 7H 9S 9D QS KS"}, stock_top="AS")
    play(m2, "draw stock")
    assert "knock 9D" in {str(a) for a in m2.legal_actions(1)}


def test_aces_high_or_low_never_wrap() -> None:
    m = new(aces="high-or-low")
    rig(m, {0: OPP_76, 1: "KS AS 2S 5H 6H 7H 9S 9D 9H 8D"}, stock_top="JD")
    play(m, "draw stock")
    refused(m, "knock JD", "gin_rummy.knock.limit")  # K-A-2 is no run: 10 + 1 + 2 + 8 = 21


# --- Metzker tournament rules -----------------------------------------------------------------------

def test_metzker_deal_thirteen_twelve_no_upcard() -> None:
    m = new("metzker")
    st = m.state
    d = st.dealer  # type: ignore[attr-defined]
    assert len(st.hands[1 - d]) == 13 and len(st.hands[d]) == 12  # type: ignore[attr-defined]
    assert st.pile == [] and len(st.stock) == 27  # type: ignore[attr-defined]
    assert m.to_act() == (1 - d,)
    assert all(a.verb in ("discard", "knock", "gin") for a in m.legal_actions(1 - d))
    refused(m, "draw stock", "gin_rummy.first.thirteen")
    refused(m, "take discard", "gin_rummy.first.thirteen")
    play(m, f"discard {seen(m, 1 - d).hand[0]}")
    assert m.to_act() == (d,)
    assert {str(a) for a in m.legal_actions(d)} == {"draw stock", "take discard"}


METZ_MELDS = "2C 3C 4C 5H 6H 7H 9S 9D 9H"
METZ_OPP = "QC JS 8C 2D 3S 6S 7D 10C 8H 4S AH KC"  # twelve cards, no melds, nothing to lay off: 79


def test_metzker_double_gin_first_turn() -> None:
    m = new("metzker")
    st = rig(m, {0: METZ_OPP, 1: METZ_MELDS + " JD QD KD 9C"}, phase="discard")
    assert "gin" in {str(a) for a in m.legal_actions(1)}
    play(m, "gin")
    out = st.outcome
    assert out.kind == "double-gin" and out.gins == (0, 2) and out.layoffs == ()
    count = out.counts[0]
    assert count == 79
    assert hand_row(m) == (0, 0, 0, count, 0, 0), "no gin bonus: the Gins are counted instead"
    assert "[gin_rummy.score.gins]" in notes(m)
    assert st.gins == [0, 2] and st.col_gins == [[0, 0, 0], [0, 0, 0]], "no Gins the first time a side scores"
    assert "[gin_rummy.columns.gins]" in notes(m)


def test_double_gin_needs_every_card_matched() -> None:
    m = new("metzker")
    rig(m, {0: METZ_OPP, 1: METZ_MELDS + " JD QD KD 2S"}, phase="discard")
    assert "gin" not in {str(a) for a in m.legal_actions(1)}
    assert "gin 2S" in {str(a) for a in m.legal_actions(1)}
    refused(m, "gin", "gin_rummy.knock.double-gin")


def test_double_gin_needs_the_option() -> None:
    m = new()
    rig(m, {0: OPP_76, 1: MELDED9 + " 9C"}, stock_top="5C", phase="draw")
    play(m, "draw stock")
    assert "gin" not in {str(a) for a in m.legal_actions(1)}
    refused(m, "gin", "gin_rummy.knock.gin")


def test_metzker_run_with_six_undercut_is_37() -> None:
    m = new("metzker")
    st = rig(m, {0: "JC QC KC 8D 8C 8S 10H JH QH AH AD 4D", 1: METZ_MELDS + " AS 2D 3S KS"}, phase="discard")
    play(m, "knock KS")
    out = st.outcome
    assert out.counts == (6, 6)
    assert hand_row(m)[:3] == (37, 0, 0), "run with 6: 6 x 2 + 25 = 37"
    assert "[gin_rummy.score.undercut-double]" in notes(m)
    assert m.to_act() == (0,), "the side that scored deals the next hand"


def test_metzker_run_less_than_ten() -> None:
    m = new("metzker")
    rig(m, {0: "JC QC KC 8D 8C 8S 10H JH QH AH AD 4D", 1: METZ_MELDS + " AS 2D 7S KS"}, phase="discard")
    refused(m, "knock KS", "gin_rummy.knock.limit")  # 1 + 2 + 7 = 10 is not less than 10
    assert "9" in m.spec.rules["gin_rummy.knock.limit"].render(m.options)


def test_metzker_run_scores_the_difference() -> None:
    m = new("metzker")
    st = rig(m, {0: "QC QD JS 8C 2D 4S 6S 7D 10C KD 10S 4D", 1: METZ_MELDS + " AS 2S 3D KH"}, phase="discard")
    play(m, "knock KH")
    assert st.outcome.counts == (91, 6) and st.outcome.gins == (0, 0)
    assert hand_row(m) == (0, 0, 0, 85, 0, 0)


def test_metzker_stock_out_lower_count_scores_the_difference() -> None:
    m = new("metzker")
    st = rig(m, {0: "JC QC KC 8D 8C 8S 10H JH QH AH AD 4D", 1: "2C 5D 7C 9D 3H 6S KS 2S 7S 9S 5H QS"},
             pile="2H", stock_top="KH", stock_size=1, dealer=1, turn=0)
    play(m, "draw stock", "discard KH")
    out = st.outcome
    assert out.kind == "stock-out" and out.counts == (6, 75)
    assert hand_row(m) == (69, 0, 0, 0, 0, 0) and out.gins == (0, 0)
    assert "[gin_rummy.stock.difference]" in notes(m)
    v = seen(m, 1)
    assert v.fact("counts") == [6, 75] and any(z.kind is ZoneKind.MELD and z.owner == 0 for z in v.zones)


def test_metzker_three_game_columns_and_gin_circles() -> None:
    m = new("metzker")
    st: GinState = m.state  # type: ignore[assignment]

    def seat1_gins(extra: str) -> None:
        rig(m, {0: METZ_OPP, 1: METZ_MELDS + " JD QD KD"}, phase="draw", stock_top=extra, turn=1)
        play(m, "draw stock", f"gin {extra}")
        if not m.over:
            play(m, "deal")

    seat1_gins("5S")  # first time: game 1 only, no Gins
    assert st.col_points[1] == [79, 0, 0] and st.col_gins[1] == [0, 0, 0]
    seat1_gins("5S")  # second time: games 1 and 2; a Gin circle in game 1 only
    assert st.col_points[1] == [158, 79, 0] and st.col_gins[1] == [1, 0, 0]
    assert st.times_scored[1] == 2
    st.col_gins[0][0] = 2  # seat 0 had two Gin circles in game 1
    seat1_gins("5S")  # third time: every game; game 1 is won at 237
    assert st.col_winner == [1, None, None]
    game1 = next(r for r in m.sheet.rows if r.label == "game 1 won by seat 1")
    assert "[gin_rummy.columns.won]" in " ".join(game1.notes)
    totals = m.sheet.totals
    assert totals[3] == 200 + 25 * 2, "200 plus 25 for each Gin in that game"
    assert totals[0] == 25 * 2, "the loser gets 25 per Gin and nothing for points"
    assert st.col_points[1][1:] == [158, 79] and st.col_gins[1] == [2, 1, 0], "Gins only where it had points"
    v = seen(m, 0)
    assert v.fact("games")["rows"][0] == ["1", "2", "2", "seat 1"]  # Gin circles of seats 0 and 1, winner
    assert (m.sheet.totals[1], m.sheet.totals[4]) == (0, 158)
    seat1_gins("5S")  # game 2 won (237)
    assert st.col_winner == [1, 1, None] and not m.over
    seat1_gins("5S")  # game 3: 79 * 3 = 237
    assert m.over and st.col_winner == [1, 1, 1]
    assert m.result().winners == (1,)
    assert m.sheet.rows[-1].label == "final" and "[gin_rummy.columns.winner]" in m.sheet.rows[-1].notes[0]


def test_metzker_sample_score_sheet() -> None:
    """The book's sample score sheet: Guys score 5, 10, 15 and Girls 10, 15, 20; the first
    score goes in game 1 only, the second in games 1 and 2, the third in all three."""
    m = new("metzker")
    st: GinState = m.state  # type: ignore[assignment]
    knocker = "2C 3C 4C 5C 5H 6H 7H 8H 9S 9D 9H AS KS"  # runs with 1 after discarding KS
    melded = "JC QC KC 6S 7S 8S 10S JS QS"
    deadwood = {5: "AD 2S 3D", 10: "AD 4S 6D", 15: "2D 4S 10D", 20: "AD 10D QH"}  # the score + 1

    def run(seat: int, score: int) -> None:
        rig(m, {seat: knocker, 1 - seat: melded + " " + deadwood[score]}, phase="discard", turn=seat)
        play(m, "knock KS")
        assert st.outcome.points[seat] == score and st.outcome.layoffs == ()
        play(m, "deal")

    guys, girls = 0, 1
    for seat, score in ((girls, 10), (guys, 5), (girls, 15), (guys, 10), (girls, 20), (guys, 15)):
        run(seat, score)
    assert st.col_points[guys] == [5 + 10 + 15, 10 + 15, 15] == [30, 25, 15]
    assert st.col_points[girls] == [10 + 15 + 20, 15 + 20, 20] == [45, 35, 20]
    assert m.sheet.totals == (30, 25, 15, 45, 35, 20)
    assert st.col_winner == [None, None, None] and not m.over


def test_each_metzker_rule_is_its_own_option() -> None:
    spec = gamenight.get_game("gin_rummy").spec
    assert set(spec.presets["metzker"]) >= {"deal", "aces", "knock_limit", "double_gin", "undercut_scoring",
                                            "undercut_bonus", "stock_end", "stock_out", "match_format"}
    # a house mixing: standard game, but the double-run undercut
    m = new(undercut_scoring="double-run", undercut_bonus=25)
    rig(m, {0: "JC QC KC 8D 8C 8S 2S 3S 4S AH", 1: MELDED9 + " KS"}, stock_top="AD")
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
    m = new()
    rig(m, {0: "JC QC KC 8D 8C 8S 2S 3S 4S 5C", 1: MELDED9 + " KS"}, stock_top="5D")
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
    m = new()
    rig(m, {0: "JC QC KC 8D 8C 8S 2S 3S 4S 5C", 1: MELDED9 + " KS"}, stock_top="5D")
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
    m = new()
    rig(m, {0: "QC QD JS 8C 2D 3S 6S 7D 10C 8H", 1: MELDED9 + " KS"}, stock_top="9C")
    play(m, "draw stock", "gin KS")
    told = texts_of(m, 0)
    assert "seat 1 goes gin, discarding KS" in told
    assert told[-1] == "seat 1 scores 94 for the gin"
    assert not any("lays off" in t for t in told)


def test_upcard_and_pile_events_are_public() -> None:
    m = new()
    rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S", phase="upcard")
    start = m.event_count
    play(m, "pass", "take discard", "discard KC")
    told = [e.text.format(*(f"seat {s}" for s in e.seats)) for e in m.events(1, start)]
    assert told == ["seat 1 passes the up-card", "seat 0 takes the up-card 2S from the discard pile",
                    "seat 0 discards KC"]


def test_refusals_say_why() -> None:
    m = new(may_discard_taken=False)
    rig(m, {0: "AC 3C 5C 7C 9C JC KC 2D 4D 6D", 1: "8D 10D QD AH 3H 5H 7H 9H JH KH"}, pile="2S")
    assert refused(m, "discard KH", "gin_rummy.turn.draw").detail.startswith("begin your turn by drawing")
    play(m, "take discard")
    assert refused(m, "discard 2S", "gin_rummy.turn.discard-taken").detail == \
        "you have just taken 2S from the discard pile"
    assert refused(m, "draw stock", "gin_rummy.turn.discard").detail == "you have your card: now discard"
    assert "names one card from your hand" in refused(m, "discard 7", "gin_rummy.turn.discard").detail
    m = new("metzker")
    rig(m, {0: METZ_OPP, 1: METZ_MELDS + " JD QD KD 2S"}, phase="discard")
    assert refused(m, "draw stock", "gin_rummy.first.thirteen").detail == \
        "the first turn is a discard only: there is no draw"
    assert refused(m, "gin", "gin_rummy.knock.double-gin").detail == \
        "not all your cards match: your unmatched cards count 2"


def test_a_number_is_not_a_card() -> None:
    m = new()
    rig(m, {0: OPP_76, 1: "7C 3C 4C 5C 5H 6H 7H 8H 4D 7S"}, stock_top="KS")
    play(m, "draw stock")
    refused(m, "discard 7", "gin_rummy.turn.discard")  # 7 is the number under 7C, which seat 1 holds


@pytest.mark.parametrize("options", [{}, {"may_discard_taken": False}, {"aces": "high-or-low"}, "metzker"])
def test_restrictions_list_exactly_the_legal_actions(options: dict[str, Any] | str) -> None:
    """The fast ``legal_actions`` and the cascade that refusals run allow the same moves."""
    for seed in range(12):
        if isinstance(options, str):
            m = gamenight.load("gin_rummy", seed=seed, preset=options)
        else:
            m = gamenight.load("gin_rummy", seed=seed, options=options or None)
        game: GinRummy = m.game  # type: ignore[assignment]
        rng = random.Random(seed)
        for _ in range(150):
            if m.over:
                break
            seat = m.to_act()[0]
            legal = m.legal_actions(seat)
            st: GinState = m.state  # type: ignore[assignment]
            assert {str(a) for a in narrow(game.restrictions(st, seat))} == {str(a) for a in legal}
            for a in legal:
                m.check(seat, a)
            m.apply(seat, rng.choice(legal))
