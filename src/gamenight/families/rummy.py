"""Rummy: the moves, the table and the restrictions the rummy games share, with no game named. The
stock and the discard pile are in ``rummy_piles``, contracts and the meld search in ``rummy_contracts``,
a game's skeleton (state, deal, the four questions) in ``rummy_game``.

How a game composes it
----------------------

**Verbs.** Every rummy game spells the same move the same way (``engine.actions`` parses them):

===============================  ================================================================
``draw stock``                   the top card of the stock (or as many as the game draws)
``take discard``                 the top card of the discard pile (``take discard 2``: of seat 2's
                                 own discard pile, where each player discards in front of them)
``take pile [GROUPS]``           the whole discard pile; the groups are the cards from hand that
                                 meld its top card (the top card joins the first group)
``dig CARD [GROUPS]``            a card deep in a spread pile or a discard line, with every card
                                 discarded after it; the first group melds the card dug to
``discard CARD``                 ends the turn
``meld GROUPS``                  lays cards from hand on the table
``lay CARDS on N``               lays cards on meld number N (a lay-off)
``swap CARD on N``               a natural card from hand for the wild card in meld N that stands
                                 for it; the wild comes to hand and must be played this turn
``rearrange N [N...] into GROUPS``  breaks melds N... up and lays their cards (and any from hand)
                                 out again as GROUPS
===============================  ================================================================

``GROUPS`` is one or more groups joined by ``and``; a group is cards, optionally followed by
``on N``: ``meld 7H 7D 7S and 9C 9D on 2``. :func:`groups_of` reads them (:class:`Group`), the
builders (:func:`meld`, :func:`lay`, :func:`take_pile`, :func:`dig`...) write them. Melds are
numbered from 1 in the order they were first laid (:func:`meld_zones` labels each with its number).
Game-specific moves (``knock``, ``buy``, ``push``, ``ask``...) stay in the game.

**State pieces.** A game keeps its own state and holds these in it: the hands (``list[list[Card]]``),
the cards each player took face up from the pile (``known``, shown to all by :func:`hand_zones`),
the stock and the discard pile (``list[Card]``, top last), the table (``list[Meld]``: each meld
with its owner, a seat or a side or nobody for community melds, and who placed each card), and the
cards that must be played before the turn ends (``must_play``: a wild just swapped out, a card
dug to). Helpers move cards: :func:`draw_cards`, :func:`take_top`, :func:`take_all`,
:func:`take_down_to`, :func:`lay_bonus_cards`, :func:`forget_known`; :func:`frozen` and
:func:`stopped` read the pile; :func:`dig_depth` and :func:`dig_sources` read a dig into a spread pile
or a discard line (how deep, and which cards come from hand or from above the card dug to);
:func:`side_of` finds a seat's side.

**Legality.** A game writes one cascade per phase out of :class:`Restriction`s, in rulebook order:
each names its clause and returns why a move breaks it (or None). :func:`cascade` turns them into
the engine's ``Step``s over a :class:`Moves` (the canonical moves ``legal_actions`` lists, plus the
test that is the authority for any move), so ``check`` and ``legal_actions`` run the same rules::

    def restrictions(self, state, seat):
        yield rummy.draw_first(state.drew)                       # rummy.DRAW
        yield rummy.from_hand(state.hands[seat])                 # rummy.FROM_HAND
        yield Restriction(MY_CLAUSE, lambda a: ...)              # the game's own rule
    listed = [...]                                               # the useful canonical moves
    refuse(rummy.cascade(listed, self.restrictions(state, seat)), action, state.options, UNKNOWN)
    legal = list(narrow(rummy.cascade(listed, self.restrictions(state, seat))))

Ready-made restrictions: :func:`well_formed` (the words above), :func:`draw_first`,
:func:`from_hand`, :func:`dig_from` (a dig's card and where its partners come from), :func:`on_melds`
(whose melds a move may lay on), :func:`keep_a_discard`, :func:`must_play_first`, :func:`play_at_once`,
:func:`no_wild_discard`, :func:`natural_in_each`, :func:`unplayable_discard`. :func:`permitted` is what
``narrow(cascade(...))`` lists, cheaper where ``legal_actions`` runs on every move of a playout. They cite the
family's clauses (below); a game that rewords one passes its
own clause (``from_hand(hand, clause=MY_FROM_HAND)``) and lists its clause instead of the
family's in its ``Rules``. Meld checks give reasons in words: :func:`meld_problem`,
:func:`lay_problem`, :func:`swap_index`, :func:`rearrange_problem`, :class:`Contract` for the melds a round requires,
:func:`canasta_kind` for seven-card canastas; :func:`fits_on` finds where a card plays on the table
(:func:`may_join` is its quick first look), :func:`runs_in` the runs worth offering from a hand.

**Listing moves.** Where the full set of melds is combinatorial, a game lists a useful subset:
:func:`contract_ways` (a few ways a hand lays a contract down, fewest wild cards first),
:func:`meld_ways` (the sets or runs a hand can make on their own; the same search) and
:func:`lay_offs` (each card a meld takes). :func:`judged` cites several clauses out of one judgement of
a move (which rule a meld breaks), each at its place in the cascade. :func:`restock` makes an empty
stock again from the pile.

**Contracts and runs written in order.** :meth:`Contract.problem` says why groups do not make a
contract, :meth:`Contract.kinds` what each group of a contract is. Where a meld's wild cards stand
for particular cards, a run is written in order, each wild card at its place (as the search writes
them; :func:`run_start`, :func:`run_order`, :func:`stands_for`, :func:`run_swap_index`); a table of such
melds keeps a kind per meld (``set``, ``run``, or ``either`` while one natural card and wild cards
read both ways), and :func:`lay_out` places a move's groups on it (new melds, runs lengthened only
at their ends, the wild card limits) for :func:`put_down` to carry out; :func:`meld_label` names
each meld.

**Views.** :func:`hand_zones` (each hand hidden but for the cards taken face up),
:func:`stock_zone`, :func:`pile_zone`, :func:`meld_zones` (grouped by owner: ``owner`` for a
seat's melds, ``team`` for a side's), :func:`bonus_zones`. The pile's zone shows its cards (the top
last, and how many): a game's facts add only what the zone cannot say, such as whether it is frozen.

**Scoring.** :func:`point_table` reads a book's card-count table ("K-8": 10), :func:`count` adds
cards up with it, :func:`table_minus_hand` is the usual end-of-round count; where lay-offs count for the player who laid
them, :func:`laid_by` gathers a player's cards on anyone's melds and :func:`played_out` counts each player.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, overload

from gamenight.core.cards import FACES, JOKER_SUIT, RANK_TEXT, TEXT_RANK, Card, card_text, cards_text
from gamenight.engine.actions import Action
from gamenight.engine.clauses import Clause
from gamenight.engine.legality import Step
from gamenight.engine.view import Fact, FactKind, Zone, ZoneKind, fact
from gamenight.families.meld_lanes import MAX_RUN, face_at, positions, wilds_ok, window
from gamenight.families.melds import MeldRules, is_meld, meld_kind

# --- clauses ---------------------------------------------------------------------------------------
T = "The turn"
M = "Melding"
OUT = "Going out"

DRAW = Clause("rummy.turn.draw", "Begin your turn by drawing the top card of the stock ('draw stock') or by "
              "taking the top card of the discard pile ('take discard'). A card drawn from the stock is seen only "
              "by you; a card taken from the discard pile was seen by all.", T)
DISCARD_ENDS_TURN = Clause("rummy.turn.discard", "End your turn by discarding one card from your hand face up on "
                           "the discard pile ('discard' and the card).", T)
FROM_HAND = Clause("rummy.turn.from-hand", "You may only meld, lay off or discard cards you hold.", T)
TAKE_PILE = Clause("rummy.pile.take", "Instead of drawing you may take the whole discard pile ('take pile' and the "
                   "cards from your hand that meld its top card): the top card goes straight into a meld on the "
                   "table, the rest of the pile into your hand.", T)
DIG_DEEP = Clause("rummy.pile.dig", "The discards lie spread so every card shows. Instead of drawing you may dig "
                  "into them ('dig' and the card, then the cards from your hand it melds with): you take that card "
                  "and every card discarded after it, and the card dug to must be played at once.", T)
FROZEN_PILE = Clause("rummy.pile.frozen", "A frozen discard pile can only be taken with two natural cards from your "
                     "hand that match its top card.", T)
STOP_CARD = Clause("rummy.pile.stop", "Nobody may take the discard pile while a stop card lies on top of it.", T)
SETS_ONLY = Clause("rummy.meld.sets-only", "Melds are sets only: three or more cards of the same rank. Runs are not "
                   "permitted.", M)
ONE_NATURAL = Clause("rummy.meld.one-natural", "Every meld must hold at least one natural (not wild) card.", M)
TAME_AT_LEAST_WILD = Clause("rummy.meld.tame-wild", "A meld must hold at least as many natural cards as wild "
                            "cards.", M)
ONE_WILD = Clause("rummy.meld.one-wild", "A meld may hold only one wild card.", M)
MELD_MINIMUM = Clause("rummy.meld.minimum", "A side's first meld in each deal must be worth at least its minimum in "
                      "card points (several melds laid down together count together; bonuses do not count).", M)
LAY_OFF_OWN = Clause("rummy.meld.lay-off-own", "You may add cards only to your own melds (your side's, in a "
                     "partnership), never to another player's.", M)
SWAP_WILD = Clause("rummy.meld.swap", "A natural card from your hand may replace the wild card that stands for it in "
                   "a meld ('swap' and the card 'on' the meld's number); the wild card must then be played in a meld "
                   "in the same turn.", M)
MUST_PLAY = Clause("rummy.meld.must-play", "A card you must play this turn (a wild card swapped or taken, the card "
                   "dug to) has to be on the table before your turn ends.", M)
NO_WILD_DISCARD = Clause("rummy.turn.no-wild-discard", "Wild cards may never be discarded.", T)
GO_OUT_WITH_DISCARD = Clause("rummy.out.discard", "You must have a discard to go out: the last card leaves your hand "
                             "as a discard, never in a meld.", OUT)
UNPLAYABLE_DISCARD = Clause("rummy.out.unplayable", "Your final discard must be a card that could not be played on "
                            "the table.", OUT)

TEXT_ONLY = (SETS_ONLY, ONE_NATURAL, TAME_AT_LEAST_WILD, ONE_WILD)
"""Clauses enforced through the game's ``MeldRules`` (a game cites them in its meld refusals)."""

# --- verbs -----------------------------------------------------------------------------------------
DRAW_STOCK = Action("draw", ("stock",))
TAKE_DISCARD = Action("take", ("discard",))
_DISCARD: dict[int, Action] = {face: Action("discard", (card,)) for face, card in FACES.items()}


def discard(card: Card) -> Action:
    """``discard 7H`` (one shared action per face: legal-move lists allocate nothing)."""
    return _DISCARD.get(int(card)) or Action("discard", (card,))


def take_from(seat: int) -> Action:
    """``take discard 2``: the top card of seat 2's own discard pile."""
    return Action("take", ("discard", seat))


@dataclass(frozen=True)
class Group:
    """Cards laid together in one move: a new meld, or (``on``) added to meld number ``on``."""

    cards: tuple[Card, ...]
    on: int | None = None

    def args(self) -> tuple[Any, ...]:
        return (*self.cards, "on", self.on) if self.on is not None else self.cards

    def __str__(self) -> str:
        return cards_text(self.cards) + (f" on {self.on}" if self.on is not None else "")


GroupLike = Group | Sequence[Card]


def _group(g: GroupLike) -> Group:
    return g if isinstance(g, Group) else Group(tuple(g))


def _joined(groups: Iterable[GroupLike]) -> tuple[Any, ...]:
    out: list[Any] = []
    for i, g in enumerate(groups):
        if i:
            out.append("and")
        out.extend(_group(g).args())
    return tuple(out)


def meld(*groups: GroupLike) -> Action:
    """``meld 7H 7D 7S and 9C 9D on 2``."""
    return Action("meld", _joined(groups))


def lay(cards: Sequence[Card], on: int) -> Action:
    """``lay 9H 10H on 2``: a lay-off on meld number 2."""
    return Action("lay", (*cards, "on", on))


def take_pile(*groups: GroupLike) -> Action:
    """``take pile 7H 7D``: the whole pile, its top card melded with 7H 7D (``take pile`` alone: its top
    card laid on the side's meld of its rank, or no meld at all where the game asks none)."""
    return Action("take", ("pile", *_joined(groups)))


def dig(card: Card, *groups: GroupLike) -> Action:
    """``dig 9S 8S 10S``: dig to 9S and meld it with 8S 10S from hand."""
    return Action("dig", (card, *_joined(groups)))


def swap(card: Card, on: int) -> Action:
    """``swap 7H on 3``: 7H from hand for the wild card standing for it in meld 3."""
    return Action("swap", (card, "on", on))


def rearrange(melds: Sequence[int], *groups: GroupLike) -> Action:
    """``rearrange 2 5 into 7H 8H 9H and 9S 9D 9C``."""
    return Action("rearrange", (*melds, "into", *_joined(groups)))


class GroupSyntax(ValueError):
    """The words of a move do not make groups of cards."""


def groups_of(args: Sequence[Any]) -> list[Group]:
    """The groups in ``args`` (a move's arguments after its fixed words): ``7H 7D and 9C on 2``.
    Raises ``GroupSyntax`` with what is wrong; no arguments give no groups."""
    out: list[Group] = []
    cards: list[Card] = []
    on: int | None = None
    i = 0
    while i < len(args):
        a = args[i]
        if isinstance(a, Card):
            if on is not None:
                raise GroupSyntax(f"write 'and' before {a}: 'on N' ends a group")
            cards.append(a)
        elif a == "on":
            nxt = args[i + 1] if i + 1 < len(args) else None
            if not cards or type(nxt) is not int:
                raise GroupSyntax("'on' comes after the cards and before a meld's number")
            on = nxt
            i += 1
        elif a == "and":
            if not cards:
                raise GroupSyntax("'and' joins groups of cards: there are no cards before it")
            out.append(Group(tuple(cards), on))
            cards, on = [], None
        else:
            raise GroupSyntax(f"{a!r} is neither a card, 'and' nor 'on N'")
        i += 1
    if cards:
        out.append(Group(tuple(cards), on))
    elif args:
        raise GroupSyntax("a group of cards is missing after 'and'")
    return out


def hand_cards(action: Action) -> list[Card]:
    """The cards a move takes out of the mover's hand: every card named, except the card dug to
    (the first card of ``dig``), which comes from the discard pile."""
    cards = list(action.cards)
    return cards[1:] if action.verb == "dig" else cards


# --- legality --------------------------------------------------------------------------------------
class Restriction(NamedTuple):
    """One rule of a cascade: its clause, and why a move breaks it (None: the move keeps the rule)."""

    clause: Clause
    problem: Callable[[Action], str | None]


class Moves(Sequence[Action]):
    """The moves a cascade step keeps. ``test`` is the authority for any move (a meld of any
    cards); the sequence itself is the canonical moves the step keeps, which ``legal_actions``
    lists where the full set is combinatorial."""

    __slots__ = ("_known", "listed", "test")

    def __init__(self, listed: Sequence[Action], test: Callable[[Action], bool]) -> None:
        self.listed = list(listed)
        self.test = test
        self._known: dict[tuple[Action, tuple[type, ...]], bool] = {}

    def __contains__(self, move: object) -> bool:
        # Remembered per move, so that asking each step of a cascade in turn costs one rule a step,
        # not the whole chain again (a card is an int: 'discard 7' is not 'discard 7C').
        if not isinstance(move, Action):
            return False
        key = (move, tuple(map(type, move.args)))
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = bool(self.test(move))
        return known

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        return self.listed[i]

    def __len__(self) -> int:
        return len(self.listed)

    def where(self, keep: Callable[[Action], bool]) -> Moves:
        """These moves narrowed by one more rule."""
        return Moves([a for a in self.listed if keep(a)], lambda a: a in self and keep(a))


def cascade(listed: Sequence[Action], restrictions: Iterable[Restriction]) -> Iterator[Step[Action]]:
    """The engine's steps for ``restrictions`` in order, starting from ``listed`` (the canonical
    moves): feed it to ``legality.refuse`` for ``check`` and to ``legality.narrow`` for
    ``legal_actions``. Each move's problem is worked out once per rule."""
    moves = Moves(listed, lambda a: True)
    for rule in restrictions:
        problem = _memoised(rule.problem)
        moves = moves.where(lambda a, problem=problem: problem(a) is None)  # type: ignore[misc]
        yield Step(moves, rule.clause, lambda a, problem=problem: problem(a) or "")  # type: ignore[misc]


def permitted(listed: Sequence[Action], restrictions: Iterable[Restriction]) -> list[Action]:
    """The moves of ``listed`` that every rule keeps: what ``narrow(cascade(listed, restrictions))``
    lists, without the steps and memos a refusal needs (``legal_actions`` runs on every move of a
    playout, where that bookkeeping costs more than the rules)."""
    moves = list(listed)
    for rule in restrictions:
        problem = rule.problem
        moves = [a for a in moves if problem(a) is None]
    return moves


def _memoised(problem: Callable[[Action], str | None]) -> Callable[[Action], str | None]:
    memo: dict[tuple[Action, tuple[type, ...]], str | None] = {}

    def once(a: Action) -> str | None:
        key = (a, tuple(map(type, a.args)))  # a card is an int: 'discard 7' is not 'discard 7C'
        if key not in memo:
            memo[key] = problem(a)
        return memo[key]
    return once


_SHAPE = {
    "draw": "draw the top card of the stock",
    "take": "take the top discard, or the whole pile with the cards from your hand it melds with",
    "dig": "dig to a card of the pile, with the cards from your hand it melds with",
    "discard": "discard one card",
    "meld": "meld cards from your hand",
    "lay": "lay cards onto one meld on the table",
    "swap": "swap one card for a wild card of a meld on the table",
    "rearrange": "rearrange melds of yours into new ones",
}
"""What each of the family's moves is, in words: the reason a move of the wrong shape is refused
(a typed one; the terminal then offers the nearest legal move in its own syntax)."""


def _grammar(a: Action) -> str | None:
    """What is wrong with the words of one of the family's moves (None: nothing, or not a family verb)."""
    verb = a.verb
    if verb not in _SHAPE:
        return None
    try:
        return None if _well_shaped(verb, a.args) else _SHAPE[verb]
    except GroupSyntax:
        return _SHAPE[verb]


def _well_shaped(verb: str, args: tuple[Any, ...]) -> bool:
    """Are these the arguments a move of ``verb`` takes? (Raises ``GroupSyntax`` for groups that are not.)"""
    if verb == "draw":
        return args == ("stock",)
    if verb == "take":
        if args[:1] == ("pile",):
            groups_of(args[1:])
            return True
        return args == ("discard",) or (len(args) == 2 and args[0] == "discard" and type(args[1]) is int)
    if verb == "dig":
        if not args or not isinstance(args[0], Card):
            return False
        groups_of(args[1:])
        return True
    if verb == "discard":
        return len(args) == 1 and isinstance(args[0], Card)
    if verb == "meld":
        return bool(groups_of(args))
    if verb in ("lay", "swap"):
        gs = groups_of(args)
        return len(gs) == 1 and gs[0].on is not None and (verb != "swap" or len(gs[0].cards) == 1)
    # rearrange
    if "into" not in args:
        return False
    at = args.index("into")
    return at > 0 and all(type(n) is int for n in args[:at]) and bool(groups_of(args[at + 1:]))


def well_formed(clause: Clause) -> Restriction:
    """The family's moves are written as the module docstring says (other verbs pass: the game
    checks its own)."""
    return Restriction(clause, _grammar)


def missing(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card]:
    """The cards of ``cards`` that ``hand`` does not hold (counting duplicates: two 7H need two)."""
    have = Counter(int(c) for c in hand)
    out = []
    for c in cards:
        if have[int(c)] > 0:
            have[int(c)] -= 1
        else:
            out.append(c)
    return out


def from_hand(hand: Sequence[Card], clause: Clause = FROM_HAND) -> Restriction:
    """Every card a move takes from hand is held (see :func:`hand_cards`)."""
    def problem(a: Action) -> str | None:
        gone = missing(hand, hand_cards(a))
        return f"you do not hold {cards_text(gone)}" if gone else None
    return Restriction(clause, problem)


_DRAW_VERBS = frozenset({"draw", "take", "dig"})


def draw_first(drew: bool, clause: Clause = DRAW, before: Iterable[str] = ()) -> Restriction:
    """A turn begins with a draw (or a take or a dig) and has only one; ``before`` names the game's
    other moves that come before the draw, if any (a question to a partner)."""
    early = frozenset(before)

    def problem(a: Action) -> str | None:
        if drew and a.verb in early:
            return f"you may {a.verb} only before the draw"
        if not drew and a.verb not in _DRAW_VERBS and a.verb not in early:
            return "begin your turn by drawing"
        if drew and a.verb in _DRAW_VERBS:
            return "you have drawn this turn already"
        return None
    return Restriction(clause, problem)


def targets(action: Action) -> list[int]:
    """The meld numbers a move lays cards on (``on N`` of its groups)."""
    try:
        if action.verb in ("meld", "lay", "swap"):
            return [g.on for g in groups_of(action.args) if g.on is not None]
        if action.verb == "take" and action.args[:1] == ("pile",):
            return [g.on for g in groups_of(action.args[1:]) if g.on is not None]
        if action.verb == "dig" and action.args:
            return [g.on for g in groups_of(action.args[1:]) if g.on is not None]
    except GroupSyntax:
        return []
    return []


def on_melds(table: Sequence[Meld], may_use: Callable[[Meld], bool] = lambda m: True,
             clause: Clause = LAY_OFF_OWN) -> Restriction:
    """Every ``on N`` names a meld on the table that the mover may lay on (``may_use``: the game's
    rule, such as their own or their side's melds)."""
    def problem(a: Action) -> str | None:
        for n in targets(a):
            if not 1 <= n <= len(table):
                return f"there is no meld {n}" + (f": the melds are numbered 1 to {len(table)}" if table else "")
            if not may_use(table[n - 1]):
                return f"meld {n} is not yours to add to"
        return None
    return Restriction(clause, problem)


def keep_a_discard(hand: Sequence[Card], clause: Clause = GO_OUT_WITH_DISCARD) -> Restriction:
    """Melding and laying off leave at least one card in hand, to go out by discarding it (a game
    checks the moves that also bring cards into hand, such as taking the pile, itself)."""
    def problem(a: Action) -> str | None:
        if a.verb in ("meld", "lay", "rearrange") and len(hand_cards(a)) >= len(hand):
            return "keep a card to discard: you may not meld or lay off your last card"
        return None
    return Restriction(clause, problem)


def must_play_first(must_play: Sequence[Card], clause: Clause = MUST_PLAY) -> Restriction:
    """The turn may not end (no discard, no other turn-ending move) while a card that must be played
    this turn is still in hand."""
    def problem(a: Action) -> str | None:
        if a.verb == "discard" and must_play:
            return f"play {cards_text(must_play)} on the table before you discard"
        return None
    return Restriction(clause, problem)


def play_at_once(must_play: Sequence[Card], clause: Clause = MUST_PLAY) -> Restriction:
    """A card to be used immediately (a wild card just swapped out) goes on the table with the very next
    move: a meld or a lay-off that holds it."""
    def problem(a: Action) -> str | None:
        if must_play and (a.verb not in ("meld", "lay") or missing(a.cards, must_play)):
            return f"use {cards_text(must_play)} at once, in a meld"
        return None
    return Restriction(clause, problem)


def natural_in_each(wild: frozenset[int], clause: Clause = ONE_NATURAL) -> Restriction:
    """Every new meld of a move holds a natural card (wild cards alone are laid on a meld)."""
    def problem(a: Action) -> str | None:
        if a.verb != "meld":
            return None
        for g in groups_of([x for x in a.args if isinstance(x, Card) or x in ("and", "on") or type(x) is int]):
            if g.on is None and all(int(c) in wild for c in g.cards):
                return f"{cards_text(g.cards)} has no natural card"
        return None
    return Restriction(clause, problem)


def no_wild_discard(wild: frozenset[int], clause: Clause = NO_WILD_DISCARD) -> Restriction:
    """Wild cards are never discarded."""
    def problem(a: Action) -> str | None:
        if a.verb == "discard" and a.cards and int(a.cards[0]) in wild:
            return f"{a.cards[0]} is wild"
        return None
    return Restriction(clause, problem)


def unplayable_discard(hand: Sequence[Card], playable: Callable[[Card], bool],
                       clause: Clause = UNPLAYABLE_DISCARD) -> Restriction:
    """A discard that empties the hand (the final discard) must be a card that cannot be played."""
    def problem(a: Action) -> str | None:
        if a.verb == "discard" and len(hand) == 1 and a.cards and playable(a.cards[0]):
            return f"{a.cards[0]} could be played on the table, so it cannot be your final discard"
        return None
    return Restriction(clause, problem)


def commits_to_going_out(cards_left: int, action: Action) -> bool:
    """Whether a move leaves its player going out: no card left, or one card after a move that is not a
    discard, which then can only be discarded to go out. Where a player may not go out, such a move is
    refused, so nobody is left holding a last card they may not discard."""
    return cards_left <= 0 or (cards_left == 1 and action.verb != "discard")


def side_of(seat: int, teams: Sequence[Sequence[int]] | None) -> int:
    """The side (team index) of ``seat``; without teams each seat is its own side."""
    if not teams:
        return seat
    return next(i for i, members in enumerate(teams) if seat in members)


# --- melds on the table --------------------------------------------------------------------------------
@dataclass
class Meld:
    """Cards laid together on the table. ``owner``: the seat or the side (the game says which) whose
    meld it is, None for a community meld anyone may use. ``by``: the seat that placed each card
    (lay-offs in front of the player who laid them count for that player)."""

    cards: list[Card]
    owner: int | None
    by: list[int] = field(default_factory=list)

    def add(self, cards: Iterable[Card], seat: int) -> None:
        for c in cards:
            self.cards.append(c)
            self.by.append(seat)

    def placed_by(self, seat: int) -> list[Card]:
        return [c for c, s in zip(self.cards, self.by) if s == seat]


def set_rank(cards: Iterable[Card], wild: frozenset[int] | Callable[[Card], bool]) -> int | None:
    """The rank of a set: that of its natural cards (None: wild cards only, or mixed ranks)."""
    is_wild = wild if callable(wild) else (lambda c: int(c) in wild)
    ranks = {c & 15 for c in cards if not is_wild(c)}
    return ranks.pop() if len(ranks) == 1 else None


def rank_word(rank: int, plural: bool = True) -> str:
    """``7`` → ``7s``; ``14`` → ``aces``; ``13`` → ``kings``."""
    names = {11: "jack", 12: "queen", 13: "king", 14: "ace", 1: "ace"}
    word = names.get(rank, RANK_TEXT.get(rank, str(rank)))
    return word + ("s" if plural else "")


def wild_test(rules: MeldRules) -> Callable[[Card], bool]:
    faces = rules.wild_faces
    return lambda c: int(c) in faces


def meld_problem(cards: Sequence[Card], rules: MeldRules) -> str | None:
    """Why ``cards`` are not one meld under ``rules``, in words (None: they are)."""
    if len(cards) < rules.min_len:
        return f"a meld needs at least {rules.min_len} cards; {cards_text(cards)} is {len(cards)}"
    if meld_kind(cards, rules) is not None:
        return None
    is_wild = wild_test(rules)
    naturals = [c for c in cards if not is_wild(c)]
    wilds = len(cards) - len(naturals)
    if len(naturals) < rules.min_naturals_per_meld:
        need = rules.min_naturals_per_meld
        return f"a meld needs at least {need} natural card{'s' if need > 1 else ''}; {cards_text(cards)} has " \
               f"{len(naturals)}"
    if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
        top = rules.max_wilds_per_meld
        return f"a meld may hold at most {top} wild card{'s' if top != 1 else ''}; {cards_text(cards)} has {wilds}"
    if rules.wilds_at_most_naturals and wilds > len(naturals):
        return f"wild cards may not outnumber natural ones: {cards_text(cards)} has {wilds} wild and " \
               f"{len(naturals)} natural"
    same_rank = len({c & 15 for c in naturals}) <= 1
    if same_rank and rules.sets and rules.max_set_size is not None and len(cards) > rules.max_set_size:
        return f"a set holds at most {rules.max_set_size} cards"
    if not rules.runs:
        return f"{cards_text(cards)} is not a set: melds are sets of one rank only"
    if not rules.sets:
        return f"{cards_text(cards)} is not a run: melds are runs of one suit only"
    return f"{cards_text(cards)} is neither a set (one rank) nor a run (one suit in sequence)"


def lay_problem(meld_cards: Sequence[Card], cards: Sequence[Card], rules: MeldRules) -> str | None:
    """Why ``cards`` cannot be added to a meld of ``meld_cards`` (None: they can). A meld keeps its
    kind: cards on a run extend the run."""
    grown = [*meld_cards, *cards]
    before = meld_kind(meld_cards, rules)
    problem = meld_problem(grown, rules)
    if problem is not None:
        return f"{cards_text(cards)} cannot go on {cards_text(meld_cards)}: {problem}"
    if before == "run" and not is_meld(grown, only(rules, RUN)):
        return f"{cards_text(cards)} does not extend the run {cards_text(meld_cards)}"
    return None


def runs_in(cards: Iterable[Card], rules: MeldRules) -> list[list[Card]]:
    """The runs worth offering as melds from ``cards``: every longest run of consecutive natural cards of
    one suit (aces low, high or either, as the rules say; one copy of each card), and its pieces of the
    shortest length. Wild cards take part only where they may stand as themselves."""
    by_suit: dict[int, dict[int, Card]] = {}
    for c in cards:
        if int(c) in rules.wild_faces and not rules.wilds_may_be_natural:
            continue
        for p in positions(c >> 4, c & 15, rules):
            by_suit.setdefault(c >> 4, {}).setdefault(p, c)
    out: list[list[Card]] = []
    k = rules.min_len
    for at in by_suit.values():
        run: list[Card] = []
        for pos in range(1, 16):
            if pos in at and at[pos] not in run:
                run.append(at[pos])
                continue
            if len(run) >= k:
                out.append(run)
                out += [run[i:i + k] for i in range(len(run) - k + 1)] if len(run) > k else []
            run = [at[pos]] if pos in at else []
    return out


def fits_on(table: Sequence[Meld], cards: Sequence[Card], rules: MeldRules) -> list[int]:
    """The numbers of the melds on the table that ``cards`` could be added onto (a lay-off): where a
    card "plays on the table"."""
    return [i + 1 for i, m in enumerate(table) if may_join(m.cards, cards, rules)
            and lay_problem(m.cards, cards, rules) is None]


def may_join(meld_cards: Sequence[Card], cards: Sequence[Card], rules: MeldRules) -> bool:
    """A quick first look before :func:`lay_problem`: natural cards can only join a meld whose natural
    cards share a rank or a suit with each of them (False: they cannot join; True: ask ``lay_problem``)."""
    wild = rules.wild_faces
    naturals = [m for m in meld_cards if int(m) not in wild]
    return not naturals or all(int(c) in wild or any(m & 15 == c & 15 or m >> 4 == c >> 4 for m in naturals)
                               for c in cards)


def swap_index(meld_cards: Sequence[Card], natural: Card, rules: MeldRules) -> int | None:
    """The position of a wild card in the meld that ``natural`` can stand in for, the meld staying the
    same kind (None: none can). A set's wild stands for its rank, a run's for its place."""
    if int(natural) in rules.wild_faces:
        return None
    kind = meld_kind(meld_cards, rules)
    one_kind = rules if kind is None else only(rules, kind)
    for i, c in enumerate(meld_cards):
        if int(c) in rules.wild_faces:
            trial = [*meld_cards[:i], natural, *meld_cards[i + 1:]]
            if is_meld(trial, one_kind):
                return i
    return None


def rearrange_problem(old: Sequence[Sequence[Card]], groups: Sequence[Sequence[Card]], hand: Sequence[Card],
                      rules: MeldRules) -> str | None:
    """Why melds ``old`` cannot be laid out again as ``groups`` (None: they can): every card of the
    old melds must be used, the others come from ``hand``, and each group must be a meld."""
    new = [c for g in groups for c in g]
    left_out = missing(new, [c for m in old for c in m])
    if left_out:
        return f"{cards_text(left_out)} must stay on the table: every card of the melds rearranged is used again"
    extra = list(new)
    for c in (c for m in old for c in m):
        extra.remove(c)
    gone = missing(hand, extra)
    if gone:
        return f"you do not hold {cards_text(gone)}"
    for g in groups:
        p = meld_problem(g, rules)
        if p is not None:
            return p
    return None


TARGET, WILDS_ALONE, INVALID, OPEN_TWICE = "target", "wilds-alone", "invalid", "open-twice"
"""What stops a landing: a group's ``on N`` (not the side's meld, closed, another rank), wild cards
alone with nowhere to go, a meld the rules refuse, or a second open meld of a rank."""


@dataclass
class Landing:
    """Where the groups of one move land on a side's sets: cards joining melds already on the table
    (``joined``, by index) and new melds (``new``), or the ``problem`` that stops the move (in words)
    and its ``fault`` (one of ``TARGET``, ``WILDS_ALONE``, ``INVALID``, ``OPEN_TWICE``), so a game
    can cite the rule each breaks."""

    joined: dict[int, list[Card]] = field(default_factory=dict)
    new: list[list[Card]] = field(default_factory=list)
    problem: str | None = None
    fault: str | None = None

    def stop(self, fault: str, problem: str) -> Landing:
        self.fault, self.problem = fault, problem
        return self

    def problem_if(self, *faults: str) -> str | None:
        """The problem, if its fault is one of ``faults``."""
        return self.problem if self.fault in faults else None

    def melds_after(self, table: Sequence[Meld]) -> list[list[Card]]:
        """The cards of every meld that changed or was made."""
        return [[*table[i].cards, *cards] for i, cards in self.joined.items()] + [list(m) for m in self.new]


WILD_SET = 0
"""The "rank" of a set made of wild cards alone, where a game allows one (a wild canasta)."""


def land_sets(table: Sequence[Meld], side: int, groups: Sequence[Group], rules: MeldRules,
              closes_at: int | None = None, wild_sets: bool = False) -> Landing:
    """Lay ``groups`` on ``side``'s sets, where a side keeps its melds by rank: a group without ``on``
    joins the side's open meld of its rank (the oldest, if it fits), or else starts a new meld; a
    group of wild cards alone must say which meld it goes ``on``, unless ``wild_sets`` lets wild
    cards make a set of their own (of at least ``rules.min_len`` cards, wild cards only). With
    ``closes_at`` a meld is closed once it holds that many cards (a canasta of seven) and nothing
    more goes on it; a side then keeps only one open meld of a rank. Every meld touched must stay
    valid under ``rules``."""
    out = Landing()
    is_wild = wild_test(rules)

    def rank_of_cards(cards: Sequence[Card]) -> int | None:
        if wild_sets and cards and all(is_wild(c) for c in cards):
            return WILD_SET
        return set_rank(cards, is_wild)

    def cards_of(key: int | tuple[str, int]) -> list[Card]:
        return [*table[key].cards, *out.joined.get(key, [])] if isinstance(key, int) else out.new[key[1]]

    def fits(key: int | tuple[str, int], n: int) -> bool:
        return closes_at is None or len(cards_of(key)) + n <= closes_at

    def open_melds(rank: int) -> list[int | tuple[str, int]]:
        keys: list[int | tuple[str, int]] = [i for i, m in enumerate(table) if m.owner == side]
        keys += [("new", k) for k in range(len(out.new))]
        return [k for k in keys if rank_of_cards(cards_of(k)) == rank
                and (closes_at is None or len(cards_of(k)) < closes_at)]

    for g in groups:
        cards = list(g.cards)
        if g.on is not None:
            i = g.on - 1
            if not 0 <= i < len(table) or table[i].owner != side:
                return out.stop(TARGET, f"meld {g.on} is not one of your side's melds")
            held = len(cards_of(i))
            if not fits(i, len(cards)):
                return out.stop(TARGET, f"meld {g.on} is closed at {closes_at} cards" if held >= (closes_at or 0)
                                else f"meld {g.on} holds {held} cards: only {(closes_at or 0) - held} more fit")
            rank, mine = rank_of_cards(cards_of(i)), set_rank(cards, is_wild)
            if rank == WILD_SET and wild_sets and not all(is_wild(c) for c in cards):
                return out.stop(TARGET, f"meld {g.on} is made of wild cards only")
            if mine is not None and rank is not None and mine != rank:
                return out.stop(TARGET, f"{cards_text(cards)} cannot go on meld {g.on}, a meld of {rank_word(rank)}")
            out.joined.setdefault(i, []).extend(cards)
            continue
        rank = rank_of_cards(cards)
        if rank is None:
            if all(is_wild(c) for c in cards):
                return out.stop(WILDS_ALONE, f"wild cards alone are laid on a meld: '{cards_text(cards)} on' a "
                                             "meld's number")
            return out.stop(INVALID, f"{cards_text(cards)} is not a set: its cards are of different ranks")
        home = next((k for k in open_melds(rank) if fits(k, len(cards))), None)
        if isinstance(home, int):
            out.joined.setdefault(home, []).extend(cards)
        elif home is not None:
            out.new[home[1]].extend(cards)
        else:
            out.new.append(cards)
    for cards in out.melds_after(table):
        if rank_of_cards(cards) == WILD_SET:
            problem = None if len(cards) >= rules.min_len else \
                f"a meld needs at least {rules.min_len} cards; {cards_text(cards)} is {len(cards)}"
        else:
            problem = meld_problem(cards, rules)
        if problem is not None:
            return out.stop(INVALID, problem)
    if closes_at is not None:
        untouched = [m.cards for i, m in enumerate(table) if m.owner == side and i not in out.joined]
        ranks = [rank_of_cards(m) for m in [*untouched, *out.melds_after(table)] if len(m) < closes_at]
        twice = sorted({r for r in ranks if r is not None and ranks.count(r) > 1})
        if twice:
            what = "wild cards" if twice[0] == WILD_SET else rank_word(twice[0])
            out.stop(OPEN_TWICE, f"close your open meld of {what} before starting another")
    return out


def canasta_kind(cards: Sequence[Card], wild: frozenset[int], size: int = 7) -> str | None:
    """``"natural"`` (no wild card), ``"mixed"`` or ``"wild"`` (wild cards only) once a meld holds
    ``size`` cards or more; None before."""
    if len(cards) < size:
        return None
    wilds = sum(1 for c in cards if int(c) in wild)
    return "natural" if wilds == 0 else "wild" if wilds == len(cards) else "mixed"


def laid_by(table: Iterable[Meld], seat: int) -> list[Card]:
    """Every card ``seat`` placed on the table, on whoever's meld (the cards played out in front of
    them, where a game counts lay-offs for the player who laid them)."""
    return [c for m in table for c in m.placed_by(seat)]

def run_start(run: Sequence[Card], rules: MeldRules) -> int | None:
    """The place of the first card (1: a low ace, 2 to 13, 14: a high ace) when ``run``, read in the
    order written with each wild card standing for the card at its place, is a run under ``rules``
    (None: it is not). The order is how a player says what each wild card stands for."""
    n = len(run)
    if n < rules.min_len or n > MAX_RUN or any(int(c) in rules.unmeldable for c in run):
        return None
    is_wild = wild_test(rules)
    naturals = [(i, c) for i, c in enumerate(run) if not is_wild(c)]
    if not naturals or not rules.runs or not wilds_ok(len(naturals), n - len(naturals), rules):
        return None
    suit = naturals[0][1] >> 4
    w = window(suit, rules)
    if w is None or any(c >> 4 != suit for _, c in naturals):
        return None
    first, card = naturals[0]
    for p in positions(suit, card & 15, rules):
        start = p - first
        if w[0] <= start and start + n - 1 <= w[1] and \
                all(start + i in positions(suit, c & 15, rules) for i, c in naturals):
            return start
    return None


def run_order(cards: Sequence[Card], rules: MeldRules) -> list[Card] | None:
    """``cards`` as a run written in order: as given when they read so, else their natural cards in
    order with the wild cards filling the gaps and then lengthening the run upward (downward once
    it reaches the top). None: the cards make no run."""
    if run_start(cards, rules) is not None:
        return list(cards)
    is_wild = wild_test(rules)
    naturals = [c for c in cards if not is_wild(c)]
    spare = [c for c in cards if is_wild(c)]
    if not naturals or len({c >> 4 for c in naturals}) != 1:
        return None
    suit = naturals[0] >> 4
    w = window(suit, rules)
    if w is None:
        return None
    for reading in (min, max):  # an ace low or high
        at: dict[int, Card] = {}
        for c in naturals:
            options = positions(suit, c & 15, rules)
            if not options or reading(options) in at:
                break
            at[reading(options)] = c
        else:
            lo, hi = min(at), max(at)
            gaps = hi - lo + 1 - len(at)
            if gaps > len(spare):
                continue
            extra = len(spare) - gaps
            up = min(extra, w[1] - hi)
            lo, hi = lo - (extra - up), hi + up
            wild = iter(spare)
            out = [at[p] if p in at else next(wild) for p in range(lo, hi + 1)]
            if lo >= w[0] and run_start(out, rules) is not None:
                return out
    return None


def extend_run(run: Sequence[Card], cards: Sequence[Card], rules: MeldRules) -> tuple[list[Card], list[Card]] | None:
    """Where ``cards`` go when laid on a run written in order, its own cards keeping their places: the
    cards below it and the cards above it, each in order. The cards as written go above, below, or
    split between the two ends, the first reading that makes a run winning (a wild card laid alone
    goes on top unless the run already reaches the top). None: they do not lengthen the run."""
    n = len(cards)
    for k in (0, n, *range(1, n)):
        below, above = list(cards[:k]), list(cards[k:])
        for low in (below, below[::-1]):
            for high in (above, above[::-1]):
                if run_start([*low, *run, *high], rules) is not None:
                    return low, high
    return None


def stands_for(run: Sequence[Card], rules: MeldRules) -> list[int]:
    """The face each card of a run written in order stands for (a wild card: the card at its place)."""
    start = run_start(run, rules)
    if start is None:
        raise ValueError(f"{cards_text(run)} is not a run written in order")
    suit = next(c >> 4 for c in run if int(c) not in rules.wild_faces)
    return [face_at(suit, start + i) for i in range(len(run))]


def run_swap_index(run: Sequence[Card], natural: Card, rules: MeldRules) -> int | None:
    """The place of the wild card in a run written in order that stands for ``natural`` (None: no wild
    card of the run stands for it)."""
    if int(natural) in rules.wild_faces or run_start(run, rules) is None:
        return None
    faces = stands_for(run, rules)
    return next((i for i, c in enumerate(run) if int(c) in rules.wild_faces and faces[i] == int(natural)), None)



@functools.lru_cache(maxsize=64)
def only(rules: MeldRules, kind: str) -> MeldRules:
    """``rules`` for melds of one kind (``set`` or ``run``), made once per rules."""
    return dataclasses.replace(rules, runs=kind == "run", sets=kind == "set")


SET, RUN, EITHER = "set", "run", "either"
"""The kinds of a meld on a table of melds written in order; ``either``: cards that read both ways
(one natural card and wild cards) until a card laid on them settles it."""


def kinds_of(cards: Sequence[Card], rules: MeldRules) -> list[str]:
    """The kinds ``cards`` make as one meld under ``rules`` (a run in the order given or put in order)."""
    out = []
    if meld_problem(cards, only(rules, SET)) is None:
        out.append(SET)
    if rules.runs and run_order(cards, rules) is not None:
        out.append(RUN)
    return out


@dataclass
class Layout:
    """Where the groups of one move go on a table of melds written in order: new melds (kind and
    cards, a run in order) and, for melds already there, the cards going below and above them and
    the kind each is after; or why they cannot go (``wild_limit``: a wild card limit is broken)."""

    new: list[tuple[str, list[Card]]] = field(default_factory=list)
    onto: dict[int, tuple[list[Card], list[Card]]] = field(default_factory=dict)
    kinds: dict[int, str] = field(default_factory=dict)
    problem: str | None = None
    wild_limit: bool = False

    def refuse(self, problem: str, cards: Sequence[Card], rules: MeldRules) -> Layout:
        self.problem = problem
        wild = sum(1 for c in cards if int(c) in rules.wild_faces)
        self.wild_limit = wild < len(cards) and not wilds_ok(len(cards) - wild, wild, rules)
        return self


def lay_out(table: Sequence[Sequence[Card]], kinds: Sequence[str], groups: Sequence[Group], rules: MeldRules,
            declared: Sequence[str | None] = ()) -> Layout:
    """Lay ``groups`` on a table of melds written in order (``kinds`` says what each is): a group
    without ``on`` is a new meld of the kind ``declared`` for it (None: what its cards make,
    ``either`` when they read both ways); a group ``on`` meld N goes on that meld and keeps it one:
    a set takes cards of its rank, a run is lengthened at its ends (never split), an ``either``
    meld becomes what the cards make of it (read as a run in the order it was written). Every meld
    touched must keep the wild card limits."""
    out = Layout()
    said = list(declared) + [None] * (len(groups) - len(declared))
    for g, kind in zip(groups, said):
        cards = list(g.cards)
        if g.on is None:
            readings = kinds_of(cards, rules)
            if kind is not None and kind not in readings:
                problem = meld_problem(cards, rules) or f"{cards_text(cards)} is not a {kind}"
                return out.refuse(problem, cards, rules)
            if not readings:
                return out.refuse(meld_problem(cards, rules) or f"{cards_text(cards)} is not a meld", cards, rules)
            made = kind or (readings[0] if len(readings) == 1 else EITHER)
            out.new.append((made, (run_order(cards, rules) or cards) if made != SET else cards))
            continue
        i = g.on - 1
        below, above = out.onto.get(i, ([], []))
        now = [*below, *table[i], *above]
        was = out.kinds.get(i, kinds[i])
        grown_set = [*now, *cards]
        as_set = was in (SET, EITHER) and meld_problem(grown_set, only(rules, SET)) is None
        ends = extend_run(now, cards, rules) if was in (RUN, EITHER) and rules.runs else None
        if as_set and ends is not None:
            out.onto[i], out.kinds[i] = (below, [*above, *cards]), EITHER
        elif as_set:
            out.onto[i], out.kinds[i] = (below, [*above, *cards]), SET
        elif ends is not None:
            out.onto[i], out.kinds[i] = ([*ends[0], *below], [*above, *ends[1]]), RUN
        else:
            what = "the run" if was == RUN else "the set" if was == SET else "the meld"
            out.refuse("", grown_set, rules)
            why = meld_problem(grown_set, only(rules, SET)) if was == SET or out.wild_limit else None
            out.problem = f"{cards_text(cards)} cannot go on {what} {cards_text(now)}: " \
                          f"{why or 'a run is only lengthened at its ends'}"
            return out
    return out



def put_down(table: list[Meld], layout: Layout, seat: int, owner: int | None, kinds: list[str] | None = None) -> None:
    """Carry ``layout`` out: the cards going below and above the melds it grows, then its new melds
    (owned by ``owner``), every card placed by ``seat``; ``kinds``, the table's kinds where the game
    keeps them, follows."""
    for i, (below, above) in layout.onto.items():
        m = table[i]
        m.cards[:0] = below
        m.by[:0] = [seat] * len(below)
        m.add(above, seat)
        if kinds is not None:
            kinds[i] = layout.kinds[i]
    for kind, cards in layout.new:
        table.append(Meld(list(cards), owner, [seat] * len(cards)))
        if kinds is not None:
            kinds.append(kind)


@dataclass(frozen=True)
class PlayedOut:
    """One player's count at the end of a round where "all points played out in front of you less any
    cards still in your hand" score."""

    seat: int
    played_out: int
    in_hand: int

    @property
    def total(self) -> int:
        return self.played_out - self.in_hand

    def words(self) -> str:
        return f"{self.total} ({self.played_out} played out, {self.in_hand} in hand)"


def played_out_fact(name: str, label: str, scores: Sequence[PlayedOut]) -> Fact:
    """The last round's counts as a table: each seat's points played out, in hand, and the score."""
    return fact(name, label, FactKind.TABLE, {
        "columns": ["Player", "Played out", "In hand", "Score"],  # "seat 2": the table shows the player's name
        "rows": [[f"seat {s.seat}", str(s.played_out), str(-s.in_hand), str(s.total)] for s in scores]})


def played_out(table: Sequence[Meld], hands: Sequence[Sequence[Card]], values: Sequence[int]) -> tuple[PlayedOut, ...]:
    """Each player's :class:`PlayedOut` count: the cards they laid, on anyone's melds, less their hand."""
    return tuple(PlayedOut(s, count(laid_by(table, s), values), count(hand, values)) for s, hand in enumerate(hands))


# --- one judgement, several clauses; the stock made again ---------------------------------------------------
Verdict = tuple[Clause, str] | None
"""The clause a move breaks and why (None: it keeps them all)."""


def judged(verdict: Callable[[Action], Verdict], clauses: Iterable[Clause]) -> Iterator[Restriction]:
    """One restriction per clause out of one judgement of each move, worked out once per move: for a
    check that finds which of several rules a meld breaks in a single pass (a set of one rank, a
    natural card, the wild limit...), cited in the cascade at each rule's place."""
    memo: dict[tuple[Action, tuple[type, ...]], Verdict] = {}

    def of(a: Action) -> Verdict:
        key = (a, tuple(map(type, a.args)))  # a card is an int: 'lay 7 on 1' is not 'lay 7C on 1'
        if key not in memo:
            memo[key] = verdict(a)
        return memo[key]

    def breaks(clause: Clause) -> Callable[[Action], str | None]:
        def problem(a: Action) -> str | None:
            v = of(a)
            return v[1] if v is not None and v[0] is clause else None
        return problem

    for clause in clauses:
        yield Restriction(clause, breaks(clause))


def meld_label(n: int, cards: Sequence[Card], kind: str, rules: MeldRules) -> str:
    """A meld's label on the table: its number and what it is, ``3: run 4H–8H`` or ``2: set of 7s (4)``."""
    if kind != SET and run_start(cards, rules) is not None:
        faces = stands_for(cards, rules)
        text = f"{n}: run {card_text(faces[0])}–{card_text(faces[-1])}"
        return text if kind == RUN else f"{text} or a set ({len(cards)})"
    rank = set_rank(cards, rules.wild_faces)
    return f"{n}: set of {rank_word(rank) if rank else 'cards'} ({len(cards)})"


# --- points --------------------------------------------------------------------------------------------
_COLOURS = {"red": (1, 2), "black": (0, 3)}


def point_table(values: Mapping[str, int]) -> list[int]:
    """Points of every face, indexed by the card's int value, from a book's card-count table:
    ``{"JK": 50, "2": 25, "A": 20, "K-8": 10, "7-4": 5, "black 3": 5}``. A range runs either way;
    "red"/"black" restrict a rank to one colour; later keys win; faces not named count 0."""
    table = [0] * 256
    for key, points in values.items():
        colour, _, ranks = key.rpartition(" ")
        if ranks.upper() == "JK":
            table[JOKER_SUIT * 16 + 1] = points
            continue
        lo, _, hi = ranks.upper().partition("-")
        a, b = TEXT_RANK[lo], TEXT_RANK[hi or lo]
        suits = _COLOURS[colour] if colour else range(4)
        for r in range(min(a, b), max(a, b) + 1):
            for s in suits:
                table[s * 16 + r] = points
    return table


def count(cards: Iterable[Card], table: Sequence[int]) -> int:
    """The points of ``cards`` by a :func:`point_table`."""
    return sum(table[c] for c in cards)


def table_minus_hand(on_table: Iterable[Card], in_hand: Iterable[Card], table: Sequence[int]) -> int:
    """The usual end-of-round count: the cards you have on the table less those left in your hand."""
    return count(on_table, table) - count(in_hand, table)


# --- views ---------------------------------------------------------------------------------------------
def hand_zones(hands: Sequence[Sequence[Card]], known: Sequence[Sequence[Card]] | None = None,
               label: str = "Hand", name: str = "hand") -> list[Zone]:
    """Each seat's hand, seen by its owner only, except the cards it took face up from the discard pile
    (``known``), which everyone saw taken and which lie in a public zone ``taken``."""
    zones = []
    for s, hand in enumerate(hands):
        seen = list(known[s]) if known is not None else []
        hidden = list(hand)
        for c in seen:
            hidden.remove(c)
        zones.append(Zone(name, hidden, frozenset({s}), owner=s, kind=ZoneKind.HAND, label=label))
        if known is not None:
            zones.append(Zone("taken", seen, None, owner=s, kind=ZoneKind.HAND, label="Taken from the discard pile"))
    return zones


def forget_known(known: list[Card], cards: Iterable[Card]) -> None:
    """Cards leaving a hand are no longer its face-up known cards."""
    for c in cards:
        if c in known:
            known.remove(c)


def stock_zone(stock: Sequence[Card], name: str = "stock", label: str = "Stock") -> Zone:
    return Zone(name, list(stock), frozenset(), kind=ZoneKind.STOCK, label=label)


def pile_zone(pile: Sequence[Card], name: str = "discard", label: str = "Discard pile",
              owner: int | None = None) -> Zone:
    """The discard pile, top last (``owner``: a seat's own pile). Every card in it was discarded face
    up, so all of it is shown."""
    return Zone(name, list(pile), None, owner=owner, kind=ZoneKind.DISCARD, label=label)


def meld_zones(melds: Sequence[Meld], label: Callable[[int, Meld], str] | None = None,
               by_team: bool = False, closed: Callable[[Meld], str | None] | None = None) -> list[Zone]:
    """One face-up zone per meld, named ``meld``, labelled with its number (``3: 7s``), grouped by
    owner: ``team`` is set for a side's melds (``by_team``), ``owner`` for a seat's, neither for the
    community's. ``by`` says who placed each card; ``closed`` names a finished meld's kind (a
    canasta's ``natural`` or ``mixed``), which the table shows squared up."""
    zones = []
    for i, m in enumerate(melds):
        text = label(i + 1, m) if label is not None else f"{i + 1}"
        zones.append(Zone("meld", list(m.cards), None, owner=None if by_team else m.owner,
                          team=m.owner if by_team else None, kind=ZoneKind.MELD, label=text, by=list(m.by),
                          closed=(closed(m) or "") if closed is not None else ""))
    return zones


def bonus_zones(bonus: Sequence[Sequence[Card]], label: str, by_team: bool = False) -> list[Zone]:
    """Bonus cards laid face up (red threes), one zone per seat or side."""
    return [Zone("bonus", list(cards), None, owner=None if by_team else i, team=i if by_team else None,
                 kind=ZoneKind.MELD, label=label) for i, cards in enumerate(bonus)]

