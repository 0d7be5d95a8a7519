"""Reading a house's rules for one game: its versions, the options and rulings in force,
the version a match plays under, and how a change or a ruling makes the next rule set."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from gamenight.engine import options as opts
from gamenight.engine.registry import resolve_options
from gamenight.houses.checks import AUTHORS_LENGTH, checked_clause, checked_preset, clean_name, game_spec
from gamenight.houses.model import (
    RULING_ID,
    Change,
    House,
    HouseError,
    MatchRuling,
    RuleSet,
    Ruling,
    Version,
    as_utc,
)


def versions(house: House, game_id: str) -> tuple[Version, ...]:
    """The versions of a game's rule set, oldest first (version 0, the book, is not listed)."""
    return house.game_rules(game_id).versions


def current_version(house: House, game_id: str) -> int:
    """The number of the version in force (0: the book's main rules, never changed)."""
    vs = versions(house, game_id)
    return vs[-1].number if vs else 0


def version(house: House, game_id: str, number: int | None = None) -> Version:
    """Version ``number`` of a game's rules (None: the one in force; 0: the book's main rules)."""
    game_spec(game_id)
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
    spec = game_spec(game_id)
    rs = rule_set(house, game_id, number)
    # a stored preset or value this release of the game no longer accepts names its key
    preset = checked_preset(spec, rs.preset, f"games.{game_id}.preset")
    try:
        return resolve_options(spec, rs.values, preset)
    except opts.OptionError as e:
        raise HouseError(e.reason, f"games.{game_id}.options.{e.key}") from None


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


def _next_ruling_number(house: House, game_id: str) -> int:
    ids: list[str] = []
    for v in versions(house, game_id):
        ids += [r.id for r in v.rules.rulings]
    for p in house.proposals:
        if p.game == game_id:
            ids += [r.id for r in p.change.add_rulings]
    nums = [int(m.group(1)) for i in ids if (m := RULING_ID.fullmatch(i))]
    return max(nums, default=0) + 1


def new_ruling(house: House, game_id: str, text: str, *, author: str, clause: str | None = None, why: str = "",
               question: str = "", when: datetime | None = None, number: int | None = None) -> Ruling:
    """A ruling with the next free id (``r1``, ``r2``, ...) for ``game_id``; not yet in force."""
    if not isinstance(text, str) or not text.strip():
        raise HouseError("a ruling needs some text", "text")
    n = number if number is not None else _next_ruling_number(house, game_id)
    return Ruling(f"r{n}", text.strip(), checked_clause(game_id, clause, "clause"),
                  clean_name(author, "author", AUTHORS_LENGTH), as_utc(when), why.strip(), question.strip())


def apply_change(rules: RuleSet, change: Change) -> RuleSet:
    """The rule set after ``change`` (pure; values are checked when the change is made)."""
    values = dict(rules.options)
    for name in change.unset:
        values.pop(name, None)
    values.update(dict(change.options))
    spec = game_spec(rules.game)
    ordered = tuple((i.name, values[i.name]) for i in opts.describe(spec.options) if i.name in values)
    rulings = [r for r in rules.rulings if r.id not in change.remove_rulings]
    have = {r.id for r in rulings}
    rulings += [r for r in change.add_rulings if r.id not in have]
    preset = rules.preset if change.preset is None else change.preset
    return RuleSet(rules.game, preset, ordered, tuple(rulings))
