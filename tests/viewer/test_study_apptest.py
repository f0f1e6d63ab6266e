"""The replay page's study of an analysed game in-process (AppTest).

"Could I have won?" with a button per move, the par lines, the error rates and
the stepper's previous / next mistake targets. The page analyses a one-deal
game with one sample per estimated move (the page's choices patched): Ana's
last move (48, exact) lost the deal she could have won 10–1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from casino_records.i18n import translator
from casino_records.present import viewmodel as vm
from casino_records.record.json import jsonio
from casino_records.record.simulate import simulate_record
from tests.viewer.test_viewer_apptest import APP, ok, plain, stepper

pytestmark = pytest.mark.timeout(300)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("study_games")
    jsonio.dump(
        simulate_record("classic", 2, seed="marks-1", max_deals=1), path / "game.json"
    )
    return path


@pytest.fixture
def env(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(vm.VIEW_PATH_ENV, str(folder))
    monkeypatch.setattr(vm, "SAMPLE_CHOICES", (1, 2))
    yield folder


def app(**params: str) -> Any:
    """The page (the analysis runs in its run: a long timeout on a busy machine)."""
    at = AppTest.from_file(APP, default_timeout=90)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def analysed(**params: str) -> Any:
    at = ok(app(game="game.json", **params))
    at.button(key="replay_analyse").click().run()
    return ok(at)


def texts(at: Any) -> list[str]:
    return [plain(m.value) for m in at.markdown] + [plain(c.value) for c in at.caption]


def boxes(at: Any, lang: str = "en") -> list[Any]:
    """The page's folded boxes but the replay's own *Try another move*."""
    tried = translator(lang).gettext("Try another move")
    return [e for e in at.expander if e.label != tried]


def test_no_box_before_the_analysis(env: Path) -> None:
    at = ok(app(game="game.json"))
    assert [e.label for e in boxes(at)] == []
    assert "mistake_next" not in stepper(at)["positions"][0]["nav"]


def test_the_box_asks_each_deal_and_the_match(env: Path) -> None:
    at = analysed()
    assert [e.label for e in boxes(at)] == ["Could I have won?"]
    assert [t.label for t in at.tabs] == ["Deal 1", "The match"]
    shown = texts(at)
    assert (
        "Could Ana have won deal 1? Ana lost the deal 5–6: yes, 1 move changes it:"
        in shown
    )
    assert (
        "Could Ben have won deal 1? Ben won the deal 6–5: the best result of the deal."
        in shown
    )
    assert (
        "Could Ana have won the match? Ana left the match undecided: no single move"
        " of Ana's changes it." in shown
    )
    assert (
        "3♦ takes 2♥ A♦ instead: won the deal 10–1 (exact, every card known: 10.00"
        " points more)" in shown
    )
    button = at.button(key="study_deal0_0_0")
    assert plain(button.label) == "Move 48: 3♦ trails"
    assert "Error rate (moves marked): Ana 1 of 24 (4 %), Ben 2 of 24 (8 %)" in shown


def test_the_par_lines_say_which_are_estimates(env: Path) -> None:
    shown = "\n".join(texts(analysed()))
    assert (
        "- Par from round 6: Ana 6, Ben 5 points; played minus par: Ana −2.00,"
        " Ben +2.00" in shown
    )
    estimates = [line for line in shown.splitlines() if "an estimate" in line]
    assert [line.split(",")[0] for line in estimates] == [
        f"- Par from round {r}" for r in range(1, 6)
    ]


def test_a_move_button_shows_the_position_after_it(env: Path) -> None:
    at = analysed()
    at.button(key="study_deal0_0_0").click().run()
    data = stepper(ok(at))
    assert (data["deal"], data["start"]) == (0, 48)
    assert data["positions"][48]["label"] == "48"


def test_the_stepper_leads_from_mistake_to_mistake(env: Path) -> None:
    data = stepper(analysed())
    nav = [
        (p["nav"]["mistake_prev"], p["nav"]["mistake_next"]) for p in data["positions"]
    ]
    # Marked: moves 41, 47 and 48 (the steps after them).
    assert nav[0] == (None, [0, 41])
    assert nav[41] == (None, [0, 47])
    assert nav[44] == ([0, 41], [0, 47])
    assert nav[48] == ([0, 47], None)
    assert nav[-1] == ([0, 48], None)
    graph = data["graph"]
    assert 'data-nav="mistake_prev"' in graph and "◀ Mistake" in graph
    assert 'data-nav="mistake_next"' in graph and "Mistake ▶" in graph
    assert "3 moves marked in the game" in graph
    marked = [p for p in data["fragments"] if "cr-badge" in p]
    assert marked and "??" in "".join(marked)


def test_a_seat_view_shows_no_study(env: Path) -> None:
    at = analysed()
    at.radio(key="replay_view").set_value("seat0").run()
    assert [e.label for e in boxes(ok(at))] == []
    assert "mistake_next" not in stepper(at)["positions"][0]["nav"]


def test_the_study_is_in_the_page_language(env: Path) -> None:
    at = analysed(lang="qps")
    (box,) = boxes(at, "qps")
    assert box.label.startswith("⟦") and box.label.endswith("⟧")
    assert "⟦" in stepper(at)["graph"].split("cr-mistakes")[1].split("</div>")[0]
