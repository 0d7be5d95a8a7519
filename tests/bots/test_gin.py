"""The heuristic Gin Rummy bot: its decisions in scripted positions (it sees only the view and the
legal actions), and that it clearly beats the random bot over many seeded hands."""

from __future__ import annotations

import random
from typing import Any

import gamenight
from gamenight.bots import make_bot
from gamenight.bots.gin import GinBot
from gamenight.core.cards import cards
from gamenight.engine.match import Match
from gamenight.games.gin_rummy.deadwood import DECK
from gamenight.games.gin_rummy.game import GinState, Phase

RNG = random.Random(0)


def rig(hands: dict[int, str], *, pile: str = "", stock_top: str = "", phase: str = "draw", turn: int = 1,
        stock_size: int | None = None, preset: str = "standard") -> Match:
    m = gamenight.load("gin_rummy", seed=5, preset=preset)
    st: GinState = m.state  # type: ignore[assignment]
    st.hands = [cards(hands[0]), cards(hands[1])]
    st.pile = cards(pile)
    top = cards(stock_top)
    used = {int(c) for c in st.hands[0] + st.hands[1] + st.pile + top}
    rest = [c for c in DECK if int(c) not in used]
    if stock_size is not None:
        keep = stock_size - len(top)
        st.pile = rest[:len(rest) - keep] + st.pile
        rest = rest[len(rest) - keep:]
    st.stock = rest + top[::-1]
    st.dealer, st.turn, st.phase = 1 - turn, turn, Phase(phase)
    st.known = [[], []]
    return m


def decide(m: Match, known_opp: str = "") -> str:
    seat = m.to_act()[0]
    if known_opp:
        m.state.known[1 - seat] = cards(known_opp)  # type: ignore[attr-defined]
    view = m.view(seat)  # the bot gets the typed view and the legal moves, nothing else
    return str(GinBot().choose(view, m.legal_actions(seat), RNG))


OPP = "QC QD 4D 8C 2D 3S 6S 7D 10C KD"


def test_registered_for_gin_rummy() -> None:
    assert isinstance(make_bot("gin_rummy"), GinBot)


def test_takes_a_discard_that_completes_a_meld() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 9S 9D KH QH 4S"}, pile="7H")
    assert decide(m) == "take discard"


def test_draws_from_stock_when_the_discard_does_not_help() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 9S 9D KH QH 4S"}, pile="10S")
    assert decide(m) == "draw stock"


def test_takes_a_low_card_that_cuts_deadwood_a_lot() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H KH"}, pile="AS")
    assert decide(m) == "take discard"  # AS replaces KH: deadwood 10 -> 1


def test_upcard_offer_declined_when_useless() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 9S 9D KH QH 4S"}, pile="10S", phase="upcard")
    assert decide(m) == "pass"


def test_discards_to_least_deadwood_then_highest_card() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 4S KH 3H"}, phase="discard")
    assert decide(m) == "discard KH"  # 3H, 4S, 9S, 9D, KH dead: throwing the king leaves the least


def test_avoids_feeding_the_opponent() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 7H AS 2S 3D JS JD"}, phase="discard")
    assert decide(m) == "discard JS"  # the tie between the two jacks goes to the higher face
    m = rig({0: OPP.replace("QD", "QS"), 1: "2C 3C 4C 5H 6H 7H AS 2S 3D JS JD"},
            phase="discard")
    assert decide(m, known_opp="QS") == "discard JD", "the opponent took QS from the pile: keep JS"


def test_goes_gin() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H 9C KS"}, phase="discard")
    assert decide(m) == "gin KS"


def test_double_gin_first() -> None:
    m = rig({0: "QC JS 8C 2D 3S 6S 7D 10C 8H 4S AH KC", 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H JD QD KD 9C"},
            phase="discard", preset="metzker")
    assert decide(m) == "gin"


def test_knocks_late_in_the_hand() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H AS KS"}, phase="discard", stock_size=8)
    assert decide(m) == "knock KS"


def test_plays_on_for_gin_early_with_very_low_deadwood() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H AS KS"}, phase="discard", stock_size=28)
    assert decide(m) == "discard KS"


def test_knocks_early_when_deadwood_is_not_tiny() -> None:
    m = rig({0: OPP, 1: "2C 3C 4C 5H 6H 7H 9S 9D 9H 8S KS"}, phase="discard", stock_size=28)
    assert decide(m) == "knock KS"


def _hands(preset: str, matches: int) -> tuple[list[int], list[int]]:
    """Points and hands won by [heuristic, random] over the first three hands of seeded matches,
    the heuristic bot taking each seat in turn."""
    bot, rnd = make_bot("gin_rummy"), make_bot("gin_rummy", "random")
    pts, won = [0, 0], [0, 0]
    for seed in range(matches):
        m = gamenight.load("gin_rummy", seed=seed, preset=preset)
        rng = random.Random(seed)
        hb = seed % 2
        while not m.over and m.state.hand_no <= 3:  # type: ignore[attr-defined]
            s = m.to_act()[0]
            legal = m.legal_actions(s)
            action = (bot if s == hb else rnd).choose(m.view(s), legal, rng)
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
