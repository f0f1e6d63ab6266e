"""Babel's extraction for the command line's modules: their messages and their help texts.

Babel reads ``t.gettext(...)`` calls and the like (its ``python`` method);
the help of a click command is its function's docstring, and an option's its
``help=`` argument, which no call marks. :func:`extract` yields both: the
messages Babel's own method finds, then each paragraph of every command's
docstring and every ``help=`` text, whitespace joined as :func:`.language.help_words`
looks them up. babel.cfg names it for ``casino_records/cli/``. Only Babel
calls it (a development tool): nothing at run time imports this module.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

__all__ = ["extract", "help_texts"]


def _decorated_by_click(node: ast.FunctionDef) -> bool:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else ""
        if isinstance(target, ast.Name):
            name = target.id
        if name in ("command", "group"):
            return True
    return False


def _paragraphs(text: str) -> list[str]:
    body = inspect.cleandoc(text).partition("\f")[0]
    return [" ".join(p.split()) for p in body.split("\n\n") if p.strip()]


def help_texts(source: str) -> Iterator[tuple[int, str]]:
    """Every help text of a module's source, with its line: the paragraphs of
    its click commands' docstrings and the ``help=`` arguments' texts.

    >>> source = (
    ...     "@click.command()\\n@click.option('--x', help='The x.')\\n"
    ...     "def f():\\n    'One.\\\\n\\\\n    Two\\\\n    lines.'\\n"
    ... )
    >>> list(help_texts(source))
    [(2, 'The x.'), (4, 'One.'), (4, 'Two lines.')]
    """
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg in ("help", "short_help", "epilog")
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    found += [(value.lineno, p) for p in _paragraphs(value.value)]
        elif isinstance(node, ast.FunctionDef) and _decorated_by_click(node):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                line = node.body[0].lineno
                found += [(line, p) for p in _paragraphs(doc)]
    yield from sorted(found)


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Any,
) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction method ``click``: Babel's ``python`` one, plus the help texts."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, text in help_texts(source):
        yield line, None, text, []
