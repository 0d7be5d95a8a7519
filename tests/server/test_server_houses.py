"""Houses over the web app (FastAPI TestClient) on SQLite and PostgreSQL: founding a house,
proposals and approval (host or majority), versions and their diff, rulebooks, export and
import round trips (hypothesis over option values), tables played under a house (every
match records its version), and questions raised at a table becoming recorded rulings."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamenight
from gamenight import houses as H
from gamenight.engine import options as opts
from gamenight.server.app import create_app
from gamenight.server.tables import Settings
from server.test_server import hello, recv_until
from store.test_store import postgres_url

Msg = dict[str, Any]


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'gn.db'}"
    return postgres_url()


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, Settings(bot_delay=0.0, grace_period=600))) as c:
        yield c


def found(c: TestClient, **body: Any) -> Msg:
    body = {"name": "The Metzkers", "host": "Ann", "members": ["Bea", "Cal"], **body}
    r = c.post("/api/houses", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def admin(made: Msg) -> dict[str, str]:
    """The host's own link (the host is an admin)."""
    return {"X-House-Key": made["key"]}


def as_member(c: TestClient, made: Msg, name: str) -> dict[str, str]:
    """``name``'s own link: their invitation, claimed once (as their browser does) and kept."""
    keys = made.setdefault("keys", {})
    if name not in keys:
        invite = made["links"]["invites"][name].split("#invite=")[1]
        r = c.post(f"/api/houses/{hid(made)}/claim", json={"invite": invite})
        assert r.status_code == 200 and r.json()["member"] == name, r.text
        keys[name] = r.json()["key"]
    return {"X-House-Key": keys[name]}


def vote(c: TestClient, made: Msg, proposal: int, name: str, yes: bool = True) -> Any:
    return c.post(f"/api/houses/{hid(made)}/proposals/{proposal}/vote", json={"yes": yes},
                  headers=as_member(c, made, name))


def hid(made: Msg) -> str:
    return str(made["house"]["id"])


def propose(c: TestClient, made: Msg, game: str = "hearts", by: str = "Ann", **body: Any) -> Any:
    headers = admin(made) if by == "Ann" else as_member(c, made, by)
    return c.post(f"/api/houses/{hid(made)}/games/{game}/proposals", json=body, headers=headers)


# --- founding and reading a house ------------------------------------------------------------------
def test_a_new_house_gives_the_host_a_link_that_is_never_shown_again(client: TestClient) -> None:
    made = found(client)
    assert made["links"]["you"] == f"/house/{hid(made)}#key={made['key']}"
    got = client.get(f"/api/houses/{hid(made)}")
    assert got.status_code == 200 and got.json()["admin"] is False and got.json()["you"] is None
    assert made["key"] not in got.text and got.json()["invites"] == {}
    mine = client.get(f"/api/houses/{hid(made)}", headers=admin(made)).json()
    assert mine["admin"] is True and mine["you"] == "Ann" and made["key"] not in json.dumps(mine)
    assert set(mine["invites"]) == {"Bea", "Cal"}  # the host hands these out until they are claimed
    assert [m["name"] for m in got.json()["members"]] == ["Ann", "Bea", "Cal"]
    assert client.get("/api/houses/nope").status_code == 404
    assert client.get(f"/house/{hid(made)}").status_code == 200 and client.get("/houses").status_code == 200


def test_bad_house_input_is_refused_naming_the_key(client: TestClient) -> None:
    r = client.post("/api/houses", json={"name": "X", "host": "Ann", "approval": "dictator"})
    assert r.status_code == 400 and r.json()["key"] == "approval"
    made = found(client)
    r = propose(client, made, options={"target": "lots"})
    assert r.status_code == 400 and r.json()["key"] == "games.hearts.options.target"
    r = propose(client, made, options={"nonsense": 1})
    assert r.status_code == 400 and r.json()["key"] == "games.hearts.options.nonsense"
    assert propose(client, made, game="chess", options={}).status_code == 404
    assert client.get(f"/api/houses/{hid(made)}").json()["proposals"] == []  # nothing changed


def test_options_a_house_proposes_are_parsed_bounded_and_dealt_before_they_are_kept(client: TestClient) -> None:
    made = found(client)
    for game, options in [("court_whist", {"ladies": "the queens"}), ("court_whist", {"ladies": "1 " * 2000}),
                          ("court_whist", {"ladies": "99"}), ("hearts", {"target": 10**30}),
                          ("hearts", {"target": -(10**30)})]:
        r = propose(client, made, game=game, options=options)
        assert r.status_code == 400 and r.json()["key"] == f"games.{game}.options.{next(iter(options))}", r.text
    text = client.get(f"/api/houses/{hid(made)}/export").text
    poisoned = text + '\n[games.court_whist]\nproposed_by = "Ann"\nwhen = 2026-01-01T00:00:00Z\n' \
                      '[games.court_whist.options]\nladies = "the queens"\n'
    r = client.post("/api/houses/import", json={"toml": poisoned})
    assert r.status_code == 400 and r.json()["key"] == "games.court_whist.options.ladies"
    house = client.get(f"/api/houses/{hid(made)}").json()
    assert house["proposals"] == [] and house["current"] == {}
    r = client.post("/api/tables", json={"game": "court_whist", "players": 4, "house": hid(made)}, headers=admin(made))
    assert r.status_code == 201


# --- proposals, approval, versions -----------------------------------------------------------------
def test_only_an_admins_own_link_changes_rules(client: TestClient) -> None:
    made = found(client)
    url = f"/api/houses/{hid(made)}/games/hearts/proposals"
    r = client.post(url, json={"by": "Ann", "options": {"target": 50}})
    assert r.status_code == 403
    r = client.post(url, json={"by": "Ann", "options": {"target": 50}}, headers={"X-House-Key": "guess"})
    assert r.status_code == 403
    r = propose(client, made, by="Bea", options={"target": 50})  # her own link, but Bea is no admin
    assert r.status_code == 400 and "admin link" in r.json()["detail"]
    r = client.post(f"/api/houses/{hid(made)}/members", json={"by": "Ann", "name": "Dee"})
    assert r.status_code == 403
    assert client.get(f"/api/houses/{hid(made)}/games/hearts").json()["current"] == 0


def test_under_the_host_policy_the_hosts_change_is_a_new_version_at_once(client: TestClient) -> None:
    made = found(client)
    r = propose(client, made, options={"target": 50, "points_on_first_trick": True}, why="shorter games")
    assert r.status_code == 201, r.text
    assert r.json()["proposal"]["status"] == "accepted" and r.json()["current"] == 1
    detail = client.get(f"/api/houses/{hid(made)}/games/hearts").json()
    assert detail["set"] == {"target": 50} and detail["values"]["target"] == 50  # only what differs is kept
    v = detail["versions"][0]
    assert (v["number"], v["proposed_by"], v["why"], v["status"]) == (1, "Ann", "shorter games", "approved")
    r = propose(client, made, options=detail["values"])
    assert r.status_code == 400 and "changes nothing" in r.json()["detail"]


def test_under_majority_a_change_waits_for_a_member_and_can_be_turned_down(client: TestClient) -> None:
    made = found(client, approval="majority")
    p = propose(client, made, options={"target": 50}).json()["proposal"]
    assert p["status"] == "open" and "1 more yes vote" in p["needed"]
    house = vote(client, made, p["id"], "Bea").json()
    assert house["proposals"][0]["status"] == "accepted" and house["current"] == {"hearts": 1}
    assert house["games"]["hearts"]["approved_by"] == ["Ann", "Bea"]
    q = propose(client, made, options={"target": 75}).json()["proposal"]
    for who in ("Bea", "Cal"):
        house = vote(client, made, q["id"], who, yes=False)
    assert house.json()["proposals"][1]["status"] == "rejected" and house.json()["current"] == {"hearts": 1}
    r = vote(client, made, q["id"], "Cal")
    assert r.status_code == 400 and "already rejected" in r.json()["detail"]
    r = client.post(f"/api/houses/{hid(made)}/proposals/{q['id']}/vote", json={"by": "Zed"})
    assert r.status_code == 403


# --- members act through their own links ------------------------------------------------------------
def test_the_hosts_link_cannot_vote_as_another_member(client: TestClient) -> None:
    made = found(client, approval="majority")
    p = propose(client, made, options={"target": 50}).json()["proposal"]
    url = f"/api/houses/{hid(made)}/proposals/{p['id']}/vote"
    for who in ("Bea", "Cal"):  # one person casting every vote under majority approval: refused
        r = client.post(url, json={"by": who, "yes": True}, headers=admin(made))
        assert r.status_code == 403 and "cannot act as" in r.json()["detail"]
    votes = client.post(url, json={"yes": True}, headers=admin(made)).json()["proposals"][0]["votes"]
    assert [(v["member"], v["yes"]) for v in votes] == [("Ann", True)]  # the host's link votes as the host only
    r = client.post(url, json={"by": "Bea", "yes": True})  # no link at all: the members' page alone
    assert r.status_code == 403
    r = client.post(url, json={"yes": True}, headers={"X-House-Key": made["links"]["invites"]["Bea"]})
    assert r.status_code == 403  # an invitation is not a key: it must be claimed first
    house = client.get(f"/api/houses/{hid(made)}").json()
    assert house["proposals"][0]["status"] == "open" and house["current"] == {}
    assert vote(client, made, p["id"], "Bea").json()["proposals"][0]["status"] == "accepted"  # Bea, herself


def test_every_house_action_is_taken_as_the_links_own_member(client: TestClient) -> None:
    made = found(client)
    bea = as_member(client, made, "Bea")
    base = f"/api/houses/{hid(made)}"
    r = client.put(f"{base}/policy", json={"by": "Ann", "approval": "majority"}, headers=bea)
    assert r.status_code == 403  # naming the host does not make Bea the host
    r = client.put(f"{base}/policy", json={"approval": "majority"}, headers=bea)
    assert r.status_code == 400 and "only the host" in r.json()["detail"]
    r = client.post(f"{base}/games/hearts/proposals", json={"options": {"target": 50}}, headers=bea)
    assert r.status_code == 400 and "admin link" in r.json()["detail"]
    r = client.post(f"{base}/members", json={"name": "Dee"}, headers=bea)
    assert r.status_code == 400 and "admin link" in r.json()["detail"]
    p = propose(client, made, options={"target": 50}, rulings=[{"text": "misdeals are redealt"}])
    assert p.json()["proposal"]["proposed_by"] == "Ann"
    assert client.get(f"{base}/games/hearts").json()["rulings"][0]["author"] == "Ann"
    r = client.post(f"{base}/proposals/1/withdraw", json={}, headers=bea)
    assert r.status_code == 400
    house = client.get(base).json()
    assert (house["approval"], [m["name"] for m in house["members"]]) == ("host", ["Ann", "Bea", "Cal"])


def test_an_invitation_is_claimed_once_and_never_shown_again(client: TestClient) -> None:
    made = found(client, approval="majority")
    base = f"/api/houses/{hid(made)}"
    invite = made["links"]["invites"]["Bea"].split("#invite=")[1]
    got = client.post(f"{base}/claim", json={"invite": invite})
    assert got.status_code == 200 and got.json()["member"] == "Bea" and got.json()["house"]["you"] == "Bea"
    bea_key = got.json()["key"]
    again = client.post(f"{base}/claim", json={"invite": invite})  # the host kept a copy of the invitation
    assert again.status_code == 403 and "used or replaced" in again.json()["detail"]
    hosts_view = client.get(base, headers=admin(made))
    assert set(hosts_view.json()["invites"]) == {"Cal"} and bea_key not in hosts_view.text
    assert client.get(base, headers={"X-House-Key": bea_key}).json()["invites"] == {}  # Bea is no admin
    # a lost link: the host gives Bea a new invitation, and the old key stops working at once
    r = client.post(f"{base}/members/Bea/link", json={}, headers=admin(made))
    assert r.status_code == 200 and "Bea" in r.json()["invites"]
    assert client.get(base, headers={"X-House-Key": bea_key}).json()["you"] is None
    p = propose(client, made, options={"target": 50}).json()["proposal"]
    r = client.post(f"{base}/proposals/{p['id']}/vote", json={}, headers={"X-House-Key": bea_key})
    assert r.status_code == 403


def test_who_may_give_a_member_a_new_link(client: TestClient) -> None:
    made = found(client, members=["Bea", "Cal"])
    base = f"/api/houses/{hid(made)}"
    client.post(f"{base}/members", json={"name": "Dee", "admin": True}, headers=admin(made))
    made["links"]["invites"] = client.get(base, headers=admin(made)).json()["invites"]
    dee = as_member(client, made, "Dee")
    assert set(client.get(base, headers=dee).json()["invites"]) == {"Bea", "Cal"}  # not the host's, nor an admin's
    assert client.post(f"{base}/members/Ann/link", json={}, headers=admin(made)).status_code == 400
    assert client.post(f"{base}/members/Ann/link", json={}, headers=dee).status_code == 400
    r = client.post(f"{base}/members/Dee/link", json={}, headers=as_member(client, made, "Bea"))
    assert r.status_code == 400  # Bea is no admin
    assert client.post(f"{base}/members/Cal/link", json={}, headers=dee).status_code == 200
    assert client.post(f"{base}/members/Zed/link", json={}, headers=admin(made)).status_code == 400
    assert client.get(base, headers=dee).json()["you"] == "Dee"  # nobody replaced Dee's link


def test_only_a_member_through_their_own_link_starts_a_table_under_the_house(client: TestClient) -> None:
    made = found(client)
    body = {"game": "hearts", "players": 4, "bots": [1, 2, 3], "house": hid(made)}
    before = len(client.app.state.service.tables)
    assert client.post("/api/tables", json=body).status_code == 403  # knowing the house's id is not enough
    assert client.post("/api/tables", json=body, headers={"X-House-Key": "guess"}).status_code == 403
    other = found(client, name="The Others", host="Mallory", members=[])
    assert client.post("/api/tables", json=body, headers=admin(other)).status_code == 403  # another house's link
    assert len(client.app.state.service.tables) == before
    r = client.post("/api/tables", json={**body, "names": ["the boss"]}, headers=as_member(client, made, "Bea"))
    assert r.status_code == 201
    t = r.json()
    assert t["table"]["house"]["host"] == "Bea" and t["table"]["seats"][0]["name"] == "Bea"


def test_a_guest_named_like_the_host_cannot_rule_as_the_host(client: TestClient) -> None:
    made = found(client)
    r = client.post("/api/tables", json={"game": "hearts", "players": 4, "bots": [2, 3], "names": ["Bea", "Ann"],
                                         "house": hid(made)}, headers=as_member(client, made, "Bea"))
    t = r.json()
    start(client, t)
    tid = t["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as bea, client.websocket_connect(f"/ws/tables/{tid}") as ann:
        hello(bea, seat_token(t, 0))
        hello(ann, seat_token(t, 1))  # seat 1 calls itself "Ann", the house's host: a guest all the same
        ann.send_json({"type": "ask", "text": "Can I lead hearts first?"})
        m = recv_until(ann, lambda m: m["type"] == "state" and m["table"]["house"]["questions"])
        q = m["table"]["house"]["questions"][0]
        assert (q["raised_by"], q["host"]) == ("Ann (seat 1)", "Bea")
        ann.send_json({"type": "answer", "question": q["id"], "text": "Yes, always."})
        recv_until(ann, lambda m: m["type"] == "state" and m["table"]["house"]["questions"][0]["answers"])
        assert client.get(f"/api/houses/{hid(made)}/games/hearts").json()["current"] == 0  # no ruling
        bea.send_json({"type": "answer", "question": q["id"], "text": "No: hearts wait until broken."})
        assert recv_until(ann, settled(0))["table"]["house"]["questions"][0]["ruling"].startswith("No")
    detail = client.get(f"/api/houses/{hid(made)}/games/hearts").json()
    assert detail["rulings"][0]["author"] == "Bea"


def test_versions_diff_side_by_side_and_rulebooks_print_and_export(client: TestClient) -> None:
    made = found(client)
    propose(client, made, options={"target": 50}, why="shorter")
    propose(client, made, options={"target": 50}, rulings=[{"text": "A misdeal is redealt by the same dealer.",
                                                             "clause": None}])
    base = f"/api/houses/{hid(made)}/games/hearts"
    d = client.get(f"{base}/diff", params={"a": 0, "b": 1})
    assert d.status_code == 200 and 'data-option="target"' in d.text and "version 0" in d.text
    d2 = client.get(f"{base}/diff", params={"a": 1, "b": 2}).text
    assert "Rulings added" in d2 and "misdeal" in d2 and 'data-option' not in d2
    assert client.get(f"{base}/diff", params={"a": 0, "b": 9}).status_code == 400
    book = client.get(f"{base}/rules").text
    assert "version 2" in book and "misdeal" in book and 'class="alternate"' in book
    assert "misdeal" not in client.get(f"{base}/rules", params={"version": 1}).text
    md = client.get(f"{base}/rules", params={"format": "markdown"})
    assert md.headers["content-type"].startswith("text/markdown") and "attachment" in md.headers[
        "content-disposition"] and md.text.startswith("#")
    page = client.get(f"/house/{hid(made)}/rules/hearts").text
    assert "<!DOCTYPE html>" in page or "<html" in page
    assert "@media print" in page


# --- export and import ----------------------------------------------------------------------------
def test_export_then_import_is_the_same_house_and_a_bad_file_names_the_key(client: TestClient) -> None:
    made = found(client, approval="majority")
    p = propose(client, made, options={"target": 50}).json()["proposal"]
    vote(client, made, p["id"], "Cal")
    text = client.get(f"/api/houses/{hid(made)}/export").text
    again = client.post("/api/houses/import", json={"toml": text})
    assert again.status_code == 201
    new_id = again.json()["house"]["id"]
    assert new_id != hid(made) and f'id = "{hid(made)}"' in text  # the file carries its house's id...
    back = H.from_toml(client.get(f"/api/houses/{new_id}/export").text)
    assert back == dataclasses.replace(H.from_toml(text), id=new_id)  # ...and a web import is a new house
    bad = text.replace("target = 50", "target = \"fifty\"")
    r = client.post("/api/houses/import", json={"toml": bad})
    assert r.status_code == 400 and r.json()["key"] == "games.hearts.options.target"
    r = client.post("/api/houses/import", json={"toml": "name = "})
    assert r.status_code == 400 and "not valid TOML" in r.json()["detail"]


def _option_values(game_id: str) -> st.SearchStrategy[dict[str, Any]]:
    spec = gamenight.get_game(game_id).spec
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for info in opts.describe(spec.options):
        if info.choices:
            fields[info.name] = st.sampled_from(list(info.choices))
        elif info.kind is bool:
            fields[info.name] = st.booleans()
        elif info.kind is int:
            lo = info.minimum if info.minimum is not None else 0
            hi = info.maximum if info.maximum is not None else lo + 500
            fields[info.name] = st.integers(lo, hi)
    return st.fixed_dictionaries({}, optional=fields)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_option_values_survive_the_web_export_and_import(client: TestClient, data: st.DataObject) -> None:
    game_id = data.draw(st.sampled_from(["hearts", "oh_hell", "euchre", "gin_rummy", "ten_thousand"]))
    values = data.draw(_option_values(game_id))
    made = found(client)
    r = propose(client, made, game=game_id, options=values)
    if r.status_code == 400:  # the values equal the book's: nothing to change
        assert "changes nothing" in r.json()["detail"]
        return
    assert r.status_code == 201, r.text
    text = client.get(f"/api/houses/{hid(made)}/export").text
    back = client.post("/api/houses/import", json={"toml": text}).json()
    detail = client.get(f"/api/houses/{back['house']['id']}/games/{game_id}").json()
    spec = gamenight.get_game(game_id).spec
    want = json.loads(json.dumps(opts.as_dict(opts.build(spec.options, values))))
    assert detail["values"] == want


# --- tables under a house --------------------------------------------------------------------------
def house_table(c: TestClient, made: Msg, **body: Any) -> Msg:
    """A table under the house, made through the host's own link."""
    body = {"game": "hearts", "players": 4, "bots": [1, 2, 3], "names": ["Ann"], "house": hid(made), **body}
    r = c.post("/api/tables", json=body, headers=admin(made))
    assert r.status_code == 201, r.text
    return r.json()


def start(c: TestClient, t: Msg) -> Msg:
    r = c.post(f"/api/tables/{t['table']['id']}/start", headers={"X-Host-Token": t["host_token"]})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_house_table_plays_the_version_in_force_and_each_match_records_it(client: TestClient) -> None:
    made = found(client)
    propose(client, made, options={"target": 50})
    t = house_table(client, made)
    assert t["table"]["options"]["target"] == 50 and t["table"]["house"]["current"] == 1
    r = client.post("/api/tables", json={"game": "hearts", "house": hid(made), "options": {"target": 20}},
                    headers=admin(made))
    assert r.status_code == 400 and "house's rules" in r.json()["detail"]
    assert client.post("/api/tables", json={"game": "hearts", "house": "nope"}).status_code == 404
    propose(client, made, options={"target": 75})  # version 2 before the first deal: the match plays it
    info = start(client, t)
    assert info["options"]["target"] == 75 and info["house"]["played_under"] == 2
    store = client.app.state.service.store
    table = client.app.state.service.tables[t["table"]["id"]]
    assert table.match.options.target == 75
    rows = store.house_matches(hid(made))
    assert [(m.table_id, m.house_version) for m in rows] == [(t["table"]["id"], 2)]
    rules = client.get(f"/api/tables/{t['table']['id']}/rules").text
    assert "version 2" in rules and "The Metzkers" in rules


def test_a_refused_move_shows_the_ruling_a_question_recorded_for_its_clause(client: TestClient) -> None:
    made = found(client)
    t = house_table(client, made)
    start(client, t)
    with client.websocket_connect(f"/ws/tables/{t['table']['id']}") as ws:
        hello(ws, seat_token(t, 0))
        ws.send_json({"type": "act", "action": "play 2C"})  # the hand starts by passing
        m = recv_until(ws, lambda m: m["type"] == "refused")
        assert m["rulings"] == []
        clause = m["clause_id"]
        ws.send_json({"type": "ask", "text": "Why can't I play now?", "clause": clause})
        qid = recv_until(ws, lambda m: m["type"] == "state" and m["table"]["house"]["questions"])[
            "table"]["house"]["questions"][0]["id"]
        ws.send_json({"type": "answer", "question": qid, "text": "Everyone passes three cards first."})
        recv_until(ws, lambda m: m["type"] == "state" and m["table"]["house"]["questions"][0]["status"] == "ruled")
        ws.send_json({"type": "act", "action": "play 2C"})
        m = recv_until(ws, lambda m: m["type"] == "refused")
    assert m["clause_id"] == clause
    assert [r["text"] for r in m["rulings"]] == ["Asked: Why can't I play now? — Ruled: Everyone passes three cards "
                                                 "first."]


def settled(i: int) -> Any:
    """A predicate: a state message in which question ``i`` (0-based) is no longer open."""
    return lambda m: m["type"] == "state" and len(m["table"]["house"]["questions"]) > i and \
        m["table"]["house"]["questions"][i]["status"] != "open"


def seat_token(t: Msg, seat: int) -> str:
    return str(t["links"]["seats"][seat]["link"].split("#token=")[1])


def test_a_question_at_the_table_is_ruled_by_the_host_and_recorded_as_a_version(client: TestClient) -> None:
    made = found(client)
    t = house_table(client, made, bots=[2, 3], names=["Ann", "Bea"])
    start(client, t)
    tid = t["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as bea, client.websocket_connect(f"/ws/tables/{tid}") as ann:
        hello(bea, seat_token(t, 1))
        hello(ann, seat_token(t, 0))
        bea.send_json({"type": "ask", "text": "May hearts be led to the first trick?",
                       "clause": "hearts.lead.hearts-broken"})
        m = recv_until(bea, lambda m: m["type"] == "state" and m["table"]["house"]["questions"])
        q = m["table"]["house"]["questions"][0]
        assert (q["raised_by"], q["host"], q["status"]) == ("Bea (seat 1)", "Ann", "open")  # a seat link is no member's
        bea.send_json({"type": "answer", "question": q["id"], "text": "Yes"})  # Bea is not the host
        recv_until(bea, lambda m: m["type"] == "state" and m["table"]["house"]["questions"][0]["answers"])
        assert client.get(f"/api/houses/{hid(made)}/games/hearts").json()["current"] == 0
        ann.send_json({"type": "answer", "question": q["id"], "text": "Only if you hold nothing but hearts."})
        m = recv_until(bea, settled(0))
        assert m["table"]["house"]["questions"][0]["status"] == "ruled"
        assert m["table"]["house"]["reading"] == 1 and m["table"]["house"]["played_under"] == 0
    detail = client.get(f"/api/houses/{hid(made)}/games/hearts").json()
    assert detail["current"] == 1 and detail["versions"][0]["status"] == "ruled"
    assert detail["rulings"][0]["text"] == "Only if you hold nothing but hearts."
    assert detail["rulings"][0]["clause"] == "hearts.lead.hearts-broken"
    rules = client.get(f"/api/tables/{tid}/rules").text
    assert "Only if you hold nothing but hearts." in rules


def test_the_list_of_tables_never_shows_an_unlisted_tables_names_or_questions(client: TestClient) -> None:
    made = found(client)
    t = house_table(client, made, bots=[2, 3], names=["Ann", "Bea"])
    start(client, t)
    with client.websocket_connect(f"/ws/tables/{t['table']['id']}") as bea:
        hello(bea, seat_token(t, 1))
        bea.send_json({"type": "ask", "text": "Is the secret question listed?"})
        recv_until(bea, lambda m: m["type"] == "state" and m["table"]["house"]["questions"])
    shown = client.get("/api/tables").text
    assert shown == "[]" and "secret question" not in shown and "Bea" not in shown


def test_questions_are_refused_clearly_and_change_nothing(client: TestClient) -> None:
    made = found(client)
    t = house_table(client, made)
    tid = t["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ann:
        hello(ann, seat_token(t, 0))
        ann.send_json({"type": "ask", "text": "Before the deal?"})
        assert "has not started" in recv_until(ann, lambda m: m["type"] == "error")["message"]
    start(client, t)
    with client.websocket_connect(f"/ws/tables/{tid}") as ann, client.websocket_connect(f"/ws/tables/{tid}") as spy:
        hello(ann, seat_token(t, 0))
        hello(spy)
        spy.send_json({"type": "ask", "text": "Can I ask?"})
        assert "spectators" in recv_until(spy, lambda m: m["type"] == "error")["message"]
        ann.send_json({"type": "ask", "text": "About what?", "clause": "no.such.clause"})
        assert "no clause" in recv_until(ann, lambda m: m["type"] == "error")["message"]
        ann.send_json({"type": "answer", "question": 99, "text": "x"})
        assert "no question #99" in recv_until(ann, lambda m: m["type"] == "error")["message"]
        ann.send_json({"type": "ask", "text": ""})
        assert "text of 1 to" in recv_until(ann, lambda m: m["type"] == "error")["message"]
    plain = client.post("/api/tables", json={"game": "hearts", "bots": [1, 2, 3]}).json()
    start(client, plain)
    with client.websocket_connect(f"/ws/tables/{plain['table']['id']}") as ws:
        hello(ws, seat_token(plain, 0))
        ws.send_json({"type": "ask", "text": "Who decides?"})
        assert "no house" in recv_until(ws, lambda m: m["type"] == "error")["message"]
    assert client.get(f"/api/houses/{hid(made)}").json()["questions"] == []


def test_a_table_vote_and_the_kali_effect(client: TestClient) -> None:
    made = found(client, answers="table", kali_effect=True)
    t = house_table(client, made, players=4, bots=[3], names=["Ann", "Bea", "Cal"])
    start(client, t)
    tid = t["table"]["id"]
    socks = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(3)]
    ws = [s.__enter__() for s in socks]
    try:
        for i, w in enumerate(ws):
            hello(w, seat_token(t, i))
        ws[0].send_json({"type": "ask", "text": "Does the queen of spades count double?"})
        q = recv_until(ws[0], lambda m: m["type"] == "state" and m["table"]["house"]["questions"])
        qid = q["table"]["house"]["questions"][0]["id"]
        ws[1].send_json({"type": "answer", "question": qid, "text": "No"})
        ws[2].send_json({"type": "answer", "question": qid, "text": "no."})  # two of three agree
        m = recv_until(ws[0], settled(0))
        assert m["table"]["house"]["questions"][0]["status"] == "ruled"
        ws[2].send_json({"type": "ask", "text": "You let Ann slough a heart on trick one.", "higher_standard": True,
                         "their_way": "I may slough a heart on trick one too"})
        m = recv_until(ws[2], lambda m: m["type"] == "state" and len(m["table"]["house"]["questions"]) == 2)
        kid = m["table"]["house"]["questions"][1]["id"]
        for w, text in zip(ws, ["No", "Yes", "Yes"], strict=True):
            w.send_json({"type": "answer", "question": kid, "text": text})
        m = recv_until(ws[0], settled(1))
        assert m["table"]["house"]["questions"][1]["status"] == "kali"
    finally:
        for s in socks:
            s.__exit__(None, None, None)
    detail = client.get(f"/api/houses/{hid(made)}/games/hearts").json()
    assert detail["current"] == 1  # the Kali ruling is for this game only
    assert "slough a heart on trick one too" in client.get(f"/api/tables/{tid}/rules").text


# --- gamenight serve --house FILE ---------------------------------------------------------------------
def test_a_house_file_is_brought_in_at_start_once_by_its_id(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    house = H.new_house("The Metzkers", "Ann", ["Bea"], house_id=H.new_id())
    house, _ = H.propose(house, "hearts", H.make_change(house, "hearts", options={"target": 50}), by="Ann")
    for _ in range(2):  # the second start finds it kept (maybe with newer votes) and leaves it be
        with TestClient(create_app(db, Settings(bot_delay=0.0), houses=[house])) as c:
            rows = c.app.state.houses.store.houses()
            assert [(r.id, r.name) for r in rows] == [(house.id, "The Metzkers")]
            assert c.get(f"/api/houses/{house.id}/games/hearts").json()["values"]["target"] == 50
    assert capsys.readouterr().out.count(f"/house/{house.id}#key=") == 1  # the host's link, printed once


def test_a_squatter_of_the_same_name_is_never_taken_for_the_house_file(db: str,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    with TestClient(create_app(db, Settings(bot_delay=0.0))) as c:  # someone founds "The Metzkers" first
        squatter = found(c, host="Mallory", members=[])
    house = H.new_house("The Metzkers", "Ann", ["Bea"], house_id=H.new_id())
    with TestClient(create_app(db, Settings(bot_delay=0.0), houses=[house])) as c:
        kept = {r.id: r.name for r in c.app.state.houses.store.houses()}
        assert kept == {hid(squatter): "The Metzkers", house.id: "The Metzkers"}
        assert c.get(f"/api/houses/{house.id}").json()["host"] == "Ann"
        assert c.get(f"/api/houses/{hid(squatter)}").json()["host"] == "Mallory"
    out = capsys.readouterr().out
    assert f"/house/{house.id}#key=" in out and hid(squatter) not in out and squatter["key"] not in out


def test_serve_gives_a_house_file_without_an_id_one_and_keeps_it(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    import gamenight.server.app
    from gamenight.cli.app import app

    started: list[Any] = []
    monkeypatch.setattr(gamenight.server.app, "run", lambda *args: started.append(args))
    path = tmp_path / "h.toml"
    path.write_text('name = "The Metzkers"\nhost = "Ann"\n[[members]]\nname = "Ann"\n')
    for _ in range(2):
        assert CliRunner().invoke(app, ["serve", "--house", str(path)]).exit_code == 0
    first, second = started[0][3][0], started[1][3][0]
    assert first.id is not None and first.id == second.id == H.from_toml(path.read_text()).id


def test_serve_refuses_a_bad_house_file_before_starting(tmp_path) -> None:
    from typer.testing import CliRunner

    from gamenight.cli.app import app

    bad = tmp_path / "h.toml"
    bad.write_text('name = "X"\nhost = "Ann"\n[[members]]\nname = "Ann"\n[games.hearts]\nproposed_by = "Ann"\n'
                   'when = 2026-01-01T00:00:00Z\n[games.hearts.options]\ntarget = "lots"\n')
    r = CliRunner().invoke(app, ["serve", "--house", str(bad)])
    assert r.exit_code == 2 and "games.hearts.options.target" in r.output
