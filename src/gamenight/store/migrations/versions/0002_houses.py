"""Houses (one document each, with a revision), and the house a table and a match were
played under (the match also records the house's rules version).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "houses",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("admin_token", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.add_column("game_tables", sa.Column("house_id", sa.String(32), nullable=True))
    op.create_index("ix_game_tables_house_id", "game_tables", ["house_id"])
    op.add_column("matches", sa.Column("house_id", sa.String(32), nullable=True))
    op.add_column("matches", sa.Column("house_version", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as b:
        b.drop_column("house_version")
        b.drop_column("house_id")
    op.drop_index("ix_game_tables_house_id", "game_tables")
    with op.batch_alter_table("game_tables") as b:
        b.drop_column("house_id")
    op.drop_table("houses")
