"""Textual's Footer with Help always first, without the palette's key when the window is narrow,
and with the screen's keys drawn by one widget.

At 60 columns a screen's keys do not all fit on one line, and Textual's footer cuts the line
without a sign (and at 80 its command palette's key, docked over the end of the line, hid the last
key). Here F1 Help comes first, where it is always seen: the help it opens lists every key of the
screen. Only the keys that fit whole are shown (`fitting`), never half a key, the way out (esc) among
them before the screen's later keys, and the palette's key
only when it fits beside all of them (Ctrl+P still opens the palette). Textual's compact footer was tried and left alone: it runs each
key into its word ("F1Help"), which a child reads less easily.

Textual's footer makes a widget for each key (each with its own message queue, task and styles)
and makes them all again whenever the screen's keys change: at start-up the home screen's footer
was built three times, and the key widgets of the home and game screens took about 2 MiB on the
game table. `KeysLine` draws the same keys, in the same styles, as one widget, and takes new keys
in place; the footer itself is built once. A key is clicked, hovered (with its tooltip) and dimmed
when disabled as Textual's are. The palette's key stays Textual's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region, Spacing
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tutor.language import tr
from tutor.ui.live_keys import live_bindings

NARROW = 80
HELP_ACTION = "help"
ESCAPE = "escape"
PALETTE_KEY = "-command-palette"  # the class of Textual's key for the command palette
PALETTE_FRAME = 3
"""Cells of the palette's key besides its key and word: the line before it, a space between, one after."""


def said(words: str) -> str:
    """A key's word or tooltip in the language in use (marked for the catalogue where it was written)."""
    return tr(words) if words else words


@dataclass(frozen=True)
class FooterEntry:
    """One key as the footer shows it."""

    key: str
    """The key as Textual names it ("f1"): what a click presses."""
    display: str
    """The key as shown ("F1")."""
    description: str
    action: str
    enabled: bool
    tooltip: str


class KeysLine(Widget):
    """The screen's keys on one line, drawn as Textual's FooterKey draws each one."""

    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover"}
    # FooterKey's styles, for the same look; a hovered key takes FooterKey:hover's colours.
    DEFAULT_CSS = """
    KeysLine {
        width: auto;
        height: 1;
        text-wrap: nowrap;
        background: $footer-item-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0 1;
        }
        .footer-key--description {
            padding: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        &:hover {
            pointer: pointer;
        }
    }
    """
    ALLOW_SELECT = False

    def __init__(self, entries: list[FooterEntry]) -> None:
        super().__init__()
        self.entries = entries
        self.hovered: int | None = None

    def show(self, entries: list[FooterEntry]) -> None:
        """New keys in place of the old (the line's width follows)."""
        if entries != self.entries:
            self.entries = entries
            self._hover(None)
            self.refresh(layout=True)

    def spans(self, entries: list[FooterEntry] | None = None) -> list[tuple[int, int]]:
        """Where each entry (of the line's, or `entries`) is on the line: (first cell, cell after the last)."""
        key_pad, text_pad = self._paddings()
        spans, start = [], 0
        for entry in self.entries if entries is None else entries:
            width = cell_len(entry.display)
            if entry.description:
                width += key_pad.left + key_pad.right + cell_len(entry.description) + text_pad.left + text_pad.right
            spans.append((start, start + width))
            start += width
        return spans

    def fitting(self, entries: list[FooterEntry], room: int) -> list[FooterEntry]:
        """The entries that fit whole in `room` cells, in their order: Help (first: it lists them
        all) and the way out (Escape) whenever they fit, then the others in turn while they fit. A
        child who cannot see how to go back is stuck; Sort or Rules can wait for F1."""
        kept = [entry for entry in entries if entry.action == HELP_ACTION or entry.key == ESCAPE]
        if not kept or self.spans(kept)[-1][1] > room:
            kept = []
        for entry in entries:
            if entry in kept:
                continue
            trial = [one for one in entries if one in kept or one is entry]
            if self.spans(trial)[-1][1] > room:
                break
            kept.append(entry)
        return [entry for entry in entries if entry in kept]

    def key_regions(self) -> list[tuple[FooterEntry, Region]]:
        """Each entry with its region on the screen (for tests, as a FooterKey's region)."""
        x, y = self.region.x, self.region.y
        return [(entry, Region(x + start, y, end - start, 1)) for entry, (start, end) in zip(self.entries, self.spans(), strict=True)]

    def _paddings(self) -> tuple[Spacing, Spacing]:
        return self.get_component_styles("footer-key--key").padding, self.get_component_styles("footer-key--description").padding

    def render(self) -> Text:
        line = Text(no_wrap=True, end="")
        for index, entry in enumerate(self.entries):
            line.append_text(self._label(entry, hovered=index == self.hovered))
        return line

    def _label(self, entry: FooterEntry, hovered: bool) -> Text:
        """As FooterKey.render, with the key widget's own style (hovered, dimmed) laid under it."""
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        key_pad, text_pad = self._paddings()
        if entry.description:
            label = Text.assemble(
                (" " * key_pad.left + entry.display + " " * key_pad.right, key_style),
                (" " * text_pad.left + entry.description + " " * text_pad.right, description_style),
            )
        else:
            label = Text.assemble((entry.display, key_style))
        own = self.get_component_rich_style("footer-key--hover") if hovered else self.rich_style
        label.stylize_before(own + Style(dim=True) if not entry.enabled else own)
        return label

    def _entry_at(self, x: int) -> int | None:
        return next((index for index, (start, end) in enumerate(self.spans()) if start <= x < end), None)

    def _hover(self, index: int | None) -> None:
        if index != self.hovered:
            self.hovered = index
            self.tooltip = (self.entries[index].tooltip or None) if index is not None else None
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self._entry_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self._entry_at(event.x)
        if index is None:
            return
        if self.entries[index].enabled:
            self.app.simulate_key(self.entries[index].key)
        else:
            self.app.bell()


class TutorFooter(Footer):
    """Textual's Footer (its styles, and its choice of keys) with the keys in a KeysLine, changed
    in place: after the screen's keys change, once for a burst of changes, as Textual's footer does."""

    _update_queued = False
    _palette: tuple[Binding, bool] | None = None
    """The command palette's binding and whether it is enabled, while its key is shown."""

    def compose(self) -> ComposeResult:
        yield KeysLine([])

    def _entries(self) -> list[FooterEntry]:
        """The screen's shown keys, one for each action (its first key), as Textual's footer picks
        them; Help first. (The tutor's keys are in no binding group: a group's keys show one by one.)"""
        shown: dict[str, FooterEntry] = {}
        for _, binding, enabled, tooltip in live_bindings(self.screen).values():
            if binding.show and binding.action not in shown:
                shown[binding.action] = FooterEntry(
                    binding.key, self.app.get_key_display(binding), said(binding.description), binding.action, enabled, said(tooltip)
                )
        helps = [entry for entry in shown.values() if entry.action == HELP_ACTION]
        return helps + [entry for entry in shown.values() if entry.action != HELP_ACTION]

    def _palette_binding(self, room: int) -> tuple[Binding, bool] | None:
        """The command palette's binding and whether it is enabled, when its key is to be shown:
        it fits in the `room` the screen's keys leave (Ctrl+P opens the palette all the same)."""
        if not (self.app.ENABLE_COMMAND_PALETTE and self.app.size.width >= NARROW):
            return None
        active = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if active is None:
            return None
        display, description = self.app.get_key_display(active.binding), said(active.binding.description)
        if cell_len(display) + cell_len(description) + PALETTE_FRAME > room:
            return None
        return active.binding, active.enabled

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._queue_update()

    def watch_show_command_palette(self) -> None:
        if self._bindings_ready and self.is_attached:
            self._queue_update()

    def _queue_update(self) -> None:
        if not self._update_queued:
            self._update_queued = True
            self.call_after_refresh(self._update)

    def _update(self) -> None:
        self._update_queued = False
        lines = self.query(KeysLine)
        if not self.is_attached or not lines:
            return  # (a closing screen's footer loses its keys line first)
        line, width = lines.first(), self.app.size.width  # (the footer's own resize may come after its first keys)
        entries = line.fitting(self._entries(), width)
        line.show(entries)
        used = line.spans(entries)[-1][1] if entries else 0
        palette = self._palette_binding(width - used)
        if palette != self._palette:
            self._palette = palette
            self.query(f".{PALETTE_KEY}").remove()
            if palette is not None:
                self.mount(self._palette_key(*palette))

    def _palette_key(self, binding: Binding, enabled: bool) -> FooterKey:
        """Textual's own key for the command palette, made as its footer makes it."""
        return FooterKey(
            binding.key,
            self.app.get_key_display(binding),
            said(binding.description),
            binding.action,
            classes=f"{PALETTE_KEY} -compact",  # the class its `compact` (True) gives it anyway: made with it, it is not restyled at once
            disabled=not enabled,
            tooltip=said(binding.tooltip or binding.description),
        )

    def on_resize(self, event: events.Resize) -> None:
        self.show_command_palette = self.app.size.width >= NARROW
        if self._bindings_ready and self.is_attached:
            self._queue_update()  # the keys that fit change with the width
