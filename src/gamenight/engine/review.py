"""Looking back at a finished match, move by move, from its record.

A match is determined by its record, so any moment of it is the record replayed up to that
ply. A finished match may be looked at from any seat's view, or face up: every zone shown to
everyone, hands included (nothing is secret once the game is over)."""

from __future__ import annotations

import dataclasses
from typing import Any

from gamenight.engine.game import Game
from gamenight.engine.match import Match
from gamenight.engine.view import View, zone_views


def at_ply(game: Game[Any], record: dict[str, Any], ply: int) -> Match:
    """The match of ``record`` replayed up to (not including) move number ``ply``."""
    if not 0 <= ply <= len(record["log"]):
        raise ValueError(f"the match has moves 0 to {len(record['log'])}, not {ply}")
    return Match.replay(game, {**record, "log": record["log"][:ply]})


def face_up(match: Match) -> View:
    """The spectator's view of ``match`` with every zone turned face up."""
    game, state = match.game, match.state
    view = game.view(state, None)
    zones = [dataclasses.replace(z, visible_to=None) for z in game.zones_for(state, None)]
    return dataclasses.replace(view, zones=zone_views(zones, None))
