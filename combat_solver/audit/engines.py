"""The engines that check chunks: in this process, in local worker processes, or on a Dask cluster.
Every engine yields the chunks' results in input order, with a bounded number in flight."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager, suppress
from typing import Any, Literal, NamedTuple, Protocol, TypeVar

from ..model.errors import InputError
from .check import Audited, audit_chunk
from .reading import DEFAULT_CONNECT_TIMEOUT, Line

Engine = Literal["local", "dask"]
T = TypeVar("T", covariant=True)
IN_FLIGHT_PER_WORKER = 4


class _Future(Protocol[T]):
    def result(self) -> T: ...


def require_engine(engine: Engine) -> None:
    """Fail before any work when the engine's optional extra is missing."""
    if engine == "dask":
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise InputError.one(
                ("--engine",), "missing_extra", "the Dask engine needs: pip install 'combat-solver[dask]'"
            ) from None


class Runner(NamedTuple):
    """``run`` checks chunks and yields their results in input order, on ``workers`` workers."""

    run: Callable[[Iterator[list[Line]]], Iterator[list[Audited]]]
    workers: int


@contextmanager
def running(
    engine: Engine,
    *,
    jobs: int,
    scheduler: str | None,
    time_limit: float,
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
) -> Iterator[Runner]:
    """The engine, started (a Dask cluster is reached before anything is written), and stopped
    on the way out, interrupted or not. On a Dask cluster the workers are the cluster's threads;
    ``connect_timeout`` seconds is how long reaching its scheduler may take."""
    if engine == "dask":
        with _dask_client(jobs, scheduler, connect_timeout) as client:
            workers = max(1, sum(client.nthreads().values()))
            yield Runner(
                lambda chunks: _in_order(
                    lambda c: client.submit(audit_chunk, c, time_limit, pure=False),
                    chunks,
                    IN_FLIGHT_PER_WORKER * workers,
                ),
                workers,
            )
    elif jobs == 1:
        yield Runner(lambda chunks: (audit_chunk(c, time_limit) for c in chunks), 1)
    else:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        context = multiprocessing.get_context(method)
        pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),))
        try:
            yield Runner(
                lambda chunks: _in_order(
                    lambda c: pool.submit(audit_chunk, c, time_limit), chunks, IN_FLIGHT_PER_WORKER * jobs
                ),
                jobs,
            )
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _in_order(
    submit: Callable[[list[Line]], _Future[list[Audited]]], chunks: Iterator[list[Line]], window: int
) -> Iterator[list[Audited]]:
    pending: deque[_Future[list[Audited]]] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


PARENT_POLL = 0.5
"""Seconds between a worker's looks at whether its parent is still there."""


def _start_worker(parent: int) -> None:
    """Workers leave Ctrl-C to the main process, which stops them and keeps the checkpoint, and
    end with it however it ends (``kill -9`` and ``kill`` too): on Linux the kernel kills them
    when it goes (``PR_SET_PDEATHSIG``); everywhere a thread sees the parent change and exits."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent went before the line above took effect
        os._exit(1)
    threading.Thread(target=_exit_without, args=(parent,), name="parent-watch", daemon=True).start()


_PR_SET_PDEATHSIG = 1


def _exit_without(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


@contextmanager
def _dask_client(jobs: int, scheduler: str | None, connect_timeout: float) -> Iterator[Any]:
    from distributed import Client, LocalCluster

    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster if cluster is not None else scheduler, timeout=f"{connect_timeout}s")
    except (OSError, TimeoutError) as e:
        if cluster is not None:
            cluster.close()
        raise InputError.one(
            ("--scheduler",),
            "unreachable",
            f"can't reach the Dask scheduler {scheduler} within {connect_timeout:g} s: {e}",
        ) from None
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
