"""The shared heuristic trick bot: one per trick game, naming no game itself, and it clearly
beats random play in every game. Each game's single decisions are in its own bot test file."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

import gamenight
from gamenight.bots import RandomBot, has_heuristic, make_bot
from gamenight.bots import tricks as bots_tricks
from gamenight.bots.euchre import EuchreBot
from gamenight.bots.hearts import HeartsBot
from gamenight.bots.oh_hell import OhHellBot
from gamenight.bots.tricks import TrickBot
from gamenight.bots.whist_with_tens import WhistWithTensBot

GAMES = ("hearts", "euchre", "oh_hell", "whist_with_tens")


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
