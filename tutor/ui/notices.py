"""Notices and warnings: one way to show them, with text from outside shown as text.

Paths, profile names, file contents and imported data may hold square brackets. Textual reads
``[red]...[/red]``, ``[link=...]`` or a lone ``[bold`` in a notification as markup: the text
would change colour, vanish or fail to show. Every notice and warning goes through ``notify``
(markup off, always); a widget showing such text gets ``plain(text)`` (a Rich Text, which
Textual never parses).

Both also draw a control or invisible character as � (`tutor.names.shown`; line breaks stay):
Textual passes ESC through to the terminal, so a name holding one could retitle the window or move
the cursor.
"""

from __future__ import annotations

from typing import Literal, Protocol

from rich.text import Text

from tutor.names import shown

Severity = Literal["information", "warning", "error"]


class _Notifier(Protocol):
    def notify(self, message: str, *, title: str = "", severity: Severity = "information", timeout: float | None = None, markup: bool = True) -> None: ...


def notify(where: _Notifier, message: str, *, severity: Severity = "information", timeout: float | None = None, title: str = "") -> None:
    """Show ``message`` as a toast, as written (``where``: the app, a screen or a widget)."""
    where.notify(shown(message, lines=True), title=shown(title), severity=severity, timeout=timeout, markup=False)


def warn(where: _Notifier, message: str, timeout: float | None = 15) -> None:
    """A warning the learner (or a grown-up) should read: it stays up a while."""
    notify(where, message, severity="warning", timeout=timeout)


def plain(message: str, style: str = "") -> Text:
    """``message`` for a Static or Label: shown as written, never read as markup."""
    return Text(shown(message, lines=True), style=style)
