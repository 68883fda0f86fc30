"""``GET /api/lexicon/{word}?jeu=<game>``: the dictionary page of the client.

Validity is the game's acceptance policy (``jeu``), the very check its referee applies; the
readings and definitions come from the same lexicon, so what the page says is what the
referee does. The first lookups open the lexicon files, so queries run off the event loop.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ludomots.core import registry
from ludomots.lexicon.lexicon import Entry, Lexicon, get_lexicon
from ludomots.server.errors import ApiError

WORD_MAX = 40
SENSES_MAX = 12
ENTRIES_MAX = 40


def _word(raw: str) -> str:
    word = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(word) <= WORD_MAX or not word.isprintable():
        raise ApiError("bad_word", f"Écrivez un mot de 1 à {WORD_MAX} lettres.")
    return word


def _is_notation(form: str) -> bool:
    """Symbol and ordinal notations mix cases inside the word (VIe, aA, kA): they are no
    reading a player looks for when typing a word."""
    letters = [c for c in form if c.isalpha()]
    return any(a.islower() and b.isupper() for a, b in zip(letters, letters[1:], strict=False)) or (
        len(letters) > 1 and letters[0].isupper() and letters[1].isupper()
        and any(c.islower() for c in letters)
    )


def lookup(word: str, game: str | None) -> dict[str, Any]:
    """The word's validity under ``game``'s policy (the standard one for None), its readings
    and definitions."""
    lexicon = get_lexicon()
    entries: list[dict[str, Any]] = []
    meaningful: list[tuple[str, str]] = []  # (lemma, class) of readings that have senses
    seen: set[tuple[Any, ...]] = set()
    for entry in _usual_first(lexicon, lexicon.entries(word), word):
        key = (entry.form, entry.lemma, entry.cls, entry.gender, entry.number)
        if key in seen or len(entries) >= ENTRIES_MAX or _is_notation(entry.form):
            continue
        seen.add(key)
        symbol = entry.symbol
        entries.append({"form": entry.form, "lemma": entry.lemma,
                        "class": "sign" if symbol else entry.cls,
                        "label": "symbole" if symbol else entry.label,
                        "gender": entry.gender, "number": entry.number})
        if not symbol:  # KM's lemma is M: the letter's senses are not the symbol's
            meaningful.append((entry.lemma, entry.cls))
    return {"word": word, "game": game, "valid": lexicon.accepts(word, registry.policy_of(game)),
            "entries": entries, "definitions": _definitions(lexicon, meaningful)}


def _usual_first(lexicon: Lexicon, readings: list[Entry], word: str) -> list[Entry]:
    """The readings of the very spelling typed first, then each lemma's usual class first."""
    def rank(entry: Entry) -> tuple[bool, int]:
        usual = lexicon.usual_classes(entry.lemma)
        order = usual.index(entry.cls) if entry.cls in usual else len(usual)
        return entry.form.lower() != word.lower(), order

    return sorted(readings, key=rank)


def _definitions(lexicon: Lexicon, readings: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Senses grouped by lemma and class: each lemma's usual class first (Lexique's
    frequencies), which also takes the senses whose class the build could not tell."""
    classes: dict[str, list[str]] = {}
    for lemma, cls in readings:
        found = classes.setdefault(lemma, [])
        if cls not in found:
            found.append(cls)
    groups: list[dict[str, Any]] = []
    for lemma, found in classes.items():
        usual = lexicon.usual_classes(lemma)
        found.sort(key=lambda c: usual.index(c) if c in usual else len(usual))
        for rank, cls in enumerate(found):
            senses = lexicon.definitions(lemma, cls)
            if rank:  # senses of no known class were shown with the usual class
                unattached = set(lexicon.definitions(lemma, ""))
                senses = [s for s in senses if s not in unattached]
            if senses:
                groups.append({"lemma": lemma, "class": cls, "senses": senses[:SENSES_MAX]})
    return groups


async def lexicon_word(request: Request) -> JSONResponse:
    word = _word(str(request.path_params["word"]))
    game = request.query_params.get("jeu")
    if game is not None and game not in registry.known_games():
        raise ApiError("unknown_game", f"Jeu inconnu : « {game[:30]} ».")
    return JSONResponse(await asyncio.to_thread(lookup, word, game))
