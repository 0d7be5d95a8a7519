"""Sharing a simulation's matches out: in this process, among local processes, or on a Ray cluster.

Seeds go out in chunks (a few per worker, so the progress bar moves and a slow chunk does not
hold the rest up) and the outcomes come back in seed order, so a summary never depends on how
many workers played it. Ray is an optional install (``pip install gamenight[ray]``)."""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context
from typing import Any

from gamenight.sim.simulate import Job, Outcome, Progress, play_one, play_seeds

CHUNKS_PER_WORKER = 8
MAX_CHUNK = 50


class RayUnavailable(RuntimeError):
    """``--ray`` was asked for but Ray is not installed, or no cluster answers at the address."""


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def chunks(seeds: Sequence[int], workers: int) -> list[Sequence[int]]:
    size = max(1, min(MAX_CHUNK, math.ceil(len(seeds) / (workers * CHUNKS_PER_WORKER))))
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


def run(job: Job, seeds: Iterable[int], *, jobs: int | None = 1, ray: str | None = None,
        progress: Progress | None = None, done_before: int = 0, total: int | None = None) -> list[Outcome]:
    """The outcome of each seed's match, in seed order. ``progress(done, total)`` counts matches
    from ``done_before`` out of ``total`` (default: these seeds), so several runs can share a bar."""
    order = list(seeds)
    total = total if total is not None else len(order)
    if ray is not None:
        return _on_ray(job, order, ray, progress, done_before, total)
    workers = min(jobs or default_jobs(), len(order))
    if workers <= 1:
        out = []
        for i, seed in enumerate(order, 1):
            out.append(play_one(job, seed))
            if progress is not None:
                progress(done_before + i, total)
        return out
    parts = chunks(order, workers)
    # forkserver: workers start from a clean process, never a fork of one running a progress thread
    with ProcessPoolExecutor(workers, mp_context=get_context("forkserver")) as pool:
        pending: dict[Future[list[Outcome]], int] = {pool.submit(play_seeds, job, part): i
                                                     for i, part in enumerate(parts)}
        return _gather(pending, parts, progress, done_before, total)


def _gather(pending: dict[Future[list[Outcome]], int], parts: list[Sequence[int]], progress: Progress | None,
            done_before: int, total: int) -> list[Outcome]:
    results: list[list[Outcome]] = [[] for _ in parts]
    done = done_before
    waiting = set(pending)
    while waiting:
        finished, waiting = wait(waiting, return_when=FIRST_COMPLETED)
        for f in finished:
            i = pending[f]
            results[i] = f.result()
            done += len(parts[i])
            if progress is not None:
                progress(done, total)
    return [o for part in results for o in part]


def _on_ray(job: Job, seeds: list[int], address: str, progress: Progress | None, done_before: int,
            total: int) -> list[Outcome]:
    try:
        import ray
    except ImportError:
        raise RayUnavailable("Ray is not installed: pip install 'gamenight[ray]'") from None
    if not ray.is_initialized():
        try:
            ray.init(address=address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as e:
            raise RayUnavailable(f"no Ray cluster at {address!r}: {e}") from None
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
    parts = chunks(seeds, cpus)
    remote: Any = ray.remote(play_seeds)
    refs = {remote.remote(job, part): i for i, part in enumerate(parts)}
    results: list[list[Outcome]] = [[] for _ in parts]
    done = done_before
    waiting = list(refs)
    while waiting:
        finished, waiting = ray.wait(waiting, num_returns=1)
        for ref in finished:
            i = refs[ref]
            results[i] = ray.get(ref)
            done += len(parts[i])
            if progress is not None:
                progress(done, total)
    return [o for part in results for o in part]
