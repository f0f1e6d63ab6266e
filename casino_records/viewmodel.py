"""What the replay viewer shows, computed without Streamlit.

The Streamlit pages under ``viewer/`` only lay out what this module returns:
opening a file (:func:`open_bytes`), a game replayed once with every position
kept (:func:`build_game`), the view of one position (:func:`position_view`),
the move list (:func:`move_rows`), the legal alternatives at a turn
(:func:`alternatives`), a deal's claimed-versus-computed score table
(:func:`score_rows`), jumps to the moves that decided a dispute
(:func:`finding_jumps`), where an invalid record opens
(:func:`opening_position`) and the deep links (:func:`parse_link`,
:func:`link_params`).

Positions are addressed as ``(deal, move)``: ``deal`` is 0-based here, ``move``
is the number of moves of the deal played so far, so ``move = 12`` is the
position right after the deal's 12th move and ``move = 0`` its start.

Deep links (the viewer's URL query) use the words of the command line::

    ?game=classic-2p-annotated.json&deal=1&move=12&view=all

``game``
    a file name from the viewer's list (a bundled sample, or the file given to
    ``casino-records view PATH``); for an uploaded file, its record id (or its
    file name when it has none) together with ``src=upload``.
``record``
    for a ``.jsonl`` archive, which of its records (1 = the first), as
    ``casino-records show --record N``.
``deal``
    the deal, from 1.
``move``
    the position before the deal's ``move``-th move, counted from 1 across
    its rounds, exactly as ``casino-records show --deal 1 --move 12``:
    ``move=1`` is the deal's start and one past its last move is its end.
    (So the link's ``move`` is the viewer's moves-played count plus one.)
``view``
    ``all`` (every hand face up), ``none`` (no hand shown) or ``seatN`` (seat
    N's own view, others face down; N is the record's seat number, from 0).

>>> parse_link({"game": "a.json", "deal": "2", "move": "12", "view": "seat1"})
Link(game='a.json', record=None, src=None, deal=1, move=11, view='seat1')
>>> link_params(Link("a.json", deal=1, move=11, view="all"))
{'game': 'a.json', 'deal': '2', 'move': '12', 'view': 'all'}
"""

from __future__ import annotations

import io as _io
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from . import io
from .cards import BIG_CASINO, LITTLE_CASINO, Card, Suit
from .describe import cards_text, move_text, side_names, step_text
from .errors import IllegalMoveError, RecordFormatError
from .legality import verify_move
from .movegen import generate_legal_moves
from .moves import Build, Move, MoveKind
from .notation import GameRecord
from .notation import Move as NotationMove
from .play import apply_plan
from .replay import Position, Replay, replay
from .report import DealReport, Finding, ReplayReport
from .scoring import CATEGORIES
from .translate import to_engine

__all__ = [
    "ALL",
    "MAX_UPLOAD_MB",
    "NONE",
    "VIEW_PATH_ENV",
    "Alternative",
    "ArchiveEntry",
    "Game",
    "HandView",
    "Jump",
    "Link",
    "LoadProblem",
    "MoveRow",
    "Opened",
    "PositionView",
    "ScoreRow",
    "SideView",
    "alternatives",
    "alternatives_visible",
    "build_game",
    "catalog",
    "clamp",
    "env_path",
    "failing_finding",
    "finding_jumps",
    "findings_at",
    "link_params",
    "locate",
    "md_escape",
    "md_table",
    "move_label",
    "move_rows",
    "open_bytes",
    "opening_position",
    "parse_link",
    "parse_perspective",
    "perspective_label",
    "perspectives",
    "position_view",
    "recorded_move",
    "recorded_text",
    "round_starts",
    "round_window",
    "round_step",
    "score_grid",
    "score_rows",
    "step",
    "view_path",
]

ALL: Final = "all"
"""Perspective: every hand face up."""
NONE: Final = "none"
"""Perspective: no hand shown (a spectator's view of the table)."""
MAX_UPLOAD_MB: Final = 5
"""The largest file the viewer accepts from an upload, in MB."""
VIEW_PATH_ENV: Final = "CASINO_RECORDS_VIEW_PATH"
"""The environment variable through which ``casino-records view PATH`` passes PATH."""
RECORD_SUFFIXES: Final = (".json", ".jsonl")
"""The files the viewer lists."""

_MOVE_PTR: Final = re.compile(r"^/deals/(\d+)/rounds/(\d+)/moves/(\d+)")
_DEAL_PTR: Final = re.compile(r"^/deals/(\d+)")
_MD_SPECIAL: Final = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&=\"'^])")
_SEAT_VIEW: Final = re.compile(r"^seat(\d)$")
_CATEGORY_LABELS: Final = {
    "points.most_cards": "most cards",
    "points.most_spades": "most spades",
    "points.big_casino": "Big Casino",
    "points.little_casino": "Little Casino",
    "points.aces": "aces",
    "points.sweeps": "sweeps",
    "total": "points banked",
    "counts.cards": "cards taken",
    "counts.spades": "spades taken",
    "counts.sweeps": "sweeps made",
}


def md_escape(text: str) -> str:
    r"""Escape ``text`` so that Markdown shows it literally (names are data).

    Every Markdown, HTML and Streamlit directive character gets a backslash
    (CommonMark lets any ASCII punctuation be escaped); line breaks become
    spaces.

    >>> md_escape("<img src=x onerror=alert(1)>")
    '\\<img src\\=x onerror\\=alert\\(1\\)\\>'
    >>> md_escape("*Bo* :smile: $x$")
    '\\*Bo\\* \\:smile\\: \\$x\\$'
    """
    flat = " ".join(text.splitlines())
    return _MD_SPECIAL.sub(r"\\\1", flat)


def md_table(rows: Sequence[Mapping[str, object]], *, escaped: bool = False) -> str:
    r"""A GitHub-flavoured Markdown table of ``rows`` (the first row's keys head it).

    Every cell is escaped with :func:`md_escape` unless ``escaped`` says the
    caller already did (to keep its own Markdown, such as a colour).

    >>> print(md_table([{"side": "Ana|Bo", "cards": 3}]))
    | side | cards |
    |---|---|
    | Ana\|Bo | 3 |
    >>> md_table([])
    ''
    """
    if not rows:
        return ""

    def cell(value: object) -> str:
        text = str(value)
        return text if escaped else md_escape(text)

    keys = list(rows[0])
    lines = [
        "| " + " | ".join(cell(k) for k in keys) + " |",
        "|" + "---|" * len(keys),
    ]
    lines += [
        "| " + " | ".join(cell(row.get(k, "")) for k in keys) + " |" for row in rows
    ]
    return "\n".join(lines)


# --- opening files ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """Why a file (or an archive line) cannot be shown, in words."""

    title: str
    """One sentence: which file, and that it cannot be read."""
    details: tuple[str, ...]
    """Each problem as ``where (JSON pointer): message``."""

    @classmethod
    def of(cls, name: str, exc: RecordFormatError) -> LoadProblem:
        """Describe ``exc`` (every error of an :class:`io.InvalidRecordError`)."""
        errors = getattr(exc, "errors", None) or (exc,)
        details = []
        for error in errors:
            where = error.where or "the whole record"
            loc = f" ({error.loc})" if error.loc else ""
            details.append(f"{where}{loc}: {error.message}")
        return cls(f"{name} is not a valid casino record", tuple(details))


@dataclass(frozen=True, slots=True)
class ArchiveEntry:
    """One record (one non-blank line) of a ``.jsonl`` archive."""

    number: int
    """Which record of the archive, from 1 (``show --record N``)."""
    line: int
    """The line number, from 1."""
    record: GameRecord | None
    """The record, or None when the line cannot be read."""
    problem: LoadProblem | None
    """Why the line cannot be read."""
    status: str
    """``ok``, ``disputed``, ``invalid`` or ``unreadable``."""

    @property
    def label(self) -> str:
        """``3. archive-02 · Ana, Ben · ok`` (not escaped)."""
        if self.record is None:
            return f"{self.number}. line {self.line} · unreadable"
        names = ", ".join(p.name for p in self.record.players)
        return f"{self.number}. {self.record.id or '(no id)'} · {names} · {self.status}"


@dataclass(frozen=True, slots=True)
class Opened:
    """A file as opened: one record, an archive of entries, or a problem."""

    name: str
    """The file name."""
    record: GameRecord | None = None
    """The record of a ``.json`` file."""
    entries: tuple[ArchiveEntry, ...] = ()
    """The lines of a ``.jsonl`` archive (blank lines skipped)."""
    problem: LoadProblem | None = None
    """Why the file cannot be shown at all."""

    @property
    def is_archive(self) -> bool:
        """True for a ``.jsonl`` archive."""
        return bool(self.entries)

    def entry(self, number: int | None) -> ArchiveEntry | None:
        """Record ``number`` of the archive (from 1), else the first readable one."""
        for entry in self.entries:
            if entry.number == number:
                return entry
        readable = [e for e in self.entries if e.record is not None]
        return readable[0] if readable else (self.entries[0] if self.entries else None)


def _looks_like_archive(name: str, data: bytes) -> bool:
    if name.lower().endswith(".jsonl"):
        return True
    if name.lower().endswith(".json"):
        return False
    lines = [line.strip() for line in data.splitlines() if line.strip()]
    return len(lines) > 1 and all(
        line.startswith(b"{") and line.endswith(b"}") for line in lines[:2]
    )


def open_bytes(data: bytes, name: str, *, max_mb: int = MAX_UPLOAD_MB) -> Opened:
    """Read a file's bytes as one record or, for ``.jsonl``, an archive.

    Never raises for bad data: binary junk, truncated JSON or a record that
    breaks the format all come back as :attr:`Opened.problem`, with the JSON
    pointer and the words of each error.

    >>> opened = open_bytes(b'{"format": "casino-rec', "bad.json")
    >>> opened.problem.title
    'bad.json is not a valid casino record'
    >>> opened.problem.details
    ('line 1, column 23: invalid JSON: unexpected end of data',)
    """
    max_bytes = max_mb * 1024 * 1024
    if not data.strip():
        return Opened(name, problem=LoadProblem(f"{name} is empty", ()))
    if not _looks_like_archive(name, data):
        record, errors = io.validate_record_bytes(data, max_bytes=max_bytes)
        if record is None:
            return Opened(
                name, problem=LoadProblem.of(name, io.InvalidRecordError(errors))
            )
        return Opened(name, record=record)
    entries: list[ArchiveEntry] = []
    lines = io.iter_jsonl(_io.BytesIO(data), max_bytes=max_bytes)
    for number, (line, item) in enumerate(lines, 1):
        if isinstance(item, RecordFormatError):
            entries.append(
                ArchiveEntry(
                    number,
                    line,
                    None,
                    LoadProblem.of(f"line {line}", item),
                    "unreadable",
                )
            )
        else:
            status = replay(item).report.status
            entries.append(ArchiveEntry(number, line, item, None, status))
    if not entries:
        return Opened(name, problem=LoadProblem(f"{name} holds no record", ()))
    return Opened(name, entries=tuple(entries))


def view_path(
    environ: Mapping[str, str], argv: Sequence[str], script: str = "streamlit_app.py"
) -> Path | None:
    """The file or folder to open: ``$CASINO_RECORDS_VIEW_PATH``, else ``argv[1]``.

    ``casino-records view PATH`` sets the variable; ``streamlit run
    viewer/streamlit_app.py -- PATH`` puts PATH in ``argv[1]`` (only read when
    ``argv[0]`` is the viewer's ``script``, so a test runner's arguments are
    never taken for a path).

    >>> view_path({"CASINO_RECORDS_VIEW_PATH": "g.json"}, ["app.py"])
    PosixPath('g.json')
    >>> view_path({}, ["viewer/streamlit_app.py", "h.json"])
    PosixPath('h.json')
    >>> view_path({}, ["pytest", "tests"]), view_path({}, ["streamlit_app.py"])
    (None, None)
    """
    value = environ.get(VIEW_PATH_ENV)
    if not value and len(argv) > 1 and Path(argv[0]).name == script:
        value = argv[1]
    return Path(value) if value else None


def catalog(samples: Path | None, given: Path | None = None) -> dict[str, Path]:
    """The files the viewer lists, by name: single records first, then archives.

    A folder given to ``casino-records view`` replaces the samples; a file is
    listed first. Missing folders list nothing.
    """

    def files(folder: Path | None) -> list[Path]:
        if folder is None or not folder.is_dir():
            return []
        found = [
            p for p in folder.iterdir() if p.is_file() and p.suffix in RECORD_SUFFIXES
        ]
        return sorted(found, key=lambda p: (p.suffix == ".jsonl", p.name))

    if given is not None and given.is_dir():
        return {p.name: p for p in files(given)}
    listed = {} if given is None else {given.name: given}
    for path in files(samples):
        listed.setdefault(path.name, path)
    return listed


# --- the game ------------------------------------------------------------------------


@dataclass(slots=True)
class Game:
    """A record replayed once, with every position of every deal kept."""

    record: GameRecord
    """The record."""
    replayed: Replay
    """The replay (report and positions)."""
    names: tuple[str, ...]
    """Player names by seat."""
    sides: tuple[str, ...]
    """Side names by side."""
    positions: dict[int, list[Position]] = field(default_factory=dict)
    """The positions of each deal that can be shown, by 0-based deal index."""

    @property
    def report(self) -> ReplayReport:
        """The replay report."""
        return self.replayed.report

    @property
    def deals(self) -> list[int]:
        """The deals that can be shown (0-based), in order."""
        return sorted(self.positions)

    def last_move(self, deal: int) -> int:
        """The last ``move`` of a deal (its number of positions less one)."""
        return len(self.positions[deal]) - 1

    def deal_report(self, deal: int) -> DealReport | None:
        """The report of deal ``deal``, if it was replayed."""
        reports = [d for d in self.report.deals if d.index == deal]
        return reports[0] if reports else None


def build_game(record: GameRecord, source: str = "") -> Game:
    """Replay ``record`` once, keeping every position (the viewer's cache entry)."""
    replayed = replay(record, positions=True, source=source)
    names = tuple(p.name for p in record.players)
    sides = tuple(replayed.report.sides) or tuple(
        side_names(names, [record.side_of(s) for s in range(len(names))])
    )
    positions = {kept[0].deal: kept for kept in replayed.positions if kept}
    return Game(record, replayed, names, sides, positions)


def clamp(game: Game, deal: int | None, move: int | None) -> tuple[int, int]:
    """The nearest position that exists: a shown deal, a move within it.

    :raises ValueError: the game has no position at all.
    """
    deals = game.deals
    if not deals:
        raise ValueError("the game has no position to show")
    if deal is None or deal not in game.positions:
        target = 0 if deal is None else deal
        deal = min(deals, key=lambda d: (abs(d - target), d))
    last = game.last_move(deal)
    return deal, max(0, min(last, 0 if move is None else move))


def locate(game: Game, loc: str) -> tuple[int, int] | None:
    """The position a JSON pointer leads to.

    A move's pointer leads to the position right after the move (the move just
    made); a move that was never played (the illegal one) to the position
    before it; a deal's pointer (its claimed score, its residue) to the deal's
    end. None when that deal cannot be shown.
    """
    move = _MOVE_PTR.match(loc)
    if move is not None:
        deal = int(move.group(1))
        pointer = move.group(0)
        kept = game.positions.get(deal, [])
        for i, position in enumerate(kept):
            if position.last_loc == pointer:
                return deal, i
        for i, position in enumerate(kept):
            if position.loc == pointer:
                return deal, i
        return (deal, len(kept) - 1) if kept else None
    found = _DEAL_PTR.match(loc)
    if found is not None:
        deal = int(found.group(1))
        if deal in game.positions:
            return deal, game.last_move(deal)
    return None


def opening_position(game: Game) -> tuple[int, int] | None:
    """Where the viewer opens a game: at the first error's move, else the start.

    An invalid record opens at the failing move (the position before it, where
    the legal moves are shown); a valid or disputed one at the start of its
    first deal. None when the game has no position at all.
    """
    for finding in game.report.findings:
        if finding.severity == "error":
            found = locate(game, finding.loc)
            if found is not None:
                return found
    if not game.deals:
        return None
    return game.deals[0], 0


def step(game: Game, deal: int, move: int, delta: int) -> tuple[int, int]:
    """``delta`` moves on (or back), going on into the next (previous) deal.

    Stays put at the game's first and last positions.
    """
    deals = game.deals
    target = move + delta
    while target < 0 or target > game.last_move(deal):
        k = deals.index(deal)
        if target < 0:
            if k == 0:
                return deal, 0
            deal = deals[k - 1]
            target += game.last_move(deal) + 1
        else:
            if k == len(deals) - 1:
                return deal, game.last_move(deal)
            target -= game.last_move(deal) + 1
            deal = deals[k + 1]
    return deal, target


def round_step(game: Game, deal: int, move: int, delta: int) -> tuple[int, int]:
    """The start of the next round (``delta=1``) or of this/the previous one (-1).

    Past the last round comes the deal's end, then the next deal; before the
    first round, the previous deal's last round.
    """
    starts = sorted(round_starts(game, deal).values())
    if delta > 0:
        later = [s for s in starts if s > move]
        if later:
            return deal, later[0]
        if move < game.last_move(deal):
            return deal, game.last_move(deal)
        return step(game, deal, move, 1)
    earlier = [s for s in starts if s < move]
    if earlier:
        return deal, earlier[-1]
    if move > 0:
        return deal, 0
    previous = step(game, deal, 0, -1)
    if previous == (deal, 0):
        return previous
    last_round = sorted(round_starts(game, previous[0]).values())[-1]
    return previous[0], last_round


def round_window(game: Game, deal: int, move: int) -> list[int]:
    """The positions the move list offers at ``move``: those of its round.

    From the round's start (after the previous round's last move) to the next
    round's start (or the deal's end), so every move of the round is there
    and the list stays short enough to redraw at every step.
    """
    starts = sorted(round_starts(game, deal).values())
    begin = max(s for s in starts if s <= move)
    later = [s for s in starts if s > begin]
    end = later[0] if later else game.last_move(deal)
    return list(range(begin, end + 1))


def round_starts(game: Game, deal: int) -> dict[int, int]:
    """The first ``move`` of each round of a deal, by 0-based round."""
    starts: dict[int, int] = {}
    for i, position in enumerate(game.positions[deal]):
        starts.setdefault(position.round, i)
    return starts


def failing_finding(game: Game, deal: int, move: int) -> Finding | None:
    """The error about the record's next move at this position, if any.

    That is the position an invalid record opens at: the move the record
    plays next is illegal (or cannot be read).
    """
    loc = game.positions[deal][move].loc
    if _MOVE_PTR.match(loc) is None:
        return None
    for finding in game.report.findings:
        if finding.severity == "error" and (
            finding.loc == loc or finding.loc.startswith(loc + "/")
        ):
            return finding
    return None


def recorded_text(game: Game, loc: str) -> str | None:
    """The record's move at a move pointer in words: ``Ana: 4♥ trails``."""
    notation = recorded_move(game, loc)
    if notation is None:
        return None
    try:
        move = to_engine(notation)
    except ValueError:  # pragma: no cover - the record was validated
        return None
    name = game.names[move.seat] if move.seat < len(game.names) else "?"
    return f"{name}: {move_text(move)}"


def recorded_move(game: Game, loc: str) -> NotationMove | None:
    """The notation move at a move pointer, if there is one."""
    found = _MOVE_PTR.match(loc)
    if found is None:
        return None
    d, r, k = (int(g) for g in found.groups())
    try:
        return game.record.deals[d].rounds[r].moves[k]
    except IndexError:
        return None


# --- perspectives ------------------------------------------------------------------


def perspectives(players: int) -> list[str]:
    """The perspectives of a game: ``all``, one ``seatN`` per seat, ``none``."""
    return [ALL, *(f"seat{s}" for s in range(players)), NONE]


def parse_perspective(text: str | None, players: int) -> str:
    """A perspective from a URL value; anything unknown is ``all``.

    >>> parse_perspective("seat1", 2), parse_perspective("seat3", 2)
    ('seat1', 'all')
    """
    return text if text in perspectives(players) else ALL


def perspective_label(perspective: str, names: Sequence[str]) -> str:
    """``All hands``, ``Ana's view (seat 0)`` or ``No hands`` (not escaped)."""
    if perspective == ALL:
        return "All hands"
    if perspective == NONE:
        return "No hands (spectator)"
    seat = _seat_of(perspective)
    return f"{names[seat]}'s view (seat {seat})"


def _seat_of(perspective: str) -> int:
    found = _SEAT_VIEW.match(perspective)
    return -1 if found is None else int(found.group(1))


def alternatives_visible(perspective: str, turn: int) -> bool:
    """True when the legal moves may be shown: they reveal the hand to play."""
    return perspective == ALL or _seat_of(perspective) == turn


# --- one position ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat's hand as the perspective shows it."""

    seat: int
    """The seat."""
    name: str
    """The player's name."""
    cards: tuple[Card, ...]
    """The cards (draw them face down when :attr:`face_down`)."""
    face_down: bool
    """True when the perspective hides this hand."""
    to_play: bool
    """True for the seat to move."""
    dealer: bool
    """True for the dealer."""

    @property
    def label(self) -> str:
        """``Ana (seat 0) · dealer · to play`` (not escaped)."""
        parts = [f"{self.name} (seat {self.seat})"]
        if self.dealer:
            parts.append("dealer")
        if self.to_play:
            parts.append("to play")
        return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class SideView:
    """One side's capture pile and score at a position."""

    side: int
    """The side."""
    name: str
    """Its players."""
    cards: int
    """Cards captured so far this deal."""
    spades: int
    """Spades captured so far."""
    sweeps: int
    """Sweeps made so far."""
    match_start: int
    """The side's match total when the deal began."""
    earned: int | None = None
    """Points earned in the deal (at its end)."""
    banked: int | None = None
    """Points added to the match total (at the deal's end)."""
    total_after: int | None = None
    """The match total after the deal (at its end)."""

    def row(self) -> dict[str, str | int]:
        """The side as a table row (not escaped)."""
        row: dict[str, str | int] = {
            "side": self.name,
            "cards": self.cards,
            "spades": self.spades,
            "sweeps": self.sweeps,
            "match at deal start": self.match_start,
        }
        if self.banked is not None:
            row["points this deal"] = self.banked
            row["match after deal"] = (
                self.total_after if self.total_after is not None else "-"
            )
        return row


@dataclass(frozen=True, slots=True)
class PositionView:
    """Everything the viewer draws for one position."""

    deal: int
    """0-based deal."""
    deals: int
    """Deals in the record."""
    move: int
    """Moves of the deal played so far."""
    moves: int
    """The deal's last ``move`` in the record."""
    round: int
    """0-based round."""
    rounds: int
    """Rounds in a deal."""
    dealer: str
    """The dealer's name."""
    turn: int | None
    """The seat to move, None at the deal's end."""
    finished: bool
    """True at the end of a complete deal."""
    stops: bool
    """True at the record's last position of an incomplete deal (an
    unfinished game, or the move before an illegal one)."""
    loose: tuple[Card, ...]
    """Loose cards on the table."""
    builds: tuple[Build, ...]
    """Builds on the table."""
    highlight: frozenset[Card]
    """Table cards to frame: those the last move trailed or built with."""
    last_text: str | None
    """The last move in words (:func:`describe.step_text`)."""
    last_cards: tuple[Card, ...]
    """The last move's card, then the cards it took (for a capture)."""
    last_comment: str | None
    """The record's comment on the last move."""
    last_glyph: str | None
    """The record's glyph on the last move."""
    hands: tuple[HandView, ...]
    """Every seat's hand."""
    sides: tuple[SideView, ...]
    """Every side's pile and score."""
    deal_comment: str | None
    """The record's comment on the deal."""
    residue: tuple[Card, ...] = ()
    """At the deal's end: the cards left on the table, given to the last capturer."""
    residue_side: str | None = None
    """The side that took the residue."""

    @property
    def headline(self) -> str:
        """``Deal 1 / 3 · Round 2 / 6 · 12 / 48 moves played`` (no data in it)."""
        return (
            f"Deal {self.deal + 1} / {self.deals} · Round {self.round + 1} /"
            f" {self.rounds} · {self.move} / {self.moves} moves played"
        )

    def turn_text(self, names: Sequence[str]) -> str:
        """Whose turn it is, or how the deal ended (not escaped)."""
        if self.finished:
            return "End of the deal"
        if self.turn is None:
            return "The record stops here"
        stops = " (the record stops here)" if self.stops else ""
        return f"{names[self.turn]} to play{stops}"


def position_view(
    game: Game, deal: int, move: int, perspective: str = ALL
) -> PositionView:
    """The view of position ``move`` of ``deal`` from ``perspective``."""
    kept = game.positions[deal]
    position = kept[move]
    state = position.state
    names = game.names
    end = move == len(kept) - 1
    seat = _seat_of(perspective)
    hands = tuple(
        HandView(
            seat=s,
            name=names[s],
            cards=tuple(hand),
            face_down=perspective == NONE or (perspective != ALL and s != seat),
            to_play=not state.finished and s == state.turn,
            dealer=s == state.dealer,
        )
        for s, hand in enumerate(state.hands)
    )
    report = game.deal_report(deal)
    scored = state.finished and report is not None and bool(report.sides)
    sides = []
    for side, pile in enumerate(state.piles):
        result = report.sides[side] if scored and report is not None else None
        sides.append(
            SideView(
                side=side,
                name=game.sides[side],
                cards=len(pile),
                spades=sum(1 for c in pile if c.suit is Suit.SPADES),
                sweeps=len(state.sweeps[side]),
                match_start=position.totals[side] if side < len(position.totals) else 0,
                earned=None if result is None else result.earned,
                banked=None if result is None else result.banked,
                total_after=None if result is None else result.total_after,
            )
        )
    step = position.last
    highlight: frozenset[Card] = frozenset()
    last_cards: tuple[Card, ...] = ()
    last_text = comment = glyph = None
    if step is not None:
        last_text = step_text(step, names)
        last_cards = (step.move.card, *step.taken)
        if step.kind is MoveKind.TRAIL:
            highlight = frozenset({step.move.card})
        elif step.build is not None:
            highlight = frozenset(step.build.cards)
        notation = recorded_move(game, position.last_loc)
        if notation is not None:
            comment, glyph = notation.comment, notation.glyph
    residue_side = (
        game.sides[state.residue_side]
        if state.finished and state.residue_side is not None
        else None
    )
    return PositionView(
        deal=deal,
        deals=len(game.record.deals),
        move=move,
        moves=len(kept) - 1,
        round=state.round,
        rounds=state.seating.rounds,
        dealer=names[state.dealer],
        turn=None if state.finished or not any(state.hands) else state.turn,
        finished=state.finished,
        stops=end and not state.finished,
        loose=tuple(state.loose),
        builds=tuple(state.builds),
        highlight=highlight,
        last_text=last_text,
        last_cards=last_cards,
        last_comment=comment,
        last_glyph=glyph,
        hands=hands,
        sides=tuple(sides),
        deal_comment=game.record.deals[deal].comment,
        residue=tuple(state.residue) if state.finished else (),
        residue_side=residue_side,
    )


# --- the move list -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One move of the deal, for the move list."""

    move: int
    """Its number in the deal, from 1: choosing it shows the position after it."""
    round: int
    """Its round, from 1."""
    player: str
    """Who played it."""
    text: str
    """The move without its player (``9♦ takes 4♠ 5♦``)."""
    kind: str
    """trail, capture, create, extend or increase."""
    sweep: bool
    """True for a sweep."""
    glyph: str | None
    """The record's glyph."""
    comment: str | None
    """The record's comment."""


def move_rows(game: Game, deal: int) -> list[MoveRow]:
    """Every move of a deal played so far (in the record, up to the first error)."""
    rows = []
    for position in game.positions[deal][1:]:
        step = position.last
        assert step is not None
        notation = recorded_move(game, position.last_loc)
        rows.append(
            MoveRow(
                move=step.index + 1,
                round=step.round + 1,
                player=game.names[step.move.seat],
                text=move_text(step.move),
                kind=str(step.kind),
                sweep=step.sweep,
                glyph=None if notation is None else notation.glyph,
                comment=None if notation is None else notation.comment,
            )
        )
    return rows


def move_label(rows: Sequence[MoveRow], move: int) -> str:
    """The move list's label of position ``move`` (not escaped).

    ``0. Start of the deal``; ``12. R2 · Ben: 3♣ builds 8 onto 5♦ !?``.
    """
    if move == 0:
        return "0. Start of the deal"
    row = rows[move - 1]
    extra = "".join(
        [" (sweep)" if row.sweep else "", f" {row.glyph}" if row.glyph else ""]
    )
    return f"{row.move}. R{row.round} · {row.player}: {row.text}{extra}"


# --- legal alternatives ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Alternative:
    """A legal move at a turn and what it would have done."""

    move: Move
    """The move."""
    text: str
    """The move in words (``9♦ takes 4♠ 5♦``)."""
    effect: str
    """What it would have done, in a sentence (:func:`describe.step_text`)."""
    takes: tuple[Card, ...]
    """The table cards it would have taken (captures)."""
    build: str
    """The build it would have left (``B2 = 8, single``), for build moves."""
    sweep: bool
    """True when it would have been a sweep."""
    played: bool
    """True for the move the record plays here."""

    def row(self) -> dict[str, str | int]:
        """The alternative as a table row (not escaped)."""
        casinos = [
            name
            for card, name in (
                (BIG_CASINO, "Big Casino"),
                (LITTLE_CASINO, "Little Casino"),
            )
            if card in self.takes
        ]
        gains = [f"{len(self.takes) + 1} cards"] if self.takes else []
        spades = sum(1 for c in (self.move.card, *self.takes) if c.suit is Suit.SPADES)
        if self.takes and spades:
            gains.append(f"{spades} spade{'s' * (spades > 1)}")
        aces = sum(1 for c in (self.move.card, *self.takes) if c.is_ace)
        if self.takes and aces:
            gains.append(f"{aces} ace{'s' * (aces > 1)}")
        gains += casinos
        if self.sweep:
            gains.append("sweep")
        return {
            "played": "▶ played" if self.played else "",
            "move": self.text,
            "takes": cards_text(self.takes) if self.takes else "",
            "builds": self.build,
            "gains": ", ".join(gains),
            "effect": self.effect,
        }


def alternatives(game: Game, deal: int, move: int) -> list[Alternative]:
    """Every legal move at position ``move`` of ``deal``, played one marked.

    The move "played" is the record's next move (none at the deal's end; for
    the failing move of an invalid record, none of the legal moves is it).
    """
    kept = game.positions[deal]
    state = kept[move].state
    played: Move | None = None
    if move + 1 < len(kept):
        step = kept[move + 1].last
        played = None if step is None else step.move
    found = []
    for candidate in generate_legal_moves(state):
        try:
            plan = verify_move(state, candidate)
        except IllegalMoveError:  # pragma: no cover - the generator's moves are legal
            continue
        after = state.copy()
        step = apply_plan(after, candidate, plan)
        build = ""
        if step.build is not None:
            kind = "single" if step.build.is_single else "multiple"
            build = f"{step.build.label} = {step.build.value}, {kind}"
        found.append(
            Alternative(
                move=candidate,
                text=move_text(candidate),
                effect=step_text(step, game.names),
                takes=step.taken,
                build=build,
                sweep=step.sweep,
                played=candidate == played,
            )
        )
    return found


# --- findings, disputes and the deal's score -------------------------------------------


@dataclass(frozen=True, slots=True)
class Jump:
    """A link to the position a finding points at."""

    label: str
    """The button's words (not escaped)."""
    deal: int
    """0-based deal."""
    move: int
    """Moves of the deal played (the position shown)."""


def findings_at(game: Game, deal: int) -> list[Finding]:
    """The findings located in deal ``deal`` (a claimed score, a move, the deal)."""
    prefix = f"/deals/{deal}"
    return [
        f
        for f in game.report.findings
        if f.loc == prefix or f.loc.startswith(prefix + "/")
    ]


def finding_jumps(game: Game, finding: Finding) -> list[Jump]:
    """Where to go for a finding: the moves that decided a dispute, or its place.

    A dispute links each deciding move once (the position right after it; the
    residue links the deal's end); other findings link their own location.
    """
    jumps: list[Jump] = []
    seen: set[tuple[int, int]] = set()
    for deciding in finding.deciding:
        found = locate(game, deciding.loc)
        if found is None or found in seen:
            continue
        seen.add(found)
        jumps.append(Jump(f"{deciding.where} ({deciding.why})", *found))
    if not jumps:
        found = locate(game, finding.loc)
        if found is not None:
            jumps.append(Jump(f"Go to {finding.where}", *found))
    return jumps


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One scoring figure of one side at a deal's end: computed, and claimed."""

    side: int
    """The side."""
    side_name: str
    """Its players."""
    category: str
    """``points.most_cards``, ``total``, ``counts.cards`` …"""
    label: str
    """The category in words."""
    computed: int
    """What the replay computed."""
    claimed: int | None
    """What the record claims, if it does."""
    loc: str = ""
    """JSON pointer of the claimed figure."""

    @property
    def agrees(self) -> bool | None:
        """True or False when claimed, None when the record claims nothing."""
        return None if self.claimed is None else self.claimed == self.computed

    def row(self) -> dict[str, str | int]:
        """The figure as a table row (not escaped)."""
        check = {None: "", True: "✓", False: "✗ differs"}[self.agrees]
        return {
            "side": self.side_name,
            "category": self.label,
            "computed": self.computed,
            "claimed": "" if self.claimed is None else self.claimed,
            "check": check,
        }


def score_rows(game: Game, deal: int) -> list[ScoreRow]:
    """A scored deal's breakdown per side and category, claimed beside computed.

    Empty for a deal that was not scored (unfinished, or after an error).
    """
    report = game.deal_report(deal)
    if report is None or not report.sides:
        return []
    claimed = {(c.side, c.category): c for c in report.checks}
    rows = []
    for side in report.sides:
        computed: dict[str, int] = {
            f"points.{c}": side.points.get(c, 0) for c in CATEGORIES
        }
        computed |= {
            "total": side.banked,
            "counts.cards": side.cards,
            "counts.spades": side.spades,
            "counts.sweeps": side.sweeps,
        }
        for category, value in computed.items():
            check = claimed.get((side.side, category))
            rows.append(
                ScoreRow(
                    side=side.side,
                    side_name=side.name,
                    category=category,
                    label=_CATEGORY_LABELS[category],
                    computed=value,
                    claimed=None if check is None else check.claimed,
                    loc="" if check is None else check.loc,
                )
            )
    return rows


def score_grid(rows: Sequence[ScoreRow]) -> list[dict[str, ScoreRow | str]]:
    """:func:`score_rows` laid out one row per category, claimed beside computed.

    Each row maps ``category`` to the label, and ``<side> computed`` /
    ``<side> claimed`` to that side's :class:`ScoreRow` (side names made
    unique with their side number when two are equal).
    """
    names: dict[int, str] = {}
    for row in rows:
        names.setdefault(row.side, row.side_name)
    duplicated = len(set(names.values())) < len(names)
    label = {
        side: f"{name} (side {side})" if duplicated else name
        for side, name in names.items()
    }
    grid: dict[str, dict[str, ScoreRow | str]] = {}
    for row in rows:
        line = grid.setdefault(row.category, {"category": row.label})
        line[f"{label[row.side]} computed"] = row
        line[f"{label[row.side]} claimed"] = row
    return list(grid.values())


# --- deep links ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """A deep link's contents, 0-based (the URL's ``deal`` and ``move`` are 1-based)."""

    game: str | None = None
    """The file name (or an upload's record id)."""
    record: int | None = None
    """Which record of an archive, from 1."""
    src: str | None = None
    """``upload`` for an uploaded file."""
    deal: int | None = None
    """0-based deal."""
    move: int | None = None
    """Moves of the deal played (the URL's ``move`` less one)."""
    view: str | None = None
    """The perspective."""


def _int(text: str | None, low: int) -> int | None:
    if text is None or not text.strip().isdigit():
        return None
    value = int(text)
    return value if value >= low else None


def parse_link(params: Mapping[str, str]) -> Link:
    """Read a URL query (1-based ``deal`` and ``move``); unusable values become None.

    >>> parse_link({"deal": "0", "move": "0", "record": "x"})
    Link(game=None, record=None, src=None, deal=None, move=None, view=None)
    """
    deal = _int(params.get("deal"), 1)
    move = _int(params.get("move"), 1)
    return Link(
        game=params.get("game") or None,
        record=_int(params.get("record"), 1),
        src=params.get("src") or None,
        deal=None if deal is None else deal - 1,
        move=None if move is None else move - 1,
        view=params.get("view") or None,
    )


def link_params(link: Link) -> dict[str, str]:
    """The URL query of a link (1-based ``deal`` and ``move``), omitting what is unset."""
    values = {
        "game": link.game,
        "record": link.record,
        "src": link.src,
        "deal": None if link.deal is None else link.deal + 1,
        "move": None if link.move is None else link.move + 1,
        "view": link.view,
    }
    return {k: str(v) for k, v in values.items() if v is not None}


def env_path() -> Path | None:
    """:func:`view_path` of this process."""
    return view_path(os.environ, sys.argv)
