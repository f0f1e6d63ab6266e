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
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from casino_records.record.text.notation import write_text
from tests.paths import ROOT

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

APP = str(ROOT / "viewer" / "streamlit_app.py")
SAMPLES = sorted(
    p.name
    for p in (ROOT / "sample_games").glob("*.json*")
    if p.suffix in {".json", ".jsonl"}
)
HEADLINE = re.compile(
    r"^Deal (\d+) / (\d+) · (?:Round (\d+) / (\d+) · )?"
    r"(Start|Piles|Move \d+ / \d+|Residue|Score) · "
)
"""A step's headline; a deal given by its piles has no rounds (``Deal 1 / 3 · Piles``)."""
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
    (folder / "text.txt").write_text(write_text(three), encoding="utf-8")


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
    """The step the stepper starts from (what the browser shows first)."""
    data = stepper(at)
    position: dict[str, Any] = data["positions"][data["start"]]
    return position


def part(at: Any, name: str) -> str:
    """The HTML of part ``name`` at the step shown first."""
    data = stepper(at)
    fragment: str = data["fragments"][shown(at)["parts"][name]]
    return fragment


def headline(at: Any) -> tuple[str, ...]:
    found = HEADLINE.match(shown(at)["headline"])
    assert found, shown(at)["headline"]
    return found.groups()


def position(at: Any) -> tuple[int, int]:
    """(deal from 1, step): where the stepper starts."""
    found = headline(at)
    data = stepper(at)
    assert data["deal"] + 1 == int(found[0])
    return data["deal"] + 1, data["start"]


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
    assert not at.error
    if name == "invalid-card-played-twice.json":  # its deal cannot be dealt
        assert "no position to show" in at.warning[0].value
        return
    data = stepper(at)
    if name.startswith("invalid-"):
        assert data["banner"].startswith('<div class="cr-banner cr-invalid"')
        assert shown(at)["headline"].endswith("(the record stops here)")
    else:
        assert position(at) == (1, 0)
    if name.startswith("disputed-"):
        assert data["banner"].startswith('<div class="cr-banner cr-disputed"')
    if name.startswith("unchecked-"):  # ok, with claims that cannot be checked
        assert data["banner"].startswith('<div class="cr-banner cr-warning"')
        assert "rule D8" in data["banner"]
    elif not name.startswith(("invalid-", "disputed-")):
        assert data["banner"] == ""
    if name.endswith(".jsonl"):
        assert at.selectbox(key="replay_record").options


def test_the_first_game_opens_without_a_link(env: Path) -> None:
    at = ok(app())
    assert at.selectbox(key="replay_file").value == "disputed.json"
    assert position(at) == (1, 0)
    assert dict(at.query_params) == {
        "game": "disputed.json",
        "deal": "1",
        "move": "0",
        "view": "all",
    }
    assert at.selectbox(key="replay_file").options[-2:] == ["text.txt", "archive.jsonl"]


def test_a_text_notation_record_opens(env: Path) -> None:
    at = ok(app(game="text.txt", deal="2", move="score"))
    assert position(at) == (2, stepper(at)["last"])
    assert shown(at)["label"] == "score"
    assert headline(at)[3] == "4"  # 3 players: 4 rounds a deal


def test_an_archive_lists_its_games(env: Path) -> None:
    at = ok(app(game="archive.jsonl"))
    line = at.selectbox(key="replay_record")
    assert line.options[0].startswith("1. sim-dominican-4t-apptest4 · ")
    assert headline(at)[3] == "3"  # 4 players: 3 rounds a deal
    line.set_value(2).run()
    ok(at)
    assert headline(at)[3] == "4"  # 3 players: 4 rounds a deal
    assert at.query_params["record"] == "2"
    assert len(at.radio(key="replay_view").options) == 5


# --- the stepper and the widgets that stay in Python ---------------------------------


def test_the_stepper_gets_every_step_of_the_deal(env: Path) -> None:
    at = ok(app(game="plain.json"))
    data = stepper(at)
    last = data["last"]
    assert (data["deal"], data["start"]) == (0, 0) and last in (49, 50)
    assert len(data["positions"]) == last + 1 and data["perspective"] == "all"
    assert data["key"].endswith("|0") and data["address"] == "query"
    assert data["positions"][last]["headline"].endswith("End of the deal")
    assert data["positions"][last]["nav"]["next"] == [1, 0]
    assert (
        "Deal 1 score</h3>"
        in data["fragments"][data["positions"][last]["parts"]["felt"]]
    )
    assert 'class="cr-board cr-p2"' in data["board"] and "<symbol" in data["sprite"]
    assert [r["move"] for r in data["rounds"]] == [0, 8, 16, 24, 32, 40]
    assert [d["deal"] for d in data["deals"]] == [0, 1, 2]


def test_a_link_opens_its_step_and_the_url_follows(env: Path) -> None:
    at = ok(app(game="plain.json", deal="2", move="20"))
    assert position(at) == (2, 20)
    assert shown(at)["headline"].startswith("Deal 2 / 3 · Round 3 / 6 · Move 20 / 48")
    assert at.query_params["deal"] == "2" and at.query_params["move"] == "20"
    at = ok(app(game="plain.json", deal="1", move="score"))
    assert shown(at)["label"] == "score" and at.query_params["move"] == "score"


def test_perspective_hides_hands_and_alternatives(env: Path) -> None:
    at = ok(app(game="plain.json", view="seat0", move="3"))
    assert at.radio(key="replay_view").value == "seat0"
    data = stepper(at)
    assert data["perspective"] == "seat0"
    assert "card back" not in part(at, "seat0") and "card back" in part(at, "seat1")
    alts = [data["fragments"][p["parts"]["alts"]] for p in data["positions"]]
    assert any("Hidden: they would show" in a for a in alts)
    at.radio(key="replay_view").set_value("all").run()
    assert at.query_params["view"] == "all" and at.query_params["move"] == "3"
    changed = stepper(ok(at))
    assert changed["perspective"] == "all"
    alts = [changed["fragments"][p["parts"]["alts"]] for p in changed["positions"]]
    assert not any("Hidden: they" in a for a in alts)
    assert "▶ played" in part(at, "alts")
    # Not a jump: the browser keeps the step it shows.
    assert (changed["nonce"], changed["start"]) == (data["nonce"], data["start"])


def test_the_page_can_be_saved_as_an_offline_page(env: Path) -> None:
    at = ok(app(game="disputed.json"))
    (button,) = [b for b in at.get("download_button")]
    assert "Save as an offline page" in str(button.proto.label)
    tries = at.checkbox(key="replay_page_tries")
    assert tries.label == "With the other moves tried" and tries.value is False
    at = ok(tries.check().run())
    assert at.checkbox(key="replay_page_tries").value is True


# --- findings ---------------------------------------------------------------------------


def test_the_verdict_banner_links_the_differences(env: Path) -> None:
    at = ok(app(game="disputed.json"))
    data = stepper(at)
    banner = data["banner"]
    assert "claimed figure" in banner and "most cards: claimed " in banner
    last = data["last"]
    assert f'data-deal="0" data-move="{last}">deal 1, ' in banner
    assert "decided by" in banner
    folded = [e.label for e in at.expander if e.label != "Try another move"]
    assert not at.error and not folded  # the verdict is the banner, above the board


def test_an_invalid_record_opens_at_the_failing_move(env: Path) -> None:
    at = ok(app(game="invalid.json"))
    assert position(at) == (1, 10)
    banner = stepper(at)["banner"]
    assert "Invalid record · rule R2.4" in plain(banner)
    panel = part(at, "failing")
    assert "Illegal move · rule R2.4" in panel and "out of turn" in panel
    assert "Legal moves here instead" in panel and part(at, "alts") == ""
    assert "Recorded: " in panel
    assert at.query_params["move"] == "10"


# --- deep links -------------------------------------------------------------------------


def test_a_deep_link_opens_its_position(env: Path) -> None:
    at = ok(app(game="plain.json", deal="2", move="13", view="seat1"))
    assert position(at) == (2, 13)
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
        ({"game": "plain.json", "deal": "9", "move": "999"}, (3, -1)),
        ({"game": "plain.json", "deal": "x", "move": "-4", "view": "seat7"}, (1, 0)),
        ({"game": "nope.json", "deal": "2"}, (1, 0)),
    ],
)
def test_bad_deep_links_open_somewhere_sensible(
    env: Path, params: dict[str, str], expected: tuple[int, int]
) -> None:
    at = ok(app(**params))
    deal, step = expected
    assert position(at) == (deal, stepper(at)["last"] if step < 0 else step)
    assert at.radio(key="replay_view").value == "all"


def test_an_archive_deep_link(env: Path) -> None:
    at = ok(app(game="archive.jsonl", record="2", deal="1", move="5"))
    assert at.selectbox(key="replay_record").value == 2
    assert position(at) == (1, 5)


# --- uploads ----------------------------------------------------------------------------


def upload(at: Any, name: str, data: bytes) -> Any:
    at.file_uploader(key="replay_upload").set_value((name, data, "application/json"))
    return at.run()


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("bad.json", bytes(range(256)) * 4, "not a text file"),
        (
            "bad.json",
            b'{"format": "casino-record/1", "players": [{"na',
            "unexpected end of data",
        ),
        ("bad.json", b'{"format": "casino-record/1"}', "/rules"),
        (
            "bad.txt",
            b"[Format casino-record/1]\nDeal one\n",
            "- line 2, column 6: expected a deal",
        ),
    ],
)
def test_a_bad_upload_shows_a_clear_error(
    env: Path, name: str, data: bytes, words: str
) -> None:
    at = ok(upload(app(), name, data))
    assert len(at.error) == 1
    message = at.error[0].value
    assert message.startswith(
        f"**{name.replace('.', chr(92) + '.')} is not a valid casino record**"
    )
    assert words in plain(message)
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


def test_a_file_that_is_no_record_is_refused_in_words(env: Path) -> None:
    at = ok(upload(app(), "scores.pdf", b"%PDF-1.4"))
    (error,) = at.error
    assert plain(error.value).startswith(
        "**scores.pdf is not a record file: the viewer opens .json records,"
        " .jsonl archives and .txt text notation**"
    )


def test_an_upload_opens_and_links_by_record_id(env: Path) -> None:
    data = (env / "plain.json").read_bytes()
    at = ok(upload(app(), "mine.json", data))
    assert position(at) == (1, 0)
    assert at.query_params["src"] == "upload"
    assert at.query_params["game"] == "sim-classic-2-apptest"


def test_a_text_upload_opens(env: Path) -> None:
    at = ok(upload(app(), "game.txt", (env / "text.txt").read_bytes()))
    assert position(at) == (1, 0) and headline(at)[3] == "4"
    assert at.query_params["src"] == "upload"


def test_an_upload_link_waits_for_its_file(env: Path) -> None:
    at = ok(app(game="sim-classic-2-apptest", src="upload", deal="2", move="4"))
    assert any("upload that file" in i.value for i in at.info)
    upload(at, "again.json", (env / "plain.json").read_bytes())
    assert position(ok(at)) == (2, 4)


# --- data is data -----------------------------------------------------------------------


def test_hostile_names_and_comments_stay_text(env: Path) -> None:
    at = ok(app(game="hostile.json", move="2"))
    texts = [m.value for m in at.markdown] + [e.value for e in at.subheader]
    texts += [c.value for c in at.caption] + [i.value for i in at.info]
    for text in texts:
        assert re.search(r"(?<!\\)<(script|img)", text) is None, text
    assert any("\\<script\\>alert\\(1\\)\\</script\\>" in t for t in texts)
    data = stepper(at)
    fragments = [*data["fragments"], data["banner"], data["board"]]
    for fragment in fragments:
        assert ACTIVE.search(fragment) is None, fragment[:200]
    joined = "".join(fragments)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in joined
    assert "&lt;img src=x onerror=alert(1)&gt;" in joined
