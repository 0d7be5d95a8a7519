"""`gamenight compare`: rule sets named on the command line or taken from a house file."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamenight.cli.app import app

runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def header(folder: Path) -> list[str]:
    with (folder / "table.csv").open() as f:
        return next(csv.reader(f))


def test_compare_options_side_by_side_and_write_the_folder(tmp_path: Path) -> None:
    code, out, err = run("compare", "ten_thousand", "--rules", "target=2000", "--rules", "target=2000,equal_turns=true",
                         "--games", "3", "--players", "3", "--jobs", "2", "--out", tmp_path / "tt")
    assert code == 0, out + err
    assert "3 matches under each rule set" in out and "win rate, seat 2" in out and "score spread" in out
    assert header(tmp_path / "tt") == ["metric", "target=2000", "target=2000 low", "target=2000 high",
                                       "target=2000,equal_turns=true", "target=2000,equal_turns=true low",
                                       "target=2000,equal_turns=true high"]
    assert (tmp_path / "tt" / "report.html").exists()


def test_compare_two_versions_of_a_house_s_rules(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    assert run("house", "new", "The Metzkers", "--file", house, "--host", "Brent")[0] == 0
    assert run("house", "set", house, "hearts", "--by", "Brent", "-o", "target=30")[0] == 0
    assert run("house", "set", house, "hearts", "--by", "Brent", "-o", "target=30", "--preset", "classic")[0] == 0
    code, out, err = run("compare", "hearts", "--house", house, "--games", "2", "--jobs", "1",
                         "--out", tmp_path / "h")
    assert code == 0, out + err
    assert header(tmp_path / "h")[1::3] == ["version 1", "version 2"]
    code, out, err = run("compare", "hearts", "--house", house, "--version", "0", "--version", "2",
                         "--rules", "target=30", "--games", "1", "--jobs", "1", "--out", tmp_path / "h0")
    assert code == 0, out + err
    assert header(tmp_path / "h0")[1::3] == ["target=30", "version 0", "version 2"]


@pytest.mark.parametrize(("args", "says"), [
    (("--rules", "book"), "two or more rule sets"),
    (("--rules", "book", "--rules", "target=lots"), "target"),
    (("--rules", "book", "--rules", "preset=nope"), "no preset 'nope'"),
    (("--rules", "book", "--rules", "target"), "NAME=VALUE"),
    (("--rules", "book", "--rules", "book"), "name of its own"),
    (("--rules", "book", "--version", "1"), "--house"),
    (("--rules", "book", "--rules", "target=50", "--bots", "smart"), "unknown bots"),
])
def test_bad_rule_sets_are_refused_in_one_line(args: tuple[str, ...], says: str, tmp_path: Path) -> None:
    code, out, err = run("compare", "hearts", *args, "--games", "1", "--jobs", "1", "--out", tmp_path / "x")
    assert code == 2, out + err
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and says in lines[0], err
    assert not (tmp_path / "x").exists()
