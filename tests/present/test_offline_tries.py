"""The offline page's tried moves (present.offline_tries): drawn in advance, no engine."""

from __future__ import annotations

import base64
import json
import re
import zlib
from itertools import islice
from typing import Any

import pytest

from casino_records.check.lines import TriedLine
from casino_records.engine.movegen import generate_legal_moves
from casino_records.i18n import translator
from casino_records.present.line_view import assumption_words, result_words
from casino_records.present.offline import offline_page
from casino_records.present.offline_lines import line_steps
from casino_records.present.offline_tries import (
    TRY_BASE,
    Tried,
    keep_button,
    keeping,
    tried_lines,
)
from casino_records.present.viewmodel import Game, build_game
from casino_records.record.format.models import GameRecord
from casino_records.record.format.translate import to_engine
from casino_records.record.json import jsonio
from tests.paths import SAMPLES


def cut_record() -> GameRecord:
    """The annotated sample's first deal cut after move 18 (round 2 half played):
    the hands of round 2's unplayed cards and of rounds 3 to 6 are unknown."""
    data: dict[str, Any] = json.loads(
        jsonio.dumps(jsonio.load(SAMPLES / "classic-2p-annotated.json"))
    )
    deal = data["deals"][0]
    deal["rounds"] = deal["rounds"][:2]
    deal["rounds"][1]["moves"] = deal["rounds"][1]["moves"][:6]
    del deal["claimed"], data["claimed"]
    data["deals"] = [deal]
    return jsonio.loads(json.dumps(data))


def inflate(text: str) -> Any:
    return json.loads(zlib.decompress(base64.b64decode(text)))


def unpacked_page(html: str) -> dict[str, Any]:
    """The page's data, every deal's steps and every tried line inflated."""
    found = re.search(
        r'<script type="application/json" id="cr-data">(.*?)</script>', html
    )
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    for payload in data["payloads"].values():
        payload.update(inflate(payload.pop("steps")))
    for blob in data.get("tries", []):
        blob["steps"] = inflate(blob["steps"])
    return data


@pytest.fixture(scope="module")
def game() -> Game:
    return build_game(jsonio.load(SAMPLES / "classic-2p-annotated.json"))


@pytest.fixture(scope="module")
def tried(game: Game) -> list[Tried]:
    return list(tried_lines(game, "all"))


@pytest.fixture(scope="module")
def shown(game: Game) -> dict[str, Any]:
    return unpacked_page(offline_page(game, tries=True))


def test_the_moves_offered_are_the_legal_ones_but_the_one_played(
    game: Game, tried: list[Tried]
) -> None:
    record = game.record
    offered: dict[tuple[int, int], list[Any]] = {}
    for one in tried:
        offered.setdefault((one.deal, one.at), []).append(one.move)
    expected = {}
    for deal in game.deals:
        at = 0
        for round_ in record.deals[deal].rounds:
            for recorded in round_.moves:
                state = game.positions[deal][at].state
                legal = generate_legal_moves(state)
                others = [m for m in legal if m != to_engine(recorded)]
                assert len(others) == len(legal) - 1  # the move played is legal
                if others:
                    expected[(deal, at)] = others
                at += 1
    assert offered == expected
    assert sum(map(len, expected.values())) == len(tried) == 341


def test_each_line_is_legal_from_its_move_and_ends_the_deal(
    game: Game, tried: list[Tried]
) -> None:
    for one in tried[::7]:
        line = one.line
        assert line.moves[0] == one.move and line.finished
        again = TriedLine(game.record, one.deal, one.at, line.moves)  # walked anew
        assert again.finished and again.state.pile_bits == line.state.pile_bits
        assert again.result() == line.result() is not None


def test_the_position_offers_each_move_with_its_result_beside_the_game_s(
    shown: dict[str, Any], tried: list[Tried]
) -> None:
    deal = shown["payloads"]["0"]
    at = tried[0].at
    box = deal["fragments"][deal["positions"][at]["parts"]["tries"]]
    here = [(k, one) for k, one in enumerate(tried) if (one.deal, one.at) == (0, at)]
    assert box.count("<li>") == len(here) > 0
    for k, one in here:
        result = one.line.result()
        assert result is not None and result.played == (6, 5)
        button = f'data-deal="{TRY_BASE + k}" data-move="1">{one.words}</button>'
        assert button in box
        assert result_words(result).replace("'", "&#x27;") in box
    without = [
        p for p in deal["positions"] if not deal["fragments"][p["parts"]["tries"]]
    ]
    assert len(without) == len(deal["positions"]) - len(
        {o.at for o in tried if o.deal == 0}
    )


def test_the_lines_ship_as_one_blob_a_deal_and_step_as_drawn_alone(
    game: Game, shown: dict[str, Any], tried: list[Tried]
) -> None:
    blobs = shown["tries"]
    assert [b["first"] for b in blobs] == [
        TRY_BASE + next(k for k, o in enumerate(tried) if o.deal == d)
        for d in game.deals
    ]
    assert sum(b["count"] for b in blobs) == len(tried)
    steps = blobs[1]["steps"]
    k = blobs[1]["first"] + 3
    one = tried[k - TRY_BASE]
    title = f"Deal {one.deal + 1}, move {one.at + 1} tried: {one.words}"
    alone = line_steps(game, one.line, k, "all", title, actions=keep_button(k))
    shipped = {**steps["common"], **steps["lines"][str(k)]}
    assert shipped["last"] == len(one.line.moves) == len(alone["positions"]) - 1
    assert shipped["deals"] == alone["deals"] and shipped["board"] == alone["board"]
    for mine, theirs in zip(shipped["positions"], alone["positions"], strict=True):
        assert {n: steps["fragments"][i] for n, i in mine["parts"].items()} == {
            n: alone["fragments"][i] for n, i in theirs["parts"].items()
        }
        assert {**mine, "parts": None} == {**theirs, "parts": None}
    result = one.line.result()
    assert result is not None
    (whole,) = {p["parts"]["analysis"] for p in alone["positions"]}  # every step's
    said = alone["fragments"][whole]
    assert result_words(result).replace("'", "&#x27;") in said
    assert 'data-deal="1" data-move="' + str(one.at) + '">Back to the game' in said


def kept_as_the_script_keeps_it(
    data: dict[str, Any], keep: dict[str, Any]
) -> GameRecord:
    """The page's record with a line inserted where its ``keep`` says, as the
    page's script does it (offline.py's driver)."""
    record = inflate(data["record"])
    move = record["deals"][keep["deal"]]["rounds"][keep["round"]]["moves"][
        keep["index"]
    ]
    if keep["moves"] is not None:
        move["variations"] = [*move.get("variations", []), keep["moves"]]
    return jsonio.loads(json.dumps(record, indent=2))


def test_the_page_ships_the_record_once_and_where_each_line_goes_in_it(
    game: Game, shown: dict[str, Any], tried: list[Tried]
) -> None:
    assert inflate(shown["record"]) == jsonio.canonical_data(game.record)
    assert shown["keepName"] == "record-lines.json"
    lines = {k: v for b in shown["tries"] for k, v in b["steps"]["lines"].items()}
    assert len(lines) == len(tried)
    for ident in (TRY_BASE, TRY_BASE + 57, TRY_BASE + len(tried) - 1):
        one = tried[ident - TRY_BASE].line
        keep = lines[str(ident)]["keep"]
        assert keep == keeping(one) and keep["moves"] is not None
        assert (keep["deal"], keep["round"]) == (one.deal, one.at // 8)
        assert kept_as_the_script_keeps_it(shown, keep) == one.kept()
    whole = {p["parts"]["analysis"] for p in lines[str(TRY_BASE + 57)]["positions"]}
    fragments = shown["tries"][0]["steps"]["fragments"]
    assert all(f'data-keep="{TRY_BASE + 57}"' in fragments[i] for i in whole)


def test_a_line_kept_already_is_not_kept_twice(tried: list[Tried]) -> None:
    one = tried[5].line
    again = TriedLine(one.kept(), one.deal, one.at, one.moves)
    assert keeping(again)["moves"] is None
    assert again.kept() == one.kept()


def test_a_page_in_swedish_says_download_in_swedish(game: Game) -> None:
    sv = translator("sv")
    button = keep_button(TRY_BASE, sv)
    assert sv.gettext("Download the record with this line") in button
    assert "Download the record" not in button


def test_a_seat_s_own_view_tries_only_its_own_moves_and_no_view_none(
    game: Game, tried: list[Tried]
) -> None:
    mine = list(tried_lines(game, "seat1"))
    assert mine
    assert [(o.deal, o.at, o.move) for o in mine] == [
        (o.deal, o.at, o.move)
        for o in tried
        if game.positions[o.deal][o.at].state.turn == 1
    ]
    assert list(tried_lines(game, "none")) == []


def test_what_a_line_assumed_is_said_on_its_steps_in_the_player_s_language() -> None:
    game = build_game(cut_record())
    sv = translator("sv")
    tried = list(tried_lines(game, "all"))
    assert tried and all(one.line.assumptions for one in tried)
    data = unpacked_page(offline_page(game, tries=True, t=sv))
    (blob,) = data["tries"]
    steps = blob["steps"]
    first = steps["lines"][str(TRY_BASE)]
    said = assumption_words(tried[0].line, t=sv)
    assert said
    for position in first["positions"]:
        whole = steps["fragments"][position["parts"]["analysis"]]
        assert "De osedda kort linjen antog: 9 händer</summary>" in whole
        assert all(s.replace("'", "&#x27;") in whole for s in said)
    box = data["payloads"]["0"]["fragments"][
        data["payloads"]["0"]["positions"][tried[0].at]["parts"]["tries"]
    ]
    assert "Varje drag börjar en linje som boten spelar till givens slut" in box
    assert all(s.replace("'", "&#x27;") in box for s in said)
    result = tried[0].line.result()
    assert result is not None and result.played is None  # the record stops
    assert result_words(result, t=sv).replace("'", "&#x27;") in box


def test_a_page_without_tries_offers_none() -> None:
    game = build_game(cut_record())
    data = unpacked_page(offline_page(game))
    assert "tries" not in data and "record" not in data  # nothing to keep
    assert all("tries" not in p["parts"] for p in data["payloads"]["0"]["positions"])


def test_the_moves_tried_are_said_in_the_player_s_language(game: Game) -> None:
    es = translator("es")
    english = [t.words for t in islice(tried_lines(game, "all"), 40)]
    spanish = [t.words for t in islice(tried_lines(game, "all", es), 40)]
    assert any("trails" in w for w in english)
    assert not any("trails" in w or "builds" in w for w in spanish)
    assert any("se bota" in w for w in spanish)
