"""The command line: solve, check, convert and formats, in-process through ``main`` and through
``python -m nonostudio`` for the entry point, Qt-free import and Ctrl-C."""

from __future__ import annotations

import ast
import csv
import io
import json
import os
import re
import signal
import struct
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from ctrl_c import sigint_at_default
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nonostudio.console import main  # the command line with the studio's picture writer

REPO = Path(__file__).resolve().parent.parent
#: The bundled samples: the same puzzles as the anchor corpora's copies, in every clone.
DANCER = REPO / "resources" / "samples" / "webpbn-00001-dancer.non"
CAT = REPO / "resources" / "samples" / "webpbn-00006-cat.non"
DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"  # docs/formats.md: 9 rows, 8 columns
GRID_LINE = re.compile(r"^[#.?]+$")
# pbnsolve's verdicts in the anchor INDEX.csv and the CLI's JSON verdict names.
PBNSOLVE = {
    "unique logical": "unique_line",
    "trivial unique logical": "unique_line",
    "unique": "unique_search",
    "multiple": "multiple",
}


def clues_of_string(text: str) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Row and column clues of a puzzle string, read here independently of the CLI."""
    rows, cols = text.split("-")

    def clue(part: str) -> tuple[int, ...]:
        return tuple(int(n) for n in part.split(",") if n and int(n))

    return [clue(p) for p in rows.split(":")], [clue(p) for p in cols.split(":")]


def runs(cells: str) -> tuple[int, ...]:
    return tuple(len(block) for block in cells.split(".") if block)


def satisfies(grid: list[str], text: str) -> bool:
    rows, cols = clues_of_string(text)
    columns = ["".join(row[c] for row in grid) for c in range(len(grid[0]))]
    return [runs(r) for r in grid] == rows and [runs(c) for c in columns] == cols


def grids_in(output: str) -> list[list[str]]:
    """The blocks of grid lines in human output."""
    blocks: list[list[str]] = [[]]
    for line in output.splitlines():
        if GRID_LINE.match(line):
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, object]:
    code = main([*args, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def run_module(
    *args: str, env: dict[str, str] | None = None, **kw: object
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nonostudio", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        **kw,
    )


# --- solve -----------------------------------------------------------------------------------


def test_solve_duck_prints_a_grid_that_satisfies_its_clues(capsys):
    assert main(["solve", DUCK]) == 0
    out = capsys.readouterr().out
    [grid] = grids_in(out)
    assert (len(grid), len(grid[0])) == (9, 8)
    assert satisfies(grid, DUCK)
    assert "unique" in out.splitlines()[-1]


def test_solve_json_has_the_documented_fields(capsys):
    code, data = run_json(capsys, "solve", DUCK)
    assert code == 0
    assert data["verdict"] == "unique_line" and data["unique"] is True
    assert (data["width"], data["height"]) == (8, 9)
    assert satisfies(data["solution"], DUCK)
    assert data["alternate"] is None
    assert isinstance(data["seconds"], float) and data["seconds"] >= 0
    assert data["stats"]["line_solves"] > 0


def test_multiple_solutions_exit_1_with_two_different_grids(capsys):
    assert main(["solve", "1:1-1:1"]) == 1
    out = capsys.readouterr().out
    first, second = grids_in(out)
    assert first != second
    assert satisfies(first, "1:1-1:1") and satisfies(second, "1:1-1:1")
    assert "multiple" in out

    code, data = run_json(capsys, "solve", "1:1-1:1")
    assert code == 1 and data["verdict"] == "multiple"
    assert data["solution"] != data["alternate"]


def test_tatham_id_is_a_puzzle_not_a_path(capsys):
    # A Tatham id contains '/' and '.', like a path; it must still be read as a puzzle.
    code, data = run_json(capsys, "solve", "2x2:1/2/2/1")  # columns 1 and 2, rows 2 and 1
    assert code == 0
    assert data["solution"] == ["##", ".#"]


def test_typo_in_a_puzzle_string_exits_2_naming_the_position(capsys):
    typo = DUCK.replace("2,2", "2,x", 1)
    assert main(["solve", typo]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"line 1, character {typo.index('x') + 1} (" in captured.err
    assert "Traceback" not in captured.err

    code, data = run_json(capsys, "solve", typo)
    assert code == 2 and data["column"] == typo.index("x") + 1


def test_inconsistent_clues_exit_2(capsys):
    assert main(["solve", "2:1-1:1"]) == 2
    assert "total" in capsys.readouterr().err


def test_missing_file_exits_3(tmp_path, capsys):
    missing = tmp_path / "nothing-here.non"
    assert main(["solve", str(missing)]) == 3
    err = capsys.readouterr().err
    assert "nothing-here.non" in err and "No such file" in err


def test_a_folder_is_an_io_error(tmp_path, capsys):
    assert main(["solve", str(tmp_path / "")]) == 3
    capsys.readouterr()


def test_a_folder_named_without_a_slash_is_a_folder_not_a_puzzle_string(
    tmp_path, monkeypatch, capsys
):
    (tmp_path / "puzzles").mkdir()
    monkeypatch.chdir(tmp_path)
    for args in (
        ["solve", "puzzles"],
        ["solve", "puzzles/"],
        ["convert", "puzzles", "out.non"],
        ["explain", "puzzles"],
    ):
        code, data = run_json(capsys, *args)
        assert code == 3, args  # as for "puzzles/": a folder cannot be opened as a puzzle file
        assert (
            data["error"].startswith("puzzles")
            and "is a folder, not a puzzle file" in data["error"]
        ), args
    code, rows = run_json(capsys, "check", "puzzles", DUCK)
    assert code == 3
    assert "is a folder" in rows[0]["error"] and rows[1]["verdict"] == "unique_line"


def test_an_empty_argument_is_bad_input_not_the_current_folder(capsys):
    assert main(["solve", ""]) == 2
    assert "folder" not in capsys.readouterr().err


def test_item_of_a_collection(anchors, capsys):
    examples = anchors / "puzzles" / "r-nonogram" / "puzzle_string_examples.txt"
    by_hash = run_json(capsys, "solve", f"{examples}#duck")
    by_option = run_json(capsys, "solve", str(examples), "--item", "duck")
    assert by_hash[0] == by_option[0] == 0
    assert by_hash[1]["solution"] == by_option[1]["solution"]
    assert satisfies(by_hash[1]["solution"], DUCK)
    assert main(["solve", str(examples), "--item", "no-such-item"]) == 2
    assert "no-such-item" in capsys.readouterr().err


def test_undecided_within_the_time_limit_exits_1(anchors, capsys):
    faase = anchors / "puzzles" / "emacs-nonogram" / "33-faase.non"  # pbnsolve: timeout
    code, data = run_json(capsys, "solve", str(faase), "--time-limit", "0.3")
    assert code == 1
    assert data["verdict"] == "undecided" and data["timed_out"] is True
    assert any("?" in row for row in data["line_logic"])


def test_bad_time_limit_is_a_usage_error(capsys):
    assert main(["solve", DUCK, "--time-limit", "-1"]) == 2
    assert "positive" in capsys.readouterr().err


def test_huge_numbers_as_options_are_usage_errors_with_a_short_message(capsys):
    huge = "9" * 5000
    assert main(["check", DUCK, "--jobs", huge]) == 2
    err = capsys.readouterr().err
    assert "too large a number (5,000 characters)" in err and len(err) < 1000
    assert main(["solve", DUCK, "--time-limit", huge]) == 2
    err = capsys.readouterr().err
    assert "positive number of seconds" in err and "5,000 characters" in err and len(err) < 1000


@pytest.mark.parametrize("errors", ["strict", "backslashreplace"])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_title_an_ascii_stdout_cannot_show_is_escaped_not_an_error(
    tmp_path, monkeypatch, as_json, errors
):
    # (backslashreplace: PYTHONIOENCODING=ascii:backslashreplace wrote "caf\xe9" inside the
    # JSON's strings, which json.loads refuses)
    path = tmp_path / "cat.xml"
    path.write_text(
        '<?xml version="1.0"?><puzzleset><puzzle><title>猫 café</title>'
        '<clues type="rows"><line><count>1</count></line></clues>'
        '<clues type="columns"><line><count>1</count></line></clues>'
        "</puzzle></puzzleset>",
        encoding="utf-8",
    )
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii", errors=errors))
    assert main(["solve", str(path)] + (["--json"] if as_json else [])) == 0
    out = raw.getvalue().decode("ascii")
    if as_json:
        assert json.loads(out)["title"] == "猫 café"
    else:
        assert "\\u732b caf\\xe9 1x1: unique" in out


def test_ctrl_c_exits_130(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("nonostudio.cli.solve.solve", interrupted)
    assert main(["solve", DUCK]) == 130
    assert "interrupted" in capsys.readouterr().err


# --- check -----------------------------------------------------------------------------------

CHECKED = [
    "picross-solver/webpbn/webpbn-00001-dancer.non",
    "picross-solver/webpbn/webpbn-00023-edge.non",
    "picross-solver/test_pattern_05.txt",
    "picross-solver/note.nin",
    "r-nonogram/puzzle_string_examples.txt",
]


def index_verdicts(anchors: Path) -> dict[tuple[str, str], tuple[str, int, int]]:
    """(file, item) -> (pbnsolve verdict, width, height) from the anchors' INDEX.csv."""
    with open(anchors / "puzzles" / "INDEX.csv", newline="", encoding="utf-8") as handle:
        return {
            (row["file"], row["item"]): (
                row["pbnsolve_u_b"],
                int(row["width"] or 0),
                int(row["height"] or 0),
            )
            for row in csv.DictReader(handle)
        }


def test_check_matches_the_reference_verdicts(anchors, capsys):
    files = [str(anchors / "puzzles" / f) for f in CHECKED]
    code, rows = run_json(capsys, "check", *files, "--time-limit", "5")
    assert code == 0
    expected = index_verdicts(anchors)
    puzzles = anchors / "puzzles"
    seen = set()
    for row in rows:
        path = row["file"].split("#")[0]
        key = (Path(path).relative_to(puzzles).as_posix(), row["item"] or "")
        verdict, width, height = expected[key]
        assert row["verdict"] == PBNSOLVE[verdict], row
        assert (row["width"], row["height"]) == (width, height)
        seen.add(key)
    wanted = {key for key in expected if key[0] in CHECKED and expected[key][0] in PBNSOLVE}
    assert seen == wanted
    # the collection gave one row per item, named file#item
    assert f"{files[-1]}#swan" in [row["file"] for row in rows]


def test_check_table_and_progress(capsys):
    dancer = DANCER
    assert main(["check", str(dancer), "1:1-1:1"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].split() == ["file", "size", "verdict", "seconds"]
    assert lines[1].startswith(str(dancer)) and "5x10" in lines[1] and "unique" in lines[1]
    assert lines[2].startswith("1:1-1:1") and "multiple" in lines[2]
    assert "[1/2]" in captured.err and "[2/2]" in captured.err


def test_check_reports_bad_input_and_goes_on(tmp_path, capsys):
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\nq\n", encoding="utf-8")
    dancer = DANCER
    code, rows = run_json(capsys, "check", str(bad), str(dancer))
    assert code == 2
    assert rows[0]["file"] == str(bad) and "bad.non" in rows[0]["error"]
    assert rows[0]["verdict"] is None
    assert rows[1]["verdict"] == "unique_line" and rows[1]["error"] is None


def test_check_missing_file_is_an_io_error_row(tmp_path, capsys):
    dancer = DANCER
    code, rows = run_json(capsys, "check", str(tmp_path / "gone.non"), str(dancer))
    assert code == 3
    assert "gone.non" in rows[0]["error"] and rows[1]["verdict"] == "unique_line"


def test_check_a_file_failing_between_open_and_read_is_an_io_error_row(
    tmp_path, monkeypatch, capsys
):
    path = tmp_path / "flaky.non"
    path.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n", encoding="utf-8")

    def unreadable(path, fmt=None):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("nonostudio.cli.batch.read_entries", unreadable)
    monkeypatch.setattr("nonostudio.cli.batch.read_any_entries", unreadable)  # check reads colour
    code, rows = run_json(capsys, "check", str(path), DUCK)
    assert code == 3
    assert rows[0]["error"] == f"{path}: cannot read: Permission denied"
    assert rows[1]["verdict"] == "unique_line"


def test_check_in_worker_processes_gives_the_same_rows(anchors, capsys):
    files = [str(anchors / "puzzles" / f) for f in CHECKED]
    _, here = run_json(capsys, "check", *files, "--jobs", "1")
    code, pooled = run_json(capsys, "check", *files, "--jobs", "2")
    assert code == 0

    def strip(rows: list[dict]) -> list[tuple]:
        return [(r["file"], r["verdict"], r["size"]) for r in rows]

    assert strip(pooled) == strip(here)


# --- convert and formats ---------------------------------------------------------------------


def test_convert_round_trip_through_non(tmp_path, capsys):
    target = tmp_path / "duck.non"
    assert main(["convert", DUCK, str(target)]) == 0
    assert "duck.non" in capsys.readouterr().out
    assert target.read_text(encoding="utf-8").startswith(("width", "height", "title", "rows"))
    _, from_string = run_json(capsys, "solve", DUCK)
    code, from_file = run_json(capsys, "solve", str(target))
    assert code == 0
    assert from_file["solution"] == from_string["solution"]


def test_convert_keeps_the_goal_through_xml(tmp_path, capsys):
    cat = CAT
    xml, back = tmp_path / "cat.xml", tmp_path / "cat.non"
    assert main(["convert", str(cat), str(xml)]) == 0
    assert main(["convert", str(xml), str(back)]) == 0
    assert main(["convert", str(back), str(tmp_path / "bare.non"), "--no-solution"]) == 0
    capsys.readouterr()
    assert "goal" in back.read_text(encoding="utf-8")
    assert "goal" not in (tmp_path / "bare.non").read_text(encoding="utf-8")
    _, original = run_json(capsys, "solve", str(cat))
    _, converted = run_json(capsys, "solve", str(back))
    assert converted["solution"] == original["solution"]


def test_convert_to_stdout(capsys):
    assert main(["convert", DUCK, "-", "--format", "string"]) == 0
    assert capsys.readouterr().out.strip() == DUCK
    code, data = run_json(capsys, "convert", DUCK, "-", "--format", "tatham")
    assert code == 0 and data["format"] == "tatham"
    assert data["text"].startswith("8x9:")


def test_convert_errors(tmp_path, capsys):
    assert main(["convert", DUCK, str(tmp_path / "duck.unknown")]) == 2
    assert ".unknown" in capsys.readouterr().err
    assert main(["convert", DUCK, "-", "--format", "nin"]) == 2  # readable, not writable
    capsys.readouterr()
    assert main(["convert", DUCK, str(tmp_path / "no" / "such" / "dir.non")]) == 3
    err = capsys.readouterr().err
    assert "dir.non" in err and ".tmp" not in err


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_convert_to_pictures(tmp_path, qapp, capsys):
    cat, dancer = CAT, DANCER
    for name in ("cat.png", "cat-bare.png", "cat.svg"):
        extra = ["--no-solution"] if "bare" in name else []
        assert main(["convert", str(cat), str(tmp_path / name), *extra]) == 0
    assert main(["convert", str(dancer), str(tmp_path / "dancer.png")]) == 0
    capsys.readouterr()
    # 20x20 draws larger than 5x10, and the solution changes the pixels but not the size
    cat_w, cat_h = png_size(tmp_path / "cat.png")
    dancer_w, dancer_h = png_size(tmp_path / "dancer.png")
    assert cat_w > dancer_w and cat_h > dancer_h
    assert png_size(tmp_path / "cat-bare.png") == (cat_w, cat_h)
    assert (tmp_path / "cat.png").read_bytes() != (tmp_path / "cat-bare.png").read_bytes()
    assert ET.parse(tmp_path / "cat.svg").getroot().tag.endswith("svg")


def test_formats_lists_readers_and_writers(capsys):
    code, rows = run_json(capsys, "formats")
    assert code == 0
    by_name = {row["name"]: row for row in rows}
    assert by_name["non"]["read"] and by_name["non"]["write"]
    assert ".non" in by_name["non"]["extensions"]
    assert by_name["nin"]["read"] and not by_name["nin"]["write"]
    assert not by_name["png"]["read"] and by_name["png"]["write"]
    assert main(["formats"]) == 0
    assert "Simpson .non" in capsys.readouterr().out


def test_help_documents_the_exit_codes(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for code in ("0", "1", "2", "3", "4", "130"):
        assert re.search(rf"^\s+{code}\s", out, re.M)
    assert main(["--version"]) == 0
    assert "nonostudio" in capsys.readouterr().out
    assert main([]) == 2
    capsys.readouterr()


def test_each_subcommand_help_says_what_exit_code_1_means_there(capsys):
    """Code 1 is listed in a subcommand's --help exactly when its module can return it, with
    its meaning there (every --help said '1 solve: several solutions ...', check's and grade's
    too, which never exit 1, and explain's, rules prove's and convert's own 1 went unsaid)."""
    cli = Path(__file__).resolve().parents[1] / "nonostudio" / "cli"
    returning = {
        p.relative_to(cli).as_posix() for p in cli.rglob("*.py") if "NOT_UNIQUE" in p.read_text()
    } - {"common.py"}
    assert returning == {
        "solve.py",
        "explain.py",
        "rule_tools/rules_prove.py",
        "convert.py",
        "generate.py",
        "baselines.py",
    }
    expected = {
        "solve": "several solutions",
        "explain": "not solved",
        "rules": "rules prove: a rule is unsound",
        "convert": "--solution",
        "generate": "no puzzle found",
        "baselines": "predict",
    }
    for command in ("check", "grade", "practice", "profile", "learn", "formats", *expected):
        assert main([command, "--help"]) == 0
        table = capsys.readouterr().out.split("exit codes:")[1]
        ones = re.findall(r"^  1 +(.*)$", table, re.M)
        if command in expected:
            assert len(ones) == 1 and expected[command] in ones[0], command
        else:
            assert not ones, command


def test_explain_wraps_its_sentences_to_a_terminal_and_not_for_a_pipe(capsys, monkeypatch):
    """In a terminal each step is broken between words with its continuation indented under its
    text (steps ran to 150 columns, cut mid-word by an 80-column terminal); to a pipe, one line
    a step as before.  Both hold the same words."""
    from nonostudio.cli import common

    monkeypatch.setattr(common, "terminal_width", lambda: None)
    assert main(["explain", DUCK]) == 0
    piped = capsys.readouterr().out
    assert max(map(len, piped.splitlines())) > 80  # the duck's steps are long sentences
    monkeypatch.setattr(common, "terminal_width", lambda: 60)
    assert main(["explain", DUCK]) == 0
    shown = capsys.readouterr().out
    assert max(map(len, shown.splitlines())) <= 59
    seconds = re.compile(r"\(\d+\.\d+ s\)")  # the trace's time differs between the runs
    assert seconds.sub("", shown).split() == seconds.sub("", piped).split()
    steps = [line for line in shown.splitlines() if re.match(r"\s*\d+\. ", line)]
    assert len(steps) == sum(1 for line in piped.splitlines() if re.match(r"\s*\d+\. ", line))
    for line in shown.splitlines():  # a continuation starts under the step's text
        if line and not re.match(r"\s*\d+\. ", line) and line.startswith(" "):
            assert re.match(r" {3,4}\S", line), line


def test_explain_of_a_puzzle_with_several_solutions_says_so(capsys):
    """'Solved in 4 steps' alone, exit 0, read as a unique puzzle; the search step's words
    only said it.  The 2x2 diagonal has two solutions; the duck has one."""
    assert main(["explain", "--json", "1:1-1:1"]) == 0
    assert json.loads(capsys.readouterr().out)["several_solutions"] is True
    assert main(["explain", "1:1-1:1"]) == 0
    assert "The puzzle has several solutions: this is one of them" in capsys.readouterr().out
    assert main(["explain", "--json", DUCK]) == 0
    assert json.loads(capsys.readouterr().out)["several_solutions"] is False


# --- bad arguments: a clear message and the right exit code, never a traceback --------------


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "show", "contrl"],
        ["rules", "prove", "contrl"],
        ["explain", DUCK, "--rules", "contrl"],
        ["grade", DUCK, "--rules", "contrl"],
    ],
)
def test_an_unknown_rule_set_name_is_bad_input_listing_the_known_ones(capsys, args):
    code, data = run_json(capsys, *args)
    assert code == 2
    assert "'contrl'" in data["error"] and "control" in data["error"]
    assert {"control", "learned"} <= set(data["known_rule_sets"])


def test_a_missing_or_folder_rule_file_is_an_io_error(tmp_path, capsys):
    assert main(["rules", "show", str(tmp_path / "gone.rules")]) == 3
    assert "gone.rules" in capsys.readouterr().err
    assert main(["explain", DUCK, "--rules", str(tmp_path)]) == 3
    assert "is a folder, not a rule file" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_a_fifo_or_device_rule_file_is_said_to_be_one(tmp_path, capsys):
    """A FIFO or a device was 'no rule file at ...', as if missing; now what it is (and the
    FIFO is not opened: the alarm fails a check that waits on it)."""
    fifo = tmp_path / "pipe.rules"
    os.mkfifo(fifo)

    def ring(signum, frame):  # not an OSError, which main would turn into exit 3
        raise RuntimeError("the command waited on the FIFO")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 2.0)
    try:
        assert main(["rules", "show", str(fifo)]) == 3
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert "pipe.rules: is a named pipe (FIFO), not a rule file" in capsys.readouterr().err
    assert main(["rules", "show", os.devnull]) == 3
    assert f"{os.devnull}: is a device, not a rule file" in capsys.readouterr().err


def test_a_rule_file_named_without_the_suffix_is_read(tmp_path, monkeypatch, capsys):
    (tmp_path / "mine.txt").write_text(
        "def r: with h = arbitrary(hint): if true: then fill(true, 0, 1)\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    code, data = run_json(capsys, "rules", "show", "mine.txt")
    assert code == 0 and data["rule_set"] == "mine" and data["rules"][0]["name"] == "r"


RULE_HEAD = "def r:\n  with h = arbitrary(hint):\n  if "
RULE_TAIL = ":\n  then fill(true, start(h), start(h) + 1)\n"


@pytest.mark.parametrize("action", ["show", "prove"])
@pytest.mark.parametrize(
    ("body", "column", "limit"),
    [
        (" and ".join(["size(h) > 0"] * 2000), 514, "at most 32 conditions joined with 'and'"),
        ("size(h) > " + " + ".join(["1"] * 3000), 274, "at most 64 '+' and '-' operations"),
        ("size(h) > " + "9" * 5000, 16, "a number of at most 9 digits"),
    ],
)
def test_an_oversized_rule_is_bad_input_naming_the_limit(
    tmp_path, capsys, action, body, column, limit
):
    path = tmp_path / "huge.rules"
    path.write_text(RULE_HEAD + body + RULE_TAIL, encoding="utf-8")
    code, data = run_json(capsys, "rules", action, str(path))
    assert code == 2
    assert (data["source"], data["line"], data["column"]) == (str(path), 3, column)
    assert limit in data["error"]


@pytest.mark.parametrize("action", ["show", "prove"])
def test_a_rule_file_that_is_not_utf8_is_bad_input_naming_the_place(tmp_path, capsys, action):
    path = tmp_path / "latin1.rules"
    path.write_bytes(b"# r\xe8gles\n" + (RULE_HEAD + "true" + RULE_TAIL).encode())
    code, data = run_json(capsys, "rules", action, str(path))
    assert code == 2
    assert (data["line"], data["column"]) == (1, 4) and "not UTF-8" in data["error"]


def test_a_bug_is_one_line_with_exit_4_not_a_traceback(monkeypatch, capsys):
    def broken(puzzle, **kw):
        raise RuntimeError("something inside broke")

    monkeypatch.setattr("nonostudio.cli.solve.solve", broken)
    monkeypatch.delenv("NONOSTUDIO_DEBUG", raising=False)
    code, data = run_json(capsys, "solve", DUCK)
    assert code == 4 and "RuntimeError: something inside broke" in data["error"]
    assert main(["solve", DUCK]) == 4
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" in err and "NONOSTUDIO_DEBUG" in err
    monkeypatch.setenv("NONOSTUDIO_DEBUG", "1")
    assert main(["solve", DUCK]) == 4
    assert "Traceback" in capsys.readouterr().err


# --- the entry point, in a fresh process -----------------------------------------------------


@pytest.mark.slow
def test_module_entry_point_solves_and_reports_bad_input():
    done = run_module("solve", DUCK, "--json")
    assert done.returncode == 0
    assert satisfies(json.loads(done.stdout)["solution"], DUCK)
    bad = run_module("solve", DUCK.replace("6", "6,x", 1))
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and "character 17" in bad.stderr


def test_importing_the_cli_does_not_import_qt():
    code = (
        "import sys, nonostudio.cli; "
        "print(sorted(m for m in sys.modules if m.startswith('PySide6')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=REPO
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_picture_export_works_headless_without_a_display(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    }
    done = run_module("convert", DUCK, str(tmp_path / "duck.png"), env=env)
    assert done.returncode == 0, done.stderr
    assert png_size(tmp_path / "duck.png")[0] > 8 * 10


# Ctrl-C landing where a real one was lost: in a weak-reference callback, where Python reports an
# exception as "Exception ignored" and goes on (the import machinery's module-lock callback, seen
# in a run that then searched for minutes).  ``drop_ctrl_c()`` sends SIGINT and has it handled
# (time.sleep checks for signals) inside such a callback.  Each script ends by running the console
# entry point as ``python -m nonostudio`` does, with ``{argv}``.
_DROPPED_CTRL_C = """
import importlib.abc, os, signal, sys, time, weakref
class Victim:
    pass
def ctrl_c(_):
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.05)
def drop_ctrl_c():
    victim = Victim()
    ref = weakref.ref(victim, ctrl_c)
    del victim
"""
_RUN_CLI = """
sys.argv = ["nonostudio-cli"] + {argv!r}
from nonostudio.console import cli
sys.exit(cli())
"""
# ... while each listed module is being found
_CTRL_C_WHILE_LOADING = (
    _DROPPED_CTRL_C
    + """
class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name in {modules!r}:
            drop_ctrl_c()
        return None
sys.meta_path.insert(0, CtrlC())
"""
    + _RUN_CLI
)
# ... while ``check`` waits for its workers (the third wait), on the main thread
_CTRL_C_WHILE_WAITING = (
    _DROPPED_CTRL_C
    + """
import nonostudio.cli.common as common
real_wait, calls = common.wait, []
def wait(*args, **kwargs):
    calls.append(1)
    if len(calls) == 3:
        drop_ctrl_c()
    return real_wait(*args, **kwargs)
common.wait = wait
"""
    + _RUN_CLI
)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is POSIX")
@pytest.mark.parametrize(
    "modules",
    [
        ["nonostudio.cli"],
        ["numpy", "nonostudio.cli.app"],
        ["nonostudio.cli.solve"],
        ["nonostudio.core.solver"],
    ],
)
def test_ctrl_c_while_the_modules_load_is_not_lost(modules):
    """The Ctrl-C is held back until loading is done and then ends the command: exit 130, one
    line on stderr, nothing solved."""
    code = _CTRL_C_WHILE_LOADING.format(modules=set(modules), argv=["solve", DUCK])
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        preexec_fn=sigint_at_default,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr == "nonostudio-cli: interrupted\n"
    assert done.stdout == ""


def _in_own_group(*argv: str) -> subprocess.Popen[str]:
    """``argv`` started in a session (and process group) of its own, as a terminal starts it,
    with SIGINT at its default even when this suite was started in the background."""
    return subprocess.Popen(
        list(argv),
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=sigint_at_default,
    )


def _stderr_at_end(proc: subprocess.Popen[str], timeout: float) -> str:
    """``proc``'s stderr once it ends; its whole group is killed if it has not within
    ``timeout`` seconds (TimeoutExpired is raised then), so no worker outlives the test."""
    try:
        return proc.communicate(timeout=timeout)[1]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is POSIX")
def test_ctrl_c_dropped_while_check_waits_still_ends_it(anchors):
    """A KeyboardInterrupt Python drops ("Exception ignored") still ends the command: exit 130
    within a second, where before the search ran to its time limit."""
    faase = anchors / "puzzles" / "emacs-nonogram" / "33-faase.non"  # minutes of search
    argv = ["check", "--jobs", "2", "--time-limit", "60", str(faase), str(faase)]
    started = time.monotonic()
    proc = _in_own_group(sys.executable, "-c", _CTRL_C_WHILE_WAITING.format(argv=argv))
    err = _stderr_at_end(proc, timeout=30)
    assert proc.returncode == 130, err
    assert "Exception ignored" in err  # the interrupt really was dropped once
    assert err.endswith("nonostudio-cli: interrupted: 0 of 2 done; no row to show\n")
    assert time.monotonic() - started < 10


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
@pytest.mark.parametrize("delay", [0.15, 0.35, 0.5, 0.7, 1.0, 2.0])
def test_ctrl_c_stops_worker_processes(anchors, delay):
    """Ctrl-C while modules load, while workers are forked, while they start or solve: exit 130
    within seconds, no traceback."""
    faase = anchors / "puzzles" / "emacs-nonogram" / "33-faase.non"  # minutes of search
    proc = _in_own_group(
        sys.executable,
        "-m",
        "nonostudio",
        "check",
        "--jobs",
        "2",
        "--time-limit",
        "120",
        str(faase),
        str(faase),
    )
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    err = _stderr_at_end(proc, timeout=10)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
@pytest.mark.parametrize("delay", [1.0, 2.5])
def test_ctrl_c_during_the_sat_search_in_process(anchors, delay):
    """One file is checked in this process: a Ctrl-C while CaDiCaL runs (python-sat would jump
    out of the solver on it, and the command said "internal error") ends it with exit 130."""
    faase = anchors / "puzzles" / "emacs-nonogram" / "33-faase.non"  # minutes of SAT search
    proc = _in_own_group(
        sys.executable, "-m", "nonostudio", "check", "--time-limit", "120", str(faase)
    )
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)
    err = _stderr_at_end(proc, timeout=10)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "internal error" not in err and "Traceback" not in err


# --- any argument: a verdict or a clear error, never an internal error -------------------------


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # readouterr empties it
@given(
    st.sampled_from(["solve", "check", "explain", "convert", "rules show", "grade"]),
    st.text(max_size=40)
    | st.sampled_from(
        [
            "puzzles",
            "puzzles/",
            "a.non#1",
            "x.non:2",
            "2x2:1/1/1/1",
            "5x5:",
            "1:1-1:1",
            ".",
            "..",
            "",
            "-",
            "#",
            ":",
            "nul\0l",
            "a/b\0c.non",
            "lines-experiment",  # after "--" a puzzle, not grade's subcommand
        ]
    ),
)
def test_any_puzzle_argument_gives_an_answer_or_a_clear_error(
    tmp_path_factory, monkeypatch, capsys, command, arg
):
    folder = tmp_path_factory.mktemp("args")
    (folder / "puzzles").mkdir()
    monkeypatch.chdir(folder)
    options = ["--time-limit", "1"] if command in ("solve", "check") else []
    targets = ["out.non"] if command == "convert" else []
    code = main([*command.split(), "--json", *options, "--", arg, *targets])
    out, err = capsys.readouterr()
    assert code in (0, 1, 2, 3), err
    assert "Traceback" not in err


# --- the package's shape: the batch table, the picture writer it is given, its imports ----------


def test_check_and_grade_tables_keep_their_layout():
    from nonostudio.cli import check, grade
    from nonostudio.cli.batch import text_table

    rows = [
        {
            "file": "a.non",
            "size": "5x10",
            "label": "unique, line-solvable",
            "seconds": 0.5,
            "tier": 3,
            "score": 17.19,
            "explanation": "Easy: x",
            "error": None,
        },
        {
            "file": "a-much-longer-name.non#2",
            "size": None,
            "label": None,
            "seconds": None,
            "tier": None,
            "score": None,
            "explanation": None,
            "error": "line 3: bad",
        },
        {
            "file": "b",
            "size": "120x100",
            "label": "Not unique",
            "seconds": 12345.25,
            "tier": 8,
            "score": 1088.0,
            "explanation": "y",
            "error": None,
        },
    ]
    assert text_table(rows, check.TABLE, error_after=2).split("\n") == [
        "file                         size  verdict                seconds",
        "a.non                        5x10  unique, line-solvable    0.500",
        "a-much-longer-name.non#2           error: line 3: bad",
        "b                         120x100  Not unique             12345.250",
    ]
    assert text_table(rows, grade.TABLE, note=lambda row: row["explanation"]).split("\n") == [
        "file                         size  tier   score  label                  seconds",
        "a.non                        5x10     3   17.19  unique, line-solvable    0.500",
        "    Easy: x",
        "a-much-longer-name.non#2  error: line 3: bad",
        "b                         120x100     8  1088.00  Not unique             12345.250",
        "    y",
    ]


def test_convert_draws_pictures_with_the_writer_it_is_given(tmp_path, capsys):
    from nonostudio.cli import main as bare_main

    drawn = []

    def writer(puzzle, target, with_solution):
        drawn.append((puzzle.size_text, target, with_solution))
        target.write_bytes(b"picture")

    target = tmp_path / "duck.svg"
    assert bare_main(["convert", DUCK, str(target), "--blank"], write_picture=writer) == 0
    assert drawn == [("8x9", target, False)] and target.read_bytes() == b"picture"
    capsys.readouterr()
    # Without a writer (a caller in Python), a picture is refused, saying why; nothing is written.
    code = bare_main(["convert", DUCK, str(tmp_path / "none.png"), "--blank"])
    err = capsys.readouterr().err
    assert code == 2 and "none.png" in err and "picture writer" in err
    assert not (tmp_path / "none.png").exists()


def test_convert_solution_of_a_puzzle_without_one_exits_1_drawing_nothing(tmp_path, capsys):
    from nonostudio.cli import main as bare_main

    drawn = []
    target = tmp_path / "two.svg"
    code = bare_main(
        ["convert", "1:1-1:1", str(target), "--solution"],
        write_picture=lambda *args: drawn.append(args),
    )
    out = capsys.readouterr()
    message = out.out + out.err
    assert code == 1 and "no solution to draw" in message, message
    assert not drawn and not target.exists()


def test_convert_solution_of_a_file_picture_with_other_pictures_exits_1(tmp_path, capsys):
    """A file holding a picture of a puzzle of several: --solution drew that picture, exit 0,
    though its help says it fails when the puzzle has several solutions."""
    from nonostudio.cli import main as bare_main

    source = tmp_path / "two.non"
    source.write_text('width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngoal "1001"\n')
    drawn = []
    code = bare_main(
        ["convert", str(source), str(tmp_path / "two.svg"), "--solution"],
        write_picture=lambda *args: drawn.append(args),
    )
    out = capsys.readouterr()
    assert code == 1 and "no solution to draw: multiple solutions" in out.out + out.err
    assert not drawn
    # without --solution the file's picture is drawn, as before
    assert (
        bare_main(
            ["convert", str(source), str(tmp_path / "two.svg")],
            write_picture=lambda *args: drawn.append(args),
        )
        == 0
    )
    assert len(drawn) == 1 and drawn[0][2] is True


def _module_imports(path: Path) -> list[tuple[str, list[str]]]:
    """``(module, names)`` of every absolute import in ``path`` (names: those of a ``from``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, [alias.name for alias in node.names]))
    return found


def test_the_cli_package_imports_no_gui_and_no_private_names():
    package = REPO / "nonostudio" / "cli"
    files = sorted(package.glob("*.py"))
    assert {"app.py", "batch.py", "common.py", "check.py", "grade.py"} <= {f.name for f in files}
    offenders = [
        f"{path.name}: {module} {names}"
        for path in files
        for module, names in _module_imports(path)
        if module.startswith("nonostudio.gui")
        or (module.startswith("nonostudio.") and any(n.startswith("_") for n in names))
    ]
    assert offenders == []
    # The checker sees imports at all (the composition root imports the GUI, lazily).
    console = _module_imports(REPO / "nonostudio" / "console.py")
    assert ("nonostudio.gui.common.export", ["export_picture"]) in console
    assert not list((REPO / "nonostudio").glob("cli_*.py"))  # no modules left beside the package
