"""``rescore`` with the explanation of a dispute: first in the text, all fits in JSON."""

from __future__ import annotations

import json

from click.testing import CliRunner

from casino_records.cli.main import main
from tests.paths import SAMPLES


def test_rescore_puts_the_explanation_first() -> None:
    result = CliRunner().invoke(
        main, ["rescore", str(SAMPLES / "disputed-residue-wrong-side.json")]
    )
    lines = result.output.splitlines()
    first = next(
        i for i, line in enumerate(lines) if line.startswith("What went wrong")
    )
    assert lines[first + 1].startswith("  Deal 1: Your score sheet is exactly")
    assert lines[first + 2].startswith("  Match: Your match result is exactly")
    assert first < next(
        i for i, line in enumerate(lines) if line.startswith("Deal 1 —")
    )


def test_rescore_json_carries_the_fits() -> None:
    result = CliRunner().invoke(
        main,
        [
            "rescore",
            "--format",
            "json",
            str(SAMPLES / "disputed-residue-wrong-side.json"),
        ],
    )
    data = json.loads(result.output)
    (entry,) = data["records"]
    explanations = entry["report"]["explanations"]
    assert [e["scope"] for e in explanations] == ["deal", "match"]
    mistake = explanations[0]["fits"][0]["mistakes"][0]
    assert mistake["kind"] == "residue_to_side"
    assert mistake["loc"] == "/deals/0/rounds/5/moves/5"
    assert explanations[0]["deciding_move"] == 46
