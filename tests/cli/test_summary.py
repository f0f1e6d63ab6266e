"""``validate --summary``: what ``make run`` prints about the bundled samples.

The samples are disputed or invalid on purpose, so the summary's lines are
known: one per disputed record with the likeliest counting mistake, one per
invalid record with its first error and rule, the totals, and the commands
that show the full reports.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from casino_records.check.status import Status
from casino_records.cli import main
from casino_records.cli.summary import RecordLine, program_name, summary_lines
from tests.paths import ROOT, SAMPLES

SAMPLE_SUMMARY = [
    "disputed    sample_games/disputed-big-casino-wrong-side.json: Deal 1: Your score"
    " sheet is exactly what you get if Big Casino (10♦) had been counted for Caio;"
    " Ben captured Big Casino at move 28 (R12.1). (+1 more in the full report)",
    "disputed    sample_games/disputed-match-winner.json: Match: Your match result"
    " fits any one of 3 mistakes (one of these, the likeliest first): it is exactly"
    " what you get if the match had gone to the higher final total, Ben's;"
    " these rules count out item by item: Ana reached 21 first, with Big Casino in"
    " deal 4 (R13.3).",
    "disputed    sample_games/disputed-most-cards.json: Deal 1: Your score sheet is"
    " exactly what you get if the 26–26 tie in cards had given Ana the 3 points for"
    " most cards; a tie for most cards scores nobody (R12.2). (+1 more in the full"
    " report)",
    "disputed    sample_games/disputed-partners-counted-apart.json: Deal 1: Your score"
    " sheet is exactly what you get if the partners' cards had been counted player by"
    " player; partners' cards are counted together (R12.2). (+1 more in the full"
    " report)",
    "disputed    sample_games/disputed-piles-ace-wrong-side.json: Deal 2: Your score"
    " sheet is exactly what you get if the ace A♥ had been counted for Ben & Dee; A♥"
    " is in Ana & Caio's pile (R12.1). (+1 more in the full report)",
    "disputed    sample_games/disputed-residue-wrong-side.json: Deal 1: Your score"
    " sheet is exactly what you get if the 6 cards left on the table at the end had"
    " gone to Ben; the rules give them to Ana, who made the last capture (move 46)"
    " (R11.1). (+1 more in the full report)",
    "disputed    sample_games/disputed-sweep-count.json: Deal 1: Your score sheet is"
    " exactly what you get if Ana's capture at move 48 (9♦ takes 2♥ 3♥ 4♦), the last"
    " of the deal, had been counted as a sweep; taking the cards left on the table"
    " at the end is never a sweep (R10.2). (+1 more in the full report)",
    "disputed    sample_games/disputed-two-mistakes.json: Deal 1: No single mistake"
    " gives your score sheet, but two together do: if Big Casino (10♦) had been"
    " counted for Ben, and Ben's aces had been counted as 3; Ana captured Big Casino"
    " at move 10 (R12.1), and Ben took 2 aces (A♦ at move 25 and A♥ at move 37)"
    " (R12.1). (+1 more in the full report)",
    "disputed    sample_games/disputed-unfinished-claims.json: deal 2, Ana's Little"
    " Casino: claimed 1, but the moves played already make it exactly 0 (the deal"
    " stops after move 19 of 48) (D8) (+2 more in the full report)",
    "invalid     sample_games/invalid-build-not-held.json: deal 1, move 1 (round 1),"
    " Ben: A♦ builds 3 onto 2♣: Ben holds no card to capture the build of 3 (A♦ 2♣)"
    " after this move (B4)",
    "invalid     sample_games/invalid-card-played-twice.json: deal 1, move 19"
    " (round 3), Ben plays 7♠: 7♠ is dealt twice: at deal 1, move 2 (round 1) and at"
    " deal 1, move 19 (round 3) (R1.1)",
    "invalid     sample_games/invalid-out-of-turn.json: deal 1, move 11 (round 2),"
    " Ana: 4♥ builds 6 onto 2♥: out of turn: it is Ben's turn, not Ana's (R2.4)",
    "46 records: 34 ok, 9 disputed, 3 invalid, 0 unreadable (1 ok record has claimed"
    " scores not checked: a deal not played out)",
    "The full reports:",
    "  one score sheet:       casino-records rescore"
    " sample_games/disputed-big-casino-wrong-side.json",
    "  one line per record:   casino-records validate sample_games",
    "  every report in full:  casino-records rescore sample_games",
]


@pytest.fixture
def in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the repository's top folder, as ``make run`` does."""
    monkeypatch.chdir(ROOT)


def summary(*args: str) -> Result:
    result = CliRunner().invoke(main, ["validate", "--summary", *args])
    assert "Traceback" not in result.output + result.stderr
    return result


def test_the_summary_of_the_samples(in_repo: None) -> None:
    result = summary("sample_games")
    assert result.exit_code == 1  # disputed and invalid, as validate says
    assert result.stdout.splitlines() == SAMPLE_SUMMARY
    assert result.stderr == ""


@pytest.mark.slow
def test_the_summary_is_the_same_from_worker_processes(in_repo: None) -> None:
    result = summary("sample_games", "--jobs", "2")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == SAMPLE_SUMMARY


def test_all_ok_is_one_line(in_repo: None) -> None:
    result = summary("sample_games/classic-2p-annotated.json", "sample_games/royal*")
    assert result.exit_code == 2  # the glob is not expanded: no such path
    result = summary(
        "sample_games/classic-2p-annotated.json", "sample_games/archive-mixed.jsonl"
    )
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "21 records: 21 ok, 0 disputed, 0 invalid, 0 unreadable"
    ]


def test_an_unreadable_record_has_its_line_and_exit_code_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "casino-record/1", "rules": {"pre')
    result = summary(str(broken), str(SAMPLES / "invalid-out-of-turn.json"))
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert lines[:2] == [
        f"unreadable  {broken}: line 1, column 45: invalid JSON: unexpected end of data",
        f"invalid     {SAMPLES}/invalid-out-of-turn.json: deal 1, move 11 (round 2),"
        " Ana: 4♥ builds 6 onto 2♥: out of turn: it is Ben's turn, not Ana's (R2.4)",
    ]
    assert lines[2] == "2 records: 0 ok, 0 disputed, 1 invalid, 1 unreadable"
    # no disputed record: no score sheet to show first
    assert [line.split(":")[0] for line in lines[4:]] == [
        "  one line per record",
        "  every report in full",
    ]


def test_a_read_error_names_its_place_in_words(tmp_path: Path) -> None:
    record = tmp_path / "no-rules.json"
    record.write_text('{"format": "casino-record/1"}')
    result = summary(str(record))
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"invalid     {record}: ")
    assert "(+" in first  # the other missing fields: in the full report


@pytest.mark.parametrize("other", ["--format=json", "-q", "--fail-fast"])
def test_the_summary_is_for_people_only(other: str) -> None:
    result = summary(str(SAMPLES), other)
    assert result.exit_code == 2
    assert "--summary is for people" in result.stderr


def test_a_record_line_tells_more_only_when_there_is_more() -> None:
    lines = [
        RecordLine("a.json", Status.DISPUTED, "Deal 1: sentence.", 0),
        RecordLine("b.json", Status.OK, unchecked=True),
        RecordLine("c.json", Status.OK),
    ]
    counts: dict[str, int] = {}
    got = list(summary_lines(lines, ["some folder"], counts, "cr"))
    assert got == [
        "disputed    a.json: Deal 1: sentence.",
        "3 records: 2 ok, 1 disputed, 0 invalid, 0 unreadable (1 ok record has"
        " claimed scores not checked: a deal not played out)",
        "The full reports:",
        "  one score sheet:       cr rescore a.json",
        "  one line per record:   cr validate 'some folder'",
        "  every report in full:  cr rescore 'some folder'",
    ]
    assert counts == {"disputed": 1, "ok": 2}


def test_the_commands_shown_are_the_ones_that_run_here(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert program_name("/x/pytest") == "casino-records"
    assert program_name("casino-records") == "casino-records"
    assert program_name(sys.argv[0]) == "casino-records"
    here = tmp_path / "bin" / "casino-records"
    here.parent.mkdir()
    here.write_text("#!/bin/sh\n")
    here.chmod(0o755)
    monkeypatch.setenv("PATH", "/nonexistent")
    assert program_name(str(here)) == str(here)  # not on the PATH: as called
    monkeypatch.setenv("PATH", f"{here.parent}{os.pathsep}/nonexistent")
    assert program_name(str(here)) == "casino-records"


def test_an_error_names_its_rule_when_its_words_do_not(tmp_path: Path) -> None:
    record = tmp_path / "unplayed.json"
    record.write_text(
        json.dumps(
            {
                "format": "casino-record/1",
                "rules": {"preset": "classic"},
                "players": [{"name": "A"}, {"name": "B"}],
                "deals": [
                    {"dealer": 0, "table": ["AS", "2S", "3S", "4S"]},
                    {"dealer": 1, "table": ["5S", "6S", "7S", "8S"]},
                ],
            }
        )
    )
    result = summary(str(record))
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"invalid     {record}: deal 1: the deal is unfinished but later deals follow"
        " (R3.3)"
    )
