"""Durable tables, matches and houses: SQLAlchemy models and one repository module (no rules here)."""

from gamenight.store.repository import (
    ARCHIVED,
    HouseConflict,
    HouseRow,
    LinkRow,
    MatchRow,
    PlyTaken,
    SeatRow,
    Store,
    StoreError,
    TableRow,
    default_database_url,
    new_id,
    new_token,
)

__all__ = ["ARCHIVED", "HouseConflict", "HouseRow", "LinkRow", "MatchRow", "PlyTaken", "SeatRow", "Store", "StoreError",
           "TableRow", "default_database_url", "new_id", "new_token"]
