"""Terminal rendering of lexicon answers (rich), for `lexique check` and `explore`."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.table import Table

from ludomots.lexicon.lexicon import Entry, Lexicon
from ludomots.lexicon.policy import Policy
from ludomots.lexicon.tags import MOODS

GENDERS = {"m": "masculin", "f": "féminin", "e": "épicène"}
NUMBERS = {"s": "singulier", "p": "pluriel", "i": "invariable"}


def describe(entry: Entry) -> str:
    """A French one-line description of a reading: « nom masculin pluriel de chat »."""
    parts = [entry.label]
    if entry.cls == "v":
        moods = ", ".join(MOODS[m] for m in entry.moods)
        persons = " ".join(entry.persons)
        parts.append(f"{moods} {persons}".strip())
        if entry.pronominal:
            parts.append("(peut être pronominal)")
    else:
        parts += [GENDERS.get(entry.gender or "", ""), NUMBERS.get(entry.number or "", "")]
    text = " ".join(p for p in parts if p)
    return f"{text} de « {entry.lemma} »" if entry.lemma != entry.form else text


def print_check(lexicon: Lexicon, policy: Policy, words: Iterable[str], *,
                with_definitions: bool, console: Console | None = None) -> None:
    console = console or Console()
    for word in words:
        valid = lexicon.accepts(word, policy)
        mark = "[green]valid[/]" if valid else "[red]refused[/]"
        console.print(f"[bold]{word}[/] ({policy.name}): {mark}")
        entries = lexicon.entries(word)
        if not entries:
            console.print("  not in the lexicon")
            continue
        table = Table(show_header=True, box=None, padding=(0, 2))
        for column in ("form", "reading", "frequency"):
            table.add_column(column)
        for entry in entries:
            table.add_row(entry.form, describe(entry), f"{entry.frequency:.2f}")
        console.print(table)
        if with_definitions:
            for lemma, cls in dict.fromkeys((e.lemma, e.cls) for e in entries):
                for sense in lexicon.definitions(lemma, cls)[:3]:
                    console.print(f"  • {lemma} ({cls}): {sense}")


def explore(lexicon: Lexicon, policy: Policy) -> None:
    """A small interactive dictionary in French (the main program until games exist)."""
    console = Console()
    console.print("[bold]Ludomots — dictionnaire[/]  "
                  "(tapez un mot, ou une ligne vide pour quitter)")
    while True:
        try:
            word = console.input("[cyan]mot ›[/] ").strip()
        except (EOFError, KeyboardInterrupt):
            break
        if not word:
            break
        valid = lexicon.accepts(word, policy)
        verdict = "[green]accepté[/]" if valid else "[red]refusé[/]"
        console.print(f"« {word} » est {verdict} ({policy.name})")
        entries = lexicon.entries(word)
        for entry in entries[:6]:
            console.print(f"  {entry.form} : {describe(entry)}")
        for lemma, cls in list(dict.fromkeys((e.lemma, e.cls) for e in entries))[:3]:
            for sense in lexicon.definitions(lemma, cls)[:2]:
                console.print(f"  • {sense}")
        if not entries:
            console.print("  Ce mot n'est pas dans le lexique.")
