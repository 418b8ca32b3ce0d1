"""The course: lesson files, checked and played. No user interface here; a screen renders
`LessonRun`'s state and hands it the learner's answers (see `tutor.course.runner` for exactly
what a run exposes: text, options, chart, names, feedback with `on_purpose`, hints, summary).

    course = load_course()                 # never raises; course.entries, .lessons, .broken
    run = LessonRun(course.lesson("pairs"), learner_name="Ben")
    feedback = run.submit(LayDownCards(["5C", "5H"]))

Every teacher-edited file (lessons, quiz.yaml, mistakes.yaml) is read by one reader,
`tutor.course.source`, which reports every problem as file:line: field: message.

The lesson format (one file per lesson in lessons/, named like 02-pairs.yaml; check with
`old-maid-tutor lessons check [PATH...]`, which also replays every solution through the engine):

    format_version: 1
    id: pairs                          # stable id, lower-case words and hyphens
    title: Pairs
    concepts: [pairs, three-of-a-kind] # ids from tutor/concepts.py
    requires: [deck-and-deal]          # lesson ids (optional)
    intro: Words shown before the first step.
    summary: >                         # two or three lines on what was learned, shown at the end
      A pair is two cards of the same rank, whatever their colours.
    steps: [...]

Every step has an `id`, a `kind` and `text`. A step sets up a table with `rules` (bicycle,
table, or {variant: ..., odd_rank: K, extra_draw_on_pair: true, odd_card_wins: true,
wrong_pair_loses: true}), `seats` (names, clockwise; the learner is `you`), `dealer`, `hands`
(a list of cards per seat, `5♣` or `5C`; leave out for a shuffled deck dealt by `seed`), and
optionally `seed` and `removed` (the card of the odd rank taken out); or it carries on the step
before with `continue: true`. `first` lists what happens before the learner acts: a card (the
computer seat due to draw takes it), `deal` (deal every card, finish the deal) or `play`
(computer seats draw until the learner is due). Other players' hands are shown face down (backs
and a count), and the words name none of their cards (lessons check says so); `behind_the_scenes:
true` shows every hand face up, a look no player gets, and the step's text must say "behind the
scenes".

Words are filled in from the engine state they are shown with, through placeholders in braces:
- seats by role: {drawer} {giver} {dealer} {loser} {winner};
- every seat by its name: {Ana}. Words must name a computer seat this way (lessons check says
  so): a child called Ana sees another name on that seat, and the words follow;
- counts: {held} (cards in all hands), {pairs} (pairs down), {stock} (cards still to deal);
- on a chart step and the steps that continue it: {luckiest} {luckiest_share} {unluckiest}
  {unluckiest_share} (the seats that were the Old Maid least and most often, with the shares the
  chart shows) and {why_seats_differ} (a sentence made from the deal: who is dealt fewer cards,
  who draws first, for the rules in play). Write {{ and }} for a brace itself.

    explain   words, with the table if the step has one
    chart     rules, seats, dealer, seed, games: each seat's share of Old Maids, simulated
              (at most 20,000 games a chart, 60,000 a lesson, 200,000 a course)
    deal      deal until the deck is empty            solution: [deal 1, deal all]
    lay-down  lay down every pair, then say done      solution: [[7♣, 7♦], done]
    draw      draw one card blind (`card: 5♥` makes any pick be that card)
                                                      solution: {from: Cleo, position: 0}
    seat      point at a seat; `ask`: drawer, giver, loser, winner, next-deal,
              fewest-cards, safe, least-often-old-maid, most-often-old-maid
                                                      solution: Ana
    choice    `options` with `text`, and `right: true` on the right ones; every other option
              needs `why` (said when a learner picks it);
              or `ask: cards-in-play | cards-held | pairs-down` with numbers as options
                                                      solution: the option's text or number

Every wrong answer teaches. Seat and choice steps need `because`: why the right answer is right;
the last hint says the answer and then this. Seat steps, and choice steps with `ask`, give
`wrong`: for each answer the engine finds wrong, its own words, keyed by the seat's name or the
option's number (lessons check reports a wrong answer with no words):

    ask: giver
    because: In Bicycle rules the cards come to you from your right, from {giver}.
    wrong:
      Ana: "{Ana} is on your left: you offer your cards to {Ana}."
      you: You can't draw from your own hand.

Every step but explain and chart needs `hints` (one to three, idea first), `success` and
`solution`, and may have `mistakes` (the step's own words for why a mistake code is one) and,
for deal, lay-down and draw, `expect: <mistake code>`: the step asks for that mistake on
purpose, and is solved when the engine flags it (the feedback says `on_purpose`, so the mistake
is never counted against the learner). A move the rules allow is never refused, even there.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

# Names load on first use: the game needs only `tutor.course.mistakes`, and reading lessons (the
# runner, the parser, the checker) costs about 3 MiB and tens of milliseconds more at start-up.
_WHERE = {
    "answers": ("Answer", "DealCards", "Done", "DrawFrom", "FinishDealing", "LayDownCards", "PickOption", "PickSeat"),
    "course": ("BrokenLesson", "Course", "load_course"),
    "model": (
        "ChartStep",
        "ChoiceStep",
        "DealStep",
        "DrawStep",
        "ExplainStep",
        "Lesson",
        "Option",
        "PairStep",
        "SeatStep",
        "Step",
        "Table",
        "TaskStep",
    ),
    "parse": ("parse_lesson",),
    "problems": ("Problem",),
    "runner": ("Feedback", "Hint", "LessonRun", "StepBroken"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}
__all__ = [
    "Answer",
    "BrokenLesson",
    "ChartStep",
    "ChoiceStep",
    "Course",
    "DealCards",
    "DealStep",
    "Done",
    "DrawFrom",
    "DrawStep",
    "ExplainStep",
    "Feedback",
    "FinishDealing",
    "Hint",
    "LayDownCards",
    "Lesson",
    "LessonRun",
    "Option",
    "PairStep",
    "PickOption",
    "PickSeat",
    "Problem",
    "SeatStep",
    "Step",
    "StepBroken",
    "Table",
    "TaskStep",
    "load_course",
    "parse_lesson",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'tutor.course' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .answers import Answer, DealCards, Done, DrawFrom, FinishDealing, LayDownCards, PickOption, PickSeat
    from .course import BrokenLesson, Course, load_course
    from .model import (
        ChartStep,
        ChoiceStep,
        DealStep,
        DrawStep,
        ExplainStep,
        Lesson,
        Option,
        PairStep,
        SeatStep,
        Step,
        Table,
        TaskStep,
    )
    from .parse import parse_lesson
    from .problems import Problem
    from .runner import Feedback, Hint, LessonRun, StepBroken
