"""Euchre (rulebook 000): scripted hands for every clause and option, the book's scoring table."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import parse_action
from gamenight.core.cards import euchre_deck
from gamenight.engine.actions import Action
from gamenight.engine.legality import narrow
from gamenight.families.tricks import SUIT_WORDS, bower_tables
from gamenight.testing import refusal as refusal_of
from gamenight.testing import scenario


def start(hands: dict[int, str], upcard: str, dealer: int = 0, scores=None, **options):
    """The first hand, dealt by ``dealer``: known ``hands`` (others get the rest) and ``upcard``."""
    return scenario("euchre", dealer=dealer, hands=hands, zones={"upcard": upcard}, scores=scores,
                    options={"no_ace_no_face": "off", **options})


def refused(m, seat, action) -> str:
    return refusal_of(m, seat, action).clause_id


def refusal(m, seat, action) -> tuple[str, str]:
    """The clause and the specific reason a move is refused (the match unchanged)."""
    e = refusal_of(m, seat, action)
    return e.clause_id, e.detail


def seen(m, viewer) -> list[tuple[str, tuple, tuple]]:
    """The events ``viewer`` has not looked at yet: text, seats, pieces."""
    return [(e.text, e.seats, e.pieces) for e in m.view(viewer).events]


def play_highest(m) -> None:
    """Everyone plays their most powerful legal card until the hand is scored."""
    rows = len(m.sheet.rows)
    while len(m.sheet.rows) == rows:
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        _, power = bower_tables(SUIT_WORDS.index(m.view(seat).fact("trump")))
        m.apply(seat, max(legal, key=lambda a: power[a.args[0]]))


WEAK = "9C 10C 9S 10S 9D"


def test_deck_deal_and_upcard():
    m = gamenight.load("euchre", seed=5)
    # the kitty's cards are seen by no one: only the state shows the whole deck
    assert sorted(map(int, m.state.deck)) == sorted(map(int, euchre_deck())) and len(m.state.deck) == 24
    v = m.view(None)
    assert [z.hidden for z in v.zones if z.name == "hand"] == [5] * 4
    assert v.zone("kitty").hidden == 3 and len(v.pieces("upcard")) == 1
    assert m.to_act() == ((v.dealer + 1) % 4,)
    assert gamenight.get_game("euchre").spec.teams(4) == ((0, 2), (1, 3))
    assert m.sheet.columns == ("seats 0 & 2", "seats 1 & 3")


def test_first_dealer_is_random():
    dealers = {gamenight.load("euchre", seed=s).view(None).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_order_up_dealer_picks_up_and_discards_face_down():
    m = start({0: "9H 10H QS KS AS", 1: "JH JD AH KC AC"}, upcard="KH", dealer=0)
    assert m.to_act() == (1,)
    m.apply(1, "order")
    assert m.view(0).phase == "discarding" and m.to_act() == (0,)
    assert "KH" in m.view(0).hand and len(m.view(0).hand) == 6
    assert m.view(1).zone("upcard") is None  # picked up: whether the dealer then discards it is secret
    assert [z.hidden for z in m.view(1).zones if z.name == "hand"] == [6, 0, 5, 5]
    m.apply(0, "discard 9H")
    assert m.view(1).fact("trump") == "hearts" and m.view(1).phase == "play"
    assert m.view(0).pieces("discard") == ("9H",) and m.view(1).pieces("discard") == ()
    assert m.view(1).zone("discard").hidden == 1
    g = m.game
    assert g.redact(m.state, 0, parse_action("discard 9H"), 1) == "discard a card"
    assert g.redact(m.state, 0, parse_action("discard 9H"), 0) == "discard 9H"
    assert m.to_act() == (1,)  # player left of the dealer leads


def test_discard_must_be_held():
    m = start({0: "9H 10H QS KS AS"}, upcard="KH", dealer=0)
    m.apply(1, "pass")
    m.apply(2, "pass")
    m.apply(3, "order")
    assert refused(m, 0, "discard AH") == "euchre.order.discard"
    assert refused(m, 1, "discard 9C") == "engine.turn"


def test_dealer_partner_must_go_alone():
    m = start({2: "JH JD AH KH QH"}, upcard="9H", dealer=0)
    m.apply(1, "pass")
    assert Action("order") not in m.legal_actions(2)
    assert refused(m, 2, "order") == "euchre.order.partner-alone"
    m.apply(2, "order alone")
    v = m.view(0)
    assert v.fact("alone") and v.fact("maker") == 2 and v.fact("sitting-out") == 0
    assert v.phase == "play" and len(v.hand) == 5  # the dealer sits out and does not pick up
    assert m.to_act() == (1,)


def test_dealer_partner_option_off():
    m = start({2: "JH JD AH KH QH"}, upcard="9H", dealer=0, partner_must_go_alone=False)
    m.apply(1, "pass")
    m.apply(2, "order")
    assert m.view(0).phase == "discarding" and not m.view(0).has_fact("alone")


def test_turned_down_then_call_another_suit():
    m = start({}, upcard="KH", dealer=3)
    for seat in (0, 1, 2, 3):
        m.apply(seat, "pass")
    assert m.view(1).phase == "calling trump" and m.to_act() == (0,)
    assert m.view(1).fact("turned-down") == "hearts"
    assert refused(m, 0, "call hearts") == "euchre.call.not-declined"
    assert refused(m, 0, "order") == "euchre.call"
    m.apply(0, "pass")
    m.apply(1, m.game.parse("call S"))
    v = m.view(0)
    assert v.fact("trump") == "spades" and v.fact("maker") == 1 and v.phase == "play"
    assert m.to_act() == (0,)


def test_parse_call_forms():
    g = gamenight.get_game("euchre")
    assert g.parse("call H alone") == Action("call", ("hearts", "alone"))
    assert g.parse("call clubs") == Action("call", ("clubs",))
    assert parse_action(str(g.parse("call d alone"))) == g.parse("call d alone")


def test_all_pass_twice_throws_in_and_deal_passes_left():
    m = start({}, upcard="KH", dealer=3)
    for _ in range(8):
        m.apply(m.to_act()[0], "pass")
    row = m.sheet.rows[-1]
    assert row.points == (0, 0) and any("[euchre.throw-in]" in n for n in row.notes)
    assert m.view(0).dealer == 0 and m.view(0).phase == "ordering up" and m.to_act() == (1,)


def test_no_ace_no_face_automatic():
    # The scenario builder checks the deal it stacked is on the table, and this one is thrown in
    # as it lands: stack it with the option off, then deal the same deck under the automatic rule.
    off = start({2: "9C 10C 9S 10S 9D"}, upcard="KH", dealer=0)
    m = gamenight.load("euchre", seed=off.seed, chance=off.chance)
    assert m.view(None).dealer == 1  # the deal passed left
    row = m.sheet.rows[0]
    assert row.points == (0, 0) and any("[euchre.no-ace-no-face]" in n for n in row.notes)
    assert m.view(None).phase == "ordering up"


def test_no_ace_no_face_called_keep_or_redeal():
    m = start({3: "9C 10C 9S 10S 9D"}, upcard="KH", dealer=0, no_ace_no_face="called")
    assert m.view(3).phase == "no ace, no face" and m.to_act() == (3,)
    assert refused(m, 1, "pass") == "engine.turn"
    m.apply(3, "keep")
    assert m.view(3).phase == "ordering up" and m.to_act() == (1,)

    m = start({3: "9C 10C 9S 10S 9D"}, upcard="KH", dealer=0, no_ace_no_face="called")
    m.apply(3, "redeal")
    assert m.view(None).dealer == 1
    assert any("[euchre.no-ace-no-face.called]" in n for n in m.sheet.rows[-1].notes)


def test_no_ace_no_face_off_plays_on():
    m = start({3: "9C 10C 9S 10S 9D"}, upcard="KH", dealer=0)
    assert m.view(3).phase == "ordering up" and not m.sheet.rows


def test_right_and_left_bowers_outrank_the_ace_of_trumps():
    m = start({1: "AH 9C 9S 10S 10C", 2: "JD QC QS KS 9D", 3: "JH AC AS KC 10D", 0: "KD AD QD 10H 9H"},
              upcard="QH", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard KD")
    m.apply(1, "play AH")
    m.apply(2, "play JD")  # the left bower is a trump
    m.apply(3, "play JH")
    m.apply(0, "play 9H")
    assert m.view(0).fact("tricks")[3] == 1 and m.to_act() == (3,)


def test_left_bower_beats_the_ace_of_trumps():
    m = start({1: "AH 9C 9S 10S 10C", 2: "JD QC QS KS 9D", 3: "AC AS KC 10D QD", 0: "KD AD JC JS 10H"},
              upcard="QH", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard KD")
    m.apply(1, "play AH")
    m.apply(2, "play JD")
    m.apply(3, "play AC")
    assert refused(m, 0, "play AD") == "tricks.follow-suit"
    m.apply(0, "play 10H")
    assert m.view(0).fact("tricks") == [0, 0, 1, 0] and m.to_act() == (2,)


def held(m, seat) -> tuple[list[str], tuple[int, ...]]:
    """``seat``'s hand as its own view lists it, and the groups it is held in."""
    [hand] = [z for z in m.view(seat).zones if z.name == "hand" and z.owner == seat]
    return list(hand.pieces), hand.held


def test_the_hand_is_held_with_the_bowers_at_the_head_of_the_trumps():
    m = start({1: "9H JD AS JH AH"}, upcard="QD", dealer=3)
    # before trump is named: by suit, colours alternating, ace high; the jack of diamonds is a diamond
    assert held(m, 1) == (["AS", "AH", "JH", "9H", "JD"], (1, 3, 1))
    for seat in (0, 1, 2, 3, 0):
        m.apply(seat, "pass")
    m.apply(1, m.game.parse("call hearts"))
    # hearts trump: right bower, left bower, then A K Q 10 9 of trumps, then the other suits
    assert held(m, 1) == (["JH", "JD", "AH", "9H", "AS"], (4, 1))
    assert "JD" in held(m, 1)[0][:held(m, 1)[1][0]]  # the left bower is held among the trumps


def test_left_bower_follows_trump_not_its_printed_suit():
    # Hearts trump: the jack of diamonds is a heart.
    m = start({1: "9D QD KS AS AC", 2: "JD QS 9S 10S KC", 3: "9C 10C JC QC KD"},
              upcard="AH", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard " + m.view(0).hand[0])
    m.apply(1, "play 9D")
    # Seat 2 holds the JD but no other diamond: it is void in diamonds and may play anything.
    legal = {str(a) for a in m.legal_actions(2)}
    assert legal == {"play JD", "play QS", "play 9S", "play 10S", "play KC"}
    m.apply(2, "play QS")
    m.apply(3, "play KD")
    m.apply(0, str(m.legal_actions(0)[0]))


def test_left_bower_must_follow_a_trump_lead():
    m = start({1: "KH 9C 9S AS AC", 2: "JD QD QS 9D 10S"}, upcard="AH", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard " + m.view(0).hand[0])
    m.apply(1, "play KH")
    assert [str(a) for a in m.legal_actions(2)] == ["play JD"]
    assert refused(m, 2, "play 9D") == "tricks.follow-suit"


def test_diamond_lead_does_not_force_the_left_bower():
    m = start({1: "9D QC KS AS AC", 2: "JD 10D QS 9S 10S"}, upcard="AH", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard " + m.view(0).hand[0])
    m.apply(1, "play 9D")
    assert [str(a) for a in m.legal_actions(2)] == ["play 10D"]
    assert refused(m, 2, "play JD") == "tricks.follow-suit"


def test_going_alone_march_scores_4():
    m = start({1: "JH JD AH KH QH"}, upcard="9H", dealer=0)
    m.apply(1, "order alone")
    m.apply(0, "discard " + m.view(0).hand[0])
    assert m.view(0).fact("sitting-out") == 3
    play_highest(m)
    row = m.sheet.rows[-1]
    assert row.points == (0, 4) and any("[euchre.score.alone]" in n for n in row.notes)


def test_lone_hand_sitting_out_leader_is_skipped():
    # Dealer 0; seat 3 goes alone, so its partner, seat 1 (left of the dealer), sits out.
    m = start({3: "JH JD AH KH QH"}, upcard="9H", dealer=0)
    m.apply(1, "pass")
    m.apply(2, "pass")
    m.apply(3, "order alone")
    m.apply(0, "discard " + m.view(0).hand[0])
    assert m.view(0).fact("sitting-out") == 1
    assert m.to_act() == (2,)  # the next player in rotation leads [euchre.alone.lead]


def test_march_scores_2_and_euchre_scores_2_to_defenders():
    m = start({1: "JH JD AH KH QH"}, upcard="9H", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard " + m.view(0).hand[0])
    play_highest(m)
    assert m.sheet.rows[-1].points == (0, 2)
    assert any("[euchre.score.march]" in n for n in m.sheet.rows[-1].notes)

    m = start({0: "JH JD AH KH QH", 1: WEAK}, upcard="9H", dealer=2)
    m.apply(3, "pass")
    m.apply(0, "pass")
    m.apply(1, "order")
    m.apply(2, "discard " + m.view(2).hand[0])
    play_highest(m)
    row = m.sheet.rows[-1]
    assert row.points == (2, 0) and any("[euchre.score.euchre]" in n for n in row.notes)


def test_three_or_four_tricks_score_1():
    # Seat 1 holds the top three trumps; seat 0 holds the off aces and wins two tricks.
    m = start({1: "JH JD AH 9C 9S", 0: "AC AS KC KS AD", 2: "10C 10S QC QS 10D", 3: "QD KD 9D JC JS"},
              upcard="9H", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard AD")
    play_highest(m)
    row = m.sheet.rows[-1]
    assert row.points == (0, 1) and any("[euchre.score.made]" in n for n in row.notes)


def test_game_to_target_and_winner():
    m = start({1: "JH JD AH KH QH"}, upcard="9H", dealer=0, target=2)
    m.apply(1, "order")
    m.apply(0, "discard " + m.view(0).hand[0])
    play_highest(m)
    assert m.over and m.result().winners == (1, 3)


def test_whole_seeded_matches_finish():
    for seed in range(25):
        m = gamenight.load("euchre", seed=seed)
        rng = random.Random(seed)
        while not m.over:
            seat = rng.choice(m.to_act())
            m.apply(seat, rng.choice(m.legal_actions(seat)))
        assert max(m.sheet.totals) >= 10
        assert all(len(m.sheet.columns) == len(r.points) for r in m.sheet.rows)
        again = gamenight.restore(json.loads(m.to_json()))
        assert again.sheet.totals == m.sheet.totals


def test_lone_hand_taking_three_or_four_scores_the_normal_point():
    # "If you take all five tricks, you get double points! Otherwise it is all the normal amount of points."
    m = start({1: "JH JD AH 9C 9S", 0: "AC AS KC KS AD", 2: "10C 10S QC QS 10D", 3: "QD KD 9D JC JS"},
              upcard="9H", dealer=0)
    m.apply(1, "order alone")
    m.apply(0, "discard AD")
    assert m.view(0).fact("sitting-out") == 3
    play_highest(m)
    row = m.sheet.rows[-1]
    assert row.points == (0, 1) and any("alone took" in n and "[euchre.score.made]" in n for n in row.notes)


def test_lone_hand_euchred_gives_the_defenders_2():
    m = start({0: "JH JD AH KH QH", 1: WEAK}, upcard="9H", dealer=2)
    m.apply(3, "pass")
    m.apply(0, "pass")
    m.apply(1, "order alone")
    m.apply(2, "discard " + m.view(2).hand[0])
    play_highest(m)
    row = m.sheet.rows[-1]
    assert row.points == (2, 0) and any("[euchre.score.euchre]" in n for n in row.notes)


def test_dealer_orders_up_alone_picks_up_and_partner_sits_out():
    m = start({0: "JH JD AH KH 9C"}, upcard="QH", dealer=0)
    for seat in (1, 2, 3):
        m.apply(seat, "pass")
    m.apply(0, "order alone")
    assert m.view(0).phase == "discarding" and "QH" in m.view(0).hand
    m.apply(0, "discard 9C")
    assert m.view(0).fact("sitting-out") == 2 and m.view(0).fact("trump") == "hearts"
    assert m.to_act() == (1,)


def test_calling_alone_in_the_second_round():
    m = start({3: "JS JC AS KS QS"}, upcard="9H", dealer=0)
    for seat in (1, 2, 3, 0, 1, 2):
        m.apply(seat, "pass")
    m.apply(3, "call spades alone")
    v = m.view(0)
    assert v.fact("alone") and v.fact("maker") == 3 and v.fact("trump") == "spades" and v.phase == "play"
    assert v.fact("sitting-out") == 1 and len(v.hand) == 5  # no pick-up in round two
    assert m.to_act() == (2,)  # seat 1, left of the dealer, sits out: the next player leads


def test_dealer_partner_is_not_forced_alone_when_calling():
    # The dealer's partner must go alone only to take the turned-up suit, not to call another.
    m = start({2: "JS JC AS KS QS"}, upcard="9H", dealer=0)
    for seat in (1, 2, 3, 0, 1):
        m.apply(seat, "pass")
    m.apply(2, "call spades")
    assert not m.view(0).has_fact("alone") and not m.view(0).has_fact("sitting-out")


def test_match_ends_as_soon_as_a_team_reaches_10():
    m = start({1: "JH JD AH KH QH"}, upcard="9H", dealer=0, scores=[9, 8])
    m.apply(1, "order")
    m.apply(0, "discard " + m.view(0).hand[0])
    play_highest(m)
    assert m.sheet.totals == (9, 10) and m.over and m.result().winners == (1, 3)
    assert m.to_act() == () and m.legal_actions(1) == []


# --- refusals, facts and events --------------------------------------------------------------------
def test_refusals_say_why():
    m = start({0: "9H 10H QS KS AS"}, upcard="KH", dealer=0)
    assert refusal(m, 1, "call spades") == ("euchre.order",
                                            "now each player in turn orders the dealer to pick up KH or passes")
    m.apply(1, "pass")
    assert refusal(m, 2, "order") == ("euchre.order.partner-alone",
                                      "the dealer's partner may order the dealer up only by going alone")
    m.apply(2, "pass")
    m.apply(3, "pass")
    m.apply(0, "pass")
    assert refusal(m, 1, "call hearts") == ("euchre.call.not-declined",
                                            "hearts were turned down and may not be called")
    assert refusal(m, 1, "order") == ("euchre.call", "now each player in turn calls a trump suit or passes")


def test_bidding_again_after_a_pass_cites_the_one_chance_a_round():
    m = start({}, upcard="KH", dealer=0)
    m.apply(1, "pass")
    assert refusal(m, 1, "order") == ("euchre.order", "you have passed: each player gets one chance in this round")
    assert refusal(m, 3, "order") == ("engine.turn", "it is not your turn")  # not passed yet: just wait
    for seat in (2, 3, 0):
        m.apply(seat, "pass")
    assert m.view(1).phase == "calling trump" and m.to_act() == (1,)
    m.apply(1, "pass")  # a new round, a new chance: and passing in it is final again
    assert refusal(m, 1, "call spades") == ("euchre.call", "you have passed: each player gets one chance in this "
                                            "round")


def test_discard_refusals_say_why():
    m = start({0: "9H 10H QS KS AS"}, upcard="KH", dealer=0)
    m.apply(1, "order")
    assert refusal(m, 0, "discard AH") == ("euchre.order.discard", "you do not hold AH")
    assert refusal(m, 0, "discard 9") == ("euchre.order.discard", "discard one card")
    assert refusal(m, 0, "pass") == ("euchre.order.discard",
                                     "having picked up KH, the dealer discards one card face down")


def test_ordering_up_and_the_dealers_discard_are_events_the_discard_private():
    m = start({0: "9H 10H QS KS AS", 1: "JH JD AH KC AC"}, upcard="KH", dealer=0)
    assert seen(m, None)[-1] == ("{0} deals and turns up KH", (0,), ("KH",))
    for s in (0, 1, 2, 3):
        m.view(s)
    m.apply(1, "order")
    assert seen(m, 2) == [("{0} orders {1} to pick up KH: hearts are trump", (1, 0), ("KH",))]
    m.apply(0, "discard 9H")
    assert seen(m, 0)[-1] == ("{0} discards 9H", (0,), ("9H",))
    assert seen(m, 2) == [("{0} discards a card face down", (0,), ())]
    assert seen(m, 3)[-1] == seen(m, None)[-1] == ("{0} discards a card face down", (0,), ())
    v = m.view(3)
    assert v.fact("trump") == "hearts" and v.fact("maker") == 1 and not v.has_fact("alone")


def test_naming_trump_and_going_alone_are_events_and_facts():
    m = start({3: "JS JC AS KS QS"}, upcard="9H", dealer=0)
    m.view(None)
    for seat in (1, 2, 3, 0, 1, 2):
        m.apply(seat, "pass")
    m.apply(3, "call spades alone")
    events = seen(m, None)
    assert ("{0} passes and turns 9H down", (0,), ("9H",)) in events
    assert events[-2:] == [("{0} names spades trump", (3,), ()), ("{0} goes alone: {1} sits out", (3, 1), ())]
    v = m.view(2)
    assert v.fact("alone") is True and v.fact("sitting-out") == 1 and v.fact("maker") == 3
    assert v.zone("upcard").label == "Turned down" and not v.has_fact("turned-down")
    assert v.prompt.text == "Play a card."


def test_prompts_name_the_dealer():
    m = start({}, upcard="KH", dealer=0)
    p = m.prompt(1)
    assert p.text == "Order {0} to pick up KH (alone or with your partner), or pass." and p.seats == (0,)
    m.apply(1, "pass")
    assert m.prompt(2).text == "Order {0} to pick up KH and go alone, or pass."
    m.apply(2, "pass")
    m.apply(3, "pass")
    assert m.prompt(0) == "Pick up KH as trump (alone or with your partner), or pass."
    m.apply(0, "pass")
    assert m.prompt(1) == "Call a trump suit other than hearts (alone or with your partner), or pass."


def test_hand_summary_names_the_makers():
    m = start({1: "JH JD AH KH QH"}, upcard="9H", dealer=0)
    m.apply(1, "order")
    m.apply(0, "discard " + m.view(0).hand[0])
    m.view(None)
    play_highest(m)
    assert ("{0} and {1} took all 5 tricks: 2 points", (1, 3), ()) in seen(m, None)
    assert m.sheet.rows[-1].notes[1].text == "seats 1 & 3 took all 5 tricks: 2 points"  # both makers, not seat 1


@pytest.mark.parametrize("preset", ["standard", "called_redeal"])
def test_the_listed_moves_are_the_making_cascades(preset):
    """``legal_actions`` lists the bidding moves by a fast path; it must be what the cascade keeps."""
    for seed in range(12):
        m = gamenight.load("euchre", seed=seed, preset=preset,
                           options={"partner_must_go_alone": seed % 3 != 0})
        rng = random.Random(seed)
        while not m.over:
            if m.view(None).phase != "play":
                seat = m.to_act()[0]
                assert m.legal_actions(seat) == list(narrow(m.game.making_cascade(m.state, seat)))
            seat = rng.choice(m.to_act())
            m.apply(seat, rng.choice(m.legal_actions(seat)))
