"""``Game.played_words``: the words a profile's « best words » come from, per game."""

from __future__ import annotations

from ludomots.core.game import PlayedWord
from ludomots.games.awalettres.rules import GAME as AWALETTRES
from ludomots.games.awalettres.rules import WordRecord
from ludomots.games.topword.rules import GAME as TOPWORD
from ludomots.games.typo.rules import GAME as TYPO
from ludomots.games.volapuk.rules import GAME as VOLAPUK


def test_topword_counts_each_word_of_a_play_and_drops_a_play_taken_back() -> None:
    state = TOPWORD.new(None, 2, 1)
    state.history = [  # type: ignore[attr-defined]
        {"type": "play", "seat": 0, "words": [{"word": "RATEAU", "score": 12},
                                              {"word": "AS", "score": 4}]},
        {"type": "play", "seat": 1, "words": [{"word": "ZYTHUM", "score": 30}]},
        {"type": "challenge", "seat": 0, "against": 1, "upheld": True, "words": ["ZYTHUM"]},
        {"type": "taken_back", "seat": 1, "words": ["ZYTHUM"]},
        {"type": "pass", "seat": 1, "exchanged": False},
        {"type": "play", "seat": 0, "words": [{"word": "KAWA", "score": 20}]},
    ]
    assert TOPWORD.played_words(state) == [PlayedWord(0, "RATEAU", 12), PlayedWord(0, "AS", 4),
                                           PlayedWord(0, "KAWA", 20)]


def test_awalettres_and_volapuk_give_their_words_with_their_points() -> None:
    awa = AWALETTRES.new(None, 2, 1)
    awa.played = [WordRecord(1, "APRES", 7, 2, 9, {}, {}, 9, {1: tuple("AEPRS")}, "APRES",
                             (1,) * 5, (), 1)]
    assert AWALETTRES.played_words(awa) == [PlayedWord(1, "APRES", 9)]
    vola = VOLAPUK.new(None, 2, 1)
    vola.played = [  # type: ignore[attr-defined]
        {"type": "word", "seat": 0, "words": [{"text": "MOT", "total": 7},
                                              {"text": "OR", "total": 3}]},
        {"type": "pass", "seat": 1, "turn": 2}]
    assert VOLAPUK.played_words(vola) == [PlayedWord(0, "MOT", 7), PlayedWord(0, "OR", 3)]


def test_a_game_without_scored_words_gives_none() -> None:
    assert TYPO.played_words(TYPO.new(None, 2, 1)) == []
