"""The engine's promises every game relies on: card notation, decks, options,
clauses, match records and replay, the registry."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamenight
from gamenight.core.cards import (
    FACES,
    JOKER,
    Card,
    CardSyntaxError,
    card_text,
    cards,
    euchre_deck,
    parse_card,
    pinochle_deck,
    piquet_deck,
    rumski_deck,
    standard_deck,
)
from gamenight.engine import options as opts
from gamenight.engine.actions import Action, ActionSyntaxError, did_you_mean, parse_action, understand
from gamenight.engine.clauses import Clause, IllegalAction, Rules
from gamenight.engine.events import fill
from gamenight.engine.options import OptionError, option
from gamenight.engine.registry import UnknownGame
from gamenight.engine.scoresheet import with_names

ALL_FACES = sorted(FACES.values())


# --- cards ----------------------------------------------------------------------------------
@given(st.sampled_from(ALL_FACES))
def test_every_face_round_trips_through_its_text(card: Card) -> None:
    text = card_text(card)
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert str(parse_card(text)) == text


@given(st.lists(st.sampled_from(ALL_FACES), min_size=1, max_size=8),
       st.sampled_from(["play", "pass", "meld", "discard"]))
def test_actions_with_cards_round_trip(hand: list[Card], verb: str) -> None:
    action = Action(verb, tuple(hand))
    assert parse_action(str(action)) == action
    assert str(parse_action(str(action))) == str(action)


@given(st.integers(min_value=-1000, max_value=10**6), st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True))
def test_actions_with_numbers_and_words_round_trip(n: int, word: str) -> None:
    action = Action("bid", (n, word))
    parsed = parse_action(str(action))
    if parsed.args[1] != word:  # a word that happens to read as a card, e.g. "as"
        assert parsed.args[1] == parse_card(word)
    else:
        assert parsed == action


def test_ten_and_t_are_the_same_rank() -> None:
    assert parse_card("10H") == parse_card("TH") == cards("10H")[0]
    assert card_text(parse_card("TH")) == "10H"


@pytest.mark.parametrize("bad", ["", "1S", "11H", "AX", "ZZ", "10", "QQ", "14R"])
def test_bad_card_text_is_refused(bad: str) -> None:
    with pytest.raises(CardSyntaxError):
        parse_card(bad)


@pytest.mark.parametrize("bad", ["", "   ", "Play", "play ???", "9lives QS", "play " + "QS " * 80])
def test_bad_action_text_is_refused(bad: str) -> None:
    if bad == "Play":  # verbs are case-insensitive
        assert parse_action(bad) == Action("play")
        return
    with pytest.raises(ActionSyntaxError):
        parse_action(bad)


def test_a_typed_move_may_be_short_and_in_any_case() -> None:
    legal = [parse_action(t) for t in ("play QS", "play 10H", "pass 2C 3C 4C", "draw stock")]
    assert understand("Play qs", legal) == legal[0]
    assert understand("10h", legal) == legal[1]  # a bare card names the one move that uses it
    assert understand("2c 3c 4C", legal) == legal[2]
    assert understand("stock", legal) == legal[3]
    plays = legal[:2]
    assert understand("js", plays) == parse_action("play JS")  # the only verb, then ``check`` judges it
    with pytest.raises(ActionSyntaxError):
        understand("q$", legal)


def test_did_you_mean_offers_only_listed_moves() -> None:
    legal = [parse_action(t) for t in ("play QS", "play 10H", "knock", "gin")]
    assert did_you_mean("plya QS", legal) == "play QS"
    assert did_you_mean("plya AS", legal) in ("play QS", "play 10H")  # never the unlisted AS
    assert did_you_mean("nock", legal) == "knock"
    assert did_you_mean("xyzzy", legal) is None
    assert did_you_mean("knock", []) is None


def test_sheet_words_name_the_players() -> None:
    names = ["Ann", "Bea", "Cy", "Dee"]
    assert with_names("seat 1 knocked with 5; seat 0 counted 9", names, you=0) == "Bea knocked with 5; you counted 9"
    assert with_names("seats 0 & 2", names) == "Ann & Cy"
    assert with_names("Seat 3: 4 points", names, you=3) == "You: 4 points"
    assert with_names("game 1 won by seat 12", names) == "game 1 won by seat 12"  # no such seat: as written


def test_card_properties() -> None:
    qs = parse_card("QS")
    assert (qs.rank, qs.suit, qs.is_red, qs.is_joker) == (12, 3, False, False)
    assert parse_card("AH").rank == 14 and parse_card("AH").is_red
    assert JOKER.is_joker and card_text(JOKER) == "JK"
    assert qs.symbol() == "Q♠"


# --- decks ---------------------------------------------------------------------------------------
def test_standard_deck() -> None:
    deck = standard_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert Counter(c.suit for c in deck) == {0: 13, 1: 13, 2: 13, 3: 13}


def test_jokers() -> None:
    deck = standard_deck(copies=2, jokers=2)
    assert len(deck) == 108
    jokers = [c for c in deck if c.is_joker]
    assert len(jokers) == 4 and len({id(j) for j in jokers}) == 4 and all(j == JOKER for j in jokers)


def test_euchre_and_piquet_decks() -> None:
    assert sorted({c.rank for c in euchre_deck()}) == [9, 10, 11, 12, 13, 14] and len(euchre_deck()) == 24
    assert sorted({c.rank for c in piquet_deck()}) == list(range(7, 15)) and len(piquet_deck()) == 32


def test_pinochle_copies_are_distinct_objects_that_compare_equal() -> None:
    deck = pinochle_deck()
    assert len(deck) == 80
    counts = Counter(int(c) for c in deck)
    assert len(counts) == 20 and set(counts.values()) == {4}
    aces = [c for c in deck if card_text(c) == "AS"]
    assert len(aces) == 4 and len({id(a) for a in aces}) == 4
    assert aces[0] == aces[3] and hash(aces[0]) == hash(aces[3])
    hand = [aces[1]]
    assert parse_card("AS") in hand and hand.index(parse_card("AS")) == 0


def test_rumski_deck() -> None:
    deck = rumski_deck()
    assert len(deck) == 70
    assert sum(1 for c in deck if card_text(c) == "W") == 5
    assert {card_text(c)[-1] for c in deck if card_text(c) != "W"} == set("RYGBP")
    for c in deck:
        assert parse_card(card_text(c)) == c


# --- options ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class DemoOptions:
    target: int = option(100, "Play to {value}.", minimum=10, maximum=1000)
    jokers: bool = option(False, "Jokers are wild: {value}.")
    deal: str = option("left", "Pass {value}.", choices=("left", "right"))


def test_options_coerce_text() -> None:
    built = opts.build(DemoOptions, {"target": " 250 ", "jokers": "yes", "deal": "right"})
    assert built == DemoOptions(target=250, jokers=True, deal="right")
    assert opts.build(DemoOptions, {"jokers": "off"}).jokers is False
    assert opts.changed(built) == {"target": 250, "jokers": True, "deal": "right"}
    assert opts.changed(DemoOptions()) == {}
    assert opts.build(DemoOptions, {"target": 50}).target == 50


@pytest.mark.parametrize(("values", "key"), [
    ({"target": "lots"}, "target"), ({"target": 5}, "target"), ({"target": 5000}, "target"),
    ({"target": True}, "target"), ({"jokers": "maybe"}, "jokers"), ({"deal": "across"}, "deal"),
    ({"deal": 3}, "deal"), ({"colour": "red"}, "colour"),
])
def test_bad_options_name_the_key(values: dict[str, object], key: str) -> None:
    with pytest.raises(OptionError) as exc:
        opts.build(DemoOptions, values)
    assert exc.value.key == key and key in str(exc.value)


def test_option_sentence_and_describe() -> None:
    info = {i.name: i for i in opts.describe(DemoOptions)}
    assert info["target"].default == 100 and info["target"].kind is int
    assert info["target"].sentence(50) == "Play to 50."
    assert info["deal"].choices == ("left", "right")


# --- clauses ---------------------------------------------------------------------------------
def test_clause_render_and_alternate_marking() -> None:
    c = Clause("demo.end", "The game ends at {target} points.", "Scoring", option="target")
    assert c.render(DemoOptions()) == "The game ends at 100 points."
    assert c.render(DemoOptions(target=50)) == "The game ends at 50 points."
    assert not c.is_alternate(DemoOptions()) and c.is_alternate(DemoOptions(target=50))
    wild = Clause("demo.wild", "Jokers are wild.", option="jokers", when=lambda o: o.jokers)
    assert not wild.in_force(DemoOptions()) and wild.in_force(DemoOptions(jokers=True))
    four = Clause("demo.four", "Four players deal 12.", players=lambda n: n == 4)
    assert four.in_force(DemoOptions(), 4) and not four.in_force(DemoOptions(), 3)
    assert four.in_force(DemoOptions())  # no player count: every clause that could apply
    rules = Rules([c, wild, four])
    assert [x.id for x in rules.in_force(DemoOptions(jokers=True), 3)] == ["demo.end", "demo.wild"]
    with pytest.raises(ValueError):
        Rules([c, c])


def test_illegal_action_quotes_the_rendered_rule() -> None:
    c = Clause("demo.end", "The game ends at {target} points.", "Scoring", option="target")
    e = IllegalAction(c, "too late", DemoOptions(target=70))
    assert e.clause_id == "demo.end" and e.rule == "The game ends at 70 points."
    assert "demo.end" in str(e) and "too late" in str(e)


# --- matches, records, replay ---------------------------------------------------------------------
def _play(match: gamenight.Match, steps: int) -> None:
    for _ in range(steps):
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[-1])


def test_record_replays_to_the_same_match() -> None:
    match = gamenight.load("hearts", players=4, seed=5, options={"target": 30})
    _play(match, 40)
    record = json.loads(match.to_json())
    assert record["game"] == "hearts" and record["options"]["target"] == 30 and len(record["log"]) == 40
    again = gamenight.restore(record)
    for seat in (0, 1, 2, 3, None):
        assert again.view(seat) == match.view(seat)
    assert again.log_view(0) == match.log_view(0)
    _play(again, 5)
    _play(match, 5)
    assert again.view(None) == match.view(None)


def test_same_seed_same_deal_and_different_seed_differs() -> None:
    a = gamenight.load("hearts", seed=1)
    b = gamenight.load("hearts", seed=1)
    c = gamenight.load("hearts", seed=2)
    assert a.view(0) == b.view(0)
    assert [a.view(s).hand for s in range(4)] != [c.view(s).hand for s in range(4)]


def test_refused_action_leaves_match_unchanged() -> None:
    match = gamenight.load("hearts", seed=3)
    seat = match.to_act()[0]
    other = (seat + 1) % 4 if (seat + 1) % 4 not in match.to_act() else None
    before = match.record()
    with pytest.raises(IllegalAction) as exc:
        match.apply(seat, "play QS QH")
    assert exc.value.clause_id
    if other is not None:
        with pytest.raises(IllegalAction):
            match.apply(other, match.legal_actions(seat)[0])
    assert match.record() == before


@pytest.mark.parametrize("change", [
    {"game": "nope"}, {"rules_version": "999"}, {"options": {"target": "lots"}}, {"options": {"bogus": 1}},
    {"log": [[0, "play"]]}, {"log": [["x", "pass 2C"]]}, {"log": "garbage"}, {"players": 99}, {"seed": "abc"},
])
def test_corrupt_records_raise_match_record_error(change: dict[str, object]) -> None:
    record = gamenight.load("hearts", seed=1).record() | change
    with pytest.raises(gamenight.MatchRecordError):
        gamenight.restore(record)


def test_registry() -> None:
    ids = [s.id for s in gamenight.games()]
    assert "hearts" in ids and ids == sorted(ids)
    assert gamenight.get_game("hearts").spec.title == "Hearts"
    with pytest.raises(UnknownGame) as exc:
        gamenight.get_game("snap")
    assert "snap" in str(exc.value) and "hearts" in str(exc.value)
    with pytest.raises(UnknownGame):
        gamenight.load("snap")
    with pytest.raises(OptionError) as oe:
        gamenight.load("hearts", preset="no-such-preset")
    assert "no-such-preset" in str(oe.value)
    with pytest.raises(ValueError):
        gamenight.load("hearts", players=2)
    classic = gamenight.load("hearts", preset="classic", options={"target": 60}, seed=1).options
    assert classic.points_on_first_trick is False and classic.target == 60


def test_a_view_carries_the_tables_rules_for_bots_but_its_json_leaves_them_to_the_rules_panel() -> None:
    from gamenight.engine.view import view_data
    view = gamenight.load("hearts", options={"target": 50}, seed=1).view(0)
    assert view.options.target == 50
    assert "options" not in view_data(view)


def test_score_notes_keep_their_words_and_their_clause_apart() -> None:
    m = gamenight.load("hearts", seed=2)
    while not m.sheet.rows:
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    notes = m.sheet.rows[0].notes
    kitty = next(n for n in notes if n.clause == "hearts.kitty")
    assert kitty.text.startswith("the kitty went to seat") and "[" not in kitty.text
    data = m.sheet.to_dict()["rows"][0]["notes"]
    assert {"text": kitty.text, "clause": "hearts.kitty"} in data
    assert all(set(n) <= {"text", "clause"} for n in data)
@pytest.mark.parametrize("game_id", ["gin_rummy", "thirty_one", "euchre", "pinochle", "mexican_train"])
def test_games_name_their_moves_in_words(game_id: str) -> None:
    import random
    match = gamenight.load(game_id, seed=5)
    rng = random.Random(5)
    named = 0
    for _ in range(120):
        if match.over:
            break
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        words = match.move_words(seat, legal)
        assert set(words) <= {str(a) for a in legal}
        for text in words.values():
            assert text[:1].isupper() and "_" not in text and "'" not in text.split(" ")[0]
        named += len(words)
        match.apply(seat, rng.choice(legal))
    assert named
    assert gamenight.load("hearts", seed=1).move_words(0, []) == {}  # a game that names nothing: the verb and pieces


@pytest.mark.parametrize(("template", "seats", "said"), [
    ("{0} keeps their hand", (0,), "You keep your hand"),
    ("{0} keeps their hand", (1,), "Bea keeps their hand"),
    ("{0} throws in the hand: {0} and {1} lose their bid of 50; {2} and {3} add their meld", (0, 2, 1, 3),
     "You throw in the hand: You and Cy lose your bid of 50; Bea and Dee add their meld"),
])
def test_the_viewer_is_you_and_their_things_are_yours(template: str, seats: tuple[int, ...], said: str) -> None:
    assert fill(template, seats, ["Ann", "Bea", "Cy", "Dee"], 0) == said


def test_a_note_citing_several_clauses_links_each_stretch_of_words_to_its_own_rule() -> None:
    from gamenight.engine.scoresheet import Note, NotePart
    note = Note("seat 1 meld 6: marriage in clubs 2 [pinochle.meld.marriage], pinochle 4 [pinochle.meld.pinochle]"
                ", and more")
    assert note.parts == (NotePart("seat 1 meld 6: marriage in clubs 2", "pinochle.meld.marriage"),
                          NotePart(", pinochle 4", "pinochle.meld.pinochle"), NotePart(", and more", None))
    assert note.text == "seat 1 meld 6: marriage in clubs 2, pinochle 4, and more" and "[" not in note.text
    assert note.clauses == ("pinochle.meld.marriage", "pinochle.meld.pinochle")
    assert note.data() == {"text": note.text, "parts": [
        {"text": "seat 1 meld 6: marriage in clubs 2", "clause": "pinochle.meld.marriage"},
        {"text": ", pinochle 4", "clause": "pinochle.meld.pinochle"}, {"text": ", and more"}]}
    assert Note("the kitty went to seat 2 [hearts.kitty]").data() == {"text": "the kitty went to seat 2",
                                                                       "clause": "hearts.kitty"}


@pytest.mark.parametrize("game_id", ["gin_rummy", "pinochle", "whist_with_tens"])
def test_score_notes_show_no_rule_id_among_their_words_and_cite_each_rule_after_words(game_id: str) -> None:
    import random
    import re

    from gamenight.sim.simulate import pick_at_random, play_match
    spec = gamenight.get_game(game_id).spec
    match, _ = play_match(game_id, spec.preferred_players, None, 3, [pick_at_random] * spec.preferred_players,
                          random.Random(3))
    notes = [n for row in match.sheet.to_dict()["rows"] for n in row["notes"]]
    parts = [p for n in notes for p in n.get("parts", [n])]
    assert any("parts" in n for n in notes)
    assert not [p["text"] for p in parts if "[" in p["text"]]
    assert not [p for p in parts if p.get("clause") and not re.search(r"\w", p["text"])]
