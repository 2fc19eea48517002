"""Learning on a Dask cluster over tls://: a run through a TLS scheduler on loopback (self-signed
certificates made here), and a clear message when the certificates are missing, not files, or
not the cluster's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import learn_work
import pytest
from dask_threads import DASK_THREADS, no_threads_left_but_dasks

pytest.importorskip("distributed", reason="the cluster engine needs the 'cluster' extra (dask)")
pytest.importorskip("cryptography", reason="self-signed certificates need cryptography")

import dask
from distributed import LocalCluster
from distributed.security import Security

from nonostudio.learn.mining.specs import mine_transitions, specifications
from nonostudio.learn.running.dask_engine import ClusterError, open_cluster
from nonostudio.learn.running.runner import Runner
from nonostudio.learn.store.jobs import JobStore


def _write(folder: Path, security: Security) -> dict[str, str]:
    """``security``'s certificate and key as PEM files; the Dask settings naming them."""
    folder.mkdir()
    cert, key = folder / "cert.pem", folder / "key.pem"
    cert.write_text(security.tls_client_cert)
    key.write_text(security.tls_client_key)
    return {
        "distributed.comm.tls.ca-file": str(cert),
        "distributed.comm.tls.client.cert": str(cert),
        "distributed.comm.tls.client.key": str(key),
    }


@pytest.fixture(scope="module")
def tls_cluster() -> Iterator[tuple[Any, Security]]:
    """A TLS scheduler on loopback with one worker, and its (self-signed) security."""
    security = Security.temporary()
    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tls://",
        security=security,
        dashboard_address=":0",
    ) as cluster:
        yield cluster, security


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    # The cluster's worker runs in this process: its task threads live as long as it does.
    with no_threads_left_but_dasks((*DASK_THREADS, "0-Dask-Default-Threads")):
        yield


def test_a_run_through_a_tls_scheduler(
    tls_cluster: tuple[Any, Security], store: JobStore, tmp_path: Path
) -> None:
    cluster, security = tls_cluster
    assert cluster.scheduler_address.startswith("tls://")
    specs = [s for t in mine_transitions(2) for s in specifications(t, max_patterns=1)]
    run = store.create_run({}, specs)
    with dask.config.set(_write(tmp_path / "certs", security)):
        with open_cluster(cluster.scheduler_address) as engine:
            assert engine.summary().startswith(f"{cluster.scheduler_address}: 1 workers")
            status = Runner(store, run, learn_work.z3_forced, engine=engine, budget_s=30.0).run()
    assert status.counts == {"done": len(specs)}


def test_no_certificates_names_the_settings(tls_cluster: tuple[Any, Security]) -> None:
    cluster, _ = tls_cluster
    with dask.config.set(
        {"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None}
    ):
        with pytest.raises(ClusterError) as error:
            open_cluster(cluster.scheduler_address)
    text = str(error.value)
    assert "distributed.comm.tls.ca_file" in text and "DASK_DISTRIBUTED__COMM__TLS__CA_FILE" in text
    assert "distributed.comm.tls.client.cert" in text


def test_a_certificate_that_is_not_a_file_is_named(
    tls_cluster: tuple[Any, Security], tmp_path: Path
) -> None:
    cluster, security = tls_cluster
    settings = _write(tmp_path / "certs", security)
    missing = str(tmp_path / "nowhere.pem")
    with dask.config.set(settings | {"distributed.comm.tls.client.key": missing}):
        with pytest.raises(
            ClusterError, match="client.key names .*nowhere.pem, which is not a file"
        ):
            open_cluster(cluster.scheduler_address)
    (tmp_path / "junk.pem").write_text("not a certificate\n")
    with dask.config.set(
        settings | {"distributed.comm.tls.client.cert": str(tmp_path / "junk.pem")}
    ):
        with pytest.raises(
            ClusterError, match="certificates of distributed.comm.tls cannot be used"
        ):
            open_cluster(cluster.scheduler_address)


def test_certificates_of_another_cluster_are_refused_clearly(
    tls_cluster: tuple[Any, Security], tmp_path: Path
) -> None:
    cluster, _ = tls_cluster
    with dask.config.set(_write(tmp_path / "other", Security.temporary())):
        with pytest.raises(ClusterError) as error:
            open_cluster(cluster.scheduler_address)
    assert "cannot reach the Dask scheduler at tls://" in str(error.value)
    assert "signed by the CA file of distributed.comm.tls.ca_file" in str(error.value)
