"""What the store hands back: small frozen records in the game's words."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any


class Level(StrEnum):
    """How well a learner knows a concept (see Store.mastery for the rule)."""

    LEARNING = "learning"
    PRACTISED = "practised"
    MASTERED = "mastered"


class GameResult(StrEnum):
    """How a finished game went for the learner: safe or the Old Maid; in the reversed game (the
    odd card's holder wins), won or lost. The values are what the store and profile files keep."""

    SAFE = "safe"
    OLD_MAID = "old-maid"
    WON = "won"
    LOST = "lost"


KNOWN_RESULTS = frozenset(GameResult)


class NoSuchProfile(LookupError):
    """Raised when a profile is asked for by a name nobody has."""

    def __init__(self, name: str) -> None:
        from tutor.language import tr

        super().__init__(tr("There is no profile called {name}.").format(name=repr(name)))


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    created: datetime


@dataclass(frozen=True)
class FinishedGame:
    rules: dict[str, Any]
    result: GameResult
    draws: int
    mistakes: int
    when: datetime


@dataclass(frozen=True)
class LessonProgress:
    lesson_id: str
    step: int
    hints_used: int
    """Hints shown in the run through the lesson under way (or the last one finished)."""
    finished: bool
    when: datetime
    stars: int = 0
    """The best stars of a finished run (1 to 3); 0 when none was finished since they were kept."""
    mistakes: int = 0
    """Mistakes that count, made in the run under way (or the last one finished)."""


@dataclass(frozen=True)
class Answer:
    question: str
    concept: str
    right: bool
    when: datetime


@dataclass(frozen=True)
class Mistake:
    code: str
    cards: tuple[str, ...]
    where: str
    when: datetime
    real: bool = False
    """Kept by a recorder that leaves out the mistakes lesson steps ask for on purpose: real for
    sure. False for a lesson mistake kept before (or read from an older profile file)."""


@dataclass(frozen=True)
class TeacherPin:
    """The teacher's PIN as the store keeps it: a slow hash (scrypt) with its salt and cost, never
    the PIN itself; and how many wrong tries came in a row, the latest when."""

    digest: bytes
    salt: bytes
    cost: int
    """scrypt's n (a power of two)."""
    block_size: int
    """scrypt's r."""
    parallel: int
    """scrypt's p."""
    wrong_tries: int = 0
    last_wrong: datetime | None = None


def name_key(name: str) -> str:
    """Two names with the same key are the same profile: "Zoë" and "ZOË" are one learner.

    Never refuses a name, so a profile kept before today's rule on names (`tutor.names`) is still
    found by its exact name."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def now() -> datetime:
    return datetime.now(UTC)


def time_text(when: datetime | None = None) -> str:
    """A moment as stored: ISO 8601 in UTC. A naive datetime is taken as local time."""
    return (when or now()).astimezone(UTC).isoformat(timespec="milliseconds")


# Stored times outside these bounds (a damaged or hand-made file) are read as the nearest bound, so
# turning them into local time can never overflow.
_FIRST = datetime(1971, 1, 1, tzinfo=UTC)
_LAST = datetime(9000, 1, 1, tzinfo=UTC)


def time_from_text(text: str) -> datetime:
    """A stored moment; ValueError when ``text`` is not ISO 8601. Naive times are taken as UTC."""
    when = datetime.fromisoformat(text)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return min(max(when, _FIRST), _LAST)
