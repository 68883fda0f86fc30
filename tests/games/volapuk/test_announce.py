"""Plus-values announced after a word: accents (chapter A), anagrams (A6), words announced
(chapter B)."""

import json

from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.announce import definition_rewards, match_sense, senses
from ludomots.games.volapuk.bots import VolapukBot
from ludomots.games.volapuk.rules import (
    GAME,
    Accent,
    Anagram,
    Define,
    Done,
    Pass,
    VolapukState,
)
from ludomots.lexicon.lexicon import get_lexicon
from tests.games.refusals import refused

from .helpers import board_with, make_state, place

LEXICON = get_lexicon()


def after_emu(**options: object) -> VolapukState:
    state = make_state(["EMUXYZA", "AAAAAAA", "AAAAAAA"], accents=True, anagrams=True,
                       **options)
    state.apply(0, place(state, "H6", "E", "EMU"))
    return state


def test_after_a_word_every_player_may_announce_even_the_one_who_laid_it() -> None:
    """Seed chapter A: "tout joueur, même l'officiant peut intervenir pour compléter par
    l'accent approprié le mot venant d'être composé"."""
    state = after_emu()
    assert state.step == "announce" and state.to_act() == {0, 1, 2}
    assert refused(state, 0, Pass()).code == "wrong_action"


def test_a_correct_accent_scores_3_and_is_written_on_the_die() -> None:
    """Seed: "Il indique la lettre concernée et annonce l'accent qu'il veut mettre. S'il est
    reconnu correct, le joueur gagne 3 points"."""
    state = after_emu()
    state.apply(2, Accent(7, 5, "aigu"))
    assert state.points == [3, 0, 3]
    assert state.board[(7, 5)].text == "É"
    assert refused(state, 1, Accent(7, 5, "aigu")).code == "no_accent_here"


def test_a_wrong_accent_is_refused() -> None:
    state = after_emu()
    assert refused(state, 1, Accent(7, 5, "grave")).code == "wrong_accent"
    assert refused(state, 1, Accent(7, 6, "aigu")).code == "wrong_accent"
    assert refused(state, 1, Accent(2, 2, "aigu")).code == "not_in_word"


def test_an_accent_serving_two_crossing_words_scores_double() -> None:
    """Seed: "Dans le cas d'un accent servant sur deux mots croisés comme ÉMUE et ÉCRUE le
    bonus sera doublé"."""
    board = board_with(("H6", "S", "ECRUE"))
    state = make_state(["MUEXYZA", "AAAAAAA"], board=board, accents=True)
    state.apply(0, place(state, "H7", "E", "MUE"))
    assert state.announce is not None and state.announce.text == "EMUE"
    state.apply(1, Accent(7, 5, "aigu"))
    assert state.points[1] == 6


def test_anagrams_score_1_a_letter_unless_shared() -> None:
    """Seed A6: "Anagramme annoncé : Tout mot, dont un joueur pourrait faire lire aux autres,
    un autre sens, fait gagner 1 point par lettre"; "une réponse commune élimine le bonus"."""
    state = make_state(["RIMEXYZ", "AAAAAAA", "AAAAAAA"], anagrams=True)
    state.apply(0, place(state, "H6", "E", "RIME"))
    state.apply(1, Anagram("mire"))
    state.apply(2, Anagram("MIRE"))
    state.apply(0, Anagram("ÉMIR"))
    assert refused(state, 1, Anagram("RIME")).code == "same_word"
    assert refused(state, 1, Anagram("MIRES")).code == "not_an_anagram"
    assert refused(state, 1, Anagram("MIRE")).code == "already_announced"
    assert refused(state, 1, Anagram("MIER")).code == "unknown_word"
    assert state.view(2)["announce"]["mine"] == ["MIRE"]
    assert state.view(0)["announce"]["mine"] == ["ÉMIR"]
    for seat in (0, 1, 2):
        state.apply(seat, Done())
    assert state.step == "roll" and state.current == 1
    assert state.points == [4 + 4, 0, 0]
    results = state.played[-1]["anagrams"]
    assert [(r["seat"], r["word"], r["points"]) for r in results] == [
        (0, "ÉMIR", 4), (1, "MIRE", 0), (2, "MIRE", 0)]


def test_announcements_have_their_own_clock_and_time_out_done() -> None:
    state = after_emu()
    assert GAME.time_limit(state, 1) == 30.0
    assert GAME.timeout_action(state, 1) == Done()


def test_bots_announce_accents_and_anagrams() -> None:
    state = after_emu()
    bot = VolapukBot("expert")
    assert bot.choose(state, 1, SeededRandom(1)) == Accent(7, 5, "aigu")
    state.apply(1, Accent(7, 5, "aigu"))
    action = bot.choose(state, 1, SeededRandom(1))
    assert isinstance(action, Anagram)
    state.apply(1, action)
    assert VolapukBot("debutant").choose(state, 2, SeededRandom(1)) == Done()


def test_the_options_are_off_in_the_core() -> None:
    state = make_state(["EMUXYZA", "AAAAAAA"])
    state.apply(0, place(state, "H6", "E", "EMU"))
    assert state.step == "roll" and state.current == 1


# -- words announced (chapter B) -------------------------------------------------------------

def after_orteil(players: int = 3) -> VolapukState:
    state = make_state(["ORTEILX"] + ["AAAAAAA"] * (players - 1), definitions=True)
    state.apply(0, place(state, "H4", "E", "ORTEIL"))
    return state


def test_the_dictionary_announces_the_number_of_senses() -> None:
    """Seed chapter B d): "le joueur annonceur avec l'aide du dictionnaire précise s'il y en
    a, le nombre d'homonymes"."""
    state = after_orteil()
    assert state.view(1)["announce"]["senses"] == len(senses("ORTEIL", LEXICON)) == 1


def test_a_definition_is_matched_to_a_sense_of_the_dictionary() -> None:
    known = senses("PORTE", LEXICON)
    assert match_sense("un doigt du pied", senses("ORTEIL", LEXICON)) == 0
    door = match_sense("une ouverture dans un mur pour entrer", known)
    assert known[door].startswith("Ouverture battante dans un mur")
    assert match_sense("n'importe quoi", known) == -1


def test_individual_answers_score_3_5_7_and_shared_ones_nothing() -> None:
    """Seed: "une réponse commune élimine le bonus / la première réponse individuelle donne 3
    points. / la seconde réponse individuelle donne 5 points. / la troisième réponse
    individuelle donne 7 points..."; C2: "Toutes définitions communes d'un mot, faites par
    plusieurs joueurs, ne fait gagner aucun point"."""
    assert definition_rewards([(1, 0), (2, 1), (0, 2), (1, 3)]) == [3, 5, 7, 9]
    assert definition_rewards([(1, 0), (2, 0), (0, 2)]) == [0, 0, 3]
    assert definition_rewards([(1, 0), (1, 0), (2, -1)]) == [3, 0, 0]


def test_definitions_are_secret_until_everyone_is_done_then_scored() -> None:
    state = after_orteil()
    state.apply(1, Define("Doigt du pied"))
    state.apply(2, Define("Un petit jardin"))
    assert state.view(1)["announce"]["my_definitions"] == ["Doigt du pied"]
    assert state.view(2)["announce"]["my_definitions"] == ["Un petit jardin"]
    assert state.view(0)["announce"]["definition_counts"] == [0, 1, 1]
    for seat in (0, 1, 2):
        state.apply(seat, Done())
    assert state.points == [6, 3, 0]
    results = state.played[-1]["definitions"]
    assert [(r["seat"], r["sense"], r["points"]) for r in results] == [(1, 0, 3), (2, -1, 0)]


def test_the_expert_gives_a_definition_from_the_dictionary() -> None:
    state = after_orteil()
    action = VolapukBot("expert").choose(state, 1, SeededRandom(3))
    assert action == Define(senses("ORTEIL", LEXICON)[0])


def test_an_accent_serves_a_crossing_word_that_ends_beside_a_sign() -> None:
    """Seed chapter A: "Dans le cas d'un accent servant sur deux mots croisés comme ÉMUE et
    ÉCRUE le bonus sera doublé": TE ends beside a space cell, still a word (seed C5: a sign
    is no letter), so the É serves ÉMU and TÉ."""
    board = board_with(("G6", "S", "T"), ("I6", "S", "_"), ("H7", "E", "MU"))
    state = make_state(["EXYZABC", "AAAAAAA", "AAAAAAA"], board=board, accents=True,
                       adjacency="orthogonal")
    state.apply(0, place(state, "H6", "E", "E"))
    assert [w["text"] for w in state.played[-1]["words"]] == ["EMU", "TE"]
    state.apply(1, Accent(7, 5, "aigu"))
    assert state.points[1] == 6


def test_the_results_of_the_announcements_are_a_log_entry_of_their_own() -> None:
    """docs/protocol.md "logs": an update carries only the new entries of `played`, so the
    word's entry is never changed once sent; the results follow it as a new entry."""
    state = after_emu(adjacency="orthogonal")
    word = json.loads(json.dumps(state.view(1)["played"]))
    assert [p["type"] for p in word] == ["word"]
    state.apply(2, Accent(7, 5, "aigu"))
    state.apply(1, Anagram("MUE"))
    for seat in (0, 1, 2):
        state.apply(seat, Done())
    played = state.view(1)["played"]
    assert played[:1] == word  # unchanged
    assert played[1] == {
        "type": "announced", "seat": 0, "turn": 1, "text": "EMU",
        "accents": [{"seat": 2, "cell": [7, 5], "name": "H6", "accent": "É", "points": 3}],
        "anagrams": [{"seat": 1, "word": "MUE", "points": 3, "shared": False}],
        "definitions": []}
    assert state.points == [3, 3, 3]


def test_an_anagram_of_any_word_of_the_board_may_be_announced_on_one_s_turn() -> None:
    """Seed A6: "Anagramme annoncé : Tout mot, dont un joueur pourrait faire lire aux autres,
    un autre sens, fait gagner 1 point par lettre, quel que soit le tour de jeu": on his turn
    a player announces ÉMIR for the RIME laid long before: 4 points, his turn goes on; each
    anagram of a word once a game."""
    board = board_with(("H6", "E", "RIME"))
    state = make_state(["XYZABCD", "AAAAAAA"], board=board, anagrams=True, rolled=False)
    events = state.apply(0, Anagram("émir"))
    assert state.points == [4, 0]
    assert (state.step, state.current) == ("roll", 0)
    assert state.played[-1] == {"type": "anagram", "seat": 0, "turn": 0, "word": "ÉMIR",
                                "of": "RIME", "points": 4}
    assert [e.type for e in events] == ["board_anagram"]
    assert refused(state, 0, Anagram("EMIR")).code == "already_announced"
    assert refused(state, 0, Anagram("LIRE")).code == "not_an_anagram"
    assert refused(state, 1, Anagram("MIRE")).code == "not_your_turn"
    state.apply(0, Anagram("MIRE"))
    assert state.points == [8, 0]
    off = make_state(["XYZABCD", "AAAAAAA"], board=board, rolled=False)
    assert refused(off, 0, Anagram("MIRE")).code == "option_off"


def test_the_expert_announces_an_anagram_of_a_word_of_the_board_before_rolling() -> None:
    """Seed A6, "quel que soit le tour de jeu": with the option, the expert looks at the
    words of the board first; RIME gives ÉMIR (announced as the automaton writes it), then
    MIRE, one at a time (MERI, Wiktionary's alone, is no word since issue 17's second pass)."""
    board = board_with(("H6", "E", "RIME"))
    state = make_state(["XYZABCD", "AAAAAAA"], board=board, anagrams=True, rolled=False)
    action = VolapukBot("expert").choose(state, 0, SeededRandom(1))
    assert action == Anagram("EMIR")
    state.apply(0, action)
    assert state.points[0] == 4
    assert VolapukBot("expert").choose(state, 0, SeededRandom(1)) == Anagram("MIRE")
