"""Checking a lesson by playing it: its solution must replay through the engine to the end, no
step may start already solved, every seat a step's words name must exist when they are said, and
the words name no card another player holds face down (unless the step looks behind the scenes)."""

from __future__ import annotations

import re
from collections.abc import Callable

from tutor.engine.cards import RANKS, SUITS, Card
from tutor.engine.game import Game
from tutor.wording.going_out import empty_hand_rule, ending_claims_untrue, going_out_claims_untrue

from .model import BEHIND_THE_SCENES, ChoiceStep, Lesson, SeatStep, Step, TaskStep
from .problems import Problem
from .runner import LessonRun, StepBroken


def replay_problems(lesson: Lesson) -> list[Problem]:
    """Every problem found by playing `lesson` with its own solution (stops at the first step that fails)."""
    problems: list[Problem] = []

    def problem(index: int, field: str, message: str) -> None:
        path = f"steps[{index}]" + (f".{field}" if field else "")
        problems.append(Problem(lesson.path, lesson.line_of(path), path, message))

    removed: Card | None = None
    try:
        run = LessonRun(lesson)
        while True:
            step, index = run.step, run.index
            trouble = run.start_problem()
            if trouble:
                problem(index, "", trouble)
                break
            if step.table is not None:
                removed = step.table.removed
            for field, text in _words_said_first(step):
                for name in run.missing_seats(text):
                    problem(index, field, f"{{{name}}} names nobody at this point of the game")
                for card in _cards_not_in_play(run, text, removed):
                    problem(index, field, f"names {card}, which is in no hand and no pair here: words name the cards of the game they are shown with")
                for card in _pairing_claims_untrue(run, text):
                    problem(index, field, f"says {card} may still pair, but no card in any hand here pairs with it")
                for claim in _rules_claims_untrue(run, text):
                    problem(index, field, claim)
                for card, seat in _hidden_cards_named(run, text):
                    problem(
                        index,
                        field,
                        f"names {card}, which {{{seat}}} holds face down: nobody at the table can see it. Say it without the card,"
                        f" or show every hand (behind_the_scenes: true) with words that say it is {BEHIND_THE_SCENES}",
                    )
            for field, message in _wrong_answers_unexplained(run):
                problem(index, field, message)
            if isinstance(step, TaskStep) and not _solved_by_solution(run, step, problem):
                break
            if not run.advance():
                break
    except StepBroken as broken:
        problem(broken.index, broken.field, broken.message)
    return problems


def _solved_by_solution(run: LessonRun, step: TaskStep, problem: Callable[[int, str, str], None]) -> bool:
    for number, answer in enumerate(step.solution):
        feedback = run.submit(run.as_shown(answer))
        if not feedback.right:
            problem(run.index, f"solution[{number}]", f"the engine does not accept this answer: {feedback.message}")
            return False
    if not run.solved:
        problem(run.index, "solution", "the solution does not finish this step")
        return False
    for name in run.missing_seats(step.success):
        problem(run.index, "success", f"{{{name}}} names nobody at this point of the game")
    for claim in _rules_claims_untrue(run, step.success):
        problem(run.index, "success", claim)
    return True


def _wrong_answers_unexplained(run: LessonRun) -> list[tuple[str, str]]:
    """Every wrong answer the engine finds for a seat or numbered question needs its own words,
    and no answer the engine finds right may be explained as wrong."""
    step = run.step
    if isinstance(step, SeatStep):
        right = {run.seats[seat] for seat in run.right_seats()}
        answers = list(run.seats)
    elif isinstance(step, ChoiceStep) and step.ask is not None:
        right = {step.options[run.order[index]].text for index in run.right_options()}
        answers = [option.text for option in step.options]
    else:
        return []
    found = []
    for answer in answers:
        if answer not in right and answer not in step.wrong:
            found.append(("wrong", f"{answer} is a wrong answer here: say why under wrong: {answer}: ..."))
        if answer in right and answer in step.wrong:
            found.append((f"wrong.{answer}", f"{answer} is a right answer here, so it needs no words for being wrong"))
    return found


def _cards_not_in_play(run: LessonRun, text: str, removed: Card | None) -> list[str]:
    """Cards the words name that the game they are shown with does not have."""
    game = run.game
    if game is None:
        return []
    step = run.step
    in_play = {card for hand in game.hands for card in hand} | {card for _, pair in game.pairs for card in pair}
    in_play |= {card for card in (removed, getattr(step, "card", None)) if card is not None}
    return [found.group(0) for found in _CARD.finditer(text) if Card.parse(found.group(0)) not in in_play]


def _hidden_cards_named(run: LessonRun, text: str) -> list[tuple[str, str]]:
    """Cards the words name that another seat holds face down, with that seat's name: the scene
    shows other players' hands face down unless the step looks behind the scenes, and a game
    that is over shows what is left."""
    game, learner = run.game, run.learner
    if game is None or learner is None or run.step.behind_the_scenes or game.is_over:
        return []
    hidden = {card: seat for seat, hand in enumerate(game.hands) if seat != learner for card in hand}
    return [(found.group(0), run.seats[hidden[card]]) for found in _CARD.finditer(text) if (card := Card.parse(found.group(0))) in hidden]


def _pairing_claims_untrue(run: LessonRun, text: str) -> list[str]:
    return [] if run.game is None else pairing_claims_untrue(run.game, text)


def pairing_claims_untrue(game: Game, text: str) -> list[str]:
    """Cards the words say may still pair up ("Your Q♥ may still find a partner") that no card in
    any hand of `game` can pair with: a claim about the position, checked against it."""
    held = [card for hand in game.hands for card in hand]
    untrue = []
    for claim in _PAIRING_CLAIM.finditer(text):
        card = Card.parse(claim.group("card"))
        if not any(other != card and other.pairs_with(card) for other in held):
            untrue.append(claim.group("card"))
    return untrue


def _rules_claims_untrue(run: LessonRun, text: str) -> list[str]:
    """Sentences calling going out safe or a win, or saying how the game ends, where the step's
    rules say otherwise (`tutor.wording.going_out`): the reversed game, the strict pair check."""
    game = run.game
    if game is None:
        return []
    rules, learner = game.rules, run.learner
    yours_real = learner is not None and all(seat != learner for seat, _ in game.wrong_pairs)
    meaning = empty_hand_rule(rules).split(" You sit out")[0]
    found = [f"says “{claim}”, which is not so under this step's rules: {meaning}" for claim in going_out_claims_untrue(text, rules, game.is_over, yours_real)]
    found += [
        f"says “{claim}”, but with the strict pair check a wrong pair can end the game with several players holding cards"
        for claim in ending_claims_untrue(text, rules)
    ]
    return found


_CARD = re.compile(rf"(?<!\w)(?:{'|'.join(RANKS)})[{''.join(SUITS)}]")


_PAIRING_CLAIM = re.compile(rf"(?P<card>{_CARD.pattern})[^.;:]*?\b(?:may|can|could|might) still (?:find a partner|pair|be paired|make a pair)")


def _words_said_first(step: Step) -> list[tuple[str, str]]:
    """The words shown before the learner answers, by field."""
    words = [("text", step.text)]
    if isinstance(step, TaskStep):
        words += [(f"hints[{number}]", hint) for number, hint in enumerate(step.hints)]
    if isinstance(step, ChoiceStep):
        for number, option in enumerate(step.options):
            words += [(f"options[{number}].text", option.text), (f"options[{number}].why", option.why)]
    if isinstance(step, (SeatStep, ChoiceStep)):
        words += [("because", step.because)] + [(f"wrong.{key}", text) for key, text in step.wrong.items()]
    return words
