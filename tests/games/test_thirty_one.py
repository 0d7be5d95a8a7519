"""Thirty One (rulebook 000): scripted hands for every clause and option, and whole seeded
matches. Each hand is dealt by ``gamenight.testing``; quarters and eliminations come about by
playing the hands that cost them."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.core.cards import cards, standard_deck
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.view import FactKind, View, ZoneKind
from gamenight.games.thirty_one import RULES, hand_value
from gamenight.testing import next_deal, pot_amount, scenario

GAME = "thirty_one"
Moves = list[tuple[int, str]]


def spare(*named: str) -> list[str]:
    """The cards of the deck that no text names, in deck order."""
    used = [c for text in named for c in text.split()]
    assert len(set(used)) == len(used), "a card is named twice"
    return [str(c) for c in standard_deck() if str(c) not in used]


def deal(hands: dict[int, str], *, discard: str = "2C", stock: str = "") -> dict[str, Any]:
    """A deal as ``scenario`` and ``next_deal`` take it: the hands, the card turned up, and the
    stock drawn in the order ``stock`` lists, the rest of the deck under it."""
    rest = spare(*hands.values(), discard, stock)
    return {"hands": hands, "zones": {"discard": discard, "stock": " ".join([*rest, *reversed(stock.split())])}}


def table(players: int, hands: dict[int, str], *, dealer: int = 0, discard: str = "2C", stock: str = "",
          moves: Sequence[tuple[int, str]] = (), **options: Any) -> Match:
    """A match whose first hand, ``dealer`` dealing, is dealt as ``deal`` says, then ``moves``."""
    return scenario(GAME, players=players, options=options or None, seed=5, dealer=dealer, moves=moves,
                    **deal(hands, discard=discard, stock=stock))


def then(m: Match, moves: Sequence[tuple[int, str]], hands: dict[int, str], **zones: str) -> Match:
    """``moves``, the last of which ends the hand, and the next hand dealt as ``deal`` says."""
    return next_deal(m, moves, **deal(hands, **zones))


def round_moves(live: Sequence[int], first: int, knocker: int, stock: str) -> Moves:
    """From ``first`` on, each seat of ``live`` in turn draws the next card of ``stock`` and throws it
    straight back; ``knocker`` knocks at the start of its turn, and every other seat has one more turn."""
    drawn = iter(stock.split())
    at = live.index(first)
    order = [*live[at:], *live[:at]]
    k = order.index(knocker)
    turns = [*order[:k], knocker, *order[k + 1:], *order[:k]]
    moves: Moves = []
    for seat in turns:
        if seat == knocker:
            moves.append((seat, "knock"))
        card = next(drawn)
        moves += [(seat, "draw stock"), (seat, f"discard {card}")]
    return moves


def play(m: Match, seat: int, *actions: str) -> None:
    for text in actions:
        m.apply(seat, text)


def play_all(m: Match, moves: Sequence[tuple[int, str]]) -> None:
    for seat, text in moves:
        m.apply(seat, text)


def throw_back(m: Match, seat: int) -> None:
    """``seat`` draws from the stock and throws that card straight back."""
    m.apply(seat, "draw stock")
    m.apply(seat, f"discard {m.events(seat)[-1].pieces[0]}")


def view(m: Match, seat: int | None) -> View:
    v = m.view(seat)
    assert isinstance(v, View)
    return v


def seen(m: Match, seat: int | None) -> View:
    """What ``seat`` sees now, without the events (they depend on when the viewer last looked)."""
    return dataclasses.replace(view(m, seat), events=())


def refused(m: Match, seat: int, text: str) -> str:
    return refusal(m, seat, text).clause_id


def refusal(m: Match, seat: int, text: str) -> IllegalAction:
    viewers = [*range(m.players), None]
    before = [seen(m, v) for v in viewers], m.sheet.totals
    with pytest.raises(IllegalAction) as exc:
        m.apply(seat, text)
    assert ([seen(m, v) for v in viewers], m.sheet.totals) == before
    return exc.value


def hand_of(m: Match, seat: int) -> list[str]:
    return sorted(view(m, seat).hand)


def told(m: Match, viewer: int | None, start: int = 0) -> list[str]:
    """The events from number ``start`` on, as ``viewer`` reads them, seats as "seat N"."""
    return [e.text.format(*(f"seat {s}" for s in e.seats)) for e in m.events(viewer, start)]


def fact(m: Match, name: str) -> Any:
    return view(m, None).fact(name)


def hand_no(m: Match) -> int:
    return view(m, None).hand_no


def last_row_points(m: Match) -> tuple[int | float, ...]:
    return m.sheet.rows[-1].points


def last_notes(m: Match) -> list[str]:
    return m.sheet.rows[-1].notes


# --- hand values -----------------------------------------------------------------------------------
def test_hand_value_is_best_single_suit() -> None:
    assert hand_value(cards("AS KS QS")) == 31
    assert hand_value(cards("AS 10S 9H")) == 21
    assert hand_value(cards("2C 3D 4H")) == 4
    assert hand_value(cards("JH QH 9C")) == 20
    assert hand_value(cards("7C 7D 7H")) == 7


def test_three_of_a_kind_is_thirty_and_a_half_only_with_the_alternate_rule() -> None:
    assert hand_value(cards("7C 7D 7H"), three_of_a_kind=True) == 30.5
    assert hand_value(cards("AC AD AH"), three_of_a_kind=True) == 30.5
    assert hand_value(cards("AS KS QS"), three_of_a_kind=True) == 31


# --- quarters and the ante ----------------------------------------------------------------------------
def test_each_player_starts_with_four_quarters_and_antes_one_to_start_the_game() -> None:
    m = gamenight.load(GAME, players=4, seed=5)
    assert fact(m, "quarters") == [3, 3, 3, 3]
    assert pot_amount(view(m, None)) == 4
    assert m.sheet.totals == (3, 3, 3, 3)
    assert pot_amount(view(m, 0)) == 4
    v = view(m, 0)  # the pot in the middle as chips, once; each seat's quarters as chips
    assert [(z.kind, z.piece, z.pieces) for z in v.zones if z.name == "pot"] == [(ZoneKind.POT, "chips", ("4ch",))]
    assert not v.has_fact("pot") and next(f for f in v.facts if f.name == "quarters").of is FactKind.CHIPS


def test_start_quarters_option() -> None:
    m = gamenight.load(GAME, players=3, seed=5, options={"start_quarters": 6})
    assert fact(m, "quarters") == [5, 5, 5]


def test_ante_is_once_per_game_by_default_and_every_hand_as_an_option() -> None:
    for each_hand, expected_pot in ((False, 3 + 1), (True, 3 + 1 + 3)):
        m = table(3, {0: "AS KS 9S", 1: "AH KH QH", 2: "2C 3D 4H"}, discard="5D", ante_each_hand=each_hand)
        assert m.to_act() == (1,)
        play(m, 1, "show")
        assert pot_amount(view(m, None)) == expected_pot
        if each_hand:
            assert m.sheet.rows[-1].label == "ante for hand 2"
            assert "thirty_one.play.ante-hand" in m.sheet.rows[-1].notes[0]
            assert fact(m, "quarters") == [2, 2, 1]


# --- the deal and turns --------------------------------------------------------------------------------
def test_deal_three_cards_each_one_face_up_and_left_of_dealer_starts() -> None:
    m = gamenight.load(GAME, players=5, seed=5)
    assert all(len(view(m, s).hand) == 3 for s in range(5))
    dealer = view(m, None).dealer
    assert dealer is not None
    assert m.to_act() == ((dealer + 1) % 5,)
    v = view(m, m.to_act()[0])
    turned = m.events(None)[-1]
    assert turned.text.endswith("deals three cards each and turns up " + turned.pieces[0])
    assert v.pieces("discard") == turned.pieces
    stock = v.zone("stock")
    assert stock is not None and stock.hidden == 52 - 15 - 1 == 36 and stock.pieces == ()


def test_draw_then_discard_and_play_passes_left() -> None:
    m = table(3, {0: "2H 3H 4H", 1: "5S 6S 7S", 2: "8D 9D 10D"}, discard="KC", stock="AH 2S")
    assert m.to_act() == (1,)
    assert refused(m, 1, "discard 5S") == "rummy.turn.draw"
    play(m, 1, "draw stock")
    assert "AH" in view(m, 1).hand and len(view(m, 1).hand) == 4
    assert refused(m, 1, "take discard") == "rummy.turn.discard"
    play(m, 1, "discard AH")
    assert m.to_act() == (2,) and view(m, None).pieces("discard")[-1] == "AH"
    play(m, 2, "take discard", "discard 8D")
    assert hand_of(m, 2) == sorted(["AH", "9D", "10D"])
    assert m.to_act() == (0,)


def test_may_only_discard_a_card_you_hold() -> None:
    m = table(3, {0: "2H 3H 4H", 1: "5S 6S 7S", 2: "8D 9D 10D"})
    play(m, 1, "draw stock")
    assert refused(m, 1, "discard 2H") == "rummy.turn.discard"


def test_others_see_draw_stock_but_never_the_card() -> None:
    hands = {0: "2H 3H 4H", 1: "5S 6S 7S", 2: "8D 9D 10D"}
    m = table(3, hands)
    seat = m.to_act()[0]
    m.apply(seat, "draw stock")
    other = (seat + 1) % 3
    assert m.log_view(other) == [f"{seat}: draw stock"]
    other_view, my_view, spectator = view(m, other), view(m, seat), view(m, None)
    assert sorted(other_view.hand) == sorted(hands[other].split())
    assert not set(my_view.hand) & set(other_view.hand)
    assert spectator.hand == ()
    drawn = my_view.events[-1]
    assert drawn.text == "{0} draws " + drawn.pieces[0] and drawn.pieces[0] in my_view.hand
    assert other_view.events[-1].text == "{0} draws from the stock" and other_view.events[-1].pieces == ()


# --- knocking ----------------------------------------------------------------------------------------
def test_knock_during_turn_then_everybody_else_gets_one_more_turn_and_lowest_pays() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="4C", stock="6C 7C 8C 9C")
    play(m, 1, "knock", "draw stock", "discard 6C")  # knock before drawing, then finish the turn
    assert fact(m, "knocker") == 1 and m.to_act() == (2,)
    assert refused(m, 2, "knock") == "thirty_one.play.one-knock"
    play(m, 2, "draw stock", "discard 7C")
    play(m, 0, "draw stock", "discard 8C")
    # hand over: seat 0 (5 in hearts... 2H 3H = 5, 5C = 5) is lowest
    assert hand_no(m) == 2
    assert last_row_points(m) == (-1, 0, 0)
    assert any("thirty_one.pay.lowest" in n for n in last_notes(m))
    assert fact(m, "quarters") == [2, 3, 3] and pot_amount(view(m, None)) == 4


def test_knock_may_come_after_drawing_before_discarding() -> None:
    m = table(2, {0: "2H 3H 5C", 1: "AS KS 2D"}, discard="4C", stock="7D 7C 8C")
    play(m, 1, "draw stock", "knock", "discard 2D")
    assert fact(m, "knocker") == 1
    play(m, 0, "draw stock", "discard 7C")
    assert last_row_points(m) == (-1, 0)


def test_knocker_who_is_lowest_pays_double() -> None:
    m = table(3, {0: "AH KH 5C", 1: "2S 3S 2D", 2: "9D 10D 3C"}, discard="4C", stock="6C 7C 8C")
    play(m, 1, "knock", "draw stock", "discard 6C")
    play(m, 2, "draw stock", "discard 7C")
    play(m, 0, "draw stock", "discard 8C")
    assert last_row_points(m) == (0, -2, 0)
    assert any("thirty_one.pay.knocker" in n for n in last_notes(m))


def test_several_players_tied_for_lowest_each_lose_a_quarter() -> None:
    m = table(4, {0: "AH KH 5C", 1: "9S 2C 3D", 2: "9D 2S 3H", 3: "AD KD QC"}, discard="4S",
              stock="6C 7C 8C 2H")
    play(m, 1, "knock", "draw stock", "discard 6C")
    for seat, card in ((2, "7C"), (3, "8C"), (0, "2H")):
        play(m, seat, "draw stock", f"discard {card}")
    assert last_row_points(m) == (0, -2, -1, 0)
    assert any("thirty_one.pay.ties" in n for n in last_notes(m))


def test_knock_is_the_whole_turn_alternate() -> None:
    m = table(2, {0: "2H 3H 5C", 1: "AS KS 2D"}, discard="4C", stock="7D 7C", knock_whole_turn=True)
    play(m, 1, "draw stock")
    assert refused(m, 1, "knock") == "thirty_one.play.knock-turn"
    play(m, 1, "discard 2D")
    play(m, 0, "knock")  # the knock is seat 0's entire turn
    assert fact(m, "knocker") == 0 and m.to_act() == (1,) and len(view(m, 0).hand) == 3
    play(m, 1, "draw stock", "discard 7C")
    assert last_row_points(m) == (-2, 0)


# --- 31 ------------------------------------------------------------------------------------------------
def test_discarding_to_31_ends_the_hand_at_once() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="QS", stock="6C")
    play(m, 1, "take discard", "discard 2D")
    assert hand_no(m) == 2  # nobody else got a turn
    assert last_row_points(m) == (-1, 0, 0)
    assert any("thirty_one.play.thirty-one" in n for n in last_notes(m))


def test_31_ends_the_hand_even_after_a_knock() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AH 9H 2D", 2: "AS KS 3C"}, discard="8D", stock="4D QS 6C")
    play(m, 1, "knock", "draw stock", "discard 4D")
    play(m, 2, "draw stock", "discard 3C")
    assert hand_no(m) == 2
    assert last_row_points(m) == (-1, 0, 0)


def test_dealt_31_is_shown_at_your_turn_instead_of_drawing() -> None:
    m = table(3, {0: "AH KH QH", 1: "2S 3S 2D", 2: "9D 10D 3C"}, discard="4C", stock="5C 6C")
    assert "show" not in {str(a) for a in m.legal_actions(1)}
    assert refused(m, 1, "show") == "thirty_one.play.thirty-one"
    play(m, 1, "draw stock", "discard 5C")
    play(m, 2, "draw stock", "discard 6C")
    assert "show" in {str(a) for a in m.legal_actions(0)}
    play(m, 0, "show")
    assert hand_no(m) == 2
    assert "seat 0 shows 31: QH KH AH" in told(m, None)
    assert any(n.startswith("seat 0 showed 31") for n in m.sheet.rows[-1].notes)


def test_31_makes_everybody_pay_alternate() -> None:
    m = table(4, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C", 3: "AC KC 9C"}, discard="QS",
              thirty_one_all_pay=True)
    play(m, 1, "take discard", "discard 2D")
    assert last_row_points(m) == (-1, 0, -1, -1)
    assert any("thirty_one.pay.thirty-one-all" in n for n in last_notes(m))


def test_31_everybody_pays_and_a_lowest_knocker_still_pays_double() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "9D 10D 3C", 2: "AS KS 4D"}, dealer=2, discard="8H", stock="7C 6C QS",
              thirty_one_all_pay=True)
    play(m, 0, "knock", "draw stock", "discard 7C")  # seat 0 knocks on 5
    play(m, 1, "draw stock", "discard 6C")
    play(m, 2, "draw stock", "discard 4D")  # QS: 31
    assert hand_no(m) == 2 and "seat 2 has 31 and lays down QS KS AS" in told(m, None)
    assert last_row_points(m) == (-2, -1, 0)
    assert any("thirty_one.pay.knocker" in n for n in last_notes(m))


def test_without_the_alternate_31_makes_only_the_lowest_pay() -> None:
    m = table(4, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C", 3: "AC KC QC"}, discard="QS")
    play(m, 1, "take discard", "discard 2D")
    assert last_row_points(m) == (-1, 0, 0, 0)


def test_three_of_a_kind_alternate_beats_thirty() -> None:
    hands = {0: "AH KH 9H", 1: "7C 7D 7H", 2: "AD 9D 3S"}
    stock = "2D 3D 4D 5D 6D 8C"
    for alt, expected in ((False, (0, -1, 0)), (True, (0, 0, -1))):
        m = table(3, dict(hands), discard="2S", stock=stock, three_of_a_kind=alt)
        play_all(m, round_moves([0, 1, 2], first=1, knocker=0, stock=stock))  # seats 1 and 2 play, seat 0 knocks
        assert last_row_points(m) == expected, alt


# --- out of quarters -----------------------------------------------------------------------------------
STOCK6 = "6C 7C 8C 9C 10C JC"


def test_one_round_on_your_face_then_out_and_skipped() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="4C", stock=STOCK6, start_quarters=1)
    assert fact(m, "quarters") == [0, 0, 0]  # after the ante every player is on their face
    v = view(m, 0)
    assert v.fact("on_face") == [0, 1, 2] and not v.has_fact("out")
    play_all(m, round_moves([0, 1, 2], first=1, knocker=1, stock=STOCK6))
    assert fact(m, "out") == [0]
    assert any("thirty_one.pay.face" in n for n in last_notes(m))
    # the next deal skips seat 0, and so do the turns
    assert view(m, 0).hand == () and len(view(m, 1).hand) == 3 and 0 not in m.to_act()
    assert view(m, None).dealer == 1


def test_a_knocker_who_cannot_pay_double_has_one_round_on_their_face() -> None:
    """The book: "You have one round on your face after you are out of quarters" — however you
    ran out. A lowest knocker with one quarter pays it and plays on; the next payment puts them out."""
    hands = {0: "AH KH 5C", 1: "2S 3S 2D", 2: "9D 10D 3C"}
    m = table(3, hands, discard="4C", stock="6C 7C 8C", start_quarters=2)
    assert fact(m, "quarters") == [1, 1, 1]
    # seat 1 knocks and is lowest; the next hand, seat 1 dealing, deals the same cards
    m = then(m, round_moves([0, 1, 2], first=1, knocker=1, stock="6C 7C 8C"), hands, discard="4C",
             stock="6C 7C 8C 9C")
    assert not view(m, None).has_fact("out"), "seat 1 is on their face, not out"
    assert fact(m, "quarters")[1] == 0 and m.sheet.rows[0].points == (0, -1, 0)
    assert any("owed 2 and paid the 1 left and is on their face [thirty_one.pay.face]" in n
               for n in m.sheet.rows[0].notes)
    assert "seat 1 pays a quarter of the 2 owed and is on their face" in told(m, 0)
    assert view(m, 0).fact("on_face") == [1]
    # the next time seat 1 has to pay, they are out
    play_all(m, round_moves([0, 1, 2], first=2, knocker=2, stock="6C 7C 8C 9C"))
    assert fact(m, "out") == [1] and last_row_points(m) == (0, 0, 0)
    assert "seat 1 owes a quarter on their face and is out" in told(m, 0)
    assert view(m, 0).fact("out") == [1]


@pytest.mark.parametrize("older", ["2", "3"])
def test_records_of_older_rules_are_refused(older: str) -> None:
    """3: the face rule changed who goes out; 4: the discard is taken with 'take discard'."""
    assert gamenight.get_game(GAME).spec.rules_version == "4"
    match = gamenight.load(GAME, players=3, seed=1)
    record = dict(match.record(), rules_version=older)
    with pytest.raises(gamenight.MatchRecordError):
        gamenight.restore(record)


def test_playing_on_your_face_is_allowed() -> None:
    # seat 0 knocks first in a hand seat 2 deals, is lowest and pays double: 2 quarters, all it has
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, dealer=2, discard="4C", stock="6C 7C 8C",
              start_quarters=3)
    m = then(m, round_moves([0, 1, 2], first=0, knocker=0, stock="6C 7C 8C"),
             {0: "AH KH 5C", 1: "2S 3S 2D", 2: "9D 10D 3C"}, discard="4C", stock="6C 7C 8C")
    assert fact(m, "quarters") == [0, 2, 2] and m.to_act() == (1,)
    play_all(m, round_moves([0, 1, 2], first=1, knocker=1, stock="6C 7C 8C"))  # seat 0 on its face is not lowest
    assert not view(m, None).has_fact("out")
    assert fact(m, "quarters") == [0, 0, 2]


def test_last_player_remaining_wins_the_pot() -> None:
    # seat 0 pays its last quarter in a hand seat 1 deals
    m = table(2, {0: "2H 3H 5C", 1: "AS KS 2D"}, dealer=1, discard="4C", stock="6C 7C 8C", start_quarters=2)
    m = then(m, round_moves([0, 1], first=0, knocker=1, stock="6C 7C 8C"),
             {0: "2H 3H 5C", 1: "AS KS 2D"}, discard="4C", stock="6C 7C 8C")
    assert fact(m, "quarters") == [0, 1] and m.to_act() == (1,)
    pot = pot_amount(view(m, None))
    play_all(m, round_moves([0, 1], first=1, knocker=1, stock="6C 7C 8C"))
    assert m.over
    assert m.result().winners == (1,)
    assert m.sheet.rows[-1].label == "the pot"
    assert m.sheet.rows[-1].points == (0, pot)
    assert fact(m, "quarters") == [0, 1 + pot]
    assert "thirty_one.object.last" in m.sheet.rows[-1].notes[0]


def test_when_everyone_still_in_would_go_out_nobody_does() -> None:
    m = table(2, {0: "2H 3H 5C", 1: "2S 3S 5D"}, discard="4C", stock="6C 7C 8C", start_quarters=1)
    assert fact(m, "quarters") == [0, 0]
    play_all(m, round_moves([0, 1], first=1, knocker=1, stock="6C 7C 8C"))
    assert not view(m, None).has_fact("out") and not m.over
    assert any("thirty_one.pay.all-out" in n for n in last_notes(m))


def test_eliminated_players_are_ranked_by_when_they_went_out() -> None:
    stock = "6C 7C 8C 9C"
    m = table(3, {0: "2H 3H 5C", 1: "AS 2S 5D", 2: "AH KH QD"}, discard="4C", stock=stock, start_quarters=1)
    m = then(m, round_moves([0, 1, 2], first=1, knocker=2, stock=stock),
             {1: "2H 3H 5C", 2: "AH KH QD"}, discard="4C", stock=stock)
    assert fact(m, "out") == [0]
    play_all(m, round_moves([1, 2], first=2, knocker=2, stock=stock))
    assert m.over
    assert m.result().ranking == ((2,), (1,), (0,))


# --- the stock running out ---------------------------------------------------------------------------
def test_empty_stock_reshuffles_the_discards_except_the_top_card() -> None:
    m = table(2, {0: "2H 3H 5C", 1: "AS KS 2D"}, discard="4C")
    while view(m, None).zone("stock").hidden:  # type: ignore[union-attr]
        throw_back(m, m.to_act()[0])
    pile = view(m, None).pieces("discard")
    seat = m.to_act()[0]
    play(m, seat, "draw stock")
    assert view(m, None).pieces("discard") == pile[-1:]
    assert view(m, None).zone("stock").hidden == len(pile) - 2 and len(view(m, seat).hand) == 4  # type: ignore[union-attr]


def test_empty_stock_can_end_the_hand_instead() -> None:
    m = table(2, {0: "2H 3H 5C", 1: "AS KS 2D"}, discard="4C", empty_stock="end")
    while view(m, None).zone("stock").hidden > 1:  # type: ignore[union-attr]
        throw_back(m, m.to_act()[0])
    assert m.to_act() == (1,)
    throw_back(m, 1)
    assert hand_no(m) == 2
    assert last_row_points(m) == (-1, 0)
    assert any("thirty_one.play.stock-end" in n for n in last_notes(m))


# --- dealer rotation and table customs -------------------------------------------------------------------
def test_dealer_rotates_left_among_remaining_players() -> None:
    # seat 0 is lowest twice: on its face, then out; seat 3 deals the hand after
    others = {1: "AS KS 2D", 2: "AD KD 3C", 3: "AC KC 4S"}
    stock = "6C 7C 8C 9C"
    m = table(4, {0: "2H 3H 5C", **others}, dealer=1, discard="4C", stock=stock, start_quarters=2)
    m = then(m, round_moves([0, 1, 2, 3], first=2, knocker=2, stock=stock), {0: "2H 3H 5C", **others},
             discard="4C", stock=stock)
    m = then(m, round_moves([0, 1, 2, 3], first=3, knocker=3, stock=stock),
             {1: "2H 3H 5C", 2: "AS KS 2D", 3: "AD KD QD"}, discard="4C", stock="6C 7C 8C")
    assert fact(m, "out") == [0] and view(m, None).dealer == 3
    assert m.to_act() == (1,)
    play_all(m, round_moves([1, 2, 3], first=1, knocker=1, stock="6C 7C 8C"))
    assert view(m, None).dealer == 1 and m.to_act() == (2,)
    assert view(m, 0).hand == ()


def test_dealt_back_in_is_a_table_custom_only() -> None:
    clause = RULES["thirty_one.custom.dealt-back"]
    assert clause.text.startswith("Table custom") and clause.section == "Table customs"


# --- whole matches ---------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["standard", "alternates"])
@pytest.mark.parametrize("players", [2, 5, 8])
def test_seeded_random_matches_end(preset: str, players: int) -> None:
    for seed in range(3):
        match = gamenight.load(GAME, players=players, seed=seed, preset=preset)
        rng = random.Random(seed)
        steps = 0
        while not match.over:
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
            steps += 1
            assert steps < 20_000
        assert sum(fact(match, "quarters")) == players * 4
        assert len(match.result().winners) == 1


def test_options_each_played_to_the_end() -> None:
    for opts in ({"ante_each_hand": True}, {"empty_stock": "end"}, {"start_quarters": 2}):
        match = gamenight.load(GAME, players=4, seed=9, options=opts)
        rng = random.Random(9)
        while not match.over:
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
        assert match.result().winners


# --- events, zones and refusals ------------------------------------------------------------------------
def test_events_draws_discards_knock_and_who_pays() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="4C", stock="6C 7C 8C 9C")
    mark = m.event_count
    play(m, 1, "knock", "draw stock", "discard 6C")
    play(m, 2, "take discard", "discard 3C")
    assert told(m, 1, mark) == ["seat 1 knocks", "seat 1 draws 6C", "seat 1 discards 6C",
                                "seat 2 takes 6C from the discard pile", "seat 2 discards 3C"]
    assert told(m, 0, mark)[1] == "seat 1 draws from the stock", "a card from the stock is private"
    mark = m.event_count
    play(m, 0, "draw stock", "discard 7C")
    summary = told(m, None, mark)
    assert summary[2:6] == ["seat 0 shows 5C 2H 3H: 5", "seat 1 shows 2D KS AS: 21", "seat 2 shows 6C 9D 10D: 19",
                            "seat 0 pays a quarter"]
    assert summary[-1].startswith("seat 1 deals three cards each and turns up ")


def test_a_card_taken_from_the_discard_pile_is_known_to_everyone() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="QS", stock="6C 7C 8C")
    play(m, 1, "take discard")
    taken = [z for z in view(m, 0).zones if z.name == "taken" and z.owner == 1]
    assert taken[0].pieces == ("QS",) and taken[0].kind is ZoneKind.HAND
    mine = view(m, 1)
    assert set(mine.hand) == {"AS", "KS", "QS", "2D"}, "the owner's hand is both its zones"
    mark = m.event_count
    play(m, 1, "discard 2D")
    assert told(m, 0, mark)[:2] == ["seat 1 discards 2D", "seat 1 has 31 and lays down QS KS AS"]
    assert hand_no(m) == 2 and "seat 0 pays a quarter" in told(m, 0, mark)


def test_refusals_say_why() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="4C", stock="6C 7C 8C",
              knock_whole_turn=True)
    assert refusal(m, 1, "show").detail == "your hand is worth 21, not 31"
    assert refusal(m, 1, "discard 2D").detail == "draw from the stock or the discard pile before you discard"
    play(m, 1, "draw stock")
    assert refusal(m, 1, "knock").detail == "knocking is your whole turn: you may not knock once you have drawn"
    assert refusal(m, 1, "discard QH").detail == "you can only discard a card you hold"
    assert refused(m, 1, "discard 2") == "rummy.turn.discard", "a number is not the card 2C"
    assert refusal(m, 1, "draw stock").detail == "you have drawn: now discard"
    play(m, 1, "discard 6C")
    play(m, 2, "knock")
    assert refusal(m, 0, "knock").clause_id == "thirty_one.play.one-knock"


def test_a_player_who_is_out_is_told_so() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="4C", stock="6C 7C 8C", start_quarters=1)
    play_all(m, round_moves([0, 1, 2], first=1, knocker=1, stock="6C 7C 8C"))  # seat 0 is lowest on its face
    assert fact(m, "out") == [0]
    assert refused(m, 0, "draw stock") == "thirty_one.pay.skip-out"


def test_views_show_quarters_pot_and_the_knocker() -> None:
    m = table(3, {0: "2H 3H 5C", 1: "AS KS 2D", 2: "9D 10D 3C"}, discard="4C", stock="6C 7C 8C")
    play(m, 1, "knock")
    v = view(m, None)
    assert v.fact("quarters") == [3, 3, 3] and pot_amount(v) == 3 and v.fact("knocker") == 1
    assert v.phase == "draw" and not v.has_fact("value"), "a spectator has no hand to value"
    assert view(m, 1).fact("value") == 21
