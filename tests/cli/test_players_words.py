"""Issues #31.6 and #37.13: what the commands print for people is in players' words.

Each test writes its record by hand: a four-player partnership whose second
move is out of turn, and a partnership deal given by its piles whose sheet
credits Little Casino to the wrong side. The text says names, score-sheet
figures and suit symbols; the JSON pointers are in ``--format json`` and, with
``--verbose``, on a line of their own.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from casino_records.cli import main
from casino_records.engine.describe import plural

NAMES = ["Ana", "Ben", "Caio", "Dee"]
SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
NOTATION_CARD = re.compile(r"(?<![\w/])(?:10|[2-9AJQK])[SHDC](?!\w)")


def partnership(deal: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "casino-record/1",
        "rules": {"preset": "classic"},
        "players": [{"name": name} for name in NAMES],
        "teams": [[0, 2], [1, 3]],
        "deals": [deal],
    }


def out_of_turn() -> dict[str, Any]:
    """Ben trails K♥ (his turn, left of the dealer), then Dee plays: it is Caio's turn."""
    moves = [
        {"seat": 1, "card": "KH", "action": "trail"},
        {"seat": 3, "card": "QH", "action": "trail"},
    ]
    return partnership(
        {"dealer": 0, "table": ["AS", "2S", "3S", "4S"], "rounds": [{"moves": moves}]}
    )


def little_casino_to_the_wrong_side() -> dict[str, Any]:
    """Ana & Caio took every spade (Little Casino 2♠ among them) and nothing else;
    their sheet gives Little Casino to Ben & Dee."""
    spades = SPADES.split()
    rest = [f"{r}{s}" for s in "HDC" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    piles = {"sides": [spades, rest], "sweeps": [0, 0], "last_capture": 1}
    ana_caio = {"most_cards": 0, "most_spades": 1, "big_casino": 0, "aces": 1}
    ben_dee = {"most_cards": 3, "most_spades": 0, "big_casino": 2, "aces": 3}
    claimed = [
        {"points": {**ana_caio, "little_casino": 0}},
        {"points": {**ben_dee, "little_casino": 1}},
    ]
    return partnership({"dealer": 0, "piles": piles, "claimed": {"sides": claimed}})


def run(tmp_path: Path, data: dict[str, Any], *args: str) -> Result:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), "utf-8")
    return CliRunner().invoke(main, [*args, str(path)])


def test_an_illegal_move_is_told_by_name_and_its_pointer_only_on_request(
    tmp_path: Path,
) -> None:
    result = run(tmp_path, out_of_turn(), "validate")
    assert result.exit_code == 1
    line = result.stdout.splitlines()[0]
    assert line.endswith(
        "deal 1, move 2 (round 1), Dee: Q♥ trails:"
        " out of turn: it is Caio's turn, not Dee's (R2.4)"
    )
    assert "seat" not in line and "/deals" not in line
    verbose = run(tmp_path, out_of_turn(), "validate", "--verbose").stdout
    assert verbose.splitlines()[1] == " " * 12 + "at /deals/0/rounds/0/moves/1"
    report = run(tmp_path, out_of_turn(), "rescore", "--format", "json").stdout
    (finding,) = json.loads(report)["records"][0]["report"]["findings"]
    assert finding["loc"] == "/deals/0/rounds/0/moves/1"
    assert finding["rule"] == "R2.4"
    assert finding["message"] == "out of turn: it is Caio's turn, not Dee's"


def test_a_partnership_dispute_reads_as_the_score_sheet(tmp_path: Path) -> None:
    data = little_casino_to_the_wrong_side()
    line = run(tmp_path, data, "validate").stdout.splitlines()[0]
    assert line.endswith(
        "deal 1, Ana & Caio's Little Casino: claimed 0, computed 1"
        " (+1 more: rescore shows all)"
    )
    text = run(tmp_path, data, "rescore").stdout
    assert "classic rules · Ana & Caio v Ben & Dee\n" in text
    assert "✗ deal 1, Ben & Dee's Little Casino: claimed 1, computed 0\n" in text
    assert "Little Casino (2♠) is in Ana & Caio's pile" in text
    for jargon in ("points.", "counts.", "side 0", "side 1", "seat ", "/deals", "→"):
        assert jargon not in text, jargon
    verbose = run(tmp_path, data, "rescore", "--verbose").stdout
    assert "      at /deals/0/claimed/sides/0/points/little_casino\n" in verbose
    assert "        at /deals/0/piles/sides/0/1\n" in verbose  # where 2♠ lies


def test_one_card_spelling_per_output(tmp_path: Path) -> None:
    """Text for people: suit symbols only; notation: tokens only."""
    for args in (("validate",), ("rescore",), ("rescore", "--verbose")):
        text = run(tmp_path, little_casino_to_the_wrong_side(), *args).stdout
        assert "♠" in text or args == ("validate",)
        assert NOTATION_CARD.findall(text) == [], args
    text = run(tmp_path, out_of_turn(), "legal", "--deal", "1", "--move", "2").stdout
    assert "Q♥" in text and NOTATION_CARD.findall(text) == []
    ascii_ = run(
        tmp_path, out_of_turn(), "legal", "--deal", "1", "--move", "2", "--ascii"
    ).stdout
    assert "QH" in ascii_ and not re.search("[♠♥♦♣]", ascii_)
    notation = tmp_path / "game.txt"
    converted = CliRunner().invoke(
        main, ["convert", str(tmp_path / "game.json"), "-o", str(notation)]
    )
    assert converted.exit_code == 0, converted.output
    assert "QH" in notation.read_text("utf-8")
    assert not re.search("[♠♥♦♣]", notation.read_text("utf-8"))


def test_counts_agree_with_their_number(tmp_path: Path) -> None:
    assert [plural(n, "point") for n in (0, 1, 2)] == [
        "0 points",
        "1 point",
        "2 points",
    ]
    text = run(tmp_path, out_of_turn(), "rescore").stdout
    assert "INVALID — 1 error\n" in text
    assert "unfinished after 1 move: not scored" in text
    data = out_of_turn()
    data["deals"][0]["rounds"][0]["moves"].pop()
    text = run(tmp_path, data, "validate").stdout
    assert text.endswith("1 record: 1 ok, 0 disputed, 0 invalid, 0 unreadable\n")
