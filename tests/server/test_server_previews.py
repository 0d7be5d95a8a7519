""""What would this change do?" on a house's page: members start a background comparison of an
open proposal against the rules in force and read its progress and table."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamenight.server.app import create_app
from gamenight.server.tables import Settings
from server.test_server_houses import admin, as_member, found, hid, propose

GAMES = 2


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    settings = Settings(bot_delay=0.0, grace_period=600, preview_games=GAMES)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'gn.db'}", settings)) as c:
        yield c


def finished(c: TestClient, url: str, headers: dict[str, str]) -> dict[str, Any]:
    for _ in range(1200):  # a wait for the background task, not a speed check
        got = c.get(url, headers=headers).json()
        if got["state"] != "running":
            return got  # type: ignore[no-any-return]
        assert 0 <= got["done"] <= got["total"]
        time.sleep(0.25)
    raise AssertionError("the comparison never finished")


def test_a_member_asks_what_a_proposal_would_do_and_reads_the_table(client: TestClient) -> None:
    made = found(client, approval="majority")
    r = propose(client, made, options={"target": 40, "points_on_first_trick": False}, why="shorter games")
    assert r.status_code == 201 and r.json()["proposal"]["status"] == "open"
    url = f"/api/houses/{hid(made)}/proposals/1/preview"
    bea = as_member(client, made, "Bea")

    assert client.post(url, json={}).status_code == 403  # no member link: nobody may spend the server's time
    assert client.post(url, json={}, headers={"X-House-Key": "not-a-key"}).status_code == 403
    assert client.post(url, json={"by": "Ann"}, headers=bea).status_code == 403  # Bea's link acts as Bea only
    assert client.get(url).status_code == 403
    assert client.get(url, headers=bea).status_code == 404  # nobody asked yet

    started = client.post(url, json={}, headers=bea)
    assert started.status_code == 202, started.text
    assert started.json()["total"] == 2 * GAMES and started.json()["games"] == GAMES
    got = finished(client, url, admin(made))
    assert got["state"] == "done" and got["done"] == got["total"] and got["error"] is None
    assert got["labels"] == ["version 0 (in force)", "with proposal #1"]
    metrics = [row["metric"] for row in got["rows"]]
    assert metrics[:7] == ["win rate, seat 0", "win rate, seat 1", "win rate, seat 2", "win rate, seat 3",
                           "hands per match", "actions per match", "score spread"]
    assert "hearts.end cited per match" in metrics
    for row in got["rows"]:
        assert len(row["cells"]) == 2 and all(low <= v <= high for v, low, high in row["values"])
    hands = next(row for row in got["rows"] if row["metric"] == "hands per match")["values"]
    assert hands[1][0] < hands[0][0]  # the same deals end sooner at 40 than at 100

    again = client.post(url, json={}, headers=admin(made))
    assert again.status_code == 202 and again.json()["state"] == "done"  # kept, not played again


def test_only_an_open_proposal_of_this_house_is_compared(client: TestClient) -> None:
    made = found(client, approval="majority")
    propose(client, made, options={"target": 40})
    base = f"/api/houses/{hid(made)}/proposals"
    assert client.post(f"{base}/9/preview", json={}, headers=admin(made)).status_code == 404
    assert client.post(f"{base}/1/withdraw", json={}, headers=admin(made)).status_code == 200
    r = client.post(f"{base}/1/preview", json={}, headers=admin(made))
    assert r.status_code == 409 and "withdrawn" in r.json()["detail"]
