"""The plain front end's start: who is learning, then Home, a numbered menu, until the learner
stops or input ends. The same store, learner sessions, course and engine as the Textual app."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from tutor.errors import ProfileInUse
from tutor.learner.session import LearnerSession, learner_named, learners
from tutor.plain.lines import Choices, InputEnded, Lines
from tutor.plain.words import STOP, pick_number

if TYPE_CHECKING:
    from tutor.store import Profile, Store

GOODBYE = "Everything is saved. Goodbye!"
MENU = (
    ("Continue", "the one next step, following your progress", ""),
    ("Lessons", "short lessons, one rule at a time", "lessons"),
    ("Play a game", "you against computer players", "play"),
    ("Quiz", "a round of eight questions", "quiz"),
    ("My progress", "stars, rules growing, mistakes and games", "progress"),
    ("Rules", "the rules in play, complete", "rules"),
    ("Plain lines", "start in plain lines each time, or in the full-screen app", "plain"),
)
"""Home's choices: name, what it is, the place it opens ("": the next step's)."""


def run_plain(
    store: Store,
    profile: Profile | None,
    start: str | None = None,
    seed: int | None = None,
    *,
    deck: str | None = None,
    read: TextIO | None = None,
    write: TextIO | None = None,
) -> int:
    """The tutor as plain lines on `read` and `write` (standard input and output); 0 when the
    learner stops or input ends, 1 when the learner's progress is open in another window and
    they chose not to take it over. Ctrl+C (KeyboardInterrupt) goes up to the command line (130):
    every answer is saved as it is made, so nothing is lost."""
    lines = Lines(read or sys.stdin, write or sys.stdout)
    session: LearnerSession | None = None
    try:
        lines.say("Old Maid Tutor, in plain lines. Type ? at any question to hear what you can type, r to hear the last thing again.")
        for notice in store.notices:
            lines.say(notice)
        session = _who(lines, store, profile)
        if session is None:
            return 1
        _home(lines, session, start, seed, deck)
    except InputEnded:
        pass
    finally:
        if session is not None:
            session.release()
    lines.say(GOODBYE)
    return 0


def _who(lines: Lines, store: Store, profile: Profile | None) -> LearnerSession | None:
    """The learner's session, claimed for this window; None if they would not take it over."""
    while profile is None:
        everyone = learners(store)
        if everyone:
            lines.say("Who is learning?", *(f"{number}. {one.name}" for number, one in enumerate(everyone, 1)))
            typing = f"Type your number (1 to {len(everyone)}), or a new name."
        else:
            typing = "Type your name."
        typed = lines.ask("Who is learning?" if not everyone else "", Choices(typing, (("a name", "a new learner (or one already here)"),)))
        number = pick_number(typed, len(everyone))
        try:
            profile = everyone[number - 1] if number is not None else learner_named(store, typed)
        except ValueError as refused:
            lines.say(str(refused))
    session = LearnerSession(store, profile)
    try:
        session.claim()
    except ProfileInUse as in_use:
        typed = lines.ask(str(in_use), Choices("Type t to take over here (the other window stops saving), or q to stop.", (("t", "take over here"), STOP)))
        if typed.lower() != "t":
            return None
        session.claim(take_over=True)
    return session


def _home(lines: Lines, session: LearnerSession, start: str | None, seed: int | None, deck: str | None) -> None:
    if start is not None:
        _open(lines, session, start, seed, deck)
    while True:
        from tutor.learner.policy import next_step

        advice = next_step(session.record(), session.course)
        lines.say(f"Home. {session.settings.learner_name}, what would you like to do?", f"Next for you: {advice.text}")
        lines.say(*(f"{number}. {name}: {what}" for number, (name, what, _) in enumerate(MENU, 1)))
        typed = lines.ask(
            "", Choices(f"Type a number (1 to {len(MENU)}), or q to stop.", (*((str(number), name) for number, (name, _, _) in enumerate(MENU, 1)), STOP))
        )
        if typed.lower() == "q":
            return
        number = pick_number(typed, len(MENU))
        if number is None:
            lines.say(f"Type a number from 1 to {len(MENU)}, or q to stop.")
        else:
            _open(lines, session, MENU[number - 1][2] or advice.target or "lessons", seed)


def _open(lines: Lines, session: LearnerSession, where: str, seed: int | None, deck: str | None = None) -> None:
    """One place of the tutor: "play", "quiz", "progress", "rules", "lesson:<id>", or else the lessons."""
    from tutor.plain import lessons

    if where == "play":
        from tutor.plain.game import play_game

        play_game(lines, session, seed, deck)
        return
    if where == "quiz":
        from tutor.plain.quiz import play_quiz

        play_quiz(lines, session, seed)
        return
    if where == "progress":
        from tutor.plain.progress import say_progress

        say_progress(lines, session)
        return
    if where == "plain":
        _plain_setting(lines, session)
        return
    if where == "rules":
        from tutor.plain.rules import say_rules

        say_rules(lines, session.settings.rules())
        return
    if where.startswith("lesson:"):
        lesson = next((one for one in session.course.lessons if one.id == where.removeprefix("lesson:").removesuffix(":again")), None)
        if lesson is not None:
            lessons.play_lesson(lines, session, lesson, seed)
            return
        where = "lessons"
    lessons.choose_lesson(lines, session)


def _plain_setting(lines: Lines, session: LearnerSession) -> None:
    """The learner's saved choice to start in plain lines (the app's Settings has it too)."""
    now = "on: the tutor starts in plain lines" if session.settings.plain_lines else "off: at a terminal the tutor starts full-screen"
    typed = lines.ask(
        f"Plain lines each time is {now}.",
        Choices("Type y to start in plain lines each time, or n for the full-screen app.", (("y", "plain lines each time"), ("n", "the full-screen app"))),
    )
    if typed.lower() not in ("y", "n"):
        lines.say("Nothing changed.")
        return
    session.save_settings(replace(session.settings, plain_lines=typed.lower() == "y"))
    lines.say(
        "Saved: plain lines each time, even at a terminal."
        if typed.lower() == "y"
        else "Saved: at a terminal the tutor starts full-screen (plain lines with --plain)."
    )
