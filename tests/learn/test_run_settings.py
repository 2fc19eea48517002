"""A learning run's settings record (:mod:`nonostudio.learn.store.run_settings`): what ``learn run``
stores, the runs older versions stored still read (and resume), and a bad stored entry named.

That the Jobs panel stores the same record as ``learn run`` for the same settings is
tests/gui/jobs/test_run_records.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

import nonostudio.learn.running.runner
from nonostudio.cli import main
from nonostudio.learn.mining.specs import all_specifications
from nonostudio.learn.store.jobs import JobStore, RunStatus, SpecStatus
from nonostudio.learn.store.run_settings import (
    DEFAULT_JOBS,
    PROVE_LENGTH,
    LearnSettings,
    create_run,
    extended_settings,
)
from nonostudio.learn.synthesis.search_options import SearchOptions
from nonostudio.rules.ruleset import load_rule_set

# The keys ``learn run`` stored before the record had one owner, and those the Jobs panel stored.
OLD_CLI_RECORD = {
    "max_length": 3,
    "max_patterns": 1,
    "budget_s": 20.0,
    "prove_length": 30,
    "narrow": True,
    "three_first": False,
    "three_narrow": True,
    "search": {"without": ["unique"], "weights": {"geometry": 3}},
}
OLD_GUI_RECORD = {
    "max_length": 3,
    "max_patterns": 1,
    "three_first": False,
    "sample": 5,
    "seed": 2,
    "budget_s": 20.0,
    "jobs": 2,
    "mode": "thread",
    "narrow": True,
    "three_narrow": False,
    "search": {"without": [], "weights": {}},
}


class StubRunner:
    """Stands in for :class:`nonostudio.learn.running.runner.Runner`: keeps its options, runs
    nothing."""

    calls: list[dict[str, Any]] = []
    work_seconds = 0.0  # nothing ran, nothing was wasted
    late_skip_seconds = 0.0

    def __init__(self, store: JobStore, run_id: int, work: Any, **options: Any) -> None:
        self.store, self.run_id = store, run_id
        StubRunner.calls.append({"run_id": run_id, "work": work, **options})

    def cancel(self) -> None:
        pass

    def run(self) -> RunStatus:
        return self.store.status(self.run_id)


@pytest.fixture
def stub_runner(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    StubRunner.calls = []
    monkeypatch.setattr(nonostudio.learn.running.runner, "Runner", StubRunner)
    return StubRunner.calls


def stored_settings(store_path: Path) -> str:
    """The settings text of the job store's one run, as stored."""
    db = sqlite3.connect(store_path)
    try:
        ((settings,),) = db.execute("SELECT settings FROM runs").fetchall()
    finally:
        db.close()
    return str(settings)


def test_learn_run_stores_the_settings_record(
    tmp_path: Path, stub_runner: list[dict[str, Any]]
) -> None:
    store = tmp_path / "jobs.sqlite3"
    argv = ["learn", "run", "--max-length", "3", "--max-patterns", "1", "--budget", "20"]
    assert main([*argv, "--three-narrow", "--without", "unique", "--store", str(store)]) == 0
    with JobStore(store) as s:
        (info,) = s.runs()
    expected = LearnSettings(
        max_length=3,
        max_patterns=1,
        budget_s=20.0,
        three_narrow=True,
        search={"without": ["unique"], "weights": {}},
    )
    # Every key of the record, the ones only the Jobs panel wrote before included.
    assert info.settings == expected.to_json()
    assert info.settings["jobs"] == DEFAULT_JOBS and info.settings["sample"] == 0
    assert info.settings["prove_length"] == PROVE_LENGTH
    assert info.total == len(list(all_specifications(3, 1)))
    # The runner gets the one reading of the narrowing choices (narrow_from), this command's
    # workers (None: one a core) and the run's budget.
    (call,) = stub_runner
    assert call["narrow_from"] == 3 and call["budget_s"] == 20.0
    assert call["jobs"] is None and call["mode"] == "process"
    assert call["narrow_work"] is not None


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (
            OLD_CLI_RECORD,
            LearnSettings(
                max_length=3,
                max_patterns=1,
                budget_s=20.0,
                three_narrow=True,
                search={"without": ["unique"], "weights": {"geometry": 3}},
            ),
        ),
        (
            OLD_GUI_RECORD,
            LearnSettings(
                max_length=3, max_patterns=1, sample=5, seed=2, budget_s=20.0, jobs=2, mode="thread"
            ),
        ),
        ({"max_length": 3}, LearnSettings(max_length=3)),
        ({"max_length": 3, "search": None, "sample": None}, LearnSettings(max_length=3)),
        ({"max_length": 3, "budget_s": 5, "later_key": [1]}, LearnSettings(3, budget_s=5.0)),
    ],
    ids=["old-cli", "old-gui", "one-key", "null-entries", "unknown-key"],
)
def test_runs_stored_with_older_key_sets_still_load(
    record: dict[str, Any], expected: LearnSettings
) -> None:
    settings = LearnSettings.from_json(record)
    assert settings == expected
    assert settings.prove_length == PROVE_LENGTH
    assert isinstance(settings.budget_s, float)
    assert settings.search_options() == SearchOptions.from_json(expected.search)


def test_an_old_cli_run_resumes_with_its_stored_choices(
    tmp_path: Path, stub_runner: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "jobs.sqlite3"
    with JobStore(store) as s:
        run_id = s.create_run(OLD_CLI_RECORD, list(all_specifications(3, 1))[:4])
    assert main(["learn", "run", "--resume", str(run_id), "--store", str(store), "--json"]) == 0
    assert '"settings": {\n    "budget_s": 20.0' in capsys.readouterr().out  # as stored
    (call,) = stub_runner
    assert call["budget_s"] == 20.0 and call["narrow_from"] == 3
    assert call["work"].keywords == {"search": OLD_CLI_RECORD["search"]}  # its search options
    assert stored_settings(store).startswith('{"budget_s": 20.0, "max_length": 3')  # untouched


@pytest.mark.parametrize(
    ("entry", "value", "said"),
    [
        ("max_length", "7", "settings entry 'max_length': expected a whole number, got '7'"),
        ("sample", True, "settings entry 'sample': expected a whole number, got True"),
        ("narrow", 1, "settings entry 'narrow': expected true or false, got 1"),
        ("budget_s", "fast", "settings entry 'budget_s': expected a number, got 'fast'"),
        ("mode", "fork", "settings entry 'mode': expected 'process' or 'thread', got 'fork'"),
        ("search", ["unique"], "settings entry 'search': expected an object, got ['unique']"),
    ],
)
def test_a_bad_stored_entry_is_named(entry: str, value: Any, said: str) -> None:
    with pytest.raises(ValueError) as caught:
        LearnSettings.from_json(OLD_GUI_RECORD | {entry: value})
    assert str(caught.value) == said


def test_resuming_a_run_with_a_bad_entry_says_which_run_and_entry(
    tmp_path: Path, stub_runner: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "jobs.sqlite3"
    with JobStore(store) as s:
        run_id = create_run(s, LearnSettings(max_length=2, max_patterns=1))
        s.extend_run(run_id, s.run(run_id).settings | {"budget_s": "fast"}, [])
    assert main(["learn", "run", "--resume", str(run_id), "--store", str(store)]) == 2
    err = capsys.readouterr().err
    assert f"run {run_id}'s settings entry 'budget_s': expected a number, got 'fast'" in err
    assert str(store) in err and "Traceback" not in err
    assert stub_runner == []  # nothing started


def test_export_of_a_run_stored_without_a_proof_bound_names_the_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The Jobs panel stored no prove_length; the rule file's header said "up to None cells".
    store = tmp_path / "jobs.sqlite3"
    spec = next(iter(all_specifications(3, 1)))
    with JobStore(store) as s:
        run_id = s.create_run(OLD_GUI_RECORD, [spec])
        s.mark_running(run_id, spec.key)
        rule = "def whole:\n  with h = arbitrary(hint):\n  if size(h) = line_size:\n"
        rule += "  then fill(true, 0, line_size)"
        s.finish(run_id, spec.key, SpecStatus.DONE, 1.0, {"rule": rule})
    out = tmp_path / "mine.rules"
    argv = ["learn", "export", str(out), "--store", str(store), "--optimise-on", "training"]
    assert main(argv) == 0, capsys.readouterr().err
    header = load_rule_set(out).header
    assert f"every rule proved sound for all lines up to {PROVE_LENGTH} cells" in header
    assert "None" not in header


@pytest.mark.parametrize(
    ("stored", "three_first", "keeps"),
    [
        ({"max_patterns": 1}, True, True),  # no three-pattern set yet: it may take a tenth
        ({"max_patterns": 3, "three_first": True}, True, True),
        ({"max_patterns": 3, "three_first": False}, True, False),  # it took them all: it goes on
        ({"max_patterns": 3}, True, False),
        ({"max_patterns": 2, "three_first": True}, False, False),
    ],
)
def test_an_extended_run_that_took_every_three_pattern_set_keeps_doing_so(
    stored: dict[str, Any], three_first: bool, keeps: bool
) -> None:
    record = OLD_CLI_RECORD | {"max_length": 3} | stored
    extended = extended_settings(record, 4, 3, three_first)
    assert extended == record | {"max_length": 4, "max_patterns": 3, "three_first": keeps}
    assert list(extended)[: len(record)] == list(record)  # the stored entries, in their order


def test_extending_refuses_to_drop_specifications_and_names_a_bad_entry() -> None:
    with pytest.raises(ValueError, match="^already has lines up to 5 cells and 2 patterns; "):
        extended_settings({"max_length": 5, "max_patterns": 2}, 4, 3, False)
    with pytest.raises(ValueError, match="^already has lines up to 5 cells and 2 patterns; "):
        extended_settings({"max_length": 5, "max_patterns": 2}, 6, 1, False)
    with pytest.raises(ValueError, match="settings entry 'max_length': expected a whole number"):
        extended_settings({"max_length": "5"}, 6, 1, False)
