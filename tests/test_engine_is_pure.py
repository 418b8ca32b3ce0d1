"""The rules engine must not depend on the user interface."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).parent.parent / "tutor" / "engine"


def test_engine_source_imports_nothing_from_textual() -> None:
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(name.split(".")[0] in {"textual", "rich"} for name in names), f"{path.name} imports {names}"


def test_importing_the_engine_loads_no_textual_module() -> None:
    code = "import sys, tutor.engine; print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


def test_every_exported_name_is_listed_once_and_loads() -> None:
    import tutor.engine as engine

    listed = [name for names in engine._WHERE.values() for name in names]
    assert sorted(listed) == sorted(engine.__all__) and len(set(listed)) == len(listed)
    for name in engine.__all__:
        assert getattr(engine, name) is not None
