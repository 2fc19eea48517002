"""The state of one rule-based trace and the steps it takes with rules and techniques.

:class:`Tracer` holds the grid, the queue of lines to look at and the steps so far; it finds a
line's next rule step (the rule's fill, or with complete moves the move of the technique the
fill belongs to) and checks every cell a step decides against the exact line solver.  The
fallbacks beyond the rules are in :mod:`nonostudio.analysis.tracing.trace_fallbacks`; the loop that
drives both is :func:`nonostudio.analysis.tracing.trace.rule_trace`.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Sequence
from typing import Any

import numpy as np

from nonostudio.analysis.catalogue.technique_moves import normal_clues, player_parts
from nonostudio.analysis.catalogue.techniques import (
    CATALOGUE,
    DECIDES_ONLY,
    FALLBACK,
    MOVES,
    ORDER,
)
from nonostudio.analysis.explaining.naming import line_name, value_name
from nonostudio.analysis.explaining.premises import part_premise
from nonostudio.analysis.explaining.step_text import gather_premises, step_sentence
from nonostudio.analysis.tracing.rule_fills import RuleFills
from nonostudio.analysis.tracing.steps import LINE, RULE, BoundElement, Step
from nonostudio.analysis.tracing.trial_memory import TrialMemory
from nonostudio.analysis.tracing.unsound import UnsoundRuleError, UnsoundTechniqueError
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.core.linesolver import solve_cells
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.interpreter import Element, RuleFill
from nonostudio.rules.measuring.oracle import SubLine, decompose

LineKey = tuple[str, int]  # ("row" | "column", index)
_MATCHING = ORDER["matching"]
_Hit = tuple[str, bool, dict[str, Element], int, list[int]]  # rule, flipped, env, value, new


def _part_premise(line: Line, sub: SubLine) -> dict[str, Any]:
    """The premise that the part ``sub`` of the line holds its clues and no other, with the
    blocks matched to clues that show the cut (:func:`part_premise`)."""
    return {"say": "part", "claims": part_premise(line.hints, line.cells, sub), "cells": []}


def _bound(env: dict[str, Element]) -> dict[str, BoundElement]:
    return {name: (el.type.value, el.index, el.start, el.size) for name, el in env.items()}


class Tracer:
    """The state of one trace: the grid, the queue of lines to look at and the steps so far."""

    def __init__(
        self,
        puzzle: Puzzle,
        rules: Sequence[Rule],
        start_grid: np.ndarray | None = None,
        complete_moves: bool = True,
    ) -> None:
        self.puzzle = puzzle
        # Line states remembered per cache (line solves, moves, first fills): about 4 million
        # cells' worth, so that memory stays bounded on large puzzles.
        self.cache_room = max(1_000, 4_000_000 // max(puzzle.width, puzzle.height, 1))
        self.fills = RuleFills(rules, self.cache_room)  # the rules compiled, first fills kept
        self.complete = complete_moves
        self._moves: dict[tuple[str, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
        self._first: dict[tuple[tuple[int, ...], tuple[int, ...]], str] = {}
        if start_grid is None:
            self.grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
        else:
            self.grid = [[int(v) for v in row] for row in start_grid]
        self.columns = [list(column) for column in zip(*self.grid, strict=True)]  # the grid,
        # transposed (kept in step with it)
        if not self.columns:
            self.columns = [[] for _ in range(puzzle.width)]
        self.unknown = sum(row.count(UNKNOWN) for row in self.grid)
        self.steps: list[Step] = []
        self.queue: deque[LineKey] = deque()
        self.queued: set[LineKey] = set()
        self._forced: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None] = {}
        # Each line's last state with its maximal transition (see _still_forced).
        self._latest: dict[LineKey, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.trials = TrialMemory(puzzle)  # depth-1 trials remembered across probe steps
        # Lines line logic decides nothing more on, as they are now (a step touching one drops it).
        self.stuck: set[LineKey] = set()
        self.search: SolveResult | None = None  # the complete solver's result, once it ran
        # Each line's easiest technique and where, as of the line's cells (a tutor's pace).
        self._dirty: set[LineKey] = {("row", r) for r in range(puzzle.height)}
        self._dirty |= {("column", c) for c in range(puzzle.width)}
        self._ranks: list[tuple[tuple[int, int, int], int, LineKey]] = []
        self._version: dict[LineKey, int] = {}
        self._open: dict[LineKey, Line] = {}  # lines line logic decides a cell on
        # The values line logic newly decides cells to on each open line (a technique deciding
        # only the other value decides nothing there).
        self._news: dict[LineKey, tuple[bool, bool]] = {}
        self._parts: dict[LineKey, list[SubLine]] = {}
        self._audited: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()  # line states
        # Lines whose cells changed since audit_all last ran (their states are not yet audited).
        self._unaudited = (set(range(puzzle.height)), set(range(puzzle.width)))
        self._found: dict[LineKey, tuple[SubLine | None, str]] = {}
        for r in range(puzzle.height):
            self.push(("row", r))
        for c in range(puzzle.width):
            self.push(("column", c))

    # ---- grid access ---------------------------------------------------------------------------

    def push(self, key: LineKey) -> None:
        if key not in self.queued:
            self.queued.add(key)
            self.queue.append(key)

    def line(self, axis: str, index: int) -> Line:
        if axis == "row":
            return Line(self.puzzle.rows[index], tuple(self.grid[index]))
        return Line(self.puzzle.cols[index], tuple(self.columns[index]))

    @staticmethod
    def cell(axis: str, index: int, pos: int) -> tuple[int, int]:
        return (index, pos) if axis == "row" else (pos, index)

    def forced(self, axis: str, index: int, line: Line) -> tuple[int, ...]:
        """The line's maximal transition; InconsistentPuzzleError when it has no solution."""
        key = (line.hints, line.cells)
        if key not in self._forced:
            if len(self._forced) > self.cache_room:
                self._forced.clear()
            same = self._still_forced((axis, index), line.cells)
            self._forced[key] = same or solve_cells(line.hints, line.cells)
        out = self._forced[key]
        if out is None:
            raise InconsistentPuzzleError(
                f"the puzzle has no solution: {line_name(axis, index).lower()} {line} cannot be "
                "completed",
                clue=f"{axis} {index + 1}",
            )
        self._latest[(axis, index)] = (line.cells, out)
        return out

    def _still_forced(self, key: LineKey, cells: tuple[int, ...]) -> tuple[int, ...] | None:
        """The maximal transition last worked out on this line, when it is still the line's:
        the cells decided since are all as it has them (None: not known so).  The cells it
        decides are the same in every solution of the earlier state, so deciding them keeps
        every solution, and the solutions, hence their common cells, stay the same."""
        latest = self._latest.get(key)
        if latest is None:
            return None
        before, out = latest
        for now, was, sure in zip(cells, before, out, strict=True):
            if now == UNKNOWN:
                if was != UNKNOWN:
                    return None  # not a later state of the line
            elif now != sure:
                return None
        return out

    def record(self, step: Step) -> None:
        """Decide the step's cells and queue the lines they cross.

        A rule step's own line stays at the head of the queue; a line step's own line is already
        at its maximal transition.
        """
        own_kinds = (RULE,) if self.complete else (RULE, LINE)
        own = (step.axis, step.index) if step.kind in own_kinds else None
        stuck = self.stuck
        dirty = self._dirty
        unaudited_rows, unaudited_cols = self._unaudited
        for r, c, v in step.cells:
            self.grid[r][c] = v
            self.columns[c][r] = v
            unaudited_rows.add(r)
            unaudited_cols.add(c)
            stuck.discard(("row", r))
            stuck.discard(("column", c))
            dirty.add(("row", r))
            dirty.add(("column", c))
            for key in (("row", r), ("column", c)):
                if key != own:
                    self.push(key)
        self.unknown -= len(step.cells)
        self.steps.append(step)

    def check_complete(self) -> None:
        """Every line of a full grid matches its clue (each step was checked only against its
        own line); InconsistentPuzzleError names the first line that does not."""
        for axis, count in (("row", self.puzzle.height), ("column", self.puzzle.width)):
            for index in range(count):
                self.forced(axis, index, self.line(axis, index))

    # ---- rules ---------------------------------------------------------------------------------

    def rule_step(self, axis: str, index: int) -> Step | None:
        """The first rule fill that decides a new cell of this line, on the line or a sub-line
        (with complete moves: the move of the technique it belongs to there)."""
        line = self.line(axis, index)
        if UNKNOWN not in line.cells:
            return None
        self.forced(axis, index, line)  # a contradictory line has no rules and no sub-lines
        if self.complete and not line.hints:
            return self.move_step(RULE, axis, index, line, None, "empty_line")
        sub: SubLine | None = None
        hit = self._first_fill(axis, index, line, line, 0)
        if hit is None:
            for candidate in decompose(line):
                hit = self._first_fill(axis, index, line, candidate.line, candidate.cell_start)
                if hit is not None:
                    sub = candidate
                    break
        if hit is None:
            return None
        name, flipped, env, value, new = hit
        if not self.complete:
            subline = None if sub is None else (sub.cell_start, sub.cell_end)
            return Step(
                RULE,
                axis,
                index,
                name,
                flipped,
                _bound(env),
                tuple((*self.cell(axis, index, p), value) for p in new),
                subline,
            )
        seen = line if sub is None else sub.line
        offset = 0 if sub is None else sub.cell_start
        want = [p - offset for p in new]
        technique = self.covering(seen, want, value)
        return self.move_step(
            RULE, axis, index, line, sub, technique, name, flipped, _bound(env), want=want
        )

    def _first_fill(
        self, axis: str, index: int, line: Line, seen: Line, offset: int
    ) -> _Hit | None:
        """apply_rule's first fill, in its order (rules in order, forward fills before flipped
        ones), that decides a new cell of ``seen``; UnsoundRuleError for a wrong fill.

        Every fill before it consists of cells ``seen`` already has with the fill's value, which
        passes the soundness check and decides nothing.  So which fill is the first one that
        does not depends on ``seen`` alone and is remembered per line state
        (:class:`~nonostudio.analysis.tracing.rule_fills.RuleFills`); that fill is then checked
        against the whole line's line logic every time.
        """
        found = self.fills.first(seen)
        if found is None:
            return None
        name, flipped, env, fill = found
        new = self._check(name, axis, index, line, seen, offset, fill)
        # A fill reaching an undecided cell either decides it or is unsound (raised above); one
        # on decided cells only, not all of its value, is unsound: ``new`` is never empty here.
        return name, flipped, env, fill.value, new

    # ---- techniques ----------------------------------------------------------------------------

    def move(
        self, technique: str, hints: tuple[int, ...], cells: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The technique's complete move on a line state (cached)."""
        key = (technique, hints, cells)
        out = self._moves.get(key)
        if out is None:
            if len(self._moves) > self.cache_room:
                self._moves.clear()
            out = self._moves[key] = MOVES[technique](hints, cells)
        return out

    def covering(self, seen: Line, positions: list[int], value: int) -> str:
        """The easiest line technique whose complete move on ``seen`` sets ``positions`` to
        ``value`` (the exact line solver's "all arrangements agree" covers every sound fill)."""
        for technique in CATALOGUE:
            only = DECIDES_ONLY.get(technique.id, value)
            if only != value and positions:
                continue  # its move decides no cell to ``value``
            out = self.move(technique.id, seen.hints, seen.cells)
            if all(out[p] == value for p in positions):
                return technique.id
        return FALLBACK

    def first_technique(self, line: Line) -> str | None:
        """The easiest line technique that decides a cell of the line (None: none does)."""
        key = (line.hints, line.cells)
        found = self._first.get(key)
        if found is None:
            found = ""
            for technique in CATALOGUE:
                if self.move(technique.id, line.hints, line.cells) != line.cells:
                    found = technique.id
                    break
            self._first[key] = found
        return found or None

    # ---- a tutor's pace -------------------------------------------------------------------------

    def line_open(self, key: LineKey) -> Line | None:
        """The line, when line logic decides a cell there (None: it decides none)."""
        line = self.line(*key)
        if UNKNOWN not in line.cells:
            return None
        forced = self.forced(*key, line)  # a contradictory line has no rules and no parts
        if forced == line.cells:
            return None
        new = {v for v, c in zip(forced, line.cells, strict=True) if c == UNKNOWN}
        self._news[key] = (CROSSED in new, FILLED in new)
        return line

    def decides(self, key: LineKey, k: int) -> tuple[SubLine | None, str] | None:
        """Whether the ``k``-th technique of the catalogue decides a cell on the (open) line,
        first, or, for a technique harder than matching blocks to clues, on one of the parts
        matching cuts the line into: ``(the part, technique)``."""
        technique = CATALOGUE[k].id
        line = self._open[key]
        only = DECIDES_ONLY.get(technique)
        if only is not None and k <= _MATCHING and not self._news[key][only]:
            # A sound move decides only cells line logic decides, to the same values: this one
            # decides none here (and is not tried on parts).
            return None
        hints = normal_clues(line.hints)
        if technique == "empty_line" and hints:  # (quick tests of the two simplest)
            pass
        elif technique == "line_complete" and line.cells.count(FILLED) != sum(hints):
            pass
        elif self.move(technique, line.hints, line.cells) != line.cells:
            return None, technique
        if k <= _MATCHING:
            return None  # on the parts matching makes, the easier moves are matching's own
        parts = self._parts.get(key)
        if parts is None:
            parts = self._parts[key] = player_parts(line.hints, line.cells)
        for part in parts:
            if self.move(technique, part.line.hints, part.line.cells) != part.line.cells:
                return part, technique
        return None

    def audit_all(self) -> None:
        """:meth:`audit` every line with an undecided cell (rows, then columns, in order).  A line
        whose cells did not change since the last call is not looked at again: its state passed
        then (the audit of a line state depends on that state alone), so it passes again."""
        for axis, changed in zip(("row", "column"), self._unaudited, strict=True):
            for index in sorted(changed):
                line = self.line(axis, index)
                if UNKNOWN in line.cells:
                    self.audit(axis, index, line)
            changed.clear()

    def audit(self, axis: str, index: int, line: Line) -> None:
        """Check the rule set's first fill on the line (or, with none there, on the oracle's
        parts of it) against line logic: UnsoundRuleError for a wrong one.  The tutor's steps
        check every line at the start, the fill on the line they take, and every line where
        line logic is stuck."""
        state = (line.hints, line.cells)
        if state in self._audited:  # the same line state passed before: it passes again
            return
        if self._first_fill(axis, index, line, line, 0) is None:
            for part in decompose(line):
                self._first_fill(axis, index, line, part.line, part.cell_start)
        if len(self._audited) > self.cache_room:
            self._audited.clear()
        self._audited.add(state)

    def easiest_step(self, *, need_rule: bool = False) -> Step | None:
        """A tutor's next step: the easiest technique that decides a cell anywhere in the grid
        (ties: rows before columns, top to bottom and left to right, as a player reads the
        grid; on a line, the whole line or the part where it decides most), as a rule step
        when the rule set's first fill there is part of it, else as a step beyond the rules
        (None: line logic is stuck; with ``need_rule``, also when the easiest step is beyond
        the rules)."""
        # Each line waits in a heap under the easiest technique not yet ruled out for it (its
        # rank: that technique's order, then reading order); the top is tried with that
        # technique, and either decides a cell there (the step) or goes back one technique
        # harder.  A line whose cells changed starts again from the easiest (an entry is
        # current while its version is the line's).
        heap, version, found = self._ranks, self._version, self._found
        for key in self._dirty:  # opened when they come to the top
            version[key] = version.get(key, 0) + 1
            found.pop(key, None)
            self._open.pop(key, None)
            self._news.pop(key, None)
            self._parts.pop(key, None)
            heapq.heappush(heap, ((0, 0 if key[0] == "row" else 1, key[1]), version[key], key))
        self._dirty.clear()
        last = len(CATALOGUE) - 1
        while heap:
            rank, current, key = heap[0]
            if current != version[key]:
                heapq.heappop(heap)
                continue
            if key in found:
                break
            if key not in self._open:
                line = self.line_open(key)
                if line is None:
                    heapq.heappop(heap)
                    continue
                self._open[key] = line
            hit = self.decides(key, rank[0])
            if hit is not None:
                found[key] = hit
                break
            heapq.heappop(heap)
            if rank[0] < last:
                heapq.heappush(heap, ((rank[0] + 1, rank[1], rank[2]), current, key))
        if not heap:  # line logic is stuck: check the rules' fills on every line first
            self.audit_all()
            return None
        axis, index = heap[0][2]
        part, technique = found[(axis, index)]
        line = self.line(axis, index)
        seen = line if part is None else part.line
        offset = 0 if part is None else part.cell_start
        first = self.fills.first(seen)
        if first is not None:
            name, flipped, env, fill = first
            new = self._check(name, axis, index, line, seen, offset, fill)
            want = [p - offset for p in new]
            after = self.move(technique, seen.hints, seen.cells)
            if all(after[p] == fill.value for p in want):
                return self.move_step(
                    RULE, axis, index, line, part, technique, name, flipped, _bound(env), want=want
                )
        if technique == "empty_line":  # needs no rule (as in rule_step)
            return self.move_step(RULE, axis, index, line, part, technique)
        if need_rule:
            return None
        return self.move_step(LINE, axis, index, line, part, technique, note="beyond the rules")

    def move_step(
        self,
        kind: str,
        axis: str,
        index: int,
        line: Line,
        sub: SubLine | None,
        technique: str,
        rule: str | None = None,
        flipped: bool = False,
        env: dict[str, BoundElement] | None = None,
        note: str = "",
        want: Sequence[int] = (),
    ) -> Step:
        """The technique's move on the line (or the oracle's sub-line ``sub``) as a step, with
        the premises it states (:func:`~nonostudio.analysis.explaining.step_text.gather_premises`:
        round by round, as many as its sentence has room for, those deciding the cells ``want`` —
        the rule's fill, positions of the line the move was made on — first); the rule is named only
        when the step decides all of them.  Every cell is checked against the exact line solver."""
        seen = line if sub is None else sub.line
        offset = 0 if sub is None else sub.cell_start
        clue_offset = 0 if sub is None else sub.hint_start
        sub_line = sub is not None
        premises = [] if sub is None else [_part_premise(line, sub)]
        decided = gather_premises(
            technique, axis, line, seen, offset, clue_offset, sub_line, premises, want
        )
        if not decided:  # every move's first round has a witness (tested); the exact one is sure
            technique = FALLBACK
            decided = gather_premises(
                technique, axis, line, seen, offset, clue_offset, sub_line, premises, want
            )
        if not set(want) <= set(decided):
            rule, flipped, env = None, False, None
        forced = self.forced(axis, index, line)
        cells = []
        for q in sorted(decided):
            now = decided[q]
            if forced[q + offset] != now:
                raise UnsoundTechniqueError(technique, axis, index, line, q + offset)
            cells.append((*self.cell(axis, index, q + offset), now))
        text = step_sentence(
            technique, axis, index, line.hints, line.size, premises, beyond_rules=kind == LINE
        )
        return Step(
            kind,
            axis,
            index,
            rule,
            flipped,
            env or {},
            tuple(cells),
            None if sub is None else (sub.cell_start, sub.cell_end),
            note,
            technique,
            text.text,
            text.clues,
            text.spans,
            tuple(premises),
        )

    def _check(
        self, rule: str, axis: str, index: int, line: Line, seen: Line, offset: int, fill: RuleFill
    ) -> list[int]:
        """The line positions the fill newly decides; raises UnsoundRuleError for a wrong fill."""
        if fill.start < 0 or fill.end > seen.size:
            edge = fill.start if fill.start < 0 else fill.end - 1
            raise UnsoundRuleError(
                rule, axis, index, seen, fill, edge, f"is outside the {seen.size}-cell line"
            )
        forced = self.forced(axis, index, line)
        new = []
        for p in range(fill.start + offset, fill.end + offset):
            if forced[p] != fill.value:
                reason = (
                    "is undecided by line logic"
                    if forced[p] == UNKNOWN
                    else f"is {value_name(forced[p])} in every solution"
                )
                raise UnsoundRuleError(rule, axis, index, seen, fill, p - offset, reason)
            if line.cells[p] == UNKNOWN:
                new.append(p)
        return new
