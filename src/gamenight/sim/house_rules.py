"""The rule sets a house may want compared: two of its versions, or the rules in force and
an open proposal ("what would this change do?")."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight import houses as H
from gamenight.engine.registry import resolve_options
from gamenight.houses.checks import game_spec
from gamenight.sim.compare import RuleSet


def versions(house: H.House, game_id: str, numbers: Sequence[int] = ()) -> list[RuleSet]:
    """Versions ``numbers`` of the house's rules for ``game_id`` (none given: the one before the
    version in force, and that one). A version that does not exist raises ``HouseError``."""
    if not numbers:
        current = H.current_version(house, game_id)
        if current == 0:
            raise H.HouseError(f"{house.name} plays {game_id} by the book: there is no earlier version to compare")
        numbers = (current - 1, current)
    return [RuleSet(f"version {n}", H.options_for(house, game_id, n)) for n in numbers]


def proposal(house: H.House, proposal_id: int) -> tuple[str, list[RuleSet]]:
    """The game of proposal ``proposal_id`` and two rule sets: the rules in force, then the same
    rules with the proposal's change made (its rulings change no option, so no match)."""
    p = house.proposal(proposal_id)
    now = H.rule_set(house, p.game)
    after = H.apply_change(now, p.change)
    spec = game_spec(p.game)
    return p.game, [RuleSet(f"version {H.current_version(house, p.game)} (in force)", H.options_for(house, p.game)),
                    RuleSet(f"with proposal #{p.id}", resolve_options(spec, after.values, after.preset))]
