"""One lesson: renders a `LessonRun` (tutor.course) and hands it the learner's answers.

The part of the screen below the step's words is the step's own widget (tutor.ui.lessons.steps),
with its own keys; this screen keeps what every step shares: the progress bar, the words, the
feedback, hints, going back, starting again and the next lesson. What happened is reported
through the learner's session (tutor.learner.session), which also decides when to offer to carry
on, what starting again forgets, and which lesson comes next.
"""

from __future__ import annotations

import time
from typing import cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from tutor.course import (
    Answer,
    BrokenLesson,
    Feedback,
    Hint,
    Lesson,
    LessonRun,
    PairStep,
    StepBroken,
    TaskStep,
)
from tutor.course.check import replay_problems
from tutor.language import mark, tr
from tutor.learner.celebrations import Celebration
from tutor.ui.cards import CARD_MARKS, CARD_MISTAKE
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.footer import TutorFooter
from tutor.ui.header import TutorHeader
from tutor.ui.hint_dialog import ask_before_the_answer
from tutor.ui.keys import READ_FIRST
from tutor.ui.lessons.done import LessonDone
from tutor.ui.lessons.steps import StepView, view_for
from tutor.ui.lessons.words import BROKEN, DONE, problems_text, why_not
from tutor.ui.opening import unless_closed
from tutor.ui.page import SHORT_TERMINAL, out_of_sight
from tutor.ui.reach import learner
from tutor.ui.table import SEAT_MARKS, explanation_text
from tutor.wording import NOT_QUITE
from tutor.wording.lessons import CHECK_HINT, HINT_AFTER_A_TRY, ON_PURPOSE, START_AGAIN, carry_on_question, hint_heading, keep_going, step_broken
from tutor.wording.narration import Narrator


class LessonBody(VerticalScroll, can_focus=False, inherit_bindings=False):
    """The step's words and its widget; the cards or options to act on stay in view, whole,
    also when a box below (why an answer was wrong, the feedback) takes some of its height.
    Its keys are the screen's PgUp and PgDn, so a step's help lists only the step's own keys."""

    @unless_closed
    def keep_in_view(self) -> None:
        focused = self.screen.focused
        if focused is None or isinstance(focused, StepView):
            return  # a step that is answered with keys alone: its words come first
        if self in focused.ancestors and focused.region:
            self.scroll_to_widget(focused, animate=False, origin_visible=False)

    def on_resize(self) -> None:
        for view in self.query(StepView):
            view.fit_hand()
        self.call_after_refresh(self.keep_in_view)
        self.call_after_refresh(self._sign)

    @unless_closed
    def _sign(self) -> None:
        if isinstance(self.screen, LessonScreen):
            self.screen._show_more_sign()


WHY_GOES_ON = mark("▼ more: PgDn")
"""On the bottom edge of a reason too long for its box at the moment."""
NEXT_WORDS = mark("The next step, once this one is done (or the next lesson, at the end).")
SCROLL_WORDS = mark("A page up or down, to see what is out of sight: a long reason or answer first, then the lesson")
HELD_KEYS = 4
"""At most this many keys are kept for a step that is still appearing (a key held down is not kept)."""
HELD_FOR = 3.0
"""Seconds a kept key waits for the next step; older ones are let go, as keys nothing takes. A busy
machine (a class on two cores) can take over a second to show a step: at 1 s, a key typed at once
was let go now and then (the test of it failed once in a full run)."""


class LessonScreen(Screen[None]):
    CSS_PATH = "lessons.tcss"
    HELP_TITLE = mark("A lesson")
    HELP_MARKS = (*CARD_MARKS, CARD_MISTAKE, *SEAT_MARKS)  # (a lesson's wrong seat says "not it" in words)
    BINDINGS = [
        Binding("enter", "next", mark("Next"), tooltip=NEXT_WORDS),
        Binding("n", "next", mark("Next"), show=False, tooltip=NEXT_WORDS),
        Binding("space", "next", mark("Next"), show=False, tooltip=NEXT_WORDS),
        Binding("h", "hint", mark("Hint"), tooltip=mark("A hint: press again for more, after another try; the last one is the answer.")),
        Binding("b", "back", mark("Back"), tooltip=mark("Back to the step before.")),
        Binding("R,ctrl+r", "restart", mark("Start again"), show=False, tooltip=mark("Start the lesson again from step 1 (it asks first).")),
        Binding("r", "rules", mark("Rules"), show=False, tooltip=mark("Read the rules this step plays by.")),
        Binding("escape", "leave", mark("Lessons"), tooltip=mark("Back to the list of lessons (your place is kept).")),
        Binding("pagedown", "scroll_body(1)", show=False, priority=True, tooltip=SCROLL_WORDS),
        Binding("pageup", "scroll_body(-1)", show=False, priority=True, tooltip=SCROLL_WORDS),
    ]
    own_keys = frozenset(BindingsMap(BINDINGS).key_to_bindings)
    """This screen's keys: one typed while its action cannot be done (Back on step 1) was meant for
    this step, and is never kept for the next (where Back would undo the Enter typed after it)."""

    def __init__(self, lesson_id: str, seed: int | None = None) -> None:
        """`seed`: the order of each choice step's options (None: a new order every time)."""
        super().__init__()
        self.lesson_id = lesson_id
        self.seed = seed
        self.lesson: Lesson | None = None
        self.run: LessonRun | None = None
        self.view: StepView | None = None
        self.leaving: list[StepView] = []
        """The steps' widgets that a new step's is about to take the place of."""
        self.learner = learner(self)
        self.letters = self.learner.settings.suit_style == "letters"
        self.recorder = self.learner.recorder
        self.message = Text()
        self.why: Text | None = None
        """Why the last answer was not right: shown in its own box until the learner acts again."""
        self.celebration: Celebration | None = None
        self.done_at = 0.0
        """When the lesson's end showed (time.monotonic): it stays READ_FIRST before Enter goes on."""
        self.step_text = Text()
        self.shown_keys: tuple[object, ...] | None = None
        self.pinned_step: int | None = None
        """The step whose question stays above the lesson on a short terminal (see `_crowd`)."""
        self.held_keys: list[tuple[float, events.Key]] = []
        """Keys typed while a new step was still appearing: given to it once it is ready."""
        self.appearing = True
        """From the lesson's opening or a new step until the step's widget has the focus."""

    def compose(self) -> ComposeResult:
        yield TutorHeader()
        with Horizontal(id="lesson-top"):
            yield Static(id="lesson-step")
            yield ProgressBar(total=1, id="lesson-bar", show_eta=False, show_percentage=False)
        yield Static(id="lesson-question")  # the step's words, above the lesson while it is crowded
        with LessonBody(id="lesson-body"):
            yield Static(id="lesson-text")
        yield Static(id="lesson-more")
        with VerticalScroll(id="lesson-why-box") as why:
            why.border_title = f"{BROKEN} {tr(NOT_QUITE)}"
            yield Static(id="lesson-why")
        with VerticalScroll(id="lesson-feedback-box"):
            yield Static(id="lesson-feedback")
        yield TutorFooter()

    # ----- opening the lesson ------------------------------------------------------------------

    @unless_closed
    def on_mount(self) -> None:
        self.watch(self.query_one(LessonBody), "scroll_y", self._show_more_sign, init=False)
        self.watch(self.query_one("#lesson-why-box"), "scroll_y", self._show_more_sign, init=False)
        self.sub_title = tr("Lesson")
        self._show_closed(Text(tr("Getting the lesson ready…"), style="italic"))
        self.run_worker(self._prepare, thread=True, name="prepare")

    def _prepare(self) -> Lesson | Text:
        """The lesson, checked by playing its solution; or why it cannot be opened."""
        course = self.learner.course
        entry = next((entry for entry in course.entries if entry.id == self.lesson_id), None)
        if entry is None:
            ids = ", ".join(lesson.id for lesson in course.lessons) or tr("none")
            text = Text(tr("There is no lesson called “{lesson}”.").format(lesson=self.lesson_id) + "\n\n", style="bold")
            text.append(tr("The lessons are: {lessons}.").format(lessons=ids) + "\n\n" + tr("Press Escape to see the list of lessons."))
            return text
        problems = entry.problems if isinstance(entry, BrokenLesson) else tuple(replay_problems(entry))
        if problems:
            text = problems_text(problems, tr("The lesson “{lesson}” has a problem, so it can't be opened:").format(lesson=entry.title or entry.path))
            text.append("\n\n" + tr("Press Escape to go back to the list of lessons."))
            return text
        return cast(Lesson, entry)

    @unless_closed  # the learner may have left while the lesson was being made ready (found by the soak)
    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "prepare":
            return
        if event.state is WorkerState.ERROR:
            self._show_closed(
                Text(tr("Sorry, this lesson could not be opened: {error}").format(error=event.worker.error) + "\n\n" + tr("Press Escape to go back."))
            )
        elif event.state is WorkerState.SUCCESS:
            result = event.worker.result
            if isinstance(result, Lesson):
                self._open(result)
            else:
                self._show_closed(cast(Text, result))

    def _open(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.sub_title = tr("Lesson: {title}").format(title=lesson.title)
        step = self.learner.lesson_to_resume(lesson)
        if step is not None:
            question = f"{carry_on_question(step, len(lesson.steps))}\n{tr('(“Start again” goes back to step 1.)')}"
            self.app.push_screen(ConfirmScreen(question, tr("Carry on"), tr("Start again")), lambda carry_on: self._carry_on_or_not(carry_on, step))
            return
        self.learner.begin_lesson(self.lesson_id)
        self._begin(0)

    def _carry_on_or_not(self, carry_on: bool | None, step: int) -> None:
        if carry_on is None:  # Escape: back to the list, with the saved progress untouched
            self.app.pop_screen()
        elif carry_on:
            self._begin(step)
        else:
            self._start_over()

    def _start_over(self) -> None:
        self.learner.start_lesson_over(self.lesson_id)
        self._begin(0)

    def _begin(self, step: int) -> None:
        assert self.lesson is not None
        try:
            self.run = LessonRun(self.lesson, step=step, letters=self.letters, learner_name=self.learner.settings.learner_name, seed=self.seed)
        except StepBroken as broken:
            self._show_broken(broken)
            return
        self._new_step(save=self.run.finished)

    def _show_broken(self, broken: StepBroken) -> None:
        self.run = None
        self._show_closed(Text(f"{step_broken(broken.index, broken.message)}\n{tr(CHECK_HINT)}\n\n{tr('Press Escape to go back.')}"))

    def _show_closed(self, message: Text) -> None:
        """No lesson to play: just a message, and Escape to go back."""
        while self.leaving:
            self.leaving.pop().remove()
        if self.view is not None:
            self.view.retired = True
            self.view.remove()
            self.view = None
        self.query_one("#lesson-top").display = False
        self.query_one("#lesson-why-box").display = False
        self.query_one("#lesson-more").display = False
        self.query_one("#lesson-feedback-box").display = False
        self.query_one("#lesson-text", Static).update(message)
        self.refresh_bindings()

    # ----- drawing the lesson ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        run = self.run
        allowed = {
            "next": run is not None and run.solved,
            "hint": run is not None and not run.solved,
            "back": run is not None and run.index > 0,
            "restart": run is not None,
        }
        return allowed.get(action, True)

    def _new_step(self, save: bool = True) -> None:
        """Show the step the run is on, with its own widget: nothing picked or flagged yet."""
        run = self.run
        assert run is not None
        self.appearing = True
        self.message, self.why = Text(), None
        self.step_text = self._step_text(run)  # as said at the start: a move changes who {giver} is
        for old in self.query(LessonDone):
            old.remove()
        drawn = None
        if self.view is not None:
            drawn = self.view.drawn_card
            self.view.retired = True
            self.leaving.append(self.view)
        self.view = view_for(run, self.letters)
        hand = run.game.hands[run.learner] if run.game is not None and run.learner is not None else ()
        if isinstance(run.step, PairStep) and drawn in hand:
            self.view.drawn_card = drawn  # "does your new card make a pair?": still marked ★
        self.set_focus(None)  # until the step's widget is ready to take it
        self.view.display = False  # shown once ready, in the old step's place
        self.query_one("#lesson-body", VerticalScroll).mount(self.view)  # it says when it is ready
        if save:
            self._save()

    def on_step_view_ready(self, event: StepView.Ready) -> None:
        """The new step's widget takes the old one's place and the step is shown, at once: one
        layout of the lesson instead of one for the old step gone and another for the new one."""
        if event.view is self.view and self.run is not None:
            while self.leaving:
                self.leaving.pop().remove()
            event.view.display = True
            self._show(new_step=True)
            self.query_one("#lesson-body", VerticalScroll).scroll_home(animate=False)
            self.call_after_refresh(self._give_held_keys)  # once the step's widget has the focus

    def keep_key(self, event: events.Key) -> bool:
        """A key no binding takes while the next step is still appearing is kept for a moment:
        typed right after Enter or Back, it was meant for that step, and is given to it once it is
        ready. Whether it was kept. A key typed on a step shown, with nothing to take it (a step to
        read), is not: the learner has not seen the question it would answer.

        Asked by the app (TutorApp._on_key) once the key has reached it untaken: not on the way, as
        a key typed together with Back reaches this screen before Back has moved the focus away."""
        untaken = event.key not in self.active_bindings and event.key not in self.own_keys
        if self.appearing and self.focused is None and untaken and len(self.held_keys) < HELD_KEYS:
            self.held_keys.append((time.monotonic(), event))
            return True
        return False

    def _give_held_keys(self) -> None:
        self.appearing = False
        held, self.held_keys = self.held_keys, []
        for when, key in held:
            if time.monotonic() - when < HELD_FOR:
                again = events.Key(key.key, key.character)
                again.set_sender(self.app)  # as the terminal's keys are: sent by this screen, it would stop here
                self.app.post_message(again)

    def _crowd(self) -> None:
        """While a wrong move's reason shows, the step's words stay above the lesson, which scrolls
        under them: the table, then the question, were pushed out of sight above by the reason's
        box (at 80x24 too). On a short terminal they stay above it too while cards or answers are
        to be acted on: the lesson scrolls to keep those in view, and the question's first line
        went out of sight above ("you're done." alone, at 60x20). There the reason also takes the
        instruction's line (the learner has just answered), and the answers lose their border
        (lessons.tcss). Each widget is set on its own: a class on the screen restyled every
        widget of it (about 20 ms an answer)."""
        reason = self.why is not None and not self.message
        short = self.app.size.height < SHORT_TERMINAL
        crowded = reason and short
        target = self.view.focus_target() if self.view is not None else None
        step = self.run.index if self.run is not None else None
        if target is not None and target is not self.view:  # cards or answers to act on, kept in view below
            self.pinned_step = step
        pinned = reason or short and step is not None and self.pinned_step == step  # until the next step: answered, it went back and out of sight
        self.query_one("#lesson-feedback-box").display = not crowded
        self.query_one("#lesson-text").display = not pinned
        question = self.query_one("#lesson-question", Static)
        question.display = pinned
        question.update(self.step_text if pinned else "")
        for options in self.query("#lesson-options"):
            options.set_class(crowded, "-crowded")

    def on_resize(self) -> None:
        if self.run is not None:
            self._crowd()  # a window made shorter (or taller): the question goes above the lesson, or back into it

    def _show(self, new_step: bool = False) -> None:
        run, view = self.run, self.view
        assert run is not None and view is not None
        self.query_one("#lesson-top").display = True
        self._crowd()
        steps = len(run.lesson.steps)
        self.query_one("#lesson-step", Static).update(Text(tr("Step {step} of {steps}").format(step=run.index + 1, steps=steps), style="bold"))
        self.query_one("#lesson-bar", ProgressBar).update(total=steps, progress=run.index + int(run.solved))
        self.query_one("#lesson-text", Static).update(self.step_text)
        self.query_one("#lesson-feedback", Static).update(self.message or self._instruction())
        self.query_one("#lesson-why-box").display = self.why is not None
        self.query_one("#lesson-why", Static).update(self.why or "")
        self.call_after_refresh(self._show_more_sign)
        if not view.is_mounted:
            return  # drawn once it is (StepView.Ready)
        view.show(new_step)
        if run.finished:
            self._show_done()
            return
        target = view.focus_target()
        if target is None:
            self.set_focus(None)
        else:
            target.focus()
            if target is not view:
                self.call_after_refresh(self.query_one(LessonBody).keep_in_view)
        keys = (run.index, run.solved, target)
        if keys != self.shown_keys:  # the footer rebuilds itself on every call: only when keys change
            self.shown_keys = keys
            self.call_after_refresh(self.refresh_bindings)  # once the focus has moved

    @unless_closed  # queued before the screen closed (found by tests/test_soak.py): nothing to sign
    def _show_more_sign(self) -> None:
        """One line under the lesson while part of it is out of sight, with the keys that show it:
        a sign that works without colour too (a scroll bar may not show under NO_COLOR)."""
        body, sign = self.query_one(LessonBody), self.query_one("#lesson-more", Static)
        words = out_of_sight(body)
        if words is not None and str(sign.content) != words:  # an update lays the whole lesson out again
            sign.update(Text(words, style="bold"))
        why = self.query_one("#lesson-why-box", VerticalScroll)
        why.border_subtitle = tr(WHY_GOES_ON) if why.display and why.max_scroll_y - why.scroll_y > 0 else None  # its last lines were cut with no sign
        shown = words is not None and body.display
        if shown != sign.display:
            sign.display = shown  # the lesson is a line shorter or taller: keep the lesson's end in view
            for done in self.query(LessonDone):
                done.call_after_refresh(done.into_view)

    def action_scroll_body(self, direction: int) -> None:
        """Scroll up or down a page, to see what is out of sight: a reason or an answer too long for
        its box first (its box cannot take the focus), then the lesson."""
        boxes = [box for box in self.query("#lesson-why-box, #lesson-feedback-box").results(VerticalScroll) if box.display]
        box = next((box for box in boxes if (box.scroll_y < box.max_scroll_y if direction > 0 else box.scroll_y > 0)), None)
        scrolled = box or self.query_one(LessonBody)
        if direction > 0:
            scrolled.scroll_page_down(animate=False)
        else:
            scrolled.scroll_page_up(animate=False)

    def _step_text(self, run: LessonRun) -> Text:
        text = Text()
        if run.index == 0 and run.lesson.intro:
            text.append(run.lesson.intro.strip() + "\n\n", style="italic")
        text.append(run.text.strip())
        return text

    def _show_done(self) -> None:
        """The lesson's end under its last step: the celebration, the summary and one button."""
        run = self.run
        assert run is not None
        done = next(iter(self.query(LessonDone)), None)
        if done is None:
            following = self._next_lesson()
            celebration = self.celebration or self.recorder.lesson_finished(self.lesson_id)
            done = LessonDone(celebration, run.summary, following.title if following else None)
            self.query_one("#lesson-body", VerticalScroll).mount(done)  # it takes the focus
            self.done_at = time.monotonic()
        self.refresh_bindings()

    def on_lesson_done_next(self, event: LessonDone.Next) -> None:
        self._open_next_lesson()

    def _instruction(self) -> Text:
        run, view = self.run, self.view
        assert run is not None and view is not None
        if run.finished:
            return Text()
        words = tr("Press Enter (or N) to go on.") if run.solved else view.instruction()
        return Text(words, style="italic")

    # ----- the learner's answers ---------------------------------------------------------------

    def action_next(self) -> None:
        """The next step, once this one is done (or the next lesson, at the end)."""
        run = self.run
        if run is None:
            return
        if run.finished:
            self._open_next_lesson()
            return
        try:
            moved = run.advance()
        except StepBroken as broken:
            self._show_broken(broken)
            return
        if moved:
            self._new_step()

    def on_step_view_answered(self, event: StepView.Answered) -> None:
        self._answer(event.answer)

    def on_step_view_said(self, event: StepView.Said) -> None:
        self.message, self.why = event.text, None  # the learner acted: the last reason makes way
        if self.run is not None and self.view is not None:
            self._show()

    def _answer(self, answer: Answer) -> None:
        run, view = self.run, self.view
        if run is None or view is None or run.solved:
            return
        feedback = run.submit(answer)
        view.took(answer, feedback)
        mistake = feedback.mistake
        if (not feedback.right or mistake is not None) and not feedback.again:
            self.recorder.lesson_mistake(
                self.lesson_id, mistake.code.value if mistake else None, mistake.cards if mistake else (), on_purpose=feedback.on_purpose
            )
        if feedback.solved:
            self._save()  # first: the next lesson to offer depends on this one being done
        self.why = None if feedback.right else why_not(feedback)
        self.message = Text() if not feedback.right else self._feedback_text(feedback)
        self._show()

    # ----- feedback and hints ------------------------------------------------------------------

    def _feedback_text(self, feedback: Feedback) -> Text:
        """What a right answer did: a step done, or a right part of it."""
        run = self.run
        assert run is not None
        if not feedback.solved:
            return Text(f"{DONE} ", style="bold") + Text(self._narrate(feedback) + keep_going(run.step.kind, done=tr("press D")))
        text = Text(f"{DONE} ", style="bold")
        text.append(feedback.message.strip())
        if feedback.explanation is not None:  # a mistake made on purpose: what the tutor says about it
            text.append(f"\n{tr(ON_PURPOSE)}\n", style="italic")
            text.append_text(explanation_text(feedback.explanation))
        if not run.finished:
            text.append("\n" + tr("Press Enter (or N) for the next step."), style="italic")
        return text

    def _narrate(self, feedback: Feedback) -> str:
        run = self.run
        if run is None or run.learner is None or run.game is None:
            return ""
        lines = Narrator(run.names, run.learner, self.letters).lines(feedback.events, run.game)
        return "".join(line + " " for line in lines)

    def action_hint(self) -> None:
        """A hint: press again for more, after another try; the last one is the answer."""
        run = self.run
        if run is None:
            return
        hint = run.hint()
        if hint is None:
            return
        if hint.confirm:
            ask_before_the_answer(self.app, lambda: self._show_hint(run.hint(confirm=True)))
            return
        self._show_hint(hint)

    def _show_hint(self, hint: Hint | None) -> None:
        if hint is None:
            return
        text = Text(hint_heading(hint.level, hint.levels), style="bold")
        text.append(hint.text)
        if hint.more_after_a_try:
            text.append(f"\n{tr(HINT_AFTER_A_TRY)}", style="italic")
        else:
            self.recorder.lesson_hint_used(self.lesson_id)
        self.message = text
        self.query_one("#lesson-feedback", Static).update(text)

    # ----- moving around the lesson ------------------------------------------------------------

    def action_back(self) -> None:
        """Back to the step before."""
        run = self.run
        if run is None:
            return
        try:
            moved = run.back()
        except StepBroken as broken:
            self._show_broken(broken)
            return
        if moved:
            self._new_step()

    def action_restart(self) -> None:
        """Start the lesson again from step 1 (it asks first)."""
        if self.run is None:
            return
        self.app.push_screen(ConfirmScreen(tr(START_AGAIN), tr("Start again"), tr("Keep going")), self._restart_answered)

    def _restart_answered(self, again: bool | None) -> None:
        if again:
            self._start_over()

    def action_rules(self) -> None:
        """Read the rules this step plays by."""
        from tutor.ui.rules_screen import RulesScreen

        game = self.run.game if self.run is not None else None
        self.app.push_screen(RulesScreen(game.rules if game is not None else None))

    def action_leave(self) -> None:
        """Back to the list of lessons (your place is kept); first, if a wrong answer's "Not
        quite" box is open, only that box closes (as a game's does: a child presses Escape to close it)."""
        if self.why is not None and self.run is not None:
            self.why = None
            if self.view is not None:  # the ! under the cards it was about go with it (a walker saw them stay)
                self.view.flagged_cards = set()
                self.view.show()
            self._show()
            return
        self._back_to_list(self.lesson_id)

    def _back_to_list(self, highlight: str) -> None:
        from tutor.ui.lessons.list_screen import LessonListScreen

        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        if isinstance(below, LessonListScreen):
            below.chosen_lesson = highlight
            self.app.pop_screen()
        else:
            listing = LessonListScreen()
            listing.chosen_lesson = highlight
            self.app.switch_screen(listing)

    def _next_lesson(self) -> Lesson | None:
        return self.learner.next_lesson(self.lesson_id)

    def _open_next_lesson(self) -> None:
        if time.monotonic() - self.done_at < READ_FIRST:
            return  # a key typed on from the last step: the stars are not skipped unseen
        following = self._next_lesson()
        if following is None:
            self._back_to_list(self.lesson_id)
            return
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        from tutor.ui.lessons.list_screen import LessonListScreen

        if isinstance(below, LessonListScreen):
            below.chosen_lesson = following.id
        self.app.switch_screen(LessonScreen(following.id, self.seed))

    def _save(self) -> None:
        """Report where the learner is: the step to carry on from, or the lesson done."""
        run = self.run
        if run is None:
            return
        if run.finished:
            self.celebration = self.recorder.lesson_finished(self.lesson_id)
        else:
            self.recorder.lesson_step_done(self.lesson_id, run.index + int(run.solved and isinstance(run.step, TaskStep)))
