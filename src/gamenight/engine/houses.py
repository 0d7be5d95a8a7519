"""Houses: a group's own rules for each game, chosen before the deal, on hand
during play, settled at the table and recorded.

Rulebook 004 ("House rules for card games"): choose the rules before the first
deal, keep them on hand, consult them whenever a question comes up, and when the
group settles a question "document the group's decision in your house rules",
always with "the group's buy-in". Rulebook 000 (General Rules, "Disputes" and
"Alternate Rules"): alternate rules are decided before play starts; vague rules
are settled by the players; and "The Kali Effect": a player who feels held to
"A Higher Standard" than the others, when the table cannot decide unanimously,
plays it their way.

The model here is pure: frozen dataclasses and functions that return a new
``House``. The only I/O is TOML text (``to_toml`` / ``from_toml``); the web app
stores the same data (``to_data`` / ``from_data``, JSON-friendly with
``json_safe=True``).

- A ``House`` has a name, a host, ``members`` (by display name; those with
  ``admin`` hold the house's admin link and may propose rule changes), an
  ``approval`` policy for changes (``"host"``: the host decides; ``"majority"``:
  more than half of the members), an ``answers`` policy for questions raised at
  the table (``"host"``: the host rules; ``"table"``: the table votes), and
  ``kali_effect`` (rulebook 000's dispute custom, off unless the house wants it).
- For each game the house keeps numbered ``Version``s of its ``RuleSet`` (a
  preset, option values, and its own written ``Ruling``s). Version 0 is the
  book's main rules; a game the house has never changed plays version 0.
- A ``Proposal`` is a ``Change`` waiting for approval; when the policy is met it
  becomes the next version (``status="approved"``).
- A ``Question`` raised at a table is answered by the ``answers`` policy; its
  answer becomes a ruling in a new version (``status="ruled"``). Under the Kali
  Effect a "higher standard" claim that the table does not settle unanimously
  ends as a per-match ruling (``match_rulings``) and leaves the rule set alone.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from gamenight.engine import options as opts
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN
from gamenight.engine.game import GameSpec
from gamenight.engine.registry import UnknownGame, resolve_options
from gamenight.engine.registry import game as registered_game

FORMAT = 1
APPROVAL = ("host", "majority")
ANSWERS = ("host", "table")
VERSION_STATUS = ("approved", "ruled")
PROPOSAL_STATUS = ("open", "accepted", "rejected", "withdrawn")
QUESTION_STATUS = ("open", "ruled", "kali", "unsettled", "withdrawn")
GENERAL_CLAUSES = {c.id: c for c in (TURN, UNKNOWN, GAME_OVER)}
"""Engine clauses every game shares; a ruling may concern one of these too."""


class HouseError(ValueError):
    """A change the house's own rules do not allow (not a member, no admin link,
    a closed proposal...) or a value that is not valid. ``key`` names the bad key
    path when there is one (``games.hearts.options.target``)."""

    def __init__(self, message: str, key: str | None = None) -> None:
        self.key = key
        self.message = message
        super().__init__(f"{key}: {message}" if key else message)


class HouseFormatError(HouseError):
    """A house file (TOML or data) that does not describe a valid house."""


def now() -> datetime:
    """The current time in UTC, to the second (what ``when`` defaults to)."""
    return datetime.now(UTC).replace(microsecond=0)


def possessive(name: str) -> str:
    """``The Metzkers'`` / ``Ann's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _utc(when: datetime | None) -> datetime:
    if when is None:
        return now()
    if when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when.astimezone(UTC)


# --- the model ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Member:
    """A member of the house, by display name. ``admin``: holds the admin link."""

    name: str
    admin: bool = False


@dataclass(frozen=True)
class Ruling:
    """One of the house's own written rules. ``clause`` is the clause id it concerns
    (None: about the game in general); ``question`` the question it settled, if any."""

    id: str
    text: str
    clause: str | None
    author: str
    when: datetime
    why: str = ""
    question: str = ""


@dataclass(frozen=True)
class RuleSet:
    """What a house plays one game by: a preset, option values on top of it, and rulings.

    ``options`` holds only the values the house set, in the game's declaration
    order, already converted to the option's type."""

    game: str
    preset: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    rulings: tuple[Ruling, ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.options)

    def ruling(self, ruling_id: str) -> Ruling | None:
        return next((r for r in self.rulings if r.id == ruling_id), None)


@dataclass(frozen=True)
class Version:
    """A rule set as it came into force: number (1, 2, ...), the snapshot, who proposed
    it, when and why, and how it was agreed: ``approved`` (a proposal that met the
    approval policy) or ``ruled`` (the answer to a question at the table)."""

    number: int
    rules: RuleSet
    proposed_by: str
    when: datetime
    why: str
    status: str = "approved"
    approved_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class Change:
    """What a proposal changes: the preset (None: unchanged), option values to set,
    options to unset (back to the preset's or book's value), rulings to add and
    ruling ids to remove."""

    preset: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    unset: tuple[str, ...] = ()
    add_rulings: tuple[Ruling, ...] = ()
    remove_rulings: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.preset is not None or self.options or self.unset or self.add_rulings
                    or self.remove_rulings)


@dataclass(frozen=True)
class Vote:
    member: str
    yes: bool
    when: datetime


@dataclass(frozen=True)
class Proposal:
    """A change to one game's rule set, waiting for the members' buy-in."""

    id: int
    game: str
    base: int
    change: Change
    proposed_by: str
    when: datetime
    why: str
    votes: tuple[Vote, ...] = ()
    status: str = "open"
    version: int | None = None
    """The version it became, once accepted."""

    def vote_of(self, member: str) -> bool | None:
        return next((v.yes for v in self.votes if v.member == member), None)


@dataclass(frozen=True)
class Answer:
    """One person's answer to a question raised at the table."""

    member: str
    text: str
    when: datetime


@dataclass(frozen=True)
class Question:
    """A question raised during play. ``table``: the people at the table (display names,
    guests included); ``host``: who rules under the host policy. ``higher_standard``:
    the raiser says the rules are being applied to them differently during this game
    (rulebook 000, "Disputes"); ``their_way`` is how they want to play it."""

    id: int
    game: str
    text: str
    clause: str | None
    raised_by: str
    when: datetime
    table: tuple[str, ...]
    host: str
    match: str | None = None
    higher_standard: bool = False
    their_way: str = ""
    answers: tuple[Answer, ...] = ()
    status: str = "open"
    ruling: str = ""
    """The answer that settled it (for ``kali``: the raiser's way, this match only)."""
    version: int | None = None
    """The version the ruling was recorded in (``ruled`` only)."""


@dataclass(frozen=True)
class MatchRuling:
    """A ruling for one match only (The Kali Effect): the house's rule set is unchanged."""

    match: str | None
    game: str
    clause: str | None
    text: str
    player: str
    question: str
    when: datetime


@dataclass(frozen=True)
class GameRules:
    """A game's history in a house: versions 1..n, oldest first (the last is in force)."""

    game: str
    versions: tuple[Version, ...] = ()


@dataclass(frozen=True)
class House:
    name: str
    host: str
    members: tuple[Member, ...]
    approval: str = "host"
    answers: str = "host"
    kali_effect: bool = False
    games: tuple[GameRules, ...] = ()
    proposals: tuple[Proposal, ...] = ()
    questions: tuple[Question, ...] = ()

    def member(self, name: str) -> Member | None:
        return next((m for m in self.members if m.name == name), None)

    def is_admin(self, name: str) -> bool:
        m = self.member(name)
        return m is not None and (m.admin or m.name == self.host)

    def game_rules(self, game_id: str) -> GameRules:
        return next((g for g in self.games if g.game == game_id), GameRules(game_id))

    def proposal(self, proposal_id: int) -> Proposal:
        for p in self.proposals:
            if p.id == proposal_id:
                return p
        raise HouseError(f"{self.name} has no proposal #{proposal_id}")

    def question(self, question_id: int) -> Question:
        for q in self.questions:
            if q.id == question_id:
                return q
        raise HouseError(f"{self.name} has no question #{question_id}")


# --- small helpers -----------------------------------------------------------------------------
def _spec(game_id: str, key: str = "game") -> GameSpec:
    try:
        return registered_game(game_id).spec
    except UnknownGame as e:
        raise HouseError(str(e), key) from None


def _name(name: str, key: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise HouseError("a name must be non-empty text", key)
    return " ".join(name.split())


def _choice(value: str, allowed: Sequence[str], key: str) -> str:
    if value not in allowed:
        raise HouseError(f"must be one of {', '.join(allowed)}; got {value!r}", key)
    return value


def clause_ids(game_id: str) -> set[str]:
    """The clause ids a ruling about ``game_id`` may name."""
    return {c.id for c in _spec(game_id).rules} | set(GENERAL_CLAUSES)


def _check_clause(game_id: str, clause: str | None, key: str) -> str | None:
    if clause is None or clause == "":
        return None
    if clause not in clause_ids(game_id):
        raise HouseError(f"{_spec(game_id).title} has no clause {clause!r}", key)
    return clause


def normalise_options(spec: GameSpec, values: Mapping[str, Any] | Iterable[tuple[str, Any]],
                      key: str) -> tuple[tuple[str, Any], ...]:
    """Option values converted to their types, in declaration order; errors name
    ``{key}.{option}``."""
    items = values.items() if isinstance(values, Mapping) else values
    infos = {i.name: i for i in opts.describe(spec.options)}
    got: dict[str, Any] = {}
    for raw_name, raw in items:
        name = str(raw_name).replace("-", "_")
        if name not in infos:
            known = ", ".join(infos) or "none"
            raise HouseError(f"{spec.title} has no option {raw_name!r} (its options: {known})", f"{key}.{raw_name}")
        try:
            got[name] = opts.coerce(infos[name], raw)
        except opts.OptionError as e:
            raise HouseError(str(e).split(": ", 1)[-1], f"{key}.{raw_name}") from None
    return tuple((n, got[n]) for n in infos if n in got)


def _check_preset(spec: GameSpec, preset: str | None, key: str) -> str | None:
    if preset is None:
        return None
    if preset not in spec.presets:
        known = ", ".join(spec.presets) or "none"
        raise HouseError(f"{spec.title} has no preset {preset!r} (presets: {known})", key)
    return preset


def _replace_game(house: House, rules: GameRules) -> House:
    games = [g for g in house.games if g.game != rules.game] + [rules]
    return dataclasses.replace(house, games=tuple(sorted(games, key=lambda g: g.game)))


def _replace(items: tuple[Any, ...], new: Any) -> tuple[Any, ...]:
    return tuple(new if x.id == new.id else x for x in items)


# --- reading a house's rules --------------------------------------------------------------------
def versions(house: House, game_id: str) -> tuple[Version, ...]:
    """The versions of a game's rule set, oldest first (version 0, the book, is not listed)."""
    return house.game_rules(game_id).versions


def current_version(house: House, game_id: str) -> int:
    """The number of the version in force (0: the book's main rules, never changed)."""
    vs = versions(house, game_id)
    return vs[-1].number if vs else 0


def version(house: House, game_id: str, number: int | None = None) -> Version:
    """Version ``number`` of a game's rules (None: the one in force; 0: the book's main rules)."""
    _spec(game_id)
    if number is None:
        number = current_version(house, game_id)
    if number == 0:
        return Version(0, RuleSet(game_id), "the book", datetime(1970, 1, 1, tzinfo=UTC),
                       "the book's main rules", "approved")
    for v in versions(house, game_id):
        if v.number == number:
            return v
    last = current_version(house, game_id)
    raise HouseError(f"{house.name} has no version {number} of its {game_id} rules (versions 0 to {last})")


def rule_set(house: House, game_id: str, number: int | None = None) -> RuleSet:
    return version(house, game_id, number).rules


def options_for(house: House, game_id: str, number: int | None = None) -> Any:
    """The validated options object the house plays ``game_id`` by (version ``number``,
    default: the one in force), ready for ``gamenight.load(..., options=...)``."""
    spec = _spec(game_id)
    rs = rule_set(house, game_id, number)
    try:
        return resolve_options(spec, rs.values, rs.preset)
    except opts.OptionError as e:  # a stored value this release of the game no longer accepts
        raise HouseError(str(e), f"games.{game_id}.options.{e.key}") from None


def rulings_for(house: House, game_id: str, clause_id: str | None, number: int | None = None) -> tuple[Ruling, ...]:
    """The house's rulings about one clause (None: the general ones), to show when it comes up."""
    return tuple(r for r in rule_set(house, game_id, number).rulings if r.clause == clause_id)


def match_rulings(house: House, match: str | None, game_id: str | None = None) -> tuple[MatchRuling, ...]:
    """The per-match rulings (The Kali Effect) recorded for ``match``."""
    out = []
    for q in house.questions:
        if q.status == "kali" and q.match == match and (game_id is None or q.game == game_id):
            when = max((a.when for a in q.answers), default=q.when)
            out.append(MatchRuling(q.match, q.game, q.clause, q.ruling, q.raised_by, q.text, when))
    return tuple(out)


@dataclass(frozen=True)
class PlayedUnder:
    """What a match records about its rules: the house, the game and the version."""

    house: str
    game: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        return {"house": self.house, "game": self.game, "version": self.version}


def played_under(house: House, game_id: str) -> PlayedUnder:
    return PlayedUnder(house.name, game_id, current_version(house, game_id))


# --- founding a house and its members -----------------------------------------------------------
def new_house(name: str, host: str, members: Iterable[str | Member] = (), *, approval: str = "host",
              answers: str = "host", kali_effect: bool = False) -> House:
    """A house with ``host`` (an admin) and other members; no game changed yet."""
    name = _name(name, "name")
    host = _name(host, "host")
    ms: dict[str, Member] = {host: Member(host, True)}
    for i, m in enumerate(members):
        member = m if isinstance(m, Member) else Member(_name(m, f"members[{i}].name"))
        member = Member(_name(member.name, f"members[{i}].name"), member.admin or member.name == host)
        if member.name in ms and member.name != host:
            raise HouseError(f"{member.name!r} is listed twice", f"members[{i}].name")
        ms[member.name] = member
    return House(name, host, tuple(ms.values()), _choice(approval, APPROVAL, "approval"),
                 _choice(answers, ANSWERS, "answers"), bool(kali_effect))


def _require_admin(house: House, by: str) -> None:
    if house.member(by) is None:
        raise HouseError(f"{by!r} is not a member of {house.name}")
    if not house.is_admin(by):
        raise HouseError(f"only members with {possessive(house.name)} admin link can change its rules; {by} has not")


def add_member(house: House, name: str, *, by: str, admin: bool = False) -> House:
    """An admin adds a member (``admin=True`` gives them the admin link too)."""
    _require_admin(house, by)
    name = _name(name, "name")
    if house.member(name) is not None:
        raise HouseError(f"{name!r} is already a member of {house.name}")
    return dataclasses.replace(house, members=(*house.members, Member(name, admin)))


def set_policy(house: House, *, by: str, approval: str | None = None, answers: str | None = None,
               kali_effect: bool | None = None) -> House:
    """The host chooses how changes are approved and questions answered, and the Kali Effect."""
    if by != house.host:
        raise HouseError(f"only the host ({house.host}) chooses how {house.name} decides")
    return dataclasses.replace(
        house, approval=_choice(approval, APPROVAL, "approval") if approval is not None else house.approval,
        answers=_choice(answers, ANSWERS, "answers") if answers is not None else house.answers,
        kali_effect=house.kali_effect if kali_effect is None else bool(kali_effect))


# --- proposals and approval -----------------------------------------------------------------------
def _next_ruling_number(house: House, game_id: str) -> int:
    ids: list[str] = []
    for v in versions(house, game_id):
        ids += [r.id for r in v.rules.rulings]
    for p in house.proposals:
        if p.game == game_id:
            ids += [r.id for r in p.change.add_rulings]
    nums = [int(m.group(1)) for i in ids if (m := re.fullmatch(r"r(\d+)", i))]
    return max(nums, default=0) + 1


def new_ruling(house: House, game_id: str, text: str, *, author: str, clause: str | None = None, why: str = "",
               question: str = "", when: datetime | None = None, number: int | None = None) -> Ruling:
    """A ruling with the next free id (``r1``, ``r2``, ...) for ``game_id``; not yet in force."""
    if not isinstance(text, str) or not text.strip():
        raise HouseError("a ruling needs some text", "text")
    n = number if number is not None else _next_ruling_number(house, game_id)
    return Ruling(f"r{n}", text.strip(), _check_clause(game_id, clause, "clause"), _name(author, "author"),
                  _utc(when), why.strip(), question.strip())


def apply_change(rules: RuleSet, change: Change) -> RuleSet:
    """The rule set after ``change`` (pure; values are checked when the change is made)."""
    values = dict(rules.options)
    for name in change.unset:
        values.pop(name, None)
    values.update(dict(change.options))
    spec = _spec(rules.game)
    ordered = tuple((i.name, values[i.name]) for i in opts.describe(spec.options) if i.name in values)
    rulings = [r for r in rules.rulings if r.id not in change.remove_rulings]
    have = {r.id for r in rulings}
    rulings += [r for r in change.add_rulings if r.id not in have]
    preset = rules.preset if change.preset is None else change.preset
    return RuleSet(rules.game, preset, ordered, tuple(rulings))


def make_change(house: House, game_id: str, *, preset: str | None = None,
                options: Mapping[str, Any] | None = None, unset: Iterable[str] = (),
                add_rulings: Iterable[Ruling] = (), remove_rulings: Iterable[str] = ()) -> Change:
    """A validated ``Change``; bad values raise ``HouseError`` naming the key
    (``games.hearts.options.target``)."""
    spec = _spec(game_id, "game")
    key = f"games.{game_id}"
    preset = _check_preset(spec, preset, f"{key}.preset")
    values = normalise_options(spec, options or {}, f"{key}.options")
    names = {i.name for i in opts.describe(spec.options)}
    unset_ = []
    for u in unset:
        n = u.replace("-", "_")
        if n not in names:
            raise HouseError(f"{spec.title} has no option {u!r}", f"{key}.options.{u}")
        unset_.append(n)
    current = rule_set(house, game_id)
    removes = []
    for rid in remove_rulings:
        if current.ruling(rid) is None:
            raise HouseError(f"the {spec.title} rules in force have no ruling {rid!r}", f"{key}.rulings")
        removes.append(rid)
    adds = tuple(add_rulings)
    for r in adds:
        _check_clause(game_id, r.clause, f"{key}.rulings.{r.id}.clause")
    return Change(preset, values, tuple(unset_), adds, tuple(removes))


def propose(house: House, game_id: str, change: Change, *, by: str, why: str = "",
            when: datetime | None = None) -> tuple[House, Proposal]:
    """An admin proposes a change to one game's rules. The proposer's own vote counts
    as yes, so under the host policy the host's proposal takes effect at once, and a
    one-member house's too. Returns the new house and the proposal as it now stands
    (``status`` ``accepted`` with ``version`` set, or ``open``)."""
    _spec(game_id, "game")
    _require_admin(house, by)
    if change.empty:
        raise HouseError("the proposal changes nothing")
    when = _utc(when)
    pid = max((p.id for p in house.proposals), default=0) + 1
    p = Proposal(pid, game_id, current_version(house, game_id), change, by, when, why.strip(),
                 (Vote(by, True, when),))
    house = dataclasses.replace(house, proposals=(*house.proposals, p))
    house = _settle(house, p, when)
    return house, house.proposal(pid)


def tally(house: House, proposal: Proposal) -> str:
    """What the votes so far decide under the house's policy: accepted, rejected or open."""
    if house.approval == "host":
        decision = proposal.vote_of(house.host)
        return "open" if decision is None else ("accepted" if decision else "rejected")
    members = {m.name for m in house.members}
    yes = sum(1 for v in proposal.votes if v.yes and v.member in members)
    no = sum(1 for v in proposal.votes if not v.yes and v.member in members)
    if 2 * yes > len(members):
        return "accepted"
    if 2 * (len(members) - no) <= len(members):
        return "rejected"
    return "open"


def needed(house: House, proposal: Proposal) -> str:
    """Who still has to agree, in words (for prompts)."""
    if house.approval == "host":
        return f"the host, {house.host}"
    members = len(house.members)
    yes = sum(1 for v in proposal.votes if v.yes)
    want = members // 2 + 1
    return f"{want - yes} more yes vote{'s' if want - yes != 1 else ''} (a majority is {want} of {members})"


def _settle(house: House, p: Proposal, when: datetime) -> House:
    outcome = tally(house, p)
    if outcome == "open":
        return house
    if outcome == "rejected":
        rejected = dataclasses.replace(p, status="rejected")
        return dataclasses.replace(house, proposals=_replace(house.proposals, rejected))
    gr = house.game_rules(p.game)
    rules = apply_change(rule_set(house, p.game), p.change)
    number = current_version(house, p.game) + 1
    yes = tuple(v.member for v in p.votes if v.yes)
    v = Version(number, rules, p.proposed_by, when, p.why, "approved", yes)
    house = _replace_game(house, GameRules(p.game, (*gr.versions, v)))
    done = dataclasses.replace(p, status="accepted", version=number)
    return dataclasses.replace(house, proposals=_replace(house.proposals, done))


def vote(house: House, proposal_id: int, *, by: str, yes: bool = True, when: datetime | None = None) -> House:
    """A member votes on an open proposal (a later vote replaces their earlier one).
    Under the host policy everyone's vote is recorded but the host's decides."""
    p = house.proposal(proposal_id)
    if house.member(by) is None:
        raise HouseError(f"{by!r} is not a member of {house.name}")
    if p.status != "open":
        raise HouseError(f"proposal #{p.id} is already {p.status}")
    when = _utc(when)
    votes = tuple(v for v in p.votes if v.member != by) + (Vote(by, bool(yes), when),)
    p = dataclasses.replace(p, votes=votes)
    house = dataclasses.replace(house, proposals=_replace(house.proposals, p))
    return _settle(house, p, when)


def withdraw(house: House, proposal_id: int, *, by: str) -> House:
    """The proposer (or the host) withdraws an open proposal."""
    p = house.proposal(proposal_id)
    if by not in (p.proposed_by, house.host):
        raise HouseError(f"only {p.proposed_by} or the host can withdraw proposal #{p.id}")
    if p.status != "open":
        raise HouseError(f"proposal #{p.id} is already {p.status}")
    return dataclasses.replace(house, proposals=_replace(house.proposals, dataclasses.replace(p, status="withdrawn")))


def open_proposals(house: House, game_id: str | None = None) -> tuple[Proposal, ...]:
    return tuple(p for p in house.proposals if p.status == "open" and (game_id is None or p.game == game_id))


def change_to(house: House, game_id: str, *, preset: str | None, values: Mapping[str, Any],
              add_rulings: Iterable[Ruling] = (), remove_rulings: Iterable[str] = ()) -> Change:
    """The ``Change`` that makes a game's rule set exactly ``preset`` plus ``values``.

    A form sends every option's value; only those that differ from the preset's (or the
    book's) value are kept, so a rule set lists just what the house chose."""
    spec = _spec(game_id, "game")
    key = f"games.{game_id}"
    preset = _check_preset(spec, preset or None, f"{key}.preset")
    wanted = normalise_options(spec, values, f"{key}.options")
    base = resolve_options(spec, {}, preset)
    keep = {n: v for n, v in wanted if getattr(base, n) != v}
    current = rule_set(house, game_id)
    options = {n: v for n, v in keep.items() if current.values.get(n, ...) != v}
    unset = [n for n in current.values if n not in keep]
    if preset is None and current.preset is not None:  # in a Change, None means "unchanged"
        raise HouseError("a rule set that has a preset keeps one; choose the preset to start from",
                         f"{key}.preset")
    return make_change(house, game_id, preset=preset if preset != current.preset else None, options=options,
                       unset=unset, add_rulings=add_rulings, remove_rulings=remove_rulings)


def version_for_match(house: House, game_id: str, started_under: int, match: str | None) -> int:
    """The version whose book a match in progress reads: the one it started under plus the
    rulings its own table settled since (``ruled`` versions recorded for ``match``),
    never a later change of options, which waits for the next match."""
    number = started_under
    for v in versions(house, game_id):
        if v.number <= number:
            continue
        ruled_here = v.status == "ruled" and any(q.version == v.number and q.match == match and q.game == game_id
                                                 for q in house.questions)
        if not ruled_here:
            break
        number = v.number
    return number


# --- questions at the table ---------------------------------------------------------------------
def ask(house: House, game_id: str, text: str, *, by: str, table: Iterable[str], clause: str | None = None,
        host: str | None = None, match: str | None = None, higher_standard: bool = False, their_way: str = "",
        when: datetime | None = None) -> tuple[House, Question]:
    """Anyone at a table raises a question (free text, optionally about a clause).

    ``host`` rules under the host policy (default: the house's host). A
    ``higher_standard`` claim (rulebook 000: the rules are being applied to the
    raiser differently during this game) states ``their_way``: under the Kali
    Effect, if the table does not agree unanimously, they play it that way."""
    _spec(game_id, "game")
    if not isinstance(text, str) or not text.strip():
        raise HouseError("a question needs some text", "text")
    by = _name(by, "by")
    seated = tuple(dict.fromkeys(_name(t, "table") for t in table))
    if by not in seated:
        seated = (by, *seated)
    ruler = _name(host, "host") if host is not None else house.host
    if house.answers == "host" and ruler not in seated and not (house.kali_effect and higher_standard):
        seated = (*seated, ruler)
    if higher_standard and not their_way.strip():
        raise HouseError("a higher-standard claim says how the raiser wants to play it", "their_way")
    qid = max((q.id for q in house.questions), default=0) + 1
    q = Question(qid, game_id, text.strip(), _check_clause(game_id, clause, "clause"), by, _utc(when), seated,
                 ruler, match, bool(higher_standard), their_way.strip())
    return dataclasses.replace(house, questions=(*house.questions, q)), q


def _norm(text: str) -> str:
    return " ".join(text.casefold().split()).rstrip(".!")


def kali_applies(house: House, q: Question) -> bool:
    return house.kali_effect and q.higher_standard


def answer(house: House, question_id: int, *, by: str, text: str,
           when: datetime | None = None) -> tuple[House, Question]:
    """Someone at the table answers (or votes for an answer: same text, ignoring case).

    - Kali Effect on and a higher-standard claim: once everyone at the table has
      answered, a unanimous answer is recorded as a ruling in a new version;
      otherwise the raiser plays it their way for this match (``status="kali"``).
    - Host policy: the host's answer is the ruling.
    - Table policy: an answer given by more than half the table is the ruling; if
      everyone has answered and no answer has a majority, the question is
      ``unsettled`` (nothing recorded).
    Returns the new house and the question as it now stands."""
    q = house.question(question_id)
    if q.status != "open":
        raise HouseError(f"question #{q.id} is already {q.status}")
    by = _name(by, "by")
    if by not in q.table:
        raise HouseError(f"{by} is not at the table where question #{q.id} was raised")
    if not isinstance(text, str) or not text.strip():
        raise HouseError("an answer needs some text", "text")
    when = _utc(when)
    answers = tuple(a for a in q.answers if a.member != by) + (Answer(by, text.strip(), when),)
    q = dataclasses.replace(q, answers=answers)
    given = {a.member: a for a in answers}
    ruled: tuple[str, tuple[str, ...], str] | None = None  # (text, who agreed, author)
    if kali_applies(house, q):
        if len(given) == len(q.table):
            texts = {_norm(a.text) for a in answers}
            if len(texts) == 1:
                ruled = (answers[0].text, q.table, ", ".join(q.table))
            else:
                q = dataclasses.replace(q, status="kali", ruling=q.their_way)
    elif house.answers == "host":
        if q.host in given:
            agreed = tuple(m for m, a in given.items() if _norm(a.text) == _norm(given[q.host].text))
            ruled = (given[q.host].text, agreed, q.host)
    else:
        counts: dict[str, list[str]] = {}
        for a in answers:
            counts.setdefault(_norm(a.text), []).append(a.member)
        best = max(counts.values(), key=len)
        if 2 * len(best) > len(q.table):
            ruled = (given[best[0]].text, tuple(best), ", ".join(best))
        elif len(given) == len(q.table):
            q = dataclasses.replace(q, status="unsettled")
    if ruled is not None:
        text_, agreed, author = ruled
        r = new_ruling(house, q.game, text_, author=author, clause=q.clause, why=f"question #{q.id}",
                       question=q.text, when=when)
        rules = apply_change(rule_set(house, q.game), Change(add_rulings=(r,)))
        number = current_version(house, q.game) + 1
        v = Version(number, rules, q.raised_by, when, f"question #{q.id}: {q.text}", "ruled", agreed)
        house = _replace_game(house, GameRules(q.game, (*versions(house, q.game), v)))
        q = dataclasses.replace(q, status="ruled", ruling=text_, version=number)
    house = dataclasses.replace(house, questions=_replace(house.questions, q))
    return house, q


def withdraw_question(house: House, question_id: int, *, by: str) -> House:
    q = house.question(question_id)
    if by not in (q.raised_by, q.host):
        raise HouseError(f"only {q.raised_by} can withdraw question #{q.id}")
    if q.status != "open":
        raise HouseError(f"question #{q.id} is already {q.status}")
    return dataclasses.replace(house, questions=_replace(house.questions, dataclasses.replace(q, status="withdrawn")))


def open_questions(house: House, game_id: str | None = None) -> tuple[Question, ...]:
    return tuple(q for q in house.questions if q.status == "open" and (game_id is None or q.game == game_id))


# --- diff ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OptionChange:
    """One option whose value differs, with the rule sentence for each value."""

    name: str
    label: str
    before: Any
    after: Any
    before_rule: str
    after_rule: str


@dataclass(frozen=True)
class RuleDiff:
    game: str
    before: int
    after: int
    preset: tuple[str | None, str | None] | None
    options: tuple[OptionChange, ...]
    added: tuple[Ruling, ...]
    removed: tuple[Ruling, ...]

    @property
    def empty(self) -> bool:
        return not (self.preset or self.options or self.added or self.removed)


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def diff(a: Version | RuleSet, b: Version | RuleSet) -> RuleDiff:
    """What changed from ``a`` to ``b`` (two versions of one game's rules): options
    whose values in force differ (each with both rule sentences), the preset, and
    rulings added and removed."""
    ra = a.rules if isinstance(a, Version) else a
    rb = b.rules if isinstance(b, Version) else b
    if ra.game != rb.game:
        raise HouseError(f"cannot compare {ra.game} rules with {rb.game} rules")
    spec = _spec(ra.game)
    oa = resolve_options(spec, ra.values, ra.preset)
    ob = resolve_options(spec, rb.values, rb.preset)
    changes = []
    for info in opts.describe(spec.options):
        va, vb = getattr(oa, info.name), getattr(ob, info.name)
        if va != vb:
            changes.append(OptionChange(info.name, info.label, va, vb, info.sentence(value_text(va)),
                                        info.sentence(value_text(vb))))
    ids_a = {r.id for r in ra.rulings}
    ids_b = {r.id for r in rb.rulings}
    return RuleDiff(ra.game, a.number if isinstance(a, Version) else -1, b.number if isinstance(b, Version) else -1,
                    (ra.preset, rb.preset) if ra.preset != rb.preset else None, tuple(changes),
                    tuple(r for r in rb.rulings if r.id not in ids_a),
                    tuple(r for r in ra.rulings if r.id not in ids_b))


def diff_versions(house: House, game_id: str, v1: int, v2: int) -> RuleDiff:
    return diff(version(house, game_id, v1), version(house, game_id, v2))


# --- data (dicts) and TOML ----------------------------------------------------------------------
def _dt(value: datetime, json_safe: bool) -> Any:
    value = _utc(value)
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


def _rules_data(rs: RuleSet, js: bool) -> dict[str, Any]:
    d: dict[str, Any] = {}
    if rs.preset is not None:
        d["preset"] = rs.preset
    d["options"] = dict(rs.options)
    d["rulings"] = [_ruling_data(r, js) for r in rs.rulings]
    return d


def _version_data(v: Version, js: bool, with_number: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"number" if with_number else "version": v.number}
    rules = _rules_data(v.rules, js)
    if "preset" in rules:
        d["preset"] = rules.pop("preset")
    d.update({"proposed_by": v.proposed_by, "when": _dt(v.when, js), "why": v.why, "status": v.status,
              "approved_by": list(v.approved_by)})
    d.update(rules)
    return d


def to_data(house: House, *, json_safe: bool = False) -> dict[str, Any]:
    """The house as plain data (what the TOML file holds). ``json_safe``: datetimes as
    ISO text, so ``json.dumps`` works; ``from_data`` reads either."""
    js = json_safe
    d: dict[str, Any] = {"format": FORMAT, "name": house.name, "host": house.host, "approval": house.approval,
                         "answers": house.answers, "kali_effect": house.kali_effect,
                         "members": [{"name": m.name, "admin": m.admin} for m in house.members]}
    games: dict[str, Any] = {}
    for g in house.games:
        if not g.versions:
            continue
        entry = _version_data(g.versions[-1], js, False)
        entry["history"] = [_version_data(v, js, True) for v in g.versions[:-1]]
        games[g.game] = entry
    d["games"] = games
    props = []
    for p in house.proposals:
        pd: dict[str, Any] = {"id": p.id, "game": p.game, "base": p.base, "proposed_by": p.proposed_by,
                              "when": _dt(p.when, js), "why": p.why, "status": p.status}
        if p.version is not None:
            pd["version"] = p.version
        if p.change.preset is not None:
            pd["preset"] = p.change.preset
        pd["unset"] = list(p.change.unset)
        pd["remove_rulings"] = list(p.change.remove_rulings)
        pd["options"] = dict(p.change.options)
        pd["add_rulings"] = [_ruling_data(r, js) for r in p.change.add_rulings]
        pd["votes"] = [{"member": v.member, "yes": v.yes, "when": _dt(v.when, js)} for v in p.votes]
        props.append(pd)
    d["proposals"] = props
    qs = []
    for q in house.questions:
        qd: dict[str, Any] = {"id": q.id, "game": q.game, "text": q.text}
        if q.clause is not None:
            qd["clause"] = q.clause
        qd.update({"raised_by": q.raised_by, "when": _dt(q.when, js), "table": list(q.table), "host": q.host})
        if q.match is not None:
            qd["match"] = q.match
        qd.update({"higher_standard": q.higher_standard, "their_way": q.their_way, "status": q.status,
                   "ruling": q.ruling})
        if q.version is not None:
            qd["version"] = q.version
        qd["answers"] = [{"member": a.member, "text": a.text, "when": _dt(a.when, js)} for a in q.answers]
        qs.append(qd)
    d["questions"] = qs
    return d


# --- reading data back, checking every key ---------------------------------------------------------
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
        return value

    def text(self, name: str, default: Any = ..., nonempty: bool = False) -> Any:
        value = self.get(name, str, default)
        if nonempty and isinstance(value, str) and not value.strip():
            raise HouseFormatError("must not be empty", self.key(name))
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
        return _utc(value)

    def names(self, name: str) -> tuple[str, ...]:
        items = self.get(name, list, [])
        for i, x in enumerate(items):
            if not isinstance(x, str) or not x.strip():
                raise HouseFormatError(f"expected a non-empty name, got {x!r}", f"{self.key(name)}[{i}]")
        return tuple(items)

    def tables(self, name: str) -> list[_Reader]:
        items = self.get(name, list, [])
        return [_Reader(x, f"{self.key(name)}[{i}]") for i, x in enumerate(items)]

    def done(self) -> None:
        for k in self.data:
            if k not in self.used:
                raise HouseFormatError("unknown key", self.key(str(k)))


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, str):
        return f"text {value!r}"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__


def _read_ruling(r: _Reader, game_id: str) -> Ruling:
    rid = r.text("id", nonempty=True)
    if not re.fullmatch(r"r\d+", rid):
        raise HouseFormatError(f"a ruling id looks like r1, r2, ...; got {rid!r}", r.key("id"))
    text = r.text("text", nonempty=True)
    clause = r.text("clause", None)
    try:
        clause = _check_clause(game_id, clause, r.key("clause"))
    except HouseError as e:
        raise HouseFormatError(e.message, e.key) from None
    out = Ruling(rid, text, clause, r.text("author", nonempty=True), r.when("when"), r.text("why", ""),
                 r.text("question", ""))
    r.done()
    return out


def _read_rules(r: _Reader, spec: GameSpec) -> RuleSet:
    preset = r.text("preset", None)
    if preset is not None and preset not in spec.presets:
        known = ", ".join(spec.presets) or "none"
        raise HouseFormatError(f"{spec.title} has no preset {preset!r} (presets: {known})", r.key("preset"))
    options = _options(r, spec, "options")
    rulings = tuple(_read_ruling(x, spec.id) for x in r.tables("rulings"))
    seen: set[str] = set()
    for i, ru in enumerate(rulings):
        if ru.id in seen:
            raise HouseFormatError(f"ruling id {ru.id!r} is used twice", f"{r.key('rulings')}[{i}].id")
        seen.add(ru.id)
    return RuleSet(spec.id, preset, options, rulings)


def _options(r: _Reader, spec: GameSpec, name: str) -> tuple[tuple[str, Any], ...]:
    raw = r.get(name, Mapping, {})
    try:
        values = normalise_options(spec, raw, r.key(name))
    except HouseError as e:
        raise HouseFormatError(e.message, e.key) from None
    # a preset's values are checked too: build the whole options object once
    return values


def _read_version(r: _Reader, spec: GameSpec, number: int) -> Version:
    rules = _read_rules(r, spec)
    status = r.text("status", "approved")
    if status not in VERSION_STATUS:
        raise HouseFormatError(f"must be one of {', '.join(VERSION_STATUS)}; got {status!r}", r.key("status"))
    v = Version(number, rules, r.text("proposed_by", nonempty=True), r.when("when"), r.text("why", ""), status,
                r.names("approved_by"))
    return v


def _game_spec(game_id: str, key: str) -> GameSpec:
    try:
        return registered_game(game_id).spec
    except UnknownGame as e:
        raise HouseFormatError(str(e), key) from None


def from_data(data: Mapping[str, Any]) -> House:
    """A house from plain data (TOML-parsed or JSON), checked against each game's
    options and clauses; ``HouseFormatError`` names the first bad key."""
    top = _Reader(data, "")
    fmt = top.get("format", int, FORMAT)
    if fmt != FORMAT:
        raise HouseFormatError(f"this gamenight reads house files of format {FORMAT}, not {fmt}", "format")
    name = top.text("name", nonempty=True)
    host = top.text("host", nonempty=True)
    approval = top.text("approval", "host")
    if approval not in APPROVAL:
        raise HouseFormatError(f"must be one of {', '.join(APPROVAL)}; got {approval!r}", "approval")
    answers = top.text("answers", "host")
    if answers not in ANSWERS:
        raise HouseFormatError(f"must be one of {', '.join(ANSWERS)}; got {answers!r}", "answers")
    kali = top.get("kali_effect", bool, False)
    members: list[Member] = []
    for m in top.tables("members"):
        mname = m.text("name", nonempty=True)
        if any(x.name == mname for x in members):
            raise HouseFormatError(f"{mname!r} is listed twice", m.key("name"))
        members.append(Member(mname, m.get("admin", bool, False)))
        m.done()
    if not any(m.name == host for m in members):
        raise HouseFormatError(f"the host {host!r} must be one of the members", "host")
    members = [Member(m.name, True) if m.name == host else m for m in members]

    games: list[GameRules] = []
    graw = top.get("games", Mapping, {})
    for gid in graw:
        g = _Reader(graw[gid], f"games.{gid}")
        spec = _game_spec(str(gid), g.path)
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
                                           "earlier version; a new ruling needs a new id", f"games.{gid}.rulings")
                seen[r.id] = r
        games.append(GameRules(spec.id, tuple(vs)))
    games.sort(key=lambda x: x.game)

    proposals: list[Proposal] = []
    for p in top.tables("proposals"):
        pid = p.get("id", int)
        if any(x.id == pid for x in proposals):
            raise HouseFormatError(f"proposal id {pid} is used twice", p.key("id"))
        spec = _game_spec(p.text("game", nonempty=True), p.key("game"))
        preset = p.text("preset", None)
        if preset is not None and preset not in spec.presets:
            raise HouseFormatError(f"{spec.title} has no preset {preset!r}", p.key("preset"))
        names = {i.name for i in opts.describe(spec.options)}
        unset = p.names("unset")
        for i, u in enumerate(unset):
            if u not in names:
                raise HouseFormatError(f"{spec.title} has no option {u!r}", f"{p.key('unset')}[{i}]")
        change = Change(preset, _options(p, spec, "options"), unset,
                        tuple(_read_ruling(x, spec.id) for x in p.tables("add_rulings")), p.names("remove_rulings"))
        votes = []
        for vr in p.tables("votes"):
            votes.append(Vote(vr.text("member", nonempty=True), vr.get("yes", bool), vr.when("when")))
            vr.done()
        status = p.text("status", "open")
        if status not in PROPOSAL_STATUS:
            raise HouseFormatError(f"must be one of {', '.join(PROPOSAL_STATUS)}; got {status!r}", p.key("status"))
        proposals.append(Proposal(pid, spec.id, p.get("base", int), change, p.text("proposed_by", nonempty=True),
                                  p.when("when"), p.text("why", ""), tuple(votes), status,
                                  p.get("version", int, None)))
        p.done()

    questions: list[Question] = []
    for q in top.tables("questions"):
        qid = q.get("id", int)
        if any(x.id == qid for x in questions):
            raise HouseFormatError(f"question id {qid} is used twice", q.key("id"))
        spec = _game_spec(q.text("game", nonempty=True), q.key("game"))
        clause = q.text("clause", None)
        try:
            clause = _check_clause(spec.id, clause, q.key("clause"))
        except HouseError as e:
            raise HouseFormatError(e.message, e.key) from None
        ans = []
        for a in q.tables("answers"):
            ans.append(Answer(a.text("member", nonempty=True), a.text("text", nonempty=True), a.when("when")))
            a.done()
        status = q.text("status", "open")
        if status not in QUESTION_STATUS:
            raise HouseFormatError(f"must be one of {', '.join(QUESTION_STATUS)}; got {status!r}", q.key("status"))
        questions.append(Question(qid, spec.id, q.text("text", nonempty=True), clause,
                                  q.text("raised_by", nonempty=True), q.when("when"), q.names("table"),
                                  q.text("host", nonempty=True), q.text("match", None),
                                  q.get("higher_standard", bool, False), q.text("their_way", ""), tuple(ans), status,
                                  q.text("ruling", ""), q.get("version", int, None)))
        q.done()
    top.done()
    return House(name, host, tuple(members), approval, answers, kali, tuple(games), tuple(proposals),
                 tuple(questions))


# --- TOML text -----------------------------------------------------------------------------------------
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _toml_key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _toml_str(key)


def _toml_str(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_str(value)
    if isinstance(value, datetime):
        return _utc(value).isoformat().replace("+00:00", "Z")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to a house file")


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _emit(table: Mapping[str, Any], path: str, out: list[str]) -> None:
    for k, v in table.items():
        if v is None or isinstance(v, dict) or _is_tables(v) or (isinstance(v, list) and not v):
            continue
        out.append(f"{_toml_key(k)} = {_toml_value(v)}")
    for k, v in table.items():
        sub = f"{path}.{_toml_key(k)}" if path else _toml_key(k)
        if isinstance(v, dict) and v:
            if all(isinstance(x, dict) for x in v.values()):  # a table of tables (games): no empty header
                for k2, v2 in v.items():
                    out += ["", f"[{sub}.{_toml_key(k2)}]"]
                    _emit(v2, f"{sub}.{_toml_key(k2)}", out)
            else:
                out += ["", f"[{sub}]"]
                _emit(v, sub, out)
        elif _is_tables(v):
            for item in v:
                out += ["", f"[[{sub}]]"]
                _emit(item, sub, out)


HEADER = ("# A gamenight house: its members and the rules it plays each game by.\n"
          "# [games.GAME] holds the version in force; [[games.GAME.history]] the earlier ones.\n")


def to_toml(house: House) -> str:
    """The house as canonical TOML text (one file per house)."""
    out: list[str] = []
    _emit(to_data(house), "", out)
    return HEADER + "\n".join(out) + "\n"


def from_toml(text: str) -> House:
    """A house from TOML text; errors (``HouseFormatError``) name the bad key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HouseFormatError(f"not valid TOML: {e}", "(file)") from None
    return from_data(data)


__all__ = [
    "ANSWERS", "APPROVAL", "FORMAT", "Answer", "Change", "GameRules", "House", "HouseError", "HouseFormatError",
    "MatchRuling", "Member", "OptionChange", "PlayedUnder", "Proposal", "Question", "RuleDiff", "RuleSet",
    "Ruling", "Version", "Vote", "add_member", "answer", "apply_change", "ask", "change_to", "clause_ids",
    "current_version",
    "diff", "diff_versions", "from_data", "from_toml", "kali_applies", "make_change", "match_rulings",
    "new_house", "new_ruling", "normalise_options", "now", "open_proposals", "open_questions", "options_for",
    "played_under", "possessive", "propose", "rule_set", "rulings_for", "set_policy", "tally", "to_data", "to_toml",
    "version", "version_for_match", "versions", "vote", "withdraw", "withdraw_question",
]
