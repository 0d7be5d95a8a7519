"""Saskatchewan Rummy (rulebook 000): even hands by removing 2s/3s, the five paying trick
rounds (5¢ a trick, 5¢ a heart, 10¢ a queen, 25¢ the king of clubs, 50¢ the last trick),
PayDay's sevens layout with its 5¢ passes, and the pay-out: half the pot to the first
out, the rest divided by the second and third."""

from __future__ import annotations

import random

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.bots import RandomBot, make_bot
from gamenight.engine.view import FactKind, ZoneKind
from gamenight.families.stops import Layout
from gamenight.games.saskatchewan_rummy import Phase, removed_cards, round_payments, split

GAME = "saskatchewan_rummy"


def names(cs) -> list[str]:
    return [str(c) for c in cs]


def trick_round(m, round_no: int, hands: dict[int, str], leader: int) -> None:
    """Jump to ``round_no`` (1..5) with the given hands, ``leader`` to lead."""
    st = m.state
    st.round_no = round_no - 1
    m.game._deal(st)
    st.hands = [cards(hands.get(s, "")) for s in range(st.players)]
    st.leader = st.turn = leader


def payday(m, hands: dict[int, str], first: int, pot: int = 0, also: str = "") -> None:
    """Jump to PayDay with the given hands; the layout knows only these cards (and ``also``,
    cards in play that nobody holds)."""
    st = m.state
    st.round_no = 5
    m.game._deal(st)
    st.hands = [cards(hands.get(s, "")) for s in range(st.players)]
    st.layout = Layout.new(m.game.layout_rules(st), [c for h in st.hands for c in h] + cards(also))
    st.turn = first
    st.pot = pot


def play_out(m, seq: list[tuple[int, str]]) -> None:
    for seat, text in seq:
        assert m.to_act() == (seat,), f"expected seat {seat} to act, got {m.to_act()}"
        m.apply(seat, text)


# --- players and cards ---------------------------------------------------------------------------
def test_all_cards_dealt_in_equal_hands_removing_twos_then_threes():
    for players, gone in ((3, "2C"), (4, ""), (5, "2C 2D"), (6, "2C 2D 2H 2S"), (7, "2C 2D 2H"),
                          (8, "2C 2D 2H 2S"), (9, "2C 3C 2D 3D 2H 3H 2S"), (10, "2C 2D"),
                          (11, "2C 3C 2D 3D 2H 3H 2S 3S"), (12, "2C 2D 2H 2S"), (13, "")):
        m = gamenight.load(GAME, players=players, seed=players)
        st = m.state
        assert names(st.removed) == gone.split()
        sizes = {len(h) for h in st.hands}
        assert sizes == {(52 - len(st.removed)) // players}
        assert list(m.view(0).pieces("removed")) == gone.split()
    assert names(removed_cards(5, "threes-first", "in-order", random.Random(1))) == ["3C", "3D"]


def test_random_removal_is_face_down():
    m = gamenight.load(GAME, players=5, seed=3, options={"strip_suits": "random"})
    st = m.state
    assert len(st.removed) == 2 and all(c & 15 == 2 for c in st.removed)
    zone = next(z for z in m.game.zones(st) if z.name == "removed")
    assert zone.visible_to == frozenset()
    assert m.view(0).zone("removed").hidden == 2 and m.view(0).pieces("removed") == ()


def test_left_of_dealer_leads_aces_high_no_trump_must_follow():
    m = gamenight.load(GAME, players=4, seed=2)
    st = m.state
    assert m.to_act() == ((st.dealer + 1) % 4,) and st.trump is None
    trick_round(m, 1, {0: "KH 2C", 1: "AH 3C", 2: "2H 4C", 3: "5S 5C"}, leader=0)
    m.apply(0, "play KH")
    with pytest.raises(IllegalAction) as e:
        m.apply(1, "play 3C")
    assert e.value.clause_id == "tricks.follow-suit"
    play_out(m, [(1, "play AH"), (2, "play 2H"), (3, "play 5S")])
    assert st.tricks_won[1] == 1 and m.to_act() == (1,)


# --- the five paying rounds --------------------------------------------------------------------------
def test_round_payments_as_the_book_prices_them():
    taken = [cards("QH QS KC 2H"), cards("3H QD"), [], cards("4D")]
    won = [2, 1, 0, 1]
    assert round_payments(1, taken, won, 0) == [10, 5, 0, 5]      # 5¢ a trick
    assert round_payments(2, taken, won, 0) == [10, 5, 0, 0]      # 5¢ a heart
    assert round_payments(3, taken, won, 0) == [20, 10, 0, 0]     # 10¢ a queen
    assert round_payments(4, taken, won, 0) == [25, 0, 0, 0]      # K♣ 25¢
    assert round_payments(5, taken, won, 3) == [0, 0, 0, 50]      # last trick 50¢


def test_paying_rounds_fill_the_pot_and_the_sheet():
    m = gamenight.load(GAME, players=3, seed=4)
    st = m.state
    trick_round(m, 4, {0: "KC 2D", 1: "AC 3D", 2: "5C 4D"}, leader=0)
    play_out(m, [(0, "play KC"), (1, "play AC"), (2, "play 5C"), (1, "play 3D"), (2, "play 4D"), (0, "play 2D")])
    row = st.sheet.rows[-1]
    assert row.points == (0, -25, 0) and st.pot == 25
    assert any("[saskatchewan_rummy.round.king-of-clubs]" in n for n in row.notes)
    assert st.round_no == 5
    trick_round(m, 5, {0: "9S 2D", 1: "10S 3D", 2: "JS 4D"}, leader=0)
    play_out(m, [(0, "play 9S"), (1, "play 10S"), (2, "play JS"), (2, "play 4D"), (0, "play 2D"), (1, "play 3D")])
    assert st.sheet.rows[-1].points == (0, 0, -50) and st.pot == 75  # only the last trick pays
    assert st.phase == Phase.PAYDAY


# --- PayDay ---------------------------------------------------------------------------------------------
def test_payday_opens_with_a_seven_and_cannot_play_pays_five_cents():
    m = gamenight.load(GAME, players=3, seed=5)
    st = m.state
    payday(m, {0: "2C 9D", 1: "7H 8H", 2: "6H 9H"}, first=0, pot=100, also="7C 7D")
    assert [str(a) for a in m.legal_actions(0)] == ["pass"]
    m.apply(0, "pass")
    assert st.pot == 105 and st.paid[0] == 5
    with pytest.raises(IllegalAction) as e:
        m.apply(1, "play 8H")
    assert (e.value.clause_id, e.value.detail) == ("saskatchewan_rummy.payday.open", "PayDay opens with a 7")
    m.apply(1, "play 7H")
    assert [str(a) for a in m.legal_actions(2)] == ["play 6H"]
    with pytest.raises(IllegalAction) as e:
        m.apply(2, "play 9H")
    assert (e.value.clause_id, e.value.detail) == ("stops.build", "9H does not go next to the 7H")
    with pytest.raises(IllegalAction) as e:
        m.apply(2, "pass")
    assert (e.value.clause_id, e.value.detail) == ("saskatchewan_rummy.payday.must-play", "you can lay 6H")
    layout = m.view(None).zone("layout")
    assert layout.kind is ZoneKind.LAYOUT and layout.pieces == ("7H",) and layout.at == ("hearts",)
    events = [(e.text, e.seats) for e in m.events(None) if e.kind in ("payment", "play")]
    assert events == [("{0} passes and pays 5¢ into the pot", (0,)), ("{0} lays 7H", (1,))]


def test_opening_pass_free_option_and_may_pass_option():
    m = gamenight.load(GAME, players=3, seed=5, options={"pay_opening_pass": False, "may_pass_when_able": True})
    st = m.state
    payday(m, {0: "2C", 1: "7H 8H", 2: "6H"}, first=0, also="7C")
    m.apply(0, "pass")                       # no 7 for the opening: free under this option
    assert st.pot == 0
    m.apply(1, "play 7H")
    assert "pass" in [str(a) for a in m.legal_actions(2)]
    m.apply(2, "pass")                       # able to play, passes anyway and pays
    assert st.pot == 5


def test_another_seven_and_aces_on_kings():
    m = gamenight.load(GAME, players=3, seed=6)
    payday(m, {0: "7H KH 7C", 1: "AH QH", 2: "8H 9H 10H JH"}, first=0)
    m.state.layout.play(cards("7H")[0])
    m.state.hands[0].remove(cards("7H")[0])
    for c in cards("8H 9H 10H JH QH KH"):
        m.state.layout.play(c)
    m.state.hands = [cards("7C"), cards("AH"), cards("2S")]
    assert [str(a) for a in m.legal_actions(0)] == ["play 7C"]
    m.apply(0, "play 7C")
    assert [str(a) for a in m.legal_actions(1)] == ["play AH"]


def test_missing_three_is_skipped():
    m = gamenight.load(GAME, players=5, seed=7, options={"strip_order": "threes-first"})
    st = m.state
    assert names(st.removed) == ["3C", "3D"]
    st.round_no = 5
    m.game._deal(st)
    lay = st.layout
    for c in cards("7C 6C 5C 4C"):
        lay.play(c)
    assert lay.can_play(cards("2C")[0])
    blocked = gamenight.load(GAME, players=5, seed=7, options={"strip_order": "threes-first", "gap": "block"})
    bst = blocked.state
    bst.round_no = 5
    blocked.game._deal(bst)
    for c in cards("7C 6C 5C 4C"):
        bst.layout.play(c)
    assert not bst.layout.can_play(cards("2C")[0])


def test_first_out_takes_half_second_and_third_divide_the_rest():
    m = gamenight.load(GAME, players=4, seed=8)
    st = m.state
    payday(m, {0: "7H", 1: "8H 5H", 2: "6H 9H", 3: "10H 4H"}, first=0, pot=200)
    m.apply(0, "play 7H")                    # seat 0 is out first: half of the 200 now
    assert st.out == [0] and st.first_take == 100 and st.pot == 100
    play_out(m, [(1, "play 8H"), (2, "play 6H")])
    assert [str(a) for a in m.legal_actions(3)] == ["pass"]
    m.apply(3, "pass")                       # cannot play: 5 cents into the pot
    assert st.pot == 105
    play_out(m, [(1, "play 5H"), (2, "play 9H")])   # second and third out: PayDay ends
    assert st.over and st.out == [0, 1, 2]
    row = st.sheet.rows[-1]
    # the remaining 105 cents are divided, the odd cent to the earlier finisher
    assert row.points == (100, 53, 52, -5)
    assert any("[saskatchewan_rummy.win.first]" in n for n in row.notes)
    assert any("[saskatchewan_rummy.win.rest]" in n for n in row.notes)
    assert any("[saskatchewan_rummy.win.odd-cent]" in n for n in row.notes)


def test_odd_cents_and_half_at_end_option():
    assert split(235, True) == (118, 117) and split(235, False) == (117, 118)
    m = gamenight.load(GAME, players=3, seed=9, options={"first_share": "at-end"})
    st = m.state
    payday(m, {0: "7H", 1: "8H 2C", 2: "6H"}, first=0, pot=100)
    m.apply(0, "play 7H")
    assert st.first_take is None and st.pot == 100
    play_out(m, [(1, "play 8H"), (2, "play 6H"), (1, "play 2C")])
    row = st.sheet.rows[-1]
    assert row.points == (50, 25, 25) and st.over
    assert any("[saskatchewan_rummy.win.first-at-end]" in n for n in row.notes)


def test_blocked_gap_ends_payday_when_nobody_can_play():
    m = gamenight.load(GAME, players=3, seed=10, options={"gap": "block"})
    st = m.state
    payday(m, {0: "7H", 1: "8H", 2: "2H"}, first=0, pot=100)
    st.layout = Layout.new(m.game.layout_rules(st), cards("7H 8H 2H"))
    play_out(m, [(0, "play 7H"), (1, "play 8H")])
    assert st.over
    row = st.sheet.rows[-1]
    assert row.points == (50, 50, 0)
    assert any("[saskatchewan_rummy.win.blocked]" in n for n in row.notes)


def test_whole_match_six_rounds_net_sums_to_zero():
    for players in (3, 5, 8):
        m = gamenight.load(GAME, players=players, seed=20 + players)
        rng = random.Random(players)
        dealers = []
        while not m.over:
            if m.state.dealer not in dealers[-1:]:
                dealers.append(m.state.dealer)
            s = m.to_act()[0]
            m.apply(s, rng.choice(m.legal_actions(s)))
        assert [r.label.split(":")[0] for r in m.sheet.rows] == [f"round {i}" for i in range(1, 7)]
        assert sum(m.sheet.totals) == 0  # every cent paid in is paid out
        assert all((b - a) % players == 1 for a, b in zip(dealers, dealers[1:]))
        best = max(m.sheet.totals)
        assert m.result().winners == tuple(s for s in range(players) if m.sheet.totals[s] == best)


def test_a_match_of_two_games():
    m = gamenight.load(GAME, players=4, seed=3, options={"games": 2})
    rng = random.Random(3)
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    assert len(m.sheet.rows) == 12 and m.sheet.rows[6].label.startswith("game 2")


# --- the bot ----------------------------------------------------------------------------------------------
def test_bot_ducks_and_sheds_the_queen():
    m = gamenight.load(GAME, players=3, seed=11)
    trick_round(m, 3, {0: "KD", 1: "QS 2S 9C", 2: "3D"}, leader=0)
    m.apply(0, "play KD")
    bot = make_bot(GAME)
    assert str(bot.choose(m.view(1), m.legal_actions(1), random.Random(0))) == "play QS"


def test_bot_payday_frees_its_own_cards():
    m = gamenight.load(GAME, players=3, seed=12)
    payday(m, {0: "7H 6H 5H 7C", 1: "8C 9C", 2: "8H"}, first=0)
    bot = make_bot(GAME)
    assert str(bot.choose(m.view(0), m.legal_actions(0), random.Random(0))) == "play 7H"


def test_bot_beats_random_play():
    n, players = 150, 5
    share = net = 0.0
    for seed in range(n):
        seat = seed % players
        m = gamenight.load(GAME, players=players, seed=seed)
        rng = random.Random(seed + 1000)
        bots = {s: make_bot(GAME) if s == seat else RandomBot() for s in range(players)}
        while not m.over:
            s = m.to_act()[0]
            m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
        r = m.result()
        share += 1.0 / len(r.winners) if seat in r.winners else 0.0
        net += m.sheet.totals[seat]
    assert share / n >= 0.3  # a random seat wins 1 in 5
    assert net / n > 15      # and a random seat nets 0¢ on average


# --- nine to thirteen players ------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "per_hand"), [(9, 5), (13, 4)])
def test_nine_and_thirteen_players_play_whole_matches(players, per_hand):
    m = gamenight.load(GAME, players=players, seed=40 + players)
    assert {len(h) for h in m.state.hands} == {per_hand}
    rng = random.Random(players)
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    assert [r.label.split(":")[0] for r in m.sheet.rows] == [f"round {i}" for i in range(1, 7)]
    assert sum(m.sheet.totals) == 0
    assert sorted(s for g in m.result().ranking for s in g) == list(range(players))


def test_the_app_seats_three_to_thirteen():
    assert gamenight.get_game(GAME).spec.players == tuple(range(3, 14))
    with pytest.raises(ValueError):
        removed_cards(14, "twos-first", "in-order", random.Random(1))  # ten cards would have to go


# --- money: facts and events in cents ----------------------------------------------------------------------
def test_payments_are_money_facts_and_events():
    m = gamenight.load(GAME, players=3, seed=13)
    st = m.state
    trick_round(m, 2, {0: "KH 2D", 1: "AH 3D", 2: "5H 4D"}, leader=0)
    st.pot = 40
    play_out(m, [(0, "play KH"), (1, "play AH"), (2, "play 5H")])
    v = m.view(2)
    owing = next(f for f in v.facts if f.name == "owing")
    assert owing.kind is FactKind.PER_SEAT and owing.of is FactKind.MONEY and owing.value == [0, 15, 0]
    pot = next(f for f in v.facts if f.name == "pot")
    assert pot.kind is FactKind.MONEY and pot.value == 40
    assert v.fact("round") == 2 and v.fact("costs") == "each heart you take pays 5¢"
    play_out(m, [(1, "play 3D"), (2, "play 4D"), (0, "play 2D")])
    payments = [(e.text, e.seats) for e in m.events(0) if e.kind == "payment"]
    assert payments == [("{0} pays 15¢ into the pot", (1,)), ("The pot holds 55¢", ())]


def test_payday_pay_out_events_and_blocked_gap_reason():
    m = gamenight.load(GAME, players=4, seed=8)
    st = m.state
    payday(m, {0: "7H", 1: "8H 5H", 2: "6H 9H", 3: "10H 4H"}, first=0, pot=200)
    play_out(m, [(0, "play 7H"), (1, "play 8H"), (2, "play 6H"), (3, "pass"), (1, "play 5H"), (2, "play 9H")])
    payments = [(e.text, e.seats) for e in m.events(3) if e.kind == "payment"]
    assert payments == [("{0} goes out first and takes half the pot, 100¢", (0,)),
                        ("{0} passes and pays 5¢ into the pot", (3,)),
                        ("{0} and {1}, second and third out, divide 105¢: 53¢ and 52¢", (1, 2))]
    assert st.over
    blocked = gamenight.load(GAME, players=5, seed=7, options={"strip_order": "threes-first", "gap": "block"})
    bst = blocked.state
    bst.round_no = 5
    blocked.game._deal(bst)
    for c in cards("7C 6C 5C 4C"):
        bst.layout.play(c)
    bst.hands[bst.turn] = cards("2C 9H")
    with pytest.raises(IllegalAction) as e:
        blocked.apply(bst.turn, "play 2C")
    assert (e.value.clause_id, e.value.detail) == ("stops.gap.block", "2C lies beyond a card out of the game (3C, 3D "
                                                                      "are out)")
    with pytest.raises(IllegalAction) as e:
        blocked.apply(bst.turn, "play 9H")
    assert (e.value.clause_id, e.value.detail) == ("stops.build", "hearts are not started: a 7 starts a suit")
