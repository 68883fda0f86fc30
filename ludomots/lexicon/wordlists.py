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
