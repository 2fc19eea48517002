"""Fuzz every puzzle reader by hand: per format, N mutants of real files, and what came out.

Run: ``python tests/benchmarks/bench_fuzz.py [--mutants N] [--seed S] [--formats a,b]
[--show K]``. For each reader (the format forced, so every reader sees every mutant of its own
seeds) it tries N mutants (default 2000) of the seed files of ``tests/core/formats_fuzz_inputs.py``
(real files from resources/samples and the anchor corpora; for ``.npz``, half of them mutate
the array inside the archive) plus, for one in ten, random bytes,
and counts: puzzles built, clean errors (PuzzleError with a message), of those the "fallback"
ones (an exception no reader turned into its own message: the message names the exception),
and anything else (a traceback; the goal is 0). A last row, "detect", does the same with the
format detected from the content (mutants of every seed). It prints the slowest input's time.

Then two edge sections (``--zeros N`` mutants per format, 0 to skip both):

* special files, each read through ``read_file`` on a thread with a deadline: a FIFO with a
  writer, a FIFO without one, a writer that never ends, a folder, ``/dev/null`` and
  ``/dev/zero`` (endless, so bounded only by the size limit); a read still running at its
  deadline is a hang;
* mixed zeros: per format with number clues, mutants of its seeds with a 0 put beside a clue
  number (``3`` → ``3,0`` or ``0,3``; in XML a ``<count>0</count>``); a mutant that reads without
  an error is a silent drop.

Exits 1 when anything else happened, an input took more than 2 s, or there was a hang or a
silent drop.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))

from formats_fuzz_inputs import (  # noqa: E402
    FORMAT_NAMES,
    fallback,
    mutate,
    mutate_inside,
    random_edits,
    read_everything,
    seeds,
    timed,
)

from nonostudio.core.errors import PuzzleError  # noqa: E402
from nonostudio.core.formats import _files, read_data_entries, read_file  # noqa: E402

TIME_BOUND_S = 2.0
#: The row where the format is not forced: mutants of every seed, detected from their content.
AUTO = "detect"


def fuzz(fmt: str, mutants: int, rng: random.Random, show: int) -> dict[str, object]:
    everything = [f for group in seeds().values() for f in group]
    files = everything if fmt == AUTO else seeds()[fmt]
    forced = None if fmt == AUTO else fmt
    counts: Counter[str] = Counter()
    slowest = (0.0, b"")
    shown = 0
    for _ in range(mutants):
        if rng.random() < 0.1:
            data = rng.randbytes(rng.randrange(600))
        elif fmt == "npz" and rng.random() < 0.5:
            data = mutate_inside(rng.choice(files), random_edits(rng, rng.randint(1, 4)))
        else:
            data = mutate(
                rng.choice(files), random_edits(rng, rng.randint(1, 4)), rng.choice(everything)
            )
        try:
            (puzzles, errors), seconds = timed(lambda d=data: read_everything(d, forced))
        except Exception as exc:  # the bug this benchmark looks for
            counts["other"] += 1
            if shown < show:
                shown += 1
                print(f"--- {fmt}: {type(exc).__name__} on {data[:120]!r}", file=sys.stderr)
                traceback.print_exc(limit=-3)
            continue
        if seconds > slowest[0]:
            slowest = (seconds, data)
        if puzzles and not errors:
            counts["puzzle"] += 1
        else:
            counts["error"] += 1
            if any(not e.message or not str(e) for e in errors):
                counts["empty message"] += 1
            vague = [e for e in errors if fallback(e)]
            if vague:
                counts["fallback"] += 1
                if shown < show:
                    shown += 1
                    print(f"--- {fmt}: fallback {vague[0]} on {data[:120]!r}", file=sys.stderr)
    return {"counts": counts, "slowest": slowest}


# --- special files ------------------------------------------------------------------------------

#: A read not done this long after its special file's own limits (silence, total time) is a hang.
HANG_MARGIN_S = 5.0


def _fifo_writer(path: Path, chunks: list[bytes], pause: float) -> threading.Thread:
    def write() -> None:
        try:
            with open(path, "wb", buffering=0) as handle:
                for chunk in chunks:
                    time.sleep(pause)
                    handle.write(chunk)
        except OSError:  # the reader gave up: what the case tests
            pass

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def special_files(seed: bytes) -> list[tuple[str, str, float]]:
    """Each special-file case: its name, what came out (``puzzle``, the error, or ``HANG``) and
    the seconds it took."""
    deadline = _files.IDLE_SECONDS + _files.TOTAL_SECONDS + HANG_MARGIN_S
    out = []
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        cases: list[tuple[str, Callable[[], Path | str]]] = []

        def fifo(name: str, chunks: list[bytes] | None, pause: float = 0.0) -> Path:
            path = root / name
            os.mkfifo(path)
            if chunks is not None:
                _fifo_writer(path, chunks, pause)
            return path

        cases.append(("FIFO with a writer", lambda: fifo("w.non", [seed[:20], seed[20:]], 0.05)))
        cases.append(("FIFO without writer", lambda: fifo("n.non", None)))
        cases.append(("FIFO never ending", lambda: fifo("e.non", [b"#"] * 10**6, 0.1)))
        cases.append(("folder", lambda: root))
        cases.append(("/dev/null", lambda: "/dev/null"))
        cases.append(("/dev/zero", lambda: "/dev/zero"))
        for name, make in cases:
            result: list[str] = []
            target = make()

            def read(path: Path | str = target, result: list[str] = result) -> None:
                try:
                    read_file(path)
                    result.append("puzzle")
                except PuzzleError as exc:
                    result.append(f"error: {exc}")
                except Exception as exc:  # the bug the main section counts as "other"
                    result.append(f"OTHER {type(exc).__name__}: {exc}")

            start = time.monotonic()
            thread = threading.Thread(target=read, daemon=True)
            thread.start()
            thread.join(deadline)
            seconds = time.monotonic() - start
            out.append((name, result[0] if result else "HANG", seconds))
    return out


# --- mixed zeros ---------------------------------------------------------------------------------

# A clue number on a line of space-separated numbers after the first line (nin, cwd, mk, g).
_SPACED_LINE = (r"(?m)(?<=\n)(?:[0-9]+ )*([0-9]+)(?: [0-9]+)*\r?$", " ")
# Per format: a pattern whose group 1 is a clue number (at most one per match), and the
# separator of the numbers of one clue. XML is done apart (a <count> element).
_CLUE_NUMBER: dict[str, tuple[str, str]] = {
    "non": (r"(?m)^(?:[0-9]+,)*([0-9]+)(?:,[0-9]+)*,?\r?$", ","),
    "nin": _SPACED_LINE,
    "cwd": _SPACED_LINE,
    "mk": _SPACED_LINE,
    "g": _SPACED_LINE,
    "spoj": (r"(?m)(?<=\n)(?:[0-9]+ )*([0-9]+)(?: [0-9]+)* 0\r?$", " "),
    "taai": (r"(?m)^(?:[0-9]+\t)*([0-9]+)(?:\t[0-9]+)*\r?$", "\t"),
    "string": (r"([0-9]+)(?=[,:\-\s]|$)", ","),
    "tatham": (r"(?<=[/:.])([0-9]+)(?=[/.]|\s*$)", "."),
    "toml": (r"(?m)(?<=[=,\s])([0-9]+)(?=[ ,\r\n]|$)", " "),
    "picross": (r"\[[ 0-9]*?\b([0-9]+)\b", " "),
    "janko": (r"(?<=\\n)([0-9]+)(?=\\n| )", " "),
    "butler": (r"(?<=[\[,])\s*([0-9]+)(?=\s*[,\]])", ", "),
}


def zero_mutant(fmt: str, data: bytes, rng: random.Random) -> bytes | None:
    """``data`` with one 0 put beside one of its clue numbers (which is not itself 0), or None
    when the seed has no such number."""
    text = data.decode("utf-8", "surrogateescape")
    if fmt == "xml":
        found = list(re.finditer(r"<count[^>]*>\s*0*[1-9][0-9]*\s*</count>", text))
        if not found:
            return None
        m = rng.choice(found)
        zero = "<count>0</count>"
        text = (
            text[: m.end()] + zero + text[m.end() :]
            if rng.random() < 0.5
            else (text[: m.start()] + zero + text[m.start() :])
        )
        return text.encode("utf-8", "surrogateescape")
    pattern, sep = _CLUE_NUMBER[fmt]
    found = [
        m
        for m in re.finditer(pattern, text)
        if int(m.group(1)) > 0 and not _commented(text, m.start(1), fmt)
    ]
    if fmt == "butler":  # only the numbers of the hints lists
        found = [m for m in found if text.rfind('"hints"', 0, m.start()) >= 0]
    if fmt == "toml":  # only the numbers of the [clues] section
        found = [m for m in found if _section(text, m.start()) == "clues"]
    if not found:
        return None
    m = rng.choice(found)
    at, end = m.start(1), m.end(1)
    number = text[at:end]
    new = f"0{sep}{number}" if rng.random() < 0.5 else f"{number}{sep}0"
    return (text[:at] + new + text[end:]).encode("utf-8", "surrogateescape")


def _commented(text: str, at: int, fmt: str) -> bool:
    """Whether position ``at`` is in a comment (after ``#`` or ``;`` on its line)."""
    start = text.rfind("\n", 0, at) + 1
    return fmt not in ("janko", "butler") and bool(set(text[start:at]) & {"#", ";"})


def _section(text: str, at: int) -> str:
    """The name of the TOML ``[section]`` holding position ``at``."""
    headers = list(re.finditer(r"(?m)^\s*\[\s*([A-Za-z]+)\s*\]", text[:at]))
    return headers[-1].group(1) if headers else ""


def silent_drops(fmt: str, mutants: int, rng: random.Random, show: int) -> Counter[str]:
    """Counts of the ``mutants`` zero mutants of ``fmt``'s seeds: ``refused`` (an error) or
    ``silent`` (every item read without error: the 0 was dropped)."""
    counts: Counter[str] = Counter()
    files = seeds()[fmt]
    shown = 0
    for _ in range(mutants):
        data = zero_mutant(fmt, rng.choice(files), rng)
        if data is None:
            counts["no clue number"] += 1
            continue
        try:
            for _ident, build in read_data_entries(data, f"zero.{fmt}", fmt):
                build()  # all items: the mutated one may be any of them
        except PuzzleError:
            counts["refused"] += 1
            continue
        counts["silent"] += 1
        if shown < show:
            shown += 1
            print(f"--- {fmt}: silent drop in {data[:200]!r}", file=sys.stderr)
    return counts


def edges(zeros: int, rng: random.Random, show: int) -> tuple[int, int]:
    """Print the special-file and mixed-zero sections; the hangs and the silent drops."""
    hangs = 0
    print(f"\n{'special file':<22} {'seconds':>7}  outcome")
    for name, outcome, seconds in special_files(seeds()["non"][0]):
        hangs += outcome == "HANG"
        print(f"{name:<22} {seconds:>7.2f}  {outcome[:110]}")
    print(f"\n{'mixed 0':<9} {'mutants':>7} {'refused':>7} {'silent':>6} {'no clue':>7}")
    silent = 0
    for fmt in [*_CLUE_NUMBER, "xml"]:
        counts = silent_drops(fmt, zeros, rng, show)
        silent += counts["silent"]
        print(
            f"{fmt:<9} {zeros:>7} {counts['refused']:>7} {counts['silent']:>6} "
            f"{counts['no clue number']:>7}",
            flush=True,
        )
    print(f"hangs: {hangs}   silent drops: {silent}")
    return hangs, silent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=2000, help="mutants per format")
    parser.add_argument("--seed", type=int, default=32, help="random seed")
    parser.add_argument("--formats", default="", help="comma-separated formats (default all)")
    parser.add_argument(
        "--show", type=int, default=3, help="print up to this many bad inputs per format"
    )
    parser.add_argument(
        "--zeros", type=int, default=200, help="mixed-zero mutants per format (0: no edge cases)"
    )
    args = parser.parse_args(argv)
    formats = args.formats.split(",") if args.formats else [*FORMAT_NAMES, AUTO]
    rng = random.Random(args.seed)
    print(
        f"{'format':<9} {'seeds':>5} {'mutants':>7} {'puzzles':>7} {'clean errors':>12} "
        f"{'fallback':>8} {'other':>5} {'slowest s':>9}  slowest input"
    )
    total: Counter[str] = Counter()
    worst = 0.0
    for fmt in formats:
        result = fuzz(fmt, args.mutants, rng, args.show)
        counts: Counter[str] = result["counts"]  # type: ignore[assignment]
        seconds, data = result["slowest"]  # type: ignore[misc]
        total.update(counts)
        worst = max(worst, seconds)
        files = sum(map(len, seeds().values())) if fmt == AUTO else len(seeds()[fmt])
        print(
            f"{fmt:<9} {files:>5} {args.mutants:>7} {counts['puzzle']:>7} "
            f"{counts['error']:>12} {counts['fallback']:>8} {counts['other']:>5} "
            f"{seconds:>9.3f}  {len(data):,} bytes {data[:30]!r}",
            flush=True,
        )
    print(
        f"{'total':<9} {'':>5} {args.mutants * len(formats):>7} {total['puzzle']:>7} "
        f"{total['error']:>12} {total['fallback']:>8} {total['other']:>5} {worst:>9.3f}"
    )
    if total["empty message"]:
        print(f"{total['empty message']} errors with an empty message")
    hangs, silent = edges(args.zeros, rng, args.show) if args.zeros else (0, 0)
    bad = total["other"] or total["empty message"] or worst > TIME_BOUND_S or hangs or silent
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
