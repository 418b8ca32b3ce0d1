"""The end of a game: every player's result in words that fit the game played, and the learner's
mistakes; in a game several learners shared, each learner's mistakes, worded for everyone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from tutor.course.mistakes import rule_of
from tutor.engine import Game
from tutor.learner.celebrations import Celebration
from tutor.play.guided_game import LEARNER, GuidedGame, Result
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.opening import unless_closed
from tutor.ui.reach import tutor_app
from tutor.wording import Seats, card_list, counted
from tutor.wording.going_out import everyone_else, no_ranking, you_went_out_in_the_end
from tutor.wording.narration import Narrator

if TYPE_CHECKING:
    from tutor.learner.session import LearnerSession


class EndScreen(Screen[None]):
    HELP_TITLE = "The end of the game"
    BINDINGS = [
        Binding("n", "again", "Play again", tooltip="Play another game"),
        Binding("escape", "home", "Home", tooltip="Back to the menu"),
    ]

    def __init__(self, session: GuidedGame, celebration: Celebration | None = None, guests: Sequence[LearnerSession] = ()) -> None:
        """`guests`: the learners who played at this keyboard too ("Play again" plays with them again)."""
        super().__init__()
        self.session = session
        self.celebration = celebration
        self.guests = list(guests)

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with VerticalScroll(id="end"):
            yield Static(self.summary(), id="summary")
            yield Horizontal(Button("Play again (N)", id="again", variant="primary"), Button("Home (Esc)", id="end-home"), classes="buttons")
        yield TutorFooter()

    @unless_closed
    def on_mount(self) -> None:
        self.sub_title = "Game over"
        self.query_one("#again", Button).focus(scroll_visible=False)  # the headline stays in view on a short terminal

    def summary(self) -> Text:
        session = self.session
        you = None if session.together else LEARNER  # a game several learners shared: nobody is "you"
        results, counts = session.results(), session.mistake_counts()
        text = summary_text(session.game, you, session.names, session.letters, results, counts, self.celebration, session.humans)
        return self._each_learner(text) if session.together else text

    def _each_learner(self, text: Text) -> Text:
        """Each learner's mistakes, by name: everyone at the table reads this screen."""
        session, rules = self.session, self.session.game.rules
        any_mistakes = False
        for seat in session.humans:
            name = session.table_seats.who(seat, capital=True)
            counts = Counter(made.code for made in session.learners[seat].mistakes)
            if not counts:
                unlucky = seat == session.game.loser and session.game.winner is None
                text.append(f"{name} made no mistakes{': being the Old Maid is just bad luck!' if unlucky else '. Brilliant!'}\n", style="bold")
                continue
            any_mistakes = True
            text.append(f"{name}'s mistakes ({sum(counts.values())}):\n", style="bold")
            for code, times in counts.most_common():
                text.append(f"  {times} × {rule_of(code, rules)}\n")
        if any_mistakes:
            text.append("Each one is a rule worth a second look in the lessons.\n")
        text.append("Each of you will find this game in My progress.\n")
        return text

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_again() if event.button.id == "again" else self.action_home()

    def action_again(self) -> None:
        self.app.pop_screen()
        self.app.pop_screen()
        if self.guests:  # the same learners again
            tutor_app(self).open_hot_seat([guest.name for guest in self.guests])
        else:
            tutor_app(self).open_game(resume=False)

    def action_home(self) -> None:
        for guest in self.guests:
            guest.release()
        self.app.pop_screen()
        self.app.pop_screen()


def summary_text(
    game: Game,
    you: int | None,
    names: list[str],
    letters: bool,
    results: list[Result],
    counts: Counter[str],
    celebration: Celebration | None,
    learners: Collection[int] = (),
) -> Text:
    """The end of a game in words, from the seat `you` (the learner, "you"): the headline, why
    it ended so, how everyone did (the `learners`' lines in bold), and the learner's own mistakes
    (`counts`, by code). With `you` None (several learners shared the screen) nobody is "you" and
    the mistakes are left to the caller, learner by learner."""
    seats = Seats(names, you)
    text = Text()
    text.append((_headline_for_everyone(game, names) if you is None else _headline(game, you, names, letters)) + "\n", style="bold")
    if game.loser is not None and game.hands[game.loser] and not game.wrong_pairs:
        text.append(f"The card nobody could pair: {card_list(game.hands[game.loser], letters)}.\n")
    text.append("\n")
    if game.wrong_pairs:
        text.append("The pairs were checked: ", style="bold")
        for seat, pair in game.wrong_pairs:
            text.append(f"{seats.who(seat, capital=True)} laid down {card_list(pair, letters)}, which is not a pair. ")
        text.append("That is why the game ended this way.\n\n")
    text.append("How everyone did:\n", style="bold")
    for result in results:
        text.append(f"  {result.line}\n", style="bold" if result.seat == you or result.seat in learners else "")
    if game.winner is not None:
        text.append("In the reversed game only the odd card's holder wins.\n", style="italic")
    elif not game.wrong_pairs:
        text.append(no_ranking(game.rules) + "\n", style="italic")
    text.append(f"\nThe game took {counted(game.draws, 'draw')}.\n\n")
    if you is None:
        return text
    if celebration is not None:
        text.append("\n".join(celebration.lines) + "\n")
    elif not counts:
        unlucky = game.loser == you and game.winner is None
        text.append("You made no mistakes: the Old Maid is just bad luck!\n" if unlucky else "You made no mistakes. Brilliant!\n")
    if counts:
        text.append(f"Your mistakes ({sum(counts.values())}):\n", style="bold")
        for code, times in counts.most_common():
            text.append(f"  {times} × {rule_of(code, game.rules)}\n")
        text.append("Each one is a rule worth a second look in the lessons.\n")
    return text


def _headline(game: Game, you: int, names: list[str], letters: bool) -> str:
    seats = Seats(names, you)
    if game.loser is None:
        return "Everyone paired off: nobody is left holding the odd card."
    if game.winner is not None:
        if game.winner == you:
            return "You kept the odd card to the end: you win the reversed game!"
        return f"{seats.who(game.winner, capital=True)} kept the odd card to the end and wins the reversed game; everyone else loses."
    if game.loser == you and game.wrong_pairs:
        return "The pairs were checked, and one of yours was not a pair: that makes you the Old Maid this time."
    if game.loser == you:
        return "Bad luck: you are left holding the odd card, so you are the Old Maid this time."
    return f"{you_went_out_in_the_end(game.rules)} {Narrator(names, you, letters).ending(game)}"


def _headline_for_everyone(game: Game, names: list[str]) -> str:
    """The headline of a game several learners shared: nobody is "you"."""
    seats = Seats(names, None)
    if game.loser is None:
        return "Everyone paired off: nobody is left holding the odd card."
    if game.winner is not None:
        return f"{seats.who(game.winner, capital=True)} kept the odd card to the end and wins the reversed game; everyone else loses."
    if game.wrong_pairs and any(seat == game.loser for seat, _ in game.wrong_pairs):
        return f"The pairs were checked, and one of {seats.whose(game.loser)} was not a pair: {seats.who(game.loser)} is the Old Maid this time."
    return f"{seats.who(game.loser, capital=True)} is the Old Maid this time. {everyone_else(game.rules)}"
