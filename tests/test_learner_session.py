"""A learner's session: what a front end asks and does for one learner, with no user interface."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tutor.learner.lessons import course_for_app
from tutor.learner.session import LearnerSession, deck_of, learner_named, learners
from tutor.play.guided_game import GuidedGame
from tutor.settings import Settings
from tutor.store import NoSuchProfile, Store, open_store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "data") as opened:
        yield opened


@pytest.fixture
def session(store: Store) -> LearnerSession:
    return LearnerSession(store, learner_named(store, "Robin"))


def test_the_learner_is_called_by_their_name_until_they_choose_another(store: Store, session: LearnerSession) -> None:
    assert session.settings.learner_name == "Robin"
    session.save_settings(replace(session.settings, learner_name="Rob", speed="fast"))
    again = LearnerSession(store, session.profile)
    assert (again.settings.learner_name, again.settings.speed) == ("Rob", "fast")


def test_a_lesson_left_part_way_is_offered_again_and_a_done_one_is_not(session: LearnerSession) -> None:
    lesson = course_for_app().lessons[1]
    assert session.lesson_to_resume(lesson) is None
    session.recorder.lesson_step_done(lesson.id, 2)
    assert session.lesson_to_resume(lesson) == 2
    session.recorder.lesson_finished(lesson.id)
    assert session.lesson_to_resume(lesson) is None


def test_starting_over_forgets_a_lesson_never_done_but_keeps_one_done(session: LearnerSession) -> None:
    first, second = course_for_app().lessons[:2]
    session.recorder.lesson_step_done(first.id, 2)
    session.recorder.lesson_hint_used(first.id)
    session.start_lesson_over(first.id)
    assert first.id not in session.lesson_progress()
    session.recorder.lesson_finished(second.id)
    session.recorder.lesson_step_done(second.id, 1)
    session.start_lesson_over(second.id)
    kept = session.lesson_progress()[second.id]
    assert kept.finished and kept.step == 0


def test_the_next_lesson_follows_the_learners_own_progress(session: LearnerSession) -> None:
    first, second = course_for_app().lessons[:2]
    assert session.next_lesson(None) == first
    session.recorder.lesson_finished(first.id)
    assert session.next_lesson(None) == second


def test_a_saved_game_is_offered_only_for_its_own_deck(session: LearnerSession) -> None:
    assert session.saved_game() is None
    game = GuidedGame.new(Settings(), seed=3)
    session.recorder.game_saved(game.to_dict())
    assert session.saved_game() is not None and deck_of(session.saved_game()) == "standard"
    assert session.saved_game("standard") is not None and session.saved_game("farm") is None
    assert session.is_new_to_games()


def test_the_learners_own_profile_is_exported_reset_and_imported(store: Store, session: LearnerSession, tmp_path: Path) -> None:
    session.recorder.quiz_answer("q1", "pairs", True)
    session.export_to(tmp_path / "robin.json")
    assert '"Robin"' in session.export_text()
    session.reset_progress()
    assert session.record().is_new
    imported = session.import_from(tmp_path / "robin.json")
    assert imported.name != "Robin" and {profile.name for profile in learners(store)} == {"Robin", imported.name}
    session.reset_everything()
    assert learners(store) == []
    with pytest.raises(NoSuchProfile):
        session.reset_progress()


def test_a_session_saves_only_once_it_holds_the_learner(store: Store) -> None:
    """Claims between windows are the store's (tests/test_store_concurrency.py); the session hands them on."""
    ana = LearnerSession(store, learner_named(store, "Ana"))
    assert not ana.holds()
    ana.look_only()
    assert ana.holds() and store.watching(ana.profile)
    ana.claim()
    assert ana.holds() and not store.watching(ana.profile)
    ana.release()
    assert not ana.holds()


def test_two_learners_at_one_store_each_have_their_own_session(store: Store) -> None:
    ana, ben = (LearnerSession(store, learner_named(store, name)) for name in ("Ana", "Ben"))
    ana.recorder.quiz_answer("q1", "pairs", True)
    assert len(ana.record().answers) == 1 and ben.record().is_new
    assert ana.recorder is not ben.recorder and ana.recorder is ana.recorder


def test_a_learner_sits_down_at_a_table_with_their_own_settings(store: Store, session: LearnerSession) -> None:
    session.save_settings(replace(session.settings, ruleset="table", players=3, guidance="own", suit_style="letters"))
    shared = session.sit_down("Red")
    assert (shared.name, shared.seat, shared.is_host) == ("Red", 0, True)
    assert shared.view.settings().rules() == session.settings.rules()  # a new table plays the host's rules
    assert (shared.guidance, shared.letters) == ("own", True)
    bo = LearnerSession(store, learner_named(store, "Bo"))
    assert bo.sit_down("red").seat == 1 and [view.name for view in bo.tables.open_tables()] == ["Red"]


def test_a_quiz_points_at_a_locked_lesson_as_one_to_come(session: LearnerSession) -> None:
    """The quiz's review named 'The ending' as explaining a missed rule while the lesson list
    showed it locked; now it says the lesson opens once those before it are done."""
    from tutor.quiz.model import LessonPointer
    from tutor.quiz.words import pointer_words

    locked = session.locked_lessons()
    first, *later = [lesson.id for lesson in session.course.lessons]
    assert first not in locked and set(later) <= locked  # a new learner: only the first lesson opens
    ending = LessonPointer("ending", "How the game ends", "the-ending", 3)
    assert pointer_words(ending, "The ending", "the-ending" in locked)[1] == "The lesson “The ending” explains it, once the lessons before it are done."
    assert pointer_words(ending, "The ending", False)[1] == "The lesson “The ending” explains it."
