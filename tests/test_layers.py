"""The import rule of the layers (issue 18), read from every module's imports with ``ast``.

lexicon < core < games < table (with accounts) < interfaces (``ludomots/cli.py``, the server,
the terminal interfaces of ``ludomots/tui``): a module imports only from its own layer or the
ones below. No game imports another game; the core, the lexicon, the tables and the server
import no game, and the code of the core and the lexicon does not even name one (their
docstrings and comments may take one as an example); rich and click are imported by
interfaces only. Imports inside functions and under ``TYPE_CHECKING`` count too.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ludomots"

LAYERS = {"lexicon": 0, "core": 1, "games": 2, "table": 3, "accounts": 3, "cli": 4,
          "__main__": 4, "server": 4, "tui": 4}
INTERFACES = {"cli", "__main__", "server", "tui"}
GAMES = ("topword", "typo", "awalettres", "vocabulon", "volapuk")
GAME_NAME = re.compile(r"\b(topword|typo|awalettres|vocabulon|volap[uü]k)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Module:
    path: Path
    name: str  # ludomots.games.typo.rules

    @property
    def top(self) -> str:
        """The part of ludomots it belongs to: lexicon, core, games, server, cli..."""
        return self.name.split(".")[1]

    @property
    def game(self) -> str | None:
        parts = self.name.split(".")
        return parts[2] if self.top == "games" and len(parts) > 2 else None

    def tree(self) -> ast.Module:
        return ast.parse(self.path.read_text("utf-8"), str(self.path))

    def imports(self) -> list[tuple[int, str]]:
        """(line, module) of every import, relative ones made absolute."""
        found: list[tuple[int, str]] = []
        package = self.name if self.path.name == "__init__.py" else self.name.rpartition(".")[0]
        for node in ast.walk(self.tree()):
            if isinstance(node, ast.Import):
                found.extend((node.lineno, alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.rsplit(".", node.level - 1)[0]
                    base = f"{anchor}.{base}" if base else anchor
                found.append((node.lineno, base))
                # `from ludomots.games import typo` imports the game module itself.
                found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names
                             if base in ("ludomots", "ludomots.games"))
        return found


def _modules() -> list[Module]:
    modules = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.append(Module(path, ".".join(parts)))
    return [m for m in modules if "." in m.name]


MODULES = _modules()


def _where(module: Module, line: int) -> str:
    return f"{module.path.relative_to(PACKAGE.parent)}:{line}"


def test_every_module_belongs_to_a_layer() -> None:
    assert {m.top for m in MODULES} <= set(LAYERS)
    assert {m.top for m in MODULES} >= {"lexicon", "core", "games", "table", "server", "tui"}


def test_imports_only_go_down_the_layers() -> None:
    upward = [f"{_where(m, line)} ({m.top}) imports {target}"
              for m in MODULES for line, target in m.imports()
              if target.startswith("ludomots.") and target.split(".")[1] in LAYERS
              and LAYERS[target.split(".")[1]] > LAYERS[m.top]]
    assert upward == []


def test_no_game_imports_another_game() -> None:
    crossing = [f"{_where(m, line)} ({m.game}) imports {target}"
                for m in MODULES if m.game is not None for line, target in m.imports()
                if target.startswith("ludomots.games.")
                and target.split(".")[2] != m.game]
    assert crossing == []


@pytest.mark.parametrize("top", ["lexicon", "core", "table", "accounts", "server", "cli"])
def test_the_shared_layers_import_no_game(top: str) -> None:
    found = [f"{_where(m, line)} imports {target}"
             for m in MODULES if m.top == top for line, target in m.imports()
             if target.startswith("ludomots.games.") or target == "ludomots.games"]
    assert found == []


def _docstrings(tree: ast.Module) -> set[int]:
    """ids of the docstring nodes: documentation may take a game as an example."""
    owners = [tree, *(n for n in ast.walk(tree) if isinstance(
        n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef))]
    return {id(owner.body[0].value) for owner in owners  # type: ignore[attr-defined]
            if owner.body and isinstance(owner.body[0], ast.Expr)
            and isinstance(owner.body[0].value, ast.Constant)}


def _names_in_code(module: Module) -> list[tuple[int, str]]:
    """(line, text) of the strings, names, attributes, functions and classes of the code."""
    tree = module.tree()
    skipped = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = None if id(node) in skipped else node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            text = node.name
        elif isinstance(node, ast.alias):
            text = node.asname or node.name
        else:
            text = None
        if text is not None:
            found.append((getattr(node, "lineno", 0), text))
    return found


@pytest.mark.parametrize("top", ["lexicon", "core"])
def test_the_core_and_the_lexicon_name_no_game(top: str) -> None:
    """No string, name or attribute of their code says a game's name (documentation may)."""
    named = [f"{_where(m, line)}: {text[:60]!r}" for m in MODULES if m.top == top
             for line, text in _names_in_code(m) if GAME_NAME.search(text.replace("_", " "))]
    assert named == []


def test_the_name_scan_sees_a_game_named_in_code() -> None:
    """The scan is not blind: the games' own modules name themselves in their code."""
    typo = next(m for m in MODULES if m.name == "ludomots.games.typo.rules")
    assert any(GAME_NAME.search(text) for _, text in _names_in_code(typo))


def test_rich_and_click_are_imported_by_interfaces_only() -> None:
    found = [f"{_where(m, line)} imports {target}"
             for m in MODULES if m.top not in INTERFACES for line, target in m.imports()
             if target.split(".")[0] in ("rich", "click")]
    assert found == []


def test_the_rule_sees_an_upward_import() -> None:
    """The scan is not blind: the tui imports games (a layer below), and not the reverse."""
    tui = [t for m in MODULES if m.top == "tui" for _, t in m.imports()]
    assert any(t.startswith("ludomots.games.") for t in tui)
    assert set(GAMES) <= {m.game for m in MODULES if m.game}
