"""The neural-network baselines (Buades Rubio et al., "Solving nonograms using Neural Networks")
on the paper's own published test boards (NonoDataset, read from the anchor data, never copied),
beside the paper's figures and nonostudio's complete solver on the same boards.

Run by hand: ``python tests/benchmarks/bench_baselines.py [--boards N] [--heuristic-boards N]
[--ga-boards N] [--time-limit S] [--models DIR] [--size-curve N,N] [--in-distribution N]
[--learning-curve K,K] [--curve-short K --curve-short-epochs E] [--curve-paper K
--curve-paper-epochs E] [--curve-boards N] [--leak-experiment [SEED]]``.

* Networks: the shipped ones (or ``--models DIR`` holding ``mlp-NxN.npz``; one missing is
  trained by its recipe, which needs scikit-learn), their recipe, training time, size on disk.
* Exact guesses with and without reflections on the 10x10 test boards (paper 27.25 % / 39.26 %),
  the 15x15 "backtracking" boards (paper 5.87 % on its 15x15 test set, not published) and fresh
  uniform 5x5 boards (paper 77.06 % over all 2**25 boards); the Weibull fit beside the paper's;
  and, to measure why ours differ, the same networks on held-out boards of their own training
  mix and of their pictures alone; the share of boards with one solution (about the most a
  cell-by-cell guess can get) and the rate on them; with ``--in-distribution N``, 10x10
  networks trained on 80 % of NonoDataset's test boards (split by board and by sibling group)
  and tested on the other 20 %, beside the recipe's own (measurements, never shipped).
* With ``--learning-curve 8,4,2``: the learning curve, 10x10 networks by the shipped recipe on
  1/K of 361,094 boards (the paper's training count; ``--curve-short 1`` adds all of them for
  fewer epochs, ``--curve-paper K`` the paper's architecture), on a fixed sample of the test
  boards with and without reflections; exact boards against per-cell accuracy over every
  checkpoint, the paper's per-cell accuracy as its Weibull fit implies it, the output threshold,
  and NonoDataset's input vectors against our encoding.
* With ``--leak-experiment`` (seed 48 unless given): the paper's leak measured, the shipped
  10x10 recipe trained again with the share of test boards (exact copies and complements) the
  paper's random split put in its training set mixed into its boards, and a control with as
  many of its own other boards in their place; each network's rate on the copied test boards,
  those whose complement it saw, and the rest, and the whole rate as share x rate over them.
* The heuristic variants on the first ``--heuristic-boards`` 10x10 test boards: solved share,
  time percentiles, iterations, the Wilcoxon pairs of the paper's Table 6.
* The GA (population 1000, 100 iterations) on ``--ga-boards`` boards the network misses.
* nonostudio's solver on the same boards: solved share, time, and its speed beside the best
  baseline's.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import PUZZLES, require_anchors  # noqa: E402

from nonostudio.baselines import experiment  # noqa: E402
from nonostudio.baselines.boards import training_boards  # noqa: E402
from nonostudio.baselines.encoding import decode_clues  # noqa: E402
from nonostudio.baselines.heuristic import VARIANTS  # noqa: E402
from nonostudio.baselines.network import Network, best_guess  # noqa: E402
from nonostudio.baselines.nonodataset import BoardSet, read_test_boards  # noqa: E402
from nonostudio.baselines.pictures import icon_pictures  # noqa: E402
from nonostudio.baselines.recipes import RECIPES, Recipe, run_recipe, shipped_path  # noqa: E402

NONODATASET = PUZZLES / "nonodataset"


def _took(net: Network) -> str:
    """The training's wall time, and its CPU time when the network recorded it (on the shared
    machine the wall time mostly measures the others' load)."""
    cpu = net.recipe.get("training_cpu_seconds")
    wall = f"{net.recipe.get('training_seconds')} s"
    return wall if cpu is None else f"{wall}, {cpu} s of CPU"


def _load(models: Path | None, n: int) -> tuple[Network, Path]:
    """The network in ``models`` or the shipped one; trained by its recipe when there is none
    (15x15 ships none), into ``models`` or the temporary folder."""
    path = models / f"mlp-{n}x{n}.npz" if models else shipped_path(n)
    if not path.is_file() and models is None:
        path = Path(tempfile.gettempdir()) / "nonostudio-baselines" / f"mlp-{n}x{n}.npz"
    if not path.is_file():
        print(f"training the {n}x{n} network by its recipe into {path}", file=sys.stderr)
        path.parent.mkdir(parents=True, exist_ok=True)
        run_recipe(RECIPES[n], progress=lambda _f, m: print(m, file=sys.stderr)).save(path)
    return Network.load(path), path


@functools.cache
def _icons(folder: str) -> list[np.ndarray]:
    return icon_pictures(folder)


def _mix(
    net: Network, count: int, seed: int, pictures_only: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` boards of the network's own training mix (its pictures and their share), or of
    its pictures alone (as the paper's 10x10 and 15x15 test sets were)."""
    r = net.recipe
    pictures = _icons(r["icons"]) if r.get("pictures") == "icons" else None
    share = 1.0 if pictures_only else r.get("picture_share", 0.2)
    return training_boards(net.n, count, seed, share, pictures)


def _fresh(net: Network, count: int, seed: int, pictures_only: bool = False) -> BoardSet:
    inputs, boards = _mix(net, count, seed, pictures_only)
    return BoardSet(net.n, [decode_clues(v, net.n) for v in inputs], boards, f"fresh seed {seed}")


_TRAINED_ON: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def _trained_on(net: Network) -> tuple[np.ndarray, np.ndarray]:
    """The boards ``net`` was trained on, remade by its recipe's seed: ``(inputs, boards)``
    (made once per network: 722,188 boards take about two minutes)."""
    if id(net) not in _TRAINED_ON:
        # a network of the learning curve trained on the first ``boards`` of ``prefix_of`` made
        made = int(net.recipe.get("prefix_of") or net.recipe["boards"])
        inputs, boards = _mix(net, made, int(net.recipe["seed"]))
        count = int(net.recipe["boards"])
        _TRAINED_ON[id(net)] = inputs[:count], boards[:count]
    return _TRAINED_ON[id(net)]


def _seen(net: Network, count: int) -> BoardSet:
    """The first ``count`` boards the network was trained on (the paper's 5x5 rate was measured
    on its own training set; for 10x10 the paper's training set held copies of some test
    boards)."""
    inputs, boards = (part[:count] for part in _trained_on(net))
    return BoardSet(net.n, [decode_clues(v, net.n) for v in inputs], boards, "seen in training")


def _copies_split(net: Network, held: BoardSet) -> None:
    """How many of ``held`` (boards made by another seed) are exact copies of a training board,
    and the rate on those and on the rest: held-out pictures repeat an icon's crop and threshold
    often, as the paper's 80/20 split of its picture boards did (12.6 % copies, 46 % complements
    there, ``profile.leak_estimate``)."""
    keys = {b.tobytes() for b in _trained_on(net)[1]}
    copy = np.array([b.tobytes() in keys for b in held.boards])
    rates = []
    for refl in (False, True):
        solved = np.array([g.solves for g in best_guess(net, held.puzzles, refl)])
        rates.append(
            tuple(
                100.0 * float(solved[part].mean()) if part.any() else 0.0 for part in (copy, ~copy)
            )
        )
    print(
        f"    of which exact copies of a training board: {int(copy.sum())} "
        f"({100 * float(copy.mean()):.1f} %), rate {rates[0][0]:.2f} % / {rates[1][0]:.2f} %; "
        f"the other {int((~copy).sum())}: {rates[0][1]:.2f} % / {rates[1][1]:.2f} %"
    )


def _prediction_rows(name: str, net: Network, test: BoardSet, paper: str) -> None:
    plain = experiment.prediction(net, test, False)
    refl = experiment.prediction(net, test, True)
    print(
        f"  {name:34} {len(test.puzzles):6}  {plain['solves_percent']:6.2f} %  "
        f"{refl['solves_percent']:6.2f} %   Weibull a={plain['weibull_scale'] or 0:7.3f} "
        f"b={plain['weibull_shape'] or 0:5.3f}  wrong cells {plain['mean_wrong_cells']:5.2f}   "
        f"{paper}"
    )


def _ceiling(rows: list[tuple[str, Network, BoardSet]]) -> None:
    """The share of boards whose clues have one solution (a network guessing each cell on its
    own can hardly do better: where two solutions differ it must pick cells of both), and the
    network's rate on those and on the others."""
    from nonostudio.baselines import profile

    print("\nunique boards (nonostudio's solver) and the rate on them: plain / reflections")
    for name, net, test in rows:
        plain = profile.rate_by_uniqueness(net, test, False)
        refl = profile.rate_by_uniqueness(net, test, True)
        print(
            f"  {name:26} {plain['boards']:5} boards, {plain['unique_percent']:5.2f} % unique "
            f"({plain['undecided']} undecided); rate on unique {plain['rate_unique_percent']:5.2f}"
            f" % / {refl['rate_unique_percent']:5.2f} %, on several-solution "
            f"{plain['rate_several_percent']:5.2f} % / {refl['rate_several_percent']:5.2f} %"
        )


def _why(ten: BoardSet, boards: int, net: Network) -> None:
    """Measure why our rate differs: what the test boards are made of beside our training mix,
    how many of them the paper's own random 80/20 split of its picture boards left (as a copy
    or the complement) in its training set (over the whole test set: the within-test share
    grows with the set), and our rate by board density on the first ``boards``."""
    from nonostudio.baselines import profile

    _, ours = _mix(net, 5000, RECIPES[10].seed + 1000)
    print("\nwhy the rates differ (10x10):")
    print("  quantiles 10/25/50/75/90 %        density                        blocks per board")
    for name, some in (("NonoDataset test", ten.boards), ("our training mix", ours)):
        p = profile.density_profile(some)
        print(
            f"  {name:20} {' '.join(f'{v:5.2f}' for v in p['density'])}   "
            f"{' '.join(f'{v:5.1f}' for v in p['blocks'])}   empty or full {p['empty_or_full']}"
        )
    s = profile.siblings(ten.boards)
    leak = profile.leak_estimate(0.2, ten.boards)
    print(
        f"  test boards: {s['boards']}, distinct {s['distinct']}; with an exact copy in the test "
        f"set {leak['copy_in_test_percent']:.2f} %, with their complement "
        f"{leak['complement_in_test_percent']:.2f} %"
    )
    print(
        "  the paper split its picture boards 80/20 at random, so expected in ITS training set: "
        f"an exact copy of {leak['copy_in_training_percent']:.1f} % of the test boards, the "
        f"complement of {leak['complement_in_training_percent']:.1f} % (the same picture, Otsu "
        "and inverted Otsu); a network trained on boards made elsewhere has neither"
    )
    for refl in (False, True):
        bands = profile.rate_by_density(net, ten.head(boards), refl)
        print(
            f"  our rate by density{' (reflections)' if refl else '              '}: "
            + "   ".join(
                f"[{b['from']:.1f},{b['to']:.1f}) {b['solved_percent']:5.2f} % of {b['boards']}"
                for b in bands
            )
        )


def _size_curve(ten: BoardSet, net: Network, counts: list[int]) -> None:
    """Rate against training-set size: networks trained by the shipped 10x10 network's recipe on
    fewer (or more) boards, kept in the temporary folder so a rerun reuses them."""
    base = _recipe_of(net)
    print("\nrate against training-set size (10x10, the shipped recipe otherwise):")
    rows = [(int(net.recipe["boards"]), net)]
    for count in counts:
        path = Path(tempfile.gettempdir()) / "nonostudio-baselines" / f"curve-10x10-{count}.npz"
        if path.is_file() and Network.load(path).recipe.get("icon_digest") == net.recipe.get(
            "icon_digest"
        ):
            rows.append((count, Network.load(path)))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        trained = run_recipe(replace(base, boards=count))
        trained.save(path)
        rows.append((count, trained))
    for count, n in sorted(rows, key=lambda r: r[0]):
        plain = experiment.prediction(n, ten, False)["solves_percent"]
        refl = experiment.prediction(n, ten, True)["solves_percent"]
        print(
            f"  {count:7} boards: {plain:6.2f} % / {refl:6.2f} % with reflections "
            f"(trained in {_took(n)})"
        )
    print("  paper: 361,094 boards, 27.25 % / 39.26 %")


PAPER_BOARDS_10 = 361_094  # the paper's 10x10 training set: 61,094 picture boards + 300,000
CACHE = Path(tempfile.gettempdir()) / "nonostudio-baselines"
PAPER_HIDDEN_10 = (2048, 1024, 1024, 1024, 512)
CurvePlan = tuple[tuple[int, ...], float, int, list[int]]  # hidden, rate, epochs, board counts


def _curve_path(hidden: tuple[int, ...], count: int, epoch: int | None = None) -> Path:
    shape = "-".join(map(str, hidden))
    return CACHE / f"lc-10x10-{shape}-{count}{'' if epoch is None else f'-e{epoch}'}.npz"


def _curve_networks(
    base: Recipe, plan: list[CurvePlan]
) -> dict[tuple[tuple[int, ...], int], Network]:
    """The learning curve's networks: for each (architecture, learning rate, epochs, board
    counts) of ``plan``, one trained by ``base`` on the first ``count`` of its boards, and its
    checkpoint after each epoch (the same network as training for that many epochs); kept in
    the temporary folder (a rerun reuses them, trains what is missing, making the boards once).
    """
    from nonostudio.baselines.curve import prefix_networks
    from nonostudio.baselines.pictures import pictures_digest

    digest = pictures_digest(_icons(base.icons)) if base.pictures == "icons" else None
    out: dict[tuple[tuple[int, ...], int], Network] = {}
    data = None
    for hidden, rate, epochs, counts in plan:
        missing = []
        for count in counts:
            path = _curve_path(hidden, count)
            kept = Network.load(path) if path.is_file() else None
            if (
                kept is not None
                and kept.recipe.get("icon_digest") == digest
                and kept.recipe.get("epochs") == epochs
            ):
                out[hidden, count] = kept
            else:
                missing.append(count)
        if not missing:
            continue
        if data is None:
            from nonostudio.baselines.recipes import recipe_boards

            started = time.process_time()
            data = recipe_boards(base, lambda _f, m: print(m, file=sys.stderr))
            print(f"boards made in {time.process_time() - started:.0f} s CPU", file=sys.stderr)
        CACHE.mkdir(parents=True, exist_ok=True)

        def checkpoint(count: int, net: Network, hidden: tuple[int, ...] = hidden) -> None:
            net.save(_curve_path(hidden, count, int(net.recipe["epochs"])))

        def done(count: int, net: Network, hidden: tuple[int, ...] = hidden) -> None:
            checkpoint(count, net, hidden)
            net.save(_curve_path(hidden, count))
            out[hidden, count] = net
            print(f"trained {hidden} on {count} boards: {_took(net)}", file=sys.stderr)

        prefix_networks(
            replace(base, epochs=epochs),
            missing,
            hidden=hidden,
            learning_rate=rate,
            progress=lambda _f, m: print(m, file=sys.stderr, flush=True),
            done=done,
            checkpoint=checkpoint,
            data=data,
        )
    return out


def _encoding_check(ten: BoardSet) -> None:
    """Whether NonoDataset's own input vectors (the paper's encoding) are ours of the boards."""
    from nonostudio.baselines.boards import encode_boards

    with np.load(NONODATASET / "10x10/x_test_dataset.npz") as data:
        theirs = np.asarray(data["arr_0"])
    ours = encode_boards(ten.boards)
    same = int((theirs.astype(np.int64) == ours.astype(np.int64)).all(axis=1).sum())
    print(
        f"  input encoding: NonoDataset's vectors equal ours (clues padded with leading zeros) "
        f"for {same} of {len(ours)} test boards; values {int(theirs.min())}..{int(theirs.max())}"
        ", not scaled"
    )


def _learning_curve(ten: BoardSet, net: Network, plan: list[CurvePlan], sample: int) -> None:
    """Measure what the training's size gives: networks trained by the shipped 10x10 recipe on
    the first ``count`` of its boards made 361,094 at once (the paper's training count), with
    each (architecture, learning rate, epochs, counts) of ``plan``, on a fixed seeded sample of
    the test boards, also compared at equal epochs through the checkpoints; then the per-cell
    accuracy of every network and checkpoint beside its exact-board rate, the paper's as its
    Weibull fit implies it, and the rate at other output thresholds."""
    from nonostudio.baselines import curve

    base = replace(RECIPES[10], boards=PAPER_BOARDS_10, prefix_of=0)
    n_all = PAPER_BOARDS_10
    ours_shape = tuple(RECIPES[10].hidden)
    nets = _curve_networks(base, plan)
    pick = np.sort(np.random.default_rng(48).choice(len(ten.puzzles), sample, replace=False))
    test = BoardSet(10, [ten.puzzles[i] for i in pick], ten.boards[pick], "curve sample")
    print(
        f"\nlearning curve (10x10; the shipped recipe: {int(base.picture_share * 100)} % icon "
        f"boards, the rest random, batch {base.batch_size}, seed {base.seed}; {n_all:,} boards "
        f"made, each network trained on the first N; on {sample} NonoDataset test boards drawn "
        "with seed 48; rows marked * are a longer run's checkpoint, the same network as training "
        "for that many epochs):"
    )
    print(
        "  hidden                     lr       boards epochs  cells right  same board  holds clues"
        "  with reflections  training CPU"
    )
    rows: list[tuple[tuple[int, ...], int, int, Network, bool]] = []
    for (hidden, count), n in nets.items():
        rows.append((hidden, count, int(n.recipe["epochs"]), n, False))
    # ours at equal epochs: each size at the shortest run's epochs, and at the other
    # architecture's epochs on its board counts
    shortest = min((e for h, _, e, _, _ in rows if h == ours_shape), default=0)
    wanted = {(c, shortest) for h, c, _, _, _ in rows if h == ours_shape}
    wanted |= {(c, e) for h, c, e, _, _ in rows if h != ours_shape}
    for count, epochs in sorted(wanted):
        path = _curve_path(ours_shape, count, epochs)
        final = nets.get((ours_shape, count))
        if final is not None and int(final.recipe["epochs"]) > epochs and path.is_file():
            rows.append((ours_shape, count, epochs, Network.load(path), True))
    groups: dict[tuple[tuple[int, ...], int], list[tuple[int, float, float]]] = {}
    for hidden, count, epochs, n, checkpoint in sorted(
        rows, key=lambda r: (len(r[0]), -r[2], r[1])
    ):
        row = curve.cell_accuracy(n, test)["thresholds"][0]
        plain, refl = curve.rates(n, test)
        cpu = "" if checkpoint else f"{n.recipe.get('training_cpu_seconds')} s"
        print(
            f"  {'-'.join(map(str, hidden)):26} {n.recipe['learning_rate']:<7g} {count:7} "
            f"{epochs:4}{'*' if checkpoint else ' '}  {row['cell_percent']:8.2f} %  "
            f"{row['same_board_percent']:7.2f} %  {plain:8.2f} %  {refl:9.2f} %        {cpu}"
        )
        groups.setdefault((hidden, epochs), []).append((count, plain, refl))
    for (hidden, epochs), points in groups.items():
        if len(points) < 2:
            continue
        x = np.log2([p[0] for p in points])
        for i, name in ((1, "plain"), (2, "reflections")):
            slope, icept = np.polyfit(x, [p[i] for p in points], 1)
            target = experiment.PAPER_EXACT[10] if i == 1 else experiment.PAPER_EXACT_REFLECTED[10]
            need = 2 ** ((target - icept) / slope) if slope > 0 else float("inf")
            print(
                f"  {'-'.join(map(str, hidden))}, {epochs} epochs, {name:11}: {slope:+.2f} points "
                f"per doubling of the boards (least squares over {len(points)} sizes); at that "
                f"pace {target} % would need about {need:.2g} boards ({need / n_all:.2g} times "
                "the paper's count), an extrapolation"
            )
    print("  paper: 361,094 boards, 2048-1024-1024-1024-512 with 5 % dropout, 27.25 % / 39.26 %")

    print(
        "\nexact boards against per-cell accuracy (every curve network and its checkpoint after "
        "each epoch, plain guesses, the same sample): the very board needs all 100 cells right"
    )
    print("  hidden                      boards epoch  cells right  same board  q**100")
    pairs: list[tuple[float, float]] = []
    for (hidden, count), _ in sorted(nets.items(), key=lambda kv: (len(kv[0][0]), kv[0][1])):
        for epoch in range(1, base.epochs + 1):
            path = _curve_path(hidden, count, epoch)
            if not path.is_file():
                continue
            wrong = curve.cell_accuracy(Network.load(path), test)["wrong_cells"]
            e = curve.exact_from_cells(wrong, 100)
            pairs.append((e["cell_percent"], e["exact_percent"]))
            print(
                f"  {'-'.join(map(str, hidden)):26} {count:7} {epoch:5}  {e['cell_percent']:8.2f} %"
                f"  {e['exact_percent']:7.2f} %  {e['independent_percent']:.1e} %"
            )
    fit = [(c, math.log(x)) for c, x in pairs if x > 0]
    if len(fit) >= 3:
        slope, icept = np.polyfit([c for c, _ in fit], [y for _, y in fit], 1)
        need = (math.log(experiment.PAPER_EXACT[10]) - icept) / slope
        print(
            f"  least squares over these {len(fit)} points: the same-board rate grows "
            f"{math.exp(slope):.2f}x per point of cells right; at that pace 27.25 % needs about "
            f"{need:.2f} % of cells right (an extrapolation)"
        )
    alpha, beta = experiment.PAPER_WEIBULL[10]
    w = curve.paper_weibull_mean(alpha, beta, 100)
    print(
        f"  paper (its Weibull fit a={alpha} b={beta}): P(0 wrong) {w['exact_percent']:.2f} %, "
        f"mean wrong cells {w['mean_wrong_cells']:.2f}, so about {w['cell_percent']:.2f} % of "
        "cells right; it reports 27.25 % exact"
    )
    for name, n in (("shipped network", net), ("curve, all boards", nets.get((ours_shape, n_all)))):
        if n is None:
            continue
        wrong = np.array(curve.cell_accuracy(n, test)["wrong_cells"])
        e = curve.exact_from_cells(wrong, 100)
        print(
            f"  {name}: {e['cell_percent']:.2f} % of cells right, mean wrong cells "
            f"{e['mean_wrong_cells']:.2f}; boards with 0 / <=1 / <=2 / <=5 wrong cells: "
            + " / ".join(f"{100 * float((wrong <= k).mean()):.2f} %" for k in (0, 1, 2, 5))
        )

    print("\nthe output threshold (plain guesses; the paper's sigmoid is read at 0.5):")
    biggest = max(nets.items(), key=lambda kv: (kv[0][1], -len(kv[0][0])))
    for name, n in (("shipped", net), (f"curve {biggest[0][1]} boards", biggest[1])):
        rows = curve.cell_accuracy(n, test, (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7))["thresholds"]
        print(
            f"  {name:20} "
            + "  ".join(
                f"{r['threshold']:.2f}: {r['solves_percent']:5.2f} % ({r['cell_percent']:.2f})"
                for r in rows
            )
        )
    _encoding_check(ten)


def _recipe_of(net: Network, **changes: Any) -> Recipe:
    names = {f.name for f in fields(Recipe)}
    base = Recipe(**{k: v for k, v in net.recipe.items() if k in names})
    return replace(base, hidden=tuple(base.hidden), prefix_of=0, **changes)


def _cached(name: str, make: Callable[[], Network]) -> Network:
    """A network kept in the temporary folder under ``name`` (a rerun reuses it)."""
    path = Path(tempfile.gettempdir()) / "nonostudio-baselines" / name
    if path.is_file():
        return Network.load(path)
    print(f"training {name} (kept in {path.parent})", file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    net = make()
    net.save(path)
    return net


def _split_part(ten: BoardSet, by_sibling: bool) -> tuple[BoardSet, np.ndarray, int]:
    """The held-out 20 % of an 80/20 split of the test boards, the other 80 % (boards), and how
    many held-out boards have a copy or their complement in that 80 %."""
    from nonostudio.baselines import profile

    train_idx, test_idx = profile.split(ten.boards, 0.2, seed=48, by_sibling=by_sibling)
    kind = "sibling" if by_sibling else "board"
    held = BoardSet(10, [ten.puzzles[i] for i in test_idx], ten.boards[test_idx], kind)
    ours = ten.boards[train_idx]
    keys = {b.tobytes() for b in ours}
    crossing = sum(b.tobytes() in keys or (1 - b).tobytes() in keys for b in held.boards)
    return held, ours, crossing


def _indist_network(net: Network, count: int, ours: np.ndarray, kind: str) -> Network:
    """A network trained by ``net``'s recipe on ``count`` boards: the NonoDataset boards
    ``ours`` in place of the icon boards, the rest random boards of the recipe (kept in the
    temporary folder: a measurement, not ours to ship)."""
    from nonostudio.baselines.boards import encode_boards
    from nonostudio.baselines.network import train

    recipe = _recipe_of(net, boards=count)

    def make() -> Network:
        _, random_boards = training_boards(10, count - len(ours), recipe.seed, 0.0)
        boards = np.concatenate([ours, random_boards])
        boards = boards[np.random.default_rng(recipe.seed).permutation(len(boards))]
        made = dict(net.recipe, boards=count, pictures="NonoDataset test boards")
        return train(
            encode_boards(boards),
            boards,
            10,
            hidden=recipe.hidden,
            learning_rate=recipe.learning_rate,
            epochs=recipe.epochs,
            seed=recipe.seed,
            batch_size=recipe.batch_size,
            alpha=recipe.alpha,
            recipe=made,
        )

    return _cached(f"indist-10x10-{kind}-{count}.npz", make)


def _in_distribution(ten: BoardSet, net: Network, count: int) -> None:
    """Measure what training on the test boards' own distribution gives: networks trained by the
    shipped recipe (architecture, epochs, seed, ``count`` boards) whose picture boards are
    NonoDataset test boards (the 80 % of a split) instead of our icon boards, tested on the other
    20 %.  Split board by board, as the paper split its picture boards (a test board's copy or
    complement may be in the training part), and split by sibling group (none is).  Beside
    them the recipe's own network of the same size on the same 20 %.  These networks are
    measurements only, kept in the temporary folder: the NonoDataset boards are not ours to
    ship."""
    recipe = _recipe_of(net, boards=count)
    own = _cached(f"curve-10x10-{count}.npz", lambda: run_recipe(recipe))
    print(
        f"\nin-distribution training (10x10; {count} boards, {list(recipe.hidden)}, "
        f"{recipe.epochs} epochs, seed {recipe.seed}; tested on a held-out 20 % of the "
        "NonoDataset test boards):"
    )
    for by_sibling in (False, True):
        kind = "sibling" if by_sibling else "board"
        held, ours, crossing = _split_part(ten, by_sibling)
        indist = _indist_network(net, count, ours, kind)
        print(
            f"  split by {kind:7}: {len(ours)} NonoDataset boards + {count - len(ours)} random "
            f"in training; {len(held.puzzles)} tested, {crossing} of them with a copy or their "
            "complement in the training part"
        )
        for name, n in (("our recipe (icons)", own), ("NonoDataset pictures", indist)):
            plain = experiment.prediction(n, held, False)["solves_percent"]
            refl = experiment.prediction(n, held, True)["solves_percent"]
            print(
                f"    {name:22} {plain:6.2f} % / {refl:6.2f} % with reflections "
                f"(trained in {_took(n)})"
            )
    print("  paper: 27.25 % / 39.26 % (361,094 boards, 2048-1024-1024-1024-512, split by board)")


#: The 10x10 recipe shipped when the leak was measured (docs/design/baselines.md): its 12 epochs on
#: the first 180,547 of 361,094 boards leave the rest as the control's spare boards.
LEAK_RECIPE = replace(RECIPES[10], boards=180_547, epochs=12, prefix_of=361_094)


def _leak_experiment(ten: BoardSet, seed: int) -> None:
    """Measure the paper's leak instead of inferring it: :data:`LEAK_RECIPE` (the 10x10 recipe
    shipped when the leak was measured: architecture, epochs, seed, 180,547 boards) trained
    again with test boards in place of some of its own, an exact copy of as many test boards and
    the complement of as many as the paper's random 80/20 split put in its training set
    (``profile.leak_estimate``), and, the control, the same training with as many of the
    recipe's other boards (none a test board or its complement) in the same places; the base is
    the recipe on its own boards.  Each network's rate on the test boards it has a copy of,
    those it has the complement of, and the rest, with and without reflections; and the whole
    rate as the sum of share x rate over them, beside the paper's.  The networks are
    measurements, kept in the temporary folder, never shipped (NonoDataset is not ours to
    ship)."""
    from nonostudio.baselines import leak, profile
    from nonostudio.baselines.boards import encode_boards
    from nonostudio.baselines.recipes import recipe_boards, train_on

    recipe = LEAK_RECIPE
    estimate = profile.leak_estimate(0.2, ten.boards)
    picked = leak.leak_boards(
        ten.boards,
        estimate["copy_in_training_percent"],
        estimate["complement_in_training_percent"],
        seed,
    )
    leaked = picked.boards
    count = len(leaked)
    print(
        f"\nthe leak, measured (10x10; the recipe {list(recipe.hidden)}, {recipe.epochs} "
        f"epochs, seed {recipe.seed}, the first {recipe.boards:,} of {recipe.prefix_of:,} boards; "
        f"leak drawn with seed {seed}): the paper's split implies an exact copy of "
        f"{estimate['copy_in_training_percent']:.2f} % and the complement of "
        f"{estimate['complement_in_training_percent']:.2f} % of the {len(ten.boards)} test "
        f"boards in its training set; {len(picked.copies)} distinct test boards and "
        f"{len(picked.complements)} complements put in place of {count} of the recipe's boards "
        f"({100 * count / recipe.boards:.2f} % of them; in the paper's 361,094 they were "
        f"{100 * count / PAPER_BOARDS_10:.2f} %)"
    )
    cache = {
        "leak": f"leak-10x10-copies{len(picked.copies)}-complements{len(picked.complements)}"
        f"-seed{seed}.npz",
        "control": f"leak-10x10-control{count}-seed{seed}.npz",
    }
    data: dict[str, np.ndarray] = {}
    made_by: dict[str, Any] = {}  # the recipe's record, as a network trained by it keeps it

    def training(kind: str) -> np.ndarray:
        """The boards ``kind`` trains on (made once: all 361,094 of the recipe's seed)."""
        if not data:
            started = time.process_time()
            _, made, record = recipe_boards(
                replace(recipe, boards=recipe.prefix_of),
                lambda _f, m: print(m, file=sys.stderr),
            )
            made_by.update(record, boards=recipe.boards, prefix_of=recipe.prefix_of)
            print(
                f"  boards made in {time.process_time() - started:.0f} s CPU (icons: "
                f"{record.get('icon_count')}, digest {record.get('icon_digest')})"
            )
            test_keys = {b.tobytes() for b in ten.boards}
            spare = [
                b
                for b in made[recipe.boards :]
                if b.tobytes() not in test_keys and (1 - b).tobytes() not in test_keys
            ]
            data["base"] = made[: recipe.boards]
            data["leak"], slots = leak.mix_in(data["base"], leaked, seed)
            data["control"], same_slots = leak.mix_in(data["base"], np.stack(spare[:count]), seed)
            assert (slots == same_slots).all()
        return data[kind]

    def trained(kind: str) -> Callable[[], Network]:
        def make() -> Network:
            boards = training(kind)
            made = dict(made_by, leak_experiment=kind, leak_seed=seed, leaked=count)
            return train_on(
                recipe,
                encode_boards(boards),
                boards,
                made,
                lambda _f, m: print(m, file=sys.stderr, flush=True),
            )

        return make

    nets = {
        # the recipe on its own boards (the network shipped when the leak was measured)
        "base": _cached(f"leak-10x10-base-seed{seed}.npz", trained("base")),
        "leak": _cached(cache["leak"], trained("leak")),
        "control": _cached(cache["control"], trained("control")),
    }
    # the parts are the leak network's: every network is measured on the same boards
    parts = leak.seen_in_training(ten.boards, training("leak"))["part"]
    split: dict[str, dict[bool, dict[str, Any]]] = {}
    solved: dict[str, dict[bool, np.ndarray]] = {}
    copied: dict[str, np.ndarray] = {}
    for kind, n in nets.items():
        own = leak.seen_in_training(ten.boards, training(kind))
        copied[kind] = own["copy"]
        solved[kind] = {
            refl: np.array([g.solves for g in best_guess(n, ten.puzzles, refl)])
            for refl in (False, True)
        }
        split[kind] = {refl: leak.decompose(parts, solved[kind][refl]) for refl in (False, True)}
        print(
            f"  {kind:8} its training set holds an exact copy of {int(own['copy'].sum())} test "
            f"boards and the complement of {int(own['complement'].sum())} (trained in {_took(n)})"
        )
    print(
        "  exact boards, plain / with reflections, on the test boards split by the leak "
        "network's training set:"
    )
    print(
        "  part of the test boards        boards   share   base             leak            "
        "control          leak - control"
    )
    rows = {
        "copy": parts == "copy",
        "  leaked (not the control's)": (parts == "copy") & ~copied["control"],
        "  the control's copies too": (parts == "copy") & copied["control"],
        "complement only": parts == "complement only",
        "neither": parts == "neither",
        "not copied": parts != "copy",
    }
    for name, inside in rows.items():
        rate = {
            (k, r): 100.0 * float(solved[k][r][inside].mean()) if inside.any() else 0.0
            for k in nets
            for r in (False, True)
        }
        cells = "  ".join(" / ".join(f"{rate[k, r]:6.2f}" for r in (False, True)) for k in nets)
        gain = [rate["leak", r] - rate["control", r] for r in (False, True)]
        print(
            f"  {name:28} {int(inside.sum()):7} {100 * float(inside.mean()):6.2f} %  {cells}  "
            f"{gain[0]:+6.2f} / {gain[1]:+6.2f}"
        )
    for kind in nets:
        d = split[kind][False]
        print(
            f"  {kind:8} all {len(ten.boards)}: {d['all_percent']:.2f} % / "
            f"{split[kind][True]['all_percent']:.2f} % with reflections; plain as share x rate: "
            + " + ".join(
                f"{d[p]['share_percent'] / 100:.4f} x {d[p]['rate_percent']:.2f}"
                for p in leak.PARTS
            )
        )
    for name, refl, paper in (
        ("plain", False, experiment.PAPER_EXACT[10]),
        ("reflections", True, experiment.PAPER_EXACT_REFLECTED[10]),
    ):
        d = split["leak"][refl]
        s = d["copy"]["share_percent"] / 100
        recall = 100 * s + (1 - s) * d["not copied"]["rate_percent"]
        print(
            f"  leak, {name:11}: {d['all_percent']:.2f} % against the paper's {paper} % "
            f"({paper - d['all_percent']:+.2f} points); even every copied board right "
            f"({s:.4f} x 100 + {1 - s:.4f} x {d['not copied']['rate_percent']:.2f}) "
            f"gives {recall:.2f} % ({paper - recall:+.2f} points)"
        )
    load = " ".join(f"{v:.1f}" for v in os.getloadavg())
    print(
        f"  paper: 27.25 % / 39.26 % (361,094 boards, 2048-1024-1024-1024-512); load average {load}"
    )


def _heuristics_10(args: argparse.Namespace, ten: BoardSet, net: Network) -> None:
    sample = ten.head(args.heuristic_boards)
    print(
        f"\nheuristic variants on the first {len(sample.puzzles)} 10x10 test boards "
        f"(time limit {args.time_limit} s each):"
    )
    started = time.perf_counter()
    heur = experiment.heuristics(sample, net, VARIANTS, time_limit=args.time_limit)
    print(f"  ({time.perf_counter() - started:.0f} s)")
    print(
        "  variant  solved    mean    median     p10     p50     p90     max   iterations "
        "mean/med  paper med"
    )
    for v, row in heur["variants"].items():
        s, p = row["seconds"], row["seconds"]["percentiles"]
        paper = experiment.PAPER_MEDIAN_SECONDS_10[v]
        print(
            f"  {v:8} {row['solved_percent']:6.2f} %  {s['mean']:.4f}  {s['median']:.4f}  "
            f"{p['0.1']:.4f}  {p['0.5']:.4f}  {p['0.9']:.4f}  {p['1.0']:.4f}  "
            f"{row['iterations']['mean']:5.2f}/{row['iterations']['median']:4.1f}    {paper:.4f}   "
            f"stages {row['stages']}"
        )
    print("  Wilcoxon (paired, two-sided, normal approximation): paper found every pair p ~ 0")
    for t in heur["wilcoxon"]:
        faster = t["first"] if t["smaller"] == "first" else t["second"]
        print(
            f"    {t['first']:8} vs {t['second']:8} W={t['W']:12.0f}  p={t['p_value']:.3g}  "
            f"faster {faster}"
        )

    ours = experiment.our_solver(sample, time_limit=args.time_limit)
    s = ours["seconds"]
    best = min(heur["variants"].items(), key=lambda kv: kv[1]["seconds"]["mean"])
    print(
        f"\nnonostudio's solver on the same {ours['boards']} boards: solution found "
        f"{ours['solved_percent']:.2f} %, mean {s['mean']:.4f} s, median {s['median']:.4f} s, "
        f"p90 {s['percentiles']['0.9']:.4f} s, max {s['percentiles']['1.0']:.4f} s; "
        f"verdicts {ours['verdicts']}"
    )
    print(
        f"  best baseline by mean time: {best[0]} {best[1]['seconds']['mean']:.4f} s -> ratio "
        f"{best[1]['seconds']['mean'] / s['mean']:.2f}x (baseline / nonostudio); paper's best "
        f"Ne8HPFI mean 0.7254 s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=15274, help="10x10 test boards to predict")
    parser.add_argument("--heuristic-boards", type=int, default=1000)
    parser.add_argument("--ga-boards", type=int, default=200)
    parser.add_argument("--ga-time-limit", type=float, default=60.0)
    parser.add_argument("--time-limit", type=float, default=10.0, help="per board and variant")
    parser.add_argument("--boards-15", type=int, default=50, help="15x15 boards for H and Ne*")
    parser.add_argument("--models", type=Path, default=None)
    parser.add_argument(
        "--size-curve",
        default="",
        metavar="N,N",
        help="also train 10x10 networks by the recipe on these board counts (rate vs size)",
    )
    for flag, what in (
        ("--learning-curve", "train 10x10 networks by the shipped recipe on 1/K of 361,094 boards"),
        ("--curve-short", "also 1/K of the 361,094 boards for --curve-short-epochs epochs"),
        ("--curve-paper", "also the paper's architecture on 1/K of the 361,094 boards"),
    ):
        parser.add_argument(flag, default="", metavar="K,K", help=what)
    parser.add_argument("--curve-short-epochs", type=int, default=3, metavar="E")
    parser.add_argument("--curve-paper-epochs", type=int, default=6, metavar="E")
    parser.add_argument("--curve-boards", type=int, default=3000, help="test sample of the curve")
    parser.add_argument(
        "--in-distribution",
        type=int,
        default=0,
        metavar="N",
        help="also train N-board 10x10 networks on NonoDataset test boards (80/20 splits)",
    )
    parser.add_argument(
        "--leak-experiment",
        type=int,
        nargs="?",
        const=48,
        default=None,
        metavar="SEED",
        help="also train the shipped 10x10 recipe with the paper's share of test boards (copies "
        "and complements) mixed in, and a control, and split the rates (about 500 s CPU each)",
    )
    args = parser.parse_args()
    require_anchors()

    nets = {n: _load(args.models, n) for n in (5, 10, 15)}
    print("networks:")
    for n, (net, path) in nets.items():
        r = net.recipe
        print(
            f"  {n:2}x{n:<2} {path.name}: {path.stat().st_size:,} bytes, {net.parameters:,} "
            f"parameters, hidden {r.get('hidden')}, {r.get('training_boards')} boards, "
            f"{r.get('epochs')} epochs, seed {r.get('seed')}, trained in "
            f"{_took(net)} (paper: 2048-1024-... networks on GPUs)"
        )

    ten = read_test_boards(
        NONODATASET / "10x10/x_test_dataset.npz", NONODATASET / "10x10/y_test_dataset.npz"
    )
    fifteen = read_test_boards(
        NONODATASET / "15x15/x_test_backtracking_15x15.npz",
        NONODATASET / "15x15/y_test_backtracking_15x15.npz",
    )
    print("\nexact guesses (a board holding every clue): boards, plain, reflections")
    _prediction_rows(
        "10x10 NonoDataset test",
        nets[10][0],
        ten.head(args.boards),
        "paper 27.25 % / 39.26 %, Weibull a=3.401 b=0.421",
    )
    _prediction_rows(
        "15x15 NonoDataset backtracking",
        nets[15][0],
        fifteen,
        "paper 5.87 % (its test set), Weibull a=18.540 b=0.622",
    )
    _prediction_rows(
        "5x5 fresh uniform boards",
        nets[5][0],
        _fresh(nets[5][0], 20000, 12345),
        "paper 77.06 % (all boards, trained on all), Weibull a=0.110 b=0.509",
    )
    _prediction_rows(
        "5x5 boards it was trained on",
        nets[5][0],
        _seen(nets[5][0], 20000),
        "paper 77.06 % was on its training set (all 2**25 boards)",
    )
    for n in (10, 15):
        _prediction_rows(
            f"{n}x{n} held-out boards of our mix",
            nets[n][0],
            _fresh(nets[n][0], 3000, RECIPES[n].seed + 1000),
            "(why ours differ: the training mix)",
        )
        held = _fresh(nets[n][0], 3000, RECIPES[n].seed + 2000, pictures_only=True)
        _prediction_rows(
            f"{n}x{n} held-out picture boards",
            nets[n][0],
            held,
            "(our pictures alone, as the paper's test sets were: "
            + ("paper 27.25 % / 39.26 %)" if n == 10 else "paper 5.87 %)"),
        )
        if n == 10:
            _copies_split(nets[n][0], held)
    _prediction_rows(
        "10x10 boards it was trained on",
        nets[10][0],
        _seen(nets[10][0], 3000),
        "(the gain from having seen a board)",
    )

    _ceiling(
        [
            ("5x5 fresh uniform boards", nets[5][0], _fresh(nets[5][0], 2000, 12345)),
            ("10x10 NonoDataset test", nets[10][0], ten.head(min(args.boards, 2000))),
        ]
    )
    _why(ten, args.boards, nets[10][0])
    if args.size_curve:
        counts = [int(c) for c in args.size_curve.split(",")]
        _size_curve(ten.head(args.boards), nets[10][0], counts)

    if args.learning_curve or args.curve_paper:

        def counts(text: str) -> list[int]:
            return [PAPER_BOARDS_10 // int(k) for k in text.split(",") if k]

        ours = (tuple(RECIPES[10].hidden), RECIPES[10].learning_rate)
        plan: list[CurvePlan] = [(*ours, RECIPES[10].epochs, counts(args.learning_curve))]
        if args.curve_short:
            plan.append((*ours, args.curve_short_epochs, counts(args.curve_short)))
        if args.curve_paper:
            plan.append((PAPER_HIDDEN_10, 1e-4, args.curve_paper_epochs, counts(args.curve_paper)))
        _learning_curve(ten, nets[10][0], [p for p in plan if p[3]], args.curve_boards)

    if args.in_distribution:
        _in_distribution(ten, nets[10][0], args.in_distribution)

    if args.leak_experiment is not None:
        _leak_experiment(ten, args.leak_experiment)

    if args.heuristic_boards:
        _heuristics_10(args, ten, nets[10][0])

    if args.ga_boards:
        ga = experiment.genetic(
            ten, nets[10][0], sample=args.ga_boards, time_limit=args.ga_time_limit
        )
        print(
            f"\nGA on {ga['boards']} 10x10 test boards the network misses (population "
            f"{ga['population']}, {ga['iterations']} iterations, limit {ga['time_limit']} s): "
            f"solved {ga['solved_percent']:.1f} %, mean {ga['seconds']['mean']:.2f} s "
            f"(paper: 15 % of the test set in 2 days 18 h)"
        )
    if args.boards_15:
        part = fifteen.head(args.boards_15)
        print(
            f"\nH, NeHI, NeHPF, NeHPFI on {len(part.puzzles)} 15x15 backtracking boards "
            f"(limit {args.time_limit} s; paper: 50 test boards, means 1314 / 1669 / 532 / 1147 s)"
        )
        h15 = experiment.heuristics(
            part, nets[15][0], ("H", "NeHI", "NeHPF", "NeHPFI"), time_limit=args.time_limit
        )
        for v, row in h15["variants"].items():
            s = row["seconds"]
            print(
                f"  {v:8} solved {row['solved_percent']:6.2f} %  mean {s['mean']:.4f} s  "
                f"median {s['median']:.4f} s  max {s['percentiles']['1.0']:.4f} s"
            )
        ours15 = experiment.our_solver(part, time_limit=args.time_limit)
        print(
            f"  nonostudio solved {ours15['solved_percent']:6.2f} %  mean "
            f"{ours15['seconds']['mean']:.4f} s  "
            f"max {ours15['seconds']['percentiles']['1.0']:.4f} s"
        )


if __name__ == "__main__":
    main()
