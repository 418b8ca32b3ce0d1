"""Lines whose wrapped part stays under their own start: a line that begins with spaces (an item
under a heading) keeps that indent when a narrow window wraps it, and a line after a mark (✓, ⊘)
wraps under its words, instead of running back to the left edge. As plain text (`str`) each reads
as written."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text


class HangingLines:
    """Text lines, each drawn on its own, indented lines wrapping under their indent."""

    def __init__(self, lines: Iterable[Text] = ()) -> None:
        self.lines = list(lines)

    def extend(self, other: HangingLines) -> HangingLines:
        self.lines += other.lines
        return self

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            indent = len(line.plain) - len(line.plain.lstrip(" "))
            yield Padding(line[indent:], (0, 0, 0, indent)) if indent else line

    def __str__(self) -> str:
        return "\n".join(line.plain for line in self.lines)


class MarkedLine:
    """A mark, then words that wrap under themselves, not under the mark."""

    def __init__(self, mark: str, words: Text) -> None:
        self.mark = mark
        self.words = words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = Table.grid(padding=(0, 1, 0, 0))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(Text(self.mark), self.words)
        yield grid

    def __str__(self) -> str:
        return f"{self.mark} {self.words.plain}"
