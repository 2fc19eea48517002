"""The multilayer perceptron that reads a square puzzle's clues and guesses its board.

Training goes through scikit-learn's ``MLPClassifier`` (ReLU hidden layers, a sigmoid output per
cell, binary cross-entropy, Adam), the optional ``baselines`` extra, imported only when a network
is trained.  A trained network is kept as its weight matrices in a ``.npz`` file with the recipe
that made it, and predicts with numpy alone, so a plain install can use one.

The paper's networks (:data:`PAPER_ARCHITECTURES`) add 5 % dropout after each layer, which
scikit-learn's MLP does not have; its L2 penalty ``alpha`` stands in for it.
"""

from __future__ import annotations

import errno
import io
import json
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from nonostudio.baselines.encoding import encode_clues, input_size, wrong_lines
from nonostudio.baselines.nonodataset import NPZ_ERRORS, npz_problem
from nonostudio.baselines.reflections import IDENTITY, REFLECTIONS, Reflection
from nonostudio.core.atomic import write_bytes_atomic
from nonostudio.core.progress import ProgressCallback, report_count
from nonostudio.core.puzzle import Clues

# Board size -> (hidden layer sizes, Adam's learning rate), the paper's best networks.
PAPER_ARCHITECTURES: dict[int, tuple[tuple[int, ...], float]] = {
    5: ((2048, 1024, 256), 1e-3),
    10: ((2048, 1024, 1024, 1024, 512), 1e-4),
    15: ((2048, 1024, 1024, 1024, 512), 1e-4),
}
EXTRA_MESSAGE = (
    "training a baseline network needs scikit-learn, the optional 'baselines' extra: "
    "pip install 'nonostudio[baselines]'"
)


_SMALL_BATCH = 16


def _small_product(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return np.einsum("ij,jk->ik", x, w)


class MissingExtraError(RuntimeError):
    """scikit-learn (the ``baselines`` extra) is not installed."""


def require_sklearn() -> Any:
    """The ``sklearn.neural_network`` module, or :class:`MissingExtraError` saying how to get it."""
    try:
        from sklearn import neural_network
    except ImportError as exc:
        raise MissingExtraError(EXTRA_MESSAGE) from exc
    return neural_network


@dataclass
class Network:
    """A trained network for ``n`` x ``n`` boards: ``weights[i]``, ``biases[i]`` per layer."""

    n: int
    weights: list[np.ndarray]
    biases: list[np.ndarray]
    recipe: dict[str, Any] = field(default_factory=dict)

    def probabilities(self, inputs: np.ndarray) -> np.ndarray:
        """Each cell's probability of being filled, ``(count, n * n)``, for input vectors."""
        x = np.asarray(inputs, dtype=np.float32).reshape(-1, input_size(self.n))
        # asarray, not astype: the weights are float32 already and astype would copy them on
        # every call.
        weights = [np.asarray(w, dtype=np.float32) for w in self.weights]
        biases = [np.asarray(b, dtype=np.float32) for b in self.biases]
        # A few boards (a guess while solving) go through einsum's own loop, not BLAS: OpenBLAS's
        # threads made a one-board product 100x slower on a busy two-core machine (15 ms against
        # 0.13 ms, bench_baselines), and that time counts in the heuristics' timings.
        product = _small_product if len(x) <= _SMALL_BATCH else np.matmul
        for w, b in zip(weights[:-1], biases[:-1], strict=True):
            x = np.maximum(product(x, w) + b, 0.0)
        z = product(x, weights[-1]) + biases[-1]
        return 1.0 / (1.0 + np.exp(-np.clip(z, -60.0, 60.0)))

    def predict(self, inputs: np.ndarray) -> np.ndarray:
        """The guessed boards, ``(count, n, n)`` uint8."""
        p = self.probabilities(inputs)
        return (p >= 0.5).astype(np.uint8).reshape(-1, self.n, self.n)

    def guess(self, rows: Clues, cols: Clues, reflections: bool = False) -> Guess:
        """The network's board for one puzzle; with ``reflections`` the best of the eight."""
        return best_guess(self, [(rows, cols)], reflections)[0]

    @property
    def parameters(self) -> int:
        return sum(w.size + b.size for w, b in zip(self.weights, self.biases, strict=True))

    def save(self, path: str | Path) -> None:
        """Write the weights as float16 (the guesses do not change measurably) and the recipe."""
        arrays: dict[str, Any] = {}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"] = w.astype(np.float16)
            arrays[f"b{i}"] = b.astype(np.float16)
        meta = json.dumps({"n": self.n, "recipe": self.recipe})
        arrays["meta"] = np.frombuffer(meta.encode(), dtype=np.uint8)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        # atomic: a write that fails part way (a full disk) keeps the file that was there
        write_bytes_atomic(path, buffer.getvalue())

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """Read a network :meth:`save` wrote; ValueError naming the file when it is not one."""
        try:
            # opened here, so closed when np.load fails (it leaves a cut .npz file open)
            with open(path, "rb") as handle, np.load(handle, allow_pickle=False) as data:
                meta = json.loads(bytes(data["meta"]).decode())
                layers = sum(1 for k in data.files if k.startswith("w"))
                weights = [data[f"w{i}"].astype(np.float32) for i in range(layers)]
                biases = [data[f"b{i}"].astype(np.float32) for i in range(layers)]
        except IsADirectoryError:
            raise IsADirectoryError(
                errno.EISDIR, "is a folder, not a network file", str(path)
            ) from None
        except OSError as exc:
            if isinstance(exc, FileNotFoundError | PermissionError):
                raise
            raise ValueError(f"{path}: not a baseline network file ({exc})") from exc
        except KeyError as exc:
            raise ValueError(
                f"{path}: not a baseline network file (a .npz file without a network's arrays)"
            ) from exc
        except NPZ_ERRORS as exc:
            raise ValueError(f"{path}: not a baseline network file ({npz_problem(exc)})") from None
        net = cls(int(meta["n"]), weights, biases, meta.get("recipe", {}))
        if not weights or weights[0].shape[0] != input_size(net.n):
            raise ValueError(f"{path}: the weights do not fit {net.n}x{net.n} boards")
        return net


@dataclass(frozen=True)
class Guess:
    """A network's board for a puzzle, the reflection it came through, whether it solves the
    puzzle, and how many rows and columns break their clues."""

    board: np.ndarray
    reflection: Reflection
    solves: bool
    wrong_lines: int


def best_guess(
    net: Network, puzzles: Sequence[tuple[Clues, Clues]], reflections: bool
) -> list[Guess]:
    """The network's guess for each puzzle: through the identity only, or through each of the
    eight reflections (undone), taking one that solves the puzzle, else the one with the fewest
    wrong lines (the identity first on ties)."""
    used = REFLECTIONS if reflections else (IDENTITY,)
    boards = []
    for r in used:
        inputs = np.stack([encode_clues(*r.clues(rows, cols)) for rows, cols in puzzles])
        boards.append([r.undo_board(b) for b in net.predict(inputs)])
    out = []
    for i, (rows, cols) in enumerate(puzzles):
        best: Guess | None = None
        for r, guessed in zip(used, boards, strict=True):
            board = guessed[i]
            bad_rows, bad_cols = wrong_lines(board, rows, cols)
            g = Guess(board, r, not bad_rows and not bad_cols, len(bad_rows) + len(bad_cols))
            if best is None or g.wrong_lines < best.wrong_lines:
                best = g
            if g.solves:
                break
        assert best is not None
        out.append(best)
    return out


def train(
    inputs: np.ndarray,
    boards: np.ndarray,
    n: int,
    *,
    hidden: Sequence[int],
    learning_rate: float,
    epochs: int,
    seed: int,
    batch_size: int = 256,
    alpha: float = 1e-5,
    progress: ProgressCallback | None = None,
    recipe: dict[str, Any] | None = None,
    checkpoint: Callable[[Network], None] | None = None,
) -> Network:
    """Train a network on ``inputs`` (encoded clues) and ``boards`` (``(count, n, n)`` 0/1) for
    ``epochs`` passes, reporting each epoch and its loss to ``progress``, and handing the network
    after each epoch to ``checkpoint`` (the same network training for that many epochs would
    give).  Needs scikit-learn."""
    neural_network = require_sklearn()
    from sklearn.exceptions import ConvergenceWarning

    x = np.asarray(inputs, dtype=np.float32)
    y = np.asarray(boards, dtype=np.uint8).reshape(len(x), n * n)
    model = neural_network.MLPClassifier(
        hidden_layer_sizes=tuple(hidden),
        activation="relu",
        solver="adam",
        learning_rate_init=learning_rate,
        alpha=alpha,
        batch_size=min(batch_size, len(x)),
        max_iter=1,
        warm_start=True,
        shuffle=True,
        random_state=seed,
    )
    started, cpu_started = time.perf_counter(), time.process_time()

    def network(epochs_done: int) -> Network:
        # A column constant in the training boards is still an output: sklearn keeps every label.
        made = dict(recipe or {})
        made.update(
            hidden=list(hidden),
            learning_rate=learning_rate,
            alpha=alpha,
            epochs=epochs_done,
            batch_size=batch_size,
            seed=seed,
            training_boards=len(x),
            training_seconds=round(time.perf_counter() - started, 1),
            # on a shared machine the wall time says little; the CPU time of all threads more
            training_cpu_seconds=round(time.process_time() - cpu_started, 1),
            final_loss=float(model.loss_),
        )
        # copies: the model goes on training in place
        return Network(
            n,
            [np.array(w, dtype=np.float32) for w in model.coefs_],
            [np.array(b, dtype=np.float32) for b in model.intercepts_],
            made,
        )

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)  # one epoch per fit, by design
        for epoch in range(1, epochs + 1):
            model.fit(x, y)
            report_count(progress, epoch, epochs, f"epoch {epoch}/{epochs}: loss {model.loss_:.4f}")
            if checkpoint is not None and epoch < epochs:
                checkpoint(network(epoch))
    return network(epochs)
