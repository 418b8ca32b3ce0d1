"""The end of a lesson: a short celebration with its stars, what the lesson taught, and one
button on to the next lesson (or back to the list when there is none)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Button, Static

from tutor.language import mark, tr
from tutor.learner.celebrations import Celebration
from tutor.ui.opening import unless_closed
from tutor.wording.lessons import WHAT_YOU_LEARNED, stars_words


class GoOn(Button):
    """The end's one button, with Enter in the footer: a focused Button's own Enter is not shown
    there, and hid the screen's "⏎ Next" (a walker found no key named at the end)."""

    BINDINGS = [Binding("enter", "press", mark("Go on"), tooltip=mark("On to the next lesson, or back to the lessons"))]


class LessonDone(Vertical):
    """Shown under the last step once it is solved; its one button says where it goes."""

    class Next(Message):
        """The learner pressed the button: on to the next lesson (or the list)."""

    def __init__(self, celebration: Celebration, summary: str, next_title: str | None) -> None:
        super().__init__(id="lesson-done")
        self.celebration = celebration
        self.summary = summary
        self.next_title = next_title

    def compose(self) -> ComposeResult:
        yield Static(self._words(), id="lesson-done-words")
        label = tr("Next lesson ▶") if self.next_title else tr("Back to the lessons")
        yield GoOn(f" {label} ", id="lesson-next", variant="success", compact=True)

    @unless_closed
    def on_mount(self) -> None:
        self.query_one("#lesson-next", Button).focus(scroll_visible=False)
        self.call_after_refresh(self.into_view)
        self.set_timer(0.1, self.into_view)  # again once the feedback under the lesson has settled

    def into_view(self) -> None:
        """The top of the celebration (its stars), then as much as fits down to the button. The
        button may stay below, out of sight: it has the focus, so Enter still presses it, and the
        stars are what a child must not miss (on a small terminal they were scrolled away)."""
        self.scroll_visible(animate=False, top=True)

    def _words(self) -> Text:
        celebration = self.celebration
        text = Text(f"★ {celebration.headline}", style="bold")
        if celebration.stars is not None:
            text.append(f" ({stars_words(celebration.stars)})", style="bold")
        text.append("\n" + "\n".join(celebration.lines))
        if self.summary.strip():
            text.append(f"\n{tr(WHAT_YOU_LEARNED)}", style="bold")
            text.append(self.summary.strip())
        return text

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Next())
