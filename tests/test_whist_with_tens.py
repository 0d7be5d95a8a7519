"""Whist with 10s (rulebook 000): the six rounds, the lead, following suit, the book's worked
examples (32 and 15) and both readings of low no-trump."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.games.whist_with_tens import team_score


def random_match(seed: int, **options):
    m = gamenight.load("whist_with_tens", seed=seed, options=options)
    rng = random.Random(seed)
    rounds = []
    while not m.over:
        st = m.state
        if not st.trick and all(len(h) == 13 for h in st.hands):
            rounds.append((st.dealer, st.turn, st.trump, st.low))
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    return m, rounds


def scored(tricks_won: list[int], tens_by_seat: dict[int, int], low: bool = False, **options):
    """Score a hand whose seats took ``tricks_won`` tricks and ``tens_by_seat`` tens."""
    m = gamenight.load("whist_with_tens", seed=1, options=options)
    st = m.state
    if low:
        st.round_no = 6
        st.low = True
    tens = iter(cards("10C 10D 10H 10S"))
    st.taken = [[next(tens) for _ in range(tens_by_seat.get(s, 0))] for s in range(4)]
    st.tricks_won = list(tricks_won)
    st.hands = [[] for _ in range(4)]
    m.game.end_hand(st)
    return st.sheet.rows[-1]


def test_deal_all_and_left_of_dealer_leads():
    m = gamenight.load("whist_with_tens", seed=4)
    st = m.state
    assert [len(h) for h in st.hands] == [13] * 4
    assert m.to_act() == ((st.dealer + 1) % 4,)
    assert gamenight.get_game("whist_with_tens").spec.teams(4) == ((0, 2), (1, 3))


def test_six_rounds_in_the_books_order_then_high_score_wins():
    m, rounds = random_match(5)
    assert [(trump, low) for _, _, trump, low in rounds] == [
        (2, False), (3, False), (1, False), (0, False), (None, False), (None, True)]
    assert all(lead == (dealer + 1) % 4 for dealer, lead, _, _ in rounds)
    assert all((b[0] - a[0]) % 4 == 1 for a, b in zip(rounds, rounds[1:]))
    assert len(m.sheet.rows) == 6 and m.over
    totals = m.sheet.totals
    winners = m.result().winners
    if totals[0] != totals[1]:
        assert winners == ((0, 2) if totals[0] > totals[1] else (1, 3))
    again = gamenight.restore(json.loads(m.to_json()))
    assert again.sheet.totals == totals


def test_worked_examples():
    # "If you take 3 tens home and 2 tricks after your 6th trick you score 32 points"
    assert team_score(8, 3) == 32
    # "if you get 1 ten home and 5 tricks after your sixth trick count 15 points"
    assert team_score(11, 1) == 15
    row = scored([5, 2, 3, 3], {0: 2, 2: 1, 1: 1})
    assert row.points == (32, 10)
    assert any("[whist_with_tens.tens]" in n for n in row.notes)
    row = scored([6, 1, 5, 1], {3: 1, 0: 3})
    assert row.points == (35, 10)
    row = scored([1, 6, 1, 5], {1: 1})
    assert row.points == (0, 15)


def test_tricks_count_only_past_six():
    assert team_score(6, 0) == 0 and team_score(7, 0) == 1 and team_score(13, 4) == 47


def test_low_no_trump_what_you_take_the_other_team_counts():
    row = scored([5, 2, 3, 3], {0: 2, 2: 1, 1: 1}, low=True)
    assert row.points == (10, 32)
    assert any("[whist_with_tens.low]" in n for n in row.notes)


def test_low_no_trump_tens_to_the_taker_option():
    row = scored([5, 2, 3, 3], {0: 2, 2: 1, 1: 1}, low=True, low_tens="taker")
    assert row.points == (30, 12)
    assert any("[whist_with_tens.low.taker-tens]" in n for n in row.notes)


def test_must_follow_suit():
    m = gamenight.load("whist_with_tens", seed=8)
    st = m.state
    lead = m.to_act()[0]
    nxt = (lead + 1) % 4
    st.hands = [cards("4D 5D"), cards("6D 7D"), cards("8D 9D"), cards("10D JD")]
    st.hands[lead] = cards("2C AH")
    st.hands[nxt] = cards("3C KS")
    m.apply(lead, "play 2C")
    assert [str(a) for a in m.legal_actions(nxt)] == ["play 3C"]
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play KS")
    assert e.value.clause_id == "tricks.follow-suit" and e.value.detail == "clubs were led and you hold one of them"
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play QS")
    assert e.value.clause_id == "tricks.from-hand" and e.value.detail == "you do not hold QS"


def test_trump_beats_and_no_trump_rounds():
    m = gamenight.load("whist_with_tens", seed=2)
    st = m.state
    assert st.trump == 2  # round one: hearts
    lead = m.to_act()[0]
    st.hands = [[] for _ in range(4)]
    st.hands[lead] = cards("AC")
    st.hands[(lead + 1) % 4] = cards("2H")
    st.hands[(lead + 2) % 4] = cards("KC")
    st.hands[(lead + 3) % 4] = cards("QC")
    for s in (lead, lead + 1, lead + 2, lead + 3):
        m.apply(s % 4, m.legal_actions(s % 4)[0])
    assert st.sheet.rows[-1] and st.round_no == 2 and st.trump == 3
    # the 2 of hearts took the only trick of that (shortened) hand for its side
    side = (lead + 1) % 2
    assert "1 trick and" in st.sheet.rows[-1].notes[side]


def one_trick_hand(round_no: int, plays: list[str]):
    """Play a one-card hand in round ``round_no``: ``plays`` in order from the leader."""
    m = gamenight.load("whist_with_tens", seed=2)
    st = m.state
    st.round_no = round_no - 1
    m.game._deal(st)
    lead = m.to_act()[0]
    st.hands = [[] for _ in range(4)]
    for i, card in enumerate(plays):
        st.hands[(lead + i) % 4] = cards(card)
    for i in range(4):
        m.apply((lead + i) % 4, f"play {plays[i]}")
    return lead, st.sheet.rows[-1]


@pytest.mark.parametrize("round_no", [5, 6])
def test_no_trump_rounds_highest_of_the_suit_led_wins(round_no):
    # No trumps: the ace and king of other suits cannot beat the 3 of the suit led; ace high in both rounds.
    lead, row = one_trick_hand(round_no, ["3C", "AH", "2C", "KS"])
    assert "took 1 trick and" in row.notes[lead % 2] and "took 0 tricks" in row.notes[(lead + 1) % 2]
    lead, row = one_trick_hand(round_no, ["3C", "AC", "2C", "KS"])
    assert "took 1 trick and" in row.notes[(lead + 1) % 2]


def test_a_trump_of_the_round_beats_the_ace_led():
    # Round three: diamonds are trump.
    lead, row = one_trick_hand(3, ["AS", "2D", "KS", "QS"])
    assert "diamonds" in row.label and "took 1 trick and" in row.notes[(lead + 1) % 2]


def test_first_dealer_is_random():
    assert {gamenight.load("whist_with_tens", seed=s).state.dealer for s in range(40)} == {0, 1, 2, 3}


def test_high_score_after_six_rounds_wins():
    m = gamenight.load("whist_with_tens", seed=3)
    st = m.state
    for points in ((12, 0), (0, 21), (30, 0), (0, 1), (0, 20)):
        st.sheet.add("earlier", points, 0)
        st.round_no += 1
    assert not m.over and st.round_no == 6
    st.low = True
    st.taken = [[], cards("10C"), [], []]
    st.tricks_won = [3, 4, 3, 3]
    st.hands = [[] for _ in range(4)]
    m.game.end_hand(st)  # low no-trump: seats 1 & 3 took 7 tricks and a ten, seats 0 & 2 count 11
    assert st.sheet.rows[-1].points == (11, 0)
    assert m.over and st.sheet.totals == (53, 42) and m.result().winners == (0, 2)


def test_follow_suit_is_printed_once():
    ids = [c.id for c in gamenight.get_game("whist_with_tens").spec.rules]
    assert "tricks.follow-suit" in ids and "whist_with_tens.follow" not in ids
    assert sum("follow suit" in c.text.lower() or "follow the suit" in c.text.lower()
               for c in gamenight.get_game("whist_with_tens").spec.rules) == 1


def test_facts_and_events():
    m = gamenight.load("whist_with_tens", seed=2)
    st = m.state
    v = m.view(None)
    assert v.fact("round") == "1 of 6: hearts trump" and v.fact("trump") == "hearts" and not v.has_fact("low")
    assert (v.events[-1].text, v.events[-1].seats) == ("{0} deals round 1: hearts trump", (st.dealer,))
    lead = m.to_act()[0]
    st.hands = [[] for _ in range(4)]
    for i, c in enumerate(("10C", "2H", "KC", "QC")):
        st.hands[(lead + i) % 4] = cards(c)
    for i in range(4):
        m.apply((lead + i) % 4, m.legal_actions((lead + i) % 4)[0])
    summary = [(e.text, e.seats) for e in m.view(None).events if e.kind == "summary"]
    side = (lead + 1) % 2
    assert ("{0} and {1} took 1 trick and 1 ten: 10 points", (side, side + 2)) in summary
    v = m.view(0)
    assert v.fact("round") == "2 of 6: spades trump" and v.fact("tens") == [0, 0, 0, 0]
    st.low, st.trump = True, None
    assert m.view(0).fact("low") is True and not m.view(0).has_fact("trump")
