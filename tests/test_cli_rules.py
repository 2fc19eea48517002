"""The ``rules show|prove|coverage`` and ``explain`` subcommands, in-process through ``main`` and
once through ``python -m nonostudio``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from nonostudio.analysis.tracing.steps import Trace
from nonostudio.cli import main
from nonostudio.cli.rule_tools.rules import counterexample_picture
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.rules.language.interpreter import RuleFill
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.ruleset import load_rule_set

REPO = Path(__file__).resolve().parent.parent
FULL_ROWS = "3:3:3-3:3:3"
# 5x5, unique, not line-solvable: one probe is needed.
PROBE = "2,1:1,3:1:3:1,1-2,1:1,1:1,1:2,1:2,1"
PACK_LEFT = """\
#: title: pack left (unsound)
def pack_left:
  with h = constant(hint, 0):
  if true:
  then fill(true, 0, size(h))
"""
# Costs from docs/rule-language.md §7 (the original implementation's values).
PAPER_COSTS = {"full_hint": 15, "big_hint": 36, "cross_small_gap_singleton": 19, "mercury": 44}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_show_lists_every_rule_with_text_english_and_cost(capsys) -> None:
    code, data = run_json(capsys, "rules", "show", "control")
    assert code == 0
    control = load_rule_set("control")
    assert [r["name"] for r in data["rules"]] == [rule.name for rule in control.rules]
    for item, rule in zip(data["rules"], control.rules, strict=True):
        assert parse_rule(item["text"]) == rule
        assert item["english"].strip() and item["title"]
    costs = {r["name"]: r["cost"] for r in data["rules"]}
    assert {name: costs[name] for name in PAPER_COSTS} == PAPER_COSTS
    assert main(["rules", "show", "control"]) == 0
    text = capsys.readouterr().out
    assert "14 rules" in text
    assert re.search(r"^5\. big hint \(big_hint, cost 36\)$", text, re.M)
    assert "lowest_end_cell(h) > highest_start_cell(h)" in text


def test_show_wraps_a_long_rule_line_inside_the_rule(capsys, tmp_path) -> None:
    path = tmp_path / "long.rules"
    path.write_text(
        "def widened:\n"
        "  with h = arbitrary(hint) and g = arbitrary(gap):\n"
        "  if size(h) + size(h) > size(g) and (g is unique where size(g) >= size(h)"
        " and highest_start_cell(h) >= start(g)"
        " and start(g) + size(g) >= lowest_end_cell(h)):\n"
        "  then fill(true, start(g) + size(g) - size(h), start(g) + size(h))\n"
    )
    assert main(["rules", "show", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index("    def widened:")
    rule_lines = out[
        at + 1 : out.index(
            "      then fill(true, start(g) + size(g) - size(h), start(g) + size(h))"
        )
    ]
    assert len(rule_lines) >= 3 and all(len(line) <= 96 for line in rule_lines)
    # Continuations sit deeper than the line they continue, inside the rule's indentation.
    assert rule_lines[0].startswith("      with ") and rule_lines[1].startswith("      if ")
    assert all(line.startswith("         ") for line in rule_lines[2:])


def test_show_fits_an_80_column_terminal_saying_the_same(capsys) -> None:
    """Every line of 'rules show' at most 80 columns (37 of control's 127 lines were wider, up
    to 96), its words those of the JSON form: title, name, cost, rule text and English."""
    for name in ("control", "concise"):
        code, data = run_json(capsys, "rules", "show", name)
        assert code == 0 and main(["rules", "show", name]) == 0
        text = capsys.readouterr().out
        assert max(map(len, text.splitlines())) <= 80
        said = [f"{data['rule_set']}: {len(data['rules'])} rules"]
        for n, item in enumerate(data["rules"], 1):
            said += [f"{n}. {item['title']} ({item['name']}, cost {item['cost']})"]
            said += [item["text"], item["english"]]
        assert text.split() == " ".join(said).split()


def test_show_reports_a_syntax_error_with_its_place(capsys, tmp_path) -> None:
    bad = tmp_path / "bad.rules"
    bad.write_text("def x:\n  with h = singleton(hint):\n  if size(h) = : then fill(true, 0, 1)\n")
    code, data = run_json(capsys, "rules", "show", str(bad))
    assert code == 2
    assert (data["source"], data["line"], data["column"]) == (str(bad), 3, 16)
    assert "bad.rules, line 3, column 16" in data["error"]


def test_unknown_rule_set_and_missing_test_set(capsys, tmp_path) -> None:
    assert main(["rules", "show", "no_such_set"]) == 2  # a name, not a file: bad input
    assert "no_such_set" in capsys.readouterr().err
    assert main(["rules", "coverage", "control", "--test", str(tmp_path / "none.json")]) == 3
    assert "none.json" in capsys.readouterr().err


def test_coverage_on_the_testing_set_matches_the_paper(capsys, anchors) -> None:
    code, data = run_json(capsys, "rules", "coverage", "control")
    assert code == 0
    assert data["transitions"] == 2805
    assert abs(data["total"] - 4652) <= 10  # the paper's figure (docs/rule-language.md §7)
    assert sum(data["per_rule"].values()) == data["total"]
    assert data["bugs"] == []


def test_coverage_on_a_custom_test_set_reports_bugs(capsys, tmp_path) -> None:
    tests = tmp_path / "tests.json"
    tests.write_text(
        json.dumps(
            {
                "items": [
                    {"hints": [5], "before": "-----", "after": "OOOOO"},  # full hint: 5 cells
                    {"hints": [1], "before": "---", "after": "---"},  # nothing to deduce
                ]
            }
        )
    )
    code, data = run_json(capsys, "rules", "coverage", "control", "--test", str(tests))
    assert code == 0 and data["total"] == 5 and data["per_rule"]["full_hint"] == 5
    rules = tmp_path / "unsound.rules"
    rules.write_text(PACK_LEFT)
    code, data = run_json(capsys, "rules", "coverage", str(rules), "--test", str(tests))
    assert data["total"] == 5  # cells 1-5 of the first line (all of them are right there)
    assert len(data["bugs"]) == 1 and data["bugs"][0].startswith("pack_left: on test line 2")


def test_coverage_of_an_unsound_rule_lists_a_few_of_its_bugs_and_marks_it(capsys, tmp_path) -> None:
    # Each '(1) ---' line is a bug of pack_left (it fills cell 1, which the deduction leaves
    # open).  An unsound rule of the editor made 1,756 such lines on the bundled test set, all
    # printed, and its row read like any other's.
    tests = tmp_path / "tests.json"
    items = [{"hints": [1], "before": "-" * n, "after": "-" * n} for n in range(2, 10)]
    tests.write_text(json.dumps({"items": items}))
    rules = tmp_path / "unsound.rules"
    rules.write_text(PACK_LEFT)
    assert main(["rules", "coverage", str(rules), "--test", str(tests)]) == 0
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert "(1 rule)" in captured.err
    assert any(
        line.startswith("pack_left") and "(wrong: 8 fills contradicting)" in line for line in out
    )
    assert "8 bugs (fills contradicting the known deduction)" in out
    assert sum(line.startswith("  pack_left: on test line") for line in out) == 5
    assert "  pack_left: 3 more (--json lists every one)" in out
    code, data = run_json(capsys, "rules", "coverage", str(rules), "--test", str(tests))
    assert len(data["bugs"]) == 8


def test_coverage_gaps_say_where_cells_are_left(capsys, tmp_path) -> None:
    tests = tmp_path / "tests.json"
    tests.write_text(
        json.dumps(
            {
                "items": [
                    {"hints": [5], "before": "-----", "after": "OOOOO"},  # full hint: 5 cells
                    # No control rule fires on (1 1) O--x read forward, so the oracle's split at
                    # cell 1 is never asked for, though force maximum fills its piece (1) -x.
                    {"hints": [1, 1], "before": "O--x", "after": "OxOx"},
                ]
            }
        )
    )
    code, data = run_json(capsys, "rules", "coverage", "control", "--test", str(tests), "--gaps")
    assert code == 0 and data["total"] == 5
    gaps = data["gaps"]
    assert gaps["covered"] == 5 and gaps["cells_to_fill"] == 7
    assert gaps["no_rule_fires"] == {"first": 0, "middle": 0, "last": 1, "whole": 0, "between": 1}
    assert gaps["no_rule_fires_lines"] == 1 and gaps["oracle_first"] == 6
    assert main(["rules", "coverage", "control", "--test", str(tests), "--gaps"]) == 0
    out = capsys.readouterr().out
    assert "unset on the 1 test lines where no rule fires" in out
    assert re.search(r"the oracle splitting before any rule fires\s+6$", out, re.M)


def test_explain_tells_each_step(capsys) -> None:
    assert main(["explain", FULL_ROWS, "--rules", "control"]) == 0
    out = capsys.readouterr().out.splitlines()
    steps = [line for line in out if re.match(r"^\d+\. ", line)]
    assert steps == [
        f"{n}. Row {n} — Overlap: the 3 can only start at cell 1, so cells 1–3 are filled."
        for n in (1, 2, 3)
    ]
    assert "Solved in 3 steps: 3 by rules" in "\n".join(out)
    assert "Techniques: Overlap (3 steps)." in out


def test_explain_rule_fills_keeps_the_rules_own_words(capsys) -> None:
    assert main(["explain", FULL_ROWS, "--rules", "control", "--rule-fills"]) == 0
    out = capsys.readouterr().out.splitlines()
    steps = [line for line in out if re.match(r"^\d+\. ", line)]
    assert len(steps) == 3
    for n, line in enumerate(steps, 1):
        assert line.startswith(f"{n}. Row {n} (left to right): full hint — ")
        assert line.endswith(", so cells 1–3 are filled"), line  # said once, not repeated


def test_explain_json_holds_the_trace(capsys) -> None:
    code, data = run_json(capsys, "explain", PROBE)
    # The shipped learned set explains by default, as in the solving view.
    assert code == 0 and data["solved"] and data["rule_set"] == "learned"
    trace = Trace.from_json(data["trace"], parse_puzzle_arg(PROBE))
    assert len(data["text"]) == len(trace.steps) == data["summary"]["steps"]
    assert data["summary"]["fallback_steps"]["probe"] >= 1
    first = trace.first_fallback()
    assert data["first_fallback"] == first and trace.steps[first].kind == "probe"
    assert "— Contradiction: suppose this cell were" in data["text"][first]
    probe = data["steps"][first]
    assert (probe["kind"], probe["technique"]) == ("probe", "contradiction")
    ((r, c, v),) = probe["cells"]
    assert data["text"][first].startswith(f"Row {r + 1}, column {c + 1} — ")
    assert data["text"][first].endswith("this cell is filled." if v == 1 else "this cell is empty.")


def test_explain_json_lists_the_steps_with_technique_kind_line_cells_text(capsys) -> None:
    code, data = run_json(capsys, "explain", "0:3:3:3:0-0:3:3:3:0")
    assert code == 0 and len(data["steps"]) == len(data["trace"]["steps"]) == len(data["text"])
    from nonostudio.analysis.catalogue.techniques import BY_ID

    for item, text in zip(data["steps"], data["text"], strict=True):
        assert {"technique", "kind", "line", "cells", "text"} <= set(item)
        assert item["technique"] in BY_ID and item["text"] == text
        assert item["kind"] in ("rule", "line", "probe", "search")
        assert text.startswith(item["line"]["name"] + " — " + BY_ID[item["technique"]].name)
    first = data["steps"][0]  # the blank top row: crossed out by the empty-line technique
    assert (first["technique"], first["kind"], first["line"]) == (
        "empty_line",
        "rule",
        {"axis": "row", "index": 0, "name": "Row 1"},
    )
    assert first["cells"] == [[0, c, 0] for c in range(5)] and first["rule"] is None
    techniques = {item["technique"] for item in data["steps"]}
    assert techniques <= {"empty_line", "overlap"}, techniques
    assert data["summary"]["techniques"]["empty_line"] == 4


def test_families_lists_the_catalogue(capsys) -> None:
    code, data = run_json(capsys, "rules", "families")
    from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES

    assert code == 0
    assert [t["id"] for t in data["techniques"]] == [t.id for t in ALL_TECHNIQUES]
    tiers = [t["tier"] for t in data["techniques"]]
    assert tiers == sorted(tiers) and tiers[0] == 0
    overlap = next(t for t in data["techniques"] if t["id"] == "overlap")
    assert overlap["example"]["before"] == "----------" and overlap["name"] == "Overlap"
    assert main(["rules", "families"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{len(ALL_TECHNIQUES)} techniques, easiest first:")
    assert "tier 0  Empty line (empty_line)" in out


@pytest.mark.slow
@pytest.mark.usefixtures("guide_examples_once")  # the samples' examples, traced once
def test_guide_writes_a_printable_page(capsys, tmp_path) -> None:
    test = tmp_path / "test.json"
    test.write_text(
        json.dumps(
            {
                "items": [
                    {"hints": [8], "before": "-" * 10, "after": "--OOOOOO--"},  # overlap
                    {"hints": [], "before": "-----", "after": "xxxxx"},
                ]
            }
        )
    )  # the empty line
    out = tmp_path / "guide.html"
    code, data = run_json(capsys, "rules", "guide", str(out), "--test", str(test))
    assert code == 0 and data["test_lines"] == 2
    page = out.read_text(encoding="utf-8")
    from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES

    positions = [page.index(f'<section id="{t.id}">') for t in ALL_TECHNIQUES]
    assert positions == sorted(positions)  # the techniques in difficulty order
    assert page.count('<table class="line">') >= 2 * 11  # before and after of each example
    # Worked examples from the bundled sample puzzles, with the trace's own sentence.
    assert {"overlap", "empty_line", "line_complete", "contradiction"} <= set(data["examples"])
    assert "In a real puzzle:" in page and "— Overlap: " in page
    assert "On the 2 test lines: the easiest technique that helps on 1 (50.0 %)" in page
    assert "<script" not in page and "Jan Wolter" in page  # attribution of the samples


def test_explain_without_fallback_stops_with_exit_1(capsys) -> None:
    assert main(["explain", PROBE, "--no-fallback"]) == 1
    out = capsys.readouterr().out
    assert "Not solved (stuck)" in out and "Probe" not in out


def test_explain_with_a_rule_file(capsys, tmp_path) -> None:
    rules = tmp_path / "unsound.rules"
    rules.write_text(PACK_LEFT)
    # Row 1 "(1) --": pack_left fills cell 1, which line logic leaves open.
    assert main(["explain", "1:0-1:0", "--rules", str(rules)]) == 2
    err = capsys.readouterr().err
    assert "rule 'pack_left' is unsound: on row 1 (1) --" in err and "cell 1 filled" in err


def test_prove_reports_sound_and_unsound_rules(capsys, tmp_path) -> None:
    rules = tmp_path / "two.rules"
    control = (REPO / "nonostudio" / "_resources" / "rules" / "control.rules").read_text()
    full_hint = control[
        control.index("#: title: full hint\n") : control.index("def full_hint_pair_1")
    ]
    rules.write_text(full_hint.split("\n#: title:")[0].rstrip() + "\n\n" + PACK_LEFT)
    code, data = run_json(capsys, "rules", "prove", str(rules), "--max-length", "6")
    assert code == 1 and data["unsound"] == 1
    sound, unsound = data["rules"]
    assert (sound["name"], sound["sound"]) == ("full_hint", True)
    assert (unsound["name"], unsound["sound"]) == ("pack_left", False)
    cex = unsound["counterexample"]
    assert cex["fill"]["value"] is True and cex["witness"]
    assert main(["rules", "prove", str(rules), "--max-length", "6"]) == 1
    out = capsys.readouterr().out
    assert "pack_left: UNSOUND" in out and "solution" in out


PROGRESS_LINE = re.compile(r"^\[(\S+) +(\d+)%\] (.+)$")


def test_prove_prints_legible_progress(capsys, monkeypatch) -> None:
    # Every report printed (not one a second), so each one the prover makes can be read here.
    monkeypatch.setattr("nonostudio.cli.rule_tools.rules.Progress.interval", 0.0)
    assert main(["rules", "prove", "control", "--max-length", "4"]) == 0
    err = capsys.readouterr().err
    shown: dict[str, list[tuple[int, str]]] = {}
    for line in err.splitlines():
        if (match := PROGRESS_LINE.match(line)) is not None:
            shown.setdefault(match[1], []).append((int(match[2]), match[3]))
    assert set(shown) == {rule.name for rule in load_rule_set("control").rules}
    # A count taken for a fraction would read "[mercury 1200%] 30".
    assert shown["mercury"] == [
        (0, "proving for lines up to 4 cells"),
        *((25 * n, f"proved for lines up to {n} of 4 cells") for n in range(1, 5)),
    ]
    for reports in shown.values():
        percents = [p for p, _ in reports]
        assert percents == sorted(percents) and 0 <= percents[0] and percents[-1] == 100


def test_coverage_prints_legible_progress(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr("nonostudio.cli.rule_tools.rules.Progress.interval", 0.0)
    tests = tmp_path / "tests.json"
    tests.write_text(json.dumps({"items": [{"hints": [5], "before": "-----", "after": "OOOOO"}]}))
    assert main(["rules", "coverage", "control", "--test", str(tests), "--gaps"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert "[coverage 100%] 1 of 1 test lines" in err
    assert "coverage, both ways with the oracle first" in err


def test_counterexample_picture_puts_the_fill_under_the_line() -> None:
    cex = SimpleNamespace(
        hints=(1,),
        cells="---",
        env={},
        witness="xxO",
        fill=RuleFill("pack_left", FILLED, 0, 1, {}, False),
    )
    assert counterexample_picture(cex) == [
        "line     (1) ---",
        "fill         O",
        "solution     xxO",
    ]
    outside = SimpleNamespace(
        hints=(2, 1), cells="-----", env={}, witness="", fill=RuleFill("r", CROSSED, 4, 6, {}, True)
    )
    assert counterexample_picture(outside) == [
        "line     (2 1) -----",
        "fill               x",
        "         the fill [4, 6) reaches outside the 5-cell line",
    ]


def test_explain_in_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nonostudio", "explain", FULL_ROWS, "--json", "--rules", "control"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["summary"]["uses"] == {"full_hint": 3}
    assert "explaining 3x3 puzzle" in done.stderr


def test_a_guide_that_cannot_be_written_is_said_before_the_samples_are_solved(
    tmp_path, capsys, monkeypatch
):
    """It solved the 15 samples and counted the test lines (some seconds) before saying the
    folder did not exist."""
    from nonostudio.cli.rule_tools import rules_guide

    solved = []
    monkeypatch.setattr(rules_guide, "sample_puzzles", lambda: solved.append(1) or [])
    for target in (tmp_path / "no" / "guide.html", tmp_path):
        assert main(["rules", "guide", str(target)]) == 3
        assert str(target) in capsys.readouterr().err and not solved


def test_a_learned_set_that_cannot_be_written_is_said_before_optimising(
    tmp_path, capsys, monkeypatch
):
    """learn export optimised the runs' rules (minutes on a real run) before the write failed."""
    from nonostudio.cli.learning import learn_export

    pooled = []
    monkeypatch.setattr(learn_export, "_pooled", lambda *a: pooled.append(a))
    target = tmp_path / "no" / "learned.rules"
    code = main(["learn", "export", "--store", str(tmp_path / "jobs.db"), str(target)])
    assert code == 3 and str(target) in capsys.readouterr().err and not pooled


@pytest.mark.parametrize("length, noted", [(12, True), (7, False)])
def test_learn_run_of_long_lines_says_the_listing_takes_long(
    tmp_path, capsys, monkeypatch, length, noted
):
    """--max-length 30 printed nothing for minutes (1.5 GB at 99 cells) while the
    specifications were listed; from 10 cells a note says so first."""
    from nonostudio.cli.learning import learn_runs

    def listing(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(learn_runs, "create_run", listing)
    store = str(tmp_path / "jobs.db")
    assert main(["learn", "run", "--max-length", str(length), "--store", store]) == 130
    assert ("note: listing the specifications" in capsys.readouterr().err) == noted


@pytest.mark.parametrize(
    "action", [["status"], ["extend", "--max-length", "8", "--max-patterns", "3"], ["export"]]
)
def test_learn_actions_that_read_a_run_make_no_store(tmp_path, capsys, action):
    """'learn status --store typo.db' made an empty job store there and said it holds no run."""
    store = tmp_path / "typo.db"
    out = [str(tmp_path / "out.rules")] if action == ["export"] else []
    code = main(["learn", *action, "--store", str(store), *out])
    assert code == 2 and "no job store there" in capsys.readouterr().err
    assert not store.exists()


def test_a_guide_named_like_a_rule_set_is_refused_before_anything_is_written(
    capsys, tmp_path, monkeypatch
) -> None:
    """``rules guide control`` (typed as ``rules show control`` is) wrote the page over a file
    named ``control``; an OUT.html not ending in .html or .htm is a usage error now, said
    before the samples are solved, pointing at --rules when it names a rule set."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["rules", "guide", "control"]) == 2
    assert "rules guide --rules control control.html" in capsys.readouterr().err
    assert main(["rules", "guide", "notes.txt"]) == 2
    assert "'notes.txt' does not end in .html or .htm" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_ctrl_c_in_prove_stops_the_proof_and_keeps_the_verdicts_before_it(
    capsys, monkeypatch
) -> None:
    """z3 caught Ctrl-C inside a query and the prover raised 'z3 gave up on ... interrupted
    from keyboard': an internal error, exit 4; a Ctrl-C Python got left the proof's worker
    threads finishing their query (30 s on learned at 17 cells).  Now Ctrl-C is the proof's
    should_stop, and the verdicts before it are said.  The prover here is a stand-in that takes
    the Ctrl-C during the second rule and waits (at most 5 s) for the stop to be asked."""
    import os
    import signal
    import time

    from nonostudio.rules.proving import prover

    calls = []

    def fake_prove(rule, max_length, should_stop=None, progress=None, threads=None):
        calls.append(rule.name)
        if len(calls) == 1:
            return prover.ProofResult(rule.name, True, max_length, 0.01)
        os.kill(os.getpid(), signal.SIGINT)
        end = time.monotonic() + 5
        while should_stop is not None and not should_stop() and time.monotonic() < end:
            time.sleep(0.01)
        return prover.ProofResult(rule.name, None, max_length, 0.02)

    monkeypatch.setattr(prover, "prove", fake_prove)
    total = len(load_rule_set("control").entries)
    before = signal.getsignal(signal.SIGINT)
    code = main(["rules", "prove", "control", "--json"])
    out = capsys.readouterr()
    assert code == 130 and len(calls) == 2
    data = json.loads(out.out)
    assert data["interrupted"] is True
    assert [r["name"] for r in data["rules"]] == calls[:1] and data["rules"][0]["sound"] is True
    assert f"interrupted: 1 of {total} rules proved; their verdicts follow" in out.err
    assert signal.getsignal(signal.SIGINT) is before  # the handler before it is back


def test_rules_show_of_one_rule_says_one_rule(tmp_path, capsys):
    # it said "one: 1 rules" (and learn export "wrote 1 rules to …", "these 1 rules …")
    from nonostudio.rules.ruleset import dump_rules, load_rule_set

    path = tmp_path / "one.rules"
    path.write_text(dump_rules(load_rule_set("control").entries[:1]))
    assert main(["rules", "show", str(path)]) == 0
    assert capsys.readouterr().out.startswith("one: 1 rule\n")
