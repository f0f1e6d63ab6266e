"""click's own messages that a player meets, marked so that Babel puts them in our catalogue.

click words them with ``gettext`` and ``ngettext`` (:mod:`.language` makes those
ask the call's translator); the texts below are click's message ids exactly, as
its sources write them, so that the catalogue's translation is found. Nothing
calls this module: it exists for the extraction (``N_`` marks a message without
translating it). A message of click's that is not here stays English.
"""

from __future__ import annotations

from ..i18n import N_

__all__ = ["MESSAGES", "PLURALS"]


def _plural(singular: str, plural: str) -> tuple[str, str]:
    return singular, plural


def ngettext(singular: str, plural: str, n: int) -> tuple[str, str]:
    """Mark a message with plural forms for extraction."""
    return _plural(singular, plural)


MESSAGES = (
    # help pages
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("default: {default}"),
    N_("required"),
    N_("(dynamic)"),
    # errors
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Aborted!"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Option {name!r} does not take a value."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("Choose from:\n\t{choices}"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("Could not open file {filename!r}: {message}"),
    N_("unknown error"),
)
"""click's messages without plural forms."""

PLURALS = (
    ngettext(
        "Got unexpected extra argument ({args})",
        "Got unexpected extra arguments ({args})",
        1,
    ),
    ngettext(
        "Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1
    ),
    ngettext(
        "Option {name!r} requires an argument.",
        "Option {name!r} requires {nargs} arguments.",
        1,
    ),
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1),
)
"""click's messages with plural forms (singular, plural)."""
