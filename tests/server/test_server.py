"""The web app over HTTP and WebSockets (FastAPI TestClient): tables, host controls,
live play, refusals, bots, away seats, malformed input and durability across restarts."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamenight.server.app import create_app
from gamenight.server.tables import Settings

Msg = dict[str, Any]


def settings(**kw: Any) -> Settings:
    base = {"bot_delay": 0.0, "grace_period": 0.3, "rate_per_second": 50.0, "rate_burst": 60}
    base.update(kw)
    return Settings(**base)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path) -> str:
    """Every server test runs on the embedded default and on PostgreSQL."""
    if request.param == "postgresql":
        from store.test_store import postgres_url
        return postgres_url()
    return f"sqlite:///{tmp_path / 'gn.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, settings())) as c:
        yield c


def new_table(c: TestClient, **body: Any) -> Msg:
    body.setdefault("game", "hearts")
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def token_of(created: Msg, seat: int) -> str:
    return created["links"]["seats"][seat]["link"].split("#token=")[1]


def host_post(c: TestClient, created: Msg, what: str) -> Any:
    return c.post(f"/api/tables/{created['table']['id']}/{what}", headers={"X-Host-Token": created["host_token"]})


_KEPT: dict[tuple[int, str], Any] = {}


def receive(ws: Any) -> Msg:
    """The next message; a state without the table block or the score sheet keeps the last one,
    as the page does (the server sends each only when it changed)."""
    m: Msg = ws.receive_json()
    if m["type"] == "state":
        for part in ("table", "sheet"):
            if part in m:
                _KEPT[id(ws), part] = m[part]
            else:
                m[part] = _KEPT[id(ws), part]  # a first state always carries both
    return m


def first_move(m: Msg) -> str:
    """The first listed move, as text (of a combinatorial entry: its first k pieces)."""
    entry = m["legal"][0]
    return entry if isinstance(entry, str) else " ".join([entry["verb"], *entry["pieces"][:entry["k"]]])


def recv_until(ws: Any, pred: Callable[[Msg], bool], limit: int = 2000) -> Msg:
    for _ in range(limit):
        m = receive(ws)
        if pred(m):
            return m
    raise AssertionError("expected message never came")


def hello(ws: Any, token: str | None = None) -> Msg:
    ws.send_json({"type": "hello", "token": token})
    return receive(ws)


def url(created: Msg) -> str:
    return f"/ws/tables/{created['table']['id']}"


# --- games and tables ----------------------------------------------------------------------------
def test_games_describe_their_options_for_the_form(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    hearts = games["hearts"]
    assert hearts["players"] == [3, 4, 5, 6, 7] and hearts["default_players"] == 4
    target = next(o for o in hearts["options"] if o["name"] == "target")
    assert target["kind"] == "int" and target["default"] == 100 and target["minimum"] == 10
    assert "{value}" in target["rule"]
    assert "classic" in hearts["presets"] and "standard" in hearts["presets"]


def test_a_game_without_a_player_limit_is_seated_up_to_the_servers_limit(client: TestClient) -> None:
    court = next(g for g in client.get("/api/games").json() if g["id"] == "court_whist")
    assert court["players"][0] == 4 and court["players"][-1] == Settings.max_seats
    r = client.post("/api/tables", json={"game": "court_whist", "players": Settings.max_seats + 1})
    assert r.status_code == 400 and f"at most {Settings.max_seats} players" in r.json()["detail"]
    assert client.post("/api/tables", json={"game": "court_whist", "players": 24}).status_code == 201


def test_creating_a_table_validates_game_players_and_options(client: TestClient) -> None:
    assert client.post("/api/tables", json={"game": "snap"}).status_code == 404
    r = client.post("/api/tables", json={"game": "hearts", "players": 2})
    assert r.status_code == 400 and "3–7 players, not 2" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "hearts", "options": {"target": 5}})
    assert r.status_code == 400 and "'target'" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "hearts", "options": {"colour": "red"}})
    assert r.status_code == 400 and "unknown option" in r.json()["detail"]
    r = client.post("/api/tables", json={"game": "hearts", "bots": [7]})
    assert r.status_code == 400
    assert client.post("/api/tables", content=b"x" * 100_000,
                       headers={"content-type": "application/json"}).status_code == 413
    made = new_table(client, preset="classic", options={"target": 50}, bots=[1, 3], names=["Ann"])
    t = made["table"]
    assert t["status"] == "waiting" and t["changed"] == {"target": 50, "points_on_first_trick": False}
    assert [s["kind"] for s in t["seats"]] == ["human", "bot", "human", "bot"]
    assert t["seats"][0]["name"] == "Ann"
    seats = made["links"]["seats"]
    assert seats[1]["link"] is None and seats[0]["link"] != seats[2]["link"]
    assert made["host_token"] not in json.dumps(t)  # the public info never carries a token
    assert all(token_of(made, s) not in json.dumps(t) for s in (0, 2))


def test_tables_are_private_unless_their_host_lists_them(client: TestClient) -> None:
    private = new_table(client, names=["Ann", "Bea"], bots=[2, 3])
    listed = new_table(client, game="oh_hell", names=["Cal"], listed=True)
    shown = client.get("/api/tables")
    assert [t["id"] for t in shown.json()] == [listed["table"]["id"]]
    assert private["table"]["id"] not in shown.text and "Ann" not in shown.text and "Bea" not in shown.text
    assert client.get(f"/api/tables/{private['table']['id']}").status_code == 200  # its link still works


def test_only_the_host_starts_and_only_once(client: TestClient) -> None:
    made = new_table(client, bots=[1, 2, 3])
    tid = made["table"]["id"]
    assert client.post(f"/api/tables/{tid}/start").status_code == 403
    assert client.post(f"/api/tables/{tid}/start", headers={"X-Host-Token": token_of(made, 0)}).status_code == 403
    assert host_post(client, made, "start").json()["status"] == "playing"
    assert host_post(client, made, "start").status_code == 409
    assert host_post(client, made, "again").status_code == 409  # not over yet
    assert client.get(f"/api/tables/{tid}").json()["match_number"] == 1
    assert client.get("/api/tables/nope").status_code == 404


def test_rules_panel_shows_this_tables_rulebook_with_house_rules_marked(client: TestClient) -> None:
    made = new_table(client, options={"points_on_first_trick": False, "target": 50})
    page = client.get(f"/api/tables/{made['table']['id']}/rules").text
    assert "hearts.first-trick.points" in page and "house rule" in page
    assert "played to 50 points" in page
    assert "hearts.deal.four" in page and "hearts.deal.other" not in page  # four players at this table


# --- live play -------------------------------------------------------------------------------------
def test_a_bad_link_or_no_hello_is_refused(client: TestClient) -> None:
    made = new_table(client)
    with client.websocket_connect(url(made)) as ws:
        m = hello(ws, "not-a-token")
        assert m["type"] == "error" and "not" in m["message"]
    with client.websocket_connect(url(made)) as ws:
        ws.send_text("hi")
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json() == {"type": "error", "message": "no such table"}


def hand_of(m: Msg) -> list[str] | None:
    """The cards of the receiving seat's hand in a state message (None: it has no hand in view)."""
    for z in m["view"]["zones"]:
        if z.get("kind") == "hand" and z.get("owner") == m["you"] and m["you"] is not None:
            return list(z.get("pieces", []))
    return None


def zone_of(m: Msg, name: str) -> Msg:
    return next(z for z in m["view"]["zones"] if z["name"] == name)


def test_every_seat_gets_its_own_view_and_the_spectator_only_public_information(client: TestClient) -> None:
    made = new_table(client, options={"pass_count": 0})
    host_post(client, made, "start")
    socks = [client.websocket_connect(url(made)) for _ in range(5)]
    for s in socks:
        s.__enter__()
    try:
        first = [hello(socks[i], token_of(made, i)) for i in range(4)]
        spec = hello(socks[4])
        for i, m in enumerate(first):
            assert m["type"] == "state" and m["you"] == i and len(hand_of(m) or []) == 12
        assert spec["you"] is None and hand_of(spec) is None and spec["legal"] == []
        assert all(not z.get("pieces") for z in spec["view"]["zones"] if z.get("kind") == "hand")
        hands = [set(hand_of(m) or []) for m in first]
        assert not any(hands[i] & hands[j] for i in range(4) for j in range(i))
        # drain the connect broadcasts, then the leader plays
        latest = [recv_until(socks[i], lambda m: m["table"]["seats"][0]["connected"] and all(
            s["connected"] for s in m["table"]["seats"])) for i in range(4)]
        leader = latest[0]["to_act"][0]
        legal = latest[leader]["legal"]
        assert legal and all(a.startswith("play ") for a in legal) and latest[leader]["view"]["prompt"]["text"]
        assert all(latest[i]["legal"] == [] for i in range(4) if i != leader)
        socks[leader].send_json({"type": "act", "action": legal[0]})
        for i in range(5):
            m = recv_until(socks[i], lambda m: m["type"] == "state" and m["ply"] == 1)
            assert m["you"] == (i if i < 4 else None)
            assert m["last"] == leader and "log" not in m  # the typed events tell the story
            trick = zone_of(m, "trick")
            assert trick["pieces"] == [legal[0].split()[1]] and trick["by"] == [leader]
            assert [e["text"] for e in m["events"]][-1] == "{0} plays " + legal[0].split()[1]
            assert m["sheet"]["columns"] == ["seat 0", "seat 1", "seat 2", "seat 3"]
            if i < 4:
                expect = hands[i] - ({legal[0].split()[1]} if i == leader else set())
                assert set(hand_of(m) or []) == expect
    finally:
        for s in socks:
            s.__exit__(None, None, None)


def test_a_refused_action_quotes_the_rule_and_changes_nothing(client: TestClient) -> None:
    made = new_table(client, options={"pass_count": 0})
    host_post(client, made, "start")
    tid = made["table"]["id"]
    svc = client.app.state.service
    match = svc.tables[tid].match
    leader = match.to_act()[0]
    other = (leader + 1) % 4
    with client.websocket_connect(url(made)) as lead_ws, client.websocket_connect(url(made)) as other_ws:
        m = hello(lead_ws, token_of(made, leader))
        hello(other_ws, token_of(made, other))
        recv_until(lead_ws, lambda m: m["table"]["seats"][other]["connected"])
        hand = hand_of(m) or []
        wrong = next(c for c in hand if f"play {c}" not in m["legal"])
        lead_ws.send_json({"type": "act", "action": f"play {wrong}"})
        r = lead_ws.receive_json()
        assert r["type"] == "refused" and r["clause_id"] == "hearts.lead.lowest-club"
        assert "2 of clubs" in r["rule"]
        # a seat's token acts only for its own seat: the other seat cannot play for the leader
        other_ws.send_json({"type": "act", "action": m["legal"][0]})
        r = recv_until(other_ws, lambda m: m["type"] != "state")
        assert r["type"] == "refused" and r["clause_id"] == "engine.turn"
        lead_ws.send_json({"type": "act", "action": "fly away"})
        assert lead_ws.receive_json()["type"] == "refused"
        lead_ws.send_json({"type": "act", "action": "play Z9"})
        assert lead_ws.receive_json()["type"] == "error"
        assert len(match.log) == 0 and match.to_act() == (leader,)
        lead_ws.send_json({"type": "ping"})
        assert lead_ws.receive_json() == {"type": "pong"}  # nobody was sent a new state


def test_malformed_and_oversized_messages_get_errors_not_crashes(client: TestClient) -> None:
    made = new_table(client)
    host_post(client, made, "start")
    with client.websocket_connect(url(made)) as ws:
        hello(ws, token_of(made, 0))
        for bad in ["not json", "[1, 2]", "42", json.dumps({"type": "act", "action": "x" * 10_000}),
                    json.dumps({"type": "act", "action": 5}), json.dumps({"type": "act"}),
                    json.dumps({"type": "launch"}), json.dumps({"type": "hello", "token": "x"}), "\u0000" * 10]:
            ws.send_text(bad)
            m = recv_until(ws, lambda m: m["type"] != "state")
            assert m["type"] == "error", bad
        ws.send_bytes(b"\xff\xfe")
        assert recv_until(ws, lambda m: m["type"] != "state")["type"] == "error"
        ws.send_json({"type": "ping"})
        assert recv_until(ws, lambda m: m["type"] != "state") == {"type": "pong"}
    assert client.get("/api/health").json()["ok"]


def test_each_connection_is_rate_limited(db: str) -> None:
    with TestClient(create_app(db, settings(rate_per_second=1.0, rate_burst=5, max_rate_violations=3))) as c:
        made = new_table(c)
        with c.websocket_connect(url(made)) as ws:
            hello(ws, token_of(made, 0))
            for _ in range(5):
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "ping"})
            m = ws.receive_json()
            assert m["type"] == "error" and "too many" in m["message"]
            for _ in range(5):
                ws.send_json({"type": "ping"})
            msgs = []
            with pytest.raises(Exception):  # noqa: B017  the server closes the connection
                for _ in range(10):
                    msgs.append(ws.receive_json())
            assert all(m["type"] == "error" for m in msgs)


def play_my_turns(ws: Any, until: Callable[[Msg], bool], first: Msg | None = None, limit: int = 5000) -> Msg:
    """Act whenever asked (first legal action) until ``until`` holds."""
    for _ in range(limit):
        m, first = (first, None) if first is not None else (receive(ws), None)
        if m["type"] != "state":
            continue
        if until(m):
            return m
        if m["legal"]:
            ws.send_json({"type": "act", "action": first_move(m)})
    raise AssertionError("never got there")


def test_bots_fill_seats_and_a_hand_is_played_and_scored(client: TestClient) -> None:
    made = new_table(client, bots=[1, 2, 3])
    host_post(client, made, "start")
    with client.websocket_connect(url(made)) as ws:
        m = play_my_turns(ws, lambda m: len(m["sheet"]["rows"]) >= 1, hello(ws, token_of(made, 0)))
        assert sum(m["sheet"]["rows"][0]["points"]) in (26, 78)  # every point went somewhere (or Power)
        assert m["ply"] >= 48  # the bots played their cards too


def test_the_end_of_a_hand_waits_for_the_people_before_the_bots_go_on(db: str) -> None:
    # bots act at once, a trick stays no time, but a hand's summary would stay 100 s unless read
    with TestClient(create_app(db, settings(bot_delay=0.01, trick_pause=0, hand_pause=10_000))) as c:
        made = new_table(c, bots=[1, 2, 3])
        host_post(c, made, "start")
        table = c.app.state.service.tables[made["table"]["id"]]
        with c.websocket_connect(url(made)) as ws:
            m = play_my_turns(ws, lambda m: len(m["sheet"]["rows"]) >= 1, hello(ws, token_of(made, 0)))
            assert m["table"]["hand_end"] == {"ply": m["ply"], "ready": []}
            assert any(e["kind"] == "summary" for e in m["events"])  # what the summary shows
            time.sleep(0.3)
            ply = len(table.match.log)
            assert ply == m["ply"]  # the bots hold their passes while the summary is read
            ws.send_json({"type": "ready"})
            m = recv_until(ws, lambda m: m["type"] == "state" and "hand_end" not in m["table"])
            deadline = time.monotonic() + 10
            while len(table.match.log) < ply + 3 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert len(table.match.log) == ply + 3  # three bots passed; the person's pass is theirs


def test_a_finished_match_can_be_played_again_with_the_same_seats(client: TestClient) -> None:
    made = new_table(client, bots=[0, 1, 2, 3], options={"target": 10})
    tid = made["table"]["id"]
    host_post(client, made, "start")
    with client.websocket_connect(url(made)) as ws:
        hello(ws)
        m = recv_until(ws, lambda m: m["over"])
        assert m["table"]["status"] == "over" and m["result"]["winners"]
        assert max(m["sheet"]["totals"]) >= 10
        assert host_post(client, made, "again").json()["match_number"] == 2
        m = recv_until(ws, lambda m: m["table"]["match_number"] == 2)
        assert m["sheet"]["rows"] == [] or m["ply"] > 0  # the new match brought its empty sheet
    svc = client.app.state.service
    assert len(svc.store.matches(tid)) == 2


def test_an_away_seat_is_played_by_a_bot_and_handed_back(client: TestClient) -> None:
    made = new_table(client, bots=[1, 2, 3])
    tid = made["table"]["id"]
    host_post(client, made, "start")
    svc = client.app.state.service
    table = svc.tables[tid]
    with client.websocket_connect(url(made)) as watch:
        m = hello(watch)
        assert m["table"]["seats"][0]["away"]
        m = recv_until(watch, lambda m: m["table"]["seats"][0]["bot_playing"])
        m = recv_until(watch, lambda m: m["type"] == "state" and m["last"] == 0)
        with client.websocket_connect(url(made)) as ws:
            m = hello(ws, token_of(made, 0))
            assert m["table"]["seats"][0]["connected"] and not m["table"]["seats"][0]["bot_playing"]
            deadline = time.monotonic() + 10
            while 0 not in table.match.to_act() and time.monotonic() < deadline:
                time.sleep(0.02)  # the bots play on up to seat 0's turn
            assert 0 in table.match.to_act()
            ply = len(table.match.log)
            time.sleep(0.5)
            assert not table.seats[0].bot_playing
            assert len(table.match.log) == ply  # the seat waits for its owner again
        recv_until(watch, lambda m: m["table"]["seats"][0]["connected"])
        m = recv_until(watch, lambda m: m["table"]["seats"][0]["away"])
        assert not m["table"]["seats"][0]["bot_playing"]  # the grace period starts over


def test_host_adds_and_removes_bots_and_old_links_stop_working(client: TestClient) -> None:
    made = new_table(client, bots=[3])
    tid = made["table"]["id"]
    h = {"X-Host-Token": made["host_token"]}
    assert client.put(f"/api/tables/{tid}/seats/2/bot").status_code == 403
    old = token_of(made, 2)
    with client.websocket_connect(url(made)) as ws:
        hello(ws, old)
        r = client.put(f"/api/tables/{tid}/seats/2/bot", headers=h).json()
        assert r["table"]["seats"][2]["kind"] == "bot" and r["links"]["seats"][2]["link"] is None
        m = recv_until(ws, lambda m: m["type"] == "error")
        assert "bot" in m["message"]
    r = client.delete(f"/api/tables/{tid}/seats/3/bot", headers=h).json()
    assert r["table"]["seats"][3]["kind"] == "human"
    new = r["links"]["seats"][3]["link"].split("#token=")[1]
    with client.websocket_connect(url(made)) as ws:
        assert hello(ws, new)["you"] == 3
    with client.websocket_connect(url(made)) as ws:
        assert hello(ws, old)["type"] == "error"
    assert client.get(f"/api/tables/{tid}/links", headers=h).json()["seats"][3]["link"].endswith(new)
    assert client.get(f"/api/tables/{tid}/links").status_code == 403
