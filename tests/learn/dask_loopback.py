"""A Dask cluster on loopback, as a user starts one: ``dask scheduler`` and ``dask worker``
processes (for the cluster tests and tests/benchmarks/bench_cluster.py)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _dask() -> list[str]:
    """The ``dask`` command (its console script, else the module)."""
    script = shutil.which("dask")
    return [script] if script else [sys.executable, "-m", "dask"]


class Loopback:
    """A scheduler on 127.0.0.1 and ``workers`` worker processes of one thread; the workers
    import this checkout (and the test work functions)."""

    def __init__(self, workers: int = 2, port: int | None = None) -> None:
        self.workers = workers
        self.port = port or free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(HERE)]))
        self.scheduler: subprocess.Popen[bytes] | None = None
        self.worker: subprocess.Popen[bytes] | None = None

    def start(self) -> Loopback:
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": self.env}
        self.scheduler = subprocess.Popen(
            [*_dask(), "scheduler", "--host", "127.0.0.1", "--port", str(self.port)],
            **quiet,  # type: ignore[call-overload]
        )
        self.worker = subprocess.Popen(
            [*_dask(), "worker", self.address, "--nworkers", str(self.workers), "--nthreads", "1"]
            + ["--no-dashboard"],
            **quiet,  # type: ignore[call-overload]
        )
        return self

    def wait_for_workers(self, timeout: float = 60.0) -> None:
        """Until every worker has joined the scheduler."""
        from distributed import Client

        deadline = time.monotonic() + timeout
        while True:
            try:
                with Client(self.address, timeout=5) as client:
                    client.wait_for_workers(
                        self.workers, timeout=max(1.0, deadline - time.monotonic())
                    )
                    return
            except (OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def kill_scheduler(self) -> None:
        if self.scheduler is not None:
            self.scheduler.kill()
            self.scheduler.wait()

    def stop(self) -> None:
        for process in (self.worker, self.scheduler):
            if process is not None and process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()

    def __enter__(self) -> Loopback:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
