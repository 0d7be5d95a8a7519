"""Durable tables: a restarted app resumes every table exactly where it was (SQLite and
PostgreSQL), and a corrupt or unknown saved match breaks only its own table."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from gamenight.server.app import create_app
from server.test_server import first_move, hello, host_post, new_table, play_my_turns, settings, token_of, url
from store.test_store import postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gamenight.db'}"
    return postgres_url()


def strip(m: dict[str, Any]) -> dict[str, Any]:
    """A state message without who happens to be connected."""
    m = dict(m)
    m["table"] = {k: v for k, v in m["table"].items() if k != "seats"}
    return m


def test_a_restarted_app_resumes_the_table_exactly(db_url: str) -> None:
    slow = settings(grace_period=60.0)
    with TestClient(create_app(db_url, slow)) as c:
        made = new_table(c, bots=[1, 2, 3])
        tid = made["table"]["id"]
        host_post(c, made, "start")
        with c.websocket_connect(url(made)) as ws:
            first = hello(ws, token_of(made, 0))
            before = play_my_turns(ws, lambda m: m["ply"] >= 30 and 0 in m["to_act"] and m["legal"], first)
        svc = c.app.state.service
        before = svc.state_payload(svc.tables[tid], 0)
        spectator_before = svc.state_payload(svc.tables[tid], None)
    with TestClient(create_app(db_url, slow)) as c:
        svc = c.app.state.service
        table = svc.tables[tid]
        assert table.status == "playing"
        with c.websocket_connect(url(made)) as ws:
            after = hello(ws, token_of(made, 0))
            assert after["events_reset"] and after["events"]  # the latest events, told again from the replay
            assert strip(after) == strip(before)
            assert strip(svc.state_payload(table, None)) == strip(spectator_before)
            ws.send_json({"type": "act", "action": first_move(after)})  # and play goes on
            m = ws.receive_json()
            assert m["type"] == "state" and m["ply"] == before["ply"] + 1


def test_a_corrupt_or_unknown_saved_match_breaks_only_its_table(db_url: str) -> None:
    quick = settings(grace_period=60.0)
    with TestClient(create_app(db_url, quick)) as c:
        good, corrupt, unknown = (new_table(c, bots=[1, 2, 3]) for _ in range(3))
        for made in (good, corrupt, unknown):
            host_post(c, made, "start")
            with c.websocket_connect(url(made)) as ws:
                play_my_turns(ws, lambda m: m["ply"] >= 6 and m["legal"], hello(ws, token_of(made, 0)))
        svc = c.app.state.service
        corrupt_match = svc.tables[corrupt["table"]["id"]].match_id
    eng = create_engine(db_url)
    with eng.begin() as conn:
        conn.execute(text("UPDATE match_actions SET action = 'play ZZ' WHERE match_id = :m AND ply = 2"),
                     {"m": corrupt_match})
        conn.execute(text("UPDATE game_tables SET game = 'tiddlywinks' WHERE id = :t"),
                     {"t": unknown["table"]["id"]})
        conn.execute(text("UPDATE matches SET game = 'tiddlywinks' WHERE table_id = :t"),
                     {"t": unknown["table"]["id"]})
    eng.dispose()
    with TestClient(create_app(db_url, quick)) as c:
        info = c.get(f"/api/tables/{corrupt['table']['id']}").json()
        assert info["status"] == "broken" and "log entry 2" in info["error"]
        assert "ZZ" not in info["error"] and "play " not in info["error"]  # no logged move is quoted
        info = c.get(f"/api/tables/{unknown['table']['id']}").json()
        assert info["status"] == "broken" and "tiddlywinks" in info["error"]
        assert c.get(f"/api/tables/{good['table']['id']}").json()["status"] == "playing"
        with c.websocket_connect(url(corrupt)) as ws:
            m = hello(ws, token_of(corrupt, 0))
            assert m["table"]["status"] == "broken" and m["view"] is None and m["legal"] == []
            ws.send_json({"type": "act", "action": "play 2C"})
            m = ws.receive_json()
            assert m["type"] == "error" and "broken" in m["message"]
        assert host_post(c, corrupt, "again").status_code == 409
        with c.websocket_connect(url(good)) as ws:
            m = hello(ws, token_of(good, 0))
            ws.send_json({"type": "act", "action": first_move(m)})
            assert ws.receive_json()["ply"] == m["ply"] + 1


# --- a damaged row costs only its own table or house --------------------------------------------------
def _damage(db_url: str, *statements: tuple[str, dict[str, Any]]) -> None:
    eng = create_engine(db_url)
    with eng.begin() as conn:
        for sql, params in statements:
            conn.execute(text(sql), params)
    eng.dispose()


def test_each_damaged_table_row_breaks_only_its_table_and_is_logged(db_url: str,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    quick = settings(grace_period=60.0)
    with TestClient(create_app(db_url, quick)) as c:
        tables = {name: new_table(c, bots=[1, 2, 3]) for name in
                  ("good", "options", "no seats", "missing seat", "unknown seat", "players")}
        for made in tables.values():
            host_post(c, made, "start")
    tid = {name: made["table"]["id"] for name, made in tables.items()}
    # PostgreSQL keeps its JSON columns well formed, so a damaged one there holds the wrong kind of value
    bad_json = "'{not json'" if db_url.startswith("sqlite") else "'[\"a list\"]'"
    _damage(db_url,
            (f"UPDATE game_tables SET options = {bad_json} WHERE id = :t", {"t": tid["options"]}),
            ("DELETE FROM seats WHERE table_id = :t", {"t": tid["no seats"]}),
            ("DELETE FROM seats WHERE table_id = :t AND seat = 2", {"t": tid["missing seat"]}),
            ("INSERT INTO seats (table_id, seat, kind, token, name) VALUES (:t, 7, 'human', 'x', 'Zed')",
             {"t": tid["unknown seat"]}),
            ("UPDATE game_tables SET players = -3 WHERE id = :t", {"t": tid["players"]}))
    with caplog.at_level("WARNING", logger="gamenight.server"), TestClient(create_app(db_url, quick)) as c:
        for name in ("options", "no seats", "missing seat", "unknown seat", "players"):
            info = c.get(f"/api/tables/{tid[name]}").json()
            assert info["status"] == "broken" and "damaged" in info["error"], name
            assert any(tid[name] in r.getMessage() for r in caplog.records), f"{name}: nothing logged"
            with c.websocket_connect(f"/ws/tables/{tid[name]}") as ws:  # looking at it never crashes
                m = hello(ws)
                assert m["table"]["status"] == "broken"
            assert host_post(c, tables[name], "again").status_code == 409
        with c.websocket_connect(url(tables["good"])) as ws:  # and the good table plays on
            m = hello(ws, token_of(tables["good"], 0))
            assert m["table"]["status"] == "playing"


def test_a_damaged_house_document_breaks_only_its_house(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    quick = settings(grace_period=60.0)
    with TestClient(create_app(db_url, quick)) as c:
        houses = {}
        for name in ("good", "not json", "not a house"):
            houses[name] = c.post("/api/houses", json={"name": f"The {name}", "host": "Ann"}).json()
        key = {"X-House-Key": houses["not a house"]["key"]}
        table = c.post("/api/tables", json={"game": "hearts", "bots": [1, 2, 3],
                                             "house": houses["not a house"]["house"]["id"]}, headers=key).json()
    hid = {name: made["house"]["id"] for name, made in houses.items()}
    bad_json = "'{not json'" if db_url.startswith("sqlite") else "'[1, 2]'"
    _damage(db_url, (f"UPDATE houses SET data = {bad_json} WHERE id = :h", {"h": hid["not json"]}),
            ("UPDATE houses SET data = '{\"name\": 7}' WHERE id = :h", {"h": hid["not a house"]}))
    with caplog.at_level("WARNING", logger="gamenight.server"), TestClient(create_app(db_url, quick)) as c:
        for name in ("not json", "not a house"):
            r = c.get(f"/api/houses/{hid[name]}")
            assert r.status_code == 409 and "cannot be read" in r.json()["detail"]
            assert any(hid[name] in rec.getMessage() for rec in caplog.records), f"{name}: nothing logged"
        assert c.get(f"/api/houses/{hid['good']}").json()["name"] == "The good"
        info = c.get(f"/api/tables/{table['table']['id']}").json()  # its table says why it has no house rules
        assert info["status"] == "waiting" and info["house"]["error"]
        assert host_post(c, table, "start").status_code in (400, 409)
