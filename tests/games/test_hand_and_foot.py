"""Hand and Foot Canasta (rulebook 000): deals stacked with gamenight.testing and played by the game's
own moves: drawing two, picking the pile with a natural pair (and the book's five-card canasta
example), freezing, sets with naturals at least the wild cards, canastas closing at seven, wild
canastas, the foot, going out with a red, a black and a wild canasta (and sevens), black threes,
the stock running out, the rounds' minimums, and the Over and the Under."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import gamenight
from gamenight.core.cards import cards
from gamenight.engine.match import Match
from gamenight.engine.view import View
from gamenight.games.hand_and_foot import cards as hf
from gamenight.games.hand_and_foot.scoring import score_side
from gamenight.testing import refusal, scenario

GAME = "hand_and_foot"
PLAIN_RANKS = (4, 5, 6, 8, 9, 10, 11, 12, 13, 14)


def _spare(pack: Sequence[str], named: Sequence[str]) -> list[str]:
    taken = Counter(named)
    out = []
    for c in pack:
        if taken[c] > 0:
            taken[c] -= 1
        else:
            out.append(c)
    assert not +taken, f"named more often than the pack holds them: {sorted((+taken).elements())}"
    return out


def table(hands: dict[int, str], feet: dict[int, str] | None = None, *, pile: str = "8S", draws: str = "",
          players: int = 4, moves: Sequence[tuple[int, str]] = (), **options: Any) -> Match:
    """The last seat deals, seat 0 plays first. Hands and feet not given in full are filled with single
    plain cards; ``draws`` is the top of the stock in the order it is drawn."""
    pack = [str(c) for c in hf.pack(players)]
    feet = feet or {}
    named = [c for t in [*hands.values(), *feet.values(), pile, draws] for c in t.split()]
    fill = [c for c in _spare(pack, named) if cards(c)[0] & 15 in PLAIN_RANKS]

    def full(seat: int, text: str, size: int) -> str:
        """``text`` and filler of ranks the seat is not given, at most two of each: no set comes of it."""
        own = text.split()
        given = {cards(c)[0] & 15 for c in text.split()}
        while len(own) < size:
            card = next(c for c in fill if cards(c)[0] & 15 not in given
                        and sum(cards(x)[0] & 15 == cards(c)[0] & 15 for x in own) < 2)
            fill.remove(card)
            own.append(card)
        return " ".join(own)

    dealt = {s: full(s, hands.get(s, ""), hf.HAND) for s in range(players)}
    zones = {f"foot-{s}": full(s, feet.get(s, ""), hf.FOOT) for s in range(players)}
    used = [c for t in [*dealt.values(), *zones.values(), pile, draws] for c in t.split()]
    zones["stock"] = " ".join([*_spare(pack, used), *reversed(draws.split())])
    zones["discard"] = pile
    return scenario(GAME, players=players, dealer=players - 1, hands=dealt, zones=zones, moves=moves,
                    options=options or None)


def seen(m: Match, seat: int | None = None) -> View:
    view = m.view(seat)
    assert isinstance(view, View)
    return view


def refused(m: Match, action: str, clause: str) -> str:
    e = refusal(m, m.to_act()[0], action)
    assert e.clause_id == clause, str(e)
    return e.detail


def melds(m: Match, side: int) -> list[list[str]]:
    return [sorted(z.pieces) for z in seen(m).zones if z.name == "meld" and z.team == side]


# --- the deal and the draw -------------------------------------------------------------------------------
def test_each_player_gets_a_hand_of_15_and_a_foot_of_13_nobody_may_look_at() -> None:
    for players in (2, 4, 6):
        m = gamenight.load(GAME, players=players, seed=5)
        v = seen(m, 0)
        assert len(v.hand) == 15 and v.teams == tuple(tuple(range(t, players, 2)) for t in (0, 1))
        foot = v.zone("foot-0")
        assert foot is not None and foot.hidden == 13 and foot.pieces == ()
        assert not hf.is_wild(cards(v.pieces("discard")[-1])[0])
        total = sum(len(z.pieces) + z.hidden for z in v.zones)
        assert total == 54 * (players + 1)


def test_a_turn_draws_two_then_discards() -> None:
    m = table({}, draws="9C 9D")
    assert refused(m, "discard 4C", "hand_and_foot.draw") == "begin your turn by drawing"
    m.apply(0, "draw stock")
    assert {"9C", "9D"} <= set(seen(m, 0).hand) and len(seen(m, 0).hand) == 17
    assert refused(m, "draw stock", "hand_and_foot.draw") == "you have drawn this turn already"


# --- melds -----------------------------------------------------------------------------------------------
def test_the_first_meld_of_round_one_needs_90() -> None:
    m = table({0: "AC AD AS KC KD KS 7C 7D 7H"}, draws="9C 9D", moves=[(0, "draw stock")])
    assert refused(m, "meld AC AD AS and 7C 7D 7H", "hand_and_foot.minimum") == \
        "your side's first meld this round must be worth 90; AC AD AS 7C 7D 7H is worth 75"
    m.apply(0, "meld AC AD AS and KC KD KS")
    assert melds(m, 0) == [sorted(["AC", "AD", "AS"]), sorted(["KC", "KD", "KS"])]
    assert seen(m).fact("minimum") == 90


def test_a_set_has_at_least_as_many_naturals_as_wild_cards() -> None:
    m = table({0: "AC AD AS KC KD KS 7C 2C 2D"}, draws="9C 9D", moves=[(0, "draw stock")])
    assert "may not outnumber" in refused(m, "meld AC AD AS and 7C 2C 2D", "hand_and_foot.meld.sets")


def test_wild_cards_make_a_wild_canasta_of_their_own() -> None:
    m = table({0: "AC AD AS KC KD KS 2C 2D JK 2H QH"}, draws="9C 9D",
              moves=[(0, "draw stock"), (0, "meld AC AD AS and KC KD KS and 2C 2D JK")])
    assert melds(m, 0)[2] == sorted(["2C", "2D", "JK"])
    assert refused(m, "lay QH on 3", "hand_and_foot.meld.sets") == "meld 3 is made of wild cards only"
    m.apply(0, "lay 2H on 3")
    assert len(melds(m, 0)[2]) == 4


def test_a_canasta_closes_at_seven_cards() -> None:
    m = table({0: "AC AD AS AH AC AD AS AH KC KD KS"}, draws="9C 9D",
              moves=[(0, "draw stock"), (0, "meld AC AD AS AH AC AD AS and KC KD KS")])
    label = next(z.label for z in seen(m).zones if z.name == "meld")
    assert label == "1: red canasta of aces (closed)"
    assert "closed at 7" in refused(m, "lay AH on 1", "hand_and_foot.meld.sets")


# --- the pile --------------------------------------------------------------------------------------------------
def test_the_pile_is_picked_with_a_natural_pair_and_its_top_card_counts_for_the_minimum() -> None:
    m = table({0: "9C", 1: "9D 9H AC AD AS 2C"}, draws="4C 4D 5C 5D", moves=[(0, "draw stock"), (0, "discard 9C")])
    assert "natural pair of 9s" in refused(m, "take pile 9D 2C", "hand_and_foot.pile")
    assert "natural pair of 9s" in refused(m, "take pile 9D 9H AC", "hand_and_foot.pile")
    assert "worth 30" in refused(m, "take pile 9D 9H", "hand_and_foot.minimum")
    m.apply(1, "take pile 9D 9H and AC AD AS")  # 9 + 9 + 9 + 60 = 90: the top card counts
    assert melds(m, 1) == [sorted(["9D", "9H", "9C"]), sorted(["AC", "AD", "AS"])]
    assert sorted(p for z in seen(m).zones if z.name == "taken" and z.owner == 1 for p in z.pieces) == ["8S"]


def test_the_books_example_two_cards_close_the_canasta_and_two_start_a_new_one() -> None:
    m = table({0: "7C 7D 7H 7S 2C AC AD AS", 1: "7H", 2: "7D 7S 7C 7H"}, draws="4C 4D 5C 5D",
              moves=[(0, "draw stock"), (0, "meld 7C 7D 7H 7S 2C and AC AD AS"), (0, "discard 4C"),
                     (1, "draw stock"), (1, "discard 7H")])
    assert "close your open meld of 7s" in refused(m, "take pile 7D 7S", "hand_and_foot.pile.three")
    m.apply(2, "take pile 7D 7S and 7C 7H on 1")
    assert melds(m, 0) == [sorted(["7C", "7D", "7H", "7S", "2C", "7C", "7H"]), sorted(["AC", "AD", "AS"]),
                           sorted(["7D", "7S", "7H"])]


def test_a_wild_card_or_a_black_three_on_top_freezes_the_pile() -> None:
    for thrown in ("2D", "3S"):
        m = table({0: thrown, 1: "9D 9H AC AD AS"}, draws="4C 4D 5C 5D",
                  moves=[(0, "draw stock"), (0, f"discard {thrown}")])
        assert seen(m).fact("frozen") is True
        assert "has frozen the pile" in refused(m, "take pile 9D 9H", "rummy.pile.stop")


# --- the foot and going out ----------------------------------------------------------------------------------
def test_using_the_whole_hand_in_melds_picks_up_the_foot_and_play_goes_on() -> None:
    m = table({0: "AC AD AS AH KC KD KS KH QC QD QS JC JD JS 9S"}, {0: "5C 5D 5H"}, draws="9C 9D",
              moves=[(0, "draw stock"), (0, "meld AC AD AS AH and KC KD KS KH and QC QD QS and JC JD JS and 9S 9C 9D")])
    assert len(seen(m, 0).hand) == 13 and {"5C", "5D", "5H"} <= set(seen(m, 0).hand)
    assert seen(m).fact("in_foot") == [0] and m.to_act() == (0,) and seen(m).phase == "play"


def test_a_hand_ended_by_a_discard_picks_up_the_foot_for_the_next_turn() -> None:
    m = table({0: "AC AD AS AH KC KD KS KH QC QD QS QH JC JD JS"}, draws="JH 5D",
              moves=[(0, "draw stock"), (0, "meld AC AD AS AH and KC KD KS KH and QC QD QS QH and JC JD JS JH")])
    m.apply(0, "discard 5D")
    assert len(seen(m, 0).hand) == 13 and seen(m).fact("in_foot") == [0] and m.to_act() == (1,)


IN_THE_FOOT = [(0, "draw stock"), (0, "meld AC AD AS AH AC AD AS and KC KD KS KH 2C KC KD and 9S 9C 9D")]
"""Seat 0 melds a red canasta of aces, a black one of kings and its other cards, and picks up its foot."""


def _in_the_foot(foot: str, **options: Any) -> Match:
    m = table({0: "AC AD AS AH AC AD AS KC KD KS KH 2C KC KD 9S"}, {0: foot}, draws="9C 9D", moves=IN_THE_FOOT,
              **options)
    assert seen(m).fact("in_foot") == [0] and len(seen(m, 0).hand) == 13
    return m


def test_going_out_needs_a_red_a_black_and_a_wild_canasta() -> None:
    m = _in_the_foot("2H 2S JK 4C 4D 4H 5C 5D 5H 6C 6D 6H 8C")
    m.apply(0, "meld 4C 4D 4H and 5C 5D 5H and 6C 6D 6H")
    assert refused(m, "meld 2H 2S JK", "hand_and_foot.out.canastas") == \
        "your team still needs a wild canasta to go out: keep a card to discard"
    out = _in_the_foot("2H 2S JK 2D 2C JK 2H 4C 4D 4H 8C 8D 8H")
    out.apply(0, "meld 2H 2S JK 2D 2C JK 2H and 4C 4D 4H and 8C 8D 8H")
    assert out.sheet.rows[-1].label == "round 1" and seen(out).phase == "show"
    assert any("went out from the foot" in n for n in out.sheet.rows[-1].notes)


def test_a_house_may_ask_for_a_canasta_of_sevens_too() -> None:
    m = _in_the_foot("2H 2S JK 2D 2C JK 2H 4C 4D 4H 8C 8D 8H", sevens_canasta=True)
    assert refused(m, "meld 2H 2S JK 2D 2C JK 2H and 4C 4D 4H and 8C 8D 8H", "hand_and_foot.out.sevens") == \
        "your team has no canasta of 7s yet"


def test_black_threes_are_never_melded() -> None:
    m = table({0: "3S 3C 3S"}, draws="9C 9D", moves=[(0, "draw stock")])
    assert refused(m, "meld 3S 3C 3S", "hand_and_foot.black-threes") == "black threes are never melded"
    assert "only from your foot" in refused(m, "discard 3S 3C 3S", "hand_and_foot.black-threes")


def test_the_round_is_over_when_a_draw_takes_the_last_cards_of_the_stock() -> None:
    m = table({}, players=2)
    while True:
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        if seen(m).phase != "play":
            break
        m.apply(seat, f"discard {seen(m, seat).hand[0]}")
    stock = seen(m).zone("stock")
    assert stock is not None and stock.hidden == 0 and seen(m).phase == "show"
    assert any("the stock ran out" in n for n in m.sheet.rows[-1].notes)


# --- scoring ----------------------------------------------------------------------------------------------------
def test_the_over_and_the_under() -> None:
    melds_ = [cards("AC AD AS AH AC AD AS"), cards("KC KD KS 2C KH KD KS"), cards("2C 2D 2H 2S JK JK 2C"),
              cards("9C 9D 9S")]
    side = score_side(0, melds_, cards("3H 3D"), cards("JK 4C"), went_out=True)
    assert side.over == 100 + 500 + 300 + 2000 + 200
    assert side.under == 140 + 85 + 225 + 30
    assert side.held == 55 and side.total == side.over + side.under - 55
    nothing = score_side(1, [], cards("3H"), cards("KC"), went_out=False)
    assert nothing.over == -100 and nothing.total == -110


def test_four_rounds_and_their_minimums() -> None:
    m = gamenight.load(GAME, seed=2)
    assert seen(m).fact("round") == 1 and seen(m).fact("minimum") == 90
    rng = random.Random(2)
    minimums = {}
    while not m.over:
        minimums[seen(m).fact("round")] = seen(m).fact("minimum")
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    assert minimums == {1: 90, 2: 120, 3: 150, 4: 180}
    assert [r.label for r in m.sheet.rows] == ["round 1", "round 2", "round 3", "round 4"]
