"""Which language a person reads: from the environment, a URL, a browser's header.

>>> from_environment({"LANG": "sv_SE.UTF-8"}), from_environment({"LANG": "C.UTF-8"})
('sv', 'en')
>>> from_accept_language("fr-CH, fr;q=0.9, es-DO;q=0.8, en;q=0.5")
'es'
>>> viewer_language("ro", "sv"), viewer_language(None, "sv-SE,sv;q=0.9"), viewer_language("xx", None)
('ro', 'sv', 'en')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .languages import DEFAULT, codes

__all__ = ["from_accept_language", "from_environment", "language_of", "viewer_language"]

ENVIRONMENT: Final = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the locale of messages, strongest first (POSIX)."""


def language_of(tag: str | None) -> str | None:
    """The catalogue's code for a locale name or language tag, else None.

    Reads POSIX names (``sv_SE.UTF-8``, ``ca_ES@valencia``) and BCP 47 tags
    (``es-DO``), in any case; ``C`` and ``POSIX`` are no language.

    >>> language_of("sv_SE.UTF-8"), language_of("es-DO"), language_of("C"), language_of("qps")
    ('sv', 'es', None, 'qps')
    """
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("_", "-").lower()
    code = base.split("-")[0]
    return code if code in codes() else None


def from_environment(env: Mapping[str, str]) -> str:
    """The language of messages the environment names: the first of ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set decides (as POSIX says), English
    when it names no language of the catalogues."""
    for name in ENVIRONMENT:
        value = env.get(name, "")
        if value:
            return language_of(value) or DEFAULT
    return DEFAULT


def from_accept_language(header: str | None) -> str | None:
    """The language of the catalogues a browser's ``Accept-Language`` prefers
    most (RFC 9110: the highest ``q``, the first of equals), or None."""
    best: tuple[float, int, str] | None = None
    for place, item in enumerate((header or "").split(",")):
        tag, _, params = item.partition(";")
        code = language_of(tag)
        if code is None:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0 and (best is None or (quality, -place) > best[:2]):
            best = (quality, -place, code)
    return None if best is None else best[2]


def viewer_language(query: str | None, accept_language: str | None) -> str:
    """The viewer's language: ``?lang=`` when it names one of the catalogues,
    else the browser's preference, else English."""
    return language_of(query) or from_accept_language(accept_language) or DEFAULT
