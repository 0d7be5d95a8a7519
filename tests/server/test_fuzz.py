"""Fuzzing by maintained tools: schemathesis sends inputs that fit the app's OpenAPI schema
and inputs that break it to every route, and no answer may be a server error; hypothesis
sends WebSocket messages of every kind (the message schema, and JSON that breaks it) to a
table in play, and each is answered without a crash and without changing the game unless
it was a legal move."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.python.asgi import shutdown_lifespans

from gamenight.server.app import create_app
from gamenight.server.limits import Limits
from gamenight.server.tables import Settings
from server.test_server import hello, host_post, new_table, token_of, url

ROOMY = Limits(create_rate="100000/minute", socket_rate="100000/minute", sockets_per_address=1000)
"""Limits the fuzzers never reach: they are here to find server errors, not rate limits."""


FOLDER = tempfile.TemporaryDirectory(prefix="gamenight-fuzz-")
APP = create_app(f"sqlite:///{Path(FOLDER.name) / 'gn.db'}", Settings(bot_delay=0.0, grace_period=600), limits=ROOMY)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def app() -> Iterator[FastAPI]:
    yield APP
    shutdown_lifespans()  # schemathesis started the app's lifespan: close its store
    FOLDER.cleanup()


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gives_a_server_error(case: Any) -> None:
    case.call_and_validate(checks=[not_a_server_error])


# --- the WebSocket messages --------------------------------------------------------------------------
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                  max_size=4), max_leaves=12)
KINDS = st.sampled_from(["act", "ask", "answer", "ping", "sync", "hello", "chat", "", None, 7])
MESSAGES = st.one_of(
    st.fixed_dictionaries({"type": KINDS}, optional={"action": JSON | st.text(max_size=40), "text": JSON,
                                                     "question": JSON, "clause": JSON, "their_way": JSON,
                                                     "higher_standard": JSON, "token": JSON}),
    JSON.map(lambda v: json.dumps(v)),  # any JSON at all, not only objects
    st.text(max_size=60),  # not JSON
    st.binary(max_size=60),  # not even text
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),  # nested deep
)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A Hearts table of four people (no bots: nothing moves but the moves sent here)."""
    db = tmp_path_factory.mktemp("ws") / "gn.db"
    with TestClient(create_app(f"sqlite:///{db}", Settings(bot_delay=0.0, grace_period=600), limits=ROOMY)) as c:
        made = new_table(c)
        host_post(c, made, "start")
        yield c, made


def drain(ws: Any) -> list[dict[str, Any]]:
    """Every answer to what was sent so far: a ping goes last, and its pong closes the list."""
    ws.send_json({"type": "ping"})
    out = []
    while (m := ws.receive_json()) != {"type": "pong"}:
        out.append(m)
    return out


def send(ws: Any, message: Any) -> None:
    if isinstance(message, dict):
        ws.send_text(json.dumps(message))
    elif isinstance(message, bytes):
        ws.send_bytes(message)
    else:
        ws.send_text(message)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(messages=st.lists(MESSAGES | st.integers(0, 1000), min_size=1, max_size=6))
def test_no_websocket_message_crashes_or_changes_the_game_unless_it_is_a_legal_move(
        table: tuple[TestClient, dict[str, Any]], messages: list[Any]) -> None:
    c, made = table
    match = c.app.state.service.tables[made["table"]["id"]].match  # type: ignore[attr-defined]
    with ExitStack() as stack:
        seats = [stack.enter_context(c.websocket_connect(url(made))) for _ in range(4)]
        for i, ws in enumerate(seats):
            hello(ws, token_of(made, i))
        for message in messages:
            before = len(match.log)
            sender, moved = 0, False
            if isinstance(message, int):  # a legal move by a seat to act: the game goes on
                if match.over:
                    continue
                sender = match.to_act()[message % len(match.to_act())]
                legal = sorted(map(str, match.legal_actions(sender)))
                message, moved = {"type": "act", "action": legal[message % len(legal)]}, True
            send(seats[sender], message)  # anything else comes from seat 0
            for ws in seats:  # every socket answers (a ping last: the socket lives on)
                answers = drain(ws)
                assert all(m["type"] in ("error", "refused", "state") for m in answers), answers
            assert len(match.log) == before + moved, message
