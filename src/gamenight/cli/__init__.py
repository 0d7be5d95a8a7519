"""The ``gamenight`` command: list, rules, play, simulate."""
