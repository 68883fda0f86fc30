"""wordfreq's word frequencies (PyPI wordfreq 3.1.1, data CC BY-SA 4.0), read for the build.

wordfreq stores a language's frequencies as a gzipped msgpack list ("cBpack"): a header
map, then one list of words per centibel of frequency, the i-th list holding the words
whose frequency is about 10 ** (-i / 100) (so 300 is once per thousand words). We decode
the few msgpack types that format uses rather than add a dependency for the build.
"""

from __future__ import annotations

import struct

CentibelTable = dict[str, int]  # word -> its frequency in centibels below 1 (higher: rarer)


def read_cbpack(raw: bytes) -> CentibelTable:
    """word -> centibels, from an ungzipped cBpack file."""
    data, _ = _decode(raw, 0)
    if not isinstance(data, list) or not data or data[0] != {"format": "cB", "version": 1}:
        raise ValueError("not a wordfreq cBpack file")
    table: CentibelTable = {}
    for centibels, words in enumerate(data[1:]):
        for word in words:
            table.setdefault(word, centibels)
    return table


def _decode(raw: bytes, i: int) -> tuple[object, int]:
    code = raw[i]
    if code <= 0x7F:
        return code, i + 1
    if 0x80 <= code <= 0x8F:
        return _map(raw, i + 1, code & 0x0F)
    if 0x90 <= code <= 0x9F:
        return _array(raw, i + 1, code & 0x0F)
    if 0xA0 <= code <= 0xBF:
        return _text(raw, i + 1, code & 0x1F)
    if code == 0xD9:
        return _text(raw, i + 2, raw[i + 1])
    if code == 0xDA:
        return _text(raw, i + 3, struct.unpack_from(">H", raw, i + 1)[0])
    if code == 0xDC:
        return _array(raw, i + 3, struct.unpack_from(">H", raw, i + 1)[0])
    if code == 0xDD:
        return _array(raw, i + 5, struct.unpack_from(">I", raw, i + 1)[0])
    raise ValueError(f"msgpack type 0x{code:02x} at offset {i} is not used by cBpack files")


def _text(raw: bytes, start: int, size: int) -> tuple[str, int]:
    return raw[start:start + size].decode("utf-8"), start + size


def _array(raw: bytes, i: int, size: int) -> tuple[list[object], int]:
    items = []
    for _ in range(size):
        item, i = _decode(raw, i)
        items.append(item)
    return items, i


def _map(raw: bytes, i: int, size: int) -> tuple[dict[object, object], int]:
    items = {}
    for _ in range(size):
        key, i = _decode(raw, i)
        items[key], i = _decode(raw, i)
    return items, i
