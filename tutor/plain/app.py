"""The plain front end's start: who is learning, then Home, a numbered menu, until the learner
stops or input ends. The same store, learner sessions, course and engine as the Textual app."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from tutor import language
from tutor.errors import ProfileInUse
from tutor.language import mark, tr
from tutor.learner.session import LearnerSession, learner_named, learners
from tutor.plain.lines import Choices, InputEnded, Lines, Stopped, yes_or_no
from tutor.plain.saving import Saving
from tutor.plain.words import STOP, numbered, pick_number

if TYPE_CHECKING:
    from tutor.store import Profile, Store

GOODBYE = mark("Everything is saved. Goodbye!")
STOPPED = 130
"""The exit code after Ctrl+C, as for every command (tutor.cli.command)."""
WELCOME = mark("Old Maid Tutor, in plain lines. Type ? at any question to hear what you can type, r to hear the last thing again.")
NOT_SAVED = mark("Your last moves could not be saved yet, so they are lost as the tutor closes. Goodbye!")
MENU = (
    (mark("Continue"), mark("the next thing for you to do"), ""),
    (mark("Lessons"), mark("short lessons, one rule at a time"), "lessons"),
    (mark("Play a game"), mark("you against computer players"), "play"),
    (mark("Quiz"), mark("a round of eight questions"), "quiz"),
    (mark("My progress"), mark("stars, rules growing, mistakes and games"), "progress"),
    (mark("Rules"), mark("the rules in play, complete"), "rules"),
    (mark("Plain lines"), mark("start in plain lines each time, or in the big-screen app"), "plain"),
    (mark("Language"), "", "language"),
)
"""Home's choices: name, what it is (said with `tr`; "": each language in its own words), the
place it opens ("": the next step's)."""


def _menu_lines() -> list[str]:
    return [tr("{name}: {what}").format(name=tr(name), what=tr(what) if what else _languages_said()) for name, what, _ in MENU]


def _languages_said() -> str:
    """Every language the tutor speaks, each in its own words: "English, Español, Deutsch"."""
    return ", ".join(language.LANGUAGES.values())


def run_plain(
    store: Store,
    profile: Profile | None,
    start: str | None = None,
    seed: int | None = None,
    *,
    deck: str | None = None,
    read: TextIO | None = None,
    write: TextIO | None = None,
    welcome: bool = True,
) -> int:
    """The tutor as plain lines on `read` and `write` (standard input and output); 0 when the
    learner stops or input ends, 1 when the learner's progress is open in another window and
    they chose not to take it over; 130 (STOPPED) after Ctrl+C, with the same goodbye: every
    answer is saved as it is made, so nothing is lost. `welcome`: False when the tutor's
    first line was said already (by `who_is_learning`)."""
    lines = Lines(read or sys.stdin, write or sys.stdout)
    saving = Saving(lines, store)
    lines.before_reading = saving.try_again
    session: LearnerSession | None = None
    try:
        if welcome:
            lines.say(tr(WELCOME))
        for notice in store.notices:
            lines.say(notice)
        session = _who(lines, store, profile)
        if session is None:
            return 1
        _home(lines, session, start, seed, deck)
    except (InputEnded, Stopped):
        pass
    except KeyboardInterrupt:
        lines.say("", tr(GOODBYE))  # on a line of its own, after the terminal's ^C
        return STOPPED
    finally:
        saving.try_again(now=True)
        if session is not None:
            session.release()
    lines.say(tr(GOODBYE) if saving.all_saved else tr(NOT_SAVED))
    return 0


def who_is_learning(store: Store, read: TextIO | None = None, write: TextIO | None = None) -> Profile | int:
    """Who is learning, asked in plain lines before the tutor starts, so that a learner who listens
    can answer it whatever the tutor starts as next; else, having said goodbye, the exit code: 0
    at q or the end of input, 130 (STOPPED) after Ctrl+C."""
    lines = Lines(read or sys.stdin, write or sys.stdout)
    lines.say(tr(WELCOME))
    try:
        return pick_learner(lines, store)
    except (InputEnded, Stopped):
        lines.say(tr(GOODBYE))
        return 0
    except KeyboardInterrupt:
        lines.say("", tr(GOODBYE))
        return STOPPED


def _who(lines: Lines, store: Store, profile: Profile | None) -> LearnerSession | None:
    """The learner's session, claimed for this window; None if they would not take it over."""
    session = LearnerSession(store, profile or pick_learner(lines, store))
    try:
        session.claim()
    except ProfileInUse as in_use:
        choices = Choices(tr("Type t to take over here (the other window stops saving), or q to stop."), (("t", tr("take over here")), STOP))
        if lines.ask_letter(str(in_use), choices) != "t":
            return None
        session.claim(take_over=True)
    return session


def pick_learner(lines: Lines, store: Store) -> Profile:
    """Who is learning: a learner's number, or a name (a new learner is made); `Stopped` at q.
    A number that is no learner's is refused with the numbers there are, never taken as a name."""
    everyone = learners(store)
    if everyone:
        lines.say(tr("Who is learning?"), *(numbered(number, one.name) for number, one in enumerate(everyone, 1)))
        typing = tr("Type your number (1 to {count}), a new name, or q to stop.").format(count=len(everyone))
    else:
        typing = tr("Type your name, or q to stop.")
    choices = Choices(typing, ((tr("a name"), tr("a new learner (or one already here)")), STOP))
    while True:
        typed = lines.ask(tr("Who is learning?") if not everyone else "", choices)
        if typed.lower() == "q":
            raise Stopped
        if typed.isdigit():
            number = pick_number(typed, len(everyone))
            if number is not None:
                return everyone[number - 1]
            lines.wrong(tr("Type a number from 1 to {count}, or a new name.").format(count=len(everyone)) if everyone else tr("Type your name in letters."))
            continue
        try:
            return learner_named(store, typed)
        except ValueError as refused:
            lines.wrong(str(refused))


def _home(lines: Lines, session: LearnerSession, start: str | None, seed: int | None, deck: str | None) -> None:
    if start is not None:
        _open(lines, session, start, seed, deck)
    while True:
        from tutor.learner.policy import next_step

        advice = next_step(session.record(), session.course)
        lines.say(
            tr("Home. {name}, what would you like to do?").format(name=session.settings.learner_name),
            tr("Next for you: {advice}").format(advice=advice.text),
            *(numbered(number, line) for number, line in enumerate(_menu_lines(), 1)),
        )
        typed = lines.ask(
            "",
            Choices(
                tr("Type a number (1 to {count}), or q to stop.").format(count=len(MENU)),
                (*((str(number), tr(name)) for number, (name, _, _) in enumerate(MENU, 1)), STOP),
            ),
        )
        if typed.lower() == "q":
            return
        number = pick_number(typed, len(MENU))
        if number is None:
            lines.wrong(tr("Type a number from 1 to {count}, or q to stop.").format(count=len(MENU)))
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
    if where == "language":
        _language_setting(lines, session)
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
    plain = _plain_chosen(lines, session.settings.plain_lines)
    if plain is None:
        lines.say(tr("Nothing changed."))
        return
    session.save_settings(replace(session.settings, plain_lines=plain))
    lines.say(
        tr("Saved: plain lines each time, even at a terminal.")
        if plain
        else tr("Saved: at a terminal the tutor starts in the big-screen app (plain lines with --plain).")
    )


def _plain_chosen(lines: Lines, now: bool) -> bool | None:
    """y (plain lines each time) or n, asked until one of them or just Enter (None: keep it)."""
    said = (
        tr("Plain lines each time is on: the tutor starts in plain lines.")
        if now
        else tr("Plain lines each time is off: at a terminal the tutor starts in the big-screen app.")
    )
    choices = Choices(
        tr("Type y to start in plain lines each time, n for the big-screen app, or just Enter to keep it as it is."),
        (("y", tr("plain lines each time")), ("n", tr("the big-screen app")), (tr("Enter"), tr("keep it as it is"))),
    )
    while True:
        typed = lines.ask(said, choices)
        plain = yes_or_no(typed)
        if not typed or plain is not None:
            return plain
        lines.wrong(tr("Type y for yes, n for no, or just Enter."))


def _language_setting(lines: Lines, session: LearnerSession) -> None:
    """The learner's language, each one named in its own words; saved, and spoken at once."""
    codes = list(language.LANGUAGES)
    lines.say(
        tr("The tutor speaks {language} now.").format(language=language.LANGUAGES[language.current()]),
        *(numbered(number, language.LANGUAGES[code]) for number, code in enumerate(codes, 1)),
    )
    typed = lines.ask(
        "",
        Choices(
            tr("Type a number (1 to {count}), or just Enter to keep this one.").format(count=len(codes)),
            (*((str(number), language.LANGUAGES[code]) for number, code in enumerate(codes, 1)), (tr("Enter"), tr("keep this language"))),
        ),
    )
    number = pick_number(typed, len(codes))
    if number is None:
        lines.say(tr("Nothing changed."))
        return
    picked = codes[number - 1]
    session.save_settings(replace(session.settings, language=picked))
    language.learner_chose(picked)  # chosen just now: spoken now, even when --lang asked for another
    lines.say(tr("Saved: the tutor speaks {language}.").format(language=language.LANGUAGES[picked]))
