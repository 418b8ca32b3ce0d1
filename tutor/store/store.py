"""The Store: every read and write of learner data, and the only SQL in the project."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Protocol

from tutor.errors import DamagedPin, ProfileFileError, ProfileInUse, ProfileLost, StoreError, StoreUnreachable
from tutor.language import tr
from tutor.names import NAME_LENGTH, NameLooksTaken, lookalike_in, shown, tidy_name
from tutor.settings import Settings
from tutor.store import checked_json, faults
from tutor.store.connection import Database, Row
from tutor.store.records import (
    KNOWN_RESULTS,
    Answer,
    FinishedGame,
    GameResult,
    LessonProgress,
    Mistake,
    NoSuchProfile,
    Profile,
    TeacherPin,
    name_key,
    now,
    time_from_text,
    time_text,
)
from tutor.store.schema import migrate

if TYPE_CHECKING:  # moving a profile between stores is read only when it is asked for
    from tutor.store import transfer

# A saved game bigger than this is not a game this app wrote.
MAX_GAME_BYTES = 1024 * 1024
# The claim token a reset leaves behind, so the window that held the profile learns why it lost it.
RESET = "reset"

Write = Callable[[Database], object]
FaultHandler = Callable[[StoreError], None]


@dataclass
class _Pending:
    """A write not saved yet (another window was writing, or the disk was full)."""

    profile: Profile | None
    kind: str  # writes of one kind for one profile replace each other ("game", "settings"), or ""
    write: Write


class Backend(Protocol):
    """What differs between the back ends beyond their SQL: how a claim on a profile stands and is
    held, and how a window learns that another wrote (`tutor.store.postgres` for PostgreSQL's)."""

    def claim_stands(self, db: Database, row: Row, mine: str | None) -> bool: ...

    def hold(self, db: Database, token: str) -> None: ...

    def let_go(self, db: Database, token: str) -> None: ...

    def watch_claims(self, tokens: Callable[[], Iterable[str]]) -> None: ...

    def data_version(self, db: Database) -> int: ...

    def begin(self, db: Database, begin: str, profiles: Sequence[int]) -> None:
        """Begin a transaction: "BEGIN" (reads at one moment) or "BEGIN IMMEDIATE" (a write, of
        `profiles`' own rows only, or of anything when there are none)."""

    def close(self) -> None: ...


class LocalBackend:
    """SQLite's: a claim stands while the window that made it runs (its host and process id); a
    write by another connection changes `PRAGMA data_version`."""

    def claim_stands(self, db: Database, row: Row, mine: str | None) -> bool:
        return _claim_stands(row, mine)

    def hold(self, db: Database, token: str) -> None:
        """Nothing to hold: the claim row names the process."""

    def let_go(self, db: Database, token: str) -> None:
        """Nothing held."""

    def watch_claims(self, tokens: Callable[[], Iterable[str]]) -> None:
        """Nothing to take again: the connection never changes."""

    def data_version(self, db: Database) -> int:
        return int(db.execute("PRAGMA data_version").fetchone()[0])

    def begin(self, db: Database, begin: str, profiles: Sequence[int]) -> None:
        """SQLite has one writer at a time, whichever learners a write touches."""
        db.execute(begin)

    def close(self) -> None:
        """Nothing of its own to close."""


class Store:
    """A learner-data store on one connection: SQLite's, or PostgreSQL's (`tutor.store.postgres`).
    Make one with ``open_store``."""

    def __init__(self, db: Database, path: Path | None, notices: list[str], backend: Backend | None = None, database: str | None = None) -> None:
        self._db = db
        self._lock = threading.RLock()  # one connection, possibly shared by UI threads
        self.path = path
        self.database = database
        """The school's database (its address without a password), or None: SQLite at `path`."""
        self.notices = notices
        self.database_problem: str | None = None
        """Why the school's database asked for cannot be used (this store is then in memory)."""
        self._backend: Backend = backend or LocalBackend()
        # Set by the app: faults are reported here and writes wait in `_pending` instead of raising.
        self.on_fault: FaultHandler | None = None
        self._pending: list[_Pending] = []
        self._claims: dict[int, str] = {}  # profile id -> this window's claim token
        self._lost: set[int] = set()  # profiles this window may no longer save
        self._watching: set[int] = set()  # profiles open read-only here
        # The school's database only: the learners open here, kept in memory too, to read from while
        # the database cannot be reached (`_offline`); every write of theirs is made to both.
        self._memory: sqlite3.Connection | None = None
        self._offline = False
        self._backend.watch_claims(lambda: list(self._claims.values()))

    @property
    def in_memory(self) -> bool:
        """True when nothing can be saved (to disk or to the school's database) and progress lasts
        for this session only."""
        return self.path is None and self.database is None

    @property
    def where(self) -> str:
        """Where progress is kept, in words: the progress file or the school's database."""
        if self.database is not None:
            return f"the school's database {self.database}"
        return "memory only" if self.path is None else str(self.path)

    def close(self) -> None:
        with self._lock:
            with suppress(sqlite3.Error, StoreError):
                self.flush()
            with suppress(sqlite3.Error, StoreError):
                for profile_id, token in self._claims.items():
                    self._db.execute("DELETE FROM claim WHERE profile_id = ? AND token = ?", (profile_id, token))
            self._claims.clear()
            self._backend.close()
            self._db.close()
            if self._memory is not None:
                self._memory.close()

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
        rows = self._read("SELECT id, name, created FROM profile ORDER BY name_key", stand_in=False)  # memory holds only the learners open here
        return [_profile(row) for row in rows]

    def find_profile(self, name: str) -> Profile | None:
        """The profile with this name (ignoring case), or None. A name kept before today's rule on
        names is found by its exact name, and by the name it is shown with (see `_profile`)."""
        rows = self._read("SELECT id, name, created FROM profile WHERE name_key = ?", (name_key(name),))
        if rows:
            return _profile(rows[0])
        by_shown_name = [profile for profile in self.profiles() if name_key(profile.name) == name_key(name)]
        return by_shown_name[0] if len(by_shown_name) == 1 else None  # two shown alike: neither is guessed

    def get_or_create_profile(self, name: str) -> Profile:
        """The profile with this name (ignoring case), made now if it is new. NameRefused (a
        ValueError) for a name the rule refuses, NameLooksTaken for one that looks just like a
        learner's already here ("Во" beside "Bo")."""
        name = tidy_name(name)
        with self._write() as db:
            if _row_named(db, name) is None:
                _refuse_lookalike(db, name)
                db.execute("INSERT INTO profile (name, name_key, created) VALUES (?, ?, ?)", (name, name_key(name), time_text()))
            row = _row_named(db, name)
        assert row is not None  # found, or made just now
        return _profile(row)

    def reset_profile(self, name: str) -> None:
        """Forget a learner's progress (games, lessons, answers, mistakes); keep the
        profile and its settings."""
        profile = self._existing(name)

        def write(db: Database) -> None:
            for table in ("game_in_progress", "finished_game", "lesson_progress", "quiz_answer", "mistake"):
                db.execute(f"DELETE FROM {table} WHERE profile_id = ?", (profile.id,))
            # A window holding this profile must not write its old game back over the reset.
            db.execute("UPDATE claim SET token = ? WHERE profile_id = ? AND token != ?", (RESET, profile.id, self._claims.get(profile.id, "")))

        self._save(None, write)

    def delete_profile(self, name: str) -> None:
        """Remove a profile and everything about it."""
        profile = self._existing(name)
        self._save(None, lambda db: db.execute("DELETE FROM profile WHERE id = ?", (profile.id,)))

    def reset_everything(self) -> None:
        """Remove every profile and everything about them."""
        self._save(None, lambda db: db.execute("DELETE FROM profile"))

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
        self._save(profile, lambda db: _write_settings(db, profile.id, settings), "settings")

    # The game in progress

    def save_game(self, profile: Profile, game: Mapping[str, Any]) -> None:
        """Keep the game in progress (the engine's ``to_dict()``), replacing any before."""
        state = json.dumps(game)
        self._save(profile, lambda db: _write_game(db, profile.id, state), "game")

    def load_game(self, profile: Profile) -> dict[str, Any] | None:
        """The game in progress, or None; a saved game that is not JSON within the limits of
        ``checked_json`` (depth, number sizes, text lengths, MAX_GAME_BYTES) counts as none (the
        caller's own checks of the game, e.g. ``Game.from_dict``, explain other damage)."""
        rows = self._read("SELECT state FROM game_in_progress WHERE profile_id = ?", (profile.id,))
        if not rows or not isinstance(rows[0]["state"], str) or len(rows[0]["state"]) > MAX_GAME_BYTES:
            return None
        try:
            state = checked_json.loads(rows[0]["state"])
        except ValueError:
            return None
        return state if isinstance(state, dict) else None

    def clear_game(self, profile: Profile) -> None:
        self._save(profile, lambda db: db.execute("DELETE FROM game_in_progress WHERE profile_id = ?", (profile.id,)), "game")

    # Finished games

    def record_finished_game(
        self,
        profile: Profile,
        rules: Mapping[str, Any],
        result: GameResult,
        draws: int,
        mistakes: int,
        when: datetime | None = None,
        *,
        clear_game_in_progress: bool = True,
    ) -> None:
        """Add a finished game and, in the same transaction, clear the game in progress (unless
        `clear_game_in_progress` is False: a game played at a table is not the saved game)."""
        game = FinishedGame(dict(rules), result, draws, mistakes, when or now())

        def write(db: Database) -> None:
            _insert_finished_games(db, profile.id, [game])
            if clear_game_in_progress:
                db.execute("DELETE FROM game_in_progress WHERE profile_id = ?", (profile.id,))

        self._save(profile, write)

    def finished_games(self, profile: Profile) -> list[FinishedGame]:
        rows = self._read(
            "SELECT rules, result, draws, mistakes, finished FROM finished_game WHERE profile_id = ? ORDER BY finished, id",
            (profile.id,),
        )
        return [
            FinishedGame(json.loads(row["rules"]), GameResult(row["result"]), row["draws"], row["mistakes"], time_from_text(row["finished"]))
            for row in rows
            if row["result"] in KNOWN_RESULTS  # a result no version of the tutor writes is not shown
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
        *,
        stars: int = 0,
        mistakes: int = 0,
    ) -> None:
        """Where the learner is in a lesson: the step to carry on from, the hints and mistakes of
        the run under way, whether it was ever finished, and the best stars of a finished run."""
        progress = LessonProgress(lesson_id, step, hints_used, finished, when or now(), stars, mistakes)
        self._save(profile, lambda db: _write_lessons(db, profile.id, [progress]))

    def lesson_progress(self, profile: Profile) -> dict[str, LessonProgress]:
        rows = self._read(
            "SELECT lesson_id, step, hints_used, finished, updated, stars, mistakes FROM lesson_progress WHERE profile_id = ? ORDER BY lesson_id",
            (profile.id,),
        )
        return {
            row["lesson_id"]: LessonProgress(
                row["lesson_id"], row["step"], row["hints_used"], bool(row["finished"]), time_from_text(row["updated"]), row["stars"], row["mistakes"]
            )
            for row in rows
        }

    def reset_lesson(self, profile: Profile, lesson_id: str) -> None:
        self._save(profile, lambda db: db.execute("DELETE FROM lesson_progress WHERE profile_id = ? AND lesson_id = ?", (profile.id, lesson_id)))

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
        self._save(profile, lambda db: _insert_answers(db, profile.id, [answer]))

    def answers(self, profile: Profile) -> list[Answer]:
        rows = self._read(
            'SELECT question, concept, "right", answered FROM quiz_answer WHERE profile_id = ? ORDER BY answered, id',
            (profile.id,),
        )
        return [Answer(row["question"], row["concept"], bool(row["right"]), time_from_text(row["answered"])) for row in rows]

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
        mistake = Mistake(code, tuple(str(card) for card in cards), where, when or now(), real=True)
        self._save(profile, lambda db: _insert_mistakes(db, profile.id, [mistake]))

    def forget_mistakes(self, profile: Profile, places: Iterable[str]) -> None:
        """Forget the mistakes noted at these places (e.g. a lesson's, when it is reset)."""
        rows = [(profile.id, place) for place in places]
        self._save(profile, lambda db: db.executemany("DELETE FROM mistake WHERE profile_id = ? AND place = ?", rows))

    def mistakes(self, profile: Profile) -> list[Mistake]:
        rows = self._read(
            "SELECT code, cards, place, made, real FROM mistake WHERE profile_id = ? ORDER BY made, id",
            (profile.id,),
        )
        return [Mistake(row["code"], tuple(json.loads(row["cards"])), row["place"], time_from_text(row["made"]), bool(row["real"])) for row in rows]

    # Moving a profile between stores

    def export_profile(self, name: str, path: Path | str) -> None:
        """Write the named profile's settings and progress to a profile file."""
        from tutor.store import transfer

        transfer.write_text(Path(path), self.export_text(name))

    def export_text(self, name: str) -> str:
        """The named profile's file, as text (for a file, or a browser's download); NoSuchProfile."""
        from tutor.store import transfer

        return transfer.document_text(transfer.to_document(self.profile_data(self._existing(name))))

    def import_profile(self, path: Path | str) -> Profile:
        """Add the profile in a profile file. If its name is taken here, it is
        imported as "Name (2)" (or 3, ...) so nobody's progress is overwritten; a name that only
        looks just like a learner's here ("Во" beside "Bo") is refused, naming them.

        Raises ProfileFileError (a ValueError) when the file is not a usable profile file,
        OSError when it cannot be read (UnsafeTarget for a device, a pipe or a folder).
        """
        from tutor.store import transfer

        try:
            data = transfer.from_document(transfer.read_document(Path(path)))
        except ValueError as error:
            raise ProfileFileError(tr("{path} cannot be imported: {problem}").format(path=path, problem=error)) from error
        with self._write() as db:
            try:
                name = _free_name(db, data.name)
            except NameLooksTaken as taken:
                raise ProfileFileError(
                    tr("{path} cannot be imported: the learner in it, {name}, looks just like {existing}, who is already learning here.").format(
                        path=path, name=taken.name, existing=taken.existing
                    )
                ) from taken
            profile = _add_profile(db, name, data.created)
            _write_learner(db, profile.id, data)
        return profile

    def profile_data(self, profile: Profile) -> transfer.ProfileData:
        """Everything the store knows about one learner, as a profile file holds it."""
        from tutor.store import transfer

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

    # The teacher's PIN (tutor.learner.teacher hashes and checks it; only the hash is kept here)

    def teacher_pin(self) -> TeacherPin | None:
        """The kept PIN hash and its wrong tries in a row, or None when no PIN was set yet;
        DamagedPin when the row is not one the tutor wrote."""
        rows = self._read(f"SELECT {_PIN_COLUMNS} FROM teacher_pin WHERE id = 1", stand_in=False)  # memory never holds it
        return checked_pin(rows[0]) if rows else None

    def claim_pin_try(self, when: datetime, wait: Callable[[TeacherPin, datetime], float]) -> tuple[TeacherPin | None, float]:
        """Count a try at the PIN before it is checked, in one write, so tries made at the same
        moment (in other tabs) wait their turn like tries one after another. Returns the PIN as
        it was and the seconds still to ``wait`` (then nothing is counted: the try is not checked).
        A right try is forgiven afterwards with ``forgive_pin_tries()``."""
        with self._write() as db:
            rows = db.execute(f"SELECT {_PIN_COLUMNS} FROM teacher_pin WHERE id = 1").fetchall()
            if not rows:
                return None, 0.0
            kept = checked_pin(rows[0])
            left = wait(kept, when)
            if left <= 0:
                db.execute("UPDATE teacher_pin SET wrong_tries = wrong_tries + 1, last_wrong = ? WHERE id = 1", (time_text(when),))
            return kept, left

    def set_teacher_pin(self, pin: TeacherPin) -> None:
        """Keep a new PIN hash (replacing any before), with no wrong tries. Saved now or StoreError."""
        with self._write() as db:
            db.execute(
                "INSERT INTO teacher_pin (id, digest, salt, cost, block_size, parallel, wrong_tries, last_wrong, since)"
                " VALUES (1, ?, ?, ?, ?, ?, 0, NULL, ?) ON CONFLICT (id) DO UPDATE SET digest = excluded.digest, salt = excluded.salt,"
                " cost = excluded.cost, block_size = excluded.block_size, parallel = excluded.parallel, wrong_tries = 0, last_wrong = NULL,"
                " since = excluded.since",
                (pin.digest.hex(), pin.salt.hex(), pin.cost, pin.block_size, pin.parallel, time_text()),
            )

    def forgive_pin_tries(self) -> None:
        """After a right PIN: no wrong tries in a row any more (``claim_pin_try`` counts every try)."""
        with self._write() as db:
            db.execute("UPDATE teacher_pin SET wrong_tries = 0, last_wrong = NULL WHERE id = 1")

    # Windows sharing one file

    def claim(self, profile: Profile, take_over: bool = False) -> None:
        """Say this window saves ``profile`` from now on.

        Raises ProfileInUse when another running window has claimed it (unless ``take_over``:
        then that window stops saving and is told why the next time it tries)."""
        token = uuid.uuid4().hex
        host, pid = socket.gethostname(), os.getpid()
        with self._write() as db:
            row = db.execute("SELECT token, host, pid FROM claim WHERE profile_id = ?", (profile.id,)).fetchone()
            if row is not None and not take_over and self._backend.claim_stands(db, row, self._claims.get(profile.id)):
                raise ProfileInUse(profile.name)
            db.execute(
                "INSERT INTO claim (profile_id, token, host, pid, since) VALUES (?, ?, ?, ?, ?) ON CONFLICT (profile_id)"
                " DO UPDATE SET token = excluded.token, host = excluded.host, pid = excluded.pid, since = excluded.since",
                (profile.id, token, host, pid, time_text()),
            )
            self._backend.hold(db, token)
        self._claims[profile.id] = token
        self._lost.discard(profile.id)
        self._watching.discard(profile.id)
        self._remember(profile)

    def claimed_elsewhere(self, profile: Profile) -> bool:
        """Whether another running window (another tab of a classroom) has claimed ``profile``:
        what ``claim`` would refuse with ProfileInUse."""
        with self._snapshot() as db:
            row = db.execute("SELECT token, host, pid FROM claim WHERE profile_id = ?", (profile.id,)).fetchone()
            return row is not None and self._backend.claim_stands(db, row, self._claims.get(profile.id))

    def watch(self, profile: Profile) -> None:
        """Open ``profile`` read-only here: it is shown, nothing of it is saved from this window."""
        self._watching.add(profile.id)
        self._remember(profile)

    def watching(self, profile: Profile) -> bool:
        return profile.id in self._watching

    def holds(self, profile: Profile) -> bool:
        """Whether this window has claimed ``profile`` or opened it to look only."""
        return profile.id in self._claims or profile.id in self._watching

    def release(self, profile: Profile) -> None:
        """This window is done with ``profile``: another may claim it without asking."""
        token = self._claims.pop(profile.id, None)
        self._watching.discard(profile.id)
        if token is not None:
            with suppress(StoreError):
                with self._write() as db:
                    db.execute("DELETE FROM claim WHERE profile_id = ? AND token = ?", (profile.id, token))
                    self._backend.let_go(db, token)

    def data_version(self) -> int:
        """A number that changes when another window (another connection) has written; this
        window's own writes do not change it. Asks no table: cheap enough several times a second."""
        with self._lock:
            try:
                return self._backend.data_version(self._db)
            except sqlite3.OperationalError as error:
                raise faults.fault(error, self._folder) from error

    # Writes that wait their turn

    @property
    def unsaved(self) -> int:
        """How many writes are waiting to be saved (0: everything is on disk)."""
        return len(self._pending)

    def report_faults_to(self, handler: FaultHandler, wait_seconds: float = 0.5) -> None:
        """Send busy, full-disk and lost-profile faults to ``handler`` instead of raising them;
        a busy file is waited for at most ``wait_seconds`` per try (the app retries with ``flush``)."""
        self.on_fault = handler
        with self._lock:
            self._db.execute(f"PRAGMA busy_timeout = {int(wait_seconds * 1000)}")

    def flush(self) -> bool:
        """Try to save every waiting write, in order, in one transaction; True when none is left
        (and the school's database answers again, if reads were answered from memory)."""
        with self._lock:
            if self._offline and not self._pending:
                return self._answers_again()
            while self._pending:
                current: Profile | None = None
                try:
                    with self._write(_profiles_of(self._pending)) as db:
                        for item in self._pending:
                            current = item.profile
                            if current is not None:
                                self._check_holder(db, current)
                            item.write(db)
                except ProfileLost as lost:
                    assert current is not None  # only a profile's own write checks its holder
                    self._give_up(current, lost)
                    continue
                except StoreError as error:
                    if self.on_fault is None:
                        self._pending.clear()
                        raise
                    self._offline = isinstance(error, StoreUnreachable) and self._memory is not None
                    self.on_fault(error)
                    return False
                self._pending.clear()
            self._offline = False
            return True

    def _save(self, profile: Profile | None, write: Write, kind: str = "") -> None:
        with self._lock:
            if profile is not None and (profile.id in self._lost or profile.id in self._watching):
                return
            last = self._pending[-1] if self._pending else None
            item = _Pending(profile, kind, write)
            if kind and last is not None and last.kind == kind and last.profile is not None and profile is not None and last.profile.id == profile.id:
                self._pending[-1] = item
            else:
                self._pending.append(item)
            self._write_in_memory(write)
            if not self._offline:  # else the app's next try (`flush`) saves it: no wait for a database that is gone
                self.flush()

    def _check_holder(self, db: Database, profile: Profile) -> None:
        """ProfileLost unless ``profile`` is still there and still this window's to save."""
        row = db.execute("SELECT name FROM profile WHERE id = ?", (profile.id,)).fetchone()
        if row is None or name_key(shown(row["name"])) != name_key(profile.name):
            raise ProfileLost(profile.name, "was removed in another window or from the command line")
        token = self._claims.get(profile.id)
        if token is None:
            return
        claim = db.execute("SELECT token FROM claim WHERE profile_id = ?", (profile.id,)).fetchone()
        if claim is None or claim["token"] == RESET:
            raise ProfileLost(profile.name, "was reset in another window or from the command line")
        if claim["token"] != token:
            raise ProfileLost(profile.name, "was taken over by another window")

    def _give_up(self, profile: Profile, lost: ProfileLost) -> None:
        """Stop saving a lost profile here, keep the other waiting writes, and tell the app."""
        self._pending = [item for item in self._pending if item.profile is None or item.profile.id != profile.id]
        self._lost.add(profile.id)
        token = self._claims.pop(profile.id, None)
        if token is not None:
            with suppress(StoreError):
                self._backend.let_go(self._db, token)
        if self.on_fault is None:
            raise lost
        self.on_fault(lost)

    # Plumbing

    def _write(self, profiles: Sequence[int] = ()) -> AbstractContextManager[Database]:
        """One transaction: all of it is saved, or none of it.

        BEGIN IMMEDIATE takes the write lock at the start, so another copy of the app
        writing at the same moment makes this wait (up to the busy timeout) rather
        than fail halfway. `profiles`: the write touches only these learners' own rows (their
        progress, checked against their claims), so where the back end can (PostgreSQL), writes
        for other learners go on at the same time; none: the whole store is locked.
        """
        return self._transaction("BEGIN IMMEDIATE", profiles)

    @contextmanager
    def _snapshot(self) -> Iterator[Database]:
        """Several reads that see the same moment, even while another copy writes (from memory
        while the school's database cannot be reached: see `_from_memory`)."""
        with self._lock, ExitStack() as stack:
            try:
                db = self._stand_in() or stack.enter_context(self._transaction("BEGIN"))
            except StoreUnreachable as error:
                db = self._from_memory(error)
            yield db

    @contextmanager
    def _transaction(self, begin: str, profiles: Sequence[int] = ()) -> Iterator[Database]:
        """Raises the tutor's StoreError (busy, full, ...) for what SQLite could not do."""
        with self._lock:
            try:
                self._backend.begin(self._db, begin, profiles)
                try:
                    yield self._db
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:  # some errors make SQLite roll back itself
                        self._db.execute("ROLLBACK")
                    raise
            except (sqlite3.OperationalError, sqlite3.IntegrityError) as error:
                raise faults.fault(error, self._folder) from error

    @property
    def _folder(self) -> Path | None:
        return None if self.path is None else self.path.parent

    def _read(self, sql: str, parameters: Sequence[object] = (), stand_in: bool = True) -> list[Row]:
        """The rows; from memory while the school's database cannot be reached (unless not
        `stand_in`: what memory does not hold, which raises StoreUnreachable instead)."""
        with self._lock:
            try:
                rows: list[Row] = ((stand_in and self._stand_in()) or self._db).execute(sql, parameters).fetchall()
            except sqlite3.OperationalError as error:
                raise faults.fault(error, self._folder) from error
            except StoreUnreachable as error:
                if not stand_in:
                    raise
                rows = self._from_memory(error).execute(sql, parameters).fetchall()
            return rows

    # While the school's database cannot be reached

    def _remember(self, profile: Profile) -> None:
        """Keep a copy of a learner open here in memory (a store on the school's database only)."""
        if self.database is None:
            return
        with suppress(StoreError):
            data = self.profile_data(profile)
            if self._memory is None:
                self._memory = _memory_database()
            self._write_in_memory(lambda db: _copy_learner(db, profile, data))

    def _write_in_memory(self, write: Write) -> None:
        """Make a write to the copy in memory too, at once (the database gets it when it can)."""
        if self._memory is None:
            return
        self._memory.execute("BEGIN")
        try:
            write(self._memory)
            self._memory.execute("COMMIT")
        except sqlite3.Error:
            self._memory.execute("ROLLBACK")  # memory is only a stand-in: the write still waits for the database

    def _stand_in(self) -> sqlite3.Connection | None:
        """The copy in memory while the database cannot be reached, else None."""
        return self._memory if self._offline else None

    def _from_memory(self, error: StoreUnreachable) -> sqlite3.Connection:
        """The copy in memory to read from now that the database cannot be reached, said once
        (`on_fault`, as a write's fault is); `error` again when there is no copy or nobody to tell."""
        if self._memory is None or self.on_fault is None:
            raise error
        if not self._offline:
            self._offline = True
            self.on_fault(error)
        return self._memory

    def _answers_again(self) -> bool:
        """Whether the database answers again (then reads go back to it)."""
        try:
            with self._transaction("BEGIN"):
                pass
        except StoreError:
            return False
        self._offline = False
        return True

    def _existing(self, name: str) -> Profile:
        profile = self.find_profile(name)
        if profile is None:
            raise NoSuchProfile(name)
        return profile


def _profiles_of(pending: Sequence[_Pending]) -> tuple[int, ...]:
    """The learners whose rows the waiting writes touch; () when one of them is not a learner's own."""
    if any(item.profile is None for item in pending):
        return ()
    return tuple(sorted({item.profile.id for item in pending if item.profile is not None}))


def _claim_stands(row: Row, mine: str | None) -> bool:
    """Whether a claim row belongs to another window that may still be running."""
    return row["token"] not in (RESET, mine) and _running(row["host"], row["pid"])


def _running(host: str, pid: int) -> bool:
    """Whether the window that made a claim may still be running (another computer: assume so)."""
    if host != socket.gethostname():
        return True
    if pid == os.getpid():
        return False  # an earlier app in this same process, closed without releasing
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but belongs to someone else
    return not _ended(pid)


def _ended(pid: int) -> bool:
    """Whether `pid` has ended but not yet been reaped (a zombie: a window killed a moment ago)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False  # no /proc here: trust the signal check
    return stat.rpartition(")")[2].split()[:1] == ["Z"]


def _memory_database() -> sqlite3.Connection:
    """An empty store in memory, in autocommit mode like the others (the store begins each transaction)."""
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    memory.row_factory = sqlite3.Row
    migrate(memory)
    return memory


def _copy_learner(db: Database, profile: Profile, data: transfer.ProfileData) -> None:
    """A learner's rows as the school's database holds them, with their own id (replacing any copy)."""
    db.execute("DELETE FROM profile WHERE id = ?", (profile.id,))
    db.execute("INSERT INTO profile (id, name, name_key, created) VALUES (?, ?, ?, ?)", (profile.id, data.name, name_key(data.name), time_text(data.created)))
    _write_learner(db, profile.id, data)


def _write_learner(db: Database, profile_id: int, data: transfer.ProfileData) -> None:
    """Everything of one learner but their profile row: settings, game, games, lessons, answers, mistakes."""
    _write_settings(db, profile_id, data.settings)
    if data.game is not None:
        _write_game(db, profile_id, json.dumps(data.game))
    _insert_finished_games(db, profile_id, data.finished_games)
    _write_lessons(db, profile_id, data.lessons)
    _insert_answers(db, profile_id, data.answers)
    _insert_mistakes(db, profile_id, data.mistakes)


def _profile(row: Row) -> Profile:
    """A profile as the app shows it: a name kept before today's rule on names (or written into the
    file by hand) has each control or invisible character shown as �, so it can never send the
    terminal an escape sequence."""
    return Profile(row["id"], shown(row["name"]), time_from_text(row["created"]))


def _row_named(db: Database, name: str) -> Row | None:
    row: Row | None = db.execute("SELECT id, name, created FROM profile WHERE name_key = ?", (name_key(name),)).fetchone()
    return row


def _shown_names(db: Database) -> list[str]:
    return [shown(row["name"]) for row in db.execute("SELECT name FROM profile ORDER BY name_key")]


def _refuse_lookalike(db: Database, name: str) -> None:
    """NameLooksTaken when a learner here has a name that looks just like ``name`` (the list of
    learners is short, so it is read whole rather than keyed in the file)."""
    existing = lookalike_in(name, _shown_names(db))
    if existing is not None:
        raise NameLooksTaken(name, existing)


def _free_name(db: Database, name: str) -> str:
    """``name``, or "name (2)", "name (3)"... whichever no profile has yet (nor one looking just like
    it). NameLooksTaken when ``name`` is not taken but looks just like a learner's already here."""
    if _row_named(db, name) is None:
        _refuse_lookalike(db, name)
        return name
    taken = _shown_names(db)
    candidate, number = name, 1
    while lookalike_in(candidate, taken) is not None or _row_named(db, candidate) is not None:
        number += 1
        suffix = f" ({number})"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
    return candidate


def _add_profile(db: Database, name: str, created: datetime) -> Profile:
    cursor = db.execute(
        "INSERT INTO profile (name, name_key, created) VALUES (?, ?, ?)",
        (name, name_key(name), time_text(created)),
    )
    assert cursor.lastrowid is not None  # always set after an INSERT
    return Profile(cursor.lastrowid, name, created)


def _write_settings(db: Database, profile_id: int, settings: Settings) -> None:
    db.execute("DELETE FROM setting WHERE profile_id = ?", (profile_id,))
    db.executemany(
        "INSERT INTO setting (profile_id, name, value) VALUES (?, ?, ?)",
        [(profile_id, name, json.dumps(value)) for name, value in settings.to_dict().items()],
    )


def _write_game(db: Database, profile_id: int, state: str) -> None:
    db.execute(
        "INSERT INTO game_in_progress (profile_id, state, saved) VALUES (?, ?, ?)"
        " ON CONFLICT (profile_id) DO UPDATE SET state = excluded.state, saved = excluded.saved",
        (profile_id, state, time_text()),
    )


def _insert_finished_games(db: Database, profile_id: int, games: Iterable[FinishedGame]) -> None:
    db.executemany(
        "INSERT INTO finished_game (profile_id, rules, result, draws, mistakes, finished) VALUES (?, ?, ?, ?, ?, ?)",
        [(profile_id, json.dumps(game.rules), game.result, game.draws, game.mistakes, time_text(game.when)) for game in games],
    )


def _write_lessons(db: Database, profile_id: int, lessons: Iterable[LessonProgress]) -> None:
    db.executemany(
        "INSERT INTO lesson_progress (profile_id, lesson_id, step, hints_used, finished, updated, stars, mistakes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (profile_id, lesson_id) DO UPDATE SET step = excluded.step, hints_used = excluded.hints_used,"
        " finished = excluded.finished, updated = excluded.updated, stars = excluded.stars, mistakes = excluded.mistakes",
        [
            (profile_id, lesson.lesson_id, lesson.step, lesson.hints_used, lesson.finished, time_text(lesson.when), lesson.stars, lesson.mistakes)
            for lesson in lessons
        ],
    )


def _insert_answers(db: Database, profile_id: int, answers: Iterable[Answer]) -> None:
    db.executemany(
        'INSERT INTO quiz_answer (profile_id, question, concept, "right", answered) VALUES (?, ?, ?, ?, ?)',
        [(profile_id, answer.question, answer.concept, answer.right, time_text(answer.when)) for answer in answers],
    )


def _insert_mistakes(db: Database, profile_id: int, mistakes: Iterable[Mistake]) -> None:
    db.executemany(
        "INSERT INTO mistake (profile_id, code, cards, place, made, real) VALUES (?, ?, ?, ?, ?, ?)",
        [(profile_id, mistake.code, json.dumps(list(mistake.cards)), mistake.where, time_text(mistake.when), mistake.real) for mistake in mistakes],
    )


_PIN_COLUMNS = "digest, salt, cost, block_size, parallel, wrong_tries, last_wrong"
# What the tutor writes (tutor.learner.teacher's scrypt cost), with room for a slower future cost.
_PIN_COSTS = {"cost": (2, 2**20), "block_size": (1, 32), "parallel": (1, 16), "wrong_tries": (0, 10**9)}


def checked_pin(row: Row) -> TeacherPin:
    """The teacher_pin row as a TeacherPin, every field checked: DamagedPin for anything the
    tutor would not have written (a digest that is not hex, a cost that is not a power of two...)."""
    try:
        digest, salt = bytes.fromhex(row["digest"]), bytes.fromhex(row["salt"])
        numbers = {name: row[name] for name in _PIN_COSTS}
        last = row["last_wrong"]
        last_wrong = None if last is None else time_from_text(last)
    except (TypeError, ValueError) as error:
        raise DamagedPin(tr("the teacher's PIN in the progress file is damaged ({problem})").format(problem=error)) from None
    if len(digest) != 32 or not 8 <= len(salt) <= 64:
        raise DamagedPin(tr("the teacher's PIN in the progress file is damaged ({problem})").format(problem=tr("its hash has the wrong length")))
    for name, (lowest, highest) in _PIN_COSTS.items():
        value = numbers[name]
        if type(value) is not int or not lowest <= value <= highest:
            raise DamagedPin(
                tr("the teacher's PIN in the progress file is damaged ({problem})").format(problem=tr("{name} is {value}").format(name=name, value=repr(value)))
            )
    if numbers["cost"] & (numbers["cost"] - 1):
        raise DamagedPin(
            tr("the teacher's PIN in the progress file is damaged ({problem})").format(
                problem=tr("cost {cost} is not a power of two").format(cost=numbers["cost"])
            )
        )
    return TeacherPin(digest, salt, numbers["cost"], numbers["block_size"], numbers["parallel"], numbers["wrong_tries"], last_wrong)
