"""Tables for playing together (tutor.store.tables): real progress files, one store per window."""

from __future__ import annotations

import json
import multiprocessing
import re
import time
from pathlib import Path
from typing import Any

import pytest
from table_helpers import Clock, behind_the_back, place_of, reopen

from tutor.engine import Draw, FinishPairing, Game, IllegalAction, LayDown, MistakeCode
from tutor.errors import NotHost, NotYourSeat, StaleMove, TableDamaged, TableFull, TableNotOpen, TableRefused
from tutor.names import NameRefused
from tutor.settings import Settings
from tutor.store import Profile, Store
from tutor.store.tables import AWAY_SECONDS, CLOSE_SECONDS, Tables, TableStatus, rules_choices

TWO = Settings(players=2)


def learner(tables: Tables, name: str) -> Profile:
    return tables.store.get_or_create_profile(name)


def pair_up(tables: Tables, table: int, profile: Profile) -> None:
    """The learner lays down every pair and says they are done."""
    state = tables.load(table)
    seat = state.view.seat_of(profile)
    assert seat is not None and state.game is not None
    while seat in state.game.waiting_for:
        pairs = state.game.pairs_in(seat)
        action = LayDown(seat, pairs[0]) if pairs else FinishPairing(seat)
        tables.play(table, profile, action, state.move)
        state = tables.load(table)
        assert state.game is not None


def dealt_for_two(windows: tuple[Tables, Tables], seed: int = 5) -> tuple[int, Profile, Profile]:
    """Ana and Bo at a table of two, dealt, both done pairing: one of them is to draw."""
    one, two = windows
    ana, bo = learner(one, "Ana"), learner(two, "Bo")
    view, _ = one.open_or_join("Red", ana, TWO)
    two.open_or_join("Red", bo, TWO)
    one.start(view.id, ana, seed=seed)
    pair_up(one, view.id, ana)
    pair_up(two, view.id, bo)
    return view.id, ana, bo


# ----- sitting down ---------------------------------------------------------------------------


def test_the_first_learner_opens_the_table_and_the_next_ones_join(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    ana, bo = learner(one, "Ana"), learner(two, "Bo")
    view, seat = one.open_or_join("Red", ana, Settings(players=3, ruleset="table"))
    assert (seat, view.status, view.host, view.move, view.players) == (0, TableStatus.WAITING, "Ana", 0, 3)
    assert view.rules == rules_choices(Settings(players=3, ruleset="table"))
    joined, seat = two.open_or_join("  red ", bo, Settings(players=5))  # the host's rules, whatever Bo's
    assert (joined.id, seat, joined.players, joined.name) == (view.id, 1, 3, "Red")
    assert [(seat.seat, seat.name, seat.is_learner) for seat in joined.seats] == [(0, "Ana", True), (1, "Bo", True)]
    assert one.open_or_join("RED", ana, Settings())[1] == 0  # coming back: the same seat
    assert two.open_or_join("Rеd", bo, Settings())[1] == 1  # a Cyrillic е: the same table
    assert [table.name for table in two.open_tables()] == ["Red"]
    assert one.load(view.id).log == ("Ana opened table Red.", "Bo sat down at table Red.")


def test_a_full_table_refuses_a_newcomer(windows: tuple[Tables, Tables]) -> None:
    one, _ = windows
    view, _ = one.open_or_join("red", learner(one, "Ana"), TWO)
    one.open_or_join("red", learner(one, "Bo"), TWO)
    with pytest.raises(TableFull, match=r"^Table red is full: 2 of 2 seats are taken\.$"):
        one.open_or_join("red", learner(one, "Cleo"), TWO)
    with pytest.raises(TableRefused, match="is full"):  # one family for every refusal
        one.open_or_join("red", learner(one, "Dan"), TWO)


def test_once_dealt_the_computer_players_fill_the_table(windows: tuple[Tables, Tables]) -> None:
    one, _ = windows
    ana = learner(one, "Ana")
    view, _ = one.open_or_join("Blue", ana, Settings(players=4, opponent_names=("Ana", "Sam", "Bea")))
    state = one.start(view.id, ana, seed=7)
    assert (state.view.status, state.move) == (TableStatus.PLAYING, 1)
    assert state.game is not None and state.game.learners == {0}
    assert state.view.names[0] == "Ana" and "Ana" not in state.view.names[1:]  # no computer named like a learner
    assert [seat.computer_plays for seat in state.view.seats] == [False, True, True, True]
    assert state.log[-1].endswith("dealt all 51 cards. Everyone lays down their pairs.")
    with pytest.raises(TableFull, match=r"^Table Blue is full: 4 of 4 seats are taken\.$"):
        one.open_or_join("blue", learner(one, "Cleo"), Settings())
    with pytest.raises(TableNotOpen, match="already started"):
        one.start(view.id, ana)


def test_only_the_host_starts_the_game(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    view, _ = one.open_or_join("Red", learner(one, "Ana"), TWO)
    bo = learner(two, "Bo")
    two.open_or_join("Red", bo, TWO)
    assert two.seat_kept(bo) is None  # a seat at a table that waits: not a game to go back to
    with pytest.raises(NotHost, match="Only Ana can start the game at table Red"):
        two.start(view.id, bo)
    with pytest.raises(TableNotOpen, match="has not started yet: Ana starts it"):
        two.play(view.id, bo, FinishPairing(1), 0)


def test_each_learner_reads_the_log_in_their_own_words(windows: tuple[Tables, Tables]) -> None:
    """The log names a learner "you" in their own window and by name in the others' (a learner
    read "Bo drew a card from Ana" about themselves); others' hidden cards stay hidden."""
    one, two = windows
    ana, bo = learner(one, "Ana"), learner(two, "Bo")
    view, _ = one.open_or_join("Red", ana, TWO)
    two.open_or_join("Red", bo, TWO)
    assert one.load(view.id, ana).log == ("You opened table Red.", "Bo sat down at table Red.")
    assert two.load(view.id, bo).log == ("Ana opened table Red.", "You sat down at table Red.")
    started = one.start(view.id, ana, seed=5)  # the host's window goes on with what start returns
    assert started.log[0] == "You opened table Red." and "Ana" not in " ".join(started.log)
    pair_up(one, view.id, ana)
    pair_up(two, view.id, bo)
    state = one.load(view.id)
    assert state.game is not None and state.game.drawer is not None and state.game.giver is not None
    drawer, giver = state.game.drawer, state.game.giver
    tables, profile = (one, ana) if drawer == 0 else (two, bo)
    tables.play(view.id, profile, Draw(drawer, giver, position=0), state.move)
    names, windows_of = {0: "Ana", 1: "Bo"}, {0: (one, ana), 1: (two, bo)}
    public = one.load(view.id).log
    mine = {seat: window.load(view.id, profile).log for seat, (window, profile) in windows_of.items()}
    assert public[-1] == f"{names[drawer]} drew a card from {names[giver]}."
    drew = re.fullmatch(rf"You drew (\S+) from {names[giver]}\.", mine[drawer][-1])
    assert drew is not None and mine[giver][-1] == f"{names[drawer]} drew {drew[1]} from you."
    dealer = next(line for line in public if "dealt all" in line).split()[0]
    for seat, lines in mine.items():
        assert len(lines) == len(public) and not any(names[seat] in line for line in lines)
        assert f"{'You' if names[seat] == dealer else dealer} dealt all 51 cards. Everyone lays down their pairs." in lines


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "red\x1b[2J", "red\u202e"])
def test_a_table_name_follows_the_rule_on_names(windows: tuple[Tables, Tables], name: str) -> None:
    one, _ = windows
    with pytest.raises(NameRefused):
        one.open_or_join(name, learner(one, "Ana"), Settings())
    assert one.open_tables() == [] and one.find(name) is None


def test_a_finished_table_refuses_newcomers_and_lets_its_players_back(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    table, ana, bo = dealt_for_two(windows)
    assert one.seat_kept(ana) == "Red" and two.seat_kept(bo) == "Red"  # Home asks about it (while the game is on)
    assert one.seat_kept(learner(one, "Nobody")) is None
    while True:
        state = one.load(table)
        assert state.game is not None
        if state.game.is_over:
            break
        drawer, giver = state.game.drawer, state.game.giver
        if drawer is None:  # a learner laying down their pairs after a draw
            pending = next(iter(state.game.waiting_for))
            pair_up(*((one, table, ana) if pending == state.view.seat_of(ana) else (two, table, bo)))
            continue
        assert giver is not None
        tables, profile = (one, ana) if drawer == state.view.seat_of(ana) else (two, bo)
        tables.play(table, profile, Draw(drawer, giver, position=0), state.move)
    assert state.view.status is TableStatus.FINISHED
    assert one.seat_kept(ana) is None  # nothing to go back to
    assert state.log[-1].endswith("the Old Maid.")
    assert two.open_or_join("Red", bo, TWO)[1] == state.view.seat_of(bo)  # to see how it ended
    assert [table.status for table in one.open_tables()] == [TableStatus.FINISHED]

    # The name is free for a new game: Cleo, who did not sit there, opens it again; Ana plays again
    # after the game she finished, and joins Cleo's new table rather than opening one more.
    cleo = learner(one, "Cleo")
    fresh, seat = one.open_or_join("red", cleo, TWO)
    assert fresh.id != table and seat == 0 and fresh.host == "Cleo" and fresh.status is TableStatus.WAITING
    assert one.load(fresh.id).log == ("Cleo opened table red again: its last game is over.",)
    assert one.open_or_join("Red", ana, TWO, again=table)[0].id == fresh.id
    assert [(view.id, view.status) for view in one.open_tables()] == [(fresh.id, TableStatus.WAITING)]
    assert one.load(table).view.status is TableStatus.FINISHED and one.find("Red") == one.load(fresh.id).view


def test_a_host_leaving_before_the_deal_closes_the_table(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    ana, bo, cleo = learner(one, "Ana"), learner(two, "Bo"), learner(two, "Cleo")
    view, _ = one.open_or_join("Red", ana, Settings(players=3))
    two.open_or_join("Red", bo, Settings())
    two.leave(view.id, bo)  # a guest's seat is free again
    assert two.open_or_join("Red", cleo, Settings())[1] == 1
    one.leave(view.id, ana)
    assert one.load(view.id).view.status is TableStatus.CLOSED
    assert one.open_tables() == []
    reopened, seat = two.open_or_join("red", cleo, Settings())  # a closed table's name opens a new one
    assert reopened.id != view.id and seat == 0 and reopened.host == "Cleo"
    assert two.load(reopened.id).log == ("Cleo opened table red again: it had been closed.",)
    assert one.load(view.id).view.status is TableStatus.CLOSED
    assert [table.id for table in one.open_tables()] == [reopened.id]


def test_a_waiting_table_whose_host_went_quiet_closes_a_minute_later(windows: tuple[Tables, Tables], clock: Clock) -> None:
    """The host's app was closed or killed before the deal: nobody else can start the game."""
    one, two = windows
    ana, bo = learner(one, "Ana"), learner(two, "Bo")
    view, _ = one.open_or_join("Red", ana, Settings())
    two.open_or_join("Red", bo, Settings())
    clock.advance(AWAY_SECONDS - 1)
    two.heartbeat(view.id, bo)
    assert not two.tend(view.id)  # the host is not gone a minute yet
    clock.advance(2)
    assert two.tend(view.id)
    state = two.load(view.id)
    assert state.view.status is TableStatus.CLOSED and state.log[-1] == "Table Red was closed: Ana had gone before starting the game."


# ----- playing ----------------------------------------------------------------------------------


def test_a_stale_move_is_refused_and_nothing_is_written(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    ana, bo = learner(one, "Ana"), learner(two, "Bo")
    view, _ = one.open_or_join("Red", ana, TWO)
    two.open_or_join("Red", bo, TWO)
    one.start(view.id, ana, seed=5)
    seen_by_bo = two.load(view.id)
    pair_up(one, view.id, ana)
    moved = one.load(view.id).move
    with pytest.raises(StaleMove) as stale:
        two.play(view.id, bo, FinishPairing(1), seen_by_bo.move)
    assert stale.value.move == moved > seen_by_bo.move
    assert "look again" in str(stale.value)
    assert two.load(view.id).move == moved


def test_the_engine_judges_every_move(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    table, ana, bo = dealt_for_two(windows)
    state = one.load(table)
    assert state.game is not None and state.game.drawer is not None and state.game.giver is not None
    drawer, giver = state.game.drawer, state.game.giver
    waiting, waiting_tables = (bo, two) if drawer == state.view.seat_of(ana) else (ana, one)
    with pytest.raises(IllegalAction) as illegal:
        waiting_tables.play(table, waiting, Draw(giver, drawer, position=0), state.move)
    assert illegal.value.mistake.code is MistakeCode.OUT_OF_TURN
    with pytest.raises(NotYourSeat, match="sits at seat"):
        waiting_tables.play(table, waiting, Draw(drawer, giver, position=0), state.move)
    with pytest.raises(TableRefused, match="face down"):
        one.play(table, ana, Draw(drawer, giver, card=state.game.hands[giver][0]), state.move)
    stranger = learner(one, "Cleo")
    with pytest.raises(NotYourSeat, match="Cleo does not sit at table Red"):
        one.play(table, stranger, FinishPairing(0), state.move)
    assert one.load(table).move == state.move  # nothing was written


def race_to_draw(place: str, table: int, name: str, start: Any, results: Any) -> None:
    """One window of the learner whose turn it is: draw the first card the moment the race starts."""
    with reopen(place) as store:
        tables = Tables(store)
        profile = store.find_profile(name)
        assert profile is not None
        state = tables.load(table)
        seat = state.view.seat_of(profile)
        assert seat is not None and state.game is not None and state.game.giver is not None
        start.wait()
        try:
            tables.play(table, profile, Draw(seat, state.game.giver, position=0), state.move)
            results.put("drew")
        except StaleMove as stale:
            results.put(f"stale at {stale.move}")


def test_two_windows_racing_the_same_draw_draw_once(tmp_path: Path, windows: tuple[Tables, Tables]) -> None:
    one, _ = windows
    table, ana, bo = dealt_for_two(windows)
    state = one.load(table)
    assert state.game is not None
    drawer = ana if state.game.drawer == state.view.seat_of(ana) else bo
    spawn = multiprocessing.get_context("spawn")
    start, results = spawn.Barrier(2), spawn.Queue()
    racers = [spawn.Process(target=race_to_draw, args=(place_of(one.store), table, drawer.name, start, results)) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(timeout=60)
    assert [racer.exitcode for racer in racers] == [0, 0]
    assert sorted(results.get(timeout=5) for _ in racers) == ["drew", f"stale at {state.move + 1}"]
    after = one.load(table)
    assert after.move == state.move + 1 and after.game is not None and after.game.draws == 1


def test_a_computer_move_is_played_once_whichever_window_asks(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    ana = learner(one, "Ana")
    view, _ = one.open_or_join("Red", ana, Settings(players=3))
    one.start(view.id, ana, seed=2)
    pair_up(one, view.id, ana)
    played = 0
    while (state := two.load(view.id)).computer_seat is not None:
        assert one.play_computer(view.id, state.move)
        assert two.play_computer(view.id, state.move) == []  # the other window was too late
        played += 1
    assert played and state.game is not None
    assert state.game.is_over or state.game.drawer == 0 or 0 in state.game.waiting_for
    assert two.play_computer(view.id, state.move) == []  # nothing due: Ana's turn, or the end


# ----- who is there -------------------------------------------------------------------------------


def test_a_learner_who_leaves_is_played_by_a_computer_until_they_come_back(windows: tuple[Tables, Tables], clock: Clock) -> None:
    one, two = windows
    ana, cleo = learner(one, "Ana"), learner(two, "Cleo")
    view, _ = one.open_or_join("Red", ana, Settings(players=3))
    two.open_or_join("Red", cleo, Settings())
    one.start(view.id, ana, seed=4)
    two.leave(view.id, cleo)
    assert one.load(view.id).log[-1] == "Cleo has left the table; the seat waits one minute for Cleo to come back."
    clock.advance(AWAY_SECONDS - 1)
    one.heartbeat(view.id, ana)
    assert not one.tend(view.id)  # not a minute yet
    assert one.load(view.id).computer_seat is None  # Cleo's pairs are still hers to lay down
    clock.advance(1)
    assert one.tend(view.id)
    state = one.load(view.id)
    assert state.log[-1] == "Cleo has left the table; a computer player plays for Cleo until Cleo is back."
    assert state.view.seats[1].taken_over and state.computer_seat == 1
    assert one.play_computer(view.id, state.move)  # Cleo's pairs, laid down for her
    state = one.load(view.id)
    assert state.game is not None and 1 not in state.game.waiting_for
    assert not one.tend(view.id)  # nothing more is due
    assert two.open_or_join("Red", cleo, Settings())[1] == 1
    state = one.load(view.id)
    assert state.log[-1] == "Cleo is back and plays again."
    assert not state.view.seats[1].taken_over and state.view.seats[1].left_at is None


def test_a_window_gone_quiet_loses_its_seat_to_a_computer_and_a_heartbeat_brings_it_back(windows: tuple[Tables, Tables], clock: Clock) -> None:
    one, two = windows
    ana, bo = learner(one, "Ana"), learner(two, "Bo")
    view, _ = one.open_or_join("Red", ana, TWO)
    two.open_or_join("Red", bo, TWO)
    one.start(view.id, ana, seed=4)
    for _ in range(4):  # Ana's window keeps saying she is there; Bo's tab was closed
        clock.advance(AWAY_SECONDS / 3)
        one.heartbeat(view.id, ana)
        one.tend(view.id)
    state = one.load(view.id)
    assert [seat.taken_over for seat in state.view.seats] == [False, True]
    assert state.log[-1] == "Bo has been away for a minute; a computer player plays for Bo until Bo is back."
    assert two.heartbeat(view.id, bo)
    assert one.load(view.id).log[-1] == "Bo is back and plays again."
    assert not two.heartbeat(view.id, learner(two, "Nobody"))


def test_a_table_everyone_left_an_hour_ago_is_closed(windows: tuple[Tables, Tables], clock: Clock) -> None:
    one, two = windows
    ana, bo = learner(one, "Ana"), learner(two, "Bo")
    view, _ = one.open_or_join("Red", ana, TWO)
    two.open_or_join("Red", bo, TWO)
    one.start(view.id, ana, seed=4)
    one.leave(view.id, ana)
    assert one.seat_kept(ana) == "Red"  # left, and the game goes on without her: Home offers it back
    clock.advance(CLOSE_SECONDS)
    assert [table.name for table in two.open_tables()] == ["Red"]  # Bo's window went quiet only now
    clock.advance(2 * AWAY_SECONDS)
    assert one.seat_kept(ana) is None and two.seat_kept(bo) is None  # due to close: nothing to go back to
    assert two.open_tables() == []
    state = two.load(view.id)
    assert state.view.status is TableStatus.CLOSED and state.log[-1] == "Table Red was closed: everyone had gone."
    assert two.open_or_join("Red", bo, TWO)[0].id != view.id, "the name opens a new table"


# ----- watching -------------------------------------------------------------------------------------


def heard(tables: Tables) -> bool:
    """`tables.changed()`, given a moment on PostgreSQL, whose notifications arrive a little after
    the writer's commit (on SQLite the first look is the answer)."""
    deadline = time.monotonic() + 2
    while not tables.changed():
        if tables.store.database is None or time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_another_windows_write_is_seen_at_the_next_look(windows: tuple[Tables, Tables]) -> None:
    one, two = windows
    assert two.changed()  # the first look: nothing seen yet
    assert not two.changed()
    ana = learner(one, "Ana")
    assert heard(two)
    assert not two.changed()
    view, _ = one.open_or_join("Red", ana, Settings())
    assert heard(two) and two.load(view.id).view.seats[0].name == "Ana"
    two.open_or_join("Red", learner(two, "Bo"), Settings())
    time.sleep(0.2 if two.store.database else 0)  # time enough to hear it, were its own write heard
    assert not two.changed()  # its own write
    assert heard(one) and not one.changed()


# ----- damage -----------------------------------------------------------------------------------------


def damage(windows: tuple[Tables, Tables], sql: str, *parameters: object) -> None:
    """Change the file (or the database) behind the windows' backs, as another program might."""
    behind_the_back(windows[0].store, sql, *parameters)


@pytest.mark.parametrize(
    ("column", "value", "reason"),
    [
        ("state", "{not json", "its game: "),
        ("state", '{"format": "old-maid-game", "version": 1}', "saved game is damaged"),
        ("state", None, "its game is missing"),
        ("rules", '{"ruleset": "poker"}', "its rules"),
        ("rules", "[1, 2", "Expecting"),
        ("created", "yesterday", "Invalid isoformat"),
    ],
)
def test_a_damaged_table_is_set_aside_with_a_notice(tmp_path: Path, windows: tuple[Tables, Tables], column: str, value: object, reason: str) -> None:
    one, two = windows
    ana = learner(one, "Ana")
    view, _ = one.open_or_join("Red", ana, Settings())
    one.start(view.id, ana, seed=1)
    other, _ = one.open_or_join("Blue", ana, Settings())
    damage(windows, f"UPDATE card_table SET {column} = ? WHERE id = ?", value, view.id)
    assert [table.name for table in two.open_tables()] == ["Blue"]
    assert len(two.notices) == 1 and two.notices[0].startswith("Table Red in the progress file is damaged (") and reason in two.notices[0]
    with pytest.raises(TableDamaged, match="set aside"):
        one.load(view.id)
    with pytest.raises(TableDamaged):
        one.open_or_join("red", learner(one, "Bo"), Settings())
    assert one.load(other.id).view.status is TableStatus.WAITING


def test_a_game_that_does_not_fit_its_seats_is_damage_too(tmp_path: Path, windows: tuple[Tables, Tables]) -> None:
    one, _ = windows
    ana = learner(one, "Ana")
    view, _ = one.open_or_join("Red", ana, Settings(players=3))
    one.start(view.id, ana, seed=1)
    other_game = Game.deal(Settings(players=4).rules(), 1, learners=(0,))
    damage(windows, "UPDATE card_table SET state = ? WHERE id = ?", json.dumps(other_game.to_dict()), view.id)
    with pytest.raises(TableDamaged, match="its seats do not match its game"):
        one.play_computer(view.id, 1)
    assert one.open_tables() == [] and "its seats do not match" in one.notices[0]


def test_one_store_can_hold_tables_and_learners_together(store: Store) -> None:
    """Removing a learner leaves their seat to a computer; the table plays on."""
    tables = Tables(store)
    ana, bo = store.get_or_create_profile("Ana"), store.get_or_create_profile("Bo")
    view, _ = tables.open_or_join("Red", ana, TWO)
    tables.open_or_join("Red", bo, TWO)
    tables.start(view.id, ana, seed=3)
    store.delete_profile("Bo")
    state = tables.load(view.id)
    assert state.view.seats[1].computer_plays and state.view.seats[1].name == "Bo"
    assert state.computer_seat == 1  # Bo's pairs: the computer lays them down
    assert tables.play_computer(view.id, state.move)
