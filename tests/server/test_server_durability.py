"""Durable tables: a restarted app resumes every table exactly where it was (SQLite and
PostgreSQL), and a corrupt or unknown saved match breaks only its own table."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from gamenight.server.app import create_app
from server.test_server import hello, host_post, new_table, play_my_turns, settings, token_of, url
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
        log_before = list(svc.tables[tid].logs[0])
    with TestClient(create_app(db_url, slow)) as c:
        svc = c.app.state.service
        table = svc.tables[tid]
        assert table.status == "playing"
        with c.websocket_connect(url(made)) as ws:
            after = hello(ws, token_of(made, 0))
            assert after["log_start"] == 0 and after["log"] == log_before
            after.pop("log")
            after.pop("log_start")
            after.pop("events", None)
            after.pop("events_reset", None)
            assert strip(after) == strip(before)
            assert strip(svc.state_payload(table, None)) == strip(spectator_before)
            ws.send_json({"type": "act", "action": after["legal"][0]})  # and play goes on
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
            ws.send_json({"type": "act", "action": m["legal"][0]})
            assert ws.receive_json()["ply"] == m["ply"] + 1
