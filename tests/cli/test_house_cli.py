"""`gamenight house ...` and `gamenight play --house`: a house's rules kept in a TOML file."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight import houses as H
from gamenight.cli.app import app

runner = CliRunner()


def run(*args: str | Path, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args], input=input)
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2, (code, out, err)
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), err
    assert "Traceback" not in out + err
    return lines[0]


@pytest.fixture
def house(tmp_path: Path) -> Path:
    f = tmp_path / "metzkers.toml"
    code, out, err = run("house", "new", "The Metzkers", "--file", f, "--host", "Brent", "-m", "Barb", "-m", "Dana",
                         "--admin", "Kali", "--approval", "majority", "--kali")
    assert code == 0, err
    assert "Founded The Metzkers" in out
    return f


def test_a_new_house_file_carries_a_stable_id_of_its_own(house: Path, tmp_path: Path) -> None:
    other = tmp_path / "same-name.toml"
    assert run("house", "new", "The Metzkers", "--file", other, "--host", "Brent")[0] == 0
    first, second = H.from_toml(house.read_text()).id, H.from_toml(other.read_text()).id
    assert first and second and first != second  # the same name, two houses: a server tells them apart


def test_new_refuses_to_overwrite_and_bad_policies(house: Path, tmp_path: Path) -> None:
    line = one_line_error(*run("house", "new", "Again", "--file", house, "--host", "X"))
    assert "already exists" in line
    line = one_line_error(*run("house", "new", "X", "--file", tmp_path / "x.toml", "--host", "X",
                               "--approval", "mob"))
    assert "approval" in line and "host, majority" in line


def test_set_approve_rules_diff_and_history(house: Path) -> None:
    code, out, _ = run("house", "set", house, "hearts", "--by", "Brent", "-o", "target=50", "--preset", "classic",
                       "--why", "shorter games")
    assert code == 0 and "Proposal #1" in out and "waits for approval" in out and "2 more yes votes" in out
    assert H.current_version(H.from_toml(house.read_text()), "hearts") == 0
    for who in ("Barb", "Dana"):
        code, out, _ = run("house", "approve", house, "1", "--by", who)
        assert code == 0
    assert "version 1 of The Metzkers' rules is now in force" in out
    code, out, _ = run("house", "rule", house, "hearts", "--by", "Kali", "--clause", "hearts.pass",
                       "--text", "You may pass the queen of spades.", "--why", "it came up")
    assert code == 0 and "Proposal #2" in out
    for who in ("Barb", "Dana"):
        run("house", "approve", house, "2", "--by", who)
    code, out, _ = run("house", "diff", house, "hearts", "0", "2")
    assert code == 0
    assert "version 0: 100 — The game ends when a player reaches 100 points." in out
    assert "version 2: 50 — The game ends when a player reaches 50 points." in out
    assert "+ r1 [hearts.pass]: You may pass the queen of spades." in out
    code, out, _ = run("house", "diff", house, "hearts", "1", "2", "--format", "html")
    assert code == 0 and out.startswith('<section class="rulediff"')
    code, out, _ = run("house", "history", house, "hearts")
    assert "version 1 (approved" in out and "shorter games" in out and "agreed by Brent, Barb, Dana" in out
    code, out, _ = run("house", "show", house)
    assert code == 0 and "hearts" in out and "target=50" in out and "Kali (admin)" in out


def test_rejection_and_withdrawal(house: Path) -> None:
    run("house", "set", house, "hearts", "--by", "Kali", "-o", "pass_count=4")
    for who in ("Barb", "Dana"):
        code, out, _ = run("house", "approve", house, "1", "--by", who, "--no")
    assert "turned down" in out
    run("house", "set", house, "hearts", "--by", "Kali", "-o", "pass_count=2")
    code, out, _ = run("house", "withdraw", house, "2", "--by", "Kali")
    assert code == 0 and "withdrawn" in out
    assert H.current_version(H.from_toml(house.read_text()), "hearts") == 0


@pytest.mark.parametrize("args, words", [
    (("house", "set", "{f}", "hearts", "--by", "Barb", "-o", "target=50"), "admin link"),
    (("house", "set", "{f}", "hearts", "--by", "Brent", "-o", "target=lots"), "games.hearts.options.target"),
    (("house", "set", "{f}", "hearts", "--by", "Brent", "-o", "colour=red"), "games.hearts.options.colour"),
    (("house", "set", "{f}", "hearts", "--by", "Brent", "--preset", "nope"), "games.hearts.preset"),
    (("house", "set", "{f}", "snap", "--by", "Brent", "-o", "a=1"), "no game called 'snap'"),
    (("house", "set", "{f}", "hearts", "--by", "Brent", "-o", "target"), "NAME=VALUE"),
    (("house", "rule", "{f}", "hearts", "--by", "Brent", "--clause", "hearts.nope", "--text", "x"), "hearts.nope"),
    (("house", "rule", "{f}", "hearts", "--by", "Brent"), "--text"),
    (("house", "approve", "{f}", "9", "--by", "Brent"), "no proposal #9"),
    (("house", "diff", "{f}", "hearts", "0", "4"), "no version 4"),
    (("house", "rules", "{f}", "hearts", "--format", "pdf"), "unknown format"),
    (("house", "show", "{missing}"), "no house file"),
])
def test_bad_commands_are_one_line_errors(house: Path, tmp_path: Path, args: tuple[str, ...], words: str) -> None:
    before = house.read_text()
    argv = [a.replace("{f}", str(house)).replace("{missing}", str(tmp_path / "none.toml")) for a in args]
    line = one_line_error(*run(*argv))
    assert words in line
    assert house.read_text() == before  # a refused change leaves the file alone


def test_questions_at_the_table_and_the_kali_effect(house: Path) -> None:
    code, out, _ = run("house", "ask", house, "hearts", "--by", "Kali", "--table", "Brent,Barb,Kali",
                       "--text", "Dana led hearts early and nobody minded!", "--clause", "hearts.lead.hearts-broken",
                       "--higher-standard", "--their-way", "I may lead hearts too.", "--match", "m1")
    assert code == 0 and "Question #1 raised" in out
    run("house", "answer", house, "1", "--by", "Brent", "--text", "no")
    run("house", "answer", house, "1", "--by", "Barb", "--text", "no")
    code, out, _ = run("house", "answer", house, "1", "--by", "Kali", "--text", "yes")
    assert "The Kali Effect" in out and "unchanged" in out
    h = H.from_toml(house.read_text())
    assert H.current_version(h, "hearts") == 0 and len(H.match_rulings(h, "m1")) == 1
    code, out, _ = run("house", "ask", house, "hearts", "--by", "Barb", "--text", "Can the kitty be seen?")
    assert code == 0
    code, out, _ = run("house", "answer", house, "2", "--by", "Brent", "--text", "Only by its winner.")
    assert "settled" in out and "version 1" in out
    code, out, _ = run("house", "rules", house, "hearts")
    assert "Asked: Can the kitty be seen? — Ruled: Only by its winner." in " ".join(out.split())


def test_rules_formats_and_page(house: Path) -> None:
    run("house", "rule", house, "hearts", "--by", "Brent", "--clause", "hearts.pass", "--text", "Pass <face down>.")
    run("house", "approve", house, "1", "--by", "Barb")
    run("house", "approve", house, "1", "--by", "Dana")
    code, out, _ = run("house", "rules", house, "hearts", "--players", "4")
    assert code == 0 and "[house ruling] Pass <face down>." in out
    code, out, _ = run("house", "rules", house, "hearts", "--format", "markdown")
    assert out.startswith("# Hearts") and "**house ruling:** Pass \\<face down\\>." in out
    code, out, _ = run("house", "rules", house, "hearts", "--format", "page")
    assert out.startswith("<!DOCTYPE html>") and "@media print" in out and "Pass &lt;face down&gt;." in out
    code, out, _ = run("house", "rules", house, "hearts", "--version", "0")
    assert "the book's main rules" in out and "Pass <face down>" not in out


def test_export_and_import(house: Path, tmp_path: Path) -> None:
    run("house", "set", house, "euchre", "--by", "Brent", "-o", "target=5")
    code, out, _ = run("house", "export", house)
    assert code == 0 and out == house.read_text() and out.startswith("# A gamenight house")
    copy = tmp_path / "copy.toml"
    code, out, _ = run("house", "export", house, "--out", copy)
    assert code == 0 and copy.read_text() == house.read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(house.read_text().replace('approval = "majority"', 'approval = "majority"\nflavour = 1'))
    line = one_line_error(*run("house", "import", bad))
    assert "flavour" in line and "unknown key" in line
    hand = tmp_path / "hand.toml"
    hand.write_text('name = "Corner"\nhost = "Ann"\n[[members]]\nname = "Ann"\n'
                    '[games.hearts]\nproposed_by = "Ann"\nwhen = 2025-01-05T20:00:00Z\noptions = { target = 5 }\n')
    line = one_line_error(*run("house", "import", hand))
    assert "games.hearts.options.target" in line and "at least 10" in line
    hand.write_text(hand.read_text().replace("target = 5", "target = 55"))
    saved = tmp_path / "corner.toml"
    code, out, _ = run("house", "import", hand, "--file", saved)
    assert code == 0 and "valid house file: Corner (hearts v1)" in out
    assert "target = 55" in saved.read_text() and H.from_toml(saved.read_text()).name == "Corner"


def test_play_with_a_house_uses_its_rules_and_shows_its_rulebook(house: Path) -> None:
    run("house", "set", house, "hearts", "--by", "Brent", "-o", "target=40", "--preset", "classic")
    run("house", "approve", house, "1", "--by", "Barb")
    run("house", "approve", house, "1", "--by", "Dana")
    run("house", "rule", house, "hearts", "--by", "Brent", "--clause", "hearts.pass", "--text", "Pass face down.")
    run("house", "approve", house, "2", "--by", "Barb")
    run("house", "approve", house, "2", "--by", "Dana")
    code, out, _ = run("play", "hearts", "--house", house, "--seed", "2", "--bots", "random",
                       input="rules\npass 2C 3C\nquit\n")
    assert code == 0, out[-2000:]
    assert "Playing by The Metzkers' house rules, version 2" in out
    assert "[house ruling] Pass face down." in out and "played to 40 points" in " ".join(out.split())
    assert "[hearts.pass]" in out and "House ruling r1: Pass face down." in out  # shown when the clause comes up
    assert "(played under The Metzkers' hearts rules, version 2)" in out


def test_play_with_a_house_that_never_changed_the_game_plays_the_book(house: Path) -> None:
    code, out, _ = run("play", "hearts", "--house", house, "--seed", "2", "--bots", "random", input="quit\n")
    assert code == 0 and "playing the book's main rules (version 0)" in " ".join(out.split())


def test_play_house_errors(house: Path, tmp_path: Path) -> None:
    line = one_line_error(*run("play", "hearts", "--house", house, "-o", "target=50"))
    assert "--house" in line
    line = one_line_error(*run("play", "hearts", "--house", tmp_path / "none.toml"))
    assert "no house file" in line


def test_members_and_policy(house: Path) -> None:
    line = one_line_error(*run("house", "member", house, "Eve", "--by", "Barb"))
    assert "admin link" in line
    code, out, _ = run("house", "member", house, "Eve", "--by", "Kali", "--admin")
    assert code == 0 and "Eve is now a member" in out
    line = one_line_error(*run("house", "policy", house, "--by", "Kali", "--approval", "host"))
    assert "only the host" in line
    code, out, _ = run("house", "policy", house, "--by", "Brent", "--approval", "host", "--answers", "table",
                       "--no-kali")
    assert code == 0
    h = H.from_toml(house.read_text())
    assert (h.approval, h.answers, h.kali_effect, h.is_admin("Eve")) == ("host", "table", False, True)
