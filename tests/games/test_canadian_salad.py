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
from gamenight.testing import scenario


def start(players: int = 4, seed: int = 1, **options):
    return gamenight.load("canadian_salad", players=players, seed=seed, options=options)


def table(hands, players=4, hand=1, leader=0, scores=None, moves=(), **options):
    """Round ``hand`` led by ``leader``, with these hands (the rounds before it played at random)."""
    first_dealer = (leader - 1 - (hand - 1)) % players
    return scenario("canadian_salad", players=players, dealer=first_dealer, hand=hand, hands=hands,
                    scores=scores, moves=moves, options=options)


def dealt(players, named):
    """Whole hands holding the named cards, the rest of the deck dealt out in its order."""
    rest = [str(c) for c in DECKS[players]]
    for text in named.values():
        for c in text.split():
            rest.remove(c)
    size = len(DECKS[players]) // players
    hands = {}
    for seat in range(players):
        mine = named.get(seat, "").split()
        hands[seat], rest = " ".join(mine + rest[:size - len(mine)]), rest[size - len(mine):]
    return hands


def played(tricks, leader=0, players=4):
    """The hands that play ``tricks`` and the moves that play them. Each trick lists its cards
    in the order played from its leader; ``*`` marks the card that takes it (whose player
    leads the next)."""
    hands = {s: [] for s in range(players)}
    moves = []
    for trick in tricks:
        seat = leader
        for card in trick.split():
            if card.endswith("*"):
                card, leader = card[:-1], seat
            hands[seat].append(card)
            moves.append((seat, f"play {card}"))
            seat = (seat + 1) % players
    return {s: " ".join(h) for s, h in hands.items()}, moves


HEARTS_THROWN = ["AC* 2C 3C 2H", "KC* 4C 5C 3H", "6C QC* 7C 4H", "8C JC* 5H 9C", "AD* 6H 2D 3D", "KD* 7H 4D 5D",
                 "QD* 8H 6D 7D", "JD* 9H 8D 9D", "AS* 10H 2S 3S", "KS* JH 4S 5S", "QS* QH 6S 7S", "JS* KH 8S 9S",
                 "10C* AH 10D 10S"]
"""Four players, seat 0 leading: seat 3 holds every heart and throws one on each trick, so
seat 0 takes two hearts, seat 1 one and seat 2 the other ten."""
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
"""Led one by one, every spade wins its trick: the seat holding them takes every trick."""


def play_out(m):
    """The round played to its end, each seat playing its first legal card."""
    round_no = m.view(None).fact("round")
    while not m.over and m.view(None).fact("round") == round_no:
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])


def summary(m, start_at=0):
    return [(e.text, e.seats) for e in m.events(None, start_at) if e.kind == "summary"]


@pytest.mark.parametrize(("players", "size", "each"), [(3, 39, 13), (4, 52, 13), (5, 50, 10), (6, 78, 13),
                                                       (7, 91, 13), (8, 104, 13)])
def test_deck_by_player_count(players, size, each):
    m = start(players)
    hands = [m.view(s).hand for s in range(players)]
    deck = DECKS[players]
    assert len(deck) == size and all(len(h) == each for h in hands)
    assert sorted(c for h in hands for c in cards(" ".join(h))) == sorted(deck)
    faces = Counter(int(c) for c in deck)
    ace_c, two_c, two_d, ace_d = code(14, 0), code(2, 0), code(2, 1), code(14, 1)
    expected = {3: (0, 0, 1, 1), 4: (1, 1, 1, 1), 5: (1, 0, 0, 1), 6: (1, 1, 1, 1), 7: (1, 1, 2, 2),
                8: (2, 2, 2, 2)}[players]
    assert (faces[ace_c], faces[two_c], faces[two_d], faces[ace_d]) == expected
    assert faces[code(13, 3)] == (2 if players >= 6 else 1)


def test_deck_table_lengths():
    assert {n: len(d) for n, d in DECKS.items()} == {3: 39, 4: 52, 5: 50, 6: 78, 7: 91, 8: 104}


def test_no_trumps_and_follow_suit():
    m = table({0: "4D 2C 3D 5D 6D 7D 8D 10D JD QD KD AD 6C", 1: "AS 3C 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
               2: "9D 4C 7C 8C 9C 10C JC QC KC AC 2H 3H 4H", 3: "2D 5C KS 5H 6H 7H 8H 9H 10H JH QH KH AH"})
    v = m.view(None)
    assert m.to_act() == ((v.dealer + 1) % 4,) == (0,) and v.fact("trump") is None
    m.apply(0, "play 4D")
    m.apply(1, "play AS")  # void: any card, and the ace of spades does not win
    with pytest.raises(IllegalAction) as e:
        m.apply(2, "play 4C")
    assert e.value.clause_id == "tricks.follow-suit"
    assert e.value.detail == "diamonds were led and you hold one of them"
    m.apply(2, "play 9D")
    m.apply(3, "play 2D")
    assert m.to_act() == (2,)


def test_two_decks_the_last_identical_card_wins():
    plays = ["KH", "AH", "3H", "AH", "4H", "5H", "6H", "7H"]
    hands = dealt(8, dict(enumerate(plays)))
    moves = [(s, f"play {c}") for s, c in enumerate(plays)]
    m = table(hands, players=8, moves=moves)
    assert m.to_act() == (3,)
    said = [(e.text, e.seats) for e in m.events(5) if e.kind == "trick"]
    assert said == [("{0} takes the trick with AH", (3,)),
                    ("Two identical AH fell, from {0} and then {1}: the last one played wins", (1, 3))]
    m = table(hands, players=8, moves=moves, identical_cards="first")
    assert m.to_act() == (1,)
    said = [(e.text, e.seats) for e in m.events(None) if e.kind == "trick"]
    assert said[-1] == ("Two identical AH fell, from {0} and then {1}: the first one played wins", (1, 3))


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
        v = m.view(None)
        if not v.pieces("trick") and all(z.hidden == 10 for z in v.zones if z.name == "hand"):
            seen.append((v.hand_no, v.dealer, m.to_act()[0]))
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
    hands, moves = played(HEARTS_THROWN)
    m = table(hands, hand=4, moves=moves)  # hearts
    row = m.sheet.rows[-1]
    assert row.points == (20, 10, 100, 0) and row.label == "round 4: hearts"
    assert m.view(None).fact("round") == "5 of 10, 10 points for each face card" and not m.over


def test_bot_avoids_the_rounds_cards():
    m = table({0: "9C 2C 3C 4C 5C 6C 7C 8C 10C JC QC KC AC", 1: "QH 2H 3H 2S 3S 4S 5S 6S KD 2D 3D 4D 5D"},
              hand=4, moves=[(0, "play 9C")])  # hearts: void in clubs, the highest heart goes
    bot = make_bot("canadian_salad")
    assert str(bot.choose(m.view(1), m.legal_actions(1), random.Random(0))) == "play QH"
    m = table({0: "9C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", 1: "10C 8C KC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"},
              moves=[(0, "play 9C")])  # red cards: duck under the 9 of clubs as high as possible
    assert str(bot.choose(m.view(1), m.legal_actions(1), random.Random(0))) == "play 8C"


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
    m = table({2: "AS KS QS JS 10S 9S 8S 7S 6S 5S"}, players=5, hand=6, leader=2)  # sevens
    play_out(m)  # seat 2 leads its spades and takes every trick, and every seven with them
    row = m.sheet.rows[-1]
    assert row.label == "round 6: sevens" and row.points == (100, 100, 0, 100, 100)
    assert any("[canadian_salad.sweep]" in n for n in row.notes)


def test_the_identical_cards_rule_is_in_the_rules_not_among_the_facts_and_bots_read_it_there():
    assert not any(f.name == "last-identical-wins" for f in start(players=8, seed=1).view(0).facts)
    assert start(players=8, seed=1, identical_cards="first").view(0).options.identical_cards == "first"


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


def test_the_hand_zone_lists_every_physical_card_of_two_decks():
    held = "AH AH 2C 2C 9S 9S 3D 3D 4D 4D 5D 5D 6D"
    m = table(dealt(8, {0: held}), players=8)
    assert sorted(m.view(0).hand) == sorted(held.split())
    other = next(z for z in m.view(1).zones if z.name == "hand" and z.owner == 0)
    assert other.hidden == 13 and other.pieces == ()
    faces = list(dict.fromkeys(m.view(0).hand))
    assert [str(a) for a in m.legal_actions(0)] == [f"play {c}" for c in faces]  # one move per face
    assert len(faces) == 7
    m.apply(0, "play AH")
    assert sorted(m.view(0).hand) == sorted(held.replace("AH ", "", 1).split())


def test_each_round_and_what_it_scores_are_one_fact_and_announced():
    """Said once: the round's fact names it and what it scores; the seats show the points caught
    and the tricks taken, under short labels; the prompt only asks for a card."""
    m = start(seed=5)
    v = m.view(0)
    assert [(f.label, f.value) for f in v.facts if f.kind.value != "per-seat"] == [
        ("Round", "1 of 10, 5 points for each red card")]
    assert [f.label for f in v.facts if f.kind.value == "per-seat"] == ["Points", "Tricks"]
    assert v.prompt.text in ("Lead a card.", "")
    assert [e.text for e in v.events] == ["Round 1 of 10, red cards: 5 points for each red card"]
    hands, moves = played(HEARTS_THROWN)
    m = table(hands, hand=4, moves=moves[:12])  # three tricks: two hearts to seat 0, one to seat 1
    assert m.view(0).fact("points") == [20, 10, 0, 0]
    m = table({}, hand=10)
    v = m.view(0)
    assert v.fact("round") == "10 of 10, 75 points for the last trick" and not v.has_fact("points")
    assert v.prompt.text == "Lead a card."


def test_the_round_summary_event_and_the_sweep():
    hands, moves = played(HEARTS_THROWN)
    m = table(hands, hand=4)
    start_at = m.event_count
    for seat, move in moves:
        m.apply(seat, move)
    assert summary(m, start_at) == [("Round 4, hearts: {0} 20, {1} 10, {2} 100, {3} 0", (0, 1, 2, 3))]
    assert m.events(None)[-1].text == "Round 5 of 10, face cards: 10 points for each face card"  # the next round
    m = table({2: SPADES}, hand=7, leader=2)  # aces
    start_at = m.event_count
    play_out(m)  # seat 2 takes every trick, and every ace thrown on them
    assert summary(m, start_at) == [("{0} caught all the aces: 0 for them, 100 for everyone else", (2,))]
    m = table({0: SPADES}, hand=3)  # tricks
    start_at = m.event_count
    play_out(m)
    assert summary(m, start_at) == [("{0} caught all the tricks: 0 for them, 100 for everyone else", (0,))]
    # the last round: starting scores chosen so the totals going into it are 210, 210, 250 and 200
    going_in = table({3: SPADES}, hand=10, leader=3).sheet.totals  # nine rounds of random play come first
    scores = [want - got for want, got in zip((210, 210, 250, 200), going_in)]
    m = table({3: SPADES}, hand=10, leader=3, scores=scores)
    assert m.sheet.totals == (210, 210, 250, 200)
    start_at = m.event_count
    play_out(m)
    assert m.sheet.totals == (210, 210, 250, 275)
    assert summary(m, start_at) == [("{0} took the last trick: 75 points", (3,)),
                                    ("{0} and {1} win with the lowest total, 210", (0, 1))]
    assert m.over and m.view(0).phase == "over"
