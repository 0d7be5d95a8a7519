"""Security: each member of a house acts through a link of their own; a table under a house
records the member who made it (its host); tables are private unless listed; idle tables
are archived.

- ``house_links``: one row per member of a house, an invitation (shown to the house's
  admins until it is claimed) or the key it was exchanged for (never shown again). A house
  kept before this revision hands its old admin link to its host as the host's key, and
  gives every other member an invitation.
- ``game_tables.house_host``: the member whose link made the table; ``listed``: shown in the
  lobby's list of tables (off unless the host asks); ``archived`` is a new status.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _members(data: Any) -> list[str]:
    """The member names of a stored house document (none if it is damaged)."""
    if not isinstance(data, dict) or not isinstance(data.get("members"), list):
        return []
    names = [m.get("name") for m in data["members"] if isinstance(m, dict)]
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and 0 < len(n) <= 80))


def upgrade() -> None:
    conn = op.get_bind()
    houses = sa.table("houses", sa.column("id", sa.String), sa.column("admin_token", sa.String),
                      sa.column("data", sa.JSON))
    kept = list(conn.execute(sa.select(houses.c.id, houses.c.admin_token, houses.c.data)))
    with op.batch_alter_table("houses") as b:  # before the links exist: SQLite rebuilds the table
        b.drop_column("admin_token")
    links = op.create_table(
        "house_links",
        sa.Column("house_id", sa.String(32), sa.ForeignKey("houses.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("member", sa.String(80), primary_key=True),
        sa.Column("invite", sa.String(64), nullable=True),
        sa.Column("key", sa.String(64), nullable=True),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
    )
    now = datetime.now(UTC)
    rows: list[dict[str, Any]] = []
    for hid, admin_token, data in kept:
        host = data.get("host") if isinstance(data, dict) else None
        for name in _members(data):
            mine = name == host
            rows.append({"house_id": hid, "member": name, "invite": None if mine else secrets.token_urlsafe(18),
                         "key": admin_token if mine else None, "issued_at": now, "claimed_at": now if mine else None})
    if rows:
        op.bulk_insert(links, rows)
    # plain ALTER TABLE ... ADD COLUMN: a batch would rebuild game_tables, and SQLite would
    # cascade that to every seat
    op.add_column("game_tables", sa.Column("house_host", sa.String(80), nullable=True))
    op.add_column("game_tables", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("game_tables", "listed")
    op.drop_column("game_tables", "house_host")
    with op.batch_alter_table("houses") as b:
        b.add_column(sa.Column("admin_token", sa.String(64), nullable=False, server_default=""))
    op.drop_table("house_links")
