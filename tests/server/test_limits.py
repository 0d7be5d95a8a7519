"""Limits per client address: one machine making tables and houses too fast, or opening too
many sockets (too fast, or too many at once), is refused; other addresses are not."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient

from gamenight.server.app import create_app
from gamenight.server.limits import Limits
from gamenight.server.tables import Settings
from server.test_server import settings


@pytest.fixture
def app(tmp_path):  # type: ignore[no-untyped-def]
    return create_app(f"sqlite:///{tmp_path / 'gn.db'}", settings(),
                      limits=Limits(create_rate="3/minute", socket_rate="6/minute", sockets_per_address=3))


@pytest.fixture
def client(app) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    with TestClient(app, client=("203.0.113.5", 40000)) as c:
        yield c


def _made(c: TestClient) -> int:
    store = c.app.state.service.store  # type: ignore[attr-defined]
    return len(store.tables()) + len(store.houses())


def test_making_tables_and_houses_too_fast_from_one_address_is_refused(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    assert client.post("/api/tables", json={"game": "hearts"}).status_code == 201
    assert client.post("/api/houses", json={"name": "The Metzkers", "host": "Ann"}).status_code == 201
    assert client.post("/api/tables", json={"game": "hearts"}).status_code == 201
    for path, body in [("/api/tables", {"game": "hearts"}), ("/api/houses", {"name": "X", "host": "Ann"}),
                       ("/api/houses/import", {"toml": 'name = "X"\nhost = "A"\n[[members]]\nname = "A"\n'})]:
        r = client.post(path, json=body)
        assert r.status_code == 429 and "too many" in r.json()["detail"]
        assert 1 <= int(r.headers["retry-after"]) <= 60
    assert _made(client) == 3
    with TestClient(app, client=("198.51.100.7", 40000)) as neighbour:  # another address has its own count
        assert neighbour.post("/api/tables", json={"game": "hearts"}).status_code == 201


def test_one_address_holds_only_so_many_sockets_at_once(app, client: TestClient) -> None:  # type: ignore[no-untyped-def]
    tid = client.post("/api/tables", json={"game": "hearts"}).json()["table"]["id"]
    with ExitStack() as stack:
        for _ in range(3):
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"
        with client.websocket_connect(f"/ws/tables/{tid}") as fourth:
            m = fourth.receive_json()
            assert m["type"] == "error" and "at most 3 at once" in m["message"]
        with TestClient(app, client=("198.51.100.7", 40000)) as neighbour, \
                neighbour.websocket_connect(f"/ws/tables/{tid}") as theirs:
            theirs.send_json({"type": "hello"})
            assert theirs.receive_json()["type"] == "state"
    with client.websocket_connect(f"/ws/tables/{tid}") as again:  # the three closed: room again
        again.send_json({"type": "hello"})
        assert again.receive_json()["type"] == "state"


def test_opening_sockets_too_fast_from_one_address_is_refused(client: TestClient) -> None:
    tid = client.post("/api/tables", json={"game": "hearts"}).json()["table"]["id"]
    for _ in range(6):  # one at a time: never more than one open
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        m = ws.receive_json()
        assert m["type"] == "error" and "too often" in m["message"]


def test_limits_are_configurable_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMENIGHT_CREATE_RATE", "5/second")
    monkeypatch.setenv("GAMENIGHT_SOCKETS_PER_ADDRESS", "9")
    got = Limits.from_env()
    assert (got.create_rate, got.sockets_per_address, got.socket_rate) == ("5/second", 9, Limits().socket_rate)
    monkeypatch.setenv("GAMENIGHT_CREATE_RATE", "lots")
    with pytest.raises(ValueError):
        Limits.from_env()
    with pytest.raises(ValueError):
        Limits.from_env(create_rate="1/minute", sockets_per_address=0)


@pytest.mark.parametrize(("raw", "on"), [("0", False), ("off", False), ("false", False), ("1", True), ("yes", True)])
def test_per_message_deflate_is_on_unless_the_operator_turns_it_off(monkeypatch: pytest.MonkeyPatch, raw: str,
                                                                    on: bool) -> None:
    assert Settings.from_env().ws_deflate  # phones get compressed messages by default
    monkeypatch.setenv("GAMENIGHT_WS_DEFLATE", raw)
    assert Settings.from_env().ws_deflate is on
