"""The leak experiment's mixing (bench_baselines --leak-experiment): which test boards are put
into a training set, that they replace as many of the recipe's boards at the same places as the
control's, and that every test board is counted in exactly one part."""

from __future__ import annotations

import numpy as np
import pytest

from nonostudio.baselines import leak


def _test_set() -> np.ndarray:
    """40 distinct random 4x4 boards, then: board 0 three more times (4 copies of one), board 1
    twice more, the complements of boards 2..9 (pairs inside the set, as Otsu and inverted Otsu
    of one picture), and an empty board."""
    rng = np.random.default_rng(3)
    distinct: dict[bytes, np.ndarray] = {}
    while len(distinct) < 40:
        b = (rng.random((4, 4)) < 0.5).astype(np.uint8)
        if 0 < b.sum() < 16 and b.tobytes() not in distinct and (1 - b).tobytes() not in distinct:
            distinct[b.tobytes()] = b
    base = list(distinct.values())
    extra = [base[0]] * 3 + [base[1]] * 2 + [1 - base[i] for i in range(2, 10)]
    return np.stack([*base, *extra, np.zeros((4, 4), np.uint8)]).astype(np.uint8)


def _keys(boards: np.ndarray) -> list[bytes]:
    return [b.astype(np.uint8).tobytes() for b in boards]


def test_leaked_boards_reach_the_shares_and_are_what_they_say() -> None:
    test = _test_set()
    total = len(test)  # 40 + 5 + 8 + 1 = 54
    assert total == 54
    picked = leak.leak_boards(test, copy_percent=25.0, complement_percent=50.0, seed=1)
    keys = set(_keys(test))
    # the copies are test boards, each once
    assert all(k in keys for k in _keys(picked.copies))
    assert len(set(_keys(picked.copies))) == len(picked.copies)
    # a complement is the complement of a test board and is never a test board itself
    for k, b in zip(_keys(picked.complements), picked.complements, strict=True):
        assert k not in keys
        assert (1 - b).astype(np.uint8).tobytes() in keys
    seen = leak.seen_in_training(test, picked.boards)
    # 25 % of 54 is 13.5 -> 14 boards; one draw may add a group of up to 4 copies (board 0)
    assert 14 <= int(seen["copy"].sum()) <= 14 + 3
    # 50 % of 54 = 27; one more draw adds at most one group's boards
    assert 27 <= int(seen["complement"].sum()) <= 27 + 3
    # the same seed picks the same boards; another seed others
    again = leak.leak_boards(test, 25.0, 50.0, seed=1)
    assert np.array_equal(again.boards, picked.boards)
    other = leak.leak_boards(test, 25.0, 50.0, seed=2)
    assert not np.array_equal(other.boards, picked.boards)


def test_every_test_board_is_in_exactly_one_part() -> None:
    test = _test_set()
    empty = np.zeros((1, 4, 4), np.uint8)
    # training: board 0 itself (4 test boards are that board), the complement of board 12
    # (a board with no complement in the set), the complement of board 2 (which is board 45,
    # a test board: its copy), and an all-filled board (the empty board's "complement")
    training = np.stack([test[0], 1 - test[12], 1 - test[2], 1 - empty[0]]).astype(np.uint8)
    seen = leak.seen_in_training(test, training)
    part = seen["part"]
    assert len(part) == len(test)
    counts = {p: int((part == p).sum()) for p in leak.PARTS}
    assert sum(counts.values()) == len(test)
    # copies: 4 of board 0, board 45 (= 1 - board 2); complement only: board 12 and board 2
    # (its complement, board 45, is in training); the empty board is in neither
    assert counts == {"copy": 5, "complement only": 2, "neither": len(test) - 7}
    assert part[-1] == "neither"
    assert part[12] == "complement only" and part[2] == "complement only"
    assert part[45] == "copy"  # 40 + 3 + 2: the complement of board 2, first of the pairs


def test_mix_in_replaces_the_same_places_for_the_leak_and_its_control() -> None:
    rng = np.random.default_rng(5)
    ours = (rng.random((100, 4, 4)) < 0.5).astype(np.uint8)
    leaked = np.ones((7, 4, 4), np.uint8)
    control = np.zeros((7, 4, 4), np.uint8)
    mixed, slots = leak.mix_in(ours, leaked, seed=9)
    mixed_control, slots_control = leak.mix_in(ours, control, seed=9)
    assert np.array_equal(slots, slots_control)
    assert len(mixed) == len(ours) and len(set(slots.tolist())) == 7
    assert np.array_equal(mixed[slots], leaked)
    assert np.array_equal(mixed_control[slots], control)
    kept = np.setdiff1d(np.arange(100), slots)
    assert np.array_equal(mixed[kept], ours[kept])
    assert np.array_equal(mixed_control[kept], ours[kept])
    assert not np.array_equal(ours[slots], leaked)  # the input itself is not changed
    with pytest.raises(ValueError, match="8 boards to mix into 7"):
        leak.mix_in(ours[:7], np.ones((8, 4, 4), np.uint8), seed=9)


def test_decompose_is_share_times_rate_over_the_parts() -> None:
    part = np.array(["copy", "copy", "neither", "complement only", "neither", "neither"])
    solved = np.array([True, True, False, True, True, False])
    d = leak.decompose(part, solved)
    assert d["copy"] == {
        "boards": 2,
        "share_percent": pytest.approx(100 / 3),
        "rate_percent": 100.0,
    }
    assert d["complement only"]["rate_percent"] == 100.0
    assert d["neither"]["rate_percent"] == pytest.approx(100 / 3)
    assert d["not copied"]["boards"] == 4 and d["not copied"]["rate_percent"] == 50.0
    assert d["all_percent"] == pytest.approx(400 / 6)
    total = sum(d[p]["share_percent"] * d[p]["rate_percent"] / 100 for p in leak.PARTS)
    assert total == pytest.approx(d["all_percent"])
