"""Volapük at the terminal: `ludomots volapuk ...` (cli.py), the session (tui.py), its
screens."""
