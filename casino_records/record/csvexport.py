"""CSV export for spreadsheets: one row per move, or one row per deal and side.

CSV is **export only**: it cannot hold a whole record, and nothing reads it
back. :func:`loss_report` lists what a target format drops from a given record,
so that a tool can say so instead of dropping it silently.

The output follows RFC 4180: a header row, fields separated by commas, quoted
when they hold a comma, a quote or a line break, quotes doubled, lines ended by
CRLF. Write the returned text as UTF-8. Free-text cells (ids, names, comments)
that start with ``=``, ``+``, ``-``, ``@`` or a control character get a leading
``'`` so that a spreadsheet shows them instead of running them as formulas; pass
``escape_formulas=False`` to keep them unchanged.

>>> from casino_records.record.json.jsonio import loads
>>> record = loads(b'{"format": "casino-record/1", "id": "g1",'
...     b' "rules": {"preset": "classic"},'
...     b' "players": [{"name": "Ana"}, {"name": "Ben"}], "deals": [{"dealer": 1,'
...     b' "table": ["4S", "5D", "6C", "9C"], "rounds": [{"moves": [{"seat": 0,'
...     b' "card": "9D", "action": "capture", "take": ["4S", "5D"],'
...     b' "comment": "nice, clean"}]}]}]}')
>>> print(moves_csv([record]).replace("\\r\\n", "\\n"), end="")
game,game_id,deal,round,move,seat,player,action,card,cards,value,glyph,comment
1,g1,1,1,1,0,Ana,capture,9D,4S 5D,,,"nice, clean"
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Final, Literal, get_args

from .format.models import BuildMove, CaptureMove, ClaimedPoints, GameRecord, Meta

__all__ = [
    "MOVE_COLUMNS",
    "SCORE_COLUMNS",
    "TARGETS",
    "Target",
    "loss_report",
    "move_rows",
    "moves_csv",
    "score_rows",
    "scores_csv",
]

Target = Literal["json", "jsonl", "text", "moves-csv", "scores-csv"]
"""The formats the ``convert`` command writes."""
TARGETS: Final[tuple[Target, ...]] = get_args(Target)

MOVE_COLUMNS: Final = (
    "game",
    "game_id",
    "deal",
    "round",
    "move",
    "seat",
    "player",
    "action",
    "card",
    "cards",
    "value",
    "glyph",
    "comment",
)
"""Columns of :func:`moves_csv`. ``game`` is the record's position in the input
(from 1); deals, rounds and moves count from 1; ``cards`` holds the cards taken
(capture) or built onto (build), separated by spaces."""

_POINTS: Final = tuple(ClaimedPoints.model_fields)
SCORE_COLUMNS: Final = (
    "game",
    "game_id",
    "deal",
    "side",
    "players",
    *_POINTS,
    "total",
    "count_cards",
    "count_spades",
    "count_sweeps",
    "comment",
)
"""Columns of :func:`scores_csv`: the points claimed per category, the claimed
total and the claimed counts of the side's pile; an empty cell was not
claimed. ``players`` names the side's players, joined by `` & ``; ``comment``
is the comment on the deal's claimed result."""

_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r", "\n")


def moves_csv(records: Iterable[GameRecord], *, escape_formulas: bool = True) -> str:
    """Return one CSV row per move of the records (columns :data:`MOVE_COLUMNS`).

    :param records: the games, possibly a lazy iterator.
    :param escape_formulas: protect free-text cells from formula injection.
    """
    return _csv(MOVE_COLUMNS, move_rows(records, escape_formulas=escape_formulas))


def scores_csv(records: Iterable[GameRecord], *, escape_formulas: bool = True) -> str:
    """Return one CSV row per deal and side with the **claimed** figures.

    Only what the record says the players claimed is exported (columns
    :data:`SCORE_COLUMNS`); nothing is computed here. A deal without a claimed
    result still gets its rows, with empty figures.

    :param records: the games, possibly a lazy iterator.
    :param escape_formulas: protect free-text cells from formula injection.
    """
    return _csv(SCORE_COLUMNS, score_rows(records, escape_formulas=escape_formulas))


def _csv(columns: tuple[str, ...], rows: Iterator[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return out.getvalue()


def _text(value: str | None, escape_formulas: bool) -> str:
    if value is None:
        return ""
    if escape_formulas and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def move_rows(
    records: Iterable[GameRecord], *, escape_formulas: bool = True, first: int = 1
) -> Iterator[list[object]]:
    """The rows of :func:`moves_csv` (without the header), games numbered from ``first``."""
    escape = escape_formulas
    for game, record in enumerate(records, first):
        game_id = _text(record.id, escape)
        for d, deal in enumerate(record.deals, 1):
            for r, round_ in enumerate(deal.rounds, 1):
                for m, move in enumerate(round_.moves, 1):
                    cards: tuple[str, ...] = ()
                    value: int | None = None
                    if isinstance(move, CaptureMove):
                        cards, value = move.take, move.value
                    elif isinstance(move, BuildMove):
                        cards, value = move.onto, move.value
                    yield [
                        game,
                        game_id,
                        d,
                        r,
                        m,
                        move.seat,
                        _text(record.players[move.seat].name, escape),
                        move.action,
                        move.card,
                        " ".join(cards),
                        "" if value is None else value,
                        move.glyph or "",
                        _text(move.comment, escape),
                    ]


def score_rows(
    records: Iterable[GameRecord], *, escape_formulas: bool = True, first: int = 1
) -> Iterator[list[object]]:
    """The rows of :func:`scores_csv` (without the header), games numbered from ``first``."""
    escape = escape_formulas
    for game, record in enumerate(records, first):
        game_id = _text(record.id, escape)
        names: list[list[str]] = [[] for _ in range(record.side_count)]
        for seat, player in enumerate(record.players):
            names[record.side_of(seat)].append(player.name)
        for d, deal in enumerate(record.deals, 1):
            claimed = deal.claimed
            for side in range(record.side_count):
                entry = None
                if claimed is not None and side < len(claimed.sides):
                    entry = claimed.sides[side]
                points = entry.points if entry is not None else None
                counts = entry.counts if entry is not None else None
                yield [
                    game,
                    game_id,
                    d,
                    side,
                    _text(" & ".join(names[side]), escape),
                    *(_cell(points and getattr(points, name)) for name in _POINTS),
                    _cell(entry and entry.total),
                    _cell(counts and counts.cards),
                    _cell(counts and counts.spades),
                    _cell(counts and counts.sweeps),
                    _text(claimed.comment if claimed else None, escape),
                ]


def _cell(value: object) -> object:
    return "" if value is None else value


# --- What a format cannot hold ------------------------------------------------


def loss_report(record: GameRecord, target: Target) -> list[str]:
    """List what converting ``record`` to ``target`` leaves out.

    JSON, JSON Lines and the text notation hold every record completely, so
    their report is empty. The CSV exports keep only some columns; the report
    names each kind of data the record actually has and the CSV drops.

    :param record: the record to convert.
    :param target: one of :data:`TARGETS`.
    :returns: one sentence per kind of data left out, in record order.
    :raises ValueError: an unknown target.

    >>> from casino_records.record.json.jsonio import loads
    >>> record = loads(b'{"format": "casino-record/1", "rules": {"preset": "classic"},'
    ...     b' "players": [{"name": "Ana"}, {"name": "Ben"}], "deals": [{"dealer": 1,'
    ...     b' "table": ["4S", "5D", "6C", "9C"]}]}')
    >>> for line in loss_report(record, "moves-csv"):
    ...     print(line)
    rules (preset 'classic') are not in the moves CSV
    dealers are not in the moves CSV (deal 1)
    table cards are not in the moves CSV (deal 1)
    deals without moves have no rows in the moves CSV (deal 1)
    """
    if target not in TARGETS:
        raise ValueError(
            f"unknown target format {target!r} (expected one of {', '.join(TARGETS)})"
        )
    if target in ("json", "jsonl", "text"):
        return []
    return list(_losses(record, target == "moves-csv"))


def _losses(record: GameRecord, moves: bool) -> Iterator[str]:
    csv_name = "the moves CSV" if moves else "the scores CSV"
    meta = record.meta
    if meta is not None:
        fields = [f for f in Meta.model_fields if getattr(meta, f) not in (None, {})]
        if fields:
            yield f"meta ({', '.join(fields)}) is not in {csv_name}"
    rules = f"preset {record.rules.preset!r}"
    if record.rules.options:
        rules += ", options " + ", ".join(record.rules.options)
    yield f"rules ({rules}) are not in {csv_name}"
    seats = [str(s) for s, player in enumerate(record.players) if player.id is not None]
    if seats:
        yield f"player ids are not in {csv_name} (seats {', '.join(seats)})"
    if moves and record.teams is not None:
        yield f"teams are not in {csv_name}"
    if record.comment is not None:
        yield f"the game comment is not in {csv_name}"
    deals = list(enumerate(record.deals, 1))
    per_deal: list[tuple[str, list[int]]] = [
        ("dealers", [d for d, _ in deals] if moves else []),
        ("shuffle seeds", [d for d, deal in deals if deal.shuffle is not None]),
        ("decks", [d for d, deal in deals if deal.deck is not None]),
        ("table cards", [d for d, deal in deals if deal.table is not None]),
        ("hands", [d for d, deal in deals if any(r.hands for r in deal.rounds)]),
        ("piles", [d for d, deal in deals if deal.piles is not None]),
        ("deal comments", [d for d, deal in deals if deal.comment is not None]),
    ]
    if moves:
        claimed = [d for d, deal in deals if deal.claimed is not None]
        per_deal.append(("claimed deal results", claimed))
        lined = [
            d
            for d, deal in deals
            if any(move.variations for r in deal.rounds for move in r.moves)
        ]
        per_deal.append(("variations (other lines of play)", lined))
    else:
        played = [d for d, deal in deals if any(r.moves for r in deal.rounds)]
        per_deal.append(("moves", played))
    for what, numbers in per_deal:
        if numbers:
            yield f"{what} are not in {csv_name} ({_deals(numbers)})"
    if moves:
        empty = [d for d, deal in deals if not any(r.moves for r in deal.rounds)]
        if empty:
            yield f"deals without moves have no rows in {csv_name} ({_deals(empty)})"
        rounds = [
            f"{d}.{r}"
            for d, deal in deals
            if any(round_.moves for round_ in deal.rounds)
            for r, round_ in enumerate(deal.rounds, 1)
            if not round_.moves
        ]
        if rounds:
            listed = ", ".join(rounds)
            yield f"rounds without moves have no rows in {csv_name} (deal.round {listed})"
    if record.claimed is not None:
        yield f"the claimed match result is not in {csv_name}"


def _deals(numbers: list[int]) -> str:
    return ("deal " if len(numbers) == 1 else "deals ") + ", ".join(map(str, numbers))
