"""A connection's messages go out in order, and a client too slow to keep up is let go rather
than have its messages pile up in the server."""

from __future__ import annotations

import asyncio
from typing import Any

from gamenight.server.app import WsConnection


class Socket:
    """Stands for a WebSocket: records what was sent; ``stuck`` holds every send until released."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.stuck = asyncio.Event()
        self.stuck.set()

    async def send_text(self, text: str) -> None:
        await self.stuck.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def test_messages_go_out_in_order_then_the_close() -> None:
    async def go() -> tuple[list[str], Any]:
        ws = Socket()
        conn = WsConnection(ws, 0, 8)  # type: ignore[arg-type]
        for i in range(5):
            conn.send(f"m{i}")
            if i == 2:
                await asyncio.sleep(0)
        conn.close(4000, "bye")
        await asyncio.wait_for(conn.task, 1)
        return ws.sent, ws.closed

    sent, closed = asyncio.run(go())
    assert sent == ["m0", "m1", "m2", "m3", "m4"]
    assert closed == (4000, "bye")


def test_a_client_too_slow_to_keep_up_is_closed() -> None:
    async def go() -> tuple[list[str], Any, bool]:
        ws = Socket()
        ws.stuck.clear()
        conn = WsConnection(ws, 0, 4)  # type: ignore[arg-type]
        for i in range(10):
            conn.send(f"m{i}")
            await asyncio.sleep(0)
        for _ in range(5):
            await asyncio.sleep(0)
        return ws.sent, ws.closed, conn.closed

    sent, closed, gone = asyncio.run(go())
    assert gone and closed == (1013, "too slow to keep up")
    assert sent == []
