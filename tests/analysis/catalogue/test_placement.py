"""Placing rules in techniques: the control rules land where a player would name them, mirror
images and both readings land together, rules that fit nothing are listed with an example, and
the share of coverage carried by placed rules adds up."""

from __future__ import annotations

import dataclasses

import pytest

from nonostudio.analysis.catalogue.placement import (
    THRESHOLD,
    UNPLACED,
    MoveCache,
    by_technique,
    coverage_share,
    firings,
    place,
    place_all,
)
from nonostudio.analysis.catalogue.techniques import BY_ID, FALLBACK
from nonostudio.core.line import Line, cells_from_text
from nonostudio.rules.language.mirror import mirrored
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.measuring.coverage import coverage, load_transitions
from nonostudio.rules.ruleset import load_rule_set

# Read from each control rule's meaning in docs/rule-language.md §7 (its name, source and
# examples), not from the code's output: what a player would call the move.
CONTROL_EXPECTED = {
    "full_hint": "overlap",  # the clue is the whole line: simple boxes
    "full_hint_pair_1": "overlap",  # two clues fill the line: each clue's cells are boxes
    "full_hint_pair_2": "overlap",
    "full_hint_pair_3": "simple_spaces",  # the space between the two clues: no clue reaches it
    "big_hint": "overlap",  # simple boxes
    "edge_fill": "glue",  # Wikipedia's glue at the line's edge
    "full_edge_gap": "glue",  # a box at the start of the first gap sticks out from the wall
    "cross_small_gap_singleton": "small_gap",
    "cross_small_gap_min": "small_gap",
    "cross_small_gap_left": "small_gap",
    "punctuate_maximum": "punctuate",  # a block as long as the biggest clue is finished
    "punctuate_first_hint": "punctuate",  # the first block is the finished first clue
    "mercury": "mercury",
    "force_maximum": "overlap",  # forcing: the only gap the clue fits, overlap within it
}


@pytest.fixture(scope="module")
def transitions(anchors):
    return load_transitions(anchors / "butler" / "testing-set.json")


@pytest.fixture(scope="module")
def control_placements(transitions):
    return place_all(load_rule_set("control").rules, transitions)


@pytest.mark.slow
def test_control_rules_land_in_the_technique_a_player_names(control_placements) -> None:
    got = {p.rule: p.technique for p in control_placements}
    assert got == CONTROL_EXPECTED
    for p in control_placements:
        assert p.firings > 0 and p.share >= THRESHOLD, p.rule
    groups = by_technique(control_placements)
    assert list(groups) == ["overlap", "small_gap", "simple_spaces", "punctuate", "glue", "mercury"]
    assert groups["punctuate"] == ["punctuate_maximum", "punctuate_first_hint"]
    data = control_placements[0].to_json()
    assert data["technique"] == "overlap" and data["evidence"]["overlap"]["firings"] == 30
    assert data["example"].startswith("(")


def test_evidence_examples_are_part_of_the_techniques_move(control_placements) -> None:
    for p in control_placements:
        e = p.evidence[p.technique]
        assert e.firings >= THRESHOLD * p.firings and e.cells > 0
        ex = e.example
        assert ex is not None and ex is p.example
        out = BY_ID[p.technique].apply(ex.hints, cells_from_text(ex.before))
        assert all(out[c] == 1 for c in ex.filled) and all(out[c] == 0 for c in ex.crossed)
        assert ex.filled or ex.crossed
        # the exact line solver explains every firing of a sound rule
        assert p.evidence[FALLBACK].firings == p.firings


@pytest.mark.slow
def test_a_rule_and_its_mirror_image_are_one_technique(transitions) -> None:
    lines = transitions[::4]
    cache = MoveCache()
    rules = load_rule_set("learned").rules
    checked = 0
    for rule in rules[:12]:
        mirror = mirrored(rule)
        if mirror is None:
            continue
        a = place(rule, lines, cache=cache)
        b = place(mirror, lines, cache=cache)
        assert a.technique == b.technique != UNPLACED, rule.name
        assert a.firings == b.firings
        checked += 1
    assert checked >= 6


def test_both_readings_of_a_line_are_firings() -> None:
    rule = load_rule_set("control").entry("cross_small_gap_left").rule
    found = firings(rule, [Line.parse((3,), "--------x--")])
    assert len(found) == 1
    f = found[0]
    assert f.flipped and f.crossed == (9, 10) and f.filled == ()
    assert "crosses 10, 11 (read right to left)" in str(f)
    p = place(rule, [Line.parse((3,), "--------x--"), Line.parse((3, 1), "xx--x----x--")])
    assert p.technique == "small_gap" and p.firings == 2


def test_a_rule_that_fits_no_technique_is_unplaced_with_an_example(transitions) -> None:
    # Not sound: the first cell of a long gap is not always filled, so no technique explains it.
    wrong = parse_rule("""def wrong_gap_start:
  with g = arbitrary(gap):
  if size(g) > 3:
  then fill(true, start(g), start(g) + 1)""")
    p = place(wrong, transitions[::10])
    assert p.technique == UNPLACED and not p.placed
    assert p.firings > 50 and p.unexplained is not None
    assert p.example is not None
    # a rule that never fires on the lines is unplaced too, with nothing to show
    never = parse_rule("""def never:
  with h = arbitrary(hint):
  if size(h) > line_size:
  then fill(false, 0, 1)""")
    q = place(never, transitions[::10])
    assert q.technique == UNPLACED and q.firings == 0 and q.example is None


def test_a_users_rule_is_placed_the_same_way(transitions) -> None:
    mine = parse_rule("""def cap_the_biggest:
  with h = arbitrary(hint) and b = arbitrary(block):
  if maximal(h) and size(h) = size(b) and line_size > start(b) + size(b):
  then fill(false, start(b) + size(b), start(b) + size(b) + 1)""")
    assert place(mine, transitions[::3]).technique == "punctuate"


@pytest.mark.slow
def test_coverage_share_of_the_control_rules(transitions, control_placements) -> None:
    share = coverage_share(load_rule_set("control"), control_placements, transitions)
    assert share.covered == coverage(load_rule_set("control").rules, transitions).total == 4655
    assert share.placed == 4655 and share.share == 1.0 and share.unplaced_only == 0
    assert set(share.by_technique) == set(CONTROL_EXPECTED.values())
    assert share.by_technique["small_gap"] == len(
        set().union(
            *(
                cells
                for name, cells in coverage(
                    load_rule_set("control").rules, transitions
                ).cells_by_rule.items()
                if CONTROL_EXPECTED[name] == "small_gap"
            )
        )
    )
    # the same placements with big hint unplaced: the cells only big hint covers are lost
    report = coverage(load_rule_set("control").rules, transitions)
    others = set().union(*(c for name, c in report.cells_by_rule.items() if name != "big_hint"))
    only_big = len(report.cells_by_rule["big_hint"] - others)
    assert only_big > 0
    changed = [
        dataclasses.replace(p, technique=UNPLACED) if p.rule == "big_hint" else p
        for p in control_placements
    ]
    less = coverage_share(load_rule_set("control").rules, changed, transitions)
    assert less.placed == 4655 - only_big and less.unplaced_only == only_big
    assert less.by_technique[UNPLACED] == len(report.cells_by_rule["big_hint"])


@pytest.mark.slow
def test_learned_rules_coverage_is_carried_by_placed_rules(transitions) -> None:
    """The issue's goal (at least 90 %), on every fifth test line to keep the test quick; the
    benchmark measures all 2805."""
    lines = transitions[::5]
    learned = load_rule_set("learned")
    placements = place_all(learned.rules, lines)
    share = coverage_share(learned, placements, lines)
    assert share.covered > 1500
    assert share.share >= 0.9
