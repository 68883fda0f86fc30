"""Topword: the game state, its actions and the turn (seed topword.txt + RULINGS.md).

Phases of a turn: the player to move plays a word (notation or tiles) or passes (exchanging
one tile if he wishes). With the seed's challenge procedure (default), a word stands until
the next player acts: meanwhile any other player may challenge it; the lexicon then decides,
and an invalid word is taken back and the mover has passed his turn. The mover draws his new
tiles when that window closes. With the automatic referee an invalid word is refused at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ludomots.core.errors import RuleError
from ludomots.core.game import Action, ActionCodec, Event, Game, PlayedWord, State
from ludomots.core.options import options_to_json
from ludomots.core.rng import SeededRandom
from ludomots.core.statefields import codec, options_codec, restates_record, transient
from ludomots.games.topword.board import ROWS, Board, cell_name, on_board
from ludomots.games.topword.notation import (
    Placement,
    format_position,
    parse_move,
    parse_position,
)
from ludomots.games.topword.records import Pending
from ludomots.games.topword.scoring import MoveResult, Rules, evaluate
from ludomots.games.topword.tiles import ALPHABET, DISTRIBUTION, RACK_SIZE, display, full_bag
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import STANDARD

END_PENALTY_PER_TILE = 5
END_REASONS = ("out_of_tiles", "all_passed", "blocked")  # seed, "FIN DU JEU"


@dataclass(frozen=True)
class TopwordOptions:
    referee: Literal["challenge", "auto"] = field(default="challenge", metadata={
        "label": "Arbitrage",
        "help": "Contestation : un mot peut être contesté avant que le joueur suivant joue "
                "(règle du jeu). Arbitre automatique : un mot inconnu est refusé tout de suite.",
        "choice_labels": {"challenge": "Contestation (règle du jeu)",
                          "auto": "Arbitre automatique"}})
    max_height: Literal[5, 3] = field(default=5, metadata={
        "label": "Hauteur des piles",
        "help": "5 lettres au plus par pile (règle), ou 3 si les piles sont instables.",
        "choice_labels": {5: "5 lettres (règle)", 3: "3 lettres"}})
    allow_cover_whole_word: bool = field(default=True, metadata={
        "label": "Recouvrir un mot entier",
        "help": "Autoriser à recouvrir toutes les lettres d'un mot (interdit dans d'autres "
                "éditions)."})
    allow_bare_plural: bool = field(default=True, metadata={
        "label": "Pluriel par un S seul",
        "help": "Autoriser un coup qui ajoute seulement un S au bout d'un mot (interdit dans "
                "d'autres éditions)."})

    @property
    def rules(self) -> Rules:
        return Rules(self.max_height, self.allow_cover_whole_word, self.allow_bare_plural)


@dataclass(frozen=True)
class Play(Action):
    """A word in notation: `E3 RATEAU` (horizontal) or `3E RATEAU` (vertical)."""

    kind = "play"
    move: str


@dataclass(frozen=True)
class Place(Action):
    """Tiles put on cells, e.g. ("E3:R", "E4:A"); Q is the Qu tile (drag-and-drop clients)."""

    kind = "place"
    tiles: tuple[str, ...]


@dataclass(frozen=True)
class Pass(Action):
    """Pass the turn, exchanging one tile with the bag if `exchange` names one."""

    kind = "pass"
    exchange: str | None = None


@dataclass(frozen=True)
class Challenge(Action):
    """Contest the word just played (before the next player plays)."""

    kind = "challenge"


@dataclass(frozen=True)
class Accept(Action):
    """Let the word just played stand (needed only for the last move of the game)."""

    kind = "accept"


CODEC = ActionCodec(Play, Place, Pass, Challenge, Accept)


def _err(code: str, message: str, **details: object) -> RuleError:
    return RuleError(code, message, dict(details))


def parse_tiles(items: tuple[str, ...]) -> Placement:
    """("E3:R", ...) -> Placement; RuleError(bad_notation) in French when malformed."""
    tiles = []
    for item in items:
        cell, _, letter = item.strip().upper().partition(":")
        letter = "Q" if letter == "QU" else letter
        if len(cell) < 2 or cell[0] not in ROWS or not cell[1:].isdigit() or \
                letter not in DISTRIBUTION:
            raise _err("bad_notation", f"Pose illisible : « {item} » (attendu par exemple E3:R).")
        row, col = ROWS.index(cell[0]), int(cell[1:]) - 1
        if not on_board(row, col):
            raise _err("out_of_board", f"La case {cell} n'est pas sur le plateau.")
        tiles.append((row, col, letter))
    return Placement(tuple(sorted(tiles)))


def _board_json(board: Board) -> list[list[list[str]]]:
    return [[list(stack) for stack in row] for row in board.stacks]


def _board_from_json(rows: list[list[list[str]]]) -> Board:
    return Board([[list(stack) for stack in row] for row in rows])


@dataclass(eq=False)
class TopwordState(State):
    """The position: fields declared once (JSON, copies and equality come from core)."""

    options: TopwordOptions = field(metadata=options_codec(TopwordOptions))
    players: int
    rng: SeededRandom
    board: Board = field(default_factory=Board, metadata=codec(
        _board_json, _board_from_json, Board.copy))
    bag: list[str] = field(default_factory=list)
    racks: list[list[str]] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    turn: int = 0
    passes_in_row: int = 0
    moves_played: int = 0
    pending: Pending | None = None  # the word open to a challenge
    # The last action (for highlighting) and every public action (the move log): entries are
    # never changed once written, so copies share them (read-only Mapping, core/statefields).
    last: Mapping[str, Any] | None = None
    history: list[Mapping[str, Any]] = field(default_factory=list,
                                             metadata=restates_record())
    start_draws: list[list[str | None]] = field(default_factory=list)
    over: bool = False
    end_reason: str | None = None
    penalties: list[int] = field(default_factory=list)
    # The last evaluation, valid until the state changes (every change goes through _apply).
    _evaluated: tuple[int, Action, MoveResult] | None = field(default=None,
                                                               metadata=transient())

    def __post_init__(self) -> None:
        """A new table: one empty rack and score line per player."""
        players = self.players
        self.racks = self.racks or [[] for _ in range(players)]
        self.points = self.points or [0] * players
        self.penalties = self.penalties or [0] * players

    # -- setting up ------------------------------------------------------------------------

    def deal(self) -> list[Event]:
        """Who starts (seed: closest draw to A; ties draw again), then racks of 7."""
        self.bag = full_bag()
        self.rng.shuffle(self.bag)
        contenders = list(range(self.players))
        while len(contenders) > 1:
            draws: list[str | None] = [None] * self.players
            for seat in contenders:
                draws[seat] = self.bag.pop()
            self.start_draws.append(draws)
            best = min(ALPHABET.index(t) for t in draws if t is not None)
            contenders = [s for s in contenders if ALPHABET.index(draws[s] or "Z") == best]
            self.bag.extend(t for t in draws if t is not None)
            self.rng.shuffle(self.bag)
        self.turn = contenders[0]
        for offset in range(self.players):
            seat = (self.turn + offset) % self.players
            self.racks[seat] = [self.bag.pop() for _ in range(RACK_SIZE)]
        return [Event("start", {"draws": self.start_draws, "first": self.turn})] + [
            Event("rack", {"tiles": list(self.racks[s])}, frozenset({s}))
            for s in range(self.players)]

    # -- turn --------------------------------------------------------------------------------

    def final_window(self) -> bool:
        """The pending word ends the game: the others must accept or challenge it."""
        return self.pending is not None and not self.racks[self.pending.seat] and not self.bag

    def to_act(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        if self.final_window():
            assert self.pending is not None
            return frozenset(s for s in range(self.players)
                             if s != self.pending.seat and s not in self.pending.accepted)
        return frozenset({self.turn})

    def may_act(self, seat: int) -> bool:
        """Besides the seats to act, any other player may challenge the pending word."""
        if seat in self.to_act():
            return True
        return (self.pending is not None and self.options.referee == "challenge"
                and 0 <= seat < self.players and seat != self.pending.seat)

    def placement_of(self, action: Play | Place) -> Placement:
        if isinstance(action, Play):
            placement, _ = parse_move(action.move, self.board)
            return placement
        return parse_tiles(action.tiles)

    def evaluate(self, seat: int, action: Play | Place) -> MoveResult:
        """The move's result for `seat`; RuleError when it is not legal for that seat."""
        memo = self._evaluated
        if memo is not None and memo[0] == seat and memo[1] is action:
            return memo[2]  # `apply` checks, then plays: the words need judging only once
        result = self._evaluate(seat, action)
        self._evaluated = (seat, action, result)
        return result

    def _evaluate(self, seat: int, action: Play | Place) -> MoveResult:
        placement = self.placement_of(action)
        missing = Counter(placement.letters) - Counter(self.racks[seat])
        if missing:
            letters = ", ".join(display(t) for t in sorted(missing.elements()))
            raise _err("tiles_not_in_rack", f"Vous n'avez pas ces lettres : {letters}.",
                       missing=sorted(missing.elements()))
        result = evaluate(self.board, placement, self.options.rules,
                          self.lexicon.checker("standard"))
        if self.options.referee == "auto" and result.invalid_words:
            words = ", ".join(result.invalid_words)
            raise _err("unknown_word", f"Mot refusé par le dictionnaire : {words}.",
                       words=result.invalid_words)
        return result

    def _check(self, seat: int, action: Action) -> RuleError | None:
        if not 0 <= seat < self.players:
            return _err("not_your_turn", "Ce n'est pas votre tour.")
        if isinstance(action, Challenge | Accept):
            if self.pending is None or self.options.referee != "challenge":
                return _err("nothing_to_challenge", "Il n'y a aucun mot à contester.")
            if seat == self.pending.seat:
                return _err("own_word", "On ne conteste pas son propre mot.")
            if isinstance(action, Accept) and seat in self.pending.accepted:
                return _err("already_accepted", "Vous avez déjà accepté ce mot.")
            return None
        if seat not in self.to_act():
            return _err("not_your_turn", "Ce n'est pas votre tour.")
        if self.final_window():
            return _err("challenge_pending",
                        "Le dernier mot doit d'abord être accepté ou contesté.")
        if isinstance(action, Pass):
            return self._check_pass(seat, action)
        if isinstance(action, Play | Place):
            try:
                self.evaluate(seat, action)
            except RuleError as exc:
                return exc
            return None
        return _err("bad_action", "Action inconnue dans ce jeu.")

    def _check_pass(self, seat: int, action: Pass) -> RuleError | None:
        if action.exchange is None:
            return None
        tile = "Q" if action.exchange.upper() in ("Q", "QU") else action.exchange.upper()
        if tile not in self.racks[seat]:
            return _err("tiles_not_in_rack", f"Vous n'avez pas de {action.exchange}.")
        if not self._bag_after_window():
            return _err("bag_empty", "Le sac est vide : on ne peut plus échanger.")
        return None

    def _bag_after_window(self) -> int:
        """Tiles left in the bag once the pending word's player has drawn."""
        if self.pending is None:
            return len(self.bag)
        need = RACK_SIZE - len(self.racks[self.pending.seat])
        return len(self.bag) - min(need, len(self.bag))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        try:
            return self._apply_action(seat, action)
        finally:
            self._evaluated = None

    def _apply_action(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Challenge):
            return self._challenge(seat)
        if isinstance(action, Accept):
            assert self.pending is not None
            self.pending = self.pending.accepted_by(seat)
            events = [Event("accept", {"seat": seat})]
            if self.final_window() and not self.to_act():
                events += self._close_window()
                events += self._check_end()
            return events
        events = self._close_window()
        if isinstance(action, Pass):
            events += self._pass(seat, action)
        else:
            assert isinstance(action, Play | Place)
            events += self._play(seat, self.evaluate(seat, action))
        events += self._check_end()
        return events

    def _play(self, seat: int, result: MoveResult) -> list[Event]:
        for r, c, letter in result.placement.tiles:
            self.board.stacks[r][c].append(letter)
            self.racks[seat].remove(letter)
        self.points[seat] += result.score
        previous_passes = self.passes_in_row
        self.passes_in_row = 0
        self.moves_played += 1
        self.last = {"type": "play", "seat": seat, **result.to_json(),
                     "cells": [cell_name((r, c)) for r, c in result.placement.cells]}
        self.history.append(dict(self.last))
        events = [Event("play", dict(self.last))]
        if self.options.referee == "challenge":
            self.pending = Pending(seat, result.placement.tiles, result.score,
                                   tuple(w.word for w in result.words), result.notation,
                                   previous_passes)
        else:
            events += self._refill(seat)
        self.turn = (seat + 1) % self.players
        return events

    def _pass(self, seat: int, action: Pass) -> list[Event]:
        events = [Event("pass", {"seat": seat, "exchanged": action.exchange is not None})]
        if action.exchange is not None:
            tile = "Q" if action.exchange.upper() in ("Q", "QU") else action.exchange.upper()
            drawn = self.bag.pop()
            self.racks[seat].remove(tile)
            self.racks[seat].append(drawn)
            self.bag.insert(self.rng.randbelow(len(self.bag) + 1), tile)
            events.append(Event("exchange", {"gave": tile, "drew": drawn}, frozenset({seat})))
        self.passes_in_row += 1
        self.last = {"type": "pass", "seat": seat, "exchanged": action.exchange is not None}
        self.history.append(dict(self.last))
        self.turn = (seat + 1) % self.players
        return events

    def _refill(self, seat: int) -> list[Event]:
        need = min(RACK_SIZE - len(self.racks[seat]), len(self.bag))
        drawn = [self.bag.pop() for _ in range(need)]
        self.racks[seat].extend(drawn)
        return [Event("draw", {"seat": seat, "count": len(drawn)}),
                Event("drew", {"tiles": drawn}, frozenset({seat}))]

    def _close_window(self) -> list[Event]:
        """The pending word stands: its player draws his new tiles."""
        if self.pending is None:
            return []
        seat = self.pending.seat
        self.pending = None
        return self._refill(seat)

    def _challenge(self, challenger: int) -> list[Event]:
        assert self.pending is not None
        pending = self.pending
        checker = self.lexicon.checker("standard")
        invalid = [w for w in pending.words if not checker(w)]
        self.history.append({"type": "challenge", "seat": challenger,
                             "against": pending.seat, "upheld": bool(invalid),
                             "words": invalid or list(pending.words)})
        if not invalid:
            events = [Event("challenge", {"seat": challenger, "against": pending.seat,
                                          "upheld": False, "words": list(pending.words)})]
            events += self._close_window()
            return events + self._check_end()
        mover = pending.seat
        for r, c, letter in pending.tiles:
            self.board.stacks[r][c].pop()
            self.racks[mover].append(letter)
        self.points[mover] -= pending.score
        self.passes_in_row = pending.passes_before + 1  # the mover has passed his turn
        self.moves_played -= 1
        self.pending = None
        self.last = {"type": "taken_back", "seat": mover, "words": invalid}
        self.history.append(dict(self.last))
        return [Event("challenge", {"seat": challenger, "against": mover, "upheld": True,
                                    "words": invalid})] + self._check_end()

    # -- the end -----------------------------------------------------------------------------

    def _check_end(self) -> list[Event]:
        """Seed, "FIN DU JEU": the bag is empty and a player has no tile, or every player
        passed in a row, or nobody can make a word."""
        if self.over or self.bag or self.pending is not None:
            return []
        if any(not rack for rack in self.racks):
            reason = "out_of_tiles"
        elif self.passes_in_row >= self.players:
            reason = "all_passed"
        elif not self._someone_can_play():
            reason = "blocked"
        else:
            return []
        self.over = True
        self.end_reason = reason
        for seat, rack in enumerate(self.racks):
            self.penalties[seat] = END_PENALTY_PER_TILE * len(rack)
            self.points[seat] -= self.penalties[seat]
        return [Event("game_over", {"reason": reason, "scores": list(self.points),
                                    "penalties": list(self.penalties),
                                    "racks": [list(r) for r in self.racks]})]

    def _someone_can_play(self) -> bool:
        from ludomots.games.topword.movegen import has_move

        return any(has_move(self.board, rack, self.options.rules, self.lexicon)
                   for rack in self.racks)

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return list(self.points)

    # -- views -------------------------------------------------------------------------------

    def unseen(self, seat: int | None, tiles: Counter[str] | None = None) -> dict[str, int]:
        """Tiles `seat` cannot see: the bag plus the other racks (what Woogles tracks).
        ``tiles``: every tile off the board, when the caller has counted them already."""
        counts = Counter(tiles if tiles is not None else self._tiles_off_board())
        if seat is not None:
            counts.subtract(self.racks[seat])
        return {t: counts[t] for t in ALPHABET if counts[t] > 0}

    def _tiles_off_board(self) -> Counter[str]:
        tiles = Counter(self.bag)
        for rack in self.racks:
            tiles.update(rack)
        return tiles

    def _public_view(self) -> dict[str, Any]:
        """What every seat sees."""
        pending = None
        if self.pending is not None:
            p = self.pending
            pending = {"seat": p.seat, "score": p.score, "words": list(p.words),
                       "notation": p.notation, "accepted": list(p.accepted)}
        return {
            "game": "topword",
            "players": self.players,
            "board": [[list(stack) for stack in row] for row in self.board.stacks],
            "position": self.board.to_notation(),
            "scores": list(self.points),
            "turn": self.turn,
            "to_act": sorted(self.to_act()),
            "bag": len(self.bag),
            "rack_sizes": [len(r) for r in self.racks],
            "pending": pending,
            "last": self.last,
            "history": list(self.history),  # entries are never changed once written
            "passes_in_row": self.passes_in_row,
            "start_draws": self.start_draws,
            "over": self.over,
            "end_reason": self.end_reason,
            "penalties": list(self.penalties),
            "final_racks": [list(r) for r in self.racks] if self.over else None,
            "options": options_to_json(self.options),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.views([seat])[seat]

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        public = self._public_view()
        tiles = self._tiles_off_board()
        return {seat: {**public, "seat": seat,
                       "rack": list(self.racks[seat]) if seat is not None else None,
                       "unseen": self.unseen(seat, tiles)}
                for seat in seats}


class Topword(Game[TopwordState]):
    name = "topword"
    title = "Topword"
    options_type = TopwordOptions
    min_players = 2
    max_players = 4
    action_codec = CODEC
    view_logs = ("history",)
    policy = STANDARD
    bots_entry = "ludomots.games.topword.bots:BOTS"
    rules_file = Path(__file__).with_name("regles.md")
    terminal_entry = "ludomots.tui.topword.cli:topword"

    def _new(self, options: Any, players: int, seed: int, lexicon: Lexicon) -> TopwordState:
        state = TopwordState(options, players, SeededRandom(seed)).referee_with(lexicon)
        state.deal()
        return state

    def format_position(self, state: TopwordState) -> str:
        """The one-line notation of a position (`notation.py`)."""
        return format_position(state)

    def parse_position(self, text: str, options: Any = None) -> TopwordState:
        """The position a notation describes, refereed with the shared lexicon."""
        return parse_position(text, self.coerce_options(options))

    def preview(self, state: TopwordState, seat: int, action: Action) -> dict[str, Any]:
        """The words and score a Play/Place would make, for the live preview of clients;
        never applies anything. Under the challenge procedure validity is not revealed."""
        if not isinstance(action, Play | Place):
            return {"legal": False, "error": "bad_action", "message": "Aperçu impossible."}
        try:
            result = state.evaluate(seat, action)
        except RuleError as exc:
            return {"legal": False, "error": exc.code, "message": exc.message}
        return {"legal": True, **result.to_json()}

    def analyse(self, state: TopwordState, seat: int, action: Action) -> dict[str, Any] | None:
        from ludomots.games.topword.analysis import analyse

        return analyse(state, seat, action)

    def played_words(self, state: TopwordState) -> list[PlayedWord]:
        """Each word of each play, with its own score; a play taken back after a successful
        challenge is dropped (it is the last play of its seat when that happens)."""
        plays: list[list[PlayedWord]] = []
        for entry in state.history:
            if entry["type"] == "play":
                plays.append([PlayedWord(entry["seat"], w["word"], w["score"])
                              for w in entry["words"]])
            elif entry["type"] == "taken_back":
                for i in range(len(plays) - 1, -1, -1):
                    if plays[i] and plays[i][0].seat == entry["seat"]:
                        del plays[i]
                        break
        return [word for play in plays for word in play]

    def timeout_action(self, state: TopwordState, seat: int) -> Action | None:
        """Out of time: the player passes (the last word of the game is accepted)."""
        return Accept() if state.final_window() else Pass()


GAME = Topword()
