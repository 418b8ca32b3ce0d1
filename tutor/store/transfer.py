"""Profile files: one learner's whole progress as versioned JSON, to carry elsewhere.

The file looks like::

    {"format": "old-maid-tutor-profile", "version": 1,
     "profile": {"name": ..., "created": ...}, "settings": {...},
     "game_in_progress": {...} or null, "finished_games": [...],
     "lessons": [...], "answers": [...], "mistakes": [...]}

Times are ISO 8601 text. Everything read back is checked before use (file type and size, depth,
number sizes, text lengths, counts, dates); a bad file gives a ProfileFileError (a ValueError)
that says which part is wrong. Only regular files are read, and only new files are written: a file,
a device, a pipe, a folder or a link already there is refused, never opened or replaced.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from tutor.errors import ProfileFileError, UnsafeTarget
from tutor.language import tr
from tutor.names import NAME_LENGTH, NameRefused, tidy_name
from tutor.settings import Settings
from tutor.store import checked_json
from tutor.store.records import (
    KNOWN_RESULTS,
    Answer,
    FinishedGame,
    GameResult,
    LessonProgress,
    Mistake,
    time_text,
)

FORMAT = "old-maid-tutor-profile"
VERSION = 1
# Limits on what a profile file may hold: far above real use, far below trouble.
MAX_COUNT = 1_000_000  # draws, mistakes, steps, hints
MAX_RECORDS = 200_000  # rows in each list
MAX_WORD = 200  # ids, codes, concepts, places, results
MAX_CARDS = 60
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST_YEAR = 9000

Record = TypeVar("Record", FinishedGame, LessonProgress, Answer, Mistake)


@dataclass(frozen=True)
class ProfileData:
    """Everything the store knows about one learner."""

    name: str
    created: datetime
    settings: Settings
    game: dict[str, Any] | None
    finished_games: tuple[FinishedGame, ...]
    lessons: tuple[LessonProgress, ...]
    answers: tuple[Answer, ...]
    mistakes: tuple[Mistake, ...]


def to_document(data: ProfileData) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "profile": {"name": data.name, "created": time_text(data.created)},
        "settings": data.settings.to_dict(),
        "game_in_progress": data.game,
        "finished_games": [_plain(game) for game in data.finished_games],
        "lessons": [_plain(lesson) for lesson in data.lessons],
        "answers": [_plain(answer) for answer in data.answers],
        "mistakes": [_plain(mistake) for mistake in data.mistakes],
    }


def from_document(document: object) -> ProfileData:
    """The profile in a parsed file, or ValueError saying what is wrong with it."""
    top = _object(document, tr("the file"))
    if top.get("format") != FORMAT:
        raise ProfileFileError(tr("it is not an Old Maid Tutor profile file"))
    version = top.get("version")
    if isinstance(version, int) and version > VERSION:
        raise ProfileFileError(tr("it was made by a newer Old Maid Tutor (version {version}); update the app").format(version=version))
    if version != VERSION:
        raise ProfileFileError(tr("its version {version} is not one this app knows").format(version=repr(version)))
    profile = _object(top.get("profile"), "profile")
    game = top.get("game_in_progress")
    return ProfileData(
        name=_profile_name(profile.get("name")),
        created=_time(profile.get("created"), "profile.created"),
        settings=Settings.from_dict(_object(top.get("settings"), "settings")),
        game=None if game is None else _object(game, "game_in_progress"),
        finished_games=_records(top, "finished_games", FinishedGame),
        lessons=_records(top, "lessons", LessonProgress),
        answers=_records(top, "answers", Answer),
        mistakes=_records(top, "mistakes", Mistake),
    )


def document_text(document: dict[str, Any]) -> str:
    """A profile file's text, as written to disk or sent to a browser."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


NEW_FILE_MODE = 0o644  # less the umask, which os.open applies
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
# What link() says on a file system without hard links (a FAT memory stick says EPERM).
_NO_HARD_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS}


def write_text(path: Path, text: str, example: str = "old-maid.json") -> None:
    """Write a new file whole, or nothing: a half-written file would look damaged.

    Nothing already there is ever replaced: a file (UnsafeTarget saying so), a folder, a link, a
    device or a pipe; an empty name or one holding NUL is refused too. The text goes to a temporary
    file beside the target first, which then takes the name only if the name is still free. The new
    file has the usual mode (0644 less the umask), so other programs open it as any other file.
    ``example`` is a file name suggested when the path has none.
    """
    _check_target(path, example)
    handle, partial = _new_partial(path)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        _take_name(partial, path, text)
    finally:
        partial.unlink(missing_ok=True)


def _taken(path: Path) -> str:
    return tr("There is already a file at {path}. Choose another name, so nothing of yours is replaced.").format(path=path)


def _check_target(path: Path, example: str) -> None:
    if not path.name or path.name in (".", ".."):
        raise UnsafeTarget(tr("{path} has no file name; add one, like {example}").format(path=repr(str(path)), example=example))
    if "\0" in str(path):
        raise UnsafeTarget(tr("{path} holds a hidden NUL character, which no file name may hold; type the name again").format(path=repr(str(path))))
    if path.is_symlink():
        raise UnsafeTarget(tr("{path} is a link; choose another name").format(path=path))
    kind = checked_json.file_kind(path)
    if kind == "file":
        raise UnsafeTarget(_taken(path))
    if kind != "missing":
        raise UnsafeTarget(tr("{path} is {kind}, not a file; choose a file name").format(path=path, kind=checked_json.kind_words(kind)))


def _new_partial(path: Path) -> tuple[int, Path]:
    """A new, empty temporary file beside ``path`` (tempfile.mkstemp's would have mode 0600)."""
    for _ in range(100):
        partial = path.with_name(f".{path.name[:100]}.{os.urandom(6).hex()}.partial")
        try:
            return os.open(partial, _NEW_FILE, NEW_FILE_MODE), partial
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free name for a temporary file", str(path.parent))


def _take_name(partial: Path, path: Path, text: str) -> None:
    """Give the written file its name, unless something has that name by now (UnsafeTarget)."""
    try:
        os.link(partial, path)
    except FileExistsError:
        raise UnsafeTarget(_taken(path)) from None
    except OSError as error:
        if error.errno not in _NO_HARD_LINKS:
            raise
        _write_new(path, text)


def _write_new(path: Path, text: str) -> None:
    """Where there are no hard links: create the file only if the name is free, then write it."""
    try:
        handle = os.open(path, _NEW_FILE, NEW_FILE_MODE)
    except FileExistsError:
        raise UnsafeTarget(_taken(path)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    except BaseException:
        path.unlink(missing_ok=True)  # made above by this call, so ours to take back
        raise


def read_document(path: Path) -> object:
    """The parsed file, within ``checked_json``'s limits; ProfileFileError when it cannot be used."""
    try:
        return checked_json.loads(checked_json.read_file(path))
    except UnsafeTarget:
        raise
    except ValueError as error:
        raise ProfileFileError(tr("it is not a usable JSON file ({problem})").format(problem=error)) from error


def _plain(record: FinishedGame | LessonProgress | Answer | Mistake) -> dict[str, Any]:
    values = {field.name: getattr(record, field.name) for field in fields(record)}
    return {name: _json_value(value) for name, value in values.items()}


def _json_value(value: object) -> object:
    if isinstance(value, datetime):
        return time_text(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _records(top: dict[str, Any], key: str, kind: type[Record]) -> tuple[Record, ...]:
    items = top.get(key)
    if not isinstance(items, list):
        raise ProfileFileError(tr("{where} should be a list").format(where=key))
    if len(items) > MAX_RECORDS:
        raise ProfileFileError(
            tr("{where} has {count} entries, more than the {most} allowed").format(where=key, count=f"{len(items):,}", most=f"{MAX_RECORDS:,}")
        )
    return tuple(_record(kind, item, f"{key}[{index}]") for index, item in enumerate(items))


def _record(kind: type[Record], item: object, where: str) -> Record:
    values = _object(item, where)
    checked = {}
    for field in fields(kind):
        name = f"{where}.{field.name}"
        if field.name not in values and field.default is not MISSING:
            continue  # added since version 1 of the file: an older file keeps the default
        if field.name not in values:
            raise ProfileFileError(tr("{where} is missing").format(where=name))
        # field.type is the annotation's text, e.g. "bool" or "tuple[str, ...]".
        checked[field.name] = _READERS[str(field.type)](values[field.name], name)
        if field.name in _MOST and checked[field.name] > _MOST[field.name]:
            raise ProfileFileError(tr("{where} should be a whole number from 0 to {most}").format(where=name, most=_MOST[field.name]))
    return kind(**checked)


_MOST = {"stars": 3}
"""Counts with a smaller limit than MAX_COUNT."""


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProfileFileError(tr("{where} should be a JSON object").format(where=where))
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ProfileFileError(tr("{where} should be text").format(where=where))
    if len(value) > MAX_WORD:
        raise ProfileFileError(tr("{where} is {length} characters long; at most {most} fit").format(where=where, length=f"{len(value):,}", most=MAX_WORD))
    if "\x00" in value:  # kept by SQLite, refused by PostgreSQL: the same file reads the same into either
        raise ProfileFileError(tr("{where} holds a hidden NUL character, which no text in a profile file may hold").format(where=where))
    return value


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ProfileFileError(tr("{where} should be a whole number from 0 to {most}").format(where=where, most=f"{MAX_COUNT:,}"))
    return value


def _yes_no(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ProfileFileError(tr("{where} should be true or false").format(where=where))
    return value


def _time(value: object, where: str) -> datetime:
    text = _text(value, where)
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise ProfileFileError(tr("{where} should be a date and time, like 2025-03-01T17:30:00+00:00").format(where=where)) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    if not EARLIEST <= when <= datetime(LATEST_YEAR, 1, 1, tzinfo=UTC):
        raise ProfileFileError(
            tr("{where} is {text}, not a date between {first} and {last}").format(where=where, text=text[:40], first=EARLIEST.year, last=LATEST_YEAR)
        )
    return when


def _result(value: object, where: str) -> GameResult:
    text = _text(value, where)
    if text not in KNOWN_RESULTS:
        raise ProfileFileError(
            tr("{where} is {text}; a game's result is one of {results}").format(where=where, text=repr(text[:40]), results=", ".join(KNOWN_RESULTS))
        )
    return GameResult(text)


def _cards(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_CARDS:
        raise ProfileFileError(tr("{where} should be a list of at most {most} cards").format(where=where, most=MAX_CARDS))
    return tuple(_text(card, where) for card in value)


def _profile_name(value: object) -> str:
    """The learner's name in the file, by the same rule as a name typed in the app (`tutor.names`).
    Names in its settings meet that rule too, in Settings: one it refuses keeps its default."""
    if isinstance(value, str) and len(value) > MAX_WORD:
        raise ProfileFileError(
            tr("{where} is {length} characters long; a name has at most {most}").format(where="profile.name", length=f"{len(value):,}", most=NAME_LENGTH)
        )
    try:
        return tidy_name(_text(value, "profile.name"))
    except NameRefused as error:
        raise ProfileFileError(tr("{where} is not usable: {problem}").format(where="profile.name", problem=error)) from error


_READERS: dict[str, Callable[[object, str], Any]] = {
    "str": _text,
    "int": _count,
    "bool": _yes_no,
    "datetime": _time,
    "GameResult": _result,
    "tuple[str, ...]": _cards,
    "dict[str, Any]": _object,
}
