"""Tables for playing together: classmates in several windows (each its own app process, all on one
progress file) sit at one named table and play one game. The store keeps the table and writes
every change; the engine judges every move; each window shows its learner only what they may see
(`tutor.play.shared_game.SharedGame` wraps a table for one window).

    tables = Tables(store, clock=None)       # clock: when things happen (tests pass their own)
    tables.notices: list[str]                # damaged tables set aside, in words to show

    Sitting down (a table is named by its id: TableView.id)
        tables.open_or_join(name, profile, settings) -> (TableView, seat)
            A new name opens a table: the profile is its host, at seat 0, and the table plays the
            host's rules choices (`rules_choices(settings)`). The name of a table already there
            joins it at the lowest free seat; a learner sitting there already gets their seat back.
            NameRefused for a name the rule of `tutor.names` refuses (a name that looks just like
            a table's is that table: "red", "Red" and "Rеd" with a Cyrillic е are one); TableFull;
            TableDamaged for a table set aside. The name of a table whose game has finished (for
            a learner who did not sit there) or that was closed opens a new table with that name:
            the old one keeps its game and log but no longer answers to the name (it is "retired").
        tables.open_or_join(name, profile, settings, again=table)
            The same, to play again after the game at `table` finished: a new table with its name
            (or the one a classmate opened there first: joined).
        tables.open_tables() -> list[TableView]   # waiting, playing and finished tables, by name
        tables.find(name) -> TableView | None
        tables.start(table, profile, seed=None) -> TableState
            The host only (NotHost): deals as `GuidedGame.new` does (the seed picks the dealer and
            shuffles); each free seat gets a computer player. The game is move 1.

    Playing: each move is ONE write transaction that checks the move number, so a move decided on
    an older state is refused and two windows can never both draw.
        tables.play(table, profile, action, expected_move) -> list[Event]
            `action`: LayDown, FinishPairing or Draw (by position, or at random: never by naming
            the card) for the profile's own seat. StaleMove (its `.move` is the move number now:
            load and decide again), NotYourSeat, TableNotOpen, or the engine's IllegalAction (with
            its Mistake); nothing is written then. The events are the whole truth, the drawn card
            included: for the mover's eyes only. The public log gets the move in words.
        state.computer_seat -> int | None         # the seat a computer plays now, if any
        tables.play_computer(table, expected_move) -> list[Event]
            Plays that seat's move (a whole turn: draw, pairs, done) in one write with the same
            move check; [] when another window did it first or nothing is due. Any window may call
            it; the one that notices first plays.

    Who is there
        tables.heartbeat(table, profile)     # "still here": every HEARTBEAT_SECONDS
        tables.leave(table, profile)         # a waiting table: the seat is freed (the host closes it)
        tables.tend(table) -> bool           # takeovers and closing when due (True: it wrote)
        A learner who left, or whose window went quiet (no heartbeat for AWAY_SECONDS: the app was
        killed, the tab closed), is played by a computer AWAY_SECONDS later, with a line in the
        log. Any sign of them (open_or_join, heartbeat, play) gives them their seat back. A table
        whose learners have all been gone for CLOSE_SECONDS is closed (by `tend`, `open_tables`
        or `open_or_join`, whichever comes first).

    Watching
        tables.changed() -> bool             # another window wrote since the last call (no table read)
        tables.data_version() -> int         # the same, for a watcher that keeps its own
        tables.load(table, reader) -> TableState  # .view, .game (None while waiting), .move, .log

    The end: once the engine says the game is over the table is finished. Each learner's result
    is theirs to record (`Recorder.game_finished(state.game, mistakes, learner=seat, table=True)`,
    which keeps their own game against the computer), with the seat from `view.seat_of(profile)`.

Every write is one short transaction (BEGIN IMMEDIATE, as the store's are): StoreBusy or StoreFull
(StoreErrors) when the file cannot be written now, and then nothing was written. Every window
holds the whole game (every hand) in memory; what a learner is shown is chosen by
`SharedGame`. A damaged row (JSON that is not, a game `Game.from_dict` refuses, seats that do not
fit the game) is set aside (status "damaged"), named in `notices`, left out of every list, and
TableDamaged when asked for: never a crash.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from functools import partial
from typing import Any

from tutor.engine import Draw, Event, FinishPairing, Game, LayDown
from tutor.errors import (
    NoSuchTable,
    NotHost,
    NotYourSeat,
    StaleMove,
    TableDamaged,
    TableFull,
    TableNotOpen,
    TableRefused,
)
from tutor.language import in_my_words, mark, ntr, told_in_every_language, tr
from tutor.names import lookalike_key, shown, tidy_name
from tutor.settings import SWITCH_ORDER, Settings
from tutor.store import checked_json
from tutor.store.connection import Database, Row
from tutor.store.records import Profile, name_key, now, time_from_text, time_text
from tutor.store.store import MAX_GAME_BYTES, Store
from tutor.wording import SPARE_NAMES, Seats, same_name
from tutor.wording.narration import Narrator, dealt

AWAY_SECONDS = 60
"""A learner who left, or whose window has been quiet this long, is played by a computer."""
HEARTBEAT_SECONDS = 15
"""How often a window says its learner is still there (well inside AWAY_SECONDS)."""
QUIET_SECONDS = 2 * HEARTBEAT_SECONDS
"""A window quiet this long has missed a heartbeat: its learner seems to have gone."""
CLOSE_SECONDS = 60 * 60
"""A table whose learners have all been gone this long is closed."""
LOG_KEPT = 200
RETIRED = "\x1f"
"""In a retired table's name key, before its id: a character no name may hold (tutor.names)."""
ANSWERS_TO_ITS_NAME = f"instr(name_key, char({ord(RETIRED)})) = 0"
"""SQL: the table is not retired (see RETIRED)."""
TABLE_PLACE = "table:"
"""A mistake made at a table is kept in the learner's profile with the place "table:<id>"."""
"""The public log lines `load` returns: the latest."""
RULES_CHOICES = ("ruleset", "players", "odd_rank", *SWITCH_ORDER, "deck")
"""The settings' fields a table keeps: the rules its game is played by."""

PlayerAction = LayDown | FinishPairing | Draw

Said = Callable[[int | None], Sequence[str]]
"""Lines for a table's log as the learner at a seat reads them (None: as anyone else does), said
in the language in use (`_say` asks in each)."""
READER = "@"
"""In a log line's versions, between a language's code and a seat: that seat's own words ("en@2")."""
OPENED = (mark("You opened table {table}."), mark("{name} opened table {table}."))
OPENED_AFTER_ITS_GAME = (mark("You opened table {table} again: its last game is over."), mark("{name} opened table {table} again: its last game is over."))
OPENED_AFTER_CLOSING = (mark("You opened table {table} again: it had been closed."), mark("{name} opened table {table} again: it had been closed."))
SAT_DOWN = (mark("You sat down at table {table}."), mark("{name} sat down at table {table}."))
BACK = (mark("You are back and play again."), mark("{name} is back and plays again."))


class TableStatus(StrEnum):
    """Where a table is; the values are what the store keeps."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    CLOSED = "closed"
    DAMAGED = "damaged"


LISTED = (TableStatus.WAITING, TableStatus.PLAYING, TableStatus.FINISHED)


@dataclass(frozen=True)
class SeatView:
    """One seat: a learner's (`profile_id`) or a computer player's (None)."""

    seat: int
    name: str
    profile_id: int | None
    last_seen: datetime
    left_at: datetime | None = None
    taken_over: bool = False
    """A computer plays for the learner, who has gone (see AWAY_SECONDS)."""

    @property
    def is_learner(self) -> bool:
        return self.profile_id is not None

    @property
    def computer_plays(self) -> bool:
        """Whether a computer makes this seat's moves now."""
        return self.profile_id is None or self.taken_over

    def seems_away(self, when: datetime) -> bool:
        """Whether the learner left, or their window has missed a heartbeat (QUIET_SECONDS), while no
        computer plays for them yet: the others are told, before AWAY_SECONDS are up."""
        quiet = self.left_at is not None or when - self.last_seen >= timedelta(seconds=QUIET_SECONDS)
        return self.is_learner and not self.taken_over and quiet

    def gone_since(self, when: datetime) -> datetime | None:
        """When the learner went (left, or their window went quiet), or None while they are here."""
        if self.left_at is not None:
            return self.left_at
        if when - self.last_seen >= timedelta(seconds=AWAY_SECONDS):
            return self.last_seen
        return None


def table_place(table: int) -> str:
    """The place a mistake made at table `table` is kept under (TABLE_PLACE)."""
    return f"{TABLE_PLACE}{table}"


@dataclass(frozen=True)
class TableView:
    """A table as a list shows it: no cards."""

    id: int
    name: str
    status: TableStatus
    host_id: int | None
    players: int
    """How many seats the table has (its rules' player count)."""
    seats: tuple[SeatView, ...]
    """Taken seats by number: learners only while waiting, every seat once the game is on."""
    move: int
    """0 while waiting, 1 once dealt, one more for each move written."""
    rules: dict[str, Any]
    """The rules choices (RULES_CHOICES), as the settings hold them."""
    created: datetime
    updated: datetime

    @property
    def host(self) -> str:
        """The host's name ("" when the host has been removed)."""
        return next((seat.name for seat in self.seats if seat.profile_id is not None and seat.profile_id == self.host_id), "")

    @property
    def learners(self) -> tuple[SeatView, ...]:
        return tuple(seat for seat in self.seats if seat.is_learner)

    @property
    def names(self) -> list[str]:
        """Each seat's name by seat number ("" for a seat nobody has taken yet)."""
        taken = {seat.seat: seat.name for seat in self.seats}
        return [taken.get(number, "") for number in range(self.players)]

    def seat_of(self, profile: Profile) -> int | None:
        """The seat `profile` sits at, or None."""
        return next((seat.seat for seat in self.seats if seat.profile_id == profile.id), None)

    def settings(self) -> Settings:
        """The rules choices as Settings (`settings().rules()` is the engine's Rules)."""
        return Settings.from_dict(self.rules)


@dataclass(frozen=True)
class TableState:
    """A table with its game, as `load` reads it at one moment."""

    view: TableView
    game: Game | None
    """None while waiting; every hand: show a learner only their own (see SharedGame)."""
    log: tuple[str, ...]
    """The latest public lines (LOG_KEPT), oldest first: no card a learner may not see."""

    @property
    def move(self) -> int:
        return self.view.move

    @property
    def computer_seat(self) -> int | None:
        """The seat a computer plays now (a computer player's turn, or a learner's who has gone),
        for `play_computer`; None when it waits for a learner or the game is not on."""
        if self.view.status is not TableStatus.PLAYING or self.game is None:
            return None
        return _computer_seat(self.view, self.game)


def rules_choices(settings: Settings) -> dict[str, Any]:
    """What a table keeps of the host's settings: the rules of its game."""
    data = settings.to_dict()
    return {name: data[name] for name in RULES_CHOICES}


class _Damage(Exception):
    """A table row the tutor would not have written; `reason` says what is wrong."""

    def __init__(self, table_id: int, name: str, reason: str) -> None:
        super().__init__(reason)
        self.table_id = table_id
        self.name = name
        self.reason = reason


class Tables:
    """The tables in one store, seen from one window (one connection: see `changed`)."""

    def __init__(self, store: Store, clock: Callable[[], datetime] | None = None) -> None:
        self.store = store
        self.clock = clock or now
        self.notices: list[str] = []
        self._data_version: int | None = None

    # ----- sitting down ---------------------------------------------------------------------

    def open_or_join(self, name: str, profile: Profile, settings: Settings, again: int | None = None) -> tuple[TableView, int]:
        """Open the table called `name` with `profile` as host, join it, or come back to it; `again`:
        the table whose finished game the learner plays again after (see the module's docstring)."""
        name = tidy_name(name)
        when = self.clock()
        with self._damage_set_aside(), self.store._write() as db:
            row = _row_named(db, name)
            if row is None:
                return _open(db, name, profile, settings, when), 0
            view = _view(db, row)
            if _close_due(view, when):
                _close(db, view, when)
                view = _view(db, _table_row(db, view.id))
            mine = view.seat_of(profile)
            if view.status is TableStatus.CLOSED or (view.status is TableStatus.FINISHED and (mine is None or view.id == again)):
                _retire(db, view)
                finished = view.status is TableStatus.FINISHED
                return _open(db, name, profile, settings, when, OPENED_AFTER_ITS_GAME if finished else OPENED_AFTER_CLOSING), 0
            if mine is not None:
                _come_back(db, view, mine, when)
                return _view(db, _table_row(db, view.id)), mine
            seat = _free_seat(view)
            if seat is not None:
                _sit(db, view.id, seat, profile, when)
                names = view.names
                names[seat] = profile.name
                _say(db, view.id, view.move, lambda reader: [Seats(names, reader).said(seat, *SAT_DOWN, table=view.name)], when, (seat,))
                return _view(db, _table_row(db, view.id)), seat
            taken = len(view.seats) if view.status is TableStatus.WAITING else view.players
        raise TableFull(
            ntr("Table {table} is full: {taken} of {count} seat is taken.", "Table {table} is full: {taken} of {count} seats are taken.", view.players).format(
                table=view.name, taken=taken, count=view.players
            )
        )  # (after the closing above is written)

    def open_tables(self) -> list[TableView]:
        """The tables that are waiting, playing or finished, by name; a table due to close is
        closed now and a damaged one set aside (see `notices`), and neither is listed. Each game is
        read (a few milliseconds a table), so every table listed can be played."""
        when = self.clock()
        listed: list[TableView] = []
        damaged: list[_Damage] = []
        closing: list[int] = []
        with self.store._snapshot() as db:
            marks = ", ".join("?" * len(LISTED))
            for row in db.execute(f"SELECT * FROM card_table WHERE status IN ({marks}) AND {ANSWERS_TO_ITS_NAME} ORDER BY name_key", LISTED).fetchall():
                try:
                    view = _view(db, row)
                    _game(view, row)  # a table listed is one that can be played
                except _Damage as found:
                    damaged.append(found)
                    continue
                if _close_due(view, when):
                    closing.append(view.id)
                else:
                    listed.append(view)
        for damage in damaged:
            self._set_aside(damage)
        for table in closing:
            self.tend(table)
        return listed

    def seat_kept(self, profile: Profile) -> str | None:
        """The name of the table (the one played last) whose game is on with a seat `profile` holds:
        their window closed, or was stopped, mid-game (a computer plays the seat a minute later, until
        they are back). None when there is none, or only tables due to close (everyone gone an hour)
        or damaged, which sitting down would not give back."""
        when = self.clock()
        with self.store._snapshot() as db:
            rows = db.execute(
                "SELECT card_table.* FROM table_seat JOIN card_table ON card_table.id = table_seat.table_id"
                f" WHERE table_seat.profile_id = ? AND card_table.status = ? AND {ANSWERS_TO_ITS_NAME}"
                " ORDER BY card_table.updated DESC",
                (profile.id, TableStatus.PLAYING),
            ).fetchall()
            for row in rows:
                with suppress(_Damage):
                    view = _view(db, row)
                    if not _close_due(view, when):
                        return view.name
        return None

    def find(self, name: str) -> TableView | None:
        """The table called `name` (or one looking just like it), whatever its status; None if none
        (or the name is one no table can have), TableDamaged for one set aside."""
        try:
            name = tidy_name(name)
        except ValueError:
            return None
        with self._damage_set_aside(), self.store._snapshot() as db:
            row = _row_named(db, name)
            return None if row is None else _view(db, row)

    def start(self, table: int, profile: Profile, seed: int | None = None) -> TableState:
        """Deal the table's game: the host only; each free seat gets a computer player."""
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        when = self.clock()
        with self._damage_set_aside(), self.store._write() as db:
            view = _view(db, _table_row(db, table))
            if view.status is not TableStatus.WAITING:
                raise _not_open(view)
            if profile.id != view.host_id:
                raise NotHost(
                    tr("Only {host} can start the game at table {table}.").format(host=view.host, table=view.name)
                    if view.host
                    else tr("Only the learner who opened it can start the game at table {table}.").format(table=view.name)
                )
            rules = view.settings().rules()
            dealer = random.Random(seed).randrange(rules.players)
            learners = [seat.seat for seat in view.seats if seat.is_learner]
            game = Game.deal(rules, seed, dealer=dealer, learners=learners)
            taken = {seat.seat for seat in view.seats}
            free = [number for number in range(view.players) if number not in taken]
            for number, name in zip(free, _computer_names([seat.name for seat in view.seats], len(free)), strict=True):
                db.execute(
                    "INSERT INTO table_seat (table_id, seat, profile_id, name, last_seen) VALUES (?, ?, NULL, ?, ?)", (table, number, name, time_text(when))
                )
            view = _view(db, _table_row(db, table))
            _write_game(db, view, game, when)
            names, cards = view.names, rules.cards_in_play
            _say(db, table, 1, lambda reader: [dealt(Seats(names, reader), dealer, cards), *_ending(names, game, reader)], when, _readers(view))
        return self.load(table, profile)

    # ----- playing ----------------------------------------------------------------------------

    def play(self, table: int, profile: Profile, action: PlayerAction, expected_move: int) -> list[Event]:
        """The learner's move, judged by the engine and written in one transaction (see the
        module's docstring). Returns the move's events: for the mover's eyes only."""
        if isinstance(action, Draw) and action.card is not None:
            raise TableRefused(tr("A card is drawn face down: choose its place in the fan, not the card."))
        when = self.clock()
        with self._damage_set_aside(), self.store._write() as db:
            view, game = _loaded(db, table)
            if view.status is not TableStatus.PLAYING or game is None:
                raise _not_open(view)
            if view.move != expected_move:
                raise StaleMove(view.name, view.move)
            seat = view.seat_of(profile)
            if seat is None:
                raise NotYourSeat(tr("{name} does not sit at table {table}.").format(name=profile.name, table=view.name))
            if action.seat != seat:
                raise NotYourSeat(
                    tr("{name} sits at seat {seat} at table {table}, not at seat {asked}.").format(
                        name=profile.name, seat=seat, table=view.name, asked=action.seat
                    )
                )
            events = game.apply(action)  # IllegalAction: the transaction is rolled back
            _come_back(db, view, seat, when)
            _write_move(db, view, game, events, when)
        return events

    def play_computer(self, table: int, expected_move: int) -> list[Event]:
        """The move of the seat a computer plays now (`TableState.computer_seat`), if the table is
        still at `expected_move`; [] when another window played it first or nothing is due."""
        when = self.clock()
        with self._damage_set_aside(), self.store._write() as db:
            view, game = _loaded(db, table)
            if view.status is not TableStatus.PLAYING or game is None or view.move != expected_move:
                return []
            seat = _computer_seat(view, game)
            if seat is None:
                return []
            events = _computer_turn(game, seat)
            _write_move(db, view, game, events, when)
        return events

    # ----- who is there -----------------------------------------------------------------------

    def heartbeat(self, table: int, profile: Profile) -> bool:
        """The learner's window is still there (and gives them back a seat a computer took).
        False when they do not sit at the table, or it is closed."""
        when = self.clock()
        with self._damage_set_aside(), self.store._write() as db:
            view = _view(db, _table_row(db, table))
            seat = view.seat_of(profile)
            if seat is None or view.status not in LISTED:
                return False
            _come_back(db, view, seat, when)
        return True

    def leave(self, table: int, profile: Profile) -> None:
        """The learner leaves: before the game, the seat is freed (and the table closed when the
        host leaves); during it, a computer takes the seat AWAY_SECONDS later."""
        when = self.clock()
        with self._damage_set_aside(), self.store._write() as db:
            view = _view(db, _table_row(db, table))
            seat = view.seat_of(profile)
            if seat is None or view.status not in LISTED:
                return
            if view.status is TableStatus.WAITING and profile.id == view.host_id:
                db.execute("UPDATE card_table SET status = ?, updated = ? WHERE id = ?", (TableStatus.CLOSED, time_text(when), table))
                _say(db, table, view.move, lambda _reader: [tr("{name} closed table {table}.").format(name=profile.name, table=view.name)], when)
            elif view.status is TableStatus.WAITING:
                db.execute("DELETE FROM table_seat WHERE table_id = ? AND seat = ?", (table, seat))
                _say(db, table, view.move, lambda _reader: [tr("{name} left table {table}.").format(name=profile.name, table=view.name)], when)
            else:
                db.execute("UPDATE table_seat SET left_at = ? WHERE table_id = ? AND seat = ?", (time_text(when), table, seat))
                _say(db, table, view.move, partial(_seat_waits, profile.name), when)

    def tend(self, table: int) -> bool:
        """Hand the seats of learners gone AWAY_SECONDS to computers and close the table once they
        have all been gone CLOSE_SECONDS. Reads first and writes only when something is due, so a
        window may call it every few seconds. True when it wrote."""
        when = self.clock()
        with self._damage_set_aside(), self.store._snapshot() as db:
            view = _view(db, _table_row(db, table))
        if not _takeovers_due(view, when) and not _close_due(view, when):
            return False
        with self._damage_set_aside(), self.store._write() as db:
            view = _view(db, _table_row(db, table))
            takeovers = _takeovers_due(view, when)
            for seat in takeovers:
                db.execute("UPDATE table_seat SET taken_over = 1 WHERE table_id = ? AND seat = ?", (table, seat.seat))
                _say(db, table, view.move, partial(_taken_over, seat), when)
            closing = _close_due(view, when)
            if closing:
                _close(db, view, when)
        return bool(takeovers) or closing

    # ----- watching ---------------------------------------------------------------------------

    def changed(self) -> bool:
        """Whether another window (another connection) has written to the store since the last
        call on this Tables; True the first time. This window's own writes do not count. Each
        watcher keeps its own `data_version()` to compare when several share one Tables."""
        version = self.data_version()
        seen, self._data_version = self._data_version, version
        return version != seen

    def data_version(self) -> int:
        """`Store.data_version`: it changes when another connection commits (SQLite's `PRAGMA
        data_version`; on PostgreSQL, a notification heard), and reads no table."""
        return self.store.data_version()

    def load(self, table: int, reader: Profile | None = None) -> TableState:
        """The table now: its view, its game and the latest log lines, as `reader` reads them
        ("you" for themselves, if they sit there; None: as anyone else does)."""
        with self._damage_set_aside(), self.store._snapshot() as db:
            view, game = _loaded(db, table)
            rows = db.execute("SELECT line FROM table_log WHERE table_id = ? ORDER BY id DESC LIMIT ?", (table, LOG_KEPT)).fetchall()
        seat = None if reader is None else view.seat_of(reader)
        return TableState(view, game, tuple(shown(in_my_language(str(row["line"]), seat)) for row in reversed(rows)))

    # ----- plumbing ---------------------------------------------------------------------------

    @contextmanager
    def _damage_set_aside(self) -> Iterator[None]:
        """A damaged row found inside (whose transaction is then rolled back) is set aside in a
        transaction of its own and reported as TableDamaged."""
        try:
            yield
        except _Damage as damage:
            raise self._set_aside(damage) from None

    def _set_aside(self, damage: _Damage) -> TableDamaged:
        notice = tr("Table {table} in the progress file is damaged ({problem}); it was set aside.").format(table=damage.name, problem=damage.reason)
        with self.store._write() as db:
            db.execute("UPDATE card_table SET status = ? WHERE id = ?", (TableStatus.DAMAGED, damage.table_id))
        if notice not in self.notices:
            self.notices.append(notice)
        return TableDamaged(notice)


# ----- reading rows ---------------------------------------------------------------------------


def _table_row(db: Database, table: int) -> Row:
    row: Row | None = db.execute("SELECT * FROM card_table WHERE id = ?", (table,)).fetchone()
    if row is None:
        raise NoSuchTable(tr("There is no table number {table}.").format(table=table))
    return row


def _row_named(db: Database, name: str) -> Row | None:
    """The table called `name`, ignoring case; else the one whose name looks just like it."""
    row: Row | None = db.execute("SELECT * FROM card_table WHERE name_key = ?", (name_key(name),)).fetchone()
    if row is not None:
        return row
    key = lookalike_key(name)
    for other in db.execute(f"SELECT id, name FROM card_table WHERE {ANSWERS_TO_ITS_NAME}").fetchall():
        if isinstance(other["name"], str) and lookalike_key(other["name"]) == key:
            return _table_row(db, other["id"])
    return None


def _view(db: Database, row: Row) -> TableView:
    """The table's view; TableDamaged for one set aside before, _Damage for a row the tutor
    would not have written."""
    table_id, name = int(row["id"]), shown(str(row["name"]))
    if row["status"] == TableStatus.DAMAGED:
        raise TableDamaged(tr("Table {table} in the progress file is damaged; it was set aside.").format(table=name))
    try:
        rules = checked_json.loads(row["rules"]) if isinstance(row["rules"], str) else None
        if not isinstance(rules, dict):
            raise ValueError(tr("its rules are not a set of choices"))
        settings = Settings.from_dict(rules)
        if rules_choices(settings) != rules:
            raise ValueError(tr("its rules are not choices the tutor offers ({rules})").format(rules=", ".join(sorted(map(str, rules)))))
        seats = tuple(_seat(seat) for seat in db.execute("SELECT * FROM table_seat WHERE table_id = ? ORDER BY seat", (table_id,)))
        if any(not 0 <= seat.seat < settings.players for seat in seats):
            raise ValueError(tr("it has a seat beyond its {count} seats").format(count=settings.players))
        move = row["move"]
        if not isinstance(move, int):
            raise ValueError(tr("its move number is {move}").format(move=repr(move)))
        created, updated = time_from_text(row["created"]), time_from_text(row["updated"])
    except (ValueError, TypeError) as error:
        raise _Damage(table_id, name, str(error)) from None
    host_id = row["host_id"]
    return TableView(table_id, name, TableStatus(row["status"]), host_id, settings.players, seats, move, rules, created, updated)


def _seat(row: Row) -> SeatView:
    left_at = row["left_at"]
    return SeatView(
        seat=int(row["seat"]),
        name=shown(str(row["name"])),
        profile_id=row["profile_id"],
        last_seen=time_from_text(row["last_seen"]),
        left_at=None if left_at is None else time_from_text(left_at),
        taken_over=bool(row["taken_over"]),
    )


def _loaded(db: Database, table: int) -> tuple[TableView, Game | None]:
    """The table's view and its game (None before the deal)."""
    row = _table_row(db, table)
    view = _view(db, row)
    return view, _game(view, row)


def _game(view: TableView, row: Row) -> Game | None:
    """The table's game, None before the deal (a table closed before it too); _Damage for a game
    the engine refuses or one that does not fit the table's seats."""
    state = row["state"]
    if view.status is TableStatus.WAITING or (state is None and view.status is TableStatus.CLOSED):
        return None
    if not isinstance(state, str) or len(state) > MAX_GAME_BYTES:
        raise _Damage(view.id, view.name, tr("its game is missing") if state is None else tr("its game is not one the tutor wrote"))
    try:
        game = Game.from_dict(checked_json.loads(state))
    except ValueError as error:  # RulesError too
        raise _Damage(view.id, view.name, tr("its game: {problem}").format(problem=error)) from None
    if game.rules.players != view.players or [seat.seat for seat in view.seats] != list(range(view.players)):
        raise _Damage(view.id, view.name, tr("its seats do not match its game"))
    # A learner removed since the deal leaves a learner's seat in the game with no profile: a computer plays it.
    if not {seat.seat for seat in view.learners} <= game.learners:
        raise _Damage(view.id, view.name, tr("its learners' seats do not match its game"))
    return game


# ----- writing rows ---------------------------------------------------------------------------


def _open(db: Database, name: str, host: Profile, settings: Settings, when: datetime, said: tuple[str, str] = OPENED) -> TableView:
    stamp = time_text(when)
    cursor = db.execute(
        "INSERT INTO card_table (name, name_key, host_id, rules, status, move, state, created, updated) VALUES (?, ?, ?, ?, ?, 0, NULL, ?, ?)",
        (name, name_key(name), host.id, json.dumps(rules_choices(settings)), TableStatus.WAITING, stamp, stamp),
    )
    assert cursor.lastrowid is not None  # always set after an INSERT
    _sit(db, cursor.lastrowid, 0, host, when)
    _say(db, cursor.lastrowid, 0, lambda reader: [Seats([host.name], reader).said(0, *said, table=name)], when, (0,))
    return _view(db, _table_row(db, cursor.lastrowid))


def _retire(db: Database, view: TableView) -> None:
    """The table no longer answers to its name, which a new table takes (see RETIRED)."""
    db.execute("UPDATE card_table SET name_key = name_key || ? || id WHERE id = ?", (RETIRED, view.id))


def _sit(db: Database, table: int, seat: int, profile: Profile, when: datetime) -> None:
    db.execute(
        "INSERT INTO table_seat (table_id, seat, profile_id, name, last_seen) VALUES (?, ?, ?, ?, ?)", (table, seat, profile.id, profile.name, time_text(when))
    )


def _free_seat(view: TableView) -> int | None:
    if view.status is not TableStatus.WAITING:
        return None
    taken = {seat.seat for seat in view.seats}
    return next((number for number in range(view.players) if number not in taken), None)


def _come_back(db: Database, view: TableView, number: int, when: datetime) -> None:
    """The learner at seat `number` is here: seen now, and their seat is theirs again. The others
    are told when they had been told the learner was gone, or seemed to be (`SeatView.seems_away`)."""
    seat = view.seats[[seat.seat for seat in view.seats].index(number)]
    db.execute("UPDATE table_seat SET last_seen = ?, left_at = NULL, taken_over = 0 WHERE table_id = ? AND seat = ?", (time_text(when), view.id, number))
    if (seat.taken_over or seat.seems_away(when)) and view.status is TableStatus.PLAYING:
        _say(db, view.id, view.move, lambda reader: [Seats(view.names, reader).said(number, *BACK)], when, (number,))


def _write_game(db: Database, view: TableView, game: Game, when: datetime, move: int = 1) -> None:
    status = TableStatus.FINISHED if game.is_over else TableStatus.PLAYING
    db.execute(
        "UPDATE card_table SET state = ?, move = ?, status = ?, updated = ? WHERE id = ?",
        (json.dumps(game.to_dict()), move, status, time_text(when), view.id),
    )


def _write_move(db: Database, view: TableView, game: Game, events: Sequence[Event], when: datetime) -> None:
    move = view.move + 1
    _write_game(db, view, game, when, move)
    _say(db, view.id, move, lambda reader: Narrator(view.names, reader).lines(events, game), when, _readers(view))


def _readers(view: TableView) -> tuple[int, ...]:
    """The seats whose learners read the table's log in their own words ("you" for themselves)."""
    return tuple(seat.seat for seat in view.learners)


def _say(db: Database, table: int, move: int, said: Said, when: datetime, readers: Sequence[int] = ()) -> None:
    """Add lines to the table's log in every language the tutor speaks (`said` is called once in
    each): every learner at the table reads them in their own (`in_my_language`), and the learner
    at each of the `readers` seats in their own words where those differ ("You drew ...")."""
    lines = told_in_every_language(partial(said, None))
    for reader in readers:
        own = told_in_every_language(partial(said, reader))
        if len(own) != len(lines):  # (never, as the words are written: a line is told to all or none)
            continue  # the reader reads what everyone reads, rather than a move failing over words
        for line, mine in zip(lines, own, strict=True):
            line.update({f"{code}{READER}{reader}": words for code, words in mine.items() if words != line.get(code)})
    rows = [(table, move, json.dumps(line, ensure_ascii=False), time_text(when)) for line in lines]
    db.executemany("INSERT INTO table_log (table_id, move, line, said) VALUES (?, ?, ?, ?)", rows)


def in_my_language(line: str, reader: int | None = None) -> str:
    """A line of a table's log in the language in use (English if it lacks it), in the words of
    the learner at seat `reader` where it has them; a line kept before the log kept every language
    is shown as it was written."""
    if not line.startswith("{"):
        return line
    try:
        versions = json.loads(line)
    except ValueError:
        return line
    if not isinstance(versions, dict):
        return line
    own: dict[str, str] = {code.split(READER)[0]: words for code, words in versions.items() if reader is not None and code.endswith(f"{READER}{reader}")}
    return in_my_words({code: own[code] if code in own else words for code, words in versions.items() if READER not in code}) or line


def _seat_waits(name: str, _reader: int | None) -> list[str]:
    return [tr("{name} has left the table; the seat waits one minute for {name} to come back.").format(name=name)]


def _taken_over(seat: SeatView, _reader: int | None) -> list[str]:
    if seat.left_at is not None:
        return [tr("{name} has left the table; a computer player plays for {name} until {name} is back.").format(name=seat.name)]
    return [tr("{name} has been away for a minute; a computer player plays for {name} until {name} is back.").format(name=seat.name)]


def _close(db: Database, view: TableView, when: datetime) -> None:
    db.execute("UPDATE card_table SET status = ?, updated = ? WHERE id = ?", (TableStatus.CLOSED, time_text(when), view.id))
    host_gone = _host_gone(view, when)

    def said(_reader: int | None) -> list[str]:
        if not host_gone:
            return [tr("Table {table} was closed: everyone had gone.").format(table=view.name)]
        if view.host:
            return [tr("Table {table} was closed: {host} had gone before starting the game.").format(table=view.name, host=view.host)]
        return [tr("Table {table} was closed: its host had gone before starting the game.").format(table=view.name)]

    _say(db, view.id, view.move, said, when)


def _host_gone(view: TableView, when: datetime) -> bool:
    """A table still waiting for its host to start, whose host has been gone a minute (the app was
    closed or killed before the deal): nobody else can start it, so it closes."""
    if view.status is not TableStatus.WAITING:
        return False
    host = next((seat for seat in view.learners if seat.profile_id == view.host_id), None)
    since = host.gone_since(when) if host is not None else view.updated
    return since is not None and when - since >= timedelta(seconds=AWAY_SECONDS)


def _not_open(view: TableView) -> TableNotOpen:
    """Why `view`'s game cannot be played (or started) now."""
    if view.status is TableStatus.WAITING:
        if view.host:
            return TableNotOpen(tr("The game at table {table} has not started yet: {host} starts it.").format(table=view.name, host=view.host))
        return TableNotOpen(tr("The game at table {table} has not started yet: its host starts it.").format(table=view.name))
    if view.status is TableStatus.PLAYING:
        return TableNotOpen(tr("The game at table {table} has already started.").format(table=view.name))
    if view.status is TableStatus.FINISHED:
        return TableNotOpen(tr("The game at table {table} is over.").format(table=view.name))
    return TableNotOpen(tr("Table {table} was closed.").format(table=view.name))


# ----- rules of the table ---------------------------------------------------------------------


def _takeovers_due(view: TableView, when: datetime) -> list[SeatView]:
    if view.status is not TableStatus.PLAYING:
        return []
    away = timedelta(seconds=AWAY_SECONDS)
    due = []
    for seat in view.learners:
        gone = seat.gone_since(when)
        if not seat.taken_over and gone is not None and when - gone >= away:
            due.append(seat)
    return due


def _close_due(view: TableView, when: datetime) -> bool:
    if view.status not in LISTED:
        return False
    if _host_gone(view, when):
        return True
    gone = [seat.gone_since(when) for seat in view.learners]
    if any(since is None for since in gone):
        return False
    last = max((since for since in gone if since is not None), default=view.updated)
    return when - last > timedelta(seconds=CLOSE_SECONDS)


def _computer_seat(view: TableView, game: Game) -> int | None:
    if game.is_over:
        return None
    computers = {seat.seat for seat in view.seats if seat.computer_plays}
    pairing = sorted(game.waiting_for & computers)
    if pairing:
        return pairing[0]
    drawer = game.drawer
    return drawer if drawer is not None and drawer in computers else None


def _computer_turn(game: Game, seat: int) -> list[Event]:
    """`seat`'s whole turn, played by the computer: a computer player's draw, or for a learner's
    seat taken over, the draw (when it is theirs), each pair laid down and saying they are done."""
    if seat not in game.learners:
        return game.play_computer_turn()
    events: list[Event] = []
    if seat not in game.waiting_for and game.giver is not None:
        events += game.apply(Draw(seat, game.giver))
    for pair in game.pairs_in(seat):
        events += game.apply(LayDown(seat, pair))
    if seat in game.waiting_for:
        events += game.apply(FinishPairing(seat))
    return events


def _ending(names: Sequence[str], game: Game, reader: int | None) -> list[str]:
    """The end in words, for a game over as soon as it is dealt."""
    if not game.is_over:
        return []
    ending = Narrator(names, reader).ending(game)
    return [ending] if ending else []


def _computer_names(taken: Sequence[str], count: int) -> list[str]:
    """`count` names for computer players, none like a learner's at the table nor like another."""
    chosen: list[str] = []
    for name in (*Settings().opponent_names, *SPARE_NAMES):
        if len(chosen) == count:
            break
        if not any(same_name(name, other) for other in (*taken, *chosen)):
            chosen.append(name)
    return chosen
