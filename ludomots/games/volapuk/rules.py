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

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ludomots.core.game import Action, Event, Game, PlayedWord
from ludomots.core.rng import SeededRandom
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
    VolapukOptions,
)
from ludomots.games.volapuk.announce import definition_rewards, letters_of, match_sense, senses
from ludomots.games.volapuk.board import Cell, name
from ludomots.games.volapuk.dice import GREEN, SUPER, SUPER_DIE, colour_of, faces_of
from ludomots.games.volapuk.legality import MAX_DEFINITION, VolapukLegality
from ludomots.games.volapuk.position import START_GREEN, VolapukPosition
from ludomots.games.volapuk.recompose import standing_words
from ludomots.games.volapuk.records import AccentEntry, Announcement, RackDie
from ludomots.games.volapuk.scoring import RACK, Board, Outcome, Tile
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import PROPER_SIGNED


def _added(lists: tuple[tuple[str, ...], ...], seat: int, item: str
           ) -> tuple[tuple[str, ...], ...]:
    """`lists` with `item` added to the seat's."""
    return tuple((*found, item) if s == seat else found for s, found in enumerate(lists))


@dataclass(eq=False)
class VolapukState(VolapukLegality):
    """A game of Volapük: the position (`position.py`), what is legal (`legality.py`), and
    here what each action does."""

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
            if not d.fetish and i not in action.keep:
                faces = faces_of(d.die)
                rack[i] = replace(d, face=faces[self.rng.randbelow(len(faces))])
        self.rolls += 1
        self.step = "place"
        return [Event("roll", {"seat": seat, "keep": list(action.keep),
                               "faces": [d.face for d in rack],
                               "colours": [colour_of(d.die) for d in rack],
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
                                              self.abbreviations(), lexicon=self.lexicon):
                self.history.add(text, {board[c].uid for c in cells if board[c].counts},
                                 self.lexicon)

    def _word_played(self, seat: int, action: Place | Recompose, result: Outcome,
                     rack: list[RackDie]) -> list[Event]:
        """Score, fétiches, refill, then the announcements or the next turn."""
        swap = action.swap if isinstance(action, Place) else ()
        self.points[seat] += result.total
        if any(t.face == SUPER for _, t in result.placed):
            self.super_laid = self.turn
        gone = [GREEN if rack[i].die == SUPER_DIE else colour_of(rack[i].die)
                for i in action.dice if i < len(self.racks[seat])]
        if swap:
            gone.append(colour_of(rack[swap[2]].die))
        kept = []
        for i, d in enumerate(rack):
            if i in action.dice or (swap and i == swap[2]):
                continue
            fetish = i in action.fetishes
            kept.append(RackDie(d.die, d.face if fetish else None, fetish))
        self.racks[seat] = kept
        self.passes = 0
        self.turn += 1
        record = {"type": "word", "seat": seat, "turn": self.turn, **result.to_json(),
                  "fetishes": [d.face for d in kept if d.fetish],
                  "swap": list(swap)}
        self.played.append(record)
        events = [Event("word", record)]
        events += self._refill(seat, gone)
        if self.options.accents or self.options.anagrams or self.options.definitions:
            main = result.words[0]
            self.step = "announce"
            known = senses(main.text, self.lexicon) if self.options.definitions else []
            nobody: tuple[tuple[str, ...], ...] = ((),) * self.players
            self.announce = Announcement(seat, tuple(main.cells), main.text,
                                         tuple(range(self.players)), nobody, nobody,
                                         senses=tuple(known))
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
        entry = AccentEntry(seat, cell, name(cell), accented, points)
        self.announce = replace(self.announce, accents=(*self.announce.accents, entry))
        return [Event("accent", entry.to_json())]

    def _board_anagram(self, seat: int, action: Anagram) -> list[Event]:
        """Seed A6 on one's own turn: an anagram of any word of the board, 1 point a letter
        at once (nobody else announces with him, so nothing is shared); the turn goes on."""
        text, key = self.board_anagram(action.word)
        self.anagrammed.append((letters_of(text), key))
        word = action.word.strip().upper()
        self.points[seat] += len(key)
        entry = {"type": "anagram", "seat": seat, "turn": self.turn, "word": word, "of": text,
                 "points": len(key)}
        self.played.append(entry)
        return [Event("board_anagram", entry)]

    def _anagram(self, seat: int, action: Anagram) -> list[Event]:
        """Kept secret until everyone is done, so nobody copies it."""
        assert self.announce is not None
        a = self.announce
        self.announce = replace(a, anagrams=_added(a.anagrams, seat, letters_of(action.word)),
                                words=_added(a.words, seat, action.word.strip().upper()))
        return [Event("anagram", {"seat": seat, "word": action.word.strip().upper()},
                      frozenset({seat}))]

    def _define(self, seat: int, action: Define) -> list[Event]:
        """Matched against the dictionary's senses now, judged when everyone is done; kept
        secret until then (seed C2: shared definitions score nothing)."""
        assert self.announce is not None
        text = action.text.strip()
        sense = match_sense(text, list(self.announce.senses))
        self.announce = replace(self.announce, definitions=(*self.announce.definitions,
                                                            (seat, text, sense)))
        return [Event("definition", {"seat": seat, "text": text}, frozenset({seat}))]

    def _done(self, seat: int) -> list[Event]:
        assert self.announce is not None
        pending = tuple(s for s in self.announce.pending if s != seat)
        self.announce = replace(self.announce, pending=pending)
        events = [Event("announce_done", {"seat": seat})]
        if pending:
            return events
        return events + self._close_announce()

    def _close_announce(self) -> list[Event]:
        """Anagrams: 1 point a letter to each one announced by a single player."""
        assert self.announce is not None
        announce = self.announce
        words = announce.words
        by_key: dict[str, list[int]] = {}
        for seat, keys in enumerate(announce.anagrams):
            for key in keys:
                by_key.setdefault(key, []).append(seat)
        results = []
        for key in by_key:  # each anagram of a word is announced once a game (A6)
            self.anagrammed.append((letters_of(announce.text), key))
        for seat, keys in enumerate(announce.anagrams):
            for key, word in zip(keys, words[seat], strict=True):
                shared = len(by_key[key]) > 1
                points = 0 if shared else len(key)
                self.points[seat] += points
                results.append({"seat": seat, "word": word, "points": points,
                                "shared": shared})
        answers = [(int(seat), int(sense)) for seat, _, sense in announce.definitions]
        defined = []
        for (seat, text, sense), points in zip(announce.definitions,
                                               definition_rewards(answers), strict=True):
            self.points[seat] += points
            defined.append({"seat": seat, "text": text, "sense": sense, "points": points,
                            "definition": announce.senses[sense] if sense >= 0 else None})
        mover = announce.seat
        # A log entry of its own (clients following the log get only new entries): the
        # results of the announcements on the word of that turn.
        self.played.append({"type": "announced", "seat": mover, "turn": self.turn,
                            "text": announce.text,
                            "accents": [e.to_json() for e in announce.accents],
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
        self.racks[seat] += [RackDie(d) for d in drawn]
        return self._draw_events(seat, drawn)

    def _draw_events(self, seat: int, drawn: list[str]) -> list[Event]:
        if not drawn:
            return []
        return [Event("draw", {"seat": seat, "colours": [colour_of(d) for d in drawn],
                               "left": self.dice_left()}),
                Event("drew", {"seat": seat, "dice": drawn}, frozenset({seat}))]

    def _pass(self, seat: int) -> list[Event]:
        """The turn passes; the dice rolled are left in bulk, the fétiches stay."""
        self.racks[seat] = [d if d.fetish else replace(d, face=None) for d in self.racks[seat]]
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
            self.opaque += [d.die for d in self.racks[other]]
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
            self.racks[seat] += [RackDie(d) for d in drawn]
            events += self._draw_events(seat, drawn)
        return events

    # -- the end -----------------------------------------------------------------------------

    def _game_over(self, reason: str) -> list[Event]:
        self.step = "over"
        self.end_reason = reason
        return [Event("game_over", {"reason": reason, "scores": self.scores(),
                                    "winners": self.winners()})]

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

    def played_words(self, state: VolapukState) -> list[PlayedWord]:
        """Each word a move formed, with its own total."""
        return [PlayedWord(p["seat"], w["text"], w["total"])
                for p in state.played if p["type"] == "word" for w in p["words"]]

    def preview(self, state: VolapukState, seat: int, action: Action) -> dict[str, Any]:
        """For a proposed word or recomposition: legal or not (the French message), its
        words and points. Never applies anything."""
        if not isinstance(action, (Place, Recompose)):
            return {"legal": False, "error": "bad_action", "message": "Aperçu impossible."}
        error = state.check(seat, action)
        if error is not None:
            return {"legal": False, "error": error.code, "message": error.message}
        outcome = state.outcome(seat, action) if isinstance(action, Place) else \
            state.recomposed(seat, action)[1]
        return {"legal": True, "error": None, "message": None, **outcome.to_json()}

    def time_limit(self, state: VolapukState, seat: int) -> float | None:
        """Seed: "Il met le minuteur en marche pour 3 minutes" (option turn_seconds)."""
        seconds = state.options.turn_seconds
        if state.step == "announce":
            seconds = state.options.announce_seconds
        if seat in state.to_act() and seconds > 0:
            return float(seconds)
        return None

    def rule_clock_seconds(self, options: Any) -> int | None:
        """Seed: "Il met le minuteur en marche pour 3 minutes": the table's default time per
        move is the timer (option turn_seconds; 0: no timer, no rule clock)."""
        seconds = int(self.coerce_options(options).turn_seconds)
        return seconds or None

    def timeout_action(self, state: VolapukState, seat: int) -> Action | None:
        """Seed: "S'il n'y parvient pas dans le temps imparti, il passe son tour"; an
        announcement window closes for him."""
        if seat not in state.to_act():
            return None
        return Done() if state.step == "announce" else Pass()

    def format_position(self, state: VolapukState) -> str:
        """The position on one line (`notation.py`, docs « Position notation »)."""
        from ludomots.games.volapuk.notation import format_position  # it builds states

        return format_position(state)

    def parse_position(self, text: str, options: Any = None) -> VolapukState:
        """The position `format_position` wrote; ValueError when `text` is none."""
        from ludomots.games.volapuk.notation import parse_position

        return parse_position(text, options)


GAME = Volapuk()


def cell_of(action: Place) -> Cell:
    return action.row, action.col


__all__ = ["CODEC", "GAME", "MAX_DEFINITION", "START_GREEN", "Accent", "AccentEntry",
           "Announcement", "Anagram", "Define", "Done", "Pass", "Place", "RackDie", "Recompose",
           "Roll", "Volapuk", "VolapukOptions", "VolapukPosition", "VolapukState"]
