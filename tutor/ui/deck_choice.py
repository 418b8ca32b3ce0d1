"""Which cards to play with, asked when a new game starts: the playing cards or a picture deck.

The list starts on the learner's own deck setting; a learner who has not finished a game yet
(and has not chosen a deck) starts on the smallest picture deck, marked as the one for a first
game: its short deal (6 or 7 cards each with three players) is easier to follow than 17 cards.
Dismisses with the chosen deck's id, or None (Escape) to start no game.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.engine.decks import Deck, all_decks
from tutor.language import mark, tr
from tutor.ui.dialogs import KEYS_ROWS, Dialog, dismiss_on_top
from tutor.ui.hanging import HangingLines
from tutor.ui.opening import unless_closed
from tutor.wording.decks import SUGGESTED_NOTE, WHICH_CARDS, deck_contents, deck_name, suggested_deck

INDENT = 2
TITLE_ROWS = 1
"""The title's row above the dialog, kept in sight (styles.tcss, #deck-choice)."""
LIST_ROWS = 12
"""The most rows the list takes, with its border."""


def deck_words(deck: Deck, suggested: bool) -> HangingLines:
    """One deck as the list shows it: its name, then what is in it (and the suggestion) indented
    under it, wrapped lines too."""
    lines = [Text(deck_contents(deck))]
    if suggested:
        lines.append(Text(f"★ {tr(SUGGESTED_NOTE)}", style="italic"))
    return HangingLines([Text(deck_name(deck), style="bold"), *(Text(" " * INDENT) + line for line in lines)])


class DeckChoiceScreen(Dialog[str | None]):
    """Pick the cards for the new game (Enter), or Escape to go back without starting one."""

    HELP_TITLE = mark("Which cards?")
    BINDINGS = [
        Binding("escape", "back", mark("Back"), tooltip=mark("Go back without starting a game")),
    ]

    def __init__(self, current: str, new_learner: bool) -> None:
        super().__init__()
        self.decks = all_decks()
        self.suggested = suggested_deck(current, new_learner)
        self.start_on = self.suggested or current

    def compose_box(self) -> ComposeResult:
        with Vertical(classes="dialog", id="deck-choice"):
            yield Static(Text(tr(WHICH_CARDS), style="bold"), id="deck-question")
            options = [Option(deck_words(deck, deck.id == self.suggested), id=deck.id) for deck in self.decks]
            yield OptionList(*options, id="decks")
            yield Static(Text(tr("↑ ↓ to choose, Enter to start, Esc to go back.")), id="deck-keys")

    @unless_closed
    def on_mount(self) -> None:
        decks = self.query_one("#decks", OptionList)
        ids = [deck.id for deck in self.decks]
        decks.highlighted = ids.index(self.start_on) if self.start_on in ids else 0
        decks.focus()
        self._fit_list()

    def on_resize(self) -> None:
        self._fit_list()

    def _fit_list(self) -> None:
        """In a short window the list gives up rows (and scrolls) so the question and the keys
        still show: the dialog may take the whole height between the title and the keys' line,
        and needs 8 rows around the list."""
        if self.query("#decks"):
            room = self.size.height - TITLE_ROWS - KEYS_ROWS - 8
            self.query_one("#decks", OptionList).styles.max_height = max(4, min(LIST_ROWS, room))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        dismiss_on_top(self, str(event.option.id))

    def action_back(self) -> None:
        dismiss_on_top(self, None)
