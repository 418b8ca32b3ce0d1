"""The end of a game: who is the Old Maid, who went out and when, and the learner's mistakes."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tutor.engine import cards_text
from tutor.explanations import rule_of
from tutor.guided_game import LEARNER, GuidedGame
from tutor.ui.header import TutorHeader


class EndScreen(Screen[None]):
    HELP_TITLE = "The end of the game"
    HELP_KEYS = [("N", "play again"), ("Escape", "back to the menu")]
    BINDINGS = [Binding("n", "again", "Play again"), Binding("escape", "home", "Home")]

    def __init__(self, session: GuidedGame) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with VerticalScroll(id="end"):
            yield Static(self.summary(), id="summary")
            yield Horizontal(Button("Play again (N)", id="again", variant="primary"), Button("Home (Esc)", id="home"), classes="buttons")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Game over"
        self.query_one("#again", Button).focus()

    def summary(self) -> Text:
        session, game = self.session, self.session.game
        names = ["You", *session.names[1:]]
        text = Text()
        text.append(_headline(session) + "\n", style="bold")
        if game.loser is not None and game.hands[game.loser] and not game.wrong_pairs:
            odd = cards_text(game.hands[game.loser], session.letters)
            text.append(f"The card nobody could pair: {odd}.\n")
        text.append("\n")
        if game.wrong_pairs:
            text.append("The pairs were checked: ", style="bold")
            for seat, pair in game.wrong_pairs:
                text.append(f"{names[seat]} laid down {cards_text(pair, session.letters)}, which is not a pair. ")
            text.append("That is why the game ended this way.\n\n")
        if game.out_order:
            text.append("Safe, in the order they went out: ", style="bold")
            text.append(", ".join(f"{place}. {names[seat]}" for place, seat in enumerate(game.out_order, 1)) + "\n")
            text.append("Everyone who went out is safe; going out first earns nothing extra.\n\n", style="italic")
        text.append(f"The game took {game.draws} draw{'s' if game.draws != 1 else ''}.\n\n")
        counts = session.mistake_counts()
        if not counts:
            unlucky = game.loser == LEARNER and game.winner is None
            text.append("You made no mistakes: the Old Maid is just bad luck!\n" if unlucky else "You made no mistakes. Brilliant!\n")
        else:
            text.append(f"Your mistakes ({sum(counts.values())}):\n", style="bold")
            for code, times in counts.most_common():
                text.append(f"  {times} × {rule_of(code)}\n")
            text.append("Each one is a rule worth a second look in the lessons.\n")
        return text

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_again() if event.button.id == "again" else self.action_home()

    def action_again(self) -> None:
        self.app.pop_screen()
        self.app.pop_screen()
        self.app.open_game(resume=False)  # type: ignore[attr-defined]

    def action_home(self) -> None:
        self.app.pop_screen()
        self.app.pop_screen()


def _headline(session: GuidedGame) -> str:
    game = session.game
    if game.loser is None:
        return "Everyone paired off: nobody is left holding the odd card."
    if game.winner is not None:
        return "You kept the odd card to the end: you win the reversed game!" if game.winner == LEARNER else session.narrator.ending(game)
    if game.loser == LEARNER and game.wrong_pairs:
        return "The pairs were checked, and one of yours was not a pair: that makes you the Old Maid this time."
    if game.loser == LEARNER:
        return "Bad luck: you are left holding the odd card, so you are the Old Maid this time."
    return f"You are safe! {session.narrator.ending(game)}"
