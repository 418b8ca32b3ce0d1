"""The tutor's one family of errors: everything it raises on purpose is a `TutorError`.

Callers catch what they mean (`CourseError`, `StoreError`, ...) instead of a tuple of built-in
errors. Each message is written for the person at the keyboard: what went wrong and where.
Subclasses that replace a built-in error also derive from it, so older callers keep working.
"""

from __future__ import annotations


class TutorError(Exception):
    """Something the tutor refuses or cannot do, with a message for the user."""


class RulesError(TutorError, ValueError):
    """Rules, a position or a saved game that the engine cannot accept."""


class CourseError(TutorError, ValueError):
    """A course file (lesson, quiz, mistakes or deck) with a problem; the message says file:line: field."""


class StoreError(TutorError):
    """The learner store could not read or write what was asked."""


class ProfileFileError(TutorError, ValueError):
    """An exported profile file that cannot be imported."""
