"""What a house is: members, policies, and for each game the numbered versions of its
rule set, with the proposals and questions that make new ones. Frozen dataclasses: every
change returns a new ``House``."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

FORMAT = 1
APPROVAL = ("host", "majority")
ANSWERS = ("host", "table")
VERSION_STATUS = ("approved", "ruled")
PROPOSAL_STATUS = ("open", "accepted", "rejected", "withdrawn")
QUESTION_STATUS = ("open", "ruled", "kali", "unsettled", "withdrawn")
HOUSE_ID = re.compile(r"[A-Za-z0-9_-]{8,32}")
"""A house's id: the same in its file and in the web app that keeps it, never reused."""
RULING_ID = re.compile(r"r(\d{1,6})")
"""A ruling's id: ``r1``, ``r2``, ... (six digits is more rulings than a house will write)."""


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


def as_utc(when: datetime | None) -> datetime:
    """``when`` in UTC (a naive time is taken as UTC; None: now), so records compare equal."""
    if when is None:
        return now()
    if when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when.astimezone(UTC)


def possessive(name: str) -> str:
    """``The Metzkers'`` / ``Ann's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


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
    id: str | None = None
    """A stable id the house's file carries: a server brings the file in once, by this id
    (never by name, which anyone may choose)."""

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

    def with_version(self, version: Version) -> House:
        """The house with ``version`` added to its game's history (games kept in id order)."""
        game = version.rules.game
        rules = GameRules(game, (*self.game_rules(game).versions, version))
        games = sorted([*(g for g in self.games if g.game != game), rules], key=lambda g: g.game)
        return dataclasses.replace(self, games=tuple(games))

    def with_proposal(self, proposal: Proposal) -> House:
        """The house with ``proposal`` in place of the one with its id, or added."""
        if all(p.id != proposal.id for p in self.proposals):
            return dataclasses.replace(self, proposals=(*self.proposals, proposal))
        return dataclasses.replace(self, proposals=tuple(proposal if p.id == proposal.id else p
                                                         for p in self.proposals))

    def with_question(self, question: Question) -> House:
        """The house with ``question`` in place of the one with its id, or added."""
        if all(q.id != question.id for q in self.questions):
            return dataclasses.replace(self, questions=(*self.questions, question))
        return dataclasses.replace(self, questions=tuple(question if q.id == question.id else q
                                                         for q in self.questions))
