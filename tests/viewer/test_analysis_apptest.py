"""The replay page's analysis in-process (AppTest): the button, the stepper's parts.

The analysis is the library's (tested in tests/analysis); here the page runs it
with one sample per estimated move (the page's choices are patched), so that a
whole deal is analysed in about a second.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from casino_records.analysis.analyse import analyse_record, make_settings
from casino_records.analysis.annotate import annotate
from casino_records.present import viewmodel as vm
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.viewer.test_viewer_apptest import app, ok, plain, stepper

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("analysis_games")
    record = simulate_record(
        "classic", 2, seed="page", bots=("random", "greedy"), max_deals=1
    )
    jsonio.dump(record, path / "game.json")
    analysis = analyse_record(record, make_settings(samples=3, seed="page"))
    jsonio.dump(annotate(record, analysis), path / "annotated.json")
    return path


@pytest.fixture
def env(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(vm.VIEW_PATH_ENV, str(folder))
    monkeypatch.setattr(vm, "SAMPLE_CHOICES", (1, 2))
    yield folder


def analysed(game: str = "game.json", **params: str) -> Any:
    """The page after its "Analyse every move" button (one sample a move)."""
    at = ok(app(game=game, **params))
    at.button(key="replay_analyse").click().run()
    return ok(at)


def parts(data: dict[str, Any], name: str) -> list[str]:
    """Part ``name`` of every step."""
    return [data["fragments"][p["parts"][name]] for p in data["positions"]]


def test_a_game_without_an_analysis_offers_the_button(env: Path) -> None:
    at = ok(app(game="game.json"))
    assert at.button(key="replay_analyse").label == "Analyse every move"
    assert at.selectbox(key="replay_samples").options == ["1", "2"]
    data = stepper(at)
    assert data["graph"] == ""
    assert set(parts(data, "analysis")) == {""}
    assert "cr-badge" not in "".join(parts(data, "list"))


def test_the_button_analyses_every_move_and_the_stepper_shows_it(env: Path) -> None:
    at = analysed()
    summary = [
        plain(c.value) for c in at.caption if plain(c.value).startswith("Analysed 48")
    ]
    assert summary and "1 sampled deal per estimated move" in summary[0]
    assert "8 exact" in summary[0] and "Points lost per move: " in summary[0]
    data = stepper(at)
    graph = data["graph"]
    assert "<svg" in graph and "Evaluation of deal 1" in graph
    # Every point goes to the step after its move, as the move list does.
    steps = re.findall(
        r'<g class="point" data-index="\d+" data-mark="[^"]*"'
        r' data-deal="0" data-move="(\d+)"',
        graph,
    )
    assert steps == [str(i) for i in range(1, 49)]
    panels = parts(data, "analysis")
    assert panels[0] == "" and panels[-1] == ""  # the start; the deal's score
    assert "Analysis · Move 1 / 48" in panels[1] and ">estimated<" in panels[1]
    assert "Analysis · Move 48 / 48" in panels[48] and ">exact<" in panels[48]
    assert all("legal move" in panel for panel in panels[1:49])
    lists = "".join(parts(data, "list"))
    assert "cr-badge" in lists and "−" in lists
    # The annotated record to download, beside the offline page (which shows
    # the analysis too: tests/present/test_analysis_view.py).
    labels = [str(b.proto.label) for b in at.get("download_button")]
    assert labels == ["Save as an offline page", "Download the annotated record"]


def test_an_analysis_can_be_made_again_with_more_samples(env: Path) -> None:
    at = analysed()
    assert at.button(key="replay_analyse").label == "Analyse again"
    at.selectbox(key="replay_samples").set_value(2).run()
    at.button(key="replay_analyse").click().run()
    ok(at)
    summary = [plain(c.value) for c in at.caption if "Analysed 48" in c.value]
    assert summary and "2 sampled deals per estimated move" in summary[0]
    assert "2 sampled deals each" in stepper(at)["graph"]


def test_other_views_leave_the_analysis_out(env: Path) -> None:
    at = analysed()
    at.radio(key="replay_view").set_value("seat0").run()
    ok(at)
    data = stepper(at)
    assert data["graph"] == "" and set(parts(data, "analysis")) == {""}
    assert any("It is shown with all hands." in plain(c.value) for c in at.caption)
    at.radio(key="replay_view").set_value("all").run()
    assert "<svg" in stepper(ok(at))["graph"]


def test_a_record_carrying_an_analysis_shows_it_on_its_moves(env: Path) -> None:
    at = ok(app(game="annotated.json", move="12"))
    carried = [plain(c.value) for c in at.caption if "carries an analysis" in c.value]
    assert carried and "casino-records analyse --samples 3" in carried[0]
    assert at.button(key="replay_analyse").label == "Analyse again"
    data = stepper(at)
    last = parts(data, "last")
    assert all("analysis: " in text for text in last[1:49])
    marked = [p for p in parts(data, "list") if re.search(r": [^<]* \?\??!?<", p)]
    assert marked, "no glyph in the move list"


def test_the_analysis_is_kept_per_record(env: Path) -> None:
    at = analysed()
    (key,) = at.session_state.replay_analyses
    at.selectbox(key="replay_file").set_value("annotated.json").run()
    assert stepper(ok(at))["graph"] == ""
    at.selectbox(key="replay_file").set_value("game.json").run()
    assert "<svg" in stepper(ok(at))["graph"]
    assert list(at.session_state.replay_analyses) == [key]
    assert json.dumps(stepper(at))  # the payload stays JSON
