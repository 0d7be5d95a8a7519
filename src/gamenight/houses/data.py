"""A house as plain data (what its TOML file holds, and what the web app stores), and
back: reading checks every key against the house's rules and each game's options and
clauses, so a bad file is refused naming the key rather than half read."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from gamenight.engine.game import GameSpec
from gamenight.houses.checks import (
    AUTHORS_LENGTH,
    NAME_LENGTH,
    check_name,
    checked_clause,
    checked_option_name,
    checked_options,
    checked_preset,
    game_spec,
)
from gamenight.houses.model import (
    ANSWERS,
    APPROVAL,
    FORMAT,
    HOUSE_ID,
    PROPOSAL_STATUS,
    QUESTION_STATUS,
    RULING_ID,
    VERSION_STATUS,
    Answer,
    Change,
    GameRules,
    House,
    HouseError,
    HouseFormatError,
    Member,
    Proposal,
    Question,
    RuleSet,
    Ruling,
    Version,
    Vote,
    as_utc,
)

MAX_NUMBER = 1_000_000_000
"""Largest id or version number a house file may hold."""


# --- writing ---------------------------------------------------------------------------------------
def _dt(value: datetime, json_safe: bool) -> Any:
    value = as_utc(value)
    return value.isoformat().replace("+00:00", "Z") if json_safe else value


def _ruling_data(r: Ruling, js: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"id": r.id, "text": r.text}
    if r.clause is not None:
        d["clause"] = r.clause
    d.update({"author": r.author, "when": _dt(r.when, js)})
    if r.why:
        d["why"] = r.why
    if r.question:
        d["question"] = r.question
    return d


def _version_data(v: Version, js: bool, with_number: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"number" if with_number else "version": v.number}
    if v.rules.preset is not None:
        d["preset"] = v.rules.preset
    d.update({"proposed_by": v.proposed_by, "when": _dt(v.when, js), "why": v.why, "status": v.status,
              "approved_by": list(v.approved_by), "options": dict(v.rules.options),
              "rulings": [_ruling_data(r, js) for r in v.rules.rulings]})
    return d


def _proposal_data(p: Proposal, js: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"id": p.id, "game": p.game, "base": p.base, "proposed_by": p.proposed_by,
                         "when": _dt(p.when, js), "why": p.why, "status": p.status}
    if p.version is not None:
        d["version"] = p.version
    if p.change.preset is not None:
        d["preset"] = p.change.preset
    d.update({"unset": list(p.change.unset), "remove_rulings": list(p.change.remove_rulings),
              "options": dict(p.change.options), "add_rulings": [_ruling_data(r, js) for r in p.change.add_rulings],
              "votes": [{"member": v.member, "yes": v.yes, "when": _dt(v.when, js)} for v in p.votes]})
    return d


def _question_data(q: Question, js: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"id": q.id, "game": q.game, "text": q.text}
    if q.clause is not None:
        d["clause"] = q.clause
    d.update({"raised_by": q.raised_by, "when": _dt(q.when, js), "table": list(q.table), "host": q.host})
    if q.match is not None:
        d["match"] = q.match
    d.update({"higher_standard": q.higher_standard, "their_way": q.their_way, "status": q.status,
              "ruling": q.ruling})
    if q.version is not None:
        d["version"] = q.version
    d["answers"] = [{"member": a.member, "text": a.text, "when": _dt(a.when, js)} for a in q.answers]
    return d


def to_data(house: House, *, json_safe: bool = False) -> dict[str, Any]:
    """The house as plain data (what the TOML file holds). ``json_safe``: datetimes as
    ISO text, so ``json.dumps`` works; ``from_data`` reads either."""
    js = json_safe
    games: dict[str, Any] = {}
    for g in house.games:
        if g.versions:
            games[g.game] = {**_version_data(g.versions[-1], js, False),
                             "history": [_version_data(v, js, True) for v in g.versions[:-1]]}
    head: dict[str, Any] = {"format": FORMAT} if house.id is None else {"format": FORMAT, "id": house.id}
    return {**head, "name": house.name, "host": house.host, "approval": house.approval,
            "answers": house.answers, "kali_effect": house.kali_effect,
            "members": [{"name": m.name, "admin": m.admin} for m in house.members], "games": games,
            "proposals": [_proposal_data(p, js) for p in house.proposals],
            "questions": [_question_data(q, js) for q in house.questions]}


# --- reading, checking every key ---------------------------------------------------------------------
@contextmanager
def _format_errors() -> Iterator[None]:
    """A value a check refuses is, in a file, a format error at the same key."""
    try:
        yield
    except HouseFormatError:
        raise
    except HouseError as e:
        raise HouseFormatError(e.message, e.key) from None


class _Reader:
    """Typed access to one table of the file; every error names the key path."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, Mapping):
            raise HouseFormatError(f"expected a table, got {_kind(data)}", path or "(file)")
        self.data = data
        self.path = path
        self.used: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def get(self, name: str, kind: type, default: Any = ...) -> Any:
        self.used.add(name)
        if name not in self.data:
            if default is ...:
                raise HouseFormatError("is missing", self.key(name))
            return default
        value = self.data[name]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            want = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
                    datetime: "a date and time"}.get(kind, "a table")
            raise HouseFormatError(f"expected {want}, got {_kind(value)}", self.key(name))
        if isinstance(value, int) and not 0 <= value <= MAX_NUMBER:
            raise HouseFormatError(f"expected a number from 0 to {MAX_NUMBER}, got {_kind(value)}", self.key(name))
        return value

    def text(self, name: str, default: Any = ..., nonempty: bool = False) -> Any:
        value = self.get(name, str, default)
        if nonempty and isinstance(value, str) and not value.strip():
            raise HouseFormatError("must not be empty", self.key(name))
        return value

    def name(self, name: str, limit: int = NAME_LENGTH) -> str:
        """A person's or the house's name: non-empty, at most ``limit`` characters, no control characters."""
        value: str = self.text(name, nonempty=True)
        with _format_errors():
            check_name(value, self.key(name), limit)
        return value

    def status(self, name: str, allowed: tuple[str, ...], default: str) -> str:
        value: str = self.text(name, default)
        if value not in allowed:
            raise HouseFormatError(f"must be one of {', '.join(allowed)}; got {value!r}", self.key(name))
        return value

    def when(self, name: str) -> datetime:
        self.used.add(name)
        if name not in self.data:
            raise HouseFormatError("is missing", self.key(name))
        value = self.data[name]
        if isinstance(value, str):
            try:
                value = datetime.fromisoformat(value)
            except ValueError:
                raise HouseFormatError(f"expected a date and time, got {value!r}", self.key(name)) from None
        if not isinstance(value, datetime):
            raise HouseFormatError(f"expected a date and time, got {_kind(value)}", self.key(name))
        return as_utc(value)

    def names(self, name: str) -> tuple[str, ...]:
        items = self.get(name, list, [])
        for i, x in enumerate(items):
            if not isinstance(x, str) or not x.strip():
                raise HouseFormatError(f"expected a non-empty name, got {_kind(x)}", f"{self.key(name)}[{i}]")
            with _format_errors():
                check_name(x, f"{self.key(name)}[{i}]")
        return tuple(items)

    def tables(self, name: str) -> list[_Reader]:
        items = self.get(name, list, [])
        return [_Reader(x, f"{self.key(name)}[{i}]") for i, x in enumerate(items)]

    def spec(self, name: str) -> GameSpec:
        """The game named by ``name``'s text."""
        with _format_errors():
            return game_spec(self.text(name, nonempty=True), self.key(name))

    def preset(self, spec: GameSpec) -> str | None:
        with _format_errors():
            return checked_preset(spec, self.text("preset", None), self.key("preset"))

    def options(self, spec: GameSpec, name: str) -> tuple[tuple[str, Any], ...]:
        with _format_errors():
            return checked_options(spec, self.get(name, Mapping, {}), self.key(name))

    def clause(self, game_id: str) -> str | None:
        with _format_errors():
            return checked_clause(game_id, self.text("clause", None), self.key("clause"))

    def done(self) -> None:
        for k in self.data:
            if k not in self.used:
                raise HouseFormatError("unknown key", self.key(str(k)))


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, int) and abs(value) > MAX_NUMBER:
        return "a very large number"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__


def _read_ruling(r: _Reader, game_id: str) -> Ruling:
    rid = r.text("id", nonempty=True)
    if not RULING_ID.fullmatch(rid):
        raise HouseFormatError(f"a ruling id looks like r1, r2, ...; got {rid[:20]!r}", r.key("id"))
    out = Ruling(rid, r.text("text", nonempty=True), r.clause(game_id), r.name("author", AUTHORS_LENGTH),
                 r.when("when"), r.text("why", ""), r.text("question", ""))
    r.done()
    return out


def _read_rules(r: _Reader, spec: GameSpec) -> RuleSet:
    preset = r.preset(spec)
    options = r.options(spec, "options")
    rulings = tuple(_read_ruling(x, spec.id) for x in r.tables("rulings"))
    seen: set[str] = set()
    for i, ru in enumerate(rulings):
        if ru.id in seen:
            raise HouseFormatError(f"ruling id {ru.id!r} is used twice", f"{r.key('rulings')}[{i}].id")
        seen.add(ru.id)
    return RuleSet(spec.id, preset, options, rulings)


def _read_version(r: _Reader, spec: GameSpec, number: int) -> Version:
    rules = _read_rules(r, spec)
    status = r.status("status", VERSION_STATUS, "approved")
    return Version(number, rules, r.name("proposed_by"), r.when("when"), r.text("why", ""), status,
                   r.names("approved_by"))


def _read_game(g: _Reader, game_id: str) -> GameRules:
    with _format_errors():
        spec = game_spec(game_id, g.path)
    history = g.tables("history")
    vs = []
    for i, h in enumerate(history):
        n = h.get("number", int)
        if n != i + 1:
            raise HouseFormatError(f"the history lists versions 1, 2, ... in order; expected {i + 1}, got {n}",
                                   h.key("number"))
        vs.append(_read_version(h, spec, n))
        h.done()
    n = g.get("version", int, len(history) + 1)
    if n != len(history) + 1:
        raise HouseFormatError(f"the history holds versions 1 to {len(history)}, so this is version "
                               f"{len(history) + 1}, not {n}", g.key("version"))
    vs.append(_read_version(g, spec, n))
    g.done()
    seen: dict[str, Ruling] = {}
    for v in vs:
        for r in v.rules.rulings:
            if r.id in seen and seen[r.id] != r:
                raise HouseFormatError(f"ruling {r.id} reads differently in version {v.number} than in an "
                                       "earlier version; a new ruling needs a new id", f"{g.path}.rulings")
            seen[r.id] = r
    return GameRules(spec.id, tuple(vs))


def _unique_id(r: _Reader, taken: list[int], what: str) -> int:
    n: int = r.get("id", int)
    if n in taken:
        raise HouseFormatError(f"{what} id {n} is used twice", r.key("id"))
    taken.append(n)
    return n


def _read_proposal(p: _Reader, taken: list[int]) -> Proposal:
    pid = _unique_id(p, taken, "proposal")
    spec = p.spec("game")
    preset = p.preset(spec)
    with _format_errors():
        unset = tuple(checked_option_name(spec, u, f"{p.key('unset')}[{i}]") for i, u in enumerate(p.names("unset")))
    change = Change(preset, p.options(spec, "options"), unset,
                    tuple(_read_ruling(x, spec.id) for x in p.tables("add_rulings")), p.names("remove_rulings"))
    votes = []
    for vr in p.tables("votes"):
        votes.append(Vote(vr.name("member"), vr.get("yes", bool), vr.when("when")))
        vr.done()
    status = p.status("status", PROPOSAL_STATUS, "open")
    out = Proposal(pid, spec.id, p.get("base", int), change, p.name("proposed_by"), p.when("when"),
                   p.text("why", ""), tuple(votes), status, p.get("version", int, None))
    p.done()
    return out


def _read_question(q: _Reader, taken: list[int]) -> Question:
    qid = _unique_id(q, taken, "question")
    spec = q.spec("game")
    clause = q.clause(spec.id)
    answers = []
    for a in q.tables("answers"):
        answers.append(Answer(a.name("member"), a.text("text", nonempty=True), a.when("when")))
        a.done()
    status = q.status("status", QUESTION_STATUS, "open")
    out = Question(qid, spec.id, q.text("text", nonempty=True), clause, q.name("raised_by"),
                   q.when("when"), q.names("table"), q.name("host"), q.text("match", None),
                   q.get("higher_standard", bool, False), q.text("their_way", ""), tuple(answers), status,
                   q.text("ruling", ""), q.get("version", int, None))
    q.done()
    return out


def from_data(data: Mapping[str, Any]) -> House:
    """A house from plain data (TOML-parsed or JSON), checked against each game's
    options and clauses; ``HouseFormatError`` names the first bad key."""
    top = _Reader(data, "")
    fmt = top.get("format", int, FORMAT)
    if fmt != FORMAT:
        raise HouseFormatError(f"this gamenight reads house files of format {FORMAT}, not {fmt}", "format")
    hid = top.text("id", None)
    if hid is not None and not HOUSE_ID.fullmatch(hid):
        raise HouseFormatError(f"a house id is 8 to 32 letters, digits, - or _; got {hid[:40]!r}", "id")
    name = top.name("name")
    host = top.name("host")
    approval = top.status("approval", APPROVAL, "host")
    answers = top.status("answers", ANSWERS, "host")
    kali = top.get("kali_effect", bool, False)
    members: list[Member] = []
    for m in top.tables("members"):
        mname = m.name("name")
        if any(x.name == mname for x in members):
            raise HouseFormatError(f"{mname!r} is listed twice", m.key("name"))
        members.append(Member(mname, m.get("admin", bool, False) or mname == host))
        m.done()
    if not any(m.name == host for m in members):
        raise HouseFormatError(f"the host {host!r} must be one of the members", "host")
    graw = top.get("games", Mapping, {})
    games = sorted((_read_game(_Reader(graw[gid], f"games.{gid}"), str(gid)) for gid in graw), key=lambda g: g.game)
    pids: list[int] = []
    proposals = tuple(_read_proposal(p, pids) for p in top.tables("proposals"))
    qids: list[int] = []
    questions = tuple(_read_question(q, qids) for q in top.tables("questions"))
    top.done()
    return House(name, host, tuple(members), approval, answers, kali, tuple(games), proposals, questions, hid)
