"""Test-wide setup: offscreen Qt, isolated user data and settings, the anchor data folder, the
shipped-rule proofs started beside the tests, and a check that no test leaves a thread running."""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from leaks import THREAD_GRACE_S, leaked_threads

# Before anything imports Qt: no display here, and never touch the real user's data or settings.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_SANDBOX = Path(tempfile.mkdtemp(prefix="nonostudio-tests-"))
os.environ["NONOSTUDIO_DATA_DIR"] = str(_SANDBOX / "data")
os.environ["XDG_CONFIG_HOME"] = str(_SANDBOX / "config")
os.environ["XDG_DATA_HOME"] = str(_SANDBOX / "share")

REPO = Path(__file__).resolve().parent.parent
ANCHORS = REPO.parent / "shared" / "anchors"
# The paper's test set is not shipped: the tests measure on it, as a user would, through the
# variable that names it (tests of the bundled default unset it).
if (ANCHORS / "butler" / "testing-set.json").is_file():
    os.environ.setdefault("NONOSTUDIO_TEST_SET", str(ANCHORS / "butler" / "testing-set.json"))


@pytest.hookimpl(trylast=True)  # after ``-k`` and ``-m`` have deselected
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """The shipped rules' tests run last, and the proofs their ``verdicts`` fixture reads start
    now, beside the other tests (``shipped_proofs``)."""
    shipped = [item for item in items if item.path.name == "test_shipped_rules.py"]
    if not shipped:
        return
    last = set(shipped)
    items[:] = [item for item in items if item not in last] + shipped
    keys: list[tuple[str, int]] = []
    for item in shipped:
        if isinstance(item, pytest.Function) and "verdicts" in item.fixturenames:
            name, index = item.callspec.params["name"], item.callspec.params["index"]
            assert isinstance(name, str) and isinstance(index, int)
            keys.append((name, index))
    if keys and not config.option.collectonly:
        import shipped_proofs

        shipped_proofs.start(keys)


def pytest_sessionfinish(session: pytest.Session) -> None:
    import shipped_proofs

    shipped_proofs.stop()


# --- no leaked threads ---------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    """Fails a test that leaves a thread running (daemon or not) once its fixtures are torn
    down (this fixture is set up first and torn down last of a test's own fixtures)."""
    before = set(threading.enumerate())
    yield
    leaked = leaked_threads(before, THREAD_GRACE_S)
    if leaked:
        names = ", ".join(f"{t.name} ({'daemon' if t.daemon else 'not daemon'})" for t in leaked)
        pytest.fail(
            f"the test left {len(leaked)} thread(s) running {THREAD_GRACE_S:g} s after "
            f"it ended: {names}",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def anchors() -> Path:
    """The anchor data (:data:`ANCHORS`, beside the checkout; docs/map.md): external reference
    data, present on the developers' machines and in CI; a test that needs it skips without it."""
    if not ANCHORS.is_dir():
        pytest.skip(f"the anchor data is not present ({ANCHORS})")
    return ANCHORS


@pytest.fixture
def guide_examples_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The strategy guide's real examples worked out once a session for each input
    (``examples_once.py``) where the CLI's ``rules guide`` and the Help menu's guide look them
    up: for tests of those commands, which trace the same sample puzzles as the guide's own
    tests (``tests/analysis/helping/test_guide.py``, which test the examples themselves).  The
    Rules tab's technique browser too (its job, ``gui/rules/rules_jobs.py``, looks the function
    up in ``guide`` when it runs)."""
    import examples_once

    from nonostudio.analysis.helping import guide

    monkeypatch.setattr(guide, "real_examples", examples_once.real_examples_once)


@pytest.fixture
def rule_cells_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule's cells on a set of transitions worked out once a session for each input
    (``cells_once.py``) wherever learning's export and report look ``rule_cells`` up: for tests
    of ``learn export`` and ``learn report``, which measure the same control rules on the same
    test set again and again (the function itself is tested without it: ``tests/rules/
    test_coverage.py`` checks the coverage it reads, ``tests/learn/test_optimize.py`` its use)."""
    import cells_once

    from nonostudio.learn.choosing import export, export_entries, optimize, report

    for module in (optimize, export, export_entries, report):
        monkeypatch.setattr(module, "rule_cells", cells_once.rule_cells_once)


@pytest.fixture
def z3_interrupt_reports_canceled(monkeypatch: pytest.MonkeyPatch) -> list[BaseException]:
    """Every ``z3.Context.interrupt`` interrupts, then raises the "canceled" error that z3 briefly
    leaves on a context while another thread's query is being cancelled (a race seen once in a few
    hundred proofs).  Returns the exceptions that escaped into threads, which must stay empty."""
    import threading

    import z3

    original = z3.Context.interrupt

    def interrupt(ctx: z3.Context) -> None:
        original(ctx)
        raise z3.Z3Exception(b"canceled")

    escaped: list[BaseException] = []
    monkeypatch.setattr(z3.Context, "interrupt", interrupt)
    monkeypatch.setattr(threading, "excepthook", lambda args: escaped.append(args.exc_value))
    return escaped
