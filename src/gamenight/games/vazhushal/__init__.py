"""Vazhushal (rulebook 004): a rummy game from Chennai for two to six players.

Its discards lie in a line, not a pile: a player may take as many of the latest ones as they like,
so long as the deepest goes straight into a new meld ("wipe" them up). The bottom card of the
stock, turned up as the negative joker, makes its rank in the opposite colour wild beside the
jokers; each player's first meld must be a pure sequence; melds are one's own (rearranged but
never laid off on by others). The first to meld all but a final discard wins; if the stock runs
out, melds less hands decide.
"""

from gamenight.games.vazhushal.game import Phase, Vazhushal, VazhushalState
from gamenight.games.vazhushal.rules import RULES, SPEC, VazhushalOptions

__all__ = ["RULES", "SPEC", "Phase", "Vazhushal", "VazhushalOptions", "VazhushalState"]
