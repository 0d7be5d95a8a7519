"""The generic conformance test: every registered game, every preset, a spread of
player counts, played as whole seeded random matches, checking DESIGN.md's
invariants at every step.

- every listed action passes ``check`` and its text round-trips through ``parse``;
- illegal actions (junk verb, wrong seat, a card the seat cannot see) raise
  ``IllegalAction`` citing a clause the game (or the engine) really has, and leave
  the state exactly as it was;
- views (and log views, and the events of each action) are JSON-serialisable and leak no
  hidden card;
- cards are conserved after every action;
- replaying ``match.record()`` rebuilds the same views and score sheet;
- the match ends within a step cap and ``result()`` ranks every seat.

New games are picked up automatically from the registry.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import json
import pickle
import pkgutil
import random
import re
import types
import zlib
from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight import families
from gamenight.core.cards import FACES, Card, parse_card
from gamenight.engine.actions import Action, parse_action
from gamenight.engine.clauses import GAME_OVER, TURN, UNKNOWN, Clause, IllegalAction
from gamenight.engine.game import GameSpec
from gamenight.engine.match import Match
from gamenight.engine.view import Prompt, View, Zone, view_data

STEP_CAP = 100_000
"""No game in the product needs more actions than this for one whole match."""
FULL_CHECK_STEPS = 300
"""Views are checked after every one of the first actions, then after early deals and every tenth action."""
SAMPLE_PER_STEP = 4
"""Listed actions checked (``check`` + text round-trip) per acting seat per step."""
ENGINE_CLAUSES = {TURN.id, UNKNOWN.id, GAME_OVER.id}

CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[CDHS](?![A-Za-z0-9])|(?<![A-Za-z0-9])JK(?![A-Za-z0-9])"
                        r"|(?<![A-Za-z0-9])(?:1[0-3]|[1-9])[RYGBP](?![A-Za-z0-9])")


CLAUSE_ID = re.compile(r"[a-z0-9_]+(\.[a-z0-9_\-]+)+")


def _player_counts(spec: GameSpec) -> list[int]:
    counts = sorted(spec.players)
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
def faces(cards: Any) -> Counter[int]:
    return Counter(int(c) for c in cards)


def canonical(match: Match) -> bytes:
    """A byte dump of the whole state (including the RNG) to detect any change."""
    return pickle.dumps(match.state, protocol=pickle.HIGHEST_PROTOCOL)


def visible_faces(zones: list[Zone], viewer: int | None) -> set[int]:
    """Faces this viewer can see now (public zones and zones shown to them)."""
    seen: set[int] = set()
    for z in zones:
        if z.visible_to is None or (viewer is not None and viewer in z.visible_to):
            seen.update(int(c) for c in z.cards)
    return seen


def card_tokens(text: str) -> set[int]:
    return {int(parse_card(t)) for t in CARD_TOKEN.findall(text)}


class Knowledge:
    """What each viewer has legitimately seen since the last score-sheet row (the last
    deal): every face that was in a zone visible to them at some point. A card that was
    turned up and then picked up, or that you passed away, stays known; a face that is
    in a zone hidden from the viewer and was never seen by them must not appear in
    anything they are shown. A new score-sheet row (a new deal) forgets everything."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.viewers: list[int | None] = [*range(match.players), None]
        self.known: dict[int | None, set[int]] = {v: set() for v in self.viewers}
        self.secret: dict[int | None, set[int]] = {v: set() for v in self.viewers}
        self.rows = len(match.sheet.rows)
        self.update()

    def update(self) -> bool:
        """Take a snapshot after an action; True when a new row (deal) began."""
        zones = self.match.game.zones(self.match.state)
        everything = {int(c) for z in zones for c in z.cards}
        rows = len(self.match.sheet.rows)
        fresh = rows != self.rows
        self.rows = rows
        for v in self.viewers:
            if fresh:
                self.known[v] = set()
            self.known[v] |= visible_faces(zones, v)
            self.secret[v] = everything - self.known[v]
        return fresh

    def assert_hidden_from(self, viewer: int | None, text: str, what: str) -> None:
        secret = self.secret[viewer]
        if not secret:
            return
        leaked = card_tokens(text) & secret
        if leaked:
            names = " ".join(str(Card(c)) for c in sorted(leaked))
            pytest.fail(f"{what} for viewer {viewer} at ply {self.match.state.ply} shows card(s) {names}, "
                        f"which that viewer has not seen: {text[:400]}")


def assert_conserved(match: Match) -> None:
    game, state = match.game, match.state
    held = Counter[int]()
    for z in game.zones(state):
        held.update(int(c) for c in z.cards)
    expected = faces(game.all_cards(state))
    if held != expected:
        missing = expected - held
        extra = held - expected
        pytest.fail(f"cards not conserved at ply {state.ply}: missing {sorted(map(Card, missing))}, "
                    f"extra {sorted(map(Card, extra))}")


def assert_refused(match: Match, seat: int, action: Action, before: bytes, must: bool = True) -> None:
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
        with pytest.raises(IllegalAction):
            match.apply(seat, action)
        assert canonical(match) == before, f"refused '{action}' changed the state"
        assert len(match.log) == log_len
        return
    if must:
        pytest.fail(f"'{action}' by seat {seat} at ply {match.state.ply} was not refused")


def illegal_probes(match: Match, seat: int, legal: list[Action], rng: random.Random) -> None:
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
    # a card this seat cannot see (or one not in the game at all)
    with_cards = [a for a in legal if a.cards]
    if with_cards:
        zones = match.game.zones(match.state)
        seen = visible_faces(zones, seat)
        deck = {int(c) for c in match.game.all_cards(match.state)}
        pool = sorted({int(c) for z in zones for c in z.cards} - seen) or sorted(set(FACES) - seen - deck)
        if pool:
            base = rng.choice(with_cards)
            stranger = Card(rng.choice(pool))
            args = tuple(stranger if isinstance(a, Card) else a for a in base.args)
            probe = Action(base.verb, args)
            if probe not in legal:
                assert_refused(match, seat, probe, before)


def check_views(match: Match, knowledge: Knowledge, new_row: bool) -> None:
    """Views are JSON and show no card the viewer has not seen (the score sheet is scanned
    only when it grows: it is public and the same in every view). A typed view's events are
    left to ``check_events``, which sees them one action at a time."""
    for viewer in knowledge.viewers:
        view = match.view(viewer)
        if isinstance(view, View):
            data = view_data(view)
            data.pop("events")
        else:
            assert isinstance(view, dict)
            data = view
        try:
            sheet = data.pop("sheet", None)
            text = json.dumps(data)
            sheet_text = json.dumps(sheet) if new_row and knowledge.secret[viewer] else ""
        except (TypeError, ValueError) as e:
            pytest.fail(f"view for {viewer} is not JSON-serialisable: {e}")
        knowledge.assert_hidden_from(viewer, text, "view")
        knowledge.assert_hidden_from(viewer, sheet_text, "score sheet")
        prompt = match.prompt(viewer) if viewer is not None else ""
        if isinstance(prompt, Prompt):
            prompt = prompt.text
        assert isinstance(prompt, str)
        knowledge.assert_hidden_from(viewer, prompt, "prompt")


def check_events(match: Match, knowledge: Knowledge, start: int, new_row: bool) -> None:
    """The events of the last action (from event number ``start``) show each viewer no card
    it has not seen. Like the log, the action that ends a deal is exempt: its summary shows
    the hand just over, whose cards are already back in a new deal."""
    if new_row:
        return
    for viewer in knowledge.viewers:
        for event in match.events(viewer, start):
            knowledge.assert_hidden_from(viewer, json.dumps([event.text, event.pieces]), "event")


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
        assert again.view(viewer, since=0) == match.view(viewer, since=0), f"replayed view differs for {viewer}"
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
            assert parse_action(text) == a or game.parse(text) == a, f"'{text}' does not parse back"
            assert str(match.parse(text)) == text
            match.check(seat, a)  # every listed action passes check
        if steps % (probes_every if steps <= FULL_CHECK_STEPS else 10 * probes_every) == 0:
            illegal_probes(match, seat, legal, rng)
        action = rng.choice(legal)
        first_event = match.event_count
        match.apply(seat, action)
        steps += 1
        assert_conserved(match)
        new_row = knowledge.update()
        check_events(match, knowledge, first_event, new_row)
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
    assert gamenight.restore(good).view(None) == match.view(None)
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


# --- clauses: each cited by code or marked as text only ----------------------------------------
_LISTS = {"RULES", "TEXT_ONLY", "SHARED_CLAUSES"}


def _cited_in(module: types.ModuleType) -> list[Clause]:
    """The clauses ``module``'s code refers to: names and ``module.NAME`` attributes bound to a
    ``Clause``, outside the clauses' own definitions and the lists that gather them."""
    cited: list[Clause] = []
    for node in ast.parse(inspect.getsource(module)).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = {t.id for t in targets if isinstance(t, ast.Name)}
            if named & _LISTS or isinstance(getattr(module, next(iter(named), ""), None), Clause):
                continue
        for sub in ast.walk(node):
            value: Any = None
            if isinstance(sub, ast.Name):
                value = getattr(module, sub.id, None)
            elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name):
                owner = getattr(module, sub.value.id, None)
                value = getattr(owner, sub.attr, None) if isinstance(owner, types.ModuleType) else None
            if isinstance(value, Clause):
                cited.append(value)
    return cited


def _game_modules(game_id: str) -> list[types.ModuleType]:
    """The game's module, or every module of its package."""
    name = type(gamenight.get_game(game_id)).__module__
    top = importlib.import_module(name.rsplit(".", 1)[0] if name.count(".") > 2 else name)
    mods = [top]
    if hasattr(top, "__path__"):
        mods += [importlib.import_module(f"{top.__name__}.{m.name}") for m in pkgutil.iter_modules(top.__path__)]
    return mods


def _family_cited() -> list[Clause]:
    out: list[Clause] = []
    for m in pkgutil.iter_modules(families.__path__):
        out += _cited_in(importlib.import_module(f"gamenight.families.{m.name}"))
    return out


CONVERTED = [g for g in GAME_IDS if any(hasattr(m, "TEXT_ONLY") for m in _game_modules(g))]


@pytest.mark.parametrize("game_id", CONVERTED)
def test_every_clause_is_cited_or_text_only(game_id: str) -> None:
    """DESIGN.md: a game's clauses are each cited by code (its own or its family's) or listed
    in the game's ``TEXT_ONLY``; a clause is not both."""
    mods = _game_modules(game_id)
    cited = {id(c) for c in _family_cited()} | {id(c) for m in mods for c in _cited_in(m)}
    text_only = {id(c) for m in mods for c in getattr(m, "TEXT_ONLY", ())}
    for clause in gamenight.get_game(game_id).spec.rules:
        assert id(clause) in cited or id(clause) in text_only, f"{clause.id} is neither cited nor text only"
        assert not (id(clause) in cited and id(clause) in text_only), f"{clause.id} is cited and text only"


FOLLOW_SUIT_WORDS = re.compile(r"follow(s|ing)? (the )?suit", re.IGNORECASE)


@pytest.mark.parametrize("game_id", [g for g in CONVERTED if gamenight.get_game(g).spec.family == "tricks"])
def test_following_suit_is_printed_once(game_id: str) -> None:
    """A trick game says "follow suit" once: the family's clause or its own wording, never both."""
    saying = [c.id for c in gamenight.get_game(game_id).spec.rules if FOLLOW_SUIT_WORDS.search(c.text)]
    assert len(saying) == 1, f"{game_id} tells you to follow suit in {saying}"


@pytest.mark.parametrize("game_id", [g for g in CONVERTED if gamenight.get_game(g).spec.family == "tricks"])
def test_the_cards_listed_are_the_play_cascades(game_id: str) -> None:
    """The trick family lists playable cards by a fast path; it must be what ``play_cascade`` keeps."""
    from gamenight.engine.legality import narrow
    for players in _player_counts(gamenight.get_game(game_id).spec):
        match = gamenight.load(game_id, players=players, seed=_seed(game_id, players))
        game, state = match.game, match.state
        rng = random.Random(players)
        for _ in range(400):
            if match.over:
                break
            seat = rng.choice(match.to_act())
            legal = match.legal_actions(seat)
            if state.phase == "play":
                cascade = sorted(set(narrow(game.play_cascade(state, seat))))  # type: ignore[attr-defined]
                assert sorted({a.args[0] for a in legal}) == cascade
            match.apply(seat, rng.choice(legal))
