"""Volapük's legality: whether an action is allowed now, and what a word or a recomposition
would score (the engine's own evaluation, which the bots and the preview call too).

A turn: the player rolls his dice up to 3 times, keeping those he likes between rolls (his
fétiches are not rolled), then lays one word, recomposes words of the board, or passes; after a
word come the announcements (accents, anagrams, definitions).
"""

from __future__ import annotations

from dataclasses import dataclass

from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.core.text import printable
from ludomots.games.volapuk.actions import (
    Accent,
    Anagram,
    Define,
    Done,
    Pass,
    Place,
    Recompose,
    Roll,
    rule_error,
)
from ludomots.games.volapuk.announce import accent_points, check_anagram, letters_of
from ludomots.games.volapuk.board import DIRECTIONS, FORWARD, on_board
from ludomots.games.volapuk.dice import JOKER, JOKER_LETTERS, face_text, is_joker
from ludomots.games.volapuk.position import VolapukPosition
from ludomots.games.volapuk.recompose import evaluate_recompose
from ludomots.games.volapuk.records import RackDie
from ludomots.games.volapuk.scoring import Board, Outcome, Tile, evaluate, read_run, run

MAX_DEFINITION = 200


@dataclass(eq=False)
class VolapukLegality(VolapukPosition):
    """What is allowed now, and what it would score."""

    # -- legality --------------------------------------------------------------------------------

    def _check(self, seat: int, action: Action) -> RuleError | None:
        if seat not in self.to_act():
            return rule_error("not_your_turn", "Ce n’est pas à vous de jouer.")
        if isinstance(action, Anagram) and self.step in ("roll", "place"):
            return self._check_board_anagram(action)
        announcing = isinstance(action, (Accent, Anagram, Define, Done))
        if (self.step == "announce") != announcing:
            return rule_error("wrong_action", "Faites vos annonces (accent, anagramme) ou "
                              "terminez-les." if self.step == "announce" else
                              "Lancez les dés, déposez un mot ou passez.")
        if isinstance(action, Accent):
            return self._check_accent(seat, action)
        if isinstance(action, Anagram):
            return self._check_anagram(seat, action)
        if isinstance(action, Define):
            return self._check_define(action)
        if isinstance(action, Done):
            return None
        if isinstance(action, Roll):
            return self._check_roll(seat, action)
        if isinstance(action, Place):
            try:
                self.outcome(seat, action)
            except RuleError as exc:
                return exc
            return None
        if isinstance(action, Recompose):
            try:
                self.recomposed(seat, action)
            except RuleError as exc:
                return exc
            return None
        if isinstance(action, Pass):
            return None
        return rule_error("wrong_action", "Lancez les dés, déposez un mot ou passez.")

    def _check_accent(self, seat: int, action: Accent) -> RuleError | None:
        if not self.options.accents:
            return rule_error("option_off", "Les accents annoncés ne sont pas en jeu.")
        try:
            self.accent_outcome(action)
        except RuleError as exc:
            return exc
        return None

    def accent_outcome(self, action: Accent) -> tuple[str, int]:
        assert self.announce is not None
        word = [(r, c) for r, c in self.announce.word]
        return accent_points(self.board, word, (action.row, action.col), action.mark,
                             self.options.phrases, self.lexicon)

    def _check_anagram(self, seat: int, action: Anagram) -> RuleError | None:
        if not self.options.anagrams:
            return rule_error("option_off", "Les anagrammes annoncés ne sont pas en jeu.")
        assert self.announce is not None
        try:
            key = check_anagram(self.announce.text, action.word, self.options.phrases,
                                self.lexicon)
        except RuleError as exc:
            return exc
        if key in self.announce.anagrams[seat] or \
                (letters_of(self.announce.text), key) in self.anagrammed:
            return rule_error("already_announced", "Cet anagramme a déjà été annoncé.")
        return None

    def _check_board_anagram(self, action: Anagram) -> RuleError | None:
        if not self.options.anagrams:
            return rule_error("option_off", "Les anagrammes annoncés ne sont pas en jeu.")
        try:
            self.board_anagram(action.word)
        except RuleError as exc:
            return exc
        return None

    def board_words(self) -> list[str]:
        """Every word standing on the board (runs of two letters or more that read), once."""
        found: list[str] = []
        for orientation in FORWARD:
            for cell in sorted(self.board):
                line = run(self.board, cell, orientation)
                if line[0] != cell or len(line) < 2:
                    continue
                read = read_run(self.board, line, orientation, self.options.phrases,
                                set(line), self.abbreviations(), lexicon=self.lexicon)
                if read is not None and read[2].ok:
                    text = "".join(self.board[c].text for c in read[0])
                    if text not in found:
                        found.append(text)
        return found

    def board_anagram(self, word: str) -> tuple[str, str]:
        """Seed A6, "quel que soit le tour de jeu": the word of the board `word` is an anagram
        of (its text) and the anagram's letters; RuleError when it is none, or was announced
        already (each anagram of each word once a game)."""
        mine = sorted(letters_of(word))
        error: RuleError | None = None
        for text in self.board_words():
            if sorted(letters_of(text)) != mine:
                continue
            try:
                key = check_anagram(text, word, self.options.phrases, self.lexicon)
            except RuleError as exc:
                error = error or exc
                continue
            if (letters_of(text), key) in self.anagrammed:
                error = rule_error("already_announced", "Cet anagramme a déjà été annoncé.",
                                   word=word)
                continue
            return text, key
        raise error or rule_error("not_an_anagram", f"« {word.strip().upper()} » n’est "
                                  "l’anagramme d’aucun mot du plateau.", word=word)

    def _check_define(self, action: Define) -> RuleError | None:
        if not self.options.definitions:
            return rule_error("option_off", "Les mots annoncés ne sont pas en jeu.")
        if not 0 < len(action.text.strip()) <= MAX_DEFINITION:
            return rule_error("bad_definition", f"Une définition de 1 à {MAX_DEFINITION} "
                              "caractères.")
        if not printable(action.text.strip()):
            return rule_error("bad_definition", "La définition contient des caractères non "
                              "autorisés.")
        return None

    def _check_roll(self, seat: int, action: Roll) -> RuleError | None:
        rack = self.racks[seat]
        if self.rolls_left() == 0:
            return rule_error("no_roll_left", f"Vous avez déjà lancé {self.options.rolls} fois.")
        if len(set(action.keep)) != len(action.keep) or \
                any(not 0 <= i < len(rack) for i in action.keep):
            return rule_error("bad_dice", "Désignez des dés de votre réglette.",
                              keep=list(action.keep))
        if any(rack[i].face is None for i in action.keep):
            return rule_error("not_rolled", "On ne garde qu’un dé déjà lancé.",
                              keep=list(action.keep))
        if all(d.fetish or i in action.keep for i, d in enumerate(rack)):
            return rule_error("nothing_to_roll", "Il n’y a aucun dé à lancer.")
        return None

    def swapped(self, seat: int, action: Place) -> tuple[list[RackDie], Board]:
        """The rack and the board once the joker named by `action.swap` (row, col, die) is
        taken back (seed C1: "le joueur peut échanger une lettre lui appartenant, contre un
        seul joker simple sur le plateau de jeu, à condition de l'utiliser instantanément"):
        the die takes the joker's cell, the joker joins the rack as its last die."""
        rack = self.racks[seat]
        if not action.swap:
            return rack, self.board
        if len(action.swap) != 3:
            raise rule_error("bad_swap", "Échange de joker : la case du joker et votre dé.")
        row, col, index = action.swap
        tile = self.board.get((row, col))
        if tile is None or tile.face != JOKER:
            raise rule_error("no_joker_there", "Il n’y a pas de joker simple sur cette case.",
                             cell=[row, col])
        given = rack[index].face if 0 <= index < len(rack) else None
        if given is None:
            raise rule_error("bad_dice", "Donnez un dé lancé de votre réglette.", die=index)
        if face_text(given) != tile.letter:
            raise rule_error("swap_letter", f"Le joker vaut {tile.letter} : donnez un dé qui "
                             "montre cette lettre.", die=index, letter=tile.letter)
        if index in action.dice or index in action.fetishes:
            raise rule_error("bad_swap", "Le dé donné contre le joker reste sur le plateau.",
                             die=index)
        if len(rack) not in action.dice:
            raise rule_error("joker_unused", "Le joker repris doit servir tout de suite dans "
                             "votre mot.")
        board = dict(self.board)
        # An accent written there stays; the die keeps the joker's number: it stands in the
        # words the joker stood in, so that one of them broken and rebuilt is no new word.
        board[(row, col)] = Tile(given, rack[index].die, "", tile.accent, tile.sign,
                                 uid=tile.uid)
        return [*rack, RackDie(tile.die, JOKER)], board

    def tiles(self, seat: int, action: Place | Recompose, rack: list[RackDie]
              ) -> list[Tile]:
        """The dice of a move as board tiles; RuleError when they are not the player's."""
        letters = action.letters or ("",) * len(action.dice)
        if len(letters) != len(action.dice):
            raise rule_error("bad_letters", "Une lettre par dé (vide sauf pour un joker).")
        if len(set(action.dice)) != len(action.dice) or \
                any(not 0 <= i < len(rack) for i in action.dice):
            raise rule_error("bad_dice", "Déposez des dés de votre réglette, une fois chacun.",
                             dice=list(action.dice))
        tiles = []
        for i, letter in zip(action.dice, letters, strict=True):
            face = rack[i].face
            if face is None:
                raise rule_error("not_rolled", "Lancez vos dés avant de les déposer.", die=i)
            if is_joker(face):
                if letter not in JOKER_LETTERS:
                    raise rule_error("joker_letter", "Dites quelle lettre seule le joker "
                                     "remplace.", die=i)
            elif letter:
                raise rule_error("not_a_joker", "Seul un joker remplace une lettre.", die=i)
            tiles.append(Tile(face, rack[i].die, letter))
        if len(set(action.fetishes)) != len(action.fetishes) or any(
                not 0 <= i < len(self.racks[seat]) or i in action.dice
                or rack[i].face is None for i in action.fetishes):
            raise rule_error("bad_fetishes", "Les fétiches sont des dés lancés qui restent "
                             "sur votre réglette.", fetishes=list(action.fetishes))
        return tiles

    def outcome(self, seat: int, action: Place) -> Outcome:
        """What the move would score; RuleError when it is not allowed now."""
        if action.direction not in DIRECTIONS:
            raise rule_error("bad_direction", "Direction inconnue (E, O, S, N, SE, NE, SO, "
                             "NO).", direction=action.direction)
        rack, board = self.swapped(seat, action)
        tiles = self.tiles(seat, action, rack)
        return evaluate(board, (action.row, action.col), action.direction, tiles,
                        self.elue, self.options, self.super_forces(), self.abbreviations(),
                        self.history, lexicon=self.lexicon)

    def recomposed(self, seat: int, action: Recompose) -> tuple[Board, Outcome]:
        """The board after a recomposition and what it scores; RuleError when refused."""
        if len(action.moves) % 4 or len(action.cells) != 2 * len(action.dice):
            raise rule_error("bad_move", "Un déplacement : 4 nombres (de ligne, colonne, vers "
                             "ligne, colonne) ; une case (2 nombres) par dé posé.")
        q = action.moves
        moves = [((q[i], q[i + 1]), (q[i + 2], q[i + 3])) for i in range(0, len(q), 4)]
        cells = [(action.cells[i], action.cells[i + 1]) for i in range(0, len(action.cells), 2)]
        if any(not on_board(c) for c in cells):
            raise rule_error("off_board", "Cette case n’est pas sur le plateau.")
        tiles = self.tiles(seat, action, self.racks[seat])
        return evaluate_recompose(self.board, moves, list(zip(cells, tiles, strict=True)),
                                  self.elue, self.options, self.super_forces(),
                                  self.abbreviations(), self.history, lexicon=self.lexicon)

