"""Founding a house, its members, and the host's choice of how the house decides."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Iterable

from gamenight.houses.checks import choice, clean_name
from gamenight.houses.model import ANSWERS, APPROVAL, HOUSE_ID, House, HouseError, Member, possessive


def new_house(name: str, host: str, members: Iterable[str | Member] = (), *, approval: str = "host",
              answers: str = "host", kali_effect: bool = False, house_id: str | None = None) -> House:
    """A house with ``host`` (an admin) and other members; no game changed yet. ``house_id``:
    the stable id its file carries (``new_id()`` makes one)."""
    name = clean_name(name, "name")
    host = clean_name(host, "host")
    ms: dict[str, Member] = {host: Member(host, True)}
    for i, m in enumerate(members):
        member = m if isinstance(m, Member) else Member(clean_name(m, f"members[{i}].name"))
        member = Member(clean_name(member.name, f"members[{i}].name"), member.admin or member.name == host)
        if member.name in ms and member.name != host:
            raise HouseError(f"{member.name!r} is listed twice", f"members[{i}].name")
        ms[member.name] = member
    if house_id is not None and not HOUSE_ID.fullmatch(house_id):
        raise HouseError(f"a house id is 8 to 32 letters, digits, - or _; got {house_id[:40]!r}", "id")
    return House(name, host, tuple(ms.values()), choice(approval, APPROVAL, "approval"),
                 choice(answers, ANSWERS, "answers"), bool(kali_effect), id=house_id)


def new_id() -> str:
    """A fresh house id (12 URL-safe characters): unguessable, so nobody else's file carries it."""
    return secrets.token_urlsafe(9)


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


def check_new_link(house: House, *, by: str, member: str) -> None:
    """May ``by`` give ``member`` a new link (their old one stops working)? The host may for
    anyone but themselves, another admin for a member who is not an admin: nobody can take
    over the host's place, nor an admin another admin's."""
    require_admin(house, by)
    target = house.member(member)
    if target is None:
        raise HouseError(f"{member!r} is not a member of {house.name}")
    if member == house.host:
        raise HouseError(f"nobody can replace the host's link, {house.host}'s own")
    if by != house.host and house.is_admin(member):
        raise HouseError(f"only the host gives an admin ({member}) a new link")
