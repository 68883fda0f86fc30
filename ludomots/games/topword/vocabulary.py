"""A bot level's vocabulary as a word graph, so that its move search never leaves it.

A Topword bot below the greedy one knows a word when its Lexique frequency reaches the level's
threshold (``bots.word_frequency``): the débutant knows about 8,400 of the 453,000 words of
the Topword policy, the confirmé about 45,000. Generating every legal move and then dropping
the moves with an unknown word spent most of a decision in branches of words it would never
play. The DAWG of the words it knows gives the same moves directly, in the same order
(``movegen.generate(..., words=...)``): a move is legal and known exactly when each of its
words is in this graph, since every known word is a word of the policy.

Built once per lexicon and threshold in each process (about a second of CPU for the
débutant, two and a half for the confirmé), in the background (``vocabulary_if_ready``).
Which words reach the threshold is decided by ``Lexicon.frequency`` itself, the definition
the bots use; it is only asked about the candidates: the keys with at least one reading (an
entry of the lexicon's tables, or an addition) whose frequency reaches the threshold. A key's
frequency is the highest of its readings', so no other key can reach it
(``Lexicon.keys_reaching``).
"""

from __future__ import annotations

import logging
import threading

from ludomots.lexicon.dawg import Dawg, build_dawg
from ludomots.lexicon.lexicon import Lexicon

log = logging.getLogger(__name__)

_BUILT: dict[tuple[Lexicon, float], Dawg] = {}
_BUILDING: set[tuple[Lexicon, float]] = set()
_LOCK = threading.Lock()


def vocabulary(lexicon: Lexicon, threshold: float) -> Dawg:
    """The words of the Topword policy whose frequency reaches ``threshold``, as a DAWG
    (built here if no other call built it yet)."""
    key = (lexicon, threshold)
    found = _BUILT.get(key)
    if found is None:
        found = _build(lexicon, threshold)
        with _LOCK:
            found = _BUILT.setdefault(key, found)
    return found


def vocabulary_if_ready(lexicon: Lexicon, threshold: float) -> Dawg | None:
    """``vocabulary`` if it is built; else None, and it is built in the background. A bot
    process's first decisions are therefore never held up by the build (a second or two of
    CPU, far more on a busy machine): until it is ready the bot filters the full list of
    moves instead, which gives the same moves."""
    key = (lexicon, threshold)
    found = _BUILT.get(key)
    if found is None:
        with _LOCK:
            if key in _BUILDING:
                return None
            _BUILDING.add(key)
        threading.Thread(target=_build_in_background, args=key, daemon=True,
                         name=f"topword-vocabulary-{threshold:g}").start()
    return found


def _build_in_background(lexicon: Lexicon, threshold: float) -> None:
    try:
        vocabulary(lexicon, threshold)
    except Exception:  # the bots go on filtering every move: slower, the same moves
        log.exception("cannot build the Topword vocabulary at frequency %g", threshold)


def _build(lexicon: Lexicon, threshold: float) -> Dawg:
    policy = lexicon.automaton("standard")
    words = sorted(key for key in lexicon.keys_reaching(threshold)
                   if key in policy and lexicon.frequency(key) >= threshold)
    return Dawg(build_dawg(word.encode("ascii") for word in words))
