"""Typo's position notation: a whole position on one line, for tests, bug reports and
`ludomots typo show --position` (docs/rules/typo.md, « Position notation »).

    RONT/ELA/MAISON/PL AEF/EIS/EOT/EUV holder=1 lost=3,0,0,2

Two fields, then `key=value` tokens in any order, each left out when it has its default:

- the four rows, left to right, joined by `/`;
- the hands, seat by seat, joined by `/` (`-`: an empty hand); their number is the players';
- `part` (1), `round` (1), `step` (`choose`), `holder` (0: the dictionary), `rh` (the holder
  when the round's cards were revealed; default `holder`);
- `aside` and `discard`: the set-aside and discarded cards, in order (none);
- `lost` and `bonus`: points per seat, comma-separated (zeros);
- `chosen`: the cards chosen face down this round, per seat (`-`: not yet), e.g. `E,-,A`;
- `revealed`: the round's revealed cards, one letter per seat; `queue`: the seats still to
  resolve theirs, in order, e.g. `2,0`;
- `pending`: the word under vote, `<row><L|R>:<word>` with the row from 1 (`2R:jenny`); the
  card is the first queued seat's, already on its row;
- `votes`: per seat, `1` doubt, `0` no doubt, `-` not yet;
- `seed`: the state of the random source (0), which deals the second part.

The round's log (`played`: what this round's cards did, shown to players) is not part of the
position and is left out: a parsed position starts it empty. The cards are not counted against
the 64 of the game: rule tests set up positions no deal gives (three K on the table).
"""

from __future__ import annotations

from ludomots.core.positiontext import Tokens, format_tokens, seat
from ludomots.core.rng import SeededRandom
from ludomots.games.typo.actions import TypoOptions
from ludomots.games.typo.cards import DISTRIBUTION, ROW_COUNT, word_key
from ludomots.games.typo.records import Pending
from ludomots.games.typo.rows import SIDES, parse_rows, placed, rows_text, with_row
from ludomots.games.typo.rules import TypoState

_STEPS = ("choose", "place", "vote", "discard", "over")
_SIDE_LETTER = {"left": "L", "right": "R"}


def format_position(state: TypoState) -> str:
    """The one-line notation of `state` (everything but the round's log)."""
    n = state.players
    parts = [rows_text(state.rows), "/".join("".join(h) or "-" for h in state.hands)]
    tokens: list[tuple[str, str, str]] = [
        ("part", str(state.part), "1"), ("round", str(state.round), "1"),
        ("step", state.step, "choose"), ("holder", str(state.holder), "0"),
        ("rh", str(state.round_holder), str(state.holder)),
        ("aside", "".join(state.set_aside), ""), ("discard", "".join(state.discard), ""),
        ("lost", ",".join(map(str, state.lost)), ",".join("0" * n)),
        ("bonus", ",".join(map(str, state.bonus)), ",".join("0" * n)),
        ("chosen", ",".join(c or "-" for c in state.choices), ",".join("-" * n)),
        ("revealed", "".join(state.revealed or ()), ""),
        ("queue", ",".join(map(str, state.queue)), ""),
        ("pending", _pending_text(state.pending), ""),
        ("votes", ",".join("-" if v is None else str(int(v)) for v in state.votes),
         ",".join("-" * n)),
        ("seed", str(state.rng.state), "0"),
    ]
    return " ".join(parts + format_tokens(tokens))


def _pending_text(pending: Pending | None) -> str:
    if pending is None:
        return ""
    return f"{pending.row + 1}{_SIDE_LETTER[pending.side]}:{pending.word}"


def parse_position(text: str, options: TypoOptions | None = None,
                   players: int | None = None) -> TypoState:
    """The state `text` describes (ValueError, in English, when it is not a position)."""
    fields = text.split()
    if len(fields) < 2:
        raise ValueError("a Typo position is '<rows> <hands> [key=value ...]'")
    rows = list(parse_rows(fields[0]))
    hands = [[] if h == "-" else sorted(_letters(h, "hand")) for h in fields[1].split("/")]
    n = len(hands)
    if players is not None and players != n:
        raise ValueError(f"{n} hands for {players} players")
    if not 2 <= n <= 6:
        raise ValueError(f"Typo is played by 2 to 6 players, not {n}")
    tokens = Tokens(fields[2:])
    state = TypoState(options or TypoOptions(), n, SeededRandom(tokens.number("seed", 0)))
    state.rows, state.hands = rows, hands
    state.part = tokens.number("part", 1)
    state.round = tokens.number("round", 1)
    step = tokens.text("step") or "choose"
    if step not in _STEPS:
        raise ValueError(f"step must be one of {', '.join(_STEPS)}, not {step!r}")
    state.step = step  # type: ignore[assignment]  # checked just above
    state.holder = tokens.seat("holder", n)
    state.round_holder = tokens.seat("rh", n, state.holder)
    state.set_aside = _letters(tokens.text("aside") or "", "aside")
    state.discard = _letters(tokens.text("discard") or "", "discard")
    state.lost = tokens.numbers("lost", n)
    state.bonus = tokens.numbers("bonus", n)
    state.choices = tokens.per_seat("chosen", n, _card, empty="-") or [None] * n
    revealed = tokens.text("revealed")
    if revealed is not None:
        state.revealed = _letters(revealed, "revealed")
        if len(state.revealed) != n:
            raise ValueError(f"revealed: one card per seat, {n} cards")
    queue = tokens.text("queue")
    state.queue = [] if not queue else [seat(int(s), n) for s in queue.split(",")]
    if state.queue and state.revealed is None:
        raise ValueError("queue without revealed cards")
    state.votes = tokens.per_seat("votes", n, _vote, empty="-") or [None] * n
    pending = tokens.text("pending")
    if pending is not None:
        state.pending = _parse_pending(pending, state)
    tokens.done()
    return state


def _letters(text: str, what: str) -> list[str]:
    letters = list(text.strip().upper())
    bad = sorted({c for c in letters if c not in DISTRIBUTION})
    if bad:
        raise ValueError(f"{what}: {', '.join(bad)} is no Typo card")
    return letters


def _card(text: str) -> str:
    letters = _letters(text, "card")
    if len(letters) != 1:
        raise ValueError(f"{text!r} is not one card")
    return letters[0]


def _vote(text: str) -> bool:
    if text not in ("0", "1"):
        raise ValueError(f"a vote is 1 (doubt), 0 (no doubt) or - (not yet), not {text!r}")
    return text == "1"


def _parse_pending(text: str, state: TypoState) -> Pending:
    place, sep, word = text.partition(":")
    if not sep or len(place) < 2 or not place[:-1].isdigit() or place[-1] not in "LR":
        raise ValueError(f"pending is '<row><L|R>:<word>', not {text!r}")
    row, side = int(place[:-1]) - 1, SIDES[place[-1] == "R"]
    if not 0 <= row < ROW_COUNT:
        raise ValueError(f"pending: no row {row + 1}")
    if not state.queue or state.revealed is None:
        raise ValueError("pending needs the revealed cards and the queue")
    seat = state.queue[0]
    card = state.revealed[seat]
    key = word_key(word)
    if key is None:
        raise ValueError(f"pending: {word!r} is not a word")
    if state.step == "discard":  # the word was refused: its card is back off the row
        before = state.rows[row]
        return Pending(seat, card, row, side, word,
                       tuple(with_row(state.rows, row, placed(before, card, side))), key, before)
    current = state.rows[row]
    if (current[0] if side == "left" else current[-1]) != card:
        raise ValueError(f"pending: row {row + 1} does not end with the card {card} at the "
                         f"{side}")
    before = current[1:] if side == "left" else current[:-1]
    return Pending(seat, card, row, side, word, tuple(state.rows), key, before)
