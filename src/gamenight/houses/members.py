"""Founding a house, its members, and the host's choice of how the house decides."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from gamenight.houses.checks import choice, clean_name
from gamenight.houses.model import ANSWERS, APPROVAL, House, HouseError, Member, possessive


def new_house(name: str, host: str, members: Iterable[str | Member] = (), *, approval: str = "host",
              answers: str = "host", kali_effect: bool = False) -> House:
    """A house with ``host`` (an admin) and other members; no game changed yet."""
    name = clean_name(name, "name")
    host = clean_name(host, "host")
    ms: dict[str, Member] = {host: Member(host, True)}
    for i, m in enumerate(members):
        member = m if isinstance(m, Member) else Member(clean_name(m, f"members[{i}].name"))
        member = Member(clean_name(member.name, f"members[{i}].name"), member.admin or member.name == host)
        if member.name in ms and member.name != host:
            raise HouseError(f"{member.name!r} is listed twice", f"members[{i}].name")
        ms[member.name] = member
    return House(name, host, tuple(ms.values()), choice(approval, APPROVAL, "approval"),
                 choice(answers, ANSWERS, "answers"), bool(kali_effect))


def require_admin(house: House, by: str) -> None:
    if house.member(by) is None:
        raise HouseError(f"{by!r} is not a member of {house.name}")
    if not house.is_admin(by):
        raise HouseError(f"only members with {possessive(house.name)} admin link can change its rules; {by} has not")


def add_member(house: House, name: str, *, by: str, admin: bool = False) -> House:
    """An admin adds a member (``admin=True`` gives them the admin link too)."""
    require_admin(house, by)
    name = clean_name(name, "name")
    if house.member(name) is not None:
        raise HouseError(f"{name!r} is already a member of {house.name}")
    return dataclasses.replace(house, members=(*house.members, Member(name, admin)))


def set_policy(house: House, *, by: str, approval: str | None = None, answers: str | None = None,
               kali_effect: bool | None = None) -> House:
    """The host chooses how changes are approved and questions answered, and the Kali Effect."""
    if by != house.host:
        raise HouseError(f"only the host ({house.host}) chooses how {house.name} decides")
    return dataclasses.replace(
        house, approval=choice(approval, APPROVAL, "approval") if approval is not None else house.approval,
        answers=choice(answers, ANSWERS, "answers") if answers is not None else house.answers,
        kali_effect=house.kali_effect if kali_effect is None else bool(kali_effect))
