"""Words and marks the lesson screens show: what a seat shows of itself, option lines, the
problems of a broken lesson file. Marks always come with words, never colour alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from tutor.course import DealStep, Feedback, PairStep, Problem, Step
from tutor.engine import Game, Phase
from tutor.learner.celebrations import course_done
from tutor.learner.lessons import star_marks
from tutor.ui.answers import RIGHT_MARK, WRONG_MARK
from tutor.ui.table import explanation_text, role_of

if TYPE_CHECKING:
    from tutor.learner.policy import CourseMap

DONE, BROKEN = RIGHT_MARK, WRONG_MARK  # the other lesson marks: tutor.learner.Status
CHECK_HINT = "A grown-up can see every problem with: old-maid-tutor lessons check"


NEXT_MARK = "◀ next"


def map_line(plan: CourseMap) -> str:
    """How far the course map is filled: lessons done and stars of all there are to win."""
    return f"{star_marks(1)[0]} {plan.stars} of {plan.most_stars} stars · {plan.done} of {len(plan.stops)} lessons done"


def ending_text(plan: CourseMap, short: bool = False) -> Text:
    """The course's ending, for a learner with every lesson done; `short`: its headline and what
    more there is to do, for above the lesson list (My progress has it whole)."""
    ending = course_done(plan.stars, plan.most_stars)
    text = Text(ending.headline, style="bold")
    text.append(" " + ending.lines[1] if short else "\n" + "\n".join(ending.lines))
    return text


def problems_text(problems: Sequence[Problem], heading: str) -> Text:
    text = Text(f"{BROKEN} {heading}\n", style="bold")
    for problem in problems:
        text.append(f"• {problem}\n")
    text.append(CHECK_HINT, style="italic")
    return text


def cards_words(game: Game, seat: int, tells_roles: bool, learner: bool, narrow: bool = False) -> str:
    """What anyone at the table can see of a seat: how many cards it holds (face down, but for
    the learner's own); and, when the step isn't asking about it, whether it is safe or the Old Maid.
    `narrow`: in ten columns or fewer."""
    if tells_roles and game.loser == seat:
        return "WINNER ★" if game.winner == seat else "OLD MAID"
    if tells_roles and seat in game.safe:
        return "SAFE ✓"
    count = len(game.hands[seat])
    if count == 0:
        return ("none yet" if narrow else "no cards yet") if game.phase is Phase.DEALING else "no cards"
    backs = "" if learner else "▒" * min(count, 1 if narrow else 3) + " "
    return f"{backs}{count} card{'s' * (count != 1)}"


def role(game: Game | None, seat: int) -> str | None:
    return (role_of(game, seat) or None) if game is not None else None


def chart_text(lines: Sequence[str]) -> Text:
    if not lines:
        return Text()
    text = Text(lines[0] + "\n", style="bold")
    text.append("\n".join(lines[1:]))
    return text


def why_not(feedback: Feedback) -> Text:
    """Why an answer is not right, for its own box (titled "✗ Not quite"): the rule explained,
    or the step's own words for the option or seat chosen."""
    if feedback.explanation is not None:
        return explanation_text(feedback.explanation)
    return Text(feedback.message.strip())


def keep_going(step: Step) -> str:
    if isinstance(step, PairStep):
        return "Any more pairs? Lay them down too, then press D when you're done."
    if isinstance(step, DealStep):
        return "Card dealt! Keep going until the deck is empty."
    return "Keep going!"
