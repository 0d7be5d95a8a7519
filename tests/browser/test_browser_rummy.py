"""Rummy at the table in a real browser, at phone and laptop sizes: a whole round of Canasta played by
tapping (draws, melds built card by card, discards, lay-offs) to the round's summary, the melds grouped
by side and the pile with its depth; a whole round of Rumski the same way, its coloured cards tapped
into sets on the Community (a turn with no matching discard ends with a knock); screenshots kept in
artifacts/screenshots/."""

from __future__ import annotations

import time
from collections import Counter

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.browser.test_browser_games import new_table, seat_page, shot, size, wait_any  # noqa: F401
from tests.browser.test_browser_table import base, browser, pytestmark  # noqa: F401

FIRST = ("answer no", "deal", "draw stock", "draw")
"""The single moves a turn starts with, in the order taken (a partner's question is answered no)."""


def rank(card: str) -> str:
    return card[:-1] if len(card) > 1 else card


def try_meld(page) -> bool:  # type: ignore[no-untyped-def]
    """Build a meld by tapping the hand's largest group of one rank (and a wild card if it helps);
    True when the meld was made, otherwise the cards are tapped again to let them go."""
    builder = page.locator("#actions button[data-verb=meld]")
    if not builder.count():
        return False
    cards = page.eval_on_selector_all("#hand button.card.playable",
                                      "els => els.map(e => [e.dataset.index, e.dataset.card])")
    by_rank = Counter(rank(c) for _, c in cards if c not in ("JK", "W") and not c.startswith("2"))
    for r, n in by_rank.most_common(3):
        if n < 2:
            break
        picks = [i for i, c in cards if rank(c) == r and c not in ("JK", "W")]
        wild = [i for i, c in cards if c in ("JK", "W") or (c.startswith("2") and c[1:] in "CDHS")]
        for extra in ([], wild[:1]):
            tapped = []
            for i in [*picks, *extra]:
                page.click(f"#hand button.card[data-index='{i}']")
                if not page.locator(f"#hand button.card.selected[data-index='{i}']").count():
                    page.wait_for_timeout(200)
                    break  # the card is in no meld: its tap offered (or made) its own move instead
                tapped.append(i)
            if not builder.count():
                return False  # the tap was a move of its own
            if builder.is_enabled():
                builder.click()
                page.wait_for_timeout(200)
                return True
            for i in tapped:
                page.click(f"#hand button.card[data-index='{i}']")
    return False


def tap_move(page, move: str) -> bool:  # type: ignore[no-untyped-def]
    """Tap the button of ``move``; False when the page has just redrawn without it."""
    try:
        page.click(f'#actions button[data-action="{move}"]', timeout=2000)
    except PlaywrightTimeout:
        return False
    return True


def play_a_round(page, name: str, size: str, seconds: float = 300,  # type: ignore[no-untyped-def]  # noqa: F811
                 until: str = "") -> dict[str, int]:
    """Tap through turns until the round's summary shows (or a move of the verb ``until`` has been
    tapped); how many of each kind of move were tapped."""
    done: Counter[str] = Counter()
    tried_meld_at = -1
    tried: list[object] = [-1]  # the turn, then the cards tapped in it that made no move
    deadline = time.monotonic() + seconds
    while True:
        if time.monotonic() > deadline:
            shot(page, f"{name}-stuck", size)
            raise AssertionError(f"the round did not end: {dict(done)}; {page.inner_text('#me')[:400]}")
        found = wait_any(page, "#summary", "#actions button[data-action]", "#hand button.card.playable", timeout=60)
        if found == "#summary" or (until and done[until]):
            return dict(done)
        actions = page.eval_on_selector_all("#actions button[data-action]", "els => els.map(e => e.dataset.action)")
        start = next((a for a in FIRST if a in actions), None)
        if start is not None:
            if tap_move(page, start):
                done[start.split(" ")[0]] += 1
            page.wait_for_timeout(150)
            continue
        turn = done["draw"] + done["take"]
        offered = [a for a in actions if a.split(" ")[0] in ("discard", "lay")]
        if offered:  # a tapped card offered its moves: discard it, or lay it off
            chosen = min(offered, key=lambda a: not a.startswith("discard"))
            if tap_move(page, chosen):
                done[chosen.split(" ")[0]] += 1
            page.wait_for_timeout(150)
            continue
        if tried[0] != turn:
            tried[:] = [turn]
        if tried_meld_at != turn:
            tried_meld_at = turn
            if try_meld(page):
                done["meld"] += 1
                if done["meld"] == 1:
                    shot(page, f"{name}-meld", size)
                continue
        before = page.locator("#hand button.card.selected").count()
        cards = [c for c in page.eval_on_selector_all("#hand button.card.playable:not(.selected)",
                                                      "els => els.map(e => [e.dataset.index, e.dataset.card])")
                 if c[0] not in tried[1:]]
        if not cards:  # no card of the hand ends the turn: rearrange the Community once, then knock
            again = [a for a in actions if a.startswith("rearrange")]
            if again and tried[-1] != "rearranged":
                if tap_move(page, again[0]):
                    done["rearrange"] += 1
                tried[:] = [turn, "rearranged"]
            elif "knock" in actions:
                if tap_move(page, "knock"):
                    done["knock"] += 1
            else:
                tried[:] = [turn]
            page.wait_for_timeout(150)
            continue
        loose = Counter(rank(c) for _, c in cards)
        # a loose card, the lowest first: the one whose rank the hand holds least of
        index = min(cards, key=lambda c: (c[1] in ("JK", "W"), loose[rank(c[1])]))[0]
        page.click(f"#hand button.card[data-index='{index}']")
        page.wait_for_timeout(150)
        if page.locator("#hand button.card.selected").count() > before:  # it joined a meld being built
            own = page.eval_on_selector_all("#actions button[data-action^='discard'], #actions "
                                            "button[data-action^='lay']", "els => els.map(e => e.dataset.action)")
            if own:  # its own moves stay offered beside the meld being built
                if tap_move(page, own[0]):
                    done["own"] += 1
            else:
                page.click(f"#hand button.card[data-index='{index}']")
                tried.append(index)
        else:
            tried.append(index)
            done["tap"] += 1


def test_a_whole_round_of_canasta_by_tapping(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "canasta", [1, 2, 3]), 0, size)
    page.wait_for_selector("#hand button.card")
    assert page.locator(".zone-discard").count() == 1  # the pile, with how deep it is
    done = play_a_round(page, "canasta", size)
    assert done.get("draw", 0) >= 1 and done.get("discard", 0) + done.get("tap", 0) >= 1, done
    summary = page.inner_text("#summary")
    assert "End of hand 1" in summary, summary  # the first hand's summary, its score row below
    assert "canasta" in summary.lower() or "goes out" in summary or "stock" in summary, summary
    shot(page, "canasta-round", size)
    assert not page.errors
    page.close()


def test_a_whole_round_of_rumski_by_tapping(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "rumski", [1], players=2), 0, size)
    page.wait_for_selector("#hand button.card")
    coloured = "#hand button.card.s-W, " + ", ".join(f"#hand button.card.s-{c}" for c in "RYGBP")
    assert page.locator(coloured).count() == page.locator("#hand button.card").count()  # Rumski's own cards
    done = play_a_round(page, "rumski", size)
    assert done.get("meld", 0) >= 1 and done.get("draw", 0) >= 1, done
    summary = page.inner_text("#summary")
    assert "End of round 1" in summary and ("RUMSKI" in summary or "without points" in summary), summary
    page.wait_for_selector(".meld-owner:has-text('On the table') .group.meld")  # the Community's melds
    assert not page.locator(".meld-owner:has-text('On the table') .card.laid-off").count()
    shot(page, "rumski-round", size)
    assert not page.errors
    page.close()
