"""Reading Grammalecte's compiled dictionary (fr-allvars.json) into entries.

The file is an indexable binary DAWG serialised as JSON: `lByDic` holds, for
each node, pairs (arc value, next node address); values up to `nChar` are
characters of the form, larger ones are a lemma code (how to turn the form into
its lemma) followed by a node whose arcs are the morphological tags. Walking
every path yields (form, lemma, tag) triples. Our own reader: the build needs
no Grammalecte code, only its data.
"""

from __future__ import annotations

import json
from collections.abc import Iterator


def _lemma_from_code(form: str, code: str) -> str:
    # "0": the lemma is the form; otherwise the first char (digit as ord-48) says
    # how many trailing characters to drop, the rest is appended.
    if code == "0":
        return form
    drop = ord(code[0]) - 48
    return (form[:-drop] if drop else form) + code[1:]


def iter_entries(raw: bytes) -> Iterator[tuple[str, str, str]]:
    """Every (form, lemma, tag) of the dictionary, in the file's order."""
    data = json.loads(raw.decode("utf-8"))
    if data.get("cStemming") != "S":
        raise ValueError("expected a suffix-coded Grammalecte dictionary")
    arcs: list[int] = data["lByDic"]
    values: list[str] = data["lArcVal"]
    n_char: int = data["nChar"]
    bits = data["nBytesArc"] * 8
    arc_mask = (1 << (bits - 3)) - 1
    last_mask = 1 << (bits - 2)

    def node_arcs(address: int) -> Iterator[tuple[int, int]]:
        while True:
            raw_arc = arcs[address]
            yield raw_arc & arc_mask, arcs[address + 1]
            if raw_arc & last_mask:
                return
            address += 2

    stack: list[tuple[int, str]] = [(0, "")]
    while stack:
        address, form = stack.pop()
        children: list[tuple[int, str]] = []
        for value, target in node_arcs(address):
            if value <= n_char:
                children.append((target, form + values[value]))
            else:
                lemma = _lemma_from_code(form, values[value])
                for tag_value, _ in node_arcs(target):
                    yield form, lemma, values[tag_value]
        stack.extend(reversed(children))
