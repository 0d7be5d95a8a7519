"""The heuristic Five Hundreds bot: its decisions in scripted positions (it sees only the view and
the legal actions), and that it beats the random bot over seeded hands."""

from __future__ import annotations

import random
from collections.abc import Sequence

import gamenight
from gamenight.bots import make_bot
from gamenight.bots.five_hundreds import FiveHundredsBot
from gamenight.engine.match import Match
from gamenight.games.five_hundreds.rules import DECK_CARDS
from gamenight.testing import scenario

GAME = "five_hundreds"
RNG = random.Random(0)
SEAT1 = "2C 3C 4C 9D 9H KS QD"
SEAT2 = "5C 6C 7D 7S 7H JD 10S"
SEAT0 = "AS AH AD 8C 4H 5S 6D"


def dealt(hands: dict[int, str], up: str = "KH", draws: str = "", moves: Sequence[tuple[int, str]] = ()) -> Match:
    """Seat 0 deals ``hands``; the stock is drawn in the order ``draws`` lists. Then ``moves``."""
    named = [c for text in (*hands.values(), up, draws) for c in text.split()]
    stock = [*(str(c) for c in DECK_CARDS if str(c) not in named), *reversed(draws.split())]
    return scenario(GAME, players=len(hands), seed=5, dealer=0, hands=hands,
                    zones={"stock": " ".join(stock), "discard": up}, moves=moves)


def decide(m: Match, seat: int | None = None) -> str:
    seat = m.to_act()[0] if seat is None else seat
    return str(FiveHundredsBot().choose(m.view(seat), m.legal_actions(seat), RNG))


def test_registered_for_five_hundreds() -> None:
    assert isinstance(make_bot(GAME), FiveHundredsBot)


def test_calls_rummy_whenever_it_may() -> None:
    m = dealt({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="JS 3D",
              moves=[(1, "draw stock"), (1, "meld 2C 3C 4C"), (1, "discard KS"), (2, "draw stock"),
                     (2, "meld 7D 7S 7H"), (2, "discard 5C")])
    assert decide(m, 1) == "rummy 5C on 1"


def test_digs_to_a_card_that_melds() -> None:
    hands = {0: "AS AH AD 8C 4H 5S 6D", 1: "8S 10S 2C 5D 7H JC KD", 2: "9S QC QD 3C 3D 2H 2D"}
    m = dealt(hands, up="3H", draws="QH 6H 4D", moves=[(1, "draw stock"), (1, "discard QH"), (2, "draw stock"),
                                                        (2, "discard 9S"), (0, "draw stock"), (0, "discard 4D")])
    assert decide(m) == "dig 9S 8S 10S"


def test_lays_its_melds_down() -> None:
    m = dealt({0: SEAT0, 1: SEAT1, 2: SEAT2}, draws="JS", moves=[(1, "draw stock")])
    assert decide(m) == "meld 2C 3C 4C"


def test_does_not_feed_a_card_someone_could_call_rummy_on() -> None:
    m = dealt({0: SEAT0, 1: "2C 3C 4C 9D 9H KS 5C", 2: "6C 10C 7D 7S 7H JD 10S"}, draws="JS 3D 2D",
              moves=[(1, "draw stock"), (1, "meld 2C 3C 4C"), (1, "discard KS"), (2, "draw stock"),
                     (2, "meld 7D 7S 7H")])
    assert decide(m) != "discard 6C", "6C goes on the clubs: the player who melded them would call Rummy"


def test_does_not_circle_the_line_once_the_stock_is_empty() -> None:
    m = dealt({0: SEAT0, 1: SEAT1, 2: SEAT2})
    while m.view(0).zone("stock").hidden:
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        m.apply(seat, f"discard {m.events(seat)[-1].pieces[0]}")
    assert decide(m) != "take discard", "taking a useless top card and throwing it back would go round for ever"


def test_scores_far_more_than_the_random_bot() -> None:
    mine_points, theirs = 0, 0
    bot, rnd = make_bot(GAME), make_bot(GAME, "random")
    for seed in range(6):
        m = gamenight.load(GAME, players=2, seed=seed)
        rng = random.Random(seed)
        mine = seed % 2
        while not m.over and len(m.sheet.rows) < 2:
            s = m.to_act()[0]
            m.apply(s, (bot if s == mine else rnd).choose(m.view(s), m.legal_actions(s), rng))
        for row in m.sheet.rows:
            mine_points += int(row.points[mine])
            theirs += int(row.points[1 - mine])
    assert 2 * mine_points >= 3 * max(1, theirs)
