"""The words a lesson says around its steps, the same in the app and in plain lines: the hint's
heading, carrying on a lesson left part way, a right part of an answer, a broken lesson, the end."""

from __future__ import annotations

CHECK_HINT = "A grown-up can see every problem with: old-maid-tutor lessons check"
HINT_AFTER_A_TRY = "Have a try first: another hint opens after that."
ON_PURPOSE = "What the tutor says when this happens:"
"""Before a mistake's explanation, when the step asked the learner to make it."""
WHAT_YOU_LEARNED = "What you learned: "
START_AGAIN = "Start this lesson again from step 1?"


def hint_heading(level: int, levels: int) -> str:
    """'Hint 1 of 3: ', or 'Hint 3 of 3 (the answer): ' for the last."""
    return f"Hint {level} of {levels}{' (the answer)' if level == levels else ''}: "


def carry_on_question(step: int, steps: int) -> str:
    """Opening a lesson left at `step` (counting from 0) of `steps`."""
    return f"Welcome back! Carry on from step {step + 1} of {steps}?"


def step_broken(step: int, message: str) -> str:
    """A step (counting from 0) that cannot be played as written."""
    return f"Step {step + 1} of this lesson has a problem: {message}"


def stars_words(stars: int) -> str:
    return f"{stars} of 3 stars"


def keep_going(kind: str, done: str) -> str:
    """After a right part of an answer, by the step's kind: what is still to do (`done`: how to say
    you have laid down every pair)."""
    if kind == "lay-down":
        return f"Any more pairs? Lay them down too, then {done} when you're done."
    if kind == "deal":
        return "Card dealt! Keep going until the deck is empty."
    return "Keep going!"
