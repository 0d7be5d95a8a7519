"""Pinochle (rulebook 001): every row of the three meld tables, the auction, the three-card
exchange, trump and meld, crawling, trumping and over-trumping, the trick count, made/set,
throwing in, and the game to 500 that the bidding side wins on a tie."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.core.cards import pinochle_deck
from gamenight.engine.actions import Action
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import view_data
from gamenight.families import tricks
from gamenight.games.pinochle import Phase, meld_clause
from gamenight.games.pinochle.game import POINTS
from gamenight.games.pinochle.meld import RANK_ORDER, best_meld, exposed_faces, find_melds

C, D, H, S = 0, 1, 2, 3


# --- helpers ------------------------------------------------------------------------------------
def fill(given: dict[int, str]) -> list[list]:
    """Four 20-card hands: the cards given per seat, the rest of the deck dealt in order."""
    hands = {s: cards(t) for s, t in given.items()}
    left = Counter(int(c) for c in pinochle_deck())
    for h in hands.values():
        for c in h:
            left[int(c)] -= 1
            assert left[int(c)] >= 0, f"too many {c}"
    rest = [c for c in pinochle_deck() if left[int(c)] > 0 and not left.subtract({int(c): 1})]
    out = []
    for s in range(4):
        h = hands.get(s, [])
        need = 20 - len(h)
        h = h + rest[:need]
        rest = rest[need:]
        out.append(sorted(h))
    return out


def start(dealer: int = 0, hands: dict[int, str] | None = None, **options):
    m = gamenight.load("pinochle", seed=5, options=options)
    st = m.state
    st.dealer = dealer
    st.hand_no = 0
    m.game._deal(st)
    if hands is not None:
        st.hands = fill(hands)
    return m


def refused(m, seat, action) -> str:
    with pytest.raises(IllegalAction) as e:
        m.apply(seat, action)
    return e.value.clause_id


def at_play(hands: dict[int, str], trump: int, bidder: int = 0, leader: int | None = None, high: int = 25,
            **options):
    """A hand in the play phase with small known hands (melds none)."""
    m = gamenight.load("pinochle", seed=5, options=options)
    st = m.state
    st.hands = [sorted(cards(hands.get(s, ""))) for s in range(4)]
    st.trump = trump
    st.suit, st.power = tricks.ranked_tables(RANK_ORDER, trump)
    st.phase = Phase.PLAY
    st.bidder = bidder
    st.high = high
    st.asked = trump
    st.leader = st.turn = bidder if leader is None else leader
    st.melds = [[] for _ in range(4)]
    st.meld_points = [0] * 4
    st.exposed = [[] for _ in range(4)]
    return m


def playable(m, seat) -> set[str]:
    return {str(a) for a in m.legal_actions(seat)}


# --- meld tables I-III: every row ----------------------------------------------------------------
RUN_H = "AH 10H KH QH JH"
TABLE_ROWS = [
    # Type I: runs and marriages (value in trumps, value in a non-trump suit)
    ("pinochle.meld.run", RUN_H, 15, 2),  # off trumps the run is nothing but its marriage counts
    ("pinochle.meld.double-run", " ".join([RUN_H] * 2), 150, 4),
    ("pinochle.meld.triple-run", " ".join([RUN_H] * 3), 500, 6),
    ("pinochle.meld.marriage", "KH QH", 4, 2),
    ("pinochle.meld.double-marriage", "KH KH QH QH", 30, 4),
    ("pinochle.meld.triple-marriage", "KH KH KH QH QH QH", 60, 6),
    ("pinochle.meld.quadruple-marriage", "KH KH KH KH QH QH QH QH", 240, 8),
]


@pytest.mark.parametrize(("clause", "hand", "in_trumps", "off_trumps"), TABLE_ROWS)
def test_type_one_rows(clause: str, hand: str, in_trumps: int, off_trumps: int) -> None:
    melds = find_melds(cards(hand), H)
    assert sum(m.points for m in melds) == in_trumps
    assert [meld_clause(m).id for m in melds] == [clause]
    assert best_meld(cards(hand), S) == off_trumps  # hearts not trumps
    assert clause in gamenight.get_game("pinochle").spec.rules


TYPE_TWO_THREE_ROWS = [
    ("pinochle.meld.pinochle", "JD QS", 4),
    ("pinochle.meld.double-pinochle", "JD JD QS QS", 30),
    ("pinochle.meld.triple-pinochle", "JD JD JD QS QS QS", 90),
    ("pinochle.meld.quadruple-pinochle", "JD JD JD JD QS QS QS QS", 360),
    ("pinochle.meld.aces", "AC AD AH AS", 10),
    ("pinochle.meld.double-aces", "AC AD AH AS " * 2, 100),
    ("pinochle.meld.triple-aces", "AC AD AH AS " * 3, 500),
    ("pinochle.meld.kings", "KC KD KH KS", 8),
    ("pinochle.meld.double-kings", "KC KD KH KS " * 2, 80),
    ("pinochle.meld.triple-kings", "KC KD KH KS " * 3, 400),
    ("pinochle.meld.queens", "QC QD QH QH", 0),  # not around: no spade
    ("pinochle.meld.queens", "QC QD QH QS", 6),
    ("pinochle.meld.double-queens", "QC QD QH QS " * 2, 60),
    ("pinochle.meld.triple-queens", "QC QD QH QS " * 3, 300),
    ("pinochle.meld.jacks", "JC JD JH JS", 4),
    ("pinochle.meld.double-jacks", "JC JD JH JS " * 2, 40),
    ("pinochle.meld.triple-jacks", "JC JD JH JS " * 3, 200),
]


@pytest.mark.parametrize(("clause", "hand", "points"), TYPE_TWO_THREE_ROWS)
def test_type_two_and_three_rows(clause: str, hand: str, points: int) -> None:
    # Clubs trumps and no kings with queens of a suit, so only the row itself counts
    # (a pinochle's queen of spades and the jacks are no marriage).
    melds = find_melds(cards(hand), C)
    assert sum(m.points for m in melds) == points
    assert [meld_clause(m).id for m in melds] == ([clause] if points else [])
    for trump in range(4):
        assert best_meld(cards(hand), trump) == points  # trumps do not matter to types II and III


def test_a_set_of_tens_is_worth_nothing() -> None:
    assert find_melds(cards("10C 10D 10H 10S 10C 10D 10H 10S"), S) == []


def test_the_same_card_counts_in_melds_of_different_types() -> None:
    # pinochle.meld.same-card: the queen of spades in a marriage, a pinochle and a set of queens.
    melds = find_melds(cards("KS QS JD QC QD QH"), S)
    assert sorted(meld_clause(m).id for m in melds) == ["pinochle.meld.marriage", "pinochle.meld.pinochle",
                                               "pinochle.meld.queens"]
    assert sum(m.points for m in melds) == 4 + 4 + 6
    shown = Counter(exposed_faces(melds))
    assert shown[int(cards("QS")[0])] == 1  # laid down once


def test_a_king_and_two_queens_is_not_two_marriages() -> None:
    assert best_meld(cards("KH QH QH"), H) == 4
    assert best_meld(cards("KH QH QH"), C) == 2


def test_the_run_and_its_marriage_are_the_same_type() -> None:
    # The king and queen of a run cannot also count as a marriage ...
    assert best_meld(cards(RUN_H), H) == 15
    # ... but a second king and queen make another marriage, and two kings and two queens
    # count best as a double marriage (30) rather than run and marriage (19).
    assert best_meld(cards(RUN_H + " KH QH"), H) == 30
    assert best_meld(cards(RUN_H + " KH QH KH QH"), H) == 60
    assert best_meld(cards(RUN_H + " " + RUN_H + " KH QH"), H) == 154


def test_combinations_beyond_the_tables_split_into_listed_melds() -> None:
    # pinochle.meld.beyond: four aces in each suit count as triple aces plus aces.
    assert best_meld(cards("AC AD AH AS " * 4), C) == 510
    assert best_meld(cards(" ".join([RUN_H] * 4)), H) == 515


def test_meld_must_be_in_one_hand() -> None:
    # pinochle.meld.one-hand: partners' halves of a pinochle do not combine.
    m = start()
    st = m.state
    st.hands = [sorted(cards("JD " + "10C " * 19)), sorted(cards("10H " * 20)),
                sorted(cards("QS " + "10D " * 19)), sorted(cards("10S " * 20))]
    st.phase, st.bidder = Phase.TRUMP, 0
    m.apply(0, "trump clubs")
    assert st.meld_points == [0, 0, 0, 0]


# --- dealing and the auction -------------------------------------------------------------------
def test_the_deck_is_eighty_cards_four_of_each_and_all_are_dealt() -> None:
    """pinochle.deck: A 10 K Q J in each suit, four identical copies of each (80 cards);
    pinochle.deal: all the cards are dealt, 20 to each player."""
    deck = pinochle_deck()
    assert len(deck) == 80
    by_face = Counter(str(c) for c in deck)
    assert set(by_face) == {f"{r}{s}" for r in ("A", "10", "K", "Q", "J") for s in "CDHS"}
    assert set(by_face.values()) == {4}
    m = start(dealer=1)
    assert Counter(int(c) for h in m.state.hands for c in h) == Counter(int(c) for c in deck)


def test_deal_twenty_each_and_left_of_dealer_bids_first() -> None:
    m = start(dealer=2)
    assert [len(h) for h in m.state.hands] == [20, 20, 20, 20]
    assert m.to_act() == (3,)
    assert refused(m, 0, "bid 25") == "engine.turn"


def test_opening_bid_and_steps() -> None:
    m = start(dealer=3)
    assert refused(m, 0, "bid 24") == "pinochle.bid.minimum"
    m.apply(0, "bid 48")
    assert refused(m, 1, "bid 48") == "pinochle.bid.higher"
    assert refused(m, 1, "bid 51") == "pinochle.bid.steps"
    assert refused(m, 1, "bid 53") == "pinochle.bid.steps"
    m.apply(1, "bid 49")
    m.apply(2, "bid 50")
    m.apply(3, "bid 55")
    m.apply(0, "bid 200")  # no upper limit: an unlisted jump bid may be typed
    assert m.state.high == 200 and m.state.bidder == 0
    listed = [str(a) for a in m.legal_actions(1)]
    assert listed[0] == "pass" and "bid 205" in listed


def test_once_passed_you_cannot_reenter_and_three_passes_end_it() -> None:
    m = start(dealer=3)
    m.apply(0, "bid 25")
    m.apply(1, "pass")
    m.apply(2, "bid 26")
    m.apply(3, "bid 27")
    m.apply(0, "bid 28")
    assert m.to_act() == (2,)  # seat 1 passed: skipped
    m.apply(2, "pass")
    assert m.to_act() == (3,)
    m.apply(3, "pass")
    assert m.state.phase == Phase.ASK and m.state.bidder == 0 and m.state.high == 28
    assert m.to_act() == (0,)
    assert refused(m, 1, "bid 30") == "engine.turn"


def test_dealer_is_forced_to_bid_when_the_first_three_pass() -> None:
    m = start(dealer=3)
    for s in (0, 1, 2):
        m.apply(s, "pass")
    assert m.to_act() == (3,)
    assert refused(m, 3, "pass") == "pinochle.bid.dealer-stuck"
    m.apply(3, "bid 30")  # at least 25
    assert m.state.phase == Phase.ASK and m.state.bidder == 3 and m.state.high == 30


def test_dealer_stuck_at_exactly_25_option() -> None:
    m = start(dealer=3, stuck_dealer="exactly-25")
    for s in (0, 1, 2):
        m.apply(s, "pass")
    assert [str(a) for a in m.legal_actions(3)] == ["bid 25"]
    assert refused(m, 3, "bid 30") == "pinochle.bid.dealer-stuck-25"
    assert refused(m, 3, "pass") == "pinochle.bid.dealer-stuck-25"
    m.apply(3, "bid 25")
    assert m.state.high == 25


def win_bid(m, seat: int, bid: int = 30) -> None:
    """From the start of the auction (dealer 3), ``seat`` wins at ``bid``."""
    for s in range(4):
        if s == seat:
            m.apply(s, f"bid {bid}")
        else:
            m.apply(s, "pass")
    while m.state.phase == Phase.BID:
        m.apply(m.to_act()[0], "pass")


# --- the exchange, trump and meld -------------------------------------------------------------
def test_partner_must_pass_three_of_the_asked_suit() -> None:
    m = start(dealer=3, hands={0: "AH AH 10H KH QH JH AS AS", 2: "KH QH JH 10H AC"})
    win_bid(m, 0)
    assert refused(m, 2, "give AC 10H KH") == "engine.turn"
    assert refused(m, 0, "ask x") == "pinochle.pass.ask"
    m.apply(0, "ask h")  # letters are suit names
    assert m.state.asked == H and m.to_act() == (2,)
    assert refused(m, 2, "give AC KH QH") == "pinochle.pass.give"
    assert refused(m, 2, "give KH QH") == "pinochle.pass.give"
    missing = next(c for c in cards("AH AD AC AS 10S KS") if c not in m.state.hands[2])
    assert refused(m, 2, f"give {missing} KH QH") == "tricks.from-hand"
    m.apply(2, "give QH KH JH")  # any order
    assert m.state.phase == Phase.RETURN
    assert len(m.state.hands[0]) == 23 and len(m.state.hands[2]) == 17
    # the bidder passes any three back, face down
    m.apply(0, "give AS AS JH")
    assert [len(h) for h in m.state.hands] == [20, 20, 20, 20]
    assert m.state.phase == Phase.TRUMP
    # only the partners see the cards passed
    passes = [(e.text, e.seats) for e in m.events(0) if e.kind == "pass"]
    assert passes == [("{0} passes JH QH KH to {1}", (2, 0)), ("{0} passes JH AS AS to {1}", (0, 2))]
    assert [(e.text, e.pieces) for e in m.events(2) if e.kind == "pass"] == [
        ("{0} passes JH QH KH to {1}", ("JH", "QH", "KH")), ("{0} passes JH AS AS to {1}", ("JH", "AS", "AS"))]
    for outsider in (1, 3, None):
        seen = [(e.text, e.pieces) for e in m.events(outsider) if e.kind == "pass"]
        assert seen == [("{0} passes three cards face down to {1}", ())] * 2
    give = m.log[-1].action
    assert m.game.redact(m.state, 0, give, 1) == "give three cards"
    assert m.game.redact(m.state, 0, give, None) == "give three cards"
    assert m.game.redact(m.state, 0, give, 2) == "give AS AS JH"


def test_short_of_the_asked_suit_pass_all_of_it_plus_others() -> None:
    m = start(dealer=3, hands={2: "JC 10C"})
    st = m.state
    st.hands[2] = sorted(cards("JC 10C") + [c for c in st.hands[2] if c >> 4 != C][:18])
    assert sum(1 for c in st.hands[2] if c >> 4 == C) == 2
    win_bid(m, 0)
    m.apply(0, "ask clubs")
    others = [c for c in st.hands[2] if c >> 4 != C]
    other, another = others[0], next(c for c in others if c != others[0])
    assert refused(m, 2, f"give JC {other} {another}") == "pinochle.pass.give"
    legal = m.legal_actions(2)
    assert all(sum(1 for c in a.cards if c >> 4 == C) == 2 for a in legal)
    m.apply(2, f"give JC 10C {other}")
    assert m.state.phase == Phase.RETURN


def test_trump_need_not_be_the_asked_suit_and_meld_is_laid_face_up() -> None:
    m = start(dealer=3, hands={0: "AC AD AH AS AC AD AH KS QS JD", 1: "KH QH"})
    win_bid(m, 0)
    m.apply(0, "ask clubs")
    give = m.legal_actions(2)[0]
    m.apply(2, give)
    back = [c for c in m.state.hands[0] if c & 15 in (10, 11) and c >> 4 != D][:3]
    m.apply(0, Action("give", tuple(back)))
    m.apply(0, "trump spades")
    st = m.state
    assert st.trump == S and st.phase == Phase.PLAY and m.to_act() == (0,)  # the bidder leads
    v = m.view(1)
    meld = next(e for e in v.events if e.kind == "meld" and e.seats == (0,))
    names = [part.rsplit(" ", 1)[0] for part in meld.text.split(": ", 1)[1].split(", ")]
    assert "marriage in spades" in names and "pinochle" in names and "aces" in names
    assert meld.text.startswith(f"{{0}} melds {best_meld(st.hands[0], S)}: ")
    assert v.fact("meld")[0] == best_meld(st.hands[0], S)
    together = next(e for e in v.events if e.kind == "meld" and e.seats == (0, 2))
    assert together.text == f"{{0}} and {{1}} meld {st.meld_points[0] + st.meld_points[2]} together"
    # the meld cards are public, shown to all with the meld's names and points; the rest of the hand is not
    shown = next(z for z in v.zones if z.name == "meld" and z.owner == 0)
    assert "QS" in shown.pieces and "AS" in shown.pieces and Counter(meld.pieces) == Counter(shown.pieces)
    assert next(z for z in v.zones if z.name == "hand" and z.owner == 0).hidden == 20 - len(shown.pieces)
    zones = [z for z in m.game.zones(st) if z.name == "meld" and z.owner == 0]
    assert zones[0].visible_to is None
    assert Counter(map(int, zones[0].cards)) == Counter(exposed_faces(st.melds[0]))
    json.dumps(view_data(v))


def test_book_example_ask_for_a_suit_to_complete_double_aces_and_name_another_trump() -> None:
    """The book: the bidder 'may have requested a suit he needed to complete a combination, such
    as double aces, but intend to have a different suit as trump'."""
    m = start(dealer=3)
    st = m.state
    st.hands[0] = sorted(cards("AD AD AH AH AS AS AC KS QS KS QS JD JD 10H 10H 10D 10D JH JH QH"))
    st.hands[2] = sorted(cards("AC 10C JC KH KH KD KD QD QD 10S 10S JS JS KH QH JD QH KD 10H JS"))
    win_bid(m, 0, 60)
    m.apply(0, "ask clubs")
    # the partner holds exactly three clubs: they are the only pass allowed
    assert [sorted(str(c) for c in a.cards) for a in m.legal_actions(2)] == [["10C", "AC", "JC"]]
    m.apply(2, "give AC 10C JC")
    m.apply(0, "give 10C JC 10H")
    m.apply(0, "trump spades")
    assert st.trump == S and st.asked == C
    meld = next(e for e in m.view(1).events if e.kind == "meld" and e.seats == (0,)).text.split(": ", 1)[1]
    names = {part.rsplit(" ", 1)[0]: int(part.rsplit(" ", 1)[1]) for part in meld.split(", ")}
    # double aces 100 (with the passed ace of clubs), double marriage in trumps 30, double pinochle 30
    assert names == {"double aces": 100, "double marriage in spades": 30, "double pinochle": 30}
    assert st.meld_points[0] == 160


def test_playing_a_shown_card_takes_it_off_the_table() -> None:
    m = at_play({0: "KH QH JC", 1: "JH 10C 10C", 2: "JH JC JC", 3: "JH JC JC"}, trump=H)
    st = m.state
    st.exposed[0] = cards("KH QH")
    m.apply(0, "play KH")
    assert [str(c) for c in st.exposed[0]] == ["QH"]
    assert next(z for z in m.view(2).zones if z.name == "meld" and z.owner == 0).pieces == ("QH",)


# --- the play ----------------------------------------------------------------------------------
def test_must_follow_suit() -> None:
    m = at_play({0: "KC", 1: "JC AH", 2: "JC", 3: "JC"}, trump=S)
    m.apply(0, "play KC")
    assert refused(m, 1, "play AH") == "pinochle.play.follow"
    assert refused(m, 1, "play AS") == "tricks.from-hand"


def test_must_crawl_and_may_lose_when_unable() -> None:
    m = at_play({0: "KC", 1: "AC JC", 2: "QC JC", 3: "10C JC"}, trump=S)
    m.apply(0, "play KC")
    assert playable(m, 1) == {"play AC"}  # must beat the king
    assert refused(m, 1, "play JC") == "pinochle.play.crawl"
    m.apply(1, "play AC")
    assert playable(m, 2) == {"play QC", "play JC"}  # cannot crawl: any club
    m.apply(2, "play JC")
    assert playable(m, 3) == {"play 10C", "play JC"}  # a ten cannot beat the ace
    m.apply(3, "play 10C")
    assert m.state.tricks_won[1] == 1


def test_crawl_in_trumps_when_trumps_are_led() -> None:
    m = at_play({0: "KS", 1: "AS QS", 2: "JS", 3: "JS"}, trump=S)
    m.apply(0, "play KS")
    assert refused(m, 1, "play QS") == "pinochle.play.crawl"


def test_after_a_trump_any_card_of_the_suit_led() -> None:
    m = at_play({0: "KC", 1: "QS", 2: "AC JC", 3: "JC"}, trump=S)
    m.apply(0, "play KC")
    m.apply(1, "play QS")
    assert playable(m, 2) == {"play AC", "play JC"}  # no club can beat a trump
    m.apply(2, "play JC")


def test_must_trump_when_void() -> None:
    m = at_play({0: "KC", 1: "JS AH", 2: "JC", 3: "JC"}, trump=S)
    m.apply(0, "play KC")
    assert playable(m, 1) == {"play JS"}
    assert refused(m, 1, "play AH") == "pinochle.play.must-trump"


def test_must_over_trump_if_able_else_still_trump() -> None:
    m = at_play({0: "KC", 1: "KS", 2: "JS AS AH", 3: "QS AD"}, trump=S)
    m.apply(0, "play KC")
    m.apply(1, "play KS")
    assert playable(m, 2) == {"play AS"}
    assert refused(m, 2, "play JS") == "pinochle.play.over-trump"
    assert refused(m, 2, "play AH") == "pinochle.play.must-trump"
    m.apply(2, "play AS")
    assert playable(m, 3) == {"play QS"}  # cannot beat the ace: must still trump
    assert refused(m, 3, "play AD") == "pinochle.play.must-trump"


def test_no_led_suit_and_no_trumps_any_card() -> None:
    m = at_play({0: "KC", 1: "AH JD", 2: "JC", 3: "JC"}, trump=S)
    m.apply(0, "play KC")
    assert playable(m, 1) == {"play AH", "play JD"}


def test_first_of_identical_cards_wins() -> None:
    m = at_play({0: "AH QC", 1: "AH JC", 2: "JH KC", 3: "JH KC"}, trump=S, bidder=0)
    m.apply(0, "play AH")
    assert playable(m, 1) == {"play AH"}  # an identical ace does not beat it, but must follow
    m.apply(1, "play AH")
    m.apply(2, "play JH")
    m.apply(3, "play JH")
    assert m.state.tricks_won == [1, 0, 0, 0] and m.to_act() == (0,)  # winner leads


# --- scoring ------------------------------------------------------------------------------------
def test_trick_points_ace_ten_king_and_last_trick_make_fifty() -> None:
    assert sum(POINTS[c] for c in pinochle_deck()) == 48
    m = start(dealer=3)
    rng = random.Random(3)
    while m.state.hand_no == 1:
        s = m.to_act()[0]
        legal = [a for a in m.legal_actions(s) if a.verb != "throw"]
        m.apply(s, rng.choice(legal))
    row = m.sheet.rows[-1]
    tricks_taken = [int(n.split(" and ")[1].split(" in tricks")[0]) for n in row.notes if " in tricks " in n]
    assert sum(tricks_taken) == 50


def one_trick(bidder: int, high: int, win_by_bidders: bool, meld=(0, 0, 0, 0), **options):
    """A last trick worth 3 + 2 taken by the bidders' side or the other side."""
    if win_by_bidders:
        hands = {bidder: "AH", (bidder + 1) % 4: "JH", (bidder + 2) % 4: "KH", (bidder + 3) % 4: "10H"}
    else:
        hands = {bidder: "JH", (bidder + 1) % 4: "AH", (bidder + 2) % 4: "KH", (bidder + 3) % 4: "10H"}
    m = at_play(hands, trump=S, bidder=bidder, high=high, **options)
    m.state.meld_points = list(meld)
    return m


def play_out(m) -> None:
    """Play the hand's cards until it is scored."""
    rows = len(m.sheet.rows)
    while len(m.sheet.rows) == rows:
        s = m.to_act()[0]
        m.apply(s, [a for a in m.legal_actions(s) if a.verb == "play"][0])


def test_made_both_sides_score_meld_plus_tricks() -> None:
    m = one_trick(0, high=25, win_by_bidders=True, meld=(10, 4, 12, 3))
    play_out(m)
    row = m.sheet.rows[-1]
    # bidders: meld 22 + ace, ten, king 3 + last trick 2 = 27 >= 25
    assert row.points == (27, 7)
    assert any("[pinochle.score.made]" in n for n in row.notes)
    assert any("[pinochle.count.last]" in n for n in row.notes)


def test_set_loses_the_bid_and_the_others_keep_their_points() -> None:
    m = one_trick(1, high=30, win_by_bidders=True, meld=(6, 10, 2, 10))
    play_out(m)
    row = m.sheet.rows[-1]
    # seats 1 & 3 took 5 with meld 20 = 25 < 30: set
    assert row.points == (8, -30)
    assert any("[pinochle.score.set]" in n for n in row.notes)


def test_throw_in_before_the_first_lead() -> None:
    m = one_trick(0, high=50, win_by_bidders=True, meld=(10, 4, 12, 3))
    assert "throw in" in playable(m, 0)
    assert "throw in" not in playable(m, 1)
    m.apply(0, "throw in")
    row = m.sheet.rows[-1]
    assert row.points == (-50, 7)  # nothing for the bidders' meld; the others add their meld only
    assert any("[pinochle.score.throw-in]" in n for n in row.notes)
    assert m.state.hand_no == 2 and m.state.phase == Phase.BID


def test_no_throw_in_once_play_has_begun() -> None:
    m = one_trick(0, high=50, win_by_bidders=True)
    m.state.hands = [sorted(cards(t)) for t in ("AH JC", "JH JC", "KH JC", "10H JC")]
    m.apply(0, "play AH")
    for s in (1, 2, 3):
        m.apply(s, [a for a in m.legal_actions(s)][0])
    assert m.to_act() == (0,)
    assert refused(m, 0, "throw in") == "pinochle.score.throw-in"


def test_throw_in_option_off() -> None:
    m = one_trick(0, high=50, win_by_bidders=True, throw_in=False)
    assert "throw in" not in playable(m, 0)
    assert refused(m, 0, "throw in") == "pinochle.score.no-throw-in"


def test_game_to_500() -> None:
    m = one_trick(0, high=25, win_by_bidders=True, meld=(10, 0, 10, 0))
    m.state.sheet = ScoreSheet(m.state.sheet.columns, start=(480, 100))
    play_out(m)
    assert m.over and m.to_act() == ()
    assert m.result().winners == (0, 2)
    assert refused(m, 0, "pass") == "engine.over"


def test_both_reach_500_the_bidders_win_even_when_behind() -> None:
    m = one_trick(1, high=25, win_by_bidders=False, meld=(40, 25, 0, 0))
    m.state.sheet = ScoreSheet(m.state.sheet.columns, start=(480, 495))
    play_out(m)
    # seats 0 & 2: 40 meld + 5 = 45 -> 525; bidders seats 1 & 3: 25 meld >= 25 -> 520
    assert m.sheet.totals == (525, 520)
    assert m.over and m.result().winners == (1, 3)


def test_throw_in_can_hand_the_game_to_the_other_side() -> None:
    m = one_trick(1, high=25, win_by_bidders=True, meld=(30, 0, 0, 0))
    m.state.sheet = ScoreSheet(m.state.sheet.columns, start=(480, 495))
    m.apply(1, "throw in")
    assert m.sheet.totals == (510, 470)
    assert m.over and m.result().winners == (0, 2)


def test_dealer_rotates_and_a_whole_game_ends() -> None:
    m = gamenight.load("pinochle", seed=8, options={"target": 150})
    dealers = [m.state.dealer]
    rng = random.Random(8)
    from gamenight.bots import make_bot
    bot = make_bot("pinochle")
    while not m.over:
        s = m.to_act()[0]
        rows = len(m.sheet.rows)
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
        if len(m.sheet.rows) != rows and not m.over:
            dealers.append(m.state.dealer)
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:]))
    assert max(m.sheet.totals) >= 150


def test_rulebook_renders_every_clause() -> None:
    from gamenight.rulebook import render
    spec = gamenight.get_game("pinochle").spec
    text = render(spec, None, players=4)
    for phrase in ("crawl", "Quadruple marriage", "240", "A set of tens", "throw in", "Ace, Ten, King, Queen, Jack"):
        assert phrase in text


# --- refusals say why; events; the double deck's duplicates ----------------------------------------
def refusal(m, seat, action) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as e:
        m.apply(seat, action)
    return e.value.clause_id, e.value.detail


def test_auction_refusals_say_why() -> None:
    m = start(dealer=3)
    assert refusal(m, 0, "bid 24") == ("pinochle.bid.minimum", "the lowest bid is 25")
    assert refusal(m, 0, "bid AH") == ("pinochle.bid.higher", "bid a number of points, for example 'bid 30', or pass")
    m.apply(0, "bid 48")
    assert refusal(m, 1, "bid 48") == ("pinochle.bid.higher", "the bid stands at 48: bid more or pass")
    assert refusal(m, 1, "bid 53") == ("pinochle.bid.steps", "above 50 bids go up by 5s, and 53 is not a multiple of 5")
    m.apply(1, "pass")
    m.apply(2, "pass")
    m.apply(3, "pass")
    assert m.state.phase == Phase.ASK
    m2 = start(dealer=3)
    m2.apply(0, "pass")
    m2.apply(1, "bid 30")
    m2.apply(2, "pass")
    m2.apply(3, "bid 31")
    assert refusal(m2, 0, "bid 35") == ("pinochle.bid.no-reentry", "you passed, so you are out of the bidding")
    m3 = start(dealer=3)
    for s in (0, 1, 2):
        m3.apply(s, "pass")
    assert refusal(m3, 3, "pass") == ("pinochle.bid.dealer-stuck",
                                      "the first three players passed, so the dealer must bid")
    bids = [(e.text, e.seats) for e in m3.events(None) if e.kind == "bid"]
    assert bids == [("{0} passes", (0,)), ("{0} passes", (1,)), ("{0} passes", (2,)),
                    ("The first three players passed: {0} must bid", (3,))]


def test_exchange_refusals_say_why() -> None:
    m = start(dealer=3, hands={0: "AH AH 10H KH QH JH"})
    m.state.hands[2] = sorted(cards("KH QH JH 10H AC AS 10C 10C KC QC JC JC 10D 10D KD QD JD JD 10S KS"))
    win_bid(m, 0)
    m.apply(0, "ask hearts")
    assert refusal(m, 2, "give AC KH QH") == ("pinochle.pass.give", "hearts were asked for and you hold 4: pass 3 "
                                                                     "of them")
    assert refusal(m, 2, "give KH QH") == ("pinochle.pass.give", "pass exactly three cards, for example "
                                                                  "'give AH 10H KH'")
    assert refusal(m, 2, "give KH KH QH") == ("tricks.from-hand", "you hold only 1 KH")
    assert refusal(m, 2, "give AH KH QH") == ("tricks.from-hand", "you do not hold AH")
    m.apply(2, "give KH QH JH")
    assert refusal(m, 0, "give AH AH AH") == ("tricks.from-hand", "you hold only 2 AH")


def test_play_refusals_say_why() -> None:
    m = at_play({0: "KC", 1: "AC JC AH", 2: "KS JS AH", 3: "QS AD"}, trump=S)
    m.apply(0, "play KC")
    assert refusal(m, 1, "play AH") == ("pinochle.play.follow", "clubs were led and you hold 2 of them")
    assert refusal(m, 1, "play JC") == ("pinochle.play.crawl", "you can beat KC, so you must")
    m.apply(1, "play AC")
    assert refusal(m, 2, "play AH") == ("pinochle.play.must-trump", "you have no clubs, so you must trump")
    m.apply(2, "play JS")
    assert refusal(m, 3, "play AD") == ("pinochle.play.must-trump", "you have no clubs, so you must trump")
    m = at_play({0: "KC", 1: "KS", 2: "JS AS AH", 3: "QS AD"}, trump=S)
    m.apply(0, "play KC")
    m.apply(1, "play KS")
    assert refusal(m, 2, "play JS") == ("pinochle.play.over-trump", "you can beat the trump KS, so you must")
    assert refusal(m, 2, "play 10S") == ("tricks.from-hand", "you do not hold 10S")


def test_a_hand_lists_every_physical_card_and_the_moves_list_a_face_once() -> None:
    m = at_play({0: "AH AH KH QS QS", 1: "JC", 2: "JC", 3: "JC"}, trump=S)
    assert m.view(0).hand == ("KH", "AH", "AH", "QS", "QS")
    assert sorted(str(a) for a in m.legal_actions(0) if a.verb == "play") == ["play AH", "play KH", "play QS"]
    m.apply(0, "play AH")
    assert sorted(m.view(0).hand) == ["AH", "KH", "QS", "QS"]
    assert [(e.text, e.seats) for e in m.events(1) if e.kind == "play"] == [("{0} plays AH", (0,))]


def test_throw_in_refusals_and_events() -> None:
    m = one_trick(0, high=50, win_by_bidders=True, throw_in=False)
    assert refusal(m, 0, "throw in") == ("pinochle.score.no-throw-in", "this table plays every hand out")
    m = one_trick(0, high=50, win_by_bidders=True, meld=(10, 4, 12, 3))
    m.apply(0, "throw in")
    summary = [(e.text, e.seats) for e in m.events(None) if e.kind == "summary"]
    assert summary == [("{0} throws in the hand: {0} and {1} lose their bid of 50; {2} and {3} add their meld of 7",
                        (0, 2, 1, 3))]


def test_meld_is_shown_to_everyone_with_its_names_and_points() -> None:
    m = start(dealer=3, hands={0: "KS QS JD AC AD AH AS"})
    win_bid(m, 0)
    m.apply(0, "ask spades")
    m.apply(2, m.legal_actions(2)[0])
    m.apply(0, m.legal_actions(0)[0])
    m.apply(0, "trump spades")
    st = m.state
    for viewer in (1, 3, None):
        meld = next(e for e in m.events(viewer) if e.kind == "meld" and e.seats == (0,))
        parts = ", ".join(f"{x.name} {x.points}" for x in st.melds[0])
        assert meld.text == f"{{0}} melds {st.meld_points[0]}: {parts}"
        assert Counter(meld.pieces) == Counter(str(c) for c in st.exposed[0])
    assert "[pinochle.meld.aces]" in " ".join(m.game._meld_notes(st))
