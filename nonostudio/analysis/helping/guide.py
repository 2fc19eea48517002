"""A printable strategy guide: the techniques in difficulty order, with pictures and examples.

:func:`guide_html` writes one self-contained HTML page (inline CSS, the pictures are HTML tables:
no script, no image files, prints as it shows) for a player to study: for every technique of
:data:`~nonostudio.analysis.catalogue.techniques.ALL_TECHNIQUES` its tier, idea and other names, the
catalogue's worked example, up to three examples from real puzzles (:func:`real_examples`: steps
of that technique in the traces of the bundled samples, each with its own sentence and the line
as it stood) and how often it is the technique a test line needs (:func:`technique_frequencies`,
on the test set the command measures on).  Every picture numbers its cells from 1, as the
sentences do; Overlap's and "Leftmost and rightmost"'s pictures draw the two pushed placements,
a contradiction's the lines of its chain down to the one that breaks
(:mod:`nonostudio.analysis.helping.guide_pictures`).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from nonostudio.analysis.catalogue.techniques import (
    ALL_TECHNIQUES,
    BY_ID,
    CATALOGUE,
    CONTRADICTION,
    DEEP_CONTRADICTION,
    SEARCH,
    Technique,
    example_cells,
)
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.helping.guide_pictures import (
    DrawnLine,
    Picture,
    chain_pictures,
    grid_picture,
    move_pictures,
    ruler_marks,
)
from nonostudio.analysis.tracing.steps import Step, Trace
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.measuring.coverage import Transition


@dataclass(frozen=True)
class RealExample:
    """A step of a technique in the trace of a real puzzle: where it is, the line before and
    after it (a line step; a contradiction's own row otherwise), its sentence (``Step.text``),
    the step itself with its premises, the grid before it, and its pictures."""

    source: str
    puzzle: str
    step: int  # 1-based
    line: str  # "Row 3"
    clues: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    text: str
    technique: str = ""
    pictures: tuple[Picture, ...] = ()
    record: Step | None = field(default=None, compare=False, repr=False)
    grid: tuple[tuple[int, ...], ...] = field(default=(), compare=False, repr=False)
    source_puzzle: Puzzle | None = field(default=None, compare=False, repr=False)


Examples = dict[str, tuple[RealExample, ...]]
"""Technique id -> its real examples, best first."""

EXAMPLES_PER_TECHNIQUE = 3

BUILT_IN = "built-in"
TWO_SOLUTIONS = Puzzle(((1,), (1,)), ((1,), (1,)), title="a 2×2 puzzle with two solutions")
"""When no puzzle searched needs search, its example comes from this tiny puzzle: nothing but
trying values decides it."""
CHAINED = Puzzle(
    (
        (1, 2, 1),
        (1, 1, 1),
        (1, 3),
        (1, 1, 1),
        (1,),
        (1, 1, 1),
        (2, 2),
        (1, 2),
        (2, 3, 1),
        (1, 1, 2),
        (1, 1),
    ),
    ((4, 1, 1), (1, 1, 1), (1, 2), (1, 1, 1), (1, 1, 1, 1), (1, 1, 3), (2, 2), (3,), (1, 1, 3, 1)),
    title="a 9×11 puzzle that needs a chained contradiction",
)
"""When no puzzle searched needs a chained contradiction, its example comes from this made-up
puzzle: its trace reaches one before it needs any search."""


@dataclass(frozen=True)
class Frequency:
    """On how many test lines a technique is the easiest one that decides a cell (``first``), and
    on how many its complete move decides any cell (``fires``)."""

    first: int
    fires: int


def real_examples(
    puzzles: Iterable[tuple[str, Puzzle]],
    rules: Sequence[Rule],
    *,
    should_stop: StopCallback | None = None,
    per_technique: int = EXAMPLES_PER_TECHNIQUE,
) -> Examples:
    """Up to ``per_technique`` steps of each technique in the traces of ``puzzles``
    (``(source, puzzle)`` pairs, traced with ``rules`` in order until every line technique and
    the contradiction have that many from different puzzles): the clearest step of each puzzle
    (no "beyond the rules", fewest premises, a short line, a short sentence), from different
    puzzles first.  Search, when no puzzle needs it, gets its example from
    :data:`TWO_SOLUTIONS`, and a chained contradiction from :data:`CHAINED`."""
    best: dict[str, dict[str, list[tuple[tuple, RealExample]]]] = {}
    wanted = {t.id for t in CATALOGUE} | {CONTRADICTION}
    puzzles = list(puzzles)  # gone through twice
    for source, puzzle in puzzles:
        if should_stop is not None and should_stop():
            break
        if all(len(best.get(t, {})) >= per_technique for t in wanted):
            break
        trace = rule_trace(puzzle, rules, should_stop=should_stop)
        _collect(source, trace, best)
    # A line technique the tutor's traces seldom reach (it is used only when nothing easier
    # decides a cell anywhere) from the same puzzles traced line by line with the rules first.
    for technique in sorted(wanted - {CONTRADICTION}):
        for source, puzzle in puzzles:
            if len(best.get(technique, {})) >= 2 or (should_stop is not None and should_stop()):
                break
            queue = rule_trace(puzzle, rules, fallback=False, should_stop=should_stop)
            _collect(source, queue, best, only=technique)
    if SEARCH not in best and not (should_stop is not None and should_stop()):
        tiny = rule_trace(TWO_SOLUTIONS, rules, should_stop=should_stop)
        _collect(BUILT_IN, tiny, best, only=SEARCH)
    if DEEP_CONTRADICTION not in best and not (should_stop is not None and should_stop()):
        chained = rule_trace(CHAINED, rules, should_stop=should_stop)
        _collect(BUILT_IN, chained, best, only=DEEP_CONTRADICTION)
    return {t.id: _choose(best[t.id], per_technique) for t in ALL_TECHNIQUES if best.get(t.id)}


def _choose(
    by_source: dict[str, list[tuple[tuple, RealExample]]], count: int
) -> tuple[RealExample, ...]:
    """The best example of each puzzle, best first; when fewer than two puzzles have one, a
    second step of the same puzzle too (not for the grid techniques, whose second example
    from one puzzle would show the same stuck grid again)."""
    firsts = sorted((c[0] for c in by_source.values()), key=lambda c: c[0])
    chosen = firsts[:count]
    grid = BY_ID[chosen[0][1].technique].scope != "line" if chosen else True
    if len(chosen) < 2 and not grid:
        seconds = sorted((c[1] for c in by_source.values() if len(c) > 1), key=lambda c: c[0])
        chosen += seconds[: 2 - len(chosen)]
    return tuple(e for _, e in chosen)


def example_sources(examples: Examples, puzzles: Iterable[tuple[str, Puzzle]]) -> list[str]:
    """The credit of each of ``puzzles`` (the ``(source, puzzle)`` pairs given to
    :func:`real_examples`) that an example comes from, in their order: title (source),
    copyright or author, licence."""
    used = {e.source for found in examples.values() for e in found}
    return [
        f"{p.title or name} ({name}): {p.copyright or p.author or 'author unknown'}"
        f"{', ' + p.licence if p.licence else ''}"
        for name, p in puzzles
        if name in used
    ]


def _score(step: Step, length: int) -> tuple:
    """Smaller is clearer: a step the rules take, with few premises, on a line short enough to
    read, deciding a few cells (a one-cell step hides the idea), said briefly."""
    return (
        "beyond the rules" in step.text,
        len(step.premises),
        length > 25,
        -min(len(step.cells), 4),
        len(step.text) // 25,
    )


def _collect(
    source: str,
    trace: Trace,
    best: dict[str, dict[str, list[tuple[tuple, RealExample]]]],
    only: str = "",
) -> None:
    """Keep the two clearest steps of each technique in ``trace`` (``only``: of that one)."""
    puzzle = trace.puzzle
    grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    for number, step in enumerate(trace.steps, 1):
        if step.technique and only in ("", step.technique):
            kept = best.setdefault(step.technique, {}).setdefault(source, [])
            length = puzzle.width if step.axis == "row" else puzzle.height
            score = _score(step, length if step.axis else puzzle.width * puzzle.height)
            if len(kept) < 2 or score < kept[-1][0]:
                kept.append((score, _example(source, puzzle, number, step, grid)))
                kept.sort(key=lambda c: c[0])
                del kept[2:]
        for r, c, v in step.cells:
            grid[r][c] = v


def _example(
    source: str, puzzle: Puzzle, number: int, step: Step, grid: list[list[int]]
) -> RealExample:
    title = puzzle.title or source
    frozen = tuple(tuple(row) for row in grid)
    if not step.axis:  # search: the whole grid
        if len(step.cells) == 1:
            (r, c, _), *_ = step.cells
            name, at = f"Row {r + 1}, column {c + 1}", (r, c)
        else:
            name, at = "Whole grid", None
        caption = "Where line logic and contradictions got stuck"
        pictures: tuple[Picture, ...] = (grid_picture(caption, puzzle, grid, at),)
        return RealExample(
            source, title, number, name, (), (), (), step.text, step.technique,
            pictures, step, frozen, puzzle,
        )  # fmt: skip
    if step.axis == "row":
        clues, before = puzzle.rows[step.index], tuple(grid[step.index])
    else:
        clues, before = puzzle.cols[step.index], tuple(r[step.index] for r in grid)
    after = list(before)
    along = 1 if step.axis == "row" else 0
    for cell in step.cells:
        after[cell[along]] = cell[2]
    name = line_name(step.axis, step.index)
    if any(p.get("say") == "suppose" for p in step.premises):
        (r, c, _), *_ = step.cells
        name = f"Row {r + 1}, column {c + 1}"
        pictures = chain_pictures(puzzle, grid, step.premises)
    else:
        pictures = move_pictures(
            "",  # the example's heading names the line
            step.technique,
            clues,
            before,
            after,
            step.premises,
        )
    return RealExample(
        source, title, number, name, tuple(clues), before, tuple(after), step.text,
        step.technique, pictures, step, frozen, puzzle,
    )  # fmt: skip


def technique_frequencies(
    transitions: Sequence[Transition], *, progress: ProgressCallback | None = None
) -> dict[str, Frequency]:
    """For each line technique, on how many test lines it is the easiest one deciding a cell,
    and on how many its complete move decides any cell."""
    first = dict.fromkeys((t.id for t in CATALOGUE), 0)
    fires = dict.fromkeys((t.id for t in CATALOGUE), 0)
    for i, transition in enumerate(transitions):
        cells = Line.parse(transition.hints, transition.before).cells
        easiest = True
        for technique in CATALOGUE:
            if technique.apply(transition.hints, cells) != cells:
                fires[technique.id] += 1
                if easiest:
                    first[technique.id] += 1
                    easiest = False
        if (i + 1) % 100 == 0 or i + 1 == len(transitions):
            report_count(progress, i + 1, len(transitions), f"{i + 1} test lines")
    return {t: Frequency(first[t], fires[t]) for t in first}


# ---- HTML --------------------------------------------------------------------------------------

_CSS = """
body { font-family: Georgia, 'DejaVu Serif', serif; max-width: 46em; margin: 2em auto;
       color: #111; line-height: 1.4; }
h1 { font-size: 1.8em; margin-bottom: 0.2em; }
h2 { font-size: 1.3em; margin: 1.6em 0 0.3em; border-bottom: 1px solid #999; }
h4 { margin: 0.9em 0 0.2em; font-size: 1em; }
section { page-break-inside: avoid; break-inside: avoid; }
.tier { color: #555; font-size: 0.85em; font-weight: normal; }
.aka { color: #555; font-style: italic; }
.cap { font-family: sans-serif; font-size: 0.85em; color: #333; margin: 0.5em 0 0.1em; }
table.line { border-collapse: collapse; margin: 0.1em 0 0.3em; }
table.line td { width: 1.15em; height: 1.15em; border: 1px solid #888; text-align: center;
                font-size: 0.8em; padding: 0; }
table.line th { font-family: sans-serif; font-weight: normal; font-size: 0.6em; color: #666;
                padding: 0; text-align: center; vertical-align: bottom; }
table.line th.lab { text-align: left; padding-right: 0.6em; font-size: 0.75em; color: #444;
                    white-space: nowrap; vertical-align: middle; }
table.line td.clue { border: none; text-align: right; padding-right: 0.5em; width: auto;
                     white-space: nowrap; font-family: sans-serif; }
table.line td.f { background: #222; }
table.line td.x { color: #777; }
table.line td.new { outline: 2px solid #d60; outline-offset: -2px; }
table.line td.f.new { background: #d60; }
table.line td.x.new { color: #d60; font-weight: bold; }
table.line td.f.pl { background: #2a6fc9; }
table.line td.sup { outline: 3px solid #2a6fc9; outline-offset: -3px; }
table.line td.bad { outline: 3px solid #c00; outline-offset: -3px; }
table.line td.f.bad { background: #c00; }
table.line td.x.bad { color: #c00; font-weight: bold; }
.note { margin: 0.2em 0 0.8em; }
.real { margin-left: 1em; }
.freq { font-size: 0.9em; color: #333; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; } }
"""


def _cell_td(value: int, classes: Sequence[str]) -> str:
    base = "f" if value == FILLED else "x" if value == CROSSED else "u"
    return f'<td class="{" ".join((base, *classes))}">{"×" if value == CROSSED else ""}</td>'


def _line_row(line: DrawnLine, labels: bool) -> str:
    marks = {
        "new": set(line.new),
        "pl": set(line.placed),
        "sup": set(line.assumed),
        "bad": set(line.wrong),
    }
    tds = [f'<th class="lab">{html.escape(line.label)}</th>'] if labels else []
    tds.append(f'<td class="clue">{html.escape(" ".join(map(str, line.clues)) or "0")}</td>')
    for i, value in enumerate(line.cells):
        tds.append(_cell_td(value, [k for k, at in marks.items() if i in at]))
    return f"<tr>{''.join(tds)}</tr>"


def picture_html(picture: Picture) -> str:
    """A picture as its caption and one HTML table: a ruler numbering the cells from 1, then
    each line (label, clue, cells: filled dark, empty ×, decided by the move in orange, a
    pushed clue in blue, a supposed cell outlined in blue, the cells that leave a line no room
    in red)."""
    parts = [f'<p class="cap">{html.escape(picture.caption)}</p>'] if picture.caption else []
    if picture.lines:
        labels = any(line.label for line in picture.lines)
        n = max(len(line.cells) for line in picture.lines)
        ruler = ['<th class="lab"></th>'] if labels else []
        ruler.append("<th></th>")
        ruler += [f"<th>{mark}</th>" for mark in ruler_marks(n)]
        rows = [f'<tr class="ruler">{"".join(ruler)}</tr>']
        rows += [_line_row(line, labels) for line in picture.lines]
        parts.append(f'<table class="line">{"".join(rows)}</table>')
    return "".join(parts)


def line_picture(clues: Sequence[int], cells: Sequence[int], new: Sequence[bool] = ()) -> str:
    """One line as an HTML table under its cell numbers: the clue, then one cell each (filled
    dark, empty ×, new cells in orange)."""
    marked = tuple(i for i, flag in enumerate(new) if flag)
    line = DrawnLine("", tuple(clues), tuple(int(c) for c in cells), new=marked)
    return picture_html(Picture("", (line,)))


def pictures_html(pictures: Iterable[Picture]) -> str:
    return "".join(picture_html(p) for p in pictures)


def _real_html(t: Technique, examples: Sequence[RealExample]) -> list[str]:
    if not examples:
        if t.scope == "line":
            return []
        return [
            "<h3>In a real puzzle</h3>",
            '<p class="note">None of the puzzles this guide was made from needs it.</p>',
        ]
    parts = []
    for example in examples:
        parts.append(f"<h3>In a real puzzle: {html.escape(example.puzzle)}</h3>")
        parts.append('<div class="real">')
        parts.append(f"<p>Step {example.step}, {html.escape(example.line)}:</p>")
        parts.append(pictures_html(example.pictures))
        parts.append(f'<p class="note">{html.escape(example.text)}</p></div>')
    return parts


def _section(
    t: Technique, examples: Sequence[RealExample], freq: Frequency | None, test_lines: int
) -> str:
    parts = [
        f'<section id="{t.id}"><h2>{html.escape(t.name)} '
        f'<span class="tier">tier {t.tier}</span></h2>',
        f"<p>{html.escape(t.idea)}</p>",
    ]
    if t.also_known_as:
        parts.append(f'<p class="aka">Also called: {html.escape(", ".join(t.also_known_as))}.</p>')
    if t.example is not None:
        parts.append("<h3>Worked example</h3>")
        parts.append(pictures_html(worked_pictures(t)))
        parts.append(f'<p class="note">{html.escape(t.example.note)}</p>')
    parts += _real_html(t, examples)
    if freq is not None and test_lines:
        parts.append(
            f'<p class="freq">On the {test_lines:,} test lines: the easiest technique '
            f"that helps on {freq.first:,} ({100 * freq.first / test_lines:.1f} %); "
            f"its move decides a cell on {freq.fires:,} "
            f"({100 * freq.fires / test_lines:.1f} %).</p>"
        )
    parts.append("</section>")
    return "\n".join(parts)


def worked_pictures(t: Technique) -> tuple[Picture, ...]:
    """The pictures of the catalogue's worked example of ``t`` (none for a grid technique)."""
    if t.example is None:
        return ()
    before, after = example_cells(t.example)
    return move_pictures("", t.id, t.example.clues, before, after)


def guide_html(
    examples: Examples,
    frequencies: dict[str, Frequency] | None = None,
    test_lines: int = 0,
    *,
    rule_set: str = "",
    sources: Sequence[str] = (),
) -> str:
    """The whole guide as one HTML page (see the module's docstring)."""
    toc = "".join(
        f'<li><a href="#{t.id}">{html.escape(t.name)}</a> (tier {t.tier})</li>'
        for t in ALL_TECHNIQUES
    )
    intro = (
        "Every step of a nonogram can be taken with one of the techniques below, applied to "
        "one row or column until it gives nothing more there. They come in difficulty "
        "order: learn them from the top. A puzzle is as hard as the hardest technique it "
        "needs. In the pictures, the numbers over the cells count them from 1, as the "
        "sentences do; a dark cell is filled, × is empty, and the cells the move decides are "
        "orange. A clue pushed to one end is blue, a supposed cell is outlined in blue, and "
        "on the line a contradiction breaks, the cells the chain put there are red."
    )
    if rule_set:
        intro += (
            f" The real examples come from solving the bundled sample puzzles with the "
            f"“{html.escape(rule_set)}” rules; each is the step's own sentence."
        )
    body = [f"<h1>Nonogram strategy guide</h1><p>{intro}</p><ol>{toc}</ol>"]
    for t in ALL_TECHNIQUES:
        freq = None if frequencies is None else frequencies.get(t.id)
        body.append(_section(t, examples.get(t.id, ()), freq, test_lines))
    if sources:
        body.append("<h2>Puzzles</h2><p>" + html.escape("; ".join(sources)) + ".</p>")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>Nonogram strategy guide</title>"
        f"<style>{_CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
