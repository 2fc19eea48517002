"""The ``learn run``, ``extend``, ``status`` and ``report`` actions, and the job-store helpers the
``learn`` actions share (:mod:`nonostudio.cli.learning.learn` builds their parsers; ``export`` is
:mod:`nonostudio.cli.learning.learn_export`).
"""

from __future__ import annotations

import argparse
import os
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from nonostudio.cli.common import ExitCode, Outcome, say
from nonostudio.cli.rule_tools.rules_common import load_some_rules
from nonostudio.core.errors import PuzzleError
from nonostudio.core.paths import describe_test_set, resolve_test_set
from nonostudio.learn.choosing.report import learning_report
from nonostudio.learn.mining.specs import all_specifications
from nonostudio.learn.store.jobs import JobStore, RunState, RunStatus, settings_summary
from nonostudio.learn.store.run_lock import run_owner
from nonostudio.learn.store.run_settings import (
    DEFAULT_JOBS,
    LearnSettings,
    create_run,
    extended_settings,
)
from nonostudio.learn.synthesis.enumerate import SearchOptions
from nonostudio.rules.language.cost import CostWeights
from nonostudio.rules.measuring.coverage import cells_to_fill, load_transitions


def search_options(
    without: list[str], weights: list[tuple[str, int]], extensions: list[str] | None = None
) -> SearchOptions:
    """The search options of ``--without``, ``--weight`` (a later weight of a name wins) and
    ``--with``."""
    return SearchOptions(
        frozenset(without), CostWeights(**dict(weights)), frozenset(extensions or ())
    )


def new_run_settings(args: argparse.Namespace) -> LearnSettings:
    """The settings of the new run ``learn run``'s options ask for (all specifications, one
    worker per core unless ``--jobs``)."""
    return LearnSettings(
        max_length=args.max_length,
        max_patterns=args.max_patterns,
        three_first=args.three_first,
        budget_s=args.budget,
        jobs=args.jobs or DEFAULT_JOBS,
        mode=args.mode,
        narrow=not args.no_narrow,
        three_narrow=args.three_narrow,
        search=search_options(args.without, args.weight, args.extensions).to_json(),
    )


def test_set_path(path: str | None) -> Path:
    """The test transitions ``--test`` names, else ``NONOSTUDIO_TEST_SET``'s, else the bundled
    set (:func:`nonostudio.core.paths.resolve_test_set`)."""
    return resolve_test_set(path)


#: Lines longer than this make a listing of specifications that takes long before the run starts.
LONG_LISTING = 9
LONG_LISTING_NOTE = (
    "note: listing the specifications of lines up to {n} cells takes long before the run starts, "
    "and the run is far longer (measured, 3 patterns: 9 cells 1.1 million in 6 s, 10 "
    "cells 4.6 million in 18 s, 11 cells 74 s before the first); Ctrl-C stops it"
)


def open_store(path: str | None, existing: bool = False) -> JobStore:
    """The job store; not a job store (or a newer one's) is bad input (exit 2), a store that
    cannot be opened (read-only, full disk, in use) raises its JobStoreError (an OSError: exit
    3).  With ``existing`` (the actions that only read a run) a path where no file is is bad
    input (exit 2), and no empty store is made there (``learn status --store typo.db`` made
    one)."""
    if path is not None and Path(path).is_dir():
        raise PuzzleError("is a folder, not a job store; name a file in it", source=path)
    if existing and path is not None and not Path(path).exists():
        raise PuzzleError(
            f"no job store there, so no run; start one with 'learn run --store {path}'",
            source=path,
        )
    if existing and path is not None and Path(path).stat().st_size == 0:
        # SQLite would make a store in it: ``learn status --store notes.txt`` turned an empty
        # file into a 24 KB database, though status only reads.
        raise PuzzleError("an empty file, not a job store, so no run (left as it is)", source=path)
    try:
        return JobStore(path)
    except ValueError as exc:
        message = str(exc)
        for prefix in (f"{path}: ", f"{Path(path)}: " if path is not None else ""):
            if prefix and message.startswith(prefix):  # the source is said once, not twice
                message = message[len(prefix) :]
        raise PuzzleError(message, source=path) from None


def pick_run(store: JobStore, run_id: int | None) -> int:
    """``run_id`` checked against the store's runs, or the latest run when None."""
    runs = store.runs()
    if not runs:
        raise PuzzleError(
            "the job store holds no run; start one with 'learn run'", source=str(store.path)
        )
    if run_id is None:
        return runs[-1].id
    if run_id not in {r.id for r in runs}:
        raise PuzzleError(
            f"no run {run_id} (runs: {', '.join(str(r.id) for r in runs)})", source=str(store.path)
        )
    return run_id


def status_data(status: RunStatus) -> dict[str, Any]:
    """A run's status as the JSON fields of ``learn run`` and ``learn status``."""
    return {
        "run_id": status.run_id,
        "total": status.total,
        "finished": status.finished,
        "counts": status.counts,
        "rules_found": status.rules_found,
        "budget_hits": status.budget_hits,
        "median_seconds": status.median_seconds,
        "p95_seconds": status.p95_seconds,
        "work_seconds": status.work_seconds,
        "failures": [{"key": key, "error": why} for key, why in status.failures],
    }


# ---- run ---------------------------------------------------------------------------------------


@contextmanager
def sigint_cancels(cancel: Callable[[], None]) -> Iterator[list[bool]]:
    """While inside, Ctrl-C calls ``cancel`` (the runner hands in-flight work back as pending)."""
    interrupted = [False]

    def handler(signum: int, frame: object) -> None:
        interrupted[0] = True
        cancel()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield interrupted
    finally:
        signal.signal(signal.SIGINT, previous)


def _progress(fraction: float, message: str) -> None:
    """The runner's progress (the one protocol: a fraction and a message) on standard error."""
    say(f"[{fraction:4.0%}] {message}")


def cluster_address(option: str | None) -> str | None:
    """The cluster ``--cluster`` names, else ``$NONOSTUDIO_CLUSTER``'s; None: this machine's
    worker processes."""
    address = option if option is not None else os.environ.get("NONOSTUDIO_CLUSTER", "")
    return address.strip() or None


@contextmanager
def _engine(address: str | None) -> Iterator[Any]:
    """The Dask engine of the cluster at ``address`` while inside (None: the local pool)."""
    if address is None:
        yield None
        return
    from nonostudio.learn.running.dask_engine import ClusterError, open_cluster

    try:
        engine = open_cluster(address)
    except ClusterError as exc:
        raise PuzzleError(str(exc), source="--cluster") from None
    with engine:
        say(f"cluster {engine.summary()}")
        yield engine


def run_learn(args: argparse.Namespace) -> Outcome:
    """Create (or resume) a run and synthesise until it is finished or Ctrl-C cancels it."""
    # z3 loads only for the action that needs it: the other subcommands start faster.
    from nonostudio.learn.running.engine import EngineError
    from nonostudio.learn.running.runner import Runner
    from nonostudio.learn.running.work import works_for

    address = cluster_address(args.cluster)
    # --resume reads a run: a path with no store there is not made one (as for status)
    existing = args.resume is not None
    with open_store(args.store, existing=existing) as store, _engine(address) as engine:
        if args.resume is not None:
            run_id = pick_run(store, args.resume)
            stored = store.run(run_id).settings
            try:
                settings = LearnSettings.from_json(stored)
            except ValueError as exc:
                raise PuzzleError(f"run {run_id}'s {exc}", source=str(store.path)) from None
            say(f"resuming run {run_id} in {store.path}")
        else:
            settings = new_run_settings(args)
            if args.max_length > LONG_LISTING:
                say(LONG_LISTING_NOTE.format(n=args.max_length))
            run_id = create_run(store, settings)
            info = store.run(run_id)
            stored = info.settings  # as stored, as on a resume
            say(
                f"run {run_id}: {info.total} specifications of lines up to {args.max_length} "
                f"cells, in {store.path}"
            )
        try:
            work, narrow_work = works_for(stored)
        except ValueError as exc:
            raise PuzzleError(
                f"run {run_id}'s search options: {exc}", source=str(store.path)
            ) from None
        runner = Runner(
            store,
            run_id,
            work,
            # This command's workers, whatever the run was started with.
            **settings.runner_options() | {"jobs": args.jobs, "mode": args.mode},
            progress=_progress,
            narrow_work=narrow_work if settings.narrow else None,
            engine=engine,
        )
        started = time.monotonic()
        lost: str | None = None
        with sigint_cancels(runner.cancel) as interrupted:
            try:
                status = runner.run()
            except EngineError as exc:  # the run is paused: its items in flight are pending
                lost, status = str(exc), store.status(run_id)
        wall = time.monotonic() - started
        data = status_data(status) | {
            "store": str(store.path),
            "settings": stored,
            "wall_seconds": round(wall, 3),
            "cancelled": interrupted[0],
            "cluster": address,
            "work_seconds": round(runner.work_seconds, 3),
            "late_skip_seconds": round(runner.late_skip_seconds, 3),
        }
        lines = status.lines() + [f"  wall time {wall:.1f} s"]
        if runner.work_seconds > 0:
            # Work on items that a rule found meanwhile skips (cancelled when it came in).
            lines.append(
                f"  late skips {runner.late_skip_seconds:.1f} of this session's "
                f"{runner.work_seconds:.1f} synthesis s "
                f"({runner.late_skip_seconds / runner.work_seconds:.1%} wasted)"
            )
        if lost is not None:
            lines.append(f"{lost}: learn run --resume {run_id} --store {store.path}")
            return Outcome(data | {"paused": lost}, "\n".join(lines), ExitCode.IO_ERROR)
        if interrupted[0]:
            lines.append(
                f"cancelled; continue with: learn run --resume {run_id} --store {store.path}"
            )
            return Outcome(data, "\n".join(lines), ExitCode.INTERRUPTED)
        return Outcome(data, "\n".join(lines))


# ---- extend ------------------------------------------------------------------------------------


def run_extend(args: argparse.Namespace) -> Outcome:
    """Add the specifications of longer lines or more patterns to a run; its finished ones stay."""
    with open_store(args.store, existing=True) as store:
        run_id = pick_run(store, args.run_id)
        try:
            settings = extended_settings(
                store.run(run_id).settings, args.max_length, args.max_patterns, args.three_first
            )
        except ValueError as exc:
            raise PuzzleError(f"run {run_id} {exc}", source=str(store.path)) from None
        added = store.extend_run(
            run_id,
            settings,
            all_specifications(
                args.max_length, args.max_patterns, three_first=settings["three_first"]
            ),
        )
        total = store.run(run_id).total
    text = (
        f"run {run_id}: {added} specifications added, {total} in all; continue with: "
        f"learn run --resume {run_id} --store {store.path}"
    )
    return Outcome({"run_id": run_id, "added": added, "total": total, "settings": settings}, text)


# ---- status ------------------------------------------------------------------------------------


def run_status(args: argparse.Namespace) -> Outcome:
    """The run's RunStatus lines, and whether it runs (in which process) or was interrupted."""
    with open_store(args.store, existing=True) as store:
        run_id = pick_run(store, args.run_id)
        info = store.run(run_id)
        status = store.status(run_id)
        owner = run_owner(store.path, run_id) if info.status == RunState.RUNNING else None
        data = status_data(status) | {
            "status": info.status,
            "settings": info.settings,
            "process": None if owner is None else owner.pid,
        }
        lines = [*status.lines(), f"  run status {info.status}; {settings_summary(info.settings)}"]
        if owner is not None:
            lines.append(f"  running in {owner.describe()}")
        elif info.status == RunState.INTERRUPTED:
            lines.append(
                f"  its process ended before the run did; continue with: "
                f"learn run --resume {run_id} --store {store.path}"
            )
        return Outcome(data, "\n".join(lines))


# ---- report ------------------------------------------------------------------------------------


def run_report(args: argparse.Namespace) -> Outcome:
    """The paper's comparison of a rule set with the control set on the testing set."""
    # (a file with no rule is said, as by 'rules prove': it printed the coverage of 0 rules)
    learned = load_some_rules(args.rules, "to compare with the control rules")
    control = load_some_rules(args.control, "to compare the rules with")
    path = test_set_path(args.test)
    transitions = load_transitions(path)
    label = describe_test_set(path, len(transitions), cells_to_fill(transitions))
    say(f"comparing on {label}")
    report = learning_report(
        learned.rules,
        control.rules,
        transitions,
        progress=lambda _fraction, message: say(message),
        cost_budget=args.cost_budget,
    )
    data = report.to_json() | {
        "rules": learned.name,
        "control": control.name,
        "test_set": str(path),
        "test_set_label": label,
    }
    return Outcome(data, f"test set: {label}\n{report.table()}")
