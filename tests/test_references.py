"""Every reference resolves inside the repository: the package, the tests and the documents cite
only files of this checkout (the rule language, the formats and the architecture are written down
in docs/), never documents kept beside it or issues of a tracker; every markdown link, every
``docs/...`` path and every repository path a document writes in backquotes names a file that
exists.  A finding is reported as ``file:line``."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ROOTS = ("nonostudio", "tests", "docs")
SUFFIXES = {".py", ".md", ".rules", ".toml", ".txt"}
# Not prose: fuzzing inputs; the shipped resources are reached through nonostudio/_resources,
# a link this walk does not follow (resources/ is not one of the roots).
SKIPPED_DIRS = {"__pycache__", "data"}
THIS = Path(__file__).resolve().relative_to(REPO).as_posix()

OUTSIDE = (
    (
        re.compile(r"\b(?:RULES|FORMATS|STYLE|COLOUR)\.md\b"),
        "a document kept outside the repository",
    ),
    (re.compile(r"\.\./shared\b"), "a folder beside the checkout"),
    (re.compile(r"\bseed \d{3}\b"), "a seed document (cite the paper by its authors and title)"),
    (re.compile(r"\bissues? #?\d+\b", re.IGNORECASE), "an issue of the tracker"),
)
MARKDOWN_LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
DOCS_PATH = re.compile(r"(?<![\w./-])docs/[\w./-]*[\w-](?:\.md)?")
# In a document, a path of the repository in backquotes: `nonostudio/rules/language/parser.py`.
CODE_PATH = re.compile(r"`((?:nonostudio|tests|resources|packaging)/[\w./-]*[\w-])`")

# Lines that must name an outside reference because they check it is absent.
ALLOWED = {
    (
        "tests/test_fresh_install.py",
        'assert "../shared" not in text and "next to the project" not in text',
    ),
}


def scanned_files(repo: Path = REPO) -> list[Path]:
    """The text files under the roots, links to folders not followed."""
    out = []
    for root in ROOTS:
        for folder, dirs, files in os.walk(repo / root):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
            out += [Path(folder) / f for f in sorted(files) if Path(f).suffix in SUFFIXES]
    return out


def _link_target(target: str, path: Path, repo: Path) -> Path | None:
    """The file a relative markdown link names, or None for a web address or an anchor."""
    if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
        return None
    target = target.split("#", 1)[0]
    return (repo / target.lstrip("/")) if target.startswith("/") else (path.parent / target)


def findings(path: Path, repo: Path = REPO) -> list[str]:
    """``file:line: what`` for each reference of ``path`` that leaves the repository."""
    rel = path.relative_to(repo).as_posix()
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if (rel, line.strip()) in ALLOWED:
            continue
        where = f"{rel}:{number}"
        for pattern, what in OUTSIDE:
            for m in pattern.finditer(line):
                out.append(f"{where}: {m.group()!r} cites {what}")
        if path.suffix == ".md":
            for m in MARKDOWN_LINK.finditer(line):
                target = _link_target(m.group(1), path, repo)
                if target is not None and not target.exists():
                    out.append(f"{where}: the link {m.group(1)!r} names no file")
            for m in CODE_PATH.finditer(line):
                if not (repo / m.group(1)).exists():
                    out.append(f"{where}: {m.group(1)!r} names no file of the repository")
        for m in DOCS_PATH.finditer(line):
            if not (repo / m.group().rstrip(".")).exists():
                out.append(f"{where}: {m.group()!r} names no file of the repository")
    return out


def all_findings(repo: Path = REPO) -> dict[str, list[str]]:
    """The findings of every scanned file that has some, by repository path."""
    found = {}
    for path in scanned_files(repo):
        rel = path.relative_to(repo).as_posix()
        if rel == THIS:
            continue
        listed = findings(path, repo)
        if listed:
            found[rel] = listed
    return found


@functools.cache
def repository_findings() -> dict[str, list[str]]:
    """:func:`all_findings` of this checkout, computed once for the tests below."""
    return all_findings()


def test_no_reference_leaves_the_repository():
    found = repository_findings()
    unexpected = [line for lines in found.values() for line in lines]
    assert not unexpected, "references outside the repository:\n" + "\n".join(unexpected)


def test_allowed_lines_are_still_there():
    for rel, text in ALLOWED:
        lines = [ln.strip() for ln in (REPO / rel).read_text(encoding="utf-8").splitlines()]
        assert text in lines, f"{rel} no longer holds the allowed line {text!r}"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("# see RULES.md §4\n", "'RULES.md' cites a document kept outside the repository"),
        ('"""Data from ../shared/anchors."""\n', "'../shared' cites a folder beside the checkout"),
        ("# (seed 000, Figure 12)\n", "'seed 000' cites a seed document"),
        ("# the goal of issue 36\n", "'issue 36' cites an issue of the tracker"),
        ("# why: docs/design/nowhere.md\n", "'docs/design/nowhere.md' names no file"),
    ],
)
def test_each_kind_of_reference_is_found(tmp_path, text, expected):
    (tmp_path / "docs" / "design").mkdir(parents=True)
    (tmp_path / "docs" / "design" / "rules.md").write_text("# notes\n", encoding="utf-8")
    planted = tmp_path / "nonostudio" / "planted.py"
    planted.parent.mkdir()
    planted.write_text("x = 1\n" + text, encoding="utf-8")
    (found,) = findings(planted, tmp_path)
    assert found.startswith("nonostudio/planted.py:2: ") and expected in found


def test_links_in_documents_are_checked(tmp_path):
    doc = tmp_path / "docs" / "map.md"
    doc.parent.mkdir()
    (tmp_path / "docs" / "glossary.md").write_text("# words\n", encoding="utf-8")
    doc.write_text(
        "[words](glossary.md) [web](https://example.org/x.md) [here](#top)\n"
        "[gone](formats.md#puzzle-string)\n"
        "`docs/glossary.md` and `nonostudio/gui/render.py`\n",
        encoding="utf-8",
    )
    assert findings(doc, tmp_path) == [
        "docs/map.md:2: the link 'formats.md#puzzle-string' names no file",
        "docs/map.md:3: 'nonostudio/gui/render.py' names no file of the repository",
    ]


def test_a_clean_file_and_existing_paths_pass(tmp_path):
    (tmp_path / "docs" / "design").mkdir(parents=True)
    (tmp_path / "docs" / "design" / "rules.md").write_text("# notes\n", encoding="utf-8")
    clean = tmp_path / "tests" / "test_x.py"
    clean.parent.mkdir()
    clean.write_text(
        '"""Why: docs/design/rules.md. Butler, Torlak & Popovic (FDG 2017), Figure 13."""\n',
        encoding="utf-8",
    )
    assert findings(clean, tmp_path) == []
