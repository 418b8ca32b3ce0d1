"""Turning a lesson file into a `Lesson`, with every problem found on the way.

Each check reports a `Problem` naming the file, line and field, and parsing goes on so that one
run lists every problem. Cards and rules are checked by the engine, in the engine's words.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from tutor.course.mistakes import PLACEHOLDERS as MISTAKE_PLACEHOLDERS
from tutor.engine.cards import Card, rank_name
from tutor.engine.decks import STANDARD, Deck
from tutor.engine.game import check_cards_possible
from tutor.engine.mistakes import MistakeCode
from tutor.engine.rules import Rules
from tutor.language import tr

from . import model
from .answers import Answer, DealCards, Done, DrawFrom, FinishDealing, LayDownCards, PickOption, PickSeat
from .model import (
    BEHIND_THE_SCENES,
    LEARNER,
    TEXT_PLACEHOLDERS,
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
)
from .problems import Problem
from .source import Checker, Item, read_yaml, shown, walk

T = TypeVar("T")

LESSON_FIELDS = ("format_version", "id", "title", "concepts", "requires", "intro", "steps", "summary")
TABLE_FIELDS = ("rules", "seats", "dealer", "hands", "seed", "removed")
TASK_FIELDS = ("hints", "success", "solution", "mistakes")
STEP_KINDS: dict[str, type[Step]] = {kind.kind: kind for kind in (ExplainStep, ChartStep, DealStep, PairStep, DrawStep, SeatStep, ChoiceStep)}
"""The one place a file's `kind:` word becomes a step class; past it, steps are told apart by class."""
STEP_FIELDS: dict[type[Step], tuple[str, ...]] = {
    ExplainStep: ("id", "kind", "text", "continue", "first", "behind_the_scenes", *TABLE_FIELDS),
    ChartStep: ("id", "kind", "text", "rules", "seats", "dealer", "seed", "games"),
    DealStep: ("id", "kind", "text", "continue", "rules", "seats", "dealer", "seed", "expect", *TASK_FIELDS),
    PairStep: ("id", "kind", "text", "continue", "first", "behind_the_scenes", "expect", *TABLE_FIELDS, *TASK_FIELDS),
    DrawStep: ("id", "kind", "text", "continue", "first", "behind_the_scenes", "expect", "card", *TABLE_FIELDS, *TASK_FIELDS),
    SeatStep: ("id", "kind", "text", "continue", "first", "behind_the_scenes", "ask", "because", "wrong", *TABLE_FIELDS, *TASK_FIELDS),
    ChoiceStep: ("id", "kind", "text", "continue", "first", "behind_the_scenes", "ask", "options", "because", "wrong", *TABLE_FIELDS, *TASK_FIELDS),
}
NEEDS_GAME: frozenset[type[Step]] = frozenset({DealStep, PairStep, DrawStep, SeatStep})
MAX_HINTS = 3
MAX_GAMES = 20_000
"""Games one chart step may simulate."""
MAX_LESSON_GAMES = 60_000
"""Games all the chart steps of one lesson may simulate together (the shipped course uses 6,000)."""
MAX_SUMMARY_LINES = 3


@dataclass(frozen=True)
class Context:
    """What a step has to work with: the seat names, and whether there is a game or a chart."""

    names: tuple[str, ...] = ()
    game: bool = False
    chart: bool = False
    broken: bool = False
    """The table was given but has problems (already reported): say nothing more about it."""

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The placeholders words may use here: seats and counts where there is a game to fill
        them in, the chart's findings where there is a chart, and every seat by its name."""
        names = tuple(name for name in self.names if name != LEARNER)
        if self.broken:
            return TEXT_PLACEHOLDERS + model.COUNT_PLACEHOLDERS + model.CHART_PLACEHOLDERS + names
        if self.game:
            return TEXT_PLACEHOLDERS + model.COUNT_PLACEHOLDERS + names
        return model.CHART_PLACEHOLDERS + names if self.chart else ()


def parse_lesson(text: str, path: str) -> tuple[Lesson | None, list[Problem]]:
    """The lesson in `text` (None if it has problems) and every problem found."""
    root, problems = read_yaml(text, path)
    if root is None:
        return None, problems
    parser = _Parser(path, problems)
    lesson = parser.lesson(root)
    return (lesson if not parser.problems else None), parser.problems


def lesson_header(text: str, path: str) -> tuple[str | None, str | None]:
    """The id and title of a lesson file, as far as they can be read (for listing a broken file)."""
    root, _ = read_yaml(text, path)
    if root is None or not isinstance(root.value, dict):
        return None, None
    found = [root.value.get(name) for name in ("id", "title")]
    id_, title = (item.value if item and isinstance(item.value, str) else None for item in found)
    return id_, title


class _Parser(Checker):
    def __init__(self, path: str, problems: list[Problem]) -> None:
        super().__init__(path, problems)
        self.lines: dict[str, int] = {}
        self.seats_here: tuple[str, ...] = ()
        """The computer seats of the step being read: words must name them in braces."""
        self.table_broken = False
        self.deck: Deck = STANDARD
        """The deck of the table in play (`rules: {variant: ..., deck: farm}`): cards are read as its cards."""
        """The step's table has problems (already reported): its seat names are unknown, so
        placeholders and answers that name seats are not checked."""

    def placeholders_ok(self, item: Item, text: str, allowed: tuple[str, ...]) -> bool:
        if self.table_broken:
            allowed = allowed + tuple(name for _, name, _, _ in _parts(text) if name)
        return super().placeholders_ok(item, text, allowed)

    def text(self, item: Item | None, placeholders: Iterable[str] = (), translated: bool = True) -> str | None:
        words = super().text(item, placeholders, translated)
        if words is not None and item is not None:
            for name in self.seats_here:
                if re.search(rf"(?<![{{\w]){re.escape(name)}(?![}}\w])", words):
                    self.problem(item, f"write {{{name}}} for the seat {name}: the learner may see another name there")
                    return None
        return words

    def _record_lines(self, root: Item) -> None:
        for item in walk(root):
            self.lines[item.field] = item.line

    def card(self, item: Item) -> Card | None:
        try:
            return self.deck.parse(str(item.value))
        except ValueError as error:
            self.problem(item, str(error))
            return None

    def seat(self, item: Item, names: tuple[str, ...]) -> int | None:
        if isinstance(item.value, str) and item.value in names:
            return names.index(item.value)
        if names:
            self.problem(item, f"{shown(item.value)} is not a seat here (seats: {', '.join(names)})")
        return None

    def mistake_code(self, item: Item) -> MistakeCode | None:
        try:
            return MistakeCode(item.value)
        except ValueError:
            self.problem(item, f"{shown(item.value)} is not a mistake code (codes: {', '.join(code.value for code in MistakeCode)})")
            return None

    # ----- the lesson ---------------------------------------------------------------------------

    def lesson(self, root: Item) -> Lesson | None:
        self._record_lines(root)
        found = self.fields(root, LESSON_FIELDS, ("format_version", "id", "title", "concepts", "intro", "steps"), "a lesson")
        if found is None:
            return None
        if "format_version" in found and found["format_version"].value != model.FORMAT_VERSION:
            version = found["format_version"].value
            self.problem(found["format_version"], f"{shown(version)} is not a format this program reads ({model.FORMAT_VERSION})")
        lesson_id = self.slug(found["id"]) if "id" in found else None
        concepts = self.each(found.get("concepts"), "concept ids", self.concept, at_least=1)
        requires = self.each(found.get("requires"), "lesson ids", self.slug)
        title, intro = self.text(found.get("title")), self.text(found.get("intro"))
        summary = self.summary(found["summary"]) if "summary" in found else None
        if "summary" not in found:
            self.problem(root, "missing (two or three lines on what the lesson taught, shown at its end)", "summary")
        steps = self.steps(found["steps"]) if "steps" in found else ()
        self.games_cap(found.get("steps"), steps)
        if self.problems or lesson_id is None or title is None or intro is None or summary is None:
            return None
        return Lesson(lesson_id, title, concepts, requires, intro, steps, self.path, summary=summary, lines=self.lines)

    def summary(self, item: Item) -> str | None:
        words = self.text(item)
        if words is not None and len(words.splitlines()) > MAX_SUMMARY_LINES:
            self.problem(item, f"at most {MAX_SUMMARY_LINES} lines: a short summary of what was learned")
            return None
        return words

    def games_cap(self, item: Item | None, steps: tuple[Step, ...]) -> None:
        games = sum(step.games for step in steps if isinstance(step, ChartStep))
        if item is not None and games > MAX_LESSON_GAMES:
            self.problem(item, f"the charts of this lesson would simulate {games:,} games; at most {MAX_LESSON_GAMES:,} in one lesson")

    def concept(self, item: Item) -> str | None:
        from tutor.concepts import CONCEPTS

        if not isinstance(item.value, str) or item.value not in CONCEPTS:
            self.problem(item, f"{shown(item.value)} is not a concept (concepts: {', '.join(CONCEPTS)})")
            return None
        return str(item.value)

    def steps(self, item: Item) -> tuple[Step, ...]:
        steps: list[Step] = []
        context = Context()
        children = self.items(item, "steps", at_least=1)
        for index, child in enumerate(children):
            step, context = self.step(child, context, first=index == 0)
            if step is not None:
                steps.append(step)
        self.unique_step_ids(children)
        return tuple(steps)

    def unique_step_ids(self, children: list[Item]) -> None:
        seen: dict[str, int] = {}
        for child in children:
            id_item = child.value.get("id") if isinstance(child.value, dict) else None
            if id_item is None or not isinstance(id_item.value, str):
                continue
            if id_item.value in seen:
                self.problem(id_item, f"step id {id_item.value!r} is already used on line {seen[id_item.value]}")
            seen.setdefault(id_item.value, id_item.line)

    # ----- one step -----------------------------------------------------------------------------

    def step(self, item: Item, before: Context, first: bool) -> tuple[Step | None, Context]:
        kind_item = item.value.get("kind") if isinstance(item.value, dict) else None
        word = kind_item.value if kind_item is not None else None
        if kind_item is not None and (not isinstance(word, str) or word not in STEP_KINDS):
            self.problem(kind_item, f"{shown(word)} is not a kind of step (kinds: {', '.join(STEP_KINDS)})")
            return None, Context()
        kind = STEP_KINDS[word] if isinstance(word, str) else None
        found = self.fields(item, STEP_FIELDS[kind] if kind is not None else ("id", "kind", "text"), ("id", "kind", "text"), "a step")
        if found is None or kind is None:
            return None, Context()
        table, context = self.setting(item, found, kind, before, first)
        self.seats_here = tuple(name for name in context.names if name != LEARNER)
        self.table_broken = context.broken
        try:
            return self.step_in(item, kind, found, table, context, before)
        finally:
            self.seats_here, self.table_broken = (), False

    def step_in(
        self, item: Item, kind: type[Step], found: dict[str, Item], table: Table | None, context: Context, before: Context
    ) -> tuple[Step | None, Context]:
        if kind in NEEDS_GAME - {SeatStep} and before.chart and "continue" in found:
            self.problem(found["kind"], f"a {kind.kind} step needs a game to play in, and a chart is not one")
        common: dict[str, Any] = {
            "id": self.slug(found["id"]) if "id" in found else None,
            "line": item.line,
            "text": self.text(found.get("text"), context.placeholders),
            "table": table,
            "continues": "continue" in found,
            "first": self.first(found.get("first"), context),
            "behind_the_scenes": self.behind_the_scenes(found),
        }
        specific = self.kind_fields(item, kind, found, context)
        if specific is None or any(common[name] is None for name in ("id", "text")) or self.problems:
            return None, context
        return kind(**common, **specific), context

    def behind_the_scenes(self, found: dict[str, Item]) -> bool:
        """Whether the step shows every hand face up: then its words must say so."""
        item = found.get("behind_the_scenes")
        if item is None:
            return False
        if not isinstance(item.value, bool):
            self.problem(item, "write behind_the_scenes: true, or leave it out")
            return False
        text = found["text"].value if "text" in found else None
        if item.value and not (isinstance(text, str) and BEHIND_THE_SCENES in text.lower()):
            self.problem(item, f"every hand is shown face up here: the step's text must say so ('{BEHIND_THE_SCENES}')")
        return item.value

    def setting(self, item: Item, found: dict[str, Item], kind: type[Step], before: Context, first: bool) -> tuple[Table | None, Context]:
        """The step's own table, or the context it continues; and the context it leaves."""
        if "continue" in found:
            return None, self.continued(found, before, first)
        self.deck = STANDARD
        if any(name in found for name in TABLE_FIELDS):
            table = self.table(item, found, kind)
            if table is None:
                return None, Context(broken=True)
            return table, Context(table.seats, game=kind is not ChartStep, chart=kind is ChartStep)
        if kind in NEEDS_GAME or kind is ChartStep:
            self.problem(item, "this kind of step needs a table: give rules, seats and dealer, or continue: true")
        return None, Context()

    def continued(self, found: dict[str, Item], before: Context, first: bool) -> Context:
        item = found["continue"]
        if before.broken:
            return before
        if item.value is not True:
            self.problem(item, "write continue: true, or leave it out")
        elif first:
            self.problem(item, "the first step has nothing to continue")
        elif not (before.game or before.chart):
            self.problem(item, "the step before has no table to continue")
        for name in TABLE_FIELDS:
            if name in found:
                self.problem(found[name], "a step that continues keeps the table it is given: leave this out")
        return before

    def table(self, item: Item, found: dict[str, Item], kind: type[Step]) -> Table | None:
        for name in ("rules", "seats", "dealer"):
            if name not in found:
                self.problem(item, "missing (a table needs rules, seats and dealer)", item.child(name))
        seats = self.seat_names(found["seats"]) if "seats" in found else None
        if seats is None or "rules" not in found or "dealer" not in found:
            return None
        rules = self.rules(found["rules"], found["seats"], len(seats))
        dealer = self.seat(found["dealer"], seats)
        seed = self.whole_number(found["seed"], -(2**63)) if "seed" in found else 0
        if kind in (DealStep, ChartStep) and "hands" in found:
            self.problem(found["hands"], f"a {kind.kind} step starts from a shuffled deck: give a seed, not hands")
            return None
        if rules is None or dealer is None or seed is None:
            return None
        self.deck = rules.playing_deck
        removed = self.removed(found["removed"], rules) if "removed" in found else None
        hands = self.hands(found["hands"], seats, rules, removed) if "hands" in found else None
        if "hands" in found and hands is None:
            return None
        return Table(rules, seats, dealer, hands, seed, removed)

    def seat_names(self, item: Item) -> tuple[str, ...] | None:
        names = self.each(item, "seat names", self.seat_name, at_least=2)
        if not isinstance(item.value, list) or len(names) != len(item.value) or len(names) < 2:
            return None
        for index, name in enumerate(names):
            if name in names[:index]:
                self.problem(item.value[index], f"{name!r} is already a seat: every seat needs its own name")
                return None
        return names

    def seat_name(self, item: Item) -> str | None:
        value = item.value
        if not isinstance(value, str) or not value.strip() or len(value) > 12 or value != value.strip():
            self.problem(item, f"{shown(value)} is not a seat name: use 1 to 12 letters, with {LEARNER!r} for the learner")
            return None
        return value

    def rules(self, item: Item, seats_item: Item, players: int) -> Rules | None:
        options = {"variant": item.value} if isinstance(item.value, str) else item.value
        if not isinstance(options, dict):
            self.problem(item, "expected bicycle, table, or a mapping with a variant and house rules")
            return None
        items = {name: child for name, child in options.items() if isinstance(child, Item)}
        for child in items.values():
            if isinstance(child.value, (list, dict)):
                self.problem(child, "expected a single value")
                return None
        if "players" in items:
            self.problem(items["players"], f"leave this out: the number of players is the number of seats ({players})")
        data = {name: getattr(child, "value", child) for name, child in options.items() if name != "players"}
        try:
            rules = Rules.from_dict({**data, "players": players})
        except (ValueError, TypeError) as error:
            message = str(error)
            self.problem(seats_item if message.startswith("players") else _blame(message, items, item), message)
            return None
        return None if "players" in items else rules

    def removed(self, item: Item, rules: Rules) -> Card | None:
        card = self.card(item)
        if card is not None and card.rank != rules.odd_rank:
            odd = rank_name(rules.odd_rank)
            self.problem(item, f"{card} is not a {odd}: the card taken out is one of the odd rank ({odd})")
            return None
        return card

    def hands(self, item: Item, seats: tuple[str, ...], rules: Rules, removed: Card | None) -> tuple[tuple[Card, ...], ...] | None:
        if not isinstance(item.value, dict):
            self.problem(item, f"expected a hand for each seat ({', '.join(seats)})")
            return None
        before = len(self.problems)
        for name, child in item.value.items():
            if name not in seats:
                self.problem(child, f"{name!r} is not a seat here (seats: {', '.join(seats)})")
        for name in seats:
            if name not in item.value:
                self.problem(item, f"missing: give {name}'s hand (an empty one is [])", item.child(name))
        hands = [self.hand(item.value.get(name)) for name in seats]
        possible = self.cards_possible([placed for hand in hands for placed in hand], rules, removed)
        if len(self.problems) > before or not possible:
            return None
        return tuple(tuple(card for card, _ in hand) for hand in hands)

    def hand(self, item: Item | None) -> list[tuple[Card, Item]]:
        """The cards of one hand that can be read, each with its place in the file."""
        if item is None:
            return []
        placed = [(self.card(child), child) for child in self.items(item, "cards")]
        return [(card, child) for card, child in placed if card is not None]

    def cards_possible(self, placed: list[tuple[Card, Item]], rules: Rules, removed: Card | None) -> bool:
        """Ask the engine, one card at a time, so the problem points at the card that breaks it."""
        held: list[Card] = []
        for card, where in placed:
            if card is removed:
                self.problem(where, f"{card} is the card taken out before the deal (removed: {card}), so nobody can hold it")
                return False
            try:
                check_cards_possible(rules, [*held, card])
            except ValueError as error:
                self.problem(where, str(error))
                return False
            held.append(card)
        return True

    def first(self, item: Item | None, context: Context) -> tuple[Card | str, ...] | None:
        if item is None:
            return ()
        if not context.game:
            self.problem(item, "there is no game here for anything to happen in")
            return None
        return self.each(item, "happenings (a card, deal or play)", self.happening)

    def happening(self, item: Item) -> Card | str | None:
        if item.value in ("deal", "play"):
            return str(item.value)
        try:
            return Card.parse(str(item.value))
        except ValueError as error:
            self.problem(item, f"expected deal, play, or the card the computer seat due to draw takes: {error}")
            return None

    # ----- what each kind asks ------------------------------------------------------------------

    def kind_fields(self, item: Item, kind: type[Step], found: dict[str, Item], context: Context) -> dict[str, Any] | None:
        if kind is ExplainStep:
            return {}
        if kind is ChartStep:
            if "games" not in found:
                self.problem(item, "missing (a chart needs games: how many to simulate)", item.child("games"))
                return None
            games = self.whole_number(found["games"], 1, MAX_GAMES)
            return None if games is None else {"games": games}
        return self.task(item, kind, found, context)

    def task(self, item: Item, kind: type[Step], found: dict[str, Item], context: Context) -> dict[str, Any] | None:
        for name in ("hints", "success", "solution"):
            if name not in found:
                self.problem(item, f"missing (a {kind.kind} step needs hints, success and solution)", item.child(name))
        allowed = context.placeholders
        fields: dict[str, Any] = {
            "hints": self.each(found.get("hints"), "hints", lambda hint: self.text(hint, allowed), at_least=1),
            "success": self.text(found.get("success"), allowed),
            "mistakes": self.mistake_words(found.get("mistakes")),
            "expect": self.mistake_code(found["expect"]) if "expect" in found else None,
        }
        if "hints" in found and isinstance(found["hints"].value, list) and len(found["hints"].value) > MAX_HINTS:
            self.problem(found["hints"], f"at most {MAX_HINTS} hints: the answer itself comes after them")
        fields.update(self.kind_specific(item, kind, found, context))
        if "solution" in found:
            fields["solution"] = self.solution(kind, found["solution"], context, fields.get("options", ()))
        return None if self.problems else fields

    def kind_specific(self, step: Item, kind: type[Step], found: dict[str, Item], context: Context) -> dict[str, Any]:
        if kind is DrawStep:
            return {"card": self.card(found["card"]) if "card" in found else None}
        if kind is SeatStep:
            return {"ask": self.seat_ask(step, found, context), **self.answer_words(step, found, context, context.names)}
        if kind is ChoiceStep:
            ask = self.number_ask(found["ask"], context) if "ask" in found else None
            options = self.options(step, found, "ask" in found, context)
            if "ask" not in found and "wrong" in found:
                self.problem(found["wrong"], "options say why they are wrong with their own `why`; `wrong` is for numbered options")
            keys = tuple(option.text for option in options) if "ask" in found else ()
            return {"ask": ask, "options": options, **self.answer_words(step, found, context, keys, options_read=True)}
        return {}

    def answer_words(self, step: Item, found: dict[str, Item], context: Context, keys: tuple[str, ...], options_read: bool = False) -> dict[str, Any]:
        """`because` (why the answer is right) and `wrong` (why each wrong answer is not): keyed by
        seat names, or by the options' words as read in the language in use (`options_read`)."""
        if "because" not in found:
            self.problem(step, "missing (why the right answer is right: the last hint says it with the answer)", step.child("because"))
        because = self.text(found.get("because"), context.placeholders)
        wrong: dict[str, str] = {}
        item = found.get("wrong")
        if item is not None and not isinstance(item.value, dict):
            self.problem(item, "expected, for each wrong answer, why it is not right")
        elif item is not None:
            assert isinstance(item.value, dict)
            for key, child in item.value.items():
                key = tr(key.strip()) if options_read and isinstance(key, str) else key
                if key not in keys and not context.broken:
                    self.problem(child, f"{key!r} is not an answer here (answers: {', '.join(keys)})")
                words = self.text(child, context.placeholders)
                if words is not None:
                    wrong[key] = words
        return {"because": because or "", "wrong": wrong}

    def seat_ask(self, step: Item, found: dict[str, Item], context: Context) -> str | None:
        item = found.get("ask")
        if item is None:
            self.problem(step, f"missing (a seat question asks one of: {', '.join(model.SEAT_ASKS)})", step.child("ask"))
            return None
        if not isinstance(item.value, str) or item.value not in model.SEAT_ASKS:
            self.problem(item, f"{shown(item.value)} is not a seat question (questions: {', '.join(model.SEAT_ASKS)})")
            return None
        if (item.value in model.CHART_ASKS) != context.chart:
            needs = "continue from a chart step" if context.chart is False and item.value in model.CHART_ASKS else "a game"
            self.problem(item, f"{shown(item.value)} needs {needs}")
            return None
        return str(item.value)

    def number_ask(self, item: Item, context: Context) -> str | None:
        if not isinstance(item.value, str) or item.value not in model.NUMBER_ASKS:
            self.problem(item, f"{shown(item.value)} is not a number question (questions: {', '.join(model.NUMBER_ASKS)})")
            return None
        if not context.game:
            self.problem(item, "a number question needs a game to count")
            return None
        return str(item.value)

    def options(self, step: Item, found: dict[str, Item], counted: bool, context: Context) -> tuple[Option, ...]:
        item = found.get("options")
        if item is None:
            self.problem(step, "missing (a choice step needs options)", step.child("options"))
            return ()
        read = self.counted_option if counted else (lambda child: self.option(child, context))
        options = self.each(item, "options", read, at_least=2)
        if not counted and options and not (any(o.right for o in options) and not all(o.right for o in options)):
            self.problem(item, "give at least one right option (right: true) and one that is not")
        return options

    def counted_option(self, item: Item) -> Option | None:
        value = self.whole_number(item, 0)
        return None if value is None else Option(str(value), value=value)

    def option(self, item: Item, context: Context) -> Option | None:
        found = self.fields(item, ("text", "right", "why"), ("text",), "an option")
        if found is None:
            return None
        allowed = context.placeholders
        right = found.get("right")
        if right is not None and not isinstance(right.value, bool):
            self.problem(right, "write right: true, or leave it out")
        text, why = self.text(found.get("text"), allowed), self.text(found.get("why"), allowed)
        is_right = right is not None and right.value is True
        if not is_right and "why" not in found:
            self.problem(item, "missing (a wrong option needs its own why: what makes it wrong, for the learner who picks it)", item.child("why"))
        if is_right and "why" in found:
            self.problem(found["why"], "a right option is never wrong: say why it is right in the step's `because`")
        if text is None:
            return None
        return Option(text, right=is_right, why=why or "")

    def mistake_words(self, item: Item | None) -> dict[str, str]:
        if item is None:
            return {}
        if not isinstance(item.value, dict):
            self.problem(item, "expected words for why each mistake is one, by mistake code")
            return {}
        words = {}
        for code, child in item.value.items():
            text = self.text(child, MISTAKE_PLACEHOLDERS)
            if self.mistake_code(Item(code, child.line, child.field)) is not None and text is not None:
                words[code] = text
        return words

    # ----- solutions ----------------------------------------------------------------------------

    def solution(self, kind: type[Step], item: Item, context: Context, options: tuple[Option, ...]) -> tuple[Answer, ...]:
        if kind in (DealStep, PairStep):
            read = self.deal_answer if kind is DealStep else self.pair_answer
            return self.each(item, "answers", read, at_least=1)
        answer = {
            DrawStep: lambda: self.draw_answer(item, context.names),
            SeatStep: lambda: self.seat_answer(item, context.names),
            ChoiceStep: lambda: self.option_answer(item, options),
        }[kind]()
        return () if answer is None else (answer,)

    def deal_answer(self, item: Item) -> Answer | None:
        words = item.value.split() if isinstance(item.value, str) else []
        if words == ["finish"]:
            return FinishDealing()
        if len(words) == 2 and words[0] == "deal" and (words[1] == "all" or words[1].isdigit() and int(words[1]) > 0):
            return DealCards(None if words[1] == "all" else int(words[1]))
        self.problem(item, f"{shown(item.value)} is not a dealing answer: write deal 1, deal all or finish")
        return None

    def pair_answer(self, item: Item) -> Answer | None:
        if item.value == "done":
            return Done()
        cards = self.each(item, "cards to lay down, or done", self.card)
        return LayDownCards(cards) if isinstance(item.value, list) and len(cards) == len(item.value) else None

    def draw_answer(self, item: Item, names: tuple[str, ...]) -> Answer | None:
        found = self.fields(item, ("from", "position"), ("from",), "a draw (from: a seat, and a position)")
        if found is None or "from" not in found:
            return None
        seat = self.seat(found["from"], names)
        position = self.whole_number(found["position"], 0) if "position" in found else 0
        return None if seat is None or position is None else DrawFrom(seat, position)

    def seat_answer(self, item: Item, names: tuple[str, ...]) -> Answer | None:
        seat = self.seat(item, names)
        return None if seat is None else PickSeat(seat)

    def option_answer(self, item: Item, options: tuple[Option, ...]) -> Answer | None:
        for index, option in enumerate(options):
            if isinstance(item.value, str) and tr(item.value.strip()) == option.text or _same_number(item.value, option.value):
                return PickOption(index)
        if options:
            self.problem(item, f"{shown(item.value)} is not one of the options")
        return None


def _same_number(value: Any, number: int | None) -> bool:
    return number is not None and isinstance(value, int) and not isinstance(value, bool) and value == number


def _blame(message: str, options: dict[str, Item], rules: Item) -> Item:
    """The rules option an engine message is about, else the whole `rules` field."""
    for name, child in options.items():
        if message.startswith(name) or repr(name) in message:
            return child
    return rules


def _parts(text: str) -> list[tuple[str, str | None, str | None, str | None]]:
    try:
        return list(string.Formatter().parse(text))
    except ValueError:
        return []
