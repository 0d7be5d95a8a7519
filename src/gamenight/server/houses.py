"""Houses on the web: REST for a house's members, rule sets, proposals, versions and
rulebooks; questions raised at a house's table over its WebSocket.

Every rule about who may change what lives in ``gamenight.houses``; this module
only loads a house from the store, applies one engine call, saves it (retrying when
another writer got there first) and tells the house's tables.

Each member acts through a link of their own: the host's link carries the host's key, and
every other member gets an invitation (``#invite=...``, shown to whoever may hand it out
until it is claimed) that their browser exchanges once for a key only they hold. Requests
send the key (``X-House-Key``); whoever it belongs to is who acts, whatever a body says,
so nobody's link (the host's included) can vote or rule as somebody else."""

from __future__ import annotations

import asyncio
import dataclasses
import html
import logging
import secrets
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Header, Query
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from pydantic import BaseModel, Field

import gamenight
from gamenight import houses as H
from gamenight.engine import options as opts
from gamenight.rulebook import house_page, render_diff, render_house
from gamenight.rulebook.house import match_note, ruling_note
from gamenight.server.previews import PreviewRefused, Previews
from gamenight.server.tables import Connection, Table, TableError, TableService
from gamenight.store import HouseConflict, HouseRow, LinkRow, Store

log = logging.getLogger("gamenight.server")
T = TypeVar("T")
NAME = 80
TEXT = 2000


class HouseProblem(TableError):
    """A house request the house's rules refuse; ``key`` names the bad key when there is one."""

    def __init__(self, message: str, status: int = 400, key: str | None = None) -> None:
        super().__init__(message, status)
        self.key = key


def _problem(e: H.HouseError) -> HouseProblem:
    return HouseProblem(str(e), 400, e.key)


def _title(game_id: str) -> str:
    return gamenight.get_game(game_id).spec.title


class HouseService:
    """Houses in the store, a parsed copy of each in memory for the tables, and the hooks
    the table service calls (``rules``, ``block``, ``notes``)."""

    def __init__(self, store: Store, tables: TableService) -> None:
        self.store = store
        self.tables = tables
        self.cache: dict[str, tuple[H.House, HouseRow]] = {}
        self.broken: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self.previews = Previews(tables.settings.preview_games)
        tables.houses = self

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        return await self.tables._db(fn, *args)

    def _parse(self, row: HouseRow) -> H.House:
        try:
            if row.damaged is not None:
                raise H.HouseError(row.damaged)
            house = dataclasses.replace(H.from_data(row.data), id=row.id)
        except Exception as e:  # noqa: BLE001  a damaged document costs only its own house
            self.broken[row.id] = str(e)
            raise HouseProblem(f"this house's saved rules cannot be read: {e}", 409) from None
        self.broken.pop(row.id, None)
        self.cache[row.id] = (house, row)
        return house

    async def preload(self) -> None:
        """Read every house once (at start-up), so tables can show theirs at once; a house
        that cannot be read is logged and shown as broken, and the others load."""
        for row in await self._db(self.store.houses):
            try:
                self._parse(row)
            except HouseProblem:
                log.warning("house %s is broken: %s", row.id, self.broken[row.id])

    async def load(self, house_id: str) -> tuple[H.House, HouseRow]:
        row = await self._db(self.store.get_house, house_id)
        if row is None:
            raise HouseProblem("no such house", 404)
        cached = self.cache.get(house_id)
        if cached is not None and cached[1].revision == row.revision and row.damaged is None:
            return cached[0], row  # read already at this revision
        return self._parse(row), row

    async def create(self, house: H.House, house_id: str | None = None) -> tuple[HouseRow, str]:
        """Keep a new house (under ``house_id``, or a new id); returns its row and the host's key."""
        house = dataclasses.replace(house, id=house_id or H.new_id())
        row, key = await self._db(self.store.create_house, house.name, H.to_data(house, json_safe=True),
                                  [m.name for m in house.members], house.host, house.id)
        self.cache[row.id] = (house, row)
        return row, key

    async def bring_in(self, house: H.House) -> tuple[HouseRow, str | None]:
        """Keep ``house`` (from a house file) unless the house with its id is kept already:
        the kept one may hold votes and rulings the file has not seen. Matched by the id the
        file carries, never by name (anyone may found a house of any name). Returns the row
        and, when it was brought in now, the host's key."""
        if house.id is None:
            raise HouseProblem("a house file brought in at start carries its id", 400, "id")
        row = await self._db(self.store.get_house, house.id)
        if row is not None:
            return row, None
        return await self.create(house, house.id)

    async def change(self, house_id: str, fn: Callable[[H.House], tuple[H.House, T]]) -> tuple[H.House, T]:
        """Apply one engine call to the stored house and save it, with an invitation for each
        new member; nothing is saved if it refuses."""
        lock = self._locks.setdefault(house_id, asyncio.Lock())
        async with lock:
            for _ in range(5):
                house, row = await self.load(house_id)
                try:
                    new, out = fn(house)
                except H.HouseError as e:
                    raise _problem(e) from None
                data = H.to_data(new, json_safe=True)
                joined = [m.name for m in new.members if house.member(m.name) is None]
                try:
                    revision = await self._db(self.store.save_house, house_id, new.name, data, row.revision, joined)
                except HouseConflict:
                    continue  # another process saved first: read again and redo
                self.cache[house_id] = (new, HouseRow(row.id, new.name, revision, data))
                break
            else:
                raise HouseProblem("the house is busy; try again", 409)
        await self.refresh_tables(house_id)
        return new, out

    # --- members' own links ----------------------------------------------------------------------------
    async def _links(self, house_id: str) -> list[LinkRow]:
        return await self._db(self.store.links, house_id)

    async def member(self, house_id: str, key: str | None) -> str | None:
        """The member whose key this is, or None."""
        if not key or len(key) > 100:
            return None
        for link in await self._links(house_id):
            if link.key is not None and secrets.compare_digest(link.key, key):
                return link.member
        return None

    async def require_member(self, house_id: str, key: str | None, by: str | None = None) -> str:
        """The member acting: the one whose key this is (403 otherwise). ``by``, if a request
        names someone, must be that member: a link acts only as its own member."""
        house, _ = await self.load(house_id)
        who = await self.member(house_id, key)
        if who is None or house.member(who) is None:
            raise HouseProblem(f"open {house.name} from your own member link to do that", 403)
        if by is not None and by != who:
            raise HouseProblem(f"this link is {who}'s: it cannot act as {by}", 403)
        return who

    async def claim(self, house_id: str, invite: str) -> tuple[str, str]:
        """Exchange an invitation for the member's own key (once: the invitation is used up)."""
        await self.load(house_id)
        for link in await self._links(house_id):
            if link.invite is not None and len(invite) < 100 and secrets.compare_digest(link.invite, invite):
                key = await self._db(self.store.claim, house_id, link.member, invite)
                if key is not None:
                    return link.member, key
        raise HouseProblem("this invitation has been used or replaced: ask the house's host for a new one", 403)

    async def new_link(self, house_id: str, by: str, member: str) -> None:
        """A new invitation for ``member``; their old link stops working."""
        house, _ = await self.load(house_id)
        try:
            H.check_new_link(house, by=by, member=member)
        except H.HouseError as e:
            raise _problem(e) from None
        await self._db(self.store.reissue, house_id, member)

    async def invitations(self, house: H.House, house_id: str, who: str | None) -> dict[str, str]:
        """The unclaimed invitations ``who`` may hand out (those they could also replace)."""
        if who is None or not house.is_admin(who):
            return {}
        out = {}
        for link in await self._links(house_id):
            try:
                H.check_new_link(house, by=who, member=link.member)
            except H.HouseError:
                continue
            if link.invite is not None:
                out[link.member] = f"/house/{house_id}#invite={link.invite}"
        return out

    async def refresh_tables(self, house_id: str) -> None:
        for table in list(self.tables.tables.values()):
            if table.house_id == house_id:
                async with table.lock:
                    self.tables.refresh_house(table)
                    self.tables._broadcast(table)

    # --- hooks for the table service -------------------------------------------------------------
    async def rules(self, house_id: str, game_id: str) -> tuple[dict[str, Any], int]:
        house, _ = await self.load(house_id)
        chosen = H.options_for(house, game_id)
        return opts.as_dict(chosen), H.current_version(house, game_id)

    def _cached(self, table: Table) -> H.House | None:
        got = self.cache.get(table.house_id or "")
        return got[0] if got else None

    @staticmethod
    def match_key(table: Table) -> str | None:
        return None if table.match_id is None else str(table.match_id)

    def reading(self, house: H.House, table: Table) -> int:
        """The version whose book the table reads now (see ``H.version_for_match``)."""
        if table.house_version is None:
            return H.current_version(house, table.game_id)
        return H.version_for_match(house, table.game_id, table.house_version, self.match_key(table))

    def block(self, table: Table) -> dict[str, Any] | None:
        house = self._cached(table)
        if house is None:
            problem = self.broken.get(table.house_id or "", "the house is missing")
            return {"name": "?", "error": problem, "questions": []}
        key = self.match_key(table)
        names = people(table, house)
        reading = self.reading(house, table)
        questions = [_question(q) for q in house.questions if key is not None and q.match == key
                     and q.game == table.game_id]
        row = self.cache[table.house_id or ""][1]
        return {"name": house.name, "rules_of": f"{H.possessive(house.name)} rules",
                "played_under": table.house_version, "reading": reading,
                "current": H.current_version(house, table.game_id), "answers": house.answers,
                "kali_effect": house.kali_effect, "host": table.house_host, "names": names, "questions": questions,
                "stamp": row.revision}

    def notes(self, table: Table, clause_id: str) -> list[dict[str, Any]]:
        house = self._cached(table)
        if house is None:
            return []
        out = [ruling_note(r) for r in H.rulings_for(house, table.game_id, clause_id, self.reading(house, table))]
        out += [match_note(m) for m in H.match_rulings(house, self.match_key(table), table.game_id)
                if m.clause == clause_id]
        return [{"tag": n.tag, "text": n.text, "meta": n.meta, "kind": n.kind} for n in out]

    def rulebook_html(self, table: Table) -> str:
        house = self._cached(table)
        if house is None:
            return f"<p>{html.escape(self.broken.get(table.house_id or '', 'the house is missing'))}</p>"
        return render_house(house, table.game_id, table.players, "html", self.reading(house, table),
                            self.match_key(table), with_match_rulings=True)

    # --- questions at a table ------------------------------------------------------------------------
    async def at_table(self, table: Table, conn: Connection, data: dict[str, Any]) -> None:
        """An ``ask`` or ``answer`` message from a seat; refusals go to that connection only."""
        try:
            await self._at_table(table, conn, data)
        except TableError as e:
            conn.send({"type": "error", "message": str(e)})

    async def _at_table(self, table: Table, conn: Connection, data: dict[str, Any]) -> None:
        if conn.seat is None:
            raise TableError("spectators cannot raise or answer questions")
        if table.house_id is None:
            raise TableError("this table plays no house's rules, so there is no house to record a ruling")
        key = self.match_key(table)
        if key is None:
            raise TableError("questions are raised during play: the game has not started")
        text = data.get("text")
        if not isinstance(text, str) or not text.strip() or len(text) > TEXT:
            raise TableError(f"a question or answer is text of 1 to {TEXT} characters")
        house = self._cached(table)
        if house is None:
            raise TableError(self.broken.get(table.house_id, "the house is missing"), 409)
        names = people(table, house)
        by = names[conn.seat]
        if data.get("type") == "ask":
            clause = data.get("clause") or None
            their_way = data.get("their_way") or ""
            if (clause is not None and not isinstance(clause, str)) or not isinstance(their_way, str):
                raise TableError("clause and their_way are text")
            seated = [names[s.index] for s in table.seats if s.kind == "human"]

            def ask(h: H.House) -> tuple[H.House, H.Question]:  # the table's host rules, else the house's
                return H.ask(h, table.game_id, text, by=by, table=seated, clause=clause, host=table.house_host,
                             match=key, higher_standard=bool(data.get("higher_standard")), their_way=their_way[:TEXT])

            await self.change(table.house_id, ask)
            return
        qid = data.get("question")
        if not isinstance(qid, int) or isinstance(qid, bool):
            raise TableError("which question? (question: its number)")
        if not any(q.id == qid and q.match == key for q in house.questions):
            raise TableError(f"no question #{qid} was raised at this game")

        def answer(h: H.House) -> tuple[H.House, H.Question]:
            return H.answer(h, qid, by=by, text=text)

        await self.change(table.house_id, answer)


def people(table: Table, house: H.House) -> list[str]:
    """Each seat's name as the house records people. The host's seat is the member whose own
    link made the table; a seat link proves no membership, so anyone else who took a
    member's name is told apart by their seat: only the host rules as the host, and no
    guest's answer is recorded under a member's name."""
    names = [f"{n} (seat {i})" if house.member(n) else n for i, n in enumerate(table.display_names())]
    host = table.host_seat()
    if table.house_host is not None and host is not None:
        names[host] = table.house_host
    return names


def _question(q: H.Question) -> dict[str, Any]:
    return {"id": q.id, "text": q.text, "clause": q.clause, "raised_by": q.raised_by, "table": list(q.table),
            "host": q.host, "higher_standard": q.higher_standard, "their_way": q.their_way, "status": q.status,
            "ruling": q.ruling, "version": q.version,
            "answers": [{"member": a.member, "text": a.text} for a in q.answers]}


# --- the REST API ------------------------------------------------------------------------------------------
class CreateHouse(BaseModel):
    name: str = Field(max_length=NAME)
    host: str = Field(max_length=NAME)
    members: list[str] = Field(default_factory=list, max_length=50)
    approval: str = Field(default="host", max_length=16)
    answers: str = Field(default="host", max_length=16)
    kali_effect: bool = False


class ImportHouse(BaseModel):
    toml: str = Field(max_length=60_000)


class Acting(BaseModel):
    by: str | None = Field(default=None, max_length=NAME)
    """Optional: who the caller says they are. The link decides; a different name is refused."""


class AddMember(Acting):
    name: str = Field(max_length=NAME)
    admin: bool = False


class Policy(Acting):
    approval: str | None = Field(default=None, max_length=16)
    answers: str | None = Field(default=None, max_length=16)
    kali_effect: bool | None = None


class NewRuling(BaseModel):
    text: str = Field(max_length=TEXT)
    clause: str | None = Field(default=None, max_length=120)


class Propose(Acting):
    why: str = Field(default="", max_length=TEXT)
    preset: str | None = Field(default=None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    rulings: list[NewRuling] = Field(default_factory=list, max_length=20)
    remove_rulings: list[str] = Field(default_factory=list, max_length=50)


class VoteBody(Acting):
    yes: bool = True


class Claim(BaseModel):
    invite: str = Field(max_length=100)


def summary(house: H.House, row: HouseRow, you: str | None, invites: dict[str, str] | None = None
            ) -> dict[str, Any]:
    """The house as the web page reads it: the engine's data plus what each open proposal
    needs, who ``you`` are (your link's member), and the invitations you may hand out."""
    out = H.to_data(house, json_safe=True)
    out.update(id=row.id, you=you, admin=bool(you and house.is_admin(you)), links={"member": f"/house/{row.id}"},
               invites=invites or {})
    for p in out["proposals"]:
        p["title"] = _title(p["game"])
        if p["status"] == "open":
            p["needed"] = H.needed(house, house.proposal(p["id"]))
    out["current"] = {g.game: H.current_version(house, g.game) for g in house.games}
    return out


def game_detail(house: H.House, game_id: str) -> dict[str, Any]:
    """One game's rule set for the form: the values in force, its rulings, versions and clauses."""
    spec = gamenight.get_game(game_id).spec
    rs = H.rule_set(house, game_id)
    return {"game": spec.id, "title": spec.title, "current": H.current_version(house, game_id),
            "preset": rs.preset, "set": dict(rs.options),
            "values": opts.as_dict(H.options_for(house, game_id)),
            "rulings": [{"id": r.id, "text": r.text, "clause": r.clause, "author": r.author,
                         "question": r.question} for r in rs.rulings],
            "versions": [{"number": v.number, "proposed_by": v.proposed_by, "when": v.when.isoformat(),
                          "why": v.why, "status": v.status, "approved_by": list(v.approved_by)}
                         for v in H.versions(house, game_id)],
            "clauses": clauses(game_id)}


def clauses(game_id: str) -> list[dict[str, str]]:
    spec = gamenight.get_game(game_id).spec
    general = [{"id": c.id, "text": c.text} for c in H.GENERAL_CLAUSES.values()]
    return [{"id": c.id, "text": c.text} for c in spec.rules] + general


def _game(game_id: str) -> str:
    try:
        return gamenight.get_game(game_id).spec.id
    except gamenight.UnknownGame as e:
        raise HouseProblem(str(e), 404) from None


def router(svc: Callable[[], HouseService], creating: Any = None) -> APIRouter:
    """The house routes; ``svc`` gives the running ``HouseService``, ``creating`` the
    dependency that counts a house made against its address's limit."""
    api = APIRouter()
    made = [creating] if creating is not None else []
    house_key = Header(default=None, alias="X-House-Key", max_length=100)

    async def reply(house_id: str, key: str | None) -> dict[str, Any]:
        house, row = await svc().load(house_id)
        you = await svc().member(house_id, key)
        return summary(house, row, you, await svc().invitations(house, house_id, you))

    async def founded(house: H.House) -> dict[str, Any]:
        row, key = await svc().create(house)
        kept, _ = await svc().load(row.id)
        invites = await svc().invitations(kept, row.id, kept.host)
        base = f"/house/{row.id}"
        return {"house": summary(kept, row, kept.host, invites), "key": key,
                "links": {"you": f"{base}#key={key}", "member": base, "invites": invites}}

    @api.post("/api/houses", status_code=201, dependencies=made)
    async def create(body: CreateHouse) -> dict[str, Any]:
        try:
            house = H.new_house(body.name, body.host, body.members, approval=body.approval, answers=body.answers,
                                kali_effect=body.kali_effect)
        except H.HouseError as e:
            raise _problem(e) from None
        return await founded(house)

    @api.post("/api/houses/import", status_code=201, dependencies=made)
    async def import_house(body: ImportHouse) -> dict[str, Any]:
        """A house file brought in through the web is a new house (a new id): only the
        operator's ``serve --house`` matches a file to a house it already keeps."""
        try:
            house = H.from_toml(body.toml)
            H.check_playable(house)
        except H.HouseError as e:
            raise _problem(e) from None
        return await founded(house)

    @api.get("/api/houses/{house_id}")
    async def get(house_id: str, x_house_key: str | None = house_key) -> dict[str, Any]:
        return await reply(house_id, x_house_key)

    @api.post("/api/houses/{house_id}/claim")
    async def claim(house_id: str, body: Claim) -> dict[str, Any]:
        """An invitation, exchanged once for the member's own key (kept by their browser)."""
        member, key = await svc().claim(house_id, body.invite)
        return {"member": member, "key": key, "house": await reply(house_id, key)}

    @api.get("/api/houses/{house_id}/export")
    async def export(house_id: str) -> Response:
        house, _ = await svc().load(house_id)
        slug = "".join(ch if ch.isalnum() else "-" for ch in house.name.lower()).strip("-") or "house"
        return PlainTextResponse(H.to_toml(house), media_type="application/toml",
                                 headers={"Content-Disposition": f'attachment; filename="{slug}.toml"'})

    @api.post("/api/houses/{house_id}/members")
    async def add_member(house_id: str, body: AddMember, x_house_key: str | None = house_key) -> dict[str, Any]:
        who = await svc().require_member(house_id, x_house_key, body.by)
        await svc().change(house_id, lambda h: (H.add_member(h, body.name, by=who, admin=body.admin), None))
        return await reply(house_id, x_house_key)

    @api.post("/api/houses/{house_id}/members/{member}/link")
    async def new_link(house_id: str, member: str, body: Acting,
                       x_house_key: str | None = house_key) -> dict[str, Any]:
        """A new invitation for a member who lost theirs; their old link stops working."""
        who = await svc().require_member(house_id, x_house_key, body.by)
        await svc().new_link(house_id, who, member)
        return await reply(house_id, x_house_key)

    @api.put("/api/houses/{house_id}/policy")
    async def policy(house_id: str, body: Policy, x_house_key: str | None = house_key) -> dict[str, Any]:
        who = await svc().require_member(house_id, x_house_key, body.by)
        await svc().change(house_id, lambda h: (H.set_policy(
            h, by=who, approval=body.approval, answers=body.answers, kali_effect=body.kali_effect), None))
        return await reply(house_id, x_house_key)

    @api.get("/api/houses/{house_id}/games/{game_id}")
    async def game(house_id: str, game_id: str) -> dict[str, Any]:
        house, _ = await svc().load(house_id)
        return game_detail(house, _game(game_id))

    @api.post("/api/houses/{house_id}/games/{game_id}/proposals", status_code=201)
    async def propose(house_id: str, game_id: str, body: Propose,
                      x_house_key: str | None = house_key) -> dict[str, Any]:
        gid = _game(game_id)
        who = await svc().require_member(house_id, x_house_key, body.by)

        def change(h: H.House) -> tuple[H.House, H.Proposal]:
            adds: list[H.Ruling] = []
            for r in body.rulings:  # one proposal may add several rulings: r5, r6, ...
                number = int(adds[-1].id[1:]) + 1 if adds else None
                adds.append(H.new_ruling(h, gid, r.text, author=who, clause=r.clause, why=body.why,
                                         number=number))
            c = H.change_to(h, gid, preset=body.preset, values=body.options, add_rulings=adds,
                            remove_rulings=body.remove_rulings)
            return H.propose(h, gid, c, by=who, why=body.why)

        house, p = await svc().change(house_id, change)
        _, row = await svc().load(house_id)
        return {"proposal": next(x for x in summary(house, row, who)["proposals"] if x["id"] == p.id),
                "current": H.current_version(house, gid)}

    @api.post("/api/houses/{house_id}/proposals/{proposal_id}/vote")
    async def vote(house_id: str, proposal_id: int, body: VoteBody,
                   x_house_key: str | None = house_key) -> dict[str, Any]:
        who = await svc().require_member(house_id, x_house_key, body.by)
        await svc().change(house_id, lambda h: (H.vote(h, proposal_id, by=who, yes=body.yes), None))
        return await reply(house_id, x_house_key)

    @api.post("/api/houses/{house_id}/proposals/{proposal_id}/withdraw")
    async def withdraw(house_id: str, proposal_id: int, body: Acting,
                       x_house_key: str | None = house_key) -> dict[str, Any]:
        who = await svc().require_member(house_id, x_house_key, body.by)
        await svc().change(house_id, lambda h: (H.withdraw(h, proposal_id, by=who), None))
        return await reply(house_id, x_house_key)

    @api.post("/api/houses/{house_id}/proposals/{proposal_id}/preview", status_code=202)
    async def preview(house_id: str, proposal_id: int, body: Acting,
                      x_house_key: str | None = house_key) -> dict[str, Any]:
        """What would this change do? A member starts bot matches under the rules in force and
        under the proposal, on the same seeds, in the background; poll the GET for the table."""
        await svc().require_member(house_id, x_house_key, body.by)
        house, _ = await svc().load(house_id)
        try:
            return svc().previews.start(house, house_id, proposal_id).to_dict()
        except PreviewRefused as e:
            raise HouseProblem(str(e), e.status) from None

    @api.get("/api/houses/{house_id}/proposals/{proposal_id}/preview")
    async def preview_state(house_id: str, proposal_id: int, x_house_key: str | None = house_key) -> dict[str, Any]:
        """How far the comparison has got, and its table once done (members only, like starting one)."""
        await svc().require_member(house_id, x_house_key)
        house, _ = await svc().load(house_id)
        try:
            got = svc().previews.get(house, house_id, proposal_id)
        except PreviewRefused as e:
            raise HouseProblem(str(e), e.status) from None
        if got is None:
            raise HouseProblem(f"nobody has asked what proposal #{proposal_id} would do", 404)
        return got.to_dict()

    @api.get("/api/houses/{house_id}/games/{game_id}/rules")
    async def rules(house_id: str, game_id: str, version: int | None = None,
                    format: str = Query(default="html", pattern="^(html|markdown|text)$")) -> Response:
        house, _ = await svc().load(house_id)
        gid = _game(game_id)
        try:
            text = render_house(house, gid, None, format, version)
        except H.HouseError as e:
            raise _problem(e) from None
        if format == "html":
            return HTMLResponse(text)
        name = f"{gid}-v{version if version is not None else H.current_version(house, gid)}.md"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'} if format == "markdown" else {}
        return PlainTextResponse(text, media_type="text/markdown" if format == "markdown" else "text/plain",
                                 headers=headers)

    @api.get("/api/houses/{house_id}/games/{game_id}/diff")
    async def diff(house_id: str, game_id: str, a: int, b: int) -> HTMLResponse:
        house, _ = await svc().load(house_id)
        gid = _game(game_id)
        try:
            return HTMLResponse(render_diff(H.diff_versions(house, gid, a, b), "html", house.name))
        except H.HouseError as e:
            raise _problem(e) from None

    @api.get("/house/{house_id}/rules/{game_id}", include_in_schema=False)
    async def printable(house_id: str, game_id: str, version: int | None = None) -> HTMLResponse:
        house, _ = await svc().load(house_id)
        try:
            return HTMLResponse(house_page(house, _game(game_id), None, version))
        except H.HouseError as e:
            raise _problem(e) from None

    @api.get("/api/games/{game_id}/clauses")
    async def game_clauses(game_id: str) -> list[dict[str, str]]:
        return clauses(_game(game_id))

    return api
