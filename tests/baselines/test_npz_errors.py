"""A network or test-board file that is empty, cut short, damaged or of another kind is bad input
said in words (exit 2), not an internal error (exit 4) or numpy's advice to unpickle it."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import numpy as np
import pytest

from nonostudio.baselines.network import Network
from nonostudio.baselines.nonodataset import read_test_boards
from nonostudio.cli import main
from nonostudio.core.errors import PuzzleError


def _npz_bytes() -> bytes:
    buffer = io.BytesIO()
    rng = np.random.default_rng(0)
    np.savez_compressed(buffer, arr_0=rng.random((40, 40)), meta=np.zeros(3, np.uint8))
    return buffer.getvalue()


@pytest.fixture
def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    whole = _npz_bytes()
    damaged = bytearray(whole)
    damaged[2000:2100] = b"x" * 100
    files = {
        "empty": (b"", "it is empty"),
        "cut": (whole[: len(whole) // 2], "a damaged or cut .npz file"),
        "damaged": (bytes(damaged), "a damaged or cut .npz file"),
        "pickled": (pickle.dumps({"a": 1}), "not a .npz file"),
    }
    out = {}
    for name, (data, words) in files.items():
        path = tmp_path / f"{name}.npz"
        path.write_bytes(data)
        out[name] = (path, words)
    return out


def test_a_bad_network_file_is_said_in_words(bad_files: dict[str, tuple[Path, str]]) -> None:
    for name in ("empty", "cut", "pickled"):  # (the damage is in an array it does not read)
        path, words = bad_files[name]
        with pytest.raises(ValueError) as raised:
            Network.load(path)
        assert str(raised.value).startswith(f"{path}: not a baseline network file ({words}")
        assert "allow_pickle" not in str(raised.value)


def test_bad_test_boards_are_said_in_words(
    bad_files: dict[str, tuple[Path, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    for path, words in bad_files.values():
        with pytest.raises(PuzzleError, match=f"not a numpy .npz file \\({words}"):
            read_test_boards(path, path)
    cut = str(bad_files["cut"][0])
    assert main(["baselines", "experiment", cut, cut]) == 2  # was 4, 'BadZipFile ... a bug'
    assert "cut.npz: not a numpy .npz file (a damaged or cut .npz file" in capsys.readouterr().err
