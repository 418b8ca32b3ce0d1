"""Colour contrast as WCAG 2 measures it, and how to nudge a colour until text in it is readable.

Colours are (red, green, blue) tuples of 0-255. `NO_COLOR` turns every colour into a grey of the
same brightness (Textual's `Color.monochrome`), so `readable` checks that grey too.
"""

from __future__ import annotations

from collections.abc import Iterable

RGB = tuple[int, int, int]
READABLE = 4.5  # WCAG AA for ordinary text
_MARGIN = 0.5  # aim higher: some widgets tint their background a little toward the text (focus)


def luminance(colour: RGB) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""

    def channel(value: int) -> float:
        scaled = value / 255
        return scaled / 12.92 if scaled <= 0.03928 else ((scaled + 0.055) / 1.055) ** 2.4

    red, green, blue = colour
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: RGB, other: RGB) -> float:
    """The WCAG contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    return _ratio(luminance(one), luminance(other))


def _ratio(one: float, other: float) -> float:
    """The contrast ratio of two luminances."""
    light, dark = sorted((one, other), reverse=True)
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
    """`colour`, blended toward white or black (whichever needs less) just enough to reach `target`
    against every background (in NO_COLOR's greys when `in_grey`). Unchanged if it already does;
    if nothing reaches it, the better of white and black."""
    grounds = list(backgrounds)
    shown = grey if in_grey else _same
    ground_luminances = [luminance(shown(ground)) for ground in grounds]  # once, not for each candidate

    def worst(candidate: RGB) -> float:
        own = luminance(shown(candidate))
        return min(_ratio(own, ground) for ground in ground_luminances)

    for step in range(21):
        for toward in ((255, 255, 255), (0, 0, 0)):
            candidate = blend(colour, toward, step / 20)
            if worst(candidate) >= target:
                return candidate
    return black_or_white(grounds, in_grey)


def black_or_white(grounds: list[RGB], in_grey: bool = False) -> RGB:
    """Whichever of white and black reads better on all of `grounds` (Textual's "auto" text colour)."""
    shown = grey if in_grey else _same
    return max(((255, 255, 255), (0, 0, 0)), key=lambda colour: min(contrast(shown(colour), shown(ground)) for ground in grounds))


TEXT_ON: dict[str, tuple[str, ...]] = {
    "foreground": ("background", "surface", "panel"),
    "footer-key-foreground": ("footer-background",),
    "footer-description-foreground": ("footer-background",),
    "footer-foreground": ("footer-background",),
    "block-cursor-foreground": ("block-cursor-background",),
    "block-cursor-blurred-foreground": ("block-cursor-blurred-background",),
    "text-on-panel": ("panel",),
    "button-foreground": ("surface", "surface-darken-1"),
    "button-color-foreground": ("primary",),
}
"""Theme variables that colour text, and the variables of the backgrounds they are drawn on.
`text-on-panel` is the tutor's own: the theme's foreground, fitted to $panel (the header's ground)."""


def readable_variables(variables: dict[str, str], in_grey: bool) -> dict[str, str]:
    """A theme's CSS variables with each text colour in `TEXT_ON` fitted to 4.5:1 on its background."""
    from textual.color import Color

    fitted = dict(variables)
    fitted.setdefault("text-on-panel", variables["foreground"])
    base = Color.parse(variables["background"])

    def solid(value: str, under: Color) -> Color | None:
        if value.startswith("auto"):
            return None
        try:
            return under + Color.parse(value)
        except Exception:  # "ansi_default", "transparent" and such: colours the tutor can't see
            return None

    for text, grounds in TEXT_ON.items():
        behind = [colour for colour in (solid(fitted.get(ground, ""), base) for ground in grounds) if colour is not None]
        if not behind:
            continue
        backs: list[RGB] = [(colour.r, colour.g, colour.b) for colour in behind]
        colour = solid(fitted[text], behind[0])
        start: RGB = (colour.r, colour.g, colour.b) if colour is not None else black_or_white(backs, in_grey)
        red, green, blue = readable(start, backs, in_grey)
        fitted[text] = f"#{red:02x}{green:02x}{blue:02x}"
    return fitted
