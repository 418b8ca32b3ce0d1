"""The learner policy from the record alone: lesson standing and stars, what next, growth, one
count per mistake kind, and the one mistake → concept → lesson mapping. No UI module is imported
(test_import_hygiene-style check at the end)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import pytest

from tutor.concepts import CONCEPTS, MISTAKE_CONCEPTS, lesson_of_mistake
from tutor.engine.mistakes import MistakeCode
from tutor.learner.lessons import (
    Status,
    course_for_app,
    lesson_place,
    next_lesson,
    standing_of,
    stars_for,
)
from tutor.learner.policy import (
    GROWTH_STEPS,
    Record,
    growth,
    level_of,
    mistake_counts,
    next_step,
    standings,
    today,
)
from tutor.learner.recorder import Recorder
from tutor.store import Level

MONDAY, TUESDAY = datetime(2025, 3, 3, 16, 0), datetime(2025, 3, 4, 17, 30)
COURSE = course_for_app()
LESSONS = COURSE.lessons


def record(store: Any, profile: Any, day: date | None = None) -> Record:
    return Record.read(store, profile, day=day)


def advice(store: Any, profile: Any) -> str:
    return next_step(record(store, profile), COURSE).text


def finish(store: Any, profile: Any, *lesson_ids: str, when: datetime = MONDAY, hints: int = 0) -> None:
    for lesson_id in lesson_ids:
        store.save_lesson_progress(profile, lesson_id, 3, hints, True, when=when)


# ----- the one mapping ----------------------------------------------------------------------------------


def test_every_mistake_code_has_one_concept_and_lesson() -> None:
    assert set(MISTAKE_CONCEPTS) == {code.value for code in MistakeCode}
    assert all(concept in CONCEPTS for concept in MISTAKE_CONCEPTS.values())
    lesson_ids = {lesson.id for lesson in LESSONS}
    assert all(lesson_of_mistake(code.value) in lesson_ids for code in MistakeCode)
    assert lesson_of_mistake("no-such-code") is None


def test_mistakes_yaml_names_the_same_lesson_as_the_concepts() -> None:
    """`lesson` in lessons/mistakes.yaml is derived from tutor.concepts: they may never differ."""
    from tutor.course.mistakes import load_mistakes

    assert {code.value: load_mistakes()[code.value].lesson for code in MistakeCode} == {code.value: lesson_of_mistake(code.value) for code in MistakeCode}


def test_the_quiz_points_at_the_lesson_of_the_concept() -> None:
    """A spot-the-mistake question is about the concept tutor.concepts gives its mistake."""
    import random

    from tutor.engine import Rules
    from tutor.quiz import GENERATORS
    from tutor.wording import Seats

    rules, seen = Rules.table(players=5), set()
    for seed in range(120):
        question = GENERATORS["spot-the-mistake"](random.Random(seed), rules, Seats(("You", "Bea", "Sam", "Ana", "Kit")))
        code = question.values[min(question.correct)]
        if code is not None:
            assert question.concept == MISTAKE_CONCEPTS[code], question
            seen.add(code)
    assert len(seen) >= 4


# ----- standing and stars --------------------------------------------------------------------------------


@pytest.mark.parametrize(("hints", "mistakes", "stars"), [(0, 0, 3), (1, 0, 2), (0, 2, 2), (1, 1, 2), (2, 1, 1), (0, 5, 1)])
def test_stars(hints: int, mistakes: int, stars: int) -> None:
    assert stars_for(hints, mistakes) == stars


def test_standing_locked_new_started_done(store: Any, profile: Any) -> None:
    first, second = LESSONS[0], LESSONS[1]
    assert standing_of(first, COURSE, {}).status is Status.NEW
    locked = standing_of(second, COURSE, {})
    assert locked.status is Status.LOCKED and locked.missing == (first.title,)
    assert locked.words == f"locked: finish “{first.title}” first"
    assert standing_of(second, COURSE, {}, unlock_all=True).status is Status.NEW
    store.save_lesson_progress(profile, first.id, 2, 0, False)
    started = standing_of(first, COURSE, store.lesson_progress(profile))
    assert started.status is Status.STARTED and started.words == f"step 3 of {len(first.steps)}"
    finish(store, profile, first.id, hints=1)
    store.record_mistake(profile, "stock-left", [], lesson_place(first.id))
    store.record_mistake(profile, "stock-left", [], lesson_place(first.id, again=True))  # practice
    done = standings(record(store, profile), COURSE)[first.id]
    assert done.status is Status.DONE and done.stars == 2
    assert standings(record(store, profile), COURSE)[second.id].status is Status.NEW


def test_next_lesson_skips_done_and_locked(store: Any, profile: Any) -> None:
    assert next_lesson(COURSE, None, {}) == LESSONS[0]
    assert next_lesson(COURSE, LESSONS[0].id, {}) is None  # the rest is locked
    finish(store, profile, LESSONS[0].id)
    assert next_lesson(COURSE, LESSONS[0].id, store.lesson_progress(profile)) == LESSONS[1]


def test_the_course_is_read_once() -> None:
    assert course_for_app() is course_for_app()


# ----- what next ----------------------------------------------------------------------------------------


def test_a_new_learner_starts_with_the_first_lesson(store: Any, profile: Any) -> None:
    suggestion = next_step(record(store, profile), COURSE)
    assert suggestion.text == f"Start with the first lesson, “{LESSONS[0].title}”."
    assert suggestion.target == f"lesson:{LESSONS[0].id}" and suggestion.label == f"Lesson 1: {LESSONS[0].title}"


def test_after_a_lesson_the_next_one_it_unlocks(store: Any, profile: Any) -> None:
    finish(store, profile, "deck-and-deal")
    assert advice(store, profile) == "Next lesson: “Pairs”. You're ready for it!"


def test_a_started_lesson_comes_first(store: Any, profile: Any) -> None:
    finish(store, profile, "deck-and-deal")
    store.save_lesson_progress(profile, "pairs", 2, 0, False, when=TUESDAY)
    suggestion = next_step(record(store, profile), COURSE)
    assert suggestion.text.startswith("Carry on with the lesson “Pairs”: you stopped at step 3 of")
    assert suggestion.label == "Lesson 2: Pairs (step 3)"


def test_a_rule_missed_twice_in_a_row_sends_back_to_its_lesson(store: Any, profile: Any) -> None:
    finish(store, profile, "deck-and-deal", "pairs")
    for minute, right in enumerate([False, True, False, False]):
        store.record_answer(profile, "q", "direction", right, when=TUESDAY.replace(minute=minute))
    assert advice(store, profile) == (
        "The quiz questions about “Who you draw from” were tricky: your last 2 were not quite right. The lesson “A turn in Bicycle rules” explains it."
    ), "not 'have another look': the learner has not done that lesson yet"
    assert next_step(record(store, profile), COURSE).label == "Lesson 3: A turn in Bicycle rules", "not 'Look again'"
    finish(store, profile, "a-turn")
    store.record_answer(profile, "q", "direction", False, when=TUESDAY.replace(minute=9))
    store.record_answer(profile, "q", "direction", False, when=TUESDAY.replace(minute=10))
    again = next_step(record(store, profile), COURSE)
    assert again.text.endswith("explains it: have another look!") and again.label == "Look again: A turn in Bicycle rules"


def test_a_missed_rule_waits_until_its_lesson_can_be_opened(store: Any, profile: Any) -> None:
    for minute in range(3):
        store.record_answer(profile, "q", "direction", False, when=TUESDAY.replace(minute=minute))
    assert advice(store, profile) == "Start with the first lesson, “The deck and the deal”."


def test_mistakes_since_the_lesson_send_back_to_it_with_the_one_count(store: Any, profile: Any) -> None:
    finish(store, profile, "deck-and-deal", "pairs")
    for when in (MONDAY.replace(hour=9), TUESDAY, TUESDAY, TUESDAY):  # the first was before the lesson
        store.record_mistake(profile, "kept-pair", [], "game", when=when)
    # the count said is the count the mistakes list shows: all 4, not the 3 since the lesson
    assert advice(store, profile) == "“Every pair goes down” has tripped you up 4 times. The lesson “Pairs” is all about it."
    assert [(item.code, item.times) for item in mistake_counts(record(store, profile), COURSE)] == [("kept-pair", 4)]


def test_after_every_lesson_a_first_game_then_a_quiz_then_practice(store: Any, profile: Any) -> None:
    finish(store, profile, *[lesson.id for lesson in LESSONS])
    assert next_step(record(store, profile), COURSE).target == "play"
    assert advice(store, profile).startswith("Play your first whole game")
    store.record_finished_game(profile, {}, "safe", 20, 0, when=TUESDAY)
    assert next_step(record(store, profile), COURSE).target == "quiz"
    assert advice(store, profile).startswith("Take your first quiz round")
    store.record_answer(profile, "q", "pairs", False, when=TUESDAY)
    suggestion = next_step(record(store, profile), COURSE)
    assert suggestion.target == "quiz" and suggestion.text.startswith("Practise what you missed: a quiz round helps “What makes a pair”")
    for concept in CONCEPTS:
        for day in (MONDAY, TUESDAY, TUESDAY.replace(hour=18)):
            store.record_answer(profile, "q", concept, True, when=day)
    assert advice(store, profile) == "You know every rule! Play a game of Old Maid and enjoy it."


# ----- honest counts ------------------------------------------------------------------------------------


def test_one_count_per_mistake_kind_and_on_purpose_ones_never_count(store: Any, profile: Any) -> None:
    recorder = Recorder(store, profile)
    for _ in range(3):
        recorder.game_mistake(MistakeCode.KEPT_PAIR, ["5C", "5H"])
    recorder.lesson_mistake("common-mistakes", MistakeCode.KEPT_PAIR, ["5C", "5H"], on_purpose=True)
    recorder.lesson_mistake("common-mistakes", MistakeCode.NOT_A_PAIR, ["5C", "6H"], on_purpose=True)
    recorder.lesson_mistake("pairs", MistakeCode.KEPT_PAIR, ["7C", "7H"])
    recorder.lesson_mistake("pairs", None)  # a wrong choice: the lesson's stars only
    counts = mistake_counts(record(store, profile), COURSE)
    assert [(item.code, item.times, item.lesson) for item in counts] == [("kept-pair", 4, "pairs")]


def test_a_mistake_made_with_picture_cards_is_counted_apart_in_the_picture_decks_words(store: Any, profile: Any) -> None:
    """Two Cat cards pair, 5♣ and 6♥ do not: a wrong pair of pictures is said as the picture rule,
    with the picture lesson, beside the wrong pairs of playing cards. A rule said in the same
    words for every deck is one kind ("Every pair goes down": a walker read it twice, with two
    counts)."""
    recorder = Recorder(store, profile)
    recorder.game_mistake(MistakeCode.NOT_A_PAIR, ["5♣", "6♥"])
    for _ in range(2):
        recorder.game_mistake(MistakeCode.NOT_A_PAIR, ["Cat", "Dog"])
    recorder.game_mistake(MistakeCode.KEPT_PAIR, ["Cat", "Cat"])
    recorder.game_mistake(MistakeCode.KEPT_PAIR, ["5♣", "5♥"])
    counts = mistake_counts(record(store, profile), COURSE)
    assert [(item.code, item.times, item.rule, item.lesson) for item in counts] == [
        ("kept-pair", 2, "Every pair goes down", "pairs"),
        ("not-a-pair", 2, "A pair is two cards with the same picture", "picture-cards"),
        ("not-a-pair", 1, "A pair is two cards of the same rank", "pairs"),
    ]


def test_on_purpose_mistakes_kept_by_an_earlier_version_do_not_count(tmp_path: Any) -> None:
    """Before the recorder, the lesson screen kept every mistake, those a step asked for too: a
    file from before has them, and they are left out; a real one kept since always counts."""
    import sqlite3

    from tutor.store import open_store
    from tutor.store.schema import migrate

    old = sqlite3.connect(tmp_path / "progress.db", isolation_level=None)
    migrate(old, target=4)
    old.execute("INSERT INTO profile (id, name, name_key, created) VALUES (1, 'Ana', 'ana', '2025-01-01T00:00:00+00:00')")
    for code, place in (("kept-pair", "lesson:common-mistakes"), ("out-of-turn", "lesson:common-mistakes"), ("not-a-pair", "lesson:pairs")):
        old.execute("INSERT INTO mistake (profile_id, code, cards, place, made) VALUES (1, ?, '[]', ?, '2025-01-01T00:00:00+00:00')", (code, place))
    old.close()  # lesson 7 asks for kept-pair; no step asks for out-of-turn; lesson 2 asks for no mistake
    with open_store(tmp_path) as store:
        profile = store.get_or_create_profile("Ana")
        counts = mistake_counts(record(store, profile), COURSE)
        assert sorted((item.code, item.times) for item in counts) == [("not-a-pair", 1), ("out-of-turn", 1)]
        Recorder(store, profile).lesson_mistake("common-mistakes", "wrong-neighbour", [])  # real: lesson 7 asks for it on purpose elsewhere
        counts = mistake_counts(record(store, profile), COURSE)
        assert sorted((item.code, item.times) for item in counts) == [("not-a-pair", 1), ("out-of-turn", 1), ("wrong-neighbour", 1)]


# ----- growth --------------------------------------------------------------------------------------------


def test_growth_counts_the_lesson_the_answers_and_the_days(store: Any, profile: Any) -> None:
    def pairs_growth(day: date | None = None) -> Any:
        return next(item for item in growth(record(store, profile, day), COURSE) if item.concept.id == "pairs")

    assert pairs_growth().steps == 0
    finish(store, profile, "deck-and-deal", "pairs", when=MONDAY)
    assert pairs_growth().steps == 1
    store.record_answer(profile, "q", "pairs", True, when=MONDAY)
    store.record_answer(profile, "q", "pairs", False, when=MONDAY)
    assert pairs_growth().steps == 3  # lesson, one right answer, one day
    store.record_answer(profile, "q", "pairs", True, when=TUESDAY)
    store.record_answer(profile, "q", "pairs", True, when=TUESDAY.replace(hour=18))
    grown = pairs_growth(TUESDAY.date())
    assert grown.steps == GROWTH_STEPS and grown.level.value == "mastered"
    assert grown.today == 3  # two more right answers and a second day, all on Tuesday


def test_a_full_bar_only_when_the_latest_answer_is_right(store: Any, profile: Any) -> None:
    finish(store, profile, "deck-and-deal", "pairs")
    for when in (MONDAY, TUESDAY, TUESDAY.replace(hour=18)):
        store.record_answer(profile, "q", "pairs", True, when=when)
    store.record_answer(profile, "q", "pairs", False, when=TUESDAY.replace(hour=19))
    item = next(item for item in growth(record(store, profile), COURSE) if item.concept.id == "pairs")
    assert item.steps == GROWTH_STEPS - 1 and item.level.value == "practised"


def concept_levels(store: Any, profile: Any) -> dict[str, Level]:
    answers = store.answers(profile)
    return {concept: level_of([a for a in answers if a.concept == concept]) for concept in {a.concept for a in answers}}


def test_mastery_levels(store: Any, profile: Any) -> None:
    store.record_answer(profile, "q", "never right", False, when=MONDAY)
    store.record_answer(profile, "q", "right once", True, when=MONDAY)
    for hour in (1, 2, 3):
        store.record_answer(profile, "q", "one day only", True, when=MONDAY + timedelta(hours=hour))
    for moment in (MONDAY, MONDAY + timedelta(hours=1), TUESDAY):
        store.record_answer(profile, "q", "mastered", True, when=moment)
        store.record_answer(profile, "q", "slipped lately", True, when=moment)
    store.record_answer(profile, "q", "slipped lately", False, when=TUESDAY + timedelta(hours=1))
    assert concept_levels(store, profile) == {
        "never right": Level.LEARNING,
        "right once": Level.PRACTISED,
        "one day only": Level.PRACTISED,
        "mastered": Level.MASTERED,
        "slipped lately": Level.PRACTISED,
    }


def test_mastery_comes_back_after_a_slip_is_put_right(store: Any, profile: Any) -> None:
    for moment in (MONDAY, TUESDAY, TUESDAY + timedelta(hours=1)):
        store.record_answer(profile, "q", "pairs", True, when=moment)
    store.record_answer(profile, "q", "pairs", False, when=TUESDAY + timedelta(hours=2))
    assert concept_levels(store, profile) == {"pairs": Level.PRACTISED}
    store.record_answer(profile, "q", "pairs", True, when=TUESDAY + timedelta(hours=3))
    assert concept_levels(store, profile) == {"pairs": Level.MASTERED}


def test_what_changed_today(store: Any, profile: Any) -> None:
    now = datetime.now().astimezone()
    finish(store, profile, "deck-and-deal", when=now - timedelta(days=3))
    assert today(record(store, profile), COURSE) == []
    finish(store, profile, "pairs", when=now)
    store.record_answer(profile, "q", "pairs", True, when=now)
    store.record_answer(profile, "q", "deck", False, when=now)
    store.record_finished_game(profile, {}, "safe", 20, 0, when=now)
    assert today(record(store, profile), COURSE) == [
        "Lessons done today: “Pairs”.",
        "Quiz answers today: 1 of 2 right.",
        "Games played today: 1.",
        "Rules that grew today: What makes a pair, Three and four of a kind.",
    ]


def test_the_game_tally_counts_each_result_and_knows_the_last_game(store: Any, profile: Any) -> None:
    from tutor.learner.policy import game_tally
    from tutor.store import GameResult

    assert game_tally(record(store, profile)).last is None
    for result, day in ((GameResult.SAFE, 1), (GameResult.OLD_MAID, 2), (GameResult.SAFE, 3)):
        store.record_finished_game(profile, {}, result, 10 + day, 0, when=datetime(2026, 3, day, 9, 0).astimezone())
    tally = game_tally(record(store, profile))
    assert (tally.played, tally.results[GameResult.SAFE], tally.results[GameResult.OLD_MAID]) == (3, 2, 1)
    assert tally.ordinary and not tally.reversed and tally.last is not None and tally.last.draws == 13
    store.record_finished_game(profile, {}, GameResult.LOST, 9, 1, when=datetime(2026, 3, 4, 9, 0).astimezone())
    assert game_tally(record(store, profile)).reversed


# ----- the course map and its ending (issue 26) -----------------------------------------------------


def test_the_course_map_fills_up_with_best_stars_and_marks_what_comes_next(store: Any, profile: Any) -> None:
    from tutor.learner.policy import course_map

    empty = course_map(record(store, profile), COURSE)
    assert [stop.lesson.id for stop in empty.stops] == [lesson.id for lesson in LESSONS]
    assert (empty.done, empty.stars, empty.most_stars, empty.complete) == (0, 0, 3 * len(LESSONS), False)
    assert empty.next is LESSONS[0] and [stop.next for stop in empty.stops].count(True) == 1
    store.save_lesson_progress(profile, LESSONS[0].id, 3, 5, True, stars=3)  # a better run kept 3 stars over a first run's hints
    store.save_lesson_progress(profile, LESSONS[1].id, 2, 1, False)
    some = course_map(record(store, profile), COURSE)
    assert (some.done, some.stars) == (1, 3) and some.next is LESSONS[1]
    assert [stop.number for stop in some.stops] == list(range(1, len(LESSONS) + 1))


def test_the_course_ends_when_every_lesson_is_done(store: Any, profile: Any) -> None:
    from tutor.learner.celebrations import course_done
    from tutor.learner.policy import course_map

    for lesson in LESSONS[:-1]:
        store.save_lesson_progress(profile, lesson.id, len(lesson.steps), 0, True, stars=3)
    assert not course_map(record(store, profile), COURSE).complete
    store.save_lesson_progress(profile, LESSONS[-1].id, len(LESSONS[-1].steps), 4, True)  # done before runs were kept: ★ from its hints
    plan = course_map(record(store, profile), COURSE)
    assert plan.complete and plan.next is None and plan.stars == 3 * (len(LESSONS) - 1) + 1
    ending = course_done(plan.stars, plan.most_stars)
    assert ending.headline == "The end of the course: you did it!"
    assert f"{plan.stars} of {plan.most_stars} stars" in ending.text and "Play any lesson again" in ending.text
    champion = course_done(plan.most_stars, plan.most_stars)
    assert "champion" in champion.text and "Play any lesson again" not in champion.text
    for words in (ending, champion):  # short, kind, plain text: no emoji, nothing beyond what every terminal draws
        assert len(words.lines) <= 3 and all(ord(character) < 0x2000 for character in words.text)


def test_finishing_the_last_lesson_tells_the_course_s_ending(store: Any, profile: Any) -> None:
    recorder = Recorder(store, profile)
    for lesson in LESSONS[:-1]:
        store.save_lesson_progress(profile, lesson.id, len(lesson.steps), 0, True, stars=3)
    done = recorder.lesson_finished(LESSONS[-1].id)
    assert "The end of the course: you did it!" in done.text and f"{3 * len(LESSONS)} of {3 * len(LESSONS)} stars" in done.text
    assert "Try a game or a quiz round next" not in done.text
    store.reset_lesson(profile, LESSONS[0].id)
    assert "The end of the course" not in recorder.lesson_finished(LESSONS[-1].id).text  # one still to do: no ending yet


def test_the_lesson_titles_stand_in_a_column_after_the_longest_mark(store: Any, profile: Any) -> None:
    """German's "▶ Schritt 2 von 6" is longer than the column English needs: it ran into the
    title ("▶ Schritt 2 von 61. Die Karten..."), read as step 2 of 61."""
    from tutor import language
    from tutor.learner.progress_words import lessons

    store.save_lesson_progress(profile, "deck-and-deal", 1, 0, False)
    language.ask("de")
    try:
        lines = "".join(text for text, _ in lessons(record(store, profile), COURSE)).splitlines()
    finally:
        language.ask(None)
    numbered = [line for line in lines if ". " in line and line.split(". ")[0].split()[-1].isdigit()]
    assert numbered[0].startswith("▶ Schritt 2 von 6 ")
    columns = {line.index(f"{number}. ") for number, line in enumerate(numbered, 1)}
    assert len(columns) == 1, numbered


@pytest.mark.parametrize(("code", "said"), [("en", "Thu 03 Dec 2026"), ("es", "jue, 3 dic 2026"), ("de", "Do., 3. Dez. 2026")])
def test_a_day_is_written_as_its_language_writes_it(code: str, said: str) -> None:
    from tutor import language
    from tutor.learner.progress_words import day_text

    language.ask(code)
    try:
        assert day_text(date(2026, 12, 3)) == said
    finally:
        language.ask(None)
