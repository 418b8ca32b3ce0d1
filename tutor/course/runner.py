"""Playing a lesson: the state machine a user interface drives.

    run = LessonRun(lesson, learner_name="Ana")   # or step=saved_step to resume; seed=7 for a repeatable order
    run.step, run.text, run.game, run.names, run.chart, run.options
    feedback = run.submit(answer)        # right or not, solved or not, and what to say
    hint = run.hint()                    # the next hint that is unlocked; the last one asks first
    run.advance(); run.back(); run.restart()
    run.progress, run.hints_used, run.finished, run.summary
    run.may_draw_from(seat)              # a draw step: may the learner take a card from this seat?

What a screen shows, all filled in from the engine state of the step (seat names, counts, chart
findings) and with suits as letters if the learner chose letters:
- `run.text`, `run.options` (option texts in the order shown), `run.chart` (title and one line per seat).
  A choice step's written options are shown in an order shuffled as the step starts (with
  `random.Random(seed)`; no seed, a new order every run), so the right answer has no usual place;
  it stays while the step is on screen. Numbers (a step with `ask`) stay from small to large.
  `PickOption(index)`, `right_options()` and the words for each option all count in that order.
- `run.names`: the seat names the learner sees, by seat number. The learner's seat is "you";
  a computer seat whose lesson name is the learner's own name (case and accents ignored) gets
  another name, so a child called Ben never meets a computer Ben.
- `feedback = run.submit(answer)`: `feedback.message` says why a wrong answer is wrong: every
  wrong option and every wrong seat has its own words (the lesson's `why` / `wrong`);
  `feedback.explanation` (what / why / instead) for a rule mistake; `feedback.mistake` is the
  engine's mistake, and `feedback.on_purpose` is True when it is the mistake the step asked the
  learner to make (its `expect`): never count that one against the learner.
- `run.hint()`: hints in order; the last level is the answer with its reason ("The answer is
  Ben. Ben is on your left ..."), asked for with `confirm` first.
- `run.summary`: two or three lines on what the lesson taught, for its last screen (shown once
  `run.finished`).
- `run.notice`: one line to show once if lessons/mistakes.yaml is broken (built-in words are
  used meanwhile, so a mistake never crashes the lesson); '' normally.

Every check asks the engine: a move is tried on the live `Game`, a seat question is answered by
the game's own `drawer`, `giver`, `loser` and so on, so any correct answer passes.
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from tutor.course.mistakes import Explanation, explain, load_mistakes
from tutor.engine.actions import DealCard, Draw, FinishDeal, FinishPairing, LayDown
from tutor.engine.cards import Card, in_suit_letters
from tutor.engine.events import Event
from tutor.engine.game import Game, Phase
from tutor.engine.mistakes import IllegalAction, Mistake, Refusals, wrong_pair_mistake
from tutor.engine.rules import Rules
from tutor.engine.simulation import SimulationResult, simulate
from tutor.errors import CourseError
from tutor.language import mark, ntr, ptr, tr
from tutor.wording import ARE_YOU_SURE, SPARE_NAMES, bar, capitalised, listed, pair_reason, picture_list, same_name
from tutor.wording.simulation import rules_title

from .answers import Answer, DealCards, Done, DrawFrom, FinishDealing, LayDownCards, PickOption, PickSeat
from .model import (
    CHART_ASKS,
    LEARNER,
    SEAT_ASKS,
    ChartStep,
    ChoiceStep,
    DealStep,
    DrawStep,
    Lesson,
    Option,
    PairStep,
    SeatStep,
    Step,
    Table,
    TaskStep,
)

# The English, marked for the catalogue: said with tr().
NOT_QUITE = mark("Not quite. Have another look, or ask for a hint.")
RIGHT_MOVE_INSTEAD = mark("That move follows the rules, so there is no mistake to see: well done, you already know this one! Go on when you're ready.")


class StepBroken(CourseError):
    """A step cannot start or be played as written: `field` (below the step) and what is wrong.
    `lessons check` reports it as a problem of the lesson file; a screen shows the lesson as broken."""

    def __init__(self, index: int, field: str, message: str) -> None:
        super().__init__(message)
        self.index, self.field, self.message = index, field, message


@dataclass(frozen=True)
class Feedback:
    """What became of an answer."""

    right: bool
    """The answer is what the step asked for, or a correct part of it (one pair of several)."""
    solved: bool
    """The step is done: show the message, then let the learner go on (`advance`)."""
    message: str
    """The success message, why the answer is not right, or "" for a correct part."""
    explanation: Explanation | None = None
    """For a rule mistake: the rule, the lesson that teaches it, and what / why / instead."""
    mistake: Mistake | None = None
    """The engine's mistake (code, cards, seats), for the learner's record."""
    events: tuple[Event, ...] = ()
    """What happened in the game, for narration."""
    on_purpose: bool = False
    """`mistake` is the one this step asked the learner to make (its `expect`): a record of the
    learner's mistakes must not count it."""
    again: bool = False
    """The wrong answer just given, given again with nothing changed (a key pressed twice): told
    again, and counted once in the learner's record, as a game counts it."""


@dataclass(frozen=True)
class Hint:
    level: int
    """1 for the first hint; the last level (`levels`) is the answer itself."""
    levels: int
    text: str
    confirm: bool = False
    """The answer is next: `text` asks "are you sure?"; call `hint(confirm=True)` to see it."""
    more_after_a_try: bool = False
    """Another hint is waiting, and unlocks after one more try."""


@dataclass(frozen=True)
class _Start:
    """The state at the start of a step, to come back to."""

    game: dict[str, Any] | None
    names: tuple[str, ...]
    simulation: SimulationResult | None
    dealer: int = 0
    """The dealer of the chart's games."""


class LessonRun:
    """One learner working through one lesson."""

    def __init__(self, lesson: Lesson, step: int = 0, letters: bool = False, learner_name: str = "", seed: int | None = None) -> None:
        """Start at the first step, or at `step` (reached by replaying the lesson's solution).
        `learner_name`: no computer seat is shown with this name (case and accents ignored).
        `seed`: the order of the options of each choice step (None: a new order every run)."""
        self.lesson = lesson
        self._rng = random.Random(seed)
        self.order: tuple[int, ...] = ()
        """On a choice step: the option of the file (its index) at each place shown."""
        self.letters = letters
        self.learner_name = learner_name
        self.hints_used = 0
        self.game: Game | None = None
        self.names: tuple[str, ...] = ()
        self.seats: tuple[str, ...] = ()
        self.simulation: SimulationResult | None = None
        self._starts: list[_Start] = []
        self._may_fall_back = True
        self._enter(0)
        for _ in range(min(max(step, 0), len(lesson.steps) - 1)):
            self.solve_with_solution()
            self.advance()

    # ----- where the learner is ----------------------------------------------------------------

    @property
    def index(self) -> int:
        return len(self._starts) - 1

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def learner(self) -> int | None:
        return self.names.index(LEARNER) if LEARNER in self.names else None

    @property
    def finished(self) -> bool:
        return self.index == len(self.lesson.steps) - 1 and self.solved

    @property
    def progress(self) -> float:
        """The share of the lesson's steps done, from 0 to 1."""
        return (self.index + int(self.solved)) / len(self.lesson.steps)

    @property
    def text(self) -> str:
        return self._say(self.step.text)

    @property
    def options(self) -> tuple[str, ...]:
        """The option texts of a multiple-choice step, in order."""
        return tuple(self._say(option.text) for option in self._shown_options())

    def _shown_options(self) -> tuple[Option, ...]:
        step = self.step
        return tuple(step.options[index] for index in self.order) if isinstance(step, ChoiceStep) else ()

    @property
    def chart(self) -> tuple[str, ...]:
        """On a chart step and the steps that continue it: a title, then one line per seat with
        its share of the games it lost as the Old Maid, and a bar."""
        if self.simulation is None:
            return ()
        return tuple(self._say(line, fill=False) for line in _chart(self.simulation, self.names, self._chart_dealer()))

    @property
    def notice(self) -> str:
        """One line to show once when lessons/mistakes.yaml is broken and built-in words stand in
        (file:line: field: what is wrong); '' when all is well."""
        from tutor.course.mistakes import mistake_book

        return mistake_book().notice

    @property
    def summary(self) -> str:
        """What the lesson taught, in two or three lines, for the screen after its last step."""
        return self._say(self.lesson.summary, fill=False)

    def _chart_dealer(self) -> int:
        start = self._starts[-1]
        return start.dealer

    # ----- moving between steps ----------------------------------------------------------------

    def advance(self) -> bool:
        """Go to the next step once this one is solved; False if it is not, or it was the last."""
        if not self.solved or self.index + 1 >= len(self.lesson.steps):
            return False
        self._enter(self.index + 1)
        return True

    def back(self) -> bool:
        """Go back to the start of the step before; False on the first step."""
        if self.index == 0:
            return False
        self._starts.pop()
        self._restore(self._starts[-1])
        return True

    def restart(self) -> None:
        """Start this step again from its first state."""
        self._restore(self._starts[-1])

    def _enter(self, index: int) -> None:
        try:
            start = self._start_of(index)
        except StepBroken:
            if index == 0 or not self._may_fall_back:
                raise
            start = self._solution_start(index)
        self._starts.append(start)
        self._restore(start)
        if index and self._may_fall_back and self.start_problem() is not None:
            # the learner's own way through the step before (a right move where a mistake was
            # asked for, say) left a table this step cannot start from: carry on the lesson's story
            self._starts[-1] = self._solution_start(index)
            self._restore(self._starts[-1])

    def _restore(self, start: _Start) -> None:
        self.game = None if start.game is None else Game.from_dict(start.game)
        self.seats = start.names  # as the lesson writes them; `names` is what the learner sees
        self.names, self.simulation = shown_names(start.names, self.learner_name), start.simulation
        self.solved = not isinstance(self.step, TaskStep)
        self.order = _option_order(self.step, self._rng)
        self.tries = 0
        self._refusals = Refusals()
        self._shown = 0
        self._draws_at_start = self.game.draws if self.game else 0

    def _solution_start(self, index: int) -> _Start:
        """The start of step `index` on the lesson's own solution, when the learner's own path
        cannot carry on the story as written (say, a card the next step needs was drawn)."""
        replay = LessonRun(self.lesson, letters=self.letters, learner_name=self.learner_name)
        replay._may_fall_back = False
        for _ in range(index):
            replay.solve_with_solution()
            replay.advance()
        return replay._starts[-1]

    def solve_with_solution(self) -> list[Feedback]:
        """Answer this step with the lesson's own solution (for resuming, replaying and tests)."""
        step = self.step
        if not isinstance(step, TaskStep):
            return []
        return [self.submit(self.as_shown(answer)) for answer in step.solution]

    def as_shown(self, answer: Answer) -> Answer:
        """An answer as the lesson file writes it (an option by its place in the file), as the
        learner gives it (the option by its place on screen)."""
        if isinstance(answer, PickOption) and 0 <= answer.index < len(self.order):
            return PickOption(self.order.index(answer.index))
        return answer

    # ----- setting up a step -------------------------------------------------------------------

    def _start_of(self, index: int) -> _Start:
        step = self.lesson.steps[index]
        game: Game | None
        if isinstance(step, ChartStep) and step.table is not None:
            simulation = chart_result(step.table.rules, step.games, step.table.seed, step.table.dealer)
            return _Start(None, step.table.seats, simulation, step.table.dealer)
        if step.table is not None:
            game, start = _new_game(step, step.table), _Start(None, step.table.seats, None)
        elif step.continues:
            game, start = None if self.game is None else Game.from_dict(self.game.to_dict()), self._starts[-1]
        else:
            game, start = None, _Start(None, (), None)
        for number, happening in enumerate(step.first):
            _happen(game, happening, index, f"first[{number}]")
        return replace(start, game=None if game is None else game.to_dict())

    # ----- answering ---------------------------------------------------------------------------

    def submit(self, answer: Answer) -> Feedback:
        """Check an answer to this step; a move the rules allow is made in the game."""
        step = self.step
        if not isinstance(step, TaskStep):
            raise TypeError(f"a {step.kind} step takes no answer: call advance()")
        if self.solved:
            return Feedback(True, True, self._say(step.success))
        if isinstance(step, SeatStep):
            return self._judge(step, isinstance(answer, PickSeat) and answer.seat in self.right_seats(), answer)
        if isinstance(step, ChoiceStep):
            return self._judge(step, isinstance(answer, PickOption) and answer.index in self.right_options(), answer)
        return self._move(self._action(step, answer))

    def _action(self, step: TaskStep, answer: Answer) -> Draw | LayDown | FinishPairing | DealCard | FinishDeal:
        game, learner = self.game, self.learner
        assert game is not None
        if isinstance(step, DealStep) and isinstance(answer, DealCards):
            return DealCard(game.stock if answer.count is None else answer.count)
        if isinstance(step, DealStep) and isinstance(answer, FinishDealing):
            return FinishDeal()
        if isinstance(step, PairStep) and isinstance(answer, LayDownCards) and learner is not None:
            return LayDown(learner, answer.cards)
        if isinstance(step, PairStep) and isinstance(answer, Done) and learner is not None:
            return FinishPairing(learner)
        if isinstance(step, DrawStep) and isinstance(answer, DrawFrom) and learner is not None:
            return Draw(learner, answer.seat, position=answer.position)
        raise TypeError(f"a {step.kind} step does not take {type(answer).__name__}")

    def _judge(self, step: TaskStep, right: bool, answer: Answer) -> Feedback:
        if right:
            self.solved = True
            return Feedback(True, True, self._say(step.success))
        self.tries += 1
        return Feedback(False, False, self._say(self._why_not(answer)), again=self._refusals.again_with(answer))

    def _why_not(self, answer: Answer) -> str:
        """The step's own words for why this answer is wrong."""
        step = self.step
        if isinstance(step, ChoiceStep) and isinstance(answer, PickOption) and 0 <= answer.index < len(self.order):
            option = step.options[self.order[answer.index]]
            return (step.wrong.get(option.text, "") if step.ask else option.why) or tr(NOT_QUITE)
        if isinstance(step, SeatStep) and isinstance(answer, PickSeat) and 0 <= answer.seat < len(self.seats):
            return step.wrong.get(self.seats[answer.seat], tr(NOT_QUITE))
        return tr(NOT_QUITE)

    def _move(self, action: Draw | LayDown | FinishPairing | DealCard | FinishDeal) -> Feedback:
        step = self.step
        assert isinstance(step, TaskStep) and self.game is not None
        trial, events, mistake = self._try(action)
        if step.expect is not None:
            if mistake is not None and mistake.code is step.expect:
                self.game = trial or self.game
                self.solved = True
                return Feedback(True, True, self._say(step.success), self._explain(mistake), mistake, tuple(events), on_purpose=True)
            if mistake is None:  # a move the rules allow is never refused, even here
                self.game = trial
                self.solved = True
                return Feedback(True, True, tr(RIGHT_MOVE_INSTEAD), events=tuple(events))
            self.tries += 1
            return replace(self._mistake_feedback(mistake, aside=True), again=self._refusals.again(mistake, self.game))
        if mistake is not None:
            self.tries += 1
            return replace(self._mistake_feedback(mistake), again=self._refusals.again(mistake, self.game))
        self.game = trial
        self.solved = self._done()
        return Feedback(True, self.solved, self._say(step.success) if self.solved else "", events=tuple(events))

    def _try(self, action: Draw | LayDown | FinishPairing | DealCard | FinishDeal) -> tuple[Game | None, list[Event], Mistake | None]:
        """Make the move on a copy of the game: the copy and its events, or the rule it breaks."""
        assert self.game is not None
        trial = self.game.clone()
        step = self.step
        if isinstance(action, Draw) and isinstance(step, DrawStep) and step.card is not None:
            mistake = trial.mistake_in(action)
            if mistake is not None:
                return None, [], mistake
            action = Draw(action.seat, action.from_seat, card=step.card)  # whichever card is picked, it is this one
        try:
            events = trial.apply(action)
        except IllegalAction as error:
            return None, [], error.mistake
        return trial, events, wrong_pair_mistake(events)  # strict Bicycle rules accept a wrong pair; it costs the game

    def _done(self) -> bool:
        game, step = self.game, self.step
        assert game is not None
        if isinstance(step, DealStep):
            return game.stock == 0
        if isinstance(step, PairStep):
            return self.learner not in game.waiting_for
        return game.draws > self._draws_at_start

    def _mistake_feedback(self, mistake: Mistake, aside: bool = False) -> Feedback:
        """`aside`: another mistake than the one this step asks for on purpose: what to do instead
        is this step's mistake, not the move the rules want (which the step says not to make)."""
        explanation = self._explain(mistake)
        if aside:  # after "Try this: "
            instead = tr("{steps}, to see the mistake this step shows.").format(steps=capitalised(self._solution_steps()))
            explanation = replace(explanation, instead=self._say(instead, fill=False))
        return Feedback(False, False, self._say(explanation.text(), fill=False), explanation, mistake)

    def _solution_steps(self) -> str:
        step = self.step
        assert isinstance(step, TaskStep)
        return _then(self._describe(a) for a in step.solution)

    def _explain(self, mistake: Mistake) -> Explanation:
        assert self.game is not None
        step = self.step
        entries = load_mistakes()
        own = step.mistakes.get(mistake.code.value) if isinstance(step, TaskStep) else None
        if own is not None:
            entries = {**entries, mistake.code.value: replace(entries[mistake.code.value], why={"any": own}, picture_why={})}
        explanation = explain(mistake, self.game, self.names, self.letters, entries)
        return replace(explanation, **{part: self._say(getattr(explanation, part), fill=False) for part in ("what", "why", "instead")})

    # ----- what the engine says is right -------------------------------------------------------

    def right_seats(self) -> frozenset[int]:
        """For a seat question: every seat that is a right answer (empty for other steps)."""
        step = self.step
        if not isinstance(step, SeatStep):
            return frozenset()
        if step.ask in CHART_ASKS:
            return _chart_seats(self.simulation, step.ask)
        return _game_seats(self.game, step.ask) if self.game else frozenset()

    def right_options(self) -> frozenset[int]:
        """For a multiple-choice step: the places of the right options, in the order shown."""
        step = self.step
        if not isinstance(step, ChoiceStep):
            return frozenset()
        count = _count(self.game, step.ask) if self.game and step.ask else None
        shown = self._shown_options()
        return frozenset(place for place, option in enumerate(shown) if (option.right if step.ask is None else option.value == count))

    def may_draw_from(self, seat: int) -> bool:
        """For a draw step: whether the rules let the learner draw from `seat` now (the engine's
        answer, before any card is picked), so a wrong seat is told when it is chosen."""
        game, learner = self.game, self.learner
        if not isinstance(self.step, DrawStep) or game is None or learner is None:
            return False
        return game.mistake_in(Draw(learner, seat)) is None

    def start_problem(self) -> str | None:
        """Why this step cannot be done as it starts (already solved, or not the learner's move)."""
        step, game, learner = self.step, self.game, self.learner
        if not isinstance(step, TaskStep) or isinstance(step, ChoiceStep) and step.ask is None:
            return None
        if isinstance(step, SeatStep):
            return None if self.right_seats() else f"no seat is {SEAT_ASKS[step.ask]} here"
        if isinstance(step, ChoiceStep):
            right = self.right_options()
            count = _count(game, step.ask) if game and step.ask else None
            if not right:
                return f"no option is right: the engine counts {count}"
            return "every option is right" if len(right) == len(step.options) else None
        assert game is not None
        if isinstance(step, DealStep):
            return None if game.phase is Phase.DEALING and game.stock else "starts already solved: every card is dealt"
        if learner is None:
            return f"a {step.kind} step needs a seat named you"
        if isinstance(step, PairStep):
            return None if learner in game.waiting_for else "starts already solved: you have no pairs to lay down now"
        if game.drawer != learner:
            return f"it is {self._name(game.drawer)}'s turn to draw here, not yours"
        return None

    def missing_seats(self, text: str) -> list[str]:
        """Placeholders in `text` that name no seat in the game as it is now."""
        seats, known = self._seat_values(), self._values()
        return [name for _, name, _, _ in string.Formatter().parse(text) if name and (seats.get(name, "") is None or name not in known)]

    # ----- hints -------------------------------------------------------------------------------

    def hint(self, confirm: bool = False) -> Hint | None:
        """The next hint. Each failed try unlocks one more level; the last level is the answer,
        and asking for it first returns a hint with `confirm` set: call again with confirm=True."""
        step = self.step
        if not isinstance(step, TaskStep):
            return None
        levels = len(step.hints) + 1
        level = self._shown + 1
        if level > levels:
            return Hint(levels, levels, self.answer())
        if level > 1 + self.tries:
            return Hint(self._shown, levels, self._say(step.hints[self._shown - 1]), more_after_a_try=True)
        if level == levels and not confirm:
            return Hint(level, levels, tr(ARE_YOU_SURE), confirm=True)
        self._shown = level
        self.hints_used += 1
        return Hint(level, levels, self.answer() if level == levels else self._say(step.hints[level - 1]))

    def answer(self) -> str:
        """The answer to this step in words, from the game as it is (or the solution, for a step
        that asks for a mistake on purpose)."""
        step, game = self.step, self.game
        if not isinstance(step, TaskStep):
            return ""
        if step.expect is not None:
            return self._say(tr("To see this mistake: {steps}.").format(steps=self._solution_steps()), fill=False)
        if isinstance(step, SeatStep):
            names = [self._name(seat) for seat in sorted(self.right_seats())]
            if len(names) == 1:
                said = tr("The answer is {name}.").format(name=names[0])
            else:
                said = tr("Any of these is right: {names}.").format(names=listed(names))
            return f"{said} {self._say(step.because)}"
        if isinstance(step, ChoiceStep):
            right = [self.options[index] for index in sorted(self.right_options())]
            if len(right) == 1:
                said = tr("The answer is “{answer}”").format(answer=right[0])
            else:
                said = tr("Any of these is right: {answers}").format(answers=listed(tr("“{answer}”").format(answer=text) for text in right))
            stop = "" if right[-1].endswith((".", "!", "?")) else "."  # “Only you.” needs no second full stop
            return f"{said}{stop} {self._say(step.because)}"
        assert game is not None
        if isinstance(step, DealStep):
            return tr("Deal every card, one at a time or all at once, until the deck is empty: Old Maid has no pile to draw from.")
        if isinstance(step, DrawStep):
            giver = self._name(game.giver)
            if game.rules.draws_from == "left":
                said = tr("Draw any face-down card from {giver}: {giver} is the nearest player on your left who still holds cards, and every draw is blind.")
            else:
                said = tr("Draw any face-down card from {giver}: {giver} is the nearest player on your right who still holds cards, and every draw is blind.")
            return said.format(giver=giver)
        pairs = game.pairs_in(self.learner) if self.learner is not None else []
        if not pairs:
            return tr("You have no pair: every card in your hand has a different rank, so keep them all and say you're done.")
        reasons = " ".join(pair_reason(*pair, letters=self.letters) for pair in pairs)
        laid = _then((_card_words(pair) for pair in pairs), tr("{before}, then {after}"))
        return self._say(tr("Lay down {pairs}, then say you're done.").format(pairs=laid) + " " + reasons, fill=False)

    def _describe(self, answer: Answer) -> str:
        if isinstance(answer, DealCards):
            if answer.count is None:
                return tr("deal all the cards")
            return ntr("deal {count} card", "deal {count} cards", answer.count).format(count=answer.count)
        if isinstance(answer, FinishDealing):
            return tr("say the deal is finished")
        if isinstance(answer, LayDownCards):
            return tr("lay down {cards}").format(cards=_card_words(answer.cards))
        if isinstance(answer, Done):
            return tr("say you're done")
        if isinstance(answer, DrawFrom):
            return tr("draw from {name}").format(name=self._name(answer.seat))
        if isinstance(answer, PickSeat):
            return tr("choose {choice}").format(choice=self._name(answer.seat))
        return tr("choose {choice}").format(choice=self.options[answer.index])

    # ----- words -------------------------------------------------------------------------------

    def _name(self, seat: int | None) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else ptr("a seat", "nobody")

    def _seat_values(self) -> dict[str, str | None]:
        """Every placeholder that names a seat, by what it is now (None: nobody)."""
        values: dict[str, str | None] = {name: shown for name, shown in zip(self.seats, self.names, strict=True) if name != LEARNER}
        game = self.game
        if game is None:
            return values
        seats = {"drawer": game.drawer, "giver": game.giver, "dealer": game.dealer, "loser": game.loser, "winner": game.winner}
        return values | {key: None if seat is None else self._name(seat) for key, seat in seats.items()}

    def _values(self) -> dict[str, str]:
        """Every placeholder's value now: seats, counts from the game and the chart's findings."""
        values = {key: value or "nobody" for key, value in self._seat_values().items()}
        if self.game is not None:
            values |= {"held": str(_count(self.game, "cards-held")), "pairs": str(len(self.game.pairs)), "stock": str(self.game.stock)}
        if self.simulation is not None:
            values |= chart_findings(self.simulation, self.names, self._chart_dealer())
        return values

    def _say(self, text: str, fill: bool = True) -> str:
        """Lesson words as the learner sees them: placeholders filled in, suits as letters if chosen."""
        if fill:
            text = text.format_map(_Blank(self._values()))
        return in_suit_letters(text) if self.letters else text


class _Blank(dict[str, str]):
    """Placeholders for a table that is not there read as 'nobody' instead of failing."""

    def __missing__(self, key: str) -> str:
        return "nobody"


def _option_order(step: Step, rng: random.Random) -> tuple[int, ...]:
    """The order a choice step's options are shown in (file indexes): written options shuffled,
    numbers from small to large as the file gives them; () for other steps."""
    if not isinstance(step, ChoiceStep):
        return ()
    order = list(range(len(step.options)))
    if step.ask is None:
        rng.shuffle(order)
    return tuple(order)


def _then(steps: Any, joined: str | None = None) -> str:
    """Steps one after another: 'a; then b; then c' (`joined`: the message that puts two together)."""
    pattern = joined if joined is not None else tr("{before}; then {after}")
    said = ""
    for step in steps:
        said = step if not said else pattern.format(before=said, after=step)
    return said


def _card_words(cards: Sequence[Card]) -> str:
    """'7♣ and 7♦', '7♣, 7♦ and 7♠': cards as a sentence names them ('the two Cat cards' for pictures)."""
    if cards and cards[0].picture is not None:
        return picture_list(cards)
    words = [card.text() for card in cards]
    return words[0] if len(words) == 1 else listed(words)


# ----- building and reading games ---------------------------------------------------------------


def _new_game(step: Step, table: Table) -> Game:
    learner = table.learner
    learners: tuple[int, ...] = () if learner is None else (learner,)
    if table.hands is None:
        return Game.start_deal(table.rules, table.seed, table.dealer, learners)
    game = Game.from_hands(table.rules, table.hands, table.dealer, learners, table.seed)
    if learner is not None and learner in game.waiting_for and not isinstance(step, PairStep) and not game.pairs_in(learner):
        game.apply(FinishPairing(learner))
    return game


@cache
def chart_result(rules: Rules, games: int, seed: int, dealer: int) -> SimulationResult:
    """The simulated games of a chart, run once per process for the same rules, games, seed and
    dealer: checking the course, opening a lesson and going back to a step all reuse it."""
    return simulate(rules, games, seed, dealer)


def shown_names(seats: Sequence[str], learner_name: str) -> tuple[str, ...]:
    """The seat names the learner sees: a computer seat that would share the learner's own name
    (case and accents ignored) takes a spare name nobody else at the table has."""
    if not learner_name.strip():
        return tuple(seats)
    shown = list(seats)
    for seat, name in enumerate(seats):
        if name != LEARNER and same_name(name, learner_name):
            taken = [*shown, learner_name]
            shown[seat] = next(spare for spare in SPARE_NAMES if not any(same_name(spare, other) for other in taken))
    return tuple(shown)


def _chart(result: SimulationResult, names: Sequence[str], dealer: int) -> tuple[str, ...]:
    largest = max(result.loser_share)
    labels = [tr("{name} (dealer)").format(name=name) if seat == dealer else name for seat, name in enumerate(names)]
    width = max(len(label) for label in labels)
    lines = [ntr("{count} game, {rules}", "{count} games, {rules}", result.games).format(count=f"{result.games:,}", rules=rules_title(result.rules))]
    for label, share in zip(labels, result.loser_share, strict=False):
        lines.append(f"{label:<{width}}  {share:>6.1%}  {bar(share, largest)}")
    return tuple(lines)


def _happen(game: Game | None, happening: Card | str, index: int, field: str) -> None:
    """Carry out one of a step's `first` happenings, or say why it cannot happen."""
    if game is None:
        raise StepBroken(index, field, "there is no game here for anything to happen in")
    try:
        if happening == "deal":
            if game.stock:
                game.apply(DealCard(game.stock))
            game.apply(FinishDeal())
        elif happening == "play":
            while game.drawer is not None and game.drawer not in game.learners:
                game.play_computer_turn()
        elif game.drawer is None or game.drawer in game.learners:
            raise StepBroken(index, field, "no computer seat is due to draw here")
        else:
            game.draw(happening)
    except IllegalAction as error:
        raise StepBroken(index, field, f"cannot happen here: {error.mistake.detail or error.mistake.code}") from None


def _game_seats(game: Game, ask: str) -> frozenset[int]:
    if ask == "fewest-cards":
        fewest = min(len(hand) for hand in game.hands)
        return frozenset(seat for seat, hand in enumerate(game.hands) if len(hand) == fewest)
    if ask == "safe":
        return game.safe
    if ask == "next-deal":
        seat = game.next_deal_seat if game.phase is Phase.DEALING and game.stock else None
    else:
        seat = {"drawer": game.drawer, "giver": game.giver, "loser": game.loser, "winner": game.winner}[ask]
    return frozenset() if seat is None else frozenset({seat})


def _chart_seats(result: SimulationResult | None, ask: str) -> frozenset[int]:
    """Seats whose share, as the chart shows it (to 0.1%), is the smallest or the largest."""
    if result is None:
        return frozenset()
    shown = [round(share * 1000) for share in result.loser_share]
    target = min(shown) if ask == "least-often-old-maid" else max(shown)
    return frozenset(seat for seat, share in enumerate(shown) if share == target)


def _count(game: Game, ask: str) -> int:
    held = sum(len(hand) for hand in game.hands)
    return {"cards-held": held, "pairs-down": len(game.pairs), "cards-in-play": held + 2 * len(game.pairs) + game.stock}[ask]


def chart_findings(result: SimulationResult, names: Sequence[str], dealer: int) -> dict[str, str]:
    """What a chart shows, in words made from its numbers: the seats that were the Old Maid least
    and most often, with their shares as the chart prints them, and why seats differ at all."""
    shown = [round(share * 1000) for share in result.loser_share]
    least = [names[seat] for seat, share in enumerate(shown) if share == min(shown)]
    most = [names[seat] for seat, share in enumerate(shown) if share == max(shown)]
    return {
        "luckiest": listed(least),
        "luckiest_share": f"{min(shown) / 10:.1f}%",
        "unluckiest": listed(most),
        "unluckiest_share": f"{max(shown) / 10:.1f}%",
        "why_seats_differ": _why_seats_differ(result.rules, names, dealer),
    }


@cache
def _start_of_play(rules: Rules, dealer: int) -> tuple[tuple[int, ...], int | None]:
    """The hand sizes straight after the deal, and the seat that draws first (from the engine)."""
    game = Game.start_deal(rules, 0, dealer, ())
    game.apply(DealCard(game.stock))
    game.apply(FinishDeal())
    return rules.dealt_sizes(dealer), game.drawer


def _why_seats_differ(rules: Rules, names: Sequence[str], dealer: int) -> str:
    sizes, first = _start_of_play(rules, dealer)
    fewer = [tr("{name} (the dealer)").format(name=names[seat]) if seat == dealer else names[seat] for seat, size in enumerate(sizes) if size < max(sizes)]
    values = {"fewer": listed(fewer), "few": min(sizes), "many": max(sizes), "first": "" if first is None else names[first]}
    if fewer and first is not None:
        said = ntr(
            "Not every seat starts the same: {fewer} is dealt {few} cards and the others {many}, and {first} draws first. "
            "Small differences at the start, over thousands of games, make some seats luckier than others.",
            "Not every seat starts the same: {fewer} are dealt {few} cards and the others {many}, and {first} draws first. "
            "Small differences at the start, over thousands of games, make some seats luckier than others.",
            len(fewer),
        )
    elif fewer:
        said = ntr(
            "Not every seat starts the same: {fewer} is dealt {few} cards and the others {many}. "
            "Small differences at the start, over thousands of games, make some seats luckier than others.",
            "Not every seat starts the same: {fewer} are dealt {few} cards and the others {many}. "
            "Small differences at the start, over thousands of games, make some seats luckier than others.",
            len(fewer),
        )
    else:
        said = tr(
            "Not every seat starts the same: {first} draws first. Small differences at the start, over thousands of games, make some seats luckier than others."
        )
    return said.format(**values)
