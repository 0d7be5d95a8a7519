"""Nothing another seat may not see is ever sent: random games of every registered game,
played through the table service with every seat and a spectator connected; each payload
is checked against the game's own zones (which cards are hidden from whom)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import pytest

import gamenight
from gamenight.core.pieces import try_parse_piece
from gamenight.server.tables import Connection, Settings, TableService
from gamenight.store import Store

SPLIT = re.compile(r"[\s,;()\[\]{}\"'—]+")


class Capture(Connection):
    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.inbox: list[dict[str, Any]] = []

    def deliver(self, text: str) -> None:
        self.inbox.append(json.loads(text))


def hidden_from(match: gamenight.Match, viewer: int | None) -> set[str]:
    """Pieces (by notation) in a zone ``viewer`` may not see, less those they can see
    elsewhere (duplicates)."""
    hidden, seen = set(), set()
    for z in match.game.zones(match.state):
        faces = {str(p) for p in z.pieces}
        if z.seen_by(viewer):
            seen |= faces
        else:
            hidden |= faces
    return hidden - seen


def words(obj: Any) -> set[str]:
    """Every piece of any kind named in ``obj`` (as JSON), by notation."""
    out = set()
    for tok in SPLIT.split(obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)):
        piece = try_parse_piece(tok.strip(".:")) if tok.strip(".:") else None
        if piece is not None:
            out.add(str(piece))
    return out


def seen_by(match: gamenight.Match, viewer: int | None) -> set[str]:
    return {str(p) for z in match.game.zones(match.state) if z.seen_by(viewer) for p in z.pieces}


def check(conn: Capture, match: gamenight.Match, viewer: int | None, mine: str = "", hand_ended: bool = False,
          seen: set[str] | None = None) -> int:
    """Every message waiting for ``conn`` leaks nothing hidden from ``viewer`` right now.

    Events of other seats' moves are checked against the zones after the move, unless the move
    ended a hand (its cards are then already back in a new deal). The moves listed (texts, or a
    combinatorial entry's pieces) must name only what the seat holds or sees."""
    hidden = hidden_from(match, viewer) - (seen or set())  # a card turned up, then picked up, stays known
    n = 0
    for m in conn.inbox:
        if m["type"] == "state":
            # the score sheet is the same for every seat (checked below); its notes may name the cards
            # of a showdown that ended an earlier deal, which are hidden again in this one
            if "sheet" in m:  # sent when it changed
                assert m["sheet"] == (match.sheet.to_dict() if m["sheet"] is not None else None)
            if viewer is None or viewer not in match.to_act():
                assert m["legal"] == [], "only a seat to act is sent moves"
            exposed = words([m["view"], m["legal"], m["result"], m["last"]])
            if not hand_ended:  # the move that ended a hand was seen as it landed
                # the seat's own moves it knows (the cards it passed away), as with the log
                exposed |= words([e for e in m["events"] if e.get("seats", [None])[:1] != [viewer]])
            assert "log" not in m  # the typed events replaced the log's lines
        else:
            exposed = words(m) - words(mine)
        leak = exposed & hidden
        assert not leak, f"{match.spec.id}: seat {viewer} was sent hidden {sorted(leak)} in {m}"
        n += 1
    conn.inbox.clear()
    return n


async def play(game_id: str, players: int, seed: int, max_actions: int) -> int:
    store = Store("sqlite://")
    svc = TableService(store, Settings(bot_delay=0.0, grace_period=1000.0, db_in_thread=False))
    table = await svc.create(game_id, players)
    conns = [Capture(s) for s in range(players)] + [Capture(None)]
    for c in conns:
        await svc.connect(table, c)
    await svc.start(table, table.host_token, seed=seed)
    match = table.match
    assert match is not None
    rng = random.Random(seed)
    every_face = sorted({str(c) for c in match.game.all_cards(match.state)})
    checked = 0
    rows = 0
    seen: dict[int | None, set[str]] = {c.seat: seen_by(match, c.seat) for c in conns}
    for _ in range(max_actions):
        ended, rows = len(match.sheet.rows) != rows, len(match.sheet.rows)
        for c in conns:
            if ended:
                seen[c.seat] = set()
            checked += check(c, match, c.seat, hand_ended=ended, seen=seen[c.seat])
            seen[c.seat] |= seen_by(match, c.seat)
        if match.over:
            break
        seat = rng.choice(match.to_act())
        conn = conns[seat]
        if every_face and rng.random() < 0.2:  # a refused guess at a card must reveal nothing
            guess = f"{rng.choice(match.legal_actions(seat)).verb} {rng.choice(every_face)}"
            ply = len(match.log)
            if not await svc.submit(table, conn, guess):
                assert len(match.log) == ply
                checked += check(conn, match, seat, guess, seen=seen[seat])
            continue
        action = rng.choice(match.legal_actions(seat))
        assert await svc.submit(table, conn, str(action)), f"{game_id}: legal {action} refused"
    for c in conns:
        check(c, match, c.seat, hand_ended=len(match.sheet.rows) != rows)
    await svc.close()
    store.close()
    return checked


CASES = [(spec.id, n) for spec in gamenight.games() for n in sorted({spec.players[0], spec.preferred_players})]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_no_payload_carries_another_seats_hidden_cards(game_id: str, players: int) -> None:
    total = 0
    for seed in range(3):
        total += asyncio.run(play(game_id, players, seed, max_actions=150))
    assert total > 50  # payloads really were checked


def test_a_pass_is_listed_compactly_with_only_the_seats_own_cards() -> None:
    """Hearts' 220 ways to pass 3 of 12 cards go as one entry {verb, pieces, k}: the pieces are
    that seat's hand and nobody else is sent them; the sheet comes once, not with every move."""

    async def go() -> list[Capture]:
        store = Store("sqlite://")
        svc = TableService(store, Settings(bot_delay=0.0, grace_period=1000.0, db_in_thread=False))
        table = await svc.create("hearts", 4)
        conns = [Capture(s) for s in range(4)] + [Capture(None)]
        for c in conns:
            await svc.connect(table, c)
        await svc.start(table, table.host_token, seed=5)
        assert table.match is not None
        hands = [[str(c) for c in table.match.state.hands[s]] for s in range(4)]
        for c in conns:
            c.inbox.clear()
        await svc.submit(table, conns[0], f"pass {' '.join(hands[0][:3])}")
        for c in conns:
            m = c.inbox[-1]
            assert "sheet" not in m  # unchanged since the deal
            if c.seat in (1, 2, 3):
                assert m["legal"] == [{"verb": "pass", "pieces": hands[c.seat], "k": 3}]
                assert words(m["legal"]) == set(hands[c.seat])
            else:
                assert m["legal"] == []
        await svc.close()
        store.close()
        return conns

    asyncio.run(go())
