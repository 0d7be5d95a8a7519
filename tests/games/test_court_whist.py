"""Court Whist (rulebook 000): the score card's seven games of four hands, their trumps and
scoring (the book's "possible" totals), Coronation's declarations, Conspiracy's turned-up
trump, Confiscation's speaking, the sit-out score of 8, partners changing each game, the
cut and the deal, and following suit."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import IllegalAction, cards
from gamenight.bots import RandomBot, make_bot
from gamenight.engine.view import ZoneKind, view_data
from gamenight.families import tricks
from gamenight.games.court_whist import (
    CHIVALRY,
    CONFISCATION,
    CONSPIRACY,
    CORONATION,
    POSSIBLE,
    PROSPERITY,
    RESTORATION,
    REVOLUTION,
    Phase,
    hand_scores,
)
from gamenight.games.court_whist.rules import CONFISCATION_CARD, CORONATION_CARD, SIT_OUT, TRUMP

GAME = "court_whist"
FULL = cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD "
             "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")


def random_match(seed: int, players: int = 4, **options):
    """Play a whole evening at random (nobody speaks); per hand at table 1: (hand_no, game, dealer,
    first to play, trump, phase, declarer, chairs, teams, sitting out, turned-up card)."""
    m = gamenight.load(GAME, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    hands = []
    while not m.over:
        st = m.state
        t = st.tables[0]
        if not t.trick and sum(len(st.hands[s]) for s in t.chairs) == 52 and (
                not hands or hands[-1][0] != (st.game_no, t.hand_in_game)):
            hands.append(((st.game_no, t.hand_in_game), st.game_no, t.dealer, t.turn, t.trump, t.phase,
                          t.declarer, list(t.chairs), t.teams, list(st.sitting_out), t.turn_up))
        if t.phase == "play" and t.trump is not None and hands and hands[-1][4] is None \
                and hands[-1][0] == (st.game_no, t.hand_in_game):
            hands[-1] = (*hands[-1][:4], t.trump, *hands[-1][5:])
        seat = rng.choice(m.to_act())
        legal = [a for a in m.legal_actions(seat) if a.verb != "speak"]
        m.apply(seat, rng.choice(legal))
    return m, hands


def play_until(m, rng, done):
    while not done(m.state):
        s = rng.choice(m.to_act())
        m.apply(s, rng.choice([a for a in m.legal_actions(s) if a.verb != "speak"]))


# --- the score card: each game's scoring and the book's possible totals ---------------------------------
TEAMS = ((0, 2), (1, 3))
TEAM_OF = {0: 0, 2: 0, 1: 1, 3: 1}
LADIES = frozenset({1, 2})  # seats 0 and 3 are men


def score(game: int, won: list[int], taken=None) -> dict[int, int]:
    return hand_scores(game, TEAM_OF, TEAMS, won, taken or [[], [], [], []], LADIES)


def test_possible_totals_per_hand_as_the_score_card_gives_them():
    assert score(CORONATION, [13, 0, 0, 0])[0] == POSSIBLE[CORONATION][1] == 13
    assert score(PROSPERITY, [7, 0, 6, 0])[2] == POSSIBLE[PROSPERITY][1] == 26
    assert score(CONSPIRACY, [13, 0, 0, 0]) == {0: 13, 1: 0, 2: 0, 3: 0}
    assert POSSIBLE[CONSPIRACY] == (13, 13)
    # Chivalry: 13 to 39 — a man taking all 13 scores 13, a lady taking all 13 scores 39
    assert score(CHIVALRY, [13, 0, 0, 0])[0] == 13 == POSSIBLE[CHIVALRY][0]
    assert score(CHIVALRY, [0, 0, 13, 0])[0] == 39 == POSSIBLE[CHIVALRY][1]
    # Revolution: each side scores the opponents' tricks
    assert score(REVOLUTION, [0, 13, 0, 0]) == {0: 13, 2: 13, 1: 0, 3: 0}
    assert POSSIBLE[REVOLUTION] == (13, 13) and POSSIBLE[CONFISCATION] == (13, 13)
    # Restoration: 13 tricks and the 12 face cards
    assert score(RESTORATION, [13, 0, 0, 0], [list(FULL), [], [], []])[0] == 25 == POSSIBLE[RESTORATION][1]


def test_ordinary_hands_of_each_game():
    won = [4, 3, 2, 4]  # seats 0&2 take 6, seats 1&3 take 7
    assert score(CORONATION, won) == {0: 6, 2: 6, 1: 7, 3: 7}
    assert score(PROSPERITY, won) == {0: 12, 2: 12, 1: 14, 3: 14}
    assert score(CONSPIRACY, won) == {0: 4, 1: 3, 2: 2, 3: 4}
    # ladies are seats 1 and 2: 2 extra for each of their tricks
    assert score(CHIVALRY, won) == {0: 6 + 4, 2: 6 + 4, 1: 7 + 6, 3: 7 + 6}
    assert score(REVOLUTION, won) == {0: 7, 2: 7, 1: 6, 3: 6}
    taken = [cards("JC QD 2S 3S"), cards("KH"), [], []]
    assert score(RESTORATION, won, taken) == {0: 6 + 2, 2: 6 + 2, 1: 7 + 1, 3: 7 + 1}


# --- the whole evening ----------------------------------------------------------------------------------------
def test_seven_games_of_four_hands_with_the_score_cards_trumps():
    m, hands = random_match(3)
    assert m.over and len(m.sheet.rows) == 28 and len(hands) == 28
    games = [h[1] for h in hands]
    assert games == [g for g in range(1, 8) for _ in range(4)]
    spades, hearts, clubs, diamonds = 3, 2, 0, 1
    for g in (PROSPERITY, CHIVALRY, CONFISCATION, RESTORATION):
        assert [h[4] for h in hands if h[1] == g] == [spades, hearts, clubs, diamonds]
    assert [h[4] for h in hands if h[1] == REVOLUTION] == [None] * 4
    for h in hands:
        if h[1] == CONSPIRACY:
            assert h[10] is not None and h[4] == h[10] >> 4  # the turned-up card's suit
    labels = [r.label for r in m.sheet.rows]
    assert labels[0] == "game 1 Coronation, hand 1" and labels[-1] == "game 7 Restoration, hand 4"
    best = max(m.sheet.totals)
    assert m.result().winners == tuple(s for s in range(4) if m.sheet.totals[s] == best)


def test_everyone_deals_once_per_game_clockwise_and_left_of_dealer_leads():
    m, hands = random_match(4)
    for g in range(1, 8):
        mine = [h for h in hands if h[1] == g]
        chairs = mine[0][7]
        dealers = [h[2] for h in mine]
        assert sorted(dealers) == sorted(chairs)
        for a, b in zip(dealers, dealers[1:]):
            assert chairs[(chairs.index(a) + 1) % 4] == b
        for h in mine:
            if h[5] == "play":
                assert h[3] == chairs[(chairs.index(h[2]) + 1) % 4]
    assert any("[court_whist.deal.cut]" in n for n in m.sheet.rows[0].notes)


def test_partners_change_each_game_one_lady_and_one_man():
    m, hands = random_match(5)
    ladies = {1, 2}
    teams = [h[8] for h in hands[::4]]
    for t in teams:
        for team in t:
            assert len(set(team) & ladies) == 1
    for a, b in zip(teams, teams[1:]):
        assert {frozenset(x) for x in a} != {frozenset(x) for x in b}
    for h in hands:
        (x1, x2), (y1, y2) = h[8]
        assert h[7] == [x1, y1, x2, y2]  # partners sit opposite
    m, hands = random_match(5, partners="fixed")
    assert len({h[8] for h in hands}) == 1
    firsts = {gamenight.load(GAME, seed=seed).state.tables[0].teams for seed in range(12)}
    assert len(firsts) == 2  # partners are selected at random (one lady, one man each)


def test_coronation_king_owners_declare_trump():
    m = gamenight.load(GAME, seed=6)
    st = m.state
    order = ["KS", "KH", "KC", "KD"]
    for k in range(4):
        assert st.game_no == CORONATION and st.tables[0].phase == Phase.DECLARE
        king = cards(order[k])[0]
        owner = next(s for s in range(4) if king in st.hands[s])
        assert m.to_act() == (owner,) and st.tables[0].declarer == owner
        other = (owner + 1) % 4
        with pytest.raises(IllegalAction) as e:
            m.apply(other, "declare hearts")
        assert e.value.clause_id == CORONATION_CARD.id  # the holder of the king names trump, nobody else
        king = ["spades", "hearts", "clubs", "diamonds"][k]
        assert e.value.detail == f"the holder of the king of {king} names trump first"
        with pytest.raises(IllegalAction) as e:
            m.apply(owner, "play " + str(st.hands[owner][0]))
        assert e.value.clause_id == TRUMP.id
        assert "trump is not named yet" in e.value.detail
        m.apply(owner, "declare diamonds")
        assert st.tables[0].trump == 1 and st.tables[0].phase == "play"
        assert m.to_act() == (st.tables[0].chairs[(st.tables[0].chairs.index(st.tables[0].dealer) + 1) % 4],)
        while st.tables[0].phase == "play" and st.tables[0].hand_in_game == k + 1:
            s = m.to_act()[0]
            m.apply(s, m.legal_actions(s)[0])
    assert st.game_no == PROSPERITY


def test_conspiracy_last_card_dealt_is_trump_shown_to_all_and_in_the_dealers_hand():
    m = gamenight.load(GAME, seed=7)
    st = m.state
    rng = random.Random(7)
    while st.game_no < CONSPIRACY:
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    up = st.tables[0].turn_up
    assert up is not None and up in st.hands[st.tables[0].dealer] and st.tables[0].trump == up >> 4
    for viewer in (*range(4), None):
        assert m.view(viewer).pieces("turn-up") == (str(up),)
    assert not m.view(None).has_fact("partner")
    assert m.view(None).fact("trump") == tricks.SUIT_WORDS[up >> 4]
    zone = next(z for z in m.game.zones(st) if z.name == "turn-up")
    assert list(zone.cards) == [up] and zone.visible_to is None and zone.owner == st.tables[0].dealer
    dealer = st.tables[0].dealer
    assert str(up) not in m.view(dealer).hand  # laid apart for all to see, though the dealer holds it
    deal = [e for e in m.events(1) if e.kind == "deal"][-1]
    assert deal.text == f"{{0}} deals and turns up {up}: {tricks.SUIT_WORDS[up >> 4]} are trump"


def test_follow_suit():
    m = gamenight.load(GAME, seed=8)
    st = m.state
    m.apply(st.tables[0].declarer, "declare spades")
    lead = m.to_act()[0]
    nxt = st.tables[0].chairs[(st.tables[0].chairs.index(lead) + 1) % 4]
    st.hands[lead] = cards("2C AH")
    st.hands[nxt] = cards("3C KS")
    m.apply(lead, "play 2C")
    assert [str(a) for a in m.legal_actions(nxt)] == ["play 3C"]
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play KS")
    assert e.value.clause_id == tricks.FOLLOW_SUIT.id
    assert e.value.detail == "clubs were led and you hold one of them"
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "play QH")
    assert e.value.clause_id == tricks.PLAY_FROM_HAND.id and e.value.detail == "you do not hold QH"
    with pytest.raises(IllegalAction) as e:
        m.apply(nxt, "speak")
    assert e.value.clause_id == CONFISCATION_CARD.id and "only in Confiscation" in e.value.detail


def test_confiscation_speaker_forfeits_three():
    m = gamenight.load(GAME, seed=9)
    st = m.state
    rng = random.Random(9)
    while st.game_no < CONFISCATION:
        s = m.to_act()[0]
        m.apply(s, rng.choice([a for a in m.legal_actions(s) if a.verb != "speak"]))
    s = m.to_act()[0]
    assert "speak" in [str(a) for a in m.legal_actions(s)]
    m.apply(s, "speak")
    m.apply(s, "speak")
    assert m.to_act() == (s,)
    while st.tables[0].hand_in_game == 1:
        t = m.to_act()[0]
        m.apply(t, next(a for a in m.legal_actions(t) if a.verb == "play"))
    row = st.sheet.rows[-1]
    team = next(t for t in st.tables[0].teams if s in t) if st.game_no == CONFISCATION else None
    assert team is not None
    partner = next(x for x in team if x != s)
    assert row.points[s] == row.points[partner] - 6
    assert any("[court_whist.card.confiscation]" in n for n in row.notes)
    quiet = gamenight.load(GAME, seed=9, options={"speaking": False})
    assert all(a.verb != "speak" for a in quiet.legal_actions(quiet.to_act()[0]))


def test_five_players_one_sits_out_each_game_and_scores_eight():
    m, hands = random_match(10, players=5)
    outs = [h[9] for h in hands[::4]]
    assert outs == [[0], [1], [2], [3], [4], [0], [1]]
    for i, row in enumerate(m.sheet.rows):
        out = outs[i // 4][0]
        assert row.points[out] == 8
        assert any("[court_whist.sit-out]" in n for n in row.notes)
    m2 = gamenight.load(GAME, players=5, seed=10, options={"sit_out_score": 6})
    assert not m2.state.hands[0] and not m2.state.active[0]
    assert 0 not in m2.state.tables[0].chairs and m2.to_act() != (0,)
    m2, _ = random_match(10, players=5, sit_out_score=6)
    assert all(row.points[0] == 6 for row in m2.sheet.rows[:4])


def test_bad_ladies_option_is_refused():
    with pytest.raises(gamenight.OptionError) as e:
        gamenight.load(GAME, seed=1, options={"ladies": "1 9"})
    assert e.value.key == "ladies"


# --- the bot ---------------------------------------------------------------------------------------------------
def test_bot_declares_its_strongest_suit():
    m = gamenight.load(GAME, seed=6)
    st = m.state
    d = st.tables[0].declarer
    st.hands[d] = cards("KS 2S 3H AH KH QH JH 10H 2C 3C 4D 5D 6D")
    a = make_bot(GAME).choose(m.view(d), m.legal_actions(d), random.Random(0))
    assert str(a) == "declare hearts"


def test_bot_ducks_in_revolution():
    m = gamenight.load(GAME, seed=12)
    st = m.state
    rng = random.Random(12)
    while st.game_no < REVOLUTION:
        s = m.to_act()[0]
        m.apply(s, rng.choice([a for a in m.legal_actions(s) if a.verb != "speak"]))
    lead = m.to_act()[0]
    nxt = st.tables[0].chairs[(st.tables[0].chairs.index(lead) + 1) % 4]
    st.hands[lead] = cards("9C")
    st.hands[nxt] = cards("2C 8C AC")
    m.apply(lead, "play 9C")
    assert str(make_bot(GAME).choose(m.view(nxt), m.legal_actions(nxt), random.Random(0))) == "play 8C"


def test_bot_beats_random_play():
    n = 60
    share = 0.0
    for seed in range(n):
        seat = seed % 4
        m = gamenight.load(GAME, seed=seed, options={"speaking": False})
        rng = random.Random(seed + 1000)
        bots = {s: make_bot(GAME) if s == seat else RandomBot() for s in range(4)}
        while not m.over:
            s = m.to_act()[0]
            m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
        r = m.result()
        share += 1.0 / len(r.winners) if seat in r.winners else 0.0
    assert share / n >= 0.55  # a random seat wins 1 in 4


# --- several tables: moving between them after each game ----------------------------------------------------
def finish_game(m, points):
    """End the current game at every table with ``points(table, seat)`` a hand, then let the
    app write the sheet and seat the next game."""
    st = m.state
    before = [list(t.chairs) for t in st.tables]
    for t in st.tables:
        t.results = [{s: points(t, s) for s in t.chairs} for _ in range(4)]
        t.notes = [[] for _ in range(4)]
        t.phase = "done"
    st.rows_in_game = 0
    m.game._write_rows(st)
    return before


def winners_of(t, team):
    ladies = {1, 2, 5, 6, 9, 10}
    man = next(s for s in t.teams[team] if s not in ladies)
    lady = next(s for s in t.teams[team] if s in ladies)
    return man, lady


def test_tables_play_at_the_same_time_and_each_row_is_one_hand_for_everybody():
    m = gamenight.load(GAME, players=8, seed=21)
    st = m.state
    assert len(st.tables) == 2 and len(m.game.all_cards(st)) == 104
    assert len(m.to_act()) == 2  # each table's king owner declares
    for t in st.tables:
        for team in t.teams:
            assert len(set(team) & {1, 2, 5, 6}) == 1  # one lady and one man
    assert sorted(s for t in st.tables for s in t.chairs) == list(range(8))
    v = m.view(st.tables[1].chairs[0])
    assert v.fact("table") == 2 and v.fact("dealer") == st.tables[1].dealer and v.dealer is None
    assert {z.owner for z in v.zones if z.kind is ZoneKind.HAND} == set(st.tables[1].chairs)
    m, hands = random_match(21, players=8)
    assert m.over and len(m.sheet.rows) == 28
    assert [r.label for r in m.sheet.rows][:5] == [f"game 1 Coronation, hand {k}" for k in (1, 2, 3, 4)] + [
        "game 2 Prosperity, hand 1"]
    for row in m.sheet.rows:
        assert any(n.startswith("table 1:") for n in row.notes) and any(n.startswith("table 2:") for n in row.notes)


def test_winners_move_men_counter_clockwise_ladies_clockwise_and_losers_split():
    m = gamenight.load(GAME, players=12, seed=22)
    st = m.state
    old = [(list(t.chairs), t.teams) for t in st.tables]
    movers = [winners_of(t, 0) for t in st.tables]  # team 0 wins at every table
    finish_game(m, lambda t, s: 9 if s in t.teams[0] else 4)
    assert st.game_no == 2
    row = m.sheet.rows[-1]
    assert sum("[court_whist.progression]" in n for n in row.notes) == 3
    for i, t in enumerate(st.tables):
        chairs, teams = old[i]
        losers = set(teams[1])
        man_in, lady_in = movers[(i + 1) % 3][0], movers[i - 1][1]
        assert set(t.chairs) == losers | {man_in, lady_in}
        # each loser partners one of the players arriving, each pair a lady and a man
        assert {frozenset(p) for p in t.teams} != {frozenset(teams[1]), frozenset((man_in, lady_in))}
        for p in t.teams:
            assert len(set(p) & losers) == 1 and len(set(p) & {1, 2, 5, 6, 9, 10}) == 1


def test_a_tie_is_cut_and_the_highest_man_and_lady_move():
    m = gamenight.load(GAME, players=8, seed=23)
    st = m.state
    tied = st.tables[0]
    finish_game(m, lambda t, s: 5 if t is tied else (9 if s in t.teams[0] else 4))
    row = m.sheet.rows[-1]
    note = next(n for n in row.notes if "[court_whist.progression.tie]" in n)
    assert note.startswith("table 1: tied at 40")
    moved = [int(w) for w in note.split("seats ")[1].split(" move")[0].split(" and ")]
    assert len({s in {1, 2, 5, 6} for s in moved}) == 2  # one man and one lady
    assert not set(moved) & set(st.tables[0].chairs)  # with two tables both go to the other one


def test_after_conspiracy_the_top_man_and_top_lady_move():
    m = gamenight.load(GAME, players=8, seed=24)
    st = m.state
    st.game_no = CONSPIRACY
    scores = {0: 1, 1: 6, 2: 2, 3: 4, 4: 5, 5: 3, 6: 1, 7: 4}
    t1 = list(st.tables[0].chairs)
    finish_game(m, lambda t, s: scores[s])
    notes = [n for n in m.sheet.rows[-1].notes if "[court_whist.progression.conspiracy]" in n]
    assert len(notes) == 2
    men = [s for s in t1 if s not in {1, 2, 5, 6}]
    wom = [s for s in t1 if s in {1, 2, 5, 6}]
    best_man = max(men, key=lambda s: scores[s])
    best_lady = max(wom, key=lambda s: scores[s])
    if [scores[s] for s in men].count(scores[best_man]) == 1 and [scores[s] for s in wom].count(
            scores[best_lady]) == 1:
        assert best_man in st.tables[1].chairs and best_lady in st.tables[1].chairs


def test_fixed_partners_move_together_to_the_next_table():
    m = gamenight.load(GAME, players=12, seed=25, options={"partners": "fixed"})
    st = m.state
    old = [t.teams for t in st.tables]
    finish_game(m, lambda t, s: 9 if s in t.teams[1] else 4)
    for i, t in enumerate(st.tables):
        assert set(map(frozenset, t.teams)) == {frozenset(old[i][0]), frozenset(old[i - 1][1])}
    assert sum("[court_whist.fixed-partners]" in n for n in m.sheet.rows[-1].notes) == 3


def test_players_left_over_sit_out_in_turn_score_eight_and_come_back():
    m, hands = random_match(26, players=9)
    assert m.over and len(m.sheet.rows) == 28
    for g in range(1, 8):
        rows = m.sheet.rows[(g - 1) * 4:g * 4]
        out = g - 1
        assert all(r.points[out] == 8 for r in rows)
        assert all(any(f"seat {out} sits out and scores 8 [court_whist.sit-out]" == n for n in r.notes) for r in rows)
    comebacks = [n for r in m.sheet.rows for n in r.notes if "[court_whist.sit-out.return]" in n]
    assert len(comebacks) == 6
    m = gamenight.load(GAME, players=9, seed=26)
    assert m.state.sitting_out == [0] and m.legal_actions(0) == []
    assert m.view(0).fact("sitting-out") == [0] and m.view(0).prompt.text.startswith("You sit out Coronation")
    with pytest.raises(IllegalAction) as e:
        m.apply(0, "declare hearts")
    assert e.value.clause_id == SIT_OUT.id and e.value.detail == "you sit out Coronation"
    assert sorted(s for t in m.state.tables for s in t.chairs) == list(range(1, 9))


def test_hands_stay_hidden_at_every_table():
    import re
    m = gamenight.load(GAME, players=8, seed=27)
    st = m.state
    card = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
    assert not card.findall(json.dumps(view_data(m.view(None))))  # before a card is played, a spectator sees none
    me = st.tables[0].chairs[0]
    mine = sorted(card.findall(json.dumps(view_data(m.view(me)))))
    assert mine == sorted(str(c) for c in st.hands[me])  # a player sees only their own hand
    assert [z.hidden for z in m.view(me).zones if z.kind is ZoneKind.HAND and z.owner != me] == [13] * 3


class StackedDeck(random.Random):
    """An rng whose shuffles put the given cards on top (for a cut)."""

    def __init__(self, top):
        super().__init__(0)
        self.top = top

    def shuffle(self, x):
        rest = [c for c in x if c not in self.top]
        x[:] = [*self.top, *rest]


def test_aces_are_high_in_the_cut():
    from gamenight.games.court_whist import cut_order
    assert cut_order(StackedDeck(cards("KS AD 2C QH")), [0, 1, 2, 3]) == [1, 0, 3, 2]


def test_winners_of_the_same_sex_split_up_so_every_table_keeps_four():
    m = gamenight.load(GAME, players=12, seed=28)
    st = m.state
    t = st.tables[1]
    men = [s for s in t.chairs if s not in {1, 2, 5, 6, 9, 10}]
    wom = [s for s in t.chairs if s in {1, 2, 5, 6, 9, 10}]
    t.teams = ((men[0], men[1]), (wom[0], wom[1]))
    top = men[1]
    finish_game(m, lambda tb, s: 9 if s == top else 8 if tb is t and s in t.teams[0] else 4 if tb is t else (
        9 if s in tb.teams[0] else 4))
    note = next(n for n in m.sheet.rows[-1].notes if "[court_whist.progression.mixed]" in n)
    assert note.startswith(f"table 2: seat {top} moves counter-clockwise, seat {men[0]} clockwise")
    assert top in st.tables[0].chairs and men[0] in st.tables[2].chairs
    assert all(len(tb.chairs) == len(set(tb.chairs)) == 4 for tb in st.tables)


# --- no limit to the number of tables --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "tables"), [(20, 5), (24, 6)])
def test_twenty_and_twenty_four_players_fill_five_and_six_tables(players, tables):
    m, _ = random_match(30 + players, players=players)
    assert m.over and len(m.sheet.rows) == 28 and len(m.state.tables) == tables
    assert not m.state.sitting_out and len(m.game.all_cards(m.state)) == 52 * tables
    for row in m.sheet.rows:
        assert all(any(n.startswith(f"table {k}:") for n in row.notes) for k in range(1, tables + 1))
    moves = [n for n in m.sheet.rows[3].notes if "move" in n]
    assert len(moves) >= tables  # after the first game the winners at every table move on
    assert sorted(s for g in m.result().ranking for s in g) == list(range(players))


def test_more_tables_than_sixteen_players_are_seated():
    assert {20, 24, 28, 32} <= set(gamenight.get_game(GAME).spec.players)


# --- per-table views and events --------------------------------------------------------------------------------
def test_each_seat_sees_its_own_tables_trick_and_hears_its_own_tables_events():
    m = gamenight.load(GAME, players=8, seed=31)
    st = m.state
    one, two = st.tables
    for t in (one, two):
        m.apply(t.declarer, "declare spades")
    lead = one.turn
    card = st.hands[lead][0]
    m.apply(lead, f"play {card}")
    mine, other = m.view(one.chairs[1]), m.view(two.chairs[0])
    assert mine.pieces("trick") == (str(card),) and mine.zone("trick").by == (lead,)
    assert other.pieces("trick") == ()  # table 2 sees its own (empty) trick, not table 1's
    assert {z.owner for z in other.zones if z.kind is ZoneKind.HAND} == set(two.chairs)
    assert any(e.text == f"{{0}} plays {card}" and e.seats == (lead,) for e in mine.events)
    assert not any(e.kind == "play" for e in other.events)
    declared = [e for e in mine.events if e.kind == "declare"]
    assert [(e.text, e.seats) for e in declared] == [("{0} names spades trump", (one.declarer,))]
    seating = [e.text for e in m.events(None) if e.kind == "seating"]
    assert seating == ["Coronation, table 1: {0} and {1} against {2} and {3}",
                       "Coronation, table 2: {0} and {1} against {2} and {3}"]


def test_a_hand_ends_with_a_summary_for_the_table():
    m = gamenight.load(GAME, seed=32)
    st = m.state
    t = st.tables[0]
    m.apply(t.declarer, "declare hearts")
    while t.hand_in_game == 1:
        s = m.to_act()[0]
        m.apply(s, m.legal_actions(s)[0])
    events = m.events(t.chairs[0])
    tricks_taken = [e for e in events if e.kind == "trick"]
    assert len(tricks_taken) == 13 and all(e.text.startswith("{0} takes the trick with ") for e in tricks_taken)
    summary = [e for e in events if e.kind == "summary"]
    team_a, team_b = t.teams
    took = [sum(1 for e in tricks_taken if e.seats[0] in team) for team in t.teams]
    assert [(e.text, e.seats) for e in summary] == [
        (f"{{0}} and {{1}} took {took[0]} tricks and score {took[0]}", team_a),
        (f"{{0}} and {{1}} took {took[1]} tricks and score {took[1]}", team_b)]
