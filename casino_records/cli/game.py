"""The commands that play through games: ``show``, ``legal`` and ``simulate``.

Registered on the group in :mod:`casino_records.cli.main`; like it, they import the
engine only when they run.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import RulesError
from ..record.files.kinds import MAX_RECORD_BYTES
from ..record.format.pointer import move_pointer
from .util import (
    EXIT_PROBLEM,
    INPUT_FILE,
    Format,
    Settings,
    atomic_output,
    format_of,
    load_one,
    option_setting,
    stderr,
    write_records,
)

if TYPE_CHECKING:
    from ..check.replay import ReplayPosition
    from ..record.format.models import GameRecord

__all__ = ["legal", "show", "simulate"]


# --- show and legal ----------------------------------------------------------------


_RECORD = click.option(
    "--record",
    "number",
    type=click.IntRange(1),
    help="In an archive, the record to use (1 = the first).",
)
_PRETTY = click.option(
    "--ascii", "ascii_", is_flag=True, help="Write cards as 10D rather than 10♦."
)


def _find_position(
    record: GameRecord,
    positions: dict[int, list[ReplayPosition]],
    deal: int | None,
    index: int | None,
    at: str | None,
    *,
    before: bool = False,
) -> ReplayPosition:
    """The position after ``index`` moves of ``deal`` (from 1), or at pointer ``at``.

    ``before``: ``index`` is a move number whose position before it is wanted
    (``legal --move M``); the error then names moves, not positions.
    """
    if at is not None and (deal is not None or index is not None):
        raise click.UsageError(
            "--at names a position by itself: give --at, or --deal and --move"
        )
    if at is not None:
        for kept in positions.values():
            for position in kept:
                if position.loc == at.rstrip("/"):
                    return position
        raise click.BadParameter(
            f"no position at {at!r}; use a move's pointer such as"
            " /deals/0/rounds/1/moves/3, or a deal's such as /deals/0 (its end)",
            param_hint="--at",
        )
    d = (deal or 1) - 1
    if d not in positions:
        known = ", ".join(str(k + 1) for k in sorted(positions)) or "none"
        unplayed = d < len(record.deals) and not record.deals[d].rounds
        why = (
            f"deal {d + 1} is recorded up to its table: no hand is known yet"
            if unplayed
            else f"no deal {d + 1} to show (deals replayed: {known})"
        )
        raise click.BadParameter(why, param_hint="--deal")
    kept = positions[d]
    wanted = index or 0
    if not 0 <= wanted < len(kept):
        last = kept[-1]
        why = (
            "the end of the deal"
            if last.finished
            else "where the replay stops"
            if last.last is None or last.index
            else ""
        )
        moves = len(kept) - 1
        choices = (
            f"moves 1 to {len(kept)} ({len(kept)} = after the last: {why or 'none'})"
            if before
            else f"moves 0 to {moves} (0 = its start, {moves} = {why or 'the last'})"
        )
        raise click.BadParameter(f"deal {d + 1} has {choices}", param_hint="--move")
    return kept[wanted]


def _replayed(
    settings: Settings, path: Path, number: int | None
) -> tuple[str, GameRecord, Any]:
    from ..check.outcome import in_source_terms
    from ..check.replay import replay
    from ..record.format.readnotes import ReadNotes

    notes = ReadNotes()
    label, record = load_one(path, settings.max_bytes, number, notes)
    result = replay(record, positions=True, source=label)
    in_source_terms(result.report, notes)
    return label, record, result


def _hands_option(seat: int | None, all_hands: bool, no_hands: bool) -> Any:
    if sum((seat is not None, all_hands, no_hands)) > 1:
        raise click.UsageError("choose one of --seat, --all-hands and --no-hands")
    if no_hands:
        return "none"
    return seat if seat is not None else "all"


def _echo(text: str, ascii_: bool) -> None:
    """Print a result; ``--ascii`` writes suits as letters (``10♦`` as ``10D``)."""
    if ascii_:
        from ..engine.cards import Suit

        text = text.translate({ord(suit.symbol): suit.value for suit in Suit})
    click.echo(text, nl=False)


def _notes(record: GameRecord) -> dict[str, str]:
    """The glyphs and comments of the moves, by JSON pointer."""
    notes = {}
    for d, deal in enumerate(record.deals):
        for r, round_ in enumerate(deal.rounds):
            for k, move in enumerate(round_.moves):
                parts = [
                    move.glyph or "",
                    f"{{{move.comment}}}" if move.comment else "",
                ]
                text = " ".join(p for p in parts if p)
                if text:
                    notes[move_pointer(d, r, k)] = text
    return notes


def _warn_invalid(report: Any) -> None:
    from ..check.outcome import first_problem

    if not report.valid:
        stderr(f"invalid record: {first_problem(report)}; the replay stops there")


@click.command()
@click.argument("path", type=INPUT_FILE)
@click.option("--deal", type=click.IntRange(1), help="Only this deal (1 = the first).")
@click.option(
    "--move",
    type=click.IntRange(0),
    help="Show the position after this move of the deal: moves count from 1"
    " across its rounds, as in the text notation (0 = the deal's start).",
)
@click.option("--at", help="Show the position at this JSON pointer instead.")
@click.option("--seat", type=click.IntRange(0), help="Show only this seat's hand.")
@click.option("--all-hands", is_flag=True, help="Show every hand (the default).")
@click.option("--no-hands", is_flag=True, help="Show no hand.")
@_RECORD
@_PRETTY
@click.pass_obj
def show(
    settings: Settings,
    path: Path,
    deal: int | None,
    move: int | None,
    at: str | None,
    seat: int | None,
    all_hands: bool,
    no_hands: bool,
    number: int | None,
    ascii_: bool,
) -> None:
    """Show the game turn by turn, or one position of it.

    "deal 1, move 4" is --deal 1 --move 4: the position right after the 4th
    move of the first deal (moves count from 1 across the deal's rounds, as in
    the text notation and the viewer; --move 0 is the deal's start). Without
    --move, every move of the deal (or of every deal) is listed with the table
    after it. Exit code 1 if the record is invalid (shown up to its error).
    """
    from ..present.render import deal_text, position_text

    hands = _hands_option(seat, all_hands, no_hands)
    label, record, result = _replayed(settings, path, number)
    names = [p.name for p in record.players]
    if seat is not None and seat >= len(names):
        raise click.BadParameter(
            f"seat {seat} does not exist (seats 0 to {len(names) - 1})",
            param_hint="--seat",
        )
    positions = {kept[0].deal: kept for kept in result.positions if kept}
    if move is not None or at is not None:
        position = _find_position(record, positions, deal, move, at)
        _echo(position_text(position, names, hands=hands), ascii_)
    else:
        reports = {d.index: d for d in result.report.deals}
        chosen = [deal - 1] if deal is not None else sorted(positions)
        if deal is not None and deal - 1 not in positions:
            _find_position(record, positions, deal, None, None)
        notes = _notes(record)
        for d in chosen:
            text = deal_text(
                positions[d],
                names,
                reports.get(d),
                hands=hands,
                notes=notes,
            )
            _echo(text + "\n", ascii_)
        match = result.report.match
        if deal is None and match is not None:
            from ..engine.describe import in_names, result_text

            sides = result.report.sides
            why = in_names(match.reason, sides, names)
            said = result_text(sides, match.totals, match.winner, why)
            _echo(f"Match result: {said}\n", ascii_)
    _warn_invalid(result.report)
    sys.exit(0 if result.report.valid else EXIT_PROBLEM)


@click.command()
@click.argument("path", type=INPUT_FILE)
@click.option("--deal", type=click.IntRange(1), help="The deal (1 = the first).")
@click.option(
    "--move",
    type=click.IntRange(1),
    help="The moves this move of the deal was chosen from (moves count from 1"
    " across its rounds).",
)
@click.option(
    "--at", help="At this JSON pointer instead, e.g. /deals/0/rounds/1/moves/2."
)
@click.option(
    "--why",
    is_flag=True,
    help="Also say which moves of the hand the rules bar, each with its rule.",
)
@_RECORD
@_PRETTY
@click.pass_obj
def legal(
    settings: Settings,
    path: Path,
    deal: int | None,
    move: int | None,
    at: str | None,
    why: bool,
    number: int | None,
    ascii_: bool,
) -> None:
    """List every legal move before a move: "could I have ...?".

    Each legal move is shown with what it would do (capture, create, extend or
    increase a build). The recorded move is marked; exit code 1 if it is not
    among the legal moves. With --why, the moves missing from the list are
    explained: each card whose trail is barred, with the rule (R9.2 an owner
    may not trail, R9.3 …), a card with no legal move, and the rule an illegal
    recorded move breaks.
    """
    from ..engine.describe import move_text
    from ..engine.movegen import generate_legal_moves
    from ..engine.play import apply_move
    from ..present.render import legal_text
    from ..record.format.pointer import move_at
    from ..record.format.translate import to_engine

    if at is None and (deal is None or move is None):
        raise click.UsageError("say where: --deal D --move M, or --at POINTER")
    label, record, result = _replayed(settings, path, number)
    names = [p.name for p in record.players]
    positions = {kept[0].deal: kept for kept in result.positions if kept}
    index = None if move is None else move - 1
    position = _find_position(record, positions, deal, index, at, before=True)
    state = position.state
    options = [apply_move(state.copy(), m) for m in generate_legal_moves(state)]
    recorded: Any = None
    played = None
    text = ""
    recorded_at = move_at(position.loc)
    if recorded_at is not None:
        d, r, k = recorded_at
        played = to_engine(record.deals[d].rounds[r].moves[k])
        text = f"{names[played.seat]} (seat {played.seat}): {move_text(played)}"
        recorded = next((s for s in options if s.move == played), "illegal")
    _echo(
        legal_text(
            position,
            names,
            options,
            recorded,
            recorded_text=text,
            why=why,
            recorded_move=played,
        ),
        ascii_,
    )
    sys.exit(EXIT_PROBLEM if recorded == "illegal" else 0)


# --- simulate -----------------------------------------------------------------------


def _first_message(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        return str(first["msg"]).removeprefix("Value error, ")
    return str(exc)


@click.command()
@click.option(
    "--preset",
    type=click.Choice(["classic", "royal", "dominican"]),
    required=True,
    help="The rules preset.",
)
@click.option("--players", type=click.IntRange(2, 4), required=True, help="2, 3 or 4.")
@click.option("--teams", is_flag=True, help="Two partnerships (4 players).")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True)
@click.option(
    "--seed", default="0", show_default=True, help="Seed of the shuffles and bots."
)
@click.option(
    "--bot",
    "bots",
    type=click.Choice(["random", "greedy"]),
    multiple=True,
    help="Bot kind; repeat to give the seats different bots in turn [default: random].",
)
@click.option(
    "--provenance",
    type=click.Choice(["seed", "deck", "hands", "inferred"]),
    default="seed",
    show_default=True,
    help="How the cards of each deal are recorded.",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rules option (casino-records rules lists them); repeat for more.",
)
@click.option(
    "-o",
    "--output",
    "output_name",
    type=click.Path(allow_dash=True),
    required=True,
    help="A .json file, a .jsonl or .txt archive, a folder (ending in /), or -.",
)
@click.option(
    "--to",
    type=click.Choice(["json", "jsonl", "text"]),
    help="The format [default: from OUT's suffix; - gives json for one game, else jsonl].",
)
def simulate(
    preset: str,
    players: int,
    teams: bool,
    games: int,
    seed: str,
    bots: tuple[str, ...],
    provenance: str,
    options: tuple[str, ...],
    output_name: str,
    to: str | None,
) -> None:
    """Play whole matches with bots and write them as records.

    One game goes to a .json file; several to a .jsonl (or .txt) archive, or
    to a folder, one file per game. Game K of several uses the seed SEED-K.
    """
    from ..record.simulate import simulate_record

    group = click.get_current_context().find_object(Settings)
    limit = group.max_bytes if group is not None else MAX_RECORD_BYTES
    settings = dict(map(option_setting, options))

    def game(k: int) -> GameRecord:

        game_seed = seed if games == 1 else f"{seed}-{k + 1}"
        return simulate_record(
            preset,
            players,
            teams=teams,
            options=settings,
            seed=game_seed,
            bots=bots or ("random",),
            provenance=provenance,  # type: ignore[arg-type]
        )

    try:
        first = game(0)
    except RulesError as exc:
        if exc.loc != "/teams":
            raise click.UsageError(_first_message(exc)) from None
        fix = "--teams needs --players 4" if teams else "add --teams"
        raise click.UsageError(f"{exc.message}: {fix}") from None
    except ValueError as exc:
        raise click.UsageError(_first_message(exc)) from None
    records = (first if k == 0 else game(k) for k in range(games))
    output = Path(output_name)
    folder = output_name.endswith(("/", os.sep)) or output.is_dir()
    if folder:
        output.mkdir(parents=True, exist_ok=True)
        text = to == "text"
        for record in records:
            name = f"{record.id}{'.txt' if text else '.json'}"
            with atomic_output(output / name) as stream:
                write_records([record], stream, "text" if text else "json", limit)
        from ..engine.describe import plural

        stderr(f"wrote {plural(games, 'game')} to {output}/")
        return
    target: Format = "json" if games == 1 else "jsonl"
    if to is not None or str(output) != "-":
        target = format_of(output, to)
    if target == "csv":
        raise click.UsageError(
            "simulate writes records: .json, .jsonl, .txt or a folder"
        )
    if target == "json" and games > 1:
        raise click.UsageError(
            f"--games {games} needs an archive (.jsonl or .txt) or a folder, not a .json file"
        )
    with atomic_output(output) as stream:
        written = write_records(records, stream, target, limit)
    if str(output) != "-":
        from ..engine.describe import plural

        stderr(f"wrote {plural(written, 'game')} to {output}")
