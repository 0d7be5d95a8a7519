""""What would this change do?": an open proposal played against the rules in force, in the background.

A member asks; the server plays a modest number of heuristic-bot matches under each rule set on
the same seeds (``sim.compare``) in a worker thread, and the house page polls for progress and
then shows the side-by-side table. A result belongs to the proposal and the version in force
when it was asked for, so a new version makes a fresh one. Only a few run at once server-wide:
this is a family's game server, not a compute farm (``gamenight compare`` is for large runs)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from gamenight import houses as H
from gamenight.bots import SeatBots
from gamenight.sim import house_rules
from gamenight.sim.compare import Comparison, RuleSet, compare
from gamenight.sim.report import shown

log = logging.getLogger("gamenight.server")
GAMES = 200
AT_ONCE = 2

Key = tuple[str, int, int]
"""(house id, proposal id, version in force)."""


class PreviewRefused(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class Stopped(Exception):
    """The server is shutting down: a running comparison gives up between matches."""


@dataclass
class Preview:
    proposal: int
    version: int
    game: str
    games: int
    """Matches under each rule set."""
    total: int
    done: int = 0
    state: str = "running"
    """``running``, ``done`` or ``failed``."""
    labels: tuple[str, ...] = ()
    rows: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None

    def finish(self, result: Comparison) -> None:
        self.labels = result.labels
        self.rows = [{"metric": r.metric, "clause": r.clause, "cells": [shown(e, r.kind) for e in r.estimates],
                      "values": [[e.value, e.low, e.high] for e in r.estimates]} for r in result.rows]
        self.done = self.total
        self.state = "done" if not result.errors else "failed"
        self.error = f"{len(result.errors)} match(es) failed" if result.errors else None

    def to_dict(self) -> dict[str, Any]:
        return {"proposal": self.proposal, "version": self.version, "game": self.game, "state": self.state,
                "done": self.done, "total": self.total, "labels": list(self.labels), "rows": self.rows,
                "error": self.error, "games": self.games}


class Previews:
    """The comparisons asked for since the server started, by (house, proposal, version in force)."""

    def __init__(self, games: int = GAMES, at_once: int = AT_ONCE) -> None:
        self.games = games
        self.at_once = at_once
        self.by_key: dict[Key, Preview] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.stopping = False

    @staticmethod
    def key(house: H.House, house_id: str, proposal_id: int) -> tuple[Key, H.Proposal]:
        try:
            p = house.proposal(proposal_id)
        except H.HouseError as e:
            raise PreviewRefused(str(e), 404) from None
        return (house_id, p.id, H.current_version(house, p.game)), p

    def get(self, house: H.House, house_id: str, proposal_id: int) -> Preview | None:
        return self.by_key.get(self.key(house, house_id, proposal_id)[0])

    def start(self, house: H.House, house_id: str, proposal_id: int) -> Preview:
        """The comparison for this proposal against the rules in force: the one already made or
        running, or a new one started now."""
        key, p = self.key(house, house_id, proposal_id)
        if p.status != "open":
            raise PreviewRefused(f"proposal #{p.id} is already {p.status}: only an open proposal is compared "
                                 "with the rules in force", 409)
        have = self.by_key.get(key)
        if have is not None and have.state != "failed":
            return have
        if sum(1 for x in self.by_key.values() if x.state == "running") >= self.at_once:
            raise PreviewRefused("the server is already comparing other rules: try again in a minute", 429)
        game, sides = house_rules.proposal(house, p.id)
        preview = Preview(p.id, key[2], game, self.games, self.games * len(sides))
        self.by_key[key] = preview
        task = asyncio.get_running_loop().create_task(self._run(preview, game, sides))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return preview

    async def _run(self, preview: Preview, game: str, sides: list[RuleSet]) -> None:
        def progress(done: int, total: int) -> None:
            if self.stopping:
                raise Stopped
            preview.done = done

        try:
            result = await asyncio.to_thread(compare, game, sides, self.games, None, 0, SeatBots("heuristic"),
                                             progress, 1)
        except Exception as e:  # noqa: BLE001  a failed comparison is reported on the page, never raised
            if not isinstance(e, Stopped):
                log.exception("comparing proposal #%s failed", preview.proposal)
            preview.state, preview.error = "failed", "the comparison could not be run"
            return
        preview.finish(result)

    async def close(self) -> None:
        """Stop the running comparisons (each stops after its current match)."""
        self.stopping = True
        for task in list(self.tasks):
            await task
