"""Every kind of record goes in and comes back out the same, and the queries over them."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import engine
from tutor.errors import StoreError
from tutor.settings import Settings
from tutor.store import (
    Answer,
    FinishedGame,
    LessonProgress,
    Mistake,
    NoSuchProfile,
    Profile,
    Store,
    open_store,
)

MONDAY = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
TUESDAY = MONDAY + timedelta(days=1)


@pytest.fixture
def store(store_place: Callable[[], Store]) -> Iterator[Store]:
    with store_place() as opened:
        assert opened.notices == []
        yield opened


@pytest.fixture
def ana(store: Store) -> Profile:
    return store.get_or_create_profile("Ana")


def reopen(store: Store) -> Store:
    """A second store on the same file, as another window or a restart would see it."""
    if store.database is not None:  # the school's database (the tests' have no password to hide)
        return open_store(database=store.database)
    assert store.path is not None
    return open_store(store.path.parent)


# Profiles


@pytest.mark.parametrize(
    "name",
    ["Anne Marie", "O'Brien", 'Bob "the Builder"', "Zoë", "Ольга", "李小龍", "أحمد", "Nguyễn Thị"],
)
def test_profile_names_with_spaces_quotes_and_any_letters_survive(store: Store, name: str) -> None:
    made = store.get_or_create_profile(name)
    with reopen(store) as again:
        assert again.profiles() == [made]
        assert again.get_or_create_profile(name) == made
        assert made.name == name


def test_profile_names_are_tidied_and_match_regardless_of_case(store: Store) -> None:
    zoe = store.get_or_create_profile("  Zoë ")
    decomposed = "ZOE\u0308"  # E followed by a combining diaeresis
    assert zoe.name == "Zoë"
    assert store.get_or_create_profile(decomposed) == zoe
    assert store.find_profile("zoë") == zoe
    assert len(store.profiles()) == 1


@pytest.mark.parametrize(
    ("name", "complaint"),
    [("", "1 to 40"), ("   ", "1 to 40"), ("x" * 41, "1 to 40"), ("Ana\nBea", "line break")],
)
def test_bad_profile_names_are_refused_clearly(store: Store, name: str, complaint: str) -> None:
    with pytest.raises(ValueError, match=complaint):
        store.get_or_create_profile(name)


@settings(max_examples=40, deadline=None)
@given(
    name=st.text(
        st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp"), blacklist_characters="\u115f\u1160\u3164\uffa0"), min_size=1, max_size=20
    ).filter(lambda text: text.strip())
)
@pytest.mark.parametrize("where", ["sqlite", "postgres"])
def test_any_acceptable_name_round_trips(where: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest, name: str) -> None:
    if where == "sqlite":
        opened = open_store(tmp_path_factory.mktemp("names"))
    else:
        opened = open_store(database=request.getfixturevalue("postgres_cluster").new_database())
    with opened as store:
        made = store.get_or_create_profile(name)
        assert store.find_profile(made.name) == made


def test_profiles_are_listed_by_name(store: Store) -> None:
    for name in ("sam", "Bea", "Ana"):
        store.get_or_create_profile(name)
    assert [profile.name for profile in store.profiles()] == ["Ana", "Bea", "sam"]


# Every kind of record


def test_settings_round_trip(store: Store, ana: Profile) -> None:
    assert store.load_settings(ana) == Settings()
    chosen = Settings(
        ruleset="table",
        players=7,
        learner_name="Ana",
        odd_rank="K",
        opponent_names=("Ola", "Per", "Åse", "Kim", "Liv", "Mo"),
        extra_draw_on_pair=True,
        guidance="own",
        speed="instant",
        theme="high-contrast",
        suit_style="letters",
        unlock_all_lessons=True,
    )
    store.save_settings(ana, chosen)
    with reopen(store) as again:
        assert again.load_settings(ana) == chosen


def test_game_in_progress_round_trip(store: Store, ana: Profile) -> None:
    game = {"rules": {"ruleset": "bicycle"}, "hands": [["QS", "7H"], ["2C"]], "turn": 1}
    assert store.load_game(ana) is None
    store.save_game(ana, game)
    store.save_game(ana, {**game, "turn": 2})
    with reopen(store) as again:
        assert again.load_game(ana) == {**game, "turn": 2}
    store.clear_game(ana)
    assert store.load_game(ana) is None


def test_finished_game_round_trip_clears_the_game_in_progress(store: Store, ana: Profile) -> None:
    store.save_game(ana, {"turn": 9})
    store.record_finished_game(ana, {"ruleset": "table", "players": 3}, "won", 17, 2, when=MONDAY)
    with reopen(store) as again:
        assert again.finished_games(ana) == [FinishedGame({"ruleset": "table", "players": 3}, "won", 17, 2, MONDAY)]
        assert again.load_game(ana) is None


def test_a_finished_game_may_leave_the_game_in_progress_alone(store: Store, ana: Profile) -> None:
    store.save_game(ana, {"turn": 9})
    store.record_finished_game(ana, {"ruleset": "table", "players": 3}, "safe", 17, 0, when=MONDAY, clear_game_in_progress=False)
    with reopen(store) as again:
        assert [game.result for game in again.finished_games(ana)] == ["safe"]
        assert again.load_game(ana) == {"turn": 9}


def test_lesson_progress_round_trip(store: Store, ana: Profile) -> None:
    store.save_lesson_progress(ana, "pairs", step=2, hints_used=1, finished=False, when=MONDAY)
    store.save_lesson_progress(ana, "pairs", step=5, hints_used=3, finished=True, when=TUESDAY)
    store.save_lesson_progress(ana, "the-odd-card", step=0, hints_used=0, finished=False, when=TUESDAY)
    with reopen(store) as again:
        assert again.lesson_progress(ana) == {
            "pairs": LessonProgress("pairs", 5, 3, True, TUESDAY),
            "the-odd-card": LessonProgress("the-odd-card", 0, 0, False, TUESDAY),
        }


def test_answers_round_trip(store: Store, ana: Profile) -> None:
    store.record_answer(ana, "q-which-pair", "pairs", True, when=MONDAY)
    store.record_answer(ana, "generated:odd-card", "odd card", False, when=TUESDAY)
    with reopen(store) as again:
        assert again.answers(ana) == [
            Answer("q-which-pair", "pairs", True, MONDAY),
            Answer("generated:odd-card", "odd card", False, TUESDAY),
        ]


def test_mistakes_round_trip(store: Store, ana: Profile) -> None:
    store.record_mistake(ana, "not-a-pair", ["QS", "KS"], "lesson pairs step 3", when=MONDAY)
    store.record_mistake(ana, "kept-a-pair", ("7H", "7D"), "game", when=TUESDAY)
    with reopen(store) as again:
        assert again.mistakes(ana) == [
            Mistake("not-a-pair", ("QS", "KS"), "lesson pairs step 3", MONDAY, real=True),
            Mistake("kept-a-pair", ("7H", "7D"), "game", TUESDAY, real=True),
        ]


def test_times_default_to_now_and_naive_times_are_local(store: Store, ana: Profile) -> None:
    before = datetime.now(UTC)
    store.record_answer(ana, "q1", "pairs", True)
    store.record_answer(ana, "q2", "pairs", True, when=datetime(2026, 3, 2, 12, 0))
    local, recorded_now = store.answers(ana)  # oldest first
    assert recorded_now.when >= before.replace(microsecond=before.microsecond // 1000 * 1000)
    assert local.when == datetime(2026, 3, 2, 12, 0).astimezone()


def test_records_are_kept_apart_per_profile(store: Store, ana: Profile) -> None:
    bea = store.get_or_create_profile("Bea")
    store.record_answer(ana, "q1", "pairs", True)
    store.record_mistake(ana, "not-a-pair", ["QS", "KS"], "game")
    store.save_game(ana, {"turn": 1})
    assert store.answers(bea) == [] and store.mistakes(bea) == []
    assert store.load_game(bea) is None


# Queries over the records


# Resetting


def fill(store: Store, profile: Profile) -> None:
    store.save_settings(profile, Settings(speed="fast"))
    store.save_game(profile, {"turn": 3})
    store.record_finished_game(profile, {"ruleset": "bicycle"}, "lost", 20, 1)
    store.save_game(profile, {"turn": 4})
    store.save_lesson_progress(profile, "pairs", 3, 0, True)
    store.save_lesson_progress(profile, "dealing", 1, 0, False)
    store.record_answer(profile, "q1", "pairs", True)
    store.record_mistake(profile, "not-a-pair", ["QS", "KS"], "game")


def test_reset_lesson_forgets_only_that_lesson(store: Store, ana: Profile) -> None:
    fill(store, ana)
    store.reset_lesson(ana, "pairs")
    assert list(store.lesson_progress(ana)) == ["dealing"]
    assert store.answers(ana) != []


def test_reset_profile_forgets_progress_but_keeps_profile_and_settings(store: Store, ana: Profile) -> None:
    bea = store.get_or_create_profile("Bea")
    fill(store, ana)
    fill(store, bea)
    store.reset_profile("ana")
    assert store.profiles() == [ana, bea]
    assert store.load_settings(ana) == Settings(speed="fast")
    assert store.load_game(ana) is None
    assert store.finished_games(ana) == []
    assert store.lesson_progress(ana) == {}
    assert store.answers(ana) == [] and store.mistakes(ana) == []
    assert store.profile_data(bea).answers != ()


def test_delete_profile_removes_it_and_its_records(store: Store, ana: Profile) -> None:
    fill(store, ana)
    store.delete_profile("Ana")
    assert store.profiles() == []
    again = store.get_or_create_profile("Ana")
    assert store.answers(again) == [] and store.load_settings(again) == Settings()


def test_reset_everything(store: Store, ana: Profile) -> None:
    fill(store, ana)
    fill(store, store.get_or_create_profile("Bea"))
    store.reset_everything()
    assert store.profiles() == []
    assert store.answers(ana) == []
    assert store.answers(store.get_or_create_profile("Ana")) == []


@pytest.mark.parametrize("action", ["reset_profile", "delete_profile", "export_profile"])
def test_unknown_profile_names_are_refused(store: Store, tmp_path: Path, action: str) -> None:
    arguments = ("Nobody", tmp_path / "out.json") if action == "export_profile" else ("Nobody",)
    with pytest.raises(NoSuchProfile, match="no profile called 'Nobody'"):
        getattr(store, action)(*arguments)


# Settings kept in the store


def test_a_damaged_setting_falls_back_to_its_default(store: Store, ana: Profile) -> None:
    store.save_settings(ana, Settings(speed="slow", players=5))
    with store._write() as db:  # as an old or damaged file might hold
        db.execute("UPDATE setting SET value = 'not json' WHERE name = 'speed'")
        db.execute("UPDATE setting SET value = '99' WHERE name = 'players'")
        db.execute("INSERT INTO setting VALUES (?, 'retired_setting', 'true')", (ana.id,))
    assert store.load_settings(ana) == Settings()


# Transactions


def test_a_failed_write_leaves_nothing_behind(store: Store, ana: Profile) -> None:
    with pytest.raises(RuntimeError), store._write() as db:
        db.execute(
            "INSERT INTO quiz_answer (profile_id, question, concept, \"right\", answered) VALUES (?, 'q', 'pairs', 1, '2026-03-02T12:00:00+00:00')", (ana.id,)
        )
        raise RuntimeError("power cut")
    assert store.answers(ana) == []
    store.record_answer(ana, "q", "pairs", True)  # and the store still works
    assert len(store.answers(ana)) == 1


def test_an_import_that_fails_halfway_leaves_nothing_behind(store: Store, ana: Profile, tmp_path: Path) -> None:
    fill(store, ana)
    store.export_profile("Ana", tmp_path / "ana.json")
    store.reset_everything()
    with store._write() as db:  # the last table written refuses new rows
        if store.database is None:
            db.execute("CREATE TRIGGER refuse BEFORE INSERT ON mistake BEGIN SELECT RAISE(ABORT, 'refused'); END")
        else:
            db.execute("CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql")
            db.execute("CREATE TRIGGER refuse BEFORE INSERT ON mistake FOR EACH ROW EXECUTE FUNCTION refuse()")
    with pytest.raises(StoreError, match="refused"):
        store.import_profile(tmp_path / "ana.json")
    assert store.profiles() == []


def test_a_real_engine_game_comes_back_exactly(store: Store, ana: Profile) -> None:
    game = engine.Game.deal(Settings().rules(), seed=7, learners=[0])
    store.save_game(ana, game.to_dict())
    with reopen(store) as again:
        assert engine.Game.from_dict(again.load_game(ana)).to_dict() == game.to_dict()


def test_engine_mistakes_can_be_recorded_as_they_are(store: Store, ana: Profile) -> None:
    cards = engine.parse_cards(["Q♠", "7H"])
    store.record_mistake(ana, engine.MistakeCode.NOT_A_PAIR, cards, "game", when=MONDAY)
    assert store.mistakes(ana) == [Mistake("not-a-pair", ("Q♠", "7♥"), "game", MONDAY, real=True)]
    assert store.mistakes(ana)[0].code == engine.MistakeCode.NOT_A_PAIR


def test_a_saved_game_that_is_no_longer_json_reads_as_none(tmp_path) -> None:

    from tutor.store import open_store

    store = open_store(tmp_path)
    profile = store.get_or_create_profile("Ana")
    store.save_game(profile, {"a": 1})
    path = store.path
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE game_in_progress SET state = '{not json'")
    again = open_store(tmp_path)
    assert again.load_game(again.get_or_create_profile("Ana")) is None
    again.close()
