"""The deck's human review, as data the build applies: what the automatic checks cannot judge.

Reading the built deck found answers no riddle should have (crude, offensive, too technical
despite their frequency in the corpora, or spelled in a way a player cannot guess) and
definitions that are true but do not identify their word. They are listed here, with the
reason, so that `ludomots vocabulon deck build` stays reproducible and the review is visible.
"""

from __future__ import annotations

# Answers never asked, whatever their frequency.
REJECTED_WORDS: dict[str, str] = {}

# (answer, beginning of a definition) pairs: that sense is not used for that answer.
REJECTED_DEFINITIONS: dict[tuple[str, str], str] = {}
