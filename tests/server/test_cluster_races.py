"""Two processes' copies of one table over one store, without Redis: a move is judged on the
copy at hand, and a copy that has not yet heard of a move made elsewhere loses the race for
the ply, reads the store and judges again (``Cluster.follow``), so nothing accepted is lost
and no move is judged on an old state."""

from __future__ import annotations

import asyncio
from pathlib import Path

from gamenight.server.cluster import AnnouncingStore, Cluster
from gamenight.server.tables import Settings, Table, TableService
from server.test_messages import Capture


def process(url: str) -> TableService:
    """One process's table service, following the store as a cluster member does."""
    svc = TableService(AnnouncingStore(url), Settings(bot_delay=0.0, grace_period=1000.0, db_in_thread=False))
    svc.follow = Cluster(svc, "redis://127.0.0.1:1/0").follow  # Redis is never reached here
    return svc


async def seated(svc: TableService, table: Table) -> list[Capture]:
    """A page at every seat of a four-seat ``table``, connected through ``svc``."""
    pages = [Capture(s) for s in range(4)]
    for c in pages:
        await svc.connect(table, c)
    return pages


async def hearts_at(svc: TableService, seed: int = 11) -> tuple[Table, list[Capture]]:
    """A Hearts table made and dealt through ``svc``, with a page at every seat."""
    table = await svc.create("hearts", 4)
    pages = await seated(svc, table)
    await svc.start(table, table.host_token, seed=seed)
    return table, pages


async def copy_at(svc: TableService, table: Table) -> Table:
    """``table`` as another process loads it from the store."""
    row = svc.store.get_table(table.id)
    assert row is not None
    return await svc.load(row)


def first_three(table: Table, seat: int) -> str:
    assert table.match is not None
    return "pass " + " ".join(str(c) for c in sorted(table.match.state.hands[seat])[:3])


def test_a_copy_behind_the_store_judges_again_and_loses_nothing(tmp_path: Path) -> None:
    async def go() -> None:
        url = f"sqlite:///{tmp_path / 'shared.db'}"
        here, there = process(url), process(url)
        table, at_here = await hearts_at(here)
        copy = await copy_at(there, table)
        at_there = await seated(there, copy)
        assert table.match is not None and copy.match is not None

        # seat 0 passes here; the other copy has not heard of it, and its seat 1 passes there
        assert await here.submit(table, at_here[0], first_three(table, 0))
        passing = first_three(copy, 1)
        assert await there.submit(copy, at_there[1], passing, "m1")
        assert at_there[1].last()["done"] == "m1"  # answered in the state the move made
        assert [seat for seat, _ in there.store.match(copy.match_id).record["log"]] == [0, 1]
        assert len(copy.match.log) == 2

        # here hears nothing either: seats 2 and 3 pass there, then here's seat with the two of
        # clubs leads it, which here's old copy (still passing) would refuse
        for seat in (2, 3):
            assert await there.submit(copy, at_there[seat], first_three(copy, seat))
        leader = copy.match.to_act()[0]
        assert await here.submit(table, at_here[leader], "play 2C", "m2")
        assert at_here[leader].last()["done"] == "m2"
        stored = here.store.match(table.match_id).record["log"]
        assert [[e.seat, str(e.action)] for e in table.match.log] == stored and stored[4] == [leader, "play 2C"]
        for svc in (here, there):
            await svc.close()
            svc.store.close()

    asyncio.run(go())


def test_the_next_hand_waits_for_a_player_at_another_process_to_be_ready(tmp_path: Path) -> None:
    async def go() -> None:
        svc = process(f"sqlite:///{tmp_path / 'shared.db'}")
        told: list[tuple[str, object]] = []
        svc.relay = lambda table, what, data: told.append((what, data))
        table, conns = await hearts_at(svc, seed=3)
        match = table.match
        assert match is not None
        while not match.sheet.rows:  # the first hand, first legal move each time
            seat = match.to_act()[0]
            assert await svc.submit(table, conns[seat], str(match.legal_actions(seat)[0]))
        assert table.hand_end is not None  # its summary holds the bots
        await svc.disconnect(table, conns[3])
        table.seats[3].elsewhere = True  # seat 3's page is now at another process (presence says so)
        for c in conns[:3]:
            await svc.ready(table, c)
        assert told == [("ready", 0), ("ready", 1), ("ready", 2)]  # the other processes hear each
        assert table.hand_end is not None  # seat 3 has not said it is ready
        svc.relayed["ready"](table, 3)  # ... until it does, there
        assert table.hand_end is None
        await svc.close()
        svc.store.close()

    asyncio.run(go())


def test_a_move_sent_again_through_another_process_is_not_made_twice(tmp_path: Path) -> None:
    """The page lost its answer and reconnected elsewhere (or after a restart): the ply it
    was at tells the process that the seat has made that very move since."""
    async def go() -> None:
        url = f"sqlite:///{tmp_path / 'shared.db'}"
        here, there = process(url), process(url)
        table, at_here = await hearts_at(here)
        for seat in range(4):  # past the pass, to the lead
            assert await here.submit(table, at_here[seat], first_three(table, seat))
        assert table.match is not None
        leader = table.match.to_act()[0]
        assert await here.submit(table, at_here[leader], "play 2C", "m9", 4)
        copy = await copy_at(there, table)
        again = Capture(leader)
        await there.connect(copy, again)
        assert await there.submit(copy, again, "play 2C", "m9", 4)
        assert again.last() == {"type": "done", "action": "play 2C", "id": "m9"}
        assert copy.match is not None and len(copy.match.log) == 5 == len(table.match.log)
        assert not await there.submit(copy, again, "play 2C", "m10", 5)  # a new move: judged, and refused
        assert again.last()["type"] == "refused"
        for svc in (here, there):
            await svc.close()
            svc.store.close()

    asyncio.run(go())
