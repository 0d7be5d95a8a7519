"""The one repository: every read and write of tables, seats, matches and actions.

Synchronous SQLAlchemy 2 over SQLite (the default, a file in the user's data directory)
or PostgreSQL (``postgresql+psycopg://...``). The schema is created and upgraded by the
Alembic migrations in ``gamenight/store/migrations``, run at start-up by ``Store``.

A match is stored as its record (game, rules version, players, seed, options) and an
actions table with one row per accepted action, appended and committed one at a time:
``record()`` gives back exactly what ``gamenight.restore`` needs.

A house is stored as one JSON document with a revision number: ``save_house`` writes
only over the revision it read (``HouseConflict`` otherwise), so two processes can never
lose each other's votes."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, delete, event, func, insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from gamenight.store.models import ActionRow, GameTable, HouseDoc, MatchRecord, Seat, utcnow

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_INSERT_ACTION = insert(ActionRow)


class StoreError(RuntimeError):
    """The database could not do what was asked (unreachable, constraint broken...)."""


class HouseConflict(StoreError):
    """Someone else saved the house since it was read: read it again and redo the change."""


def new_token() -> str:
    """An unguessable token for a seat or a host link."""
    return secrets.token_urlsafe(18)


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
    admin_token: str
    revision: int
    data: dict[str, Any]


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
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


class Store:
    """Tables, seats and match logs in one database. Thread-safe: every call opens its
    own session, so the server may call it from worker threads."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = url or default_database_url()
        try:
            self.engine = make_engine(self.url)
            self._session = sessionmaker(self.engine, expire_on_commit=False)
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
                     seats: Sequence[tuple[str, str]], house_id: str | None = None) -> TableRow:
        """A new table; ``seats`` is one (kind, name) per seat, kind "human" or "bot";
        ``house_id``: the house whose rules it plays."""
        if len(seats) != players:
            raise ValueError("one seat entry per player")
        table_id = secrets.token_urlsafe(9)
        row = GameTable(id=table_id, game=game, players=players, options=dict(options), preset=preset,
                        host_token=new_token(), status="waiting", current_match=None, house_id=house_id)
        seat_rows = [Seat(table_id=table_id, seat=i, kind=kind, token=new_token(), name=name)
                     for i, (kind, name) in enumerate(seats)]
        with self._wrap(), self._s() as s, s.begin():
            s.add(row)
            s.flush()
            s.add_all(seat_rows)
        return self.get_table(table_id)  # type: ignore[return-value]

    def get_table(self, table_id: str) -> TableRow | None:
        with self._wrap(), self._s() as s:
            t = s.get(GameTable, table_id)
            if t is None:
                return None
            return self._table_row(s, t)

    def tables(self, statuses: Iterable[str] | None = None) -> list[TableRow]:
        with self._wrap(), self._s() as s:
            q = select(GameTable).order_by(GameTable.created_at)
            if statuses is not None:
                q = q.where(GameTable.status.in_(list(statuses)))
            return [self._table_row(s, t) for t in s.scalars(q)]

    def _table_row(self, s: Session, t: GameTable) -> TableRow:
        seats = s.scalars(select(Seat).where(Seat.table_id == t.id).order_by(Seat.seat))
        return TableRow(t.id, t.game, t.players, dict(t.options or {}), t.preset, t.host_token, t.status,
                        t.current_match, [SeatRow(x.seat, x.kind, x.token, x.name, bool(x.claimed)) for x in seats],
                        t.house_id, t.turn_timer or 0)

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
        """Commit one accepted action (and, when the match just ended, the table's status)."""
        with self._wrap(), self.engine.begin() as conn:  # Core, not the ORM: this is the hot path
            conn.execute(_INSERT_ACTION, {"match_id": match_id, "ply": ply, "seat": seat, "action": action,
                                          "created_at": utcnow()})
            if status is not None and table_id is not None:
                conn.execute(update(GameTable).where(GameTable.id == table_id).values(status=status))

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
    def create_house(self, name: str, data: dict[str, Any]) -> HouseRow:
        """Store a new house document; it gets an id and an admin token (its admin link)."""
        row = HouseDoc(id=secrets.token_urlsafe(9), name=name, admin_token=new_token(), data=dict(data),
                       revision=1, created_at=utcnow(), updated_at=utcnow())
        with self._wrap(), self._s() as s, s.begin():
            s.add(row)
        return HouseRow(row.id, row.name, row.admin_token, row.revision, dict(row.data))

    def get_house(self, house_id: str) -> HouseRow | None:
        with self._wrap(), self._s() as s:
            h = s.get(HouseDoc, house_id)
            return None if h is None else HouseRow(h.id, h.name, h.admin_token, h.revision, dict(h.data))

    def houses(self) -> list[HouseRow]:
        with self._wrap(), self._s() as s:
            return [HouseRow(h.id, h.name, h.admin_token, h.revision, dict(h.data))
                    for h in s.scalars(select(HouseDoc).order_by(HouseDoc.created_at))]

    def save_house(self, house_id: str, name: str, data: dict[str, Any], revision: int) -> int:
        """Replace the document read at ``revision``; returns the new revision, or raises
        ``HouseConflict`` if it was saved by someone else in between."""
        with self._wrap(), self.engine.begin() as conn:
            done = conn.execute(update(HouseDoc).where(HouseDoc.id == house_id, HouseDoc.revision == revision)
                                .values(name=name, data=dict(data), revision=revision + 1, updated_at=utcnow()))
            if done.rowcount != 1:
                raise HouseConflict(f"house {house_id} changed since revision {revision}")
        return revision + 1

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
