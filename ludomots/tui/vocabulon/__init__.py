"""Vocabulon at the terminal: `ludomots vocabulon ...` (cli.py), the session (tui.py), its
screens."""
