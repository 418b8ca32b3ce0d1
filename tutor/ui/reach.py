"""The one typed way from a screen, a widget or the app itself to the tutor's app and to the
learner at its keyboard (a `LearnerSession`: their profile, settings, record and recorder).

    learner(self).saved_game()
    tutor_app(self).open_game(resume=True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import App
from textual.dom import DOMNode

if TYPE_CHECKING:
    from tutor.learner.session import LearnerSession
    from tutor.ui.app import TutorApp


def tutor_app(node: DOMNode) -> TutorApp:
    """The TutorApp that `node` belongs to (or `node`, when it is the app)."""
    return cast("TutorApp", node if isinstance(node, App) else node.app)


def learner(node: DOMNode) -> LearnerSession:
    """The learner at the keyboard of the app that `node` belongs to."""
    return tutor_app(node).session
