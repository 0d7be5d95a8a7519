"""Renders a game's rulebook from its clauses for chosen options."""
