"""Small screens on top of others: help, yes-or-no questions, and the window-too-small notice."""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.keys import format_key
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from tutor.language import mark, ptr, tr
from tutor.ui.footer import TutorFooter
from tutor.ui.live_keys import live_bindings, rename_key
from tutor.ui.opening import unless_closed
from tutor.ui.page import Page, out_of_sight

MIN_WIDTH, MIN_HEIGHT = 60, 20

KEY_NAMES = {
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "question_mark": "?",
}


def key_words() -> dict[str, str]:
    """The named keys in the language in use (a key's word needs its context: "Home" is a key here)."""
    return {
        "escape": ptr("key", "Escape"),
        "enter": ptr("key", "Enter"),
        "space": ptr("key", "Space"),
        "tab": ptr("key", "Tab"),
        "backspace": ptr("key", "Backspace"),
        "delete": ptr("key", "Delete"),
        "home": ptr("key", "Home"),
        "end": ptr("key", "End"),
        "pageup": ptr("key", "PageUp"),
        "pagedown": ptr("key", "PageDown"),
        **KEY_NAMES,
    }


SECTIONS = {"screen": mark("On this screen"), "box": mark("In the box you are in"), "app": mark("Everywhere")}
TEXTUAL_ACTIONS = {
    "app.focus_next": mark("Go to the next box or button"),
    "app.focus_previous": mark("Go back to the box or button before"),
    "command_palette": mark("All commands: type to search them"),
}
"""Plainer words for Textual's own keys (their bindings' descriptions are written for programmers)."""
BOX_ACTIONS = {
    "cursor_left": mark("Move back one letter"),
    "cursor_right": mark("Move on one letter"),
    "home": mark("Go to the start"),
    "end": mark("Go to the end"),
    "delete_left": mark("Rub out the letter before the cursor"),
    "delete_right": mark("Rub out the letter at the cursor"),
    "submit": mark("Done: use what you typed"),
    "paste": mark("Paste text you copied"),
    "cursor_up": mark("Move up the list"),
    "cursor_down": mark("Move down the list"),
    "first": mark("Go to the top of the list"),
    "last": mark("Go to the bottom of the list"),
    "page_up": mark("Up a page"),
    "page_down": mark("Down a page"),
    "select": mark("Choose the highlighted line"),
    "press": mark("Press the button"),
    "scroll_up": mark("Scroll up"),
    "scroll_down": mark("Scroll down"),
    "scroll_home": mark("Scroll to the top"),
    "scroll_end": mark("Scroll to the bottom"),
    "scroll_left": mark("Scroll to the left"),
    "scroll_right": mark("Scroll to the right"),
    "page_left": mark("Left a page"),
    "page_right": mark("Right a page"),
    "show_overlay": mark("Open the list of choices"),
    "toggle_switch": mark("Switch it on or off"),
    "toggle_button": mark("Tick it or untick it"),
}
"""Plain words for the everyday keys of Textual's own boxes (text boxes, lists, buttons, scrolling),
listed first."""
MORE_BOX_ACTIONS = {
    "cursor_left(True)": mark("Move back one letter, marking it"),
    "cursor_right(True)": mark("Move on one letter, marking it"),
    "home(True)": mark("Mark everything to the start"),
    "end(True)": mark("Mark everything to the end"),
    "cursor_left_word": mark("Move back one word"),
    "cursor_right_word": mark("Move on one word"),
    "cursor_left_word(True)": mark("Move back one word, marking it"),
    "cursor_right_word(True)": mark("Move on one word, marking it"),
    "select_all": mark("Mark all the text"),
    "delete_left_word": mark("Rub out the word before the cursor"),
    "delete_right_word": mark("Rub out the word after the cursor"),
    "delete_left_all": mark("Rub out everything before the cursor"),
    "delete_right_all": mark("Rub out everything from the cursor on"),
    "cut": mark("Cut the marked text"),
    "copy": mark("Copy the marked text"),
}
"""Plain words for a text box's other keys (marking text, word by word, cutting), listed after the
everyday ones. Textual's own words are for programmers, and in English only."""
KEYS_WIDTH = 20
"""The widest a line of keys in the help gets before it folds."""


def modifier_name(modifier: str) -> str:
    """A modifier key as its keyboard labels it in the language in use ("Ctrl"; German "Strg")."""
    names = {"ctrl": ptr("key", "Ctrl"), "shift": ptr("key", "Shift"), "alt": ptr("key", "Alt")}
    return names.get(modifier, modifier.capitalize())


def key_name(key: str) -> str:
    """A key as a learner reads it: "ctrl+s" is Ctrl+S, "R" is Shift+R, "question_mark" is ?."""
    names = key_words()
    if key in names:
        return names[key]
    if "+" in key:
        *modifiers, base = key.split("+")
        return "+".join([*(modifier_name(modifier) for modifier in modifiers), key_name(base.lower())])
    if len(key) == 1:
        return f"{modifier_name('shift')}+{key}" if key.isupper() else key.upper()
    if key[0] == "f" and key[1:].isdigit():
        return key.upper()
    return format_key(key).capitalize()


@dataclass
class HelpLine:
    """One line of help: the keys that do one thing, and what that thing is."""

    keys: list[str]
    meaning: str
    where: str  # "screen", "box" (the focused widget and its containers) or "app"
    enabled: bool = True

    @property
    def keys_text(self) -> str:
        """The keys as one text: "F1 or ?", "Enter, N, Space"; runs of number keys as "1–9"."""
        names: list[str] = []
        run: list[int] = []
        for key in [*self.keys, ""]:
            if key.isdigit() and (not run or int(key) == run[-1] + 1):
                run.append(int(key))
                continue
            if run:
                names.append(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)))
            run = [int(key)] if key.isdigit() else []
            if key and not key.isdigit():
                names.append(key_name(key))
        if len(names) == 2:
            return tr("{key} or {other_key}").format(key=names[0], other_key=names[1])
        return ", ".join(names)


def folded(keys: str, width: int = KEYS_WIDTH) -> str:
    """Keys named one after another ("↑, ↓, PageUp, ...", "Ctrl+Backspace or Alt+Backspace"),
    folded between two keys so that no line is wider than `width` (a key's name wider than that
    stays whole): a long list of keys must not squeeze what they do into a narrow column."""
    return "\n".join(textwrap.wrap(keys, width, break_long_words=False, break_on_hyphens=False)) or keys


def explanation(binding: Binding, node: DOMNode) -> str:
    """What a key does, in one line: the binding's tooltip, else its action's docstring (unless the
    action takes arguments and the binding has a description: "answer(True)" is "Yes"), else its
    description, else the action's name. Nothing is written twice, so the help cannot drift."""
    if binding.tooltip:
        return tr(binding.tooltip)
    if binding.action in TEXTUAL_ACTIONS:
        return tr(TEXTUAL_ACTIONS[binding.action])
    name, arguments, _ = binding.action.partition("(")
    if arguments and binding.description:
        return tr(binding.description)
    target: object = node
    if "." in name:
        namespace, _, name = name.partition(".")
        target = {"app": node.app, "screen": node.screen}.get(namespace, node)
    doc = inspect.getdoc(getattr(target, f"action_{name}", None))
    if doc and not doc.startswith("An [action]"):
        return tr(doc.splitlines()[0])  # (a docstring shown here has the same words as a tooltip marked for the catalogue)
    return tr(binding.description) if binding.description else name.replace("_", " ").capitalize()


def textual_words(binding: Binding, node: DOMNode) -> tuple[str, bool] | None:
    """For a key of one of Textual's own boxes, its plain words and whether it is an everyday key;
    else None (its words come from `explanation`)."""
    name, arguments, _ = binding.action.partition("(")
    method = getattr(type(node), f"action_{name}", None)
    if "." in name or method is None or not getattr(method, "__module__", "").startswith("textual."):
        return None
    if not arguments and name in BOX_ACTIONS:
        return tr(BOX_ACTIONS[name]), True
    words = MORE_BOX_ACTIONS.get(binding.action)
    return (tr(words), False) if words is not None else None


def help_lines(screen: Screen[Any]) -> list[HelpLine]:
    """Every key live on `screen` now (shown in the footer or not), each once: keys that do the same
    thing share a line. The screen's own keys first, then the focused box's (its everyday keys
    first), then the app's."""
    lines: dict[tuple[str, str], HelpLine] = {}
    everyday: set[str] = set()
    for key, active in live_bindings(screen).items():
        binding, node = active.binding, active.node
        if binding.system:
            continue
        where = "app" if node is screen.app else "screen" if node is screen else "box"
        plain = textual_words(binding, node) if where == "box" else None
        meaning = plain[0] if plain else explanation(binding, node)
        line = lines.setdefault((where, meaning), HelpLine([], meaning, where, active.enabled))
        line.keys.append(key)
        if plain and plain[1]:
            everyday.add(meaning)
    order = {"screen": 0, "box": 1, "app": 2}
    return sorted(lines.values(), key=lambda line: (order[line.where], line.where == "box" and line.meaning not in everyday))


Result = TypeVar("Result")

NARROW_BELOW = 72
"""Columns under which a dialog's buttons cannot all stand side by side in every language."""


def dismiss_on_top(screen: Screen[Result], result: Result | None = None) -> None:
    """Close `screen` with `result`, but only while it is the screen on top. Textual's `dismiss`
    answers the screen's question and then closes whatever screen is on top: a key or click that
    reaches a dialog after another screen opened over it (help, a question) would close that one
    and leave the dialog answered but still showing, and a second answer would crash (both found
    by the soak). A screen that has closed is no longer on top, so it is answered once."""
    if on_top(screen):
        screen.dismiss(result)


KEYS_ROWS = 1
"""The rows a dialog's keys take along the bottom."""


class Dialog(ModalScreen[Result]):
    """A box over the screen, with its own keys along the bottom: those of the screen behind do
    nothing while the box is open (over home, the deck choice showed "c Continue  l Lessons")."""

    def compose(self) -> ComposeResult:
        yield from self.compose_box()
        yield TutorFooter()

    def compose_box(self) -> ComposeResult:
        """The box and what it holds."""
        raise NotImplementedError


def on_top(screen: Screen[Any]) -> bool:
    """Whether `screen` is the app's screen on top (and still part of the app)."""
    return screen.is_attached and screen.app.screen is screen


class HelpScreen(Dialog[None]):
    """What each key does on the screen the learner came from, read from its live bindings."""

    BINDINGS = [Binding("escape,f1,question_mark,q", "close", mark("Close"))]

    def action_close(self) -> None:
        dismiss_on_top(self)

    def __init__(self, title: str, lines: list[HelpLine], marks: Sequence[tuple[str, str]] = ()) -> None:
        """`marks`: the signs drawn on the screen and what each means, said in the language already."""
        super().__init__()
        self.help_title = title
        self.lines = lines
        self.marks = marks

    def compose_box(self) -> ComposeResult:
        with Page(id="help-box", classes="dialog"):
            yield Static(Text(self.help_title, style="bold"), id="help-title")
            for where, section in SECTIONS.items():
                lines = [line for line in self.lines if line.where == where]
                if not lines:
                    continue
                table = Table.grid(padding=(0, 2))
                table.add_column(justify="right", no_wrap=True, style="bold")
                table.add_column()
                for line in lines:
                    meaning = line.meaning if line.enabled else tr("{meaning} (not right now)").format(meaning=line.meaning)
                    table.add_row(Text(folded(line.keys_text)), Text(meaning))
                yield Static(Text(tr(section), style="bold underline"), classes="help-section")
                yield Static(table, classes="help-keys")
            if self.marks:
                signs = Table.grid(padding=(0, 2))
                signs.add_column(justify="right", no_wrap=True, style="bold")
                signs.add_column()
                for sign, meaning in self.marks:
                    signs.add_row(Text(sign), Text(meaning))
                yield Static(Text(tr("Marks on the screen"), style="bold underline"), classes="help-section")
                yield Static(signs, classes="help-keys")
            yield Static(Text(tr("Press Escape to close."), style="italic"), classes="help-section")

    def on_mount(self) -> None:
        page = self.query_one("#help-box", Page)
        self.watch(page, "scroll_y", self._sign_what_is_out_of_sight, init=False)
        self.watch(page, "virtual_size", self._sign_what_is_out_of_sight, init=False)
        self.call_after_refresh(self._sign_what_is_out_of_sight)

    @unless_closed
    def _sign_what_is_out_of_sight(self) -> None:
        """The keys that show the rest, on the box's lower edge while some of it is out of sight (at
        80x24 the name screen's help ended at "Rub out the letter at the", with nothing to say more
        was there)."""
        page = self.query_one("#help-box", Page)
        page.border_subtitle = out_of_sight(page, room=page.size.width - 4)  # the corners and a space each side


def yes_key() -> str:
    """The letter that says yes in the language in use: its word's first letter."""
    return ptr("the key that answers yes to a question: the first letter of yes", "y")


class ConfirmScreen(Dialog[bool | None]):
    """A yes-or-no question; dismisses with True for yes, False for no, None for Escape (never mind)."""

    BINDINGS = [
        Binding("y", "answer(True)", mark("Yes"), show=False),  # the buttons say their keys, in the language in use
        Binding("n", "answer(False)", mark("No"), show=False),
        Binding("escape", "answer(None)", mark("Close"), tooltip=mark("Close this question without answering it")),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None, *, no_first: bool = False) -> None:
        """`question` and the buttons' words (`yes`, `no`) as they are shown (said in the language
        already). `no_first`: the no button is the one lit up and focused, so that an Enter typed
        on (an Escape pressed by mistake, then Enter) keeps what yes would lose."""
        super().__init__()
        self.question = question
        self.yes = tr("Yes") if yes is None else yes
        self.no = tr("No") if no is None else no
        self.no_first = no_first
        for key, words in (("y", self.yes), ("n", self.no)):  # F1 says them as the buttons do ("N: Let me try"), not "Yes" and "No"
            rename_key(self, key, words)

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), id="question")
            with Horizontal(classes="buttons"):
                key = yes_key().upper()
                yield Button(tr("{answer} ({key})").format(answer=self.yes, key=key), id="yes", variant="default" if self.no_first else "primary")
                yield Button(tr("{answer} (N)").format(answer=self.no), id="no", variant="primary" if self.no_first else "default")

    def on_key(self, event: events.Key) -> None:
        """Yes in the language in use ("s" for sí, "j" for ja), as the yes button says; y as well
        (capitals come here as small letters: TutorApp._small_letter)."""
        if event.key == yes_key():
            event.stop()
            self.action_answer(True)

    def on_mount(self) -> None:
        if self.no_first:
            self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(event.button.id == "yes")

    def action_answer(self, answer: bool | None) -> None:
        dismiss_on_top(self, answer)


ANSWERS = (("save", mark("Save")), ("discard", mark("Don't save")), ("keep", mark("Keep editing")))
"""The answers to unsaved settings: each one's button id and words."""


class SaveChangesScreen(Dialog[str | None]):
    """Leaving with changes not saved: dismisses with "save", "discard", or None to keep editing."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW_BELOW, "-wide")]
    """Narrow, the three buttons stand one above the other: side by side, German's "Weiter ändern
    (K)" was cut to "Weiter än" at 60 columns."""

    BINDINGS = [Binding("escape", "answer(None)", mark("Keep editing"), tooltip=mark("Stay and keep changing the settings"))]
    """The answers' letters are the first letters of their words in the language in use (`keys`),
    so they are read as keys are pressed, not bound once in English."""

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog", id="save-changes"):
            yield Static(Text(tr("You changed some settings. Save them before you leave?")), id="question")
            with Horizontal(classes="buttons"):
                for (answer, words), key in zip(ANSWERS, self.keys(), strict=True):
                    label = tr("{answer} ({key})").format(answer=tr(words), key=key.upper())
                    yield Button(label, id=answer, variant="primary" if answer == "save" else "default")

    @staticmethod
    def keys() -> tuple[str, str, str]:
        """The letters of save, don't save and keep editing: each one's first letter ("s", "d", "k")."""
        return (
            ptr("the key that saves the changes: the first letter of Save", "s"),
            ptr("the key that leaves without saving: the first letter of Don't save", "d"),
            ptr("the key that stays to keep editing: the first letter of Keep editing", "k"),
        )

    def on_key(self, event: events.Key) -> None:
        keys = self.keys()
        if event.key in keys:
            event.stop()
            answer = ANSWERS[keys.index(event.key)][0]
            self.action_answer(None if answer == "keep" else answer)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_answer(None if event.button.id == "keep" else event.button.id)

    def action_answer(self, answer: str | None) -> None:
        dismiss_on_top(self, answer)


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is smaller than the tutor needs; the app closes it when it grows."""

    BINDINGS = [Binding("ctrl+q", "app.quit", mark("Quit"), show=False)]

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small")

    def on_resize(self) -> None:
        self.query_one("#too-small", Static).update(self._message())

    def _message(self) -> Text:
        width, height = self.app.size
        return Text(
            tr(
                "Please make the window larger.\n\nOld Maid Tutor needs at least {min_width}×{min_height} "
                "characters; this window is {width}×{height}.\n\nYour game is safe: "
                "everything comes back when the window is big enough."
            ).format(min_width=MIN_WIDTH, min_height=MIN_HEIGHT, width=width, height=height),
            justify="center",
        )
