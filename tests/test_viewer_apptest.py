"""The replay viewer in-process (Streamlit's AppTest): no server, no browser.

The games under test are generated here (``CASINO_RECORDS_VIEW_PATH`` names
their folder, as ``casino-records view FOLDER`` does), so the tests do not
depend on what ``sample_games/`` holds; one test opens every bundled sample.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from casino_records import io
from casino_records.simulate import simulate_record
from casino_records.viewmodel import VIEW_PATH_ENV

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "viewer" / "streamlit_app.py")
SAMPLES = sorted(
    p.name
    for p in (ROOT / "sample_games").glob("*.json*")
    if p.suffix in {".json", ".jsonl"}
)
HEADLINE = re.compile(
    r"^\*\*Deal (\d+) / (\d+) · Round (\d+) / (\d+) · (\d+) / (\d+) moves played · "
)
HOSTILE = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")

pytestmark = pytest.mark.timeout(120)


def games(folder: Path) -> None:
    """Write the test games into ``folder``."""
    plain = simulate_record("classic", 2, seed="apptest", bots=("greedy", "random"))
    io.dump(plain, folder / "plain.json")
    data = json.loads(io.dumps(plain))
    data["deals"][0]["claimed"]["sides"][0]["points"]["most_cards"] ^= 3
    io.dump(io.loads(json.dumps(data)), folder / "disputed.json")
    data = json.loads(io.dumps(plain))
    move = data["deals"][0]["rounds"][1]["moves"][2]
    move["seat"] = 1 - move["seat"]
    io.dump(io.loads(json.dumps(data)), folder / "invalid.json")
    data = json.loads(io.dumps(plain))
    data["players"] = [{"name": HOSTILE[0]}, {"name": HOSTILE[1]}]
    data["deals"][0]["comment"] = HOSTILE[1]
    data["deals"][0]["rounds"][0]["moves"][0]["comment"] = HOSTILE[0]
    data["id"] = HOSTILE[0]
    io.dump(io.loads(json.dumps(data)), folder / "hostile.json")
    four = simulate_record("dominican", 4, teams=True, seed="apptest4")
    three = simulate_record("royal", 3, seed="apptest3")
    io.dump_jsonl([four, three], folder / "archive.jsonl")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("viewer_games")
    games(path)
    return path


@pytest.fixture
def env(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(VIEW_PATH_ENV, str(folder))
    yield folder


def app(**params: str) -> Any:
    at = AppTest.from_file(APP, default_timeout=20)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def headline(at: Any) -> tuple[int, ...]:
    for element in at.markdown:
        found = HEADLINE.match(element.value)
        if found:
            return tuple(int(g) for g in found.groups())
    raise AssertionError("no headline: " + repr([m.value[:60] for m in at.markdown]))


def position(at: Any) -> tuple[int, int]:
    """(deal from 1, moves played)."""
    found = headline(at)
    return found[0], found[4]


def plain(text: str) -> str:
    """Markdown text without its escaping backslashes."""
    return re.sub(r"\\(.)", r"\1", text)


def ok(at: Any) -> Any:
    assert not at.exception, [e.value for e in at.exception]
    return at


# --- opening ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLES)
def test_every_bundled_sample_opens(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VIEW_PATH_ENV, raising=False)
    at = ok(app(game=name))
    assert at.selectbox(key="replay_file").value == name
    if name.startswith("invalid-"):
        assert at.error and "Invalid record" in at.error[0].value
    else:
        assert not at.error
        assert headline(at)[:1] == (1,) and position(at) == (1, 0)
    if name.startswith("disputed-"):
        assert any("Disputed" in e.label for e in at.expander)
    if name.endswith(".jsonl"):
        assert at.selectbox(key="replay_record").options


def test_the_first_game_opens_without_a_link(env: Path) -> None:
    at = ok(app())
    assert at.selectbox(key="replay_file").value == "disputed.json"
    assert position(at) == (1, 0)
    assert dict(at.query_params) == {
        "game": "disputed.json",
        "deal": "1",
        "move": "1",
        "view": "all",
    }


def test_an_archive_lists_its_games(env: Path) -> None:
    at = ok(app(game="archive.jsonl"))
    line = at.selectbox(key="replay_record")
    assert line.options[0].startswith("1. sim-dominican-4t-apptest4 · ")
    assert headline(at)[3] == 3  # 4 players: 3 rounds a deal
    line.set_value(2).run()
    ok(at)
    assert headline(at)[3] == 4  # 3 players: 4 rounds a deal
    assert at.query_params["record"] == "2"
    assert len(at.radio(key="replay_view").options) == 5


# --- stepping ---------------------------------------------------------------------------


def test_buttons_step_and_keep_the_url_in_sync(env: Path) -> None:
    at = ok(app(game="plain.json"))
    at.button(key="replay_next").click().run()
    assert position(ok(at)) == (1, 1)
    assert at.query_params["move"] == "2"
    at.button(key="replay_next").click().run()
    at.button(key="replay_prev").click().run()
    assert position(ok(at)) == (1, 1)
    at.button(key="replay_last").click().run()
    assert position(ok(at)) == (1, 48)
    assert any(s.value == "Deal score" for s in at.subheader)
    at.button(key="replay_next").click().run()
    assert position(ok(at)) == (2, 0)
    assert at.query_params["deal"] == "2" and at.query_params["move"] == "1"
    assert at.button(key="replay_first").disabled
    at.button(key="replay_next").click().run()
    at.button(key="replay_first").click().run()
    assert position(ok(at)) == (2, 0)
    at.button(key="replay_round_next").click().run()
    assert position(ok(at)) == (2, 8)
    at.button(key="replay_round_prev").click().run()
    assert position(ok(at)) == (2, 0)


def test_the_slider(env: Path) -> None:
    at = ok(app(game="plain.json"))
    at.slider(key="replay_move").set_value(17).run()
    assert position(ok(at)) == (1, 17)
    assert at.radio(key="replay_list").value == 17
    assert at.info[0].value.startswith("**Move 17")


def test_jump_to_deal_and_round(env: Path) -> None:
    at = ok(app(game="plain.json", move="20"))
    at.selectbox(key="replay_deal").set_value(1).run()
    assert position(ok(at)) == (2, 0)
    at.selectbox(key="replay_round").set_value(2).run()
    assert position(ok(at)) == (2, 16)
    assert headline(at)[2] == 3


def test_the_move_list(env: Path) -> None:
    at = ok(app(game="plain.json"))
    moves = at.radio(key="replay_list")
    assert moves.options[0] == "0\\. Start of the deal"
    assert len(moves.options) == 9  # the first round: its start and 8 moves
    moves.set_value(5).run()
    assert position(ok(at)) == (1, 5)
    assert at.slider(key="replay_move").value == 5
    at.radio(key="replay_list").set_value(8).run()
    assert position(ok(at)) == (1, 8)
    moves = at.radio(key="replay_list")
    assert moves.value == 8 and len(moves.options) == 9  # now the second round
    assert moves.options[0].startswith("8\\. R1 · ")
    assert moves.options[1].startswith("9\\. R2 · ")


def test_perspective_hides_hands_and_alternatives(env: Path) -> None:
    at = ok(app(game="plain.json", view="seat0"))
    assert at.radio(key="replay_view").value == "seat0"
    board = next(
        m.value for m in at.markdown if m.value.startswith('<div class="board">')
    )
    hands = board.split('class="hand-of"')[1:]
    assert len(hands) == 2 and "card back" not in hands[0] and "card back" in hands[1]
    assert any("Hidden: they would show" in c.value for c in at.caption)
    at.radio(key="replay_view").set_value("all").run()
    assert at.query_params["view"] == "all"
    assert any("▶ played" in m.value for m in at.markdown)


# --- findings ---------------------------------------------------------------------------


def test_the_dispute_panel_links_the_deciding_moves(env: Path) -> None:
    at = ok(app(game="disputed.json", deal="1", move="49"))
    assert position(at) == (1, 48)
    assert any(
        ":red-background[**3 ✗**]" in m.value or ":red-background[**0 ✗**]" in m.value
        for m in at.markdown
    )
    assert any("claimed most cards" in w.value for w in at.warning)
    jumps = [b for b in at.button if b.key and b.key.startswith("replay_jump_")]
    assert jumps
    moves = [b for b in jumps if "move " in b.label]
    target = moves[0] if moves else jumps[0]
    number = re.search(r"move (\d+) of the deal", target.label)
    target.click().run()
    ok(at)
    if number:
        assert position(at) == (1, int(number.group(1)))
        assert at.info[0].value.startswith(f"**Move {number.group(1)}")


def test_an_invalid_record_opens_at_the_failing_move(env: Path) -> None:
    at = ok(app(game="invalid.json"))
    assert position(at) == (1, 10)
    messages = [plain(e.value) for e in at.error]
    assert messages[0].startswith("**Invalid record R2.4** · deal 1, round 2, move 3")
    panel = next(m for m in messages if m.startswith("**Illegal move"))
    assert "rule R2.4" in panel and "out of turn" in panel
    assert "Legal moves here" in panel
    assert "Recorded: " in panel
    assert at.query_params["move"] == "11"


# --- deep links -------------------------------------------------------------------------


def test_a_deep_link_opens_its_position(env: Path) -> None:
    at = ok(app(game="plain.json", deal="2", move="13", view="seat1"))
    assert position(at) == (2, 12)
    assert at.radio(key="replay_view").value == "seat1"
    assert dict(at.query_params) == {
        "game": "plain.json",
        "deal": "2",
        "move": "13",
        "view": "seat1",
    }


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"game": "plain.json", "deal": "9", "move": "999"}, (3, 48)),
        ({"game": "plain.json", "deal": "x", "move": "-4", "view": "seat7"}, (1, 0)),
        ({"game": "nope.json", "deal": "2"}, (1, 0)),
    ],
)
def test_bad_deep_links_open_somewhere_sensible(
    env: Path, params: dict[str, str], expected: tuple[int, int]
) -> None:
    at = ok(app(**params))
    assert position(at) == expected
    assert at.radio(key="replay_view").value == "all"


def test_an_archive_deep_link(env: Path) -> None:
    at = ok(app(game="archive.jsonl", record="2", deal="1", move="5"))
    assert at.selectbox(key="replay_record").value == 2
    assert position(at) == (1, 4)


# --- uploads ----------------------------------------------------------------------------


def upload(at: Any, name: str, data: bytes) -> Any:
    at.file_uploader(key="replay_upload").set_value((name, data, "application/json"))
    return at.run()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (bytes(range(256)) * 4, "invalid JSON: not UTF-8"),
        (b'{"format": "casino-record/1", "players": [{"na', "unexpected end of data"),
        (b'{"format": "casino-record/1"}', "/rules"),
    ],
)
def test_a_bad_upload_shows_a_clear_error(env: Path, data: bytes, words: str) -> None:
    at = ok(upload(app(), "bad.json", data))
    assert len(at.error) == 1
    message = at.error[0].value
    assert message.startswith("**bad\\.json is not a valid casino record**")
    assert words.replace("/", "/") in message.replace("\\", "")
    assert "Traceback" not in message


def test_an_upload_opens_and_links_by_record_id(env: Path) -> None:
    data = (env / "plain.json").read_bytes()
    at = ok(upload(app(), "mine.json", data))
    assert position(at) == (1, 0)
    assert at.query_params["src"] == "upload"
    assert at.query_params["game"] == "sim-classic-2-apptest"
    at.button(key="replay_next").click().run()
    assert position(ok(at)) == (1, 1)


def test_an_upload_link_waits_for_its_file(env: Path) -> None:
    at = ok(app(game="sim-classic-2-apptest", src="upload", deal="2", move="4"))
    assert any("upload that file" in i.value for i in at.info)
    upload(at, "again.json", (env / "plain.json").read_bytes())
    assert position(ok(at)) == (2, 3)


# --- data is data -----------------------------------------------------------------------


def test_hostile_names_and_comments_stay_text(env: Path) -> None:
    at = ok(app(game="hostile.json", move="2"))
    texts = [m.value for m in at.markdown] + [e.value for e in at.title]
    texts += [c.value for c in at.caption] + [i.value for i in at.info]
    for text in texts:
        assert re.search(r"(?<!\\)<(script|img)", text) is None, text
    assert any("\\<script\\>alert\\(1\\)\\</script\\>" in t for t in texts)
    assert any(HOSTILE[1] in plain(t) for t in texts)
