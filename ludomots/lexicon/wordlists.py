"""Plain French word lists of Debian packages, read as sets of forms (evidence only).

`wfrench` ships /usr/share/dict/french, one form a line (UTF-8). `aspell-fr` ships
GUTenberg's dictionary fully inflected in aspell's "prezip" format: each word starts with
a control byte c < 32 meaning "keep the first c - 1 characters of the previous word",
followed by the rest of the word (Latin-1). Both also list elided forms (l'orner) and
capitalised names; the build only looks up forms it already has in mind.
"""

from __future__ import annotations


def read_lines(raw: bytes) -> frozenset[str]:
    """The forms of a one-word-a-line UTF-8 list."""
    return frozenset(line.strip() for line in raw.decode("utf-8").splitlines() if line.strip())


def read_prezip(raw: bytes) -> list[str]:
    """The words of an aspell prezip word list, in file order."""
    words: list[str] = []
    previous = b""
    i, end = 0, len(raw)
    while i < end:
        code = raw[i]
        if code >= 32:
            raise ValueError(f"not a prezip word list: byte {code} at offset {i}")
        start = i = i + 1
        while i < end and raw[i] >= 32:
            i += 1
        previous = previous[: code - 1] + raw[start:i]
        words.append(previous.decode("latin-1"))
    return words


def read_dela(raw: bytes) -> frozenset[str]:
    """The simple forms of the DELA that have a common-word reading.

    A line reads ``form,lemma.CLASS+codes:inflections`` (an empty lemma is the form itself,
    commas and points inside are escaped with a backslash); proper nouns carry ``NPropre``
    and compounds contain a space or a hyphen: neither is kept.
    """
    forms = set()
    for line in raw.decode("utf-8").splitlines():
        head, _, info = _split_unescaped(line, ".")
        form = _split_unescaped(head, ",")[0].replace("\\", "")
        if form and "NPropre" not in info and not any(c in form for c in " -'"):
            forms.add(form)
    return frozenset(forms)


def _split_unescaped(text: str, separator: str) -> tuple[str, str, str]:
    i = text.find(separator)
    while i > 0 and text[i - 1] == "\\":
        i = text.find(separator, i + 1)
    return (text, "", "") if i < 0 else (text[:i], separator, text[i + 1:])


def read_lefff(raw: bytes) -> frozenset[str]:
    """The forms of the Lefff (``form<TAB>class<TAB>lemma<TAB>features``) that have a
    reading other than a proper noun (class ``np``) or punctuation."""
    forms = set()
    for line in raw.decode("utf-8").splitlines():
        form, _, rest = line.partition("\t")
        cls = rest.partition("\t")[0]
        if form and cls not in ("np", "poncts", "ponctw") and form.isalpha():
            forms.add(form)
    return frozenset(forms)


def read_cougnenc(raw: bytes) -> frozenset[str]:
    """The words of one file of René Cougnenc's « Dico » (UTF-8, ``#`` comments): a line with
    a tab is a French commune and its postcode (nice, 06000), not a common word."""
    return frozenset(line.strip() for line in raw.decode("utf-8").splitlines()
                     if line.strip() and not line.startswith("#") and "\t" not in line)
