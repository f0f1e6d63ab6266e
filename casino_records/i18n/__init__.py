"""The players' languages: the catalogues, the translator, the language chosen.

Everything a player reads can be said in the languages of :data:`LANGUAGES`;
what machines read (JSON and CSV keys, rule ids, pointers, the notation's
tokens) never changes with the language. A :class:`Translator` is handed to
every function that words something for people, explicitly, as a keyword
argument defaulting to :data:`ENGLISH`: there is no global text domain. The
command line picks the language from ``--lang``, then ``LC_ALL``,
``LC_MESSAGES`` and ``LANG`` (:func:`from_environment`); the viewer from
``?lang=``, then the browser's ``Accept-Language`` (:func:`viewer_language`).

The catalogues are GNU gettext files made and kept with Babel (docs/i18n.md):
``casino_records/locale/<code>/LC_MESSAGES/casino_records.po`` and its
compiled ``.mo``, read here with the standard library's :mod:`gettext` only.
"""

from __future__ import annotations

from .choice import from_accept_language, from_environment, language_of, viewer_language
from .languages import DEFAULT, LANGUAGES, PSEUDO, Language, codes, language
from .said import Said, Sayer, Seat, Side, said
from .translator import DOMAIN, ENGLISH, LOCALE_DIR, N_, Translator, translator

__all__ = [
    "DEFAULT",
    "DOMAIN",
    "ENGLISH",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "PSEUDO",
    "Language",
    "Said",
    "Sayer",
    "Seat",
    "Side",
    "Translator",
    "codes",
    "from_accept_language",
    "from_environment",
    "language",
    "language_of",
    "said",
    "translator",
    "viewer_language",
]
