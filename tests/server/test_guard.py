"""Attacks on request bodies and framing are refused before any route runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from gamenight.server.app import MAX_BODY, create_app
from gamenight.server.tables import Settings


@pytest.fixture
def client(tmp_path) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    with TestClient(create_app(f"sqlite:///{tmp_path / 'gn.db'}", Settings(bot_delay=0.0))) as c:
        yield c


def _chunks(total: int, size: int = 16_384) -> Iterator[bytes]:
    sent = 0
    while sent < total:
        n = min(size, total - sent)
        sent += n
        yield b" " * n


def test_a_streamed_body_past_the_limit_is_refused_and_makes_nothing(client: TestClient) -> None:
    before = len(client.get("/api/tables").json())
    r = client.post("/api/tables", content=_chunks(10 * MAX_BODY), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert len(client.get("/api/tables").json()) == before


def test_a_declared_body_past_the_limit_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{}" + b" " * (MAX_BODY + 1), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_body_within_the_limit_still_works(client: TestClient) -> None:
    r = client.post("/api/tables", content=_chunks(MAX_BODY // 2), headers={"content-type": "application/json"})
    assert r.status_code == 422  # read whole (blank JSON), refused for what it says, not for its size


@pytest.mark.parametrize("path", ["/", "/api/games", "/static/table.js", "/no/such/page"])
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_options_are_judged_and_bounded_when_a_table_is_made(client: TestClient) -> None:
    before = len(client.get("/api/tables").json())
    r = client.post("/api/tables", json={"game": "court_whist", "players": 4, "options": {"ladies": "9 9 9"}})
    assert r.status_code == 400 and "ladies" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "court_whist", "options": {"ladies": "1 " * 3_000_000}})
    assert r.status_code in (400, 413)
    r = client.post("/api/tables", json={"game": "hearts", "options": {"target": 10**30}})
    assert r.status_code == 400 and "at most" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "hearts", "options": {"target": "9" * 4300}})
    assert r.status_code == 400
    assert len(client.get("/api/tables").json()) == before
