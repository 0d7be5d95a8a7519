"""The rummy family: its moves' words, the cascade over combinatorial moves, meld reasons,
contracts, piles, points and zones."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamenight.core.cards import JOKER, Card, cards, parse_card, standard_deck
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import Clause, IllegalAction
from gamenight.engine.legality import narrow, refuse
from gamenight.families import rummy, rummy_contracts, rummy_piles
from gamenight.families.melds import MeldRules
from gamenight.families.rummy import Group, Meld, Restriction
from gamenight.families.rummy_contracts import Contract

WILD = frozenset({JOKER, *cards("2C 2D 2H 2S")})
CANASTA = MeldRules(runs=False, max_set_size=None, wild_faces=WILD, min_naturals_per_meld=2,
                    max_wilds_per_meld=3)
PUSH = MeldRules(ace_low=True, ace_high=True, max_set_size=None, wild_faces=WILD)
C = cards


# --- words ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    rummy.DRAW_STOCK, rummy.TAKE_DISCARD, rummy.take_from(2), rummy.discard(parse_card("7H")),
    rummy.meld(C("7H 7D 7S"), Group(tuple(C("9C 9D")), on=2)), rummy.lay(C("9H 10H"), on=2),
    rummy.take_pile(C("7H 7D"), C("KS KD KC")), rummy.take_pile(), rummy.dig(parse_card("9S"), C("8S 10S")),
    rummy.swap(parse_card("7H"), on=3), rummy.rearrange([2, 5], C("7H 8H 9H"), C("9S 9D 9C")),
])
def test_every_move_round_trips_through_its_text(action: Action) -> None:
    assert parse_action(str(action)) == action
    assert rummy.well_formed(rummy.FROM_HAND).problem(parse_action(str(action))) is None


def test_the_words_of_the_moves() -> None:
    assert str(rummy.meld(C("7H 7D 7S"), Group(tuple(C("9C 9D")), on=2))) == "meld 7H 7D 7S and 9C 9D on 2"
    assert str(rummy.take_pile(C("7H 7D"))) == "take pile 7H 7D"
    assert str(rummy.dig(parse_card("9S"), C("8S 10S"))) == "dig 9S 8S 10S"
    assert str(rummy.lay(C("9H"), on=4)) == "lay 9H on 4"


def test_groups_read_back_with_their_targets() -> None:
    groups = rummy.groups_of(parse_action("meld 7H 7D 7S and 9C 9D on 2").args)
    assert groups == [Group(tuple(C("7H 7D 7S"))), Group(tuple(C("9C 9D")), 2)]


@pytest.mark.parametrize(("text", "why"), [
    ("meld 7H and", "missing"), ("meld and 7H", "no cards before"), ("lay 7H on", "'on' comes after"),
    ("lay 7H on 2 8H", "write 'and'"), ("meld 7H sideways", "neither a card"),
])
def test_bad_groups_say_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(rummy.GroupSyntax, match=why):
        rummy.groups_of(parse_action(text).args)


@pytest.mark.parametrize("text", ["discard 7", "draw pile", "take", "lay 7H", "swap 7H 8H on 2", "meld",
                                  "rearrange into 7H 8H 9H", "dig"])
def test_malformed_family_moves_are_named(text: str) -> None:
    assert rummy.well_formed(rummy.FROM_HAND).problem(parse_action(text))


def test_hand_cards_leave_out_the_card_dug_to() -> None:
    assert rummy.hand_cards(rummy.dig(parse_card("9S"), C("8S 10S"))) == C("8S 10S")
    assert rummy.hand_cards(rummy.take_pile(C("7H 7D"))) == C("7H 7D")


# --- the cascade over combinatorial moves -----------------------------------------------------------------
RULE_A = Clause("test.a", "Melds of sevens only.")
RULE_B = Clause("test.b", "No more than three cards.")


def _rules(hand: list[Card]) -> list[Restriction]:
    return [
        rummy.from_hand(hand),
        Restriction(RULE_A, lambda a: None if all(c.rank == 7 for c in a.cards) else "sevens only"),
        Restriction(RULE_B, lambda a: None if len(a.cards) <= 3 else f"{len(a.cards)} cards is too many"),
    ]


def test_the_cascade_lists_the_canonical_moves_every_rule_keeps() -> None:
    hand = C("7H 7D 7S 7C 8H")
    listed = [rummy.meld(C("7H 7D 7S")), rummy.meld(C("7H 7D 7S 7C")), rummy.meld(C("8H 7H 7D"))]
    assert list(narrow(rummy.cascade(listed, _rules(hand)))) == [listed[0]]


def test_the_cascade_refuses_any_move_with_the_first_rule_it_breaks() -> None:
    hand = C("7H 7D 7S 7C 8H")
    with pytest.raises(IllegalAction) as e:
        refuse(rummy.cascade([], _rules(hand)), rummy.meld(C("7H 7D 7S 7C")), None, RULE_A)
    assert e.value.clause is RULE_B and "4 cards" in e.value.detail
    with pytest.raises(IllegalAction) as e:
        refuse(rummy.cascade([], _rules(hand)), rummy.meld(C("7H 7H 7D")), None, RULE_A)
    assert e.value.clause is rummy.FROM_HAND and e.value.detail == "you do not hold 7H"
    refuse(rummy.cascade([], _rules(hand)), rummy.meld(C("7S 7C 7D")), None, RULE_A)  # not listed, still legal


def test_a_card_is_not_a_number() -> None:
    """7C is the int 7: ``discard 7`` must not pass for ``discard 7C`` through the memo."""
    hand = C("7C")
    steps = list(rummy.cascade([], [rummy.well_formed(rummy.DISCARD_ENDS_TURN), rummy.from_hand(hand)]))
    assert rummy.discard(hand[0]) in steps[-1].allowed
    assert Action("discard", (7,)) not in steps[0].allowed


def test_a_turn_begins_with_one_draw() -> None:
    before, after = rummy.draw_first(False), rummy.draw_first(True)
    assert before.problem(rummy.DRAW_STOCK) is None and before.problem(rummy.discard(C("7H")[0]))
    assert after.problem(rummy.TAKE_DISCARD) == "you have drawn this turn already"
    assert after.problem(rummy.meld(C("7H 7D 7S"))) is None


# --- melds ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("meld", "why"), [
    ("7H 7D", "at least 3 cards"),
    ("7H 2C JK", "at least 2 natural cards"),
    ("7H 7D 2C 2S JK 2H", "at most 3 wild cards"),
    ("7H 8H 9H", "not a set: melds are sets of one rank only"),
])
def test_a_meld_refused_says_why(meld: str, why: str) -> None:
    problem = rummy.meld_problem(C(meld), CANASTA)
    assert problem is not None and why in problem


def test_tame_cards_at_least_wild() -> None:
    rules = MeldRules(runs=False, max_set_size=None, wild_faces=WILD, wilds_at_most_naturals=True)
    assert rummy.meld_problem(C("7H 7D 2C"), rules) is None
    assert "may not outnumber" in (rummy.meld_problem(C("7H 2D 2C"), rules) or "")


def test_lay_offs_keep_the_meld_valid_and_runs_stay_runs() -> None:
    assert rummy.lay_problem(C("7H 7D 7S"), C("7C 2D"), CANASTA) is None
    assert "cannot go on" in (rummy.lay_problem(C("7H 7D 7S"), C("8C"), CANASTA) or "")
    assert rummy.lay_problem(C("5H 6H 7H"), C("8H"), PUSH) is None
    assert rummy.lay_problem(C("5H 6H 7H"), C("9H"), PUSH) is not None


def test_a_natural_replaces_the_wild_standing_for_it() -> None:
    assert rummy.swap_index(C("5H JK 7H"), parse_card("6H"), PUSH) == 1
    assert rummy.swap_index(C("5H JK 7H"), parse_card("8H"), PUSH) is None
    assert rummy.swap_index(C("9S 9D 2C"), parse_card("9H"), PUSH) == 2
    assert rummy.swap_index(C("9S 9D 9C"), parse_card("9H"), PUSH) is None


def test_canastas_natural_mixed_and_wild() -> None:
    assert rummy.canasta_kind(C("7H 7D 7S 7C 7H 7D"), WILD) is None
    assert rummy.canasta_kind(C("7H 7D 7S 7C 7H 7D 7S"), WILD) == "natural"
    assert rummy.canasta_kind(C("7H 7D 7S 7C 2H 7D 7S"), WILD) == "mixed"
    assert rummy.canasta_kind(C("2H 2D 2S 2C JK JK 2S"), WILD) == "wild"


def test_set_rank_reads_the_naturals() -> None:
    assert rummy.set_rank(C("KH KD 2C"), WILD) == 13
    assert rummy.set_rank(C("2H JK 2C"), WILD) is None
    assert rummy.rank_word(14) == "aces" and rummy.rank_word(7) == "7s"


def test_a_meld_remembers_who_placed_each_card() -> None:
    m = Meld(C("7H 7D 7S"), owner=0, by=[0, 0, 0])
    m.add(C("7C"), seat=2)
    assert m.placed_by(2) == C("7C") and m.cards == C("7H 7D 7S 7C")


# --- contracts ---------------------------------------------------------------------------------------------
def test_contracts_read_and_print_as_the_books_write_them() -> None:
    assert str(Contract.parse("1 run of 4 and 1 set of 3")) == "1 run of 4 and 1 set of 3"
    assert str(Contract.parse("2 runs of 4 in same suit")) == "2 runs of 4 in same suit"
    assert len(Contract.parse("3 sets of 3").parts) == 3
    with pytest.raises(ValueError, match="not a contract"):
        Contract.parse("a lot of sevens")


def test_a_contract_is_met_by_melds_of_the_kinds_asked_in_any_order() -> None:
    contract = Contract.parse("1 run of 4 and 1 set of 3")
    assert contract.problem([C("9C 9D 9S"), C("4H 5H 6H JK")], PUSH) is None
    assert contract.problem([C("9C 9D 9S"), C("4H 5H 6H")], PUSH) is not None
    assert "2 melds, not 1" in (contract.problem([C("9C 9D 9S 9H")], PUSH) or "")
    assert contract.problem([C("9C 9D 9S 9H"), C("4H 5H 6H 7H")], PUSH, exact=True) is not None


def test_same_suit_contracts() -> None:
    contract = Contract.parse("2 runs of 4 in same suit")
    assert contract.problem([C("2H 3H 4H 5H"), C("9H 10H JH QH")], MeldRules(max_set_size=None)) is None
    assert "one suit" in (contract.problem([C("2H 3H 4H 5H"), C("9S 10S JS QS")], MeldRules()) or "")


# --- piles ---------------------------------------------------------------------------------------------
def test_drawing_taking_and_digging() -> None:
    stock = C("2C 3C 4C")
    assert rummy_piles.draw_cards(stock, 2) == C("4C 3C") and stock == C("2C")
    assert rummy_piles.draw_cards(stock, 2) == C("2C") and stock == []
    pile = C("7D QD 3H 9S 10S KD 10D")
    assert rummy_piles.take_down_to(pile, parse_card("9S")) == C("9S 10S KD 10D")
    assert pile == C("7D QD 3H")
    assert rummy_piles.take_down_to(pile, parse_card("AS")) is None and pile == C("7D QD 3H")
    assert rummy_piles.take_top(pile) == parse_card("3H") and rummy_piles.take_all(pile) == C("7D QD") and pile == []


def test_frozen_and_stopped_piles() -> None:
    def wild_or_red_three(c: Card) -> bool:
        return int(c) in WILD or (c.rank == 3 and c.is_red)

    def black_three(c: Card) -> bool:
        return c.rank == 3 and not c.is_red

    assert rummy_piles.frozen(C("5H 2C 9S"), wild_or_red_three)
    assert not rummy_piles.frozen(C("5H 3S 9S"), wild_or_red_three)
    assert rummy_piles.stopped(C("5H 3S"), black_three) and not rummy_piles.stopped(C("3S 5H"), black_three)
    assert not rummy_piles.stopped([], black_three)


def test_bonus_cards_are_laid_out_and_replaced_until_none_is_left() -> None:
    hand, stock = C("3H 7C 9D"), C("5S 3D")

    def red_three(c: Card) -> bool:
        return c.rank == 3 and c.is_red

    laid = rummy_piles.lay_bonus_cards(hand, stock, red_three)
    assert laid == C("3H 3D") and sorted(hand) == sorted(C("7C 9D 5S")) and stock == []


# --- points and views ----------------------------------------------------------------------------------------
def test_a_books_point_table() -> None:
    table = rummy.point_table({"JK": 50, "2": 20, "A": 20, "K-8": 10, "7-4": 5, "black 3": 5})
    assert [table[c] for c in C("JK 2C AS KD 8H 7C 4S 3S 3H")] == [50, 20, 20, 10, 10, 5, 5, 5, 0]
    assert rummy.count(C("JK AS 4S"), table) == 75
    assert rummy.table_minus_hand(C("KS KD KH"), C("JK"), table) == -20


def test_a_hand_is_hidden_but_for_the_cards_taken_face_up() -> None:
    zones = rummy.hand_zones([C("7H 8H 9D"), C("KS")], [C("9D"), []])
    mine, taken = zones[0], zones[1]
    assert list(mine.pieces) == C("7H 8H") and mine.visible_to == frozenset({0})
    assert list(taken.pieces) == C("9D") and taken.visible_to is None


def test_melds_are_grouped_by_side_and_numbered() -> None:
    melds = [Meld(C("7H 7D 7S"), owner=1, by=[1, 3, 3]), Meld(C("KH KD KS"), owner=0, by=[0, 0, 2])]
    zones = rummy.meld_zones(melds, label=lambda n, m: f"{n}: {rummy.rank_word(m.cards[0].rank)}", by_team=True)
    assert [(z.team, z.owner, z.label) for z in zones] == [(1, None, "1: 7s"), (0, None, "2: kings")]
    pile = rummy.pile_zone(C("5H 9S"))  # every card face up, the top last: its top and size are the zone's
    assert list(pile.pieces) == C("5H 9S") and pile.visible_to is None


def test_restrictions_on_the_table_and_the_discard() -> None:
    table = [Meld(C("7H 7D 7S"), owner=0), Meld(C("KH KD KS"), owner=1)]
    mine = rummy.on_melds(table, lambda m: m.owner == 0)
    assert mine.problem(rummy.lay(C("7C"), on=1)) is None
    assert mine.problem(rummy.lay(C("KC"), on=2)) == "meld 2 is not yours to add to"
    assert "numbered 1 to 2" in (mine.problem(rummy.lay(C("KC"), on=3)) or "")
    assert rummy.keep_a_discard(C("7C 8C")).problem(rummy.lay(C("7C 8C"), on=1))
    assert rummy.keep_a_discard(C("7C 8C")).problem(rummy.lay(C("7C"), on=1)) is None
    held = rummy.must_play_first(C("JK"))
    assert held.problem(rummy.discard(C("9C")[0])) == "play JK on the table before you discard"
    assert rummy.no_wild_discard(WILD).problem(rummy.discard(C("2C")[0])) == "2C is wild"
    final = rummy.unplayable_discard(C("8H"), lambda c: c.rank == 8)
    assert final.problem(rummy.discard(C("8H")[0]))
    assert rummy.unplayable_discard(C("8H 9C"), lambda c: c.rank == 8).problem(rummy.discard(C("8H")[0])) is None
    assert rummy.side_of(3, ((0, 2), (1, 3))) == 1 and rummy.side_of(3, None) == 3


def test_rearranging_uses_every_card_again() -> None:
    old = [C("7H 8H 9H 10H"), C("9S 9D 9C")]
    assert rummy.rearrange_problem(old, [C("7H 8H 9H"), C("10H 9S 9D 9C")], [], PUSH) is not None
    assert rummy.rearrange_problem(old, [C("7H 8H 9H"), C("9S 9D 9C 9H")], C("9H"), PUSH) is not None
    assert rummy.rearrange_problem(old, [C("7H 8H 9H 10H JH"), C("9S 9D 9C")], C("JH"), PUSH) is None
    assert "must stay" in (rummy.rearrange_problem(old, [C("7H 8H 9H")], [], PUSH) or "")
    assert "do not hold" in (rummy.rearrange_problem(old, [C("7H 8H 9H 10H JH"), C("9S 9D 9C")], [], PUSH) or "")


# --- a side's sets by rank ---------------------------------------------------------------------------------
def _landing(table: list[Meld], text: str, closes_at: int | None = None) -> rummy.Landing:
    return rummy.land_sets(table, 0, rummy.groups_of(parse_action(text).args), CANASTA, closes_at)


def test_sets_join_the_sides_meld_of_their_rank_or_start_one() -> None:
    table = [Meld(C("7H 7D 7S"), owner=0), Meld(C("KH KD KS"), owner=1)]
    landed = _landing(table, "meld 7C 2D and KC KS KD")
    assert landed.problem is None and landed.joined == {0: C("7C 2D")} and landed.new == [C("KC KS KD")]
    assert _landing(table, "meld 7C and 7S").joined == {0: C("7C 7S")}


def test_wild_cards_alone_say_which_meld_they_go_on() -> None:
    table = [Meld(C("7H 7D 7S"), owner=0), Meld(C("KH KD KS"), owner=1)]
    assert "laid on a meld" in (_landing(table, "meld 2C").problem or "")
    assert _landing(table, "lay 2C JK on 1").joined == {0: C("2C JK")}
    assert "not one of your side's" in (_landing(table, "lay 2C on 2").problem or "")
    assert "at most 3 wild cards" in (_landing(table, "lay 2C 2D 2H 2S on 1").problem or "")


def test_closed_melds_take_nothing_more_and_one_open_meld_a_rank() -> None:
    table = [Meld(C("7H 7D 7S 7C 7H"), owner=0)]
    assert _landing(table, "meld 7C 7S", closes_at=7).joined == {0: C("7C 7S")}
    both = _landing(table, "meld 7C 7S 7D and 7H 7D", closes_at=7)
    assert both.problem is None and both.new == [C("7C 7S 7D")] and both.joined == {0: C("7H 7D")}
    assert "close your open meld of 7s" in (_landing(table, "meld 7C 7S 7D", closes_at=7).problem or "")
    closed = [Meld(C("7H 7D 7S 7C 7H 7D 7S"), owner=0)]
    assert "closed at 7" in (_landing(closed, "lay 7C on 1", closes_at=7).problem or "")


def test_wild_cards_may_make_a_set_of_their_own_where_a_game_allows_it() -> None:
    rules = MeldRules(runs=False, max_set_size=None, wild_faces=WILD, wilds_at_most_naturals=True)
    table = [Meld(C("2C 2D JK"), owner=0)]
    groups = rummy.groups_of(parse_action("meld 2H JK and 9C 9D 9S").args)
    landed = rummy.land_sets(table, 0, groups, rules, closes_at=7, wild_sets=True)
    assert landed.problem is None and landed.joined == {0: C("2H JK")} and landed.new == [C("9C 9D 9S")]
    assert "wild cards only" in (rummy.land_sets(table, 0, [Group(tuple(C("9H")), 1)], rules, 7, True).problem
                                 or "")
    assert "at least 3 cards" in (rummy.land_sets([], 0, [Group(tuple(C("2H JK")))], rules, 7, True).problem
                                  or "")


def test_a_landing_says_what_stopped_it() -> None:
    table = [Meld(C("7H 7D 7S"), owner=0)]
    assert _landing(table, "lay 9C on 2").fault == rummy.TARGET
    assert _landing(table, "meld 2C").fault == rummy.WILDS_ALONE
    assert _landing(table, "meld 9C 9D").fault == rummy.INVALID
    assert _landing([Meld(C("7H 7D 7S 7C"), owner=0)], "meld 7C 7S 7D 7H", closes_at=7).fault == rummy.OPEN_TWICE
    assert _landing(table, "meld 9C 9D").problem_if(rummy.TARGET) is None


# --- the melds a hand can make ------------------------------------------------------------------------
TEN_DIME = MeldRules(runs=False, max_set_size=None, wild_faces=WILD, wilds_at_most_naturals=True)
STICKS = MeldRules(max_set_size=None, wild_faces=WILD)


def test_single_sets_fill_with_wild_cards_within_the_limits() -> None:
    hand = C("7H 7D 7S 7C 9C 9D KS JK 2C 4H")
    sets = rummy_contracts.meld_ways(hand, TEN_DIME, rummy.SET, 4)
    assert [" ".join(map(str, m)) for m in sets] == ["7C 7D 7H 7S", "9C 9D 2C JK"]  # KS may not take 3 wilds
    assert rummy_contracts.meld_ways(hand, TEN_DIME, rummy.SET, 3, exact=True)[0] == C("7C 7D 7H")
    assert C("7C 7D 7H 7S") in rummy_contracts.meld_ways(hand, TEN_DIME, rummy.SET)  # all four: longer than asked


def test_single_runs_bridge_gaps_with_wild_cards() -> None:
    runs = rummy_contracts.meld_ways(C("6H 7H 9H JK"), STICKS, rummy.RUN, 4, exact=True)
    assert C("6H 7H JK 9H") in runs  # written in order, the joker at its place
    assert all(sum(c == JOKER for c in r) <= 1 for r in runs)
    assert C("3S 4S 5S 6S 7S") in rummy_contracts.meld_ways(C("3S 4S 5S 6S 7S"), STICKS, rummy.RUN)


def test_contract_ways_share_cards_and_wilds_between_requirements() -> None:
    hand = C("3H 4H 6H 7H 8H 9H 9S 9D JK 2C QC KC AC")
    ways = rummy_contracts.contract_ways(hand, Contract.parse("1 run of 4 and 1 set of 3"), STICKS)
    assert ways[0] == [C("6H 7H 8H 9H"), C("9D 9S 2C")]  # the 9H in the run, a wild for the set
    assert rummy_contracts.contract_ways(C("3H 5D 7C 9S JH KD 4C"), Contract.parse("2 sets of 3"), STICKS) == []


def test_contract_ways_offer_longer_melds_unless_exact() -> None:
    hand = C("7H 7D 7S 7C 9C 9D 9S 4H")
    contract = Contract.parse("2 sets of 3")
    assert all(len(g) == 3 for way in rummy_contracts.contract_ways(hand, contract, TEN_DIME) for g in way)
    ways = rummy_contracts.contract_ways(hand, contract, TEN_DIME, exact=False, limit=20)
    assert any(len(g) == 4 for way in ways for g in way)


def test_lay_offs_list_each_card_a_meld_takes() -> None:
    table = [Meld(C("7H 7D 7S"), 0, [0, 0, 0]), Meld(C("9C 9D 9H"), 1, [1, 1, 1])]
    moves = rummy_contracts.lay_offs(C("7C JK 9S 4D"), table, TEN_DIME, may_use=lambda m: m.owner == 1)
    assert [str(a) for a in moves] == ["lay JK on 2", "lay 9S on 2"]
    table[1].add(C("9S"), 0)
    assert rummy.laid_by(table, 0) == C("7H 7D 7S 9S")



# --- contracts in hand -------------------------------------------------------------------------------------
TAME = MeldRules(ace_low=True, ace_high=True, max_set_size=None, wild_faces=WILD, wilds_at_most_naturals=True)
TWO_DECKS = [*C("JK JK JK JK"), *(c for c in standard_deck(copies=2))]


@pytest.mark.parametrize(("hand", "contract", "ways"), [
    ("7H 7D 7S 9C 9D 2C 5H 6H 8H KS QS JK", "2 sets of 3", [["7D 7H 7S", "9C 9D 2C"]]),
    ("7H 7D 7S 9C 9D 2C 5H 6H 8H KS QS JK", "1 run of 4 and 1 set of 3", [["5H 6H 7H 8H", "7D 7S 2C"]]),
    ("2H 3H 4H 5H 9H 10H JH QH 4C 4D 6S 8S", "2 runs of 4 in same suit", [["9H 10H JH QH", "2H 3H 4H 5H"]]),
])
def test_a_contract_found_in_hand_fewest_wild_cards_first(hand: str, contract: str, ways: list[list[str]]) -> None:
    rules = TAME if "2H" not in hand else PUSH
    found = rummy_contracts.contract_ways(C(hand), Contract.parse(contract), rules, limit=1)
    assert [[" ".join(map(str, g)) for g in way] for way in found] == ways


def test_no_contract_no_way() -> None:
    hand = C("7H 7D 7S 9C 9D 2C 5H 6H 8H KS QS JK")
    assert rummy_contracts.contract_ways(hand, Contract.parse("3 sets of 3"), TAME) == []
    assert rummy_contracts.contract_ways(C("2H 3H 4H 5H 9S 10S JS QS"), Contract.parse("2 runs of 4 in same suit"),
                                PUSH) == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(range(len(TWO_DECKS))), min_size=8, max_size=14, unique=True),
       st.sampled_from(["2 sets of 3", "1 run of 4 and 1 set of 3", "2 runs of 3", "3 sets of 3", "1 run of 7",
                        "2 runs of 4 in same suit"]),
       st.sampled_from([TAME, PUSH]))
def test_every_way_found_makes_the_contract_from_the_hand(picks: list[int], text: str, rules: MeldRules) -> None:
    hand = [TWO_DECKS[i] for i in picks]
    contract = Contract.parse(text)
    for way in rummy_contracts.contract_ways(hand, contract, rules):
        assert contract.problem(way, rules, exact=True) is None
        assert not rummy.missing(hand, [c for g in way for c in g])
        for g, req in zip(way, contract.parts):
            assert req.kind == "set" or rummy.run_start(g, rules) is not None


def test_a_contract_is_found_when_the_hand_holds_it() -> None:
    for text, held in [("1 run of 7", "3D 4D 5D JK 7D 8D 9D"), ("2 sets of 5", "KS KH KD 2C 2D 8S 8S 8C JK 2H"),
                       ("1 run of 9", "AC 2C 3C 4C 5C 6C JK 8C 9C")]:
        hand = [*C(held), *C("4H 10S JD")]
        assert rummy_contracts.contract_ways(hand, Contract.parse(text), TAME), text


def test_the_kinds_a_contract_reads_its_groups_as() -> None:
    contract = Contract.parse("1 set of 3 and 1 run of 4")
    assert contract.kinds([C("7H JK 2C"), C("5S 6S 7S 8S")], PUSH) == ["set", "run"]
    assert contract.kinds([C("5S 6S 7S 8S"), C("7H JK 2C")], PUSH) == ["run", "set"]
    assert contract.kinds([C("7H JK 2C"), C("5S 6S 7S 8S")], PUSH, declared=["run", None]) is None
    assert Contract.parse("2 runs of 4 in same suit").kinds([C("2H 3H 4H 5H"), C("9S 10S JS QS")], PUSH) is None


# --- runs written in order ---------------------------------------------------------------------------------
def test_a_run_reads_in_the_order_written() -> None:
    assert rummy.run_start(C("5H JK 7H"), PUSH) == 5
    assert rummy.run_start(C("JK 5H 6H"), PUSH) == 4
    assert rummy.run_start(C("7H 5H JK"), PUSH) is None
    assert rummy.run_start(C("AH JK 3H"), PUSH) == 1 and rummy.run_start(C("QH KH AH"), PUSH) == 12


def test_cards_out_of_order_are_put_in_order_wild_cards_filling_the_gaps_then_on_top() -> None:
    assert rummy.run_order(C("7H 5H JK"), PUSH) == C("5H JK 7H")
    assert rummy.run_order(C("6H 5H JK"), PUSH) == C("5H 6H JK")
    assert rummy.run_order(C("AH KH JK"), PUSH) == C("JK KH AH")
    assert rummy.run_order(C("KH AH 3H"), PUSH) is None
    assert rummy.run_order(C("5H 5H JK"), PUSH) is None


def test_cards_laid_on_a_run_keep_its_places() -> None:
    assert rummy.extend_run(C("5H 6H 7H"), C("JK"), PUSH) == ([], C("JK"))
    assert rummy.extend_run(C("JH QH KH AH"), C("JK"), PUSH) == (C("JK"), [])
    assert rummy.extend_run(C("5H 6H 7H"), C("4H 3H"), PUSH) == (C("3H 4H"), [])
    assert rummy.extend_run(C("5H 6H 7H"), C("4H 8H"), PUSH) == (C("4H"), C("8H"))
    assert rummy.extend_run(C("5H 6H 7H"), C("9H"), PUSH) is None


def test_the_wild_card_that_stands_for_a_natural_one() -> None:
    assert rummy.stands_for(C("5H JK 7H"), PUSH) == [int(c) for c in C("5H 6H 7H")]
    assert rummy.run_swap_index(C("5H JK 7H"), parse_card("6H"), PUSH) == 1
    assert rummy.run_swap_index(C("JK 5H 6H"), parse_card("7H"), PUSH) is None
    assert rummy.run_swap_index(C("JK 5H 6H"), parse_card("4H"), PUSH) == 0


def test_permitted_lists_what_the_cascade_lists() -> None:
    hand = C("7H 8H 9H 2C")
    rules = [rummy.from_hand(hand), rummy.no_wild_discard(WILD)]
    listed = [rummy.discard(c) for c in C("7H 2C KS")]
    assert rummy.permitted(listed, rules) == list(narrow(rummy.cascade(listed, rules))) == [rummy.discard(C("7H")[0])]


def test_a_layout_grows_runs_at_their_ends_and_keeps_sets_to_their_rank() -> None:
    table = [C("5H 6H 7H"), C("9S 9D 2C")]
    kinds = [rummy.RUN, rummy.SET]
    done = rummy.lay_out(table, kinds, rummy.groups_of(parse_action("meld KC KD JK and 4H 3H on 1 and 9H on 2").args),
                         PUSH)
    assert done.problem is None
    assert done.new == [(rummy.SET, C("KC KD JK"))] and done.onto == {0: (C("3H 4H"), []), 1: ([], C("9H"))}
    bad = rummy.lay_out(table, kinds, [Group(tuple(C("9H")), 1)], PUSH)
    assert bad.problem is not None and "only lengthened at its ends" in bad.problem


def test_one_natural_and_wild_cards_read_both_ways_until_a_card_settles_it() -> None:
    done = rummy.lay_out([], [], [Group(tuple(C("JK 7H 2C")))], PUSH)
    assert done.new == [(rummy.EITHER, C("JK 7H 2C"))]
    table, kinds = [C("JK 7H 2C")], [rummy.EITHER]
    assert rummy.lay_out(table, kinds, [Group(tuple(C("7S")), 1)], PUSH).kinds == {0: rummy.SET}
    assert rummy.lay_out(table, kinds, [Group(tuple(C("9H")), 1)], PUSH).kinds == {0: rummy.RUN}
    assert rummy.lay_out(table, kinds, [Group(tuple(C("JK")), 1)], PUSH).kinds == {0: rummy.EITHER}
    said = rummy.lay_out([], [], [Group(tuple(C("7H JK 2C")))], PUSH, declared=[rummy.RUN])
    assert said.new == [(rummy.RUN, C("7H JK 2C"))]


def test_a_layout_breaking_a_wild_limit_says_so() -> None:
    done = rummy.lay_out([C("7H 7D 2C")], [rummy.SET], [Group(tuple(C("JK 2S")), 1)], TAME)
    assert done.wild_limit and "outnumber" in (done.problem or "")


def test_putting_a_layout_down_keeps_who_placed_each_card() -> None:
    table = [Meld(C("5H 6H 7H"), 0, [0, 0, 0])]
    kinds = [rummy.RUN]
    rummy.put_down(table, rummy.lay_out([m.cards for m in table], kinds,
                                        [Group(tuple(C("4H")), 1), Group(tuple(C("9C 9D 9S")))], PUSH), 2, 2, kinds)
    assert table[0].cards == C("4H 5H 6H 7H") and table[0].by == [2, 0, 0, 0]
    assert table[1].owner == 2 and kinds == [rummy.RUN, rummy.SET]


def test_a_move_commits_to_going_out_when_it_leaves_nothing_to_discard_but_the_last_card() -> None:
    lay_one = rummy.lay(C("7C"), on=1)
    assert rummy.commits_to_going_out(0, lay_one) and rummy.commits_to_going_out(1, lay_one)
    assert not rummy.commits_to_going_out(2, lay_one)
    assert rummy.commits_to_going_out(0, rummy.discard(C("7C")[0]))
    assert not rummy.commits_to_going_out(1, rummy.discard(C("7C")[0]))


# --- one judgement for several clauses; the stock again; cards played out -----------------------------------
FIRST = Clause("x.first", "First rule.")
SECOND = Clause("x.second", "Second rule.")


def test_one_judgement_cites_each_clause_at_its_place() -> None:
    calls: list[Action] = []

    def verdict(a: Action) -> rummy.Verdict:
        calls.append(a)
        return (SECOND, "seconds out") if a.verb == "meld" else None

    first, second = rummy.judged(verdict, (FIRST, SECOND))
    meld = parse_action("meld 7H 7D 7S")
    assert first.problem(meld) is None and second.problem(meld) == "seconds out"
    assert second.problem(parse_action("discard 7H")) is None
    assert calls == [meld, parse_action("discard 7H")]  # each move judged once


def test_restock_keeps_the_top_discard() -> None:
    stock: list[Card] = []
    pile = C("3H 4H 5H 6H")
    assert rummy_piles.restock(stock, pile, lambda cs: cs.reverse()) == 3
    assert stock == C("5H 4H 3H") and pile == C("6H")
    assert rummy_piles.restock(stock := [], pile, lambda cs: None) == 0 and pile == C("6H")


def test_played_out_counts_lay_offs_for_whoever_laid_them() -> None:
    table = [Meld(C("7H 7D 7S"), 0, [0, 0, 0])]
    table[0].add(C("7C"), 1)
    values = rummy.point_table({"K-10": 10, "9-3": 5})
    scores = rummy.played_out(table, [C("KS"), C("3H")], values)
    assert [(s.played_out, s.in_hand, s.total) for s in scores] == [(15, 10, 5), (5, 5, 0)]
    assert scores[0].words() == "5 (15 played out, 10 in hand)"
