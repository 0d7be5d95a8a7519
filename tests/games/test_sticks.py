"""Sticks (rulebook 000): each clause in a dealt situation, played through the game's own moves: the
pot of sticks a house edits, the secret stick and laying it down exactly, no extra cards that turn,
lay-offs on anyone's melds and wild cards swapped out of other players' sets afterwards, the discard
you must keep, the next deal with sticks still face down, free sticks, the seventh stick, and the
alternate rules (trading a stick, no discarding a card that plays on the table)."""

from __future__ import annotations

from typing import Any

import pytest

import gamenight
from gamenight.engine.match import Match
from gamenight.engine.options import OptionError
from gamenight.engine.view import ZoneKind
from gamenight.games.sticks import rules as r
from gamenight.games.sticks.rules import DEFAULT_STICKS, deck, parse_sticks
from gamenight.testing import refusal, scenario

GAME = "sticks"
TWO_SETS = "2 sets of 3"
SEAT1 = "7H 7D 7S 9C 9D 9S 4H 5H 6H KS QD AD 3C 8D 10S"
SEAT0 = "5C 6C 7C 8C JH JD JS 2C AH KD QH 3D 4S 8S 10D"
# seat 1 lays its stick (7s and 9s), seat 0 lays its stick (jacks, and aces with the 2C), seat 1 draws JC
BOTH_DOWN = ((1, "draw stock"), (1, "meld 7H 7D 7S and 9C 9D 9S"), (1, "discard KH"), (0, "draw stock"),
             (0, "meld JH JD JS and AH AS 2C"), (0, "discard 10D"), (1, "draw stock"))
BOTH_DOWN_DRAWS = "KH AS JC"


def spare(*named: str) -> list[str]:
    pool = [str(c) for c in deck(3)]
    for text in named:
        for c in text.split():
            pool.remove(c)
    return pool


def table(hands: dict[int, str] | None = None, *, draws: str = "", top: str = "4C", sticks: str = TWO_SETS,
          moves: tuple[tuple[int, str], ...] = (), scores: list[float] | None = None, seed: int = 1,
          **options: Any) -> Match:
    """Two players, seat 0 deals ``hands`` (by default SEAT0 and SEAT1) and turns ``top`` up; every stick
    in the pot is ``sticks``; the stock is drawn in ``draws`` order."""
    hands = hands if hands is not None else {0: SEAT0, 1: SEAT1}
    stock = [*spare(*hands.values(), top, draws), *reversed(draws.split())]
    return scenario(GAME, players=2, dealer=0, options={"sticks": sticks, **options}, moves=moves, scores=scores,
                    hands=hands, zones={"stock": " ".join(stock), "discard": top}, seed=seed)


def clause_of(m: Match, seat: int, action: str) -> tuple[str, str]:
    e = refusal(m, seat, action)
    return e.clause_id, e.detail


def melds(m: Match) -> list[tuple[str, ...]]:
    return [z.pieces for z in m.view(None).zones if z.kind is ZoneKind.MELD]


# --- the pot ---------------------------------------------------------------------------------------------
def test_the_default_pot_is_printed_in_the_rules_and_a_house_edits_it() -> None:
    assert parse_sticks(DEFAULT_STICKS)[:2] == ["2 sets of 3", "1 set of 3 and 1 run of 3"]
    text = r.STICK.render(gamenight.load(GAME, seed=1).options)
    assert "a house edits in its rule set" in text and "1 run of 7; free; free" in text
    m = gamenight.load(GAME, players=3, seed=1, options={"sticks": "3 sets of 3; free"})
    assert m.view(0).fact("my_stick") == "3 sets of 3"
    assert r.STICK.is_alternate(m.options)


@pytest.mark.parametrize("sticks", ["2 sets of three", "free", "3 runs of 6"])
def test_a_pot_that_cannot_be_played_is_refused_naming_the_option(sticks: str) -> None:
    with pytest.raises(OptionError) as e:
        gamenight.load(GAME, options={"sticks": sticks})
    assert e.value.key == "sticks"


# --- the deal and the secret stick ---------------------------------------------------------------------------
def test_each_player_holds_fifteen_cards_and_a_face_down_stick_only_they_see() -> None:
    m = table()
    assert len(m.view(1).hand) == 15 and m.view(1).pieces("discard") == ("4C",)
    assert m.view(1).fact("my_stick") == TWO_SETS and m.view(1).fact("ready")  # 7s and 9s
    assert m.view(0).fact("stick") == ["", ""]
    assert not m.view(None).has_fact("my_stick")
    assert "{0} draws a stick: 2 sets of 3" in [e.text for e in m.events(1)]
    assert not any(TWO_SETS in e.text for e in m.events(0) if 1 in e.seats)
    assert m.to_act() == (1,)


def test_a_turn_begins_with_the_stock_or_the_top_discard() -> None:
    m = table(draws="KH")
    assert clause_of(m, 1, "discard 7H")[0] == r.rummy.DRAW.id
    m.apply(1, "take discard")
    assert [z.pieces for z in m.view(0).zones if z.name == "taken" and z.owner == 1] == [("4C",)]
    assert clause_of(m, 1, "draw stock")[0] == r.rummy.DRAW.id


# --- laying the stick down -------------------------------------------------------------------------------------
def test_the_stick_is_laid_down_exactly() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN[:1])
    clause, why = clause_of(m, 1, "meld 7H 7D 7S")
    assert clause == r.PLAY_STICK.id and why == "your stick is 2 sets of 3: 2 melds, not 1"
    assert clause_of(m, 1, "meld 7H 7D 7S and 9C 9D 9S and 4H 5H 6H")[0] == r.PLAY_STICK.id
    m2 = table(hands={0: SEAT0, 1: "7H 7D 7S 7C 9D 9S 9C 5H 6H KS QD AD 3C 8D 10S"}, draws="KH",
               moves=((1, "draw stock"),))
    assert clause_of(m2, 1, "meld 7H 7D 7S 7C and 9D 9S 9C")[0] == r.PLAY_STICK.id  # no extra cards
    assert clause_of(m, 1, "lay 7H on 1")[0] == r.LAY_ON.id
    m.apply(1, "meld 7H 7D 7S and 9C 9D 9S")
    v = m.view(0)
    assert v.fact("stick") == ["", TWO_SETS] and v.fact("sticks") == [0, 1]
    assert "{0} lays down the stick, 2 sets of 3: 7H 7D 7S and 9C 9D 9S" in [
        e.text for e in m.events(0)]


def test_no_extra_cards_are_played_in_the_turn_the_stick_goes_down() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN[:2])
    clause, why = clause_of(m, 1, "meld 4H 5H 6H")
    assert clause == r.PLAY_STICK.id
    assert why == "no extra cards beyond your stick are played in the turn you lay it down"


def test_melds_need_a_natural_card_and_are_sets_or_runs() -> None:
    m = table(hands={0: SEAT0, 1: "7H 7D 2S 2H JK 9S 4H 5H 6H KS QD AD 3C 8D 10S"}, draws="KH",
              moves=((1, "draw stock"),))
    assert clause_of(m, 1, "meld 2S 2H JK and 7H 7D KH")[0] == r.rummy.ONE_NATURAL.id
    assert clause_of(m, 1, "meld 7H 7D 9S and 4H 5H 6H")[0] == r.RUNS.id
    assert "does not make it" in clause_of(m, 1, "meld 7H 7D 2S and 4H 5H 2H")[1]  # a run is no set
    m.apply(1, "meld 7H 7D 2S and KS KH JK")
    assert melds(m) == [("7H", "7D", "2S"), ("KS", "KH", "JK")]


# --- after the stick ------------------------------------------------------------------------------------------
def test_after_the_stick_cards_go_onto_anyones_melds() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN)
    m.apply(1, "lay JC on 3")
    assert melds(m)[2] == ("JH", "JD", "JS", "JC")
    assert next(z for z in m.view(0).zones if z.kind is ZoneKind.MELD and z.pieces[0] == "JH").by == (0, 0, 0, 1)
    clause, why = clause_of(m, 1, "lay KS on 1")
    assert clause == r.LAY_ON.id and "KS cannot go on 7H 7D 7S" in why


def test_no_new_melds_after_the_stick_unless_the_house_says_so() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN)
    assert clause_of(m, 1, "meld 4H 5H 6H")[0] == r.NO_NEW_MELDS.id
    m2 = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN, new_melds=True)
    m2.apply(1, "meld 4H 5H 6H")
    assert melds(m2)[-1] == ("4H", "5H", "6H")


def test_a_wild_card_is_swapped_out_of_another_players_set_and_played_at_once() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN)
    m.apply(1, "swap AD on 4")
    assert melds(m)[3] == ("AH", "AS", "AD") and "2C" in m.view(1).hand
    assert m.view(1).fact("must_play") == ["2C"]
    clause, why = clause_of(m, 1, "discard 3C")
    assert clause == r.rummy.MUST_PLAY.id and why == "play 2C on the table before you discard"
    m.apply(1, "lay 2C on 1")
    m.apply(1, "discard 3C")


def test_wild_cards_stay_in_runs_and_in_your_own_sets() -> None:
    hands = {0: "5C 6C 2C 8C JH JD JS 9H AH KD QH 3D 4S 8S 10D", 1: "7H 7D 2S 4H 5H 6H 9S 7C KS QD AD 3C 8D 10S 7S"}
    moves = ((1, "draw stock"), (1, "meld 4H 5H 6H and 7H 7D 2S"), (1, "discard KH"), (0, "draw stock"),
             (0, "meld 5C 6C 2C and JH JD JS"), (0, "discard 10D"), (1, "draw stock"))
    m = table(hands, draws="KH AS JC", moves=moves, sticks="1 run of 3 and 1 set of 3")
    clause, why = clause_of(m, 1, "swap 7C on 3")
    assert clause == r.SWAP.id and why == "meld 3 is a run: wild cards are never taken from runs"
    assert clause_of(m, 1, "swap 7S on 2")[1] == "meld 2 is yours: wild cards are taken from other players' sets"


def test_no_swapping_before_the_turn_after_your_stick() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN[:5])
    assert clause_of(m, 0, "swap 7C on 1")[0] == r.SWAP.id


# --- going out and the next deal -----------------------------------------------------------------------------
OUT_HANDS = {0: "5C 6C 8C JH JD JS 2C AH KD QH 3D 4S 8S 10D 4D",
             1: "7H 7D 7S 9C 9D 9S 7C 7C 7C 9H 9H 9H 7H 9D KS"}
OUT_MOVES = ((1, "draw stock"), (1, "meld 7H 7D 7S and 9C 9D 9S"), (1, "discard KH"), (0, "draw stock"),
             (0, "discard QC"), (1, "draw stock"), (1, "lay 9H 9H 9H 9D on 2"), (1, "discard KS"),
             (0, "draw stock"), (0, "discard QD"), (1, "draw stock"))
OUT_DRAWS = "KH QC 7S QD 7D"


def test_you_must_keep_a_discard_and_playing_every_card_deals_again() -> None:
    m = table(OUT_HANDS, draws=OUT_DRAWS, moves=OUT_MOVES)
    clause, _ = clause_of(m, 1, "lay 7C 7C 7C 7H 7S 7D on 1")
    assert clause == r.rummy.GO_OUT_WITH_DISCARD.id
    m.apply(1, "lay 7C 7C 7C 7H 7S on 1")
    m.apply(1, "discard 7D")
    row = m.sheet.rows[-1]
    assert row.label == "deal 1" and row.points == (0, 1)
    assert any(r.DEAL_AGAIN.id in n for n in row.notes)
    assert m.to_act() == (1,)
    m.apply(1, "deal")
    v = m.view(0)
    assert v.fact("deal") == 2 and v.fact("sticks") == [0, 1] and v.fact("stick") == ["", ""]
    assert len(v.hand) == 15
    drawn = [e.seats for e in m.events(0) if e.text.startswith("{0} draws a stick")]
    assert drawn.count((1,)) == 2 and drawn.count((0,)) == 1  # seat 1 drew a new stick, seat 0 kept its own


def test_the_seventh_stick_wins_at_once() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN[:1], scores=[0, 6])
    m.apply(1, "meld 7H 7D 7S and 9C 9D 9S")
    assert m.over and m.result().winners == (1,)
    assert m.sheet.totals == (0, 7) and any(r.OBJECT.id in n for n in m.sheet.rows[-1].notes)


def test_a_free_stick_counts_at_once_and_another_is_drawn() -> None:
    for seed in range(1, 80):
        m = gamenight.load(GAME, players=2, seed=seed, options={"sticks": "2 sets of 3; free"})
        free = [e for e in m.events(None) if "free stick" in e.text]
        if free:
            break
    else:
        pytest.fail("no seed drew a free stick")
    seat = free[0].seats[0]
    assert m.view(None).fact("sticks")[seat] == len(free)
    assert m.view(seat).fact("my_stick") == TWO_SETS
    assert all(e.text == "{0} draws a free stick and puts it face up" for e in free)


def test_a_free_stick_that_would_be_the_seventh_does_not_count() -> None:
    for seed in range(1, 80):
        m = table(OUT_HANDS, draws=OUT_DRAWS, sticks="2 sets of 3; free; free; free", scores=[0, 5], seed=seed)
        if m.view(1).fact("sticks")[1] != 5:
            continue  # a free stick at the first deal
        for seat, move in OUT_MOVES:
            m.apply(seat, move)
        m.apply(1, "lay 7C 7C 7C 7H 7S on 1")
        m.apply(1, "discard 7D")
        m.apply(1, "deal")
        aside = [e for e in m.events(None) if "which would be a seventh" in e.text]
        if aside:
            break
    else:
        pytest.fail("no seed drew a free stick for the sixth-stick player")
    assert aside[0].seats == (1,) and m.view(None).fact("sticks")[1] == 6 and not m.over
    assert m.view(1).fact("my_stick") == TWO_SETS


# --- the alternate rules ------------------------------------------------------------------------------------------
def test_a_stick_held_a_whole_hand_may_be_traded_in() -> None:
    m = table(OUT_HANDS, draws=OUT_DRAWS, moves=OUT_MOVES, trade=True)
    m.apply(1, "lay 7C 7C 7C 7H 7S on 1")
    m.apply(1, "discard 7D")
    m.apply(1, "deal")
    assert m.to_act() == (0,) and "trade your stick in" in m.view(0).prompt.text
    pot = m.view(0).fact("pot")
    m.apply(0, "trade")
    assert "{0} trades in the stick held since an earlier hand" in [e.text for e in m.events(1)]
    assert m.view(0).fact("pot") == pot
    assert clause_of(m, 0, "trade")[1] == "you drew your stick this hand: hold it a whole hand first"


def test_a_new_stick_is_not_traded() -> None:
    m = table(trade=True)
    clause, why = clause_of(m, 1, "trade")
    assert clause == r.TRADE.id and why == "you drew your stick this hand: hold it a whole hand first"
    assert clause_of(table(), 1, "trade")[0] == r.rummy.DRAW.id  # the book's rule: no trading


def test_a_card_that_plays_on_the_table_may_not_be_discarded() -> None:
    m = table(draws=BOTH_DOWN_DRAWS, moves=BOTH_DOWN, no_playable_discard=True)
    clause, why = clause_of(m, 1, "discard JC")
    assert clause == r.NO_PLAYABLE_DISCARD.id and why == "JC could be added onto the cards on the table"
    m.apply(1, "discard KS")


SWAP_HANDS = {0: "5C 6C 8C JH JD JS 2C AH AD KD QH 3D 4S 8S 10D", 1: OUT_HANDS[1]}
SWAP_MOVES = ((1, "draw stock"), (1, "meld 7H 7D 7S and 9C 9D 9S"), (1, "discard KH"), (0, "draw stock"),
              (0, "meld JH JD JS and AH AD 2C"), (0, "discard QC"), (1, "draw stock"), (1, "lay 9H 9H 9H 9D on 2"),
              (1, "discard KS"), (0, "draw stock"), (0, "discard QD"), (1, "draw stock"))


def test_a_swapped_wild_card_still_leaves_a_card_to_discard() -> None:
    m = table(SWAP_HANDS, draws="KH QC 7S QD AS", moves=SWAP_MOVES)
    m.apply(1, "swap AS on 4")
    clause, why = clause_of(m, 1, "lay 7C 7C 7C 7H 7S on 1")
    assert clause == r.rummy.GO_OUT_WITH_DISCARD.id
    assert why == "keep a card to discard besides 2C, which you must play this turn"
    m.apply(1, "lay 2C 7C 7C 7C 7H on 1")
    m.apply(1, "discard 7S")
    assert m.sheet.rows[-1].points == (1, 1)


def test_no_swap_with_your_last_card() -> None:
    m = table(SWAP_HANDS, draws="KH QC 7S QD AS", moves=SWAP_MOVES)
    m.apply(1, "lay 7C 7C 7C 7H 7S on 1")
    clause, why = clause_of(m, 1, "swap AS on 4")
    assert clause == r.rummy.GO_OUT_WITH_DISCARD.id and "no card to discard" in why
