"""One package per game (rules, bots, notation); see ludomots.core.registry."""
