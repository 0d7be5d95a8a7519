"""The terminal app, driven the way a person (or a script piping input) uses it."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight.cli.app import app, hand_groups
from gamenight.testing import scenario

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def test_list_shows_every_game() -> None:
    code, out, _ = run("list")
    assert code == 0
    for spec in gamenight.games():
        assert spec.id in out
    assert "classic" in out and "3–7" in out and "000" in out


def test_rules_with_preset_and_option_mark_the_house_rules() -> None:
    code, out, _ = run("rules", "hearts", "--preset", "classic", "--option", "target=50", "--players", "4")
    assert code == 0
    line = next(x for x in out.splitlines() if "No heart and not the queen of spades" in x)
    assert "[house rule]" in line
    assert "played to 50 points" in out
    assert "target = 50" in out.split("Options in effect")[1]
    assert "two players to the left" not in out  # a 5+ player clause


def test_rules_formats() -> None:
    code, out, _ = run("rules", "hearts", "--format", "html", "-o", "points_on_first_trick=false")
    assert code == 0 and out.startswith("<section") and '<mark class="alternate">' in out
    code, out, _ = run("rules", "hearts", "--format", "markdown")
    assert code == 0 and out.startswith("# Hearts")


@pytest.mark.parametrize("args", [
    ("rules", "snap"), ("play", "snap"), ("simulate", "snap", "--games", "1"),
    ("rules", "hearts", "--option", "colour=red"), ("rules", "hearts", "--option", "target"),
    ("rules", "hearts", "--option", "target=lots"), ("rules", "hearts", "--preset", "nope"),
    ("play", "hearts", "--players", "9"), ("play", "hearts", "--seat", "4"), ("play", "hearts", "--bots", "smart"),
    ("simulate", "hearts", "--games", "2", "--bots", "smart"), ("rules", "hearts", "--format", "pdf"),
])
def test_bad_input_is_a_one_line_error_with_exit_code_2(args: tuple[str, ...]) -> None:
    code, out, err = run(*args)
    assert code == 2, (code, out, err)
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), err
    assert "Traceback" not in out + err


def test_play_a_whole_game_answering_1() -> None:
    code, out, _ = run("play", "hearts", "--seed", "4", "--bots", "random", "-o", "target=40",
                       input="1\n" * 3000)
    assert code == 0, out[-2000:]
    assert "your hand" in out and "Choose three cards to pass" in out
    assert out.count("Score sheet") >= 2  # shown between hands and at the end
    assert "hearts.kitty" in out  # score-sheet notes cite clauses
    assert "Game over. Winner" in out
    match = gamenight.load("hearts", seed=4, options={"target": 40})
    assert "--seed 4" in out and match.players == 4


def test_refused_moves_are_explained_with_the_clause() -> None:
    code, out, _ = run("play", "hearts", "--seed", "2", "--bots", "random",
                       input="pass 2C 3C\nflurb\n9999\nquit\n")
    assert code == 0
    assert "Refused" in out and "[hearts.pass]" in out and "passes them face down" in out
    assert "Not understood" in out or "[engine.legal]" in out
    assert "no move number 9999" in out
    assert "Bye." in out


def test_playing_a_card_you_do_not_hold_quotes_the_rule() -> None:
    seed = 6
    match = gamenight.load("hearts", seed=seed, options={"pass_count": 0})
    hand = set(match.view(0).hand)
    stranger = next(c for c in ("AS", "KS", "QS", "AH", "KH", "2C", "3C") if c not in hand)
    code, out, _ = run("play", "hearts", "--seed", str(seed), "-o", "pass_count=0", "--bots", "random",
                       input=f"play {stranger.lower()}\n{stranger}\nquit\n")
    assert code == 0
    assert out.count("[tricks.from-hand]") == 2  # the move text and the card alone, any case
    assert "You may only play a card you hold." in out


def test_commands_during_play() -> None:
    code, out, _ = run("play", "hearts", "--seed", "8", "--bots", "random", "-o", "pass_count=0",
                       input="help\nrules\nsheet\nmoves\n1\nlog\nquit\n")
    assert code == 0
    assert "Commands:" in out
    assert "HEARTS" in out and "(hearts.lead.hearts-broken)" in out
    assert "Score sheet" in out
    assert out.count("Bot 1 plays 2♣") == 2  # told as it happened, with the name, then again by 'log'


def test_input_ending_is_a_clean_exit() -> None:
    code, out, _ = run("play", "hearts", "--seed", "1", input="")
    assert code == 0 and "Bye." in out


def test_simulate_prints_a_summary() -> None:
    code, out, _ = run("simulate", "hearts", "--games", "4", "--seed", "3", "--bots", "mixed", "-o", "target=30")
    assert code == 0, out
    assert "4 of 4 matches" in out and "win rate" in out and "stdev" in out
    assert "heuristic" in out and "random" in out
    assert "average length" in out


def test_a_mistyped_move_gets_did_you_mean() -> None:
    code, out, _ = run("play", "hearts", "--seed", "8", "--bots", "random", "-o", "pass_count=0",
                       input="plya 4c\nquit\n")
    assert code == 0
    assert "Did you mean 'play 4♣'?" in out


def test_a_pass_is_chosen_by_letters_not_from_220_combinations() -> None:
    code, out, _ = run("play", "hearts", "--seed", "3", "--bots", "random", input="a b c\nquit\n")
    assert code == 0
    assert "Type the letters of three cards" in out and "(a suggestion)" in out
    assert "220" not in out and " 30. pass" not in out
    assert "You pass 3♣ 5♣ 9♣ to Bot 1" in out


def test_the_end_of_a_hand_is_summed_up_with_names() -> None:
    code, out, _ = run("play", "hearts", "--seed", "4", "--bots", "random", "-o", "target=40",
                       input="1\n" * 80)
    assert code == 0
    summary = out.split("End of the hand", 1)[1]
    assert "Points this hand:" in summary
    assert "the kitty went to" in summary and "seat 0" not in summary.split("Score sheet")[1].split("\n>")[0]
    head = summary.split("Score sheet", 1)[1].splitlines()[:4]
    assert any("You" in line and "Bot 1" in line for line in head)  # names head the columns


def test_a_euchre_hand_is_shown_as_held_the_left_bower_among_the_trumps() -> None:
    m = scenario("euchre", dealer=3, hands={1: "9H JD AS JH AH"}, zones={"upcard": "QD"},
                 options={"no_ace_no_face": "off"})
    v = m.view(1)
    [hand] = [z for z in v.zones if z.name == "hand" and z.owner == 1]
    assert hand_groups(hand.pieces, v, hand.held) == ([["AS"], ["AH", "JH", "9H"], ["JD"]], None)
    for seat in (0, 1, 2, 3, 0):
        m.apply(seat, "pass")
    m.apply(1, m.game.parse("call hearts"))
    v = m.view(1)
    [hand] = [z for z in v.zones if z.name == "hand" and z.owner == 1]
    assert hand_groups(hand.pieces, v, hand.held) == ([["JH", "JD", "AH", "9H"], ["AS"]], None)


def test_the_high_bid_and_its_bidder_are_one_line() -> None:
    """'Bid 45 — Bot 2', TABLE.md's own example: one fact, not a bid and a bidder apart."""
    code, out, _ = run("play", "pinochle", "--seed", "3", "--bots", "random", input="1\n" * 2)
    assert code == 0
    assert re.search(r"│ Bid +\d+ — (You|Bot \d) ", out) and "Bidder" not in out and "High bid" not in out


def test_the_sheet_cites_each_stretch_of_a_note_dimly_after_its_own_words() -> None:
    from gamenight.cli.app import _note_text
    from gamenight.engine.scoresheet import Note
    note = Note("seat 0 meld 6: marriage in clubs 2 [pinochle.meld.marriage], pinochle 4 [pinochle.meld.pinochle]")
    text = _note_text(note.data(), lambda words: words.replace("seat 0", "Ann"))
    assert text.plain == "Ann meld 6: marriage in clubs 2 [pinochle.meld.marriage], pinochle 4 [pinochle.meld.pinochle]"
    dim = [text.plain[s.start:s.end] for s in text.spans if s.style == "dim"]
    assert dim == [" [pinochle.meld.marriage]", " [pinochle.meld.pinochle]"]
