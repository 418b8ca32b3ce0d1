"""Every word true (issue 26): every sentence a learner can meet, in every ruleset, player count
and deck the settings allow, checked by the claim checkers of `sentence_truth`.

The sentences are collected by driving the Textual-free layers, never by reading screens: whole
guided games (alone or two learners at one keyboard, every help level, wrong moves among the right
ones) with their narration, news, prompts, hints, mistakes' explanations, seat marks and the end's
words; generated quiz questions; and, for every rules the settings allow, the Rules screen's text
and every written quiz question asked there; and every lesson step, played with its solution and
with each wrong answer it explains. The property tests run a few dozen cases in `make test` and
OLD_MAID_TUTOR_SOAK times as many in `make soak`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scale import scaled
from sentence_truth import Said, side_marked_wrong, untrue_claims

from tutor.course.answers import Done, DrawFrom, LayDownCards, PickOption, PickSeat
from tutor.course.course import load_course
from tutor.course.mistakes import FALLBACK, load_mistakes
from tutor.course.model import ChoiceStep, DrawStep, Lesson, PairStep, SeatStep, TaskStep
from tutor.course.runner import LessonRun
from tutor.engine import Card, Rules, all_decks, every_rules, groups_of_a_kind
from tutor.play.guided_game import GuidedGame, Outcome, Stage
from tutor.play.shared_game import SharedGame
from tutor.play.shared_game import Stage as SharedStage
from tutor.quiz.bank import read_bank, rules_in_reach
from tutor.quiz.generators import GENERATORS
from tutor.quiz.model import Question
from tutor.settings import Settings
from tutor.store.tables import Tables
from tutor.wording import Seats, pair_why
from tutor.wording.ending import each_learners_mistakes, end_of_game
from tutor.wording.going_out import end_mark, out_mark
from tutor.wording.narration import Narrator
from tutor.wording.rules import rules_in_brief, rules_summary

MOVES_MAX = 3000
"""A guided game far longer than any real one has gone wrong: the test says so instead of hanging."""


def every_rules_and_deck() -> list[Rules]:
    """Every rules the settings allow, with each deck that seats that many players."""
    return [rules.with_deck(deck.id) for rules in every_rules() for deck in all_decks() if rules.players <= deck.size]


ALL_RULES = every_rules_and_deck()


@dataclass
class Heard:
    """The sentences collected so far and the untrue claims found in them."""

    count: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    untrue: list[str] = field(default_factory=list)

    def __call__(self, said: Said) -> None:
        if not said.text:
            return
        self.count += 1
        self.kinds[said.where.split(" ")[0]] += 1
        self.untrue += [f"{said.where} ({describe(said.rules)}): {claim}" for claim in untrue_claims(said)]

    def marked_wrong(self, answer: str, rules: Rules, where: str) -> None:
        """An answer the learner is told is wrong: it must not be right after all."""
        self.count += 1
        self.untrue += [f"{where} ({describe(rules)}): marked wrong with two players: {quote}" for quote in side_marked_wrong(answer, rules.players)]


def describe(rules: Rules) -> str:
    switches = [name for name in ("extra_draw_on_pair", "odd_card_wins", "wrong_pair_loses") if getattr(rules, name)]
    return f"{rules.name}, {rules.players} players, odd {rules.odd_rank}, deck {rules.deck}" + "".join(f", {name}" for name in switches)


# ----- a whole guided game, right and wrong moves ----------------------------------------------------


def settings_for(rules: Rules, guidance: str) -> Settings:
    return Settings(
        ruleset=rules.variant,
        players=rules.players,
        odd_rank=rules.odd_rank,  # type: ignore[arg-type]
        extra_draw_on_pair=rules.extra_draw_on_pair,
        odd_card_wins=rules.odd_card_wins,
        wrong_pair_loses=rules.wrong_pair_loses,
        deck=rules.deck,
        guidance=guidance,  # type: ignore[arg-type]
        learner_name="Robin",
    )


def play_guided(rules: Rules, seed: int, guidance: str, together: bool, heard: Heard) -> GuidedGame:
    """A whole guided game from the learner's seat (or two learners' seats), with a wrong move
    tried now and then, every sentence on the way heard."""
    rng = random.Random(seed)
    chosen = settings_for(rules, guidance)
    if together:
        session = GuidedGame.new_together(chosen, [("Robin", guidance), ("Jo", rng.choice(["guided", "hints", "own"]))], seed)
    else:
        session = GuidedGame.new(chosen, seed)
    for line in session.log:
        hear(heard, session, line, "log")
    for _ in range(MOVES_MAX):
        stage = session.stage
        hear(heard, session, session.next_step(), f"prompt {stage}")
        hear_table(heard, session)
        if stage is Stage.OVER:
            hear_end(heard, session)
            return session
        if stage is Stage.HAND_OVER:
            session.hand_over()
            continue
        if stage is Stage.COMPUTER:
            told(heard, session, session.play_computer_turn())
            continue
        for level in (1, 2, 3):
            hear(heard, session, session.peek_hint(level).text, f"hint {level} {stage}")
        told(heard, session, learner_move(session, stage, rng))
    raise AssertionError(f"the game did not end within {MOVES_MAX} moves")


def learner_move(session: GuidedGame, stage: Stage, rng: random.Random) -> Outcome:
    """A right move most of the time; else a wrong one of the kinds a child makes."""
    game, seat, roll = session.game, session.viewer, rng.random()
    hand = game.hands[seat]
    pairs = game.pairs_in(seat)
    if stage is Stage.PAIRING:
        threes = [kind for kind in groups_of_a_kind(hand) if len(kind) == 3]
        mixed = [(one, two) for one in hand for two in hand if one < two and not one.pairs_with(two)]
        if roll < 0.1 and pairs:
            return session.finish_pairing()  # keeps a pair
        if roll < 0.2 and threes:
            return session.lay_down(threes[0])
        if roll < 0.27 and mixed and not game.wrong_pairs:
            return session.lay_down(rng.choice(mixed))
        return session.lay_down(pairs[0]) if pairs else session.finish_pairing()
    if stage is Stage.CHOOSE_GIVER:
        others = [other for other in game.rules.seats if other != seat]
        giver = game.giver
        return session.choose_giver(rng.choice(others) if roll < 0.3 or giver is None else giver)
    giver = game.giver
    offered = len(game.hands[giver]) if giver is not None else 1
    return session.draw(rng.randrange(offered))


def names_seen(session: GuidedGame) -> tuple[str, ...]:
    return tuple(session.names)


def hear(heard: Heard, session: GuidedGame, text: str, where: str, public: bool = False, seat: int | None = None) -> None:
    learner = None if public else session.viewer
    heard(Said(text, where, session.game.rules, names_seen(session), learner, session.game, seat))


def told(heard: Heard, session: GuidedGame, outcome: Outcome) -> None:
    public = session.together  # the shared log names every seat
    for line in outcome.lines:
        hear(heard, session, line, "narration", public=public)
    explanation = outcome.explanation
    if explanation is not None:
        for part in ("rule", "what", "why", "instead"):
            hear(heard, session, getattr(explanation, part), f"mistake {explanation.code} {part}")
    for line in session.player.news:
        hear(heard, session, line, "news")


def hear_table(heard: Heard, session: GuidedGame) -> None:
    """The seat boxes' words: a seat with no cards, and each seat's result at the end."""
    game = session.game
    if any(not hand for hand in game.hands):
        hear(heard, session, out_mark(game.rules), "seat-mark")
        hear(heard, session, out_mark(game.rules, short=True), "seat-mark")  # in a narrow box
    for seat in game.rules.seats:
        hear(heard, session, end_mark(game, seat), "seat-mark end", seat=seat)


def hear_end(heard: Heard, session: GuidedGame) -> None:
    game = session.game
    results = [(result.seat, result.line) for result in session.results()]
    you = None if session.together else session.viewer
    mistakes = [(times, code) for code, times in session.mistake_counts().most_common()]
    for line in end_of_game(game, you, session.names, results, mistakes, None, session.humans, session.letters):
        hear(heard, session, line.lead + line.text, "end", public=you is None)
    if session.together:
        each = [(seat, [(1, made.code) for made in session.learners[seat].mistakes]) for seat in session.humans]
        for line in each_learners_mistakes(game, session.names, each):
            hear(heard, session, line.text, "end", public=True)


rules_strategy = st.sampled_from(ALL_RULES)
seeds = st.integers(0, 2**32 - 1)


# Each game is checked in a few milliseconds; a few dozen in `make test`, 100 times as many in `make soak`.
@pytest.mark.soak
@settings(max_examples=scaled(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_strategy, seeds, st.sampled_from(["guided", "hints", "own"]), st.booleans())
def test_every_sentence_of_a_guided_game_is_true(rules: Rules, seed: int, guidance: str, together: bool) -> None:
    heard = Heard()
    play_guided(rules, seed, guidance, together and rules.players >= 2, heard)
    assert heard.kinds["prompt"] and heard.kinds["narration"] and heard.kinds["end"]
    assert heard.untrue == []


# ----- quiz questions made from positions ----------------------------------------------------------


def hear_question(heard: Heard, question: Question, rules: Rules, where: str) -> None:
    """What a learner is told is so: the prompt (a true-false statement only where it is true),
    the right options, the explanation and why each wrong option is wrong."""
    names = question.position.names if question.position is not None else ()
    say: Callable[[str, str], None] = lambda text, part: heard(Said(text, f"{where} {part}", rules, tuple(names), 0 if names else None))  # noqa: E731
    if question.kind == "choice" or 0 in question.correct:
        say(question.prompt, "prompt")
    else:  # a statement the learner is told is false
        heard.marked_wrong(question.prompt, rules, f"{where} false statement")
    for index, option in enumerate(question.options):
        if index in question.correct and question.kind == "choice":
            say(option, "right option")
        elif question.kind == "choice":
            heard.marked_wrong(option, rules, f"{where} wrong option")
        say(question.note(index), "why wrong")
    say(question.explanation, "explanation")


@pytest.mark.soak
@settings(max_examples=scaled(30), deadline=None)
@given(rules_strategy, seeds)
def test_every_generated_quiz_question_is_true(rules: Rules, seed: int) -> None:
    heard = Heard()
    seats = Seats(("you", "Bea", "Sam", "Ana", "Kit", "Lou", "Max", "Zoe")[: rules.players], 0)
    for kind, make in GENERATORS.items():
        hear_question(heard, make(random.Random(seed), rules, seats), rules, f"quiz {kind}")
    assert heard.count >= len(GENERATORS)
    assert heard.untrue == []


# ----- every rules the settings allow ---------------------------------------------------------------


def test_every_rules_screen_is_true() -> None:
    heard = Heard()
    for rules in ALL_RULES:
        for heading, paragraph in rules_summary(rules):
            heard(Said(paragraph, f"rules {heading}", rules))
        heard(Said(rules_in_brief(rules), "rules brief", rules))
    assert heard.count > len(ALL_RULES) * 12
    assert heard.untrue == []


def test_every_written_quiz_question_is_true_where_it_is_asked() -> None:
    heard = Heard()
    bank = read_bank()
    every_lesson = {question.after for question in bank if question.after}
    for rules in rules_in_reach():
        for written in bank:
            if written.fits(rules, every_lesson):
                hear_question(heard, written.question(rules), rules, f"quiz.yaml {written.id}")
    assert heard.count > 1000
    assert heard.untrue == []


# ----- every lesson step ----------------------------------------------------------------------------


def lessons() -> list[Lesson]:
    return list(load_course(replay=False).lessons)


def hear_run(heard: Heard, run: LessonRun, text: str, where: str) -> None:
    game = run.game
    rules = game.rules if game is not None else Rules.bicycle()
    heard(Said(text, where, rules, tuple(run.names), run.learner, game))


def wrong_answers(run: LessonRun) -> Iterator[PickSeat | PickOption | LayDownCards | Done | DrawFrom]:
    """Every wrong answer a step explains: each seat and option, and for moves the wrong kinds."""
    step, game = run.step, run.game
    if isinstance(step, SeatStep):
        yield from (PickSeat(seat) for seat in range(len(run.names)) if seat not in run.right_seats())
    elif isinstance(step, ChoiceStep):
        yield from (PickOption(index) for index in range(len(step.options)) if index not in run.right_options())
    elif game is not None and run.learner is not None and isinstance(step, PairStep):
        hand = game.hands[run.learner]
        yield Done()
        yield from (LayDownCards((one, two)) for one in hand for two in hand if one < two and not one.pairs_with(two))
    elif game is not None and run.learner is not None and isinstance(step, DrawStep):
        yield from (DrawFrom(seat) for seat in range(len(run.names)) if seat not in (run.learner, game.giver))


def play_lesson(lesson: Lesson, heard: Heard) -> None:
    run = LessonRun(lesson, learner_name="Robin")
    while True:
        step, where = run.step, f"lesson {lesson.id} step {run.index + 1}"
        hear_run(heard, run, run.text, f"{where} text")
        for index, option in enumerate(run.options):
            if isinstance(step, ChoiceStep) and index not in run.right_options() and run.game is not None:
                heard.marked_wrong(option, run.game.rules, f"{where} wrong option")
            if isinstance(step, ChoiceStep) and step.ask is None:
                continue  # options of a written question: right or wrong, told by its own words below
            hear_run(heard, run, option, f"{where} option")
        if isinstance(step, TaskStep):
            for level, hint in enumerate(step.hints, 1):
                hear_run(heard, run, run._say(hint), f"{where} hint {level}")
            hear_run(heard, run, run.answer(), f"{where} answer")
            if isinstance(step, ChoiceStep):
                for index in sorted(run.right_options()):
                    hear_run(heard, run, run.options[index], f"{where} right option")
            for wrong in list(wrong_answers(run)):
                hear_run(heard, run, run.submit(wrong).message, f"{where} wrong {type(wrong).__name__}")
                run.restart()  # each wrong answer from the step's start (a strict table takes a wrong pair)
            for answer in step.solution:
                feedback = run.submit(answer)
                hear_run(heard, run, feedback.message, f"{where} success")
                if feedback.explanation is not None:  # a mistake made on purpose: what the tutor says about it
                    hear_run(heard, run, feedback.explanation.text(), f"{where} mistake on purpose")
                if run.game is not None and run.learner is not None:  # what the lesson screen tells of the move
                    for line in Narrator(run.names, run.learner).lines(feedback.events, run.game):
                        hear_run(heard, run, line, f"{where} narration")
        if not run.advance():
            break
    hear_run(heard, run, run.summary, f"lesson {lesson.id} summary")


@pytest.mark.parametrize("lesson", lessons(), ids=lambda lesson: lesson.id)
def test_every_lesson_sentence_is_true(lesson: Lesson) -> None:
    heard = Heard()
    play_lesson(lesson, heard)
    assert heard.count >= len(lesson.steps)
    assert heard.untrue == []


# ----- every mistake's words, as each ruleset and deck picks them -------------------------------------


@pytest.mark.parametrize("book", ["file", "built-in"])
def test_every_mistake_explanation_is_true_in_every_ruleset(book: str) -> None:
    """The words of every mistake code (lessons/mistakes.yaml, and the built-in words used when it
    is broken), filled in, as each ruleset and deck would say them: a game meets only some of them."""
    heard = Heard()
    words = load_mistakes() if book == "file" else FALLBACK
    cards = {"kept-pair": "7♣ and 7♦", "laid-down-three": "7♣, 7♦ and 7♥", "not-a-pair": "7♣ and 8♦"}
    values = {"rank": "7s", "seat": "Bea", "giver": "Sam", "drawer": "you", "left": "3 cards", "direction": "on your right"}
    values["pair_why"] = pair_why(Card.parse("7C"), Card.parse("7D"))  # the kept pair's 7♣ and 7♦
    for rules in ALL_RULES:
        for code, entry in words.items():
            said = entry.for_deck(rules)
            for part, text in (("what", said.what), ("why", said.why_for(rules)), ("instead", said.instead), ("rule", said.rule)):
                filled = text.format_map(values | {"cards": cards.get(code, "7♣ and 8♦")})
                heard(Said(filled, f"mistake {code} {part}", rules))
    assert heard.count == len(ALL_RULES) * len(words) * 4
    assert heard.untrue == []


@pytest.mark.parametrize("players", [2, 4])
def test_the_game_going_on_is_said_truly_under_the_strict_check(players: int) -> None:
    """ "Who is the Old Maid now?" when nobody is yet: the game goes on, and under the strict pair
    check it ends when no more pairs can be made (not when one player is left holding cards)."""
    rules = Rules.bicycle(players, wrong_pair_loses=True)
    seats = Seats(("you", "Bea", "Sam", "Ana")[:players], 0)
    heard, going_on = Heard(), 0
    for seed in range(300):
        question = GENERATORS["old-maid-now"](random.Random(seed), rules, seats)
        going_on += "the game goes on" in question.explanation
        hear_question(heard, question, rules, "quiz old-maid-now")
    assert going_on > 3
    assert heard.untrue == []


# ----- a game at a table played together, seen from each window ------------------------------------

TABLE_GAMES = [
    Rules.bicycle(2, wrong_pair_loses=True),
    Rules.bicycle(4, odd_card_wins=True),
    Rules.bicycle(3, odd_rank="J").with_deck("standard"),
    Rules.table(3, odd_card_wins=True).with_deck("farm"),
    Rules.table(5, extra_draw_on_pair=True),
]


def hear_window(heard: Heard, window: SharedGame, where: str) -> None:
    game = window.game
    rules = game.rules if game is not None else window.view.settings().rules()

    def say(text: str, part: str, learner: int | None = window.seat) -> None:
        heard(Said(text, f"table {where} {part}", rules, tuple(window.names), learner, game))

    say(window.next_step(), "prompt")
    say(window.news, "news")
    for line in window.log[-3:]:
        say(line, "log")  # in the window's own words: its learner is "you"
    if game is not None and not game.is_over:
        for level in (1, 2, 3):
            say(window.hint(level).text, f"hint {level}")
    if game is not None and game.is_over:
        results = [(result.seat, result.line) for result in window.results()]
        for line in end_of_game(game, window.seat, window.names, results):
            say(line.lead + line.text, "end")


def window_move(window: SharedGame, rng: random.Random) -> Outcome | None:
    """What the learner at this window does now (a wrong seat now and then), or None."""
    game = window.game
    if game is None or window.stage is SharedStage.OVER:
        return None
    if window.stage is SharedStage.PAIRING:
        pairs = game.pairs_in(window.seat)
        return window.lay_down(pairs[0]) if pairs else window.finish_pairing()
    if window.stage is SharedStage.DRAW and window.choosing_giver:
        others = [seat for seat in game.rules.seats if seat != window.seat]
        return window.choose_giver(rng.choice(others) if rng.random() < 0.3 else game.giver if game.giver is not None else others[0])
    if window.stage is SharedStage.DRAW and game.giver is not None:
        return window.draw(rng.randrange(len(game.hands[game.giver])))
    if window.computer_due:
        window.play_computer()
    return None


@pytest.mark.parametrize("rules", TABLE_GAMES, ids=describe)
def test_every_sentence_at_a_table_played_together_is_true(rules: Rules, windows: tuple[Tables, Tables]) -> None:
    heard, rng = Heard(), random.Random(7)
    chosen = settings_for(rules, "guided")
    one, two = windows
    ana = SharedGame.sit_down(one, one.store.get_or_create_profile("Ana"), "Red", chosen)
    bo = SharedGame.sit_down(two, two.store.get_or_create_profile("Bo"), "red", replace(chosen, guidance="hints"))
    hear_window(heard, ana, "Ana")
    ana.start(seed=5)
    for _ in range(MOVES_MAX):
        for window, who in ((ana, "Ana"), (bo, "Bo")):
            window.poll()
            hear_window(heard, window, who)
            outcome = window_move(window, rng)
            if outcome is not None and outcome.explanation is not None:
                window.poll()
                heard(Said(outcome.explanation.text(), f"table {who} mistake", rules, tuple(window.names), window.seat, window.game))
        if ana.stage is SharedStage.OVER and bo.stage is SharedStage.OVER:
            break
    else:
        raise AssertionError(f"the table's game did not end within {MOVES_MAX} rounds")
    assert heard.kinds["table"] > 20
    assert heard.untrue == []
