"""The course: lesson files, checked and played. No user interface here; a screen renders
`LessonRun`'s state and hands it the learner's answers.

    course = load_course()                 # never raises; course.entries, .lessons, .broken
    run = LessonRun(course.lesson("pairs"))
    feedback = run.submit(LayDownCards(["5C", "5H"]))

The lesson format (one file per lesson in lessons/, named like 02-pairs.yaml; check with
`old-maid-tutor lessons check [PATH...]`):

    format_version: 1
    id: pairs                          # stable id, lower-case words and hyphens
    title: Pairs
    concepts: [pairs, three-of-a-kind] # ids from tutor/concepts.py
    requires: [deck-and-deal]          # lesson ids (optional)
    intro: Words shown before the first step.
    steps: [...]

Every step has an `id`, a `kind` and `text`. A step sets up a table with `rules` (bicycle,
table, or {variant: ..., odd_rank: K, extra_draw_on_pair: true, odd_card_wins: true,
wrong_pair_loses: true}), `seats` (names, clockwise; the learner is `you`), `dealer`, `hands`
(a list of cards per seat, `5♣` or `5C`; leave out for a shuffled deck dealt by `seed`), and
optionally `seed` and `removed` (the card of the odd rank taken out); or it carries on the step
before with `continue: true`. `first` lists what happens before the learner acts: a card (the
computer seat due to draw takes it), `deal` (deal every card, finish the deal) or `play`
(computer seats draw until the learner is due). Text may name seats the engine works out:
{drawer} {giver} {dealer} {loser} {winner}.

    explain   words, with the table if the step has one
    chart     rules, seats, dealer, seed, games: each seat's share of Old Maids, simulated
    deal      deal until the deck is empty            solution: [deal 1, deal all]
    lay-down  lay down every pair, then say done      solution: [[7♣, 7♦], done]
    draw      draw one card blind (`card: 5♥` makes any pick be that card)
                                                      solution: {from: Cleo, position: 0}
    seat      point at a seat; `ask`: drawer, giver, loser, winner, next-deal,
              fewest-cards, safe, least-often-old-maid, most-often-old-maid
                                                      solution: Ana
    choice    `options` with `text`, `right: true` and `why` (said when picked wrongly);
              or `ask: cards-in-play | cards-held | pairs-down` with numbers as options
                                                      solution: the option's text or number

Every step but explain and chart needs `hints` (one to three, idea first), `success` and
`solution`, and may have `mistakes` (the step's own words for why a mistake code is one) and,
for deal, lay-down and draw, `expect: <mistake code>`: the step asks for that mistake on
purpose, and is solved when the engine flags it.
"""

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

__all__ = [
    "Answer", "BrokenLesson", "ChartStep", "ChoiceStep", "Course", "DealCards", "DealStep", "Done",
    "DrawFrom", "DrawStep", "ExplainStep", "Feedback", "FinishDealing", "Hint", "LayDownCards", "Lesson",
    "LessonRun", "Option", "PairStep", "PickOption", "PickSeat", "Problem", "SeatStep", "Step",
    "StepBroken", "Table", "TaskStep", "load_course", "parse_lesson",
]
