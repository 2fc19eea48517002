"""Kissat in a helper process, for the SAT stage's hardest puzzles.

Kissat (through python-sat) cannot be stopped part way from the calling process: it keeps the
interpreter's lock while it runs, and it cannot go on after a conflict budget runs out.  A process
of its own can be killed, so the deadline and ``should_stop()`` still hold while it runs, and its
work stays off the calling process (a GUI's event loop keeps turning).  The helper is this module
run with ``python -m``; clauses go to it and models come back as pickles over its pipes.  Why
Kissat, and when: docs/design/solver.md §3.
"""

from __future__ import annotations

import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

#: The python-sat name of the Kissat release used.
KISSAT = "kissat404"

_ENDED = object()  # the helper's output ended before it said it was done


class NoOtherModel(Exception):
    """Raised by the ``between`` of :func:`kissat_models` when it has shown that no other model
    is left: the helper is stopped and the models found so far are all there are."""


class KissatStopped(Exception):
    """The deadline passed or ``should_stop()`` turned true before Kissat answered; ``found``
    holds the models it had sent by then."""

    def __init__(self, reason: str, found: list[list[int]]) -> None:
        super().__init__(reason)
        self.found = found


def kissat_available() -> bool:
    """Whether the installed python-sat has this Kissat release."""
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        return False
    return hasattr(SolverNames, KISSAT)


def kissat_models(
    clauses: list[list[int]],
    cells: list[int],
    limit: int,
    *,
    deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    report: Callable[[float], None] | None = None,
    between: Callable[[list[int]], list[int] | None] | None = None,
) -> list[list[int]]:
    """Up to ``limit`` models of ``clauses`` that differ on ``cells`` (fewer: there are no more),
    each as the variables it makes true.

    Raises :class:`KissatStopped` at the deadline or when ``should_stop()`` turns true (the
    helper process is then killed), and RuntimeError if the helper fails.  ``report(seconds)``
    is called about once a second while Kissat runs.  ``between(model)``, when given, is called
    when one more model is wanted, with the one before, in this process while the helper goes
    on: a model it returns (found some other way, differing from the earlier ones on ``cells``)
    is the last one, and when it raises :class:`NoOtherModel` there is none.
    """
    started = time.perf_counter()
    # The helper imports this package from where this process did, installed or not (a script
    # that put the checkout on sys.path itself started helpers that could not find it).
    here = str(Path(__file__).resolve().parents[2])
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)
    process = subprocess.Popen(
        [sys.executable, "-m", __name__, str(os.getpid())],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=os.environ | {"PYTHONPATH": path},
    )
    messages: queue.Queue[object] = queue.Queue()
    reader = threading.Thread(
        target=_read, args=(process, messages), name="kissat-reader", daemon=True
    )
    reader.start()
    found: list[list[int]] = []
    last_report = started
    try:
        _send(process, (clauses, cells, limit))
        while len(found) < limit:
            if should_stop is not None and should_stop():
                raise KissatStopped("interrupted", found)
            now = time.perf_counter()
            if deadline is not None and now > deadline:
                raise KissatStopped("time limit", found)
            if report is not None and now - last_report >= 1.0:
                last_report = now
                report(now - started)
            try:
                message = messages.get(timeout=0.05)
            except queue.Empty:
                continue
            if message is None:
                break
            if message is _ENDED:
                raise RuntimeError(_failure(process))
            found.append(message)  # type: ignore[arg-type]
            if between is not None and len(found) == limit - 1:
                try:
                    other = between(message)  # type: ignore[arg-type]
                except NoOtherModel:
                    break
                if other is not None:
                    found.append(other)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        reader.join()
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:  # clauses left unsent to a helper that ended: nothing to do
                    pass
    return found


def _send(process: subprocess.Popen[bytes], data: object) -> None:
    assert process.stdin is not None
    try:
        pickle.dump(data, process.stdin, protocol=pickle.HIGHEST_PROTOCOL)
        process.stdin.close()
    except BrokenPipeError:
        pass  # the helper ended at once: its reader says so


def _read(process: subprocess.Popen[bytes], messages: queue.Queue[object]) -> None:
    """In a thread: hand each of the helper's messages over, then ``_ENDED`` if its output
    stops before the final None."""
    assert process.stdout is not None
    try:
        while True:
            message = pickle.load(process.stdout)
            messages.put(message)
            if message is None:
                return
    except (EOFError, OSError, pickle.UnpicklingError):
        messages.put(_ENDED)


def _failure(process: subprocess.Popen[bytes]) -> str:
    process.wait()
    assert process.stderr is not None
    said = process.stderr.read().decode(errors="replace").strip().splitlines()
    last = f": {said[-1]}" if said else ""
    return f"Kissat's helper process ended without an answer (exit code {process.returncode}){last}"


def _models(clauses: list[list[int]], cells: list[int], limit: int) -> Iterator[list[int]]:
    """Up to ``limit`` models, each the variables it makes true.  Kissat cannot take clauses
    after a solve, so each model is a fresh run with the earlier ones blocked (on ``cells``)."""
    from pysat.solvers import Solver

    blocks: list[list[int]] = []
    for _ in range(limit):
        with Solver(name=KISSAT, bootstrap_with=clauses + blocks) as solver:
            if not solver.solve():
                return
            model = [lit for lit in solver.get_model() if lit > 0]
        yield model
        true = set(model)
        blocks.append([-v if v in true else v for v in cells])


def _end_with_parent(parent: int) -> None:
    """On Linux, have the kernel kill the helper when ``parent``, the process that started it,
    dies (killed outright, it cannot kill the helper itself, which would run on for minutes)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before that took effect
        os._exit(1)


def _main() -> None:
    """The helper: read (clauses, cells, limit), write each model, then None.  SIGINT is
    blocked: a terminal's Ctrl-C reaches the helper too, python-sat would jump out of Kissat on
    it, and the caller ends the helper anyway."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    _end_with_parent(int(sys.argv[1]))
    clauses, cells, limit = pickle.load(sys.stdin.buffer)
    out = sys.stdout.buffer
    for model in _models(clauses, cells, limit):
        pickle.dump(model, out)
        out.flush()
    pickle.dump(None, out)
    out.flush()


if __name__ == "__main__":
    _main()
