"""Awalettres at the terminal: `ludomots awalettres ...` (cli.py), the session (tui.py), its
screens."""
