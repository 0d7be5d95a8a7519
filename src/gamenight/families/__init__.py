"""Mechanics shared by two or more games."""
