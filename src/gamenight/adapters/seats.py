"""What the adapters tell each seat: its view as JSON text, and how the match paid it.

Everything a seat is told comes from ``Game.view`` and the events as that seat may know them, so
the adapters hide exactly what the table hides.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gamenight.adapters.tokens import MoveBuilder, token_text
from gamenight.engine.events import Event, events_for
from gamenight.engine.game import Game, State
from gamenight.engine.view import view_data


def seen(events: Sequence[Event], seat: int, start: int = 0) -> list[list[Any]]:
    """The events from number ``start`` on as ``seat`` may know them, as JSON-ready rows."""
    return [[e.text, e.seats, e.pieces, e.kind, e.ply] for e in events_for(events, seat, start)]


def seat_text(game: Game[Any], state: State, seat: int, builder: MoveBuilder | None,
              history: list[list[Any]] | None = None) -> str:
    """``seat``'s view as compact JSON (ASCII): ``view`` in the published view schema, ``entering``
    the tokens of the move this seat has begun, and ``history``, every event the seat has seen
    (``seen``), so two histories look the same to it exactly when it cannot tell them apart."""
    data: dict[str, Any] = {"view": view_data(game.view(state, seat))}
    if builder is not None and builder.seat == seat:
        data["entering"] = [token_text(t) for t in builder.entered]
    if history is not None:
        data["events"] = history
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


def payoffs(game: Game[Any], state: State) -> list[float]:
    """1 for each seat among the winners of a finished match, 0 for the others."""
    if not state.over:
        return [0.0] * state.players
    winners = set(game.result(state).winners)
    return [1.0 if seat in winners else 0.0 for seat in range(state.players)]
