"""The recorder: what lessons, the quiz and games report, and what the store keeps of it.
No UI module is imported here."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tutor.engine import Card, Game, MistakeCode, Rules
from tutor.learner.lessons import WRONG_ANSWER, best_stars, course_for_app
from tutor.learner.recorder import Recorder, game_result


@pytest.fixture
def recorder(tmp_path: Path) -> Any:
    from tutor.store import open_store

    store = open_store(tmp_path / "data")
    yield Recorder(store, store.get_or_create_profile("Robin"))
    store.close()


def _over(odd_card_wins: bool = False, learner_holds_it: bool = True) -> Game:
    hands = [["QS"], ["7C", "7D"]] if learner_holds_it else [["7C", "7D"], ["QS"]]
    rules = Rules.bicycle(players=2, odd_card_wins=odd_card_wins)
    return Game.from_hands(rules, [[Card.parse(card) for card in hand] for hand in hands])


def test_a_mistake_asked_for_on_purpose_is_never_kept(recorder: Any) -> None:
    recorder.lesson_mistake("common-mistakes", MistakeCode.KEPT_PAIR, ["5C", "5H"], on_purpose=True)
    assert recorder.store.mistakes(recorder.profile) == []
    recorder.lesson_mistake("common-mistakes", MistakeCode.KEPT_PAIR, ["5C", "5H"])
    kept = recorder.store.mistakes(recorder.profile)
    assert [(m.code, m.cards, m.where) for m in kept] == [("kept-pair", ("5C", "5H"), "lesson:common-mistakes")]


def test_a_wrong_choice_is_kept_as_a_wrong_answer(recorder: Any) -> None:
    recorder.lesson_mistake("pairs", None)
    assert [m.code for m in recorder.store.mistakes(recorder.profile)] == [WRONG_ANSWER]


def test_lesson_steps_hints_and_finishing(recorder: Any) -> None:
    lesson = course_for_app().lessons[0]
    recorder.lesson_hint_used(lesson.id)
    recorder.lesson_step_done(lesson.id, 2)
    saved = recorder.store.lesson_progress(recorder.profile)[lesson.id]
    assert (saved.step, saved.hints_used, saved.finished) == (2, 1, False)
    celebration = recorder.lesson_finished(lesson.id)
    saved = recorder.store.lesson_progress(recorder.profile)[lesson.id]
    assert (saved.step, saved.hints_used, saved.finished) == (len(lesson.steps), 1, True)
    assert celebration.stars == 2
    assert lesson.title in celebration.headline and "★★☆" in celebration.headline
    assert "1 hint" in celebration.text
    assert f"“{course_for_app().lessons[1].title}”" in celebration.text


def test_the_last_open_lesson_done_out_of_order_says_lessons_are_still_to_do(recorder: Any) -> None:
    """Lesson 7 finished first (jumped to), later lessons still locked: "That was the last lesson"
    was said, which was untrue."""
    lessons = course_for_app().lessons
    recorder.store.save_settings(recorder.profile, replace(recorder.store.load_settings(recorder.profile), unlock_all_lessons=False))
    done = recorder.lesson_finished(lessons[6].id)
    assert "last lesson" not in done.text and "Some lessons are still to do" in done.text


def test_a_worse_replay_keeps_the_best_stars(recorder: Any) -> None:
    lesson = course_for_app().lessons[0]
    assert recorder.lesson_finished(lesson.id).stars == 3
    recorder.lesson_restarted(lesson.id)  # a new run
    recorder.lesson_hint_used(lesson.id)
    recorder.lesson_mistake(lesson.id, MistakeCode.STOCK_LEFT, [])
    saved = recorder.store.lesson_progress(recorder.profile)[lesson.id]
    assert (saved.step, saved.hints_used, saved.mistakes, saved.finished, saved.stars) == (0, 1, 1, True, 3)
    assert recorder.store.mistakes(recorder.profile)[0].where == f"lesson:{lesson.id}:again"
    again = recorder.lesson_finished(lesson.id)
    assert again.stars == 2 and "Done again! You keep your best: ★★★." in again.text
    assert best_stars(recorder.store.lesson_progress(recorder.profile)[lesson.id]) == 3


def test_a_better_replay_earns_more_stars(recorder: Any) -> None:
    lesson = course_for_app().lessons[1]
    for _ in range(3):
        recorder.lesson_mistake(lesson.id, MistakeCode.NOT_A_PAIR, ["5C", "6C"])
    assert "You finished it with 3 mistakes" in recorder.lesson_finished(lesson.id).text
    assert best_stars(recorder.store.lesson_progress(recorder.profile)[lesson.id]) == 1
    recorder.lesson_restarted(lesson.id)
    recorder.lesson_hint_used(lesson.id)
    better = recorder.lesson_finished(lesson.id)
    assert better.stars == 2 and "Done again, and better than before: 2 stars now!" in better.text
    recorder.lesson_restarted(lesson.id)
    best = recorder.lesson_finished(lesson.id)
    assert best.stars == 3 and best_stars(recorder.store.lesson_progress(recorder.profile)[lesson.id]) == 3


def test_a_lesson_done_before_runs_were_kept_keeps_its_first_stars_through_a_worse_run(recorder: Any) -> None:
    """A file from before: the lesson done with one hint and a mistake (two stars), no best kept."""
    lesson = course_for_app().lessons[1]
    recorder.store.save_lesson_progress(recorder.profile, lesson.id, len(lesson.steps), 1, True)
    recorder.store.record_mistake(recorder.profile, "not-a-pair", ["5C", "6C"], f"lesson:{lesson.id}")
    recorder.lesson_restarted(lesson.id)
    saved = recorder.store.lesson_progress(recorder.profile)[lesson.id]
    assert (saved.hints_used, saved.stars) == (0, 2)  # the first time's stars, written out before the new run
    for _ in range(3):
        recorder.lesson_mistake(lesson.id, MistakeCode.NOT_A_PAIR, ["5C", "6C"])
    assert recorder.lesson_finished(lesson.id).stars == 1
    assert best_stars(recorder.store.lesson_progress(recorder.profile)[lesson.id]) == 2


def test_mistakes_count_against_the_stars(recorder: Any) -> None:
    lesson = course_for_app().lessons[1]
    for _ in range(3):
        recorder.lesson_mistake(lesson.id, MistakeCode.NOT_A_PAIR, ["5C", "6C"])
    assert recorder.lesson_finished(lesson.id).stars == 1


def test_a_lesson_reset_forgets_it_so_every_star_can_be_won_again(recorder: Any) -> None:
    lesson = course_for_app().lessons[0]
    recorder.lesson_hint_used(lesson.id)
    recorder.lesson_mistake(lesson.id, MistakeCode.STOCK_LEFT, [])
    assert recorder.lesson_finished(lesson.id).stars == 2
    recorder.lesson_mistake(lesson.id, MistakeCode.STOCK_LEFT, [])  # practice, after it was done
    recorder.game_mistake(MistakeCode.STOCK_LEFT, [])
    recorder.lesson_reset(lesson.id)
    assert lesson.id not in recorder.store.lesson_progress(recorder.profile)
    assert [m.where for m in recorder.store.mistakes(recorder.profile)] == ["game"]
    assert recorder.lesson_finished(lesson.id).stars == 3


def test_quiz_answers_are_kept(recorder: Any) -> None:
    recorder.quiz_answer("q-pairs-colour", "pairs", True)
    recorder.quiz_answer("generated:direction", "direction", False)
    answers = recorder.store.answers(recorder.profile)
    assert [(a.question, a.concept, a.right) for a in answers] == [("q-pairs-colour", "pairs", True), ("generated:direction", "direction", False)]
    assert "3 of 8" in recorder.quiz_round_finished(3, 8).headline
    assert "all 8 right" in recorder.quiz_round_finished(8, 8).headline


@pytest.mark.parametrize(("odd_card_wins", "holds", "result"), [(False, True, "old-maid"), (False, False, "safe"), (True, True, "won"), (True, False, "lost")])
def test_game_results(odd_card_wins: bool, holds: bool, result: str) -> None:
    assert game_result(_over(odd_card_wins, holds)) == result


def test_a_finished_game_is_kept_once_and_clears_the_saved_game(recorder: Any) -> None:
    game = _over(learner_holds_it=False)
    recorder.game_saved({"anything": 1})
    recorder.game_mistake(MistakeCode.WRONG_NEIGHBOUR, ["7C"])
    first = recorder.game_finished(game, mistakes=1)
    again = recorder.game_finished(game, mistakes=1)
    games = recorder.store.finished_games(recorder.profile)
    assert [(g.result, g.mistakes) for g in games] == [("safe", 1)]
    assert recorder.store.load_game(recorder.profile) is None
    assert first == again and "safe" in first.headline and "1 mistake" in first.text
    assert [(m.code, m.where) for m in recorder.store.mistakes(recorder.profile)] == [("wrong-neighbour", "game")]


def test_a_game_played_at_a_table_keeps_the_saved_game(recorder: Any) -> None:
    game = _over(learner_holds_it=True)  # the learner sits at seat 1 and is safe; seat 0 holds the Queen
    recorder.game_saved({"the game against the computer": 1})
    celebration = recorder.game_finished(game, mistakes=0, learner=1, keep_saved_game=True)
    assert [(g.result, g.mistakes) for g in recorder.store.finished_games(recorder.profile)] == [("safe", 0)]
    assert recorder.store.load_game(recorder.profile) == {"the game against the computer": 1}
    assert "safe" in celebration.headline


def test_a_game_not_over_is_refused(recorder: Any) -> None:
    game = Game.deal(Rules.bicycle(), seed=1)
    with pytest.raises(ValueError):
        recorder.game_finished(game, 0)


def test_a_real_wrong_draw_in_lesson_7_counts_as_one_mistake(recorder: Any) -> None:
    """Lesson 7 asks for a draw from the wrong player on purpose; a wrong draw where it asks for
    a proper one is a real mistake, and counts (it was dropped as if asked for)."""
    from tutor.course import DrawFrom, LessonRun

    lesson = course_for_app().lesson("common-mistakes")
    assert lesson is not None
    run = LessonRun(lesson, step=[step.id for step in lesson.steps].index("draw-a-match"))
    feedback = run.submit(DrawFrom(run.names.index("Cleo"), 0))
    assert feedback.mistake is not None and feedback.mistake.code is MistakeCode.WRONG_NEIGHBOUR and not feedback.on_purpose
    recorder.lesson_mistake(lesson.id, feedback.mistake.code, feedback.mistake.cards, on_purpose=feedback.on_purpose)
    done = recorder.lesson_finished(lesson.id)
    assert done.stars == 2 and "You finished it with 1 mistake" in done.text
    assert best_stars(recorder.store.lesson_progress(recorder.profile)[lesson.id]) == 2


def test_a_move_keeps_the_mistake_that_stopped_it_once_and_the_one_the_rules_let_through(recorder: Any) -> None:
    from tutor.engine import Mistake, parse_cards
    from tutor.play.guided_game import Outcome

    kept = Mistake(MistakeCode.KEPT_PAIR, 0, parse_cards(["5C", "5H"]))
    wrong = Mistake(MistakeCode.NOT_A_PAIR, 0, parse_cards(["4D", "9S"]))
    recorder.game_move(Outcome(mistake=kept))
    recorder.game_move(Outcome(mistake=kept, again=True))  # D pressed again at once: explained again, counted once
    recorder.game_move(Outcome(["You laid down 4♦ and 9♠."], slipped=wrong), table=None)
    recorder.game_move(Outcome(["You laid down 5♣ and 5♥."]))
    assert [(m.code, m.cards) for m in recorder.store.mistakes(recorder.profile)] == [("kept-pair", ("5♣", "5♥")), ("not-a-pair", ("4♦", "9♠"))]
