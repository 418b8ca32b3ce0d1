"""A class served in a language (`serve --lang`): its pages say so, and the websocket's close
reason the page compares stays the same English words whatever the class speaks."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tutor import language
from tutor.serve.server import CLASS_STOPPED, ClassroomServer

FAKE_ARGV = [sys.executable, "-c", "pass", "--data-dir", "/class/folder"]


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    language.use("de")
    yield
    language.use("en")


async def page(path: str, code: str | None = None) -> str:
    server = ClassroomServer(FAKE_ARGV, host="0.0.0.0" if code else "127.0.0.1", port=0, public_url=None, max_sessions=30, code=code, announcement=[])
    async with TestClient(TestServer(await server._make_app())) as client:
        return await (await client.get(path)).text()


async def test_the_tutors_page_is_in_the_class_language_and_knows_the_close_reason() -> None:
    text = await page("/")
    assert '<html lang="de">' in text
    assert f"event.reason === {json.dumps(CLASS_STOPPED)}" in text


async def test_the_class_code_pages_are_in_the_class_language() -> None:
    for path in ("/", "/?code=WRONG1"):
        text = await page(path, code="KBTFRM")
        assert '<html lang="de">' in text and 'name="code"' in text
