"""Any registered game as an OpenSpiel game (the ``openspiel`` extra).

    >>> from gamenight.adapters.openspiel import load_game
    >>> game = load_game("hearts", players=4)          # registered with pyspiel as "gamenight_hearts"
    >>> state = game.new_initial_state()               # a chance node: the deal, one draw at a time

One OpenSpiel game is one whole match, under the parameters ``players``, ``preset`` and
``options`` (a JSON object of option values, as ``gamenight.load`` takes them). Chance is explicit:
each shuffle, roll or random first dealer is a run of uniform draws (``adapters.draws``). A player
enters a move token by token in the action space every game shares (``adapters.tokens``); where
several seats may act at once (Hearts passing) the lowest seat goes first, and no seat sees
another's choice before the engine would show it. Information states and observations are the
seat's own view as JSON (``adapters.seats``); the information state adds every event the seat has
seen. Returns are 1 for each winning seat and 0 for the others, at the end of the match.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from gamenight.adapters.draws import DrawnRandom, NeedDraw, WidestDraw
from gamenight.adapters.seats import payoffs, seat_text, seen
from gamenight.adapters.tokens import NUM_TOKENS, MoveBuilder, token_text
from gamenight.engine import registry
from gamenight.engine.actions import Action
from gamenight.engine.events import Event
from gamenight.engine.game import Game, State

MAX_GAME_LENGTH = 1_000_000
"""A bound on player actions in one match, for ``GameInfo`` (whole matches have no fixed length)."""

MAX_PLAYERS = 16
"""Where a game seats "4 or more", the most seats its OpenSpiel game offers."""


def short_name(game_id: str) -> str:
    return f"gamenight_{game_id}"


def register(game_id: str) -> str:
    """Register ``game_id`` with pyspiel (once) and return its short name, for ``pyspiel.load_game``."""
    name = short_name(game_id)
    if name in {t.short_name for t in pyspiel.registered_games()}:
        return name
    spec = registry.game(game_id).spec
    counts = spec.player_counts(MAX_PLAYERS)
    game_type = pyspiel.GameType(
        short_name=name, long_name=f"gamenight {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=counts[-1], min_num_players=counts[0],
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"players": spec.preferred_players, "preset": "", "options": ""})
    pyspiel.register_game(game_type, type(f"Gamenight_{game_id}", (GamenightGame,), {"game_id": game_id}))
    return name


def load_game(game_id: str, **params: Any) -> pyspiel.Game:
    """``game_id`` as a pyspiel game: ``load_game("oh_hell", players=5, options='{"target": 50}')``."""
    return pyspiel.load_game(register(game_id), params)


class _Table:
    """The engine game and the match's settings: shared by every state, never copied."""

    def __init__(self, game: Game[Any], players: int, options: Any, widest_draw: int) -> None:
        self.game, self.players, self.options, self.widest_draw = game, players, options, widest_draw

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self


class GamenightGame(pyspiel.Game):  # type: ignore[misc]
    """One registered game under one set of parameters (``register`` makes a subclass per game)."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        game = registry.game(game_id)
        spec = game.spec
        values = {"players": spec.preferred_players, "preset": "", "options": "", **(params or {})}
        players = int(values["players"])
        options = registry.resolve_options(spec, json.loads(str(values["options"]) or "{}"),
                                           str(values["preset"]) or None)
        probe = WidestDraw(0)
        first = game.setup(players, options, probe)
        widest = max(probe.widest, len(game.all_cards(first)), 6)
        info = pyspiel.GameInfo(num_distinct_actions=NUM_TOKENS, max_chance_outcomes=widest, num_players=players,
                                min_utility=0.0, max_utility=1.0, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_type_of(game_id), info, values)
        self.table = _Table(game, players, options, widest)

    def new_initial_state(self) -> GamenightState:
        return GamenightState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return _Observer(perfect_recall)


def _type_of(game_id: str) -> pyspiel.GameType:
    name = short_name(game_id)
    return next(t for t in pyspiel.registered_games() if t.short_name == name)


class GamenightState(pyspiel.State):  # type: ignore[misc]
    """A match in progress: the engine state after the last settled step, and what is pending."""

    def __init__(self, game: GamenightGame) -> None:
        super().__init__(game)
        self._table = game.table
        self._engine: State | None = None
        """The state after the last step that finished (None until the deal is drawn)."""
        self._pending: tuple[int, Action] | None = None
        """A move that waits on chance: it is replayed from ``_engine`` once enough draws are known."""
        self._draws: list[int] = []
        self._need = 0
        """How many outcomes the next draw has (0: no draw pending)."""
        self._builder: MoveBuilder | None = None
        self._told = _Told([])
        self._step()

    # --- the step, replayed until its draws are known ------------------------------------------
    def _step(self) -> None:
        table = self._table
        game = table.game
        rng = DrawnRandom(self._draws)
        try:
            if self._engine is None:
                state = game.setup(table.players, table.options, rng)
            else:
                assert self._pending is not None
                state = self._engine.clone()
                state.rng = rng
                state.events = list(self._told.events)
                game.apply(state, *self._pending)
        except NeedDraw as need:
            if need.n > table.widest_draw:
                raise ValueError(f"{game.spec.title} drew among {need.n} outcomes, more than its game info's "
                                 f"max_chance_outcomes ({table.widest_draw})") from None
            self._need = need.n
            return
        self._told = _Told(state.events or [], self._told)
        state.events = None
        self._engine, self._pending, self._draws, self._need = state, None, [], 0
        if not state.over:
            seat = game.to_act(state)[0]
            self._builder = MoveBuilder(seat, game.legal_actions(state, seat))

    # --- the OpenSpiel API --------------------------------------------------------------------------
    def current_player(self) -> int:
        if self._need or self._engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._engine.over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self._builder is not None
        return self._builder.seat

    def _legal_actions(self, player: int) -> list[int]:
        if self._builder is None or player != self._builder.seat or self._need:
            return []
        return self._builder.choices()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._need
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if self._need:
            if not 0 <= action < self._need:
                raise ValueError(f"chance outcome {action} is not one of {self._need}")
            self._draws.append(int(action))
            self._step()
            return
        assert self._builder is not None
        move = self._builder.choose(int(action))
        if move is not None:
            self._pending = (self._builder.seat, move)
            self._builder = None
            self._step()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {action}"
        return token_text(action)

    def is_terminal(self) -> bool:
        return self._engine is not None and self._engine.over and not self._need

    def returns(self) -> list[float]:
        if self._engine is None or self._need:
            return [0.0] * self._table.players
        return payoffs(self._table.game, self._engine)

    def seat_text(self, seat: int, history: bool) -> str:
        if self._engine is None:
            return "{}"
        return seat_text(self._table.game, self._engine, seat, self._builder,
                         self._told.seen(seat) if history else None)

    def __str__(self) -> str:
        if self._engine is None:
            return f"dealing: {len(self._draws)} draws"
        view = self._table.game.view(self._engine, None)
        return f"{view.phase}, hand {view.hand_no}, ply {self._engine.ply}, to act {list(view.to_act)}"


class _Told:
    """The match's narration so far. The engine state is kept without it, and each step gets a new
    list, so copies of a state (search algorithms make many) share it instead of copying it."""

    def __init__(self, events: list[Event], before: _Told | None = None) -> None:
        self.events = events
        self._seen: dict[int, list[list[Any]]] = {}
        self._known = before._seen if before is not None else {}
        """What each seat had seen as the step before ended, where that was worked out."""
        self._known_count = len(before.events) if before is not None else 0

    def seen(self, seat: int) -> list[list[Any]]:
        """What ``seat`` has seen of it, as ``seats.seen`` gives it (built on the step before's)."""
        rows = self._seen.get(seat)
        if rows is None:
            known = self._known.get(seat)
            start = self._known_count if known is not None else 0
            rows = self._seen[seat] = (known or []) + seen(self.events, seat, start)
        return rows

    def __deepcopy__(self, memo: dict[int, Any]) -> _Told:
        return self


class _Observer:
    """pyspiel's observer protocol: strings only (the view as JSON), no tensor."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: GamenightState, player: int) -> None:
        pass

    def string_from(self, state: GamenightState, player: int) -> str:
        return state.seat_text(player, self.perfect_recall)
