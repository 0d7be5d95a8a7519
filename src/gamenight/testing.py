"""Scenarios for tests: a match in a chosen situation, built through public calls only.

    >>> from gamenight.testing import scenario
    >>> m = scenario("hearts", players=4, dealer=3, hands={0: "2C 3C 4C ...", ...}, kitty="...")

The builder never touches a game's state. It chooses the seed that gives the wanted
dealer, then stacks the deck of the wanted deal (``engine.chance``): it deals once
with the deck left as it came (a probe), sees through the game's own zones where each
position of the deck went, and puts the wanted pieces in those positions. Dice are
loaded the same way. The stacked deck is part of the match record, so a scenario
replays like any other match. ``hand`` picks a later deal: the hands before it are
played out by random legal moves (through ``apply``) from the same seed. A test of several
hands stacks each later deal with ``next_deal``, the hands between played by its own moves.
A seat's hand may lie in several zones of kind hand (the cards a rummy player took from the
discard pile lie face up beside the rest): ``hands`` names the whole hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gamenight.core.pieces import parse_piece
from gamenight.engine.chance import Chance, StackedRandom
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.registry import load
from gamenight.engine.view import Zone, ZoneKind

Pieces = str | Sequence[Any]
"""Pieces as notation text (``"AS 10H JK"``) or as a list of pieces or texts."""


class ScenarioError(ValueError):
    """The situation asked for cannot be dealt in this game."""


def _texts(pieces: Pieces) -> list[str]:
    items = pieces.split() if isinstance(pieces, str) else list(pieces)
    return [str(parse_piece(p)) if isinstance(p, str) else str(p) for p in items]


class _Probe(StackedRandom):
    """Leaves shuffle ``at`` as the deck came, remembering its physical pieces in order."""

    def __init__(self, seed: int, at: int, chance: Chance | None = None) -> None:
        super().__init__(seed, chance)
        self.at = at
        self.deck: list[Any] | None = None

    def shuffle(self, x: Any) -> None:
        if self.shuffles == self.at:
            self.shuffles += 1
            self.deck = list(x)
            return
        super().shuffle(x)


def _play_to_hand(match: Match, hand: int, moves: random.Random) -> None:
    """Play random legal moves until deal number ``hand`` is on the table."""
    guard = 0
    while hand > 1 and match.game.hand_no(match.state) < hand:
        if match.over:
            raise ScenarioError(f"the match ended before hand {hand}")
        seat = moves.choice(match.to_act())
        match.apply(seat, moves.choice(match.legal_actions(seat)))
        guard += 1
        if guard > 100_000:
            raise ScenarioError(f"hand {hand} never came")


def _probe(game_id: str, players: int, options: Any, seed: int, hand: int, rng: StackedRandom) -> Match:
    """The match up to deal number ``hand``, its chance drawn from ``rng``."""
    base = load(game_id, players=players, options=options, seed=seed)
    match = Match(base.game, players, base.options, seed, rng=rng)
    _play_to_hand(match, hand, random.Random(seed))
    return match


def scenario(game_id: str, *, players: int | None = None, options: Mapping[str, Any] | None = None,
             preset: str | None = None, seed: int = 1, dealer: int | None = None, hand: int = 1,
             hands: Mapping[int, Pieces] | None = None, zones: Mapping[str, Pieces] | None = None,
             rolls: Iterable[int] = (), scores: Sequence[float] | None = None,
             moves: Iterable[tuple[int, str]] = ()) -> Match:
    """A match of ``game_id`` in the situation asked for.

    ``dealer``: who deals the first hand. ``hand``: which deal to stack (later deals come
    after random play). ``hands``: seat → the pieces it is dealt. ``zones``: any other
    zone by name → its pieces in the zone's order (``stock``, ``kitty``, ``turn-up``...).
    Pieces not named are dealt from the rest as they come. ``rolls``: the next faces of
    six-sided dice. ``scores``: the score sheet's starting totals. ``moves``: actions
    (seat, text) applied afterwards, checked like any other."""
    base = load(game_id, players=players, options=options, preset=preset, seed=seed)
    n, chosen = base.players, base.options
    seed = _seed_for_dealer(game_id, n, chosen, seed, dealer)
    decks: dict[int, tuple[str, ...]] = {}
    if hands or zones:
        counter = StackedRandom(seed)
        _probe(game_id, n, chosen, seed, hand, counter)
        at = counter.shuffles - 1  # the deal is the last shuffle before the hand is on the table
        if at < 0:
            raise ScenarioError(f"{game_id} shuffles nothing before hand {hand}")
        decks[at] = _stacked_order(game_id, n, chosen, seed, hand, at, hands or {}, zones or {})
    chance = Chance(decks, tuple(rolls)) if decks or rolls else None
    match = load(game_id, players=n, options=chosen, seed=seed, chance=chance, start=scores)
    _play_to_hand(match, hand, random.Random(seed))
    _verify(match, hands or {}, zones or {})
    for seat, text in moves:
        match.apply(seat, text)
    return match


def next_deal(match: Match, moves: Iterable[tuple[int, str]], *, hands: Mapping[int, Pieces] | None = None,
              zones: Mapping[str, Pieces] | None = None) -> Match:
    """``match`` played on by ``moves``, the last of which deals the next hand, with that deal
    stacked to give ``hands`` and ``zones`` (as in ``scenario``).

    The match is rebuilt from its record with one more stacked deck and replayed, so the result
    replays like any match: use it in place of ``match``. Several hands in a row are scripted
    by calling this once per deal."""
    moves = list(moves)
    chance = match.chance or Chance()
    counter = StackedRandom(match.seed, chance)
    _replayed(match, [], rng=counter)
    at = counter.shuffles  # the deal is the next shuffle
    probe_rng = _Probe(match.seed, at, chance)
    probe = _replayed(match, moves, rng=probe_rng)
    if probe_rng.deck is None or probe_rng.shuffles != at + 1:
        raise ScenarioError("the moves must end with the one that deals, and shuffle only for that deal")
    order = _deck_order(probe, probe_rng.deck, hands or {}, zones or {})
    dealt = _replayed(match, moves, chance=Chance({**chance.decks, at: order}, chance.rolls))
    _verify(dealt, hands or {}, zones or {})
    return dealt


def _replayed(match: Match, moves: list[tuple[int, str]], *, chance: Chance | None = None,
              rng: StackedRandom | None = None) -> Match:
    """``match``'s log and then ``moves`` played again under ``chance`` (or drawn from ``rng``)."""
    again = Match(match.game, match.players, match.options, match.seed, chance, match.start, rng=rng)
    for entry in match.log:
        again.apply(entry.seat, entry.action)
    for seat, text in moves:
        again.apply(seat, text)
    return again


def _seed_for_dealer(game_id: str, players: int, options: Any, seed: int, dealer: int | None) -> int:
    if dealer is None:
        return seed
    for s in range(seed, seed + 500):
        match = load(game_id, players=players, options=options, seed=s)
        if match.game.dealer(match.state) == dealer:
            return s
    raise ScenarioError(f"no seed near {seed} makes seat {dealer} the dealer")


def _stacked_order(game_id: str, players: int, options: Any, seed: int, hand: int, at: int,
                   hands: Mapping[int, Pieces], zones: Mapping[str, Pieces]) -> tuple[str, ...]:
    """The deck order that deals ``hands`` and ``zones`` at shuffle number ``at``."""
    probe_rng = _Probe(seed, at)
    match = _probe(game_id, players, options, seed, hand, probe_rng)
    deck = probe_rng.deck
    if deck is None:
        raise ScenarioError(f"{game_id} did not shuffle for hand {hand}")
    return _deck_order(match, deck, hands, zones)


def _deck_order(match: Match, deck: list[Any], hands: Mapping[int, Pieces],
                zones: Mapping[str, Pieces]) -> tuple[str, ...]:
    """The order of ``deck`` that puts ``hands`` and ``zones`` where ``match`` dealt the deck as it came."""
    game_id = match.spec.id
    position = {id(p): i for i, p in enumerate(deck)}
    wanted: dict[int, str] = {}
    held: dict[int, list[int]] = {}  # a seat's hand, over all its zones of kind hand
    for zone in match.game.zones(match.state):
        if zone.recap:
            continue
        if zone.kind is ZoneKind.HAND and zone.owner is not None and zone.owner in hands:
            held.setdefault(zone.owner, []).extend(position[id(p)] for p in zone.pieces if id(p) in position)
            continue
        if zone.name not in zones:
            continue
        ask = _texts(zones[zone.name])
        where = [position[id(p)] for p in zone.pieces if id(p) in position]
        if len(ask) != len(where):
            whose = f"seat {zone.owner}'s {zone.name}" if zone.owner is not None else zone.name
            raise ScenarioError(f"{whose} is dealt {len(where)} pieces, not {len(ask)}")
        wanted.update(zip(where, ask))
    for seat, where in held.items():
        ask = _texts(hands[seat])
        if len(ask) != len(where):
            raise ScenarioError(f"seat {seat}'s hand is dealt {len(where)} pieces, not {len(ask)}")
        wanted.update(zip(sorted(where), ask))
    missing = set(hands) - {z.owner for z in match.game.zones(match.state) if z.kind is ZoneKind.HAND}
    missing_zones = set(zones) - {z.name for z in match.game.zones(match.state)}
    if missing or missing_zones:
        raise ScenarioError(f"{game_id} deals no {sorted(map(str, missing)) + sorted(missing_zones)}")
    rest = [str(p) for p in deck]
    for text in wanted.values():
        if text not in rest:
            raise ScenarioError(f"{text} is asked for more often than the deck holds it")
        rest.remove(text)
    order = iter(rest)
    return tuple(wanted.get(i) or next(order) for i in range(len(deck)))


def _verify(match: Match, hands: Mapping[int, Pieces], zones: Mapping[str, Pieces]) -> None:
    """The deal came out as asked (a game that re-deals or sorts oddly is caught here)."""
    every = match.game.zones(match.state)
    dealt: dict[tuple[str, int | None], Zone] = {(z.name, z.owner): z for z in every}
    for seat, pieces in hands.items():
        held = [str(p) for z in every if z.owner == seat and z.kind is ZoneKind.HAND for p in z.pieces]
        if sorted(held) != sorted(_texts(pieces)):
            raise ScenarioError(f"seat {seat} was not dealt {pieces!r}")
    for name, pieces in zones.items():
        zone = next((z for (n, _), z in dealt.items() if n == name), None)
        if zone is None or sorted(map(str, zone.pieces)) != sorted(_texts(pieces)):
            raise ScenarioError(f"the {name} did not come out as {pieces!r}")


def refusal(match: Match, seat: int, action: str) -> IllegalAction:
    """The refusal of ``action`` by ``seat``. Raises AssertionError if the move is accepted, or
    if refusing it changed what any viewer sees, the score sheet or the log."""
    viewers: list[int | None] = [*range(match.players), None]
    before = ([match.game.view(match.state, v) for v in viewers], match.sheet.to_dict(), len(match.log))
    try:
        match.apply(seat, action)
    except IllegalAction as e:
        after = ([match.game.view(match.state, v) for v in viewers], match.sheet.to_dict(), len(match.log))
        if after != before:
            raise AssertionError(f"refusing {action!r} changed the match") from e
        return e
    raise AssertionError(f"{action!r} by seat {seat} was accepted")


__all__ = ["ScenarioError", "next_deal", "refusal", "scenario"]
