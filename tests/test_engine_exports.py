"""The engine's exported names (that it imports no user interface is an import contract: make lint)."""


def test_every_exported_name_is_listed_once_and_loads() -> None:
    import tutor.engine as engine

    listed = [name for names in engine._WHERE.values() for name in names]
    assert sorted(listed) == sorted(engine.__all__) and len(set(listed)) == len(listed)
    for name in engine.__all__:
        assert getattr(engine, name) is not None
