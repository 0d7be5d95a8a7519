"""Court Whist (rulebook 000): the score card's seven games of four hands, their trumps and
scoring (the book's "possible" totals), Coronation's declarations, Conspiracy's turned-up
trump, Confiscation's speaking, the sit-out score of 8, partners changing each game, the
cut and the deal, and following suit."""

from __future__ import annotations

import json
import random
import re
from typing import NamedTuple

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
from gamenight.testing import next_deal, scenario

GAME = "court_whist"
FULL = cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD "
             "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")


# --- reading the table ------------------------------------------------------------------------------------
def game_and_hand(v) -> tuple[int, int]:
    """(game number, hand of the game) of the viewer's table, from the view's "game" fact."""
    found = re.search(r"\(game (\d) of 7\), hand (\d) of 4", v.fact("game"))
    assert found is not None
    return int(found[1]), int(found[2])


def game_no(m) -> int:
    return game_and_hand(m.view(None))[0]


def chairs(v) -> list[int]:
    """The viewer's table, clockwise: its hands are listed in chair order."""
    return [z.owner for z in v.zones if z.kind is ZoneKind.HAND]


def dealer_of(v) -> int:
    """The dealer of the viewer's table (with several tables a fact of each table's view)."""
    return v.dealer if v.dealer is not None else v.fact("dealer")


def seating(m) -> dict[int, list[int]]:
    """Each table's chairs, clockwise, as its players see them: table number → seats."""
    out: dict[int, list[int]] = {}
    for s in range(m.players):
        v = m.view(s)
        if chairs(v) and s in chairs(v):
            out.setdefault(v.fact("table", 1), chairs(v))
    return dict(sorted(out.items()))


def teams_at(m, table: list[int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The partnerships at a table, the first chair's first."""
    partner = m.view(None).fact("partner")
    return (table[0], partner[table[0]]), (table[1], partner[table[1]])


def suit_word(card: str) -> str:
    return tricks.SUIT_WORDS[cards(card)[0] >> 4]


class Hand(NamedTuple):
    """One hand at table 1 as a spectator sees it when it is dealt."""

    game: int
    hand: int
    dealer: int
    first: int | None
    """Who is to play first (None while trump is being declared)."""
    trump: str | None
    declarer: int | None
    chairs: list[int]
    teams: frozenset[frozenset[int]] | None
    """None in Conspiracy: each plays for themselves."""
    sitting_out: list[int]
    turn_up: tuple[str, ...]


def dealt(m) -> Hand:
    v = m.view(None)  # a spectator watches table 1
    g, k = game_and_hand(v)
    seats = chairs(v)
    partner = v.fact("partner")
    declarer = v.fact("declarer")
    first = None if declarer is not None else next(s for s in m.to_act() if s in seats)
    teams = frozenset(frozenset((s, partner[s])) for s in seats) if partner else None
    return Hand(g, k, dealer_of(v), first, v.fact("trump"), declarer, seats, teams, v.fact("sitting-out", []),
                v.pieces("turn-up"))


def random_match(seed: int, players: int = 4, **options):
    """Play a whole evening at random (nobody speaks); each hand at table 1 as it was dealt
    (with the trump Coronation's declarer named)."""
    m = gamenight.load(GAME, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    hands = [dealt(m)]
    while not m.over:
        seat = rng.choice(m.to_act())
        legal = [a for a in m.legal_actions(seat) if a.verb != "speak"]
        m.apply(seat, rng.choice(legal))
        if m.over:
            break
        v = m.view(None)
        last = hands[-1]
        if game_and_hand(v) != (last.game, last.hand):
            hands.append(dealt(m))
        elif last.trump is None and v.has_fact("trump"):
            hands[-1] = last._replace(trump=v.fact("trump"))
    return m, hands


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
    assert [h.game for h in hands] == [g for g in range(1, 8) for _ in range(4)]
    assert [h.hand for h in hands] == [1, 2, 3, 4] * 7
    for g in (PROSPERITY, CHIVALRY, CONFISCATION, RESTORATION):
        assert [h.trump for h in hands if h.game == g] == ["spades", "hearts", "clubs", "diamonds"]
    assert [h.trump for h in hands if h.game == REVOLUTION] == [None] * 4
    for h in hands:
        if h.game == CONSPIRACY:
            assert len(h.turn_up) == 1 and h.trump == suit_word(h.turn_up[0])  # the turned-up card's suit
    labels = [r.label for r in m.sheet.rows]
    assert labels[0] == "game 1 Coronation, hand 1" and labels[-1] == "game 7 Restoration, hand 4"
    best = max(m.sheet.totals)
    assert m.result().winners == tuple(s for s in range(4) if m.sheet.totals[s] == best)


def test_everyone_deals_once_per_game_clockwise_and_left_of_dealer_leads():
    m, hands = random_match(4)
    for g in range(1, 8):
        mine = [h for h in hands if h.game == g]
        seats = mine[0].chairs
        dealers = [h.dealer for h in mine]
        assert sorted(dealers) == sorted(seats)
        for a, b in zip(dealers, dealers[1:]):
            assert seats[(seats.index(a) + 1) % 4] == b
        for h in mine:
            if h.declarer is None:
                assert h.first == seats[(seats.index(h.dealer) + 1) % 4]
    assert any("[court_whist.deal.cut]" in n for n in m.sheet.rows[0].notes)


def test_partners_change_each_game_one_lady_and_one_man():
    m, hands = random_match(5)
    ladies = {1, 2}
    teams = {h.game: h.teams for h in hands[::4] if h.game != CONSPIRACY}  # Conspiracy has no partners
    for t in teams.values():
        for team in t:
            assert len(team & ladies) == 1
    for g in range(1, 7):
        if g in teams and g + 1 in teams:
            assert teams[g] != teams[g + 1]
    for h in hands:
        if h.teams is not None:
            x1, y1, x2, y2 = h.chairs
            assert h.teams == {frozenset((x1, x2)), frozenset((y1, y2))}  # partners sit opposite
    m, hands = random_match(5, partners="fixed")
    assert len({h.teams for h in hands if h.teams is not None}) == 1
    firsts = {dealt(gamenight.load(GAME, seed=seed)).teams for seed in range(12)}
    assert len(firsts) == 2  # partners are selected at random (one lady, one man each)


def test_the_view_carries_this_games_partners_and_seats_them_opposite():
    """Partners change every game: each seat's view says this game's partnerships (none in
    Conspiracy) and its table clockwise, so a table can mark the partner and seat them opposite."""
    m = gamenight.load(GAME, players=8, seed=3)
    rng = random.Random(3)
    by_game = {}
    for g in (CORONATION, PROSPERITY, CONSPIRACY):
        play_on(m, lambda m, g=g: game_no(m) == g, rng)
        for s in range(8):
            v = m.view(s)
            assert v.seating == tuple(chairs(v)) and s in v.seating  # your own table of four, clockwise
            if g == CONSPIRACY:
                assert v.teams is None
                continue
            x1, y1, x2, y2 = v.seating
            assert {frozenset((x1, x2)), frozenset((y1, y2))} <= set(map(frozenset, v.teams))
            assert all(v.fact("partner")[a] == b for a, b in v.teams)
        by_game[g] = frozenset(map(frozenset, v.teams or ()))
    assert by_game[CORONATION] != by_game[PROSPERITY] and len(by_game[CORONATION]) == 4  # two tables, two pairs each
    assert view_data(m.view(0))["seating"] == list(m.view(0).seating)


def play_on(m, until, rng=None) -> None:
    """Random play (or the first move allowed, without ``rng``), nobody speaking, until
    ``until(m)``."""
    while not until(m):
        s = m.to_act()[0]
        legal = [a for a in m.legal_actions(s) if a.verb != "speak"]
        m.apply(s, rng.choice(legal) if rng is not None else legal[0])


def test_coronation_king_owners_declare_trump():
    m = gamenight.load(GAME, seed=6)
    order = ["KS", "KH", "KC", "KD"]
    for k in range(4):
        v = m.view(None)
        assert game_and_hand(v) == (CORONATION, k + 1) and v.phase == Phase.DECLARE
        owner = next(s for s in range(4) if order[k] in m.view(s).hand)
        assert m.to_act() == (owner,) and v.fact("declarer") == owner
        other = (owner + 1) % 4
        with pytest.raises(IllegalAction) as e:
            m.apply(other, "declare hearts")
        assert e.value.clause_id == CORONATION_CARD.id  # the holder of the king names trump, nobody else
        king = ["spades", "hearts", "clubs", "diamonds"][k]
        assert e.value.detail == f"the holder of the king of {king} names trump first"
        with pytest.raises(IllegalAction) as e:
            m.apply(owner, "play " + m.view(owner).hand[0])
        assert e.value.clause_id == TRUMP.id
        assert "trump is not named yet" in e.value.detail
        m.apply(owner, "declare diamonds")
        v = m.view(None)
        assert v.fact("trump") == "diamonds" and v.phase == "play"
        seats = chairs(v)
        assert m.to_act() == (seats[(seats.index(v.dealer) + 1) % 4],)
        play_on(m, lambda m, k=k: game_and_hand(m.view(None)) != (CORONATION, k + 1))
    assert game_no(m) == PROSPERITY


def test_conspiracy_last_card_dealt_is_trump_shown_to_all_and_in_the_dealers_hand():
    m = gamenight.load(GAME, seed=7)
    play_on(m, lambda m: game_no(m) == CONSPIRACY, random.Random(7))
    v = m.view(None)
    (up,) = v.pieces("turn-up")
    dealer = v.dealer
    assert v.fact("trump") == suit_word(up)
    for viewer in (*range(4), None):
        assert m.view(viewer).pieces("turn-up") == (up,)
    assert not v.has_fact("partner")
    zone = v.zone("turn-up")
    assert zone.owner == dealer and zone.kind is ZoneKind.UPCARD
    # laid apart for all to see, though the dealer holds it: the last of the dealer's thirteen cards
    assert up not in m.view(dealer).hand and len(m.view(dealer).hand) == 12
    assert next(z for z in v.zones if z.kind is ZoneKind.HAND and z.owner == dealer).hidden == 12
    deal = [e for e in m.events(1) if e.kind == "deal"][-1]
    assert deal.text == f"{{0}} deals and turns up {up}: {suit_word(up)} are trump"


def test_follow_suit():
    seats = chairs(gamenight.load(GAME, seed=8).view(None))
    dealer = gamenight.load(GAME, seed=8).view(None).dealer
    lead = seats[(seats.index(dealer) + 1) % 4]
    nxt = seats[(seats.index(lead) + 1) % 4]
    third, fourth = (s for s in range(4) if s not in (lead, nxt))
    # the next player holds one club and the KS (so names trump), but not the QH
    m = scenario(GAME, seed=8, hands={lead: "2C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC AH",
                                      nxt: "3C KS AS QS JS 10S 9S 8S 7S 6S 5S 4S 3S",
                                      third: "2S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
                                      fourth: "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"})
    m.apply(nxt, "declare spades")
    assert m.to_act() == (lead,)
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
    play_on(m, lambda m: game_no(m) == CONFISCATION, random.Random(9))
    s = m.to_act()[0]
    assert "speak" in [str(a) for a in m.legal_actions(s)]
    m.apply(s, "speak")
    m.apply(s, "speak")
    assert m.to_act() == (s,)
    play_on(m, lambda m: game_and_hand(m.view(None)) != (CONFISCATION, 1))
    row = m.sheet.rows[-1]
    assert game_no(m) == CONFISCATION
    partner = m.view(None).fact("partner")[s]
    assert row.points[s] == row.points[partner] - 6
    assert any("[court_whist.card.confiscation]" in n for n in row.notes)
    quiet = gamenight.load(GAME, seed=9, options={"speaking": False})
    assert all(a.verb != "speak" for a in quiet.legal_actions(quiet.to_act()[0]))


def test_five_players_one_sits_out_each_game_and_scores_eight():
    m, hands = random_match(10, players=5)
    outs = [h.sitting_out for h in hands[::4]]
    assert outs == [[0], [1], [2], [3], [4], [0], [1]]
    for i, row in enumerate(m.sheet.rows):
        out = outs[i // 4][0]
        assert row.points[out] == 8
        assert any("[court_whist.sit-out]" in n for n in row.notes)
    m2 = gamenight.load(GAME, players=5, seed=10, options={"sit_out_score": 6})
    assert m2.view(0).hand == () and m2.legal_actions(0) == [] and m2.view(0).fact("sitting-out") == [0]
    assert 0 not in chairs(m2.view(None)) and m2.to_act() != (0,)
    m2, _ = random_match(10, players=5, sit_out_score=6)
    assert all(row.points[0] == 6 for row in m2.sheet.rows[:4])


def test_bad_ladies_option_is_refused():
    with pytest.raises(gamenight.OptionError) as e:
        gamenight.load(GAME, seed=1, options={"ladies": "1 9"})
    assert e.value.key == "ladies"


# --- the bot ---------------------------------------------------------------------------------------------------
def test_bot_declares_its_strongest_suit():
    m = scenario(GAME, seed=6, hands={0: "KS 2S 3H AH KH QH JH 10H 2C 3C 4D 5D 6D"})
    assert m.view(None).fact("declarer") == 0  # it holds the king of spades
    a = make_bot(GAME).choose(m.view(0), m.legal_actions(0), random.Random(0))
    assert str(a) == "declare hearts"


def test_bot_ducks_in_revolution():
    first_of_revolution = 4 * (REVOLUTION - 1) + 1  # four hands a game at one table
    v = scenario(GAME, seed=12, hand=first_of_revolution).view(None)  # who deals and leads it
    seats = chairs(v)
    lead = seats[(seats.index(v.dealer) + 1) % 4]
    nxt = seats[(seats.index(lead) + 1) % 4]
    third, fourth = (s for s in range(4) if s not in (lead, nxt))
    m = scenario(GAME, seed=12, hand=first_of_revolution,
                 hands={lead: "9C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
                        nxt: "2C 8C AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
                        third: "3C 4C 5C 6C 7C 10C JC QC KC AD QH KH AH",
                        fourth: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"})
    assert game_and_hand(m.view(None)) == (REVOLUTION, 1)
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
AUTO_LADIES = {1, 2, 5, 6, 9, 10}


def choose(m, seat: int, legal: list, eager: bool):
    """A move for ``seat``. The eager name their longest suit trump, and take a trick with their
    cheapest card that wins it (when the partner is not winning it already); the others name
    their shortest, and play their highest card that loses. Anyone who cannot do so plays their
    lowest card."""
    v = m.view(seat)
    if legal[0].verb == "declare":
        hand = cards(" ".join(v.hand))
        length = {a: sum(1 for c in hand if tricks.SUIT_WORDS[c >> 4] == a.args[0]) for a in legal}
        return (max if eager else min)(legal, key=lambda a: length[a])
    trump = v.fact("trump")
    zone = v.zone("trick")
    trick = list(zip(zone.by or (), cards(" ".join(zone.pieces))))
    led = trick[0][1] >> 4 if trick else None

    def power(c) -> int:
        if trump is not None and tricks.SUIT_WORDS[c >> 4] == trump:
            return 100 + (c & 15)
        return c & 15 if led is None or c >> 4 == led else 0

    plays = sorted((a for a in legal if a.verb == "play"), key=lambda a: power(a.args[0]))
    if not trick:
        return plays[-1] if eager else plays[0]
    best_seat, best = max(trick, key=lambda p: power(p[1]))
    winners = [a for a in plays if power(a.args[0]) > power(best)]
    partner = v.fact("partner")  # none in Conspiracy: each plays for themselves
    if eager:
        return winners[0] if winners and (partner is None or best_seat != partner[seat]) else plays[0]
    losers = [a for a in plays if power(a.args[0]) <= power(best)]
    return losers[-1] if losers else plays[0]


def play_game(m, eager: set[int], speaker: int | None = None) -> None:
    """Every table plays out the game under way, the seats in ``eager`` trying to take the tricks
    and the others to lose them; ``speaker`` owns up to speaking once, on its first turn."""
    g = game_no(m)
    while not m.over and game_no(m) == g:
        s = m.to_act()[0]
        legal = m.legal_actions(s)
        if s == speaker and any(a.verb == "speak" for a in legal):
            m.apply(s, "speak")
            speaker = None
            continue
        m.apply(s, choose(m, s, [a for a in legal if a.verb != "speak"], s in eager))


def game_totals(m, g: int) -> list[int]:
    """Each seat's points in game ``g``, from its four rows on the score sheet."""
    rows = m.sheet.rows[4 * (g - 1):4 * g]
    return [sum(r.points[s] for r in rows) for s in range(m.players)]


def winners_of(team: tuple[int, int], ladies=AUTO_LADIES) -> tuple[int, int]:
    """(man, lady) of a partnership."""
    man = next(s for s in team if s not in ladies)
    lady = next(s for s in team if s in ladies)
    return man, lady


def test_tables_play_at_the_same_time_and_each_row_is_one_hand_for_everybody():
    m = gamenight.load(GAME, players=8, seed=21)
    tables = seating(m)
    assert len(tables) == 2 and sum(len(m.view(s).hand) for s in range(8)) == 104
    assert len(m.to_act()) == 2  # each table's king owner declares
    for table in tables.values():
        for team in teams_at(m, table):
            assert len(set(team) & {1, 2, 5, 6}) == 1  # one lady and one man
    assert sorted(s for t in tables.values() for s in t) == list(range(8))
    v = m.view(tables[2][0])
    deal = next(e for e in m.events(tables[2][0]) if e.kind == "deal")
    assert v.fact("table") == 2 and v.fact("dealer") == deal.seats[0] and v.dealer is None
    assert {z.owner for z in v.zones if z.kind is ZoneKind.HAND} == set(tables[2])
    m, hands = random_match(21, players=8)
    assert m.over and len(m.sheet.rows) == 28
    assert [r.label for r in m.sheet.rows][:5] == [f"game 1 Coronation, hand {k}" for k in (1, 2, 3, 4)] + [
        "game 2 Prosperity, hand 1"]
    for row in m.sheet.rows:
        assert any(n.startswith("table 1:") for n in row.notes) and any(n.startswith("table 2:") for n in row.notes)


def test_winners_move_men_counter_clockwise_ladies_clockwise_and_losers_split():
    m = gamenight.load(GAME, players=12, seed=22)
    old = seating(m)
    teams = {n: teams_at(m, t) for n, t in old.items()}
    play_game(m, eager={s for a, _ in teams.values() for s in a})  # the first partnership wins at every table
    totals = game_totals(m, CORONATION)
    assert all(sum(totals[s] for s in a) > sum(totals[s] for s in b) for a, b in teams.values())
    movers = {n: winners_of(a) for n, (a, _) in teams.items()}
    assert game_no(m) == PROSPERITY
    row = m.sheet.rows[3]
    assert sum("[court_whist.progression]" in n for n in row.notes) == 3
    new = seating(m)
    for n in old:
        losers = set(teams[n][1])
        man_in, lady_in = movers[n % 3 + 1][0], movers[(n - 2) % 3 + 1][1]
        assert set(new[n]) == losers | {man_in, lady_in}
        # each loser partners one of the players arriving, each pair a lady and a man
        pairs = {frozenset(p) for p in teams_at(m, new[n])}
        assert pairs != {frozenset(teams[n][1]), frozenset((man_in, lady_in))}
        for p in pairs:
            assert len(p & losers) == 1 and len(p & AUTO_LADIES) == 1


def play_table(m, table: list[int], until) -> list[tuple[int, str]]:
    """Play at one table, each seat its first move allowed, until ``until(m)``: the moves made."""
    moves = []
    while not until(m):
        s = next(s for s in m.to_act() if s in table)
        action = str(m.legal_actions(s)[0])
        m.apply(s, action)
        moves.append((s, action))
    return moves


def test_every_tables_deal_can_be_stacked_at_once():
    tables = seating(gamenight.load(GAME, players=12, seed=4))
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    hands = {s: " ".join(f"{r}{x}" for r in ranks) for seats in tables.values() for s, x in zip(seats, "CDHS")}
    m = scenario(GAME, players=12, seed=4, hands=hands)
    assert len(tables) == 3
    for seat, hand in hands.items():
        assert sorted(m.view(seat).hand) == sorted(hand.split())


def test_a_tie_is_cut_and_the_highest_man_and_lady_move():
    # At table 2 each player is dealt a suit in every hand: whoever holds the suit named trump takes
    # all thirteen tricks. Each partnership holds the trump twice: a tie, 26 tricks each.
    two = seating(gamenight.load(GAME, players=8, seed=23))[2]
    suits = dict(zip(two, "CDHS"))
    hands = {s: " ".join(f"{r}{x}" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
             for s, x in suits.items()}
    trumps = ["clubs", "hearts", "diamonds", "spades"]  # held by two[0], two[2], two[1], two[3]
    m = scenario(GAME, players=8, seed=23, hands=hands)
    for k, trump in enumerate(trumps, start=1):
        declarer = m.view(two[0]).fact("declarer")
        m.apply(declarer, f"declare {trump}")
        scratch = gamenight.restore(m.record())
        moves = play_table(scratch, two, lambda m, k=k: game_and_hand(m.view(two[0])) != (CORONATION, k)
                           or not set(m.to_act()) & set(two))
        if k < 4:
            m = next_deal(m, moves, hands=hands)  # the last card played deals the next hand at table 2
        else:
            for seat, action in moves:
                m.apply(seat, action)
    assert [e.seats[0] for e in m.events(two[0]) if e.kind == "trick"] == [two[0]] * 13 + [two[2]] * 13 + [
        two[1]] * 13 + [two[3]] * 13
    play_table(m, seating(m)[1], lambda m: game_no(m) == PROSPERITY)
    row = m.sheet.rows[3]
    note = next(n for n in row.notes if "[court_whist.progression.tie]" in n and n.startswith("table 2:"))
    assert note.startswith("table 2: tied at 52")
    moved = [int(w) for w in note.split("seats ")[1].split(" move")[0].split(" and ")]
    assert len({s in {1, 2, 5, 6} for s in moved}) == 2  # one man and one lady
    assert set(moved) <= set(two) and not set(moved) & set(seating(m)[2])  # with two tables both go to the other one


def test_after_conspiracy_the_top_man_and_top_lady_move():
    m = gamenight.load(GAME, players=8, seed=24)
    play_on(m, lambda m: game_no(m) == CONSPIRACY, random.Random(24))
    one = seating(m)[1]
    men = [s for s in one if s not in AUTO_LADIES]
    wom = [s for s in one if s in AUTO_LADIES]
    play_game(m, eager={men[0], wom[0]})  # each for themselves: one man and one lady take the tricks
    scores = game_totals(m, CONSPIRACY)
    notes = [n for n in m.sheet.rows[11].notes if "[court_whist.progression.conspiracy]" in n]
    assert len(notes) == 2
    best_man = max(men, key=lambda s: scores[s])
    best_lady = max(wom, key=lambda s: scores[s])
    assert [scores[s] for s in men].count(scores[best_man]) == 1
    assert [scores[s] for s in wom].count(scores[best_lady]) == 1
    assert best_man in seating(m)[2] and best_lady in seating(m)[2]


def test_fixed_partners_move_together_to_the_next_table():
    m = gamenight.load(GAME, players=12, seed=25, options={"partners": "fixed"})
    old = {n: teams_at(m, t) for n, t in seating(m).items()}
    play_game(m, eager={s for _, b in old.values() for s in b})  # the second partnership wins at every table
    totals = game_totals(m, CORONATION)
    assert all(sum(totals[s] for s in b) > sum(totals[s] for s in a) for a, b in old.values())
    for n, table in seating(m).items():
        assert set(map(frozenset, teams_at(m, table))) == {frozenset(old[n][0]), frozenset(old[(n - 2) % 3 + 1][1])}
    assert sum("[court_whist.fixed-partners]" in n for n in m.sheet.rows[3].notes) == 3


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
    assert m.legal_actions(0) == []
    assert m.view(0).fact("sitting-out") == [0] and m.view(0).prompt.text.startswith("You sit out Coronation")
    with pytest.raises(IllegalAction) as e:
        m.apply(0, "declare hearts")
    assert e.value.clause_id == SIT_OUT.id and e.value.detail == "you sit out Coronation"
    assert sorted(s for t in seating(m).values() for s in t) == list(range(1, 9))


def test_hands_stay_hidden_at_every_table():
    m = gamenight.load(GAME, players=8, seed=27)
    card = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
    assert not card.findall(json.dumps(view_data(m.view(None))))  # before a card is played, a spectator sees none
    me = seating(m)[1][0]
    mine = sorted(card.findall(json.dumps(view_data(m.view(me)))))
    assert len(mine) == 13 and mine == sorted(m.view(me).hand)  # a player sees only their own hand
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
    # With four ladies among twelve some partnership is two men. In Confiscation one of them owns
    # up to speaking: his partner scores 3 more and is the higher of the two.
    ladies = {1, 2, 5, 6}
    m = gamenight.load(GAME, players=12, seed=28, options={"ladies": "1 2 5 6"})
    play_on(m, lambda m: game_no(m) == CONFISCATION, random.Random(28))
    tables = seating(m)
    k, pair = next((n, team) for n, t in tables.items() for team in teams_at(m, t) if not set(team) & ladies)
    speaker, top = pair
    winners = {s for n, t in tables.items() for s in (pair if n == k else teams_at(m, t)[0])}
    play_game(m, eager=winners, speaker=speaker)
    totals = game_totals(m, CONFISCATION)
    assert totals[top] == totals[speaker] + 3
    assert sum(totals[s] for s in pair) > sum(totals[s] for s in tables[k] if s not in pair)
    note = next(n for n in m.sheet.rows[-1].notes if "[court_whist.progression.mixed]" in n
                and n.startswith(f"table {k}:"))
    assert note.startswith(f"table {k}: seat {top} moves counter-clockwise, seat {speaker} clockwise")
    after = seating(m)
    assert top in after[(k - 2) % 3 + 1] and speaker in after[k % 3 + 1]
    assert all(len(t) == len(set(t)) == 4 for t in after.values())


# --- no limit to the number of tables --------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "tables"), [(20, 5), (24, 6)])
def test_twenty_and_twenty_four_players_fill_five_and_six_tables(players, tables):
    start = gamenight.load(GAME, players=players, seed=30 + players)
    assert sum(len(start.view(s).hand) for s in range(players)) == 52 * tables  # a deck for every table
    m, _ = random_match(30 + players, players=players)
    assert m.over and len(m.sheet.rows) == 28 and len(seating(m)) == tables
    assert not m.view(None).has_fact("sitting-out")
    for row in m.sheet.rows:
        assert all(any(n.startswith(f"table {k}:") for n in row.notes) for k in range(1, tables + 1))
    moves = [n for n in m.sheet.rows[3].notes if "move" in n]
    assert len(moves) >= tables  # after the first game the winners at every table move on
    assert sorted(s for g in m.result().ranking for s in g) == list(range(players))


def test_the_book_sets_no_limit_to_the_tables():
    spec = gamenight.get_game(GAME).spec
    assert spec.open_ended and spec.players_text == "4 or more"
    assert {20, 24, 28, 32, 100, 1000} <= set(spec.players)
    m = gamenight.load(GAME, players=103, seed=5)  # 25 tables, three players sit out
    assert len(m.to_act()) == 25


# --- per-table views and events --------------------------------------------------------------------------------
def test_each_seat_sees_its_own_tables_trick_and_hears_its_own_tables_events():
    m = gamenight.load(GAME, players=8, seed=31)
    one, two = seating(m).values()
    declarers = [m.view(t[0]).fact("declarer") for t in (one, two)]
    for d in declarers:
        m.apply(d, "declare spades")
    lead = next(s for s in m.to_act() if s in one)
    card = m.view(lead).hand[0]
    m.apply(lead, f"play {card}")
    mine, other = m.view(one[1]), m.view(two[0])
    assert mine.pieces("trick") == (card,) and mine.zone("trick").by == (lead,)
    assert other.pieces("trick") == ()  # table 2 sees its own (empty) trick, not table 1's
    assert {z.owner for z in other.zones if z.kind is ZoneKind.HAND} == set(two)
    assert any(e.text == f"{{0}} plays {card}" and e.seats == (lead,) for e in mine.events)
    assert not any(e.kind == "play" for e in other.events)
    declared = [e for e in mine.events if e.kind == "declare"]
    assert [(e.text, e.seats) for e in declared] == [("{0} names spades trump", (declarers[0],))]
    seating_events = [e.text for e in m.events(None) if e.kind == "seating"]
    assert seating_events == ["Coronation, table 1: {0} and {1} against {2} and {3}",
                              "Coronation, table 2: {0} and {1} against {2} and {3}"]


def test_a_hand_ends_with_a_summary_for_the_table():
    m = gamenight.load(GAME, seed=32)
    m.apply(m.view(None).fact("declarer"), "declare hearts")
    play_on(m, lambda m: game_and_hand(m.view(None)) != (CORONATION, 1))
    seats = chairs(m.view(None))
    events = m.events(seats[0])
    tricks_taken = [e for e in events if e.kind == "trick"]
    assert len(tricks_taken) == 13 and all(e.text.startswith("{0} takes the trick with ") for e in tricks_taken)
    summary = [e for e in events if e.kind == "summary"]
    team_a, team_b = teams_at(m, seats)
    took = [sum(1 for e in tricks_taken if e.seats[0] in team) for team in (team_a, team_b)]
    assert [(e.text, e.seats) for e in summary] == [
        (f"{{0}} and {{1}} took {took[0]} tricks and score {took[0]}", team_a),
        (f"{{0}} and {{1}} took {took[1]} tricks and score {took[1]}", team_b)]
