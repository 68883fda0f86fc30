"""Accounts, sessions, login throttling, seat links, game results, ratings, follows, presence,
invitations (``ludomots/accounts/schema.py`` describes each table and why).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _account(name: str = "account_id", nullable: bool = False, primary_key: bool = False,
             ondelete: str = "CASCADE") -> sa.Column[int]:
    return sa.Column(name, sa.Integer, sa.ForeignKey("accounts.id", ondelete=ondelete),
                     nullable=nullable, primary_key=primary_key, autoincrement=False)


def _table() -> sa.Column[str]:
    return sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                     primary_key=True, nullable=False)


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("password_changed_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ux_accounts_name_key", "accounts", ["name_key"], unique=True)
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        _account(),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("used_at", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "login_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(128), nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_login_attempts_key_at", "login_attempts", ["key", "at"])
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.create_table(
        "seat_accounts",
        _table(),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        _account(),
        sa.Column("linked_at", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("table_id", "account_id", name="uq_seat_accounts_table_account"),
    )
    op.create_index("ix_seat_accounts_account", "seat_accounts", ["account_id"])
    op.create_table(
        "rated_tables",
        _table(),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "finished_tables",
        _table(),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("finished_at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "game_results",
        _table(),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        _account(nullable=True, ondelete="SET NULL"),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(16)),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("winner", sa.Boolean, nullable=False),
        sa.Column("finished_at", sa.BigInteger, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating_before", sa.Integer),
        sa.Column("rating_after", sa.Integer),
        sa.Column("best_word", sa.String(64)),
        sa.Column("best_points", sa.Integer),
        sa.Column("longest_word", sa.String(64)),
        sa.Column("longest_len", sa.Integer),
        sa.Column("anonymised", sa.Boolean, nullable=False),
    )
    op.create_index("ix_game_results_account_finished", "game_results",
                    ["account_id", "finished_at"])
    op.create_index("ix_game_results_account_points", "game_results",
                    ["account_id", "best_points", "finished_at"])
    op.create_index("ix_game_results_account_length", "game_results",
                    ["account_id", "longest_len", "finished_at"])
    op.create_index("ix_game_results_account_game", "game_results",
                    ["account_id", "game", "winner", "rated"])
    op.create_table(
        "ratings",
        _account(primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("players", sa.String(8), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("provisional", sa.Boolean, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("last_played", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "players", "provisional", "rating"])
    op.create_table(
        "rating_history",
        _account(primary_key=True),
        _table(),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.String(8), nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
    )
    op.create_index("ix_rating_history_account_game", "rating_history",
                    ["account_id", "game", "at"])
    op.create_table(
        "bot_ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("players", sa.String(8), primary_key=True),
        sa.Column("level", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "follows",
        sa.Column("follower", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False),
        sa.Column("followed", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_follows_followed", "follows", ["followed"])
    op.create_table(
        "presence",
        _account(primary_key=True),
        sa.Column("process", sa.String(32), primary_key=True),
        sa.Column("expires_at", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "invites",
        _table(),
        sa.Column("to_account", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True, autoincrement=False),
        sa.Column("from_account", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("created_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_invites_to", "invites", ["to_account"])


def downgrade() -> None:
    for index, table in (("ix_invites_to", "invites"), ("ix_follows_followed", "follows"),
                         ("ix_rating_history_account_game", "rating_history"),
                         ("ix_ratings_board", "ratings"),
                         ("ix_game_results_account_game", "game_results"),
                         ("ix_game_results_account_length", "game_results"),
                         ("ix_game_results_account_points", "game_results"),
                         ("ix_game_results_account_finished", "game_results"),
                         ("ix_seat_accounts_account", "seat_accounts"),
                         ("ix_login_attempts_key_at", "login_attempts"),
                         ("ix_sessions_account", "sessions"),
                         ("ux_accounts_name_key", "accounts")):
        op.drop_index(index, table_name=table)
    for table in ("invites", "presence", "follows", "bot_ratings", "rating_history", "ratings",
                  "game_results", "finished_tables", "rated_tables", "seat_accounts",
                  "server_keys", "login_attempts", "sessions", "accounts"):
        op.drop_table(table)
