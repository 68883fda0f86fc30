"""The DAWG: minimal, and answering exactly the words it was built from."""

import pytest

from ludomots.lexicon.dawg import Dawg, build_dawg

WORDS = [b"CAR", b"CARS", b"CAT", b"CATS", b"DOG", b"DOGS", b"A"]


def test_the_dawg_accepts_exactly_its_words() -> None:
    dawg = Dawg(build_dawg(WORDS))
    assert sorted(dawg.iter_words()) == sorted(w.decode() for w in WORDS)
    assert "CA" not in dawg and "CATSS" not in dawg and "" not in dawg


def test_shared_suffixes_are_merged_into_one_minimal_graph() -> None:
    # One node per distinct right language: root, C, CA, D, DO, {"", "S"} shared by CAR, CAT
    # and DOG, and {""} shared by A and every word's end.
    dawg = Dawg(build_dawg(WORDS))
    assert dawg.node_count == 7
    assert dawg.child(dawg.walk("CA"), "R") == dawg.child(dawg.walk("CA"), "T")
    assert dawg.walk("CAR") == dawg.walk("DOG")


def test_prefix_walks_and_children() -> None:
    dawg = Dawg(build_dawg(WORDS))
    assert dawg.has_prefix("DO") and not dawg.has_prefix("DX")
    assert sorted(dawg.children(dawg.walk("CA"))) == ["R", "T"]
    assert list(dawg.iter_words("CAT")) == ["CAT", "CATS"]
    assert dawg.child(dawg.root, "é") == -1


def test_input_order_and_duplicates_do_not_change_the_bytes() -> None:
    assert build_dawg(WORDS) == build_dawg(list(reversed(WORDS)) + WORDS)


def test_a_foreign_file_is_refused() -> None:
    with pytest.raises(ValueError, match="not a Ludomots DAWG"):
        Dawg(b"\0" * 32)
