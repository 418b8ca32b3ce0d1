"""--lang on the command line: read before --help is built, and `serve --lang` passed on to every
pupil's tab as the class's default language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tutor import language
from tutor.cli.command import _asked_language, build_parser, main
from tutor.serve.command import class_language


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    language.ask(None)
    language.use("en")


def test_lang_is_read_before_the_parser_is_built() -> None:
    assert _asked_language(["--lang", "de", "--help"]) == "de"
    assert _asked_language(["--lang=ES", "serve", "--help"]) == "es"
    assert _asked_language(["serve", "--lang", "de"]) == "de"
    assert _asked_language(["--lang", "xx"]) is None  # left to the parser, which says what it speaks
    assert _asked_language(["lesson", "--", "--lang", "de"]) is None
    assert _asked_language(["--lang"]) is None


def test_help_in_another_language_keeps_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "de", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert language.current() == "de"
    for option in ("--data-dir DIR", "--lang CODE", "--plain", "--profile NAME"):
        assert option in out
    assert "show program's version number" not in out  # argparse's own words for --version, said in German too


def test_an_unknown_language_is_one_line_naming_those_there_are(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "xx"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'xx'" in err and "en, es, de" in err


@pytest.mark.parametrize(
    ("words", "environment", "said"),
    [
        (["--lang", "es", "--bogus"], "", "old-maid-tutor: error: argumentos desconocidos: --bogus (prueba --help)"),
        (["--lang", "es", "play", "--seed"], "", "old-maid-tutor play: error: argumento --seed: se esperaba un valor (prueba --help)"),
        (["lesson"], "de", "old-maid-tutor lesson: Fehler: diese Argumente fehlen: ID (siehe --help)"),
    ],
)
def test_the_parsers_own_errors_speak_the_language_asked_or_the_environments(
    words: list[str], environment: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Spanish teacher's mistyped option was told "unrecognized arguments" in English, and with
    LANGUAGE=de even "(try --help)" was English: argparse's errors are said like the rest."""
    if environment:
        monkeypatch.setenv("LANGUAGE", environment)
    with pytest.raises(SystemExit) as done:
        main(words)
    assert done.value.code == 2
    assert capsys.readouterr().err == said + "\n"


def test_serve_lang_is_the_class_language() -> None:
    args = build_parser().parse_args(["serve", "--lang", "DE"])
    assert args.class_lang == "de"
    assert class_language(args.class_lang) == ["--lang", "de"]
    assert class_language(None) == []
    assert build_parser().parse_args(["--lang", "es", "serve"]).lang == "es"


def test_serve_passes_the_language_to_every_tab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from tutor.serve import server

    made: list[list[str]] = []

    class FakeServer:
        closed_sessions = 0

        def __init__(self, app_argv: list[str], **options: object) -> None:
            made.append(list(app_argv))

        def serve(self) -> None:
            pass

    monkeypatch.setattr(server, "ClassroomServer", FakeServer)
    assert main(["--data-dir", str(tmp_path), "serve", "--lang", "es"]) == 0
    assert made and made[0][:3] == [sys.executable, "-m", "tutor.serve.tab"] and made[0][-2:] == ["--lang", "es"]
    assert language.current() == "es", "the teacher hears the class's language too"
    made.clear()
    assert main(["--data-dir", str(tmp_path), "serve"]) == 0
    assert "--lang" not in made[0]


def test_a_tabs_lang_is_a_default_the_pupils_own_setting_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.classroom import SERVED_VARIABLE
    from tutor.serve.warm import speak_the_class

    monkeypatch.setenv(SERVED_VARIABLE, "1")
    speak_the_class(["--data-dir", "/somewhere", "--lang", "de"])
    assert language.current() == "de"
    language.use_for_learner("es")
    assert language.current() == "es"
    language.use_for_learner("")
    assert language.current() == "de"
