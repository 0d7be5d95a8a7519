"""Liar's Dice (rulebook 001): the poker-dice ranking, claims and their order, the book's
believe-and-shake and call examples, who may see the dice under the lid, every option,
refusals with their clause and reason, and whole seeded matches."""

from __future__ import annotations

import inspect
import random
import re
from collections import Counter
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.engine.clauses import GAME_OVER, TURN, IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.view import Prompt, View
from gamenight.games.liars_dice import game as game_module
from gamenight.games.liars_dice import rules
from gamenight.games.liars_dice.game import LiarsDice, LiarsDiceState, Phase, settle_call
from gamenight.games.liars_dice.hands import (
    ALL_HANDS,
    ALL_ROLLS,
    Category,
    ClaimSyntaxError,
    Hand,
    beats,
    chance_above,
    chance_at_least,
    claim_named,
    claims,
    hand_of,
    is_honest,
    parse_claim,
    parse_face,
    strength,
)
from gamenight.testing import scenario

GAME = cast(LiarsDice, gamenight.get_game("liars_dice"))
DIE = re.compile(r"pk:(?:10|[9JQKA])")


# --- the table: a chosen starter and scripted rolls, built by gamenight.testing ------------------
SETUP_ROLL = "9 9 9 9 9"
"""The box is rolled once as the match is set up, before the starter's first shake rolls it
again; these faces are never seen, so the scripted rolls begin after them."""


def table(players: int = 3, starter: int = 0, rolls: str = "", **options: Any) -> Match:
    """A match with ``starter`` to shake first and the dice showing ``rolls`` (9 10 J Q K A)."""
    return scenario("liars_dice", players=players, options=options, dealer=starter,
                    rolls=faces(f"{SETUP_ROLL} {rolls}"))


def phase(match: Match) -> str:
    return view(match, None).phase


def bets(match: Match) -> list[int]:
    return list(view(match, None).fact("bets"))


def on_tray(match: Match) -> list[str]:
    return list(view(match, None).pieces("tray"))


def in_box(match: Match, seat: int) -> list[str]:
    """The dice down in the box, as ``seat`` (who looked) sees them."""
    return list(view(match, seat).pieces("box"))


def play(match: Match, seat: int, *actions: str) -> None:
    for a in actions:
        match.apply(seat, a)


def refused(match: Match, seat: int, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        match.apply(seat, action)
    return exc.value


def truth(match: Match) -> LiarsDiceState:
    """The dice under the lid and who has looked: what no seat's view may show, read only by
    the privacy test that checks the views against it."""
    return cast(LiarsDiceState, match.state)


def view(match: Match, seat: int | None) -> View:
    v = match.view(seat, since=0)
    assert isinstance(v, View)
    return v


def h(text: str) -> Hand:
    return parse_claim(text.split())


def faces(text: str) -> list[int]:
    return [parse_face(f) for f in text.split()]


# --- hands ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("dice", "hand", "words"), [
    ("A A A A A", "five A", "five aces"),
    ("9 K K K K", "four K 9", "four kings with a 9"),
    ("K 9 K 9 K", "full-house K 9", "a full house, kings over nines"),
    ("A K Q J 10", "straight A", "the high straight (A K Q J 10)"),
    ("9 10 J Q K", "straight K", "the low straight (K Q J 10 9)"),
    ("Q Q Q A 9", "three Q A 9", "three queens with A 9"),
    ("K K J J 10", "two-pair K J 10", "two pair, kings and jacks, with a 10"),
    ("A A K Q J", "pair A K Q J", "a pair of aces with K Q J"),
    ("A K Q J 9", "nothing A K Q J 9", "nothing (A K Q J 9)"),
])
def test_hand_of_names_each_kind(dice: str, hand: str, words: str) -> None:
    assert hand_of(faces(dice)) == h(hand)
    assert str(hand_of(faces(dice))) == hand
    assert hand_of(faces(dice)).words() == words


BOOK_ORDER = ["nothing A K Q J 9", "pair 9 A K Q", "two-pair 10 9 A", "three 9 A K", "straight K", "straight A",
              "full-house 9 10", "four 9 10", "five 9"]


def test_the_book_ranks_hands_from_five_of_a_kind_down_to_nothing() -> None:
    ordered = [h(t) for t in BOOK_ORDER]
    assert sorted(ordered, key=strength) == ordered
    assert all(beats(b, a) for a, b in zip(ordered, ordered[1:]))


def test_the_high_straight_beats_the_low_straight() -> None:
    assert beats(h("straight A"), h("straight K"))


def test_a_straight_may_rank_above_a_full_house() -> None:
    assert beats(h("full-house 9 10"), h("straight A"))
    assert beats(h("straight K"), h("full-house A K"), straight_over_full_house=True)
    assert beats(h("four 9 10"), h("straight A"), straight_over_full_house=True)
    assert beats(h("straight K"), h("three A K Q"), straight_over_full_house=True)


@pytest.mark.parametrize(("low", "high"), [
    ("full-house K A", "full-house A 9"),  # the three first
    ("two-pair K Q A", "two-pair A 9 10"),  # the higher pair first
    ("two-pair K J 10", "two-pair K Q 9"),  # then the second pair
    ("two-pair K J 9", "two-pair K J 10"),  # then the fifth die
    ("pair A K Q J", "two-pair 10 9 J"),  # any two pair beats any pair
    ("pair A K Q 10", "pair A K Q J"),  # kickers from the highest down
    ("four K Q", "four K A"),
])
def test_hands_of_a_kind_are_compared_group_first_then_kickers(low: str, high: str) -> None:
    assert beats(h(high), h(low))


def test_claims_are_every_hand_in_order() -> None:
    every = claims(True, False)
    assert len(every) == 252 == len(set(ALL_HANDS))
    assert all(beats(b, a) for a, b in zip(every, every[1:]))
    assert every[0] == h("nothing A Q J 10 9") and every[-1] == h("five A")
    named = claims(False, False)
    assert len(named) == 72
    assert named[0] == h("nothing") and named[-1] == h("five A")
    assert all(beats(b, a) for a, b in zip(named, named[1:]))
    straight_high = claims(True, True)
    cats = [c.category for c in straight_high]
    assert cats.index(Category.STRAIGHT) > max(i for i, c in enumerate(cats) if c is Category.FULL_HOUSE)


def test_every_claim_has_its_own_words() -> None:
    for kickers in (True, False):
        for claim in claims(kickers, False):
            assert claim_named(claim.words()) == claim


@pytest.mark.parametrize(("words", "message"), [
    ("pair A A K Q", "A A A K Q is three aces with K Q: claim it as 'three A K Q'"),
    ("pair A K", "a pair claim names 1 face or 4 faces, not 2"),
    ("two-pair J K", "faces go highest group first"),
    ("straight Q", "a straight is A K Q J 10"),
    ("nothing A K Q J 10", "is the high straight"),
    ("flush A", "'flush' is not a hand"),
    ("pair 8", "'8' is not a face of a poker die"),
])
def test_a_claim_must_name_a_real_hand(words: str, message: str) -> None:
    with pytest.raises(ClaimSyntaxError, match=re.escape(message)):
        parse_claim(words.split())


ROLL = st.lists(st.integers(1, 6), min_size=5, max_size=5)


@given(ROLL, st.randoms())
def test_a_hand_does_not_depend_on_the_order_of_the_dice(roll: list[int], rnd: random.Random) -> None:
    shuffled = list(roll)
    rnd.shuffle(shuffled)
    assert hand_of(shuffled) == hand_of(roll)
    assert sorted(hand_of(roll).dice()) == sorted(roll)


@given(ROLL, ROLL, st.booleans())
def test_dice_are_honest_exactly_when_at_least_as_good(a: list[int], b: list[int], straight: bool) -> None:
    mine, claim = hand_of(a), hand_of(b)
    assert is_honest(a, claim, straight) == (strength(mine, straight) >= strength(claim, straight))
    assert is_honest(a, claim, straight) != beats(claim, mine, straight)
    if not beats(claim, mine, straight) and not beats(mine, claim, straight):
        assert sorted(a) == sorted(b)  # with every die named, equal hands are the same dice
    if is_honest(a, claim, straight):
        assert is_honest(a, claim.principal(), straight)  # fewer faces named is never harder to make


@given(ROLL)
def test_claims_read_back_and_the_dice_always_back_their_own_hand(roll: list[int]) -> None:
    hand = hand_of(roll)
    for claim in (hand, hand.principal()):
        assert parse_claim(str(claim).split()) == claim
        assert is_honest(roll, claim)
    assert chance_at_least(roll, hand) == 1.0
    assert chance_above(roll, hand) == 0.0


def test_chances_of_a_fresh_roll() -> None:
    assert chance_at_least([], h("nothing")) == pytest.approx(1.0)
    nothing_at_all = 4 * 120 / 6 ** 5  # five different faces, neither straight
    assert chance_at_least([], h("pair 9")) == pytest.approx(1 - nothing_at_all)
    assert chance_at_least([], h("five 9")) == pytest.approx(6 / 6 ** 5)
    assert chance_at_least(faces("K K K K"), h("five K")) == pytest.approx(1 / 6)
    assert chance_above(faces("K K K K"), h("four K Q")) == pytest.approx(2 / 6)  # an ace, or a fifth king
    assert len(ALL_ROLLS) == 252


# --- the book's round ----------------------------------------------------------------------------
def test_the_books_example_believe_keep_two_kings_and_shake_the_other_three() -> None:
    m = table(rolls="K J K 10 J  J J 9", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    assert phase(m) == Phase.DECIDE and m.to_act() == (1,)
    play(m, 1, "believe", "look", "keep pk:K pk:K")
    assert on_tray(m) == ["pk:K", "pk:K"]
    assert in_box(m, 1) == ["pk:J", "pk:J", "pk:9"]
    # the dice now make two pair, kings and jacks, with a 9: not enough to beat the claim truthfully
    assert refused(m, 1, "claim two-pair K J 9").clause_id == rules.HIGHER.id
    play(m, 1, "claim two-pair K J A")
    play(m, 2, "call")
    assert bets(m) == [3, 2, 3]
    row = m.sheet.rows[-1]
    assert row.points == (0, -1, 0)
    assert any(n.endswith(f"[{rules.FALSE.id}]") for n in row.notes)
    assert m.to_act() == (1,) and phase(m) == Phase.SHAKE  # the loser starts the box again


def test_the_claim_and_its_claimer_are_one_fact_and_the_prompt_only_asks() -> None:
    m = table(rolls="K J K 10 J  J J 9", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    claim = next(f for f in view(m, 1).facts if f.name == "claim")
    assert (claim.label, claim.value) == ("Claim to beat", {"words": "two pair, kings and jacks, with a 10", "seat": 0})
    assert [f.label for f in view(m, 1).facts].count("Claimed by") == 0  # said once, with the claim
    assert GAME.prompt(m.state, 1) == Prompt("Believe the claim, or call and open the box.")
    play(m, 1, "believe", "look")
    assert "kings and jacks" not in GAME.prompt(m.state, 1).text  # type: ignore[union-attr]
    play(m, 1, "keep pk:K pk:K", "claim two-pair K J A")
    play(m, 2, "call")
    called = next(f for f in view(m, None).facts if f.name == "claim")
    assert (called.label, called.value["seat"]) == ("Claim called", 1)


def test_the_caller_loses_when_the_two_kings_two_jacks_and_the_ten_are_in_the_box() -> None:
    m = table(rolls="K K J J 10", bets=3)
    play(m, 0, "roll", "right", "claim two-pair K J 10")
    assert m.to_act() == (2,)
    play(m, 2, "call")
    assert bets(m) == [3, 3, 2]
    notes = m.sheet.rows[-1].notes
    assert any(n.endswith(f"[{rules.HONEST.id}]") for n in notes)
    assert any(n.endswith(f"[{rules.OPEN.id}]") for n in notes)
    assert notes[-1] == f"seat 2 starts the next round [{rules.RESTART.id}]"
    assert m.to_act() == (2,) and phase(m) == Phase.SHAKE


def test_better_dice_than_the_claim_are_honest() -> None:
    m = table(rolls="K K K J J", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "call")
    assert bets(m) == [3, 2, 3]


def test_settle_call_is_the_books_rule() -> None:
    claim = h("two-pair K J 10")
    assert settle_call(faces("K K J J 10"), claim, caller=1, claimer=0).loser == 1
    assert settle_call(faces("K K J J A"), claim, caller=1, claimer=0).loser == 1
    out = settle_call(faces("K K J J 9"), claim, caller=1, claimer=0)
    assert (out.loser, out.honest, out.hand) == (0, False, h("two-pair K J 9"))
    assert out.note.endswith(f"[{rules.FALSE.id}]")


def test_dice_on_the_tray_count_at_a_call() -> None:
    m = table(rolls="A A 9 10 J  A A Q", bets=3)
    play(m, 0, "roll", "left", "claim pair A J 10 9")
    play(m, 1, "believe", "look", "keep pk:A pk:A", "claim four A K")
    play(m, 2, "call")  # A A on the tray, A A Q in the box: four aces with a Q, short of four aces with a K
    assert bets(m) == [3, 2, 3]
    events = [e.text for e in m.events(2)]
    assert any("pk:A pk:A pk:Q in the box and pk:A pk:A on the tray make four aces with a Q" in t for t in events)


def test_a_player_out_of_bets_is_passed_by_and_the_last_player_left_wins() -> None:
    m = table(rolls="9 9 9 9 9  A A A A A")
    play(m, 0, "roll", "left", "claim five 9")
    play(m, 1, "call")  # honest: seat 1 loses its one bet and is out
    assert bets(m) == [1, 0, 1] and view(m, None).fact("out") == [1]
    assert m.to_act() == (2,)  # the next player still in to the loser's left starts
    assert any(n.endswith(f"[{rules.BETS.id}]") for n in m.sheet.rows[-1].notes)
    assert refused(m, 1, "roll").clause_id == rules.BETS.id
    play(m, 2, "roll")
    assert phase(m) == Phase.CLAIM  # two players left: no direction to choose
    play(m, 2, "claim five A")
    assert m.to_act() == (0,)  # seat 1 is passed by
    assert m.legal_actions(0) == [gamenight.parse_action("call")]
    play(m, 0, "call")
    assert m.over and phase(m) == Phase.OVER
    result = m.result()
    assert result.winners == (2,) and result.ranking == ((2,), (0,), (1,))
    assert m.sheet.rows[-1].notes[-1].endswith(f"[{rules.END.id}]")
    assert refused(m, 2, "roll").clause_id == GAME_OVER.id


def test_several_bets() -> None:
    m = table(players=2, rolls="9 9 9 9 9 " * 3, bets=3)
    play(m, 0, "roll", "claim five 9")
    play(m, 1, "call")  # honest: the caller loses and starts the next round
    for _ in range(2):
        play(m, 1, "roll", "claim five A")
        play(m, 0, "call")  # false: the claimer loses and starts again
    assert bets(m) == [3, 0] and m.over
    assert [r.totals for r in m.sheet.rows] == [(3, 2), (3, 1), (3, 0)]
    assert any(n.endswith(f"[{rules.BETS_MANY.id}]") for n in m.sheet.rows[-1].notes)


# --- passing, believing, shaking -----------------------------------------------------------------
def test_the_starter_chooses_left_or_right_and_the_box_keeps_going_that_way() -> None:
    m = table(players=4, rolls="A K Q J 9  9 9 9 9 9", bets=3)
    play(m, 0, "roll")
    assert phase(m) == Phase.DIRECTION
    assert [str(a) for a in m.legal_actions(0)] == ["left", "right"]
    play(m, 0, "right", "claim nothing A K Q J 9")
    assert m.to_act() == (3,)
    play(m, 3, "believe", "roll", "claim pair 9 A K Q")
    assert m.to_act() == (2,)


def test_always_left_and_two_players_have_no_choice() -> None:
    m = table(rolls="A K Q J 9", direction="left")
    play(m, 0, "roll")
    assert phase(m) == Phase.CLAIM
    play(m, 0, "claim nothing A K Q J 9")
    assert m.to_act() == (1,)
    two = table(players=2, starter=1, rolls="A K Q J 9")
    play(two, 1, "roll")
    assert phase(two) == Phase.CLAIM


def test_each_claim_must_be_higher_and_the_refusal_says_what_to_beat() -> None:
    m = table(rolls="K K J J 10", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "believe")
    e = refused(m, 1, "claim pair A K Q J")
    assert e.clause_id == rules.HIGHER.id
    assert e.detail == ("a pair of aces with K Q J is not higher than two pair, kings and jacks, with a 10: name a "
                        "hand above it")
    e = refused(m, 1, "claim two-pair K J 10")
    assert e.clause_id == rules.HIGHER.id
    claims_now = [a for a in m.legal_actions(1) if a.verb == "claim"]
    assert str(claims_now[0]) == "claim two-pair K J Q"
    assert str(claims_now[-1]) == "claim five A"


def test_nothing_beats_five_aces_so_it_must_be_called() -> None:
    m = table(rolls="A A A A A")
    play(m, 0, "roll", "left", "claim five A")
    assert [str(a) for a in m.legal_actions(1)] == ["call"]
    e = refused(m, 1, "believe")
    assert e.clause_id == rules.TOP.id and "five aces" in e.detail


def test_looking_is_once_and_keeping_needs_a_look() -> None:
    m = table(rolls="K K J J 10", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "believe")
    e = refused(m, 1, "keep pk:K pk:K")
    assert e.clause_id == rules.KEEP.id and e.detail == "open the box and look before you set dice up on the tray"
    e = refused(m, 1, "keep pk:A")  # not in the box: still only "look first", nothing about the box
    assert e.detail == "open the box and look before you set dice up on the tray"
    assert not [a for a in m.legal_actions(1) if a.verb == "keep"]
    play(m, 1, "look")
    assert refused(m, 1, "look").clause_id == rules.LOOK.id
    e = refused(m, 1, "keep pk:A pk:K")
    assert e.clause_id == rules.KEEP.id and e.detail == "pk:A is not down in the box"
    e = refused(m, 1, "keep pk:K pk:K pk:J pk:J pk:10")
    assert e.detail == "leave at least one die down in the box to shake"


def test_the_box_is_shaken_once_a_turn() -> None:
    m = table(rolls="K K J J 10  Q Q Q", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "believe", "look", "keep K K")
    assert in_box(m, 1) == ["pk:Q", "pk:Q", "pk:Q"]
    for again in ("roll", "keep pk:Q", "take pk:K"):
        e = refused(m, 1, again)
        assert e.clause_id == rules.ONE_SHAKE.id, again
    assert {a.verb for a in m.legal_actions(1)} == {"claim"}


def test_the_starter_does_not_shake_twice() -> None:
    m = table(players=2, rolls="K K J J 10")
    play(m, 0, "roll")
    assert refused(m, 0, "roll").clause_id == rules.ONE_SHAKE.id
    assert {a.verb for a in m.legal_actions(0)} == {"claim"}


def test_kept_dice_may_go_back_in_the_box() -> None:
    m = table(rolls="K K J J 10  Q Q Q  A A A A", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "believe", "look", "keep K K", "claim full-house Q K")
    play(m, 2, "believe", "look")
    assert "take pk:K pk:K" in [str(a) for a in m.legal_actions(2)]
    play(m, 2, "take pk:K")
    assert on_tray(m) == ["pk:K"] and len(in_box(m, 2)) == 4
    assert refused(m, 2, "take pk:A").detail == "pk:A is not up on the tray"
    play(m, 2, "roll")
    assert in_box(m, 2) == ["pk:A"] * 4 and on_tray(m) == ["pk:K"]
    texts = [e.text for e in m.events(0)]
    assert "{0} puts pk:K back down in the box" in texts


def test_dice_on_the_tray_may_stay_there() -> None:
    m = table(rolls="K K J J 10  Q Q Q  9 9 9", bets=3, reroll_tray=False)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "believe", "look", "keep K K", "claim full-house Q K")
    play(m, 2, "believe")
    assert not [a for a in m.legal_actions(2) if a.verb == "take"]
    e = refused(m, 2, "take pk:K")
    assert e.clause_id == rules.TRAY_STAYS.id and e.detail == "pk:K stays up on the tray"
    play(m, 2, "roll")
    assert on_tray(m) == ["pk:K", "pk:K"]
    assert in_box(m, 2) == ["pk:9"] * 3


def test_passing_the_box_on_unshaken_is_allowed_unless_the_house_says_shake() -> None:
    m = table(rolls="K K J J 10", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "believe", "claim two-pair K Q 9")  # blind, unshaken: allowed by the book
    assert m.to_act() == (2,)
    strict = table(rolls="K K J J 10  A", bets=3, must_roll=True)
    play(strict, 0, "roll", "left", "claim two-pair K J 10")
    play(strict, 1, "believe")
    e = refused(strict, 1, "claim two-pair K Q 9")
    assert e.clause_id == rules.MUST_SHAKE.id and e.detail == "shake the box before you pass it on"
    assert {a.verb for a in strict.legal_actions(1)} == {"look", "roll"}
    play(strict, 1, "look", "keep K K J J", "claim two-pair K J A")


def test_claims_name_every_die_or_only_the_hand() -> None:
    m = table(rolls="A A K Q J")
    play(m, 0, "roll", "left")
    e = refused(m, 0, "claim pair A")
    assert e.clause_id == rules.EVERY_DIE.id and e.detail == "a pair of aces leaves dice unnamed: name every die, " \
        "like a pair of aces with K Q J"
    e = refused(m, 0, "claim pair A A K Q")
    assert e.clause_id == rules.EVERY_DIE.id and "claim it as 'three A K Q'" in e.detail
    assert len(m.legal_actions(0)) == 252
    short = table(rolls="A A K Q J  A A A", kickers=False)
    play(short, 0, "roll", "left")
    assert len(short.legal_actions(0)) == 72
    e = refused(short, 0, "claim pair A K Q J")
    assert e.clause_id == rules.HAND_ONLY.id and e.detail == "name only the hand: a pair of aces"
    play(short, 0, "claim pair A")
    play(short, 1, "believe")
    assert refused(short, 1, "claim pair A").clause_id == rules.HIGHER.id
    play(short, 1, "claim two-pair K Q")
    play(short, 2, "call")  # A A K Q J: one pair only, so the claimer loses
    assert bets(short) == [1, 0, 1]


def test_without_kickers_the_fifth_die_does_not_count() -> None:
    m = table(players=2, rolls="K K J J 9", kickers=False)
    play(m, 0, "roll", "claim two-pair K J")
    play(m, 1, "call")
    assert bets(m) == [1, 0]


def test_a_straight_above_a_full_house() -> None:
    book = table(players=2, rolls="A A A K K", bets=3)
    play(book, 0, "roll", "claim straight K")
    play(book, 1, "call")  # a full house beats a straight: the box is honest
    assert bets(book) == [3, 2]
    rarer = table(players=2, rolls="A A A K K", bets=3, straight_over_full_house=True)
    play(rarer, 0, "roll", "claim straight K")
    play(rarer, 1, "call")  # the straight is now higher: the claim was false
    assert bets(rarer) == [2, 3]
    m = table(players=2, rolls="A A A K K", straight_over_full_house=True)
    play(m, 0, "roll", "claim full-house A K")
    play(m, 1, "believe")
    names = [str(a) for a in m.legal_actions(1) if a.verb == "claim"]
    assert names[:2] == ["claim straight K", "claim straight A"]


# --- who sees what -------------------------------------------------------------------------------
def test_only_those_who_looked_see_under_the_lid() -> None:
    m = table(rolls="K K J J 10  Q Q Q", bets=3)
    play(m, 0, "roll")
    for seat, sees in ((0, True), (1, False), (2, False), (None, False)):
        box = view(m, seat).zone("box")
        assert box is not None
        assert (box.pieces != ()) == sees and box.hidden == (0 if sees else 5)
        assert view(m, seat).has_fact("dice-hand") == sees
    assert view(m, 0).fact("dice-hand") == "two pair, kings and jacks, with a 10"
    assert view(m, 0).hand == ("pk:K", "pk:K", "pk:J", "pk:J", "pk:10")
    play(m, 0, "left", "claim two-pair K J 10")
    assert view(m, 0).zone("box").pieces  # type: ignore[union-attr]  # the passer knows what is in it
    assert not view(m, 1).zone("box").pieces  # type: ignore[union-attr]
    play(m, 1, "believe")
    assert not view(m, 1).zone("box").pieces  # type: ignore[union-attr]  # not until they look
    play(m, 1, "look")
    assert view(m, 1).hand == ("pk:K", "pk:K", "pk:J", "pk:J", "pk:10")
    play(m, 1, "keep K K")
    assert view(m, 0).zone("box").hidden == 3  # type: ignore[union-attr]  # shaken: the passer knows no more
    assert view(m, 2).pieces("tray") == ("pk:K", "pk:K")
    assert view(m, 1).pieces("box") == ("pk:Q", "pk:Q", "pk:Q")
    play(m, 1, "claim full-house Q K")
    play(m, 2, "call")
    for seat in (0, 1, 2, None):
        assert view(m, seat).pieces("box") == ("pk:Q", "pk:Q", "pk:Q")  # opened for everyone
        assert view(m, seat).fact("dice-hand") == "a full house, queens over kings"


def test_events_show_rolled_dice_only_to_the_one_who_looks() -> None:
    m = table(rolls="K K J J 10  Q Q Q", bets=3)
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    play(m, 1, "believe", "look", "keep K K")
    mine = [e.text for e in m.events(1)]
    assert "{0} looks in the box: pk:K pk:K pk:J pk:J pk:10" in mine
    assert "{0} looks at the roll: pk:Q pk:Q pk:Q" in mine
    others = [e.text for e in m.events(2)]
    assert "{0} shakes the box and looks at the roll" in others
    assert "{0} looks in the box" in others
    assert "{0} sets pk:K pk:K up on the tray and shakes the 3 dice down in the box" in others
    assert not any("pk:Q" in t or "pk:J" in t or "pk:10" in t for t in others)
    assert not any("pk:Q" in p for e in m.events(0) for p in e.pieces)


@pytest.mark.parametrize("seed", range(12))
def test_no_die_under_the_cup_reaches_another_seat(seed: int) -> None:
    """Random matches: a seat that has not looked sees the box only as a count, and no view,
    event or refusal it is given names a die that was not in view (the tray, or the opened box)."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    options = [{}, {"bets": 2}, {"reroll_tray": False}, {"kickers": False, "bets": 2}][seed % 4]
    m = gamenight.load("liars_dice", players=players, options=options, seed=seed)
    while not m.over:
        s = truth(m)
        seat = m.to_act()[0]
        hidden_from_actor = not s.opened and seat not in s.seen_by
        if hidden_from_actor:
            tray = Counter(map(str, s.tray))
            for probe in ("keep pk:A", "keep pk:9 pk:9", "take pk:K", "look", "roll 3", "claim pair 9", "pass"):
                try:
                    m.check(seat, probe)
                except IllegalAction as e:
                    assert not Counter(DIE.findall(str(e))) - tray - Counter(DIE.findall(probe)), str(e)
        tray_before = list(s.tray)
        start = m.event_count
        m.apply(seat, rng.choice(m.legal_actions(seat)))
        s = truth(m)
        public = Counter(map(str, tray_before + s.tray + (s.box if s.opened else [])))
        for viewer in [*range(players), None]:
            v = view(m, viewer)
            box = v.zone("box")
            assert box is not None
            if not (s.opened or viewer in s.seen_by):
                assert box.pieces == () and box.hidden == len(s.box)
                assert not v.has_fact("dice-hand")
            if viewer == seat:
                continue
            for e in m.events(viewer, start):
                assert not Counter(DIE.findall(e.text)) - public, e.text
                assert not Counter(e.pieces) - public, e.pieces
    assert m.result().winners


# --- refusals out of turn, notation, records -----------------------------------------------------
def test_out_of_turn_refusals_say_who_may_act() -> None:
    m = table(rolls="K K J J 10")
    e = refused(m, 1, "roll")
    assert e.clause_id == rules.START.id and e.detail == "only the player starting the round shakes the box"
    play(m, 0, "roll", "left", "claim two-pair K J 10")
    e = refused(m, 2, "call")
    assert e.clause_id == rules.DECIDE.id and e.detail == "only the player the box was passed to believes or calls"
    assert refused(m, 0, "claim five A").clause_id == rules.CLAIM.id
    assert refused(m, 2, "left").clause_id == TURN.id
    e = refused(m, 1, "keep pk:K")
    assert e.clause_id == rules.DECIDE.id


def test_claims_and_dice_may_be_typed_loosely() -> None:
    assert str(GAME.parse("claim two-pair k j t")) == "claim two-pair K J 10"
    assert str(GAME.parse("CLAIM pair a k q j")) == "claim pair A K Q J"
    assert str(GAME.parse("keep J K K")) == "keep pk:K pk:K pk:J"
    assert str(GAME.parse("take pk:9")) == "take pk:9"
    m = table(rolls="K K J J 10  Q Q Q", bets=3)
    play(m, 0, "roll", "left", "claim two-pair k j 10")
    play(m, 1, "believe", "look", "keep k k")
    assert on_tray(m) == ["pk:K", "pk:K"]


def test_a_match_replays_from_its_record() -> None:
    m = gamenight.load("liars_dice", players=4, options={"bets": 2}, seed=9)
    rng = random.Random(9)
    while not m.over:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    again = gamenight.restore(m.record())
    assert again.sheet.to_dict() == m.sheet.to_dict()
    for seat in (0, 1, 2, 3, None):
        assert again.view(seat, since=0) == m.view(seat, since=0)


@pytest.mark.parametrize("preset", list(rules.SPEC.presets))
@pytest.mark.parametrize("players", [2, 5, 8])
def test_whole_random_matches_end_with_a_winner(preset: str, players: int) -> None:
    m = gamenight.load("liars_dice", players=players, preset=preset, seed=players)
    rng = random.Random(players)
    steps = 0
    while not m.over:
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
        steps += 1
    result = m.result()
    assert len(result.winners) == 1
    assert sorted(s for group in result.ranking for s in group) == list(range(players))
    assert sum(bets(m)) >= 1 and len(m.sheet.rows) >= players - 1


def test_every_clause_is_cited_or_descriptive() -> None:
    source = inspect.getsource(game_module)
    body = source[source.index("\nDICE = "):]  # after the imports
    for name, value in vars(rules).items():
        if isinstance(value, gamenight.Clause) and value not in rules.TEXT_ONLY:
            assert value.id in rules.RULES
            assert re.search(rf"\b{name}\b", body), f"{name} is never cited"


def test_options_render_in_the_rulebook() -> None:
    from gamenight.rulebook import render
    for preset, values in rules.SPEC.presets.items():
        options = gamenight.load("liars_dice", options=dict(values), seed=1).options
        text = render(rules.SPEC, options, 4, "text")
        assert "liars_dice.pass.claim" in text, preset
    rarer = gamenight.load("liars_dice", options={"straight_over_full_house": True}, seed=1).options
    assert "liars_dice.hands.straight-high" in render(rules.SPEC, rarer, 4, "text")
