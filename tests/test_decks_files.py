"""Picture deck files (lessons/decks/*.yaml): checked with file:line: field messages by `lessons
check`, drawn only with characters DejaVu Sans Mono has; and the `decks`, `simulate --deck` and
`play --deck` commands."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.course.decks import DRAWABLE, check_deck_files, read_deck_file, shipped_decks
from tutor.engine.decks import ART_LINES, ART_WIDTH, SHORT_WIDTH

ROOT = Path(__file__).resolve().parent.parent
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")

GOOD = """\
format_version: 1
id: pets
name: Pets
character:
  id: old-maid
  name: Old Maid
  short: Maid
  art: ['  (@)  ', ' (o.o) ', ' /|~|\\ ']
pictures:
  - id: cat
    name: Cat
    short: Cat
    art: [' /\\_/\\ ', '( o.o )', ' > ^ < ']
  - id: dog
    name: Dog
    short: Dog
    art: [' .-"-. ', '/|o o|\\', '  \\_v_/']
  - id: fish
    name: Fish
    short: Fish
    art: ['  .--. ', '><(  o>', "  '--' "]
"""


def deck_file(tmp_path: Path, text: str, name: str = "pets.yaml") -> Path:
    folder = tmp_path / "decks"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems_of(path: Path) -> list[str]:
    return [str(problem) for problem in read_deck_file(path, str(path))[1]]


def test_a_good_deck_file_is_a_deck(tmp_path: Path) -> None:
    deck, problems = read_deck_file(deck_file(tmp_path, GOOD), "pets.yaml")
    assert problems == [] and deck is not None
    assert (deck.id, deck.name, deck.size, deck.pair_count) == ("pets", "Pets", 7, 3)
    assert [card.code for card in deck.cards] == ["cat/1", "cat/2", "dog/1", "dog/2", "fish/1", "fish/2", "old-maid"]
    assert deck.pictures[0].art == (" /\\_/\\", "( o.o )", " > ^ <")  # trailing spaces go


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("id: pets", "id: Pets!", ":2: id: 'Pets!' is not an id"),
        ("id: pets", "id: standard", ":2: id: 'standard' is the id of the standard deck"),
        ("  - id: dog\n", "  - id: cat\n", ":14: pictures[1].id: 'cat' is listed twice: list each picture once"),
        ("    name: Dog", "    name: CAT", ":15: pictures[1].name: the same name as 'cat'"),
        ("    short: Dog", "    short: Big dog", ":16: pictures[1].short: 'Big dog': a short name is one word"),
        ("' .-\"-. ', ", "", ":17: pictures[1].art: 2 lines: a drawing has exactly 3"),
        ("'/|o o|\\'", "'/|o  o  o|\\'", ":17: pictures[1].art[1]: 11 characters wide: a drawing's lines are at most 9"),
        ("'( o.o )'", "'( \U0001f431 )'", ":13: pictures[0].art[1]: '\U0001f431' (U+1F431): not a character"),
        ("  short: Maid\n", "  short: Maid\n  extra: 1\n", ":8: character.extra: unknown field"),
        (GOOD[GOOD.index("character:") : GOOD.index("pictures:")], "character: [old-maid, joker]\n", ":4: character: a deck has one character"),
        ("    art: ['  .--. ', '><(  o>', \"  '--' \"]", "    art: [' /\\_/\\ ', '( o.o )', ' > ^ < ']", ":21: pictures[2].art: the same drawing as 'cat'"),
    ],
)
def test_a_broken_deck_file_is_reported_with_file_line_and_field(tmp_path: Path, old: str, new: str, where: str) -> None:
    assert old in GOOD
    path = deck_file(tmp_path, GOOD.replace(old, new, 1))
    deck, problems = read_deck_file(path, str(path))
    assert deck is None
    assert any(str(problem).startswith(f"{path}{where}") for problem in problems), [str(p) for p in problems]


def test_too_few_pictures_or_a_missing_character_is_reported(tmp_path: Path) -> None:
    two = GOOD[: GOOD.index("  - id: fish")]
    assert any(":10: pictures: 2 pictures: a deck has 3 to 26" in problem for problem in problems_of(deck_file(tmp_path, two)))
    without = GOOD.replace("character:", "characters:", 1)
    found = problems_of(deck_file(tmp_path, without))
    assert any(":1: character: missing" in problem for problem in found), found


def test_two_deck_files_with_one_id_are_a_problem_of_the_second(tmp_path: Path) -> None:
    first, second = deck_file(tmp_path, GOOD, "a.yaml"), deck_file(tmp_path, GOOD, "b.yaml")
    checked = check_deck_files([first, second])
    assert checked[0][1] == []
    assert [str(problem) for problem in checked[1][1]] == [f"{second}:2: id: 'pets' is already the id of {first}: each deck has its own"]


def test_lessons_check_checks_the_shipped_decks_and_reports_a_broken_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "check", str(ROOT / "lessons" / "decks")]) == 0
    assert capsys.readouterr().out.strip() == "2 course files checked: all good."
    broken = deck_file(tmp_path, GOOD.replace("short: Dog", "short: Big dog"))
    assert main(["lessons", "check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{broken}:16: pictures[1].short:" in out and "1 problem in 1 of 1 course file." in out
    assert main(["lessons", "check", str(tmp_path)]) == 1  # a course folder: its decks/ too
    assert f"{broken}:16:" in capsys.readouterr().out


def test_every_shipped_deck_is_good_and_fits_the_card() -> None:
    assert [str(problem) for _, found in check_deck_files() for problem in found] == []
    for deck in shipped_decks():
        for picture in (*deck.pictures, deck.character):
            assert picture is not None
            assert len(picture.art) == ART_LINES and all(len(line) <= ART_WIDTH for line in picture.art)
            assert len(picture.short) <= SHORT_WIDTH and " " not in picture.short


def test_every_drawable_character_is_in_dejavu_sans_mono_and_one_column_wide() -> None:
    import os
    import unicodedata

    if not FONT.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{FONT} is missing")
        pytest.skip("DejaVu Sans Mono is not installed here")
    from test_serve_glyphs import font_characters

    have = font_characters(FONT)
    assert sorted(char for char in DRAWABLE if ord(char) not in have) == []
    assert all(unicodedata.east_asian_width(char) not in ("W", "F") for char in DRAWABLE)
    assert all(unicodedata.category(char)[0] != "C" for char in DRAWABLE)  # no control or format characters


# ----- the command line -------------------------------------------------------------------------


def test_decks_lists_every_deck_with_its_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decks"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["standard", "farm", "everyday"]
    assert "Farm friends, 19 cards: 9 pairs of pictures and the Old Maid" in lines[1]
    assert "51 cards" in lines[2]


@pytest.mark.parametrize("deck", ["farm", "everyday"])
def test_simulate_with_a_picture_deck_gives_per_seat_odds(deck: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deck", deck, "--players", "3", "--games", "300", "--rules", "table"]) == 0
    out = capsys.readouterr().out
    assert "Table rules, 3 players" in out and "deck" in out and "odd rank" not in out
    assert sum(line.startswith("Seat ") for line in out.splitlines()) == 3


@pytest.mark.parametrize("command", [["simulate", "--deck", "nope"], ["play", "--deck", "nope"]])
def test_an_unknown_deck_is_one_clear_line_naming_the_known_ones(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(command) == 2
    shown = capsys.readouterr()
    lines = shown.err.strip().splitlines()
    assert lines == [f"old-maid-tutor {command[0]}: error: there is no deck 'nope'; the decks are: standard, farm, everyday"]


def test_an_odd_rank_with_a_picture_deck_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deck", "farm", "--odd-rank", "K", "--rules", "table"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "odd_rank does not apply to the picture deck 'farm'" in err[0]
