"""Profile files: one learner's whole progress as versioned JSON, to carry elsewhere.

The file looks like::

    {"format": "old-maid-tutor-profile", "version": 1,
     "profile": {"name": ..., "created": ...}, "settings": {...},
     "game_in_progress": {...} or null, "finished_games": [...],
     "lessons": [...], "answers": [...], "mistakes": [...]}

Times are ISO 8601 text. Everything read back is checked; a bad file gives a
ValueError that says which part is wrong.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from tutor.settings import Settings
from tutor.store.records import (
    Answer,
    FinishedGame,
    LessonProgress,
    Mistake,
    profile_name,
    time_from_text,
    time_text,
)

FORMAT = "old-maid-tutor-profile"
VERSION = 1

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
    top = _object(document, "the file")
    if top.get("format") != FORMAT:
        raise ValueError("it is not an Old Maid Tutor profile file")
    version = top.get("version")
    if isinstance(version, int) and version > VERSION:
        raise ValueError(f"it was made by a newer Old Maid Tutor (version {version}); update the app")
    if version != VERSION:
        raise ValueError(f"its version {version!r} is not one this app knows")
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


def write_document(path: Path, document: dict[str, Any]) -> None:
    """Write the whole file or nothing: a half-written file would look damaged."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", "utf-8")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def read_document(path: Path) -> object:
    try:
        return json.loads(path.read_text("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"it is not a JSON file ({error})") from error


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
        raise ValueError(f"{key} should be a list")
    return tuple(_record(kind, item, f"{key}[{index}]") for index, item in enumerate(items))


def _record(kind: type[Record], item: object, where: str) -> Record:
    values = _object(item, where)
    checked = {}
    for field in fields(kind):
        name = f"{where}.{field.name}"
        if field.name not in values:
            raise ValueError(f"{name} is missing")
        # field.type is the annotation's text, e.g. "bool" or "tuple[str, ...]".
        checked[field.name] = _READERS[str(field.type)](values[field.name], name)
    return kind(**checked)


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{where} should be a JSON object")
    return value


def _text(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where} should be text")
    return value


def _count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where} should be a whole number, 0 or more")
    return value


def _yes_no(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{where} should be true or false")
    return value


def _time(value: object, where: str) -> datetime:
    try:
        return time_from_text(_text(value, where))
    except ValueError as error:
        raise ValueError(f"{where} should be a date and time") from error


def _cards(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{where} should be a list of cards")
    return tuple(_text(card, where) for card in value)


def _profile_name(value: object) -> str:
    try:
        return profile_name(_text(value, "profile.name"))
    except ValueError as error:
        raise ValueError(f"profile.name is not usable: {error}") from error


_READERS: dict[str, Callable[[object, str], Any]] = {
    "str": _text,
    "int": _count,
    "bool": _yes_no,
    "datetime": _time,
    "tuple[str, ...]": _cards,
    "dict[str, Any]": _object,
}
