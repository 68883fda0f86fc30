"""``benchmarks/debutant.py`` (issue 21's calibration of the débutant): the words each seat
formed, read from real game states and events, and the share of them a 10-year-old knows."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import debutant  # noqa: E402
import strength  # noqa: E402

from ludomots.core import registry  # noqa: E402
from ludomots.core.game import Event  # noqa: E402
from ludomots.core.record import Record  # noqa: E402
from ludomots.games.awalettres.records import WordRecord  # noqa: E402
from ludomots.lexicon.lexicon import get_lexicon  # noqa: E402


def new(game: str, players: int = 2) -> object:
    return registry.get_game(game).new(None, players, 1)


def test_topword_counts_every_word_of_the_moves_that_stood() -> None:
    state = new("topword")
    state.history = [  # type: ignore[attr-defined]
        {"type": "play", "seat": 0, "words": [{"word": "MAISON"}, {"word": "MA"}]},
        {"type": "play", "seat": 1, "words": [{"word": "XU"}]},
        {"type": "challenge", "seat": 0, "against": 1, "upheld": True, "words": ["XU"]},
        {"type": "taken_back", "seat": 1, "words": ["XU"]},
        {"type": "pass", "seat": 1},
        {"type": "play", "seat": 1, "words": [{"word": "CHAT"}]},
    ]
    assert debutant.words_by_seat("topword", state, []) == [["MAISON", "MA"], ["CHAT"]]


def test_typo_counts_the_words_announced_but_not_those_refused() -> None:
    events = [Event("place", {"seat": 0, "word": "frontière"}),
              Event("place", {"seat": 1, "word": "élastique"}),
              Event("place", {"seat": 1, "word": "vzzz"}),
              Event("votes", {"seat": 1, "doubters": [0], "challenged": True}),
              Event("verdict", {"seat": 1, "word": "vzzz", "valid": False, "bonus": 0}),
              Event("fail", {"seat": 1, "refused": True, "word": "vzzz"})]
    assert debutant.words_by_seat("typo", new("typo"), events) == [["frontière"],
                                                                  ["élastique"]]


def test_awalettres_counts_each_word_laid() -> None:
    state = new("awalettres")
    state.played = [WordRecord(1, "nez", 5, 0, 3, {2: 2}, {}, 3, {1: ("Z",), 2: ("N", "E")},  # type: ignore[attr-defined]
                               "NEZ", (2, 2, 1), (), 4)]
    assert debutant.words_by_seat("awalettres", state, []) == [[], ["nez"]]


def test_vocabulon_counts_the_riddles_answered_right_and_the_secret_words() -> None:
    state = new("vocabulon")
    state.history = [  # type: ignore[attr-defined]
        {"type": "answer", "seat": 0, "word": "lapin", "correct": True},
        {"type": "answer", "seat": 1, "word": "chien", "correct": False},
        {"type": "answer", "seat": 1, "word": "", "correct": False},
    ]
    state.secrets = ["maison", "jardin"]  # type: ignore[attr-defined]
    state.former = [[], ["tulipe"]]  # type: ignore[attr-defined]
    assert debutant.words_by_seat("vocabulon", state, []) == [["lapin", "maison"],
                                                              ["tulipe", "jardin"]]


def test_volapuk_counts_the_words_formed_but_not_those_restored() -> None:
    state = new("volapuk")
    state.played = [  # type: ignore[attr-defined]
        {"type": "word", "seat": 1, "words": [{"text": "MER", "restored": False},
                                              {"text": "ME", "restored": False}]},
        {"type": "pass", "seat": 0},
        {"type": "word", "seat": 0, "words": [{"text": "AMER", "restored": False},
                                              {"text": "ME", "restored": True}]},
    ]
    assert debutant.words_by_seat("volapuk", state, []) == [["AMER"], ["MER", "ME"]]


def test_a_word_is_known_when_its_lemma_is_among_the_n_most_frequent() -> None:
    familiarity = debutant.Familiarity(get_lexicon())
    # GUILLOTINE's lemma (3.34 per million) ranks 8,535th: known among the 20,000 most
    # frequent lemmas, not among the 8,000; ZYTHUM's has no frequency, XYZQ is no word.
    assert familiarity.lemma("GUILLOTINE")[0] == "guillotine"
    assert familiarity.rank(familiarity.lemma("GUILLOTINE")[1]) == 8535
    assert familiarity.lemma("XYZQ") == (None, 0.0)
    words = debutant.LevelWords(1, ["MAISON", "CHAT", "GUILLOTINE", "ZYTHUM", "XYZQ"])
    assert words.shares(familiarity, [8000, 20000]) == [2 / 5, 3 / 5]
    # A form Lexique lemmatizes otherwise (copine under copain) keeps its own frequency.
    assert familiarity.known("copine", 8000)


def test_the_words_of_a_recorded_deal_are_replayed_per_level(tmp_path: Path) -> None:
    # strength.py keeps the records of both games of a paired deal; each is replayed
    # (digests checked) and its words go to the level of their seat.
    lines = strength.play_deal(("typo", ["debutant", "greedy"], 1, 0, True, None,
                                str(tmp_path)))
    assert [line.get("error") for line in lines] == [None, None]
    records = [Record.load(p) for p in sorted(tmp_path.glob("*.json"))]
    assert [p.name for p in sorted(tmp_path.glob("*.json"))] == ["typo-d0-g0.json",
                                                                  "typo-d0-g1.json"]
    name, by_level = debutant.collect(records)
    assert name == "typo" and sorted(by_level) == ["debutant", "greedy"]
    assert [by_level[level].games for level in ("debutant", "greedy")] == [2, 2]
    placed = sum(1 for r in records for a in r.actions if a.action.get("type") == "place")
    assert placed > 0 and sum(len(w.words) for w in by_level.values()) == placed
    lexicon = get_lexicon()
    assert all(lexicon.accepts(w) for w in by_level["debutant"].words)
