"""Picture deck files (`lessons/decks/*.yaml`): read, checked and turned into engine `Deck`s.

A picture deck is pairs of identical pictures and one character card with no partner, the Old
Maid. Each picture is listed once and makes a pair (two cards); the character is listed once and
is one card:

    format_version: 1
    id: farm                  # the deck's id: `--deck farm`, kept in settings and saved games
    name: Farm friends        # shown when choosing a deck
    character:                # the one card with no partner: the Old Maid
      id: old-maid
      name: Old Maid
      short: Maid
      art: ["  .-.  ", " (o o) ", " /|~|\\ "]
    pictures:                 # 3 to 26, each one pair
      - id: cat               # lower-case words joined by hyphens, kept in saved games
        name: Cat             # how a child says it; different for every picture
        short: Cat            # one word of at most 8 letters, for the smallest card
        art:                  # exactly 3 lines of at most 9 characters, each picture's different
          - " /\\_/\\ "
          - "( o.o )"
          - " > ^ < "

Only characters DejaVu Sans Mono draws are allowed in names and drawings (`DRAWABLE`: no emoji,
whose width differs between terminals). Every problem is reported as file:line: field: message
by the course's one reader (`tutor.course.source`), never raised.

    deck, problems = read_deck_file(path, "lessons/decks/farm.yaml")
    problems = check_deck_files()          # the shipped decks (or given files), ids unique across files
    shipped_decks()                        # the good shipped decks, for `tutor.engine.decks.find_deck`
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from tutor.engine.decks import ART_LINES, ART_WIDTH, PAIRS_RANGE, SHORT_WIDTH, STANDARD_ID, Deck, Picture, picture_deck
from tutor.errors import RulesError

from .problems import Problem
from .source import Checker, Item, read_yaml_file

FOLDER = "decks"
"""The folder of deck files inside the course folder (`lessons/decks/`)."""
PACKAGED = "lessons/decks"
"""How problems name the folder of decks shipped with the program."""
FORMAT_VERSION = 1
NAME_WIDTH = 20
"""A picture's or deck's name is at most this many characters (it must fit on a card and a menu)."""
_EXTRA_GLYPHS = "•…♠♣♥♦♡♢♤♧★☆☻☼♪♫✓✗✿❀"
_RANGES = ((0x20, 0x7E), (0xA1, 0xAC), (0xAE, 0xFF), (0x2190, 0x21FF), (0x2500, 0x259F), (0x25A0, 0x25FA), (0x25FF, 0x25FF))
DRAWABLE = frozenset(chr(code) for low, high in _RANGES for code in range(low, high + 1)) | frozenset(_EXTRA_GLYPHS)
"""Every character a deck's names and drawings may use: printable ASCII and Latin-1, arrows, box
drawing, blocks, geometric shapes and a few symbols, all in DejaVu Sans Mono (the browser's offline
monospace font; tests check this against the font itself) and one column wide. No emoji (◻ ◼ ◽ ◾
are left out: terminals may draw them as emoji, two columns wide)."""
_PICTURE_FIELDS = ("id", "name", "short", "art")
_FIELD_WORDS = {"name": "name", "short": "short name", "art": "drawing"}


def read_deck_file(path: Path | Traversable, shown: str) -> tuple[Deck | None, list[Problem]]:
    """The deck in one file and every problem found in it (the deck is None if there is any)."""
    root, problems = read_yaml_file(path, shown)
    if root is None:
        return None, problems
    deck = _DeckReader(shown, problems).deck(root)
    return (deck if not problems else None), problems


def check_deck_files(paths: Sequence[Path] | None = None) -> list[tuple[str, list[Problem]]]:
    """Each deck file (the shipped ones if `paths` is None) with its problems, in order; a deck
    id used by two files, or the id of the standard deck, is a problem of the later file."""
    checked: list[tuple[str, list[Problem]]] = []
    seen: dict[str, str] = {}
    for shown, file in _sources(paths):
        deck, problems = read_deck_file(file, shown)
        if deck is not None:
            if deck.id in seen:
                problems.append(Problem(shown, _line_of_id(file), "id", f"{deck.id!r} is already the id of {seen[deck.id]}: each deck has its own"))
            seen.setdefault(deck.id, shown)
        checked.append((shown, problems))
    return checked


def shipped_decks() -> list[Deck]:
    """Every good picture deck shipped with the program (a broken file is left out: `old-maid-tutor
    lessons check` reports it)."""
    decks: list[Deck] = []
    for shown, file in _sources(None):
        deck, problems = read_deck_file(file, shown)
        if deck is not None and all(deck.id != other.id for other in decks):
            decks.append(deck)
    return decks


def deck_files_in(folder: Path) -> list[Path]:
    """The deck files of a course folder given to `lessons check`: `folder/decks/*.yaml`."""
    decks = folder / FOLDER
    return sorted(decks.glob("*.yaml")) if decks.is_dir() else []


def _sources(paths: Sequence[Path] | None) -> Iterable[tuple[str, Path | Traversable]]:
    if paths is not None:
        return [(str(path), path) for path in paths]
    folder = resources.files("tutor.lessons") / FOLDER
    if not folder.is_dir():
        return []
    entries = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".yaml")), key=lambda entry: entry.name)
    return [(f"{PACKAGED}/{entry.name}", _plain(entry)) for entry in entries]


def _plain(entry: Traversable) -> Path | Traversable:
    return Path(str(entry)) if isinstance(entry, Path) or Path(str(entry)).exists() else entry


def _line_of_id(file: Path | Traversable) -> int | None:
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("id:"):
            return number
    return None


class _DeckReader:
    def __init__(self, shown: str, problems: list[Problem]) -> None:
        self.check = Checker(shown, problems)

    def deck(self, root: Item) -> Deck | None:
        check = self.check
        found = check.fields(root, ("format_version", "id", "name", "character", "pictures"), ("id", "name", "character", "pictures"), "a picture deck")
        if found is None:
            return None
        if "format_version" in found:
            check.whole_number(found["format_version"], FORMAT_VERSION, FORMAT_VERSION)
        deck_id = check.slug(found["id"]) if "id" in found else None
        if deck_id == STANDARD_ID:
            check.problem(found["id"], f"{STANDARD_ID!r} is the id of the standard deck: give this deck its own")
        name = self.name(found["name"]) if "name" in found else None
        character = self.character(found["character"]) if "character" in found else None
        pictures = self.pictures(found["pictures"]) if "pictures" in found else []
        self.unique(pictures, character)
        if check.problems or deck_id is None or name is None or character is None or not pictures:
            return None
        try:
            return picture_deck(deck_id, name, [picture for _, picture in pictures], character)
        except RulesError as error:  # a check above should have said it first; never let it pass unsaid
            check.problem(root, str(error))
            return None

    def character(self, item: Item) -> Picture | None:
        if isinstance(item.value, list):
            self.check.problem(item, "a deck has one character (the Old Maid card, with no partner): give one, not a list")
            return None
        return self.picture(item, "the character")

    def pictures(self, item: Item) -> list[tuple[Item, Picture]]:
        """The pictures that are good (a bad one is a problem, so no deck is made)."""
        items = self.check.items(item, "pictures")
        low, high = PAIRS_RANGE
        if isinstance(item.value, list) and not low <= len(items) <= high:
            self.check.problem(item, f"{len(items)} pictures: a deck has {low} to {high}, each listed once and making a pair")
        read = [(child, self.picture(child, "a picture")) for child in items]
        return [(child, picture) for child, picture in read if picture is not None]

    def picture(self, item: Item, what: str) -> Picture | None:
        check = self.check
        found = check.fields(item, _PICTURE_FIELDS, _PICTURE_FIELDS, what)
        if found is None or any(field not in found for field in _PICTURE_FIELDS):
            return None
        picture_id = check.slug(found["id"])
        name = self.name(found["name"])
        short = self.short(found["short"])
        art = self.art(found["art"])
        if picture_id is None or name is None or short is None or art is None:
            return None
        return Picture(picture_id, name, short, art)

    def name(self, item: Item) -> str | None:
        text = self.check.text(item, translated=False)
        if text is None:
            return None
        if len(text) > NAME_WIDTH:
            self.check.problem(item, f"{len(text)} characters: a name has at most {NAME_WIDTH}, to fit on a card")
            return None
        return text if self.drawable(item, text) else None

    def short(self, item: Item) -> str | None:
        text = self.check.text(item, translated=False)
        if text is None:
            return None
        if " " in text or len(text) > SHORT_WIDTH:
            self.check.problem(item, f"{text!r}: a short name is one word of at most {SHORT_WIDTH} letters, for the smallest card")
            return None
        return text if self.drawable(item, text) else None

    def art(self, item: Item) -> tuple[str, ...] | None:
        check = self.check
        lines = check.items(item, "lines of the drawing")
        if isinstance(item.value, list) and len(lines) != ART_LINES:
            check.problem(item, f"{len(lines)} lines: a drawing has exactly {ART_LINES}")
            return None
        art: list[str] = []
        for line in lines:
            if not isinstance(line.value, str):
                check.problem(line, 'expected a line of the drawing in quotes, like "( o.o )"')
                return None
            text = line.value.rstrip()
            if len(text) > ART_WIDTH:
                check.problem(line, f"{len(text)} characters wide: a drawing's lines are at most {ART_WIDTH}")
                return None
            if not self.drawable(line, text):
                return None
            art.append(text)
        if isinstance(item.value, list) and not "".join(art).strip():
            check.problem(item, "the drawing is blank: draw the picture with a few characters")
            return None
        return tuple(art) if isinstance(item.value, list) else None

    def drawable(self, item: Item, text: str) -> bool:
        odd = sorted({char for char in text if char not in DRAWABLE})
        if odd:
            shown = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in odd[:3])
            self.check.problem(
                item, f"{shown}: not a character every terminal and the browser's font can draw (no emoji): use letters, punctuation, box drawing or shapes"
            )
        return not odd

    def unique(self, pictures: list[tuple[Item, Picture]], character: Picture | None) -> None:
        """Every picture different from the others and from the character: ids, names, short
        names and drawings (two pictures are told apart by their drawing, never by colour)."""
        seen: dict[tuple[str, object], str] = {}
        if character is not None:
            for field, value in _looks(character):
                seen[(field, value)] = "the character"
        for child, picture in pictures:
            parts = child.value if isinstance(child.value, dict) else {}
            for field, value in _looks(picture):
                first = seen.get((field, value))
                if first is None:
                    seen[(field, value)] = repr(picture.id)
                    continue
                where = parts.get(field, child)
                if field == "id" and first == "the character":
                    message = f"{picture.id!r} is the character's id too: the character has no partner and is not one of the pictures"
                elif field == "id":
                    message = f"{picture.id!r} is listed twice: list each picture once, and it makes a pair (two cards)"
                else:
                    message = f"the same {_FIELD_WORDS[field]} as {first}: every picture looks different and has its own name"
                self.check.problem(where, message)


def _looks(picture: Picture) -> tuple[tuple[str, object], ...]:
    """What tells a picture apart, by field: its id, name, short name and drawing."""
    return (("id", picture.id), ("name", picture.name.casefold()), ("short", picture.short.casefold()), ("art", picture.art))
