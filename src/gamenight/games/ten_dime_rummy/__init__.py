"""10 Dime Rummy (rulebook 000): eight rounds of set contracts with jokers and 2s wild.

Each round asks for a bigger required meld (1 set of 3 up to 2 sets of 6). Players draw from
the stock only: the top discard must be bought for a dime, with two stock cards, by any player
at any time; the dimes go to the pot, which the highest score after eight rounds takes. Cards
played out in front of you count for you, cards left in hand against you. The rummy family
gives the moves' words, the restrictions they share, the candidate melds and the zones."""

from gamenight.families.rummy_game import Phase
from gamenight.games.ten_dime_rummy.game import TenDimeRummy, TenDimeState
from gamenight.games.ten_dime_rummy.rules import RULES, SPEC, TenDimeOptions

__all__ = ["RULES", "SPEC", "Phase", "TenDimeOptions", "TenDimeRummy", "TenDimeState"]
