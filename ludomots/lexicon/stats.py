"""Counts that describe the lexicon (`ludomots lexique stats`, benchmarks)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ludomots.lexicon import paths
from ludomots.lexicon.lexicon import get_lexicon
from ludomots.lexicon.policy import NAMED, Policy

ODS8_WORDS_2_TO_15 = 402_325  # the official French Scrabble list, ODS8 (for comparison)


def compute_stats(games: Mapping[str, Policy] | None = None) -> dict[str, Any]:
    """The counts; ``games`` (name -> policy) names the games beside each named policy."""
    lexicon = get_lexicon()
    stats: dict[str, Any] = {}
    manifest = json.loads(paths.MANIFEST.read_text("utf-8"))
    stats["sources"] = {name: s["origin"] for name, s in manifest["sources"].items()}
    stats["forms (folded keys)"] = len(lexicon._keys)
    stats["exact forms"] = len(lexicon._forms)
    stats["lemmas"] = len(lexicon._lemmas)
    stats["entries"] = lexicon._entry_index[len(lexicon._keys)]
    stats["lemmas with definitions"] = len(lexicon._definitions.keys())
    for name, policy in NAMED.items():
        users = ", ".join(g for g, p in (games or {}).items() if p is policy)
        stats[f"accepted by {name} ({users})"] = lexicon.count(policy)
    standard_2_15 = sum(
        1 for k in lexicon.iter_accepted("", NAMED["standard"])
        if 2 <= len(k) <= 15 and k.isascii() and k.isalpha()
    )
    stats["standard, 2-15 letters A-Z"] = standard_2_15
    stats["ODS8, 2-15 letters (reference)"] = ODS8_WORDS_2_TO_15
    stats["ratio to ODS8"] = round(standard_2_15 / ODS8_WORDS_2_TO_15, 3)
    return stats
