"""The Store: every read and write of learner data, and the only SQL in the project."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from tutor.settings import Settings
from tutor.store import transfer
from tutor.store.records import (
    PROFILE_NAME_LENGTH,
    Answer,
    FinishedGame,
    LessonProgress,
    Level,
    Mistake,
    NoSuchProfile,
    Profile,
    name_key,
    now,
    profile_name,
    time_from_text,
    time_text,
)

# Mastery needs this many right answers, spread over this many days.
MASTERED_RIGHT_ANSWERS = 3
MASTERED_DAYS = 2


class Store:
    """A learner-data store on one SQLite connection. Make one with ``open_store``."""

    def __init__(self, db: sqlite3.Connection, path: Path | None, notices: list[str]) -> None:
        self._db = db
        self._lock = threading.RLock()  # one connection, possibly shared by UI threads
        self.path = path
        self.notices = notices

    @property
    def in_memory(self) -> bool:
        """True when nothing can be saved to disk and progress lasts for this session only."""
        return self.path is None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # Profiles

    def profiles(self) -> list[Profile]:
        rows = self._read("SELECT id, name, created FROM profile ORDER BY name_key")
        return [_profile(row) for row in rows]

    def find_profile(self, name: str) -> Profile | None:
        rows = self._read(
            "SELECT id, name, created FROM profile WHERE name_key = ?", (name_key(name),)
        )
        return _profile(rows[0]) if rows else None

    def get_or_create_profile(self, name: str) -> Profile:
        """The profile with this name (ignoring case), made now if it is new."""
        name = profile_name(name)
        with self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO profile (name, name_key, created) VALUES (?, ?, ?)",
                (name, name_key(name), time_text()),
            )
            row = db.execute(
                "SELECT id, name, created FROM profile WHERE name_key = ?", (name_key(name),)
            ).fetchone()
        return _profile(row)

    def reset_profile(self, name: str) -> None:
        """Forget a learner's progress (games, lessons, answers, mistakes); keep the
        profile and its settings."""
        profile = self._existing(name)
        with self._write() as db:
            for table in ("game_in_progress", "finished_game", "lesson_progress",
                          "quiz_answer", "mistake"):
                db.execute(f"DELETE FROM {table} WHERE profile_id = ?", (profile.id,))

    def delete_profile(self, name: str) -> None:
        """Remove a profile and everything about it."""
        profile = self._existing(name)
        with self._write() as db:
            db.execute("DELETE FROM profile WHERE id = ?", (profile.id,))

    def reset_everything(self) -> None:
        """Remove every profile and everything about them."""
        with self._write() as db:
            db.execute("DELETE FROM profile")

    # Settings

    def load_settings(self, profile: Profile) -> Settings:
        """The profile's settings; defaults for any never saved or no longer valid."""
        rows = self._read("SELECT name, value FROM setting WHERE profile_id = ?", (profile.id,))
        saved = {}
        for row in rows:
            try:
                saved[row["name"]] = json.loads(row["value"])
            except json.JSONDecodeError:
                pass  # a damaged value falls back to its default
        return Settings.from_dict(saved)

    def save_settings(self, profile: Profile, settings: Settings) -> None:
        with self._write() as db:
            _write_settings(db, profile.id, settings)

    # The game in progress

    def save_game(self, profile: Profile, game: Mapping[str, Any]) -> None:
        """Keep the game in progress (the engine's ``to_dict()``), replacing any before."""
        with self._write() as db:
            _write_game(db, profile.id, game)

    def load_game(self, profile: Profile) -> dict[str, Any] | None:
        """The game in progress, or None; a saved game that is not even JSON any more counts as none
        (the caller's own checks of the game, e.g. ``Game.from_dict``, explain other damage)."""
        rows = self._read("SELECT state FROM game_in_progress WHERE profile_id = ?", (profile.id,))
        if not rows:
            return None
        try:
            state = json.loads(rows[0]["state"])
        except ValueError:
            return None
        return state if isinstance(state, dict) else None

    def clear_game(self, profile: Profile) -> None:
        with self._write() as db:
            db.execute("DELETE FROM game_in_progress WHERE profile_id = ?", (profile.id,))

    # Finished games

    def record_finished_game(
        self,
        profile: Profile,
        rules: Mapping[str, Any],
        result: str,
        draws: int,
        mistakes: int,
        when: datetime | None = None,
    ) -> None:
        """Add a finished game and, in the same transaction, clear the game in progress."""
        game = FinishedGame(dict(rules), result, draws, mistakes, when or now())
        with self._write() as db:
            _insert_finished_games(db, profile.id, [game])
            db.execute("DELETE FROM game_in_progress WHERE profile_id = ?", (profile.id,))

    def finished_games(self, profile: Profile) -> list[FinishedGame]:
        rows = self._read(
            "SELECT rules, result, draws, mistakes, finished FROM finished_game"
            " WHERE profile_id = ? ORDER BY finished, id",
            (profile.id,),
        )
        return [
            FinishedGame(json.loads(row["rules"]), row["result"], row["draws"], row["mistakes"],
                         time_from_text(row["finished"]))
            for row in rows
        ]

    # Lessons

    def save_lesson_progress(
        self,
        profile: Profile,
        lesson_id: str,
        step: int,
        hints_used: int,
        finished: bool,
        when: datetime | None = None,
    ) -> None:
        progress = LessonProgress(lesson_id, step, hints_used, finished, when or now())
        with self._write() as db:
            _write_lessons(db, profile.id, [progress])

    def lesson_progress(self, profile: Profile) -> dict[str, LessonProgress]:
        rows = self._read(
            "SELECT lesson_id, step, hints_used, finished, updated FROM lesson_progress"
            " WHERE profile_id = ? ORDER BY lesson_id",
            (profile.id,),
        )
        return {
            row["lesson_id"]: LessonProgress(row["lesson_id"], row["step"], row["hints_used"],
                                             bool(row["finished"]), time_from_text(row["updated"]))
            for row in rows
        }

    def reset_lesson(self, profile: Profile, lesson_id: str) -> None:
        with self._write() as db:
            db.execute(
                "DELETE FROM lesson_progress WHERE profile_id = ? AND lesson_id = ?",
                (profile.id, lesson_id),
            )

    # Quiz answers and mastery

    def record_answer(
        self,
        profile: Profile,
        question: str,
        concept: str,
        right: bool,
        when: datetime | None = None,
    ) -> None:
        """Note one quiz answer; ``question`` is a question id or a generated kind."""
        answer = Answer(question, concept, right, when or now())
        with self._write() as db:
            _insert_answers(db, profile.id, [answer])

    def answers(self, profile: Profile) -> list[Answer]:
        rows = self._read(
            "SELECT question, concept, right, answered FROM quiz_answer"
            " WHERE profile_id = ? ORDER BY answered, id",
            (profile.id,),
        )
        return [
            Answer(row["question"], row["concept"], bool(row["right"]),
                   time_from_text(row["answered"]))
            for row in rows
        ]

    def mastery(self, profile: Profile) -> dict[str, Level]:
        """How well each concept the learner has been asked about is known.

        mastered: right at least 3 times, on at least 2 different days (the learner's
        local days), and the latest answer was right.
        practised: right at least once. learning: otherwise. Concepts never asked
        about are left out; treat them as learning.
        """
        rows = self._read(
            """
            SELECT concept,
                   SUM(right) AS rights,
                   COUNT(DISTINCT CASE WHEN right THEN date(answered, 'localtime') END) AS days,
                   (SELECT latest.right FROM quiz_answer AS latest
                     WHERE latest.profile_id = answer.profile_id
                       AND latest.concept = answer.concept
                     ORDER BY latest.answered DESC, latest.id DESC LIMIT 1) AS latest_right
              FROM quiz_answer AS answer
             WHERE profile_id = ?
             GROUP BY concept
            """,
            (profile.id,),
        )
        return {row["concept"]: _level(row["rights"], row["days"], row["latest_right"])
                for row in rows}

    # Mistakes

    def record_mistake(
        self,
        profile: Profile,
        code: str,
        cards: Iterable[object],
        where: str,
        when: datetime | None = None,
    ) -> None:
        """Note a mistake: its code, the cards involved (kept as text, so the engine's
        Card objects will do) and where it happened (lesson, quiz or game)."""
        mistake = Mistake(code, tuple(str(card) for card in cards), where, when or now())
        with self._write() as db:
            _insert_mistakes(db, profile.id, [mistake])

    def mistakes(self, profile: Profile) -> list[Mistake]:
        rows = self._read(
            "SELECT code, cards, place, made FROM mistake WHERE profile_id = ? ORDER BY made, id",
            (profile.id,),
        )
        return [
            Mistake(row["code"], tuple(json.loads(row["cards"])), row["place"],
                    time_from_text(row["made"]))
            for row in rows
        ]

    def common_mistakes(self, profile: Profile, limit: int = 5) -> list[tuple[str, int]]:
        """The mistakes made most often, most first; ties go to the more recent."""
        rows = self._read(
            "SELECT code, COUNT(*) AS times FROM mistake WHERE profile_id = ?"
            " GROUP BY code ORDER BY times DESC, MAX(made) DESC, code LIMIT ?",
            (profile.id, limit),
        )
        return [(row["code"], row["times"]) for row in rows]

    # Moving a profile between stores

    def export_profile(self, name: str, path: Path | str) -> None:
        """Write the named profile's settings and progress to a profile file."""
        data = self.profile_data(self._existing(name))
        transfer.write_document(Path(path), transfer.to_document(data))

    def import_profile(self, path: Path | str) -> Profile:
        """Add the profile in a profile file. If its name is taken here, it is
        imported as "Name (2)" (or 3, ...) so nobody's progress is overwritten.

        Raises ValueError when the file is not a usable profile file, OSError when
        it cannot be read.
        """
        try:
            data = transfer.from_document(transfer.read_document(Path(path)))
        except ValueError as error:
            raise ValueError(f"{path} cannot be imported: {error}") from error
        with self._write() as db:
            profile = _add_profile(db, _free_name(db, data.name), data.created)
            _write_settings(db, profile.id, data.settings)
            if data.game is not None:
                _write_game(db, profile.id, data.game)
            _insert_finished_games(db, profile.id, data.finished_games)
            _write_lessons(db, profile.id, data.lessons)
            _insert_answers(db, profile.id, data.answers)
            _insert_mistakes(db, profile.id, data.mistakes)
        return profile

    def profile_data(self, profile: Profile) -> transfer.ProfileData:
        """Everything the store knows about one learner, as a profile file holds it."""
        with self._snapshot():
            return transfer.ProfileData(
                name=profile.name,
                created=profile.created,
                settings=self.load_settings(profile),
                game=self.load_game(profile),
                finished_games=tuple(self.finished_games(profile)),
                lessons=tuple(self.lesson_progress(profile).values()),
                answers=tuple(self.answers(profile)),
                mistakes=tuple(self.mistakes(profile)),
            )

    # Plumbing

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        """One transaction: all of it is saved, or none of it.

        BEGIN IMMEDIATE takes the write lock at the start, so another copy of the app
        writing at the same moment makes this wait (up to the busy timeout) rather
        than fail halfway.
        """
        return self._transaction("BEGIN IMMEDIATE")

    def _snapshot(self) -> AbstractContextManager[sqlite3.Connection]:
        """Several reads that see the same moment, even while another copy writes."""
        return self._transaction("BEGIN")

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute(begin)
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # some errors make SQLite roll back itself
                    self._db.execute("ROLLBACK")
                raise

    def _read(self, sql: str, parameters: Sequence[object] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._db.execute(sql, parameters).fetchall()

    def _existing(self, name: str) -> Profile:
        profile = self.find_profile(name)
        if profile is None:
            raise NoSuchProfile(name)
        return profile


def _profile(row: sqlite3.Row) -> Profile:
    return Profile(row["id"], row["name"], time_from_text(row["created"]))


def _level(rights: int, days: int, latest_right: int) -> Level:
    if rights >= MASTERED_RIGHT_ANSWERS and days >= MASTERED_DAYS and latest_right:
        return Level.MASTERED
    if rights >= 1:
        return Level.PRACTISED
    return Level.LEARNING


def _free_name(db: sqlite3.Connection, name: str) -> str:
    """``name``, or "name (2)", "name (3)"... whichever no profile has yet."""
    candidate, number = name, 1
    while db.execute("SELECT 1 FROM profile WHERE name_key = ?", (name_key(candidate),)).fetchone():
        number += 1
        suffix = f" ({number})"
        candidate = name[: PROFILE_NAME_LENGTH - len(suffix)].rstrip() + suffix
    return candidate


def _add_profile(db: sqlite3.Connection, name: str, created: datetime) -> Profile:
    cursor = db.execute(
        "INSERT INTO profile (name, name_key, created) VALUES (?, ?, ?)",
        (name, name_key(name), time_text(created)),
    )
    assert cursor.lastrowid is not None  # always set after an INSERT
    return Profile(cursor.lastrowid, name, created)


def _write_settings(db: sqlite3.Connection, profile_id: int, settings: Settings) -> None:
    db.execute("DELETE FROM setting WHERE profile_id = ?", (profile_id,))
    db.executemany(
        "INSERT INTO setting (profile_id, name, value) VALUES (?, ?, ?)",
        [(profile_id, name, json.dumps(value)) for name, value in settings.to_dict().items()],
    )


def _write_game(db: sqlite3.Connection, profile_id: int, game: Mapping[str, Any]) -> None:
    db.execute(
        "INSERT OR REPLACE INTO game_in_progress (profile_id, state, saved) VALUES (?, ?, ?)",
        (profile_id, json.dumps(game), time_text()),
    )


def _insert_finished_games(
    db: sqlite3.Connection, profile_id: int, games: Iterable[FinishedGame]
) -> None:
    db.executemany(
        "INSERT INTO finished_game (profile_id, rules, result, draws, mistakes, finished)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [(profile_id, json.dumps(game.rules), game.result, game.draws, game.mistakes,
          time_text(game.when)) for game in games],
    )


def _write_lessons(
    db: sqlite3.Connection, profile_id: int, lessons: Iterable[LessonProgress]
) -> None:
    db.executemany(
        "INSERT OR REPLACE INTO lesson_progress"
        " (profile_id, lesson_id, step, hints_used, finished, updated) VALUES (?, ?, ?, ?, ?, ?)",
        [(profile_id, lesson.lesson_id, lesson.step, lesson.hints_used, lesson.finished,
          time_text(lesson.when)) for lesson in lessons],
    )


def _insert_answers(db: sqlite3.Connection, profile_id: int, answers: Iterable[Answer]) -> None:
    db.executemany(
        "INSERT INTO quiz_answer (profile_id, question, concept, right, answered)"
        " VALUES (?, ?, ?, ?, ?)",
        [(profile_id, answer.question, answer.concept, answer.right, time_text(answer.when))
         for answer in answers],
    )


def _insert_mistakes(db: sqlite3.Connection, profile_id: int, mistakes: Iterable[Mistake]) -> None:
    db.executemany(
        "INSERT INTO mistake (profile_id, code, cards, place, made) VALUES (?, ?, ?, ?, ?)",
        [(profile_id, mistake.code, json.dumps(list(mistake.cards)), mistake.where,
          time_text(mistake.when)) for mistake in mistakes],
    )
