"""A worker process whose studio is gone (ended while a job ran: the pipe's other end closed)
ends the job quietly: its progress, error or result cannot be sent, and before, the failed send
of the error raised again and multiprocessing printed a traceback to the studio's terminal."""

from __future__ import annotations

import multiprocessing
from types import SimpleNamespace

from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.gui.common.process_child import ERROR, ProcessJob, run_job


def reports_progress(progress: ProgressCallback, should_stop: StopCallback) -> int:
    progress(1.0, "done")  # (1.0 is always sent at once)
    return 1


def returns(progress: ProgressCallback, should_stop: StopCallback) -> int:
    return 1


def test_a_job_whose_studio_is_gone_ends_without_raising() -> None:
    for fn in (reports_progress, returns):
        mine, studio = multiprocessing.Pipe()
        studio.close()
        run_job(ProcessJob(fn), mine, SimpleNamespace(value=0))  # raised BrokenPipeError
        mine.close()


def test_a_job_whose_studio_is_there_still_reports_its_failure() -> None:
    mine, studio = multiprocessing.Pipe()

    def fails(progress: ProgressCallback, should_stop: StopCallback) -> int:
        raise BrokenPipeError("its own pipe")

    run_job(ProcessJob(fails), mine, SimpleNamespace(value=0))
    kind, detail, _trace = studio.recv()
    assert kind == ERROR and "BrokenPipeError: its own pipe" in detail
    mine.close()
    studio.close()
