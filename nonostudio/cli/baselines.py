"""``nonostudio-cli baselines train|predict|experiment``: the neural-network paper's baselines
(Buades Rubio et al., "Solving nonograms using Neural Networks") from the command line.

``train`` reruns the recipe of a shipped network (or the paper's architecture with ``--paper``)
and writes it; ``predict`` shows a network's guess for a square puzzle and how far it is from
holding the clues; ``experiment`` runs the paper's experiments on test boards given as a pair of
NonoDataset ``.npz`` files, with nonostudio's solver beside them.  Progress goes to stderr.
Training needs the optional ``baselines`` extra (scikit-learn); the rest needs only numpy.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from nonostudio.baselines.heuristic import VARIANTS
from nonostudio.baselines.network import MissingExtraError, Network
from nonostudio.baselines.recipes import RECIPES, SIZES, paper_recipe, shipped_network
from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    grid_rows,
    load_puzzle,
    positive_int_arg,
    probe_regular,
    say,
    seconds_arg,
)

NAME = "baselines"
HELP = "the neural-network paper's baselines: train, predict, run its experiments"


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``baselines`` subcommand with ``train``, ``predict`` and ``experiment``."""
    parser = subparsers.add_parser(NAME, help=HELP, description=HELP + ".")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    train = actions.add_parser(
        "train", parents=[parent], help="train a network by its recipe (needs scikit-learn)"
    )
    train.add_argument("--size", type=int, choices=SIZES, required=True, help="board size")
    train.add_argument("--out", metavar="PATH", required=True, help="the .npz file to write")
    train.add_argument("--paper", action="store_true", help="the paper's (large) architecture")
    train.add_argument("--epochs", type=positive_int_arg, default=None, help="override")
    train.add_argument(
        "--boards", type=positive_int_arg, default=None, help="make and train on this many boards"
    )
    train.add_argument("--seed", type=int, default=None, help="override the recipe's seed")
    train.add_argument(
        "--icons",
        metavar="DIR",
        default=None,
        help="make the picture boards of the PNG icons under DIR (default: the recipe's)",
    )
    train.set_defaults(run=run_train)

    predict = actions.add_parser(
        "predict", parents=[parent], help="a network's guess for a square puzzle"
    )
    predict.add_argument("puzzle", metavar="PUZZLE", help="a puzzle file or clue text")
    predict.add_argument("--model", metavar="PATH", help="a network file (default: shipped)")
    predict.add_argument("--reflections", action="store_true", help="best of the eight")
    predict.set_defaults(run=run_predict)

    experiment = actions.add_parser(
        "experiment", parents=[parent], help="the paper's experiments on test boards"
    )
    experiment.add_argument("x", metavar="X.npz", help="clue vectors (NonoDataset x_*.npz)")
    experiment.add_argument("y", metavar="Y.npz", help="the boards (NonoDataset y_*.npz)")
    experiment.add_argument("--model", metavar="PATH", help="a network file (default: shipped)")
    experiment.add_argument("--limit", type=positive_int_arg, help="only the first N boards")
    experiment.add_argument(
        "--variants",
        default=",".join(VARIANTS),
        help=f"heuristic variants, comma-separated ('' for none; default: {','.join(VARIANTS)})",
    )
    experiment.add_argument(
        "--time-limit", type=seconds_arg, default=10.0, help="per board and variant (s)"
    )
    experiment.add_argument(
        "--ga-sample", type=int, default=0, help="run the GA on this many boards (default 0)"
    )
    experiment.add_argument("--ga-time-limit", type=seconds_arg, default=60.0, help="per board")
    experiment.add_argument(
        "--no-solver", action="store_true", help="leave out nonostudio's own solver"
    )
    experiment.add_argument("--seed", type=int, default=0)
    experiment.set_defaults(run=run_experiment)


def _refuse(message: str) -> Outcome:
    say(f"nonostudio-cli: {message}")
    return Outcome({"error": message, "exit_code": int(ExitCode.BAD_INPUT)}, "", ExitCode.BAD_INPUT)


class _Progress:
    """``[percent] what`` on stderr, at most once a second, and the end always."""

    def __init__(self) -> None:
        self._last = 0.0

    def __call__(self, fraction: float, message: str) -> None:
        now = time.monotonic()
        if now - self._last >= 1.0 or fraction >= 1.0:
            self._last = now
            say(f"[{100 * fraction:3.0f} %] {message}")


def _check_npz(path: str, what: str) -> None:
    """Refuse ``path`` before it is opened as a ``.npz`` archive (``what`` it is) if it cannot be
    one: ``--model f`` for a FIFO ``f`` that no program writes to waited forever in ``open``;
    ``/dev/zero`` was read as "not a .npz file"."""
    probe_regular(path, what, "a .npz file is read by seeking")


def _network(path: str | None, n: int) -> Network:
    """The network of ``path``, or the shipped one for ``n`` x ``n``; ValueError saying why not."""
    if path is not None:
        _check_npz(path, "a network file")
        net = Network.load(path)
    else:
        shipped = shipped_network(n)
        if shipped is None and n not in SIZES:  # (train makes no other size: not offered)
            sizes = ", ".join(f"{k}x{k}" for k in SIZES)
            raise ValueError(f"no network reads {n}x{n} puzzles; the networks are {sizes}")
        if shipped is None:
            raise ValueError(
                f"no network ships for {n}x{n} puzzles; train one with "
                f"'nonostudio-cli baselines train --size {n} --out FILE' and pass --model FILE"
            )
        net = shipped
    if net.n != n:
        raise ValueError(f"the network reads {net.n}x{net.n} puzzles, this one is {n}x{n}")
    return net


def run_train(args: argparse.Namespace) -> Outcome:
    from dataclasses import replace

    from nonostudio.baselines.recipes import run_recipe

    recipe = paper_recipe(args.size) if args.paper else RECIPES[args.size]
    changes: dict[str, Any] = {}
    for name in ("epochs", "boards", "seed"):
        if getattr(args, name) is not None:
            changes[name] = getattr(args, name)
    if args.boards is not None:
        # N boards asked for are N boards made: not the first N of the recipe's larger set (a
        # shipped recipe may train on a prefix of many boards, all made first).
        changes["prefix_of"] = 0
    if args.icons is not None:
        if args.size <= 5:  # (5x5 boards are noise alone: the icons were passed over unsaid)
            return _refuse(
                "--icons: 5x5 training boards are uniform noise, made of no picture; "
                "icons make the pictures of --size 10 and 15"
            )
        changes.update(pictures="icons", icons=args.icons)
    recipe = replace(recipe, **changes)
    try:
        net = run_recipe(recipe, progress=lambda _fraction, message: say(message))
    except (MissingExtraError, ValueError) as exc:
        return _refuse(str(exc))
    out = Path(args.out)
    net.save(out)
    data = {
        "size": args.size,
        "out": str(out),
        "bytes": out.stat().st_size,
        "parameters": net.parameters,
        "recipe": net.recipe,
    }
    text = (
        f"wrote {out} ({data['bytes']:,} bytes, {net.parameters:,} parameters) in "
        f"{net.recipe['training_seconds']} s of training"
    )
    return Outcome(data, text)


def run_predict(args: argparse.Namespace) -> Outcome:
    puzzle = load_puzzle(args.puzzle)
    if puzzle.width != puzzle.height:
        return _refuse(
            f"the networks read square puzzles; this one is {puzzle.width}x{puzzle.height}"
        )
    try:
        net = _network(args.model, puzzle.width)
    except ValueError as exc:
        return _refuse(str(exc))
    guess = net.guess(puzzle.rows, puzzle.cols, reflections=args.reflections)
    rows = grid_rows(guess.board.astype("int8"))
    data = {
        "solves": guess.solves,
        "wrong_lines": guess.wrong_lines,
        "reflection": guess.reflection.name,
        "board": rows,
    }
    verdict = "holds every clue" if guess.solves else f"{guess.wrong_lines} lines break their clue"
    text = "\n".join([*(rows or []), f"network guess ({guess.reflection.name}): {verdict}"])
    return Outcome(data, text, ExitCode.OK if guess.solves else ExitCode.NOT_UNIQUE)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:6.2f} %"


def run_experiment(args: argparse.Namespace) -> Outcome:
    from nonostudio.baselines import experiment
    from nonostudio.baselines.nonodataset import read_test_boards

    for path in (args.x, args.y):
        _check_npz(path, "a NonoDataset .npz file")
    test = read_test_boards(args.x, args.y).head(args.limit)
    variants = [v for v in args.variants.split(",") if v]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        return _refuse(f"unknown variant {unknown[0]!r}; known: {', '.join(VARIANTS)}")
    try:
        net = _network(args.model, test.n)
    except ValueError as exc:
        return _refuse(str(exc))
    progress = _Progress()
    say(f"{len(test.puzzles)} boards of {test.n}x{test.n} from {test.source}")
    data: dict[str, Any] = {"boards": len(test.puzzles), "n": test.n, "model": net.recipe}
    data["prediction"] = [experiment.prediction(net, test, r) for r in (False, True)]
    if variants:
        data["heuristics"] = experiment.heuristics(
            test, net, variants, time_limit=args.time_limit, seed=args.seed, progress=progress
        )
    if args.ga_sample > 0:
        data["genetic"] = experiment.genetic(
            test,
            net,
            sample=args.ga_sample,
            time_limit=args.ga_time_limit,
            seed=args.seed,
            progress=progress,
        )
    if not args.no_solver:
        data["nonostudio"] = experiment.our_solver(
            test, time_limit=args.time_limit, progress=progress
        )
    data["paper"] = {
        "exact_percent": experiment.PAPER_EXACT.get(test.n),
        "exact_reflected_percent": experiment.PAPER_EXACT_REFLECTED.get(test.n),
        "median_seconds": experiment.PAPER_MEDIAN_SECONDS_10 if test.n == 10 else None,
    }
    return Outcome(data, experiment_text(data))


def experiment_text(data: dict[str, Any]) -> str:
    """The experiment's figures as a few tables, the paper's beside ours."""
    paper = data["paper"]
    plain, reflected = data["prediction"]
    lines = [
        f"{data['boards']} boards of {data['n']}x{data['n']}",
        "network guesses holding every clue:",
        f"  without reflections {_percent(plain['solves_percent'])}"
        f"   paper {_percent(paper['exact_percent'])}",
        f"  with reflections    {_percent(reflected['solves_percent'])}"
        f"   paper {_percent(paper['exact_reflected_percent'])}",
        f"  Weibull scale {plain['weibull_scale'] or 0:.3f}, "
        f"shape {plain['weibull_shape'] or 0:.3f} "
        f"(mean wrong cells {plain['mean_wrong_cells']:.2f})",
    ]
    heur = data.get("heuristics")
    if heur:
        lines.append(
            f"heuristic variants (time limit {heur['time_limit']} s): solved, time median / p90 / "
            "max (s), iterations median, paper median"
        )
        medians = paper["median_seconds"] or {}
        for v, row in heur["variants"].items():
            s = row["seconds"]
            pm = medians.get(v)
            lines.append(
                f"  {v:8} {row['solved_percent']:6.2f} %  {s['median']:.4f} / "
                f"{s['percentiles']['0.9']:.4f} / {s['percentiles']['1.0']:.4f}  "
                f"{row['iterations']['median']:5.1f}   {'-' if pm is None else f'{pm:.4f}'}"
            )
        for t in heur["wilcoxon"]:
            lines.append(
                f"  Wilcoxon {t['first']} vs {t['second']}: W={t['W']:.0f} p={t['p_value']:.3g}"
                f" (faster: {t['first'] if t['smaller'] == 'first' else t['second']})"
            )
    ga = data.get("genetic")
    if ga:
        lines.append(
            f"GA on {ga['boards']} boards the network misses (population {ga['population']}, "
            f"{ga['iterations']} iterations, {ga['time_limit']} s each): solved "
            f"{ga['solved_percent']:.2f} % (paper 15 %)"
        )
    ours = data.get("nonostudio")
    if ours:
        s = ours["seconds"]
        lines.append(
            f"nonostudio's solver: solution found {ours['solved_percent']:.2f} %, time median "
            f"{s['median']:.4f} s, p90 {s['percentiles']['0.9']:.4f} s, max "
            f"{s['percentiles']['1.0']:.4f} s"
        )
    return "\n".join(lines)
