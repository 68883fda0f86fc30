"""A minimal DAWG (directed acyclic word graph) over folded letters.

Move generators walk the automaton letter by letter instead of testing strings
against a set: `child(node, letter)` and `is_final(node)` are all they need.
The graph is built once (incremental minimisation on sorted words, Daciuk et
al. 2000) and stored as flat arrays, memory-mapped at run time:

    header  b"LMDAWG1\\0", node_count, edge_count, root   (u32 little-endian)
    first   u32[node_count + 1]   edges of node n are first[n]..first[n+1]-1
    target  u32[edge_count]
    label   u8[edge_count]        sorted within a node
    final   u8[node_count]
"""

from __future__ import annotations

import mmap
import struct
from collections.abc import Iterable, Iterator
from pathlib import Path

MAGIC = b"LMDAWG1\0"
_HEADER = struct.Struct("<8sIII")


class _BuildNode:
    __slots__ = ("edges", "final", "key")

    def __init__(self) -> None:
        self.edges: dict[int, _BuildNode] = {}
        self.final = False
        self.key: tuple[object, ...] | None = None


def build_dawg(words: Iterable[bytes]) -> bytes:
    """Serialised minimal DAWG of `words` (bytes, ASCII letters), in sorted order."""
    register: dict[tuple[object, ...], _BuildNode] = {}
    root = _BuildNode()
    path: list[_BuildNode] = [root]  # nodes along the previous word
    previous = b""

    def minimise(down_to: int) -> None:
        # Replace the unchecked suffix nodes by equivalent registered ones.
        while len(path) - 1 > down_to:
            node = path.pop()
            parent = path[-1]
            letter = previous[len(path) - 1]
            key = (node.final, tuple((c, id(n)) for c, n in sorted(node.edges.items())))
            existing = register.get(key)
            if existing is not None:
                parent.edges[letter] = existing
            else:
                node.key = key
                register[key] = node

    for word in sorted(set(words)):
        common = 0
        while common < min(len(word), len(previous)) and word[common] == previous[common]:
            common += 1
        minimise(common)
        node = path[-1]
        for letter in word[common:]:
            nxt = _BuildNode()
            node.edges[letter] = nxt
            path.append(nxt)
            node = nxt
        node.final = True
        previous = word
    minimise(0)
    return _serialise(root)


def _serialise(root: _BuildNode) -> bytes:
    ids: dict[int, int] = {}
    order: list[_BuildNode] = []
    stack = [root]
    while stack:  # depth-first numbering, deterministic thanks to sorted edges
        node = stack.pop()
        if id(node) in ids:
            continue
        ids[id(node)] = len(order)
        order.append(node)
        for _, child in sorted(node.edges.items(), reverse=True):
            if id(child) not in ids:
                stack.append(child)
    first = [0]
    targets: list[int] = []
    labels = bytearray()
    for node in order:
        for letter, child in sorted(node.edges.items()):
            labels.append(letter)
            targets.append(ids[id(child)])
        first.append(len(targets))
    finals = bytes(1 if n.final else 0 for n in order)
    return b"".join(
        [
            _HEADER.pack(MAGIC, len(order), len(targets), 0),
            struct.pack(f"<{len(first)}I", *first),
            struct.pack(f"<{len(targets)}I", *targets),
            bytes(labels),
            finals,
        ]
    )


class Dawg:
    """Read-only view of a serialised DAWG (bytes or a memory-mapped file)."""

    def __init__(self, data: bytes | mmap.mmap) -> None:
        magic, nodes, edges, root = _HEADER.unpack_from(data, 0)
        if magic != MAGIC:
            raise ValueError("not a Ludomots DAWG file")
        view = memoryview(data)
        offset = _HEADER.size
        self._first = view[offset : offset + 4 * (nodes + 1)].cast("I")
        offset += 4 * (nodes + 1)
        self._target = view[offset : offset + 4 * edges].cast("I")
        offset += 4 * edges
        self._label = bytes(view[offset : offset + edges])
        offset += edges
        self._final = bytes(view[offset : offset + nodes])
        self.root: int = root
        self.node_count: int = nodes
        self.edge_count: int = edges
        self._children: dict[int, dict[str, int]] = {}

    @classmethod
    def load(cls, path: Path) -> Dawg:
        with open(path, "rb") as handle:
            return cls(mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ))

    def child(self, node: int, letter: str) -> int:
        """The node reached from `node` by `letter` (one folded letter), or -1."""
        code = ord(letter)
        if code > 127:  # labels are ASCII letters: nothing else has an edge
            return -1
        first = self._first
        i = self._label.find(code, first[node], first[node + 1])
        return -1 if i < 0 else self._target[i]

    def children(self, node: int) -> dict[str, int]:
        """Letter -> node for every edge of `node` (cached: generators ask often)."""
        cached = self._children.get(node)
        if cached is None:
            start, end = self._first[node], self._first[node + 1]
            cached = {chr(self._label[i]): self._target[i] for i in range(start, end)}
            self._children[node] = cached
        return cached

    def is_final(self, node: int) -> bool:
        return self._final[node] == 1

    def walk(self, letters: str, node: int | None = None) -> int:
        """The node after reading `letters` from `node` (default root), or -1."""
        current = self.root if node is None else node
        for letter in letters:
            current = self.child(current, letter)
            if current < 0:
                return -1
        return current

    def __contains__(self, word: str) -> bool:
        node = self.walk(word)
        return node >= 0 and self.is_final(node)

    def has_prefix(self, prefix: str) -> bool:
        return self.walk(prefix) >= 0

    def iter_words(self, prefix: str = "") -> Iterator[str]:
        """Every word beginning with `prefix`, in alphabetical order."""
        start = self.walk(prefix)
        if start < 0:
            return
        stack: list[tuple[int, str]] = [(start, prefix)]
        while stack:
            node, word = stack.pop()
            if self.is_final(node):
                yield word
            for letter, nxt in sorted(self.children(node).items(), reverse=True):
                stack.append((nxt, word + letter))
