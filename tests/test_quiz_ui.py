"""Pilot tests of the quiz screens: a whole round with wrong answers, the review, try again, a
question coming back in a new order, and the sign that more is below on a small screen."""

from __future__ import annotations

from typing import Any

import pytest
from layout_helpers import screen_lines
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import OptionList, Static
from ui_helpers import until

from tutor.concepts import CONCEPTS
from tutor.quiz import Question, QuizRound, Result
from tutor.settings import Settings
from tutor.ui import quiz_screen
from tutor.ui.app import TutorApp
from tutor.ui.dialogs import ConfirmScreen, help_lines
from tutor.ui.home import HomeScreen
from tutor.ui.quiz_screen import QuizScreen, QuizSummaryScreen, SeatCards, feedback_text, lesson_titles, summary_text


@pytest.fixture(autouse=True)
def read_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests press Enter once they have read an answer's explanation: the moment a child is
    given to read it first (keys.READ_FIRST, as the quiz screen has it) is tested on its own."""
    monkeypatch.setattr(quiz_screen, "READ_FIRST", 0.0)


SIZE = (100, 34)
SMALL = (60, 20)


def text_of(app: TutorApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def quiz_round(app: TutorApp) -> QuizRound:
    assert isinstance(app.screen, QuizScreen)
    return app.screen.round


def more_sign(app: TutorApp) -> str:
    """The sign at the bottom that says more is below the fold ("" when none is shown)."""
    sign = app.screen.query_one("#quiz-more", Static)
    return str(sign.content) if sign.display else ""


def same(one: Question, two: Question) -> bool:
    return (one.id, one.prompt, sorted(one.options)) == (two.id, two.prompt, sorted(two.options))


def wrong_choice(question: Question) -> int:
    return next(index for index in range(len(question.options)) if index not in question.correct)


async def open_quiz(pilot: Pilot, app: TutorApp, seed: int) -> None:
    await pilot.pause()
    app.push_screen(QuizScreen(seed=seed))
    await pilot.pause()


async def answer(pilot: Pilot, app: TutorApp, choice: int) -> str:
    """Press the option's number key; return the feedback shown, then go on with Enter."""
    await pilot.press(str(choice + 1))
    await pilot.pause()
    feedback = text_of(app, "#quiz-feedback")
    await pilot.press("enter")
    await pilot.pause()
    return feedback


async def test_a_whole_round_with_wrong_answers_and_the_review(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=5)
        first = quiz_round(app).current
        missed: list[Question] = []
        asked = 0
        while isinstance(app.screen, QuizScreen):
            question = quiz_round(app).current
            assert question is not None and question.prompt in text_of(app, "#quiz-prompt")
            # Miss the first question twice, and the second new question once.
            miss = same(question, first) or (len(missed) == 1 and not quiz_round(app).is_return)
            choice = wrong_choice(question) if miss else min(question.correct)
            feedback = await answer(pilot, app, choice)
            asked += 1
            if miss:
                missed.append(question)
                assert feedback.startswith("✗ Not quite.") and question.explanation in feedback
            else:
                assert feedback.startswith("✓ Right!") and question.explanation in feedback
        assert isinstance(app.screen, QuizSummaryScreen)
        review = text_of(app, "#quiz-summary")
        assert "Quiz round done: 6 of 8 right the first time.\nWhen they came back: 1 of 2 right." in review
        for question in {id(q): q for q in missed}.values():
            assert question.prompt in review and question.explanation in review
        assert "Try these again: 1 question still to get right" in review
        title = lesson_titles()[CONCEPTS[first.concept].lesson]
        assert f"missed 2 times. The lesson “{title}” explains it" in review
        assert len(store.answers(profile)) == asked == 10

        await pilot.press("t")
        await pilot.pause()
        again = quiz_round(app).current
        assert again is not None and again.id == first.id and again.prompt == first.prompt


async def test_a_tall_summary_opens_at_its_score_and_a_second_enter_keeps_it(store: Any, profile: Any) -> None:
    """Every answer wrong at 120x40: the summary is taller than the screen; it opened scrolled to
    its buttons, the score above, out of sight."""
    round_ = QuizRound(Settings(), seed=5)
    while (question := round_.current) is not None:
        round_.answer(wrong_choice(question))
    app = TutorApp(store, profile)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(QuizSummaryScreen(round_.summary(), seed=5))
        await pilot.pause()
        page = app.screen.query_one("#quiz-end", VerticalScroll)
        assert page.max_scroll_y > 0, "the summary fits: this test no longer shows anything"
        assert page.scroll_y == 0 and "Quiz round done: 0 of 8 right" in "\n".join(screen_lines(app.screen))
        sign = app.screen.query_one("#quiz-end-more", Static)
        assert sign.display and str(sign.content) == "▼ More below: press PgDn (or scroll down)"  # the buttons are there
        await pilot.press("pagedown", "pagedown", "pagedown")
        await pilot.pause()
        assert page.scroll_y == page.max_scroll_y and not sign.display
        await pilot.press("enter")  # pressed twice after the last answer: the score stays
        await pilot.pause()
        assert isinstance(app.screen, QuizSummaryScreen) and app.focused is page
        await pilot.press("t")  # its button's key, out of sight below
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen) and quiz_round(app).current is not None


async def test_quick_answers_and_enters_are_never_lost(store: Any, profile: Any) -> None:
    """An answer and Enter right after the Enter before: the Next button ignored a press within
    0.2 s of the one before, and the quiz stood still on an answered question (here with no time
    to read first: that is READ_FIRST's, tested below)."""
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=5)
        for _ in range(5):
            question = quiz_round(app).current
            assert question is not None
            await pilot.press(str(min(question.correct) + 1), "enter")  # each key taken in turn, no pause between them
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen) and app.screen.result is None and quiz_round(app).number == 6


async def test_an_enter_typed_with_its_answer_leaves_the_explanation_in_view(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A child types "4" and Enter as one: the Enter was meant for the answer, before its
    explanation was drawn, and must not skip it (found by a newcomer's walk)."""
    from textual import events

    monkeypatch.setattr(quiz_screen, "READ_FIRST", 0.4)
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=5)
        question = quiz_round(app).current
        assert question is not None and app._driver is not None
        for key, character in ((str(wrong_choice(question) + 1),) * 2, ("enter", "\r")):  # in one go
            app._driver.send_message(events.Key(key, character))
        await until(pilot, lambda: isinstance(app.screen, QuizScreen) and app.screen.result is not None)
        await pilot.pause(0.2)
        assert isinstance(app.screen, QuizScreen) and app.screen.result is not None  # the answer, still in view
        assert text_of(app, "#quiz-feedback").startswith("✗ Not quite.")
        await pilot.pause(0.4)
        await pilot.press("enter")  # read, then on
        await pilot.pause()
        assert app.screen.result is None and not app.screen.query_one("#quiz-feedback").display  # the next question


def test_the_summary_sends_to_the_lessons_only_when_one_it_names_can_be_opened() -> None:
    """It said "press L on the home screen" when every lesson it named was still locked."""
    from tutor.learner.celebrations import quiz_done
    from tutor.quiz.model import LessonPointer, Summary

    summary = Summary(6, 8, 2, 1, (), (), (LessonPointer("ending", "How the game ends", "the-ending", 2),))
    words = quiz_done(6, 8)
    assert "press L on the home screen" in summary_text(summary, words).plain
    locked = summary_text(summary, words, {"the-ending"}).plain
    assert "press L" not in locked and "once the lessons before it are done" in locked


def test_each_missed_question_says_whether_it_is_still_to_get_right() -> None:
    """The summary said "1 question still to get right" but not which: the one missed again says so under it."""
    from tutor.engine import Rules
    from tutor.learner.celebrations import quiz_done
    from tutor.quiz.bank import read_bank
    from tutor.quiz.model import Missed, Summary

    first, second = (written.question(Rules.bicycle()) for written in read_bank()[:2])
    summary = Summary(6, 8, 2, 1, (Missed(first, 2, False), Missed(second, 1, True)), (first,))
    shown = summary_text(summary, quiz_done(6, 8)).plain
    assert shown.count("✗ Still to get right.") == 1 and shown.count("✓ When it came back, you got it right.") == 1
    assert shown.index("Still to get right") < shown.index(second.prompt), "under the one still missed, the first"


async def test_the_table_is_drawn_with_cards_and_the_answer_is_marked(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=2)
        for _ in range(20):
            question = quiz_round(app).current
            assert question is not None
            if question.position is not None and question.position.hands[0]:
                break
            await answer(pilot, app, min(question.correct))
        assert question.position is not None
        assert app.screen.query_one("#quiz-you", SeatCards).cards == list(question.position.hands[0])
        others = text_of(app, "#quiz-others")
        assert others.count(" · holds ") == len(question.position.names) - 1  # "Bea · ▶ draws: 5♥" read as the card drawn
        for seat in range(1, len(question.position.names)):
            assert question.position.names[seat] in others
            hand = question.position.hands[seat]
            if question.position.behind_the_scenes:
                assert all(str(card) in others for card in hand)
            else:
                assert not any(str(card) in others for card in hand)
        await pilot.press(str(wrong_choice(question) + 1))
        await pilot.pause()
        options = app.screen.query_one("#quiz-options", OptionList)
        labels = [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]
        assert "✓ the answer" in labels[min(question.correct)]
        assert "✗ your choice" in labels[wrong_choice(question)]
        assert options.disabled


async def test_arrows_and_enter_answer_too_and_escape_goes_home(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=9)
        question = quiz_round(app).current
        assert question is not None
        assert more_sign(app) == ""  # everything fits: no sign
        count = len(question.options)
        assert text_of(app, "#quiz-how") == f"Choose an answer: press 1-{count}, or use ↑ ↓ and Enter."
        footer = {binding.key: (binding.description, enabled) for _, binding, enabled, _ in app.screen.active_bindings.values()}
        assert "enter" not in footer  # offered once an answer is lit up
        await pilot.press("enter")  # Enter pressed twice to go on: the second one answers nothing
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen) and app.screen.result is None and app.screen.query_one("#quiz-how").display
        await pilot.press("down")
        await pilot.pause()
        footer = {binding.key: (binding.description, enabled) for _, binding, enabled, _ in app.screen.active_bindings.values()}
        assert footer["enter"] == ("Choose", True)  # named in the footer, as in lessons
        await pilot.press("down", "enter")  # the second answer
        await pilot.pause()
        assert not app.screen.query_one("#quiz-how").display  # answered: the words go
        right = 1 in question.correct
        assert text_of(app, "#quiz-feedback").startswith("✓ Right!" if right else "✗ Not quite.")
        assert more_sign(app) == ""
        await pilot.press("5")  # not an option, and the question is answered already: nothing happens
        await pilot.press("escape")  # an answer given: Escape asks first, and "Keep going" stays
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "This round stops here and gets no score." in text_of(app, "#question")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen) and app.screen.result is not None
        await pilot.press("escape")  # by mistake, then Enter as if going on: "Keep going" is the one lit up
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen) and app.screen.result is not None
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert len(store.answers(profile)) == 1  # the answer given still counts


async def test_escape_after_the_last_answer_shows_the_rounds_score(store: Any, profile: Any) -> None:
    """Every question answered: nothing is left to lose, and the score is what the round was for."""
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=4)
        while not quiz_round(app).is_over:
            question = quiz_round(app).current
            assert question is not None
            await pilot.press(str(min(question.correct) + 1))
            await pilot.pause()
            if not quiz_round(app).is_over:
                await pilot.press("enter")
                await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, QuizSummaryScreen)
        assert "Quiz round done" in text_of(app, "#quiz-summary")


async def test_escape_before_any_answer_goes_home_at_once(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=9)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_perfect_round_offers_a_new_round_not_a_retry(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=4)
        while isinstance(app.screen, QuizScreen):
            question = quiz_round(app).current
            assert question is not None
            await answer(pilot, app, min(question.correct))
        review = text_of(app, "#quiz-summary")
        assert "Quiz round done: all 8 right the first time!" in review and "came back" not in review
        assert not app.screen.query("#again")
        await pilot.press("t")  # nothing to try again
        assert isinstance(app.screen, QuizSummaryScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen) and quiz_round(app).number == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_a_missed_question_comes_back_and_the_same_key_is_no_longer_right(store: Any, profile: Any) -> None:
    """A child who answers by position: the key that was right (or wrong) before is not the same option now."""
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, seed=3)
        first = quiz_round(app).current
        assert first is not None and first.kind == "choice"
        assert text_of(app, "#quiz-progress").strip() == "Question 1 of 8"
        key = wrong_choice(first)
        await answer(pilot, app, key)
        counted = ["Question 1 of 8"]
        while not quiz_round(app).is_return:
            counted.append(text_of(app, "#quiz-progress").strip())
            question = quiz_round(app).current
            assert question is not None
            await answer(pilot, app, min(question.correct))
        assert counted == [f"Question {number} of 8" for number in range(1, len(counted) + 1)], "a missed question never changes the count"
        back = quiz_round(app).current
        assert back is not None and same(back, first)
        shown = [str(app.screen.query_one("#quiz-options", OptionList).get_option_at_index(index).prompt) for index in range(len(back.options))]
        assert shown == [f"{number}. {text}" for number, text in enumerate(back.options, 1)]
        (right,) = first.answers
        assert back.options.index(right) != first.options.index(right)
        assert text_of(app, "#quiz-progress").strip() == "Once more, a question you missed: you've got this!"


def test_the_answer_is_one_sentence_whatever_its_last_mark() -> None:
    for answer in ("They win!", "They win", "Is it?", "Ana is safe."):
        words = str(feedback_text(Result(False, "Why.", "They lose", (answer,))))
        assert f"The answer: {answer.rstrip('.')}" in words
        assert "!." not in words and "?." not in words and ".." not in words


async def test_at_80x24_a_number_answers_only_once_every_answer_is_in_sight(store: Any, profile: Any) -> None:
    """At 80x24 a table's question showed its first answer only, and 3 chose the third, unseen."""
    app = TutorApp(store, profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_quiz(pilot, app, seed=1)
        question = quiz_round(app).current
        scroller, options = app.screen.query_one("#quiz", VerticalScroll), app.screen.query_one("#quiz-options", OptionList)
        assert question is not None and question.position is not None
        assert scroller.content_region.y < options.region.bottom - 1 and options.region.bottom > scroller.content_region.bottom  # some in sight
        await pilot.press(str(len(question.options)))  # the last answer, out of sight: shown, not chosen
        await pilot.pause()
        assert quiz_round(app).current is question and app.screen.result is None
        assert scroller.content_region.contains_region(options.region)
        await pilot.press(str(len(question.options)))  # now in sight: chosen
        await pilot.pause()
        assert app.screen.result is not None


async def test_at_60x20_a_sign_says_the_answers_are_below_and_a_number_shows_them_first(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=SMALL) as pilot:
        await open_quiz(pilot, app, seed=1)
        question = quiz_round(app).current
        assert question is not None and question.position is not None  # a table: the answers are below it
        scroller = app.screen.query_one("#quiz", VerticalScroll)
        options = app.screen.query_one("#quiz-options", OptionList)
        assert options.region.bottom > scroller.region.bottom
        assert more_sign(app) == "▼ Answers below: press ↓ to see them ▼"
        assert app.screen.query_one("#quiz-more", Static).region.bottom <= SMALL[1] - 1  # above the footer
        await pilot.press("1")  # a number with no answer in sight shows the answers, and answers nothing unread
        await pilot.pause()
        assert quiz_round(app).current is question and app.screen.result is None
        assert options.region.y < scroller.region.bottom
        await pilot.press("down")  # moving through the answers brings them into view
        await pilot.pause()
        assert scroller.region.contains_region(options.region) and more_sign(app) == ""
        await pilot.press(str(wrong_choice(question) + 1))
        await pilot.pause()
        feedback = app.screen.query_one("#quiz-feedback", Static)
        assert feedback.region.y >= scroller.region.y and feedback.region.y < scroller.region.bottom  # the reason shows
        prompt = app.screen.query_one("#quiz-prompt", Static)  # and the question, above it: it had scrolled out of sight
        assert question.prompt in text_of(app, "#quiz-prompt") and 0 < prompt.region.y and prompt.region.bottom <= scroller.region.y
        assert more_sign(app) == "▼ More below: press PgDn to read it, or Enter to go on ▼"
        await pilot.press("pagedown")  # the key the sign names: the button has the focus, the page scrolls
        await pilot.pause()
        assert more_sign(app) == ""
        await pilot.press("enter")
        await pilot.pause()
        assert quiz_round(app).number == 2


def _generated(kind: str, behind_the_scenes: bool) -> Question:
    """A generated question about a table, seen as a player sees it or from behind the scenes."""
    import random

    from tutor.engine import Rules
    from tutor.quiz import GENERATORS
    from tutor.wording import Seats

    for seed in range(100):
        question = GENERATORS[kind](random.Random(seed), Rules.bicycle(players=4), Seats(("Robin", "Bea", "Sam", "Ana")))
        if question.position is not None and question.position.behind_the_scenes == behind_the_scenes:
            return question
    raise AssertionError(f"no {kind} question with behind_the_scenes={behind_the_scenes}")


async def test_other_players_hands_are_face_down_unless_the_question_looks_behind_the_scenes(store: Any, profile: Any) -> None:
    """Right after "keep your hand to yourself", a quiz table never shows other players' cards,
    only their backs and how many; a question that needs them says it looks behind the scenes."""
    for question in (_generated("who-draws", False), _generated("after-draw", True)):
        position = question.position
        assert position is not None
        app = TutorApp(store, profile)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(QuizScreen(seed=1, retry=[question]))
            await pilot.pause()
            assert quiz_round(app).current is not None and quiz_round(app).current.prompt == question.prompt  # type: ignore[union-attr]
            others = text_of(app, "#quiz-others")
            shown = [str(card) for hand in position.hands[1:] for card in hand if str(card) in others]
            if position.behind_the_scenes:
                assert len(shown) == sum(map(len, position.hands[1:])), others
                assert app.screen.query_one("#quiz-table").border_title == "behind the scenes: every hand face up"
            else:
                assert shown == [], others
                for seat in range(1, len(position.hands)):
                    count = len(position.hands[seat])
                    assert f"{count} card{'s' * (count != 1)}" in others.splitlines()[seat - 1] if count else "no cards" in others
            # The learner's own hand is always face up.
            assert list(app.screen.query_one("#quiz-you", SeatCards).cards) == list(position.hands[0])


async def test_the_longest_reason_allowed_fits_at_60x20_with_its_answer_and_the_next_button(store: Any, profile: Any) -> None:
    """tutor.quiz.reasons allows REASON_LINES lines of REASON_WIDTH columns: at 60x20 that reason,
    a two-line answer and the note that the question comes back are in view with the Next button."""
    import textwrap

    from tutor.quiz.reasons import REASON_LINES, REASON_WIDTH

    words = " ".join(f"word{number}" for number in range(200))
    reason = " ".join(textwrap.wrap(words, REASON_WIDTH)[:REASON_LINES])
    assert len(textwrap.wrap(reason, REASON_WIDTH)) == REASON_LINES
    answer_words = "An answer long enough to take a second line on a small screen"
    question = Question(id="long", concept="pairs", kind="choice", prompt="Which?", options=(answer_words, "Short"), correct=frozenset({0}), explanation=reason)
    app = TutorApp(store, profile)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.push_screen(QuizScreen(seed=1, retry=[question]))
        await pilot.pause()
        assert quiz_round(app).current is not None and quiz_round(app).current.id == "long"  # type: ignore[union-attr]
        await pilot.press(str(wrong_choice(quiz_round(app).current) + 1))  # type: ignore[arg-type]
        await pilot.pause()
        feedback = app.screen.query_one("#quiz-feedback", Static)
        scroller = app.screen.query_one("#quiz", VerticalScroll)
        assert feedback.content_region.width == REASON_WIDTH
        assert scroller.content_region.contains_point(feedback.region.offset)  # the reason's first line is in view
        scroller.scroll_end(animate=False)  # as PgDn does: then the whole reason and the button are in view together
        await pilot.pause()
        view = scroller.content_region
        assert view.contains_region(feedback.region), (view, feedback.region)
        assert view.contains_region(app.screen.query_one("#quiz-next").region), view
        assert text_of(app, "#quiz-feedback").endswith("This one comes back in a moment, so you can try it again.")


async def test_help_lists_only_the_numbers_of_the_answers_in_front_of_the_learner(store: Any, profile: Any) -> None:
    """A true-or-false question is answered with 1 or 2: help said "1–4" (3 and 4 did nothing).
    Once it is answered, no number is a key until the next question."""
    app = TutorApp(store, profile)
    async with app.run_test(size=SIZE) as pilot:
        await open_quiz(pilot, app, 1)
        for _ in range(40):
            question = quiz_round(app).current
            if question is None or len(question.options) == 2:
                break
            await answer(pilot, app, 0)
            if isinstance(app.screen, QuizSummaryScreen):  # a round without one: the next round
                await pilot.press("n")
                await pilot.pause()
        assert question is not None and question.options == ("True", "False")
        numbers = [line for line in help_lines(app.screen) if "answer by its number" in line.meaning]
        assert [line.keys_text for line in numbers] == ["1, 2"]
        await pilot.press("3")
        assert app.screen.result is None  # type: ignore[attr-defined]
        await pilot.press("2")
        assert app.screen.result is not None  # type: ignore[attr-defined]
        assert not [line for line in help_lines(app.screen) if "answer by its number" in line.meaning]
