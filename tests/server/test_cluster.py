"""Two real ``gamenight serve --redis`` processes over one PostgreSQL database: players at
different processes play a whole hand together, and when one process is SIGKILLed its
players go on at the other with no acknowledged move lost and no bot move made twice."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import gamenight
from server.test_server_restart import free_port
from store.test_store import postgres_url

REDIS = os.environ.get("GAMENIGHT_TEST_REDIS", "redis://127.0.0.1:6379/0")


def redis_client() -> Any:
    """A client of the test Redis; skip without it (fail under CI, where ``.ci/run`` starts it)."""
    redis = pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    client = redis.Redis.from_url(REDIS)
    try:
        client.ping()
    except redis.RedisError as e:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"Redis is not reachable at {REDIS}: {e}")
    return client


class Server:
    """One ``gamenight serve`` process of the cluster."""

    def __init__(self, db: str, prefix: str) -> None:
        self.db, self.prefix, self.port = db, prefix, free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.process = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, GAMENIGHT_BOT_DELAY="0", GAMENIGHT_GRACE_PERIOD="600",
                   GAMENIGHT_REDIS_PREFIX=self.prefix, GAMENIGHT_LEASE_SECONDS="2")
        serve = ["serve", "--port", str(self.port), "--database-url", self.db, "--redis", REDIS]
        self.proc = subprocess.Popen([sys.executable, "-m", "gamenight.cli.app", *serve], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 120  # a busy machine starts slowly
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server died: {self.proc.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                health = httpx.get(f"{self.base}/api/health", timeout=1)
                if health.status_code == 200:
                    self.process = health.json()["process"]
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None


@pytest.fixture
def cluster() -> Iterator[tuple[Server, Server, Any, str]]:
    client = redis_client()
    db = postgres_url()
    prefix = f"gamenight-test-{secrets.token_hex(4)}"
    a, b = Server(db, prefix), Server(db, prefix)
    try:
        a.start()
        b.start()
        yield a, b, client, prefix
    finally:
        a.stop()
        b.stop()
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
        client.close()


class Player:
    """A person at one seat, through a socket to one process; plays the last legal move
    offered, one move at a time, each with its own id, and keeps what was acknowledged."""

    def __init__(self, seat: int, token: str) -> None:
        self.seat, self.token = seat, token
        self.ws: ClientConnection | None = None
        self.sockets = contextlib.ExitStack()
        self.state: dict[str, Any] = {}
        self.pending: tuple[str, str] | None = None
        self.acked: list[str] = []
        self.moves = 0
        self.heard: list[str] = []
        """Chat lines that reached this page."""

    def join(self, server: Server, table_id: str) -> None:
        self.ws = self.sockets.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}"))
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        self.pending = None  # an unanswered move may or may not have been made: the state says

    def step(self) -> None:
        """Read what has come (waiting a moment at most), then make a move if it is this seat's turn."""
        assert self.ws is not None
        try:
            while True:
                m = json.loads(self.ws.recv(timeout=0.05))
                answered = m.get("done") if m["type"] == "state" else m.get("id")
                if self.pending and m["type"] in ("state", "done") and answered == self.pending[0]:
                    self.acked.append(self.pending[1])  # a move made is answered in its state
                    self.pending = None
                if m["type"] == "state":
                    if "sheet" not in m:  # the sheet comes only when it changed: the page keeps the last one
                        m["sheet"] = self.state.get("sheet")
                    self.state = m
                elif m["type"] in ("refused", "error") and self.pending and m.get("id") == self.pending[0]:
                    self.pending = None  # judged on a newer state than this page had: try again
                elif m["type"] == "chat":
                    self.heard += [line["text"] for line in m["lines"]]
        except TimeoutError:
            pass
        s = self.state
        if self.pending is None and s.get("legal") and self.seat in s["to_act"] and not self.hand_over():
            self.moves += 1
            entry = s["legal"][-1]  # a combinatorial move (Hearts' pass) comes as its pieces and how many
            move = entry if isinstance(entry, str) else " ".join([entry["verb"], *entry["pieces"][-entry["k"]:]])
            self.pending = (f"{self.seat}-{self.moves}", move)
            self.ws.send(json.dumps({"type": "act", "action": self.pending[1], "id": self.pending[0]}))

    def hand_over(self) -> bool:
        return bool(self.state.get("sheet") and self.state["sheet"]["rows"])

    def close(self) -> None:
        self.sockets.close()


def new_hearts(server: Server) -> tuple[str, list[Player]]:
    made = httpx.post(f"{server.base}/api/tables", json={"game": "hearts", "bots": [2, 3]}).json()
    tid = made["table"]["id"]
    started = httpx.post(f"{server.base}/api/tables/{tid}/start", headers={"X-Host-Token": made["host_token"]})
    assert started.status_code == 200
    tokens = [s["link"].split("#token=")[1] for s in made["links"]["seats"][:2]]
    return tid, [Player(i, t) for i, t in enumerate(tokens)]


def play_until(players: list[Player], done: Any, limit: int = 5000) -> None:
    for _ in range(limit):
        for p in players:
            p.step()
        if done():
            return
    raise AssertionError(f"play stalled at ply {[p.state.get('ply') for p in players]}")


def check_log(db: str, table_id: str, players: list[Player]) -> int:
    """The stored log: plies 0..n-1 once each, a legal match (a bot move made twice would not
    replay), and every acknowledged move of each person in it, in order; returns n."""
    eng = create_engine(db)
    with eng.connect() as c:
        match_id = c.scalar(text("SELECT current_match FROM game_tables WHERE id = :t"), {"t": table_id})
        rows = c.execute(text("SELECT ply, seat, action FROM match_actions WHERE match_id = :m ORDER BY ply"),
                         {"m": match_id}).all()
        seed = c.scalar(text("SELECT seed FROM matches WHERE id = :m"), {"m": match_id})
    eng.dispose()
    assert [r.ply for r in rows] == list(range(len(rows)))
    match = gamenight.load("hearts", players=4, seed=seed)
    for r in rows:
        match.apply(r.seat, r.action)  # raises if a move was made twice or out of turn
    for p in players:
        mine = iter(r.action for r in rows if r.seat == p.seat)  # a move unanswered when a process died may be in
        assert all(a in mine for a in p.acked), f"seat {p.seat} lost an acknowledged move"
    return len(rows)


def test_players_at_two_processes_play_a_whole_hand(cluster: tuple[Server, Server, Any, str]) -> None:
    a, b, _, _ = cluster
    tid, players = new_hearts(a)
    players[0].join(a, tid)
    players[1].join(b, tid)  # b has never seen this table: it loads it from the store
    try:
        play_until(players, lambda: all(p.state for p in players))
        assert players[0].ws is not None
        players[0].ws.send(json.dumps({"type": "chat", "text": "good luck from a"}))
        play_until(players, lambda: all(p.hand_over() for p in players))
        play_until(players, lambda: all(p.pending is None for p in players))
    finally:
        for p in players:
            p.close()
    assert players[1].heard == players[0].heard == ["good luck from a"]  # a chat line crosses processes once
    hand = players[0].state["sheet"]["rows"][0]
    assert players[1].state["sheet"]["rows"][0] == hand  # the same hand, scored alike at both
    assert all(len(p.acked) >= 13 for p in players)  # each played a card a trick
    assert check_log(a.db, tid, players) >= hand["ply"]


def test_a_process_killed_mid_hand_loses_nothing(cluster: tuple[Server, Server, Any, str]) -> None:
    a, b, redis, prefix = cluster
    tid, players = new_hearts(a)
    players[0].join(a, tid)
    players[1].join(b, tid)
    at = {0: a, 1: b}
    try:
        play_until(players, lambda: min(p.state.get("ply", 0) for p in players) >= 20)
        assert not any(p.hand_over() for p in players)  # in the middle of the first hand
        owner = redis.get(f"{prefix}:bots:{tid}").decode()
        doomed, survivor = (a, b) if owner == a.process else (b, a)
        assert owner == doomed.process  # the bots ran in one of the two
        doomed.kill()  # with the table's bots
        for p in players:
            if at[p.seat] is doomed:
                p.close()
                p.join(survivor, tid)  # its person reconnects to the other process
        play_until(players, lambda: all(p.hand_over() for p in players))
        play_until(players, lambda: all(p.pending is None for p in players))
    except ConnectionClosed as e:  # pragma: no cover  a socket to the survivor must stay up
        raise AssertionError(f"a socket to the surviving process closed: {e}") from e
    finally:
        for p in players:
            p.close()
    assert redis.get(f"{prefix}:bots:{tid}").decode() == survivor.process  # it took the bots over
    assert all(p.state["sheet"]["rows"][0] == players[0].state["sheet"]["rows"][0] for p in players)
    assert check_log(a.db, tid, players) >= players[0].state["sheet"]["rows"][0]["ply"]


def test_a_second_process_cannot_make_the_same_ply_and_reads_the_first() -> None:
    pytest.importorskip("redis", reason="the 'redis' extra is not installed")
    from gamenight.server.cluster import AnnouncingStore
    from gamenight.store import StoreError

    db = postgres_url()
    first, second = AnnouncingStore(db), AnnouncingStore(db)
    heard: list[tuple[str, str, str]] = []
    first.announce = lambda table_id, what: heard.append(("first", table_id, what))
    second.announce = lambda table_id, what: heard.append(("second", table_id, what))
    try:
        table = first.create_table("hearts", 4, {}, None, [("human", ""), ("human", ""), ("bot", ""), ("bot", "")])
        match = first.new_match(table.id, "hearts", "1", 4, 7, {})
        heard.clear()
        first.append_action(match.id, 0, 2, "play 2C", None, table.id)
        with pytest.raises(StoreError):
            second.append_action(match.id, 0, 3, "play 3C", None, table.id)  # the same ply, made elsewhere
        assert second.actions_from(match.id, 0) == [(2, "play 2C")]  # what it reads instead
        assert heard == [("first", table.id, "move")]  # only a committed move is announced
    finally:
        first.close()
        second.close()


def test_serve_refuses_a_redis_address_that_is_not_one() -> None:
    from typer.testing import CliRunner

    from gamenight.cli.app import app

    result = CliRunner().invoke(app, ["serve", "--redis", "http://127.0.0.1:6379"])
    assert result.exit_code != 0 and "give a Redis URL" in result.output
