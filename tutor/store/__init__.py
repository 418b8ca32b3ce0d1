"""The learner store: everything the tutor remembers about its learners.

One SQLite file, ``progress.db``, in the user's data folder (or in ``--data-dir`` or
$OLD_MAID_TUTOR_HOME). It is the only place in the project that writes learner data,
and the only place with SQL. Several copies of the app may share it: every write is
one short transaction that waits its turn.

    store = open_store(data_dir=None)       # never raises; check store.notices
    store = open_store(database=URL)        # a school's PostgreSQL database instead (or
                                            # $OLD_MAID_TUTOR_DATABASE): tutor.store.postgres
    store.notices: list[str]                # messages to show, e.g. a file set aside
    store.in_memory: bool                   # True: nothing will be saved this session
    store.database_problem: str | None      # why the database asked for cannot be used
    store.where: str                        # where progress is kept, in words

    Profiles (names: 1-40 characters, any letters; "ana" and "Ana" are one profile)
        store.profiles() -> list[Profile]
        store.find_profile(name) -> Profile | None
        store.get_or_create_profile(name) -> Profile        # ValueError for a bad name
        store.reset_profile(name)     # forget progress, keep profile and settings
        store.delete_profile(name)
        store.reset_everything()      # remove every profile
        (reset_profile, delete_profile and export_profile raise NoSuchProfile)

    Settings
        store.load_settings(profile) -> Settings
        store.save_settings(profile, settings)

    The game in progress (the engine's game.to_dict())
        store.save_game(profile, game_dict)
        store.load_game(profile) -> dict | None
        store.clear_game(profile)

    Finished games
        store.record_finished_game(profile, rules_dict, result, draws, mistakes, when=None)
            (also clears the game in progress, in the same transaction, unless
            clear_game_in_progress=False: a table's game played together)
        store.finished_games(profile) -> list[FinishedGame]

    Lessons
        store.save_lesson_progress(profile, lesson_id, step, hints_used, finished, when=None)
        store.lesson_progress(profile) -> dict[lesson_id, LessonProgress]
        store.reset_lesson(profile, lesson_id)

    Quizzes (how well each concept is known is tutor.learner.policy's level_of)
        store.record_answer(profile, question, concept, right, when=None)
        store.answers(profile) -> list[Answer]

    Mistakes
        store.record_mistake(profile, code, cards, where, when=None)   # cards kept as str(card)
        store.mistakes(profile) -> list[Mistake]
        store.forget_mistakes(profile, places)       # e.g. a lesson's, when it is reset

    Everything about one learner at once (what a profile file holds)
        store.profile_data(profile) -> ProfileData

    Profile files (versioned JSON)
        store.export_profile(name, path)     # UnsafeTarget for a device, a pipe, a folder or a link
        store.import_profile(path) -> Profile
            ProfileFileError (a ValueError) for a bad file, UnsafeTarget for a special file;
            a taken name is imported as "Name (2)".

    Windows sharing one file (tutor.errors: ProfileInUse, ProfileLost, StoreBusy, StoreFull)
        store.claim(profile, take_over=False)   # ProfileInUse when another running window has it
        store.watch(profile)                    # look only: nothing of it is saved from here
        store.holds(profile) / store.watching(profile) / store.release(profile)
        store.report_faults_to(handler, wait_seconds)
            from then on a busy file, a full disk or a profile reset, removed or taken over
            elsewhere is reported to ``handler`` instead of raised; the writes wait, in order,
            until ``store.flush()`` can save them (``store.unsaved`` counts them). Without a
            handler these raise (after a long wait for a busy file). On the school's database,
            the learners open here (claimed or watched) are kept in memory too: while it cannot
            be reached, their reads come from there (the fault said once), writes wait, and
            ``flush`` goes back to the database once it answers.

    Windows sharing one file (tabs of a classroom too)
        store.claim(profile, take_over=False)   # ProfileInUse when another running window has it
        store.claimed_elsewhere(profile) -> bool  # what claim would refuse
        store.watch(profile) / store.release(profile) / store.holds(profile)

    The teacher's PIN (hashed and checked by tutor.learner.teacher; never kept as typed)
        store.teacher_pin() -> TeacherPin | None
        store.set_teacher_pin(pin)
        store.claim_pin_try(when, wait)        # count a try before it is checked, or say how long to wait
        store.forgive_pin_tries()              # after a right PIN: no wrong tries in a row

    Tables for playing together (several windows, one game): tutor.store.tables.Tables(store),
    imported from there (it loads the engine); its docstring has the whole API.

Times are timezone-aware datetimes; a naive ``when`` is taken as local time.
"""

from tutor.store.opening import open_store
from tutor.store.records import (
    Answer,
    FinishedGame,
    GameResult,
    LessonProgress,
    Level,
    Mistake,
    NoSuchProfile,
    Profile,
    TeacherPin,
)
from tutor.store.store import Store

__all__ = [
    "Answer",
    "FinishedGame",
    "GameResult",
    "LessonProgress",
    "Level",
    "Mistake",
    "NoSuchProfile",
    "Profile",
    "Store",
    "TeacherPin",
    "open_store",
]
