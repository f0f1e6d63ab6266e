"""The command line's language, per call: click's own messages and our help texts.

click words its messages (``Usage:``, ``Error: No such option '--x'.``,
``Show this message and exit.``) with the module functions ``gettext`` and
``ngettext`` it imports into each of its modules. :func:`install` points those
names at :func:`click_gettext` and :func:`click_ngettext`, which ask the
translator of the current call (a :class:`~contextvars.ContextVar`, set by
:func:`speaking` for the length of one ``main()``): no global text domain, and
two calls in two languages (two threads, two tests) never mix. click's messages
are in our catalogue (:mod:`.click_messages`).

The help texts of our commands and options stay English in the sources and are
translated when a call formats them: :func:`in_language` gives a copy of a
command with its texts in the call's language, paragraph by paragraph (the
units Babel extracts, :mod:`.help_extract`). The language is known before
click parses anything (:func:`language_in`), so that a usage error of the group
itself is in it too.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final, TypeVar

import click

from ..i18n import ENGLISH, Translator, codes, from_environment

__all__ = [
    "click_gettext",
    "click_ngettext",
    "current",
    "help_words",
    "in_language",
    "install",
    "language_in",
    "speaking",
]

_CURRENT: Final[ContextVar[Translator]] = ContextVar("translator", default=ENGLISH)

_CLICK_MODULES: Final = (
    "core",
    "decorators",
    "exceptions",
    "formatting",
    "parser",
    "termui",
    "types",
    "utils",
)
"""click's modules that word messages with ``gettext`` (imported as ``_``)."""

_VALUED: Final = frozenset({"--max-bytes"})
"""The group's options that take a value (the value is not the command)."""

Command = TypeVar("Command", bound=click.Command)


def current() -> Translator:
    """The translator of the call under way (English outside one)."""
    return _CURRENT.get()


def click_gettext(message: str) -> str:
    """click's ``gettext``: ``message`` in the current call's language."""
    return _CURRENT.get().gettext(message)


def click_ngettext(singular: str, plural: str, n: int) -> str:
    """click's ``ngettext``: the form for ``n`` in the current call's language."""
    return _CURRENT.get().ngettext(singular, plural, n)


def install() -> None:
    """Make click word its messages in the current call's language."""
    from importlib import import_module

    for name in _CLICK_MODULES:
        module = import_module(f"click.{name}")
        if hasattr(module, "_"):
            setattr(module, "_", click_gettext)  # noqa: B010
        if hasattr(module, "ngettext"):
            setattr(module, "ngettext", click_ngettext)  # noqa: B010


@contextmanager
def speaking(t: Translator) -> Iterator[Translator]:
    """Within the block, click and :func:`current` speak ``t``'s language."""
    token = _CURRENT.set(t)
    try:
        yield t
    finally:
        _CURRENT.reset(token)


def language_in(args: Sequence[str], env: Mapping[str, str]) -> str:
    """The language a command line asks for: its ``--lang`` (before the
    command's name, as the group reads it), else the environment's.

    >>> language_in(["--lang", "SV", "validate", "--lang", "es"], {})
    'sv'
    >>> language_in(["--max-bytes", "9", "show", "x"], {"LANG": "ro_RO.UTF-8"})
    'ro'
    """
    words = iter(args)
    for word in words:
        if word == "--lang":
            value = next(words, "")
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        elif word in _VALUED:
            next(words, None)
            continue
        elif word.startswith("-") and word != "--":
            continue
        else:
            break
        if value.lower() in codes():
            return value.lower()
        break  # not a language: click says so, in the environment's
    return from_environment(env)


def help_words(text: str, t: Translator) -> str:
    """A help text in ``t``'s language, paragraph by paragraph (each with its
    lines joined, as click rewraps it), up to click's form feed."""
    body = inspect.cleandoc(text).partition("\f")[0]
    paragraphs = [_joined(p) for p in body.split("\n\n") if p.strip()]
    return "\n\n".join(t.gettext(paragraph) for paragraph in paragraphs)


def _joined(paragraph: str) -> str:
    """A paragraph's lines as one: the message id Babel's extraction gives it."""
    return " ".join(paragraph.split())


def in_language(command: Command, t: Translator) -> Command:
    """A copy of ``command`` that gives its help in ``t``'s language: its
    text, its short help and its options' help (click's own ``--help`` option
    is made anew, in the current call's language)."""
    copied = copy.copy(command)
    if command.help:
        copied.help = help_words(command.help, t)
    if command.short_help:
        copied.short_help = help_words(command.short_help, t)
    if command.epilog:
        copied.epilog = help_words(command.epilog, t)
    copied.params = [_param_in(param, t) for param in command.params]
    copied._help_option = None
    return copied


def _param_in(param: click.Parameter, t: Translator) -> click.Parameter:
    if not isinstance(param, click.Option) or not param.help:
        return param
    copied = copy.copy(param)
    copied.help = help_words(param.help, t)
    return copied
