"""Arizona Rummy (rulebook 000): eleven rounds from 3s to kings with the rank's cards dealt and wild,
discard piles in front of each player and picks from any of them, melds with a natural card on
your own cards only, a discard to go out (even in the first round), the card given face down and
the last play, counting back what is left, and the lowest total winning."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import gamenight
from gamenight.core.cards import cards, standard_deck
from gamenight.engine.match import Match
from gamenight.games.arizona_rummy.cards import count
from gamenight.games.arizona_rummy.rules import DISCARD_IN_FRONT, KINDS, LAST_PLAY, NATURAL, OUT, OWN
from gamenight.testing import refusal, scenario

GAME = "arizona_rummy"
DECK = [str(c) for c in standard_deck(copies=3, jokers=2)]


def rest(*named: str) -> list[str]:
    left = Counter(DECK)
    left.subtract(c for text in named for c in text.split())
    assert all(n >= 0 for n in left.values()), "a card is named more often than the packs hold it"
    return [c for c in DECK if left[c] > 0 and not left.subtract([c])]  # type: ignore[func-returns-value]


def table(seat0: str, seat1: str, *, draws: str = "", moves=(), hand: int = 1, **options: Any) -> Match:
    """Two players, seat 1 dealing round ``hand`` (seat 0 plays first), the centre pile drawn in the
    order ``draws`` lists."""
    stock = [*rest(seat0, seat1, draws), *reversed(draws.split())]
    return scenario(GAME, players=2, dealer=(1 - (hand - 1)) % 2, seed=4, hand=hand, moves=moves,
                    options=options or None, hands={0: seat0, 1: seat1}, zones={"stock": " ".join(stock)})


def refused(m: Match, seat: int, action: str, clause: Any, why: str) -> None:
    e = refusal(m, seat, action)
    assert e.clause_id == clause.id, e
    assert why in e.detail, e.detail


def melds(m: Match) -> list[tuple[int | None, str, list[str]]]:
    return [(z.owner, z.label, list(z.pieces)) for z in m.view(None).zones if z.name == "meld"]


def pile(m: Match, seat: int) -> list[str]:
    return next(list(z.pieces) for z in m.view(None).zones if z.name == "discard" and z.owner == seat)


# --- the rounds --------------------------------------------------------------------------------------------
def test_the_first_round_deals_three_cards_and_threes_are_wild() -> None:
    m = gamenight.load(GAME, players=3, seed=2)
    assert [len(m.view(s).hand) for s in range(3)] == [3, 3, 3]
    assert m.view(None).fact("round") == "1 of 11: 3 cards, 3s and jokers wild"
    assert len(m.game.all_cards(m.state)) == 162
    four = gamenight.load(GAME, players=3, seed=2, options={"decks": 4})
    assert len(four.game.all_cards(four.state)) == 216


def test_the_kings_round_deals_thirteen_and_kings_are_wild() -> None:
    m = table("AC 2C 4C 5C 6C 7C 8C 9C 10C JC QC KC KD", "AD 2D 4D 5D 6D 7D 8D 9D 10D JD QD KS KH", hand=11)
    assert m.view(None).fact("round") == "11 of 11: 13 cards, kings and jokers wild"
    assert [len(m.view(s).hand) for s in range(2)] == [13, 13]


def test_what_cards_left_in_hand_count_each_round() -> None:
    assert count(cards("JK 3C AS KD 10H 9S 2C"), 3) == 50 + 25 + 20 + 10 + 10 + 5 + 5
    assert count(cards("3C KD"), 13) == 5 + 25


# --- drawing and discarding --------------------------------------------------------------------------------
def test_each_player_discards_in_front_of_them_and_picks_from_any_pile() -> None:
    m = table("4C 5D 9S", "7H 8S QC", draws="KH 6D", moves=[(0, "draw stock"), (0, "discard KH")])
    assert pile(m, 0) == ["KH"] and pile(m, 1) == []
    assert [str(a) for a in m.legal_actions(1)] == ["draw stock", "take discard 0"]
    refused(m, 1, "take discard 1", DISCARD_IN_FRONT, "seat 1's discard pile is empty")
    refused(m, 1, "take discard", DISCARD_IN_FRONT, "name whose pile you take from")
    m.apply(1, "take discard 0")
    assert "KH" in m.view(1).hand and pile(m, 0) == []


# --- melds -------------------------------------------------------------------------------------------------
def test_a_meld_needs_a_natural_card() -> None:
    m = table("3C 3D JK", "7H 8S QC", draws="9S", moves=[(0, "draw stock")])
    refused(m, 0, "meld 3C 3D JK", NATURAL, "3C 3D JK has no natural card")


def test_you_may_only_play_on_your_own_cards() -> None:
    m = table("5C 6C 7C KD", "8C 10D 10H 10S", hand=2, draws="9S QH", moves=[
        (0, "draw stock"), (0, "meld 5C 6C 7C"), (0, "discard KD"), (1, "draw stock")])
    refused(m, 1, "lay 8C on 1", OWN, "meld 1 is not yours to add to")


ROUND_2 = [(0, "draw stock"), (0, "meld 7H 4C JK"), (0, "discard KS"), (1, "draw stock"), (1, "discard QH"),
           (0, "draw stock")]
"""Round 2, 4s wild: seat 0 melds 7H with two wild cards, then draws again."""


def test_one_natural_card_and_wild_cards_become_what_the_next_card_makes_them() -> None:
    m = table("7H 4C JK 9S", "8C 10D 10H 10S", hand=2, draws="KS QH 10H", moves=ROUND_2)
    assert melds(m)[0][1] == "1: run 7H–9H or a set (3)"
    refused(m, 0, "lay 10H 9S on 1", KINDS, "cannot go on the meld 7H 4C JK")
    m.apply(0, "lay 10H on 1")
    assert melds(m)[0][1:] == ("1: run 7H–10H", ["7H", "4C", "JK", "10H"])
    as_set = table("7H 4C JK 9S", "8C 10D 10H 10S", hand=2, draws="KS QH 7S", moves=[*ROUND_2, (0, "lay 7S on 1")])
    assert melds(as_set)[0][1] == "1: set of 7s (4)"


# --- going out ---------------------------------------------------------------------------------------------
def test_you_must_have_a_discard_to_go_out_even_in_the_first_round() -> None:
    m = table("7H 8H 9H", "4C 5D QS", draws="10H KS", moves=[(0, "draw stock")])
    refused(m, 0, "meld 7H 8H 9H 10H", OUT, "keep a card to discard")
    m.apply(0, "meld 7H 8H 9H")
    m.apply(0, "discard 10H")
    assert m.view(None).phase == "last play" and m.to_act() == (1,)
    assert m.view(1).zone("face-down") is not None
    assert "10H" not in str(m.view(1).zones) and m.log_view(1)[-1] == "0: discard (face down)"
    assert sorted(m.view(1).hand) == ["4C", "5D", "KS", "QS"]  # given a card face down


def test_the_last_play_then_everyone_counts_back() -> None:
    m = table("7H 8H 9H", "4C 4D QS", draws="10H 4S", moves=[
        (0, "draw stock"), (0, "meld 7H 8H 9H"), (0, "discard 10H")])
    refused(m, 1, "discard QS", LAST_PLAY, "in the last play you only meld")
    assert not any(e.kind == "summary" for e in m.events(None))  # no summary while a last play is owed
    m.apply(1, "meld 4C 4D 4S")
    m.apply(1, "done")
    assert any(e.kind == "summary" for e in m.events(None))
    row = m.sheet.rows[-1]
    assert row.points == (0, 10) and m.view(None).phase == "show"
    assert any("counts back QS: 10" in e.text for e in m.events(0))


def test_the_lowest_total_after_the_kings_wins() -> None:
    m = gamenight.load(GAME, players=3, seed=6)
    rng = random.Random(6)
    while not m.over:
        seat = rng.choice(m.to_act())
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    assert len(m.sheet.rows) == 11
    low = min(m.sheet.totals)
    assert set(m.result().winners) == {s for s, t in enumerate(m.sheet.totals) if t == low}
    last = m.events(None)[-1]
    assert last.text.endswith(f"with the lowest total, {low}") and last.clause == "arizona_rummy.score.end"


def test_when_the_centre_pile_runs_out_the_round_ends() -> None:
    m = table("4C 5D 9S", "7H 8S QC")
    while m.view(None).phase != "show":
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {m.events(seat)[-1].pieces[0]}")
    assert m.sheet.rows[-1].points == (count(cards("4C 5D 9S"), 3), count(cards("7H 8S QC"), 3))
    ended = next(e for e in m.events(None) if "used up" in e.text)
    assert ended.text == "The centre pile is used up: the round ends with nobody out"
    assert ended.clause == "arizona_rummy.turn.stock-out"  # linked apart from the words
