"""Packaging metadata: the desktop entry, MIME types and AppStream file validate and agree, the
version is written once, the bundled test set is what its generator makes, the icon and spec are
sound."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import nonostudio
from nonostudio.core.formats import FORMATS

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
APP_ID = "io.github.nonostudio.Nonostudio"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
MIME_XML = PACKAGING / f"{APP_ID}.mime.xml"
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
# Extensions other programs own (or that say nothing about the content): not claimed.
GENERIC = {".txt", ".xml", ".json", ".toml", ".npz", ".pbm", ".pgm", ".mk"}


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(args[0]) is None:
        if os.environ.get("CI"):  # .ci/run installs every validator: missing there is a failure
            pytest.fail(f"{args[0]} is not installed")
        pytest.skip(f"{args[0]} is not installed")
    return subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)


def test_desktop_entry_validates() -> None:
    result = run_tool("desktop-file-validate", str(PACKAGING / f"{APP_ID}.desktop"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout.lower(), result.stdout


def desktop_keys() -> dict[str, str]:
    text = (PACKAGING / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def mime_types() -> dict[str, list[str]]:
    """The shared-mime-info file's types and their glob patterns."""
    root = ET.parse(MIME_XML).getroot()
    return {
        t.get("type"): [g.get("pattern") for g in t.findall(f"{MIME_NS}glob")]
        for t in root.findall(f"{MIME_NS}mime-type")
    }


def test_desktop_entry_starts_the_gui_script_with_files() -> None:
    keys = desktop_keys()
    assert keys["Exec"] == "nonostudio %F"
    assert keys["Icon"] == APP_ID


def test_the_app_takes_the_several_files_percent_F_passes() -> None:
    from nonostudio.gui.app import parse_args

    args = parse_args(["a.non", "b.g", "c.nin"])  # what a file manager passes for %F
    assert (args.file, args.more) == ("a.non", ["b.g", "c.nin"])
    args = parse_args(["a.non"])
    assert (args.file, args.more) == ("a.non", [])


def test_desktop_entry_opens_the_puzzle_types_the_mime_file_defines() -> None:
    declared = [t for t in desktop_keys()["MimeType"].split(";") if t]
    assert declared == list(mime_types())


def test_mime_types_cover_every_puzzle_extension_that_is_ours() -> None:
    globs = {pattern for patterns in mime_types().values() for pattern in patterns}
    ours = {ext for f in FORMATS if f.can_read for ext in f.extensions} - GENERIC
    assert ours and globs == {f"*{ext}" for ext in ours}
    root = ET.parse(MIME_XML).getroot()  # webpbn XML by its root element, not by *.xml
    xml_type = root.find(f"{MIME_NS}mime-type[@type='application/x-nonogram-pbn+xml']")
    assert xml_type.find(f"{MIME_NS}root-XML").get("localName") == "puzzleset"


def test_mime_file_installs_with_update_mime_database(tmp_path) -> None:
    (tmp_path / "packages").mkdir()
    shutil.copy(MIME_XML, tmp_path / "packages")
    result = run_tool("update-mime-database", str(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    globs = (tmp_path / "globs2").read_text(encoding="utf-8")
    for mime, patterns in mime_types().items():
        for pattern in patterns:
            assert f"{mime}:{pattern}" in globs


def test_appstream_metainfo_validates() -> None:
    result = run_tool("appstreamcli", "validate", "--no-net", str(METAINFO))
    assert result.returncode == 0, result.stdout + result.stderr
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"


def test_appstream_describes_the_app_and_its_screenshots_are_checked_in() -> None:
    root = ET.parse(METAINFO).getroot()
    text = " ".join(" ".join(root.find("description").itertext()).split())
    for feature in (
        "Editor",
        "Checker",
        "Designer checks",
        "technique",
        "Grading",
        "Rule learning",
        "proved sound",
    ):
        assert feature in text
    images = [i.text for i in root.iter("image")]
    assert len(images) >= 3
    for url in images:
        name = url.rsplit("/", 1)[1]
        assert url.endswith(f"/packaging/screenshots/{name}")
        data = (PACKAGING / "screenshots" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24])[0] >= 620  # AppStream asks for 620 px or more
    assert [m.text for m in root.iter("mediatype")] == list(mime_types())


# --- one version ---------------------------------------------------------------------------------


def test_the_version_is_written_once_and_everything_reads_it() -> None:
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^dynamic = \["version"\]', pyproject, re.M)
    assert not re.search(r"^version\s*=", pyproject.split("[tool.")[0], re.M)  # no static one
    assert 'version = { attr = "nonostudio.__version__" }' in pyproject
    releases = ET.parse(METAINFO).getroot().find("releases")
    assert releases[0].get("version") == nonostudio.__version__  # the newest release comes first
    assert importlib.metadata.version("nonostudio") == nonostudio.__version__


# --- dependencies: bounds, dev group, the CI lock ------------------------------------------------


def _make_constraints():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_constraints", PACKAGING / "make_constraints.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pins() -> dict[str, str]:
    from packaging.utils import canonicalize_name

    lines = (REPO / ".ci" / "constraints.txt").read_text(encoding="utf-8").splitlines()
    pairs = [line.split("==") for line in lines if line and not line.startswith("#")]
    assert all(len(pair) == 2 for pair in pairs), "every constraint is name==version"
    return {canonicalize_name(name): version for name, version in pairs}


def test_dev_tools_are_a_dependency_group_not_a_user_extra() -> None:
    import tomllib

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extras = pyproject["project"]["optional-dependencies"]
    dev = " ".join(pyproject["dependency-groups"]["dev"])
    for tool in ("ruff", "mypy"):
        assert tool in dev
        assert not any(tool in requirement for extra in extras.values() for requirement in extra)


def test_every_ci_pin_satisfies_the_bounds_in_pyproject() -> None:
    """A pin outside a bound (PySide6 6.12.0, say, which crashes while painting) cannot be
    locked."""
    import tomllib

    from packaging.utils import canonicalize_name
    from packaging.version import Version

    pins = _pins()
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    requirements = _make_constraints().top_requirements(pyproject)
    assert {canonicalize_name(r.name) for r in requirements} <= set(pins)
    for requirement in requirements:
        pinned = Version(pins[canonicalize_name(requirement.name)])
        assert requirement.specifier.contains(pinned, prereleases=True), (requirement, pinned)


def test_ci_runs_with_exactly_the_pinned_versions() -> None:
    """In CI (which installs with ``-c .ci/constraints.txt``) the environment is the lock: every
    pinned version is installed and the pins are the whole closure of the requirements."""
    if not os.environ.get("CI"):
        pytest.skip("the environment is only the lock in CI")
    import tomllib

    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    make = _make_constraints()
    assert make.closure(make.top_requirements(pyproject)) == _pins()


def test_about_and_cli_show_the_package_version(qtbot, monkeypatch, tmp_path, capsys) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from nonostudio.cli import main
    from nonostudio.core.library import Library
    from nonostudio.gui.window import main_window as mainwindow

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"nonostudio {nonostudio.__version__}"
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    monkeypatch.setattr(nonostudio, "__version__", "9.8.7")  # what About reads, not a copy
    window = mainwindow.MainWindow(
        Library(":memory:"), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    window.help.about()
    window.check_panel.cancel()
    assert len(shown) == 1 and "9.8.7" in shown[0]


# --- the bundled test set ------------------------------------------------------------------------


@pytest.mark.slow
def test_bundled_test_set_is_what_its_generator_makes(tmp_path) -> None:
    out = tmp_path / "samples.json"
    done = subprocess.run(
        [sys.executable, str(PACKAGING / "make_test_set.py"), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    shipped = REPO / "resources" / "testsets" / "samples.json"
    assert out.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")
    data = json.loads(shipped.read_text(encoding="utf-8"))
    samples = sorted(p.name for p in (REPO / "resources" / "samples").glob("*.non"))
    assert [s["file"] for s in data["sources"]] == samples  # every sample, with its licence
    assert all(s["license"] for s in data["sources"])
    assert "not the paper's" in data["description"]


def test_icon_svg_and_png() -> None:
    svg = ET.parse(REPO / "resources" / "icons" / "nonostudio.svg").getroot()
    assert svg.get("viewBox") == "0 0 256 256"
    assert len(svg.findall(".//{http://www.w3.org/2000/svg}rect")) > 25  # grid cells and clue bars
    png = (REPO / "resources" / "icons" / "nonostudio-256.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (256, 256)


def test_pyinstaller_spec_builds_the_gui_with_resources() -> None:
    spec = (PACKAGING / "nonostudio.spec").read_text(encoding="utf-8")
    ast.parse(spec)
    assert '"nonostudio" / "gui" / "app.py"' in spec
    assert '(str(ROOT / "resources"), "resources")' in spec
    assert (REPO / "nonostudio" / "gui" / "app.py").is_file()
