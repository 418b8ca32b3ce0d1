"""Reading a lesson file as YAML while keeping the line of every value.

The text is composed with PyYAML's safe loader (the same parser `yaml.safe_load` uses), and the
node tree is turned into `Item`s: plain values that remember their line and field path, so every
problem can say exactly where it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import yaml

from .problems import Problem

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (much quicker), else the pure-Python one."""
PLAIN_TAGS = frozenset({"tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"})
MAX_ITEMS = 20_000
"""More values than this (say, from aliases nested inside aliases) is not a lesson."""


@dataclass(frozen=True)
class Item:
    """One value from the file: a scalar, a list of Items or a dict of Items, with its place."""

    value: str | int | float | bool | None | list[Item] | dict[str, Item]
    line: int
    field: str

    def child(self, key: str | int) -> str:
        """The field path of a child of this item."""
        if isinstance(key, int):
            return f"{self.field}[{key}]"
        return f"{self.field}.{key}" if self.field else key


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[Problem] = []
        self._constructor = yaml.SafeLoader("")
        self._items = 0
        self._open: set[int] = set()

    def item(self, node: yaml.Node, field: str) -> Item | None:
        self._items += 1
        if self._items > MAX_ITEMS:
            if self._items == MAX_ITEMS + 1:
                self._problem(node, field, f"more than {MAX_ITEMS:,} values: too big for a lesson")
            return None
        if id(node) in self._open:
            self._problem(node, field, "an alias refers to itself")
            return None
        line = node.start_mark.line + 1
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, field)
        if node.tag not in PLAIN_TAGS:
            self._problem(node, field, f"this value cannot be read: the tag {node.tag!r} is not plain YAML")
            return None
        self._open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return Item(self._sequence(node, field), line, field)
            return Item(self._mapping(node, field), line, field)
        finally:
            self._open.discard(id(node))

    def _scalar(self, node: yaml.ScalarNode, field: str) -> Item | None:
        try:
            return Item(self._constructor.construct_object(node, deep=True), node.start_mark.line + 1, field)
        except (yaml.YAMLError, ValueError, OverflowError) as error:  # a tag it refuses, a 30th of February
            self._problem(node, field, f"this value cannot be read: {getattr(error, 'problem', None) or error}")
            return None

    def _sequence(self, node: yaml.SequenceNode, field: str) -> list[Item]:
        items = (self.item(child, f"{field}[{index}]") for index, child in enumerate(node.value))
        return [item for item in items if item is not None]

    def _mapping(self, node: yaml.MappingNode, field: str) -> dict[str, Item]:
        result: dict[str, Item] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                self._problem(key_node, field, "field names must be plain words")
                continue
            key = key_node.value
            child = f"{field}.{key}" if field else key
            if key in result:
                self._problem(key_node, child, "given twice")
                continue
            item = self.item(value_node, child)
            if item is not None:
                result[key] = item
        return result

    def _problem(self, node: yaml.Node, field: str, message: str) -> None:
        self.problems.append(Problem(self.path, node.start_mark.line + 1, field, message))


def read_yaml(text: str, path: str) -> tuple[Item | None, list[Problem]]:
    """The document in `text` as an Item tree, and the problems found (bad YAML, repeated fields)."""
    try:
        node = yaml.compose(text, Loader=SAFE_LOADER)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = None if mark is None else mark.line + 1
        context = f" ({error.context})" if error.context and error.problem else ""
        return None, [Problem(path, line, "", f"not valid YAML: {error.problem or error.context}{context}")]
    except yaml.YAMLError as error:
        return None, [Problem(path, None, "", f"not valid YAML: {error}")]
    if node is None:
        return None, [Problem(path, 1, "", "the file is empty")]
    reader = _Reader(path)
    item = reader.item(node, "")
    return item, reader.problems

