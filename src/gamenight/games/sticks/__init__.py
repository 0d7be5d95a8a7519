"""Sticks (rulebook 000): each player holds a secret contract, a stick, drawn from a pot; laying its
melds down turns it face up, and the first to collect seven sticks wins.

The book has no list of stick contracts: the game ships a default set, which a house edits in its
rule set (the ``sticks`` option), and the rulebook says so. Free sticks, sticks held from deal to
deal, wild cards swapped out of other players' sets and lay-offs on anyone's melds follow the book;
trading a stick and refusing discards that play on the table are its alternate rules. The rummy
family gives the moves' words, the restrictions they share, the candidate melds and the zones."""

from gamenight.families.rummy_game import Phase
from gamenight.games.sticks.game import Sticks, SticksState
from gamenight.games.sticks.rules import RULES, SPEC, SticksOptions

__all__ = ["RULES", "SPEC", "Phase", "Sticks", "SticksOptions", "SticksState"]
