"""The state messages' format: what is shared, what is sent only when it changed, and how a
combinatorial move list travels (through the table service, no sockets)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from gamenight.server.people import People
from gamenight.server.tables import Connection, Settings, Table, TableService
from gamenight.store import Store


class Capture(Connection):
    def __init__(self, seat: int | None) -> None:
        super().__init__(seat)
        self.texts: list[str] = []

    def deliver(self, text: str) -> None:
        self.texts.append(text)

    def last(self) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(self.texts[-1])
        return out


async def table_with(conns: list[Capture], seed: int = 5) -> tuple[TableService, Table, Store]:
    store = Store("sqlite://")
    svc = TableService(store, Settings(bot_delay=0.0, grace_period=1000.0, db_in_thread=False))
    table = await svc.create("hearts", 4)
    for c in conns:
        await svc.connect(table, c)
    await svc.start(table, table.host_token, seed=seed)
    return svc, table, store


def test_spectators_in_step_are_sent_the_very_same_text_and_seats_their_own() -> None:
    async def go() -> None:
        conns = [Capture(s) for s in range(4)] + [Capture(None), Capture(None)]
        svc, table, store = await table_with(conns)
        assert table.match is not None
        hand = [str(c) for c in table.match.state.hands[0]]
        await svc.submit(table, conns[0], f"pass {' '.join(hand[:3])}")
        assert conns[4].texts[-1] == conns[5].texts[-1]
        assert len({c.texts[-1] for c in conns[:4]}) == 4  # every seat sees its own hand
        await svc.close()
        store.close()

    asyncio.run(go())


def test_the_score_sheet_comes_on_connecting_and_when_it_changed_only() -> None:
    async def go() -> None:
        conns = [Capture(s) for s in range(4)]
        svc, table, store = await table_with(conns)
        match = table.match
        assert match is not None
        waiting, dealt = json.loads(conns[1].texts[0]), conns[1].last()
        assert waiting["sheet"] is None and waiting["events_reset"]  # connected before the deal
        assert dealt["sheet"] == match.sheet.to_dict()  # the match's own, new sheet
        sheets = 0
        while not match.sheet.rows:  # play the first hand out, first legal move each time
            seat = match.to_act()[0]
            rows = len(match.sheet.rows)
            assert await svc.submit(table, conns[seat], str(match.legal_actions(seat)[0]))
            m = conns[1].last()
            assert ("sheet" in m) == (len(match.sheet.rows) != rows)
            sheets += "sheet" in m
        assert sheets == 1 and conns[1].last()["sheet"]["rows"][0]["label"] == "hand 1"
        late = Capture(2)
        await svc.connect(table, late)  # a page that (re)connects gets the sheet as it is
        assert late.last()["sheet"] == match.sheet.to_dict()
        await svc.close()
        store.close()

    asyncio.run(go())


def test_the_table_block_comes_on_connecting_and_when_it_changed_only() -> None:
    async def go() -> None:
        conns = [Capture(s) for s in range(4)] + [Capture(None)]
        svc, table, store = await table_with(conns)
        people = People(svc)
        match = table.match
        assert match is not None
        first, dealt = json.loads(conns[0].texts[0]), conns[0].last()
        assert first["table"]["status"] == "waiting" and not first["table"]["seats"][1]["connected"]
        assert dealt["table"]["status"] == "playing" and dealt["table"]["seats"][3]["connected"]
        for _ in range(2):  # plain moves: the table is as it was
            seat = match.to_act()[0]
            assert await svc.submit(table, conns[seat], str(match.legal_actions(seat)[0]))
            assert all("table" not in c.last() for c in conns)
        await people.claim(table, 1, "Bea")  # a seat names itself: everyone is told the new table
        assert conns[0].last()["table"]["seats"][1]["name"] == "Bea"
        assert conns[4].last()["table"]["seats"][1]["name"] == "Bea"
        seat = match.to_act()[0]
        assert await svc.submit(table, conns[seat], str(match.legal_actions(seat)[0]))
        assert "table" not in conns[0].last()
        late, watcher = Capture(0), Capture(None)  # a page that (re)connects, a new spectator
        await svc.connect(table, late)
        await svc.connect(table, watcher)
        for c in (late, watcher):
            assert json.loads(c.texts[0])["table"]["seats"][1]["name"] == "Bea"
        await svc.close()
        store.close()

    asyncio.run(go())


def test_a_pass_travels_as_its_pieces_and_is_made_from_them_in_any_order() -> None:
    async def go() -> None:
        conns = [Capture(s) for s in range(4)]
        svc, table, store = await table_with(conns)
        match = table.match
        assert match is not None
        m = conns[2].last()
        [entry] = m["legal"]
        assert entry == {"verb": "pass", "pieces": [str(c) for c in match.state.hands[2]], "k": 3}
        assert len(conns[2].texts[-1]) < 2500  # not 220 move texts
        picked = entry["pieces"][5:8]
        assert await svc.submit(table, conns[2], " ".join(reversed(picked)).lower())  # the cards alone, typed
        assert 2 in match.state.passes and conns[2].last()["last"] == 2
        await svc.close()
        store.close()

    asyncio.run(go())


def test_a_move_is_answered_in_the_state_it_made_and_only_to_the_page_that_sent_it() -> None:
    async def go() -> None:
        mover, same_seat, other = Capture(0), Capture(0), Capture(1)  # seat 0 open in two tabs
        svc, table, store = await table_with([mover, same_seat, other])
        assert table.match is not None
        passing = "pass " + " ".join(str(c) for c in table.match.state.hands[0][:3])
        before = len(mover.texts)
        assert await svc.submit(table, mover, passing, "m1")
        assert len(mover.texts) == before + 1  # one message: the state, with its answer
        assert mover.last()["type"] == "state" and mover.last()["done"] == "m1"
        assert "done" not in same_seat.last() and "done" not in other.last()
        assert {k: v for k, v in mover.last().items() if k != "done"} == same_seat.last()
        assert await svc.submit(table, mover, passing, "m1")  # sent again: answered, not made twice
        assert mover.last() == {"type": "done", "action": passing, "id": "m1"}
        assert len(table.match.log) == 1
        await svc.close()
        store.close()

    asyncio.run(go())
