"""Changing a game's rules: an admin proposes a change, the members vote, and when the
house's approval policy is met the change becomes the next version (rulebook 004: the
group's buy-in)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from gamenight.engine.registry import resolve_options
from gamenight.houses.checks import (
    checked_clause,
    checked_option_name,
    checked_options,
    checked_preset,
    dealable,
    game_spec,
)
from gamenight.houses.members import require_admin
from gamenight.houses.model import Change, House, HouseError, Proposal, Ruling, Version, Vote, as_utc
from gamenight.houses.rules import apply_change, current_version, rule_set


def make_change(house: House, game_id: str, *, preset: str | None = None,
                options: Mapping[str, Any] | None = None, unset: Iterable[str] = (),
                add_rulings: Iterable[Ruling] = (), remove_rulings: Iterable[str] = ()) -> Change:
    """A validated ``Change``; bad values raise ``HouseError`` naming the key
    (``games.hearts.options.target``)."""
    spec = game_spec(game_id, "game")
    key = f"games.{game_id}"
    preset = checked_preset(spec, preset, f"{key}.preset")
    values = checked_options(spec, options or {}, f"{key}.options")
    unset_ = tuple(checked_option_name(spec, u, f"{key}.options.{u}") for u in unset)
    current = rule_set(house, game_id)
    removes = []
    for rid in remove_rulings:
        if current.ruling(rid) is None:
            raise HouseError(f"the {spec.title} rules in force have no ruling {rid!r}", f"{key}.rulings")
        removes.append(rid)
    adds = tuple(add_rulings)
    for r in adds:
        checked_clause(game_id, r.clause, f"{key}.rulings.{r.id}.clause")
    return Change(preset, values, unset_, adds, tuple(removes))


def change_to(house: House, game_id: str, *, preset: str | None, values: Mapping[str, Any],
              add_rulings: Iterable[Ruling] = (), remove_rulings: Iterable[str] = ()) -> Change:
    """The ``Change`` that makes a game's rule set exactly ``preset`` plus ``values``.

    A form sends every option's value; only those that differ from the preset's (or the
    book's) value are kept, so a rule set lists just what the house chose."""
    spec = game_spec(game_id, "game")
    key = f"games.{game_id}"
    preset = checked_preset(spec, preset or None, f"{key}.preset")
    wanted = checked_options(spec, values, f"{key}.options")
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


def propose(house: House, game_id: str, change: Change, *, by: str, why: str = "",
            when: datetime | None = None) -> tuple[House, Proposal]:
    """An admin proposes a change to one game's rules. The proposer's own vote counts
    as yes, so under the host policy the host's proposal takes effect at once, and a
    one-member house's too. Returns the new house and the proposal as it now stands
    (``status`` ``accepted`` with ``version`` set, or ``open``)."""
    spec = game_spec(game_id, "game")
    require_admin(house, by)
    if change.empty:
        raise HouseError("the proposal changes nothing")
    proposed = apply_change(rule_set(house, game_id), change)
    dealable(spec, proposed.preset, proposed.values, f"games.{game_id}")
    when = as_utc(when)
    pid = max((p.id for p in house.proposals), default=0) + 1
    p = Proposal(pid, game_id, current_version(house, game_id), change, by, when, why.strip(),
                 (Vote(by, True, when),))
    house = _settle(house.with_proposal(p), p, when)
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
        return house.with_proposal(dataclasses.replace(p, status="rejected"))
    rules = apply_change(rule_set(house, p.game), p.change)
    number = current_version(house, p.game) + 1
    yes = tuple(v.member for v in p.votes if v.yes)
    house = house.with_version(Version(number, rules, p.proposed_by, when, p.why, "approved", yes))
    return house.with_proposal(dataclasses.replace(p, status="accepted", version=number))


def vote(house: House, proposal_id: int, *, by: str, yes: bool = True, when: datetime | None = None) -> House:
    """A member votes on an open proposal (a later vote replaces their earlier one).
    Under the host policy everyone's vote is recorded but the host's decides."""
    p = house.proposal(proposal_id)
    if house.member(by) is None:
        raise HouseError(f"{by!r} is not a member of {house.name}")
    if p.status != "open":
        raise HouseError(f"proposal #{p.id} is already {p.status}")
    when = as_utc(when)
    votes = tuple(v for v in p.votes if v.member != by) + (Vote(by, bool(yes), when),)
    p = dataclasses.replace(p, votes=votes)
    return _settle(house.with_proposal(p), p, when)


def withdraw(house: House, proposal_id: int, *, by: str) -> House:
    """The proposer (or the host) withdraws an open proposal."""
    p = house.proposal(proposal_id)
    if by not in (p.proposed_by, house.host):
        raise HouseError(f"only {p.proposed_by} or the host can withdraw proposal #{p.id}")
    if p.status != "open":
        raise HouseError(f"proposal #{p.id} is already {p.status}")
    return house.with_proposal(dataclasses.replace(p, status="withdrawn"))


def check_playable(house: House) -> None:
    """Refuse a house (a file brought in) whose rules in force for a game, or an open
    proposal for one, no table could deal: once in, it would fail every table it makes."""
    for g in house.games:
        rules = rule_set(house, g.game)
        dealable(game_spec(g.game), rules.preset, rules.values, f"games.{g.game}")
    for p in open_proposals(house):
        rules = apply_change(rule_set(house, p.game), p.change)
        dealable(game_spec(p.game), rules.preset, rules.values, f"proposals.{p.id}")


def open_proposals(house: House, game_id: str | None = None) -> tuple[Proposal, ...]:
    return tuple(p for p in house.proposals if p.status == "open" and (game_id is None or p.game == game_id))
