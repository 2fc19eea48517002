"""``learn run|status|export|report`` end to end on a tiny run; Ctrl-C and resume lose nothing."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from ctrl_c import sigint_at_default
from tiny_learn_run import TINY, TINY_THREADS, TINY_TOTAL

from nonostudio.cli import main
from nonostudio.cli.learning import learn_runs
from nonostudio.learn.choosing.export import run_rules
from nonostudio.learn.mining.specs import mine_transitions, specifications
from nonostudio.learn.store.jobs import JobStore, SpecStatus, rule_texts
from nonostudio.rules.language.ast import And, Maximal, Minimal, Rule, Unique, walk
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.language.tidy import tidy
from nonostudio.rules.ruleset import load_rule_set

# One xdist worker runs this module (``--dist loadgroup``): its module fixture (a learning run) is
# made once, and the module is handed out among the first units.  Its exports and reports measure
# the control rules on the test set once (``rule_cells_once``), not once an export each.
pytestmark = [pytest.mark.xdist_group("test_cli_learn"), pytest.mark.usefixtures("rule_cells_once")]


REPO = Path(__file__).resolve().parent.parent

Capsys = pytest.CaptureFixture[str]


def cli_json(capsys: Capsys, *argv: str) -> tuple[int, dict[str, Any]]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def interrupted_then_resumed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Start a run in a child process, Ctrl-C its whole process group after the first finished
    specification, record the store, then resume it in this process."""
    store = tmp_path_factory.mktemp("learn") / "jobs.sqlite3"
    # SIGINT at its default in the child: a suite started in the background (``cmd &``) hands
    # its children SIGINT ignored, and the Ctrl-C would then test nothing.
    child = subprocess.Popen(
        [sys.executable, "-m", "nonostudio", "learn", "run", *TINY, "--store", str(store)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=sigint_at_default,
    )
    deadline = time.monotonic() + 60
    finished: dict[str, tuple] = {}
    while time.monotonic() < deadline and not finished:
        time.sleep(0.1)
        if store.exists():
            with JobStore(store) as s:
                runs = s.runs()
                if runs:
                    finished = {
                        r.key: (r.status, r.seconds, r.attempts, r.result)
                        for r in s.records(runs[0].id)
                        if r.status == "done"
                    }
    os.killpg(child.pid, signal.SIGINT)
    out, err = child.communicate(timeout=30)
    with JobStore(store) as s:
        run_id = s.runs()[0].id
        after_cancel = {
            r.key: (r.status, r.seconds, r.attempts, r.result) for r in s.records(run_id)
        }
        run_status = s.run(run_id).status
    resumed = subprocess.run(
        [
            sys.executable,
            "-m",
            "nonostudio",
            "learn",
            "run",
            "--resume",
            str(run_id),
            "--store",
            str(store),
            "--jobs",
            "1",
            "--json",
        ],
        cwd=REPO,
        capture_output=True,
        timeout=120,
    )
    with JobStore(store) as s:
        after_resume = {
            r.key: (r.status, r.seconds, r.attempts, r.result) for r in s.records(run_id)
        }
    return {
        "store": store,
        "code": child.returncode,
        "stdout": out.decode(),
        "stderr": err.decode(),
        "finished": finished,
        "after_cancel": after_cancel,
        "run_id": run_id,
        "run_status": run_status,
        "resume_code": resumed.returncode,
        "resumed": json.loads(resumed.stdout),
        "after_resume": after_resume,
    }


@pytest.mark.slow
def test_ctrl_c_cancels_cleanly(interrupted_then_resumed: dict[str, Any]) -> None:
    state = interrupted_then_resumed
    assert state["code"] == 130, state["stderr"]
    assert "Traceback" not in state["stderr"]
    assert state["run_status"] == "cancelled"
    assert f"--resume {state['run_id']}" in state["stdout"]
    statuses = {s for s, *_ in state["after_cancel"].values()}
    assert "running" not in statuses and "failed" not in statuses
    assert state["finished"], "no specification finished before Ctrl-C"
    for key, record in state["finished"].items():
        assert state["after_cancel"][key] == record


@pytest.mark.slow  # runs a learning job in a child process (5 s); test_jobs resumes fast
def test_resume_redoes_nothing(interrupted_then_resumed: dict[str, Any]) -> None:
    state = interrupted_then_resumed
    data = state["resumed"]
    assert state["resume_code"] == 0 and not data["cancelled"]
    assert data["finished"] == data["total"] == TINY_TOTAL
    # Every specification is done, or skipped because a rule found earlier covers it.
    assert set(data["counts"]) <= {"done", "skipped"} and data["counts"]["done"] >= 2
    with JobStore(state["store"]) as s:
        stored = sum(len(rule_texts(r)) for _, r in s.results(state["run_id"]))
    assert data["rules_found"] == stored >= 2
    after = state["after_resume"]
    done_before = {k: v for k, v in state["after_cancel"].items() if v[0] == "done"}
    for key, record in done_before.items():
        assert after[key] == record  # same outcome, same timing, one attempt: not redone
        assert record[2] == 1


def reports_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``learn report`` compares the rules once for each input: a later call with equal rules,
    test set and cost budget (the JSON and the text form of one report) is given the first
    call's report."""
    real = learn_runs.learning_report
    made: list[tuple[tuple, Any]] = []

    def once(
        learned: Any,
        control: Any,
        transitions: Any,
        *,
        progress: Any = None,
        cost_budget: Any = None,
    ) -> Any:
        key = (tuple(learned), tuple(control), tuple(transitions), cost_budget)
        for seen, report in made:
            if seen == key:
                return report
        report = real(learned, control, transitions, progress=progress, cost_budget=cost_budget)
        made.append((key, report))
        return report

    monkeypatch.setattr(learn_runs, "learning_report", once)


@pytest.mark.slow
def test_status_export_report(
    interrupted_then_resumed: dict[str, Any],
    capsys: Capsys,
    tmp_path: Path,
    anchors: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = interrupted_then_resumed
    store = str(state["store"])
    reports_once(monkeypatch)  # the report's JSON and text forms are of one comparison

    code, status = cli_json(capsys, "learn", "status", "--store", store)
    assert code == 0 and status["run_id"] == state["run_id"] and status["finished"] == TINY_TOTAL
    assert main(["learn", "status", "--store", store]) == 0
    assert f"{TINY_TOTAL}/{TINY_TOTAL} specifications finished" in capsys.readouterr().out

    out = tmp_path / "learned.rules"
    code, export = cli_json(capsys, "learn", "export", "--top", "5", str(out), "--store", store)
    # Export pools the distinct rules: the same rule reported by two specifications is one.
    with JobStore(store) as s:
        bodies = {
            (r.bindings, r.condition, r.action)
            for _, result in s.results(state["run_id"])
            for r in map(parse_rule, rule_texts(result))
        }
    assert code == 0 and export["rules_found"] == len(bodies) >= 2
    assert len(bodies) <= status["rules_found"]
    written = load_rule_set(out)
    assert len(written) == export["rules_written"] >= 1
    # Each rule carries the fill it makes on the line it was learned from as its example.
    assert all(
        len(e.examples) == 1 and e.source.startswith("specification ") for e in written.entries
    )
    assert export["coverage_written"] <= export["coverage_all"] <= export["cells_to_fill"]
    for fact in (
        "at most 3 cells",
        "30.0 s per specification",
        "up to 30 cells",
        "testing-set.json",
        f"{export['coverage_written']}",
    ):
        assert fact in written.header
    assert sum(export["gains"]) == export["coverage_written"]

    code, report = cli_json(capsys, "learn", "report", str(out))
    assert code == 0
    assert report["coverage"]["learned"] == export["coverage_written"]
    assert report["coverage"]["control"] > 4600  # the published 4652, within a few cells
    assert report["paper"]["learned"] == 7558
    assert main(["learn", "report", str(out)]) == 0
    table = capsys.readouterr().out
    assert "7558" in table and "control rules recovered" in table

    # All of the (at most 5) exported rules fit in 400: the budget leaves room to choose.
    assert sum(map(cost, written.rules)) <= 400
    code, within = cli_json(capsys, "learn", "report", str(out), "--cost-budget", "400")
    assert code == 0 and within["cost_budget"] == 400
    top = within["top_learned_within_budget"]
    assert {r["name"] for r in top["rules"]} <= {r.name for r in written.rules}
    assert sum(r["cost"] for r in top["rules"]) <= 400 and top["coverage"] > 0
    # Two of the run's rules within 90: the two cheapest fit, so something is chosen.
    with JobStore(store) as s:
        costs = sorted(cost(r) for _, r in run_rules(s, state["run_id"]))
    assert sum(costs[:2]) <= 90
    code, budgeted = cli_json(
        capsys,
        "learn",
        "export",
        "--top",
        "2",
        "--cost-budget",
        "90",
        str(tmp_path / "concise.rules"),
        "--store",
        store,
    )
    assert code == 0 and budgeted["total_cost"] <= 90 and 1 <= budgeted["rules_written"] <= 2
    assert "chosen within a total cost of 90" in load_rule_set(tmp_path / "concise.rules").header


def test_status_says_why_specifications_failed(tmp_path: Path, capsys: Capsys) -> None:
    store = tmp_path / "jobs.sqlite3"
    specs = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]
    with JobStore(store) as s:
        run = s.create_run({"max_length": 3}, specs[:3])
        for spec, error in (
            (specs[0], "ProverError: z3 gave up on r at 12 cells: timeout"),
            (specs[1], None),
        ):
            s.mark_running(run, spec.key)
            s.finish(run, spec.key, SpecStatus.FAILED, 1.0, error=error)
    assert main(["learn", "status", "--store", str(store)]) == 0
    text = capsys.readouterr().out
    assert "failed 2" in text
    assert f"failed {specs[0].key}: ProverError: z3 gave up on r at 12 cells: timeout" in text
    assert f"failed {specs[1].key}: no reason was recorded" in text
    code, data = cli_json(capsys, "learn", "status", "--store", str(store))
    assert code == 0 and data["failures"] == [
        {"key": specs[0].key, "error": "ProverError: z3 gave up on r at 12 cells: timeout"},
        {"key": specs[1].key, "error": "no reason was recorded"},
    ]


def test_bad_input(tmp_path: Path, capsys: Capsys) -> None:
    store = str(tmp_path / "empty.sqlite3")
    assert main(["learn", "status", "--store", store]) == 2
    assert "no run" in capsys.readouterr().err
    assert main(["learn", "export", str(tmp_path / "x.rules"), "--store", store]) == 2
    assert main(["learn", "report", str(tmp_path / "missing.rules")]) == 3
    assert main(["learn", "run", "--max-length", "0"]) == 2
    assert (
        main(
            ["learn", "export", str(tmp_path / "x.rules"), "--cost-budget", "317", "--store", store]
        )
        == 2
    )
    assert "give --top K too" in capsys.readouterr().err
    assert not (tmp_path / "x.rules").exists()


@pytest.mark.slow
def test_export_pools_the_rules_of_several_runs(
    tmp_path: Path, capsys: Capsys, anchors: Path
) -> None:
    big_hint = next(r for r in load_rule_set("control").rules if r.name == "big_hint")
    force_max = next(r for r in load_rule_set("control").rules if r.name == "force_maximum")
    specs = [s for t in mine_transitions(2) for s in specifications(t, 1)]
    path = tmp_path / "two.sqlite3"
    with JobStore(path) as store:
        runs = [
            store.create_run(
                {"max_length": 2, "max_patterns": 1, "budget_s": 1.0, "prove_length": 30}, specs
            )
            for _ in range(2)
        ]
        # The same specification gives big hint in the first run and force maximum in the
        # second (the same name, as names come from the specification): both are kept.
        store.finish(
            runs[0],
            specs[0].key,
            SpecStatus.DONE,
            0.1,
            {"rule": format_rule(replace(big_hint, name="rule_same"))},
        )
        store.finish(
            runs[1],
            specs[0].key,
            SpecStatus.DONE,
            0.1,
            {"rule": format_rule(replace(force_max, name="rule_same"))},
        )
        # The second run finds big hint again under another name: pooled once.
        store.finish(
            runs[1],
            specs[1].key,
            SpecStatus.DONE,
            0.1,
            {"rule": format_rule(replace(big_hint, name="rule_other"))},
        )
    out = tmp_path / "pooled.rules"
    code, export = cli_json(
        capsys, "learn", "export", str(out), *map(str, runs), "--store", str(path)
    )
    assert code == 0 and export["run_ids"] == runs and export["rules_found"] == 2
    written = load_rule_set(out)
    assert sorted(e.rule.name for e in written.entries) == sorted(
        ["rule_same", f"rule_same_run{runs[1]}"]
    )
    assert f"Run {runs[0]}. Training set" in written.header
    assert f"Run {runs[1]}. Training set" in written.header
    # The latest run alone: its two rules.
    code, export = cli_json(capsys, "learn", "export", str(out), "--store", str(path))
    assert code == 0 and export["run_ids"] == [runs[1]] and export["rules_found"] == 2


@pytest.mark.slow
def test_export_can_simplify_the_rules_it_chose(
    tmp_path: Path, capsys: Capsys, anchors: Path
) -> None:
    # Edge fill's first conjunct follows from its second: --simplify drops it (proved) and the
    # rule is chosen again, cheaper.
    edge = next(r for r in load_rule_set("control").rules if r.name == "edge_fill")
    specs = [s for t in mine_transitions(2) for s in specifications(t, 1)]
    path = tmp_path / "one.sqlite3"
    with JobStore(path) as store:
        run = store.create_run(
            {"max_length": 2, "max_patterns": 1, "budget_s": 1.0, "prove_length": 30}, specs
        )
        store.finish(run, specs[0].key, SpecStatus.DONE, 0.1, {"rule": format_rule(edge)})
    out = tmp_path / "simple.rules"
    code, export = cli_json(capsys, "learn", "export", "--simplify", str(out), "--store", str(path))
    assert code == 0 and export["simplified"] == 1
    (written,) = load_rule_set(out).rules
    tidied = tidy(edge).condition
    assert isinstance(tidied, And)  # two conjuncts; the first follows from the second
    assert written.condition == tidied.right and written.action == tidy(edge).action
    assert "1 of the first choice simplified" in load_rule_set(out).header


@pytest.mark.slow
def test_export_pools_a_rule_file_and_widens_the_rules_it_chose(
    tmp_path: Path, capsys: Capsys, anchors: Path
) -> None:
    # A learned set written by an earlier export: its header and its rules' sources come along.
    earlier = tmp_path / "earlier.rules"
    earlier.write_text(
        """# Rules learned by nonostudio (run 3 of some store).
# Run 3. Training set: lines of at most 7 cells.

#: title: learned rule 1
#: source: specification 2 1|---OO--|x0-3|h0,b
def first:
  with h0 = arbitrary(hint) and b = arbitrary(block):
  if 0 >= start(h0) and start(b) + size(b) > size(h0) and (h0 is unique where size(h0) >= size(b)):
  then fill(false, start(h0), start(b) + size(b) - size(h0))

#: title: learned rule 2
#: source: specification 1|-|O0-1|h
def big:
  with h = arbitrary(hint):
  if lowest_end_cell(h) > highest_start_cell(h):
  then fill(true, highest_start_cell(h), lowest_end_cell(h))
""",
        encoding="utf-8",
    )
    out = tmp_path / "widened.rules"
    code, export = cli_json(
        capsys,
        "learn",
        "export",
        str(out),
        "--pool",
        str(earlier),
        "--widen",
        "--store",
        str(tmp_path / "never-made.sqlite3"),
    )
    assert code == 0, export
    assert export["run_ids"] == [] and export["pooled_files"] == [str(earlier)]
    assert export["widened"] == 1 and export["rules_found"] == 2
    assert not (tmp_path / "never-made.sqlite3").exists()  # no run named: no store read
    written = load_rule_set(out)
    assert f"the rule file {earlier}" in written.header
    assert "  | Run 3. Training set: lines of at most 7 cells." in written.header
    assert "1 of the first choice widened (each step proved)" in written.header
    # What the set is comes before how it was made (the pooled file's notes, nested).
    header = written.header
    assert (
        header.index("Coverage there: all 2 rules")
        < header.index("How it was made:")
        < header.index(f"Rule file {earlier}: 2 rules; its header:")
    )
    first = written.entry("first")
    assert first.rule.condition != parse_rule(earlier.read_text().split("\n\n")[1], "t").condition
    assert first.source.startswith("specification 2 1|---OO--|x0-3|h0,b; adds ")
    assert re.fullmatch(r"learned rule \d+(, covers [a-z0-9 ,()]+)?", first.title), first.title
    assert first.examples and first.examples[0].cells == "---OO--"


def test_extend_adds_longer_lines_and_more_patterns_to_a_run(
    capsys: Capsys, tmp_path: Path
) -> None:
    store = tmp_path / "jobs.sqlite3"
    short = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]
    with JobStore(store) as s:
        run = s.create_run({"max_length": 3, "max_patterns": 1, "budget_s": 5.0}, short)
    code, data = cli_json(
        capsys,
        "learn",
        "extend",
        str(run),
        "--max-length",
        "4",
        "--max-patterns",
        "3",
        "--three-first",
        "--store",
        str(store),
    )
    wanted = [s for t in mine_transitions(4) for s in specifications(t, 3, three_first=True)]
    assert code == 0 and data["added"] == len(wanted) - len(short)
    assert data["total"] == len(wanted)
    assert data["settings"] == {
        "max_length": 4,
        "max_patterns": 3,
        "budget_s": 5.0,
        "three_first": True,
    }
    with JobStore(store) as s:
        assert {r.key for r in s.records(run)} == {w.key for w in wanted}
    # Shorter lines or fewer patterns would drop work: refused, nothing changed.
    code = main(
        [
            "learn",
            "extend",
            str(run),
            "--max-length",
            "3",
            "--max-patterns",
            "3",
            "--store",
            str(store),
        ]
    )
    assert code != 0 and "extend only adds" in capsys.readouterr().err
    with JobStore(store) as s:
        assert s.run(run).total == len(wanted)


@pytest.mark.slow
def test_a_run_searches_only_the_constructs_asked_for_and_says_so(
    tmp_path: Path, capsys: Capsys, anchors: Path
) -> None:
    def found(store: str, *options: str) -> tuple[list[Rule], dict[str, Any]]:
        code, run = cli_json(
            capsys,
            "learn",
            "run",
            *TINY_THREADS,
            *options,
            "--store",
            store,
        )
        assert code == 0 and run["finished"] == run["total"] and run["rules_found"] >= 1
        with JobStore(store) as s:
            texts = [t for r in s.records(s.runs()[0].id) for t in rule_texts(r.result)]
        return [parse_rule(text, "run") for text in texts], run["settings"]

    def special(rule: Rule) -> bool:
        return any(isinstance(n, Unique | Maximal | Minimal) for n in walk(rule.condition))

    everything, settings = found(str(tmp_path / "all.sqlite3"))
    assert settings["search"] == {"without": [], "weights": {}}
    assert any(special(r) for r in everything), "the full search uses unique or maximal here"
    store = str(tmp_path / "narrow.sqlite3")
    rules, settings = found(
        store, "--without", "unique", "--without", "extremes", "--weight", "geometry=3"
    )
    assert settings["search"] == {"without": ["extremes", "unique"], "weights": {"geometry": 3}}
    assert rules and not any(special(r) for r in rules)
    out = tmp_path / "narrow.rules"
    assert main(["learn", "export", str(out), "--store", store]) == 0
    assert (
        "Search: without extremes, unique; cost weights geometry 3 (the others the "
        "original's)." in load_rule_set(out).header
    )
    # Bad options are named, before any work starts.
    capsys.readouterr()
    assert main(["learn", "run", "--weight", "geometry=x", "--store", store]) == 2
    assert "geometry: 'x' is not a whole number" in capsys.readouterr().err
    with JobStore(store) as s:
        run_id = s.runs()[0].id
        s.extend_run(run_id, s.run(run_id).settings | {"search": {"without": ["loops"]}}, [])
    assert main(["learn", "run", "--resume", str(run_id), "--store", store]) == 2
    assert "unknown DSL construct 'loops'" in capsys.readouterr().err


@pytest.mark.slow
def test_export_can_pool_the_mirror_images_of_the_rules(tmp_path: Path, capsys: Capsys) -> None:
    earlier = tmp_path / "earlier.rules"
    earlier.write_text(
        """# Rules learned by nonostudio (a test).

#: title: learned rule 1
#: source: specification 3 1|xx--x----x--|x0-2|h0,g0
def left:
  with h0 = constant(hint, 0) and g0 = constant(gap, 0):
  if size(h0) > size(g0):
  then fill(false, start(g0), start(g0) + size(g0))
""",
        encoding="utf-8",
    )
    out = tmp_path / "mirrored.rules"
    code, export = cli_json(capsys, "learn", "export", str(out), "--pool", str(earlier), "--mirror")
    assert code == 0, export
    assert export["mirrors_pooled"] == 1 and export["mirrors_refuted"] == []
    written = load_rule_set(out)
    assert "Mirror images pooled: 1" in written.header and "1 chosen" in written.header
    image = written.entry("left_mirror")
    assert [getattr(b.pattern, "index", None) for b in image.rule.bindings] == [-1, -1]
    # its source is the original's line read backwards, and its example is made there
    assert image.source.startswith("specification 1 3|--x----x--xx|mirror of 3 1 ")
    assert image.examples and image.examples[0].cells == "--x----x--xx"
    # the original crosses its first gap, cells [2, 4); read backwards that is [8, 10)
    assert (image.examples[0].start, image.examples[0].end) == (8, 10)
