"""The canasta bot (Canasta and Hand and Foot): its habits hold at every decision of seeded games
(a black three is its first discard, a wild card its last, an unfrozen pile is taken whenever it
may be), and its side clearly beats random players."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import gamenight
from gamenight.bots import RandomBot, make_bot
from gamenight.core.cards import Card
from gamenight.engine.actions import Action
from gamenight.engine.match import Match
from gamenight.games.canasta import cards as cc


def _decisions(game: str, seed: int, players: int, steps: int) -> Iterator[tuple[Match, list[Action], Action]]:
    """Positions of a random game, with the legal moves and what the bot would do there."""
    match = gamenight.load(game, players=players, seed=seed)
    rng = random.Random(seed)
    bot = make_bot(game)
    for _ in range(steps):
        if match.over:
            return
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        choice = bot.choose(match.view(seat), legal, rng)
        assert choice in legal
        yield match, legal, choice
        match.apply(seat, rng.choice(legal))


def _card(a: Action) -> Card:
    card = a.cards[0]
    assert isinstance(card, Card)
    return card


@pytest.mark.parametrize(("game", "players"), [("canasta", 4), ("hand_and_foot", 4)])
def test_it_discards_a_black_three_first_and_a_wild_card_last(game: str, players: int) -> None:
    seen = 0
    for seed in range(3):
        for _, legal, choice in _decisions(game, seed, players, 400):
            if choice.verb != "discard":
                continue
            seen += 1
            discards = [a for a in legal if a.verb == "discard" and len(a.cards) == 1]
            if any(cc.is_black_three(_card(a)) for a in discards):
                assert cc.is_black_three(_card(choice))
            elif any(not cc.is_wild(_card(a)) for a in discards):
                assert not cc.is_wild(_card(choice))
    assert seen > 50


@pytest.mark.parametrize(("game", "players"), [("canasta", 4), ("hand_and_foot", 4)])
def test_it_takes_an_unfrozen_pile_whenever_it_may(game: str, players: int) -> None:
    takes = 0
    for seed in range(4):
        for match, legal, choice in _decisions(game, seed, players, 400):
            if any(a.verb == "take" for a in legal) and not match.view(match.to_act()[0]).fact("frozen"):
                assert choice.verb == "take"
                takes += 1
    assert takes > 0


def _bot_side_wins(game: str, seed: int, players: int, options: dict[str, Any] | None) -> bool:
    match = gamenight.load(game, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    smart = seed % 2
    bots = [make_bot(game) if s % 2 == smart else RandomBot() for s in range(players)]
    while not match.over:
        seat = match.to_act()[0]
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), rng))
    return set(match.result().winners) == set(range(smart, players, 2))


@pytest.mark.parametrize(("game", "players", "options"), [("canasta", 4, {"target": 1500}),
                                                          ("hand_and_foot", 2, None)])
def test_its_side_beats_random_players(game: str, players: int, options: dict[str, Any] | None) -> None:
    games = 8
    wins = sum(_bot_side_wins(game, seed, players, options) for seed in range(games))
    assert wins >= games - 1  # measured: every game
