"""The session's kept guide examples (``tests/examples_once.py``) are the real function's result
for an equal input, and a result cut short is not kept."""

from __future__ import annotations

import examples_once
import numpy as np

from nonostudio.analysis.helping.guide import real_examples
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import load_rule_set

GRIDS = (("##.", ".##", "#.#"), ("#.##", "####", "##.#"))


def _puzzles(title: str) -> list[tuple[str, Puzzle]]:
    """Fresh puzzle objects each call (a Puzzle compares by identity)."""
    return [
        (
            f"{title} {n}",
            Puzzle.from_grid(
                np.array([[ch == "#" for ch in row] for row in rows], dtype=np.int8),
                title=f"{title} {n}",
            ),
        )
        for n, rows in enumerate(GRIDS)
    ]


def test_an_equal_input_gets_the_first_calls_result_without_tracing_again() -> None:
    rules = load_rule_set("control").rules
    puzzles = _puzzles("once")
    expected = real_examples(puzzles, rules)
    assert expected  # the puzzles give examples: the comparison below is not of nothing
    runs = len(examples_once.calls_run)
    assert examples_once.real_examples_once(puzzles, rules) == expected
    assert len(examples_once.calls_run) == runs + 1
    again = examples_once.real_examples_once(_puzzles("once"), rules)
    assert len(examples_once.calls_run) == runs + 1  # kept, not traced again
    assert {t: [(e.source, e.record) for e in found] for t, found in again.items()} == {
        t: [(e.source, e.record) for e in found] for t, found in expected.items()
    }
    other = _puzzles("renamed")  # another input: traced
    examples_once.real_examples_once(other, rules)
    assert len(examples_once.calls_run) == runs + 2


def test_a_result_cut_short_is_not_kept() -> None:
    rules = load_rule_set("control").rules
    runs = len(examples_once.calls_run)
    examples_once.real_examples_once(_puzzles("cut"), rules, should_stop=lambda: True)
    examples_once.real_examples_once(_puzzles("cut"), rules)
    assert len(examples_once.calls_run) == runs + 2
