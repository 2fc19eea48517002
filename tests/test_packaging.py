"""Packaging metadata: the desktop entry and AppStream file validate, the icon and spec are sound."""

from __future__ import annotations

import ast
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
APP_ID = "io.github.nonostudio.Nonostudio"


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    if shutil.which(args[0]) is None:
        pytest.skip(f"{args[0]} is not installed")
    return subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)


def test_desktop_entry_validates() -> None:
    result = run_tool("desktop-file-validate", str(PACKAGING / f"{APP_ID}.desktop"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout.lower(), result.stdout


def test_desktop_entry_starts_the_gui_script() -> None:
    text = (PACKAGING / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert "Exec=nonostudio %f" in text.splitlines()
    assert f"Icon={APP_ID}" in text.splitlines()


def test_appstream_metainfo_validates() -> None:
    result = run_tool("appstreamcli", "validate", "--no-net", str(PACKAGING / f"{APP_ID}.metainfo.xml"))
    assert result.returncode == 0, result.stdout + result.stderr
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"


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
