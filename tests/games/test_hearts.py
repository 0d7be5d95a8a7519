"""Hearts (rulebook 000): the deal and kitty, passing, the opening lead, breaking hearts,
the kitty going to the first trick's winner, scoring, Power and the end of the game."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import cards, parse_action
from gamenight.engine.view import Prompt
from gamenight.games.hearts import card_points, pass_offset
from gamenight.testing import refusal as refusal_of
from gamenight.testing import scenario


def start(hands: dict[int, str], kitty: str | None = None, players: int = 4, dealer: int = 0, hand_no: int = 4,
          moves=(), scores=None, **options):
    """Deal known ``hands`` (others get the remaining cards) for hand number ``hand_no``
    (4: the keeper hand, so play starts at once; the hands before it played at random).
    ``dealer`` deals the first hand."""
    return scenario("hearts", players=players, dealer=dealer, hand=hand_no, hands=hands,
                    zones={"kitty": kitty} if kitty else None, moves=moves, scores=scores, options=options)


def played(tricks: list[str], leader: int = 0, players: int = 4) -> tuple[dict[int, str], list[tuple[int, str]]]:
    """The hands that play ``tricks`` and the moves that play them. Each trick lists its cards
    in the order played from its leader; ``*`` marks the card that takes it (whose player
    leads the next)."""
    hands: dict[int, list[str]] = {s: [] for s in range(players)}
    moves = []
    for trick in tricks:
        seat = leader
        for card in trick.split():
            if card.endswith("*"):
                card, leader = card[:-1], seat
            hands[seat].append(card)
            moves.append((seat, f"play {card}"))
            seat = (seat + 1) % players
    return {s: " ".join(h) for s, h in hands.items()}, moves


# A whole keeper hand played out: seat 2 takes the first trick and the kitty (its 5H: 1 point),
# seat 1 the queen of spades and a trick of four hearts (17), seats 0 and 2 a trick of hearts
# each (4), seat 3 nothing.
SCORED_KITTY = "5C 5D 5H 5S"
SCORED = played([
    "2C 3C AC* 4C", "6C 7C 8C 9C*", "10C JC QC KC*",
    "2D 3D 4D AD*", "6D 7D 8D 9D*", "10D JD QD KD*",
    "QS* 2S 3S 4S", "6S 7S 8S 9S*", "10S JS KS AS*",
    "2H 3H 4H AH*", "6H 7H KH* 8H", "9H QH* 10H JH",
])
# Seat 1 takes every trick, the kitty (with its 5H) and so every heart and the queen: Power.
POWER = played([
    "2C AC* 3C 4C", "KC* 6C 7C 8C", "QC* 9C 10C JC",
    "AD* 2D 3D 4D", "KD* 6D 7D 8D", "QD* 9D 10D JD",
    "QS* 2S 3S 4S", "AS* 6S 7S 8S", "KS* 9S 10S JS",
    "AH* 2H 3H 4H", "KH* 6H 7H 8H", "QH* 9H 10H JH",
])


def played_out(hand: tuple[dict[int, str], list[tuple[int, str]]], scores=None, **options):
    """The first hand, with no passing, dealt and played to its end as scripted."""
    hands, moves = hand
    return start(hands, kitty=SCORED_KITTY, hand_no=1, moves=moves, scores=scores, pass_count=0, **options)


def refused(m, seat, action) -> str:
    return refusal_of(m, seat, action).clause_id


def refusal(m, seat, action) -> tuple[str, str]:
    """The clause and the specific reason a move is refused (the match unchanged)."""
    e = refusal_of(m, seat, action)
    return e.clause_id, e.detail


def zone_of(view, name, owner):
    return next(z for z in view.zones if z.name == name and z.owner == owner)


CLUBS_TO_2 = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"


@pytest.mark.parametrize("players,per,kitty", [(3, 16, 4), (4, 12, 4), (5, 10, 2), (6, 8, 4), (7, 7, 3)])
def test_deal_and_kitty(players, per, kitty):
    m = gamenight.load("hearts", players=players, seed=1)
    v = m.view(0)
    assert [len(z.pieces) or z.hidden for z in v.zones if z.name == "hand"] == [per] * players
    assert v.zone("kitty").hidden == kitty >= 2
    assert len(v.hand) == per and v.zone("kitty").pieces == () and v.zone("kitty").hidden == kitty


def test_pass_rotation():
    assert [pass_offset(h, 4) for h in (1, 2, 3, 4, 5)] == [1, -1, 2, 0, 1]
    assert [pass_offset(h, 5) for h in (1, 2, 3, 4)] == [1, -1, 2, 0]  # across becomes two to the left
    assert [pass_offset(h, 6) for h in (1, 2, 3, 4)] == [1, -1, 2, 0]
    assert [pass_offset(h, 3) for h in (1, 2, 3, 4)] == [1, -1, 0, 1]


def test_passing_is_simultaneous_and_secret():
    m = gamenight.load("hearts", seed=3)
    assert m.view(0).phase == "passing" and m.to_act() == (0, 1, 2, 3)
    given = {s: m.view(s).hand[:3] for s in range(4)}
    assert refused(m, 0, "pass " + " ".join(given[0][:2])) == "hearts.pass"
    assert refused(m, 0, "pass " + " ".join(given[1])) == "hearts.pass"
    m.apply(0, "pass " + " ".join(given[0]))
    assert refused(m, 0, "pass " + " ".join(m.view(0).hand[:3])) == "engine.turn"
    assert zone_of(m.view(0), "passing", 0).pieces == given[0]
    assert zone_of(m.view(1), "passing", 0).pieces == () and zone_of(m.view(1), "passing", 0).hidden == 3
    assert m.game.redact(m.state, 0, parse_action("pass " + " ".join(given[0])), 1) == "pass 3 cards"
    assert len(m.view(1).hand) == 12  # nothing received before everyone has passed
    for s in (1, 2, 3):
        m.apply(s, "pass " + " ".join(given[s]))
    for s in range(4):  # first hand passes to the left
        assert all(c in m.view((s + 1) % 4).hand for c in given[s])
    assert m.view(0).phase == "play"


def test_pass_count_option_and_keeper_hand():
    m = gamenight.load("hearts", seed=3, options={"pass_count": 2})
    assert len(m.legal_actions(0)[0].args) == 2
    m = gamenight.load("hearts", seed=3, options={"pass_count": 0})
    assert m.view(0).phase == "play"
    m = start({}, hand_no=4)
    assert m.view(0).phase == "play"


def test_two_of_clubs_leads():
    m = start({2: "2C 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"})
    assert m.to_act() == (2,)
    assert [str(a) for a in m.legal_actions(2)] == ["play 2C"]
    assert refused(m, 2, "play 3D") == "hearts.lead.lowest-club"


def test_three_of_clubs_leads_when_two_is_in_the_kitty():
    m = start({1: "3C 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"}, kitty="2C 2D AD 2S")
    assert m.to_act() == (1,) and [str(a) for a in m.legal_actions(1)] == ["play 3C"]


def test_kitty_goes_to_first_trick_winner_and_counts():
    m = start({0: "2C AS KS QS JS 10S 9S 8S 7S 6S 5S 4S", 1: "AC 3S 2S 3D 4D 5D 6D 7D 8D 9D 10D JD"},
              kitty="AH KH QH 2D")
    m.apply(0, "play 2C")
    m.apply(1, "play AC")
    assert m.view(1).pieces("kitty") == ()
    for seat in (2, 3):
        m.apply(seat, m.legal_actions(seat)[0])
    assert sorted(m.view(1).pieces("kitty")) == sorted(["QH", "KH", "AH", "2D"])
    assert m.view(0).pieces("kitty") == () and m.view(None).pieces("kitty") == ()
    assert m.view(0).zone("kitty").hidden == 4 and m.view(0).fact("kitty-owner") == 1


def test_hearts_not_led_until_broken_but_queen_of_spades_any_time():
    m = start({0: "2C QS AH KH QH JH 10H 9H 8H 7H 6H 5H", 1: "AC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS",
               2: "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D", 3: "AS 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"},
              kitty="2H 3H 4H AD")
    m.apply(0, "play 2C")
    m.apply(1, "play AC")
    m.apply(2, "play 3C")
    m.apply(3, "play 3D")
    # Seat 1 won; leads spades; seat 0 follows with the queen, which breaks hearts.
    m.apply(1, "play 2S")
    m.apply(2, "play 2D")
    m.apply(3, "play AS")
    assert refused(m, 0, "play AH") == "tricks.follow-suit"
    m.apply(0, "play QS")
    assert m.view(0).fact("hearts-broken") is True and m.to_act() == (3,)
    m.apply(3, "play 4D")
    m.apply(0, "play 5H")
    m.apply(1, "play 3S")
    m.apply(2, "play 4C")
    assert m.to_act() == (3,)


# Seat 1 takes the first trick and leads diamonds; seat 0 takes that trick with the ace and
# leads, holding the queen of spades and hearts only.
WON_BACK = {0: "2C AD QS AH KH QH JH 10H 9H 8H 7H 6H", 1: "AC KC 2D 2S 3S 4S 5S 6S 7S 8S 9S 10S",
            2: "3C 4C 5C 6C 7C 8C 3D 4D 5D 6D 7D 8D", 3: "9C 10C JC QC 9D 10D JD QD KD JS KS AS"}
WON_BACK_MOVES = [(0, "play 2C"), (1, "play AC"), (2, "play 3C"), (3, "play 9C"),
                  (1, "play 2D"), (2, "play 3D"), (3, "play 9D"), (0, "play AD")]


def test_hearts_lead_refused_before_broken():
    m = start(WON_BACK, kitty="2H 3H 4H 5H", moves=WON_BACK_MOVES)
    assert m.to_act() == (0,)
    assert refused(m, 0, "play AH") == "hearts.lead.hearts-broken"
    assert {str(a) for a in m.legal_actions(0)} == {"play QS"}  # the queen of spades may be led any time
    m.apply(0, "play QS")


def test_only_hearts_may_be_led():
    # Seat 0 takes the first trick with the ace of clubs and holds nothing but hearts.
    hearts = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H"
    m = start({0: "AC " + hearts, 1: "2C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"}, kitty="2H 3H KD AD",
              moves=[(1, "play 2C"), (2, "play 3C"), (3, "play 4C"), (0, "play AC")])
    assert m.to_act() == (0,) and not m.view(0).has_fact("hearts-broken")
    assert {str(a) for a in m.legal_actions(0)} == {f"play {c}" for c in hearts.split()}


def test_points_on_first_trick_option():
    m = start({0: "2C 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS", 1: "QS AH KH QH JH 10H 9H 8H 7H 6H 5H 2D"},
              kitty="2H 3H 4H AD", points_on_first_trick=False)
    m.apply(0, "play 2C")
    assert refused(m, 1, "play QS") == "hearts.first-trick.points"
    assert {str(a) for a in m.legal_actions(1)} == {"play 2D"}
    m = start({0: "2C 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS", 1: "QS AH KH QH JH 10H 9H 8H 7H 6H 5H 2D"},
              kitty="2H 3H 4H AD")
    m.apply(0, "play 2C")
    m.apply(1, "play QS")  # the book's main rule allows it


def test_scoring_hearts_one_and_queen_thirteen():
    assert card_points(cards("2H 3H QS 4C")) == 15
    m = played_out(SCORED)
    row = m.sheet.rows[-1]
    assert row.points == (4, 17, 5, 0) and any("[hearts.kitty]" in n for n in row.notes)


def test_power_adds_26_to_everyone_else():
    m = played_out(POWER)
    row = m.sheet.rows[-1]
    assert row.points == (26, 0, 26, 26)
    assert any("[hearts.score.power]" in n for n in row.notes)


def test_game_ends_at_target_and_low_wins():
    m = played_out(SCORED, target=10)
    assert m.over and m.result().winners == (3,)
    m = played_out(SCORED)
    assert not m.over and m.view(0).hand_no == 2  # next hand dealt, dealer passed left


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_whole_seeded_matches_finish(players):
    for seed in range(3):
        m = gamenight.load("hearts", players=players, seed=seed)
        rng = random.Random(seed)
        dealers = [m.view(None).dealer]
        while not m.over:
            seat = rng.choice(m.to_act())
            m.apply(seat, rng.choice(m.legal_actions(seat)))
            if m.view(None).dealer != dealers[-1]:
                dealers.append(m.view(None).dealer)
        assert max(m.sheet.totals) >= 100
        assert all((b - a) % players == 1 for a, b in zip(dealers, dealers[1:]))
        low = min(m.sheet.totals)
        assert all(m.sheet.totals[s] == low for s in m.result().winners)
        again = gamenight.restore(json.loads(m.to_json()))
        assert again.sheet.totals == m.sheet.totals


def test_first_dealer_is_random_and_the_deal_passes_left():
    dealers = {gamenight.load("hearts", seed=s).view(None).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    hands, moves = SCORED
    m = start(hands, kitty=SCORED_KITTY, hand_no=1, pass_count=0)
    dealer = m.view(None).dealer
    for seat, action in moves:
        m.apply(seat, action)
    assert m.view(None).dealer == (dealer + 1) % 4


def pass_all(m) -> dict[int, tuple[str, ...]]:
    """Every seat passes its three highest cards; returns what each seat gave."""
    given = {s: m.view(s).hand[-3:] for s in range(m.players)}
    for s in given:
        m.apply(s, "pass " + " ".join(given[s]))
    return given


@pytest.mark.parametrize("players,hand_no,offset", [
    (4, 1, 1), (4, 2, -1), (4, 3, 2),  # left, right, across
    (5, 3, 2), (6, 3, 2), (7, 3, 2),  # with more than four, across becomes two to the left
    (3, 2, -1),
])
def test_cards_really_travel_by_the_rotation(players, hand_no, offset):
    m = start({}, players=players, hand_no=hand_no)
    assert m.view(0).phase == "passing"
    to = (0 + offset) % players
    assert m.prompt(0) == Prompt("Choose three cards to pass to {0}.", (to,))
    assert not m.view(0).has_fact("pass-to")  # said once, by the prompt
    given = pass_all(m)
    for s, cs in given.items():
        assert all(c in m.view((s + offset) % players).hand for c in cs)
    assert m.view(0).phase == "play"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_keeper_hand_passes_nothing(players):
    m = start({}, players=players, hand_no=4 if players > 3 else 3)
    assert m.view(0).phase == "play" and not m.view(0).has_fact("passed")


TRICKS_OF_FOUR = {0: "2C 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", 1: "AC 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS",
                  2: "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS", 3: "AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"}


def test_highest_of_the_suit_led_wins_with_no_trump_and_winner_leads():
    m = start(TRICKS_OF_FOUR, kitty="QS KH AH 2D")
    for seat, card in ((0, "2C"), (1, "AC"), (2, "3C"), (3, "AD")):
        m.apply(seat, f"play {card}")
    assert m.view(0).fact("tricks") == [0, 1, 0, 0] and m.to_act() == (1,)
    # Spades led: a void seat's heart and a higher-ranked diamond cannot win; the ace of spades does.
    m.apply(1, "play 2S")
    m.apply(2, "play AS")
    m.apply(3, "play 2H")  # void in spades: may discard a heart
    m.apply(0, "play KD")
    assert m.view(0).fact("tricks") == [0, 1, 1, 0] and m.to_act() == (2,)
    assert m.view(0).fact("hearts-broken") is True  # the heart was sluffed


def test_reaching_the_target_exactly_ends_the_game_and_ties_share_the_win():
    m = played_out(SCORED, scores=[96, 43, 55, 99])
    assert m.sheet.totals == (100, 60, 60, 99)
    assert m.over and m.result().winners == (1, 2)

    m = played_out(SCORED, scores=[95, 43, 55, 98])
    assert m.sheet.totals == (99, 60, 60, 98) and not m.over


def test_power_in_a_played_hand_counts_the_kitty():
    # Seat 1 wins the first trick (and the kitty's four hearts), then leads clubs to the end:
    # everyone else, void in clubs, must throw the other hearts and the queen onto its tricks.
    m = start({0: "2C QS AS KS AH KH QH JH 10H 9H 8H 7H", 1: "AC 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
               2: "2S 3S 4S 5S 6S 7S 8S 9S 10S JS 2D 3D", 3: "4D 5D 6D 7D 8D 9D 10D JD QD KD AD 6H"},
              kitty="2H 3H 4H 5H", hand_no=1, pass_count=0)
    m.apply(0, "play 2C")
    m.apply(1, "play AC")
    while not m.sheet.rows:
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[-1])
    row = m.sheet.rows[0]
    assert "the kitty went to seat 1 [hearts.kitty]" in row.notes
    assert row.points == (26, 0, 26, 26)
    assert any("seat 1 took Power [hearts.score.power]" in n for n in row.notes)


def test_rulebook_has_no_trump_clauses_and_reads_in_order():
    spec = gamenight.get_game("hearts").spec
    assert "tricks.trump-wins" not in spec.rules and "tricks.highest-wins" not in spec.rules
    assert "hearts.highest-wins" in spec.rules and "tricks.follow-suit" in spec.rules
    assert spec.sections.index("Dealing") < spec.sections.index("Passing") < spec.sections.index("Scoring")


# --- refusals, views and events ------------------------------------------------------------------
def test_refusals_say_why():
    m = start(WON_BACK, kitty="2H 3H 4H 5H")
    assert refusal(m, 0, "play QS") == ("hearts.lead.lowest-club",
                                        "the first trick is led with your lowest club, 2C")
    assert refusal(m, 0, "play 2D") == ("tricks.from-hand", "you do not hold 2D")
    assert refusal(m, 0, "pass 2C QS AH")[0] == "engine.legal"
    m.apply(0, "play 2C")
    assert refusal(m, 1, "play 2S") == ("tricks.follow-suit", "clubs were led and you hold 2 of them")
    for seat, action in WON_BACK_MOVES[1:]:
        m.apply(seat, action)
    assert refusal(m, 0, "play AH") == ("hearts.lead.hearts-broken", "hearts are not broken yet")


def test_passing_wrong_cards_says_why():
    m = gamenight.load("hearts", seed=3)
    hand = m.view(0).hand
    assert refusal(m, 0, "pass " + " ".join(hand[:2])) == ("hearts.pass", "pass exactly 3 cards, not 2")
    stranger = next(c for c in m.view(1).hand)
    assert refusal(m, 0, f"pass {hand[0]} {hand[1]} {stranger}") == ("hearts.pass", f"you do not hold {stranger}")
    assert refusal(m, 0, f"pass {hand[0]} {hand[0]} {hand[1]}") == ("hearts.pass", f"you hold only one {hand[0]}")
    assert refusal(m, 0, f"play {hand[0]}")[0] == "hearts.pass"


def test_first_trick_points_refusal_says_why():
    m = start({0: "2C 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS", 1: "QS AH KH QH JH 10H 9H 8H 7H 6H 5H 2D"},
              kitty="2H 3H 4H AD", points_on_first_trick=False)
    m.apply(0, "play 2C")
    assert refusal(m, 1, "play AH") == ("hearts.first-trick.points", "no points may be played on the first "
                                        "trick while you hold another card you may play")


def test_the_pass_shows_its_cards_only_to_the_passer_and_the_receiver():
    m = gamenight.load("hearts", seed=3)
    given = {s: m.view(s).hand[:3] for s in range(4)}
    for s in range(4):
        m.view(s)  # start every seat's event stream here
    m.apply(0, parse_action("pass " + " ".join(map(str, given[0]))))
    mine = m.view(0).events
    assert [(e.text, e.seats, e.pieces) for e in mine] == [
        ("{0} passes " + " ".join(map(str, given[0])) + " to {1}", (0, 1), tuple(map(str, given[0])))]
    theirs = m.view(2).events
    assert [(e.text, e.seats, e.pieces) for e in theirs] == [("{0} passes three cards to {1}", (0, 1), ())]
    for s in (1, 2, 3):
        m.apply(s, parse_action("pass " + " ".join(map(str, given[s]))))
    received = [e for e in m.view(1).events if e.kind == "received"]
    assert [(e.text, e.seats) for e in received] == [
        ("You received " + " ".join(map(str, given[0])) + " from {1}", (1, 0))]
    assert not [e for e in m.view(2).events if set(e.pieces) & set(map(str, given[0]))]
    assert not [e for e in m.view(None).events if e.pieces]
    assert all(str(c) not in e.text for e in m.view(3).events for c in given[0])


def test_each_card_played_and_each_trick_taken_is_an_event():
    m = start(TRICKS_OF_FOUR, kitty="QS KH AH 2D")
    m.view(None), m.view(2)  # start the streams here, after the hands before this one
    for seat, card in ((0, "2C"), (1, "AC"), (2, "3C"), (3, "AD")):
        m.apply(seat, f"play {card}")
    events = [(e.text, e.seats, e.pieces, e.kind) for e in m.view(None).events]
    assert events == [("{0} plays 2C", (0,), ("2C",), "play"), ("{0} plays AC", (1,), ("AC",), "play"),
                      ("{0} plays 3C", (2,), ("3C",), "play"), ("{0} plays AD", (3,), ("AD",), "play"),
                      ("{0} takes the trick with AC", (1,), ("AC",), "trick")]
    v = m.view(2)
    assert len(v.events) == 5 and m.view(2).events == ()  # a second look shows nothing new
    assert v.pieces("last-trick") == ("2C", "AC", "3C", "AD") and v.zone("last-trick").by == (0, 1, 2, 3)
    assert v.fact("tricks") == [0, 1, 0, 0] and v.fact("kitty-owner") == 1


def test_facts_zones_and_prompt_in_play():
    m = start(TRICKS_OF_FOUR, kitty="QS KH AH 2D")
    v = m.view(0)
    assert v.phase == "play" and v.to_act == (0,) and v.prompt.text == "Play a card."
    assert v.hand == tuple(["2C", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"])
    assert [z.hidden for z in v.zones if z.name == "hand" and z.owner != 0] == [12, 12, 12]
    assert not v.has_fact("hearts-broken") and not v.has_fact("trump") and v.fact("points") == [0, 0, 0, 0]
    assert m.view(1).prompt.text == ""
    # Seat 3, void in spades, sluffs a heart on the second trick.
    for seat, card in ((0, "2C"), (1, "AC"), (2, "3C"), (3, "AD"), (1, "2S"), (2, "AS"), (3, "2H"), (0, "KD")):
        m.apply(seat, f"play {card}")
    assert m.view(0).fact("hearts-broken") is True


def test_hand_summary_events_name_the_kitty_and_the_queen():
    m = played_out(SCORED)
    texts = [(e.text, e.seats) for e in m.view(None).events if e.kind == "summary"]
    assert ("{0} took the kitty (1 point)", (2,)) in texts  # others learn its points, not its cards
    owner = [(e.text, e.seats) for e in m.view(2).events if e.kind == "summary"]
    assert ("{0} took the kitty: " + SCORED_KITTY + " (1 point)", (2,)) in owner
    assert ("{0} took the queen of spades", (1,)) in texts
    assert ("Points this hand: {0} 4, {1} 17, {2} 5, {3} 0", (0, 1, 2, 3)) in texts
