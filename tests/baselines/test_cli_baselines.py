"""``nonostudio-cli baselines``: predict and experiment with a network file, one JSON document
with ``--json``, progress on stderr, and clear refusals (no scikit-learn, a puzzle that is not
square, a network of another size, an unknown variant)."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from nonostudio.baselines.encoding import board_clues, encode_clues
from nonostudio.baselines.network import Network
from nonostudio.cli.app import main


def _network(tmp_path, n: int = 5) -> str:
    rng = np.random.default_rng(0)
    sizes = [2 * n * ((n + 1) // 2), 8, n * n]
    net = Network(
        n,
        [
            rng.normal(size=(a, b)).astype(np.float32)
            for a, b in zip(sizes, sizes[1:], strict=False)
        ],
        [rng.normal(size=b).astype(np.float32) for b in sizes[1:]],
    )
    path = tmp_path / f"net{n}.npz"
    net.save(path)
    return str(path)


def _test_pair(tmp_path, count: int = 6) -> tuple[str, str]:
    boards = (np.random.default_rng(4).random((count, 5, 5)) < 0.5).astype(np.uint8)
    np.savez(tmp_path / "x.npz", np.stack([encode_clues(*board_clues(b)) for b in boards]))
    np.savez(tmp_path / "y.npz", boards.reshape(count, 25))
    return str(tmp_path / "x.npz"), str(tmp_path / "y.npz")


def test_experiment_json_has_every_part_and_progress_goes_to_stderr(tmp_path, capsys) -> None:
    x, y = _test_pair(tmp_path)
    code = main(
        ["baselines", "experiment", x, y, "--model", _network(tmp_path), "--json"]
        + ["--variants", "H,NeHPF,Ne8HPFI", "--ga-sample", "2", "--ga-time-limit", "1"]
    )
    out, err = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert data["boards"] == 6 and data["n"] == 5
    assert [p["reflections"] for p in data["prediction"]] == [False, True]
    variants = data["heuristics"]["variants"]
    assert set(variants) == {"H", "NeHPF", "Ne8HPFI"}
    assert all(v["solved_percent"] == 100.0 for v in variants.values())
    assert [(t["first"], t["second"]) for t in data["heuristics"]["wilcoxon"]] == []
    assert data["nonostudio"]["solved_percent"] == 100.0
    assert data["paper"]["exact_percent"] == 77.06
    assert "[100 %] nonostudio: board 6 of 6" in err and "6 boards of 5x5" in err


def test_experiment_text_names_the_papers_figures(tmp_path, capsys) -> None:
    x, y = _test_pair(tmp_path)
    code = main(["baselines", "experiment", x, y, "--model", _network(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "paper  77.06 %" in out and "Wilcoxon H vs NeHPFI" in out
    assert "nonostudio's solver: solution found 100.00 %" in out


def test_predict_shows_the_guess_and_whether_it_holds(tmp_path, capsys) -> None:
    code = main(
        ["baselines", "predict", "5x5:1/1/1/1/1/1/1/1/1/1", "--model", _network(tmp_path)]
        + ["--json"]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == (0 if data["solves"] else 1)
    assert len(data["board"]) == 5 and data["reflection"] == "id"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["predict", "3x2:1/1/1/2/1"], "the networks read square puzzles; this one is 3x2"),
        (["predict", "5x5:1/1/1/1/1/1/1/1/1/1", "--model", "NET10"], "reads 10x10 puzzles"),
        (["experiment", "X", "Y", "--variants", "H,Nope"], "unknown variant 'Nope'"),
        (["predict", "5x5:1/1/1/1/1/1/1/1/1/1", "--model", "JUNK"], "not a baseline network"),
    ],
)
def test_refusals_are_one_clear_line(tmp_path, capsys, words, message) -> None:
    x, y = _test_pair(tmp_path)
    (tmp_path / "junk.npz").write_bytes(b"junk")
    swap = {"NET10": _network(tmp_path, 10), "X": x, "Y": y, "JUNK": str(tmp_path / "junk.npz")}
    words = [swap.get(w, w) for w in words]
    if "--model" not in words:
        words += ["--model", _network(tmp_path)]
    code = main(["baselines", *words, "--json"])
    out, err = capsys.readouterr()
    assert code == 2
    assert message in err and message in json.loads(out)["error"]
    assert "Traceback" not in err


def test_a_size_without_a_shipped_network_says_how_to_train_one(capsys, monkeypatch) -> None:
    # every size ships one now; an install without the file (a packager's trim) still says how
    monkeypatch.setattr("nonostudio.cli.baselines.shipped_network", lambda n: None)
    fifteen = "15x15:" + "/".join(["1"] * 30)
    code = main(["baselines", "predict", fifteen])
    err = capsys.readouterr().err
    assert code == 2
    assert "no network ships for 15x15 puzzles" in err
    assert "baselines train --size 15 --out FILE" in err


def test_training_without_scikit_learn_says_how_to_install_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "sklearn", None)
    code = main(["baselines", "train", "--size", "5", "--out", str(tmp_path / "n.npz")])
    err = capsys.readouterr().err
    assert code == 2 and "pip install 'nonostudio[baselines]'" in err
    assert not (tmp_path / "n.npz").exists()


def test_training_by_the_recipe_writes_a_network(tmp_path, capsys) -> None:
    pytest.importorskip("sklearn")
    out = tmp_path / "n.npz"
    code = main(
        ["baselines", "train", "--size", "5", "--out", str(out), "--boards", "300"]
        + ["--epochs", "1", "--json"]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and out.stat().st_size == data["bytes"]
    net = Network.load(out)
    assert net.recipe["training_boards"] == 300 and net.recipe["seed"] == 5


def test_training_on_icons_records_them_and_an_empty_folder_is_refused(tmp_path, capsys) -> None:
    pytest.importorskip("sklearn", reason="training needs the baselines extra (scikit-learn)")
    from test_pictures_and_profile import _write_png

    empty = tmp_path / "none"
    empty.mkdir()
    out = tmp_path / "n.npz"
    args = ["baselines", "train", "--size", "10", "--out", str(out), "--boards", "60"]
    code = main([*args, "--epochs", "1", "--icons", str(empty)])
    assert code == 2 and f"{empty}: no PNG icons" in capsys.readouterr().err
    assert not out.exists()
    icons = tmp_path / "icons"
    icons.mkdir()
    yy, xx = np.mgrid[0:24, 0:24]
    _write_png(icons / "a.png", np.where(yy > xx, 0, 255)[..., None].astype(np.uint8), 0)
    code = main([*args, "--epochs", "1", "--icons", str(icons), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["recipe"]["icon_count"] == 1
    assert data["recipe"]["pictures"] == "icons" and data["recipe"]["icons"] == str(icons)
    # The 60 boards asked for are the boards made, not the first 60 of the shipped recipe's
    # 361,094 (which took 35 s to make).
    assert data["recipe"]["prefix_of"] == 0


def test_a_fifo_or_device_as_an_npz_file_is_refused_unopened(tmp_path, capsys) -> None:
    """--model f for a FIFO no program writes to waited forever in open (an alarm ends the old
    code's wait here); /dev/zero was read as 'not a .npz file', exit 2."""
    import os
    import signal

    fifo = tmp_path / "net.npz"
    os.mkfifo(fifo)
    x, y = _test_pair(tmp_path)

    def ring(signum, frame):
        raise TimeoutError("the command waited on the FIFO")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 5)
    try:
        for words, path, what in (
            (["predict", "1:1-1:1", "--model", str(fifo)], fifo, "a network file"),
            (["predict", "1:1-1:1", "--model", "/dev/zero"], "/dev/zero", "a network file"),
            (["experiment", str(fifo), y], fifo, "a NonoDataset .npz file"),
            (["experiment", x, "/dev/null"], "/dev/null", "a NonoDataset .npz file"),
        ):
            assert main(["baselines", *words]) == 3
            err = capsys.readouterr().err
            assert f"{path}: is a FIFO or a device, not {what} (a .npz file is read by" in err
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
