"""Rule clauses: the sentences the engine enforces and the rulebook prints.

Every legality check and every score cites a clause by its stable id, so a
refused move can quote the rule and the rulebook never disagrees with the referee.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Clause:
    """One rule. ``option`` names the option it depends on; ``when`` says for
    which option values (or, given the options and player count, when) it is in force."""

    id: str
    text: str
    section: str = "Play"
    option: str | None = None
    when: Callable[[Any], bool] | None = None
    players: Callable[[int], bool] | None = None

    def in_force(self, options: Any, players: int | None = None) -> bool:
        if self.players is not None and players is not None and not self.players(players):
            return False
        return self.when is None or bool(self.when(options))

    def is_alternate(self, options: Any) -> bool:
        """In force only because a house switched an option away from the book's rule."""
        if self.option is None:
            return False
        default = _default_of(type(options), self.option)
        return bool(getattr(options, self.option) != default)

    def render(self, options: Any) -> str:
        """The clause text with option values filled in (``{target}`` → ``100``)."""
        try:
            return self.text.format(**dataclasses.asdict(options)) if "{" in self.text else self.text
        except (KeyError, IndexError, TypeError):
            return self.text


def _default_of(cls: type, name: str) -> Any:
    for f in dataclasses.fields(cls):
        if f.name == name:
            return f.default
    raise KeyError(name)


class Rules:
    """A game's clauses in rulebook order, looked up by id."""

    def __init__(self, clauses: Iterable[Clause]) -> None:
        self._clauses: dict[str, Clause] = {}
        for c in clauses:
            if c.id in self._clauses:
                raise ValueError(f"duplicate clause id {c.id}")
            self._clauses[c.id] = c

    def __getitem__(self, clause_id: str) -> Clause:
        return self._clauses[clause_id]

    def __iter__(self) -> Iterator[Clause]:
        return iter(self._clauses.values())

    def __len__(self) -> int:
        return len(self._clauses)

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self._clauses

    def in_force(self, options: Any, players: int | None = None) -> list[Clause]:
        return [c for c in self if c.in_force(options, players)]


class IllegalAction(Exception):
    """A refused action. Carries the clause that forbids it; the state is unchanged.

    The message quotes the rule and never mentions another seat's hidden cards."""

    def __init__(self, clause: Clause, detail: str = "", options: Any = None) -> None:
        self.clause = clause
        self.clause_id = clause.id
        self.rule = clause.render(options) if options is not None else clause.text
        self.detail = detail
        super().__init__(f"{detail + ' — ' if detail else ''}{self.rule} [{clause.id}]")


TURN = Clause("engine.turn", "Players act only when it is their turn.", section="General rules")
"""Shared by every game: acting out of turn."""
UNKNOWN = Clause("engine.legal", "Only the moves the rules allow at this point may be made.",
                 section="General rules")
GAME_OVER = Clause("engine.over", "No moves are made once the game has ended.", section="General rules")
