"""A step of a solving trace explained as a player reads it: the technique and its instance.

:func:`explain_move` turns one technique's complete move on one line (or oracle sub-line) into a
sentence or two — the technique's name, then the instance in plain words: which clue (named as a
player sees it, "the second clue, 8"), which block or gap, why, and which cells.  Cells and clues
are numbered as the grid shows them (rows from the left, columns from the top, from 1), whatever
direction a rule matched the line in.  The :class:`Explanation` also keeps what to highlight: the
clues named and the cell ranges of the blocks, gaps and cells the sentence is about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nonostudio.analysis.move_line import MoveLine, Span, cells_text, clues_text
from nonostudio.analysis.naming import line_name
from nonostudio.analysis.premise_text import Naming, part_text, premise_focus, premise_sentence
from nonostudio.analysis.technique_moves import normal_clues
from nonostudio.analysis.technique_sentences import SENTENCES
from nonostudio.analysis.techniques import BY_ID
from nonostudio.core.line import FILLED

__all__ = [
    "Explanation",
    "Span",
    "explain_move",
    "probe_text",
    "guess_text",
    "step_sentence",
]


@dataclass(frozen=True)
class Explanation:
    """A step's sentence and what it points at: the line's clue indices (0-based, whole line)
    and :data:`Span` cell ranges."""

    text: str
    clues: tuple[int, ...] = ()
    spans: tuple[Span, ...] = ()


def explain_move(
    technique_id: str,
    axis: str,
    index: int,
    hints: Sequence[int],
    before: Sequence[int],
    after: Sequence[int],
    *,
    cell_offset: int = 0,
    clue_offset: int = 0,
    line_clues: Sequence[int] | None = None,
    line_size: int | None = None,
    beyond_rules: bool = False,
) -> Explanation:
    """The sentence for a line technique's complete move.

    ``hints``/``before``/``after`` are the (sub-)line the move was made on; for an oracle
    sub-line, ``cell_offset`` and ``clue_offset`` place it on the whole line, whose clue is
    ``line_clues`` and size ``line_size``.  ``beyond_rules`` marks a step the rule set had no
    rule for (a fallback).
    """
    x = MoveLine(axis, hints, before, after, cell_offset, clue_offset, line_clues)
    if line_size is not None:
        x.line_size = line_size
    try:
        body = SENTENCES[technique_id](x)
    except (ValueError, IndexError, StopIteration):  # a state the sentence does not foresee:
        x.clues.clear()  # say the move plainly rather than fail the whole trace
        x.spans.clear()
        body = (
            f"{BY_ID[technique_id].idea[0].lower()}{BY_ID[technique_id].idea[1:-1]}: "
            f"{x.effect(limit=3)}."
        )
    where = line_name(axis, index)
    if line_size is not None and len(x.before) < line_size:
        part = cells_text(range(len(x.before)), cell_offset)
        where += f", {part} (only {clues_text(x.hints)} there)"
    name = BY_ID[technique_id].name + (" (beyond the rules)" if beyond_rules else "")
    return Explanation(f"{where} — {name}: {body}", tuple(x.clues), tuple(x.spans))


def probe_text(
    row: int, col: int, assumed: int, line: tuple[str, int] | None, line_clue: Sequence[int] | None
) -> Explanation:
    """A probe by its contradiction: ``if the cell at row 4, column 7 were filled, column 7
    could not hold 3 1 2; so it is empty``."""
    other = "empty" if assumed == FILLED else "filled"
    was = "filled" if assumed == FILLED else "empty"
    if line is None or line_clue is None:
        where = "some line could not hold its clue"
    else:
        where = f"{line_name(*line).lower()} could not hold {clues_text(line_clue)}"
    text = (
        f"Row {row + 1}, column {col + 1} — {BY_ID['contradiction'].name}: if this cell "
        f"were {was}, line logic would reach a dead end ({where}); so it is {other}."
    )
    return Explanation(text, (), (("cells", col, col + 1),))


def guess_text(r: int, c: int, value: int, unique: bool) -> Explanation:
    """A search step that guesses one cell: what it assumed and why that is safe."""
    was = "filled" if value == FILLED else "empty"
    other = "empty" if value == FILLED else "filled"
    why = (
        f"the puzzle's one solution has it {was}: with it {other} there is no solution, but "
        "showing that takes more than one supposed cell"
        if unique
        else f"the puzzle has several solutions, and one of them has it {was}"
    )
    return Explanation(
        f"Row {r + 1}, column {c + 1} — {BY_ID['search'].name}: no line and no contradiction "
        f"decides a cell; so take this cell as {was} and go on ({why}).",
        (),
        (("cells", c, c + 1),),
    )


def step_sentence(
    technique_id: str,
    axis: str,
    index: int,
    line_clues: Sequence[int],
    line_size: int,
    premises: Sequence[dict[str, Any]],
    *,
    beyond_rules: bool = False,
) -> Explanation:
    """A line step's sentence, made from its premises alone
    (:func:`~nonostudio.analysis.premise_text.premise_sentence`): the line, the technique's name,
    then each premise's words; the focus is what the premises are about."""
    nm = Naming(axis, normal_clues(line_clues), line_size)
    parts = []
    stated: list[dict[str, Any]] = []
    round_ = 0
    for premise in premises:
        if premise["say"] == "part":
            parts.append(part_text(nm, premise["claims"][0]))
            continue
        text = premise_sentence(nm, premise, stated)
        stated += premise["claims"]
        if premise.get("round", 0) > round_:  # a premise on the cells the last round decided
            round_ = premise["round"]
            text = "then " + text.removeprefix("and ")
        parts.append(text)
    name = BY_ID[technique_id].name + (" (beyond the rules)" if beyond_rules else "")
    body = "; ".join(parts)
    clues, spans = premise_focus(premises)
    return Explanation(f"{line_name(axis, index)} — {name}: {body}.", clues, spans)
