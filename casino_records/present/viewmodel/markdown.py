"""Markdown for the viewer's pages: names and comments are data, shown literally."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = [
    "md_escape",
    "md_table",
]

_MD_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&=\"'^])")


def md_escape(text: str) -> str:
    r"""Escape ``text`` so that Markdown shows it literally (names are data).

    Every Markdown, HTML and Streamlit directive character gets a backslash
    (CommonMark lets any ASCII punctuation be escaped); line breaks become
    spaces.

    >>> md_escape("<img src=x onerror=alert(1)>")
    '\\<img src\\=x onerror\\=alert\\(1\\)\\>'
    >>> md_escape("*Bo* :smile: $x$")
    '\\*Bo\\* \\:smile\\: \\$x\\$'
    """
    flat = " ".join(text.splitlines())
    return _MD_SPECIAL.sub(r"\\\1", flat)


def md_table(rows: Sequence[Mapping[str, object]], *, escaped: bool = False) -> str:
    r"""A GitHub-flavoured Markdown table of ``rows`` (the first row's keys head it).

    Every cell is escaped with :func:`md_escape` unless ``escaped`` says the
    caller already did (to keep its own Markdown, such as a colour).

    >>> print(md_table([{"side": "Ana|Bo", "cards": 3}]))
    | side | cards |
    |---|---|
    | Ana\|Bo | 3 |
    >>> md_table([])
    ''
    """
    if not rows:
        return ""

    def cell(value: object) -> str:
        text = str(value)
        return text if escaped else md_escape(text)

    keys = list(rows[0])
    lines = [
        "| " + " | ".join(cell(k) for k in keys) + " |",
        "|" + "---|" * len(keys),
    ]
    lines += [
        "| " + " | ".join(cell(row.get(k, "")) for k in keys) + " |" for row in rows
    ]
    return "\n".join(lines)
