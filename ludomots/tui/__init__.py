"""The terminal interfaces: ``ludomots <game> play`` sessions, their screens and commands.

An interface layer, above the games: a game names its command here by a dotted path
(``Game.terminal_entry``) and never imports this package. rich and click are imported by
interfaces only (``tests/test_layers.py``).
"""
