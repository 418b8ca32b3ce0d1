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


class StoreBusy(StoreError):
    """Another window or program is writing to the progress file; try again in a moment."""


class StoreFull(StoreError):
    """The disk holding the progress file is full."""


class StoreUnreachable(StoreError):
    """The school's database (PostgreSQL) cannot be reached: at start, or a connection dropped."""


class ProfileInUse(StoreError):
    """The profile is open in another window; the learner chooses what to do."""

    def __init__(self, name: str) -> None:
        from tutor.language import tr

        super().__init__(tr("{name}'s progress is open in another window.").format(name=name))
        self.name = name


class CannotJoin(TutorError):
    """A learner who cannot join a game at this keyboard: a name the rule refuses, the host's own,
    one named twice, too many for the rules, or one open in another window (`in_use`)."""

    def __init__(self, message: str, in_use: bool = False) -> None:
        super().__init__(message)
        self.in_use = in_use


class ProfileLost(StoreError):
    """This window may no longer save a profile: it was reset, removed or taken over elsewhere."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(_lost_words(why).format(name=name))
        self.name = name
        self.why = why


def _lost_words(why: str) -> str:
    """The whole sentence for a lost profile, by why it was lost (`ProfileLost.why`, kept in English)."""
    from tutor.language import tr

    sentences = {
        "was removed in another window or from the command line": tr("{name}'s progress was removed in another window or from the command line."),
        "was reset in another window or from the command line": tr("{name}'s progress was reset in another window or from the command line."),
        "was taken over by another window": tr("{name}'s progress was taken over by another window."),
    }
    return sentences.get(why, "{name}'s progress " + why.replace("{", "{{").replace("}", "}}") + ".")


class UnsafeTarget(StoreError, OSError):
    """A path the tutor refuses to write over or read from (a device, a pipe, a folder, a link)."""


class DamagedPin(StoreError, ValueError):
    """The teacher's PIN as kept in the progress file is not one the tutor wrote."""


class TableRefused(TutorError):
    """Something a table for playing together refuses; the message says what, for the learner."""


class NoSuchTable(TableRefused, LookupError):
    """No table has this name (or id)."""


class TableFull(TableRefused):
    """Every seat at the table is taken (by learners, or by computer players once the game is on)."""


class TableNotOpen(TableRefused):
    """The table's game has begun, has finished, or the table was closed or set aside."""


class TableDamaged(TableNotOpen):
    """The table's row in the progress file is damaged; it was set aside."""


class NotHost(TableRefused):
    """Only the learner who opened the table may start its game."""


class NotYourSeat(TableRefused):
    """A move for a seat this learner does not sit at, or at a table they do not sit at."""


class StaleMove(TableRefused):
    """The move was decided on an older state of the table: another window moved first.
    ``move`` is the table's move number now; look again (``Tables.load``) and decide anew."""

    def __init__(self, table: str, move: int) -> None:
        from tutor.language import tr

        super().__init__(tr("Table {table} has moved on (to move {move}): look again before you play.").format(table=table, move=move))
        self.table = table
        self.move = move
