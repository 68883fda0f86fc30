"""The expert's extra moves: a joker taken back from the board (seed C1) and recompositions
(+10, every word given a new sense counted), found and chosen when they pay the most."""

from dataclasses import replace

from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.actions import Place, Recompose
from ludomots.games.volapuk.bots import VolapukBot
from ludomots.games.volapuk.botsearch import recompositions
from ludomots.games.volapuk.rules import VolapukState
from ludomots.games.volapuk.scoring import Tile

from .helpers import board_with, cell, make_state


def _rue_with_a_joker(rack: str) -> VolapukState:
    """No roll left: the bot must play now."""
    board = board_with(("H6", "E", "RUE"))
    board[cell("H7")] = Tile("?", "vert01", "U")  # RUE, its U a simple joker
    return make_state([rack, "AAAAAAA"], board=board, rolls=3)


def test_the_expert_takes_a_joker_back_against_its_letter_for_his_best_word() -> None:
    """Seed C1: "le joueur peut échanger une lettre lui appartenant, contre un seul joker
    simple sur le plateau de jeu, à condition de l'utiliser instantanément": the expert gives
    his U for the joker of RUE and makes it the O of ORYX, read reversed down a diagonal
    through the R (4 × 5 + 10 reversed, 4 × 5 diagonal: 50), with OU, its conjoint word
    (2 + 10 diagonal: 12), where his dice alone make 40. (ARYK, an irrigation canal, was his
    word until issue 17's second pass: Wiktionary alone spells it.)"""
    state = (_rue_with_a_joker("UXWKQYZ"))
    bot = VolapukBot("expert")
    action = bot.choose(state, 0, SeededRandom(1))
    assert action == Place(6, 6, "SO", (7, 5, 1), ("O", "", ""), (), (7, 6, 0))
    outcome = state.outcome(0, action)
    assert [(w.text, w.total) for w in outcome.words] == [("ORYX", 50), ("OU", 12)]
    assert outcome.total == 62
    bot.conf = replace(bot.conf, swaps=False)
    best = bot.best(state, 0, SeededRandom(1))
    assert best is not None and best[0] == 40


def test_rolling_again_the_expert_keeps_the_die_he_gives_for_a_joker() -> None:
    """Between rolls he keeps the dice of his best word: with a joker taken back, the die he
    gives for it is kept too (the joker, not his yet, is not)."""
    word = Place(8, 6, "NO", (7, 5, 1), ("O", "", ""), (), (7, 6, 0))
    assert VolapukBot.kept(word, 7) == (0, 1, 5)


def test_the_expert_recomposes_alone_when_his_dice_make_no_word() -> None:
    """Seed: "Un joueur peut modifier, un ou plusieurs mots en leur donnant un sens nouveau
    correct, en déplaçant seulement des lettres des mots déjà installés": with hyphens only,
    the expert moves the P of PORTS up above its O: PO (the old inch) at the Élue P, 2 × 3,
    and ORTS (« poids ort ») left behind, 4, both new senses, + 10: 20 (SPORT, the S moved in
    front, would give 15)."""
    state = make_state(["-------", "AAAAAAA"], board=board_with(("H4", "E", "PORTS")),
                       elue="P", rolls=3)
    action = VolapukBot("expert").choose(state, 0, SeededRandom(1))
    assert action == Recompose((7, 3, 6, 4))
    outcome = state.recomposed(0, action)[1]
    assert [(w.text, w.total) for w in outcome.words] == [("PO", 6), ("ORTS", 4)]
    assert outcome.recomposed == 10 and outcome.total == 20
    sport = state.recomposed(0, Recompose((7, 7, 7, 2)))[1]
    assert [(w.text, w.total) for w in sport.words] == [("SPORT", 5)] and sport.total == 15


def test_the_expert_tries_his_word_with_a_board_die_moved_in_one_recomposition() -> None:
    """A recomposition may also lay dice of the rack ("ou avec des lettres d'apport qu'il
    possède"): the expert's search pairs his word CHAT, down through the T of PORTS (4),
    with the P of PORTS moved above its O: PO, CHAT and ORTS, +10, 24."""
    state = make_state(["CHAQQQQ", "AAAAAAA"], board=board_with(("H4", "E", "PORTS")),
                       elue="P", rolls=3)
    chat = Place(4, 6, "S", (0, 1, 2), ("", "", ""))
    assert state.outcome(0, chat).total == 4
    points, best = max(recompositions(state, 0, [chat], 4), key=lambda found: found[0])
    assert best == Recompose((7, 3, 6, 4), (0, 1, 2), (4, 6, 5, 6, 6, 6), ("", "", ""))
    outcome = state.recomposed(0, best)[1]
    assert sorted((w.text, w.total) for w in outcome.words) == [
        ("CHAT", 4), ("ORTS", 4), ("PO", 6)]
    assert points == outcome.total == 24
