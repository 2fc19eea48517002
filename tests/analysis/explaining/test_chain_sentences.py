"""Contradiction steps read as short sentences: the supposition, each run of links, the dead end
and the conclusion one each, and the words still name every link's line and cells (read back
here from the words and matched to the step's premises, which the checker replays)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.explaining.chain import DeepRefutation, Link, chain_text, deep_text
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import load_rule_set

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"

# Forever's contradictions ran to 101 words in one sentence and its chained one to 111; Owl
# (jwilk 91) and Bike (jwilk 38) have dozens of contradictions with chains of many lines.
LONG_CHAINS = ("webpbn-06574-forever.non", "jwilk-091-owl.non", "jwilk-038-bike.non")
MOST_WORDS = 30
"""No sentence of a contradiction step is longer (the longest on these puzzles were 118)."""

_ITEM = re.compile(r"(row|column)s? ([\d, ]+): (.+)")
_CELLS = re.compile(r"cells? ([\d–, ]+?)( and (\d+) more)? (filled|empty)(?:, |$)")
_DEAD = re.compile(r"(row|column) (\d+) could not match its clue(, [\d ]+)?")


def _numbers(text: str) -> set[int]:
    out: set[int] = set()
    for part in text.split(", "):
        a, _, b = part.partition("–")
        out |= set(range(int(a), int(b or a) + 1))
    return out


def _said_links(sentences: list[str]) -> list[tuple[str, int, dict[str, Any] | None]]:
    """The links the sentences name, in order: ``(axis, line number, cells)``, the cells a dict
    ``{"filled"/"empty": (numbers said, how many more)}``, None for a dead end."""
    links: list[tuple[str, int, dict[str, Any] | None]] = []
    for sentence in sentences:
        for item in sentence.split("; "):
            dead = _DEAD.fullmatch(item)
            if dead:
                links.append((dead[1], int(dead[2]), None))
                continue
            m = _ITEM.fullmatch(item)
            assert m, item
            said = {c[4]: (_numbers(c[1]), int(c[3] or 0)) for c in _CELLS.finditer(m[3])}
            assert said and "".join(c[0] for c in _CELLS.finditer(m[3])) == m[3], item
            for number in m[2].split(", "):
                links.append((m[1], int(number), said))
    return links


def _matches(said: list[tuple[str, int, Any]], premises: list[dict[str, Any]]) -> None:
    """The links said are the premises' ``forced``/``dead`` lines, in order, each with its cells
    (all of them, or the first ones and how many more)."""
    assert len(said) == len(premises), (said, premises)
    for (axis, number, cells), premise in zip(said, premises, strict=True):
        claim = premise["claims"][0]
        assert (axis, number) == (claim["axis"], claim["index"] + 1)
        if premise["say"] == "dead":
            assert cells is None
            continue
        assert cells is not None
        for value, word in ((FILLED, "filled"), (CROSSED, "empty")):
            truth = {p + 1 for p, v in premise["cells"] if v == value}
            shown, more = cells.get(word, (set(), 0))
            assert shown <= truth and len(shown) + more == len(truth) > 0 or not truth | shown
            if not more:
                assert shown == truth


def _check_step(step: Any) -> int:
    """Check one contradiction step's sentences against its premises; its longest sentence."""
    ((r, c, value),) = step.cells
    was, other = ("empty", "filled") if value == FILLED else ("filled", "empty")
    head, _, body = step.text.partition(": ")
    name = "Chained contradiction" if step.technique == "deep_contradiction" else "Contradiction"
    assert head == f"Row {r + 1}, column {c + 1} — {name}"
    assert body.endswith(".")
    sentences = body[:-1].split(". ")
    assert sentences[0] == f"suppose this cell were {was}"
    assert sentences[-1] == f"So this cell is {other}"
    middle = sentences[1:-1]
    premises = step.premises
    cuts = [i for i, p in enumerate(premises) if p["say"] == "branch"]
    if not cuts:
        assert all(s.startswith("Then ") for s in middle)
        _matches(_said_links([s.removeprefix("Then ") for s in middle]), premises[1:])
    else:  # the first chain, the second cell, each value's chain
        r2, c2 = premises[cuts[0]]["claims"][0]["row"], premises[cuts[0]]["claims"][0]["column"]
        neither = f"Then row {r2 + 1}, column {c2 + 1} could be neither filled nor empty"
        k = middle.index(neither)
        _matches(_said_links([s.removeprefix("Then ") for s in middle[:k]]), premises[1 : cuts[0]])
        starts = [i for i, s in enumerate(middle) if s.startswith("If that cell were ")]
        assert len(starts) == 2 and starts[0] == k + 1
        for n, (a, b) in enumerate(((starts[0], starts[1]), (starts[1], len(middle)))):
            branch = premises[cuts[n]]["claims"][0]
            word = "filled" if branch["value"] == FILLED else "empty"
            lead = f"If that cell were {word}, then "
            assert middle[a].startswith(lead)
            links = [middle[a][len(lead) :], *(s.removeprefix("Then ") for s in middle[a + 1 : b])]
            end = cuts[n + 1] if n == 0 else len(premises)
            _matches(_said_links(links), premises[cuts[n] + 1 : end])
    return max(len(s.split()) for s in [head + ": " + sentences[0], *sentences[1:]])


@pytest.mark.parametrize("sample", LONG_CHAINS)
def test_contradictions_are_short_sentences_naming_every_link(sample: str) -> None:
    puzzle = read_all(SAMPLES / sample)[0][1]
    rules = load_rule_set(DEFAULT_RULE_SET)
    trace = rule_trace(puzzle, rules.rules, rule_set=rules.name)
    steps = [s for s in trace.steps if s.technique in ("contradiction", "deep_contradiction")]
    assert len(steps) >= 10
    longest = [_check_step(s) for s in steps]
    assert max(longest) <= MOST_WORDS, max(longest)


def test_a_chained_contradiction_says_each_branch_and_names_the_cells() -> None:
    rows = ((1,), (1, 1, 1, 1), *(((),) * 8))
    puzzle = Puzzle(rows, tuple((1,) if c in (0, 2, 4, 6, 8) else () for c in range(10)))
    deep = DeepRefutation(
        [Link(("row", 0), {8: FILLED})],
        (0, 6),
        [Link(("column", 6), {1: CROSSED}), Link(("row", 1), {})],
        [Link(("row", 0), {4: FILLED}), Link(("row", 3), {})],
    )
    assert deep_text(puzzle, 0, 7, FILLED, deep) == (
        "suppose this cell were filled. Then row 1: cell 9 filled. Then row 1, column 7 could "
        "be neither filled nor empty. If that cell were filled, then column 7: cell 2 empty. "
        "Then row 2 could not match its clue. If that cell were empty, then row 1: cell 5 "
        "filled. Then row 4 could not match its clue, 0. So this cell is empty"
    )
    chain = [Link(("column", c), {1: CROSSED, 3: FILLED}) for c in range(5)] + [
        Link(("row", 1), {})
    ]
    text = chain_text(puzzle, 0, 7, FILLED, chain)
    # five columns with the same cells are one group
    assert text == (
        "suppose this cell were filled. Then columns 1, 2, 3, 4, 5: cell 4 filled, cell 2 "
        "empty. Then row 2 could not match its clue. So this cell is empty"
    )
    # columns in a row deciding different cells share a sentence of at most 30 words (three
    # links of 8 words and 'Then'), then the next sentence
    chain = [Link(("column", c), {c: FILLED, 9: CROSSED}) for c in range(7)] + [
        Link(("row", 1), {})
    ]
    assert chain_text(puzzle, 0, 7, FILLED, chain) == (
        "suppose this cell were filled. Then column 1: cell 1 filled, cell 10 empty; column 2: "
        "cell 2 filled, cell 10 empty; column 3: cell 3 filled, cell 10 empty. Then column 4: "
        "cell 4 filled, cell 10 empty; column 5: cell 5 filled, cell 10 empty; column 6: cell 6 "
        "filled, cell 10 empty. Then column 7: cell 7 filled, cell 10 empty. Then row 2 could "
        "not match its clue. So this cell is empty"
    )
