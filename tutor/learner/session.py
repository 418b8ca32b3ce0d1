"""One learner at the tutor: everything a front end needs about them, and everything it may do
for them, with no user interface. The Textual app holds one `LearnerSession` per learner at its
keyboard; a screen asks it, renders what it says and hands it what the learner did. A plain text
front end can drive the same sessions.

    session = LearnerSession(store, profile)
    session.settings                          # theirs (the profile name until they choose one)
    session.recorder                          # the ONE Recorder: lessons, quiz and games report here
    session.record()                          # their progress now, for the policy (tutor.learner.policy)
    session.lesson_to_resume(lesson)          # the step to offer to carry on from, or None
    session.start_lesson_over(lesson_id)      # step 1 again: what starting over forgets is decided here
    session.begin_lesson(lesson_id)           # opened at step 1: a lesson done before starts a new run
    session.saved_game(deck=None)             # the game in progress (one played with `deck`)
    session.tables                            # the tables played together in this store (`Tables`)
    session.sit_down(name) -> SharedGame      # open, join or come back to a table (their settings)
    session.reset_progress() / export_text() / export_to(path) / import_from(path)
    session.claim(take_over=False) / look_only() / release()
    learners(store), learner_named(store, name)   # before a session: who is learning?

Every write goes through the session's recorder or its own methods, which are the store's writes
for this learner; several sessions can share one store.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor import language
from tutor.learner import lessons
from tutor.learner.recorder import Recorder
from tutor.settings import Settings

if TYPE_CHECKING:
    from tutor.course import Course, Lesson
    from tutor.learner.policy import Record
    from tutor.play.shared_game import SharedGame
    from tutor.store import LessonProgress, Profile, Store
    from tutor.store.tables import Tables


class LearnerSession:
    """One learner's profile, settings and record in one store, and what may be done with them."""

    def __init__(self, store: Store, profile: Profile) -> None:
        self.store = store
        self.profile = profile
        self.settings = self._settings_from_store()
        language.use_for_learner(self.settings.language)
        self.recorder = Recorder(store, profile)
        self._tables: Tables | None = None

    @property
    def name(self) -> str:
        return self.profile.name

    # ----- the course ---------------------------------------------------------------------------

    @property
    def course(self) -> Course:
        """The course as the app shows it: read once for every session of this program."""
        return lessons.course_for_app(replay=False)

    @staticmethod
    def checked_course() -> Course:
        """The course with every solution played through (about a second): finds every broken lesson."""
        return lessons.course_for_app(replay=True)

    @staticmethod
    def course_is_read() -> bool:
        """Whether `course` answers at once (it has been read already)."""
        return lessons.course_is_read()

    # ----- settings -----------------------------------------------------------------------------

    def save_settings(self, settings: Settings) -> None:
        """Save the learner's settings; a language they have just chosen is spoken at once."""
        chose = settings.language != self.settings.language
        self.settings = settings
        self.store.save_settings(self.profile, settings)
        if chose:
            language.learner_chose(settings.language)
        else:
            language.use_for_learner(settings.language)

    def _settings_from_store(self) -> Settings:
        """The profile's settings; until they choose otherwise, the learner is called by their profile name."""
        settings = self.store.load_settings(self.profile)
        if settings.learner_name == Settings().learner_name:
            try:
                settings = replace(settings, learner_name=self.profile.name)
            except ValueError:
                pass  # a profile name the settings can't take keeps the default
        return settings

    # ----- what they have done ------------------------------------------------------------------

    def is_new(self) -> bool:
        """Nothing done yet (`Record.is_new`), read without the learner policy, whose import Home's
        first frame does not wait for."""
        data = self.store.profile_data(self.profile)
        return lessons.nothing_done(data.lessons, data.finished_games, data.answers)

    def record(self) -> Record:
        from tutor.learner.policy import Record  # (the policy is first needed once the course is read)

        return Record.read(self.store, self.profile)

    def locked_lessons(self) -> set[str]:
        """The lessons this learner cannot open yet (an earlier one is still to finish)."""
        from tutor.learner.lessons import Status
        from tutor.learner.policy import standings

        return {lesson_id for lesson_id, standing in standings(self.record(), self.course).items() if standing.status is Status.LOCKED}

    def lesson_progress(self) -> dict[str, LessonProgress]:
        return self.store.lesson_progress(self.profile)

    def is_new_to_games(self) -> bool:
        """True until the learner has finished a game (a first game offers the deck with words)."""
        return not self.store.finished_games(self.profile)

    # ----- lessons ------------------------------------------------------------------------------

    def lesson_to_resume(self, lesson: Lesson) -> int | None:
        """The step (counting from 0) to offer to carry on from: a lesson left part way, never done."""
        saved = self.lesson_progress().get(lesson.id)
        if saved is not None and not saved.finished and 0 < saved.step < len(lesson.steps):
            return saved.step
        return None

    def begin_lesson(self, lesson_id: str) -> None:
        """The lesson is opened at step 1: one done before starts a new run, for new stars (its
        best stay); one never done carries on as it is."""
        saved = self.lesson_progress().get(lesson_id)
        if saved is not None and saved.finished:
            self.recorder.lesson_restarted(lesson_id)

    def start_lesson_over(self, lesson_id: str) -> None:
        """Step 1 again: a lesson done once stays done, with its best stars, and starts a new run;
        one never done is forgotten."""
        saved = self.lesson_progress().get(lesson_id)
        if saved is not None and saved.finished:
            self.recorder.lesson_restarted(lesson_id)
        else:
            self.recorder.lesson_reset(lesson_id)

    def reset_lesson(self, lesson_id: str) -> None:
        """Forget a lesson: its progress, hints and mistakes; every star can be won again."""
        self.recorder.lesson_reset(lesson_id)

    def next_lesson(self, after: str | None) -> Lesson | None:
        """The first lesson after `after` that is neither done nor locked for this learner."""
        return lessons.next_lesson(self.course, after, self.lesson_progress(), self.settings.unlock_all_lessons)

    # ----- games --------------------------------------------------------------------------------

    def saved_game(self, deck: str | None = None) -> dict[str, Any] | None:
        """The game in progress (GuidedGame.to_dict), or None; with `deck`, only one played with that deck."""
        saved = self.store.load_game(self.profile)
        if deck is not None and deck_of(saved) != deck:
            return None
        return saved

    # ----- tables played together ----------------------------------------------------------------

    @property
    def tables(self) -> Tables:
        """The tables in this learner's store, seen from this window (made when first asked)."""
        if self._tables is None:
            from tutor.store.tables import Tables

            self._tables = Tables(self.store)
        return self._tables

    def seat_kept(self) -> str | None:
        """The table whose game waits for this learner to come back (see `Tables.seat_kept`)."""
        return self.tables.seat_kept(self.profile)

    def sit_down(self, name: str, again: int | None = None) -> SharedGame:
        """Open the table called `name` (it plays this learner's rules), join it or come back to it:
        this learner's seat, with their help level and suits; `again`: the table whose finished game
        they play again after. The refusals are TutorErrors with words to show (NameRefused,
        TableFull, TableNotOpen, StoreBusy...)."""
        from tutor.play.shared_game import SharedGame

        return SharedGame.sit_down(self.tables, self.profile, name, self.settings, again)

    # ----- the learner's own profile ------------------------------------------------------------

    def reset_progress(self) -> None:
        """Forget lessons, quiz answers, games and mistakes; the settings stay. NoSuchProfile if gone."""
        self.store.reset_profile(self.profile.name)

    def export_text(self) -> str:
        """The learner's profile file, as text (for a browser download). NoSuchProfile if gone."""
        return self.store.export_text(self.profile.name)

    def export_to(self, path: Path) -> None:
        """Write the learner's profile file at `path`, never replacing a file (see Store.export_profile)."""
        self.store.export_profile(self.profile.name, path)

    def import_from(self, path: Path) -> Profile:
        """A new learner from a profile file (nobody's progress is replaced)."""
        return self.store.import_profile(path)

    def learners(self) -> list[Profile]:
        """Everyone who learns in this store."""
        return learners(self.store)

    def reset_everything(self) -> None:
        """Remove every learner in this store, with all their progress and settings."""
        self.store.reset_everything()

    # ----- one window per learner ---------------------------------------------------------------

    def holds(self) -> bool:
        """Whether this app may save for the learner (it holds their claim)."""
        return self.store.holds(self.profile)

    def claim(self, take_over: bool = False) -> None:
        """Save for this learner from here on: ProfileInUse if another window does, unless `take_over`."""
        self.store.claim(self.profile, take_over=take_over)

    def look_only(self) -> None:
        """Show the learner's progress here without saving anything (another window saves it)."""
        self.store.watch(self.profile)

    def release(self) -> None:
        """This app stops saving for the learner (another learner is chosen, or the app ends)."""
        self.store.release(self.profile)


def learners(store: Store) -> list[Profile]:
    """Everyone who learns in `store`, for "Who is learning?"."""
    return store.profiles()


def learner_named(store: Store, name: str) -> Profile:
    """The learner called `name`, made if new (ValueError saying kindly why a name can't be used)."""
    return store.get_or_create_profile(name)


def deck_of(saved: dict[str, Any] | None) -> str | None:
    """The deck a saved game (`GuidedGame.to_dict`) is played with, or None if there is none."""
    game = saved.get("game") if isinstance(saved, dict) else None
    rules = game.get("rules") if isinstance(game, dict) else None
    deck = rules.get("deck", "standard") if isinstance(rules, dict) else None
    return deck if isinstance(deck, str) else None
