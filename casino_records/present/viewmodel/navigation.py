"""Moving through a game: where it opens, stepping by move, by round and across deals."""

from __future__ import annotations

from .game import Game, locate

__all__ = [
    "clamp",
    "linked_step",
    "opening_position",
    "round_starts",
    "round_step",
    "round_window",
    "step",
]


def clamp(game: Game, deal: int | None, move: int | None) -> tuple[int, int]:
    """The nearest step that exists: a shown deal, a step within it.

    :raises ValueError: the game has no position at all.
    """
    deals = game.deals
    if not deals:
        raise ValueError("the game has no position to show")
    if deal is None or deal not in game.positions:
        target = 0 if deal is None else deal
        deal = min(deals, key=lambda d: (abs(d - target), d))
    last = game.last_step(deal)
    return deal, max(0, min(last, 0 if move is None else move))


def linked_step(game: Game, deal: int | None, label: str | None) -> tuple[int, int]:
    """The step a link names: its deal (the nearest shown), its step by label.

    ``label`` is a link's ``move`` (:meth:`.game.Game.step_label`); None or a
    label the deal does not know is the deal's start.

    :raises ValueError: the game has no position at all.
    """
    deal, _ = clamp(game, deal, 0)
    found = None if label is None else game.step_of(deal, label)
    return deal, 0 if found is None else found


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
    while target < 0 or target > game.last_step(deal):
        k = deals.index(deal)
        if target < 0:
            if k == 0:
                return deal, 0
            deal = deals[k - 1]
            target += game.last_step(deal) + 1
        else:
            if k == len(deals) - 1:
                return deal, game.last_step(deal)
            target -= game.last_step(deal) + 1
            deal = deals[k + 1]
    return deal, target


def round_step(game: Game, deal: int, move: int, delta: int) -> tuple[int, int]:
    """The start of the next round (``delta=1``) or of this/the previous one (-1).

    Past the last round comes the deal's last step (its score), then the next
    deal; before the first round, the previous deal's last round.
    """
    starts = sorted(round_starts(game, deal).values())
    if delta > 0:
        later = [s for s in starts if s > move]
        if later:
            return deal, later[0]
        if move < game.last_step(deal):
            return deal, game.last_step(deal)
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
    """The steps the move list offers at ``move``: those of its round.

    From the round's start (after the previous round's last move) to the next
    round's start (or the deal's last step: the last round lists the end
    steps too), so every move of the round is there and the list stays short.
    """
    starts = sorted(round_starts(game, deal).values())
    begin = max(s for s in starts if s <= move)
    later = [s for s in starts if s > begin]
    end = later[0] if later else game.last_step(deal)
    return list(range(begin, end + 1))


def round_starts(game: Game, deal: int) -> dict[int, int]:
    """The first step of each round of a deal, by 0-based round (end steps
    belong to the last round)."""
    starts: dict[int, int] = {}
    for i, position in enumerate(game.positions[deal]):
        starts.setdefault(position.round, i)
    return starts
