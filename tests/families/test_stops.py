"""The stops (sevens) layout family: what starts a suit, building down and up, ace high or
low, cards out of the game (skip or block), and that a skipped gap never deadlocks."""

from __future__ import annotations

import random

import pytest

from gamenight.core.cards import card_text, cards, standard_deck
from gamenight.engine.view import ZoneKind
from gamenight.families.stops import GAP_BLOCK, GAP_SKIP, Layout, StopsRules, layout_clauses

DECK = standard_deck()


def names(faces) -> set[str]:
    return {card_text(c) for c in faces}


def layout(removed: str = "", **rules) -> Layout:
    gone = {int(c) for c in cards(removed)}
    return Layout.new(StopsRules(**rules), [c for c in DECK if int(c) not in gone])


def lay(lay_out: Layout, text: str) -> None:
    for c in cards(text):
        assert lay_out.can_play(c), f"{c} should be playable"
        lay_out.play(c)


def test_sevens_start_every_suit_and_suits_build_both_ways():
    lo = layout()
    assert names(lo.playable_faces()) == {"7C", "7D", "7H", "7S"}
    lay(lo, "7H")
    assert names(lo.playable_faces()) == {"7C", "7D", "7S", "6H", "8H"}
    assert not lo.can_play(cards("5H")[0]) and not lo.can_play(cards("9H")[0])
    lay(lo, "6H 8H 9H 5H")
    assert names(lo.playable_faces()) >= {"4H", "10H"}
    assert [str(c) for c in lo.suit_cards(2)] == ["5H", "6H", "7H", "8H", "9H"]
    assert [str(c) for c in lo.ends(2)] == ["5H", "9H"] and lo.ends(3) is None
    zone = lo.zone()
    assert zone.kind is ZoneKind.LAYOUT and zone.visible_to is None
    assert [str(c) for c in zone.pieces] == ["5H", "6H", "7H", "8H", "9H"] and list(zone.at) == ["hearts"] * 5
    assert lo.why_not(cards("3H")[0]) == "3H does not go next to either end of the hearts, 5H to 9H"
    assert lo.why_not(cards("5S")[0]) == "spades are not started: a 7 starts a suit"


def test_aces_on_top_of_kings_or_below_the_twos():
    hi = layout()
    lay(hi, "7S 6S 5S 4S 3S 2S")
    assert not hi.can_play(cards("AS")[0])  # ace high: not below the 2
    lay(hi, "8S 9S 10S JS QS KS AS")
    assert hi.suit_complete(3)
    assert str(hi.ends(3)[1]) == "AS"
    low = layout(ace_high=False)
    lay(low, "7S 8S 9S 10S JS QS KS")
    assert not low.can_play(cards("AS")[0])  # ace low: not on the king
    lay(low, "6S 5S 4S 3S 2S AS")
    assert low.suit_complete(3) and str(low.ends(3)[0]) == "AS"


def test_a_given_first_card_and_no_new_suits_once_started():
    lo = layout(first_card=int(cards("7D")[0]))
    assert names(lo.playable_faces()) == {"7D"}
    lay(lo, "7D")
    assert "7C" in names(lo.playable_faces())
    closed = layout(open_any_time=False)
    lay(closed, "7C")
    assert names(closed.playable_faces()) == {"6C", "8C"}


def test_missing_card_skipped_the_next_card_in_play_continues():
    lo = layout("3C", gap="skip")
    lay(lo, "7C 6C 5C 4C")
    assert lo.can_play(cards("2C")[0])
    assert not lo.dead()
    lay(lo, "2C")
    assert str(lo.ends(0)[0]) == "2C"


def test_missing_card_blocks_the_suit_and_what_is_beyond_is_dead():
    lo = layout("3C", gap="block")
    lay(lo, "7C 6C 5C 4C")
    assert not lo.can_play(cards("2C")[0])
    assert names(lo.dead()) == {"2C"}
    assert not lo.can_ever_play(cards("2C"))
    assert lo.can_ever_play(cards("2C 9C"))
    assert not lo.suit_complete(0)


def test_missing_starting_card():
    skip = layout("7H", gap="skip")
    assert "8H" in names(skip.playable_faces())
    lay(skip, "8H")
    assert names(skip.playable_faces()) >= {"6H", "9H"}
    block = layout("7H", gap="block")
    assert not any(c >> 4 == 2 for c in block.playable_faces())
    assert len([c for c in block.dead() if c >> 4 == 2]) == 12


def test_skipped_gaps_never_deadlock():
    """Random deals with random 2s and 3s out of the game: passing in turn, somebody can
    always play, and every card in play is laid in the end."""
    rng = random.Random(5)
    for _ in range(200):
        players = rng.randrange(3, 9)
        removed = rng.sample([c for c in DECK if c & 15 in (2, 3)], rng.randrange(0, 8))
        in_play = [c for c in DECK if c not in removed]
        rng.shuffle(in_play)
        hands = [in_play[s::players] for s in range(players)]
        lo = Layout.new(StopsRules(ace_high=rng.random() < 0.5), in_play)
        turn, passes = 0, 0
        while any(hands):
            ok = lo.playable_in(hands[turn])
            if ok:
                c = rng.choice(ok)
                hands[turn].remove(c)
                lo.play(c)
                passes = 0
            else:
                passes += 1
                assert passes <= players, "nobody could play"
            turn = (turn + 1) % players
        assert lo.complete() and len(lo.laid) == len(in_play)


def test_shared_clauses_depend_on_the_gap_option():
    class Opts:
        gap = "block"
    ids = {c.id for c in layout_clauses() if c.in_force(Opts())}
    assert GAP_BLOCK.id in ids and GAP_SKIP.id not in ids
    with pytest.raises(ValueError):
        StopsRules(gap="wrap")
