"""The lessons as plain lines: the list with each lesson's standing, then one lesson step by step,
driven through the same `LessonRun` as the app and reported through the learner's session (the
same recorder: a lesson started here carries on in the app, and the other way round)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.course import (
    BrokenLesson,
    ChoiceStep,
    DealCards,
    DealStep,
    Done,
    DrawFrom,
    DrawStep,
    Feedback,
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
)
from tutor.course.answers import Answer
from tutor.course.check import replay_problems
from tutor.engine import Card, Drew, Phase
from tutor.language import mark, ntr, tr
from tutor.learner.celebrations import NEXT_UP
from tutor.learner.lessons import grouped, lesson_mistakes, standing_of
from tutor.learner.session import LearnerSession
from tutor.plain.lines import Choices, Lines, either
from tutor.plain.words import STOP, card_lines, numbered, numbers_in, numbers_of, pick_number
from tutor.wording import Seats, sentence
from tutor.wording.lessons import (
    CHECK_HINT,
    HINT_AFTER_A_TRY,
    ON_PURPOSE,
    WHAT_YOU_LEARNED,
    carry_on_question,
    hint_heading,
    keep_going,
    stars_words,
    step_broken,
)
from tutor.wording.narration import Narrator
from tutor.wording.table import SIDES, cards_words, deck_words, hand_heading, pairs_on_the_table

HINT = ("h", mark("a hint (each try opens one more; the last one is the answer)"))
BACK = ("b", mark("back to the step before"))


def choose_lesson(lines: Lines, session: LearnerSession) -> None:
    """The list of lessons, until the learner stops; each lesson chosen is played."""
    while True:
        course = session.course
        record = session.record()
        slips = lesson_mistakes(record.mistakes, course)
        entries: list[Lesson | BrokenLesson] = []
        said = [tr("The lessons:")]
        for topic, in_topic in grouped(course):
            said.append(tr("{heading}:").format(heading=topic))
            for number, entry in in_topic:
                entries.append(entry)
                if isinstance(entry, BrokenLesson):
                    said.append(numbered(number, tr("{path}: broken, can't be opened").format(path=entry.path)))
                    continue
                standing = standing_of(entry, course, record.lessons, session.settings.unlock_all_lessons, slips)
                if standing.words and standing.stars:
                    words = tr("{standing}, {stars}").format(standing=standing.words, stars=stars_words(standing.stars))
                else:
                    words = standing.words or (stars_words(standing.stars) if standing.stars else "")
                line = tr("{title} ({standing})").format(title=entry.title, standing=words) if words else tr("{title} (new)").format(title=entry.title)
                said.append(numbered(number, line))
        lines.say(*said)
        typed = lines.ask(
            tr("Which lesson?"),
            Choices(tr("Type its number (1 to {count}), or q to stop.").format(count=len(entries)), ((tr("1 to 9..."), tr("open that lesson")), STOP)),
        )
        if typed.lower() == "q":
            return
        chosen = pick_number(typed, len(entries))
        if chosen is None:
            lines.wrong(tr("Type a lesson's number, from 1 to {count}, or q to stop.").format(count=len(entries)))
            continue
        entry = entries[chosen - 1]
        if isinstance(entry, BrokenLesson):
            lines.say(*(str(problem) for problem in entry.problems), tr(CHECK_HINT))
            continue
        standing = standing_of(entry, course, record.lessons, session.settings.unlock_all_lessons, slips)
        if not standing.is_open:
            lines.say(tr("{title}: {standing}.").format(title=entry.title, standing=standing.words))
            continue
        play_lesson(lines, session, entry)


def play_lesson(lines: Lines, session: LearnerSession, lesson: Lesson, seed: int | None = None) -> None:
    """One lesson, from where the learner left it if they want; every step saved as in the app."""
    problems = tuple(replay_problems(lesson))
    if problems:
        lines.say(
            tr("The lesson “{title}” has a problem, so it can't be opened:").format(title=lesson.title), *(str(problem) for problem in problems), tr(CHECK_HINT)
        )
        return
    step = session.lesson_to_resume(lesson)
    if step is not None:
        carry_on = lines.ask_yes_no(
            carry_on_question(step, len(lesson.steps)),
            Choices(tr("Type y to carry on, or n to start again from step 1."), (("y", tr("carry on")), ("n", tr("start again from step 1")))),
        )
        if not carry_on:
            session.start_lesson_over(lesson.id)
            step = None
    try:
        run = LessonRun(lesson, step=step or 0, letters=session.settings.suit_style == "letters", learner_name=session.settings.learner_name, seed=seed)
    except StepBroken as broken:
        lines.say(step_broken(broken.index, broken.message), tr(CHECK_HINT))
        return
    lines.say(sentence(tr("Lesson: {title}").format(title=lesson.title)), *([run.notice] if run.notice else []))
    _LessonLines(lines, session, lesson, run).play()


class _LessonLines:
    def __init__(self, lines: Lines, session: LearnerSession, lesson: Lesson, run: LessonRun) -> None:
        self.lines, self.session, self.lesson, self.run = lines, session, lesson, run
        self.recorder = session.recorder
        self.letters = run.letters
        self.draw_from: int | None = None
        self.drawn: Card | None = None
        """The card the learner just drew: marked ★ in their hand (the lesson's words say so)."""

    def play(self) -> None:
        self._show_step(save=self.run.finished)
        while True:
            run = self.run
            if run.finished:
                self._finish()
                return
            if run.solved:
                typed = self.lines.ask(
                    "", Choices(tr("Type n (or just Enter) for the next step, b to go back, or q to stop."), (("n", tr("the next step")), BACK, STOP))
                )
                if not self._moved(typed):
                    return
                continue
            if not self._answered(self.lines.ask(self._question(), self._choices())):
                return

    # ----- saying the step ------------------------------------------------------------------------

    def _show_step(self, save: bool = True) -> None:
        run = self.run
        self.draw_from = None
        if not isinstance(run.step, PairStep):
            self.drawn = None
        said = [tr("Step {number} of {count}.").format(number=run.index + 1, count=len(self.lesson.steps)), run.text.strip()]
        said += self._table()
        if run.chart:
            said += [tr("The chart:"), *run.chart]
        if run.options:
            said += [tr("The answers:"), *(numbered(number, option) for number, option in enumerate(run.options, 1))]
        self.lines.say(*said)
        if save:
            self._save()

    def _table(self) -> list[str]:
        run, game = self.run, self.run.game
        if not run.names or (game is None and not isinstance(run.step, SeatStep)):
            return []
        said = [tr("The players around the table:")]
        seats = Seats(run.names, run.learner)
        tells_roles = not isinstance(run.step, TaskStep) or isinstance(run.step, (PairStep, DealStep)) and not run.solved
        for seat in range(len(run.names)):
            line = seats.who(seat, capital=True)
            if game is not None:
                where = None if run.learner is None or seat == run.learner else tr(SIDES[game.rules.side_of(seat, run.learner)])
                dealer = game.dealer == seat
                cards = cards_words(game, seat, tells_roles, seat == run.learner, backs=False, face_up=run.step.behind_the_scenes, letters=run.letters)
                if where is not None:
                    template = tr("{name}, {where}, the dealer: {cards}") if dealer else tr("{name}, {where}: {cards}")
                else:
                    template = tr("{name}, the dealer: {cards}") if dealer else tr("{name}: {cards}")
                line = template.format(name=line, where=where, cards=cards)
            said.append(numbered(seat + 1, line))
        if game is not None and game.phase is Phase.DEALING:
            said.append(deck_words(game, isinstance(run.step, DealStep), backs=False))
        hand = self._hand()
        if game is not None and run.learner is not None and (hand or game.phase is not Phase.DEALING):
            said += [hand_heading(len(hand)), *self._hand_lines(hand)]
            mine = [pair for seat, pair in game.pairs if seat == run.learner]
            if mine:
                said.append(pairs_on_the_table(mine, self.letters))
        return said

    def _hand_lines(self, hand: list[Card]) -> list[str]:
        """The hand as numbered lines, the card just drawn marked ★ while the step is about it."""
        marked = self.drawn if isinstance(self.run.step, (DrawStep, PairStep)) else None
        return [line + (" ★" if card == marked else "") for line, card in zip(card_lines(self.lines, hand, self.letters), hand, strict=True)]

    def _hand(self) -> list[Card]:
        """The learner's cards in the order the lesson screen shows them (and numbers them)."""
        run = self.run
        return sorted(run.game.hands[run.learner]) if run.game is not None and run.learner is not None else []

    def _question(self) -> str:
        step, run = self.run.step, self.run
        if isinstance(step, ChoiceStep):
            return tr("Your answer?")
        if isinstance(step, DrawStep) and self.draw_from is not None and run.game is not None:
            held = len(run.game.hands[self.draw_from])
            seats = Seats(run.names, run.learner)
            if seats.is_you(self.draw_from):
                return ntr("You hold out {count} face-down card.", "You hold out {count} face-down cards.", held).format(count=held)
            said = ntr("{name} holds out {count} face-down card.", "{name} holds out {count} face-down cards.", held)
            return said.format(name=seats.who(self.draw_from, capital=True), count=held)
        return ""

    def _choices(self) -> Choices:
        step, run = self.run.step, self.run
        players = len(run.names)
        if isinstance(step, ChoiceStep):
            return Choices(
                tr("Type the number of your answer (1 to {count}), h for a hint, or q to stop.").format(count=len(run.options)),
                ((tr("1 to 9"), tr("that answer")), HINT, BACK, STOP),
            )
        if isinstance(step, SeatStep):
            return Choices(
                tr("Type a player's number (1 to {count}), h for a hint, or q to stop.").format(count=players),
                ((tr("1 to 9"), tr("that player")), HINT, BACK, STOP),
            )
        if isinstance(step, DealStep):
            return Choices(
                tr("Type 1 to deal one card, a to deal all the rest, f to say the deal is finished, h for a hint, or q to stop."),
                (("1", tr("deal one card")), ("a", tr("deal all the rest")), ("f", tr("say the deal is finished")), HINT, BACK, STOP),
            )
        if isinstance(step, PairStep):
            return Choices(
                tr("Type the numbers of the cards of a pair (like 1 3), d when you're done, h for a hint, or q to stop."),
                (
                    ("1 3", tr("lay down your cards 1 and 3 as a pair")),
                    ("d", tr("say you're done laying down pairs")),
                    ("c", tr("your cards again")),
                    HINT,
                    BACK,
                    STOP,
                ),
            )
        if isinstance(step, DrawStep) and self.draw_from is not None and run.game is not None:
            count = len(run.game.hands[self.draw_from])
            return Choices(
                tr("Type the number of a card to draw (1 to {count}), e to choose someone else, or q to stop.").format(count=count),
                ((tr("1 to 9"), tr("draw that face-down card")), ("e", tr("choose someone else")), HINT, STOP),
            )
        return Choices(
            tr("Type the number of the player to draw from (1 to {count}), h for a hint, or q to stop.").format(count=players),
            ((tr("1 to 9"), tr("draw from that player")), HINT, BACK, STOP),
        )

    # ----- the learner's answers ----------------------------------------------------------------

    def _moved(self, typed: str) -> bool:
        """n, b or q after a step is done (or on a step with nothing to answer); False to stop."""
        command = typed.lower()
        if command == "q":
            return False
        if command == "b":
            self._back()
        elif command in ("", "n"):
            self._advance()
        else:
            self.lines.wrong(tr("Type n or just Enter for the next step, b to go back, or q to stop."))
        return True

    def _answered(self, typed: str) -> bool:
        command = typed.lower()
        if command == "q":
            return False
        if command == "h":
            self._hint()
        elif command == "b" and not (isinstance(self.run.step, DrawStep) and self.draw_from is not None):
            self._back()
        elif command == "c" and self.run.game is not None and self.run.learner is not None:
            self.lines.say(*self._hand_lines(self._hand()))
        else:
            answer = self._answer(command)
            if answer is not None:
                self._submit(answer)
        return True

    def _answer(self, typed: str) -> Answer | None:
        """The answer typed, or None (having said what was expected)."""
        step, run = self.run.step, self.run
        players = len(run.names)
        if isinstance(step, ChoiceStep):
            number = pick_number(typed, len(run.options))
            return self._or_say(
                None if number is None else PickOption(number - 1), tr("Type the number of an answer, from 1 to {count}.").format(count=len(run.options))
            )
        if isinstance(step, SeatStep):
            number = pick_number(typed, players)
            return self._or_say(None if number is None else PickSeat(number - 1), tr("Type a player's number, from 1 to {count}.").format(count=players))
        if isinstance(step, DealStep):
            deals: dict[str, Answer] = {"1": DealCards(1), "a": DealCards(None), "f": FinishDealing()}
            found = deals.get(typed)
            return self._or_say(found, tr("Type 1 to deal one card, a to deal all the rest, or f to say the deal is finished."))
        if isinstance(step, PairStep):
            return self._pair_answer(typed)
        return self._draw_answer(typed, players)

    def _pair_answer(self, typed: str) -> Answer | None:
        if typed == "d":
            return Done()
        hand = self._hand()
        picked = numbers_in(typed, len(hand))
        if picked is None or len(picked) < 2:
            self.lines.wrong(
                tr("Type the numbers of two cards from your hand (1 to {count}), with a space between, or d when you're done.").format(count=len(hand))
            )
            return None
        return LayDownCards([hand[number - 1] for number in picked])

    def _draw_answer(self, typed: str, players: int) -> Answer | None:
        run = self.run
        if self.draw_from is None:
            number = pick_number(typed, players)
            if number is None:
                self.lines.wrong(tr("Type the number of the player to draw from, from 1 to {count}.").format(count=players))
                return None
            held = len(run.game.hands[number - 1]) if run.game is not None else 0
            if held <= 1 or number - 1 == run.learner:
                return DrawFrom(number - 1, 0)  # nothing to choose between (or your own cards): the engine judges the draw
            self.draw_from = number - 1
            return None
        if typed == "e":
            self.draw_from = None
            return None
        held = len(run.game.hands[self.draw_from]) if run.game is not None else 0
        number = pick_number(typed, held)
        if number is None:
            self.lines.wrong(tr("Type the number of a card, from 1 to {count}, or e to choose someone else.").format(count=held))
            return None
        return DrawFrom(self.draw_from, number - 1)

    def _or_say(self, answer: Answer | None, expected: str) -> Answer | None:
        if answer is None:
            self.lines.wrong(expected)
        return answer

    def _submit(self, answer: Answer) -> None:
        run = self.run
        feedback = run.submit(answer)
        self.draw_from = None
        drew = next((event.card for event in feedback.events if isinstance(event, Drew) and event.drawer == run.learner), None)
        self.drawn = drew or self.drawn
        mistake = feedback.mistake
        if (not feedback.right or mistake is not None) and not feedback.again:
            self.recorder.lesson_mistake(
                self.lesson.id, mistake.code.value if mistake else None, mistake.cards if mistake else (), on_purpose=feedback.on_purpose
            )
        if feedback.solved:
            self._save()
        self.lines.say(*self._feedback(feedback))

    def _feedback(self, feedback: Feedback) -> list[str]:
        run = self.run
        if not feedback.right:
            return [tr("Not quite."), *(feedback.explanation.lines() if feedback.explanation is not None else [feedback.message.strip()])]
        if not feedback.solved:
            hand = self._hand()
            cards = [hand_heading(len(hand)), *self._hand_lines(hand)] if isinstance(run.step, PairStep) and hand else []
            return [tr("Right."), *self._narrated(feedback), keep_going(run.step.kind, done=tr("type d")), *cards]
        said = [feedback.message.strip() or tr("Right.")]  # the step's own praise ("Yes! ...") says it: not "Right. Right!"
        if feedback.explanation is not None:
            said += [tr(ON_PURPOSE), *feedback.explanation.lines()]
        if isinstance(run.step, DrawStep) and self._hand():
            said += [hand_heading(len(self._hand())), *self._hand_lines(self._hand())]
        return said

    def _narrated(self, feedback: Feedback) -> list[str]:
        run = self.run
        if run.learner is None or run.game is None:
            return []
        return Narrator(run.names, run.learner, self.letters).lines(feedback.events, run.game)

    def _hint(self) -> None:
        run = self.run
        hint = run.hint()
        if hint is None:
            self.lines.say(tr("There is no hint for this step."))
            return
        if hint.confirm:
            see = self.lines.ask_yes_no(
                hint.text,
                Choices(tr("Type y to see the answer now, or n to have another go first."), (("y", tr("see the answer")), ("n", tr("have another go first")))),
            )
            if not see:
                return
            hint = run.hint(confirm=True)
            if hint is None:
                return
        typed = self._typed_answer() if hint.level == hint.levels else ""
        said = [hint_heading(hint.level, hint.levels) + hint.text + (f" {typed}" if typed else "")]
        if hint.more_after_a_try:
            said.append(tr(HINT_AFTER_A_TRY))
        else:
            self.recorder.lesson_hint_used(self.lesson.id)
        self.lines.say(*said)

    def _typed_answer(self) -> str:
        """The answer as it is typed here ("Type 2 5, then d."), after the last hint, which names
        the answer, the cards or the players; "" for a step that asks for a mistake on purpose."""
        step, run = self.run.step, self.run
        if not isinstance(step, TaskStep) or step.expect is not None:
            return ""
        if isinstance(step, ChoiceStep):
            return tr("Type {numbers}.").format(numbers=either([str(index + 1) for index in sorted(run.right_options())]))
        if isinstance(step, SeatStep):
            return tr("Type {numbers}.").format(numbers=either([str(seat + 1) for seat in sorted(run.right_seats())]))
        if isinstance(step, DealStep):
            return tr("Type a.")
        if run.game is None or run.learner is None:
            return ""
        if isinstance(step, PairStep):
            return self._pairs_typed(run.game.pairs_in(run.learner))
        return tr("Type {numbers}.").format(numbers=(run.game.giver or 0) + 1)

    def _pairs_typed(self, pairs: Sequence[Sequence[Card]]) -> str:
        """The first pair's numbers in the hand as it is now (the hand is numbered again after each pair)."""
        if not pairs:
            return tr("Type d.")
        numbers = numbers_of(self._hand(), pairs[0])
        return tr("Type {numbers}, then d.").format(numbers=numbers) if len(pairs) == 1 else tr("Type {numbers} for the first pair.").format(numbers=numbers)

    # ----- moving through the lesson --------------------------------------------------------------

    def _advance(self) -> None:
        try:
            moved = self.run.advance()
        except StepBroken as broken:
            self.lines.say(step_broken(broken.index, broken.message), tr(CHECK_HINT))
            return
        if moved:
            self._show_step()

    def _back(self) -> None:
        try:
            moved = self.run.back()
        except StepBroken as broken:
            self.lines.say(step_broken(broken.index, broken.message), tr(CHECK_HINT))
            return
        if moved:
            self._show_step()
        else:
            self.lines.say(tr("This is the first step."))

    def _save(self) -> None:
        """Where the learner is, as the app saves it: the step to carry on from, or the lesson done."""
        run = self.run
        if not run.finished:
            self.recorder.lesson_step_done(self.lesson.id, run.index + int(run.solved and isinstance(run.step, TaskStep)))

    def _finish(self) -> None:
        celebration = self.recorder.lesson_finished(self.lesson.id)
        headline = celebration.headline
        if celebration.stars is not None:
            headline = tr("{headline} ({stars})").format(headline=headline, stars=stars_words(celebration.stars))
        said = [headline, *celebration.lines]
        if self.run.summary.strip():
            said.append(tr(WHAT_YOU_LEARNED) + self.run.summary.strip())
        self.lines.say(*said)
        following = self.session.next_lesson(self.lesson.id)
        if following is None:
            return
        told = tr(NEXT_UP).format(title=following.title) in celebration.lines  # "Next up: “Pairs”." just said: not twice
        start = self.lines.ask_yes_no(
            tr("Start it now?") if told else tr("Next lesson: {title}.").format(title=following.title),
            Choices(tr("Type y to start it, or n to go back to the list."), (("y", tr("start the next lesson")), ("n", tr("back to the list")))),
        )
        if start:
            play_lesson(self.lines, self.session, following)
