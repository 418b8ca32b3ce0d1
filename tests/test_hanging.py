"""Lines that keep their indent when a narrow window wraps them (tutor.ui.hanging): the end of a
game's results and the deck chooser's lines."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from tutor.ui.hanging import HangingLines


def drawn(lines: HangingLines, width: int) -> list[str]:
    console = Console(width=width, color_system=None, legacy_windows=False)
    with console.capture() as captured:
        console.print(lines)
    return [line.rstrip() for line in captured.get().splitlines()]


def test_an_indented_line_wraps_under_its_indent_and_reads_as_written() -> None:
    lines = HangingLines([Text("How everyone did:", style="bold"), Text("  Bea verliert (ging als Erste raus, ohne die übrige Karte).")])
    shown = drawn(lines, 30)
    assert shown[0] == "How everyone did:" and len(shown) > 2, shown
    assert all(line.startswith("  ") and line[2] != " " for line in shown[1:]), shown
    assert " ".join(line.strip() for line in shown[1:]) == "Bea verliert (ging als Erste raus, ohne die übrige Karte)."
    assert str(lines) == "How everyone did:\n  Bea verliert (ging als Erste raus, ohne die übrige Karte)."


def test_more_lines_follow_and_a_blank_line_stays() -> None:
    lines = HangingLines([Text("One")]).extend(HangingLines([Text(""), Text("  two")]))
    assert drawn(lines, 20) == ["One", "", "  two"]
