"""Whist with 10s (rulebook 000): the six rounds, the lead, following suit, the book's worked
examples (32 and 15) and both readings of low no-trump."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import IllegalAction
from gamenight.games.whist_with_tens import team_score
from gamenight.testing import next_deal, scenario


def random_match(seed: int, **options):
    m = gamenight.load("whist_with_tens", seed=seed, options=options)
    rng = random.Random(seed)
    rounds = []
    while not m.over:
        v = m.view(None)
        if not v.pieces("trick") and [z.hidden for z in v.zones if z.name == "hand"] == [13] * 4:
            rounds.append((v.dealer, m.to_act()[0], v.fact("trump"), v.has_fact("low")))
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    return m, rounds


SUITS = "CDSH"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
TRUMP_LETTER = {1: "H", 2: "S", 3: "D", 4: "C"}
"""The trump suit of each round with one (rounds 5 and 6 have none)."""


def suit_of(card: str) -> str:
    return card[-1]


def taking(round_no: int, leader: int, won: list[int], tens: dict[int, int]):
    """Hands and moves for a whole hand of round ``round_no`` led by ``leader`` in which each
    seat takes ``won[seat]`` tricks and ``tens[seat]`` tens (all four tens placed).

    Every trick but the last is all of one suit (clubs, then diamonds, spades, hearts, three
    tricks each), its winner playing the highest card; each seat keeps one card for the last
    trick, the twelfth trick's winner the one of the round's trump suit (hearts with none),
    so it takes that trick too."""
    assert sum(won) == 13 and sum(tens.values()) == 4
    last = max(range(4), key=lambda s: won[s])
    counts = [n - 2 * (s == last) for s, n in enumerate(won)]
    wanted = [s for s, n in sorted(tens.items()) for _ in range(n)]
    winners: list[int | None] = [None] * 11 + [last]  # the twelfth trick's winner takes the last
    ten_trick = {}
    for i, (suit, seat) in enumerate(zip(SUITS, wanted)):
        if counts[seat]:  # the suit's first trick, holding its ten
            winners[3 * i], ten_trick[suit] = seat, 3 * i
            counts[seat] -= 1
        else:
            assert seat == last, f"seat {seat} takes no trick to take a ten in"
            ten_trick[suit] = 12  # kept for the last trick
    rest = iter(s for n in range(13) for s in range(4) if counts[s] > n)
    winners = [w if w is not None else next(rest) for w in winners] + [last]
    keep = TRUMP_LETTER.get(round_no, "H")
    hands: dict[int, list[str]] = {s: [] for s in range(4)}
    moves: list[tuple[int, str]] = []
    kept = {}
    for suit in SUITS:
        ten = "10" + suit
        pool = [r + suit for r in RANKS if r + suit != ten]
        kept[suit] = ten if ten_trick[suit] == 12 else pool.pop(0)
        for k in range(3):
            trick = 3 * SUITS.index(suit) + k
            played = sorted([ten, *pool[:3]] if ten_trick[suit] == trick else pool[:4], key=_rank)
            pool = [c for c in pool if c not in played]
            winner, seat = winners[trick], leader
            others = played[:-1]
            for _ in range(4):
                card = played[-1] if seat == winner else others.pop(0)
                hands[seat].append(card)
                moves.append((seat, f"play {card}"))
                seat = (seat + 1) % 4
            leader = winner
    spare = [kept[s] for s in SUITS if s != keep]
    for i in range(4):
        seat = (leader + i) % 4
        card = kept[keep] if seat == leader else spare.pop(0)
        hands[seat].append(card)
        moves.append((seat, f"play {card}"))
    return {s: " ".join(h) for s, h in hands.items()}, moves


def _rank(card: str) -> int:
    return RANKS.index(card[:-1])


def deal(round_no: int, hands=None, moves=(), dealer: int = 0, **options):
    """Round ``round_no`` (the rounds before it played at random) dealt by ``dealer``."""
    first_dealer = (dealer - (round_no - 1)) % 4
    return scenario("whist_with_tens", dealer=first_dealer, hand=round_no, hands=hands, moves=moves,
                    options=options)


def scored(tricks_won: list[int], tens_by_seat: dict[int, int], low: bool = False, **options):
    """The score row of a hand whose seats took ``tricks_won`` tricks and ``tens_by_seat`` tens
    (round one, or the low round six)."""
    round_no = 6 if low else 1
    hands, moves = taking(round_no, 1, tricks_won, tens_by_seat)
    m = deal(round_no, hands, moves, **options)
    assert m.sheet.rows[-1].label.startswith(f"round {round_no}:")
    return m.sheet.rows[-1]


def test_deal_all_and_left_of_dealer_leads():
    m = gamenight.load("whist_with_tens", seed=4)
    v = m.view(None)
    assert [z.hidden for z in v.zones if z.name == "hand"] == [13] * 4
    assert m.to_act() == ((v.dealer + 1) % 4,)
    assert gamenight.get_game("whist_with_tens").spec.teams(4) == ((0, 2), (1, 3))


def test_six_rounds_in_the_books_order_then_high_score_wins():
    m, rounds = random_match(5)
    assert [(trump, low) for _, _, trump, low in rounds] == [
        ("hearts", False), ("spades", False), ("diamonds", False), ("clubs", False), (None, False), (None, True)]
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
    row = scored([1, 6, 1, 5], {0: 1, 1: 1, 2: 1, 3: 1})  # tens count for a side with too few tricks
    assert row.points == (20, 25)


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
    m = deal(1, {1: "2C AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H", 2: "3C KS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"})
    lead, nxt = 1, 2
    assert m.to_act() == (lead,)
    m.apply(lead, "play 2C")
    assert [str(a) for a in m.legal_actions(nxt)] == ["play 3C"]
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play KS")
    assert e.value.clause_id == "tricks.follow-suit" and e.value.detail == "clubs were led and you hold one of them"
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play QS")
    assert e.value.clause_id == "tricks.from-hand" and e.value.detail == "you do not hold QS"


def test_trump_beats_and_no_trump_rounds():
    # Seat 2, void in clubs, trumps the ace of clubs led with the 2 of hearts.
    m = deal(1, {1: "AC 2C 3C 4C AD 2S 3S 4S 5S 6S 7S 8S 9S", 2: "2H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
                 3: "KC 5C 6C 7C 8C 10S JS QS KS AS 3H 4H 5H", 0: "QC 9C 10C JC 6H 7H 8H 9H 10H JH QH KH AH"},
             moves=[(1, "play AC"), (2, "play 2H"), (3, "play KC"), (0, "play QC")])
    assert m.view(0).fact("trump") == "hearts"  # round one: hearts
    assert m.view(0).fact("tricks") == [0, 0, 1, 0] and m.to_act() == (2,)
    while not m.sheet.rows:
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    assert m.view(0).hand_no == 2 and m.view(0).fact("trump") == "spades"


def first_trick(round_no: int, plays: list[str]):
    """Round ``round_no``'s first trick, ``plays`` in order from the leader (a seat that does not
    follow holds none of the suit led); returns the leader and the match after the trick."""
    led = suit_of(plays[0])
    rest = [r + s for s in SUITS for r in RANKS if r + s not in plays]
    hands = {i: [card] for i, card in enumerate(plays)}
    follows = [i for i, card in enumerate(plays) if suit_of(card) == led]
    for n, card in enumerate(c for c in rest if suit_of(c) == led):
        hands[follows[n % len(follows)]].append(card)
    others = iter(c for c in rest if suit_of(c) != led)
    for i in range(4):
        hands[i] += [next(others) for _ in range(13 - len(hands[i]))]
    leader = 1  # left of the dealer, seat 0
    m = deal(round_no, {(leader + i) % 4: " ".join(h) for i, h in hands.items()},
             moves=[((leader + i) % 4, f"play {card}") for i, card in enumerate(plays)])
    return leader, m


@pytest.mark.parametrize("round_no", [5, 6])
def test_no_trump_rounds_highest_of_the_suit_led_wins(round_no):
    # No trumps: the ace and king of other suits cannot beat the 3 of the suit led; ace high in both rounds.
    lead, m = first_trick(round_no, ["3C", "AH", "2C", "KS"])
    assert not m.view(0).has_fact("trump")
    assert m.to_act() == (lead,) and m.view(0).fact("tricks")[lead] == 1
    lead, m = first_trick(round_no, ["3C", "AC", "2C", "KS"])
    assert m.to_act() == ((lead + 1) % 4,) and m.view(0).fact("tricks")[(lead + 1) % 4] == 1


def test_a_trump_of_the_round_beats_the_ace_led():
    # Round three: diamonds are trump.
    lead, m = first_trick(3, ["AS", "2D", "KS", "QS"])
    assert m.view(0).fact("trump") == "diamonds"
    assert m.to_act() == ((lead + 1) % 4,) and m.view(0).fact("tricks")[(lead + 1) % 4] == 1


def test_first_dealer_is_random():
    assert {gamenight.load("whist_with_tens", seed=s).view(None).dealer for s in range(40)} == {0, 1, 2, 3}


def test_high_score_after_six_rounds_wins():
    # Rounds one to five: seat 0 takes 7 tricks and all the tens in rounds one, three and five
    # (41 points), seat 1 in rounds two and four; the other seat takes the other 6 tricks.
    # Round six is low no-trump.
    seat0, seat1 = ([7, 6, 0, 0], {0: 4}), ([6, 7, 0, 0], {1: 4})
    plays = {r: taking(r, r % 4, *(seat0 if r % 2 else seat1)) for r in range(1, 6)}
    plays[6] = taking(6, 2, [3, 4, 3, 3], {1: 1, 0: 3})
    m = scenario("whist_with_tens", dealer=0, hands=plays[1][0])
    for r in range(2, 7):
        m = next_deal(m, plays[r - 1][1], hands=plays[r][0])
    assert not m.over and m.view(0).hand_no == 6 and m.sheet.totals == (3 * 41, 2 * 41)
    for seat, action in plays[6][1]:
        m.apply(seat, action)
    # low no-trump: seats 1 & 3 took 7 tricks and a ten, seats 0 & 2 count 11 (and seats 1 & 3
    # the 6 tricks and 3 tens seats 0 & 2 took)
    assert m.sheet.rows[-1].points == (11, 30)
    assert m.over and m.sheet.totals == (134, 112) and m.result().winners == (0, 2)


def test_follow_suit_is_printed_once():
    ids = [c.id for c in gamenight.get_game("whist_with_tens").spec.rules]
    assert "tricks.follow-suit" in ids and "whist_with_tens.follow" not in ids
    assert sum("follow suit" in c.text.lower() or "follow the suit" in c.text.lower()
               for c in gamenight.get_game("whist_with_tens").spec.rules) == 1


def test_facts_and_events():
    m = deal(1, {1: "10C AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", 2: "2H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
                 3: "KC 2C 3C 4C 5C 6C 7C 8C KS AS 3H 4H 5H", 0: "QC 9C JC AC 6H 7H 8H 9H 10H JH QH KH AH"})
    v = m.view(None)
    assert v.fact("round") == "1 of 6" and v.fact("trump") == "hearts" and not v.has_fact("low")
    assert (v.events[-1].text, v.events[-1].seats) == ("{0} deals round 1: hearts trump", (v.dealer,))
    lead = m.to_act()[0]
    for i, c in enumerate(("10C", "2H", "KC", "QC")):
        m.apply((lead + i) % 4, f"play {c}")
    assert m.view(0).fact("tens") == [0, 0, 1, 0]  # seat 2 trumped the ten
    while not m.sheet.rows:
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    summary = [(e.text, e.seats) for e in m.view(None).events if e.kind == "summary"]
    side = (lead + 1) % 2
    row = m.sheet.rows[-1]
    assert any(f"{{0}} and {{1}} took {row.notes[side].split(' took ', 1)[1]}" in t and seats == (side, side + 2)
               for t, seats in summary)
    v = m.view(0)
    assert v.fact("round") == "2 of 6" and v.fact("trump") == "spades" and v.fact("tens") == [0, 0, 0, 0]
    m = deal(6)
    assert m.view(0).fact("low") is True and not m.view(0).has_fact("trump")
