"""My progress: lessons done, quiz history, how well each rule is known, the mistakes made most
often, games played and what to do next; with resets, export and import.

Everything shown is read from the learner store each time the screen refreshes; the screen
keeps nothing of its own. Marks and words carry the meaning, never colour alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tutor.concepts import CONCEPTS, concept_title
from tutor.course import Lesson
from tutor.explanations import load_mistakes, rule_of
from tutor.store import Answer, FinishedGame, LessonProgress, Level, NoSuchProfile, Profile, Store
from tutor.store.store import MASTERED_DAYS, MASTERED_RIGHT_ANSWERS
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.header import TutorHeader
from tutor.ui.lessons_screen import course_for_app

LEVEL_MARKS = {Level.MASTERED: "✓ mastered", Level.PRACTISED: "◐ practised", Level.LEARNING: "○ learning"}
QUIZ_DAYS_SHOWN = 5
MISSES_WORTH_A_LESSON = 2
"""Quiz misses in a row on one rule that send the learner back to its lesson."""
GAME_MISTAKES_WORTH_A_LESSON = 3
"""Game mistakes of one kind, since its lesson was last worked on, that send the learner back."""
RESULT_WORDS = {"safe": "safe", "old-maid": "the Old Maid", "won": "won", "lost": "lost"}


# ----- what the store knows, at one moment ---------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """One learner's progress, as the store has it now."""

    lessons: dict[str, LessonProgress]
    answers: list[Answer]
    mastery: dict[str, Level]
    common_mistakes: list[tuple[str, int]]
    mistake_times: dict[str, list[datetime]]
    games: list[FinishedGame]
    unlock_all: bool = False

    @classmethod
    def read(cls, store: Store, profile: Profile, unlock_all: bool = False) -> Record:
        data = store.profile_data(profile)
        times: dict[str, list[datetime]] = {}
        for mistake in data.mistakes:
            times.setdefault(mistake.code, []).append(mistake.when)
        return cls(
            lessons={lesson.lesson_id: lesson for lesson in data.lessons},
            answers=list(data.answers),
            mastery=store.mastery(profile),
            common_mistakes=store.common_mistakes(profile, limit=3),
            mistake_times=times,
            games=list(data.finished_games),
            unlock_all=unlock_all,
        )

    def finished(self, lesson_id: str) -> bool:
        progress = self.lessons.get(lesson_id)
        return progress is not None and progress.finished

    def can_open(self, lesson: Lesson) -> bool:
        """True when the lessons it needs are done (or a teacher unlocked them all)."""
        return self.unlock_all or all(self.finished(needed) for needed in lesson.requires)


# ----- what to do next -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Suggestion:
    text: str
    target: str | None = None
    """What the app opens for it (an `action_open` key such as "quiz" or "lesson:pairs")."""


def suggestion(record: Record, lessons: tuple[Lesson, ...]) -> Suggestion:
    """The one thing most worth doing next, from the learner's record. A rule that keeps going
    wrong sends the learner back to its lesson, but only to a lesson they can open."""
    return (
        _unfinished_lesson(record, lessons)
        or _missed_concept(record, lessons)
        or _repeated_mistake(record, lessons)
        or _next_lesson(record, lessons)
        or _quiz_or_game(record)
    )


def _unfinished_lesson(record: Record, lessons: tuple[Lesson, ...]) -> Suggestion | None:
    started = [(record.lessons[lesson.id], lesson) for lesson in lessons
               if lesson.id in record.lessons and not record.finished(lesson.id)]
    if not started:
        return None
    progress, lesson = max(started, key=lambda pair: pair[0].when)
    return Suggestion(f"Carry on with the lesson “{lesson.title}”: you stopped at {_step(progress, lesson)}.",
                      f"lesson:{lesson.id}")


def _missed_concept(record: Record, lessons: tuple[Lesson, ...]) -> Suggestion | None:
    misses = _misses_in_a_row(record.answers)
    for concept, times in misses.most_common():
        lesson = _lesson(lessons, CONCEPTS[concept].lesson) if concept in CONCEPTS else None
        if times >= MISSES_WORTH_A_LESSON and lesson is not None and record.can_open(lesson):
            return Suggestion(f"Quiz questions about “{concept_title(concept)}” were missed {times} times "
                              f"in a row. The lesson “{lesson.title}” explains it: have another look!",
                              f"lesson:{lesson.id}")
    return None


def _misses_in_a_row(answers: list[Answer]) -> Counter[str]:
    """Per concept, the wrong answers since the latest right one."""
    misses: Counter[str] = Counter()
    for answer in answers:
        misses[answer.concept] = 0 if answer.right else misses[answer.concept] + 1
    return misses


def _repeated_mistake(record: Record, lessons: tuple[Lesson, ...]) -> Suggestion | None:
    for code, _ in record.common_mistakes:
        lesson = _lesson(lessons, _mistake_lesson(code))
        if lesson is None or not record.can_open(lesson):
            continue
        since = record.lessons[lesson.id].when if lesson.id in record.lessons else None
        times = sum(since is None or when > since for when in record.mistake_times.get(code, []))
        if times >= GAME_MISTAKES_WORTH_A_LESSON:
            return Suggestion(f"“{_rule(code)}” tripped you up {times} times. "
                              f"The lesson “{lesson.title}” is all about it.", f"lesson:{lesson.id}")
    return None


def _next_lesson(record: Record, lessons: tuple[Lesson, ...]) -> Suggestion | None:
    ready = (lesson for lesson in lessons if not record.finished(lesson.id) and record.can_open(lesson))
    lesson = next(ready, None)
    if lesson is None:
        return None
    if not any(record.finished(other.id) for other in lessons):
        return Suggestion(f"Start with the first lesson, “{lesson.title}”.", f"lesson:{lesson.id}")
    return Suggestion(f"Next lesson: “{lesson.title}”. You're ready for it!", f"lesson:{lesson.id}")


def _quiz_or_game(record: Record) -> Suggestion:
    mastered = _mastered(record)
    if mastered < len(CONCEPTS):
        return Suggestion(f"Take a quiz round: {mastered} of {len(CONCEPTS)} rules mastered so far. "
                          "Every round helps the rules stick.", "quiz")
    return Suggestion("You know every rule! Play a game of Old Maid and enjoy it.", "play")


# ----- the sections, in words -----------------------------------------------------------------------


def glance_text(name: str, record: Record, lessons: tuple[Lesson, ...]) -> Text:
    """The whole record in one or two lines, for the first look."""
    done = sum(record.finished(lesson.id) for lesson in lessons)
    text = Text()
    text.append(f"{name}: ", style="bold")
    quiz = f"{_right_of(record.answers)} quiz answers right" if record.answers else "no quiz answers yet"
    text.append(f"{done} of {len(lessons)} lessons done · {_mastered(record)} of {len(CONCEPTS)} rules "
                f"mastered · {quiz} · {_count(len(record.games), 'game')} played")
    return text


def next_text(advice: Suggestion) -> Text:
    text = Text(advice.text, style="bold")
    if advice.target:
        text.append("\nPress G to go there now.", style="italic")
    return text


def lessons_title(record: Record, lessons: tuple[Lesson, ...]) -> str:
    done = sum(record.finished(lesson.id) for lesson in lessons)
    return f"Lessons: {done} of {len(lessons)} done"


def lessons_text(record: Record, lessons: tuple[Lesson, ...]) -> Text:
    text = Text()
    for lesson in lessons:
        progress = record.lessons.get(lesson.id)
        if progress is None:
            mark = "○ not yet"
        elif progress.finished:
            mark = "✓ done"
        else:
            mark = f"◐ {_step(progress, lesson)}"
        text.append(f"{mark:<15}", style="bold")
        text.append(f"{lesson.title}\n")
    text.rstrip()
    return text


def concepts_title(record: Record) -> str:
    return f"Rules you know: {_mastered(record)} of {len(CONCEPTS)} mastered"


def concepts_text(record: Record) -> Text:
    text = Text()
    for concept in CONCEPTS.values():
        level = record.mastery.get(concept.id, Level.LEARNING)
        text.append(f"{LEVEL_MARKS[level]:<13}", style="bold" if level != Level.LEARNING else "")
        text.append(f"{concept.title}\n")
    text.append(f"Mastered: right {MASTERED_RIGHT_ANSWERS} times or more, on {MASTERED_DAYS} different "
                "days, and right the last time.", style="italic")
    return text


def quiz_text(answers: list[Answer]) -> Text:
    if not answers:
        return Text("No quiz answers yet. Press Z on the home screen for a round of eight questions.")
    text = Text()
    text.append(f"{_right_of(answers)} answers right in all.\n", style="bold")
    days = _by_day(answers)
    for day, answered in list(days.items())[:QUIZ_DAYS_SHOWN]:
        text.append(f"  {day:%a %d %b %Y}   {_right_of(answered)} right\n")
    if len(days) > QUIZ_DAYS_SHOWN:
        text.append(f"  … and {_count(len(days) - QUIZ_DAYS_SHOWN, 'earlier day')}\n", style="italic")
    text.rstrip()
    return text


def mistakes_text(common: list[tuple[str, int]], lessons: tuple[Lesson, ...]) -> Text:
    if not common:
        return Text("No mistakes noted yet.")
    text = Text()
    for code, times in common:
        text.append(f"{_count(times, 'time'):>9}  ", style="bold")
        text.append(_rule(code))
        lesson = _lesson(lessons, _mistake_lesson(code))
        if lesson is not None:
            text.append(f"  (lesson “{lesson.title}”)", style="italic")
        text.append("\n")
    text.rstrip()
    return text


def games_text(games: list[FinishedGame]) -> Text:
    if not games:
        return Text("No games finished yet. Press P on the home screen to play one.")
    results = Counter(game.result for game in games)
    text = Text()
    text.append(f"{_count(len(games), 'game')} played.\n", style="bold")
    if results["safe"] or results["old-maid"]:
        text.append(f"  You were safe {_count(results['safe'], 'time')} "
                    f"and the Old Maid {_count(results['old-maid'], 'time')}.\n")
    if results["won"] or results["lost"]:
        text.append(f"  In reversed games you won {_count(results['won'], 'time')} "
                    f"and lost {_count(results['lost'], 'time')}.\n")
    last = games[-1]
    text.append(f"  Your last game: {RESULT_WORDS.get(last.result, last.result)}, "
                f"{_count(last.draws, 'draw')}, {_count(last.mistakes, 'mistake')}.")
    return text


# ----- small helpers --------------------------------------------------------------------------------


def _step(progress: LessonProgress, lesson: Lesson) -> str:
    steps = len(lesson.steps)
    return f"step {min(progress.step + 1, steps)} of {steps}"


def _lesson(lessons: tuple[Lesson, ...], lesson_id: str | None) -> Lesson | None:
    return next((lesson for lesson in lessons if lesson.id == lesson_id), None)


def _rule(code: str) -> str:
    """The rule a mistake is about; the bare code for one this version doesn't know (an
    imported profile may come from another version)."""
    try:
        return rule_of(code)
    except (LookupError, OSError, ValueError):
        return code


def _mistake_lesson(code: str) -> str | None:
    try:
        return str(load_mistakes()[code]["lesson"])
    except (LookupError, OSError, ValueError):
        return None


def _mastered(record: Record) -> int:
    return sum(record.mastery.get(concept, Level.LEARNING) == Level.MASTERED for concept in CONCEPTS)


def _right_of(answers: list[Answer]) -> str:
    return f"{sum(answer.right for answer in answers)} of {len(answers)}"


def _by_day(answers: list[Answer]) -> dict[date, list[Answer]]:
    """The answers grouped by the learner's local day, the latest day first."""
    days: dict[date, list[Answer]] = {}
    for answer in sorted(answers, key=lambda answer: answer.when, reverse=True):
        days.setdefault(answer.when.astimezone().date(), []).append(answer)
    return days


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def export_path(name: str) -> str:
    """A file name in the home folder made from the learner's name: letters and digits only."""
    tidy = "-".join("".join(char if char.isalnum() else " " for char in name.casefold()).split())
    return f"~/old-maid-{tidy or 'learner'}.json"


# ----- the screen -------------------------------------------------------------------------------------


class ProgressScreen(Screen[None]):
    CSS_PATH = "progress.tcss"
    HELP_TITLE = "My progress"
    HELP_KEYS = [
        ("↑ ↓", "scroll"),
        ("G", "do what “What next?” says"),
        ("E", "export: save your progress in a file"),
        ("I", "import: add a learner from a file"),
        ("L", "reset one lesson"),
        ("R", "reset your progress"),
        ("Tab", "the buttons, e.g. Reset everything"),
        ("Escape", "back to the menu"),
    ]
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("g", "go", "Go"),
        Binding("e", "export", "Export"),
        Binding("i", "import", "Import"),
        Binding("l", "reset_lesson", "Reset a lesson", show=False),
        Binding("r", "reset_profile", "Reset my progress", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.advice = Suggestion("")

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with VerticalScroll(id="progress"):
            yield Static(id="progress-note")
            yield Static(id="progress-glance")
            yield Static(id="progress-next", classes="section")
            for section in ("lessons", "concepts", "quiz", "mistakes", "games"):
                yield Static(id=f"progress-{section}", classes="section")
            with Horizontal(classes="progress-actions"):
                yield Label("Start again:")
                yield Button("Reset a lesson (L)", id="reset-lesson", compact=True)
                yield Button("Reset my progress (R)", id="reset-profile", compact=True)
            with Horizontal(classes="progress-actions"):
                yield Label("For grown-ups:")
                yield Button("Export (E)", id="export", compact=True)
                yield Button("Import (I)", id="import", compact=True)
                yield Button("Reset everything", id="reset-everything", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "My progress"
        self.query_one("#progress-next").border_title = "What next?"
        self.query_one("#progress-quiz").border_title = "Quiz"
        self.query_one("#progress-mistakes").border_title = "Mistakes made most often"
        self.query_one("#progress-games").border_title = "Games"
        self.note("")
        self.refresh_progress()

    @property
    def profile(self) -> Profile:
        return self.app.profile  # type: ignore[attr-defined,no-any-return]

    @property
    def store(self) -> Store:
        return self.app.store  # type: ignore[attr-defined,no-any-return]

    def refresh_progress(self) -> None:
        """Read everything again from the store and show it."""
        unlock_all = bool(self.app.settings.unlock_all_lessons)  # type: ignore[attr-defined]
        record = Record.read(self.store, self.profile, unlock_all)
        lessons = course_for_app(replay=False).lessons
        self.advice = suggestion(record, lessons)
        self.query_one("#progress-glance", Static).update(glance_text(self.profile.name, record, lessons))
        self._show("next", next_text(self.advice))
        self._show("lessons", lessons_text(record, lessons), lessons_title(record, lessons))
        self._show("concepts", concepts_text(record), concepts_title(record))
        self._show("quiz", quiz_text(record.answers))
        self._show("mistakes", mistakes_text(record.common_mistakes, lessons))
        self._show("games", games_text(record.games))

    def _show(self, section: str, text: Text, title: str | None = None) -> None:
        widget = self.query_one(f"#progress-{section}", Static)
        widget.update(text)
        if title is not None:
            widget.border_title = title

    def note(self, message: str) -> None:
        """Say what just happened, at the top of the screen, and scroll up to it."""
        note = self.query_one("#progress-note", Static)
        note.update(Text(message, style="bold"))
        note.display = bool(message)
        self.query_one("#progress", VerticalScroll).scroll_home(animate=False)

    # ----- actions --------------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "export": self.action_export,
            "import": self.action_import,
            "reset-lesson": self.action_reset_lesson,
            "reset-profile": self.action_reset_profile,
            "reset-everything": self.action_reset_everything,
        }
        actions[str(event.button.id)]()

    def action_go(self) -> None:
        if self.advice.target is None:
            return
        self.app.pop_screen()
        self.app.action_open(self.advice.target)  # type: ignore[attr-defined]

    async def _confirm(self, question: str, yes: str, no: str = "Keep it") -> bool:
        return bool(await self.app.push_screen_wait(ConfirmScreen(question, yes, no)))

    @work(exclusive=True, group="progress-dialog")
    async def action_reset_lesson(self) -> None:
        progress = self.store.lesson_progress(self.profile)
        started = [lesson for lesson in course_for_app(replay=False).lessons if lesson.id in progress]
        if not started:
            self.note("There are no lessons to reset yet: none has been started.")
            return
        lesson = await self.app.push_screen_wait(ChooseLessonScreen(started))
        if lesson is None or not await self._confirm(
                f"Reset the lesson “{lesson.title}”? It will start again from the first step.", "Reset it"):
            return
        self.store.reset_lesson(self.profile, lesson.id)
        self.note(f"✓ The lesson “{lesson.title}” starts again from the first step.")
        self.refresh_progress()

    @work(exclusive=True, group="progress-dialog")
    async def action_reset_profile(self) -> None:
        name = self.profile.name
        if not await self._confirm(
                f"Reset all of {name}'s progress? Lessons, quiz answers, games and mistakes are "
                "forgotten; the settings stay. This cannot be undone.", "Reset my progress"):
            return
        try:
            self.store.reset_profile(name)
        except NoSuchProfile:
            self.note(f"✗ {name}'s profile isn't in the store any more, so there is nothing to reset.")
            return
        self.note(f"✓ {name}'s progress is reset. A fresh start!")
        self.refresh_progress()

    @work(exclusive=True, group="progress-dialog")
    async def action_reset_everything(self) -> None:
        names = ", ".join(profile.name for profile in self.store.profiles())
        if not await self._confirm(
                f"Reset everything? Every learner on this computer ({names}) is removed, with all "
                "their progress and settings. This cannot be undone.", "Remove everything"):
            return
        self.store.reset_everything()
        self._start_afresh()

    def _start_afresh(self) -> None:
        """Back to the very first screen: nobody is left, so the picker asks for a name."""
        from tutor.ui.profiles_screen import ProfilePickerScreen

        app = self.app
        app.start = None  # type: ignore[attr-defined]  # nothing to open after this fresh start
        while len(app.screen_stack) > 1:
            app.pop_screen()
        app.push_screen(ProfilePickerScreen(), app.use_profile)  # type: ignore[attr-defined]

    @work(exclusive=True, group="progress-dialog")
    async def action_export(self) -> None:
        name, typed, problem = self.profile.name, export_path(self.profile.name), ""
        while True:
            typed = await self.app.push_screen_wait(PathScreen(
                f"Export: save {name}'s progress in a file",
                "Where should the file go? Import it on another computer to carry on there.",
                typed, problem, "Save the file"))
            if typed is None:
                return
            path = Path(typed).expanduser().absolute()
            if path.is_file() and not await self._confirm(
                    f"There is already a file at {path}. Replace it?", "Replace it", "Choose another"):
                problem = ""
                continue
            problem = self._export(name, path)
            if not problem:
                self.note(f"✓ Saved {name}'s progress in {path}.")
                return

    def _export(self, name: str, path: Path) -> str:
        """Write the profile file; what went wrong, in words, or "" when all is well."""
        if path.is_dir():
            return f"✗ {path} is a folder. Add a file name at the end, like {path / 'old-maid.json'}"
        try:
            self.store.export_profile(name, path)
        except NoSuchProfile:
            return f"✗ {name}'s profile isn't in the store any more, so there is nothing to save."
        except OSError as error:
            return f"✗ The file could not be saved there: {error.strerror or error}. Try another place."
        return ""

    @work(exclusive=True, group="progress-dialog")
    async def action_import(self) -> None:
        typed, problem = export_path(self.profile.name), ""
        while True:
            typed = await self.app.push_screen_wait(PathScreen(
                "Import: add a learner from a profile file",
                "Which file? It becomes a new learner here; nobody's progress is replaced.",
                typed, problem, "Import it"))
            if typed is None:
                return
            try:
                imported = self.store.import_profile(Path(typed).expanduser())
            except ValueError as error:
                problem = f"✗ That file can't be used. {error}"
                continue
            except OSError as error:
                problem = f"✗ The file could not be read: {error.strerror or error}. Check the name and folder."
                continue
            self.note(f"✓ Imported the learner “{imported.name}”. Choose them by name next time the tutor starts.")
            self.refresh_progress()
            return


# ----- dialogs ---------------------------------------------------------------------------------------


class ChooseLessonScreen(ModalScreen[Lesson | None]):
    """Which lesson to reset: the lessons started so far; None for none."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, lessons: list[Lesson]) -> None:
        super().__init__()
        self.lessons = lessons

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text("Which lesson should start again?", style="bold"))
            yield OptionList(*[Option(Text(lesson.title), id=lesson.id) for lesson in self.lessons],
                             id="lesson-choice")
            yield Static(Text("↑ ↓ choose · Enter reset it · Escape never mind", style="italic"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(next(lesson for lesson in self.lessons if lesson.id == event.option.id))


class PathScreen(ModalScreen[str | None]):
    """Asks for a file's path; dismisses with the text typed, or None."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, question: str, path: str, problem: str, button: str) -> None:
        super().__init__()
        self.title_text, self.question, self.path, self.problem = title, question, path, problem
        self.button = button

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style="bold"))
            yield Static(Text(self.question))
            yield Input(self.path, id="path")
            yield Static(Text(self.problem), id="path-problem")
            with Horizontal(classes="buttons"):
                yield Button(f"{self.button} (Enter)", id="ok", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#path-problem").display = bool(self.problem)

    def on_input_submitted(self) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self._done()
        else:
            self.dismiss(None)

    def _done(self) -> None:
        typed = self.query_one("#path", Input).value.strip()
        if typed:
            self.dismiss(typed)
        else:
            problem = self.query_one("#path-problem", Static)
            problem.update(Text("✗ Please type where the file is, like ~/old-maid.json"))
            problem.display = True
