"""A word list for tests that referee a game with another lexicon (issue 18): the real one,
but for one word it refuses or accepts."""

from collections.abc import Callable

from ludomots.lexicon.fold import fold, fold_table
from ludomots.lexicon.lexicon import Lexicon
from ludomots.lexicon.policy import Policy


class OneWordChanged(Lexicon):
    """The shipped lexicon, except that `word` (any spelling that folds to it) is `accepted`
    or not, under every policy (`accepts` and `checker` both answer so)."""

    def __init__(self, word: str, accepted: bool) -> None:
        super().__init__()
        self.word = fold(word)
        self.accepted = accepted

    def _make_checker(self, policy: Policy) -> Callable[[str], bool]:
        real = super()._make_checker(policy)
        table = fold_table()

        def check(word: str) -> bool:
            return self.accepted if word.translate(table).upper() == self.word else real(word)

        return check
