"""Solve-by-hand attribution, and the profiles in the library database."""

from __future__ import annotations

import json
import random
import sqlite3

import numpy as np
import pytest
from ladder import easiest_order

from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.analysis.tutor.lines import player_path
from nonostudio.analysis.tutor.mastery import mastery, outcomes_of
from nonostudio.analysis.tutor.solving import BEYOND_LINES, SolveRecorder
from nonostudio.core.formats import parse_puzzle_arg
from nonostudio.core.library import SCHEMA_VERSION, Library
from nonostudio.core.library.profiles import (
    ProfileError,
    ProfileEvent,
    ProfileStore,
    read_profile_file,
)
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.solver import solve


def test_each_event_is_attributed_to_the_easiest_step_of_its_moment(small_puzzles):
    _, puzzle = small_puzzles[1]
    rec = SolveRecorder(puzzle)
    for k, grid in enumerate(player_path(puzzle, random.Random(1))):
        if k % 7:
            continue
        order = easiest_order(puzzle, grid)
        event = rec.move(grid, 3.0)
        assert event.technique == (BEYOND_LINES if order is None else CATALOGUE[order].id)
        assert event.seconds == 3.0 and event.score == 1.0


def test_a_mistake_is_looked_at_as_an_open_cell(small_puzzles):
    _, puzzle = small_puzzles[0]
    solution = np.asarray(solve(puzzle).solution)
    grid = np.full(solution.shape, UNKNOWN, dtype=np.int8)
    grid[0, 0] = FILLED if solution[0, 0] == CROSSED else CROSSED
    with_solution = SolveRecorder(puzzle, solution)
    empty = np.full(solution.shape, UNKNOWN, dtype=np.int8)
    assert with_solution.mistake(grid).technique == with_solution.technique_at(empty)
    hint = with_solution.hint(empty, 4)
    assert hint.score == 0.0 and hint.rung == 4
    m = mastery(e.outcome() for e in with_solution.events)
    assert m[hint.technique].level < 0.5


def test_a_move_against_the_solution_scores_nothing(small_puzzles):
    """A move scores 1 when every cell it sets agrees with the solution and 0 when one does not
    (a guess that happened to be wrong is no success of the technique), without the solution
    or the grid after it, 1 as before; clearing a wrong cell is no wrong move."""
    _, puzzle = small_puzzles[0]
    solution = np.asarray(solve(puzzle).solution)
    empty = np.full(solution.shape, UNKNOWN, dtype=np.int8)
    right, wrong = empty.copy(), empty.copy()
    right[0, :] = solution[0, :]
    wrong[0, :] = solution[0, :]
    wrong[0, 0] = FILLED if solution[0, 0] == CROSSED else CROSSED
    rec = SolveRecorder(puzzle, solution)
    assert rec.move(empty, 2.0, right).score == 1.0
    assert rec.move(empty, 2.0, wrong).score == 0.0
    assert rec.move(wrong, 2.0, empty).score == 1.0  # clearing is never wrong
    # a right move on a grid that already holds an old mistake is right
    later = wrong.copy()
    later[1, :] = solution[1, :]
    assert rec.move(wrong, 2.0, later).score == 1.0
    assert rec.move(empty, 2.0).score == 1.0
    assert SolveRecorder(puzzle).move(empty, 2.0, wrong).score == 1.0
    assert [e.score for e in rec.events] == [1.0, 0.0, 1.0, 1.0, 1.0]


def test_a_move_is_counted_to_the_technique_deciding_its_cells_not_another_line():
    """Seen under Xvfb: Bucks solved by hand, row 2's overlap filled while row 11 (clue 0) was
    open, row 11 filled wrong twice: the Practice chart called Empty line mastered (0.74, nine
    events) from the row 2 moves. A move with the grid after it is counted to the technique
    deciding the cells it set (a wrong one, the cells it set wrong); without it, as before."""
    from nonostudio.core.puzzle import Puzzle

    grid = [[0, 0, 0, 0, 0], [0, 1, 1, 1, 1], [1, 0, 1, 0, 1], [1, 1, 0, 1, 1]]
    puzzle = Puzzle.from_grid(np.array(grid, dtype=np.int8))
    solution = np.asarray(solve(puzzle).solution)
    empty = np.full(solution.shape, UNKNOWN, dtype=np.int8)
    overlap = empty.copy()
    overlap[1, 1:4] = FILLED  # row 2, clue 4 in 5 cells: cells 2-4 by overlap
    rec = SolveRecorder(puzzle, solution)
    assert rec.technique_at(empty) == "empty_line"
    assert rec.move(empty, 2.0, overlap).technique == "overlap"
    wrong = empty.copy()
    wrong[0, 0] = FILLED  # row 1, clue 0: empty line, set wrong
    event = rec.move(empty, 2.0, wrong)
    assert (event.technique, event.score) == ("empty_line", 0.0)
    assert rec.move(empty, 2.0).technique == "empty_line"  # no grid after: as before


def _events():
    return [
        ProfileEvent("drill", "mark", "overlap", 1.0, 4.5, "mark:overlap:3:---", 100.0),
        ProfileEvent("solve", "move", "glue", 1.0, 7.0, "cat", 101.0),
        ProfileEvent("solve", "hint", "glue", 0.3, None, "cat", 102.0),
    ]


def test_profiles_keep_their_events_and_round_trip_through_a_file(tmp_path):
    db = tmp_path / "library.sqlite3"
    with ProfileStore(db) as store:
        store.create("ann")
        store.create("bob")
        store.record("ann", _events())
        assert store.names() == ["ann", "bob"]
        assert store.events("bob") == []
        n = store.export_file("ann", tmp_path / "ann.json")
        assert n == 3
        name, count = store.import_file(tmp_path / "ann.json", "ann2")
        assert (name, count) == ("ann2", 3)
        assert store.events("ann2") == store.events("ann") == _events()
        with pytest.raises(ProfileError, match="already a profile named 'ann'"):
            store.import_file(tmp_path / "ann.json")
        with pytest.raises(ProfileError, match="no profile named 'cid'"):
            store.events("cid")
    assert outcomes_of(_events())[2].score == 0.3


def test_profiles_live_beside_the_puzzles_and_leave_the_library_as_it_was(tmp_path):
    db = tmp_path / "library.sqlite3"
    with Library(db) as lib:
        pid = lib.add(parse_puzzle_arg("1:1-1:1"), "test")
    with ProfileStore(db) as store:
        store.create("ann")
        store.record("ann", _events()[:1])
    with Library(db) as lib:
        assert lib.get(pid).rows == ((1,), (1,))
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "line 1, column 2"),
        ('{"format": "other"}', "not a nonostudio profile"),
        ('{"format": "nonostudio-profile", "version": 9, "name": "a", "events": []}', "newer"),
        (
            '{"format": "nonostudio-profile", "version": 1, "name": " ", "events": []}',
            "needs a name",
        ),
        ('{"format": "nonostudio-profile", "version": 1, "name": "a"}', "missing 'events'"),
        (
            '{"format": "nonostudio-profile", "version": 1, "name": "a", "events": '
            '[{"source": "drill", "kind": "mark", "technique": "overlap", "score": 1}, '
            '{"source": "drill", "kind": "mark", "technique": "Overlap!", "score": 1}]}',
            "event 2: 'technique'",
        ),
        (
            '{"format": "nonostudio-profile", "version": 1, "name": "a", "events": '
            '[{"source": "drill", "kind": "mark", "technique": "overlap", "score": "1"}]}',
            "event 1: 'score' should be int or float",
        ),
        (
            '{"format": "nonostudio-profile", "version": 1, "name": "a", "events": '
            '[{"source": "web", "kind": "mark", "technique": "overlap", "score": 1}]}',
            "event 1: 'source' should be one of drill, solve",
        ),
    ],
)
def test_a_bad_profile_file_is_refused_naming_the_file_and_place(tmp_path, text, message):
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProfileError, match=message) as info:
        read_profile_file(path)
    assert str(path) in str(info.value)


def test_an_exported_file_is_plain_json(tmp_path):
    with ProfileStore(tmp_path / "l.sqlite3") as store:
        store.create("ann")
        store.record("ann", _events())
        store.export_file("ann", tmp_path / "a.json")
    data = json.loads((tmp_path / "a.json").read_text())
    assert data["format"] == "nonostudio-profile" and len(data["events"]) == 3


def test_a_read_only_library_keeps_its_profiles_readable_and_says_it_cannot_store(tmp_path):
    """A library on a read-only medium: the profiles it has are read, new ones live in memory,
    and the store says why nothing is stored. It raised and stopped the studio's start."""
    import os
    import subprocess

    from mounts import tmpfs

    if os.geteuid() != 0:
        pytest.skip("a read-only medium needs root to mount (chmod does not stop root)")
    folder = tmp_path / "ro"
    folder.mkdir()
    with tmpfs(folder, "size=16m"):
        db = folder / "library.sqlite3"
        with ProfileStore(db) as store:
            store.create("ann")
            store.record("ann", _events())
        remount = subprocess.run(
            ["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True, check=False
        )
        assert remount.returncode == 0, remount.stderr
        with ProfileStore(db) as store:
            assert store.read_only.startswith(f"{db}: the profiles cannot be stored")
            assert store.names() == ["ann"] and store.events("ann") == _events()
            store.create("bob")  # in memory, for this session
            store.record("bob", _events()[:1])
            assert store.names() == ["ann", "bob"]
        with ProfileStore(db) as store:
            assert store.names() == ["ann"]  # nothing was written to the file
