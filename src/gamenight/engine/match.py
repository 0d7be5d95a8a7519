"""A match: one game from the first deal to the end condition, with its log.

A match is fully determined by (game id, rules version, options, players, seed,
action log); replaying the log rebuilds the state exactly. That is how matches
persist, resume after a crash and replay for review."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from gamenight.engine import options as opts
from gamenight.engine.actions import Action, ActionSyntaxError, listed
from gamenight.engine.chance import Chance, StackedRandom
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.events import events_for
from gamenight.engine.game import Game, Result, State
from gamenight.engine.scoresheet import ScoreSheet, carried_totals, carrying
from gamenight.engine.view import EventView, View


class MatchRecordError(ValueError):
    """A saved match that cannot be restored (corrupt, unknown game, wrong version).

    ``public`` is the reason in words that quote no move: a logged move may name hidden
    cards, so only the operator's log gets the full message."""

    def __init__(self, message: str, public: str | None = None) -> None:
        super().__init__(message)
        self.public = public or message


class LogEntry(NamedTuple):
    """One move of the log: who took which action (a tuple: one is made per move played)."""

    seat: int
    action: Action


_new_entry = tuple.__new__


class Match:
    """The public face of a game in progress; the server, the CLI and bots use this."""

    def __init__(self, game: Game[Any], players: int, options: Any, seed: int, chance: Chance | None = None,
                 start: Sequence[float] | None = None, *, rng: random.Random | None = None,
                 narrate: bool = True) -> None:
        """``chance`` stacks chosen shuffles and rolls (see ``engine.chance``); ``start`` gives the
        score sheet's starting totals (a match carried on from scores kept on paper). ``rng``
        replaces the seeded RNG (the scenario builder's probe; such a match is not recorded).
        ``narrate=False`` keeps no events: for simulations, where nobody reads them."""
        spec = game.spec
        if type(players) is not int or players not in spec.players:
            raise ValueError(f"{spec.title} is played by {spec.players_text} players, not {players}")
        self.game = game
        self.spec = spec
        self.players = players
        self.options = options
        self.seed = seed
        self.chance = chance
        if rng is None:
            rng = StackedRandom(seed, chance) if chance is not None else random.Random(seed)
        self.start = tuple(start) if start is not None else None
        self.state: State
        if self.start is None and not carrying():  # the common case, without a context manager's cost
            self.state = game.setup(players, options, rng)
        else:
            with carried_totals(self.start):
                self.state = game.setup(players, options, rng)
        if not narrate:
            self.state.events = None
        self.log: list[LogEntry] = []
        # The last list of legal moves asked for, at which ply and seat: an action taken from it
        # needs no second legality check (it is one of them, argument kinds included).
        self._legal_ply = -1
        self._legal_seat = -1
        self._legal: Sequence[Action] = ()
        self._seen: dict[int | None, int] = {}

    # --- the four questions, on this match ------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> Sequence[Action]:
        state = self.state
        if self._legal_ply == state.ply and self._legal_seat == seat:
            return self._legal
        acts = self.game.legal_actions(state, seat)
        self._legal_ply = state.ply
        self._legal_seat = seat
        self._legal = acts
        return acts

    def parse(self, action: Action | str) -> Action:
        if isinstance(action, Action):
            return action
        if not isinstance(action, str):
            raise ActionSyntaxError("an action must be text, like 'play QS'")
        return self.game.parse(action)

    def check(self, seat: int, action: Action | str) -> None:
        self.game.check(self.state, seat, self.parse(action))

    def apply(self, seat: int, action: Action | str) -> None:
        """Take ``action`` for ``seat``; raises ``IllegalAction`` and changes nothing if refused."""
        a = action if isinstance(action, Action) else self.parse(action)
        state = self.state
        listed_here = False  # taken from the moves just listed for this seat: checked already
        if self._legal_ply == state.ply and self._legal_seat == seat and not state.over:
            legal = self._legal
            try:  # a bot's choice is the very object listed; otherwise compare argument kinds too
                listed_here = legal[legal.index(a)] is a or listed(a, legal)
            except ValueError:
                listed_here = False
        if listed_here:
            self.game._apply(state, seat, a)
            state.ply += 1
        else:
            self.game.apply(state, seat, a)
        self.log.append(_new_entry(LogEntry, (seat, a)))

    def view(self, seat: int | None, since: int | None = None) -> View:
        """What ``seat`` may see now, with the events since event number ``since``
        (None: since this viewer's previous view)."""
        view = self.game.view(self.state, seat)
        events = self.state.events or []
        start = self._seen.get(seat, 0) if since is None else since
        self._seen[seat] = len(events)
        if start >= len(events) and not view.events:
            return view  # nothing new to tell (always so in a simulation, which keeps no events)
        return dataclasses.replace(view, events=events_for(events, seat, start))

    def events(self, viewer: int | None, start: int = 0) -> tuple[EventView, ...]:
        """Every event from number ``start`` on, as ``viewer`` may know it."""
        return events_for(self.state.events or [], viewer, start)

    @property
    def event_count(self) -> int:
        return len(self.state.events or [])

    # --- the match as a whole ------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def sheet(self) -> ScoreSheet:
        return self.state.sheet

    def result(self) -> Result:
        if not self.state.over:
            raise ValueError("the match is not over")
        return self.game.result(self.state)

    def prompt(self, seat: int) -> Any:
        return self.game.prompt(self.state, seat)

    def move_words(self, seat: int, actions: Sequence[Action]) -> dict[str, str]:
        """The game's own words for those of ``actions`` it names (see ``Game.move_words``), by move text."""
        game = self.game
        if type(game).move_words is Game.move_words:
            return {}
        out = {}
        for a in actions:
            words = game.move_words(self.state, seat, a)
            if words is not None:
                out[str(a)] = words
        return out

    def log_view(self, viewer: int | None) -> list[str]:
        """The action log as ``viewer`` may see it (secret cards redacted)."""
        replay = Match(self.game, self.players, self.options, self.seed, self.chance, self.start)
        out = []
        for e in self.log:
            out.append(f"{e.seat}: {self.game.redact(replay.state, e.seat, e.action, viewer)}")
            replay.game.apply(replay.state, e.seat, e.action)
        return out

    # --- persistence and replay ---------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this match exactly."""
        out = {"game": self.spec.id, "rules_version": self.spec.rules_version,
               "players": self.players, "seed": self.seed, "options": opts.as_dict(self.options),
               "log": [[e.seat, str(e.action)] for e in self.log]}
        if self.chance is not None:
            out["chance"] = self.chance.to_data()
        if self.start is not None:
            out["start"] = list(self.start)
        return out

    def to_json(self) -> str:
        return json.dumps(self.record())

    @classmethod
    def replay(cls, game: Game[Any], record: dict[str, Any]) -> Match:
        """Rebuild a match from its record; a bad record raises ``MatchRecordError``."""
        try:
            if record["game"] != game.spec.id:
                raise MatchRecordError(f"record is for {record['game']!r}, not {game.spec.id!r}")
            if str(record["rules_version"]) != game.spec.rules_version:
                raise MatchRecordError(
                    f"record was played under rules version {record['rules_version']}, "
                    f"this engine has {game.spec.rules_version}")
            options: Any = opts.build(game.spec.options, record.get("options") or {})
            chance = Chance.from_data(record["chance"]) if record.get("chance") is not None else None
            start = [float(x) for x in record["start"]] if record.get("start") is not None else None
            match = cls(game, int(record["players"]), options, int(record["seed"]), chance, start)
            for i, (seat, text) in enumerate(record["log"]):
                try:
                    match.apply(int(seat), str(text))
                except (IllegalAction, ActionSyntaxError) as e:
                    raise MatchRecordError(f"log entry {i} ({seat}: {text}) does not replay: {e}",
                                           f"log entry {i} does not replay") from e
        except MatchRecordError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise MatchRecordError(f"corrupt match record: {e}") from e
        return match
