"""MatchState's ``count_out_order``: the same deal credited in another order
(used to ask what a table that counted differently would have decided)."""

from __future__ import annotations

from casino_records.engine.cards import parse_cards
from casino_records.engine.match import CountOutItem, MatchState
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import bank_points, score_piles

# A takes most cards and nothing else; B takes most spades, both casinos and the aces.
PILES = [
    parse_cards(
        "3H 4H 5H 6H 7H 8H 9H 3C 4C 5C 6C 7C 8C 9C 3D 4D 5D 6D 7D 8D 9D"
        " JH QH KH JC QC KC"
    ),
    parse_cards("10D 2S AS AH AC AD 3S 4S 5S 6S 7S 8S 9S"),
]


def aces_first(items: list[CountOutItem]) -> list[CountOutItem]:
    return sorted(items, key=lambda item: item.category != "aces")


def test_rules_order_credits_most_cards_first() -> None:
    rules = Rules.from_preset("royal")
    match = MatchState(rules, 2, totals=[18, 20])
    decision = match.settle(score_piles(rules, PILES, [[], []]))
    assert decision.winner == 0
    assert decision.count_out_item is not None
    assert decision.count_out_item.category == "most_cards"


def test_another_order_can_change_the_winner() -> None:
    rules = Rules.from_preset("royal")
    match = MatchState(rules, 2, totals=[18, 20], count_out_order=aces_first)
    decision = match.settle(score_piles(rules, PILES, [[], []]))
    assert decision.winner == 1
    assert decision.count_out_item is not None
    assert decision.count_out_item.label == "ace A♠"
    assert decision.totals == (21, 20 + 8)


def test_bank_points_is_the_scoring_banks() -> None:
    rules = Rules.from_preset("dominican")
    scores = score_piles(rules, PILES, [[], []], totals_before=[18, 19])
    for score, total, band in zip(scores, (18, 19), (3, 2), strict=True):
        assert bank_points(rules, score.points, total, band) == (
            score.banked,
            score.note,
        )
    assert [s.banked for s in scores] == [3, 2]
