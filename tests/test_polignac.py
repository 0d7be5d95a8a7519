"""Polignac (rulebook 004): the deck by player count, the K Q J A 10 9 8 7 ranking, the
lead, following suit, jacks scoring (the Polignac two), the ten-point end and low wins."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.bots import RandomBot, make_bot
from gamenight.games.polignac import jack_points


def start(players: int = 4, seed: int = 1, **options):
    return gamenight.load("polignac", players=players, seed=seed, options=options)


@pytest.mark.parametrize(("players", "size", "each"), [(3, 30, 10), (4, 32, 8), (5, 30, 6), (6, 30, 5)])
def test_deck_and_deal_by_player_count(players, size, each):
    m = start(players)
    st = m.state
    deck = st.deck
    assert len(deck) == size
    assert all(len(h) == each for h in st.hands)
    assert sorted(c for h in st.hands for c in h) == sorted(deck)
    assert {c & 15 for c in deck} == {7, 8, 9, 10, 11, 12, 13, 14}  # 2s through 6s removed
    sevens = {str(c) for c in deck if c & 15 == 7}
    assert sevens == ({"7C", "7D", "7H", "7S"} if players == 4 else {"7D", "7H"})  # black 7s out unless four


def test_left_of_dealer_leads_any_card():
    m = start(seed=5)
    st = m.state
    leader = (st.dealer + 1) % 4
    assert m.to_act() == (leader,)
    assert len(m.legal_actions(leader)) == 8


def play_trick(m, plays):
    for seat, card in plays:
        m.apply(seat, f"play {card}")


def test_king_queen_jack_over_the_ace():
    m = start(seed=2)
    st = m.state
    lead = m.to_act()[0]
    seats = [(lead + i) % 4 for i in range(4)]
    st.hands[seats[0]] = cards("AH 7C")
    st.hands[seats[1]] = cards("10H 8C")
    st.hands[seats[2]] = cards("JH 9C")
    st.hands[seats[3]] = cards("9H 10C")
    play_trick(m, zip(seats, ["AH", "10H", "JH", "9H"]))
    assert m.state.leader == seats[2] and m.to_act() == (seats[2],)  # J beats A, A beats 10
    m2 = start(seed=2)
    st2 = m2.state
    st2.hands[seats[0]] = cards("QS 7C")
    st2.hands[seats[1]] = cards("KS 8C")
    st2.hands[seats[2]] = cards("JS 9C")
    st2.hands[seats[3]] = cards("AS 10C")
    play_trick(m2, zip(seats, ["QS", "KS", "JS", "AS"]))
    assert st2.leader == seats[1]
    assert Counter(st2.taken[seats[1]]) == Counter(cards("QS KS JS AS"))


def test_follow_suit_if_able_otherwise_anything():
    m = start(seed=3)
    st = m.state
    lead = m.to_act()[0]
    nxt = (lead + 1) % 4
    st.hands[lead] = cards("8D 7H")
    st.hands[nxt] = cards("KD JS")
    m.apply(lead, "play 8D")
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play JS")
    assert e.value.clause_id == "tricks.follow-suit" and e.value.detail == "diamonds were led and you hold one of them"
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play QD")
    assert e.value.clause_id == "tricks.from-hand" and e.value.detail == "you do not hold QD"
    st.hands[(nxt + 1) % 4] = cards("JS 9C")
    m.apply(nxt, "play KD")
    m.apply((nxt + 1) % 4, "play JS")  # void in diamonds: any card


def test_jacks_score_one_and_the_polignac_two():
    assert jack_points(cards("JS")) == 2
    assert jack_points(cards("JH JD KS")) == 2
    assert jack_points(cards("JC JD JH JS")) == 5  # five points a hand
    assert jack_points(cards("KS QS AS 10S")) == 0


def score_hand(m, piles):
    st = m.state
    st.taken = [cards(p) for p in piles]
    st.hands = [[] for _ in range(st.players)]
    m.game.end_hand(st)
    return st.sheet.rows[-1]


def test_hand_scored_and_next_dealer():
    m = start(seed=4)
    dealer = m.state.dealer
    row = score_hand(m, ["JS 7D", "JH JC", "", "JD"])
    assert row.points == (2, 2, 0, 1)
    assert any("[polignac.score.jacks]" in n for n in row.notes)
    assert not m.over and m.state.dealer == (dealer + 1) % 4
    assert all(len(h) == 8 for h in m.state.hands)


def test_game_ends_at_the_end_of_the_hand_someone_reaches_ten_lowest_wins():
    m = start(seed=6)
    m.state.sheet.add("earlier", (8, 3, 5, 0), 0)
    score_hand(m, ["JH", "", "JS", "JD JC"])  # 9, 3, 7, 2: nobody at ten yet
    assert not m.over
    row = score_hand(m, ["JH", "", "JS", "JD JC"])  # 10, 3, 9, 4
    assert m.over and row.totals == (10, 3, 9, 4)
    assert any("[polignac.end]" in n for n in row.notes)
    assert m.result().winners == (1,)


def test_target_option_and_tied_lowest_share():
    m = start(seed=6, target=3)
    score_hand(m, ["JS", "JD", "JC", "JH"])
    assert not m.over
    score_hand(m, ["JS", "", "JD", "JH JC"])
    assert m.over and m.state.sheet.totals == (4, 1, 2, 3)
    assert m.result().winners == (1,)
    m = start(seed=6)
    m.state.sheet.add("earlier", (9, 2, 2, 5), 0)
    score_hand(m, ["JS", "", "", "JD JC JH"])
    assert m.result().winners == (1, 2)


def test_bot_dumps_the_polignac_when_void_and_ducks():
    m = start(seed=7)
    st = m.state
    lead = m.to_act()[0]
    nxt = (lead + 1) % 4
    st.hands[lead] = cards("KH 7C")
    st.hands[nxt] = cards("JS JD 10C")
    m.apply(lead, "play KH")
    bot = make_bot("polignac")
    a = bot.choose(m.view(nxt), m.legal_actions(nxt), random.Random(0))
    assert str(a) == "play JS"
    m2 = start(seed=7)
    st2 = m2.state
    st2.hands[lead] = cards("10H 7C")
    st2.hands[nxt] = cards("KH JH 9H")
    m2.apply(lead, "play 10H")
    assert str(bot.choose(m2.view(nxt), m2.legal_actions(nxt), random.Random(0))) == "play 9H"


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
    m = start(seed=8)
    st = m.state
    lead = m.to_act()[0]
    seats = [(lead + i) % 4 for i in range(4)]
    for s, hand in zip(seats, ["7H 8C", "KS 9C", "KD 10C", "KC QC"]):
        st.hands[s] = cards(hand)
    play_trick(m, zip(seats, ["7H", "KS", "KD", "KC"]))
    assert st.leader == seats[0] and m.to_act() == (seats[0],)
    assert jack_points(st.taken[seats[0]]) == 0
    spec = gamenight.get_game("polignac").spec
    assert "tricks.trump-wins" not in spec.rules and "tricks.highest-wins" not in spec.rules
    from gamenight.rulebook import render
    text = render(spec, None, players=4)
    assert "There are no trumps" in text and "trump beats" not in text and "unless a trump" not in text


def test_each_family_rule_is_printed_once():
    """The book's own wording of following suit is the family's clause; its wording of who wins
    the trick and leads next replaces the family's two clauses (there are no trumps)."""
    ids = [c.id for c in gamenight.get_game("polignac").spec.rules]
    assert "tricks.follow-suit" in ids and "polignac.follow" not in ids
    assert "polignac.win-trick" in ids and "tricks.winner-leads" not in ids


def test_facts_and_events():
    m = start(seed=4)
    st = m.state
    v = m.view(None)
    assert (v.events[-1].text, v.events[-1].seats) == ("{0} deals 8 cards each", (st.dealer,))
    assert v.fact("points") == [0, 0, 0, 0] and not v.has_fact("trump") and v.fact("tricks") == [0, 0, 0, 0]
    lead = m.to_act()[0]
    seats = [(lead + i) % 4 for i in range(4)]
    for s, hand in zip(seats, ["JS", "QS", "JH", "7S"], strict=True):
        st.hands[s] = cards(hand)
    play_trick(m, zip(seats, ["JS", "QS", "JH", "7S"], strict=True))
    texts = [(e.text, e.seats) for e in m.view(None).events]
    assert ("{0} takes the trick with QS", (seats[1],)) in texts
    assert ("{0} took the Polignac and 1 other jack: 3 points", (seats[1],)) in texts
    turn = m.to_act()[0]
    assert m.view(turn).prompt.text == "Play a card." and m.view((turn + 1) % 4).prompt.text == ""
