"""kill -9 in the middle of a game loses nothing: the saved game is the last screen (issue 12).

The app runs in a real terminal (a tmux pane), plays a few moves by reading its own screen, is
killed with SIGKILL, and then the store and a restarted app must show what the last screen showed.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from tutor.settings import Settings
from tutor.store import open_store

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None and os.environ.get("CI") != "true", reason="needs tmux for a real terminal (CI installs it: .ci/run)"
)

ROOT = Path(__file__).resolve().parent.parent
FACE = re.compile(r"[│║] ?((?:10|[2-9AJQK])[♣♦♥♠]) *[│║]")  # a card face in its box (double when selected)
SEAT_CARDS = re.compile(r"▒+ (\d+) cards?")
KEYS = "1234567890"


SOCKET = f"old-maid-kill-tests-{os.getpid()}"
"""A tmux server of this test process's own: the sizes its panes are made with are theirs alone
(a session of another test running beside it, on the default server, once widened a pane)."""


def tmux(*words: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *words], capture_output=True, text=True, check=True).stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def wait_for(session: str, text: str, seconds: float = 60) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = screen(session)
        if text in shown:
            return shown
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared:\n{screen(session)}")


def settled(session: str) -> str:
    """The screen once it has stopped changing."""
    before = screen(session)
    while True:
        time.sleep(0.4)
        now = screen(session)
        if now == before:
            return now
        before = now


def hand(shown: str) -> list[str]:
    """The learner's cards, left to right, read from the card faces below the seats (a card is
    drawn 3 or 5 lines high, by the room there is; its face is the line with rank and suit)."""
    cards: list[str] = []
    for line in shown.splitlines()[6:]:
        cards += FACE.findall(line)
    return cards


def others(shown: str) -> list[int]:
    return [int(count) for count in SEAT_CARDS.findall("\n".join(shown.splitlines()[:6]))]


def start(session: str, home: Path) -> None:
    command = f"cd {ROOT} && exec env OLD_MAID_TUTOR_HOME={home} {sys.executable} -m tutor --profile Ana play --seed 11"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "32", command)
    tmux("set-option", "-t", session, "window-size", "manual")  # kept at its size (tmux may size a pane with no client to its default, 80x24)
    tmux("resize-window", "-t", session, "-x", "100", "-y", "32")


def a_pair_to_lay_down(cards: list[str]) -> tuple[str, str] | None:
    seen: dict[str, int] = {}
    for index, card in enumerate(cards[:10]):
        rank = card[:-1]
        if rank in seen:
            return KEYS[seen[rank]], KEYS[index]
        seen[rank] = index
    return None


def test_kill_9_mid_game_keeps_exactly_the_last_screen(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with open_store(home) as store:
        store.save_settings(store.get_or_create_profile("Ana"), Settings(speed="instant"))
    session = f"reliab-kill-{os.getpid()}"
    start(session, home)
    try:
        shown = wait_for(session, "Lay down your pairs")
        for _ in range(2):  # a few moves: lay down pairs while there are some
            pair = a_pair_to_lay_down(hand(shown))
            if pair is None:
                break
            tmux("send-keys", "-t", session, *pair, "Enter")
            time.sleep(0.3)
            shown = settled(session)
        last = settled(session)
        pid = int(tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip())
        os.kill(pid, signal.SIGKILL)
        gone_by = time.monotonic() + 10
        while Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2][:3] and time.monotonic() < gone_by:
            time.sleep(0.05)  # a signal is delivered when the process next runs: wait until it has died
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)
    assert "laid down" in last
    with open_store(home) as store:
        saved = store.load_game(store.find_profile("Ana"))  # type: ignore[arg-type]
    assert saved is not None
    hands = saved["game"]["hands"]
    assert Counter(hands[0]) == Counter(hand(last))
    assert [len(cards) for cards in hands[1:]] == others(last)
    start(session, home)  # the same game comes back on the screen
    try:
        again = wait_for(session, "laid down")
        again = settled(session)
    finally:
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)
    assert Counter(hand(again)) == Counter(hand(last))
    assert others(again) == others(last)


def at_table(session: str, home: Path, name: str) -> None:
    command = f"cd {ROOT} && exec env OLD_MAID_TUTOR_HOME={home} {sys.executable} -m tutor --profile {name} play --table Red --seed 11"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "32", command)
    tmux("set-option", "-t", session, "window-size", "manual")  # kept at its size (tmux may size a pane with no client to its default, 80x24)
    tmux("resize-window", "-t", session, "-x", "100", "-y", "32")


def test_kill_9_of_one_player_at_a_table_and_the_game_goes_on(tmp_path: Path) -> None:
    """Two apps at one table, each in its own terminal; one is killed mid-game. The other plays on,
    and the killed one, started again, is back at its seat with the same hand."""
    from tutor.store.tables import Tables

    home = tmp_path / "home"
    with open_store(home) as store:
        for name in ("Dan", "Eve"):
            store.save_settings(store.get_or_create_profile(name), Settings(speed="instant"))
    dan, eve = f"table-dan-{os.getpid()}", f"table-eve-{os.getpid()}"
    try:
        at_table(dan, home, "Dan")
        wait_for(dan, "You: Dan (host)")
        at_table(eve, home, "Eve")
        wait_for(dan, "On your left: Eve")
        tmux("send-keys", "-t", dan, "Enter")  # the host starts
        last = wait_for(eve, "dealt all 51 cards")
        last = settled(eve)
        pid = int(tmux("display-message", "-p", "-t", eve, "#{pane_pid}").strip())
        os.kill(pid, signal.SIGKILL)
        tmux("send-keys", "-t", dan, "d")  # Dan plays on: says he is done pairing (or is told a pair is left)
        settled(dan)
        with open_store(home) as store:
            tables = Tables(store)
            (table,) = tables.open_tables()
            eve_seat = table.seat_of(store.find_profile("Eve"))  # type: ignore[arg-type]
            game = tables.load(table.id).game
        assert game is not None and eve_seat is not None
        assert Counter(hand(last)) == Counter(str(card) for card in game.hands[eve_seat])
        subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", eve], capture_output=True)
        at_table(eve, home, "Eve")  # back at the table: the same seat, the same hand
        wait_for(eve, "Table Red")
        again = settled(eve)
        assert Counter(hand(again)) == Counter(hand(last))
    finally:
        for session in (dan, eve):
            subprocess.run(["tmux", "-L", SOCKET, "kill-session", "-t", session], capture_output=True)
