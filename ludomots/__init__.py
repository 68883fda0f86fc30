"""Ludomots: French word games with a real French lexicon as referee."""

__version__ = "0.1.0"
