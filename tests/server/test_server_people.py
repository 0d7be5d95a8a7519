"""People at a table over the web: joining by link under a name (the seat becomes the
joiner's alone, so the host cannot read it), re-issued links, hidden pages and dead
connections, moves sent again after a reconnection, chat, the turn timer, taking a move
back by agreement, replays of finished games and QR codes of seat links."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gamenight.server.app import create_app
from server.test_server import (
    Msg,
    hand_of,
    hello,
    host_post,
    new_table,
    play_my_turns,
    recv_until,
    settings,
    token_of,
    url,
)
from store.test_store import postgres_url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every test here runs on the embedded default and on PostgreSQL."""
    return postgres_url() if request.param == "postgresql" else f"sqlite:///{tmp_path / 'gn.db'}"


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(create_app(database, settings())) as c:
        yield c


def join(ws: Any, token: str, name: str) -> tuple[str, Msg]:
    """Join through a seat's link under ``name``: the seat's own new token, and the first state."""
    ws.send_json({"type": "hello", "token": token, "name": name})
    claimed = ws.receive_json()
    assert claimed["type"] == "claimed"
    return claimed["token"], recv_until(ws, lambda m: m["type"] == "state")


def closed_with(ws: Any) -> int:
    """Read until the server closes the socket; the close code."""
    with pytest.raises(WebSocketDisconnect) as e:
        for _ in range(200):
            ws.receive_json()
    return e.value.code


def links(c: TestClient, made: Msg) -> Msg:
    r = c.get(f"/api/tables/{made['table']['id']}/links", headers={"X-Host-Token": made["host_token"]})
    return r.json()  # type: ignore[no-any-return]


# --- joining by link -------------------------------------------------------------------------------
def test_a_friend_joins_under_their_name_and_everyone_sees_it(client: TestClient) -> None:
    made = new_table(client, bots=[2, 3])
    with client.websocket_connect(url(made)) as host, client.websocket_connect(url(made)) as friend:
        hello(host, token_of(made, 0))
        own, first = join(friend, token_of(made, 1), "  Bea\u202e  ")  # a direction override is dropped
        assert own != token_of(made, 1) and first["you"] == 1
        assert first["table"]["seats"][1]["name"] == "Bea" and first["table"]["seats"][1]["claimed"]
        recv_until(host, lambda m: m["table"]["seats"][1]["name"] == "Bea" and m["table"]["seats"][1]["connected"])
    assert client.get(f"/api/tables/{made['table']['id']}").json()["seats"][1]["name"] == "Bea"


def test_a_joiner_must_give_a_name_and_a_bad_one_changes_nothing(client: TestClient) -> None:
    made = new_table(client, bots=[2, 3])
    with client.websocket_connect(url(made)) as ws:
        ws.send_json({"type": "hello", "token": token_of(made, 1), "name": " \u200b\t "})
        assert ws.receive_json()["type"] == "error"
        assert closed_with(ws) == 4400
    seat = links(client, made)["seats"][1]
    assert not seat["claimed"] and seat["link"].endswith(token_of(made, 1))


def test_the_host_cannot_read_a_claimed_seats_hand(client: TestClient) -> None:
    """The attack: the host keeps the seat link it handed out, and after the friend joined
    tries to read (and play) the friend's hand with it. Refused, and the host's links no
    longer carry the seat's token."""
    made = new_table(client, bots=[2, 3], options={"pass_count": 0})
    invitation = token_of(made, 1)
    host_post(client, made, "start")
    with client.websocket_connect(url(made)) as spy, client.websocket_connect(url(made)) as friend:
        assert hand_of(hello(spy, invitation))  # before it is claimed, the link is the host's to hand out
        own, first = join(friend, invitation, "Bea")
        assert closed_with(spy) == 4409  # the page still on the invitation is put out
        assert own not in str(links(client, made))
        seat = links(client, made)["seats"][1]
        assert seat["claimed"] and seat["link"] is None
        assert links(client, made)["host"].endswith(f"#token={token_of(made, 0)}&host={made['host_token']}")
    with client.websocket_connect(url(made)) as spy:
        m = hello(spy, invitation)
        assert m["type"] == "error" and "no longer" in m["message"] and "view" not in m
    with client.websocket_connect(url(made)) as friend:  # the friend's own token still works
        assert hello(friend, own)["you"] == 1
        assert hand_of(hello_again(friend))


def hello_again(ws: Any) -> Msg:
    ws.send_json({"type": "sync"})
    return recv_until(ws, lambda m: m["type"] == "state")


def test_a_lost_link_is_reissued_and_the_old_one_disconnected(client: TestClient) -> None:
    made = new_table(client, bots=[2, 3])
    tid = made["table"]["id"]
    with client.websocket_connect(url(made)) as friend:
        own, _ = join(friend, token_of(made, 1), "Bea")
        assert client.post(f"/api/tables/{tid}/seats/1/link").status_code == 403
        r = client.post(f"/api/tables/{tid}/seats/1/link", headers={"X-Host-Token": made["host_token"]})
        assert r.status_code == 200
        assert closed_with(friend) == 4410
    fresh = r.json()["links"]["seats"][1]["link"].split("#token=")[1]
    assert fresh not in (own, token_of(made, 1))
    with client.websocket_connect(url(made)) as old:
        assert hello(old, own)["type"] == "error"
    with client.websocket_connect(url(made)) as again:
        _, m = join(again, fresh, "Bea")
        assert m["you"] == 1
    assert client.post(f"/api/tables/{tid}/seats/3/link", headers={"X-Host-Token": made["host_token"]}).status_code \
        == 409  # a bot's seat has no link


def test_seat_links_are_drawn_as_qr_codes_for_the_host_only(client: TestClient) -> None:
    made = new_table(client, bots=[3])
    tid = made["table"]["id"]
    host = {"X-Host-Token": made["host_token"]}
    r = client.get(f"/api/tables/{tid}/seats/1/qr", headers=host)
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.lstrip().startswith("<svg") and "<script" not in r.text
    assert client.get(f"/api/tables/{tid}/seats/1/qr").status_code == 403
    assert client.get(f"/api/tables/{tid}/seats/3/qr", headers=host).status_code == 409
    assert client.get(f"/api/tables/{tid}/seats/9/qr", headers=host).status_code == 404


# --- presence ---------------------------------------------------------------------------------------
def test_a_hidden_page_is_away_a_bot_plays_and_hands_the_seat_back(client: TestClient) -> None:
    made = new_table(client, bots=[1, 2, 3])
    host_post(client, made, "start")
    table = client.app.state.service.tables[made["table"]["id"]]
    with client.websocket_connect(url(made)) as ws:
        hello(ws, token_of(made, 0))
        ws.send_json({"type": "presence", "here": False})  # the page went into the back/forward cache
        m = recv_until(ws, lambda m: m["type"] == "state" and m["table"]["seats"][0]["away"])
        assert m["table"]["seats"][0]["connected"]
        recv_until(ws, lambda m: m["type"] == "state" and m["table"]["seats"][0]["bot_playing"])
        recv_until(ws, lambda m: m["type"] == "state" and m["last"] == 0)
        ws.send_json({"type": "presence", "here": True})
        m = recv_until(ws, lambda m: m["type"] == "state" and not m["table"]["seats"][0]["bot_playing"])
        assert not m["table"]["seats"][0]["away"]
        deadline = time.monotonic() + 10
        while 0 not in table.match.to_act() and time.monotonic() < deadline:
            time.sleep(0.02)
        ply = len(table.match.log)
        time.sleep(0.5)
        assert len(table.match.log) == ply  # the seat waits for its owner again


def test_a_silent_connection_is_closed_as_dead(database: str) -> None:
    with TestClient(create_app(database, settings(heartbeat_timeout=0.4))) as c:
        made = new_table(c, bots=[1, 2, 3])
        with c.websocket_connect(url(made)) as ws:
            hello(ws, token_of(made, 0))
            for _ in range(4):  # a page that pings stays
                time.sleep(0.2)
                ws.send_json({"type": "ping"})
                recv_until(ws, lambda m: m["type"] == "pong")
            assert closed_with(ws) == 4408
        assert not c.get(f"/api/tables/{made['table']['id']}").json()["seats"][0]["connected"]


def test_a_move_sent_again_after_a_reconnection_is_made_once(client: TestClient) -> None:
    made = new_table(client, options={"pass_count": 0})
    host_post(client, made, "start")
    table = client.app.state.service.tables[made["table"]["id"]]
    leader = table.match.to_act()[0]
    with client.websocket_connect(url(made)) as ws:
        m = hello(ws, token_of(made, leader))
        ws.send_json({"type": "act", "action": m["legal"][0], "id": "m-1"})
        assert recv_until(ws, lambda m: m["type"] == "state" and "done" in m)["done"] == "m-1"  # its answer
    with client.websocket_connect(url(made)) as ws:  # the page did not hear the answer: it sends again
        hello(ws, token_of(made, leader))
        ws.send_json({"type": "act", "action": m["legal"][0], "id": "m-1"})
        assert recv_until(ws, lambda m: m["type"] != "state") == {"type": "done", "action": m["legal"][0], "id": "m-1"}
        assert len(table.match.log) == 1
        other = next(c for c in hand_of(m) or [] if f"play {c}" != m["legal"][0])
        ws.send_json({"type": "act", "action": f"play {other}", "id": "m-2"})  # a new move is judged as usual
        r = recv_until(ws, lambda m: m["type"] != "state")
        assert r["type"] == "refused" and r["id"] == "m-2" and r["clause_id"] == "engine.turn"


# --- chat and the timer --------------------------------------------------------------------------
def test_players_chat_briefly_and_spectators_watch_quietly(client: TestClient) -> None:
    made = new_table(client, bots=[2, 3])
    with client.websocket_connect(url(made)) as ann, client.websocket_connect(url(made)) as watcher:
        hello(ann, token_of(made, 0))
        hello(watcher)
        ann.send_json({"type": "chat", "text": "good luck \u202e" + "x" * 500})
        line = recv_until(watcher, lambda m: m["type"] == "chat")["lines"][0]
        assert line["seat"] == 0 and line["text"].startswith("good luck x") and len(line["text"]) == 200
        watcher.send_json({"type": "chat", "text": "hi"})
        assert "spectators" in recv_until(watcher, lambda m: m["type"] == "error")["message"]
        for _ in range(4):
            ann.send_json({"type": "chat", "text": "spam"})
        assert "too fast" in recv_until(ann, lambda m: m["type"] == "error")["message"]
    with client.websocket_connect(url(made)) as late:
        hello(late)
        said = recv_until(late, lambda m: m["type"] == "chat")["lines"]
        assert [x["text"] for x in said][:1] == [line["text"]]


def test_the_host_switches_on_a_turn_timer_and_a_bot_moves_for_a_late_player(database: str) -> None:
    with TestClient(create_app(database, settings(turn_timer_min=1))) as c:
        made = new_table(c, bots=[1, 2, 3])
        tid = made["table"]["id"]
        host = {"X-Host-Token": made["host_token"]}
        assert c.put(f"/api/tables/{tid}/timer", json={"seconds": 1}).status_code == 403
        assert c.put(f"/api/tables/{tid}/timer", json={"seconds": -1}, headers=host).status_code == 422
        assert c.put(f"/api/tables/{tid}/timer", json={"seconds": 1}, headers=host).status_code == 200
        host_post(c, made, "start")
        with c.websocket_connect(url(made)) as ws:
            hello(ws, token_of(made, 0))
            m = recv_until(ws, lambda m: m["type"] == "state" and "0" in m.get("timer", {}).get("left", {}))
            assert 0 < m["timer"]["left"]["0"] <= 1 and m["timer"]["seconds"] == 1
            n = recv_until(ws, lambda m: m["type"] == "notice")
            assert n == {"type": "notice", "text": "{0} ran out of time: a bot made the move.", "seats": [0]}
            recv_until(ws, lambda m: m["type"] == "state" and m["last"] == 0)
        assert c.get(f"/api/tables/{tid}").json()["seats"][0]["kind"] == "human"  # still theirs


# --- taking a move back -------------------------------------------------------------------------
def test_a_move_is_taken_back_when_the_others_agree(client: TestClient) -> None:
    made = new_table(client, options={"pass_count": 0})
    host_post(client, made, "start")
    tid = made["table"]["id"]
    table = client.app.state.service.tables[tid]
    leader = table.match.to_act()[0]
    socks = [client.websocket_connect(url(made)) for _ in range(4)]
    for s in socks:
        s.__enter__()
    try:
        first = [hello(socks[i], token_of(made, i)) for i in range(4)]
        ws = socks[leader]
        card = first[leader]["legal"][0]
        ws.send_json({"type": "act", "action": card})
        ws.send_json({"type": "undo"})
        m = recv_until(ws, lambda m: m["type"] == "state" and m.get("undo"))
        others = sorted({0, 1, 2, 3} - {leader})
        assert m["undo"] == {"by": leader, "ply": 0, "waiting": others, "agreed": []}
        socks[others[0]].send_json({"type": "undo-answer", "yes": False})
        n = recv_until(ws, lambda m: m["type"] == "notice" and "does not agree" in m["text"])
        assert n["seats"] == [others[0], leader] and len(table.match.log) == 1
        ws.send_json({"type": "undo"})
        recv_until(ws, lambda m: m["type"] == "state" and m.get("undo"))
        socks[others[0]].send_json({"type": "undo-answer", "yes": True})  # not yet: two more to agree
        socks[others[0]].send_json({"type": "undo-answer", "yes": True})
        assert "nobody is asking" in recv_until(socks[others[0]], lambda m: m["type"] == "error")["message"]
        for s in others[1:]:
            socks[s].send_json({"type": "undo-answer", "yes": True})
        m = recv_until(ws, lambda m: m["type"] == "state" and m["ply"] == 0)
        recv_until(ws, lambda m: m["type"] == "notice" and m["text"] == "{0} took back their move.")
        assert m["events_reset"] and m["last"] is None and card.split()[1] in hand_of(m) and not m.get("undo")
        assert client.app.state.service.store.match(table.match_id).record["log"] == []  # committed
        ws.send_json({"type": "act", "action": card})  # and played again
        recv_until(ws, lambda m: m["type"] == "state" and m["ply"] == 1)
        nxt = table.match.to_act()[0]
        socks[nxt].send_json({"type": "act", "action": table.match.legal_actions(nxt)[0].__str__()})
        recv_until(ws, lambda m: m["type"] == "state" and m["ply"] == 2)
        ws.send_json({"type": "undo"})  # someone else has acted since
        r = recv_until(ws, lambda m: m["type"] not in ("state", "notice"))
        assert r["type"] == "refused" and r["clause_id"] == "engine.undo.own-last-move"
    finally:
        for s in socks:
            s.__exit__(None, None, None)


def test_alone_with_bots_a_move_is_taken_back_at_once(database: str) -> None:
    with TestClient(create_app(database, settings(bot_delay=0.5))) as c:
        made = new_table(c, bots=[1, 2, 3], options={"pass_count": 0})
        host_post(c, made, "start")
        table = c.app.state.service.tables[made["table"]["id"]]
        with c.websocket_connect(url(made)) as ws:
            # after the first trick (whose winner takes the kitty: a reveal)
            m = play_my_turns(ws, lambda m: m["legal"] and m["ply"] >= 4, hello(ws, token_of(made, 0)))
            ply = m["ply"]
            ws.send_json({"type": "act", "action": m["legal"][0]})
            ws.send_json({"type": "undo"})
            recv_until(ws, lambda m: m["type"] == "notice" and "took back" in m["text"])
            assert len(table.match.log) == ply


# --- replays ----------------------------------------------------------------------------------------
def test_a_finished_game_is_replayed_move_by_move_face_up_or_from_a_seat(client: TestClient) -> None:
    made = new_table(client, bots=[0, 1, 2, 3], options={"target": 10})
    tid = made["table"]["id"]
    host_post(client, made, "start")
    assert client.get(f"/api/tables/{tid}/games/1").status_code == 409  # still being played (or over at once)
    with client.websocket_connect(url(made)) as ws:
        hello(ws)
        end = recv_until(ws, lambda m: m["type"] == "state" and m["over"])
    whole = client.get(f"/api/tables/{tid}/games/1").json()
    assert whole["plies"] == whole["ply"] == end["ply"] and whole["over"] and whole["face_up"]
    start = client.get(f"/api/tables/{tid}/games/1?ply=0").json()
    hands = [z for z in start["view"]["zones"] if z.get("kind") == "hand"]
    assert len(hands) == 4 and all(len(z["pieces"]) == 12 for z in hands)
    seat = client.get(f"/api/tables/{tid}/games/1?ply=5&seat=2").json()
    assert seat["you"] == 2 and len(seat["log"]) == 5  # the replay's own log of moves
    assert [bool(z.get("pieces")) for z in seat["view"]["zones"] if z.get("kind") == "hand"].count(True) == 1
    assert client.get(f"/api/tables/{tid}/games/1?ply=100000").status_code == 404
    assert client.get(f"/api/tables/{tid}/games/2").status_code == 404
    host_post(client, made, "again")
    assert client.get(f"/api/tables/{tid}/games/1?ply=3").json()["ply"] == 3  # from the store
