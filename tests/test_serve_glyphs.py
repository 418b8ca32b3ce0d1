"""Every character the app draws is in DejaVu Sans Mono, the monospace font a browser falls back to
offline (`old-maid-tutor serve`): no boxes where a glyph is missing.

The font's character map is read straight from the .ttf (its `cmap` table), so the test needs no
font library. Locally it skips when the font is not installed; in CI (CI=true) that is a failure.
"""

from __future__ import annotations

import io
import os
import re
import struct
import tokenize
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")


def font_characters(path: Path) -> set[int]:
    """The code points `path` (a TrueType font) has a glyph for: its cmap subtables 4 and 12."""
    data = path.read_bytes()
    (tables,) = struct.unpack_from(">H", data, 4)
    offsets = {}
    for index in range(tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        offsets[tag] = offset
    cmap = offsets[b"cmap"]
    (subtables,) = struct.unpack_from(">H", data, cmap + 2)
    found: set[int] = set()
    for index in range(subtables):
        _platform, _encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        found |= _subtable(data, cmap + offset)
    return found


def _subtable(data: bytes, start: int) -> set[int]:
    (kind,) = struct.unpack_from(">H", data, start)
    found: set[int] = set()
    if kind == 4:
        (double,) = struct.unpack_from(">H", data, start + 6)
        count = double // 2
        ends = struct.unpack_from(f">{count}H", data, start + 14)
        starts = struct.unpack_from(f">{count}H", data, start + 16 + double)
        deltas = struct.unpack_from(f">{count}h", data, start + 16 + 2 * double)
        ranges_at = start + 16 + 3 * double
        range_offsets = struct.unpack_from(f">{count}H", data, ranges_at)
        for segment in range(count):
            for char in range(starts[segment], ends[segment] + 1):
                if char == 0xFFFF:
                    continue
                if range_offsets[segment] == 0:
                    glyph = (char + deltas[segment]) & 0xFFFF
                else:
                    at = ranges_at + 2 * segment + range_offsets[segment] + 2 * (char - starts[segment])
                    (glyph,) = struct.unpack_from(">H", data, at)
                    glyph = (glyph + deltas[segment]) & 0xFFFF if glyph else 0
                if glyph:
                    found.add(char)
    elif kind == 12:
        (groups,) = struct.unpack_from(">I", data, start + 12)
        for group in range(groups):
            first, last, _glyph = struct.unpack_from(">III", data, start + 16 + 12 * group)
            found.update(range(first, last + 1))
    return found


@pytest.fixture(scope="module")
def dejavu() -> set[int]:
    if not FONT.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{FONT} is missing: install fonts-dejavu-core (.ci/run does)")
        pytest.skip(f"{FONT} is not installed (apt-get install fonts-dejavu-core)")
    return font_characters(FONT)


def python_strings(path: Path) -> str:
    """The string literals of a Python file (comments may name a character the app does not draw)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return "\n".join(token.string for token in tokens if token.type == tokenize.STRING)


def drawn_text() -> dict[Path, str]:
    """Everything the app can draw: strings in its code, its stylesheets and its course files."""
    texts: dict[Path, str] = {}
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        texts[path] = python_strings(path)
    for pattern in ("*.tcss",):
        for path in sorted((ROOT / "tutor").rglob(pattern)):
            texts[path] = path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "lessons").rglob("*.yaml")):
        texts[path] = path.read_text(encoding="utf-8")
    return texts


def missing(text: str, font: set[int]) -> set[str]:
    return {char for char in text if ord(char) > 0x7F and ord(char) not in font and not char.isspace()}


def test_the_font_reader_knows_dejavu(dejavu: set[int]) -> None:
    assert {ord(c) for c in "A♠♣♥♦✓✗▶○⊘≡⌕★"} <= dejavu
    assert not {0x2B58, 0x1F512, 0x1F50E} & dejavu  # Textual's header icon, an emoji lock and search icon


def test_every_character_in_the_apps_text_is_in_dejavu_sans_mono(dejavu: set[int]) -> None:
    texts = drawn_text()
    assert len(texts) > 20  # the scan found the app's files
    problems = [
        f"{path.relative_to(ROOT)}: {char!r} U+{ord(char):04X} {unicodedata.name(char, '?')}"
        for path, text in texts.items()
        for char in sorted(missing(text, dejavu))
    ]
    assert not problems, "characters DejaVu Sans Mono lacks (a browser shows a box):\n" + "\n".join(problems)


def test_every_border_the_app_draws_is_in_dejavu_sans_mono(dejavu: set[int]) -> None:
    """Textual draws each border style with characters of its own (dashed: ┏╍┓╏): a style the
    app's styles name must be drawn in DejaVu Sans Mono too, or a browser shows boxes."""
    from textual._border import BORDER_CHARS

    named = {
        style
        for path in (*(ROOT / "tutor").rglob("*.tcss"), *(ROOT / "tutor").rglob("*.py"))
        for style in re.findall(r"\bborder(?:-(?:top|bottom|left|right))?:\s*([a-z]+)", path.read_text(encoding="utf-8"))
    }
    assert {"round", "heavy", "dashed"} <= named  # the scan found the app's styles
    drawn = {style: "".join("".join(row) for row in BORDER_CHARS[style]) for style in named if style in BORDER_CHARS}
    assert not {style: sorted(missing(chars, dejavu)) for style, chars in drawn.items() if missing(chars, dejavu)}


def test_a_missing_character_is_found(dejavu: set[int], tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text('# a comment may say 🔒\nLOCK = "🔒"\n', encoding="utf-8")
    assert missing(python_strings(source), dejavu) == {"🔒"}


def test_the_icons_textual_draws_for_the_app_are_in_dejavu(dejavu: set[int]) -> None:
    from textual.command import SearchIcon

    from tutor.ui.header import ICON, TutorHeader
    from tutor.ui.palette import SEARCH_ICON

    assert TutorHeader().icon == ICON
    assert ord(ICON) in dejavu and ord(SEARCH_ICON) in dejavu
    assert ord(SearchIcon().icon) not in dejavu  # still Textual's default: the palette must set its own


async def test_the_palette_shows_its_own_search_icon() -> None:
    from textual.app import App
    from textual.command import SearchIcon

    from tutor.ui.palette import SEARCH_ICON, SafeCommandPalette

    app: App[None] = App()
    async with app.run_test() as pilot:
        app.push_screen(SafeCommandPalette())
        await pilot.pause()
        assert app.screen.query_one(SearchIcon).icon == SEARCH_ICON
