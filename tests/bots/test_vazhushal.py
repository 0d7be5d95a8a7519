"""The heuristic Vazhushal bot: its decisions in scripted positions (it sees only the view and the
legal actions), and that it beats the random bot over seeded hands."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gamenight.bots import make_bot
from gamenight.bots.vazhushal import VazhushalBot
from gamenight.engine.match import Match
from gamenight.games.vazhushal.rules import deck_for
from gamenight.sim.simulate import simulate
from gamenight.testing import scenario

GAME = "vazhushal"
RNG = random.Random(0)
SEAT1 = "8S 4H 5H 6H 7C 7H 2C 3C QC KC 9H 10H 2D"
SEAT0 = "3S 4S 5S 6S 8D 9D JD 4C 5C 6C JC 8H JH"
BOOK_LINE = [(1, "QD"), (0, "3H"), (1, "9S"), (0, "10S"), (1, "KD"), (0, "10D")]


def dealt(hands: dict[int, str], draws: str = "", moves: Sequence[tuple[int, str]] = ()) -> Match:
    """Seat 0 deals ``hands`` with 7D turned up and AS the negative joker; the stock is drawn in the order
    ``draws`` lists. Then ``moves``."""
    rest = [str(c) for c in deck_for(len(hands))]
    for c in (c for text in (*hands.values(), "7D AS", draws) for c in text.split()):
        rest.remove(c)
    stock = [*rest, *reversed(draws.split())]
    return scenario(GAME, players=len(hands), seed=9, dealer=0, hands=hands,
                    zones={"stock": " ".join(stock), "discard": "7D", "negative": "AS"}, moves=moves)


def decide(m: Match, seat: int | None = None) -> str:
    seat = m.to_act()[0] if seat is None else seat
    return str(VazhushalBot().choose(m.view(seat), m.legal_actions(seat), RNG))


def test_registered_for_vazhushal() -> None:
    assert isinstance(make_bot(GAME), VazhushalBot)


def test_digs_deep_when_the_cards_above_make_sets_too() -> None:
    moves = [m for seat, card in BOOK_LINE for m in ((seat, "draw stock"), (seat, f"discard {card}"))]
    hand = "8S KC KH 10C 10H 2C 3C 5D 7C 7H 2D QC 9H"
    m = dealt({0: SEAT0, 1: hand}, draws=" ".join(card for _, card in BOOK_LINE), moves=moves)
    assert decide(m) == "dig 9S 8S 10S", "the book's dig, with K and 10 of diamonds making sets in this hand"


def test_lays_its_pure_sequence_down() -> None:
    m = dealt({0: SEAT0, 1: SEAT1}, draws="2H", moves=[(1, "draw stock")])
    assert decide(m) == "meld 4H 5H 6H 7H"


def test_keeps_its_wild_cards() -> None:
    m = dealt({0: SEAT0, 1: "8S 4H 5H 6H 7C 7H 2C 3C QC KC 9H AD 2D"}, draws="JK",
              moves=[(1, "draw stock"), (1, "meld 4H 5H 6H 7H")])
    while not (choice := decide(m)).startswith("discard"):
        m.apply(1, choice)
    assert choice not in ("discard AD", "discard JK"), "wild cards are kept for the melds they complete"


def test_melds_then_says_done_when_the_stock_has_run_out() -> None:
    m = dealt({0: SEAT0, 1: SEAT1})
    while m.view(0).zone("stock").hidden:
        seat = m.to_act()[0]
        m.apply(seat, "draw stock")
        drawn = next(e.pieces[0] for e in reversed(m.events(seat)) if e.pieces)
        m.apply(seat, f"discard {drawn}")
    assert decide(m, 1).startswith("meld")
    m.apply(1, decide(m, 1))
    while m.legal_actions(1) and decide(m, 1) != "done":
        m.apply(1, decide(m, 1))
    assert decide(m, 1) == "done"


def test_wins_most_matches_against_the_random_bot() -> None:
    summary = simulate(GAME, 16, players=2, seed=100,
                       choose=lambda gid, seat: make_bot(gid, "heuristic" if seat == 0 else "random"))
    assert summary.ok and summary.win_rates[0] >= 0.6
