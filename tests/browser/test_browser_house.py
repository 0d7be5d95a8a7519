"""A house in real browsers (Playwright driving Debian's Chromium) at a real `gamenight serve`:
the host changes a rule, a member approves it on a phone, a table starts under the new
version, and a question raised at the table becomes a recorded ruling (artifacts/)."""

from __future__ import annotations

import time

import httpx
from tests.browser.test_browser_table import ARTIFACTS, LAPTOP, PHONE, base, browser, pytestmark

__all__ = ["base", "browser", "pytestmark"]  # the server and browser fixtures, shared


def test_a_rule_change_approved_then_played_and_a_question_ruled(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    host = browser.new_context(viewport=LAPTOP).new_page()
    host.on("pageerror", lambda e: errors.append(str(e)))

    # the host founds a house whose changes need a majority, and proposes a shorter game
    host.goto(f"{base}/houses")
    host.fill("#house-name", "The Metzkers")
    host.fill("#house-host", "Ann")
    host.fill("#house-members", "Bea")
    host.select_option("#house-approval", "majority")
    host.click("#create-house")
    member_link = host.get_attribute("#member-link", "href")
    bea_invite = host.get_attribute(".invite-link[data-member=Bea]", "href")
    host.click("text=Go to the house")
    host.wait_for_selector("#game option[value=hearts]", state="attached")
    host.select_option("#game", "hearts")
    host.wait_for_selector("#opt-target")
    assert host.locator("#role").inner_text() == "· admin" and host.locator("#me").inner_text() == "you are Ann"
    assert "#" not in host.url  # the host's key is kept by the browser, out of the address bar
    host.fill("#opt-target", "50")
    host.fill("#why", "shorter games on school nights")
    host.click("#propose")
    host.wait_for_selector("#banner >> text=waits for approval")
    assert host.locator("#version").inner_text().startswith("Version 0")

    # a member approves it from her phone, through her own invitation
    bea = browser.new_context(viewport=PHONE).new_page()
    bea.on("pageerror", lambda e: errors.append(str(e)))
    bea.goto(f"{base}{bea_invite}")
    bea.wait_for_selector("#me >> text=you are Bea")
    bea.wait_for_selector("li.proposal.open")
    bea.wait_for_selector("#admin-note >> text=Only members with")
    assert bea.locator("#propose").is_disabled()  # no admin link: she cannot change rules herself
    bea.click("li.proposal.open button.approve")
    bea.wait_for_selector("li.proposal.accepted >> text=accepted as version 1")
    assert "The game ends when a player reaches 50 points." in bea.inner_text("li.proposal")  # a rule, not target = 50
    # the host's page follows without a reload: the banner and the version are current
    host.wait_for_selector("#banner >> text=was accepted: version 1 is in force", timeout=15_000)
    host.wait_for_selector("#version >> text=Version 1")
    bea.screenshot(path=str(ARTIFACTS / "house-phone.png"), full_page=True)

    # the host starts a table under the house: it plays version 1
    host.reload()
    host.wait_for_selector("#game option[value=hearts]", state="attached")
    host.select_option("#game", "hearts")
    host.wait_for_selector("#version >> text=Version 1")
    host.select_option("#diff-a", "0")
    host.select_option("#diff-b", "1")
    host.click("#diff-form button")
    host.wait_for_selector("#diff table.diff tr[data-option=target]")
    host.click("#create-btn")
    host.wait_for_selector("#host-link")
    host.click("text=Go to the table")
    host.wait_for_selector("#house >> text=version 1")
    table_id = host.url.split("/table/")[1].split("#")[0]
    assert httpx.get(f"{base}/api/tables/{table_id}").json()["options"]["target"] == 50
    host.click("#start")
    host.wait_for_selector("#hand button.card")

    # a question at the table: the host rules, and the ruling is recorded as version 2
    host.wait_for_selector("#questions-panel:not([hidden])")
    host.wait_for_selector("#question-clause option[value='hearts.lead.hearts-broken']", state="attached")
    host.fill("#question-text", "May I lead hearts to a trick before they are broken?")
    host.select_option("#question-clause", "hearts.lead.hearts-broken")
    host.click("#ask")
    host.wait_for_selector("li.question.open .answer-text")
    host.fill("li.question.open .answer-text", "Only when you hold nothing but hearts.")
    host.click("li.question.open form.answer button[type=submit]")
    host.wait_for_selector("li.question.ruled >> text=recorded as version 2")
    host.click("#rules-panel summary")
    deadline = time.monotonic() + 10
    while "Only when you hold nothing but hearts." not in host.locator("#rules").inner_text():
        assert time.monotonic() < deadline, "the ruling never reached the rules panel"
        time.sleep(0.1)
    host.screenshot(path=str(ARTIFACTS / "house-table-laptop.png"), full_page=True)
    house_id = member_link.rsplit("/", 1)[1]
    detail = httpx.get(f"{base}/api/houses/{house_id}/games/hearts").json()
    assert detail["current"] == 2 and detail["versions"][1]["status"] == "ruled"
    assert detail["rulings"][0]["clause"] == "hearts.lead.hearts-broken"
    assert errors == []
