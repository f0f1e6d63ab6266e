"""The viewer's view model: everything the Streamlit pages show, without Streamlit."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html import escape, unescape
from pathlib import Path
from typing import Any

import pytest

from casino_records.engine.cards import Card
from casino_records.engine.moves import MoveKind
from casino_records.present import viewmodel as vm
from casino_records.record.format.models import GameRecord
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.harness.records import edited

HOSTILE = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")


def record(
    preset: str = "classic", players: int = 2, teams: bool = False, seed: str = "vm"
) -> GameRecord:
    return simulate_record(
        preset, players, teams=teams, seed=seed, bots=("greedy", "random")
    )


@pytest.fixture(scope="module")
def game() -> vm.Game:
    return vm.build_game(record(), source="test")


def out_of_turn(data: dict[str, Any]) -> None:
    move = data["deals"][0]["rounds"][1]["moves"][2]
    move["seat"] = 1 - move["seat"]


def wrong_claim(data: dict[str, Any]) -> None:
    points = data["deals"][0]["claimed"]["sides"][0]["points"]
    points["most_cards"] = 3 - points["most_cards"]


# --- markdown escaping ------------------------------------------------------------------


@pytest.mark.parametrize("text", [*HOSTILE, "*Bo* _x_ `c` [a](b) :smile: $x$ # h | t"])
def test_md_escape_leaves_no_active_character(text: str) -> None:
    escaped = vm.md_escape(text)
    assert re.search(r"(?<!\\)[<>*_`\[\]():$#|&=]", escaped) is None
    assert re.sub(r"\\(.)", r"\1", escaped) == text


def test_md_escape_flattens_lines() -> None:
    assert vm.md_escape("a\n\n# b") == "a  \\# b"


# --- opening files ------------------------------------------------------------------------


def test_open_a_record(game: vm.Game) -> None:
    opened = vm.open_bytes(jsonio.dumps(game.record), "g.json")
    assert opened.problem is None and not opened.is_archive
    assert opened.record == game.record


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\xff\xfe junk", "not a text file"),
        (b'{"format": "casino-record/1", "rules": {"pre', "unexpected end of data"),
        (b"[1, 2]", "a record is a JSON object, not an array"),
        (b'{"format": "casino-record/1"}', "(/rules): missing field 'rules'"),
    ],
)
def test_bad_files_become_problems(data: bytes, words: str) -> None:
    opened = vm.open_bytes(data, "bad.json")
    assert opened.problem is not None and opened.record is None
    assert opened.problem.title == "bad.json is not a valid casino record"
    assert any(words in d for d in opened.problem.details)


def test_a_format_error_names_its_pointer(game: vm.Game) -> None:
    data = json.loads(jsonio.dumps(game.record))
    data["deals"][0]["table"] = ["1OH", "2S", "3S", "4S"]
    problem = vm.open_bytes(json.dumps(data).encode(), "x.json").problem
    assert problem is not None
    expected = "deal 1, table card 1 (/deals/0/table/0): not a card: '1OH'"
    assert any(d.startswith(expected) for d in problem.details)


def test_empty_and_too_large_files() -> None:
    assert vm.open_bytes(b"  \n", "e.json").problem == vm.LoadProblem(
        "e.json is empty", ()
    )
    big = b'{"comment": "' + b"x" * (1024 * 1024) + b'"}'
    problem = vm.open_bytes(big, "big.json", max_bytes=1024 * 1024).problem
    assert problem is not None and "record too large" in problem.details[0]


def test_one_size_limit_with_the_command_line() -> None:
    from casino_records.record.files.kinds import MAX_RECORD_BYTES as CLI_MAX_BYTES

    assert vm.MAX_UPLOAD_MB * 1024 * 1024 == CLI_MAX_BYTES
    config = Path(vm.__file__).parents[3] / "viewer" / ".streamlit" / "config.toml"
    assert f"maxUploadSize = {vm.MAX_UPLOAD_MB}\n" in config.read_text()


def test_every_record_form_opens(tmp_path: Path) -> None:
    from casino_records.record.text.notation import write_text, write_text_archive

    one = record(seed="t1")
    text = vm.open_bytes(write_text(one).encode(), "game.txt")
    assert text.problem is None and text.record == one and not text.is_archive
    two = vm.open_bytes(write_text_archive([one, record(seed="t2")]).encode(), "a.txt")
    assert two.is_archive and [e.status for e in two.entries] == ["ok", "ok"]
    assert two.entries[1].line > 1
    bad = vm.open_bytes(b"[Format casino-record/1]\nnonsense\n", "bad.txt").problem
    assert bad is not None and bad.title == "bad.txt is not a valid casino record"
    assert bad.details[0].startswith("line 2, column 1: ")


@pytest.mark.parametrize("name", ["scores.pdf", "game.csv", "noext"])
def test_other_files_are_refused_in_words(name: str, game: vm.Game) -> None:
    problem = vm.open_bytes(jsonio.dumps(game.record), name).problem
    assert problem is not None
    assert problem.title == (
        f"{name} is not a record file: the viewer opens .json records,"
        " .jsonl archives and .txt text notation"
    )


def test_open_an_archive_with_a_bad_line() -> None:
    good = [record(seed="a1"), edited(record(seed="a2"), out_of_turn)]
    data = jsonio.dumps_jsonl(good) + b"\n{not json\n"
    opened = vm.open_bytes(data, "arch.jsonl")
    assert opened.is_archive and opened.problem is None
    lines = [(e.number, e.line, e.status) for e in opened.entries]
    assert lines == [(1, 1, "ok"), (2, 2, "invalid"), (3, 4, "unreadable")]
    assert opened.entries[0].label().startswith("1. sim-classic-2-a1 · ")
    assert opened.entries[2].label() == "3. line 4 · unreadable"
    assert opened.entries[2].problem is not None
    assert opened.entry(2) is opened.entries[1]
    assert opened.entry(99) is opened.entries[0]


def test_an_archive_is_sniffed_without_suffix() -> None:
    data = jsonio.dumps_jsonl([record(seed="s1"), record(seed="s2")])
    assert vm.open_bytes(data, "upload", any_suffix=True).is_archive
    assert vm.open_bytes(b"\n\n", "x.jsonl").problem is not None


def test_view_path_and_catalog(tmp_path: Path) -> None:
    samples = tmp_path / "samples"
    samples.mkdir()
    for name in ("b.json", "a.jsonl", "a.json", "game.TXT", "notes.md"):
        (samples / name).write_text("{}")
    assert list(vm.catalog(samples)) == ["a.json", "b.json", "game.TXT", "a.jsonl"]
    given = tmp_path / "mine.json"
    given.write_text("{}")
    assert list(vm.catalog(samples, given))[0] == "mine.json"
    assert list(vm.catalog(samples, samples)) == [
        "a.json",
        "b.json",
        "game.TXT",
        "a.jsonl",
    ]
    assert vm.catalog(tmp_path / "missing") == {}
    env = {vm.VIEW_PATH_ENV: str(given)}
    app = "viewer/streamlit_app.py"
    assert vm.view_path(env, [app, "other"]) == given
    assert vm.view_path({}, [app, "other"]) == Path("other")
    assert vm.view_path({}, ["pytest", "other"]) is None


# --- the game and its positions -------------------------------------------------------------


def test_every_deal_has_its_steps(game: vm.Game) -> None:
    assert game.deals == list(range(len(game.record.deals)))
    for d in game.deals:
        report = game.deal_report(d)
        assert report is not None and game.moves(d) == report.moves == 48
        state = game.positions[d][-1].state
        ends = ("residue", "score") if state.residue else ("score",)
        assert game.ends[d] == ends
        assert game.last_step(d) == 48 + len(ends)
        labels = [game.step_label(d, i) for i in range(game.last_step(d) + 1)]
        assert labels == [str(i) for i in range(49)] + list(ends)
        assert [game.step_of(d, label) for label in labels] == list(range(len(labels)))
    assert game.sides == tuple(game.report.sides)


def test_step_labels_from_links(game: vm.Game) -> None:
    last = game.last_step(0)
    assert game.step_of(0, "999") == last
    assert game.step_of(0, "score") == last
    assert game.step_of(0, "nonsense") is None and game.step_of(0, "-3") is None
    assert vm.linked_step(game, None, None) == (0, 0)
    assert vm.linked_step(game, 1, "12") == (1, 12)
    assert vm.linked_step(game, 99, "score") == (game.deals[-1], game.last_step(2))
    assert vm.linked_step(game, 0, "what") == (0, 0)
    unfinished = vm.build_game(edited(record(), out_of_turn))
    assert unfinished.ends[0] == () and unfinished.step_of(0, "residue") == 10


def test_clamp(game: vm.Game) -> None:
    last = game.last_step(0)
    assert vm.clamp(game, None, None) == (0, 0)
    assert vm.clamp(game, 0, 10_000) == (0, last)
    assert vm.clamp(game, 99, 3) == (game.deals[-1], 3)
    with pytest.raises(ValueError):
        vm.clamp(vm.Game(game.record, game.replayed, (), ()), 0, 0)


def test_step_crosses_deals(game: vm.Game) -> None:
    last = game.last_step(0)
    assert vm.step(game, 0, 0, -1) == (0, 0)
    assert vm.step(game, 0, 3, 1) == (0, 4)
    assert vm.step(game, 0, 48, 1) == (0, 49)  # on into the deal's end steps
    assert vm.step(game, 0, last, 1) == (1, 0)
    assert vm.step(game, 1, 0, -1) == (0, last)
    end = (game.deals[-1], game.last_step(game.deals[-1]))
    assert vm.step(game, *end, 1) == end


def test_rounds(game: vm.Game) -> None:
    starts = vm.round_starts(game, 0)
    assert list(starts) == list(range(6)) and starts[0] == 0 and starts[1] == 8
    assert vm.round_step(game, 0, 3, 1) == (0, 8)
    assert vm.round_step(game, 0, 9, -1) == (0, 8)
    assert vm.round_step(game, 0, 8, -1) == (0, 0)
    assert vm.round_step(game, 0, starts[5] + 1, 1) == (0, game.last_step(0))
    assert vm.round_step(game, 0, game.last_step(0), 1) == (1, 0)
    assert vm.round_step(game, 1, 0, -1) == (0, starts[5])
    assert vm.round_step(game, 0, 0, -1) == (0, 0)


def test_position_view_at_the_start(game: vm.Game) -> None:
    view = vm.position_view(game, 0, 0)
    deals = len(game.record.deals)
    assert view.headline() == f"Deal 1 / {deals} · Round 1 / 6 · Start"
    assert view.last_text is None and view.kind == "move"
    assert not any(item.marked for item in view.felt)
    assert len(view.felt) == 4 and all(item.build is None for item in view.felt)
    assert [len(h.cards) for h in view.hands] == [4, 4]
    assert sum(h.to_play for h in view.hands) == 1
    assert [h.dealer for h in view.hands] == [True, False]
    assert [h.place for h in view.hands] == ["bottom", "top"]
    assert view.turn_text(game.names) == f"{game.names[1]} to play"
    assert [s.cards for s in view.sides] == [0, 0]
    assert view.sides[0].match_start == 0 and view.sides[0].banked is None
    assert vm.position_view(game, 0, 12).headline().endswith(" · Move 12 / 48")


def _marked(view: vm.PositionView, mark: str) -> list[Card]:
    return [
        card
        for item in view.felt
        for card, m in zip(item.cards, item.marks, strict=True)
        if m == mark
    ]


def test_the_last_move_is_drawn_where_it_happened(game: vm.Game) -> None:
    kinds = set()
    for i in range(1, game.moves(0) + 1):
        view = vm.position_view(game, 0, i)
        step = game.positions[0][i].last
        before = game.positions[0][i - 1].state
        assert step is not None and view.last_text is not None
        assert view.last_text.startswith(game.names[step.move.seat])
        kinds.add(step.kind)
        assert _marked(view, "played") == [step.move.card]
        table = [c for item in view.felt if not item.ghost for c in item.cards]
        if step.kind is MoveKind.CAPTURE:
            # What it took stays where it lay, as ghosts; the table is what is left.
            assert set(_marked(view, "taken")) == set(step.taken)
            ghosts = [c for item in view.felt if item.ghost for c in item.cards]
            assert set(ghosts) == {step.move.card, *step.taken}
            order = [c for item in view.felt for c in item.cards if c != step.move.card]
            assert order == [
                *before.loose,
                *(c for b in before.builds for c in b.cards),
            ]
            assert view.sweep == step.sweep
        else:
            assert not any(item.ghost for item in view.felt)
            assert step.move.card in table
            if step.build is not None:
                old = set(step.previous.cards) if step.previous else set()
                joined = set(step.build.cards) - old - {step.move.card}
                assert set(_marked(view, "joined")) == joined
    assert {MoveKind.TRAIL, MoveKind.CAPTURE} <= kinds


def test_the_deal_ends_in_its_own_steps(game: vm.Game) -> None:
    report = game.deal_report(0)
    assert report is not None
    deal = next(d for d in game.deals if game.ends[d] == ("residue", "score"))
    report = game.deal_report(deal)
    assert report is not None and report.residue
    residue = [c for c in game.positions[deal][-1].state.residue]
    last = vm.position_view(game, deal, 48)
    # The last move over the table it left: the residue still on it.
    assert last.kind == "move" and last.turn is None and not last.finished
    assert last.turn_text(game.names) == "The last card is played"
    on_table = [c for item in last.felt if not item.ghost for c in item.cards]
    assert sorted(on_table) == sorted(residue)
    assert sum(s.cards for s in last.sides) == 52 - len(residue)
    going = vm.position_view(game, deal, 49)
    assert going.kind == "residue" and going.headline().endswith(" · Residue")
    assert sorted(_marked(going, "residue")) == sorted(residue)
    assert going.residue_side == game.sides[report.residue_side or 0]
    assert going.turn_text(game.names) == f"The cards left go to {going.residue_side}"
    assert sum(s.cards for s in going.sides) == 52
    end = vm.position_view(game, deal, 50)
    assert end.kind == "score" and end.finished and end.felt == ()
    assert end.turn_text(()) == "End of the deal"
    assert [s.banked for s in end.sides] == [s.banked for s in report.sides]
    assert all(s.total_after is not None for s in end.sides)
    if deal + 1 in game.deals:
        second = vm.position_view(game, deal + 1, 0)
        assert [s.match_start for s in second.sides] == [
            s.total_after for s in report.sides
        ]


def test_the_piles_count_what_is_certain() -> None:
    game = vm.build_game(record(seed="piles"))
    end = vm.position_view(game, 0, game.last_step(0))
    report = game.deal_report(0)
    assert report is not None
    for side, mine in zip(end.sides, report.sides, strict=True):
        assert (side.cards, side.spades, side.sweeps) == (
            mine.cards,
            mine.spades,
            mine.sweeps,
        )
        assert side.big_casino == bool(mine.points.get("big_casino"))
        assert side.little_casino == bool(mine.points.get("little_casino"))
        assert side.aces == mine.points.get("aces", 0)
        assert side.counts().startswith(f"{side.cards} cards · {side.spades} spade")
        if side.big_casino:
            assert "Big Casino" in side.certain()


@pytest.mark.parametrize(
    ("perspective", "face_down"),
    [("all", [False, False]), ("none", [True, True]), ("seat1", [True, False])],
)
def test_perspectives(game: vm.Game, perspective: str, face_down: list[bool]) -> None:
    view = vm.position_view(game, 0, 0, perspective)
    assert [h.face_down for h in view.hands] == face_down


def test_perspective_names_and_parsing() -> None:
    names = ("Ana", "Ben", "Caio")
    assert vm.perspectives(3) == ["all", "seat0", "seat1", "seat2", "none"]
    assert vm.perspective_label("seat2", names) == "Caio's view (seat 2)"
    assert vm.perspective_label("none", names).startswith("No hands")
    assert vm.parse_perspective(None, 3) == "all"
    assert vm.parse_perspective("seat2", 3) == "seat2"
    assert vm.parse_perspective("seat3", 3) == "all"
    assert vm.alternatives_visible("all", 1)
    assert vm.alternatives_visible("seat1", 1)
    assert not vm.alternatives_visible("seat0", 1)
    assert not vm.alternatives_visible("none", 1)


def test_round_window(game: vm.Game) -> None:
    last = game.last_step(0)
    assert vm.round_window(game, 0, 0) == list(range(9))
    assert vm.round_window(game, 0, 8) == list(range(8, 17))
    assert vm.round_window(game, 0, 47) == list(range(40, last + 1))
    assert vm.round_window(game, 0, last) == list(range(40, last + 1))


def test_md_table() -> None:
    rows = [{"name": "*Bo*", "n": 1}, {"name": "<b>", "n": 2}]
    assert vm.md_table(rows).splitlines() == [
        "| name | n |",
        "|---|---|",
        "| \\*Bo\\* | 1 |",
        "| \\<b\\> | 2 |",
    ]
    assert vm.md_table([{"a": "**x**"}], escaped=True).endswith("| **x** |")


def test_move_rows_and_labels(game: vm.Game) -> None:
    rows = vm.move_rows(game, 0)
    assert [r.move for r in rows] == list(range(1, game.moves(0) + 1))
    assert rows[0].round == 1 and rows[-1].round == 6
    assert vm.move_label(rows, 0) == "0. Start of the deal"
    label = vm.move_label(rows, 1)
    assert label == f"1. {rows[0].player}: {rows[0].text}"
    assert vm.move_label(rows, 8, opens=True) == "Round 2 dealt (after move 8)"
    assert vm.move_label(rows, game.last_step(0), game) == "Deal score"
    if "residue" in game.ends[0]:
        assert vm.move_label(rows, 49, game).startswith("Residue: ")


def test_glyphs_and_comments_are_shown() -> None:
    def annotate(data: dict[str, Any]) -> None:
        move = data["deals"][0]["rounds"][0]["moves"][0]
        move["glyph"], move["comment"] = "!?", HOSTILE[1]
        data["deals"][0]["comment"] = HOSTILE[0]

    game = vm.build_game(edited(record(), annotate))
    view = vm.position_view(game, 0, 1)
    assert view.last_glyph == "!?" and view.last_comment == HOSTILE[1]
    assert view.deal_comment == HOSTILE[0]
    rows = vm.move_rows(game, 0)
    assert rows[0].comment == HOSTILE[1] and vm.move_label(rows, 1).endswith(" !?")
    start = vm.position_view(game, 0, 0)
    assert start.deal_comment == HOSTILE[0] and view.deal_comment == HOSTILE[0]


def test_alternatives_mark_the_move_played(game: vm.Game) -> None:
    for i in range(0, game.moves(0), 5):
        alts = vm.alternatives(game, 0, i)
        played = [a for a in alts if a.played]
        step = game.positions[0][i + 1].last
        assert step is not None and len(played) == 1 and played[0].move == step.move
        for alt in alts:
            row = alt.row()
            assert row["move"] == alt.text
            if alt.takes:
                assert str(row["gains"]).startswith(f"{len(alt.takes) + 1} cards")
            if alt.move.action == "build":
                assert alt.build.startswith("B")
    assert vm.alternatives(game, 0, game.moves(0)) == []
    assert vm.alternatives(game, 0, game.last_step(0)) == []


def test_an_alternative_says_what_it_takes() -> None:
    game = vm.build_game(record())
    for i in range(game.moves(0)):
        for alt in vm.alternatives(game, 0, i):
            if alt.takes:
                assert " takes " in alt.text and " and takes " in alt.effect
                assert set(alt.takes) <= set(game.positions[0][i].state.table_cards)
                return
    pytest.fail("no capture among the alternatives")


# --- invalid and disputed records ------------------------------------------------------------


def test_an_invalid_record_opens_at_the_failing_move() -> None:
    game = vm.build_game(edited(record(), out_of_turn))
    assert game.report.status == "invalid"
    finding = game.report.findings[0]
    assert finding.loc == "/deals/0/rounds/1/moves/2" and finding.rule == "R2.4"
    deal, move = vm.opening_position(game) or (-1, -1)
    assert (deal, move) == (0, 10) and move == game.moves(0)
    assert vm.failing_finding(game, deal, move) == finding
    assert vm.failing_finding(game, 0, 3) is None
    view = vm.position_view(game, deal, move)
    assert view.stops and not view.finished
    assert view.turn_text(game.names).endswith("(the record stops here)")
    recorded = vm.recorded_text(game, finding.loc)
    assert recorded is not None and recorded.startswith(game.names[0] + ": ")
    assert vm.alternatives(game, deal, move) and not any(
        a.played for a in vm.alternatives(game, deal, move)
    )
    assert vm.locate(game, finding.loc) == (0, 10)
    assert (
        vm.place_text(game, finding.loc, finding.where) == "deal 1, move 11 (round 2)"
    )
    # The illegal move is drawn: its card in the hand, the table cards it names.
    assert view.illegal is not None and view.illegal.seat == 0
    notation = game.record.deals[0].rounds[1].moves[2]
    assert str(view.illegal.card) == notation.card
    held = game.positions[0][10].state.hands[0]
    assert view.illegal.in_hand == (view.illegal.card in held)
    named = {str(c) for c in view.illegal.targets}
    assert named == set(getattr(notation, "take", ()) or getattr(notation, "onto", ()))
    assert set(_marked(view, "illegal")) == set(view.illegal.targets)
    board = vm.board_html(view, game.names)
    # once in the hand (or beside it), once for each table card it names
    assert board.count("cr-illegal") == 1 + len(view.illegal.targets)
    assert f'title="the illegal move: {escape(view.illegal.text)}' in board
    assert all(vm.board.mark_title(mark) for mark in vm.felt.MARKS)
    assert vm.position_view(game, 0, 9).illegal is None


def test_a_record_without_positions_opens_nowhere(game: vm.Game) -> None:
    empty = vm.Game(game.record, game.replayed, game.names, game.sides, {})
    assert vm.opening_position(empty) is None
    assert vm.locate(empty, "/deals/0/rounds/0/moves/0") is None


def test_locate() -> None:
    game = vm.build_game(record())
    step_loc = game.positions[0][5].last_loc
    assert vm.locate(game, step_loc) == (0, 5)
    assert vm.locate(game, step_loc + "/card") == (0, 5)
    assert vm.locate(game, "/deals/1/claimed/sides/0/total") == (1, game.last_step(1))
    last = game.deals[-1]
    assert vm.locate(game, "/claimed/winner") == (last, game.last_step(last))
    residue = 49 if "residue" in game.ends[1] else game.last_step(1)
    assert vm.locate(game, "/deals/1") == (1, residue)
    assert vm.locate(game, "/deals/7") is None


def wrong_claim_and_total(data: dict[str, Any]) -> None:
    side = data["deals"][0]["claimed"]["sides"][0]
    before = side["points"]["most_cards"]
    wrong_claim(data)
    side["total"] += side["points"]["most_cards"] - before


def test_a_disputed_deal_is_tabled_and_linked() -> None:
    game = vm.build_game(edited(record(), wrong_claim_and_total))
    assert game.report.status == "disputed"
    rows = vm.score_rows(game, 0)
    assert len(rows) == 2 * 10
    wrong = [r for r in rows if r.agrees is False]
    assert {(r.side, r.category) for r in wrong} == {
        (0, "points.most_cards"),
        (0, "total"),
    }
    assert all(r.agrees for r in rows if r not in wrong)
    assert wrong[0].loc == "/deals/0/claimed/sides/0/points/most_cards"
    assert wrong[0].label == "most cards" and wrong[0].claimed != wrong[0].computed
    findings = vm.findings_at(game, 0)
    assert {f.severity for f in findings} == {"dispute"}
    assert [f.loc for f in findings] == [
        "/deals/0/claimed/sides/0/points/most_cards",
        "/deals/0/claimed/sides/0/total",
    ]
    jumps = vm.deciders(game, findings[0])
    steps = [(j.deal, j.move) for j in jumps]
    assert jumps and steps == sorted(set(steps))  # each once, in move order
    for jump in jumps:
        assert jump.deal == 0 and jump.label and jump.why
        if game.step_kind(0, jump.move) == "move":
            row = vm.move_rows(game, 0)[jump.move - 1]
            assert jump.label == f"{row.move}. {row.player}: {row.text}"
    # The deal total differs only through most cards: the same moves decide it.
    assert [(j.deal, j.move) for j in vm.deciders(game, findings[1])] == steps


def test_unscored_deals_have_no_score_rows() -> None:
    def cut(data: dict[str, Any]) -> None:
        deal = data["deals"][0]
        deal["rounds"] = deal["rounds"][:2]
        deal.pop("claimed")
        data["deals"] = data["deals"][:1]
        data.pop("claimed", None)

    game = vm.build_game(edited(record(), cut))
    assert vm.score_rows(game, 0) == []
    view = vm.position_view(game, 0, game.moves(0))
    assert view.stops and view.turn is None and game.ends[0] == ()
    assert view.turn_text(game.names) == "The record stops here"


# --- every preset and seating ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "teams"),
    [
        ("classic", 3, False),
        ("classic", 4, True),
        ("royal", 4, False),
        ("dominican", 4, True),
        ("dominican", 2, False),
    ],
)
def test_every_preset_and_seating(preset: str, players: int, teams: bool) -> None:
    game = vm.build_game(record(preset, players, teams, seed=f"{preset}{players}"))
    assert len(game.sides) == (2 if teams else players)
    for d in game.deals:
        for i in range(0, game.last_step(d) + 1, 7):
            view = vm.position_view(game, d, i, "seat1")
            assert len(view.hands) == players and len(view.sides) == len(game.sides)
            assert [h.face_down for h in view.hands] == [s != 1 for s in range(players)]
            assert view.hands[1].place == "bottom"  # the seat's own view: its seat
            assert sorted(h.place for h in view.hands) == sorted(vm.PLACES[players])
            total = sum(len(i.cards) for i in view.felt if not i.ghost)
            if view.kind == "residue":  # drawn going to the pile that counts them
                total -= len(view.residue)
            total += sum(len(h.cards) for h in view.hands)
            total += sum(s.cards for s in view.sides)
            assert total <= 52
        end = vm.position_view(game, d, game.last_step(d))
        if end.finished:
            assert sum(s.cards for s in end.sides) == 52
            assert vm.score_rows(game, d)
    if teams:
        view = vm.position_view(game, 0, 0)
        assert [h.place for h in view.hands] == ["bottom", "left", "top", "right"]
        assert [h.side for h in view.hands] == [0, 1, 0, 1]  # partners opposite
    rows = vm.move_rows(game, game.deals[0])
    assert {r.player for r in rows} == set(game.names)


# --- deep links ----------------------------------------------------------------------------


def test_links_round_trip() -> None:
    link = vm.Link("arch.jsonl", record=7, deal=2, move="0", view="seat3")
    params = vm.link_params(link)
    assert params == {
        "game": "arch.jsonl",
        "record": "7",
        "deal": "3",
        "move": "0",
        "view": "seat3",
    }
    assert vm.parse_link(params) == link
    end = vm.Link("a.json", deal=0, move="residue")
    assert vm.parse_link(vm.link_params(end)) == end
    upload = vm.Link("my-id", src="upload", deal=0, move="4", view="all")
    assert vm.parse_link(vm.link_params(upload)) == upload
    assert vm.link_params(vm.Link()) == {}


@pytest.mark.parametrize(
    "params",
    [
        {"deal": "x"},
        {"deal": "-1"},
        {"move": "-1"},
        {"move": "1.5"},
        {"move": "²"},
        {"move": "end"},
        {"record": ""},
    ],
)
def test_bad_link_values_are_ignored(params: dict[str, str]) -> None:
    link = vm.parse_link(params)
    assert link.deal is None and link.move is None and link.record is None


def test_a_link_matches_the_command_line_words(game: vm.Game) -> None:
    # move=13 is show --deal 1 --move 13: the position right after move 13.
    link = vm.parse_link({"deal": "1", "move": "13"})
    deal, move = vm.linked_step(game, link.deal, link.move)
    position = game.positions[deal][move]
    assert position.last_loc.endswith(f"/rounds/1/moves/{13 - 8 - 1}")  # round 2: 9-16
    view = vm.position_view(game, deal, move)
    assert view.move == 13 and view.headline().endswith("Move 13 / 48")
    assert view.last_text is not None
    assert vm.move_label(vm.move_rows(game, 0), 13).startswith("13. ")


def test_names_never_reach_html_unescaped() -> None:
    def hostile(data: dict[str, Any]) -> None:
        data["players"] = [{"name": HOSTILE[0]}, {"name": HOSTILE[1]}]

    game = vm.build_game(edited(record(), hostile))
    view = vm.position_view(game, 0, 3)
    for hand in view.hands:
        assert "<" not in vm.md_escape(hand.name).replace("\\<", "")
    for label in vm.perspectives(2):
        text = vm.md_escape(vm.perspective_label(label, game.names))
        assert re.search(r"(?<!\\)<", text) is None


def test_a_card_list_is_cards(game: vm.Game) -> None:
    view = vm.position_view(game, 0, 0)
    assert all(isinstance(c, Card) for item in view.felt for c in item.cards)


# --- the board: seats around the felt -----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_puts_the_seats_around_the_felt(players: int) -> None:
    game = vm.build_game(record("classic", players, players == 4, seed=f"b{players}"))
    view = vm.position_view(game, 0, 5, vm.ALL)
    board = vm.board_html(view, game.names)
    root = ET.fromstring(board)
    assert root.get("class") == f"cr-board cr-p{players}"
    slots = [e for e in root if "cr-slot" in (e.get("class") or "")]
    places = [e.get("class", "").split("cr-at-")[1].split()[0] for e in slots]
    assert places == [*vm.PLACES[players], "felt"]
    seats = root.findall(".//section")
    assert [s.get("data-seat") for s in seats] == [str(k) for k in range(players)]
    turn = [e for e in slots if "cr-turn" in (e.get("class") or "")]
    assert len(turn) == 1 and turn[0].get("data-part") == f"seat{view.turn}"
    assert board.count('class="cr-chip cr-dealer"') == 1
    assert board.count('class="pile"') == len(view.sides)  # partners share one
    for hand in view.hands:
        for card in hand.cards:
            assert f'data-card="{card}"' in board
    partners = board.count('class="cr-sidename"')
    assert partners == (4 if players == 4 else 0)
    parts = vm.board_parts(view, game.names)
    assert set(parts) == {*(f"seat{k}" for k in range(players)), "felt"}


def test_a_seat_view_hides_the_other_hands(game: vm.Game) -> None:
    view = vm.position_view(game, 0, 5, "seat0")
    board = vm.board_html(view, game.names)
    mine, other = view.hands
    for card in mine.cards:
        assert f'data-card="{card}"' in board
    for card in other.cards:
        assert f'data-card="{card}"' not in board
    assert board.count('data-card="??"') == len(other.cards)
    assert mine.place == "bottom"


def test_builds_wear_a_badge() -> None:
    game = vm.build_game(record(seed="badges"))
    for d in game.deals:
        for i in range(game.moves(d) + 1):
            view = vm.position_view(game, d, i)
            builds = [item.build for item in view.felt if item.build is not None]
            if builds:
                board = vm.board_html(view, game.names)
                for build in builds:
                    kind = "single" if build.is_single else "multiple"
                    assert (
                        f'data-build="{build.label}" data-value="{build.value}"'
                        in board
                    )
                    assert f'data-kind="{kind}" data-owner="{build.owner}"' in board
                    owner = game.names[build.owner]
                    assert f"{build.label} · {build.value} · {kind} · {owner}" in board
                return
    pytest.fail("no build in the game")


def test_board_html_escapes_names() -> None:
    rec = simulate_record("classic", 2, seed="board", names=HOSTILE)
    played = vm.build_game(rec, source="board")
    view = vm.position_view(played, 0, 3, vm.ALL)
    board = vm.board_html(view, played.names)
    assert "<script>" not in board and "<img" not in board
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in board
    ET.fromstring(board)  # still well-formed: nothing leaked into the markup


def test_partners_pile_is_drawn_once_and_named_as_the_sides() -> None:
    """Issue 37.5: "6 cards" under Ana and under Caio read as 12."""
    from casino_records.present.viewmodel.board import board_parts
    from casino_records.present.viewmodel.position import position_view
    from tests.paths import SAMPLES

    game = vm.build_game(jsonio.load(SAMPLES / "dominican-4p-partnership-hands.json"))
    view = position_view(game, 0, 12)
    parts = board_parts(view, game.names)
    piles = {seat: parts[f"seat{seat}"] for seat in range(4)}
    drawn = [seat for seat, html in piles.items() if "svg" in html.split("cr-pile")[-1]]
    assert drawn == [0, 1]  # Ana's for Ana & Caio, Ben's for Ben & Dee
    ana = re.sub(r"<[^>]+>", " ", piles[0].split('class="cr-pile')[1])
    assert "Ana &amp; Caio’s pile: " in ana and " cards" in ana
    assert "Ana &amp; Caio’s pile: with Ana" in piles[2]
    assert "Ben &amp; Dee’s pile: with Ben" in piles[3]
    assert "cards ·" not in piles[2].split('class="cr-pile')[1]


def test_the_board_says_which_way_play_goes() -> None:
    """Issue 37.2: the direction and the deal's order of play, on the board."""
    from tests.paths import SAMPLES

    game = vm.build_game(jsonio.load(SAMPLES / "dominican-4p-partnership-hands.json"))
    view = vm.position_view(game, 0, 0)
    assert view.order == (3, 2, 1, 0) and not view.clockwise
    board = vm.board_html(view, game.names)
    cue = re.search(r'<p class="cr-order">(.*?)</p>', board)
    assert cue is not None
    assert unescape(cue[1]) == (
        "Play goes counter-clockwise ↺, the dealer’s right first (R2.3):"
        " Dee → Caio → Ben → Ana (deals)"
    )
    slots = re.findall(
        r'class="cr-slot cr-at-\w+ cr-o(\d)[^"]*" data-part="seat(\d)"', board
    )
    assert sorted(slots, key=lambda s: s[0]) == [
        ("1", "3"),
        ("2", "2"),
        ("3", "1"),
        ("4", "0"),
    ]
    assert (
        'title="plays 1st in this deal">1st</span>'
        in vm.board_parts(view, game.names)["seat3"]
    )
    classic = vm.build_game(record("classic", 3, False, seed="dir"))
    assert "Play goes clockwise ↻, the dealer’s left first (R2.3)" in unescape(
        vm.board_html(vm.position_view(classic, 0, 0), classic.names)
    )


def test_the_scorers_seats_are_said_round_the_table() -> None:
    from casino_records.present.direction import seats_text

    assert seats_text(["Ana", "Ben", "Caio", "Dee"], clockwise=False).endswith(
        "when Ana deals, Dee plays first, then Caio, Ben and Ana."
    )
    assert seats_text(["Ana", "Ben"], clockwise=True).startswith(
        "The seats run clockwise round the table: Ben sits opposite Ana."
    )
