"""A short, kind word when a lesson, a game or a quiz round is finished. Screens show these words
as they are; they say what was done, never scold, and name one thing to do next.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.language import mark, ntr, tr
from tutor.learner.lessons import star_marks
from tutor.store import GameResult
from tutor.wording import counted

NEXT_UP = mark("Next up: “{title}”.")
"""What a lesson's celebration says comes next (plain lines ask to start it without naming it again)."""
RESULT_WORDS = {GameResult.SAFE: mark("safe"), GameResult.OLD_MAID: mark("the Old Maid"), GameResult.WON: mark("won"), GameResult.LOST: mark("lost")}
"""How a finished game went for the learner, in words (the English, marked: say each with tr())."""


@dataclass(frozen=True)
class Celebration:
    headline: str
    """One line, e.g. "Lesson done: Pairs!"."""
    lines: tuple[str, ...] = ()
    """One or two short lines more."""
    stars: int | None = None
    """For a lesson: the stars it earned (1 to 3)."""

    @property
    def text(self) -> str:
        """Everything, one line after another."""
        return "\n".join((self.headline, *self.lines))


def lesson_done(
    title: str, stars: int, hints: int, mistakes: int, next_title: str | None, best_before: int = 0, course_end: Celebration | None = None
) -> Celebration:
    """For a run through a lesson just finished: its `stars`, `hints` and `mistakes`.
    `best_before`: the best stars of an earlier run (0 the first time), which a worse run keeps.
    `course_end`: the course's ending (`course_done`), said instead of what comes next when this
    lesson was the last one to finish."""
    help_words = [counted(hints, "hint")] if hints else []
    help_words += [counted(mistakes, "mistake")] if mistakes else []
    if best_before and stars > best_before:
        how = ntr("Done again, and better than before: {count} star now!", "Done again, and better than before: {count} stars now!", stars).format(count=stars)
    elif best_before and stars < best_before:
        how = tr("Done again! You keep your best: {stars}.").format(stars=star_marks(best_before))
    elif best_before:
        how = tr("Done again, and every bit as well as your best!") if stars == 3 else tr("Done again: {stars} once more.").format(stars=star_marks(stars))
    elif not help_words:
        how = tr("No hints and no mistakes: brilliant!")
    elif len(help_words) == 2:
        how = tr("You finished it with {hints} and {mistakes}: well done for keeping going!").format(hints=help_words[0], mistakes=help_words[1])
    else:
        how = tr("You finished it with {help}: well done for keeping going!").format(help=help_words[0])
    # No lesson open after this one, and the course not finished: earlier lessons still to do
    # (one played out of order), or later ones that open once those are done.
    next_words = tr(NEXT_UP).format(title=next_title) if next_title else tr("Some lessons are still to do: you'll find them in the list of lessons.")
    after = (course_end.headline, *course_end.lines) if course_end is not None and not next_title else (next_words,)
    return Celebration(tr("Lesson done: “{title}”! {stars}").format(title=title, stars=star_marks(stars)), (how, *after), stars)


def course_done(stars: int, most_stars: int) -> Celebration:
    """The ending of the course: every lesson done, each with its stars (`stars` of `most_stars`)."""
    if stars == most_stars:
        more = tr("Every single star, all {count} of them. You are an Old Maid champion!").format(count=most_stars)
    else:
        more = tr("Want every star? Play any lesson again: your best try always counts.")
    return Celebration(
        tr("The end of the course: you did it!"),
        (
            tr("Every lesson is done, with {stars} of {most} stars. You know Old Maid from the first deal to the last lonely card.").format(
                stars=stars, most=most_stars
            ),
            more,
            tr("Now deal a real game for your family or friends, and show them how it goes."),
        ),
    )


GAME_DONE = {
    GameResult.SAFE: mark("You're safe! You paired off every card."),
    GameResult.OLD_MAID: mark("Game over: you held the Old Maid this time. It's all luck, so well played!"),
    GameResult.WON: mark("You won! In the reversed game the odd card's holder wins."),
    GameResult.LOST: mark("Game over: someone else held the odd card, and in the reversed game that wins."),
}
"""(The English, marked: said with tr().)"""


def game_done(result: GameResult, mistakes: int, going_out_wins: bool = False, played_for: bool = False) -> Celebration:
    """For a game just finished (`going_out_wins`: the Table's book, where emptying your hand is
    winning; `played_for`: a computer player made some of the learner's moves while they were away)."""
    headline = tr("You're out, and you've won! You paired off every card.") if going_out_wins and result is GameResult.SAFE else tr(GAME_DONE[result])
    if played_for and mistakes == 0:
        line = tr("A computer player played for you while you were away. Your own moves were all by the rules.")
    elif played_for:
        line = ntr(
            "A computer player played for you while you were away. In your own moves: {count} mistake, and it teaches a rule.",
            "A computer player played for you while you were away. In your own moves: {count} mistakes, and each one teaches a rule.",
            mistakes,
        ).format(count=mistakes)
    elif mistakes == 0:
        line = tr("You played the whole game by the rules, with no mistakes.")
    else:
        line = ntr(
            "You finished a whole game. {count} mistake along the way: it teaches a rule.",
            "You finished a whole game. {count} mistakes along the way: each one teaches a rule.",
            mistakes,
        ).format(count=mistakes)
    return Celebration(headline, (line,))


def quiz_done(right: int, asked: int) -> Celebration:
    """For a quiz round just finished: `right` answered right the first time, of `asked`."""
    if asked and right == asked:
        headline = tr("Quiz round done: all {count} right the first time!").format(count=asked)
    else:
        headline = tr("Quiz round done: {right} of {count} right the first time.").format(right=right, count=asked)
    line = tr("Every round helps the rules stick.") if right < asked else tr("You know these rules well. Try a game to use them!")
    return Celebration(headline, (line,))
