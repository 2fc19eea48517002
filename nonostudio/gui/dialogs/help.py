"""The Help menu's contents: a short built-in guide, the keyboard shortcut list and the technique
guide.

The guide is a page of HTML kept here (short enough to read in a minute: getting started, the
designer's, player's and book importer's ways of working, and what the verdicts and difficulty
tiers mean).  The shortcut list is made from the window's actual ``QAction`` objects, so it shows
what the keys really do.  The technique guide is the CLI's ``rules guide`` page, written in the
background to the user's data folder and opened in the web browser.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.grades.difficulty import LABELS, TIER_TEXT
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.solver import Verdict
from nonostudio.gui.grid.view import MARK_KEYS

GUIDE_HTML = """
<h2>Getting started</h2>
<p>The window has the <b>Library</b> on the left (double-click a puzzle to open it), the
<b>Editor</b>, <b>Solve</b>, <b>Rules</b> and <b>Jobs</b> tabs in the middle, and the
<b>Check</b>, <b>Difficulty</b> and <b>Designer Checks</b> panels on the right. Every change is
checked at once in the background: the Check panel says whether the clues have exactly one
solution, the Difficulty panel how hard a person would find it.</p>
<p>In the grid, the left mouse button fills a cell, the right button crosses it out, and pressing
on a cell that already has that mark clears it; a drag paints a whole row or column stretch.
The arrow keys move the cursor, Space fills, X crosses and Delete clears. Ctrl+wheel zooms the
grid under the mouse; <i>View &rarr; Fit to Window</i> (Ctrl+0) shows the whole grid again.</p>
<p>Unsaved work is autosaved every few seconds and offered back if the studio ends unexpectedly.</p>

<h2>Designing a puzzle</h2>
<ol>
<li><i>File &rarr; New</i>, choose the size in the Editor and paint the picture (<b>Draw
picture</b>): the clues follow what you paint.</li>
<li>Watch the <b>Check</b> panel. <i>Unique</i> is what you want. For <i>several solutions</i>,
<b>Show alternate solution</b> marks where a second picture differs; change a cell there.</li>
<li><b>Designer Checks</b> lists where a solver gets stuck and numbered fixes; <b>Apply edit</b>
makes one.</li>
<li>Save the puzzle to a file (<i>File &rarr; Save As</i>), add it to the library, or export a
picture (PNG, SVG or PDF) for printing.</li>
</ol>

<h2>Solving (the player's way)</h2>
<ol>
<li>Open a puzzle from the library and go to the <b>Solve</b> tab (the Editor tab keeps the
picture, its solution, covered until you ask to see it).</li>
<li>Turn on <b>Solve by hand</b> and paint cells; finished lines grey out their clues.
<i>Edit &rarr; Undo</i> (Ctrl+Z) takes a move back.</li>
<li>Stuck? <b>Next line?</b> names a line where progress is possible and <b>Hint</b> shows
what can be found next. <b>Check</b> rings the cells that disagree with the solution.</li>
<li>Without solving by hand, the Solve tab replays the rules' own solution step by step
(&#9664; Back, Next &#9654;, Play); the <b>Rules</b> tab explains each technique.</li>
</ol>

<h2>Importing puzzles from a book or a file</h2>
<ul>
<li><i>File &rarr; Paste Puzzle String</i> (Ctrl+Shift+V) reads a typed puzzle such as
<code>1:1,1-2:1:1</code> (rows, a dash, columns) or a Simon Tatham game id. A mistake keeps your
text and selects the place it is in.</li>
<li>In the Editor, <b>Type clues</b> lets you copy the clues from a page, one line per row and
per column; lines with a problem are marked as you type.</li>
<li><i>File &rarr; Import Image</i> turns a picture into a puzzle; the Library's
<b>Import Files</b> adds many puzzle files at once, and <b>Import Folder</b> every puzzle file
under a folder, its subfolders too (files that are no puzzle, such as a README, are skipped);
<i>Tools &rarr; Grade Folder</i> grades a whole folder.</li>
</ul>

<h2>What the verdicts mean</h2>
<dl>
{verdicts}
</dl>

<h2>What the difficulty tiers mean</h2>
<p>A puzzle's <b>tier</b> (0 to 8) is the tier of the hardest solving technique a person needs
for it:</p>
<ol start="0">{tiers}</ol>
<p>The <b>label</b> ({labels}) comes from a score that also counts how often the harder
techniques are needed; a puzzle with more than one solution is marked so instead. The Difficulty
panel names the hardest technique and shows which techniques were used; <i>Help &rarr; Technique
Guide</i> teaches each one with worked examples.</p>
"""

VERDICT_TEXT = {
    Verdict.UNIQUE_LINE: "Exactly one solution, and it can be found one row or column at a "
    "time: the best kind of puzzle.",
    Verdict.UNIQUE_SEARCH: "Exactly one solution, but finding it needs reasoning across lines or "
    "trying a cell (harder).",
    Verdict.MULTIPLE: "More than one picture fits the clues: a player would have to guess. "
    "The Check panel can show an alternate solution.",
    Verdict.NO_SOLUTION: "No picture fits the clues: a clue is wrong.",
    Verdict.UNDECIDED: "The check ran out of time before it could decide.",
}


def guide_html() -> str:
    """The built-in guide as HTML."""
    verdicts = "".join(
        f"<dt><b>{html.escape(v.label[:1].upper() + v.label[1:])}</b></dt>"
        f"<dd>{html.escape(text)}</dd>"
        for v, text in VERDICT_TEXT.items()
    )
    labels = ", ".join(html.escape(label) for label in LABELS)
    tiers = "".join(f"<li>{html.escape(text[:1].upper() + text[1:])}</li>" for text in TIER_TEXT)
    return (
        GUIDE_HTML.replace("{verdicts}", verdicts)
        .replace("{labels}", labels)
        .replace("{tiers}", tiers)
    )


def page_dialog(parent: QWidget | None, title: str, page: str, name: str) -> QDialog:
    """A non-modal window showing the HTML ``page`` (links open in the web browser)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setObjectName(name)
    browser = QTextBrowser()
    browser.setOpenExternalLinks(True)
    browser.setHtml(page)
    browser.setAccessibleName(title)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser, 1)
    layout.addWidget(buttons)
    dialog.resize(640, 560)
    dialog.browser = browser  # type: ignore[attr-defined]
    return dialog


def guide_dialog(parent: QWidget | None = None) -> QDialog:
    """A dialog showing :func:`guide_html` (not modal: it can stay open beside the window)."""
    return page_dialog(parent, "Nonostudio Guide", guide_html(), "guideDialog")


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…").strip()


def shortcut_rows(actions: Iterable[tuple[str, QAction]]) -> list[tuple[str, str, str]]:
    """``(where, command, keys)`` for every action with a shortcut, keys as the platform shows
    them (several keys joined by ", ")."""
    rows = []
    seen: set[int] = set()
    for where, action in actions:
        if id(action) in seen:
            continue
        seen.add(id(action))
        keys = [
            k.toString(QKeySequence.SequenceFormat.NativeText)
            for k in action.shortcuts()
            if not k.isEmpty()
        ]
        if keys:
            rows.append((where, _plain(action.text()), ", ".join(keys)))
    return rows


_MARK_WORDS = {"fill": "Fill the cell", "cross": "Cross the cell out", "clear": "Clear the cell"}


def _grid_keys() -> tuple[tuple[str, str], ...]:
    """The keys both grids share, read from the grid's own table (:data:`MARK_KEYS`), so the
    list cannot fall behind it: each mark with every key that makes it ("Space, Return")."""
    marks: dict[str, list[str]] = {}
    for key, mark in MARK_KEYS.items():
        marks.setdefault(mark, []).append(key.name.removeprefix("Key_"))
    return (
        ("Arrow keys", "Move the cursor"),
        ("Home, End", "Go to the row's first or last cell"),
        *((", ".join(keys), _MARK_WORDS[mark]) for mark, keys in marks.items()),
        ("1-9", "Pick a colour (colour puzzles)"),
        ("Ctrl+wheel", "Zoom the grid under the mouse"),
    )


GRID_KEYS = _grid_keys()


def shortcuts_html(rows: list[tuple[str, str, str]]) -> str:
    """The shortcut list as HTML tables, one per place the keys work."""
    parts = ["<h2>Keyboard shortcuts</h2>"]
    places: dict[str, list[tuple[str, str]]] = {}
    for where, command, keys in rows:
        places.setdefault(where, []).append((command, keys))
    places.setdefault("In a grid", []).extend((what, keys) for keys, what in GRID_KEYS)
    for where, items in places.items():
        parts.append(f"<h3>{html.escape(where)}</h3><table cellpadding='3'>")
        parts.extend(
            f"<tr><td><b>{html.escape(keys)}</b></td><td>{html.escape(command)}</td></tr>"
            for command, keys in items
        )
        parts.append("</table>")
    return "".join(parts)


def shortcuts_dialog(rows: list[tuple[str, str, str]], parent: QWidget | None = None) -> QDialog:
    return page_dialog(parent, "Keyboard Shortcuts", shortcuts_html(rows), "shortcutsDialog")


def write_technique_guide(
    out: Path, progress: ProgressCallback | None = None, should_stop: StopCallback | None = None
) -> Path:
    """Write the strategy guide (as ``nonostudio-cli rules guide`` does, without the test set's
    frequencies) to ``out``; returns ``out``.  Raises OSError when it cannot be written."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.analysis.helping.guide import example_sources, real_examples
    from nonostudio.analysis.helping.guide import guide_html as technique_html
    from nonostudio.core.samples import sample_puzzles
    from nonostudio.rules.ruleset import load_rule_set

    if progress is not None:
        progress(0.0, "loading the rules")
    rule_set = load_rule_set(DEFAULT_RULE_SET)
    samples = sample_puzzles()
    if progress is not None:
        progress(0.2, "finding examples in the sample puzzles")
    examples = real_examples(samples, rule_set.rules, should_stop=should_stop)
    sources = example_sources(examples, samples)
    page = technique_html(examples, None, 0, rule_set=rule_set.name, sources=sources)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(page, encoding="utf-8")
    tmp.replace(out)
    if progress is not None:
        progress(1.0, "written")
    return out


def technique_guide_path() -> Path:
    from nonostudio import __version__
    from nonostudio.core.paths import user_data_dir

    return user_data_dir() / "guide" / f"technique-guide-{__version__}.html"
