"""Lines that keep their indent when a narrow window wraps them (tutor.ui.hanging): the end of a
game's results and the deck chooser's lines."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from tutor.ui.hanging import HangingLines, MarkedLine


def drawn(lines: object, width: int) -> list[str]:
    console = Console(width=width, color_system=None, legacy_windows=False)
    with console.capture() as captured:
        console.print(lines)
    return [line.rstrip() for line in captured.get().splitlines()]


def test_an_indented_line_wraps_under_its_indent_and_reads_as_written() -> None:
    lines = HangingLines([Text("How everyone did:", style="bold"), Text("  Bea verliert (ging als Erste raus, ohne die übrige Karte).")])
    shown = drawn(lines, 30)
    assert shown[0] == "How everyone did:" and len(shown) > 2, shown
    assert all(row.startswith("  ") and row[2] != " " for row in shown[1:]), shown
    assert " ".join(line.strip() for line in shown[1:]) == "Bea verliert (ging als Erste raus, ohne die übrige Karte)."
    assert str(lines) == "How everyone did:\n  Bea verliert (ging als Erste raus, ohne die übrige Karte)."


def test_more_lines_follow_and_a_blank_line_stays() -> None:
    lines = HangingLines([Text("One")]).extend(HangingLines([Text(""), Text("  two")]))
    assert drawn(lines, 20) == ["One", "", "  two"]


def test_a_marked_line_wraps_under_its_words_and_reads_as_written() -> None:
    line = MarkedLine("⊘", Text('2. Pairs  (locked: finish "The deck and the deal" first)'))
    shown = drawn(line, 34)
    assert shown[0].startswith("⊘ 2. Pairs") and all(row.startswith("  ") and row[2] != " " for row in shown[1:]), shown
    assert str(line) == '⊘ 2. Pairs  (locked: finish "The deck and the deal" first)'
