"""A rule's source note in plain words, for the rule browser's subtitle.

Learned rules record where they came from in the learner's shorthand, e.g. ``specification 2
1|---OO--|x0-3|h0,b; adds 1005 cells in the greedy choice on testing-set.json (2805
transitions)``: the line the rule was learned from (clues ``2 1``, cells ``---OO--``), the cells
it had to set (``x0-3``: cross cells 0 to 2), and the patterns tried.  :func:`plain_source`
says that as "learned from the line (2 1) ---OO--, crossing cells 1–3; adds 1005 cells on the
test set (testing-set.json)".  Notes in other words (the control rules' sources) are kept.
"""

from __future__ import annotations

import re

_SPEC = re.compile(
    r"specification (?P<hints>[0-9 ]*)\|(?P<cells>[-Ox]*)\|"
    r"(?:mirror of (?P<mhints>[0-9 ]*?) ?(?P<mcells>[-Ox]+) (?P<mfill>[Ox][0-9]+-[0-9]+) [^;(]*"
    r"|(?P<fill>[Ox][0-9]+-[0-9]+)\|[^;(]*)"
)
_FILL = re.compile(r"(?P<value>[Ox])(?P<start>[0-9]+)-(?P<end>[0-9]+)")
_ADDS = re.compile(
    r"adds (?P<cells>[0-9]+) cells in (?:the greedy choice|this set's (?:greedy )?"
    r"order) on (?P<test>[^ ;()]+)(?: \([0-9]+ transitions\))?"
)


def _line(hints: str, cells: str) -> str:
    return f"({hints.strip() or '0'}) {cells}"


def _fill(text: str) -> str:
    m = _FILL.fullmatch(text)
    if m is None:
        return ""
    verb = "filling" if m["value"] == "O" else "crossing"
    start, end = int(m["start"]) + 1, int(m["end"])
    cells = f"cell {start}" if start == end else f"cells {start}–{end}"
    return f", {verb} {cells}"


def plain_source(source: str) -> str:
    """``source`` with the learner's shorthand said in words (unchanged when it has none)."""

    def spec(m: re.Match[str]) -> str:
        if m["mfill"] is not None:
            return (
                f"learned from the line {_line(m['hints'], m['cells'])} (the mirror image of "
                f"a rule learned from {_line(m['mhints'], m['mcells'])}{_fill(m['mfill'])})"
            )
        return f"learned from the line {_line(m['hints'], m['cells'])}{_fill(m['fill'])}"

    text = _SPEC.sub(spec, source)
    text = _ADDS.sub(lambda m: f"adds {m['cells']} cells on the test set ({m['test']})", text)
    text = re.sub(
        r"\s*\(a rule of the shipped learned set\)", ", a rule of the shipped learned set", text
    )
    return text.strip()
