"""The one repository: every read and write of tables, seats, matches and actions.

Synchronous SQLAlchemy 2 over SQLite (the default, a file in the user's data directory)
or PostgreSQL (``postgresql+psycopg://...``). The schema is created and upgraded by the
Alembic migrations in ``gamenight/store/migrations``, run at start-up by ``Store``.

A match is stored as its record (game, rules version, players, seed, options) and an
actions table with one row per accepted action, appended and committed one at a time:
``record()`` gives back exactly what ``gamenight.restore`` needs.

A house is stored as one JSON document with a revision number: ``save_house`` writes
only over the revision it read (``HouseConflict`` otherwise), so two processes can never
lose each other's votes. Each member has a link row: an invitation until it is claimed,
then a key only that member holds.

A damaged row costs only its own table or house: reading every table or house never
fails because of one; the row comes back with ``damaged`` saying what is wrong."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    Integer,
    Text,
    and_,
    bindparam,
    cast,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from gamenight.store.models import ActionRow, GameTable, HouseDoc, HouseLink, MatchRecord, Seat, utcnow
from gamenight.store.prepared import Prepared, transaction

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_INSERT_ACTION = insert(ActionRow).from_select(
    ["match_id", "ply", "seat", "action", "created_at"],
    select(bindparam("match_id", type_=Integer), bindparam("ply", type_=Integer), bindparam("seat", type_=Integer),
           bindparam("action", type_=Text), bindparam("created_at", type_=ActionRow.__table__.c.created_at.type))
    .where(select(func.coalesce(func.max(ActionRow.ply), -1)).where(ActionRow.match_id == bindparam("match_id"))
           .scalar_subquery() == bindparam("ply") - 1)).returning(ActionRow.ply)
"""One action, only as the match's next ply: a copy that missed a move, or a move taken back,
cannot leave a gap (and the (match, ply) key refuses a ply made twice at once)."""
_SET_STATUS = update(GameTable).where(GameTable.id == bindparam("id")).values(status=bindparam("status"))
ARCHIVED = "archived"
KINDS = ("human", "bot")


class StoreError(RuntimeError):
    """The database could not do what was asked (unreachable, constraint broken...)."""


class PlyTaken(StoreError):
    """The action was not the match's next one in the store: another process made that ply, or
    took a move back, first. Read the match again and judge anew."""


class HouseConflict(StoreError):
    """Someone else saved the house since it was read: read it again and redo the change."""


def new_token() -> str:
    """An unguessable token for a seat, a host link or a member's link."""
    return secrets.token_urlsafe(18)


def new_id() -> str:
    """A table's or a house's id: unguessable, short enough for a link."""
    return secrets.token_urlsafe(9)


def default_database_url() -> str:
    """SQLite file ``gamenight.db`` in the user's data directory (created if missing)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("gamenight", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'gamenight.db'}"


@dataclass
class SeatRow:
    seat: int
    kind: str
    token: str
    name: str = ""
    claimed: bool = False


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    preset: str | None
    host_token: str
    status: str
    current_match: int | None
    seats: list[SeatRow] = field(default_factory=list)
    house_id: str | None = None
    house_host: str | None = None
    """The member whose own link made this table under the house (its host)."""
    listed: bool = False
    damaged: str | None = None
    """What is wrong with the stored row, if anything: the table cannot be played."""
    turn_timer: int = 0


@dataclass
class MatchRow:
    id: int
    table_id: str
    number: int
    record: dict[str, Any]
    house_id: str | None = None
    house_version: int | None = None


@dataclass
class HouseRow:
    id: str
    name: str
    revision: int
    data: dict[str, Any]
    damaged: str | None = None
    """What is wrong with the stored document, if it cannot even be read as one."""


@dataclass
class LinkRow:
    """A member's link: ``invite`` until claimed, then ``key`` (the member's alone)."""

    member: str
    invite: str | None
    key: str | None
    claimed: bool


def _json_object(raw: Any) -> tuple[dict[str, Any], str | None]:
    """A JSON column read as text: the object, or ``{}`` and what is wrong with it."""
    try:
        value = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        return {}, "it is not JSON"
    if not isinstance(value, dict):
        return {}, f"it holds {type(value).__name__}, not an object"
    return value, None


def _table_row(r: Any, seats: list[SeatRow]) -> TableRow:
    """A table row read column by column, with what is wrong with it, if anything."""
    tid, game, players, raw_options, preset, host_token, status, current, house_id, house_host, listed, timer = r
    options, bad = _json_object(raw_options)
    damaged = None
    if bad is not None:
        damaged = f"its options are damaged ({bad})"
    elif not isinstance(players, int) or not 0 < players <= 64:
        damaged = "its number of players is damaged"
    elif not seats:
        damaged = "it has no seats"
    elif [x.seat for x in seats] != list(range(players)):
        damaged = f"its seats are {[x.seat for x in seats]}, not 0 to {players - 1}"
    elif any(x.kind not in KINDS for x in seats):
        damaged = "a seat is neither a person's nor a bot's"
    return TableRow(tid, str(game), players if isinstance(players, int) else 0, options, preset, host_token,
                    str(status), current, seats, house_id, house_host, bool(listed), damaged,
                    timer if isinstance(timer, int) and timer >= 0 else 0)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # a SIGKILL loses nothing that was committed
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        if url in ("sqlite://", "sqlite:///:memory:"):
            engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
        else:
            engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=16, max_overflow=16)


class Store:
    """Tables, seats and match logs in one database. Thread-safe: every call opens its
    own session, so the server may call it from worker threads."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = url or default_database_url()
        try:
            self.engine = make_engine(self.url)
            self._session = sessionmaker(self.engine, expire_on_commit=False)
            self._append = Prepared(self.engine, _INSERT_ACTION)
            self._set_status = Prepared(self.engine, _SET_STATUS)
            if migrate:
                self.migrate()
        except SQLAlchemyError as e:
            raise StoreError(f"cannot open the database {self.safe_url}: {e}") from e

    @property
    def safe_url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def migrate(self) -> None:
        """Bring the schema up to the newest Alembic revision."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def close(self) -> None:
        self.engine.dispose()

    def _s(self) -> Session:
        return self._session()

    # --- tables and seats -------------------------------------------------------------------
    def create_table(self, game: str, players: int, options: dict[str, Any], preset: str | None,
                     seats: Sequence[tuple[str, str]], house_id: str | None = None, house_host: str | None = None,
                     listed: bool = False) -> TableRow:
        """A new table; ``seats`` is one (kind, name) per seat, kind "human" or "bot";
        ``house_id``: the house whose rules it plays, ``house_host`` the member who made it;
        ``listed``: shown in the lobby's list."""
        if len(seats) != players:
            raise ValueError("one seat entry per player")
        table_id = new_id()
        row = GameTable(id=table_id, game=game, players=players, options=dict(options), preset=preset,
                        host_token=new_token(), status="waiting", current_match=None, house_id=house_id,
                        house_host=house_host, listed=listed)
        seat_rows = [Seat(table_id=table_id, seat=i, kind=kind, token=new_token(), name=name)
                     for i, (kind, name) in enumerate(seats)]
        with self._wrap(), self._s() as s, s.begin():
            s.add(row)
            s.flush()
            s.add_all(seat_rows)
        return self.get_table(table_id)  # type: ignore[return-value]

    def get_table(self, table_id: str) -> TableRow | None:
        rows = self._read_tables(GameTable.id == table_id)
        return rows[0] if rows else None

    def tables(self, statuses: Iterable[str] | None = None) -> list[TableRow]:
        """Every table not archived (or those with one of ``statuses``), oldest first; a
        damaged row comes back marked, never stopping the others."""
        where = GameTable.status.in_(list(statuses)) if statuses is not None else GameTable.status != ARCHIVED
        return self._read_tables(where)

    def _read_tables(self, where: Any) -> list[TableRow]:
        cols = (GameTable.id, GameTable.game, GameTable.players, cast(GameTable.options, Text), GameTable.preset,
                GameTable.host_token, GameTable.status, GameTable.current_match, GameTable.house_id,
                GameTable.house_host, GameTable.listed, GameTable.turn_timer)
        with self._wrap(), self._s() as s:
            rows = s.execute(select(*cols).where(where).order_by(GameTable.created_at)).all()
            ids = [r[0] for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            for i in range(0, len(ids), 500):  # one query per 500 tables, not one per table
                q = select(Seat.table_id, Seat.seat, Seat.kind, Seat.token, Seat.name, Seat.claimed) \
                    .where(Seat.table_id.in_(ids[i:i + 500])).order_by(Seat.table_id, Seat.seat)
                for tid, seat, kind, token, name, claimed in s.execute(q):
                    seats[tid].append(SeatRow(seat, kind, token, name or "", bool(claimed)))
        return [_table_row(r, seats[r[0]]) for r in rows]

    def archive_idle(self, before: datetime, keep: Iterable[str] = ()) -> list[str]:
        """Archive every table with no move and no new match since ``before`` (except those in
        ``keep``: someone is at them); returns their ids. An archived table is never read back
        at start-up, so start-up costs the tables in use, not every table ever made."""
        current = GameTable.current_match
        started = select(MatchRecord.created_at).where(MatchRecord.id == current).scalar_subquery()
        last_move = select(func.max(ActionRow.created_at)).where(ActionRow.match_id == current).scalar_subquery()
        idle = and_(GameTable.status != ARCHIVED, GameTable.created_at < before,
                    or_(current.is_(None), and_(started < before, or_(last_move.is_(None), last_move < before))))
        kept = set(keep)
        with self._wrap(), self._s() as s, s.begin():
            ids = [i for i in s.scalars(select(GameTable.id).where(idle)) if i not in kept]
            for i in range(0, len(ids), 500):
                s.execute(update(GameTable).where(GameTable.id.in_(ids[i:i + 500])).values(status=ARCHIVED))
        return ids

    def set_status(self, table_id: str, status: str) -> None:
        with self._wrap(), self._s() as s, s.begin():
            s.execute(update(GameTable).where(GameTable.id == table_id).values(status=status))

    def set_seat(self, table_id: str, seat: int, kind: str, token: str | None = None,
                 name: str | None = None, claimed: bool | None = None) -> SeatRow:
        with self._wrap(), self._s() as s, s.begin():
            row = s.get(Seat, (table_id, seat))
            if row is None:
                raise KeyError(f"table {table_id} has no seat {seat}")
            row.kind = kind
            if token is not None:
                row.token = token
            if name is not None:
                row.name = name
            if claimed is not None:
                row.claimed = claimed
            return SeatRow(row.seat, row.kind, row.token, row.name, bool(row.claimed))

    def set_turn_timer(self, table_id: str, seconds: int) -> None:
        with self._wrap(), self._s() as s, s.begin():
            s.execute(update(GameTable).where(GameTable.id == table_id).values(turn_timer=seconds))

    # --- matches ---------------------------------------------------------------------------
    def new_match(self, table_id: str, game: str, rules_version: str, players: int, seed: int,
                  options: dict[str, Any], house_id: str | None = None,
                  house_version: int | None = None) -> MatchRow:
        """Start the table's next match and make it current (status "playing"). A match
        under a house records the house's rules version, and the table's options follow it."""
        with self._wrap(), self._s() as s, s.begin():
            number = (s.scalar(select(func.max(MatchRecord.number)).where(MatchRecord.table_id == table_id))
                      or 0) + 1
            m = MatchRecord(table_id=table_id, number=number, game=game, rules_version=rules_version,
                            players=players, seed=seed, options=dict(options), house_id=house_id,
                            house_version=house_version)
            s.add(m)
            s.flush()
            values: dict[str, Any] = {"current_match": m.id, "status": "playing"}
            if house_id is not None:
                values["options"] = dict(options)
            s.execute(update(GameTable).where(GameTable.id == table_id).values(**values))
            mid = m.id
        return MatchRow(mid, table_id, number, {"game": game, "rules_version": rules_version, "players": players,
                                                "seed": seed, "options": dict(options), "log": []},
                        house_id, house_version)

    def append_action(self, match_id: int, ply: int, seat: int, action: str, status: str | None = None,
                      table_id: str | None = None) -> None:
        """Commit one accepted action (and, when the match just ended, the table's status);
        ``PlyTaken`` if the store's match does not end at ply - 1."""
        dbapi = self.engine.dialect.loaded_dbapi
        try:  # the driver's own connection: this is the hot path (``store.prepared``)
            with transaction(self.engine) as cursor:
                cursor.execute(self._append.sql, self._append.params(
                    {"match_id": match_id, "ply": ply, "seat": seat, "action": action, "created_at": utcnow()}))
                if cursor.fetchone() is None:
                    raise PlyTaken(f"ply {ply} is not the next one of match {match_id}")
                if status is not None and table_id is not None:
                    cursor.execute(self._set_status.sql, self._set_status.params({"id": table_id, "status": status}))
        except dbapi.IntegrityError as e:
            raise PlyTaken(f"ply {ply} of match {match_id} was made elsewhere first") from e
        except dbapi.Error as e:
            raise StoreError(str(e).splitlines()[0] if str(e) else type(e).__name__) from e
        except SQLAlchemyError as e:  # the pool could not give a connection
            raise StoreError(str(e).splitlines()[0]) from e

    def actions_from(self, match_id: int, ply: int) -> list[tuple[int, str]]:
        """The match's actions from ply ``ply`` on, as (seat, action): what another process
        committed since this one last looked."""
        q = select(ActionRow.seat, ActionRow.action).where(ActionRow.match_id == match_id, ActionRow.ply >= ply) \
            .order_by(ActionRow.ply)
        with self._wrap(), self.engine.connect() as conn:
            return [(seat, action) for seat, action in conn.execute(q)]

    def match_table(self, match_id: int) -> str | None:
        """The table a match was played at."""
        with self._wrap(), self.engine.connect() as conn:
            return conn.scalar(select(MatchRecord.table_id).where(MatchRecord.id == match_id))

    def take_back(self, match_id: int, ply: int) -> None:
        """Remove the match's last action (ply ``ply``), taken back by agreement; refused with
        ``StoreError`` unless it is the last one."""
        with self._wrap(), self.engine.begin() as conn:
            last = conn.scalar(select(func.max(ActionRow.ply)).where(ActionRow.match_id == match_id))
            if last != ply:
                raise StoreError(f"ply {ply} is not the last action of match {match_id}")
            conn.execute(delete(ActionRow).where(ActionRow.match_id == match_id, ActionRow.ply == ply))

    def match(self, match_id: int) -> MatchRow | None:
        with self._wrap(), self._s() as s:
            m = s.get(MatchRecord, match_id)
            if m is None:
                return None
            log = [[a.seat, a.action] for a in
                   s.scalars(select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.ply))]
            return MatchRow(m.id, m.table_id, m.number,
                            {"game": m.game, "rules_version": m.rules_version, "players": m.players,
                             "seed": m.seed, "options": dict(m.options or {}), "log": log},
                            m.house_id, m.house_version)

    def matches(self, table_id: str) -> list[int]:
        with self._wrap(), self._s() as s:
            return list(s.scalars(select(MatchRecord.id).where(MatchRecord.table_id == table_id)
                                  .order_by(MatchRecord.number)))

    # --- houses -----------------------------------------------------------------------------
    def create_house(self, name: str, data: dict[str, Any], members: Sequence[str], host: str,
                     house_id: str | None = None) -> tuple[HouseRow, str]:
        """Store a new house document (under ``house_id``, or a new id) with a link for each
        member: the host's key, returned (the host's own link), and an invitation for the others."""
        hid = house_id or new_id()
        row = HouseDoc(id=hid, name=name, data=dict(data), revision=1, created_at=utcnow(), updated_at=utcnow())
        key = new_token()
        links = [HouseLink(house_id=hid, member=m, invite=None if m == host else new_token(),
                           key=key if m == host else None, issued_at=utcnow(),
                           claimed_at=utcnow() if m == host else None) for m in dict.fromkeys(members)]
        with self._wrap(), self._s() as s, s.begin():
            s.add(row)
            s.flush()
            s.add_all(links)
        return HouseRow(hid, name, 1, dict(data)), key

    def get_house(self, house_id: str) -> HouseRow | None:
        rows = self._read_houses(HouseDoc.id == house_id)
        return rows[0] if rows else None

    def houses(self) -> list[HouseRow]:
        """Every house, oldest first; a damaged document comes back marked."""
        return self._read_houses(None)

    def _read_houses(self, where: Any) -> list[HouseRow]:
        q = select(HouseDoc.id, HouseDoc.name, HouseDoc.revision, cast(HouseDoc.data, Text)) \
            .order_by(HouseDoc.created_at)
        with self._wrap(), self._s() as s:
            rows = s.execute(q if where is None else q.where(where)).all()
        out = []
        for hid, name, revision, raw in rows:
            data, damaged = _json_object(raw)
            out.append(HouseRow(hid, name, revision, data, f"its document is damaged ({damaged})" if damaged else None))
        return out

    def save_house(self, house_id: str, name: str, data: dict[str, Any], revision: int,
                   new_members: Sequence[str] = ()) -> int:
        """Replace the document read at ``revision`` (and invite ``new_members``); returns the
        new revision, or raises ``HouseConflict`` if it was saved by someone else in between."""
        with self._wrap(), self.engine.begin() as conn:
            done = conn.execute(update(HouseDoc).where(HouseDoc.id == house_id, HouseDoc.revision == revision)
                                .values(name=name, data=dict(data), revision=revision + 1, updated_at=utcnow()))
            if done.rowcount != 1:
                raise HouseConflict(f"house {house_id} changed since revision {revision}")
            for m in new_members:
                conn.execute(insert(HouseLink).values(house_id=house_id, member=m, invite=new_token(), key=None,
                                                      issued_at=utcnow(), claimed_at=None))
        return revision + 1

    def links(self, house_id: str) -> list[LinkRow]:
        """Every member's link to the house."""
        with self._wrap(), self._s() as s:
            q = select(HouseLink).where(HouseLink.house_id == house_id).order_by(HouseLink.issued_at)
            return [LinkRow(x.member, x.invite, x.key, x.claimed_at is not None) for x in s.scalars(q)]

    def claim(self, house_id: str, member: str, invite: str) -> str | None:
        """Exchange ``member``'s invitation for a key of their own (the invitation is used up);
        None if that invitation is no longer the member's."""
        key = new_token()
        with self._wrap(), self.engine.begin() as conn:
            done = conn.execute(update(HouseLink).where(HouseLink.house_id == house_id, HouseLink.member == member,
                                                        HouseLink.invite == invite)
                                .values(invite=None, key=key, claimed_at=utcnow()))
        return key if done.rowcount == 1 else None

    def reissue(self, house_id: str, member: str) -> str:
        """A new invitation for ``member``; their key and any older invitation stop working."""
        invite = new_token()
        with self._wrap(), self.engine.begin() as conn:
            done = conn.execute(update(HouseLink).where(HouseLink.house_id == house_id, HouseLink.member == member)
                                .values(invite=invite, key=None, issued_at=utcnow(), claimed_at=None))
            if done.rowcount != 1:
                conn.execute(insert(HouseLink).values(house_id=house_id, member=member, invite=invite, key=None,
                                                      issued_at=utcnow(), claimed_at=None))
        return invite

    def house_matches(self, house_id: str) -> list[MatchRow]:
        """Every match played under the house, oldest first, without their actions."""
        with self._wrap(), self._s() as s:
            q = select(MatchRecord).where(MatchRecord.house_id == house_id).order_by(MatchRecord.id)
            return [MatchRow(m.id, m.table_id, m.number,
                             {"game": m.game, "rules_version": m.rules_version, "players": m.players,
                              "seed": m.seed, "options": dict(m.options or {})}, m.house_id, m.house_version)
                    for m in s.scalars(q)]

    def _wrap(self) -> _Wrap:
        return _Wrap()


class _Wrap:
    """Turn driver errors into ``StoreError`` with a readable message."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, et: Any, e: Any, tb: Any) -> None:
        if isinstance(e, SQLAlchemyError):
            raise StoreError(str(e).splitlines()[0]) from e
