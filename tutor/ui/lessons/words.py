"""Words and marks the lesson screens show: what a seat shows of itself, option lines, the
problems of a broken lesson file. Marks always come with words, never colour alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from tutor.course import Feedback, Problem
from tutor.engine import Game
from tutor.language import tr
from tutor.learner.celebrations import course_done
from tutor.ui.answers import RIGHT_MARK, WRONG_MARK
from tutor.ui.table import explanation_text
from tutor.wording.lessons import CHECK_HINT
from tutor.wording.table import role_of

if TYPE_CHECKING:
    from tutor.learner.policy import CourseMap

DONE, BROKEN = RIGHT_MARK, WRONG_MARK  # the other lesson marks: tutor.learner.Status


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
    text.append(tr(CHECK_HINT), style="italic")
    return text


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
