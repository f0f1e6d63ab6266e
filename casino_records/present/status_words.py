"""A record's status in a player's language: alone, and as a count of records.

The statuses themselves (:class:`~casino_records.check.status.Status`) are
the machines' words and never change: JSON keeps ``ok``, ``disputed``,
``invalid`` and ``unreadable``. These are the words people read for them.

>>> from casino_records.i18n import translator
>>> status_word("disputed", translator("es")), status_count("invalid", 3, translator("es"))
('en disputa', '3 inválidos')
"""

from __future__ import annotations

from ..i18n import ENGLISH, Translator

__all__ = ["status_count", "status_width", "status_word"]


def status_word(status: str, t: Translator = ENGLISH) -> str:
    """The word for one record's status (the start of a status line)."""
    if status == "ok":
        return t.pgettext("record status", "ok")
    if status == "disputed":
        return t.pgettext("record status", "disputed")
    if status == "invalid":
        return t.pgettext("record status", "invalid")
    if status == "unreadable":
        return t.pgettext("record status", "unreadable")
    raise ValueError(f"no such status: {status!r}")


def status_count(status: str, n: int, t: Translator = ENGLISH) -> str:
    """``n`` records of one status, the word agreeing with the number
    (``9 disputed``; in Spanish ``1 inválido``, ``3 inválidos``)."""
    if status == "ok":
        text = t.npgettext("records counted", "{n} ok", "{n} ok", n)
    elif status == "disputed":
        text = t.npgettext("records counted", "{n} disputed", "{n} disputed", n)
    elif status == "invalid":
        text = t.npgettext("records counted", "{n} invalid", "{n} invalid", n)
    elif status == "unreadable":
        text = t.npgettext("records counted", "{n} unreadable", "{n} unreadable", n)
    else:
        raise ValueError(f"no such status: {status!r}")
    return text.format(n=n)


def status_width(statuses: tuple[str, ...], t: Translator = ENGLISH) -> int:
    """The width of the widest status word: the status lines' first column."""
    return max(len(status_word(status, t)) for status in statuses)
