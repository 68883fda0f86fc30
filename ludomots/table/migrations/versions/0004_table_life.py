"""Table life (issue 19): chat kept with the table, departures (resign), rematch links and the
creator's choice for a resignation at 3+ players.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

NEW_COLUMNS = (("resign_rule", 48), ("rematch_of", 32), ("rematch", 32))


def upgrade() -> None:
    # A database made by ``Store.create_schema`` (stamped 0001 on its first upgrade) may
    # already have all of it.
    inspector = sa.inspect(op.get_bind())
    columns = {c["name"] for c in inspector.get_columns("tables")}
    with op.batch_alter_table("tables") as batch:
        for name, length in NEW_COLUMNS:
            if name not in columns:
                batch.add_column(sa.Column(name, sa.String(length), nullable=True))
    if "ux_tables_rematch_of" not in {i["name"] for i in inspector.get_indexes("tables")}:
        op.create_index("ux_tables_rematch_of", "tables", ["rematch_of"], unique=True)
    if not inspector.has_table("departures"):
        op.create_table(
            "departures",
            sa.Column("table_id", sa.String(32),
                      sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("reason", sa.String(16), nullable=False),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("seq", sa.Integer, nullable=False),
            sa.Column("level", sa.String(32), nullable=True),
            sa.Column("at", sa.BigInteger, nullable=False),
        )
    if not inspector.has_table("chat_lines"):
        op.create_table(
            "chat_lines",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("table_id", sa.String(32),
                      sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("text", sa.Text, nullable=False),
            sa.Column("at", sa.BigInteger, nullable=False),
        )
        op.create_index("ix_chat_lines_table", "chat_lines", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_lines_table", "chat_lines")
    op.drop_table("chat_lines")
    op.drop_table("departures")
    op.drop_index("ux_tables_rematch_of", "tables")
    with op.batch_alter_table("tables") as batch:
        for name, _ in NEW_COLUMNS:
            batch.drop_column(name)
