"""The command line on records whose deals are given by their piles."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from casino_records.cli import main
from casino_records.engine.cards import parse_card
from tests.paths import SAMPLES

PILED = SAMPLES / "classic-2p-piles.json"
DISPUTED = SAMPLES / "disputed-piles-ace-wrong-side.json"


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_validate_a_piled_record_with_a_card_missing(tmp_path: Path) -> None:
    data = json.loads(PILED.read_text("utf-8"))
    piles = data["deals"][1]["piles"]
    lost = piles["sides"][0].pop()
    path = tmp_path / "lost.json"
    path.write_text(json.dumps(data), "utf-8")
    code, out, err = run("validate", path)
    assert code == 1 and err == ""
    assert out.splitlines()[0] == (
        f"invalid     {path}: deal 2, the piles: {parse_card(lost).pretty} is in no"
        " pile and not left on the table (each card of the pack is in one place)"
        " (R1.1)"
    )
    code, out, err = run("validate", "--verbose", path)
    assert out.splitlines()[1] == " " * 12 + "at /deals/1/piles"


def test_rescore_a_disputed_piled_record_names_the_pile(tmp_path: Path) -> None:
    code, out, _ = run("rescore", DISPUTED)
    assert code == 1
    assert "A♥ is in Ana & Caio's pile (R12.1)" in out
    fixed = tmp_path / "fixed.json"
    code, _, _ = run("rescore", DISPUTED, "-o", fixed)
    assert code == 1
    assert run("validate", fixed)[0] == 0


def test_convert_json_text_json_keeps_the_piles(tmp_path: Path) -> None:
    text, back = tmp_path / "game.txt", tmp_path / "game.json"
    assert run("convert", PILED, "-o", text)[0] == 0
    assert "\nPiles " in text.read_text("utf-8")
    assert run("convert", text, "-o", back)[0] == 0
    assert back.read_bytes() == PILED.read_bytes()
    assert run("fmt", "--check", text)[0] == 0
    scores = tmp_path / "scores.csv"
    code, _, err = run("convert", PILED, "-o", scores, "--csv", "scores")
    assert code == 0 and "piles are not in the scores CSV (deals 2, 3)" in err
    assert len(scores.read_text("utf-8").splitlines()) == 1 + 2 * 3
