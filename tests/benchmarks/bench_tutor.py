"""The tutor's figures, from the bundled samples alone:

1. drill lines per technique of tiers 0–5 (goal ≥ 30 distinct lines each), each expected answer
   equal to the technique's complete move and every cell it decides forced by brute force (the
   independent enumerator of tests/analysis/sentence_checker.py; line_solver's equal to it);
2. simulated learners (know the techniques up to tier k, err at a set rate on the rest) doing 40
   drills: the Kendall tau of the mastery estimate against known/unknown, and the share of "for
   you" suggestions whose hardest tier is k or k+1 (goal ≥ 90 %; those offered above the step
   because the library has nothing in that window are counted apart); and when a technique is
   first called mastered: of the known techniques, the share mastered after their n-th answer,
   and of the unknown ones (a guesser's), the share ever called mastered during the drills;
3. predicted solving time against held-out simulated sessions: the median relative error of the
   personal model and of the generic-grade baseline (the personal one must beat it);
then, if tests/benchmarks/bench_tutor_generate.py exists, its main().

Run by hand: ``python3 tests/benchmarks/bench_tutor.py``.
"""

from __future__ import annotations

import importlib.util
import math
import random
import sys
import time
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "analysis"))

import numpy as np  # noqa: E402
from sentence_checker import TooMany, arrangements  # noqa: E402

from nonostudio.analysis.catalogue.techniques import BY_ID  # noqa: E402
from nonostudio.analysis.defaults import DEFAULT_RULE_SET  # noqa: E402
from nonostudio.analysis.grades.difficulty import grade  # noqa: E402
from nonostudio.analysis.helping.hints import apply_step  # noqa: E402
from nonostudio.analysis.tutor.checking import check_sound  # noqa: E402
from nonostudio.analysis.tutor.drills import MARK, WHICH  # noqa: E402
from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES, drill_lines  # noqa: E402
from nonostudio.analysis.tutor.mastery import mastery, outcomes_of, step_tier  # noqa: E402
from nonostudio.analysis.tutor.practice import Practice  # noqa: E402
from nonostudio.analysis.tutor.recommend import (  # noqa: E402
    Candidate,
    GenericTimeModel,
    PersonalTimeModel,
    Session,
    for_you,
)
from nonostudio.analysis.tutor.solving import SolveRecorder  # noqa: E402
from nonostudio.core.line import FILLED, UNKNOWN, cells_to_text  # noqa: E402
from nonostudio.core.samples import sample_puzzles  # noqa: E402
from nonostudio.rules.ruleset import load_rule_set  # noqa: E402

PLAYER_PATHS = 20
GOAL_LINES = 30
DRILLS = 40
KNOWN_ERROR = 0.05
UNKNOWN_ERROR = 0.6
LEARNERS_PER_K = 5
SUGGESTIONS = 3


def brute_forced(clues, cells):
    hints = [c for c in clues if c > 0]
    arr = arrangements(hints, cells)
    out = []
    for p in range(len(cells)):
        values = {any(a[i] <= p < a[i] + h for i, h in enumerate(hints)) for a in arr}
        out.append(UNKNOWN if len(values) != 1 else (FILLED if values.pop() else 0))
    return tuple(out)


def section_drills(puzzles):
    print("== 1. drill lines from the bundled samples ==")
    started = time.perf_counter()
    lines = drill_lines(puzzles, trace=True, player_paths=PLAYER_PATHS, seed=0)
    print(
        f"{len(puzzles)} samples, the tutor's trace, 2 sweeps and {PLAYER_PATHS} seeded random "
        "player paths each: "
        f"{sum(map(len, lines.values()))} distinct lines in {time.perf_counter() - started:.1f} s"
    )
    ok_all = True
    checked = too_many = wrong = 0
    for tid in LINE_TECHNIQUES:
        t = BY_ID[tid]
        found = lines[tid]
        bad = 0
        for line in found:
            expected = line.expected
            if expected != t.apply(line.clues, line.cells) or expected == line.cells:
                bad += 1
                continue
            try:
                forced = brute_forced(line.clues, line.cells)
            except TooMany:
                too_many += 1
                continue
            checked += 1
            sound = all(
                v == UNKNOWN or line.cells[p] != UNKNOWN or forced[p] == v
                for p, v in enumerate(expected)
            )
            if not sound or (tid == "line_solver" and expected != forced):
                bad += 1
        wrong += bad
        sources = len({line.source for line in found})
        goal = "ok" if len(found) >= GOAL_LINES else "BELOW GOAL"
        if t.tier <= 5 and len(found) < GOAL_LINES:
            ok_all = False
        print(
            f"  tier {t.tier} {tid:<18} {len(found):>5} lines from {sources:>2} puzzles, "
            f"{bad} wrong answers  {goal}"
        )
    print(
        f"answers checked against brute force: {checked} (too many arrangements to list: "
        f"{too_many}); wrong: {wrong}; every technique of tiers 0-5 has >= {GOAL_LINES}: "
        f"{'yes' if ok_all else 'NO'}"
    )
    return lines


def learner_answer(drill, knows, rng):
    """A simulated learner's answer text: right unless it errs."""
    err = KNOWN_ERROR if knows else UNKNOWN_ERROR
    right = rng.random() >= err
    line = drill.line
    if drill.kind == MARK:
        return cells_to_text(line.expected if right else line.cells)
    if drill.kind == WHICH:
        pick = line.technique if right else next(c for c in drill.choices if c != line.technique)
        return str(drill.choices.index(pick) + 1)
    truth = check_sound(drill, True).correct  # is "sound" the right answer?
    return ("y" if truth else "n") if right else ("n" if truth else "y")


def kendall_tau_b(xs, ys):
    conc = disc = tx = ty = 0
    n = len(xs)
    for i in range(n):
        for j in range(i + 1, n):
            dx = (xs[i] > xs[j]) - (xs[i] < xs[j])
            dy = (ys[i] > ys[j]) - (ys[i] < ys[j])
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                tx += 1
            elif dy == 0:
                ty += 1
            elif dx == dy:
                conc += 1
            else:
                disc += 1
    denom = math.sqrt((conc + disc + tx) * (conc + disc + ty))
    return (conc - disc) / denom if denom else 0.0


def best_tau_b(known):
    """The highest tau-b a ranking without ties can reach against a known/unknown split (the
    split's own ties keep it below 1): every known technique above every unknown one."""
    return kendall_tau_b([k + i * 1e-6 for i, k in enumerate(known)], known)


def pairs_ordered(levels, known):
    """The share of (known, unknown) pairs with the known one ranked strictly above."""
    pairs = [
        (a, b)
        for a, ka in zip(levels, known, strict=True)
        for b, kb in zip(levels, known, strict=True)
        if ka and not kb
    ]
    return sum(a > b for a, b in pairs) / len(pairs)


def section_learners(lines, candidates):
    print()
    print(
        f"== 2. simulated learners: {DRILLS} drills each, error {KNOWN_ERROR:.0%} on known "
        f"techniques and {UNKNOWN_ERROR:.0%} on the rest; {LEARNERS_PER_K} learners per k =="
    )
    tiers = {c.tier for c in candidates}
    print(
        "bundled library: "
        + ", ".join(f"tier {t}: {sum(c.tier == t for c in candidates)}" for t in sorted(tiers))
    )
    total = good = 0
    taus = []
    # per (learner, technique): knows it, and mastered after each of its answers
    called: list[tuple[bool, list[bool]]] = []
    for k in range(0, 6):
        k_taus, k_sugg, k_good, steps, none, k_pairs = [], 0, 0, [], 0, []
        k_ahead: list[int] = []  # hardest tiers offered above an empty window (recommend.for_you)
        for s in range(LEARNERS_PER_K):
            rng = random.Random(1000 * k + s)
            practice = Practice(lines, LINE_TECHNIQUES, seed=rng.randrange(10**6))
            events = []
            after: dict[str, list[bool]] = {}
            for n in range(DRILLS):
                now = n * 30.0
                drill = practice.next(now)
                knows = BY_ID[drill.technique].tier <= k
                _, event = practice.answer(drill, learner_answer(drill, knows, rng), 5.0, now)
                events.append(event)
                now_mastered = mastery(outcomes_of(events))[drill.technique].mastered
                after.setdefault(drill.technique, []).append(now_mastered)
            called += [(BY_ID[t].tier <= k, flags) for t, flags in after.items()]
            levels = mastery(outcomes_of(events))
            known = [1 if BY_ID[t].tier <= k else 0 for t in LINE_TECHNIQUES]
            if 0 in known:  # at k = 5 every line technique is known: nothing to rank below
                ranked = [levels[t].level for t in LINE_TECHNIQUES]
                k_taus.append(kendall_tau_b(ranked, known))
                k_pairs.append(pairs_ordered(ranked, known))
                best = best_tau_b(known)
            steps.append(step_tier(levels))
            offered = for_you(candidates, levels)[:SUGGESTIONS]
            suggestions = [g for g in offered if not g.ahead]
            k_ahead += [g.candidate.tier for g in offered if g.ahead]
            none += not suggestions
            k_sugg += len(suggestions)
            k_good += sum(1 for g in suggestions if g.candidate.tier in (k, k + 1))
        taus += k_taus
        total += k_sugg
        good += k_good
        share = f"{k_good / k_sugg:.0%}" if k_sugg else "n/a"
        tau = (
            f"Kendall tau-b median {median(k_taus):+.2f} (min {min(k_taus):+.2f}; a perfect "
            f"ranking without ties scores {best:+.2f}); known above unknown in "
            f"{median(k_pairs):.0%} of pairs (median)"
            if k_taus
            else "Kendall tau n/a (every line technique known)"
        )
        print(
            f"  k={k}: {tau}; step tiers estimated {steps}; suggestions {k_sugg}, hardest tier "
            f"k or k+1: {k_good} ({share}); learners with no puzzle in their window: {none}"
            + (
                f", offered instead {len(k_ahead)} above it (hardest tiers {sorted(set(k_ahead))})"
                if k_ahead
                else ""
            )
        )
    print("called mastered, after a technique's n-th answer (of the techniques with >= n answers):")
    for n in range(1, 7):
        kn = [f[n - 1] for knows, f in called if knows and len(f) >= n]
        un = [f[n - 1] for knows, f in called if not knows and len(f) >= n]
        print(
            f"  n={n}: known {sum(kn)} of {len(kn)} ({sum(kn) / max(1, len(kn)):.0%}), "
            f"unknown {sum(un)} of {len(un)} ({sum(un) / max(1, len(un)):.0%})"
        )
    unknown = [f for knows, f in called if not knows]
    known = [f for knows, f in called if knows]
    ever = sum(any(f) for f in unknown)
    print(
        f"unknown techniques ever called mastered during the {DRILLS} drills: {ever} of "
        f"{len(unknown)} ({ever / len(unknown):.0%}); at the end: "
        f"{sum(f[-1] for f in unknown)}; known techniques mastered at the end: "
        f"{sum(f[-1] for f in known)} of {len(known)} (of those answered >= 3 times: "
        f"{sum(f[-1] for f in known if len(f) >= 3)} of {sum(len(f) >= 3 for f in known)})"
    )
    print(
        f"all learners: Kendall tau-b median {median(taus):+.2f} (k = 0-4), mean "
        f"{sum(taus) / len(taus):+.2f}; suggestions with hardest tier k or k+1: {good} of "
        f"{total} ({good / total:.0%}; goal >= 90 %)"
    )


def sessions_of(graded):
    """Per puzzle: the candidate and, per move of its trace, the technique the recorder
    attributes the moment to and the technique of the step taken."""
    out = []
    for name, g in graded:
        trace = g.trace
        recorder = SolveRecorder(trace.puzzle)
        grid = np.full((trace.puzzle.height, trace.puzzle.width), UNKNOWN, dtype=np.int8)
        moves = []
        for step in trace.steps:
            moves.append((recorder.technique_at(grid), step.technique or "search"))
            grid = apply_step(grid, step)
        f = g.features
        cand = Candidate(name, f.hardest_technique or "overlap", dict(f.techniques))
        out.append((cand, moves))
    return out


def section_time(graded):
    print()
    print("== 3. predicted solving time against held-out simulated sessions ==")
    puzzles = sessions_of(graded)
    agree = sum(a == b for _, ms in puzzles for a, b in ms)
    moves = sum(len(ms) for _, ms in puzzles)
    print(
        f"moves attributed to the easiest step of their moment: {moves} ({agree} equal to the "
        "technique of the trace's step)"
    )
    players = []
    rng = random.Random(7)
    for k in range(0, 6):
        for s in range(3):
            speed = math.exp(rng.gauss(0, 0.4))
            players.append((k, speed, random.Random(100 * k + s)))

    def seconds_per_move(k, speed, tid):
        tier = BY_ID[tid].tier if tid in BY_ID else 6
        base = (2.0 + 1.5 * tier) * speed
        return base if tier <= k else base * 4.0

    played = []  # (player, puzzle index, move times attributed, session seconds)
    for p, (k, speed, prng) in enumerate(players):
        for i, (_, ms) in enumerate(puzzles):
            times = [
                (attr, seconds_per_move(k, speed, true) * math.exp(prng.gauss(0, 0.5)))
                for attr, true in ms
            ]
            played.append((p, i, times, sum(t for _, t in times)))
    personal_err, generic_err = [], []
    for p, i, _, actual in played:
        history = [x for x in played if x[0] == p and x[1] != i]
        moves_by: dict[str, list[float]] = {}
        for _, _, times, _ in history:
            for attr, t in times:
                moves_by.setdefault(attr, []).append(t)
        sessions = [Session(puzzles[j][0], secs) for _, j, _, secs in history]
        model = PersonalTimeModel.fit(moves_by, sessions)
        population = [Session(puzzles[j][0], secs) for q, j, _, secs in played if j != i]
        generic = GenericTimeModel.fit(population)
        cand = puzzles[i][0]
        personal_err.append(abs(model.predict(cand) - actual) / actual)
        generic_err.append(abs(generic.predict(cand) - actual) / actual)
    print(
        f"{len(players)} simulated players (k = 0-5, three each, own speed), {len(puzzles)} "
        f"puzzles each, every session held out in turn ({len(played)} predictions)"
    )
    p_med, g_med = median(personal_err), median(generic_err)
    print(f"median relative error: personal model {p_med:.1%}, generic-grade baseline {g_med:.1%}")
    print(f"personal model beats the baseline: {'yes' if p_med < g_med else 'NO'}")


def main() -> None:
    started = time.perf_counter()
    puzzles = sample_puzzles()
    lines = section_drills(puzzles)
    rules = load_rule_set(DEFAULT_RULE_SET)
    graded = [(name, grade(p, rules)) for name, p in puzzles]
    candidates = [
        Candidate(name, g.hardest_technique, dict(g.features.techniques))
        for name, g in graded
        if g.hardest_technique is not None
    ]
    section_learners(lines, candidates)
    section_time(graded)
    print(f"\n(sections 1-3 took {time.perf_counter() - started:.0f} s)")
    generate = HERE / "bench_tutor_generate.py"
    if generate.exists():
        print("\n== 4. bench_tutor_generate.py ==")
        spec = importlib.util.spec_from_file_location("bench_tutor_generate", generate)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.main()
    else:
        print("\n(tests/benchmarks/bench_tutor_generate.py is not there: no generation section)")


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    main()
