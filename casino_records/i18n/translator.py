"""A translator: one language's catalogue, passed to every call that words things.

The catalogues are compiled gettext files beside the package's modules
(``casino_records/locale/<code>/LC_MESSAGES/casino_records.mo``), read with
the standard library only: Babel makes them (docs/i18n.md), nothing here
needs it. :func:`translator` loads each language once per process; the
objects are read-only and shared (by threads, by a viewer's sessions).
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Final

from .languages import DEFAULT, language

__all__ = ["DOMAIN", "ENGLISH", "LOCALE_DIR", "N_", "Translator", "translator"]

DOMAIN: Final = "casino_records"
"""The catalogues' domain: the name of every ``.po`` and ``.mo`` file."""
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""The catalogues' folder (package data)."""


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """``message`` itself: marks a message kept as data (an option's meaning, a
    scoring category) for the catalogues, to be put through ``t.gettext`` where
    it is shown."""
    return message


class Translator:
    """One language's words: ``gettext``, ``ngettext`` (plurals by the
    language's rules), ``pgettext`` and ``npgettext`` (a context for a word that
    is ambiguous alone, such as a status).

    Messages with values use named placeholders, filled by the caller
    (``t.ngettext("{n} record", "{n} records", n).format(n=n)``), so that a
    translation may put them in its own order.

    >>> t = translator("sv")
    >>> t.ngettext("{n} record", "{n} records", 2).format(n=2)
    '2 protokoll'
    >>> ENGLISH.pgettext("record status", "disputed")
    'disputed'
    """

    __slots__ = ("_catalogue", "code")

    def __init__(self, code: str, catalogue: gettext.NullTranslations) -> None:
        self.code: Final = code
        """The language's code."""
        self._catalogue = catalogue

    def gettext(self, message: str) -> str:
        """``message`` in this language."""
        return self._catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` of a message with plural forms."""
        return self._catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in this language, read in ``context``."""
        return self._catalogue.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """The form for ``n`` of a message with plural forms, read in ``context``."""
        return self._catalogue.npgettext(context, singular, plural, n)

    def __repr__(self) -> str:
        return f"Translator({self.code!r})"


def catalogue_path(code: str) -> Path:
    """The compiled catalogue of the language ``code``."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def translator(code: str = DEFAULT) -> Translator:
    """The translator of the language ``code`` (:data:`~.languages.LANGUAGES`),
    loaded once; English is the source strings themselves.

    :class:`LookupError` for a code without a catalogue.
    """
    language(code)  # a known language, or LookupError
    if code == DEFAULT:
        return Translator(code, gettext.NullTranslations())
    with catalogue_path(code).open("rb") as file:
        return Translator(code, gettext.GNUTranslations(file))


ENGLISH: Final = translator(DEFAULT)
"""The source strings: the default of every function that words things."""
