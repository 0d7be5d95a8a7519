"""The seats around the table in a real browser: Court Whist's partners, who change every game,
marked "partner" and sitting opposite; a long name read whole on a phone; a card played in
front of its seat without covering the seat's plate (plates grow to several lines on a phone)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from tests.browser.test_browser_games import SIZES, seat_page, shot
from tests.browser.test_browser_table import base, browser, pytestmark  # noqa: F401

CENTRE = ("s => { const r = document.querySelector(s).getBoundingClientRect(); "
          "return [r.x + r.width / 2, r.y + r.height / 2]; }")
# each played card that overlaps a seat's plate: "seat card / seat plate"
COVERED = """() => {
  const out = [];
  for (const c of document.querySelectorAll('.trick-area .played')) {
    const a = c.getBoundingClientRect();
    for (const p of document.querySelectorAll('.ring > .plate')) {
      const b = p.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        out.push(`${c.dataset.seat} / ${p.dataset.seat}`);
    }
  }
  return out;
}"""


def table(base: str, game: str, names: list[str]) -> dict[str, Any]:  # noqa: F811
    body = {"game": game, "players": 4, "bots": [1, 2, 3], "names": names}
    made = httpx.post(f"{base}/api/tables", json=body).json()
    r = httpx.post(f"{base}/api/tables/{made['table']['id']}/start", headers={"X-Host-Token": made["host_token"]})
    assert r.status_code == 200, r.text
    return made


@pytest.mark.parametrize("size", list(SIZES))
def test_court_whist_partners_are_marked_and_sit_opposite(browser, base: str, size: str) -> None:  # noqa: F811
    names = ["Ann", "Bea", "Cy", "Dee"]
    page = seat_page(browser, base, table(base, "court_whist", names), 0, size)
    page.wait_for_selector("#log li:has-text('against')")
    # the log says this game's partnership in words: "Coronation, Bea and Dee against you and Cy"
    line = page.locator("#log li:has-text('against')").first.inner_text().replace("\u2068", "").replace("\u2069", "")
    partner = next(n for n in names[1:] if f"you and {n}" in line or f"{n} and you" in line)
    marked = page.locator(".plate.partner")
    assert marked.count() == 1 and partner in marked.inner_text(), (line, marked.all_inner_texts())
    assert "partner" in marked.locator(".badge").all_inner_texts()
    me = page.evaluate(CENTRE, ".plate.me")
    mate = page.evaluate(CENTRE, ".plate.partner")
    ring = page.evaluate(CENTRE, "#ring")
    # opposite: straight across the middle of the table from you, at the top
    assert abs(mate[0] - me[0]) < 2 and mate[1] < ring[1] < me[1], (me, mate, ring)
    # the opponents either side, one left and one right
    sides = sorted(page.evaluate(CENTRE, f".plate[data-seat='{names.index(n)}']")[0] for n in names[1:] if n != partner)
    assert sides[0] < me[0] < sides[1], sides
    shot(page, "court-whist-partners", size)
    assert not page.errors, page.errors
    page.close()


def test_a_long_name_is_read_whole_on_a_phone_and_a_played_card_clears_its_seat(browser, base: str) -> None:  # noqa: F811
    names = ["Maximiliana Featherstone", "Bea", "Cy", "Dee"]
    made = table(base, "canadian_salad", names)
    page = browser.new_page(viewport=SIZES["phone"], bypass_csp=True)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{base}{made['links']['seats'][0]['link']}")
    page.fill("#join-name", names[0])
    page.click("#take-seat")
    page.wait_for_selector("#hand button.card")
    name = page.locator(".plate.me .name")
    assert "Maximiliana Featherstone" in name.inner_text()
    assert page.evaluate("e => e.scrollWidth <= e.clientWidth", name.element_handle()), "your name is cut off"
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"] + 1
    # play a card: it lies in front of you, above your seat, not over it
    page.wait_for_function("document.title.startsWith('▶')", timeout=30_000)
    page.locator("#hand button.card.playable").first.click()
    page.wait_for_selector(".trick-area .played[data-seat='0']")
    covered = page.evaluate(COVERED)
    shot(page, "canadian-salad-played", "phone")
    assert not covered, covered
    assert not page.errors, page.errors
    page.close()
