"""Numbered answers, the same in lessons and the quiz: the list, its keys, how to choose, and
the marks an answered list shows (always a mark and words, never colour alone)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import OptionList

from tutor.language import mark, tr
from tutor.learner.lessons import Status

RIGHT_MARK, WRONG_MARK = Status.DONE.mark, "✗"


class AnswerList(OptionList, inherit_bindings=False):
    """Numbered answers, with only the keys a learner needs there."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", show=False, tooltip=mark("Move up the answers")),
        Binding("down", "cursor_down", show=False, tooltip=mark("Move down the answers")),
        Binding("enter", "select", mark("Choose"), tooltip=mark("Choose the answer that is lit up")),
    ]


def how_to_choose(count: int) -> str:
    return tr("Choose an answer: press 1-{count}, or use ↑ ↓ and Enter.").format(count=count)


def option_line(number: int, words: str, right: bool, wrong: bool, wrong_note: str | None = None) -> Text:
    """A numbered answer, marked once answered: ✓ the answer, or ✗ and `wrong_note` (said in the
    language already; "not this one" when None)."""
    line = Text(f"{number}. {words}")
    if right:
        line.append(f"  {RIGHT_MARK} " + tr("the answer"), style="bold")
    elif wrong:
        line.append(f"  {WRONG_MARK} " + (tr("not this one") if wrong_note is None else wrong_note), style="bold")
    return line
