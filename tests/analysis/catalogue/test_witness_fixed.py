"""A technique's witnesses are not looked for on a line state one of its complete moves ended on
(its round decides nothing there, and a witness proves only cells its round decides): the
witness function is not called there, and the premises and steps of a trace are those of asking
it every time."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from nonostudio.analysis.catalogue import technique_moves as tm
from nonostudio.analysis.catalogue.techniques import BY_ID, CATALOGUE, Technique
from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.explaining import premises
from nonostudio.analysis.explaining.premises import WitnessLine
from nonostudio.analysis.tracing.trace import rule_set_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.rules.ruleset import load_rule_set

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"


def _random_line(rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
    n = rng.randint(1, 14)
    solution = [FILLED if rng.random() < 0.55 else CROSSED for _ in range(n)]
    hints, run = [], 0
    for v in [*solution, CROSSED]:
        if v == FILLED:
            run += 1
        elif run:
            hints.append(run)
            run = 0
    known = rng.random() * 0.6
    return tuple(hints), [v if rng.random() < known else UNKNOWN for v in solution]


def test_no_witness_is_looked_for_where_a_complete_move_ended() -> None:
    calls: list[tuple[int, ...]] = []

    def counted(x: WitnessLine) -> list[premises.Witness]:
        calls.append(tuple(x.cells))
        return premises.punctuate(x)

    record = Technique(
        "punctuate_counted", "Counted", "", 2, None, round=tm.punctuate, witness=counted
    )
    hints, cells = (3, 1), (UNKNOWN, FILLED, FILLED, FILLED, UNKNOWN, UNKNOWN, UNKNOWN)
    record.witnesses(hints, cells)
    assert calls == [cells]  # not a known end of a move: looked for
    after = record.move(hints, cells)
    assert after != cells
    assert record.witnesses(hints, after) == []
    assert record.witnesses(hints, list(after)) == []
    assert calls == [cells]  # the ends of moves: not looked for


@pytest.mark.parametrize("technique", [t.id for t in CATALOGUE if t.round is not None])
def test_a_witness_proves_no_cell_where_a_complete_move_ended(technique: str) -> None:
    """What leaving them out rests on, on random lines: every witness found (the function called
    itself) at the end of the technique's move proves no cell."""
    record = BY_ID[technique]
    assert record.witness is not None and record.round is not None
    rng = random.Random(len(technique))
    for _ in range(150):
        hints, cells = _random_line(rng)
        after = record.move(hints, tuple(cells))
        assert tm.is_fixed(record.round, hints, after)
        found = record.witness(WitnessLine(hints, after, 0, 0, False))
        assert not any(w.cells for w in found), (hints, after, found)


def test_a_trace_is_the_same_as_with_witnesses_looked_for_every_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Edge (webpbn 23, probe steps too): every step, its cells, words and premises."""
    ((_, puzzle),) = read_all(SAMPLES / "webpbn-00023-edge.non")
    rules = load_rule_set(DEFAULT_RULE_SET)
    fast = rule_set_trace(puzzle, rules).steps
    monkeypatch.setattr(tm, "is_fixed", lambda *_: False)
    assert rule_set_trace(puzzle, rules).steps == fast
