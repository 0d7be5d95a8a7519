"""Runs many matches between bots and summarises them."""
