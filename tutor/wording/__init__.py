"""The one wording layer: how the tutor names seats, cards, lists, counts and charts in English.

Narration, hints, explanations, lessons, quiz and end screens all speak through these helpers, so
the learner is "you" in every sentence and a card is written the same way everywhere. Free of
Textual; the engine stays free of words beyond a card's own text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tutor.engine.cards import Card
from tutor.language import current, mark, ntr, ptr, tr
from tutor.names import lookalike_key, shown
from tutor.wording.card_words import a_rank_name, rank_name

_COUNT_WORDS = {2: mark("two"), 3: mark("three"), 4: mark("four")}
"""How many cards of one picture a sentence names in words ("the two Cat cards")."""
_BAR_EIGHTHS = ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")
BAR_WIDTH = 30
NOT_QUITE = mark("Not quite")
"""The title of a wrong answer's or a refused move's reason."""
TRY_THIS = mark("Try this: ")
"""Before what to do instead, when a mistake is explained."""
ARE_YOU_SURE = mark("The next hint shows the answer. See it now, or have another go first?")
"""Asked before a hint that gives the answer away, in lessons and games."""
# (each said with tr(): NOT_QUITE etc. are the English, marked for the catalogue)
SPARE_NAMES: tuple[str, ...] = ("Ivy", "Ned", "Tom", "Uma", "Vic", "Wes", "Yan", "Eli", "Kit", "Lou", "Max", "Pip", "Rae", "Sol", "Tia", "Zed", "Ada", "Bo")


_RULES_NAMES = {"Bicycle": mark("Bicycle rules"), "Table": mark("Table rules")}
_BOOK_NAMES: dict[str, Callable[[], str]] = {"Bicycle": lambda: ptr("rulebook", "Bicycle"), "Table": lambda: ptr("rulebook", "Table")}


def rules_name(name: str) -> str:
    """'Bicycle rules' or 'Table rules' (`name`: the rulebook's, "Bicycle"), in the language in use."""
    return tr(_RULES_NAMES[name]) if name in _RULES_NAMES else f"{name} rules"


def book_name(name: str) -> str:
    """A rulebook's own name said alone ("Bicycle's own game"), in the language in use."""
    return _BOOK_NAMES[name]() if name in _BOOK_NAMES else name


def listed(words: Iterable[str]) -> str:
    """'Bea', 'Bea and Sam', 'Bea, Sam and you' (in the language in use: 'Bea y Sam', 'Bea und Sam')."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    # TRANSLATORS: the end of a list: {items} is the first ones joined by commas, {last} the last one.
    return tr("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def sentence(words: str) -> str:
    """`words` ending with a full stop, unless they already end a sentence ("They win!")."""
    return words if words.endswith((".", "!", "?")) else f"{words}."


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 card', '2 cards', '0 cards', in the language in use for the nouns the tutor counts
    (`_COUNTED`); another noun is counted in English."""
    forms = _COUNTED.get(noun)
    if forms is not None:
        return forms(count).format(count=count)
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


_COUNTED: dict[str, Callable[[int], str]] = {
    "card": lambda n: ntr("{count} card", "{count} cards", n),
    "face-down card": lambda n: ntr("{count} face-down card", "{count} face-down cards", n),
    "draw": lambda n: ntr("{count} draw", "{count} draws", n),
    "pair": lambda n: ntr("{count} pair", "{count} pairs", n),
    "picture": lambda n: ntr("{count} picture", "{count} pictures", n),
    "star": lambda n: ntr("{count} star", "{count} stars", n),
    "time": lambda n: ntr("{count} time", "{count} times", n),
    "game": lambda n: ntr("{count} game", "{count} games", n),
    "mistake": lambda n: ntr("{count} mistake", "{count} mistakes", n),
    "hint": lambda n: ntr("{count} hint", "{count} hints", n),
    "second": lambda n: ntr("{count} second", "{count} seconds", n),
    "seat": lambda n: ntr("{count} seat", "{count} seats", n),
    "learner": lambda n: ntr("{count} learner", "{count} learners", n),
    "question": lambda n: ntr("{count} question", "{count} questions", n),
    "earlier day": lambda n: ntr("{count} earlier day", "{count} earlier days", n),
    "player": lambda n: ntr("{count} player", "{count} players", n),
}


def ordinal(number: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '22nd'; Spanish '1.º', German '1.'."""
    language = current()
    if language == "es":
        return f"{number}.º"
    if language == "de":
        return f"{number}."
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def card_list(cards: Iterable[Card], letters: bool = False) -> str:
    """'7♣ and 7♦', '5♣, 5♦ and 5♥' (sorted), as a sentence names cards; picture cards as
    `picture_list` names them ('the two Cat cards', 'the Cat and the Dog')."""
    cards = sorted(cards)
    if any(card.picture is not None for card in cards):
        return picture_list(cards)
    return listed(card.text(letters) for card in cards) or tr("those cards")


def picture_list(cards: Sequence[Card]) -> str:
    """Picture cards in a sentence, without plurals a name may not take: 'the two Cat cards' (a
    pair), 'the Cat and the Dog', 'the Cat, the Dog and the Old Maid'."""
    names = [card.text() for card in cards]
    if len(names) > 1 and len(set(names)) == 1:
        count = tr(_COUNT_WORDS[len(names)]) if len(names) in _COUNT_WORDS else str(len(names))
        return ntr("the {count} {name} card", "the {count} {name} cards", len(names)).format(count=count, name=names[0])
    return listed(tr("the {picture}").format(picture=name) for name in names) or tr("those cards")


def capitalised(text: str) -> str:
    """The text with its first letter a capital, to start a sentence ('the two Cat cards ...')."""
    return text[:1].upper() + text[1:]


def a_rank(card: Card) -> str:
    """'a 5', 'an 8', 'an Ace', 'a Jack'; a picture card's 'a Cat', 'an Owl'."""
    if card.picture is not None:
        if current() == "en":
            return ("an " if card.text()[:1] in "AEIOU" else "a ") + card.text()
        return tr("a {picture}").format(picture=card.text())
    return a_rank_name(card.rank)


def pair_reason(first: Card, second: Card, letters: bool = False) -> str:
    """Why two cards of one rank are a pair, in a way that never leans on colour alone."""
    if first.picture is not None:
        return tr("{cards} are a pair: {why}.").format(cards=capitalised(picture_list((first, second))), why=pair_why(first, second))
    return tr("{first} and {second} are a pair: {why}.").format(first=first.text(letters), second=second.text(letters), why=pair_why(first, second))


def pair_why(first: Card, second: Card) -> str:
    """What makes two cards of one rank a pair, without naming them: "both are 7s", "same rank,
    and the colour doesn't matter", "both show the same picture, so they match"."""
    if first.picture is not None:
        return tr("both show the same picture, so they match")
    if first.is_red != second.is_red:
        return tr("same rank, and the colour doesn't matter")
    return tr("both are {ranks}").format(ranks=rank_name(first.rank, plural=True))


def not_pair_reason(first: Card, second: Card, letters: bool = False) -> str:
    """Why two cards of different ranks (or pictures) are not a pair."""
    why = not_pair_why(first, second, letters)
    if first.picture is not None or second.picture is not None:
        return tr("{cards} are not a pair: {why}").format(cards=capitalised(picture_list((first, second))), why=why)
    return tr("{first} and {second} are not a pair: {why}").format(first=first.text(letters), second=second.text(letters), why=why)


def not_pair_why(first: Card, second: Card, letters: bool = False) -> str:
    """What keeps two cards from being a pair, without naming them, ending its sentence: "one is
    a 7, the other an Ace. Matching colours don't help: only the rank counts."."""
    if first.picture is not None or second.picture is not None:
        text = tr("two different pictures.")
        if first.is_character or second.is_character:
            text += " " + tr("The Old Maid has no partner: she never makes a pair.")
        return text
    return tr("one is {one}, the other {other}.").format(one=a_rank(first), other=a_rank(second)) + rank_only(first, second, letters)


def rank_only(first: Card, second: Card, letters: bool = False) -> str:
    """For two playing cards of different ranks that share a suit or a colour, a sentence (with
    a space before it) saying that does not help; "" otherwise."""
    if first.suit == second.suit:
        return " " + tr("Both being {suit} doesn't help: only the rank counts.").format(suit=first.text(letters)[-1])
    if first.is_red == second.is_red:
        return " " + tr("Matching colours don't help: only the rank counts.")
    return ""


def bar(share: float, largest: float, width: int = BAR_WIDTH) -> str:
    """A bar of block characters, `width` long for the largest share."""
    if largest <= 0:
        return ""
    eighths = round(share / largest * width * 8)
    return "█" * (eighths // 8) + _BAR_EIGHTHS[eighths % 8]


class Seats:
    """Names for the seats at a table, with "you" for the learner's seat (`learner`, None for none).

    Every sentence about a seat goes through here, so the learner is never called by their own
    name, a seat with no number is "nobody", and verbs agree ("you draw", "Bea draws"). A name
    from a saved game is drawn safely too: a control or invisible character in it shows as �.
    """

    def __init__(self, names: Sequence[str], learner: int | None = 0) -> None:
        self.names = tuple(shown(name) for name in names)
        self.learner = learner

    def who(self, seat: int | None, capital: bool = False) -> str:
        """'you' (or 'You' to start a sentence), 'Bea', or 'nobody' for no seat."""
        if seat is None or not 0 <= seat < len(self.names):
            return ptr("a seat", "Nobody") if capital else ptr("a seat", "nobody")
        if seat == self.learner:
            return ptr("a seat", "You") if capital else ptr("a seat", "you")
        return self.names[seat]

    def is_you(self, seat: int | None) -> bool:
        """Whether `seat` is the learner's (a sentence about it is said to "you")."""
        return seat is not None and seat == self.learner

    def said(self, seat: int | None, you: str, other: str, **values: Any) -> str:
        """A whole sentence said to the learner (`you`) or about another seat (`other`, the seat as
        {name}, capitalised): two whole messages, marked where they are written."""
        if self.is_you(seat):
            return tr(you).format(**values)
        return tr(other).format(name=self.who(seat, capital=True), **values)

    def whose(self, seat: int, capital: bool = False) -> str:
        """'your' or "Bea's"."""
        if seat == self.learner:
            return ptr("a seat", "Your") if capital else ptr("a seat", "your")
        return tr("{name}'s").format(name=self.who(seat, capital))

    def listed(self, seats: Iterable[int], capital: bool = False) -> str:
        """'Bea, Sam and you' (or 'You and Bea' to start a sentence): the players a sentence is
        about, so the learner is named as one who does something ("Bea y tú", "Bea und du"), where
        `who` names them as a giver, after "from" ("de ti", "von dir")."""
        return listed(self.who_does(seat, capital and index == 0) for index, seat in enumerate(seats))

    def who_does(self, seat: int, capital: bool = False) -> str:
        """A seat named as the one who does something, or who is meant ("…who holds cards: you"):
        Spanish "tú", German "du"; `who` is the form after "from" ("de ti", "von dir")."""
        if seat == self.learner:
            return ptr("a seat doing something", "You") if capital else ptr("a seat doing something", "you")
        return self.who(seat, capital)


def same_name(one: str, other: str) -> bool:
    """Whether two names are the same to a reader: case, accents and lookalike letters ignored
    ("ana", "Ána" and "Аna" with a Cyrillic А)."""
    return _plain(one) == _plain(other)


def _plain(name: str) -> str:
    return lookalike_key("".join(char for char in unicodedata.normalize("NFKD", name) if not unicodedata.combining(char)))


def computer_names(learner: str, wanted: Iterable[str], count: int, others: Iterable[str] = ()) -> list[str]:
    """`count` names for the computer players: the wanted ones first, never the learner's name (nor
    one of `others`: the other learners at the same keyboard) nor a name twice, topped up from
    `SPARE_NAMES`. Each is safe to draw (see `Seats`): they come from settings and saved games."""
    chosen: list[str] = []
    taken = [learner, *others]
    for name in [*wanted, *SPARE_NAMES]:
        if len(chosen) == count:
            break
        if not any(same_name(name, other) for other in [*taken, *chosen]):
            chosen.append(shown(name))
    return chosen
