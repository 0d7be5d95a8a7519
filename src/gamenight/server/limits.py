"""Limits per client address, so one machine cannot flood the server: how fast it may make
tables and houses, how fast it may open sockets, and how many sockets it may hold open at
once. Rates are written as the ``limits`` library reads them ("60/minute", "10 per second")
and counted in a moving window; every limit can be set by a ``GAMENIGHT_*`` variable.

Idle tables are archived after ``archive_after`` seconds (see ``server.archive``): a server
never replays more tables at start-up than are in use."""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass, fields
from typing import Any

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter


@dataclass
class Limits:
    create_rate: str = "60/minute"
    """Tables and houses one address may make."""
    socket_rate: str = "240/minute"
    """Sockets one address may open."""
    sockets_per_address: int = 64
    """Sockets one address may hold open at once (a household's devices and tabs fit easily)."""
    archive_after: float = 30 * 24 * 3600.0
    """Seconds without a move (or a new match) before a table is archived."""
    archive_every: float = 3600.0
    """Seconds between two looks for idle tables while the server runs."""

    @classmethod
    def from_env(cls, **overrides: Any) -> Limits:
        """Defaults, then ``GAMENIGHT_CREATE_RATE``, ``GAMENIGHT_SOCKET_RATE``,
        ``GAMENIGHT_SOCKETS_PER_ADDRESS``, ``GAMENIGHT_ARCHIVE_AFTER`` and
        ``GAMENIGHT_ARCHIVE_EVERY``, then ``overrides``."""
        out = cls()
        for f in fields(cls):
            raw = os.environ.get(f"GAMENIGHT_{f.name.upper()}")
            if raw is not None:
                setattr(out, f.name, type(getattr(out, f.name))(raw))
        for k, v in overrides.items():
            setattr(out, k, v)
        out.check()
        return out

    def check(self) -> None:
        """Refuse a rate the limits library cannot read, or a count that is not positive."""
        parse(self.create_rate)
        parse(self.socket_rate)
        if self.sockets_per_address < 1 or self.archive_after <= 0 or self.archive_every <= 0:
            raise ValueError("sockets_per_address, archive_after and archive_every must be positive")


class AddressLimiter:
    """Counts what each client address does (one process, in memory)."""

    def __init__(self, limits: Limits) -> None:
        limits.check()
        self.limits = limits
        self._window = MovingWindowRateLimiter(MemoryStorage())
        self._create: RateLimitItem = parse(limits.create_rate)
        self._socket: RateLimitItem = parse(limits.socket_rate)
        self.open: Counter[str] = Counter()

    def may_create(self, address: str) -> bool:
        """Count one table or house made from ``address``; False once it is over its rate."""
        return self._window.hit(self._create, "create", address)

    def retry_after(self, address: str) -> int:
        """Seconds until ``address`` may make something again."""
        reset, _ = self._window.get_window_stats(self._create, "create", address)
        return max(1, int(reset - time.time()) + 1)

    def open_socket(self, address: str) -> str | None:
        """Count a socket opened from ``address``; the reason it is refused, or None."""
        if self.open[address] >= self.limits.sockets_per_address:
            return f"too many connections from your address (at most {self.limits.sockets_per_address} at once)"
        if not self._window.hit(self._socket, "socket", address):
            return "connecting too often from your address: wait a little"
        self.open[address] += 1
        return None

    def close_socket(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
