"""Court Whist's play: the tables, the deal, the tricks, the score sheet and moving
between tables after each game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.cards import Card, card_text, code
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause
from gamenight.engine.registry import register
from gamenight.engine.scoresheet import ScoreSheet
from gamenight.engine.view import Zone
from gamenight.families import tricks
from gamenight.families.tricks import TrickGame, TrickState
from gamenight.games.court_whist.rules import (
    CARD_ORDER_TRUMPS,
    CONFISCATION,
    CONSPIRACY,
    CORONATION,
    DECK,
    DECLARE,
    GAME_CLAUSES,
    GAME_NAMES,
    HANDS_PER_GAME,
    KING,
    POSSIBLE,
    REVOLUTION,
    RULES,
    SPEAK,
    SPEAK_FORFEIT,
    SPEC,
    Pairing,
    cut_order,
    hand_scores,
    hand_trump,
    pairings,
    parse_ladies,
    sit_outs,
)


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
    phase: str = "play"
    """declare (Coronation's king owner names trump), play, or done (the set of 4 hands is over)."""
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
        for i, group in enumerate(groups):
            if isinstance(group[0], tuple):
                teams: Pairing = group  # type: ignore[assignment]
            else:
                teams = self._choose_teams(state, group)  # type: ignore[arg-type]
            (x1, x2), (y1, y2) = teams
            table = Table(number=i + 1, chairs=[x1, y1, x2, y2], teams=teams)
            order = cut_order(state.rng, table.chairs)
            table.dealer = order[0]
            table.cut_note = f"seat {order[0]} cut high and deals first [court_whist.deal.cut]"
            state.tables.append(table)
            for t in teams:
                state.partnered[_pair(*t)] = state.partnered.get(_pair(*t), 0) + 1
        state.last_partners = {_pair(*t) for table in state.tables for t in table.teams}
        state.active = [s not in state.sitting_out for s in range(state.players)]
        state.dealer = state.tables[0].dealer
        for table in state.tables:
            self._deal(state, table)

    def _deal(self, state: CourtState, table: Table) -> None:
        table.hand_in_game += 1
        state.hand_no += 1
        deck = list(DECK)
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
        if g == CORONATION:
            king = code(KING, CARD_ORDER_TRUMPS[table.hand_in_game - 1])
            table.declarer = next(s for s in table.chairs if king in state.hands[s])
            table.trump = None
            table.phase = "declare"
        else:
            table.trump = table.turn_up >> 4 if table.turn_up is not None else hand_trump(g, table.hand_in_game)
            table.phase = "play"

    def table_of(self, state: CourtState, seat: int) -> Table | None:
        for table in state.tables:
            if seat in table.chairs:
                return table
        return None

    # --- the contract ----------------------------------------------------------------------------------------
    def to_act(self, state: CourtState) -> tuple[int, ...]:
        if state.over:
            return ()
        out = []
        for t in state.tables:
            if t.phase == "declare" and t.declarer is not None:
                out.append(t.declarer)
            elif t.phase == "play":
                out.append(t.turn)
        return tuple(out)

    def _playable(self, state: CourtState, table: Table, seat: int) -> list[Card]:
        hand = state.hands[seat]
        if not table.trick:
            return hand
        return tricks.follow_options(hand, table.trick[0][1] >> 4, tricks.standard_tables(None)[0])

    def legal_actions(self, state: CourtState, seat: int) -> list[Action]:
        table = self.table_of(state, seat)
        if state.over or table is None:
            return []
        if table.phase == "declare":
            return [DECLARE[s] for s in CARD_ORDER_TRUMPS] if seat == table.declarer else []
        if table.phase != "play" or seat != table.turn:
            return []
        acts = [tricks.PLAY[c] for c in self._playable(state, table, seat)]
        if state.game_no == CONFISCATION and state.options.speaking:
            acts.append(SPEAK)
        return acts

    def explain(self, state: CourtState, seat: int, action: Action) -> Clause | None:
        if action.verb == "declare":
            return RULES["court_whist.card.coronation"]
        if action.verb == "speak":
            return RULES["court_whist.card.confiscation"]
        table = self.table_of(state, seat)
        if table is None:
            return None
        if table.phase == "declare":
            return RULES["court_whist.trump"]
        if action.verb != "play" or len(action.args) != 1:
            return None
        if action.args[0] not in state.hands[seat]:
            return tricks.PLAY_FROM_HAND
        return RULES["court_whist.follow"]

    def _apply(self, state: CourtState, seat: int, action: Action) -> None:
        table = self.table_of(state, seat)
        assert table is not None
        if table.phase == "declare":
            table.trump = tricks.SUIT_WORDS.index(str(action.args[0]))
            table.phase = "play"
            return
        if action.verb == "speak":
            state.spoke[seat] += 1
            return
        hand = state.hands[seat]
        trick = table.trick
        trick.append((seat, hand.pop(hand.index(action.args[0]))))
        if len(trick) < 4:
            table.turn = table.next_chair(seat)
            return
        suit, power = tricks.standard_tables(table.trump)
        winner = tricks.trick_winner(trick, suit, power, table.trump)
        state.taken[winner].extend([c for _, c in trick])
        state.tricks_won[winner] += 1
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
        if g != CONSPIRACY:
            for team in table.teams:
                took = sum(state.tricks_won[s] for s in team)
                notes.append(f"{where}seats {team[0]} & {team[1]} took {took} tricks and score {scores[team[0]]} "
                             "[court_whist.count]")
        else:
            notes.append(f"{where}each player scores their own tricks [court_whist.card.conspiracy]")
        for s in table.chairs:
            if state.spoke[s]:
                scores[s] -= SPEAK_FORFEIT * state.spoke[s]
                notes.append(f"seat {s} spoke {state.spoke[s]} time(s) and forfeits {SPEAK_FORFEIT * state.spoke[s]} "
                             "[court_whist.card.confiscation]")
        table.results.append(scores)
        table.notes.append(notes)
        if table.hand_in_game < HANDS_PER_GAME:
            table.dealer = table.next_chair(table.dealer)
            self._deal(state, table)
        else:
            table.phase = "done"
        self._write_rows(state)

    def _write_rows(self, state: CourtState) -> None:
        """One score-sheet row per hand of the score card, once every table has played it."""
        g = state.game_no
        while all(len(t.results) > state.rows_in_game for t in state.tables):
            k = state.rows_in_game
            pts = [0] * state.players
            notes = [f"{GAME_NAMES[g]} [{GAME_CLAUSES[g]}]"]
            for t in state.tables:
                for s, p in t.results[k].items():
                    pts[s] = p
                notes += t.notes[k]
            for s in state.sitting_out:
                pts[s] = state.options.sit_out_score
                notes.append(f"seat {s} sits out and scores {state.options.sit_out_score} [court_whist.sit-out]")
            state.rows_in_game += 1
            last = state.rows_in_game == HANDS_PER_GAME
            groups: list[list[int]] | list[Pairing] = []
            if last and g < len(GAME_NAMES):
                groups = self._progress(state, notes)
            state.sheet.add(f"game {g} {GAME_NAMES[g]}, hand {k + 1}", tuple(pts), state.ply + 1, notes)
            if last:
                if g == len(GAME_NAMES):
                    state.over = True
                    state.phase = "over"
                    for t in state.tables:
                        t.phase = "done"
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
                         "[court_whist.progression.conspiracy]")
        else:
            a, b = (sum(totals[s] for s in team) for team in table.teams)
            if a != b:
                movers = list(table.teams[0] if a > b else table.teams[1])
                movers.sort(key=lambda s: -totals[s])
                notes.append(f"{where}: seats {movers[0]} & {movers[1]} won the set, {max(a, b)} to {min(a, b)}, "
                             "and move [court_whist.progression]")
            else:
                order = cut_order(state.rng, list(table.chairs))
                men = [s for s in order if s not in ladies]
                wom = [s for s in order if s in ladies]
                movers = [men[0], wom[0]] if men and wom else order[:2]
                notes.append(f"{where}: tied at {a}; after a cut seats {movers[0]} and {movers[1]} move "
                             "[court_whist.progression.tie]")
        man = [s for s in movers if s not in ladies]
        lady = [s for s in movers if s in ladies]
        if len(man) == 1 and len(lady) == 1:
            return [man[0], lady[0]]
        notes.append(f"{where}: seat {movers[0]} moves counter-clockwise, seat {movers[1]} clockwise "
                     "[court_whist.progression.mixed]")
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
                                 f"{t.number % n + 1} [court_whist.fixed-partners]")
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
                    notes.append(f"seat {pick} comes back in place of seat {s} [court_whist.sit-out.return]")
        state.sitting_out = nxt
        if fixed:
            return [((g[0], g[1]), (g[2], g[3])) for g in groups]
        return groups

    # --- views --------------------------------------------------------------------------------------------------
    def _table_view(self, state: CourtState, t: Table) -> dict[str, Any]:
        g = state.game_no
        return {
            "table": t.number,
            "phase": t.phase,
            "chairs": list(t.chairs),
            "teams": [list(x) for x in t.teams] if g != CONSPIRACY else [[s] for s in t.chairs],
            "dealer": t.dealer,
            "turn": t.turn if t.phase == "play" and not state.over else None,
            "declarer": t.declarer if g == CORONATION else None,
            "hand_in_game": t.hand_in_game,
            "trump": "CDHS"[t.trump] if t.trump is not None else None,
            "turn_up": card_text(t.turn_up) if t.turn_up is not None else None,
            "trick": [{"seat": s, "card": card_text(c)} for s, c in t.trick],
            "last_trick": [{"seat": s, "card": card_text(c)} for s, c in t.last_trick],
        }

    def view(self, state: CourtState, seat: int | None) -> dict[str, Any]:
        g = state.game_no
        mine = self.table_of(state, seat) if seat is not None else None
        shown = mine or state.tables[0]
        v = self._table_view(state, shown)
        v.update({
            "seat": seat,
            "players": state.players,
            "table": mine.number if mine is not None else None,
            "game": g,
            "game_name": GAME_NAMES[g],
            "hand_no": state.hand_no,
            "to_act": list(self.to_act(state)),
            "hand": [card_text(c) for c in state.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "active": [s in shown.chairs for s in range(state.players)],
            "tricks_won": list(state.tricks_won),
            "partners": g != CONSPIRACY,
            "ladies": sorted(state.ladies),
            "sitting_out": list(state.sitting_out),
            "revolution": g == REVOLUTION,
            "spoke": list(state.spoke),
            "scores": list(state.sheet.totals),
            "possible": list(POSSIBLE[g]),
            "tables": [self._table_view(state, t) for t in state.tables],
            "sheet": state.sheet.to_dict(),
            "over": state.over,
        })
        if seat is not None and mine is None:
            v["phase"] = "sitting out"
        return v

    def zones(self, state: CourtState) -> list[Zone]:
        zones: list[Zone] = []
        shown: list[Card] = []
        for t in state.tables:
            up = t.turn_up
            for s in t.chairs:
                hand = state.hands[s]
                if up is not None and s == t.dealer and up in hand:
                    shown.append(up)
                    hand = [c for c in hand if c != up]
                zones.append(Zone(f"hand {s}", hand, frozenset({s})))
            zones.append(Zone(f"trick at table {t.number}", [c for _, c in t.trick]))
        zones.append(Zone("turned-up trump in the dealer's hand", shown))
        zones += [Zone(f"taken {s}", state.taken[s]) for s in range(state.players)]
        return zones

    def all_cards(self, state: CourtState) -> list[Card]:
        return state.deck

    def prompt(self, state: CourtState, seat: int) -> str:
        if seat not in self.to_act(state):
            return ""
        table = self.table_of(state, seat)
        assert table is not None
        if table.phase == "declare":
            return "You hold the king the score card names: declare trump."
        return f"{GAME_NAMES[state.game_no]}, hand {table.hand_in_game}: play a card."
