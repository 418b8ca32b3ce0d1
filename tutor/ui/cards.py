"""Cards drawn as small faces: the learner's hand (face up) and a giver's fan (face down).

Each view is one widget that lays its cards out in rows to fit its width, so a hand of 13 cards
still fits a narrow terminal. A card is 5 cells wide; a marker line under each row shows the
cursor (▲) and cards a mistake was about (!). Selected cards get a double border: meaning is
never carried by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tutor.engine import Card

CARD_WIDTH = 5
GAP = 1


@dataclass(frozen=True)
class _Spot:
    """Where card `index` was drawn: its row (in lines from the top) and first column."""

    index: int
    top: int
    left: int


class CardRow(Widget, can_focus=True):
    """Shared layout, cursor and mouse handling for a row of cards."""

    cursor: reactive[int] = reactive(0)

    class Picked(Message):
        def __init__(self, view: CardRow, index: int) -> None:
            super().__init__()
            self.view = view
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._spots: list[_Spot] = []
        self.flagged: set[int] = set()

    def count(self) -> int:
        raise NotImplementedError

    def card_lines(self, index: int) -> tuple[Text, Text, Text]:
        raise NotImplementedError

    def marker(self, index: int) -> str:
        if index in self.flagged:
            return "!"
        return "▲" if self.has_focus and index == self.cursor else " "

    def move_cursor(self, step: int) -> None:
        if self.count():
            self.cursor = (self.cursor + step) % self.count()

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, max(0, self.count() - 1)))

    def per_row(self) -> int:
        return max(1, (self.size.width + GAP) // (CARD_WIDTH + GAP))

    def render(self) -> Text:
        total, per_row = self.count(), self.per_row()
        if total == 0:
            return Text(self.empty_text(), style="italic")
        self._spots = []
        lines: list[Text] = []
        for start in range(0, total, per_row):
            indices = range(start, min(total, start + per_row))
            rows = [Text(), Text(), Text(), Text()]
            for column, index in enumerate(indices):
                if column:
                    for row in rows:
                        row.append(" " * GAP)
                self._spots.append(_Spot(index, len(lines), column * (CARD_WIDTH + GAP)))
                for row, part in zip(rows, self.card_lines(index), strict=False):
                    row.append_text(part)
                rows[3].append(self.marker(index).center(CARD_WIDTH), style="bold")
            lines.extend(rows)
        return Text("\n").join(lines)

    def empty_text(self) -> str:
        return ""

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        per_row = max(1, (width + GAP) // (CARD_WIDTH + GAP))
        rows = -(-self.count() // per_row) if self.count() else 1
        return rows * 4

    def on_click(self, event: Click) -> None:
        for spot in self._spots:
            if spot.top <= event.y < spot.top + 4 and spot.left <= event.x < spot.left + CARD_WIDTH:
                self.cursor = spot.index
                self.post_message(self.Picked(self, spot.index))
                return

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class HandView(CardRow):
    """The learner's own cards, face up, with selection."""

    def __init__(self, *, letters: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.selected: set[Card] = set()
        self.new: int | None = None
        self.letters = letters

    def show(self, cards: list[Card], flagged: set[Card] | None = None, new: Card | None = None) -> None:
        """Show `cards`, marking those a mistake was about (!) and the card just drawn (★)."""
        self.cards = cards
        self.selected &= set(cards)
        self.flagged = {index for index, card in enumerate(cards) if flagged and card in flagged}
        self.new = cards.index(new) if new in cards else None
        self.cursor = self.cursor
        self.refresh(layout=True)

    def marker(self, index: int) -> str:
        mark = super().marker(index)
        return "★" if mark == " " and index == self.new else mark

    def toggle(self, index: int | None = None) -> None:
        index = self.cursor if index is None else index
        if 0 <= index < len(self.cards):
            self.selected ^= {self.cards[index]}
            self.refresh()

    def count(self) -> int:
        return len(self.cards)

    def empty_text(self) -> str:
        return "Your hand is empty: you are safe!"

    def card_lines(self, index: int) -> tuple[Text, Text, Text]:
        card = self.cards[index]
        face = card.text(self.letters).ljust(3)
        style = "bold red" if card.is_red else "bold"
        if card in self.selected:
            top, side, bottom = "╔═══╗", "║", "╚═══╝"
        else:
            top, side, bottom = "┌───┐", "│", "└───┘"
        if index == self.cursor and self.has_focus:
            style += " reverse"
        middle = Text(side) + Text(face, style=style) + Text(side)
        return Text(top), middle, Text(bottom)


class FanView(CardRow):
    """A giver's cards held out face down: the learner picks a position, blind."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.size_of_fan = 0

    def show(self, count: int) -> None:
        self.size_of_fan = count
        self.cursor = self.cursor
        self.refresh(layout=True)

    def count(self) -> int:
        return self.size_of_fan

    def card_lines(self, index: int) -> tuple[Text, Text, Text]:
        style = "reverse" if index == self.cursor and self.has_focus else ""
        label = f"░{index + 1}░" if index < 9 else "░░░"
        return Text("┌───┐"), Text("│") + Text(label, style=style) + Text("│"), Text("└───┘")
