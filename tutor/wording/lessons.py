"""The words a lesson says around its steps, the same in the app and in plain lines: the hint's
heading, carrying on a lesson left part way, a right part of an answer, a broken lesson, the end."""

from __future__ import annotations

from tutor.language import mark, ntr, tr

# Each constant is the English, marked for the catalogue: say it with tr().
CHECK_HINT = mark("A grown-up can see every problem with: old-maid-tutor lessons check")
HINT_AFTER_A_TRY = mark("Have a try first: another hint opens after that.")
ON_PURPOSE = mark("What the tutor says when this happens:")
"""Before a mistake's explanation, when the step asked the learner to make it."""
WHAT_YOU_LEARNED = mark("What you learned: ")
START_AGAIN = mark("Start this lesson again from step 1?")


def hint_heading(level: int, levels: int) -> str:
    """'Hint 1 of 3: ', or 'Hint 3 of 3 (the answer): ' for the last."""
    if level == levels:
        return tr("Hint {level} of {levels} (the answer): ").format(level=level, levels=levels)
    return tr("Hint {level} of {levels}: ").format(level=level, levels=levels)


def carry_on_question(step: int, steps: int) -> str:
    """Opening a lesson left at `step` (counting from 0) of `steps`."""
    return tr("Welcome back! Carry on from step {step} of {steps}?").format(step=step + 1, steps=steps)


def step_broken(step: int, message: str) -> str:
    """A step (counting from 0) that cannot be played as written."""
    return tr("Step {step} of this lesson has a problem: {message}").format(step=step + 1, message=message)


def stars_words(stars: int) -> str:
    return ntr("{count} of 3 stars", "{count} of 3 stars", stars).format(count=stars)


def keep_going(kind: str, done: str) -> str:
    """After a right part of an answer, by the step's kind: what is still to do (`done`: how to say
    you have laid down every pair)."""
    if kind == "lay-down":
        return tr("Any more pairs? Lay them down too, then {done} when you're done.").format(done=done)
    if kind == "deal":
        return tr("Card dealt! Keep going until the deck is empty.")
    return tr("Keep going!")
