"""Taking a move back by agreement, on Board Game Arena's terms.

A player may ask to take back their own last move, and only while nobody else has acted
since and the move revealed nothing that was hidden: no card drawn, no die rolled, no new
deal, no one else's pieces shown. The other people at the table must agree (the table
service asks them). The match log stays the truth: a move taken back is the match replayed
from its record without that move, so it is as if it had never been made.

What a move revealed is judged generically, from the zones every game describes: after
the move, may any viewer see a piece that the mover could not see before it? Playing a
card from your own hand shows the others only what you already saw, so it may be taken
back; drawing from the stock shows you a card you had not seen, so it may not. A move that
drew on chance (a shuffle, a roll) is never taken back, whatever the zones show.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamenight.engine.clauses import Clause, IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.view import FactKind

OWN_LAST_MOVE = Clause("engine.undo.own-last-move", "A player may take back only their own last move, and only "
                       "before anyone else has acted.", section="General rules")
NOTHING_REVEALED = Clause("engine.undo.nothing-revealed", "A move that revealed hidden information (a card drawn, "
                          "a die rolled, a new deal, another player's pieces) cannot be taken back.",
                          section="General rules")
AGREED = Clause("engine.undo.agreed", "A move is taken back only when the other players at the table agree.",
                section="General rules")


def without_last_move(match: Match) -> Match:
    """The match replayed from its record without its last move."""
    record = match.record()
    record["log"] = record["log"][:-1]
    return Match.replay(match.game, record)


def take_back(match: Match, seat: int) -> Match:
    """The match as it was before ``seat``'s last move, if the rules of undo allow taking it
    back; otherwise ``IllegalAction`` citing the rule that forbids it. ``match`` is unchanged."""
    if not match.log or match.log[-1].seat != seat:
        detail = "nothing has been played yet" if not match.log else "someone else has acted since your last move" \
            if any(e.seat == seat for e in match.log) else "you have not made a move yet"
        raise IllegalAction(OWN_LAST_MOVE, detail)
    before = without_last_move(match)
    if _chance_drawn(before, match):
        raise IllegalAction(NOTHING_REVEALED, "your move brought out new cards or dice")
    if _revealed(before, match, seat):
        raise IllegalAction(NOTHING_REVEALED, "your move showed pieces that were hidden")
    return before


def _chance_state(match: Match) -> tuple[Any, ...]:
    rng = match.state.rng
    return rng.getstate(), getattr(rng, "shuffles", 0), getattr(rng, "rolled", 0)


def _chance_drawn(before: Match, after: Match) -> bool:
    return _chance_state(before) != _chance_state(after)


def _seen(match: Match, viewer: int | None) -> Counter[str]:
    """Every piece ``viewer`` may see now: in the zones and in facts that show pieces."""
    game, state = match.game, match.state
    seen: Counter[str] = Counter()
    for zone in game.zones_for(state, viewer):
        if zone.listed and not zone.recap and zone.seen_by(viewer):
            seen.update(map(str, zone.pieces))
    for f in game.facts(state, viewer):
        if f.kind is FactKind.PIECES and isinstance(f.value, list | tuple):
            seen.update(map(str, f.value))
    return seen


def _revealed(before: Match, after: Match, mover: int) -> bool:
    """Whether any viewer may now see a piece the mover could not see before the move."""
    known = _seen(before, mover)
    for viewer in [*range(after.players), None]:
        new = _seen(after, viewer) - _seen(before, viewer)
        if new - known:
            return True
    return False
