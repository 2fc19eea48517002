"""A learning run's settings: the one record of them, built here for ``learn run`` and for the
Jobs panel alike, so the same choices store the same run.

:class:`LearnSettings` is what a run stores with itself (:meth:`LearnSettings.to_json`) and reads
back to resume (:meth:`LearnSettings.from_json`, which also reads the smaller key sets older runs
stored); :func:`create_run` puts a new run of its specifications in the job store;
:meth:`LearnSettings.runner_options` are the :class:`~nonostudio.learn.running.runner.Runner`
options it implies; :func:`extended_settings` are a run's settings once longer lines or more
patterns are added to it; :func:`search_space_text` says in words what every run searches.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from nonostudio.learn.mining.specs import Specification, all_specifications
from nonostudio.learn.store.jobs import JobStore
from nonostudio.learn.synthesis.enumerate import LITERALS, OPS, SearchOptions

# Every rule a run keeps is proved sound for every line up to this many cells (the work function
# proves to it; a run records it for the header of the rule files made from it).
PROVE_LENGTH = 30
DEFAULT_JOBS = max(1, os.cpu_count() or 1)  # one worker per core
MODES = ("process", "thread")  # what the runner's workers are


@dataclass(frozen=True)
class LearnSettings:
    """One run's choices; stored with the run (``to_json``) so resuming uses the same ones."""

    max_length: int = 7
    max_patterns: int = 3
    three_first: bool = False  # of three patterns, only sets naming the first hint, block, gap
    sample: int = 0  # 0: every specification; otherwise a seeded random sample of this many
    seed: int = 0
    budget_s: float = 60.0
    jobs: int = DEFAULT_JOBS
    mode: str = "process"
    # Specifications a run would skip (covered, or a smaller pattern set gave a rule) still get
    # a search at their constant level (first hint, first block: edge fill, mercury).
    narrow: bool = True
    # Three-pattern specifications get only that constant-level search (no lattice climb).
    three_narrow: bool = False
    # The DSL constructs left out and the cost weights changed (SearchOptions.to_json).
    search: dict[str, Any] = field(default_factory=lambda: SearchOptions().to_json())
    prove_length: int = PROVE_LENGTH

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LearnSettings:
        """The settings stored with a run: unknown keys are ignored, missing ones (a run stored
        by an older nonostudio) and null ones take the defaults.  ValueError names an entry of the
        wrong kind."""
        known: dict[str, Any] = {}
        for f in fields(cls):
            if data.get(f.name) is not None:  # a null entry reads as a missing one
                known[f.name] = _checked(f.name, data[f.name])
        return cls(**known)

    def specifications(self) -> list[Specification]:
        """The training specifications: all up to ``max_length``, or a sample in mined order."""
        specs = list(
            all_specifications(self.max_length, self.max_patterns, three_first=self.three_first)
        )
        if 0 < self.sample < len(specs):
            chosen = sorted(random.Random(self.seed).sample(range(len(specs)), self.sample))
            specs = [specs[i] for i in chosen]
        return specs

    def search_options(self) -> SearchOptions:
        """The run's search options; ValueError names a bad stored entry."""
        return SearchOptions.from_json(self.search)

    def runner_options(self) -> dict[str, Any]:
        """The :class:`~nonostudio.learn.running.runner.Runner` options (the narrow work is chosen
        by the caller, from :attr:`narrow`)."""
        return {
            "jobs": self.jobs,
            "budget_s": self.budget_s,
            "mode": self.mode,
            # Three-pattern specifications get only the narrow search, when there is one.
            "narrow_from": 3 if self.three_narrow and self.narrow else None,
        }


_WHOLE = ("max_length", "max_patterns", "sample", "seed", "jobs", "prove_length")
_FLAGS = ("three_first", "narrow", "three_narrow")


def _checked(name: str, value: Any) -> Any:
    """A stored settings entry, checked to be of its field's kind (a whole number of seconds is
    read as seconds); ValueError names it."""
    if name in _WHOLE:
        ok, kind = isinstance(value, int) and not isinstance(value, bool), "a whole number"
    elif name in _FLAGS:
        ok, kind = isinstance(value, bool), "true or false"
    elif name == "budget_s":
        ok, kind = isinstance(value, int | float) and not isinstance(value, bool), "a number"
        value = float(value) if ok else value
    elif name == "mode":
        ok, kind = value in MODES, " or ".join(repr(m) for m in MODES)
    else:  # search: SearchOptions.from_json says what is wrong inside it
        ok, kind = isinstance(value, dict), "an object"
    if not ok:
        raise ValueError(f"settings entry {name!r}: expected {kind}, got {value!r}")
    return value


def create_run(store: JobStore, settings: LearnSettings) -> int:
    """A new pending run of ``settings``'s specifications in ``store``; returns its id."""
    return store.create_run(settings.to_json(), settings.specifications())


def extended_settings(
    stored: Mapping[str, Any], max_length: int, max_patterns: int, three_first: bool
) -> dict[str, Any]:
    """A run's ``stored`` settings, extended to lines of ``max_length`` cells and
    ``max_patterns`` patterns (its other entries kept as stored).  A run that took every
    three-pattern set keeps doing so: ``three_first`` holds only for a run that had it or had no
    three-pattern set yet.  ValueError when that would drop specifications, or names a stored
    entry of the wrong kind."""
    length = _checked("max_length", stored.get("max_length", 1))
    patterns = _checked("max_patterns", stored.get("max_patterns", 1))
    if max_length < length or max_patterns < patterns:
        raise ValueError(
            f"already has lines up to {stored.get('max_length')} cells and "
            f"{stored.get('max_patterns')} patterns; extend only adds specifications"
        )
    had_all = not _checked("three_first", stored.get("three_first", False)) and patterns >= 3
    return dict(stored) | {
        "max_length": max_length,
        "max_patterns": max_patterns,
        "three_first": three_first and not had_all,
    }


def search_space_text() -> str:
    """What every run searches, in words (the read-only part of the new-run dialog)."""
    # The synthesis modules load z3: only for the one caller that shows this text.
    from nonostudio.learn.synthesis import synth

    return (
        "Patterns climb the lattice singleton → constant(0) → arbitrary and constant(i) → "
        "arbitrary.\n"
        "Fills: linear forms of up to three terms over start, size, the hint geometry "
        f"functions and line size (those chosen above), plus a literal in {list(LITERALS)}; "
        "totals, when chosen, only compared with totals and line size (never in a fill or "
        "inside unique); "
        f"up to {synth.MAX_FILL_PAIRS} fill pairs per pattern set and round.\n"
        f"Conditions: up to three comparisons ({', '.join(OPS)}) plus one of maximal, minimal, "
        f"unique (those chosen above); up to {synth.MAX_COVERS} per fill.  Among rules as "
        "general as each other the cheapest by the weights above wins.\n"
        f"Candidates are checked on every line of ≤ {synth.CHECK_LENGTH} cells, then proved "
        f"sound for every line up to {PROVE_LENGTH} cells (a proof not finished in "
        f"{synth.PROOF_SECONDS:.0f} s is given up).\n"
        "Each rule found is simplified: conjuncts and bindings it stays sound and as general "
        "without are dropped, each step proved."
    )
