"""Attacks on request bodies and framing are refused before any route runs."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from gamenight.server.app import MAX_BODY, create_app
from gamenight.server.tables import Settings


@pytest.fixture
def client(tmp_path) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    with TestClient(create_app(f"sqlite:///{tmp_path / 'gn.db'}", Settings(bot_delay=0.0))) as c:
        yield c


def _kept(c: TestClient) -> tuple[int, int]:
    """How many houses and tables the store keeps."""
    store = c.app.state.service.store  # type: ignore[attr-defined]
    return len(store.houses()), len(store.tables())


def _chunks(total: int, size: int = 16_384) -> Iterator[bytes]:
    sent = 0
    while sent < total:
        n = min(size, total - sent)
        sent += n
        yield b" " * n


def test_a_streamed_body_past_the_limit_is_refused_and_makes_nothing(client: TestClient) -> None:
    before = _kept(client)
    r = client.post("/api/tables", content=_chunks(10 * MAX_BODY), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert _kept(client) == before


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
    before = _kept(client)
    r = client.post("/api/tables", json={"game": "court_whist", "players": 4, "options": {"ladies": "9 9 9"}})
    assert r.status_code == 400 and "ladies" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "court_whist", "options": {"ladies": "1 " * 3_000_000}})
    assert r.status_code in (400, 413)
    r = client.post("/api/tables", json={"game": "hearts", "options": {"target": 10**30}})
    assert r.status_code == 400 and "at most" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "hearts", "options": {"target": "9" * 4300}})
    assert r.status_code == 400
    assert _kept(client) == before


# --- inputs that once gave a 500 or dropped the connection: each is a clear refusal now -----------
@pytest.fixture(params=["sqlite", "postgresql"])
def both(request: pytest.FixtureRequest, tmp_path) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    """The same app on SQLite and on PostgreSQL (which refuses what SQLite would store)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'gn.db'}"
    else:
        from store.test_store import postgres_url
        url = postgres_url()
    with TestClient(create_app(url, Settings(bot_delay=0.0)), raise_server_exceptions=False) as c:
        yield c


def _house_toml(extra: str) -> str:
    return f'name = "The Metzkers"\nhost = "Ann"\n[[members]]\nname = "Ann"\n{extra}\n'


@pytest.mark.parametrize("toml", [
    "a = " + "[" * 2000 + "]" * 2000,
    "a = " + "{b = " * 900 + "1" + "}" * 900,
    "a = " + "9" * 4300,
    "a = " + "9" * 5000,
], ids=["nested-arrays", "nested-tables", "4300-digits", "5000-digits"])
def test_a_deeply_nested_or_huge_number_toml_file_is_refused(both: TestClient, toml: str) -> None:
    before = _kept(both)
    r = both.post("/api/houses/import", json={"toml": toml})
    assert r.status_code == 400 and r.json()["key"] in ("(file)", "a", "name")
    assert _kept(both) == before


def test_an_imported_ruling_id_of_5000_digits_is_refused(both: TestClient) -> None:
    before = _kept(both)
    toml = _house_toml('[games.hearts]\nproposed_by = "Ann"\nwhen = 2026-01-01T00:00:00Z\n'
                            f'[[games.hearts.rulings]]\nid = "r{"9" * 5000}"\ntext = "t"\nauthor = "Ann"\n'
                            'when = 2026-01-01T00:00:00Z')
    r = both.post("/api/houses/import", json={"toml": toml})
    assert r.status_code == 400 and r.json()["key"] == "games.hearts.rulings[0].id"
    assert len(r.text) < 500  # the refusal names the key; it does not echo 5,000 digits
    big = _house_toml("[[proposals]]\nid = " + "9" * 40 + '\ngame = "hearts"')
    assert both.post("/api/houses/import", json={"toml": big}).status_code == 400
    assert _kept(both) == before


@pytest.mark.parametrize(("name", "host", "member"), [
    ("The\x00Metzkers", "Ann", "Bea"), ("The Metzkers", "A\x00nn", "Bea"), ("The Metzkers", "Ann", "B\x00ea"),
    ("N" * 201, "Ann", "Bea"),
], ids=["nul-name", "nul-host", "nul-member", "long-name"])
def test_a_nul_or_an_over_long_house_name_is_refused(both: TestClient, name: str, host: str, member: str) -> None:
    before = _kept(both)
    r = both.post("/api/houses", json={"name": name, "host": host, "members": [member]})
    assert r.status_code in (400, 422), r.text
    toml = (f"name = {json.dumps(name)}\nhost = {json.dumps(host)}\n[[members]]\nname = {json.dumps(host)}\n"
            f"[[members]]\nname = {json.dumps(member)}\n")
    r = both.post("/api/houses/import", json={"toml": toml})
    assert r.status_code == 400 and r.json()["key"] in ("name", "host", "members[0].name", "members[1].name")
    assert _kept(both) == before


def test_a_nul_in_a_seat_name_or_a_text_option_is_refused(both: TestClient) -> None:
    before = _kept(both)
    assert both.post("/api/tables", json={"game": "hearts", "names": ["A\x00nn"]}).status_code == 422
    r = both.post("/api/tables", json={"game": "court_whist", "players": 4, "options": {"ladies": "1\x00"}})
    assert r.status_code == 400 and "ladies" in r.json()["detail"]
    assert _kept(both) == before


def test_players_1e400_is_refused_as_not_a_number(both: TestClient) -> None:
    before = _kept(both)
    for players in ("1e400", "-1e400", "NaN", "1e20"):
        r = both.post("/api/tables", content=f'{{"game": "hearts", "players": {players}}}',
                      headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), (players, r.text)
        assert r.json()["detail"]
    r = both.post("/api/tables", content='{"game": "hearts", "options": {"target": 1e400}}',
                  headers={"content-type": "application/json"})
    assert r.status_code == 400 and "target" in r.json()["detail"]
    assert _kept(both) == before


@pytest.mark.parametrize("frame", ["[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000,
                                   '{"type": "act", "action": ' + "[" * 100 + "]" * 100 + "}"],
                         ids=["arrays", "objects", "action"])
def test_a_websocket_frame_nested_deep_is_an_error_and_the_socket_lives_on(both: TestClient, frame: str) -> None:
    made = both.post("/api/tables", json={"game": "hearts"}).json()
    with both.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"
        ws.send_text(frame)
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
