"""The heuristic trick bot: sensible single decisions, and it clearly beats random play."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

import gamenight
from gamenight import cards
from gamenight.bots import RandomBot, has_heuristic, make_bot
from gamenight.bots import tricks as bots_tricks
from gamenight.bots.euchre import EuchreBot
from gamenight.bots.hearts import HeartsBot
from gamenight.bots.oh_hell import OhHellBot
from gamenight.bots.tricks import TrickBot
from gamenight.bots.whist_with_tens import WhistWithTensBot
from gamenight.engine.actions import Action

GAMES = ("hearts", "euchre", "oh_hell", "whist_with_tens")


def decide(m, seat):
    return make_bot(m.spec.id).choose(m.view(seat), m.game.legal_actions(m.state, seat), random.Random(0))


def test_registered_for_every_trick_game():
    for g in GAMES:
        assert has_heuristic(g) and make_bot(g).name == "heuristic"
    assert [type(make_bot(g)) for g in GAMES] == [HeartsBot, EuchreBot, OhHellBot, WhistWithTensBot]
    assert all(isinstance(make_bot(g), TrickBot) for g in GAMES)


def test_the_shared_bot_knows_no_game():
    """Per-game behaviour lives in the game's bot module; the shared play names no game."""
    tree = ast.parse(inspect.getsource(bots_tricks))
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    words = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
             and id(n) not in docstrings}
    assert not words & {spec.id for spec in gamenight.games()}
    assert "game" not in {a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) for a in n.args.args}


def test_hearts_passes_the_dangerous_cards():
    m = gamenight.load("hearts", seed=3)
    st = m.state
    st.hands[0] = cards("2C 3C 4C 5D 6D 7D QS KS AS 2H 3H 4H")
    a = decide(m, 0)
    assert a.verb == "pass" and {str(c) for c in a.args} == {"QS", "KS", "AS"}
    st.hands[1] = cards("2C 3C 4C 5D 6D 7D 8D 2S 3S AH KH QH")
    assert {str(c) for c in decide(m, 1).args} == {"AH", "KH", "QH"}


def test_hearts_dumps_the_queen_when_void_and_ducks_under():
    m = gamenight.load("hearts", seed=3, options={"pass_count": 0})
    st = m.state
    st.first_trick = False
    st.trick = [(3, cards("KD")[0])]
    st.turn = 0
    st.hands[0] = cards("2C QS AH 9S")
    assert str(decide(m, 0)) == "play QS"
    st.hands[0] = cards("2D 9D QD AD 5S")
    assert str(decide(m, 0)) == "play QD"  # the highest diamond that still loses


def test_euchre_orders_strong_and_passes_weak():
    m = gamenight.load("euchre", seed=1, options={"no_ace_no_face": "off"})
    st = m.state
    seat = m.to_act()[0]
    st.upcard = cards("QH")[0]
    st.hands[seat] = cards("JH JD AH KH 9C")
    assert decide(m, seat).verb == "order"
    st.hands[seat] = cards("9C 10C 9S 10S KD")
    assert decide(m, seat) == Action("pass")


def test_euchre_dealer_discards_a_plain_card():
    m = gamenight.load("euchre", seed=1, options={"no_ace_no_face": "off"})
    st = m.state
    st.upcard = cards("QH")[0]
    for _ in range(3):
        m.apply(m.to_act()[0], "pass")
    dealer = st.dealer
    st.hands[dealer] = cards("JH JD AH KH 9C")
    m.apply(dealer, "order")
    a = decide(m, dealer)
    assert a.verb == "discard" and str(a.args[0]) == "9C"


def test_oh_hell_bids_legally_and_ducks_when_its_bid_is_made():
    m = gamenight.load("oh_hell", players=4, seed=2)
    st = m.state
    for _ in range(3):
        s = m.to_act()[0]
        m.apply(s, "bid 3")
    dealer = st.dealer
    a = decide(m, dealer)
    assert a in m.legal_actions(dealer) and a != Action("bid", (1,))
    m.apply(dealer, a)
    # Seat with bid 0 ducks under the card led when it can.
    st.bids = [0, 0, 0, 0]
    leader = m.to_act()[0]
    nxt = (leader + 1) % 4
    st.trump = 3
    from gamenight.families.tricks import standard_tables
    st.suit, st.power = standard_tables(3)
    st.hands[leader] = cards("10D")
    st.hands[nxt] = cards("2D KD")
    m.apply(leader, "play 10D")
    assert str(decide(m, nxt)) == "play 2D"


def test_whist_plays_to_lose_in_low_no_trump():
    m = gamenight.load("whist_with_tens", seed=2)
    st = m.state
    st.low = True
    st.trump = None
    from gamenight.families.tricks import standard_tables
    st.suit, st.power = standard_tables(None)
    lead = m.to_act()[0]
    st.hands[lead] = cards("9C")
    st.hands[(lead + 1) % 4] = cards("2C 8C AC")
    m.apply(lead, "play 9C")
    v = m.view((lead + 1) % 4)
    assert v.fact("low") and str(decide(m, (lead + 1) % 4)) == "play 8C"


def play_match(game: str, players: int, seed: int, heuristic: set[int]):
    m = gamenight.load(game, players=players, seed=seed)
    rng = random.Random(seed + 1000)
    bots = {s: make_bot(game) if s in heuristic else RandomBot() for s in range(players)}
    while not m.over:
        s = m.to_act()[0]
        m.apply(s, bots[s].choose(m.view(s), m.legal_actions(s), rng))
    return m.result()


@pytest.mark.parametrize("game,players,margin", [("hearts", 4, 0.6), ("oh_hell", 4, 0.6),
                                                  ("euchre", 4, 0.8), ("whist_with_tens", 4, 0.8)])
def test_heuristic_beats_random(game, players, margin):
    n = 100
    share = 0.0
    for seed in range(n):
        if game in ("euchre", "whist_with_tens"):
            team = (0, 2) if seed % 2 == 0 else (1, 3)
            r = play_match(game, players, seed, set(team))
            share += 1.0 if r.winners == team else 0.0
        else:
            seat = seed % players
            r = play_match(game, players, seed, {seat})
            share += 1.0 / len(r.winners) if seat in r.winners else 0.0
    # A random seat wins 1/4 (solo) or 1/2 (teams) of the time; demand far more.
    assert share / n >= margin
