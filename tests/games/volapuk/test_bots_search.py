"""The expert's extra moves: a joker taken back from the board (seed C1) and recompositions
(+10, every word given a new sense counted), found and chosen when they pay the most."""

from dataclasses import replace

from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.actions import Place, Recompose
from ludomots.games.volapuk.bots import VolapukBot
from ludomots.games.volapuk.rules import VolapukState
from ludomots.games.volapuk.scoring import Tile

from .helpers import board_with, cell, make_state


def _last_roll(state: VolapukState) -> VolapukState:
    state.rolls = state.options.rolls  # no roll left: the bot must play now
    return state


def _rue_with_a_joker(rack: str) -> VolapukState:
    board = board_with(("H6", "E", "RUE"))
    board[cell("H7")] = Tile("?", "vert01", "U")  # RUE, its U a simple joker
    return make_state([rack, "AAAAAAA"], board=board)


def test_the_expert_takes_a_joker_back_against_its_letter_for_his_best_word() -> None:
    """Seed C1: "le joueur peut échanger une lettre lui appartenant, contre un seul joker
    simple sur le plateau de jeu, à condition de l'utiliser instantanément": the expert gives
    his U for the joker of RUE and makes it the A of ARYK (an irrigation canal), read along a
    diagonal through the R (100 points), where his dice alone make 66."""
    state = _last_roll(_rue_with_a_joker("UXWKQYZ"))
    bot = VolapukBot("expert")
    action = bot.choose(state, 0, SeededRandom(1))
    assert action == Place(6, 6, "SO", (7, 5, 3), ("A", "", ""), (), (7, 6, 0))
    outcome = state.outcome(0, action)
    assert outcome.words[0].text == "ARYK" and outcome.total == 100
    bot.conf = replace(bot.conf, swaps=False)
    best = bot.best(state, 0, SeededRandom(1))
    assert best is not None and best[0] == 66


def test_rolling_again_the_expert_keeps_the_die_he_gives_for_a_joker() -> None:
    """Between rolls he keeps the dice of his best word: with a joker taken back, the die he
    gives for it is kept too (the joker, not his yet, is not)."""
    word = Place(8, 6, "NO", (7, 5, 1), ("O", "", ""), (), (7, 6, 0))
    assert VolapukBot.kept(word, 7) == (0, 1, 5)


def test_the_expert_recomposes_alone_when_his_dice_make_no_word() -> None:
    """Seed: "Un joueur peut modifier, un ou plusieurs mots en leur donnant un sens nouveau
    correct, en déplaçant seulement des lettres des mots déjà installés": with hyphens only,
    the expert lifts the R of PORTS (Élue P) above the T. Moving the S instead would leave
    PORT, which keeps the sense of PORTS and does not count (option new_sense): the R makes
    SR read up a diagonal 32, TR 22, and cuts PORTS into PO 6 and TS 2, +10."""
    state = _last_roll(make_state(["-------", "AAAAAAA"],
                                  board=board_with(("H4", "E", "PORTS")), elue="P"))
    action = VolapukBot("expert").choose(state, 0, SeededRandom(1))
    assert action == Recompose((7, 5, 6, 6))
    outcome = state.recomposed(0, action)[1]
    assert [(w.text, w.total) for w in outcome.words] == [("SR", 32), ("TR", 22), ("PO", 6),
                                                          ("TS", 2)]
    assert outcome.recomposed == 10 and outcome.total == 72


def test_the_expert_lays_his_word_and_moves_a_board_die_in_one_recomposition() -> None:
    """A recomposition may also lay dice of the rack ("ou avec des lettres d'apport qu'il
    possède"): the expert's best word (66) and the R of PORTS moved, in one move (WOW and PW
    laid, 148), pay more than the word alone."""
    state = _last_roll(make_state(["WWWWWWW", "AAAAAAA"],
                                  board=board_with(("H4", "E", "PORTS")), elue="P"))
    bot = VolapukBot("expert")
    action = bot.choose(state, 0, SeededRandom(1))
    assert action == Recompose((7, 5, 6, 6), (0, 1), (6, 3, 8, 5), ("", ""))
    assert state.recomposed(0, action)[1].total == 148
    best = bot.best(state, 0, SeededRandom(1))
    assert best is not None and best[0] == 66
