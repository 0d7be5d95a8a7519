"""People at a table in real browsers (Playwright driving Debian's Chromium) at a real server,
at phone and laptop sizes: a friend joins through the seat's QR code under their own name; a
page that is left (the back/forward cache) is away, a bot plays for it and hands the seat back
on return; a server that goes away and comes back loses no move made while it was down; a
move is taken back when the other player agrees. Screenshots go to artifacts/people/."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import segno
from websockets.sync.client import connect

from browser.test_browser_table import ARGS, ARTIFACTS, CHROMIUM, LAPTOP, PHONE, pytestmark  # noqa: F401
from gamenight.server.review import qr_svg

SHOTS = ARTIFACTS / "people"
SIZES = [pytest.param(PHONE, id="phone"), pytest.param(LAPTOP, id="laptop")]


class Server:
    """``gamenight serve`` in a subprocess, which a test may kill and start again on the same port."""

    def __init__(self, db: Path, **env: str) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.db, self.env = db, env
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, **self.env)
        serve = ["serve", "--port", str(self.port), "--database-url", f"sqlite:///{self.db}"]
        self.proc = subprocess.Popen([sys.executable, "-m", "gamenight.cli.app", *serve], env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                httpx.get(f"{self.url}/api/health", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def table(self, **body: Any) -> dict[str, Any]:
        r = httpx.post(f"{self.url}/api/tables", json=body)
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def seats(self, made: dict[str, Any]) -> list[dict[str, Any]]:
        return httpx.get(f"{self.url}/api/tables/{made['table']['id']}").json()["seats"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Bots quick; a seat left alone is played by a bot after a second."""
    s = Server(tmp_path_factory.mktemp("people") / "gn.db", GAMENIGHT_BOT_DELAY="0.05", GAMENIGHT_GRACE_PERIOD="1")
    s.start()
    yield s
    s.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def page_at(browser: Any, size: dict[str, int]) -> Any:
    """A page in a browser context of its own (its own storage: another person's phone)."""
    page = browser.new_context(viewport=size).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def join(page: Any, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#join-name", name)
    page.click("#take-seat")
    page.wait_for_selector(f"#whoami:has-text('you are {name}')")


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"]
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1  # no sideways scroll


def until(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("never happened")


# --- joining ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_friend_joins_through_the_qr_code_with_a_name(browser: Any, server: Server, size: dict[str, int]) -> None:
    made = server.table(game="hearts", bots=[2, 3])
    host = page_at(browser, size)
    join(host, server.url + made["links"]["host"], "Ann")
    host.click("li[data-seat='1'] details.qr summary")
    qr = host.wait_for_selector("img.qr-code[data-seat='1']")
    link = host.get_attribute(".seat-link[data-seat='1']", "href")
    svg = urllib.parse.unquote(qr.get_attribute("src").split(",", 1)[1])
    assert svg == qr_svg(link).decode()  # the code the friend's phone scans is the seat's link
    assert segno.make(link, error="m").designator  # (a link short enough for a phone to read)
    shoot(host, "host-links")
    friend = page_at(browser, PHONE if size == LAPTOP else LAPTOP)
    friend.goto(link)
    friend.wait_for_selector("#join-name")
    shoot(friend, "friend-asked-name")
    friend.fill("#join-name", "Bea")
    friend.click("#take-seat")
    friend.wait_for_selector("#whoami:has-text('you are Bea')")
    host.wait_for_selector("li[data-seat='1']:has-text('has joined')")
    assert host.locator(".seat-link[data-seat='1']").count() == 0  # the host no longer holds the seat's link
    assert server.seats(made)[1]["name"] == "Bea"
    host.click("#start")
    friend.wait_for_selector("#hand button.card")
    shoot(friend, "friend-seated")
    stale = page_at(browser, size)  # the link again, after Bea took the seat: it offers to watch
    stale.goto(link)
    stale.fill("#join-name", "Cy")
    stale.click("#take-seat")
    stale.wait_for_selector("#stale-link")
    shoot(stale, "stale-link")
    stale.click("#watch")
    stale.wait_for_selector("#whoami:has-text('spectator')")
    assert stale.locator("#hand").count() == 0
    assert not host.errors and not friend.errors and not stale.errors


# --- presence -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_page_left_for_another_is_played_by_a_bot_and_handed_back(browser: Any, server: Server,
                                                                     size: dict[str, int]) -> None:
    made = server.table(game="hearts", bots=[1, 2, 3])
    page = page_at(browser, size)
    join(page, server.url + made["links"]["host"], "Ann")
    page.click("#start")
    page.wait_for_selector("#hand button.card")
    page.goto(f"{server.url}/")  # follow a link away: the table page goes into the back/forward cache
    until(lambda: server.seats(made)[0]["away"])
    until(lambda: server.seats(made)[0]["bot_playing"])  # the grace period is over: a bot plays for Ann
    page.go_back()
    page.wait_for_selector("#whoami:has-text('you are Ann')")
    seat = until(lambda: (s := server.seats(made)[0])["connected"] and not s["bot_playing"] and s)
    assert not seat["away"]
    shoot(page, "back-at-the-seat")
    assert not page.errors


# --- the connection ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_move_made_while_the_server_is_down_is_sent_when_it_is_back(browser: Any, tmp_path: Path,
                                                                      size: dict[str, int]) -> None:
    server = Server(tmp_path / "gn.db", GAMENIGHT_BOT_DELAY="0.05", GAMENIGHT_GRACE_PERIOD="600")
    server.start()
    try:
        made = server.table(game="hearts", bots=[1, 2, 3], options={"pass_count": 0})
        page = page_at(browser, size)
        join(page, server.url + made["links"]["host"], "Ann")
        page.click("#start")
        page.wait_for_selector("#hand button.card.playable")
        cards = page.locator("#hand button.card").count()
        server.kill()
        page.wait_for_selector("#connection:has-text('Connection lost')")
        page.locator("#hand button.card.playable").first.click()
        page.wait_for_selector("#connection:has-text('Your move is kept')")
        shoot(page, "connection-lost")
        server.start()
        page.wait_for_selector("#connection", state="hidden", timeout=30_000)
        until(lambda: page.locator("#hand button.card").count() == cards - 1)
        assert until(lambda: any(e["kind"] == "play" and e["seats"][:1] == [0] for e in spectator_events(server, made)))
        server.kill()  # the move was answered (in the state it made): the page no longer keeps it
        page.wait_for_selector("#connection:has-text('Connection lost')")
        assert "kept" not in page.locator("#connection").inner_text()
        assert not page.errors
    finally:
        server.kill()


def spectator_events(server: Server, made: dict[str, Any]) -> list[dict[str, Any]]:
    """The latest events of the table, as a spectator connecting now is told them."""
    with connect(server.url.replace("http", "ws") + f"/ws/tables/{made['table']['id']}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        return list(json.loads(ws.recv())["events"])


# --- undo -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_move_is_taken_back_when_the_other_player_agrees(browser: Any, server: Server, size: dict[str, int]) -> None:
    made = server.table(game="gin_rummy")
    ann = page_at(browser, size)
    join(ann, server.url + made["links"]["host"], "Ann")
    bea = page_at(browser, size)
    join(bea, server.url + made["links"]["seats"][1]["link"], "Bea")
    ann.click("#start")
    pages = [ann, bea]
    mover = until(lambda: next((p for p in pages if p.locator("#actions button[data-action='pass']").count()), None))
    other = bea if mover is ann else ann
    mover.click("#actions button[data-action='pass']")
    mover.click("#undo")
    other.wait_for_selector("#undo-request:has-text('asks to take back')")
    mover.wait_for_selector("#undo-request:has-text('Waiting for')")
    shoot(other, "undo-asked")
    other.click("#undo-yes")
    mover.wait_for_selector("#log li:has-text('You took back your move')")  # in the second person
    other.wait_for_selector("#log li:has-text('took back their move')")
    mover.wait_for_selector("#actions button[data-action='pass']")  # the mover's turn again
    assert other.locator("#actions button").count() == 0
    shoot(mover, "undo-done")
    assert not ann.errors and not bea.errors

