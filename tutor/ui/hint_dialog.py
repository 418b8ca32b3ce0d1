"""The one "are you sure?" step before a hint that gives the answer away, for lessons and games.

    ask_before_the_answer(app, show)    # pushes the dialog; calls show() only on "Show me"

A learner who asks for the answer is asked first: the dialog says the next hint gives it away,
and "Let me try" (N) or Escape keeps the answer hidden. Ask only when there is an answer to reveal.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from tutor.language import tr
from tutor.ui.dialogs import ConfirmScreen
from tutor.wording import ARE_YOU_SURE


class AnswerHintDialog(ConfirmScreen):
    """Yes ("Show me") or no ("Let me try") before the answer is shown."""

    def __init__(self, question: str = ARE_YOU_SURE) -> None:
        super().__init__(tr(question), tr("Show me"), tr("Let me try"))


def ask_before_the_answer(app: App[object], show: Callable[[], None], question: str = ARE_YOU_SURE) -> None:
    """Ask first; `show` runs only if the learner says "Show me"."""

    def answered(sure: bool | None) -> None:
        if sure:
            show()

    app.push_screen(AnswerHintDialog(question), answered)
