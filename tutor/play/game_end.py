"""The end of a game in words, the same on the end screen, at a table and in plain lines: the
headline, why it ended so, how everyone did, and the learner's own mistakes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from typing import TYPE_CHECKING

from tutor.course.mistakes import rule_of
from tutor.engine import Game
from tutor.play.guided_game import Result
from tutor.wording import Seats, card_list, counted
from tutor.wording.going_out import everyone_else, no_ranking, you_went_out_in_the_end
from tutor.wording.narration import Narrator

if TYPE_CHECKING:
    from tutor.learner.celebrations import Celebration


def summary_parts(
    game: Game,
    you: int | None,
    names: list[str],
    letters: bool,
    results: list[Result],
    counts: Counter[str],
    celebration: Celebration | None,
    learners: Collection[int] = (),
) -> list[tuple[str, str]]:
    """The end of a game in words, as (text, style) parts (style "bold", "italic" or ""), from the seat `you` (the learner, "you"): the headline, why
    it ended so, how everyone did (the `learners`' lines in bold), and the learner's own mistakes
    (`counts`, by code). With `you` None (several learners shared the screen) nobody is "you" and
    the mistakes are left to the caller, learner by learner."""
    seats = Seats(names, you)
    text: list[tuple[str, str]] = []
    text.append(((_headline_for_everyone(game, names) if you is None else _headline(game, you, names, letters)) + "\n", "bold"))
    if game.loser is not None and game.hands[game.loser] and not game.wrong_pairs:
        text.append((f"The card nobody could pair: {card_list(game.hands[game.loser], letters)}.\n", ""))
    text.append(("\n", ""))
    if game.wrong_pairs:
        text.append(("The pairs were checked: ", "bold"))
        for seat, pair in game.wrong_pairs:
            text.append((f"{seats.who(seat, capital=True)} laid down {card_list(pair, letters)}, which is not a pair. ", ""))
        text.append(("That is why the game ended this way.\n\n", ""))
    text.append(("How everyone did:\n", "bold"))
    for result in results:
        text.append((f"  {result.line}\n", "bold" if result.seat == you or result.seat in learners else ""))
    if game.winner is not None:
        text.append(("In the reversed game only the odd card's holder wins.\n", "italic"))
    elif not game.wrong_pairs:
        text.append((no_ranking(game.rules) + "\n", "italic"))
    text.append((f"\nThe game took {counted(game.draws, 'draw')}.\n\n", ""))
    if you is None:
        return text
    if celebration is not None:
        text.append(("\n".join(celebration.lines) + "\n", ""))
    elif not counts:
        unlucky = game.loser == you and game.winner is None
        text.append(("You made no mistakes: the Old Maid is just bad luck!\n" if unlucky else "You made no mistakes. Brilliant!\n", ""))
    if counts:
        text.append((f"Your mistakes ({sum(counts.values())}):\n", "bold"))
        for code, times in counts.most_common():
            text.append((f"  {times} × {rule_of(code, game.rules)}\n", ""))
        text.append(("Each one is a rule worth a second look in the lessons.\n", ""))
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
