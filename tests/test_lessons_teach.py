"""Lessons where every wrong answer teaches (issue 10): each wrong option and seat shows its own
reason in its own box, a whole lesson ends with its summary, stars and one Next button, the
list then highlights the lesson that Next opened, and at 60x20 the seats still show their cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, OptionList, Static

from tutor.course import ChoiceStep, LessonRun, PickOption, PickSeat
from tutor.course.runner import NOT_QUITE
from tutor.learner.lessons import course_for_app
from tutor.ui.app import TutorApp
from tutor.ui.dialogs import ConfirmScreen, HelpScreen
from tutor.ui.keys import READ_FIRST
from tutor.ui.lessons import LessonListScreen, LessonScreen
from tutor.ui.lessons.done import LessonDone
from tutor.ui.lessons.seats import LessonSeat


async def ready(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def screen_of(app: TutorApp) -> LessonScreen:
    assert isinstance(app.screen, LessonScreen)
    return app.screen


def run_of(app: TutorApp) -> LessonRun:
    run = screen_of(app).run
    assert run is not None
    return run


def why_box(app: TutorApp) -> str:
    box = app.screen.query_one("#lesson-why-box")
    return str(app.screen.query_one("#lesson-why", Static).content) if box.display else ""


def wrong_answers(run: LessonRun) -> list[PickOption | PickSeat]:
    if run.step.kind == "choice":
        return [PickOption(index) for index in range(len(run.options)) if index not in run.right_options()]
    return [PickSeat(seat) for seat in range(len(run.names)) if seat not in run.right_seats()]


async def answer_every_wrong_way(pilot: Pilot[None], app: TutorApp) -> int:
    """Press each wrong option or seat of this step; each shows its own reason. Returns how many."""
    run = run_of(app)
    twin = LessonRun(run.lesson, step=run.index, learner_name=run.learner_name)  # says what the runner says
    reasons = []
    for answer in wrong_answers(run):
        number = answer.index + 1 if isinstance(answer, PickOption) else answer.seat + 1
        await pilot.press(str(number))
        said = why_box(app)
        same = PickOption(twin.options.index(run.options[answer.index])) if isinstance(answer, PickOption) else answer  # its own order
        assert said == twin.submit(same).message.strip(), (run.step.id, answer)
        assert said and said != NOT_QUITE, (run.step.id, answer)
        assert app.screen.query_one("#lesson-why-box").border_title == "✗ Not quite"
        reasons.append(said)
    assert len(set(reasons)) == len(reasons), run.step.id  # each wrong answer its own words
    return len(reasons)


async def test_a_whole_lesson_every_wrong_answer_explained_to_its_summary_and_next(store: Any, profile: Any) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 6, 0, True)
    store.save_lesson_progress(profile, "pairs", 5, 0, True)
    app = TutorApp(store, profile, start="lessons")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        listing = app.screen.query_one("#lesson-list", OptionList)
        listing.highlighted = next(
            index for index in range(listing.option_count) if "A turn in Bicycle rules" in str(listing.get_option_at_index(index).prompt)
        )
        await pilot.press("enter")
        await ready(pilot)
        run = run_of(app)
        explained = 0
        while not run.finished:
            if run.step.kind in ("choice", "seat"):
                explained += await answer_every_wrong_way(pilot, app)
                right = sorted(run.right_options() if run.step.kind == "choice" else run.right_seats())[0]
                await pilot.press(str(right + 1))
                assert why_box(app) == ""  # the learner acted: the reason makes way
            elif run.step.kind != "explain":
                run.solve_with_solution()
            if not run.finished:
                await pilot.press("n")
        assert explained >= 5

        done = app.screen.query_one(LessonDone)
        words = str(done.query_one("#lesson-done-words", Static).content)
        assert run.summary.strip() and run.summary.strip() in words
        assert "Lesson done: “A turn in Bicycle rules”!" in words and "of 3 stars" in words
        assert "Next up: “A turn from the rulebook”." in words
        buttons = list(app.screen.query(Button))
        assert len(buttons) == 1 and buttons[0].has_focus
        assert store.lesson_progress(profile)["a-turn"].finished

        await pilot.pause(READ_FIRST)  # (the end stays that long before Enter goes on)
        await pilot.press("enter")  # the one button
        await ready(pilot)
        assert screen_of(app).lesson_id == "worked-turn"
        await pilot.press("escape")
        await ready(pilot)
        assert isinstance(app.screen, LessonListScreen)
        listing = app.screen.query_one("#lesson-list", OptionList)
        assert listing.highlighted_option is not None
        assert "A turn from the rulebook" in str(listing.highlighted_option.prompt)


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in course_for_app().lessons if any(step.kind == "choice" for step in lesson.steps)][:2])
async def test_every_wrong_option_of_a_choice_step_has_its_own_reason(store: Any, profile: Any, lesson_id: str) -> None:
    lesson = next(lesson for lesson in course_for_app().lessons if lesson.id == lesson_id)
    first = next(index for index, step in enumerate(lesson.steps) if step.kind == "choice")
    store.save_lesson_progress(profile, lesson_id, first, 0, False)
    app = TutorApp(store, profile, start=f"lesson:{lesson_id}")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert run_of(app).step.kind == "choice"
        assert await answer_every_wrong_way(pilot, app) >= 1
        await pilot.press("h")  # a hint leaves the reason where it is
        assert why_box(app)
        run = run_of(app)
        for _ in range(len(run.step.hints) + 1):  # every wrong try unlocked the next hint
            await pilot.press("h")
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")
        said = str(app.screen.query_one("#lesson-feedback", Static).content)
        step = run.step
        assert isinstance(step, ChoiceStep) and step.because.strip()
        assert "(the answer)" in said and run.answer() in said  # the answer, then why it is right


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_the_seats_show_their_cards_at_small_sizes(store: Any, profile: Any, size: tuple[int, int]) -> None:
    app = TutorApp(store, profile, start="lesson:a-turn")
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        await pilot.press("enter", "2")  # a seat step, answered wrongly
        await pilot.pause()
        seats = [seat for seat in app.screen.query(LessonSeat) if seat.display]
        assert len(seats) == 4
        for seat in seats:
            text = str(seat.content)
            assert "card" in text.splitlines()[-1], text
            needed = seat.get_content_height(seat.content_region, seat.content_region, seat.content_region.width)
            assert needed <= seat.content_region.height, (size, text)
        names = [str(seat.content).splitlines()[0] for seat in seats]
        assert names[0] == "1·You"


async def test_a_learner_named_like_a_lesson_seat_never_meets_their_name(store: Any, profile: Any) -> None:
    store.save_settings(profile, replace(store.load_settings(profile), learner_name="Ana"))
    app = TutorApp(store, profile, start="lesson:a-turn")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("enter")
        await pilot.pause()
        shown = [str(seat.content) for seat in app.screen.query(LessonSeat) if seat.display]
        assert shown and not any("Ana" in text for text in shown)
        assert "Ana" not in str(app.screen.query_one("#lesson-text", Static).content)


async def help_text(pilot: Pilot[None]) -> str:
    app = pilot.app
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    text = "\n".join(f"{line.keys_text}  {line.meaning}" for line in app.screen.lines)
    await pilot.press("escape")
    await pilot.pause()
    return text


STEP_KEYS = {
    "choice": "Choose an answer by its number",
    "seat": "Choose a player by their number",
    "deal": "Deal all the cards that are left",
}


async def test_help_lists_the_keys_of_the_step_in_front_of_the_learner(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=(100, 40)) as pilot:
        await ready(pilot)
        seen = set()
        while not run_of(app).finished and len(seen) < len(STEP_KEYS):
            run = run_of(app)
            kind = run.step.kind
            if kind in STEP_KEYS and not run.solved:
                said = await help_text(pilot)
                assert STEP_KEYS[kind] in said, kind
                assert not any(words in said for other, words in STEP_KEYS.items() if other != kind), kind
                assert "Scroll Up" not in said and "Page Left" not in said  # only keys a learner needs
                seen.add(kind)
            if not run.solved:
                run.solve_with_solution()
            await pilot.press("n")
        assert seen == set(STEP_KEYS)
