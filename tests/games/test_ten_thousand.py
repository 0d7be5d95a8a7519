"""10,000 (rulebook 000): the book's scoring table row by row, getting on the board, hot
dice, taking over (saved and blown), every option, and whole seeded matches. The dice are
loaded by ``gamenight.testing`` (``rolls``); scores come from the turns that make them."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.view import View, ZoneKind
from gamenight.families.dice import score_keep
from gamenight.games.ten_thousand import TABLES, TenThousandOptions
from gamenight.testing import scenario

GAME = "ten_thousand"
Moves = list[tuple[int, str]]
ON = 1_000
"""What each player scored getting on the board, when a test starts with everyone on it."""


def getting_on(players: int, take_over: bool) -> tuple[list[list[int]], Moves]:
    """Every player in turn gets on the board with three 1s (1,000), declining the count before."""
    moves: Moves = []
    for seat in range(players):
        if seat and take_over:
            moves.append((seat, "decline"))
        moves += [(seat, "roll"), (seat, "keep 1 1 1"), (seat, "bank")]
    if take_over:
        moves.append((0, "decline"))
    return [[1, 1, 1, 2, 3]] * players, moves


def faces(*rolls: Sequence[int]) -> list[int]:
    """The faces the dice show, roll after roll, as ``scenario`` loads them."""
    return [face for roll in rolls for face in roll]


def table(*rolls: Sequence[int], players: int = 2, on_board: bool = False, **options: Any) -> Match:
    """Seat 0 to roll first; the dice show ``rolls`` in order, one list of faces per roll.
    ``on_board``: every player is on the board with 1,000 first (``getting_on``)."""
    before, moves = getting_on(players, options.get("take_over", True)) if on_board else ([], [])
    return scenario(GAME, players=players, options=options or None, dealer=0, rolls=faces(*before, *rolls),
                    moves=moves)


def play(m: Match, seat: int, *actions: str) -> None:
    for text in actions:
        m.apply(seat, text)


def view(m: Match, seat: int | None) -> View:
    v = m.view(seat)
    assert isinstance(v, View)
    return v


def refused(m: Match, seat: int, text: str) -> str:
    return refusal(m, seat, text).clause_id


def refusal(m: Match, seat: int, text: str) -> IllegalAction:
    viewers = [*range(m.players), None]
    before = [dataclasses.replace(view(m, v), events=()) for v in viewers], m.sheet.totals
    with pytest.raises(IllegalAction) as exc:
        m.apply(seat, text)
    assert ([dataclasses.replace(view(m, v), events=()) for v in viewers], m.sheet.totals) == before
    return exc.value


def told(m: Match, start: int = 0) -> list[str]:
    """The events from number ``start`` on (everyone sees the same), seats as "seat N"."""
    return [e.text.format(*(f"seat {s}" for s in e.seats)) for e in m.events(None, start)]


def scores(m: Match) -> list[int | float]:
    return list(m.sheet.totals)


def total(m: Match) -> int:
    """This turn's total so far."""
    return int(view(m, None).fact("turn_total"))


def to_roll(m: Match) -> int:
    """How many dice are in the cup, to be rolled next."""
    cup = view(m, None).zone("cup")
    assert cup is not None
    return cup.hidden


def phase(m: Match) -> str:
    return view(m, None).phase


def legal(m: Match, seat: int) -> set[str]:
    return {str(a) for a in m.legal_actions(seat)}


# --- the book's scoring table, row by row ----------------------------------------------------------------
@pytest.mark.parametrize(("dice", "rolled", "points"), [
    ((5,), [5, 2, 3, 4, 4], 50),
    ((1,), [1, 2, 3, 4, 4], 100),
    ((1, 1, 1), [1, 1, 1, 2, 3], 1000),
    ((2, 2, 2), [2, 2, 2, 3, 4], 200),
    ((4, 4, 4), [4, 4, 4, 2, 3], 400),
    ((2, 2, 2, 2), [2, 2, 2, 2, 3], 400),
    ((3, 3, 3, 3), [3, 3, 3, 3, 2], 600),
    ((2, 2, 2, 2, 2), [2, 2, 2, 2, 2], 800),
    ((3, 3, 3, 3, 3), [3, 3, 3, 3, 3], 1200),
    ((1, 2, 3, 4, 5), [3, 1, 5, 2, 4], 1000),
    ((2, 3, 4, 5, 6), [6, 5, 4, 3, 2], 1000),
])
def test_book_scoring_table(dice: tuple[int, ...], rolled: list[int], points: int) -> None:
    assert score_keep(dice, TABLES["both"]) == points
    # and the same through play: roll those dice and keep them
    m = table(rolled, entry=0)
    play(m, 0, "roll")
    play(m, 0, "keep " + " ".join(map(str, dice)))
    assert total(m) == points


def test_ones_sets_follow_the_multipliers() -> None:
    assert score_keep((1, 1, 1, 1), TABLES["both"]) == 2000
    assert score_keep((1, 1, 1, 1, 1), TABLES["both"]) == 4000


@pytest.mark.parametrize(("ones", "rolled", "points"), [
    ("thousand", [1, 1, 1, 1, 3], 2000), ("thousand", [1, 1, 1, 1, 1], 4000),
    ("hundred", [1, 1, 1, 1, 3], 1100), ("hundred", [1, 1, 1, 1, 1], 1200),
])
def test_four_and_five_ones_option(ones: str, rolled: list[int], points: int) -> None:
    # "4 of a kind x00 times 2": x00 for 1s is the 1,000 of three 1s by default, or 100 read literally
    m = table(rolled, entry=0, ones_sets=ones)
    play(m, 0, "roll")
    play(m, 0, "keep " + " ".join("1" for f in rolled if f == 1))
    assert total(m) == points
    assert {c.id for c in m.spec.rules.in_force(m.options)} >= (
        {"ten_thousand.score.four"} if ones == "thousand" else {"ten_thousand.score.four-face"})


def test_hot_dice_may_also_stop() -> None:
    # "If during a turn, all the dice count, the player may roll them all again": may, not must
    m = table([1, 1, 1, 5, 5], on_board=True)
    play(m, 0, "roll")
    play(m, 0, "keep 1 1 1 5 5")
    assert told(m)[-1] == "seat 0 keeps 1 1 1 5 5 for 1,100 — hot dice: all five may be rolled again"
    assert legal(m, 0) == {"roll", "bank"}
    play(m, 0, "bank")
    assert scores(m) == [ON + 1100, ON]


def test_straight_option() -> None:
    assert score_keep((1, 2, 3, 4, 5), TABLES["low"]) == 1000
    assert score_keep((2, 3, 4, 5, 6), TABLES["low"]) is None
    assert score_keep((1, 2, 3, 4, 5), TABLES["high"]) is None
    m = table([2, 3, 4, 5, 6], straight="low", entry=0)
    play(m, 0, "roll")
    assert "keep 2 3 4 5 6" not in legal(m, 0)
    assert refused(m, 0, "keep 2 3 4 5 6") == "ten_thousand.play.keep-scoring"
    play(m, 0, "keep 5")
    assert total(m) == 50


# --- rolling and keeping -----------------------------------------------------------------------------
def test_must_keep_a_scoring_die_before_rolling_again() -> None:
    m = table([1, 2, 3, 4, 6])
    play(m, 0, "roll")
    assert phase(m) == "keep"
    assert refused(m, 0, "roll") == "ten_thousand.play.keep-one"
    assert refused(m, 0, "bank") == "ten_thousand.play.stop"
    assert refused(m, 0, "keep 2") == "ten_thousand.play.keep-scoring"
    assert refused(m, 0, "keep 5") == "ten_thousand.play.keep-scoring"
    play(m, 0, "keep 1")
    assert refused(m, 0, "keep 1") == "ten_thousand.play.keep-once"
    assert to_roll(m) == 4


def test_keep_accepts_dice_in_any_order() -> None:
    m = table([5, 2, 1, 4, 6])
    play(m, 0, "roll")
    play(m, 0, "keep 5 1")
    assert total(m) == 150 and view(m, None).pieces("kept") == ("d6:1", "d6:5")
    assert told(m)[-1] == "seat 0 keeps 1 5 for 150", "one keep of 1 and 5"


def test_sets_must_be_made_on_one_roll() -> None:
    m = table([5, 2, 3, 4, 6], [5, 5, 2, 3])
    play(m, 0, "roll")
    play(m, 0, "keep 5")  # (not the straight: keeping the single five)
    play(m, 0, "roll")
    assert refused(m, 0, "keep 5 5 5") == "ten_thousand.score.one-roll"
    play(m, 0, "keep 5 5")
    assert total(m) == 150  # three fives over two rolls are not a set


def test_held_dice_are_never_rolled_again() -> None:
    m = table([1, 1, 2, 3, 4], [5, 2, 3])
    play(m, 0, "roll")
    play(m, 0, "keep 1 1")
    play(m, 0, "roll")
    assert len(view(m, None).pieces("roll")) == 3


def test_a_roll_with_nothing_that_counts_is_a_bust() -> None:
    m = table([1, 2, 3, 4, 6], [2, 3, 4, 6])
    play(m, 0, "roll")
    play(m, 0, "keep 1")
    play(m, 0, "roll")
    assert m.to_act() == (1,) and scores(m) == [0, 0]
    row = m.sheet.rows[-1]
    assert row.points == (0, 0) and "ten_thousand.play.bust" in row.notes[0]
    assert told(m)[-1] == "seat 0 rolls 2 3 4 6 — bust: 100 lost"
    assert phase(m) == "roll"  # no count to take over after a bust


def test_hot_dice_roll_all_five_again() -> None:
    m = table([1, 2, 3, 4, 6], [5, 5, 1, 1], [2, 2, 2, 3, 4])
    play(m, 0, "roll")
    play(m, 0, "keep 1")
    play(m, 0, "roll")
    play(m, 0, "keep 1 1 5 5")
    assert told(m)[-1].endswith("— hot dice: all five may be rolled again")
    assert "roll 5 dice" in view(m, 0).prompt.text
    play(m, 0, "roll")
    assert len(view(m, None).pieces("roll")) == 5
    play(m, 0, "keep 2 2 2")
    assert total(m) == 100 + 300 + 200


# --- getting on the board ------------------------------------------------------------------------------
def test_1000_needed_to_get_on_the_board() -> None:
    m = table([5, 5, 5, 2, 3], [1, 1], [1, 1, 1, 2, 3])
    play(m, 0, "roll")
    play(m, 0, "keep 5 5 5")
    assert "bank" not in legal(m, 0)
    assert refused(m, 0, "bank") == "ten_thousand.play.meld"
    play(m, 0, "roll")
    play(m, 0, "keep 1 1")
    assert total(m) == 700 and told(m)[-1].endswith("— hot dice: all five may be rolled again")
    assert refused(m, 0, "bank") == "ten_thousand.play.meld"
    play(m, 0, "roll")
    play(m, 0, "keep 1 1 1", "bank")
    assert scores(m) == [1700, 0] and view(m, None).fact("on_board") == [0]
    notes = m.sheet.rows[-1].notes
    assert any("ten_thousand.play.meld" in n for n in notes)


def test_once_on_the_board_any_count_may_be_saved() -> None:
    m = table([5, 2, 3, 4, 6], on_board=True)
    play(m, 0, "roll")
    play(m, 0, "keep 5", "bank")
    assert scores(m) == [ON + 50, ON]


def test_entry_option() -> None:
    m = table([5, 2, 3, 4, 6], entry=0)
    play(m, 0, "roll")
    play(m, 0, "keep 5", "bank")
    assert scores(m) == [50, 0]


# --- taking over -------------------------------------------------------------------------------------------
def banked_400_with_two_dice(*rolls: Sequence[int], **options: Any) -> Match:
    """Everyone on the board, seat 0 keeps three 4s and stops with two dice left; the dice then show ``rolls``."""
    m = table([4, 4, 4, 2, 3], *rolls, on_board=True, **options)
    play(m, 0, "roll")
    play(m, 0, "keep 4 4 4", "bank")
    return m


def test_take_over_saved_scores_the_count_plus_the_roll() -> None:
    m = banked_400_with_two_dice([5, 3])
    v = view(m, 1)
    cup = v.zone("cup")
    assert v.phase == "offer" and v.fact("offer") == 400 and cup is not None and cup.hidden == 2
    assert refused(m, 1, "roll") == "ten_thousand.take-over.offer"
    play(m, 1, "take-over")
    assert total(m) == 400 and to_roll(m) == 2
    play(m, 1, "roll")
    play(m, 1, "keep 5", "bank")
    assert scores(m) == [ON + 400, ON + 450]  # the first player keeps their count
    assert any("ten_thousand.take-over.save" in n for n in m.sheet.rows[-1].notes)


def test_take_over_blown() -> None:
    m = banked_400_with_two_dice([2, 3])
    play(m, 1, "take-over")
    play(m, 1, "roll")
    assert scores(m) == [ON + 400, ON] and m.to_act() == (0,)
    assert "ten_thousand.take-over.save" in m.sheet.rows[-1].notes[0]
    assert told(m)[-1] == "seat 1 rolls 2 3 — blew it: no 1 or 5 to save the 400"


def test_decline_starts_a_fresh_turn_with_five_dice() -> None:
    m = banked_400_with_two_dice([2, 3, 4, 6, 6])
    play(m, 1, "decline")
    assert total(m) == 0 and to_roll(m) == 5
    play(m, 1, "roll")
    assert m.to_act() == (0,) and phase(m) == "roll"  # the bust ends the chain of counts


def test_take_over_is_saved_only_by_a_one_or_a_five_by_default() -> None:
    # "If you save it, by rolling at least a single five or a one ... If you do not save it with
    # at least a five or a one, you then, "Blew It" for that turn."
    assert TenThousandOptions().save_with_one_or_five
    m = table([1, 5, 2, 3, 4], [2, 2, 2], on_board=True)
    play(m, 0, "roll")
    play(m, 0, "keep 1 5", "bank")
    play(m, 1, "take-over")
    play(m, 1, "roll")
    assert m.to_act() == (0,) and scores(m) == [ON + 150, ON]
    assert "ten_thousand.take-over.save-one-five" in m.sheet.rows[-1].notes[0]
    assert told(m)[-1] == "seat 1 rolls 2 2 2 — blew it: no 1 or 5 to save the 150"


def test_take_over_saved_by_a_set_only_with_the_any_scoring_die_option() -> None:
    for literal, saved in ((False, True), (True, False)):
        m = table([1, 5, 2, 3, 4], [2, 2, 2], on_board=True, save_with_one_or_five=literal)
        play(m, 0, "roll")
        play(m, 0, "keep 1 5", "bank")
        play(m, 1, "take-over")
        play(m, 1, "roll")
        assert (phase(m) == "keep") == saved, literal
        if saved:
            play(m, 1, "keep 2 2 2", "bank")
            assert scores(m) == [ON + 150, ON + 350]
            assert any("ten_thousand.take-over.save]" in n for n in m.sheet.rows[-1].notes)


def test_a_saved_take_over_counts_a_set_beside_the_one_or_five() -> None:
    m = table([1, 2, 3, 4, 6], [3, 5, 3, 3], on_board=True)
    play(m, 0, "roll")
    play(m, 0, "keep 1", "bank")
    play(m, 1, "take-over")
    play(m, 1, "roll")  # the 5 saves it; the 3s count too
    play(m, 1, "keep 3 3 3 5")
    assert total(m) == 100 + 300 + 50  # every die counted: five to roll
    assert told(m)[-1].endswith("— hot dice: all five may be rolled again")
    play(m, 1, "bank")
    assert scores(m) == [ON + 100, ON + 450]


def test_take_over_after_hot_dice_option() -> None:
    for allowed in (True, False):
        m = table([1, 1, 1, 5, 5], on_board=True, take_over_hot_dice=allowed)
        play(m, 0, "roll")
        play(m, 0, "keep 1 1 1 5 5", "bank")
        if allowed:
            assert view(m, 1).fact("offer") == 1100 and to_roll(m) == 5
        else:
            assert phase(m) == "roll" and not view(m, 1).has_fact("offer")
            assert refused(m, 1, "take-over") == "ten_thousand.take-over.no-hot-dice"


def test_taken_over_count_counts_toward_the_board_unless_the_option_says_not() -> None:
    for counts in (True, False):
        m = table([1, 1, 1, 2, 3], [5, 3], take_over_counts_for_entry=counts)
        play(m, 0, "roll")
        play(m, 0, "keep 1 1 1", "bank")  # seat 0 gets on the board; seat 1 is not on it
        play(m, 1, "take-over")
        play(m, 1, "roll")
        play(m, 1, "keep 5")
        if counts:
            play(m, 1, "bank")
            assert scores(m) == [1000, 1050] and view(m, None).fact("on_board") == [0, 1]
        else:
            assert refused(m, 1, "bank") == "ten_thousand.take-over.entry-own"


def test_take_over_option_off() -> None:
    m = banked_400_with_two_dice(take_over=False)
    assert phase(m) == "roll" and not view(m, 1).has_fact("offer")
    assert refused(m, 1, "take-over") == "engine.legal"


# --- the end --------------------------------------------------------------------------------------------------
def big_turn(seat: int, five_of: int) -> tuple[list[list[int]], Moves]:
    """The rolls and moves of a turn that keeps five 1s twice (4,000 each, hot dice each time),
    then five ``five_of``s and three 3s (five 3s: 9,500 in all; five 4s: 9,900), or with
    ``five_of`` 0 three 1s (9,000), and stops. A seat after the first declines the count before."""
    rolls, moves = [[1] * 5, [1] * 5], [(seat, "roll"), (seat, "keep 1 1 1 1 1")] * 2
    if five_of:
        rolls += [[five_of] * 5, [3, 3, 3, 2, 4]]
        moves += [(seat, "roll"), (seat, "keep " + " ".join([str(five_of)] * 5)), (seat, "roll"), (seat, "keep 3 3 3")]
    else:
        rolls += [[1, 1, 1, 2, 3]]
        moves += [(seat, "roll"), (seat, "keep 1 1 1")]
    return rolls, [*([(seat, "decline")] if seat else []), *moves, (seat, "bank")]


def after(turns: Sequence[tuple[list[list[int]], Moves]], *rolls: Sequence[int], players: int,
          **options: Any) -> Match:
    """A match played through ``turns``, seat 0 first, then seat 0 declining the count on offer;
    the dice then show ``rolls``."""
    rolled = [roll for before, _ in turns for roll in before]
    moves = [move for _, made in turns for move in made]
    return scenario(GAME, players=players, options=options or None, dealer=0, rolls=faces(*rolled, *rolls),
                    moves=[*moves, (0, "decline")])


def test_first_to_the_target_wins() -> None:
    m = after([big_turn(0, 3), big_turn(1, 4)], [5, 5, 5, 2, 3], players=2)
    assert scores(m) == [9500, 9900]
    play(m, 0, "roll")
    play(m, 0, "keep 5 5 5", "bank")
    assert m.over and m.result().winners == (0,)
    assert any("ten_thousand.object.target" in n for n in m.sheet.rows[-1].notes)


def test_equal_turns_option_finishes_the_round() -> None:
    m = after([big_turn(0, 3), big_turn(1, 0), big_turn(2, 4)], [5, 5, 5, 2, 3], [1, 1], [1, 1, 1, 2, 3],
              players=3, equal_turns=True)
    assert scores(m) == [9500, 9000, 9900]
    play(m, 0, "roll")
    play(m, 0, "keep 5 5 5", "bank")
    assert not m.over and view(m, None).fact("final_round")
    play(m, 1, "take-over")
    play(m, 1, "roll")
    play(m, 1, "keep 1 1", "bank")  # 500 + 200 taken over and saved
    assert scores(m)[1] == 9700
    play(m, 2, "decline", "roll")
    play(m, 2, "keep 1 1 1", "bank")
    assert m.over and m.result().winners == (2,)


def test_dice_are_pieces_and_the_roll_is_public() -> None:
    match = gamenight.load(GAME, players=3, seed=2)
    seat = match.to_act()[0]
    cup = view(match, seat).zone("cup")
    assert cup is not None and cup.hidden == 5 and cup.kind is ZoneKind.DICE, "the dice to roll show no faces"
    match.apply(seat, "roll")
    rolls = [view(match, v).pieces("roll") for v in ((seat + 1) % 3, seat, None)]
    assert rolls[0] == rolls[1] == rolls[2] and len(rolls[0]) == 5
    assert all(p.startswith("d6:") for p in rolls[0])
    assert view(match, None).zone("roll").piece == "die"  # type: ignore[union-attr]
    assert sum(len(z.pieces) + z.hidden for z in view(match, None).zones if z.kind is ZoneKind.DICE) == 5


# --- whole matches -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["standard", "equal-turns", "no-take-over"])
def test_seeded_random_matches_end(preset: str) -> None:
    for players in (2, 5):
        match = gamenight.load(GAME, players=players, seed=players, preset=preset)
        rng = random.Random(players)
        steps = 0
        while not match.over:
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)))
            steps += 1
            assert steps < 20_000
        winners = match.result().winners
        assert all(match.sheet.totals[w] >= 10_000 for w in winners)


# --- dice zones, events and refusals -----------------------------------------------------------------------
def test_roll_kept_and_set_aside_zones() -> None:
    m = table([1, 5, 2, 3, 4], [5, 5, 2, 3], [5, 6], on_board=True)
    play(m, 0, "roll")
    assert view(m, 1).pieces("roll") == ("d6:1", "d6:5", "d6:2", "d6:3", "d6:4")
    play(m, 0, "keep 1")
    v = view(m, 1)
    assert v.pieces("kept") == ("d6:1",) and v.pieces("roll") == () and v.zone("cup").hidden == 4  # type: ignore[union-attr]
    play(m, 0, "roll")
    play(m, 0, "keep 5 5", "bank")
    v = view(m, 1)
    assert v.phase == "offer" and v.pieces("set aside") == ("d6:1", "d6:5", "d6:5")
    assert v.zone("cup").hidden == 2  # type: ignore[union-attr]
    play(m, 1, "take-over")
    play(m, 1, "roll")
    v = view(m, 0)
    assert v.pieces("set aside") == ("d6:1", "d6:5", "d6:5") and v.pieces("roll") == ("d6:5", "d6:6")
    assert v.fact("taken_over") == 200 and v.fact("turn_total") == 200


def test_events_say_what_each_roll_did() -> None:
    m = table([1, 5, 5, 2, 3], [5, 5, 5], [1, 1, 1, 4, 6], on_board=True)
    mark = m.event_count
    play(m, 0, "roll")
    play(m, 0, "keep 1 5")
    play(m, 0, "roll")
    play(m, 0, "keep 5 5 5")
    play(m, 0, "bank")
    play(m, 1, "take-over")
    play(m, 1, "roll")
    assert told(m, mark)[:7] == [
        "seat 0 rolls 1 5 5 2 3", "seat 0 keeps 1 5 for 150", "seat 0 rolls 5 5 5",
        "seat 0 keeps 5 5 5 for 500 — hot dice: all five may be rolled again",
        "seat 0 stops and scores 650: 1,650 in all", "seat 1 takes over 650 with 5 dice to roll",
        "seat 1 rolls 1 1 1 4 6 — the 650 is saved"]
    assert m.events(None, mark)[0].pieces == ("d6:1", "d6:5", "d6:5", "d6:2", "d6:3")


def test_getting_on_the_board_is_told() -> None:
    m = table([1, 1, 1, 2, 3])
    play(m, 0, "roll")
    play(m, 0, "keep 1 1 1", "bank")
    assert told(m)[-1] == "seat 0 stops and scores 1,000, and is on the board: 1,000 in all"
    assert view(m, 1).fact("on_board") == [0]


def test_refusals_say_why() -> None:
    m = table([1, 2, 3, 4, 6])
    play(m, 0, "roll")
    assert refusal(m, 0, "keep 5").detail == "you rolled 1 2 3 4 6: keep dice from that roll"
    assert refusal(m, 0, "keep 2").detail == "2 do not all count"
    assert refusal(m, 0, "keep d6:1").clause_id == "ten_thousand.play.keep-scoring", "moves name faces"
    assert refusal(m, 0, "roll").detail == "keep at least one die that counts before you roll again"
    play(m, 0, "keep 1")
    assert refusal(m, 0, "bank").detail == "you need 1,000 in one turn to get on the board, and you have 100"
    assert refusal(m, 0, "take-over").detail == "there is no saved count to take over now"
    m = table([1, 1, 1, 2, 3], [5, 3], take_over_counts_for_entry=False)
    play(m, 0, "roll")
    play(m, 0, "keep 1 1 1", "bank")  # seat 0 gets on the board; seat 1 is not on it
    play(m, 1, "take-over")
    play(m, 1, "roll")
    play(m, 1, "keep 5")
    err = refusal(m, 1, "bank")
    assert err.clause_id == "ten_thousand.take-over.entry-own"
    assert err.detail == "you need 1,000 in one turn to get on the board, not counting the 1,000 you took over, " \
                         "and you have 1,050"
