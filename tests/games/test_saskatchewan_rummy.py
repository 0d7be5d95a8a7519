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
from gamenight.core.cards import standard_deck
from gamenight.engine.view import FactKind, ZoneKind
from gamenight.games.saskatchewan_rummy import Phase, removed_cards, round_of, round_payments, split
from gamenight.testing import pot_amount, scenario

GAME = "saskatchewan_rummy"
DECK = [str(c) for c in standard_deck()]
POT_BEFORE = {3: {2: 85, 4: 190, 6: 265}, 4: {6: 245}}
"""What the pot holds when a round begins, by players: every trick, heart, queen, the king of clubs and
the last trick of the rounds before it paid (17 tricks with three players, 13 with four)."""


def names(cs) -> list[str]:
    return [str(c) for c in cs]


def fill(hands: dict[int, str], players: int, strip_order: str = "twos-first") -> dict[int, str]:
    """Every seat's whole hand: the cards given, topped up from the rest of the cards in play in
    deck order (the 2s or 3s removed to even the hands are not in play)."""
    gone = names(removed_cards(players, strip_order, "in-order", random.Random(0)))
    given = {s: hands.get(s, "").split() for s in range(players)}
    used = {*gone, *(c for h in given.values() for c in h)}
    free = [c for c in DECK if c not in used]
    each = (52 - len(gone)) // players
    for s in range(players):
        need = each - len(given[s])
        given[s], free = given[s] + free[:need], free[need:]
    return {s: " ".join(h) for s, h in given.items()}


def deal(players: int, round_no: int, first: int, hands: dict[int, str], moves=(), **options):
    """Round ``round_no`` (1 to 5, 6 is PayDay) dealt ``hands`` (whole hands), ``first`` to lead
    or to lay the first card; the rounds before it are played out at random."""
    dealer = (first - round_no) % players  # the deal passes to the left each round
    return scenario(GAME, players=players, dealer=dealer, hand=round_no, hands=hands, moves=moves,
                    options=options)


def table(m):
    """What everyone may see."""
    return m.view(None)


def pot(m) -> int:
    return pot_amount(table(m))


def play_out(m, seq: list[tuple[int, str]]) -> None:
    for seat, text in seq:
        assert m.to_act() == (seat,), f"expected seat {seat} to act, got {m.to_act()}"
        m.apply(seat, text)


def finish_round(m) -> None:
    """Each player in turn plays their first card allowed (or passes) until the round is scored."""
    rows = len(m.sheet.rows)
    while not m.over and len(m.sheet.rows) == rows:
        s = m.to_act()[0]
        m.apply(s, m.legal_actions(s)[0])


def in_round(m, round_no: int, viewer=None, kinds=("payment", "play")):
    """The events of round ``round_no`` (from its deal to the next), as ``viewer`` knows them."""
    out, now = [], 0
    for e in m.events(viewer):
        if e.kind == "deal":
            now = int(e.text.split("deals round ")[1].split(",")[0])
        elif now == round_no and e.kind in kinds:
            out.append((e.text, e.seats))
    return out


def lay(runs: dict[int, str]) -> list[tuple[int, str]]:
    """PayDay moves: round after round, each seat in turn (from seat 0) lays its next card, or
    passes; a seat whose list has run out has gone out and is skipped."""
    lists = {s: text.split() for s, text in runs.items()}
    moves = []
    for k in range(max(map(len, lists.values()))):
        for s in sorted(lists):
            if k < len(lists[s]):
                card = lists[s][k]
                moves.append((s, "pass" if card == "pass" else f"play {card}"))
    return moves


# --- players and cards ---------------------------------------------------------------------------
def test_all_cards_dealt_in_equal_hands_removing_twos_then_threes():
    for players, gone in ((3, "2C"), (4, ""), (5, "2C 2D"), (6, "2C 2D 2H 2S"), (7, "2C 2D 2H"),
                          (8, "2C 2D 2H 2S"), (9, "2C 3C 2D 3D 2H 3H 2S"), (10, "2C 2D"),
                          (11, "2C 3C 2D 3D 2H 3H 2S 3S"), (12, "2C 2D 2H 2S"), (13, "")):
        m = gamenight.load(GAME, players=players, seed=players)
        hands = [m.view(s).hand for s in range(players)]
        assert {len(h) for h in hands} == {(52 - len(gone.split())) // players}
        assert sorted(c for h in hands for c in h) == sorted(c for c in DECK if c not in gone.split())
        assert list(m.view(0).pieces("removed")) == gone.split()
    assert names(removed_cards(5, "threes-first", "in-order", random.Random(1))) == ["3C", "3D"]


def test_random_removal_is_face_down():
    m = gamenight.load(GAME, players=5, seed=3, options={"strip_suits": "random"})
    # which 2s went is hidden from every view: only the game's own zone knows them
    zone = next(z for z in m.game.zones(m.state) if z.name == "removed")
    assert len(zone.pieces) == 2 and all(c & 15 == 2 for c in zone.pieces)
    assert zone.visible_to == frozenset()
    assert m.view(0).zone("removed").hidden == 2 and m.view(0).pieces("removed") == ()


def test_left_of_dealer_leads_aces_high_no_trump_must_follow():
    m = gamenight.load(GAME, players=4, seed=2)
    assert m.to_act() == ((table(m).dealer + 1) % 4,) and not table(m).has_fact("trump")
    m = deal(4, 1, first=0, hands={0: "KH QH JH 10H 2C 4C 5C 6C 7C 8C 9C 10C JC",
                                   1: "AH 9H 8H 7H 3C QC KC AC 2D 3D 4D 5D 6D",
                                   2: "2H 3H 4H 5H 6H 7D 8D 9D 10D JD QD KD AD",
                                   3: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"})
    m.apply(0, "play KH")
    with pytest.raises(IllegalAction) as e:
        m.apply(1, "play 3C")
    assert e.value.clause_id == "tricks.follow-suit"
    play_out(m, [(1, "play AH"), (2, "play 2H"), (3, "play 5S")])
    assert table(m).fact("tricks")[1] == 1 and m.to_act() == (1,)


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
    m = deal(3, 4, first=0, hands=fill({0: "KC", 1: "AC", 2: "5C"}, 3))
    assert pot(m) == POT_BEFORE[3][4]  # 85 for the tricks, 65 for the hearts, 40 for the queens
    play_out(m, [(0, "play KC"), (1, "play AC"), (2, "play 5C")])
    finish_round(m)
    row = m.sheet.rows[-1]
    assert row.points == (0, -25, 0) and pot(m) == POT_BEFORE[3][4] + 25
    assert any("[saskatchewan_rummy.round.king-of-clubs]" in n for n in row.notes)
    assert table(m).fact("round").startswith("5 of 6, last trick") and round_of(table(m).hand_no) == 5
    finish_round(m)
    last = [e.seats[0] for e in m.events(None) if e.kind == "trick"][-1]
    assert m.sheet.rows[-1].points == tuple(-50 if s == last else 0 for s in range(3))  # only the last trick pays
    assert pot(m) == POT_BEFORE[3][4] + 75
    assert table(m).phase == Phase.PAYDAY


# --- PayDay ---------------------------------------------------------------------------------------------
OPENING = {0: "3C 4C 5C 6C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 8D",
           1: "7C 7D 7H 7S 8H 9D 10D JD QD KD AD 2S 3S 4S 5S 6S 8S",
           2: "6H 9H 2H 3H 4H 5H 10H JH QH KH AH 9S 10S JS QS KS AS"}
"""Three players at PayDay: seat 0 has no 7, seat 1 all four, seat 2 the 6H and 9H on either
side of the 7H but not the 8H."""


def test_payday_opens_with_a_seven_and_cannot_play_pays_five_cents():
    m = deal(3, 6, first=0, hands=OPENING)
    assert pot(m) == POT_BEFORE[3][6]
    assert [str(a) for a in m.legal_actions(0)] == ["pass"]
    m.apply(0, "pass")
    assert pot(m) == POT_BEFORE[3][6] + 5 and table(m).fact("paid")[0] == 5
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
    layout = table(m).zone("layout")
    assert layout.kind is ZoneKind.LAYOUT and layout.pieces == ("7H",) and layout.at == ("hearts",)
    assert in_round(m, 6) == [("{0} passes and pays 5¢ into the pot", (0,)), ("{0} lays 7H", (1,))]


def test_opening_pass_free_option_and_may_pass_option():
    m = deal(3, 6, first=0, hands=OPENING, pay_opening_pass=False, may_pass_when_able=True)
    m.apply(0, "pass")                       # no 7 for the opening: free under this option
    assert pot(m) == POT_BEFORE[3][6]
    m.apply(1, "play 7H")
    assert "pass" in [str(a) for a in m.legal_actions(2)]
    m.apply(2, "pass")                       # able to play, passes anyway and pays
    assert pot(m) == POT_BEFORE[3][6] + 5


def test_another_seven_and_aces_on_kings():
    m = deal(3, 6, first=0, hands={0: "7H 10H 6H 7C 3C 4C 5C 9C 10C JC QC KC AC 2D 3D 4D 5D",
                                   1: "8H JH 5H AH 6D 8D 9D 10D JD QD KD AD 2S 3S 4S 5S 6S",
                                   2: "9H QH KH 4H 3H 2H 6C 8C 7D 7S 8S 9S 10S JS QS KS AS"},
             moves=lay({0: "7H 10H 6H", 1: "8H JH 5H", 2: "9H QH KH"}))
    assert sorted(cards(" ".join(table(m).pieces("layout")))) == cards("5H 6H 7H 8H 9H 10H JH QH KH")
    assert [str(a) for a in m.legal_actions(0)] == ["play 7C"]  # another 7 starts clubs
    m.apply(0, "play 7C")
    assert [str(a) for a in m.legal_actions(1)] == ["play AH"]  # the ace goes on the king


MISSING_THREES = fill({0: "7C", 1: "6C", 2: "5C", 3: "4C", 4: "2C 9H"}, 5, "threes-first")
"""Five players, the 3C and 3D removed: seats 0 to 3 lay the clubs from the 7 down to the 4;
seat 4 holds the 2C, beyond the missing 3C."""


def down_to_the_four(**options):
    m = deal(5, 6, first=0, hands=MISSING_THREES, strip_order="threes-first",
             moves=lay({0: "7C", 1: "6C", 2: "5C", 3: "4C"}), **options)
    assert table(m).pieces("removed") == ("3C", "3D") and m.to_act() == (4,)
    return m


def test_missing_three_is_skipped():
    assert "play 2C" in [str(a) for a in down_to_the_four().legal_actions(4)]
    assert "play 2C" not in [str(a) for a in down_to_the_four(gap="block").legal_actions(4)]


BY_SUIT = {0: "7H 8H 9H 10H JH QH KH AH 6H 5H 4H 3H 2H", 1: "7C 8C 9C 10C JC QC KC AC 6C 5C 4C 3C 2C",
           2: "7D 8D 9D 10D JD QD KD AD 6D 5D 4D 3D 2D", 3: "7S 8S 9S 10S JS QS KS AS 6S 5S 4S 3S 2S"}
"""Four players at PayDay, a suit each, in the order each lays its cards: nobody ever passes and
seats 0, 1 and 2 go out in that order, all in the thirteenth round."""


ONE_PASS = {**BY_SUIT, 0: BY_SUIT[0].replace("AH", "7S"), 3: BY_SUIT[3].replace("7S", "AH")}
"""As ``BY_SUIT``, but seat 3 holds the AH for its 7S: it cannot play in the first round, and seat 0
lays the 7S in the second. PayDay ends before seat 3 lays its last spade."""
ONE_PASS_MOVES = lay({0: "7H 7S 8H 9H 10H JH QH KH 6H 5H 4H 3H 2H", 1: BY_SUIT[1], 2: BY_SUIT[2],
                      3: "pass 8S 9S 10S JS QS KS AS 6S 5S 4S 3S"})


def test_first_out_takes_half_second_and_third_divide_the_rest():
    before = ONE_PASS_MOVES.index((0, "play 2H"))
    m = deal(4, 6, first=0, hands=ONE_PASS, moves=ONE_PASS_MOVES[:before])
    assert pot(m) == POT_BEFORE[4][6] + 5  # seat 3 could not play in the first round: 5 cents into the pot
    m.apply(0, "play 2H")                    # seat 0 is out first: half of the 250 now
    assert table(m).fact("out") == [0] and table(m).fact("first-take") == 125 and pot(m) == 125
    play_out(m, [(1, "play 2C"), (2, "play 2D")])   # second and third out: PayDay ends
    assert m.over and [(e.text, e.seats) for e in m.events(None) if e.kind == "out"] == [
        ("{0} goes out, number 2", (1,)), ("{0} goes out, number 3", (2,))]
    row = m.sheet.rows[-1]
    # the remaining 125 cents are divided, the odd cent to the earlier finisher
    assert row.points == (125, 63, 62, -5)
    assert any("[saskatchewan_rummy.win.first]" in n for n in row.notes)
    assert any("[saskatchewan_rummy.win.rest]" in n for n in row.notes)
    assert any("[saskatchewan_rummy.win.odd-cent]" in n for n in row.notes)


def test_odd_cents_and_half_at_end_option():
    assert split(235, True) == (118, 117) and split(235, False) == (117, 118)
    moves = lay(BY_SUIT)
    before = moves.index((0, "play 2H"))
    m = deal(4, 6, first=0, hands=BY_SUIT, moves=moves[:before], first_share="at-end")
    m.apply(0, "play 2H")
    assert table(m).fact("out") == [0] and not table(m).has_fact("first-take") and pot(m) == POT_BEFORE[4][6]
    play_out(m, [(1, "play 2C"), (2, "play 2D")])
    row = m.sheet.rows[-1]
    assert row.points == (123, 61, 61, 0) and m.over  # 245 at the end: the odd cent to the first out
    assert any("[saskatchewan_rummy.win.first-at-end]" in n for n in row.notes)


def test_blocked_gap_ends_payday_when_nobody_can_play():
    # Three players, the 3C removed: seat 2 lays everything but the 2C, beyond the missing 3C, while
    # seats 0 and 1 go out; then nobody holding cards can ever lay one.
    runs = {0: "7H 8H 9H 10H JH QH KH AH 6H 5H 4H 3H 2H 9S QS 6S 3S",
            1: "7D 8D 9D 10D JD QD KD AD 6D 5D 4D 3D 2D 10S KS 5S 2S",
            2: "7C 8C 9C 10C JC QC KC AC 6C 5C 4C 7S 8S JS AS 4S"}
    hands = {**runs, 2: runs[2] + " 2C"}
    m = deal(3, 6, first=0, hands=hands, moves=lay(runs), strip_order="threes-first", gap="block")
    assert m.over
    row = m.sheet.rows[-1]
    assert row.points == (133, 132, 0)  # half of 265 to the first out, what is left to the only other
    assert any("[saskatchewan_rummy.win.blocked]" in n for n in row.notes)


def test_whole_match_six_rounds_net_sums_to_zero():
    for players in (3, 5, 8):
        m = gamenight.load(GAME, players=players, seed=20 + players)
        rng = random.Random(players)
        dealers = []
        while not m.over:
            if table(m).dealer not in dealers[-1:]:
                dealers.append(table(m).dealer)
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
        v = m.view(None)  # the round the bot reads off the deal's number is the one the table shows
        assert v.fact("round").startswith(f"{round_of(v.hand_no)} of 6, ")
        s = m.to_act()[0]
        m.apply(s, rng.choice(m.legal_actions(s)))
    assert len(m.sheet.rows) == 12 and m.sheet.rows[6].label.startswith("game 2")


def test_the_tricks_round_is_not_labelled_like_the_seats_tricks():
    """Round 1 is named "tricks"; its fact says so in its words, so the only "Tricks" is the seats' count."""
    v = gamenight.load(GAME, players=4, seed=3).view(0)
    assert v.fact("round") == "1 of 6, tricks: each trick you take pays 5¢"
    assert [f.label for f in v.facts].count("Tricks") == 1 and v.fact("tricks") == [0, 0, 0, 0]


# --- the bot ----------------------------------------------------------------------------------------------
def test_bot_ducks_and_sheds_the_queen():
    # seat 1 has no diamond and the QS is its only queen
    m = deal(3, 3, first=0, hands=fill({0: "KD", 1: "QS 2S 9C 3C 4C 5C 6C 7C 8C 10C JC KC AC 2H 3H 4H 5H"}, 3))
    m.apply(0, "play KD")
    bot = make_bot(GAME)
    assert str(bot.choose(m.view(1), m.legal_actions(1), random.Random(0))) == "play QS"


def test_bot_payday_frees_its_own_cards():
    # the 7H frees seat 0's own 6H and 5H; the 7C only the others' clubs
    m = deal(3, 6, first=0, hands=fill({0: "7H 6H 5H 7C 2D 3D 4D 5D 6D 8D 9D 10D 2S 3S 4S 5S 6S"}, 3))
    bot = make_bot(GAME)
    assert [str(a) for a in m.legal_actions(0)] == ["play 7C", "play 7H"]
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
    assert {len(m.view(s).hand) for s in range(players)} == {per_hand}
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
    # seat 2 wins the second trick with the 4D and then every trick: the other hearts are its own,
    # and it holds the five top spades
    m = deal(3, 2, first=0, hands={0: "KH 2D 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2S 3S 4S",
                                   1: "AH 3D 5D 6D 7D 8D 9D 10D JD QD KD AD 5S 6S 7S 8S 9S",
                                   2: "5H 4D 2H 3H 4H 6H 7H 8H 9H 10H JH QH 10S JS QS KS AS"})
    assert pot(m) == POT_BEFORE[3][2]
    play_out(m, [(0, "play KH"), (1, "play AH"), (2, "play 5H")])
    v = m.view(2)
    owing = next(f for f in v.facts if f.name == "owing")
    assert owing.kind is FactKind.PER_SEAT and owing.of is FactKind.MONEY and owing.value == [0, 15, 0]
    [money] = [z for z in v.zones if z.name == "pot"]  # in the middle, as money
    assert money.kind is ZoneKind.POT and money.piece == "money" and pot_amount(v) == POT_BEFORE[3][2]
    assert not v.has_fact("pot")  # shown once
    assert v.fact("round") == "2 of 6, hearts: each heart you take pays 5¢" and not v.has_fact("costs")
    play_out(m, [(1, "play 3D"), (2, "play 4D"), (0, "play 2D")])
    finish_round(m)
    assert in_round(m, 2, 0, ("payment",)) == [("{0} pays 15¢ into the pot", (1,)), ("{0} pays 50¢ into the pot", (2,)),
                                            (f"The pot holds {POT_BEFORE[3][2] + 65}¢", ())]


def test_payday_pay_out_events_and_blocked_gap_reason():
    m = deal(4, 6, first=0, hands=ONE_PASS, moves=ONE_PASS_MOVES)
    assert in_round(m, 6, 3, ("payment",)) == [("{0} passes and pays 5¢ into the pot", (3,)),
                                              ("{0} goes out first and takes half the pot, 125¢", (0,)),
                                              ("{0} and {1}, second and third out, divide 125¢: 63¢ and 62¢", (1, 2))]
    assert m.over
    blocked = down_to_the_four(gap="block")
    with pytest.raises(IllegalAction) as e:
        blocked.apply(4, "play 2C")
    assert (e.value.clause_id, e.value.detail) == ("stops.gap.block", "2C lies beyond a card out of the game (3C, 3D "
                                                                      "are out)")
    with pytest.raises(IllegalAction) as e:
        blocked.apply(4, "play 9H")
    assert (e.value.clause_id, e.value.detail) == ("stops.build", "hearts are not started: a 7 starts a suit")
