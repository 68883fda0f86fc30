"""A bot's vocabulary as a word graph (``vocabulary.py``): the moves generated within it are
exactly the moves the bot used to keep (every legal move, then those whose words all reach its
level's frequency), in the same order, so the bots' choices do not change."""

from __future__ import annotations

import pytest

from ludomots.core.rng import SeededRandom
from ludomots.games.topword.bots import Confirme, Debutant, word_frequency
from ludomots.games.topword.movegen import generate
from ludomots.games.topword.rules import GAME, TopwordState
from ludomots.games.topword.vocabulary import vocabulary
from ludomots.lexicon.lexicon import get_lexicon

LEXICON = get_lexicon()
LEVELS = [Debutant, Confirme]


@pytest.mark.parametrize("level", LEVELS, ids=lambda bot: bot.level)
def test_the_graph_holds_the_policy_words_that_reach_the_threshold(level: type) -> None:
    threshold = level.vocabulary
    known = vocabulary(LEXICON, threshold)
    policy = LEXICON.automaton("standard")
    words = list(known.iter_words())
    assert words, "a level knows some words"
    assert all(w in policy and LEXICON.frequency(w) >= threshold for w in words)
    # And none is missing: every 40th word of the policy (11,000 words) is in the graph
    # exactly when its frequency reaches the threshold.
    sample = list(policy.iter_words())[::40]
    assert [w for w in sample if w in known] == \
        [w for w in sample if LEXICON.frequency(w) >= threshold]
    assert any(w in known for w in sample) and any(w not in known for w in sample)


def _positions(seed: int, plies: int) -> list[TopwordState]:
    """The positions of a game the débutant and the confirmé play against each other."""
    state: TopwordState = GAME.new(GAME.coerce_options({"referee": "auto"}), 2, seed)
    positions = []
    bots = [Debutant(), Confirme()]
    for ply in range(plies):
        if state.is_over():
            break
        positions.append(state.clone())
        seat = min(state.to_act())
        state.apply(seat, bots[seat].choose(state, seat, SeededRandom(seed).fork(str(ply))))
    return positions


@pytest.mark.parametrize("level", LEVELS, ids=lambda bot: bot.level)
def test_generating_within_the_vocabulary_gives_the_known_moves_in_order(level: type) -> None:
    threshold = level.vocabulary
    known = vocabulary(LEXICON, threshold)
    checked = 0
    for state in _positions(seed=7, plies=24):
        rules = state.options.rules
        for rack in state.racks:
            every = generate(state.board, rack, rules, LEXICON)
            kept = [m for m in every
                    if all(word_frequency(LEXICON, w.word) >= threshold for w in m.words)]
            assert generate(state.board, rack, rules, LEXICON, known) == kept
            checked += len(kept)
    assert checked > 100  # positions where the level knows moves, not only empty lists


@pytest.mark.parametrize("level", LEVELS, ids=lambda bot: bot.level)
def test_a_bot_knows_the_same_moves_before_its_vocabulary_is_built(
        level: type, monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the graph is built (in the background) the bot filters every legal move."""
    from ludomots.games.topword import bots
    from ludomots.games.topword.seen import Seen

    vocabulary(LEXICON, level.vocabulary)  # built: the bot searches within it
    states = _positions(seed=11, plies=16)
    ready = [level().known_moves(Seen.of(state, seat))
             for state in states for seat in range(state.players)]
    monkeypatch.setattr(bots, "vocabulary_if_ready", lambda lexicon, threshold: None)
    assert [level().known_moves(Seen.of(state, seat))
            for state in states for seat in range(state.players)] == ready
    assert sum(len(moves) for moves in ready) > 50
