"""The seats at a lesson's table: number, name, where each sits and what anyone can see of it."""

from __future__ import annotations

from collections.abc import Collection

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.events import Click
from textual.message import Message
from textual.widgets import Static

from tutor.course import DealStep, ExplainStep, LessonRun, PairStep, SeatStep
from tutor.language import tr
from tutor.ui.lessons.words import BROKEN, DONE, role
from tutor.wording import Seats
from tutor.wording.table import SHORT_SIDES, SIDES, cards_words

MAX_SEATS = 9


def seat_name(run: LessonRun, seat: int) -> str:
    """'You' for the learner's seat, else the name the run shows (never the learner's own name)."""
    return Seats(run.names, run.learner).who(seat, capital=True)


class LessonSeat(Static):
    """One seat; a click on it says which seat was chosen."""

    class Chosen(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"lesson-seat-{seat}", classes="lesson-seat")
        self.seat = seat

    def on_click(self, event: Click) -> None:
        self.post_message(self.Chosen(self.seat))


class LessonSeats(Horizontal):
    """The table's seats in clockwise order, with the picking cursor and the seats answered wrongly."""

    NARROW = 18
    """Below this many columns a seat, its words are the short ones, so the card count still fits."""

    def __init__(self) -> None:
        super().__init__(id="lesson-seats")
        self._shown: tuple[LessonRun, Collection[int], Collection[int]] | None = None
        self._drawn_narrow = False
        self._drawn_room = 0

    def on_resize(self) -> None:
        """Drawn again only where the seats' words change with the width (each seat drawn again is
        the whole lesson laid out again)."""
        if self._shown is None:
            return
        run, _, wrong = self._shown
        marked = run.solved or bool(wrong)  # a seat's "✓ the answer" or "✗ not it" may fit, or not, now
        if self._narrow(run) != self._drawn_narrow or marked and self._room(run) != self._drawn_room:
            self.show(*self._shown)

    def _room(self, run: LessonRun) -> int:
        """The cells for a mark's words on a seat's bottom border, less its corners and a space each side."""
        return self.size.width // max(1, len(run.names)) - 4

    def _narrow(self, run: LessonRun) -> bool:
        return 0 < self.size.width < self.NARROW * len(run.names)

    def compose(self) -> ComposeResult:
        yield from (LessonSeat(seat) for seat in range(MAX_SEATS))

    def show(self, run: LessonRun, cursor: Collection[int] = (), wrong: Collection[int] = ()) -> None:
        self._shown = (run, cursor, wrong)
        self.display = bool(run.names) and (run.game is not None or isinstance(run.step, SeatStep))
        narrow = self._drawn_narrow = self._narrow(run)
        # Turns, safe seats and the Old Maid show only while no question is open about them, nor
        # about to be: a solved step's table is the next step's question.
        tells_roles = isinstance(run.step, ExplainStep) or isinstance(run.step, (PairStep, DealStep)) and not run.solved
        right = run.right_seats() if run.solved else frozenset()  # a seat question answered: its answer marked, as a choice's
        room = self._drawn_room = self._room(run)
        for view in self.query(LessonSeat):
            view.display = view.seat < len(run.names)
            if not view.display:
                continue
            pointed, flagged = view.seat in cursor, view.seat in wrong
            view.update(_seat_text(run, view.seat, tells_roles, narrow))
            view.border_title = tr("dealer") if run.game is not None and run.game.dealer == view.seat else None
            if view.seat in right:
                view.border_subtitle = _marked(DONE, tr("the answer"), room)
            else:
                view.border_subtitle = (
                    _marked(BROKEN, tr("not it"), room) if flagged else "◆" if pointed else role(run.game, view.seat) if tells_roles else None
                )
            view.set_class(pointed or view.seat in right, "cursor")  # answered: the answer stands out, not a seat tried wrongly
            view.set_class(flagged and not pointed and not run.solved, "flagged")  # solved: a seat tried wrongly keeps its words, not its frame
            view.set_class(run.game is None, "name-only")


def _marked(sign: str, words: str, room: int) -> str:
    """A seat's mark with its words, or the mark alone where the words would be cut ("✓ the an…"
    on four seats at 60 columns)."""
    marked = f"{sign} {words}"
    return marked if room <= 0 or cell_len(marked) <= room else sign


def _seat_text(run: LessonRun, seat: int, tells_roles: bool, narrow: bool) -> Text:
    game, learner = run.game, run.learner
    text = Text(f"{seat + 1}·{seat_name(run, seat)}", style="bold")
    if game is None:
        return text
    if learner is None:
        where = ""
    elif seat == learner:
        where = tr("that's you")
    else:
        where = tr((SHORT_SIDES if narrow else SIDES)[game.rules.side_of(seat, learner)])
    text.append(f"\n{where}\n", style="italic")
    text.append(cards_words(game, seat, tells_roles, seat == learner, narrow, face_up=run.step.behind_the_scenes, letters=run.letters))
    return text
