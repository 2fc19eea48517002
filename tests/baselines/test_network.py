"""The network: the extra stays optional (a plain install does not list scikit-learn, training
without it says how to get it, a saved network predicts without it), a saved network predicts
as it did before saving, and the reflection trick finds a guess only a reflection gets right."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest

from nonostudio.baselines.boards import encode_boards, thresholded, training_boards
from nonostudio.baselines.encoding import board_clues, encode_clues
from nonostudio.baselines.network import MissingExtraError, Network, best_guess, train
from nonostudio.baselines.reflections import REFLECTIONS

REPO = Path(__file__).resolve().parents[2]


def test_a_plain_install_does_not_pull_scikit_learn() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert not any("scikit-learn" in d or "sklearn" in d for d in project["dependencies"])
    assert any(
        d.startswith("scikit-learn>=") for d in project["optional-dependencies"]["baselines"]
    )


def _pulled(requirements: list[str], extras: tuple[str, ...] = ()) -> set[str]:
    """The distributions a pip install of ``requirements`` would pull, followed through the
    installed packages' own requirements (a package not installed here ends the walk)."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    seen: set[str] = set()
    todo = [(r, extras) for r in requirements]
    while todo:
        text, wanted = todo.pop()
        req = Requirement(text)
        if req.marker is not None and not any(
            req.marker.evaluate({"extra": e}) for e in (wanted or ("",))
        ):
            continue
        name = canonicalize_name(req.name)
        if name in seen:
            continue
        seen.add(name)
        try:
            below = metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:
            continue
        todo.extend((r, tuple(req.extras)) for r in below)
    return seen


def test_a_plain_install_pulls_no_scikit_learn_through_its_dependencies() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert "scikit-learn" not in _pulled(project["dependencies"])
    # the walk does find it when it is asked for: through the extra
    assert "scikit-learn" in _pulled(project["optional-dependencies"]["baselines"])


def test_training_without_the_extra_says_how_to_install_it(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "sklearn", None)  # import sklearn now raises ImportError
    x, y = np.zeros((2, 30), dtype=np.uint8), np.zeros((2, 5, 5), dtype=np.uint8)
    with pytest.raises(MissingExtraError, match=r"pip install 'nonostudio\[baselines\]'"):
        train(x, y, 5, hidden=(4,), learning_rate=1e-3, epochs=1, seed=0)


def _tiny_network(n: int = 5, seed: int = 0) -> Network:
    rng = np.random.default_rng(seed)
    sizes = [2 * n * ((n + 1) // 2), 16, n * n]
    return Network(
        n,
        [
            rng.normal(size=(a, b)).astype(np.float32)
            for a, b in zip(sizes, sizes[1:], strict=False)
        ],
        [rng.normal(size=b).astype(np.float32) for b in sizes[1:]],
        {"seed": seed},
    )


def test_a_saved_network_predicts_the_same_without_scikit_learn(tmp_path, monkeypatch) -> None:
    net = _tiny_network()
    net.save(tmp_path / "net.npz")
    monkeypatch.setitem(sys.modules, "sklearn", None)
    back = Network.load(tmp_path / "net.npz")
    assert back.n == 5 and back.recipe == {"seed": 0}
    inputs = encode_boards(training_boards(5, 50, seed=1)[1])
    assert np.allclose(back.probabilities(inputs), net.probabilities(inputs), atol=2e-2)


def test_a_file_that_is_no_network_is_named(tmp_path) -> None:
    path = tmp_path / "junk.npz"
    path.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="junk.npz: not a baseline network file"):
        Network.load(path)


class _LookupNetwork(Network):
    """Answers the boards it was told, zeros for every other input."""

    def __init__(self, n: int, known: dict[bytes, np.ndarray]) -> None:
        super().__init__(n, [np.zeros((2 * n * ((n + 1) // 2), 1))], [np.zeros(1)])
        self.known = known

    def predict(self, inputs: np.ndarray) -> np.ndarray:
        empty = np.zeros((self.n, self.n), dtype=np.uint8)
        return np.stack([self.known.get(v.tobytes(), empty) for v in np.asarray(inputs)])


def test_reflections_find_the_guess_only_one_reflection_gets_right() -> None:
    board = np.zeros((4, 4), dtype=np.uint8)
    board[0, :3] = 1
    board[1, 0] = 1
    rows, cols = board_clues(board)
    assert len({encode_clues(*r.clues(rows, cols)).tobytes() for r in REFLECTIONS}) == 8
    mirror = REFLECTIONS[5]  # transpose and reverse the columns
    known = {encode_clues(*mirror.clues(rows, cols)).tobytes(): mirror.board(board)}
    net = _LookupNetwork(4, known)
    plain = best_guess(net, [(rows, cols)], reflections=False)[0]
    assert not plain.solves and plain.wrong_lines > 0
    reflected = best_guess(net, [(rows, cols)], reflections=True)[0]
    assert reflected.solves and reflected.reflection == mirror
    assert np.array_equal(reflected.board, board)


def test_picture_thresholds_give_the_papers_four_boards() -> None:
    image = np.zeros((8, 8))
    image[2:6, 2:6] = 16.0  # a bright square on black
    half, otsu, inverse, edges = thresholded(image, 8)
    assert half[3, 3] == 1 and half[0, 0] == 0
    assert np.array_equal(otsu, half) and np.array_equal(inverse, 1 - otsu)
    assert edges[3, 3] == 0 and edges.any()


def test_training_learns_something_and_is_reproducible() -> None:
    pytest.importorskip("sklearn")
    x, y = training_boards(5, 1500, seed=3)
    nets = [train(x, y, 5, hidden=(64,), learning_rate=3e-3, epochs=4, seed=1) for _ in range(2)]
    assert np.array_equal(nets[0].weights[0], nets[1].weights[0])
    guessed = nets[0].predict(x)
    accuracy = (guessed == y).mean()
    assert accuracy > 0.6, accuracy  # chance is 0.5 on these boards
    assert nets[0].recipe["training_boards"] == 1500


def test_a_checkpoint_is_the_network_that_many_epochs_give() -> None:
    pytest.importorskip("sklearn", reason="training needs the baselines extra (scikit-learn)")
    x, y = training_boards(5, 400, seed=4)
    saved: list[Network] = []
    last = train(
        x, y, 5, hidden=(16,), learning_rate=3e-3, epochs=3, seed=2, checkpoint=saved.append
    )
    assert [c.recipe["epochs"] for c in saved] == [1, 2] and last.recipe["epochs"] == 3
    two = train(x, y, 5, hidden=(16,), learning_rate=3e-3, epochs=2, seed=2)
    assert all(np.array_equal(a, b) for a, b in zip(saved[1].weights, two.weights, strict=True))
    assert not np.array_equal(saved[0].weights[0], two.weights[0])


def test_the_shipped_networks_are_small_and_carry_their_recipe() -> None:
    from dataclasses import asdict

    from nonostudio.baselines.recipes import (
        RECIPES,
        SHIPPED,
        SIZES,
        Recipe,
        shipped_network,
        shipped_path,
    )

    assert all(shipped_network(n) is None for n in SIZES if n not in SHIPPED)
    total = 0
    for n in SHIPPED:
        net = shipped_network(n)
        assert net is not None and net.n == n
        total += shipped_path(n).stat().st_size
        # a field added to Recipe after a network was trained counts at its default
        defaults = asdict(Recipe(n, 0, (), 0.0, 0, 0))
        made = {k: net.recipe.get(k, defaults[k]) for k in defaults}
        expected = asdict(RECIPES[n]) | {"hidden": list(RECIPES[n].hidden)}
        assert made == expected, f"{n}x{n}: retrain it by the recipe"
    assert total < 2_200_000  # the three networks, float16 and compressed


def test_training_boards_are_the_same_for_a_seed() -> None:
    pytest.importorskip("sklearn")  # the pictures are scikit-learn's bundled digits
    first, second = training_boards(10, 60, seed=9), training_boards(10, 60, seed=9)
    assert np.array_equal(first[1], second[1]) and np.array_equal(first[0], second[0])
    assert not np.array_equal(first[1], training_boards(10, 60, seed=8)[1])


def test_a_few_boards_and_many_give_the_same_probabilities() -> None:
    net = _tiny_network(seed=3)
    inputs = encode_boards(training_boards(5, 40, seed=2)[1])
    together = net.probabilities(inputs)  # BLAS
    one_by_one = np.concatenate([net.probabilities(v[None]) for v in inputs])  # einsum
    assert np.allclose(together, one_by_one, atol=1e-5)
