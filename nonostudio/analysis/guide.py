"""A printable strategy guide: the techniques in difficulty order, with pictures and examples.

:func:`guide_html` writes one self-contained HTML page (inline CSS, the pictures are HTML tables:
no script, no image files, prints as it shows) for a player to study: for every technique of
:data:`~nonostudio.analysis.techniques.ALL_TECHNIQUES` its tier, idea and other names, the
catalogue's worked example drawn before and after, a worked example from a real puzzle
(:func:`real_examples`: the first step of that technique in the traces of the bundled samples,
with the line as it stood and the sentence the trace gives) and how often it is the technique a
test line needs (:func:`technique_frequencies`, on the test set the command measures on).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nonostudio.analysis.naming import line_name
from nonostudio.analysis.steps import Trace
from nonostudio.analysis.techniques import (
    ALL_TECHNIQUES,
    CATALOGUE,
    CONTRADICTION,
    Technique,
    example_cells,
)
from nonostudio.analysis.trace import rule_trace
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ast import Rule
from nonostudio.rules.coverage import Transition


@dataclass(frozen=True)
class RealExample:
    """A step of a technique in the trace of a real puzzle: the line before and after it."""

    source: str
    puzzle: str
    step: int  # 1-based
    line: str  # "Row 3"
    clues: tuple[int, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    text: str


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
) -> dict[str, RealExample]:
    """The first step of each technique in the traces of ``puzzles`` (``(source, puzzle)``
    pairs, traced with ``rules`` in order until every line technique and the contradiction
    have an example: chained contradictions and search are never steps of a unique puzzle's
    trace, so they are not waited for)."""
    found: dict[str, RealExample] = {}
    wanted = {t.id for t in CATALOGUE} | {CONTRADICTION}
    for source, puzzle in puzzles:
        if wanted <= found.keys() or (should_stop is not None and should_stop()):
            break
        trace = rule_trace(puzzle, rules, should_stop=should_stop)
        _collect(source, trace, found)
    return found


def example_sources(
    examples: dict[str, RealExample], puzzles: Iterable[tuple[str, Puzzle]]
) -> list[str]:
    """The credit of each of ``puzzles`` (the ``(source, puzzle)`` pairs given to
    :func:`real_examples`) that an example comes from, in their order: title (source),
    copyright or author, licence."""
    used = {e.source for e in examples.values()}
    return [
        f"{p.title or name} ({name}): {p.copyright or p.author or 'author unknown'}"
        f"{', ' + p.licence if p.licence else ''}"
        for name, p in puzzles
        if name in used
    ]


def _collect(source: str, trace: Trace, found: dict[str, RealExample]) -> None:
    puzzle = trace.puzzle
    grid = [[UNKNOWN] * puzzle.width for _ in range(puzzle.height)]
    for number, step in enumerate(trace.steps, 1):
        if step.technique and step.technique not in found and step.axis:
            if step.axis == "row":
                clues, before = puzzle.rows[step.index], tuple(grid[step.index])
            else:
                clues, before = puzzle.cols[step.index], tuple(r[step.index] for r in grid)
            after = list(before)
            along = 1 if step.axis == "row" else 0
            for cell in step.cells:
                after[cell[along]] = cell[2]
            found[step.technique] = RealExample(
                source,
                puzzle.title or source,
                number,
                line_name(step.axis, step.index),
                clues,
                before,
                tuple(after),
                step.text,
            )
        for r, c, v in step.cells:
            grid[r][c] = v


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
section { page-break-inside: avoid; break-inside: avoid; }
.tier { color: #555; font-size: 0.85em; font-weight: normal; }
.aka { color: #555; font-style: italic; }
table.line { border-collapse: collapse; margin: 0.3em 0; }
table.line td { width: 1.15em; height: 1.15em; border: 1px solid #888; text-align: center;
                font-size: 0.8em; padding: 0; }
table.line td.clue { border: none; text-align: right; padding-right: 0.5em; width: auto;
                     white-space: nowrap; font-family: sans-serif; }
table.line td.f { background: #222; }
table.line td.x { color: #777; }
table.line td.new { outline: 2px solid #d60; outline-offset: -2px; }
table.line td.f.new { background: #d60; }
table.line td.x.new { color: #d60; font-weight: bold; }
.arrow { font-family: sans-serif; color: #555; margin: 0 0 0 0.3em; }
.note { margin: 0.2em 0 0.8em; }
.real { margin-left: 1em; }
.freq { font-size: 0.9em; color: #333; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; } }
"""


def line_picture(clues: Sequence[int], cells: Sequence[int], new: Sequence[bool] = ()) -> str:
    """A line as an HTML table: the clue, then one cell each (filled dark, empty ×, new cells
    outlined in orange)."""
    tds = [f'<td class="clue">{html.escape(" ".join(map(str, clues)) or "0")}</td>']
    for i, c in enumerate(cells):
        cls = "f" if c == FILLED else "x" if c == CROSSED else "u"
        if i < len(new) and new[i]:
            cls += " new"
        tds.append(f'<td class="{cls}">{"×" if c == CROSSED else ""}</td>')
    return f'<table class="line"><tr>{"".join(tds)}</tr></table>'


def _before_after(clues: Sequence[int], before: Sequence[int], after: Sequence[int]) -> str:
    new = [b == UNKNOWN and a != UNKNOWN for b, a in zip(before, after, strict=True)]
    return (
        f'{line_picture(clues, before)}<div class="arrow">↓ after the move</div>'
        f"{line_picture(clues, after, new)}"
    )


def _section(
    t: Technique, example: RealExample | None, freq: Frequency | None, test_lines: int
) -> str:
    parts = [
        f'<section id="{t.id}"><h2>{html.escape(t.name)} '
        f'<span class="tier">tier {t.tier}</span></h2>',
        f"<p>{html.escape(t.idea)}</p>",
    ]
    if t.also_known_as:
        parts.append(f'<p class="aka">Also called: {html.escape(", ".join(t.also_known_as))}.</p>')
    if t.example is not None:
        before, after = example_cells(t.example)
        parts.append("<h3>Worked example</h3>")
        parts.append(_before_after(t.example.clues, before, after))
        parts.append(f'<p class="note">{html.escape(t.example.note)}</p>')
    if example is not None:
        parts.append(f"<h3>In a real puzzle: {html.escape(example.puzzle)}</h3>")
        parts.append('<div class="real">')
        parts.append(f"<p>Step {example.step}, {html.escape(example.line)}:</p>")
        parts.append(_before_after(example.clues, example.before, example.after))
        parts.append(f'<p class="note">{html.escape(example.text)}</p></div>')
    if freq is not None and test_lines:
        parts.append(
            f'<p class="freq">On the {test_lines:,} test lines: the easiest technique '
            f"that helps on {freq.first:,} ({100 * freq.first / test_lines:.1f} %); "
            f"its move decides a cell on {freq.fires:,} "
            f"({100 * freq.fires / test_lines:.1f} %).</p>"
        )
    parts.append("</section>")
    return "\n".join(parts)


def guide_html(
    examples: dict[str, RealExample],
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
        "needs. In the pictures, a dark cell is filled, × is empty, and the cells the "
        "move decides are outlined in orange."
    )
    if rule_set:
        intro += (
            f" The real examples come from solving the bundled sample puzzles with the "
            f"“{html.escape(rule_set)}” rules."
        )
    body = [f"<h1>Nonogram strategy guide</h1><p>{intro}</p><ol>{toc}</ol>"]
    for t in ALL_TECHNIQUES:
        freq = None if frequencies is None else frequencies.get(t.id)
        body.append(_section(t, examples.get(t.id), freq, test_lines))
    if sources:
        body.append("<h2>Puzzles</h2><p>" + html.escape("; ".join(sources)) + ".</p>")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>Nonogram strategy guide</title>"
        f"<style>{_CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
