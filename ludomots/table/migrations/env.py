"""Alembic's environment for the Ludomots schema (``ludomots/table/migrate.py`` drives it).

Online only through a connection handed over by ``migrate.py``: it holds the migration lock
(PostgreSQL) and the transaction, so several server processes starting at once run each
migration exactly once. ``alembic upgrade --sql`` (offline) renders the SQL for a URL instead.

The target metadata is the whole database: the tables layer's and the accounts layer's
(``all_metadata``), since one chain of revisions builds both.
"""

from __future__ import annotations

from alembic import context

from ludomots.accounts.schema import all_metadata

config = context.config
connection = config.attributes.get("connection")

if connection is None:
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=all_metadata(),
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    # render_as_batch: SQLite cannot ALTER most things; batch mode copies the table instead.
    context.configure(connection=connection, target_metadata=all_metadata(), render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
