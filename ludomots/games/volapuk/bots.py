"""Volapük bots: débutant, confirmé, expert.

Every bot decides from what `state.view(seat)` shows: the board, its own dice (faces and, for
green dice, their six faces), the Élue letter, the scores. A turn is up to three rolls and a
word; the levels differ in how hard they look:

- the débutant lays common words (Lexique frequency of 5 per million or more) read forwards
  (left to right, top to bottom, and along the diagonals, never reversed): of a handful of
  its longest, the one that brings the most points; it rolls a second time, keeping that
  word's dice, when it has none worth 10 points;
- the confirmé rolls up to twice, keeping the dice of his best word, and reads words forwards
  and along the diagonals (not reversed); he keeps his jokers as fétiches;
- the expert rolls up to three times, keeping the dice of his best word between rolls and
  stopping early on a good one, searches all eight directions (reversed and diagonal words
  score the most), judges the best candidates with the full scoring (collateral words,
  meaningless assemblages −10, VOLAPÜK), and keeps jokers and E as fétiches; he also takes
  simple jokers back from the board and recomposes (`botsearch`), playing the best of all,
  or passes rather than lose points.

With the plus-values, the confirmé and the expert announce every accent the word just laid
lacks; the expert also announces up to three anagrams the automaton finds and gives one
definition from the dictionary (players may consult it: "Chaque joueur peut à tout moment
s'aider d'un dictionnaire").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from ludomots.core.bots import BotFactory
from ludomots.core.errors import RuleError
from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.actions import Accent, Anagram, Define, Done, Pass, Place, Roll
from ludomots.games.volapuk.announce import ACCENTED, letters_of, senses
from ludomots.games.volapuk.board import FORWARD
from ludomots.games.volapuk.botsearch import recompositions, swap_places
from ludomots.games.volapuk.dice import JOKER, SIGN_ACCENTS, SUPER
from ludomots.games.volapuk.movegen import SIGN_TEXT, Candidate, anagrams, generate
from ludomots.games.volapuk.rules import MAX_DEFINITION, VolapukState
from ludomots.lexicon.lexicon import Lexicon

if TYPE_CHECKING:
    from ludomots.games.volapuk.actions import Recompose

SIGNED_LIMIT = 3000  # candidates of words written with signs, at most

@lru_cache(maxsize=4)
def known_words(lexicon: Lexicon, threshold: float) -> frozenset[str]:
    """The folded words whose Lexique frequency reaches ``threshold`` (``Lexicon.frequency``,
    exactly: ``keys_reaching``), read once a process."""
    return frozenset(lexicon.keys_reaching(threshold))


def placement_points(state: VolapukState, seat: int, cand: Candidate
                     ) -> tuple[int, Place] | None:
    """``cand`` as the seat's placement, with the points the rules' full evaluation gives it;
    None when the rules refuse it."""
    action = Place(cand.start[0], cand.start[1], cand.direction, cand.dice, cand.letters)
    try:
        return state.outcome(seat, action).total, action
    except RuleError:
        return None


@dataclass(frozen=True)
class Level:
    name: str
    rolls: int  # rolls it is willing to make
    directions: tuple[str, ...] | None  # None: all eight
    judged: int  # candidates fully evaluated, best estimates first
    good_enough: int  # stop rolling with a word worth this much
    fetish_faces: frozenset[str]
    limit: int  # candidates generated at most
    accents: bool  # announces the accents it sees (plus-value)
    anagrams: int  # anagrams it looks for (plus-value)
    definitions: int  # definitions it gives (plus-value)
    signs: bool = False  # also words written with its sign dice (S'EXONDER, HOT DOG)
    swaps: bool = False  # also words with a simple joker taken back from the board
    recompose: int = 0  # board-die moves tried, alone and with its best words (+10)
    upgraded: int = 0  # its best words tried with each of those moves
    keep_faces: frozenset[str] = frozenset()  # faces kept when rolling again, beside its word
    vocabulary: float = 0.0  # its main word's Lexique frequency at least (0: the whole lexicon)
    # How the débutant picks among its words (the other levels rank by estimate and judge):
    # "longest", the best judged of the `judged` that lay the most dice; "shortest", the
    # first that brings points among `judged` of the fewest dice, shuffled (before issue 21's
    # second calibration)
    beginner: Literal["", "longest", "shortest"] = ""


LEVELS = {
    # The débutant's words are common ones (issue 21's calibration: with the whole lexicon,
    # the first words in alphabetical order came first: AA 148 times in 110 games, ABD, ADAM).
    # Its longest words, read forwards (along the diagonals too), and a second roll
    # (issue 21's second calibration: with one roll, two-letter words read forwards and the
    # first that brought points, it scored 67 a game against the greedy bot's 1,632).
    "debutant": Level("debutant", 2, (*FORWARD,), 8, 10, frozenset(), 3000, False, 0, 0,
                      vocabulary=5.0, beginner="longest"),
    "confirme": Level("confirme", 2, (*FORWARD,), 25, 20, frozenset({JOKER, SUPER}), 5000,
                      True, 0, 0),
    # The expert rolls all three times unless he has a move of 200 (rolling again keeps the
    # dice of his best word, so it never loses it: 45 then 80 lost to this, 95 % intervals in
    # docs/rules/volapuk.md), keeping his jokers too.
    "expert": Level("expert", 3, None, 120, 200, frozenset({JOKER, SUPER, "E"}), 20000, True,
                    3, 1, signs=True, swaps=True, recompose=4, upgraded=6,
                    keep_faces=frozenset({JOKER, SUPER})),
}


class VolapukBot:
    def __init__(self, level: str) -> None:
        self.level = level
        self.conf = LEVELS[level]

    def choose(self, state: VolapukState, seat: int, rng: SeededRandom) -> Action:
        if state.step == "announce":
            return self.announce(state, seat, rng)
        view = state.view(seat)
        rack = view["racks"][seat]
        rolled = [d["face"] is not None for d in rack]
        if view["rolls"] == 0:
            found = self.board_anagram(state, seat)
            if found is not None:
                return found
        if view["rolls"] == 0 and not all(rolled):
            return Roll(())
        ranked = self.ranked(state, seat, rng)
        best = ranked[0] if ranked else None
        may_roll = view["rolls"] < self.conf.rolls and view["rolls_left"] > 0
        if may_roll and (best is None or best[0] < self.conf.good_enough):
            keep = self.kept(best[1], len(rack)) if best is not None else ()
            keep = tuple(sorted({*keep, *(i for i, d in enumerate(rack)
                                         if d["face"] in self.conf.keep_faces)}))
            keep = tuple(i for i in keep if not rack[i]["fetish"])
            if state.check(seat, Roll(keep)) is None:
                return Roll(keep)
        if self.conf.recompose:
            return self.finish(state, seat, ranked)
        if best is None:
            return Pass()
        action = self.with_signs(state, seat, best[1]) if self.conf.signs else best[1]
        return self.with_fetishes(state, seat, action)

    @staticmethod
    def kept(action: Place, dice: int) -> tuple[int, ...]:
        """The rack dice of a word to keep when rolling again: its dice, and the die it gives
        for a joker taken back (the joker itself is not in the rack yet)."""
        return tuple(sorted(i for i in (*action.dice, *action.swap[2:]) if i < dice))

    def finish(self, state: VolapukState, seat: int, ranked: list[tuple[int, Place]]
               ) -> Action:
        """The best of the word found (signs set) and the recompositions tried; a pass
        rather than a move that loses points."""
        choice: tuple[int, Place | Recompose] | None = None
        if ranked:
            action = self.with_signs(state, seat, ranked[0][1]) if self.conf.signs else \
                ranked[0][1]
            choice = (state.outcome(seat, action).total, action)
        places = [place for _, place in ranked[: self.conf.upgraded]]
        for points, move in recompositions(state, seat, places, self.conf.recompose):
            if choice is None or points > choice[0]:
                choice = (points, move)
        if choice is None or choice[0] < 0:
            return Pass()
        return self.with_fetishes(state, seat, choice[1])

    def announce(self, state: VolapukState, seat: int, rng: SeededRandom) -> Action:
        """Plus-values: the accents the word lacks, a few anagrams, a definition taken from
        the dictionary (a sense drawn at random, so two experts rarely share one); then
        done."""
        announce = state.view(seat)["announce"]
        if state.options.accents and self.conf.accents:
            for r, c in announce["word"]:
                tile = state.board[(r, c)]
                letter = tile.letter or tile.face
                for (plain, mark) in ACCENTED:
                    if plain == letter:
                        action = Accent(r, c, mark)
                        if state.check(seat, action) is None:
                            return action
        if state.options.anagrams and self.conf.anagrams:
            for word in anagrams(letters_of(announce["text"]), self.conf.anagrams + 1,
                                 lexicon=state.lexicon):
                action2 = Anagram(word)
                if word not in announce["mine"] and state.check(seat, action2) is None:
                    return action2
        if state.options.definitions and len(announce["my_definitions"]) < \
                self.conf.definitions:
            known = senses(announce["text"], state.lexicon)
            if known:
                return Define(known[rng.randbelow(len(known))][:MAX_DEFINITION])
        return Done()

    def board_anagram(self, state: VolapukState, seat: int) -> Anagram | None:
        """Plus-value A6 "quel que soit le tour de jeu": before rolling, an anagram of a word
        of the board nobody has announced yet (the expert, at most `anagrams` a turn)."""
        if not (state.options.anagrams and self.conf.anagrams):
            return None
        made = sum(1 for p in state.played if p["type"] == "anagram" and p["seat"] == seat
                   and p["turn"] == state.turn)
        if made >= self.conf.anagrams:
            return None
        for text in state.board_words():
            letters = letters_of(text)
            if len(letters) > 8:
                continue  # long words: a walk too costly for what it pays
            for word in anagrams(letters, 4, lexicon=state.lexicon):
                action = Anagram(word)
                if word != letters and state.check(seat, action) is None:
                    return action
        return None

    def candidates(self, state: VolapukState, seat: int) -> list[Candidate]:
        rack = [(i, d.face) for i, d in enumerate(state.racks[seat]) if d.face is not None]
        found = generate(state.board, rack, self.conf.directions, self.conf.limit,
                         lexicon=state.lexicon)
        if self.conf.signs and any(face in SIGN_TEXT for _, face in rack):
            found += generate(state.board, rack, self.conf.directions, SIGNED_LIMIT, signs=True,
                              lexicon=state.lexicon)
        return found

    def best(self, state: VolapukState, seat: int, rng: SeededRandom
             ) -> tuple[int, Place] | None:
        """The best candidate after full evaluation, with its points."""
        ranked = self.ranked(state, seat, rng)
        return ranked[0] if ranked else None

    def ranked(self, state: VolapukState, seat: int, rng: SeededRandom
               ) -> list[tuple[int, Place]]:
        """The candidates fully evaluated, with their points, best first (ties in the order
        judged); the débutant's: those of its handful that bring points."""
        found = self.candidates(state, seat)
        if not found and not self.conf.swaps:
            return []
        if self.conf.vocabulary:
            known = known_words(state.lexicon, self.conf.vocabulary)
            found = [c for c in found if c.word in known]
        if self.conf.beginner == "shortest":
            found.sort(key=lambda c: (len(c.dice), c.word, c.start, c.direction))
            pool = found[: self.conf.judged]
            rng.shuffle(pool)
        elif self.conf.beginner == "longest":
            found.sort(key=lambda c: (-len(c.dice), c.word, c.start, c.direction, c.dice))
            pool = found[: self.conf.judged]
        else:
            rule = state.options.reversed_letters
            found.sort(key=lambda c: (-c.estimate(state.elue, rule), c.word, c.start,
                                      c.direction, c.dice))
            pool = found[: self.conf.judged]
        scored: list[tuple[int, Place]] = []
        for cand in pool:
            judged = placement_points(state, seat, cand)
            if judged is None:
                continue
            points, action = judged
            if self.conf.beginner == "shortest":
                if points > 0:  # the first word that comes, unless it costs points
                    return [(points, action)]
                continue
            if self.conf.beginner and points <= 0:
                continue  # the débutant never lays a word that brings nothing
            scored.append((points, action))
        if self.conf.swaps and not any(d.face == JOKER for d in state.racks[seat]):
            # With a joker in hand, a second one adds little, and the walk with two jokers
            # was the slowest decision (over a second)
            scored += swap_places(state, seat, self.conf.directions, self.conf.limit,
                                  self.conf.judged)
        scored.sort(key=lambda s: -s[0])  # stable: the first judged wins a tie
        return scored

    def with_signs(self, state: VolapukState, seat: int, action: Place) -> Place:
        """The accent sign dice of the rack set on the letters of the word the dictionary
        accents so (FÊTE), when the move stays legal and scores no less."""
        rack = state.racks[seat]
        if not action.letters:
            action = Place(action.row, action.col, action.direction, action.dice,
                           ("",) * len(action.dice), action.fetishes, action.swap)
        try:
            points = state.outcome(seat, action).total
        except RuleError:
            return action
        for i, d in enumerate(rack):
            if d.face not in SIGN_ACCENTS or i in action.dice or d.fetish:
                continue
            for at, die in enumerate(action.dice):
                if die >= len(rack) or rack[die].face not in SIGN_ACCENTS[d.face]:
                    continue
                tried = Place(action.row, action.col, action.direction,
                              (*action.dice[:at + 1], i, *action.dice[at + 1:]),
                              (*action.letters[:at + 1], "", *action.letters[at + 1:]),
                              action.fetishes, action.swap)
                try:
                    better = state.outcome(seat, tried).total
                except RuleError:
                    continue
                if better >= points:
                    action, points = tried, better
                    break
        return action

    def with_fetishes(self, state: VolapukState, seat: int, action: Place | Recompose
                      ) -> Place | Recompose:
        rack = state.racks[seat]
        given = action.swap[2:] if isinstance(action, Place) else ()
        keep = tuple(i for i, d in enumerate(rack)
                     if i not in action.dice and i not in given
                     and d.face in self.conf.fetish_faces)
        return replace(action, fetishes=keep)


def _factory(level: str) -> BotFactory:
    return lambda: VolapukBot(level)


BOTS: dict[str, BotFactory] = {level: _factory(level) for level in LEVELS}


def _greedy() -> VolapukBot:
    from ludomots.games.volapuk.greedy import Greedy  # it builds on this module

    return Greedy()


BOTS["greedy"] = _greedy  # the yardstick of issue 21 (« Glouton »): greedy.py
