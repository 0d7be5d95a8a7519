"""gamenight: plays and referees table games under a group's own house rules.

    >>> import gamenight
    >>> match = gamenight.load("hearts", players=4, seed=1)
    >>> seat = match.to_act()[0]
    >>> match.apply(seat, match.legal_actions(seat)[0])
"""

from gamenight import games as _catalog
from gamenight.core.cards import Card, cards, parse_card
from gamenight.engine.actions import Action, ActionSyntaxError, parse_action
from gamenight.engine.clauses import Clause, IllegalAction
from gamenight.engine.game import GameSpec, Result
from gamenight.engine.match import Match, MatchRecordError
from gamenight.engine.options import OptionError
from gamenight.engine.registry import UnknownGame, load, restore
from gamenight.engine.registry import game as get_game
from gamenight.engine.registry import specs as games
from gamenight.engine.registry import use_catalog as _use_catalog

# Game modules are imported on first use. The games package itself is imported above,
# before ``games`` is bound to the function: importing it later would rebind the name.
_use_catalog(_catalog.ids, _catalog.load)

__all__ = ["Action", "ActionSyntaxError", "Card", "Clause", "GameSpec", "IllegalAction", "Match",
           "MatchRecordError", "OptionError", "Result", "UnknownGame", "cards", "games", "get_game",
           "load", "parse_action", "parse_card", "restore"]
