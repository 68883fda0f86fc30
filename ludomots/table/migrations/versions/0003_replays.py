"""Replays of finished games, computed once and kept (``Store.save_replay``).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database made by ``Store.create_schema`` without migrations (stamped 0001 on its
    # first upgrade) may already have the table.
    if sa.inspect(op.get_bind()).has_table("replays"):
        return
    op.create_table(
        "replays",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("body", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replays")
