"""The paper's train/test leak, reproduced to measure it: the paper split its picture boards 80/20
at random, so its training set held an exact copy of some test boards and the complement (the
same picture, Otsu against inverted Otsu) of others (:func:`profile.leak_estimate` says how
many).  :func:`leak_boards` picks boards of a test set to put into a training set at those
shares, :func:`mix_in` puts them (or, for the control, as many other boards) in place of some of
a recipe's boards, :func:`seen_in_training` tells for each test board whether its copy or its
complement is in a training set (by content, whatever put it there), and :func:`decompose` splits
an exact-board rate over those parts.

The boards handed in are the caller's (a benchmark reads NonoDataset's); nothing here holds any.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


def _keys(boards: np.ndarray) -> list[bytes]:
    flat = np.asarray(boards, dtype=np.uint8).reshape(len(boards), -1)
    return [row.tobytes() for row in flat]


def _complement_key(key: bytes) -> bytes | None:
    """The key of the complement board, or None for an all-empty or all-filled board (its
    complement is a board with no picture, not the other threshold of one)."""
    row = np.frombuffer(key, dtype=np.uint8)
    if row.sum() in (0, len(row)):
        return None
    return (1 - row).astype(np.uint8).tobytes()


@dataclass(frozen=True)
class Leak:
    """The boards picked to leak: ``copies`` (test boards themselves) and ``complements`` (the
    complements of test boards whose complement is not a test board), each ``(k, n, n)``."""

    copies: np.ndarray
    complements: np.ndarray

    @property
    def boards(self) -> np.ndarray:
        return np.concatenate([self.copies, self.complements])


def leak_boards(
    test_boards: np.ndarray, copy_percent: float, complement_percent: float, seed: int
) -> Leak:
    """Boards to put into a training set so that about ``copy_percent`` of ``test_boards`` have an
    exact copy there and about ``complement_percent`` their complement, as the paper's split
    did.  Distinct boards are drawn in a seeded order: first copies until that share of the test
    boards (duplicates count each) is reached, then complements until the share of test boards
    whose complement is in (counting those the copies brought) is reached.  Complements are
    drawn only among boards whose complement is not itself a test board: in the paper's split
    the complement of such a board was in the test set, not in training."""
    keys = _keys(test_boards)
    count: dict[bytes, int] = {}
    for k in keys:
        count[k] = count.get(k, 0) + 1
    distinct = list(count)
    rng = np.random.default_rng(seed)
    total = len(keys)
    want_copies = round(copy_percent / 100 * total)
    want_complements = round(complement_percent / 100 * total)

    copies: list[bytes] = []
    covered = 0
    for i in rng.permutation(len(distinct)):
        if covered >= want_copies:
            break
        copies.append(distinct[i])
        covered += count[distinct[i]]
    chosen = set(copies)
    complement_of = {k: _complement_key(k) for k in distinct}
    # test boards whose complement the copies already brought in
    covered = sum(count[k] for k, c in complement_of.items() if c in chosen)
    candidates = [(k, c) for k, c in complement_of.items() if c is not None and c not in count]
    complements: list[bytes] = []
    for i in rng.permutation(len(candidates)):
        if covered >= want_complements:
            break
        key, complement = candidates[i]
        complements.append(complement)
        covered += count[key]
    shape = np.asarray(test_boards).shape[1:]

    def stack(found: list[bytes]) -> np.ndarray:
        if not found:
            return np.zeros((0, *shape), dtype=np.uint8)
        return np.stack([np.frombuffer(k, dtype=np.uint8).reshape(shape) for k in found])

    return Leak(stack(copies), stack(complements))


def mix_in(boards: np.ndarray, extra: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``boards`` with ``extra`` in place of as many of them, at seeded positions: the mixed
    boards (as many as ``boards``) and the positions replaced.  The same seed and count replace
    the same positions, so a leak and its control differ only in what went there."""
    if len(extra) > len(boards):
        raise ValueError(f"{len(extra)} boards to mix into {len(boards)}")
    slots = np.sort(np.random.default_rng(seed).choice(len(boards), len(extra), replace=False))
    mixed = np.array(boards, dtype=np.uint8, copy=True)
    mixed[slots] = extra
    return mixed, slots


def seen_in_training(test_boards: np.ndarray, training: np.ndarray) -> dict[str, np.ndarray]:
    """For each test board, by content: ``copy``, an exact copy of it is in ``training``;
    ``complement``, its complement is (and it is not all-empty or all-filled); ``part``, one
    name per board: "copy", "complement only" or "neither" (every board is in exactly one)."""
    seen = set(_keys(training))
    keys = _keys(test_boards)
    copy = np.array([k in seen for k in keys], dtype=bool)
    complement = np.array([_complement_key(k) in seen for k in keys], dtype=bool)
    part = np.where(copy, "copy", np.where(complement, "complement only", "neither"))
    return {"copy": copy, "complement": complement, "part": part}


PARTS = ("copy", "complement only", "neither")


def decompose(part: np.ndarray, solved: np.ndarray) -> dict[str, Any]:
    """An exact-board rate split over the parts of :func:`seen_in_training`: for each part its
    share of the boards and the rate on it, the rate on the boards not copied (the other two
    parts together), and the whole rate, which is the sum of share x rate over the parts."""
    part = np.asarray(part)
    solved = np.asarray(solved, dtype=bool)
    total = len(solved)
    out: dict[str, Any] = {"boards": total}
    groups = {name: part == name for name in PARTS}
    groups["not copied"] = part != "copy"
    for name, inside in groups.items():
        k = int(inside.sum())
        out[name] = {
            "boards": k,
            "share_percent": 100.0 * k / total if total else 0.0,
            "rate_percent": 100.0 * float(solved[inside].mean()) if k else 0.0,
        }
    out["all_percent"] = 100.0 * float(solved.mean()) if total else 0.0
    return out
