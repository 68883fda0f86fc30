from __future__ import annotations

import pytest

from ludomots.core.rng import MASK64, SeededRandom


def test_first_outputs_for_seed_42_are_pinned() -> None:
    rng = SeededRandom(42)
    assert [rng.next64() for _ in range(3)] == [
        13679457532755275413, 2949826092126892291, 5139283748462763858]


def test_matches_reference_splitmix64_for_seed_0() -> None:
    assert SeededRandom(0).next64() == 0xE220A8397B1DCDAF


def test_derived_operations_are_pinned_for_seed_42() -> None:
    rng = SeededRandom(42)
    assert [rng.randbelow(100) for _ in range(10)] == [94, 20, 35, 44, 4, 27, 43, 79, 26, 63]
    assert rng.random() == 0.5133961163221494
    rng = SeededRandom(42)
    assert (rng.randint(1, 6), rng.randint(1, 6), rng.choice("abcdef")) == (6, 2, "c")
    items = list(range(10))
    SeededRandom(42).shuffle(items)
    assert items == [5, 3, 6, 8, 7, 1, 0, 9, 4, 2]
    assert SeededRandom(42).random() == 0.7415648787718233
    assert SeededRandom(42).randbelow(2**100) == 940045163683276106735915250491


def test_same_seed_same_stream_and_seeds_are_masked_to_64_bits() -> None:
    a, b = SeededRandom(123), SeededRandom(123 + (1 << 64))
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    assert SeededRandom(-1).state == MASK64


def test_randbelow_is_roughly_uniform() -> None:
    # Fixed seed: this is a deterministic check, it cannot flake.
    rng = SeededRandom(2024)
    n, draws = 10, 20_000
    counts = [0] * n
    for _ in range(draws):
        counts[rng.randbelow(n)] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 27.88  # p = 0.001 for 9 degrees of freedom


def test_random_floats_lie_in_unit_interval_with_mean_near_half() -> None:
    rng = SeededRandom(7)
    values = [rng.random() for _ in range(10_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert abs(sum(values) / len(values) - 0.5) < 0.01


def test_randint_covers_both_ends() -> None:
    rng = SeededRandom(1)
    assert {rng.randint(-2, 2) for _ in range(500)} == {-2, -1, 0, 1, 2}


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    SeededRandom(9).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


@pytest.mark.parametrize("call", [
    lambda r: r.randbelow(0), lambda r: r.randint(3, 2), lambda r: r.getrandbits(-1)])
def test_invalid_ranges_raise_value_error(call: object) -> None:
    with pytest.raises(ValueError):
        call(SeededRandom(1))  # type: ignore[operator]


def test_choice_from_empty_sequence_raises_index_error() -> None:
    with pytest.raises(IndexError):
        SeededRandom(1).choice([])


def test_seed_must_be_an_int() -> None:
    with pytest.raises(TypeError):
        SeededRandom("42")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        SeededRandom(True)


def test_fork_is_deterministic_independent_and_does_not_advance_parent() -> None:
    parent = SeededRandom(42)
    before = parent.state
    assert parent.fork("bot0").next64() == 7230451196774106944
    assert parent.fork("bot1").next64() == 7793466304983206306
    assert parent.state == before
    assert parent.fork("bot0") == parent.fork("bot0")
    assert parent.fork("bot0") != parent


def test_json_round_trip_continues_the_same_stream() -> None:
    rng = SeededRandom(5)
    rng.next64()
    copy = SeededRandom.from_json(rng.to_json())
    assert [copy.next64() for _ in range(4)] == [rng.next64() for _ in range(4)]


@pytest.mark.parametrize("data", [
    {"algorithm": "pcg32", "state": 1}, {"algorithm": "splitmix64", "state": -1},
    {"algorithm": "splitmix64", "state": True}, {"algorithm": "splitmix64"}])
def test_from_json_rejects_foreign_or_invalid_states(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SeededRandom.from_json(data)
