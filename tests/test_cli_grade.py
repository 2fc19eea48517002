"""``grade``: one row per puzzle (per item of a collection) with tier, score, label, features,
explanation and time; --json, --csv, --jobs, --rules, bad input rows and progress on stderr."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.difficulty import grade
from nonostudio.cli import main
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.rules.ruleset import load_rule_set

FULL = "3:3:3-3:3:3"  # every line is one overlap: tier 1 (the overlap technique's)
SWITCH = "1:1-1:1"  # the 2x2 diagonal: two solutions, not graded (no tier or score)
STRINGS = "r-nonogram/puzzle_string_examples.txt"


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict]]:
    code = main(["grade", *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_json_rows_have_tier_score_label_features_explanation_and_time(capsys):
    code, rows = run_json(capsys, FULL, SWITCH)
    assert code == 0
    full, switch = rows
    assert (full["file"], full["tier"], full["label"]) == (FULL, 1, "Beginner")
    assert (switch["tier"], switch["score"], switch["label"]) == (None, None, "Not unique")
    assert isinstance(full["score"], float) and full["explanation"].startswith("Beginner:")
    for row in rows:
        assert row["error"] is None and row["seconds"] >= 0
        assert {
            "hardest_rule",
            "probes_depth1",
            "bottleneck_min",
            "uses",
            "hardest_technique",
            "techniques",
        } <= set(row["features"])
    assert full["features"]["techniques"] == {"overlap": 3}
    assert full["features"]["hardest_technique"] == "overlap"
    assert switch["features"]["hardest_technique"] == "search"
    assert "Overlap (tier 1)" in full["explanation"]
    assert full["size"] == "3x3"


def test_the_cli_agrees_with_the_library(capsys):
    _, [row] = run_json(capsys, FULL)
    expected = grade(parse_puzzle_arg(FULL), load_rule_set(DEFAULT_RULE_SET))  # the default
    assert (row["tier"], row["score"], row["label"], row["explanation"]) == (
        expected.tier,
        expected.score,
        expected.label,
        expected.explanation,
    )


def test_a_collection_gives_one_row_per_item_and_csv(anchors: Path, tmp_path, capsys):
    path = anchors / "puzzles" / STRINGS
    out = tmp_path / "grades.csv"
    code = main(["grade", str(path), "--csv", str(out)])
    assert code == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0].split() == [
        "file",
        "size",
        "tier",
        "score",
        "label",
        "seconds",
    ]
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    items = [row["item"] for row in rows]
    assert items == ["R", "duck", "swan", "squirrel", "gchq"]
    assert all(row["file"] == f"{path}#{row['item']}" for row in rows)
    by_item = {row["item"]: row for row in rows}
    # pbnsolve (INDEX.csv) calls duck "unique logical" and gchq "multiple".
    assert int(by_item["duck"]["tier"]) <= 5  # a line technique's tier
    assert by_item["duck"]["hardest_technique"]
    assert by_item["gchq"]["tier"] == "" and by_item["gchq"]["solutions"] == "multiple"
    assert all(float(row["seconds"]) >= 0 and row["explanation"] for row in rows)
    assert f"[{len(rows)}/{len(rows)}]" in captured.err


def test_worker_processes_give_the_same_grades(capsys):
    _, here = run_json(capsys, FULL, SWITCH, "2:1,1:2-1,1:2:1")
    _, pooled = run_json(capsys, FULL, SWITCH, "2:1,1:2-1,1:2:1", "--jobs", "2")

    def key(rows: list[dict]) -> list[tuple]:
        return [(r["file"], r["tier"], r["score"], r["label"], r["error"]) for r in rows]

    assert key(here) == key(pooled)


def test_a_rule_set_by_path_changes_the_grade(tmp_path, capsys):
    rules = tmp_path / "none.rules"
    rules.write_text("# no rules at all\n", encoding="utf-8")
    _, [row] = run_json(capsys, FULL, "--rules", str(rules))
    # Without rules every step is beyond the rules; the tier stays the overlap technique's.
    assert row["tier"] == 1 and row["features"]["line_steps"] == 3
    assert row["features"]["rule_steps"] == 0 and "beyond the rules" in row["explanation"]


def test_bad_input_is_a_row_and_the_others_still_run(tmp_path, capsys):
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\nq\n", encoding="utf-8")
    code, rows = run_json(capsys, str(bad), FULL)
    assert code == 2
    assert "bad.non" in rows[0]["error"] and rows[0]["tier"] is None
    assert rows[1]["tier"] == 1


def test_a_missing_file_is_an_io_error_row(tmp_path, capsys):
    code, rows = run_json(capsys, str(tmp_path / "gone.non"), FULL)
    assert code == 3
    assert "gone.non" in rows[0]["error"] and rows[1]["tier"] == 1


def test_an_unknown_rule_set_is_reported(capsys):
    code = main(["grade", FULL, "--rules", "no-such-set", "--json"])
    assert code != 0
    assert "no-such-set" in json.loads(capsys.readouterr().out)["error"]


def test_a_blank_border_keeps_the_grade(capsys):
    # The 3x3 block alone and with a one-cell blank border: same tier, score and label.
    _, (plain, bordered) = run_json(capsys, FULL, "0:3:3:3:0-0:3:3:3:0")
    assert (
        (bordered["tier"], bordered["score"], bordered["label"])
        == (plain["tier"], plain["score"], plain["label"])
        == (1, plain["score"], "Beginner")
    )
    assert bordered["features"]["margins"] == [1, 1, 1, 1]


def test_a_blank_grid_is_the_lowest_tier_and_label_whatever_its_size(tmp_path: Path, capsys):
    # Reading the clues decides every line of a blank grid (the empty line technique alone); its
    # size once pushed the score to "Easy" at 100x100 and "Hard" at 4096x4096.
    path = tmp_path / "blank.non"
    zeros = ["0"] * 100
    path.write_text("\n".join(["width 100", "height 100", "rows", *zeros, "columns", *zeros]))
    _, [row] = run_json(capsys, str(path))
    assert (row["tier"], row["label"]) == (0, "Beginner")
    assert row["features"]["hardest_technique"] == "empty_line"
    assert row["explanation"].startswith("Beginner: the hardest technique it needs is Empty line")


def test_the_default_rule_set_is_the_studios_default(capsys):
    _, [row] = run_json(capsys, FULL)
    assert (
        row["explanation"]
        == grade(parse_puzzle_arg(FULL), load_rule_set(DEFAULT_RULE_SET)).explanation
    )
    assert DEFAULT_RULE_SET == "learned"


@pytest.mark.slow
def test_lines_experiment_prints_every_strategy_beside_the_paper(capsys):
    assert main(["grade", "lines-experiment", "--simulations", "1", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["simulations"] == 1 and data["seed"] == 3
    table = data["table"]
    for strategy in ("random", "heuristic", "greedy", "optimal", "RL lookup table", "RL network"):
        assert strategy in table
    assert "7.6" in table  # the paper's optimal figure stands beside ours


# --- lines-experiment: a subcommand of grade with its own parser -------------------------------


class _Experiment:
    """What ``run_experiment`` returns, as far as the command uses it."""

    def table(self) -> str:
        return "the table"


@pytest.fixture
def experiments(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """The experiment's runs, each as the arguments it was called with (none is run)."""
    import nonostudio.analysis.line_selection.lines_experiment as lines_experiment

    calls: list[dict[str, object]] = []

    def run_experiment(**kwargs: object) -> _Experiment:
        calls.append(kwargs)
        return _Experiment()

    monkeypatch.setattr(lines_experiment, "run_experiment", run_experiment)
    return calls


@pytest.mark.parametrize(
    "words",
    [
        ["grade", "lines-experiment", "--simulations", "2", "--seed", "5", "--json"],
        ["grade", "--json", "lines-experiment", "--seed", "5", "--simulations", "2"],
    ],
)
def test_lines_experiment_takes_its_options_and_json_before_or_after_its_name(
    words: list[str], experiments: list[dict[str, object]], capsys
) -> None:
    assert main(words) == 0
    assert [(c["simulations"], c["seed"]) for c in experiments] == [(2, 5)]
    assert json.loads(capsys.readouterr().out) == {
        "table": "the table",
        "simulations": 2,
        "seed": 5,
    }


def test_lines_experiment_has_its_own_help(capsys) -> None:
    assert main(["grade", "lines-experiment", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: nonostudio-cli grade lines-experiment ")
    assert "--simulations N" in out and "--seed S" in out
    assert "--rules" not in out and "--jobs" not in out  # grading options are not its own


def test_grade_help_lists_the_subcommand_and_not_its_options(capsys) -> None:
    assert main(["grade", "--help"]) == 0
    out = capsys.readouterr().out
    assert "    lines-experiment" in out  # listed as a subcommand under FILE
    assert "--simulations" not in out and "--seed" not in out
    assert "--rules NAME" in out and "--jobs N" in out


def test_after_a_double_dash_lines_experiment_is_a_puzzle(
    experiments: list[dict[str, object]], capsys
) -> None:
    """Not a magic value of FILE: after ``--`` the word is graded like any other argument."""
    assert main(["grade", "--json", "--", "lines-experiment"]) == 2
    [row] = json.loads(capsys.readouterr().out)
    assert experiments == []
    assert row["file"] == "lines-experiment" and "expected a number" in row["error"]


def test_experiment_options_are_refused_when_grading_puzzles(
    experiments: list[dict[str, object]], capsys
) -> None:
    assert main(["grade", FULL, "--seed", "3"]) == 2
    assert "unrecognized arguments: --seed 3" in capsys.readouterr().err
    assert experiments == []


@pytest.mark.parametrize(
    "words",
    [
        ["--rules", "concise", "--time-limit", "5", FULL, SWITCH],
        [FULL, SWITCH, "--rules", "concise", "--time-limit", "5"],
    ],
)
def test_grading_options_go_before_or_after_the_puzzles(words: list[str], capsys) -> None:
    code, rows = run_json(capsys, *words)
    assert code == 0 and [row["file"] for row in rows] == [FULL, SWITCH]
    assert capsys.readouterr().err == ""
    concise = grade(parse_puzzle_arg(FULL), load_rule_set("concise"))
    assert rows[0]["explanation"] == concise.explanation


def test_puzzles_come_together_as_argparse_wants(capsys) -> None:
    assert main(["grade", FULL, "--rules", "concise", SWITCH]) == 2
    assert "unrecognized arguments: " + SWITCH in capsys.readouterr().err


def test_grade_without_a_puzzle_names_what_is_missing(capsys) -> None:
    assert main(["grade"]) == 2
    assert "the following arguments are required: FILE" in capsys.readouterr().err


def test_a_puzzle_with_no_solution_is_not_graded(capsys) -> None:
    # Rows 1 and 2 swapped from a real 4x4 picture: totals equal, no picture fits. It was graded
    # "tier 8, score 87" as if it were the hardest puzzle there is.
    no_solution = "2:1,1:2,1:2-3:3:1:1,1"
    code, [row] = run_json(capsys, no_solution)
    assert code == 0
    assert (row["tier"], row["score"], row["label"]) == (None, None, "No solution")
    assert row["explanation"].startswith("not graded: no picture fits these clues")
    assert main(["grade", no_solution]) == 0
    table = capsys.readouterr().out
    assert "No solution" in table and "not graded" in table
    assert " 8 " not in table.splitlines()[1]  # no tier in the row


def test_a_puzzle_with_several_solutions_has_no_tier_or_score(capsys, tmp_path: Path) -> None:
    """As the studio's Difficulty panel says "No tier or score" for it: the grade's search picks
    one of the pictures, which read as "tier 8, score 87.62" (the hardest there is) here."""
    code, [row] = run_json(capsys, SWITCH)
    assert code == 0
    assert (row["tier"], row["score"], row["label"]) == (None, None, "Not unique")
    assert row["explanation"].startswith("not graded: no tier or score. Several pictures fit")
    csv_path = tmp_path / "out.csv"
    assert main(["grade", "--csv", str(csv_path), SWITCH]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert line.split()[1:5] == ["2x2", "-", "-", "Not"]  # size, tier, score, label
    with csv_path.open() as f:
        csv_row = next(csv.DictReader(f))
    assert (csv_row["tier"], csv_row["score"]) == ("", "")


def test_a_csv_target_that_cannot_be_written_is_said_before_grading(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """A missing folder or a folder as --csv fails at once (exit 3), not after every puzzle is
    graded; a write that fails anyway (a full disk) still prints the rows, and exits 3 (the rows
    were lost: the error alone was printed)."""
    from nonostudio.cli import grade as grade_cli

    graded = []
    monkeypatch.setattr(grade_cli, "grade_named", lambda *a: graded.append(a) or {})
    for target in (tmp_path / "no" / "out.csv", tmp_path):
        code = main(["grade", "--json", "--csv", str(target), FULL])
        out = json.loads(capsys.readouterr().out)
        assert code == 3 and str(target) in out["error"] and not graded
    monkeypatch.undo()

    def full(*args: object) -> None:
        raise OSError(28, "No space left on device", str(tmp_path / "out.csv"))

    monkeypatch.setattr(grade_cli, "write_csv", full)
    code = main(["grade", "--csv", str(tmp_path / "out.csv"), FULL])
    captured = capsys.readouterr()
    assert code == 3 and "No space left on device" in captured.err
    assert "3x3" in captured.out and "Beginner" in captured.out
