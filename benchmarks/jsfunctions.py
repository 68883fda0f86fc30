"""Prints the longest functions of the browser client (lines from the opening to the closing brace).

    python benchmarks/jsfunctions.py [--top N] [--limit 200] [DIR]

A small tokenizer (comments, strings, template literals, regular expressions) finds each
function body: the `{` after `=>`, or after a parameter list whose `(` follows `function`, a
function's name or a method's name. Exits 1 when a function is longer than --limit, so that
the figure can be checked as well as printed. Also prints the largest file and style.css.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "ludomots" / "server" / "static"
NOT_CALLS = {"if", "for", "while", "switch", "catch", "with", "return", "typeof", "await"}
# After these a `/` opens a regular expression, not a division.
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {
    "return", "typeof", "case", "do", "else", "in", "of", "=>"}


def tokens(src: str) -> list[tuple[str, int]]:
    """The significant tokens of `src` with their line (strings and regexes become one token)."""
    out: list[tuple[str, int]] = []
    i, line, n = 0, 1, len(src)
    # A stack of brace depths at which a template literal's `${` opened.
    templates: list[int] = []
    depth = 0
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif src.startswith("//", i):
            i = src.find("\n", i) if "\n" in src[i:] else n
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += src.count("\n", i, j)
            i = j
        elif c in "'\"":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(("str", line))
            i = j + 1
        elif c == "`" or (c == "}" and templates and templates[-1] == depth):
            if c == "}":
                templates.pop()
            start_line = line
            j = i + 1
            while j < n:
                if src[j] == "\\":
                    j += 2
                    continue
                if src[j] == "`":
                    j += 1
                    break
                if src.startswith("${", j):
                    templates.append(depth)
                    j += 2
                    break
                if src[j] == "\n":
                    line += 1
                j += 1
            out.append(("str", start_line))
            i = j
        elif c == "/" and (not out or out[-1][0] in REGEX_AFTER):
            j, in_class = i + 1, False
            while j < n and (src[j] != "/" or in_class):
                if src[j] == "\\":
                    j += 1
                elif src[j] == "[":
                    in_class = True
                elif src[j] == "]":
                    in_class = False
                j += 1
            j += 1
            while j < n and src[j].isalpha():
                j += 1
            out.append(("re", line))
            i = j
        elif c.isalnum() or c in "_$":
            j = i
            while j < n and (src[j].isalnum() or src[j] in "_$"):
                j += 1
            out.append((src[i:j], line))
            i = j
        elif src.startswith("=>", i):
            out.append(("=>", line))
            i += 2
        else:
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            out.append((c, line))
            i += 1
    return out


def functions(src: str) -> list[tuple[int, int, str]]:
    """(length in lines, first line, name) of every function body in `src`."""
    toks = tokens(src)
    found: list[tuple[int, int, str]] = []
    parens: list[int] = []
    opened: dict[int, int] = {}  # index of ")" -> index of its "("
    braces: list[tuple[int, str | None, int]] = []  # (token index, function name or None, line)
    for k, (tok, line) in enumerate(toks):
        if tok == "(":
            parens.append(k)
        elif tok == ")" and parens:
            opened[k] = parens.pop()
        elif tok == "{":
            name: str | None = None
            prev = toks[k - 1][0] if k else ""
            if prev == "=>":
                name = "=>"
                for back in range(k - 2, max(k - 40, -1), -1):
                    if toks[back][0] == "=" and back > 0:
                        name = toks[back - 1][0]
                        break
                    if toks[back][0] in (";", "{", "}"):
                        break
            elif prev == ")" and (k - 1) in opened:
                before = opened[k - 1] - 1
                word = toks[before][0] if before >= 0 else ""
                if word == "function":
                    name = "function"
                elif (word[:1].isalpha() or word[:1] in "_$") and word not in NOT_CALLS:
                    name = word
            braces.append((k, name, line))
        elif tok == "}" and braces:
            _, name, start = braces.pop()
            if name is not None:
                found.append((line - start + 1, start, name))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", type=Path, default=STATIC)
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--limit", type=int, default=200)
    args = parser.parse_args()
    rows: list[tuple[int, str, int, str]] = []
    sizes: list[tuple[int, str]] = []
    for path in sorted(args.root.rglob("*.js")):
        src = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(args.root))
        sizes.append((src.count("\n"), rel))
        rows += [(length, rel, start, name) for length, start, name in functions(src)]
    rows.sort(reverse=True)
    print(f"{'lines':>6}  function")
    for length, rel, start, name in rows[: args.top]:
        print(f"{length:6d}  {rel}:{start} {name}")
    biggest = max(sizes)
    print(f"largest JS file: {biggest[1]} ({biggest[0]} lines); {len(sizes)} JS files")
    for css in sorted(args.root.rglob("*.css")):
        lines = css.read_text(encoding="utf-8").count("\n")
        print(f"{css.relative_to(args.root)}: {lines} lines")
    return 1 if rows and rows[0][0] > args.limit else 0


if __name__ == "__main__":
    sys.exit(main())
