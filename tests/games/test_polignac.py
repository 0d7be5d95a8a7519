"""Polignac (rulebook 004): the deck by player count, the K Q J A 10 9 8 7 ranking, the
lead, following suit, jacks scoring (the Polignac two), the ten-point end and low wins."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.bots import RandomBot, make_bot
from gamenight.games.polignac import deck_for, jack_points
from gamenight.testing import scenario


def start(players: int = 4, seed: int = 1, **options):
    return gamenight.load("polignac", players=players, seed=seed, options=options)


def table(hands, scores=None, moves=(), **options):
    """Four players, seat 3 dealing so seat 0 leads, with these hands."""
    return scenario("polignac", players=4, dealer=3, hands=hands, scores=scores, moves=moves, options=options)


def hand_where(takers, scores=None, **options):
    """A whole hand in which the seat named for each jack takes it, played out. Each suit
    is two tricks: the taker's king wins the first (the next seat plays the jack), the
    taker's queen the second, and the taker leads on."""
    hands = {s: [] for s in range(4)}
    moves = []
    leader = 0
    for jack, taker in takers.items():
        suit = jack[1]
        first = {taker: "K", (taker + 1) % 4: "J", (taker + 2) % 4: "7", (taker + 3) % 4: "8"}
        second = {taker: "Q", (taker + 1) % 4: "9", (taker + 2) % 4: "10", (taker + 3) % 4: "A"}
        for trick in (first, second):
            for i in range(4):
                seat = (leader + i) % 4
                hands[seat].append(trick[seat] + suit)
                moves.append((seat, f"play {trick[seat]}{suit}"))
            leader = taker
    return table({s: " ".join(h) for s, h in hands.items()}, scores, moves, **options)


def summary(m, viewer):
    return [(e.text, e.seats) for e in m.events(viewer) if e.kind == "summary"]


@pytest.mark.parametrize(("players", "size", "each"), [(3, 30, 10), (4, 32, 8), (5, 30, 6), (6, 30, 5)])
def test_deck_and_deal_by_player_count(players, size, each):
    m = start(players)
    deck = deck_for(players)
    assert len(deck) == size
    hands = [m.view(s).hand for s in range(players)]
    assert all(len(h) == each for h in hands)
    assert sorted(c for h in hands for c in cards(" ".join(h))) == sorted(deck)
    assert {c & 15 for c in deck} == {7, 8, 9, 10, 11, 12, 13, 14}  # 2s through 6s removed
    sevens = {str(c) for c in deck if c & 15 == 7}
    assert sevens == ({"7C", "7D", "7H", "7S"} if players == 4 else {"7D", "7H"})  # black 7s out unless four


def test_left_of_dealer_leads_any_card():
    m = start(seed=5)
    leader = (m.view(None).dealer + 1) % 4
    assert m.to_act() == (leader,)
    assert len(m.legal_actions(leader)) == 8


def play_trick(m, plays):
    for seat, card in plays:
        m.apply(seat, f"play {card}")


def test_king_queen_jack_over_the_ace():
    m = table({0: "AH 7C 8C 9C 10C JC QC KC", 1: "10H 7D 8D 9D 10D JD QD KD",
               2: "JH 7S 8S 9S 10S JS QS KS", 3: "9H 7H 8H QH KH AS AC AD"})
    play_trick(m, zip(range(4), ["AH", "10H", "JH", "9H"]))
    assert m.to_act() == (2,) and m.view(None).fact("tricks") == [0, 0, 1, 0]  # J beats A, A beats 10
    m2 = table({0: "QS 7C 8C 9C 10C JC QC KC", 1: "KS 7D 8D 9D 10D JD QD KD",
                2: "JS 7H 8H 9H 10H JH QH KH", 3: "AS 7S 8S 9S 10S AH AC AD"})
    play_trick(m2, zip(range(4), ["QS", "KS", "JS", "AS"]))
    assert m2.to_act() == (1,)
    v = m2.view(None)
    assert sorted(v.pieces("last-trick")) == sorted(["QS", "KS", "JS", "AS"])
    assert v.fact("tricks") == [0, 1, 0, 0] and v.fact("polignac") == 1  # the four cards went to seat 1


def test_follow_suit_if_able_otherwise_anything():
    m = table({0: "8D 7H 8H 9H 10H 7C 8C 9C", 1: "KD JS 7S 8S 9S 10S QS KS",
               2: "10C JC QC KC AC JH QH KH", 3: "QD 7D 9D 10D JD AD AS AH"})
    m.apply(0, "play 8D")
    with pytest.raises(IllegalAction) as e:
        m.apply(1, "play JS")
    assert e.value.clause_id == "tricks.follow-suit"
    assert e.value.detail == "diamonds were led and you hold one of them"
    with pytest.raises(IllegalAction) as e:
        m.apply(1, "play QD")
    assert e.value.clause_id == "tricks.from-hand"
    assert e.value.detail == "you do not hold QD"
    m.apply(1, "play KD")
    m.apply(2, "play 10C")  # void in diamonds: any card


def test_jacks_score_one_and_the_polignac_two():
    assert jack_points(cards("JS")) == 2
    assert jack_points(cards("JH JD KS")) == 2
    assert jack_points(cards("JC JD JH JS")) == 5  # five points a hand
    assert jack_points(cards("KS QS AS 10S")) == 0


def test_hand_scored_and_next_dealer():
    m = hand_where({"JS": 0, "JH": 1, "JC": 1, "JD": 3})
    row = m.sheet.rows[-1]
    assert row.points == (2, 2, 0, 1)
    assert any("[polignac.score.jacks]" in n for n in row.notes)
    assert summary(m, 2) == [
        ("{0} took the Polignac: 2 points", (0,)), ("{0} took 2 jacks: 2 points", (1,)),
        ("{0} took 1 jack: 1 point", (3,))]
    assert not m.over and m.view(None).dealer == 0  # seat 3 dealt the hand
    assert all(len(m.view(s).hand) == 8 for s in range(4))


def test_game_ends_at_the_end_of_the_hand_someone_reaches_ten_lowest_wins():
    takers = {"JH": 0, "JS": 2, "JD": 3, "JC": 3}
    m = hand_where(takers, scores=[8, 3, 5, 0])
    assert m.sheet.totals == (9, 3, 7, 2) and not m.over  # nobody at ten yet
    m = hand_where(takers, scores=[9, 3, 7, 2])
    row = m.sheet.rows[-1]
    assert m.over and row.totals == (10, 3, 9, 4)
    assert any("[polignac.end]" in n for n in row.notes)
    assert m.result().winners == (1,)
    assert m.events(0)[-1].text == "{0} wins with the lowest score, 3" and m.events(0)[-1].seats == (1,)
    assert m.view(0).phase == "over"


def test_target_option_and_tied_lowest_share():
    m = hand_where({"JS": 0, "JD": 1, "JC": 2, "JH": 3}, target=3)
    assert m.sheet.totals == (2, 1, 1, 1) and not m.over
    m = hand_where({"JS": 0, "JD": 2, "JH": 3, "JC": 3}, scores=[2, 1, 1, 1], target=3)
    assert m.over and m.sheet.totals == (4, 1, 2, 3)
    assert m.result().winners == (1,)
    m = hand_where({"JS": 0, "JD": 3, "JC": 3, "JH": 3}, scores=[9, 2, 2, 5])
    assert m.result().winners == (1, 2)
    assert m.events(None)[-1].text == "{0} and {1} win with the lowest score, 2"


def test_bot_dumps_the_polignac_when_void_and_ducks():
    m = table({0: "KH 7C 8C 9C 7D 8D 9D 10D", 1: "JS JD 10C 7S 8S 9S AS AD",
               2: "7H 8H 9H 10H JH QH AH JC", 3: "QC KC AC 10S QS KS QD KD"})
    m.apply(0, "play KH")
    bot = make_bot("polignac")
    a = bot.choose(m.view(1), m.legal_actions(1), random.Random(0))
    assert str(a) == "play JS"
    m2 = table({0: "10H 7C 8C 9C 7D 8D 9D 10D", 1: "KH JH 9H 7S 8S 10S AS AD",
                2: "7H 8H QH AH JC JS 9S JD", 3: "QC KC AC 10C QS KS QD KD"})
    m2.apply(0, "play 10H")
    assert str(bot.choose(m2.view(1), m2.legal_actions(1), random.Random(0))) == "play 9H"


def test_random_matches_end_with_someone_at_ten():
    for seed in range(5):
        m = start(players=3 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not m.over:
            s = m.to_act()[0]
            m.apply(s, rng.choice(m.legal_actions(s)))
        assert max(m.sheet.totals) >= 10
        assert all(sum(r.points) == 5 for r in m.sheet.rows)
        assert min(m.sheet.totals) == min(m.sheet.totals[s] for s in m.result().winners)


def test_heuristic_beats_random():
    n = 120
    share = 0.0
    for seed in range(n):
        players = 3 + seed % 2
        seat = seed % players
        m = start(players=players, seed=seed)
        rng = random.Random(seed)
        bots = {s: make_bot("polignac") if s == seat else RandomBot() for s in range(players)}
        while not m.over:
            s = m.to_act()[0]
            m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
        w = m.result().winners
        share += 1 / len(w) if seat in w else 0
    assert share / n >= 0.55  # a random seat wins about 0.29


def test_no_trumps_an_off_suit_king_never_wins_and_the_book_has_no_trump_rule():
    """polignac.ranking: 'There are no trumps': a void player's king cannot take a trick led
    with a 7, and the rulebook carries no trump clause (the shared trick rules mention trumps)."""
    m = table({0: "7H 8H 9H 10H JH QH KH AH", 1: "KS 7S 8S 9S 10S JS QS AS",
               2: "KD 7D 8D 9D 10D JD QD AD", 3: "KC 7C 8C 9C 10C JC QC AC"})
    play_trick(m, zip(range(4), ["7H", "KS", "KD", "KC"]))
    assert m.to_act() == (0,) and m.view(None).fact("tricks") == [1, 0, 0, 0]
    assert m.view(None).fact("jacks")[0] == 0
    spec = gamenight.get_game("polignac").spec
    assert "tricks.trump-wins" not in spec.rules and "tricks.highest-wins" not in spec.rules
    from gamenight.rulebook import render
    text = render(spec, None, players=4)
    assert "There are no trumps" in text and "trump beats" not in text and "unless a trump" not in text


def test_jacks_taken_per_seat_and_the_polignac_are_facts():
    m = table({0: "KS 8C 7C 9S 10S QS AS 7S", 1: "JS 9C 10D JD QD KD AD 8S",
               2: "JH 10C 7H 8H 9H 10H QH KH", 3: "7D QC 8D 9D JC KC AC AH"})
    lead, seats = 0, [0, 1, 2, 3]
    v = m.view(lead)
    assert v.fact("jacks") == [0, 0, 0, 0] and not v.has_fact("polignac") and v.fact("trump") is None
    assert v.prompt.text == "Lead any card." and m.view(seats[1]).prompt.text == ""
    play_trick(m, zip(seats, ["KS", "JS", "JH", "7D"]))  # the king of spades takes two jacks
    v = m.view(seats[2])
    jacks = [0, 0, 0, 0]
    jacks[lead] = 2
    assert v.fact("jacks") == jacks and v.fact("polignac") == lead and v.fact("tricks")[lead] == 1
    assert v.pieces("last-trick") == ("KS", "JS", "JH", "7D") and v.zone("last-trick").by == tuple(seats)
