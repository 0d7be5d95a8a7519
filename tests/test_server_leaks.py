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
from gamenight.core.cards import Card, card_text
from gamenight.core.pieces import is_piece
from gamenight.server.tables import Connection, Settings, TableService
from gamenight.store import Store

TOKEN = re.compile(r"[A-Za-z0-9]+")
EXAMPLE = re.compile(r"\(e\.g\.[^)]*\)")


class Capture(Connection):
    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.inbox: list[dict[str, Any]] = []
        self.log: list[str] = []

    def deliver(self, text: str) -> None:
        self.inbox.append(json.loads(text))


def text_of(piece: Any) -> str:
    """A piece as it is written: cards (whatever int holds them) by card notation, other pieces by their own."""
    return str(piece) if is_piece(piece) and not isinstance(piece, Card) else card_text(piece)


def hidden_from(match: gamenight.Match, viewer: int | None) -> set[str]:
    """Faces in a zone ``viewer`` may not see (less faces they can see elsewhere: duplicates)."""
    hidden, seen = set(), set()
    for z in match.game.zones(match.state):
        faces = {text_of(c) for c in z.cards}
        if z.visible_to is None or (viewer is not None and viewer in z.visible_to):
            seen |= faces
        else:
            hidden |= faces
    return hidden - seen


def words(obj: Any) -> set[str]:
    return set(TOKEN.findall(json.dumps(obj)))


def check(conn: Capture, match: gamenight.Match, viewer: int | None, mine: str = "", hand_ended: bool = False) -> int:
    """Every message waiting for ``conn`` leaks nothing hidden from ``viewer`` right now.

    Log lines of other seats are checked against the zones after the move, unless the move
    ended a hand (its cards are then already back in a new deal); every line must also be
    exactly what the engine's ``log_view`` shows that viewer."""
    hidden = hidden_from(match, viewer)
    n = 0
    for m in conn.inbox:
        if m["type"] == "state":
            prompt = EXAMPLE.sub("", m["prompt"])  # "(e.g. 'discard 2C 7H')" shows notation, not cards
            view = m["view"]
            if hand_ended and isinstance(view, dict):  # as for the log: the events' cards are back in a new deal
                view = {k: v for k, v in view.items() if k != "events"}
            exposed = words([view, m["legal"], prompt, m["sheet"], m["result"]])
            del conn.log[m["log_start"]:]
            conn.log.extend(m["log"])
            for line in m["log"]:  # the seat's own moves it knows; others' are redacted
                if not line.startswith(f"{viewer}: ") and not hand_ended:
                    exposed |= words(line)
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
    every_face = sorted({text_of(c) for c in match.game.all_cards(match.state)})
    checked = 0
    rows = 0
    for _ in range(max_actions):
        ended, rows = len(match.sheet.rows) != rows, len(match.sheet.rows)
        for c in conns:
            checked += check(c, match, c.seat, hand_ended=ended)
        if match.over:
            break
        seat = rng.choice(match.to_act())
        conn = conns[seat]
        if every_face and rng.random() < 0.2:  # a refused guess at a card must reveal nothing
            guess = f"play {rng.choice(every_face)}"
            ply = len(match.log)
            if not await svc.submit(table, conn, guess):
                assert len(match.log) == ply
                checked += check(conn, match, seat, guess)
            continue
        action = rng.choice(match.legal_actions(seat))
        assert await svc.submit(table, conn, str(action)), f"{game_id}: legal {action} refused"
    for c in conns:
        check(c, match, c.seat, hand_ended=len(match.sheet.rows) != rows)
        assert c.log == match.log_view(c.seat)
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
