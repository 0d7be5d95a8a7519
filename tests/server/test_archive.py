"""Idle tables are archived (SQLite and PostgreSQL): not replayed at start-up however many
were made, let go of while the server runs unless someone is at them, and reported as
archived at their address."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from gamenight.server.app import create_app
from gamenight.server.limits import Limits
from server.test_server import hello, host_post, new_table, play_my_turns, settings, token_of, url
from store.test_store import postgres_url

LONG_AGO = datetime.now(UTC) - timedelta(days=90)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gamenight.db'}"
    return postgres_url()


def _age(db_url: str, table_ids: list[str], moves_too: bool = True) -> None:
    """Make tables look as if they were made, started and last played long ago."""
    eng = create_engine(db_url)
    with eng.begin() as conn:
        for tid in table_ids:
            conn.execute(text("UPDATE game_tables SET created_at = :t WHERE id = :id"), {"t": LONG_AGO, "id": tid})
            conn.execute(text("UPDATE matches SET created_at = :t WHERE table_id = :id"), {"t": LONG_AGO, "id": tid})
            if moves_too:
                conn.execute(text("UPDATE match_actions SET created_at = :t WHERE match_id IN "
                                  "(SELECT id FROM matches WHERE table_id = :id)"), {"t": LONG_AGO, "id": tid})
    eng.dispose()


def test_idle_tables_are_archived_at_start_and_never_replayed(db_url: str) -> None:
    month = Limits(archive_after=30 * 24 * 3600.0)
    with TestClient(create_app(db_url, settings(grace_period=600), limits=month)) as c:
        idle = [new_table(c, bots=[1, 2, 3]) for _ in range(5)]
        host_post(c, idle[0], "start")  # started, then left
        played = new_table(c, bots=[1, 2, 3])  # made long ago, played today
        host_post(c, played, "start")
        with c.websocket_connect(url(played)) as ws:
            play_my_turns(ws, lambda m: m["ply"] >= 4 and m["legal"], hello(ws, token_of(played, 0)))
        fresh = new_table(c)
    _age(db_url, [t["table"]["id"] for t in idle])
    _age(db_url, [played["table"]["id"]], moves_too=False)
    with TestClient(create_app(db_url, settings(grace_period=600), limits=month)) as c:
        svc = c.app.state.service
        assert set(svc.tables) == {played["table"]["id"], fresh["table"]["id"]}
        assert {r.id for r in svc.store.tables()} == set(svc.tables)  # the archived are not even read
        info = c.get(f"/api/tables/{idle[0]['table']['id']}").json()
        assert info["status"] == "archived" and "archived" in info["error"] and info["seats"] == []
        with c.websocket_connect(url(idle[0])) as ws:
            ws.send_json({"type": "hello", "token": token_of(idle[0], 0)})
            m = ws.receive_json()
            assert m["type"] == "error" and "archived" in m["message"]
        assert host_post(c, idle[1], "start").status_code == 404
        assert c.get("/api/tables/never-was").status_code == 404
        with c.websocket_connect(url(played)) as ws:  # the table played today plays on
            assert hello(ws, token_of(played, 0))["table"]["status"] == "playing"


def test_a_table_nobody_is_at_is_let_go_of_while_the_server_runs(db_url: str) -> None:
    quick = Limits(archive_after=0.5, archive_every=0.2)
    with TestClient(create_app(db_url, settings(grace_period=600), limits=quick)) as c:
        left, watched = new_table(c, bots=[1, 2, 3]), new_table(c, bots=[1, 2, 3])
        host_post(c, left, "start")
        svc = c.app.state.service
        with c.websocket_connect(url(watched)) as ws:
            hello(ws)  # a spectator is at this one
            deadline = time.monotonic() + 10
            while left["table"]["id"] in svc.tables:
                assert time.monotonic() < deadline, "the idle table was never archived"
                time.sleep(0.1)
            time.sleep(0.5)
            assert watched["table"]["id"] in svc.tables
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] in ("pong", "state")
        assert c.get(f"/api/tables/{left['table']['id']}").json()["status"] == "archived"
