"""Colour contrast as WCAG 2 measures it, and how to nudge a colour until text in it is readable.

Colours are (red, green, blue) tuples of 0-255. `NO_COLOR` turns every colour into a grey of the
same brightness (Textual's `Color.monochrome`), so `readable` checks that grey too.
"""

from __future__ import annotations

from collections.abc import Iterable

RGB = tuple[int, int, int]
READABLE = 4.5  # WCAG AA for ordinary text
_MARGIN = 0.2  # aim a little higher, so rounding in the terminal never drops below READABLE


def luminance(colour: RGB) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""

    def channel(value: int) -> float:
        scaled = value / 255
        return scaled / 12.92 if scaled <= 0.03928 else ((scaled + 0.055) / 1.055) ** 2.4

    red, green, blue = colour
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: RGB, other: RGB) -> float:
    """The WCAG contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def grey(colour: RGB) -> RGB:
    """The grey NO_COLOR shows for this colour (as Textual's Color.monochrome computes it)."""
    red, green, blue = colour
    level = round(red * 0.2126 + green * 0.7152 + blue * 0.0722)
    return (level, level, level)


def _same(colour: RGB) -> RGB:
    return colour


def blend(colour: RGB, toward: RGB, amount: float) -> RGB:
    red, green, blue = (round(a + (b - a) * amount) for a, b in zip(colour, toward, strict=True))
    return (red, green, blue)


def readable(colour: RGB, backgrounds: Iterable[RGB], in_grey: bool = False, target: float = READABLE + _MARGIN) -> RGB:
    """`colour`, lightened on dark backgrounds or darkened on light ones just enough to reach
    `target` against every background (in NO_COLOR's greys when `in_grey`). Unchanged if it already does."""
    grounds = list(backgrounds)
    dark = sum(luminance(ground) for ground in grounds) / len(grounds) < 0.18
    toward: RGB = (255, 255, 255) if dark else (0, 0, 0)
    shown = grey if in_grey else _same

    def fine(candidate: RGB) -> bool:
        return all(contrast(shown(candidate), shown(ground)) >= target for ground in grounds)

    for step in range(21):
        candidate = blend(colour, toward, step / 20)
        if fine(candidate):
            return candidate
    return toward
