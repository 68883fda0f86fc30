"""Topword bots: legal, deterministic, honest (they decide from their view), levelled."""

import json

from ludomots.core.record import replay
from ludomots.core.rng import SeededRandom
from ludomots.core.sim import run_matches
from ludomots.games.topword import BOTS, GAME
from ludomots.games.topword.bots import word_frequency
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.rules import Challenge, Pass, Place, Play, TopwordState

from .helpers import RATEAU, make_state


def midgame(seed: int, moves: int = 6) -> TopwordState:
    state = GAME.new({"referee": "auto"}, 2, seed=seed)
    assert isinstance(state, TopwordState)
    bot = BOTS["confirme"]()
    for step in range(moves):
        seat = state.turn
        state.apply(seat, bot.choose(state, seat, SeededRandom(step)))
    return state


def test_every_level_plays_a_legal_action() -> None:
    for seed in range(3):
        state = midgame(seed)
        for level, factory in BOTS.items():
            action = factory().choose(state, state.turn, SeededRandom(1))
            assert state.check(state.turn, action) is None, level


def test_a_bot_decides_from_its_view_only() -> None:
    # Same view for seat 0, different hidden information (seat 1's rack, the bag's order).
    one = midgame(4)
    two = one.clone()
    two.bag, two.racks[1 - one.turn] = list(two.bag), list(two.racks[1 - one.turn])
    pool = two.bag + two.racks[1 - one.turn]
    pool.reverse()
    two.racks[1 - one.turn] = pool[:len(two.racks[1 - one.turn])]
    two.bag = pool[len(two.racks[1 - one.turn]):]
    assert one.view(one.turn) == two.view(two.turn)
    for level, factory in BOTS.items():
        a = factory().choose(one, one.turn, SeededRandom(9))
        b = factory().choose(two, two.turn, SeededRandom(9))
        assert a == b, level


def test_the_beginner_plays_only_words_it_knows() -> None:
    for seed in range(3):
        state = midgame(seed)
        action = BOTS["debutant"]().choose(state, state.turn, SeededRandom(2))
        if isinstance(action, Place):
            result = state.evaluate(state.turn, action)
            assert all(word_frequency(state.lexicon, w.word) >= 5.0 for w in result.words)


def test_the_expert_challenges_an_invalid_word_and_accepts_a_valid_one() -> None:
    state = make_state(RATEAU, racks=("ZXRIE", "EEENRST"), bag="OOOO")
    state.apply(0, Play("3E RZX"))
    assert BOTS["expert"]().choose(state, 1, SeededRandom(1)) == Challenge()
    valid = make_state(RATEAU, racks=("IREAAAA", "EEENRST"), bag="OOOO")
    valid.apply(0, Play("3E RIRE"))
    assert BOTS["expert"]().choose(valid, 1, SeededRandom(1)) != Challenge()


def test_a_bot_without_a_move_passes_and_exchanges_its_worst_tile() -> None:
    # No word with Z and Z (K and Z made ZEK through RATEAU's E once the lexicon had it).
    state = make_state(RATEAU, racks=("ZZ", "EEENRST"), bag="OOOO")
    assert BOTS["expert"]().choose(state, 0, SeededRandom(1)) == Pass("Z")
    state = make_state(RATEAU, racks=("ZZ", "EEENRST"), bag="")
    assert BOTS["expert"]().choose(state, 0, SeededRandom(1)) == Pass()


def test_bot_games_end_without_errors_and_their_records_replay_exactly() -> None:
    result = run_matches(GAME, BOTS, ["expert", "debutant"], 2, seed=5, keep_records=True)
    assert result.errors == 0 and len(result.records) == 2
    for record in result.records:
        text = json.dumps(record.to_json())
        state = replay(type(record).from_json(json.loads(text)), GAME)
        assert state.is_over() and state.scores() == record.scores


def test_the_greedy_bot_plays_a_top_scoring_move_with_the_whole_lexicon() -> None:
    for seed in range(4):
        state = midgame(seed)
        moves = generate(state.board, state.racks[state.turn], state.options.rules, state.lexicon)
        top = max(m.score for m in moves)
        action = BOTS["greedy"]().choose(state, state.turn, SeededRandom(seed))
        assert isinstance(action, Place)
        assert state.evaluate(state.turn, action).score == top
    # among equal scores, the first in notation order: the same move for any seed
    state = midgame(0)
    picks = {BOTS["greedy"]().choose(state, state.turn, SeededRandom(k)) for k in range(3)}
    assert len(picks) == 1


def test_the_sim_command_plays_the_expert_against_the_greedy_bot() -> None:
    from click.testing import CliRunner

    from ludomots.cli import main

    result = CliRunner().invoke(main, ["sim", "topword", "--seats", "expert,greedy", "--games",
                                       "1", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert (report["games"], report["errors"], report["seats"]) == (1, 0, ["expert", "greedy"])
    assert sum(report["wins"].values()) == 1


def test_the_expert_plays_at_three_players_guessing_both_racks() -> None:
    state = GAME.new({"referee": "auto"}, 3, seed=2)
    assert isinstance(state, TopwordState)
    greedy = BOTS["greedy"]()
    for step in range(6):
        state.apply(state.turn, greedy.choose(state, state.turn, SeededRandom(step)))
    action = BOTS["expert"]().choose(state, state.turn, SeededRandom(1))
    assert isinstance(action, Place) and state.check(state.turn, action) is None
