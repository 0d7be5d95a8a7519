"""Durable tables, matches and houses: SQLAlchemy models and one repository module (no rules here)."""

from gamenight.store.repository import (
    HouseConflict,
    HouseRow,
    MatchRow,
    SeatRow,
    Store,
    StoreError,
    TableRow,
    default_database_url,
    new_token,
)

__all__ = ["HouseConflict", "HouseRow", "MatchRow", "SeatRow", "Store", "StoreError", "TableRow",
           "default_database_url", "new_token"]
