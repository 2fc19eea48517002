"""The tutor in the studio: the Practice tab (drills, profiles, the mastery chart) on the core
of :mod:`nonostudio.analysis.tutor` and :mod:`nonostudio.core.library.profiles`."""
