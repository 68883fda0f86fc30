"""Topword at the terminal: `ludomots topword ...` (cli.py), the session (tui.py), its
screens."""
