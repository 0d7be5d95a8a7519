"""Every registered game at a real table, at phone and laptop sizes: one person against bots, checked
for what TABLE.md promises a player of any game. Nothing to scroll sideways on a phone; the hand and
the moves in view without scrolling; every seat by its player's name; prompts and the log in words,
not command syntax or engine names; no serious accessibility faults; a move made by tapping."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.browser.test_browser_games import SIZES, shot
from tests.browser.test_browser_table import base, browser, pytestmark  # noqa: F401

import gamenight

SPECS = {g.id: g for g in gamenight.games()}
NAMES = ["Ann", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
# typed-command syntax ('done', "may I go out?", "type ..."), engine squares (r2c5), snake_case keys
SYNTAX = re.compile(r"'[a-z][^']*'|\"[a-z][^\"]*\"|\btype\b")
ENGINE = re.compile(r"\br\d+c\d+\b|\b[a-z]+_[a-z_]+\b|\b[Ss]eats? \d+\b")
# what a tap can be: a button that is a move, a piece that is (or builds) one
BUTTONS = ["#actions button[data-action]", "#actions button.num", "#actions .choose button"]
PIECES = "#hand button.playable, button.die.playable"
BOX = "s => { const r = document.querySelector(s).getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; }"
# what lies lower on the felt than the top of your own seat: other seats, the stock, melds, dice, a board
BELOW_YOU = """() => {
  const me = document.querySelector('#board .plate.me');
  if (!me) return ['no seat of yours'];
  const top = me.getBoundingClientRect().top;
  return [...document.querySelectorAll('#board .plate:not(.me), #board .zone')]
    .filter((e) => e.getBoundingClientRect().bottom > top + 1)
    .map((e) => e.dataset.seat !== undefined ? `seat ${e.dataset.seat}` : e.dataset.pile || e.className);
}"""

# how far your seat's foot lies below the top of the dock (the fold), at the top of the page
UNDER_DOCK = """() => {
  const me = document.querySelector('#board .plate.me');
  if (!me) return null;  // drawn again this moment
  return me.getBoundingClientRect().bottom + scrollY - (innerHeight - document.querySelector('#me').offsetHeight);
}"""


def pieces(state: str = "") -> str:
    """The playable pieces, narrowed (":not(.selected)", ".selected")."""
    return ", ".join(f"{p}{state}" for p in PIECES.split(", "))


@pytest.fixture(scope="module")
def pages(browser) -> Iterator[dict[str, Any]]:  # noqa: F811
    """One page a size, reused from game to game (each game loads its own table into it)."""
    # axe evaluates scripts, which the app's CSP (no eval) would forbid
    out = {size: browser.new_page(viewport=vp, bypass_csp=True) for size, vp in SIZES.items()}
    for page in out.values():
        page.errors = []
        page.on("pageerror", lambda e, page=page: page.errors.append(str(e)))
    yield out
    for page in out.values():
        page.close()


@pytest.fixture(scope="module")
def axe() -> Any:
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


def sit_down(page, base: str, game: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]  # noqa: F811
    """A table of `game` at its usual size, bots in every seat but the first, which this page takes."""
    n = SPECS[game].default_players
    body = {"game": game, "players": n, "bots": list(range(1, n)), "names": NAMES[:n]}
    made = httpx.post(f"{base}/api/tables", json=body).json()
    started = httpx.post(f"{base}/api/tables/{made['table']['id']}/start", headers={"X-Host-Token": made["host_token"]})
    assert started.status_code == 200, started.text
    page.errors.clear()
    page.goto(f"{base}{made['links']['seats'][0]['link']}")
    page.wait_for_selector("#join-name")
    page.fill("#join-name", NAMES[0])
    page.click("#take-seat")
    page.wait_for_selector("#whoami:has-text('you are Ann')")
    return made


def my_turn(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until a move is asked of this seat (a hand summary in the way is read and closed)."""
    for _ in range(3):
        page.wait_for_function("document.title.startsWith('▶') || document.querySelector('#next-hand')",
                               timeout=30_000)
        if not page.locator("#next-hand").count():
            break
        page.click("#next-hand")
    page.wait_for_selector("#prompt:not(.muted)")


def tap_a_move(page) -> str:  # type: ignore[no-untyped-def]
    """Make one move by tapping and say which: a button, else a move of several pieces built tap by
    tap, else a piece (and then the choice it offers: a train, a square, a discard)."""
    for selector in BUTTONS:
        if page.locator(selector).count():
            button = page.locator(selector).first
            words = button.inner_text() or button.get_attribute("aria-label") or selector
            button.click()
            return words
    build = page.locator("#actions button[data-verb]")
    if build.count():
        for _ in range(12):
            more = page.locator(pieces(":not(.selected)"))
            if build.first.is_enabled() or not more.count():
                break
            more.first.click()
        if build.first.is_enabled():
            words = build.first.inner_text()
            build.first.click()
            return words
        for _ in range(12):  # no listed move among these: start again
            if not page.locator(pieces(".selected")).count():
                break
            page.locator(pieces(".selected")).first.click()
    tapped = page.locator(PIECES).first
    words = tapped.get_attribute("aria-label") or tapped.inner_text()
    tapped.click()
    choice = page.locator("button.sq.target, #actions button[data-action]")
    if choice.count():  # the piece asks where it goes, or offers its own moves
        words += " → " + (choice.first.inner_text() or "a square")
        choice.first.click()
    return words


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", SPECS)
def test_every_game_keeps_the_table_promises(pages, axe, base: str, game: str, size: str) -> None:  # noqa: F811
    page = pages[size]
    made = sit_down(page, base, game)
    my_turn(page)
    vp = page.viewport_size
    if size == "phone":  # no sideways scroll on a phone
        assert page.evaluate("document.documentElement.scrollWidth") <= vp["width"] + 1
    # the hand and the moves: in view, nothing to scroll to
    for part in ("#hand", "#actions"):
        if page.locator(part).count():
            shot(page, f"every-{game}", size)
            box = page.evaluate(BOX, part)  # read at once: a state update may redraw it meanwhile
            assert box["top"] >= 0 and box["bottom"] <= vp["height"] + 1, f"{part} is out of view: {box} in {vp}"
    assert page.locator(f"{PIECES}, #actions button:not([disabled])").count(), "nothing to tap on your turn"
    # your own seat at the bottom of the table, near your hand: below every other seat and what is on the table
    above = page.evaluate(BELOW_YOU)
    assert not above, f"lower on the table than your seat: {above}"
    # and in view above the dock with your hand, nothing to scroll to
    under = page.evaluate(UNDER_DOCK)
    if under is None:
        page.wait_for_selector("#board .plate.me")
        under = page.evaluate(UNDER_DOCK)
    assert under <= 1, f"your seat is {under:.0f}px under the dock"
    # every seat by name, and no bare seat numbers
    for seat in range(len(made["table"]["seats"])):
        assert NAMES[seat] in page.locator(f".plate[data-seat='{seat}']").inner_text()
    # every name read whole, your own too: none cut off by its seat's width
    cut = page.evaluate("[...document.querySelectorAll('.plate .name')].filter((e) => e.scrollWidth > e.clientWidth)"
                        ".map((e) => e.textContent)")
    assert not cut, f"names cut off: {cut}"
    words = page.inner_text("#board") + page.inner_text("#me") + page.inner_text("#log")
    assert not ENGINE.findall(words), ENGINE.findall(words)
    prompt = page.inner_text("#prompt")
    assert prompt.strip() and not SYNTAX.search(prompt), prompt
    # no serious accessibility faults
    bad = [v for v in axe.run(page).response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, "; ".join(f"{v['id']}: {v['help']} ({v['nodes'][0]['target']})" for v in bad)
    # one move by tapping: the log records it
    before = page.locator("#log li").count()
    what = tap_a_move(page)
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}", timeout=15_000)
    assert not page.locator("#notice.refusal").count(), f"{what}: {page.inner_text('#notice')}"
    assert not page.errors, page.errors
