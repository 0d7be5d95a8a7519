"""The game contract, options, rule clauses, match log, replay and registry."""
