"""The browser's time to first render and to apply a state update, at a four-seat Hearts table
(one person, three bots), read from the Performance API in Chromium driven by Playwright.

    python bench/bench_browser.py [--hands 1] [--size laptop|phone]

The table marks "first-render" once the first state is drawn, and measures "apply-state" from a
state message's arrival to the end of drawing it (table.js). First render is timed from the start
of navigation (the page, its modules, taking the seat under a name the moment the page asks, and
the WebSocket's first state included)."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}


def serve() -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "bench.db"
    env = dict(os.environ, GAMENIGHT_BOT_DELAY="0.05")
    proc = subprocess.Popen([sys.executable, "-m", "gamenight.cli.app", "serve", "--port", str(port),
                             "--database-url", f"sqlite:///{db}"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            httpx.get(f"{url}/api/health", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc, url


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=1, help="hands of Hearts to play (tapping the first playable card)")
    ap.add_argument("--size", choices=list(SIZES), default="laptop")
    ap.add_argument("--tables", type=int, default=3, help="fresh tables opened for the first-render figure")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    proc, url = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            firsts: list[float] = []
            applies: list[float] = []
            for t in range(args.tables):
                made = httpx.post(f"{url}/api/tables", json={"game": "hearts", "bots": [1, 2, 3]}).json()
                httpx.post(f"{url}/api/tables/{made['table']['id']}/start",
                           headers={"X-Host-Token": made["host_token"]})
                page = browser.new_page(viewport=SIZES[args.size], bypass_csp=True)
                page.goto(f"{url}{made['links']['seats'][0]['link']}")
                page.wait_for_selector("#join-name, #whoami:has-text('you are')")
                if page.query_selector("#join-name"):  # a seat link asks the joiner's name first
                    page.fill("#join-name", "Ann")
                    page.click("#take-seat")
                page.wait_for_function("performance.getEntriesByName('first-render').length > 0")
                firsts.append(page.evaluate("performance.getEntriesByName('first-render')[0].startTime"))
                if t == 0:
                    play(page, args.hands)
                    applies = page.evaluate("performance.getEntriesByName('apply-state').map(e => e.duration)")
                page.close()
            browser.close()
    finally:
        proc.kill()
        proc.wait(10)
    vp = SIZES[args.size]
    print(f"four-seat Hearts, {args.size} ({vp['width']}x{vp['height']}), Chromium headless")
    print(f"first render (navigation start to the table drawn), {len(firsts)} tables: "
          f"median {statistics.median(firsts):.0f} ms, range {min(firsts):.0f}-{max(firsts):.0f} ms")
    if applies:
        q = statistics.quantiles(applies, n=20)
        print(f"apply a state update (message in to table drawn), {len(applies)} updates: "
              f"median {statistics.median(applies):.1f} ms, p95 {q[18]:.1f} ms, max {max(applies):.1f} ms")


def play(page, hands: int) -> None:  # type: ignore[no-untyped-def]
    """Pass and play by tapping until ``hands`` summaries have been shown."""
    seen = 0
    deadline = time.monotonic() + 120 * hands
    while seen < hands and time.monotonic() < deadline:
        if page.locator("#next-hand").count():
            seen += 1
            page.click("#next-hand")
            continue
        if page.locator("#actions button[data-verb=pass]").count():
            for _ in range(3):
                page.locator("#hand button.card.playable:not(.selected)").first.click()
            page.locator("#actions button[data-verb=pass]").click()
        elif page.locator("#hand button.card.playable").count():
            with contextlib.suppress(Exception):  # redrawn under the click: look again
                page.locator("#hand button.card.playable").first.click(timeout=1000)
        page.wait_for_timeout(40)


if __name__ == "__main__":
    main()
