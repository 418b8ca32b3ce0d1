"""The one way lessons, the quiz and games report what happened to the learner.

Each learner's session (tutor.learner.session) holds one `Recorder(store, profile)`, and screens
call it as things happen; the recorder decides what is kept and writes it through the store, the
only code that writes learner data. A screen never calls the store's write methods: the rest
(settings, resets, export, import, claims) goes through the session.

    recorder = learner(screen).recorder

    Lessons (lesson_id is the lesson's `id`)
        recorder.lesson_step_done(lesson_id, steps_done)     # steps done so far = the step to carry on from
        recorder.lesson_hint_used(lesson_id)                 # each hint shown (an answer asked for too)
        recorder.lesson_mistake(lesson_id, code, cards, on_purpose=False)
            code: the engine's MistakeCode (or its text); None for a wrong choice or seat that is
            not a rule mistake. on_purpose=True for the mistake a step asks for (its `expect`):
            never kept, never counted.
        recorder.lesson_finished(lesson_id) -> Celebration   # the words to show, with the stars
        recorder.lesson_restarted(lesson_id)                 # step 1 again: a lesson done before starts a new run
        recorder.lesson_reset(lesson_id)                     # forget the lesson (and its mistakes): a fresh start

    Quiz
        recorder.quiz_answer(question_id, concept, right)
        recorder.quiz_round_finished(right, asked) -> Celebration   # right the first time, of asked

    Games (the learner sits at seat 0 unless told)
        recorder.game_saved(game.to_dict())                  # the game in progress, after each move
        recorder.game_mistake(code, cards)
        recorder.game_move(outcome, table=None)              # the mistake a move made, if any (tutor.play's Outcome)
        recorder.game_finished(game, mistakes, learner=seat, keep_saved_game=False) -> Celebration
            keeps the result (a GameResult), the draws and the mistakes, and clears the game in
            progress, unless `keep_saved_game` (a game played at someone else's keyboard, where it
            was saved, or at a table: the learner's own game in progress is another one); a second
            call on the same recorder for the same game object keeps nothing more.

Each run through a lesson earns stars for its own hints and mistakes (counted as they happen: a
mistake a step asks for on purpose never, any other always), and the lesson keeps its best run's
stars: playing it again worse loses none, better earns more. A run starts at step 1 (restarting a
lesson done before starts a new one); the mistakes of a lesson done before are kept apart from the
first time's (they still show among the learner's mistakes). See tutor.learner.lessons for the
stars rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tutor.learner import celebrations
from tutor.learner.celebrations import Celebration
from tutor.learner.lessons import (
    WRONG_ANSWER,
    best_stars,
    course_for_app,
    lesson_mistakes,
    lesson_place,
    next_lesson,
    stars_for,
    title_of,
)
from tutor.store import GameResult

if TYPE_CHECKING:
    from tutor.course import Course
    from tutor.engine.game import Game
    from tutor.play.guided_game import Outcome
    from tutor.store import LessonProgress, Profile, Store

LEARNER = 0


def game_result(game: Game, learner: int = LEARNER) -> GameResult:
    """How a finished game went for the learner: safe or the Old Maid; in the reversed game
    (the odd card's holder wins) won or lost."""
    holds_odd_card = game.loser == learner
    if game.winner is not None:
        return GameResult.WON if holds_odd_card else GameResult.LOST
    return GameResult.OLD_MAID if holds_odd_card else GameResult.SAFE


class Recorder:
    """Reports from lessons, the quiz and games, kept in the store for one learner."""

    def __init__(self, store: Store, profile: Profile, course: Course | None = None) -> None:
        self.store = store
        self.profile = profile
        self._course = course
        self._finished_game: Game | None = None

    @property
    def course(self) -> Course:
        """The course lesson titles and "next up" come from (the app's, unless one was given)."""
        return self._course if self._course is not None else course_for_app()

    # ----- lessons ------------------------------------------------------------------------------

    def lesson_step_done(self, lesson_id: str, steps_done: int) -> None:
        """Note where the learner is: `steps_done` steps are done, so that is the step (counting
        from 0) to carry on from. A lesson done once stays done."""
        self._save_run(lesson_id, step=max(0, steps_done))

    def lesson_hint_used(self, lesson_id: str) -> None:
        """One hint shown: it counts against this run's stars."""
        saved = self._saved(lesson_id)
        self._save_run(lesson_id, hints=(saved.hints_used if saved else 0) + 1)

    def lesson_mistake(
        self,
        lesson_id: str,
        code: object | None,
        cards: Iterable[object] = (),
        *,
        on_purpose: bool = False,
    ) -> None:
        """A mistake in a lesson: a rule mistake (`code`: a MistakeCode or its text) or, with
        None, a wrong choice or seat. A mistake the step asked for on purpose is not kept."""
        if on_purpose:
            return
        saved = self._saved(lesson_id)
        again = saved is not None and saved.finished
        kept = WRONG_ANSWER if code is None else str(code)
        self.store.record_mistake(self.profile, kept, cards, lesson_place(lesson_id, again))
        self._save_run(lesson_id, mistakes=(saved.mistakes if saved else 0) + 1)

    def lesson_finished(self, lesson_id: str) -> Celebration:
        """The last step is done: the lesson is done (and stays done). Returns the words to show."""
        course = self.course
        lesson = next((lesson for lesson in course.lessons if lesson.id == lesson_id), None)
        saved = self._saved(lesson_id)
        steps = len(lesson.steps) if lesson is not None else (saved.step if saved else 0)
        hints = saved.hints_used if saved else 0
        again = saved is not None and saved.finished
        mistakes = saved.mistakes if saved else 0
        if not again:  # a first run under way since before runs were counted: its mistakes as kept then
            mistakes = max(mistakes, lesson_mistakes(self.store.mistakes(self.profile), course)[lesson_id])
        best_before = self._best(lesson_id, saved)
        stars = stars_for(hints, mistakes)
        self._save_run(lesson_id, step=steps, finished=True, stars=max(best_before, stars))
        following = next_lesson(course, lesson_id, self.store.lesson_progress(self.profile), self._unlock_all())
        return celebrations.lesson_done(
            title_of(course, lesson_id),
            stars,
            hints,
            mistakes,
            following.title if following is not None else None,
            best_before=best_before,
            course_end=self._course_end() if following is None else None,
        )

    def _course_end(self) -> Celebration | None:
        """The course's ending when every lesson is done (each then has its stars), else None."""
        from tutor.learner.policy import Record, course_map

        plan = course_map(Record.read(self.store, self.profile), self.course)
        return celebrations.course_done(plan.stars, plan.most_stars) if plan.complete else None

    def lesson_restarted(self, lesson_id: str) -> None:
        """Step 1 again. A lesson done before starts a new run (no hints, no mistakes yet; its best
        stars stay); one never done keeps its hints and mistakes so far."""
        saved = self._saved(lesson_id)
        if saved is not None and saved.finished:
            self._save_run(lesson_id, step=0, hints=0, mistakes=0)
        elif saved is not None:
            self._save_run(lesson_id, step=0)

    def lesson_reset(self, lesson_id: str) -> None:
        """Forget the lesson: its progress, hints and the mistakes made in it. It starts again
        from step 1, not done, with every star still to win."""
        self.store.reset_lesson(self.profile, lesson_id)
        self.store.forget_mistakes(self.profile, (lesson_place(lesson_id), lesson_place(lesson_id, again=True)))

    # ----- quiz ---------------------------------------------------------------------------------

    def quiz_answer(self, question_id: str, concept: str, right: bool) -> None:
        """One answer to one quiz question (`question_id`: its id, or a generated kind)."""
        self.store.record_answer(self.profile, question_id, concept, right)

    def quiz_round_finished(self, right: int, asked: int) -> Celebration:
        """The round is over: `right` of `asked` questions were answered right the first time.
        Nothing more is kept (every answer already is); returns the words to show."""
        return celebrations.quiz_done(right, asked)

    # ----- games --------------------------------------------------------------------------------

    def game_saved(self, state: Mapping[str, Any]) -> None:
        """The game in progress (its `to_dict()`), so nothing is lost if the terminal closes."""
        self.store.save_game(self.profile, state)

    def game_mistake(self, code: object, cards: Iterable[object] = (), table: int | None = None) -> None:
        """A rule mistake in a game (`code`: a MistakeCode or its text); `table`: made at that
        table played together (tutor.store.tables), where the learner's window may close and open again."""
        from tutor.store.tables import table_place  # only at a table: the tables' module is not loaded at start-up

        self.store.record_mistake(self.profile, str(code), cards, "game" if table is None else table_place(table))

    def game_move(self, outcome: Outcome, table: int | None = None) -> None:
        """What a move leaves in the profile: the mistake that stopped it (counted once, however
        often it is made again at once), or the one the rules let through (strict Bicycle's
        wrong pair, said only at the end); `table` as for game_mistake."""
        for mistake in (None if outcome.again else outcome.mistake, outcome.slipped):
            if mistake is not None:
                self.game_mistake(mistake.code, mistake.cards, table)

    def game_finished(self, game: Game, mistakes: int, learner: int = LEARNER, *, keep_saved_game: bool = False, played_for: bool = False) -> Celebration:
        """The game is over: keep its result and, unless `keep_saved_game` (the game was played at
        someone else's keyboard or at a table), clear the game in progress (once per game object).
        `played_for`: a computer player made some of the learner's moves (they were away from a
        table). Returns the words to show."""
        if not game.is_over:
            raise ValueError("game_finished: the game is not over yet")
        result = game_result(game, learner)
        if game is not self._finished_game:
            self._finished_game = game
            self.store.record_finished_game(self.profile, game.rules.to_dict(), result, game.draws, mistakes, clear_game_in_progress=not keep_saved_game)
        from tutor.wording.going_out import Out, going_out  # not at start-up: it loads the whole engine

        return celebrations.game_done(result, mistakes, going_out(game.rules) is Out.WON, played_for)

    # ----- plumbing -----------------------------------------------------------------------------

    def _saved(self, lesson_id: str) -> LessonProgress | None:
        return self.store.lesson_progress(self.profile).get(lesson_id)

    def _best(self, lesson_id: str, saved: LessonProgress | None) -> int:
        """The best stars so far (for a lesson finished before runs were kept: its first run's)."""
        if saved is None or not saved.finished or saved.stars:
            return best_stars(saved)
        return best_stars(saved, lesson_mistakes(self.store.mistakes(self.profile), self.course)[lesson_id])

    def _save_run(
        self,
        lesson_id: str,
        *,
        step: int | None = None,
        hints: int | None = None,
        mistakes: int | None = None,
        finished: bool | None = None,
        stars: int | None = None,
    ) -> None:
        """Write the lesson's progress with these changes; the best stars are always written out,
        so the run's hints and mistakes can change without losing an older lesson's stars."""
        saved = self._saved(lesson_id)
        self.store.save_lesson_progress(
            self.profile,
            lesson_id,
            step if step is not None else saved.step if saved else 0,
            hints if hints is not None else saved.hints_used if saved else 0,
            finished if finished is not None else saved is not None and saved.finished,
            stars=stars if stars is not None else self._best(lesson_id, saved),
            mistakes=mistakes if mistakes is not None else saved.mistakes if saved else 0,
        )

    def _unlock_all(self) -> bool:
        return bool(self.store.load_settings(self.profile).unlock_all_lessons)
