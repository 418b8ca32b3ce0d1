"""Is every word on a screen readable? `cut_off(pilot, where)` reads the screen as a learner sees it
(the compositor's strips) and lists each visible text widget whose words are not all there.

A text widget is a Static (Label, Tab, the header's title...), a Button, an Input, an option
list (each option's prompt), the footer's keys (each key and its meaning), or any other widget
drawn as text (the game's seats, its log); a container's border title counts too. Its words
(split at spaces: text wraps) must be read in order inside the widget's own region of the screen.
A widget partly out of sight in a container that scrolls up and down is scrolled through (the
container a viewport at a time; an option list, its own lines) and read at each step, so a long
page that scrolls passes. A word cut at a border ("Einstellun" for "Einstellungen"), a label
cropped by a narrow box, a word folded onto the next line, text cut at the side (nobody scrolls
sideways to read) or under a fixed box that cannot scroll fails.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from rich.console import Console
from rich.protocol import is_renderable
from rich.text import Text
from textual.content import Content
from textual.errors import NoWidget
from textual.pilot import Pilot
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.visual import RichVisual, Visual, visualize
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList
from textual.widgets._header import HeaderClock, HeaderIcon

from tutor.ui.cards import CardRow
from tutor.ui.footer import KeysLine

DRAWING = re.compile("[\u2500-\u259f\u2800-\u28ff]")
"""Box and block drawing (borders, scroll bars, bars of a chart): never part of a word."""
SKIPPED: tuple[type[Widget], ...] = (HeaderIcon, HeaderClock)
"""Drawn as text but not words: the header's icon and clock."""


@dataclass
class Target:
    """One piece of text a learner must be able to read, and what of it was seen on screen."""

    widget: Widget
    what: str
    """How the report names it: the widget's class and id, or "border title of ..."."""
    words: list[str]
    ordered: bool = True
    """False for a rich table or panel: its cells may wrap side by side, so only the words count."""
    edge: str | None = None
    """"top" or "bottom": only that border row of the widget holds the text (a border title)."""
    rows: dict[int, str] = field(default_factory=dict)
    """Each of the widget's rows seen on screen (by its row in the widget's whole content)."""

    def missing(self) -> list[str]:
        seen = words_of(" ".join(self.rows[row] for row in sorted(self.rows)))
        if not self.ordered:
            return list((Counter(self.words) - Counter(seen)).elements())
        lost, at = [], 0
        for word in self.words:
            try:
                at = seen.index(word, at) + 1
            except ValueError:
                lost.append(word)
        return lost


def words_of(text: str) -> list[str]:
    return DRAWING.sub(" ", text).split()


def plain(widget: Widget, shown: Any) -> tuple[str, bool]:
    """The text of something a widget draws (a string of markup, Content, rich Text, a Visual or
    any rich renderable), and whether its words read in order."""
    if isinstance(shown, str):
        shown = visualize(widget, shown, markup=True)
    if isinstance(shown, (Content, Text)):
        return shown.plain, True
    if isinstance(shown, RichVisual):
        shown = shown._renderable
    if isinstance(shown, (Content, Text)):
        return shown.plain, True
    if isinstance(shown, (Widget, Visual)) or not is_renderable(shown):
        return "", True  # a widget drawing itself line by line (read apart), or a blank
    out = StringIO()
    Console(file=out, width=400, color_system=None, legacy_windows=False).print(shown)
    return out.getvalue(), False


def targets_of(screen: Screen[Any]) -> list[Target]:
    """Every piece of text the screen shows now (widgets hidden by `display: none` or `visibility:
    hidden`, themselves or by an ancestor, are not shown: they are left out)."""
    found: list[Target] = []
    for widget in screen.walk_children(Widget, with_self=False):
        if not shown_now(widget, screen) or isinstance(widget, SKIPPED):
            continue
        name = describe(widget)
        for edge, title in (("top", widget.border_title), ("bottom", widget.border_subtitle)):
            border = widget.styles.border.top if edge == "top" else widget.styles.border.bottom
            if title and border[0] not in ("", "none", "hidden"):
                text, _ = plain(widget, title)
                found.append(Target(widget, f"the {'title' if edge == 'top' else 'subtitle'} on the border of {name}", words_of(text), edge=edge))
        text, ordered = text_of(widget)
        if words_of(text):
            found.append(Target(widget, name, words_of(text), ordered))
    return found


def text_of(widget: Widget) -> tuple[str, bool]:
    """What a text widget says in full; "" for a container (its children are read one by one)."""
    if isinstance(widget, OptionList):
        parts = [plain(widget, option.prompt) for option in widget.options]
        return "\n".join(text for text, _ in parts), all(ordered for _, ordered in parts)
    if isinstance(widget, Input):
        return (widget.value if widget.password is False else "") or str(widget.placeholder or ""), True
    if isinstance(widget, KeysLine):
        return widget.render().plain, True
    if isinstance(widget, CardRow):  # rows of cards, side by side: each card's words, in any order
        if not widget.count():
            return widget.empty_text(), True
        return "\n".join(line.plain for index in range(widget.count()) for line in widget.card_lines(index)), False
    if isinstance(widget, Button):
        return plain(widget, widget.label)
    if any(child.display for child in widget.children):
        return "", True
    try:
        return plain(widget, widget.render())
    except Exception:  # noqa: BLE001 (a widget that draws nothing as text: a bar, a switch)
        return "", True


def shown_now(widget: Widget, screen: Screen[Any]) -> bool:
    node: Any = widget
    while node is not None and node is not screen:
        if not node.display or node.styles.visibility == "hidden":
            return False
        node = node.parent
    return True


def describe(widget: Widget) -> str:
    return type(widget).__name__ + (f"#{widget.id}" if widget.id else "")


def screen_lines(screen: Screen[Any]) -> list[str]:
    return ["".join(segment.text for segment in strip) for strip in screen._compositor.render_strips()]


def read(screen: Screen[Any], targets: list[Target]) -> None:
    """Note each target's rows that are in sight now (cell by cell, cut to what its containers let through)."""
    lines = screen_lines(screen)
    for target in targets:
        try:
            geometry = screen.find_widget(target.widget)
        except NoWidget:
            continue
        region, sight = geometry.region, geometry.region.intersection(geometry.clip).intersection(screen.region)
        if not sight:
            continue
        scrolled = 0
        if isinstance(target.widget, ScrollView) and not target.edge:  # its lines scroll inside its borders
            region, scrolled = target.widget.scrollable_content_region, target.widget.scroll_offset.y
            sight = sight.intersection(region)
        rows = range(sight.y, sight.bottom)
        if target.edge == "top":
            rows = range(region.y, region.y + 1) if sight.y == region.y else range(0)
        elif target.edge == "bottom":
            rows = range(region.bottom - 1, region.bottom) if sight.bottom == region.bottom else range(0)
        if target.edge and target.rows and not target.missing():
            continue  # a border's words, once read whole, stay read (a page's sign changes as the checker scrolls it)
        for y in rows:
            row = y - region.y + (0 if target.edge else scrolled)
            target.rows[row] = cells(lines[y], sight.x, sight.right)


def cells(line: str, start: int, end: int) -> str:
    """The characters of `line` in cells start..end (a wide character takes two cells)."""
    from rich.cells import cell_len

    out, at = [], 0
    for char in line:
        width = cell_len(char)
        if at >= start and at + width <= end:
            out.append(char)
        at += width
    return "".join(out)


def scrollers(screen: Screen[Any], targets: list[Target]) -> list[Widget]:
    """The widgets that scroll and hold (or are) a target not yet read in full, outermost first."""
    found: list[Widget] = []
    for target in targets:
        if not target.missing():
            continue
        node: Any = target.widget
        while node is not None and node is not screen:
            if isinstance(node, Widget) and node.max_scroll_y > 0 and node not in found:
                found.append(node)
            node = node.parent
    return sorted(found, key=lambda widget: len(widget.ancestors))


async def cut_off(pilot: Pilot[Any], where: str) -> list[str]:
    """Each text widget of the current screen whose words cannot all be read, as a line naming
    `where` (language, size, screen), the widget and the missing words; [] when all can.

    What is missing is read once more a moment later: Pilot's pause takes a process the busy
    machine has not scheduled for a while for an idle one, and a footer or a title still to be
    drawn at a new size looked cut off (a word really cut off is still cut off then)."""
    problems = await _cut_off(pilot, where)
    if problems:
        await pilot.pause(0.3)
        problems = await _cut_off(pilot, where)
    return problems


async def _cut_off(pilot: Pilot[Any], where: str) -> list[str]:
    await pilot.pause()
    screen = pilot.app.screen
    targets = targets_of(screen)
    if not targets:
        return [f"{where}: nothing to read on {describe(screen)}"]
    read(screen, targets)
    for scroller in scrollers(screen, targets):
        if not any(target.missing() for target in targets):
            break
        start = scroller.scroll_y
        step = max(1, scroller.scrollable_content_region.height - 1)
        for y in [*range(0, int(scroller.max_scroll_y), step), int(scroller.max_scroll_y)]:
            scroller.scroll_to(y=y, animate=False, immediate=True)
            await pilot.pause()
            read(screen, targets)
        scroller.scroll_to(y=start, animate=False, immediate=True)
        await pilot.pause()
    return [f"{where}: {target.what}: cannot read {' '.join(target.missing())!r}" for target in targets if target.missing()]
