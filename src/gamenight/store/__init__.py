"""Durable tables and matches: SQLAlchemy models and one repository module (no rules here)."""

from gamenight.store.repository import MatchRow, SeatRow, Store, StoreError, TableRow, default_database_url, new_token

__all__ = ["MatchRow", "SeatRow", "Store", "StoreError", "TableRow", "default_database_url", "new_token"]
