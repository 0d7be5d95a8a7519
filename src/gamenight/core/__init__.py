"""Equipment with no rules: cards, tiles, dice, boards, chips, tokens, seats.

Importing this package registers every kind of piece with the notation parser."""

from gamenight.core import boards, cards, chips, dice, tiles  # noqa: F401  (register piece kinds)
