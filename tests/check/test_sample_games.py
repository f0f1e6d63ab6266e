"""The bundled sample games: canonical on disk, replay as documented, exact findings.

Every ``disputed-*``, ``invalid-*`` and ``unchecked-*`` sample has its expected
findings in ``EXPECTED`` below (an ``unchecked-*`` sample is ``ok`` with a
warning: claims that could not be checked); every other sample must replay with
status ``ok``, no finding and a finished match (``classic-2p-unfinished.json`` is
unfinished on purpose).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from casino_records.check.audit import FIGURE_WORDS
from casino_records.check.replay import replay
from casino_records.check.report import Finding, ReplayReport
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from tests import paths

SAMPLES_DIR = paths.SAMPLES
SAMPLES = sorted(SAMPLES_DIR.glob("*.json"))
ARCHIVE = SAMPLES_DIR / "archive-mixed.jsonl"
UNFINISHED = {"classic-2p-unfinished.json"}
WON_AT_ONCE = {"dominican-2p-immediate-win-last-card.json"}
"""Samples whose last deal ends the match at a capture, unscored (R13.4)."""


def is_bad(name: str) -> bool:
    """A sample with findings (``unchecked-*`` ones are ok, with a warning)."""
    return name.startswith(("disputed-", "invalid-", "unchecked-"))


GOOD = [p for p in SAMPLES if not is_bad(p.name)]
BAD = [p for p in SAMPLES if is_bad(p.name)]


@dataclass(frozen=True)
class Expect:
    """One expected finding."""

    severity: str
    kind: str
    loc: str
    rule: str = ""
    words: tuple[str, ...] = ()
    """Words that must appear in ``where`` (then in ``message``, after a ``|``)."""
    deciding: tuple[str, ...] | None = None
    """The deciding moves' pointers, exactly, in order (None: not checked)."""
    legal: bool = False
    """True for an illegal move: the legal-move list must not be empty."""


def unchecked(d: int, moves: int, checked: str, not_checkable: str) -> Expect:
    """The warning (D8) on the claims of a deal stopped after ``moves`` moves."""
    return Expect(
        "warning",
        "score",
        f"/deals/{d}/claimed",
        "D8",
        (
            f"deal {d + 1}, claimed scores",
            "|",
            f"not checked: the deal stops after move {moves} of 48, so the deal is"
            " not scored",
            f"checked against the moves played: {checked}; not checkable:"
            f" {not_checkable}",
        ),
    )


UNFINISHED_CHECKED = (
    "Big Casino, Little Casino, aces, sweep points, deal points, cards taken,"
    " spades taken, sweeps made"
)
UNFINISHED_UNCHECKABLE = "most cards, most spades"


def dispute(
    loc: str,
    where: str,
    message: str,
    deciding: tuple[str, ...] | None = None,
    kind: str = "score",
) -> Expect:
    return Expect("dispute", kind, loc, "", (where, "|", message), deciding)


PILED_ACES = tuple(
    f"/deals/1/piles/sides/{at}" for at in ("1/0", "0/4", "1/12", "1/18")
)
"""Where the piles of deal 2 of the piled sample hold the aces: A♠ A♥ A♦ A♣."""
RESIDUE_DEAL = "/deals/0/claimed/sides"
RESIDUE_DECIDING = ("/deals/0/rounds/5/moves/5", "/deals/0")


def residue_side(
    side: int, name: str, claimed: dict[str, tuple[int, int]]
) -> list[Expect]:
    """The five disputes of one side in disputed-residue-wrong-side.json."""
    found = []
    for suffix, (value, computed) in claimed.items():
        label = FIGURE_WORDS[suffix.replace("/", ".")]
        found.append(
            dispute(
                f"{RESIDUE_DEAL}/{side}/{suffix}",
                f"deal 1, {name}'s {label}",
                f"claimed {value}, computed {computed}",
                RESIDUE_DECIDING if suffix != "total" else None,
            )
        )
    return found


EXPECTED: dict[str, list[Expect]] = {
    "disputed-most-cards.json": [
        dispute(
            "/deals/0/claimed/sides/0/points/most_cards",
            "deal 1, Ana's most cards",
            "claimed 3, computed 0",
            ("/deals/0/rounds/5/moves/6", "/deals/0"),
        ),
        dispute(
            "/deals/0/claimed/sides/0/total",
            "deal 1, Ana's total",
            "claimed 6, computed 3",
        ),
        dispute(
            "/claimed/totals/0",
            "the match, Ana's total",
            "claimed 24, computed 21",
            (),
            kind="match",
        ),
    ],
    "disputed-residue-wrong-side.json": [
        *residue_side(
            0,
            "Ana",
            {
                "points/most_cards": (0, 3),
                "points/most_spades": (0, 1),
                "total": (5, 9),
                "counts/cards": (23, 29),
                "counts/spades": (4, 8),
            },
        ),
        *residue_side(
            1,
            "Ben",
            {
                "points/most_cards": (3, 0),
                "points/most_spades": (1, 0),
                "total": (6, 2),
                "counts/cards": (29, 23),
                "counts/spades": (9, 5),
            },
        ),
        dispute(
            "/claimed/totals/0",
            "the match, Ana's total",
            "claimed 26, computed 30",
            (),
            kind="match",
        ),
        dispute(
            "/claimed/totals/1",
            "the match, Ben's total",
            "claimed 7, computed 3",
            (),
            kind="match",
        ),
    ],
    "disputed-sweep-count.json": [
        dispute(
            "/deals/0/claimed/sides/0/points/sweeps",
            "deal 1, Ana's sweep points",
            "claimed 2, computed 1",
            ("/deals/0/rounds/4/moves/1",),
        ),
        dispute(
            "/deals/0/claimed/sides/0/total",
            "deal 1, Ana's total",
            "claimed 11, computed 10",
        ),
        dispute(
            "/deals/0/claimed/sides/0/counts/sweeps",
            "deal 1, Ana's sweeps made",
            "claimed 2, computed 1",
            ("/deals/0/rounds/4/moves/1",),
        ),
        dispute(
            "/claimed/totals/0",
            "the match, Ana's total",
            "claimed 22, computed 21",
            (),
            kind="match",
        ),
    ],
    "disputed-match-winner.json": [
        dispute(
            "/claimed/winner",
            "the match winner",
            "claimed Ben, computed Ana: Ana counted out: reached 21 first, at Big"
            " Casino; Ben reached 21 only at ace A♣ (R13.3)",
            (),
            kind="match",
        ),
    ],
    "unchecked-claims-unfinished.json": [
        unchecked(1, 19, UNFINISHED_CHECKED, UNFINISHED_UNCHECKABLE),
    ],
    "disputed-unfinished-claims.json": [
        unchecked(1, 19, UNFINISHED_CHECKED, UNFINISHED_UNCHECKABLE),
        Expect(
            "dispute",
            "score",
            "/deals/1/claimed/sides/0/points/little_casino",
            "D8",
            (
                "deal 2, Ana's Little Casino",
                "|",
                "claimed 1, but the moves played already make it"
                " exactly 0 (the deal stops after move 19 of 48)",
            ),
            ("/deals/1/rounds/0/moves/7",),
        ),
        Expect(
            "dispute",
            "score",
            "/deals/1/claimed/sides/0/counts/cards",
            "D8",
            (
                "deal 2, Ana's cards taken",
                "|",
                "claimed 8, but the moves played already make it at"
                " least 10 (the deal stops after move 19 of 48)",
            ),
            ("/deals/1/rounds/2/moves/2",),
        ),
        Expect(
            "dispute",
            "score",
            "/deals/1/claimed/sides/1/points/little_casino",
            "D8",
            (
                "deal 2, Ben's Little Casino",
                "|",
                "claimed 0, but the moves played already make it exactly 1",
            ),
            ("/deals/1/rounds/0/moves/7",),
        ),
    ],
    "disputed-big-casino-wrong-side.json": [
        dispute(
            "/deals/0/claimed/sides/1/points/big_casino",
            "deal 1, Ben's Big Casino",
            "claimed 0, computed 2",
            ("/deals/0/rounds/2/moves/3",),
        ),
        dispute(
            "/deals/0/claimed/sides/1/total",
            "deal 1, Ben's total",
            "claimed 0, computed 2",
        ),
        dispute(
            "/deals/0/claimed/sides/2/points/big_casino",
            "deal 1, Caio's Big Casino",
            "claimed 2, computed 0",
            ("/deals/0/rounds/2/moves/3",),
        ),
        dispute(
            "/deals/0/claimed/sides/2/total",
            "deal 1, Caio's total",
            "claimed 5, computed 3",
        ),
        dispute(
            "/claimed/totals/1",
            "the match, Ben's total",
            "claimed 14, computed 16",
            (),
            kind="match",
        ),
        dispute(
            "/claimed/totals/2",
            "the match, Caio's total",
            "claimed 18, computed 16",
            (),
            kind="match",
        ),
    ],
    "disputed-partners-counted-apart.json": [
        dispute(
            "/deals/0/claimed/sides/1/points/most_spades",
            "deal 1, Ben & Dee's most spades",
            "claimed 0, computed 1",
            ("/deals/0/rounds/2/moves/15", "/deals/0"),
        ),
        dispute(
            "/deals/0/claimed/sides/1/total",
            "deal 1, Ben & Dee's total",
            "claimed 9, computed 10",
        ),
        dispute(
            "/claimed/totals/1",
            "the match, Ben & Dee's total",
            "claimed 26, computed 27",
            (),
            kind="match",
        ),
    ],
    "disputed-piles-ace-wrong-side.json": [
        dispute(
            "/deals/1/claimed/sides/0/points/aces",
            "deal 2, Ana & Caio's aces",
            "claimed 0, computed 1",
            PILED_ACES,
        ),
        dispute(
            "/deals/1/claimed/sides/0/total",
            "deal 2, Ana & Caio's total",
            "claimed 5, computed 6",
        ),
        dispute(
            "/deals/1/claimed/sides/1/points/aces",
            "deal 2, Ben & Dee's aces",
            "claimed 4, computed 3",
            PILED_ACES,
        ),
        dispute(
            "/deals/1/claimed/sides/1/total",
            "deal 2, Ben & Dee's total",
            "claimed 6, computed 5",
        ),
        dispute(
            "/claimed/totals/0",
            "the match, Ana & Caio's total",
            "claimed 8, computed 9",
            (),
            kind="match",
        ),
        dispute(
            "/claimed/totals/1",
            "the match, Ben & Dee's total",
            "claimed 25, computed 24",
            (),
            kind="match",
        ),
    ],
    "disputed-two-mistakes.json": [
        dispute(
            "/deals/0/claimed/sides/0/points/big_casino",
            "deal 1, Ana's Big Casino",
            "claimed 0, computed 2",
            ("/deals/0/rounds/1/moves/1",),
        ),
        dispute(
            "/deals/0/claimed/sides/0/total",
            "deal 1, Ana's total",
            "claimed 2, computed 4",
        ),
        dispute(
            "/deals/0/claimed/sides/1/points/big_casino",
            "deal 1, Ben's Big Casino",
            "claimed 2, computed 0",
            ("/deals/0/rounds/1/moves/1",),
        ),
        dispute(
            "/deals/0/claimed/sides/1/points/aces",
            "deal 1, Ben's aces",
            "claimed 3, computed 2",
        ),
        dispute(
            "/deals/0/claimed/sides/1/total",
            "deal 1, Ben's total",
            "claimed 10, computed 7",
        ),
        dispute(
            "/claimed/totals/0",
            "the match, Ana's total",
            "claimed 5, computed 7",
            (),
            kind="match",
        ),
        dispute(
            "/claimed/totals/1",
            "the match, Ben's total",
            "claimed 29, computed 26",
            (),
            kind="match",
        ),
    ],
    "invalid-build-not-held.json": [
        Expect(
            "error",
            "illegal_move",
            "/deals/0/rounds/0/moves/0",
            "B4",
            (
                "deal 1, move 1 (round 1), Ben: A♦ builds 3 onto 2♣",
                "|",
                "Ben holds no card to capture the build of 3 (A♦ 2♣) after this move",
            ),
            (),
            legal=True,
        ),
    ],
    "invalid-card-played-twice.json": [
        Expect(
            "error",
            "provenance",
            "/deals/0/rounds/2/moves/2/card",
            "R1.1",
            (
                "deal 1, move 19 (round 3), Ben plays 7♠",
                "|",
                "7♠ is dealt twice",
                "at deal 1, move 2 (round 1) and at deal 1, move 19 (round 3)",
            ),
            (),
        ),
    ],
    "invalid-out-of-turn.json": [
        Expect(
            "error",
            "illegal_move",
            "/deals/0/rounds/1/moves/2",
            "R2.4",
            (
                "deal 1, move 11 (round 2), Ana: 4♥ builds 6 onto 2♥",
                "|",
                "out of turn: it is Ben's turn, not Ana's",
            ),
            (),
            legal=True,
        ),
    ],
}

# What each valid sample is there to show, checked on its report.
SHOWS: dict[str, Callable[[ReplayReport], bool]] = {
    "classic-2p-tie-play-on.json": lambda r: any(
        "tied" in d.match_note for d in r.deals
    ),
    "classic-3p-match-deck.json": lambda r: len(r.players) == 3,
    "classic-4p-partnership-hands.json": lambda r: (
        r.sides == ["Ana & Caio", "Ben & Dee"]
    ),
    "royal-2p-count-out.json": lambda r: (
        r.match is not None
        and "counted out" in r.match.reason
        and r.match.winner is not None
        and max(r.match.totals) > r.match.totals[r.match.winner]
    ),
    "dominican-2p-near-target.json": lambda r: any(
        "took" in s.note and "R13.4" in s.note for s in r.deals[-1].sides
    ),
    "dominican-2p-tie-play-on.json": lambda r: (
        any("tied" in d.match_note for d in r.deals)
        and r.match is not None
        and r.match.finished
    ),
    "dominican-4p-partnership-hands.json": lambda r: (
        r.sides == ["Ana & Caio", "Ben & Dee"]
    ),
    # Issue 19: won on the deal's last card; the deal is not scored on top.
    "dominican-2p-immediate-win-last-card.json": lambda r: (
        r.match is not None
        and (r.match.totals, r.match.winner, r.match.target) == ([11, 3], 0, 11)
        and r.deals[0].sides[0].total_after == 9
        and r.deals[1].moves == 48
        and r.deals[1].sides == []
        and "winning at once" in r.deals[1].match_note
    ),
}


def report_of(path: Path) -> ReplayReport:
    return replay(jsonio.load(path), source=path.name).report


def check_findings(name: str, findings: list[Finding]) -> None:
    expected = EXPECTED[name]
    assert [(f.severity, f.kind, f.rule, f.loc) for f in findings] == [
        (e.severity, e.kind, e.rule, e.loc) for e in expected
    ]
    for finding, expect in zip(findings, expected, strict=True):
        text = finding.where
        for word in expect.words:
            if word == "|":
                text = finding.message
                continue
            assert word in text, (finding.loc, word, text)
        if expect.deciding is not None:
            assert [m.loc for m in finding.deciding] == list(expect.deciding)
        if finding.severity == "dispute" and finding.kind == "score":
            assert finding.deciding, finding.loc
            assert all(m.where and m.why for m in finding.deciding)
        assert bool(finding.legal) is expect.legal


def test_there_are_samples() -> None:
    assert len(SAMPLES) >= 15
    assert ARCHIVE.exists()
    assert len(BAD) == 13


def test_every_bad_sample_has_expectations() -> None:
    assert {p.name for p in BAD} == set(EXPECTED)


def test_every_sample_is_in_the_readme() -> None:
    readme = (SAMPLES_DIR / "README.md").read_text("utf-8")
    for path in [*SAMPLES, ARCHIVE]:
        assert f"`{path.name}`" in readme, path.name


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_is_canonical(path: Path) -> None:
    data = path.read_bytes()
    record = jsonio.loads(data)
    assert jsonio.dumps(record) == data
    assert record.meta is not None and record.meta.tags["sample"] == path.stem
    assert record.id == f"sample-{path.stem}"


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_good_sample_replays_ok(path: Path) -> None:
    report = report_of(path)
    assert report.status == "ok", report.findings
    assert report.findings == []
    assert report.match is not None
    if path.name in UNFINISHED:
        assert not report.match.finished
        assert report.match.winner is None
        assert not report.deals[-1].complete
        assert all(d.complete for d in report.deals[:-1])
    else:
        assert report.match.finished
        assert report.match.winner is not None
        won_at_once = path.name in WON_AT_ONCE
        assert all(d.complete for d in report.deals[:-1])
        assert report.deals[-1].complete is not won_at_once
        assert report.match.checks, "a finished sample claims its result"
        assert all(check.agrees for check in report.match.checks)
    assert all(check.agrees for d in report.deals for check in d.checks)
    shows = SHOWS.get(path.name)
    assert shows is None or shows(report)


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.name)
def test_bad_sample_findings(path: Path) -> None:
    report = report_of(path)
    expected = path.name.split("-")[0].replace("unchecked", "ok")
    assert report.status == expected
    check_findings(path.name, report.findings)


def test_annotated_sample() -> None:
    record = jsonio.load(SAMPLES_DIR / "classic-2p-annotated.json")
    assert record.meta is not None
    for field in ("event", "site", "date", "annotator"):
        assert getattr(record.meta, field)
    assert record.deals[0].comment
    moves = [m for r in record.deals[0].rounds for m in r.moves]
    assert sum(m.comment is not None for m in moves) >= 5
    assert {m.glyph for m in moves} >= {"!", "!?", "?!"}
    assert all(
        hand == ("??",) * 4
        for r in record.deals[0].rounds
        for hand in (r.hands or ())[1:]
    )


def archive_records() -> list[GameRecord]:
    records = []
    for line, item in jsonio.iter_jsonl(ARCHIVE):
        assert isinstance(item, GameRecord), (line, item)
        records.append(item)
    return records


def test_archive() -> None:
    records = archive_records()
    assert len(records) == 20
    assert jsonio.dumps_jsonl(records) == ARCHIVE.read_bytes()
    assert {r.rules.preset for r in records} == {"classic", "royal", "dominican"}
    assert {len(r.players) for r in records} == {2, 3, 4}
    assert any(r.teams for r in records)
    kinds = {
        "shuffle"
        if d.shuffle
        else "deck"
        if d.deck
        else "hands"
        if d.rounds[0].hands
        else "table"
        for r in records
        for d in r.deals
    }
    assert kinds == {"shuffle", "deck", "hands", "table"}
    for record in records:
        report = replay(record).report
        assert report.status == "ok", (record.id, report.findings)
        assert report.match is not None and report.match.finished, record.id


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_samples", SAMPLES_DIR / "make_samples.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_samples_regenerate_identically() -> None:
    """make_samples.py reproduces every file byte for byte (without writing)."""
    generator = load_generator()
    made = dict(generator.samples())
    assert set(made) == {p.name for p in SAMPLES}
    for name, record in made.items():
        assert jsonio.dumps(record) == (SAMPLES_DIR / name).read_bytes(), name
    assert jsonio.dumps_jsonl(generator.archive()) == ARCHIVE.read_bytes()


def test_a_finding_gives_its_place_as_a_value() -> None:
    """The out-of-turn move is the third of round 2 (index 2), the 11th of the
    deal: its finding's place says so, as indices and as its pointer."""
    record = jsonio.load(paths.SAMPLES / "invalid-out-of-turn.json")
    [finding] = [f for f in replay(record).report.findings if f.severity == "error"]
    place = finding.place
    assert (place.deal, place.round, place.move) == (0, 1, 2)
    assert place.pointer == finding.loc == "/deals/0/rounds/1/moves/2"
