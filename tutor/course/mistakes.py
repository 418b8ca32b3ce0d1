"""Plain-words explanations of rule mistakes, from `lessons/mistakes.yaml`.

The words are data a teacher can edit; this module reads them with the course reader
(`tutor.course.source`) into typed `MistakeWords`, fills in the cards and seats of the mistake at
hand and picks the wording for the rules in play. Free of Textual.

    book = mistake_book()          # never raises: a broken file gives built-in words and book.problems
    book.words["kept-pair"].rule   # "Every pair goes down"
    explain(mistake, game, names)  # an Explanation, filled in from the game

The file:

    format_version: 1
    mistakes:
      <mistake code>:              # every code of tutor.engine.MistakeCode
        rule: a short title        lesson: the id of the lesson that teaches it
        what: what happened        instead: what to do instead
        why:                       # `any`, plus optional wordings for the rules in play:
          any: ...                 #   bicycle, table, reversed (the odd card wins),
          bicycle: ...             #   bicycle-reversed, table-reversed, strict (the strict pair
                                   #   check: a wrong pair goes down), not-two (more than two
                                   #   cards at once: refused under any rules)
                                   #   (the most specific is used)
        instead-no-pair: ...       # what to do instead when the hand holds no pair at all:
                                   #   needed by the codes in NO_PAIR_CODES, whose mistake a
                                   #   learner can make with no pair in hand
        what-pair-inside: ...      # not-a-pair only (needed there, both): what happened, and
        instead-pair-inside: ...   #   what to do instead, when the cards laid down hold a pair
                                   #   and more ({pair}, {extra})
        what-with-others: ...      # laid-down-three only (needed there, both): the same, when
        instead-with-others: ...   #   more cards were picked with the three ({others})
        pictures:                  # optional: words for a picture deck, where they differ
          rule: ...                #   (any of rule, lesson, what, why, instead, instead-no-pair,
                                   #   what-pair-inside, instead-pair-inside;
          why: {any: ...}          #   `why` as above, its `any` needed); ranks and colours never arise there

Placeholders in braces (see PLACEHOLDERS) are filled in from the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor import language
from tutor.engine.cards import Card, groups_of_a_kind
from tutor.engine.mistakes import Mistake
from tutor.language import mark, ntr, ptr, tr
from tutor.wording import TRY_THIS, capitalised, card_list, pair_why
from tutor.wording.card_words import rank_name

from .problems import Problem

if TYPE_CHECKING:
    from tutor.engine.game import Game
    from tutor.engine.rules import Rules

    from .source import Checker, Item

# The YAML reader (tutor.course.source, PyYAML) loads when a file is read, not with this module:
# the game imports it for `explain`, and reads the file only when a mistake is first explained.

PLACEHOLDERS = ("cards", "rank", "seat", "giver", "drawer", "left", "direction", "pair_why", "pair", "extra", "others")
REQUIRED = ("rule", "lesson", "what", "why", "instead")
NO_PAIR_CODES = frozenset({"not-a-pair", "not-in-hand"})
"""Mistakes a learner can make while holding no pair at all (laying down two cards that do not
match, or cards they do not hold): their `instead` sends the learner to a pair, so each also needs
`instead-no-pair`, said when the hand they were made from holds none."""
NEEDED: tuple[tuple[tuple[str, ...], frozenset[str], str], ...] = (
    (("instead-no-pair",), NO_PAIR_CODES, "this mistake can be made with no pair in the hand, so say what to do then"),
    (
        ("what-pair-inside", "instead-pair-inside"),
        frozenset({"not-a-pair"}),
        "the cards laid down may hold a pair and more, so say that the pair is one, and to lay it down alone",
    ),
    (
        ("what-with-others", "instead-with-others"),
        frozenset({"laid-down-three"}),
        "more cards may be picked with the three, so name them ({others}) and say what to do",
    ),
)
"""The words only some mistakes have, said in place of `what` or `instead` where they fit: the
fields, the codes that need them, and why they do. Cards that hold a pair and more (3♣ 3♠ 6♠)
would be called no pair at all and the learner sent looking for one; three of a kind picked with
more cards (5♣ 5♦ 5♥ 7♠) would be told of the three alone."""
MORE_FIELDS = tuple(name for fields, _, _ in NEEDED for name in fields)
"""Those words' fields in the file; MORE_NAMES, as MistakeWords names them."""
MORE_NAMES = tuple(name.replace("-", "_") for name in MORE_FIELDS)
FIELDS = (*REQUIRED, *MORE_FIELDS, "pictures")
PICTURE_FIELDS = ("rule", "lesson", "what", "why", "instead", "instead-no-pair", "what-pair-inside", "instead-pair-inside")
WHY_KEYS = ("any", "bicycle", "table", "reversed", "bicycle-reversed", "table-reversed", "strict", "not-two")
SHOWN_PATH = "lessons/mistakes.yaml"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Explanation:
    code: str
    rule: str
    """The rule it is about, as a short title ("Every pair goes down")."""
    lesson: str
    """The id of the lesson that teaches that rule."""
    what: str
    why: str
    instead: str

    def text(self) -> str:
        return f"{self.what} {self.why} {self.instead}"

    def lines(self) -> tuple[str, str, str]:
        """What happened, why it breaks the rule, and what to do instead, as a screen shows them."""
        return self.what, self.why, tr(TRY_THIS) + self.instead


@dataclass(frozen=True)
class MistakeWords:
    """The words for one mistake code, before the table fills them in."""

    code: str
    rule: str
    lesson: str
    what: str
    why: Mapping[str, str] = field(hash=False)
    """By WHY_KEYS; always has "any"."""
    instead: str
    pictures: Mapping[str, str] = field(default_factory=dict, hash=False)
    """Words for a picture deck where they differ: rule, lesson, what, instead."""
    picture_why: Mapping[str, str] = field(default_factory=dict, hash=False)
    """`why` for a picture deck, by WHY_KEYS (has "any" when given)."""
    instead_no_pair: str = ""
    """`instead` for a hand that holds no pair (see NO_PAIR_CODES); '' for the other codes."""
    what_pair_inside: str = ""
    """`what` for cards that hold a pair and more (see NEEDED); '' for the other codes."""
    instead_pair_inside: str = ""
    """`instead` for cards that hold a pair and more; '' for the other codes."""
    what_with_others: str = ""
    """`what` when more cards were picked with the three (see NEEDED); '' for the other codes."""
    instead_with_others: str = ""
    """`instead` when more cards were picked with the three; '' for the other codes."""

    def for_deck(self, rules: Rules) -> MistakeWords:
        """These words for the deck in play: a picture deck's own words where the file gives them."""
        return self.for_pictures(rules.pictures)

    def for_pictures(self, pictures: bool) -> MistakeWords:
        """These words for a picture deck (`pictures`): its own words where the file gives them."""
        if not pictures or not (self.pictures or self.picture_why):
            return self
        return replace(self, **self.pictures, why=self.picture_why or self.why, pictures={}, picture_why={})

    def why_for(self, rules: Rules, cards: int = 2) -> str:
        """The wording of `why` for the rules in play and a mistake about `cards` cards: the most
        specific one the file gives. Under the strict pair check two wrong cards go down; more than
        two are stopped under every ruleset ("not-two": a walker who laid down three was told what
        happens to "a player who laid down two cards that are not a pair")."""
        keys: list[str] = [rules.variant]
        if rules.odd_card_wins:
            keys = [f"{rules.variant}-reversed", "reversed", *keys]
        if rules.wrong_pair_loses and cards == 2:
            keys = ["strict", *keys]
        elif cards > 2 or rules.wrong_pair_loses:
            keys = ["not-two", *keys]
        return next((self.why[key] for key in keys if key in self.why), self.why["any"])


@dataclass(frozen=True)
class MistakeBook:
    """Every mistake code's words, and the problems of the file they were read from (if any)."""

    words: Mapping[str, MistakeWords]
    problems: tuple[Problem, ...] = ()

    @property
    def notice(self) -> str:
        """One line for the learner's screen when the file was broken ('' when it is fine)."""
        if not self.problems:
            return ""
        count = len(self.problems)
        said = tr("The mistake explanations file has a problem, so simpler built-in words are used: {problem}").format(problem=self.problems[0])
        if count > 1:
            said += " " + ntr("(and {count} more problem)", "(and {count} more problems)", count - 1).format(count=count - 1)
        return said


# Plain words used when lessons/mistakes.yaml cannot be read or misses a code: short, true in every ruleset.
# The English, marked for the catalogue: `explain` and `rule_of` say them with tr().
FALLBACK: dict[str, MistakeWords] = {
    words.code: words
    for words in (
        MistakeWords(
            "kept-pair",
            mark("Every pair goes down"),
            "pairs",
            mark("You still hold {cards}."),
            {"any": mark("Two cards of the same rank are a pair, whatever their colour, and every pair goes down.")},
            mark("Lay down {cards}. Say you're done once no pair is left in your hand."),
        ),
        MistakeWords(
            "laid-down-three",
            mark("Three of a kind is one pair and one card to keep"),
            "pairs",
            mark("You tried to lay down three {rank} at once ({cards})."),
            {"any": mark("A pair is exactly two cards.")},
            mark("Lay down two of them and keep the third."),
            what_with_others=mark("You tried to lay down three {rank} at once ({cards}), and {others} with them."),
            instead_with_others=mark("Lay down just two of the {rank}. Keep the third one, and {others} too."),
        ),
        MistakeWords(
            "not-a-pair",
            mark("A pair is two cards of the same rank"),
            "pairs",
            mark("{cards} are not a pair."),
            {"any": mark("A pair needs two cards of the same rank.")},
            mark("Look for two cards of the same rank."),
            instead_no_pair=mark("You hold no pair now: keep your cards and say you're done."),
            what_pair_inside=mark("{pair} pair up, but not with {extra}."),
            instead_pair_inside=mark("Lay down just {pair}, and keep {extra}."),
        ),
        MistakeWords(
            "drew-from-empty",
            mark("Players with no cards are skipped"),
            "empty-hands",
            mark("{seat} has no cards left."),
            {"any": mark("A player with no cards is out of the game and is skipped.")},
            mark("Draw from {giver}."),
        ),
        MistakeWords(
            "wrong-neighbour",
            mark("Who you draw from"),
            "a-turn",
            mark("You chose to draw from {seat}."),
            {"any": mark("The rules say whom you draw from.")},
            mark("Draw from {giver}."),
        ),
        MistakeWords(
            "out-of-turn",
            mark("Taking turns"),
            "a-turn",
            mark("It isn't your turn for that just now."),
            {"any": mark("Players take turns one at a time.")},
            mark("Wait for your turn."),
        ),
        MistakeWords(
            "stock-left",
            mark("All 51 cards are dealt"),
            "deck-and-deal",
            mark("Still to deal: {left}."),
            {"any": mark("Every card is dealt: there is no pile to draw from.")},
            mark("Keep dealing until the deck is empty."),
        ),
        MistakeWords(
            "not-in-hand",
            mark("Lay down your own cards"),
            "pairs",
            mark("{cards} are not all in your hand."),
            {"any": mark("You can only lay down cards you hold.")},
            mark("Pick two cards from your own hand."),
            instead_no_pair=mark("You hold no pair now: keep your cards and say you're done."),
        ),
        MistakeWords(
            "no-such-card",
            mark("Draw blind from the cards on offer"),
            "a-turn",
            mark("That card isn't on offer."),
            {"any": mark("You draw one of the face-down cards held out to you.")},
            mark("Pick one of the face-down cards."),
        ),
    )
}


@language.per_language
def mistake_book() -> MistakeBook:
    """The shipped `lessons/mistakes.yaml`, read and checked once. Never raises: where the file is
    broken, the built-in words stand in and `problems` says what is wrong (file:line: field)."""
    from .source import read_yaml_file

    root, problems = read_yaml_file(shipped_file(), SHOWN_PATH)
    return book_from(root, problems, SHOWN_PATH)


def shipped_file() -> Any:
    """The shipped mistakes.yaml: a Path when it is a plain file, else the packaged resource."""
    from importlib import resources

    entry = resources.files("tutor.lessons").joinpath("mistakes.yaml")
    return Path(str(entry)) if Path(str(entry)).is_file() else entry


def read_mistakes(text: str, where: str) -> MistakeBook:
    """The words in `text` (a mistakes.yaml), with every problem found."""
    from .source import read_yaml

    root, problems = read_yaml(text, where)
    return book_from(root, problems, where)


def check_mistakes_file(path: Path | None = None, shown: str = SHOWN_PATH, lessons: Collection[str] | None = None) -> list[Problem]:
    """Every problem of a mistakes.yaml (the shipped one if `path` is None), for `lessons check`;
    with `lessons`, each `lesson` field must be one of those lesson ids."""
    if path is None:
        return list(mistake_book().problems) if lessons is None else _recheck_shipped(lessons)
    from .source import read_yaml_file

    root, problems = read_yaml_file(path, shown)
    return list(book_from(root, problems, shown, lessons, check_truth=True).problems)


def _recheck_shipped(lessons: Collection[str]) -> list[Problem]:
    from .source import read_yaml_file

    root, problems = read_yaml_file(shipped_file(), SHOWN_PATH)
    return list(book_from(root, problems, SHOWN_PATH, lessons, check_truth=True).problems)


def book_from(root: Item | None, problems: list[Problem], where: str, lessons: Collection[str] | None = None, check_truth: bool = False) -> MistakeBook:
    """Typed words from a read file; codes with problems (or the whole file) fall back to FALLBACK.
    With `check_truth` (`lessons check`), words untrue under some rules the settings allow are problems too."""
    from .source import Checker

    check = Checker(where, problems)
    words: dict[str, MistakeWords] = {}
    found = check.fields(root, ("format_version", "mistakes"), ("format_version", "mistakes"), "a mistakes file") if root else None
    if found and "format_version" in found and found["format_version"].value != FORMAT_VERSION:
        check.problem(found["format_version"], f"expected {FORMAT_VERSION}, the format this program reads")
    entries = found.get("mistakes") if found else None
    if entries is not None and not isinstance(entries.value, dict):
        check.problem(entries, "expected the words for each mistake code")
    elif entries is not None:
        assert isinstance(entries.value, dict)
        for code, item in entries.value.items():
            if code not in FALLBACK:
                check.problem(item, f"{code!r} is not a mistake code (codes: {', '.join(FALLBACK)})")
                continue
            read = _words(check, code, item, lessons)
            if read is not None:
                words[code] = read
                if check_truth:
                    _untrue_somewhere(check, item, read)
        for code in FALLBACK:
            if code not in entries.value:
                check.problem(entries, "missing (every mistake code needs words)", entries.child(code))
    return MistakeBook({code: words.get(code, fallback) for code, fallback in FALLBACK.items()}, tuple(problems))


def _words(check: Checker, code: str, item: Item, lessons: Collection[str] | None) -> MistakeWords | None:
    before = len(check.problems)
    found = check.fields(item, FIELDS, REQUIRED, "words for a mistake")
    if found is None:
        return None
    rule = check.text(found.get("rule"))
    lesson = _lesson(check, found.get("lesson"), lessons)
    what = check.text(found.get("what"), PLACEHOLDERS)
    why = _why(check, found.get("why"))
    instead = check.text(found.get("instead"), PLACEHOLDERS)
    more: dict[str, Any] = {}
    for fields, codes, reason in NEEDED:
        for name in fields:
            if name in found:
                more[name.replace("-", "_")] = check.text(found[name], PLACEHOLDERS) or ""
            elif code in codes:
                check.problem(item, f"missing {name}: {reason}")
    pictures: dict[str, str] = {}
    picture_why: dict[str, str] = {}
    picture_found = check.fields(found["pictures"], PICTURE_FIELDS, (), "words for a picture deck (rule, what, why ...)") if "pictures" in found else None
    for key, child in (picture_found or {}).items():
        if key == "why":
            picture_why = _why(check, child)
        else:
            text = _lesson(check, child, lessons) if key == "lesson" else check.text(child, PLACEHOLDERS)
            if text is not None:
                pictures[key.replace("-", "_")] = text
    if len(check.problems) > before or lesson is None or "any" not in why:
        return None
    return MistakeWords(code, rule or "", lesson, what or "", why, instead or "", pictures, picture_why, **more)


def _untrue_somewhere(check: Checker, item: Item, words: MistakeWords) -> None:
    """Words on going out or on the end that some rules the settings allow make untrue ("so {seat}
    is safe" where going out cannot win, or before the strict check): each reported once, at its field."""
    from tutor.engine.decks import all_decks
    from tutor.engine.rules import every_rules
    from tutor.wording.going_out import empty_hand_rule, ending_claims_untrue, going_out_claims_untrue

    pictures = next((deck.id for deck in all_decks() if not deck.is_standard), None)
    told: set[str] = set()
    for rules in every_rules((3,)):
        for played in (rules, rules.with_deck(pictures)) if pictures else (rules,):
            said = words.for_deck(played)
            whys = [("why", said.why_for(played, count)) for count in (2, 3)]
            for part, text in (("what", said.what), *whys, ("instead", said.instead)):
                untrue = going_out_claims_untrue(text, played) + ending_claims_untrue(text, played)
                if untrue and part not in told:
                    told.add(part)
                    meaning = empty_hand_rule(played).split(" You sit out")[0]
                    check.problem(_field_item(item, part), f"says “{untrue[0]}”, which is not so under some rules the settings allow: {meaning}")


def _field_item(item: Item, name: str) -> Item:
    value = item.value
    return value[name] if isinstance(value, dict) and name in value else item


def _lesson(check: Checker, item: Item | None, lessons: Collection[str] | None) -> str | None:
    lesson = check.slug(item) if item is not None else None
    if item is not None and lesson is not None and lessons is not None and lesson not in lessons:
        check.problem(item, f"no lesson has the id {lesson!r}")
    return lesson


def _why(check: Checker, item: Item | None) -> dict[str, str]:
    why: dict[str, str] = {}
    if item is not None:
        why_found = check.fields(item, WHY_KEYS, ("any",), "wordings of why (any, and optionally bicycle, table, reversed ...)")
        for key, child in (why_found or {}).items():
            text = check.text(child, PLACEHOLDERS)
            if text is not None:
                why[key] = text
    return why


def load_mistakes() -> Mapping[str, MistakeWords]:
    """The words of every mistake code (built-in words where the file is broken)."""
    return mistake_book().words


def explain(
    mistake: Mistake,
    game: Game,
    names: Sequence[str],
    letters: bool = False,
    entries: Mapping[str, MistakeWords] | None = None,
) -> Explanation:
    """Words for `mistake`, made in `game`, with seats called by `names`."""
    words = _said((entries or load_mistakes())[mistake.code.value]).for_deck(game.rules)
    values = _placeholders(mistake, game, names, letters)
    return Explanation(
        code=mistake.code.value,
        rule=words.rule,
        lesson=words.lesson,
        what=_fill(_what(words, mistake), values),
        why=_fill(words.why_for(game.rules, len(mistake.cards)), values),
        instead=_fill(_instead(words, mistake, game), values),
    )


def _what(words: MistakeWords, mistake: Mistake) -> str:
    """What happened: the pairs among the cards named, the other cards picked with three of a kind named, or as it is."""
    if words.what_pair_inside and _pair_inside(mistake.cards):
        return words.what_pair_inside
    if words.what_with_others and _lone(mistake.others):
        return words.what_with_others
    return words.what


def _instead(words: MistakeWords, mistake: Mistake, game: Game) -> str:
    """What to do instead: lay down the pair among the cards alone, two of three of a kind
    alone, look for a pair, or (with none in the hand) say you're done."""
    if words.instead_with_others and _lone(mistake.others):
        return words.instead_with_others
    if words.instead_pair_inside and _pair_inside(mistake.cards):
        return words.instead_pair_inside
    if words.instead_no_pair and not _had_a_pair(mistake, game):
        return words.instead_no_pair
    return words.instead


def _pair_inside(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """The whole pairs among more than two cards, and the cards that pair with none of the others
    (3♣ 3♠ 6♠: 3♣ 3♠, and 6♠; 3♣ 3♠ 6♣ 6♦ 8♣: 3♣ 3♠ 6♣ 6♦, and 8♣); None when the cards are two,
    or hold no pair."""
    alone = _lone(cards)
    paired = tuple(card for card in cards if card not in alone)
    if len(cards) <= 2 or not paired:
        return None
    return paired, alone


def _lone(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that pair with none of the others (a pair among them may go down; these stay)."""
    return tuple(group[0] for group in groups_of_a_kind(cards) if len(group) == 1)


def flagged_cards(mistake: Mistake) -> frozenset[Card]:
    """The cards a refused move's ! marks stand under: the cards at fault, not the pairs picked
    with them (3♣ 3♠ 6♠: only 6♠; three 5s and 8♣: the 5s and 8♣; three 5s and 8♣ 8♦: the 5s)."""
    if mistake.code.value == "not-a-pair" and (inside := _pair_inside(mistake.cards)):
        return frozenset(inside[1])
    return frozenset(mistake.cards + _lone(mistake.others))


def _said(words: MistakeWords) -> MistakeWords:
    """The built-in stand-in words (FALLBACK) in the language in use; words read from the file are
    already in it (the file's text is looked up in the catalogue as it is read)."""
    if words is not FALLBACK.get(words.code):
        return words
    more: dict[str, Any] = {name: tr(text) if (text := getattr(words, name)) else "" for name in MORE_NAMES}
    return replace(words, rule=tr(words.rule), what=tr(words.what), why={key: tr(text) for key, text in words.why.items()}, instead=tr(words.instead), **more)


def _had_a_pair(mistake: Mistake, game: Game) -> bool:
    """Whether the hand the mistake was made from holds a pair: the hand as it is, with the cards
    of a wrong pair that went down anyway (strict Bicycle rules) put back."""
    if mistake.seat is None or not 0 <= mistake.seat < len(game.hands):
        return True
    hand = list(game.hands[mistake.seat])
    if mistake.code.value == "not-a-pair":
        hand += [card for card in mistake.cards if card not in hand]
    return any(len(group) > 1 for group in groups_of_a_kind(hand))


def rule_of(code: str, rules: Rules | None = None) -> str:
    """The short title of the rule a mistake code is about (as said for the deck of `rules`, if given)."""
    words = _said(load_mistakes()[str(code)])
    return words.for_deck(rules).rule if rules is not None else words.rule


def rule_and_lesson(code: str, pictures: bool) -> tuple[str, str]:
    """The short title of the rule a mistake code is about and the id of the lesson that teaches
    it, as said for a picture deck (`pictures`) or for playing cards."""
    words = _said(load_mistakes()[str(code)]).for_pictures(pictures)
    return words.rule, words.lesson


def rules_broken(counts: Counter[str], rules: Rules) -> list[tuple[int, str]]:
    """A learner's mistakes (`counts`, by code), most often first, each with its rule's title as
    said for the deck of `rules`: what the end of a game lists."""
    return [(times, rule_of(code, rules)) for code, times in counts.most_common()]


def _placeholders(mistake: Mistake, game: Game, names: Sequence[str], letters: bool) -> dict[str, str]:
    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else ptr("a seat", "nobody")

    chosen = mistake.seats[0] if mistake.seats else None
    rightful = mistake.seats[1] if len(mistake.seats) > 1 else game.giver
    return {
        "cards": card_list(mistake.cards, letters),
        "rank": _rank_named(mistake.cards[0]) if len(groups_of_a_kind(mistake.cards)) == 1 else ptr("instead of a rank", "cards"),
        "seat": name(chosen),
        "giver": name(rightful),
        "drawer": name(game.drawer),
        "left": ntr("{count} card", "{count} cards", game.stock).format(count=game.stock),
        "direction": tr("on your left") if game.rules.draws_from == "left" else tr("on your right"),
        "pair_why": _pair_why(mistake.cards),
        **_pair_inside_named(mistake.cards, letters),
        "others": card_list(_lone(mistake.others), letters),
    }


def _pair_inside_named(cards: Sequence[Card], letters: bool) -> dict[str, str]:
    """{pair} and {extra}: the pairs among the cards and the cards left over, named; empty words
    when the cards hold no pair and more."""
    found = _pair_inside(cards)
    if found is None:
        return {"pair": "", "extra": ""}
    return {"pair": card_list(found[0], letters), "extra": card_list(found[1], letters)}


def _pair_why(cards: Sequence[Card]) -> str:
    """What makes the mistake's two cards a pair ("both are Aces"; "same rank, and the colour
    doesn't matter" only when their colours differ); nothing when they are not one pair."""
    if len(cards) != 2 or len(groups_of_a_kind(cards)) != 1:
        return ""
    return pair_why(*cards)


def _rank_named(card: Card) -> str:
    """'5s' for playing cards, a picture card's name ('Cat') for pictures."""
    return card.text() if card.picture is not None else rank_name(card.rank, plural=True)


def _fill(text: str, values: Mapping[str, str]) -> str:
    """The words with the table's values in, a sentence starting with a capital ('The two Cat cards ...')."""
    return capitalised(text.format_map(values))


__all__ = [
    "FALLBACK",
    "Explanation",
    "MistakeBook",
    "MistakeWords",
    "NO_PAIR_CODES",
    "PLACEHOLDERS",
    "check_mistakes_file",
    "explain",
    "flagged_cards",
    "load_mistakes",
    "mistake_book",
    "read_mistakes",
    "rule_and_lesson",
    "rule_of",
]
