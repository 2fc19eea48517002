"""Write ``.ci/constraints.txt``: the exact versions CI installs (a lock for the test environment).

It pins every distribution that the project's requirements pull in — the runtime
``dependencies``, the ``test`` extra and the ``dev`` dependency group of ``pyproject.toml`` and
everything those require in turn — at the version installed in the environment it runs in.  Run
it after changing a requirement and after checking the new versions with the full suite::

    python3 packaging/make_constraints.py

``tests/test_packaging.py`` checks that the file pins exactly that set, that every pin satisfies
the bounds in ``pyproject.toml`` (so a release known to be bad cannot be locked), and, in CI,
that the environment really has the pinned versions.
"""

from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parent.parent
CONSTRAINTS = REPO / ".ci" / "constraints.txt"
HEADER = (
    "# Exact versions CI installs (pip install -c .ci/constraints.txt ...).\n"
    "# Made by packaging/make_constraints.py from pyproject.toml's dependencies, the test\n"
    "# extra and the dev group; checked by tests/test_packaging.py.\n"
)


def top_requirements(pyproject: dict) -> list[Requirement]:
    """The requirements CI installs: runtime dependencies, the ``test`` extra, the ``dev`` group."""
    project = pyproject["project"]
    texts = list(project["dependencies"]) + list(project["optional-dependencies"]["test"])
    texts += [item for item in pyproject["dependency-groups"]["dev"] if isinstance(item, str)]
    return [Requirement(text) for text in texts]


def _applies(requirement: Requirement, extras: Iterable[str]) -> bool:
    if requirement.marker is None:
        return True
    environment = dict(default_environment())
    return any(
        requirement.marker.evaluate({**environment, "extra": extra})
        for extra in (list(extras) or [""])
    )


def closure(requirements: Iterable[Requirement]) -> dict[str, str]:
    """Every distribution the requirements need, by canonical name, with its installed version.

    Raises ``importlib.metadata.PackageNotFoundError`` naming a required distribution that is not
    installed (the environment is incomplete: install the project's test extra and dev group)."""
    pinned: dict[str, str] = {}
    todo = [(requirement, tuple(requirement.extras)) for requirement in requirements]
    seen: set[tuple[str, tuple[str, ...]]] = set()
    while todo:
        requirement, extras = todo.pop()
        name = canonicalize_name(requirement.name)
        if name == "nonostudio" or (name, extras) in seen:
            continue
        seen.add((name, extras))
        distribution = importlib.metadata.distribution(requirement.name)
        pinned[name] = distribution.version
        for text in distribution.requires or []:
            child = Requirement(text)
            if _applies(child, extras):
                todo.append((child, tuple(child.extras)))
    return pinned


def constraints_text(pinned: dict[str, str]) -> str:
    return HEADER + "".join(f"{name}=={version}\n" for name, version in sorted(pinned.items()))


def main() -> int:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    try:
        pinned = closure(top_requirements(pyproject))
    except importlib.metadata.PackageNotFoundError as error:
        print(
            f"not installed: {error}; install the test extra and the dev group first",
            file=sys.stderr,
        )
        return 1
    CONSTRAINTS.write_text(constraints_text(pinned), encoding="utf-8")
    print(f"wrote {len(pinned)} pins to {CONSTRAINTS.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
