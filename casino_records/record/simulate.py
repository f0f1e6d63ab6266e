"""Whole matches played by the bots, written as records.

>>> record = simulate_record("royal", 2, seed="doc", bots=("greedy", "random"))
>>> record.rules.preset, len(record.players), record.claimed.winner is not None
('royal', 2, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..engine.bots import DealPlay, MatchPlay, make_bot, play_match
from ..engine.seating import HAND_SIZE
from ..engine.shuffle import shuffled_deck
from .format.models import (
    FORMAT,
    SHUFFLE_METHOD,
    ClaimedCounts,
    ClaimedDeal,
    ClaimedMatch,
    ClaimedPoints,
    ClaimedSide,
    Deal,
    GameRecord,
    Player,
    Round,
    RulesSpec,
    Shuffle,
)
from .format.translate import step_to_notation

__all__ = ["DEFAULT_NAMES", "Provenance", "record_of_match", "simulate_record"]

Provenance = Literal["seed", "deck", "hands", "inferred"]
DEFAULT_NAMES = ("Ana", "Ben", "Caio", "Dee")


def deal_seed(seed: str, index: int) -> str:
    """The shuffle seed of deal ``index`` of a simulated match."""
    return f"{seed}/{index + 1}"


def simulate_record(
    preset: str,
    players: int,
    *,
    teams: bool = False,
    options: Mapping[str, Any] | None = None,
    seed: str = "0",
    bots: Sequence[str] = ("random",),
    provenance: Provenance = "seed",
    names: Sequence[str] = DEFAULT_NAMES,
    first_dealer: int = 0,
    record_id: str | None = None,
    max_deals: int = 100,
) -> GameRecord:
    """Play a whole match with bots and return it as a record with claimed scores.

    :param bots: bot kinds (``random`` or ``greedy``), dealt round the seats in turn.
    :param provenance: how the deals are recorded: by shuffle ``seed``, by
        ``deck``, by explicit ``hands``, or ``inferred`` (table only).
    """
    spec = RulesSpec.model_validate({"preset": preset, "options": dict(options or {})})
    rules = spec.effective()
    kinds = [bots[seat % len(bots)] for seat in range(players)]
    seat_bots = [make_bot(kind, f"{seed}/bot{seat}") for seat, kind in enumerate(kinds)]
    team_list = [[0, 2], [1, 3]] if teams else None
    played = play_match(
        rules,
        players,
        team_list,
        seat_bots,
        deck_for=lambda i: shuffled_deck(deal_seed(seed, i)),
        first_dealer=first_dealer,
        max_deals=max_deals,
    )
    return record_of_match(
        played,
        spec,
        names[:players],
        seed=seed,
        provenance=provenance,
        record_id=record_id or f"sim-{preset}-{players}{'t' if teams else ''}-{seed}",
        bot_kinds=kinds,
    )


def record_of_match(
    played: MatchPlay,
    spec: RulesSpec,
    names: Sequence[str],
    *,
    seed: str,
    provenance: Provenance,
    record_id: str,
    bot_kinds: Sequence[str] = (),
) -> GameRecord:
    """Write a simulated match as a record; the claimed scores are the computed ones."""
    deals = [
        _deal_record(deal, i, seed, provenance) for i, deal in enumerate(played.deals)
    ]
    match = played.match
    teams = None
    if played.seating.partnership:
        teams = ((0, 2), (1, 3))
    source = "casino-records simulate"
    if bot_kinds:
        source += f" ({', '.join(bot_kinds)} bots, seed {seed!r})"
    return GameRecord.model_validate(
        {
            "format": FORMAT,
            "id": record_id,
            "meta": {"source": source},
            "rules": spec,
            "players": [Player(name=n) for n in names],
            "teams": teams,
            "deals": deals,
            "claimed": ClaimedMatch(totals=tuple(match.totals), winner=match.winner),
        }
    )


def _deal_record(deal: DealPlay, index: int, seed: str, provenance: Provenance) -> Deal:
    state = deal.state
    players = state.seating.players
    rounds: list[Round] = []
    per_round = HAND_SIZE * players
    moves = [step_to_notation(step) for step in state.log]
    played_rounds = deal.dealt.rounds[: state.round + 1]
    for r, hands in enumerate(played_rounds):
        recorded = None
        interrupted = not state.finished and r == state.round
        if provenance == "hands" or (provenance == "inferred" and interrupted):
            recorded = tuple(tuple(str(c) for c in hand) for hand in hands)
        rounds.append(
            Round(
                hands=recorded, moves=tuple(moves[r * per_round : (r + 1) * per_round])
            )
        )
    fields: dict[str, Any] = {"dealer": deal.dealer, "rounds": rounds}
    if provenance == "seed":
        fields["shuffle"] = Shuffle(method=SHUFFLE_METHOD, seed=deal_seed(seed, index))
    elif provenance == "deck":
        fields["deck"] = tuple(str(c) for c in deal.deck)
    else:
        fields["table"] = tuple(str(c) for c in deal.dealt.table)
    if not deal.scores:
        return Deal(**fields)
    fields["claimed"] = ClaimedDeal(
        sides=tuple(
            ClaimedSide(
                points=ClaimedPoints(**s.points),
                total=s.banked,
                counts=ClaimedCounts(cards=s.cards, spades=s.spades, sweeps=s.sweeps),
            )
            for s in deal.scores
        )
    )
    return Deal(**fields)
