"""No import circle in the package: every module of ``nonostudio/`` is parsed with :mod:`ast`, the
graph of its runtime imports is built (module level and inside functions; an ``if
TYPE_CHECKING:`` block imports nothing at run time), and its strongly connected components are
the circles.  There must be none outside ``nonostudio/gui/``; the GUI's, while its reshaping into
subpackages goes on, must be among :data:`KNOWN_GUI_CYCLES`, a list that can only shrink.

An import counts as a runtime import of the module it names: ``import a.b`` and ``from a.b import
c`` import ``a.b`` (and ``a.b.c`` when that is a submodule); a relative import is resolved
against its module's package.  Importing ``a.b`` also runs ``a/__init__.py``, but that is not an
edge of its own: a package's ``__init__`` importing its submodules would otherwise make every
submodule that imports a sibling part of a circle with it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "nonostudio"

# The GUI's import circles today, each as its module names: those of its runtime imports,
# and those its imports for the type checker (``if TYPE_CHECKING:``, the mixins typed against
# their host) add.  The GUI reshaping (screens as subpackages, one way to split a
# widget) is to empty both lists: a circle found that is not listed fails the test; delete a
# listed one once it is gone, so that it cannot come back.
KNOWN_GUI_CYCLES: list[tuple[str, ...]] = []
KNOWN_GUI_TYPE_CYCLES: list[tuple[str, ...]] = []


def module_names(root: Path) -> dict[str, Path]:
    """Every module under the package directory ``root``, by dotted name (``pkg.sub.mod``; a
    package's ``__init__.py`` is the package's own name)."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_statements(
    node: ast.AST, *, type_checking: bool = False
) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements under ``node`` that run at some point (at import time or when a
    function is called): the body of an ``if TYPE_CHECKING:`` is skipped (not its ``else``),
    unless ``type_checking``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif not type_checking and isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from import_statements(ast.Module([other], []), type_checking=False)
        else:
            yield from import_statements(child, type_checking=type_checking)


def _imported(
    name: str, path: Path, node: ast.Import | ast.ImportFrom, modules: Mapping[str, Path]
) -> Iterator[str]:
    """The modules of ``modules`` that ``node``, in module ``name`` at ``path``, imports."""
    if isinstance(node, ast.Import):
        targets = [a.name for a in node.names]
        yield from (t for t in targets if t in modules)
        return
    if node.level:
        # A relative import: against the package (the module itself when it is __init__.py).
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        base = package[: len(package) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    submodules = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in modules]
    yield from submodules
    if target in modules and len(submodules) < len(node.names):
        yield target


Graph = dict[str, set[str]]


def import_graphs(root: Path) -> tuple[Graph, Graph]:
    """The package's two import graphs from one parse of each module: module name → the
    package's modules it imports at run time (see the module docstring), and the same with its
    imports for the type checker too."""
    modules = module_names(root)
    runtime: Graph = {}
    typed: Graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for graph, type_checking in ((runtime, False), (typed, True)):
            graph[name] = {
                target
                for node in import_statements(tree, type_checking=type_checking)
                for target in _imported(name, path, node, modules)
                if target != name
            }
    return runtime, typed


def import_graph(root: Path, *, type_checking: bool = False) -> Graph:
    """Module name → the package's modules it imports at run time; with ``type_checking`` its
    imports for the type checker too."""
    return import_graphs(root)[type_checking]


@cache
def _package_graphs() -> tuple[Graph, Graph]:
    return import_graphs(PACKAGE)


def package_graph(type_checking: bool) -> Graph:
    """:func:`import_graph` of nonostudio, each module parsed once for all the tests here
    (parsing the package is most of their time; none changes the graph)."""
    return _package_graphs()[type_checking]


def cycles(graph: Mapping[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without
    recursion), each as its sorted names, in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []
    work: list[tuple[str, Iterator[str]]] = []  # the depth-first path, each with its targets left

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        work.append((node, iter(sorted(graph.get(node, ())))))

    for start in sorted(graph):
        if start in index:
            continue
        visit(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    visit(target)
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while not component or component[-1] != node:
                        component.append(stack.pop())
                        on_stack.discard(component[-1])
                    if len(component) > 1:
                        found.append(tuple(sorted(component)))
    return sorted(found)


def _in_gui(component: tuple[str, ...]) -> bool:
    return all(m == "nonostudio.gui" or m.startswith("nonostudio.gui.") for m in component)


def _listed(components: Iterable[tuple[str, ...]]) -> str:
    return "\n".join(" <-> ".join(c) for c in sorted(components))


@pytest.mark.parametrize("type_checking", [False, True], ids=["runtime", "with-type-checking"])
def test_no_import_cycle_outside_the_gui(type_checking: bool) -> None:
    # With type_checking, also no circle through imports made for the type checker only: a
    # module typed against another that imports it is one design split in two.
    found = [c for c in cycles(package_graph(type_checking)) if not _in_gui(c)]
    assert not found, "import circles:\n" + _listed(found)


@pytest.mark.parametrize(
    ("type_checking", "known"),
    [(False, KNOWN_GUI_CYCLES), (True, KNOWN_GUI_TYPE_CYCLES)],
    ids=["runtime", "with-type-checking"],
)
def test_gui_import_cycles_are_only_known_ones(
    type_checking: bool, known: list[tuple[str, ...]]
) -> None:
    listed = {frozenset(c) for c in known}
    found = [c for c in cycles(package_graph(type_checking)) if _in_gui(c)]
    new = [c for c in found if frozenset(c) not in listed]
    assert not new, "GUI import circles not in the known list:\n" + _listed(new)


def _package(root: Path, files: Mapping[str, str]) -> Path:
    """A package ``planted`` under ``root`` holding ``files`` (relative path → source)."""
    for name, text in files.items():
        path = root / "planted" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "planted"


def test_the_finder_finds_planted_circles(tmp_path: Path) -> None:
    package = _package(
        tmp_path,
        {
            "__init__.py": "from planted.a import A\n",
            "a.py": "from planted import b\nA = 1\n",  # `from pkg import submodule`
            "b.py": "def f():\n    from .sub.c import C\n    return C\n",  # relative, in a function
            "sub/__init__.py": "",
            "sub/c.py": "import planted.a\nC = 2\n",
            # Only for the type checker: no runtime circle (its else branch still counts).
            "d.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from planted.e import E\n"
                "else:\n    import planted.sub\n"
            ),
            "e.py": "import planted.d\nE = 3\n",
            # A module importing its package's __init__ for a name (not a submodule).
            "f.py": "from planted import A\n",
        },
    )
    graph = import_graph(package)
    assert graph["planted.a"] == {"planted.b"}
    assert graph["planted.b"] == {"planted.sub.c"}
    assert graph["planted.d"] == {"planted.sub"}
    assert graph["planted.f"] == {"planted"}
    assert cycles(graph) == [("planted.a", "planted.b", "planted.sub.c")]
    assert cycles(import_graph(package, type_checking=True)) == [
        ("planted.a", "planted.b", "planted.sub.c"),
        ("planted.d", "planted.e"),
    ]


def test_the_finder_sees_the_package() -> None:
    # Guard against a finder that silently reads nothing: known imports are edges.
    graph = package_graph(False)
    assert "nonostudio.rules.words.phrase_compare" in graph["nonostudio.rules.words.phrases"]
    assert "nonostudio.learn.synthesis.synth_run" in graph["nonostudio.learn.synthesis.candidates"]
    assert len(graph) > 200
