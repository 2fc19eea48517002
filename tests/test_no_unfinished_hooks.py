"""No ``raise NotImplementedError`` in the package: the project counts it as an unfinished
marker, and a widget whose behaviour differs by kind takes that behaviour when it is made (the
designer panel's ``DesignKind``, the grading panel's ``GradeKind``, the Solve view's
``SolveKind``), so a missing one is a type error and a constructor error, not a crash later."""

from __future__ import annotations

import ast
from pathlib import Path

import nonostudio

PACKAGE = Path(nonostudio.__file__).parent


def _raises_not_implemented(node: ast.AST) -> bool:
    if not isinstance(node, ast.Raise) or node.exc is None:
        return False
    exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"


def test_no_module_raises_not_implemented_error() -> None:
    sources = {path: path.read_text(encoding="utf-8") for path in sorted(PACKAGE.rglob("*.py"))}
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
        for path, text in sources.items()
        if "NotImplementedError" in text  # only these need parsing
        for node in ast.walk(ast.parse(text, str(path)))
        if _raises_not_implemented(node)
    ]
    assert found == []
