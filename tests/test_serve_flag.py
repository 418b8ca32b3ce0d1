"""The served flag: the one way an app process knows `old-maid-tutor serve` started it."""

from __future__ import annotations

from tutor.classroom import SERVED_VARIABLE, is_served, served_environment


def test_not_served_without_the_variable() -> None:
    assert not is_served({})
    assert not is_served({SERVED_VARIABLE: "0"})
    assert not is_served({SERVED_VARIABLE: ""})


def test_served_environment_sets_the_flag_and_keeps_the_rest() -> None:
    env = served_environment({"HOME": "/x"})
    assert is_served(env)
    assert env["HOME"] == "/x"


def test_is_served_reads_this_process(monkeypatch) -> None:
    monkeypatch.delenv(SERVED_VARIABLE, raising=False)
    assert not is_served()
    monkeypatch.setenv(SERVED_VARIABLE, "1")
    assert is_served()
