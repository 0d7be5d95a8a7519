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
from gamenight.games.five_hundred_rummy import COUNTERS, DECK, counters_in
from gamenight.testing import scenario


def start(seed: int = 1, **options):
    return gamenight.load("five_hundred_rummy", seed=seed, options=options)


def seats_from_left(m):
    d = m.view(None).dealer
    return [(d + i) % 4 for i in range(1, 5)]


def table(hands=None, kitty=None, moves=(), scores=None, **options):
    """Seat 3 deals, so seat 0 bids first, with these hands and kitty."""
    return scenario("five_hundred_rummy", dealer=3, hands=hands, zones={"kitty": kitty} if kitty else None,
                    moves=moves, scores=scores, options=options)


def refused(m, seat, action, clause_id, reason=None):
    before = m.view(None, since=0)
    with pytest.raises(IllegalAction) as e:
        m.apply(seat, action)
    assert e.value.clause_id == clause_id
    if reason is not None:
        assert e.value.detail == reason
    assert m.view(None, since=0) == before
    return e.value.detail


def hand_of(view, owner):
    return next(z for z in view.zones if z.name == "hand" and z.owner == owner)


def texts(m, viewer, kind):
    return [e.text for e in m.events(viewer) if e.kind == kind]


def plain_cards(m, seat, n=4):
    """The first ``n`` cards of ``seat``'s hand that are not counters."""
    return [c for c in m.view(seat).hand if not COUNTERS[cards(c)[0]]][:n]


# --- whole hands, played out -----------------------------------------------------------------------
PLAIN_KITTY = "2C 2D 2H 2S"
RANKS_DOWN = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def the_rest(tricks, kitty):
    """The cards not in ``tricks`` or the kitty, as tricks of one suit each that the defenders
    win: each trick's top card to a defender (the bidder's left, then right, in turn).
    Tricks are written from the bidder round the table: bidder, left, partner, right."""
    used = {c.rstrip("*") for t in tricks for c in t.split()} | set(kitty.split())
    rest = []
    for suit in "CDHS":
        left = [r + suit for r in RANKS_DOWN if r + suit not in used]
        for i in range(0, len(left), 4):
            top, *others = left[i:i + 4]
            defender = 1 if len(rest) % 2 == 0 else 3
            trick = iter(others)
            rest.append(" ".join(top + "*" if p == defender else next(trick) for p in range(4)))
    return rest


def played(tricks, leader):
    """The hands that play ``tricks`` (each listing seat 0 to 3's cards, ``*`` on the card that
    takes it) and the moves that play them, from ``leader``: a trick's taker leads the next."""
    hands = {s: [] for s in range(4)}
    moves = []
    for trick in tricks:
        by_seat = trick.split()
        for seat in [(leader + i) % 4 for i in range(4)]:
            card = by_seat[seat]
            if card.endswith("*"):
                card, taker = card[:-1], seat
            hands[seat].append(card)
            moves.append((seat, f"play {card}"))
        leader = taker
    return {s: " ".join(h) for s, h in hands.items()}, moves


def whole_hand(bidder, bid, bidders_tricks, trump="hearts", kitty=PLAIN_KITTY, bury=None, scores=None,
               **options):
    """A hand played out: ``bidder`` bids ``bid`` ('70', '70 notrump') and the others pass,
    the bidder calls ``trump`` (unless no trump), takes the kitty and buries ``bury`` (the
    kitty), and the bidding side takes ``bidders_tricks`` while the defenders take the rest.
    Tricks are written from the bidder round the table: bidder, left, partner, right."""
    tricks = [*bidders_tricks, *the_rest(bidders_tricks, kitty)]
    at_table = [" ".join(t.split()[(s - bidder) % 4] for s in range(4)) for t in tricks]
    hands, plays = played(at_table, bidder)
    moves = [(bidder, f"bid {bid}"), *(((bidder + i) % 4, "pass") for i in (1, 2, 3))]
    if "notrump" not in bid:
        moves.append((bidder, f"call {trump}"))
    moves += [(bidder, f"discard {c}") for c in (bury or kitty).split()]
    return scenario("five_hundred_rummy", dealer=(bidder - 1) % 4, hands=hands, zones={"kitty": kitty},
                    scores=scores, options=options, moves=moves + plays)


EIGHT_TRICKS_80 = ["AS* 3S 5S 4S", "6S 7S KS* 8S", "QS* 9S 10S JS", "AH* 3H 4H 6H", "7H 8H 10H* 9H",
                   "AD* 3D 4D 6D", "KC* 4C 6C 7C", "8C 9C QC* JC"]
"""The bidding side takes AS AH AD 10S 10H QS 5S, 80 points in counters, in eight tricks;
the defenders take AC 10C 10D 5H 5D 5C, 45, in four."""
SEVEN_TRICKS_80 = EIGHT_TRICKS_80[:-1]
NINE_TRICKS_80 = [*EIGHT_TRICKS_80, "8D 9D QD* JD"]
SIX_TRICKS_80 = EIGHT_TRICKS_80[:-2]
TWO_TRICKS_75 = ["AS* 10S QS 5S", "AH* 10H 5H 3H"]
ONE_TRICK_5 = ["6S* 3S 5S 4S"]


def team_points(row, bidder):
    return row.points[bidder & 1], row.points[1 - (bidder & 1)]


def test_counters_total_125_a_hand():
    assert counters_in(list(DECK)) == 125
    assert [COUNTERS[c] for c in cards("AS 10H 5D QS KS QH 2C")] == [10, 10, 5, 25, 0, 0, 0]


def test_deal_twelve_each_and_four_in_the_kitty_hidden():
    m = start()
    v = m.view(None)
    assert [hand_of(v, s).hidden for s in range(4)] == [12] * 4 and v.zone("kitty").hidden == 4
    assert m.to_act() == ((v.dealer + 1) % 4,)
    for seat in (None, 0, 1, 2, 3):
        kitty = m.view(seat).zone("kitty")
        assert kitty.hidden == 4 and kitty.pieces == ()
    assert gamenight.get_game("five_hundred_rummy").spec.teams(4) == ((0, 2), (1, 3))


def test_bidding_rules():
    m = start(seed=2)
    a, b, c, d = seats_from_left(m)
    refused(m, a, "bid 55", "five_hundred_rummy.bid.minimum", "the lowest bid is 60")
    refused(m, a, "bid 62", "five_hundred_rummy.bid.steps",
            "bids go up from 60 in steps of 5, and 62 is not one of them")
    refused(m, a, "bid 130", "five_hundred_rummy.bid.steps", "there are only 125 points in a hand")
    refused(m, a, "bid", "five_hundred_rummy.bid.order")
    refused(m, a, "play 2C", "five_hundred_rummy.bid.order")
    refused(m, b, "bid 60", "engine.turn")
    m.apply(a, "bid 70")
    refused(m, b, "bid 70", "five_hundred_rummy.bid.higher", "the bid stands at 70: bid higher or pass")
    refused(m, b, "bid 65 notrump", "five_hundred_rummy.bid.higher")
    m.apply(b, "bid 70 notrump")  # no trump beats the same number
    refused(m, c, "bid 70 notrump", "five_hundred_rummy.bid.higher",
            "the bid stands at 70 no trump: bid higher or pass")
    m.apply(c, "pass")
    m.apply(d, "bid 75")  # a higher number beats no trump
    m.apply(a, "bid 80")  # bidding goes round again
    refused(m, c, "bid 85", "five_hundred_rummy.bid.pass-final", "you passed, so you may not bid again this hand")
    m.apply(b, "pass")
    assert m.to_act() == (d,)  # c passed and may not bid again
    v = m.view(d)
    assert v.fact("bids") == ["80" if s == a else "pass" if s in (b, c) else "75" for s in range(4)]
    assert v.fact("bid") == {"number": 80, "seat": a} and not v.has_fact("notrump")
    m.apply(d, "pass")
    v = m.view(None)
    assert v.phase == "calling trump" and v.fact("bid") == {"number": 80, "seat": a}
    assert not v.has_fact("notrump")
    assert texts(m, None, "bid") == ["{0} bids 70", "{0} bids 70 no trump", "{0} passes", "{0} bids 75",
                                     "{0} bids 80", "{0} passes", "{0} passes", "{0} wins the bid at 80"]
    assert m.view(a).prompt.text == "Name the trump suit."


def test_winner_calls_trump_takes_kitty_and_buries_no_counters():
    m = table(hands={0: "AS 10S 5S QS KS 9S 8S 2H 3H 4H 6D 7D"}, kitty="AH 10C 2C 3C",
              moves=[(0, "bid 65"), (1, "pass"), (2, "pass"), (3, "pass")])
    a, b, c, d = 0, 1, 2, 3
    refused(m, a, "call notrumps", "five_hundred_rummy.call",
            "no trump is bid in the auction, not called: the bid was in a suit, so name one")
    m.apply(a, "call s")
    assert len(m.view(a).hand) == 16 and hand_of(m.view(b), a).hidden == 16
    assert m.view(b).fact("trump") == "spades" and m.view(b).zone("kitty") is None
    refused(m, a, "discard AH", "five_hundred_rummy.kitty.no-counters",
            "AH is a counter, worth 10 points, and you hold 10 cards that are not")
    refused(m, a, "discard QS", "five_hundred_rummy.kitty.no-counters",
            "QS is a counter, worth 25 points, and you hold 10 cards that are not")
    refused(m, a, "discard JH", "tricks.from-hand", "you do not hold JH")
    refused(m, a, "discard 2H 3H", "five_hundred_rummy.kitty")
    refused(m, b, "discard 2H", "engine.turn")
    for card in ("2H", "3H", "4H", "2C"):
        m.apply(a, f"discard {card}")
    assert m.view(a).pieces("buried") == ("2H", "3H", "4H", "2C")
    assert m.view(b).pieces("buried") == () and m.view(b).zone("buried").hidden == 4
    assert m.log_view(b)[-1] == f"{a}: discard a card" and m.log_view(a)[-1] == f"{a}: discard 2C"
    assert m.view(None).phase == "play" and m.to_act() == (a,)  # the bidder leads
    assert len(m.view(a).hand) == 12
    # The kitty and the buried cards are the bidder's to see; the others hear only that they moved.
    assert texts(m, a, "kitty") == ["{0} takes the kitty: 2C 3C 10C AH"]  # the kitty lies sorted
    assert [e.pieces for e in m.events(a) if e.kind == "kitty"] == [("2C", "3C", "10C", "AH")]
    assert texts(m, a, "bury") == [f"{{0}} discards {c} face down" for c in ("2H", "3H", "4H", "2C")]
    for other in (b, c, d, None):
        assert texts(m, other, "kitty") == ["{0} takes the kitty"]
        assert texts(m, other, "bury") == ["{0} discards four cards face down"]
        assert all(not e.pieces for e in m.events(other) if e.kind in ("kitty", "bury"))
    assert texts(m, None, "call") == ["{0} calls spades trump"]


def test_no_trump_bid_has_no_trump_and_skips_the_call():
    m = start(seed=4)
    a, b, c, d = seats_from_left(m)
    m.apply(a, "pass")
    m.apply(b, "bid 60 nt")
    m.apply(c, "pass")
    m.apply(d, "pass")
    v = m.view(c)
    assert v.phase == "burying" and v.fact("bid")["seat"] == b
    assert v.fact("notrump") is True and v.fact("bid")["number"] == 60 and v.fact("trump") is None


def test_all_pass_dealer_takes_the_bid_at_sixty():
    m = start(seed=5)
    a, b, c, d = seats_from_left(m)
    for s in (a, b, c):
        m.apply(s, "pass")
    assert m.to_act() == (d,) and d == m.view(None).dealer
    m.apply(d, "pass")
    v = m.view(None)
    assert v.fact("bid") == {"number": 60, "seat": d} and not v.has_fact("notrump")
    assert v.fact("dealer-took-bid") is True and v.phase == "calling trump"
    assert texts(m, a, "bid")[-1] == "Everyone passed: {0} takes the bid at 60"
    assert m.view(a).fact("dealer-took-bid") is True


def test_dealer_may_bid_after_three_passes():
    m = start(seed=5)
    a, b, c, d = seats_from_left(m)
    for s in (a, b, c):
        m.apply(s, "pass")
    m.apply(d, "bid 85")
    v = m.view(None)
    assert v.fact("bid") == {"number": 85, "seat": d} and not v.has_fact("notrump")
    assert not v.has_fact("dealer-took-bid")


def test_forced_counter_discards_count_for_the_bidders():
    m = table(hands={0: "AS AH AD AC 10S 10H 10D 10C 5S 5H 5D 5C"}, kitty="QS 2C 3C KH",
              moves=[(0, "bid 60"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "call clubs")])
    for card in ("2C", "3C", "KH"):
        m.apply(0, f"discard {card}")
    legal = m.legal_actions(0)
    assert len(legal) == 13 and all(COUNTERS[x.args[0]] for x in legal)
    m.apply(0, "discard 5C")
    assert counters_in(cards(" ".join(m.view(0).pieces("buried")))) == 5


def test_made_scores_the_points_taken_and_defenders_one_per_trick():
    m = whole_hand(0, "70", EIGHT_TRICKS_80)
    row = m.sheet.rows[-1]
    assert team_points(row, 0) == (80, 4)  # 10+10+10+10+10+25+5
    assert any("[five_hundred_rummy.score.made]" in n for n in row.notes)
    assert any("[five_hundred_rummy.score.defenders]" in n for n in row.notes)


def test_made_scores_the_bid_under_the_option():
    m = whole_hand(1, "70", EIGHT_TRICKS_80, made_score="bid")
    row = m.sheet.rows[-1]
    assert team_points(row, 1) == (70, 4)
    assert any("[five_hundred_rummy.score.made-bid]" in n for n in row.notes)


def test_no_trump_made_is_worth_fifty_more_and_set_subtracts_the_bid():
    row = whole_hand(2, "70 notrump", SEVEN_TRICKS_80).sheet.rows[-1]
    assert team_points(row, 2) == (130, 5)
    row = whole_hand(3, "100 notrump", NINE_TRICKS_80).sheet.rows[-1]
    assert team_points(row, 3) == (-100, 3)
    assert any("[five_hundred_rummy.score.set]" in n for n in row.notes)


def test_must_bid_out_to_win_and_minus_150_loses():
    m = whole_hand(0, "100", EIGHT_TRICKS_80, scores=[495, 400])  # seats 0 & 2 set
    assert m.sheet.totals == (395, 404) and not m.over
    m = whole_hand(0, "60", EIGHT_TRICKS_80, scores=[495, 499])
    assert m.sheet.totals == (575, 503) and m.over  # bid out
    assert m.result().winners == (0, 2)
    m = whole_hand(0, "60", TWO_TRICKS_75, scores=[300, 495])
    assert m.sheet.totals == (375, 505) and not m.over  # defending past 500 does not win
    m = whole_hand(1, "60", SIX_TRICKS_80, scores=[375, 505])
    assert m.over and m.result().winners == (1, 3)
    m = whole_hand(2, "60", ONE_TRICK_5, scores=[-100, 50])
    row = m.sheet.rows[-1]
    assert m.over and m.sheet.totals == (-160, 61)
    assert m.result().winners == (1, 3)
    assert any("[five_hundred_rummy.end.lose]" in n for n in row.notes)


def test_reaching_500_defending_wins_without_bid_out():
    m = whole_hand(0, "60", TWO_TRICKS_75, scores=[100, 495], must_bid_out=False)
    assert m.over and m.result().winners == (1, 3)


def test_a_whole_hand_is_played_and_scored():
    m = start(seed=10)
    rng = random.Random(1)
    while len(m.sheet.rows) == 0:
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    row = m.sheet.rows[0]
    v = m.view(None)
    assert m.over or (v.hand_no == 2 and v.phase == "bidding")  # next hand dealt
    assert any("[five_hundred_rummy.score.counters]" in n for n in row.notes)


def test_bot_bids_strong_passes_weak_and_never_buries_counters():
    bot = make_bot("five_hundred_rummy")
    m = table(hands={0: "AS KS QS JS 10S 9S 5S AH AD KD 2C 3C"})
    assert bot.choose(m.view(0), m.legal_actions(0), random.Random(0)).verb == "bid"
    m = table(hands={0: "2S 3S 4S 6H 7H 8H 9D 8D 7D 2C 3C 4C"})
    assert bot.choose(m.view(0), m.legal_actions(0), random.Random(0)) == Action("pass")
    m.apply(0, "bid 60")
    for s in (1, 2, 3):
        m.apply(s, "pass")
    m.apply(0, bot.choose(m.view(0), m.legal_actions(0), random.Random(0)))
    while m.view(None).phase == "burying":
        act = bot.choose(m.view(0), m.legal_actions(0), random.Random(0))
        assert not COUNTERS[act.args[0]]
        m.apply(0, act)
    assert m.view(None).phase == "play"


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


AUCTION = [(0, "bid 60"), (1, "pass"), (2, "pass"), (3, "pass")]
BURY_KITTY = [(0, f"discard {c}") for c in ["2S", "3S", "2D", "4D"]]


def test_play_the_bidder_leads_follow_suit_and_trumps_win():
    m = table(hands={0: "KC 4S 3C 4C 7S 8S 9S JS 3H 4H 6H 7H", 1: "2C 9D 5C 6C 7C 8C 5D 6D 7D 8D 10D JD",
                     2: "3D 2H 5H 8H 9H 10H JH QH KH AH QD KD", 3: "AC 6S 9C 10C JC QC 5S 10S QS KS AS AD"},
              kitty="2S 3S 2D 4D", moves=[*AUCTION, (0, "call hearts"), *BURY_KITTY])
    refused(m, 1, "play 2C", "five_hundred_rummy.lead", "the highest bidder leads to the first trick")
    m.apply(0, "play KC")
    refused(m, 1, "play 9D", "tricks.follow-suit")
    m.apply(1, "play 2C")
    m.apply(2, "play 2H")  # void in clubs: the smallest trump
    m.apply(3, "play AC")
    assert m.to_act() == (2,) and m.view(None).fact("tricks") == [0, 0, 1, 0]


def test_no_trump_the_highest_card_of_the_suit_led_wins():
    m = table(hands={0: "9C 4S 2C 4C 7S 8S 9S JS 3H 4H 6H 7H", 1: "KC 9D 5C 6C 7C 8C 5D 6D 7D 8D 10D JD",
                     2: "AS 2H 3D 5H 8H 9H 10H JH QH KH AH QD", 3: "3C 6S 10C JC QC AC 5S 10S QS KS AD KD"},
              kitty="2S 3S 2D 4D", moves=[(0, "bid 60 notrump"), *AUCTION[1:], *BURY_KITTY])
    for s, card in ((0, "9C"), (1, "KC"), (2, "AS"), (3, "3C")):
        m.apply(s, f"play {card}")
    assert m.to_act() == (1,)


COUNTERS_IN_ONE_HAND = ["AS* 2S 3S 4S", "10S 6S KS* 7S", "QS* 8S 9S JS", "AH* 3H 4H 6H", "10H KH* 7H 8H",
                        "5H 9H JH QH*", "AD* 3D 4D 6D", "10D KD* 7D 8D", "5D 9D JD QD*", "AC* 3C 4C 6C",
                        "10C KC* 7C 8C", "5C 9C QC* JC"]
"""The whole hand of a bidder who holds every counter but the 5♠: the bidding side takes
AS 10S QS AH AD AC 5C (80), the defenders 10H 5H 10D 5D 10C (40)."""


def test_hand_summary_names_who_made_or_went_set_with_the_counters():
    m = whole_hand(0, "70", EIGHT_TRICKS_80)
    summary = [(e.text, e.seats) for e in m.events(1) if e.kind == "summary"]
    assert summary == [("{0} and {1} bid 70 and make it with 80 points in counters: +80", (0, 2)),
                       ("{0} and {1} defend with 45 points in counters and 4 tricks: +4", (1, 3))]
    # holding twelve counters and the 5♠ from the kitty, the bidder must bury the 5♠ with three other cards
    m = whole_hand(3, "100 notrump", COUNTERS_IN_ONE_HAND, kitty="5S 2C 2D 2H", bury="2C 2D 2H 5S")
    summary = [(e.text, e.seats) for e in m.events(0) if e.kind == "summary"]
    assert summary[0] == ("{0} and {1} bid 100 no trump and go set with 85 points in counters "
                          "(5 of them buried): -100", (1, 3))


def test_the_game_end_is_announced():
    m = whole_hand(0, "60", EIGHT_TRICKS_80, scores=[495, 400])
    assert m.over and m.view(0).phase == "over"
    assert [e.text for e in m.events(0) if e.kind == "summary"][-1] == "{0} and {1} win the game with 575 to 404"


def test_prompts_and_play_facts():
    m = start(seed=13)
    a, b, c, d = seats_from_left(m)
    assert m.view(a).prompt.text == "Bid 60 or more, or pass."
    m.apply(a, "bid 65")
    p = m.view(b).prompt
    assert p.text == "Bid more than 65 (bid by {0}), or pass." and p.seats == (a,)
    for s in (b, c, d):
        m.apply(s, "pass")
    m.apply(a, "call hearts")
    assert m.view(a).prompt.text == "Discard 4 more cards face down: no counters while you hold other cards."
    assert m.view(a).phase == "burying" and m.view(b).prompt.text == ""
    for card in plain_cards(m, a):
        m.apply(a, f"discard {card}")
    v = m.view(b)
    assert v.phase == "play" and v.fact("trump") == "hearts" and v.fact("bid")["seat"] == a
    assert v.fact("counters") == [0, 0, 0, 0] and v.fact("tricks") == [0, 0, 0, 0]
    assert m.view(a).prompt.text == "Lead a card."


def test_dealer_alone_after_three_passes_is_told_so():
    m = start(seed=5)
    a, b, c, d = seats_from_left(m)
    for s in (a, b, c):
        m.apply(s, "pass")
    assert m.view(d).prompt.text == "Everyone else passed: bid, or pass and take the bid at 60."
