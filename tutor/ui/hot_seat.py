"""Playing together at one keyboard (hot-seat): opening a game for the learner at this app and the
learners they name, and opening a saved one again with the same learners.

The host's window claims each learner (`tutor.learner.together`), so two windows never save one
learner's progress at once; a learner who cannot join is said in one line. The game is saved in
the host's profile; each learner's mistakes and finished game go to their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tutor.errors import CannotJoin
from tutor.language import tr
from tutor.learner.together import join, rejoin
from tutor.play.guided_game import TOGETHER_VERSION
from tutor.ui.dialogs import ConfirmScreen
from tutor.ui.notices import warn
from tutor.wording import same_name

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp


def open_hot_seat(app: TutorApp, names: Sequence[str]) -> bool:
    """A new game for the learner at `app` and the learners named (made if new), the other seats
    computer players. A learner who cannot join is said in one line and no game opens (False)."""
    from tutor.ui.game_screen import GameScreen

    try:
        guests = join(app.session, names)
    except CannotJoin as refused:
        warn(app, str(refused), timeout=20)
        return False
    app.push_screen(GameScreen(seed=app.seed, guests=guests))
    return True


def learners_of(saved: Any) -> list[str]:
    """The profile names of a saved game played together, seat by seat (the host first); [] for
    a solo game or none."""
    if not isinstance(saved, dict) or saved.get("version") != TOGETHER_VERSION or not isinstance(saved.get("learners"), list):
        return []
    names = [item.get("profile") for item in saved["learners"] if isinstance(item, dict)]
    return [name for name in names if isinstance(name, str)]


def resume_together(app: TutorApp) -> bool:
    """Open the saved game again if several learners play it (True): with the same learners, or,
    when one of them cannot join now, a line saying why and the offer of a new game."""
    from tutor.ui.game_screen import GameScreen

    names = learners_of(app.session.saved_game())
    if not names:
        return False
    try:
        guests = rejoin(app.session, names[1:])
    except CannotJoin as refused:

        def answered(new_game: bool | None) -> None:
            if new_game:
                app.open_game(resume=False, choose_deck=True)

        app.push_screen(ConfirmScreen(f"{refused} {tr('Start a new game instead?')}", tr("New game"), tr("Not now")), answered)
        return True
    app.push_screen(GameScreen(resume=True, seed=app.seed, guests=guests))
    return True


def play_together(app: TutorApp, names: Sequence[str], deck: str | None = None) -> None:
    """`play --with NAME ...`: the saved game if these same learners play it (with `deck`, if
    given), else a new one."""
    saved = learners_of(app.session.saved_game(deck))[1:]
    same = len(saved) == len(names) and all(any(same_name(name, other) for other in saved) for name in names)
    if not (same and resume_together(app)):
        open_hot_seat(app, names)
