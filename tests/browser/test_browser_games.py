"""The card room in a real browser (Playwright driving Debian's Chromium), at phone and laptop
sizes: a whole hand of Hearts by tapping (a completed trick held with its winner, a refusal beside
the hand, the hand's summary), a Gin hand to a knock with the showdown read from the page, a
Pinochle pass of duplicate cards tapped one by one (the hand held in Pinochle's order), Thirty
One's pot and quarters drawn as chips, a 10,000 turn tapping dice, a Mexican Train turn and a 5 in
a Row turn; an accessibility check; screenshots kept in artifacts/screenshots/."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from tests.browser.test_browser_table import ARTIFACTS, LAPTOP, PHONE, base, browser, pytestmark  # noqa: F401

SHOTS = ARTIFACTS / "screenshots"
SIZES = {"phone": PHONE, "laptop": LAPTOP}
NAMES = ["Ann", "Bea", "Cy", "Dee"]


def new_table(base: str, game: str, bots: list[int], players: int | None = None) -> dict[str, Any]:  # noqa: F811
    body: dict[str, Any] = {"game": game, "bots": bots, "names": NAMES}
    if players is not None:
        body["players"] = players
        body["names"] = NAMES[:players]
    made = httpx.post(f"{base}/api/tables", json=body).json()
    r = httpx.post(f"{base}/api/tables/{made['table']['id']}/start", headers={"X-Host-Token": made["host_token"]})
    assert r.status_code == 200, r.text
    return made


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return request.param  # type: ignore[no-any-return]


def seat_page(browser, base: str, made: dict[str, Any], seat: int, size: str):  # type: ignore[no-untyped-def]  # noqa: F811
    # wait_for_function and axe evaluate scripts, which the app's CSP (no eval) would forbid
    page = browser.new_page(viewport=SIZES[size], bypass_csp=True)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{base}{made['links']['seats'][seat]['link']}")
    page.wait_for_selector("#join-name, #whoami:has-text('you are')")
    if page.query_selector("#join-name"):  # joining by link asks for a name first
        page.fill("#join-name", "Ann")
        page.click("#take-seat")
        page.wait_for_selector("#whoami:has-text('you are Ann')")
    return page


def shot(page, name: str, size: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{size}.png"))


def in_view(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    """The element is wholly inside the viewport (no scrolling needed to reach it)."""
    box = page.locator(selector).bounding_box()
    vp = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= vp["height"] + 1 and \
        box["x"] >= 0 and box["x"] + box["width"] <= vp["width"] + 1


def no_sideways_scroll(page) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1


def hand(page) -> list[str]:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all("#hand button.card", "els => els.map(e => e.dataset.card)")


def playable_cards(page) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """(place in the hand, card) of each card that may be tapped for a move now."""
    return [tuple(c) for c in page.eval_on_selector_all(  # type: ignore[misc]
        "#hand button.card.playable", "els => els.map(e => [e.dataset.index, e.dataset.card])")]


def wait_any(page, *selectors: str, timeout: float = 30) -> str:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for s in selectors:
            if page.locator(s).count():
                return s
        page.wait_for_timeout(50)
    raise AssertionError(f"none of {selectors} appeared")


# --- Hearts ----------------------------------------------------------------------------------------
def test_a_whole_hand_of_hearts_by_tapping(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "hearts", [1, 2, 3]), 0, size)
    page.wait_for_selector("#hand button.card")
    assert "Your turn" in page.title()  # everyone passes at once: the turn shows in the title
    passed = refused = held = 0
    deadline = time.monotonic() + 120
    while not page.locator("#summary").count():
        assert time.monotonic() < deadline, "the hand did not finish"
        found = wait_any(page, "#summary", "#actions button[data-verb=pass]", "#hand button.card.playable")
        if found == "#summary":
            break
        if found.endswith("[data-verb=pass]"):
            button = page.locator("#actions button[data-verb=pass]")
            for i in range(3):
                page.locator("#hand button.card.playable:not(.selected)").first.click()
                label = button.inner_text()
                assert ("choose" in label) == (i < 2), label  # the button names the pass as it grows
            assert button.is_enabled() and button.inner_text().startswith("Pass ")
            shot(page, "hearts-pass", size)
            button.click()
            passed += 1
            page.wait_for_selector("#actions button[data-verb=pass]", state="detached")
            continue
        if page.locator("#trick.done .played.winner").count() and not held:
            held += 1  # a completed trick stays on the table with its winner marked
            assert "takes the trick" in page.inner_text("#trick-caption") or "take the trick" in \
                page.inner_text("#trick-caption")
            shot(page, "hearts-trick-taken", size)
        dim = page.locator("#hand button.card.dim")
        if not refused and dim.count():
            dim.first.click()
            page.wait_for_selector("#notice.refusal")
            assert page.inner_text("#notice.refusal").strip()
            assert in_view(page, "#hand") and in_view(page, "#notice")  # the reason beside the hand, all in view
            shot(page, "hearts-refused", size)
            refused += 1
        before = len(hand(page))
        try:
            page.locator("#hand button.card.playable").first.click(timeout=2000)
            page.wait_for_function(f"document.querySelectorAll('#hand button.card').length < {before} || "
                                   "document.querySelector('#summary')", timeout=5000)
        except Exception:  # noqa: BLE001  a state update redrew the hand under the click: look again
            continue
    assert passed == 1 and refused == 1
    summary = page.inner_text("#summary")
    assert "End of hand 1" in summary and "Last trick" in summary
    assert "Points this hand" in summary or "Power" in summary
    heads = [h.strip("\u2068\u2069") for h in
             page.eval_on_selector_all("#summary table.sheet th", "els => els.map(e => e.textContent)")]
    assert {"You", "Bea", "Cy", "Dee"} <= set(heads)  # names head the columns, not seat numbers
    shot(page, "hearts-summary", size)
    no_sideways_scroll(page)
    page.click("#next-hand")
    assert not page.locator("#summary").count()
    assert "hand 1" in page.inner_text("table.sheet tbody")
    assert page.locator("#log li").count() >= 52  # passes and 48 cards played, in words
    assert "seat 0" not in page.inner_text("#log") and "seat 0" not in page.inner_text("#sheet")
    assert not page.errors
    page.close()


# --- Gin -------------------------------------------------------------------------------------------
RANK = {"A": 1, "J": 11, "Q": 12, "K": 13}


def points(card: str) -> int:
    r = card[:-1]
    return RANK.get(r, int(r) if r.isdigit() else 0)


def test_a_gin_hand_to_a_knock_with_the_showdown_read_from_the_page(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "gin_rummy", [1]), 0, size)
    page.wait_for_selector("#hand button.card")
    deadline = time.monotonic() + 150
    while True:
        assert time.monotonic() < deadline, "no knock"
        found = wait_any(page, "#summary", "#actions button[data-action]", "#hand button.card.playable")
        if found == "#summary":
            text = page.inner_text("#summary")
            if "knocks" in text or "goes gin" in text or "goes Double Gin" in text:
                break
            page.click("#next-hand")  # a cancelled hand: play the next
            continue
        actions = {b.get_attribute("data-action"): b for b in page.locator("#actions button[data-action]").all()}
        chosen = next((b for wanted in ("knock", "gin", "draw", "pass", "deal")
                       for a, b in actions.items() if a.split(" ")[0] == wanted), None)
        if chosen is not None:
            chosen.click()
            page.wait_for_timeout(150)
            continue
        # discard: the highest unmatched card (going out when that is allowed)
        loose = page.eval_on_selector_all("#hand .unmatched button.card.playable",
                                          "els => els.map(e => e.dataset.index)")
        cards = playable_cards(page)
        pool = [c for c in cards if c[0] in loose] or cards
        if not pool:
            page.wait_for_timeout(100)
            continue
        index = max(pool, key=lambda c: points(c[1]))[0]
        page.click(f"#hand button.card[data-index='{index}']")
        page.wait_for_timeout(150)
    # the showdown as laid out: each player's melds, lay-offs marked, the unmatched cards apart, in words
    assert page.locator("#summary .meld-owner").count() == 2
    assert page.locator("#summary .group.meld").count() >= 1
    lines = page.inner_text("#summary .summary-lines")
    assert "melds" in lines or "unmatched" in lines
    assert page.locator("#summary table.sheet tbody tr").count() >= 1
    shot(page, "gin-showdown", size)
    # the next hand is dealt (by a bot, when it deals) while the showdown stays on the page until read
    page.wait_for_timeout(2500)
    assert page.locator("#summary .meld-owner").count() == 2
    page.click("#next-hand")
    page.wait_for_selector("#hand button.card")
    assert not page.errors
    page.close()


# --- Pinochle: the pass of duplicates ------------------------------------------------------------------
class Driver(threading.Thread):
    """A person at another seat, played from Python: passes when it may, otherwise the first move."""

    def __init__(self, url: str, token: str) -> None:
        super().__init__(daemon=True)
        self.url, self.token = url, token
        self.stop = threading.Event()

    def run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            self.play()
        except (ConnectionClosed, OSError):
            return  # the server stopped first

    def play(self) -> None:
        from websockets.sync.client import connect

        with connect(self.url) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.token}))
            sent = -1
            while not self.stop.is_set():
                try:
                    msg = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                if msg.get("type") != "state" or not msg.get("legal") or msg["ply"] == sent:
                    continue
                legal = msg["legal"]
                ws.send(json.dumps({"type": "act", "action": "pass" if "pass" in legal else legal[0]}))
                sent = msg["ply"]


@pytest.fixture
def pinochle(base: str) -> Iterator[dict[str, Any]]:  # noqa: F811
    made = new_table(base, "pinochle", [])
    url = base.replace("http", "ws") + f"/ws/tables/{made['table']['id']}"
    drivers = [Driver(url, made["links"]["seats"][s]["link"].split("#token=")[1]) for s in (1, 2, 3)]
    for d in drivers:
        d.start()
    yield made
    for d in drivers:
        d.stop.set()
    for d in drivers:
        d.join(5)


def test_a_pinochle_pass_of_duplicate_cards_tapped_one_by_one(browser, base: str, size: str, pinochle) -> None:  # noqa: F811
    page = seat_page(browser, base, pinochle, 0, size)
    deadline = time.monotonic() + 60
    while not page.locator("#actions button[data-verb=give]").count():
        assert time.monotonic() < deadline, "the pass never came"
        found = wait_any(page, "#actions button[data-verb=give]", "#actions button[data-action^='bid ']",
                         "#actions button[data-action^='ask ']")
        if found != "#actions button[data-verb=give]":
            page.locator(found).first.click()  # the lowest bid (the others pass), then the suit asked for
        page.wait_for_timeout(150)
    held = hand(page)  # as a Pinochle player holds it: each suit together, A 10 K Q J within it
    suits = [c[-1] for i, c in enumerate(held) if i == 0 or held[i - 1][-1] != c[-1]]
    assert len(suits) == len(set(suits)), held
    order = ["A", "10", "K", "Q", "J"]
    assert all(order.index(a[:-1]) <= order.index(b[:-1]) for a, b in zip(held, held[1:]) if a[-1] == b[-1]), held
    cards = playable_cards(page)
    faces = [c for _, c in cards]
    twins = next((c for c in faces if faces.count(c) > 1), None)
    if twins is None:
        pytest.skip("no two copies of a card among those that may be passed in this deal")
    first, second = [i for i, c in cards if c == twins][:2]
    page.click(f"#hand button.card[data-index='{first}']")
    # one tap chooses one copy: its twin stays unchosen
    assert page.get_attribute(f"#hand button.card[data-index='{first}']", "aria-pressed") == "true"
    assert page.get_attribute(f"#hand button.card[data-index='{second}']", "aria-pressed") == "false"
    page.click(f"#hand button.card[data-index='{second}']")
    assert page.locator("#hand button.card.selected").count() == 2
    button = page.locator("#actions button[data-verb=give]")
    assert "choose 1 more" in button.inner_text()
    for i, face in cards:
        if face == twins:
            continue  # a third copy would muddle the count below
        page.click(f"#hand button.card[data-index='{i}']")
        if button.is_enabled():
            break
        page.click(f"#hand button.card[data-index='{i}']")
    assert button.is_enabled()
    shot(page, "pinochle-pass", size)
    before = hand(page)
    button.click()
    page.wait_for_function(f"document.querySelectorAll('#hand button.card').length === {len(before) - 3}",
                           timeout=60_000)
    assert hand(page).count(twins) == before.count(twins) - 2  # both copies went, one tap each
    assert not page.errors
    page.close()


# --- the log: a line that applies a rule links to it ---------------------------------------------------
RULED = {"text": "{0} buries JK in the stock: the first card up may not be wild", "seats": [1],
         "pieces": ["JK"], "kind": "deal", "clause": "push.deal.first-up"}
"""A Push deal's event as the server sends it when the dealer turns up a wild card (a seed's luck)."""


def test_a_log_line_that_applies_a_rule_shows_a_rule_link_not_its_id(browser, base: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "push", [1, 2, 3]), 0, "phone")
    page.wait_for_selector("#rules li#push\\.deal\\.first-up", state="attached", timeout=30_000)
    page.evaluate("""async (e) => {
        const { eventLine } = await import("/static/names.js");
        document.querySelector("#log").append(eventLine(e, { you: 0, table: { seats: [{ name: "Ann" },
          { name: "Bea" }, { name: "Cy" }, { name: "Dee" }] } }));
    }""", RULED)
    line = page.locator("#log li").last
    assert "push.deal" not in line.inner_text() and "Bea\u2069 buries" in line.inner_text()
    line.locator("button.rule-link").click()
    assert page.locator("#rules-panel").get_attribute("open") is not None
    assert page.locator("#rules li#push\\.deal\\.first-up").is_visible()
    kept = page.evaluate("""async () => {
        const { eventText } = await import("/static/names.js");
        return eventText({ text: "{0} keeps their hand", seats: [0] }, { you: 0, table: { seats: [] } });
    }""")
    assert kept == "You keep your hand"  # the page says it as the engine does
    assert not page.errors
    page.close()


MELDED = {"text": "seat 1 meld 6: marriage in clubs 2, pinochle 4", "parts": [
    {"text": "seat 1 meld 6: marriage in clubs 2", "clause": "pinochle.meld.marriage"},
    {"text": ", pinochle 4", "clause": "pinochle.meld.pinochle"}]}
"""A Pinochle score note citing a rule per meld, as the server sends it."""


def test_a_score_note_citing_several_rules_links_each_after_its_words(browser, base: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "pinochle", [1, 2, 3]), 0, "phone")
    page.wait_for_selector("#rules li#pinochle\\.meld\\.pinochle", state="attached", timeout=30_000)
    page.evaluate("""async (n) => {
        const { noteText } = await import("/static/sheet.js");
        const note = noteText(n, { you: 0, table: { seats: [{ name: "Ann" }, { name: "Bea" }, { name: "Cy" },
          { name: "Dee" }] } });
        note.id = "test-note";
        document.querySelector("#log").append(note);
    }""", MELDED)
    note = page.locator("#test-note")
    assert note.inner_text().split() == ["\u2068Bea\u2069", "meld", "6:", "marriage", "in", "clubs", "2", "rule,",
                                         "pinochle", "4", "rule"]
    links = note.locator("button.rule-link")
    assert links.count() == 2
    links.nth(1).click()
    assert page.locator("#rules-panel").get_attribute("open") is not None
    assert page.locator("#rules li#pinochle\\.meld\\.pinochle").is_visible()
    assert not page.errors
    page.close()


# --- chips: the pot in the middle, each seat's stake -------------------------------------------------
def test_the_pot_and_each_seats_quarters_are_drawn_as_chips_on_a_phone(browser, base: str) -> None:  # noqa: F811
    made = new_table(base, "thirty_one", [1, 2, 3])
    page = seat_page(browser, base, made, 0, "phone")
    pot = page.locator("#board .zone-pot")
    pot.wait_for(timeout=30_000)
    # everyone anted a quarter, and the hand cannot end before this seat has played
    assert pot.locator(".label").inner_text() == "Pot"
    assert pot.locator(".chip-amount").inner_text().strip() == "4" and pot.locator(".chip").count() == 1
    assert in_view(page, "#board .zone-pot")
    stakes = page.eval_on_selector_all("#board .plate .stat", "els => els.map(e => e.innerText)")
    stakes = [" ".join(x.split()) for x in stakes]  # a stat's label is bound to its value by a no-break space
    assert sorted(x for x in stakes if x.startswith("Quarters")) == ["Quarters 3"] * 4, stakes
    assert page.locator("#board .plate .stat .chip").count() == 4
    facts = page.locator("#facts")
    assert not facts.count() or "Pot" not in facts.inner_text()  # shown once
    shot(page, "thirty-one-pot", "phone")
    assert not page.errors
    page.close()


# --- 10,000: tapping dice ------------------------------------------------------------------------------
def test_a_ten_thousand_turn_tapping_dice(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "ten_thousand", [1, 2, 3]), 0, size)
    deadline = time.monotonic() + 90
    kept = False
    while not kept:
        assert time.monotonic() < deadline, "never kept a die"
        found = wait_any(page, "button.die.playable", "#actions button[data-action=roll]",
                         "#actions button[data-action=decline]", timeout=60)
        if found.startswith("#actions"):
            page.click(found)  # roll (or decline to take over another's dice)
            page.wait_for_timeout(200)
            continue
        page.locator("button.die.playable").first.click()
        button = page.locator("#actions button[data-verb=keep]")
        if button.count():  # several ways to keep: built by tapping, named as it grows
            assert button.inner_text().startswith("Keep")
            assert page.locator("button.die.selected").count() == 1
            while not button.is_enabled():  # three of a kind takes three taps
                page.locator("button.die.playable:not(.selected)").first.click()
            shot(page, "ten-thousand-keep", size)
            button.click()
        kept = True  # (a die that is the only keep is kept by its tap)
    # kept dice stay dice
    page.wait_for_function("document.querySelectorAll('.dice-zone span.die:not(.blank)').length > 0")
    assert page.locator(".dice-zone span.die[aria-label^='die showing']").count() >= 1
    assert not page.errors
    page.close()


# --- Mexican Train ---------------------------------------------------------------------------------------
def test_a_mexican_train_turn(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "mexican_train", [1, 2, 3]), 0, size)
    for _ in range(20):  # a drawn tile that cannot be played ends the turn: draw again on the next
        found = wait_any(page, "#hand button.tile.playable", "#actions button[data-action=draw]",
                         "#actions button[data-action=pass]", timeout=60)
        if not found.startswith("#actions"):
            break
        if found.endswith("[data-action=pass]"):
            pytest.skip("nothing to play in this deal")
        button = page.query_selector(found)
        button.click()
        button.wait_for_element_state("hidden")  # the move was made: this button was drawn over
    else:
        pytest.fail("twenty turns in a row without a tile to play")
    tile = page.locator("#hand button.tile.playable").first
    piece = tile.get_attribute("data-piece")
    tile.click()
    choice = page.locator("#actions button[data-action^='play ']").first
    choice.wait_for()
    words = choice.inner_text()
    assert words.startswith(f"Play {piece} on ") and "train" in words and " on 0" not in words  # in words
    shot(page, "mexican-train-choose", size)
    choice.click()
    a, b = piece.split("-")
    page.wait_for_function(f"[...document.querySelectorAll('.train .tile')].some(t => /domino ({a}-{b}|{b}-{a})/"
                           ".test(t.getAttribute('aria-label')))")
    assert not page.errors
    page.close()


# --- 5 in a Row ----------------------------------------------------------------------------------------------
def test_a_five_in_a_row_turn(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "five_in_a_row", [1], players=2), 0, size)
    page.wait_for_selector("#hand button.card.playable", timeout=30_000)
    before = page.locator(".sq .disc").count()
    page.locator("#hand button.card.playable").first.click()
    page.wait_for_selector("button.sq.target")
    shot(page, "five-in-a-row-squares", size)
    assert in_view(page, "#hand")
    page.locator("button.sq.target").first.click()
    page.wait_for_function(f"document.querySelectorAll('.sq .disc').length > {before}")
    no_sideways_scroll(page)
    assert not page.errors
    page.close()


# --- accessibility ---------------------------------------------------------------------------------------------
def test_no_serious_accessibility_violations(browser, base: str, size: str) -> None:  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    page = seat_page(browser, base, new_table(base, "hearts", [1, 2, 3]), 0, size)
    page.wait_for_selector("#hand button.card")
    pages = [("table", page)]
    lobby = browser.new_page(viewport=SIZES[size], bypass_csp=True)
    lobby.goto(f"{base}/")
    lobby.wait_for_selector("#game option", state="attached")
    pages.append(("lobby", lobby))
    for name, p in pages:
        results = axe.run(p)
        bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
        assert not bad, f"{name}: " + "; ".join(f"{v['id']}: {v['help']} ({len(v['nodes'])}: "
                                                 f"{v['nodes'][0]['target']})" for v in bad)
        p.close()


def test_the_lobby_lists_the_games_with_a_line_and_player_counts(browser, base: str) -> None:  # noqa: F811
    games = httpx.get(f"{base}/api/games").json()
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{base}/")
    page.wait_for_selector(".game-card")
    assert page.locator(".game-card").count() == len(games)
    hearts = page.locator(".game-card[data-game=hearts]")
    assert "3–7 players" in hearts.inner_text() and "queen of spades" in hearts.inner_text()
    assert "2 or 4 players" in page.inner_text(".game-card[data-game=five_in_a_row]")
    hearts.locator("button").click()
    assert page.locator("#game").input_value() == "hearts"
    assert page.locator("#preset option").first.inner_text()[0].isupper()  # presets in words
    no_sideways_scroll(page)
    shot(page, "lobby", "phone")
    page.close()
