"""Mexican Train (rulebook 000): every clause in scripted scenarios, the book's scoring
examples, every option, refusals with their clause and reason, private draws, and whole
seeded matches."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import gamenight
from gamenight.bots.mexican_train import open_ends
from gamenight.core.tiles import Tile, double_set, parse_tile
from gamenight.engine.clauses import Clause, IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.view import View
from gamenight.games import mexican_train as mt
from gamenight.games.mexican_train import rules
from gamenight.testing import scenario

GAME = "mexican_train"


def tiles(text: str) -> list[Tile]:
    return [parse_tile(t) for t in text.split()]


# --- hands dealt by gamenight.testing, and lines of play ---------------------------------------------
ENGINE = Tile.of(12, 12)


def sizes(players: int, options: Mapping[str, Any] | None) -> list[int]:
    """Each hand after the deal. Nobody is dealt the 12-12 in these scenarios, so seat 0 (left of
    the dealer) draws it in a round of drawing and places it, and every other seat draws one
    domino in that round; with the engine held out there is no such round."""
    each = rules.tiles_each(players)
    held_out = bool(options and options.get("next_engine_held_out"))
    return [each + (seat != 0 and not held_out) for seat in range(players)]


def deal(hands: Mapping[int, str], players: int, avoid: str = "", boneyard: str = "",
         options: Mapping[str, Any] | None = None) -> tuple[dict[int, str], str]:
    """Whole hands holding the named dominoes first, made up with dominoes that carry none of
    the numbers in ``avoid`` and no 12 (so they play nowhere a test looks), and the whole
    boneyard in its order, last drawn first, with ``boneyard`` on top, drawn first to last."""
    named = [t for text in (*hands.values(), boneyard) for t in tiles(text)]
    assert ENGINE not in named and len(set(named)) == len(named), "each domino is dealt once"
    dead = {12, *(int(n) for n in avoid.split())}
    spare = [t for t in double_set(12) if t not in named and t != ENGINE and not dead & {t.high, t.low}]
    whole = {}
    for seat, size in enumerate(sizes(players, options)):
        mine = tiles(hands.get(seat, ""))
        whole[seat], spare = mine + spare[:size - len(mine)], spare[size - len(mine):]
        assert len(whole[seat]) == size, f"too few dominoes without {sorted(dead)} for seat {seat}'s hand"
    dealt = {t for hand in whole.values() for t in hand} | {ENGINE, *tiles(boneyard)}
    rest = [t for t in double_set(12) if t not in dealt]
    text = lambda ts: " ".join(map(str, ts))  # noqa: E731
    return {s: text(h) for s, h in whole.items()}, text(rest + tiles(boneyard)[::-1])


def table(hands: Mapping[int, str], *, players: int = 3, avoid: str = "", boneyard: str = "",
          moves: Sequence[tuple[int, str]] = (), options: Mapping[str, Any] | None = None) -> Match:
    """Hand 1 with these hands (see ``deal``), seat 0 to start, then ``moves``."""
    whole, pile = deal(hands, players, avoid, boneyard, options)
    return scenario(GAME, players=players, dealer=players - 1, hands=whole, zones={"boneyard": pile},
                    moves=moves, options=options)


def line(start: int, length: int, used: set[Tile]) -> list[Tile]:
    """``length`` dominoes, no doubles and none in ``used``, each matching the open end the one
    before leaves, from ``start`` (toward the number with the most dominoes still free)."""
    def free(n: int) -> int:
        return sum(1 for m in range(13) if m != n and Tile.of(n, m) not in used)

    out, end = [], start
    for _ in range(length):
        tile = max((Tile.of(end, n) for n in range(13) if n != end and Tile.of(end, n) not in used),
                   key=lambda t: (free(t.other_end(end)), -t.other_end(end)))
        used.add(tile)
        out.append(tile)
        end = tile.other_end(end)
    return out


def race(keep: Mapping[int, str], *, players: int = 3, plays: int | None = None, double_last: bool = False,
         options: Mapping[str, Any] | None = None) -> Match:
    """Hand 1 played by lines: every turn each seat lays the next domino of a line of its own on
    its own train. Seat 0's line is its whole hand (ending on a double if ``double_last``), so it
    goes out, unless ``plays`` stops it sooner (the round then goes on to seat 0's turn); the
    others keep ``keep`` (or spare dominoes)."""
    size = sizes(players, options)
    turns = plays or size[0]
    others = turns if plays else turns - 1
    used = {ENGINE, *(t for text in keep.values() for t in tiles(text))}
    lines = {0: line(12, turns - double_last, used)}
    if double_last:
        end = 12
        for t in lines[0]:
            end = t.other_end(end)
        lines[0].append(Tile.of(end, end))
        assert lines[0][-1] not in used, "the line ends where its double is taken"
    for seat in range(1, players):
        lines[seat] = line(12, others, used)
    hands = {s: " ".join(map(str, lines[s])) + " " + keep.get(s, "") for s in range(players)}
    moves = [(seat, f"play {lines[seat][i]} on {seat}") for i in range(turns) for seat in range(players)
             if i < len(lines[seat])]
    return table(hands, players=players, moves=moves, options=options)


def reach(match: Match, reached: Callable[[Match], bool], seed: int) -> Match:
    """Random legal moves until ``reached``: a situation that comes about through play alone."""
    rng = random.Random(seed)
    while not reached(match):
        assert not match.over, "the match ended first"
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


def refusal(match: Match, seat: int, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        match.apply(seat, action)
    return exc.value


def legal(match: Match, seat: int) -> set[str]:
    return {str(a) for a in match.legal_actions(seat)}


def view(match: Match, seat: int | None) -> View:
    v = match.view(seat)
    assert isinstance(v, View)
    return v


def texts(match: Match, seat: int | None) -> list[str]:
    return [e.text for e in match.events(seat)]


def last_row_notes(match: Match) -> str:
    return " | ".join(match.sheet.rows[-1].notes)


def held(match: Match, seat: int) -> int:
    """How many dominoes ``seat`` holds, as everyone sees it."""
    zone = view(match, None).zone(f"hand-{seat}")
    assert zone is not None
    return zone.hidden


def marked(match: Match) -> list[int]:
    return list(view(match, None).fact("marked"))


def boneyard_left(match: Match) -> int:
    zone = view(match, None).zone("boneyard")
    assert zone is not None
    return zone.hidden


# --- players and dominoes -------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(2, 15), (3, 15), (4, 15), (5, 11), (6, 11), (7, 8), (8, 8)])
def test_hand_sizes_follow_the_number_of_players(players: int, each: int) -> None:
    assert rules.tiles_each(players) == each
    match = gamenight.load(GAME, players=players, seed=players, options={"next_engine_held_out": True})
    assert [held(match, s) for s in range(players)] == [each] * players
    assert boneyard_left(match) == 90 - each * players


@pytest.mark.parametrize("seed", range(6))
def test_the_set_is_a_double_twelve_and_every_tile_is_somewhere(seed: int) -> None:
    match = gamenight.load(GAME, players=4, seed=seed)
    game, state = match.game, match.state
    assert len(game.all_cards(state)) == 91
    # every zone as the referee holds it: no view shows the boneyard's dominoes, and this counts them
    where = Counter(int(t) for z in game.zones(state) for t in z.pieces)
    assert where == Counter(int(t) for t in double_set(12))
    # the holder of the engine placed it: one fewer than everyone else, who all drew alike
    sizes = [held(match, s) for s in range(4)]
    holder = match.to_act()[0]
    others = {sizes[s] for s in range(4) if s != holder}
    assert len(others) == 1 and sizes[holder] == others.pop() - 1
    assert sizes[holder] + 1 >= 15


# --- starting a hand ------------------------------------------------------------------------------------
def test_the_holder_of_the_engine_places_it_and_starts() -> None:
    for seed in range(40):
        match = gamenight.load(GAME, players=4, seed=seed)
        if not any("No one has" in t for t in texts(match, None)):
            break
    else:
        pytest.fail("no seed dealt the 12-12")
    starter = match.to_act()[0]
    assert all("12-12" not in view(match, s).hand for s in range(4))
    assert view(match, None).pieces("engine") == ("12-12",)
    assert "{0} places the 12-12 in the centre and starts the play" in texts(match, None)
    other = (starter + 1) % 4
    e = refusal(match, other, str(match.legal_actions(starter)[0]))
    assert e.clause_id == rules.FIRST.id and f"seat {starter} begins the play" in e.detail


def test_nobody_holding_the_engine_means_rounds_of_drawing_everyone_draws() -> None:
    for seed in range(40):
        match = gamenight.load(GAME, players=2, seed=seed)
        public = texts(match, None)
        if any("No one has the 12-12" in t for t in public):
            break
    else:
        pytest.fail("every seed dealt the 12-12")
    rounds = sum("No one has the 12-12" in t for t in public)
    holder = match.to_act()[0]
    assert [held(match, s) for s in range(2)] == [15 + rounds - (s == holder) for s in range(2)]
    assert "{0} drew the 12-12" in public
    # each draw is private: the drawer sees the tile, the other seat only that a domino was drawn
    for seat in range(2):
        other = 1 - seat
        own = [e for e in match.events(seat) if e.text.startswith("{0} draws") and e.seats == (seat,)]
        assert own and all(e.pieces for e in own)
        theirs = [e for e in match.events(other) if e.text.startswith("{0} draws") and e.seats == (seat,)]
        assert all(e.text == "{0} draws a domino" and not e.pieces for e in theirs)


def test_each_hand_uses_the_next_lower_double_and_the_deal_passes_left() -> None:
    match = gamenight.load(GAME, players=3, seed=4)
    rng = random.Random(4)
    dealers = [view(match, None).dealer]
    while not match.over:
        seat = match.to_act()[0]
        hand = view(match, None).hand_no
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        v = view(match, None)
        if v.hand_no != hand and not match.over:
            dealers.append(v.dealer)
            assert v.fact("engine") == [str(rules.engine_for(v.hand_no))]
    labels = [r.label for r in match.sheet.rows]
    assert labels == [f"hand {k}: double {13 - k}" for k in range(1, 14)]
    assert all(rules.ROUNDS.id in r.notes[0] for r in match.sheet.rows)
    assert all((b - a) % 3 == 1 for a, b in zip(dealers, dealers[1:]))


def test_held_out_engine_the_player_who_went_out_begins() -> None:
    options = {"next_engine_held_out": True}
    match = gamenight.load(GAME, players=3, options=options, seed=2)
    starter = match.to_act()[0]
    assert starter == (view(match, None).dealer + 1) % 3, "first hand: the player left of the dealer"
    assert all("12-12" not in view(match, s).hand for s in range(3))
    e = refusal(match, (starter + 1) % 3, str(match.legal_actions(starter)[0]))
    assert e.clause_id == rules.FIRST_HELD_OUT.id
    match = race({}, options=options)  # seat 0 goes out, so seat 0 begins the next hand
    v = view(match, None)
    assert v.hand_no == 2 and v.fact("engine") == ["11-11"]
    assert match.to_act() == (0,)
    assert [held(match, s) for s in range(3)] == [15, 15, 15]
    assert all("11-11" not in view(match, s).hand for s in range(3))


# --- game play ------------------------------------------------------------------------------------------
def test_a_domino_matches_the_open_end_and_leaves_the_other_open() -> None:
    match = table({0: "12-5 5-3 9-9"}, players=2, boneyard="9-4")
    assert legal(match, 0) == {"play 12-5 on 0", "play 12-5 on mexican"}
    e = refusal(match, 0, "play 5-3 on 0")
    assert e.clause_id == rules.MATCH.id
    assert e.detail == "the 5-3 does not fit: your train begins with a 12, the centre double's number"
    match.apply(0, "play 12-5 on 0")
    assert open_ends(view(match, 1))[0] == 5
    assert view(match, 1).zone("train-0").at == ("12-5, open end",)
    assert legal(match, 1) == {"draw"}
    match.apply(1, "draw")  # seat 1 has no 12 and draws none: the turn comes back to seat 0
    e = refusal(match, 0, "play 9-9 on 0")
    assert e.clause_id == rules.MATCH.id and e.detail == "the 9-9 does not match the open 5 of your train"
    match.apply(0, "play 5-3 on 0")
    assert view(match, None).zone("train-0").at == ("12-5", "5-3, open end")
    assert open_ends(view(match, None)) == [3, 12, 12]


def test_the_open_ends_are_said_by_the_trains_alone() -> None:
    """Each train shows its open end (its last domino, marked open); no fact, seat plate or prompt
    says the number again."""
    match = table({0: "12-5 5-3 9-9"}, players=2, boneyard="9-4")
    match.apply(0, "play 12-5 on 0")
    match.apply(1, "draw")
    v = view(match, 0)
    assert v.zone("train-0").at == ("12-5, open end",)
    assert [f.name for f in v.facts if f.kind.value == "per-seat"] == []
    assert not {"open_ends", "mexican_open"} & {f.name for f in v.facts}
    assert v.prompt.text == "Play a domino on your train, the Mexican train or a marked train."


def test_the_mexican_train_begins_with_the_engine_number_and_is_open_to_all() -> None:
    match = table({0: "12-5 5-3 12-7", 1: "12-1 7-2", 2: "12-6"},
                  moves=[(0, "play 12-5 on 0"), (1, "play 12-1 on 1"), (2, "play 12-6 on 2")])
    e = refusal(match, 0, "play 5-3 on mexican")
    assert e.clause_id == rules.MEXICAN_TRAIN.id and e.detail == "the Mexican train must begin with a 12"
    match.apply(0, "play 12-7 on mexican")
    assert "{0} starts the Mexican train with the 12-7" in texts(match, 2)
    assert "play 7-2 on mexican" in legal(match, 1)
    match.apply(1, "play 7-2 on mexican")
    assert "{0} plays the 7-2 on the Mexican train" in texts(match, 0)
    assert open_ends(view(match, 2))[-1] == 2


def test_no_playing_on_another_players_train_until_it_is_marked() -> None:
    match = table({0: "12-11 5-3 11-10", 1: "12-5"}, players=2, avoid="5", boneyard="9-4",
                  moves=[(0, "play 12-11 on 0"), (1, "play 12-5 on 1")])
    e = refusal(match, 0, "play 5-3 on 1")
    assert e.clause_id == rules.OWN_TRAINS.id and e.detail == "seat 1's train is not marked"
    match.apply(0, "play 11-10 on 0")
    match.apply(1, "draw")  # seat 1 cannot play on its 5 or the Mexican 12, and draws the 9-4: marked
    assert marked(match) == [1]
    assert "play 5-3 on 1" in legal(match, 0)
    match.apply(0, "play 5-3 on 1")
    assert "{0} plays the 5-3 on {1}'s train" in texts(match, 1)
    assert view(match, 0).zone("train-1").by == (1, 0)


def test_draw_only_when_you_cannot_play_and_play_the_drawn_domino_if_it_fits() -> None:
    match = table({0: "12-5 3-2"}, players=2, boneyard="9-4 12-6")
    for move in ("draw", "pass"):
        e = refusal(match, 0, move)
        assert e.clause_id == rules.DRAW.id and "you can play (play 12-5 on 0)" in e.detail
    match = table({0: "3-2"}, players=2, boneyard="12-6 9-4")
    assert legal(match, 0) == {"draw"}
    e = refusal(match, 0, "pass")
    assert e.clause_id == rules.DRAW.id and e.detail == "you cannot play, so you draw from the boneyard"
    match.apply(0, "draw")
    assert match.to_act() == (0,)
    assert legal(match, 0) == {"play 12-6 on 0", "play 12-6 on mexican"}
    assert match.prompt(0).startswith("Play the 12-6 you drew")
    assert refusal(match, 0, "draw").clause_id == rules.DRAW.id
    match.apply(0, "play 12-6 on mexican")
    assert match.to_act() == (1,)


def test_a_drawn_domino_that_does_not_play_marks_the_train() -> None:
    match = table({0: "3-2 4-1"}, players=2, boneyard="9-4 12-6")
    match.apply(0, "draw")
    assert marked(match) == [0]
    assert match.to_act() == (1,)
    public = texts(match, 1)
    assert "{0} cannot play the domino drawn" in public and "{0} places a marker on their train" in public
    assert "{0} draws from the boneyard" in public
    assert all("9-4" not in t for t in public), "the drawn domino stays secret"
    assert "{0} draws the 9-4 from the boneyard" in texts(match, 0)
    assert view(match, 1).fact("marked") == [0]


def test_the_marker_comes_off_when_its_owner_plays_anywhere() -> None:
    match = table({0: "3-4", 1: "12-3"}, players=2, boneyard="9-1",
                  moves=[(0, "draw"), (1, "play 12-3 on mexican")])  # seat 0 drew the 9-1: marked
    assert marked(match) == [0]
    match.apply(0, "play 3-4 on mexican")
    assert marked(match) == []
    assert "{0} removes the marker from their train" in texts(match, 1)


def test_house_rule_the_marker_comes_off_only_on_the_own_train() -> None:
    options = {"marker_removed": "own-train"}
    match = table({0: "3-4 4-6", 1: "12-3 12-8"}, players=2, boneyard="9-1", options=options,
                  moves=[(0, "draw"), (1, "play 12-3 on mexican")])  # seat 0 drew the 9-1: marked
    match.apply(0, "play 3-4 on mexican")
    assert marked(match) == [0]
    match.apply(1, "play 12-8 on 1")
    match.apply(0, "play 4-6 on mexican")
    assert marked(match) == [0]
    match = table({1: "12-8"}, players=2, boneyard="9-1 12-3", options=options,
                  moves=[(0, "draw"), (1, "play 12-8 on 1"), (0, "draw")])  # the 12-3 drawn must be played
    assert marked(match) == [0]
    match.apply(0, "play 12-3 on 0")
    assert marked(match) == []


def test_with_the_boneyard_empty_a_player_who_cannot_play_passes_and_is_marked() -> None:
    def stuck(m: Match) -> bool:
        return legal(m, m.to_act()[0]) == {"pass"}

    match = reach(gamenight.load(GAME, players=2, seed=1), stuck, seed=1)
    seat = match.to_act()[0]
    assert boneyard_left(match) == 0
    e = refusal(match, seat, "draw")
    assert e.clause_id == rules.EMPTY_BONEYARD.id and e.detail.startswith("the boneyard is empty")
    assert match.prompt(seat).startswith("You cannot play and the boneyard is empty")
    hand = view(match, None).hand_no
    match.apply(seat, "pass")
    assert view(match, None).hand_no == hand, "the other seat can still play: the hand goes on"
    assert seat in marked(match) and match.to_act() == (1 - seat,)


def test_a_player_down_to_one_domino_gives_notice() -> None:
    match = race({}, players=2, plays=14)
    assert held(match, 0) == 1
    assert "{0} is down to one domino" in texts(match, 1)
    assert view(match, 1).fact("one_domino") == [0]


def test_play_passes_to_the_left() -> None:
    match = table({0: "12-3 3-6", 1: "12-9", 2: "12-1"}, moves=[(0, "play 12-3 on 0")])
    match.apply(1, "play 12-9 on 1")
    assert match.to_act() == (2,)
    e = refusal(match, 0, "play 3-6 on 0")
    assert e.clause_id == rules.PLAY_TURN.id and e.detail == "it is seat 2's turn"


# --- doubles --------------------------------------------------------------------------------------------
def first_round(seat_0: str) -> list[tuple[int, str]]:
    """Each seat starts its own train (seat 0 with ``seat_0``): no train is marked and the
    Mexican train is still to start."""
    return [(0, f"play {seat_0} on 0"), (1, "play 12-1 on 1"), (2, "play 12-2 on 2")]


def test_after_a_double_one_more_domino_anywhere() -> None:
    match = table({0: "12-11 11-11 11-5 12-10", 1: "12-1", 2: "12-2"}, avoid="11", moves=first_round("12-11"))
    match.apply(0, "play 11-11 on 0")
    assert match.to_act() == (0,), "a double is followed up by the same player"
    assert view(match, 1).fact("plays_again") == 0
    e = refusal(match, 1, "draw")
    assert e.clause_id == rules.FOLLOW_UP.id and e.detail == "seat 0 played a double and plays again first"
    assert match.prompt(0).startswith("You played a double: play another domino")
    # the follow-up need not go on the double: the Mexican train will do
    assert legal(match, 0) == {"play 11-5 on 0", "play 12-10 on mexican"}
    match.apply(0, "play 12-10 on mexican")
    assert match.to_act() == (1,)


def test_doubles_in_more_than_one_spot_still_ask_for_only_one_more_domino() -> None:
    match = table({0: "12-5 5-5 12-4 4-4 4-1", 1: "12-1", 2: "12-2"}, moves=first_round("12-5"))
    match.apply(0, "play 5-5 on 0")
    match.apply(0, "play 12-4 on mexican")
    assert match.to_act() == (1,)
    match = table({0: "12-5 5-5 4-4 4-1", 1: "12-4", 2: "12-2"},
                  moves=[(0, "play 12-5 on 0"), (1, "play 12-4 on mexican"), (2, "play 12-2 on 2")])
    match.apply(0, "play 5-5 on 0")
    match.apply(0, "play 4-4 on mexican")
    assert match.to_act() == (0,), "a double in a second spot: still one more domino to play"
    match.apply(0, "play 4-1 on mexican")
    assert match.to_act() == (1,)


def test_a_double_that_cannot_be_followed_up_means_a_draw_then_a_marker() -> None:
    match = table({0: "12-5 5-5 3-2 1-0", 1: "12-1", 2: "12-2"}, avoid="5", boneyard="7-6 11-10",
                  moves=first_round("12-5"))
    match.apply(0, "play 5-5 on 0")
    assert legal(match, 0) == {"draw"}
    match.apply(0, "draw")
    assert 0 in marked(match) and match.to_act() == (1,)
    assert not view(match, 1).has_fact("plays_again")


def test_a_player_may_go_out_with_a_double() -> None:
    match = race({1: "9-9 8-4", 2: "0-0 12-1"}, double_last=True)
    row = match.sheet.rows[0]
    assert row.points == (0, 30, 13)
    assert f"seat 0 went out, the last domino a double: 0 [{rules.OUT_ON_DOUBLE.id}]" in row.notes
    assert view(match, None).hand_no == 2


def test_house_rule_doubles_must_be_covered() -> None:
    options = {"doubles": "cover"}
    match = table({0: "12-5 5-5 12-3 3-1", 1: "12-1 5-2 12-9", 2: "12-2 6-6"}, avoid="5", options=options,
                  boneyard="11-10 10-9 9-8 8-7", moves=first_round("12-5"))
    match.apply(0, "play 5-5 on 0")
    assert view(match, 1).fact("uncovered") == ["5-5"]
    e = refusal(match, 0, "play 12-3 on mexican")
    assert e.clause_id == rules.COVER.id and e.detail == "the 5-5 on your train must be covered first"
    e = refusal(match, 1, "play 5-2 on 0")
    assert e.clause_id == rules.COVER.id and e.detail == "seat 0 must cover their double first"
    # seat 0 cannot cover: draws, cannot cover with the drawn domino either, and is marked
    assert legal(match, 0) == {"draw"}
    match.apply(0, "draw")
    assert 0 in marked(match) and match.to_act() == (1,)
    # seat 1 must cover before anything else, even though it could start the Mexican train
    assert legal(match, 1) == {"play 5-2 on 0"}
    e = refusal(match, 1, "play 12-9 on mexican")
    assert e.clause_id == rules.COVER.id and e.detail == "the 5-5 on seat 0's train must be covered first"
    assert match.prompt(1).startswith("Cover the 5-5 on seat 0's train")
    match.apply(1, "play 5-2 on 0")
    assert not view(match, 2).has_fact("uncovered") and match.to_act() == (2,)


# --- end of a hand and scoring --------------------------------------------------------------------------
def test_going_out_ends_the_hand_and_the_others_count_their_pips() -> None:
    match = race({1: "9-9 8-4", 2: "0-0 12-1"})
    row = match.sheet.rows[0]
    assert row.label == "hand 1: double 12"
    assert row.notes[0] == f"the double 12 was the engine of hand 1 of 13 [{rules.ROUNDS.id}]"
    assert row.points == (0, 30, 13)
    notes = last_row_notes(match)
    assert f"seat 0 went out: 0 [{rules.OUT.id}]" in notes
    assert f"seat 1: 2 dominoes, 30 [{rules.OUT.id}]" in notes
    assert f"seat 2 is caught with the double blank: 0 [{rules.BLANK_ZERO.id}]" in notes
    public = texts(match, 1)
    assert "{0} plays their last domino and goes out" in public
    assert "{0} counts 30 (2 dominoes left)" in public


def test_house_rule_double_blank_fifty() -> None:
    match = race({1: "9-9 8-4", 2: "0-0 12-1"}, options={"double_blank": 50})
    assert match.sheet.rows[0].points == (0, 30, 63)
    assert f"seat 2 is caught with the double blank: 50 [{rules.BLANK_FIFTY.id}]" in last_row_notes(match)


def ends_and_hands(match: Match) -> tuple[list[int], list[list[Tile]]]:
    """Every train's open end (the seats' trains, then the Mexican) and every hand, each hand
    as its holder sees it."""
    v = view(match, None)
    players = v.players
    return open_ends(v), [tiles(" ".join(view(match, s).hand)) for s in range(players)]


def after(match: Match, seat: int, move: Any) -> tuple[list[int], list[list[Tile]]]:
    """The open ends and hands once ``move`` is made, worked out before it is made."""
    ends, hands = ends_and_hands(match)
    if move.verb == "play":
        tile, _, target = move.args
        train = len(hands) if target == rules.MEXICAN else int(target)
        hands[seat].remove(tile)
        ends[train] = tile.other_end(ends[train])
    return ends, hands


def anyone_fits(ends: list[int], hands: list[list[Tile]]) -> bool:
    return any(t.high in ends or t.low in ends for hand in hands for t in hand)


def boneyard_empty(match: Match) -> bool:
    return boneyard_left(match) == 0


def test_a_blocked_hand_ends_when_the_boneyard_is_empty_and_no_one_can_play() -> None:
    match = gamenight.load(GAME, players=3, seed=5)
    rng = random.Random(5)
    while True:  # random play to the end of the first hand nobody goes out of
        assert not match.over, "every hand had someone go out"
        hand = view(match, None).hand_no
        seat = match.to_act()[0]
        move = rng.choice(match.legal_actions(seat))
        ends, hands = after(match, seat, move)
        match.apply(seat, move)
        if (match.over or view(match, None).hand_no != hand) and all(hands):
            break
    row = match.sheet.rows[-1]
    assert not anyone_fits(ends, hands), "nobody could play on"
    points = [rules.hand_points(h) for h in hands]
    assert row.points == tuple(points)
    assert f"nobody went out: the boneyard is empty and no one can play [{rules.BLOCKED.id}]" in row.notes
    for seat, h in enumerate(hands):
        count = f"{len(h)} domino{'es' if len(h) != 1 else ''}"
        assert f"seat {seat}: {count}, {points[seat]} [{rules.BLOCKED.id}]" in row.notes
    assert "The hand is blocked: the boneyard is empty and no one can play" in texts(match, 0)


def test_blocked_waits_for_a_marked_train_someone_else_can_use() -> None:
    """With the boneyard empty the hand goes on while any domino in any hand fits any train,
    even one its holder may not use until that train is marked, and is blocked once none does."""
    waited = blocked = False
    for seed in range(10):
        match = reach(gamenight.load(GAME, players=3, seed=seed), boneyard_empty, seed=seed)
        rng = random.Random(seed)
        hand = view(match, None).hand_no
        while view(match, None).hand_no == hand and not match.over:
            seat = match.to_act()[0]
            move = rng.choice(match.legal_actions(seat))
            ends, hands = after(match, seat, move)
            match.apply(seat, move)
            if view(match, None).hand_no == hand:
                assert anyone_fits(ends, hands), "the hand goes on only while someone could play"
                waited |= move.verb == "pass"  # a seat passed, yet a domino somewhere still fits
            elif all(hands):
                assert not anyone_fits(ends, hands)
                blocked = True
        if waited and blocked:
            break
    assert waited and blocked


# --- the book's scoring examples, from the pure function alone ------------------------------------------
def test_book_double_blank_counts_zero_and_fifty_if_caught() -> None:
    assert rules.hand_points(tiles("0-0")) == 0
    assert rules.hand_points(tiles("12-5 0-0")) == 17
    assert rules.hand_points(tiles("12-5 0-0"), double_blank=50) == 67
    points, notes = rules.score_hand([tiles(""), tiles("6-6 0-0"), tiles("12-12 5-4")], out=0)
    assert points == [0, 12, 33]
    assert notes == [f"seat 0 went out: 0 [{rules.OUT.id}]", f"seat 1: 2 dominoes, 12 [{rules.OUT.id}]",
                     f"seat 1 is caught with the double blank: 0 [{rules.BLANK_ZERO.id}]",
                     f"seat 2: 2 dominoes, 33 [{rules.OUT.id}]"]
    points, _ = rules.score_hand([tiles(""), tiles("6-6 0-0"), tiles("12-12 5-4")], out=0, double_blank=50)
    assert points == [0, 62, 33]


def test_low_total_wins_after_thirteen_hands() -> None:
    match = gamenight.load(GAME, players=3, seed=9)
    rng = random.Random(9)
    while not match.over:
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    assert len(match.sheet.rows) == 13
    totals = match.sheet.totals
    result = match.result()
    assert all(totals[s] == min(totals) for s in result.winners)
    assert rules.GOAL.id in last_row_notes(match)
    assert view(match, 0).phase == "over" and match.to_act() == ()
    assert any(t.startswith("{0} wins with the lowest total") for t in texts(match, None))


# --- refusals of what is not a move ---------------------------------------------------------------------
EXAMPLE = ("write the domino and the train, like 'play 12-5 on 0' for your own train (a seat's number for "
           "theirs) or 'play 12-5 on mexican'")


@pytest.mark.parametrize(("action", "reason"), [
    ("play 12-5", EXAMPLE),
    ("play 12-5 on 7", "there is no train '7': name a seat (0 to 2) or mexican"),
    ("play 12-5 on 0-0", "there is no train '0-0': name a seat (0 to 2) or mexican"),
    ("play 12-9 on 0", "you do not hold the 12-9"),
    ("play QS on 0", EXAMPLE),
    ("draw 2", "'draw' takes nothing after it"),
    ("knock", "'knock' is not a move in Mexican Train: play a domino, draw or pass"),
])
def test_refusals_name_the_rule_and_the_reason(action: str, reason: str) -> None:
    match = table({0: "12-5 5-3", 1: "1-1", 2: "2-2"})
    e = refusal(match, 0, action)
    assert e.clause_id == rules.PLAY_TURN.id
    assert e.detail == reason


def test_a_refused_move_changes_nothing() -> None:
    match = table({0: "12-5 5-3", 1: "1-1", 2: "2-2"})
    before = (len(match.log), [match.view(s, since=0) for s in (None, 0, 1, 2)], match.event_count)
    refusal(match, 0, "play 5-3 on 0")
    assert before == (len(match.log), [match.view(s, since=0) for s in (None, 0, 1, 2)], match.event_count)


# --- privacy, views and whole matches -------------------------------------------------------------------
def test_views_and_events_never_name_a_domino_hidden_from_the_viewer() -> None:
    options_list: list[dict[str, Any]] = [{}, {"doubles": "cover"}, {"next_engine_held_out": True}]
    for k, options in enumerate(options_list):
        match = gamenight.load(GAME, players=3, options=options, seed=30 + k)
        rng = random.Random(k)
        for _ in range(400):
            if match.over:
                break
            seat = match.to_act()[0]
            hand = view(match, None).hand_no
            match.apply(seat, rng.choice(match.legal_actions(seat)))
            if view(match, None).hand_no != hand:
                for viewer in range(3):
                    match.view(viewer)  # the last hand's events are public once it is scored
                continue
            views = [view(match, s) for s in range(3)]  # once each: the hand, and what the seat was shown
            hands = [set(v.hand) for v in views]
            laid = {p for z in views[0].zones if z.kind in ("train", "layout") for p in z.pieces}
            boneyard = {str(t) for t in double_set(12)} - laid - set().union(*hands)
            for viewer, v in enumerate(views):
                hidden = set().union(*(hands[s] for s in range(3) if s != viewer)) | boneyard
                shown = {e.text for e in v.events} | {p for e in v.events for p in e.pieces}
                shown |= {p for z in v.zones for p in z.pieces} | {v.prompt.text}
                named = {m for s in shown for m in re.findall(r"\d{1,2}-\d{1,2}", s)}
                named = {str(parse_tile(m)) for m in named}
                assert not named & hidden, f"viewer {viewer} sees {named & hidden}"


def test_the_view_shows_hands_as_counts_to_others() -> None:
    hands, boneyard = deal({0: "12-5 5-3", 1: "1-1", 2: "2-2 3-3"}, players=3)
    match = table({0: "12-5 5-3", 1: "1-1", 2: "2-2 3-3"})
    v = view(match, 1)
    assert v.hand == tuple(hands[1].split()) and v.hand[0] == "1-1"
    assert v.zone("hand-0").hidden == 15 and v.zone("hand-0").pieces == ()
    assert v.zone("boneyard").hidden == len(boneyard.split()) == 91 - 15 - 16 - 16 - 1
    trains = [z for z in v.zones if z.kind == "train"]
    assert [z.owner for z in trains] == [None, 0, 1, 2]
    assert {f.name for f in v.facts} >= {"hand", "engine", "marked"}


@pytest.mark.parametrize("preset", sorted(mt.SPEC.presets))
@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_whole_random_match_ends_with_a_result(preset: str, players: int) -> None:
    match = gamenight.load(GAME, players=players, preset=preset, seed=players)
    rng = random.Random(players)
    steps = 0
    while not match.over:
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
        steps += 1
        assert steps < 20_000
    assert len(match.sheet.rows) == 13
    assert sorted(s for group in match.result().ranking for s in group) == list(range(players))
    again = gamenight.restore(match.record())
    assert again.sheet.to_dict() == match.sheet.to_dict()


# --- the rules themselves -------------------------------------------------------------------------------
def test_every_clause_is_cited_by_code_or_only_describes() -> None:
    package = Path(mt.__file__).parent
    imports = r"from gamenight\.games\.mexican_train\.rules import \([^)]*\)"
    game = re.sub(imports, "", (package / "game.py").read_text())
    code = game + (package / "rules.py").read_text().split("# --- pure helpers")[1]
    names = {name: c for name, c in vars(rules).items() if isinstance(c, Clause)}
    text_only = {c.id for c in rules.TEXT_ONLY}
    assert {c.id for c in names.values()} == {c.id for c in rules.RULES}
    for name, clause in names.items():
        cited = re.search(rf"\b{name}\b", code) is not None
        assert cited != (clause.id in text_only), f"{clause.id}: cited {cited}, text only {not cited}"


def test_every_option_is_a_switch_with_its_alternate_clause_in_force() -> None:
    cases = {"next_engine_held_out": (True, rules.HELD_OUT), "double_blank": (50, rules.BLANK_FIFTY),
             "doubles": ("cover", rules.COVER), "marker_removed": ("own-train", rules.MARKER_OFF_OWN)}
    default = gamenight.load(GAME, seed=1).options
    for name, (value, clause) in cases.items():
        options = gamenight.load(GAME, seed=1, options={name: value}).options
        assert clause.in_force(options) and not clause.in_force(default)
        assert clause.is_alternate(options)
    assert {f for f in vars(default)} == set(cases)
