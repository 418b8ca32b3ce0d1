"""The other players around the table, the moves so far, and a mistake or hint panel.

Seats are drawn only from the learner's `Observation` (hand sizes, who is safe, whose turn), so no
seat can show a card the learner may not see. They sit as at a real table: the player on your
left at the left of the screen, the players across in the middle, the one on your right at the right.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from enum import StrEnum

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.events import Click, Resize
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from tutor.course.mistakes import Explanation
from tutor.engine import Card, Game, Observation
from tutor.engine.rules import Side, side_of
from tutor.language import mark, ntr, tr
from tutor.wording import TRY_THIS
from tutor.wording.going_out import end_mark, out_mark
from tutor.wording.table import ONE_WORD_SIDES, SHORT_SIDES, role_of, where_is

SEAT_MARKS = (("◆", mark("The player you are choosing: Enter chooses them")),)
"""The marks beside a seat's name, for F1's help."""
TURN_MARK = ("╔═╗", mark("Around a player: it is their turn, to draw or to offer (a double edge)"))
"""The game table's seats whose turn it is (game.tcss, `.seat.turn`): the same edge as a picked card's."""
MISTAKE_MARK = ("!", mark("A card or player the mistake, or the hint, is about"))
"""A mistake's mark on a table (and a hint's that gives the answer), under a card or beside a seat's name."""


class SeatView(Static):
    """One opponent: their key and name, where they sit, their face-down cards and their state."""

    compact: reactive[bool] = reactive(False)

    class Chosen(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def __init__(self, seat: int, name: str, where: str, side: Side) -> None:
        """`where`: the seat's place in words ("on your left"); `side`: the place itself ("left",
        "right", "across" or "opposite"), its style class and its short words on a compact table."""
        super().__init__(id=f"seat-{seat}", classes=f"seat {side}")
        self.side = side
        self.key = seat
        """The number shown on the seat (and the key that picks it): its place from the viewer's left."""
        self.seat = seat
        """The seat at the table sitting here: `key` places on from the viewer's seat."""
        self.seat_name = name
        self.where = where
        self._shown: tuple[Observation, bool, bool, str, bool] | None = None

    def show(self, seen: Observation, cursor: bool, flagged: bool, end: str = "", giver_shown: bool = True) -> None:
        """Draw the seat from what the learner sees; `end` is its result once the game is over;
        `giver_shown`: mark the giver as such (not while a learner who is not guided chooses whom to
        draw from: it would give the answer away)."""
        self._shown = (seen, cursor, flagged, end, giver_shown)
        cards = seen.hand_sizes[self.seat]
        safe = self.seat in seen.safe
        told = giver_shown or seen.giver != self.seat
        mark, _, role = (role_of(seen, self.seat) if told else "").partition(" ")
        width = self.content_region.width
        pointer = " " + "◆" * cursor + "!" * flagged if cursor or flagged else ""  # beside the name: the cards' line keeps its room
        text = Text()
        beside = self._place_beside(width - len(f"{self.key}·{self.seat_name}{pointer}")) if self.compact else ""
        where = self.where if cell_len(self.where) <= width else ONE_WORD_SIDES[self.side]  # "on your / left" folded the cards out
        under = "" if self.compact else f"\n{where}"
        room = width - len(f"{self.key}·{beside}{pointer}")
        if room <= 3 and len(self.seat_name) > room:
            pointer = ""  # not even a shortened name beside it: the seat's heavy border marks it alone
        text.append(f"{self.key}", style="bold underline")
        text.append(f"·{self._fitted_name(len(beside + pointer))}", style="bold")
        text.append(beside, style="italic")
        text.append(pointer, style="bold")
        text.append(under, style="italic")
        text.append("\n")
        if end:
            text.append(end, style="bold")
        elif safe:
            words = out_mark(seen.rules) if seen.rules is not None else tr("no cards")
            if seen.rules is not None and cell_len(words) > width:  # "✓ safe: no" with "cards" folded out of sight
                words = out_mark(seen.rules, short=True)
            text.append(words, style="bold")
        else:
            count = ntr("{count} card", "{count} cards", cards).format(count=cards)
            status = f"{count}, {role}" if role else count
            if role and len(status) > width:
                status = f"{count} {mark}"  # the role's arrow when its word does not fit beside the count
            backs = min(cards, 4)
            if backs > width - len(status) - 1:
                backs = 0  # fewer backs than its neighbours' for more cards read as fewer cards: none instead
            text.append("▒" * backs + " " if backs > 0 else "")
            text.append(status, style="bold" if role else "")
        self.update(text)
        self.set_class(seen.drawer == self.seat or (told and seen.giver == self.seat), "turn")
        self.set_class(safe, "safe")
        self.set_class(cursor, "cursor")
        self.set_class(flagged, "flagged")

    def _place_beside(self, room: int) -> str:
        """The place beside the name on a compact table, in one word or shorter ("izquierda", then
        "tu izq."); none where neither fits: a longer line would push the cards out of the box."""
        for words in (ONE_WORD_SIDES[self.side], SHORT_SIDES[self.side]):
            if cell_len(f" ({words})") <= room:
                return f" ({words})"
        return ""

    def _fitted_name(self, beside: int) -> str:
        """The name, cut short with … when it would not fit on its line (a long learner's name):
        the seat's cards must stay in view."""
        room = self.content_region.width - len(f"{self.key}·") - beside
        if room <= 3 or len(self.seat_name) <= room:
            return self.seat_name
        return self.seat_name[: room - 1].rstrip() + "…"

    def on_click(self, event: Click) -> None:
        self.post_message(self.Chosen(self.seat))

    def on_resize(self, event: Resize) -> None:
        """The words are fitted to the box's width: chosen again when it changes (a scroll bar came
        with a mistake's box, and "cards" was folded out of sight at 60 columns)."""
        if self._shown is not None:
            self.show(*self._shown)


class PanelKind(StrEnum):
    """What a panel holds; the value is its style class in game.tcss."""

    MISTAKE = "mistake"
    HINT = "hint"


@dataclass(frozen=True)
class Panel:
    """A mistake or a hint, shown in its own box under the table until the learner acts."""

    kind: PanelKind
    title: str
    words: Text


def explanation_text(explanation: Explanation) -> Text:
    """A mistake explained: what happened, why it breaks the rule, and what to do instead."""
    text = Text(f"{explanation.what}\n{explanation.why}\n")
    text.append(tr(TRY_THIS), style="bold")
    text.append(explanation.instead)
    return text


class SeatsRow(Horizontal):
    """The other players in clockwise order from the viewer's left, left to right on screen,
    numbered 1, 2, 3... from there (as seen from seat 0, the numbers are the seats)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(id="seats")
        players = len(names)
        self.names = list(names)
        self.views = [SeatView(seat, names[seat], where_is(seat, players), side_of(seat, 0, players)) for seat in range(1, players)]

    def compose(self) -> ComposeResult:
        yield from self.views

    def show(self, seen: Observation, cursor: int | None = None, flagged: set[int] | None = None, game: Game | None = None, giver_shown: bool = True) -> None:
        """Draw every other seat as `seen.seat` sees the table (number 1 the seat on its left);
        `cursor` and `flagged` are seats; `giver_shown` as for `SeatView.show`."""
        for view in self.views:
            view.seat = seen.rules.seat_left_of(seen.seat, view.key) if seen.rules is not None else view.key
            view.seat_name = self.names[view.seat]
            end = end_mark(game, view.seat) if game is not None else ""
            view.show(seen, view.seat == cursor, bool(flagged and view.seat in flagged), end, giver_shown)


class LogTail(Widget):
    """The moves so far, newest at the bottom: it always shows the last lines that fit its size.

    Drawn from the lines themselves at every size, so the newest line can never scroll out of
    sight (a `Log` in a bordered box stopped following once full)."""

    KEPT = 80

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []
        self.fresh = 0

    def add(self, lines: list[str]) -> None:
        """Add the lines of one move; they show in bold until the next move."""
        if not lines:
            return
        self.lines = [*self.lines, *lines][-self.KEPT :]
        self.fresh = len(lines)
        self.refresh()

    def render(self) -> Text:
        """The newest lines that fit whole, folded to the width: an older line that would only
        partly fit is left out (the top row read "ausgeteilt. Jeder legt ..."); the newest line
        always shows, its end if it alone is taller than the log."""
        width, height = max(8, self.size.width), max(1, self.size.height)
        shown: list[Text] = []
        for number in reversed(range(len(self.lines))):
            style = "bold" if number >= len(self.lines) - self.fresh else ""
            wrapped = [Text(part, style=style) for part in textwrap.wrap(self.lines[number], width) or [""]]
            if shown and len(shown) + len(wrapped) > height:
                break
            shown[:0] = wrapped
        return Text("\n").join(shown[-height:])


def show_panel(widget: Static, panel: Panel | None) -> None:
    """The mistake or hint panel as `panel` says (hidden when there is none)."""
    widget.display = panel is not None
    for kind in PanelKind:
        widget.set_class(panel is not None and panel.kind is kind, kind)
    if panel is not None:
        widget.border_title = panel.title
        widget.update(panel.words)


def sorted_hand(cards: tuple[Card, ...], by_suit: bool) -> list[Card]:
    """A hand in the order it is shown: by rank, or by suit then rank (the Sort key)."""
    if by_suit:
        return sorted(cards, key=lambda card: (card.suit, card.rank_index))
    return sorted(cards)
