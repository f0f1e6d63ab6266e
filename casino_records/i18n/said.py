"""A message kept to be said later, in whatever language is asked then.

The engine and the replay word an error when they find it, long before anyone
knows the language of the reader (a JSON report is always English; a terminal
may be Swedish). A :class:`Said` keeps the message as its English source (the
catalogue's ``msgid``) and its values; :meth:`Said.text` says it in a
translator's language. :data:`said` makes one the way a translator words a
message, so that Babel extracts it as it extracts ``t.gettext``:

>>> from casino_records.i18n import translator
>>> turn = said.gettext("out of turn: it is {turn}'s turn, not {seat}'s")
>>> message = turn.format(turn=Seat(1), seat=Seat(0))
>>> message.text()
"out of turn: it is seat 1's turn, not seat 0's"
>>> message.text(names=["Ana", "Ben"])
"out of turn: it is Ben's turn, not Ana's"
>>> said.ngettext("{n} card", "{n} cards", 2).format(n=2).text(translator("sv"))
'2 kort'

A value may be a :class:`Said` itself (said in the same language), a
:class:`Seat` or a :class:`Side` (a player or a side, named when the names
are given), or anything else (shown with ``str``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .translator import ENGLISH, Translator

__all__ = ["Said", "Sayer", "Seat", "Side", "said"]


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat in a message: its player's name, or ``seat N`` where no name is known."""

    seat: int


@dataclass(frozen=True, slots=True)
class Side:
    """A side in a message: its name, or ``side N`` where no name is known."""

    side: int


@dataclass(frozen=True, slots=True)
class Said:
    """A message and its values, said in a language when :meth:`text` is asked."""

    message: str
    """The English source: the catalogue's ``msgid``."""
    plural: str | None = None
    """The English plural, for a message with plural forms."""
    n: int = 0
    """The count that picks the plural form."""
    values: tuple[tuple[str, object], ...] = ()
    """The placeholders' values, by name."""
    context: str | None = None
    """The message's context (``pgettext``), if it has one."""

    def format(self, **values: object) -> Said:
        """The message with these values for its placeholders."""
        return Said(
            self.message, self.plural, self.n, tuple(values.items()), self.context
        )

    def text(
        self,
        t: Translator = ENGLISH,
        names: Sequence[str] = (),
        sides: Sequence[str] = (),
    ) -> str:
        """The message in ``t``'s language; seats and sides named by ``names`` and
        ``sides`` (``seat N``, ``side N`` where they have no name)."""
        if self.context is not None:
            template = (
                t.pgettext(self.context, self.message)
                if self.plural is None
                else t.npgettext(self.context, self.message, self.plural, self.n)
            )
        elif self.plural is None:
            template = t.gettext(self.message)
        else:
            template = t.ngettext(self.message, self.plural, self.n)
        shown = {name: _shown(v, t, names, sides) for name, v in self.values}
        return template.format(**shown)

    def __str__(self) -> str:
        return self.text()


def _shown(
    value: object, t: Translator, names: Sequence[str], sides: Sequence[str]
) -> str:
    if isinstance(value, Said):
        return value.text(t, names, sides)
    if isinstance(value, Seat):
        k = value.seat
        if 0 <= k < len(names) and names[k]:
            return names[k]
        return t.gettext("seat {n}").format(n=k)
    if isinstance(value, Side):
        k = value.side
        if 0 <= k < len(sides) and sides[k]:
            return sides[k]
        return t.gettext("side {n}").format(n=k)
    return str(value)


class Sayer:
    """Words a message for later: ``said.gettext(...)``, ``said.ngettext(...)``
    and ``said.pgettext(...)`` return a :class:`Said` (to be given its values with ``format``), where a
    :class:`Translator`'s return the text."""

    def gettext(self, message: str) -> Said:
        """``message``, to be said later."""
        return Said(message)

    def ngettext(self, singular: str, plural: str, n: int) -> Said:
        """A message with plural forms, the form for ``n``, to be said later."""
        return Said(singular, plural, n)

    def pgettext(self, context: str, message: str) -> Said:
        """``message`` read in ``context``, to be said later."""
        return Said(message, context=context)


said: Final = Sayer()
"""The one :class:`Sayer`."""
