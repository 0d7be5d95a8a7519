"""Toepen (rulebook 004): the 32-card deck and its odd ranking, only the last trick counting,
knocking and folding (the book's 'three to four, fold pays three' example), the all-court
exchange and its challenge, the tens and jacks signals, chips out of play, both endings,
the rulebook, whole matches and the bot."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.bots import RandomBot, has_heuristic, make_bot
from gamenight.core.cards import piquet_deck
from gamenight.engine.actions import Action
from gamenight.games.toepen import RULES, is_all_court
from gamenight.rulebook.render import build_book, render


def start(hands: dict[int, str], players: int = 4, dealer: int = 0, stock: str | None = None,
          play: bool = False, chips: list[int] | None = None, **options):
    """Deal known hands (others get what is left); ``stock`` lists the next cards drawn."""
    m = gamenight.load("toepen", players=players, seed=3, options=options)
    st = m.state
    hs = {s: cards(t) for s, t in hands.items()}
    top = cards(stock) if stock else []
    used = {int(c) for h in [*hs.values(), top] for c in h}
    free = [c for c in piquet_deck() if int(c) not in used]
    for s in range(players):
        if s not in hs:
            hs[s], free = free[:4], free[4:]
    st.hands = [sorted(hs[s]) for s in range(players)]
    st.stock = top + free
    st.dealer = dealer
    if chips is not None:
        st.chips = list(chips)
    st.exchange_queue = [(dealer + i) % players for i in range(1, players + 1)]
    st.exchange_count = [0] * players
    if play:
        m.game._start_play(st)
    else:
        st.phase = "exchange"
        m.game._next_exchange(st)
    return m


def refused(m, seat, action) -> str:
    before = json.dumps(m.view(None))
    with pytest.raises(IllegalAction) as e:
        m.apply(seat, action)
    assert json.dumps(m.view(None)) == before
    return e.value.clause_id


def play_trick(m, *moves: str) -> None:
    for mv in moves:
        m.apply(m.to_act()[0], mv)


# --- cards and dealing ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 8])
def test_deal_four_each_and_stock(players):
    m = gamenight.load("toepen", players=players, seed=1)
    st = m.state
    assert len(st.deck) == 32 and {c & 15 for c in st.deck} == set(range(7, 15))
    assert all(len(st.hands[s]) == 4 for s in range(players))
    assert len(st.stock) == 32 - 4 * players
    assert m.view(0)["stock_size"] == 32 - 4 * players


def test_numbers_outrank_aces_and_faces():
    # 10, 9, 8, 7, A, K, Q, J from high to low.
    m = start({1: "JH 7C 8C 9C", 2: "AH 7D 8D 9D", 3: "10H 7S 8S 9S", 0: "KH QH JC QC"}, play=True)
    assert m.to_act() == (1,)
    play_trick(m, "play JH", "play AH", "play 10H", "play KH")
    assert m.state.leader == 3
    m2 = start({1: "AS 7C 8C 9C", 2: "7S JD 8D 9D", 3: "KS 10D 8H 9H", 0: "QS 10C QC JC"}, play=True)
    play_trick(m2, "play AS", "play 7S", "play KS", "play QS")
    assert m2.state.leader == 2  # the 7 beats the ace


def test_follow_suit_and_off_suit_never_wins():
    m = start({1: "JH 7C 8C 9C", 2: "AH 10S 8D 9D", 3: "7S 8S 9S 10D", 0: "KD QD JD QC"}, play=True)
    m.apply(1, "play JH")
    assert refused(m, 2, "play 10S") == "tricks.follow-suit"
    m.apply(2, "play AH")
    m.apply(3, "play 10D")  # cannot follow: any card, but it cannot win
    m.apply(0, "play KD")
    assert m.state.leader == 2
    assert refused(m, 2, "play 7S") == "tricks.from-hand"


def test_only_the_last_trick_counts_and_the_winner_deals():
    m = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S", 3: "8C 8D 8H 8S", 0: "9C 9D 9H 9S"}, play=True)
    play_trick(m, "play 10C", "play 7C", "play 8C", "play 9C")
    play_trick(m, "play 10D", "play 7D", "play 8D", "play 9D")
    play_trick(m, "play 10H", "play 7H", "play 8H", "play 9H")
    assert m.state.tricks_won[1] == 3
    play_trick(m, "play 7S", "play 10S", "play 8S", "play 9S")
    row = m.sheet.rows[-1]
    assert row.points == (-1, -1, 0, -1)  # seat 2 won only the last trick, and the hand
    assert any("[toepen.last-trick]" in n for n in row.notes)
    assert any("[toepen.out-of-play]" in n for n in row.notes)
    assert sum(m.state.chips) == 40 - 3  # lost chips leave the game
    assert m.state.dealer == 2


# --- knocking and folding ------------------------------------------------------------------
def test_knock_raises_by_one_and_fold_pays_the_old_value():
    """The book: the first knock raises one to two, the second two to three; a knock from three
    to four makes a folding player pay three."""
    m = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S", 3: "8C 8D 8H 8S", 0: "9C 9D 9H 9S"}, play=True)
    m.apply(1, "knock")
    assert m.state.phase == "respond" and m.to_act() == (2,)
    assert m.view(3)["pending_stake"] == 2
    for s in (2, 3, 0):
        m.apply(s, "stay")
    assert m.view(None)["stake"] == 2
    m.apply(1, "play 10C")
    m.apply(2, "knock")
    for s in (3, 0, 1):
        m.apply(s, "stay")
    assert m.state.stake == 3
    m.apply(2, "play 7C")
    m.apply(3, "knock")
    m.apply(0, "fold")
    assert m.state.chips[0] == 10 - 3
    assert not m.state.active[0] and m.state.hands[0] == []
    assert m.view(1)["folded"] == [0] and "my_folded_cards" in m.view(0) and "my_folded_cards" not in m.view(1)
    m.apply(1, "stay")
    m.apply(2, "stay")
    assert m.state.stake == 4
    m.apply(3, "play 8C")
    assert m.state.leader == 1  # 10C wins; seat 0 no longer plays
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
    assert m.state.dealer == 1 and m.state.hand_no == 2


def test_folding_withdraws_a_card_already_in_the_trick():
    m = start({1: "JH 7C 8C 9C", 2: "AH 7D 8D 9D", 3: "10H 7S 8S 9S", 0: "KH QH JC QC"}, play=True)
    m.apply(1, "play JH")
    m.apply(2, "play AH")
    m.apply(3, "knock")
    m.apply(0, "stay")
    m.apply(1, "stay")
    m.apply(2, "fold")
    assert [str(c) for _, c in m.state.trick] == ["JH"]
    assert m.view(None)["withdrawn"] == ["AH"]
    m.apply(3, "play 10H")
    m.apply(0, "play KH")
    assert m.state.leader == 3 and m.state.trick == []


def test_fold_with_an_empty_hand_and_no_knock_out_of_turn():
    m = start({1: "7C", 2: "8C", 3: "9C", 0: "10C"}, play=True)
    assert refused(m, 2, "knock") == "engine.turn"
    m.apply(1, "play 7C")
    m.apply(2, "play 8C")
    m.apply(3, "knock")
    m.apply(0, "stay")
    assert m.legal_actions(1) == [Action("fold"), Action("stay")]  # calling out 'fold' with no cards
    m.apply(1, "fold")
    m.apply(2, "stay")
    assert [str(c) for _, c in m.state.trick] == ["8C"]
    m.apply(3, "play 9C")
    m.apply(0, "play 10C")
    assert m.sheet.rows[-1].points == (0, -1, -2, -2)


def test_cannot_knock_above_your_chips_but_may_stay_uncovered():
    m = start({1: "10C 10D 10H 7S"}, play=True, chips=[10, 1, 10, 1])
    assert Action("knock") not in m.legal_actions(1)
    assert refused(m, 1, "knock") == "toepen.knock.cover"
    m.apply(1, "play 10C")
    m.apply(2, "knock")
    m.apply(3, "stay")  # worth 2, seat 3 holds 1 chip: staying is allowed
    m.apply(0, "fold")
    m.apply(1, "fold")
    assert m.state.chips[1] == 0
    assert m.state.stake == 2


def test_one_knock_per_turn_and_the_no_double_knock_option():
    m = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S"}, play=True)
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "stay")
    assert refused(m, 1, "knock") == "toepen.knock"
    play_trick(m, "play 10C", "play 7C")
    m.apply(3, m.legal_actions(3)[0])
    m.apply(0, m.legal_actions(0)[0])
    assert m.to_act() == (1,) and Action("knock") in m.legal_actions(1)  # the book allows knocking again
    strict = start({1: "10C 10D 10H 7S", 2: "7C 7D 7H 10S"}, play=True, no_double_knock=True)
    strict.apply(1, "knock")
    for s in (2, 3, 0):
        strict.apply(s, "stay")
    play_trick(strict, "play 10C", "play 7C")
    strict.apply(3, strict.legal_actions(3)[0])
    strict.apply(0, strict.legal_actions(0)[0])
    assert refused(strict, 1, "knock") == "toepen.knock.twice"
    strict.apply(1, "play 10D")
    strict.apply(2, "knock")  # someone else knocked in between: seat 1 may knock again later
    for s in (3, 0, 1):
        strict.apply(s, "stay")
    strict.apply(2, "play 7D")
    strict.apply(3, strict.legal_actions(3)[0])
    strict.apply(0, strict.legal_actions(0)[0])
    assert Action("knock") in strict.legal_actions(1)


# --- the exchange and the challenge ----------------------------------------------------------
def test_exchange_unchallenged_keeps_the_discard_secret():
    m = start({1: "AS KS QS JS"}, stock="7H 8H 9H 10H")
    assert m.state.phase == "exchange" and m.to_act() == (1,)
    m.apply(1, "exchange")
    assert [str(c) for c in m.state.hands[1]] == ["7H", "8H", "9H", "10H"]
    assert m.to_act() == (2,) and m.state.phase == "challenge"
    for s in (2, 3, 0):
        m.apply(s, "pass")
    ex = m.view(2)["exchanges"][0]
    assert ex["seat"] == 1 and ex["cards"] is None
    assert sorted(m.view(1)["exchanges"][0]["cards"]) == ["AS", "JS", "KS", "QS"]
    # the next player is asked; an exchange may not be repeated by default
    assert m.state.phase == "exchange" and m.to_act() == (2,)


def test_wrong_challenge_costs_the_challenger():
    m = start({1: "AS KS QS JS"})
    m.apply(1, "exchange")
    m.apply(2, "pass")
    m.apply(3, "challenge")
    assert m.state.chips == [10, 10, 10, 9]
    assert sorted(m.view(0)["exchanges"][0]["cards"]) == ["AS", "JS", "KS", "QS"]  # exposed to all
    assert m.state.phase == "exchange"
    for s in (2, 3, 0):
        m.apply(s, "keep")
    assert m.state.phase == "play"
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "fold")
    row_notes = m.sheet.rows[-1].notes
    assert any("[toepen.challenge.wrong]" in n for n in row_notes)


def test_a_bluff_caught_costs_the_discarder_who_keeps_the_new_hand():
    m = start({1: "AS KS QS 7H"}, stock="8H 9H 10H JH")
    m.apply(1, "exchange")
    m.apply(2, "challenge")
    assert m.state.chips == [10, 9, 10, 10]
    assert [str(c) for c in m.state.hands[1]] == ["8H", "9H", "10H", "JH"]
    assert m.view(3)["exchanges"][0]["challenger"] == 2


def test_no_exchange_once_the_stock_is_exhausted():
    m = gamenight.load("toepen", players=8, seed=2)
    assert m.state.phase == "play" and len(m.state.stock) == 0
    seven = start({1: "AS KS QS JS", 2: "AH KH QH JH"}, players=7)
    assert len(seven.state.stock) == 4
    seven.apply(1, "exchange")
    for s in (2, 3, 4, 5, 6, 0):
        seven.apply(s, "pass")
    assert seven.state.phase == "play"  # seat 2 is not asked: fewer than four cards remain


def test_referee_checked_exchange_option():
    m = start({1: "AS KS QS 7H", 2: "AH KH QH JH"}, bluff_exchange=False)
    assert m.legal_actions(1) == [Action("keep")]
    assert refused(m, 1, "exchange") == "toepen.exchange.only-court"
    m.apply(1, "keep")
    m.apply(2, "exchange")
    assert m.state.phase == "exchange" and m.to_act() == (3,)  # nothing to challenge


def test_more_exchanges_option():
    m = start({1: "AS KS QS JS"}, stock="AH KH QH JH 7C 8C 9C 10C", max_exchanges=2)
    m.apply(1, "exchange")
    for s in (2, 3, 0):
        m.apply(s, "pass")
    assert m.to_act() == (1,) and m.state.phase == "exchange"
    m.apply(1, "exchange")
    for s in (2, 3, 0):
        m.apply(s, "pass")
    assert [str(c) for c in m.state.hands[1]] == ["7C", "8C", "9C", "10C"]
    assert m.to_act() == (2,)


def test_all_court():
    assert is_all_court(cards("AS KD QH JC")) and not is_all_court(cards("AS KD QH 7C"))


# --- declarations ---------------------------------------------------------------------------
def test_tens_must_be_announced_and_jacks_may_pretend():
    m = start({1: "10C 10D 10H 10S", 2: "AC 7C 8C 9C", 3: "JC JD JH 7S"}, play=True)
    assert m.view(0)["signals"] == {"1": "stands"}
    m2 = start({1: "10C 10D 10H 7S", 3: "JC JD JH 8S"}, play=True)
    assert m2.view(0)["signals"] == {"1": "whistles"}
    m2.apply(1, "play 7S")
    m2.apply(2, m2.legal_actions(2)[0])
    assert Action("whistle") in m2.legal_actions(3) and Action("stand") not in m2.legal_actions(3)
    m2.apply(3, "whistle")
    assert m2.view(0)["signals"] == {"1": "whistles", "3": "whistles"}
    assert Action("whistle") not in m2.legal_actions(3)
    quiet = start({3: "JC JD JH 8S"}, play=True, jack_bluff=False)
    quiet.apply(1, quiet.legal_actions(1)[0])
    quiet.apply(2, quiet.legal_actions(2)[0])
    assert all(a.verb == "play" or a.verb == "knock" for a in quiet.legal_actions(3))


# --- the end of the game ----------------------------------------------------------------------
def test_first_out_loses():
    m = start({1: "10C 10D 10H 7S"}, play=True, chips=[1, 10, 10, 10])
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "fold")
    assert m.over
    r = m.result()
    assert r.ranking == ((1, 2, 3), (0,)) and r.winners == (1, 2, 3)


def test_first_out_is_checked_when_the_hand_ends():
    """toepen.end.first-out: a wrong challenge that costs a player their last chip does not stop
    the hand; the game ends, with that player the loser, once the hand is over."""
    m = start({1: "AS KS QS JS", 2: "10C 10D 10H 7S"}, chips=[10, 10, 1, 10])
    m.apply(1, "exchange")
    m.apply(2, "challenge")
    assert m.state.chips[2] == 0 and not m.over
    while m.state.phase == "exchange":
        m.apply(m.to_act()[0], "keep")
    assert m.state.phase == "play"
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, next(a for a in m.legal_actions(s) if a.verb == "play"))
    assert any("[toepen.challenge.wrong]" in n for n in m.sheet.rows[-1].notes)
    assert 2 in m.result().ranking[-1] and 2 not in m.result().winners


def test_last_standing_drops_players_out():
    m = start({1: "10C 10D 10H 7S"}, play=True, chips=[1, 10, 10, 1], end="last_standing")
    m.apply(1, "knock")
    for s in (2, 3, 0):
        m.apply(s, "fold")
    assert not m.over
    st = m.state
    assert st.out == [True, False, False, True]
    assert st.hands[0] == [] and st.hands[3] == [] and not st.active[0]
    assert m.view(None)["out"] == [0, 3]
    m.state.chips = [0, 1, 10, 0]
    seat = m.to_act()[0]
    while m.state.phase != "play":
        m.apply(seat, "keep")
        seat = m.to_act()[0]
    m.apply(seat, "knock")
    m.apply(m.to_act()[0], "fold")
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
    assert m.over and min(m.state.chips) == 0
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
    m = start({1: "7C", 2: "8C", 3: "9C", 0: "10C"}, play=True)
    m.apply(1, "play 7C")
    m.apply(2, "play 8C")
    m.apply(3, "play 9C")
    assert decide(m, 0) == Action("knock")
    # a weak hand folds when the stake is high
    m = start({1: "10C 10D 10H 10S", 2: "JC QD KH JS"}, play=True)
    m.state.stake = 3
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
