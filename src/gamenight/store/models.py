"""The database tables. A game table has seats and a sequence of matches; each match is
its record (game, rules version, players, seed, options) plus one row per accepted action.
A house is one document (the engine's ``to_data``) with a revision for safe concurrent
saves, and a link per member (an invitation until it is claimed, then the member's key); a
table played under a house, and each of its matches, name the house (the table also the
member who made it, the match the house's rules version it was played under)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameTable(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    preset: Mapped[str | None] = mapped_column(String(64), nullable=True)
    host_token: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    current_match: Mapped[int | None] = mapped_column(Integer, nullable=True)
    house_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    house_host: Mapped[str | None] = mapped_column(String(80), nullable=True)
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    turn_timer: Mapped[int] = mapped_column(Integer, default=0)
    """Seconds a person has for a move before a bot makes it for them (0: no timer)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Seat(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    token: Mapped[str] = mapped_column(String(64), index=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    """Someone joined through the seat's link; its token is now theirs alone."""


class MatchRecord(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    house_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    house_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ActionRow(Base):
    __tablename__ = "match_actions"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HouseDoc(Base):
    __tablename__ = "houses"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HouseLink(Base):
    """A member's own link to a house: an invitation an admin hands out, exchanged once for a
    key that only the member holds."""

    __tablename__ = "house_links"

    house_id: Mapped[str] = mapped_column(ForeignKey("houses.id", ondelete="CASCADE"), primary_key=True)
    member: Mapped[str] = mapped_column(String(80), primary_key=True)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    issued_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
