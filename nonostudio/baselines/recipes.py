"""How the shipped networks were trained, and training by that recipe again: the board mix, the
count, the architecture, the epochs and the seed for each size.  ``nonostudio-cli baselines
train --size N`` reruns a recipe; with the same scikit-learn and numpy (and, for a recipe on
icons, the same icons: their count and digest are recorded) it gives the same weights.  The
networks are much smaller than the paper's (so that they train in minutes on a laptop's CPU and
weigh little); ``--paper`` trains the paper's architecture instead.  Networks for
:data:`SHIPPED` sizes come with nonostudio (float16, about 2.0 MB together).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from nonostudio.baselines.boards import encode_boards, training_boards
from nonostudio.baselines.network import PAPER_ARCHITECTURES, Network, require_sklearn, train
from nonostudio.baselines.pictures import DEFAULT_ICONS, icon_pictures, pictures_digest
from nonostudio.baselines.reflections import REFLECTIONS
from nonostudio.core.paths import resources_dir
from nonostudio.core.progress import ProgressCallback

SIZES = (5, 10, 15)
SHIPPED = (5, 10, 15)


@dataclass(frozen=True)
class Recipe:
    n: int
    boards: int
    hidden: tuple[int, ...]
    learning_rate: float
    epochs: int
    seed: int
    picture_share: float = 0.2
    reflections: bool = False  # train on the eight reflections of each board too
    alpha: float = 1e-5
    batch_size: int = 256
    # "digits": scikit-learn's bundled digits; "icons": the PNG icons under ``icons`` (the
    # paper's pictures were icons; the test boards are icon boards).
    pictures: str = "digits"
    icons: str = str(DEFAULT_ICONS)
    # when set, ``prefix_of`` boards are made by the seed and the first ``boards`` trained on
    # (a network of bench_baselines' learning curve, whose sizes share one set of boards)
    prefix_of: int = 0


def on_icons(
    n: int, boards: int, hidden: tuple[int, ...], epochs: int, prefix_of: int = 0
) -> Recipe:
    """A recipe on icons, as the paper's pictures were (its 10x10 and 15x15 test boards are icon
    boards, the same icons for both sizes): 35 % icon boards, the rest random, Adam at 1e-3,
    seeded by the size."""
    return Recipe(
        n,
        boards=boards,
        hidden=hidden,
        learning_rate=1e-3,
        epochs=epochs,
        seed=n,
        picture_share=0.35,
        pictures="icons",
        prefix_of=prefix_of,
    )


RECIPES: dict[int, Recipe] = {
    # 4,000,000 uniform boards (12 % of the 2**25 the paper trained on): 68.39 % of fresh boards
    # exact, 86.30 % with reflections (200,000 gave 44.37 %, 2,000,000 64.98 %)
    5: Recipe(5, boards=4_000_000, hidden=(512, 256), learning_rate=1e-3, epochs=15, seed=5),
    # four times the paper's count of boards (361,094), for 30 epochs: 16.49 % of NonoDataset's
    # test boards exact (28.38 % with reflections), against 13.32 % for twice its count, 10.94 %
    # for its count and 6.59 % for the earlier 180,547 boards and 12 epochs
    # (docs/design/baselines.md)
    10: on_icons(10, boards=1_444_376, hidden=(1024, 512), epochs=30),
    15: on_icons(15, boards=60_000, hidden=(512, 256), epochs=10),
}


def paper_recipe(n: int) -> Recipe:
    """The recipe with the paper's architecture and learning rate for size ``n``."""
    hidden, rate = PAPER_ARCHITECTURES[n]
    return replace(RECIPES[n], hidden=hidden, learning_rate=rate)


def shipped_path(n: int) -> Path:
    return resources_dir() / "baselines" / f"mlp-{n}x{n}.npz"


def shipped_network(n: int) -> Network | None:
    """The shipped network for ``n`` x ``n`` boards, or None when there is none."""
    path = shipped_path(n)
    return Network.load(path) if path.is_file() else None


def _say(progress: ProgressCallback | None, message: str) -> None:
    """``message`` as a step that has not started counting (nothing when ``progress`` is None)."""
    if progress is not None:
        progress(0.0, message)


def recipe_boards(
    recipe: Recipe, progress: ProgressCallback | None = None
) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    """The recipe's training pairs ``(inputs, boards)`` and what a network trained on them
    records of the recipe (with the icons' count and digest for a recipe on icons)."""
    require_sklearn()  # before the boards are made: a missing extra is said at once
    made_count = recipe.prefix_of or recipe.boards
    if made_count < recipe.boards:
        raise ValueError(
            f"a recipe cannot train on the first {recipe.boards} of {made_count} boards"
        )
    _say(
        progress,
        f"making {made_count} training boards of {recipe.n}x{recipe.n} (seed {recipe.seed})",
    )
    count = made_count // 8 if recipe.reflections else made_count
    pictures = None
    made = asdict(recipe)
    made["hidden"] = list(recipe.hidden)
    if recipe.pictures == "icons" and recipe.n > 5:
        _say(progress, f"reading the icons under {recipe.icons}")
        pictures = icon_pictures(recipe.icons)
        if not pictures:
            raise ValueError(f"{recipe.icons}: no PNG icons to make training boards of")
        made.update(icon_count=len(pictures), icon_digest=pictures_digest(pictures))
    inputs, boards = training_boards(recipe.n, count, recipe.seed, recipe.picture_share, pictures)
    if recipe.reflections:
        boards = np.stack([r.board(b) for b in boards for r in REFLECTIONS])
        inputs = encode_boards(boards)
    return inputs[: recipe.boards], boards[: recipe.boards], made


def run_recipe(
    recipe: Recipe,
    progress: ProgressCallback | None = None,
    checkpoint: Callable[[Network], None] | None = None,
) -> Network:
    """Make the boards and train a network by ``recipe`` (needs scikit-learn); ``checkpoint``
    gets the network after each epoch but the last."""
    inputs, boards, made = recipe_boards(recipe, progress)
    _say(progress, f"training {recipe.hidden} for {recipe.epochs} epochs on {len(boards)} boards")
    return train_on(recipe, inputs, boards, made, progress, checkpoint)


def train_on(
    recipe: Recipe,
    inputs: np.ndarray,
    boards: np.ndarray,
    made: dict[str, Any],
    progress: ProgressCallback | None = None,
    checkpoint: Callable[[Network], None] | None = None,
) -> Network:
    """Train by ``recipe``'s architecture and settings on ``inputs`` and ``boards``, the network
    recording ``made`` (what :func:`recipe_boards` says of the recipe)."""
    return train(
        inputs,
        boards,
        recipe.n,
        hidden=recipe.hidden,
        learning_rate=recipe.learning_rate,
        epochs=recipe.epochs,
        seed=recipe.seed,
        batch_size=recipe.batch_size,
        alpha=recipe.alpha,
        progress=progress,
        recipe=made,
        checkpoint=checkpoint,
    )
