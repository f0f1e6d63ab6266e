"""The replay page and the offline page in the pseudo-language: every word the
page makes is wrapped, so nothing of it is left in English.

The AppTest reads the page's own elements and the stepper's whole payload
(every step's headline and fragments, the verdict, the board, the frame's
labels); the offline page is read as HTML, its deals' steps inflated.
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from casino_records.i18n import PSEUDO, translator
from casino_records.present import viewmodel as vm
from casino_records.present.offline import offline_page
from tests.i18n.leftover import data_words, html_texts, leftover_words
from tests.paths import ROOT

AppTest = pytest.importorskip("streamlit.testing.v1").AppTest

APP = str(ROOT / "viewer" / "streamlit_app.py")
SAMPLES = ROOT / "sample_games"
GAMES = [
    "classic-2p-annotated.json",  # a game, with comments
    "disputed-residue-wrong-side.json",  # a disputed one, with its verdict
    "invalid-out-of-turn.json",  # an invalid one, at its illegal move
    "classic-4p-partnership-hands.json",  # partners, the order of play
    "classic-2p-piles.json",  # a deal given by its piles
]
QPS = translator(PSEUDO)

pytestmark = pytest.mark.timeout(300)


def game_of(name: str) -> vm.Game:
    path = SAMPLES / name
    opened = vm.open_bytes(path.read_bytes(), name)
    assert opened.record is not None
    return vm.build_game(opened.record, source=name)


def payload_texts(payload: dict[str, Any]) -> list[str]:
    """What a stepper payload shows: every step's headline and slider reading,
    every fragment, the verdict, the board, the graph, choosers and labels."""
    texts = [p["headline"] for p in payload["positions"]]
    texts += [p["where"] for p in payload["positions"]]
    texts += [choice["label"] for choice in [*payload["deals"], *payload["rounds"]]]
    texts += list(payload["labels"].values())
    for html in [*payload["fragments"], payload["banner"], payload["board"]]:
        texts += html_texts(html)
    return texts


def replay_page(name: str) -> Any:
    at = AppTest.from_file(APP, default_timeout=240)
    at.query_params["lang"] = PSEUDO
    at.query_params["game"] = name
    return at.run()


@pytest.mark.parametrize("name", GAMES[:3])
def test_the_replay_page_leaves_nothing_unwrapped_in_the_pseudo_language(
    name: str,
) -> None:
    at = replay_page(name)
    assert not at.exception
    assert at.session_state.translator is QPS
    texts = [
        el.value
        for kind in ("caption", "header", "markdown")
        for el in getattr(at, kind)
    ]
    texts += [
        el.value for kind in ("warning", "error", "info") for el in getattr(at, kind)
    ]
    for widget in at.sidebar:
        texts += [getattr(widget, "label", "") or "", getattr(widget, "help", "") or ""]
    texts += list(at.sidebar.radio(key="replay_view").options)
    texts += list(at.sidebar.selectbox(key="replay_samples").options)
    steppers = [
        e for e in at.main if getattr(e.proto, "component_name", "").endswith("stepper")
    ]
    assert len(steppers) == 1
    payload = json.loads(steppers[0].proto.json)
    assert payload["positions"] and payload["labels"]["next"].startswith("⟦")
    texts += payload_texts(payload)
    assert leftover_words(texts, data_words(game_of(name))) == set()


@pytest.mark.parametrize("name", GAMES)
def test_the_offline_page_leaves_nothing_unwrapped_in_the_pseudo_language(
    name: str,
) -> None:
    game = game_of(name)
    page = offline_page(game, t=QPS)
    assert '<html lang="qps">' in page
    texts = html_texts(page)
    start = page.index('id="cr-data">') + len('id="cr-data">')
    data = json.loads(page[start : page.index("</script>", start)])
    texts.append(data["unsupported"])
    for payload in data["payloads"].values():
        steps = json.loads(zlib.decompress(base64.b64decode(payload.pop("steps"))))
        texts += payload_texts({**payload, **steps})
    left = leftover_words(texts, data_words(game) | {"casino", "records"})
    assert left == set(), left


def test_the_offline_page_is_english_without_a_translator_and_swedish_with_one() -> (
    None
):
    game = game_of("disputed-residue-wrong-side.json")
    english, swedish = offline_page(game), offline_page(game, t=translator("sv"))
    assert '<html lang="en">' in english and "Disputed:" in english
    assert '<html lang="sv">' in swedish and "Omtvistat:" in swedish
    assert ">Nästa</button>" in swedish and ">Next</button>" in english


def test_casino_records_html_writes_the_page_in_the_language_asked(
    tmp_path: Path,
) -> None:
    from click.testing import CliRunner

    from casino_records.cli import main

    out = tmp_path / "game.html"
    sample = str(SAMPLES / "disputed-residue-wrong-side.json")
    result = CliRunner().invoke(main, ["--lang", "sv", "html", sample, "-o", str(out)])
    assert result.exit_code == 1, result.output  # written; the record is disputed
    page = out.read_text("utf-8")
    assert '<html lang="sv">' in page and "Omtvistat:" in page
    assert "omtvistat" in result.stderr  # "the record is disputed", in Swedish
