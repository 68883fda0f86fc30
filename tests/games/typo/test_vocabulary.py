"""What each level knows: the whole lexicon, or the words at least so frequent."""

from ludomots.games.typo.vocabulary import Vocabulary, accepted, frequency, spelling
from ludomots.lexicon.lexicon import get_lexicon

LEXICON = get_lexicon()
WHOLE, COMMON = Vocabulary(0.0, LEXICON), Vocabulary(3.0, LEXICON)


def test_the_whole_lexicon_knows_every_prefix_of_a_word() -> None:
    assert WHOLE.knows_prefix("ELAST") and WHOLE.knows_prefix("FRONTA")
    assert not WHOLE.knows_prefix("ELASTV")


def test_a_common_vocabulary_misses_rare_words() -> None:
    assert frequency(LEXICON, "ELASTIQUE") < 3.0 <= frequency(LEXICON, "FRONTIERE")
    assert COMMON.knows_prefix("FRONT") and not COMMON.knows_prefix("ELAST")
    assert COMMON.knows_word("FRONTIERE") and not COMMON.knows_word("ELASTIQUE")
    assert WHOLE.knows_word("ELASTIQUE") and not WHOLE.knows_word("ELASTIQZZ")


def test_announced_words_are_real_and_spelt_with_their_accents() -> None:
    assert WHOLE.word_for("FRONTI") == "frontière"
    rare = WHOLE.word_for("FRONT", "rare")
    assert rare is not None and accepted(LEXICON, rare) and rare.upper().startswith("FRONT")
    assert frequency(LEXICON, rare) <= frequency(LEXICON, "FRONTIERE")
    assert COMMON.word_for("ELAST") is None
    assert spelling(LEXICON, "OEUF") == "œuf"
