"""One rule for every name (issue: a classroom the teacher controls).

Profile names, the learner's name and the computer players' names in settings, and names in imported
profile files all meet `tutor.names`: no control or invisible characters, and no new learner whose
name looks just like one already here. Text from outside is drawn without such characters even when
it got into the file some other way, and the class report never carries them nor starts a formula.
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from test_settings_ui import problem
from textual.widgets import Input, OptionList
from ui_helpers import open_from_home

from tutor.errors import ProfileFileError
from tutor.learner.class_report import class_rows, csv_text, safe_cell
from tutor.learner.lessons import course_for_app
from tutor.names import NameLooksTaken, NameRefused, lookalike_key, name_problem, shown, tidy_name
from tutor.play.guided_game import GuidedGame
from tutor.settings import Settings
from tutor.store import Store, open_store
from tutor.ui.app import TutorApp
from tutor.ui.notices import plain
from tutor.ui.settings_screen import SettingsScreen
from tutor.wording import Seats, computer_names

UNSEEN = "That name has a hidden character in it: one you can't see, or a line break. Please type the name again, letter by letter."
TITLE_CHANGER = "B\u001b]2;TITLE\u0007b"  # drawn as is, this retitled the learner's terminal
UNSEEN_NAMES = [
    TITLE_CHANGER,
    "\u202eoB",  # right-to-left override: drawn as "Bo"
    "Bo\u202e",
    "\u200b=cmd",  # a zero-width space before =, past the spreadsheet's guard
    "\ufeff=cmd",  # a BOM before =
    "Bo\u200d",  # zero-width joiner
    "Ana\nBea",
    "Bo\n",  # even at the end, where tidying would have hidden it: settings keep names as given
    "\u3164",  # a Hangul filler: a letter that draws as nothing
]
WELCOME_NAMES = ["Anne Marie", "O'Brien", 'Bob "the Builder"', "Zoë", "Ольга", "李小龍", "أحمد", "Nguyễn Thị"]


# ----- one rule: no control or invisible characters ------------------------------------------------


@pytest.mark.parametrize("name", UNSEEN_NAMES)
def test_a_name_with_control_or_invisible_characters_is_refused_everywhere(store: Store, name: str) -> None:
    assert name_problem(name) == UNSEEN
    with pytest.raises(NameRefused, match=UNSEEN):
        tidy_name(name)
    with pytest.raises(ValueError, match=UNSEEN):
        store.get_or_create_profile(name)
    with pytest.raises(ValueError, match=f"learner_name {UNSEEN}"):
        Settings(learner_name=name)
    with pytest.raises(ValueError, match=f"opponent_names {UNSEEN}"):
        Settings(opponent_names=("Bea", name, "Ana"))
    assert store.profiles() == []


@pytest.mark.parametrize("name", WELCOME_NAMES)
def test_names_in_any_letters_with_spaces_and_quotes_are_still_welcome(store: Store, name: str) -> None:
    assert name_problem(name) == ""
    assert store.get_or_create_profile(name).name == name
    assert Settings(learner_name=name, opponent_names=(name, "Sam", "Ana")).learner_name == name


def test_saved_settings_with_a_refused_name_keep_their_defaults(store: Store) -> None:
    loaded = Settings.from_dict({"learner_name": TITLE_CHANGER, "opponent_names": ["Bea", "\u202eSam", "Ana"], "speed": "fast"})
    assert loaded == Settings(speed="fast")
    robin = store.get_or_create_profile("Robin")
    with store._write() as db:  # as an old or hand-made file might hold
        db.execute("INSERT INTO setting VALUES (?, 'learner_name', ?)", (robin.id, json.dumps(TITLE_CHANGER)))
    assert store.load_settings(robin).learner_name == Settings().learner_name


def exported(tmp_path: Path, name: str, **settings: Any) -> Path:
    """A profile file for a learner called `name`, with these settings, as another computer (or a
    hand) might make it."""
    with open_store(tmp_path / "elsewhere") as elsewhere:
        elsewhere.get_or_create_profile("Someone")
        file = tmp_path / "someone.json"
        elsewhere.export_profile("Someone", file)
    document = json.loads(file.read_text("utf-8"))
    document["profile"]["name"] = name
    document["settings"].update(settings)
    file.write_text(json.dumps(document), "utf-8")
    return file


@pytest.mark.parametrize("name", UNSEEN_NAMES[:4])
def test_an_imported_name_meets_the_same_rule(store: Store, tmp_path: Path, name: str) -> None:
    file = exported(tmp_path, name)
    with pytest.raises(ProfileFileError, match=f"profile.name is not usable: {UNSEEN}"):
        store.import_profile(file)
    assert store.profiles() == []


def test_names_in_an_imported_files_settings_meet_the_rule(store: Store, tmp_path: Path) -> None:
    file = exported(tmp_path, "Kim", learner_name=TITLE_CHANGER, opponent_names=["\u200bBea", "Sam", "Ana"], speed="slow")
    kim = store.import_profile(file)
    assert store.load_settings(kim) == Settings(speed="slow")


async def test_the_settings_screen_says_why_a_pasted_name_is_refused(store: Store, profile: Any) -> None:
    app = TutorApp(store, profile)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_from_home(pilot, "s", SettingsScreen)
        screen.query_one("#learner_name", Input).value = "Robin\u202e"
        await pilot.pause()
        assert problem(screen, "learner_name") == UNSEEN
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and problem(screen, "learner_name") == UNSEEN
    assert store.load_settings(profile) == Settings()  # nothing saved


# ----- names that look alike -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("here", "new"),
    [
        ("Bo", "Во"),  # Cyrillic В and о
        ("Ana", "Аna"),  # Cyrillic А
        ("Ana", "Αna"),  # Greek Alpha
        ("Pia", "Ріа"),  # Cyrillic Р, і, а
        ("O'Brien", "O’Brien"),  # a phone's apostrophe
        ("Kim", "Ｋｉｍ"),  # full-width letters (NFKC)
        ("Anne Marie", "Anne  Marie"),
    ],
)
def test_a_name_that_looks_like_a_learners_is_refused_naming_them(store: Store, here: str, new: str) -> None:
    store.get_or_create_profile(here)
    with pytest.raises(NameLooksTaken) as refused:
        store.get_or_create_profile(new)
    assert str(refused.value) == (f"That name looks just like {here}, who is already learning here. Please choose a different name.")
    assert [profile.name for profile in store.profiles()] == [here]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ana", "Anna"),
        ("Bo", "во"),
        ("Zoe", "Zoë"),
        ("Ольга", "Olga"),
        ("Kim", "Kit"),
        ("李小龍", "李小龙"),
    ],
)
def test_different_names_do_not_look_alike(store: Store, one: str, other: str) -> None:
    assert lookalike_key(one) != lookalike_key(other)
    assert store.get_or_create_profile(one) != store.get_or_create_profile(other)


def test_the_same_name_in_another_case_is_the_same_learner(store: Store) -> None:
    zoe = store.get_or_create_profile("Zoë")
    assert lookalike_key("Zoë") == lookalike_key("ZOË")
    assert store.get_or_create_profile("ZOË") == zoe
    assert store.get_or_create_profile("zoe\u0308") == zoe


def test_learners_who_look_alike_from_before_are_each_still_found_by_their_own_name(store: Store) -> None:
    bo = store.get_or_create_profile("Bo")
    with store._write() as db:  # kept from before the rule
        db.execute("INSERT INTO profile (name, name_key, created) VALUES ('Во', 'во', '2025-01-01T00:00:00+00:00')")
    cyrillic = store.find_profile("Во")
    assert cyrillic is not None and cyrillic.name == "Во" and cyrillic != bo
    assert store.get_or_create_profile("Во") == cyrillic
    assert store.get_or_create_profile("Bo") == bo == store.find_profile("bo")


def test_an_imported_learner_who_looks_like_one_here_is_refused(store: Store, tmp_path: Path) -> None:
    store.get_or_create_profile("Bo")
    file = exported(tmp_path, "Во")
    with pytest.raises(ProfileFileError) as refused:
        store.import_profile(file)
    assert str(refused.value) == (f"{file} cannot be imported: the learner in it, Во, looks just like Bo, who is already learning here.")
    assert [profile.name for profile in store.profiles()] == ["Bo"]


def test_an_imported_name_taken_here_gets_a_number_no_learner_looks_like(store: Store, tmp_path: Path) -> None:
    store.get_or_create_profile("Ana")
    with store._write() as db:  # kept from before the rule: "Ana (2)" with a Cyrillic А
        db.execute("INSERT INTO profile (name, name_key, created) VALUES ('Аna (2)', 'аna (2)', '2025-01-01T00:00:00+00:00')")
    assert store.import_profile(exported(tmp_path, "Ana")).name == "Ana (3)"


def test_computer_players_are_never_named_like_the_learner() -> None:
    assert computer_names("Bea", ["Вea", "Sam"], 2) == ["Sam", "Ivy"]
    assert computer_names("Ana", ["Ána", "Аna", "Kit"], 1) == ["Kit"]


# ----- drawing: what got in some other way is drawn without control characters ------------------------


def test_text_from_outside_is_drawn_without_control_or_invisible_characters() -> None:
    assert shown(TITLE_CHANGER) == "B\ufffd]2;TITLE\ufffdb"
    assert shown("\u202eoB\u200b") == "\ufffdoB\ufffd"
    assert shown("one\r\ntwo\tthree", lines=True) == "one\ntwo three"
    assert shown("one\ntwo") == "one\ufffdtwo"  # a name has no lines
    assert plain(f"Hello {TITLE_CHANGER}!\nBye.").plain == "Hello B\ufffd]2;TITLE\ufffdb!\nBye."
    assert Seats(["You", TITLE_CHANGER]).who(1) == "B\ufffd]2;TITLE\ufffdb"
    assert computer_names("You", [TITLE_CHANGER], 1) == ["B\ufffd]2;TITLE\ufffdb"]


def drawn(app: TutorApp) -> str:
    """What the app sends the terminal for its whole screen, escape sequences and all."""
    return app.screen._compositor.render_full_update().render_segments(app.console)


def no_sequence_from_names(output: str) -> bool:
    """Styles are drawn with CSI (ESC [); an ESC starting anything else, or a BEL, came from text."""
    return "\x07" not in output and output.count("\x1b") == output.count("\x1b[")


async def test_names_written_straight_into_the_file_draw_no_escape_sequence(store: Store) -> None:
    with store._write() as db:  # as a hand-made or damaged file might hold: past every rule
        db.execute("INSERT INTO profile (name, name_key, created) VALUES (?, ?, '2025-01-01T00:00:00+00:00')", (TITLE_CHANGER, TITLE_CHANGER.casefold()))
    [learner] = store.profiles()
    assert learner.name == "B\ufffd]2;TITLE\ufffdb"
    assert store.find_profile(TITLE_CHANGER) == learner == store.find_profile(learner.name)  # exact and as shown
    with store._write() as db:
        db.execute("INSERT INTO setting VALUES (?, 'opponent_names', ?)", (learner.id, json.dumps([TITLE_CHANGER, "\u202eSam", "Ana"])))
    saved = GuidedGame.new(Settings(), 3).to_dict()
    saved["names"] = ["You", TITLE_CHANGER, "Sam\u202e", "\u001b[2JAna"]
    store.save_game(learner, saved)

    picker = TutorApp(store, None)
    async with picker.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        output = drawn(picker)
        assert str(picker.screen.query_one(OptionList).get_option_at_index(0).prompt) == "B\ufffd]2;TITLE\ufffdb"
        assert no_sequence_from_names(output) and "]2;TITLE" in output
    app = TutorApp(store, learner)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert no_sequence_from_names(drawn(app)) and "]2;TITLE" in drawn(app)
    game = TutorApp(store, learner, start="play")
    async with game.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        output = drawn(game)
        assert no_sequence_from_names(output)
        assert "]2;TITLE" in output and "[2JAna" in output  # the names are there, drawn harmlessly
    assert learner.id == store.find_profile(learner.name).id  # type: ignore[union-attr]


# ----- the class report --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("\u200b=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("\ufeff+1", "'+1"),
        ("  \u200b@SUM(A1)", "'  @SUM(A1)"),
        ("\t=1", "' =1"),
        ("\r\n-1", "'-1"),
        ("Bo\u202eoB", "BooB"),
        (TITLE_CHANGER, "B]2;TITLEb"),
        ("Zoë", "Zoë"),
    ],
)
def test_a_cell_never_carries_control_characters_nor_starts_a_formula_behind_them(cell: str, safe: str) -> None:
    assert safe_cell(cell) == safe


def test_the_class_report_carries_no_hidden_character_from_the_file(store: Store) -> None:
    with store._write() as db:  # kept from before the rule
        db.executemany(
            "INSERT INTO profile (name, name_key, created) VALUES (?, ?, '2025-01-01T00:00:00+00:00')",
            [("\u202eAna", "\u202eana"), ("\u200b=1+1", "\u200b=1+1")],
        )
    report = csv_text(class_rows(store, course_for_app(replay=False)))
    names = [line[0] for line in csv.reader(io.StringIO(report))][1:]
    assert sorted(names) == ["\ufffd=1+1", "\ufffdAna"]
    assert not any(unicodedata.category(char) in ("Cc", "Cf") for char in report.replace("\r\n", ""))
