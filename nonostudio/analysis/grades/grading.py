"""Grading rows: one puzzle's grade as a flat row of named fields, the same for the command line
(``nonostudio-cli grade``, its JSON and ``--csv``) and the studio's Grade a Folder table and its
CSV export."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from nonostudio.analysis.grades.difficulty import PuzzleTooLargeError, grade
from nonostudio.analysis.tracing.unsound import UnsoundRuleError
from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import RuleSet

# The CSV file's columns: the row's own fields, then the features.
FEATURE_COLUMNS = (
    "hardest_technique",
    "hardest_rule",
    "hardest_rule_cost",
    "rule_cost_per_cell",
    "steps_per_cell",
    "visits_per_line",
    "bottleneck_min",
    "bottleneck_mean",
    "rule_steps",
    "line_steps",
    "probes_depth1",
    "probes_depth2",
    "searched",
    "solutions",
)
COLUMNS = (
    "file",
    "item",
    "width",
    "height",
    "size",
    "tier",
    "score",
    "label",
    "seconds",
    "explanation",
    "error",
) + FEATURE_COLUMNS


#: What a puzzle no picture fits gets instead of a tier and a score.
NOT_GRADED = (
    "not graded: no picture fits these clues, so there is nothing to solve; "
    "a check (the studio's Check panel, `nonostudio-cli check`) names the likely typos"
)
#: What a puzzle with several pictures gets instead of a tier and a score (the studio's
#: Difficulty panel says "No tier or score" for it too), before what its grade says of it.
NO_TIER = "not graded: no tier or score."
#: What a black-and-white grade says of it (a colour grade says what its reasoning decides).
SEVERAL_PICTURES = (
    "Several pictures fit these clues, so no reasoning can finish it "
    "(the grade's search only picks one of them)."
)


def not_graded(row: dict[str, Any]) -> dict[str, Any]:
    """A puzzle with no solution, or with several, is not graded, nor one whose grade stopped
    before it could tell (Undecided, its explanation kept: the Difficulty panel shows no tier
    for it either): its tier and score are none
    (``-`` in a table, null in JSON, blank in a CSV) and its explanation says why, where the
    grade would have described a trace that ends in a contradiction or in a search that picked
    one of its pictures (tier 8, the search's, on any puzzle with two pictures).  A colour
    puzzle's explanation keeps what its reasoning decides before it stops."""
    label = row.get("label")
    if label == "Undecided":  # (stopped before it could tell: the tier and score it showed,
        # 'tier 8, score 98.85' for Forever stopped at 0.2 s, were of a trace cut short)
        return row | {"tier": None, "score": None}
    if label == "No solution":
        return row | {"tier": None, "score": None, "explanation": NOT_GRADED}
    if label == "Not unique":
        said = str(row.get("explanation") or "").removeprefix("Not unique: ")
        said = SEVERAL_PICTURES if said.startswith("the clues allow several pictures") else said
        return row | {"tier": None, "score": None, "explanation": f"{NO_TIER} {said}"}
    return row


def grade_row(
    puzzle: Puzzle,
    rule_set: RuleSet,
    should_stop: StopCallback | None = None,
    time_limit: float | None = None,
) -> dict[str, Any]:
    """Grade one puzzle: the row's tier, score, label, seconds, explanation, the ``features``
    (nested) and each of :data:`FEATURE_COLUMNS` (flat); ``{"error": …}`` when a rule of the set
    is unsound or the puzzle is too large.  A puzzle with no solution or several has no tier or
    score (:func:`not_graded`): the command line's rows and the studio's Grade a Folder table
    alike.  ``should_stop`` and ``time_limit`` are passed to
    :func:`~nonostudio.analysis.grades.difficulty.grade`."""
    try:
        result = grade(puzzle, rule_set, should_stop=should_stop, time_limit=time_limit)
    except (UnsoundRuleError, PuzzleTooLargeError) as exc:
        return {"error": str(exc)}
    features = result.features.to_json()
    return not_graded(
        {
            "tier": result.tier,
            "score": result.score,
            "label": result.label,
            "seconds": round(result.seconds, 6),
            "explanation": result.explanation,
            "features": features,
        }
        | {name: features[name] for name in FEATURE_COLUMNS}
    )


#: The columns a CSV adds when it holds a colour puzzle (from its colour features).
COLOUR_COLUMNS = (
    "colours",
    "one_colour_cells",
    "touching_pairs",
    "narrowing_steps",
    "pencil_cells",
)
_FROM_COLOUR_FEATURES = (*COLOUR_COLUMNS, "solutions")


def write_csv(path: str, rows: Iterable[dict[str, Any]]) -> None:
    """The rows in ``COLUMNS`` order (features flattened; the nested copy is left out); when a
    row is a colour puzzle's, :data:`COLOUR_COLUMNS` follow (blank on black-and-white rows), so a
    black-and-white table's CSV is as it always was. The file is replaced atomically
    (:func:`~nonostudio.core.atomic.write_text_atomic`): a write that fails keeps the old one."""
    table = list(rows)
    colour = any(row.get("colours") for row in table)
    if colour:
        table = [
            row | {name: (row.get("features") or {}).get(name) for name in _FROM_COLOUR_FEATURES}
            if row.get("colours")
            else row
            for row in table
        ]
    out = io.StringIO(newline="")
    fields = COLUMNS + COLOUR_COLUMNS if colour else COLUMNS
    writer = csv.DictWriter(out, fieldnames=fields, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(table)
    write_text_atomic(path, out.getvalue())
