"""What changed between two versions of a game's rules, in the rulebook's own sentences."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamenight.engine import options as opts
from gamenight.engine.registry import resolve_options
from gamenight.houses.checks import game_spec
from gamenight.houses.model import House, HouseError, RuleSet, Ruling, Version
from gamenight.houses.rules import version


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
    spec = game_spec(ra.game)
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
