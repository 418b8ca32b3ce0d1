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
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tutor.engine.decks import Deck, all_decks
from tutor.ui.dialogs import dismiss_on_top
from tutor.ui.opening import unless_closed

SUGGESTED_NOTE = "suggested for a first game"


def first_game_deck() -> Deck:
    """The deck a learner's first game suggests: the smallest picture deck (else the standard)."""
    decks = all_decks()
    return min((deck for deck in decks if not deck.is_standard), key=lambda deck: deck.size, default=decks[0])


def deck_words(deck: Deck, suggested: bool) -> Text:
    """One deck as the list shows it: its name, then what is in it (and the suggestion)."""
    text = Text("Playing cards" if deck.is_standard else deck.name, style="bold")
    if deck.is_standard:
        text.append(f"\n  {deck.size} cards: match by rank (two 7s, two Kings)")
    else:
        text.append(f"\n  {deck.size} cards: {deck.pair_count} pairs of pictures and the Old Maid")
    if suggested:
        text.append(f"\n  ★ {SUGGESTED_NOTE}", style="italic")
    return text


class DeckChoiceScreen(ModalScreen[str | None]):
    """Pick the cards for the new game (Enter), or Escape to go back without starting one."""

    HELP_TITLE = "Which cards?"
    BINDINGS = [
        Binding("escape", "back", "Back", tooltip="Go back without starting a game"),
        Binding("f1", "app.help", "Help", key_display="F1", tooltip="This help: what every key does here"),
    ]

    def __init__(self, current: str, new_learner: bool) -> None:
        super().__init__()
        self.decks = all_decks()
        self.suggested = first_game_deck().id if new_learner and current == "standard" else None
        self.start_on = self.suggested or current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="deck-choice"):
            yield Static(Text("Which cards shall we play with?", style="bold"), id="deck-question")
            options = [Option(deck_words(deck, deck.id == self.suggested), id=deck.id) for deck in self.decks]
            yield OptionList(*options, id="decks")
            yield Static(Text("↑ ↓ to choose, Enter to start, Escape to go back."), id="deck-keys")

    @unless_closed
    def on_mount(self) -> None:
        decks = self.query_one("#decks", OptionList)
        ids = [deck.id for deck in self.decks]
        decks.highlighted = ids.index(self.start_on) if self.start_on in ids else 0
        decks.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        dismiss_on_top(self, str(event.option.id))

    def action_back(self) -> None:
        dismiss_on_top(self, None)
