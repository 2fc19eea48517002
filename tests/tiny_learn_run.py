"""The options of the tiny ``nonostudio learn run`` the CLI and job-store tests start."""

from __future__ import annotations

# Lines of at most 3 cells, one pattern: 27 specifications, long enough a run for a Ctrl-C to
# land in the middle of it.
TINY = ["--max-length", "3", "--max-patterns", "1", "--budget", "30", "--jobs", "1"]
TINY_TOTAL = 27
# The same run on worker threads (no worker processes to spawn).
TINY_THREADS = [*TINY, "--mode", "thread"]
