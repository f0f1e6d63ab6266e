from __future__ import annotations

import csv
import io as pyio
from typing import Any

import pytest

from casino_records.record.csvexport import (
    MOVE_COLUMNS,
    SCORE_COLUMNS,
    TARGETS,
    loss_report,
    moves_csv,
    scores_csv,
)
from casino_records.record.format.models import GameRecord


def record(**changes: Any) -> GameRecord:
    data: dict[str, Any] = {
        "format": "casino-record/1",
        "id": "g,1",
        "rules": {"preset": "classic"},
        "players": [{"name": "Ana"}, {"name": 'Ben "B", Jr.'}],
        "deals": [
            {
                "dealer": 1,
                "table": ["4S", "5D", "6C", "9C"],
                "rounds": [
                    {
                        "moves": [
                            {"seat": 0, "card": "9D", "action": "capture",
                             "take": ["4S", "5D"], "glyph": "!",
                             "comment": 'line 1\nline 2, with "quotes"'},
                            {"seat": 1, "card": "KH", "action": "trail"},
                            {"seat": 0, "card": "2D", "action": "build", "value": 8,
                             "onto": ["6C"], "comment": "=HYPERLINK(\"x\")"},
                            {"seat": 1, "card": "AH", "action": "capture",
                             "value": 14, "take": ["9C"], "glyph": "?!"},
                        ]
                    }
                ],
                "claimed": {
                    "sides": [
                        {"points": {"most_cards": 3, "aces": 1}, "total": 4,
                         "counts": {"cards": 30, "spades": 8, "sweeps": 1}},
                        {},
                    ],
                    "comment": "agreed, <script>",
                },
            }
        ],
    }  # fmt: skip
    data.update(changes)
    return GameRecord.model_validate(data)


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(pyio.StringIO(text, newline="")))


def test_moves_csv_rows_and_columns() -> None:
    text = moves_csv([record(), record(id=None)])
    assert text.startswith(",".join(MOVE_COLUMNS) + "\r\n")
    table = rows(text)
    assert len(table) == 8
    assert [row["game"] for row in table] == ["1"] * 4 + ["2"] * 4
    assert table[4]["game_id"] == ""
    first, trail, build, ace = table[:4]
    assert first == {
        "game": "1",
        "game_id": "g,1",
        "deal": "1",
        "round": "1",
        "move": "1",
        "seat": "0",
        "player": "Ana",
        "action": "capture",
        "card": "9D",
        "cards": "4S 5D",
        "value": "",
        "glyph": "!",
        "comment": 'line 1\nline 2, with "quotes"',
    }
    assert (trail["action"], trail["cards"], trail["player"]) == (
        "trail",
        "",
        'Ben "B", Jr.',
    )
    assert (build["action"], build["value"], build["cards"]) == ("build", "8", "6C")
    assert build["comment"] == '\'=HYPERLINK("x")'  # not run as a formula
    assert (ace["value"], ace["glyph"]) == ("14", "?!")


def test_quoting_follows_rfc_4180() -> None:
    text = moves_csv([record()])
    assert '"line 1\nline 2, with ""quotes"""' in text
    assert '"Ben ""B"", Jr."' in text
    assert '"g,1"' in text
    assert text.endswith("\r\n")
    assert all(line.count("\r") <= 1 for line in text.split("\n"))


def test_formula_escaping_can_be_turned_off() -> None:
    table = rows(moves_csv([record()], escape_formulas=False))
    assert table[2]["comment"] == '=HYPERLINK("x")'


def test_scores_csv_has_the_claimed_figures() -> None:
    teams = record(
        players=[{"name": n} for n in ("Ana", "Ben", "Caio", "Dee")],
        teams=[[0, 2], [1, 3]],
    )
    text = scores_csv([record(), teams])
    assert text.startswith(",".join(SCORE_COLUMNS) + "\r\n")
    table = rows(text)
    assert len(table) == 4
    side0, side1 = table[:2]
    assert side0 == {
        "game": "1",
        "game_id": "g,1",
        "deal": "1",
        "side": "0",
        "players": "Ana",
        "most_cards": "3",
        "most_spades": "",
        "big_casino": "",
        "little_casino": "",
        "aces": "1",
        "sweeps": "",
        "total": "4",
        "count_cards": "30",
        "count_spades": "8",
        "count_sweeps": "1",
        "comment": "agreed, <script>",
    }
    assert side1["total"] == side1["most_cards"] == ""
    assert [row["players"] for row in table[2:]] == ["Ana & Caio", "Ben & Dee"]


def test_scores_csv_keeps_deals_without_a_claim() -> None:
    deal = {"dealer": 0, "table": ["4S", "5D", "6C", "9C"]}
    table = rows(scores_csv([record(deals=[deal])]))
    assert [(row["deal"], row["side"], row["total"]) for row in table] == [
        ("1", "0", ""),
        ("1", "1", ""),
    ]


@pytest.mark.parametrize("target", ["json", "jsonl", "text"])
def test_lossless_targets_report_nothing(target: Any) -> None:
    assert loss_report(record(), target) == []


def test_loss_report_of_a_full_record() -> None:
    full = record(
        meta={"event": "Club night", "tags": {"table": "3"}},
        rules={"preset": "royal", "options": {"sweeps": True}},
        players=[{"name": n, "id": f"id{n}"} for n in ("Ana", "Ben", "Caio", "Dee")],
        teams=[[0, 2], [1, 3]],
        claimed={"totals": [21, 14]},
        comment="game",
    )
    moves = loss_report(full, "moves-csv")
    assert moves == [
        "meta (event, tags) is not in the moves CSV",
        "rules (preset 'royal', options sweeps) are not in the moves CSV",
        "player ids are not in the moves CSV (seats 0, 1, 2, 3)",
        "teams are not in the moves CSV",
        "the game comment is not in the moves CSV",
        "dealers are not in the moves CSV (deal 1)",
        "table cards are not in the moves CSV (deal 1)",
        "claimed deal results are not in the moves CSV (deal 1)",
        "the claimed match result is not in the moves CSV",
    ]
    scores = loss_report(full, "scores-csv")
    assert "moves are not in the scores CSV (deal 1)" in scores
    assert "teams are not in the scores CSV" not in scores
    assert "the claimed match result is not in the scores CSV" in scores


def test_loss_report_names_provenance_and_empty_rounds() -> None:
    deals = [
        {
            "dealer": 0,
            "shuffle": {"method": "casino-shuffle/1", "seed": "s"},
            "rounds": [{"moves": [{"seat": 0, "card": "2S", "action": "trail"}]}, {}],
            "comment": "d",
        },
        {
            "dealer": 1,
            "table": ["4S", "5D", "6C", "9C"],
            "rounds": [{"hands": [["AS", "2S", "3S", "??"], ["??"] * 4]}],
        },
    ]
    report = loss_report(record(deals=deals), "moves-csv")
    assert "shuffle seeds are not in the moves CSV (deal 1)" in report
    assert "hands are not in the moves CSV (deal 2)" in report
    assert "deal comments are not in the moves CSV (deal 1)" in report
    assert "deals without moves have no rows in the moves CSV (deal 2)" in report
    assert (
        "rounds without moves have no rows in the moves CSV (deal.round 1.2)" in report
    )


def test_unknown_target() -> None:
    assert "scores-csv" in TARGETS
    with pytest.raises(ValueError, match="unknown target format 'xml'"):
        loss_report(record(), "xml")  # type: ignore[arg-type]
