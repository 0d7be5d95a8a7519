"""The heuristic Gin Rummy bot: its decisions in scripted positions (it sees only the view and the
legal actions), and that it clearly beats the random bot over many seeded hands."""

from __future__ import annotations

import random
from typing import Any

import gamenight
from gamenight.bots import make_bot
from gamenight.bots.gin import GinBot
from gamenight.engine.match import Match
from gamenight.games.gin_rummy.deadwood import DECK
from gamenight.testing import scenario

RNG = random.Random(0)
GAME = "gin_rummy"


def spare(*named: str) -> list[str]:
    """The cards of the deck that no text names, in deck order."""
    used = [c for text in named for c in text.split()]
    assert len(set(used)) == len(used), "a card is named twice"
    return [str(c) for c in DECK if str(c) not in used]


def dealt(hands: dict[int, str], *, upcard: str = "", draws: str = "", preset: str = "standard",
          moves: list[tuple[int, str]]) -> Match:
    """Seat 0 deals ``hands`` (and ``upcard`` in the standard deal); the stock is drawn in the
    order ``draws`` lists, the rest of the deck under it. Then ``moves``."""
    stock = [*spare(*hands.values(), upcard, draws), *reversed(draws.split())]  # the stock's top is its last card
    zones = {"stock": " ".join(stock), **({"discard": upcard} if upcard else {})}
    return scenario(GAME, preset=preset, seed=5, dealer=0, hands=hands, zones=zones, moves=moves)


def upcard_offer(hands: dict[int, str], upcard: str) -> Match:
    """Seat 1 is offered the up-card on the first turn."""
    return dealt(hands, upcard=upcard, moves=[])


def to_draw(hands: dict[int, str], pile: str) -> Match:
    """Seat 1 to draw in a regular turn, ``pile`` on top of the discard pile: both players passed
    the up-card, seat 1 drew a card from the stock and threw it back, then seat 0 drew ``pile``
    and threw it back."""
    junk, upcard = spare(*hands.values(), pile)[:2]
    return dealt(hands, upcard=upcard, draws=f"{junk} {pile}",
                 moves=[(1, "pass"), (0, "pass"), (1, "draw stock"), (1, f"discard {junk}"), (0, "draw stock"),
                        (0, f"discard {pile}")])


def to_discard(hands: dict[int, str], draw: str, *, stock_size: int = 30) -> Match:
    """Seat 1 to discard holding its ten cards and ``draw``, which it has just drawn, leaving
    ``stock_size`` cards in the stock: both players passed the up-card, then took turns drawing
    from the stock and throwing the card back."""
    junk = spare(*hands.values(), draw)
    upcard, thrown = junk[0], junk[1:31 - stock_size]
    moves = [(1, "pass"), (0, "pass")]
    for n, card in enumerate(thrown):
        moves += [(1 - n % 2, "draw stock"), (1 - n % 2, f"discard {card}")]
    assert len(thrown) % 2 == 0, "seat 1 draws when the stock holds an odd number of cards"
    return dealt(hands, upcard=upcard, draws=" ".join([*thrown, draw]), moves=[*moves, (1, "draw stock")])


def decide(m: Match) -> str:
    seat = m.to_act()[0]
    view = m.view(seat)  # the bot gets the typed view and the legal moves, nothing else
    return str(GinBot().choose(view, m.legal_actions(seat), RNG))


OPP = "QC QD 4D 8C 2D 3S 6S 7D 10C KD"


def test_registered_for_gin_rummy() -> None:
    assert isinstance(make_bot("gin_rummy"), GinBot)


def test_takes_a_discard_that_completes_a_meld() -> None:
    m = to_draw({0: OPP, 1: "2C 3C 4C 5H 6H 9S 9D KH QH 4S"}, pile="7H")
    assert decide(m) == "take discard"


def test_draws_from_stock_when_the_discard_does_not_help() -> None:
    m = to_draw({0: OPP, 1: "2C 3C 4C 5H 6H 9S 9D KH QH 4S"}, pile="10S")
    assert decide(m) == "draw stock"


def test_takes_a_low_card_that_cuts_deadwood_a_lot() -> None:
    m = to_draw({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H KH"}, pile="AS")
    assert decide(m) == "take discard"  # AS replaces KH: deadwood 10 -> 1


def test_upcard_offer_declined_when_useless() -> None:
    m = upcard_offer({0: OPP, 1: "2C 3C 4C 5H 6H 9S 9D KH QH 4S"}, "10S")
    assert decide(m) == "pass"


def test_discards_to_least_deadwood_then_highest_card() -> None:
    m = to_discard({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 4S KH"}, "3H")
    assert decide(m) == "discard KH"  # 3H, 4S, 9S, 9D, KH dead: throwing the king leaves the least


def test_avoids_feeding_the_opponent() -> None:
    m = to_discard({0: OPP, 1: "2C 3C 4C 5H 6H 7H AS 2S 3D JS"}, "JD")
    assert decide(m) == "discard JS"  # the tie between the two jacks goes to the higher face
    # the opponent takes the up-card QS (throwing back 9C); seat 1 draws JD
    m = dealt({0: OPP.replace("QD", "9C"), 1: "2C 3C 4C 5H 6H 7H AS 2S 3D JS"}, upcard="QS", draws="JD",
              moves=[(1, "pass"), (0, "take discard"), (0, "discard 9C"), (1, "draw stock")])
    assert decide(m) == "discard JD", "the opponent took QS from the pile: keep JS"


def test_goes_gin() -> None:
    m = to_discard({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H 9C"}, "KS")
    assert decide(m) == "gin KS"


def test_double_gin_first() -> None:
    m = dealt({0: "QC JS 8C 2D 3S 6S 7D 10C 8H 4S AH KC", 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H JD QD KD 9C"},
              preset="metzker", moves=[])  # seat 1's first turn with thirteen cards
    assert decide(m) == "gin"


def test_knocks_late_in_the_hand() -> None:
    m = to_discard({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H AS"}, "KS", stock_size=8)
    assert decide(m) == "knock KS"


def test_plays_on_for_gin_early_with_very_low_deadwood() -> None:
    m = to_discard({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H AS"}, "KS", stock_size=28)
    assert decide(m) == "discard KS"


def test_knocks_early_when_deadwood_is_not_tiny() -> None:
    m = to_discard({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H 8S"}, "KS", stock_size=28)
    assert decide(m) == "knock KS"


def _hands(preset: str, matches: int) -> tuple[list[int], list[int]]:
    """Points and hands won by [heuristic, random] over the first three hands of seeded matches,
    the heuristic bot taking each seat in turn."""
    bot, rnd = make_bot("gin_rummy"), make_bot("gin_rummy", "random")
    pts, won = [0, 0], [0, 0]
    for seed in range(matches):
        m = gamenight.load(GAME, seed=seed, preset=preset)
        rng = random.Random(seed)
        hb = seed % 2
        while not m.over:
            s = m.to_act()[0]
            view = m.view(s)
            if view.hand_no > 3:
                break
            legal = m.legal_actions(s)
            action = (bot if s == hb else rnd).choose(view, legal, rng)
            assert action in legal
            m.apply(s, action)
        for row in m.sheet.rows:
            if row.label.startswith("hand"):
                p: Any = row.points
                if len(p) == 6:
                    p = (sum(p[:3]), sum(p[3:]))
                pts[0] += p[hb]
                pts[1] += p[1 - hb]
                won[0] += p[hb] > p[1 - hb]
                won[1] += p[1 - hb] > p[hb]
    return pts, won


def test_beats_random_clearly_standard() -> None:
    pts, won = _hands("standard", 40)
    assert won[0] >= 60 and won[0] >= 10 * max(1, won[1])
    assert pts[0] >= 10 * max(1, pts[1])


def test_beats_random_clearly_metzker() -> None:
    pts, won = _hands("metzker", 30)
    assert won[0] >= 60 and won[0] >= 10 * max(1, won[1])
    assert pts[0] >= 10 * max(1, pts[1])


def test_bot_against_itself_finishes_whole_games() -> None:
    for preset in ("standard", "metzker"):
        m = gamenight.load("gin_rummy", seed=21, preset=preset)
        bot = make_bot("gin_rummy")
        rng = random.Random(21)
        steps = 0
        while not m.over:
            s = m.to_act()[0]
            m.apply(s, bot.choose(m.view(s), m.legal_actions(s), rng))
            steps += 1
            assert steps < 20_000
        assert m.result().winners
