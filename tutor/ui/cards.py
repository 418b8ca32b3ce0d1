"""Cards drawn as faces: the learner's hand (face up) and a giver's fan (face down).

Each view is one widget that lays its cards out in rows to fit its width, so a hand of 13 cards
still fits a narrow terminal. A card is 5 cells wide. Under each card a key line shows the key
that picks it, when the view is given `keys` (the game: 1-9, 0, then letters; a card past the
last key shows '·' and is reached with ← →), and its marks: the cursor (▲), a card a mistake was about (!) or the card just drawn (★). Selected
cards get a double border: meaning is never carried by colour alone. A view's `scale` sets the
card size: "compact" (one line high, for short terminals), "normal" (5 wide, 3 high) or "large"
(7 wide, 5 high, when there is room).

Red suits are drawn in the plain colour "red", which the app fits to every theme's backgrounds
for 4.5:1 contrast (see `tutor.ui.app.fitted_palette`); under NO_COLOR they are drawn in the
text colour, like the black suits: the suit symbol tells them apart.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tutor.engine import Card
from tutor.language import mark, tr
from tutor.ui.picture_cards import PICTURE_HEIGHTS, picture_parts
from tutor.ui.picture_cards import card_width as picture_width
from tutor.wording import capitalised, card_list

CARD_WIDTH = 5
LARGE_WIDTH = 7
GAP = 1
HEIGHTS = {"compact": 2, "small": 4, "normal": 4, "large": 6}
"""Lines per row of cards in each scale, the key line included ("small" draws playing cards as
"normal": it is for picture cards, whose "normal" is taller)."""
KEYS = "1234567890qwetyuiopgjklzxcvbm"
"""The keys that pick cards by position in the game: 1-9, 0 for the tenth card, then letters the
game's own keys do not use (d, h, f, s, r, n, a), enough for the biggest hand a deal gives (26)."""
CARD_MARKS = (
    ("▲", mark("The card you are on: Space picks it, or puts it back")),
    ("╔═╗", mark("On a card: you have picked it (a double edge)")),
    ("★", mark("The card you have just drawn")),
)
"""The marks on and under a row of cards, for F1's help (the learner meets them with no word beside
them); a mistake's ! is said with the others where it marks (CARD_MISTAKE, table.MISTAKE_MARK)."""
CARD_MISTAKE = ("!", mark("A card the mistake is about"))
ONE_SELECTED = mark("{card} is picked. A pair is two cards: pick the card that matches it too, then press Enter.")
NO_PARTNER = mark("{card} is picked, but no other card in your hand makes a pair with it: it stays in your hand.")
"""Said instead of ONE_SELECTED when nothing could match the card (a walker was told to pick a match that was not there)."""


def index_of(key: str, keys: str = KEYS) -> int | None:
    """The card position a key picks, or None."""
    position = keys.find(key) if key else -1
    return position if position >= 0 else None


@dataclass(frozen=True)
class _Spot:
    """Where card `index` was drawn: its row (in lines from the top) and first column."""

    index: int
    top: int
    left: int


class CardRow(Widget, can_focus=True):
    """Shared layout, cursor, key labels and mouse handling for a row of cards."""

    cursor: reactive[int] = reactive(0)
    scale: reactive[str] = reactive("normal", layout=True)

    class Picked(Message):
        def __init__(self, view: CardRow, index: int) -> None:
            super().__init__()
            self.view = view
            self.index = index

    def __init__(self, *, id: str | None = None, classes: str | None = None, keys: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self._looks: dict[Hashable, list[Strip]] = {}
        self._drawing: tuple[Style, list[list[Strip]]] | None = None
        self.flagged: set[int] = set()
        self.keys = keys
        """The keys that pick cards by position, shown under them ("" shows only the marks)."""

    def count(self) -> int:
        raise NotImplementedError

    def card_lines(self, index: int) -> tuple[Text, Text, Text]:
        raise NotImplementedError

    def mark(self, index: int) -> str:
        """The card's mark, one sign or two: the cursor ▲ and a mistake's !, both on a card that
        has both ("▲!": ▲ left of its key, ! right of it; the ! alone hid where Space picks, and
        the ▲ alone left one of a wrong pair's cards unmarked)."""
        cursor = "▲" if self.has_focus and index == self.cursor else ""
        flagged = "!" if index in self.flagged else ""
        return cursor + flagged or " "

    def key_of(self, index: int) -> str | None:
        """The key that picks card `index` (counting from 0), or None."""
        return self.keys[index] if 0 <= index < len(self.keys) else None

    def key_line(self, index: int) -> Text:
        """The card's key (or '·' when it has none) between its marks, 5 cells wide; without
        keys, only its mark in the middle."""
        return _key_line(self.mark(index), self.key_of(index), self.card_width(), bool(self.keys))

    def move_cursor(self, step: int) -> None:
        if self.count():
            self.cursor = (self.cursor + step) % self.count()

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, max(0, self.count() - 1)))

    def per_row(self, width: int | None = None) -> int:
        width = self.size.width if width is None else width
        return max(1, (width + GAP) // (self.card_width() + GAP))

    def card_height(self) -> int:
        return HEIGHTS.get(self.scale, 4)

    def card_width(self) -> int:
        return LARGE_WIDTH if self.scale == "large" else CARD_WIDTH

    def render_lines(self, crop: Region) -> list[Strip]:
        # Each card's lines are worked out once per drawing (from ready-made pieces, see
        # `_card_strips`), then each line only joins them.
        self._drawing = self._cards()
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:
        """Line `y` of the rows of cards."""
        base, cards = self._drawing or self._cards()
        if not cards:
            said = self._empty_lines(self.size.width)
            return self._strip(Text(said[y], style="italic"), base) if y < len(said) else Strip.blank(self.size.width, base)
        per_row = self.per_row()
        row, line = divmod(y, self.card_height())
        in_row = cards[row * per_row : (row + 1) * per_row]
        if not in_row:
            return Strip.blank(self.size.width, base)
        gap = Strip.blank(GAP, base)
        pieces = [gap] * (2 * len(in_row) - 1)
        pieces[::2] = [strips[line] for strips in in_row]
        return Strip.join(pieces)

    def _cards(self) -> tuple[Style, list[list[Strip]]]:
        """The widget's base style, and every card's lines drawn on it."""
        base = self.rich_style
        return base, [self._card_strips(index, base) for index in range(self.count())]

    def _card_strips(self, index: int, base: Style) -> list[Strip]:
        """Card `index`'s lines, key line included, made once per look (card, cursor, selection,
        mark, colours) and reused: a key that moves the cursor changes the look of two cards."""
        look = (self.look(index), self.mark(index), self.key_of(index), self.scale, bool(self.keys), base)
        strips = self._looks.get(look)
        if strips is None:
            if len(self._looks) > 512:
                self._looks.clear()
            strips = self._looks[look] = [self._strip(part, base) for part in [*self.card_parts(index), self.key_line(index)]]
        return strips

    def _strip(self, text: Text, base: Style) -> Strip:
        console = self.app.console
        own = console.get_style(text.style) if text.style else Style()  # Text.render leaves the text's own style out
        return Strip(text.render(console)).apply_style(base + own)

    def look(self, index: int) -> Hashable:
        """Everything but the marks and key that decides how card `index` is drawn."""
        raise NotImplementedError

    def spots(self) -> list[_Spot]:
        """Where each card is drawn, for the mouse."""
        per_row, width = self.per_row(), self.card_width() + GAP
        return [_Spot(index, (index // per_row) * self.card_height(), (index % per_row) * width) for index in range(self.count())]

    def empty_text(self) -> str:
        return ""

    def card_parts(self, index: int) -> list[Text]:
        """The lines of card `index` at the view's scale (the key line comes after them)."""
        top, middle, bottom = self.card_lines(index)
        if self.scale == "compact":
            return [middle]
        if self.scale != "large":
            return [top, middle, bottom]
        grow = "─" if "─" in top.plain else "═"
        side = middle.plain[0]
        face = middle[1:-1]
        wide_top = Text(top.plain[0] + grow * (LARGE_WIDTH - 2) + top.plain[-1])
        wide_bottom = Text(bottom.plain[0] + grow * (LARGE_WIDTH - 2) + bottom.plain[-1])
        blank = Text(side + " " * (LARGE_WIDTH - 2) + side)
        face_line = Text(side + " ") + face + Text(" " + side)
        return [wide_top, blank, face_line, blank, wide_bottom]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.count():
            return max(self.card_height(), len(self._empty_lines(width)))
        return -(-self.count() // self.per_row(width)) * self.card_height()

    def _empty_lines(self, width: int) -> list[str]:
        """What an empty view says, folded to its width (a long sentence was cut off at 60 columns)."""
        text = self.empty_text()
        return [line.plain for line in Text(text).wrap(self.app.console, max(1, width))] if text else []

    def on_click(self, event: Click) -> None:
        for spot in self.spots():
            if spot.top <= event.y < spot.top + self.card_height() and spot.left <= event.x < spot.left + self.card_width():
                self.cursor = spot.index
                self.post_message(self.Picked(self, spot.index))
                return

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class HandView(CardRow):
    """The learner's own cards, face up, with selection."""

    def __init__(self, *, letters: bool = False, id: str | None = None, keys: str = "") -> None:
        super().__init__(id=id, keys=keys)
        self.cards: list[Card] = []
        self.selected: set[Card] = set()
        self.new: int | None = None
        self.letters = letters
        self.empty_words = tr("Your hand is empty.")
        """What an empty hand says: what it means depends on the rules (tutor.wording.going_out)."""

    def lone_pick(self) -> str | None:
        """What to say when one card alone is picked and laid down: it is half a pair (and stays
        picked), or nothing in the hand pairs with it (and it is put back, as the words say: kept
        picked, it went down with the next pair as a wrong one); None for any other pick. Not a
        wrong pair: "K♠ are not a pair." was said to a child who had picked one card."""
        if len(self.selected) != 1:
            return None
        (card,) = self.selected
        matched = any(card.pairs_with(other) for other in self.cards)
        if not matched:
            self.selected.clear()
            self.refresh()
        return tr(ONE_SELECTED if matched else NO_PARTNER).format(card=capitalised(card_list([card], self.letters)))

    def show(self, cards: list[Card], flagged: set[Card] | None = None, new: Card | None = None, empty: str = "") -> None:
        """Show `cards`, marking those a mistake was about (!) and the card just drawn (★);
        `empty`: what to say when there are none."""
        self.cards = cards
        self.empty_words = empty or self.empty_words
        self.selected &= set(cards)
        self.flagged = {index for index, card in enumerate(cards) if flagged and card in flagged}
        self.new = cards.index(new) if new in cards else None
        self.cursor = self.cursor
        self.refresh(layout=True)

    def mark(self, index: int) -> str:
        """The card just drawn is marked ★, beside the cursor's ▲ when the cursor is on it ("▲ 1 ★"):
        F1 says ★ is that card, and it was gone the moment the cursor came to it. A mistake's !
        comes before it."""
        mark = super().mark(index)
        if index != self.new or "!" in mark:
            return mark
        return "★" if mark == " " else mark + "★"

    @property
    def pictures(self) -> bool:
        """Whether the hand holds picture cards (drawn by `tutor.ui.picture_cards`)."""
        return bool(self.cards) and self.cards[0].picture is not None

    def card_width(self) -> int:
        return picture_width(self.cards[0].deck_id) if self.pictures else super().card_width()

    def card_height(self) -> int:
        return PICTURE_HEIGHTS.get(self.scale, 6) if self.pictures else super().card_height()

    def card_parts(self, index: int) -> list[Text]:
        if not self.pictures:
            return super().card_parts(index)
        card = self.cards[index]
        return picture_parts(card, self.scale, card in self.selected, index == self.cursor and self.has_focus)

    def toggle(self, index: int | None = None) -> None:
        index = self.cursor if index is None else index
        if 0 <= index < len(self.cards):
            self.cursor = index
            self.selected ^= {self.cards[index]}
            self.refresh()

    def count(self) -> int:
        return len(self.cards)

    def empty_text(self) -> str:
        return self.empty_words

    def look(self, index: int) -> Hashable:
        card = self.cards[index]
        return card, card in self.selected, index == self.cursor and self.has_focus, self.letters, self.app.no_color

    def card_lines(self, index: int) -> tuple[Text, Text, Text]:
        card = self.cards[index]
        pointed = index == self.cursor and self.has_focus
        return _face(card, self.letters, card in self.selected, pointed, self.app.no_color)


class FanView(CardRow):
    """A giver's cards held out face down: the learner picks a position, blind."""

    def __init__(self, *, id: str | None = None, keys: str = "") -> None:
        super().__init__(id=id, keys=keys)
        self.size_of_fan = 0

    def show(self, count: int) -> None:
        self.size_of_fan = count
        self.cursor = self.cursor
        self.refresh(layout=True)

    def count(self) -> int:
        return self.size_of_fan

    def look(self, index: int) -> Hashable:
        return index == self.cursor and self.has_focus, index if not self.keys and index < 9 else None

    def card_lines(self, index: int) -> tuple[Text, Text, Text]:
        style = "reverse" if index == self.cursor and self.has_focus else ""
        if self.keys:
            label = "░░░"
        else:  # no key line under the cards: the number goes on the back
            label = f"░{index + 1}░" if index < 9 else "░░░"
        return Text("┌───┐"), Text("│") + Text(label, style=style) + Text("│"), Text("└───┘")


def _face(card: Card, letters: bool, selected: bool, pointed: bool, plain: bool) -> tuple[Text, Text, Text]:
    """A face-up card's three lines: double border when selected, reversed face under the cursor."""
    style = "bold red" if card.is_red and not plain else "bold"  # NO_COLOR: the suit symbol says it
    top, side, bottom = ("╔═══╗", "║", "╚═══╝") if selected else ("┌───┐", "│", "└───┘")
    if pointed:
        style += " reverse"
    middle = Text(side) + Text(card.text(letters).ljust(3), style=style) + Text(side)
    return Text(top), middle, Text(bottom)


def _key_line(mark: str, key: str | None, width: int, with_keys: bool) -> Text:
    if not with_keys:
        return Text(mark.center(width), style="bold")
    text = Text(mark[0], style="bold")
    text.append((key or "·").center(width - 2), style="bold underline" if key else "")
    text.append(mark[-1], style="bold")
    return text
