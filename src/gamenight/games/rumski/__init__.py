"""Rumski (rulebook 002): a quick-thinking rummy with a 70-card deck of five coloured suits
numbered 1 to 13 and five wild cards.

Players lay matched sets (groups of a number, sequences of a colour) to a Community that belongs
to nobody: once a player has introduced a set of their own they may add to any set and rearrange
the Community, so long as every set stays legal. One wild card a set; wild cards never stay in
hand unless dealt or drawn from the stock. A turn draws from the stock or the discard pile (its
top card or all of it) and ends with a discard matching the top card's colour or number, or a
knock. The first to play their whole hand wins the round (RUMSKI!) and scores the others' hands.
"""

from gamenight.families.rummy_game import Phase
from gamenight.games.rumski.game import Rumski, RumskiState
from gamenight.games.rumski.rules import RULES, SPEC, RumskiOptions

__all__ = ["RULES", "SPEC", "Phase", "Rumski", "RumskiOptions", "RumskiState"]
