"""Imported by a worker process only (never by the tests' own): its interpreter takes two seconds
to wind down, as a busy machine's worker at a low priority may."""

from __future__ import annotations

import atexit
import time

atexit.register(time.sleep, 2.0)
