"""The catalogues are compiled (.po to .mo) when the package is built, so an installed tutor speaks
every language without `make setup` (tutor/language.py; the rest of the build is pyproject.toml)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("tutor/locale").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as source:
                catalogue = read_po(source)
            written = po.with_suffix(".mo.new")
            with written.open("wb") as compiled:
                write_mo(compiled, catalogue)
            written.replace(po.with_suffix(".mo"))  # whole, at once: a running tutor may be reading it
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
