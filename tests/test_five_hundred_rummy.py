"""500 Rummy (rulebook 000): the deal and kitty, the auction (minimum 60, higher bids,
no trump over the same number, passing is final, three passes end it, all pass puts the
dealer in at 60), calling trump, burying four non-counters, the bidder's lead, the
counters (125 a hand, the book's figure), made / set / defenders' tricks, both readings
of "those points", bidding out at 500 and losing at -150."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.bots import RandomBot, make_bot
from gamenight.engine.actions import Action
from gamenight.games.five_hundred_rummy import COUNTERS, DECK, Phase, counters_in


def start(seed: int = 1, **options):
    return gamenight.load("five_hundred_rummy", seed=seed, options=options)


def seats_from_left(m):
    d = m.state.dealer
    return [(d + i) % 4 for i in range(1, 5)]


def refused(m, seat, action, clause_id, reason: str | None = None):
    before = m.view(None, since=0)
    with pytest.raises(IllegalAction) as e:
        m.apply(seat, action)
    assert e.value.clause_id == clause_id
    assert reason is None or e.value.detail == reason
    assert m.view(None, since=0) == before


def hidden(view, name, owner) -> int:
    return next(z.hidden for z in view.zones if z.name == name and z.owner == owner)


def test_counters_total_125_a_hand():
    assert counters_in(list(DECK)) == 125
    assert [COUNTERS[c] for c in cards("AS 10H 5D QS KS QH 2C")] == [10, 10, 5, 25, 0, 0, 0]


def test_deal_twelve_each_and_four_in_the_kitty_hidden():
    m = start()
    st = m.state
    assert [len(h) for h in st.hands] == [12] * 4 and len(st.kitty) == 4
    assert m.to_act() == ((st.dealer + 1) % 4,)
    for seat in (None, 0, 1, 2, 3):
        v = m.view(seat)
        assert v.zone("kitty").hidden == 4 and v.pieces("kitty") == ()
    assert gamenight.get_game("five_hundred_rummy").spec.teams(4) == ((0, 2), (1, 3))


def test_bidding_rules():
    m = start(seed=2)
    a, b, c, d = seats_from_left(m)
    refused(m, a, "bid 55", "five_hundred_rummy.bid.minimum")
    refused(m, a, "bid 62", "five_hundred_rummy.bid.steps")
    refused(m, b, "bid 60", "engine.turn")
    m.apply(a, "bid 70")
    refused(m, b, "bid 70", "five_hundred_rummy.bid.higher")
    refused(m, b, "bid 65 notrump", "five_hundred_rummy.bid.higher")
    m.apply(b, "bid 70 notrump")  # no trump beats the same number
    refused(m, c, "bid 70 notrump", "five_hundred_rummy.bid.higher")
    m.apply(c, "pass")
    m.apply(d, "bid 75")  # a higher number beats no trump
    m.apply(a, "bid 80")  # bidding goes round again
    m.apply(b, "pass")
    assert m.to_act() == (d,)  # c passed and may not bid again
    m.apply(d, "pass")
    st = m.state
    assert st.phase == Phase.CALL and st.bidder == a and st.high == (80, False)
    bids = [(e.text, e.seats) for e in m.events(None) if e.kind == "bid"]
    assert bids == [("{0} bids 70", (a,)), ("{0} bids 70 no trump", (b,)), ("{0} passes", (c,)),
                    ("{0} bids 75", (d,)), ("{0} bids 80", (a,)), ("{0} passes", (b,)), ("{0} passes", (d,)),
                    ("{0} wins the bid at 80", (a,))]
    assert m.view(b).fact("bid") == a and any(f.label == "Bid 80" for f in m.view(b).facts)


def test_winner_calls_trump_takes_kitty_and_buries_no_counters():
    m = start(seed=3)
    a, b, c, d = seats_from_left(m)
    st = m.state
    m.apply(a, "bid 65")
    for s in (b, c, d):
        m.apply(s, "pass")
    refused(m, a, "call notrumps", "five_hundred_rummy.call")
    st.hands[a] = cards("AS 10S 5S QS KS 9S 8S 2H 3H 4H 6D 7D")
    st.kitty = cards("AH 10C 2C 3C")
    m.apply(a, "call s")
    assert st.trump == 3 and len(st.hands[a]) == 16 and st.kitty == []
    assert hidden(m.view(b), "hand", a) == 16
    refused(m, a, "discard AH", "five_hundred_rummy.kitty.no-counters")
    refused(m, a, "discard QS", "five_hundred_rummy.kitty.no-counters")
    refused(m, b, "discard 2H", "engine.turn")
    for card in ("2H", "3H", "4H", "2C"):
        m.apply(a, f"discard {card}")
    assert m.view(a).pieces("buried") == ("2H", "3H", "4H", "2C")
    assert m.view(b).pieces("buried") == () and m.view(b).zone("buried").hidden == 4
    last = m.log[-1].action
    assert m.game.redact(st, a, last, b) == "discard a card" and m.game.redact(st, a, last, a) == "discard 2C"
    assert st.phase == Phase.PLAY and m.to_act() == (a,)  # the bidder leads
    assert len(st.hands[a]) == 12


def test_no_trump_bid_has_no_trump_and_skips_the_call():
    m = start(seed=4)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "pass")
    m.apply(b, "bid 60 nt")
    m.apply(c, "pass")
    m.apply(d, "pass")
    st = m.state
    assert st.phase == Phase.BURY and st.trump is None and st.bidder == b


def test_all_pass_dealer_takes_the_bid_at_sixty():
    m = start(seed=5)
    a, b, c, d = seats_from_left(m)
    for s in (a, b, c):
        m.apply(s, "pass")
    assert m.to_act() == (d,) and d == m.state.dealer
    m.apply(d, "pass")
    st = m.state
    assert st.bidder == d and st.high == (60, False) and st.stuck and st.phase == Phase.CALL


def test_dealer_may_bid_after_three_passes():
    m = start(seed=5)
    a, b, c, d = seats_from_left(m)
    for s in (a, b, c):
        m.apply(s, "pass")
    m.apply(d, "bid 85")
    assert m.state.bidder == d and m.state.high == (85, False) and not m.state.stuck


def test_forced_counter_discards_count_for_the_bidders():
    m = start(seed=6)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "bid 60")
    for s in (b, c, d):
        m.apply(s, "pass")
    st = m.state
    st.hands[a] = cards("AS AH AD AC 10S 10H 10D 10C 5S 5H 5D 5C")
    st.kitty = cards("QS 2C 3C KH")
    m.apply(a, "call clubs")
    for card in ("2C", "3C", "KH"):
        m.apply(a, f"discard {card}")
    legal = m.legal_actions(a)
    assert len(legal) == 13 and all(COUNTERS[x.args[0]] for x in legal)
    m.apply(a, "discard 5C")
    assert counters_in(st.buried) == 5


def hand_end(m, bidder, high, took_bidders, took_defenders, tricks_bidders, buried=(), trump=0, **kw):
    """Score a hand where the bidding side took the listed cards."""
    st = m.state
    st.bidder = bidder
    st.high = high
    st.trump = None if high[1] else trump
    st.buried = list(buried)
    defender = (bidder + 1) % 4
    st.taken = [[] for _ in range(4)]
    st.taken[bidder] = cards(took_bidders)
    st.taken[defender] = cards(took_defenders)
    st.tricks_won = [0] * 4
    st.tricks_won[bidder] = tricks_bidders
    st.tricks_won[defender] = 12 - tricks_bidders
    st.hands = [[] for _ in range(4)]
    m.game.end_hand(st)
    return st.sheet.rows[-1]


def team_points(row, bidder):
    return row.points[bidder & 1], row.points[1 - (bidder & 1)]


def test_made_scores_the_points_taken_and_defenders_one_per_trick():
    m = start(seed=7)
    row = hand_end(m, 0, (70, False), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 8)
    assert team_points(row, 0) == (80, 4)  # 10+10+10+10+10+25+5
    assert any("[five_hundred_rummy.score.made]" in n for n in row.notes)
    assert any("[five_hundred_rummy.score.defenders]" in n for n in row.notes)


def test_made_scores_the_bid_under_the_option():
    m = start(seed=7, made_score="bid")
    row = hand_end(m, 1, (70, False), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 8)
    assert team_points(row, 1) == (70, 4)
    assert any("[five_hundred_rummy.score.made-bid]" in n for n in row.notes)


def test_no_trump_made_is_worth_fifty_more_and_set_subtracts_the_bid():
    m = start(seed=8)
    row = hand_end(m, 2, (70, True), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 7)
    assert team_points(row, 2) == (130, 5)
    row = hand_end(m, 3, (100, True), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 9)
    assert team_points(row, 3) == (-100, 3)
    assert any("[five_hundred_rummy.score.set]" in n for n in row.notes)


def test_must_bid_out_to_win_and_minus_150_loses():
    m = start(seed=9)
    m.state.sheet.add("earlier", (495, 400), 0)
    hand_end(m, 0, (100, False), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 8)  # seats 0 & 2 set
    assert m.state.sheet.totals == (395, 404) and not m.over
    m.state.sheet.add("fix", (100, 95), 0)  # 495, 499
    hand_end(m, 0, (60, False), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 8)
    assert m.state.sheet.totals == (575, 503) and m.over  # bid out
    assert m.result().winners == (0, 2)
    m = start(seed=9)
    m.state.sheet.add("earlier", (300, 495), 0)
    hand_end(m, 0, (60, False), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 2)
    assert m.state.sheet.totals == (380, 505) and not m.over  # defending past 500 does not win
    hand_end(m, 1, (60, False), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 6)
    assert m.over and m.result().winners == (1, 3)
    m = start(seed=9)
    m.state.sheet.add("earlier", (-100, 50), 0)
    row = hand_end(m, 2, (60, False), "5S", "AS", 1)
    assert m.over and m.state.sheet.totals == (-160, 61)
    assert m.result().winners == (1, 3)
    assert any("[five_hundred_rummy.end.lose]" in n for n in row.notes)


def test_reaching_500_defending_wins_without_bid_out():
    m = start(seed=9, must_bid_out=False)
    m.state.sheet.add("earlier", (100, 495), 0)
    hand_end(m, 0, (60, False), "AS AH AD 10S 10H QS 5S", "AC 10C 10D 5H 5D 5C", 2)
    assert m.over and m.result().winners == (1, 3)


def test_a_whole_hand_is_played_and_scored():
    m = start(seed=10)
    rng = random.Random(1)
    while len(m.sheet.rows) == 0:
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    row = m.sheet.rows[0]
    assert sum(m.state.tricks_won) == 0 or m.over  # next hand dealt
    assert any("[five_hundred_rummy.score.counters]" in n for n in row.notes)


def test_bot_bids_strong_passes_weak_and_never_buries_counters():
    m = start(seed=11)
    a = seats_from_left(m)[0]
    st = m.state
    bot = make_bot("five_hundred_rummy")
    st.hands[a] = cards("AS KS QS JS 10S 9S 5S AH AD KD 2C 3C")
    assert bot.choose(m.view(a), m.legal_actions(a), random.Random(0)).verb == "bid"
    st.hands[a] = cards("2S 3S 4S 6H 7H 8H 9D 8D 7D 2C 3C 4C")
    assert bot.choose(m.view(a), m.legal_actions(a), random.Random(0)) == Action("pass")
    m.apply(a, "bid 60")
    for s in seats_from_left(m)[1:]:
        m.apply(s, "pass")
    m.apply(a, bot.choose(m.view(a), m.legal_actions(a), random.Random(0)))
    while m.state.phase == Phase.BURY:
        act = bot.choose(m.view(a), m.legal_actions(a), random.Random(0))
        assert not COUNTERS[act.args[0]]
        m.apply(a, act)


def test_heuristic_team_beats_random():
    n = 30
    wins = 0
    for seed in range(n):
        team = (0, 2) if seed % 2 == 0 else (1, 3)
        m = start(seed=seed)
        rng = random.Random(seed)
        bots = {s: make_bot("five_hundred_rummy") if s in team else RandomBot() for s in range(4)}
        while not m.over:
            s = m.to_act()[0]
            m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
        wins += m.result().winners == team
    assert wins / n >= 0.9


def test_every_played_hand_shares_out_the_books_125_counter_points():
    import re
    for seed in range(12, 18):
        m = start(seed=seed)
        rng = random.Random(seed)
        while not m.sheet.rows:
            s = m.to_act()[0]
            m.apply(s, rng.choice(m.legal_actions(s)))
        note = next(n for n in m.sheet.rows[0].notes if "[five_hundred_rummy.score.counters]" in n)
        a, b = map(int, re.findall(r"(\d+) points in counters, seats [\d &]+ (\d+)", note)[0])
        assert a + b == 125


def test_play_the_bidder_leads_follow_suit_and_trumps_win():
    m = start(seed=13)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "bid 60")
    for s in (b, c, d):
        m.apply(s, "pass")
    m.apply(a, "call hearts")
    st = m.state
    for card in [x for x in st.hands[a] if not COUNTERS[x]][:4]:
        m.apply(a, f"discard {card}")
    st.hands[a] = cards("KC 4S")
    st.hands[b] = cards("2C 9D")
    st.hands[c] = cards("3D 2H")
    st.hands[d] = cards("AC 6S")
    refused(m, b, "play 2C", "engine.turn")  # the highest bidder leads
    m.apply(a, "play KC")
    refused(m, b, "play 9D", "tricks.follow-suit")
    m.apply(b, "play 2C")
    m.apply(c, "play 2H")  # void in clubs: the smallest trump
    m.apply(d, "play AC")
    assert st.leader == c and st.tricks_won[c] == 1


def test_no_trump_the_highest_card_of_the_suit_led_wins():
    m = start(seed=14)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "bid 60 notrump")
    for s in (b, c, d):
        m.apply(s, "pass")
    st = m.state
    for card in [x for x in st.hands[a] if not COUNTERS[x]][:4]:
        m.apply(a, f"discard {card}")
    st.hands[a] = cards("9C 4S")
    st.hands[b] = cards("KC 9D")
    st.hands[c] = cards("AS 2H")
    st.hands[d] = cards("3C 6S")
    for s, card in ((a, "9C"), (b, "KC"), (c, "AS"), (d, "3C")):
        m.apply(s, f"play {card}")
    assert st.leader == b


# --- refusals, facts and events --------------------------------------------------------------------
def test_bid_refusals_say_why():
    m = start(seed=2)
    a, b, c, d = seats_from_left(m)
    refused(m, a, "bid 55", "five_hundred_rummy.bid.minimum", "the minimum bid is 60")
    refused(m, a, "bid 62", "five_hundred_rummy.bid.steps", "bids go up in steps of 5 from 60 to at most 125")
    refused(m, a, "bid 130", "five_hundred_rummy.bid.steps", "bids go up in steps of 5 from 60 to at most 125")
    refused(m, a, "bid -5", "five_hundred_rummy.bid.minimum", "the minimum bid is 60")
    refused(m, a, "bid QS", "five_hundred_rummy.bid.order", "a bid is a number of points, for example 'bid 70' "
            "or 'bid 70 notrump'")
    refused(m, a, "call hearts", "five_hundred_rummy.bid.order")
    m.apply(a, "bid 70")
    refused(m, b, "bid 65 notrump", "five_hundred_rummy.bid.higher", "the high bid is 70: bid higher or pass")
    m.apply(b, "pass")
    m.apply(c, "pass")
    refused(m, b, "bid 90", "five_hundred_rummy.bid.pass-final", "you have passed this hand")
    refused(m, c, "pass", "five_hundred_rummy.bid.pass-final", "you have passed this hand")


def test_bury_refusals_say_why():
    m = start(seed=3)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "bid 65")
    for s in (b, c, d):
        m.apply(s, "pass")
    refused(m, a, "call notrumps", "five_hundred_rummy.call",
            "the high bidder now names the trump suit, for example 'call hearts'")
    st = m.state
    st.hands[a] = cards("AS 10S 5S QS KS 9S 8S 2H 3H 4H 6D 7D")
    st.kitty = cards("AH 10C 2C 3C")
    m.apply(a, "call s")
    refused(m, a, "discard QS", "five_hundred_rummy.kitty.no-counters", "QS is a counter and may not be buried")
    refused(m, a, "discard JD", "five_hundred_rummy.kitty", "you do not hold JD")
    refused(m, a, "discard 2", "five_hundred_rummy.kitty", "bury one card at a time, for example 'discard 2C'")
    refused(m, a, "pass", "five_hundred_rummy.kitty", "now you bury 4 more cards face down, one at a time")
    assert m.prompt(a) == "Bury 4 more cards face down; not counters."


def test_the_kitty_and_the_buried_cards_are_private_events():
    m = start(seed=3)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "bid 65")
    for s in (b, c, d):
        m.apply(s, "pass")
    st = m.state
    st.kitty = cards("AH 10C 2C 3C")
    for s in (a, b, None):
        m.view(s)
    m.apply(a, "call spades")
    mine = [(e.text, e.pieces) for e in m.view(a).events]
    assert mine == [("{0} names spades trump", ()), ("{0} picks up the kitty: AH 10C 2C 3C", ("AH", "10C", "2C", "3C"))]
    theirs = [(e.text, e.pieces) for e in m.view(b).events]
    assert theirs == [("{0} names spades trump", ()), ("{0} picks up the kitty", ())]
    card = next(x for x in st.hands[a] if not COUNTERS[x])
    m.apply(a, f"discard {card}")
    assert [(e.text, e.pieces) for e in m.view(a).events] == [(f"{{0}} buries {card}", (str(card),))]
    assert [(e.text, e.pieces) for e in m.view(b).events] == [("{0} buries a card face down", ())]
    assert [(e.text, e.pieces) for e in m.view(None).events][-1] == ("{0} buries a card face down", ())


def test_the_hand_summary_names_who_made_it_or_went_set():
    m = start(seed=13)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "bid 60")
    for s in (b, c, d):
        m.apply(s, "pass")
    m.apply(a, "call hearts")
    st = m.state
    for card in [x for x in st.hands[a] if not COUNTERS[x]][:4]:
        m.apply(a, f"discard {card}")
    m.view(None)
    st.hands = [cards("2C"), cards("3C"), cards("4C"), cards("6C")]
    st.taken = [[], [], [], []]
    st.taken[b] = [x for x in DECK if COUNTERS[x]]  # the defenders hold every counter
    st.tricks_won[b] = 11
    for i in range(4):
        s = (a + i) % 4
        m.apply(s, m.legal_actions(s)[0])
    summary = [(e.text, e.seats) for e in m.view(None).events if e.kind == "summary"]
    assert summary[0] == ("{0} and {1} went set: 0 points of the 60 they bid, minus 60", tuple(sorted((a, c))))
    assert summary[1][0].startswith("{0} and {1} defended and took ") and summary[1][1] == tuple(sorted((b, d)))


def test_facts_and_prompts_through_the_auction():
    m = start(seed=2)
    a, b, c, d = seats_from_left(m)
    assert m.prompt(a) == "Bid 60 or more (a number, or a number and no trump), or pass."
    v = m.view(None)
    assert v.phase == "bidding" and not v.has_fact("bid") and v.fact("passed") == []
    m.apply(a, "bid 70 nt")
    m.apply(b, "pass")
    v = m.view(c)
    assert v.fact("bid") == a and v.fact("no-trump") is True and v.fact("passed") == [b]
    p = m.prompt(c)
    assert p.text == "Bid more than 70 no trump (bid by {0}), or pass." and p.seats == (a,)
    assert v.fact("counters") == [0, 0, 0, 0] and v.fact("tricks") == [0, 0, 0, 0]
