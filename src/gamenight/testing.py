"""Scenarios for tests: a match in a chosen situation, built through public calls only.

    >>> from gamenight.testing import scenario
    >>> m = scenario("hearts", players=4, dealer=3, hands={0: "2C 3C 4C ...", ...}, kitty="...")

The builder never touches a game's state. It chooses the seed that gives the wanted
dealer, then stacks the deck of the wanted deal (``engine.chance``; one deck per table
of a game played at several): it finds which shuffles dealt the zones asked for, deals
once with those decks left as they came (a probe), sees through the game's own zones
where each position of each deck went, and puts the wanted pieces in those positions. Dice are
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

from gamenight.core.pieces import is_piece, parse_piece
from gamenight.engine.chance import Chance, StackedRandom
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.registry import load
from gamenight.engine.view import View, Zone, ZoneKind

Pieces = str | Sequence[Any]
"""Pieces as notation text (``"AS 10H JK"``) or as a list of pieces or texts."""


class ScenarioError(ValueError):
    """The situation asked for cannot be dealt in this game."""


def _texts(pieces: Pieces) -> list[str]:
    items = pieces.split() if isinstance(pieces, str) else list(pieces)
    return [str(parse_piece(p)) if isinstance(p, str) else str(p) for p in items]


class _Probe(StackedRandom):
    """Leaves the shuffles numbered ``at`` as the decks came, remembering their physical pieces
    in order (a game played at several tables shuffles a deck for each). A shuffle of anything
    but pieces (seats drawn for partners) is left to chance."""

    def __init__(self, seed: int, at: Iterable[int], chance: Chance | None = None) -> None:
        super().__init__(seed, chance)
        self.at = frozenset(at)
        self.decks: dict[int, list[Any]] = {}

    def shuffle(self, x: Any) -> None:
        if self.shuffles in self.at and all(is_piece(p) for p in x):
            self.decks[self.shuffles] = list(x)
            self.shuffles += 1
            return
        super().shuffle(x)


class _Tracer(StackedRandom):
    """Remembers which shuffle last put each physical piece in place."""

    def __init__(self, seed: int, chance: Chance | None = None) -> None:
        super().__init__(seed, chance)
        self.origin: dict[int, int] = {}

    def shuffle(self, x: Any) -> None:
        at = self.shuffles
        super().shuffle(x)
        self.origin.update((id(p), at) for p in x)


def _deal_shuffles(match: Match, tracer: _Tracer, hands: Mapping[int, Pieces], zones: Mapping[str, Pieces]) -> set[int]:
    """The shuffles that dealt the zones asked for: one deck, or one per table of a game played
    at several (a deck shuffled and thrown in before them is not among them)."""
    return {tracer.origin[id(p)] for z in match.game.zones(match.state) if not z.recap
            and (z.name in zones or (z.kind is ZoneKind.HAND and z.owner in hands))
            for p in z.pieces if id(p) in tracer.origin}


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
        tracer = _Tracer(seed)
        deal = _deal_shuffles(_probe(game_id, n, chosen, seed, hand, tracer), tracer, hands or {}, zones or {})
        if not deal:
            raise ScenarioError(f"{game_id} shuffles nothing that deals hand {hand}")
        probe_rng = _Probe(seed, deal)
        probe = _probe(game_id, n, chosen, seed, hand, probe_rng)
        decks = _deck_orders(probe, probe_rng.decks, hands or {}, zones or {})
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
    tracer = _Tracer(match.seed, chance)
    deal = {at for at in _deal_shuffles(_replayed(match, moves, rng=tracer), tracer, hands or {}, zones or {})
            if at >= counter.shuffles}  # shuffled by these moves
    probe_rng = _Probe(match.seed, deal, chance)
    probe = _replayed(match, moves, rng=probe_rng)
    if not probe_rng.decks:
        raise ScenarioError("the moves must end with the one that deals, and shuffle only for that deal")
    orders = _deck_orders(probe, probe_rng.decks, hands or {}, zones or {})
    dealt = _replayed(match, moves, chance=Chance({**chance.decks, **orders}, chance.rolls))
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


def _deck_orders(match: Match, decks: Mapping[int, list[Any]], hands: Mapping[int, Pieces],
                 zones: Mapping[str, Pieces]) -> dict[int, tuple[str, ...]]:
    """The order of each deck (by shuffle number) that puts ``hands`` and ``zones`` where
    ``match`` dealt the decks as they came."""
    game_id = match.spec.id
    position = {id(p): (at, i) for at, deck in decks.items() for i, p in enumerate(deck)}
    wanted: dict[tuple[int, int], str] = {}
    held: dict[int, list[tuple[int, int]]] = {}  # a seat's hand, over all its zones of kind hand
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
    orders = {}
    for at, deck in decks.items():
        rest = [str(p) for p in deck]
        for (deck_at, _), text in wanted.items():
            if deck_at != at:
                continue
            if text not in rest:
                raise ScenarioError(f"{text} is asked for more often than the deck holds it")
            rest.remove(text)
        order = iter(rest)
        orders[at] = tuple(wanted.get((at, i)) or next(order) for i in range(len(deck)))
    return orders


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


def pot_amount(view: View) -> int:
    """The pot a view shows (its ``pot`` zone, ``engine.view.pot_zone``): chips, or money in cents."""
    [amount] = view.pieces("pot")
    return int(parse_piece(amount))
