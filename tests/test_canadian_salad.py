"""Canadian Salad (rulebook 000): the deck table, no trumps, following suit, the ten
rounds in the book's order with each round's total (the book's worked figures), the
all-the-cards penalty and its exceptions, the last identical card winning, low wins."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.bots import RandomBot, make_bot
from gamenight.core.cards import code
from gamenight.games.canadian_salad import DECKS, ROUNDS, round_points


def start(players: int = 4, seed: int = 1, **options):
    return gamenight.load("canadian_salad", players=players, seed=seed, options=options)


@pytest.mark.parametrize(("players", "size", "each"), [(3, 39, 13), (4, 52, 13), (5, 50, 10), (6, 78, 13),
                                                       (7, 91, 13), (8, 104, 13)])
def test_deck_by_player_count(players, size, each):
    m = start(players)
    st = m.state
    assert len(st.deck) == size and all(len(h) == each for h in st.hands)
    faces = Counter(int(c) for c in st.deck)
    ace_c, two_c, two_d, ace_d = code(14, 0), code(2, 0), code(2, 1), code(14, 1)
    expected = {3: (0, 0, 1, 1), 4: (1, 1, 1, 1), 5: (1, 0, 0, 1), 6: (1, 1, 1, 1), 7: (1, 1, 2, 2),
                8: (2, 2, 2, 2)}[players]
    assert (faces[ace_c], faces[two_c], faces[two_d], faces[ace_d]) == expected
    assert faces[code(13, 3)] == (2 if players >= 6 else 1)


def test_deck_table_lengths():
    assert {n: len(d) for n, d in DECKS.items()} == {3: 39, 4: 52, 5: 50, 6: 78, 7: 91, 8: 104}


def test_no_trumps_and_follow_suit():
    m = start(seed=2)
    st = m.state
    lead = m.to_act()[0]
    assert lead == (st.dealer + 1) % 4 and st.trump is None
    seats = [(lead + i) % 4 for i in range(4)]
    st.hands[seats[0]] = cards("4D 2C")
    st.hands[seats[1]] = cards("AS 3C")
    st.hands[seats[2]] = cards("9D 4C")
    st.hands[seats[3]] = cards("2D 5C")
    m.apply(seats[0], "play 4D")
    m.apply(seats[1], "play AS")  # void: any card, and the ace of spades does not win
    with pytest.raises(IllegalAction) as e:
        m.apply(seats[2], "play 4C")
    assert e.value.clause_id == "tricks.follow-suit" and e.value.detail == "diamonds were led and you hold one of them"
    m.apply(seats[2], "play 9D")
    m.apply(seats[3], "play 2D")
    assert st.leader == seats[2]


def test_two_decks_the_last_identical_card_wins():
    m = start(players=8, seed=3)
    st = m.state
    lead = m.to_act()[0]
    seats = [(lead + i) % 8 for i in range(8)]
    hands = ["KH 2C", "AH 2D", "3H 3C", "AH 3D", "4H 4C", "5H 4D", "6H 5C", "7H 5D"]
    for s, h in zip(seats, hands):
        st.hands[s] = cards(h)
    for s, h in zip(seats, hands):
        m.apply(s, f"play {h.split()[0]}")
    assert st.leader == seats[3]
    m = start(players=8, seed=3, identical_cards="first")
    st = m.state
    for s, h in zip(seats, hands):
        st.hands[s] = cards(h)
    for s, h in zip(seats, hands):
        m.apply(s, f"play {h.split()[0]}")
    assert st.leader == seats[1]


def spread(deck, players):
    """Deal the deck's cards round the table, so no one holds all of anything."""
    piles = [[] for _ in range(players)]
    for i, c in enumerate(sorted(deck)):
        piles[i % players].append(c)
    return piles


BOOK_TOTALS = [130, 120, 130, 130, 120, 120, 120, 120, 75, 75]


def test_each_rounds_total_is_the_books_for_four_players():
    deck = DECKS[4]
    piles = spread(deck, 4)
    tricks_won = [4, 3, 3, 3]
    totals = [sum(round_points(n, piles, tricks_won, 2, deck)[0]) for n in range(1, 11)]
    assert totals == BOOK_TOTALS
    assert [r.name for r in ROUNDS] == ["red cards", "even cards", "tricks", "hearts", "face cards", "sevens",
                                        "aces", "queens", "king of spades", "last trick"]


def test_round_values_per_card():
    deck = DECKS[4]
    piles = [cards("AH 7S QD 2C"), cards("KS 10D"), [], []]
    get = lambda n: round_points(n, piles, [1, 1, 0, 0], 3, deck)[0]  # noqa: E731
    assert get(1) == [10, 5, 0, 0]   # AH QD red; 10D
    assert get(2) == [10, 5, 0, 0]   # QD 2C even; 10D
    assert get(3) == [10, 10, 0, 0]  # 10 a trick
    assert get(4) == [10, 0, 0, 0]
    assert get(5) == [10, 10, 0, 0]  # QD; KS
    assert get(6) == [30, 0, 0, 0]
    assert get(7) == [30, 0, 0, 0]
    assert get(8) == [30, 0, 0, 0]
    assert get(9) == [0, 75, 0, 0]   # single deck: the K♠ is a single event, no sweep
    assert get(10) == [0, 0, 0, 75]


def test_catching_all_the_cards_of_interest():
    deck = DECKS[4]
    aces = cards("AC AD AH AS")
    pts, swept, who = round_points(7, [aces, cards("2C"), [], []], [1, 1, 11, 0], 0, deck)
    assert (pts, swept, who) == ([0, 100, 100, 100], True, 0)
    hearts = [c for c in deck if c >> 4 == 2]
    assert round_points(4, [[], [], hearts, []], [0, 0, 13, 0], 2, deck)[0] == [100, 100, 0, 100]
    # every trick
    assert round_points(3, [list(deck), [], [], []], [13, 0, 0, 0], 0, deck)[0] == [0, 100, 100, 100]
    # not for the last trick
    assert round_points(10, [list(deck), [], [], []], [13, 0, 0, 0], 0, deck)[0] == [75, 0, 0, 0]


def test_king_of_spades_with_two_decks():
    deck = DECKS[8]
    both = cards("KS") * 2
    pts, swept, _ = round_points(9, [both, *[[]] * 7], [1] + [0] * 7, 0, deck)
    assert swept and pts == [0] + [100] * 7
    split = [cards("KS"), cards("KS"), *[[]] * 6]
    assert round_points(9, split, [1, 1] + [0] * 6, 0, deck)[0] == [75, 75] + [0] * 6


def test_ten_rounds_in_order_dealer_rotates_low_wins():
    m = start(players=5, seed=9)
    rng = random.Random(9)
    seen = []
    while not m.over:
        st = m.state
        if not st.trick and all(len(h) == 10 for h in st.hands):
            seen.append((st.round_no, st.dealer, m.to_act()[0]))
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    assert [r for r, _, _ in seen] == list(range(1, 11))
    assert all(lead == (dealer + 1) % 5 for _, dealer, lead in seen)
    assert all((b[1] - a[1]) % 5 == 1 for a, b in zip(seen, seen[1:]))
    rows = m.sheet.rows
    assert [r.label for r in rows] == [f"round {i + 1}: {ROUNDS[i].name}" for i in range(10)]
    for i, row in enumerate(rows):
        assert any(f"[{ROUNDS[i].clause.id}]" in n for n in row.notes)
    totals = m.sheet.totals
    assert all(totals[s] == min(totals) for s in m.result().winners)


def test_scored_round_through_the_game():
    m = start(seed=5)
    st = m.state
    st.round_no = 4  # hearts
    st.taken = [cards("2H 3H 4S"), cards("KH"), [], cards("AS")]
    st.tricks_won = [1, 1, 0, 1]
    st.hands = [[] for _ in range(4)]
    m.game.end_hand(st)
    row = st.sheet.rows[-1]
    assert row.points == (20, 10, 0, 0) and row.label == "round 4: hearts"
    assert st.round_no == 5 and not m.over


def test_bot_avoids_the_rounds_cards():
    m = start(seed=4)
    st = m.state
    st.round_no = 4  # hearts
    lead = m.to_act()[0]
    nxt = (lead + 1) % 4
    st.hands[lead] = cards("9C 2D")
    st.hands[nxt] = cards("QH 2S KD")
    m.apply(lead, "play 9C")
    bot = make_bot("canadian_salad")
    assert str(bot.choose(m.view(nxt), m.legal_actions(nxt), random.Random(0))) == "play QH"
    m = start(seed=4)
    st = m.state
    st.hands[lead] = cards("9C 2D")
    st.hands[nxt] = cards("10C 8C KC")
    m.apply(lead, "play 9C")
    assert str(bot.choose(m.view(nxt), m.legal_actions(nxt), random.Random(0))) == "play 8C"


def test_heuristic_beats_random():
    n = 40
    share = 0.0
    for seed in range(n):
        players = 4
        seat = seed % players
        m = start(players=players, seed=seed)
        rng = random.Random(seed)
        bots = {s: make_bot("canadian_salad") if s == seat else RandomBot() for s in range(players)}
        while not m.over:
            s = m.to_act()[0]
            m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
        w = m.result().winners
        share += 1 / len(w) if seat in w else 0
    assert share / n >= 0.6  # a random seat wins 0.25


def test_a_sweep_through_the_game_scores_zero_for_the_taker_and_100_for_everyone_else():
    m = start(players=5, seed=6)
    st = m.state
    st.round_no = 6  # sevens
    sevens = [c for c in st.deck if c & 15 == 7]
    st.taken = [[], [], list(sevens), cards("2S"), []]
    st.tricks_won = [2, 2, 2, 2, 2]
    st.hands = [[] for _ in range(5)]
    m.game.end_hand(st)
    row = st.sheet.rows[-1]
    assert row.points == (100, 100, 0, 100, 100)
    assert any("[canadian_salad.sweep]" in n for n in row.notes)


def test_identical_cards_option_reaches_the_bot():
    assert start(players=8, seed=1).view(0).fact("identical-last-wins") is True
    assert start(players=8, seed=1, identical_cards="first").view(0).fact("identical-last-wins", False) is False
    assert start(players=4, seed=1).view(0).fact("identical-last-wins", False) is False  # one deck: none identical


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_every_whole_round_hands_out_every_point_of_interest(players):
    """A whole match: each round's points add up to what the deck holds (or a sweep)."""
    m = start(players=players, seed=40 + players)
    rng = random.Random(players)
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    deck = DECKS[players]
    per_round = len(deck) // players
    for i, row in enumerate(m.sheet.rows):
        rnd = ROUNDS[i]
        if any("[canadian_salad.sweep]" in n for n in row.notes):
            assert sorted(row.points) == [0] + [100] * (players - 1)
        elif rnd.counts is None:
            assert sum(row.points) == (rnd.per * per_round if i == 2 else rnd.per)
        else:
            assert sum(row.points) == rnd.per * sum(1 for c in deck if rnd.counts(c))


def test_each_family_rule_is_printed_once():
    ids = [c.id for c in gamenight.get_game("canadian_salad").spec.rules]
    assert "tricks.follow-suit" in ids and "canadian_salad.follow" not in ids
    assert "canadian_salad.no-trumps" in ids and "tricks.highest-wins" not in ids and "tricks.trump-wins" not in ids


def test_facts_and_events():
    m = start(seed=5)
    st = m.state
    v = m.view(None)
    assert (v.events[-1].text, v.events[-1].seats) == ("{0} deals round 1: red cards, 5 points each", (st.dealer,))
    assert v.fact("round") == 1 and v.fact("counting") == "red cards, 5 points each"
    assert v.fact("points") == [0, 0, 0, 0] and not v.has_fact("trump")
    st.round_no = 4  # hearts
    st.taken = [cards("2H 3H 4S"), cards("KH"), [], cards("AS")]
    st.tricks_won = [1, 1, 0, 1]
    assert m.view(0).fact("points") == [20, 10, 0, 0]
    st.hands = [[] for _ in range(4)]
    m.game.end_hand(st)
    texts = [(e.text, e.seats) for e in m.view(None).events]
    assert ("Points this round: {0} 20, {1} 10, {2} 0, {3} 0", (0, 1, 2, 3)) in texts
    assert texts[-1] == ("{0} deals round 5: face cards, 10 points each", (m.state.dealer,))


def test_sweep_and_last_trick_events():
    m = start(seed=5)
    st = m.state
    st.round_no = 7  # aces
    st.taken = [cards("AC AD AH AS"), [], [], []]
    st.tricks_won = [1, 0, 0, 0]
    st.hands = [[] for _ in range(4)]
    m.view(None)
    m.game.end_hand(st)
    assert ("{0} caught all the aces: 0 for them, 100 for everyone else", (0,)) in [
        (e.text, e.seats) for e in m.view(None).events]
