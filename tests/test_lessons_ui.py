"""The lessons in the app: the list with its marks and locks, whole lessons played through the
UI, hints, saved progress and carrying on, broken lesson files, and snapshots at 80x24."""

from __future__ import annotations

import random
import shutil
from functools import cache
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest
import ui_helpers
from layout_helpers import screen_lines
from textual import events
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import OptionList, Static
from ui_helpers import set_settings, until

from tutor.course import Lesson, LessonRun, load_course
from tutor.course.parse import STEP_KINDS
from tutor.engine import Card
from tutor.learner import lessons as learner_lessons
from tutor.ui.app import TutorApp
from tutor.ui.cards import HandView
from tutor.ui.dialogs import ConfirmScreen, TooSmallScreen
from tutor.ui.footer import KeysLine
from tutor.ui.keys import READ_FIRST
from tutor.ui.lessons import LessonListScreen, LessonScreen, lesson_screen
from tutor.ui.lessons.done import LessonDone
from tutor.ui.lessons.steps import VIEWS

SIZE = (80, 24)
LESSONS = Path(__file__).parent.parent / "lessons"


async def ready(pilot: Pilot) -> None:
    """Wait until the screen's background work (checking the course or the lesson) is done."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def shown(app: TutorApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def feedback(app: TutorApp) -> str:
    return shown(app, "#lesson-feedback")


def why(app: TutorApp) -> str:
    """The box that says why the last answer was not right, while it shows."""
    return shown(app, "#lesson-why") if app.screen.query_one("#lesson-why-box").display else ""


def done_words(app: TutorApp) -> str:
    return shown(app, "#lesson-done-words")


def lesson_of(lesson_id: str) -> Lesson:
    return next(lesson for lesson in learner_lessons.course_for_app().lessons if lesson.id == lesson_id)


def run_of(app: TutorApp) -> LessonRun:
    assert isinstance(app.screen, LessonScreen) and app.screen.run is not None
    return app.screen.run


def listed(app: TutorApp) -> list[str]:
    listing = app.screen.query_one("#lesson-list", OptionList)
    return [str(listing.get_option_at_index(index).prompt) for index in range(listing.option_count)]


def listed_options(app: TutorApp) -> list[str]:
    options = app.screen.query_one("#lesson-options", OptionList)
    return [str(options.get_option_at_index(index).prompt) for index in range(options.option_count)]


def option_number(app: TutorApp, words: str) -> int:
    """The number shown before the option that starts with `words` (the order is shuffled)."""
    return next(number for number, text in enumerate(run_of(app).options, 1) if text.startswith(words))


async def select_cards(pilot: Pilot, app: TutorApp, wanted: list[Card]) -> None:
    await ui_helpers.select_cards(pilot, app, wanted, hand_id="#lesson-hand")


async def lay_down_every_pair(pilot: Pilot, app: TutorApp) -> None:
    run = run_of(app)
    assert run.game is not None and run.learner is not None
    while run.game.pairs_in(run.learner):
        await select_cards(pilot, app, list(run.game.pairs_in(run.learner)[0]))
        await pilot.press("enter")
    await pilot.press("d")


def test_every_kind_of_step_has_its_own_view() -> None:
    assert set(VIEWS) == set(STEP_KINDS.values())


async def test_a_whole_lesson_with_a_mistake_a_hint_and_the_answer(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert "Let's find out what a pair is." in shown(app, "#lesson-text")
        assert shown(app, "#lesson-step") == "Step 1 of 5"
        await pilot.press("enter")
        assert "Pick the two cards of your pair" in shown(app, "#lesson-text")

        await pilot.press("d")  # keeps the pair of 5s: a mistake
        said = why(app)
        assert "You still hold 5♣ and 5♥." in said
        assert "one black card and one red card, but they are the same rank" in said  # the lesson's own words
        assert "Try this:" in said

        await pilot.press("h")
        assert "Hint 1 of 3: Look for two cards with the same number or letter." in feedback(app)
        assert "You still hold 5♣ and 5♥." in why(app)  # the reason stays until the learner acts

        await lay_down_every_pair(pilot, app)
        assert "Well done! 5♣ and 5♥ are down." in feedback(app) and why(app) == ""
        saved = store.lesson_progress(profile)["pairs"]
        assert (saved.step, saved.hints_used, saved.finished) == (2, 1, False)

        for _ in range(3):
            await pilot.press("enter")
            await lay_down_every_pair(pilot, app)
        assert run_of(app).finished
        assert "Lesson done: “Pairs”! ★★☆ (2 of 3 stars)" in done_words(app)
        assert "Next up: “A turn in Bicycle rules”" in done_words(app)

        def both_in_sight() -> bool:  # the stars and the button, once the end is scrolled into view
            body, done = app.screen.query_one("#lesson-body").region, app.screen.query_one("#lesson-done").region
            return body.y <= done.y and done.bottom <= body.bottom

        await until(pilot, both_in_sight)  # at 80x24
        saved = store.lesson_progress(profile)["pairs"]
        assert (saved.step, saved.hints_used, saved.finished) == (5, 1, True)
        assert [(m.code, m.cards, m.where) for m in store.mistakes(profile)] == [("kept-pair", ("5♣", "5♥"), "lesson:pairs")]

        await pilot.press("escape")  # opened directly: Escape goes to the list
        await ready(pilot)
        assert isinstance(app.screen, LessonListScreen)
        assert "✓ 2. Pairs  (done ★★☆)" in listed(app)  # one hint and one mistake


async def test_the_next_lesson_is_offered_and_opens(store: Any, profile: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 5, 0, False)
    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("y")  # carry on from the last step
        await pilot.pause()
        assert run_of(app).step.id == "uneven-is-fine"
        pile = option_number(app, "Put a few cards aside in a pile")  # the options are shuffled: pick by words
        await pilot.press(str(pile))
        assert "Old Maid never has a pile" in why(app) and "✗ not this one" in listed_options(app)[pile - 1]
        await pilot.press(str(option_number(app, "Nothing. Uneven hands are fine.")))
        assert "Next up: “Pairs”" in done_words(app)
        entries = app.screen.query_one(KeysLine).entries
        assert any(entry.key == "enter" and entry.description == "Go on" for entry in entries), "the footer names the key that goes on"
        monkeypatch.setattr(lesson_screen, "READ_FIRST", 60.0)  # an Enter typed on at once, however slow the machine
        await pilot.press("enter")  # the stars are not skipped unseen (a newcomer's walk)
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson_id == "deck-and-deal"
        monkeypatch.setattr(lesson_screen, "READ_FIRST", READ_FIRST)
        await pilot.pause(READ_FIRST)
        await pilot.press("enter")
        await ready(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson_id == "pairs"
    assert store.lesson_progress(profile)["deck-and-deal"].finished


async def test_a_question_shows_its_options_shuffled_and_the_number_pressed_is_the_one_shown(store: Any, profile: Any) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 5, 0, False)
    app = TutorApp(store, profile, start="lesson:deck-and-deal", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("y")
        await pilot.pause()
        run = run_of(app)
        shown = listed_options(app)
        assert [line.split(". ", 1)[1].strip() for line in shown] == list(run.options)
        expected = LessonRun(run.lesson, step=run.index, seed=1).options
        assert run.options == expected and expected[0] != "Nothing. Uneven hands are fine."  # seed 1 moves it from first place
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert run_of(app).options == expected and [line.split(". ", 1)[1].strip() for line in listed_options(app)] == list(expected)
        right = expected.index("Nothing. Uneven hands are fine.") + 1
        await pilot.press(str(right))
        assert run_of(app).solved and "✓" in listed_options(app)[right - 1]


async def test_the_list_groups_lessons_with_marks_and_locks(store: Any, profile: Any) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 6, 0, True)
    store.save_lesson_progress(profile, "pairs", 2, 1, False)
    app = TutorApp(store, profile, start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        lines = listed(app)
        assert lines[:4] == ["Getting started", "✓ 1. The deck and the deal  (done ★★★)", "▶ 2. Pairs  (step 3 of 5)  ◀ next", "Playing a turn"]
        assert "⊘ 3. A turn in Bicycle rules  (locked: finish “Pairs” first)" in lines
        assert lines.index("Getting it right") < lines.index("More ways to play")

        listing = app.screen.query_one("#lesson-list", OptionList)
        listing.highlighted = lines.index("⊘ 3. A turn in Bicycle rules  (locked: finish “Pairs” first)")
        await pilot.press("enter")
        assert isinstance(app.screen, LessonListScreen)
        assert "Locked: finish “Pairs” first, then come back." in shown(app, "#lesson-about")

        listing.highlighted = 2
        await pilot.press("enter")
        await ready(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "Carry on from step 3 of 5?" in str(app.screen.question)


async def test_the_list_shows_the_course_map_filling_up_and_its_ending(store: Any, profile: Any) -> None:
    lessons = learner_lessons.course_for_app().lessons
    store.save_lesson_progress(profile, lessons[0].id, len(lessons[0].steps), 0, True, stars=3)
    app = TutorApp(store, profile, start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert shown(app, "#lesson-map") == "★ 3 of 33 stars · 1 of 11 lessons done"
        assert [line for line in listed(app) if "◀ next" in line] == ["○ 2. Pairs  ◀ next"]
    for lesson in lessons[1:]:
        store.save_lesson_progress(profile, lesson.id, len(lesson.steps), 0, True, stars=3)
    app = TutorApp(store, profile, start="lessons")
    async with app.run_test(size=(60, 20)) as pilot:
        await ready(pilot)
        heading = shown(app, "#lesson-map")
        assert heading.startswith("★ 33 of 33 stars · 11 of 11 lessons done\nThe end of the course: you did it! Every single star")
        assert not any("◀ next" in line for line in listed(app))
        listing = app.screen.query_one("#lesson-list")
        assert listing.region.height >= 5  # the lessons still show below the ending at 60x20


async def test_opening_a_lesson_done_before_starts_a_new_run_and_its_best_stars_stay(store: Any, profile: Any) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 6, 4, True, stars=3, mistakes=2)  # the last run: 4 hints, 2 mistakes
    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert run_of(app).index == 0
        saved = store.lesson_progress(profile)["deck-and-deal"]
        assert (saved.hints_used, saved.mistakes, saved.finished, saved.stars) == (0, 0, True, 3)


async def test_the_teacher_setting_unlocks_every_lesson(store: Any, profile: Any) -> None:
    set_settings(store, profile, unlock_all_lessons=True)
    app = TutorApp(store, profile, start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        lines = listed(app)
        assert not any("⊘" in line for line in lines)
        app.screen.query_one("#lesson-list", OptionList).highlighted = lines.index("○ 10. Is it fair?")
        await pilot.press("enter")
        await ready(pilot)
        assert isinstance(app.screen, LessonScreen) and "3,000 games" in shown(app, "#lesson-chart")


async def test_at_60x20_a_hand_of_ten_leaves_the_steps_words_in_sight(store: Any, profile: Any) -> None:
    """Lesson 2's last step opened scrolled down to its cards, its words out of sight above: on a
    short terminal cards that take more than a row take one line each, as on the table."""
    store.save_lesson_progress(profile, "pairs", 4, 0, False)
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=(60, 20)) as pilot:
        await ready(pilot)
        await pilot.press("y")
        await until(pilot, lambda: bool(app.screen.query("#lesson-hand")))
        await pilot.pause()
        lines = " ".join(" ".join(line.split()) for line in screen_lines(app.screen))
        assert "Here is a hand with several pairs hidden in it." in lines, lines
        assert "│2♥ │" in lines and "│J♠ │" in lines, "every card in sight too"
        assert app.screen.query_one("#lesson-hand", HandView).scale == "compact"
        await pilot.resize_terminal(80, 30)
        await pilot.pause()
        assert app.screen.query_one("#lesson-hand", HandView).scale == "normal"


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_on_a_short_terminal_a_mistakes_reason_takes_the_instructions_lines(store: Any, profile: Any, size: tuple[int, int]) -> None:
    """At 60x20 the reason and the instruction under it pushed the table out of sight above; the
    footer names the keys, and the instruction comes back with the next move."""
    store.save_lesson_progress(profile, "pairs", 1, 0, False)
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        await pilot.press("y")
        await until(pilot, lambda: bool(app.screen.query("#lesson-hand")))
        await pilot.press("1", "3", "enter")  # 5♣ and 9♦: not a pair
        await until(pilot, lambda: app.screen.query_one("#lesson-why-box").display)
        assert app.screen.query_one("#lesson-feedback-box").display is (size != (60, 20))
        await pilot.press("1", "2", "enter")  # the pair of 5s
        await until(pilot, lambda: not app.screen.query_one("#lesson-why-box").display)
        assert app.screen.query_one("#lesson-feedback-box").display


@pytest.mark.parametrize("carry_on", [True, False])
async def test_reopening_offers_to_carry_on(store: Any, profile: Any, carry_on: bool) -> None:
    store.save_lesson_progress(profile, "a-turn", 3, 2, False)
    app = TutorApp(store, profile, start="lesson:a-turn")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        steps = len(lesson_of("a-turn").steps)
        assert f"Carry on from step 4 of {steps}?" in str(app.screen.question)
        assert f"(“{app.screen.no}” goes back to step 1.)" in str(app.screen.question)  # the button as it is named
        await pilot.press("y" if carry_on else "n")
        await pilot.pause()
        assert run_of(app).index == (3 if carry_on else 0)
        assert shown(app, "#lesson-step") == (f"Step 4 of {steps}" if carry_on else f"Step 1 of {steps}")
    saved = store.lesson_progress(profile).get("a-turn")
    assert (saved is not None and saved.hints_used == 2) if carry_on else saved is None


async def test_hints_step_up_and_the_answer_asks_first(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter", "h", "h")
        assert "Hint 1 of 3" in feedback(app) and "another hint opens after that" in feedback(app)
        await pilot.press("d", "h")
        assert "Hint 2 of 3: The colours don't have to match." in feedback(app)
        await pilot.press("d", "h")
        assert isinstance(app.screen, ConfirmScreen) and "The next hint shows the answer" in str(app.screen.question)
        await pilot.press("n")
        assert isinstance(app.screen, LessonScreen) and "Hint 3" not in feedback(app)
        await pilot.press("h", "y")
        assert "Hint 3 of 3 (the answer): Lay down 5♣ and 5♥, then say you're done." in feedback(app)
    assert store.lesson_progress(profile)["pairs"].hints_used == 3


async def test_back_and_start_again(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="lesson:a-turn")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter", "4", "enter")  # Cleo offers the cards; on to the draw
        assert run_of(app).step.id == "first-draw"
        assert store.lesson_progress(profile)["a-turn"].step == 2
        await pilot.press("b")
        assert run_of(app).step.id == "who-offers" and not run_of(app).solved
        assert store.lesson_progress(profile)["a-turn"].step == 1
        await pilot.press("R")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert run_of(app).index == 0
    assert "a-turn" not in store.lesson_progress(profile)


async def test_a_draw_step_picks_a_seat_then_a_face_down_card(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="lesson:a-turn")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter", "4", "enter")
        fan = app.screen.query_one("#lesson-fan")
        assert not fan.display and "Who must you take a card from?" in feedback(app)
        await pilot.press("1")
        assert "That's you!" in feedback(app)
        hand = list(run_of(app).game.hands[0])  # type: ignore[union-attr]
        await pilot.press("2")  # Ana is on the left: told at once, before any card is drawn
        assert "You chose to draw from Ana." in why(app) and not fan.display
        assert "not it" in str(app.screen.query_one("#lesson-seat-1").border_subtitle)
        assert list(run_of(app).game.hands[0]) == hand and not run_of(app).solved  # type: ignore[union-attr]
        assert store.mistakes(profile)[-1].code == "wrong-neighbour"
        made = len(store.mistakes(profile))
        await pilot.press("2")  # the same wrong seat at once (a key pressed twice): told again, counted once
        assert "You chose to draw from Ana." in why(app) and len(store.mistakes(profile)) == made
        await pilot.press("4")  # Cleo, on the right: her cards are held out
        assert fan.display and "Cleo holds out 4 cards, face down:" in shown(app, "#lesson-fan-label")
        ana, cleo = app.screen.query_one("#lesson-seat-1"), app.screen.query_one("#lesson-seat-3")
        assert ana.has_class("flagged") and cleo.has_class("cursor")  # without colour, two heavy frames looked like two seats chosen
        assert ana.styles.border_top[0] == "dashed" and cleo.styles.border_top[0] == "heavy"
        await pilot.press("escape")  # choose someone else
        assert not fan.display and isinstance(app.screen, LessonScreen)
        assert await pilot.click("#lesson-seat-3")  # Cleo, with the mouse
        assert fan.display and "Cleo holds out 4 cards" in shown(app, "#lesson-fan-label")
        assert why(app) == ""  # choosing again is acting: the reason makes way
        before = set(run_of(app).game.hands[0])  # type: ignore[union-attr]
        assert await pilot.click("#lesson-fan", offset=(8, 1))  # her second card
        assert run_of(app).solved and len(run_of(app).game.hands[0]) == 5  # type: ignore[union-attr]
        assert "You've got a new card: it is marked ★" in feedback(app)
        ana = app.screen.query_one("#lesson-seat-1")
        assert "not it" in str(ana.border_subtitle) and not ana.has_class("flagged"), "drawn from Cleo: Ana's heavy frame read as the seat drawn from"
        hand = app.screen.query_one("#lesson-hand", HandView)
        assert hand.new is not None and hand.cards[hand.new] not in before and hand.mark(hand.new) == "★"
        await pilot.press("enter")  # "does your new card make a pair?": the card is still marked
        await pilot.pause()
        hand = app.screen.query_one("#lesson-hand", HandView)
        assert hand.new is not None and hand.mark(hand.new) == "★"
        assert hand.key_line(0).plain.strip(" ▲") == "1"  # the lay-down step shows the keys under the cards


async def test_dealing_with_suit_letters(store: Any, profile: Any) -> None:
    set_settings(store, profile, suit_style="letters")
    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert "C clubs" in shown(app, "#lesson-text") and "♣" not in shown(app, "#lesson-text")
        await pilot.press("enter", "2", "enter", "2", "enter")
        assert run_of(app).step.kind == "deal" and "51 cards still to deal" in shown(app, "#lesson-deck")
        await pilot.press("space")
        assert "50 cards still to deal" in shown(app, "#lesson-deck") and "Card dealt!" in feedback(app)
        await pilot.press("a")
        assert run_of(app).solved and "every card is dealt" in shown(app, "#lesson-deck")
        hand = app.screen.query_one("#lesson-hand", HandView)
        assert hand.letters and hand.display


async def test_an_unknown_lesson_says_so(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="lesson:nope")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        text = shown(app, "#lesson-text")
        assert "There is no lesson called “nope”." in text and "deck-and-deal, pairs, a-turn" in text
        await pilot.press("h", "enter", "b", "R", "1")
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("escape")
        await ready(pilot)
        assert isinstance(app.screen, LessonListScreen)


WRONG_SOLUTION = dedent("""\
    format_version: 1
    id: wrong-solution
    title: A wrong solution
    concepts: [pairs]
    requires: [deck-and-deal]
    intro: The solution in this file is not a pair.
    summary: Two cards of one rank are a pair.
    steps:
      - id: fives
        kind: lay-down
        rules: bicycle
        seats: [you, Ana, Ben]
        dealer: Ben
        hands:
          you: [5♣, 5♥, 9♦]
          Ana: [9♠, 2♣]
          Ben: [2♦, Q♠]
        text: Lay down your pair.
        hints: [Two 5s.]
        success: Yes.
        solution: [[5♣, 9♦], done]
    """)


@pytest.fixture
def broken_course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A course of two good lessons and three broken files, in place of the packaged one."""
    folder = tmp_path / "course"
    folder.mkdir()
    shutil.copy(LESSONS / "01-deck-and-deal.yaml", folder)
    shutil.copy(LESSONS / "02-pairs.yaml", folder)
    (folder / "03-bad-card.yaml").write_text(
        WRONG_SOLUTION.replace("id: wrong-solution", "id: bad-card").replace("A wrong solution", "A bad card").replace("[5♣, 5♥, 9♦]", "[5♣, 5X, 9♦]"),
        encoding="utf-8",
    )
    (folder / "04-not-yaml.yaml").write_text("id: [oops\ntitle: Oops\n", encoding="utf-8")
    (folder / "05-wrong-solution.yaml").write_text(WRONG_SOLUTION, encoding="utf-8")
    monkeypatch.setattr(learner_lessons, "course_for_app", cache(lambda replay=False: load_course([folder], replay=replay)))
    return folder


async def test_broken_lesson_files_are_listed_with_their_messages(store: Any, profile: Any, broken_course: Path) -> None:
    course = load_course([broken_course])
    assert [broken.path.rsplit("/", 1)[-1] for broken in course.broken] == ["03-bad-card.yaml", "04-not-yaml.yaml", "05-wrong-solution.yaml"]
    app = TutorApp(store, profile, start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        lines = listed(app)
        assert lines[-4:] == [
            "Lesson files with a problem",
            "✗ 3. A bad card  (broken: can't be opened)",
            f"✗ 4. {course.broken[1].path}  (broken: can't be opened)",
            "✗ 5. A wrong solution  (broken: can't be opened)",
        ]
        listing = app.screen.query_one("#lesson-list", OptionList)
        for broken, index in zip(course.broken, range(len(lines) - 3, len(lines)), strict=False):
            listing.highlighted = index
            await pilot.press("enter")
            assert isinstance(app.screen, LessonListScreen)
            about = shown(app, "#lesson-about")
            assert "can't be opened" in about
            assert all(str(problem) in about for problem in broken.problems)
        assert "'5X' is not a card" in str(course.broken[0].problems[0])

        listing.highlighted = 1  # the first lesson still opens and plays
        await pilot.press("enter")
        await ready(pilot)
        assert isinstance(app.screen, LessonScreen) and run_of(app).lesson.id == "deck-and-deal"
        await pilot.press("enter", "2")
        assert run_of(app).solved


@pytest.mark.parametrize("lesson_id", ["bad-card", "wrong-solution"])
async def test_a_broken_lesson_opened_directly_shows_its_problems(store: Any, profile: Any, broken_course: Path, lesson_id: str) -> None:
    problems = next(broken for broken in load_course([broken_course]).broken if broken.id == lesson_id).problems
    app = TutorApp(store, profile, start=f"lesson:{lesson_id}")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        text = shown(app, "#lesson-text")
        assert "has a problem, so it can't be opened" in text
        assert all(str(problem) in text for problem in problems)
        assert app.screen.run is None  # type: ignore[attr-defined]


async def test_small_terminals_and_random_keys_never_crash(store: Any, profile: Any) -> None:
    """A child mashing keys through a lesson of mistakes, on a 60x20 terminal and smaller."""
    app = TutorApp(store, profile, start="lesson:common-mistakes")
    keys = ["left", "right", "up", "down", "space", "enter", "d", "a", "f", "h", "y", "n", "b", "R", "tab", "1", "2", "3", "4", "5", "9", "x"]
    choices = random.Random(7)
    async with app.run_test(size=(60, 20)) as pilot:
        await ready(pilot)
        for burst in range(12):
            for _ in range(12):
                key = choices.choice(keys)
                app._driver.send_message(events.Key(key, key if len(key) == 1 else None))  # type: ignore[union-attr]
            await pilot.pause()
            if not any(isinstance(screen, LessonScreen) for screen in app.screen_stack):
                app.push_screen(LessonScreen("common-mistakes"))  # see test_a_question_is_answered_once
                await ready(pilot)
            if burst == 6:
                await pilot.resize_terminal(59, 19)
                await pilot.pause()
                assert isinstance(app.screen, TooSmallScreen)
                await pilot.resize_terminal(60, 20)
                await pilot.pause()
        assert app.is_running


async def test_a_question_is_answered_once(store: Any, profile: Any) -> None:
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for key in ["R", "enter", "y"]:
            app._driver.send_message(events.Key(key, key if len(key) == 1 else None))  # type: ignore[union-attr]
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)


# ----- snapshots at 80x24 ------------------------------------------------------------------------


def test_snapshot_the_lesson_list(snap_compare: Any, store: Any, profile: Any) -> None:
    store.save_lesson_progress(profile, "deck-and-deal", 6, 0, True)
    store.save_lesson_progress(profile, "pairs", 2, 1, False)
    assert snap_compare(TutorApp(store, profile, start="lessons"), terminal_size=SIZE, run_before=ready)


def test_snapshot_a_lay_down_step_with_a_mistake(snap_compare: Any, store: Any, profile: Any) -> None:
    async def keep_the_pair_then_select(pilot: Pilot) -> None:
        await ready(pilot)
        await pilot.press("enter", "d", "1")

    assert snap_compare(TutorApp(store, profile, start="lesson:pairs"), terminal_size=SIZE, run_before=keep_the_pair_then_select)


def test_snapshot_a_seat_step_answered_wrongly(snap_compare: Any, store: Any, profile: Any) -> None:
    async def point_at_ana(pilot: Pilot) -> None:
        await ready(pilot)
        await pilot.press("enter", "2")

    assert snap_compare(TutorApp(store, profile, start="lesson:a-turn"), terminal_size=SIZE, run_before=point_at_ana)


def test_snapshot_a_draw_step_with_the_fan(snap_compare: Any, store: Any, profile: Any) -> None:
    async def choose_cleo(pilot: Pilot) -> None:
        await ready(pilot)
        await pilot.press("enter", "4", "enter", "4")

    assert snap_compare(TutorApp(store, profile, start="lesson:a-turn"), terminal_size=SIZE, run_before=choose_cleo)


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 40)])
def test_snapshot_a_choice_step_answered_wrongly(snap_compare: Any, store: Any, profile: Any, size: tuple[int, int]) -> None:
    """The reason for the wrong option in its own box, the option marked, at each size."""

    async def say_52(pilot: Pilot) -> None:
        await ready(pilot)
        await pilot.press("enter", "1")  # a full pack: one card too many
        await pilot.pause()

    assert snap_compare(TutorApp(store, profile, start="lesson:deck-and-deal"), terminal_size=size, run_before=say_52)


async def test_a_key_typed_as_the_next_step_appears_is_not_lost(store: Any, profile: Any) -> None:
    from textual import events

    from tutor.ui.cards import HandView

    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app._driver is not None
        for key, character in (("enter", "\r"), ("1", "1")):  # as quick as fingers: no wait between them
            app._driver.send_message(events.Key(key, character))
        await ready(pilot)
        hand = app.screen.query_one("#lesson-hand", HandView)
        assert "Pick the two cards of your pair" in shown(app, "#lesson-text")
        await until(pilot, lambda: hand.selected == {hand.cards[0]})  # the 1 picked the first card, however busy the machine


async def test_a_key_typed_on_a_step_to_read_does_not_answer_the_next_one(store: Any, profile: Any) -> None:
    """A 1 typed on step 1 (a step to read: nothing takes it) was kept and, once Enter had moved
    on, answered step 2's question before the learner had seen it (found by a newcomer's walk)."""
    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert "Step 1 of" in shown(app, "#lesson-step") and app.screen.focused is None
        await pilot.press("1")
        await pilot.pause(0.2)
        await pilot.press("enter")
        await ready(pilot)
        await pilot.pause(0.3)
        assert "Step 2 of" in shown(app, "#lesson-step") and why(app) == ""  # asked, not answered


async def test_enter_pressed_twice_on_a_step_to_read_does_not_answer_the_next_one(store: Any, profile: Any) -> None:
    """Enter, Enter on step 1: the second Enter chose the first answer of step 2 (lit up at
    first), and the learner was told "Not quite" for a question they had not read (found by a
    newcomer's walk). The answers now show with none lit up."""
    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")
        await ready(pilot)
        assert "Step 2 of" in shown(app, "#lesson-step") and app.screen.focused is not None  # the answers, ready
        await pilot.press("enter")  # once more, to go on
        await ready(pilot)
        assert why(app) == "" and "Yes, 51!" not in shown(app, "#lesson-feedback")  # asked, not answered
        await pilot.press("down", "down", "enter")  # arrows light an answer up; Enter then chooses it: 51
        await ready(pilot)
        assert "Yes, 51!" in shown(app, "#lesson-feedback")


async def test_a_seat_question_answered_marks_its_answer_beside_the_seat_not_it(store: Any, profile: Any) -> None:
    """A wrong seat, then the right one: the wrong one kept its "✗ not it" and the right one had
    no mark, as if the wrong one were still the choice (found by a newcomer's walk)."""
    from tutor.ui.lessons.seats import LessonSeat

    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")
        await ready(pilot)
        await pilot.press("2")  # 51: right
        await ready(pilot)
        await pilot.press("enter")  # step 3: who gets the first card?
        await ready(pilot)
        run = run_of(app)
        assert tuple(run.names[1:3]) == ("Ana", "Ben")  # Ana on the dealer's left gets the first card
        await pilot.press("3")  # Ben: not it
        await ready(pilot)
        await pilot.press("2")  # Ana
        await ready(pilot)
        assert run.solved
        seats = {seat.seat: seat for seat in app.screen.query(LessonSeat) if seat.display}
        assert seats[2].border_subtitle == "✗ not it" and seats[1].border_subtitle == "✓ the answer"
        assert seats[1].has_class("cursor") and not seats[2].has_class("flagged")  # the thick border on the answer, not on Ben
        await pilot.resize_terminal(60, 20)  # four seats of 15 columns: the words would be cut ("✓ the an…")
        await ready(pilot)
        assert seats[1].border_subtitle == "✓" and seats[2].border_subtitle == "✗ not it"


async def test_a_key_typed_with_back_is_for_the_step_back_there(store: Any, profile: Any) -> None:
    """B and 2 typed in one go on a step that has the focus: both reached the step's widget before
    Back had moved, and the 2 was lost on the way (found by a review, older than the review)."""
    from textual import events

    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")  # step 2: how many cards are in the deck?
        await ready(pilot)
        await pilot.press("2")  # 51: right
        await ready(pilot)
        await pilot.press("enter")  # step 3: who gets the first card? (the seats have the focus)
        await ready(pilot)
        assert "Step 3 of" in shown(app, "#lesson-step") and app.screen.focused is not None
        assert app._driver is not None
        for key in ("b", "1"):  # as quick as fingers: no wait between them
            app._driver.send_message(events.Key(key, key))
        await ready(pilot)
        assert "Step 2 of" in shown(app, "#lesson-step")  # back to step 2, asked afresh
        await until(pilot, lambda: "full pack" in why(app))  # and the 1 answered it: 52, a full pack


async def test_back_pressed_on_the_first_step_does_not_undo_the_next_enter(store: Any, profile: Any) -> None:
    """B on step 1 (no step before it) was kept for the next step, and sent the learner back as
    soon as Enter had moved on: Enter seemed to do nothing (found by a newcomer's walk, older)."""
    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("b")
        await ready(pilot)
        assert "Step 1 of" in shown(app, "#lesson-step")
        await pilot.press("enter")
        await ready(pilot)
        await pilot.pause(0.3)
        assert "Step 2 of" in shown(app, "#lesson-step")


async def test_the_stars_are_in_sight_when_the_end_does_not_fit(store: Any, profile: Any) -> None:
    """Lesson 7's last step leaves a long answer under the lesson: the end's box cannot fit whole on
    a small terminal, and its button was shown with the stars scrolled away above it."""
    store.save_lesson_progress(profile, "common-mistakes", 9, 0, False)
    app = TutorApp(store, profile, start="lesson:common-mistakes")
    async with app.run_test(size=(60, 20)) as pilot:
        await ready(pilot)
        await pilot.press("y")  # carry on from step 10
        await ready(pilot)
        await pilot.press("d")  # the pair held back: the mistake this step asks for
        await until(pilot, lambda: bool(app.screen.query("#lesson-done")))
        await pilot.pause(0.3)
        body, done = app.screen.query_one("#lesson-body"), app.screen.query_one("#lesson-done", LessonDone)
        assert done.outer_size.height > body.region.height, "the case this test is about: the box does not fit"
        done.into_view()  # as the screen asks once the box is laid out (the moment varies with a busy machine)
        await pilot.pause()
        assert any("Lesson done" in line for line in screen_lines(app.screen)), "the line with the stars is in sight"
        assert app.screen.query_one("#lesson-next").has_focus, "Enter still presses the button out of sight"


async def at_the_first_pairs(pilot: Pilot[None], app: TutorApp) -> HandView:
    """Lesson "Pairs" past its first step, at the hand to lay pairs down from."""
    await ready(pilot)
    await pilot.press("enter")
    await ready(pilot)
    return app.screen.query_one("#lesson-hand", HandView)


async def test_a_wrong_pair_is_not_left_selected_in_a_lesson(store: Any, profile: Any) -> None:
    """As at the game: the refused cards are marked by the mistake, with nothing left to unselect
    before the next try."""
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=SIZE) as pilot:
        hand = await at_the_first_pairs(pilot, app)
        first, second = _two_of_different_ranks(hand.cards)
        await pilot.press(str(first + 1), str(second + 1))
        assert len(hand.selected) == 2
        await pilot.press("enter")
        await until(pilot, lambda: "Not quite" in str(app.screen.query_one("#lesson-why-box").border_title))
        assert not hand.selected, "the wrong pair is marked by its ! signs, not left selected to undo"
        marked = hand.key_line(hand.cursor).plain
        assert hand.cursor in hand.flagged and marked.startswith("▲"), "the cursor stays in sight on a marked card"
        assert marked.endswith("!"), "and its ! too: both cards of the wrong pair are marked (a walker saw only one)"


async def test_one_card_laid_down_alone_in_a_lesson_is_half_a_pair_not_a_wrong_one(store: Any, profile: Any) -> None:
    """As at the game: "K♠ are not a pair." was said to a walker who had picked one card; the lesson
    now asks for its partner (or says none is in the hand), counts no mistake, and puts a card with
    no partner back (kept picked, it went down with the next pair as a wrong one)."""
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=SIZE) as pilot:
        hand = await at_the_first_pairs(pilot, app)
        made = len(store.mistakes(profile))
        lone = next(index for index, card in enumerate(hand.cards) if not any(card.pairs_with(other) for other in hand.cards))
        await pilot.press(str(lone + 1), "enter")
        await pilot.pause()
        said = feedback(app)
        assert "is picked, but no other card in your hand makes a pair with it" in said and "not a pair" not in said + why(app)
        assert len(store.mistakes(profile)) == made and hand.selected == set()


async def test_a_reason_too_long_for_its_box_says_so_on_its_edge(store: Any, profile: Any) -> None:
    """At 60x20 a wrong pair's reason ended mid-sentence on the box's edge, with nothing to say more
    was below (a walker's report): the edge says PgDn, until the end is in sight."""
    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=(60, 20)) as pilot:
        hand = await at_the_first_pairs(pilot, app)
        first, second = _two_of_different_ranks(hand.cards)
        await pilot.press(str(first + 1), str(second + 1), "enter")
        why = app.screen.query_one("#lesson-why-box", VerticalScroll)
        await until(pilot, lambda: why.display and why.max_scroll_y > 0)
        await pilot.pause(0.1)
        assert why.border_subtitle == "▼ more: PgDn"
        for _ in range(5):
            await pilot.press("pagedown")
        await pilot.pause(0.1)
        assert why.scroll_y == why.max_scroll_y and not why.border_subtitle


def _two_of_different_ranks(cards: list[Card]) -> tuple[int, int]:
    for second, card in enumerate(cards):
        if card.rank != cards[0].rank:
            return 0, second
    raise AssertionError("a hand of one rank")


def finish_worker(screen: Any, name: str, result: object) -> None:
    """Tell a screen its worker `name` finished with `result`, as Textual would."""
    from types import SimpleNamespace

    from textual.worker import WorkerState

    finished = SimpleNamespace(worker=SimpleNamespace(name=name, result=result), state=WorkerState.SUCCESS)
    screen.on_worker_state_changed(finished)


@pytest.mark.parametrize(
    ("start", "screen_kind", "worker", "back_to"),
    [
        ("lesson:pairs", LessonScreen, "prepare", LessonListScreen),  # the lesson, made ready in a thread
        ("lessons", LessonListScreen, "check-course", None),  # the list, whose course is checked in a thread
    ],
)
async def test_a_result_made_ready_after_the_learner_left_is_let_go(
    store: Any, profile: Any, start: str, screen_kind: type, worker: str, back_to: type | None
) -> None:
    """If a thread's result arrives after Escape closed the screen, nothing is shown on the closed
    screen (the soak found a crash here)."""
    app = TutorApp(store, profile, start=start)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, screen_kind)
        await pilot.press("escape")
        await ready(pilot)
        assert app.screen is not screen and not screen.is_attached
        finish_worker(screen, worker, lesson_of("pairs") if worker == "prepare" else screen.course)
        await pilot.pause()
        assert app.is_running
        if back_to is not None:
            assert isinstance(app.screen, back_to)


async def test_other_players_hands_are_face_down_unless_the_step_looks_behind_the_scenes(store: Any, profile: Any) -> None:
    """Lesson 6 opens behind the scenes (its words say so): Ana's Q♠ and 7♦ show on her seat. The
    next step is played as at the table: her hand is face down again, only its back and count."""
    app = TutorApp(store, profile, start="lesson:the-ending")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        for _ in range(5):
            if "behind the scenes" in shown(app, "#lesson-text").lower():
                break
            await pilot.press("enter")
            await ready(pilot)
        seat = str(app.screen.query_one("#lesson-seat-0", Static).content)
        assert "Q♠" in seat and "7♦" in seat, seat
        await pilot.press("enter")
        await ready(pilot)
        seat = str(app.screen.query_one("#lesson-seat-0", Static).content)
        assert "Q♠" not in seat and "7♦" not in seat and "▒" in seat and "2 cards" in seat, seat


async def test_escape_closes_a_wrong_answers_box_before_it_leaves_the_lesson(store: Any, profile: Any) -> None:
    """A walker pressed Escape to close the "Not quite" box and was at the list of lessons: as in a
    game, the first Escape closes the box (the lesson stays where it was), the next one leaves."""
    from tutor.ui.lessons.lesson_screen import LessonScreen
    from tutor.ui.lessons.list_screen import LessonListScreen

    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")
        await pilot.press("d")  # keeps the pair of 5s: a mistake
        assert "You still hold 5♣ and 5♥." in why(app)
        hand = app.screen.query_one("#lesson-hand", HandView)
        assert hand.flagged, "the 5s are marked with ! while the box says why"
        await pilot.press("escape")
        assert isinstance(app.screen, LessonScreen) and why(app) == ""
        assert not hand.flagged, "the ! marks go with the box (a walker saw them stay)"
        assert "Pick the two cards of your pair" in shown(app, "#lesson-text") and not run_of(app).solved
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)


def test_an_answers_mark_is_never_split_between_two_lines() -> None:
    """German's "✓ die Antwort" wrapped as "✓ die" / "Antwort" at 80x24: a mark that does not fit
    after the words starts a line of its own, whole."""
    from io import StringIO

    from rich.console import Console

    from tutor.ui.answers import option_line

    def drawn(width: int) -> list[str]:
        out = StringIO()
        Console(file=out, width=width, color_system=None).print(option_line(2, "Wer zuletzt die übrige Karte hat", right=True, wrong=False))
        return [line.rstrip() for line in out.getvalue().splitlines()]

    assert drawn(60) == ["2. Wer zuletzt die übrige Karte hat  ✓ the answer"]
    assert drawn(40) == ["2. Wer zuletzt die übrige Karte hat", "  ✓ the answer"]
    assert drawn(20) == ["2. Wer zuletzt die", "übrige Karte hat", "  ✓ the answer"]


async def test_a_window_made_shorter_while_a_reason_shows_keeps_the_question_above(store: Any, profile: Any) -> None:
    """The question stays above the lesson while a wrong answer's reason shows; a window made
    shorter while it shows also gives the reason the instruction's line, and taller, gives it back."""
    from textual.widgets import Static

    app = TutorApp(store, profile, start="lesson:deck-and-deal")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("enter", "1")  # a full pack: one card too many
        await pilot.pause()
        screen = app.screen
        options = screen.query_one("#lesson-options")
        assert not options.has_class("-crowded") and screen.query_one("#lesson-question").display
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert options.has_class("-crowded") and "How many cards are in it?" in str(screen.query_one("#lesson-question", Static).content)
        assert not screen.query_one("#lesson-feedback-box").display and not screen.query_one("#lesson-text").display
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not options.has_class("-crowded") and screen.query_one("#lesson-feedback-box").display
        assert "How many cards are in it?" in str(screen.query_one("#lesson-question", Static).content), "above the lesson while the reason shows"


async def test_on_a_short_terminal_the_question_stays_above_the_cards_to_act_on(store: Any, profile: Any) -> None:
    """At 60x20 the lesson scrolls to keep the cards to act on in view, and a step's question went
    out of sight above ("you're done." alone); it now stays above the lesson while there are cards
    or answers to act on, there, and goes back into the lesson once the step is done."""
    from textual.widgets import Static

    app = TutorApp(store, profile, start="lesson:pairs")
    async with app.run_test(size=(60, 20)) as pilot:
        await ready(pilot)
        await pilot.press("enter")  # "Pick the two cards of your pair and lay them down. Then say you're done."
        await pilot.pause()
        screen, body = app.screen, app.screen.query_one("#lesson-body")
        question = screen.query_one("#lesson-question", Static)
        assert question.display and not screen.query_one("#lesson-text").display
        assert str(question.content).startswith("Pick the two cards of your pair") and question.region.bottom <= body.region.y
        await pilot.press("1", "2", "enter", "d")  # 5♣ 5♥ down, then done: the step answered, its question stays above
        await pilot.pause()
        assert run_of(app).solved and question.display and str(question.content).startswith("Pick the two cards of your pair")
        await pilot.resize_terminal(80, 24)  # room enough: the words scroll with the lesson, as before
        await pilot.pause()
        assert not question.display and screen.query_one("#lesson-text").display
