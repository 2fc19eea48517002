"""Premises and the sentences made of them: every claim true, checked by brute force.

The checker (``sentence_checker``) shares no code with the analysis layer.  Random lines check
each technique's witnesses against one round of its move and every claim against brute force;
real puzzles check every step of their traces under the three shipped rule sets.
"""

from __future__ import annotations

import functools
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from nonostudio.analysis.catalogue import technique_moves
from nonostudio.analysis.catalogue.techniques import BY_ID, MOVES, ROUNDS
from nonostudio.analysis.explaining.step_text import gather_premises, step_sentence
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.rules.ruleset import load_rule_set

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from sentence_checker import arrangements, check_claim, check_inference, check_trace  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"
PUZZLES = Path(__file__).resolve().parents[4] / "shared" / "anchors" / "puzzles"

# One xdist worker runs this module (``--dist loadgroup``): Forever's learned trace and its check
# are made once there, for the samples' test and the contradictions' test (``_checked_sample``).
pytestmark = pytest.mark.xdist_group("test_premises")


def random_line(rng: random.Random, n: int) -> tuple[tuple[int, ...], list[int]]:
    """A random solution's clue and some of its cells known (a line with a solution)."""
    solution = [FILLED if rng.random() < 0.55 else CROSSED for _ in range(n)]
    hints, run = [], 0
    for v in [*solution, CROSSED]:
        if v == FILLED:
            run += 1
        elif run:
            hints.append(run)
            run = 0
    known = rng.random() * 0.7
    cells = [v if rng.random() < known else UNKNOWN for v in solution]
    return tuple(hints), cells


class _Premise:
    """A step's premises and cells alone, to hand the checker a tampered step."""

    def __init__(self, premises: list[dict], cells: tuple = ()) -> None:
        self.premises = premises
        self.cells = cells


@pytest.mark.parametrize("technique", sorted(ROUNDS))
def test_witnesses_are_one_round_of_the_move_and_true(technique: str) -> None:
    # Line states earlier tests' complete moves ended on are remembered (technique_moves.
    # is_fixed) and asked for no witness; forgotten here, every random line is asked, whatever
    # ran before in this process (line_complete counted 18 witnesses after the folder's tests).
    technique_moves._FIXED.clear()
    rng = random.Random(sorted(ROUNDS).index(technique))
    checked = 0
    for _ in range(400):
        n = rng.randint(1, 12)
        hints, cells = random_line(rng, n)
        work = list(cells)
        ROUNDS[technique](hints, work)
        round_cells = {p: v for p, v in enumerate(work) if cells[p] == UNKNOWN and v != UNKNOWN}
        found = BY_ID[technique].witnesses(hints, cells)
        said: dict[int, int] = {}
        for w in found:
            said.update(w.cells)
        if technique == "joining_splitting" and any(w.say == "join" for w in found):
            assert set(said.items()) <= set(round_cells.items())  # joins first, splits after
        else:
            assert said == round_cells, (hints, cells, found)
        arr = arrangements(hints, cells)
        for w in found:
            premise = {
                "say": w.say,
                "claims": w.claims,
                "cells": [[p, v] for p, v in w.cells.items()],
            }
            for claim in [*w.part, *w.claims]:  # a part's own claims too (matching)
                assert check_claim(claim, hints, cells, arr) is None, (hints, cells, claim)
            assert check_inference(premise, hints, n) is None, (hints, cells, premise)
            for p, v in w.cells.items():
                assert all((a_value(hints, a, p)) == v for a in arr)
            checked += 1
    assert checked > (5 if technique == "empty_line" else 20)


def a_value(hints: tuple[int, ...], starts: tuple[int, ...], p: int) -> int:
    return FILLED if any(s <= p < s + h for s, h in zip(starts, hints, strict=True)) else CROSSED


@pytest.mark.parametrize("technique", sorted(ROUNDS))
def test_gathered_premises_make_the_whole_move_when_there_is_room(
    technique: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (every word limit lifted: a step also stops short to make room for a block's reason)
    for limit in ("BODY_WORDS", "SENTENCE_WORDS", "SHORT_SENTENCE_WORDS"):
        monkeypatch.setattr(f"nonostudio.analysis.explaining.step_text.{limit}", 10**6)
    rng = random.Random(7)
    for _ in range(200):
        hints, cells = random_line(rng, rng.randint(1, 12))
        line = Line(hints, tuple(cells))
        premises: list[dict] = []
        decided = gather_premises(technique, "row", line, line, 0, 0, False, premises)
        move = MOVES[technique](hints, tuple(cells))
        expected = {p: v for p, v in enumerate(move) if cells[p] == UNKNOWN and v != UNKNOWN}
        assert decided == expected, (hints, cells)


def test_the_checker_catches_false_claims() -> None:
    """The checker is no rubber stamp: the issue's false sentences, as claims, are refused."""
    hints = (1, 3)
    cells = [UNKNOWN, UNKNOWN, FILLED, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]
    arr = arrangements(hints, cells)
    # "the block at cell 3 is as long as the longest clue that can hold it, 3": it is 1 long
    premise = {
        "say": "punctuate",
        "claims": [
            {"claim": "block", "start": 2, "end": 3},
            {"claim": "holders", "start": 2, "end": 3, "clues": [0, 1]},
        ],
        "cells": [[1, CROSSED], [3, CROSSED]],
    }
    assert check_inference(premise, hints, len(cells)) is not None
    # "the 3 can only be the second clue": the box at cell 3 can also be the first clue, 1
    wrong = {"claim": "holders", "start": 2, "end": 3, "clues": [1]}
    assert check_claim(wrong, hints, cells, arr) is not None
    # a clue's start bound one cell too far
    assert check_claim({"claim": "starts", "clue": 1, "min": 3, "max": None}, hints, cells, arr)
    assert (
        check_claim({"claim": "starts", "clue": 1, "min": 2, "max": None}, hints, cells, arr)
        is None
    )


def _sentence_of(step, puzzle) -> str:
    clues = puzzle.rows[step.index] if step.axis == "row" else puzzle.cols[step.index]
    size = puzzle.width if step.axis == "row" else puzzle.height
    beyond = step.kind == "line"
    return step_sentence(
        step.technique, step.axis, step.index, clues, size, step.premises, beyond_rules=beyond
    ).text


@functools.cache
def _checked_sample(name: str, rule_set: str) -> tuple[Any, tuple[int, int, list]]:
    """Sample ``name``'s trace under ``rule_set`` and the checker's verdict on it, made once a
    session: Forever's learned trace (1.1 s) and its check (1.8 s) serve the samples' test and
    the contradictions' test."""
    trace = rule_trace(read_all(SAMPLES / name)[0][1], load_rule_set(rule_set).rules)
    return trace, check_trace(trace)


def _check(puzzle, rule_set: str, sample: str | None = None) -> int:
    if sample is None:
        trace = rule_trace(puzzle, load_rule_set(rule_set).rules)
        checked, skipped, problems = check_trace(trace)
    else:
        trace, (checked, skipped, problems) = _checked_sample(sample, rule_set)
    assert not problems, problems[:5]
    assert skipped <= checked // 50
    for step in trace.steps:
        if step.premises and step.kind in ("rule", "line"):
            assert step.text == _sentence_of(step, puzzle)  # the words are the premises'
    return checked


@pytest.mark.parametrize("rule_set", ["learned", "control", "concise"])
def test_every_step_sentence_of_the_samples_is_true(rule_set: str) -> None:
    checked = 0
    for path in sorted(SAMPLES.glob("*.non")):
        checked += _check(read_all(path)[0][1], rule_set, sample=path.name)
    assert checked > 1000


@pytest.mark.skipif(
    not PUZZLES.is_dir(), reason=f"needs the anchor puzzles at {PUZZLES} (not in a clone)"
)
def test_every_step_sentence_of_real_jwilk_and_janko_puzzles_is_true() -> None:
    """20 real puzzles 15x15–30x30 (jwilk and Janko), the default rule set."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_teaching import choose, load

    checked = 0
    for _, puzzle in load(choose(10, 10)):
        checked += _check(puzzle, "learned")
    assert checked > 2000


def test_contradictions_are_chains_the_checker_replays() -> None:
    """Forever needs contradictions: each is a chain of line steps ending at a line with no
    room for its clue, every link checked by brute force; a tampered chain is refused."""
    from sentence_checker import check_chain

    puzzle = read_all(SAMPLES / "webpbn-06574-forever.non")[0][1]
    trace, (checked, _, problems) = _checked_sample("webpbn-06574-forever.non", "learned")
    probes = [s for s in trace.steps if s.kind == "probe"]
    assert probes
    assert not problems and checked >= len(probes)
    lengths = [sum(p["say"] in ("forced", "dead") for p in s.premises) for s in probes]
    assert sorted(lengths)[len(lengths) // 2] <= 8  # Forever is hard: 8 line steps at most
    assert all(". Then " in s.text and "could not match its clue" in s.text for s in probes)
    # tamper: the chain without its first forced link, or with a cell's value turned
    k = trace.steps.index(probes[0])
    grid = trace.grid_after(k).tolist()
    step = probes[0]
    links = [p for p in step.premises if p["say"] == "forced"]
    assert check_chain(step, puzzle, grid) == []
    if links and len(links[0]["cells"]) > 0:
        turned = [dict(p) for p in step.premises]
        i = turned.index(links[0])
        p, v = links[0]["cells"][0]
        turned[i] = {**links[0], "cells": [[p, 1 - v], *links[0]["cells"][1:]]}
        assert check_chain(_Premise(turned, step.cells), puzzle, grid)


def test_the_checker_reads_explain_json(capsys: pytest.CaptureFixture[str]) -> None:
    """``explain --json`` carries each step's premises beside its text: the checker, reading
    only the JSON, finds every claim true."""
    import json
    from types import SimpleNamespace

    from nonostudio.cli.app import main

    path = SAMPLES / "webpbn-00023-edge.non"
    assert main(["explain", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    steps = []
    for item in data["steps"]:
        line = item["line"] or {"axis": "", "index": -1}
        steps.append(
            SimpleNamespace(
                kind=item["kind"],
                axis=line["axis"],
                index=line["index"],
                cells=tuple(tuple(c) for c in item["cells"]),
                text=item["text"],
                premises=tuple(item["premises"]),
            )
        )
    assert all(s.premises for s in steps), "every step states its premises"
    assert any(s.kind == "probe" for s in steps)
    trace = SimpleNamespace(puzzle=read_all(path)[0][1], steps=steps)
    checked, skipped, problems = check_trace(trace)
    assert checked == len(steps) and not skipped and not problems, problems[:3]
