"""Adapters that let research libraries play any registered game: OpenSpiel (``adapters.openspiel``)
and PettingZoo (``adapters.pettingzoo``), each an optional extra.

Both enter an engine move one token at a time (``adapters.tokens``), so every game shares one fixed,
documented action space. Adapters sit on top: they import the engine, nothing imports them.
"""
