"""``stats`` for people and scripts: the rates and rankings of a results folder as text.

Takes what :mod:`casino_records.scale.query` computed (this module imports no
extra): aligned columns, rates as percentages, rule ids with their titles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..check.status import STATUSES
from ..engine.rulebook import rule
from ..i18n import ENGLISH, Translator
from ..record.json.jsonio import dumps_json
from .status_words import status_count

if TYPE_CHECKING:
    from ..scale.query import Stats, Table

__all__ = ["aligned", "percent", "sql_text", "stats_json", "stats_text"]


def percent(rate: float | None) -> str:
    """A rate as a percentage with one decimal.

    >>> percent(0.125), percent(None)
    ('12.5%', '—')
    """
    return "—" if rate is None else f"{100 * rate:.1f}%"


def aligned(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A table in aligned columns (two spaces apart), its header first.

    >>> print(aligned(["rule", "records"], [["R5.1", 3], ["G1", None]]), end="")
    rule  records
    R5.1  3
    G1    —
    """
    cells = [list(columns)] + [["—" if v is None else str(v) for v in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
        for row in cells
    ]
    return "\n".join(lines) + "\n"


def _rule_title(rule_id: str | None, t: Translator) -> str:
    if not rule_id:
        return "—"
    try:
        return f"{rule_id} {rule(rule_id, t.code).title}"
    except KeyError:
        return rule_id


def stats_text(found: Stats, t: Translator = ENGLISH) -> str:
    """What ``stats`` prints, in ``t``'s language."""
    o = found.overall
    total = o["records"]
    counts = ", ".join(status_count(status, o[status], t) for status in STATUSES)
    lines = [
        t.ngettext("{n} record: {counts}", "{n} records: {counts}", total).format(
            n=total, counts=counts
        ),
        t.gettext("dispute rate {disputed}, invalid rate {invalid}").format(
            disputed=percent(o["dispute_rate"]), invalid=percent(o["invalid_rate"])
        ),
        "",
        t.gettext("By preset and player count:"),
    ]
    groups = [
        (
            g["preset"],
            g["players"],
            g["records"],
            percent(g["dispute_rate"]),
            percent(g["invalid_rate"]),
            g["top_category"],
            g["top_rule"],
        )
        for g in found.groups.dicts()
    ]
    records = t.pgettext("stats column", "records")
    findings = t.pgettext("stats column", "findings")
    header = (
        t.pgettext("stats column", "preset"),
        t.pgettext("stats column", "players"),
        records,
        t.pgettext("stats column", "disputed"),
        t.pgettext("stats column", "invalid"),
        t.pgettext("stats column", "most disputed"),
        t.pgettext("stats column", "most broken rule"),
    )
    none = t.pgettext("stats", "none") + "\n"
    text = "\n".join(lines) + "\n" + _indented(aligned(header, groups))
    text += "\n" + t.gettext("Most disputed categories (claimed figures that differ):")
    text += "\n" + _indented(
        aligned(
            (t.pgettext("stats column", "category"), records, findings),
            found.categories.rows,
        )
        if found.categories.rows
        else none
    )
    text += "\n" + t.gettext("Rules most often broken:") + "\n"
    rules = [(_rule_title(r[0], t), r[1], r[2]) for r in found.rules.rows]
    text += _indented(
        aligned((t.pgettext("stats column", "rule"), records, findings), rules)
        if rules
        else none
    )
    return text


def _indented(text: str) -> str:
    return "".join(f"  {line}\n" for line in text.splitlines())


def stats_json(found: Stats) -> str:
    """``stats --format json``: the same figures, tables as lists of objects."""
    data = {
        "overall": found.overall,
        "groups": found.groups.dicts(),
        "categories": found.categories.dicts(),
        "rules": found.rules.dicts(),
    }
    return dumps_json(data).decode("utf-8")


def sql_text(table: Table, fmt: str = "text") -> str:
    """The answer to a ``stats --sql`` query: aligned columns, or JSON rows."""
    if fmt == "json":
        return dumps_json({"rows": table.dicts()}).decode("utf-8")
    return aligned(table.columns, table.rows)
