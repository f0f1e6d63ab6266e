"""The replay viewer in-process (Streamlit's AppTest): no server, no browser.

The games under test are generated here (``CASINO_RECORDS_VIEW_PATH`` names
their folder, as ``casino-records view FOLDER`` does), so the tests do not
depend on what ``sample_games/`` holds; one test opens every bundled sample.

The position is the stepper, a Custom Component v2 whose JavaScript AppTest
cannot run: these tests read what Python sends it (every position of the deal,
where to start, the jump nonce) and drive the widgets that stay in Python
(file, archive line, deal, perspective, the findings' jump buttons). Stepping
itself is tested in the browser (tests/test_viewer_browser.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from casino_records.present.viewmodel import VIEW_PATH_ENV
from casino_records.record import jsonio
from casino_records.record.simulate import simulate_record
from tests.paths import ROOT

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

APP = str(ROOT / "viewer" / "streamlit_app.py")
SAMPLES = sorted(
    p.name
    for p in (ROOT / "sample_games").glob("*.json*")
    if p.suffix in {".json", ".jsonl"}
)
HEADLINE = re.compile(
    r"^Deal (\d+) / (\d+) · Round (\d+) / (\d+) · (\d+) / (\d+) moves played · "
)
ACTIVE = re.compile(r"<(script|img)\b", re.IGNORECASE)
HOSTILE = ("<script>alert(1)</script>", "<img src=x onerror=alert(1)>")

pytestmark = pytest.mark.timeout(120)


def games(folder: Path) -> None:
    """Write the test games into ``folder``."""
    plain = simulate_record("classic", 2, seed="apptest", bots=("greedy", "random"))
    jsonio.dump(plain, folder / "plain.json")
    data = json.loads(jsonio.dumps(plain))
    data["deals"][0]["claimed"]["sides"][0]["points"]["most_cards"] ^= 3
    jsonio.dump(jsonio.loads(json.dumps(data)), folder / "disputed.json")
    data = json.loads(jsonio.dumps(plain))
    move = data["deals"][0]["rounds"][1]["moves"][2]
    move["seat"] = 1 - move["seat"]
    jsonio.dump(jsonio.loads(json.dumps(data)), folder / "invalid.json")
    data = json.loads(jsonio.dumps(plain))
    data["players"] = [{"name": HOSTILE[0]}, {"name": HOSTILE[1]}]
    data["deals"][0]["comment"] = HOSTILE[1]
    data["deals"][0]["rounds"][0]["moves"][0]["comment"] = HOSTILE[0]
    data["id"] = HOSTILE[0]
    jsonio.dump(jsonio.loads(json.dumps(data)), folder / "hostile.json")
    four = simulate_record("dominican", 4, teams=True, seed="apptest4")
    three = simulate_record("royal", 3, seed="apptest3")
    jsonio.dump_jsonl([four, three], folder / "archive.jsonl")


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


def stepper(at: Any) -> dict[str, Any]:
    """The data the page sends the stepper component (one per page)."""
    elements = at.get("bidi_component")
    assert len(elements) == 1, elements
    data: dict[str, Any] = json.loads(elements[0].proto.json)
    return data


def shown(at: Any) -> dict[str, Any]:
    """The position the stepper starts from (what the browser shows first)."""
    data = stepper(at)
    position: dict[str, Any] = data["positions"][data["start"]]
    return position


def headline(at: Any) -> tuple[int, ...]:
    found = HEADLINE.match(shown(at)["headline"])
    assert found, shown(at)["headline"]
    return tuple(int(g) for g in found.groups())


def position(at: Any) -> tuple[int, int]:
    """(deal from 1, moves played): where the stepper starts."""
    found = headline(at)
    data = stepper(at)
    assert (data["deal"] + 1, data["start"]) == (found[0], found[4])
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


# --- the stepper and the widgets that stay in Python ---------------------------------


def test_the_stepper_gets_every_position_of_the_deal(env: Path) -> None:
    at = ok(app(game="plain.json"))
    data = stepper(at)
    assert (data["deal"], data["last"], data["start"]) == (0, 48, 0)
    assert len(data["positions"]) == 49 and data["perspective"] == "all"
    assert data["key"].endswith("|0")
    assert data["positions"][48]["headline"].endswith("End of the deal")
    assert data["positions"][48]["nav"]["next"] == [1, 0]
    assert "<h3>Deal score</h3>" in data["positions"][48]["html"]["score"]
    assert "svg" in shown(at)["html"]["board"]
    assert [r["move"] for r in data["rounds"]] == [0, 8, 16, 24, 32, 40]


def test_the_deal_box_jumps_and_the_url_follows(env: Path) -> None:
    at = ok(app(game="plain.json", move="20"))
    assert position(at) == (1, 19)
    nonce = stepper(at)["nonce"]
    at.selectbox(key="replay_deal").set_value(1).run()
    assert position(ok(at)) == (2, 0)
    assert stepper(at)["nonce"] > nonce  # a jump: the browser follows it
    assert stepper(at)["key"].endswith("|1")
    assert at.query_params["deal"] == "2" and at.query_params["move"] == "1"


def test_perspective_hides_hands_and_alternatives(env: Path) -> None:
    at = ok(app(game="plain.json", view="seat0", move="3"))
    assert at.radio(key="replay_view").value == "seat0"
    data = stepper(at)
    assert data["perspective"] == "seat0"
    hands = shown(at)["html"]["board"].split('class="hand-of"')[1:]
    assert len(hands) == 2 and "card back" not in hands[0] and "card back" in hands[1]
    alts = [p["html"]["alts"] for p in data["positions"]]
    assert any("Hidden: they would show" in a for a in alts)
    at.radio(key="replay_view").set_value("all").run()
    assert at.query_params["view"] == "all" and at.query_params["move"] == "3"
    changed = stepper(ok(at))
    assert changed["perspective"] == "all"
    assert not any("Hidden: they" in p["html"]["alts"] for p in changed["positions"])
    assert "▶ played" in shown(at)["html"]["alts"]
    # Not a jump: the browser keeps the move it shows.
    assert (changed["nonce"], changed["start"]) == (data["nonce"], data["start"])


# --- findings ---------------------------------------------------------------------------


def test_the_dispute_panel_links_the_deciding_moves(env: Path) -> None:
    at = ok(app(game="disputed.json", deal="1", move="49"))
    assert position(at) == (1, 48)
    score = shown(at)["html"]["score"]
    assert re.search(r'<td class="cr-differs">[03] ✗</td>', score)
    assert "claimed most cards" in score
    assert any("claimed most cards" in w.value for w in at.warning)
    # The header's buttons jump, from anywhere (the stepper's own buttons at the
    # deal's end are tested in the browser).
    at.selectbox(key="replay_deal").set_value(1).run()
    assert position(ok(at)) == (2, 0)
    jumps = [b for b in at.button if b.key and b.key.startswith("replay_jump_")]
    assert jumps
    target = jumps[0]
    number = re.search(r"move (\d+) of the deal", target.label)
    assert number, target.label
    nonce = stepper(at)["nonce"]
    target.click().run()
    assert position(ok(at)) == (1, int(number.group(1)))
    assert stepper(at)["nonce"] > nonce
    assert shown(at)["html"]["last"].startswith(
        f'<div class="cr-info"><strong>Move {number.group(1)}'
    )
    assert at.query_params["deal"] == "1"
    assert at.query_params["move"] == str(int(number.group(1)) + 1)
    at.selectbox(key="replay_deal").set_value(2).run()
    at.button(key="replay_disp_0").click().run()
    assert position(ok(at)) == (1, 48)


def test_an_invalid_record_opens_at_the_failing_move(env: Path) -> None:
    at = ok(app(game="invalid.json"))
    assert position(at) == (1, 10)
    messages = [plain(e.value) for e in at.error]
    assert messages[0].startswith("**Invalid record R2.4** · deal 1, round 2, move 3")
    panel = shown(at)["html"]["failing"]
    assert "Illegal move · rule R2.4" in panel and "out of turn" in panel
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
        (bytes(range(256)) * 4, "not a text file"),
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


def test_a_deep_or_unplayed_upload_is_judged_not_crashed(env: Path) -> None:
    deep = (
        b'{"format":"casino-record/1","rules":{"preset":"classic","options":{"sweeps":'
        + b"[" * 980
        + b"]" * 980
        + b'}},"players":[{"name":"A"},{"name":"B"}],'
        b'"deals":[{"dealer":0,"table":["AS","2S","3S","4S"]}]}'
    )
    at = ok(upload(app(), "deep.json", deep))
    assert "/rules/options/sweeps" in at.error[0].value.replace("\\", "")
    unplayed = deep.replace(b"[" * 980 + b"]" * 980, b"true")
    ok(upload(app(), "unplayed.json", unplayed))


def test_an_upload_opens_and_links_by_record_id(env: Path) -> None:
    data = (env / "plain.json").read_bytes()
    at = ok(upload(app(), "mine.json", data))
    assert position(at) == (1, 0)
    assert at.query_params["src"] == "upload"
    assert at.query_params["game"] == "sim-classic-2-apptest"
    at.selectbox(key="replay_deal").set_value(2).run()
    assert position(ok(at)) == (3, 0)
    assert at.query_params["src"] == "upload" and at.query_params["deal"] == "3"


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
    data = stepper(at)
    fragments = [*data["lists"]]
    for position_ in data["positions"]:
        fragments += position_["html"].values()
    for fragment in fragments:
        assert ACTIVE.search(fragment) is None, fragment[:200]
    joined = "".join(fragments)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in joined
    assert "&lt;img src=x onerror=alert(1)&gt;" in joined
