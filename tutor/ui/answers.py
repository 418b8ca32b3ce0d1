"""Numbered answers, the same in lessons and the quiz: the list, its keys, how to choose, and
the marks an answered list shows (always a mark and words, never colour alone)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter chooses only once an answer is lit up: a list shows with none, so an Enter
        pressed twice to go on (the second one meant for the step or question before) never
        answers a question the learner has not read. Hidden from the footer until then (a dimmed
        key would be unreadable); the line under the answers says how to choose."""
        if action == "select" and self.highlighted is None:
            return False
        return super().check_action(action, parameters)

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()  # Enter is offered once an answer is lit up


def how_to_choose(count: int) -> str:
    return tr("Choose an answer: press 1-{count}, or use ↑ ↓ and Enter.").format(count=count)


def option_line(number: int, words: str, right: bool, wrong: bool, wrong_note: str | None = None) -> AnswerLine:
    """A numbered answer, marked once answered: ✓ the answer, or ✗ and `wrong_note` (said in the
    language already; "not this one" when None)."""
    line = Text(f"{number}. {words}")
    if right:
        return AnswerLine(line, Text(f"{RIGHT_MARK} " + tr("the answer"), style="bold"))
    if wrong:
        return AnswerLine(line, Text(f"{WRONG_MARK} " + (tr("not this one") if wrong_note is None else wrong_note), style="bold"))
    return AnswerLine(line)


class AnswerLine:
    """An answer's words and its mark, the mark never split between two lines: where it does not
    fit after the words' last line, it starts a line of its own (German's "✓ die" / "Antwort"
    read as two things)."""

    GAP = "  "

    def __init__(self, words: Text, mark: Text | None = None) -> None:
        self.words = words
        self.mark = mark

    def __str__(self) -> str:
        return self.words.plain + (self.GAP + self.mark.plain if self.mark is not None else "")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, Text(str(self)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.mark is None:
            yield self.words
            return
        lines = self.words.wrap(console, options.max_width)
        last = Text.assemble(lines[-1], self.GAP, self.mark)
        if last.cell_len <= options.max_width:
            lines[-1] = last
        else:
            lines.append(Text.assemble(" " * len(self.GAP), self.mark))
        yield Text("\n").join(lines)
