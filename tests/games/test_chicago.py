"""Chicago (rulebook 004): the deal and the three draws, the verbal showdowns (types, 'same',
naming ranks as in the book's 'two pair, kings high'), the points table, showing before
breaking a declared hand, forfeits, the last trick and the final hand, the 46-point freeze,
52 to win, the options, whole matches and the bot."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import cards
from gamenight.bots import RandomBot, has_heuristic, make_bot
from gamenight.core.cards import standard_deck
from gamenight.engine.actions import Action
from gamenight.engine.view import view_data
from gamenight.games.chicago import NEXT_RANKS, POINTS, claim_value, hand_type, significant, value_of
from gamenight.rulebook.render import build_book
from gamenight.testing import refusal as refusal_of
from gamenight.testing import scenario

DECK = [str(c) for c in standard_deck()]


def start(hands: dict[int, str], players: int = 3, dealer: int = 0, stock: str | None = None,
          totals: list[int] | None = None, **options):
    """Deal known hands (others get what is left, five each in deck order) and begin the first
    draw; ``stock`` lists the next cards drawn, in order; ``totals`` are the scores so far."""
    given = {s: t.split() for s, t in hands.items()}
    top = stock.split() if stock else []
    used = {*top, *(c for h in given.values() for c in h)}
    free = [c for c in DECK if c not in used]
    for s in range(players):
        if s not in given:
            given[s], free = free[:5], free[5:]
    # the game draws from the end of its stock: the first card drawn is the zone's last
    return scenario("chicago", players=players, dealer=dealer, options=options, scores=totals,
                    hands={s: " ".join(h) for s, h in given.items()}, zones={"stock": free + top[::-1]})


def table(m):
    """What everyone may see."""
    return m.view(None)


def finish_hand(m) -> None:
    """Stand at every draw, pass at every showdown and play the first card allowed until the
    hand is scored."""
    rows = len(m.sheet.rows)
    while not m.over and len(m.sheet.rows) == rows:
        s = m.to_act()[0]
        legal = m.legal_actions(s)
        m.apply(s, next((a for a in legal if a in (Action("stand"), Action("pass"))), legal[0]))


def refused(m, seat, action) -> str:
    return refusal_of(m, seat, action).clause_id


def refusal(m, seat, action) -> tuple[str, str]:
    """The clause and the specific reason a move is refused (the match unchanged)."""
    e = refusal_of(m, seat, action)
    return e.clause_id, e.detail


def seen(m, viewer) -> str:
    """Everything ``viewer`` is shown, events included, as JSON text."""
    return json.dumps(view_data(m.view(viewer, since=0)))


def stand_all(m) -> None:
    while table(m).phase == "draw":
        m.apply(m.to_act()[0], "stand")


def say(m, *moves: str) -> None:
    for mv in moves:
        m.apply(m.to_act()[0], mv)


# --- dealing and drawing ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_five_each_rest_is_stock(players):
    m = gamenight.load("chicago", players=players, seed=1)
    assert all(len(m.view(s).hand) == 5 for s in range(players))
    assert table(m).zone("stock").hidden == 52 - 5 * players
    assert table(m).phase == "draw" and m.to_act() == ((table(m).dealer + 1) % players,)


def test_draw_order_and_replacement():
    m = start({1: "2C 3D 4H 9S KC"}, dealer=0, stock="AS AH AD")
    assert m.to_act() == (1,)
    assert refused(m, 1, "discard 5C") == "chicago.draw"
    m.apply(1, "discard 9S 2C 3D")  # any order
    assert sorted(m.view(1).hand) == sorted(["4H", "KC", "AS", "AH", "AD"])
    draw = [e for e in m.events(2) if e.kind == "draw"]
    assert [(e.text, e.seats, e.pieces) for e in draw] == [("{0} discards 3 cards and draws 3", (1,), ())]
    assert [e.text for e in m.events(1) if e.kind == "draw"] == ["{0} discards 2C 3D 9S and draws AS AH AD"]
    assert "2C" not in seen(m, 2)
    assert m.log_view(2)[-1] == "1: discard 3 cards" and m.log_view(1)[-1] == "1: discard 9S 2C 3D"
    assert m.to_act() == (2,)
    m.apply(2, "stand")
    assert m.to_act() == (0,)  # round to the dealer
    m.apply(0, "stand")
    assert table(m).phase == "showdown" and m.to_act() == (1,)


def discard_all(m, seat) -> None:
    m.apply(seat, "discard " + " ".join(m.view(seat).hand))


def test_stock_reshuffled_when_used_up():
    m = start({}, players=4, dealer=0)
    for s in (1, 2, 3, 0):  # the first draw takes 20 of the stock's 32 cards
        discard_all(m, s)
    say(m, "pass", "pass", "pass", "pass")
    discard_all(m, 1)
    discard_all(m, 2)
    assert table(m).zone("stock").hidden == 2 and table(m).zone("discards").hidden == 30
    discard_all(m, 3)  # two from the stock, then three from the discards shuffled
    # the five discards were already on the pile when it became the new stock
    assert len(m.view(3).hand) == 5 and table(m).zone("discards").hidden == 0
    assert table(m).zone("stock").hidden == 32
    assert [e.text for e in m.events(None) if e.kind == "draw"][-2:] == [
        "The stock ran out: the discards are shuffled into a new stock", "{0} discards 5 cards and draws 5"]
    finish_hand(m)
    assert any("[chicago.draw.reshuffle]" in n for n in m.sheet.rows[-1].notes)


# --- showdowns ---------------------------------------------------------------------------------
def test_declarations_must_rise_and_the_best_scores():
    m = start({1: "2C 2D 5H 9S KC", 2: "3C 3D 3H 9D KH", 0: "4C 5D 6H 7S 8C"})
    stand_all(m)
    assert refused(m, 1, "rank 13") == "chicago.showdown.same"
    say(m, "declare pair")
    assert Action("declare", ("pair",)) not in m.legal_actions(2)
    assert refused(m, 2, "declare pair") == "chicago.showdown"
    say(m, "declare three_of_a_kind", "declare straight")
    assert table(m).phase == "draw" and table(m).fact("points") == [4, 0, 0]
    calls = [(e.text, e.seats) for e in m.events(1) if e.kind == "declare"]
    assert calls == [("{0} declares pair", (1,)), ("{0} declares three of a kind", (2,)),
                     ("{0} declares straight", (0,))]
    assert "4C" not in seen(m, 1)  # verbal: nothing is shown
    assert [(e.text, e.seats) for e in m.events(1) if e.kind == "summary"] == [
        ("{0} has the best hand, straight: 4 points", (0,))]
    finish_hand(m)
    assert any("[chicago.score.table]" in n for n in m.sheet.rows[-1].notes)


def test_same_type_names_ranks_two_pair_kings_high():
    """The book's example: 'two pair, kings high'; the other passes or names a higher pair."""
    m = start({1: "KC KD 5H 5S 2C", 2: "AC AD 3H 3S 2D", 0: "7C 8D 9H JS QC"})
    stand_all(m)
    say(m, "declare two_pair", "same")
    assert m.to_act() == (1,)  # the earlier player names first
    assert Action("pass") not in m.legal_actions(1)
    say(m, "rank 13")
    assert m.to_act() == (2,)
    assert Action("rank", (12,)) not in m.legal_actions(2)  # lower than kings: pass instead
    say(m, "rank 14")
    assert table(m).fact("best-by") == [2] and not table(m).has_fact("duel") and m.to_act() == (0,)
    say(m, "pass")
    assert table(m).fact("points") == [0, 0, 2]
    assert table(m).fact("to-prove") == ["", "", "two pair: aces"]


def test_tied_to_the_last_card_nobody_scores():
    m = start({1: "KC KD 5H 5S 2C", 2: "KH KS 5C 5D 2D"}, players=3, dealer=0)
    stand_all(m)
    say(m, "declare two_pair", "same", "rank 13", "rank 13", "rank 5", "rank 5", "rank 2", "rank 2")
    assert table(m).fact("best-by") == [1, 2]
    say(m, "pass")
    assert table(m).fact("points") == [0, 0, 0]
    assert [e.text for e in m.events(None) if e.kind == "summary"] == [
        "{0} and {1} tie with two pair: nobody scores"]
    proofs = table(m).fact("to-prove")
    assert proofs[1] and proofs[2]  # both hold the highest hand: both must prove
    finish_hand(m)
    assert any("[chicago.score.tie]" in n for n in m.sheet.rows[-1].notes)


def test_three_draws_two_showdowns_then_the_tricks_and_the_deal_passes_left():
    """chicago.draw.second: draw, showdown, draw, showdown, a third draw with no showdown, then
    the player to the dealer's left leads (chicago.play.lead); after the hand the deal passes to
    the left (chicago.deal.rotation)."""
    m = start({}, players=3, dealer=2)
    phases = []
    while table(m).phase != "play":
        v = table(m)
        now = (v.phase, v.fact("draw") or v.fact("showdown"))
        if not phases or phases[-1] != now:
            phases.append(now)
        s = m.to_act()[0]
        m.apply(s, "stand" if v.phase == "draw" else "pass")
    assert phases == [("draw", "1 of 3"), ("showdown", "1 of 2"), ("draw", "2 of 3"), ("showdown", "2 of 2"),
                      ("draw", "3 of 3")]
    assert m.to_act() == (0,)
    play_out(m)
    assert table(m).hand_no == 2 and table(m).dealer == 0 and m.to_act() == (1,)


def test_which_draw_and_the_best_declared_are_said_once_in_the_facts_not_again_in_the_prompt():
    """The draw's number and the best hand declared are facts everyone sees; the prompt only asks."""
    m = start({1: "2C 2D 5H 9S KC", 2: "3C 3D 3H 9D KH"})
    v = m.view(1)
    assert v.fact("draw") == "1 of 3"
    assert v.prompt.text == "Discard up to five cards and draw as many, or stand."
    stand_all(m)
    say(m, "declare pair")
    v = m.view(2)
    assert v.fact("best") == "pair" and "pair" not in v.prompt.text
    assert not any(str(f.value) in v.prompt.text for f in v.facts if f.kind.value == "text")


def test_a_duel_is_verbal_nobody_sees_the_duelists_cards():
    """chicago.showdown.verbal: naming ranks in a duel shows no card to anyone else."""
    m = start({1: "KC KD 5H 5S 2C", 2: "KH KS 5C 5D 3D"})
    stand_all(m)
    say(m, "declare two_pair", "same", "rank 13", "rank 13", "rank 5", "rank 5", "rank 2", "rank 3")
    assert table(m).fact("best-by") == [2]
    for viewer in (0, None):
        text = seen(m, viewer)
        assert not any(c in text.split('"') for c in ("KC", "KD", "5H", "5S", "2C", "KH", "KS", "5C", "5D", "3D"))
    calls = [(e.text, e.seats, e.pieces) for e in m.events(0) if e.kind == "declare"]
    assert calls[-1] == ("{0}: two pair: kings, 5s, 3s", (2,), ())
    assert all(pieces == () for _, _, pieces in calls)  # the claim, never the cards


def test_points_table():
    assert [POINTS[t] for t in range(1, 10)] == [1, 2, 3, 4, 5, 6, 7, 8, 52]
    assert hand_type(value_of(cards("AS KS QS JS 10S"))) == 9
    assert hand_type(value_of(cards("9S KS QS JS 10S"))) == 8
    assert significant(value_of(cards("KC KD 5H 5S 2C"))) == (13, 5, 2)
    assert NEXT_RANKS[(2, (13,))][0] == 12 and 13 not in NEXT_RANKS[(2, (13,))]
    # proof: "two pair, kings high" is backed by kings and 5s (or better), not by queens and jacks
    assert value_of(cards("KC KD 5H 5S 2C")) >= claim_value(2, (13,))
    assert value_of(cards("AC AD 3H 3S 2C")) >= claim_value(2, (13,))
    assert value_of(cards("QC QD JH JS 2C")) < claim_value(2, (13,))
    assert value_of(cards("9C 9D 9H 4S 4C")) >= claim_value(2)  # a better type backs a lower claim


def test_royal_flush_scores_52_and_wins_at_the_end_of_the_hand():
    m = start({1: "AS KS QS JS 10S"})
    stand_all(m)
    say(m, "declare royal_flush", "pass", "pass")
    assert table(m).fact("points")[1] == 52 and not m.over
    stand_all(m)
    say(m, "pass", "pass", "pass")
    stand_all(m)
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, m.legal_actions(s)[0])
    assert m.result().winners == (1,) and m.sheet.totals[1] >= 52


# --- proof and forfeit ------------------------------------------------------------------------
def test_must_show_before_breaking_a_declared_hand():
    m = start({1: "KC KD 5H 9S 2C"})
    stand_all(m)
    say(m, "declare pair", "pass", "pass")
    assert m.to_act() == (1,)
    assert Action("discard", tuple(cards("9S"))) in m.legal_actions(1) or \
        Action("discard", tuple(sorted(cards("9S")))) in m.legal_actions(1)
    assert refused(m, 1, "discard KC") == "chicago.draw.expose"
    m.apply(1, "discard 2C 5H")  # the kings stay: no need to show
    m.apply(2, "stand")
    m.apply(0, "stand")
    # declared again later? no: second showdown passes; the claim is still open
    say(m, "pass", "pass", "pass")
    assert m.to_act() == (1,) and Action("show") in m.legal_actions(1)
    m.apply(1, "show")
    shown = next(e for e in m.events(2) if e.kind == "show")
    assert shown.seats == (1,) and "KC" in shown.pieces and shown.text.endswith(": the declaration holds")
    assert "KC" in next(z for z in m.view(2).zones if z.name == "hand" and z.owner == 1).pieces
    assert not table(m).has_fact("to-prove")
    m.apply(1, "discard KC KD")
    assert not m.over


def test_a_bluff_shown_forfeits_the_game():
    m = start({1: "2C 4D 6H 8S 10C"}, players=3)
    stand_all(m)
    say(m, "declare flush", "pass", "pass")
    assert table(m).fact("points")[1] == 5
    assert Action("show") in m.legal_actions(1)
    m.apply(1, "show")
    assert m.over and table(m).fact("forfeited") == [1]
    assert any("[chicago.forfeit]" in n for n in m.sheet.rows[-1].notes)
    r = m.result()
    assert r.ranking[-1] == (1,) and 1 not in r.winners


def test_an_unproven_declaration_forfeits_after_the_tricks():
    m = start({1: "2C 4D 6H 8S 10C", 2: "AC AD 3H 3S 2D"}, players=3)
    stand_all(m)
    say(m, "declare flush", "pass", "pass")
    stand_all(m)
    say(m, "pass", "pass", "pass")
    stand_all(m)
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, m.legal_actions(s)[0])
    assert table(m).fact("forfeited") == [1] and m.result().ranking[-1] == (1,)


def test_a_bluff_drawn_into_is_proven_on_the_table():
    """The declared flush is not there, so there is nothing to show before drawing; the fifth
    spade arrives and the flush is on the table after the tricks: no forfeit."""
    m = start({1: "2S 5S 9S JS KC"}, stock="AC KS")
    m.apply(1, "stand")
    m.apply(2, "discard " + m.view(2).hand[0])  # takes the AC
    m.apply(0, "stand")
    say(m, "declare flush", "pass", "pass")
    assert Action("discard", tuple(cards("KC"))) in m.legal_actions(1)
    m.apply(1, "discard KC")
    assert sorted(m.view(1).hand) == ["2S", "5S", "9S", "JS", "KS"]
    while not m.over and table(m).hand_no == 1:
        s = m.to_act()[0]
        legal = m.legal_actions(s)
        m.apply(s, Action("stand") if Action("stand") in legal else Action("pass") if Action("pass") in legal
                else legal[0])
    assert not table(m).has_fact("forfeited")
    assert any("flush" in n for n in m.sheet.rows[0].notes)


def test_everyone_forfeiting_leaves_no_winner_above_another():
    m = start({1: "2C 4D 6H 8S 10C", 0: "3C 5D 7H 9S JC"}, players=2, dealer=0)
    stand_all(m)
    say(m, "declare flush", "same", "rank 13", "rank 13", "rank 9", "rank 9", "rank 5", "rank 5", "rank 3", "rank 3",
        "rank 2", "rank 2")
    assert [(e.text, e.seats) for e in m.events(None) if e.kind == "summary"] == [
        ("{0} and {1} tie with flush: nobody scores", (1, 0))]
    for _ in range(2):
        stand_all(m)
        if table(m).phase == "showdown":
            say(m, "pass", "pass")
    play_out(m)
    assert m.over and sorted(table(m).fact("forfeited")) == [0, 1]
    assert m.result().ranking == ((0, 1),)


def test_honest_claims_option():
    m = start({1: "KC KD 5H 9S 2C"}, honest_claims=True)
    stand_all(m)
    legal = m.legal_actions(1)
    assert Action("declare", ("pair",)) in legal and Action("declare", ("flush",)) not in legal
    assert refused(m, 1, "declare flush") == "chicago.showdown.honest"


def test_prove_all_option_binds_beaten_declarers():
    hands = {1: "KC KD 5H 9S 2C", 2: "3C 3D 3H 9D KH"}
    m = start(hands, proof="all")
    stand_all(m)
    say(m, "declare pair", "declare three_of_a_kind", "pass")
    assert table(m).fact("to-prove") == ["", "pair", "three of a kind"]
    d = start(hands)
    stand_all(d)
    say(d, "declare pair", "declare three_of_a_kind", "pass")
    assert table(d).fact("to-prove") == ["", "", "three of a kind"]


# --- tricks and the end of the hand -------------------------------------------------------------
def play_out(m) -> None:
    while table(m).phase == "play":
        s = m.to_act()[0]
        m.apply(s, m.legal_actions(s)[0])


def test_last_trick_five_and_final_hand_scores():
    m = start({1: "2C 3C 4C 5C 7D", 0: "9H 9S 9C 9D 2H"}, players=2, dealer=0)
    for _ in range(2):
        stand_all(m)
        say(m, "pass", "pass")
    stand_all(m)
    assert table(m).phase == "play" and m.to_act() == (1,)
    assert refused(m, 1, "play 9H") == "tricks.from-hand"
    say(m, "play 2C")
    assert refused(m, 0, "play 9D") == "tricks.follow-suit"
    say(m, "play 9C", "play 9D", "play 7D", "play 2H", "play 3C", "play 9H", "play 4C")
    assert [list(z.pieces) for z in m.view(None).zones if z.name == "played"] == [
        ["9C", "9D", "2H", "9H"], ["2C", "7D", "3C", "4C"]]
    say(m, "play 9S", "play 5C")
    row = m.sheet.rows[-1]
    assert row.points == (12, 0)
    assert "seat 0 won the last trick: 5 points [chicago.score.last-trick]" in row.notes
    assert "seat 0 has the best hand on the table, four of a kind: 7 [chicago.score.final-hand]" in row.notes


def test_final_hand_tie_scores_nothing():
    m = start({1: "2C 2D 4C 5C 7D", 0: "2H 2S 4D 5D 7H"}, players=2, dealer=0)
    for _ in range(2):
        stand_all(m)
        say(m, "pass", "pass")
    stand_all(m)
    play_out(m)
    row = m.sheet.rows[-1]
    assert sum(row.points) == 5 and any("[chicago.score.tie]" in n for n in row.notes)


def test_cards_played_stay_face_up_in_front_of_the_player():
    m = start({}, players=2)
    for _ in range(2):
        stand_all(m)
        say(m, "pass", "pass")
    stand_all(m)
    s = m.to_act()[0]
    a = m.legal_actions(s)[0]
    m.apply(s, a)
    trick = m.view(1 - s).zone("trick")
    assert trick.pieces == (str(a.args[0]),) and trick.by == (s,)


def test_frozen_at_46_cannot_draw():
    # Seat 1 comes to the second hand with 46: seat 0's four aces take the first hand's tricks and
    # its best hand (12 points), the others score nothing.
    m = start({0: "AS AH AD AC KS", 1: "2C 4D 6H 8S 10C", 2: "3C 5D 7H 9S JC"}, players=3, dealer=2,
              totals=[0, 46, 10])
    finish_hand(m)
    assert m.sheet.totals == (12, 46, 10) and table(m).dealer == 0
    assert m.view(0).fact("frozen") == [1]
    assert refusal(m, 1, "stand") == ("chicago.draw.frozen", "you started this hand with 46 or more points: you play "
                                                             "it with the cards you were dealt")
    assert m.to_act() == (2,)  # seat 1 is skipped
    m.apply(2, "stand")
    m.apply(0, "stand")
    assert table(m).phase == "showdown" and m.to_act() == (1,)  # but still declares


def test_a_match_carried_on_at_46_is_frozen_from_its_first_deal():
    m = start({0: "AS AH AD AC KS"}, players=3, dealer=2, totals=[0, 46, 10])
    assert m.view(0).fact("frozen") == [1]
    assert refusal(m, 1, "stand")[0] == "chicago.draw.frozen"


def test_reaching_46_mid_hand_counts_from_the_next_hand():
    m = start({1: "AS AH AD AC 2C"}, players=3, totals=[0, 40, 0])
    stand_all(m)
    say(m, "declare four_of_a_kind", "pass", "pass")
    assert m.view(0).fact("points")[1] == 7 and m.sheet.totals[1] + 7 == 47
    assert m.to_act() == (1,)  # still draws this hand


def test_game_ends_at_target_and_highest_wins():
    m = start({}, players=2, totals=[51, 50], target=52)
    for _ in range(2):
        stand_all(m)
        say(m, "pass", "pass")
    stand_all(m)
    play_out(m)
    assert m.over
    t = m.sheet.totals
    assert max(t) >= 52
    r = m.result()
    assert r.winners == tuple(s for s in (0, 1) if t[s] == max(t))


def test_options_in_the_book():
    spec = gamenight.get_game("chicago").spec
    opts = gamenight.load("chicago", options={"target": 100, "last_trick": 10, "honest_claims": True},
                          seed=1).options
    book = build_book(spec, opts)
    text = " ".join(line.text for _, lines in book.sections for line in lines)
    assert "100 points" in text and "10 points" in text and "Only declarations your hand can back up" in text
    default = " ".join(line.text for _, lines in build_book(spec).sections for line in lines)
    assert "royal flush 52" in default and "46 or more points" in default


# --- whole matches and the bot -----------------------------------------------------------------
def run_match(seed: int, heuristic: set[int], players: int = 4, **options):
    m = gamenight.load("chicago", players=players, seed=seed, options=options)
    rng = random.Random(seed)
    bots = {s: make_bot("chicago") if s in heuristic else RandomBot() for s in range(players)}
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
    return m


def test_bots_play_whole_matches_to_52():
    m = run_match(3, {0, 1, 2}, players=3)
    assert m.over and not table(m).has_fact("forfeited") and max(m.sheet.totals) >= 52
    again = gamenight.restore(json.loads(m.to_json()))
    assert again.sheet.to_dict() == m.sheet.to_dict()


def decide(m, seat):
    return make_bot("chicago").choose(m.view(seat), m.legal_actions(seat), random.Random(0))


def test_bot_decisions():
    assert has_heuristic("chicago")
    m = start({1: "KC KD KH 5S 2C", 2: "AC AD 3H 3S 2D"})
    a = decide(m, 1)
    assert a.verb == "discard" and {str(c) for c in a.args} == {"5S", "2C"}
    stand_all(m)
    assert decide(m, 1) == Action("declare", ("three_of_a_kind",))
    m.apply(1, "declare two_pair")
    assert decide(m, 2) == Action("same")
    m.apply(2, "same")
    m.apply(1, "rank 13")
    assert decide(m, 2) == Action("rank", (14,))
    # the bot shows before breaking a declared pair for a straight-flush draw, then draws to it
    m2 = start({1: "9S 10S JS QS 9C"})
    stand_all(m2)
    say(m2, "declare pair", "pass", "pass")
    assert refused(m2, 1, "discard 9C") == "chicago.draw.expose"
    assert decide(m2, 1) == Action("show")
    m2.apply(1, "show")
    assert decide(m2, 1) == Action("discard", tuple(cards("9C")))


def test_bot_beats_random():
    n = 20
    won = sum(run_match(seed, {seed % 4}, honest_claims=True).result().winners == (seed % 4,) for seed in range(n))
    assert won / n >= 0.7  # a random seat wins a quarter of the time
    never_forfeits = all(seed % 4 not in table(run_match(seed, {seed % 4})).fact("forfeited", [])
                         for seed in range(20))
    assert never_forfeits


# --- refusals say why ---------------------------------------------------------------------------------
def test_draw_refusals_say_why():
    m = start({1: "KC KD 5H 9S 2C"})
    assert refusal(m, 1, "discard 5C") == ("chicago.draw", "you do not hold 5C")
    assert refusal(m, 1, "discard 2C 2C") == ("chicago.draw", "name each card once")
    assert refusal(m, 1, "fold") == ("chicago.draw", "stand, or discard one to five cards")
    assert refusal(m, 1, "show") == ("chicago.draw.expose", "you have shown your hand, or have no declaration to "
                                                            "prove")
    stand_all(m)
    say(m, "declare pair", "pass", "pass")
    assert refusal(m, 1, "discard KC") == ("chicago.draw.expose", "those cards make the hand you declared: show your "
                                                                  "hand first")


def test_showdown_refusals_say_why():
    m = start({1: "KC KD 5H 5S 2C", 2: "AC AD 3H 3S 2D", 0: "7C 8D 9H JS QC"})
    stand_all(m)
    assert refusal(m, 1, "rank 13") == ("chicago.showdown.same", "ranks are named only when two players hold the "
                                                                 "same type")
    assert refusal(m, 1, "same") == ("chicago.showdown.same", "nobody has declared a hand to be the same as")
    say(m, "declare two_pair")
    assert refusal(m, 2, "declare pair") == ("chicago.showdown", "two pair has been declared: declare a higher type, "
                                                                 "the same, or pass")
    say(m, "same")
    assert refusal(m, 1, "pass") == ("chicago.showdown.same", "name the next rank of your two pair")
    assert refusal(m, 1, "rank 2") == ("chicago.showdown.same", "no two pair has that rank next")
    say(m, "rank 13")
    assert refusal(m, 2, "rank 12") == ("chicago.showdown.same", "the other hand has kings: name that or higher, or "
                                                                 "pass")
    honest = start({1: "KC KD 5H 9S 2C"}, honest_claims=True)
    stand_all(honest)
    assert refusal(honest, 1, "declare flush") == ("chicago.showdown.honest", "your hand does not hold that")


def test_the_showdown_events_say_the_claims_and_the_score_never_the_cards():
    m = start({1: "KC KD 5H 5S 2C", 2: "AC AD 3H 3S 2D", 0: "7C 8D 9H JS QC"})
    stand_all(m)
    say(m, "declare two_pair", "same", "rank 13", "rank 14", "pass")
    events = [(e.text, e.seats, e.pieces) for e in m.events(0) if e.kind in ("declare", "summary")]
    assert events == [("{0} declares two pair", (1,), ()), ("{0} has the same: two pair", (2,), ()),
                      ("{0}: two pair: kings", (1,), ()), ("{0}: two pair: aces", (2,), ()),
                      ("{0} passes", (0,), ()), ("{0} has the best hand, two pair: aces: 2 points", (2,), ())]
    assert m.view(0).fact("to-prove") == ["", "", "two pair: aces"]
