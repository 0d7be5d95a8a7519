"""Settings for the whole suite. Hypothesis's per-example deadline is a timed assertion: on a
loaded machine it fails tests that are correct, so the suite runs without it (speed is measured
in bench/, never asserted in tests)."""

from hypothesis import settings

settings.register_profile("gamenight", deadline=None)
settings.load_profile("gamenight")
