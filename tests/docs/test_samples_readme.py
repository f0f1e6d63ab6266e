"""``sample_games/README.md`` held to the samples it describes (issue 37.10).

Every row of the valid games' table that names a winner ("Ana wins …",
"Ben & Dee win …") must name the side the replay finds, the count-out item the
replay credits ("by count-out with most spades") and the final totals, the
winner's first ("24–8–1"); a row that names no winner must describe an
unfinished match.
"""

from __future__ import annotations

import re

import pytest

from casino_records.check.replay import replay
from casino_records.check.report import ReplayReport
from casino_records.record.json import jsonio
from tests import paths

README = paths.SAMPLES / "README.md"
ROW = re.compile(r"^\| `(?P<file>[^`]+\.json)` \|(?P<text>.*)\|$", re.MULTILINE)
SCORE = re.compile(r"\b\d+(?:–\d+)+\b")
COUNT_OUT = re.compile(
    r"by count-out with (?P<item>most cards|most spades|Big Casino"
    r"|Little Casino|the ace of \w+)"
)


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


VALID_ROWS = {m["file"]: m["text"] for m in ROW.finditer(_section("Valid games"))}


def _report(name: str) -> ReplayReport:
    return replay(jsonio.load(paths.SAMPLES / name)).report


def _claim(text: str, sides: list[str]) -> tuple[str, str] | None:
    """The last ``<side> win(s)`` of the row, and the rest of its sentence."""
    names = "|".join(re.escape(s) for s in sorted(sides, key=len, reverse=True))
    found = list(re.finditer(rf"\b(?P<who>{names}) wins?\b(?P<rest>[^.|]*)", text))
    if not found:
        return None
    return found[-1]["who"], found[-1]["rest"]


def test_the_table_lists_every_valid_sample() -> None:
    listed = set(VALID_ROWS)
    on_disk = {
        p.name
        for p in paths.SAMPLES.glob("*.json")
        if not p.name.startswith(("disputed-", "invalid-", "unchecked-"))
    }
    assert listed == on_disk


@pytest.mark.parametrize("name", sorted(VALID_ROWS))
def test_the_described_result_is_the_replays(name: str) -> None:
    report = _report(name)
    match = report.match
    assert match is not None
    claim = _claim(VALID_ROWS[name], report.sides)
    if claim is None:
        assert not match.finished, f"{name}: the README names no winner"
        return
    who, rest = claim
    assert match.winner is not None, f"{name}: the README says {who} wins"
    assert who == report.sides[match.winner], name
    count_out = COUNT_OUT.search(rest)
    if count_out:
        assert "counted out" in match.reason, name
        assert f"at {count_out['item']}" in match.reason, name
    else:
        assert "counted out" not in match.reason, f"{name}: {match.reason}"
    score = SCORE.search(rest)
    if score:
        said = [int(n) for n in score[0].split("–")]
        assert said[0] == match.totals[match.winner], name
        assert sorted(said) == sorted(match.totals), name


def test_the_inferred_royal_game_is_caios_count_out() -> None:
    """The row issue 37 found wrong: it said Ana won by count-out with an ace."""
    row = VALID_ROWS["royal-3p-match-inferred.json"]
    assert _claim(row, ["Ana", "Ben", "Caio"]) == (
        "Caio",
        " by count-out with most spades, 24–8–1",
    )
