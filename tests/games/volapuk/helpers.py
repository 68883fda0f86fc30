"""Building Volapük positions by hand for rule tests."""

from collections.abc import Sequence

from ludomots.core.game import Action
from ludomots.core.rng import SeededRandom
from ludomots.games.volapuk.board import DIRECTIONS, Cell, parse_cell, step
from ludomots.games.volapuk.notation import format_board, parse_position
from ludomots.games.volapuk.rules import Place, VolapukOptions, VolapukState
from ludomots.games.volapuk.scoring import Board, Tile


def cell(text: str) -> Cell:
    found = parse_cell(text)
    assert found is not None, text
    return found


def faces_of_word(text: str) -> list[str]:
    """"ET_CÆTERA" -> one face per character ("_" the space cell); "[CH]" a multi-letter
    face; "?E" not supported here: use `rack` with explicit faces."""
    faces: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "[":
            j = text.index("]", i)
            faces.append(text[i + 1:j])
            i = j + 1
        else:
            faces.append(text[i])
            i += 1
    return faces


def board_with(*words: tuple[str, str, str]) -> Board:
    """Words laid straight on the board: (start, direction, faces as in `faces_of_word`)."""
    board: Board = {}
    for start, direction, text in words:
        at = cell(start)
        for face in faces_of_word(text):
            board[at] = Tile(face, "bleu")
            at = step(at, direction)
    return board


GREEN_BAG = ",".join(f"v{i:02d}" for i in range(1, 31))


def make_state(racks: Sequence[Sequence[str]], board: Board | None = None, elue: str = "A",
               current: int = 0, rolled: bool = True, rolls: int | None = None,
               **options: object) -> VolapukState:
    """A position during `current`'s turn (written in the position notation): racks of faces
    (dice of colour "bleu" unless the face is not a blue face; green ids then), already
    rolled once by default (`rolls`: the rolls made); full bags, no points."""
    dice = "|".join(",".join(("bl" if f in "ABCDEF" else "v01") + (f":{f}" if rolled else "")
                             for f in rack) or "-" for rack in racks)
    made = rolls if rolls is not None else int(rolled)
    step = f"{current}:place:{made}" if rolled else f"{current}:roll:{made}"
    text = (f"{format_board(board or {})} {dice} 10.10.10.10.10/{GREEN_BAG} "
            f"{','.join('0' for _ in racks)} {step} {elue} {current} turn=0 passes=0 uid=1")
    return parse_position(text, VolapukOptions(**options), seed=7)  # type: ignore[arg-type]


def place(state: VolapukState, start: str, direction: str, faces: str,
          letters: Sequence[str] = (), fetishes: Sequence[int] = ()) -> Place:
    """A Place laying the current player's dice showing `faces` (in order, as in
    `faces_of_word`), each taken from the first unused die showing it."""
    assert direction in DIRECTIONS
    rack = state.racks[state.current]
    used: list[int] = []
    for face in faces_of_word(faces):
        index = next(i for i, d in enumerate(rack) if d.face == face and i not in used)
        used.append(index)
    at = cell(start)
    return Place(at[0], at[1], direction, tuple(used), tuple(letters) or ("",) * len(used),
                 tuple(fetishes))



def random_action(state: VolapukState, seat: int, rng: SeededRandom) -> Action:
    """A random legal action: a roll keeping random dice, a random word the generator finds
    (with random fétiches), or a pass now and then."""
    from ludomots.core.errors import RuleError
    from ludomots.games.volapuk.actions import Done, Pass, Roll
    from ludomots.games.volapuk.bots import VolapukBot
    from ludomots.games.volapuk.movegen import generate

    if state.step == "announce":  # the expert's announcements, or none
        return VolapukBot("expert").choose(state, seat, rng) if rng.randbelow(2) else Done()
    rack = state.racks[seat]
    rolled = [i for i, d in enumerate(rack) if d.face is not None and not d.fetish]
    if state.rolls_left() and (state.rolls == 0 or rng.randbelow(3) == 0):
        keep = tuple(i for i in rolled if rng.randbelow(2))
        if state.check(seat, Roll(keep)) is None:
            return Roll(keep)
    if rng.randbelow(10) == 0:
        return Pass()
    faces = [(i, d.face) for i, d in enumerate(rack) if d.face is not None]
    found = generate(state.board, faces, limit=300, lexicon=state.lexicon)
    rng.shuffle(found)
    for cand in found[:20]:
        left = [i for i in range(len(rack)) if i not in cand.dice and rack[i].face]
        fetishes = tuple(i for i in left if rng.randbelow(3) == 0)
        action = Place(cand.start[0], cand.start[1], cand.direction, cand.dice, cand.letters,
                       fetishes)
        try:
            state.outcome(seat, action)
        except RuleError:
            continue
        return action
    return Pass()
