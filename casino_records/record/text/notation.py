"""The text notation: a PGN-like, human-writable form of a whole record.

A game is a section of tag lines (``[Name value ...]``) followed by a body of
lines: an optional game comment, then per deal a ``Deal`` header, the provenance
lines (``Shuffle``, ``Deck``, ``Table``), ``Round`` lines each with optional
``Hands`` and one move per line, and the claimed scores (``Claimed``, ``Side``).
The grammar is in ``docs/notation.md`` ("Text notation"). Every record can be
written and read back unchanged: ``read_text(write_text(r)) == r``, so
``io.dumps`` gives the same bytes before and after.

>>> from casino_records.record.json.jsonio import loads
>>> record = loads(b'{"format": "casino-record/1", "rules": {"preset": "royal"},'
...     b' "players": [{"name": "Ana"}, {"name": "Ben"}], "deals": [{"dealer": 1,'
...     b' "table": ["4S", "5D", "6C", "9C"], "rounds": [{"moves": [{"seat": 0,'
...     b' "card": "9D", "action": "capture", "take": ["4S", "5D"],'
...     b' "comment": "a {nice} one"}]}]}]}')
>>> print(write_text(record), end="")
[Format "casino-record/1"]
[Preset "royal"]
[Player 0 "Ana"]
[Player 1 "Ben"]
<BLANKLINE>
Deal 1 dealer S1
Table 4S 5D 6C 9C
Round 1
1. S0 9D x 4S 5D {a {nice\\} one}
>>> read_text(write_text(record)) == record
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final, TextIO

from ...errors import InvalidRecordError
from ..format.models import (
    SHUFFLE_METHOD,
    BuildMove,
    CaptureMove,
    ClaimedSide,
    Deal,
    GameRecord,
    MoveRecord,
    Piles,
    TrailMove,
)
from .lex import comment, quote
from .parse import parse_game

__all__ = [
    "META_TAGS",
    "comment",
    "dump_text_archive",
    "move_notation",
    "quote",
    "read_text",
    "read_text_archive",
    "write_text",
    "write_text_archive",
]

META_TAGS: Final = (
    ("Event", "event"),
    ("Site", "site"),
    ("Date", "date"),
    ("Round", "round"),
    ("Annotator", "annotator"),
    ("Source", "source"),
)
"""Tag names of the ``meta`` string fields, in writing order."""

_BARE_WORD: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


# --- Reading -----------------------------------------------------------------


def read_text(text: str) -> GameRecord:
    """Read one game written in the text notation.

    :param text: the whole document; a leading byte order mark is ignored.
    :returns: the validated record.
    :raises InvalidRecordError: a syntax error (one entry) or the record's
        structural errors (all of them). Each message starts with
        ``line L, column C:`` and ``where`` is ``line L, column C``; ``loc`` is
        the JSON pointer of the element, when there is one.
    """
    lines = text.removeprefix("\ufeff").split("\n")
    return parse_game([line.removesuffix("\r") for line in lines], first_line=1)


def read_text_archive(
    source: str | Iterable[str],
) -> Iterator[tuple[int, GameRecord | InvalidRecordError]]:
    """Stream the games of a text archive, one after another.

    A game starts at a tag line that follows the body of the previous game
    (games are normally separated by a blank line). A bad game does not stop
    the stream: it is yielded as an error; line numbers count from the start
    of the archive.

    :param source: the whole archive as one string, or its lines (an open text
        file, for example), with or without their line ends.
    :returns: an iterator of ``(line_no, record_or_error)``, where ``line_no``
        is the first line of the game, from 1.
    """
    lines: Iterable[str] = source.split("\n") if isinstance(source, str) else source
    chunk: list[str] = []
    start = 1
    in_body = False
    for number, raw in enumerate(lines, 1):
        line = raw.removesuffix("\n").removesuffix("\r")
        if number == 1:
            line = line.removeprefix("\ufeff")
        stripped = line.strip()
        if stripped.startswith("[") and in_body:
            yield start, _parse_chunk(chunk, start)
            chunk, start, in_body = [], number, False
        if not chunk and not stripped:
            start = number + 1
            continue
        if stripped and not stripped.startswith("["):
            in_body = True
        chunk.append(line)
    if chunk:
        yield start, _parse_chunk(chunk, start)


def _parse_chunk(lines: list[str], start: int) -> GameRecord | InvalidRecordError:
    try:
        return parse_game(lines, first_line=start)
    except InvalidRecordError as exc:
        return exc


# --- Writing -----------------------------------------------------------------


def write_text(record: GameRecord) -> str:
    """Return a record in the text notation, in its one canonical layout.

    The tag section, a blank line, then the body; the text ends with a newline.
    """
    return "\n".join([*_tag_lines(record), "", *_body_lines(record)]) + "\n"


def write_text_archive(records: Iterable[GameRecord]) -> str:
    """Return several games as one text archive, separated by blank lines."""
    return "\n".join(write_text(record) for record in records)


def dump_text_archive(records: Iterable[GameRecord], stream: TextIO) -> None:
    """Write several games to a text stream as an archive, one at a time.

    :param records: the games, possibly a lazy iterator.
    :param stream: a text stream opened for writing (UTF-8).
    """
    for n, record in enumerate(records):
        if n:
            stream.write("\n")
        stream.write(write_text(record))


def _tag(name: str, *values: str) -> str:
    return "[" + " ".join((name, *values)) + "]"


def _tag_lines(record: GameRecord) -> Iterator[str]:
    yield _tag("Format", quote(record.format))
    if record.id is not None:
        yield _tag("Id", quote(record.id))
    meta = record.meta
    if meta is not None:
        written = False
        for name, field in META_TAGS:
            value = getattr(meta, field)
            if value is not None:
                written = True
                yield _tag(name, quote(value))
        for key, value in meta.tags.items():
            written = True
            yield _tag("Tag", quote(key), quote(value))
        if not written:
            yield _tag("Meta")
    yield _tag("Preset", quote(record.rules.preset))
    for name, value in record.rules.options.items():
        yield _tag("Option", _word_or_quote(name), _option_value(value))
    for seat, player in enumerate(record.players):
        extra = () if player.id is None else (quote(player.id),)
        yield _tag("Player", str(seat), quote(player.name), *extra)
    if record.teams is not None:
        teams = " ".join(",".join(str(seat) for seat in team) for team in record.teams)
        yield _tag("Teams", quote(teams))
    claimed = record.claimed
    if claimed is not None:
        if claimed.totals is not None:
            yield _tag("ClaimedTotals", *(str(total) for total in claimed.totals))
        if claimed.winner is not None:
            yield _tag("ClaimedWinner", str(claimed.winner))
        if claimed.comment is not None:
            yield _tag("ClaimedComment", quote(claimed.comment))
        if (
            claimed.totals is None
            and claimed.winner is None
            and claimed.comment is None
        ):
            yield _tag("Claimed")


def _word_or_quote(text: str) -> str:
    return text if _BARE_WORD.fullmatch(text) else quote(text)


def _option_value(value: bool | int | str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return quote(value)


def _body_lines(record: GameRecord) -> Iterator[str]:
    if record.comment is not None:
        yield comment(record.comment)
    for number, deal in enumerate(record.deals, 1):
        yield from _deal_lines(number, deal)


def _deal_lines(number: int, deal: Deal) -> Iterator[str]:
    head = f"Deal {number} dealer S{deal.dealer}"
    yield head if deal.comment is None else f"{head} {comment(deal.comment)}"
    if deal.shuffle is not None:
        method = deal.shuffle.method
        prefix = "" if method == SHUFFLE_METHOD else quote(method) + " "
        yield "Shuffle " + prefix + quote(deal.shuffle.seed)
    if deal.deck is not None:
        yield " ".join(("Deck", *deal.deck))
    if deal.table is not None:
        yield " ".join(("Table", *deal.table))
    if deal.piles is not None:
        yield _piles_line(deal.piles)
    number = 0  # moves count from 1 across the deal's rounds
    for r, round_ in enumerate(deal.rounds, 1):
        yield f"Round {r}"
        if round_.hands is not None:
            yield "Hands " + " / ".join(" ".join(hand) for hand in round_.hands)
        for move in round_.moves:
            number += 1
            yield from _move_lines(number, move, "")
    if deal.claimed is not None:
        claimed = deal.claimed
        yield "Claimed" + (
            "" if claimed.comment is None else " " + comment(claimed.comment)
        )
        for side, entry in enumerate(claimed.sides):
            yield _side_line(side, entry)


def _move_lines(number: int, move: MoveRecord, indent: str) -> Iterator[str]:
    """A move's line, then each of its lines of play: ``(`` on a line of its
    own, the line's moves numbered on from this one and indented two spaces,
    ``)`` (docs/notation.md, Variations)."""
    yield f"{indent}{number}. {move_notation(move)}"
    for line in move.variations or ():
        yield f"{indent}("
        for offset, branch in enumerate(line):
            yield from _move_lines(number + offset, branch, indent + "  ")
        yield f"{indent})"


def move_notation(move: MoveRecord) -> str:
    """Return one move in the move syntax of the text notation.

    >>> move_notation(BuildMove(seat=0, card="2D", action="build", value=8, onto=("6C",)))
    'S0 2D +8 6C'
    """
    words = [f"S{move.seat}", move.card]
    match move:
        case TrailMove():
            words.append("-")
        case CaptureMove():
            words.append("x" if move.value is None else f"x{move.value}")
            words.extend(move.take)
        case BuildMove():
            words.append(f"+{move.value}")
            words.extend(move.onto)
    if move.glyph is not None:
        words.append(move.glyph)
    if move.comment is not None:
        words.append(comment(move.comment))
    return " ".join(words)


def _piles_line(piles: Piles) -> str:
    """``Piles AS 2S / 10D sweeps 0 1 last S1 left QC KC`` (docs/notation.md §6.6)."""
    words = ["Piles"]
    for side, pile in enumerate(piles.sides):
        words.extend(("/", *pile) if side else pile)
    words.extend(("sweeps", *map(str, piles.sweeps)))
    if piles.last_capture is not None:
        words.append(f"last S{piles.last_capture}")
    if piles.left:
        words.extend(("left", *piles.left))
    return " ".join(words)


def _side_line(side: int, entry: ClaimedSide) -> str:
    words = [f"Side {side}"]
    if entry.points is not None:
        points = entry.points.model_dump(exclude_none=True)
        words.append(_group("points", points))
    if entry.total is not None:
        words.append(f"total {entry.total}")
    if entry.counts is not None:
        words.append(_group("counts", entry.counts.model_dump(exclude_none=True)))
    return " ".join(words)


def _group(name: str, values: dict[str, int]) -> str:
    inside = " ".join(f"{key} {value}" for key, value in values.items())
    return f"{name} ({inside})"
