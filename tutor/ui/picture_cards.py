"""How a picture card looks: its small drawing and its name, in a box, at each card scale.

A picture card is as wide as its deck's widest drawing or name needs, and at most 11 cells (a
drawing is at most 9), so a hand of seven Farm friends fits one row of an 80-column table. Every scale names the picture in
words, so two pictures are never told apart by their drawing or colour alone; nothing is coloured,
so the cards read the same under NO_COLOR and in every theme. The drawings use only characters
DejaVu Sans Mono has (checked where the decks are read, `tutor.course.decks`).

    "compact" (short terminals): one line, the name:  │ Rabbit  │
    "small" (a short terminal with room for more): the name in a box of its own (3 lines)
    "normal": the name in the top border, then the drawing (5 lines)
    "large": the drawing, then the name on its own line (6 lines)

A selected card gets a double border (╔═╗), as playing cards do; the card under the cursor shows
its name in reverse.
"""

from __future__ import annotations

from functools import cache

from rich.text import Text

from tutor import language
from tutor.engine.cards import Card
from tutor.engine.decks import ART_LINES, ART_WIDTH, find_deck
from tutor.language import tr

PICTURE_WIDTH = ART_WIDTH + 2
"""The widest a picture card gets (see `card_width`)."""
PICTURE_HEIGHTS = {"compact": 2, "small": 4, "normal": 6, "large": 7}
"""Lines per row of picture cards in each scale, the key line included."""


def face_width(deck_id: str) -> int:
    """Cells inside a card's border for this deck: its widest drawing or name (a name too long
    for the card is shown by its short name), at most ART_WIDTH; names in the language in use."""
    return _face_width(deck_id, language.current())


@cache
def _face_width(deck_id: str, code: str) -> int:
    pictures = [*find_deck(deck_id).pictures, find_deck(deck_id).character]
    widths = [len(line.rstrip()) for picture in pictures if picture is not None for line in picture.art]
    for picture in pictures:
        if picture is not None:
            name = tr(picture.name)
            widths.append(len(name) if len(name) <= ART_WIDTH else len(tr(picture.short)))
    return min(ART_WIDTH, max(widths, default=ART_WIDTH))


def card_width(deck_id: str) -> int:
    """How wide a card of this picture deck is drawn, its border included."""
    return face_width(deck_id) + 2


def label(card: Card, room: int) -> str:
    """The picture's name if it fits in `room` cells, else its short name (cut to fit)."""
    return fitting(card, room) or _short(card)[:room]


def fitting(card: Card, room: int) -> str | None:
    """The picture's name if it fits in `room` cells, else its short name if that fits, else None."""
    name = card.text()  # the picture's name in the language in use
    return next((words for words in (name, _short(card)) if len(words) <= room), None)


def _short(card: Card) -> str:
    return tr(card.picture.short) if card.picture is not None else card.text()


def border_words(card: Card, width: int) -> str:
    """The name in a card's top border `width` cells wide: between spaces if it fits so, else
    without them ("Kirsche" in 7 cells, not "Kirsch"), else cut."""
    spaced = fitting(card, width - 2)
    return f" {spaced} " if spaced is not None else label(card, width)


def art(card: Card, width: int = ART_WIDTH) -> list[str]:
    """The drawing's lines, padded alike and centred in `width` cells (blank lines if it has none)."""
    lines = list(card.picture.art if card.picture is not None else ())[:ART_LINES]
    lines += [""] * (ART_LINES - len(lines))
    widest = max(len(line.rstrip()) for line in lines)
    return [line.rstrip().ljust(widest).center(width)[:width] for line in lines]


def picture_parts(card: Card, scale: str, selected: bool, cursor: bool) -> list[Text]:
    """The lines of one picture card at `scale` (the key line under it is the row's)."""
    across, side = ("═", "║") if selected else ("─", "│")
    top_left, top_right, bottom_left, bottom_right = ("╔", "╗", "╚", "╝") if selected else ("┌", "┐", "└", "┘")
    name_style = "bold reverse" if cursor else "bold"
    width = face_width(card.deck_id)
    name = Text(side) + Text(label(card, width).center(width), style=name_style) + Text(side)
    if scale == "compact":
        return [name]
    bottom = Text(bottom_left + across * width + bottom_right)
    if scale == "small":
        return [Text(top_left + across * width + top_right), name, bottom]
    drawing = [Text(side + line + side) for line in art(card, width)]
    if scale == "large":
        return [Text(top_left + across * width + top_right), *drawing, name, bottom]
    words = border_words(card, width)
    left = (width - len(words)) // 2
    top = Text(top_left + across * left) + Text(words, style=name_style) + Text(across * (width - left - len(words)) + top_right)
    return [top, *drawing, bottom]
