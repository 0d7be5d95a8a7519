"""Any registered game as a PettingZoo AEC environment (the ``pettingzoo`` extra).

    >>> from gamenight.adapters.pettingzoo import env
    >>> table = env("gin_rummy")
    >>> table.reset(seed=7)
    >>> for agent in table.agent_iter():
    ...     obs, reward, terminated, truncated, info = table.last()
    ...     table.step(None if terminated or truncated else table.action_space(agent).sample(obs["action_mask"]))

One episode is one whole match. Agents are ``seat_0``, ``seat_1``...; the match's chance comes from
the engine's seeded RNG (``reset(seed=...)``). Actions are the shared tokens of
``adapters.tokens`` (``Discrete(NUM_TOKENS)``): a move is entered token by token, and forced tokens
are entered for the agent. Each observation is a dict: ``observation``, the seat's view as JSON text
(``adapters.seats``) encoded as UTF-8 bytes in a zero-padded ``uint8`` array of ``VIEW_BYTES``
(``decode_view`` reads it back), and ``action_mask``, 1 for each token the seat may enter now.
Rewards come at the end of the match: 1 for each winning seat, 0 for the others.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gamenight.adapters.seats import payoffs, seat_text
from gamenight.adapters.tokens import NUM_TOKENS, MoveBuilder
from gamenight.engine import registry
from gamenight.engine.match import Match

VIEW_BYTES = 1 << 16
"""The size of the observation array; a view's JSON longer than this raises ``ValueError``."""


def env(game_id: str, players: int | None = None, preset: str | None = None,
        options: dict[str, Any] | None = None, render_mode: str | None = None) -> GamenightEnv:
    """A fresh environment for ``game_id`` under a preset and option values, as ``gamenight.load`` takes them."""
    return GamenightEnv(game_id, players, preset, options, render_mode)


def decode_view(observation: np.ndarray[Any, Any]) -> str:
    """The view's JSON text from an ``observation`` array."""
    return bytes(observation).rstrip(b"\0").decode()


class GamenightEnv(AECEnv):  # type: ignore[misc]
    """A match of one game, seat by seat."""

    def __init__(self, game_id: str, players: int | None = None, preset: str | None = None,
                 options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        spec = registry.game(game_id).spec
        self.game_id = game_id
        self.players = players if players is not None else spec.preferred_players
        self.options = registry.resolve_options(spec, options, preset)
        self.render_mode = render_mode
        self.metadata = {"name": f"gamenight_{game_id}_v0", "render_modes": ["ansi"], "is_parallelizable": False}
        self.possible_agents = [f"seat_{i}" for i in range(self.players)]
        self._action_space = spaces.Discrete(NUM_TOKENS)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0, 255, (VIEW_BYTES,), np.uint8),
            "action_mask": spaces.Box(0, 1, (NUM_TOKENS,), np.int8),
        })
        self.match: Match | None = None
        self._builder: MoveBuilder | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match = registry.load(self.game_id, self.players, self.options,
                                   seed if seed is not None else secrets.randbits(63), narrate=False)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._next_mover()

    def _next_mover(self) -> None:
        match = self.match
        assert match is not None
        if match.over:
            self._builder = None
            for agent, reward in zip(self.possible_agents, payoffs(match.game, match.state)):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        seat = match.to_act()[0]
        self._builder = MoveBuilder(seat, match.legal_actions(seat))
        self.agent_selection = self.possible_agents[seat]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.match is not None and self._builder is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        move = self._builder.choose(int(action))  # type: ignore[arg-type]
        if move is not None:
            self.match.apply(self._builder.seat, move)
            self._next_mover()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        assert self.match is not None
        seat = self.possible_agents.index(agent)
        text = seat_text(self.match.game, self.match.state, seat, self._builder).encode()
        if len(text) > VIEW_BYTES:
            raise ValueError(f"{self.game_id}'s view for {agent} is {len(text)} bytes, more than VIEW_BYTES")
        view = np.zeros(VIEW_BYTES, np.uint8)
        view[:len(text)] = np.frombuffer(text, np.uint8)
        mask = np.zeros(NUM_TOKENS, np.int8)
        if self._builder is not None and self._builder.seat == seat:
            mask[self._builder.choices()] = 1
        return {"observation": view, "action_mask": mask}

    def render(self) -> str:
        assert self.match is not None
        view = self.match.view(None)
        return f"{view.phase}, hand {view.hand_no}, to act {list(view.to_act)}"

    def close(self) -> None:
        pass
