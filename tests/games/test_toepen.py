"""Toepen (rulebook 004): the 32-card deck and its odd ranking, only the last trick counting,
knocking and folding (the book's 'three to four, fold pays three' example), the all-court
exchange and its challenge, the tens and jacks signals, chips out of play, both endings,
the rulebook, whole matches and the bot."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import cards
from gamenight.bots import RandomBot, has_heuristic, make_bot
from gamenight.core.cards import piquet_deck
from gamenight.engine.actions import Action
from gamenight.engine.view import ZoneKind
from gamenight.games.toepen import RULES, Phase, is_all_court
from gamenight.rulebook.render import build_book, render
from gamenight.testing import refusal as refusal_of
from gamenight.testing import scenario

DECK = [str(c) for c in piquet_deck()]


def deal(hands: dict[int, str], players: int = 4, dealer: int = 0, stock: str | None = None, moves=(),
         **options):
    """A match dealt ``hands`` (seats not named get the next cards of the deck); ``stock``
    lists the first cards drawn from the stock, in order. ``moves`` are played on."""
    given = {s: t.split() for s, t in hands.items()}
    top = stock.split() if stock else []
    used = {*top, *(c for h in given.values() for c in h)}
    free = [c for c in DECK if c not in used]
    for s in range(players):
        if s not in given:
            given[s], free = free[:4], free[4:]
    return scenario("toepen", players=players, dealer=dealer, options=options,
                    hands={s: " ".join(h) for s, h in given.items()}, zones={"stock": top + free}, moves=moves)


def keeps(players: int = 4, dealer: int = 0) -> list[tuple[int, str]]:
    """Everyone keeps their hand, from the dealer's left: the play begins."""
    return [((dealer + i) % players, "keep") for i in range(1, players + 1)]


def start(hands: dict[int, str], players: int = 4, dealer: int = 0, stock: str | None = None,
          play: bool = False, **options):
    """Deal known hands; the exchange is under way, or with ``play`` over (everyone kept)."""
    return deal(hands, players, dealer, stock, keeps(players, dealer) if play else (), **options)


def play_cards(m) -> None:
    """The player on turn plays their first card until the hand is over."""
    hand = m.view(None).hand_no
    while not m.over and m.view(None).hand_no == hand:
        s = m.to_act()[0]
        m.apply(s, next(a for a in m.legal_actions(s) if a.verb == "play"))


TENS = "10C 10D 10H 10S"
"""A hand that wins every trick: it holds the highest card of every suit."""


def second_hand(**options):
    """Chips for everyone (``options``); a first hand, dealer seat 0, that seat 2 wins with
    the four 10s at a stake of 1, so every other seat loses a chip; then seat 2 deals the
    second hand, everyone keeps and seat 3 is on turn."""
    m = start({2: TENS}, play=True, **options)
    play_cards(m)
    for seat, move in keeps(dealer=2):
        m.apply(seat, move)
    return m


def chips(m) -> list[int]:
    return m.view(None).fact("chips")


def refused(m, seat, action) -> str:
    return refusal_of(m, seat, action).clause_id


def refusal(m, seat, action) -> tuple[str, str]:
    """The clause and the specific reason a move is refused (the match unchanged)."""
    e = refusal_of(m, seat, action)
    return e.clause_id, e.detail


def play_trick(m, *moves: str) -> None:
    for mv in moves:
        m.apply(m.to_act()[0], mv)


def leader(m) -> int:
    """Who is on turn: after a trick, its winner."""
    return m.to_act()[0]


def trick(m) -> list[str]:
    return list(m.view(None).pieces("trick"))


# --- cards and dealing ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 8])
def test_deal_four_each_and_stock(players):
    m = gamenight.load("toepen", players=players, seed=1)
    deck = m.game.all_cards(m.state)  # the pack itself is in no zone: the views show hands and the stock
    assert len(deck) == 32 and {c & 15 for c in deck} == set(range(7, 15))
    hands = [m.view(s).hand for s in range(players)]
    assert all(len(h) == 4 for h in hands)
    assert m.view(0).zone("stock").hidden == 32 - 4 * players
    assert len({c for h in hands for c in h}) == 4 * players


def test_numbers_outrank_aces_and_faces():
    # 10, 9, 8, 7, A, K, Q, J from high to low.
    m = start({1: "JH 7C 8C 9C", 2: "AH 7D 8D 9D", 3: "10H 7S 8S 9S", 0: "KH QH JC QC"}, play=True)
    assert m.to_act() == (1, 0, 2, 3)  # seat 1 leads; anyone may knock
    play_trick(m, "play JH", "play AH", "play 10H", "play KH")
    assert leader(m) == 3
    m2 = start({1: "AS 7C 8C 9C", 2: "7S JD 8D 9D", 3: "KS 10D 8H 9H", 0: "QS 10C QC JC"}, play=True)
    play_trick(m2, "play AS", "play 7S", "play KS", "play QS")
    assert leader(m2) == 2  # the 7 beats the ace


def test_follow_suit_and_off_suit_never_wins():
    m = start({1: "JH 7C 8C 9C", 2: "AH 10S 8D 9D", 3: "7S 8S 9S 10D", 0: "KD QD JD QC"}, play=True)
    m.apply(1, "play JH")
    assert refused(m, 2, "play 10S") == "tricks.follow-suit"
    m.apply(2, "play AH")
    m.apply(3, "play 10D")  # cannot follow: any card, but it cannot win
    m.apply(0, "play KD")
    assert leader(m) == 2
    assert refused(m, 2, "play 7S") == "tricks.from-hand"


def test_only_the_last_trick_counts_and_the_winner_deals():
    m = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S", 3: "8C 8D 8H 8S", 0: "9C 9D 9H 9S"}, play=True)
    play_trick(m, "play 10C", "play 7C", "play 8C", "play 9C")
    play_trick(m, "play 10D", "play 7D", "play 8D", "play 9D")
    play_trick(m, "play 10H", "play 7H", "play 8H", "play 9H")
    assert [e.seats for e in m.events(None) if e.kind == "trick"] == [(1,)] * 3
    play_trick(m, "play 7S", "play 10S", "play 8S", "play 9S")
    row = m.sheet.rows[-1]
    assert row.points == (-1, -1, 0, -1)  # seat 2 won only the last trick, and the hand
    assert any("[toepen.last-trick]" in n for n in row.notes)
    assert any("[toepen.out-of-play]" in n for n in row.notes)
    assert sum(chips(m)) == 40 - 3  # lost chips leave the game
    assert m.view(None).dealer == 2


# --- knocking and folding ------------------------------------------------------------------
def test_knock_raises_by_one_and_fold_pays_the_old_value():
    """The book: the first knock raises one to two, the second two to three; a knock from three
    to four makes a folding player pay three."""
    m = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S", 3: "8C 8D 8H 8S", 0: "9C 9D 9H 9S"}, play=True)
    m.apply(1, "knock")
    assert m.view(None).phase == Phase.RESPOND and m.to_act() == (2, 3, 0)  # everyone else answers at once
    assert m.view(3).fact("raised") == 2 and m.view(3).fact("knocker") == 1
    for s in (2, 3, 0):
        m.apply(s, "stay")
    assert m.view(None).fact("stake") == 2
    m.apply(1, "play 10C")
    m.apply(2, "knock")
    for s in (3, 0, 1):
        m.apply(s, "stay")
    assert m.view(None).fact("stake") == 3
    m.apply(2, "play 7C")
    m.apply(3, "knock")
    m.apply(0, "fold")
    assert chips(m)[0] == 10 - 3
    assert m.view(0).hand == () and 0 not in m.to_act()
    assert m.view(1).fact("folded") == [0]
    assert len(m.view(0).pieces("folded")) == 4 and m.view(1).zone("folded").hidden == 4  # face down
    m.apply(1, "stay")
    m.apply(2, "stay")
    assert m.view(None).fact("stake") == 4
    m.apply(3, "play 8C")
    assert leader(m) == 1  # 10C wins; seat 0 no longer plays
    play_trick(m, "play 10D", "play 7D", "play 8D")
    play_trick(m, "play 10H", "play 7H", "play 8H")
    play_trick(m, "play 7S", "play 10S", "play 8S")
    row = m.sheet.rows[-1]
    assert row.points == (-3, -4, 0, -4)  # seat 2's 10S takes the last trick
    assert any("folded and paid 3 (the hand was worth 3)" in n for n in row.notes)


def test_all_fold_knocker_wins_and_deals():
    m = start({1: "10C 10D 10H 7S"}, play=True)
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "fold")
    row = m.sheet.rows[-1]
    assert row.points == (-1, 0, -1, -1)
    assert any("[toepen.all-fold]" in n for n in row.notes)
    assert m.view(None).dealer == 1 and m.view(None).hand_no == 2


def test_folding_withdraws_a_card_already_in_the_trick():
    m = start({1: "JH 7C 8C 9C", 2: "AH 7D 8D 9D", 3: "10H 7S 8S 9S", 0: "KH QH JC QC"}, play=True)
    m.apply(1, "play JH")
    m.apply(2, "play AH")
    m.apply(3, "knock")
    m.apply(0, "stay")
    m.apply(1, "stay")
    m.apply(2, "fold")
    assert trick(m) == ["JH"]
    assert m.view(None).pieces("withdrawn") == ("AH",)
    m.apply(3, "play 10H")
    m.apply(0, "play KH")
    assert leader(m) == 3 and trick(m) == []


LAST_TRICK = {1: "10H 10D 10S 7C", 2: "8C 7H 7D 7S", 3: "9C 8H 8D 8S", 0: "10C 9H 9D 9S"}
"""Seat 1 leads and wins the first three tricks with its 10s; each seat keeps one club for the
last trick: seat 1 the 7, seat 2 the 8, seat 3 the 9 and seat 0 the 10."""


def last_trick(**options):
    m = start(LAST_TRICK, play=True, **options)
    for suit in "HDS":
        play_trick(m, f"play 10{suit}", f"play 7{suit}", f"play 8{suit}", f"play 9{suit}")
    assert [m.view(s).hand for s in (1, 2, 3, 0)] == [("7C",), ("8C",), ("9C",), ("10C",)]
    return m


def test_fold_with_an_empty_hand():
    m = last_trick()
    m.apply(1, "play 7C")
    m.apply(2, "play 8C")
    m.apply(3, "knock")
    m.apply(0, "stay")
    assert m.legal_actions(1) == [Action("fold"), Action("stay")]  # calling out 'fold' with no cards
    m.apply(1, "fold")
    m.apply(2, "stay")
    assert trick(m) == ["8C"]
    m.apply(3, "play 9C")
    m.apply(0, "play 10C")
    assert m.sheet.rows[-1].points == (0, -1, -2, -2)


def test_cannot_knock_above_your_chips_but_may_stay_uncovered():
    m = second_hand(chips=2)
    assert chips(m) == [1, 1, 2, 1] and m.to_act()[0] == 3
    assert Action("knock") not in m.legal_actions(3)
    assert refused(m, 3, "knock") == "toepen.knock.cover"
    m.apply(3, next(a for a in m.legal_actions(3) if a.verb == "play"))
    m.apply(2, "knock")
    m.apply(3, "stay")  # worth 2, seat 3 holds 1 chip: staying is allowed
    m.apply(0, "fold")
    m.apply(1, "fold")
    assert chips(m)[1] == 0
    assert m.view(None).fact("stake") == 2


def test_knocking_again_and_the_no_double_knock_option():
    m = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S"}, play=True)
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "stay")
    assert Action("knock") in m.legal_actions(1)  # the book allows knocking again at once
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "stay")
    assert m.view(None).fact("stake") == 3
    strict = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S"}, play=True, no_double_knock=True)
    strict.apply(1, "knock")
    for s in (2, 3, 0):
        strict.apply(s, "stay")
    assert refusal(strict, 1, "knock") == ("toepen.knock.twice", "you knocked last: someone else must knock first")
    assert 1 in strict.to_act() and Action("knock") not in strict.legal_actions(1)
    strict.apply(2, "knock")  # someone else knocked in between (out of turn): seat 1 may knock again
    for s in (3, 0, 1):
        strict.apply(s, "stay")
    assert Action("knock") in strict.legal_actions(1)


# --- the exchange and the challenge ----------------------------------------------------------
def test_exchange_unchallenged_keeps_the_discard_secret():
    m = start({1: "AS KS QS JS"}, stock="7H 8H 9H 10H")
    assert m.view(None).phase == Phase.EXCHANGE and m.to_act() == (1,)
    m.apply(1, "exchange")
    assert sorted(m.view(1).hand) == sorted(["7H", "8H", "9H", "10H"])
    assert m.to_act() == (2,) and m.view(None).phase == Phase.CHALLENGE
    for s in (2, 3, 0):
        m.apply(s, "pass")
    ex = m.view(2).zone("discard")
    assert ex.owner == 1 and ex.pieces == () and ex.hidden == 4
    assert sorted(m.view(1).pieces("discard")) == ["AS", "JS", "KS", "QS"]
    # the discarder alone sees what went and what came; the others learn that four cards were swapped
    mine = next(e for e in m.events(1) if e.kind == "exchange")
    assert mine.text == "{0} discards JS QS KS AS face down and draws 7H 8H 9H 10H"
    theirs = next(e for e in m.events(2) if e.kind == "exchange")
    assert theirs.text == "{0} discards their hand face down and draws four new cards" and theirs.pieces == ()
    # the next player is asked; an exchange may not be repeated by default
    assert m.view(None).phase == "exchange" and m.to_act() == (2,)


def test_wrong_challenge_costs_the_challenger():
    m = start({1: "AS KS QS JS"})
    m.apply(1, "exchange")
    m.apply(2, "pass")
    m.apply(3, "challenge")
    assert chips(m) == [10, 10, 10, 9]
    assert sorted(m.view(0).pieces("discard")) == ["AS", "JS", "KS", "QS"]  # exposed to all
    challenge = [e for e in m.events(0) if e.kind == "challenge"][-1]
    assert challenge.text == "{0} challenges {1}'s discard: JS QS KS AS, all aces and faces, so {0} loses 1"
    assert challenge.seats == (3, 1) and sorted(challenge.pieces) == ["AS", "JS", "KS", "QS"]
    assert m.view(None).phase == Phase.EXCHANGE
    for s in (2, 3, 0):
        m.apply(s, "keep")
    assert m.view(None).phase == Phase.PLAY
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "fold")
    row_notes = m.sheet.rows[-1].notes
    assert any("[toepen.challenge.wrong]" in n for n in row_notes)


def test_a_bluff_caught_costs_the_discarder_who_keeps_the_new_hand():
    m = start({1: "AS KS QS 7H"}, stock="8H 9H 10H JH")
    m.apply(1, "exchange")
    m.apply(2, "challenge")
    assert chips(m) == [10, 9, 10, 10]
    assert sorted(m.view(1).hand) == sorted(["8H", "9H", "10H", "JH"])
    challenge = next(e for e in m.events(3) if e.kind == "challenge")
    assert challenge.seats == (2, 1) and "holds a number card, so {1} loses 1" in challenge.text


def test_no_exchange_once_the_stock_is_exhausted():
    m = gamenight.load("toepen", players=8, seed=2)
    assert m.view(None).phase == "play" and m.view(None).zone("stock").hidden == 0
    seven = start({1: "AS KS QS JS", 2: "AH KH QH JH"}, players=7)
    assert seven.view(None).zone("stock").hidden == 4
    seven.apply(1, "exchange")
    for s in (2, 3, 4, 5, 6, 0):
        seven.apply(s, "pass")
    assert seven.view(None).phase == "play"  # seat 2 is not asked: fewer than four cards remain


def test_referee_checked_exchange_option():
    m = start({1: "AS KS QS 7H", 2: "AH KH QH JH"}, bluff_exchange=False)
    assert m.legal_actions(1) == [Action("keep")]
    assert refused(m, 1, "exchange") == "toepen.exchange.only-court"
    m.apply(1, "keep")
    m.apply(2, "exchange")
    assert m.view(None).phase == "exchange" and m.to_act() == (3,)  # nothing to challenge


def test_more_exchanges_option():
    m = start({1: "AS KS QS JS"}, stock="AH KH QH JH 7C 8C 9C 10C", max_exchanges=2)
    m.apply(1, "exchange")
    for s in (2, 3, 0):
        m.apply(s, "pass")
    assert m.to_act() == (1,) and m.view(None).phase == "exchange"
    m.apply(1, "exchange")
    for s in (2, 3, 0):
        m.apply(s, "pass")
    assert sorted(m.view(1).hand) == sorted(["7C", "8C", "9C", "10C"])
    assert m.to_act() == (2,)


def test_all_court():
    assert is_all_court(cards("AS KD QH JC")) and not is_all_court(cards("AS KD QH 7C"))


# --- declarations ---------------------------------------------------------------------------
def test_tens_must_be_announced_and_jacks_may_pretend():
    m = start({1: "10C 10D 10H 10S", 2: "AC 7C 8C 9C", 3: "JC JD JH 7S"}, play=True)
    assert m.view(0).fact("signals") == ["", "stands up", "", ""]
    m2 = start({1: "10C 10D 10H 7S", 3: "JC JD JH 8S"}, play=True)
    assert m2.view(0).fact("signals") == ["", "whistles", "", ""]
    m2.apply(1, "play 7S")
    m2.apply(2, m2.legal_actions(2)[0])
    assert Action("whistle") in m2.legal_actions(3) and Action("stand") not in m2.legal_actions(3)
    m2.apply(3, "whistle")
    assert m2.view(0).fact("signals") == ["", "whistles", "", "whistles"]
    assert Action("whistle") not in m2.legal_actions(3)
    quiet = start({3: "JC JD JH 8S"}, play=True, jack_bluff=False)
    quiet.apply(1, quiet.legal_actions(1)[0])
    quiet.apply(2, quiet.legal_actions(2)[0])
    assert all(a.verb == "play" or a.verb == "knock" for a in quiet.legal_actions(3))


# --- the end of the game ----------------------------------------------------------------------
def test_first_out_loses():
    m = start({1: TENS}, play=True, chips=2)
    m.apply(1, "knock")
    m.apply(2, "fold")
    m.apply(3, "fold")
    m.apply(0, "stay")
    assert chips(m) == [2, 2, 1, 1]
    play_cards(m)  # seat 1's 10s take every trick: seat 0 pays the stake of 2, its last chips
    assert m.over
    r = m.result()
    assert r.ranking == ((1, 2, 3), (0,)) and r.winners == (1, 2, 3)


def test_first_out_is_checked_when_the_hand_ends():
    """toepen.end.first-out: a wrong challenge that costs a player their last chip does not stop
    the hand; the game ends, with that player the loser, once the hand is over."""
    m = start({1: "AS KS QS JS", 0: TENS}, chips=1)  # seat 0 will win the hand: the others lose their chip
    m.apply(1, "exchange")
    m.apply(2, "challenge")
    assert chips(m)[2] == 0 and not m.over
    while m.view(None).phase == "exchange":
        m.apply(m.to_act()[0], "keep")
    assert m.view(None).phase == "play"
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, next(a for a in m.legal_actions(s) if a.verb == "play"))
    assert any("[toepen.challenge.wrong]" in n for n in m.sheet.rows[-1].notes)
    assert 2 in m.result().ranking[-1] and 2 not in m.result().winners


def test_last_standing_drops_players_out():
    m = start({2: TENS}, play=True, chips=2, end="last_standing")
    m.apply(2, "knock")
    m.apply(3, "stay")
    m.apply(0, "stay")
    m.apply(1, "fold")
    play_cards(m)  # seat 2's 10s take every trick: seats 3 and 0 pay the stake of 2, their last chips
    assert not m.over
    assert chips(m) == [0, 1, 2, 0]
    assert m.view(None).fact("out") == [0, 3]
    assert {z.owner for z in m.view(None).zones if z.kind is ZoneKind.HAND} == {1, 2}  # nothing dealt to 0 or 3
    assert m.view(0).hand == () and m.view(3).hand == ()
    while m.view(None).phase != "play":
        m.apply(m.to_act()[0], "keep")
    assert m.to_act()[0] == 1
    m.apply(2, "knock")
    m.apply(1, "fold")
    assert m.over
    assert m.result().ranking == ((2,), (1,), (0, 3))


# --- the rulebook, whole matches, the bot ----------------------------------------------------
def book_text(options=None) -> str:
    spec = gamenight.get_game("toepen").spec
    book = build_book(spec, options)
    return " ".join(line.text for _, lines in book.sections for line in lines)


def test_every_clause_renders_and_options_change_the_book():
    spec = gamenight.get_game("toepen").spec
    assert render(spec).strip()
    text = book_text()
    assert "10, 9, 8, 7, A, K, Q, J" in text and "pay the prior value" in text
    assert "runs out of chips" in text and "last player with any chips" not in text
    house = book_text(gamenight.load("toepen", options={"end": "last_standing", "chips": 15}, seed=1).options)
    assert "last player with any chips wins" in house and "15 tokens" in house
    ids = {c.id for c in RULES}
    for must in ("toepen.exchange", "toepen.challenge.right", "toepen.challenge.wrong", "toepen.exchange.stock",
                 "toepen.declare.tens", "toepen.declare.jacks", "toepen.knock", "toepen.fold.pay",
                 "toepen.all-fold", "toepen.knock.cover", "toepen.stay.uncovered", "toepen.deal.winner"):
        assert must in ids


def run_match(seed: int, heuristic: set[int], players: int = 4, **options):
    m = gamenight.load("toepen", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    bots = {s: make_bot("toepen") if s in heuristic else RandomBot() for s in range(players)}
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
    return m


@pytest.mark.parametrize("players", [3, 5, 8])
def test_whole_bot_matches_end_and_replay(players):
    m = run_match(7, set(range(players)), players=players)
    assert m.over and min(chips(m)) == 0
    again = gamenight.restore(json.loads(m.to_json()))
    assert again.sheet.to_dict() == m.sheet.to_dict()


def decide(m, seat):
    return make_bot("toepen").choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_bot_decisions():
    assert has_heuristic("toepen")
    m = start({1: "AS KS QS JS", 2: "AH KH QH 7D"})
    assert decide(m, 1) == Action("exchange")
    m.apply(1, "keep")
    assert decide(m, 2) == Action("keep")
    # last trick, last to play, sure to win: knock
    m = last_trick()
    m.apply(1, "play 7C")
    m.apply(2, "play 8C")
    m.apply(3, "play 9C")
    assert decide(m, 0) == Action("knock")
    # a weak hand folds when the stake is high
    m = start({1: "10C 10D 10H 10S", 2: "JC QD KH JS"}, play=True)
    for _ in range(2):
        m.apply(1, "knock")
        for s in (2, 3, 0):
            m.apply(s, "stay")
    assert m.view(None).fact("stake") == 3
    m.apply(1, "knock")
    assert decide(m, 2) == Action("fold")


def test_bot_beats_random():
    n = 60
    lost = won = 0
    for seed in range(n):
        seat = seed % 4
        lost += seat in run_match(seed, {seat}).result().ranking[-1]
        won += run_match(seed, {seat}, end="last_standing").result().winners == (seat,)
    # A random seat is the loser a quarter of the time and the last one standing a quarter of the time.
    assert lost / n <= 0.08
    assert won / n >= 0.6


# --- a knock at any time ---------------------------------------------------------------------------
OPENING = {1: "JH 7C 8C 9C", 2: "AH 7D 8D 9D", 3: "10H 7S 8S 9S", 0: "KH QH JC QC"}


def test_a_player_may_knock_when_not_on_turn():
    m = start(OPENING, play=True)
    assert m.to_act()[0] == 1 and set(m.to_act()) == {0, 1, 2, 3}
    assert m.legal_actions(3) == [Action("knock"), Action("wait")]
    prompt = m.view(3).prompt
    assert prompt.text == "{0} is to play. You may knock to raise the hand to 2, or wait." and prompt.seats == (1,)
    assert m.view(1).prompt.text == "Play a card, or knock to raise the hand to 2."
    m.apply(1, "play JH")
    m.apply(3, "knock")  # seat 2 is on turn
    assert m.view(None).phase == Phase.RESPOND and m.to_act() == (0, 1, 2)
    assert m.view(2).prompt.text == "{0} knocked: the hand would be worth 2. Fold (pay 1) or stay in."
    assert refusal(m, 2, "play AH") == ("toepen.fold", "answer the knock: fold or stay")
    assert refusal(m, 3, "knock") == ("toepen.knock.when", "a knock is being answered")
    m.apply(2, "stay")
    m.apply(1, "stay")
    m.apply(0, "stay")
    assert m.view(None).phase == Phase.PLAY and m.view(None).fact("stake") == 2 and m.to_act()[0] == 2
    knocks = [(e.text, e.seats) for e in m.events(None) if e.kind in ("knock", "fold")]
    assert knocks == [("{0} knocks: the hand would be worth 2", (3,)), ("{0} stays in", (2,)),
                      ("{0} stays in", (1,)), ("{0} stays in", (0,)), ("The hand is now worth 2", ())]


def test_waiting_lets_the_moment_go_by_until_the_next_card():
    m = start(OPENING, play=True)
    m.apply(3, "wait")
    assert 3 not in m.to_act()
    assert refusal(m, 3, "knock") == ("toepen.knock", "you let this chance to knock go by: knock again once the "
                                                       "next card is played")
    assert refusal(m, 0, "play KH") == ("engine.turn", "it is seat 1's turn to play: you may knock or wait")
    assert refusal(m, 1, "wait") == ("engine.turn", "it is your turn: play a card (or knock)")
    m.apply(1, "play JH")  # the player on turn never waits for the others
    assert 3 in m.to_act() and Action("knock") in m.legal_actions(3)


def test_a_player_who_played_their_last_card_may_still_knock():
    m = last_trick()
    m.apply(1, "play 7C")
    assert m.view(1).hand == () and m.legal_actions(1) == [Action("knock"), Action("wait")]
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "stay")
    assert m.view(None).fact("stake") == 2 and m.to_act()[0] == 2


def test_the_player_on_turn_may_fold_to_a_knock_and_the_turn_passes_on():
    m = start(OPENING, play=True)
    m.apply(1, "play JH")
    m.apply(2, "play AH")
    m.apply(1, "knock")  # seat 3 is on turn
    m.apply(3, "fold")
    m.apply(0, "stay")
    m.apply(2, "stay")
    assert m.to_act()[0] == 0 and m.view(None).fact("folded") == [3]
    m.apply(0, "play KH")  # the trick is complete without seat 3
    assert leader(m) == 2 and trick(m) == []
    # the last player of a trick folding completes it
    m = start(OPENING, play=True)
    play_trick(m, "play JH", "play AH", "play 10H")
    m.apply(2, "knock")
    m.apply(3, "stay")
    m.apply(0, "fold")
    m.apply(1, "stay")
    assert trick(m) == [] and leader(m) == 3
    assert [e.text for e in m.events(None) if e.kind == "trick"] == ["{0} takes the trick with 10H"]


def test_refusals_for_knocks_say_why():
    m = second_hand(chips=2)
    assert chips(m)[3] == 1
    assert refusal(m, 3, "knock") == ("toepen.knock.cover", "the hand would be worth 2 and you have 1 chip")
    assert 3 in m.to_act()  # on turn: it still plays
    m.apply(2, "knock")
    m.apply(0, "fold")
    for s in (3, 1):
        m.apply(s, "stay")
    assert refusal(m, 0, "knock") == ("toepen.fold.out", "you folded: you take no further part in this hand")
    exchange = start({1: "AS KS QS JS"})
    assert refusal(exchange, 1, "knock") == ("toepen.knock.when", "knocks come once the play of the hand has begun")
    checked = start({1: "AS KS QS 7H"}, bluff_exchange=False)
    assert refusal(checked, 1, "exchange") == ("toepen.exchange.only-court", "your hand has a number card")


def test_random_playouts_with_every_seat_choosing_end():
    """Whoever is offered a knock answers (the simulator asks every seat to act): the stake can only
    rise as far as the chips allow, so hands end and so does the game."""
    from gamenight.sim.simulate import play_match
    for players in (3, 4, 8):
        for seed in range(10):
            choosers = [RandomBot().choose] * players
            match, steps = play_match("toepen", players, gamenight.load("toepen", seed=1).options, seed, choosers,
                                      random.Random(seed), step_cap=20_000)
            assert match.over and steps < 20_000
