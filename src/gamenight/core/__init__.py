"""Equipment with no rules: cards, decks, dice, seats. Standard library only."""
