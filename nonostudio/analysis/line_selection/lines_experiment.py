"""The line-selection experiment of Dandurand, Cousineau & Shultz (2012), reproducible by seed.

Each simulation draws random 5x5 pictures, keeps those the complete solver finds unique and
line-solvable (every step uses only the line solver), trains a SARSA learner on three of them —
40 episodes on the first, 40 on the first two interleaved, 40 on all three — and tests it (greedy,
25-step ceiling) on those three and on an unseen fourth, next to the random, heuristic, greedy and
optimal strategies.  :meth:`ExperimentResult.table` prints mean steps ± standard error beside the
paper's figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from nonostudio.analysis.line_selection.line_game import LineGame
from nonostudio.analysis.line_selection.sarsa import LookupTable, NetworkQ, SarsaAgent, Shape
from nonostudio.analysis.line_selection.strategies import (
    CEILING,
    Strategy,
    make_strategy,
    run_episode,
)
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve

SIZE = 5
DENSITY = 0.5
TRAINING_PUZZLES = 3
EPISODES = 120
LOOKUP = "RL lookup table"
NETWORK = "RL network"
ROWS = ("random", "heuristic", "greedy", "optimal", LOOKUP, NETWORK)

# The paper's figures quoted in its text (Figures 5-7 give the others only as bars).  The network's
# test mean counts its 13 simulations at the ceiling: (7 * 9.1 + 13 * 25) / 20.
PAPER_TRAINING = {"optimal": "7.6", LOOKUP: "8.5"}
PAPER_TEST = {LOOKUP: "25.0", NETWORK: "19.4"}
PAPER_GENERALISED = {LOOKUP: "0/20", NETWORK: "7/20 (9.1 steps)"}


def random_puzzles(
    rng: np.random.Generator, count: int, size: int = SIZE, density: float = DENSITY
) -> list[Puzzle]:
    """``count`` distinct random ``size``x``size`` puzzles that are unique and line-solvable."""
    found: list[Puzzle] = []
    seen: set[bytes] = set()
    while len(found) < count:
        picture = (rng.random((size, size)) < density).astype(np.int8)
        if picture.tobytes() in seen:
            continue
        puzzle = Puzzle.from_grid(picture, title=f"random {size}x{size} #{len(found) + 1}")
        if solve(puzzle).verdict is Verdict.UNIQUE_LINE:
            seen.add(picture.tobytes())
            found.append(puzzle)
    return found


def training_schedule(episodes: int = EPISODES, puzzles: int = TRAINING_PUZZLES) -> list[int]:
    """Puzzle index of each episode: stage ``k`` interleaves puzzles ``0..k`` (incremental)."""
    stage = episodes // puzzles
    out: list[int] = []
    for k in range(puzzles):
        length = stage if k < puzzles - 1 else episodes - stage * (puzzles - 1)
        out.extend(i % (k + 1) for i in range(length))
    return out


@dataclass
class Simulation:
    """Steps (ceiling when unsolved) per strategy on the training puzzles and the test puzzle."""

    training: dict[str, list[int]] = field(default_factory=dict)
    test: dict[str, int] = field(default_factory=dict)


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


@dataclass
class ExperimentResult:
    """The simulations run (fewer than asked when stopped) and the settings that reproduce them."""

    simulations: list[Simulation]
    seed: int
    episodes: int
    ceiling: int
    stopped: bool = False

    def training_steps(self, row: str) -> tuple[float, float]:
        """Mean ± SE over simulations of the mean steps on the training puzzles."""
        return _mean_se([sum(s.training[row]) / len(s.training[row]) for s in self.simulations])

    def test_steps(self, row: str) -> tuple[float, float]:
        """Mean ± SE over simulations of the steps on the unseen puzzle."""
        return _mean_se([float(s.test[row]) for s in self.simulations])

    def generalised(self, row: str) -> list[int]:
        """Steps on the unseen puzzle in the simulations where it was solved under the ceiling."""
        return [s.test[row] for s in self.simulations if s.test[row] < self.ceiling]

    def table(self) -> str:
        """Mean steps ± standard error per strategy beside the paper's figures, as text."""
        n = len(self.simulations)
        if not n:
            return "no simulation finished"
        lines = [
            f"Line selection on random unique 5x5 puzzles: {n} simulations (seed {self.seed}), "
            f"{self.episodes} training episodes on {TRAINING_PUZZLES} puzzles, "
            f"ceiling {self.ceiling} steps" + (" — stopped early" if self.stopped else ""),
            "",
            f"{'strategy':<16} {'training':>13} {'paper':>6} {'unseen test':>13} {'paper':>6}",
        ]
        for row in ROWS:
            tm, ts = self.training_steps(row)
            em, es = self.test_steps(row)
            lines.append(
                f"{row:<16} {tm:>6.2f} ± {ts:<4.2f} {PAPER_TRAINING.get(row, '—'):>6} "
                f"{em:>6.2f} ± {es:<4.2f} {PAPER_TEST.get(row, '—'):>6}"
            )
        lines.append("")
        for row in (LOOKUP, NETWORK):
            solved = self.generalised(row)
            mean = f"{sum(solved) / len(solved):.1f} steps" if solved else "none"
            lines.append(
                f"{row} generalised (solved the unseen puzzle under the ceiling) in "
                f"{len(solved)}/{n} simulations ({mean}); paper: {PAPER_GENERALISED[row]}"
            )
        return "\n".join(lines)


def _simulate(
    rng: np.random.Generator, episodes: int, ceiling: int, should_stop: StopCallback | None
) -> Simulation | None:
    puzzles = random_puzzles(rng, TRAINING_PUZZLES + 1)
    games = [LineGame(p) for p in puzzles]
    training = games[:TRAINING_PUZZLES]
    sim = Simulation()

    def record(row: str, strategy: Strategy) -> None:
        steps = []
        for game in games:
            episode = run_episode(game, strategy, rng, ceiling)
            steps.append(episode.steps if episode.solved else ceiling)
        sim.training[row], sim.test[row] = steps[:TRAINING_PUZZLES], steps[TRAINING_PUZZLES]

    for name in ROWS[:4]:
        record(name, make_strategy(name))
    schedule = training_schedule(episodes)
    for row, q in ((LOOKUP, LookupTable()), (NETWORK, NetworkQ(Shape(SIZE, SIZE), rng))):
        agent = SarsaAgent(q, rng)
        for index in schedule:
            if should_stop is not None and should_stop():
                return None
            agent.learn_episode(training[index], ceiling)
        record(row, agent)
    return sim


def run_experiment(
    simulations: int = 20,
    seed: int = 0,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    episodes: int = EPISODES,
    ceiling: int = CEILING,
) -> ExperimentResult:
    """Run the paper's protocol ``simulations`` times; the same seed gives the same result.

    ``progress(fraction, message)`` is called after each simulation; ``should_stop()`` returning
    True ends the run early with the simulations finished so far (``stopped`` is then True).
    """
    result = ExperimentResult([], seed, episodes, ceiling)
    for i, child in enumerate(np.random.SeedSequence(seed).spawn(simulations)):
        if should_stop is not None and should_stop():
            result.stopped = True
            break
        sim = _simulate(np.random.default_rng(child), episodes, ceiling, should_stop)
        if sim is None:
            result.stopped = True
            break
        result.simulations.append(sim)
        if progress is not None:
            progress((i + 1) / simulations, f"simulation {i + 1} of {simulations}")
    return result
