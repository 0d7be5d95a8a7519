"""Arizona Rummy (rulebook 000): eleven rounds from 3s to kings, each dealing as many cards as its
rank, that rank and the jokers wild.

Each player discards in front of them and draws from the centre pile or the top of any player's
pile; sets and runs, each with a natural card, go down in front of their player, who alone adds
to them. Going out takes a discard, laid face down; everyone else is then given a card and plays
what they can before counting back what is left in hand. Low total after the kings wins. The
rummy family gives the moves' words, personal discard piles and melds written in order.
"""

from gamenight.games.arizona_rummy.game import ArizonaRummy, ArizonaState, Phase
from gamenight.games.arizona_rummy.rules import RULES, SPEC, ArizonaOptions

__all__ = ["RULES", "SPEC", "ArizonaOptions", "ArizonaRummy", "ArizonaState", "Phase"]
