"""``practice`` and ``profile``: drills answered on stdin (wrong, then right, the missed one
asked again), results as JSON, answers recorded in a profile; export, import, clear errors."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.cli import main
from nonostudio.core.line import cells_from_text, cells_to_text

SAMPLE = str(
    Path(__file__).resolve().parents[1]
    / "nonostudio"
    / "_resources"
    / "samples"
    / "number-loom-too-much-weather.non"
)
BASE = ["--from", SAMPLE, "--seed", "2", "--technique", "overlap", "--kind", "mark", "--now", "1e9"]


def run(capsys, monkeypatch, args, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main([*args, "--json"])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if out.out.strip() else None), out.err


def right_answer(drill):
    line = drill["line"]
    return cells_to_text(
        BY_ID[line["technique"]].apply(line["clues"], cells_from_text(line["cells"]))
    )


def test_a_drill_answered_wrong_comes_back_and_is_then_answered_right(
    capsys, monkeypatch, tmp_path
):
    lib = str(tmp_path / "lib.sqlite3")
    code, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "4", "--dry-run"])
    assert code == 0 and listed["right"] is None and listed["profile"] is None
    first = listed["drills"][0]["drill"]
    # the session asks the same first drill; answer it with the line unchanged (all missing)
    answers = [first["line"]["cells"]]
    code, data, _ = run(
        capsys,
        monkeypatch,
        ["practice", *BASE, "--count", "1", "--library", lib],
        "\n".join(answers) + "\n",
    )
    assert code == 0 and data["asked"] == 1 and data["right"] == 0
    feedback = data["drills"][0]["feedback"]
    assert not feedback["correct"] and feedback["missing"] and feedback["explanation"]
    assert feedback["premises"]
    # a session two minutes later: the missed item is due again, so it is asked first
    later = [*BASE[:-1], "1000000120"]
    code, data, _ = run(
        capsys,
        monkeypatch,
        ["practice", *later, "--count", "1", "--library", lib],
        right_answer(first) + "\n",
    )
    assert data["drills"][0]["drill"]["item"] == first["item"]
    assert data["right"] == 1 and data["drills"][0]["feedback"]["correct"]
    code, shown, _ = run(capsys, monkeypatch, ["profile", "show", "--library", lib])
    overlap = next(r for r in shown["mastery"] if r["technique"] == "overlap")
    assert shown["events"] == 2 and overlap["events"] == 2


def test_the_missed_drill_is_asked_again_within_the_session(capsys, monkeypatch):
    code, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "2", "--dry-run"])
    d0, d1 = (d["drill"] for d in listed["drills"])
    # drills come every 30 s of the session's clock and a miss waits 60 s: d0, d1, then d0 again
    stdin = f"{d0['line']['cells']}\n{right_answer(d1)}\n{right_answer(d0)}\n"
    code, data, _ = run(
        capsys, monkeypatch, ["practice", *BASE, "--count", "3", "--no-record"], stdin
    )
    assert code == 0
    assert [d["drill"]["item"] for d in data["drills"]] == [d0["item"], d1["item"], d0["item"]]
    assert [d["feedback"]["correct"] for d in data["drills"]] == [False, True, True]


def test_answers_stop_at_the_end_of_stdin(capsys, monkeypatch):
    code, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "5", "--dry-run"])
    drills = [d["drill"] for d in listed["drills"]]
    stdin = "".join(right_answer(d) + "\n" for d in drills[:2])
    code, data, _ = run(
        capsys, monkeypatch, ["practice", *BASE, "--count", "5", "--no-record"], stdin
    )
    assert code == 0 and data["asked"] == 2 and data["right"] == 2


def test_an_unreadable_answer_names_it(capsys, monkeypatch):
    code, data, err = run(capsys, monkeypatch, ["practice", *BASE, "--no-record"], "OOZ\n")
    assert code == 2
    assert "stdin, answer 1" in json.dumps(data) + err


def test_the_profile_store_is_closed_when_the_session_ends_in_an_error(
    capsys, monkeypatch, tmp_path
):
    from nonostudio.core.library import profiles

    opened = []
    real_init = profiles.ProfileStore.__init__

    def init(self, path):
        real_init(self, path)
        opened.append(self)

    monkeypatch.setattr(profiles.ProfileStore, "__init__", init)
    lib = str(tmp_path / "lib.sqlite3")
    code, data, err = run(capsys, monkeypatch, ["practice", *BASE, "--library", lib], "OOZ\n")
    assert code == 2 and "stdin, answer 1" in json.dumps(data) + err
    assert len(opened) == 1
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        opened[0].names()  # its connection was closed, not left to the garbage collector


def test_profiles_export_and_import(capsys, monkeypatch, tmp_path):
    lib = str(tmp_path / "lib.sqlite3")
    code, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "2", "--dry-run"])
    stdin = "".join(right_answer(d["drill"]) + "\n" for d in listed["drills"])
    run(
        capsys,
        monkeypatch,
        ["practice", *BASE, "--count", "2", "--library", lib, "--profile", "ann"],
        stdin,
    )
    out = str(tmp_path / "ann.json")
    code, data, _ = run(
        capsys, monkeypatch, ["profile", "export", out, "--profile", "ann", "--library", lib]
    )
    assert code == 0 and data["events"] == 2
    code, data, _ = run(
        capsys, monkeypatch, ["profile", "import", out, "--as", "ann2", "--library", lib]
    )
    assert code == 0 and data == {"profile": "ann2", "file": out, "events": 2}
    code, data, _ = run(capsys, monkeypatch, ["profile", "list", "--library", lib])
    assert data["profiles"] == ["ann", "ann2"]
    code, data, err = run(capsys, monkeypatch, ["profile", "import", out, "--library", lib])
    assert code == 2 and "already a profile named 'ann'" in json.dumps(data) + err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nonostudio-profile", "version": 1,\n "name": }', encoding="utf-8")
    code, data, err = run(capsys, monkeypatch, ["profile", "import", str(bad), "--library", lib])
    assert code == 2 and "line 2, column 10" in json.dumps(data) + err


@pytest.mark.parametrize(
    "args", [["profile", "show", "--profile", "nobody"], ["profile", "export"]]
)
def test_profile_errors_are_bad_input(capsys, monkeypatch, tmp_path, args):
    code, data, err = run(capsys, monkeypatch, [*args, "--library", str(tmp_path / "l.sqlite3")])
    assert code == 2 and (
        "no profile named 'nobody'" in json.dumps(data) + err
        or "needs a FILE" in json.dumps(data) + err
    )


def test_answers_are_kept_when_the_session_is_interrupted(capsys, monkeypatch, tmp_path):
    """Each answer is recorded when given: a Ctrl-C at the second drill keeps the first (all
    were lost: the events were written after the last drill)."""
    lib = str(tmp_path / "lib.sqlite3")
    _, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "2", "--dry-run"])
    first = right_answer(listed["drills"][0]["drill"])

    class Interrupted(io.StringIO):
        def readline(self, *args):
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    monkeypatch.setattr("sys.stdin", Interrupted(first + "\n"))
    code = main(["practice", *BASE, "--count", "2", "--library", lib, "--json"])
    capsys.readouterr()
    assert code == 130
    code, data, _ = run(capsys, monkeypatch, ["profile", "show", "--library", lib])
    assert code == 0 and data["events"] == 1


def test_a_library_that_cannot_keep_the_answers_is_said_and_exits_3(capsys, monkeypatch, tmp_path):
    """A damaged library (not a database) keeps nothing: practice warns before the first drill,
    says the answers were not recorded and exits 3; profile create and import fail with 3 (they
    said 'made profile' and exited 0, the profile kept in memory only and lost)."""
    bad = tmp_path / "lib.sqlite3"
    bad.write_bytes(b"garbage\n")
    _, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "1", "--dry-run"])
    answer = right_answer(listed["drills"][0]["drill"]) + "\n"
    code, data, err = run(
        capsys, monkeypatch, ["practice", *BASE, "--count", "1", "--library", str(bad)], answer
    )
    assert code == 3 and data["right"] == 1 and data["recorded"] == 0
    assert "not a database" in data["not_recorded"] and "not a database" in err
    code, data, err = run(capsys, monkeypatch, ["profile", "create", "--library", str(bad)])
    assert code == 3 and "not a database" in data["error"]
    code, data, err = run(capsys, monkeypatch, ["profile", "show", "--library", str(bad)])
    assert code == 3 and "not a database" in data["error"]
    assert bad.read_bytes() == b"garbage\n"


@pytest.mark.parametrize("name", ["", " ", "n" * 81])
def test_a_bad_profile_name_is_bad_input_before_any_work(capsys, monkeypatch, tmp_path, name):
    """It was an internal error (exit 4) after the drill lines were searched for."""
    lib = str(tmp_path / "l.sqlite3")
    code, data, err = run(
        capsys, monkeypatch, ["practice", *BASE, "--library", lib, "--profile", name], "x\n"
    )
    assert code == 2 and "--profile: a profile" in data["error"]
    assert "finding drill lines" not in err


def test_a_library_in_a_missing_folder_is_a_file_error(capsys, monkeypatch, tmp_path):
    code, data, _ = run(
        capsys, monkeypatch, ["profile", "list", "--library", str(tmp_path / "no" / "l.db")]
    )
    assert code == 3 and "does not exist" in data["error"]


def test_a_drill_prompt_is_wrapped_to_the_terminal(capsys, monkeypatch, tmp_path):
    """A prompt ran to 110 columns, cut mid-word by an 80-column terminal."""
    from nonostudio.cli import tutor

    args = ["practice", *BASE, "--count", "1", "--no-record"]
    monkeypatch.setattr("sys.stdin", io.StringIO("?\n"))
    monkeypatch.setattr(tutor, "terminal_width", lambda: None)
    main(args)
    piped = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("?\n"))
    monkeypatch.setattr(tutor, "terminal_width", lambda: 50)
    main(args)
    shown = capsys.readouterr().out
    assert max(map(len, piped.splitlines())) > 80
    assert max(map(len, shown.splitlines())) <= 49 and shown.split() == piped.split()


def test_an_export_that_cannot_be_written_names_the_file_asked_for(capsys, monkeypatch, tmp_path):
    """It named the temporary file beside it ('.p.json.zh1c97i1.tmp')."""
    lib = str(tmp_path / "lib.sqlite3")
    run(capsys, monkeypatch, ["profile", "create", "--library", lib])
    target = str(tmp_path / "no" / "p.json")
    code, data, _ = run(capsys, monkeypatch, ["profile", "export", target, "--library", lib])
    assert code == 3 and data["error"].startswith(f"{target}: ") and ".tmp" not in data["error"]


def test_a_folder_gives_every_puzzle_file_in_it(capsys, monkeypatch, tmp_path):
    """Only its .non files were read: a .nin beside them was left out unsaid.  A file there that
    is no puzzle is skipped with a note."""
    (tmp_path / "tee.non").write_text("width 3\nheight 3\nrows\n3\n1\n1\ncolumns\n1\n3\n1\n")
    (tmp_path / "tee.nin").write_text("3 3\n3\n1\n1\n1\n3\n1\n")
    (tmp_path / "README.txt").write_text("notes\n")
    args = ["practice", "--from", str(tmp_path), "--dry-run", "--count", "1", "--kind", "mark"]
    code, _, err = run(capsys, monkeypatch, args)
    assert code == 0 and "finding drill lines in 2 puzzles" in err
    assert "skipped README.txt" in err


def test_profile_show_says_what_the_next_step_rests_on(capsys, monkeypatch, tmp_path):
    # one right Empty line drill: it ended "next step: tier 1", read as "tier 0 is done" while
    # no technique is mastered and Line complete (tier 0) was never asked; and Empty line's row
    # said nothing of why it is not mastered
    from nonostudio.core.library.profiles import ProfileEvent, ProfileStore

    lib = str(tmp_path / "lib.sqlite3")
    store = ProfileStore(lib)
    store.ensure("default")
    store.record("default", [ProfileEvent("drill", "mark", "empty_line", 1.0, 4.0, "e", 1e9)])
    store.close()
    assert main(["profile", "show", "--library", lib]) == 0
    lines = capsys.readouterr().out.rstrip("\n").split("\n")
    assert lines[0] == "profile 'default': 1 event"
    assert lines[1].endswith("  to master")
    assert lines[2].startswith("Empty line ") and lines[2].endswith("  2 more right")
    assert lines[3].endswith("  not yet asked")  # Line complete
    assert max(len(line) for line in lines[1:-2]) <= 80  # the table fits an 80-column terminal
    assert lines[-2] == (
        "0 of 12 techniques mastered (each takes at least three right answers); nearest: "
        "Empty line (2 more right answers)"
    )
    assert lines[-1] == (
        "next step: tier 1, judged on whole tiers from 1 drill answer: tier 0 right 1 of 1 "
        "(not yet asked: Line complete); none yet at tier 1 or above"
    )
    code, data, _ = run(capsys, monkeypatch, ["profile", "show", "--library", lib])
    assert data["step"] == 1 and data["step_text"] == lines[-1] and data["mastered"] == 0
    row = next(r for r in data["mastery"] if r["technique"] == "empty_line")
    assert (row["right"], row["to_master"], row["mastered"]) == (1, 2, False)
    assert row["note"] == "2 more right in a row to master"


def test_a_recorded_session_ends_with_the_profiles_standing(capsys, monkeypatch, tmp_path):
    lib = str(tmp_path / "lib.sqlite3")
    code, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "1", "--dry-run"])
    answer = right_answer(listed["drills"][0]["drill"]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answer))
    assert main(["practice", *BASE, "--count", "1", "--library", lib]) == 0
    out = capsys.readouterr().out.rstrip("\n").split("\n")
    assert out[-3] == "1 of 1 right (recorded in profile 'Player')"
    assert out[-2].startswith("0 of 12 techniques mastered (") and "Overlap (2 more" in out[-2]
    # one right Overlap answer (tier 1) fits "tiers 0-1 known" best: the step is tier 2, with
    # four of the five techniques below it never asked, which the words now say
    assert out[-1] == (
        "next step: tier 2, judged on whole tiers from 1 drill answer: tiers 0–1 right 1 of 1 "
        "(not yet asked: Empty line, Line complete, Gap too small, Out of reach); none yet at "
        "tier 2 or above"
    )


def test_a_skipped_drill_is_no_answer_and_another_drill_comes(capsys, monkeypatch, tmp_path):
    lib = str(tmp_path / "lib.sqlite3")
    code, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "1", "--dry-run"])
    first = listed["drills"][0]["drill"]
    # 's' skips the first drill (as the Practice tab's Next drill); the one after is answered
    code, data, _ = run(
        capsys,
        monkeypatch,
        ["practice", *BASE, "--count", "3", "--library", lib],
        "s\n" + "SKIP\n",
    )
    assert code == 0 and data["asked"] == 2 and data["skipped"] == 2
    assert [d.get("skipped") for d in data["drills"]] == [True, True]
    assert data["drills"][0]["drill"]["item"] == first["item"]
    assert data["drills"][1]["drill"]["item"] != first["item"]  # held back, not shown again
    assert data["recorded"] == 0 and data["right"] == 0
    _, shown, _ = run(capsys, monkeypatch, ["profile", "show", "--library", lib])
    assert shown["events"] == 0  # a skip is no answer: nothing in the profile
    second = data["drills"][1]["drill"]
    code, data, _ = run(
        capsys,
        monkeypatch,
        ["practice", *BASE, "--count", "2", "--library", lib],
        f"s\n{right_answer(second)}\n",
    )
    assert code == 0 and data["recorded"] == 1 and data["right"] == 1 and data["skipped"] == 1
    assert data["drills"][1]["drill"]["item"] == second["item"]
    assert data["drills"][1]["feedback"]["correct"]


def test_a_skip_is_offered_at_the_prompt_and_counted_in_the_summary(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("s\n"))
    code = main(["practice", *BASE, "--count", "2", "--no-record"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.count("(s skips it)\n> ") == 2
    assert "skipped." in out and out.rstrip().endswith("none answered, 1 skipped")


def test_a_dry_run_lists_at_most_a_bounded_number_of_drills_and_says_so(capsys, monkeypatch):
    """--dry-run listed every drill of --count: 100,000 took 8 s, 100,000,000 hours."""
    args = ["practice", *BASE, "--count", "1001", "--dry-run"]
    code, data, err = run(capsys, monkeypatch, args)
    assert code == 0 and len(data["drills"]) == 1000 and data["count"] == 1001
    assert "--dry-run lists at most 1,000 drills: the first 1,000 of --count 1,001" in err
    code = main(args)
    out = capsys.readouterr().out
    assert out.rstrip().endswith("1,000 drills listed (the first 1,000 of --count 1,001)")


def test_profile_import_of_dash_is_bad_input_as_export_of_dash_is(capsys, monkeypatch, tmp_path):
    # it was '-: No such file or directory', exit 3: standard input is not read, as everywhere
    lib = str(tmp_path / "l.sqlite3")
    for action in ("import", "export"):
        code, data, err = run(capsys, monkeypatch, ["profile", action, "-", "--library", lib])
        assert code == 2 and "'-' (standard" in data["error"]
        assert not (Path.cwd() / "-").exists()


def test_a_session_of_skips_says_nothing_was_recorded(monkeypatch, capsys, tmp_path):
    """It said '(recorded in profile …)' when every drill was skipped and nothing was; and a
    one-drill dry run said '1 drills listed'."""
    monkeypatch.setattr("sys.stdin", io.StringIO("s\n"))
    code = main(["practice", *BASE, "--count", "1", "--library", str(tmp_path / "l.sqlite3")])
    out = capsys.readouterr().out
    assert code == 0 and "none answered, 1 skipped (nothing recorded)" in out
    assert "recorded in profile" not in out
    assert main(["practice", *BASE, "--count", "1", "--dry-run"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("\n1 drill listed")


@pytest.fixture
def alarm():
    """Fail a test that blocks (the old import waited forever on a FIFO) instead of hanging."""
    import signal

    def ring(signum, frame):
        raise TimeoutError("the command did not return within 5 s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 5)
    yield
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, old)


def test_profile_import_of_a_fifo_is_read_with_a_time_limit(capsys, monkeypatch, tmp_path, alarm):
    """A FIFO no program writes to waited forever; one a program writes to is read as a file."""
    import os
    import threading
    import time

    from nonostudio.core.formats import _files

    monkeypatch.setattr(_files, "IDLE_SECONDS", 0.3)
    lib = str(tmp_path / "l.sqlite3")
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    code, data, err = run(capsys, monkeypatch, ["profile", "import", str(fifo), "--library", lib])
    assert code == 3 and "p.json: sent nothing for 0.3 s" in data["error"], (code, err)
    assert time.monotonic() - start < 2
    assert (
        run(capsys, monkeypatch, ["profile", "create", "--profile", "ann", "--library", lib])[0]
        == 0
    )
    export = tmp_path / "ann.json"
    args = ["profile", "export", str(export), "--profile", "ann", "--library", lib]
    assert run(capsys, monkeypatch, args)[0] == 0
    writer = threading.Thread(target=lambda: fifo.write_bytes(export.read_bytes()))
    writer.start()
    args = ["profile", "import", str(fifo), "--as", "bob", "--library", lib]
    code, data, err = run(capsys, monkeypatch, args)
    writer.join()
    assert code == 0 and data["profile"] == "bob", err


def test_profile_import_reads_at_most_its_limit(capsys, monkeypatch, tmp_path, alarm):
    """A file over the limit is refused unread (exit 2, as a puzzle file over its limit), and
    /dev/zero is read only to one byte past it: it took all the memory there was."""
    from nonostudio.core.library import profiles

    monkeypatch.setattr(profiles, "PROFILE_FILE_BYTES", 2**20)
    lib = str(tmp_path / "l.sqlite3")
    big = tmp_path / "big.json"
    big.write_text('{"events": [' + " " * 2**20 + "]}")
    for path in (big, Path("/dev/zero")):
        code, data, err = run(
            capsys, monkeypatch, ["profile", "import", str(path), "--library", lib]
        )
        assert code == 2 and data["error"] == (
            f"{path}: the file is larger than 1 MB; profile files are read up to that (the limit "
            "keeps memory bounded)"
        ), err


def test_profile_import_of_a_folder_or_socket_is_a_file_error_naming_it(
    capsys, monkeypatch, tmp_path
):
    """Routed through the check every puzzle input gets: a socket was 'cannot read it: [Errno
    6] No such device or address', exit 2 (bad input)."""
    import socket

    lib = str(tmp_path / "l.sqlite3")
    sock_path = tmp_path / "s.json"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        for path, kind in ((tmp_path, "a folder"), (sock_path, "a socket")):
            args = ["profile", "import", str(path), "--library", lib]
            code, data, err = run(capsys, monkeypatch, args)
            assert code == 3 and data["error"] == f"{path}: is {kind}, not a profile file", err


@pytest.mark.parametrize("option", ["--count", "--seed", "--now"])
def test_a_number_of_5000_digits_is_refused_in_a_line(capsys, monkeypatch, option):
    """practice --count/--seed refused it as "invalid int value" followed by all 5,000 digits
    (and --now as "not a finite number" with all of them)."""
    code, data, err = run(capsys, monkeypatch, ["practice", *BASE, option, "9" * 5000])
    assert code == 2 and "5,000 characters" in data["error"] and len(data["error"]) < 200


def test_generate_seed_of_5000_digits_is_a_number_too_large_not_no_number(capsys):
    # int() refuses 4,300 digits or more: it was "not a whole number: '9999…'"
    assert main(["generate", "--technique", "overlap", "--size", "5x5", "--seed", "9" * 5000]) == 2
    err = capsys.readouterr().err
    assert "must be between 0 and 2**63 - 1, not '99999999999999999999'… (5,000 characters)" in err


def test_with_no_profile_named_the_studios_profile_is_used(capsys, monkeypatch, tmp_path):
    """The studio's profile is 'Player': a player of the studio who ran 'practice' practised in
    a new profile 'default', and 'profile show' said "no profile named 'default' (profiles:
    Player)".  With no --profile the library's only profile is used; with none, the studio's
    first ('Player', made), as the studio would."""
    from nonostudio.core.library.profiles import ProfileEvent, ProfileStore
    from nonostudio.gui.tutor.practice_view import DEFAULT_PROFILE as STUDIO_PROFILE

    lib = str(tmp_path / "lib.sqlite3")
    with ProfileStore(lib) as store:
        store.ensure("Ada")
        store.record("Ada", [ProfileEvent("drill", "mark", "empty_line", 1.0, 4.0, "e", 1e9)])
    assert main(["profile", "show", "--library", lib]) == 0
    assert capsys.readouterr().out.startswith("profile 'Ada': 1 event\n")
    _, listed, _ = run(capsys, monkeypatch, ["practice", *BASE, "--count", "1", "--dry-run"])
    answer = right_answer(listed["drills"][0]["drill"]) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answer))
    assert main(["practice", *BASE, "--count", "1", "--library", lib]) == 0
    assert "(recorded in profile 'Ada')" in capsys.readouterr().out
    with ProfileStore(lib) as store:
        assert store.names() == ["Ada"] and len(store.events("Ada")) == 2
    fresh = str(tmp_path / "fresh.sqlite3")
    code, data, _ = run(capsys, monkeypatch, ["profile", "create", "--library", fresh])
    assert code == 0 and data["profile"] == STUDIO_PROFILE
    # 'profile create' with no --profile in a library of one profile made the default one;
    # it took the only profile and failed: "there is already a profile named 'Ada'"
    code, data, err = run(capsys, monkeypatch, ["profile", "create", "--library", lib])
    assert code == 0 and data["profile"] == STUDIO_PROFILE, err
    with ProfileStore(lib) as store:
        assert sorted(store.names()) == sorted(["Ada", STUDIO_PROFILE])
