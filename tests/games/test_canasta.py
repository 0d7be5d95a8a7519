"""Canasta (rulebook 001): deals stacked with gamenight.testing and played by the game's own moves,
for the pile (taking it, frozen, stopped, the book's sevens example), melds by rank for a side,
wild cards, red and black threes, the initial meld minimum, going out and "may I go out?", the
stock running out, and the score of a hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import gamenight
from gamenight.core.cards import cards
from gamenight.engine.match import Match
from gamenight.engine.view import View
from gamenight.games.canasta import cards as cc
from gamenight.games.canasta.scoring import score_side
from gamenight.testing import refusal, scenario

GAME = "canasta"
FILLER = [str(c) for c in cc.DECK if c & 15 in (4, 5, 6, 8, 9, 10, 11, 12, 13, 14) and not c.is_joker]


def _spare(named: Sequence[str]) -> list[str]:
    """The deck's cards less ``named`` (a face named twice takes both copies), in deck order."""
    taken = Counter(named)
    out = []
    for c in (str(x) for x in cc.DECK):
        if taken[c] > 0:
            taken[c] -= 1
        else:
            out.append(c)
    assert not +taken, f"named more often than the deck holds them: {sorted((+taken).elements())}"
    return out


def table(hands: dict[int, str], *, pile: str = "8S", draws: str = "", bottom: str = "",
          moves: Sequence[tuple[int, str]] = (), scores: Sequence[int] | None = None, **options: Any) -> Match:
    """Seat 3 deals; seat 0 plays first. Hands not given in full are filled with single cards (no
    wild card, no three); ``draws`` is the top of the stock in the order it is drawn, ``bottom`` the
    last card of the stock."""
    named = [c for text in hands.values() for c in text.split()] + pile.split() + draws.split()
    fill = [c for c in FILLER if c not in named]
    full: dict[int, str] = {}
    for seat in range(4):
        own = hands.get(seat, "").split()
        while len(own) < 11:
            own.append(fill.pop(0))
        full[seat] = " ".join(own)
    rest = _spare([c for h in full.values() for c in h.split()] + pile.split() + draws.split() + bottom.split())
    zones = {"stock": " ".join([*bottom.split(), *rest, *reversed(draws.split())]), "discard": pile}  # top last
    return scenario(GAME, dealer=3, hands=full, zones=zones, moves=moves, scores=scores, options=options or None)


def seen(m: Match, seat: int | None = None) -> View:
    view = m.view(seat)
    assert isinstance(view, View)
    return view


def refused(m: Match, action: str, clause: str, seat: int | None = None) -> str:
    e = refusal(m, m.to_act()[0] if seat is None else seat, action)
    assert e.clause_id == clause, str(e)
    return e.detail


def melds(m: Match, side: int) -> list[list[str]]:
    return [list(z.pieces) for z in seen(m).zones if z.name == "meld" and z.team == side]


def stock_left(m: Match) -> int:
    zone = seen(m).zone("stock")
    assert zone is not None
    return zone.hidden


def told(m: Match, viewer: int | None = None) -> list[str]:
    return [e.text for e in m.events(viewer)]


# --- the deal ------------------------------------------------------------------------------------------
def test_the_deal_eleven_each_a_turned_up_card_and_red_threes_laid_out() -> None:
    for seed in range(1, 30):
        m = gamenight.load(GAME, seed=seed)
        v = seen(m, None)
        assert [sum(z.hidden for z in v.zones if z.name == "hand" and z.owner == s) for s in range(4)] == [11] * 4
        pile = v.pieces("discard")
        assert not (cc.turned_up_again(cards(pile[-1])[0])), "the top card is neither wild nor a three"
        assert all(cc.turned_up_again(c) for c in cards(" ".join(pile[:-1])))
        threes = [p for z in v.zones if z.name == "bonus" for p in z.pieces]
        assert all(t in ("3H", "3D") for t in threes)
        assert sum(1 for z in v.zones for _ in z.pieces) + sum(z.hidden for z in v.zones) == 108


def test_seat_left_of_the_dealer_plays_first_and_partners_sit_opposite() -> None:
    m = table({})
    assert m.to_act() == (0,)
    assert seen(m).teams == ((0, 2), (1, 3))


# --- the first meld ----------------------------------------------------------------------------------------
def test_the_first_meld_must_reach_the_minimum_and_several_melds_count_together() -> None:
    m = table({0: "7D 7C 7S AC AD AS"}, draws="9H", moves=[(0, "draw stock")])
    assert "must be worth 50; 7D 7C 7S is worth 15" in refused(m, "meld 7D 7C 7S", "canasta.initial.minimum")
    m.apply(0, "meld 7D 7C 7S and AC AD AS")
    assert sorted(map(sorted, melds(m, 0))) == [sorted(["7D", "7C", "7S"]), sorted(["AC", "AD", "AS"])]


def test_the_minimum_follows_the_sides_score() -> None:
    for score, need in ((-10, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)):
        m = table({}, scores=[score, 0])
        assert seen(m).fact("sides")["rows"][0][2] == str(need)


def test_a_meld_needs_two_naturals_and_at_most_three_wild_cards() -> None:
    m = table({0: "7D 7C 2S JK 2H 2D KC KD KS QC QD"}, draws="9H", moves=[(0, "draw stock")])
    assert "at least 2 natural" in refused(m, "meld 7D 2S JK", "canasta.meld")
    assert "at most 3 wild" in refused(m, "meld 7D 7C 2S JK 2H 2D", "canasta.meld.wild-limit")
    assert "laid on a meld" in refused(m, "meld 2S JK", "canasta.meld.wilds")


def test_cards_of_a_rank_the_side_has_melded_merge_into_that_meld() -> None:
    m = table({0: "7D 7C 7S AC AD AS 7H 2S"}, draws="9H",
              moves=[(0, "draw stock"), (0, "meld 7D 7C 7S and AC AD AS"), (0, "meld 7H"), (0, "lay 2S on 1")])
    assert sorted(melds(m, 0)[0]) == sorted(["7D", "7C", "7S", "7H", "2S"])
    assert len(melds(m, 0)) == 2
    assert "not one of your side's" in refused(m, "lay 9H on 3", "canasta.turn.meld")


def test_the_partners_share_their_melds() -> None:
    m = table({0: "7D 7C 7S AC AD AS", 2: "7H QC QD"}, draws="9H 10H 10D",
              moves=[(0, "draw stock"), (0, "meld 7D 7C 7S and AC AD AS"), (0, "discard 9H"),
                     (1, "draw stock"), (1, "discard 10H"), (2, "draw stock"), (2, "meld 7H")])
    assert sorted(melds(m, 0)[0]) == sorted(["7D", "7C", "7S", "7H"])
    meld_zone = next(z for z in seen(m).zones if z.name == "meld" and z.team == 0)
    assert meld_zone.by == (0, 0, 0, 2)


# --- the discard pile -------------------------------------------------------------------------------------
SEVENS = [(0, "draw stock"), (0, "meld 7D 7C 7S 2H and KC KD KS"), (0, "discard 2S"),
          (1, "draw stock"), (1, "discard 7C")]


def test_the_books_sevens_example_a_frozen_pile_needs_two_natural_sevens() -> None:
    m = table({0: "7D 7C 7S 2H KC KD KS 2S", 1: "7C", 2: "7H 7S JK"}, draws="9H 10H", moves=SEVENS)
    assert seen(m).fact("frozen") is True
    assert "the pile is frozen: you need two natural 7s" in refused(m, "take pile 7H JK", "rummy.pile.frozen")
    m.apply(2, "take pile 7H 7S")
    sevens = melds(m, 0)[0]
    assert sorted(sevens) == sorted(["7D", "7C", "7S", "2H", "7H", "7S", "7C"])
    assert "mixed canasta of 7s (closed" in next(z.label for z in seen(m).zones if z.name == "meld")
    assert seen(m, 0).pieces("discard") == ()
    assert sorted(p for z in seen(m, 0).zones if z.name == "taken" and z.owner == 2 for p in z.pieces) == \
        sorted(["8S", "2S"])


def test_a_side_that_has_not_melded_takes_the_pile_only_with_a_natural_pair_reaching_its_minimum() -> None:
    m = table({0: "9C", 1: "9D 2C KH KD KS"}, draws="4H", moves=[(0, "draw stock"), (0, "discard 9C")])
    assert "not melded this hand: you need two natural 9s" in refused(m, "take pile 9D 2C", "canasta.pile.first-meld")
    assert refused(m, "take pile 9D 9D", "rummy.turn.from-hand") == "you do not hold 9D"
    m2 = table({0: "9C", 1: "9D 9H"}, draws="4H", moves=[(0, "draw stock"), (0, "discard 9C")])
    assert "worth 30" in refused(m2, "take pile 9D 9H", "canasta.initial.minimum")
    m3 = table({0: "9C", 1: "9D 9H KH KD KS"}, draws="4H", moves=[(0, "draw stock"), (0, "discard 9C")])
    m3.apply(1, "take pile 9D 9H and KH KD KS")
    assert sorted(map(sorted, melds(m3, 1))) == [sorted(["9D", "9H", "9C"]), sorted(["KH", "KD", "KS"])]


def test_a_black_three_or_a_wild_card_on_top_stops_the_pile() -> None:
    m = table({0: "3C", 1: "3S 3S"}, draws="4H", moves=[(0, "draw stock"), (0, "discard 3C")])
    assert "3C, a black three, is on top" in refused(m, "take pile 3S 3S", "rummy.pile.stop")


def test_once_melded_an_unfrozen_pile_is_taken_onto_a_meld_of_its_rank() -> None:
    m = table({0: "7D 7C 7S AC AD AS", 1: "AH", 2: "QC"}, draws="9H 10H 10D",
              moves=[(0, "draw stock"), (0, "meld 7D 7C 7S and AC AD AS"), (0, "discard 9H"),
                     (1, "draw stock"), (1, "discard AH")])
    assert seen(m).fact("frozen") is False
    m.apply(2, "take pile")
    assert sorted(melds(m, 0)[1]) == sorted(["AC", "AD", "AS", "AH"])
    assert sorted(p for z in seen(m).zones if z.name == "taken" and z.owner == 2 for p in z.pieces) == \
        sorted(["8S", "9H"])
    m2 = table({0: "QS", 1: "QH"}, draws="9H", moves=[(0, "draw stock"), (0, "discard QS")])
    assert "has not melded" in refused(m2, "take pile", "canasta.pile.first-meld")


# --- threes ------------------------------------------------------------------------------------------------
def test_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    m = table({}, draws="3H 9C")
    m.apply(0, "draw stock")
    v = seen(m, 0)
    assert v.pieces("bonus") == ("3H",) and "9C" in v.hand and len(v.hand) == 12


def test_black_threes_are_melded_only_when_going_out() -> None:
    m = table({0: "3S 3C 3S 9D"}, draws="9H", moves=[(0, "draw stock")])
    assert "only by a player going out" in refused(m, "meld 3S 3C 3S", "canasta.threes.black")
    out = _nearly_out(hand="9C 9D 9S 4D 4C 4S 6C 6D 6S 3S 3C", draw="3S")
    out.apply(2, "draw stock")
    assert "three or four together" in refused(out, "meld 3S 3C", "canasta.threes.black")
    out.apply(2, "meld 9C 9D 9S and 4D 4C 4S and 6C 6D 6S and 3S 3C 3S")
    assert seen(out).phase == "show" and sorted(melds(out, 0)[-1]) == ["3C", "3S", "3S"]


# --- going out ---------------------------------------------------------------------------------------------
def _nearly_out(hand: str = "9C 9D 9S 4D 4C 4S 6C 6D 6S 10D 10H", draw: str = "10S", **kw: Any) -> Match:
    """Side 0 has a natural canasta of kings; seat 2 holds ``hand`` and draws ``draw`` on its turn."""
    return table({0: "KC KD KS KH KC KD KS 8H 8D 8C 5D", 1: "10C", 2: hand}, draws="QH QD " + draw,
                 moves=[(0, "draw stock"), (0, "meld KC KD KS KH KC KD KS and 8H 8D 8C"), (0, "discard QH"),
                        (1, "draw stock"), (1, "discard 10C")], **kw)


GO_OUT = "meld 9C 9D 9S and 4D 4C 4S and 6C 6D 6S and 10D 10H 10S"


def test_a_side_with_a_canasta_goes_out_by_melding_every_card() -> None:
    m = _nearly_out()
    m.apply(2, "draw stock")
    m.apply(2, GO_OUT)
    assert seen(m).phase == "show" and "{0} goes out" in told(m)
    row = m.sheet.rows[-1]
    # out 100, natural canasta of kings 500, cards melded 70 + 30 + 30 + 15 + 15 + 30, seat 0 holds 5D
    assert row.points[0] == 100 + 500 + 190 - 5
    assert any("went out: 100" in n for n in row.notes)


def test_or_by_melding_all_but_one_and_discarding_it() -> None:
    m = _nearly_out(hand="9C 9D 9S 9H 4D 4C 4S 4H 10D 10H 10S", draw="5C")
    m.apply(2, "draw stock")
    m.apply(2, "meld 9C 9D 9S 9H and 4D 4C 4S 4H and 10D 10H 10S")
    m.apply(2, "discard 5C")
    assert seen(m).phase == "show" and m.sheet.rows[-1].points[0] == 100 + 500 + 190 - 5


def test_the_game_ends_at_the_target_and_the_higher_side_wins() -> None:
    near, far = _nearly_out(scores=[300, 100], target=1000), _nearly_out()
    for m in (near, far):
        m.apply(2, "draw stock")
        m.apply(2, GO_OUT)
    assert not far.over and seen(far).phase == "show" and far.to_act() == (0,)
    assert near.over and near.result().winners == (0, 2)
    assert "the higher score wins" in " ".join(near.sheet.rows[-1].notes)
    far.apply(0, "deal")
    assert seen(far).phase == "draw" and far.to_act() == (1,)


def test_without_a_canasta_you_keep_a_card_after_discarding() -> None:
    m = table({0: "7D 7C 7S AC AD AS 9C 9D 9S 9H 5H"}, draws="9D")
    m.apply(0, "draw stock")
    m.apply(0, "meld 7D 7C 7S and AC AD AS")
    assert "no canasta yet: keep a card after your discard" in refused(m, "meld 9C 9D 9S 9H 9D", "canasta.out")
    m.apply(0, "meld 9C 9D 9S 9H")
    assert "no canasta yet: keep a card after your discard" in refused(m, "lay 9D on 3", "canasta.out")
    m.apply(0, "discard 9D")
    assert m.to_act() == (1,)


def test_may_i_go_out_asks_the_partner_who_answers_out_of_turn() -> None:
    m = _nearly_out()
    m.apply(2, "ask")
    assert m.to_act() == (0,) and seen(m).phase == "asked"
    assert seen(m, 0).prompt.text.startswith("{0} asks")
    refused(m, "draw stock", "engine.turn", seat=2)
    m.apply(0, "answer no")
    assert m.to_act() == (2,) and seen(m).fact("answer") == "no"
    assert refused(m, "ask", "canasta.out.ask") == "you have asked this turn already"


def test_told_yes_and_not_going_out_costs_the_side() -> None:
    m = _nearly_out()
    m.apply(2, "ask")
    m.apply(0, "answer yes")
    m.apply(2, "draw stock")
    m.apply(2, "discard 10D")
    assert "{0} was told yes but did not go out: 100 points off" in told(m, None)


# --- the end of the stock ------------------------------------------------------------------------------
def test_drawing_from_the_empty_stock_ends_the_play() -> None:
    m = table({})
    while stock_left(m):
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {seen(m, seat).hand[0]}")
    assert seen(m).phase == "draw"
    m.apply(m.to_act()[0], "draw stock")
    assert seen(m).phase == "show"
    assert "nobody went out" in " ".join(m.sheet.rows[-1].notes)


def test_a_red_three_drawn_as_the_last_card_of_the_stock_ends_the_play() -> None:
    m = table({}, bottom="3H")
    while stock_left(m) > 1:
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {seen(m, seat).hand[0]}")
    m.apply(m.to_act()[0], "draw stock")
    assert seen(m).phase == "show"
    assert "a red three was the last card of the stock" in " ".join(m.sheet.rows[-1].notes)


def test_with_stock_ends_the_last_card_drawn_ends_the_play() -> None:
    m = table({}, after_stock="stock-ends")
    while stock_left(m):
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {seen(m, seat).hand[0]}")
    assert seen(m).phase == "show"
    assert "canasta.out.stock-ends" in " ".join(m.sheet.rows[-1].notes)


# --- scoring ----------------------------------------------------------------------------------------------
def test_a_hand_scores_bonuses_then_cards_melded_less_cards_held() -> None:
    side = score_side(0, [cards("KC KD KS KH KC KD KS"), cards("7H 7D 2C 7S 7C 7H 7D"), cards("9C 9D 9S")],
                      cards("3H"), cards("JK 5C"), went_out=True)
    assert (side.out, side.canastas, side.red_threes) == (100, 800, 100)
    assert side.melded == 70 + 5 * 6 + 20 + 30 and side.in_hand == 55
    assert side.total == 100 + 800 + 100 + 150 - 55


def test_concealed_all_four_red_threes_and_a_side_that_never_melded() -> None:
    concealed = score_side(1, [cards("AC AD AS AH AC AD AS")], cards("3H 3D 3H 3D"), [], went_out=True,
                           concealed=True)
    assert (concealed.out, concealed.canastas, concealed.red_threes) == (200, 500, 800)
    nothing = score_side(0, [], cards("3H 3D"), cards("KC 4D"), went_out=False)
    assert nothing.red_threes == -200 and nothing.total == -200 - 15


def test_the_view_shows_the_sides_the_pile_and_each_sides_minimum() -> None:
    m = table({})
    v = seen(m, 0)
    assert v.pieces("discard")[-1] == "8S" and v.fact("frozen") is False
    sides = v.fact("sides")
    assert sides["columns"][2] == "First meld needs" and sides["rows"][1][2] == "50"
    assert v.prompt.text.startswith("Draw from the stock or take the discard pile")


def test_the_pile_is_shown_once_its_cards_by_its_zone_and_only_whether_it_is_frozen_by_a_fact() -> None:
    v = seen(table({}), 0)
    assert [(z.kind, z.pieces) for z in v.zones if z.name == "discard"] == [("discard", ("8S",))]
    names = [f.name for f in v.facts]
    assert len(names) == len(set(names))
    # no fact repeats the top card or the pile's size: the table draws both from the zone
    assert [(f.name, f.value) for f in v.facts if "pile" in f.label.lower()] == [("frozen", False)]
