"""Kill the real server (uvicorn in a subprocess) with SIGKILL in the middle of a hand,
start it again on the same SQLite file, and find the table exactly where it was."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from server.test_server import first_move


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: Path) -> None:
        self.db, self.port = db, free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, GAMENIGHT_BOT_DELAY="0", GAMENIGHT_GRACE_PERIOD="600")
        serve = ["serve", "--port", str(self.port), "--database-url", f"sqlite:///{self.db}"]  # `gamenight serve`
        self.proc = subprocess.Popen([sys.executable, "-m", "gamenight.cli.app", *serve], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server died: {self.proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "gamenight.db")
    yield s
    if s.proc is not None:
        s.kill()


def receive(ws: Any) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=10))


def test_sigkill_mid_hand_and_restart_resumes_exactly(server: Server) -> None:
    server.start()
    made = httpx.post(f"{server.base}/api/tables", json={"game": "hearts", "bots": [1, 2, 3]}).json()
    tid, host = made["table"]["id"], made["host_token"]
    token = made["links"]["seats"][0]["link"].split("#token=")[1]
    assert httpx.post(f"{server.base}/api/tables/{tid}/start", headers={"X-Host-Token": host}).status_code == 200
    ws_url = f"ws://127.0.0.1:{server.port}/ws/tables/{tid}"
    sheet = None
    with connect(ws_url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            m = receive(ws)
            if m["type"] != "state":
                continue
            sheet = m.setdefault("sheet", sheet)  # sent only when it changed
            if m["ply"] >= 25 and m["legal"]:
                before = m
                break
            if m["legal"]:
                ws.send(json.dumps({"type": "act", "action": first_move(m)}))
    assert not before["sheet"]["rows"]  # still in the middle of the first hand
    server.kill()
    server.start()
    info = httpx.get(f"{server.base}/api/tables/{tid}").json()
    assert info["status"] == "playing"
    with connect(ws_url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        after = receive(ws)
        assert after["events_reset"] and after["last"] == before["last"]
        for key in ("view", "legal", "to_act", "sheet", "ply", "over"):  # the prompt is in the view
            assert after[key] == before[key], key
        ws.send(json.dumps({"type": "act", "action": first_move(after)}))
        nxt = receive(ws)
        assert nxt["type"] == "state" and nxt["ply"] == before["ply"] + 1
    server.kill()
    server.start()  # and what was said after the restart was kept too
    with connect(ws_url) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        assert receive(ws)["ply"] >= before["ply"] + 1
