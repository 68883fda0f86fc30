"""Volapük: the state, the turn, the bags and the end (seed volapuk.txt + RULINGS.md; every
interpretation is in docs/rules/volapuk.md).

Setting up (seed "DEBUT DE JEU"): each player takes one die of each colour and two green dice
and throws the polyhedron; the letter closest to A starts (ties throw again), then plays go
clockwise (increasing seats). The first player throws the polyhedron again: the Élue letter.

A turn: the player rolls his dice up to 3 times, keeping those he likes between rolls (his
fétiches are not rolled), then lays one word or passes. After a word he may keep fétiches
(announced: public) and draws as many dice as he laid, of the same colours; a colour that has
run out is drawn blind among all the dice left (rule 10). The end (rule 11): when a player has
no die left, the others put theirs into the opaque bag and every turn starts with a blind draw
up to 7 dice, "jusqu'au dernier dé joué"; once the last die is played, the players who have
not played in that round compose with the board's letters, and the game ends.

Every die laid gets a number (`Tile.uid`), and the game remembers the senses of the words each
die has stood in (`history`): a recomposition scores only words given a new sense.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, Event, Game, PlayedWord, State
from ludomots.core.jsonvalues import copy_json
from ludomots.core.options import options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.core.text import printable
from ludomots.games.volapuk.actions import (
    CODEC,
    Accent,
    Anagram,
    Define,
    Done,
    Pass,
    Place,
    Recompose,
    Roll,
    Step,
    VolapukOptions,
    rule_error,
)
from ludomots.games.volapuk.announce import (
    accent_points,
    check_anagram,
    definition_rewards,
    letters_of,
    match_sense,
    senses,
)
from ludomots.games.volapuk.board import (
    DIRECTIONS,
    FORWARD,
    RADIUS,
    SIZE,
    Cell,
    name,
    on_board,
)
from ludomots.games.volapuk.dice import (
    COLOURED_COPIES,
    COLOURS,
    ELUE_FACES,
    GREEN,
    GREEN_DICE,
    JOKER,
    JOKER_LETTERS,
    SUPER,
    SUPER_DIE,
    colour_of,
    face_text,
    faces_of,
    green_id,
    is_joker,
)
from ludomots.games.volapuk.history import History
from ludomots.games.volapuk.recompose import evaluate_recompose, standing_words
from ludomots.games.volapuk.scoring import (
    RACK,
    SUPER_FORCE,
    Board,
    Outcome,
    Tile,
    evaluate,
    read_run,
    run,
)
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import PROPER_SIGNED

START_GREEN = 2  # seed: "1 dé de chaque couleur et 2 dés verts"
MAX_DEFINITION = 200


def _opaque_own(die: str) -> bool:
    return colour_of(die) == GREEN or die == SUPER_DIE


def _die(die: str) -> dict[str, Any]:
    return {"die": die, "face": None, "fetish": False}


class VolapukState(State):
    def __init__(self, options: VolapukOptions, players: int, rng: SeededRandom) -> None:
        self.options = options
        self.players = players
        self.rng = rng
        self.step: Step = "roll"
        self.elue = "A"
        self.first = 0
        self.current = 0
        self.rolls = 0  # rolls made this turn
        self.coloured: dict[str, int] = {c: COLOURED_COPIES for c in COLOURS}  # transparent bag
        self.opaque: list[str] = [green_id(i) for i in range(GREEN_DICE)]  # sorted ids
        self.racks: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.board: Board = {}
        self.points = [0] * players
        self.turn = 0  # turns played (words and passes)
        self.passes = 0  # passes in a row
        self.final = False  # rule 11a: blind draws of 7
        self.final_turns: int | None = None  # rule 11b: turns left once the bag is empty
        self.played: list[dict[str, Any]] = []  # every word, pass and announcements, public
        self.polyhedron: list[list[str]] = []  # who-starts throws, round by round
        self.end_reason: str | None = None
        self.super_laid: int | None = None  # the turn the super joker was laid
        self.announce: dict[str, Any] | None = None  # plus-values announced after a word
        self.next_uid = 1  # the number the next die laid gets
        self.history = History()  # the words that stood on the board, and their dice
        self.anagrammed: list[list[str]] = []  # [word's letters, anagram's] announced so far
        if options.super_joker:
            self.opaque.append(SUPER_DIE)

    # -- setting up --------------------------------------------------------------------------

    def start(self) -> list[Event]:
        for seat in range(self.players):
            for colour in COLOURS:
                self.coloured[colour] -= 1
                self.racks[seat].append(_die(colour))
            for _ in range(START_GREEN):
                self.racks[seat].append(_die(self._take_opaque(green_only=True)))
        contenders = list(range(self.players))
        while True:  # RULINGS: who starts as the seed says, ties thrown again
            throws = {s: ELUE_FACES[self.rng.randbelow(len(ELUE_FACES))] for s in contenders}
            self.polyhedron.append([throws.get(s, "") for s in range(self.players)])
            best = min(throws.values())
            contenders = [s for s in contenders if throws[s] == best]
            if len(contenders) == 1:
                break
        self.first = self.current = contenders[0]
        self.elue = ELUE_FACES[self.rng.randbelow(len(ELUE_FACES))]
        return [Event("first_player", {"seat": self.first, "throws": copy_json(self.polyhedron)}),
                Event("elue", {"letter": self.elue}),
                Event("turn", {"seat": self.current, "turn": 1})]

    # -- bags ----------------------------------------------------------------------------------

    def _take_opaque(self, green_only: bool = False) -> str:
        """A die drawn blind from the opaque bag (`green_only`: among the green dice and the
        super joker, the bag's own dice, not those pooled there at the end)."""
        pool = [d for d in self.opaque if _opaque_own(d)] if green_only else self.opaque
        die = pool[self.rng.randbelow(len(pool))]
        self.opaque.remove(die)
        return die

    def dice_left(self) -> int:
        return sum(self.coloured.values()) + len(self.opaque)

    def _draw(self, colour: str) -> str | None:
        """A die of `colour`; when that colour has run out, one blind among all the dice left
        (rule 10); None when there is none at all."""
        if colour in self.coloured and self.coloured[colour] > 0:
            self.coloured[colour] -= 1
            return colour
        if colour == GREEN and any(_opaque_own(d) for d in self.opaque):
            return self._take_opaque(green_only=True)
        return self._draw_blind()

    def _draw_blind(self) -> str | None:
        total = self.dice_left()
        if total == 0:
            return None
        k = self.rng.randbelow(total)
        for colour in COLOURS:
            if k < self.coloured[colour]:
                self.coloured[colour] -= 1
                return colour
            k -= self.coloured[colour]
        return self.opaque.pop(k)

    # -- whose turn ------------------------------------------------------------------------------

    def to_act(self) -> frozenset[int]:
        if self.step == "over":
            return frozenset()
        if self.step == "announce" and self.announce is not None:
            return frozenset(self.announce["pending"])
        return frozenset({self.current})

    def rolls_left(self) -> int:
        return max(0, self.options.rolls - self.rolls)

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
        word = [(r, c) for r, c in self.announce["word"]]
        return accent_points(self.board, word, (action.row, action.col), action.mark,
                             self.options.phrases)

    def _check_anagram(self, seat: int, action: Anagram) -> RuleError | None:
        if not self.options.anagrams:
            return rule_error("option_off", "Les anagrammes annoncés ne sont pas en jeu.")
        assert self.announce is not None
        try:
            key = check_anagram(self.announce["text"], action.word, self.options.phrases)
        except RuleError as exc:
            return exc
        if key in self.announce["anagrams"][seat] or \
                [letters_of(self.announce["text"]), key] in self.anagrammed:
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
                                set(line), self.abbreviations())
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
                key = check_anagram(text, word, self.options.phrases)
            except RuleError as exc:
                error = error or exc
                continue
            if [letters_of(text), key] in self.anagrammed:
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
        if any(rack[i]["face"] is None for i in action.keep):
            return rule_error("not_rolled", "On ne garde qu’un dé déjà lancé.",
                              keep=list(action.keep))
        if all(d["fetish"] or i in action.keep for i, d in enumerate(rack)):
            return rule_error("nothing_to_roll", "Il n’y a aucun dé à lancer.")
        return None

    def swapped(self, seat: int, action: Place) -> tuple[list[dict[str, Any]], Board]:
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
        if not 0 <= index < len(rack) or rack[index]["face"] is None:
            raise rule_error("bad_dice", "Donnez un dé lancé de votre réglette.", die=index)
        if face_text(rack[index]["face"]) != tile.letter:
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
        board[(row, col)] = Tile(rack[index]["face"], rack[index]["die"], "", tile.accent,
                                 tile.sign, uid=tile.uid)
        return [*rack, {"die": tile.die, "face": JOKER, "fetish": False}], board

    def tiles(self, seat: int, action: Place | Recompose, rack: list[dict[str, Any]]
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
            face = rack[i]["face"]
            if face is None:
                raise rule_error("not_rolled", "Lancez vos dés avant de les déposer.", die=i)
            if is_joker(face):
                if letter not in JOKER_LETTERS:
                    raise rule_error("joker_letter", "Dites quelle lettre seule le joker "
                                     "remplace.", die=i)
            elif letter:
                raise rule_error("not_a_joker", "Seul un joker remplace une lettre.", die=i)
            tiles.append(Tile(face, rack[i]["die"], letter))
        if len(set(action.fetishes)) != len(action.fetishes) or any(
                not 0 <= i < len(self.racks[seat]) or i in action.dice
                or rack[i]["face"] is None for i in action.fetishes):
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
                        self.history)

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
                                  self.abbreviations(), self.history)

    def abbreviations(self) -> bool:
        """Seed 3: abbreviations and symbols "pour les fins de parties" (option
        `end_abbreviations`), once the end phase of rule 11a has begun."""
        return self.options.end_abbreviations and self.final

    def super_force(self) -> int:
        """Seed A7: 10 on the turn it is laid, 1 less at each round of the table, down to 1
        (then it is only its letter: "on peut le remplacer par la lettre qu'il représente")."""
        if self.super_laid is None:
            return SUPER_FORCE
        return max(1, SUPER_FORCE - (self.turn - self.super_laid) // self.players)

    def super_forces(self) -> dict[Cell, int]:
        if self.super_laid is None:
            return {}
        return {c: self.super_force() for c, t in self.board.items() if t.face == SUPER}

    # -- playing ---------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Roll):
            return self._roll(seat, action)
        if isinstance(action, Place):
            return self._place(seat, action)
        if isinstance(action, Recompose):
            return self._recompose(seat, action)
        if isinstance(action, Accent):
            return self._accent(seat, action)
        if isinstance(action, Anagram) and self.step != "announce":
            return self._board_anagram(seat, action)
        if isinstance(action, Anagram):
            return self._anagram(seat, action)
        if isinstance(action, Define):
            return self._define(seat, action)
        if isinstance(action, Done):
            return self._done(seat)
        return self._pass(seat)

    def _roll(self, seat: int, action: Roll) -> list[Event]:
        rack = self.racks[seat]
        for i, d in enumerate(rack):
            if not d["fetish"] and i not in action.keep:
                faces = faces_of(d["die"])
                d["face"] = faces[self.rng.randbelow(len(faces))]
        self.rolls += 1
        self.step = "place"
        return [Event("roll", {"seat": seat, "keep": list(action.keep),
                               "faces": [d["face"] for d in rack],
                               "colours": [colour_of(d["die"]) for d in rack],
                               "rolls_left": self.rolls_left()})]

    def _place(self, seat: int, action: Place) -> list[Event]:
        self._number_dice()
        result = self.outcome(seat, action)
        before = self.board
        rack, self.board = self.swapped(seat, action)
        self.board = dict(self.board)
        self.board.update(result.placed)
        changed = {c for c, _ in result.placed}
        if action.swap:  # the die given for a joker
            changed.add((action.swap[0], action.swap[1]))
        self._remember(before, changed)
        return self._word_played(seat, action, result, rack)

    def _recompose(self, seat: int, action: Recompose) -> list[Event]:
        self._number_dice()
        board, result = self.recomposed(seat, action)
        before, self.board = self.board, board
        self._remember(before, {c for m in result.moves for c in m} |
                       {c for c, _ in result.placed})
        return self._word_played(seat, action, result, self.racks[seat])

    def _number_dice(self) -> None:
        """Give every die of the board not numbered yet its number, in cell order."""
        for cell in sorted(self.board):
            tile = self.board[cell]
            if not tile.uid:
                self.board[cell] = replace(tile, uid=self.next_uid)
                self.next_uid += 1

    def _remember(self, before: Board, changed: set[Cell]) -> None:
        """The words a move broke and the words it made stood on the board: the history keeps
        them with their dice (scored again with those dice, they would be no new sense)."""
        self._number_dice()
        for board in (before, self.board):
            for cells, text in standing_words(board, changed, self.options,
                                              self.abbreviations()):
                self.history.add(text, {board[c].uid for c in cells if board[c].counts})

    def _word_played(self, seat: int, action: Place | Recompose, result: Outcome,
                     rack: list[dict[str, Any]]) -> list[Event]:
        """Score, fétiches, refill, then the announcements or the next turn."""
        swap = action.swap if isinstance(action, Place) else ()
        self.points[seat] += result.total
        if any(t.face == SUPER for _, t in result.placed):
            self.super_laid = self.turn
        gone = [GREEN if rack[i]["die"] == SUPER_DIE else colour_of(rack[i]["die"])
                for i in action.dice if i < len(self.racks[seat])]
        if swap:
            gone.append(colour_of(rack[swap[2]]["die"]))
        kept = []
        for i, d in enumerate(rack):
            if i in action.dice or (swap and i == swap[2]):
                continue
            fetish = i in action.fetishes
            kept.append({"die": d["die"], "face": d["face"] if fetish else None,
                         "fetish": fetish})
        self.racks[seat] = kept
        self.passes = 0
        self.turn += 1
        record = {"type": "word", "seat": seat, "turn": self.turn, **result.to_json(),
                  "fetishes": [d["face"] for d in kept if d["fetish"]],
                  "swap": list(swap)}
        self.played.append(record)
        events = [Event("word", record)]
        events += self._refill(seat, gone)
        if self.options.accents or self.options.anagrams or self.options.definitions:
            main = result.words[0]
            self.step = "announce"
            known = senses(main.text) if self.options.definitions else []
            self.announce = {"seat": seat, "word": [list(c) for c in main.cells],
                             "text": main.text, "pending": list(range(self.players)),
                             "anagrams": [[] for _ in range(self.players)],
                             "words": [[] for _ in range(self.players)], "accents": [],
                             "senses": known, "definitions": []}
            return events + [Event("announce", {"seat": seat, "text": main.text,
                                                "senses": len(known)})]
        return events + self._end_turn(seat)

    # -- announcements (plus-values) ---------------------------------------------------------

    def _accent(self, seat: int, action: Accent) -> list[Event]:
        """First come, first served: the accent is written on the die, its points scored."""
        assert self.announce is not None
        accented, points = self.accent_outcome(action)
        cell = (action.row, action.col)
        tile = self.board[cell]
        self.board[cell] = Tile(tile.face, tile.die, tile.letter, accented, tile.sign)
        self.points[seat] += points
        entry = {"seat": seat, "cell": list(cell), "name": name(cell), "accent": accented,
                 "points": points}
        self.announce["accents"].append(entry)
        return [Event("accent", entry)]

    def _board_anagram(self, seat: int, action: Anagram) -> list[Event]:
        """Seed A6 on one's own turn: an anagram of any word of the board, 1 point a letter
        at once (nobody else announces with him, so nothing is shared); the turn goes on."""
        text, key = self.board_anagram(action.word)
        self.anagrammed.append([letters_of(text), key])
        word = action.word.strip().upper()
        self.points[seat] += len(key)
        entry = {"type": "anagram", "seat": seat, "turn": self.turn, "word": word, "of": text,
                 "points": len(key)}
        self.played.append(entry)
        return [Event("board_anagram", entry)]

    def _anagram(self, seat: int, action: Anagram) -> list[Event]:
        """Kept secret until everyone is done, so nobody copies it."""
        assert self.announce is not None
        self.announce["anagrams"][seat].append(letters_of(action.word))
        self.announce["words"][seat].append(action.word.strip().upper())
        return [Event("anagram", {"seat": seat, "word": action.word.strip().upper()},
                      frozenset({seat}))]

    def _define(self, seat: int, action: Define) -> list[Event]:
        """Matched against the dictionary's senses now, judged when everyone is done; kept
        secret until then (seed C2: shared definitions score nothing)."""
        assert self.announce is not None
        text = action.text.strip()
        sense = match_sense(text, self.announce["senses"])
        self.announce["definitions"].append([seat, text, sense])
        return [Event("definition", {"seat": seat, "text": text}, frozenset({seat}))]

    def _done(self, seat: int) -> list[Event]:
        assert self.announce is not None
        self.announce["pending"].remove(seat)
        events = [Event("announce_done", {"seat": seat})]
        if self.announce["pending"]:
            return events
        return events + self._close_announce()

    def _close_announce(self) -> list[Event]:
        """Anagrams: 1 point a letter to each one announced by a single player."""
        assert self.announce is not None
        announce = self.announce
        words = announce["words"]
        by_key: dict[str, list[int]] = {}
        for seat, keys in enumerate(announce["anagrams"]):
            for key in keys:
                by_key.setdefault(key, []).append(seat)
        results = []
        for key in by_key:  # each anagram of a word is announced once a game (A6)
            self.anagrammed.append([letters_of(announce["text"]), key])
        for seat, keys in enumerate(announce["anagrams"]):
            for key, word in zip(keys, words[seat], strict=True):
                shared = len(by_key[key]) > 1
                points = 0 if shared else len(key)
                self.points[seat] += points
                results.append({"seat": seat, "word": word, "points": points,
                                "shared": shared})
        answers = [(int(seat), int(sense)) for seat, _, sense in announce["definitions"]]
        defined = []
        for (seat, text, sense), points in zip(announce["definitions"],
                                               definition_rewards(answers), strict=True):
            self.points[seat] += points
            defined.append({"seat": seat, "text": text, "sense": sense, "points": points,
                            "definition": announce["senses"][sense] if sense >= 0 else None})
        mover = announce["seat"]
        # A log entry of its own (clients following the log get only new entries): the
        # results of the announcements on the word of that turn.
        self.played.append({"type": "announced", "seat": mover, "turn": self.turn,
                            "text": announce["text"], "accents": announce["accents"],
                            "anagrams": results, "definitions": defined})
        self.announce = None
        events = [Event("anagrams", {"results": results})] if results else []
        if defined:
            events.append(Event("definitions", {"results": defined}))
        return events + self._end_turn(mover)

    def _refill(self, seat: int, colours: list[str]) -> list[Event]:
        """Seed: "Il reprend autant de dés dans les couleurs correspondantes, qu'il en a
        déposé"; in the final phase every turn starts with a blind draw instead."""
        if self.final:
            return []
        drawn = [d for d in (self._draw(c) for c in colours) if d is not None]
        self.racks[seat] += [_die(d) for d in drawn]
        return self._draw_events(seat, drawn)

    def _draw_events(self, seat: int, drawn: list[str]) -> list[Event]:
        if not drawn:
            return []
        return [Event("draw", {"seat": seat, "colours": [colour_of(d) for d in drawn],
                               "left": self.dice_left()}),
                Event("drew", {"seat": seat, "dice": drawn}, frozenset({seat}))]

    def _pass(self, seat: int) -> list[Event]:
        """The turn passes; the dice rolled are left in bulk, the fétiches stay."""
        for d in self.racks[seat]:
            if not d["fetish"]:
                d["face"] = None
        self.passes += 1
        self.turn += 1
        self.played.append({"type": "pass", "seat": seat, "turn": self.turn})
        return [Event("pass", {"seat": seat})] + self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if self.final_turns is not None:
            self.final_turns -= 1
            if self.final_turns <= 0:
                return events + self._game_over("dice_out")
        if self.passes >= self.options.pass_rounds * self.players:
            return events + self._game_over("blocked")
        if not self.final and not self.racks[seat]:
            events += self._start_final(seat)
        if self.final and self.final_turns is None and self._last_die_played():
            # rule 11b: "Au dernier tour de jeu si certains joueurs n'ont pas joué leur tour,
            # ils sont invités à composer ... avec les lettres déjà installées"
            left = (self.first - 1 - seat) % self.players  # the round's players after him
            if left == 0:
                return events + self._game_over("dice_out")
            self.final_turns = left
            events.append(Event("last_round", {"seat": seat, "turns": left}))
        self.current = (seat + 1) % self.players
        return events + self._begin_turn()

    def _last_die_played(self) -> bool:
        """Rule 11a: "jusqu'au dernier dé joué": no die in a bag, none in a hand."""
        return self.dice_left() == 0 and not any(self.racks)

    def _start_final(self, seat: int) -> list[Event]:
        """Rule 11a: "Lorsqu'un joueur n'a plus de dés, tous les autres joueurs rassemblent
        leurs dés dans le sac opaque" (the bags are empty then, or he would have drawn)."""
        self.final = True
        for other in range(self.players):
            self.opaque += [d["die"] for d in self.racks[other]]
            self.racks[other] = []
        self.opaque.sort()
        return [Event("final_phase", {"seat": seat, "bag": len(self.opaque)})]

    def _begin_turn(self) -> list[Event]:
        seat = self.current
        self.rolls = 0
        self.step = "roll"
        events = [Event("turn", {"seat": seat, "turn": self.turn + 1})]
        if self.final:
            drawn: list[str] = []
            while len(self.racks[seat]) + len(drawn) < RACK and self.opaque:
                drawn.append(self._take_opaque())
            self.racks[seat] += [_die(d) for d in drawn]
            events += self._draw_events(seat, drawn)
        return events

    # -- the end -----------------------------------------------------------------------------

    def _game_over(self, reason: str) -> list[Event]:
        self.step = "over"
        self.end_reason = reason
        return [Event("game_over", {"reason": reason, "scores": self.scores(),
                                    "winners": self.winners()})]

    def is_over(self) -> bool:
        return self.step == "over"

    def scores(self) -> list[int]:
        return list(self.points)

    # -- views -------------------------------------------------------------------------------

    def rack_view(self, owner: int, seat: int | None) -> list[dict[str, Any]]:
        """Own rack: every die. Others: the colour of each die, its face when it is a fétiche
        (announced) or was rolled this turn in front of everyone; a green die's identity (its
        six faces) stays private."""
        out = []
        for d in self.racks[owner]:
            if owner == seat:
                out.append({**d, "colour": colour_of(d["die"]), "faces": list(faces_of(d["die"]))})
                continue
            shown = d["fetish"] or owner == self.current
            out.append({"die": colour_of(d["die"]), "colour": colour_of(d["die"]),
                        "face": d["face"] if shown else None, "fetish": d["fetish"]})
        return out

    def announce_view(self, seat: int | None) -> dict[str, Any] | None:
        """The announcements after a word: accents are public at once; anagrams are the
        viewer's own until everyone is done (then they are in the log)."""
        if self.announce is None:
            return None
        a = self.announce
        words = a["words"]
        return {"seat": a["seat"], "word": copy_json(a["word"]), "text": a["text"],
                "pending": list(a["pending"]), "accents": copy_json(a["accents"]),
                "mine": list(words[seat]) if seat is not None else [],
                "anagram_counts": [len(w) for w in words],
                "senses": len(a["senses"]),
                "my_definitions": [text for s, text, _ in a["definitions"] if s == seat],
                "definition_counts": [sum(1 for s, _, _ in a["definitions"] if s == p)
                                      for p in range(self.players)]}

    def view(self, seat: int | None) -> dict[str, Any]:
        own = seat if seat is not None and 0 <= seat < self.players else None
        return {
            "game": "volapuk",
            "geometry": {"size": SIZE, "radius": RADIUS, "centre": [7, 7],
                         "directions": {d: list(v) for d, v in DIRECTIONS.items()}},
            "players": self.players,
            "seat": seat,
            "step": self.step,
            "to_act": sorted(self.to_act()),
            "current": self.current,
            "first": self.first,
            "elue": self.elue,
            "polyhedron": copy_json(self.polyhedron),
            "turn": self.turn,
            "rolls": self.rolls,
            "rolls_left": self.rolls_left(),
            "racks": [self.rack_view(s, own) for s in range(self.players)],
            "board": [{"cell": [r, c], "name": name((r, c)), **t.to_json()}
                      for (r, c), t in sorted(self.board.items())],
            "bags": {"coloured": dict(self.coloured), "opaque": len(self.opaque)},
            "final": self.final,
            "final_turns": self.final_turns,
            "passes": self.passes,
            "super_force": self.super_force() if self.super_laid is not None else None,
            "announce": self.announce_view(own),
            "played": copy_json(self.played),
            "scores": self.scores(),
            "over": self.is_over(),
            "end_reason": self.end_reason,
            "winners": self.winners(),
            "options": options_to_json(self.options),
        }

    # -- serialization -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "options": options_to_json(self.options),
            "players": self.players,
            "rng": self.rng.to_json(),
            "step": self.step,
            "elue": self.elue,
            "first": self.first,
            "current": self.current,
            "rolls": self.rolls,
            "coloured": dict(self.coloured),
            "opaque": list(self.opaque),
            "racks": copy_json(self.racks),
            "board": [[r, c, *t.row()] for (r, c), t in sorted(self.board.items())],
            "points": list(self.points),
            "turn": self.turn,
            "passes": self.passes,
            "final": self.final,
            "final_turns": self.final_turns,
            "played": copy_json(self.played),
            "polyhedron": copy_json(self.polyhedron),
            "end_reason": self.end_reason,
            "super_laid": self.super_laid,
            "announce": copy_json(self.announce),
            "next_uid": self.next_uid,
            "history": self.history.to_json(),
            "anagrammed": copy_json(self.anagrammed),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], *,
                  lexicon: Lexicon | None = None) -> VolapukState:
        options = GAME.coerce_options(data["options"])
        state = cls(options, data["players"], SeededRandom.from_json(data["rng"]))
        state.step = data["step"]
        state.elue = data["elue"]
        state.first = data["first"]
        state.current = data["current"]
        state.rolls = data["rolls"]
        state.coloured = dict(data["coloured"])
        state.opaque = list(data["opaque"])
        state.racks = copy_json(data["racks"])
        state.board = {(row[0], row[1]): Tile(*row[2:]) for row in data["board"]}
        state.points = list(data["points"])
        state.turn = data["turn"]
        state.passes = data["passes"]
        state.final = data["final"]
        state.final_turns = data["final_turns"]
        state.played = copy_json(data["played"])
        state.polyhedron = copy_json(data["polyhedron"])
        state.end_reason = data["end_reason"]
        state.super_laid = data["super_laid"]
        state.announce = copy_json(data["announce"])
        # records saved before dice were numbered have none of these
        state.next_uid = data.get("next_uid", 1)
        state.history = History.from_json(data.get("history", []))
        state.anagrammed = copy_json(data.get("anagrammed", []))
        return state.referee_with(lexicon)

    def digest_json(self) -> dict[str, Any]:
        data = self.to_json()
        del data["played"]  # restates the recorded actions
        return data


class Volapuk(Game[VolapukState]):
    name = "volapuk"
    title = "Volapük"
    options_type = VolapukOptions
    min_players = 2
    max_players = 8  # seed: "de 2 à 8 joueurs"
    action_codec = CODEC
    view_logs = ("played",)
    # Seed rule 3: abbreviations and symbols only "pour les fins de parties", an option
    # (words.py); proper nouns and signed words during play.
    policy = PROPER_SIGNED
    bots_entry = "ludomots.games.volapuk.bots:BOTS"
    rules_file = Path(__file__).with_name("regles.md")
    terminal_entry = "ludomots.tui.volapuk.cli:volapuk"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> VolapukState:
        state = VolapukState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state.start()
        return state

    def played_words(self, state: State) -> list[PlayedWord]:
        """Each word a move formed, with its own total."""
        assert isinstance(state, VolapukState)
        return [PlayedWord(p["seat"], w["text"], w["total"])
                for p in state.played if p["type"] == "word" for w in p["words"]]

    def preview(self, state: State, seat: int, action: Action) -> dict[str, Any]:
        """For a proposed word or recomposition: legal or not (the French message), its
        words and points. Never applies anything."""
        assert isinstance(state, VolapukState)
        if not isinstance(action, (Place, Recompose)):
            return {"legal": False, "error": "bad_action", "message": "Aperçu impossible."}
        error = state.check(seat, action)
        if error is not None:
            return {"legal": False, "error": error.code, "message": error.message}
        outcome = state.outcome(seat, action) if isinstance(action, Place) else \
            state.recomposed(seat, action)[1]
        return {"legal": True, "error": None, "message": None, **outcome.to_json()}

    def time_limit(self, state: State, seat: int) -> float | None:
        """Seed: "Il met le minuteur en marche pour 3 minutes" (option turn_seconds)."""
        assert isinstance(state, VolapukState)
        seconds = state.options.turn_seconds
        if state.step == "announce":
            seconds = state.options.announce_seconds
        if seat in state.to_act() and seconds > 0:
            return float(seconds)
        return None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """Seed: "S'il n'y parvient pas dans le temps imparti, il passe son tour"; an
        announcement window closes for him."""
        assert isinstance(state, VolapukState)
        if seat not in state.to_act():
            return None
        return Done() if state.step == "announce" else Pass()


GAME = Volapuk()


def cell_of(action: Place) -> Cell:
    return action.row, action.col


__all__ = ["CODEC", "GAME", "Accent", "Anagram", "Define", "Done", "Pass", "Place",
           "Recompose", "Roll", "Volapuk", "VolapukOptions", "VolapukState"]
