"""People at a table: a seat is claimed by the person who joined through its link (its
token is then replaced by one only they hold), and a table may run a turn timer.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("game_tables", sa.Column("turn_timer", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as b:
        b.drop_column("turn_timer")
    with op.batch_alter_table("seats") as b:
        b.drop_column("claimed")
