"""A tutor's pace and one grade per puzzle.

Each line step takes the easiest technique that decides a cell anywhere in the grid (on a line
or on a part matching blocks to clues cuts it into: ``ladder.py``), whatever the rule set; so
the tier, the hardest technique needed when always taking the easiest step, is the same under
every shipped rule set.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.analysis.grades.difficulty import grade
from nonostudio.analysis.tracing.steps import LINE, RULE
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import UNKNOWN
from nonostudio.rules.ruleset import load_rule_set

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from ladder import easiest_order  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"
NAMES = sorted(p.name for p in SAMPLES.glob("*.non"))


@pytest.mark.parametrize("name", ["webpbn-00006-cat.non", "jwilk-150-buffalo.non"])
@pytest.mark.parametrize("rule_set", ["learned", "control"])
def test_each_step_takes_the_easiest_technique_anywhere(name: str, rule_set: str) -> None:
    puzzle = read_all(SAMPLES / name)[0][1]
    trace = rule_trace(puzzle, load_rule_set(rule_set).rules)
    order = [t.id for t in CATALOGUE]
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    for step in trace.steps:
        if step.kind in (RULE, LINE):
            assert order.index(step.technique) == easiest_order(puzzle, grid), step.text
        else:  # a contradiction or search only when line logic is stuck everywhere
            assert easiest_order(puzzle, grid) is None, step.text
        for r, c, v in step.cells:
            grid[r, c] = v
    assert trace.solved


@pytest.mark.parametrize("name", NAMES)
def test_the_tier_is_the_same_under_every_shipped_rule_set(name: str) -> None:
    puzzle = read_all(SAMPLES / name)[0][1]
    grades = {rs: grade(puzzle, load_rule_set(rs)) for rs in ("learned", "control", "concise")}
    tiers = {rs: g.tier for rs, g in grades.items()}
    hardest = {rs: g.hardest_technique for rs, g in grades.items()}
    assert len(set(tiers.values())) == 1, tiers
    assert len(set(hardest.values())) == 1, hardest


def test_each_time_line_logic_is_stuck_every_open_line_state_has_been_audited(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # audit_all looks only at lines changed since it last ran; every line state with an
    # undecided cell must still have passed the rules' audit (now or at an earlier call).
    from nonostudio.analysis.tracing.tracer import Tracer

    ((_, puzzle),) = read_all(SAMPLES / "webpbn-00027-bucks.non")
    plain = Tracer.audit_all
    calls = []

    def audit_all(self: Tracer) -> None:
        plain(self)
        calls.append(len(self.steps))
        for axis, count in (("row", puzzle.height), ("column", puzzle.width)):
            for index in range(count):
                line = self.line(axis, index)
                if UNKNOWN in line.cells:
                    assert (line.hints, line.cells) in self._audited, (len(self.steps), axis)

    monkeypatch.setattr(Tracer, "audit_all", audit_all)
    trace = rule_trace(puzzle, load_rule_set("learned").rules)
    assert trace.solved and len(calls) >= 3  # at the start and at each probe step


def test_techniques_deciding_one_value_are_skipped_only_where_they_decide_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Tracer.decides does not compute the move of a technique that decides only one value (its
    # DECIDES_ONLY) on a line where line logic decides no cell to that value.  The plain
    # reference computes every move: the same steps, with fewer moves computed.
    from nonostudio.analysis.tracing import tracer as tracer_module

    ((_, puzzle),) = read_all(SAMPLES / "webpbn-00006-cat.non")
    rules = load_rule_set("learned").rules
    plain_moves = tracer_module.MOVES

    def traced(decides_only: dict[str, int]) -> tuple[list[tuple[object, ...]], int]:
        computed = [0]

        def counted(technique: str) -> object:
            def move(hints: tuple[int, ...], cells: tuple[int, ...]) -> tuple[int, ...]:
                computed[0] += 1
                return plain_moves[technique](hints, cells)

            return move

        monkeypatch.setattr(tracer_module, "MOVES", {t: counted(t) for t in plain_moves})
        monkeypatch.setattr(tracer_module, "DECIDES_ONLY", decides_only)
        trace = rule_trace(puzzle, rules)
        assert trace.solved
        steps: list[tuple[object, ...]] = [
            (s.kind, s.axis, s.index, s.rule, s.technique, s.cells, s.text, s.premises)
            for s in trace.steps
        ]
        return steps, computed[0]

    shortcut, fewer = traced(dict(tracer_module.DECIDES_ONLY))
    reference, every = traced({})  # no technique known to decide one value only: none skipped
    assert shortcut == reference
    assert fewer < every


def test_a_lines_maximal_transition_kept_from_an_earlier_state_is_the_line_solvers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Tracer.forced takes the line's last maximal transition again when the cells decided since
    # are all as it has them (Tracer._still_forced); each such answer equals the exact line
    # solver's on the new state, along a trace with probe steps (Edge).
    from nonostudio.analysis.tracing.tracer import Tracer
    from nonostudio.core.linesolver import solve_cells

    ((_, puzzle),) = read_all(SAMPLES / "webpbn-00023-edge.non")
    plain = Tracer._still_forced
    kept: list[tuple[str, int]] = []  # lines where the kept transition was taken
    solved: list[tuple[str, int]] = []  # lines the line solver worked out again

    def still_forced(
        self: Tracer, key: tuple[str, int], cells: tuple[int, ...]
    ) -> tuple[int, ...] | None:
        out = plain(self, key, cells)
        if out is not None:
            hints = puzzle.rows[key[1]] if key[0] == "row" else puzzle.cols[key[1]]
            assert out == solve_cells(hints, cells), key
            kept.append(key)
        else:
            solved.append(key)
        return out

    monkeypatch.setattr(Tracer, "_still_forced", still_forced)
    trace = rule_trace(puzzle, load_rule_set("learned").rules)
    assert trace.solved and any(s.kind not in (RULE, LINE) for s in trace.steps)
    assert len(kept) >= 20 and len(solved) >= 20  # (45 and 119 on Edge)
