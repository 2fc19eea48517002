"""Teaching benchmark (run by hand, prints figures).

``python tests/benchmarks/bench_teaching.py [--jwilk N] [--janko N] [--rules NAME]
[--before COMMIT] [--skip-coverage]`` traces and grades real puzzles from 15x15 to 30x30 (the
jwilk and Janko corpora of the anchor data's ``puzzles`` folder, evenly spaced over INDEX.csv)
with the default rule set and prints, against its goals:

* distinct techniques a player meets per puzzle (median; goal <= 10);
* steps named by a catalogued technique, fallbacks included (goal 100 %);
* words per step explanation (median <= 40, 95th percentile <= 70);
* "can only be" statements (a block or box said to be one clue) that give no reason;
* Edges and walls premises offering several holders of a box that name one unable to hold
  it (by brute force);
* steps after which the same technique on the same line (or oracle sub-line) still decides a
  cell (goal 0), with those split on purpose, whose sentence has no room for the rest of the
  move, counted apart (and the words each would take as one step);
* puzzles whose picture with a blank border of 1 or 2 cells gets the same tier and label (goal:
  all of at least 20);
* the share of the learned set's test-set coverage carried by rules placed in a technique
  (goal >= 90 %; needs the paper's test set);
* trace and grading time against an earlier commit (``--before``, default :data:`BEFORE`: its
  ``nonostudio`` package is unpacked from git into a temporary folder; it and this checkout are
  timed in subprocesses on the same puzzles, alternating, best of ``--rounds``; goal <= 1.5x),
  and against ``complete_moves=False`` (one rule fill per step) in this process.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import ANCHORS, PUZZLES, REPO, require_anchors  # noqa: E402

from nonostudio.analysis.catalogue.technique_moves import player_parts  # noqa: E402
from nonostudio.analysis.catalogue.techniques import BY_ID, CATALOGUE  # noqa: E402
from nonostudio.analysis.defaults import DEFAULT_RULE_SET  # noqa: E402
from nonostudio.analysis.explaining.narrate import seen_line  # noqa: E402
from nonostudio.analysis.explaining.premises import part_premise  # noqa: E402
from nonostudio.analysis.explaining.step_text import (  # noqa: E402
    BODY_WORDS,
    gather_premises,
    step_sentence,
)
from nonostudio.analysis.grades.difficulty import grade  # noqa: E402
from nonostudio.analysis.tracing.steps import LINE, RULE  # noqa: E402
from nonostudio.analysis.tracing.trace import rule_trace  # noqa: E402
from nonostudio.core.formats import read_all, read_entries  # noqa: E402
from nonostudio.core.line import UNKNOWN, Line  # noqa: E402
from nonostudio.core.puzzle import Puzzle  # noqa: E402
from nonostudio.rules.measuring.oracle import decompose  # noqa: E402
from nonostudio.rules.ruleset import load_rule_set  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "analysis"))
from ladder import easiest_order  # noqa: E402
from sentence_checker import TooMany, arrangements, check_trace  # noqa: E402
from sentence_checker import _holder as holder_of  # noqa: E402

BEFORE = "f0f73d8"  # the last commit before sentences from premises (the one before: d821211)
JANKO = "janko-puzzlekit/Nonogram_dataset.json"

# Timed in a subprocess whose PYTHONPATH holds the package to time (an earlier commit's or this
# checkout's), so both run under the same conditions.
_TIME_SCRIPT = r"""
import json, sys, time
try:
    from nonostudio.analysis.grades.difficulty import grade
    from nonostudio.analysis.tracing.trace import rule_trace
except ImportError:  # the code before analysis had subpackages
    from nonostudio.analysis.difficulty import grade
    from nonostudio.analysis.trace import rule_trace
from nonostudio.core.formats import read_all, read_entries
from nonostudio.rules.ruleset import load_rule_set
specs, rules, root = json.loads(sys.stdin.read())
rule_set = load_rule_set(rules)
out = []
for file, item in specs:
    path = root + "/" + file
    puzzle = dict(read_entries(path))[item]() if item else read_all(path)[0][1]
    t0 = time.process_time(); rule_trace(puzzle, rule_set.rules, rule_set=rules)
    t1 = time.process_time(); grade(puzzle, rule_set); t2 = time.process_time()
    out.append([t1 - t0, t2 - t1])
print(json.dumps(out))
"""


def _spaced(rows: list[dict[str, str]], n: int) -> list[dict[str, str]]:
    if n >= len(rows):
        return rows
    return [rows[round(i * (len(rows) - 1) / (n - 1))] for i in range(n)] if n > 1 else rows[:1]


def choose(jwilk: int, janko: int) -> list[tuple[str, str]]:
    """``(file, item)`` of evenly spaced 15x15–30x30 jwilk and Janko puzzles that pbnsolve calls
    unique (INDEX.csv)."""
    with open(PUZZLES / "INDEX.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))

    def fits(r: dict[str, str]) -> bool:
        return (
            15 <= int(r["width"]) <= 30
            and 15 <= int(r["height"]) <= 30
            and r["pbnsolve_u_b"].startswith("unique")
        )

    jw = [r for r in rows if r["source"] == "jwilk-nonogram" and fits(r)]
    jk = [r for r in rows if r["source"] == "janko-puzzlekit" and fits(r)]
    return [(r["file"], "") for r in _spaced(jw, jwilk)] + [
        (r["file"], r["item"]) for r in _spaced(jk, janko)
    ]


def load(specs: list[tuple[str, str]]) -> list[tuple[str, Puzzle]]:
    janko = dict(read_entries(PUZZLES / JANKO))
    out = []
    for file, item in specs:
        puzzle = janko[item]() if item else read_all(PUZZLES / file)[0][1]
        out.append((item or Path(file).name, puzzle))
    return out


def bordered(puzzle: Puzzle, border: int) -> Puzzle:
    blank: tuple[tuple[int, ...], ...] = ((),) * border
    return Puzzle(blank + puzzle.rows + blank, blank + puzzle.cols + blank)


def incomplete_steps(trace) -> tuple[int, list[int]]:
    """``(steps after which the step's technique still decides a cell of its (sub-)line for a
    reason other than the sentence's word budget, the words each budget-split step's whole move
    would take)``.  A step is split on purpose when its sentence has no room for the rest of the
    move (``step_text.BODY_WORDS``): gathered again with no budget, its premises then decide
    all of the move."""
    puzzle = trace.puzzle
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    other, split = 0, []
    for step in trace.steps:
        if step.kind in (RULE, LINE) and step.technique in BY_ID:
            seen = seen_line(puzzle, grid, step)
            offset = 0 if step.subline is None else step.subline[0]
            along = 1 if step.axis == "row" else 0
            after = list(seen.cells)
            for cell in step.cells:
                after[cell[along] - offset] = cell[2]
            move = BY_ID[step.technique].apply(seen.hints, after)
            if move != tuple(after):
                words = _whole_move_words(puzzle, grid, step, seen, move)
                if words is None:
                    other += 1
                else:
                    split.append(words)
        for r, c, v in step.cells:
            grid[r, c] = v
    return other, split


def _whole_move_words(puzzle: Puzzle, grid: np.ndarray, step, seen, move) -> int | None:
    """The words of the step's sentence with no word budget, when its premises then decide the
    technique's whole move on the (sub-)line (None: they do not)."""
    index = step.index
    cells = grid[index] if step.axis == "row" else grid[:, index]
    hints = puzzle.rows[index] if step.axis == "row" else puzzle.cols[index]
    line = Line(hints, tuple(int(v) for v in cells))
    sub = None
    if step.subline is not None:
        sub = next(
            p
            for p in [*player_parts(line.hints, line.cells), *decompose(line)]
            if (p.cell_start, p.cell_end) == step.subline
        )
    premises = []
    if sub is not None:
        premises.append(
            {"say": "part", "claims": part_premise(hints, line.cells, sub), "cells": []}
        )
    decided = gather_premises(
        step.technique,
        step.axis,
        line,
        seen,
        0 if sub is None else sub.cell_start,
        0 if sub is None else sub.hint_start,
        sub is not None,
        premises,
        budget=10**9,
    )
    whole = list(seen.cells)
    for p, v in decided.items():
        whole[p] = v
    if tuple(whole) != move:
        return None
    text = step_sentence(step.technique, step.axis, index, line.hints, line.size, premises)
    return len(text.text.split())


def part_reasons_count(trace) -> tuple[int, int]:
    """``(part premises with blocks matched to clues as their reason, all of them)``."""
    parts = [p for s in trace.steps for p in s.premises if p["say"] == "part"]
    return sum(any(c["claim"] == "holders" for c in p["claims"]) for p in parts), len(parts)


# A "can only be" statement's reason, as the words give it: the block is the line's first or
# last (the clues' order), no other clue is that long, or what keeps the others off comes first
# ("…, so the block at cells 5–8 can only be …"); a part's first or last ("cells 9–30 hold only
# the clues 5 2; the first box there, at cell 13, can only be …")
_EDGE_REASON = re.compile(
    r"(first|last)( and last)? (block|box|boxes|blocks)(, | of [^,]*, | there, )at [^,]*, $"
)
# ("So the block at …" opening a sentence: the sentence before it is its reason)
_SOLE_REASON = re.compile(r"\b[Ss]o the (block|box|boxes|blocks) at [^,.;:]* $")
# ("…, the clues after it could not hold the boxes at …, so it can only be …": the boxes each
# other clue would leave unheld, the block named in them; "no clue before it could hold",
# "nor if it were the fourth could the clue / any clue after it hold")
_STRANDED_REASON = re.compile(
    r"\bcould (not hold|hold|(the clues?|any clue) \w+ (it|them) hold) [^.;:]*, so (it|they) $"
)
_ONLY_CLUE = re.compile(r"the \d+\b")  # the line's one clue ("can only be the 10 starting …")
# the part just stated holds only that clue ("cells 9–25 hold only the second clue, 10; the box
# at cells 9–10 can only be the second clue, 10, …": Edges and walls on the part)
_PART_REASON = re.compile(r"holds? only (the \w+ clue, \d+|the \d+); the [^;]* $")
# the blocks on one side counted, every cell there decided ("the third block, at cells 9–10,
# every cell before it decided, can only be …"; "the second and third blocks, at …, every cell
# before them decided, …"; "…, every cell after it decided but cell 16, …": the cell next to it)
_COUNTED_REASON = re.compile(
    r"the [\w-]+( and [\w-]+)? (block|blocks), at [^,]*, every cell (before|after) (it|them) "
    r"decided( but cells? [\d, ]+)?, $"
)
# a block walled in and the only clue exactly that long ("the block at cell 17, walled in, can
# only be the third clue, 1, the only 1"), or the only other, the rest named before ("…, the
# only other 1")
_WALLED_REASON = re.compile(r"walled in, $")
# no room between the block and one said before for the next clue ("the block at cell 9,
# walled in, with no room for the third clue, 2, in cells 3–8 before it, can only be …"), or
# for the clues up to one together ("… with no room for the third and fourth clues, 1 and 2, …")
_ROOM_REASON = re.compile(
    r"with no room for the ([\w-]+|[\w, -]+ and [\w-]+) clues?, [\d, and]+, in cells? [\d–]+ "
    r"(before|after) it, $"
)
# too far from its neighbours to share their clues ("the block at cell 13, too far from the first
# and last blocks for one 4 and one 3, can only be the second clue, 2")
_APART_REASON = re.compile(
    r"too far from (the first and last blocks for one \d+ and one \d+|[^,;.]* for one \d+ and "
    r"from [^,;.]* for one \d+), $"
)
# no room on either side for one clue more than it leaves there ("the block at cell 16, with
# room for only two clues before it and only three after it, can only be the third clue, 1")
_SIDES_REASON = re.compile(
    r"with room for (no clue|only one clue|only \w+ clues) before it and (none|only \w+) after "
    r"it, $"
)
# or on one side as many blocks, each another clue ("…, with room for only five clues before it
# and five blocks there set apart by crosses, can only be the sixth clue, 1"; "…, too far from
# each other and from it for one clue", "…, set apart by crosses or too far apart for one
# clue"), the farthest block there too long for the clues making up the count ("…, with room
# for only two clues before it and one block there set apart by a cross, too long for the first
# clue, 1, …"), or none there ("…, with room for no clue after it, can only be the fifth clue, 6")
_ROOM_APART_REASON = re.compile(
    r"with room for (only \w+ clues? (before|after) it and \w+ blocks? there( set apart by "
    r"(a cross|crosses)|, too far from (it|each other and from it) for one clue|, set apart by "
    r"crosses or too far apart for one clue)((,| and)( the (first|last))? too long for the "
    r"(first|last)( \w+)? clues?, \d+( and \d+)?)?|no clue (before|after) it), $"
)
# as many blocks on each side as clues there ("the block at cell 9, with one block before it and
# three after it, set apart by crosses, can only be the second clue, 1")
_BLOCKS_APART_REASON = re.compile(
    r"with \w+ blocks? before it and \w+ after it, (set apart by crosses( or too far apart for "
    r"one clue)?|too far apart for one clue), $"
)
# no room on one side for a clue more, the box's stretch too short for those ("the box at cell
# 24, with room for only one clue after it, walled in cells 24–25, too short for the last clue,
# 3, can only be the sixth clue, 2")
_ROOM_STRETCH_REASON = re.compile(
    r"with room for only \w+ clues? (before|after) it, walled in( cells? [\d–]+)?, too short for "
    r"the (first|last)( \w+)? clues?, \d+( and \d+)?, $"
)
# no room on one side for a clue more, the box too long for those ("the block at cells 6–7, with
# room for only one clue before it, too long for the first clue, 1, can only be the second clue, 2")
_ROOM_LONG_REASON = re.compile(
    r"with room for only \w+ clues? (before|after) it, too long for the (first|last)( \w+)? "
    r"clues?, \d+( and \d+)?, $"
)
# past a cross too near the next block for another clue, the two one clue ("the box at cell 14,
# past the cross at cell 12 too near the block at cells 16–24 for another clue, together too
# long for every other clue, can only be the third clue, 12")
_NEAR_REASON = re.compile(
    r"(past the cross at cell \d+ too near the (block|box) at cells? [\d–]+|with the (block|box) "
    r"at cells? [\d–]+ too near past the cross at cell \d+) for another clue, together too long "
    r"for every other clue, $"
)
_ONLY_SIZE = re.compile(r"the \w+ clue, (\d+), the only (other )?\1\b")
_LONG_REASON = re.compile(
    r"(the \w+ clue, \d+|the \d+|the \w+ and \w+ clues, \d+ and \d+), the only clues? that long"
)


def holder_reasons(trace, show: str | None = None) -> tuple[int, int]:
    """``("can only be" statements in the steps' words, those giving no reason)``: a block or
    box said to be one clue, without saying it is the line's first or last, the only clue that
    long, or what keeps the other clues off it (on a line of one clue, that is the reason; in a
    part of the line just said to hold only that clue, so is the part).  With ``show`` (the
    puzzle's name), each statement without a reason is printed with its step (numbered as
    ``explain`` numbers them), line, clue, cells before the step and technique."""
    said = bare = 0
    puzzle = trace.puzzle
    grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    for number, step in enumerate(trace.steps, 1):
        found = _bare_statements(step)
        said, bare = said + found[0], bare + len(found[1])
        if show is not None and found[1]:
            row = step.axis == "row"
            cells = grid[step.index] if row else [r[step.index] for r in grid]
            clue = (puzzle.rows if row else puzzle.cols)[step.index]
            line = "".join({UNKNOWN: ".", 0: "x", 1: "#"}[int(c)] for c in cells)
            for at in found[1]:
                print(
                    f"    NO REASON {show} step {number} {step.axis} {step.index + 1} "
                    f"({step.technique}) clue {' '.join(map(str, clue))} {line}: "
                    f"…{step.text[max(0, at - 60) : at + 40]}…"
                )
        for r, c, v in step.cells:
            grid[r][c] = v
    return said, bare


def _bare_statements(step) -> tuple[int, list[int]]:
    """``(the "can only be" statements of a step's words, where those without a reason are)``
    (:func:`holder_reasons`)."""
    said = 0
    bare = []
    for m in re.finditer(r"can only be ", step.text):
        said += 1
        before, after = step.text[: m.start()], step.text[m.end() :]
        part = _PART_REASON.search(before)
        if not (
            (part and after.startswith(part.group(1)))
            or _EDGE_REASON.search(before)
            or _COUNTED_REASON.search(before)
            or _ROOM_REASON.search(before)
            or _APART_REASON.search(before)
            or _SIDES_REASON.search(before)
            or _ROOM_APART_REASON.search(before)
            or _BLOCKS_APART_REASON.search(before)
            or _ROOM_STRETCH_REASON.search(before)
            or _NEAR_REASON.search(before)
            or _ROOM_LONG_REASON.search(before)
            or (_WALLED_REASON.search(before) and _ONLY_SIZE.match(after))
            or _SOLE_REASON.search(before)
            or _STRANDED_REASON.search(before)
            or _LONG_REASON.match(after)
            or _ONLY_CLUE.match(after)
        ):
            bare.append(m.start())
    return said, bare


def impossible_holders(trace) -> tuple[int, int]:
    """``(Edges and walls premises offering several holders of a box, those naming one that
    cannot hold it in any arrangement of the line)``, by brute force."""
    puzzle = trace.puzzle
    grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    offered = wrong = 0
    for step in trace.steps:
        if step.axis in ("row", "column") and any(p["say"] == "glue" for p in step.premises):
            row = step.axis == "row"
            line = list(grid[step.index]) if row else [r[step.index] for r in grid]
            clues = puzzle.rows[step.index] if row else puzzle.cols[step.index]
            hints = tuple(h for h in clues if h > 0)
            for k in sorted({p.get("round", 0) for p in step.premises}):
                premises = [p for p in step.premises if p.get("round", 0) == k]
                try:
                    fits = arrangements(hints, line)
                except TooMany:
                    break
                for premise in premises:
                    if premise["say"] != "glue":
                        continue
                    (b,) = [c for c in premise["claims"] if c["claim"] == "block"]
                    span = (b["start"], b["end"])
                    (held,) = [
                        c
                        for c in premise["claims"]
                        if c["claim"] == "holders" and (c["start"], c["end"]) == span
                    ]
                    if len(held["clues"]) > 1:
                        offered += 1
                        real = {holder_of(hints, a, *span) for a in fits}
                        wrong += bool(set(held["clues"]) - real)
                for premise in premises:
                    for p, v in premise["cells"]:
                        line[p] = v
        for r, c, v in step.cells:
            grid[r][c] = v
    return offered, wrong


def chain_lengths(trace) -> list[int]:
    """Line steps in each contradiction's chain (a chained one: all three chains)."""
    return [
        sum(p["say"] in ("forced", "dead") for p in s.premises)
        for s in trace.steps
        if s.technique in ("contradiction", "deep_contradiction")
    ]


def teaching_faults(trace) -> tuple[int, int, int]:
    """``(steps using a harder technique than the easiest deciding a cell anywhere, line steps
    with an unstated premise, contradiction or search steps while line logic could go on)``."""
    puzzle = trace.puzzle
    order = [t.id for t in CATALOGUE]
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    harder = unstated = early = 0
    for step in trace.steps:
        easiest = easiest_order(puzzle, grid)
        if step.kind in (RULE, LINE):
            if easiest is not None and order.index(step.technique) > easiest:
                harder += 1
            parts = [p for p in step.premises if p["say"] == "part"]
            if not step.premises or (step.subline is not None and not parts):
                unstated += 1
        elif easiest is not None:
            early += 1
        for r, c, v in step.cells:
            grid[r, c] = v
    return harder, unstated, early


def _timed(path: str, specs: list[tuple[str, str]], rules: str) -> list[list[float]] | None:
    env = dict(os.environ, PYTHONPATH=path)
    done = subprocess.run(
        [sys.executable, "-c", _TIME_SCRIPT],
        cwd=path,
        env=env,
        input=json.dumps([specs, rules, str(PUZZLES)]),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        print(f"  (timing the code in {path} failed: {done.stderr.strip()[-300:]})")
        return None
    return json.loads(done.stdout)


def compare_times(
    specs: list[tuple[str, str]], rules: str, commit: str, rounds: int
) -> tuple[list[list[float]], list[list[float]]] | None:
    """Trace and grade seconds per puzzle with the ``nonostudio`` package of ``commit`` and with
    this checkout, each in its own subprocess, alternating for ``rounds`` rounds; the fastest
    time of each puzzle is kept (the machine is shared)."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", commit, "nonostudio"],
            capture_output=True,
            check=False,
        )
        if archive.returncode:
            print(f"  (cannot unpack {commit}: {archive.stderr.decode().strip()})")
            return None
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        link = Path(tmp) / "nonostudio" / "_resources"
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(REPO / "resources")
        runs: dict[str, list[list[list[float]]]] = {"old": [], "new": []}
        for _ in range(rounds):
            for key, path in (("old", tmp), ("new", str(REPO))):
                got = _timed(path, specs, rules)
                if got is None:
                    return None
                runs[key].append(got)

    def best(series: list[list[list[float]]]) -> list[list[float]]:
        return [[min(r[i][j] for r in series) for j in range(2)] for i in range(len(specs))]

    return best(runs["old"]), best(runs["new"])


def pct(values: list[int] | list[float], q: float) -> float:
    return float(np.percentile(values, q))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jwilk", type=int, default=12, help="jwilk puzzles (default 12)")
    parser.add_argument("--janko", type=int, default=12, help="Janko puzzles (default 12)")
    parser.add_argument(
        "--rules", default=DEFAULT_RULE_SET, help="rule set (default: the studio's default)"
    )
    parser.add_argument("--before", default=BEFORE, help=f"commit to time against ({BEFORE})")
    parser.add_argument(
        "--rounds",
        type=int,
        default=2,
        help="alternating timing rounds, old and new code (default 2)",
    )
    parser.add_argument(
        "--bare",
        action="store_true",
        help='print each "can only be" statement giving no reason (step, line, clue, cells)',
    )
    parser.add_argument(
        "--skip-coverage",
        action="store_true",
        help="leave out the coverage share (placement takes ~15 s)",
    )
    args = parser.parse_args()
    require_anchors()
    rule_set = load_rule_set(args.rules)
    specs = choose(args.jwilk, args.janko)
    puzzles = load(specs)
    print(f"{len(puzzles)} puzzles (15x15 to 30x30, jwilk and Janko), rules {rule_set.name!r}")

    distinct, words, steps, named, incomplete = [], [], 0, 0, 0
    split_words: list[int] = []
    checked = skipped = false_steps = harder = unstated = early = 0
    reasoned = parts = 0
    holders_said = holders_bare = 0
    offered = offered_wrong = 0
    chains: list[int] = []
    searches = 0
    false_by: dict[str, int] = {}
    checked_by: dict[str, int] = {}
    tiers_differ = []
    other_sets = [load_rule_set(n) for n in ("control", "concise", "learned") if n != args.rules]
    trace_s, grade_s, fills_s, same, borders = [], [], [], 0, 0
    for i, (name, puzzle) in enumerate(puzzles):
        t0 = time.perf_counter()
        trace = rule_trace(puzzle, rule_set.rules, rule_set=rule_set.name)
        t1 = time.perf_counter()
        graded = grade(puzzle, rule_set)
        t2 = time.perf_counter()
        rule_trace(puzzle, rule_set.rules, complete_moves=False)
        fills_s.append(time.perf_counter() - t2)
        trace_s.append(t1 - t0)
        grade_s.append(t2 - t1)
        techniques = {s.technique for s in trace.steps if s.technique}
        distinct.append(len(techniques))
        steps += len(trace.steps)
        named += sum(1 for s in trace.steps if s.technique in BY_ID)
        words += [len(s.text.split()) for s in trace.steps]
        bad, split = incomplete_steps(trace)
        incomplete += bad
        split_words += split
        c, k, problems = check_trace(trace)
        checked, skipped = checked + c, skipped + k
        wrong_steps = {p.split(" (", 1)[0] for p in problems}
        false_steps += len(wrong_steps)
        for step in trace.steps:
            if step.premises:
                checked_by[step.technique] = checked_by.get(step.technique, 0) + 1
        for number in wrong_steps:
            technique = trace.steps[int(number.split()[1]) - 1].technique
            false_by[technique] = false_by.get(technique, 0) + 1
        for problem in problems[:2]:
            print(f"    FALSE: {problem}")
        a, b = holder_reasons(trace, name if args.bare else None)
        holders_said, holders_bare = holders_said + a, holders_bare + b
        a, b = impossible_holders(trace)
        offered, offered_wrong = offered + a, offered_wrong + b
        a, b = part_reasons_count(trace)
        reasoned, parts = reasoned + a, parts + b
        chains += chain_lengths(trace)
        searches += sum(s.technique == "search" for s in trace.steps)
        h, u, e = teaching_faults(trace)
        harder, unstated, early = harder + h, unstated + u, early + e
        others = {rs.name: grade(puzzle, rs).tier for rs in other_sets}
        if set(others.values()) != {graded.tier}:
            tiers_differ.append(f"{name}: {rule_set.name} {graded.tier}, {others}")
        border = 1 + i % 2
        framed = grade(bordered(puzzle, border), rule_set)
        borders += 1
        ok = (framed.tier, framed.label) == (graded.tier, graded.label)
        same += ok
        print(
            f"  {name:<28} {puzzle.size_text:>6} {len(trace.steps):>4} steps "
            f"{len(techniques):>2} techniques  tier {graded.tier} {graded.label:<8} "
            f"border {border}: {'same' if ok else 'DIFFERENT'}  incomplete {bad}+{len(split)}  "
            f"trace {t1 - t0:.2f} s grade {t2 - t1:.2f} s"
        )

    words.sort()
    print()
    print(
        f"distinct techniques per puzzle: median {statistics.median(distinct)} "
        f"(min {min(distinct)}, max {max(distinct)}; goal <= 10)"
    )
    print(
        f"steps named by a catalogued technique: {named} of {steps} "
        f"({100 * named / steps:.1f} %; goal 100 %)"
    )
    print(
        f"words per step: median {statistics.median(words)}, p95 {pct(words, 95):.0f}, "
        f"max {words[-1]} (goal median <= 40, p95 <= 70)"
    )
    print(
        f"steps after which the same technique on the same line still decides a cell: "
        f"{incomplete + len(split_words)} (goal 0): {incomplete} for another reason, "
        f"{len(split_words)} split on purpose, the rest of the move passing the sentence's "
        f"{BODY_WORDS}-word budget"
    )
    if split_words:
        split_words.sort()
        print(
            f"  those {len(split_words)} as one step each: words median "
            f"{statistics.median(split_words)}, max {split_words[-1]}, over 100: "
            f"{sum(w > 100 for w in split_words)}"
        )
    print(f"blank border of 1-2 cells, same tier and label: {same} of {borders} (goal: all)")
    print(
        f"false sentences found by the independent checker: {false_steps} of {checked} line "
        f"steps checked ({skipped} too long to list; goal 0)"
    )
    for technique in sorted(checked_by, key=lambda t: -checked_by[t]):
        print(
            f"  {BY_ID[technique].name:<24} {false_by.get(technique, 0):>4} false of "
            f"{checked_by[technique]:>5}"
        )
    print(f"line steps resting on an unstated premise: {unstated} (goal 0)")
    print(
        f'"can only be" statements (a block or box is one clue) giving no reason: '
        f"{holders_bare} of {holders_said} (goal 0)"
    )
    print(
        f"Edges and walls premises offering a box's holders that name one unable to hold it "
        f"(brute force): {offered_wrong} of {offered} offering several"
    )
    print(
        f"parts stated with blocks matched to clues as their reason: {reasoned} of "
        f"{parts} (the others state the part as a checked fact)"
    )
    if chains:
        print(
            f"contradiction steps: {len(chains)}, chain line steps median "
            f"{statistics.median(chains)}, p90 {pct(chains, 90):.0f}, max {max(chains)} "
            f"(goal median <= 4); search (guess) steps: {searches}"
        )
    print(
        f"steps using a technique while an easier one decides cells elsewhere: {harder} of "
        f"{steps} (goal 0); contradiction/search steps while line logic could go on: {early}"
    )
    print(
        f"puzzles whose tier differs between control, concise and learned: "
        f"{len(tiers_differ)} of {len(puzzles)} (goal 0)"
    )
    for line in tiers_differ:
        print(f"  {line}")

    if not args.skip_coverage:
        testing = ANCHORS / "butler" / "testing-set.json"
        if testing.is_file():
            from nonostudio.analysis.catalogue.placement import coverage_share, place_all
            from nonostudio.rules.measuring.coverage import load_transitions

            transitions = load_transitions(testing)
            learned = load_rule_set("learned")
            t0 = time.perf_counter()
            share = coverage_share(learned, place_all(learned.rules, transitions), transitions)
            print(
                f"learned set's test coverage carried by placed rules: {share.placed} of "
                f"{share.covered} cells ({100 * share.share:.1f} %; goal >= 90 %; "
                f"{time.perf_counter() - t0:.1f} s)"
            )
        else:
            print("learned set's coverage share: the paper's test set is not there")

    total_trace, total_grade = sum(trace_s), sum(grade_s)
    print(
        f"time, {len(puzzles)} puzzles: trace {total_trace:.2f} s, grade {total_grade:.2f} s "
        f"(median trace {statistics.median(trace_s):.3f} s, grade "
        f"{statistics.median(grade_s):.3f} s)"
    )
    print(
        f"  rule-fill steps (complete_moves=False) in this run: trace {sum(fills_s):.2f} s "
        f"-> complete moves {total_trace / sum(fills_s):.2f}x"
    )
    compared = compare_times(specs, rule_set.name, args.before, args.rounds)
    if compared is not None:
        old, new = compared
        old_trace, old_grade = sum(t for t, _ in old), sum(g for _, g in old)
        new_trace, new_grade = sum(t for t, _ in new), sum(g for _, g in new)
        print(
            f"  before ({args.before}) and now, each in a subprocess, CPU seconds (the machine "
            f"is shared), best of {args.rounds} alternating rounds: trace {old_trace:.2f} -> "
            f"{new_trace:.2f} s "
            f"({new_trace / old_trace:.2f}x), grade {old_grade:.2f} -> {new_grade:.2f} s "
            f"({new_grade / old_grade:.2f}x) (goal <= 1.5x)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
