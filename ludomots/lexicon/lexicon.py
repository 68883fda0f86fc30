"""The runtime lexicon: answers the games' questions from the shipped files.

Everything is loaded lazily and memory-mapped where the format allows, so a
process that only checks words loads only the policy trie it needs (about a
megabyte, in well under a millisecond).
"""

from __future__ import annotations

import bisect
import json
import mmap
import struct
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

import marisa_trie

from ludomots.lexicon import paths
from ludomots.lexicon.dawg import Dawg
from ludomots.lexicon.fold import fold, fold_table
from ludomots.lexicon.policy import STANDARD, Policy, policy_for
from ludomots.lexicon.tags import CLASS_LABELS, CONJUGATED, categories, parse_tag

_ENTRY = struct.Struct("<IIHH")


class _AddedLine(NamedTuple):
    """An addition's line in the additions trie, as ``build.py`` writes it (tab-separated)."""

    form: str
    lemma: str
    tag: str
    sources: str
    form_frequency: float
    lemma_frequency: float

    @classmethod
    def parse(cls, raw: bytes) -> _AddedLine:
        form, lemma, tag, sources, form_frequency, lemma_frequency = raw.decode("utf-8").split("\t")
        return cls(form, lemma, tag, sources, float(form_frequency), float(lemma_frequency))


@dataclass(frozen=True, slots=True)
class Entry:
    """One reading of a form: lemma, class and features."""

    form: str
    lemma: str
    cls: str  # class code, see tags.CLASS_LABELS
    gender: str | None
    number: str | None
    moods: tuple[str, ...]
    persons: tuple[str, ...]
    pronominal: bool
    frequency: float  # of the form, per million words (0 when Lexique lacks it)
    lemma_frequency: float
    categories: int
    tag: str

    @property
    def label(self) -> str:
        return CLASS_LABELS.get(self.cls, self.cls)

    @property
    def symbol(self) -> bool:
        """A symbol's reading (km, whose lemma is m): its lemma's senses are not its own."""
        return parse_tag(self.tag).symbol if self.tag else False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "form": self.form,
            "lemma": self.lemma,
            "class": self.cls,
            "gender": self.gender,
            "number": self.number,
            "frequency": round(self.frequency, 2),
        }
        if self.cls == "v":
            data.update(moods=list(self.moods), persons=list(self.persons),
                        pronominal=self.pronominal)
        return data


@dataclass(frozen=True, slots=True)
class Headword:
    word: str
    cls: str  # "n.m.", "n.f.", "n.", "adj.", "adv.", "v.", "v.pr."
    frequency: float


def _mmap_trie(path: Path, kind: type[Any] = marisa_trie.Trie) -> Any:
    trie = kind()
    trie.mmap(str(path))
    return trie


def _mmap_file(path: Path) -> mmap.mmap:
    with open(path, "rb") as handle:
        return mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)


class Lexicon:
    """Queries on the built lexicon. Use `get_lexicon()` for the shared instance."""

    def __init__(self, data_dir: Path = paths.DATA) -> None:
        if data_dir != paths.DATA:
            raise ValueError("only the packaged data directory is supported")
        self._policy_tries: dict[str, Any] = {}
        self._dawgs: dict[str, Dawg] = {}
        self._checkers: dict[Policy | str, Callable[[str], bool]] = {}

    # -- validity -------------------------------------------------------------------------

    def _trie(self, name: str) -> Any:
        trie = self._policy_tries.get(name)
        if trie is None:
            trie = self._policy_tries[name] = _mmap_trie(paths.policy_trie(name))
        return trie

    def accepts(self, word: str, policy: Policy | str = STANDARD) -> bool:
        """Is `word` (any case, accents optional) a word under `policy`?"""
        check = self._checkers.get(policy)
        if check is None:
            check = self.checker(policy)
        return check(word)

    def checker(self, policy: Policy | str = STANDARD) -> Callable[[str], bool]:
        """A fast `accepts` bound to one policy, for hot loops (built once per policy)."""
        check = self._checkers.get(policy)
        if check is None:
            resolved = policy_for(policy) if isinstance(policy, str) else policy
            check = self._checkers.get(resolved) or self._make_checker(resolved)
            self._checkers[resolved] = self._checkers[policy] = check  # by name too
        return check

    def _make_checker(self, policy: Policy) -> Callable[[str], bool]:
        table = fold_table()
        name = policy.trie_name
        if name is not None:
            trie = self._trie(name)

            def check(word: str) -> bool:
                # An ASCII word without a backquote folds by upper-casing alone, three times
                # faster than the translate table the other words need.
                if word.isascii() and "`" not in word:
                    return word.upper() in trie
                return word.translate(table).upper() in trie

            return check

        def check_by_mask(word: str) -> bool:
            return self._mask_accepts(word.translate(table).upper(), policy)

        return check_by_mask

    def _mask_accepts(self, key: str, policy: Policy) -> bool:
        """A custom policy's answer: Grammalecte's category patterns, the forms the other
        sources add, and (without conjugations) Lexique's participle-adjectives."""
        kid = self._keys.get(key)
        if kid is not None and self._masks[kid] & policy.allowed_patterns:
            return True
        if key in self._added and any(not e.categories & policy.forbidden
                                      for e in self._added_entries(key)):
            return True
        return bool(policy.forbidden & CONJUGATED) and key in self._adjective_keys

    def count(self, policy: Policy | str = STANDARD) -> int:
        """How many folded keys the policy accepts."""
        if isinstance(policy, str):
            policy = policy_for(policy)
        if policy.trie_name is not None:
            return len(self._trie(policy.trie_name))
        return sum(1 for k in self.iter_accepted("", policy))

    # -- prefixes ---------------------------------------------------------------------------

    def has_prefix(self, prefix: str, policy: Policy | str = STANDARD) -> bool:
        """Does any accepted word begin with `prefix` (folded)?"""
        if isinstance(policy, str):
            policy = policy_for(policy)
        if policy.trie_name is None:
            return next(self.iter_accepted(prefix, policy), None) is not None
        return next(self._trie(policy.trie_name).iterkeys(fold(prefix)), None) is not None

    def iter_accepted(self, prefix: str = "", policy: Policy | str = STANDARD) -> Iterator[str]:
        """The accepted folded keys beginning with `prefix`, in trie order."""
        if isinstance(policy, str):
            policy = policy_for(policy)
        folded = fold(prefix)
        if policy.trie_name is not None:
            yield from self._trie(policy.trie_name).iterkeys(folded)
            return
        candidates = set(self._keys.iterkeys(folded))
        candidates |= set(self._added.iterkeys(folded))
        candidates |= {k for k in self._adjective_keys if k.startswith(folded)}
        for key in sorted(candidates):
            if self._mask_accepts(key, policy):
                yield key

    def automaton(self, policy: Policy | str = STANDARD) -> Dawg:
        """The DAWG of the policy's accepted words made of letters A–Z only."""
        if isinstance(policy, str):
            policy = policy_for(policy)
        name = policy.trie_name
        if name is None:
            raise ValueError("automata exist for the named policies only")
        dawg = self._dawgs.get(name)
        if dawg is None:
            dawg = self._dawgs[name] = Dawg.load(paths.policy_dawg(name))
        return dawg

    # -- entries ----------------------------------------------------------------------------

    @cached_property
    def _keys(self) -> Any:
        return _mmap_trie(paths.KEYS)

    @cached_property
    def _masks(self) -> memoryview:
        return memoryview(_mmap_file(paths.MASKS)).cast("Q")

    @cached_property
    def _entry_index(self) -> memoryview:
        return memoryview(_mmap_file(paths.ENTRY_INDEX)).cast("I")

    @cached_property
    def _entries(self) -> mmap.mmap:
        return _mmap_file(paths.ENTRIES)

    @cached_property
    def _frequencies(self) -> memoryview[float]:
        return memoryview(_mmap_file(paths.FREQUENCIES)).cast("f")

    @cached_property
    def _forms(self) -> Any:
        return _mmap_trie(paths.FORMS)

    @cached_property
    def _lemmas(self) -> Any:
        return _mmap_trie(paths.LEMMAS)

    @cached_property
    def _tags(self) -> list[str]:
        tags: list[str] = json.loads(paths.TAGS.read_text("utf-8"))
        return tags

    @cached_property
    def _adjectives(self) -> dict[str, list[tuple[str, str, str]]]:
        table: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for line in paths.ADJECTIVES.read_text("utf-8").splitlines():
            form, lemma, gender, number = line.split("\t")
            table[form].append((lemma, gender, number))
        return dict(table)

    @cached_property
    def _adjective_keys(self) -> frozenset[str]:
        return frozenset(fold(f) for f in self._adjectives)

    @cached_property
    def _added(self) -> Any:
        """Folded key -> the readings the other sources add to Grammalecte's (additions.py),
        one tab-separated line each, memory-mapped."""
        return _mmap_trie(paths.ADDED, marisa_trie.BytesTrie)

    def _added_entries(self, key: str) -> list[Entry]:
        found: list[Entry] = []
        for raw in self._added.get(key, ()):
            line = _AddedLine.parse(raw)
            info = parse_tag(line.tag)
            found += [Entry(line.form, line.lemma, cls, info.gender, info.number, info.moods,
                            info.persons, info.pronominal, line.form_frequency,
                            line.lemma_frequency, categories(line.form, line.tag), line.tag)
                      for cls in info.classes]
        return found

    def entries(self, form: str) -> list[Entry]:
        """Every reading of every form folding like `form` (râteau, rateau and RATEAU
        give the same), the readings of the very spelling asked for first."""
        key = fold(form)
        kid = self._keys.get(key)
        result: list[Entry] = []
        first, end = (self._entry_index[kid], self._entry_index[kid + 1]) if kid is not None \
            else (0, 0)
        for i in range(first, end):
            form_id, lemma_id, tag_id, cats = _ENTRY.unpack_from(self._entries, i * _ENTRY.size)
            exact = self._forms.restore_key(form_id)
            tag = self._tags[tag_id]
            info = parse_tag(tag)
            for cls in info.classes:
                if cls == "adj" and "v" in info.classes:
                    continue  # a participle's adjective use is listed below when attested
                result.append(
                    Entry(exact, self._lemmas.restore_key(lemma_id), cls, info.gender,
                          info.number, info.moods, info.persons, info.pronominal,
                          self._frequencies[2 * i], self._frequencies[2 * i + 1], cats, tag)
                )
        result += self._added_entries(key)
        for exact in sorted({e.form for e in result}):
            for lemma, gender, number in self._adjectives.get(exact, []):
                result.append(Entry(exact, lemma, "adj", gender, number, (), (), False,
                                    0.0, 0.0, 0, ""))
        # Readings of the very spelling asked for come first.
        result.sort(key=lambda e: e.form.lower() != form.lower())
        return result

    def frequency(self, form: str) -> float:
        """The highest frequency (per million words) of the form's readings."""
        return max((e.frequency for e in self.entries(form)), default=0.0)

    def lemma_frequencies(self) -> dict[str, float]:
        """Every lemma with its frequency per million words (Lexique's films and books,
        averaged), the highest of its readings' lemma and form frequencies, read from the
        tables without building an ``Entry``: the ranking of lemmas by use
        (``benchmarks/debutant.py``). A lemma is at least as frequent as any of its forms;
        counting them keeps the lemmas whose forms Lexique lemmatizes otherwise (it files
        *copine* under *copain*: Grammalecte's lemma *copine* has no lemma frequency)."""
        frequencies = self._frequencies  # per entry: form frequency, lemma frequency
        best: dict[int, float] = {}
        for i in range(len(frequencies) // 2):
            _, lemma_id, _, _ = _ENTRY.unpack_from(self._entries, i * _ENTRY.size)
            frequency = max(frequencies[2 * i], frequencies[2 * i + 1])
            if frequency > best.get(lemma_id, -1.0):
                best[lemma_id] = frequency
        found = {self._lemmas.restore_key(lemma_id): f for lemma_id, f in best.items()}
        for _, raw in self._added.iteritems():
            line = _AddedLine.parse(raw)
            found[line.lemma] = max(found.get(line.lemma, 0.0), line.form_frequency,
                                    line.lemma_frequency)
        return found

    def keys_reaching(self, threshold: float) -> set[str]:
        """Every folded key one of whose readings has a form frequency of at least
        ``threshold``: the keys whose ``frequency`` can reach it, read from the tables
        without building a single ``Entry`` (a bot's vocabulary asks for tens of thousands)."""
        frequencies = self._frequencies  # per entry: form frequency, lemma frequency
        index = self._entry_index  # per key id: its first entry
        found: set[str] = set()
        for i in range(0, len(frequencies), 2):
            if frequencies[i] >= threshold:
                found.add(self._keys.restore_key(bisect.bisect_right(index, i // 2) - 1))
        for key, raw in self._added.items():
            if _AddedLine.parse(raw).form_frequency >= threshold:
                found.add(key)
        return found

    # -- patterns ---------------------------------------------------------------------------

    @cached_property
    def _headwords(self) -> dict[tuple[str, int, str], list[Headword]]:
        table: dict[tuple[str, int, str], list[Headword]] = defaultdict(list)
        # 100,000 headwords share seven class labels and a few thousand two-decimal
        # frequencies: one object each instead of one per line saves about 8 MB.
        labels: dict[str, str] = {}
        frequencies: dict[str, float] = {}
        for line in paths.HEADWORDS.read_text("utf-8").splitlines():
            word, cls, freq = line.split("\t")
            cls = labels.setdefault(cls, cls)
            number = frequencies.get(freq)
            if number is None:
                number = frequencies[freq] = float(freq)
            key = fold(word)
            table[(key[:1], len(key), cls)].append(Headword(word, cls, number))
        for words in table.values():
            words.sort(key=lambda h: (-h.frequency, h.word))
        return dict(table)

    def pattern(self, initial: str, length: int, cls: str, limit: int | None = None
                ) -> list[Headword]:
        """Headwords with this initial, folded length and class, most frequent first.
        `cls` is one of n.m., n.f., n., adj., adv., v., v.pr."""
        words = self._headwords.get((fold(initial), length, cls), [])
        return words[:limit] if limit is not None else list(words)

    # -- definitions ------------------------------------------------------------------------

    @cached_property
    def _definitions(self) -> Any:
        return _mmap_trie(paths.DEFINITIONS, marisa_trie.BytesTrie)

    def _definition_record(self, lemma: str) -> dict[str, Any]:
        found = self._definitions.get(lemma)
        if not found:
            return {"classes": [], "senses": []}
        record: dict[str, Any] = json.loads(zlib.decompress(found[0]).decode("utf-8"))
        return record

    def definitions(self, lemma: str, cls: str | None = None) -> list[str]:
        """Wiktionary senses of `lemma`, the usual ones first; with `cls` (class code), those
        of that class (senses whose class could not be guessed are kept; `cls=""` gives
        only those)."""
        senses = self._definition_record(lemma)["senses"]
        return [text for sense_cls, text in senses if cls is None or sense_cls in (cls, "")]

    def usual_classes(self, lemma: str) -> list[str]:
        """The classes of `lemma` that have senses, the most used first (Lexique's
        frequency of the lemma in each class)."""
        classes: list[str] = self._definition_record(lemma)["classes"]
        return classes


_SHARED: Lexicon | None = None


def get_lexicon() -> Lexicon:
    """The process-wide lexicon (created on first use; files load lazily)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Lexicon()
    return _SHARED
