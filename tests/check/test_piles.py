"""Deals given by their piles: read, scored by the rules, checked card by card, explained."""

from __future__ import annotations

import json
from typing import Any

import pytest

from casino_records.check.explain.dispute import explain
from casino_records.check.piles import immediate_winners, piles_of
from casino_records.check.replay import replay
from casino_records.engine.cards import CARD_NAMES, parse_cards
from casino_records.engine.match import MatchState
from casino_records.engine.rules import Rules
from casino_records.engine.scoring import score_piles
from casino_records.errors import InvalidRecordError
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.paths import SAMPLES

NAMES = ("Ana", "Ben", "Caio", "Dee")


def split(first: str, left: str = "", sides: int = 2) -> list[list[str]]:
    """Side 0's cards as written, the rest of the pack (but ``left``) in side 1's
    pile (and the other sides' piles empty)."""
    mine = [str(c) for c in parse_cards(first)]
    gone = set(mine) | {str(c) for c in parse_cards(left)}
    rest = [c for c in CARD_NAMES if c not in gone]
    return [mine, rest] + [[] for _ in range(sides - 2)]


def record(
    deals: list[dict[str, Any]],
    preset: str = "classic",
    players: int = 2,
    teams: bool = False,
    **fields: Any,
) -> GameRecord:
    data: dict[str, Any] = {
        "format": "casino-record/1",
        "rules": {"preset": preset, "options": fields.pop("options", {})},
        "players": [{"name": n} for n in NAMES[:players]],
        "deals": deals,
        **fields,
    }
    if teams:
        data["teams"] = [[0, 2], [1, 3]]
    return jsonio.loads(json.dumps(data))


def piled(
    sides: list[list[str]],
    sweeps: list[int] | None = None,
    last: int | None = 1,
    left: str = "",
    dealer: int = 1,
    claimed: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    piles: dict[str, Any] = {
        "sides": sides,
        "sweeps": sweeps or [0] * len(sides),
        "left": [str(c) for c in parse_cards(left)],
    }
    if last is not None:
        piles["last_capture"] = last
    deal: dict[str, Any] = {"dealer": dealer, "piles": piles}
    if claimed is not None:
        deal["claimed"] = {"sides": claimed}
    return deal


ANA = (
    "AS AH 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C"
)


# --- the notation ---------------------------------------------------------------------


def test_a_piled_deal_reads_and_writes_canonically_without_rounds() -> None:
    game = record([piled(split(ANA, "QC KC"), [0, 1], left="qc kc")])
    piles = game.deals[0].piles
    assert piles is not None and piles.left == ("QC", "KC")
    text = jsonio.dumps(game)
    assert b'"rounds"' not in text and b'"left": ["QC", "KC"]' in text
    assert jsonio.dumps(jsonio.loads(text)) == text


@pytest.mark.parametrize(
    ("deal", "loc", "words"),
    [
        (
            {"table": ["AS", "2S", "3S", "4S"]},
            "/deals/0/table",
            "a deal given by its piles has no table",
        ),
        ({"rounds": [{"moves": []}]}, "/deals/0/rounds", "has no rounds"),
    ],
)
def test_piles_and_moves_are_not_both_given(
    deal: dict[str, Any], loc: str, words: str
) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        record([piled(split(ANA)) | deal])
    assert [(e.loc, words in e.message) for e in caught.value.errors] == [(loc, True)]


def test_piles_one_per_side_and_a_seat_that_exists() -> None:
    deal = piled([[], [], []], [0], last=3)
    with pytest.raises(InvalidRecordError) as caught:
        record([deal])
    found = {e.loc: e.message for e in caught.value.errors}
    assert found == {
        "/deals/0/piles/sides": "expected 2 piles (one per side), not 3",
        "/deals/0/piles/sweeps": "expected 2 sweep counts (one per side), not 1",
        "/deals/0/piles/last_capture": "seat 3 does not exist (seats 0 to 1)",
    }


# --- every card in one place ------------------------------------------------------------


def test_cards_missing_and_given_twice_are_named_with_the_deal() -> None:
    sides = split(ANA, "9C 10C JC")
    sides[0].append("AS")
    report = replay(record([piled(sides)])).report
    assert not report.valid
    found = [(f.loc, f.where, f.message) for f in report.findings]
    assert found == [
        (
            "/deals/0/piles/sides/0/27",
            "deal 1, the piles, Ana's pile, card 28",
            "A♠ is given twice in Ana's pile: each card of the pack is in one place",
        ),
        (
            "/deals/0/piles",
            "deal 1, the piles",
            "3 cards are in no pile and not left on the table: 9♣ 10♣ J♣ (each"
            " card of the pack is in one place)",
        ),
    ]


def test_a_card_in_a_pile_and_on_the_table_is_in_two_places() -> None:
    sides = split(ANA)
    report = replay(record([piled(sides, left="2C")])).report
    assert [f.message for f in report.findings] == [
        "2♣ is given in Ana's pile and in the cards left on the"
        " table: each card of the pack is in one place"
    ]


@pytest.mark.parametrize(
    ("sides", "sweeps", "last", "rule", "loc"),
    [
        (split("AS", "2S 3S"), [0, 0], 1, "R5.1", "/deals/0/piles/sides/0"),
        (split(ANA), [14, 0], 1, "R10.1", "/deals/0/piles/sweeps/0"),
        (split(ANA), [0, 0], None, "R11.1", "/deals/0/piles"),
        ([[*CARD_NAMES[:50]], []], [0, 0], 1, "R11.1", "/deals/0/piles/last_capture"),
    ],
)
def test_piles_no_play_can_give_are_errors(
    sides: list[list[str]], sweeps: list[int], last: int | None, rule: str, loc: str
) -> None:
    left = (
        ""
        if sum(map(len, sides)) == 52
        else " ".join(c for c in CARD_NAMES if not any(c in pile for pile in sides))
    )
    report = replay(record([piled(sides, sweeps, last, left)])).report
    assert [(f.rule, f.loc) for f in report.findings] == [(rule, loc)]


# --- scored by the rules ----------------------------------------------------------------


def test_a_piled_deal_scores_as_its_piles_and_the_residue_goes_to_the_last_capturer() -> (
    None
):
    sides = split(ANA, "10D AC")
    replayed = replay(record([piled(sides, last=1, left="10D AC")]))
    assert replayed.report.valid and not replayed.report.findings
    expected = score_piles(
        Rules(),
        [parse_cards(ANA), parse_cards(" ".join(sides[1]) + " 10D AC")],
        [[], []],
    )
    deal = replayed.report.deals[0]
    assert [s.points for s in deal.sides] == [e.points for e in expected]
    assert deal.residue == ["10D", "AC"] and deal.residue_side == 1
    assert deal.complete


def test_partners_piles_are_one_and_the_residue_follows_the_seat() -> None:
    sides = split(ANA, "10D")
    game = record([piled(sides, last=3, left="10D", dealer=0)], players=4, teams=True)
    deal = replay(game).report.deals[0]
    assert deal.residue_side == 1  # seat 3 plays with seat 1
    assert [s.points["big_casino"] for s in deal.sides] == [0, 2]
    assert [s.cards for s in deal.sides] == [27, 25]


def test_dominican_sweeps_cancel_and_a_match_of_piled_deals_has_a_winner() -> None:
    # Side 0 takes everything that scores (11 points) and 3 sweeps to side 1's 1.
    sides = split(ANA + " 10D AD AC", sides=2)
    first = piled(sides, [3, 1], last=0, dealer=0)
    game = record([first], preset="dominican", players=4, teams=True)
    scores = replay(game).report.deals[0].sides
    assert [s.points["sweeps"] for s in scores] == [2, 0]
    assert [s.banked for s in scores] == [13, 0]
    dealers = [0, 3]  # the deal passes to the right (R2.7)
    deals = [piled(sides, [3, 1], last=0, dealer=d) for d in dealers]
    game = record(
        deals,
        preset="dominican",
        players=4,
        teams=True,
        options={"target_score": 16},
        claimed={"totals": [16, 0], "winner": 0},
    )
    match = replay(game)
    assert match.report.valid and not match.report.findings
    assert match.match is not None and match.match.winner == 0
    # At 13, 3 short of 16: most cards reaches the target, nothing else counts (R13.4).
    assert match.match.totals == [16, 0]


def test_a_count_out_the_order_of_sweeps_decides_is_said_not_guessed() -> None:
    spades1 = "AS 2S 3S 4S 5S 6S 7S"
    rest0 = "8S 9S 10S JS QS KS 10D AH AD"
    mine = parse_cards(rest0)
    others = [
        c
        for c in CARD_NAMES
        if c not in {str(m) for m in mine} | set(spades1.split()) | {"AC"}
    ]
    side0 = [str(c) for c in mine] + others[:17]
    side1 = spades1.split() + ["AC"] + others[17:]
    options = {"sweeps": True, "target_score": 6}
    game = record(
        [piled([side0, side1], [2, 2], last=0)], preset="royal", options=options
    )
    report = replay(game).report
    assert [(f.rule, f.loc) for f in report.findings] == [
        ("R13.3", "/deals/0/piles/sweeps")
    ]
    assert "Ana and Ben each reach 6" in report.findings[0].message


# --- claims checked and explained --------------------------------------------------------


def test_a_disputed_piled_deal_is_explained_by_its_piles() -> None:
    sides = split(ANA, "10D QC")
    claims = [
        {
            "points": {
                "most_cards": 3,
                "most_spades": 1,
                "little_casino": 1,
                "aces": 1,
            },
            "total": 6,
        },
        {"points": {"big_casino": 2, "aces": 3}, "total": 5},
    ]
    game = record([piled(sides, last=1, left="10D QC", claimed=claims)])
    replayed = replay(game)
    assert replayed.report.disputed and replayed.report.valid
    deciding = {d.why for f in replayed.report.findings for d in f.deciding}
    assert "an ace (A♠) is in Ana's pile" in deciding
    (explanation,) = explain(game, replayed)
    assert explanation.verdict == "exact"
    kinds = {(m.kind, m.side) for fit in explanation.fits for m in fit.mistakes}
    assert kinds == {("ace_to_side", 1)}
    assert "is in Ana's pile" in explanation.fits[0].mistakes[0].truth


def test_the_residue_given_to_the_wrong_side_is_one_mistake() -> None:
    sides = split(ANA, "10D QC KC")
    claims = [{"total": 9}, {"total": 2}]
    game = record([piled(sides, last=1, left="10D QC KC", claimed=claims)])
    (explanation,) = explain(game, replay(game))
    assert explanation.verdict == "exact"
    first = explanation.fits[0].mistakes[0]
    assert (first.kind, first.side) == ("residue_to_side", 0)
    assert "Ben made the last capture" in first.truth


def test_a_tie_scored_for_both_sides_is_one_mistake() -> None:
    """26 cards each: most cards scores nobody (R12.2), but the sheet gives each
    side its 3 points."""
    ana = (
        "AS 2S 3S 4S 5S 6S 7S AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD 2D 3D 4D 5D 6D"
    )
    claims = [
        {"points": {"most_cards": 3, "most_spades": 1, "little_casino": 1, "aces": 3}},
        {"points": {"most_cards": 3, "big_casino": 2, "aces": 1}},
    ]
    game = record([piled(split(ana), last=1, claimed=claims)])
    (explanation,) = explain(game, replay(game))
    assert explanation.verdict == "exact"
    [mistake] = [m for fit in explanation.fits for m in fit.mistakes]
    assert (mistake.kind, mistake.rule) == ("tie_shared", "R12.2")
    assert "26–26 tie in cards" in mistake.what_if


# --- a played deal and its piles score alike ---------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "teams", "options"),
    [
        ("classic", 2, False, {"sweeps": True}),
        ("classic", 3, False, {}),
        ("royal", 4, True, {"sweeps": True}),
        ("dominican", 4, True, {}),
        ("dominican", 2, False, {}),
    ],
)
def test_a_played_match_given_by_its_piles_scores_the_same(
    preset: str, players: int, teams: bool, options: dict[str, Any]
) -> None:
    played = simulate_record(
        preset, players, teams=teams, options=options, seed=f"piles-{preset}"
    )
    replayed = replay(played)
    data = json.loads(jsonio.dumps(played))
    for d, state in enumerate(replayed.states):
        assert state is not None and state.finished
        deal = data["deals"][d]
        data["deals"][d] = {
            "dealer": deal["dealer"],
            "piles": piles_of(state).model_dump(mode="json", exclude_none=True),
            **({"claimed": deal["claimed"]} if "claimed" in deal else {}),
        }
    piled = replay(jsonio.loads(json.dumps(data)))
    assert piled.report.status == replayed.report.status == "ok"
    assert piled.match is not None and replayed.match is not None
    assert (piled.match.totals, piled.match.winner) == (
        replayed.match.totals,
        replayed.match.winner,
    )
    for a, b in zip(piled.report.deals, replayed.report.deals, strict=True):
        assert [s.points for s in a.sides] == [s.points for s in b.sides]
        assert [s.banked for s in a.sides] == [s.banked for s in b.sides]


# --- the samples ---------------------------------------------------------------------------


def test_the_piled_sample_mixes_played_and_piled_deals_and_is_ok() -> None:
    game = jsonio.load(SAMPLES / "classic-2p-piles.json")
    assert game.deals[0].rounds and game.deals[0].piles is None
    assert all(d.piles is not None and not d.rounds for d in game.deals[1:])
    replayed = replay(game)
    assert replayed.report.status == "ok" and replayed.match is not None
    assert replayed.match.winner == 1


def test_the_disputed_piled_sample_names_the_ace_and_its_pile() -> None:
    game = jsonio.load(SAMPLES / "disputed-piles-ace-wrong-side.json")
    deal, match = explain(game, replay(game))
    assert (deal.deal, deal.verdict) == (1, "exact")
    assert [(m.kind, m.side) for f in deal.fits for m in f.mistakes] == [
        ("ace_to_side", 1)
    ]
    assert deal.sentence == (
        "Your score sheet is exactly what you get if the ace A♥ had been counted for"
        " Ben & Dee; A♥ is in Ana & Caio's pile (R12.1)."
    )
    assert (match.scope, match.verdict) == ("match", "exact")


# --- wins at once (R13.4, near_target_immediate_win) ---------------------------------------

SPADES_AND_ACES = [c for c in CARD_NAMES if c.endswith("S")] + ["AH", "AD", "AC"]
NINE = SPADES_AND_ACES + [
    f"{r}H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
]
"""A pile worth 9 in a first deal: most cards, most spades, Little Casino, 4 aces."""
WIN_AT_ONCE = {"target_score": 11, "near_target_immediate_win": True}


def rest(cards: list[str]) -> list[str]:
    return [c for c in CARD_NAMES if c not in cards]


def test_big_casino_in_the_pile_of_a_side_2_short_wins_at_once() -> None:
    second = ["10D", "2D", *[c for c in CARD_NAMES if c.endswith("C")]]
    deals = [
        piled([NINE, rest(NINE)], last=0, dealer=0),
        piled([second, rest(second)], last=0, dealer=1, claimed=[{"total": 2}, {}]),
    ]
    replayed = replay(record(deals, preset="dominican", options=WIN_AT_ONCE))
    assert replayed.match is not None
    assert (replayed.match.totals, replayed.match.winner) == ([11, 2], 0)
    assert [(f.severity, f.rule) for f in replayed.report.findings] == [
        ("warning", "D8")
    ]
    assert (
        "captured Big Casino (10♦), winning at once"
        in replayed.report.findings[0].message
    )


def test_two_sides_each_holding_their_winning_casino_are_both_found() -> None:
    rules = Rules.from_preset("dominican", WIN_AT_ONCE)
    match = MatchState(rules, 2, totals=[9, 10])  # 2 and 1 short of 11
    sides = split("10D 3D 4D")
    game = record([piled(sides, last=1)], preset="dominican", options=WIN_AT_ONCE)
    piles = game.deals[0].piles
    assert piles is not None
    assert [(s, str(c)) for s, c in immediate_winners(rules, match, piles)] == [
        (0, "10D"),
        (1, "2S"),
    ]
