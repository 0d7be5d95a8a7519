"""Hand and Foot Canasta (rulebook 000): two teams, a hand and a foot each, four rounds.

Each player plays a 15-card hand, then picks up a 13-card foot. A turn draws two from the stock
or picks the whole pile with a natural pair matching its top card; melds are sets that close as
canastas at seven cards (red: natural, black: mixed, wild: wild cards only); wild cards and black
threes freeze the pile; red threes are laid out and replaced. A team needs a red, a black and a
wild canasta (and, if the house says so, one of sevens) before a player goes out from the foot.
Minimum first melds rise from 90 to 180 over the four rounds; high score wins.
"""

from gamenight.families.rummy_game import Phase
from gamenight.games.hand_and_foot.game import HandAndFoot, HandFootState
from gamenight.games.hand_and_foot.rules import RULES, SPEC, HandAndFootOptions

__all__ = ["RULES", "SPEC", "HandAndFoot", "HandAndFootOptions", "HandFootState", "Phase"]
