"""Rummy at the table in a real browser, at phone and laptop sizes: a whole round of Canasta played by
tapping (draws, melds built card by card, discards, lay-offs) to the round's summary, the melds grouped
by side and the pile with its depth; Rumski's coloured cards tapped into a meld on the Community;
screenshots kept in artifacts/screenshots/."""

from __future__ import annotations

import time
from collections import Counter

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
            tapped = [*picks, *extra]
            for i in tapped:
                page.click(f"#hand button.card[data-index='{i}']")
            if builder.is_enabled():
                builder.click()
                page.wait_for_timeout(200)
                return True
            for i in tapped:
                page.click(f"#hand button.card[data-index='{i}']")
    return False


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
        actions = {b.get_attribute("data-action"): b for b in page.locator("#actions button[data-action]").all()}
        start = next((a for a in FIRST if a in actions), None)
        if start is not None:
            actions[start].click()
            done[start.split(" ")[0]] += 1
            page.wait_for_timeout(150)
            continue
        turn = done["draw"] + done["take"]
        offered = [a for a in actions if a.split(" ")[0] in ("discard", "lay")]
        if offered:  # a tapped card offered its moves: discard it, or lay it off
            chosen = min(offered, key=lambda a: not a.startswith("discard"))
            actions[chosen].click()
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
        if not page.locator("#hand button.card.playable").count():
            page.wait_for_timeout(100)
            continue
        before = page.locator("#hand button.card.selected").count()
        cards = [c for c in page.eval_on_selector_all("#hand button.card.playable:not(.selected)",
                                                      "els => els.map(e => [e.dataset.index, e.dataset.card])")
                 if c[0] not in tried[1:]]
        if not cards:  # no card of the hand ends the turn: rearrange the Community once, then knock
            again = [b for a, b in actions.items() if a.startswith("rearrange")]
            knock = page.locator("#actions button", has_text="Knock")
            if again and tried[-1] != "rearranged":
                again[0].click()
                done["rearrange"] += 1
                tried[:] = [turn, "rearranged"]
            elif knock.count():
                knock.first.click()
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
            own = page.locator("#actions button[data-action^='discard'], #actions button[data-action^='lay']")
            if own.count():  # its own moves stay offered beside the meld being built
                own.first.click()
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
    assert "canasta" in summary.lower() or "goes out" in summary or "stock" in summary, summary
    shot(page, "canasta-round", size)
    assert not page.errors
    page.close()


def test_rumski_turns_by_tapping_meld_to_the_community(browser, base: str, size: str) -> None:  # noqa: F811
    page = seat_page(browser, base, new_table(base, "rumski", [1], players=2), 0, size)
    page.wait_for_selector("#hand button.card")
    coloured = "#hand button.card.s-W, " + ", ".join(f"#hand button.card.s-{c}" for c in "RYGBP")
    assert page.locator(coloured).count() == page.locator("#hand button.card").count()  # Rumski's own cards
    done = play_a_round(page, "rumski", size, until="meld")
    assert done["meld"] == 1, done
    page.wait_for_selector(".meld-owner:has-text('On the table') .group.meld")  # the Community's melds
    assert not page.locator(".meld-owner:has-text('On the table') .card.laid-off").count()
    shot(page, "rumski-community", size)
    assert not page.errors
    page.close()
