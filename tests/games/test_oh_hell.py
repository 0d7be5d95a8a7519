"""Oh Hell! (rulebook 000): the 10-1-10 / 7-1-7 rounds, the turn-up, bidding with the
dealer's restriction, the simultaneous one-card bid, scoring and whole matches."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import cards, parse_action
from gamenight.engine.legality import narrow
from gamenight.families.tricks import SUIT_WORDS
from gamenight.games.oh_hell import made_points, schedule_for
from gamenight.testing import refusal as refusal_of
from gamenight.testing import scenario


def start(players: int = 4, dealer: int = 0, n: int | None = None, hands: dict[int, str] | None = None,
          turnup: str | None = None, **options):
    """A match whose current hand deals ``n`` cards (known ``hands`` and ``turnup`` if given),
    dealt by ``dealer``; the hands before it are played at random."""
    schedule = schedule_for(players, options.get("max_cards", 0))
    hand = schedule.index(n or schedule[0]) + 1
    first_dealer = (dealer - (hand - 1)) % players
    return scenario("oh_hell", players=players, dealer=first_dealer, hand=hand, hands=hands,
                    zones={"turn-up": turnup} if turnup else None, options=options)


def refused(m, seat, action) -> str:
    return refusal_of(m, seat, action).clause_id


def refusal(m, seat, action) -> tuple[str, str]:
    """The clause and the specific reason a move is refused (the match unchanged)."""
    e = refusal_of(m, seat, action)
    return e.clause_id, e.detail


def random_match(players: int, seed: int, **options):
    m = gamenight.load("oh_hell", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    starts = []
    while not m.over:
        v = m.view(0)
        if v.hand_no != len(starts):  # a fresh deal, before anyone has bid
            assert v.phase in ("bidding", "bidding together") and all(b is None for b in v.fact("bids"))
            up = v.pieces("turn-up")
            starts.append((len(v.hand), up[0] if up else None, v.fact("trump")))
        seat = rng.choice(m.to_act())
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    return m, starts


def test_schedules():
    assert schedule_for(4, 0) == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    for p in (3, 4, 5):
        assert len(schedule_for(p, 0)) == 19 and schedule_for(p, 0)[0] == 10
    for p in (6, 7):
        assert schedule_for(p, 0) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_whole_matches_follow_the_schedule_and_always_turn_up_a_trump(players):
    m, starts = random_match(players, seed=players)
    assert [s[0] for s in starts] == schedule_for(players, 0)
    assert all(up is not None and trump == SUIT_WORDS[cards(up)[0] >> 4] for _, up, trump in starts)
    assert len(m.sheet.rows) == len(schedule_for(players, 0))
    r = m.result()
    assert max(m.sheet.totals) in [r.scores[s] for s in r.winners]
    again = gamenight.restore(json.loads(m.to_json()))
    assert again.sheet.totals == m.sheet.totals


def test_book_counts_always_leave_a_card_to_turn_up():
    for p in range(3, 8):
        assert 52 - p * schedule_for(p, 0)[0] >= 1


def test_no_card_left_means_no_trump():
    m = start(players=4, n=13, max_cards=13)
    v = m.view(0)
    assert [len(z.pieces) or z.hidden for z in v.zones if z.name == "hand"] == [13] * 4
    assert v.pieces("turn-up") == () and not v.has_fact("trump")
    assert not m.view(0).has_fact("trump") and m.view(0).zone("turn-up") is None
    assert "oh_hell.trump.none" in gamenight.get_game("oh_hell").spec.rules


def test_turnup_is_public_and_sets_trump():
    m = start(players=4, n=3, hands={1: "AS KS QS"}, turnup="4H")
    assert m.view(0).fact("trump") == "hearts" and m.view(None).pieces("turn-up") == ("4H",)
    assert m.view(2).fact("trump") == "hearts"


def test_bidding_goes_from_dealers_left_and_dealer_is_restricted():
    m = start(players=4, dealer=0, n=10)
    assert m.to_act() == (1,)
    assert refused(m, 2, "bid 1") == "engine.turn"
    assert refused(m, 1, "bid 11") == "oh_hell.bid"
    m.apply(1, "bid 3")
    m.apply(2, "bid 3")
    m.apply(3, "bid 3")
    assert m.to_act() == (0,)
    assert parse_action("bid 1") not in m.legal_actions(0)
    reason = "the dealer may not bid 1: the bids would add up to the 10 cards dealt"
    assert m.view(0).fact("forbidden-bid") == 1 and m.view(None).fact("forbidden-bid") == 1
    assert m.prompt(0) == "Bid how many tricks you will take, from 0 to 10."  # the fact says it, once
    assert refusal(m, 0, "bid 1") == ("oh_hell.bid.dealer", reason)
    m.apply(0, "bid 2")
    assert m.view(0).phase == "play" and m.to_act() == (1,)  # left of the dealer leads
    assert m.view(3).fact("bids") == [2, 3, 3, 3]


def test_dealer_is_free_when_the_total_is_already_over():
    m = start(players=3, dealer=2, n=4)
    for seat in (0, 1):
        m.apply(seat, "bid 3")
    assert len(m.legal_actions(2)) == 5


def test_dealer_restriction_option_off():
    m = start(players=3, dealer=2, n=4, dealer_restriction=False)
    m.apply(0, "bid 1")
    m.apply(1, "bid 1")
    m.apply(2, "bid 2")
    assert m.view(0).phase == "play"


def test_one_card_round_bids_are_simultaneous_and_secret():
    m = start(players=4, dealer=1, n=1)
    assert m.view(0).phase == "bidding together" and m.to_act() == (0, 1, 2, 3)
    m.apply(3, "bid 1")
    assert m.to_act() == (0, 1, 2) and m.view(0).to_act == (0, 1, 2)
    assert m.view(0).fact("bids") == [None] * 4
    assert m.view(3).fact("bids") == [None, None, None, 1] and m.view(None).fact("bids") == [None] * 4
    assert m.game.redact(m.state, 3, parse_action("bid 1"), 0).startswith("bid (")
    assert m.game.redact(m.state, 3, parse_action("bid 1"), 3) == "bid 1"
    assert refused(m, 3, "bid 0") == "oh_hell.bid.one-card"  # you have bid: bids are made once, together
    m.apply(0, "bid 0")
    m.apply(2, "bid 0")
    assert not m.view(1).has_fact("forbidden-bid")
    m.apply(1, "bid 0")  # the dealer makes the total equal 1 card: allowed when bidding together
    assert m.view(0).phase == "play" and m.view(0).fact("bids") == [0, 0, 0, 1]
    assert m.to_act() == (2,)


def test_one_card_round_in_turn_option():
    m = start(players=3, dealer=0, n=1, one_card_bids="in-turn")
    assert m.view(0).phase == "bidding" and m.to_act() == (1,)
    m.apply(1, "bid 0")
    m.apply(2, "bid 0")
    assert refused(m, 0, "bid 1") == "oh_hell.bid.dealer"


def test_exact_bid_scores_ten_plus_bid_and_a_miss_scratches():
    m = start(players=3, dealer=0, n=2, max_cards=2, hands={1: "AS KS", 2: "2C 3C", 0: "2D 3D"}, turnup="4H")
    m.apply(1, "bid 2")
    m.apply(2, "bid 0")
    assert refused(m, 0, "bid 0") == "oh_hell.bid.dealer"
    m.apply(0, "bid 1")
    for seat, card in ((1, "AS"), (2, "2C"), (0, "2D"), (1, "KS"), (2, "3C"), (0, "3D")):
        m.apply(seat, f"play {card}")
    row = m.sheet.rows[0]
    assert row.points == (0, 12, 10)
    assert any("[oh_hell.score.exact]" in n for n in row.notes)
    assert any("seat 0" in n and "[oh_hell.score.scratch]" in n for n in row.notes)


def test_trump_wins_and_one_becomes_eleven():
    m = start(players=3, dealer=0, n=1, max_cards=1, hands={1: "AS", 2: "2H", 0: "KS"}, turnup="5H")
    for seat, bid in ((1, 1), (2, 1), (0, 0)):
        m.apply(seat, f"bid {bid}")
    for seat, card in ((1, "AS"), (2, "2H"), (0, "KS")):
        m.apply(seat, f"play {card}")
    assert m.sheet.rows[0].points == (10, 0, 11)
    assert m.over and m.result().winners == (2,)


def test_made_score_options():
    assert made_points(0, "ten-plus-bid") == 10 and made_points(1, "ten-plus-bid") == 11
    assert made_points(10, "ten-plus-bid") == 20
    assert made_points(10, "one-in-front") == 110 and made_points(3, "one-in-front") == 13


def test_dealer_rotates_left_each_hand():
    m = gamenight.load("oh_hell", players=4, seed=11)
    rng = random.Random(2)
    dealers = []
    while not m.over and len(dealers) < 4:
        v = m.view(None)
        fresh = v.phase == "play" and not v.pieces("trick") and v.fact("tricks") == [0] * 4
        if fresh and (not dealers or dealers[-1] != v.dealer):
            dealers.append(v.dealer)
        seat = rng.choice(m.to_act())
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:]))


def bid_ten_and_take_them(**options):
    """Seat 1 holds the ten top spades (spades trump) and bids 10; the others bid 0, the dealer 1."""
    m = start(players=4, dealer=0, n=10, hands={1: "AS KS QS JS 10S 9S 8S 7S 6S 5S"}, turnup="2S", **options)
    for seat, bid in ((1, 10), (2, 0), (3, 0)):
        m.apply(seat, f"bid {bid}")
    assert refused(m, 0, "bid 0") == "oh_hell.bid.dealer"
    m.apply(0, "bid 1")
    while not m.sheet.rows:
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    return m.sheet.rows[0]


def test_a_made_bid_of_ten_scores_20_by_default():
    row = bid_ten_and_take_them()
    assert row.points[1] == 20 and row.points[0] == 0
    assert any("seat 1" in n and "[oh_hell.score.ten]" in n for n in row.notes)


def test_a_made_bid_of_ten_under_one_in_front_scores_110():
    row = bid_ten_and_take_them(made_score="one-in-front")
    assert row.points[1] == 110
    assert any("seat 1" in n and "[oh_hell.score.one-in-front]" in n for n in row.notes)
    rules = gamenight.get_game("oh_hell").spec.rules
    opts = gamenight.get_game("oh_hell").spec.options
    assert "oh_hell.score.ten" in [c.id for c in rules.in_force(opts())]
    assert "oh_hell.score.one-in-front" in [c.id for c in rules.in_force(opts(made_score="one-in-front"))]


def test_must_follow_suit_and_a_void_player_may_trump():
    m = start(players=3, dealer=0, n=2, max_cards=2, hands={1: "AD 3C", 2: "2H KD", 0: "4S 5S"}, turnup="9H")
    for seat, bid in ((1, 1), (2, 0), (0, 0)):
        m.apply(seat, f"bid {bid}")
    m.apply(1, "play AD")
    assert [str(a) for a in m.legal_actions(2)] == ["play KD"]
    assert refused(m, 2, "play 2H") == "tricks.follow-suit"
    m.apply(2, "play KD")
    m.apply(0, "play 4S")  # void: any card, and a plain card of another suit cannot win
    assert m.view(0).fact("tricks") == [0, 1, 0] and m.to_act() == (1,)  # the winner leads
    m.apply(1, "play 3C")
    m.apply(2, "play 2H")  # void in clubs: the 2 of trumps wins
    m.apply(0, "play 5S")
    row = m.sheet.rows[0]
    assert row.points == (10, 11, 0)  # seat 2 bid 0 but took the trump trick: scratch


def test_first_dealer_is_random():
    assert {gamenight.load("oh_hell", players=5, seed=s).view(None).dealer for s in range(60)} == set(range(5))


# --- refusals, facts and events --------------------------------------------------------------------
def test_bid_refusals_say_why():
    m = start(players=4, dealer=0, n=5)
    assert refusal(m, 1, "bid 6") == ("oh_hell.bid", "a bid is a number of tricks from 0 to the 5 cards dealt")
    assert refusal(m, 1, "play 2C")[0] == "oh_hell.bid"
    m.apply(1, "bid 1")
    assert refusal(m, 1, "bid 2") == ("oh_hell.bid", "you have bid 1 this hand: each player bids once")
    assert refusal(m, 3, "bid 2") == ("engine.turn", "it is not your turn")
    m.apply(2, "bid 1")
    m.apply(3, "bid 1")
    assert refusal(m, 0, "bid 2") == ("oh_hell.bid.dealer",
                                      "the dealer may not bid 2: the bids would add up to the 5 cards dealt")


def test_the_dealers_restriction_is_one_function():
    """Legal bids, the refusal and the fact all ask ``forbidden_bid``."""
    m = start(players=3, dealer=0, n=4)
    m.apply(1, "bid 0")
    m.apply(2, "bid 0")
    game = m.game
    game.forbidden_bid = lambda state, seat: 3 if seat == state.dealer else None  # type: ignore[method-assign]
    try:
        assert [a.args[0] for a in m.legal_actions(0)] == [0, 1, 2, 4]
        assert refusal(m, 0, "bid 3")[1].startswith("the dealer may not bid 3")
        assert m.view(1).fact("forbidden-bid") == 3 and "3" not in m.prompt(0)
        m.apply(0, "bid 4")
    finally:
        del game.forbidden_bid


def test_simultaneous_bids_stay_hidden_in_events_until_all_have_bid():
    m = start(players=3, dealer=0, n=1)
    for s in (0, 1, 2, None):
        m.view(s)
    m.apply(2, "bid 1")
    assert [(e.text, e.seats) for e in m.view(2).events] == [("{0} bids 1", (2,))]
    assert [(e.text, e.seats) for e in m.view(0).events] == [("{0} has bid", (2,))]
    assert [(e.text, e.seats) for e in m.view(None).events] == [("{0} has bid", (2,))]
    assert m.view(0).fact("bids") == [None, None, None]
    m.apply(0, "bid 0")
    m.apply(1, "bid 0")
    last = m.view(None).events[-1]
    assert (last.text, last.seats) == ("Everyone has bid: {0} 0, {1} 0, {2} 1", (0, 1, 2))


def test_deal_bid_and_hand_summary_events():
    m = start(players=3, dealer=0, n=2, max_cards=2, hands={1: "AS KS", 2: "2C 3C", 0: "2D 3D"}, turnup="4H")
    deal = [e for e in m.view(None).events if e.kind == "deal"][-1]
    assert (deal.text, deal.seats, deal.pieces) == ("{0} deals 2 cards each and turns up 4H: hearts are trump",
                                                    (0,), ("4H",))
    for seat, bid in ((1, 2), (2, 0), (0, 1)):
        m.apply(seat, f"bid {bid}")
    assert [e.text for e in m.view(None).events] == ["{0} bids 2", "{0} bids 0", "{0} bids 1"]
    for seat, card in ((1, "AS"), (2, "2C"), (0, "2D"), (1, "KS"), (2, "3C"), (0, "3D")):
        m.apply(seat, f"play {card}")
    events = [(e.text, e.seats) for e in m.view(None).events]
    assert ("{0} takes the trick with AS", (1,)) in events and ("{0} plays 3D", (0,)) in events
    assert [x for x in events if "took" in x[0]] == [("{0} bid 1 but took 0: a scratch", (0,)),
                                                     ("{0} bid 2 and took 2: 12 points", (1,)),
                                                     ("{0} bid 0 and took 0: 10 points", (2,))]


def test_view_zones_facts_and_prompt():
    m = start(players=4, dealer=0, n=3, hands={1: "AS KS QS"}, turnup="4H")
    v = m.view(1)
    assert v.hand == ("QS", "KS", "AS")
    assert v.zone("stock").hidden == 52 - 12 - 1 and v.zone("turn-up").kind == "upcard"
    assert v.fact("cards-dealt") == 3 and v.hand_no == schedule_for(4, 0).index(3) + 1
    assert v.fact("hands-left") == len(schedule_for(4, 0)) - v.hand_no
    assert v.fact("tricks") == [0, 0, 0, 0] and v.fact("bids") == [None] * 4
    assert v.prompt.text == "Bid how many tricks you will take, from 0 to 3."
    assert not v.has_fact("forbidden-bid") and m.view(2).prompt.text == ""


@pytest.mark.parametrize("preset", ["standard", "in_turn_one_card"])
def test_the_listed_bids_are_the_bid_cascades(preset):
    """``legal_actions`` lists bids by a fast path; it must be exactly what the cascade keeps."""
    for seed in range(4):
        m = gamenight.load("oh_hell", players=3 + seed, seed=seed, preset=preset)
        rng = random.Random(seed)
        while not m.over:
            if m.view(None).phase != "play":
                for seat in m.to_act():
                    cascade = [parse_action(f"bid {b}") for b in narrow(m.game.bid_cascade(m.state, seat))]
                    assert m.legal_actions(seat) == cascade
            seat = rng.choice(m.to_act())
            m.apply(seat, rng.choice(m.legal_actions(seat)))
