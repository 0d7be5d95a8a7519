"""``gamenight house ...``: keep a house's rules in a TOML file (one file per house).

Every command reads the file, makes one change through ``gamenight.houses``
(which holds every rule about who may change what) and writes the file back in
canonical form. Bad input is a one-line ``error:`` with exit code 2, naming the bad
key where there is one.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import gamenight
from gamenight import houses as H
from gamenight.rulebook import FORMATS, house_page, render_diff, render_house

house_app = typer.Typer(
    name="house",
    help="Keep a house's own rules: members, rule sets per game, versions, approval, rulings.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class HouseFileProblem(Exception):
    """A house file that cannot be read or written, or a bad command-line value."""


def _fail(message: str) -> NoReturn:
    Console(file=sys.stderr, highlight=False, soft_wrap=True).print(Text(f"error: {message}", style="bold red"))
    raise typer.Exit(2)


def _out() -> Console:
    return Console(file=sys.stdout, highlight=False, soft_wrap=True)


def load_house(path: str | Path) -> H.House:
    """Read and validate a house file (every rule set in force must deal); ``HouseFileProblem``
    names the file and the bad key."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HouseFileProblem(f"no house file {str(p)!r} (create one with: gamenight house new NAME "
                               f"--file {p} --host YOURNAME)") from None
    except (OSError, UnicodeDecodeError) as e:
        raise HouseFileProblem(f"cannot read {str(p)!r}: {e}") from None
    try:
        house = H.from_toml(text)
        H.check_playable(house)
    except H.HouseError as e:
        raise HouseFileProblem(f"{p}: {e}") from None
    return house


def save_house(house: H.House, path: str | Path) -> None:
    """Write the house as canonical TOML, atomically (a crash never leaves half a file)."""
    p = Path(path)
    text = H.to_toml(house)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent if str(p.parent) else ".")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, p)
    except OSError as e:
        raise HouseFileProblem(f"cannot write {str(p)!r}: {e}") from None


def _values(pairs: Sequence[str] | None) -> dict[str, str]:
    values: dict[str, str] = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise HouseFileProblem(f"option {pair!r} should be written NAME=VALUE, e.g. target=50")
        key, value = pair.split("=", 1)
        values[key.strip()] = value.strip()
    return values


def _game(game_id: str) -> str:
    try:
        return gamenight.get_game(game_id).spec.id
    except gamenight.UnknownGame as e:
        raise HouseFileProblem(str(e)) from None


def _report(house: H.House, p: H.Proposal) -> str:
    title = gamenight.get_game(p.game).spec.title
    if p.status == "accepted":
        return f"{title}: version {p.version} of {H.possessive(house.name)} rules is now in force (proposal #{p.id})."
    if p.status == "rejected":
        return f"Proposal #{p.id} ({title}) was turned down."
    if p.status == "withdrawn":
        return f"Proposal #{p.id} ({title}) was withdrawn."
    return (f"Proposal #{p.id} ({title}) waits for approval: it needs {H.needed(house, p)}. "
            f"Approve with: gamenight house approve FILE {p.id} --by NAME")


FileArg = Annotated[Path, typer.Argument(help="The house's TOML file.")]
ByArg = Annotated[str, typer.Option("--by", help="Who is doing this (a member's display name).")]
WhyArg = Annotated[str, typer.Option("--why", help="Why (kept with the version).")]


# --- new / show ----------------------------------------------------------------------------------------
@house_app.command("new")
def new(name: Annotated[str, typer.Argument(help="The house's name.")],
        file: Annotated[Path, typer.Option("--file", "-f", help="The TOML file to create.")],
        host: Annotated[str, typer.Option("--host", help="The host's display name (an admin).")],
        member: Annotated[list[str] | None, typer.Option("--member", "-m", help="A member (repeatable).")] = None,
        admin: Annotated[list[str] | None, typer.Option("--admin", help="A member with the admin link "
                                                        "(repeatable).")] = None,
        approval: Annotated[str, typer.Option(help="Who approves rule changes: host or majority.")] = "host",
        answers: Annotated[str, typer.Option(help="Who answers questions at the table: host or table.")] = "host",
        kali: Annotated[bool, typer.Option("--kali/--no-kali", help="Switch on The Kali Effect (rulebook 000, "
                                           "Disputes).")] = False,
        force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False) -> None:
    """Found a house and write its file."""
    try:
        if file.exists() and not force:
            raise HouseFileProblem(f"{str(file)!r} already exists (use --force to overwrite it)")
        members: list[str | H.Member] = [H.Member(m) for m in member or ()]
        members += [H.Member(a, True) for a in admin or ()]
        house = H.new_house(name, host, members, approval=approval, answers=answers, kali_effect=kali,
                            house_id=H.new_id())
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(f"Founded {house.name} (host {house.host}, {len(house.members)} member"
                 f"{'s' if len(house.members) != 1 else ''}) in {file}.", markup=False)


@house_app.command("show")
def show(file: FileArg) -> None:
    """Show a house: members, how it decides, its games and open proposals and questions."""
    try:
        house = load_house(file)
    except HouseFileProblem as e:
        _fail(str(e))
    out = _out()
    out.print(Text(house.name, style="bold"))
    out.print(f"Host: {house.host}. Changes approved by: "
              f"{'the host' if house.approval == 'host' else 'a majority of members'}. Questions answered by: "
              f"{'the host' if house.answers == 'host' else 'a vote of the table'}. The Kali Effect: "
              f"{'on' if house.kali_effect else 'off'}.", markup=False)
    out.print("Members: " + ", ".join(m.name + (" (admin)" if house.is_admin(m.name) else "")
                                      for m in house.members), markup=False)
    if house.games:
        table = Table(title="Rule sets")
        for col in ("game", "version", "preset", "options", "rulings"):
            table.add_column(col, overflow="fold")
        for g in house.games:
            rs = g.versions[-1].rules
            table.add_row(Text(g.game), Text(str(g.versions[-1].number)), Text(rs.preset or "—"),
                          Text(", ".join(f"{k}={H.value_text(v)}" for k, v in rs.options) or "—"),
                          Text(str(len(rs.rulings))))
        out.print(table)
    else:
        out.print("No rule sets yet: every game is played by the book's main rules.")
    for p in H.open_proposals(house):
        out.print(f"Open proposal #{p.id} ({p.game}, by {p.proposed_by}): {p.why or 'no reason given'}; "
                  f"needs {H.needed(house, p)}.", markup=False)
    for q in H.open_questions(house):
        out.print(f"Open question #{q.id} ({q.game}, raised by {q.raised_by}): {q.text}", markup=False)


# --- changes --------------------------------------------------------------------------------------------
def _propose(file: Path, game: str, by: str, why: str, *, preset: str | None = None,
             options: dict[str, str] | None = None, unset: Sequence[str] = (), text: str | None = None,
             clause: str | None = None, remove: Sequence[str] = ()) -> None:
    try:
        house = load_house(file)
        gid = _game(game)
        adds = [H.new_ruling(house, gid, text, author=by, clause=clause, why=why)] if text else []
        change = H.make_change(house, gid, preset=preset, options=options, unset=unset, add_rulings=adds,
                               remove_rulings=remove)
        house, p = H.propose(house, gid, change, by=by, why=why)
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(_report(house, p), markup=False)


@house_app.command("set")
def set_rules(file: FileArg, game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")], by: ByArg,
              option: Annotated[list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE",
                                                               help="Set an option (repeatable).")] = None,
              unset: Annotated[list[str] | None, typer.Option("--unset", metavar="NAME",
                                                              help="Back to the preset's or book's value.")] = None,
              preset: Annotated[str | None, typer.Option("--preset", "-p", help="A named set of options.")] = None,
              why: WhyArg = "") -> None:
    """Propose a change to the house's options for a game (a new version once approved)."""
    try:
        values = _values(option)
    except HouseFileProblem as e:
        _fail(str(e))
    _propose(file, game, by, why, preset=preset, options=values, unset=tuple(unset or ()))


@house_app.command("rule")
def rule(file: FileArg, game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")], by: ByArg,
         text: Annotated[str | None, typer.Option("--text", "-t", help="The ruling, in plain words.")] = None,
         clause: Annotated[str | None, typer.Option("--clause", "-c", help="The clause id it concerns.")] = None,
         remove: Annotated[list[str] | None, typer.Option("--remove", metavar="RULING",
                                                          help="Remove a ruling by id, e.g. r2.")] = None,
         why: WhyArg = "") -> None:
    """Propose a written ruling (or remove one); it takes effect as the house approves."""
    if not text and not remove:
        _fail("give the ruling with --text (or --remove RULING)")
    _propose(file, game, by, why, text=text, clause=clause, remove=tuple(remove or ()))


@house_app.command("approve")
def approve(file: FileArg, proposal: Annotated[int, typer.Argument(help="The proposal number.")], by: ByArg,
            no: Annotated[bool, typer.Option("--no", help="Vote against it.")] = False) -> None:
    """Vote for (or, with --no, against) an open proposal."""
    try:
        house = load_house(file)
        house = H.vote(house, proposal, by=by, yes=not no)
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(_report(house, house.proposal(proposal)), markup=False)


@house_app.command("withdraw")
def withdraw(file: FileArg, proposal: Annotated[int, typer.Argument(help="The proposal number.")],
             by: ByArg) -> None:
    """Withdraw an open proposal (its proposer or the host)."""
    try:
        house = H.withdraw(load_house(file), proposal, by=by)
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(_report(house, house.proposal(proposal)), markup=False)


@house_app.command("member")
def member(file: FileArg, name: Annotated[str, typer.Argument(help="The new member's display name.")], by: ByArg,
           admin: Annotated[bool, typer.Option("--admin", help="Give them the admin link.")] = False) -> None:
    """Add a member (an admin does this)."""
    try:
        house = H.add_member(load_house(file), name, by=by, admin=admin)
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(f"{name} is now a member of {house.name}.", markup=False)


@house_app.command("policy")
def policy(file: FileArg, by: ByArg,
           approval: Annotated[str | None, typer.Option(help="host or majority.")] = None,
           answers: Annotated[str | None, typer.Option(help="host or table.")] = None,
           kali: Annotated[bool | None, typer.Option("--kali/--no-kali", help="The Kali Effect.")] = None) -> None:
    """The host chooses how changes are approved and questions answered."""
    try:
        house = H.set_policy(load_house(file), by=by, approval=approval, answers=answers, kali_effect=kali)
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(f"{house.name}: approval by {house.approval}, answers by {house.answers}, "
                 f"Kali Effect {'on' if house.kali_effect else 'off'}.", markup=False)


# --- questions --------------------------------------------------------------------------------------------
def _question_report(q: H.Question) -> str:
    if q.status == "ruled":
        return f"Question #{q.id} settled: {q.ruling} (recorded in version {q.version})."
    if q.status == "kali":
        return (f"Question #{q.id}: no unanimous decision, so {q.raised_by} plays it their way this game "
                f"(The Kali Effect): {q.ruling}. The house's rules are unchanged.")
    if q.status == "unsettled":
        return f"Question #{q.id}: no answer has a majority of the table; nothing is recorded."
    waiting = [t for t in q.table if t not in {a.member for a in q.answers}]
    return f"Question #{q.id} is open; waiting for: {', '.join(waiting) or 'nobody'}."


@house_app.command("ask")
def ask(file: FileArg, game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")], by: ByArg,
        text: Annotated[str, typer.Option("--text", "-t", help="The question.")],
        table: Annotated[str, typer.Option("--table", help="Who is at the table, comma-separated.")] = "",
        clause: Annotated[str | None, typer.Option("--clause", "-c", help="The clause id it is about.")] = None,
        higher_standard: Annotated[bool, typer.Option("--higher-standard", help="You are held to a higher "
                                                      "standard than the others (rulebook 000).")] = False,
        their_way: Annotated[str, typer.Option("--their-way", help="How you want to play it.")] = "",
        match: Annotated[str | None, typer.Option("--match", help="The match id.")] = None) -> None:
    """Raise a question at the table."""
    try:
        house = load_house(file)
        seated = [t.strip() for t in table.split(",") if t.strip()]
        house, q = H.ask(house, _game(game), text, by=by, table=seated, clause=clause, match=match,
                         higher_standard=higher_standard, their_way=their_way)
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(f"Question #{q.id} raised. {_question_report(q)}", markup=False)


@house_app.command("answer")
def answer_cmd(file: FileArg, question: Annotated[int, typer.Argument(help="The question number.")], by: ByArg,
               text: Annotated[str, typer.Option("--text", "-t", help="Your answer.")]) -> None:
    """Answer (or vote for an answer to) a question raised at the table."""
    try:
        house, q = H.answer(load_house(file), question, by=by, text=text)
        save_house(house, file)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    _out().print(_question_report(q), markup=False)


# --- reading ---------------------------------------------------------------------------------------------
@house_app.command("history")
def history(file: FileArg, game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")]) -> None:
    """List the versions of a game's rules: who proposed each, when and why."""
    try:
        house = load_house(file)
        gid = _game(game)
    except HouseFileProblem as e:
        _fail(str(e))
    out = _out()
    out.print(f"{gid} version 0: the book's main rules.", markup=False)
    for v in H.versions(house, gid):
        agreed = f"; agreed by {', '.join(v.approved_by)}" if v.approved_by else ""
        out.print(f"{gid} version {v.number} ({v.status}, {v.when:%Y-%m-%d %H:%M} UTC): proposed by "
                  f"{v.proposed_by}{': ' + v.why if v.why else ''}{agreed}.", markup=False)


@house_app.command("diff")
def diff(file: FileArg, game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")],
         v1: Annotated[int, typer.Argument(help="One version (0: the book).")],
         v2: Annotated[int, typer.Argument(help="The other version.")],
         fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown or html.")] = "text") -> None:
    """What changed between two versions of a game's rules, side by side."""
    try:
        house = load_house(file)
        if fmt not in FORMATS:
            raise HouseFileProblem(f"unknown format {fmt!r} (choose {', '.join(FORMATS)})")
        d = H.diff_versions(house, _game(game), v1, v2)
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    typer.echo(render_diff(d, fmt, house.name), nl=False)


@house_app.command("rules")
def rules(file: FileArg, game: Annotated[str, typer.Argument(help="Game id, e.g. hearts.")],
          fmt: Annotated[str, typer.Option("--format", "-f", help="text, markdown, html (a fragment) or page "
                                           "(a whole page that prints cleanly).")] = "text",
          players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")] = None,
          version: Annotated[int | None, typer.Option("--version", "-v", help="An earlier version.")] = None) -> None:
    """Print the house's rulebook for a game, with its rulings beside the clauses."""
    try:
        house = load_house(file)
        gid = _game(game)
        spec = gamenight.get_game(gid).spec
        if players is not None and players not in spec.players:
            raise HouseFileProblem(f"{spec.title} is not played by {players} players")
        if fmt not in (*FORMATS, "page"):
            raise HouseFileProblem(f"unknown format {fmt!r} (choose {', '.join(FORMATS)} or page)")
        text = (house_page(house, gid, players, version) if fmt == "page"
                else render_house(house, gid, players, fmt, version))
    except (H.HouseError, HouseFileProblem) as e:
        _fail(str(e))
    typer.echo(text, nl=False)


# --- export / import -------------------------------------------------------------------------------------
@house_app.command("export")
def export(file: FileArg,
           out: Annotated[Path | None, typer.Option("--out", "-o", help="Write here instead of stdout.")] = None
           ) -> None:
    """Write the house as canonical TOML (to stdout, or --out FILE)."""
    try:
        house = load_house(file)
        if out is not None:
            save_house(house, out)
    except HouseFileProblem as e:
        _fail(str(e))
    if out is None:
        typer.echo(H.to_toml(house), nl=False)
    else:
        _out().print(f"Exported {house.name} to {out}.", markup=False)


@house_app.command("import")
def import_(source: Annotated[Path, typer.Argument(help="A house TOML file to check and bring in.")],
            file: Annotated[Path | None, typer.Option("--file", "-f", help="Save it (canonical) as this house "
                                                      "file.")] = None,
            force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False) -> None:
    """Check a house file against every game's options and clauses; with --file, save it."""
    try:
        house = load_house(source)
        if file is not None:
            if file.exists() and not force and file.resolve() != source.resolve():
                raise HouseFileProblem(f"{str(file)!r} already exists (use --force to overwrite it)")
            save_house(house, file)
    except HouseFileProblem as e:
        _fail(str(e))
    games = ", ".join(f"{g.game} v{g.versions[-1].number}" for g in house.games) or "no rule sets yet"
    where = f"; saved to {file}" if file is not None else ""
    _out().print(f"{source} is a valid house file: {house.name} ({games}){where}.", markup=False)


# --- for `gamenight play --house` --------------------------------------------------------------------------
def house_banner(house: H.House, game_id: str) -> str:
    n = H.current_version(house, game_id)
    if n == 0:
        return f"{house.name} has no rule set for this game: playing the book's main rules (version 0)."
    return f"Playing by {H.possessive(house.name)} house rules, version {n}. Type 'rules' to read them."


def rulings_text(house: H.House, game_id: str, clause_id: str) -> list[str]:
    """The house's rulings about a clause, one line each (shown when that clause comes up)."""
    return [f"House ruling {r.id}: " + (f"asked: {r.question} — ruled: {r.text}" if r.question else r.text)
            for r in H.rulings_for(house, game_id, clause_id)]
