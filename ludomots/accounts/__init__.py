"""Players, not just tables: accounts, sessions, game results, ratings, follows.

This layer sits beside the table layer (it reads the tables' rows and is told when a table
finishes) and below the server. It has its own SQLAlchemy metadata (``schema.py``) whose tables
the Alembic migrations create next to the tables layer's, in the same database.
"""
