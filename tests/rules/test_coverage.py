"""Coverage metric tests: hand-worked lines (fixed point, decomposition, credit, bugs), the test-set
reader's errors, the paper's figure for the 14 control rules on testing-set.json, and where the
metric leaves cells unset (hand-worked lines for each kind of loss and each looser reading)."""

from __future__ import annotations

import errno
import json
import os
import re
import signal
from dataclasses import replace

import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.measuring.coverage import (
    Transition,
    TransitionsError,
    coverage,
    coverage_gaps,
    load_transitions,
)
from nonostudio.rules.ruleset import load_rule_set

FULL_HINT = parse_rule("""def full_hint:
  with h = singleton(hint):
  if size(h) = line_size:
  then fill(true, 0, line_size)""")

BIG_HINT = parse_rule("""def big_hint:
  with h = arbitrary(hint):
  if lowest_end_cell(h) > highest_start_cell(h):
  then fill(true, highest_start_cell(h), lowest_end_cell(h))""")

# Crosses the cell after a first block that sits at the left edge and matches the first hint.
CLOSE_FIRST = parse_rule("""def close_first:
  with h0 = constant(hint, 0) and b0 = constant(block, 0):
  if start(b0) = 0 and size(b0) = size(h0):
  then fill(false, size(h0), size(h0) + 1)""")

# Unsound: claims the first cell of every line with a hint is filled.
FIRST_FILLED = parse_rule("""def first_filled:
  with h = arbitrary(hint):
  if true:
  then fill(true, start(h), start(h) + 1)""")


def T(hints, before, after):  # noqa: N802 - reads like the data
    return Transition(tuple(hints), before, after)


def test_rules_to_a_fixed_point():
    # big hint leaves (8) at --OOOOOO--; nothing else is deducible.
    report = coverage([BIG_HINT], [T((8,), "-" * 10, "--OOOOOO--")])
    assert report.total == 6
    assert report.per_rule == {"big_hint": 6}
    assert report.cells_by_rule["big_hint"] == {(0, c) for c in range(2, 8)}
    assert report.bugs == []
    assert report.cells_to_fill == 6 and report.transitions == 1 and report.complete


def test_decomposition_lets_a_rule_work_on_a_sub_line():
    # (1 3) O----: closing the first block splits off (3) on the last three cells, where the
    # single hint fills its whole sub-line.
    t = T((1, 3), "O----", "OxOOO")
    report = coverage([CLOSE_FIRST, FULL_HINT], [t])
    assert report.total == 4
    assert report.per_rule == {"close_first": 1, "full_hint": 3}
    assert report.cells_by_rule["full_hint"] == {(0, 2), (0, 3), (0, 4)}
    assert coverage([FULL_HINT], [t]).total == 0  # two hints: it never binds on the whole line


def test_no_decomposition_unless_a_rule_fired():
    # The line already splits, but as in the paper the oracle is consulted only after progress.
    assert coverage([FULL_HINT], [T((1, 3), "Ox---", "OxOOO")]).total == 0


def test_every_split_at_once_and_split_cells_stay_unknown():
    # (1 1 3) O-O----: once cell 1 is crossed, the oracle cuts at cells 1 and 3 (forced in every
    # solution, but still unknown); only (3) on cells 4..6 has unknown cells left.
    t = T((1, 1, 3), "O-O----", "OxOxOOO")
    report = coverage([CLOSE_FIRST, FULL_HINT], [t])
    assert report.per_rule == {"close_first": 1, "full_hint": 3}
    assert report.total == 4
    # Without a sub-line rule that applies, only the first fill counts.
    assert coverage([CLOSE_FIRST, FULL_HINT], [T((1, 1, 3), "O--------", "Ox-------")]).total == 1


def test_the_first_rule_in_the_list_gets_the_credit():
    twin = replace(CLOSE_FIRST, name="twin")
    t = T((1, 3), "O----", "OxOOO")
    first = coverage([CLOSE_FIRST, twin], [t])
    assert first.per_rule == {"close_first": 1, "twin": 0}
    # Both rules' fills covered cell 1, whoever set it.
    assert first.cells_by_rule == {"close_first": {(0, 1)}, "twin": {(0, 1)}}
    second = coverage([twin, CLOSE_FIRST], [t])
    assert second.per_rule == {"twin": 1, "close_first": 0}


def test_no_rule_runs_once_the_line_reaches_its_deduction():
    t = T((5,), "-----", "OOOOO")
    report = coverage([FULL_HINT, BIG_HINT], [t])
    assert report.per_rule == {"full_hint": 5, "big_hint": 0}
    assert report.cells_by_rule["big_hint"] == set()


def test_a_contradicting_fill_is_a_bug_and_voids_the_rules_output_on_that_state():
    # Nothing is deducible on (1 1) -----: both of first_filled's fills (cells 0 and 1) are bugs.
    # On (1 1) x-x-- its fill of cell 1 is right, but the one of cell 0 is not: neither counts.
    t = T((1, 1), "-----", "-----")
    report = coverage([FIRST_FILLED], [t, T((1, 1), "x-x--", "xOx--")])
    assert report.total == 0
    assert [
        (b.rule, b.transition, b.fill.start, b.fill.end, b.fill.value) for b in report.bugs
    ] == [
        ("first_filled", 0, 0, 1, FILLED),
        ("first_filled", 0, 1, 2, FILLED),
        ("first_filled", 1, 0, 1, FILLED),
    ]
    assert report.bugs[0].fill.env["h"].index == 0


def test_empty_and_outside_fills_are_bugs():
    empty = parse_rule("""def empty:
  with h = singleton(hint):
  if true:
  then fill(false, 2, 2)""")
    outside = parse_rule("""def outside:
  with h = singleton(hint):
  if true:
  then fill(false, line_size, line_size + 1)""")
    t = T((5,), "-----", "OOOOO")
    report = coverage([empty, outside, FULL_HINT], [t])
    assert report.total == 5
    assert [(b.rule, b.fill.start, b.fill.end, b.fill.value) for b in report.bugs] == [
        ("empty", 2, 2, CROSSED),
        ("outside", 5, 6, CROSSED),
    ]


def test_bugs_on_a_sub_line_are_in_the_transitions_coordinates():
    # On the sub-line (3) of cells 2..4, crossing the sub-line's last cell is wrong at cell 4 of
    # the transition (the rule never binds on the whole line, which has two hints).
    cross_last = parse_rule("""def cross_last:
  with h = singleton(hint):
  if size(h) = 3:
  then fill(false, line_size - 1, line_size)""")
    report = coverage([CLOSE_FIRST, cross_last], [T((1, 3), "O----", "OxOOO")])
    assert report.total == 1
    assert [(b.fill.start, b.fill.end) for b in report.bugs] == [(4, 5)]


def test_progress_and_stop():
    ts = [T((5,), "-----", "OOOOO")] * 250
    seen = []
    report = coverage([FULL_HINT], ts, progress=lambda f, m: seen.append((f, m)))
    assert seen == [
        (0.4, "100 of 250 test lines"),
        (0.8, "200 of 250 test lines"),
        (1.0, "250 of 250 test lines"),
    ]
    assert report.total == 1250
    calls = iter(range(1000))
    stopped = coverage([FULL_HINT], ts, should_stop=lambda: next(calls) >= 120)
    assert not stopped.complete and stopped.transitions == 120 and stopped.total == 600


def write(tmp_path, items):
    path = tmp_path / "set.json"
    path.write_text(json.dumps({"items": items}))
    return path


def test_load_transitions(tmp_path):
    path = write(tmp_path, [{"hints": [2], "before": "---", "after": "-O-"}])
    assert load_transitions(path) == [Transition((2,), "---", "-O-")]


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"hints": [0], "before": "-", "after": "-"}, "item 0: hints must be a list of positive"),
        ({"hints": [1], "before": "-?", "after": "--"}, "item 0, column 2: 'before' has '?'"),
        ({"hints": [1], "before": "--", "after": "-"}, "'before' has 2 cells but 'after' 1"),
        ({"hints": [1], "before": "O-", "after": "x-"}, "column 1: cell 1 is 'O' before but 'x'"),
        ({"hints": [1], "after": "x-"}, "'before' must be a string"),
        ({"hints": [2], "before": "-x-", "after": "-x-"}, "(2) -x- has no solution"),
    ],
)
def test_load_transitions_names_the_bad_item(tmp_path, item, message):
    path = write(tmp_path, [item])
    with pytest.raises(TransitionsError, match=re.escape(message)) as caught:
        load_transitions(path)
    # a test set is not a puzzle; callers that catch ValueError catch it
    assert isinstance(caught.value, ValueError) and not isinstance(caught.value, PuzzleError)
    assert caught.value.source == f"{path}, item 0"


def test_load_transitions_bad_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"items": [\n  {"hints": }')
    with pytest.raises(TransitionsError, match="line 2") as caught:
        load_transitions(path)
    assert (caught.value.source, caught.value.line, caught.value.column) == (str(path), 2, 13)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_load_transitions_gives_up_on_a_silent_fifo(tmp_path, monkeypatch):
    """``--test FIFO`` with no program writing to it waited forever in ``open``: now an OSError
    after the bounded wait every puzzle input gets (shortened here; an alarm fails old code)."""
    from nonostudio.core.formats import _files

    monkeypatch.setattr(_files, "IDLE_SECONDS", 0.05)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)

    class Hung(Exception):
        pass

    def hung(signum, frame):
        raise Hung("load_transitions still waiting on the FIFO after 2 s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        with pytest.raises(OSError, match="sent nothing for") as caught:
            load_transitions(fifo)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert caught.value.errno == errno.ETIMEDOUT and caught.value.filename == str(fifo)


def test_load_transitions_says_a_folder_is_not_a_test_set(tmp_path):
    with pytest.raises(OSError, match="is a folder, not a test set") as caught:
        load_transitions(tmp_path)
    assert caught.value.errno == errno.EISDIR


def test_load_transitions_reads_up_to_a_limit(tmp_path, monkeypatch):
    from nonostudio.rules.measuring import transitions

    path = write(tmp_path, [{"hints": [2], "before": "---", "after": "-O-"}])
    monkeypatch.setattr(transitions, "TEST_SET_BYTES", path.stat().st_size - 1)
    with pytest.raises(TransitionsError, match="test sets are read up to"):
        load_transitions(path)


def test_control_rules_on_the_papers_test_set(anchors):
    transitions = load_transitions(anchors / "butler" / "testing-set.json")
    assert len(transitions) == 2805
    report = coverage(load_rule_set("control").rules, transitions)
    assert report.cells_to_fill == 10266
    # Paper: 4652 with an SMT oracle that can miss a split; an exact oracle measured 4655.
    assert 4647 <= report.total <= 4657
    assert report.bugs == []
    assert sum(report.per_rule.values()) == report.total
    assert all(report.per_rule[name] > 0 for name in report.per_rule)
    assert sum(map(len, report.cells_by_rule.values())) >= report.total


# ---- where cells are left unset ------------------------------------------------------------------


def _losses(gaps):
    return {
        "no_rule_fires": {k: v for k, v in gaps.no_rule_fires.items() if v},
        "lines": gaps.no_rule_fires_lines,
        "sub": gaps.sub_line_no_rule,
        "stuck": gaps.stuck_unsplit,
        "split": gaps.split_cells,
    }


def test_gaps_on_a_line_no_rule_fires_on():
    # (1 3) O----: full hint needs a single hint, so nothing fires and the oracle is never asked.
    # Its split (cell 1, between the hints) would leave (3) on the last three cells, which
    # full hint fills when the oracle may split first; the split cell itself stays unset.
    seen = []
    gaps = coverage_gaps(
        [FULL_HINT], [T((1, 3), "O----", "OxOOO")], progress=lambda f, m: seen.append((f, m))
    )
    assert seen == [
        (0.0, "coverage, the paper's reading"),
        (0.25, "coverage, read both ways"),
        (0.5, "coverage, the oracle first"),
        (0.75, "coverage, both ways with the oracle first"),
    ]
    assert gaps.covered == 0 and gaps.cells_to_fill == 4
    assert _losses(gaps) == {
        "no_rule_fires": {"last": 3, "between": 1},
        "lines": 1,
        "sub": 0,
        "stuck": 0,
        "split": 0,
    }
    assert (gaps.both_directions, gaps.oracle_first, gaps.oracle_first_both_directions) == (0, 3, 3)
    assert gaps.lost == 4


def test_gaps_on_a_sub_line_and_where_rules_stop_without_a_split():
    # close first crosses cell 1 of (1 3) O----, the oracle splits off (3) on ---, where it
    # cannot fire: three cells lost on a sub-line.
    gaps = coverage_gaps([CLOSE_FIRST], [T((1, 3), "O----", "OxOOO")])
    assert gaps.covered == 1
    assert _losses(gaps) == {"no_rule_fires": {}, "lines": 0, "sub": 3, "stuck": 0, "split": 0}
    # big hint fills cells 2-7 of (8) O---------; cells 1, 8 and 9 stay, and one hint never
    # splits.
    gaps = coverage_gaps([BIG_HINT], [T((8,), "O---------", "OOOOOOOOxx")])
    assert gaps.covered == 6
    assert _losses(gaps) == {"no_rule_fires": {}, "lines": 0, "sub": 0, "stuck": 3, "split": 0}


def test_gaps_split_cells_and_the_flipped_reading():
    # (2 1) ----O: big hint fills cell 1; the oracle splits at cell 3 (hint 0 ends by cell 3,
    # hint 1 is the block at 4), which no rule crossed and no sub-line holds.  Read from the
    # right the line is (1 2) O----, where close first crosses that cell.
    t = T((2, 1), "----O", "-O-xO")
    gaps = coverage_gaps([BIG_HINT, CLOSE_FIRST], [t])
    assert gaps.covered == 1
    assert _losses(gaps) == {"no_rule_fires": {}, "lines": 0, "sub": 0, "stuck": 0, "split": 1}
    assert gaps.both_directions == 2 and gaps.oracle_first == 1
    assert coverage([BIG_HINT, CLOSE_FIRST], [t], both_directions=True).total == 2


def test_a_flipped_fill_that_contradicts_the_deduction_is_a_bug_in_line_coordinates():
    # first filled read from the right claims the last cell of (1) -x--: cell 4 is not forced.
    report = coverage([FIRST_FILLED], [T((1,), "-x--", "-x--")], both_directions=True)
    assert report.total == 0
    claims = {(b.fill.start, b.fill.end, b.fill.flipped) for b in report.bugs}
    assert claims == {(0, 1, False), (3, 4, True)}


@pytest.mark.slow
def test_gaps_add_up_on_the_papers_test_set(anchors):
    transitions = load_transitions(anchors / "butler" / "testing-set.json")
    rules = load_rule_set("control").rules
    gaps = coverage_gaps(rules, transitions)
    assert gaps.covered == coverage(rules, transitions).total
    assert gaps.covered + gaps.lost == gaps.cells_to_fill == 10266
    assert gaps.no_rule_fires_lines > 0 and all(v >= 0 for v in gaps.no_rule_fires.values())
    assert gaps.covered < gaps.both_directions <= gaps.oracle_first_both_directions
    assert gaps.covered < gaps.oracle_first <= gaps.oracle_first_both_directions
