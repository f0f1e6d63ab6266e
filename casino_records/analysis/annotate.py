"""Write an analysis into its record: a glyph and a comment on every move.

The notation already has both (``glyph``: ``?!``, ``?``, ``??``; ``comment``:
free text), so every reader of records shows the analysis. A move's comment gets
one segment, after any comment already there:

``analysis: ?? lost 2.41 ±0.31 (estimated, 48 samples); best 10S takes 10D 1.20; played -1.21``

An earlier ``analysis:`` segment is replaced, so annotating twice changes nothing.
A glyph already on a move is the annotator's and is kept; the analysis sets one
only where there is none. ``meta.tags["analysis"]`` records the settings.
"""

from __future__ import annotations

from typing import Final

from ..record.format.models import GameRecord, Meta
from ..record.format.pointer import move_pointer
from .game_analysis import GameAnalysis, MoveAnalysis

__all__ = ["PREFIX", "SEPARATOR", "annotate", "comment_for", "settings_tag"]

PREFIX: Final = "analysis:"
"""How an analysis comment segment starts."""
SEPARATOR: Final = " | "
"""Between the segments of a comment."""


def comment_for(move: MoveAnalysis) -> str:
    """The comment segment that says how good ``move`` was.

    ``analysis: best move (exact); played 2.00`` or
    ``analysis: ?? lost 2.41 ±0.31 (estimated, 48 samples); best 10S takes 10D 1.20; played -1.21``
    """
    how = "exact" if move.method == "exact" else f"estimated, {move.samples} samples"
    if move.best == move.played:
        return f"{PREFIX} best move ({how}); played {move.played_value:.2f}"
    spread = "" if move.method == "exact" else f" ±{move.loss_stderr:.2f}"
    mark = f"{move.mark} " if move.mark else ""
    return (
        f"{PREFIX} {mark}lost {move.loss:.2f}{spread} ({how});"
        f" best {move.best} {move.best_value:.2f}; played {move.played_value:.2f}"
    )


def settings_tag(analysis: GameAnalysis) -> str:
    """The ``analysis`` tag: what was run."""
    s = analysis.settings
    return (
        f"casino-records analyse --samples {s.samples} --seed {s.seed}"
        f" --exact-moves {s.exact_moves}"
    )


def _merged(existing: str | None, segment: str) -> str:
    kept = [
        part
        for part in (existing or "").split(SEPARATOR)
        if part and not part.startswith(PREFIX)
    ]
    return SEPARATOR.join([*kept, segment])


def annotate(record: GameRecord, analysis: GameAnalysis) -> GameRecord:
    """A copy of ``record`` with ``analysis`` written into its moves."""
    by_loc = {move.loc: move for move in analysis.moves}
    deals = []
    for d, deal in enumerate(record.deals):
        rounds = []
        for r, round_ in enumerate(deal.rounds):
            moves = []
            for k, move in enumerate(round_.moves):
                found = by_loc.get(move_pointer(d, r, k))
                if found is not None:
                    update: dict[str, object] = {
                        "comment": _merged(move.comment, comment_for(found))
                    }
                    if move.glyph is None and found.mark:
                        update["glyph"] = found.mark
                    move = move.model_copy(update=update)
                moves.append(move)
            rounds.append(round_.model_copy(update={"moves": tuple(moves)}))
        deals.append(deal.model_copy(update={"rounds": tuple(rounds)}))
    meta = record.meta or Meta()
    tags = {**meta.tags, "analysis": settings_tag(analysis)}
    meta = meta.model_copy(update={"tags": dict(sorted(tags.items()))})
    return record.model_copy(update={"deals": tuple(deals), "meta": meta})
