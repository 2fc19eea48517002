"""The README's examples run as written, as on a fresh install: in an empty folder, without the
paper's test set, with a new user-data folder and no display.

Every ``nonostudio-cli …`` and ``nonostudio …`` line of the README's code blocks is run in order
(the first copies the bundled samples out), except the ones :data:`NOT_RUN` lists with the reason;
those are checked to parse.  A README example that is neither run nor listed cannot exist: the
run covers every line that is not listed, and a listed line missing from the README fails.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from screenshot_views import VIEWS

# One xdist worker runs this module (``--dist loadgroup``): the README run (tens of seconds) is
# handed out among the first units, not last.
pytestmark = pytest.mark.xdist_group("test_readme_examples")


REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"

# Examples not run here, with why; each is checked to parse.
NOT_RUN = {
    "nonostudio": "opens the studio window (needs a display and a person)",
    "nonostudio-cli learn run --max-length 7": "about 9 hours on two cores",
    "nonostudio-cli learn run --max-length 6 --max-patterns 2 --jobs 2": (
        "about an hour of synthesis work"
    ),
    "nonostudio-cli learn run --max-length 7 --three-first --jobs 2": (
        "about three hours of synthesis work"
    ),
    "nonostudio-cli learn extend 1 --max-length 7 --max-patterns 3": (
        "grows run 1 to lines of 7 cells and three patterns: hours"
    ),
    "nonostudio-cli learn export --simplify pooled.rules 2 1": (
        "pools runs 1 and 2, which only the hours-long runs above make"
    ),
    "nonostudio-cli rules coverage control --test testing-set.json": (
        "needs the paper's test set, which is not shipped"
    ),
    "nonostudio-cli learn report learned --test testing-set.json": (
        "needs the paper's test set, which is not shipped"
    ),
}
SECONDS = 600  # per example: the slowest run here is the 20 s learning run on a busy machine


def readme_examples(text: str | None = None) -> list[str]:
    """The command lines (comments dropped) of the README's code blocks that start with
    ``nonostudio-cli`` or ``nonostudio``, in order."""
    text = README.read_text(encoding="utf-8") if text is None else text
    commands = []
    for block in re.findall(r"^```(?:sh|bash)?\n(.*?)^```", text, re.M | re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words and words[0] in ("nonostudio-cli", "nonostudio"):
                commands.append(shlex.join(words))
    return commands


def test_the_readme_has_examples_and_lists_only_its_own_long_ones() -> None:
    examples = readme_examples()
    run = [command for command in examples if command not in NOT_RUN]
    assert run[0] == "nonostudio-cli samples puzzles"  # the rest name the copied samples
    assert set(NOT_RUN) <= set(examples), set(NOT_RUN) - set(examples)
    assert len(run) >= 20


def test_the_example_reader_keeps_commands_and_drops_comments() -> None:
    text = (
        "```sh\nnonostudio-cli check puzzles/*.non --json   # verdicts\n"
        "                # a continued comment\npython3 -m pip install .\n"
        "nonostudio-cli solve \\\n  '1:1-1:1'\n```\n\n```\nnonostudio --screenshot s/\n```\n"
    )
    assert readme_examples(text) == [
        "nonostudio-cli check 'puzzles/*.non' --json",
        "nonostudio-cli solve 1:1-1:1",
        "nonostudio --screenshot s/",
    ]


def test_long_examples_parse() -> None:
    from nonostudio.cli import build_parser
    from nonostudio.gui.app import parse_args

    for command, why in NOT_RUN.items():
        assert why
        program, *args = shlex.split(command)
        if program == "nonostudio":
            parse_args(args)
        else:
            parsed = build_parser().parse_args(args)  # a usage error raises SystemExit
            assert callable(parsed.run), command


def _program(name: str) -> list[str]:
    found = shutil.which(name)
    if found:
        return [found]
    if name == "nonostudio-cli":
        return [sys.executable, "-m", "nonostudio"]
    return [
        sys.executable,
        "-c",
        "import sys; from nonostudio.gui.app import main; sys.exit(main(sys.argv[1:]))",
    ]


@pytest.mark.slow
def test_readme_examples_run_on_a_fresh_install(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("NONOSTUDIO_TEST_SET", "QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    }
    env["NONOSTUDIO_DATA_DIR"] = str(tmp_path / "user-data")
    ran = []
    for command in readme_examples():
        if command in NOT_RUN:
            continue
        program, *args = shlex.split(command)
        argv = []
        for arg in args:
            argv += sorted(glob.glob(arg, root_dir=work)) if "*" in arg else [arg]
        done = subprocess.run(
            [*_program(program), *argv],
            cwd=work,
            env=env,
            text=True,
            capture_output=True,
            timeout=SECONDS,
            check=False,
        )
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr, command
        ran.append(command)
    assert len(ran) >= 20
    # What the examples say they make is there.
    assert len(list((work / "puzzles").glob("*.non"))) == 15
    for made in ("dancer.xml", "soup.png", "grades.csv", "guide.html", "my.rules"):
        assert (work / made).stat().st_size > 0, made
    # The studio's --screenshot ran headless as a real process (no display, no QT_QPA_PLATFORM)
    # and wrote every view: the one such run of the suite (tests/gui/test_app.py renders in
    # its own process).
    assert "nonostudio --screenshot shots/" in ran
    shots = work / "shots"
    assert sorted(p.name for p in shots.iterdir()) == sorted(VIEWS)
    assert all((shots / name).stat().st_size > 1000 for name in VIEWS)
