"""Gin Rummy (rulebook 001), with the Metzker tournament rules of rulebook 000 as house options.

The standard game: ten cards each and an up-card, the first-turn offer of the up-card,
knocking with ten or less, gin, laying off, the two-card stock limit, undercuts, and a game
to 100 with game, shutout and line bonuses. The "metzker" preset switches on the tournament
rules: a 13/12 deal without an up-card, aces high or low, Gin / Double Gin / "Run with X",
the run undercut (double the run plus 25), stock-out scoring and three concurrent games to
200 with Gin circles. Every one of those is its own option, so a house can mix them.

The meld search (least deadwood, the knocker's spread, the defender's best lay-off) comes
from ``families.melds``; the play path itself only moves cards, and asks the solver only
when a hand could possibly go out.
"""

from gamenight.games.gin_rummy.game import GinRummy, GinState
from gamenight.games.gin_rummy.rules import METZKER, RULES, SPEC, GinOptions

__all__ = ["METZKER", "RULES", "SPEC", "GinOptions", "GinRummy", "GinState"]
