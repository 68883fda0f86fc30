"""Typo at the terminal: `ludomots typo ...` (cli.py), the session (tui.py), its
screens."""
