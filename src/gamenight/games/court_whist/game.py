"""Court Whist's play: the tables, the deal, the tricks, the score sheet and moving
between tables after each game.

Every table plays at once, so a seat's view shows its own table: its hands, its trick
and its dealer (``zones_for``), and the events of its own table."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gamenight.core.cards import SUIT_NAMES, Card, card_text, code
from gamenight.engine.actions import Action
from gamenight.engine.clauses import UNKNOWN, IllegalAction
from gamenight.engine.events import emit
from gamenight.engine.game import Teams
from gamenight.engine.legality import Step, narrow, refuse
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet, team_name
from gamenight.engine.view import Fact, FactKind, Prompt, Zone, ZoneKind, fact, flag, per_seat
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState
from gamenight.games.court_whist.rules import (
    CARD_ORDER_TRUMPS,
    CHIVALRY,
    CONFISCATION,
    CONFISCATION_CARD,
    CONSPIRACY,
    CONSPIRACY_CARD,
    CORONATION,
    CORONATION_CARD,
    COUNT,
    DEAL_CUT,
    DECK,
    DECLARE,
    FIXED_PARTNERS,
    GAME_CLAUSES,
    GAME_NAMES,
    HANDS_PER_GAME,
    KING,
    POSSIBLE,
    PROGRESSION,
    PROGRESSION_CONSPIRACY,
    PROGRESSION_MIXED,
    PROGRESSION_TIE,
    REVOLUTION,
    SCORING,
    SETS,
    SIT_OUT,
    SIT_OUT_RETURN,
    SPEAK,
    SPEAK_FORFEIT,
    SPEC,
    TRUMP,
    Pairing,
    cut_order,
    hand_scores,
    hand_trump,
    pairings,
    parse_ladies,
    sit_outs,
)

DECLARES = [DECLARE[s] for s in CARD_ORDER_TRUMPS]


class Phase(StrEnum):
    """A table's phase (the view shows the phase of the viewer's table)."""

    DECLARE = "declaring trump"
    PLAY = "play"
    DONE = "waiting for the other tables"
    OVER = "over"


@dataclass
class Table:
    """One table's four players and the hand in progress there."""

    number: int
    chairs: list[int]
    """The four seats clockwise around the table; partners sit opposite."""
    teams: Pairing
    dealer: int = 0
    leader: int = 0
    turn: int = 0
    phase: Phase = Phase.PLAY
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last_trick: list[tuple[int, Card]] = field(default_factory=list)
    trump: int | None = None
    declarer: int | None = None
    turn_up: Card | None = None
    hand_in_game: int = 0
    cut_note: str = ""
    results: list[dict[int, int]] = field(default_factory=list)
    """This game's hands so far: each seat's points."""
    notes: list[list[str]] = field(default_factory=list)

    def next_chair(self, seat: int) -> int:
        return self.chairs[(self.chairs.index(seat) + 1) % 4]

    def partner(self, seat: int) -> int:
        return self.chairs[(self.chairs.index(seat) + 2) % 4]


@dataclass
class CourtState(TrickState):
    game_no: int = 1
    ladies: frozenset[int] = frozenset()
    sitting_out: list[int] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    spoke: list[int] = field(default_factory=list)
    partnered: dict[tuple[int, int], int] = field(default_factory=dict)
    """How many games each pair of seats has played as partners."""
    last_partners: set[tuple[int, int]] = field(default_factory=set)
    rows_in_game: int = 0


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _king(game_hand: int) -> Card:
    """The king whose holder names trump in Coronation's hand ``game_hand`` (1..4)."""
    return Card(code(KING, CARD_ORDER_TRUMPS[game_hand - 1]))


def _king_words(game_hand: int) -> str:
    """That king in words (naming a card is not showing it: views and events never print hidden cards)."""
    return f"the king of {SUIT_NAMES[CARD_ORDER_TRUMPS[game_hand - 1]]}"


def _of_them(n: int) -> str:
    return "one of them" if n == 1 else f"{n} of them"


@register
class CourtWhist(TrickGame[CourtState]):
    spec = SPEC
    one_deck = True

    def setup(self, players: int, options: Any, rng: random.Random) -> CourtState:
        state = CourtState(players=players, options=options, rng=rng,
                           sheet=ScoreSheet.per_seat(players),
                           ladies=parse_ladies(options.ladies, players))
        state.deck = list(DECK) * (players // 4)
        state.hands = [[] for _ in range(players)]
        state.taken = [[] for _ in range(players)]
        state.tricks_won = [0] * players
        state.spoke = [0] * players
        state.sitting_out = sit_outs(1, players)
        active = [s for s in range(players) if s not in state.sitting_out]
        self._start_game(state, self._first_groups(state, active))
        return state

    # --- seating -------------------------------------------------------------------------------------------
    def _first_groups(self, state: CourtState, active: list[int]) -> list[list[int]]:
        """Tables drawn at random, two ladies and two men at each as far as the room allows."""
        rng = state.rng
        ladies = [s for s in active if s in state.ladies]
        men = [s for s in active if s not in state.ladies]
        rng.shuffle(ladies)
        rng.shuffle(men)
        groups = []
        for _ in range(len(active) // 4):
            group = [ladies.pop() for _ in range(min(2, len(ladies)))]
            group += [men.pop() for _ in range(min(4 - len(group), len(men)))]
            group += [ladies.pop() for _ in range(4 - len(group))]
            groups.append(sorted(group))
        return groups

    def _choose_teams(self, state: CourtState, group: list[int]) -> Pairing:
        choices = pairings(group, state.ladies)
        if not state.partnered:
            return choices[state.rng.randrange(len(choices))]

        def key(p: Pairing) -> tuple[int, int]:
            pairs = [_pair(*t) for t in p]
            return (sum(x in state.last_partners for x in pairs), sum(state.partnered.get(x, 0) for x in pairs))

        return min(choices, key=key)

    def _start_game(self, state: CourtState, groups: list[list[int]] | list[Pairing]) -> None:
        state.tables = []
        state.rows_in_game = 0
        g = state.game_no
        for s in state.sitting_out:
            emit(state, f"{{0}} sits out {GAME_NAMES[g]} and scores {state.options.sit_out_score} a hand", s,
                 kind="seating")
        for i, group in enumerate(groups):
            if isinstance(group[0], tuple):
                teams: Pairing = group  # type: ignore[assignment]
            else:
                teams = self._choose_teams(state, group)  # type: ignore[arg-type]
            (x1, x2), (y1, y2) = teams
            table = Table(number=i + 1, chairs=[x1, y1, x2, y2], teams=teams)
            order = cut_order(state.rng, table.chairs)
            table.dealer = order[0]
            table.cut_note = f"seat {order[0]} cut high and deals first [{DEAL_CUT.id}]"
            state.tables.append(table)
            for t in teams:
                state.partnered[_pair(*t)] = state.partnered.get(_pair(*t), 0) + 1
            where = f"table {table.number}: " if len(groups) > 1 else ""
            if g == CONSPIRACY:
                emit(state, f"{GAME_NAMES[g]}, {where}{{0}}, {{1}}, {{2}} and {{3}}, each for themselves",
                     x1, y1, x2, y2, kind="seating")
            else:
                emit(state, f"{GAME_NAMES[g]}, {where}{{0}} and {{1}} against {{2}} and {{3}}", x1, x2, y1, y2,
                     kind="seating")
        state.last_partners = {_pair(*t) for table in state.tables for t in table.teams}
        state.active = [s not in state.sitting_out for s in range(state.players)]
        state.dealer = state.tables[0].dealer
        for table in state.tables:
            self._deal(state, table)

    def _deal(self, state: CourtState, table: Table) -> None:
        table.hand_in_game += 1
        state.hand_no += 1
        deck = [Card(int(c)) for c in DECK]  # each table has its own physical deck
        state.rng.shuffle(deck)
        for s in table.chairs:
            state.hands[s] = []
            state.taken[s] = []
            state.tricks_won[s] = 0
            state.spoke[s] = 0
        seat = table.dealer
        for c in deck:
            seat = table.next_chair(seat)
            state.hands[seat].append(c)
        # the last card dealt went to the dealer
        for s in table.chairs:
            state.hands[s].sort()
        g = state.game_no
        table.turn_up = deck[-1] if g == CONSPIRACY else None
        table.trick = []
        table.last_trick = []
        table.declarer = None
        table.leader = table.turn = table.next_chair(table.dealer)
        to = table.chairs
        if g == CORONATION:
            king = _king(table.hand_in_game)
            table.declarer = next(s for s in table.chairs if king in state.hands[s])
            table.trump = None
            table.phase = Phase.DECLARE
            emit(state, f"{{0}} deals; {{1}} holds {_king_words(table.hand_in_game)} and names trump",
                 table.dealer, table.declarer, kind="deal", to=to)
            return
        table.phase = Phase.PLAY
        if table.turn_up is not None:
            table.trump = table.turn_up >> 4
            emit(state, f"{{0}} deals and turns up {card_text(table.turn_up)}: {SUIT_NAMES[table.trump]} are "
                 "trump", table.dealer, pieces=(table.turn_up,), kind="deal", to=to)
            return
        table.trump = hand_trump(g, table.hand_in_game)
        trump = f"{SUIT_NAMES[table.trump]} are trump" if table.trump is not None else "no trump"
        emit(state, f"{{0}} deals: {trump}", table.dealer, kind="deal", to=to)

    def table_of(self, state: CourtState, seat: int | None) -> Table | None:
        for table in state.tables:
            if seat in table.chairs:
                return table
        return None

    def _shown(self, state: CourtState, seat: int | None) -> Table:
        """The table ``seat`` looks at: its own, or the first for spectators and sit-outs."""
        return self.table_of(state, seat) or state.tables[0]

    # --- the contract ----------------------------------------------------------------------------------------
    def to_act(self, state: CourtState) -> tuple[int, ...]:
        if state.over:
            return ()
        out = []
        for t in state.tables:
            if t.phase == Phase.DECLARE and t.declarer is not None:
                out.append(t.declarer)
            elif t.phase == Phase.PLAY:
                out.append(t.turn)
        return tuple(out)

    def play_cascade(self, state: CourtState, seat: int) -> Iterator[Step[Card]]:
        """The family's rules on the card ``seat`` may play, at the seat's own table."""
        hand = state.hands[seat]
        yield Step(hand, tricks.PLAY_FROM_HAND, "you do not hold {move}")
        table = self.table_of(state, seat)
        if table is None or not table.trick:
            return
        led = table.trick[0][1] >> 4
        same = [c for c in hand if c >> 4 == led]
        if same and len(same) < len(hand):
            yield Step(same, tricks.FOLLOW_SUIT, f"{SUIT_NAMES[led]} were led and you hold {_of_them(len(same))}")

    def declare_cascade(self, table: Table) -> Iterator[Step[Action]]:
        king = _king_words(table.hand_in_game)

        def why(move: Action) -> str:
            if move.verb == "play":
                return f"trump is not named yet: the holder of {king} names it before the first card"
            return "name the trump suit: clubs, diamonds, hearts or spades"

        yield Step(DECLARES, TRUMP, why)

    def speak_cascade(self, state: CourtState) -> Iterator[Step[Action]]:
        allowed = [SPEAK] if state.game_no == CONFISCATION else []
        yield Step(allowed, CONFISCATION_CARD, f"speaking costs points only in {GAME_NAMES[CONFISCATION]}")
        yield Step(allowed if state.options.speaking else [], CONFISCATION_CARD,
                   "this table keeps its own count of who spoke (the house turned owning up off)")

    def legal_actions(self, state: CourtState, seat: int) -> list[Action]:
        table = self.table_of(state, seat)
        if state.over or table is None:
            return []
        if table.phase == Phase.DECLARE:
            return list(narrow(self.declare_cascade(table))) if seat == table.declarer else []
        if table.phase != Phase.PLAY or seat != table.turn:
            return []
        acts = [tricks.PLAY[c] for c in self.playable(state, seat)]
        acts += narrow(self.speak_cascade(state))
        return acts

    def refusal(self, state: CourtState, seat: int, action: Action) -> None:
        table = self.table_of(state, seat)
        assert table is not None  # only seats at a table are to act
        if table.phase == Phase.DECLARE:
            refuse(self.declare_cascade(table), action, state.options, UNKNOWN)
        elif action.verb == "speak":
            refuse(self.speak_cascade(state), action, state.options, UNKNOWN)
        else:
            super().refusal(state, seat, action)

    def off_turn(self, state: CourtState, seat: int, action: Action) -> None:
        if state.over:
            return
        if seat in state.sitting_out:
            raise IllegalAction(SIT_OUT, f"you sit out {GAME_NAMES[state.game_no]}", state.options)
        table = self.table_of(state, seat)
        if table is None:
            return
        if table.phase == Phase.DONE:
            raise IllegalAction(SETS, "your table has played its 4 hands: the next game starts when every table "
                                "has played theirs", state.options)
        if table.phase == Phase.DECLARE:
            raise IllegalAction(CORONATION_CARD, f"the holder of {_king_words(table.hand_in_game)} names trump "
                                "first", state.options)

    def _apply(self, state: CourtState, seat: int, action: Action) -> None:
        table = self.table_of(state, seat)
        assert table is not None
        to = table.chairs
        if table.phase == Phase.DECLARE:
            table.trump = tricks.SUIT_WORDS.index(str(action.args[0]))
            table.phase = Phase.PLAY
            emit(state, f"{{0}} names {SUIT_NAMES[table.trump]} trump", seat, kind="declare", to=to)
            return
        if action.verb == "speak":
            state.spoke[seat] += 1
            emit(state, f"{{0}} owns up to speaking and forfeits {SPEAK_FORFEIT}", seat, kind="speak", to=to)
            return
        hand = state.hands[seat]
        card = hand.pop(hand.index(action.args[0]))
        trick = table.trick
        trick.append((seat, card))
        emit(state, "{0} plays " + card_text(card), seat, pieces=(card,), kind="play", to=to)
        if len(trick) < 4:
            table.turn = table.next_chair(seat)
            return
        suit, power = tricks.standard_tables(table.trump)
        winner = tricks.trick_winner(trick, suit, power, table.trump)
        best = next(c for s, c in trick if s == winner)
        state.taken[winner].extend([c for _, c in trick])
        state.tricks_won[winner] += 1
        emit(state, "{0} takes the trick with " + card_text(best), winner, pieces=(best,), kind="trick", to=to)
        table.last_trick = trick
        table.trick = []
        table.leader = table.turn = winner
        if not state.hands[winner]:
            self._end_table_hand(state, table)

    # --- scoring ------------------------------------------------------------------------------------------------
    def _end_table_hand(self, state: CourtState, table: Table) -> None:
        g = state.game_no
        team_of = {s: t for t, team in enumerate(table.teams) for s in team}
        scores = hand_scores(g, team_of, table.teams, state.tricks_won, state.taken, state.ladies)
        where = f"table {table.number}: " if len(state.tables) > 1 else ""
        notes = []
        if table.hand_in_game == 1 and table.cut_note:
            notes.append(where + table.cut_note)
        to = table.chairs
        if g != CONSPIRACY:
            for team in table.teams:
                took = sum(state.tricks_won[s] for s in team)
                notes.append(f"{where}{team_name(team)} took {took} tricks and score {scores[team[0]]} [{COUNT.id}]")
                emit(state, f"{{0}} and {{1}} took {took} tricks and score {scores[team[0]]}", *team,
                     kind="summary", to=to)
        else:
            notes.append(f"{where}each player scores their own tricks [{CONSPIRACY_CARD.id}]")
            emit(state, "Tricks: " + ", ".join(f"{{{i}}} {state.tricks_won[s]}" for i, s in enumerate(table.chairs)),
                 *table.chairs, kind="summary", to=to)
        for s in table.chairs:
            if state.spoke[s]:
                lost = SPEAK_FORFEIT * state.spoke[s]
                scores[s] -= lost
                notes.append(f"seat {s} spoke {state.spoke[s]} time(s) and forfeits {lost} [{CONFISCATION_CARD.id}]")
                emit(state, f"{{0}} spoke and forfeits {lost}", s, kind="summary", to=to)
        table.results.append(scores)
        table.notes.append(notes)
        if table.hand_in_game < HANDS_PER_GAME:
            table.dealer = table.next_chair(table.dealer)
            self._deal(state, table)
        else:
            table.phase = Phase.DONE
        self._write_rows(state)

    def _write_rows(self, state: CourtState) -> None:
        """One score-sheet row per hand of the score card, once every table has played it."""
        g = state.game_no
        while all(len(t.results) > state.rows_in_game for t in state.tables):
            k = state.rows_in_game
            pts = [0] * state.players
            notes = [f"{GAME_NAMES[g]} [{GAME_CLAUSES[g].id}]"]
            for t in state.tables:
                for s, p in t.results[k].items():
                    pts[s] = p
                notes += t.notes[k]
            for s in state.sitting_out:
                pts[s] = state.options.sit_out_score
                notes.append(f"seat {s} sits out and scores {state.options.sit_out_score} [{SIT_OUT.id}]")
            state.rows_in_game += 1
            last = state.rows_in_game == HANDS_PER_GAME
            groups: list[list[int]] | list[Pairing] = []
            if last and g < len(GAME_NAMES):
                groups = self._progress(state, notes)
            state.sheet.add(f"game {g} {GAME_NAMES[g]}, hand {k + 1}", tuple(pts), state.ply + 1, notes)
            if last:
                if g == len(GAME_NAMES):
                    state.over = True
                    state.phase = Phase.OVER
                    for t in state.tables:
                        t.phase = Phase.OVER
                else:
                    state.game_no += 1
                    self._start_game(state, groups)
                return

    # --- moving between tables -------------------------------------------------------------------------------
    def _movers(self, state: CourtState, table: Table, totals: dict[int, int], notes: list[str]) -> list[int]:
        """The two players who leave ``table``: [counter-clockwise mover, clockwise mover]."""
        ladies = state.ladies
        where = f"table {table.number}"
        if state.game_no == CONSPIRACY:
            movers = []
            for sex in ([s for s in table.chairs if s not in ladies], [s for s in table.chairs if s in ladies]):
                if sex:
                    best = max(totals[s] for s in sex)
                    top = [s for s in sex if totals[s] == best]
                    movers.append(top[0] if len(top) == 1 else cut_order(state.rng, top)[0])
            if len(movers) < 2:
                rest = sorted((s for s in table.chairs if s not in movers), key=lambda s: -totals[s])
                movers.append(rest[0])
            notes.append(f"{where}: seats {movers[0]} and {movers[1]} scored highest and move "
                         f"[{PROGRESSION_CONSPIRACY.id}]")
        else:
            a, b = (sum(totals[s] for s in team) for team in table.teams)
            if a != b:
                movers = list(table.teams[0] if a > b else table.teams[1])
                movers.sort(key=lambda s: -totals[s])
                notes.append(f"{where}: seats {movers[0]} & {movers[1]} won the set, {max(a, b)} to {min(a, b)}, "
                             f"and move [{PROGRESSION.id}]")
            else:
                order = cut_order(state.rng, list(table.chairs))
                men = [s for s in order if s not in ladies]
                wom = [s for s in order if s in ladies]
                movers = [men[0], wom[0]] if men and wom else order[:2]
                notes.append(f"{where}: tied at {a}; after a cut seats {movers[0]} and {movers[1]} move "
                             f"[{PROGRESSION_TIE.id}]")
        man = [s for s in movers if s not in ladies]
        lady = [s for s in movers if s in ladies]
        if len(man) == 1 and len(lady) == 1:
            return [man[0], lady[0]]
        notes.append(f"{where}: seat {movers[0]} moves counter-clockwise, seat {movers[1]} clockwise "
                     f"[{PROGRESSION_MIXED.id}]")
        return movers

    def _progress(self, state: CourtState, notes: list[str]) -> list[list[int]] | list[Pairing]:
        """Where everyone sits for the next game; adds the moves to ``notes``."""
        tables = state.tables
        n = len(tables)
        totals = {s: sum(r[s] for r in t.results) for t in tables for s in t.chairs}
        fixed = state.options.partners == "fixed"
        groups: list[list[int]]
        if fixed:
            pairs: list[list[tuple[int, int]]] = [list(t.teams) for t in tables]
            if n > 1:
                winners = []
                for t in tables:
                    a, b = (sum(totals[s] for s in team) for team in t.teams)
                    if a == b:
                        top = cut_order(state.rng, list(t.chairs))[0]
                        w = 0 if top in t.teams[0] else 1
                    else:
                        w = 0 if a > b else 1
                    winners.append(w)
                    notes.append(f"table {t.number}: seats {t.teams[w][0]} & {t.teams[w][1]} move to table "
                                 f"{t.number % n + 1} [{FIXED_PARTNERS.id}]")
                pairs = [[tables[i].teams[1 - winners[i]], tables[i - 1].teams[winners[i - 1]]] for i in range(n)]
            groups = [[*p[0], *p[1]] for p in pairs]
        else:
            if n > 1:
                moves = [self._movers(state, t, totals, notes) for t in tables]
                groups = []
                for i, t in enumerate(tables):
                    stay = [s for s in t.chairs if s not in moves[i]]
                    groups.append([*stay, moves[(i + 1) % n][0], moves[i - 1][1]])
            else:
                groups = [list(tables[0].chairs)]
        # sit-outs: the next game's sit-outs leave their chairs to the players coming back
        nxt = sit_outs(state.game_no + 1, state.players)
        back = [s for s in state.sitting_out if s not in nxt]
        for g in groups:
            for i, s in enumerate(g):
                if s in nxt:
                    same = [b for b in back if (b in state.ladies) == (s in state.ladies)]
                    pick = (same or back)[0]
                    back.remove(pick)
                    g[i] = pick
                    notes.append(f"seat {pick} comes back in place of seat {s} [{SIT_OUT_RETURN.id}]")
        state.sitting_out = nxt
        if fixed:
            return [((g[0], g[1]), (g[2], g[3])) for g in groups]
        return groups

    # --- what players see ------------------------------------------------------------------------------------
    def phase(self, state: CourtState) -> object:
        """The phase of the first table still playing (every table's own is in its seats' prompts)."""
        if state.over:
            return Phase.OVER
        return next((t.phase for t in state.tables if t.phase != Phase.DONE), Phase.DONE)

    def dealer(self, state: CourtState) -> int | None:
        """The dealer, with one table; with several each table's is a fact of its own view."""
        return state.tables[0].dealer if len(state.tables) == 1 else None

    def teams(self, state: CourtState) -> Teams | None:
        """This game's partnerships at every table (none in Conspiracy: each plays for themselves)."""
        if state.game_no == CONSPIRACY or not state.tables:
            return None
        return tuple(tuple(team) for table in state.tables for team in table.teams)

    def seating(self, state: CourtState, seat: int | None) -> tuple[int, ...] | None:
        """The chairs of the table ``seat`` looks at, clockwise: partners opposite."""
        return tuple(self._shown(state, seat).chairs) if state.tables else None

    def facts(self, state: CourtState, seat: int | None) -> list[Fact]:
        g = state.game_no
        t = self._shown(state, seat)
        low, high = POSSIBLE[g]
        possible = f"{low}" if low == high else f"{low} to {high}"
        facts = [fact("game", "Game", FactKind.TEXT, f"{GAME_NAMES[g]} (game {g} of {len(GAME_NAMES)}), hand "
                      f"{t.hand_in_game} of {HANDS_PER_GAME}"),
                 fact("scoring", "Scoring", FactKind.TEXT, f"{SCORING[g]} (possible {possible} a hand)")]
        if len(state.tables) > 1:
            facts += [fact("table", "Table", FactKind.NUMBER, t.number),
                      fact("dealer", "Dealer", FactKind.SEAT, t.dealer)]
        if t.trump is not None:
            facts.append(fact("trump", "Trump", FactKind.SUIT, tricks.SUIT_WORDS[t.trump]))
        elif g == REVOLUTION:
            facts.append(flag("no-trump", "No trump", True))
        if t.phase == Phase.DECLARE and t.declarer is not None:
            facts.append(fact("declarer", f"Names trump (holds {_king_words(t.hand_in_game)})", FactKind.SEAT,
                              t.declarer))
        if g != CONSPIRACY:
            partners: list[int | None] = [None] * state.players
            for table in state.tables:
                for s in table.chairs:
                    partners[s] = table.partner(s)
            facts.append(per_seat("partner", "Partner", partners, FactKind.SEAT))
        facts.append(per_seat("tricks", "Tricks", state.tricks_won))
        if g == CHIVALRY:
            facts.append(fact("ladies", "Ladies", FactKind.SEATS, sorted(state.ladies)))
        if g == CONFISCATION and any(state.spoke):
            facts.append(per_seat("spoke", "Times spoken", state.spoke))
        if state.sitting_out:
            facts.append(fact("sitting-out", "Sitting out", FactKind.SEATS, list(state.sitting_out)))
        return facts

    def _table_zones(self, state: CourtState, t: Table) -> list[Zone]:
        """A table's hands (the turned-up trump apart: everyone saw it), its trick and last trick."""
        zones: list[Zone] = []
        up = t.turn_up
        for s in t.chairs:
            hand = state.hands[s]
            if up is not None and s == t.dealer and up in hand:
                hand = [c for c in hand if c != up]
                zones.append(Zone("turn-up", [up], owner=s, kind=ZoneKind.UPCARD, label="Trump card (the dealer's)"))
            zones.append(Zone("hand", hand, frozenset({s}), owner=s, kind=ZoneKind.HAND, label="Hand"))
        zones.append(Zone("trick", [c for _, c in t.trick], kind=ZoneKind.TRICK, label="Trick",
                          by=[s for s, _ in t.trick]))
        zones.append(Zone("last-trick", [c for _, c in t.last_trick], kind=ZoneKind.LAST_TRICK, label="Last trick",
                          by=[s for s, _ in t.last_trick]))
        return zones

    def zones(self, state: CourtState) -> list[Zone]:
        zones = [z for t in state.tables for z in self._table_zones(state, t)]
        apart = {t.leader: len(t.last_trick) for t in state.tables if t.last_trick}
        for s in range(state.players):
            pile = state.taken[s]
            zones.append(Zone("taken", pile[:len(pile) - apart.get(s, 0)], owner=s, label="Taken", listed=False))
        return zones

    def zones_for(self, state: CourtState, seat: int | None) -> list[Zone]:
        return self._table_zones(state, self._shown(state, seat))

    def all_cards(self, state: CourtState) -> list[Card]:
        return state.deck

    def prompt(self, state: CourtState, seat: int) -> Prompt | str:
        if state.over:
            return ""
        if seat in state.sitting_out:
            return f"You sit out {GAME_NAMES[state.game_no]} and score {state.options.sit_out_score} a hand."
        table = self.table_of(state, seat)
        if table is None:
            return ""
        if table.phase == Phase.DONE:
            return "Your table has played its 4 hands: the next game starts when every table has played theirs."
        if seat not in self.to_act(state):
            return ""
        if table.phase == Phase.DECLARE:
            return f"You hold {_king_words(table.hand_in_game)}: name trump."
        if SPEAK in self.legal_actions(state, seat):
            return "Play a card (or own up to speaking: it costs 3 points)."
        return "Play a card."
