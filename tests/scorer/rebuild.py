"""Enter a recorded game into a scorer session, as a person at the table would."""

from __future__ import annotations

from casino_records.record.format.models import GameRecord
from casino_records.record.text.notation import move_notation
from casino_records.scorer import CATEGORIES, GameSetup, ScorerSession
from casino_records.scorer.sheet import claimed_figure


def setup_of(record: GameRecord) -> GameSetup:
    """The set-up form filled in for ``record``."""
    first = record.deals[0]
    if first.shuffle is not None:
        cards, seed = "shuffle", first.shuffle.seed.rsplit("/", 1)[0]
    elif any(r.hands is not None for r in first.rounds):
        cards, seed = "hands", ""
    else:
        cards, seed = "appear", ""
    return GameSetup(
        preset=record.rules.preset,
        options=dict(record.rules.options),
        names=tuple(p.name for p in record.players),
        partnership=record.teams is not None,
        dealer=first.dealer,
        cards=cards,  # type: ignore[arg-type]
        seed=seed,
        record_id=record.id,
        meta=record.meta,
        comment=record.comment,
    )


def enter_deal(session: ScorerSession, record: GameRecord, d: int) -> None:
    """Enter deal ``d`` of ``record``: its table, hands, moves (typed) and claims."""
    deal = record.deals[d]
    if session.setup.cards != "shuffle":
        assert deal.table is not None
        session.set_table(list(deal.table))
    for round_ in deal.rounds:
        if session.setup.cards == "hands":
            assert round_.hands is not None
            session.set_hands([list(hand) for hand in round_.hands])
        for move in round_.moves:
            assert session.phase == "move", session.where()
            session.play(move_notation(move))
    for side in range(session.seating.sides):
        for category in CATEGORIES:
            value = claimed_figure(deal.claimed, side, category)
            if value is not None:
                session.claim(d, side, category, value)


def rebuild(record: GameRecord) -> ScorerSession:
    """A session that entered every deal of ``record``, claims included."""
    session = ScorerSession(setup_of(record))
    for d in range(len(record.deals)):
        if d:
            session.next_deal()
        enter_deal(session, record, d)
    if record.claimed is not None:
        claimed = record.claimed
        session.claim_match(claimed.totals, claimed.winner, claimed.comment)
    return session
