"""Where the built lexicon files live inside the package.

Files derived from Grammalecte alone (MPL-2.0) are kept apart from those
derived from Lexique and Wiktionary (CC BY-SA 4.0): see data/LICENSES.md.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"
MPL = DATA / "mpl"
CCBYSA = DATA / "ccbysa"

KEYS = MPL / "keys.marisa"  # folded keys of every form
MASKS = MPL / "masks.u64"  # per key id: category patterns of its entries
ENTRY_INDEX = MPL / "entry_index.u32"  # per key id: first entry (n + 1 values)
ENTRIES = MPL / "entries.bin"  # per entry: form id u32, lemma id u32, tag id u16, categories u16
FORMS = MPL / "forms.marisa"
LEMMAS = MPL / "lemmas.marisa"
TAGS = MPL / "tags.json"
MANIFEST = DATA / "manifest.json"


# Every policy also accepts forms Wiktionary and Lexique add (CC BY-SA): see ADDED.
def policy_trie(name: str) -> Path:
    return CCBYSA / f"accepted-{name}.marisa"


def policy_dawg(name: str) -> Path:
    return CCBYSA / f"accepted-{name}.dawg"


FREQUENCIES = CCBYSA / "frequencies.f32"  # per entry: form frequency, lemma frequency
KNOWN = CCBYSA / "known.u8"  # per lemma id: % of people knowing it (255: not measured)
ADJECTIVES = CCBYSA / "participle-adjectives.tsv"  # adjectives Grammalecte lists as participles
# folded key -> "form, lemma, tag, sources, frequencies" lines: see additions.py
ADDED = CCBYSA / "added-forms.marisa"
HEADWORDS = CCBYSA / "headwords.tsv"  # headword, class, gender, frequency: pattern queries
DEFINITIONS = CCBYSA / "definitions.marisa"  # lemma -> zlib JSON [[class, sense], ...]
