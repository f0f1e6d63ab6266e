"""The explanations, the engine's refusals and the report's findings said in
a reader's language, the English of reports and JSON left as it was."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from casino_records.check.explain.dispute import explain
from casino_records.check.outcome import finding_text
from casino_records.check.replay import replay
from casino_records.cli import main
from casino_records.i18n import ENGLISH, Seat, said, translator
from casino_records.record.json import jsonio
from casino_records.record.json.dump import as_dicts
from tests.paths import SAMPLES


def test_an_explanation_is_said_in_the_language_asked_and_english_by_default() -> None:
    record = jsonio.load(SAMPLES / "disputed-residue-wrong-side.json")
    replayed = replay(record)
    english = explain(record, replayed)[0]
    spanish = explain(record, replayed, t=translator("es"))[0]
    assert english.sentence.startswith(
        "Your score sheet is exactly what you get if the 6 cards left on the table"
    )
    assert spanish.sentence == (
        "Su hoja de puntos es exactamente lo que sale si las 6 cartas que quedaron"
        " en la mesa al final hubieran ido para Ben; las reglas se las dan a Ana,"
        " que levantó por última vez (jugada 46) (R11.1)."
    )
    # the same search: only the words differ
    assert [m.kind for f in spanish.fits for m in f.mistakes] == [
        m.kind for f in english.fits for m in f.mistakes
    ]
    assert (spanish.verdict, spanish.deciding_loc) == (
        english.verdict,
        english.deciding_loc,
    )


def test_plurals_follow_the_language_in_an_explanation() -> None:
    record = jsonio.load(SAMPLES / "disputed-two-mistakes.json")
    sentence = explain(record, replay(record), t=translator("ro"))[0].sentence
    assert "Ben a luat 2 ași (A♦ la mutarea 25 și A♥ la mutarea 37)" in sentence


def test_an_illegal_move_keeps_its_words_to_be_said_later() -> None:
    """The engine words a refusal once, in English, and keeps it as said: the
    finding's text in Swedish names the players, the JSON report is unchanged."""
    record = jsonio.load(SAMPLES / "invalid-build-not-held.json")
    report = replay(record).report
    (finding,) = [f for f in report.findings if f.severity == "error"]
    assert finding_text(finding, report=report) == finding_text(finding)
    assert finding_text(finding) == (
        "deal 1, move 1 (round 1), Ben: A♦ builds 3 onto 2♣: Ben holds no card to"
        " capture the build of 3 (A♦ 2♣) after this move (B4)"
    )
    swedish = finding_text(finding, t=translator("sv"), report=report)
    assert swedish == (
        "giv 1, drag 1 (omgång 1), Ben: A♦ bygger 3 på 2♣: Ben har inget kort att ta"
        " in bygget på 3 (A♦ 2♣) med efter det här draget (B4)"
    )
    entry = as_dicts(finding)
    assert "said" not in entry and "said_where" not in entry
    assert "said_legal" not in entry


def test_a_said_message_names_seats_only_when_the_names_are_given() -> None:
    turn = said.gettext("out of turn: it is {turn}'s turn, not {seat}'s")
    message = turn.format(turn=Seat(1), seat=Seat(0))
    assert str(message) == "out of turn: it is seat 1's turn, not seat 0's"
    assert message.text(ENGLISH, ["Ana", ""]) == (
        "out of turn: it is seat 1's turn, not Ana's"
    )
    assert message.text(translator("es"), ["Ana", "Ben"]) == (
        "fuera de turno: le toca a Ben, no a Ana"
    )
    assert message.text(translator("es")) == (
        "fuera de turno: le toca a asiento 1, no a asiento 0"
    )


@pytest.mark.parametrize(("lang", "label"), [("sv", "kontrollerar"), ("te", "తనిఖీ")])
def test_the_progress_bar_is_labelled_in_the_language(lang: str, label: str) -> None:
    one = str(SAMPLES / "classic-2p-annotated.json")
    result = CliRunner().invoke(main, ["--lang", lang, "validate", "--progress", one])
    assert result.exit_code == 0
    assert result.stderr.startswith(label)


def test_rescore_says_its_report_in_the_language() -> None:
    path = str(SAMPLES / "disputed-big-casino-wrong-side.json")
    result = CliRunner().invoke(main, ["--lang", "ca", "rescore", path])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].endswith(": EN DISPUTA — 6 diferències")
    assert "Què ha anat malament" in lines[3]
    assert (
        "  Repartiment 1: El vostre full de punts és exactament el que surt si"
        in (lines[4])
    )
    assert "  ✗ repartiment 1, Big Casino de Ben: anotat 0, calculat 2" in lines
    assert "      ho va decidir:" in lines
