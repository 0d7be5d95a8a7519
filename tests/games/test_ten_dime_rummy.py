"""10 Dime Rummy (rulebook 000): each clause in a dealt situation, played through the game's own
moves: the draw from the stock, the discard bought for a dime with two stock cards by anyone at any
time, the required meld of each round, sets only with tame cards at least as many as wild ones,
playing on anyone's melds in front of yourself, going out with or without a discard once everybody
has played, the count of each round and the pot after the eighth."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.engine.match import Match
from gamenight.engine.view import ZoneKind
from gamenight.games.ten_dime_rummy import rules as r
from gamenight.games.ten_dime_rummy.rules import CONTRACTS, deck
from gamenight.testing import pot_amount, refusal, scenario

GAME = "ten_dime_rummy"

SEAT1 = "7H 7D 7S 9C 9D KS QH 5C 6D 8S 10H 4C"
SEAT0 = "3H 3D JK 2C AH AD KD QC 4S 5S 6S 8D"


def spare(*named: str, decks: int = 3) -> list[str]:
    """The cards of the deck that no text names, in deck order (each name takes one copy)."""
    pool = [str(c) for c in deck(decks)]
    for text in named:
        for c in text.split():
            pool.remove(c)
    return pool


def dealt(hands: dict[int, str], top: str = "4D", draws: str = "") -> dict[str, Any]:
    """A deal as ``scenario`` takes it: ``top`` turned up, the stock drawn in the order ``draws`` lists."""
    stock = [*spare(*hands.values(), top, draws), *reversed(draws.split())]
    return {"hands": hands, "zones": {"stock": " ".join(stock), "discard": top}}


def table(hands: dict[int, str] | None = None, *, top: str = "4D", draws: str = "", players: int = 2,
          moves: tuple[tuple[int, str], ...] = (), **options: Any) -> Match:
    """Seat 0 deals ``hands`` (by default SEAT0 and SEAT1); seat 1 plays first."""
    hands = hands if hands is not None else {0: SEAT0, 1: SEAT1}
    return scenario(GAME, players=players, dealer=0, options=options or None, moves=moves,
                    **dealt(hands, top, draws))


def cards_of(m: Match, seat: int) -> list[str]:
    return sorted(m.view(seat).hand)


def clause_of(m: Match, seat: int, action: str) -> tuple[str, str]:
    e = refusal(m, seat, action)
    return e.clause_id, e.detail


# --- the deal and the turn -----------------------------------------------------------------------------
def test_the_deal_gives_twelve_cards_ten_dimes_and_turns_one_up() -> None:
    m = table()
    v = m.view(1)
    assert len(v.hand) == 12 and v.pieces("discard") == ("4D",)
    assert v.fact("dimes") == [100, 100] and pot_amount(v) == 0
    assert v.fact("round") == 1 and v.fact("contract") == "1 set of 3"
    assert m.to_act() == (1, 0)  # seat 1 on turn, seat 0 asked about the 4D


def test_a_turn_draws_from_the_stock_never_takes_the_discard() -> None:
    m = table(draws="KH")
    assert clause_of(m, 1, "take discard")[0] == r.BUY.id
    assert clause_of(m, 1, "discard 7H")[0] == r.TURN.id
    m.apply(1, "draw stock")
    assert "KH" in m.view(1).hand
    assert clause_of(m, 1, "draw stock")[0] == r.TURN.id


# --- buying ----------------------------------------------------------------------------------------------
def test_buying_costs_a_dime_and_brings_two_stock_cards() -> None:
    m = table(draws="QS JS")
    m.apply(0, "buy 4D")
    assert sorted(m.view(0).hand) == sorted([*SEAT0.split(), "4D", "QS", "JS"])
    assert m.view(1).fact("dimes") == [90, 100] and pot_amount(m.view(1)) == 10
    assert m.view(1).pieces("discard") == ()
    seen_by_1 = [e.text for e in m.events(1)]
    assert "{0} buys 4D for a dime and 2 from the stock" in seen_by_1
    assert not any("QS" in t for t in seen_by_1)
    taken = next(z for z in m.view(1).zones if z.name == "taken" and z.owner == 0)
    assert taken.pieces == ("4D",)


@pytest.mark.parametrize("drawn_first", [False, True])
def test_the_player_on_turn_may_buy_before_or_after_drawing(drawn_first: bool) -> None:
    m = table(draws="KH QS JS" if drawn_first else "QS JS KH")
    if drawn_first:
        m.apply(1, "draw stock")
    m.apply(1, "buy 4D")
    assert len(m.view(1).hand) == 15 + drawn_first
    assert m.to_act() == (1,)  # the pile is empty: nobody else is asked


def test_buying_again_takes_the_next_discard_down() -> None:
    m = table(draws="KH QS JS 10S 9S", moves=((0, "pass 4D"), (1, "draw stock"), (1, "discard KH")))
    assert m.view(0).pieces("discard") == ("4D", "KH")
    assert clause_of(m, 1, "buy KH")[1] == "you threw KH: you may buy again once another card shows on top"
    m.apply(0, "buy KH")
    assert m.view(1).pieces("discard") == ("4D",)
    m.apply(0, "buy 4D")
    assert m.view(1).fact("dimes") == [80, 100] and pot_amount(m.view(1)) == 20
    assert sorted(m.view(0).hand) == sorted([*SEAT0.split(), "KH", "QS", "JS", "4D", "10S", "9S"])


def test_any_player_may_buy_out_of_turn_and_a_pass_holds_until_a_new_card_shows() -> None:
    m = table(players=3, hands={0: SEAT0, 1: SEAT1, 2: "3S 3C 5D 5H 6C 6H 8C 8H 10C 10D JC JD"},
              draws="KH QS JS")
    assert m.to_act() == (1, 2, 0)
    m.apply(2, "pass 4D")
    assert m.to_act() == (1, 0)
    assert clause_of(m, 2, "buy 4D")[0] == r.BUY_ANY_TIME.id
    m.apply(1, "draw stock")
    m.apply(1, "discard KH")
    assert m.to_act() == (2, 0)  # a new card on top: everyone but its thrower is asked again
    m.apply(0, "buy KH")
    assert m.view(0).fact("dimes") == [90, 100, 100]
    assert m.to_act() == (2, 0, 1)  # 4D shows again


def test_buying_names_the_top_card_and_needs_a_dime() -> None:
    m = table(draws="KH")
    assert "is not the top discard" in clause_of(m, 0, "buy 7H")[1]
    assert clause_of(m, 1, "pass 4D")[0] == r.BUY_ANY_TIME.id  # on your turn nobody waits for you
    assert clause_of(m, 0, "draw stock")[0] == r.BUY_ANY_TIME.id


def test_a_player_without_dimes_is_not_asked_and_cannot_buy() -> None:
    m = table()
    m.apply(0, "buy 4D")
    while m.view(0).fact("dimes")[0]:
        turn = m.to_act()[0]
        m.apply(turn, "draw stock")
        card = m.view(turn).hand[0]
        m.apply(turn, f"discard {card}")
        if turn == 1:
            m.apply(0, f"buy {card}")
    assert pot_amount(m.view(1)) == 100
    if m.to_act()[0] == 0:
        m.apply(0, "draw stock")
        m.apply(0, f"discard {m.view(0).hand[0]}")
    m.apply(1, "draw stock")
    card = m.view(1).hand[0]
    m.apply(1, f"discard {card}")
    assert m.to_act() == (0,)
    assert m.view(0).prompt.text == "Draw from the stock."
    m.apply(0, "draw stock")
    clause, why = clause_of(m, 0, f"buy {card}")
    assert clause == r.BUY.id and why == "you have no dimes left"


# --- the required meld -------------------------------------------------------------------------------------
def test_the_first_meld_is_the_required_meld() -> None:
    m = table(draws="KH", moves=((0, "pass 4D"), (1, "draw stock")))
    assert clause_of(m, 1, "meld 9C 9D")[0] == r.MORE_SETS.id
    assert clause_of(m, 1, "lay 7H on 1")[0] == r.REQUIRED_FIRST.id
    m.apply(1, "meld 7H 7D 7S")
    assert m.view(0).fact("down") == [False, True]
    meld = next(z for z in m.view(0).zones if z.kind is ZoneKind.MELD)
    assert meld.owner == 1 and meld.pieces == ("7H", "7D", "7S") and meld.label == "1: 7s (3)"


def test_round_two_needs_two_sets_and_nothing_is_laid_before_it() -> None:
    m = scenario(GAME, players=2, dealer=0, hand=2, **dealt({0: SEAT1, 1: SEAT0}, draws="9H"))
    assert m.view(0).fact("contract") == "2 sets of 3" and m.to_act()[0] == 0
    m.apply(0, "draw stock")
    clause, why = clause_of(m, 0, "meld 7H 7D 7S")
    assert clause == r.REQUIRED.id and why == "the required meld is 2 sets of 3: 2 sets, not 1"
    assert clause_of(m, 0, "meld 7H 7D 7S and 9C 9D")[0] == r.MORE_SETS.id
    m.apply(0, "meld 7H 7D 7S and 9C 9D 9H")
    assert m.view(1).fact("down") == [True, False]


def test_the_required_meld_may_come_with_more_sets() -> None:
    m = table(hands={0: SEAT0, 1: "7H 7D 7S 9C 9D 9S KS QH 5C 6D 8S 10H"}, draws="KH",
              moves=((0, "pass 4D"), (1, "draw stock")))
    m.apply(1, "meld 7H 7D 7S and 9C 9D 9S")
    assert len([z for z in m.view(1).zones if z.kind is ZoneKind.MELD]) == 2


def test_sets_only_and_tame_cards_at_least_as_many_as_wild() -> None:
    m = table(hands={0: SEAT0, 1: "7H 7D JK 2C 8H 9H 5C 6D 8S 10H 4C 4H"}, draws="KH",
              moves=((0, "pass 4D"), (1, "draw stock")))
    assert clause_of(m, 1, "meld 8H 9H 10H")[0] == r.rummy.SETS_ONLY.id
    clause, why = clause_of(m, 1, "meld 7H JK 2C")
    assert clause == r.rummy.TAME_AT_LEAST_WILD.id and "2 wild and 1 natural" in why
    m.apply(1, "meld 7H 7D JK 2C")


def test_more_sets_after_the_required_meld_hold_three_cards() -> None:
    m = table(hands={0: SEAT0, 1: "7H 7D 7S 9C 9D KS QH 5C 6D 8S 10H 4C"}, draws="9S",
              moves=((0, "pass 4D"), (1, "draw stock"), (1, "meld 7H 7D 7S")))
    assert clause_of(m, 1, "meld 9C 9D")[0] == r.MORE_SETS.id
    m.apply(1, "meld 9C 9D 9S")


def test_wild_cards_are_never_stolen_from_melds() -> None:
    m = table(hands={0: SEAT0, 1: "7H 7D JK 9C 9D KS QH 5C 6D 8S 10H 7S"}, draws="KH",
              moves=((0, "pass 4D"), (1, "draw stock"), (1, "meld 7H 7D JK")))
    assert clause_of(m, 1, "swap 7S on 1")[0] == r.NO_STEALING.id


# --- playing on melds -------------------------------------------------------------------------------------
def test_play_on_any_meld_right_after_melding_and_it_counts_for_you() -> None:
    m = table(hands={0: "3H 3D 3S 2C AH AD KD QC 4S 5S 6S 8D", 1: SEAT1}, draws="KH QS",
              moves=((0, "pass 4D"), (1, "draw stock"), (1, "meld 7H 7D 7S"), (1, "discard KH")))
    m.apply(0, "draw stock")
    assert clause_of(m, 0, "lay 2C on 1")[0] == r.REQUIRED_FIRST.id
    m.apply(0, "meld 3H 3D 3S")
    m.apply(0, "lay 2C on 1")
    meld = [z for z in m.view(1).zones if z.kind is ZoneKind.MELD][0]
    assert meld.pieces == ("7H", "7D", "7S", "2C") and meld.by == (1, 1, 1, 0)


# --- going out ------------------------------------------------------------------------------------------------
def test_nobody_goes_out_before_everybody_has_had_a_play() -> None:
    hand = "7H 7D 7S 9C 9D 9S KS KD KH QH QD QS"
    m = table(hands={0: SEAT0, 1: hand}, draws="QC", moves=((0, "pass 4D"), (1, "draw stock")))
    m.apply(1, "meld 7H 7D 7S and 9C 9D 9S")
    m.apply(1, "meld KS KD KH")
    clause, why = clause_of(m, 1, "meld QH QD QS QC")
    assert clause == r.OUT_AFTER_ALL.id and "keep a card" in why


def test_going_out_without_a_discard_ends_the_round_and_scores_it() -> None:
    hand = "7H 7D 7S 9C 9D 9S KS KD KH QH QD AS"
    m = table(hands={0: SEAT0, 1: hand}, draws="QC JD QS",
              moves=((0, "pass 4D"), (1, "draw stock"), (1, "meld 7H 7D 7S and 9C 9D 9S"), (1, "discard AS"),
                     (0, "draw stock"), (0, "discard JD")))
    m.apply(1, "draw stock")
    m.apply(1, "meld KS KD KH and QH QD QS QC")
    row = m.sheet.rows[-1]
    # seat 1: 7s 3x5 + 9s 3x5 + kings 3x10 + queens 4x10 = 15 + 15 + 30 + 40
    assert row.points[1] == 100
    # seat 0: nothing out; in hand 3H 3D 5+5, JK 50, 2C 25, aces 40, KD QC 20, 4S 5S 6S 15, 8D 5
    assert row.points[0] == -(10 + 50 + 25 + 40 + 20 + 15 + 5)
    assert any(r.COUNT.id in n for n in row.notes) and any(r.GO_OUT.id in n for n in row.notes)
    assert m.to_act() == (1,)  # the next dealer deals round 2
    last = m.view(0).fact("last_round")  # by player ("seat 1" is shown as the name), never a bare number
    assert last["columns"][0] == "Player" and [row[0] for row in last["rows"]] == ["seat 0", "seat 1"]


def test_going_out_with_a_discard() -> None:
    hand = "7H 7D 7S 9C 9D 9S KS KD KH QH QD AS"
    m = table(hands={0: SEAT0, 1: hand}, draws="QC JD QS",
              moves=((0, "pass 4D"), (1, "draw stock"), (1, "meld 7H 7D 7S and 9C 9D 9S"), (1, "discard AS"),
                     (0, "draw stock"), (0, "discard JD"), (1, "draw stock"),
                     (1, "meld KS KD KH and QH QD QS")))
    m.apply(1, "discard QC")
    assert m.sheet.rows[-1].points[1] == 15 + 15 + 30 + 30


# --- the stock runs out ---------------------------------------------------------------------------------------
def _play_until_the_stock_is_empty(m: Match) -> None:
    rows = len(m.sheet.rows)
    while len(m.sheet.rows) == rows and m.view(0).zone("stock").hidden:  # type: ignore[union-attr]
        seat = m.to_act()[0]
        for other in m.to_act()[1:]:
            m.apply(other, f"pass {m.view(other).pieces('discard')[-1]}")
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {m.view(seat).hand[0]}")


def test_an_empty_stock_ends_the_round() -> None:
    m = table()
    _play_until_the_stock_is_empty(m)
    seat = m.to_act()[0]
    for other in m.to_act()[1:]:
        m.apply(other, f"pass {m.view(other).pieces('discard')[-1]}")
    m.apply(seat, "draw stock")
    assert any(r.EMPTY_STOCK.id in n for n in m.sheet.rows[-1].notes)


def test_a_house_may_reshuffle_the_discards_into_a_new_stock() -> None:
    m = table(empty_stock="reshuffle")
    _play_until_the_stock_is_empty(m)
    pile = len(m.view(0).pieces("discard"))
    seat = m.to_act()[0]
    for other in m.to_act()[1:]:
        m.apply(other, f"pass {m.view(other).pieces('discard')[-1]}")
    m.apply(seat, "draw stock")
    assert not m.sheet.rows
    assert m.view(0).zone("stock").hidden == pile - 2  # type: ignore[union-attr]
    assert len(m.view(0).pieces("discard")) == 1


# --- eight rounds and the pot ---------------------------------------------------------------------------------
def test_each_round_asks_its_required_meld() -> None:
    assert [str(c) for c in CONTRACTS] == ["1 set of 3", "2 sets of 3", "1 set of 4", "2 sets of 4", "1 set of 5",
                                           "2 sets of 5", "1 set of 6", "2 sets of 6"]


def _pass_all(m: Match) -> None:
    for other in m.to_act()[1:]:
        m.apply(other, f"pass {m.view(other).pieces('discard')[-1]}")


def test_the_highest_score_after_the_eighth_round_takes_the_pot() -> None:
    hand = "7H 7D 7S 7C 7H 7D 9S 9D 9C 9H 9S 9D"
    m = scenario(GAME, players=2, dealer=1, hand=8, **dealt({0: SEAT0, 1: hand}, draws="AS QD KC"))
    assert m.view(1).fact("contract") == "2 sets of 6" and m.to_act()[0] == 1
    _pass_all(m)
    m.apply(1, "draw stock")
    clause, _ = clause_of(m, 1, "meld 7H 7D 7S 7C 7H 7D and 9S 9D 9C 9H 9S 9D")
    assert clause == r.OUT_AFTER_ALL.id  # seat 0 has not had a play yet
    m.apply(1, "discard AS")
    _pass_all(m)
    m.apply(0, "draw stock")
    m.apply(0, "discard QD")
    _pass_all(m)
    pot, purse = pot_amount(m.view(1)), m.view(1).fact("dimes")
    before = m.sheet.totals
    m.apply(1, "draw stock")
    m.apply(1, "meld 7H 7D 7S 7C 7H 7D and 9S 9D 9C 9H 9S 9D")
    m.apply(1, "discard KC")
    assert m.over and m.sheet.rows[-1].points[1] == 60  # twelve cards of 5 points
    winner = max(range(2), key=lambda s: m.sheet.totals[s])
    assert m.result().winners == (winner,) and m.sheet.totals[1] == before[1] + 60
    assert m.view(None).fact("dimes")[winner] == purse[winner] + pot and pot_amount(m.view(None)) == 0
    assert any(r.POT.id in n for n in m.sheet.rows[-1].notes)
