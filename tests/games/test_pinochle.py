"""Pinochle (rulebook 001): every row of the three meld tables, the auction, the three-card
exchange, trump and meld, crawling, trumping and over-trumping, the trick count, made/set,
throwing in, and the game to 500 that the bidding side wins on a tie."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import gamenight
from gamenight import cards
from gamenight.core.cards import card_text, pinochle_deck
from gamenight.engine.actions import Action
from gamenight.engine.view import view_data
from gamenight.games.pinochle import Phase, meld_clause
from gamenight.games.pinochle.game import POINTS
from gamenight.games.pinochle.meld import best_meld, exposed_faces, find_melds
from gamenight.testing import refusal as refusal_of
from gamenight.testing import scenario

C, D, H, S = 0, 1, 2, 3
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


# --- helpers ------------------------------------------------------------------------------------
def whole_hands(named: dict[int, str], only: dict[int, str] | None = None) -> dict[int, str]:
    """Four 20-card hands: the cards named for each seat, and the rest of the deck dealt out to
    fill them up, each card to the first seat with room whose other cards may be of its suit
    (``only``: seat → those suits as letters; any suit if not given). The suits the fewest seats
    may take go first (a seat void in clubs leaves every club to the others)."""
    hands = {s: named.get(s, "").split() for s in range(4)}
    left = Counter(str(c) for c in pinochle_deck())
    left.subtract(c for h in hands.values() for c in h)
    assert all(n >= 0 for n in left.values()), f"a face named more than four times: {+left}"
    may = {s: only.get(s, "CDHS") if only else "CDHS" for s in range(4)}
    for suit in sorted("CDHS", key=lambda x: sum(x in may[s] for s in range(4))):
        for face in sorted(f for f in left if f[-1] == suit):
            for _ in range(left[face]):
                seat = next(s for s in range(4) if suit in may[s] and len(hands[s]) < 20)
                hands[seat].append(face)
    assert all(len(h) == 20 for h in hands.values())
    return {s: " ".join(h) for s, h in hands.items()}


def start(dealer: int = 0, hands: dict[int, str] | None = None, **options):
    """The auction of a first hand dealt by ``dealer``: ``hands`` as named (filled up by
    ``whole_hands``), or as they come."""
    return scenario("pinochle", dealer=dealer, hands=whole_hands(hands) if hands is not None else None,
                    options=options)


def refused(m, seat, action) -> str:
    return refusal_of(m, seat, action).clause_id


def play_from(hands: dict[int, str], trump: str, bidder: int = 0, high: int = 25, scores=None, **options):
    """A hand in the play, dealt ``hands`` (whole), the dealer on the bidder's right: the bidder
    wins the auction at ``high`` (the others pass), the partner passes three cards of its longest
    suit and the bidder passes the same three straight back, so the hands are as dealt; the
    bidder names ``trump`` and leads."""
    partner = (bidder + 2) % 4
    held = hands[partner].split()
    suit = max("CDHS", key=lambda x: sum(c[-1] == x for c in held))
    three = " ".join([c for c in held if c[-1] == suit][:3])
    moves = [(bidder, f"bid {high}"), *(((bidder + k) % 4, "pass") for k in (1, 2, 3)),
             (bidder, f"ask {SUIT_WORDS[suit]}"), (partner, f"give {three}"), (bidder, f"give {three}"),
             (bidder, f"trump {trump}")]
    return scenario("pinochle", dealer=(bidder - 1) % 4, hands=hands, scores=scores, options=options, moves=moves)


def all_of(suit: str) -> str:
    return " ".join(f"{rank}{suit}" for rank in ("A", "10", "K", "Q", "J") for _ in range(4))


SUITS = {0: all_of("H"), 1: all_of("C"), 2: all_of("D"), 3: all_of("S")}
"""A suit each. With hearts trump, seat 0 takes every trick: its hearts win whatever is led, and
once it leads nobody can follow. Its meld is four runs in trumps (515: a triple run and a run); each
other seat's is its four marriages off trumps (8)."""


def playable(m, seat) -> set[str]:
    return {str(a) for a in m.legal_actions(seat)}


def table(m):
    """What everyone may see."""
    return m.view(None)


def trick_winners(m) -> list[int]:
    return [e.seats[0] for e in m.events(None) if e.kind == "trick"]


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


NO_MELD = {0: "JD KC KC KC KC KD KD KD KD AC AC AC AC AD AD AD AD 10C 10C 10C",
           1: "KH KH KH KH KS KS KS KS AH AH AH AH AS AS AS AS 10D JD JD JD",
           2: "QS QC QC QC QC QD QD QD QD JC JC JC JC JH JH JH JH 10C 10H 10H",
           3: "QH QH QH QH QS QS QS JS JS JS JS 10H 10H 10S 10S 10S 10S 10D 10D 10D"}
"""Not a meld in any hand: no king and queen of a suit together, no rank in all four suits, and the
JD (seat 0) and a QS (seat 2) in partners' hands."""


def test_meld_must_be_in_one_hand() -> None:
    # pinochle.meld.one-hand: partners' halves of a pinochle do not combine.
    m = play_from(NO_MELD, trump="clubs")
    assert table(m).fact("meld") == [0, 0, 0, 0]
    assert [e.text for e in m.events(None) if e.kind == "meld"][:4] == ["{0} has no meld"] * 4


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
    assert Counter(c for s in range(4) for c in m.view(s).hand) == by_face


def test_deal_twenty_each_and_left_of_dealer_bids_first() -> None:
    m = start(dealer=2)
    assert [len(m.view(s).hand) for s in range(4)] == [20, 20, 20, 20]
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
    assert table(m).fact("bid") == {"number": 200, "seat": 0}
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
    assert table(m).phase == Phase.ASK and table(m).fact("bid") == {"number": 28, "seat": 0}
    assert m.to_act() == (0,)
    assert refused(m, 1, "bid 30") == "engine.turn"


def test_dealer_is_forced_to_bid_when_the_first_three_pass() -> None:
    m = start(dealer=3)
    for s in (0, 1, 2):
        m.apply(s, "pass")
    assert m.to_act() == (3,)
    assert refused(m, 3, "pass") == "pinochle.bid.dealer-stuck"
    m.apply(3, "bid 30")  # at least 25
    assert table(m).phase == Phase.ASK and table(m).fact("bid") == {"number": 30, "seat": 3}


def test_dealer_stuck_at_exactly_25_option() -> None:
    m = start(dealer=3, stuck_dealer="exactly-25")
    for s in (0, 1, 2):
        m.apply(s, "pass")
    assert [str(a) for a in m.legal_actions(3)] == ["bid 25"]
    assert refused(m, 3, "bid 30") == "pinochle.bid.dealer-stuck-25"
    assert refused(m, 3, "pass") == "pinochle.bid.dealer-stuck-25"
    m.apply(3, "bid 25")
    assert table(m).fact("bid")["number"] == 25


def win_bid(m, seat: int, bid: int = 30) -> None:
    """From the start of the auction (dealer 3), ``seat`` wins at ``bid``."""
    for s in range(4):
        if s == seat:
            m.apply(s, f"bid {bid}")
        else:
            m.apply(s, "pass")
    while table(m).phase == Phase.BID:
        m.apply(m.to_act()[0], "pass")


def test_the_hand_is_held_in_pinochle_rank_order_trumps_first():
    def as_held(m, suits: str) -> None:
        """Seat 0's own hand lists its cards by suit in this order, each suit A 10 K Q J."""
        [hand] = [z for z in m.view(0).zones if z.name == "hand" and z.owner == 0]
        key = {r: i for i, r in enumerate(("A", "10", "K", "Q", "J"))}
        want = sorted(hand.pieces, key=lambda c: (suits.index(c[-1]), key[c[:-1]]))
        assert list(hand.pieces) == want
        assert hand.held == tuple(n for n in (sum(c[-1] == x for c in want) for x in suits) if n)

    hands = whole_hands({0: "JS 10S AS KS KH 10H AH QC KC 10D JD"})
    as_held(start(hands=hands), "SHCD")  # no trump yet: the colours alternate
    as_held(play_from(hands, trump="D"), "DSHC")  # trumps first


# --- the exchange, trump and meld -------------------------------------------------------------
def test_partner_must_pass_three_of_the_asked_suit() -> None:
    m = start(dealer=3, hands={0: "AH AH 10H KH QH JH AS AS", 2: "KH QH JH 10H AC"})
    win_bid(m, 0)
    assert refused(m, 2, "give AC 10H KH") == "engine.turn"
    assert refused(m, 0, "ask x") == "pinochle.pass.ask"
    m.apply(0, "ask h")  # letters are suit names
    assert table(m).fact("asked") == "hearts" and m.to_act() == (2,)
    assert refused(m, 2, "give AC KH QH") == "pinochle.pass.give"
    assert refused(m, 2, "give KH QH") == "pinochle.pass.give"
    missing = next(c for c in ("AH", "AD", "AC", "AS", "10S", "KS") if c not in m.view(2).hand)
    assert refused(m, 2, f"give {missing} KH QH") == "tricks.from-hand"
    m.apply(2, "give QH KH JH")  # any order
    assert table(m).phase == Phase.RETURN
    assert len(m.view(0).hand) == 23 and len(m.view(2).hand) == 17
    # the bidder passes any three back, face down
    m.apply(0, "give AS AS JH")
    assert [len(m.view(s).hand) for s in range(4)] == [20, 20, 20, 20]
    assert table(m).phase == Phase.TRUMP
    # only the partners see the cards passed
    passes = [(e.text, e.seats) for e in m.events(0) if e.kind == "pass"]
    assert passes == [("{0} passes JH QH KH to {1}", (2, 0)), ("{0} passes JH AS AS to {1}", (0, 2))]
    assert [(e.text, e.pieces) for e in m.events(2) if e.kind == "pass"] == [
        ("{0} passes JH QH KH to {1}", ("JH", "QH", "KH")), ("{0} passes JH AS AS to {1}", ("JH", "AS", "AS"))]
    for outsider in (1, 3, None):
        seen = [(e.text, e.pieces) for e in m.events(outsider) if e.kind == "pass"]
        assert seen == [("{0} passes three cards face down to {1}", ())] * 2
    assert m.log_view(1)[-1] == "0: give three cards"
    assert m.log_view(None)[-1] == "0: give three cards"
    assert m.log_view(2)[-1] == "0: give AS AS JH"


def test_short_of_the_asked_suit_pass_all_of_it_plus_others() -> None:
    m = scenario("pinochle", dealer=3, hands=whole_hands({2: "JC 10C"}, only={2: "DHS"}))
    assert sum(1 for c in cards(" ".join(m.view(2).hand)) if c >> 4 == C) == 2
    win_bid(m, 0)
    m.apply(0, "ask clubs")
    others = [c for c in cards(" ".join(m.view(2).hand)) if c >> 4 != C]
    other, another = others[0], next(c for c in others if c != others[0])
    assert refused(m, 2, f"give JC {other} {another}") == "pinochle.pass.give"
    legal = m.legal_actions(2)
    assert all(sum(1 for c in a.cards if c >> 4 == C) == 2 for a in legal)
    m.apply(2, f"give JC 10C {other}")
    assert table(m).phase == Phase.RETURN


def test_trump_need_not_be_the_asked_suit_and_meld_is_laid_face_up() -> None:
    m = start(dealer=3, hands={0: "AC AD AH AS AC AD AH KS QS JD", 1: "KH QH"})
    win_bid(m, 0)
    m.apply(0, "ask clubs")
    give = m.legal_actions(2)[0]
    m.apply(2, give)
    back = [c for c in cards(" ".join(m.view(0).hand)) if c & 15 in (10, 11) and c >> 4 != D][:3]
    m.apply(0, Action("give", tuple(back)))
    hand = cards(" ".join(m.view(0).hand))
    m.apply(0, "trump spades")
    assert table(m).fact("trump") == "spades" and table(m).phase == Phase.PLAY
    assert m.to_act() == (0,)  # the bidder leads
    v = m.view(1)
    meld = next(e for e in v.events if e.kind == "meld" and e.seats == (0,))
    names = [part.rsplit(" ", 1)[0] for part in meld.text.split(": ", 1)[1].split(", ")]
    assert "marriage in spades" in names and "pinochle" in names and "aces" in names
    assert meld.text.startswith(f"{{0}} melds {best_meld(hand, S)}: ")
    assert v.fact("meld")[0] == best_meld(hand, S)
    together = next(e for e in v.events if e.kind == "meld" and e.seats == (0, 2))
    assert together.text == f"{{0}} and {{1}} meld {v.fact('meld')[0] + v.fact('meld')[2]} together"
    # the meld cards are public, shown to all with the meld's names and points; the rest of the hand is not
    shown = next(z for z in v.zones if z.name == "meld" and z.owner == 0)
    assert "QS" in shown.pieces and "AS" in shown.pieces and Counter(meld.pieces) == Counter(shown.pieces)
    assert next(z for z in v.zones if z.name == "hand" and z.owner == 0).hidden == 20 - len(shown.pieces)
    assert next(z for z in table(m).zones if z.name == "meld" and z.owner == 0).pieces == shown.pieces
    assert Counter(shown.pieces) == Counter(card_text(f) for f in exposed_faces(find_melds(hand, S)))
    json.dumps(view_data(v))


def test_book_example_ask_for_a_suit_to_complete_double_aces_and_name_another_trump() -> None:
    """The book: the bidder 'may have requested a suit he needed to complete a combination, such
    as double aces, but intend to have a different suit as trump'."""
    m = start(dealer=3, hands={0: "AD AD AH AH AS AS AC KS QS KS QS JD JD 10H 10H 10D 10D JH JH QH",
                               2: "AC 10C JC KH KH KD KD QD QD 10S 10S JS JS KH QH JD QH KD 10H JS"})
    win_bid(m, 0, 60)
    m.apply(0, "ask clubs")
    # the partner holds exactly three clubs: they are the only pass allowed
    assert [sorted(str(c) for c in a.cards) for a in m.legal_actions(2)] == [["10C", "AC", "JC"]]
    m.apply(2, "give AC 10C JC")
    m.apply(0, "give 10C JC 10H")
    m.apply(0, "trump spades")
    assert table(m).fact("trump") == "spades" and table(m).fact("asked") == "clubs"
    meld = next(e for e in m.events(1) if e.kind == "meld" and e.seats == (0,)).text.split(": ", 1)[1]
    names = {part.rsplit(" ", 1)[0]: int(part.rsplit(" ", 1)[1]) for part in meld.split(", ")}
    # double aces 100 (with the passed ace of clubs), double marriage in trumps 30, double pinochle 30
    assert names == {"double aces": 100, "double marriage in spades": 30, "double pinochle": 30}
    assert table(m).fact("meld")[0] == 160


def test_playing_a_shown_card_takes_it_off_the_table() -> None:
    m = play_from(SUITS, trump="hearts")
    laid = Counter(next(z for z in m.view(2).zones if z.name == "meld" and z.owner == 0).pieces)
    assert laid == Counter(all_of("H").split())  # four runs: every heart is shown
    m.apply(0, "play KH")
    after = Counter(next(z for z in m.view(2).zones if z.name == "meld" and z.owner == 0).pieces)
    assert laid - after == Counter(["KH"]) and after["KH"] == 3


# --- the play ----------------------------------------------------------------------------------
def test_must_follow_suit() -> None:
    m = play_from(whole_hands({0: "KC", 1: "JC AH"}, only={1: "CDH"}), trump="spades")  # seat 1 has no AS
    m.apply(0, "play KC")
    assert refused(m, 1, "play AH") == "pinochle.play.follow"
    assert refused(m, 1, "play AS") == "tricks.from-hand"


def test_must_crawl_and_may_lose_when_unable() -> None:
    # the only clubs seats 1 to 3 hold are these
    m = play_from(whole_hands({0: "KC", 1: "AC JC", 2: "QC JC", 3: "10C JC"}, only={1: "DHS", 2: "DHS", 3: "DHS"}),
                  trump="spades")
    m.apply(0, "play KC")
    assert playable(m, 1) == {"play AC"}  # must beat the king
    assert refused(m, 1, "play JC") == "pinochle.play.crawl"
    m.apply(1, "play AC")
    assert playable(m, 2) == {"play QC", "play JC"}  # cannot crawl: any club
    m.apply(2, "play JC")
    assert playable(m, 3) == {"play 10C", "play JC"}  # a ten cannot beat the ace
    m.apply(3, "play 10C")
    assert trick_winners(m) == [1]


def test_crawl_in_trumps_when_trumps_are_led() -> None:
    m = play_from(whole_hands({0: "KS", 1: "AS QS"}), trump="spades")
    m.apply(0, "play KS")
    assert refused(m, 1, "play QS") == "pinochle.play.crawl"


def test_after_a_trump_any_card_of_the_suit_led() -> None:
    m = play_from(whole_hands({0: "KC", 1: "QS", 2: "AC JC", 3: "JC"}, only={1: "DHS", 2: "DHS"}), trump="spades")
    m.apply(0, "play KC")
    m.apply(1, "play QS")
    assert playable(m, 2) == {"play AC", "play JC"}  # no club can beat a trump
    m.apply(2, "play JC")


def test_must_trump_when_void() -> None:
    m = play_from(whole_hands({0: "KC", 1: "JS AH"}, only={1: "DH"}), trump="spades")
    m.apply(0, "play KC")
    assert playable(m, 1) == {"play JS"}
    assert refused(m, 1, "play AH") == "pinochle.play.must-trump"


OVER_TRUMP = whole_hands({0: "KC", 1: "KS", 2: "JS AS AH", 3: "QS AD"}, only={1: "DHS", 2: "DH", 3: "DH"})
"""Seat 0 holds every club; seat 2's only spades are the JS and AS, seat 3's the QS."""


def test_must_over_trump_if_able_else_still_trump() -> None:
    m = play_from(OVER_TRUMP, trump="spades")
    m.apply(0, "play KC")
    m.apply(1, "play KS")
    assert playable(m, 2) == {"play AS"}
    assert refused(m, 2, "play JS") == "pinochle.play.over-trump"
    assert refused(m, 2, "play AH") == "pinochle.play.must-trump"
    m.apply(2, "play AS")
    assert playable(m, 3) == {"play QS"}  # cannot beat the ace: must still trump
    assert refused(m, 3, "play AD") == "pinochle.play.must-trump"


def test_no_led_suit_and_no_trumps_any_card() -> None:
    hands = whole_hands({0: "KC", 1: "AH JD"}, only={1: "DH"})
    m = play_from(hands, trump="spades")
    m.apply(0, "play KC")
    assert playable(m, 1) == {f"play {c}" for c in hands[1].split()} >= {"play AH", "play JD"}


def test_first_of_identical_cards_wins() -> None:
    m = play_from(whole_hands({0: "AH QC", 1: "AH JC", 2: "JH KC", 3: "JH KC"}, only={1: "CDS"}), trump="spades")
    m.apply(0, "play AH")
    assert playable(m, 1) == {"play AH"}  # an identical ace does not beat it, but must follow
    m.apply(1, "play AH")
    m.apply(2, "play JH")
    m.apply(3, "play JH")
    assert trick_winners(m) == [0] and m.to_act() == (0,)  # winner leads


# --- scoring ------------------------------------------------------------------------------------
def test_trick_points_ace_ten_king_and_last_trick_make_fifty() -> None:
    assert sum(POINTS[c] for c in pinochle_deck()) == 48
    m = start(dealer=3)
    rng = random.Random(3)
    while table(m).hand_no == 1:
        s = m.to_act()[0]
        legal = [a for a in m.legal_actions(s) if a.verb != "throw"]
        m.apply(s, rng.choice(legal))
    row = m.sheet.rows[-1]
    tricks_taken = [int(n.split(" and ")[1].split(" in tricks")[0]) for n in row.notes if " in tricks " in n]
    assert sum(tricks_taken) == 50


def play_out(m) -> None:
    """Play the hand's cards until it is scored."""
    rows = len(m.sheet.rows)
    while len(m.sheet.rows) == rows:
        s = m.to_act()[0]
        m.apply(s, [a for a in m.legal_actions(s) if a.verb == "play"][0])


def test_made_both_sides_score_meld_plus_tricks() -> None:
    m = play_from(SUITS, trump="hearts", bidder=0, high=25)
    assert table(m).fact("meld") == [515, 8, 8, 8]
    play_out(m)
    assert trick_winners(m) == [0] * 20
    row = m.sheet.rows[-1]
    # bidders: meld 515 + 8, all 48 counters and the last trick's 2 = 573 >= 25; the others their meld 8 + 8
    assert row.points == (573, 16)
    assert any("[pinochle.score.made]" in n for n in row.notes)
    assert any("[pinochle.count.last]" in n for n in row.notes)


def test_set_loses_the_bid_and_the_others_keep_their_points() -> None:
    m = play_from(SUITS, trump="hearts", bidder=1, high=30)
    play_out(m)
    assert trick_winners(m) == [0] * 20  # seat 0 trumps the first lead and leads hearts from then on
    row = m.sheet.rows[-1]
    # seats 1 & 3 took nothing with meld 16 < 30: set; seats 0 & 2 keep their 523 meld and 50 in tricks
    assert row.points == (573, -30)
    assert any("[pinochle.score.set]" in n for n in row.notes)


def test_throw_in_before_the_first_lead() -> None:
    m = play_from(SUITS, trump="hearts", bidder=0, high=50)
    assert "throw in" in playable(m, 0)
    assert "throw in" not in playable(m, 1)
    m.apply(0, "throw in")
    row = m.sheet.rows[-1]
    assert row.points == (-50, 16)  # nothing for the bidders' meld; the others add their meld only
    assert any("[pinochle.score.throw-in]" in n for n in row.notes)
    assert table(m).hand_no == 2 and table(m).phase == Phase.BID


def test_no_throw_in_once_play_has_begun() -> None:
    m = play_from(SUITS, trump="hearts", bidder=0, high=50)
    m.apply(0, "play AH")
    for s in (1, 2, 3):
        m.apply(s, [a for a in m.legal_actions(s)][0])
    assert m.to_act() == (0,)
    assert refused(m, 0, "throw in") == "pinochle.score.throw-in"


def test_throw_in_option_off() -> None:
    m = play_from(SUITS, trump="hearts", bidder=0, high=50, throw_in=False)
    assert "throw in" not in playable(m, 0)
    assert refused(m, 0, "throw in") == "pinochle.score.no-throw-in"


def test_game_to_500() -> None:
    m = play_from(SUITS, trump="hearts", bidder=0, high=25, scores=[480, 100])
    play_out(m)
    assert m.sheet.totals == (480 + 573, 100 + 16)
    assert m.over and m.to_act() == ()
    assert m.result().winners == (0, 2)
    assert refused(m, 0, "pass") == "engine.over"


def test_both_reach_500_the_bidders_win_even_when_behind() -> None:
    # Seat 0 holds every heart and takes every trick; the bidder, seat 1, makes 25 on meld alone: a
    # double pinochle (30) and its partner's double marriage in spades (4).
    hands = {0: all_of("H"), 1: "JD JD QS QS AC AC AC AC 10C 10C 10C 10C KC KC KC KC JC JC JC JC",
             2: "AD AD AD AD 10D 10D 10D 10D KD KD KD KD QD QD QD QD JD JD QC QC",
             3: "AS AS AS AS 10S 10S 10S 10S KS KS KS KS QS QS JS JS JS JS QC QC"}
    m = play_from(hands, trump="hearts", bidder=1, high=25, scores=[480, 495])
    assert table(m).fact("meld") == [515, 30, 8, 4]
    play_out(m)
    # seats 0 & 2: 523 meld + 50 -> 1053; bidders seats 1 & 3: 34 meld >= 25 -> 529
    assert m.sheet.totals == (1053, 529)
    assert m.over and m.result().winners == (1, 3)


def test_throw_in_can_hand_the_game_to_the_other_side() -> None:
    m = play_from(SUITS, trump="hearts", bidder=1, high=25, scores=[480, 495])
    m.apply(1, "throw in")
    assert m.sheet.totals == (480 + 523, 470)
    assert m.over and m.result().winners == (0, 2)


def test_dealer_rotates_and_a_whole_game_ends() -> None:
    m = gamenight.load("pinochle", seed=8, options={"target": 150})
    dealers = [table(m).dealer]
    rng = random.Random(8)
    from gamenight.bots import make_bot
    bot = make_bot("pinochle")
    while not m.over:
        s = m.to_act()[0]
        rows = len(m.sheet.rows)
        m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
        if len(m.sheet.rows) != rows and not m.over:
            dealers.append(table(m).dealer)
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
    """The clause and the specific reason a move is refused (the match unchanged)."""
    e = refusal_of(m, seat, action)
    return e.clause_id, e.detail


def test_auction_refusals_say_why() -> None:
    m = start(dealer=3)
    assert refusal(m, 0, "bid 24") == ("pinochle.bid.minimum", "the lowest bid is 25")
    assert refusal(m, 0, "bid AH") == ("pinochle.bid.higher", "bid a number of points, or pass")
    m.apply(0, "bid 48")
    assert refusal(m, 1, "bid 48") == ("pinochle.bid.higher", "the bid stands at 48: bid more or pass")
    assert refusal(m, 1, "bid 53") == ("pinochle.bid.steps", "above 50 bids go up by 5s, and 53 is not a multiple of 5")
    m.apply(1, "pass")
    m.apply(2, "pass")
    m.apply(3, "pass")
    assert table(m).phase == Phase.ASK
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
    m = start(dealer=3, hands={0: "AH AH 10H KH QH JH",
                               2: "KH QH JH 10H AC AS 10C 10C KC QC JC JC 10D 10D KD QD JD JD 10S KS"})
    win_bid(m, 0)
    m.apply(0, "ask hearts")
    assert refusal(m, 2, "give AC KH QH") == ("pinochle.pass.give", "hearts were asked for and you hold 4: pass 3 "
                                                                     "of them")
    assert refusal(m, 2, "give KH QH") == ("pinochle.pass.give", "pass exactly three cards to your "
                                                                  "partner")
    assert refusal(m, 2, "give KH KH QH") == ("tricks.from-hand", "you hold only 1 KH")
    assert refusal(m, 2, "give AH KH QH") == ("tricks.from-hand", "you do not hold AH")
    m.apply(2, "give KH QH JH")
    assert refusal(m, 0, "give AH AH AH") == ("tricks.from-hand", "you hold only 2 AH")


def test_play_refusals_say_why() -> None:
    # seat 1's only clubs are the AC and JC; seats 2 and 3 have none
    m = play_from(whole_hands({0: "KC", 1: "AC JC AH", 2: "KS JS AH", 3: "QS AD"}, only={1: "DHS", 2: "DHS", 3: "DHS"}),
                  trump="spades")
    m.apply(0, "play KC")
    assert refusal(m, 1, "play AH") == ("pinochle.play.follow", "clubs were led and you hold 2 of them")
    assert refusal(m, 1, "play JC") == ("pinochle.play.crawl", "you can beat KC, so you must")
    m.apply(1, "play AC")
    assert refusal(m, 2, "play AH") == ("pinochle.play.must-trump", "you have no clubs, so you must trump")
    m.apply(2, "play JS")
    assert refusal(m, 3, "play AD") == ("pinochle.play.must-trump", "you have no clubs, so you must trump")
    m = play_from(OVER_TRUMP, trump="spades")
    m.apply(0, "play KC")
    m.apply(1, "play KS")
    assert refusal(m, 2, "play JS") == ("pinochle.play.over-trump", "you can beat the trump KS, so you must")
    assert refusal(m, 2, "play 10S") == ("tricks.from-hand", "you do not hold 10S")


def test_a_hand_lists_every_physical_card_and_the_moves_list_a_face_once() -> None:
    # seat 0 has no meld: its whole hand is in its hand zone
    m = play_from(whole_hands({0: "AH AH AH AH 10H 10H 10H 10H JH JH JH JH AC AC AC AC 10C 10C 10C 10C"}),
                  trump="spades")
    assert m.view(0).hand == ("AH",) * 4 + ("10H",) * 4 + ("JH",) * 4 + ("AC",) * 4 + ("10C",) * 4  # as held
    assert sorted(str(a) for a in m.legal_actions(0) if a.verb == "play") == [
        "play 10C", "play 10H", "play AC", "play AH", "play JH"]
    m.apply(0, "play AH")
    assert Counter(m.view(0).hand) == Counter({"10C": 4, "AC": 4, "10H": 4, "JH": 4, "AH": 3})
    assert [(e.text, e.seats) for e in m.events(1) if e.kind == "play"] == [("{0} plays AH", (0,))]


def test_throw_in_refusals_and_events() -> None:
    m = play_from(SUITS, trump="hearts", bidder=0, high=50, throw_in=False)
    assert refusal(m, 0, "throw in") == ("pinochle.score.no-throw-in", "this table plays every hand out")
    m = play_from(SUITS, trump="hearts", bidder=0, high=50)
    m.apply(0, "throw in")
    summary = [(e.text, e.seats) for e in m.events(None) if e.kind == "summary"]
    assert summary == [("{0} throws in the hand: {0} and {1} lose their bid of 50; {2} and {3} add their meld of 16",
                        (0, 2, 1, 3))]


def test_meld_is_shown_to_everyone_with_its_names_and_points() -> None:
    m = start(dealer=3, hands={0: "KS QS JD AC AD AH AS"})
    win_bid(m, 0)
    m.apply(0, "ask spades")
    given = m.legal_actions(2)[0]
    m.apply(2, given)
    m.apply(0, given)  # the same three straight back: seat 0 keeps the hand it was dealt
    melds = find_melds(cards(" ".join(m.view(0).hand)), S)
    m.apply(0, "trump spades")
    shown = next(z for z in table(m).zones if z.name == "meld" and z.owner == 0).pieces
    for viewer in (1, 3, None):
        meld = next(e for e in m.events(viewer) if e.kind == "meld" and e.seats == (0,))
        parts = ", ".join(f"{x.name} {x.points}" for x in melds)
        assert meld.text == f"{{0}} melds {m.view(viewer).fact('meld')[0]}: {parts}"
        assert Counter(meld.pieces) == Counter(shown)
    play_out(m)
    assert "[pinochle.meld.aces]" in " ".join(m.sheet.rows[-1].notes)
