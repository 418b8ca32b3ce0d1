"""A short, kind word when a lesson, a game or a quiz round is finished. Screens show these words
as they are; they say what was done, never scold, and name one thing to do next.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.learner.lessons import star_marks
from tutor.store import GameResult
from tutor.wording import counted

RESULT_WORDS = {GameResult.SAFE: "safe", GameResult.OLD_MAID: "the Old Maid", GameResult.WON: "won", GameResult.LOST: "lost"}
"""How a finished game went for the learner, in words."""


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
        how = f"Done again, and better than before: {counted(stars, 'star')} now!"
    elif best_before and stars < best_before:
        how = f"Done again! You keep your best: {star_marks(best_before)}."
    elif best_before:
        how = "Done again, and every bit as well as your best!" if stars == 3 else f"Done again: {star_marks(stars)} once more."
    elif not help_words:
        how = "No hints and no mistakes: brilliant!"
    else:
        how = f"You finished it with {' and '.join(help_words)}: well done for keeping going!"
    next_words = f"Next up: “{next_title}”." if next_title else "That was the last lesson. Try a game or a quiz round next."
    after = (course_end.headline, *course_end.lines) if course_end is not None and not next_title else (next_words,)
    return Celebration(f"Lesson done: “{title}”! {star_marks(stars)}", (how, *after), stars)


def course_done(stars: int, most_stars: int) -> Celebration:
    """The ending of the course: every lesson done, each with its stars (`stars` of `most_stars`)."""
    if stars == most_stars:
        more = f"Every single star, all {most_stars} of them. You are an Old Maid champion!"
    else:
        more = "Want every star? Play any lesson again: your best try always counts."
    return Celebration(
        "The end of the course: you did it!",
        (
            f"Every lesson is done, with {stars} of {most_stars} stars. You know Old Maid from the first deal to the last lonely card.",
            more,
            "Now deal a real game for your family or friends, and show them how it goes.",
        ),
    )


GAME_DONE = {
    GameResult.SAFE: "You're safe! You paired off every card.",
    GameResult.OLD_MAID: "Game over: you held the Old Maid this time. It's all luck, so well played!",
    GameResult.WON: "You won! In the reversed game the odd card's holder wins.",
    GameResult.LOST: "Game over: someone else held the odd card, and in the reversed game that wins.",
}


def game_done(result: GameResult, mistakes: int, going_out_wins: bool = False) -> Celebration:
    """For a game just finished (`going_out_wins`: the Table's book, where emptying your hand is winning)."""
    headline = "You're out, and you've won! You paired off every card." if going_out_wins and result is GameResult.SAFE else GAME_DONE[result]
    if mistakes == 0:
        line = "You played the whole game by the rules, with no mistakes."
    else:
        line = f"You finished a whole game. {counted(mistakes, 'mistake')} along the way: each one teaches a rule."
    return Celebration(headline, (line,))


def quiz_done(right: int, asked: int) -> Celebration:
    """For a quiz round just finished: `right` answered right the first time, of `asked`."""
    if asked and right == asked:
        headline = f"Quiz round done: all {asked} right the first time!"
    else:
        headline = f"Quiz round done: {right} of {asked} right the first time."
    line = "Every round helps the rules stick." if right < asked else "You know these rules well. Try a game to use them!"
    return Celebration(headline, (line,))
