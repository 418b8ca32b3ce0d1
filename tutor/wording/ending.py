"""The end of a game in words: the headline, why it ended so, how everyone did and the mistakes
made, for the end screens (a game against the computer, one played at one keyboard, or at a
table) to draw line by line. Nothing here draws: each line says only how it stands out.

    lines = end_of_game(game, you, names, results, mistakes, celebration)
    for line in lines: ...  line.text, line.style ("bold", "italic" or "")
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tutor.engine import Game
from tutor.language import mark, ntr, tr
from tutor.wording import Seats, card_list
from tutor.wording.going_out import everyone_else, no_ranking, you_went_out_in_the_end
from tutor.wording.narration import Narrator

Mistakes = Sequence[tuple[int, str]]
"""A learner's mistakes, most often first: how many times, and the rule's short title."""


@dataclass(frozen=True)
class Line:
    """One line of the end's words ("" for a blank line) and how it stands out."""

    text: str
    style: str = ""
    """"bold", "italic" or "" (plain)."""
    lead: str = ""
    """Words before `text`, in bold ("The pairs were checked. ")."""


def end_of_game(
    game: Game,
    you: int | None,
    names: Sequence[str],
    results: Sequence[tuple[int, str]],
    mistakes: Mistakes = (),
    celebration: Sequence[str] | None = None,
    learners: Collection[int] = (),
    letters: bool = False,
) -> list[Line]:
    """The end of `game` seen from the seat `you` (the learner, "you"): the headline, why it ended
    so, every (seat, result line) of `results` (the `learners`' lines in bold) and the learner's
    own `mistakes`, or the `celebration`'s lines. With `you` None (several learners shared the
    screen) nobody is "you" and the mistakes are left to `each_learners_mistakes`."""
    seats = Seats(names, you)
    lines = [Line(headline(game, you, names, letters), "bold")]
    if game.loser is not None and game.hands[game.loser] and not game.wrong_pairs:
        lines.append(Line(tr("The card nobody could pair: {cards}.").format(cards=card_list(game.hands[game.loser], letters))))
    lines.append(Line(""))
    if game.wrong_pairs:
        found = " ".join(_wrong_pair(seats, seat, card_list(pair, letters)) for seat, pair in game.wrong_pairs)
        why = tr("That is why the game ended this way.")
        lines += [Line(f"{found} {why}", lead=tr("The pairs were checked.") + " "), Line("")]
    lines.append(Line(tr("How everyone did:"), "bold"))
    lines += [Line(f"  {line}", "bold" if seat == you or seat in learners else "") for seat, line in results]
    if game.winner is not None:
        lines.append(Line(tr("In the reversed game only the odd card's holder wins."), "italic"))
    elif not game.wrong_pairs:
        lines.append(Line(no_ranking(game.rules), "italic"))
    took = ntr("The game took {count} draw.", "The game took {count} draws.", game.draws).format(count=game.draws)
    lines += [Line(""), Line(took), Line("")]
    if you is None:
        return lines
    if celebration is not None:
        lines += [Line(text) for text in celebration]
    elif not mistakes:
        unlucky = game.loser == you and game.winner is None
        lines.append(Line(tr("You made no mistakes: the Old Maid is just bad luck!") if unlucky else tr("You made no mistakes. Brilliant!")))
    if mistakes:
        lines.append(Line(tr("Your mistakes ({count}):").format(count=sum(times for times, _ in mistakes)), "bold"))
        lines += [Line(f"  {times} × {rule}") for times, rule in mistakes]
        lines.append(Line(_worth_a_look(len(mistakes))))
    return lines


def each_learners_mistakes(game: Game, names: Sequence[str], mistakes: Sequence[tuple[int, Mistakes]]) -> list[Line]:
    """Each learner's mistakes by name, for a game several learners shared at one keyboard
    (everyone reads the screen): (seat, their mistakes) for each learner."""
    seats = Seats(names, None)
    lines = []
    for seat, made in mistakes:
        name = seats.who(seat, capital=True)
        if not made:
            unlucky = seat == game.loser and game.winner is None
            if unlucky:
                lines.append(Line(tr("{name} made no mistakes: being the Old Maid is just bad luck!").format(name=name), "bold"))
            else:
                lines.append(Line(tr("{name} made no mistakes. Brilliant!").format(name=name), "bold"))
            continue
        lines.append(Line(tr("{name}'s mistakes ({count}):").format(name=name, count=sum(times for times, _ in made)), "bold"))
        lines += [Line(f"  {times} × {rule}") for times, rule in made]
        lines.append(Line(_worth_a_look(len(made))))  # under their own list: after the next learner's "no mistakes" it read as theirs
    lines.append(Line(tr("Each of you will find this game in My progress.")))
    return lines


def headline(game: Game, you: int | None, names: Sequence[str], letters: bool = False) -> str:
    """The end's first line, from the seat `you` (None: nobody is "you")."""
    seats = Seats(names, you)
    if game.loser is None:
        return tr("Everyone paired off: nobody is left holding the odd card.")
    if game.winner is not None:
        if game.winner == you:
            return tr("You kept the odd card to the end: you win the reversed game!")
        return tr("{name} kept the odd card to the end and wins the reversed game; everyone else loses.").format(name=seats.who(game.winner, capital=True))
    if you is None:
        if game.wrong_pairs:  # why is told just below, with the cards
            return tr("{name} is the Old Maid this time.").format(name=seats.who(game.loser, capital=True))
        return tr("{name} is the Old Maid this time.").format(name=seats.who(game.loser, capital=True)) + " " + everyone_else(game.rules)
    if game.loser == you and game.wrong_pairs:
        return tr("You are the Old Maid this time.")  # why is told just below, with the cards
    if game.loser == you:
        return tr("Bad luck: you are left holding the odd card, so you are the Old Maid this time.")
    return f"{you_went_out_in_the_end(game.rules)} {Narrator(names, you, letters).ending(game)}"


def _wrong_pair(seats: Seats, seat: int, cards: str) -> str:
    return seats.said(seat, mark("You laid down {cards}, which is not a pair."), mark("{name} laid down {cards}, which is not a pair."), cards=cards)


def _worth_a_look(rules: int) -> str:
    """Under the mistakes: the `rules` they were about are worth reading again."""
    return ntr("It is a rule worth a second look in the lessons.", "Each one is a rule worth a second look in the lessons.", rules)
