"""Files a screen hands over: in a browser tab (a classroom) they go to the browser's downloads, so
no path on the server is ever asked for; in a terminal, to a path typed in a dialog.

    in_browser(app) -> bool                         # True in a classroom tab (or any web session)
    send_to_browser(app, text, file_name)           # a download in the learner's browser
    download_name(prefix, words, suffix, fallback)  # "old-maid-zoe.json": plain ASCII
    typed_path(text) -> Path                        # ValueError in words when it cannot be a path
    save_problem(error) -> str                      # a failed save, in one line for under the field
"""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path
from typing import Any

from textual.app import App

from tutor.classroom import is_served
from tutor.errors import UnsafeTarget
from tutor.language import mark, tr
from tutor.ui.reach import tutor_app

IMPORT_AT_THE_TEACHERS_COMPUTER = mark(
    "In a classroom, files are imported at the teacher's computer: the teacher types old-maid-tutor profiles import FILE there."
)


def in_browser(app: App[Any]) -> bool:
    """Whether this app is drawn in a browser tab, where the server's disk is not the learner's."""
    return is_served() or app.is_web


def send_to_browser(app: App[Any], text: str, file_name: str) -> None:
    """Start a download of ``text`` as ``file_name`` in the learner's browser."""
    app.deliver_text(io.StringIO(text), save_directory=_data_folder(app), save_filename=file_name, encoding="utf-8")


def _data_folder(app: App[Any]) -> Path:
    """Where a driver that is not a browser's would save (the browser's ignores it): the data folder,
    never the server's downloads folder (finding that would read the server's settings too)."""
    stored: Path | None = tutor_app(app).store.path
    return Path.cwd() if stored is None else stored.parent


def download_name(prefix: str, words: str, suffix: str, fallback: str) -> str:
    """``prefix-words.suffix`` with the letters and digits of ``words`` only, accents dropped and other
    scripts left out: a plain ASCII name, which every browser saves as it is."""
    plain = unicodedata.normalize("NFKD", words).encode("ascii", "ignore").decode("ascii")
    tidy = "-".join("".join(char if char.isalnum() else " " for char in plain.casefold()).split())
    return f"{prefix}-{tidy or fallback}{suffix}"


def typed_path(typed: str) -> Path:
    """The path typed, from the home folder when it starts with ~; ValueError, in words, when it
    cannot be a path at all."""
    if "\0" in typed:  # pasted text can carry one, and no file name may hold it
        raise ValueError(tr("it holds a hidden NUL character, which no file name may hold"))
    try:
        return Path(typed).expanduser().absolute()
    except RuntimeError as error:  # ~ with no home folder to start from
        raise ValueError(str(error)) from None


def save_problem(error: OSError | ValueError) -> str:
    """What went wrong when saving where the learner typed, in one line."""
    if isinstance(error, UnsafeTarget):
        return f"✗ {error}"
    if isinstance(error, OSError):
        return tr("✗ The file could not be saved there: {problem}. Try another place.").format(problem=error.strerror or error)
    return tr("✗ That can't be a file's name: {problem}. Please type it again.").format(problem=error)
