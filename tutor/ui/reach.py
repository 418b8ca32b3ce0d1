"""The one typed way from a screen, a widget or the app itself to the tutor's app: its learner
(`profile`), `store` and `settings`, and what it opens.

    tutor_app(self).store.load_game(tutor_app(self).profile)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import App
from textual.dom import DOMNode

if TYPE_CHECKING:
    from tutor.ui.app import TutorApp


def tutor_app(node: DOMNode) -> TutorApp:
    """The TutorApp that `node` belongs to (or `node`, when it is the app)."""
    return cast("TutorApp", node if isinstance(node, App) else node.app)
