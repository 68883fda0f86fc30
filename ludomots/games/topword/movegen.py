"""Topword move generation: every legal move of a rack on a board, scored.

`scoring.evaluate` is the definition of a legal move; this module finds the same moves much
faster, for the bots' hot path and for the end condition "nobody can play" (`has_move`).

Appel–Jacobson generation over the topword DAWG, generalised to stacking. A move lies on one
row or column; on that line its tiles and the cells they play through form one maximal run
(the main word) `[s, e]`, with `s - 1` and `e + 1` empty before the move (and after it, since
nothing is placed there). Each cell of the run offers: an empty cell, a rack letter; an
occupied cell, its top letter (played through) or a rack letter other than the top when the
stack is below the height limit. A letter placed on a cell with perpendicular neighbours must
make the perpendicular word accepted: those cross-check sets depend only on the board, so they
are computed once per cell and direction (and cached across calls by the letters around, per
word list: the lexicon is the game's, `state.lexicon`). The
run is walked left to right through the DAWG from every start `s` with `s - 1` empty, so each
run (hence each placement of a line) is met once; a branch dies as soon as the letters so far
are no prefix of a word, or when the tiles left cannot reach an anchor (an occupied cell, or
an empty one with perpendicular neighbours; the centre on the first move). A run containing
an anchor is exactly a connected move. One-tile moves are kept in the row scan when their
horizontal run has two letters or more, in the column scan only otherwise, so each is found
once. Scores are summed along the walk; the `MoveResult`s are built only for the moves found,
equal to what `evaluate` returns (the tests check it against a brute-force reference).
"""

from __future__ import annotations

from collections.abc import Sequence
from weakref import WeakKeyDictionary

from ludomots.games.topword.board import CENTRE, ROWS, SIZE, Board, Cell
from ludomots.games.topword.notation import HORIZONTAL, VERTICAL, Placement, Tile
from ludomots.games.topword.scoring import (
    ALL_TILES_BONUS,
    BONUS_LETTER_POINTS,
    MoveResult,
    Rules,
    WordScore,
)
from ludomots.games.topword.tiles import BONUS_LETTERS, RACK_SIZE, spelled
from ludomots.lexicon.dawg import Dawg
from ludomots.lexicon.lexicon import Lexicon

# (direction, line, start, end, letters placed on start..end (None: played through),
#  tiles placed, sum of the run's heights after the move, run flat, cross-word points)
_RawMove = tuple[str, int, int, int, tuple[str | None, ...], int, int, bool, int]

CrossCache = dict[tuple[str, str], frozenset[str]]
_CROSS_CACHES: WeakKeyDictionary[Dawg, CrossCache] = WeakKeyDictionary()  # one per word list
_CROSS_CACHE_LIMIT = 200_000


class _Found(Exception):
    """Raised by `has_move` at the first legal move, to leave the recursion at once."""


def _cross_cache(dawg: Dawg) -> CrossCache:
    cache = _CROSS_CACHES.get(dawg)
    if cache is None:
        cache = _CROSS_CACHES[dawg] = {}
    return cache


def _cross_letters(dawg: Dawg, cache: CrossCache, before: str, after: str) -> frozenset[str]:
    """The tiles that may go between `before` and `after` (spelled words around a cell) to
    make a word `dawg` accepts; cached (`cache` is the dawg's): the same short neighbourhoods
    come back in every game."""
    key = (before, after)
    found = cache.get(key)
    if found is not None:
        return found
    children = dawg.children
    node: int | None = dawg.root
    for letter in before:
        node = children(node).get(letter) if node is not None else None
    letters = set()
    if node is not None:
        for tile, nxt in children(node).items():
            cur: int | None = nxt
            if tile == "Q":
                cur = children(nxt).get("U")
            for letter in after:
                if cur is None:
                    break
                cur = children(cur).get(letter)
            if cur is not None and dawg.is_final(cur):
                letters.add(tile)
    result = frozenset(letters)
    if len(cache) >= _CROSS_CACHE_LIMIT:
        cache.clear()
    cache[key] = result
    return result


class _Cross:
    """The perpendicular word through one cell of a line: `before` + placed tile + `after`."""

    __slots__ = ("after", "before", "flat", "length", "points", "start")

    def __init__(self, before: str, after: str, start: int, length: int, points: int,
                 flat: bool) -> None:
        self.before = before
        self.after = after
        self.start = start  # index along the perpendicular line of its first cell
        self.length = length  # cells, placed one included
        self.points = points  # score of the word once a tile is placed (stack heights)
        self.flat = flat


class _Generator:
    """One search: the board and rack read once, then every line of both directions."""

    def __init__(self, board: Board, rack: Sequence[str], rules: Rules,
                 lexicon: Lexicon, words: Dawg | None = None) -> None:
        """``words``: the words allowed, a part of the policy's (``generate``)."""
        self.rules = rules
        self.dawg = words if words is not None else lexicon.automaton("standard")
        self.cross_cache = _cross_cache(self.dawg)
        stacks = board.stacks
        self.tops: list[list[str | None]] = [[s[-1] if s else None for s in row]
                                             for row in stacks]
        self.heights = [[len(s) for s in row] for row in stacks]
        self.first = not any(h for row in self.heights for h in row)
        self.counts: dict[str, int] = {}
        for tile in rack:
            self.counts[tile] = self.counts.get(tile, 0) + 1
        self.letters = sorted(self.counts)
        self.total = len(rack)
        # per direction, the cross word of each cell (None: no perpendicular neighbour)
        self.cross: dict[str, list[list[_Cross | None]]] = {}
        self.prefix_table: list[list[tuple[int, tuple[str, ...]]]] | None = None

    # -- the search -------------------------------------------------------------------------

    def run(self, stop_at_first: bool) -> list[_RawMove]:
        found: list[_RawMove] = []
        if self.total == 0:
            return found
        tops_t = [list(col) for col in zip(*self.tops, strict=True)]
        heights_t = [list(col) for col in zip(*self.heights, strict=True)]
        try:
            for direction, grid, hgrid in ((HORIZONTAL, self.tops, self.heights),
                                           (VERTICAL, tops_t, heights_t)):
                crosses = self._crosses(grid, hgrid)
                self.cross[direction] = crosses
                for k in range(SIZE):
                    self._scan(direction, k, grid[k], hgrid[k], crosses[k], found,
                               stop_at_first)
        except _Found:
            pass
        return found

    def _crosses(self, grid: list[list[str | None]], hgrid: list[list[int]]
                 ) -> list[list[_Cross | None]]:
        """For each cell (line k, index i) of `grid`, the word across it, which runs along
        index k of column i (None: no neighbour that way)."""
        result: list[list[_Cross | None]] = [[None] * SIZE for _ in range(SIZE)]
        limit = self.rules.max_height
        for i in range(SIZE):
            col = [grid[k][i] for k in range(SIZE)]
            if not any(col):
                continue
            hcol = [hgrid[k][i] for k in range(SIZE)]
            spelt = [spelled(t) if t is not None else "" for t in col]
            for k in range(SIZE):
                if hcol[k] >= limit:
                    continue  # nothing goes there
                up = k > 0 and col[k - 1] is not None
                if not (up or (k < SIZE - 1 and col[k + 1] is not None)):
                    continue
                lo = k
                while lo > 0 and col[lo - 1] is not None:
                    lo -= 1
                hi = k
                while hi < SIZE - 1 and col[hi + 1] is not None:
                    hi += 1
                others = hcol[lo:k] + hcol[k + 1:hi + 1]
                total = sum(others) + hcol[k] + 1
                flat = hcol[k] == 0 and max(others) == 1
                result[k][i] = _Cross("".join(spelt[lo:k]), "".join(spelt[k + 1:hi + 1]), lo,
                                      hi - lo + 1, total * 2 if flat else total, flat)
        return result

    def _scan(self, direction: str, k: int, tops: list[str | None], heights: list[int],
              crosses: list[_Cross | None], found: list[_RawMove], stop: bool) -> None:
        """Every move whose main word lies on line `k` of `direction`."""
        rules = self.rules
        dawg = self.dawg
        children = dawg.children
        is_final = dawg.is_final
        counts = self.counts
        total = self.total
        vertical = direction == VERTICAL
        # anchors and candidate letters per cell
        if self.first:
            anchor = [((i, k) if vertical else (k, i)) in CENTRE for i in range(SIZE)]
        else:
            anchor = [tops[i] is not None or crosses[i] is not None for i in range(SIZE)]
        if not any(anchor):
            return
        cand: list[list[str]] = [[] for _ in range(SIZE)]
        points = [0] * SIZE  # cross-word points of a tile placed on the cell
        limit = rules.max_height
        for i in range(SIZE):
            if heights[i] >= limit:
                continue
            top = tops[i]
            cross = crosses[i]
            if cross is None:
                cand[i] = [t for t in self.letters if t != top]
            else:
                allowed = _cross_letters(dawg, self.cross_cache, cross.before, cross.after)
                cand[i] = [t for t in self.letters if t != top and t in allowed]
                points[i] = cross.points
        # need[i]: tiles to place from empty cell i on until the run holds an anchor
        big = SIZE * SIZE
        need = [big] * (SIZE + 1)
        for i in range(SIZE - 1, -1, -1):
            if anchor[i]:
                need[i] = 0 if tops[i] is not None else 1
            elif need[i + 1] < big:
                need[i] = need[i + 1] + 1
        chosen: list[str | None] = [None] * SIZE
        start = 0
        cover_check = not rules.allow_cover_whole_word
        plural_check = not rules.allow_bare_plural

        def record(end: int, nt: int, hsum: int, flat: bool, xs: int) -> None:
            letters = tuple(chosen[start:end + 1])
            if (nt == 1 or cover_check or plural_check) and not _allowed(letters, nt):
                return
            found.append((direction, k, start, end, letters, nt, hsum, flat, xs))
            if stop:
                raise _Found

        def _allowed(letters: tuple[str | None, ...], nt: int) -> bool:
            if nt == 1:
                i = start + next(j for j, t in enumerate(letters) if t is not None)
                # a one-tile move with a horizontal word is the row scan's
                if vertical and crosses[i] is not None:
                    return False
                if plural_check and letters[i - start] == "S" and tops[i] is None:
                    cross = crosses[i]
                    run_ends = i == start + len(letters) - 1 and len(letters) >= 3
                    cross_ends = cross is None or (cross.after == "" and cross.length >= 3)
                    if run_ends and cross_ends:
                        return False
            if cover_check and nt >= 2:
                # no block of 2+ old tiles (a word of the board) may be covered entirely
                block, covered = 0, True
                for j, t in enumerate((*letters, None)):
                    if j < len(letters) and tops[start + j] is not None:
                        block += 1
                        covered = covered and t is not None
                        continue
                    if block >= 2 and covered:
                        return False
                    block, covered = 0, True
            return True

        def go(j: int, node: int, nt: int, hsum: int, flat: bool, conn: bool, xs: int) -> None:
            # the run so far is [start, j - 1]; cell j is next
            if j == SIZE or tops[j] is None:
                if conn and nt and j - start >= 2 and is_final(node):
                    record(j - 1, nt, hsum, flat, xs)
                if j == SIZE or nt == total or (not conn and need[j] > total - nt):
                    return
            kids = children(node)
            top = tops[j]
            if top is not None:
                h = heights[j]
                nxt = kids.get(top)
                if nxt is not None and top == "Q":
                    nxt = children(nxt).get("U")
                if nxt is not None:
                    chosen[j] = None
                    go(j + 1, nxt, nt, hsum + h, flat and h == 1, True, xs)  # noqa: F821 (deleted after the search)
                if nt < total:
                    nt1 = nt + 1
                    hs1 = hsum + h + 1
                    xs1 = xs + points[j]
                    for tile in cand[j]:
                        if counts[tile]:
                            nxt = kids.get(tile)
                            if nxt is not None and tile == "Q":
                                nxt = children(nxt).get("U")
                            if nxt is not None:
                                counts[tile] -= 1
                                chosen[j] = tile
                                go(j + 1, nxt, nt1, hs1, False, True, xs1)  # noqa: F821 (deleted after the search)
                                counts[tile] += 1
            else:
                nt1 = nt + 1
                hs1 = hsum + 1
                xs1 = xs + points[j]
                conn1 = conn or anchor[j]
                for tile in cand[j]:
                    if counts[tile]:
                        nxt = kids.get(tile)
                        if nxt is not None and tile == "Q":
                            nxt = children(nxt).get("U")
                        if nxt is not None:
                            counts[tile] -= 1
                            chosen[j] = tile
                            go(j + 1, nxt, nt1, hs1, flat, conn1, xs1)  # noqa: F821 (deleted after the search)
                            counts[tile] += 1
            chosen[j] = None

        root = dawg.root
        prefixes = self._prefixes()
        try:
            for s in range(SIZE):
                if s > 0 and tops[s - 1] is not None:
                    continue
                start = s
                if tops[s] is not None or anchor[s]:
                    go(s, root, 0, 0, True, False, 0)
                    continue
                if need[s] > total:
                    continue
                # empty cells without neighbours up to the anchor: any rack word prefix fits them
                a = s + 1
                while not anchor[a]:
                    a += 1
                length = a - s
                top = tops[a]
                nexts = set(cand[a]) if length < total else set()
                if top is not None:
                    nexts.add(top)
                for node, letters in prefixes[length]:
                    if children(node).keys().isdisjoint(nexts):
                        continue  # the anchor cannot follow: no need to go there
                    for tile in letters:
                        counts[tile] -= 1
                    chosen[s:a] = letters
                    go(a, node, length, length, True, False, 0)
                    for tile in letters:
                        counts[tile] += 1
        finally:
            # `go` calls itself through its closure cell: a cycle that would keep this search's
            # data (cross words, found moves) alive until the cyclic collector runs, which
            # then pauses the server. Emptying the cell frees it all at once.
            del go

    def _prefixes(self) -> list[list[tuple[int, tuple[str, ...]]]]:
        """By length, every word prefix the rack can spell (its DAWG node and its tiles):
        the part of a run before its first anchor, computed once for all lines."""
        if self.prefix_table is not None:
            return self.prefix_table
        dawg = self.dawg
        children = dawg.children
        counts = self.counts
        letters = self.letters
        table: list[list[tuple[int, tuple[str, ...]]]] = [[] for _ in range(self.total + 1)]

        def walk(node: int, spelt: tuple[str, ...]) -> None:
            table[len(spelt)].append((node, spelt))
            if len(spelt) == self.total:
                return
            kids = children(node)
            for tile in letters:
                if counts[tile]:
                    nxt = kids.get(tile)
                    if nxt is not None and tile == "Q":
                        nxt = children(nxt).get("U")
                    if nxt is not None:
                        counts[tile] -= 1
                        walk(nxt, (*spelt, tile))  # noqa: F821 (deleted after the search)
                        counts[tile] += 1

        try:
            walk(dawg.root, ())
        finally:
            del walk  # a self-recursive closure is a cycle: see the end of `_scan`
        self.prefix_table = table
        return table

    # -- results ----------------------------------------------------------------------------

    def result(self, raw: _RawMove) -> MoveResult:
        """The MoveResult `evaluate` gives for a move found by the search."""
        direction, k, start, end, letters, nt, hsum, flat, xs = raw
        vertical = direction == VERTICAL
        tops = self.tops
        cross_dir = HORIZONTAL if vertical else VERTICAL
        crosses = self.cross[direction][k]
        tiles: list[Tile] = []
        spelling: list[str] = []
        cross_words: list[WordScore] = []
        bonus = 0
        single_cross: _Cross | None = None
        for j, tile in enumerate(letters):
            i = start + j
            r, c = (i, k) if vertical else (k, i)
            if tile is None:
                spelling.append(spelled(tops[r][c] or ""))
                continue
            tiles.append((r, c, tile))
            spelling.append(spelled(tile))
            if tile in BONUS_LETTERS:
                bonus += BONUS_LETTER_POINTS
            cross = crosses[i]
            if cross is not None:
                single_cross = cross
                cross_start = (i, cross.start) if vertical else (cross.start, i)
                word = cross.before + spelled(tile) + cross.after
                cross_words.append(WordScore(word, cross_start, cross_dir, cross.points,
                                             cross.flat, True))
        text = "".join(spelling)
        head: Cell = (start, k) if vertical else (k, start)
        main = WordScore(text, head, direction, hsum * 2 if flat else hsum, flat, True)
        all_tiles = ALL_TILES_BONUS if nt == RACK_SIZE else 0
        score = main.score + xs + bonus + all_tiles
        if nt == 1 and single_cross is not None and single_cross.length > end - start + 1:
            # a one-tile move is written along its longer word (horizontal if equal)
            notation = _notation(cross_words[0].start, cross_dir, cross_words[0].word)
        else:
            notation = _notation(head, direction, text)
        return MoveResult(Placement(tuple(tiles)), notation, (main, *cross_words), bonus,
                          all_tiles, score)


def _notation(cell: Cell, direction: str, word: str) -> str:
    row, col = cell
    if direction == HORIZONTAL:
        return f"{ROWS[row]}{col + 1} {word}"
    return f"{col + 1}{ROWS[row]} {word}"


def generate(board: Board, rack: Sequence[str], rules: Rules, lexicon: Lexicon,
             words: Dawg | None = None) -> list[MoveResult]:
    """Every legal move of `rack` (tiles, `Q` the Qu tile) on `board` whose words the
    Topword policy of `lexicon` accepts, each once, scored exactly as `scoring.evaluate`
    scores it. ``words``: only the moves all of whose words are in this graph, a part of the
    policy's words (a bot's vocabulary, ``vocabulary.py``): the same moves as filtering
    the full list, in the same order (the search tries the rack's letters in one order
    whatever the graph), found without walking the words left out."""
    gen = _Generator(board, rack, rules, lexicon, words)
    return [gen.result(raw) for raw in gen.run(stop_at_first=False)]


class QuickMove:
    """A legal move as a search needs it: its score and the tiles it places, without the
    words and notation of a `MoveResult` (a bot's look-ahead generates thousands)."""

    __slots__ = ("letters", "score", "tiles")

    def __init__(self, score: int, tiles: tuple[Tile, ...]) -> None:
        self.score = score
        self.tiles = tiles  # (row, col, letter), in line order
        self.letters = "".join(t for _, _, t in tiles)

    def __repr__(self) -> str:
        return f"QuickMove({self.score}, {self.tiles})"


def _quick(raw: _RawMove) -> QuickMove:
    direction, k, start, _end, letters, nt, hsum, flat, xs = raw
    vertical = direction == VERTICAL
    tiles = tuple(((start + j, k, t) if vertical else (k, start + j, t))
                  for j, t in enumerate(letters) if t is not None)
    bonus = BONUS_LETTER_POINTS * sum(1 for _, _, t in tiles if t in BONUS_LETTERS)
    score = (hsum * 2 if flat else hsum) + xs + bonus + (ALL_TILES_BONUS if nt == RACK_SIZE
                                                         else 0)
    return QuickMove(score, tiles)


def search_cost(moves: int) -> int:
    """What one generation that found ``moves`` moves costs in the bots' work budgets
    (``core/budget.py``), in units of about 0.1 ms of one core of the machine it was measured
    on: 0.9 ms fixed (reading the board, the cross checks), 0.012 ms a move found."""
    return 9 + moves // 8


def quick_moves(board: Board, rack: Sequence[str], rules: Rules,
                lexicon: Lexicon) -> list[QuickMove]:
    """The moves of `generate`, with their scores, as `QuickMove`s (same order)."""
    generator = _Generator(board, rack, rules, lexicon)
    return [_quick(raw) for raw in generator.run(stop_at_first=False)]


def has_move(board: Board, rack: Sequence[str], rules: Rules, lexicon: Lexicon) -> bool:
    """Can `rack` make any legal move on `board`? (Stops at the first one found.)"""
    return bool(_Generator(board, rack, rules, lexicon).run(stop_at_first=True))

