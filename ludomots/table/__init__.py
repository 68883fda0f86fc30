"""The tables layer: running games with seats, humans and bots, clocks, records and events.

Deliberately empty of imports: the bot worker (``worker.py``) runs in fresh processes that
import this package, and they should not pay for SQLAlchemy or asyncio machinery they never use.
Import from the submodules: ``model``, ``store``, ``table``, ``clock``, ``manager``.
"""
