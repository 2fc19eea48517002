"""The Check panel's line fix made in the editor's typed clues: a whole clue line put back where
one was left out, or a line typed twice (or an empty line too many) dropped, and the size made
to fit, as one undo step.

The typo finder names such a fix (:class:`~nonostudio.analysis.typos.lines.LineFix`) when no
single edit of one clue makes the puzzle unique ("Row clues: 19 lines; one seems to be missing
after row 7: with 3 3 2 1 1 put in as row 8, ...").  Unlike an edit, it changes how many lines
the axis has, so the editor's size changes with its clue text: the line is typed into (or taken
out of) the text at its place, then the size box set to the new count, both in one macro on the
editor's undo stack (Undo takes both back).

A colour file's line fix (:class:`~nonostudio.analysis.typos.colour_lines.ColourLineFix`) was
said in the typo list's heading only, with nothing to take; it is listed as a fix and made in
the colour editor's clues (:func:`apply_colour_line_fix`: the clues with it made, one undo step,
as clues typed in Type Clues are).
"""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from nonostudio.analysis.typos.colour_lines import ColourLineFix
from nonostudio.analysis.typos.lines import (
    DOUBLED,
    EXTRA,
    HEADINGS_SWAPPED,
    MISSING,
    MOVED,
    SWAP_WORDS,
    SWAPS,
    LineFix,
)
from nonostudio.core.clue_text import clue_to_text
from nonostudio.core.colour.model import ColourClues
from nonostudio.core.puzzle import Clues
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.editor.view import CLUES, EditorView
from nonostudio.gui.panels.check import CheckPanel


def connect_typo_fixes(panel: CheckPanel, editor: EditorView) -> None:
    """Wire the Check panel's typo list to the black-and-white editor: the typed clues searched,
    a fix's lines marked, an edit and a line fix made there (the main window does this; the
    tests wire a panel and an editor alone with it)."""
    panel.set_clue_source(editor.typed_clues, editor.typed_size)
    panel.typoLinesSelected.connect(editor.mark_clue_lines)
    panel.typoApplyRequested.connect(editor.apply_clue_edit)
    panel.lineFixRequested.connect(lambda fix: apply_line_fix(editor, fix))


def connect_colour_typo_fixes(panel: CheckPanel, editor: ColourEditorView) -> None:
    """Wire the Check panel's typo list to the colour editor: a fix's lines marked, an edit
    and a line fix made in the file's clues there."""
    panel.typoLinesSelected.connect(editor.mark_clue_lines)
    panel.typoApplyRequested.connect(editor.apply_clue_edit)
    panel.lineFixRequested.connect(lambda fix: apply_colour_line_fix(editor, fix))


def apply_colour_line_fix(editor: ColourEditorView, fix: object) -> bool:
    """Make a colour line fix in ``editor``'s clues (one undo step, the size following them, the
    picture searched as for clues typed); False, nothing changed, for a black-and-white fix, a
    picture whose clues are its own, or clues that are no longer those the fix was found for."""
    if not isinstance(fix, ColourLineFix):
        return False
    fixed = editor.state().fixed
    if fixed is None or not fits_typed(fix, fixed):
        return False
    return editor.set_typed_clues(fix.rows, fix.cols)


def fits_typed(
    fix: LineFix | ColourLineFix,
    typed: tuple[Clues, Clues] | tuple[ColourClues, ColourClues] | None,
) -> bool:
    """Whether ``fix`` was found for the ``typed`` clues (``(rows, cols)``): the clues it
    leaves, with its line taken back out (or the dropped copy put back), are those typed."""
    if typed is None or fix.kind == MOVED:  # (the editor's size says where the rows end)
        return False
    rows, cols = typed
    lines, crossing = (fix.rows, fix.cols) if fix.axis == "row" else (fix.cols, fix.rows)
    typed_lines, typed_crossing = (rows, cols) if fix.axis == "row" else (cols, rows)
    if tuple(crossing) != tuple(typed_crossing):
        return False
    i = fix.index
    if fix.kind == MISSING:
        return tuple(lines[:i] + lines[i + 1 :]) == tuple(typed_lines)
    # a line dropped: the copy of a line typed twice, or an empty line too many, put back
    return tuple((*lines[:i], fix.clue, *lines[i:])) == tuple(typed_lines)


def apply_line_fix(editor: EditorView, fix: LineFix) -> bool:
    """Make ``fix`` in ``editor``'s typed clues (one undo step); False, nothing changed, when
    the editor is drawing or its clues are no longer those the fix was found for."""
    if not isinstance(fix, LineFix):  # (a colour one is the colour editor's)
        return False
    if fix.kind in SWAPS:
        return _apply_swap(editor, fix)
    if editor.mode() != CLUES or not fits_typed(fix, editor.typed_clues()):
        return False
    ui = editor.ui
    row = fix.axis == "row"
    text = ui.rows_edit if row else ui.cols_edit
    spin = ui.height_spin if row else ui.width_spin
    count = len(fix.rows if row else fix.cols)
    doc = text.document()
    n = fix.index + 1
    what = {
        MISSING: f"{fix.axis} {n} put back",
        DOUBLED: f"{fix.axis} {n + 1} dropped",
        EXTRA: f"empty {fix.axis} {n} dropped",
    }[fix.kind]
    undo = editor.undo_stack()
    undo.beginMacro(f"typo fix: {what}")
    try:
        cursor = QTextCursor(doc)
        cursor.beginEditBlock()
        if fix.kind == MISSING:
            block = doc.findBlockByNumber(fix.index)
            if block.isValid():
                cursor.setPosition(block.position())
                cursor.insertText(f"{clue_to_text(fix.clue)}\n")
            else:  # after the last line
                cursor.movePosition(QTextCursor.MoveOperation.End)
                cursor.insertText(f"\n{clue_to_text(fix.clue)}")
        elif fix.kind == DOUBLED:  # the second copy goes, with the line break before it
            first, copy = doc.findBlockByNumber(fix.index), doc.findBlockByNumber(fix.index + 1)
            cursor.setPosition(first.position() + first.length() - 1)
            cursor.setPosition(copy.position() + copy.length() - 1, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        else:  # the empty line goes, with the line break before it (after it, the first line)
            empty = doc.findBlockByNumber(fix.index)
            if fix.index:
                before = doc.findBlockByNumber(fix.index - 1)
                cursor.setPosition(before.position() + before.length() - 1)
                end = empty.position() + empty.length() - 1
            else:
                cursor.setPosition(empty.position())
                end = min(empty.position() + empty.length(), doc.characterCount() - 1)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        cursor.endEditBlock()
        spin.setValue(count)  # (its own step: the size, the texts given as many lines)
    finally:
        undo.endMacro()
    return True


def _apply_swap(editor: EditorView, fix: LineFix) -> bool:
    """Make a swap's reading in ``editor`` (one undo step): the rows' and columns' clue texts
    exchanged (:data:`HEADINGS_SWAPPED`, the size kept) or the width and height exchanged
    (:data:`SIZE_SWAPPED`, the texts kept); False, nothing changed, when the typed clues are no
    longer those the fix was found for."""
    typed = editor.typed_clues()
    as_typed = (fix.cols, fix.rows) if fix.kind == HEADINGS_SWAPPED else (fix.rows, fix.cols)
    if editor.mode() != CLUES or typed is None or tuple(map(tuple, typed)) != as_typed:
        return False
    ui = editor.ui
    undo = editor.undo_stack()
    undo.beginMacro(f"typo fix: {SWAP_WORDS[fix.kind]}")
    try:
        if fix.kind == HEADINGS_SWAPPED:
            texts = ui.rows_edit.toPlainText(), ui.cols_edit.toPlainText()
            for edit, text in zip((ui.rows_edit, ui.cols_edit), reversed(texts), strict=True):
                cursor = QTextCursor(edit.document())
                cursor.select(QTextCursor.SelectionType.Document)
                cursor.insertText(text)
        else:
            editor.set_typed_size(len(fix.cols), len(fix.rows))
    finally:
        undo.endMacro()
    return True
