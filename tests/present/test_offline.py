"""The offline page: one self-contained HTML file with the viewer's own stepper.

Its behaviour in a browser (from ``file://``) is tested in
``tests/viewer/test_offline_browser.py``; here, what the file holds.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from html.parser import HTMLParser
from typing import Any

import pytest

from casino_records.present import viewmodel as vm
from casino_records.present.offline import offline_page, stepper_assets
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.paths import SAMPLES

HOSTILE = ("<script>alert(1)</script>", "</script><img src=x onerror=alert(1)>")


class Page(HTMLParser):
    """The tags, scripts and CSP of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data


def unpacked(payload: dict[str, Any]) -> dict[str, Any]:
    """A deal's payload with its deflated ``steps`` inflated, as the page does."""
    steps = json.loads(zlib.decompress(base64.b64decode(payload["steps"])))
    rest = {k: v for k, v in payload.items() if k != "steps"}
    return {**rest, **steps}


def parsed(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


def hostile_game() -> vm.Game:
    data = json.loads(jsonio.dumps(simulate_record("classic", 2, seed="off")))
    data["id"] = HOSTILE[1]
    data["comment"] = HOSTILE[0]
    data["players"] = [{"name": HOSTILE[0]}, {"name": HOSTILE[1]}]
    data["deals"][0]["rounds"][0]["moves"][0]["comment"] = HOSTILE[1]
    data["deals"][0]["claimed"]["sides"][0]["points"]["most_cards"] ^= 3
    return vm.build_game(jsonio.loads(json.dumps(data)))


@pytest.fixture(scope="module")
def page() -> str:
    return offline_page(hostile_game())


def test_the_page_is_the_viewer_s_own_stepper(page: str) -> None:
    frame, css, script = stepper_assets()
    assert frame in page and css in page
    body = script.replace("export default mountStepper;", "")
    assert body in page  # the very same script, inline
    assert "export default" not in page


def test_nothing_is_fetched(page: str) -> None:
    tags = parsed(page).tags
    for tag, attrs in tags:
        assert not (tag in ("script", "img", "iframe") and attrs.get("src")), attrs
        assert not (tag == "link" and attrs.get("href")), attrs
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page)


def test_only_the_page_s_own_script_may_run(page: str) -> None:
    doc = parsed(page)
    scripts = [
        s
        for (t, a), s in zip(
            [(t, a) for t, a in doc.tags if t == "script"], doc.scripts, strict=True
        )
        if a.get("type") != "application/json"
    ]
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    policy = next(
        a["content"]
        for t, a in doc.tags
        if a.get("http-equiv") == "Content-Security-Policy"
    )
    assert policy is not None
    assert f"script-src 'sha256-{digest}'" in policy and "default-src 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_data_stays_data(page: str) -> None:
    doc = parsed(page)
    # No name, comment or id makes a tag: every tag is the page's own.
    assert not any(t in ("img",) for t, _ in doc.tags)
    assert sum(t == "script" for t, _ in doc.tags) == 2
    data_script = doc.scripts[0]
    assert "<" not in data_script and ">" not in data_script
    data: dict[str, Any] = json.loads(data_script)
    assert set(data) == {"start", "sprite", "payloads", "unsupported"}
    joined = json.dumps(data, ensure_ascii=False)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in joined
    assert "<title>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; ·" in page
    assert f"<h1>{'&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;'}</h1>" in page


def test_every_deal_is_there_and_the_page_opens_where_the_viewer_does() -> None:
    game = vm.build_game(simulate_record("royal", 3, seed="off3"))
    doc = parsed(offline_page(game, perspective="seat1"))
    data = json.loads(doc.scripts[0])
    assert sorted(data["payloads"], key=int) == [str(d) for d in game.deals]
    assert data["start"] == list(vm.opening_position(game) or ())
    first = data["payloads"]["0"]
    assert first["perspective"] == "seat1" and "sprite" not in first
    assert len(unpacked(first)["positions"]) == game.last_step(0) + 1


def test_a_record_with_no_position_gets_its_verdict_alone() -> None:
    game = vm.build_game(jsonio.load(SAMPLES / "invalid-card-played-twice.json"))
    assert not game.deals
    page = offline_page(game)
    assert "Invalid record" in page and "This record has no position to show." in page
    assert "<script" not in page


def test_the_page_grows_with_the_record_not_with_its_steps() -> None:
    """Issue 36 point 13: the 22 KB record of 5 deals and 240 moves made a
    1.4 MB page (every step's markup as it is); its deals' steps now travel
    deflated, and the page holds every step all the same."""
    path = SAMPLES / "disputed-big-casino-wrong-side.json"
    game = vm.build_game(jsonio.load(path))
    page = offline_page(game)
    assert len(page.encode("utf-8")) <= 300 * 1024
    data = json.loads(parsed(page).scripts[0])
    for deal, payload in data["payloads"].items():
        steps = unpacked(payload)
        whole = vm.stepper_payload(game, int(deal), vm.ALL)
        assert steps["positions"] == whole["positions"]
        assert steps["fragments"] == whole["fragments"]
