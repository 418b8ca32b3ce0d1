"""How a picture card looks: its small drawing and its name, in a box, at each card scale.

A picture card is 11 cells wide (the drawing is at most 9). Every scale names the picture in
words, so two pictures are never told apart by their drawing or colour alone; nothing is coloured,
so the cards read the same under NO_COLOR and in every theme. The drawings use only characters
DejaVu Sans Mono has (checked where the decks are read, `tutor.course.decks`).

    "compact" (short terminals): one line, the name:  │ Rabbit  │
    "normal": the name in the top border, then the drawing (5 lines)
    "large": the drawing, then the name on its own line (6 lines)

A selected card gets a double border (╔═╗), as playing cards do; the card under the cursor shows
its name in reverse.
"""

from __future__ import annotations

from rich.text import Text

from tutor.engine.cards import Card
from tutor.engine.decks import ART_LINES, ART_WIDTH

PICTURE_WIDTH = ART_WIDTH + 2
PICTURE_HEIGHTS = {"compact": 2, "normal": 6, "large": 7}
"""Lines per row of picture cards in each scale, the key line included."""


def label(card: Card, room: int) -> str:
    """The picture's name if it fits in `room` cells, else its short name."""
    picture = card.picture
    if picture is None:
        return card.text()[:room]
    return picture.name if len(picture.name) <= room else picture.short[:room]


def art(card: Card) -> list[str]:
    """The drawing's lines, padded alike and centred in the card (blank lines if it has none)."""
    lines = list(card.picture.art if card.picture is not None else ())[:ART_LINES]
    lines += [""] * (ART_LINES - len(lines))
    widest = max(len(line.rstrip()) for line in lines)
    return [line.rstrip().ljust(widest).center(ART_WIDTH)[:ART_WIDTH] for line in lines]


def picture_parts(card: Card, scale: str, selected: bool, cursor: bool) -> list[Text]:
    """The lines of one picture card at `scale` (the key line under it is the row's)."""
    across, side = ("═", "║") if selected else ("─", "│")
    top_left, top_right, bottom_left, bottom_right = ("╔", "╗", "╚", "╝") if selected else ("┌", "┐", "└", "┘")
    name_style = "bold reverse" if cursor else "bold"
    if scale == "compact":
        return [Text(side) + Text(label(card, ART_WIDTH).center(ART_WIDTH), style=name_style) + Text(side)]
    bottom = Text(bottom_left + across * ART_WIDTH + bottom_right)
    drawing = [Text(side + line + side) for line in art(card)]
    if scale == "large":
        top = Text(top_left + across * ART_WIDTH + top_right)
        name = Text(side) + Text(label(card, ART_WIDTH).center(ART_WIDTH), style=name_style) + Text(side)
        return [top, *drawing, name, bottom]
    words = f" {label(card, ART_WIDTH - 2)} "
    left = (ART_WIDTH - len(words)) // 2
    top = Text(top_left + across * left) + Text(words, style=name_style) + Text(across * (ART_WIDTH - left - len(words)) + top_right)
    return [top, *drawing, bottom]
