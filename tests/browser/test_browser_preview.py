""""What would this change do?" in a real browser: a member clicks it on an open proposal, the
page shows the bot games' progress and then the side-by-side table (artifacts/)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from tests.browser.test_browser_table import ARTIFACTS, LAPTOP, base, browser, pytestmark

__all__ = ["base", "browser", "pytestmark"]  # the server and browser fixtures, shared


@pytest.fixture(scope="module", autouse=True)
def few_games() -> Iterator[None]:
    """The server started for this module plays 3 games per rule set, not 200."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAMENIGHT_PREVIEW_GAMES", "3")
        yield


def test_a_member_sees_what_a_proposal_would_do(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    made = httpx.post(f"{base}/api/houses", json={"name": "The Metzkers", "host": "Ann", "members": ["Bea"],
                                                  "approval": "majority"}).json()
    house = made["house"]["id"]
    r = httpx.post(f"{base}/api/houses/{house}/games/hearts/proposals", headers={"X-House-Key": made["key"]},
                   json={"options": {"target": 40}, "why": "shorter games"})
    assert r.status_code == 201, r.text
    errors: list[str] = []
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}{made['links']['you']}")
    page.wait_for_selector("li.proposal.open button.preview")
    page.click("li.proposal.open button.preview")
    page.wait_for_selector(".preview-result[data-state=done] table.preview-table", timeout=300_000)
    heads = page.locator("table.preview-table thead th").all_inner_texts()
    assert heads[1:] == ["version 0 (in force)", "with proposal #1"]
    assert "hands per match" in page.inner_text("table.preview-table")
    assert "3 bot games under each rule set" in page.inner_text(".preview-result")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "house-preview.png"), full_page=True)
    assert not errors
