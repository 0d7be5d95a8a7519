"""The heuristic Rumski bot: its decisions in scripted positions (it sees only the view and the legal
actions), and that it beats the random bot over seeded rounds."""

from __future__ import annotations

import random
from collections.abc import Sequence

import gamenight
from gamenight.bots import make_bot
from gamenight.bots.rumski import RumskiBot
from gamenight.engine.match import Match
from gamenight.games.rumski.rules import DECK_CARDS
from gamenight.testing import scenario

GAME = "rumski"
RNG = random.Random(0)
SEAT2 = "6R 7R 8R 4Y 10G 1P 2P 9G 13Y 13R"
SEAT0 = "1R 2R 3R 4P 6P 7G 8Y 3B 4B 13G"


def dealt(hands: dict[int, str], up: str = "5B", draws: str = "", moves: Sequence[tuple[int, str]] = ()) -> Match:
    """Seat 0 deals ``hands``; the stock is drawn in the order ``draws`` lists. Then ``moves``."""
    rest = [str(c) for c in DECK_CARDS]
    for c in (c for text in (*hands.values(), up, draws) for c in text.split()):
        rest.remove(c)
    stock = [*rest, *reversed(draws.split())]
    return scenario(GAME, players=len(hands), seed=7, dealer=0, hands=hands,
                    zones={"stock": " ".join(stock), "discard": up}, moves=moves)


def decide(m: Match) -> str:
    seat = m.to_act()[0]
    return str(RumskiBot().choose(m.view(seat), m.legal_actions(seat), RNG))


def test_registered_for_rumski() -> None:
    assert isinstance(make_bot(GAME), RumskiBot)


def test_lays_its_sets_down() -> None:
    m = dealt({0: SEAT0, 1: "5R 5Y 5G 8B 9B 11P 12P 2G 3Y 13B", 2: SEAT2}, draws="10B", moves=[(1, "draw stock")])
    assert decide(m).startswith(("meld 5R 5Y 5G", "meld 8B 9B 10B"))


def test_takes_the_whole_pile_when_its_cards_make_sets() -> None:
    hands = {0: SEAT0, 1: "5R 5Y 11B 11G 2G 3Y 6Y 9Y 13B 10R", 2: SEAT2}
    worth_it = dealt(hands, up="11P", draws="9P 1G 12Y", moves=[
        (1, "draw stock"), (1, "discard 9P"), (2, "draw stock"), (2, "discard 9G"), (0, "draw stock"),
        (0, "discard 7G")])
    assert decide(worth_it) == "take pile", "11P, 9P and 9G make two sets with cards in hand"
    junk = dealt(hands, up="13P", draws="9P 1G 12Y", moves=[
        (1, "draw stock"), (1, "discard 9P"), (2, "draw stock"), (2, "discard 2P"), (0, "draw stock"),
        (0, "discard 4P")])
    assert decide(junk) == "draw stock"


def test_discards_a_card_it_does_not_need_and_knocks_when_it_needs_them_all() -> None:
    m = dealt({0: SEAT0, 1: "5R 5Y 5G 8B 9B 11P 12P 2G 3Y 13B", 2: SEAT2}, draws="10B",
              moves=[(1, "draw stock"), (1, "meld 5R 5Y 5G and 8B 9B 10B")])
    assert decide(m) == "discard 13B", "13B matches 5B's colour and is the costliest card nothing wants"
    keep = dealt({0: SEAT0, 1: "5R 5Y 5G 8B 9B 11P 12P 13P 2G 3Y", 2: SEAT2}, draws="7B",
                 moves=[(1, "draw stock")])
    keep.apply(1, "meld 5R 5Y 5G")
    assert decide(keep).startswith("meld")
    keep.apply(1, "meld 7B 8B 9B")
    keep.apply(1, "meld 11P 12P 13P")
    assert decide(keep) == "knock", "2G and 3Y match neither 5B's colour nor its number"


def test_swaps_a_wild_card_only_when_it_makes_a_new_set() -> None:
    hands = {1: "5R 7R W 5Y 11P 12P 2G 3Y 13B 1B", 2: "6R 9R 4Y 10G 1P 2P 9G 13Y 13R 13G",
             0: "1R 2R 3R 4P 6P 7G 3B 4B 1Y 8Y"}
    m = dealt(hands, draws="10Y 4R", moves=[(1, "draw stock"), (1, "meld 5R W 7R"), (1, "discard 5Y"),
                                          (2, "draw stock"), (2, "meld 13Y 13R 13G")])
    assert decide(m) == "swap 6R on 1", "the wild card freed makes 9G 10G W"


def test_scores_far_more_than_the_random_bot() -> None:
    mine_points, theirs = 0, 0
    bot, rnd = make_bot(GAME), make_bot(GAME, "random")
    for seed in range(6):
        m = gamenight.load(GAME, players=3, seed=seed)
        rng = random.Random(seed)
        while not m.over and len(m.sheet.rows) < 2:
            s = m.to_act()[0]
            m.apply(s, (bot if s == 0 else rnd).choose(m.view(s), m.legal_actions(s), rng))
        for row in m.sheet.rows:
            mine_points += int(row.points[0])
            theirs += int(row.points[1]) + int(row.points[2])
    assert mine_points >= 2 * max(1, theirs)
