"""LessonRun: answers are checked by the engine (any correct answer passes), mistakes are explained,
hints unlock in levels, and a learner can go back, restart a step or resume a lesson."""

from __future__ import annotations

import itertools
import random
from textwrap import dedent

import pytest

from tutor.course import (
    ChoiceStep,
    DealCards,
    DealStep,
    Done,
    DrawFrom,
    DrawStep,
    ExplainStep,
    FinishDealing,
    LayDownCards,
    Lesson,
    LessonRun,
    PairStep,
    PickOption,
    PickSeat,
    SeatStep,
    StepBroken,
    TaskStep,
    load_course,
    parse_lesson,
)
from tutor.course.runner import RIGHT_MOVE_INSTEAD
from tutor.engine import Card, MistakeCode, parse_cards
from tutor.wording import ARE_YOU_SURE

COURSE = load_course(replay=False)  # parsed only: every solution replays in test_course_lessons; this runs in every worker as it collects


def lesson(lesson_id: str) -> Lesson:
    found = COURSE.lesson(lesson_id)
    assert found is not None
    return found


def run_at(lesson_id: str, step_id: str, letters: bool = False) -> LessonRun:
    found = lesson(lesson_id)
    index = [step.id for step in found.steps].index(step_id)
    run = LessonRun(found, step=index, letters=letters)
    assert run.step.id == step_id
    return run


def parsed(text: str) -> Lesson:
    found, problems = parse_lesson(dedent(text), "lessons/99-test.yaml")
    assert found is not None, [str(problem) for problem in problems]
    return found


# ----- any correct answer passes -------------------------------------------------------------------


@pytest.mark.parametrize("pair", list(itertools.combinations(["7♣", "7♦", "7♠"], 2)))
def test_any_seven_may_stay_from_three_sevens(pair: tuple[str, str]) -> None:
    run = run_at("pairs", "three-sevens")
    laid = run.submit(LayDownCards(pair))
    assert laid.right and not laid.solved and laid.message == ""
    done = run.submit(Done())
    assert done.right and done.solved and "any 7" in done.message
    kept = [card for card in run.game.hands[run.learner] if card.rank == "7"]  # type: ignore[union-attr,index]
    assert len(kept) == 1 and kept[0] not in parse_cards(pair)


def test_four_of_a_kind_may_go_down_at_once_or_as_two_pairs() -> None:
    at_once = run_at("pairs", "four-kings")
    at_once.submit(LayDownCards(["K♣", "K♦", "K♥", "K♠"]))
    assert at_once.submit(Done()).solved
    in_twos = run_at("pairs", "four-kings")
    in_twos.submit(LayDownCards(["K♠", "K♣"]))
    in_twos.submit(LayDownCards(["K♥", "K♦"]))
    assert in_twos.submit(Done()).solved


def play_with_own_answers(run: LessonRun, rng: random.Random) -> None:
    """Answer the step rightly, but not necessarily as the lesson's solution does."""
    step, game, you = run.step, run.game, run.learner
    if not isinstance(step, TaskStep) or step.expect is not None:
        run.solve_with_solution()
    elif isinstance(step, PairStep):
        while pairs := run.game.pairs_in(you):  # type: ignore[union-attr,arg-type]
            assert run.submit(LayDownCards(pairs[-1])).right
        run.submit(Done())
    elif isinstance(step, DrawStep):
        giver = game.giver  # type: ignore[union-attr]
        run.submit(DrawFrom(giver, rng.randrange(len(game.hands[giver]))))  # type: ignore[union-attr,index]
    elif isinstance(step, SeatStep):
        run.submit(PickSeat(rng.choice(sorted(run.right_seats()))))
    elif isinstance(step, ChoiceStep):
        run.submit(PickOption(rng.choice(sorted(run.right_options()))))
    elif isinstance(step, DealStep):
        run.submit(DealCards(rng.choice([None, 1])))
        while not run.solved:
            run.submit(DealCards(None))
    assert run.solved, run.step.id


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("lesson_id", [entry.id for entry in COURSE.lessons])
def test_every_lesson_can_be_finished_with_other_right_answers(lesson_id: str, seed: int) -> None:
    rng = random.Random(seed)
    run = LessonRun(lesson(lesson_id))
    while True:
        if isinstance(run.step, TaskStep):
            assert run.start_problem() is None, run.step.id
        play_with_own_answers(run, rng)
        if not run.advance():
            break
    assert run.finished


@pytest.mark.parametrize("lesson_id", [entry.id for entry in COURSE.lessons])
def test_every_answer_given_as_the_last_hint_ends_its_sentences_once(lesson_id: str) -> None:
    """'The answer is “Only you.”.' had a full stop after the option's own."""
    run, rng = LessonRun(lesson(lesson_id)), random.Random(1)
    while True:
        if isinstance(run.step, TaskStep):
            answer = run.answer()
            assert ".”." not in answer and ".." not in answer, (run.step.id, answer)
            play_with_own_answers(run, rng)
        if not run.advance():
            break


def test_a_blind_draw_takes_the_card_at_the_chosen_face_down_position() -> None:
    run = run_at("a-turn", "first-draw")
    giver = run.game.giver  # type: ignore[union-attr]
    before = set(run.game.hands[giver])  # type: ignore[union-attr]
    feedback = run.submit(DrawFrom(giver, 2))  # type: ignore[arg-type]
    assert feedback.solved
    (taken,) = before - set(run.game.hands[giver])  # type: ignore[union-attr]
    assert taken in run.game.hands[run.learner]  # type: ignore[union-attr,index]


def test_a_scripted_draw_happens_as_written_whichever_card_is_picked() -> None:
    for position in range(3):
        run = run_at("worked-turn", "draw-the-five")
        assert run.submit(DrawFrom(run.game.giver, position)).solved  # type: ignore[union-attr,arg-type]
        assert Card.parse("5♥") in run.game.hands[run.learner]  # type: ignore[union-attr,index]


# ----- mistakes are explained, and change nothing ----------------------------------------------------


def test_a_kept_pair_is_explained_with_the_steps_own_words_and_its_cards() -> None:
    run = run_at("pairs", "lay-down-the-fives")
    before = run.game.to_dict()  # type: ignore[union-attr]
    feedback = run.submit(Done())
    assert not feedback.right and not feedback.solved
    assert feedback.mistake is not None and feedback.mistake.code is MistakeCode.KEPT_PAIR
    assert feedback.explanation is not None and feedback.explanation.lesson == "pairs"
    assert "one black card and one red card" in feedback.explanation.why
    assert "5♣" in feedback.message and "5♥" in feedback.message
    assert run.game.to_dict() == before and run.tries == 1  # type: ignore[union-attr]


def test_without_the_steps_own_words_the_mistakes_file_explains() -> None:
    run = run_at("pairs", "three-sevens")
    feedback = run.submit(LayDownCards(["7♣", "7♦", "7♠"]))
    assert feedback.mistake.code is MistakeCode.LAID_DOWN_THREE  # type: ignore[union-attr]
    assert feedback.explanation.rule == "Three of a kind is one pair and one card to keep"  # type: ignore[union-attr]


def test_drawing_from_the_wrong_player_is_explained_and_nothing_is_drawn() -> None:
    run = run_at("a-turn", "first-draw")
    left = (run.learner + 1) % len(run.names)  # type: ignore[operator]
    feedback = run.submit(DrawFrom(left, 0))
    assert feedback.mistake.code is MistakeCode.WRONG_NEIGHBOUR  # type: ignore[union-attr]
    assert run.names[run.game.giver] in feedback.explanation.instead  # type: ignore[union-attr,index]
    assert run.game.draws == 0 and not run.solved  # type: ignore[union-attr]


@pytest.mark.parametrize(("lesson_id", "step_id"), [("a-turn", "first-draw"), ("common-mistakes", "empty-hand"), ("common-mistakes", "draw-a-match")])
def test_a_draw_step_knows_a_wrong_seat_before_any_card_is_picked(lesson_id: str, step_id: str) -> None:
    """The lesson screen asks this when a seat is chosen, so a wrong seat is explained then."""
    run = run_at(lesson_id, step_id)
    game = run.game
    assert game is not None and run.learner is not None
    allowed = {seat for seat in range(len(run.names)) if run.may_draw_from(seat)}
    assert allowed == {game.giver}
    wrong = next(seat for seat in range(len(run.names)) if seat not in allowed and seat != run.learner)
    feedback = run.submit(DrawFrom(wrong))  # the seat alone, no card: the engine says why
    assert feedback.mistake is not None and game.draws == 0
    if run.step.expect is not None:  # a step that asks for a mistake: never "Try this: draw from <the giver>"
        assert feedback.explanation is not None and run.names[game.giver] not in feedback.explanation.instead
    assert run_at("pairs", "lay-down-the-fives").may_draw_from(0) is False  # not a draw step


def test_a_wrong_answer_to_a_question_says_why() -> None:
    run = run_at("deck-and-deal", "uneven-is-fine")
    pile = next(place for place, text in enumerate(run.options) if "pile" in text)  # shuffled: picked by its words
    feedback = run.submit(PickOption(pile))
    assert not feedback.right and "never has a pile" in feedback.message
    assert run.submit(PickSeat(0)).right is False  # an answer of the wrong kind is simply not right
    assert run.tries == 2


def test_the_same_wrong_answer_given_again_at_once_is_told_again_and_marked_as_again() -> None:
    """A key pressed twice on a wrong seat counted two mistakes (and could cost a star); a game
    counts a mistake repeated at once only once, and so does a lesson now."""
    run = run_at("deck-and-deal", "uneven-is-fine")
    pile = next(place for place, text in enumerate(run.options) if "pile" in text)
    other = next(place for place in range(len(run.options)) if place != pile and place not in run.right_options())
    said = [run.submit(PickOption(answer)) for answer in (pile, pile, other, pile)]
    assert [feedback.again for feedback in said] == [False, True, False, False]
    assert said[1].message == said[0].message and not said[1].right
    run = run_at("pairs", "three-sevens")
    laid = [run.submit(LayDownCards(["7♣", "7♦", "7♠"])) for _ in range(2)]
    assert [feedback.again for feedback in laid] == [False, True] and laid[1].mistake == laid[0].mistake
    run = run_at("a-turn", "first-draw")
    left = (run.learner + 1) % len(run.names)  # type: ignore[operator]
    assert [run.submit(DrawFrom(left)).again for _ in range(2)] == [False, True]


def test_a_mistake_step_wants_the_mistake_and_flags_it_as_on_purpose() -> None:
    run = run_at("common-mistakes", "colours")
    other = run.submit(LayDownCards(["5♣", "9♦"]))
    assert not other.right and other.mistake.code is MistakeCode.NOT_A_PAIR and not other.on_purpose  # type: ignore[union-attr]
    assert other.explanation.instead == "Say you're done, to see the mistake this step shows.", "the step's own aim, not the move it says not to make"  # type: ignore[union-attr]
    wanted = run.submit(Done())
    assert wanted.right and wanted.solved and wanted.explanation.code == "kept-pair"  # type: ignore[union-attr]
    assert wanted.on_purpose and wanted.mistake.code is MistakeCode.KEPT_PAIR  # type: ignore[union-attr]


def test_a_mistake_step_never_refuses_a_move_the_rules_allow() -> None:
    run = run_at("common-mistakes", "colours")
    allowed = run.submit(LayDownCards(["5♣", "5♥"]))
    assert allowed.right and allowed.solved and allowed.message == RIGHT_MOVE_INSTEAD and not allowed.on_purpose
    assert Card.parse("5♣") not in run.game.hands[run.learner]  # type: ignore[union-attr,index]


def test_finishing_the_deal_early_is_the_stock_left_mistake() -> None:
    run = run_at("deck-and-deal", "deal-them-all")
    run.submit(DealCards(5))
    feedback = run.submit(FinishDealing())
    assert feedback.mistake.code is MistakeCode.STOCK_LEFT and "46" in feedback.message  # type: ignore[union-attr]
    assert run.game.stock == 46 and not run.solved  # type: ignore[union-attr]
    assert run.submit(DealCards(None)).solved


def test_a_step_of_another_kind_refuses_an_answer_it_cannot_take() -> None:
    run = run_at("pairs", "lay-down-the-fives")
    with pytest.raises(TypeError):
        run.submit(DrawFrom(1))
    run.back()
    with pytest.raises(TypeError):
        run.submit(DrawFrom(1))


def test_happenings_with_no_game_to_happen_in_break_the_step() -> None:
    """The lesson reader refuses `first` without a table; a lesson built in code is told so too."""
    step = ExplainStep(id="look", line=1, text="Look.", first=("play",))
    built = Lesson("built", "Built", ("pairs",), (), "Hello.", (step,), "built.yaml")
    with pytest.raises(StepBroken, match="no game here") as broken:
        LessonRun(built)
    assert broken.value.field == "first[0]"


# ----- hints ------------------------------------------------------------------------------------------


def test_hints_unlock_one_level_per_failed_try_and_ask_before_the_answer() -> None:
    run = run_at("pairs", "three-sevens")  # two hints, then the answer
    first = run.hint()
    assert (first.level, first.levels, first.confirm) == (1, 3, False)  # type: ignore[union-attr]
    waiting = run.hint()
    assert waiting.level == 1 and waiting.more_after_a_try  # type: ignore[union-attr]
    run.submit(Done())
    assert run.hint().level == 2  # type: ignore[union-attr]
    run.submit(Done())
    ask = run.hint()
    assert ask.confirm and ask.text == ARE_YOU_SURE and run.hints_used == 2  # type: ignore[union-attr]
    answer = run.hint(confirm=True)
    assert answer.level == 3 and not answer.confirm and "7♣" in answer.text  # type: ignore[union-attr]
    assert run.hints_used == 3 and run.hint().text == answer.text  # type: ignore[union-attr]


def test_the_answer_comes_from_the_game_as_it_is() -> None:
    run = run_at("a-turn", "pair-or-keep")
    pairs = run.game.pairs_in(run.learner)  # type: ignore[union-attr,arg-type]
    answer = run.answer()
    if pairs:
        assert all(str(card) in answer for card in pairs[0])
    else:
        assert "no pair" in answer


def test_explain_steps_have_no_hints() -> None:
    run = LessonRun(lesson("pairs"))
    assert run.hint() is None and run.solved


# ----- moving around ----------------------------------------------------------------------------------


def test_advance_waits_for_a_solved_step_and_back_and_restart_start_afresh() -> None:
    run = run_at("pairs", "lay-down-the-fives")
    assert not run.advance()
    run.submit(LayDownCards(["5♣", "5♥"]))
    run.restart()
    assert len(run.game.hands[run.learner]) == 4 and not run.solved  # type: ignore[union-attr,index]
    run.solve_with_solution()
    assert run.advance() and run.step.id == "three-sevens"
    assert run.back() and run.step.id == "lay-down-the-fives" and not run.solved
    assert run.back() and run.index == 0 and not run.back()


def test_progress_counts_solved_steps() -> None:
    run = LessonRun(lesson("variants"))
    steps = len(run.lesson.steps)
    assert run.progress == 0.0 and not run.finished
    run.solve_with_solution()
    assert run.progress == 1 / steps
    run.advance()
    assert run.progress == 1 / steps


def test_resuming_at_a_saved_step_replays_the_solution_before_it() -> None:
    run = run_at("worked-turn", "offer-to-the-left")
    assert set(run.game.hands[run.learner]) == set(parse_cards(["9♦", "Q♥"]))  # type: ignore[union-attr,index]
    assert LessonRun(lesson("pairs"), step=99).index == len(lesson("pairs").steps) - 1
    assert LessonRun(lesson("pairs"), step=-3).index == 0


def test_words_fill_in_seat_names_from_the_game() -> None:
    run = run_at("empty-hands", "skip-the-safe-player")
    assert "{Ana}" in run.step.text and run.text.startswith("Ana has already emptied their hand.")


def test_suits_as_letters_when_the_learner_chose_them() -> None:
    run = run_at("worked-turn", "lay-down-the-fives", letters=True)
    assert "♣" not in run.text
    feedback = run.submit(Done())
    assert "5C" in feedback.message and "♣" not in feedback.message
    assert "5C" in run.answer()


def test_a_chart_stays_on_show_for_the_question_about_it() -> None:
    run = run_at("is-it-fair", "bicycle-luckiest")
    assert run.chart and run.chart[0].startswith("3,000 games")
    assert run.game is None and len(run.chart) == 1 + len(run.names)
    right = run.right_seats()
    shares = run.simulation.loser_share  # type: ignore[union-attr]
    assert right == {min(range(len(shares)), key=shares.__getitem__)}


# ----- a story that cannot go on from the learner's own play ------------------------------------------

HANDED_ON = """\
    format_version: 1
    id: handed-on
    title: Handed on
    concepts: [pairs]
    intro: A test.
    summary: Three of a kind is a pair and one more.
    steps:
      - id: sevens
        kind: lay-down
        rules: bicycle
        seats: [you, Ana, Ben]
        dealer: you
        hands:
          you: [7♣, 7♦, 7♠, 9♦]
          Ana: [9♠, 2♣]
          Ben: [2♦, 7♥, Q♠]
        text: Lay down a pair of 7s.
        hints: [Two 7s.]
        success: Done.
        solution: [[7♣, 7♦], done]
      - id: ana-takes-it
        kind: seat
        continue: true
        first: [7♠]
        text: "{Ana} took your 7♠. Who draws next?"
        ask: drawer
        hints: [Left.]
        success: Yes.
        because: "{Ana} just drew, so {Ana} offers next, to {drawer}."
        wrong:
          you: You just offered.
          Ana: "{Ana} just drew."
        solution: Ben
"""


def test_when_the_learners_path_cannot_carry_the_story_the_solutions_state_is_used() -> None:
    run = LessonRun(parsed(HANDED_ON))
    run.submit(LayDownCards(["7♣", "7♠"]))  # keeps 7♦, so Ana cannot take the 7♠
    run.submit(Done())
    assert run.advance()
    on_the_solution = LessonRun(parsed(HANDED_ON), step=1)
    assert run.game.to_dict() == on_the_solution.game.to_dict()  # type: ignore[union-attr]
    assert Card.parse("7♠") in run.game.hands[1] and run.right_seats() == {2}  # type: ignore[union-attr]


def test_markup_in_a_lesson_stays_plain_text() -> None:
    text = HANDED_ON.replace("text: Lay down a pair of 7s.", 'text: "[bold red]Lay[/] down a pair of 7s."')
    run = LessonRun(parsed(text))
    assert run.text == "[bold red]Lay[/] down a pair of 7s."


# ----- choice options in a shuffled order (issue 26) -----------------------------------------------


def _text_choices() -> list[tuple[str, str]]:
    return [(found.id, step.id) for found in COURSE.lessons for step in found.steps if isinstance(step, ChoiceStep) and step.ask is None]


def test_every_written_question_puts_its_right_answer_in_more_than_one_place() -> None:
    """The course wrote the right answer first in 10 of its 13 questions: shown in a shuffled order,
    no place is where the right answer usually is (seeded: the same orders every time)."""
    assert len(_text_choices()) >= 10
    for lesson_id, step_id in _text_choices():
        found = lesson(lesson_id)
        index = [step.id for step in found.steps].index(step_id)
        places = {min(LessonRun(found, step=index, seed=seed).right_options()) for seed in range(12)}
        assert len(places) > 1, (lesson_id, step_id, places)


def test_the_numbers_are_the_order_shown_and_it_holds_while_the_step_is_on() -> None:
    run = LessonRun(lesson("deck-and-deal"), step=[step.id for step in lesson("deck-and-deal").steps].index("uneven-is-fine"), seed=5)
    shown = run.options
    wrong = next(place for place in range(len(shown)) if place not in run.right_options())
    feedback = run.submit(PickOption(wrong))
    step = run.step
    assert isinstance(step, ChoiceStep)
    assert feedback.message == next(option.why for option in step.options if option.text == shown[wrong])  # its own words
    assert run.options == shown  # a wrong answer (or a redraw) keeps the order
    right = shown.index("Nothing. Uneven hands are fine.")
    assert run.right_options() == {right} and run.submit(PickOption(right)).solved
    again = LessonRun(run.lesson, step=run.index, seed=5)
    assert again.options == shown  # the same seed, the same order
    assert {LessonRun(run.lesson, step=run.index, seed=seed).options for seed in range(8)} != {shown}  # other runs, other orders


def test_numbers_as_options_stay_from_small_to_large() -> None:
    for seed in range(5):
        run = LessonRun(lesson("the-ending"), step=[step.id for step in lesson("the-ending").steps].index("a-whole-game"), seed=seed)
        assert run.options == ("24", "25", "26") and run.right_options() == {1}
