"""The course as data: lessons, their steps and what each step asks of the learner.

A lesson file is read into these frozen values by `tutor.course.parse`; `LessonRun` plays them.
Nothing here knows about a user interface.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from tutor.engine.cards import Card
from tutor.engine.mistakes import MistakeCode
from tutor.engine.rules import Rules

from .answers import Answer

FORMAT_VERSION = 1
LEARNER = "you"
"""The seat name that marks the learner's seat."""

SEAT_ASKS: dict[str, str] = {
    "drawer": "the seat that draws next",
    "giver": "the seat the next card comes from",
    "loser": "the Old Maid, once the game is over",
    "winner": "the winner of a reversed game",
    "next-deal": "the seat the next dealt card goes to",
    "fewest-cards": "any seat holding the fewest cards",
    "safe": "any seat that is safe",
    "least-often-old-maid": "the seat that was the Old Maid least often in the chart before",
    "most-often-old-maid": "the seat that was the Old Maid most often in the chart before",
}
CHART_ASKS = frozenset({"least-often-old-maid", "most-often-old-maid"})
NUMBER_ASKS: dict[str, str] = {
    "cards-in-play": "cards in the hands, in the laid-down pairs and still to be dealt",
    "cards-held": "cards in all the hands together",
    "pairs-down": "pairs laid down so far",
}
TEXT_PLACEHOLDERS = ("drawer", "giver", "dealer", "loser", "winner")
"""Seat names a step's words may use in braces, filled in from the game: `{giver}`. A step's
words may also name any of its seats in braces (`{Ana}`): the name the learner sees there,
which differs when a computer seat would share the learner's own name."""
BEHIND_THE_SCENES = "behind the scenes"
"""Words a step that shows every hand face up must say (any case), so the learner knows it is a
look no player gets at the table."""
COUNT_PLACEHOLDERS = ("held", "pairs", "stock")
"""Counts from the game: cards in all the hands, pairs laid down, cards still to deal."""
CHART_PLACEHOLDERS = ("luckiest", "luckiest_share", "unluckiest", "unluckiest_share", "why_seats_differ")
"""From the chart a step shows (or continues): the seats that were the Old Maid least and most
often with their shares ("4.1%"), and a sentence on why seats differ under these rules."""


@dataclass(frozen=True)
class Table:
    """How a step sets up the table: rules, seats by name, dealer, hands and the random seed."""

    rules: Rules
    seats: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...] | None
    """One hand per seat; None for a shuffled deck waiting to be dealt."""
    seed: int = 0
    removed: Card | None = None
    """The card of the odd rank taken out before the deal, when the lesson names it."""

    @property
    def learner(self) -> int | None:
        return self.seats.index(LEARNER) if LEARNER in self.seats else None


@dataclass(frozen=True)
class Option:
    """One answer of a multiple-choice question."""

    text: str
    right: bool | None = None
    """None when the step's `ask` decides: the option is right if `value` is what the engine counts."""
    value: int | None = None
    why: str = ""
    """Said when a learner picks this option and it is not right (required for a wrong option;
    for a numbered option the step's `wrong` says it instead)."""


@dataclass(frozen=True, kw_only=True)
class Step:
    """One step of a lesson. `table` sets up a new game; `continues` carries on the previous step's."""

    kind: ClassVar[str]
    id: str
    line: int
    text: str
    table: Table | None = None
    continues: bool = False
    first: tuple[Card | str, ...] = ()
    """What happens before the learner acts: a card (the computer seat due to draw takes it),
    'deal' (deal every card and finish the deal) or 'play' (computer seats draw until it is the
    learner's turn or the game is over)."""
    behind_the_scenes: bool = False
    """Every hand is shown face up, a look no player gets; the step's words say so (BEHIND_THE_SCENES).
    Otherwise other players' hands are face down, and the words name none of their cards."""


@dataclass(frozen=True, kw_only=True)
class ExplainStep(Step):
    """Words, with a table to look at if the step has one."""

    kind: ClassVar[str] = "explain"


@dataclass(frozen=True, kw_only=True)
class ChartStep(Step):
    """Words and a chart of each seat's chance of being the Old Maid, from `games` simulated games."""

    kind: ClassVar[str] = "chart"
    games: int


@dataclass(frozen=True, kw_only=True)
class TaskStep(Step):
    """A step that asks the learner to do something, checked by the engine."""

    hints: tuple[str, ...]
    success: str
    solution: tuple[Answer, ...]
    mistakes: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The step's own words for why a mistake is one, by mistake code (else `lessons/mistakes.yaml`)."""
    expect: MistakeCode | None = None
    """Set when the step asks the learner to try this mistake on purpose and see it explained."""


@dataclass(frozen=True, kw_only=True)
class DealStep(TaskStep):
    """Deal every card: done when the deck is empty. The hands stay as dealt (the deal is not
    finished, so nobody lays down pairs) until a later step's `first: [deal]` finishes it."""

    kind: ClassVar[str] = "deal"


@dataclass(frozen=True, kw_only=True)
class PairStep(TaskStep):
    """Lay down every pair in the learner's hand, then say done."""

    kind: ClassVar[str] = "lay-down"


@dataclass(frozen=True, kw_only=True)
class DrawStep(TaskStep):
    """Draw one card, blind. With `card`, whichever face-down card is picked turns out to be that one."""

    kind: ClassVar[str] = "draw"
    card: Card | None = None


@dataclass(frozen=True, kw_only=True)
class SeatStep(TaskStep):
    """Point at a seat: `ask` names what the engine computes (see SEAT_ASKS)."""

    kind: ClassVar[str] = "seat"
    ask: str
    because: str
    """Why the right seat is right: the last hint says the answer and then this."""
    wrong: Mapping[str, str] = field(default_factory=dict, hash=False)
    """For each seat (by its name in `seats`) that is not a right answer: why not."""


@dataclass(frozen=True, kw_only=True)
class ChoiceStep(TaskStep):
    """A multiple-choice question; with `ask`, the engine counts the right number (see NUMBER_ASKS)."""

    kind: ClassVar[str] = "choice"
    options: tuple[Option, ...]
    because: str
    """Why the right option is right: the last hint says the answer and then this."""
    ask: str | None = None
    wrong: Mapping[str, str] = field(default_factory=dict, hash=False)
    """With `ask`: for each numbered option the engine finds wrong (by its number): why not."""


@dataclass(frozen=True)
class Lesson:
    """One lesson file: what it teaches, what it needs first, and its steps."""

    id: str
    title: str
    concepts: tuple[str, ...]
    requires: tuple[str, ...]
    intro: str
    steps: tuple[Step, ...]
    path: str
    summary: str = ""
    """Two or three lines on what the lesson taught, shown when it is finished."""
    """The file, as problems name it."""
    lines: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    """The line of every field, by field path (`steps[3].hands.you[2]`)."""

    def line_of(self, field_path: str) -> int | None:
        """The line of a field, or of the nearest enclosing field the file has."""
        while field_path:
            if field_path in self.lines:
                return self.lines[field_path]
            cut = max(field_path.rfind("."), field_path.rfind("["))
            field_path = field_path[:cut] if cut > 0 else ""
        return self.lines.get("")
