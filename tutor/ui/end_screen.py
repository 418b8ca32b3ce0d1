"""The end of a game: every player's result in words that fit the game played, and the learner's
mistakes; in a game several learners shared, each learner's mistakes, worded for everyone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Static

from tutor.course.mistakes import rules_broken
from tutor.engine import Game
from tutor.language import mark, tr
from tutor.learner.celebrations import Celebration
from tutor.play.guided_game import LEARNER, GuidedGame, Result
from tutor.ui.footer import TutorFooter
from tutor.ui.hanging import HangingLines
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.page import MORE_BELOW, MoreBelow, Page
from tutor.ui.reach import tutor_app
from tutor.wording.ending import Line, each_learners_mistakes, end_of_game

if TYPE_CHECKING:
    from tutor.learner.session import LearnerSession


class EndScreen(Screen[None]):
    HELP_TITLE = mark("The end of the game")
    BINDINGS = [
        Binding("n", "again", mark("Play again"), tooltip=mark("Play another game")),
        Binding("escape", "home", mark("Home"), tooltip=mark("Back to the menu")),
    ]

    def __init__(self, session: GuidedGame, celebration: Celebration | None = None, guests: Sequence[LearnerSession] = ()) -> None:
        """`guests`: the learners who played at this keyboard too ("Play again" plays with them again)."""
        super().__init__()
        self.session = session
        self.celebration = celebration
        self.guests = list(guests)

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Page(id="end") as page:
            yield Static(self.summary(), id="summary")
            yield Horizontal(Button(tr("Play again (N)"), id="again", variant="primary"), Button(tr("Home (Esc)"), id="end-home"), classes="buttons")
        yield MoreBelow(page, tr(MORE_BELOW), id="end-more")  # a long end hid its buttons below the fold, unsaid
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = tr("Game over")
        # The page, not "Play again": an Enter pressed on after the last move (or twice) dealt a new
        # game before the learner had read how this one ended. N, Esc or a click choose.
        self.query_one("#end", Page).focus(scroll_visible=False)  # the headline stays in view on a short terminal

    def summary(self) -> HangingLines:
        session = self.session
        you = None if session.together else LEARNER  # a game several learners shared: nobody is "you"
        results, counts = session.results(), session.mistake_counts()
        text = summary_text(session.game, you, session.names, session.letters, results, counts, self.celebration, session.humans)
        return self._each_learner(text) if session.together else text

    def _each_learner(self, text: HangingLines) -> HangingLines:
        """Each learner's mistakes, by name: everyone at the table reads this screen."""
        session = self.session
        made = [(seat, rules_broken(Counter(made.code for made in session.learners[seat].mistakes), session.game.rules)) for seat in session.humans]
        return text.extend(drawn(each_learners_mistakes(session.game, session.names, made)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_again() if event.button.id == "again" else self.action_home()

    def action_again(self) -> None:
        self.app.pop_screen()
        self.app.pop_screen()
        if self.guests:  # the same learners again
            tutor_app(self).open_hot_seat([guest.name for guest in self.guests])
        else:
            tutor_app(self).open_game(resume=False)

    def action_home(self) -> None:
        for guest in self.guests:
            guest.release()
        self.app.pop_screen()
        self.app.pop_screen()


def summary_text(
    game: Game,
    you: int | None,
    names: list[str],
    letters: bool,
    results: list[Result],
    counts: Counter[str],
    celebration: Celebration | None,
    learners: Collection[int] = (),
) -> HangingLines:
    """The end of a game (`tutor.wording.ending`), drawn: from the seat `you` (the learner, "you"),
    the `learners`' lines in bold, the learner's own mistakes (`counts`, by code). With `you` None
    (several learners shared the screen) the mistakes are left to the caller, learner by learner."""
    lines = end_of_game(
        game,
        you,
        names,
        [(result.seat, result.line) for result in results],
        rules_broken(counts, game.rules),
        celebration.lines if celebration is not None else None,
        learners,
        letters,
    )
    return drawn(lines)


def drawn(lines: Sequence[Line]) -> HangingLines:
    """The end's lines, an item's wrapped part under its indent (German results at 60 columns ran
    back to the edge)."""
    return HangingLines(Text.assemble((line.lead, "bold"), (line.text, line.style)) for line in lines)
