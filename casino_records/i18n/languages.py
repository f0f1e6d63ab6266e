"""The languages the catalogues are in: a code and the language's own name.

Adding a language is one line here and one catalogue
(``casino_records/locale/<code>/LC_MESSAGES/casino_records.po``, made by
``make i18n-init LANG=<code>``): see docs/i18n.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["DEFAULT", "LANGUAGES", "PSEUDO", "Language", "codes", "language"]


@dataclass(frozen=True, slots=True)
class Language:
    """One language of the catalogues."""

    code: str
    """Its code: the catalogue's folder, ``--lang`` and the viewer's ``?lang=``."""
    name: str
    """Its own name for itself, as the language picker shows it."""
    english: str
    """Its name in English (the docs, ``--help``)."""
    pseudo: bool = False
    """The pseudo-language of the tests: every string wrapped and lengthened."""


DEFAULT: Final = "en"
"""The language of the source strings, and of anyone whose language is not here."""
PSEUDO: Final = "qps"
"""The pseudo-language's code (``qps``: ISO 639's range for local use, as
Microsoft's pseudo-locales)."""

LANGUAGES: Final = (
    Language("en", "English", "English"),
    Language("es", "Español", "Spanish"),
    Language("sv", "Svenska", "Swedish"),
    Language("ro", "Română", "Romanian"),
    Language("ca", "Català", "Catalan"),
    Language("hy", "Հայերեն", "Armenian"),
    Language("te", "తెలుగు", "Telugu"),
    Language(PSEUDO, "⟦Ƥšéûđô~~~⟧", "pseudo-language (tests)", pseudo=True),
)
"""Every language, English first; the pseudo-language last."""


def codes() -> tuple[str, ...]:
    """Every language's code, in the order of :data:`LANGUAGES`.

    >>> codes()
    ('en', 'es', 'sv', 'ro', 'ca', 'hy', 'te', 'qps')
    """
    return tuple(lang.code for lang in LANGUAGES)


def language(code: str) -> Language:
    """The language of ``code``; :class:`LookupError` for a code not here.

    >>> language("sv").name
    'Svenska'
    """
    for lang in LANGUAGES:
        if lang.code == code:
            return lang
    raise LookupError(f"no catalogue for the language {code!r}")
