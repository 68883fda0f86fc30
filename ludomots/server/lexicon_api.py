"""``GET /api/lexicon/{word}?jeu=topword``: the dictionary page of the client.

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

from ludomots.lexicon.lexicon import get_lexicon
from ludomots.lexicon.policy import GAME_POLICIES
from ludomots.server.errors import ApiError

WORD_MAX = 40
SENSES_MAX = 12
ENTRIES_MAX = 40


def _word(raw: str) -> str:
    word = unicodedata.normalize("NFC", raw).strip()
    if not 1 <= len(word) <= WORD_MAX or not word.isprintable():
        raise ApiError("bad_word", f"Écrivez un mot de 1 à {WORD_MAX} lettres.")
    return word


def lookup(word: str, game: str) -> dict[str, Any]:
    lexicon = get_lexicon()
    entries: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    for entry in lexicon.entries(word):
        key = (entry.form, entry.lemma, entry.cls, entry.gender, entry.number)
        if key in seen or len(entries) >= ENTRIES_MAX:
            continue
        seen.add(key)
        entries.append({"form": entry.form, "lemma": entry.lemma, "class": entry.cls,
                        "label": entry.label, "gender": entry.gender, "number": entry.number})
    definitions: list[dict[str, Any]] = []
    shown: dict[str, set[str]] = {}
    for lemma, cls in dict.fromkeys((e["lemma"], e["class"]) for e in entries):
        already = shown.setdefault(lemma, set())
        # Senses whose class is unknown come with every class: show them once per lemma.
        senses = [s for s in lexicon.definitions(lemma, cls) if s not in already]
        if senses:
            already.update(senses)
            definitions.append({"lemma": lemma, "class": cls, "senses": senses[:SENSES_MAX]})
    return {"word": word, "game": game, "valid": lexicon.accepts(word, game),
            "entries": entries, "definitions": definitions}


async def lexicon_word(request: Request) -> JSONResponse:
    word = _word(str(request.path_params["word"]))
    game = request.query_params.get("jeu", "topword")
    if game not in GAME_POLICIES:
        raise ApiError("unknown_game", f"Jeu inconnu : « {game[:30]} ».")
    return JSONResponse(await asyncio.to_thread(lookup, word, game))
