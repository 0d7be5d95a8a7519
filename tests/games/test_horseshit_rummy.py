"""Horseshit Rummy (rulebook 000): each clause in a dealt situation, played through the game's own
moves: hands sized by their face-up card, the dealer's rank wild, the spread pile picked as deep as a
natural pair allows, sets of three or more with a natural card, playing on others' melds from the
round after you meld, going out with or without a discard, the count and the game to 1500, and the
two alternate rules (aces 50, a wild card picked with cards of its rank).

A scenario deals the deck as it came in the probe, so the face-up cards it is built on are the
deck's first cards: 3 to the left of the dealer, then 4, 5... to the dealer, whose rank is wild."""

from __future__ import annotations

from typing import Any

import pytest

from gamenight.core.cards import cards
from gamenight.engine.match import Match
from gamenight.engine.view import ZoneKind
from gamenight.games.horseshit_rummy import rules as r
from gamenight.games.horseshit_rummy.rules import deck, hand_size, values
from gamenight.testing import refusal, scenario

GAME = "horseshit_rummy"
# three players, seat 0 deals: seat 1 has 3 cards, seat 2 has 4, seat 0 has 5 and 5s are wild
SEAT1 = "3H 9C 9D"
SEAT2 = "4H 9H KC KD"
SEAT0 = "5H 5D QC QD 7S"


def spare(*named: str) -> list[str]:
    pool = [str(c) for c in deck(3)]
    for text in named:
        for c in text.split():
            pool.remove(c)
    return pool


def table(hands: dict[int, str] | None = None, *, draws: str = "", players: int = 3,
          moves: tuple[tuple[int, str], ...] = (), scores: list[float] | None = None, **options: Any) -> Match:
    """Seat 0 deals ``hands`` (by default SEAT0, SEAT1, SEAT2); the stock is drawn in ``draws`` order."""
    hands = hands if hands is not None else {0: SEAT0, 1: SEAT1, 2: SEAT2}
    stock = [*spare(*hands.values(), draws), *reversed(draws.split())]
    return scenario(GAME, players=players, dealer=0, options=options or None, moves=moves, scores=scores,
                    hands=hands, zones={"stock": " ".join(stock)})


def clause_of(m: Match, seat: int, action: str) -> tuple[str, str]:
    e = refusal(m, seat, action)
    return e.clause_id, e.detail


# seat 1 throws JS, seat 2 throws 9H, seat 0 throws 8D: the pile is JS 9H 8D and seat 1 is to play
AROUND = ((1, "draw stock"), (1, "discard JS"), (2, "draw stock"), (2, "discard 9H"), (0, "draw stock"),
          (0, "discard 8D"))
AROUND_DRAWS = "JS 8C 8D"


# --- the deal -----------------------------------------------------------------------------------------
def test_a_hand_is_as_big_as_its_face_up_card() -> None:
    assert [hand_size(c) for c in deck(3)[:12]] == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]  # 3 ... jack, ace 14


def test_the_deal_turns_up_each_first_card_and_the_dealers_rank_is_wild() -> None:
    m = table()
    v = m.view(1)
    assert [len(z.pieces) + z.hidden for z in v.zones if z.kind is ZoneKind.HAND and z.name == "hand"] == [4, 2, 3]
    face_up = {z.owner: z.pieces for z in v.zones if z.name == "taken"}
    assert face_up == {0: ("5H",), 1: ("3H",), 2: ("4H",)}
    assert v.fact("wild") == "5s" and v.pieces("discard") == ()
    assert m.to_act() == (1,)


# --- the pile -------------------------------------------------------------------------------------------------
def test_the_pile_is_picked_as_deep_as_a_natural_pair_allows() -> None:
    m = table(draws=AROUND_DRAWS, moves=AROUND)
    assert m.view(1).pieces("discard") == ("JS", "9H", "8D")
    m.apply(1, "dig 9H 9C 9D")
    v = m.view(2)
    assert v.pieces("discard") == ("JS",)
    meld = next(z for z in v.zones if z.kind is ZoneKind.MELD)
    assert meld.pieces == ("9H", "9C", "9D") and meld.owner == 1
    assert next(z for z in v.zones if z.name == "taken" and z.owner == 1).pieces == ("3H", "8D")
    assert "{0} picks the pile down to 9H, melding it with 9C 9D, and takes 8D" in [e.text for e in m.events(2)]


def test_the_pile_is_never_picked_without_two_natural_cards() -> None:
    m = table(hands={0: SEAT0, 1: "3H 9C 5S", 2: SEAT2}, draws=AROUND_DRAWS, moves=AROUND)
    clause, why = clause_of(m, 1, "dig 9H 9C 5S")
    assert clause == r.PICK.id and why == "picking to 9H takes two natural 9s from your hand"
    assert clause_of(m, 1, "take discard")[0] == r.PICK.id
    assert clause_of(m, 1, "dig QH 9C 5S")[1] == "QH is not in the discard pile"


# seat 1 throws 9C, seat 2 throws 5C (wild): seat 0 is to play
WILD_ON_TOP = ((1, "draw stock"), (1, "discard 9C"), (2, "draw stock"), (2, "discard 5C"))
WILD_HANDS = {0: "5H 5D 9S 9D 7S", 1: "3H 9C 9D", 2: "4H 5C KC KD"}


def test_a_wild_card_comes_only_inside_a_pile_picked_to_a_natural_card() -> None:
    m = table(WILD_HANDS, draws="9H 8C", moves=WILD_ON_TOP)
    clause, why = clause_of(m, 0, "dig 5C 5H 5D")
    assert clause == r.NO_WILD_PICK.id
    assert why == "5C is wild: it comes only inside a pile picked down to a natural card"
    m.apply(0, "dig 9C 9S 9D")
    assert "5C" in m.view(0).hand


def test_the_house_rule_picks_a_wild_card_with_two_more_of_its_rank() -> None:
    m = table(WILD_HANDS, draws="9H 8C", moves=WILD_ON_TOP, wild_pick=True)
    clause, why = clause_of(m, 0, "dig 5C 9S 9D")
    assert clause == r.WILD_PICK.id and why == "picking to 5C takes two more 5s from your hand"
    m.apply(0, "dig 5C 5H 5D")
    meld = next(z for z in m.view(1).zones if z.kind is ZoneKind.MELD)
    assert meld.pieces == ("5C", "5H", "5D") and meld.label == "1: wild cards (3)"


# --- melds and playing on them -----------------------------------------------------------------------------
PLAY_ON_HANDS = {0: "5H KC KD KS 7S", 1: "3H 9C 8D", 2: "4H 9H 9S 9D"}
PLAY_ON_DRAWS = "JS JH 9C QH JD JC"
PLAY_ON_MOVES = ((1, "draw stock"), (1, "discard JS"), (2, "draw stock"), (2, "meld 9H 9S 9D"), (2, "discard JH"),
                 (0, "draw stock"))


def test_melds_are_sets_of_three_or_more_with_a_natural_card() -> None:
    m = table(PLAY_ON_HANDS, draws=PLAY_ON_DRAWS, moves=PLAY_ON_MOVES)
    assert clause_of(m, 0, "meld KC KD")[0] == r.MELD.id
    assert clause_of(m, 0, "meld KC KD 7S")[0] == r.rummy.SETS_ONLY.id
    m2 = table({0: "5H 5D 5S KS 7S", 1: "3H 9C 8D", 2: "4H 9H 9S 9D"}, draws=PLAY_ON_DRAWS, moves=PLAY_ON_MOVES)
    clause, why = clause_of(m2, 0, "meld 5H 5D 5S")
    assert clause == r.rummy.ONE_NATURAL.id and why == "a meld needs at least 1 natural card; 5H 5D 5S has 0"
    m2.apply(0, "meld KS 5H 5D")


def test_others_melds_are_played_on_from_the_round_after_you_meld() -> None:
    m = table(PLAY_ON_HANDS, draws=PLAY_ON_DRAWS, moves=PLAY_ON_MOVES)
    m.apply(0, "meld KC KD KS")
    assert clause_of(m, 0, "lay 9C on 1")[0] == r.NOT_WHEN_MELDING.id
    assert clause_of(m, 0, "meld 9C on 1")[0] == r.NOT_WHEN_MELDING.id
    m.apply(0, "discard 7S")
    m.apply(1, "draw stock")
    clause, why = clause_of(m, 1, "lay 9C on 1")
    assert clause == r.PLAY_ON.id and why == "meld 1 is another player's: you play on it the round after you meld"
    m.apply(1, "discard QH")
    m.apply(2, "draw stock")
    m.apply(2, "discard JD")
    m.apply(0, "draw stock")
    m.apply(0, "lay 9C on 1")
    meld = next(z for z in m.view(1).zones if z.kind is ZoneKind.MELD)
    assert meld.pieces == ("9H", "9S", "9D", "9C") and meld.by == (2, 2, 2, 0)


def test_wild_cards_are_never_stolen() -> None:
    m = table(PLAY_ON_HANDS, draws=PLAY_ON_DRAWS, moves=PLAY_ON_MOVES)
    assert clause_of(m, 0, "swap 9C on 1")[0] == r.NO_STEALING.id


# --- going out and scoring -----------------------------------------------------------------------------------
OUT_HANDS = {0: "5H AC KD 5S 7S", 1: "3H 3C 3D", 2: "4H 9H QS AD"}


@pytest.mark.parametrize(("options", "seat0", "seat2"), [({}, -315, -120), ({"ace_points": 50}, -265, -70)])
def test_going_out_in_the_first_round_without_a_discard(options: dict[str, Any], seat0: int, seat2: int) -> None:
    m = table(OUT_HANDS, draws="3S", moves=((1, "draw stock"),), **options)
    m.apply(1, "meld 3H 3C 3D 3S")
    row = m.sheet.rows[-1]
    # seat 1: four 3s; seat 0: two wild 5s 200, an ace, KD 10, 7S 5; seat 2: 4H 9H 10, QS 10, an ace
    assert row.points == (seat0, 20, seat2)
    assert any(r.GO_OUT.id in n for n in row.notes) and any(r.COUNT.id in n for n in row.notes)
    assert m.to_act() == (1,)  # the next dealer deals


def test_the_card_values() -> None:
    table_ = values(7, 100)
    assert [table_[c] for c in cards("7H AS KD 10C 9S 3H")] == [100, 100, 10, 10, 5, 5]
    assert values(14, 50)[cards("AS")[0]] == 100  # an ace is wild when the dealer turned one up


def test_the_first_player_to_1500_wins() -> None:
    m = table(OUT_HANDS, draws="3S 4S", moves=((1, "draw stock"), (1, "meld 3H 3C 3D"), (1, "discard 3S")),
              scores=[0, 1490, 0])
    assert m.over and m.result().winners == (1,)
    assert any(r.OBJECT.id in n for n in m.sheet.rows[-1].notes)


def test_an_empty_stock_ends_the_hand() -> None:
    m = table()
    while m.view(0).zone("stock").hidden:  # type: ignore[union-attr]
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {m.view(seat).hand[-1]}")
    m.apply(m.to_act()[0], "draw stock")
    assert any(r.EMPTY_STOCK.id in n for n in m.sheet.rows[-1].notes)
