"""Time controls (issue 19): each stored action says whether the clock played it (a timeout),
so that journals show « temps écoulé » and Fischer banks are rebuilt exactly after a restart.
The time control itself is kept in the existing ``tables.clock`` JSON (its ``mode``).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A database made by ``Store.create_schema`` (stamped 0001 on its first upgrade) may
    # already have the column.
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("actions")}
    if "timeout" in columns:
        return
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("timeout", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("timeout")
