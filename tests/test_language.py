"""Languages: which one is chosen, card words in each, the course files' extractor and the
catalogue checker (tutor.language, tutor.wording.card_words, tutor.catalogue)."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

from tutor import language
from tutor.catalogue import check_catalogue, extract_course
from tutor.cli import main
from tutor.engine import Card
from tutor.wording import card_words

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("asked", "saved", "environ", "spoken"),
    [
        ("de", "es", {"LANG": "es_ES.UTF-8"}, "de"),  # --lang first
        (None, "es", {"LANG": "de_DE.UTF-8"}, "es"),  # then the learner's own setting
        (None, "", {"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}, "de"),  # LANGUAGE may list several
        (None, "", {"LC_ALL": "de_AT.UTF-8", "LANG": "es_ES.UTF-8"}, "de"),
        (None, "", {"LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),  # LC_ALL wins, and we lack French
        (None, "", {"LANG": "C"}, "en"),
        (None, "", {"LANG": "es_MX.UTF-8"}, "es"),
        (None, "", {}, "en"),
        (None, "xx", {"LANG": "de"}, "de"),  # a saved value the tutor no longer speaks is passed over
    ],
)
def test_the_language_is_the_first_one_asked_for(asked: str | None, saved: str, environ: dict[str, str], spoken: str) -> None:
    assert language.chosen(asked, saved, environ) == spoken


def test_a_classroom_language_is_each_pupils_default_and_their_own_choice_wins() -> None:
    language.ask("de", as_default=True)
    language.use_for_learner("")
    assert language.current() == "de"
    language.use_for_learner("es")
    assert language.current() == "es"


def test_at_ones_own_terminal_lang_wins_over_the_saved_setting() -> None:
    language.ask("de")
    language.use_for_learner("es")
    assert language.current() == "de"


def test_an_unknown_language_on_the_command_line_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--lang", "klingon", "decks"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error and "unknown language 'klingon'" in error and "en, es, de" in error


def test_german_cards_print_b_and_d_and_keep_their_codes() -> None:
    queen, jack, king = Card.parse("Q♥"), Card.parse("J♠"), Card.parse("K♣")
    language.use("de")
    assert (queen.text(), jack.text(), king.text(), jack.text(letters=True), king.text(letters=True)) == ("D♥", "B♠", "K♣", "BP", "KT")
    assert (str(queen), str(jack)) == ("Q♥", "J♠")
    assert card_words.rank_name("Q", plural=True) == "Damen" and card_words.a_rank_name("A") == "ein Ass"
    language.use("es")
    assert queen.text() == "Q♥" and card_words.rank_name("Q") == "Reina" and card_words.suit_name("♥") == "corazones"
    assert (queen.text(letters=True), king.text(letters=True)) == ("QC", "KT")  # corazones, tréboles
    language.use("en")
    assert jack.text() == "J♠" and card_words.a_rank_name("8") == "an 8"


def test_the_extractor_finds_what_the_course_reads_at_its_line() -> None:
    path = ROOT / "lessons" / "01-deck-and-deal.yaml"
    with path.open("rb") as file:
        found = list(extract_course(file, {}, [], {}))
    lines = path.read_text().splitlines()
    messages = [message for _, _, message, _ in found]
    assert "The deck and the deal" in messages
    for line, _, message, _ in found:
        assert message.split()[0] in lines[line - 1] or lines[line - 1].rstrip().endswith((">", "|", ">-", "|-")), (line, message)
    assert not any(message in ("deck-and-deal", "bicycle") for message in messages)  # ids and rules are not words


def test_each_course_file_gives_the_catalogue_its_words() -> None:
    for name in ("quiz.yaml", "mistakes.yaml", "decks/farm.yaml", "02-pairs.yaml"):
        with (ROOT / "lessons" / name).open("rb") as file:
            assert len(list(extract_course(file, {}, [], {}))) > 5, name


def test_a_course_file_that_cannot_be_read_stops_the_gathering(tmp_path: Path) -> None:
    """A colon in an unquoted sentence made lesson 3 unreadable YAML: `make messages` went on, and
    its 58 messages left tutor.pot and both catalogues without a word."""
    broken = tmp_path / "03-a-turn.yaml"
    broken.write_text("id: a-turn\ntitle: A turn\nsteps:\n  - id: x\n    success: That's a whole turn: draw, then pair.\n", encoding="utf-8")
    with broken.open("rb") as file, pytest.raises(ValueError, match="no words could be read"):
        list(extract_course(file, {}, [], {}))


BAD = dedent("""\
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

    msgid "Well done!"
    msgstr "¡Muy bien!"

    msgid "Not yet"
    msgstr ""

    #, fuzzy
    msgid "Your turn."
    msgstr "Te toca."

    msgid "{seat} draws from {giver}."
    msgstr "{seat} roba."

    msgid "Your hand."
    msgstr "Tu mano, {seat}."

    msgid "[b]Stop[/b] here."
    msgstr "Para aquí."

    msgid "{count} card"
    msgid_plural "{count} cards"
    msgstr[0] "una carta"
    msgstr[1] "{count} cartas"

    msgid "Quit"
    msgstr "Salir del juego y volver a la pantalla de inicio"
""")


def test_the_catalogue_check_says_what_is_wrong_and_where(tmp_path: Path) -> None:
    po = tmp_path / "tutor.po"
    po.write_text(BAD)
    said = [str(problem) for problem in check_catalogue(po, "es/tutor.po")]
    assert said == [
        "es/tutor.po:9: msgid 'Not yet': not translated yet",
        "es/tutor.po:13: msgid 'Your turn.': fuzzy: check the translation, then remove the fuzzy flag",
        "es/tutor.po:16: msgid '{seat} draws from {giver}.': the placeholder {giver} is missing from the translation",
        "es/tutor.po:19: msgid 'Your hand.': the placeholder {seat} is not in the English: the tutor cannot fill it",
        "es/tutor.po:22: msgid '[b]Stop[/b] here.': the markup [/b] is missing from the translation",
        "es/tutor.po:22: msgid '[b]Stop[/b] here.': the markup [b] is missing from the translation",
        "es/tutor.po:30: msgid 'Quit': 48 characters for a label of 4: at most 30 fit the 60x20 layout",
    ]


def test_a_catalogue_that_is_not_a_catalogue_is_one_problem(tmp_path: Path) -> None:
    po = tmp_path / "tutor.po"
    po.write_text('msgid "a"\nmsgstr "b"\nmsgid\n')
    [problem] = check_catalogue(po, "de/tutor.po")
    assert str(problem).startswith("de/tutor.po:1: cannot be read")


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_whole_course_reads_and_plays_in_each_language(code: str) -> None:
    """A lesson's solution and its wrong answers name options by their English words: they must
    still find them once the options are read in another language."""
    from tutor.course import load_course
    from tutor.quiz.bank import check_quiz_file

    language.use(code)
    course = load_course(replay=True)
    assert [str(problem) for lesson in course.broken for problem in lesson.problems] == []
    assert check_quiz_file() == []
    assert language.tr("The deck and the deal") != "The deck and the deal"  # the catalogue is compiled and used


def test_lessons_check_checks_a_catalogue_and_every_shipped_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    po = tmp_path / "tutor.po"
    po.write_text(BAD)
    assert main(["lessons", "check", str(po)]) == 1
    said = capsys.readouterr().out.splitlines()
    assert f"{po}:16: msgid '{{seat}} draws from {{giver}}.': the placeholder {{giver}} is missing from the translation" in said
    assert said[-1] == "7 problems in 1 of 1 course file."
    assert main(["lessons", "check"]) == 0  # every shipped catalogue complete, and the course good in each language
    assert capsys.readouterr().out.strip().endswith("all good.")


@pytest.mark.parametrize(("code", "name"), [("es", "la Mona"), ("de", "Schwarzer Peter")])
def test_the_rules_say_what_children_call_the_game_and_how_theirs_differs(code: str, name: str) -> None:
    from tutor.engine import Rules
    from tutor.wording.rules import rules_summary

    language.use(code)
    heading, said = rules_summary(Rules.bicycle())[-1]
    assert heading in ("El nombre", "Der Name") and name in said
    assert ("baraja española" in said) if code == "es" else ("Buben" in said and "Dame" in said)


def test_a_language_the_learner_chooses_now_is_spoken_now_even_over_lang(store: Any, profile: Any) -> None:
    from dataclasses import replace

    from tutor.learner.session import LearnerSession

    language.ask("de")
    session = LearnerSession(store, profile)
    assert language.current() == "de"
    session.save_settings(replace(session.settings, guidance="hints"))
    assert language.current() == "de"  # saving something else keeps what --lang asked
    session.save_settings(replace(session.settings, language="es"))
    assert language.current() == "es"


def test_a_shared_tables_log_is_read_in_each_learners_own_language(store: Any) -> None:
    """Two pupils at one table, one in German, one in English: the log is kept in every language
    and each reads it in theirs (a move written by one is not left in the writer's language)."""
    from tutor.settings import Settings
    from tutor.store.tables import Tables

    tables = Tables(store)
    ana, ben = store.get_or_create_profile("Ana"), store.get_or_create_profile("Ben")
    language.use("de")
    view, _ = tables.open_or_join("Eule", ana, Settings(players=2))
    tables.open_or_join("Eule", ben, Settings(players=2))
    state = tables.start(view.id, ana, seed=3)  # as Ana reads it: "du" for herself
    german = state.log
    assert "Du hast den Tisch Eule eröffnet." in german and "Ben hat sich an den Tisch Eule gesetzt." in german
    assert any("alle 51 Karten ausgeteilt" in line for line in german)
    language.use("en")
    english = tables.load(view.id).log
    assert "Ana opened table Eule." in english and "Ben sat down at table Eule." in english
    assert len(english) == len(german) and not any("Karten" in line for line in english)


def test_the_learner_in_a_list_of_players_is_named_as_one_who_does_something() -> None:
    """Spanish and German name "you" differently after "from" (de ti, von dir) and as one of the
    players a sentence is about (Bea y tú, Bea und du)."""
    from tutor.wording import Seats

    seats = Seats(["Robin", "Bea", "Sam"])
    language.use("es")
    assert (seats.listed([1, 0]), seats.who(0)) == ("Bea y tú", "ti")
    language.use("de")
    assert (seats.listed([0, 2], capital=True), seats.who(0)) == ("Du und Sam", "dir")


def test_a_reading_is_kept_for_each_language_and_not_read_again_on_switching_back() -> None:
    reads: list[str] = []

    @language.per_language
    def greeting() -> str:
        reads.append(language.current())
        return language.tr("Quit")

    language.use("en")
    assert greeting() == "Quit"
    language.use("es")
    spanish = greeting()
    assert spanish != "Quit"
    language.use("en")
    assert greeting() == "Quit"
    language.use("es")
    assert greeting() == spanish
    assert reads == ["en", "es"]


def test_a_reading_made_while_the_language_changed_is_not_kept() -> None:
    """The home screen reads the course in a thread: if the learner switches language meanwhile,
    its words may be of both, and it is read again next time instead of kept."""
    reads = 0

    @language.per_language
    def course() -> int:
        nonlocal reads
        reads += 1
        if reads == 1:
            language.use("de")  # the learner chose another language while this was read
        return reads

    language.use("en")
    assert course() == 1
    language.use("en")
    assert course() == 2
    assert course() == 2


def test_a_reading_made_while_a_language_was_spoken_for_a_moment_is_read_again() -> None:
    """A game's move keeps its log in every language, each spoken for a moment, while the home
    screen may read the course in a thread: a reading made meanwhile may mix two languages'
    words, and is read again rather than kept."""
    reads: list[str] = []

    def read() -> int:
        reads.append(language.current())
        if len(reads) == 1:
            with language.speaking("de"):  # as a move on the app's thread would, halfway through
                pass
        return len(reads)

    kept = language.PerLanguage(read)
    assert kept() == 2 and kept() == 2 and reads == ["en", "en"]


def test_spanish_says_the_step_a_lesson_stopped_at_with_its_article() -> None:
    """ "Te quedaste en paso 2 de 6" lacked its "el"."""
    with language.speaking("es"):
        step = language.tr("step {step} of {steps}").format(step=2, steps=6)
        said = language.tr("{mark} You stopped at {step}. Press Enter to carry on.").format(mark="▶", step=step)
    assert "Te quedaste en el paso 2 de 6." in said


@pytest.mark.parametrize("code", ["es", "de"])
def test_the_standard_deck_has_one_name_in_settings_and_in_the_deck_choice(code: str) -> None:
    """Spanish said "Baraja normal" in the settings and "Cartas de póquer" where the deck is chosen."""
    with language.speaking(code):
        name, in_settings = language.tr("Playing cards"), language.tr("Playing cards ({count} in play)")
    assert in_settings.startswith(name + " ("), (name, in_settings)


def test_spanish_waits_for_one_learner_in_the_singular_and_for_two_in_the_plural() -> None:
    """ "Esperando a que Ana bajen sus parejas." read wrong to a walker: the verb follows the count."""
    from tutor.play.shared_game import SharedGame
    from tutor.wording import Seats

    class OthersPairing:
        waiting_for = frozenset({1})
        drawer = giver = None

    with language.speaking("es"):
        one = SharedGame._others_step(OthersPairing(), Seats(["Tú", "Ana", "Ben"], 0))  # type: ignore[arg-type]
        OthersPairing.waiting_for = frozenset({1, 2})
        two = SharedGame._others_step(OthersPairing(), Seats(["Tú", "Ana", "Ben"], 0))  # type: ignore[arg-type]
    assert one == "Esperando a que Ana baje sus parejas." and two == "Esperando a que Ana y Ben bajen sus parejas."
