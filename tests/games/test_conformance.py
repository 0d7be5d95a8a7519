"""The generic conformance test: every registered game, every preset, a spread of
player counts, played as whole seeded random matches, checking DESIGN.md's
invariants at every step.

- every listed action passes ``check`` and its text round-trips through ``parse``;
- illegal actions (junk verb, wrong seat, a card the seat cannot see) raise
  ``IllegalAction`` citing a clause the game (or the engine) really has, and leave
  the state exactly as it was;
- views, events, prompts, refusals and log views are JSON-serialisable and leak no
  hidden piece of any kind (card, tile, die...);
- pieces are conserved after every action;
- replaying ``match.record()`` rebuilds the same views and score sheet;
- the match ends within a step cap and ``result()`` ranks every seat (a game random play cannot
  finish, ``Game.random_play_ends`` False, has its heuristic bot in every other seat).

New games are picked up automatically from the registry.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import re
import zlib
from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot
from gamenight.core.cards import FACES
from gamenight.core.pieces import try_parse_piece
from gamenight.engine.actions import Action
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN, IllegalAction
from gamenight.engine.game import GameSpec
from gamenight.engine.match import Match
from gamenight.engine.view import View, Zone, ZoneKind, view_data

STEP_CAP = 100_000
"""No game in the product needs more actions than this for one whole match."""
FULL_CHECK_STEPS = 300
"""Views are checked after every one of the first actions, then after early deals and every tenth action."""
SAMPLE_PER_STEP = 4
"""Listed actions checked (``check`` + text round-trip) per acting seat per step."""
ENGINE_CLAUSES = {TURN.id, UNKNOWN.id, GAME_OVER.id}

TOKEN_SPLIT = re.compile(r"[\s,;()\[\]{}\"'—]+")


CLAUSE_ID = re.compile(r"[a-z0-9_]+(\.[a-z0-9_\-]+)+")


def _player_counts(spec: GameSpec) -> list[int]:
    counts = spec.player_counts(at_most=32)
    return sorted({counts[0], spec.preferred_players, counts[-1]})


def _cases() -> list[Any]:
    cases = []
    for spec in gamenight.games():
        presets = list(spec.presets) or ["standard"]
        for preset in presets:
            counts = _player_counts(spec) if preset == "standard" else [spec.preferred_players]
            for n in counts:
                cases.append(pytest.param(spec.id, preset, n, id=f"{spec.id}-{preset}-{n}p"))
    return cases


CASES = _cases()
GAME_IDS = [spec.id for spec in gamenight.games()]


def _seed(*parts: Any) -> int:
    return zlib.crc32(":".join(map(str, parts)).encode())


# --- helpers -------------------------------------------------------------------------------------
def faces(pieces: Any) -> Counter[str]:
    """Pieces by notation (physical duplicates count twice)."""
    return Counter(str(p) for p in pieces)


def canonical(match: Match) -> bytes:
    """A byte dump of the whole state (including the RNG) to detect any change."""
    return pickle.dumps(match.state, protocol=pickle.HIGHEST_PROTOCOL)


def visible_faces(zones: list[Zone], viewer: int | None) -> set[str]:
    """Pieces (by notation) this viewer can see now (public zones and zones shown to them)."""
    seen: set[str] = set()
    for z in zones:
        if z.seen_by(viewer):
            seen.update(str(p) for p in z.pieces)
    return seen


def piece_tokens(text: str) -> set[str]:
    """Every piece of any kind named in ``text``, by notation."""
    out = set()
    for tok in TOKEN_SPLIT.split(text):
        tok = tok.strip(".:")
        piece = try_parse_piece(tok) if tok else None
        if piece is not None:
            out.add(str(piece))
    return out


class Knowledge:
    """What each viewer has legitimately seen since the last score-sheet row (the last
    deal): every face that was in a zone visible to them at some point. A card that was
    turned up and then picked up, or that you passed away, stays known; a face that is
    in a zone hidden from the viewer and was never seen by them must not appear in
    anything they are shown. A new score-sheet row (a new deal) forgets everything."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.viewers: list[int | None] = [*range(match.players), None]
        self.known: dict[int | None, set[str]] = {v: set() for v in self.viewers}
        self.secret: dict[int | None, set[str]] = {v: set() for v in self.viewers}
        self.before: dict[int | None, set[str]] = {v: set() for v in self.viewers}
        """What each viewer knew in the previous deal (events of its last actions still arrive)."""
        self.rows = len(match.sheet.rows)
        self.update()

    def update(self) -> bool:
        """Take a snapshot after an action; True when a new row (deal) began."""
        zones = self.match.game.zones(self.match.state)
        everything = {str(p) for z in zones for p in z.pieces if not z.recap}
        rows = len(self.match.sheet.rows)
        fresh = rows != self.rows
        self.rows = rows
        for v in self.viewers:
            if fresh:
                # the action that ended the deal was seen as it landed, though no snapshot shows it:
                # its own pieces and those its events showed this viewer (a tile drawn, then the
                # hand blocked; the hands laid down at the end) are known
                self.before[v] = self.known[v] | self.last_action_pieces(v)
                self.known[v] = set()
            self.known[v] |= visible_faces(zones, v)
            self.secret[v] = everything - self.known[v]
        return fresh

    def last_action_pieces(self, viewer: int | None) -> set[str]:
        match = self.match
        if not match.log:
            return set()
        out = piece_tokens(str(match.log[-1].action))
        ply = match.state.ply
        for e in reversed(match.state.events):
            if e.ply != ply:
                break
            seen = e.seen_as(viewer)
            if seen is not None:
                out |= piece_tokens(seen.text) | set(seen.pieces)
        return out

    def assert_hidden_from(self, viewer: int | None, text: str, what: str, named: str = "",
                           late: bool = False) -> None:
        """No secret piece in ``text``, except those ``named`` by the viewer themself and, for
        ``late`` news (events), those the viewer saw in the previous deal."""
        secret = self.secret[viewer] - piece_tokens(named)
        if late:
            secret -= self.before[viewer]
        if not secret:
            return
        leaked = piece_tokens(text) & secret
        if leaked:
            names = " ".join(sorted(leaked))
            at = max(0, text.find(sorted(leaked)[0]) - 200)
            pytest.fail(f"{what} for viewer {viewer} at ply {self.match.state.ply} shows piece(s) {names}, "
                        f"which that viewer has not seen: …{text[at:at + 400]}…")


def assert_conserved(match: Match) -> None:
    game, state = match.game, match.state
    held = Counter[str]()
    for z in game.zones(state):
        if not z.recap and z.kind is not ZoneKind.POT:  # a pot is an amount, not dealt pieces
            held.update(str(p) for p in z.pieces)
    expected = faces(game.all_cards(state))
    if held != expected:
        missing = expected - held
        extra = held - expected
        pytest.fail(f"pieces not conserved at ply {state.ply}: missing {sorted(missing.elements())}, "
                    f"extra {sorted(extra.elements())}")


def assert_refused(match: Match, seat: int, action: Action, before: bytes, must: bool = True,
                   knowledge: Knowledge | None = None) -> None:
    """``action`` by ``seat`` is refused with a real clause and the state is unchanged
    (``before`` is the state's canonical dump). With ``must=False`` the action may also be
    legal (combinatorial games list a subset)."""
    rules = match.spec.rules
    log_len = len(match.log)
    try:
        match.check(seat, action)
    except IllegalAction as e:
        assert e.clause_id in rules or e.clause_id in ENGINE_CLAUSES, \
            f"'{action}' refused citing unknown clause {e.clause_id!r}"
        assert e.rule, "a refusal must quote the rule"
        if knowledge is not None:
            knowledge.assert_hidden_from(seat, str(e), f"the refusal of '{action}'", named=str(action))
        with pytest.raises(IllegalAction):
            match.apply(seat, action)
        assert canonical(match) == before, f"refused '{action}' changed the state"
        assert len(match.log) == log_len
        return
    if must:
        pytest.fail(f"'{action}' by seat {seat} at ply {match.state.ply} was not refused")


def illegal_probes(match: Match, seat: int, legal: list[Action], rng: random.Random, knowledge: Knowledge) -> None:
    players = match.players
    acting = set(match.to_act())
    before = canonical(match)
    # a junk verb
    assert_refused(match, seat, Action("xyzzy", ()), before)
    assert_refused(match, seat, Action("xyzzy", (3, "nonsense")), before)
    # the wrong seat taking a listed move
    idle = [s for s in range(players) if s not in acting]
    if idle and legal:
        assert_refused(match, rng.choice(idle), rng.choice(legal), before)
    # a piece this seat cannot see (or, for cards, one not in the game at all); the refusal must
    # not reveal it
    with_pieces = [a for a in legal if a.pieces]
    if with_pieces:
        base = rng.choice(with_pieces)
        kind = type(base.pieces[0])
        zones = match.game.zones(match.state)
        seen = visible_faces(zones, seat)
        hidden = sorted({str(p): p for z in zones for p in z.pieces
                         if type(p) is kind and str(p) not in seen}.items())
        deck = {str(p) for p in match.game.all_cards(match.state)}
        outside = sorted((str(c), c) for c in FACES.values() if kind is type(c) and str(c) not in deck)
        pool = [p for _, p in hidden] or [p for _, p in outside]
        if pool:
            stranger = rng.choice(pool)
            args = tuple(stranger if type(a) is kind else a for a in base.args)
            probe = Action(base.verb, args)
            if probe not in legal:
                assert_refused(match, seat, probe, before, knowledge=knowledge)


def check_views(match: Match, knowledge: Knowledge, new_row: bool) -> None:
    """Views are JSON and show no card the viewer has not seen (the score sheet is scanned
    only when it grows: it is public and the same in every view)."""
    for viewer in knowledge.viewers:
        view = match.view(viewer)
        assert isinstance(view, View), "a view is a typed View"
        try:
            text = json.dumps(view_data(dataclasses.replace(view, events=())))
            events = json.dumps([dataclasses.astuple(e) for e in view.events])
            sheet_text = json.dumps(match.sheet.to_dict()) if new_row and knowledge.secret[viewer] else ""
        except (TypeError, ValueError) as e:
            pytest.fail(f"view for {viewer} is not JSON-serialisable: {e}")
        knowledge.assert_hidden_from(viewer, text, "view")
        knowledge.assert_hidden_from(viewer, events, "events", late=True)
        knowledge.assert_hidden_from(viewer, sheet_text, "score sheet")


def check_log(match: Match) -> None:
    """Each log entry, as a viewer sees it, names only cards that viewer had seen by
    the time of the action (a card played face up is seen as it lands; a card you
    passed was yours before). The action that ends a deal is exempt: the next deal
    follows at once, so no snapshot shows its cards."""
    logs = {v: match.log_view(v) for v in [*range(match.players), None]}
    for log in logs.values():
        json.dumps(log)
        assert len(log) == len(match.log)
    replay = Match(match.game, match.players, match.options, match.seed)
    knowledge = Knowledge(replay)
    for i, entry in enumerate(match.log):
        replay.apply(entry.seat, entry.action)
        if knowledge.update():
            continue
        for v, log in logs.items():
            knowledge.assert_hidden_from(v, log[i], f"log entry {i}")


def check_replay(match: Match) -> None:
    record = json.loads(json.dumps(match.record()))
    again = gamenight.restore(record)
    assert again.state.ply == match.state.ply
    assert again.sheet.to_dict() == match.sheet.to_dict()
    for viewer in [*range(match.players), None]:
        assert again.game.view(again.state, viewer) == match.game.view(match.state, viewer), \
            f"replayed view differs for {viewer}"
        assert again.events(viewer) == match.events(viewer), f"replayed events differ for {viewer}"
    assert again.over == match.over


# --- the playout --------------------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "preset", "players"), CASES)
def test_random_playout(game_id: str, preset: str, players: int) -> None:
    seed = _seed(game_id, preset, players)
    rng = random.Random(seed)
    match = gamenight.load(game_id, players=players, preset=preset, seed=seed)
    game = match.game
    assert_conserved(match)
    knowledge = Knowledge(match)
    check_views(match, knowledge, new_row=True)
    replay_at = rng.randrange(5, 200)
    probes_every = 7
    steps = 0
    bots = {} if game.random_play_ends else {s: make_bot(game_id) for s in range(0, players, 2)}
    while not match.over:
        assert steps < STEP_CAP, f"{game_id} did not end within {STEP_CAP} actions"
        acting = match.to_act()
        assert acting, f"nobody to act at ply {match.state.ply} but the match is not over"
        assert len(set(acting)) == len(acting) and all(0 <= s < players for s in acting)
        seat = rng.choice(acting)
        legal = match.legal_actions(seat)
        assert legal, f"seat {seat} is to act with no legal action at ply {match.state.ply}"
        assert len(set(legal)) == len(legal), "legal actions listed twice"
        sample = legal if len(legal) <= SAMPLE_PER_STEP else [legal[0], legal[-1], *rng.sample(legal, 2)]
        for a in sample:
            text = str(a)
            assert game.parse(text) == a, f"'{text}' does not parse back"
            assert str(match.parse(text)) == text
            match.check(seat, a)  # every listed action passes check
        if steps % (probes_every if steps <= FULL_CHECK_STEPS else 10 * probes_every) == 0:
            illegal_probes(match, seat, legal, rng, knowledge)
        action = bots[seat].choose(match.view(seat), legal, rng) if seat in bots else rng.choice(legal)
        match.apply(seat, action)
        steps += 1
        assert_conserved(match)
        new_row = knowledge.update()
        if steps <= FULL_CHECK_STEPS or steps % 10 == 0 or (new_row and knowledge.rows <= 30):
            check_views(match, knowledge, new_row)
        if steps == replay_at:
            check_replay(match)
            check_log(match)
    # the end
    assert match.to_act() == ()
    assert match.sheet.rows, "a finished match has at least one score-sheet row"
    for row in match.sheet.rows:
        assert 0 < row.ply <= match.state.ply
    result = match.result()
    ranked = [s for group in result.ranking for s in group]
    assert sorted(ranked) == list(range(players)), "the ranking must place every seat once"
    assert set(result.winners) == set(result.ranking[0])
    check_replay(match)
    check_views(match, knowledge, new_row=True)
    check_log(match)
    after = canonical(match)
    legal_seat = 0
    with pytest.raises(IllegalAction) as exc:
        match.apply(legal_seat, Action("pass", ()))
    assert exc.value.clause_id in ENGINE_CLAUSES | set(c.id for c in match.spec.rules)
    assert canonical(match) == after


# --- records and options ---------------------------------------------------------------------
def _short_match(game_id: str, steps: int = 6) -> Match:
    match = gamenight.load(game_id, seed=11)
    rng = random.Random(11)
    for _ in range(steps):
        if match.over:
            break
        seat = rng.choice(match.to_act())
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    return match


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_corrupt_records_are_refused(game_id: str) -> None:
    match = _short_match(game_id)
    good = match.record()
    again = gamenight.restore(good)
    assert again.game.view(again.state, None) == match.game.view(match.state, None)
    bad_game = dict(good, game="no_such_game")
    bad_option = dict(good, options={**good["options"], "no_such_option": 1})
    bad_version = dict(good, rules_version="0-not-a-version")
    bad_line = dict(good, log=[*good["log"], [0, "xyzzy QS"]])
    bad_syntax = dict(good, log=[*good["log"], [0, "play ???"]])
    missing = {k: v for k, v in good.items() if k != "seed"}
    for record in (bad_game, bad_option, bad_version, bad_line, bad_syntax, missing, {}):
        with pytest.raises(gamenight.MatchRecordError):
            gamenight.restore(record)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_unknown_option_names_the_key(game_id: str) -> None:
    with pytest.raises(gamenight.OptionError) as exc:
        gamenight.load(game_id, options={"no_such_house_rule": True}, seed=1)
    assert exc.value.key == "no_such_house_rule"
    assert "no_such_house_rule" in str(exc.value)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_presets_and_defaults(game_id: str) -> None:
    spec = gamenight.get_game(game_id).spec
    assert "standard" in spec.presets and not spec.presets["standard"], "every game has an empty 'standard' preset"
    default = gamenight.load(game_id, seed=1).options
    names = {f.name for f in dataclasses.fields(default)}
    for clause in spec.rules:
        assert CLAUSE_ID.fullmatch(clause.id), f"clause id {clause.id!r} is not like game.section.name"
        assert clause.option is None or clause.option in names, f"{clause.id} depends on unknown option"
        assert clause.render(default).strip()
        assert clause.section.strip()
    for values in spec.presets.values():
        chosen = gamenight.load(game_id, options=dict(values), seed=1).options
        for clause in spec.rules.in_force(chosen):
            assert "{" not in clause.render(chosen), f"{clause.id} has an unfilled placeholder"
