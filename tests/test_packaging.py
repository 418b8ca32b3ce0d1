"""The course, the styles and the compiled catalogues ship inside the installed package, not only in the checkout."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.long
def test_the_wheel_carries_the_lessons_the_styles_and_every_package(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    lessons = {path.name for path in (ROOT / "lessons").glob("*.yaml")}
    assert {f"tutor/lessons/{name}" for name in lessons} <= names
    assert {"tutor/lessons/mistakes.yaml", "tutor/lessons/quiz.yaml"} <= names
    decks = {path.name for path in (ROOT / "lessons" / "decks").glob("*.yaml")}
    assert decks and {f"tutor/lessons/decks/{name}" for name in decks} <= names
    styles = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tutor" / "ui").rglob("*.tcss")}
    assert "tutor/ui/lessons/lessons.tcss" in styles and styles <= names
    packages = {path.parent.relative_to(ROOT).as_posix() for path in (ROOT / "tutor").rglob("__init__.py")}
    assert {f"{package}/__init__.py" for package in packages} <= names
    catalogues = {path.relative_to(ROOT).as_posix() for path in (ROOT / "tutor" / "locale").glob("*/LC_MESSAGES/tutor.po")}
    assert {"tutor/locale/de/LC_MESSAGES/tutor.po", "tutor/locale/es/LC_MESSAGES/tutor.po"} <= catalogues <= names
    assert {name.removesuffix(".po") + ".mo" for name in catalogues} <= names  # compiled by the build (setup.py)
