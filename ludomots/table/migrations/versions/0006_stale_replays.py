"""Replays of games someone left, kept before records said how such a game ended: they show
no scores and no result. Dropping them makes the next visit compute them again (a replay is
a cache of the stored actions; nothing is lost).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(sa.text("DELETE FROM replays WHERE table_id IN "
                       "(SELECT DISTINCT table_id FROM departures)"))


def downgrade() -> None:
    pass  # the dropped replays are computed again on demand
