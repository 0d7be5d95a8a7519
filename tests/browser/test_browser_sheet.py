"""The score sheet in a real browser: Court Whist's eight players fit the side panel on a laptop
and the page on a phone, nothing to scroll sideways, each head on one line, a name cut short that still tells
the players apart, the whole name in its title."""

from __future__ import annotations

import httpx
import pytest
from tests.browser.test_browser_games import SIZES, seat_page, shot
from tests.browser.test_browser_table import base, browser, pytestmark  # noqa: F401

NAMES = ["Ann", "Bartholomew", "Barbara", "Maximiliana Featherstone", "Eve", "Fay", "Gus", "Hal"]
# each head or number wider than its column (run over, or broken over two lines): its words
SPILLED = """() => [...document.querySelectorAll('#sheet th, #sheet td:not(:first-child)')].filter((e) => {
  const r = document.createRange();
  r.selectNodeContents(e);
  return e.scrollWidth > e.clientWidth + 1 || new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1;
}).map((e) => e.textContent)"""


@pytest.mark.parametrize("size", list(SIZES))
def test_eight_players_columns_fit_with_short_heads(browser, base: str, size: str) -> None:  # noqa: F811
    body = {"game": "court_whist", "players": 8, "bots": list(range(1, 8)), "names": NAMES}
    made = httpx.post(f"{base}/api/tables", json=body).json()
    r = httpx.post(f"{base}/api/tables/{made['table']['id']}/start", headers={"X-Host-Token": made["host_token"]})
    assert r.status_code == 200, r.text
    page = seat_page(browser, base, made, 0, size)
    page.wait_for_selector("#sheet table.sheet th")
    heads = page.eval_on_selector_all("#sheet th",
                                      "els => els.map((e) => [e.textContent, e.querySelector('abbr')?.title])")
    assert [h for h, _ in heads] == ["You", "Bart", "Barb", "Max", "Eve", "Fay", "Gus", "Hal"], heads
    assert dict(heads)["Max"] == "Maximiliana Featherstone"
    page.locator("#sheet").scroll_into_view_if_needed()
    shot(page, "sheet-eight", size)
    sheet = page.locator("#sheet")
    assert sheet.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the sheet scrolls sideways"
    spilled = page.evaluate(SPILLED)
    assert not spilled, spilled
    if size == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"] + 1
    assert not page.errors, page.errors
    page.close()
