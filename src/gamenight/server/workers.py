"""Store calls off the event loop, on threads of their own.

A move's commit goes to the store thread and back once per move; ``loop.run_in_executor`` spends
more of the loop's time on that hop (the executor's locks, its idle-thread count, a future chained
to another) than the commit itself takes. Here a call is a queue entry and its answer one
``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[[], Any]]


def _settle(fut: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if fut.done():  # its caller was cancelled: nobody waits for the answer
        return
    if ok:
        fut.set_result(value)
    else:
        fut.set_exception(value)


class Workers:
    """``threads`` threads taking calls in order from one queue (one: SQLite's single writer)."""

    def __init__(self, threads: int, name: str) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._threads = [threading.Thread(target=self._work, name=f"{name}_{i}", daemon=True)
                         for i in range(threads)]
        for t in self._threads:
            t.start()

    def run(self, fn: Callable[[], T]) -> asyncio.Future[T]:
        """``fn()`` on a worker thread; the future is answered on the calling loop."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._jobs.put((loop, fut, fn))
        return fut

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            loop, fut, fn = job
            try:
                value, ok = fn(), True
            except BaseException as e:  # noqa: BLE001  handed to the caller, as an executor does
                value, ok = e, False
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                loop.call_soon_threadsafe(_settle, fut, ok, value)

    def shutdown(self) -> None:
        """Finish the calls queued, then stop the threads."""
        for _ in self._threads:
            self._jobs.put(None)
        for t in self._threads:
            t.join()
