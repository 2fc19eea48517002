"""The tutor's background work, run in a worker process: grading the library for "for you",
finding drill lines for Practice and attributing a hand solver's moves to techniques.
Module-level functions of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it.  (On threads of the studio's process their seconds of Python kept the GUI thread
waiting for Python's lock.)"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tutor.recommend import Candidate
from nonostudio.core.library import Library
from nonostudio.core.library.profiles import ProfileEvent
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle

GRADE_TIME_LIMIT = 10.0
"""Seconds one puzzle's grade may take before it is left out of "for you"."""

# --- "for you" -----------------------------------------------------------------------------


def grade_candidates(
    puzzles: list[tuple[int, Puzzle]], progress: ProgressCallback, should_stop: StopCallback
) -> dict[int, Candidate | None]:
    """Each puzzle's candidate (None: no line technique decides it, or no grade in time)."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.analysis.grades.difficulty import grade
    from nonostudio.rules.ruleset import load_rule_set

    rules = load_rule_set(DEFAULT_RULE_SET)
    out: dict[int, Candidate | None] = {}
    for k, (id, puzzle) in enumerate(puzzles):
        if should_stop():
            break
        progress(k / max(1, len(puzzles)), f"grading {puzzle.title or id}")
        g = grade(puzzle, rules, should_stop=should_stop, time_limit=GRADE_TIME_LIMIT)
        hardest = g.hardest_technique
        out[id] = None
        if hardest is not None and hardest in BY_ID:
            out[id] = Candidate(str(id), hardest, dict(g.features.techniques))
    return out


def read_puzzles(library: Library, ids: list[int]) -> list[tuple[int, Puzzle]]:
    """The puzzles ``ids`` of ``library``; a damaged record is left out (it has no grade)."""
    out = []
    for id in ids:
        try:
            out.append((id, library.get(id)))
        except Exception:  # noqa: BLE001 - a damaged record is left out
            continue
    return out


def grade_library(
    path: str | Path,
    early: list[tuple[int, Puzzle]] | None,
    keys: Mapping[int, Any],
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> tuple[Mapping[int, Any], dict[int, Candidate | None]]:
    """``keys`` (library id -> modification time) and the candidate of each of those puzzles of
    the library at ``path``, read here with a connection of its own (``early``: the puzzles read
    already, from a library in memory)."""
    ids = list(keys)
    if early is not None:
        puzzles = early
    else:
        own = Library(path, read_only=True)
        try:
            puzzles = read_puzzles(own, ids)
        finally:
            own.close()
    found = grade_candidates(puzzles, progress, should_stop)
    return keys, {id: found.get(id) for id in ids}


# --- Practice --------------------------------------------------------------------------------


def sample_source() -> list[tuple[str, Puzzle]]:
    """The bundled samples, the default pool of drill lines."""
    from nonostudio.core.samples import sample_puzzles

    return sample_puzzles()


def library_source(path: str | Path, max_side: int = 30) -> list[tuple[str, Puzzle]]:
    """The black-and-white puzzles of the library at ``path`` of at most ``max_side`` cells a
    side, as ``(title, puzzle)``; read where it is called with its own connection.  A damaged
    record is left out."""
    library = Library(path, read_only=True)
    try:
        out = []
        for entry in library.entries():
            if entry.is_colour or max(entry.width, entry.height) > max_side:
                continue
            try:
                out.append((entry.title or f"library puzzle {entry.id}", library.get(entry.id)))
            except Exception:  # noqa: BLE001 - a damaged record gives no drill lines
                continue
        return out
    finally:
        library.close()


def find_drill_lines(
    techniques: list[str],
    seed: int,
    source: Callable[[], Sequence[tuple[str, Puzzle]]],
    per_technique: int,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> tuple[list[str], Any]:
    """``techniques`` and drill lines for them (up to ``per_technique`` each) in the puzzles
    ``source()`` gives (a module-level function, or a partial of one, to go to a process)."""
    from nonostudio.analysis.tutor.lines import drill_lines

    puzzles = list(source())

    def counted() -> Iterator[tuple[str, Puzzle]]:
        for k, item in enumerate(puzzles):
            progress(k / max(1, len(puzzles)), f"looking at {item[0]}")
            yield item

    lines = drill_lines(
        counted(),
        trace=False,
        player_paths=2,
        seed=seed,
        should_stop=should_stop,
        enough=(techniques, per_technique),
    )
    return techniques, lines


# --- solving by hand -------------------------------------------------------------------------


@dataclass(frozen=True)
class PendingEvent:
    """A hand solver's move, hint or mistake waiting to be attributed and recorded."""

    kind: str  # move, hint, mistake
    puzzle: Puzzle
    solution: np.ndarray | None
    grid: np.ndarray
    seconds: float | None
    rung: int
    profile: str
    at: float
    after: np.ndarray | None = None  # a move's grid after it


def attribute_events(
    items: list[PendingEvent], progress: ProgressCallback, should_stop: StopCallback
) -> list[tuple[str, ProfileEvent]]:
    """Each event's profile and its :class:`ProfileEvent`: the technique of the easiest step
    available at that moment (:class:`~nonostudio.analysis.tutor.solving.SolveRecorder`)."""
    from nonostudio.analysis.tutor.solving import SolveRecorder

    out = []
    for p in items:
        if should_stop():
            break
        rec = SolveRecorder(p.puzzle, p.solution)
        if p.kind == "move":
            ev = rec.move(p.grid, p.seconds or 0.0, p.after)
        elif p.kind == "hint":
            ev = rec.hint(p.grid, p.rung)
        else:
            ev = rec.mistake(p.grid)
        seconds = p.seconds if p.kind == "move" else None
        item = f"{p.puzzle.width}x{p.puzzle.height} {p.puzzle.title}"
        event = ProfileEvent("solve", ev.kind, ev.technique, ev.score, seconds, item.strip(), p.at)
        out.append((p.profile, event))
    return out


# --- events left at close: the spool folder -------------------------------------------------

SPOOL_SUFFIX = ".solve-events"


def spool_folder(library_path: str | Path) -> Path | None:
    """Where the events left unattributed at close wait for the next log on the library at
    ``library_path`` (None: a library in memory, which no later log sees)."""
    text = str(library_path)
    return None if text == ":memory:" else Path(text + SPOOL_SUFFIX)


def write_spool(folder: Path, items: list[PendingEvent]) -> Path:
    """Write ``items`` to a new file of ``folder`` (made if missing); numpy's format without
    pickles, so a file planted there runs no code when read."""
    arrays: dict[str, np.ndarray] = {}
    meta = []
    puzzles: list[dict[str, Any]] = []
    index: dict[int, int] = {}  # id of an event's puzzle -> its place in ``puzzles``
    for k, p in enumerate(items):
        arrays[f"grid{k}"] = np.asarray(p.grid, dtype=np.int8)
        for name, grid in (("solution", p.solution), ("after", p.after)):
            if grid is not None:
                arrays[f"{name}{k}"] = np.asarray(grid, dtype=np.int8)
        puzzle = p.puzzle
        if id(puzzle) not in index:  # (a game's events share its puzzle: written once)
            index[id(puzzle)] = len(puzzles)
            puzzles.append({"rows": puzzle.rows, "cols": puzzle.cols, "title": puzzle.title})
        meta.append(
            {
                "kind": p.kind,
                "seconds": p.seconds,
                "rung": p.rung,
                "profile": p.profile,
                "at": p.at,
                "puzzle": index[id(puzzle)],
            }
        )
    arrays["meta"] = np.array(json.dumps({"events": meta, "puzzles": puzzles}))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{uuid.uuid4().hex}.npz"
    part = path.with_name(f".{path.name}.part")
    with open(part, "wb") as handle:
        np.savez(handle, **arrays)  # type: ignore[arg-type]
    os.replace(part, path)  # (a reader sees a whole file or none)
    return path


def read_spool(path: Path) -> list[PendingEvent]:
    """The events of a spool file written by :func:`write_spool`."""
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        puzzles = [Puzzle(p["rows"], p["cols"], title=p["title"]) for p in meta["puzzles"]]
        out = []
        for k, m in enumerate(meta["events"]):
            puzzle = puzzles[m["puzzle"]]
            solution = data[f"solution{k}"] if f"solution{k}" in data else None
            after = data[f"after{k}"] if f"after{k}" in data else None
            out.append(
                PendingEvent(
                    m["kind"],
                    puzzle,
                    solution,
                    data[f"grid{k}"],
                    m["seconds"],
                    m["rung"],
                    m["profile"],
                    m["at"],
                    after,
                )
            )
    return out


def attribute_spooled(
    paths: list[str], progress: ProgressCallback, should_stop: StopCallback
) -> list[tuple[str, ProfileEvent]]:
    """:func:`attribute_events` of the events in the spool files ``paths``, read here (in the
    worker process: 20 moves of a 1000x1000 puzzle took 0.4 s to read and 0.6 s more to hand
    to the process from the GUI thread)."""
    items = [item for path in paths for item in read_spool(Path(path))]
    return attribute_events(items, progress, should_stop)
